"""Greffon pytest que mutmut charge dans chaque processus de test (`-p scripts._mutmut_pytest`, `[tool.mutmut]`).

Il choisit les tests qui jugent les mutants, vide les caches des lois et rend hypothesis déterministe.

**Les tests retenus suivent la suite** : chaque test collecté (`testpaths`, hors `site` et `navigateur`), sauf
ceux qui lancent un autre programme sur le paquet au lieu de l'appeler (`retenu`). mutmut ne voit un test
passer dans une fonction que dans son propre processus ; un test qui lance ruff, mypy, pytest, un noyau Jupyter,
une construction, un interpréteur nu ou la construction d'une roue ne tue aucun mutant, et il juge, à raison, la
copie instrumentée de `rules/` que mutmut lui donne (elle importe mutmut, ses fonctions sont doublées) : il
ferait échouer la collecte des statistiques. Un nouveau fichier de tests est donc pris sans rien modifier ; un
nouveau test qui lance un autre programme arrête `mutmut run` en le nommant, et rejoint `AUTRES_PROGRAMMES`.

**Les caches des lois** (`functools.cache`) sont vidés avant chaque session : mutmut teste chaque mutant dans un
processus bifurqué de celui qui a déjà lancé la suite, et une loi calculée par le code d'origine y masquerait le
mutant. Pendant la collecte des statistiques (`MUTANT_UNDER_TEST=stats`, où mutmut note quelles fonctions chaque
test traverse pour ne relancer ensuite que ces tests), ils sont vidés avant *chaque test* : sinon un test qui
relit une loi déjà calculée ne traverserait pas la fonction qui la calcule, et ne jugerait pas ses mutants.

**hypothesis** tire moins d'exemples, toujours les mêmes : un mutant est tué ou ne l'est pas, pas selon le tirage.
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

from scripts.mesures_tests import famille

FAMILLES = frozenset({"unitaires", "doctests", "hypothesis"})
"""Les familles de la suite (`scripts/mesures_tests.py`) dont les tests appellent `rules` dans le processus de
pytest ; les autres lancent ruff, mypy, pytest, un noyau Jupyter ou une construction du site."""

AUTRES_PROGRAMMES = frozenset(
    {
        "tests/test_empaquetage.py",  # construit la roue (hatchling) et la lit
        "tests/test_mutation.py",  # lance pytest et mutmut
        "tests/test_paquet_autonome.py",  # importe chaque module dans un interpréteur nu (`python -I -S`)
    }
)
"""Les fichiers de tests « unitaires » qui jugent le paquet par un autre programme (voir `retenu`)."""

VARIABLE = "MUTANT_UNDER_TEST"
"""Ce que mutmut teste dans ce processus : « stats » pendant la collecte des statistiques, sinon un mutant ou rien."""

settings.register_profile(
    "mutation",
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
    derandomize=True,
)


def retenu(item: pytest.Item) -> bool:
    """Vrai pour un test qui juge les mutants : de la famille des tests dans le processus, hors `AUTRES_PROGRAMMES`."""
    return famille(item) in FAMILLES and item.nodeid.split("::")[0] not in AUTRES_PROGRAMMES


def vider_caches() -> int:
    """Vide chaque cache `functools` des modules de `rules` ; rend leur nombre."""
    vides = 0
    for nom, module in list(sys.modules.items()):
        if nom != "rules" and not nom.startswith("rules."):
            continue
        for objet in list(vars(module).values()):
            if callable(getattr(objet, "cache_clear", None)):
                objet.cache_clear()
                vides += 1
    return vides


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    if VARIABLE not in os.environ:
        raise pytest.UsageError(
            f"scripts._mutmut_pytest ne sert que sous mutmut, qui pose {VARIABLE} : absent ici (mutmut l'a-t-il renommé ?)"
        )
    vider_caches()
    settings.load_profile("mutation")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    ecartes = [item for item in items if not retenu(item)]
    if ecartes:
        config.hook.pytest_deselected(items=ecartes)
        items[:] = [item for item in items if retenu(item)]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if os.environ.get(VARIABLE) == "stats":
        vider_caches()
