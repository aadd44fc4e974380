"""Ce que coûte à Chromium un test navigateur qui fait tourner Python, selon le contexte qu'il prend (pas un test).

    python -m scripts.bench_contextes                  # construit le site, 5 passes par sorte
    python -m scripts.bench_contextes --site DIR --passes 7

Chaque passe ouvre un onglet de 375 px sur une page de règles du site construit (servi sur 127.0.0.1), y
exécute le premier exemple, puis laisse au site le temps de garder l'instantané de Python (6 s), et mesure le
temps processeur de tout l'arbre des processus (Chromium et ses enfants compris) et le temps réel :

- **contexte neuf** : un contexte par passe, comme un test qui ouvre le sien (`browser.new_context`) ;
  Python démarre de zéro et prend son instantané ;
- **contexte repris** : le même contexte de passe en passe, comme le téléphone du worker que reprend la
  fixture `contexte` de `tests/lecteur.py` : dès la deuxième passe, Python repart de l'instantané gardé.

Le rapport donne les médianes par étape (ouvrir l'onglet, charger la page, Python prêt, le calcul, l'attente
de l'instantané) ; la première passe du contexte repris (la seule sans instantané) est montrée à part. Les
chiffres dépendent de la machine et de sa charge : comparez deux sortes mesurées dans la même exécution.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect, sync_playwright

from scripts.mesures_tests import devenir_faucheur, processeur_de_l_arbre
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, servir, site_a_mesurer

PAGE = "warp/jets-simples/"
ETAPES = ("onglet", "page", "Python prêt", "calcul", "instantané")
ATTENTE_INSTANTANE_S = 6.0
"""Le site garde l'instantané 3 s après le démarrage de Python ou 2 s après un premier calcul."""


def _passe(contexte: Any, adresse: str) -> tuple[list[float], list[float], str]:
    """Une passe : le processeur et le temps réel de chaque étape, et l'état de l'instantané à la fin."""
    processeur, reel = [processeur_de_l_arbre()], [time.perf_counter()]

    def noter() -> None:
        processeur.append(processeur_de_l_arbre())
        reel.append(time.perf_counter())

    page = contexte.new_page()
    noter()
    page.goto(adresse + PAGE, wait_until="load")
    noter()
    page.evaluate("() => window.cellules.moteur.demarrer()")
    noter()
    bouton = page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)
    bouton.click()
    expect(page.get_by_role("group", name="Exemple 1", exact=True).locator(".cellule-sortie")).not_to_be_empty()
    expect(bouton).to_be_enabled()
    noter()
    time.sleep(ATTENTE_INSTANTANE_S)
    noter()
    etat = str(page.evaluate("() => window.cellules.moteur.instantane"))
    page.close()
    ecarts = lambda v: [b - a for a, b in itertools.pairwise(v)]  # noqa: E731
    return ecarts(processeur), ecarts(reel), etat


def _ligne(nom: str, passes: list[tuple[list[float], list[float], str]]) -> str:
    colonnes = [
        f"{statistics.median(p[0][i] for p in passes):4.1f} / {statistics.median(p[1][i] for p in passes):4.1f}"
        for i in range(len(ETAPES))
    ]
    total = statistics.median(sum(p[0]) for p in passes)
    etats = ", ".join(sorted({p[2] for p in passes}))
    return f"{nom:32} " + "  ".join(f"{c:>12}" for c in colonnes) + f"  {total:6.1f}   ({etats})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    devenir_faucheur()
    with site_a_mesurer(args.site) as site, servir(site) as adresse, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        options = {"viewport": {"width": 375, "height": 740}, "service_workers": "block"}
        neufs = []
        for _ in range(args.passes):
            contexte = navigateur.new_context(**options)
            neufs.append(_passe(contexte, adresse))
            contexte.close()
        repris = navigateur.new_context(**options)
        reprises = [_passe(repris, adresse) for _ in range(args.passes + 1)]
        repris.close()
        navigateur.close()
    print("processeur / réel (s), médianes de", args.passes, "passes :")
    print(f"{'':32} " + "  ".join(f"{e:>12}" for e in ETAPES) + "  processeur")
    print(_ligne("contexte neuf", neufs))
    print(_ligne("contexte repris, 1re passe", reprises[:1]))
    print(_ligne("contexte repris, instantané", reprises[1:]))


if __name__ == "__main__":
    main()
