"""3D6 › Scènes de réflexion : sabotage, échecs, assistance."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import (
    Accroissement,
    Niveau,
    accroissement_difficulte,
    aide,
    difficulte_sabotage,
    jet,
    peut_assister,
)


def test_sabotage_exemple_du_texte() -> None:
    assert difficulte_sabotage(3, reussi=True, talent=2) == -3  # Note 1 : le sabotage réussi
    assert difficulte_sabotage(3, reussi=False, talent=2) == -2  # « talent Mécanique 2 […] niveau −2 »
    assert difficulte_sabotage(3, reussi=False, talent=0) == -1  # « minimum −1 »


def test_accroissement_apres_chaque_echec() -> None:
    assert accroissement_difficulte(jet(7, (6, 4, 2))).points == 0
    assert accroissement_difficulte(jet(7, (6, 4, 2)), echec_simple_compte=True).points == 1
    assert [accroissement_difficulte(jet(7, (5, 5, 2)), d).points for d in (1, 2, 3)] == [2, 3, 4]
    assert [accroissement_difficulte(jet(7, (4, 4, 4)), d).points for d in range(1, 7)] == list(range(3, 9))


@given(st.integers(0, 2**32))
def test_accroissement_tire_dans_les_bornes(graine: int) -> None:
    assert 2 <= accroissement_difficulte(jet(7, (5, 5, 2)), rng=random.Random(graine)).points <= 4
    assert 3 <= accroissement_difficulte(jet(7, (4, 4, 4)), rng=random.Random(graine)).points <= 8


def test_aide_sur_les_216_jets() -> None:
    regle = {Niveau.REUSSITE_SIMPLE: 0, Niveau.ECHEC_SIMPLE: 0, Niveau.REUSSITE_SPECIALE: 1, Niveau.ECHEC_SPECIAL: -1}
    for des in product(range(1, 7), repeat=3):
        j = jet(11, des)
        if j.niveau is Niveau.REUSSITE_CRITIQUE:
            assert aide(j) == des[0]
        elif j.niveau is Niveau.ECHEC_CRITIQUE:
            assert aide(j) == -des[0]
        else:
            assert aide(j) == regle[j.niveau]


def test_peut_assister() -> None:
    assert peut_assister(2, 1) and peut_assister(2, 5) and not peut_assister(2, 0)
    assert not peut_assister(2, 2, base_ou_familiarite=True)
    assert peut_assister(0, 0)


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="jet_rate doit être un jet raté"):
        accroissement_difficulte(jet(7, (1, 2, 3)))
    with pytest.raises(ValueError, match="de doit être un entier entre 1 et 3"):
        accroissement_difficulte(jet(7, (5, 5, 2)), 4)
    with pytest.raises(ValueError, match="un échec simple ne lance pas de dé"):
        accroissement_difficulte(jet(7, (6, 4, 2)), 2)
    with pytest.raises(ValueError, match="talent doit être un entier ≥ 0"):
        difficulte_sabotage(3, reussi=False, talent=-1)
    with pytest.raises(ValueError, match="reussi doit être True ou False"):
        difficulte_sabotage(3, reussi=1, talent=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="jet_assistant doit être un Jet"):
        aide(None)  # type: ignore[arg-type]


def test_l_accroissement_garde_le_niveau_et_le_de() -> None:
    # « −(1D3+1) si échec spécial, −(1D6+2) si échec critique » : le niveau raté, le dé lu, les points.
    assert accroissement_difficulte(jet(7, (5, 5, 2)), 2) == Accroissement(
        Niveau.ECHEC_SPECIAL, (2,), 3, "Échec spécial : difficulté accrue de 1D3+1 = 2+1 = 3 points."
    )
    assert accroissement_difficulte(jet(7, (4, 4, 4)), 6) == Accroissement(
        Niveau.ECHEC_CRITIQUE, (6,), 8, "Échec critique : difficulté accrue de 1D6+2 = 6+2 = 8 points."
    )
    # L'échec simple ne lance pas de dé : « reste au même niveau », ou « −1 point ».
    assert accroissement_difficulte(jet(7, (6, 4, 2))) == Accroissement(
        Niveau.ECHEC_SIMPLE, (), 0, "Échec simple : la tâche reste au même niveau de difficulté."
    )
    assert accroissement_difficulte(jet(7, (6, 4, 2)), echec_simple_compte=True) == Accroissement(
        Niveau.ECHEC_SIMPLE, (), 1, "Échec simple : difficulté accrue de 1 point (« en règle générale »)."
    )


def test_le_de_tire_est_un_seul_tirage_de_rng() -> None:
    """Le D3 (ou le D6) vient de `rng`, et lui seul : une partie rejouée avec la même graine retombe juste."""
    for graine in range(20):
        rng, temoin = random.Random(graine), random.Random(graine)
        a = accroissement_difficulte(jet(7, (5, 5, 2)), rng=rng)
        assert a.des == (temoin.randint(1, 3),) and rng.random() == temoin.random()
        rng, temoin = random.Random(graine), random.Random(graine)
        a = accroissement_difficulte(jet(7, (4, 4, 4)), rng=rng)
        assert a.des == (temoin.randint(1, 6),) and rng.random() == temoin.random()


def test_un_sabotage_de_niveau_zero_laisse_la_difficulte_normale() -> None:
    assert difficulte_sabotage(0, reussi=True, talent=2) == 0


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (
            lambda: accroissement_difficulte("x"),
            "jet_rate doit être un Jet (le résultat de rules.troisd6.jet), reçu 'x'",
        ),  # type: ignore[arg-type]
        (lambda: accroissement_difficulte(jet(7, (5, 5, 2)), 0), "de doit être un entier entre 1 et 6, reçu 0"),
        (lambda: accroissement_difficulte(jet(7, (4, 4, 4)), 7), "de doit être un entier entre 1 et 6, reçu 7"),
        (lambda: accroissement_difficulte(jet(7, (5, 5, 2)), 4), "de doit être un entier entre 1 et 3, reçu 4"),
        (lambda: accroissement_difficulte(jet(7, (6, 4, 2)), 2), "de : un échec simple ne lance pas de dé, reçu 2"),
        (
            lambda: accroissement_difficulte(jet(7, (5, 5, 2)), rng=3),
            "rng doit être un random.Random (ou None), reçu 3",
        ),  # type: ignore[arg-type]
        (
            lambda: accroissement_difficulte(jet(7, (5, 5, 2)), 2, rng=3),
            "rng doit être un random.Random (ou None), reçu 3",
        ),  # type: ignore[arg-type]
        (lambda: accroissement_difficulte(jet(7, (1, 2, 3))), "jet_rate doit être un jet raté, reçu Réussite simple"),
        (lambda: difficulte_sabotage(-1, True, 2), "niveau_choisi doit être un entier ≥ 0, reçu -1"),
        (lambda: difficulte_sabotage(3, True, -1), "talent doit être un entier ≥ 0, reçu -1"),
        (lambda: difficulte_sabotage(3, "oui", 1), "reussi doit être True ou False, reçu 'oui'"),  # type: ignore[arg-type]
        (lambda: peut_assister(-1, 1), "niveau_principal doit être un entier ≥ 0, reçu -1"),
        (lambda: peut_assister(1, -1), "niveau_assistant doit être un entier ≥ 0, reçu -1"),
        (lambda: peut_assister(1, 1, base_ou_familiarite=1), "base_ou_familiarite doit être True ou False, reçu 1"),  # type: ignore[arg-type]
        (lambda: aide("x"), "jet_assistant doit être un Jet (le résultat de rules.troisd6.jet), reçu 'x'"),  # type: ignore[arg-type]
    ],
)
def test_refus_en_francais(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message
