"""Les gestes d'un lecteur dans Chromium, partagés par les tests navigateur.

- une cellule (un exemple exécutable d'une page) : `modifier`, `executer`, lire sa `sortie`,
  par les noms que la page donne à ses commandes (« Modifier l'exemple 2 ») ;
- un formulaire du calculateur : `choisir` sa mécanique, puis `remplir_et_calculer` ;
- la fixture `contexte` : un téléphone (375 px) surveillé, le runtime exigé. Un module la prend par
  `contexte = lecteur.contexte` (pytest la connaît sous ce nom).

Importer ce module importe Playwright (`tests.navigateur`) : il saute le module qui l'importe si
Playwright manque, comme tout test navigateur.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules.calculateur import FORMULAIRES
from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.moteur import exiger_runtime
from tests.navigateur import Browser, BrowserContext, Page, expect
from tests.parcours import TELEPHONE
from tests.surveillance import Surveillance

__all__ = ["choisir", "contexte", "executer", "modifier", "remplir_et_calculer", "sortie"]


# ---------------------------------------------------------------- une cellule


def sortie(page: Page, rang: int) -> Any:
    """La sortie de la cellule `rang` (1 pour le premier exemple de la page)."""
    return page.get_by_role("group", name=f"Exemple {rang}", exact=True).locator(".cellule-sortie")


def modifier(page: Page, rang: int, code: str) -> None:
    """« Modifier », puis le code écrit dans l'éditeur (qui a pris le focus)."""
    page.get_by_role("button", name=f"Modifier l'exemple {rang}", exact=True).click()
    editeur = page.get_by_role("textbox", name=re.compile(f"^Code Python de l'exemple {rang} "))
    expect(editeur).to_be_focused()
    editeur.fill(code)


def executer(page: Page, rang: int) -> None:
    """« Exécuter », puis attendre que la cellule ait fini (son bouton redevient actif)."""
    page.get_by_role("button", name=f"Exécuter l'exemple {rang}", exact=True).click()
    expect(page.get_by_role("button", name=f"Exécuter l'exemple {rang}", exact=True)).to_be_enabled(
        timeout=CHARGEMENT_PYODIDE_MS
    )


# ---------------------------------------------------------------- le calculateur


def choisir(page: Page, nom: str) -> None:
    """Le sélecteur en haut de la page choisit la mécanique `nom` : son formulaire s'affiche."""
    page.select_option("#calc-mecanique", nom)
    expect(page.locator(f"#form-{nom}")).to_be_visible()


def remplir_et_calculer(page: Page, nom: str, entrees: dict[str, str]) -> None:
    """« Valeurs par défaut », les champs `entrees` (en dépliant « Plus d'options » au besoin), « Calculer »."""
    choisir(page, nom)
    form = page.locator(f"#form-{nom}")
    form.get_by_role("button", name="Valeurs par défaut", exact=False).click()
    for champ, valeur in entrees.items():
        controle = form.locator(f'[name="{champ}"]')
        if not controle.is_visible():  # sous « Plus d'options » : le lecteur le déplie
            form.locator("details.calc-plus > summary").click()
        sorte = FORMULAIRES[nom].champ(champ).sorte
        if sorte == "choix":
            controle.select_option(valeur)
        elif sorte == "case":
            controle.set_checked(valeur == "oui")
        else:
            controle.fill(valeur)
    form.get_by_role("button", name="Calculer", exact=False).click()
    expect(form.locator(".calc-etat")).to_contain_text("calculées", timeout=CHARGEMENT_PYODIDE_MS)


# ---------------------------------------------------------------- un téléphone


@pytest.fixture
def contexte(browser: Browser, site_construit: SiteConstruit) -> Iterator[BrowserContext]:
    """Un téléphone (375 px) surveillé, le runtime exigé ; ses onglets partagent le Cache Storage."""
    exiger_runtime(site_construit)
    contexte = browser.new_context(viewport=TELEPHONE)
    surveillance = Surveillance(contexte)
    yield contexte
    surveillance.verifier()
    contexte.close()
