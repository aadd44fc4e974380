"""Chaque état du site (mode, largeur) n'est parcouru qu'une fois par exécution, quelle que soit la distribution.

Le parcours de `tests/parcours.py` est partagé entre les workers (`ParcoursDeLaSuite` : un fichier et un
verrou par état dans le dossier temporaire commun), et chaque départ est compté par le contrôleur, qui fait
échouer la suite si un état part deux fois (`pytest_sessionfinish`, `tests/conftest.py`). Ici, pytest est
relancé avec nos crochets sur huit tests qui lisent deux états, avec deux workers et `--dist load` (la
distribution qui ignore `groupe(...)` : les tests d'un même état tombent sur les deux workers) ; un
parcours factice (une seconde d'attente) remplace l'ouverture des pages :

- avec le partage de la suite, chaque état part une fois et la suite passe ;
- avec un cache par worker (ce que faisait la suite avant l'issue 38 : `_parcours_faits` était un `dict`
  de chaque worker), chaque état part sur chaque worker, et la suite échoue en les nommant.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import RACINE

CONFTEST = """
import os
import time

import pytest

from tests.conftest import _dossier_partage, _verrou, _worker, lire_les_parcours
from tests.conftest import pytest_configure, pytest_sessionfinish  # noqa: F401 (les crochets de la suite)
from tests.parcours import Parcours, ParcoursDeLaSuite


@pytest.fixture(scope="session")
def suite(tmp_path_factory):
    dossier = _dossier_partage(tmp_path_factory) / "parcours"
    if os.environ.get("UN_CACHE_PAR_WORKER"):
        dossier = dossier / _worker()
    return ParcoursDeLaSuite(dossier, _verrou)


@pytest.fixture
def parcours(suite, request):
    def faire(mode, largeur):
        time.sleep(1)
        return Parcours(mode, largeur, ["page/"], {"axe": {"page/": []}})

    return lire_les_parcours(request, suite, faire)
"""

ESSAI = """
import pytest


@pytest.mark.parametrize(("mode", "largeur"), [("clair", "bureau"), ("sombre", "telephone")] * 4)
def test_lit_un_parcours(parcours, mode, largeur):
    assert parcours(mode, largeur)["axe"] == {"page/": []}
"""


def _lancer(dossier: Path, *, un_cache_par_worker: bool) -> subprocess.CompletedProcess[str]:
    (dossier / "test_essai.py").write_text(ESSAI, encoding="utf-8")
    (dossier / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(RACINE)}
    env.pop("CI", None)
    env.pop("UN_CACHE_PAR_WORKER", None)
    if un_cache_par_worker:
        env["UN_CACHE_PAR_WORKER"] = "1"
    sans = ["-p", "no:cacheprovider", "-p", "no:playwright", "-p", "no:doctestplus", "-p", "no:benchmark"]
    commande = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "load", *sans]
    return subprocess.run(
        [*commande, "--rootdir", str(dossier), "-c", os.devnull, "test_essai.py"],
        cwd=dossier,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _departs(r: subprocess.CompletedProcess[str]) -> list[str]:
    """Les départs de parcours annoncés pendant la suite (« [gw0] Parcours clair, 1280 px (…)… »)."""
    return re.findall(r"^\[(gw\d+)\] Parcours (\w+, \d+ px) \(", r.stderr, re.M)


def test_chaque_etat_n_est_parcouru_qu_une_fois_meme_reparti_sur_deux_workers(tmp_path: Path) -> None:
    r = _lancer(tmp_path, un_cache_par_worker=False)
    sortie = r.stdout + r.stderr
    assert r.returncode == 0 and "8 passed" in r.stdout, sortie[-3000:]
    assert "2 workers" in sortie
    departs = _departs(r)
    assert sorted(etat for _, etat in departs) == ["clair, 1280 px", "sombre, 375 px"], departs
    assert "2  parcours du site : clair, 1280 px (1 fois), sombre, 375 px (1 fois)" in r.stdout, r.stdout[-3000:]


def test_un_etat_parcouru_deux_fois_fait_echouer_la_suite(tmp_path: Path) -> None:
    r = _lancer(tmp_path, un_cache_par_worker=True)
    sortie = r.stdout + r.stderr
    departs = _departs(r)
    assert {w for w, _ in departs} == {"gw0", "gw1"} and len(departs) == 4, departs  # chaque worker, chaque état
    assert "8 passed" in r.stdout and r.returncode == 1, sortie[-3000:]
    assert "Parcours clair, 1280 px fait 2 fois (une seule attendue) :" in r.stdout, r.stdout[-3000:]
    assert "Parcours sombre, 375 px fait 2 fois (une seule attendue) :" in r.stdout
