"""Le runtime Python précompilé : le lecteur n'attend plus que CPython compile sa bibliothèque à chaque démarrage.

Pyodide est livré avec sa bibliothèque standard en source (`python_stdlib.zip`) :
à chaque démarrage, dans le navigateur, CPython recompile les quelque 150
modules qu'il importe avant la première ligne de `rules` (mesuré ici : plus de
la moitié du démarrage), puis la source de `rules`. Ce module fait ce travail
une fois, à la construction : `hooks/cellules/precompilation.mjs` démarre dans Node le
Pyodide même que le site sert, importe ce qu'importe une page, et rend

- la bibliothèque standard où chaque module alors chargé devient son bytecode
  (les autres restent en source : une cellule qui les importe les compile
  comme avant) ;
- l'archive de `rules` avec, à côté de chaque source, son bytecode.

Le bytecode est sans vérification de la source (`UNCHECKED_HASH`) : rien à
comparer au démarrage, et deux constructions de la même source donnent les
mêmes octets. Son prix : quelques centaines de kilo-octets de plus, une fois
(le runtime reste ensuite en cache) ; `python -m scripts.bench_calculateur
--demarrage` mesure les deux démarrages. Sans Node, le site sert le runtime
tel que npm l'a livré, et le dit dans le journal de la construction.

Le résultat est gardé dans `node_modules/.cache/regles-executables/` sous une
empreinte de ses entrées (la version de Pyodide, l'archive source, le script) :
une construction qui n'a rien changé à `rules` ne relance pas Node (environ
10 s ici) ; seule la dernière compilation est gardée.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Compilation", "compiler"]

SCRIPT = Path(__file__).with_name("precompilation.mjs")


@dataclass(frozen=True)
class Compilation:
    """Ce que le site sert à la place des fichiers livrés : bibliothèque standard et archive de `rules`."""

    stdlib: bytes
    archive: bytes
    python: str
    modules: tuple[str, ...]
    """Les modules de la bibliothèque standard servis en bytecode (chemins dans le zip, en `.py`)."""


def _empreinte(version: str, archive: bytes) -> str:
    h = hashlib.sha256()
    for partie in (version.encode(), SCRIPT.read_bytes(), archive):
        h.update(hashlib.sha256(partie).digest())
    return h.hexdigest()[:20]


def _lire(dossier: Path) -> Compilation:
    etat = json.loads((dossier / "compilation.json").read_text(encoding="utf-8"))
    return Compilation(
        (dossier / "python_stdlib.zip").read_bytes(),
        (dossier / "rules.zip").read_bytes(),
        etat["python"],
        tuple(etat["modules"]),
    )


def compiler(racine: Path, pyodide: Path, version: str, archive: bytes) -> Compilation | str:
    """Le runtime précompilé pour l'archive source `archive`, ou la raison pour laquelle il ne l'est pas.

    `pyodide` est le dossier du paquet npm (`node_modules/pyodide`), à la version `version`.
    """
    cache = racine / "node_modules" / ".cache" / "regles-executables" / "precompilation" / _empreinte(version, archive)
    if (cache / "compilation.json").is_file():
        return _lire(cache)
    node = shutil.which("node")
    if node is None:
        return "node est introuvable sur la machine qui construit"
    cache.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache.parent) as travail:
        source = Path(travail) / "source.zip"
        source.write_bytes(archive)
        sortie = Path(travail) / "sortie"
        proc = subprocess.run(
            [node, str(SCRIPT), str(pyodide), str(source), str(sortie)], capture_output=True, text=True, check=False
        )
        if proc.returncode != 0:
            return f"la précompilation a échoué : {(proc.stderr or proc.stdout).strip()[-600:]}"
        (sortie / "compilation.json").write_text(proc.stdout, encoding="utf-8")
        with contextlib.suppress(OSError):  # une autre construction l'a écrit entre-temps : le même contenu
            sortie.rename(cache)
    for ancienne in cache.parent.iterdir():  # une seule compilation gardée : celle de la source d'aujourd'hui
        if ancienne != cache and (ancienne / "compilation.json").is_file():
            shutil.rmtree(ancienne, ignore_errors=True)
    return _lire(cache)
