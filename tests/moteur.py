"""Le moteur Python du site construit (Pyodide), pour les tests qui exécutent des cellules ou le calculateur.

Un test qui a besoin du runtime dans le site appelle `exiger_runtime(site_construit)` : sans lui, le test
est sauté sur un poste (npm n'a pas pu installer Pyodide) et échoue sous CI=true, jamais un chemin
silencieux. Ce module n'importe pas Playwright : les tests de la construction s'en servent aussi.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hooks.cellules import cellules
from tests.conftest import EN_CI, RACINE, SiteConstruit

__all__ = ["PAGE_REGLES", "exiger_runtime", "pages_avec_exemples", "runtime_du_site", "version_du_runtime"]

PAGE_REGLES = "warp/jets-simples/"
"""La page de règles où les tests exécutent des cellules (ses exemples sont courts et variés)."""


def version_du_runtime() -> str:
    """La version de Pyodide épinglée dans `package.json`, telle que le crochet des cellules la trouve."""
    return cellules.trouver_runtime(RACINE, installer=False).version


def runtime_du_site(site: SiteConstruit) -> Path:
    """Le dossier du runtime dans le site construit (`assets/pyodide/<version>/`)."""
    return site.dossier / "assets" / "pyodide" / version_du_runtime()


def exiger_runtime(site: SiteConstruit) -> None:
    """Sans runtime dans le site, les tests qui exécutent sont sautés ; sous CI=true, ils échouent."""
    manquants = [f for f in cellules.FICHIERS_PYODIDE if not (runtime_du_site(site) / f).is_file()]
    if manquants:
        message = f"Pyodide absent du site construit ({', '.join(manquants)}) : npm ci n'a pas pu l'installer"
        if EN_CI:
            pytest.fail(message + " (sous CI=true, un runtime manquant est une erreur)")
        pytest.skip(message)


def pages_avec_exemples() -> dict[str, int]:
    """Chaque page Markdown de docs/ et son nombre de blocs ```pycon (lus ligne à ligne, sans le crochet)."""
    pages = {}
    for md in sorted((RACINE / "docs").rglob("*.md")):
        n = len(re.findall(r"^[ \t]*```pycon[ \t]*$", md.read_text(encoding="utf-8"), re.M))
        if n:
            pages[md.relative_to(RACINE / "docs").as_posix()] = n
    return pages
