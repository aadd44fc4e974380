"""Le serveur des scripts (`scripts/outils.py`, `servir`) : tel quel pour les tests, compressé pour les mesures.

Lighthouse (`scripts/lighthouse.py`) mesure le site servi comme chez un hébergeur : le texte compressé (gzip), les
images et les archives telles quelles ; le navigateur qui ne demande pas de compression reçoit les octets du fichier.
"""

from __future__ import annotations

import gzip
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
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


def test_un_lien_ralenti_transmet_tout_au_debit_dit_partage_entre_les_reponses(tmp_path: Path) -> None:
    """`servir(debit=…)` (les mesures du lien partagé sur un réseau de téléphone) : les octets arrivent entiers, et
    deux réponses servies en même temps se partagent le lien (leur total ne passe pas plus vite que le débit).
    Une borne basse seulement : une machine chargée ne peut que rallonger le temps, jamais le raccourcir."""
    donnees = bytes(range(256)) * 1024  # 256 Kio
    (tmp_path / "a.bin").write_bytes(donnees)
    (tmp_path / "b.bin").write_bytes(donnees)
    with servir(tmp_path, debit=8) as adresse:  # 8 Mbit/s : 1 Mo/s
        debut = time.monotonic()
        with ThreadPoolExecutor(2) as parallele:
            recus = list(parallele.map(lambda nom: _obtenir(adresse + nom)[2], ["a.bin", "b.bin"]))
        duree = time.monotonic() - debut
    assert recus == [donnees, donnees]
    assert duree >= 2 * len(donnees) / 1e6, f"{2 * len(donnees)} octets en {duree:.3f} s, plus vite que 1 Mo/s"


def test_un_lien_ralenti_peut_aussi_compresser(tmp_path: Path) -> None:
    (tmp_path / "regles.css").write_text("p { color: red }\n" * 1000, encoding="utf-8")
    with servir(tmp_path, compresser=True, debit=8) as adresse:
        statut, codage, corps = _obtenir(adresse + "regles.css")
    assert (statut, codage) == (200, "gzip")
    assert gzip.decompress(corps) == (tmp_path / "regles.css").read_bytes()
