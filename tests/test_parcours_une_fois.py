"""Chaque état du site (mode, largeur) n'est parcouru qu'une fois par exécution, quelle que soit la distribution.

Le parcours de `tests/parcours.py` est partagé entre les workers (`ParcoursDeLaSuite` : un fichier et un
verrou par état dans le dossier temporaire commun), et chaque départ est compté par le contrôleur, qui fait
échouer la suite si un état part deux fois (`pytest_sessionfinish`, `tests/conftest.py`). Ici, pytest est
relancé une fois avec nos crochets sur douze tests qui lisent trois états, avec deux workers et `--dist load`
(la distribution qui ignore `groupe(...)` : les tests d'un même état tombent sur les deux workers) ; un
parcours factice (une seconde d'attente) remplace l'ouverture des pages :

- l'état clair, 1280 px, lu par le partage de la suite, part une fois (et sa surveillance s'écrit sans
  les fonctions que Playwright y accroche) ;
- l'état clair, 375 px, dont le parcours échoue, part une fois : chacun de ses tests échoue de son erreur ;
- l'état sombre, 375 px, lu par un cache de chaque worker (ce que faisait la suite avant l'issue 38 :
  `_parcours_faits` était un `dict` de chaque worker), part sur chaque worker, et la suite échoue en le
  nommant, lui seul.
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
from tests.surveillance import Surveillance


@pytest.fixture(scope="session")
def suites(tmp_path_factory):
    dossier = _dossier_partage(tmp_path_factory) / "parcours"
    # le partage de la suite ; et, pour le seul mode sombre, un cache de chaque worker (l'ancienne façon)
    partage = ParcoursDeLaSuite(dossier, _verrou)
    return {"clair": partage, "sombre": ParcoursDeLaSuite(dossier / _worker(), _verrou)}


@pytest.fixture
def parcours(suites, request):
    def faire(mode, largeur):
        time.sleep(1)
        if largeur == "telephone" and mode == "clair":
            raise RuntimeError("Chromium s'est fermé")
        fait = Parcours(mode, largeur, ["page/"], {"axe": {"page/": []}})
        # une surveillance telle que Playwright la laisse : ses relevés, et une fonction accrochée qui ne s'écrit pas
        fait.surveillance = Surveillance.__new__(Surveillance)
        fait.surveillance.erreurs, fait.surveillance._pw_impl_instance__console = [], lambda message: None
        return fait

    def obtenir(mode, largeur):
        return lire_les_parcours(request, suites[mode], faire)(mode, largeur)

    return obtenir
"""

ESSAI = """
import pytest


@pytest.mark.parametrize(("mode", "largeur"), [("clair", "bureau"), ("sombre", "telephone"), ("clair", "telephone")] * 4)
def test_lit_un_parcours(parcours, mode, largeur):
    fait = parcours(mode, largeur)
    assert fait["axe"] == {"page/": []} and fait.surveillance.erreurs == []
"""


def _lancer(dossier: Path) -> subprocess.CompletedProcess[str]:
    (dossier / "test_essai.py").write_text(ESSAI, encoding="utf-8")
    (dossier / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(RACINE)}
    env.pop("CI", None)
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


def test_un_etat_n_est_parcouru_qu_une_fois_et_un_etat_parcouru_deux_fois_fait_echouer_la_suite(
    tmp_path: Path,
) -> None:
    r = _lancer(tmp_path)
    sortie = r.stdout + r.stderr
    assert "2 workers" in sortie and "4 failed, 8 passed" in r.stdout, sortie[-3000:]
    # Les départs annoncés pendant la suite (« [gw0] Parcours clair, 1280 px (…)… »).
    departs = re.findall(r"^\[(gw\d+)\] Parcours (\w+, \d+ px) \(", r.stderr, re.M)
    clair = [w for w, etat in departs if etat == "clair, 1280 px"]
    sombre = sorted(w for w, etat in departs if etat == "sombre, 375 px")
    assert len(clair) == 1 and sombre == ["gw0", "gw1"], departs  # les tests de chaque état sur les deux workers
    # Un parcours qui échoue n'est pas refait : chacun de ses tests échoue de son erreur.
    assert [etat for _, etat in departs].count("clair, 375 px") == 1, departs
    assert r.stdout.count("RuntimeError: Chromium s'est fermé") >= 4, r.stdout[-3000:]
    assert r.stdout.count("le parcours clair, 375 px a échoué") >= 3, r.stdout[-3000:]
    assert "3  parcours du site : clair, 1280 px (1 fois), clair, 375 px (1 fois), sombre, 375 px (2 fois)" in r.stdout
    assert r.returncode == 1, sortie[-3000:]
    assert "Parcours sombre, 375 px fait 2 fois (une seule attendue) :" in r.stdout, r.stdout[-3000:]
    assert "Parcours clair, 1280 px fait" not in r.stdout
