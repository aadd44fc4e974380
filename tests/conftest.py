"""Fixtures partagées : le site construit pour de vrai, servi sur 127.0.0.1, et Chromium.

- `site_construit` lance `mkdocs build --strict` une fois par session de tests
  (dans un dossier temporaire) et échoue sur le code de sortie, jamais sur la
  présence de fichiers.
- `serveur_site` sert ce dossier avec un `ThreadingHTTPServer` sur 127.0.0.1.
- Les tests `navigateur` utilisent pytest-playwright avec le Chromium de
  Debian (`/usr/bin/chromium`), jamais un navigateur téléchargé. Sans Chromium
  ils sont sautés, sauf sous `CI=true` où ils échouent.

`construire`, `servir` et `ARGUMENTS_CHROMIUM` viennent de `scripts/outils.py`,
que partagent les scripts `python -m scripts.captures` et `python -m scripts.mesures`.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hooks import npm
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, construire, servir

__all__ = ["EN_CI", "RACINE", "SiteConstruit"]  # RACINE : réexportée pour les tests

EN_CI = os.environ.get("CI", "").lower() == "true"


@dataclass(frozen=True)
class SiteConstruit:
    dossier: Path
    sortie: str


@pytest.fixture(scope="session")
def site_construit(tmp_path_factory: pytest.TempPathFactory) -> SiteConstruit:
    """Le site construit par `mkdocs build --strict` ; échoue sur le code de sortie."""
    dossier = tmp_path_factory.mktemp("site")
    proc = construire(dossier)
    sortie = proc.stdout + proc.stderr
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict a échoué (code {proc.returncode}) :\n{sortie}")
    return SiteConstruit(dossier, sortie)


@pytest.fixture(scope="session")
def serveur_site(site_construit: SiteConstruit) -> Iterator[str]:
    """L'adresse (http://127.0.0.1:port/) du site construit, servi le temps de la session."""
    with servir(site_construit.dossier) as adresse:
        yield adresse


def _chromium_disponible() -> bool:
    return Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is not None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Chromium de Debian, sans bac à sable (root), sans aucun trafic de fond."""
    if not _chromium_disponible():
        message = f"Chromium introuvable ({CHROMIUM}) : apt-get install chromium"
        if EN_CI:
            pytest.fail(message + " (sous CI=true, un navigateur manquant est une erreur)")
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": ARGUMENTS_CHROMIUM,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Pas de service worker dans les contextes de pytest-playwright : il répondrait depuis
    son cache, à l'insu de `page.route` et des relevés de requêtes des tests. Les tests
    du site hors ligne (`tests/test_hors_ligne.py`) ouvrent leurs propres contextes."""
    return {**browser_context_args, "service_workers": "block"}


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Sous `CI=true`, un test sauté fait échouer la suite : la CI doit tout exécuter."""
    if not EN_CI:
        return
    rapporteur = session.config.pluginmanager.get_plugin("terminalreporter")
    sautes = rapporteur.stats.get("skipped", []) if rapporteur else []
    if sautes:
        if rapporteur:
            rapporteur.write_line(f"CI=true : {len(sautes)} test(s) sauté(s), ce qui est interdit en CI.", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


FIXTURES_NAVIGATEUR = frozenset({"browser", "context", "page", "browser_type_launch_args"})
"""Les fixtures de pytest-playwright : un test qui en demande une ouvre Chromium."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Pose les marqueurs d'après ce que chaque test demande, pour que `-m` trie juste.

    Un test qui demande le site construit (`site_construit`, même indirectement) est
    `site` ; un test qui demande un navigateur est `navigateur`. Ainsi
    `pytest -m "not site and not navigateur"` ne construit jamais le site et ne lance
    jamais Chromium, sans qu'aucun test ait à s'en souvenir. (`tryfirst` : avant le tri de `-m`.)
    """
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if "site_construit" in fixtures:
            item.add_marker(pytest.mark.site)
        if fixtures & FIXTURES_NAVIGATEUR:
            item.add_marker(pytest.mark.navigateur)


@pytest.fixture(scope="session")
def axe_core() -> Path:
    """`node_modules/axe-core/axe.min.js`, à la version épinglée ; `npm ci` l'installe s'il manque."""
    paquet = npm.assurer(RACINE, "axe-core", ["axe.min.js"])
    if paquet.dossier is None:
        message = f"axe-core introuvable : {paquet.raison} (installez Node.js puis lancez npm ci)"
        if EN_CI:
            pytest.fail(message + " (sous CI=true, c'est une erreur)")
        pytest.skip(message)
    return paquet.dossier / "axe.min.js"
