"""`mutmut` 3, qui mute aussi les fonctions décorées par `@cache` ou `@property` (lancé par `python -m scripts.mutation`).

mutmut 3.8 ne mute aucune fonction décorée (sauf `@staticmethod` et `@classmethod`) : il copie chaque fonction
mutée (l'original et chaque mutant) avec ses décorateurs, et une copie décorée par `@property` n'est plus
appelable par son trampoline. Pour ces deux décorateurs, qui ne font que mettre en cache ou lire un attribut,
ce module laisse mutmut les muter et ôte le décorateur des seules copies : le trampoline (la fonction publique)
le garde, les copies sont des fonctions nues qu'il appelle.

    @cache                          @cache
    def _loi(d6, d3): ...    →      @_mutmut_mutated(mutants_x__loi__mutmut)
                                    def _loi(d6, d3): ...           # le trampoline, toujours en cache
                                    def x__loi__mutmut_orig(d6, d3): ...  # copies nues
                                    def x__loi__mutmut_1(d6, d3): ...

Le cache du trampoline est vidé avant chaque session de tests, et avant chaque test pendant la collecte des
statistiques (`scripts/_mutmut_pytest.py`) : un mutant n'y lit pas une valeur calculée par un autre.

Les fonctions de mutmut remplacées ici sont internes (`mutmut.mutation.file_mutation`) : l'extra `mutation`
fixe mutmut à 3.8 (`pyproject.toml`), et `installer()` s'arrête net si elles ont changé.

    python -m scripts._mutmut_decorateurs run "rules._enum*"   # comme `mutmut run "rules._enum*"`
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterable
from typing import Any

DECORATEURS = frozenset({"cache", "property"})
"""Les décorateurs (écrits par leur seul nom) sous lesquels une fonction est mutée comme une fonction nue."""


def decore_permis(noeud: Any) -> bool:
    """Vrai pour une fonction dont chaque décorateur est dans `DECORATEURS` (au moins un)."""
    import libcst as cst

    return (
        isinstance(noeud, cst.FunctionDef)
        and bool(noeud.decorators)
        and all(isinstance(d.decorator, cst.Name) and d.decorator.value in DECORATEURS for d in noeud.decorators)
    )


def installer() -> None:
    """Remplace, dans mutmut, le refus des fonctions décorées et la copie des fonctions mutées."""
    from libcst.metadata import PositionProvider
    from mutmut.mutation import file_mutation

    visiteur = file_mutation.MutationVisitor
    ignorer = visiteur._skip_node_and_children
    arranger = file_mutation.function_trampoline_arrangement
    if getattr(ignorer, "_decorateurs", False):
        return
    attendus: dict[Callable[..., Any], list[str]] = {
        ignorer: ["self", "node"],
        arranger: ["function", "mutants", "class_name"],
    }
    for fonction, parametres in attendus.items():
        if list(inspect.signature(fonction).parameters) != parametres:
            raise SystemExit(f"mutmut a changé : {fonction.__qualname__} ne prend plus {parametres}")

    def ignorer_sauf_decores(self: Any, node: Any) -> bool:
        if decore_permis(node) and node.name.value not in file_mutation.NEVER_MUTATE_FUNCTION_NAMES:
            position = self.get_metadata(PositionProvider, node, None)
            pragma = position is not None and position.start.line in self._ignored_node_lines
            if not pragma and node not in self._enum_creation_hooks:
                return False
        return bool(ignorer(self, node))

    def arranger_sans_decorateurs(function: Any, mutants: Iterable[Any], class_name: str | None) -> Any:
        if not decore_permis(function):
            return arranger(function, mutants, class_name)
        # Les copies sont faites d'une fonction sans décorateur (mêmes nœuds dans son corps : chaque mutant y
        # retrouve le nœud qu'il remplace) ; le trampoline, premier des nœuds rendus, reprend les décorateurs.
        vides, noeuds, affectations, noms = arranger(function.with_changes(decorators=[]), mutants, class_name)
        premier: Any = noeuds[0]
        trampoline = premier.with_changes(decorators=[*function.decorators, *premier.decorators])
        return vides, [trampoline, *noeuds[1:]], affectations, noms

    ignorer_sauf_decores._decorateurs = True  # type: ignore[attr-defined]
    visiteur._skip_node_and_children = ignorer_sauf_decores  # type: ignore[method-assign]
    file_mutation.function_trampoline_arrangement = arranger_sans_decorateurs


def main(argv: list[str] | None = None) -> None:
    """`mutmut` et ses arguments (`run`, `results`…), les fonctions décorées comprises."""
    installer()
    cli: Callable[..., None] = __import__("mutmut.__main__", fromlist=["cli"]).cli
    cli(args=sys.argv[1:] if argv is None else argv, prog_name="mutmut")


if __name__ == "__main__":
    main()
