"""Validation des entrées : chaque erreur est un `ValueError` en français qui
nomme le paramètre fautif et ce qui est permis."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# --- Les bornes des chances exactes ---------------------------------------------
# Ce qu'une vraie table rencontre, et que le moteur de lois (rules.des) calcule en
# quelques millisecondes ; au-delà, les fonctions de lois refusent plutôt que de
# faire attendre le lecteur (ou de calculer une minute dans son navigateur).

TRAIT_MAX = 12
"""Le plus grand Trait WaRP (dés gardés) dont on calcule les chances exactes."""

MODIFICATEUR_MAX = 12
"""Le plus grand nombre de dés de modificateur *nets* (|bonus − malus|) d'un jet WaRP dont on calcule les chances."""

BETAS_MAX = 12
"""Le plus grand nombre de Bêtas d'un Test coopératif dont on calcule les chances."""

COMPLEXITE_MAX = 20
"""La plus grande Complexité d'un Test étendu dont on calcule les chances."""

MANIABILITE_MAX = 20
"""La plus grande Maniabilité d'un Test étendu dont on calcule les chances."""


def entier(nom: str, valeur: Any, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """Vérifie que `valeur` est un entier (pas un booléen) dans les bornes données.

    Examples:
        >>> entier("trait", 3, minimum=0)
        3
        >>> entier("trait", -1, minimum=0)
        Traceback (most recent call last):
        ...
        ValueError: trait doit être un entier ≥ 0, reçu -1
    """
    if minimum is not None and maximum is not None:
        permis = f"un entier entre {minimum} et {maximum}"
    elif minimum is not None:
        permis = f"un entier ≥ {minimum}"
    elif maximum is not None:
        permis = f"un entier ≤ {maximum}"
    else:
        permis = "un entier"
    if isinstance(valeur, bool) or not isinstance(valeur, int):
        raise ValueError(f"{nom} doit être {permis}, reçu {valeur!r}")
    if (minimum is not None and valeur < minimum) or (maximum is not None and valeur > maximum):
        raise ValueError(f"{nom} doit être {permis}, reçu {valeur!r}")
    return valeur


def des(nom: str, valeurs: Any, *, nombre: int, faces: int = 6) -> tuple[int, ...]:
    """Vérifie une suite de `nombre` valeurs de dés, chacune entre 1 et `faces`.

    Examples:
        >>> des("des", [6, 4, 1], nombre=3)
        (6, 4, 1)
        >>> des("des", (6, 7, 1), nombre=3)
        Traceback (most recent call last):
        ...
        ValueError: des : chaque dé doit être un entier entre 1 et 6, reçu 7
    """
    if isinstance(valeurs, str | bytes) or not isinstance(valeurs, Iterable):
        raise ValueError(f"{nom} doit être une suite de {nombre} dés (entiers de 1 à {faces}), reçu {valeurs!r}")
    resultat = tuple(valeurs)
    if len(resultat) != nombre:
        raise ValueError(
            f"{nom} doit contenir exactement {nombre} dé{'s' if nombre > 1 else ''}, "
            f"reçu {len(resultat)} : {resultat!r}"
        )
    for valeur in resultat:
        if isinstance(valeur, bool) or not isinstance(valeur, int) or not 1 <= valeur <= faces:
            raise ValueError(f"{nom} : chaque dé doit être un entier entre 1 et {faces}, reçu {valeur!r}")
    return resultat


def au_plus(nom: str, valeur: int, maximum: int) -> int:
    """Refuse un entier (déjà validé) au-delà de la borne `maximum` d'un calcul de chances exactes.

    Examples:
        >>> au_plus("trait", 12, TRAIT_MAX)
        12
        >>> au_plus("trait", 13, TRAIT_MAX)
        Traceback (most recent call last):
        ...
        ValueError: trait doit être ≤ 12 pour calculer des chances exactes, reçu 13
    """
    if valeur > maximum:
        raise ValueError(f"{nom} doit être ≤ {maximum} pour calculer des chances exactes, reçu {valeur!r}")
    return valeur


def trait_de_loi(nom: str, valeur: Any) -> int:
    """Un Trait WaRP dont on calcule les chances : un entier de 0 à `TRAIT_MAX`.

    Examples:
        >>> trait_de_loi("trait", 3)
        3
        >>> trait_de_loi("trait", -1)
        Traceback (most recent call last):
        ...
        ValueError: trait doit être un entier ≥ 0, reçu -1
        >>> trait_de_loi("trait_second", 20)
        Traceback (most recent call last):
        ...
        ValueError: trait_second doit être ≤ 12 pour calculer des chances exactes, reçu 20
    """
    return au_plus(nom, entier(nom, valeur, minimum=0), TRAIT_MAX)


def modificateur_net(bonus: Any, malus: Any, *, noms: tuple[str, str] = ("bonus", "malus")) -> int:
    """Les dés de modificateur nets (bonus − malus) d'un jet dont on calcule les chances.

    Chacun est un entier ≥ 0 ; leur différence ne dépasse pas
    `MODIFICATEUR_MAX` dés dans un sens ou dans l'autre.

    Examples:
        >>> modificateur_net(2, 5)
        -3
        >>> modificateur_net(15, 1)
        Traceback (most recent call last):
        ...
        ValueError: bonus et malus : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 14 (bonus 15, malus 1)
        >>> modificateur_net(0, 13, noms=("bonus_second", "malus_second"))
        Traceback (most recent call last):
        ...
        ValueError: bonus_second et malus_second : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 13 (bonus 0, malus 13)
    """
    b = entier(noms[0], bonus, minimum=0)
    m = entier(noms[1], malus, minimum=0)
    if abs(b - m) > MODIFICATEUR_MAX:
        raise ValueError(
            f"{noms[0]} et {noms[1]} : au plus {MODIFICATEUR_MAX} dés de modificateur nets pour calculer des "
            f"chances exactes, reçu {abs(b - m)} (bonus {b}, malus {m})"
        )
    return b - m
