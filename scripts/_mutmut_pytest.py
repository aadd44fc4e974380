"""Greffon pytest chargé par `python -m scripts.mutation` (mutmut 3) dans chaque processus de test.

mutmut 3 teste chaque mutant dans un processus *bifurqué* du processus qui a déjà
lancé toute la suite : les lois mises en cache (`functools.cache`) y gardent les
valeurs calculées par le code d'origine, et un mutant qu'elles masquent
survivrait à tort. Ce greffon vide ces caches avant chaque session de tests.

Pendant la collecte des statistiques (`MUTANT_UNDER_TEST=stats` : mutmut note
quelles fonctions chaque test traverse, pour ne relancer ensuite que ces tests),
il les vide aussi avant *chaque test* : sinon un test qui relit une loi déjà
calculée par un test précédent ne traverserait pas la fonction qui la calcule,
ne serait pas choisi pour ses mutants, et un mutant qu'il tuerait survivrait.

Il réduit enfin les exemples d'hypothesis et les tire de façon déterministe
(les mêmes propriétés, moins d'exemples, les mêmes d'un lancement à l'autre :
un mutant est tué ou ne l'est pas, pas selon le tirage).
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "mutation",
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
    derandomize=True,
)


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
    vider_caches()
    settings.load_profile("mutation")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        vider_caches()
