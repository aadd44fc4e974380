"""La mutation de `rules/` : aucune règle ne peut casser sans qu'un test le voie.

mutmut 3 (extra `mutation` de `pyproject.toml`, configuré dans `[tool.mutmut]`)
change une ligne de `rules/` à la fois (un opérateur, une constante, un
argument…) et relance les seuls tests qui passent dans la fonction mutée (hors
site et navigateur). Un mutant *tué* fait rougir un test ; un mutant qui
*survit* est soit un trou des tests, soit un mutant équivalent, listé avec sa
raison dans `scripts/mutants_equivalents.txt`.

    python -m scripts.mutation                         # tout rules/ (long : une heure et plus sur 2 cœurs)
    python -m scripts.mutation "rules.warp.opposes*"   # un module
    python -m scripts.mutation --resultats             # relit les résultats sans rien relancer

Relançable : mutmut garde ses résultats dans `mutants/` (ignoré par git) et ne
reteste que ce qui a changé. Le script imprime, par module, les mutants tués,
survivants, équivalents, et le score (tués / (total − équivalents)) ; il sort en
erreur s'il reste un survivant qui n'est pas déclaré équivalent.

Limites de l'outil, dites ici une fois : mutmut 3 ne mute pas une fonction
décorée (`@cache`, `@property`) ; les greffons de `scripts/_mutmut_pytest.py`
vident les caches des lois avant chaque mutant (sans quoi un cache rempli par le
code d'origine masquerait le mutant) et réduisent les exemples d'hypothesis.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
EQUIVALENTS = Path(__file__).with_name("mutants_equivalents.txt")
LIGNE = re.compile(r"^\s*(?P<nom>rules\.[\w.ǁ]+__mutmut_\d+): (?P<etat>.+)$")


def equivalents() -> dict[str, str]:
    """Les mutants déclarés équivalents : « nom  # raison », un par ligne."""
    if not EQUIVALENTS.exists():
        return {}
    resultat = {}
    for ligne in EQUIVALENTS.read_text("utf-8").splitlines():
        if ligne.strip() and not ligne.startswith("#"):
            nom, _, raison = ligne.partition("#")
            resultat[nom.strip()] = raison.strip()
    return resultat


def resultats() -> dict[str, str]:
    """L'état de chaque mutant selon `mutmut results --all true`."""
    sortie = subprocess.run(
        ["mutmut", "results", "--all", "true"], cwd=RACINE, capture_output=True, text=True, check=False
    ).stdout
    return {m["nom"]: m["etat"] for ligne in sortie.splitlines() if (m := LIGNE.match(ligne))}


def module_de(nom: str) -> str:
    return nom.split(".x")[0].split(".xǁ")[0]


def bilan(etats: dict[str, str], equiv: dict[str, str]) -> int:
    par_module: dict[str, Counter[str]] = defaultdict(Counter)
    survivants = []
    for nom, etat in etats.items():
        if etat == "not checked":
            continue
        module = module_de(nom)
        if etat == "survived" and nom in equiv:
            etat = "équivalent"
        elif etat == "survived":
            survivants.append(nom)
        par_module[module][etat] += 1
    total = Counter[str]()
    print(f"{'module':40} {'tués':>6} {'survivants':>11} {'équivalents':>12} {'autres':>7} {'score':>7}")
    for module, c in sorted(par_module.items()):
        total.update(c)
        _ligne(module, c)
    _ligne("total", total)
    for nom in survivants[:50]:
        print(f"  survivant : {nom}  (mutmut show {nom})")
    return 1 if survivants else 0


def _ligne(nom: str, c: Counter[str]) -> None:
    tues = c["killed"] + c["timeout"]
    autres = sum(c.values()) - tues - c["survived"] - c["équivalent"]
    juges = sum(c.values()) - c["équivalent"]
    score = f"{100 * tues / juges:.1f} %" if juges else "—"
    print(f"{nom:40} {tues:>6} {c['survived']:>11} {c['équivalent']:>12} {autres:>7} {score:>7}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("motifs", nargs="*", help="mutants à tester (ex. « rules.warp.opposes* ») ; tous par défaut")
    parser.add_argument("--resultats", action="store_true", help="relire les résultats sans rien relancer")
    parser.add_argument("--processus", type=int, default=2, help="processus de test en parallèle (2)")
    args = parser.parse_args(argv)
    if not args.resultats:
        commande = ["nice", "-n", "10", "mutmut", "run", "--max-children", str(args.processus), *args.motifs]
        subprocess.run(commande, cwd=RACINE, check=False, stdout=subprocess.DEVNULL)
    return bilan(resultats(), equivalents())


if __name__ == "__main__":
    sys.exit(main())
