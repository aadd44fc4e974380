"""Playwright pour les tests navigateur, importé en un seul endroit.

Un module de tests navigateur prend ses noms ici (`from tests.navigateur import Browser, Page, expect`) :
sans l'extra « browser », ce module saute le module qui l'importe, tout entier, en disant comment
installer Playwright ; sous CI=true (`.ci/run`), un Playwright absent est une erreur, jamais un saut.
`AXE` est le script d'axe-core sur le disque, pour un test qui l'injecte lui-même (la fixture `axe_core`
de `tests/conftest.py` l'installe s'il manque).
"""

from __future__ import annotations

import pytest

from tests.conftest import EN_CI, RACINE

try:
    from playwright.sync_api import Browser, BrowserContext, BrowserType, CDPSession, Page, Route, expect
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
except ImportError:  # l'extra « browser » n'est pas installé
    if EN_CI:
        raise  # sous CI=true, un navigateur manquant est une erreur, pas un saut
    pytest.skip("Playwright absent : python -m pip install -e '.[browser]'", allow_module_level=True)

__all__ = [
    "AXE",
    "Browser",
    "BrowserContext",
    "BrowserType",
    "CDPSession",
    "Page",
    "PlaywrightError",
    "PlaywrightTimeoutError",
    "Route",
    "expect",
]

AXE = RACINE / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, épinglé dans package.json (devDependencies) et servi depuis le disque, jamais d'un CDN."""
