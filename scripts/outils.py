"""Ce que partagent les scripts et les tests : construire le site, le servir, lancer Chromium.

Bibliothèque standard seulement : `python -m scripts.mesures` et la suite de
tests (`tests/conftest.py`) s'en servent de la même façon.
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

__all__ = ["ARGUMENTS_CHROMIUM", "CHROMIUM", "RACINE", "construire", "servir", "site_a_mesurer"]

RACINE = Path(__file__).resolve().parents[1]
"""La racine du dépôt (là où est `mkdocs.yml`)."""

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
"""Le Chromium de Debian (jamais un navigateur téléchargé) ; la variable `CHROMIUM` le remplace."""

ARGUMENTS_CHROMIUM = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
"""Chromium de Debian, sans bac à sable (root), sans aucun trafic de fond."""


def _commande_mkdocs() -> str:
    """La commande `mkdocs` installée avec cet interpréteur (à défaut, celle du PATH)."""
    voisine = Path(sys.executable).with_name("mkdocs")
    trouvee = str(voisine) if voisine.exists() else shutil.which("mkdocs")
    if trouvee is None:
        raise FileNotFoundError("la commande mkdocs est introuvable : python -m pip install -e '.[docs]'")
    return trouvee


def construire(dossier: Path, *, graine: str | None = None) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` du site dans `dossier` (jamais `-q`, qui désactive --strict).

    Lancé comme un lecteur le lance, par la commande `mkdocs` (et non `python -m
    mkdocs`) : la racine du dépôt n'est pas dans le chemin Python, les crochets
    doivent donc trouver seuls leur modèle commun. Seul le paquet `rules` de ce
    dépôt y est ajouté (un lien dans un dossier temporaire, comme l'installerait
    pip), pour que les blocs exécutés appellent ce code-ci. `graine` fixe
    `PYTHONHASHSEED` (l'ordre des ensembles), pour vérifier qu'il ne change rien.
    """
    with tempfile.TemporaryDirectory(prefix="paquet-") as paquet:
        (Path(paquet) / "rules").symlink_to(RACINE / "rules", target_is_directory=True)
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": paquet}
        if graine is not None:
            env["PYTHONHASHSEED"] = graine
        return subprocess.run(
            [_commande_mkdocs(), "build", "--strict", "--site-dir", str(dossier)],
            cwd=RACINE,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )


@contextmanager
def site_a_mesurer(site: Path | None) -> Iterator[Path]:
    """Le site qu'un script mesure : `site` s'il est donné (`--site DIR`, déjà construit), sinon construit ici
    (`construire`) dans un dossier temporaire effacé en sortant ; une construction qui échoue arrête le script
    avec sa sortie."""
    if site is not None:
        yield site
        return
    with tempfile.TemporaryDirectory(prefix="site-") as dossier:
        proc = construire(Path(dossier))
        if proc.returncode != 0:
            raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
        yield Path(dossier)


class _Discret(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


COMPRESSES = frozenset({".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".map"})
"""Ce qu'un hébergeur ordinaire (GitHub Pages, Netlify…) sert compressé : le texte, pas les images ni les archives."""


class _Compresse(_Discret):
    """Comme `_Discret`, mais le texte part compressé (gzip, niveau 6) au navigateur qui l'accepte, comme chez un
    hébergeur ; chaque fichier est compressé une fois (gardé par chemin et date de modification)."""

    memoire: ClassVar[dict[tuple[str, float], bytes]] = {}

    def send_head(self) -> Any:
        chemin = Path(self.translate_path(self.path))
        if chemin.is_dir() and self.path.split("?")[0].endswith("/"):
            chemin = chemin / "index.html"
        if (
            "gzip" not in self.headers.get("Accept-Encoding", "")
            or chemin.suffix not in COMPRESSES
            or not chemin.is_file()
        ):
            return super().send_head()  # le reste, les redirections et les 404 : comme avant
        cle = (str(chemin), chemin.stat().st_mtime)
        if cle not in self.memoire:
            self.memoire[cle] = gzip.compress(chemin.read_bytes(), compresslevel=6, mtime=0)
        corps = self.memoire[cle]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(chemin)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(corps)))
        self.end_headers()
        return io.BytesIO(corps)


class _Limite:
    """Un lien d'un débit donné, partagé par toutes les réponses du serveur : celui d'un téléphone, qui n'a
    qu'une connexion au réseau. Chaque morceau écrit attend son tour sur ce lien (le temps de transmission
    seulement : pas de latence ajoutée)."""

    def __init__(self, octets_par_seconde: float) -> None:
        self.debit = octets_par_seconde
        self.libre = 0.0  # l'instant (time.monotonic) où le lien aura fini ce qu'on lui a confié
        self.verrou = threading.Lock()

    def attendre(self, octets: int) -> None:
        with self.verrou:
            self.libre = max(self.libre, time.monotonic()) + octets / self.debit
            fin = self.libre
        time.sleep(max(0.0, fin - time.monotonic()))


class _Ralenti(_Discret):
    """Chaque corps de réponse passe par le lien `limite`, par morceaux de 16 Kio (compressé ou non : voir `servir`)."""

    limite: ClassVar[_Limite]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while morceau := source.read(16 * 1024):
            self.limite.attendre(len(morceau))
            outputfile.write(morceau)


class _Serveur(ThreadingHTTPServer):
    """Le serveur du site, qui tait la seule erreur qui n'en est pas une : le navigateur a coupé la connexion.

    Une requête que Chromium abandonne (une page quittée pendant un téléchargement, un worker arrêté)
    ferme la connexion pendant que le serveur écrit ; `socketserver` en imprimait la trace au milieu de
    la barre de progression des tests. Toute autre erreur est imprimée comme avant."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


@contextmanager
def servir(dossier: Path, *, compresser: bool = False, debit: float | None = None) -> Iterator[str]:
    """Sert `dossier` sur 127.0.0.1 (port libre) ; donne l'adresse, arrête le serveur en sortant.

    `compresser` : le texte part compressé, comme chez un hébergeur (les mesures de Lighthouse).
    `debit` (Mbit/s) : tout ce que sert ce serveur passe par un seul lien de ce débit (un téléphone en 4G).
    """
    classe: type[_Discret] = _Compresse if compresser else _Discret
    if debit:
        classe = type("_RalentiIci", (_Ralenti, classe), {"limite": _Limite(debit * 1e6 / 8)})
    handler = functools.partial(classe, directory=str(dossier))
    serveur = _Serveur(("127.0.0.1", 0), handler)
    fil = threading.Thread(target=serveur.serve_forever, daemon=True)
    fil.start()
    try:
        yield f"http://127.0.0.1:{serveur.server_address[1]}/"
    finally:
        serveur.shutdown()
        serveur.server_close()
        fil.join(timeout=5)
