"""3D6 › Scènes de réflexion : sabotage, échecs, assistance."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import (
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
