"""Le serveur des scripts (`scripts/outils.py`, `servir`) : tel quel pour les tests, compressé pour les mesures.

Lighthouse (`scripts/lighthouse.py`) mesure le site servi comme chez un hébergeur : le texte compressé (gzip), les
images et les archives telles quelles ; le navigateur qui ne demande pas de compression reçoit les octets du fichier.
"""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

from scripts.outils import servir


def _obtenir(adresse: str, *, gzip_accepte: bool = True) -> tuple[int, str | None, bytes]:
    entetes = {"Accept-Encoding": "gzip, deflate"} if gzip_accepte else {}
    with urllib.request.urlopen(urllib.request.Request(adresse, headers=entetes)) as reponse:
        return reponse.status, reponse.headers.get("Content-Encoding"), reponse.read()


def test_le_texte_part_compresse_le_reste_tel_quel(tmp_path: Path) -> None:
    page = "<!doctype html><title>Jets</title>" + "<p>Réussite critique</p>" * 200
    (tmp_path / "warp").mkdir()
    (tmp_path / "warp" / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "regles.css").write_text("p { color: red }\n" * 100, encoding="utf-8")
    image = bytes(range(256)) * 8
    (tmp_path / "de.png").write_bytes(image)
    with servir(tmp_path, compresser=True) as adresse:
        statut, codage, corps = _obtenir(adresse + "warp/")
        assert (statut, codage) == (200, "gzip")
        assert gzip.decompress(corps).decode("utf-8") == page
        assert len(corps) < len(page.encode("utf-8")) / 10
        assert gzip.decompress(_obtenir(adresse + "regles.css")[2]) == (tmp_path / "regles.css").read_bytes()
        assert _obtenir(adresse + "de.png")[1:] == (None, image)
        assert _obtenir(adresse + "warp/", gzip_accepte=False)[1:] == (None, page.encode("utf-8"))
        with urllib.request.urlopen(adresse + "warp") as redirige:  # le dossier sans « / » : redirigé, comme avant
            assert redirige.url.endswith("/warp/")
    with servir(tmp_path) as adresse:  # les tests : les octets du fichier, toujours
        assert _obtenir(adresse + "warp/")[1:] == (None, page.encode("utf-8"))
