"""Accessible à tous (RGAA / WCAG 2.1 AA) : axe-core, clavier et arbre d'accessibilité de Chromium.

- **axe-core** (le moteur de vérification automatique de référence, épinglé dans
  `package.json`, installé par `npm ci` dans `node_modules/`, jamais un CDN) est
  injecté dans **chaque page du site construit** — énumérée depuis le dossier
  construit, pas depuis une liste : une page ajoutée est vérifiée d'office — à
  1280 et 375 px. Aucune violation grave (« serious ») ou critique des règles
  WCAG 2.0 / 2.1 A et AA, ni aucune des deux règles de bonne pratique que
  l'issue 13 nomme (dialogue sans nom, repères en double). Le nombre de pages
  vérifiées est affiché : un saut silencieux se voit.
- **Le mode sombre ne change que les couleurs** : sur chaque page, chaque déclaration des feuilles
  de style que le schéma sombre allume ou éteint ne fait que peindre (ou ne touche aucun élément),
  les deux schémas ont les mêmes couleurs primaire et d'accent, et aucun script du site ne lit le
  schéma. Les règles d'axe-core hors couleurs, qui ne lisent pas les couleurs, passent donc en
  clair sur chaque page, et en sombre sur l'accueil seulement (sa bascule de couleurs, que
  Material réécrit selon le schéma, y montre son autre étiquette).
- **Couleurs** : les règles qui lisent les couleurs (`color-contrast`, la plus chère, et
  `link-in-text-block`) passent une fois par schéma de
  couleurs (clair et sombre, à 1280 px) sur les pages dont les styles diffèrent : chaque page
  qui montre un composant stylé (un sélecteur de nos feuilles ou de celles de Material) qu'aucune
  page déjà vérifiée n'a montré. Un test prouve que chaque composant stylé du site paraît ainsi
  sur une page vérifiée (admonitions de chaque sorte, onglets, tableaux, code, cartes, formulaire
  du calculateur, cellules…), le choix venant des pages elles-mêmes, pas d'une liste.
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
from mkdocs.config import load_config

from hooks.cellules import npm
from tests.conftest import RACINE, SiteConstruit
from tests.navigateur import Browser, BrowserContext, CDPSession, Page, expect
from tests.parcours import (  # noqa: F401 (fautes_axe : réexportée)
    COULEURS,
    LARGEURS,
    MODES,
    PAGES_AXE_SOMBRE,
    PARTIELS,
    RELEVES,
    Parcours,
    fautes_axe,
    groupe,
    pages_du_parcours,
)
from tests.surveillance import ouvrir

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
    axe_core: str,
    bilan: Callable[[str, int], None],
    mode: str,
    largeur: str,
) -> None:
    pages = site_construit.adresses()
    # L'énumération ne perd aucune page que MkDocs publie (plan du site), et compte la page 404.
    assert _pages_du_plan(site_construit.dossier) <= set(pages) and "404.html" in pages
    # Le parcours ouvre chaque page dans ce mode, à cette largeur (schéma de Material vérifié sur chacune),
    # et y lance axe-core une fois la page chargée et peinte (tests/parcours.py). Les règles hors couleurs :
    # en clair sur chaque page ; en sombre sur l'accueil, ailleurs test_le_mode_sombre_ne_change_que_les_couleurs
    # le prouve inutile. Celles des couleurs : sur les pages dont les styles
    # diffèrent, à 1280 px (test_color_contrast_voit_chaque_composant_style_du_site).
    fait = parcours(mode, largeur)
    # Chaque page ouverte, sauf au sombre à 375 px : l'accueil et les pages au code replié (pages_du_parcours).
    ouvertes = pages_du_parcours(mode, largeur, pages, site_construit.html)
    assert fait.pages == ouvertes and (ouvertes == pages) == ((mode, largeur) not in PARTIELS)
    releves, contrastes = fait["axe"], fait.releves.get("contraste", {})
    attendues = pages if mode == "clair" else [p for p in pages if p in PAGES_AXE_SOMBRE]
    verifiees = [p for p in pages if p in releves]
    fautes = [faute for p in pages for faute in releves.get(p, []) + contrastes.get(p, [])]
    version = npm.version_epinglee(RACINE, "axe-core")
    bilan(f"pages vérifiées par axe-core {version} hors couleurs, mode {mode}, {LARGEURS[largeur]} px", len(verifiees))
    if "contraste" in fait.releves:
        bilan(
            f"pages vérifiées par {' et '.join(COULEURS)} (styles qui diffèrent), mode {mode}, {LARGEURS[largeur]} px",
            len(contrastes),
        )
        assert contrastes and set(contrastes) <= set(pages)
    assert attendues and verifiees == attendues
    assert not fautes, f"{len(fautes)} violations (mode {mode}, {LARGEURS[largeur]} px) :\n" + "\n".join(fautes)


CONTRASTES = [p for p in PARCOURS if "contraste" in RELEVES[tuple(p.values)]]  # type: ignore[index]
"""Les parcours qui passent les règles des couleurs : clair et sombre, à 1280 px."""


LIT_LE_SCHEMA = re.compile(r"color-scheme|data-md-color|slate|__palette")
"""Ce qu'écrit un script qui lirait le schéma de couleurs (l'attribut de Material, la requête média, sa mémoire)."""


@groupe("clair", "bureau")
def test_le_mode_sombre_ne_change_que_les_couleurs(
    parcours: Callable[[str, str], Parcours], site_construit: SiteConstruit, bilan: Callable[[str, int], None]
) -> None:
    """Le schéma sombre ne change que des couleurs, sur chaque page, à toute largeur : les règles d'axe-core hors
    couleurs, qui ne les lisent pas, y rendraient le verdict du clair ; le parcours sombre ne les passe qu'à
    l'accueil (`PAGES_AXE_SOMBRE`), pour la bascule de couleurs que Material réécrit selon le schéma.

    Trois choses le prouvent : sur chaque page, chaque déclaration des feuilles de style que le schéma allume ou
    éteint ne fait que peindre, ou ne touche aucun élément de la page (`tests.parcours.SCHEMA`, quelle que soit la
    largeur : les conditions de largeur n'y comptent pas) ; les deux schémas de `mkdocs.yml` ne diffèrent que par
    le schéma (mêmes couleurs primaire et d'accent, donc mêmes règles de Material) ; aucun script du site ne lit
    le schéma (seule la bascule, `overrides/partials/palette.html`, le montre)."""
    fait = parcours("clair", "bureau")
    pages = site_construit.adresses()
    assert set(fait["schéma"]) == set(pages)
    sans_schema = [p for p in pages if not fait["schéma"][p]["vues"]]
    assert not sans_schema, f"aucune déclaration du schéma sombre lue (feuilles de Material absentes ?) : {sans_schema}"
    fautes = [f"{p or 'accueil'} : {faute}" for p in pages for faute in fait["schéma"][p]["fautes"]]
    bilan("pages où le mode sombre ne change que des couleurs", len(pages) - len({f.split(" : ")[0] for f in fautes}))
    assert not fautes, (
        "le mode sombre change plus que des couleurs (le parcours sombre doit alors passer toutes les règles "
        "d'axe-core sur ces pages, PAGES_AXE_SOMBRE) :\n" + "\n".join(fautes[:20])
    )
    palettes = load_config(str(RACINE / "mkdocs.yml"))["theme"]["palette"]
    assert len(palettes) == 2 and len({(p["primary"], p["accent"]) for p in palettes}) == 1, palettes
    scripts = sorted((RACINE / "docs" / "javascripts").glob("*.js"))
    assert scripts
    lecteurs = [s.name for s in scripts if LIT_LE_SCHEMA.search(s.read_text(encoding="utf-8"))]
    assert not lecteurs, f"ces scripts lisent le schéma de couleurs : {lecteurs}"


FAMILLES_DE_COMPOSANTS = {
    "admonitions": ".admonition",
    "blocs repliables": "details",
    "onglets": ".tabbed-set",
    "tableaux": "table",
    "code": ".highlight",
    "cartes": ".carte",
    "formulaire du calculateur": ".calc-",
    "cellules": ".cellule",
    "glossaire": "abbr",
}
"""Des composants que le site montre, pour qu'un relevé vide ou tronqué ne prouve rien en silence : chacun doit
paraître dans au moins un sélecteur présent (ce n'est pas le choix des pages, qui vient des pages elles-mêmes)."""


@pytest.mark.parametrize(("mode", "largeur"), CONTRASTES)
def test_color_contrast_voit_chaque_composant_style_du_site(
    parcours: Callable[[str, str], Parcours],
    site_construit: SiteConstruit,
    bilan: Callable[[str, int], None],
    mode: str,
    largeur: str,
) -> None:
    """Chaque composant stylé du site paraît sur une page passée à color-contrast, dans ce schéma de couleurs.

    Un composant stylé : un sélecteur d'une feuille de style chargée (les nôtres, `docs/stylesheets/*.css`, et
    celles de Material : admonitions de chaque sorte, onglets, tableaux, code et sa coloration, en-tête, menu…)
    qui touche au moins un élément d'une page, dans ce schéma. Le parcours relève ces sélecteurs sur chaque
    page (`composants`) ; ce test vérifie que l'union de ceux des pages vérifiées couvre l'union de tous."""
    fait = parcours(mode, largeur)
    composants, contrastes = fait["composants"], fait["contraste"]
    pages = site_construit.adresses()
    assert set(composants) == set(pages), f"pages sans relevé : {sorted(set(pages) - set(composants))}"
    illisibles = sorted({s for c in composants.values() for s in c["illisibles"]})
    assert not illisibles, "sélecteurs que le relevé ne sait pas lire :\n" + "\n".join(illisibles)
    presents: dict[str, list[str]] = {}
    for chemin in pages:
        for selecteur in composants[chemin]["presents"]:
            presents.setdefault(selecteur, []).append(chemin)
    feuilles = {s.split(" | ")[0] for s in presents}
    nos_feuilles = {p.name for p in (RACINE / "docs" / "stylesheets").glob("*.css")}
    assert nos_feuilles <= feuilles and any(f.startswith("main.") for f in feuilles), sorted(feuilles)
    absentes = [nom for nom, motif in FAMILLES_DE_COMPOSANTS.items() if not any(motif in s for s in presents)]
    assert not absentes, f"composants que le relevé ne voit pas : {absentes}"
    vus = {s for chemin in contrastes for s in composants[chemin]["presents"]}
    manquent = [f"{s}  (sur {', '.join(presents[s][:3])})" for s in sorted(set(presents) - vus)]
    bilan(f"composants stylés vus par color-contrast, mode {mode}, {LARGEURS[largeur]} px", len(vus))
    assert not manquent, "composants stylés qu'aucune page passée à color-contrast ne montre :\n" + "\n".join(manquent)


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
    # Material monté d'abord, comme au premier geste d'un lecteur : monté pendant les tabulations (machine
    # chargée), son bouton « Retour en haut » prenait le focus à moitié posé (anneau à 1,0:1, vu sous charge 16).
    ouvrir(page, serveur_site + chemin)
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
