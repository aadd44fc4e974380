"""Les chiffres du site, rejouables (pas un test : rien n'est chronométré dans la suite).

    python -m scripts.mesures                 # tout : constructions, premier chargement, suite
    python -m scripts.mesures --sans-suite    # sans relancer toute la suite de tests
    python -m scripts.mesures --constructions 3 --page troisd6/jets/

Mesure :

1. le temps **médian** de N constructions strictes du site entier
   (`mkdocs build --strict`, N = 5 par défaut), chacune dans un dossier neuf ;
2. les **octets transférés** au premier chargement d'une page de règles, cache
   vide, dans Chromium : la somme des `encodedDataLength` du protocole DevTools
   (en-têtes compris), jusqu'au repos du réseau, avec le détail par type de
   ressource. Le serveur de test (`http.server`) ne compresse pas : c'est le
   poids brut ; le script donne aussi le poids des mêmes fichiers compressés
   (gzip), ce qu'enverrait un hébergeur qui compresse ;
3. le temps de la **suite de tests entière** (`python -m pytest -q`), une fois.

Les temps dépendent de la machine et de sa charge : lancez-le sur une machine
au repos et comparez des mesures prises au même endroit.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from playwright.sync_api import sync_playwright

from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, construire, servir


def constructions(n: int) -> list[float]:
    """Les durées (s) de `n` constructions strictes, chacune dans un dossier neuf."""
    durees = []
    for _ in range(n):
        with tempfile.TemporaryDirectory(prefix="site-") as dossier:
            debut = time.perf_counter()
            proc = construire(Path(dossier))
            durees.append(time.perf_counter() - debut)
            if proc.returncode != 0:
                raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
    return durees


def premier_chargement(site: Path, chemin: str) -> dict[str, Any]:
    """Octets et requêtes du premier chargement de `chemin`, cache vide."""
    with servir(site) as racine, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        contexte = navigateur.new_context()
        page = contexte.new_page()
        cdp = contexte.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        types: dict[str, str] = {}
        adresses: dict[str, str] = {}
        octets: dict[str, int] = defaultdict(int)

        def reponse_recue(e: dict[str, Any]) -> None:
            types[e["requestId"]] = e["type"]
            adresses[e["requestId"]] = e["response"]["url"]

        cdp.on("Network.responseReceived", reponse_recue)
        cdp.on(
            "Network.loadingFinished",
            lambda e: octets.__setitem__(e["requestId"], octets[e["requestId"]] + int(e["encodedDataLength"])),
        )
        reponse = page.goto(racine + chemin, wait_until="networkidle")
        page.wait_for_timeout(500)
        if reponse is None or not reponse.ok:
            raise SystemExit(f"{chemin} ne s'ouvre pas")
        par_type: dict[str, int] = defaultdict(int)
        for requete, n in octets.items():
            par_type[types.get(requete, "Other")] += n
        navigateur.close()
    # Ce qu'enverrait un hébergeur qui compresse (gzip, niveau 6) les mêmes fichiers.
    compresse = 0
    for adresse in adresses.values():
        chemin = unquote(urlparse(adresse).path).lstrip("/")
        fichier = site / chemin / "index.html" if chemin.endswith("/") or not chemin else site / chemin
        if fichier.is_file():
            compresse += len(gzip.compress(fichier.read_bytes(), compresslevel=6))
    return {
        "total": sum(octets.values()),
        "requetes": len(octets),
        "par_type": dict(par_type),
        "gzip": compresse,
    }


def suite() -> tuple[float, str]:
    """La durée de la suite de tests entière et sa dernière ligne."""
    debut = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=RACINE,
        capture_output=True,
        text=True,
    )
    duree = time.perf_counter() - debut
    lignes = [ligne for ligne in proc.stdout.splitlines() if ligne.strip()]
    return duree, (lignes[-1] if lignes else f"code {proc.returncode}")


def _ko(n: int) -> str:
    return f"{n / 1024:,.1f} Kio".replace(",", " ").replace(".", ",")


def main(arguments: list[str] | None = None) -> int:
    analyse = argparse.ArgumentParser(prog="python -m scripts.mesures", description=__doc__.splitlines()[0])
    analyse.add_argument("--constructions", type=int, default=5, help="nombre de constructions (5)")
    analyse.add_argument("--page", default="warp/jets-simples/", help="la page de règles chargée")
    analyse.add_argument("--sans-suite", action="store_true", help="ne pas relancer la suite de tests")
    options = analyse.parse_args(arguments)

    durees = constructions(options.constructions)
    print(
        f"Construction stricte : médiane {statistics.median(durees):.2f} s sur {len(durees)} "
        f"({', '.join(f'{d:.2f}' for d in durees)})"
    )

    with tempfile.TemporaryDirectory(prefix="site-") as dossier:
        proc = construire(Path(dossier))
        if proc.returncode != 0:
            raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
        charge = premier_chargement(Path(dossier), options.page)
    detail = ", ".join(f"{t} {_ko(n)}" for t, n in sorted(charge["par_type"].items(), key=lambda x: -x[1]))
    print(
        f"Premier chargement de /{options.page} : {charge['total']} octets ({_ko(charge['total'])}), "
        f"{charge['requetes']} requêtes, non compressé — {detail} ; "
        f"mêmes fichiers compressés (gzip -6) : {_ko(charge['gzip'])}"
    )

    if not options.sans_suite:
        duree, fin = suite()
        print(f"Suite de tests entière : {duree:.1f} s ({fin})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
