"""Accessible à tous (RGAA / WCAG 2.1 AA) : axe-core, clavier et arbre d'accessibilité de Chromium.

- **axe-core** (le moteur de vérification automatique de référence, épinglé dans
  `package.json`, installé par `npm ci` dans `node_modules/`, jamais un CDN) est
  injecté dans **chaque page du site construit** — énumérée depuis le dossier
  construit, pas depuis une liste : une page ajoutée est vérifiée d'office — en
  mode clair et sombre, à 1280 et 375 px. Aucune violation grave (« serious »)
  ou critique des règles WCAG 2.0 / 2.1 A et AA, ni aucune des deux règles de
  bonne pratique que l'issue 13 nomme (dialogue sans nom, repères en double).
  Le nombre de pages vérifiées est affiché : un saut silencieux se voit.
- **Clavier** : Tab atteint un terme du glossaire, sa définition s'affiche et
  entre dans l'arbre d'accessibilité (description du terme, infobulle) ; Échap
  la masque, le focus reste sur le terme. Chaque arrêt de tabulation montre un
  anneau de focus contrasté.
- **Noms et ordre** : chaque contrôle a un nom, en français ; les repères
  viennent dans l'ordre de la page, et le premier titre du contenu est le titre
  de la page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hooks import npm
from tests.conftest import RACINE, SiteConstruit
from tests.navigateur import Browser, BrowserContext, CDPSession, Page, expect
from tests.parcours import LARGEURS, MODES, Parcours, fautes_axe, groupe  # noqa: F401 (fautes_axe : réexportée)

PARCOURS = [pytest.param(m, lg, marks=groupe(m, lg), id=f"{m}-{lg}") for m in MODES for lg in LARGEURS]
"""Les quatre parcours (mode, largeur) de `tests/parcours.py`, chacun au worker qui le fait."""


# ---------------------------------------------------------------- axe-core


def _pages_du_plan(dossier: Path) -> set[str]:
    """Les pages que publient les sources (`docs/**/*.md`, hors `_…`), en adresse relative.

    (Le plan `sitemap.xml` n'a d'adresses que si `SITE_URL` est donnée : les sources, elles, sont toujours là.)
    """
    docs = RACINE / "docs"
    pages = set()
    for md in docs.rglob("*.md"):
        relatif = md.relative_to(docs)
        if any(partie.startswith("_") for partie in relatif.parts):
            continue
        tige = relatif.with_suffix("")
        dossier_page = tige.parent if tige.name == "index" else tige
        pages.add("" if str(dossier_page) == "." else dossier_page.as_posix() + "/")
    return pages


@pytest.mark.parametrize(("mode", "largeur"), PARCOURS)
def test_axe_ne_trouve_rien_de_grave(
    parcours: Callable[[str, str], Parcours],
    site_construit: SiteConstruit,
    axe_core: Path,
    bilan: Callable[[str, int], None],
    mode: str,
    largeur: str,
) -> None:
    pages = site_construit.adresses()
    # L'énumération ne perd aucune page que MkDocs publie (plan du site), et compte la page 404.
    assert _pages_du_plan(site_construit.dossier) <= set(pages) and "404.html" in pages
    # Le parcours ouvre chaque page dans ce mode, à cette largeur (schéma de Material vérifié sur chacune),
    # et y lance axe-core une fois la page chargée et peinte (tests/parcours.py).
    releves = parcours(mode, largeur)["axe"]
    verifiees = len([p for p in pages if p in releves])
    fautes = [faute for p in pages for faute in releves.get(p, [])]
    bilan(
        f"pages vérifiées par axe-core {npm.version_epinglee(RACINE, 'axe-core')}, mode {mode}, {LARGEURS[largeur]} px",
        verifiees,
    )
    assert verifiees == len(pages)
    assert not fautes, f"{len(fautes)} violations (mode {mode}, {LARGEURS[largeur]} px) :\n" + "\n".join(fautes)


# ---------------------------------------------------------------- arbre d'accessibilité


def _arbre(cdp: CDPSession) -> list[dict[str, Any]]:
    """L'arbre d'accessibilité de Chromium (protocole DevTools), nœuds ignorés exclus."""
    return [n for n in cdp.send("Accessibility.getFullAXTree")["nodes"] if not n.get("ignored")]


def _valeur(noeud: dict[str, Any], champ: str) -> str:
    return str((noeud.get(champ) or {}).get("value") or "")


def _proprietes(noeud: dict[str, Any]) -> dict[str, Any]:
    return {p["name"]: p["value"].get("value") for p in noeud.get("properties", [])}


def _focalises(noeuds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Les nœuds qui ont le focus, hors le document lui-même."""
    return [n for n in noeuds if _proprietes(n).get("focused") and _valeur(n, "role") != "RootWebArea"]


@pytest.fixture
def page_cdp(browser: Browser) -> Iterator[tuple[Page, CDPSession]]:
    contexte: BrowserContext = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = contexte.new_page()
    yield page, contexte.new_cdp_session(page)
    contexte.close()


def _tabuler_jusqu_a(page: Page, condition: str, maximum: int = 200) -> int:
    """Presse Tab depuis le haut de la page jusqu'à ce que `condition` (JS, sur l'élément actif) soit vraie."""
    for essai in range(1, maximum + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const e = document.activeElement; return !!({condition}); }}"):
            return essai
    raise AssertionError(f"{maximum} tabulations sans atteindre : {condition}")


def test_tab_atteint_un_terme_du_glossaire_qui_montre_sa_definition(
    page_cdp: tuple[Page, CDPSession], serveur_site: str
) -> None:
    page, cdp = page_cdp
    page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
    definitions = page.evaluate("() => [...document.querySelectorAll('.md-content abbr')].map(a => a.title)")
    assert definitions and all(definitions), "aucun terme du glossaire, ou un terme sans définition"

    _tabuler_jusqu_a(page, "e.matches('.md-content abbr')")
    rang = page.evaluate("() => [...document.querySelectorAll('.md-content abbr')].indexOf(document.activeElement)")
    definition = definitions[rang]
    terme = page.evaluate("() => document.activeElement.textContent")

    # Visible à l'écran…
    infobulle = page.locator(".md-tooltip2--active")
    expect(infobulle).to_be_visible()
    expect(infobulle).to_have_text(definition)
    # … et annoncée : l'infobulle est dans l'arbre, et c'est la description du terme qui a le focus.
    noeuds = _arbre(cdp)
    assert [(_valeur(n, "name"), _valeur(n, "description")) for n in _focalises(noeuds)] == [(terme, definition)]
    assert definition in [_valeur(n, "name") for n in noeuds if _valeur(n, "role") == "tooltip"]

    # Échap la masque, sans déplacer le focus ; l'arbre ne l'annonce plus.
    page.keyboard.press("Escape")
    expect(page.locator(".md-tooltip2", has_text=definition)).to_be_hidden()
    assert page.evaluate("() => document.activeElement.matches('.md-content abbr')")
    noeuds = _arbre(cdp)
    assert definition not in [_valeur(n, "name") for n in noeuds if _valeur(n, "role") == "tooltip"]
    assert [_valeur(n, "description") for n in _focalises(noeuds)] == [""]

    # Le terme suivant montre de nouveau sa définition : Échap ne l'a pas éteinte pour de bon.
    _tabuler_jusqu_a(page, "e.matches('.md-content abbr')")
    expect(page.locator(".md-tooltip2--active")).to_be_visible()


# ---------------------------------------------------------------- anneau de focus

ANNEAU = """() => {
  let e = document.activeElement;
  if (!e || e === document.body) return null;
  // Un bouton radio caché (bascule clair / sombre, onglets) montre son focus sur une
  // étiquette visible : la sienne, ou celle qui le suit (Material, pour la bascule).
  const taille = x => { const r = x.getBoundingClientRect(); return r.width >= 1 && r.height >= 1; };
  if (!taille(e) && e.labels) {
    const suivante = e.nextElementSibling && e.nextElementSibling.tagName === "LABEL" ? [e.nextElementSibling] : [];
    e = [...e.labels, ...suivante].find(taille) || e;
  }
  const s = getComputedStyle(e), r = e.getBoundingClientRect();
  const rgba = c => { const v = (c.match(/[\\d.]+/g) || []).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
  const lum = ([r, g, b]) => [r, g, b].map(c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
  const sur = (h, b) => [0, 1, 2].map(i => h[i] * h[3] + b[i] * (1 - h[3]));
  let fond = [255, 255, 255];
  const couches = [];
  for (let a = e.parentElement; a; a = a.parentElement) couches.push(rgba(getComputedStyle(a).backgroundColor));
  for (const c of couches.reverse()) fond = sur(c, fond);
  const trait = sur(rgba(s.outlineColor), fond);
  const [l1, l2] = [lum(trait), lum(fond)].sort((x, y) => y - x);
  return {
    quoi: e.tagName.toLowerCase() + "." + [...e.classList].join(".") + " « " + (e.textContent || e.value || "").trim().slice(0, 30) + " »",
    visible: r.width >= 1 && r.height >= 1 && s.visibility !== "hidden",
    trait: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1,
    contraste: (l1 + 0.05) / (l2 + 0.05),
  };
}"""


@pytest.mark.parametrize("chemin", ["", "warp/jets-simples/", "reference/warp-jets/", "aide-memoire/troisd6/"])
@pytest.mark.parametrize("largeur", LARGEURS.values(), ids=LARGEURS.keys())
def test_chaque_arret_de_tabulation_montre_un_anneau_contraste(
    browser: Browser, serveur_site: str, chemin: str, largeur: int
) -> None:
    """WCAG 2.4.7 (focus visible) et 1.4.11 (3:1 pour l'anneau, sur le fond qui l'entoure)."""
    contexte = browser.new_context(viewport={"width": largeur, "height": 900}, service_workers="block")
    page = contexte.new_page()
    page.goto(serveur_site + chemin, wait_until="load")
    # L'état final de chaque focus, pas le milieu d'une transition de Material.
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    fautes, vus = [], 0
    for _ in range(600):
        page.keyboard.press("Tab")
        etat = page.evaluate(ANNEAU)
        if etat is None:  # revenu au début de la page : tout a été parcouru
            break
        vus += 1
        if not etat["visible"]:
            fautes.append(f"focus sur un élément invisible : {etat['quoi']}")
        elif not etat["trait"]:
            fautes.append(f"pas d'anneau : {etat['quoi']}")
        elif etat["contraste"] < 3:
            fautes.append(f"anneau à {etat['contraste']:.1f}:1 : {etat['quoi']}")
    contexte.close()
    assert vus >= 10, f"{chemin} : {vus} arrêts de tabulation seulement"
    assert not fautes, f"{chemin} à {largeur} px :\n" + "\n".join(dict.fromkeys(fautes))


# ---------------------------------------------------------------- noms et ordre

INTERACTIFS = {
    "link", "button", "textbox", "searchbox", "checkbox", "radio", "tab", "combobox",
    "switch", "menuitem", "slider", "spinbutton", "listbox", "option",
}  # fmt: skip


def _traductions(langue: str) -> dict[str, str]:
    """Les libellés de Material dans une langue (`partials/languages/<langue>.html`)."""
    import material

    fichier = Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{langue}.html"
    return dict(re.findall(r'^\s*"([\w.]+)":\s*"([^"]*)"', fichier.read_text(encoding="utf-8"), re.M))


def _anglais_de_material() -> set[str]:
    """Les libellés anglais de Material que la traduction française ne remplace pas."""
    anglais, francais = _traductions("en"), _traductions("fr")
    return {v for k, v in anglais.items() if k not in ("language", "direction") and francais.get(k) != v and len(v) > 3}


@pytest.mark.parametrize("chemin", ["", "warp/jets-simples/", "reference/warp-jets/", "glossaire/", "404.html"])
@pytest.mark.parametrize("largeur", LARGEURS.values(), ids=LARGEURS.keys())
def test_chaque_controle_a_un_nom_francais(browser: Browser, serveur_site: str, chemin: str, largeur: int) -> None:
    contexte = browser.new_context(viewport={"width": largeur, "height": 900}, service_workers="block")
    page = contexte.new_page()
    page.goto(serveur_site + chemin, wait_until="load")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    menu = page.get_by_role("button", name="Menu du site", exact=True)
    if menu.is_visible():  # sur un téléphone, le menu fermé est caché : ouvert, ses liens sont vérifiés aussi
        menu.click()
        expect(page.locator(".md-sidebar--primary")).to_be_visible()
    noeuds = _arbre(contexte.new_cdp_session(page))
    contexte.close()
    controles = [n for n in noeuds if _valeur(n, "role") in INTERACTIFS]
    assert len(controles) >= 10
    sans_nom = [
        f"{_valeur(n, 'role')} #{n.get('backendDOMNodeId')}" for n in controles if not _valeur(n, "name").strip()
    ]
    assert not sans_nom, f"contrôles sans nom : {sans_nom}"
    anglais = _anglais_de_material()
    assert anglais, "les libellés de Material sont introuvables"
    en_anglais = sorted({_valeur(n, k) for n in noeuds for k in ("name", "description") if _valeur(n, k) in anglais})
    assert not en_anglais, f"libellés restés en anglais : {en_anglais}"


def test_l_ordre_de_lecture_suit_la_page(page_cdp: tuple[Page, CDPSession], serveur_site: str) -> None:
    """En-tête, puis contenu (qui s'ouvre sur le titre de la page), puis pied de page ; le lien
    d'évitement vient en premier et mène au contenu."""
    page, cdp = page_cdp
    page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
    noeuds = _arbre(cdp)
    roles = [_valeur(n, "role") for n in noeuds]
    assert roles.index("banner") < roles.index("main") < roles.index("contentinfo")
    titres = [n for n in noeuds[roles.index("main") :] if _valeur(n, "role") == "heading"]
    assert _valeur(titres[0], "name").removesuffix("¶").strip() == "Jets simples"  # ¶ : le permalien du titre
    assert _proprietes(titres[0]).get("level") == 1
    navigations = [n for n in noeuds if _valeur(n, "role") == "navigation"]
    assert navigations and all(_valeur(n, "name").strip() for n in navigations), "un repère de navigation sans nom"

    page.keyboard.press("Tab")
    evitement = page.locator(":focus")
    expect(evitement).to_have_text("Aller au contenu")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => !!document.activeElement.closest('article')"), (
        "le lien d'évitement ne mène pas au contenu"
    )


# ---------------------------------------------------------------- feuilles de style

APRES_UNE_ACTION = ("[data-masquee]", "[data-focus]", ".md-tooltip2")
"""Ce que le lecteur fait apparaître (Échap, focus d'un onglet, survol) : vérifié par les tests clavier."""

A_L_EXECUTION = {"cellules.css", "calculateur.css", "table.css"}
"""Les feuilles qui habillent surtout ce qu'un exemple ou un calcul crée en s'exécutant (sortie, erreur,
éditeur ; verdict, tableaux de chances ; fiches, jets et scènes d'« À la table ») :
`tests/test_cellules_navigateur.py`, `tests/test_calculateur_navigateur.py` et `tests/test_table_navigateur.py`
les exercent ; ici, on vérifie seulement qu'elles sont chargées."""


@groupe("clair", "bureau")
def test_chaque_regle_de_nos_feuilles_de_style_touche_le_site(
    parcours: Callable[[str, str], Parcours], site_construit: SiteConstruit
) -> None:
    """Pas de règle CSS qui ne correspond à rien (l'issue 12 le demande), et chaque feuille est chargée.

    Chaque page, ouverte en clair sur un bureau par le parcours de `tests/parcours.py`, dit combien
    d'éléments chaque sélecteur de nos feuilles y touche (dans les deux schémas de couleurs)."""
    fichiers = sorted(p.name for p in (RACINE / "docs" / "stylesheets").glob("*.css"))
    releves = parcours("clair", "bureau")["feuilles de style"]
    pages = site_construit.adresses()
    assert set(releves) >= set(pages), f"pages sans relevé : {sorted(set(pages) - set(releves))}"
    vus: dict[str, int] = {}
    for chemin in pages:
        for selecteur, nombre in releves[chemin].items():
            vus[selecteur] = vus.get(selecteur, 0) + nombre
    assert {s.split(" | ")[0] for s in vus} == set(fichiers), "une feuille de docs/stylesheets/ n'est pas chargée"
    orphelins = [
        s
        for s, n in vus.items()
        if n == 0 and s.split(" | ")[0] not in A_L_EXECUTION and not any(a in s for a in APRES_UNE_ACTION)
    ]
    assert not orphelins, "règles CSS qui ne touchent aucun élément du site :\n" + "\n".join(orphelins)
