"""Les petites aides de la langue des explications : pluriels, « à / au / aux », nombres.

Un seul endroit pour ce que les narrateurs des règles (`_expliquer`, `_raconter`…)
et les aides d'affichage écrivent en français. Bibliothèque standard seulement.
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["MOINS", "a_le", "de_le", "decimal", "entier", "majuscule", "moins", "nombre", "pluriel", "s", "signe"]

MOINS = "\u2212"
"""**Le signe moins du lecteur**, décidé ici une fois : le moins typographique (−), pas le trait d'union ASCII (-).

Tout nombre négatif d'une explication, d'un compte rendu ou d'une phrase de chances s'écrit avec lui
(`entier`, `signe`, `nombre`, `moins`). Le code que tape le lecteur (`jet(3, malus=1)`) et la
représentation Python d'une valeur (`-1`, `Fraction(-1, 2)`) restent en ASCII : ce sont du Python."""


def entier(n: int) -> str:
    """Un entier pour le lecteur : « 3 », « −3 ».

    Examples:
        >>> entier(3), entier(-3), entier(0)
        ('3', '−3', '0')
    """
    return f"{MOINS}{-n}" if n < 0 else str(n)


def signe(n: int) -> str:
    """Un entier avec son signe, pour le lecteur (un modificateur, un écart) : « +2 », « −3 », « +0 ».

    Examples:
        >>> signe(2), signe(-3), signe(0)
        ('+2', '−3', '+0')
    """
    return f"{MOINS}{-n}" if n < 0 else f"+{n}"


_NEGATIF = re.compile(r"(?<![\w.\-/#])-(?=\d)")


def moins(valeur: object) -> str:
    """Le texte d'une valeur pour le lecteur, un nombre négatif écrit avec le signe moins (−).

    Un trait d'union entre deux mots ou deux nombres (« page-2 », « 2-3 ») n'est pas un signe : il reste.

    Examples:
        >>> moins(-3), moins("-4d"), moins("de -1 à -3"), moins("+2"), moins("page-2"), moins(7)
        ('−3', '−4d', 'de −1 à −3', '+2', 'page-2', '7')
    """
    return _NEGATIF.sub(MOINS, str(valeur))


def s(n: int) -> str:
    """La marque du pluriel : « s » au-delà de 1.

    Examples:
        >>> s(1), s(2), s(0)
        ('', 's', '')
    """
    return "s" if n > 1 else ""


def pluriel(n: int, mot: str) -> str:
    """Le nombre et le mot, accordé : « 1 round », « 3 rounds ».

    Examples:
        >>> pluriel(1, "round"), pluriel(3, "round"), pluriel(2, "dé")
        ('1 round', '3 rounds', '2 dés')
    """
    return f"{n} {mot}{s(n)}"


def a_le(nom: str) -> str:
    """« à » contracté devant l'article du nom : « à Philip », « au témoin », « aux truands ».

    Examples:
        >>> a_le("Philip"), a_le("le témoin"), a_le("les truands"), a_le("la panne")
        ('à Philip', 'au témoin', 'aux truands', 'à la panne')
    """
    if nom.startswith("les "):
        return "aux " + nom.removeprefix("les ")
    if nom.startswith("le "):
        return "au " + nom.removeprefix("le ")
    return "à " + nom


def de_le(nom: str) -> str:
    """« de » contracté ou élidé devant le nom : « d'Ada », « du témoin », « des truands », « de Bruno ».

    Examples:
        >>> de_le("Ada"), de_le("le témoin"), de_le("les truands"), de_le("Bruno"), de_le("la panne")
        ("d'Ada", 'du témoin', 'des truands', 'de Bruno', 'de la panne')
    """
    if nom.startswith("les "):
        return "des " + nom.removeprefix("les ")
    if nom.startswith("le "):
        return "du " + nom.removeprefix("le ")
    if nom[:1].lower() in "aeiouyéèêàâîôû":
        return "d'" + nom
    return "de " + nom


def majuscule(texte: str) -> str:
    """La première lettre en capitale (début de phrase) : « Les truands ».

    Examples:
        >>> majuscule("les truands")
        'Les truands'
    """
    return texte[:1].upper() + texte[1:]


def decimal(valeur: float, decimales: int) -> str:
    """Un nombre à virgule, à la française, avec `decimales` chiffres après la virgule.

    Examples:
        >>> decimal(62.5, 1), decimal(0.4629, 2)
        ('62,5', '0,46')
    """
    return f"{valeur:.{decimales}f}".replace(".", ",")


def nombre(x: Fraction) -> str:
    """Un nombre exact écrit pour le lecteur : entier, décimal s'il tombe juste, sinon fraction.

    Examples:
        >>> nombre(Fraction(3)), nombre(Fraction(3, 2)), nombre(Fraction(1, 3)), nombre(Fraction(-3, 2))
        ('3', '1,5', '1/3', '−1,5')
    """
    if x < 0:
        return MOINS + nombre(-x)
    if x.denominator == 1:
        return str(x.numerator)
    ecrit = str(float(x))
    if Fraction(ecrit) == x:
        return ecrit.replace(".", ",")
    return f"{x.numerator}/{x.denominator}"
