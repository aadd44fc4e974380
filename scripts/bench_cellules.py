"""Les chiffres des cellules, rejouables (pas un test : rien n'est chronométré dans la suite).

    python -m scripts.bench_cellules                  # 5 passes sur warp/jets-simples/
    python -m scripts.bench_cellules --passes 3 --page troisd6/jets/
    python -m scripts.bench_cellules --site DIR       # réutilise un site déjà construit

Chaque passe ouvre un contexte neuf de Chromium headless (cache vide), sur le
site construit (`mkdocs build --strict`) servi par `http.server` sur 127.0.0.1
(sans compression), et mesure :

1. les **octets transférés** au premier chargement de la page, avant tout
   « Exécuter » (corps et en-têtes de chaque réponse, page et worker) ;
2. le temps du **premier « Exécuter » à froid** : du clic jusqu'à la sortie
   affichée sous la cellule (chargement de Pyodide et du paquet compris),
   mesuré dans la page (`performance.now`), et les octets que ce premier
   lancement a fait venir ;
3. le temps d'un **second « Exécuter » à chaud** de la même cellule.

Le script donne la médiane (et chaque passe) ; les cibles de l'issue : à froid
≤ 8 s, à chaud ≤ 300 ms, premier chargement ≤ 400 Ko. Les temps dépendent de la
machine et de sa charge : comparez des mesures prises au même endroit.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.conftest import ARGUMENTS_CHROMIUM, CHROMIUM, construire, servir

_CLIQUER_ET_ATTENDRE = """async (rang) => {
  const boite = [...document.querySelectorAll('.cellule-boite')][rang - 1];
  const sortie = boite.querySelector('.cellule-sortie');
  const bouton = boite.querySelector('.cellule-executer');
  sortie.hidden = true;
  sortie.replaceChildren();
  const debut = performance.now();
  const fin = new Promise((resoudre) => {
    const observateur = new MutationObserver(() => {
      if (!sortie.hidden && sortie.querySelector('pre')) { observateur.disconnect(); resoudre(performance.now()); }
    });
    observateur.observe(sortie, {attributes: true, childList: true, subtree: true});
  });
  bouton.click();
  return (await fin) - debut;
}"""


def une_passe(navigateur: Any, adresse: str) -> dict[str, float]:
    """Une passe, cache vide : octets du chargement, premier Exécuter (froid) et second (chaud)."""
    contexte = navigateur.new_context()
    octets: list[int] = [0]

    def finie(requete: Any) -> None:
        tailles = requete.sizes()
        octets[0] += tailles["responseBodySize"] + tailles["responseHeadersSize"]

    contexte.on("requestfinished", finie)
    page = contexte.new_page()
    page.goto(adresse, wait_until="networkidle")
    page.wait_for_timeout(300)
    chargement = octets[0]
    page.set_default_timeout(0)
    froid = page.evaluate(_CLIQUER_ET_ATTENDRE, 1)
    page.wait_for_load_state("networkidle")
    lancement = octets[0] - chargement
    chaud = page.evaluate(_CLIQUER_ET_ATTENDRE, 1)
    contexte.close()
    return {"chargement": chargement, "froid_ms": froid, "lancement": lancement, "chaud_ms": chaud}


def mesurer(site: Path, page: str, passes: int) -> list[dict[str, float]]:
    with servir(site) as racine, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        resultats = [une_passe(navigateur, racine + page) for _ in range(passes)]
        navigateur.close()
    return resultats


def _ko(n: float) -> str:
    return f"{n / 1000:,.1f} Ko".replace(",", " ").replace(".", ",")


def rapport(resultats: list[dict[str, float]], page: str) -> str:
    def mediane(cle: str) -> float:
        return statistics.median(r[cle] for r in resultats)

    def chaque(cle: str, format_: str) -> str:
        return ", ".join(format_.format(r[cle]) for r in resultats)

    return "\n".join(
        [
            f"Cellules sur /{page}, {len(resultats)} passes (médianes ; chaque passe entre parenthèses) :",
            f"- premier chargement, avant tout « Exécuter » : {_ko(mediane('chargement'))} (cible ≤ 400 Ko)",
            f"- premier « Exécuter », à froid : {mediane('froid_ms') / 1000:.2f} s"
            f" ({chaque('froid_ms', '{:.0f} ms')}) (cible ≤ 8 s)",
            f"- octets de ce premier lancement : {_ko(mediane('lancement'))}",
            f"- second « Exécuter », à chaud : {mediane('chaud_ms'):.0f} ms"
            f" ({chaque('chaud_ms', '{:.0f} ms')}) (cible ≤ 300 ms)",
        ]
    )


def main(arguments: list[str] | None = None) -> int:
    analyse = argparse.ArgumentParser(prog="python -m scripts.bench_cellules", description=__doc__.splitlines()[0])
    analyse.add_argument("--passes", type=int, default=5, help="nombre de passes (5)")
    analyse.add_argument("--page", default="warp/jets-simples/", help="la page de règles (warp/jets-simples/)")
    analyse.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    options = analyse.parse_args(arguments)
    if options.site:
        print(rapport(mesurer(options.site, options.page, options.passes), options.page))
        return 0
    with tempfile.TemporaryDirectory(prefix="site-") as dossier:
        proc = construire(Path(dossier))
        if proc.returncode != 0:
            raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
        print(rapport(mesurer(Path(dossier), options.page, options.passes), options.page))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
