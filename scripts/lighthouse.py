"""Lighthouse sur les pages clés du site, préréglage mobile : relançable, hors de la suite de tests.

    python -m scripts.lighthouse                    # construit le site, 3 passes par page
    python -m scripts.lighthouse --site DIR         # réutilise un site déjà construit
    python -m scripts.lighthouse --site DIR --fois 1 --pages calculateur/

Lighthouse est le paquet npm épinglé dans `scripts/lighthouse-npm/package.json`
(+ `package-lock.json`), installé là par `npm ci` s'il manque — jamais depuis un
CDN ; 12.2.3, la dernière version qui tourne sur Node 20. Il pilote le Chromium
de Debian (`CHROMIUM`, `/usr/bin/chromium`), une page à la fois, le site servi
par `http.server` sur 127.0.0.1, le texte compressé comme chez un hébergeur
(`servir(compresser=True)`, `scripts/outils.py`) : sans compression, les octets
d'une page seraient ceux d'aucun lecteur. Le rapport donne, par page, la
médiane des `--fois` passes : les quatre scores, Total Blocking Time, Largest
Contentful Paint, Cumulative Layout Shift et l'indice de la machine
(`benchmarkIndex` : une machine chargée donne un indice bas et des temps longs ;
comparez des mesures prises à la suite, ou leurs ratios).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from scripts.outils import CHROMIUM, RACINE, construire, servir

NPM = RACINE / "scripts" / "lighthouse-npm"
LIGHTHOUSE = NPM / "node_modules" / ".bin" / "lighthouse"
PAGES = ["", "warp/jets-simples/", "troisd6/scenes-majeures/", "calculateur/", "a-la-table/", "imprimer/"]
"""L'accueil, une page de règles, les scènes majeures, le calculateur, « À la table », la version imprimable."""

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
DRAPEAUX = (
    "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking"
    " --disable-component-update --disable-sync --no-first-run"
)


def installer() -> None:
    """`npm ci` dans scripts/lighthouse-npm/ si Lighthouse n'y est pas (la version du verrou, rien d'autre)."""
    if not LIGHTHOUSE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=NPM, check=True)


def une_mesure(adresse: str, dossier: Path) -> dict[str, Any] | None:
    """Une passe de Lighthouse sur une page ; None (et la raison sur la sortie d'erreur) si elle échoue."""
    sortie = dossier / "rapport.json"
    proc = subprocess.run(
        [
            str(LIGHTHOUSE),
            adresse,
            "--quiet",
            "--output=json",
            f"--output-path={sortie}",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={DRAPEAUX}",
            "--max-wait-for-load=180000",  # une machine chargée : attendre plutôt qu'abandonner
        ],
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        print(f"Lighthouse a échoué sur {adresse} : {proc.stderr.strip()[-400:]}", file=sys.stderr)
        return None
    rapport = json.loads(sortie.read_text(encoding="utf-8"))
    audits = rapport["audits"]
    accessibilite = [r["id"] for r in rapport["categories"]["accessibility"]["auditRefs"]]
    fautes = [i for i in accessibilite if audits[i].get("scoreDisplayMode") == "binary" and audits[i]["score"] == 0]
    return {
        **{c: round(100 * (rapport["categories"][c]["score"] or 0)) for c in CATEGORIES},
        "tbt": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "indice": rapport["environment"]["benchmarkIndex"],
        "fautes": fautes,
    }


def mesurer(racine: str, pages: list[str], fois: int) -> dict[str, list[dict[str, Any]]]:
    resultats: dict[str, list[dict[str, Any]]] = {p: [] for p in pages}
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as d:
        for _ in range(fois):  # une page à la fois, les passes entrelacées : la charge se répartit
            for p in pages:
                mesure = une_mesure(racine + p, Path(d))
                if mesure is not None:
                    resultats[p].append(mesure)
                    print(f"  {p or '(accueil)'} : {mesure}", file=sys.stderr)
    return resultats


def rapport(resultats: dict[str, list[dict[str, Any]]]) -> str:
    lignes = [
        f"Lighthouse {json.loads((NPM / 'package.json').read_text())['devDependencies']['lighthouse']},"
        " préréglage mobile, médianes :",
        f"  {'page':<26} perf  a11y  bonnes  seo    TBT ms   LCP s    CLS  indice",
    ]
    for page, mesures in resultats.items():
        if not mesures:
            lignes.append(f"  {page or '(accueil)':<26} aucune passe n'a abouti")
            continue
        m = {k: statistics.median(x[k] for x in mesures) for k in (*CATEGORIES, "tbt", "lcp", "cls", "indice")}
        fautes = sorted({f for x in mesures for f in x["fautes"]})
        lignes.append(
            f"  {page or '(accueil)':<26} {m['performance']:4.0f}  {m['accessibility']:4.0f}  {m['best-practices']:6.0f}"
            f"  {m['seo']:3.0f}  {m['tbt']:8.0f}  {m['lcp'] / 1000:6.1f}  {m['cls']:5.3f}  {m['indice']:6.0f}"
            + (f"   accessibilité : {', '.join(fautes)}" if fautes else "")
        )
    return "\n".join(lignes)


def main(arguments: list[str] | None = None) -> int:
    analyse = argparse.ArgumentParser(prog="python -m scripts.lighthouse", description=__doc__.splitlines()[0])
    analyse.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    analyse.add_argument("--fois", type=int, default=3, help="passes par page (3)")
    analyse.add_argument("--pages", nargs="*", default=PAGES, help="adresses relatives des pages")
    analyse.add_argument("--json", type=Path, help="écrit aussi les mesures brutes dans ce fichier")
    options = analyse.parse_args(arguments)
    installer()

    def lancer(site: Path) -> None:
        with servir(site, compresser=True) as racine:
            resultats = mesurer(racine, options.pages, options.fois)
        if options.json:
            options.json.write_text(json.dumps(resultats, indent=1), encoding="utf-8")
        print(rapport(resultats))

    if options.site:
        lancer(options.site)
        return 0
    with tempfile.TemporaryDirectory(prefix="site-") as dossier:
        proc = construire(Path(dossier))
        if proc.returncode != 0:
            raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
        lancer(Path(dossier))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
