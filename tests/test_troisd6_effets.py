"""3D6 › Scènes majeures › Attaque : l'échelle des Indices et les points d'effet."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import ECHELLE_INDICES, Indice, effet, indice, loi_indice, monter


def test_echelle_reproduit_les_exemples_du_texte() -> None:
    assert monter("1D6+1D3", 1) == indice("2D6")  # Joséphine, « +1 niveau » : 2D6
    assert monter("1D6+1D3", 2) == indice("3D6")  # réparation de Philip, Dt = 2 : 3D6
    assert str(ECHELLE_INDICES[2]) == "1D6+1D3"


def test_echelle_une_seule_table_strictement_croissante() -> None:
    moyennes = [sum(t * p for t, p in loi_indice(i).items()) for i in ECHELLE_INDICES]
    assert moyennes == sorted(moyennes) and len(set(moyennes)) == len(moyennes)
    assert len(set(ECHELLE_INDICES)) == len(ECHELLE_INDICES)
    assert all(i.rang == n for n, i in enumerate(ECHELLE_INDICES))


def test_effets_des_exemples() -> None:
    assert effet("1D6+1D3", niveaux=1, total=4).points == 4  # Joséphine
    e = effet("1D6+1D3", dt=2, total=10)  # réparation, jet 2
    assert (str(e.indice), e.points) == ("3D6", 10)
    assert effet("2D6", total=3).points == 3  # Nice, tour 1 (Philip)
    assert effet("1D6+1D3", total=4).points == 4  # Nice, tour 1 (truands)


def test_speciale_ajoute_dd_critique_monte_dt() -> None:
    e = effet("2D6", dd=5, des=(4, 3))
    assert (e.total_des, e.dd, e.points) == (7, 5, 12)
    e = effet("2D6", dt=3, niveaux=1, des=(1, 1, 1, 1, 1, 1))
    assert (str(e.indice), e.niveaux, e.points) == ("6D6", 4, 6)
    assert effet("1D6+1D3", bonus_points=2, des=(6, 3)).points == 11


def _loi_brute(i: Indice) -> dict[int, Fraction]:
    faces = [range(1, 7)] * i.d6 + [range(1, 4)] * i.d3
    tous = list(product(*faces))
    compte = Counter(sum(t) for t in tous)
    return {t: Fraction(n, len(tous)) for t, n in compte.items()}


@pytest.mark.parametrize("texte", ["1D3", "1D6", "1D6+1D3", "2D6", "3D6", "4D6", "5D6"])
def test_loi_indice_egale_enumeration_brute(texte: str) -> None:
    assert loi_indice(texte) == _loi_brute(indice(texte))


@pytest.mark.parametrize("texte", ["1D6+1D3", "3D6"])
def test_loi_indice_egale_icepool(texte: str) -> None:
    i = indice(texte)
    de = icepool.d6.pool(i.d6).sum() + icepool.d3.pool(i.d3).sum() if i.d3 else icepool.d6.pool(i.d6).sum()
    oracle = {int(t): Fraction(n, de.denominator()) for t, n in de.items()}
    assert loi_indice(i) == oracle


@given(st.sampled_from(ECHELLE_INDICES[:8]), st.integers(0, 2**32))
def test_effet_tire_reste_dans_les_bornes(i: Indice, graine: int) -> None:
    e = effet(i, rng=random.Random(graine))
    assert e.des is not None and len(e.des) == i.d6 + i.d3
    assert i.minimum <= e.points <= i.maximum


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="total : un jet de 2D6 fait de 2 à 12"):
        effet("2D6", total=13)
    with pytest.raises(ValueError, match="indice doit s'écrire"):
        indice("1D8")
    with pytest.raises(ValueError, match="sort de l'échelle"):
        monter("1D3", -1)
    with pytest.raises(ValueError, match="sort de l'échelle"):
        monter("2D6", 40)
    with pytest.raises(ValueError, match="des doit contenir 2 dés"):
        effet("2D6", des=(4,))
    with pytest.raises(ValueError, match="chaque dé doit être un entier entre 1 et 3"):
        effet("1D6+1D3", des=(4, 5))
    with pytest.raises(ValueError, match="dt doit être un entier entre 1 et 6"):
        effet("2D6", dt=7, total=5)
    with pytest.raises(ValueError, match="pas les deux"):
        effet("2D6", des=(1, 1), total=2)
    with pytest.raises(ValueError, match="au moins un dé"):
        Indice(0, 0)
    with pytest.raises(ValueError, match="n'est pas sur l'échelle"):
        monter(Indice(2, 1), 1)
