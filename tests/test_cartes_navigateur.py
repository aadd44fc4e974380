"""Les cartes dans Chromium, à 375 et 1280 px : le jet d'abord, le code à un clic.

- La vue par défaut des Premiers pas ne montre **aucun Python** (ni `>>>`, ni
  représentation d'objet, ni `True`/`None`, ni `try`, ni appel) ; le même
  détecteur trouve le Python dès qu'on ouvre « Voir le code » (il sait échouer).
- Chaque exemple montre ses dés (une alternative texte par rangée, lue comme
  une image) et son verdict, sans déborder de l'écran d'un téléphone.
- « Voir le code » puis « Exécuter » exécute encore l'exemple (Pyodide).
- axe-core : aucune faute grave ou critique sur les pages qui ont des cartes,
  en clair et en sombre, code replié et déplié (color-contrast : code déplié, et
  replié sur les pages du parcours qui la passent, `tests/parcours.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.moteur import exiger_runtime as _exiger_runtime
from tests.navigateur import Browser, Page, expect
from tests.parcours import Parcours, pages_du_parcours
from tests.surveillance import Surveillance
from tests.test_accessibilite import PARCOURS

pytestmark = pytest.mark.navigateur

LARGEURS = {"telephone": 375, "bureau": 1280}
PREMIERS_PAS = ("premiers-pas/warp/", "premiers-pas/troisd6/")

PYTHON = re.compile(
    r">>>|^\.\.\.|\bTrue\b|\bFalse\b|\bNone\b|\btry\b|\bexcept\b|\bimport\b|\bprint\(|\bdef\b"
    r"|<[A-Z]\w*\.[A-Z_]+: |\b[a-z_]+\((?:[a-z_]+=|\d)|Random\(",
    re.M,
)
"""Ce qui trahit du Python : invites, valeurs et mots-clés, représentation d'une énumération, un appel."""


def _python_visible(page: Page) -> list[str]:
    """Les morceaux de Python dans ce que le lecteur voit du contenu (`innerText` : le replié n'y est pas)."""
    texte = page.locator("article.md-content__inner").evaluate("e => e.innerText")
    return sorted({m[0] for m in PYTHON.finditer(texte)})


def _ouvrir(browser: Browser, largeur: int, theme: str = "light") -> Page:
    contexte = browser.new_context(
        viewport={"width": largeur, "height": 900}, color_scheme=theme, service_workers="block"
    )
    return contexte.new_page()


@pytest.mark.parametrize("largeur", LARGEURS.values(), ids=LARGEURS.keys())
@pytest.mark.parametrize("chemin", PREMIERS_PAS)
def test_premiers_pas_le_jet_sans_python(
    browser: Browser, serveur_site: str, chemin: str, largeur: int, bilan: Callable[[str, int], None]
) -> None:
    page = _ouvrir(browser, largeur)
    surveillance = Surveillance(page)
    page.goto(serveur_site + chemin, wait_until="load")
    assert _python_visible(page) == [], f"{chemin} à {largeur} px montre du Python"

    cartes = page.locator("figure.carte")
    assert cartes.count() >= 5
    for i in range(cartes.count()):
        carte = cartes.nth(i)
        expect(carte).to_be_visible()
        boite = carte.bounding_box()
        assert boite is not None and boite["x"] >= 0 and boite["x"] + boite["width"] <= largeur, "la carte déborde"
        verdict = carte.locator(".carte-verdict .carte-etiquette")
        expect(verdict).to_be_visible()
        assert verdict.inner_text().strip()
        expect(carte.locator(".carte-explication")).to_be_visible()
        des = carte.get_by_role("img")
        for j in range(des.count()):
            expect(des.nth(j)).to_have_accessible_name(re.compile(r"(^|, )(dés \d|aucun dé).* : "))
    # Les dés d'un jet se lisent comme le brief les veut : faces, total, ce qu'il fallait, verdict.
    if chemin == "premiers-pas/warp/":
        expect(
            page.get_by_role("img", name="dés 5, 3 et 2 : total 10, il fallait plus de 9 : Réussite", exact=True)
        ).to_have_count(1)
    else:
        expect(
            page.get_by_role("img", name="dés 4, 3 et 1 : total 8, il fallait 8 ou moins : Réussite simple", exact=True)
        ).to_have_count(1)

    # Le détecteur sait échouer : le code déplié, le Python se voit.
    page.locator("details.carte-code > summary").first.click()
    assert ">>>" in _python_visible(page)
    surveillance.verifier()
    bilan("cartes vérifiées dans Chromium (Premiers pas)", cartes.count())
    page.context.close()


@pytest.mark.parametrize("largeur", LARGEURS.values(), ids=LARGEURS.keys())
def test_voir_le_code_puis_executer(
    browser: Browser, serveur_site: str, site_construit: SiteConstruit, largeur: int
) -> None:
    _exiger_runtime(site_construit)
    page = _ouvrir(browser, largeur)
    surveillance = Surveillance(page.context)
    page.goto(serveur_site + "premiers-pas/warp/", wait_until="load")
    executer = page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)
    expect(executer).to_be_hidden()  # replié avec le code
    resume = page.locator("details.carte-code > summary").first
    expect(resume).to_have_text(re.compile("Voir le code"))
    resume.click()
    expect(executer).to_be_visible()
    executer.click()
    sortie = page.get_by_role("group", name="Exemple 1", exact=True).locator(".cellule-sortie")
    expect(sortie).to_contain_text("3d6 lancés (5, 3, 2) ; total 10 > 9 → Réussite.", timeout=CHARGEMENT_PYODIDE_MS)
    surveillance.verifier()
    page.context.close()


def _pages_avec_cartes(site: SiteConstruit) -> list[str]:
    adresses = []
    for html in site.pages():
        if html.parent.name != "imprimer" and '<figure class="carte ' in html.read_text(encoding="utf-8"):
            adresses.append(html.relative_to(site.dossier).as_posix().removesuffix("index.html"))
    return adresses


@pytest.mark.parametrize(("mode", "largeur"), PARCOURS)
def test_axe_sur_les_pages_avec_cartes(
    parcours: Callable[[str, str], Parcours],
    site_construit: SiteConstruit,
    bilan: Callable[[str, int], None],
    mode: str,
    largeur: str,
) -> None:
    """Les pages avec cartes, telles qu'elles se chargent puis code déplié, relevées par le parcours du site.

    Le parcours (`tests/parcours.py`) ouvre déjà chaque page dans ce mode, à cette largeur, et y passe
    axe-core (les règles des couleurs à part, sur les pages dont les styles diffèrent) ; il déplie ensuite le code
    replié des cartes (Premiers pas) et repasse axe-core, toutes règles comprises. Ce test lit ces relevés
    pour les pages qui ont des cartes : mêmes pages, mêmes états, une seule ouverture."""
    pages = _pages_avec_cartes(site_construit)
    assert {*PREMIERS_PAS, "warp/jets-simples/", "troisd6/scenes-majeures/", "exemples-verifies/"} <= set(pages)
    fait = parcours(mode, largeur)
    # Chaque page avec cartes que ce parcours ouvre (le sombre à 375 px : celles au code replié, pages_du_parcours).
    attendues = pages_du_parcours(mode, largeur, pages, site_construit.html)
    assert set(attendues) <= set(fait.pages), "le parcours a ouvert chaque page avec cartes"
    assert set(PREMIERS_PAS) <= set(fait["axe code déplié"]), "et déplié le code des Premiers pas"
    contrastes = fait.releves.get("contraste", {})
    # (Hors couleurs, le sombre n'est passé qu'à l'accueil : ailleurs, il n'y change que des couleurs,
    # test_le_mode_sombre_ne_change_que_les_couleurs.)
    fautes = [
        f for p in pages for f in fait["axe"].get(p, []) + contrastes.get(p, []) + fait["axe code déplié"].get(p, [])
    ]
    verifiees = [p for p in pages if p in fait["axe"] or p in contrastes or p in fait["axe code déplié"]]
    bilan(f"pages avec cartes vérifiées par axe-core, mode {mode}, {LARGEURS[largeur]} px", len(verifiees))
    assert not fautes, "\n".join(fautes)
