"""Le site hors ligne, sans navigateur : le crochet, ses listes, le manifeste, les icônes.

Le crochet `hooks/hors_ligne/hors_ligne.py` écrit le manifeste et le service worker à la
fin de la construction ; ses exemples (doctests) tournent ici, les listes
publiées disent vrai (chaque empreinte est celle du fichier), et les icônes
commitées sont celles que dessine `python -m scripts.icones`. Le service worker
lui-même est éprouvé dans Chromium par `tests/test_hors_ligne_navigateur.py`.
"""

from __future__ import annotations

import filecmp
import hashlib
import json
import os
from pathlib import Path

from mkdocs.config import load_config

from hooks.hors_ligne import hors_ligne
from scripts import icones
from scripts.outils import construire
from tests.conftest import RACINE, SiteConstruit
from tests.publication import listes_publiees

# ---------------------------------------------------------------- sans navigateur


def test_les_icones_commitees_sont_celles_du_dessin() -> None:
    assert icones.main(["--verifier"]) == 0, "python -m scripts.icones"


def test_le_site_construit_a_son_manifeste_et_son_service_worker(site_construit: SiteConstruit) -> None:
    site = site_construit.dossier
    manifeste = json.loads((site / hors_ligne.MANIFESTE).read_text(encoding="utf-8"))
    config = load_config(str(RACINE / "mkdocs.yml"))
    assert (manifeste["name"], manifeste["lang"]) == (config["site_name"], "fr")
    for icone in manifeste["icons"]:
        largeur, hauteur, _ = icones.pixels(site / icone["src"])
        assert icone["sizes"] == f"{largeur}x{hauteur}"
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in (
        site / "warp/jets-simples/index.html"
    ).read_text(encoding="utf-8")
    precache, a_l_usage = listes_publiees(site)
    assert {"./", "warp/jets-simples/", "search/search_index.json", hors_ligne.MANIFESTE} <= set(precache)
    assert not [a for a in precache if a.startswith(hors_ligne.A_LA_DEMANDE) or a.endswith((".map", ".ipynb"))]
    assert all(a.startswith(hors_ligne.A_LA_DEMANDE) or a.endswith(".ipynb") for a in a_l_usage)
    assert any(a.startswith("jupyter/") for a in a_l_usage), "JupyterLite entre au cache à l'usage"
    # Chaque empreinte est celle du fichier publié : les 16 premiers chiffres de son
    # SHA-256, ce que le service worker recalcule (crypto.subtle) sur ce qu'il télécharge.
    for adresse, empreinte in precache.items():
        fichier = site / (adresse.removeprefix("./") + ("index.html" if adresse.endswith("/") else ""))
        assert hashlib.sha256(fichier.read_bytes()).hexdigest()[:16] == empreinte, adresse
    assert "Hors ligne : " in site_construit.sortie


def test_sous_mkdocs_serve_le_service_worker_ne_garde_rien(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<h1>Accueil</h1>", encoding="utf-8")
    code, bilan = hors_ligne.service_worker(tmp_path, ["fr"], developpement=True)
    assert (bilan["precaches"], bilan["a_l_usage"]) == (0, 0)
    assert "const PRECACHE = {};" in code


def _differences(a: Path, b: Path) -> list[str]:
    """Les fichiers (chemins relatifs) présents d'un seul côté ou dont les octets diffèrent."""
    comparaison = filecmp.dircmp(a, b)
    ecarts = comparaison.left_only + comparaison.right_only
    ecarts += [n for n in comparaison.common_files if not filecmp.cmp(a / n, b / n, shallow=False)]
    for sous in comparaison.common_dirs:
        ecarts += [f"{sous}/{e}" for e in _differences(a / sous, b / sous)]
    return sorted(ecarts)


def test_le_meme_code_donne_le_meme_site_et_la_meme_version(site_construit: SiteConstruit, tmp_path: Path) -> None:
    """Construire deux fois le même code donne les mêmes fichiers, octet pour octet, quel que soit l'ordre
    des ensembles de Python (`PYTHONHASHSEED`) : sinon la version du service worker changerait sans que
    rien ne change, et chaque lecteur rechargerait le site à chaque publication."""
    graine = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"  # une autre que celle du premier site
    proc = construire(tmp_path / "bis", graine=graine)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ecarts = _differences(site_construit.dossier, tmp_path / "bis")
    assert not ecarts, f"deux constructions du même code diffèrent : {ecarts}"
