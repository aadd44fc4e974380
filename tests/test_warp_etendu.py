"""WaRP › Tests étendus : le moteur round par round et les chances exactes.

Trois vérifications indépendantes de la chaîne de Markov du module :
- la même chaîne résolue par une élimination de Gauss sur la matrice complète
  I − Q (en fractions), sans exploiter sa forme triangulaire ;
- une énumération brute de tous les dés de tous les rounds, pour les Traits
  de 1d et 2d (où la Compensation est impossible : un 6 gardé suffit toujours
  à dépasser 3 × Trait, donc chaque partie dure au plus C + M − 1 rounds) ;
- une simulation à graine fixe du moteur `derouler`, à 4 écarts-types près.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.warp import Resultat, derouler, distribution_etendue, rounds_esperes
from rules.warp.etendu import EFFETS, issue
from rules.warp.jets import distribution as distribution_jet
from tests.algebre import gauss_jordan
from tests.oracles import resultat_brut

R = Resultat
ISSUES = (R.CATASTROPHE, R.ECHEC, R.REUSSITE, R.MAGISTRALE)


# --- Exemples chiffrés : le moteur round par round ------------------------------------


def test_reparation_de_la_navette() -> None:
    """Kessa (3d) répare le propulseur : Complexité 3, Maniabilité 2, 2 h par round."""
    d = derouler(3, 3, 2, 2, des=[(5, 3, 2), (6, 1, 1), (2, 2, 1), (6, 5, 1)])
    assert [r.jet.resultat for r in d.rounds] == [R.REUSSITE, R.COMPENSATION, R.ECHEC, R.MAGISTRALE]
    assert (d.progres, d.revers, d.resultat) == (3, 1, R.REUSSITE)
    assert d.temps == 8  # 4 rounds × 2 h : la Compensation compte, « le temps passe »
    assert d.transcript.splitlines()[-1] == (
        "Complexité 3 atteinte au round 4 : Réussite. Temps passé : 4 rounds × 2 h = 8 h."
    )


def test_trop_de_des_scriptes() -> None:
    with pytest.raises(ValueError, match="le Test s'achève au round 4, mais 5 jets sont fournis"):
        derouler(3, 3, 2, 2, des=[(5, 3, 2), (6, 1, 1), (2, 2, 1), (6, 5, 1), (4, 4, 3)])


def test_pas_assez_de_des_scriptes() -> None:
    with pytest.raises(ValueError, match="il manque les dés du round 2"):
        derouler(3, 3, 2, 2, des=[(5, 3, 2)])


def test_depasser_la_maniabilite_est_une_catastrophe() -> None:
    d = derouler(2, 3, 2, 1, unite="jour", des=[(3, 2), (1, 1)])
    assert [r.revers_cumules for r in d.rounds] == [1, 3]
    assert d.resultat is R.CATASTROPHE
    assert "Maniabilité 2 dépassée (3 Revers) au round 2 : Catastrophe." in d.transcript


def test_le_de_d_experience_vaut_pour_les_rounds_suivants() -> None:
    d = derouler(2, 2, 3, Fraction(1, 2), experience_des_le_round=2, des=[(3, 2), (5, 1, 1), (6, 4, 1)])
    assert [r.experience for r in d.rounds] == [False, True, True]
    assert [len(r.jet.des) for r in d.rounds] == [2, 3, 3]
    assert d.temps == Fraction(3, 2)
    assert "Round 2 (dé d'expérience)" in d.transcript
    assert d.explication.endswith("Temps passé : 3 rounds × 0,5 h = 1,5 h.")


def test_aide_travailleur_et_difficulte_s_additionnent() -> None:
    d = derouler(
        3,
        1,
        1,
        10,
        unite="min",
        malus=1,
        aide=-1,
        travailleur_consciencieux=1,
        des=[(4, 4, 1, 1)],
    )
    j = d.rounds[0].jet
    assert (j.bonus, j.malus) == (1, 2)  # 1d de malus net : 4d6, les 3 pires
    assert j.gardes == (4, 1, 1) and d.resultat is R.ECHEC
    assert d.transcript.splitlines()[0] == (
        "Test étendu : Trait 3d, Complexité 1, Maniabilité 1, Période 10 min ; Difficulté 1d de "
        "malus, aide des Bêtas 1d de malus, Travailleur consciencieux 1d de bonus."
    )


def test_un_trait_de_0d_echoue_en_maniabilite_rounds() -> None:
    d = derouler(0, 2, 3, 1, des=[(), (), ()])
    assert (d.resultat, len(d.rounds)) == (R.ECHEC, 3)
    assert distribution_etendue(0, 2, 3)[R.ECHEC] == 1 and rounds_esperes(0, 2, 3) == 3


def test_l_issue_de_la_note_1() -> None:
    assert issue(3, 0, 3, 2) is R.REUSSITE
    assert issue(4, 1, 3, 2) is R.MAGISTRALE
    assert issue(0, 2, 3, 2) is R.ECHEC
    assert issue(1, 3, 3, 2) is R.CATASTROPHE
    assert issue(2, 1, 3, 2) is None


# --- Chances exactes : trois oracles -------------------------------------------------


def par_gauss(trait: int, c: int, m: int, bonus: int = 0, malus: int = 0):  # type: ignore[no-untyped-def]
    """B = (I − Q)⁻¹ R et t = (I − Q)⁻¹ 1 par élimination de Gauss–Jordan complète."""
    q = distribution_jet(trait, bonus=bonus, malus=malus)
    etats = [(p, r) for p in range(c) for r in range(m)]
    rang = {s: i for i, s in enumerate(etats)}
    n = len(etats)
    # Matrice augmentée [I − Q | R | 1].
    lignes = []
    for p, r in etats:
        ligne = [Fraction(int(i == rang[(p, r)])) for i in range(n)]
        droite = {k: Fraction(0) for k in ISSUES}
        for res, pr in q.items():
            g, v = EFFETS[res]
            fin = issue(p + g, r + v, c, m)
            if fin is None:
                ligne[rang[(p + g, r + v)]] -= pr
            else:
                droite[fin] += pr
        lignes.append(ligne + [droite[k] for k in ISSUES] + [Fraction(1)])
    depart = gauss_jordan([ligne[:n] for ligne in lignes], [ligne[n:] for ligne in lignes])[rang[(0, 0)]]
    return dict(zip(ISSUES, depart[:4], strict=True)), depart[4]


@pytest.mark.parametrize(
    ("trait", "c", "m", "bonus", "malus"),
    [
        (3, 4, 3, 0, 0),
        (3, 3, 2, 1, 0),
        (4, 5, 2, 0, 2),
        (2, 3, 3, 0, 0),
        (5, 2, 4, 1, 0),
        (12, 4, 3, 12, 0),
        (12, 3, 5, 0, 12),
    ],
)
def test_chaine_contre_gauss(trait: int, c: int, m: int, bonus: int, malus: int) -> None:
    loi, t = par_gauss(trait, c, m, bonus, malus)
    assert distribution_etendue(trait, c, m, bonus=bonus, malus=malus) == loi
    assert rounds_esperes(trait, c, m, bonus=bonus, malus=malus) == t


def brute_force(trait: int, c: int, m: int, net: int) -> tuple[dict[Resultat, Fraction], Fraction]:
    """Chaque suite de dés possible, round après round, jusqu'à l'issue (sans Compensation)."""
    k = trait + abs(net)
    loi = {r: Fraction(0) for r in ISSUES}
    esperance = Fraction(0)

    def explorer(p: int, r: int, proba: Fraction, rounds: int) -> None:
        nonlocal esperance
        for des in product(range(1, 7), repeat=k):
            res = resultat_brut(des, trait, net)
            assert res is not R.COMPENSATION
            g, v = EFFETS[res]
            pr = proba / 6**k
            fin = issue(p + g, r + v, c, m)
            if fin is None:
                explorer(p + g, r + v, pr, rounds + 1)
            else:
                loi[fin] += pr
                esperance += pr * (rounds + 1)

    explorer(0, 0, Fraction(1), 0)
    return loi, esperance


@pytest.mark.parametrize(("trait", "c", "m", "net"), [(1, 2, 2, 0), (1, 3, 2, 0), (2, 2, 2, 0), (1, 2, 2, -1)])
def test_chaine_contre_brute_force(trait: int, c: int, m: int, net: int) -> None:
    loi, esperance = brute_force(trait, c, m, net)
    bonus, malus = max(net, 0), max(-net, 0)
    assert distribution_etendue(trait, c, m, bonus=bonus, malus=malus) == loi
    assert rounds_esperes(trait, c, m, bonus=bonus, malus=malus) == esperance


def test_chaine_contre_simulation_grainee() -> None:
    """N = 3 000 Tests (3d, Complexité 4, Maniabilité 3) : chaque proportion et la durée
    moyenne tombent à moins de 4 écarts-types de la valeur exacte."""
    n = 3000
    rng = random.Random(1312)
    parties = [derouler(3, 4, 3, 1, rng=rng) for _ in range(n)]
    exacte = distribution_etendue(3, 4, 3)
    for res in ISSUES:
        p = float(exacte[res])
        observee = sum(d.resultat is res for d in parties) / n
        assert abs(observee - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-12, res
    durees = [len(d.rounds) for d in parties]
    moyenne = sum(durees) / n
    ecart = math.sqrt(sum((x - moyenne) ** 2 for x in durees) / (n - 1))
    assert abs(moyenne - float(rounds_esperes(3, 4, 3))) <= 4 * ecart / math.sqrt(n)


def test_le_plus_grand_cas_accepte() -> None:
    d = distribution_etendue(12, 20, 20, malus=12)
    assert sum(d.values()) == 1 and R.COMPENSATION not in d
    assert rounds_esperes(12, 20, 20, bonus=12) >= 10  # au moins 20 Progrès, 2 au plus par round
    assert derouler(13, 21, 21, 1, bonus=13, rng=random.Random(3)).resultat in ISSUES  # jouer n'est pas borné


def test_aucune_compensation_et_somme_a_un() -> None:
    d = distribution_etendue(3, 4, 3)
    assert list(d) == list(ISSUES) and sum(d.values()) == 1


# --- Propriétés -----------------------------------------------------------------------

parametres = {
    "trait": st.integers(0, 4),
    "c": st.integers(1, 5),
    "m": st.integers(1, 5),
    "bonus": st.integers(0, 2),
    "malus": st.integers(0, 2),
}


def _reussite(d: dict[Resultat, Fraction]) -> Fraction:
    return d[R.REUSSITE] + d[R.MAGISTRALE]


@settings(max_examples=40, deadline=None)
@given(**parametres)
def test_plus_de_complexite_ne_rend_jamais_plus_facile(trait: int, c: int, m: int, bonus: int, malus: int) -> None:
    assert _reussite(distribution_etendue(trait, c + 1, m, bonus=bonus, malus=malus)) <= _reussite(
        distribution_etendue(trait, c, m, bonus=bonus, malus=malus)
    )


@settings(max_examples=40, deadline=None)
@given(**parametres)
def test_plus_de_maniabilite_ne_rend_jamais_plus_difficile(trait: int, c: int, m: int, bonus: int, malus: int) -> None:
    assert _reussite(distribution_etendue(trait, c, m + 1, bonus=bonus, malus=malus)) >= _reussite(
        distribution_etendue(trait, c, m, bonus=bonus, malus=malus)
    )


@settings(max_examples=40, deadline=None)
@given(**parametres)
def test_un_de_d_experience_ne_nuit_jamais(trait: int, c: int, m: int, bonus: int, malus: int) -> None:
    """Dépensé avant le premier round, le dé d'experience est un dé de bonus à chaque round."""
    assert _reussite(distribution_etendue(trait, c, m, bonus=bonus + 1, malus=malus)) >= _reussite(
        distribution_etendue(trait, c, m, bonus=bonus, malus=malus)
    )


@settings(max_examples=30, deadline=None)
@given(graine=st.integers(0, 10**6), c=st.integers(1, 4), m=st.integers(1, 4))
def test_le_moteur_tient_ses_comptes(graine: int, c: int, m: int) -> None:
    d = derouler(3, c, m, 3, rng=random.Random(graine))
    assert d.progres == sum(r.progres for r in d.rounds)
    assert d.revers == sum(r.revers for r in d.rounds)
    assert d.temps == 3 * len(d.rounds)
    assert d.resultat is issue(d.progres, d.revers, c, m)
    assert all(issue(r.progres_cumules, r.revers_cumules, c, m) is None for r in d.rounds[:-1])
    assert len(d.transcript.splitlines()) == len(d.rounds) + 2
    # Rejouer la même graine, ou les mêmes dés, redonne le même Test.
    assert derouler(3, c, m, 3, rng=random.Random(graine)) == d
    assert derouler(3, c, m, 3, des=[r.jet.des for r in d.rounds]) == d


# --- Entrées invalides ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: derouler(3, 0, 2, 1), "complexite doit être un entier ≥ 1, reçu 0"),
        (lambda: derouler(3, 2, 0, 1), "maniabilite doit être un entier ≥ 1, reçu 0"),
        (lambda: derouler(3, 2, 2, 0), "periode doit être un nombre > 0"),
        (lambda: derouler(3, 2, 2, -1.5), "periode doit être un nombre > 0"),
        (lambda: derouler(3, 2, 2, "2 h"), "periode doit être un nombre > 0"),
        (lambda: derouler(3, 2, 2, float("nan")), "periode doit être un nombre > 0"),
        (lambda: derouler(3, 2, 2, True), "periode doit être un nombre > 0"),
        (lambda: derouler(-1, 2, 2, 1), "trait doit être un entier ≥ 0, reçu -1"),
        (lambda: derouler(3, 2, 2, 1, aide=0.5), "aide doit être un entier"),
        (
            lambda: derouler(3, 2, 2, 1, experience_des_le_round=0),
            "experience_des_le_round doit être",
        ),
        (
            lambda: derouler(3, 2, 2, 1, travailleur_consciencieux=-1),
            "travailleur_consciencieux doit",
        ),
        (
            lambda: derouler(3, 2, 2, 1, des=[(7, 1, 1)]),
            "chaque dé doit être un entier entre 1 et 6",
        ),
        (lambda: derouler(3, 2, 2, 1, des="6,6,6"), "des doit être une suite d'au plus 1000 jets"),
        (lambda: distribution_etendue(3, 2, 1.5), "maniabilite doit être un entier ≥ 1"),
        (lambda: rounds_esperes(3, -1, 2), "complexite doit être un entier ≥ 1"),
        (
            lambda: distribution_etendue(3, 21, 2),
            "complexite doit être ≤ 20 pour calculer des chances exactes, reçu 21",
        ),
        (lambda: rounds_esperes(3, 2, 21), "maniabilite doit être ≤ 20 pour calculer des chances exactes, reçu 21"),
        (lambda: distribution_etendue(13, 2, 2), "trait doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        (lambda: rounds_esperes(3, 2, 2, malus=13), "au plus 12 dés de modificateur nets"),
        (lambda: issue(3, 2, 3, 2), "ne peuvent pas être atteints ensemble"),
    ],
)
def test_entrees_invalides(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        appel()


_PERMIS = "periode doit être un nombre > 0 et ≤ 1000000 (le temps d'un round)"


@pytest.mark.parametrize(
    ("periode", "message"),
    [
        (float("nan"), f"{_PERMIS}, reçu nan"),
        (float("inf"), f"{_PERMIS}, fini, reçu inf"),
        (float("-inf"), f"{_PERMIS}, fini, reçu -inf"),
        (10**6 + 1, f"{_PERMIS}, reçu 1000001"),
        (Fraction(2 * 10**6 + 1, 2), f"{_PERMIS}, reçu Fraction(2000001, 2)"),
        ("2 h", f"{_PERMIS}, reçu '2 h'"),
        (Fraction(1, 10**6 + 1), f"{_PERMIS}, au millionième près, reçu Fraction(1, 1000001)"),
    ],
)
def test_la_periode_est_refusee_mot_pour_mot(periode: object, message: str) -> None:
    with pytest.raises(ValueError) as erreur:
        derouler(3, 2, 2, periode)  # type: ignore[arg-type]
    assert str(erreur.value) == message


@pytest.mark.parametrize(
    ("periode", "lue"),
    [(10**6, Fraction(10**6)), (0.1, Fraction(1, 10)), (0.5, Fraction(1, 2)), (Fraction(1, 10**6), Fraction(1, 10**6))],
)
def test_la_periode_est_lue_exactement_jusqu_a_ses_bornes(periode: int | float | Fraction, lue: Fraction) -> None:
    # Un flottant se lit comme il s'écrit (0.1 est un dixième), et les bornes, 10**6 et le millionième, sont permises.
    assert derouler(3, 2, 2, periode, rng=random.Random(1)).periode == lue


@pytest.mark.parametrize(
    ("appel", "premiere", "derniere"),
    [
        (
            lambda: derouler(2, 3, 1, 1, des=[(2, 1)]),
            "Test étendu : Trait 2d, Complexité 3, Maniabilité 1, Période 1 h.",
            "Maniabilité 1 atteinte au round 1 : Échec. Temps passé : 1 round × 1 h = 1 h.",
        ),
        (
            lambda: derouler(2, 3, 1, 1, des=[(1, 1)]),
            "Test étendu : Trait 2d, Complexité 3, Maniabilité 1, Période 1 h.",
            "Maniabilité 1 dépassée (2 Revers) au round 1 : Catastrophe. Temps passé : 1 round × 1 h = 1 h.",
        ),
        (
            lambda: derouler(2, 1, 2, 1, bonus=1, malus=2, aide=-1, des=[(6, 5, 4, 3)], experience_des_le_round=2),
            "Test étendu : Trait 2d, Complexité 1, Maniabilité 2, Période 1 h ; Difficulté 1d de bonus / 2d de malus, "
            "aide des Bêtas 1d de malus, dé d'expérience dès le round 2.",
            "Complexité 1 atteinte au round 1 : Réussite. Temps passé : 1 round × 1 h = 1 h. "
            "Le dé d'expérience prévu au round 2 n'a pas servi.",
        ),
        (
            lambda: derouler(2, 1, 2, 1, bonus=1, aide=1, des=[(6, 5, 4, 3, 2)], experience_des_le_round=1),
            "Test étendu : Trait 2d, Complexité 1, Maniabilité 2, Période 1 h ; Difficulté 1d de bonus, "
            "aide des Bêtas 1d de bonus, dé d'expérience dès le round 1.",
            "Complexité 1 dépassée (2 Progrès) au round 1 : Magistrale. Temps passé : 1 round × 1 h = 1 h.",
        ),
        (
            lambda: derouler(2, 1, 2, 1, malus=1, des=[(6, 5, 4)]),
            "Test étendu : Trait 2d, Complexité 1, Maniabilité 2, Période 1 h ; Difficulté 1d de malus.",
            "Complexité 1 atteinte au round 1 : Réussite. Temps passé : 1 round × 1 h = 1 h.",
        ),
    ],
)
def test_le_compte_rendu_presente_le_test_et_dit_quelle_borne_est_atteinte(appel, premiere: str, derniere: str) -> None:  # type: ignore[no-untyped-def]
    lignes = str(appel()).splitlines()
    assert (lignes[0], lignes[-1]) == (premiere, derniere)


@pytest.mark.parametrize(
    ("progres", "revers", "message"),
    [
        (-1, 0, "progres doit être un entier entre 0 et 4, reçu -1"),
        (5, 0, "progres doit être un entier entre 0 et 4, reçu 5"),
        (0, -1, "revers doit être un entier entre 0 et 3, reçu -1"),
        (0, 4, "revers doit être un entier entre 0 et 3, reçu 4"),
    ],
)
def test_l_issue_refuse_des_progres_ou_des_revers_hors_du_test(progres: int, revers: int, message: str) -> None:
    with pytest.raises(ValueError) as erreur:
        issue(progres, revers, 3, 2)
    assert str(erreur.value) == message
