"""Banc d'essai de « Et si… ? » : le temps de recalculer les tableaux d'une variante, en Python (pas un test).

    python -m scripts.bench_et_si                  # chaque variante et chaque règle maison, 5 répétitions
    python -m scripts.bench_et_si --repetitions 9
    python -m scripts.bench_et_si --site site/    # aussi dans Chromium, par Pyodide, une fois Python prêt

Pour chaque variante, la **médiane** de N répétitions de `rules.et_si.section(id)` (chaque tableau, chaque
graphique et chaque exemple rejoué de sa section de la page), à froid (les caches de `rules` vidés avant chaque
répétition, comme au premier choix d'une variante) et à chaud ; de même pour chaque règle maison
(`section_maison`, toute sa gamme). L'issue 39 demande moins d'une seconde dans le navigateur une fois Python prêt :
avec `--site DIR` (un site construit), les mêmes mesures sont refaites dans le Chromium de Debian, par le Python
du lecteur (Pyodide), dans la première cellule de la page « Et si… ? » modifiée comme un lecteur la modifierait.
Les temps dépendent de la machine et de sa charge : relancez sur une machine au repos.
"""

from __future__ import annotations

import argparse
import inspect
import json
import statistics
from collections.abc import Callable
from functools import partial
from pathlib import Path

from rules.et_si import section, section_maison
from rules.variantes import REGLES_MAISON, VARIANTES
from scripts.appels_lois import chronometrer, vider_caches
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, servir

_DANS_LA_CELLULE = """
import json, statistics, sys, time
from rules.et_si import section, section_maison
from rules.variantes import REGLES_MAISON, VARIANTES
{vider}
{chronometrer}
def mesurer(appel):
    appel()
    return statistics.median(chronometrer(appel, {n})), statistics.median(chronometrer(appel, {n}, a_froid=False))
lignes = [(i, *mesurer(lambda i=i: section(i))) for i in VARIANTES]
lignes += [("maison " + m, *mesurer(lambda m=m: section_maison(m))) for m in REGLES_MAISON]
print(json.dumps(lignes))
"""


def mesurer(appel: Callable[[], object], repetitions: int) -> tuple[float, float]:
    """(médiane à froid, médiane à chaud), en secondes."""
    appel()  # une fois : les modules importés
    froid = statistics.median(chronometrer(appel, repetitions))
    chaud = statistics.median(chronometrer(appel, repetitions, a_froid=False))
    return froid, chaud


def dans_le_navigateur(site: Path, repetitions: int) -> list[tuple[str, float, float]]:
    """Les mêmes médianes, mesurées par Pyodide dans Chromium (la première cellule de « Et si… ? »)."""
    from playwright.sync_api import expect, sync_playwright

    code = _DANS_LA_CELLULE.format(
        vider=inspect.getsource(vider_caches), chronometrer=inspect.getsource(chronometrer), n=repetitions
    )
    with servir(site) as adresse, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        try:
            page = navigateur.new_page(viewport={"width": 375, "height": 740})
            page.goto(adresse + "et-si/", wait_until="load")
            page.get_by_role("button", name="Modifier l'exemple 1", exact=True).click()
            page.get_by_role("textbox", name="Code Python de l'exemple 1", exact=False).fill(code)
            executer = page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)
            executer.click()
            expect(executer).to_be_enabled(timeout=1_800_000)
            texte = page.get_by_role("group", name="Exemple 1", exact=True).locator(".cellule-sortie").inner_text()
        finally:
            navigateur.close()
    derniere = texte.strip().splitlines()[-1] if texte.strip() else ""
    if not derniere.startswith("[["):
        raise SystemExit(f"La cellule n'a pas rendu ses mesures ; elle a écrit :\n{texte}")
    return [(str(n), float(f), float(c)) for n, f, c in json.loads(derniere)]


def _imprimer(titre: str, lignes: list[tuple[str, float, float]], repetitions: int) -> None:
    largeur = max(len(n) for n, _, _ in lignes)
    print(titre)
    print(f"{'Section'.ljust(largeur)}  à froid (ms)  à chaud (ms)   médianes de {repetitions} répétitions")
    for nom, froid, chaud in lignes:
        print(f"{nom.ljust(largeur)}  {froid * 1000:12.1f}  {chaud * 1000:12.1f}")
    pire = max(lignes, key=lambda x: x[1])
    print(f"La plus lente à froid : {pire[0]}, {pire[1] * 1000:.1f} ms.")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Temps de recalcul des tableaux de « Et si… ? » (médianes).")
    parser.add_argument("--repetitions", type=int, default=5, help="répétitions par mesure (5 par défaut)")
    parser.add_argument("--site", type=Path, help="un site construit : mesurer aussi dans Chromium, par Pyodide")
    args = parser.parse_args(argv)
    lignes: list[tuple[str, float, float]] = []
    for ident in VARIANTES:
        lignes.append((ident, *mesurer(partial(section, ident), args.repetitions)))
    for nom in REGLES_MAISON:
        lignes.append((f"maison {nom}", *mesurer(partial(section_maison, nom), args.repetitions)))
    _imprimer("CPython :", lignes, args.repetitions)
    if args.site:
        print()
        _imprimer("Chromium, Pyodide :", dans_le_navigateur(args.site, args.repetitions), args.repetitions)


if __name__ == "__main__":
    main()
