"""Validation des entrées : chaque erreur est un `ValueError` en français qui
nomme le paramètre fautif et ce qui est permis."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


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
