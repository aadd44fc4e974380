"""Le code reste propre : ruff (lint et format) et mypy --strict, dans la même suite.

Tout ce qui est Python y passe : le paquet, les crochets du site, les tests, les scripts.
"""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import RACINE

PYTHON = [d for d in ("rules", "hooks", "tests", "scripts") if (RACINE / d).is_dir()]


def _lancer(*commande: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *commande], cwd=RACINE, capture_output=True, text=True, timeout=600)


def test_ruff_ne_signale_rien() -> None:
    r = _lancer("ruff", "check", *PYTHON)
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_format_ne_changerait_rien() -> None:
    r = _lancer("ruff", "format", "--check", *PYTHON)
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_sur_rules() -> None:
    r = _lancer("mypy", "--strict", "rules")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_sur_les_crochets() -> None:
    r = _lancer("mypy", "--strict", "hooks")
    assert r.returncode == 0, r.stdout + r.stderr


def test_le_paquet_est_type() -> None:
    assert (RACINE / "rules" / "py.typed").exists()
