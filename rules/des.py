"""Les dés : le seul endroit du paquet où vit le hasard, et l'énumération exacte.

Une règle est une fonction pure des valeurs de dés. Pour un exemple chiffré du
texte, on lui passe les dés du texte ; pour un vrai jet, [`lancer`][rules.des.lancer]
tire ces valeurs avec un `random.Random` (que l'on peut initialiser avec une graine fixe pour rejouer un
jet à l'identique), puis les passe à la même fonction pure.

Les probabilités exactes énumèrent les jets *triés* (les multi-ensembles de
valeurs) avec leur nombre d'ordres possibles : 7 dés donnent 792 jets triés au
lieu de 279 936 jets ordonnés.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from rules import _valider

__all__ = ["FACES", "jets_tries", "lancer", "probabilite_jet_trie"]

FACES = 6
"""Les deux systèmes n'utilisent que des d6."""


def lancer(nombre: int, rng: random.Random | None = None, *, faces: int = FACES) -> tuple[int, ...]:
    """Tire `nombre` dés à `faces` faces avec `rng` (un `random.Random` neuf s'il est omis).

    Examples:
        >>> import random
        >>> lancer(3, random.Random(2026))
        (1, 3, 5)
        >>> lancer(3, random.Random(2026)) == lancer(3, random.Random(2026))
        True
        >>> lancer(-1)
        Traceback (most recent call last):
        ...
        ValueError: nombre doit être un entier ≥ 0, reçu -1
    """
    _valider.entier("nombre", nombre, minimum=0)
    _valider.entier("faces", faces, minimum=1)
    if rng is None:
        rng = random.Random()
    elif not isinstance(rng, random.Random):
        raise ValueError(f"rng doit être un random.Random (ou None), reçu {rng!r}")
    return tuple(rng.randint(1, faces) for _ in range(nombre))


@cache
def _jets_tries(nombre: int, faces: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    tous = []
    for jet in combinations_with_replacement(range(faces, 0, -1), nombre):
        ordres = factorial(nombre) // prod(factorial(jet.count(v)) for v in set(jet))
        tous.append((jet, ordres))
    return tuple(tous)


def jets_tries(nombre: int, *, faces: int = FACES) -> Iterator[tuple[tuple[int, ...], int]]:
    """Chaque jet de `nombre` dés, trié du plus fort au plus faible, avec son nombre d'ordres.

    La somme des nombres d'ordres vaut `faces ** nombre`.

    Examples:
        >>> list(jets_tries(2))[:3]
        [((6, 6), 1), ((6, 5), 2), ((6, 4), 2)]
        >>> sum(n for _, n in jets_tries(7)) == 6 ** 7
        True
    """
    _valider.entier("nombre", nombre, minimum=0)
    _valider.entier("faces", faces, minimum=1)
    return iter(_jets_tries(nombre, faces))


def probabilite_jet_trie(ordres: int, nombre: int, *, faces: int = FACES) -> Fraction:
    """Probabilité d'un jet trié qui a `ordres` ordres possibles parmi `faces ** nombre`.

    Examples:
        >>> probabilite_jet_trie(2, 2)
        Fraction(1, 18)
    """
    return Fraction(ordres, faces**nombre)
