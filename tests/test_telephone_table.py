"""Un téléphone à la table (375 px, au doigt), dans Chromium : la règle d'abord, rien qui surprenne.

- **Le premier écran est la règle** : le titre de la page et son premier paragraphe, rien de Jupyter ; le
  carnet est un bouton discret à droite du titre, qui ouvre à la demande son panneau (« Ouvrir dans
  Jupyter », « Télécharger le carnet », ce qu'il faut savoir), fermé d'un toucher à côté ou par Échap.
- **L'en-tête ne bouge pas** au premier toucher (Material monte alors) : la loupe est là dès l'ouverture ;
  touchée avant Material, elle ouvre la recherche et y met le curseur.
- **La recherche** trouve « degré » tapé avec son accent comme un clavier de téléphone le tape (la lettre
  accentuée arrive sans touche relâchée), et ne dit jamais « Non trouvé » d'un mot dont elle a trouvé la
  forme sans accents, le synonyme, ou d'une élision (« l'initiative »).
- **Chaque cible au doigt fait 44 × 44 px** (WCAG 2.5.5) sur chaque page et dans le menu, vérifié par le
  parcours (clair, téléphone) de `tests/parcours.py` (relevé « cibles ») ; « Retour en haut de la page »
  tient sur une ligne.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from tests.conftest import SiteConstruit
from tests.navigateur import Browser, BrowserContext, Page, expect
from tests.parcours import Parcours, groupe

ECRAN = {"width": 375, "height": 812}
"""Un téléphone ordinaire, tenu droit : le premier écran est ce qu'on voit sans faire défiler."""

PAGES_DE_REGLES = ["", "warp/jets-simples/", "troisd6/scenes-majeures/", "premiers-pas/warp/"]
"""L'accueil, une page de règles de chaque jeu, un premier pas : toutes ont un carnet."""


@pytest.fixture
def telephone(browser: Browser) -> Iterator[BrowserContext]:
    """Un téléphone au doigt (toucher, écran mobile), sans service worker."""
    contexte = browser.new_context(viewport=ECRAN, has_touch=True, is_mobile=True, service_workers="block")
    yield contexte
    contexte.close()


# ---------------------------------------------------------------- la règle d'abord


PREMIER_ECRAN = """() => {
  const article = document.querySelector('article');
  const titre = article.querySelector('h1');
  const premier = [...article.children].find((e) => e.tagName === 'P' && !e.className);
  const bas = (e) => e.getBoundingClientRect().bottom;
  const jupyter = [...article.querySelectorAll('*')].filter((e) => e.checkVisibility()
    && e.getBoundingClientRect().top < innerHeight && /Jupyter|\\.ipynb/.test(e.textContent)
    && ![...e.children].some((c) => /Jupyter|\\.ipynb/.test(c.textContent)));
  return {titre: bas(titre), paragraphe: premier ? bas(premier) : null, jupyter: jupyter.map((e) => e.textContent)};
}"""
"""Où finissent le titre et le premier paragraphe de la page, et ce qui parle de Jupyter dans le premier écran."""


@pytest.mark.parametrize("chemin", PAGES_DE_REGLES)
def test_le_premier_ecran_est_le_titre_et_le_premier_paragraphe(
    telephone: BrowserContext, serveur_site: str, chemin: str
) -> None:
    page = telephone.new_page()
    page.goto(serveur_site + chemin, wait_until="load")
    expect(page.get_by_role("button", name="Carnet Jupyter de cette page")).to_be_visible()
    vu = page.evaluate(PREMIER_ECRAN)
    assert vu["paragraphe"] is not None and vu["titre"] < vu["paragraphe"] <= ECRAN["height"], vu
    assert vu["jupyter"] == [], f"le premier écran parle de Jupyter : {vu['jupyter']}"
    bouton = page.get_by_role("button", name="Carnet Jupyter de cette page").bounding_box()
    assert bouton and bouton["width"] >= 44 and bouton["height"] >= 44, bouton


def test_le_panneau_du_carnet_s_ouvre_a_la_demande(telephone: BrowserContext, serveur_site: str) -> None:
    page = telephone.new_page()
    page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
    panneau = page.locator(".carnet-note")
    expect(panneau).to_be_hidden()
    bouton = page.get_by_role("button", name="Carnet Jupyter de cette page")
    bouton.tap()
    expect(panneau).to_be_visible()
    expect(panneau).to_contain_text(re.compile(r"au plus \d+\xa0Mo la première fois"))
    for nom in ("Ouvrir dans Jupyter", "Télécharger le carnet (.ipynb)"):
        lien = panneau.get_by_role("link", name=nom)
        boite = lien.bounding_box()
        assert boite and boite["height"] >= 44 and boite["x"] >= 0 and boite["x"] + boite["width"] <= 375, (nom, boite)
    page.keyboard.press("Escape")
    expect(panneau).to_be_hidden()
    bouton.tap()
    expect(panneau).to_be_visible()
    page.touchscreen.tap(10, ECRAN["height"] - 10)  # un toucher à côté du panneau le ferme
    expect(panneau).to_be_hidden()


# ---------------------------------------------------------------- l'en-tête et la recherche

ENTETE = """() => [...document.querySelectorAll('.md-header__inner > *')].filter((e) => e.checkVisibility())
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.className, Math.round(r.x), Math.round(r.width), Math.round(r.height)]; })"""
"""Chaque élément visible de l'en-tête : sa classe, sa place, sa largeur, sa hauteur."""

MONTE = "() => document.documentElement.dataset.material === 'monte'"


def test_l_en_tete_ne_bouge_pas_au_premier_toucher(telephone: BrowserContext, serveur_site: str) -> None:
    page = telephone.new_page()
    page.goto(serveur_site + "troisd6/scenes-majeures/", wait_until="load")
    avant = page.evaluate(ENTETE)
    assert not page.evaluate(MONTE)
    expect(page.locator("label.md-header__button[for='__search']")).to_be_visible()
    titre = page.locator("article h1").first.bounding_box()
    assert titre is not None
    page.touchscreen.tap(titre["x"] + 20, titre["y"] + titre["height"] / 2)  # le premier geste : Material monte
    page.wait_for_function(MONTE)
    assert page.evaluate(ENTETE) == avant
    boutons = [e for e in avant if "md-header__button" in e[0] or "md-header__option" in e[0]]
    assert len(boutons) == 3 and all(e[2] >= 44 and e[3] >= 44 for e in boutons), boutons


def _sans_non_trouve(page: Page) -> None:
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=20_000)
    page.wait_for_function("() => document.querySelector('.md-search-result__meta').textContent.includes('trouvé')")
    assert page.locator(".md-search-result__terms").all_inner_texts() == []


def test_la_loupe_touchee_avant_material_cherche_degre_tape_au_telephone(
    telephone: BrowserContext, serveur_site: str
) -> None:
    """La lettre accentuée d'un clavier de téléphone arrive sans touche relâchée (insert_text) : Material, qui
    ne relisait le champ qu'à chaque touche relâchée, cherchait encore « degr »."""
    page = telephone.new_page()
    page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
    page.locator("label.md-header__button[for='__search']").tap()
    champ = page.locator("input[data-md-component='search-query']")
    expect(champ).to_be_focused()
    page.keyboard.type("degr")
    page.keyboard.insert_text("é")
    page.wait_for_function(MONTE)
    _sans_non_trouve(page)
    expect(page.locator(".md-search-result__meta")).to_have_text(re.compile(r"^\d+ documents? trouvés?$"))
    expect(page.locator(".md-search-result")).to_contain_text("niveaux")


@pytest.mark.parametrize("requete", ["degre", "l'initiative", "Réussite", "dés", "degré"])
def test_la_recherche_ne_dit_pas_non_trouve_d_un_mot_trouve(
    telephone: BrowserContext, serveur_site: str, requete: str
) -> None:
    """« degre » (par son synonyme « niveau »), « Réussite » et « dés » (sans leurs accents), « l'initiative »
    (son « l » n'est pas un mot) : des résultats, aucun marqué « Non trouvé »."""
    page = telephone.new_page()
    page.goto(serveur_site + "?q=" + requete, wait_until="load")  # une adresse qui porte une recherche
    _sans_non_trouve(page)


# ---------------------------------------------------------------- au doigt


@groupe("clair", "telephone")
def test_chaque_cible_fait_44_px_au_doigt(
    parcours: Callable[[str, str], Parcours], site_construit: SiteConstruit
) -> None:
    """Liens (sauf au fil d'une phrase), boutons, champs, résumés, onglets, termes du glossaire, menu du site :
    chacun fait au moins 44 × 44 px de zone de toucher à 375 px (WCAG 2.5.5), et aucun tableau ne défile en
    hauteur pour autant. Avant : « Voir le code » 99 × 29, termes du glossaire 16 à 18 px de haut, boutons
    « copier » 24 × 24, boutons de l'en-tête 40 × 40, fil d'Ariane 16 px de haut."""
    releves = parcours("clair", "telephone")["cibles"]
    pages = site_construit.adresses()
    assert set(releves) >= set(pages), f"pages sans relevé : {sorted(set(pages) - set(releves))}"
    petites = [
        f"{chemin or '(accueil)'} : {c['quoi']} « {c['texte']} » {c['l']} × {c['h']} px"
        for chemin in pages
        for c in releves[chemin]["petites"]
    ]
    assert not petites, f"{len(petites)} cibles de moins de 44 × 44 px :\n" + "\n".join(petites[:40])
    assert sum(r["mesurees"] for r in releves.values()) > 2000, "le relevé ne trouve pas les cibles"
    assert [c for c in pages if releves[c]["tables_qui_defilent"]] == [], "des tableaux défilent en hauteur"


def test_retour_en_haut_tient_sur_une_ligne(telephone: BrowserContext, serveur_site: str) -> None:
    page = telephone.new_page()
    page.goto(serveur_site + "troisd6/scenes-majeures/", wait_until="load")
    page.evaluate("() => window.chargerMaterial()")
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -400)  # remonter un peu : Material montre « Retour en haut de la page »
    haut = page.locator(".md-top")
    expect(haut).not_to_have_attribute("hidden", "")
    boite = haut.bounding_box()
    assert boite and 44 <= boite["height"] <= 46 and boite["x"] >= 0 and boite["x"] + boite["width"] <= 375, boite
