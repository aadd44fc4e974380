"""WaRP › Tests étendus : la loi du nombre de rounds (`distribution_rounds`).

Oracle indépendant : l'énumération de toutes les suites de résultats des
premiers rounds (5ⁿ suites, chacune pesée par la loi d'un jet simple), arrêtées
par `issue` ; puis des Tests joués par `derouler` avec des dés tirés à graine fixe.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.warp import EFFETS, Resultat, derouler, distribution, distribution_rounds, issue_etendue, rounds_esperes


def _par_suites(trait: int, c: int, m: int, bonus: int, malus: int, maximum: int) -> dict[int, Fraction]:
    loi = distribution(trait, bonus=bonus, malus=malus)
    fins: dict[int, Fraction] = dict.fromkeys(range(1, maximum + 1), Fraction(0))
    for suite in product(list(Resultat), repeat=maximum):
        p, progres, revers = Fraction(1), 0, 0
        for n, res in enumerate(suite, start=1):
            p *= loi[res]
            progres, revers = progres + EFFETS[res][0], revers + EFFETS[res][1]
            if issue_etendue(progres, revers, c, m) is not None:
                fins[n] += p  # les suites qui continuent après la fin comptent une fois chacune par suffixe…
                break
    # … chaque fin au round n est comptée 5^(maximum − n) fois : on la ramène à une fois.
    return {n: p / 5 ** (maximum - n) for n, p in fins.items()}


@pytest.mark.parametrize(
    ("trait", "c", "m", "bonus", "malus"), [(3, 2, 2, 0, 0), (2, 3, 2, 1, 0), (4, 2, 3, 0, 2), (1, 1, 1, 0, 0)]
)
def test_egale_l_enumeration_des_suites(trait: int, c: int, m: int, bonus: int, malus: int) -> None:
    assert distribution_rounds(trait, c, m, bonus=bonus, malus=malus, maximum=5) == _par_suites(
        trait, c, m, bonus, malus, 5
    )


def test_trait_nul_finit_a_la_maniabilite() -> None:
    # 0d : Échec automatique à chaque round, un Revers par round.
    assert distribution_rounds(0, 3, 4, maximum=6) == {1: 0, 2: 0, 3: 0, 4: 1, 5: 0, 6: 0}


def test_par_defaut_vingt_rounds_les_memes_qu_un_horizon_plus_long() -> None:
    # Sans `maximum`, les 20 premiers rounds (la signature) ; chacun a la même chance qu'avec un horizon plus long.
    loi_longue = distribution_rounds(3, 4, 3, maximum=30)
    assert distribution_rounds(3, 4, 3) == {n: p for n, p in loi_longue.items() if n <= 20}


def test_egale_les_tests_joues_a_graine_fixe() -> None:
    rng = random.Random(404)
    n = 3000
    vus = Counter(len(derouler(3, 4, 3, 1, rng=rng).rounds) for _ in range(n))
    for rounds, p in distribution_rounds(3, 4, 3, maximum=10).items():
        ecart = 4.5 * math.sqrt(float(p * (1 - p)) / n) + 1e-9
        assert abs(vus[rounds] / n - float(p)) <= ecart, (rounds, vus[rounds] / n, float(p))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 6), st.integers(1, 5), st.integers(1, 5), st.integers(0, 3), st.integers(0, 3))
def test_somme_et_esperance(trait: int, c: int, m: int, bonus: int, malus: int) -> None:
    loi = distribution_rounds(trait, c, m, bonus=bonus, malus=malus, maximum=100)
    assert all(p >= 0 for p in loi.values())
    assert sum(loi.values()) <= 1
    # Au plus C + M − 1 rounds décisifs : sans Compensation possible, tout est fini après eux.
    assert 1 - sum(loi.values()) < Fraction(1, 10**6) or sum(loi.values()) > Fraction(99, 100)
    esperance = sum((n * p for n, p in loi.items()), Fraction(0))
    assert esperance <= rounds_esperes(trait, c, m, bonus=bonus, malus=malus)
    assert float(rounds_esperes(trait, c, m, bonus=bonus, malus=malus) - esperance) < 0.05


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="maximum doit être un entier entre 1 et 100"):
        distribution_rounds(3, 2, 2, maximum=101)
    with pytest.raises(ValueError, match="complexite doit être ≤ 20"):
        distribution_rounds(3, 21, 2)
