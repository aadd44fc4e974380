"""3D6 › Scènes sans opposition : les chaînes de Markov contre un oracle exact indépendant.

L'oracle rejoue chacun des 216 jets ordonnés avec `jet` (vérifié ailleurs
contre l'énumération brute), prend la loi des dés d'effet chez icepool, puis
résout le système linéaire de la chaîne, B = (I − Q)⁻¹ R et t = (I − Q)⁻¹ 1,
par élimination de Gauss–Jordan en fractions : ni le moteur de lois de
`rules.des`, ni la substitution arrière du module ne servent.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import icepool
import pytest

from rules.troisd6 import (
    Avantage,
    chance_sans_opposition,
    esperance_points,
    issue_sans_opposition,
    jet,
    jets_moyens_sans_opposition,
    monter,
    progression,
)
from rules.troisd6.jets import Niveau
from tests.algebre import gauss_jordan


def _points(seuil: int, depart: str, niveaux: int, bonus: int) -> dict[int | None, Fraction]:
    """Loi des points d'effet d'un jet (None : raté), jet par jet, effets par icepool."""
    loi: defaultdict[int | None, Fraction] = defaultdict(Fraction)
    for des in product(range(1, 7), repeat=3):
        j = jet(seuil, des)
        if not j.reussi:
            loi[None] += Fraction(1, 216)
            continue
        critique = j.niveau is Niveau.REUSSITE_CRITIQUE
        indice = monter(depart, niveaux + (j.dt or 0 if critique else 0))
        de = indice.d6 @ icepool.d6 + indice.d3 @ icepool.d3 if indice.d3 else indice.d6 @ icepool.d6
        plus = bonus + (j.dd or 0 if j.niveau is Niveau.REUSSITE_SPECIALE else 0)
        for somme in de.outcomes():
            loi[somme + plus] += Fraction(de.quantity(somme), de.denominator() * 216)
    return dict(loi)


def _gauss(points: dict[int | None, Fraction], objectif: Avantage) -> tuple[dict[Avantage, Fraction], Fraction]:
    """Depuis AUCUN : loi de l'avantage final et nombre moyen de jets, par Gauss–Jordan."""
    etats = [av for av in Avantage if av < objectif]
    fins = list(Avantage)
    n = len(etats)
    lignes = []
    for i, etat in enumerate(etats):
        ligne = [Fraction(int(i == k)) for k in range(n)]
        droite = dict.fromkeys(fins, Fraction(0))
        for pts, p in points.items():
            if pts is None:
                droite[etat] += p  # raté : la scène finit avec l'avantage acquis
                continue
            suivant = progression(etat, pts)
            if suivant >= objectif:
                droite[suivant] += p
            else:
                ligne[etats.index(suivant)] -= p
        lignes.append(ligne + [droite[f] for f in fins] + [Fraction(1)])
    depart = gauss_jordan([ligne[:n] for ligne in lignes], [ligne[n:] for ligne in lignes])[0]
    return dict(zip(fins, depart[: len(fins)], strict=True)), depart[-1]


CAS = [
    (seuil, depart, objectif, 0, 0)
    for seuil in (4, 7, 10, 12, 14, 16, 18)
    for depart in ("1D6", "1D6+1D3", "2D6", "3D6")
    for objectif in (Avantage.CRITIQUE, Avantage.DEFINITIF)
] + [(11, "1D6+1D3", Avantage.CRITIQUE, 1, 0), (12, "2D6", Avantage.DEFINITIF, 0, 2), (15, "1D3", Avantage.FORT, 2, -3)]


@pytest.mark.parametrize(("seuil", "depart", "objectif", "niveaux", "bonus"), CAS)
def test_chaines_sans_opposition_egalent_gauss(
    seuil: int, depart: str, objectif: Avantage, niveaux: int, bonus: int
) -> None:
    points = _points(seuil, depart, niveaux, bonus)
    loi, jets = _gauss(points, objectif)
    assert issue_sans_opposition(seuil, depart, objectif=objectif, niveaux=niveaux, bonus_points=bonus) == loi
    assert chance_sans_opposition(seuil, depart, objectif=objectif, niveaux=niveaux, bonus_points=bonus) == sum(
        (p for av, p in loi.items() if av >= objectif), Fraction(0)
    )
    assert jets_moyens_sans_opposition(seuil, depart, objectif=objectif, niveaux=niveaux, bonus_points=bonus) == jets
    assert esperance_points(seuil, depart, niveaux=niveaux, bonus_points=bonus) == sum(
        (p * pts for pts, p in points.items() if pts is not None), Fraction(0)
    )


def test_l_armure_retire_des_points_a_chaque_effet() -> None:
    points = {(None if pts is None else pts - 3): p for pts, p in _points(15, "1D6", 0, 0).items()}
    loi, _ = _gauss(points, Avantage.DEFINITIF)
    assert issue_sans_opposition(15, "1D6", armure=3) == loi


@pytest.mark.parametrize(
    ("objectif", "message"),
    [
        (Avantage.AUCUN, "objectif doit être un Avantage au-dessus d'AUCUN, reçu <Avantage.AUCUN: 'aucun avantage'>"),
        ("x", "objectif doit être un Avantage au-dessus d'AUCUN, reçu 'x'"),
    ],
)
def test_jets_moyens_refuse_un_objectif_qui_n_en_est_pas_un(objectif: object, message: str) -> None:
    with pytest.raises(ValueError) as erreur:
        jets_moyens_sans_opposition(7, "1D6", objectif=objectif)  # type: ignore[arg-type]
    assert str(erreur.value) == message


_AVANTAGES = "(AUCUN, LEGER, MOYEN, FORT, CRITIQUE, DEFINITIF)"


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        # Les niveaux d'Indice en plus vont de −16 à +16 (de 1D3 à 15D6), dans chacune des quatre fonctions.
        (lambda: issue_sans_opposition(12, "2D6", niveaux=17), "niveaux doit être un entier entre -16 et 16, reçu 17"),
        (lambda: chance_sans_opposition(12, "2D6", niveaux=-17), "niveaux doit être un entier entre -16 et 16, reçu -17"),
        (lambda: esperance_points(12, "2D6", niveaux=99), "niveaux doit être un entier entre -16 et 16, reçu 99"),
        (lambda: jets_moyens_sans_opposition(12, "2D6", niveaux=-99), "niveaux doit être un entier entre -16 et 16, reçu -99"),
        (lambda: issue_sans_opposition(12, "2D6", objectif="x"), f"objectif doit être un Avantage {_AVANTAGES}, reçu 'x'"),
        (lambda: issue_sans_opposition(12, "2D6", avantage_initial=3), f"avantage_initial doit être un Avantage {_AVANTAGES}, reçu 3"),
        (lambda: issue_sans_opposition(12, "2D6", objectif=Avantage.AUCUN), "objectif doit être au-dessus d'AUCUN, reçu AUCUN"),
        (lambda: chance_sans_opposition(12, "2D6", objectif=Avantage.AUCUN), "objectif doit être au-dessus d'AUCUN, reçu AUCUN"),
        # Le refus d'une scène sans fin cite le seuil donné (25, pas 18 où la loi le ramène), les points et l'armure.
        (
            lambda: issue_sans_opposition(25, "1D3", bonus_points=-20, armure=20),
            "seuil, bonus_points et armure : la scène ne finit jamais (au seuil 25, chaque jet réussit, et avec "
            "−20 point(s) d'effet et 20 d'armure, aucun effet n'atteint 1 point)",
        ),
    ],
)  # fmt: skip
def test_chaque_refus_nomme_son_parametre_mot_pour_mot(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message
