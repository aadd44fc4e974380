"""Les paquets npm du site : épinglés dans `package.json`, installés par `npm ci` dans `node_modules/`.

Un seul endroit sait les trouver et, s'ils manquent, les installer : le crochet
des cellules (Pyodide, servi aux lecteurs) et les tests d'accessibilité
(axe-core) passent tous deux par [`assurer`][hooks.cellules.npm.assurer]. Jamais un CDN :
ce que le site sert vient du registre npm, à la version épinglée.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Paquet", "assurer", "version_epinglee"]


@dataclass(frozen=True)
class Paquet:
    """Où est un paquet npm sur la machine qui construit, ou pourquoi il n'y est pas."""

    nom: str
    version: str
    dossier: Path | None
    raison: str = ""


def version_epinglee(racine: Path, nom: str) -> str | None:
    """La version de `nom` épinglée par `package.json` (dépendance ou dépendance de développement).

    Examples:
        >>> from pathlib import Path
        >>> version_epinglee(Path("."), "pyodide"), version_epinglee(Path("."), "absent")
        ('314.0.7', None)
    """
    try:
        paquet = json.loads((racine / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    for section in ("dependencies", "devDependencies"):
        if version := paquet.get(section, {}).get(nom):
            return str(version)
    return None


def _present(racine: Path, nom: str, version: str, fichiers: Iterable[str]) -> Path | None:
    dossier = racine / "node_modules" / nom
    try:
        installee = json.loads((dossier / "package.json").read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None
    if installee != version or not all((dossier / f).is_file() for f in fichiers):
        return None
    return dossier


def assurer(racine: Path, nom: str, fichiers: Iterable[str] = (), *, installer: bool = True) -> Paquet:
    """`node_modules/<nom>` à la version épinglée, avec `fichiers` ; `npm ci` s'il manque et que npm est là.

    Ne lève jamais : un paquet introuvable revient avec `dossier=None` et la raison,
    en français, que le site ou le test montre.
    """
    fichiers = tuple(fichiers)
    version = version_epinglee(racine, nom)
    if version is None:
        return Paquet(nom, "", None, f"package.json n'épingle pas le paquet npm « {nom} »")
    if dossier := _present(racine, nom, version, fichiers):
        return Paquet(nom, version, dossier)
    if not installer:
        return Paquet(nom, version, None, f"node_modules/{nom} {version} est absent")
    npm = shutil.which("npm")
    if npm is None:
        return Paquet(nom, version, None, "npm est introuvable sur cette machine")
    try:
        proc = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=racine, capture_output=True, text=True, timeout=900
        )
    except (OSError, subprocess.TimeoutExpired) as erreur:
        return Paquet(nom, version, None, f"npm ci n'a pas abouti ({erreur})")
    if proc.returncode != 0:
        derniere = (proc.stderr.strip().splitlines() or ["sans message"])[-1]
        return Paquet(nom, version, None, f"npm ci a échoué (registre npm injoignable ?) : {derniere}")
    if dossier := _present(racine, nom, version, fichiers):
        return Paquet(nom, version, dossier)
    return Paquet(nom, version, None, f"npm ci n'a pas installé {nom} {version}")
