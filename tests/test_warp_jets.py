"""WaRP › Jets simples : le code contre l'énumération brute, contre icepool, et ses propriétés.

Trois vérifications indépendantes de `distribution` :

1. l'énumération brute de *tous les jets ordonnés* (6**n) pour trait + |net| ≤ 7,
   classés par une réécriture naïve de la règle (sans le code de `rules`), qui trie les dés :
   chaque jet trié est classé une fois et compte pour tous ses ordres (n! / ∏ k!, 792 jets
   triés au lieu de 279 936 ordres pour n = 7) ;
2. `jet()` lui-même, appelé sur chaque jet ordonné des petites réserves ;
3. icepool 2.1 (bibliothèque indépendante) pour des réserves plus grandes.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial, prod

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.warp import Resultat, TraitSansDes, distribution, garder, jet, nombre_de_des, seuil, trait_par_defaut
from rules.warp import jets as warp_jets

# -- une réécriture naïve de la règle, indépendante du code testé ---------------


def _naif(des: tuple[int, ...], trait: int, net: int) -> Resultat:
    """« on garde les meilleurs si bonus, les pires si malus » ; « dépasser 3 × Trait »."""
    ordonnes = sorted(des)
    gardes = ordonnes[-trait:] if net >= 0 else ordonnes[:trait]
    if trait == 0:
        return Resultat.ECHEC
    if all(v == 1 for v in gardes):
        return Resultat.CATASTROPHE
    reussi = sum(gardes) > 3 * trait
    critique = 6 in gardes
    if reussi:
        return Resultat.MAGISTRALE if critique else Resultat.REUSSITE
    return Resultat.COMPENSATION if critique else Resultat.ECHEC


def _combinaisons(n: int) -> list[tuple[int, int]]:
    """Les (trait ≥ 1, net) tels que trait + |net| = n."""
    return [(t, n - t if s > 0 else t - n) for t in range(1, n + 1) for s in ((1, -1) if n > t else (1,))]


@pytest.mark.parametrize("n", range(1, 8))
def test_distribution_egale_l_enumeration_de_tous_les_jets_ordonnes(n: int) -> None:
    cas = _combinaisons(n)
    comptes: dict[tuple[int, int], Counter[Resultat]] = {c: Counter() for c in cas}
    for des in combinations_with_replacement(range(1, 7), n):
        ordres = factorial(n) // prod(factorial(des.count(v)) for v in set(des))  # ses ordres parmi les 6**n
        for trait, net in cas:
            comptes[(trait, net)][_naif(des, trait, net)] += ordres
    for (trait, net), compte in comptes.items():
        attendu = {r: Fraction(compte[r], 6**n) for r in Resultat}
        obtenu = distribution(trait, bonus=max(net, 0), malus=max(-net, 0))
        assert obtenu == attendu, (trait, net)


@pytest.mark.parametrize("trait,bonus,malus", [(1, 0, 0), (2, 1, 0), (2, 0, 2), (3, 0, 1), (1, 3, 0), (3, 1, 1)])
def test_jet_concret_et_distribution_exacte_s_accordent(trait: int, bonus: int, malus: int) -> None:
    n = nombre_de_des(trait, bonus=bonus, malus=malus)
    compte: Counter[Resultat] = Counter(
        jet(trait, bonus=bonus, malus=malus, des=d).resultat for d in product(range(1, 7), repeat=n)
    )
    assert {r: Fraction(compte[r], 6**n) for r in Resultat} == distribution(trait, bonus=bonus, malus=malus)


def _icepool(trait: int, net: int) -> dict[Resultat, Fraction]:
    n = trait + abs(net)
    pool = icepool.d6.pool(n)
    gardes = (pool.highest(trait) if net >= 0 else pool.lowest(trait)).expand()
    loi: dict[Resultat, Fraction] = dict.fromkeys(Resultat, Fraction(0))
    for tuple_garde, poids in gardes.items():
        loi[_naif(tuple_garde, trait, 0)] += Fraction(poids, gardes.denominator())
    return loi


@pytest.mark.parametrize(
    "trait,net",
    [(t, n) for t in range(1, 7) for n in range(-4, 5)]
    + [(3, -8), (3, 8), (6, 6), (8, 0), (10, -2), (12, 12), (12, -12), (1, 12), (12, 0)],
)
def test_distribution_egale_celle_d_icepool(trait: int, net: int) -> None:
    assert distribution(trait, bonus=max(net, 0), malus=max(-net, 0)) == _icepool(trait, net)


def test_chiffres_connus() -> None:
    """Repères calculés à la main : 3d6 > 9 dans 135 cas sur 216 ; (1, 1, 1) une fois."""
    d = distribution(3)
    assert d[Resultat.REUSSITE] + d[Resultat.MAGISTRALE] == Fraction(135, 216)
    assert d[Resultat.CATASTROPHE] == Fraction(1, 216)
    # Magistrale : un 6 et un total > 9 ; (6,1,1) et (6,2,1) ratent : 91 - 3 - 6 = 82 cas.
    assert d[Resultat.MAGISTRALE] == Fraction(82, 216)
    assert distribution(0, bonus=3) == {r: Fraction(int(r is Resultat.ECHEC)) for r in Resultat}


# -- propriétés ----------------------------------------------------------------

traits = st.integers(min_value=0, max_value=6)
modifs = st.integers(min_value=0, max_value=5)


def _reussite(d: dict[Resultat, Fraction]) -> Fraction:
    return d[Resultat.REUSSITE] + d[Resultat.MAGISTRALE]


@given(traits, modifs, modifs)
def test_les_chances_somment_a_un(trait: int, bonus: int, malus: int) -> None:
    d = distribution(trait, bonus=bonus, malus=malus)
    assert sum(d.values()) == 1
    assert list(d) == list(Resultat)


@given(traits, modifs, modifs)
def test_un_de_de_bonus_n_abaisse_jamais_la_reussite(trait: int, bonus: int, malus: int) -> None:
    avant = _reussite(distribution(trait, bonus=bonus, malus=malus))
    assert _reussite(distribution(trait, bonus=bonus + 1, malus=malus)) >= avant
    assert _reussite(distribution(trait, bonus=bonus, malus=malus + 1)) <= avant


@given(st.integers(min_value=0, max_value=6), modifs, modifs, st.randoms(use_true_random=False))
def test_nombre_de_des_est_le_nombre_de_des_d_un_jet(trait: int, bonus: int, malus: int, alea: random.Random) -> None:
    """nombre_de_des() dit combien de dés jet() lance, Trait 0 compris (il ne se lance pas, même avec du bonus)."""
    assert nombre_de_des(trait, bonus=bonus, malus=malus) == len(jet(trait, bonus=bonus, malus=malus, rng=alea).des)


@given(traits, modifs, modifs)
def test_bonus_et_malus_equivalent_au_net(trait: int, bonus: int, malus: int) -> None:
    net = bonus - malus
    assert distribution(trait, bonus=bonus, malus=malus) == distribution(trait, bonus=max(net, 0), malus=max(-net, 0))


@given(st.integers(min_value=1, max_value=6), modifs, modifs, st.randoms(use_true_random=False))
def test_un_jet_explique_son_resultat(trait: int, bonus: int, malus: int, alea: random.Random) -> None:
    r = jet(trait, bonus=bonus, malus=malus, rng=alea)
    assert len(r.des) == trait + abs(bonus - malus)
    assert len(r.gardes) == trait and r.total == sum(r.gardes) and r.seuil == 3 * trait
    assert sorted(r.gardes) == (sorted(r.des)[-trait:] if bonus >= malus else sorted(r.des)[:trait])
    assert r.resultat is _naif(r.des, trait, bonus - malus)
    assert (r.trait, r.bonus, r.malus, r.net) == (trait, bonus, malus, bonus - malus)
    assert r.critiques == r.gardes.count(6) and r.catastrophe is (r.resultat is Resultat.CATASTROPHE)
    assert r.resultat.libelle.lower() in r.explication.lower()
    assert r == jet(trait, bonus=bonus, malus=malus, des=r.des)


@pytest.mark.parametrize(
    ("trait", "bonus", "malus", "des", "debut"),
    [
        (1, 1, 0, (6, 2), "1d + 1d de bonus : 2d6 lancés (6, 2), le meilleur gardé (6) ; "),
        (1, 0, 2, (6, 2, 3), "1d + 2d de malus : 3d6 lancés (6, 2, 3), le pire gardé (2) ; "),
        (2, 0, 1, (6, 2, 3), "2d + 1d de malus : 3d6 lancés (6, 2, 3), les 2 pires gardés (3, 2) ; "),
        (3, 1, 0, (6, 2, 5, 1), "3d + 1d de bonus : 4d6 lancés (6, 2, 5, 1), les 3 meilleurs gardés (6, 5, 2) ; "),
    ],
)  # fmt: skip
def test_les_des_gardes_s_accordent_au_trait(
    trait: int, bonus: int, malus: int, des: tuple[int, ...], debut: str
) -> None:
    """Un Trait de 1d garde « le meilleur » ou « le pire » dé ; au-delà, « les 2 pires », « les 3 meilleurs »."""
    assert jet(trait, bonus=bonus, malus=malus, des=des).explication.startswith(debut)


def test_les_bornes_ne_touchent_pas_un_jet_concret() -> None:
    """Les bornes limitent le calcul des chances, pas la résolution d'un jet avec ses dés."""
    r = jet(13, bonus=14, rng=random.Random(1))
    assert len(r.des) == 27 and len(r.gardes) == 13
    assert sum(distribution(4, bonus=20, malus=8).values()) == 1


def test_un_rng_graine_rejoue_le_meme_jet() -> None:
    assert jet(4, malus=2, rng=random.Random(99)) == jet(4, malus=2, rng=random.Random(99))


def test_trait_par_defaut_et_seuil() -> None:
    assert trait_par_defaut() == 2 and trait_par_defaut(technique=True) == 0
    assert seuil(4) == 12
    r = jet(0, bonus=2)
    assert r.des == () and r.resultat is Resultat.ECHEC and not r.catastrophe


# -- entrées invalides ---------------------------------------------------------


SANS_DES = (
    "trait : « Chance insolente » est un Trait sans dés, il ne se lance pas ; la règle le résout d'après "
    "la description qu'en a faite le joueur (WaRP › Traits sans dés)"
)


# Chaque refus, mot pour mot : il nomme le paramètre, dit ce qui est permis et ce qui a été reçu.
@pytest.mark.parametrize(
    "appel,message",
    [
        (lambda: jet(-1), "trait doit être un entier ≥ 0, reçu -1"),
        (lambda: jet(2.5), "trait doit être un entier ≥ 0, reçu 2.5"),  # type: ignore[arg-type]
        (lambda: jet(True), "trait doit être un entier ≥ 0, reçu True"),
        (lambda: jet(61), "trait doit être ≤ 60 (au plus 60 dés), reçu 61"),
        (lambda: jet(3, bonus=-1), "bonus doit être un entier ≥ 0, reçu -1"),
        (lambda: jet(3, bonus=61), "bonus doit être ≤ 60 (au plus 60 dés), reçu 61"),
        (lambda: jet(3, malus="2"), "malus doit être un entier ≥ 0, reçu '2'"),  # type: ignore[arg-type]
        (lambda: jet(3, malus=61), "malus doit être ≤ 60 (au plus 60 dés), reçu 61"),
        # Au plus 60 dés lancés : le Trait et les dés nets (bonus et malus s'annulent d'abord).
        (
            lambda: jet(50, bonus=11),
            "trait, bonus et malus : au plus 60 dés d'un même jet, reçu 61 (trait 50, bonus 11, malus 0)",
        ),
        (
            lambda: jet(50, malus=11),
            "trait, bonus et malus : au plus 60 dés d'un même jet, reçu 61 (trait 50, bonus 0, malus 11)",
        ),
        (
            lambda: nombre_de_des(50, bonus=20, malus=9),
            "trait, bonus et malus : au plus 60 dés d'un même jet, reçu 61 (trait 50, bonus 20, malus 9)",
        ),
        (lambda: jet(3, des=(6, 4)), "des doit contenir exactement 3 dés, reçu 2 : (6, 4)"),
        (lambda: jet(3, bonus=1, des=(6, 4, 2)), "des doit contenir exactement 4 dés, reçu 3 : (6, 4, 2)"),
        (lambda: jet(3, des=(6, 4, 7)), "des : chaque dé doit être un entier entre 1 et 6, reçu 7"),
        (lambda: jet(3, des=(6, 0, 2)), "des : chaque dé doit être un entier entre 1 et 6, reçu 0"),
        (lambda: jet(3, des="642"), "des doit être une suite de 3 dés (entiers de 1 à 6), reçu '642'"),
        (lambda: jet(0, des=(3,)), "des doit contenir exactement 0 dé, reçu 1 : (3,)"),
        (lambda: jet(3, rng=42), "rng doit être un random.Random (ou None), reçu 42"),  # type: ignore[arg-type]
        # Même avec ses dés donnés, un rng qui n'en est pas un est refusé (pas ignoré en silence).
        (lambda: jet(3, des=(6, 4, 2), rng=42), "rng doit être un random.Random (ou None), reçu 42"),  # type: ignore[arg-type]
        (lambda: seuil(-1), "trait doit être un entier ≥ 0, reçu -1"),
        (lambda: seuil(61), "trait doit être ≤ 60 (au plus 60 dés), reçu 61"),
        (lambda: garder((1, 2, 3), 3, 61), "net doit être un entier entre -60 et 60, reçu 61"),
        (lambda: garder((1, 2, 3), 3, -61), "net doit être un entier entre -60 et 60, reçu -61"),
        (lambda: garder((1, 2, 3), 3, 1.5), "net doit être un entier entre -60 et 60, reçu 1.5"),  # type: ignore[arg-type]
        (lambda: garder((1, 2, 3), 3, 1), "des doit contenir exactement 4 dés, reçu 3 : (1, 2, 3)"),
        (lambda: garder((1, 2, 3), -1, 0), "trait doit être un entier ≥ 0, reçu -1"),
        (lambda: garder((1,), 0, 2), "des doit contenir exactement 0 dé, reçu 1 : (1,)"),
        (lambda: distribution(-2), "trait doit être un entier ≥ 0, reçu -2"),
        (lambda: distribution(13), "trait doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        (
            lambda: distribution(4, bonus=13),
            "bonus et malus : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 13 "
            "(bonus 13, malus 0)",
        ),
        (
            lambda: distribution(4, bonus=2, malus=15),
            "bonus et malus : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 13 "
            "(bonus 2, malus 15)",
        ),
        (lambda: trait_par_defaut(technique="non"), "technique doit être True ou False, reçu 'non'"),  # type: ignore[arg-type]
        (lambda: jet(TraitSansDes("Chance insolente")), SANS_DES),  # type: ignore[arg-type]
        (lambda: seuil(TraitSansDes("Chance insolente")), SANS_DES),  # type: ignore[arg-type]
    ],
)
def test_une_mauvaise_entree_donne_une_erreur_francaise(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_soixante_des_au_plus_bornes_comprises() -> None:
    # 60 dés lancés : permis, que les dés nets viennent du bonus, du malus ou de leur différence.
    assert nombre_de_des(50, bonus=10) == nombre_de_des(50, malus=10) == nombre_de_des(50, bonus=20, malus=10) == 60
    assert len(jet(60, rng=random.Random(3)).des) == 60 and seuil(60) == 180
    assert garder(tuple(range(1, 7)) * 10, 1, 59) == (6,) and garder(tuple(range(1, 7)) * 10, 1, -59) == (1,)
    assert garder((), 0, 60) == garder((), 0, -60) == ()


# --- Le profil des dés gardés, contre l'énumération brute --------------------------------------


def _profils_bruts(trait: int, net: int) -> dict[tuple[int, int, bool], Fraction]:
    """Chaque jet ordonné de Trait + |net| dés : on garde les `trait` meilleurs (ou pires avec du malus)."""
    n = trait + abs(net) if trait else 0
    compte: Counter[tuple[int, int, bool]] = Counter()
    for des in product(range(1, 7), repeat=n):
        gardes = sorted(des, reverse=net >= 0)[:trait]
        compte[(sum(gardes), gardes.count(6), bool(gardes) and all(v == 1 for v in gardes))] += 1
    return {profil: Fraction(c, 6**n) for profil, c in compte.items()}


@pytest.mark.parametrize(("trait", "net"), [(0, 0), (0, 2), (1, 0), (2, 0), (2, 2), (2, -2), (3, 1), (3, -1), (1, -3)])
def test_profils_egalent_l_enumeration_brute(trait: int, net: int) -> None:
    assert warp_jets.profils(trait, net) == _profils_bruts(trait, net)


def test_le_jet_garde_ses_des_nets() -> None:
    assert jet(3, bonus=1, malus=3, des=(1, 2, 3, 4, 5)).net == -2
    assert jet(3, bonus=2, des=(1, 2, 3, 4, 5)).net == 2


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: warp_jets.profils(-1, 0), "trait doit être un entier ≥ 0, reçu -1"),
        (lambda: warp_jets.profils(13, 0), "trait doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        (lambda: warp_jets.profils(2, 1.5), "net doit être un entier entre -12 et 12, reçu 1.5"),
        (lambda: warp_jets.profils(2, 13), "net doit être un entier entre -12 et 12, reçu 13"),
        (lambda: warp_jets.profils(2, -13), "net doit être un entier entre -12 et 12, reçu -13"),
        (lambda: TraitSansDes(""), "description doit être un texte non vide (200 caractères au plus), reçu ''"),
    ],
)
def test_refus_exacts(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_les_bornes_des_profils_sont_permises() -> None:
    assert sum(warp_jets.profils(12, 12).values()) == 1 and sum(warp_jets.profils(1, -12).values()) == 1
