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


def _chiffres(n: int) -> str:
    """Les chiffres décimaux d'un entier ≥ 0, quelle que soit sa taille.

    `str` refuse, en anglais, un entier de plus de `sys.get_int_max_str_digits()` chiffres (4 300 par
    défaut : « Exceeds the limit… ») ; au-delà, l'entier s'écrit en deux moitiés, chacune à nouveau ainsi,
    la moitié basse complétée de zéros à gauche.
    """
    try:
        return str(n)
    except ValueError:  # trop de chiffres pour `str` d'un coup
        k = max(1, int(n.bit_length() * 0.30103) // 2)  # à peu près la moitié des chiffres (log10 2 ≈ 0,30103)
        haut, bas = divmod(n, 10**k)
        return _chiffres(haut) + _chiffres(bas).rjust(k, "0")


def entier(n: int) -> str:
    """Un entier pour le lecteur : « 3 », « −3 », quelle que soit sa taille.

    Examples:
        >>> entier(3), entier(-3), entier(0)
        ('3', '−3', '0')

        Un entier de plus de 4 300 chiffres s'écrit aussi, chiffre à chiffre (là où `str` refuse en anglais) :

        >>> ecrit = entier(-(10**5000) - 7)
        >>> len(ecrit), ecrit[:4], ecrit[-3:]
        (5002, '−100', '007')
    """
    try:  # le cas de chaque explication : `str` d'un coup
        return MOINS + str(-n) if n < 0 else str(n)
    except ValueError:  # trop de chiffres pour `str` d'un coup
        return f"{MOINS}{_chiffres(-n)}" if n < 0 else _chiffres(n)


def signe(n: int) -> str:
    """Un entier avec son signe, pour le lecteur (un modificateur, un écart) : « +2 », « −3 », « +0 ».

    Examples:
        >>> signe(2), signe(-3), signe(0), len(signe(10**5000))
        ('+2', '−3', '+0', 5002)
    """
    return entier(n) if n < 0 else f"+{_chiffres(n)}"


_NEGATIF = re.compile(r"(?<![\w.\-/#])-(?=\d)")


def moins(valeur: object) -> str:
    """Le texte d'une valeur pour le lecteur, un nombre négatif écrit avec le signe moins (−).

    Un trait d'union entre deux mots ou deux nombres (« page-2 », « 2-3 ») n'est pas un signe : il reste.
    Un entier ou une fraction s'écrit quelle que soit sa taille (`entier`).

    Examples:
        >>> moins(-3), moins("-4d"), moins("de -1 à -3"), moins("+2"), moins("page-2"), moins(7)
        ('−3', '−4d', 'de −1 à −3', '+2', 'page-2', '7')
        >>> moins(Fraction(-1, 2)), len(moins(10**5000)), moins(-(10**5000))[:3]
        ('−1/2', 5001, '−10')
    """
    if type(valeur) is int:  # ni un booléen (« True »), ni une énumération entière, qui s'écrivent à leur façon
        return entier(valeur)
    if type(valeur) is Fraction:
        bas = "" if valeur.denominator == 1 else "/" + _chiffres(valeur.denominator)
        return entier(valeur.numerator) + bas
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
    return f"{entier(n)} {mot}{s(n)}"


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


CHIFFRES_DU_DECIMAL = 17
"""Au plus 17 chiffres significatifs pour écrire un nombre exact en décimal (`nombre`) ; au-delà, en fraction.

Ce sont ceux que porte un flottant, par quoi `nombre` passait avant de calculer juste : chaque décimal
qu'il écrivait alors (« 0,1 », « 1,5 ») s'écrit pareil."""


def _decimales(denominateur: int) -> int | None:
    """Le nombre de décimales d'une fraction de ce dénominateur (réduite), si elle tombe juste ; sinon `None`."""
    deux = (denominateur & -denominateur).bit_length() - 1  # les facteurs 2 du dénominateur
    reste, cinq = denominateur >> deux, 0
    while reste % 5 == 0:
        reste, cinq = reste // 5, cinq + 1
    return max(deux, cinq) if reste == 1 else None


def nombre(x: Fraction) -> str:
    """Un nombre exact écrit pour le lecteur : entier, décimal s'il tombe juste, sinon fraction.

    Décimal s'il tombe juste en au plus `CHIFFRES_DU_DECIMAL` chiffres significatifs, écrit en toutes
    lettres (jamais « 9,5e-07 ») ; calculé exactement, sans flottant, il s'écrit quelle que soit sa taille.

    Examples:
        >>> nombre(Fraction(3)), nombre(Fraction(3, 2)), nombre(Fraction(1, 3)), nombre(Fraction(-3, 2))
        ('3', '1,5', '1/3', '−1,5')
        >>> nombre(Fraction(1, 2**20)), nombre(Fraction(1, 2**60)), len(nombre(Fraction(10**5000, 3)))
        ('0,00000095367431640625', '1/1152921504606846976', 5003)
    """
    if x < 0:
        return MOINS + nombre(-x)
    if x.denominator == 1:
        return _chiffres(x.numerator)
    decimales = _decimales(x.denominator)
    if decimales is not None:
        unites = x.numerator * 10**decimales // x.denominator  # exact : le dénominateur divise 10**decimales
        if unites.bit_length() <= 64 and len(str(unites)) <= CHIFFRES_DU_DECIMAL:
            ecrit = str(unites).rjust(decimales + 1, "0")
            return f"{ecrit[:-decimales]},{ecrit[-decimales:]}"
    return f"{_chiffres(x.numerator)}/{_chiffres(x.denominator)}"
