"""Le paquet `rules` s'importe avec la seule bibliothèque standard.

C'est ce qui lui permet de tourner dans le navigateur du lecteur (Pyodide),
sans les dépendances du site (mkdocs, markdown, yaml). Chaque module est
importé par un interpréteur isolé (`-I -S` : ni site-packages, ni variables
d'environnement), qui ne voit que la racine du dépôt.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import rules
from tests.conftest import RACINE


def _modules() -> list[str]:
    return sorted(["rules"] + [i.name for i in pkgutil.walk_packages(rules.__path__, "rules.")])


def _importer_isole(module: str) -> subprocess.CompletedProcess[str]:
    code = f"import sys; sys.path.insert(0, {str(RACINE)!r}); import {module}"
    return subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, timeout=60)


def test_l_interpreteur_isole_ne_voit_pas_les_dependances_du_site() -> None:
    """Le témoin : sans cela, le test suivant ne prouverait rien."""
    assert _importer_isole("yaml").returncode != 0
    assert _importer_isole("markdown").returncode != 0


@pytest.mark.parametrize("module", _modules())
def test_chaque_module_s_importe_avec_la_bibliotheque_standard(module: str) -> None:
    r = _importer_isole(module)
    assert r.returncode == 0, r.stderr
