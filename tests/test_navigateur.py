"""Le site dans un vrai navigateur : Chromium de Debian piloté par Playwright.

Chaque page s'ouvre sans erreur de console, sans requête qui échoue, sans
aucune requête hors de 127.0.0.1, et sans barre de défilement horizontale sur
un téléphone (375 px). La recherche trouve les mots des règles, accents ou
non ; le mode sombre se bascule et reste lisible ; chaque aide-mémoire tient
sur une feuille A4 recto verso. (Le glossaire dans le navigateur :
`tests/test_glossaire_navigateur.py`.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from tests.conftest import SiteConstruit
from tests.navigateur import Browser, Page, expect
from tests.parcours import DEUX_IMAGES, Parcours, groupe
from tests.surveillance import ouvrir

pytestmark = pytest.mark.navigateur

BUREAU = {"width": 1280, "height": 900}
A4_IMPRIMABLE = {"width": round((210 - 2 * 11) / 25.4 * 96), "height": 1000}


def _adresses(site: SiteConstruit) -> list[str]:
    """Les pages du site à leur adresse de dossier (sans `404.html`)."""
    return [a for a in site.adresses() if not a.endswith(".html")]


def _aide_memoires(site: SiteConstruit) -> list[str]:
    return [a for a in _adresses(site) if a.startswith("aide-memoire/") and a != "aide-memoire/"]


@groupe("clair", "bureau")
def test_chaque_page_s_ouvre_proprement(
    parcours: Callable[[str, str], Parcours], site_construit: SiteConstruit
) -> None:
    """Chaque page répond, montre son titre, et chaque titre de section a son permalien ; rien n'échoue.

    Le parcours clair à 1280 px (`tests/parcours.py`) ouvre chaque page une fois, la surveille de bout
    en bout et relève tout cela une fois le réseau calme. Ce qui est un échec est jugé en un seul endroit
    (`tests/surveillance.py`) : une requête que le navigateur abandonne lui-même (la page suivante s'ouvre
    pendant que le worker de recherche charge encore lunr) n'en est pas un ; un fichier manquant (404) en est un.
    """
    adresses = _adresses(site_construit)
    assert len(adresses) >= 10
    fait = parcours("clair", "bureau")
    ouvertures = fait["ouverture"]
    for chemin in adresses:
        assert chemin in ouvertures, f"{chemin} : pas ouverte par le parcours"
        o = ouvertures[chemin]
        assert o["ok"], f"{chemin} : {o['statut'] if o['statut'] is not None else 'pas de réponse'}"
        assert o["titre"], f"{chemin} : le titre de l'article (article h1) n'est pas visible"
        assert o["sans_permalien"] == 0, f"{chemin} : {o['sans_permalien']} titres sans permalien"
    assert fait.surveillance is not None
    fait.surveillance.verifier()


@groupe("clair", "telephone")
def test_aucune_page_ne_deborde_sur_un_telephone(
    parcours: Callable[[str, str], Parcours], site_construit: SiteConstruit
) -> None:
    """À 375 px, rien ne dépasse : les grands tableaux défilent dans leur cadre, pas la page.

    Le parcours clair à 375 px (`tests/parcours.py`) mesure chaque page chargée à la taille d'un téléphone."""
    mesures = parcours("clair", "telephone")["débordement"]
    debordent = []
    for chemin in _adresses(site_construit):
        assert chemin in mesures, f"{chemin} : pas mesurée par le parcours"
        m = mesures[chemin]
        if m["document"] > m["ecran"]:
            debordent.append(f"{chemin} : {m['document']} px > {m['ecran']} px ({m['fautifs']})")
    assert not debordent, "pages plus larges que l'écran :\n" + "\n".join(debordent)


BUDGET_PREMIER_CHARGEMENT = 430_000
"""Octets (non compressés, en-têtes compris) du premier chargement d'une page de règles, cache vide.

400 Ko jusqu'aux cartes des exemples (issue 23) : sur warp/jets-simples elles ajoutent 13,7 Ko de HTML
(la page passe de 77 à 89 Ko) et 5,5 Ko de styles (cartes.css), pour 416,6 Ko en tout ; la borne est
relevée d'autant, pas plus. 420 Ko jusqu'à la réserve WaRP comme valeur (issue 21) : son paragraphe
et son exemple sous « Modificateurs » portent la page à 93,5 Ko, le premier chargement à 421,9 Ko.
430 Ko depuis le choix clair / sombre en ligne (`overrides/partials/palette.html`, issue 24) : chaque page
grandit de 2,5 Ko nets (3,2 Ko de script, moins celui de Material qu'il remplace), qui retirent au
chargement deux recalculs de style de tout le document et l'affichage clair avant le sombre ; le
premier chargement mesuré à 427,0 Ko.
Depuis que le script de Material attend le premier geste du lecteur (hooks/hors_ligne/material_a_la_demande.py), la page
s'ouvre sans ses 114 Ko : le premier chargement mesuré à 317,4 Ko (le chargeur, 3 Ko, compris) ; la borne
reste où elle était, Material et ce chargeur y tiendraient encore ensemble à 1,6 Ko près.
Ce qui reste à gagner sans rien ôter au lecteur : 13,9 Ko de la page sont des suites d'espaces (le
gabarit du menu), qu'un minifieur de HTML rendrait.
"""


def test_premier_chargement_sous_le_budget_et_recherche_a_la_demande(
    page: Page, serveur_site: str, site_construit: SiteConstruit
) -> None:
    """Une page de règles s'ouvre en moins de 430 Ko ; le script de Material attend un geste, la recherche qu'on cherche.

    Chaque requête compte pour ses en-têtes et la taille du fichier servi (lue sur
    le disque : le navigateur ne donne pas toujours la taille du corps d'un script
    de worker). Les workers (recherche, cellules) comptent avec la page.
    """
    recus: list[tuple[str, int]] = []

    def noter(requete: Any) -> None:
        tailles = requete.sizes()
        chemin = unquote(urlparse(requete.url).path).lstrip("/")
        fichier = site_construit.dossier / chemin
        fichier = fichier / "index.html" if fichier.is_dir() else fichier
        corps = fichier.stat().st_size if fichier.is_file() else tailles["responseBodySize"]
        recus.append((requete.url, corps + tailles["responseHeadersSize"]))

    page.on("requestfinished", noter)
    page.set_viewport_size(BUREAU)
    # Ouverte sans geste du lecteur (pas `ouvrir`, qui en fait un) : le script de Material attend le premier.
    page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    total = sum(n for _, n in recus)
    assert not [u for u, _ in recus if "/assets/javascripts/bundle." in u], "le script de Material sans geste"
    detail = "\n".join(f"{n:>8} {u}" for u, n in sorted(recus, key=lambda x: -x[1]))
    differes = [u for u, _ in recus if "search_index.json" in u or "/workers/search." in u]
    assert not differes, f"la recherche se charge sans qu'on cherche : {differes}"
    assert total <= BUDGET_PREMIER_CHARGEMENT, (
        f"premier chargement : {total} octets > {BUDGET_PREMIER_CHARGEMENT}\n{detail}"
    )
    with page.expect_response(lambda r: "search_index.json" in r.url):
        page.mouse.move(400, 300)  # le premier geste : Material monte, et avec lui le champ de recherche
        page.wait_for_function("() => document.documentElement.dataset.material === 'monte'")
        page.locator("input[data-md-component='search-query']").click()
    page.keyboard.type("Magistrale")
    expect(page.locator(".md-search-result__item").first).to_be_visible()


def test_navigation_fil_d_ariane_et_page_suivante(page: Page, serveur_site: str) -> None:
    page.set_viewport_size(BUREAU)
    ouvrir(page, serveur_site + "warp/jets-simples/")
    expect(page.locator(".md-path")).to_contain_text("WaRP")
    expect(page.locator("a.md-footer__link--next")).to_have_attribute("href", re.compile("jets-opposes"))
    expect(page.locator("a.md-footer__link--prev")).to_be_visible()
    expect(page.locator(".md-tabs__link", has_text="Joueurs")).to_be_visible()


# ---------------------------------------------------------------- recherche


def _chercher(page: Page, serveur_site: str, mot: str) -> Page:
    page.set_viewport_size(BUREAU)
    ouvrir(page, serveur_site)
    champ = page.locator("input[data-md-component='search-query']")
    champ.click()
    champ.press_sequentially(mot, delay=30)  # Material écoute les touches, pas fill()
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=15000)
    return page  # les assertions (expect) attendent la fin de la frappe et de la recherche


def test_la_recherche_trouve_magistrale(page: Page, serveur_site: str) -> None:
    resultats = _chercher(page, serveur_site, "Magistrale").locator(".md-search-result")
    expect(resultats).to_contain_text("Critiques et Catastrophes")


def test_la_recherche_trouve_adversaire_dans_l_adversaire(page: Page, serveur_site: str) -> None:
    """Le séparateur français coupe « l'adversaire » : « adversaire » le trouve."""
    resultats = _chercher(page, serveur_site, "adversaire").locator(".md-search-result")
    expect(resultats).to_contain_text("l'adversaire")
    expect(resultats.locator("mark", has_text="adversaire").first).to_be_visible()


def test_la_recherche_ignore_les_accents(page: Page, serveur_site: str) -> None:
    """« reussite » (sans accent) trouve et surligne « Réussite »."""
    resultats = _chercher(page, serveur_site, "reussite").locator(".md-search-result")
    expect(resultats.locator("mark", has_text=re.compile("^Réussite$", re.I)).first).to_be_visible()


@pytest.mark.parametrize(
    ("nom", "page_cible", "ancre"),
    [
        ("Trait par défaut", "warp/jets-simples/", "trait-par-defaut"),
        ("Critiques et Catastrophes", "warp/jets-simples/", "critiques-et-catastrophes"),
        ("Traits sans dés", "warp/jets-opposes/", "traits-sans-des"),
        ("Egalite", "warp/jets-opposes/", "egalite"),
        ("Speciaux et critiques", "troisd6/jets/", "speciaux-et-critiques"),
        ("Fin de la scène", "troisd6/scenes-majeures/", "fin-de-la-scene"),
        ("Effet et avantages", "troisd6/scenes-majeures/", "effet-et-avantages"),
        ("armure relationnelle", "troisd6/scenes-interaction/", "recommencer-larmure-relationnelle"),
        ("Maniabilite", "glossaire/", "maniabilite"),
        ("contre-attaque", "glossaire/", "contre-attaque"),
    ],
)
def test_un_nom_de_regle_mene_a_sa_section(
    page: Page, serveur_site: str, nom: str, page_cible: str, ancre: str
) -> None:
    resultats = _chercher(page, serveur_site, nom)
    lien = resultats.locator(f"a.md-search-result__link[href*='{page_cible}'][href$='#{ancre}']")
    expect(lien.first).to_be_attached()


# ---------------------------------------------------------------- glossaire


# Le survol d'un terme et son toucher sur un téléphone : tests/test_glossaire_navigateur.py.


# ---------------------------------------------------------------- mode sombre


_COULEURS = """(selecteur) => {
  const e = document.querySelector(selecteur);
  const fonds = [];
  for (let f = e; f; f = f.parentElement) fonds.push(getComputedStyle(f).backgroundColor);
  return [getComputedStyle(e).color, fonds];
}"""


def _rgba(couleur: str) -> tuple[float, float, float, float]:
    valeurs = [float(x) for x in re.findall(r"[\d.]+", couleur)]
    return (valeurs[0], valeurs[1], valeurs[2], valeurs[3] if len(valeurs) > 3 else 1.0)


def _sur(dessus: tuple[float, float, float, float], dessous: tuple[float, float, float]) -> tuple[float, float, float]:
    """Une couleur (éventuellement translucide) posée sur une couleur opaque."""
    a = dessus[3]
    return (
        dessus[0] * a + dessous[0] * (1 - a),
        dessus[1] * a + dessous[1] * (1 - a),
        dessus[2] * a + dessous[2] * (1 - a),
    )


def _luminance(couleur: str | tuple[float, float, float]) -> float:
    r, g, b = _rgba(couleur)[:3] if isinstance(couleur, str) else couleur

    def canal(c: float) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * canal(r) + 0.7152 * canal(g) + 0.0722 * canal(b)


def _contraste(page: Page, selecteur: str) -> float:
    """Le rapport de contraste WCAG du texte sur son fond réel (fonds translucides composés)."""
    texte, fonds = page.evaluate(_COULEURS, selecteur)
    fond: tuple[float, float, float] = (255.0, 255.0, 255.0)  # la toile du navigateur
    for couche in reversed(fonds):
        fond = _sur(_rgba(couche), fond)
    encre = _sur(_rgba(texte), fond)
    clair, sombre = sorted((_luminance(encre), _luminance(fond)), reverse=True)
    return (clair + 0.05) / (sombre + 0.05)


LISIBLES = [
    "article.md-typeset > p",
    "article.md-typeset table td",
    "article.md-typeset abbr",
    "article.md-typeset h2",
    "article.md-typeset figure.graphique svg",
    "article.md-typeset .admonition p",
]
"""Ce que les feuilles de style du site touchent : texte, tableaux, termes, graphiques, boîtes."""


def _lisible(page: Page, mode: str) -> list[str]:
    fautes = []
    for selecteur in LISIBLES:
        if page.locator(selecteur).count() and (c := _contraste(page, selecteur)) < 4.5:
            fautes.append(f"{mode} : {selecteur} contraste {c:.1f} < 4,5")
    return fautes


@pytest.mark.parametrize("chemin", ["aide-memoire/warp/", "troisd6/jets/", "glossaire/", "warp/tests-etendus/"])
def test_le_mode_sombre_se_bascule_et_reste_lisible(page: Page, serveur_site: str, chemin: str) -> None:
    page.set_viewport_size(BUREAU)
    page.emulate_media(color_scheme="light")
    ouvrir(page, serveur_site + chemin)
    corps = page.locator("body")
    expect(corps).to_have_attribute("data-md-color-scheme", "default")
    fond_clair = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    fautes = _lisible(page, "clair")

    page.locator("form[data-palette] label:visible").first.click()
    expect(corps).to_have_attribute("data-md-color-scheme", "slate")
    fond_sombre = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert _luminance(fond_sombre) < _luminance(fond_clair) / 4
    fautes += _lisible(page, "sombre")
    assert not fautes, fautes

    ouvrir(page)  # le choix est retenu
    expect(corps).to_have_attribute("data-md-color-scheme", "slate")


METAS_A_LA_LECTURE = """document.addEventListener("DOMContentLoaded", () => {
  const lire = (nom) => { const m = document.querySelector(`meta[name="${nom}"]`); return m ? m.content : null; };
  window.__metas = { "theme-color": lire("theme-color"), "color-scheme": lire("color-scheme") };
});"""


@pytest.mark.parametrize("schema", ["light", "dark"])
def test_les_couleurs_du_navigateur_sont_posees_pendant_la_lecture(page: Page, serveur_site: str, schema: str) -> None:
    """theme-color (la barre du navigateur d'un téléphone) et color-scheme, justes dès DOMContentLoaded : posés
    après l'affichage, changer color-scheme faisait recalculer le style de tout le document."""
    page.emulate_media(color_scheme=schema)
    page.add_init_script(METAS_A_LA_LECTURE)
    ouvrir(page, serveur_site + "calculateur/")
    fond = page.evaluate("() => getComputedStyle(document.querySelector('[data-md-component=header]')).backgroundColor")
    attendu = "#" + "".join(f"{int(c):02x}" for c in re.findall(r"\d+", fond)[:3])
    assert page.evaluate("window.__metas") == {"theme-color": attendu, "color-scheme": schema}


SUIVRE_LE_CORPS = """(() => {
  // Chaque changement d'un attribut data-md-color-* de <body>, dès la lecture de la page.
  window.__changements = [];
  new MutationObserver(liste => {
    for (const m of liste) {
      if (m.target === document.body && m.attributeName.startsWith("data-md-color-")) {
        window.__changements.push(m.attributeName + "=" + document.body.getAttribute(m.attributeName));
      }
    }
  }).observe(document, {attributes: true, subtree: true});
})();"""


def test_le_theme_du_systeme_s_applique_des_la_lecture_et_se_suit(page: Page, serveur_site: str) -> None:
    """Le choix clair / sombre est fait par `overrides/partials/palette.html`, pas par le script de Material.

    Au premier affichage, la page a déjà le thème du système (le script de Material vidé : le choix se fait
    sans lui) ; aucun recalcul de tout le document au chargement (`data-md-color-switching`, que posait le
    composant de Material, n'apparaît qu'au geste du lecteur) ; le thème suit le système tant que le
    lecteur n'a rien choisi ; un choix (clic ou Entrée) est gardé, contre le système et au rechargement."""
    page.set_viewport_size(BUREAU)
    page.add_init_script(SUIVRE_LE_CORPS)
    corps = page.locator("body")
    adresse = serveur_site + "troisd6/jets/"

    page.route(re.compile(r"/assets/javascripts/bundle\.[0-9a-f]+\.min\.js$"), lambda r: r.fulfill(body=""))
    page.emulate_media(color_scheme="dark")
    ouvrir(page, adresse)
    expect(corps).to_have_attribute("data-md-color-scheme", "slate")  # sans Material
    page.unroute_all()

    ouvrir(page, adresse)
    expect(corps).to_have_attribute("data-md-color-scheme", "slate")
    assert not any(c.startswith("data-md-color-switching") for c in page.evaluate("() => window.__changements"))
    expect(page.locator("meta[name='theme-color']")).to_have_attribute("content", re.compile(r"^#[0-9a-f]{6}$"))
    expect(page.locator("meta[name='color-scheme']")).to_have_attribute("content", "dark")

    page.emulate_media(color_scheme="light")  # le système change : la page suit, sans rechargement
    expect(corps).to_have_attribute("data-md-color-scheme", "default")
    expect(page.locator("meta[name='color-scheme']")).to_have_attribute("content", "light")
    expect(page.locator("form[data-palette] label:visible")).to_have_attribute("title", "Passer en mode sombre")

    page.locator("form[data-palette] input:checked").focus()  # au clavier, Entrée passe à l'autre
    page.keyboard.press("Enter")
    expect(corps).to_have_attribute("data-md-color-scheme", "slate")
    assert "data-md-color-switching=" in page.evaluate("() => window.__changements")
    page.emulate_media(color_scheme="dark")
    page.emulate_media(color_scheme="light")  # le système change encore : le choix l'emporte
    page.evaluate(DEUX_IMAGES)
    expect(corps).to_have_attribute("data-md-color-scheme", "slate")
    ouvrir(page)
    expect(corps).to_have_attribute("data-md-color-scheme", "slate")


def test_imprime_en_noir_sur_blanc_meme_en_mode_sombre(page: Page, serveur_site: str) -> None:
    page.emulate_media(media="print", color_scheme="dark")
    ouvrir(page, serveur_site + "aide-memoire/warp/")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    texte, _ = page.evaluate(_COULEURS, "article.md-typeset > p")
    assert _luminance(texte) < 0.05, f"texte imprimé trop clair : {texte}"


# ---------------------------------------------------------------- impression


def _pages_pdf(pdf: bytes) -> int:
    """Le nombre de pages d'un PDF de Chromium (objets `/Type /Page`, pas `/Pages`)."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def _coupes(page: Page) -> list[str]:
    """Les tableaux, blocs de code et graphiques qui dépassent la marge droite de l'article."""
    return page.evaluate(
        """() => { const l = document.querySelector('article').getBoundingClientRect().right;
                   return [...document.querySelectorAll('article table, article pre, article figure')]
                     .filter(e => e.getBoundingClientRect().right > l + 1)
                     .map(e => e.tagName + ' : ' + e.textContent.trim().slice(0, 40)) }"""
    )


def test_chaque_aide_memoire_tient_sur_une_feuille_recto_verso(
    browser: Browser, serveur_site: str, site_construit: SiteConstruit
) -> None:
    aide_memoires = _aide_memoires(site_construit)
    assert aide_memoires, "aucun aide-mémoire"
    # La largeur imprimable d'une A4 (210 mm moins les marges de 11 mm de @page) : la mise
    # en page mesurée ci-dessous est alors celle du papier.
    page = browser.new_page(viewport=A4_IMPRIMABLE)
    page.emulate_media(media="print")
    for chemin in aide_memoires:
        ouvrir(page, serveur_site + chemin)
        pages = _pages_pdf(page.pdf(format="A4"))
        assert 1 <= pages <= 2, f"{chemin} s'imprime sur {pages} pages A4 (2 au plus)"
        assert not _coupes(page), f"{chemin} : coupés par la marge à l'impression : {_coupes(page)}"
    page.close()


def test_la_version_imprimable_reunit_toutes_les_regles(
    browser: Browser, serveur_site: str, site_construit: SiteConstruit
) -> None:
    regles = [a for a in _adresses(site_construit) if a.startswith(("warp/", "troisd6/"))]
    page = browser.new_page(viewport=A4_IMPRIMABLE)
    page.emulate_media(media="print")
    ouvrir(page, serveur_site + "imprimer/")
    assert not _coupes(page), f"coupés par la marge à l'impression : {_coupes(page)}"
    sections = page.locator("section.imprimer-page").evaluate_all("els => els.map(e => e.id)")
    assert {r.strip("/").replace("/", "-") for r in regles} <= set(sections)
    # Chaque page réunie commence sur une nouvelle feuille.
    assert _pages_pdf(page.pdf(format="A4")) >= len(sections)
    page.close()


@pytest.mark.parametrize("chemin", ["imprimer/", "warp/jets-simples/"])
def test_la_version_imprimable_se_passe_des_scripts_qu_elle_n_utilise_pas(
    browser: Browser, serveur_site: str, chemin: str
) -> None:
    """Sur un téléphone, imprimer/ ne charge ni le script de Material, ni celui des cellules, ni la recherche
    (son bouton serait mort) ; une page de règles, si. Sur les deux, le menu et le choix clair / sombre marchent."""
    page = browser.new_page(viewport={"width": 375, "height": 740})
    scripts: list[str] = []
    page.on(
        "request", lambda r: scripts.append(r.url.removeprefix(serveur_site)) if r.resource_type == "script" else None
    )
    ouvrir(page, serveur_site + chemin)
    recherche = page.locator("label.md-header__button[for='__search']")
    materiel = [s for s in scripts if s.startswith("assets/javascripts/bundle.")]
    if chemin == "imprimer/":
        assert sorted(scripts) == ["javascripts/accessibilite.js", "javascripts/hors-ligne.js"]
        expect(recherche).to_have_count(0)
    else:
        assert materiel and "javascripts/cellules.js" in scripts, scripts
        expect(recherche).to_be_visible()
    menu = page.get_by_role("button", name="Menu du site")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    avant = page.locator("body").get_attribute("data-md-color-scheme")
    page.locator("form[data-palette] label:visible").click()
    expect(page.locator("body")).not_to_have_attribute("data-md-color-scheme", avant or "")
    page.close()


def test_les_cartes_s_impriment_entieres_en_noir_sur_blanc(
    browser: Browser, serveur_site: str, site_construit: SiteConstruit
) -> None:
    """Sur la version imprimable, chaque carte se voit, ne se coupe pas entre deux feuilles, s'imprime en
    noir sur blanc, et garde l'alternative texte de ses dés (celle que lit un lecteur d'écran)."""
    publiees = (site_construit.dossier / "imprimer" / "index.html").read_text(encoding="utf-8")
    attendues = publiees.count('<figure class="carte ')
    assert attendues > 50, f"la version imprimable n'a que {attendues} cartes"
    page = browser.new_page(viewport=A4_IMPRIMABLE)
    page.emulate_media(media="print")
    ouvrir(page, serveur_site + "imprimer/")
    fautes = page.evaluate(
        """() => [...document.querySelectorAll('figure.carte')].flatMap((carte, i) => {
             const style = getComputedStyle(carte), ou = 'carte ' + (i + 1) + ' (' + carte.textContent.trim().slice(0, 30) + ')';
             const f = [];
             if (!carte.checkVisibility() || carte.getBoundingClientRect().height === 0) f.push(ou + ' : invisible');
             if (style.breakInside !== 'avoid') f.push(ou + ' : break-inside ' + style.breakInside);
             if (style.color !== 'rgb(0, 0, 0)' || style.backgroundColor !== 'rgb(255, 255, 255)')
               f.push(ou + ' : ' + style.color + ' sur ' + style.backgroundColor);
             for (const des of carte.querySelectorAll('[role=img]'))
               if (!(des.getAttribute('aria-label') || '').trim()) f.push(ou + ' : dés sans alternative texte');
             return f; })"""
    )
    assert page.locator("figure.carte").count() == attendues
    assert not fautes, "\n".join(fautes[:10])
    page.close()
