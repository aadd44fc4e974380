"""Les exemples `>>>` des pages du site, rejoués sous une lecture du texte : ceux dont elle change la sortie, et de
quoi chacun dépend. Les pages se lisent comme les lit pytest-doctestplus (doctest de la bibliothèque standard,
`NORMALIZE_WHITESPACE` et `ELLIPSIS`, les globales d'une page partagées d'un exemple à l'autre).

Un exemple dépend des exemples plus haut sur sa page qui ont défini les noms qu'il lit (`print(s.transcript)` lit
`s`, défini par `s = jouer_scene(philip, …)`, qui lit `philip`…) : sa **chaîne**. Un appel est « écrit » par un
exemple s'il figure dans sa chaîne, à l'arbre syntaxique près (blancs, retours à la ligne et virgule finale n'y
comptent pas), ou, pour un seul nom de fonction, si la chaîne appelle cette fonction.
"""

from __future__ import annotations

import ast
import doctest
import functools
from dataclasses import dataclass

from rules.regles import TEXTE, sous
from rules.variantes import regles
from tests.conftest import RACINE

__all__ = ["ExempleDePage", "changes"]

DOCS = RACINE / "docs"
SANS = ("et-si.md",)
"""La page des comparaisons elle-même : ses exemples appliquent une variante à dessein."""
_OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class ExempleDePage:
    """Un exemple `>>>` d'une page, et sa chaîne : son arbre puis ceux des exemples dont il dépend."""

    page: str
    """Son chemin dans `docs/`."""
    ligne: int
    source: str
    chaine: tuple[ast.AST, ...]

    def ecrit(self, appel: str) -> bool:
        """Vrai si la chaîne écrit cet appel, ou appelle cette fonction (`appel` réduit à un nom)."""
        cible = ast.parse(appel, mode="eval").body
        noeuds = [n for arbre in self.chaine for n in ast.walk(arbre)]
        if isinstance(cible, ast.Name):
            return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == cible.id
                       for n in noeuds)  # fmt: skip
        forme = ast.dump(cible)
        return any(ast.dump(n) == forme for n in noeuds)

    def __str__(self) -> str:
        return f"{self.page}:{self.ligne} {self.source.strip()[:90]}"


def _noms(arbre: ast.AST, contexte: type[ast.expr_context]) -> set[str]:
    return {n.id for n in ast.walk(arbre) if isinstance(n, ast.Name) and isinstance(n.ctx, contexte)}


@functools.cache
def _pages() -> tuple[tuple[str, str, tuple[doctest.Example, ...], tuple[ast.Module, ...]], ...]:
    """Chaque page qui a des exemples : (chemin, texte, exemples, leurs arbres). Comme doctestplus, ni `_*.md` ni
    `docs/_*/` ni `docs/api/`."""
    pages = []
    for chemin in sorted(DOCS.rglob("*.md")):
        nom = chemin.relative_to(DOCS).as_posix()
        if nom in SANS or nom.startswith("api/") or any(p.startswith("_") for p in nom.split("/")):
            continue
        texte = chemin.read_text("utf-8")
        exemples = tuple(doctest.DocTestParser().get_examples(texte, nom))
        if exemples:
            pages.append((nom, texte, exemples, tuple(ast.parse(e.source) for e in exemples)))
    return tuple(pages)


def _chaine(arbres: tuple[ast.Module, ...], i: int) -> tuple[ast.AST, ...]:
    """L'exemple `i` et ceux, plus haut, qui ont défini en dernier chaque nom qu'il lit sans le définir lui-même (et
    ainsi de suite)."""
    vus, pile = {i}, [i]
    while pile:
        j = pile.pop()
        for nom in _noms(arbres[j], ast.Load) - _noms(arbres[j], ast.Store):  # pas la variable d'une boucle
            k = next((k for k in range(j - 1, -1, -1) if nom in _noms(arbres[k], ast.Store)), None)
            if k is not None and k not in vus:
                vus.add(k)
                pile.append(k)
    return tuple(arbres[k] for k in sorted(vus))


class _Releve(doctest.DocTestRunner):
    """Un coureur de doctest qui relève l'indice de chaque exemple dont la sortie n'est pas celle de la page."""

    def __init__(self, exemples: tuple[doctest.Example, ...]) -> None:
        super().__init__(optionflags=_OPTIONS)
        self.indices = {id(e): i for i, e in enumerate(exemples)}
        self.changes: list[int] = []

    def report_failure(self, out: object, test: object, example: doctest.Example, got: str) -> None:
        self.changes.append(self.indices[id(example)])

    def report_unexpected_exception(
        self, out: object, test: object, example: doctest.Example, exc_info: object
    ) -> None:
        self.changes.append(self.indices[id(example)])


@functools.cache
def changes(ident: str | None) -> tuple[ExempleDePage, ...]:
    """Les exemples des pages dont la sortie change sous la variante `ident` (sous le texte si None)."""
    lecture = TEXTE if ident is None else regles([ident])
    sortie = []
    for nom, texte, exemples, arbres in _pages():
        releve = _Releve(exemples)
        with sous(lecture):
            releve.run(doctest.DocTest(list(exemples), {}, nom, nom, 0, texte), out=lambda _: None)
        for i in releve.changes:
            sortie.append(ExempleDePage(nom, exemples[i].lineno + 1, exemples[i].source, _chaine(arbres, i)))
    return tuple(sortie)
