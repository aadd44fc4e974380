"""Aucune fonction de `hooks/` ni de `scripts/` n'a un corps de plus de 60 lignes (issue 21 : des fonctions courtes).

`rules/` viendra ici quand ses formulaires du calculateur auront été découpés (`python -m scripts.fonctions_longues`
les liste) ; les fonctions JavaScript (80 lignes) ne sont pas comptées par ce script.
"""

from __future__ import annotations

import ast

from scripts.fonctions_longues import RACINE, longueur, trop_longues


def test_aucune_fonction_de_hooks_ni_de_scripts_ne_depasse_60_lignes() -> None:
    assert trop_longues([RACINE / "hooks", RACINE / "scripts"], 60) == []


def test_le_corps_est_compte_sans_sa_docstring() -> None:
    source = 'def f():\n    """Doc\n    sur deux lignes."""\n    a = 1\n\n    return (\n        a\n    )\n'
    fonction = ast.parse(source).body[0]
    assert isinstance(fonction, ast.FunctionDef)
    assert longueur(fonction) == 5
    assert all(n > 20 for n, _, _ in trop_longues([RACINE / "hooks"], 20)) and trop_longues([RACINE / "hooks"], 20)
