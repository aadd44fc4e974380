"""3D6 : l'API du premier jalon reste stable, et chaque fonction cite sa source.

(La réexportation par le paquet est vérifiée pour tous les paquets dans test_api.py.)
"""

from __future__ import annotations

import inspect

import pytest

import rules.troisd6 as troisd6


def test_api_du_premier_jalon_stable() -> None:
    # Les scènes majeures (issue 5) s'appuient sur ces noms : ni renommés ni retirés.
    for nom in ["Niveau", "jet", "distribution", "seuil_caracteristique", "seuil_talent", "Difficulte"]:
        assert nom in troisd6.__all__
    r = troisd6.jet(9, (3, 3, 1))
    assert (r.des, r.total, r.seuil, r.dd, r.dt, r.reussi) == ((3, 3, 1), 7, 9, 3, None, True)
    assert r.explication


@pytest.mark.parametrize(
    "nom",
    [n for n in troisd6.__all__ if inspect.isfunction(getattr(troisd6, n)) or n in {"Niveau", "Difficulte", "Issue"}],
)
def test_chaque_fonction_cite_sa_source_et_a_des_exemples(nom: str) -> None:
    doc = inspect.getdoc(getattr(troisd6, nom)) or ""
    assert "3D6 ›" in doc, f"{nom} ne cite pas sa section source"
    assert "Examples:" in doc, f"{nom} n'a pas d'exemples"
