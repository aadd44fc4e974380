"""Les mutants déclarés équivalents (`scripts/mutants_equivalents.txt`) restent lisibles et désignent du code qui existe.

La campagne de mutation (`python -m scripts.mutation`) est trop longue pour la CI ; ce test garde au moins
le registre de ses équivalents : une ligne par mutant, sans doublon, avec une raison, et chaque mutant
nommé désigne une fonction (ou une méthode) qui existe encore dans `rules/`. Une fonction renommée ou
supprimée rend ses déclarations périmées : ce test le voit sans mutmut.
"""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

from scripts.mutation import EQUIVALENTS, equivalents

RACINE = Path(__file__).resolve().parent.parent
NOM = re.compile(
    r"^(?P<module>rules(?:\.\w+)*)\.x(?:ǁ(?P<classe>\w+)ǁ(?P<methode>\w+?)|_(?P<fonction>\w+?))__mutmut_\d+$"
)


@cache
def _definitions(module: str) -> frozenset[str]:
    """Les fonctions de haut niveau (« f ») et les méthodes (« Classe.m ») du module `module`."""
    chemin = RACINE.joinpath(*module.split("."))
    fichier = chemin / "__init__.py" if chemin.is_dir() else chemin.with_suffix(".py")
    arbre = ast.parse(fichier.read_text("utf-8"))
    noms = set()
    for noeud in arbre.body:
        if isinstance(noeud, ast.FunctionDef | ast.AsyncFunctionDef):
            noms.add(noeud.name)
        elif isinstance(noeud, ast.ClassDef):
            noms.update(f"{noeud.name}.{m.name}" for m in noeud.body if isinstance(m, ast.FunctionDef))
    return frozenset(noms)


def designe(nom: str) -> str | None:
    """Ce que désigne un nom de mutant (« fonction » ou « Classe.methode ») s'il existe dans rules/, sinon None."""
    m = NOM.match(nom)
    if not m:
        return None
    cible = m["fonction"] or f"{m['classe']}.{m['methode']}"
    return cible if cible in _definitions(m["module"]) else None


def test_le_registre_se_lit_une_ligne_par_mutant_sans_doublon() -> None:
    lignes = [t for t in EQUIVALENTS.read_text("utf-8").splitlines() if t.strip() and not t.startswith("#")]
    noms = [t.split(" | ", 1)[0].strip() for t in lignes]
    doublons = sorted({n for n in noms if noms.count(n) > 1})
    assert doublons == []
    declares = equivalents()
    assert len(declares) == len(lignes) > 0
    assert all(len(d.raison) >= 20 for d in declares.values()), [d.nom for d in declares.values() if len(d.raison) < 20]


def test_chaque_mutant_declare_designe_du_code_qui_existe() -> None:
    perimes = [nom for nom in equivalents() if designe(nom) is None]
    assert perimes == []


def test_le_nom_d_un_mutant_est_lu_comme_mutmut_l_ecrit() -> None:
    assert designe("rules.troisd6.duel.x__resoudre_paire__mutmut_4") == "_resoudre_paire"
    assert designe("rules.troisd6.duel.xǁPolitiqueǁ__post_init____mutmut_3") == "Politique.__post_init__"
    assert designe("rules.calculateur.x_calculer__mutmut_1") == "calculer"
    assert designe("rules.des.x_fonction_disparue__mutmut_1") is None
    assert designe("rules.des.lancer") is None


HORS_CAMPAGNE = {
    "test_calculateur_navigateur.py": "le calculateur dans Chromium : marqué navigateur, hors de la campagne",
    "test_cellules.py": "les cellules exécutables des pages construites : le site, pas les règles",
    "test_cellules_navigateur.py": "les cellules dans Chromium : marqué navigateur, hors de la campagne",
    "test_empaquetage.py": "la roue et le paquet installé, pas le comportement d'une règle",
    "test_paquet_autonome.py": "l'import de chaque module sous python -I -S, dans un sous-processus",
}
"""Les fichiers de test qui importent `rules` sans faire partie de la campagne, chacun avec sa raison."""


def test_chaque_test_des_regles_fait_partie_de_la_campagne() -> None:
    """Un fichier de test qui importe `rules` est dans la sélection de mutmut (`[tool.mutmut]`), ou dit pourquoi
    il n'y est pas : sinon ses morts ne comptent pas, et ses mutants survivent à tort."""
    selection = set(
        tomllib.loads((RACINE / "pyproject.toml").read_text("utf-8"))["tool"]["mutmut"][
            "pytest_add_cli_args_test_selection"
        ]
    )
    importe_rules = re.compile(r"^\s*(from|import) rules\b", re.MULTILINE)
    oublies = sorted(
        f.name
        for f in (RACINE / "tests").glob("test_*.py")
        if importe_rules.search(f.read_text("utf-8"))
        and f"tests/{f.name}" not in selection
        and f.name not in HORS_CAMPAGNE
    )
    assert oublies == []
    assert all(not (RACINE / "tests" / nom).exists() or f"tests/{nom}" not in selection for nom in HORS_CAMPAGNE)
    assert all((RACINE / "tests" / nom).exists() for nom in HORS_CAMPAGNE)
