"""Ce que coûte à Chromium d'injecter axe-core dans une page : depuis le disque, ou par son adresse (pas un test).

    python -m scripts.bench_axe                  # construit le site, 20 pages par sorte, deux tours
    python -m scripts.bench_axe --site DIR --tours 3

Un onglet de 375 px ouvre tour à tour cinq pages du site construit (servi sur 127.0.0.1), quatre fois chacune ;
sur chacune, axe-core est injecté puis lancé (les règles hors couleurs, comme le parcours du site), et l'on
mesure le processeur de tout l'arbre des processus (Chromium compris) :

- **depuis le disque** (`add_script_tag(path=…)`) : Playwright envoie le fichier, que Chromium compile à chaque page ;
- **par son adresse** (`add_script_tag(url=…)`, axe-core servi sur 127.0.0.1 : la fixture `axe_core`) :
  Chromium le lit comme un script du réseau et garde son code compilé d'une page à l'autre.

Le rapport donne, par sorte et par tour, les médianes de l'injection et de la passe (les cinq premières pages
écartées : le code n'est gardé qu'après quelques lectures) et le total. Comparez deux sortes d'un même tour.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from scripts.mesures_tests import devenir_faucheur, processeur_de_l_arbre
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, servir, site_a_mesurer
from tests.parcours import COULEURS, LANCER_AXE, REGLES_NOMMEES, REGLES_WCAG
from tests.surveillance import monter_material

AXE = RACINE / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ["", "warp/jets-simples/", "glossaire/", "reference/table/", "calculateur/"] * 4
OPTIONS = {"regles": REGLES_WCAG, "nommees": REGLES_NOMMEES, "couleurs": list(COULEURS), "portee": "sans couleurs"}


def _sorte(navigateur: Browser, adresse: str, injecter: dict[str, str]) -> tuple[float, float, float]:
    """Les médianes de l'injection et de la passe (secondes de processeur), et le total, sur `PAGES`."""
    contexte = navigateur.new_context(viewport={"width": 375, "height": 900}, service_workers="block")
    page = contexte.new_page()
    injections, passes = [], []
    for chemin in PAGES:
        page.goto(adresse + chemin, wait_until="load")
        monter_material(page)
        debut = processeur_de_l_arbre()
        page.add_script_tag(path=injecter.get("path"), url=injecter.get("url"))
        injections.append(processeur_de_l_arbre() - debut)
        debut = processeur_de_l_arbre()
        page.evaluate(LANCER_AXE, OPTIONS)
        passes.append(processeur_de_l_arbre() - debut)
    contexte.close()
    return statistics.median(injections[5:]), statistics.median(passes[5:]), sum(injections) + sum(passes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    parser.add_argument("--tours", type=int, default=2)
    args = parser.parse_args()
    devenir_faucheur()
    with site_a_mesurer(args.site) as site, servir(site) as adresse, servir(AXE.parent) as axe, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        print(f"processeur (s), {len(PAGES)} pages : injection et passe (médianes), total")
        for tour in range(1, args.tours + 1):
            for nom, injecter in [
                ("depuis le disque", {"path": str(AXE)}),
                ("par son adresse", {"url": axe + AXE.name}),
            ]:
                injection, passe, total = _sorte(navigateur, adresse, injecter)
                print(f"tour {tour}, {nom:17} {injection:6.3f} {passe:6.3f} {total:7.2f}")
        navigateur.close()


if __name__ == "__main__":
    main()
