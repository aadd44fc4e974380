"""3D6 › Scènes majeures › Effet et avantages : l'échelle des avantages.

Les points d'effet d'un jet se lisent sur une table (0 ou moins : aucun
avantage, 1–3 léger, 4–6 moyen, 7–9 fort, 10–12 critique, 13 et plus
définitif). D'un jet à l'autre, l'avantage monte d'un cran à chaque nouvel
effet d'au moins 1 point, ou passe directement au niveau obtenu s'il est
meilleur. À la fin de la scène, chacun repart de zéro.
"""

from __future__ import annotations

from rules import _valider
from rules._enum import EnumOrdonnee

__all__ = ["BORNES_AVANTAGE", "Avantage", "avantage", "progression"]


class Avantage(EnumOrdonnee):
    """Les six niveaux d'avantage, du plus faible au plus fort.

    Source : « 3D6 › Scènes majeures › Principes généraux › Effet et avantages ».

    Examples:
        >>> Avantage.AUCUN < Avantage.LEGER < Avantage.MOYEN < Avantage.FORT
        True
        >>> Avantage.FORT < Avantage.CRITIQUE < Avantage.DEFINITIF
        True
        >>> print(Avantage.DEFINITIF)
        avantage définitif
    """

    AUCUN = "aucun avantage"
    LEGER = "avantage léger"
    MOYEN = "avantage moyen"
    FORT = "avantage fort"
    CRITIQUE = "avantage critique"
    DEFINITIF = "avantage définitif"

    def cran_suivant(self) -> Avantage:
        """L'avantage un cran au-dessus (le définitif reste définitif)."""
        membres = list(Avantage)
        return membres[min(self.rang + 1, len(membres) - 1)]


BORNES_AVANTAGE: dict[Avantage, tuple[int | None, int | None]] = {
    Avantage.AUCUN: (None, 0),
    Avantage.LEGER: (1, 3),
    Avantage.MOYEN: (4, 6),
    Avantage.FORT: (7, 9),
    Avantage.CRITIQUE: (10, 12),
    Avantage.DEFINITIF: (13, None),
}
"""La table du texte : points d'effet (bornes incluses, `None` : sans borne) → avantage."""


def avantage(points: int) -> Avantage:
    """L'avantage que donnent `points` points d'effet, lus sur la table.

    Source : « 3D6 › Scènes majeures › Principes généraux › Effet et avantages ».

    Args:
        points: les points d'effet (entier, éventuellement négatif après une défense).

    Returns:
        L'avantage de la table.

    Examples:
        >>> avantage(-1), avantage(6)
        (<Avantage.AUCUN: 'aucun avantage'>, <Avantage.MOYEN: 'avantage moyen'>)
        >>> [avantage(p).rang for p in (0, 1, 3, 4, 7, 10, 12, 13, 40)]
        [0, 1, 1, 2, 3, 4, 4, 5, 5]
        >>> avantage(2.5)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: points doit être un entier, reçu 2.5
    """
    _valider.entier("points", points)
    return _avantage(points)


def progression(actuel: Avantage, points: int) -> Avantage:
    """L'avantage après un nouvel effet de `points` points, partant de `actuel`.

    Source : « 3D6 › Scènes majeures › Principes généraux › Effet et
    avantages » : « A chaque nouvel effet d'au moins 1 point, l'avantage du
    joueur augmente de 1 cran, ou alors passe directement au niveau obtenu si
    il est meilleur. » Un effet de 0 point ou moins ne change rien.

    Args:
        actuel: l'avantage avant l'effet.
        points: les points d'effet du nouvel effet.

    Returns:
        Le nouvel avantage (jamais plus bas que `actuel`).

    Examples:
        L'exemple du texte : 6 points donnent un avantage moyen ; au tour
        suivant, 1 point suffit pour un cran de plus, 10 à 12 points font
        passer directement à critique.

        >>> a = progression(Avantage.AUCUN, 6); a
        <Avantage.MOYEN: 'avantage moyen'>
        >>> progression(a, 1), progression(a, 11)
        (<Avantage.FORT: 'avantage fort'>, <Avantage.CRITIQUE: 'avantage critique'>)
        >>> progression(a, 0)
        <Avantage.MOYEN: 'avantage moyen'>
        >>> progression("moyen", 3)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: actuel doit être un Avantage (AUCUN, LEGER, MOYEN, FORT, CRITIQUE, DEFINITIF), reçu 'moyen'
    """
    _valider.membre("actuel", actuel, Avantage)
    _valider.entier("points", points)
    return _progression(actuel, points)


def _progression(actuel: Avantage, points: int) -> Avantage:
    """La règle de [`progression`][rules.troisd6.avantages.progression] : la seule, que le jeu et les chances suivent."""
    if points < 1:
        return actuel
    return max(actuel.cran_suivant(), _avantage(points))


def _avantage(points: int) -> Avantage:
    # La table va du plus bas au plus haut et son dernier barreau n'a pas de borne : le premier dont le haut
    # n'est pas dépassé est le bon.
    return next(niveau for niveau, (_, haut) in BORNES_AVANTAGE.items() if haut is None or points <= haut)
