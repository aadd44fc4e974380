"""Banc d'essai de « Et si… ? » : le temps de recalculer les tableaux d'une variante, en Python (pas un test).

    python -m scripts.bench_et_si                  # chaque variante et chaque règle maison, 5 répétitions
    python -m scripts.bench_et_si --repetitions 9

Pour chaque variante, la **médiane** de N répétitions de `rules.et_si.section(id)` (chaque tableau, chaque
graphique et chaque exemple rejoué de sa section de la page), à froid (les caches de `rules` vidés avant chaque
répétition, comme au premier choix d'une variante) et à chaud ; de même pour chaque règle maison
(`section_maison`, toute sa gamme). L'issue 39 demande moins d'une seconde dans le navigateur une fois Python prêt :
Pyodide est de l'ordre de deux à trois fois plus lent que CPython sur ce code. Les temps dépendent de la machine
et de sa charge : relancez sur une machine au repos.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from functools import partial

from rules.et_si import section, section_maison
from rules.variantes import REGLES_MAISON, VARIANTES
from scripts.appels_lois import chronometrer


def mesurer(appel: Callable[[], object], repetitions: int) -> tuple[float, float]:
    """(médiane à froid, médiane à chaud), en secondes."""
    appel()  # une fois : les modules importés
    froid = statistics.median(chronometrer(appel, repetitions))
    chaud = statistics.median(chronometrer(appel, repetitions, a_froid=False))
    return froid, chaud


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Temps de recalcul des tableaux de « Et si… ? » (médianes).")
    parser.add_argument("--repetitions", type=int, default=5, help="répétitions par mesure (5 par défaut)")
    args = parser.parse_args(argv)
    lignes: list[tuple[str, float, float]] = []
    for ident in VARIANTES:
        lignes.append((ident, *mesurer(partial(section, ident), args.repetitions)))
    for nom in REGLES_MAISON:
        lignes.append((f"maison {nom}", *mesurer(partial(section_maison, nom), args.repetitions)))
    largeur = max(len(n) for n, _, _ in lignes)
    print(f"{'Section'.ljust(largeur)}  à froid (ms)  à chaud (ms)   médianes de {args.repetitions} répétitions")
    for nom, froid, chaud in lignes:
        print(f"{nom.ljust(largeur)}  {froid * 1000:12.1f}  {chaud * 1000:12.1f}")
    pire = max(lignes, key=lambda x: x[1])
    print(f"La plus lente à froid : {pire[0]}, {pire[1] * 1000:.1f} ms.")


if __name__ == "__main__":
    main()
