"""3D6 › Scènes majeures › Effet et avantages : la table et la progression."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import Avantage, avantage, progression

AVANTAGES = st.sampled_from(list(Avantage))


@pytest.mark.parametrize(
    ("points", "attendu"),
    [
        (-5, Avantage.AUCUN),
        (0, Avantage.AUCUN),
        (1, Avantage.LEGER),
        (3, Avantage.LEGER),
        (4, Avantage.MOYEN),
        (6, Avantage.MOYEN),
        (7, Avantage.FORT),
        (9, Avantage.FORT),
        (10, Avantage.CRITIQUE),
        (12, Avantage.CRITIQUE),
        (13, Avantage.DEFINITIF),
        (99, Avantage.DEFINITIF),
    ],
)
def test_table_du_texte(points: int, attendu: Avantage) -> None:
    assert avantage(points) is attendu


def test_exemple_six_points_avantage_moyen() -> None:
    # « Un personnage ayant fait 6 à son jet d'effet obtient un avantage moyen. Au tour suivant
    # […] au moins un cran de plus (avantage fort) si il fait 1 point d'effet ou plus. Par contre
    # si il fait entre 10 et 12 points d'effet, il passera directement à un avantage critique. »
    moyen = progression(Avantage.AUCUN, 6)
    assert moyen is Avantage.MOYEN
    assert all(progression(moyen, p) is Avantage.FORT for p in range(1, 10))
    assert all(progression(moyen, p) is Avantage.CRITIQUE for p in (10, 11, 12))
    assert progression(moyen, 13) is Avantage.DEFINITIF


def test_exemples_des_scenes() -> None:
    assert progression(Avantage.AUCUN, 3 - 4) is Avantage.AUCUN  # Nice, tour 1 (selon le texte)
    assert progression(Avantage.AUCUN, 5) is Avantage.MOYEN  # Nice, tour 2
    assert progression(Avantage.AUCUN, 3) is Avantage.LEGER  # réparation, jet 1
    assert progression(Avantage.LEGER, 10) is Avantage.CRITIQUE  # réparation, jet 2


@given(AVANTAGES, st.integers(-30, 30))
def test_progression_ne_descend_jamais(actuel: Avantage, points: int) -> None:
    nouveau = progression(actuel, points)
    assert nouveau >= actuel
    if points >= 1:
        assert nouveau >= avantage(points)
        assert nouveau >= actuel.cran_suivant()
        assert nouveau in (actuel.cran_suivant(), avantage(points))
    else:
        assert nouveau is actuel


@given(AVANTAGES, st.integers(-30, 30), st.integers(-30, 30))
def test_progression_croissante_en_points(actuel: Avantage, a: int, b: int) -> None:
    bas, haut = sorted((a, b))
    assert progression(actuel, bas) <= progression(actuel, haut)


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_table_croissante(a: int, b: int) -> None:
    bas, haut = sorted((a, b))
    assert avantage(bas) <= avantage(haut)


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="points doit être un entier"):
        avantage(2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="points doit être un entier"):
        avantage(True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="actuel doit être un Avantage"):
        progression("moyen", 3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("actuel", "suivant"),
    [
        (Avantage.AUCUN, Avantage.LEGER),
        (Avantage.LEGER, Avantage.MOYEN),
        (Avantage.MOYEN, Avantage.FORT),
        (Avantage.FORT, Avantage.CRITIQUE),
        (Avantage.CRITIQUE, Avantage.DEFINITIF),
        (Avantage.DEFINITIF, Avantage.DEFINITIF),  # le définitif reste définitif
    ],
)
def test_un_cran_de_plus_et_le_definitif_reste_definitif(actuel: Avantage, suivant: Avantage) -> None:
    assert actuel.cran_suivant() is suivant
    # « A chaque nouvel effet d'au moins 1 point, l'avantage du joueur augmente de 1 cran » : 1 point suffit.
    assert progression(actuel, 1) is suivant
