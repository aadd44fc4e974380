"""Le paquet se construit comme un utilisateur de Python l'attend.

La roue est construite pour de vrai (hatchling, l'outil que pip appelle) et lue :
version venue de `rules.__version__` (une seule source), licence MIT déclarée et
fichier LICENSE joint, adresses et classificateurs valides, `py.typed`, et rien
d'autre que le paquet `rules` (ni crochets, ni tests, ni scripts).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from trove_classifiers import classifiers as CLASSIFICATEURS

import rules
from tests.conftest import RACINE

PYPROJECT = tomllib.loads((RACINE / "pyproject.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def roue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dossier = tmp_path_factory.mktemp("roue")
    code = "import sys; from hatchling.build import build_wheel; print(build_wheel(sys.argv[1]))"
    r = subprocess.run(
        [sys.executable, "-c", code, str(dossier)], cwd=RACINE, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return dossier / r.stdout.strip().splitlines()[-1]


def _metadonnees(roue: Path) -> Message:
    with zipfile.ZipFile(roue) as z:
        nom = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(z.read(nom).decode("utf-8"))


def test_la_version_a_une_seule_source(roue: Path) -> None:
    assert "version" not in PYPROJECT["project"], "la version s'écrit dans rules/__init__.py, pas ici"
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert _metadonnees(roue)["Version"] == rules.__version__


def test_la_licence_declaree_est_celle_du_fichier(roue: Path) -> None:
    meta = _metadonnees(roue)
    assert meta["License-Expression"] == "MIT"
    assert (RACINE / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    with zipfile.ZipFile(roue) as z:
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in z.namelist())


def test_adresses_et_classificateurs(roue: Path) -> None:
    meta = _metadonnees(roue)
    adresses = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    # Le site n'a pas encore d'adresse publiée (SITE_URL, mkdocs.yml) : le paquet n'en invente aucune.
    assert not [u for u in adresses.values() if ".example" in u], adresses
    classificateurs = meta.get_all("Classifier") or []
    assert classificateurs and not [c for c in classificateurs if c not in CLASSIFICATEURS]
    assert "Typing :: Typed" in classificateurs and "Natural Language :: French" in classificateurs


def test_la_roue_ne_contient_que_le_paquet(roue: Path) -> None:
    with zipfile.ZipFile(roue) as z:
        fichiers = [n for n in z.namelist() if ".dist-info/" not in n]
    assert "rules/py.typed" in fichiers and "rules/warp/jets.py" in fichiers
    assert not [f for f in fichiers if not f.startswith("rules/")]


def test_aucune_dependance_n_est_ecrite_deux_fois() -> None:
    """Chaque paquet tiers apparaît une seule fois dans tous les extras (un extra en inclut un autre)."""
    projet = canonicalize_name(PYPROJECT["project"]["name"])
    vus: dict[str, str] = {}
    for extra, lignes in PYPROJECT["project"]["optional-dependencies"].items():
        for ligne in lignes:
            nom = canonicalize_name(Requirement(ligne).name)
            if nom == projet:
                continue
            assert nom not in vus, f"{nom} écrit dans [{vus.get(nom)}] et dans [{extra}]"
            vus[nom] = extra
    assert re.fullmatch(r"\d+\.\d+\.\d+", rules.__version__)
