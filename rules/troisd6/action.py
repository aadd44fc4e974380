"""3D6 › Scènes majeures › Scènes d'action : les manœuvres, comme données.

Une manœuvre plus ou moins dangereuse modifie le jet (le risque) et, si elle
réussit, les effets. Le texte liste des manœuvres de poursuite et une
d'avion sans les chiffrer : leurs modificateurs restent `None` (« à fixer avec
le MJ »). Seuls ses exemples sont chiffrés.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import _valider
from rules.refus import PROPOS, Refus
from rules.troisd6.effets import NIVEAUX_MAX
from rules.troisd6.resolution import Defense
from rules.troisd6.scenes import Tour

__all__ = [
    "MANOEUVRES_AVION",
    "MANOEUVRES_CHIFFREES",
    "MANOEUVRES_POURSUITE",
    "Manoeuvre",
    "manoeuvre",
]


@dataclass(frozen=True)
class Manoeuvre:
    """Une manœuvre : son nom, sa portée et ce qu'elle change au jet et aux effets.

    Examples:
        >>> virage = manoeuvre("Rester à fond dans un virage difficile")
        >>> virage.modificateur, virage.bonus_points
        (-2, 2)
        >>> virage.tour(des_attaque=(4, 2, 1)).modificateur
        -2
    """

    nom: str
    """Le nom donné par le texte."""
    portee: str
    """La distance à laquelle elle se tente (« toute distance », « contact »…)."""
    modificateur: int | None = None
    """Le modificateur au jet ; `None` : le texte ne le chiffre pas."""
    niveaux: int = 0
    """Niveaux d'Indice en plus aux effets si elle réussit."""
    bonus_points: int = 0
    """Points d'effet en plus si elle réussit."""

    def __post_init__(self) -> None:
        _valider.texte("nom", self.nom)
        _valider.texte("portee", self.portee)
        if self.modificateur is not None:
            _valider.entier("modificateur", self.modificateur)
        _valider.entier("niveaux", self.niveaux, minimum=-NIVEAUX_MAX, maximum=NIVEAUX_MAX)
        _valider.entier("bonus_points", self.bonus_points, minimum=-_valider.POINTS_MAX, maximum=_valider.POINTS_MAX)

    @property
    def chiffree(self) -> bool:
        """Vrai si le texte donne son modificateur au jet."""
        return self._chiffree()

    def _chiffree(self) -> bool:
        return self.modificateur is not None

    def tour(
        self,
        *,
        des_attaque: tuple[int, ...] | None = None,
        effet_attaque: int | None = None,
        defense: Defense = Defense.BLOCAGE,
        des_defense: tuple[int, ...] | None = None,
        effet_defense: int | None = None,
        modificateur: int | None = None,
    ) -> Tour:
        """Le [`Tour`][rules.troisd6.scenes.Tour] d'une scène où l'attaquant tente cette manœuvre.

        Une manœuvre non chiffrée demande `modificateur` (celui fixé avec le MJ).
        """
        mod = self.modificateur if modificateur is None else modificateur
        if mod is None:
            raise Refus(
                "modificateur",
                f"le texte ne chiffre pas « {self.nom} », fixez-le avec le MJ (modificateur=…)",
                forme=PROPOS,
            )
        _valider.entier("modificateur", mod)
        return Tour(
            modificateur=mod,
            des_attaque=des_attaque,
            effet_attaque=effet_attaque,
            niveaux=self.niveaux,
            bonus_points=self.bonus_points,
            defense=defense,
            des_defense=des_defense,
            effet_defense=effet_defense,
        )


MANOEUVRES_POURSUITE: tuple[Manoeuvre, ...] = (
    Manoeuvre("Rattraper/Fuir", "toute distance"),
    Manoeuvre("Écraser, Foncer sur l'adversaire", "contact"),
    Manoeuvre("Forcer", "contact"),
    Manoeuvre("Bloquer en freinant devant", "contact"),
    Manoeuvre("Faire des embardées pour éviter d'être touché", "toute distance"),
    Manoeuvre("Se cacher en tournant rapidement à un embranchement ou une ruelle", "distance moyenne ou plus"),
    Manoeuvre("Faire demi tour complet pour croiser l'autre véhicule", "toute distance"),
    Manoeuvre("Stabiliser la vitesse pour permettre de mieux tirer", "toute distance"),
    Manoeuvre(
        "Autre manœuvre spécifique (franchissement d'obstacle imprévu, se mettre sur deux roues…)", "distance variable"
    ),
)
"""Les manœuvres de poursuite que liste le texte, sans chiffres."""

MANOEUVRES_AVION: tuple[Manoeuvre, ...] = (
    Manoeuvre("Renversement, pour passer derrière et pouvoir tirer", "distance courte ou moins"),
)
"""En plus, pour le pilotage d'avions ou d'hélicoptères."""

MANOEUVRES_CHIFFREES: tuple[Manoeuvre, ...] = (
    Manoeuvre("Rester à fond dans un virage difficile", "toute distance", modificateur=-2, bonus_points=2),
    Manoeuvre("Rouler rapidement dans une rue étroite (Philip, tour 1)", "toute distance", modificateur=-3),
    Manoeuvre("Manœuvre moins dangereuse (Philip, tour 2)", "toute distance", modificateur=-1),
)
"""Les seules manœuvres que le texte chiffre (son exemple et la poursuite de Nice)."""


def manoeuvre(nom: str) -> Manoeuvre:
    """La manœuvre du texte dont le nom commence par `nom` (sans tenir compte de la casse).

    Source : « 3D6 › Scènes majeures › Scènes d'action » (exemples de
    manœuvres, et la poursuite de Nice).

    Examples:
        >>> manoeuvre("renversement").portee
        'distance courte ou moins'
        >>> manoeuvre("voler")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: nom : aucune manœuvre du texte ne commence par 'voler'
    """
    _valider.texte("nom", nom)
    for m in (*MANOEUVRES_CHIFFREES, *MANOEUVRES_POURSUITE, *MANOEUVRES_AVION):
        if m.nom.lower().startswith(nom.strip().lower()):
            return m
    raise Refus("nom", f"aucune manœuvre du texte ne commence par {nom!r}", forme=PROPOS)
