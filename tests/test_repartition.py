"""Ce qu'un fichier de tests partage (une fixture de portée module) se met en place une fois, sur un seul worker.

pytest défait une fixture de module dès que le worker passe à un test d'un autre fichier, et chaque worker
qui reçoit un test du fichier la refait : l'onglet du calculateur (Python chargé), le téléphone de
`tests/test_telephone.py`, une roue construite se refaisaient ainsi sur chacun des quatre workers.
`tests/conftest.py` (`_module_partage`) envoie ces tests ensemble à un worker (`xdist_group`). Ici, pytest est
relancé avec nos crochets, deux workers et la distribution de `pyproject.toml`, sur deux fichiers : l'un
partage une fixture de module, qui note chaque mise en place ; l'autre non.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import RACINE

CONFTEST = """
from tests.conftest import pytest_collection_modifyitems  # noqa: F401 (le crochet de la suite)
"""

PARTAGE = """
import os

import pytest


@pytest.fixture(scope="module")
def onglet():
    with open(os.environ["MISES_EN_PLACE"], "a") as f:
        f.write(os.environ.get("PYTEST_XDIST_WORKER", "seul") + "\\n")
    return "ouvert"


@pytest.mark.parametrize("rang", range(8))
def test_partage(onglet, rang):
    assert onglet == "ouvert"
"""

SEUL = """
import pytest


@pytest.mark.parametrize("rang", range(8))
def test_seul(rang):
    pass
"""


def _distribution() -> list[str]:
    """`-n auto --dist loadgroup …` : les options de pytest-xdist que la suite prend dans `pyproject.toml`."""
    options = tomllib.loads((RACINE / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    addopts: list[str] = options["addopts"]
    debut = addopts.index("--dist")
    return [*addopts[debut : debut + 2], *[o for o in addopts[debut + 2 :] if o.startswith("--")]]


def test_les_tests_qui_partagent_une_fixture_de_module_vont_au_meme_worker(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (tmp_path / "test_a_partage.py").write_text(PARTAGE, encoding="utf-8")
    (tmp_path / "test_b_seul.py").write_text(SEUL, encoding="utf-8")
    mises_en_place = tmp_path / "mises-en-place.txt"
    env = {**os.environ, "PYTHONPATH": str(RACINE), "MISES_EN_PLACE": str(mises_en_place)}
    env.pop("CI", None)
    sans = ["-p", "no:cacheprovider", "-p", "no:playwright", "-p", "no:doctestplus", "-p", "no:benchmark"]
    distribution = _distribution()
    assert distribution == ["--dist", "loadgroup", "--no-loadscope-reorder"], distribution
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", *distribution, *sans, "--rootdir", str(tmp_path), "-c", os.devnull],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0 and "16 passed" in r.stdout, r.stdout[-3000:] + r.stderr[-3000:]
    workers = mises_en_place.read_text(encoding="utf-8").split()
    assert len(workers) == 1, f"la fixture de module mise en place {len(workers)} fois : {workers}"
