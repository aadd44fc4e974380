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
from tests.oracles import resultat_brut

R = Resultat


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


def test_l_experience_d_un_beta_compte_dans_la_loi_de_l_aide() -> None:
    # Le dé d'expérience d'un Bêta est un dé de bonus de plus pour son seul jet.
    seul = distribution_aide([1], experience_betas=[True])
    assert seul == distribution_aide([1], bonus=1) != distribution_aide([1])
    assert distribution_aide([2, 1], experience_betas=[False, True]) != distribution_aide([2, 1])


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (
            lambda: aide(["Réussite"]),
            "resultats[0] doit être un Resultat (Catastrophe, Échec, Compensation, Réussite, Magistrale), reçu 'Réussite'",
        ),
        (
            lambda: aide(R.REUSSITE),
            "resultats doit être une suite d'au plus 12 Resultat (un par Bêta), reçu <Resultat.REUSSITE: 'Réussite'>",
        ),
        (
            lambda: aide([R.REUSSITE, 1]),
            "resultats[1] doit être un Resultat (Catastrophe, Échec, Compensation, Réussite, Magistrale), reçu 1",
        ),
        (lambda: cooperation(-1, [2]), "alpha doit être un entier ≥ 0, reçu -1"),
        (lambda: cooperation(61, [2]), "alpha doit être ≤ 60 (au plus 60 dés), reçu 61"),
        (lambda: cooperation(3, [2, -2]), "betas[1] doit être un entier ≥ 0, reçu -2"),
        (lambda: cooperation(3, [61]), "betas[0] doit être ≤ 60 (au plus 60 dés), reçu 61"),
        (lambda: cooperation(3, 2), "betas doit être une suite d'au plus 12 Traits (entiers ≥ 0), reçu 2"),
        (lambda: cooperation(3, [2], bonus=-1), "bonus doit être un entier ≥ 0, reçu -1"),
        (lambda: cooperation(3, [2], malus=61), "malus doit être ≤ 60 (au plus 60 dés), reçu 61"),
        (
            lambda: cooperation(3, [2], experience_betas=[True, True]),
            "experience_betas doit être une suite de 1 booléens (un par Bêta), reçu (True, True)",
        ),
        (lambda: cooperation(3, [2], experience_alpha=1), "experience_alpha doit être True ou False, reçu 1"),
        (lambda: cooperation(3, [2], rng=5), "rng doit être un random.Random (ou None), reçu 5"),
        (
            lambda: cooperation(3, [2], des_betas="ab"),
            "des_betas doit être une suite d'au plus 12 jets (un par Bêta), reçu 'ab'",
        ),
        (
            lambda: cooperation(3, [2], des_betas=[(1, 2), (3, 4)]),
            "des_betas doit contenir les dés de chacun des 1 Bêtas, reçu ((1, 2), (3, 4))",
        ),
        (
            lambda: cooperation(3, [2], des_betas=[(1, 2, 3)]),
            "des_betas[0] doit contenir exactement 2 dés, reçu 3 : (1, 2, 3)",
        ),
        (
            lambda: cooperation(3, [2], des_betas=[(1, 2)], des_alpha=(1, 2)),
            "des_alpha doit contenir exactement 3 dés, reçu 2 : (1, 2)",
        ),
        (lambda: distribution_cooperative(3, [2], malus=-1), "malus doit être un entier ≥ 0, reçu -1"),
        (
            lambda: distribution_aide([2], experience_betas="ab"),
            "experience_betas doit être une suite d'au plus 12 booléens, reçu 'ab'",
        ),
        (lambda: distribution_cooperative(13, [2]), "alpha doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        (lambda: distribution_aide([2, 13]), "betas[1] doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        (
            lambda: distribution_aide([1] * 13),
            "betas doit être une suite d'au plus 12 Traits (entiers ≥ 0), reçu plus de 12 éléments",
        ),
        (
            lambda: distribution_cooperative(3, [2], bonus=13),
            "bonus et malus : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 13 (bonus 13, malus 0)",
        ),
    ],
)
def test_entrees_invalides(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


# Au plus 60 dés d'un même jet (RESERVE_MAX), comptés au pire : l'Alpha lance son Trait et ses dés nets, aide
# comprise — chaque Bêta peut apporter 2 dés de bonus (Magistrale) ou 1 de malus (Catastrophe), et son dé
# d'expérience 1 de plus ; un Bêta lance son Trait et ses dés nets, avec ou sans son dé d'expérience.
BORNES_DES_RESERVES = [
    # (alpha, betas, bonus, malus, dés au pire ; None : dans la borne)
    (50, [1, 1, 1], 3, 0, None),  # 50 + (3 + 2×3 + 1) = 60
    (50, [1, 1, 1], 4, 0, 61),
    (50, [1, 1, 1], 4, 1, None),  # 50 + (4 + 6 + 1 − 1) = 60
    (50, [1] * 5, 1, 6, None),  # 50 + (6 + 5 − 1) = 60, côté malus
    (50, [1] * 5, 1, 7, 61),
    (0, [57], 2, 0, None),  # le Bêta : 57 + (2 + 1) = 60
    (0, [57], 3, 0, 61),
    (0, [57], 0, 3, None),  # le Bêta : 57 + 3 = 60, sans son dé d'expérience
    (0, [57], 0, 4, 61),
    (0, [50], 30, 30, None),  # bonus et malus s'annulent : le Bêta lance 50 + 1 = 51 dés au plus
]


@pytest.mark.parametrize(("alpha", "betas", "bonus", "malus", "pire"), BORNES_DES_RESERVES)
def test_les_reserves_sont_bornees_au_pire_de_l_aide(
    alpha: int, betas: list[int], bonus: int, malus: int, pire: int | None
) -> None:
    if pire is None:
        t = cooperation(alpha, betas, bonus=bonus, malus=malus, rng=random.Random(1))
        assert len(t.jets_betas) == len(betas)
        return
    with pytest.raises(ValueError) as erreur:
        cooperation(alpha, betas, bonus=bonus, malus=malus, rng=random.Random(1))
    if alpha:
        attendu = (
            f"alpha, betas, bonus et malus : au plus 60 dés d'un même jet, et l'Alpha peut en lancer {pire} "
            f"(Trait {alpha}, {len(betas)} Bêtas, bonus {bonus}, malus {malus})"
        )
    else:
        attendu = (
            f"betas[0], bonus et malus : au plus 60 dés d'un même jet, reçu {pire} "
            f"(Trait {betas[0]}, bonus {bonus}, malus {malus})"
        )
    assert str(erreur.value) == attendu


def test_un_test_tire_par_rng_se_rejoue_et_l_aide_nulle_s_ecrit() -> None:
    a = cooperation(3, [2, 3], rng=random.Random(7))
    b = cooperation(3, [2, 3], rng=random.Random(7))
    assert a == b
    # Les dés viennent de rng : ceux des Bêtas d'abord, puis ceux de l'Alpha.
    rng = random.Random(7)
    des = [tuple(rng.randint(1, 6) for _ in range(n)) for n in (2, 3)]
    assert [j.des for j in a.jets_betas] == des
    assert a.jet_alpha.des == tuple(rng.randint(1, 6) for _ in range(len(a.jet_alpha.des)))
    # Une Compensation seule : ½ dé, arrondi à rien ; deux Échecs : rien du tout.
    t = cooperation(2, [3], des_betas=[(6, 1, 1)], des_alpha=(4, 3))
    assert t.explication.startswith("Bêta 1 : Compensation (+½) ; aide totale ½ arrondie en dessous : aucun dé. Alpha")
    t = cooperation(2, [2, 2], des_betas=[(3, 2), (2, 1)], des_alpha=(4, 3))
    assert t.explication.startswith("Bêta 1 : Échec (+0) ; Bêta 2 : Échec (+0) ; aide totale : aucun dé. Alpha")
    t = cooperation(2, [2, 3], des_betas=[(1, 1), (6, 1, 1)], des_alpha=(4, 3, 2))
    assert t.explication.startswith("Bêta 1 : Catastrophe (−1) ; Bêta 2 : Compensation (+½) ; aide totale −½ arrondie")
