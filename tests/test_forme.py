"""La forme du code : des fonctions courtes (issue 21).

Le corps d'une fonction Python (docstring exclue, compté par `scripts/fonctions_longues.py`, que l'on relance à la main) tient en 60 lignes dans `rules/`, `hooks/` et `scripts/` ;
une fonction JavaScript de `docs/javascripts/` en 80. Les dépassements qui restent sont listés un par un
dans `EN_ATTENTE` (d'autres chantiers les réduisent) : une fonction non listée qui dépasse fait rougir le
test, et une fonction listée qui ne dépasse plus doit quitter la liste.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scripts.fonctions_longues import longueur

RACINE = Path(__file__).resolve().parent.parent
LIMITE_PYTHON = 60
LIMITE_JS = 80

EN_ATTENTE: frozenset[str] = frozenset()
# Aucun aujourd'hui ; une entrée (« chemin:fonction ») y dirait un dépassement connu, à réduire.
"""Les dépassements connus, en attente d'être réduits."""


def fonctions_python(chemin: Path) -> list[tuple[str, int]]:
    arbre = ast.parse(chemin.read_text(encoding="utf-8"))
    return [
        (noeud.name, longueur(noeud))
        for noeud in ast.walk(arbre)
        if isinstance(noeud, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


_DEBUT_JS = re.compile(r"(?:function\s+(\w+)\s*\([^)]*\)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?\([^)]*\)\s*=>)\s*\{")


def fonctions_js(texte: str) -> list[tuple[str, int]]:
    """Les fonctions nommées d'un fichier JavaScript et la longueur de leur corps (accolades appariées)."""
    resultat = []
    for m in _DEBUT_JS.finditer(texte):
        profondeur, i = 1, m.end()
        while profondeur and i < len(texte):
            profondeur += {"{": 1, "}": -1}.get(texte[i], 0)
            i += 1
        corps = texte[m.end() : i - 1]
        resultat.append((m[1] or m[2], corps.strip("\n").count("\n") + 1 if corps.strip() else 0))
    return resultat


def depassements() -> set[str]:
    trop = set()
    for dossier in ("rules", "hooks", "scripts"):
        for chemin in sorted((RACINE / dossier).rglob("*.py")):
            for nom, n in fonctions_python(chemin):
                if n > LIMITE_PYTHON:
                    trop.add(f"{chemin.relative_to(RACINE)}:{nom}")
    for chemin in sorted((RACINE / "docs" / "javascripts").rglob("*.js")):
        for nom, n in fonctions_js(chemin.read_text(encoding="utf-8")):
            if n > LIMITE_JS:
                trop.add(f"{chemin.relative_to(RACINE)}:{nom}")
    return trop


def test_aucune_fonction_trop_longue_hors_de_la_liste_d_attente() -> None:
    assert sorted(depassements() - EN_ATTENTE) == []


def test_la_liste_d_attente_ne_garde_que_de_vrais_depassements() -> None:
    assert sorted(EN_ATTENTE - depassements()) == []


def test_la_mesure_compte_le_corps_sans_la_docstring() -> None:
    """La mesure elle-même peut rougir : 61 lignes de corps dépassent, 60 non ; la docstring ne compte pas."""
    corps = "\n".join(f"    x{i} = {i}" for i in range(61))
    longue = ast.parse(f'def f():\n    """Doc.\n\n    Longue.\n    """\n{corps}\n').body[0]
    courte = ast.parse(f'def f():\n    """Doc."""\n{corps.rsplit(chr(10), 1)[0]}\n').body[0]
    assert isinstance(longue, ast.FunctionDef) and isinstance(courte, ast.FunctionDef)
    assert (longueur(longue), longueur(courte)) == (61, 60)
    js = "function f(a) {\n" + "  a++;\n" * 81 + "}\nconst g = (b) => {\n  return b;\n};\n"
    assert fonctions_js(js) == [("f", 81), ("g", 1)]
