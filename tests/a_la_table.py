"""Ce que partagent les tests navigateur d'« À la table » : la page, les fiches des textes, et les gestes d'un joueur."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.conftest import CHARGEMENT_PYODIDE_MS
from tests.navigateur import Page, expect

__all__ = [
    "ADA",
    "BOURRIN",
    "CLE",
    "PAGE",
    "PHILIP",
    "TRUANDS",
    "attendre_la_demande_du_wasm",
    "garder",
    "jeter",
    "lignes_pretes",
]

PAGE = "a-la-table/"
CLE = "regles-executables/table/"

BOURRIN = {
    "id": "bourrin",
    "systeme": "warp",
    "nom": "le bourrin",
    "traits": [{"nom": "Phaseur", "des": 3}, {"nom": "Mécanique", "des": 2}],
    "experience": 1,
}
PHILIP = {
    "id": "philip",
    "systeme": "3d6",
    "nom": "Philip",
    "caracteristiques": [{"nom": "DEX", "indice": "2D6"}],
    "talents": [{"nom": "Conduite Voiture", "niveau": 2}],
}
TRUANDS = {
    "id": "truands",
    "systeme": "3d6",
    "nom": "les truands",
    "caracteristiques": [{"nom": "DEX", "indice": "1D6+1D3"}],
    "talents": [{"nom": "Conduite Voiture", "niveau": 1}],
}

ADA = {
    "id": "ada",
    "systeme": "warp",
    "nom": "Ada",
    "traits": [{"nom": "Mécanique", "des": 3}],
    "experience": 1,
}


def attendre_la_demande_du_wasm(page: Page, retenues: list[Any]) -> None:
    """Attend (au plus `CHARGEMENT_PYODIDE_MS`) que la route qui retient `pyodide.asm.wasm` reçoive sa demande.

    Le worker de la page ne demande le wasm qu'après ses modules : sous charge, plusieurs secondes après les
    gestes qui le chargent (vu en CI : plus de 500 ms). Le test juge ensuite `retenues` lui-même."""
    fin = time.monotonic() + CHARGEMENT_PYODIDE_MS / 1000
    while not retenues and time.monotonic() < fin:
        page.wait_for_timeout(100)  # laisse Playwright traiter la requête retenue


def garder(page: Page, fiches: list[dict[str, Any]]) -> None:
    """Des fiches déjà gardées sur l'appareil (acceptées), avant que la page ne s'ouvre."""
    entrees = [
        {"id": f["id"], "systeme": f["systeme"], "fiche": f, "brouillon": None, "lignes": [], "erreurs": {}}
        for f in fiches
    ]
    page.add_init_script(
        f"if (!localStorage.getItem('{CLE}fiches')) localStorage.setItem('{CLE}fiches', {json.dumps(json.dumps(entrees))})"
    )


def lignes_pretes(page: Page, libelle: str) -> None:
    """Python a vérifié la fiche choisie : ses lignes (écrites par lui) sont des boutons."""
    page.get_by_role("button", name="Modifier la fiche").focus()  # le premier geste : Python se charge
    expect(page.get_by_role("button", name=libelle, exact=True)).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)


def jeter(page: Page, ligne: str, des: str) -> None:
    page.get_by_role("button", name=ligne, exact=True).click()
    page.get_by_label("Dés jetés").fill(des)
    page.get_by_role("button", name="Valider mes dés").click()
