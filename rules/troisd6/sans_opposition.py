"""3D6 › Scènes majeures › Effet et avantages : chances exactes face à une opposition passive.

Face à un objet, une machine ou un personnage passif, le personnage garde
l'initiative et enchaîne les jets : chaque réussite apporte des points d'effet
qui font monter son avantage, le premier jet raté met fin à la scène. La
probabilité d'atteindre un avantage donné (définitif pour une réflexion,
critique pour une interview) se calcule exactement par une chaîne de Markov
absorbante sur les niveaux d'avantage, en fractions exactes.

Le moteur qui *joue* ces scènes est [`jouer_scene`][rules.troisd6.scenes.jouer_scene].
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

from rules import _valider
from rules._francais import signe
from rules.des import comptes
from rules.refus import PROPOS, Refus
from rules.troisd6.avantages import Avantage, progression
from rules.troisd6.effets import NIVEAUX_MAX, Indice, comptes_indice, indice, monter
from rules.troisd6.jets import Niveau, ProfilDes, niveau, seuil_de_loi

__all__ = [
    "chance_sans_opposition",
    "esperance_points",
    "issue_sans_opposition",
    "jets_moyens_sans_opposition",
]


_Points = tuple[tuple[tuple[int | None, int], ...], int]
"""La loi des points d'effet d'un jet : ((points, poids entier), …) et le dénominateur commun ; `None` : jet raté."""


@cache
def _transitions(seuil: int, ind: Indice, niveaux: int, bonus: int) -> _Points:
    """Loi des points d'effet d'un jet, en poids entiers sur un dénominateur commun."""
    # Les 216 jets se regroupent selon ce qu'ils font aux effets : raté, ou (niveaux d'Indice, points en plus).
    groupes: dict[tuple[int, int] | None, int] = defaultdict(int)
    for (total, dd, dt), n in comptes(3, 3, ProfilDes()).items():
        niv = niveau(total, seuil, dd, dt)
        if not niv.reussi:
            groupes[None] += n
            continue
        ajout = niveaux + (dt if niv is Niveau.REUSSITE_CRITIQUE and dt else 0)
        plus = bonus + (dd if niv is Niveau.REUSSITE_SPECIALE and dd else 0)
        groupes[(ajout, plus)] += n
    indices = {g: monter(ind, g[0]) for g in groupes if g is not None}
    # Dénominateur commun : 216 jets × les jets d'effet du plus grand Indice (6^d6 · 3^d3).
    d6 = max((i.d6 for i in indices.values()), default=0)
    d3 = max((i.d3 for i in indices.values()), default=0)
    denominateur = 216 * 6**d6 * 3**d3
    loi: dict[int | None, int] = defaultdict(int)
    for groupe, n in groupes.items():
        if groupe is None:
            loi[None] += n * (denominateur // 216)
            continue
        effets, total_effets = comptes_indice(indices[groupe].d6, indices[groupe].d3)
        echelle = n * (denominateur // (216 * total_effets))
        for somme, m in effets.items():
            loi[somme + groupe[1]] += echelle * m
    return tuple(loi.items()), denominateur


def _loi_des_points(seuil: int, depart: Indice | str, niveaux: int, bonus_points: int, armure: int = 0) -> _Points:
    """Valide les paramètres d'un jet d'effet et rend la loi de ses points (`None` : jet raté)."""
    _valider.entier("seuil", seuil)
    ind = indice(depart)
    _valider.entier("niveaux", niveaux, minimum=-NIVEAUX_MAX, maximum=NIVEAUX_MAX)
    _valider.entier("bonus_points", bonus_points, minimum=-_valider.POINTS_MAX, maximum=_valider.POINTS_MAX)
    _valider.entier("armure", armure, minimum=0, maximum=_valider.POINTS_MAX)
    return _transitions(seuil_de_loi(seuil), ind, niveaux, bonus_points - armure)


def _sans_fin(seuil: int, bonus_points: int, armure: int) -> Refus:
    """Le refus d'une scène qui ne finit jamais : chaque jet réussit, et aucun effet ne fait bouger l'avantage."""
    return Refus(
        ("seuil", "bonus_points", "armure"),
        f"la scène ne finit jamais (au seuil {seuil}, chaque jet réussit, et avec "
        f"{signe(bonus_points)} point(s) d'effet et {armure} d'armure, aucun effet n'atteint 1 point)",
        forme=PROPOS,
    )


@cache
def _vers(etat: Avantage, transitions: _Points) -> tuple[int, tuple[tuple[Avantage, int], ...], int]:
    """Depuis `etat` : (poids des jets ratés, poids de chaque avantage atteint, poids des jets sans effet)."""
    rate, reste = 0, 0
    suivants: dict[Avantage, int] = defaultdict(int)
    for points, n in transitions[0]:
        if points is None:
            rate += n
            continue
        suivant = progression(etat, points)
        if suivant == etat:
            reste += n
        else:
            suivants[suivant] += n
    return rate, tuple(suivants.items()), reste


def issue_sans_opposition(
    seuil: int,
    depart: Indice | str,
    *,
    objectif: Avantage = Avantage.DEFINITIF,
    niveaux: int = 0,
    bonus_points: int = 0,
    armure: int = 0,
    avantage_initial: Avantage = Avantage.AUCUN,
) -> dict[Avantage, Fraction]:
    """Loi exacte de l'avantage où finit une scène face à une opposition passive.

    Source : « 3D6 › Scènes majeures › Effet et avantages » : le personnage
    « doit atteindre un avantage définitif en un ou plusieurs jets pour
    réussir […] un jet raté avant d'avoir atteint l'avantage définitif
    signifie l'échec » (l'interviewé passif : avantage critique).

    La chaîne de Markov a pour états les avantages sous `objectif` ; chaque jet
    raté absorbe en « échec avec l'avantage acquis », chaque effet qui atteint
    l'objectif absorbe en « réussite ». Les clés au moins égales à `objectif`
    sont des réussites, les autres l'avantage le plus haut avant l'échec.

    Args:
        seuil: le seuil de chaque jet (modificateur de risque compris).
        depart: l'Indice de la caractéristique des effets.
        objectif: l'avantage à atteindre (définitif ; critique pour une interview).
        niveaux: niveaux d'Indice en plus à chaque effet.
        bonus_points: points en plus à chaque effet.
        armure: points retirés à chaque effet.
        avantage_initial: l'avantage de départ.

    Examples:
        Philip répare sous 7 avec 1D6+1D3 : il gagne 0,6 % des fois (environ 1 fois sur 166).

        >>> loi = issue_sans_opposition(7, "1D6+1D3")
        >>> loi[Avantage.DEFINITIF] == chance_sans_opposition(7, "1D6+1D3")
        True
        >>> sum(loi.values())
        Fraction(1, 1)
    """
    transitions = _loi_des_points(seuil, depart, niveaux, bonus_points, armure)
    for nom, av in (("objectif", objectif), ("avantage_initial", avantage_initial)):
        _valider.membre(nom, av, Avantage)
    if objectif is Avantage.AUCUN:
        raise Refus("objectif", "être au-dessus d'AUCUN", recu_ecrit="AUCUN")
    if avantage_initial >= objectif:  # déjà atteint : la scène est gagnée d'avance (toutes les clés, une seule à 1)
        return {av: Fraction(int(av is avantage_initial)) for av in Avantage}
    etats = [av for av in Avantage if avantage_initial <= av < objectif]
    denominateur = transitions[1]
    issues: dict[Avantage, dict[Avantage, Fraction]] = {}
    for etat in reversed(etats):
        rate, suivants, reste = _vers(etat, transitions)
        if reste == denominateur:
            raise _sans_fin(seuil, bonus_points, armure)
        # Les jets sans effet (l'avantage ne bouge pas) se retirent : on divise par 1 − leur probabilité.
        decisifs = denominateur - reste
        loi: dict[Avantage, Fraction] = defaultdict(Fraction)
        if rate:
            loi[etat] += Fraction(rate, decisifs)
        for suivant, n in suivants:
            if suivant >= objectif:
                loi[suivant] += Fraction(n, decisifs)
            else:
                for fin, q in issues[suivant].items():
                    loi[fin] += Fraction(n, decisifs) * q
        issues[etat] = {fin: q for fin, q in loi.items() if q}
    return {av: issues[avantage_initial].get(av, Fraction(0)) for av in Avantage}


def chance_sans_opposition(
    seuil: int,
    depart: Indice | str,
    *,
    objectif: Avantage = Avantage.DEFINITIF,
    niveaux: int = 0,
    bonus_points: int = 0,
    armure: int = 0,
) -> Fraction:
    """Chance exacte d'atteindre `objectif` avant un jet raté, face à une opposition passive.

    Source : « 3D6 › Scènes majeures › Effet et avantages » ; voir
    [`issue_sans_opposition`][rules.troisd6.sans_opposition.issue_sans_opposition].

    Examples:
        >>> chance_sans_opposition(18, "2D6") > chance_sans_opposition(12, "2D6")
        True
        >>> chance_sans_opposition(2, "2D6")
        Fraction(0, 1)
    """
    loi = issue_sans_opposition(
        seuil, depart, objectif=objectif, niveaux=niveaux, bonus_points=bonus_points, armure=armure
    )
    return sum((p for av, p in loi.items() if av >= objectif), Fraction(0))


def esperance_points(seuil: int, depart: Indice | str, *, niveaux: int = 0, bonus_points: int = 0) -> Fraction:
    """Espérance exacte des points d'effet d'une attaque (0 pour un jet raté), sans défense.

    Sert à peser le risque contre l'effet : un malus au jet contre un bonus aux
    effets. Source : « 3D6 › Scènes majeures › Attaque ».

    Examples:
        >>> esperance_points(12, "2D6")
        Fraction(437, 72)
    """
    loi, denominateur = _loi_des_points(seuil, depart, niveaux, bonus_points)
    return Fraction(sum(n * pts for pts, n in loi if pts is not None), denominateur)


def jets_moyens_sans_opposition(
    seuil: int,
    depart: Indice | str,
    *,
    objectif: Avantage = Avantage.DEFINITIF,
    niveaux: int = 0,
    bonus_points: int = 0,
) -> Fraction:
    """Nombre moyen exact de jets d'une scène sans opposition, réussie ou non.

    Multiplié par la durée d'une tentative (que fixe le MJ), il donne la durée
    moyenne de la scène. Source : « 3D6 › Scènes de réflexion » (« Le MJ
    décide de la durée qui s'écoule entre chaque tentative »).

    Examples:
        La réparation de Philip (seuil 7, 1D6+1D3) tourne court, en moyenne :

        >>> round(float(jets_moyens_sans_opposition(7, "1D6+1D3")), 2)
        1.19
    """
    transitions = _loi_des_points(seuil, depart, niveaux, bonus_points)
    if not isinstance(objectif, Avantage) or objectif is Avantage.AUCUN:
        raise Refus("objectif", "être un Avantage au-dessus d'AUCUN", recu=objectif)
    moyenne: dict[Avantage, Fraction] = {}
    denominateur = transitions[1]
    for etat in reversed([av for av in Avantage if av < objectif]):
        _, suivants, reste = _vers(etat, transitions)
        if reste == denominateur:
            raise _sans_fin(seuil, bonus_points, 0)
        somme = Fraction(denominateur)
        for suivant, n in suivants:
            if suivant < objectif:
                somme += n * moyenne[suivant]
        moyenne[etat] = somme / (denominateur - reste)
    return moyenne[Avantage.AUCUN]
