"""3D6 › Scènes mineures : opposées (meilleur niveau, puis total le plus haut) et sans opposition."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import (
    Issue,
    Niveau,
    chances_scene_non_opposee,
    chances_scene_opposee,
    jet,
    probabilite_reussite,
    scene_non_opposee,
    scene_opposee,
)

TOUS_LES_JETS = list(product(range(1, 7), repeat=3))


def _cles(seuil: int) -> list[tuple[int, int]]:
    """(rang du niveau, total) de chacun des 216 jets ordonnés : la règle se lit dans cet ordre."""
    return [(jet(seuil, d).niveau.rang, sum(d)) for d in TOUS_LES_JETS]


def test_meilleur_niveau_gagne_meme_avec_un_total_plus_bas() -> None:
    s = scene_opposee(jet(12, (5, 3, 1)), jet(11, (4, 4, 2)))
    assert s.issue is Issue.SECOND and not s.departage_par_total


def test_niveau_egal_le_total_le_plus_haut_gagne() -> None:
    s = scene_opposee(jet(12, (6, 3, 2)), jet(14, (5, 4, 1)))
    assert s.issue is Issue.PREMIER and s.departage_par_total


def test_deux_echecs_le_meilleur_echec_gagne() -> None:
    s = scene_opposee(jet(5, (6, 4, 1)), jet(5, (6, 6, 2)))
    assert (s.premier.niveau, s.second.niveau) == (Niveau.ECHEC_SIMPLE, Niveau.ECHEC_SPECIAL)
    assert s.issue is Issue.PREMIER


def test_niveaux_et_totaux_egaux_egalite() -> None:
    s = scene_opposee(jet(10, (4, 3, 2)), jet(12, (6, 2, 1)))
    assert s.issue is Issue.EGALITE
    assert "le texte ne désigne pas de vainqueur" in s.explication


def test_scene_non_opposee() -> None:
    j = jet(8, (5, 2, 1))
    assert scene_non_opposee(j).gagne and scene_non_opposee(j).jet is j
    assert not scene_non_opposee(jet(8, (5, 3, 1))).gagne
    assert chances_scene_non_opposee(9) == probabilite_reussite(9) == Fraction(3, 8)


@pytest.mark.parametrize(("sa", "sb"), [(10, 10), (8, 9), (12, 7), (2, 19), (-3, 25), (18, 3)])
def test_chances_opposees_egales_enumeration_brute(sa: int, sb: int) -> None:
    compte = dict.fromkeys(Issue, 0)
    cles_b = _cles(sb)
    for cle_a in _cles(sa):
        for cle_b in cles_b:
            if cle_a == cle_b:
                compte[Issue.EGALITE] += 1
            else:
                compte[Issue.PREMIER if cle_a > cle_b else Issue.SECOND] += 1
    attendu = {i: Fraction(n, 216**2) for i, n in compte.items()}
    assert chances_scene_opposee(sa, sb) == attendu


def test_egalite_a_seuils_egaux() -> None:
    assert chances_scene_opposee(10, 10)[Issue.EGALITE] == Fraction(25, 486)


@given(st.integers(-5, 25), st.integers(-5, 25))
def test_symetrie_et_monotonie(sa: int, sb: int) -> None:
    c, inverse = chances_scene_opposee(sa, sb), chances_scene_opposee(sb, sa)
    assert c[Issue.PREMIER] == inverse[Issue.SECOND]
    assert c[Issue.EGALITE] == inverse[Issue.EGALITE]
    assert sum(c.values()) == 1


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: scene_opposee((1, 2, 3), jet(9, (1, 2, 3))), "premier doit être un Jet"),
        (lambda: scene_opposee(jet(9, (1, 2, 3)), None), "second doit être un Jet"),
        (lambda: scene_non_opposee(9), "jet doit être un Jet"),
        (lambda: chances_scene_opposee(9.5, 9), "seuil_premier doit être un entier"),
        (lambda: chances_scene_opposee(9, "9"), "seuil_second doit être un entier"),
        (lambda: chances_scene_non_opposee(None), "seuil doit être un entier"),
    ],
)
def test_entrees_invalides(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        appel()
