"""La lecture des règles en vigueur : le texte tel que le site le lit, ou une variante, ou une règle maison.

Là où le texte permet deux lectures, le code en prend une, dite dans une boîte
« Interprétation » de la page. Une table peut lire autrement, ou jouer avec une
règle maison (une contre-attaque à −2 au lieu de −3). [`Regles`][rules.regles.Regles]
réunit, en un seul endroit, chaque point sur lequel une lecture peut varier ;
ses valeurs par défaut sont celles du texte tel que le site le lit,
[`TEXTE`][rules.regles.TEXTE] : tout ce que le site publie est calculé sous elles.

Les règles lisent la lecture en vigueur par [`en_cours`][rules.regles.en_cours].
On en change le temps d'un bloc, sans rien à remettre en place ensuite :

    >>> from rules.regles import Regles, en_cours, sous
    >>> with sous(Regles(malus_contre_attaque=-2)):
    ...     en_cours().malus_contre_attaque
    -2
    >>> en_cours().malus_contre_attaque
    -3

Les variantes nommées et les règles maison, avec leur page, leur phrase et ce
qu'elles changent, sont déclarées dans [`rules.variantes`][rules.variantes] ;
ce module-ci ne dépend d'aucun autre du paquet (toutes les règles le lisent).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields
from typing import Any, Literal

from rules import _valider
from rules.refus import Refus

__all__ = ["TEXTE", "Regles", "en_cours", "sous"]

Echelle = Literal["texte", "reguliere"]
"""L'échelle des Indices : celle que vérifient les exemples du texte, ou une échelle d'un demi-D6 par niveau."""

MeilleureDefense = Literal["initiative", "points", "rien-subir"]
"""Ce que la meilleure défense maximise d'abord : la reprise de l'initiative, le moins de points subis, ou la
chance de ne rien subir."""

CHOIX: dict[str, tuple[str, ...]] = {
    "echelle_indices": ("texte", "reguliere"),
    "meilleure_defense": ("initiative", "points", "rien-subir"),
}
"""Les valeurs permises de chaque point qui se lit d'une façon parmi plusieurs."""


@dataclass(frozen=True)
class Regles:
    """Chaque point sur lequel la lecture des règles peut varier, et sa valeur : par défaut, le texte.

    Une valeur est vérifiée à la construction (type et bornes d'une règle maison).

    Examples:
        >>> Regles() == TEXTE
        True
        >>> Regles(malus_contre_attaque=-7)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: malus_contre_attaque doit être un entier entre -6 et 0, reçu -7
    """

    # --- WaRP ---------------------------------------------------------------------------------------
    seuil_par_de: int = 3
    """WaRP : ce que vaut chaque dé dans le total à dépasser (« dépassez 3×(nombre de dés) »)."""
    seuil_sur_les_des_lances: bool = False
    """WaRP : le total à dépasser compte les dés lancés (vrai) ou les dés gardés, le Trait (faux : le texte)."""
    catastrophe_perd_toujours: bool = True
    """WaRP, jet opposé : une Catastrophe perd quels que soient les totaux (faux : elle compte son total)."""
    magistrale_au_dela: bool = True
    """WaRP, Test étendu : une Magistrale exige de finir au-delà de la Complexité (faux : tout dernier round
    magistral)."""
    aide_arrondie_en_dessous: bool = True
    """WaRP, Test coopératif : l'aide se totalise arrondie vers −∞ (faux : tronquée vers zéro)."""
    redemander_apres_refus: bool = True
    """WaRP, dé d'expérience : après un refus, le joueur peut redemander pour le même Test (faux : non)."""

    # --- 3D6 ------------------------------------------------------------------------------------------
    malus_familiarite: int = -3
    """3D6 : le malus d'un talent connu par simple familiarité."""
    triple_aussi_double: bool = False
    """3D6 : un triple compte aussi comme un double (sa réussite critique ajoute aussi son Dd aux effets)."""
    echelle_indices: Echelle = "texte"
    """3D6 : l'échelle des Indices (celle des exemples du texte, ou un demi-D6 par niveau)."""
    malus_contre_attaque: int = -3
    """3D6 : le malus d'une contre-attaque ordinaire (sans talent particulier)."""
    contre_attaque_sous_la_defense: bool = False
    """3D6 : la contre-attaque se lance sous la caractéristique des défenses (faux : celle des attaques)."""
    contre_attaque_esquive: bool = False
    """3D6 : une contre-attaque réussie d'au moins le niveau de l'attaque annule aussi ses effets."""
    blocage_avec_le_risque: bool = False
    """3D6 : le blocage reçoit aussi les niveaux et les points en plus que l'attaquant tire de son risque."""
    blocage_niveaux: int = 0
    """3D6 : niveaux d'Indice en plus de chaque blocage (règle maison)."""
    blocage_points: int = 0
    """3D6 : points d'effet en plus de chaque blocage (règle maison)."""
    virage_en_niveaux: bool = False
    """3D6 : « −2 au jet, mais +2 aux effets » se lit +2 niveaux d'Indice (faux : +2 points)."""
    meilleure_defense: MeilleureDefense = "initiative"
    """3D6 : ce qui fait la meilleure défense après l'attaque : reprendre le plus souvent l'initiative (le texte
    tel que le site le lit), laisser passer le moins de points, ou le plus souvent ne rien subir."""
    interview_jusqu_au_definitif: bool = False
    """3D6 : une interview se joue jusqu'à l'avantage définitif (faux : elle s'arrête au critique)."""
    mineure_plus_haut: bool = True
    """3D6, scène mineure : à niveau égal, le total le plus haut l'emporte (faux : le plus bas)."""
    echec_simple_compte: bool = False
    """3D6, réflexion : un échec simple accroît la difficulté de −1 (« en règle générale ») ; faux : elle reste."""

    def __post_init__(self) -> None:
        for f in fields(self):
            valeur = getattr(self, f.name)
            if f.name in BORNES:
                bas, haut = BORNES[f.name]
                _valider.entier(f.name, valeur, minimum=bas, maximum=haut)
            elif f.name in CHOIX:
                if valeur not in CHOIX[f.name]:
                    raise Refus(f.name, f"valoir l'un de {', '.join(CHOIX[f.name])}", recu=valeur)
            else:
                _valider.booleen(f.name, valeur)

    def ecarts(self) -> dict[str, Any]:
        """Ce qui diffère du texte : chaque champ et sa valeur.

        Examples:
            >>> Regles(malus_familiarite=-2, triple_aussi_double=True).ecarts()
            {'malus_familiarite': -2, 'triple_aussi_double': True}
        """
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(TEXTE, f.name)}


BORNES: dict[str, tuple[int, int]] = {
    "seuil_par_de": (2, 5),
    "malus_familiarite": (-6, 0),
    "malus_contre_attaque": (-6, 0),
    "blocage_niveaux": (0, 2),
    "blocage_points": (0, 4),
}
"""Les bornes de chaque nombre que fixe une règle maison."""

TEXTE = Regles()
"""Le texte tel que le site le lit : chaque page, chaque chance publiée est calculée sous cette lecture."""

_EN_COURS: ContextVar[Regles] = ContextVar("rules.regles", default=TEXTE)


def en_cours() -> Regles:
    """La lecture en vigueur : [`TEXTE`][rules.regles.TEXTE], ou celle d'un bloc [`sous`][rules.regles.sous].

    Examples:
        >>> en_cours() is TEXTE
        True
    """
    return _EN_COURS.get()


@contextmanager
def sous(regles: Regles) -> Iterator[Regles]:
    """Le temps d'un bloc `with`, les règles se lisent sous `regles` ; à la sortie, la lecture d'avant revient.

    Examples:
        >>> from rules.troisd6 import Defense, malus_de_defense
        >>> with sous(Regles(malus_contre_attaque=-2)):
        ...     malus_de_defense(Defense.CONTRE_ATTAQUE)
        -2
        >>> malus_de_defense(Defense.CONTRE_ATTAQUE)
        -3
    """
    if not isinstance(regles, Regles):
        raise Refus("regles", "être des Regles (rules.regles.Regles, ou rules.variantes.regles(…))", recu=regles)
    jeton = _EN_COURS.set(regles)
    try:
        yield regles
    finally:
        _EN_COURS.reset(jeton)
