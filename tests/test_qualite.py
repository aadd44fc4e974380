"""Le code reste propre : ruff (lint) et mypy --strict sur rules/, dans la même suite."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import RACINE


def _lancer(*commande: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *commande], cwd=RACINE, capture_output=True, text=True, timeout=600)


def test_ruff_ne_signale_rien() -> None:
    r = _lancer("ruff", "check", "rules", "tests")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_sur_rules() -> None:
    r = _lancer("mypy", "--strict", "rules")
    assert r.returncode == 0, r.stdout + r.stderr


def test_le_paquet_est_type() -> None:
    assert (RACINE / "rules" / "py.typed").exists()
