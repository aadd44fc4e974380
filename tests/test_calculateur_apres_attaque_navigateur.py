"""« La défense, choisie après l'attaque » dans Chromium (375 px) : la page montre les chances que le paquet
calcule, et que `tests/enumeration_apres_attaque.py` recompte dé par dé ; le lien partagé garde l'attaque."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.calculateur import calculer
from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.enumeration_apres_attaque import CAS, attendu_tableaux
from tests.lecteur import remplir_et_calculer
from tests.moteur import exiger_runtime
from tests.navigateur import Browser, BrowserContext, Page, expect
from tests.parcours import TELEPHONE
from tests.surveillance import Surveillance, ouvrir

pytestmark = pytest.mark.navigateur


_AU_NAVIGATEUR = [CAS[0], CAS[1], CAS[2], CAS[8]]
"""L'exemple de l'issue, un blocage avec armure, une contre-attaque par un talent, une attaque donnée par ses dés."""


@pytest.fixture(scope="module")
def onglet(browser: Browser, serveur_site: str, site_construit: SiteConstruit) -> Iterator[tuple[BrowserContext, Page]]:
    """Le calculateur ouvert une fois à 375 px, Python chargé au premier cas : chaque cas repart de
    « Valeurs par défaut » (champs, résultat et adresse remis à zéro), comme le ferait un joueur
    (`tests/lecteur.remplir_et_calculer`)."""
    exiger_runtime(site_construit)
    contexte = browser.new_context(viewport=TELEPHONE)
    surveillance = Surveillance(contexte)
    page = contexte.new_page()
    ouvrir(page, serveur_site + "calculateur/#troisd6-apres-attaque")
    yield contexte, page
    contexte.close()
    surveillance.verifier()


@pytest.mark.parametrize("cas", _AU_NAVIGATEUR, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "exemple")
def test_le_navigateur_montre_ces_chances(onglet: tuple[BrowserContext, Page], cas: dict[str, str]) -> None:
    contexte, page = onglet
    form = page.locator("#form-troisd6-apres-attaque")
    expect(form).to_be_visible()
    remplir_et_calculer(page, "troisd6-apres-attaque", cas)  # « Valeurs par défaut », les champs du cas, « Calculer »
    lus = form.evaluate(
        """(f) => [...f.querySelectorAll('.calc-resultat table')].map((t) => [...t.tBodies[0].rows].map(
             (tr) => [...tr.cells].filter((c) => !c.classList.contains('calc-col-barre')).map((c) => c.textContent)))"""
    )
    resume, loi = attendu_tableaux(cas)
    assert [tuple(ligne[1:]) for ligne in lus[0]] == resume
    assert [tuple(ligne) for ligne in lus[1]] == loi
    reponse = calculer("troisd6-apres-attaque", cas)
    expect(form.locator(".calc-verdict-texte")).to_have_text(reponse.verdict or "")
    expect(form.locator(".calc-explication")).to_have_text(reponse.explication or "")
    # Le lien partagé garde l'attaque : rouvert dans un autre onglet, le même conseil.
    lien = form.locator(".calc-lien a").get_attribute("href")
    assert lien is not None
    autre = contexte.new_page()
    try:
        ouvrir(autre, lien)
        expect(autre.locator("#form-troisd6-apres-attaque .calc-explication")).to_have_text(
            reponse.explication or "", timeout=CHARGEMENT_PYODIDE_MS
        )
    finally:
        autre.close()
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
