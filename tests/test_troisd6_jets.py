"""3D6 › Principes de base : seuils, niveaux, chances exactes.

Les exemples du texte sont des tests nommés ; les chances exactes sont
comparées à l'énumération brute des 216 jets ordonnés et à icepool.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import (
    Difficulte,
    Niveau,
    accroissement_difficulte,
    difficulte_nommee,
    distribution,
    double_et_triple,
    initiative,
    jet,
    probabilite_reussite,
    seuil_caracteristique,
    seuil_talent,
)
from rules.troisd6.jets import niveau, profils

TOUS_LES_JETS = list(product(range(1, 7), repeat=3))
SEUILS = range(-12, 31)


def _niveau_brut(des: tuple[int, ...], seuil: int) -> Niveau:
    """La règle réécrite à part, sans le code du paquet."""
    reussi = sum(des) <= seuil
    plus_grand = max(Counter(des).values())
    if plus_grand == 3:
        return Niveau.REUSSITE_CRITIQUE if reussi else Niveau.ECHEC_CRITIQUE
    if plus_grand == 2:
        return Niveau.REUSSITE_SPECIALE if reussi else Niveau.ECHEC_SPECIAL
    return Niveau.REUSSITE_SIMPLE if reussi else Niveau.ECHEC_SIMPLE


# --- Les exemples du texte -------------------------------------------------


def test_josephine_pousse_l_armoire_8_ou_moins() -> None:
    # FOR −1, armoire lourde −1 : « Le jet à faire est donc 10-2, soit 8 ou moins. »
    assert seuil_caracteristique(-1, -1) == 8
    assert jet(8, (4, 3, 1)).niveau is Niveau.REUSSITE_SIMPLE
    assert jet(8, (4, 3, 2)).niveau is Niveau.ECHEC_SIMPLE


def test_philip_franchit_la_rue_etroite_9_ou_moins() -> None:
    # Conduite Voiture 2, action risquée −3 : « 10+2 - 3 =9 ou moins ».
    assert seuil_talent(2, -3) == 9
    assert seuil_talent(2, Difficulte.ASSEZ_DIFFICILE.modificateur(3)) == 9


def test_familiarite_retire_3() -> None:
    assert seuil_talent(0, familiarite=True) == 7
    assert seuil_talent(2, -1, familiarite=True) == 8


def test_echelle_de_difficulte() -> None:
    assert [d.bornes for d in Difficulte] == [(-10, -10), (-5, -5), (-3, -1), (0, 0), (1, 3), (5, 5), (10, 10)]
    assert seuil_caracteristique(0, Difficulte.EVIDENT) == 20
    assert seuil_caracteristique(0, Difficulte.QUASIMENT_IMPOSSIBLE) == 0
    assert difficulte_nommee(2) is Difficulte.ASSEZ_FACILE
    assert difficulte_nommee(-4) is None and difficulte_nommee(7) is None


def test_reussite_speciale_double() -> None:
    r = jet(9, (3, 1, 3))
    assert (r.niveau, r.dd, r.dt, r.total) == (Niveau.REUSSITE_SPECIALE, 3, None, 7)


def test_echec_critique_triple() -> None:
    r = jet(9, (5, 5, 5))
    assert (r.niveau, r.dd, r.dt) == (Niveau.ECHEC_CRITIQUE, None, 5)
    assert r.explication == "3d6 lancés (5, 5, 5) ; total 15 > 9, triple 5 (Dt = 5) → Échec critique."


def test_seuils_hors_3_18() -> None:
    assert jet(2, (1, 1, 2)).niveau is Niveau.ECHEC_SPECIAL
    assert jet(2, (1, 1, 1)).niveau is Niveau.ECHEC_CRITIQUE
    assert jet(19, (6, 6, 6)).niveau is Niveau.REUSSITE_CRITIQUE
    assert "toujours raté" in jet(0, (1, 2, 3)).explication
    assert "toujours réussi" in jet(20, (6, 5, 4)).explication


def test_rng_graine_rejouable() -> None:
    assert jet(10, rng=random.Random(3)) == jet(10, rng=random.Random(3))


# --- Chances exactes ---------------------------------------------------------


@pytest.mark.parametrize("seuil", SEUILS)
def test_distribution_egale_l_enumeration_brute(seuil: int) -> None:
    brute = Counter(_niveau_brut(d, seuil) for d in TOUS_LES_JETS)
    attendu = {n: Fraction(brute[n], 216) for n in Niveau}
    assert distribution(seuil) == attendu
    assert list(distribution(seuil)) == list(Niveau)


def test_profils_egalent_l_enumeration_brute() -> None:
    """(total, Dd, Dt) du moteur contre les 216 jets, la valeur doublée ou triplée lue à la main."""
    brute: Counter[tuple[int, int | None, int | None]] = Counter()
    for d in TOUS_LES_JETS:
        valeur, fois = Counter(d).most_common(1)[0]
        brute[(sum(d), valeur if fois == 2 else None, valeur if fois == 3 else None)] += 1
    assert profils() == {k: Fraction(n, 216) for k, n in brute.items()}


def test_distribution_egale_icepool() -> None:
    # Oracle indépendant : la loi de (total, plus grand nombre de dés égaux) par icepool.
    profil = icepool.d6.pool(3).expand().map(lambda t: (sum(t), max(Counter(t).values())))
    for seuil in range(1, 21):
        d = distribution(seuil)
        for taille, (reussite, echec) in {
            1: (Niveau.REUSSITE_SIMPLE, Niveau.ECHEC_SIMPLE),
            2: (Niveau.REUSSITE_SPECIALE, Niveau.ECHEC_SPECIAL),
            3: (Niveau.REUSSITE_CRITIQUE, Niveau.ECHEC_CRITIQUE),
        }.items():
            p_reussite = sum(
                (
                    Fraction(q, profil.denominator())
                    for (total, t), q in profil.items()
                    if t == taille and total <= seuil
                ),
                Fraction(0),
            )
            p_echec = sum(
                (
                    Fraction(q, profil.denominator())
                    for (total, t), q in profil.items()
                    if t == taille and total > seuil
                ),
                Fraction(0),
            )
            assert d[reussite] == p_reussite and d[echec] == p_echec, (seuil, taille)
        assert probabilite_reussite(seuil) == Fraction((3 @ icepool.d6).probability("<=", seuil))


def test_chiffres_notables() -> None:
    assert probabilite_reussite(8) == Fraction(7, 27)  # Joséphine
    assert probabilite_reussite(9) == Fraction(3, 8)  # Philip
    assert probabilite_reussite(10) == Fraction(1, 2)
    assert distribution(18)[Niveau.REUSSITE_CRITIQUE] == Fraction(1, 36)
    assert distribution(2)[Niveau.ECHEC_CRITIQUE] == Fraction(1, 36)


# --- Propriétés ----------------------------------------------------------------

des_3 = st.tuples(*[st.integers(1, 6)] * 3)


@given(st.integers(-30, 40))
def test_un_seuil_plus_haut_ne_baisse_jamais_la_reussite(seuil: int) -> None:
    assert probabilite_reussite(seuil + 1) >= probabilite_reussite(seuil)


@given(des_3, st.integers(-30, 40))
def test_les_six_niveaux_partitionnent_chaque_jet(des: tuple[int, int, int], seuil: int) -> None:
    r = jet(seuil, des)
    assert r.niveau is _niveau_brut(des, seuil)
    assert r.reussi == (sum(des) <= seuil)
    assert (r.dd is not None) + (r.dt is not None) <= 1
    assert (r.dd is not None) == (r.niveau in {Niveau.REUSSITE_SPECIALE, Niveau.ECHEC_SPECIAL})
    assert (r.dt is not None) == (r.niveau in {Niveau.REUSSITE_CRITIQUE, Niveau.ECHEC_CRITIQUE})


@given(st.integers(-30, 40))
def test_distribution_somme_a_un(seuil: int) -> None:
    assert sum(distribution(seuil).values()) == 1


# --- Entrées invalides ---------------------------------------------------------


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: jet(9, (1, 2)), "des doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
        (lambda: jet(9, (1, 2, 3, 4)), "des doit contenir exactement 3 dés, reçu 4 : (1, 2, 3, 4)"),
        (lambda: jet(9, (0, 2, 3)), "des : chaque dé doit être un entier entre 1 et 6, reçu 0"),
        (lambda: jet(9, (1, 2, 7)), "des : chaque dé doit être un entier entre 1 et 6, reçu 7"),
        (lambda: jet(8.5, (1, 2, 3)), "seuil doit être un entier, reçu 8.5"),
        (lambda: jet("9", (1, 2, 3)), "seuil doit être un entier, reçu '9'"),
        (lambda: jet(9, rng=5), "rng doit être un random.Random (ou None), reçu 5"),
        # Des dés donnés n'excusent pas un mauvais générateur : il est refusé à la porte, même inutile.
        (lambda: jet(9, (1, 2, 3), rng="x"), "rng doit être un random.Random (ou None), reçu 'x'"),
        (lambda: distribution(True), "seuil doit être un entier, reçu True"),
        (lambda: seuil_talent(-1), "niveau doit être un entier ≥ 0, reçu -1"),
        (lambda: seuil_caracteristique(0.5), "modificateur doit être un entier, reçu 0.5"),
        (
            lambda: seuil_caracteristique(0, Difficulte.ASSEZ_FACILE),
            "ampleur : « assez facile » va de +1 à +3, précisez l'ampleur (1, 2 ou 3), reçu None",
        ),
        (
            lambda: seuil_caracteristique(0, Difficulte.ASSEZ_DIFFICILE),
            "ampleur : « assez difficile » va de −1 à −3, précisez l'ampleur (1, 2 ou 3), reçu None",
        ),
        (
            lambda: seuil_caracteristique(0, "dur"),
            "difficulte doit être un entier ou un palier fixe de Difficulte, reçu 'dur'",
        ),
        (
            lambda: Difficulte.ASSEZ_DIFFICILE.modificateur(4),
            "ampleur : « assez difficile » va de −1 à −3, précisez l'ampleur (1, 2 ou 3), reçu 4",
        ),
        (
            lambda: Difficulte.ASSEZ_FACILE.modificateur(True),
            "ampleur : « assez facile » va de +1 à +3, précisez l'ampleur (1, 2 ou 3), reçu True",
        ),
        (
            lambda: Difficulte.NORMAL.modificateur(1),
            "ampleur : « normal » vaut toujours +0, n'indiquez pas d'ampleur, reçu 1",
        ),
        (lambda: seuil_talent(1, familiarite=1), "familiarite doit être True ou False, reçu 1"),
        (lambda: difficulte_nommee(0.5), "modificateur doit être un entier, reçu 0.5"),
        (lambda: double_et_triple((1, 2)), "des doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
        (lambda: accroissement_difficulte(3), "jet_rate doit être un Jet (le résultat de rules.troisd6.jet), reçu 3"),
    ],
)
def test_entrees_invalides(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_chaque_modificateur_de_l_echelle_a_son_palier() -> None:
    """« +10 : évident, +5 : très facile, +1 à +3 : assez facile, 0 : normal, −1 à −3 : assez difficile… »"""
    nommes = {m: difficulte_nommee(m) for m in range(-12, 13)}
    attendu = {10: Difficulte.EVIDENT, 5: Difficulte.TRES_FACILE, 0: Difficulte.NORMAL,
               -5: Difficulte.TRES_DIFFICILE, -10: Difficulte.QUASIMENT_IMPOSSIBLE}  # fmt: skip
    attendu |= {m: Difficulte.ASSEZ_FACILE for m in (1, 2, 3)} | {m: Difficulte.ASSEZ_DIFFICILE for m in (-1, -2, -3)}
    assert nommes == {m: attendu.get(m) for m in range(-12, 13)}
    assert [Difficulte.ASSEZ_FACILE.modificateur(a) for a in (1, 2, 3)] == [1, 2, 3]
    assert [Difficulte.ASSEZ_DIFFICILE.modificateur(a) for a in (1, 2, 3)] == [-1, -2, -3]


def test_sans_difficulte_le_jet_est_normal_et_une_reussite_impossible_est_une_fraction_nulle() -> None:
    assert seuil_caracteristique(2) == 12 and seuil_talent(2) == 12
    assert repr(probabilite_reussite(2)) == "Fraction(0, 1)"


def test_un_jet_invalide_est_refuse_en_nommant_son_parametre_et_sa_faute() -> None:
    faux = dataclasses.replace(jet(10, (1, 2, 3)), des=(7, 1, 1))
    with pytest.raises(ValueError) as erreur:
        initiative("A", faux, "B", jet(10, (1, 2, 3)))
    assert str(erreur.value) == (
        "jet_a : ce Jet n'est pas un jet valide (des : chaque dé doit être un entier entre 1 et 6, reçu 7)"
    )


def test_niveau_accepte_exactement_les_totaux_que_font_trois_des() -> None:
    """Un (total, Dd, Dt) est accepté si et seulement si trois dés le font (216 jets) : avec un double, un triple,
    ou sans l'un ni l'autre (trois dés différents font de 6 à 15, jamais 3, 4, 5, 16, 17 ni 18)."""
    possibles = {(sum(des), *double_et_triple(des)) for des in product(range(1, 7), repeat=3)}
    for total in range(3, 19):
        for dd in (None, *range(1, 7)):
            for dt in (None, *range(1, 7)):
                if dd is not None and dt is not None:
                    continue
                try:
                    niveau(total, 10, dd, dt)
                    accepte = True
                except ValueError:
                    accepte = False
                assert accepte == ((total, dd, dt) in possibles), (total, dd, dt)


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: niveau(2, 10, None, None), "total doit être un entier entre 3 et 18, reçu 2"),
        (lambda: niveau(19, 10, None, None), "total doit être un entier entre 3 et 18, reçu 19"),
        (lambda: niveau(10, 10.5, None, None), "seuil doit être un entier, reçu 10.5"),
        (lambda: niveau(10, 10, 0, None), "dd doit être None ou un entier entre 1 et 6, reçu 0"),
        (lambda: niveau(10, 10, 7, None), "dd doit être None ou un entier entre 1 et 6, reçu 7"),
        (lambda: niveau(10, 10, True, None), "dd doit être None ou un entier entre 1 et 6, reçu True"),
        (lambda: niveau(9, 10, None, 0), "dt doit être None ou un entier entre 1 et 6, reçu 0"),
        (lambda: niveau(9, 10, None, "3"), "dt doit être None ou un entier entre 1 et 6, reçu '3'"),
        (lambda: niveau(9, 10, 3, 3), "dd et dt : trois dés font un double ou un triple, pas les deux, reçu dd=3, dt=3"),
        (lambda: niveau(10, 10, None, 3), "total : un triple de 3 fait 9, reçu 10"),
        (lambda: niveau(12, 10, 4, None), "total : un double de 4 fait de 9 à 14 (sauf 12), reçu 12"),
        (lambda: niveau(15, 10, 4, None), "total : un double de 4 fait de 9 à 14 (sauf 12), reçu 15"),
        (lambda: niveau(5, 10, None, None), "total : trois dés différents (sans dd ni dt) font de 6 à 15, reçu 5"),
        (lambda: niveau(16, 10, None, None), "total : trois dés différents (sans dd ni dt) font de 6 à 15, reçu 16"),
    ],
)  # fmt: skip
def test_niveau_refuse_en_nommant_sa_faute(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


@pytest.mark.parametrize(
    ("seuil", "des", "explication"),
    [
        (10, (5, 2, 1), "3d6 lancés (5, 2, 1) ; total 8 ≤ 10 → Réussite simple."),
        (10, (4, 4, 2), "3d6 lancés (4, 4, 2) ; total 10 ≤ 10, double 4 (Dd = 4) → Réussite spéciale."),
        (18, (6, 6, 6), "3d6 lancés (6, 6, 6) ; total 18 ≤ 18, triple 6 (Dt = 6) → Réussite critique."),
        (3, (1, 1, 2), "3d6 lancés (1, 1, 2) ; total 4 > 3, double 1 (Dd = 1) → Échec spécial."),
        # Hors de 3 à 18, l'explication dit que le seuil décide seul.
        (19, (6, 6, 6), "3d6 lancés (6, 6, 6) ; total 18 ≤ 19 (seuil au-delà de 18 : toujours réussi), triple 6 (Dt = 6) → Réussite critique."),
        (20, (6, 5, 4), "3d6 lancés (6, 5, 4) ; total 15 ≤ 20 (seuil au-delà de 18 : toujours réussi) → Réussite simple."),
        (2, (1, 1, 2), "3d6 lancés (1, 1, 2) ; total 4 > 2 (seuil sous 3 : toujours raté), double 1 (Dd = 1) → Échec spécial."),
        (0, (1, 2, 3), "3d6 lancés (1, 2, 3) ; total 6 > 0 (seuil sous 3 : toujours raté) → Échec simple."),
    ],
)  # fmt: skip
def test_chaque_explication_de_jet_mot_pour_mot(seuil: int, des: tuple[int, int, int], explication: str) -> None:
    r = jet(seuil, des)
    assert (r.explication, str(r)) == (explication, explication)
