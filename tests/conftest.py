"""Fixtures partagées : le site construit pour de vrai, servi sur 127.0.0.1, et Chromium.

- `site_construit` lance `mkdocs build --strict` une fois par session de tests
  (dans un dossier temporaire) et échoue sur le code de sortie, jamais sur la
  présence de fichiers.
- `serveur_site` sert ce dossier avec un `ThreadingHTTPServer` sur 127.0.0.1.
- Les tests `navigateur` utilisent pytest-playwright avec le Chromium de
  Debian (`/usr/bin/chromium`), jamais un navigateur téléchargé. Sans Chromium
  ils sont sautés, sauf sous `CI=true` où ils échouent.

Les fonctions `construire`, `servir` et `ARGUMENTS_CHROMIUM` servent aussi aux
scripts `python -m tests.captures` et `python -m tests.mesures`.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

RACINE = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
EN_CI = os.environ.get("CI", "").lower() == "true"


@dataclass(frozen=True)
class SiteConstruit:
    dossier: Path
    sortie: str


ARGUMENTS_CHROMIUM = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
"""Chromium de Debian, sans bac à sable (root), sans aucun trafic de fond."""


def construire(dossier: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` du site dans `dossier` (jamais `-q`, qui désactive --strict)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(RACINE)}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dossier)],
        cwd=RACINE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="session")
def site_construit(tmp_path_factory: pytest.TempPathFactory) -> SiteConstruit:
    """Le site construit par `mkdocs build --strict` ; échoue sur le code de sortie."""
    dossier = tmp_path_factory.mktemp("site")
    proc = construire(dossier)
    sortie = proc.stdout + proc.stderr
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict a échoué (code {proc.returncode}) :\n{sortie}")
    return SiteConstruit(dossier, sortie)


class _Discret(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def servir(dossier: Path) -> Iterator[str]:
    """Sert `dossier` sur 127.0.0.1 (port libre) ; donne l'adresse, arrête le serveur en sortant."""
    handler = functools.partial(_Discret, directory=str(dossier))
    serveur = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    fil = threading.Thread(target=serveur.serve_forever, daemon=True)
    fil.start()
    try:
        yield f"http://127.0.0.1:{serveur.server_address[1]}/"
    finally:
        serveur.shutdown()
        serveur.server_close()
        fil.join(timeout=5)


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
