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
from rules.troisd6.avantages import Avantage, progression
from rules.troisd6.effets import Indice, indice, loi_indice, monter
from rules.troisd6.jets import Niveau, niveau, profils

__all__ = [
    "chance_sans_opposition",
    "esperance_points",
    "issue_sans_opposition",
    "jets_moyens_sans_opposition",
]


@cache
def _transitions(seuil: int, ind: Indice, niveaux: int, bonus: int) -> tuple[tuple[int | None, Fraction], ...]:
    """Loi des points d'effet d'un jet : (points, probabilité) ; `None` pour un jet raté."""
    loi: dict[int | None, Fraction] = defaultdict(Fraction)
    for (total, dd, dt), p in profils().items():
        n = niveau(total, seuil, dd, dt)
        if not n.reussi:
            loi[None] += p
            continue
        ajout = niveaux + (dt if n is Niveau.REUSSITE_CRITIQUE and dt else 0)
        plus = bonus + (dd if n is Niveau.REUSSITE_SPECIALE and dd else 0)
        for somme, q in loi_indice(monter(ind, ajout)).items():
            loi[somme + plus] += p * q
    return tuple(loi.items())


def _loi_des_points(
    seuil: int, depart: Indice | str, niveaux: int, bonus_points: int, armure: int = 0
) -> tuple[tuple[int | None, Fraction], ...]:
    """Valide les paramètres d'un jet d'effet et rend la loi de ses points (`None` : jet raté)."""
    _valider.entier("seuil", seuil)
    ind = indice(depart)
    _valider.entier("niveaux", niveaux)
    _valider.entier("bonus_points", bonus_points)
    _valider.entier("armure", armure, minimum=0)
    return _transitions(seuil, ind, niveaux, bonus_points - armure)


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
        Philip répare sous 7 avec 1D6+1D3 : il gagne un peu plus d'une fois sur 30.

        >>> loi = issue_sans_opposition(7, "1D6+1D3")
        >>> loi[Avantage.DEFINITIF] == chance_sans_opposition(7, "1D6+1D3")
        True
        >>> sum(loi.values())
        Fraction(1, 1)
    """
    transitions = _loi_des_points(seuil, depart, niveaux, bonus_points, armure)
    for nom, av in (("objectif", objectif), ("avantage_initial", avantage_initial)):
        if not isinstance(av, Avantage):
            raise ValueError(f"{nom} doit être un Avantage, reçu {av!r}")
    if objectif is Avantage.AUCUN:
        raise ValueError("objectif doit être au-dessus d'AUCUN, reçu AUCUN")
    if avantage_initial >= objectif:
        return {avantage_initial: Fraction(1)}
    etats = [av for av in Avantage if avantage_initial <= av < objectif]
    issues: dict[Avantage, dict[Avantage, Fraction]] = {}
    for etat in reversed(etats):
        loi: dict[Avantage, Fraction] = defaultdict(Fraction)
        reste = Fraction(0)
        for points, p in transitions:
            if points is None:
                loi[etat] += p
                continue
            suivant = progression(etat, points)
            if suivant == etat:
                reste += p
            elif suivant >= objectif:
                loi[suivant] += p
            else:
                for fin, q in issues[suivant].items():
                    loi[fin] += p * q
        if reste == 1:
            raise ValueError(
                f"armure : avec {armure} point(s) d'armure, aucun effet ne passe jamais, la scène ne finit pas"
            )
        issues[etat] = {fin: q / (1 - reste) for fin, q in loi.items() if q}
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
    loi = _loi_des_points(seuil, depart, niveaux, bonus_points)
    return sum((p * pts for pts, p in loi if pts is not None), Fraction(0))


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
        raise ValueError(f"objectif doit être un Avantage au-dessus d'AUCUN, reçu {objectif!r}")
    moyenne: dict[Avantage, Fraction] = {}
    for etat in reversed([av for av in Avantage if av < objectif]):
        somme, reste = Fraction(1), Fraction(0)
        for points, p in transitions:
            if points is None:
                continue
            suivant = progression(etat, points)
            if suivant == etat:
                reste += p
            elif suivant < objectif:
                somme += p * moyenne[suivant]
        moyenne[etat] = somme / (1 - reste)
    return moyenne[Avantage.AUCUN]
