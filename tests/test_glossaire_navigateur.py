"""Le glossaire se lit sur un téléphone : un terme souligné une fois par section, jamais dans un titre.

- **Sur le site construit** (lu par `html.parser`, indépendamment du crochet
  `hooks/site/glossaire.py` qui l'écrit) : dans chaque page, aucun `<abbr>` dans un
  titre (`<h1>`…`<h6>`, `<summary>`, titre d'une boîte, étiquette d'onglet) ; dans chaque section
  (le texte entre deux titres) et chaque bloc repliable (détails, onglet), une
  définition n'est soulignée qu'une fois. Le nombre de termes par page est
  affiché (bilan).
- **Dans Chromium, à 375 px** : toucher un terme montre sa définition à la
  taille du texte des pages au moins (Material l'écrivait en 10 px), dans l'écran.
- **Une seule bulle par page**, posée au premier survol (aucune préparée par
  terme au chargement), reliée au seul terme survolé, fermée quand le pointeur part ;
  au survol, la définition est celle du glossaire (`includes/abreviations.md`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest

from tests.conftest import EN_CI, SiteConstruit
from tests.parcours import TELEPHONE

TITRES = {"h1", "h2", "h3", "h4", "h5", "h6", "summary", "label"}


class _Termes(HTMLParser):
    """Parcourt une page : chaque `<abbr>` avec sa section, son bloc repliable et s'il est dans un titre."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.section = 0
        self.titre = 0
        self.boite = False
        self.blocs: list[int | None] = []
        self.numero = 0
        self.termes: list[tuple[int, int | None, str, bool]] = []  # section, bloc, définition, dans un titre

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag in TITRES:
            self.titre += 1
            self.section += tag[0] == "h"
        elif tag == "p":
            self.boite = "admonition-title" in classes
        elif tag in ("details", "div"):
            repliable = tag == "details" or "tabbed-block" in classes
            self.numero += repliable
            self.blocs.append(self.numero if repliable else None)
        elif tag == "abbr":
            bloc = next((b for b in reversed(self.blocs) if b is not None), None)
            self.termes.append((self.section, bloc, dict(attrs).get("title") or "", bool(self.titre or self.boite)))

    def handle_endtag(self, tag: str) -> None:
        if tag in TITRES:
            self.titre = max(self.titre - 1, 0)
        elif tag == "p":
            self.boite = False
        elif tag in ("details", "div") and self.blocs:
            self.blocs.pop()


def _article(texte: str) -> str:
    return texte.split("<article", 1)[-1].split("</article>", 1)[0] if "<article" in texte else texte


def test_un_terme_par_section_et_aucun_dans_un_titre(
    site_construit: SiteConstruit, bilan: Callable[[str, int], None]
) -> None:
    fautes: list[str] = []
    total = 0
    par_page: dict[str, int] = {}
    for page in site_construit.pages():
        nom = page.relative_to(site_construit.dossier).as_posix()
        lecteur = _Termes()
        lecteur.feed(_article(page.read_text(encoding="utf-8")))
        vues: set[tuple[int, int | None, str]] = set()
        for section, bloc, definition, dans_un_titre in lecteur.termes:
            if dans_un_titre:
                fautes.append(f"{nom} : un terme dans un titre ({definition[:50]})")
            cle = (-1 if bloc is not None else section, bloc, definition)
            if cle in vues:
                fautes.append(f"{nom} : « {definition[:50]} » souligné deux fois dans une section")
            vues.add(cle)
        par_page[nom] = len(lecteur.termes)
        total += len(lecteur.termes)
    bilan("glossaire : termes soulignés sur le site", total)
    for nom in ("troisd6/scenes-majeures/index.html", "imprimer/index.html", "glossaire/index.html"):
        bilan(f"glossaire : termes soulignés sur {nom.removesuffix('index.html')}", par_page[nom])
    assert total >= 500 and par_page["warp/jets-simples/index.html"] >= 10, "le glossaire a disparu : rien de vérifié"
    assert not fautes, f"{len(fautes)} fautes :\n" + "\n".join(fautes[:20])


# ---------------------------------------------------------------- dans Chromium

try:
    from playwright.sync_api import Browser, expect
except ImportError:  # l'extra « browser » n'est pas installé : seul le test du site ci-dessus tourne
    if EN_CI:
        raise
    Browser = None  # type: ignore[assignment,misc]


def _px(taille: str) -> float:
    trouve = re.fullmatch(r"([\d.]+)px", taille)
    assert trouve, taille
    return float(trouve[1])


@pytest.mark.skipif(Browser is None, reason="Playwright absent : python -m pip install -e '.[browser]'")
@pytest.mark.parametrize("chemin", ["warp/jets-simples/", "glossaire/"])
def test_sur_un_telephone_la_definition_se_lit_a_la_taille_du_texte(
    browser: Browser, serveur_site: str, chemin: str
) -> None:
    from hooks.site import glossaire
    from tests.conftest import RACINE

    contexte = browser.new_context(viewport=TELEPHONE, has_touch=True, is_mobile=True, service_workers="block")
    page = contexte.new_page()
    page.goto(serveur_site + chemin, wait_until="load")
    terme = page.locator("article.md-typeset p abbr:not(a abbr)").first
    terme.scroll_into_view_if_needed()
    terme.tap()
    bulle = page.locator(".md-tooltip2--active .md-tooltip2__inner")
    expect(bulle).to_be_visible()
    definition = terme.get_attribute("data-terme") or terme.get_attribute("title") or ""
    assert definition in glossaire.definitions(RACINE / glossaire.SOURCE).values(), definition  # celle du glossaire
    expect(bulle).to_contain_text(definition)
    taille_bulle = _px(bulle.evaluate("e => getComputedStyle(e).fontSize"))
    taille_texte = _px(page.locator("article.md-typeset > p").first.evaluate("e => getComputedStyle(e).fontSize"))
    assert taille_bulle >= taille_texte, f"définition en {taille_bulle} px, texte en {taille_texte} px"
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.md-tooltip2--active')).opacity === '1'"
    )  # la bulle a fini d'apparaître : sa place est la place finale
    boite = bulle.bounding_box()
    assert boite is not None and boite["x"] >= 0 and boite["x"] + boite["width"] <= TELEPHONE["width"], boite
    contexte.close()


@pytest.mark.skipif(Browser is None, reason="Playwright absent : python -m pip install -e '.[browser]'")
def test_une_seule_bulle_pour_toute_la_page_posee_a_la_demande(browser: Browser, serveur_site: str) -> None:
    """imprimer/ porte 883 termes : aucune bulle n'est préparée au chargement (Material, content.tooltips, en
    montait une par terme, le premier coût du chargement sur un téléphone) ; survoler trois termes l'un après
    l'autre ne fait qu'une bulle, qui montre chaque fois la bonne définition et n'est reliée qu'au terme survolé ;
    le pointeur parti, elle se ferme. Et une page faite pour le papier n'a pas de bouton « copier » sur ses blocs
    de code, qu'une page de règles garde."""
    from hooks.site import glossaire
    from tests.conftest import RACINE

    definitions = glossaire.definitions(RACINE / glossaire.SOURCE)
    contexte = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = contexte.new_page()
    page.goto(serveur_site + "imprimer/", wait_until="load")
    page.wait_for_load_state("networkidle")
    assert page.locator(".md-tooltip2").count() == 0, "des infobulles préparées avant tout survol"
    assert page.locator(".md-content pre").count() > 50 and page.locator(".md-code__button").count() == 0
    termes = page.locator("article.md-typeset p abbr")
    vus: list[str] = []
    for rang in range(termes.count()):
        terme = termes.nth(rang)
        definition = terme.get_attribute("data-terme") or terme.get_attribute("title") or ""
        if definition in vus:
            continue
        terme.scroll_into_view_if_needed()
        terme.hover()
        expect(page.locator(".md-tooltip2--active")).to_have_text(definition)
        assert page.locator("[aria-describedby]").evaluate_all("es => es.map(e => e.textContent)") == [
            terme.text_content()
        ]
        vus.append(definition)
        if len(vus) == 3:
            break
    assert len(vus) == 3 and page.locator(".md-tooltip2").count() == 1
    page.mouse.move(2, 2)
    expect(page.locator(".md-tooltip2")).not_to_have_class(re.compile("md-tooltip2--active"))
    expect(page.locator("[aria-describedby]")).to_have_count(0)
    # Une page de règles garde ses boutons « copier » ; sa bulle dit la définition écrite au glossaire.
    page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
    page.evaluate("() => window.chargerMaterial()")  # Material monte ses boutons au premier geste du lecteur
    expect(page.locator(".md-code__button").first).to_be_attached()
    terme = page.locator("article.md-typeset abbr", has_text=re.compile(r"^Magistrale$")).first
    terme.scroll_into_view_if_needed()
    terme.hover()
    bulle = page.locator(".md-tooltip2--active")
    expect(bulle).to_be_visible()
    expect(bulle).to_contain_text(definitions["Magistrale"])
    contexte.close()


@pytest.mark.skipif(Browser is None, reason="Playwright absent : python -m pip install -e '.[browser]'")
def test_sur_un_telephone_un_terme_se_touche_a_22_px_de_son_centre(browser: Browser, serveur_site: str) -> None:
    """Un terme court (« MJ », 22 × 18 px) a une zone de toucher de 44 × 44 px centrée sur lui (WCAG 2.5.5) : un
    doigt posé à 20 px de son centre, au-dessus, au-dessous ou à côté, touche encore le terme et montre sa
    définition ; le texte autour n'a pas bougé (la zone est invisible)."""
    contexte = browser.new_context(viewport=TELEPHONE, has_touch=True, is_mobile=True, service_workers="block")
    page = contexte.new_page()
    page.goto(serveur_site, wait_until="load")
    terme = page.locator("article.md-typeset li abbr", has_text=re.compile(r"^MJ$")).first
    terme.scroll_into_view_if_needed()
    boite = terme.bounding_box()
    assert boite and boite["width"] < 30 and boite["height"] < 25, boite  # le mot lui-même est petit
    x, y = boite["x"] + boite["width"] / 2, boite["y"] + boite["height"] / 2
    touches = page.evaluate(
        """([x, y]) => [[0, -20], [0, 20], [-20, 0], [20, 0]].map(([dx, dy]) =>
             document.elementFromPoint(x + dx, y + dy)?.textContent)""",
        [x, y],
    )
    assert touches == ["MJ"] * 4, touches
    page.touchscreen.tap(x, y - 20)
    expect(page.locator(".md-tooltip2--active .md-tooltip2__inner")).to_contain_text("Meneur de jeu")
    contexte.close()
