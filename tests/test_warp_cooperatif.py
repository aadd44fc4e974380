"""WaRP › Tests coopératifs : l'aide des Bêtas, le jet de l'Alpha, les chances exactes.

Les chances exactes sont vérifiées contre une énumération brute de tous les dés
(écrite ici indépendamment de `rules.warp.jets`) et contre une simulation à graine fixe.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.warp import (
    AIDE,
    Resultat,
    aide,
    cooperation,
    distribution,
    distribution_aide,
    distribution_cooperative,
)

R = Resultat


def resultat_brut(des: tuple[int, ...], trait: int, net: int) -> Resultat:
    """La règle du jet simple, réécrite naïvement pour servir d'oracle."""
    if trait == 0:
        return R.ECHEC
    gardes = sorted(des, reverse=net >= 0)[:trait]
    if all(v == 1 for v in gardes):
        return R.CATASTROPHE
    reussi = sum(gardes) > 3 * trait
    if 6 in gardes:
        return R.MAGISTRALE if reussi else R.COMPENSATION
    return R.REUSSITE if reussi else R.ECHEC


@cache
def loi_brute(trait: int, net: int) -> dict[Resultat, Fraction]:
    n = trait + abs(net) if trait else 0
    loi: dict[Resultat, Fraction] = defaultdict(Fraction)
    for des in product(range(1, 7), repeat=n):
        loi[resultat_brut(des, trait, net)] += Fraction(1, 6**n)
    return dict(loi)


def cooperatif_brut(alpha: int, betas: list[int], net: int) -> dict[Resultat, Fraction]:
    """Tous les dés de tous les Bêtas, l'aide arrondie à la main, puis l'Alpha."""
    n = sum(t + abs(net) if t else 0 for t in betas)
    loi: dict[Resultat, Fraction] = defaultdict(Fraction)
    for des in product(range(1, 7), repeat=n):
        i, demis = 0, 0
        for t in betas:
            k = t + abs(net) if t else 0
            r = resultat_brut(des[i : i + k], t, net)
            i += k
            demis += {
                R.CATASTROPHE: -2,
                R.ECHEC: 0,
                R.COMPENSATION: 1,
                R.REUSSITE: 2,
                R.MAGISTRALE: 4,
            }[r]
        total = math.floor(demis / 2)
        for r, p in loi_brute(alpha, net + total).items():
            loi[r] += p / 6**n
    return dict(loi)


# --- Exemples chiffrés --------------------------------------------------------


def test_l_aide_du_tableau() -> None:
    attendu = {
        R.CATASTROPHE: -1,
        R.ECHEC: 0,
        R.COMPENSATION: Fraction(1, 2),
        R.REUSSITE: 1,
        R.MAGISTRALE: 2,
    }
    assert attendu == AIDE
    assert aide([R.REUSSITE, R.COMPENSATION]) == 1  # 1½ arrondi en dessous
    assert aide([R.COMPENSATION, R.COMPENSATION]) == 1
    assert aide([R.MAGISTRALE, R.ECHEC, R.CATASTROPHE]) == 1


def test_aide_negative_arrondie_vers_moins_l_infini() -> None:
    """Interprétation : −1 + ½ = −½ s'arrondit à −1 (en dessous), pas à 0."""
    assert aide([R.CATASTROPHE, R.COMPENSATION]) == -1
    assert aide([R.CATASTROPHE, R.CATASTROPHE, R.COMPENSATION]) == -2


def test_reparation_de_la_navette_a_trois() -> None:
    """Kessa (3d) dirige ; Orun (2d) et Vil (3d) l'aident ; 1d de malus (pièces de fortune)."""
    t = cooperation(
        3,
        [2, 3],
        malus=1,
        des_betas=[(5, 4, 1), (6, 2, 1, 4)],
        des_alpha=(6, 5, 4, 3),
    )
    # Orun : 3d6, garde les 2 pires (4, 1) = 5 ≤ 6 : Échec ; Vil : (4, 2, 1) = 7 ≤ 9 : Échec.
    assert [j.resultat for j in t.jets_betas] == [R.ECHEC, R.ECHEC]
    assert t.aide == 0
    # L'Alpha garde le malus de la situation : 4d6, les 3 pires (5, 4, 3) = 12 > 9.
    assert t.jet_alpha.gardes == (5, 4, 3)
    assert t.resultat is R.REUSSITE


def test_l_aide_negative_devient_du_malus() -> None:
    t = cooperation(2, [1, 3], des_betas=[(1,), (6, 1, 1)], des_alpha=(6, 6, 1))
    assert t.aide == -1  # Catastrophe (−1) + Compensation (+½) = −½ → −1
    assert (t.jet_alpha.bonus, t.jet_alpha.malus, t.jet_alpha.gardes) == (0, 1, (6, 1))
    assert t.resultat is R.MAGISTRALE  # 7 > 6 avec un 6 gardé, malgré le malus
    assert "aide totale −½ arrondie en dessous : 1d de malus" in t.explication


def test_les_des_d_experience_sont_independants() -> None:
    t = cooperation(
        2,
        [2, 2],
        experience_alpha=True,
        experience_betas=[False, True],
        des_betas=[(4, 4), (1, 1, 2)],
        des_alpha=(1, 1, 1, 2),
    )
    assert [j.bonus for j in t.jets_betas] == [0, 1]
    # Bêta 2 : 3d6 garde (2, 1) : Échec. Aide 1 + dé d'expérience de l'Alpha : 2d de bonus.
    assert (t.aide, t.jet_alpha.bonus) == (1, 2)


# --- Chances exactes ---------------------------------------------------------


def test_distribution_aide_contre_brute_force() -> None:
    for betas, net in [([1], 0), ([2, 1], 0), ([3], 1), ([1, 1], -1), ([0, 3], 0)]:
        loi_demis: dict[int, Fraction] = defaultdict(Fraction)
        n = sum(t + abs(net) if t else 0 for t in betas)
        for des in product(range(1, 7), repeat=n):
            i, s = 0, Fraction(0)
            for t in betas:
                k = t + abs(net) if t else 0
                s += AIDE[resultat_brut(des[i : i + k], t, net)]
                i += k
            loi_demis[math.floor(s)] += Fraction(1, 6**n)
        attendu = dict(sorted(loi_demis.items()))
        bonus, malus = max(net, 0), max(-net, 0)
        assert distribution_aide(betas, bonus=bonus, malus=malus) == attendu, (betas, net)


@pytest.mark.parametrize(("alpha", "betas", "net"), [(2, [1, 1], 0), (3, [1, 2], 0), (2, [3], -1), (1, [2], 1)])
def test_distribution_cooperative_contre_brute_force(alpha: int, betas: list[int], net: int) -> None:
    attendu = cooperatif_brut(alpha, betas, net)
    calcule = distribution_cooperative(alpha, betas, bonus=max(net, 0), malus=max(-net, 0))
    assert sum(calcule.values()) == 1
    assert {r: p for r, p in calcule.items() if p} == attendu


def test_distribution_cooperative_contre_simulation_grainee() -> None:
    """Tolérance : 4 écarts-types de la proportion observée sur N = 3 000 Tests."""
    n = 3000
    rng = random.Random(20261129)
    reussites = sum(cooperation(3, [2, 3], malus=1, rng=rng).resultat.reussi for _ in range(n))
    d = distribution_cooperative(3, [2, 3], malus=1)
    p = float(d[R.REUSSITE] + d[R.MAGISTRALE])
    assert abs(reussites / n - p) <= 4 * math.sqrt(p * (1 - p) / n)


def test_sans_beta_c_est_un_jet_simple() -> None:
    assert distribution_cooperative(3, [], bonus=1) == distribution(3, bonus=1)


# --- Propriétés --------------------------------------------------------------

resultats = st.lists(st.sampled_from(list(Resultat)), max_size=8)


@given(resultats)
def test_aide_est_le_total_arrondi_en_dessous(rs: list[Resultat]) -> None:
    total = sum((AIDE[r] for r in rs), Fraction(0))
    assert aide(rs) <= total < aide(rs) + 1


def _reussite(d: dict[Resultat, Fraction]) -> Fraction:
    return d[R.REUSSITE] + d[R.MAGISTRALE]


@settings(max_examples=30, deadline=None)
@given(
    alpha=st.integers(0, 4),
    betas=st.lists(st.integers(0, 3), max_size=2),
    bonus=st.integers(0, 1),
    malus=st.integers(0, 2),
    qui=st.integers(-1, 1),
)
def test_un_de_d_experience_ne_nuit_jamais(alpha: int, betas: list[int], bonus: int, malus: int, qui: int) -> None:
    """Ni pour l'Alpha (qui = −1) ni pour un Bêta : la chance de réussite ne baisse pas."""
    sans = distribution_cooperative(alpha, betas, bonus=bonus, malus=malus)
    if qui < 0 or qui >= len(betas):
        avec = distribution_cooperative(alpha, betas, bonus=bonus, malus=malus, experience_alpha=True)
    else:
        xp = [i == qui for i in range(len(betas))]
        avec = distribution_cooperative(alpha, betas, bonus=bonus, malus=malus, experience_betas=xp)
    assert _reussite(avec) >= _reussite(sans)


def test_l_aide_peut_porter_l_alpha_au_dela_des_bornes_d_un_jet_simple() -> None:
    """12 Bêtas et 12 dés de bonus : l'Alpha peut lancer 1 + 37 dés ; sa loi vient d'une formule fermée.

    Un Alpha à 1d qui garde le meilleur de n dés : Catastrophe 1/6ⁿ, Échec (2 ou 3)
    (3ⁿ − 1)/6ⁿ, Réussite (4 ou 5) (5ⁿ − 3ⁿ)/6ⁿ, Magistrale 1 − (5/6)ⁿ.
    """
    betas = [1] * 12
    attendu: defaultdict[Resultat, Fraction] = defaultdict(Fraction)
    for total, p in distribution_aide(betas, bonus=12).items():
        n = 1 + 12 + total
        for r, q in (
            (R.CATASTROPHE, Fraction(1, 6**n)),
            (R.ECHEC, Fraction(3**n - 1, 6**n)),
            (R.REUSSITE, Fraction(5**n - 3**n, 6**n)),
            (R.MAGISTRALE, 1 - Fraction(5, 6) ** n),
        ):
            attendu[r] += p * q
    assert max(distribution_aide(betas, bonus=12)) == 24
    assert distribution_cooperative(1, betas, bonus=12) == {r: attendu[r] for r in Resultat}
    assert sum(distribution_cooperative(12, [12] * 12, bonus=12).values()) == 1


# --- Entrées invalides ---------------------------------------------------------


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: aide(["Réussite"]), r"resultats\[0\] doit être un Resultat"),
        (lambda: aide(R.REUSSITE), "resultats doit être une suite d'au plus 12 Resultat"),
        (lambda: aide([R.REUSSITE, 1]), r"resultats\[1\] doit être un Resultat"),
        (lambda: cooperation(-1, [2]), "alpha doit être un entier ≥ 0, reçu -1"),
        (lambda: cooperation(3, [2, -2]), r"betas\[1\] doit être un entier ≥ 0, reçu -2"),
        (lambda: cooperation(3, 2), "betas doit être une suite d'au plus 12 Traits"),
        (lambda: cooperation(3, [2], experience_betas=[True, True]), "un par Bêta"),
        (
            lambda: cooperation(3, [2], experience_alpha=1),
            "experience_alpha doit être True ou False",
        ),
        (lambda: cooperation(3, [2], des_betas=[(1, 2), (3, 4)]), "chacun des 1 Bêtas"),
        (lambda: cooperation(3, [2], des_betas=[(1, 2, 3)]), "des doit contenir exactement 2 dés"),
        (lambda: distribution_cooperative(3, [2], malus=-1), "malus doit être un entier ≥ 0"),
        (lambda: distribution_cooperative(13, [2]), "alpha doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        (lambda: distribution_aide([2, 13]), r"betas\[1\] doit être ≤ 12 pour calculer des chances exactes"),
        (lambda: distribution_aide([1] * 13), "betas doit être une suite d'au plus 12 Traits .*reçu plus de 12"),
        (lambda: distribution_cooperative(3, [2], bonus=13), "au plus 12 dés de modificateur nets"),
    ],
)
def test_entrees_invalides(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        appel()
