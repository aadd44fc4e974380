"""Les petites aides de la langue des explications : pluriels, « à / au / aux », nombres.

Un seul endroit pour ce que les narrateurs des règles (`_expliquer`, `_raconter`…)
et les aides d'affichage écrivent en français. Bibliothèque standard seulement.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["a_le", "de_le", "decimal", "majuscule", "nombre", "pluriel", "s"]


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
        >>> nombre(Fraction(3)), nombre(Fraction(3, 2)), nombre(Fraction(1, 3))
        ('3', '1,5', '1/3')
    """
    if x.denominator == 1:
        return str(x.numerator)
    ecrit = str(float(x))
    if Fraction(ecrit) == x:
        return ecrit.replace(".", ",")
    return f"{x.numerator}/{x.denominator}"
