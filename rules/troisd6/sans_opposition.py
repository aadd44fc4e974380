"""3D6 › Scènes majeures › Effet et avantages : chances exactes face à une opposition passive.

Face à un objet, une machine ou un personnage passif, le personnage garde
l'initiative et enchaîne les jets : chaque réussite apporte des points d'effet
qui font monter son avantage, le premier jet raté met fin à la scène. Ces
chances sont celles d'une scène majeure contre un camp passif : la même chaîne
de Markov absorbante que [`chances_scene`][rules.troisd6.duel.chances_scene],
sur la même loi de l'échange, en fractions exactes. Ce module en donne ce que
les pages demandent d'une scène sans opposition : la loi de l'avantage où elle
finit, la chance de réussir, la durée moyenne, l'effet moyen d'une attaque.

Le moteur qui *joue* ces scènes est [`jouer_scene`][rules.troisd6.scenes.jouer_scene].
"""

from __future__ import annotations

from fractions import Fraction

from rules import _valider
from rules._francais import signe
from rules.refus import PROPOS, Refus
from rules.regles import en_cours
from rules.troisd6.avantages import Avantage
from rules.troisd6.duel import _Fins, _Loi, _loi_echange, _valeur_passive
from rules.troisd6.effets import NIVEAUX_MAX, Indice, _lire_indice
from rules.troisd6.resolution import Defense

__all__ = [
    "chance_sans_opposition",
    "esperance_points",
    "issue_sans_opposition",
    "jets_moyens_sans_opposition",
]


def _loi_des_points(seuil: int, depart: Indice | str, niveaux: int, bonus_points: int, armure: int = 0) -> _Loi:
    """Valide les paramètres d'un jet d'effet et rend la loi de l'échange face à une opposition passive."""
    _valider.entier("seuil", seuil)
    ind = _lire_indice("depart", depart)
    _valider.entier("niveaux", niveaux, minimum=-NIVEAUX_MAX, maximum=NIVEAUX_MAX)
    _valider.entier("bonus_points", bonus_points, minimum=-_valider.POINTS_MAX, maximum=_valider.POINTS_MAX)
    _valider.entier("armure", armure, minimum=0, maximum=_valider.POINTS_MAX)
    return _loi_echange(seuil, ind, niveaux, bonus_points, None, None, Defense.BLOCAGE, armure, en_cours())


def _sans_fin(seuil: int, bonus_points: int, armure: int) -> Refus:
    """Le refus d'une scène qui ne finit jamais : chaque jet réussit, et aucun effet ne fait bouger l'avantage."""
    return Refus(
        ("seuil", "bonus_points", "armure"),
        f"la scène ne finit jamais (au seuil {seuil}, chaque jet réussit, et avec "
        f"{signe(bonus_points)} point(s) d'effet et {armure} d'armure, aucun effet n'atteint 1 point)",
        forme=PROPOS,
    )


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
        Philip répare sous 7 avec 1D6+1D3 : il gagne environ 1 fois sur 166.

        >>> loi = issue_sans_opposition(7, "1D6+1D3")
        >>> loi[Avantage.DEFINITIF] == chance_sans_opposition(7, "1D6+1D3")
        True
        >>> sum(loi.values())
        Fraction(1, 1)
    """
    loi = _loi_des_points(seuil, depart, niveaux, bonus_points, armure)
    for nom, av in (("objectif", objectif), ("avantage_initial", avantage_initial)):
        _valider.membre(nom, av, Avantage)
    if objectif is Avantage.AUCUN:
        raise Refus("objectif", "être au-dessus d'AUCUN", recu_ecrit="AUCUN")
    if avantage_initial >= objectif:  # déjà atteint : la scène est gagnée d'avance (toutes les clés, une seule à 1)
        return {av: Fraction(int(av is avantage_initial)) for av in Avantage}
    fins = _Fins(detail=True)
    valeur = _valeur_passive(loi, objectif, avantage_initial, fins)
    if valeur[-2]:
        raise _sans_fin(seuil, bonus_points, armure)
    # Une réussite atteint un avantage au moins égal à l'objectif, un échec garde le sien, plus bas : une clé chacun.
    return {av: valeur[fins.cle(0, av)] + valeur[fins.cle(1, av)] for av in Avantage}


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
    issues, denominateur = _loi_des_points(seuil, depart, niveaux, bonus_points)
    return Fraction(sum(n * points for (points, _, _), n in issues if points is not None), denominateur)


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
    loi = _loi_des_points(seuil, depart, niveaux, bonus_points)
    if not isinstance(objectif, Avantage) or objectif is Avantage.AUCUN:
        raise Refus("objectif", "être un Avantage au-dessus d'AUCUN", recu=objectif)
    # Sans armure, un critique monte l'Indice assez pour qu'un effet passe toujours quelquefois : la scène finit.
    return _valeur_passive(loi, objectif, Avantage.AUCUN, _Fins(detail=False))[-1]
