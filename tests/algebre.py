"""L'algèbre exacte des oracles de test : un seul Gauss–Jordan en fractions, partagé.

Les oracles des chaînes de scènes (3D6 sans opposition, duel) et des Tests étendus WaRP posent un
système linéaire sur tous les états à la fois et le résolvent ici, indépendamment des moteurs de
`rules/` (qui, eux, avancent état par état).
"""

from __future__ import annotations

from fractions import Fraction


def gauss_jordan(matrice: list[list[Fraction]], seconds: list[list[Fraction]]) -> list[list[Fraction]]:
    """Résout matrice · x = seconds (plusieurs seconds membres, en colonnes), en fractions exactes."""
    n = len(matrice)
    lignes = [m + s for m, s in zip(matrice, seconds, strict=True)]
    for col in range(n):
        pivot = next(i for i in range(col, n) if lignes[i][col] != 0)
        lignes[col], lignes[pivot] = lignes[pivot], lignes[col]
        lignes[col] = [v / lignes[col][col] for v in lignes[col]]
        for i in range(n):
            if i != col and lignes[i][col] != 0:
                f = lignes[i][col]
                lignes[i] = [u - f * v for u, v in zip(lignes[i], lignes[col], strict=True)]
    return [ligne[n:] for ligne in lignes]
