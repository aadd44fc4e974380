"""Les formulaires courts dans Chromium (375 px) : « Plus d'options » plié au départ, déplié dès qu'un de ses champs
porte une autre valeur que son défaut (un lien partagé) ou un refus ; au clavier ; replié par « Valeurs par défaut »."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.moteur import exiger_runtime
from tests.navigateur import Browser, BrowserContext, expect
from tests.parcours import TELEPHONE
from tests.surveillance import Surveillance, ouvrir

pytestmark = pytest.mark.navigateur

HAUTEUR_MAX_SCENE = 1200
"""La scène majeure à 375 px, pliée : 2 426 px avant les formulaires courts, 819 px après (mesurés par
`python -m scripts.hauteur_formulaires`) ; la borne laisse passer un rendu un peu différent, pas le formulaire
tout déplié."""


@pytest.fixture(scope="module")
def contexte(browser: Browser, serveur_site: str, site_construit: SiteConstruit) -> Iterator[BrowserContext]:
    exiger_runtime(site_construit)
    c = browser.new_context(viewport=TELEPHONE)
    surveillance = Surveillance(c)
    yield c
    surveillance.verifier()
    c.close()


def test_plie_au_depart_et_la_scene_est_courte(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    ouvrir(page, serveur_site + "calculateur/#troisd6-scene")
    form = page.locator("#form-troisd6-scene")
    plus = form.locator("details.calc-plus")
    expect(plus).not_to_have_attribute("open", "")
    for nom in ("seuil_a", "indice_a", "adversaire", "seuil_b", "indice_b"):
        expect(form.locator(f'[name="{nom}"]')).to_be_visible()
    expect(form.locator('[name="armure_a"]')).to_be_hidden()
    hauteur = form.evaluate("(f) => f.getBoundingClientRect().height")
    assert hauteur < HAUTEUR_MAX_SCENE, hauteur
    # Au clavier : Tab atteint « Plus d'options », Entrée le déplie.
    form.locator('[name="indice_b"]').focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    expect(form.locator('[name="armure_a"]')).to_be_visible()
    page.close()


def test_un_lien_qui_porte_une_option_la_montre(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    page.goto(serveur_site + "calculateur/?f=troisd6-scene&armure_a=2&comparer=non#troisd6-scene")
    form = page.locator("#form-troisd6-scene")
    expect(form.locator('[name="armure_a"]')).to_be_visible()
    expect(form.locator('[name="armure_a"]')).to_have_value("2")
    expect(form.locator(".calc-verdict-texte")).not_to_be_empty(timeout=CHARGEMENT_PYODIDE_MS)
    # « Valeurs par défaut » replie.
    form.get_by_role("button", name="Valeurs par défaut", exact=False).click()
    expect(form.locator('[name="armure_a"]')).to_be_hidden()
    page.close()


def test_un_refus_sous_plus_d_options_se_voit(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    ouvrir(page, serveur_site + "calculateur/#troisd6-scene")
    form = page.locator("#form-troisd6-scene")
    resume = form.locator("details.calc-plus > summary")
    resume.click()
    form.locator('[name="armure_a"]').fill("-1")
    resume.click()  # replié à nouveau : le refus doit le rouvrir
    expect(form.locator('[name="armure_a"]')).to_be_hidden()
    form.get_by_role("button", name="Calculer", exact=False).click()
    erreur = form.locator("#troisd6-scene-armure_a-erreur")
    expect(erreur).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    expect(erreur).to_have_text(
        "Armure (points retirés à chaque effet subi) : doit être un entier entre 0 et 20, reçu -1"
    )
    expect(form.locator('[name="armure_a"]')).to_be_focused()
    page.close()


def test_face_a_un_passif_l_adversaire_n_a_rien_a_remplir(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    ouvrir(page, serveur_site + "calculateur/#troisd6-scene")
    form = page.locator("#form-troisd6-scene")
    form.locator("details.calc-plus > summary").click()
    actif_seulement = ("seuil_b", "indice_b", "talent_b", "modificateur_b", "defense_b", "initiative", "avantage_b")
    for nom in actif_seulement:
        expect(form.locator(f'[name="{nom}"]')).to_be_visible()
    form.locator('[name="adversaire"]').select_option("passif")
    for nom in actif_seulement:
        expect(form.locator(f'[name="{nom}"]')).to_be_hidden()
    for nom in ("seuil_a", "indice_a", "nom_b", "armure_b", "objectif"):
        expect(form.locator(f'[name="{nom}"]')).to_be_visible()
    form.get_by_role("button", name="Calculer", exact=False).click()
    explication = form.locator(".calc-explication")
    expect(explication).to_contain_text("face à l'obstacle (passif)", timeout=CHARGEMENT_PYODIDE_MS)
    expect(form.locator(".calc-resultat")).not_to_contain_text("Bruno")
    # Un lien partagé d'un passif le rouvre passif, l'adversaire toujours caché ; « Valeurs par défaut » le rend actif.
    page.goto(serveur_site + "calculateur/?f=troisd6-scene&adversaire=interview&comparer=non")
    expect(form.locator(".calc-faits")).to_contain_text(
        "avantage critique, celui d'une interview", timeout=CHARGEMENT_PYODIDE_MS
    )
    expect(form.locator('[name="seuil_b"]')).to_be_hidden()
    form.get_by_role("button", name="Valeurs par défaut", exact=False).click()
    expect(form.locator('[name="seuil_b"]')).to_be_visible()
    page.close()


def test_un_refus_du_seuil_en_defense_sous_son_champ(contexte: BrowserContext, serveur_site: str) -> None:
    """Issue 21 : un lien qui porte un Indice de blocage impossible le montre sous son champ, « Plus d'options »
    déplié, nommé par son étiquette."""
    page = contexte.new_page()
    page.goto(serveur_site + "calculateur/?f=troisd6-scene&indice_defense_b=14D6&comparer=non")
    form = page.locator("#form-troisd6-scene")
    erreur = form.locator("#troisd6-scene-indice_defense_b-erreur")
    expect(erreur).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    expect(erreur).to_have_text(
        "Indice du blocage, s'il diffère : 14D6 +3 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; "
        "le texte ne définit rien au-delà"
    )
    expect(form.locator('[name="indice_defense_b"]')).to_be_visible()
    expect(form.locator('[name="indice_defense_b"]')).to_have_attribute("aria-invalid", "true")
    page.close()
