"""Le site publié vu du service worker : ses listes et sa version, une publication refaite, un serveur qui note.

Sans navigateur : les tests du hors-ligne (`tests/test_hors_ligne.py`, `tests/test_hors_ligne_navigateur.py`) et
du script de Material à la demande (`tests/test_material_a_la_demande.py`) s'en servent.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from mkdocs.config import load_config

from hooks.hors_ligne import hors_ligne
from tests.conftest import RACINE

__all__ = ["listes_publiees", "publier", "servir_en_notant", "version_publiee"]


def listes_publiees(site: Path) -> tuple[dict[str, str], dict[str, str]]:
    """PRECACHE et A_LA_DEMANDE, lus dans le service worker publié."""
    code = (site / hors_ligne.SERVICE_WORKER).read_text(encoding="utf-8")
    listes = [json.loads(m) for m in re.findall(r"^const (?:PRECACHE|A_LA_DEMANDE) = (\{.*?\});$", code, re.M | re.S)]
    assert len(listes) == 2, "listes introuvables dans le service worker"
    return listes[0], listes[1]


def version_publiee(site: Path) -> str:
    """La version du service worker publié (l'empreinte de ses listes)."""
    code = (site / hors_ligne.SERVICE_WORKER).read_text(encoding="utf-8")
    trouvee = re.search(r'^const VERSION = "(\w+)";$', code, re.M)
    assert trouvee
    return trouvee[1]


def publier(site: Path) -> None:
    """Ce que fait une publication, après coup : le crochet récrit manifeste et service worker."""
    hors_ligne.on_post_build(load_config(str(RACINE / "mkdocs.yml"), site_dir=str(site)))


class _Noteur(SimpleHTTPRequestHandler):
    """Sert un dossier et note chaque chemin demandé (pour voir ce qu'un service worker télécharge)."""

    demandes: list[str]

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self.demandes.append(urlparse(self.path).path)
        super().do_GET()


@contextmanager
def servir_en_notant(dossier: Path, entetes: dict[str, str] | None = None) -> Iterator[tuple[str, list[str]]]:
    """Sert `dossier` sur 127.0.0.1 ; donne l'adresse et la liste (vivante) des chemins demandés."""
    demandes: list[str] = []
    supplementaires = entetes or {}

    class Gestionnaire(_Noteur):
        def end_headers(self) -> None:
            for nom, valeur in supplementaires.items():
                self.send_header(nom, valeur)
            super().end_headers()

    Gestionnaire.demandes = demandes
    serveur = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Gestionnaire, directory=str(dossier)))
    fil = threading.Thread(target=serveur.serve_forever, daemon=True)
    fil.start()
    try:
        yield f"http://127.0.0.1:{serveur.server_address[1]}/", demandes
    finally:
        serveur.shutdown()
        serveur.server_close()
        fil.join(timeout=5)
