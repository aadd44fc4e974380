"""Les fonctions Python dont le corps (docstring exclue) dépasse une borne de lignes (issue 21 : 60).

    python -m scripts.fonctions_longues                  # rules/, hooks/ et scripts/, borne 60
    python -m scripts.fonctions_longues hooks --borne 40 # un dossier, une autre borne

Imprime chaque fonction trop longue (lignes du corps, fichier:ligne, nom qualifié), la plus longue d'abord, et
sort en erreur s'il y en a une. Le corps va de sa première instruction à la fin de sa dernière, docstring
exclue ; une fonction imbriquée compte dans celle qui la contient, et aussi pour elle-même.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
DOSSIERS = ("rules", "hooks", "scripts")


def longueur(fonction: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Les lignes du corps de `fonction`, docstring exclue."""
    corps = fonction.body
    if ast.get_docstring(fonction, clean=False) is not None:
        corps = corps[1:]
    if not corps:
        return 0
    return (corps[-1].end_lineno or corps[-1].lineno) - corps[0].lineno + 1


def fonctions(fichier: Path) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Chaque fonction de `fichier` avec son nom qualifié (« Classe.methode », « f.<locals>.g »)."""

    def visiter(noeud: ast.AST, prefixe: str) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
        for enfant in ast.iter_child_nodes(noeud):
            if isinstance(enfant, ast.FunctionDef | ast.AsyncFunctionDef):
                yield prefixe + enfant.name, enfant
                yield from visiter(enfant, f"{prefixe}{enfant.name}.<locals>.")
            elif isinstance(enfant, ast.ClassDef):
                yield from visiter(enfant, f"{prefixe}{enfant.name}.")
            else:
                yield from visiter(enfant, prefixe)

    yield from visiter(ast.parse(fichier.read_text("utf-8")), "")


def trop_longues(dossiers: list[Path], borne: int) -> list[tuple[int, str, str]]:
    """(lignes, « fichier:ligne », nom) de chaque fonction de plus de `borne` lignes, la plus longue d'abord."""
    resultat = []
    for dossier in dossiers:
        for fichier in sorted(dossier.rglob("*.py")):
            for nom, fonction in fonctions(fichier):
                if (n := longueur(fonction)) > borne:
                    resultat.append((n, f"{fichier.relative_to(RACINE)}:{fonction.lineno}", nom))
    return sorted(resultat, key=lambda r: (-r[0], r[1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dossiers", nargs="*", default=list(DOSSIERS), help="dossiers (rules, hooks, scripts)")
    parser.add_argument("--borne", type=int, default=60, help="lignes permises dans un corps (60)")
    args = parser.parse_args(argv)
    longues = trop_longues([RACINE / d for d in args.dossiers], args.borne)
    for n, ou, nom in longues:
        print(f"{n:4} lignes  {ou}  {nom}")
    print(f"{len(longues)} fonction(s) de plus de {args.borne} lignes dans {', '.join(args.dossiers)}")
    return 1 if longues else 0


if __name__ == "__main__":
    sys.exit(main())
