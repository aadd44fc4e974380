"""Les chiffres d'« À la table », rejouables (pas un test : rien n'est chronométré dans la suite).

    python -m scripts.bench_table                      # construit le site, 9 mesures de chaque geste
    python -m scripts.bench_table --site DIR --repetitions 15

Un contexte neuf de Chromium headless (375 px) ouvre la page « À la table » du
site construit, servi par `http.server` sur 127.0.0.1, avec trois fiches déjà
gardées (le bourrin, Philip, les truands). Python chargé (un premier jet, non
compté), le script mesure dans la page, par `performance.now`, du geste au
résultat affiché :

1. **un jet** : « Valider mes dés » touché, jusqu'à la phrase de la chance
   affichée (la requête au worker, le jet et sa carte, la chance exacte,
   l'affichage), pour un Trait de WaRP et un talent de 3D6 ;
2. **un tour de scène majeure** : « Jouer le tour » touché (la poursuite de
   Nice, tour 1 avec les dés du texte), jusqu'aux nouvelles chances affichées
   (le tour joué par la règle, la scène rejouée, `chances_scene` d'ici à la
   fin) ; puis « Annuler le dernier tour », non compté, pour repartir du même état ;
3. **un round de Test étendu** jusqu'à ses nouvelles chances, puis **un jet de Bêta** d'un Test coopératif
   (le bourrin s'aide lui-même) jusqu'aux siennes ;
4. pour comparaison, les mêmes requêtes en CPython (`rules.table.repondre`).

Cible de l'issue : 300 ms par geste, une fois Python chargé. Le rapport donne
des médianes ; les temps dépendent de la machine et de sa charge.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from rules.table import repondre
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, construire, servir

BOURRIN = {"id": "bourrin", "systeme": "warp", "nom": "le bourrin", "traits": [{"nom": "Phaseur", "des": 3}]}
PHILIP = {
    "id": "philip",
    "systeme": "3d6",
    "nom": "Philip",
    "caracteristiques": [{"nom": "DEX", "indice": "2D6"}],
    "talents": [{"nom": "Conduite Voiture", "niveau": 2}],
}
TRUANDS = {
    "id": "truands",
    "systeme": "3d6",
    "nom": "les truands",
    "caracteristiques": [{"nom": "DEX", "indice": "1D6+1D3"}],
    "talents": [{"nom": "Conduite Voiture", "niveau": 1}],
}

_GESTE = """async ([bouton, attendu]) => {
  // Du toucher au résultat affiché : `attendu` (un sélecteur) redessiné, rien n'attendant plus Python.
  const avant = document.querySelector(attendu);
  const debut = performance.now();
  [...document.querySelectorAll('#table-appli button')].find((b) => b.textContent === bouton).click();
  await new Promise((fini) => {
    const voir = () => {
      const e = document.querySelector(attendu);
      if (e && e !== avant && e.textContent && !document.querySelector('#table-appli button[disabled]')) fini();
      else setTimeout(voir, 1);
    };
    voir();
  });
  return performance.now() - debut;
}"""


def _garder(page: Page) -> None:
    entrees = [
        {"id": f["id"], "systeme": f["systeme"], "fiche": f, "brouillon": None, "lignes": [], "erreurs": {}}
        for f in (BOURRIN, PHILIP, TRUANDS)
    ]
    page.add_init_script(f"localStorage.setItem('regles-executables/table/fiches', {json.dumps(json.dumps(entrees))})")


def _jets(page: Page, ligne: str, des: list[str], repetitions: int) -> list[float]:
    page.get_by_role("button", name=ligne, exact=True).click()
    temps = []
    for i in range(repetitions):
        page.get_by_label("Dés jetés").fill(des[i % len(des)])
        temps.append(page.evaluate(_GESTE, ["Valider mes dés", ".table-jet .table-phrase"]))
    page.get_by_role("button", name=ligne, exact=True).click()
    return temps


def _tours(page: Page, repetitions: int) -> list[float]:
    page.get_by_role("button", name="Scène", exact=True).click()
    page.get_by_role("button", name="Scène majeure (3D6)").click()
    page.get_by_role("button", name="Commencer").click()
    page.get_by_role("button", name="Jouer le tour").wait_for()
    temps = []
    for _ in range(repetitions):
        page.get_by_label("Dés de l'attaque", exact=False).fill("3 2 5")
        page.get_by_label("Dés de la défense", exact=False).fill("4 2 1")
        page.get_by_label("Jet d'effet du blocage (le total)").fill("4")
        temps.append(page.evaluate(_GESTE, ["Jouer le tour", ".table-chances"]))
        page.get_by_role("button", name="Annuler le dernier tour").click()
        page.get_by_role("heading", name="Tour 1", exact=False).wait_for()
    page.get_by_role("button", name="Terminer et oublier").click()
    page.get_by_role("button", name="Confirmer : terminer et oublier").click()
    return temps


def _rounds(page: Page, repetitions: int) -> list[float]:
    page.get_by_role("button", name="Test étendu (WaRP)").click()
    page.get_by_label("Complexité (Progrès nécessaires)").fill("8")
    page.get_by_label("Maniabilité (Revers qui font échouer)").fill("5")
    page.get_by_role("button", name="Commencer").click()
    page.get_by_role("button", name="Jouer", exact=True).wait_for()
    temps = []
    for _ in range(repetitions):
        page.get_by_label("Dés jetés").fill("5 3 2")
        temps.append(page.evaluate(_GESTE, ["Jouer", ".table-chances"]))
        page.get_by_role("button", name="Annuler le dernier round").click()
        page.get_by_text("0 round joué", exact=False).wait_for()
    return temps


def _cooperatif(page: Page, repetitions: int) -> list[float]:
    page.get_by_role("button", name="Terminer et oublier").click()
    page.get_by_role("button", name="Confirmer : terminer et oublier").click()
    page.get_by_role("button", name="Test coopératif (WaRP)").click()
    page.get_by_role("button", name="Commencer").click()
    page.get_by_role("button", name="Jouer", exact=True).wait_for()
    temps = []
    for _ in range(repetitions):
        page.get_by_label("Dés jetés").fill("5 3 2")
        temps.append(page.evaluate(_GESTE, ["Jouer", ".table-chances"]))
        page.get_by_role("button", name="Annuler le dernier jet").click()
        page.get_by_role("heading", name="Bêta 1", exact=False).wait_for()
    return temps


def mesurer(site: Path, repetitions: int) -> dict[str, list[float]]:
    with servir(site) as adresse, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        try:
            page = navigateur.new_page(viewport={"width": 375, "height": 740})
            _garder(page)
            page.goto(adresse + "a-la-table/", wait_until="load")
            page.get_by_role("button", name="Modifier la fiche").focus()
            page.get_by_role("button", name="Phaseur, 3d", exact=True).wait_for(timeout=300_000)
            _jets(page, "Phaseur, 3d", ["5 3 2"], 1)  # le premier jet, à froid : non compté
            return {
                "un jet (WaRP, Phaseur 3d)": _jets(
                    page, "Phaseur, 3d", ["5 3 2", "6 6 1", "1 1 1", "4 4 2"], repetitions
                ),
                "un jet (3D6, talent)": _choisir(
                    page, "philip", lambda: _jets(page, "Conduite Voiture 2, seuil 12", ["3 2 4", "6 6 6"], repetitions)
                ),
                "un tour de scène, jusqu'aux nouvelles chances": _tours(page, repetitions),
                "un round de Test étendu, jusqu'aux nouvelles chances": _choisir(
                    page, "bourrin", lambda: _rounds(page, repetitions), onglet="Scène"
                ),
                "un jet de Test coopératif, jusqu'aux nouvelles chances": _cooperatif(page, repetitions),
            }
        finally:
            navigateur.close()


def _choisir(page: Page, fiche: str, mesure: Callable[[], list[float]], onglet: str = "Fiches") -> list[float]:
    page.get_by_role("button", name="Fiches", exact=True).click()
    page.get_by_label("Personnage").select_option(fiche)
    if onglet != "Fiches":
        page.get_by_role("button", name=onglet, exact=True).click()
    return mesure()


def _cpython(repetitions: int) -> dict[str, list[float]]:
    requetes: dict[str, dict[str, Any]] = {
        "un jet (WaRP, Phaseur 3d)": {
            "action": "lancer",
            "fiche": BOURRIN,
            "sorte": "trait",
            "rang": 0,
            "des": "5 3 2",
        },
        "un jet (3D6, talent)": {"action": "lancer", "fiche": PHILIP, "sorte": "talent", "rang": 0, "des": "3 2 4"},
    }
    creee = repondre(
        {"action": "scene", "operation": "creer", "a": {"fiche": PHILIP, "attaque": {"sorte": "talent", "rang": 0}, "effet": 0},
         "b": {"fiche": TRUANDS, "attaque": {"sorte": "talent", "rang": 0}, "effet": 0}}
    )  # fmt: skip
    requetes["un tour de scène, jusqu'aux nouvelles chances"] = {
        "action": "scene", "operation": "jouer", "etat": creee["etat"],
        "tour": {"des_attaque": "3 2 5", "des_defense": "4 2 1", "effet_defense": "4"},
    }  # fmt: skip
    temps: dict[str, list[float]] = {}
    for nom, requete in requetes.items():
        temps[nom] = []
        for _ in range(repetitions):
            debut = time.perf_counter()
            assert repondre(requete)["ok"], nom
            temps[nom].append((time.perf_counter() - debut) * 1000)
    return temps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    parser.add_argument("--repetitions", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as dossier:
        site = args.site
        if site is None:
            site = Path(dossier) / "site"
            proc = construire(site)
            if proc.returncode:
                raise SystemExit(proc.stdout + proc.stderr)
        navigateur = mesurer(site, args.repetitions)
    cpython = _cpython(args.repetitions)
    print(f"À la table, une fois Python chargé : médianes de {args.repetitions} mesures (ms), cible 300 ms")
    for nom, temps in navigateur.items():
        ligne = f"  {nom:<55} navigateur {statistics.median(temps):7.0f}  (de {min(temps):.0f} à {max(temps):.0f})"
        if nom in cpython:
            ligne += f"   CPython {statistics.median(cpython[nom]):6.1f}"
        print(ligne)


if __name__ == "__main__":
    main()
