"""Les chiffres du site hors ligne et de sa vérification d'accessibilité (pas un test : rien n'est chronométré dans la suite).

    python -m scripts.mesures_hors_ligne               # construit le site, puis mesure
    python -m scripts.mesures_hors_ligne --site DIR    # réutilise un site construit
    python -m scripts.mesures_hors_ligne --fois 7 --sans-axe

Mesure, dans le Chromium de Debian :

1. ce que le service worker met en cache à la première visite : nombre de
   fichiers, octets, et octets compressés (gzip, ce qu'enverrait un hébergeur
   qui compresse) ; et ce qu'il laisse pour l'usage (`assets/pyodide/`) ;
2. le temps **médian**, sur N visites dans un profil neuf, entre le début de la
   première visite et le moment où le site est prêt hors ligne (le service
   worker contrôle la page, tout est en cache) ;
3. le temps médian d'ouverture d'une page de règles, hors ligne depuis le cache,
   et en ligne sans service worker (le rapport des deux) ;
4. la durée d'un passage d'axe-core sur tout le site (un mode, une largeur) :
   médiane par page et page la plus lente.

Les temps dépendent de la machine et de sa charge : comparez des mesures prises
au même endroit, et lisez les rapports plutôt que les valeurs.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, construire, servir

PAGE = "troisd6/scenes-majeures/"


def _listes(site: Path) -> tuple[dict[str, str], dict[str, str]]:
    code = (site / "service-worker.js").read_text(encoding="utf-8")
    trouvees = re.findall(r"^const (?:PRECACHE|A_LA_DEMANDE) = (\{.*?\});$", code, re.M | re.S)
    return json.loads(trouvees[0]), json.loads(trouvees[1])


def _fichier(site: Path, adresse: str) -> Path:
    return site / (adresse.removeprefix("./") + ("index.html" if adresse.endswith("/") else ""))


def _mo(octets: float) -> str:
    return f"{octets / 1e6:.2f}".replace(".", ",") + " Mo"


def cache(site: Path) -> None:
    precache, a_l_usage = _listes(site)
    brut = sum(_fichier(site, a).stat().st_size for a in precache)
    compresse = sum(len(gzip.compress(_fichier(site, a).read_bytes(), 6)) for a in precache)
    usage = sum(_fichier(site, a).stat().st_size for a in a_l_usage)
    print(f"Première visite : {len(precache)} fichiers mis en cache, {_mo(brut)} ({_mo(compresse)} compressés)")
    print(f"À l'usage (runtime Python, carnets) : {len(a_l_usage)} fichiers, {_mo(usage)}")


def _secondes(valeurs: list[float]) -> str:
    return f"{statistics.median(valeurs):.2f}".replace(".", ",") + " s"


def pret_hors_ligne(browser: Browser, adresse: str, fois: int) -> None:
    durees, ouvertures_cache, ouvertures_reseau = [], [], []
    for _ in range(fois):
        contexte = browser.new_context()
        page = contexte.new_page()
        debut = time.perf_counter()
        page.goto(adresse, wait_until="load")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        durees.append(time.perf_counter() - debut)
        contexte.set_offline(True)
        debut = time.perf_counter()
        page.goto(adresse + PAGE, wait_until="load")
        ouvertures_cache.append(time.perf_counter() - debut)
        page.wait_for_load_state("networkidle")
        contexte.close()

        contexte = browser.new_context(service_workers="block")
        page = contexte.new_page()
        debut = time.perf_counter()
        page.goto(adresse + PAGE, wait_until="load")
        ouvertures_reseau.append(time.perf_counter() - debut)
        page.wait_for_load_state("networkidle")
        contexte.close()
    print(f"Prêt hors ligne après la première visite : {_secondes(durees)} (médiane de {fois})")
    rapport = statistics.median(ouvertures_reseau) / statistics.median(ouvertures_cache)
    print(
        f"Ouverture de {PAGE} : {_secondes(ouvertures_cache)} hors ligne (cache), "
        f"{_secondes(ouvertures_reseau)} en ligne sans service worker (serveur local) ; rapport {rapport:.1f}".replace(
            ".", ","
        )
    )


def axe(browser: Browser, adresse: str, site: Path) -> None:
    script = RACINE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        print("axe-core absent (npm ci) : pas de mesure d'axe")
        return
    pages = sorted(
        p.relative_to(site).as_posix().removesuffix("index.html")
        for p in site.rglob("*.html")
        if not p.relative_to(site).as_posix().startswith("assets/")
    )
    contexte = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = contexte.new_page()
    durees: dict[str, float] = {}
    for chemin in pages:
        page.goto(adresse + chemin, wait_until="load")
        page.add_script_tag(path=script)
        debut = time.perf_counter()
        page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations.length")
        durees[chemin] = time.perf_counter() - debut
    contexte.close()
    lente = max(durees, key=lambda c: durees[c])
    print(
        f"axe-core, {len(pages)} pages (clair, 1280 px) : {_secondes(list(durees.values()))} par page (médiane), "
        f"{sum(durees.values()):.0f} s en tout ; la plus lente : {lente or 'accueil'} ({durees[lente]:.1f} s)".replace(
            ".", ","
        )
    )


def main(arguments: list[str] | None = None) -> int:
    parseur = argparse.ArgumentParser(prog="python -m scripts.mesures_hors_ligne", description=__doc__.split("\n\n")[0])
    parseur.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    parseur.add_argument("--fois", type=int, default=5, help="visites mesurées (médiane), 5 par défaut")
    parseur.add_argument("--sans-axe", action="store_true", help="sans le passage d'axe-core")
    options = parseur.parse_args(arguments)
    with tempfile.TemporaryDirectory() as temporaire:
        site: Path = options.site or Path(temporaire) / "site"
        if options.site is None:
            proc = construire(site)
            if proc.returncode != 0:
                print(proc.stdout + proc.stderr)
                return 1
        cache(site)
        lancement: dict[str, Any] = {"executable_path": CHROMIUM, "headless": True, "args": ARGUMENTS_CHROMIUM}
        with servir(site) as adresse, sync_playwright() as p:
            browser = p.chromium.launch(**lancement)
            pret_hors_ligne(browser, adresse, options.fois)
            if not options.sans_axe:
                axe(browser, adresse, site)
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
