"""La mutation de `rules/` : aucune règle ne peut casser sans qu'un test le voie.

mutmut 3 (extra `mutation` de `pyproject.toml`, configuré dans `[tool.mutmut]`)
change une ligne de `rules/` à la fois (un opérateur, une constante, un
argument…) et relance les seuls tests qui passent dans la fonction mutée (hors
site et navigateur). Un mutant *tué* fait rougir un test ; un mutant qui
*survit* est soit un trou des tests, soit un mutant équivalent, déclaré avec sa
raison dans `scripts/mutants_equivalents.txt`.

    python -m scripts.mutation                         # tout rules/ (plusieurs heures sur 2 cœurs partagés)
    python -m scripts.mutation "rules.warp.opposes*"   # un module (relance tous ses mutants)
    python -m scripts.mutation --survivants            # relance les seuls survivants (après un ajout de tests)
    python -m scripts.mutation --resultats             # relit les résultats sans rien relancer
    python -m scripts.mutation --resultats --diffs     # … et montre ce que change chaque survivant non déclaré

Relançable : mutmut garde ses résultats dans `mutants/` (ignoré par git) et,
sans motif, ne teste que les mutants pas encore jugés (ceux d'une fonction
modifiée sont rejugés d'office). Le script imprime, par module, les mutants
tués, survivants, équivalents et le score (tués / (tués + survivants), les
équivalents mis à part) ; il sort en erreur s'il reste un survivant non déclaré,
une déclaration périmée (le mutant n'existe plus, ne survit plus, ou sa ligne
mutée a changé) ou, pour tout `rules/`, un mutant pas encore jugé.

Un mutant sans test (aucun test ne passe dans sa fonction) compte comme un
survivant ; un mutant qui dépasse sa borne de temps (boucle sans fin) ou que le
système tue compte comme tué.

Limites de l'outil, dites ici une fois : mutmut 3 ne mute pas une fonction
décorée (`@cache`, `@property`) : dans `rules/`, une loi mise en cache est une
fonction nue (`_chaine = cache(_chaine_calcul)`) et une propriété qui calcule
lit une méthode privée. Les greffons de `scripts/_mutmut_pytest.py` vident les
caches des lois (sans quoi un cache rempli par le code d'origine masquerait le
mutant) et tirent les exemples d'hypothesis de façon déterministe.
"""

from __future__ import annotations

import argparse
import importlib
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
EQUIVALENTS = Path(__file__).with_name("mutants_equivalents.txt")
JOURNAL = RACINE / "mutants" / "mutation.log"
LIGNE = re.compile(r"^\s*(?P<nom>rules\.[\w.ǁ]+__mutmut_\d+): (?P<etat>.+)$")

TUES = {"killed", "timeout", "segfault"}  # segfault : SIGKILL, la borne dure de temps CPU
SURVIVANTS = {"survived", "no tests"}


@dataclass(frozen=True)
class Declaration:
    """Un mutant déclaré équivalent : son nom, sa ligne mutée (pour voir qu'elle n'a pas changé), la raison."""

    nom: str
    ligne: str
    raison: str


def _normaliser(ligne: str) -> str:
    return " ".join(ligne.split())


def equivalents() -> dict[str, Declaration]:
    """Les mutants déclarés équivalents : « nom | ligne mutée | raison », un par ligne."""
    if not EQUIVALENTS.exists():
        return {}
    resultat = {}
    for numero, texte in enumerate(EQUIVALENTS.read_text("utf-8").splitlines(), 1):
        if not texte.strip() or texte.startswith("#"):
            continue
        morceaux = [m.strip() for m in texte.split(" | ", 2)]
        if len(morceaux) != 3 or not all(morceaux):
            raise SystemExit(f"{EQUIVALENTS.name}:{numero} : attendu « nom | ligne mutée | raison », reçu {texte!r}")
        nom, ligne, raison = morceaux
        resultat[nom] = Declaration(nom, _normaliser(ligne), raison)
    return resultat


def resultats() -> dict[str, str]:
    """L'état de chaque mutant selon `mutmut results --all true`."""
    sortie = subprocess.run(
        ["mutmut", "results", "--all", "true"], cwd=RACINE, capture_output=True, text=True, check=False
    ).stdout
    return {m["nom"]: m["etat"] for ligne in sortie.splitlines() if (m := LIGNE.match(ligne))}


def module_de(nom: str) -> str:
    return nom.split(".x_")[0].split(".xǁ")[0]


def diff(nom: str) -> str:
    """Ce que change le mutant `nom` (diff unifié de sa fonction), lu dans `mutants/`."""
    # Importé à l'usage : mutmut n'est que dans l'extra `mutation` (la suite vérifie ce script sans lui).
    diff_apply = importlib.import_module("mutmut.mutation.diff_apply")
    return str(diff_apply.get_diff_for_mutant(nom, path=diff_apply.find_mutant(nom).path))


def ligne_mutee(texte_diff: str) -> str:
    """Les lignes ajoutées par le mutant, normalisées, jointes par « ⏎ »."""
    ajouts = [ligne[1:] for ligne in texte_diff.splitlines() if ligne.startswith("+") and not ligne.startswith("+++")]
    return " ⏎ ".join(_normaliser(a) for a in ajouts) or "(ligne retirée)"


def bilan(etats: dict[str, str], equiv: dict[str, Declaration], *, complet: bool, diffs: bool) -> int:
    par_module: dict[str, Counter[str]] = defaultdict(Counter)
    survivants, perimes = [], []
    for nom, etat in etats.items():
        module = module_de(nom)
        if etat in TUES:
            classe = "tués"
            if nom in equiv:
                perimes.append(f"{nom} : déclaré équivalent, mais tué ({etat})")
        elif etat in SURVIVANTS and nom in equiv:
            classe = "équivalents"
            if (vue := ligne_mutee(diff(nom))) != equiv[nom].ligne:
                perimes.append(f"{nom} : la ligne mutée est devenue « {vue} »")
        elif etat in SURVIVANTS:
            classe = "survivants"
            survivants.append(nom)
        else:
            classe = "non jugés"
        par_module[module][classe] += 1
    perimes += [f"{nom} : déclaré équivalent, mais inconnu de mutmut" for nom in equiv if nom not in etats]

    total = Counter[str]()
    print(f"{'module':36} {'tués':>6} {'survivants':>11} {'équivalents':>12} {'non jugés':>10} {'score':>8}")
    for module, c in sorted(par_module.items()):
        total.update(c)
        _ligne(module, c)
    _ligne("total", total)
    for nom in survivants:
        print(f"  survivant : {nom}  (mutmut show {nom})")
        if diffs:
            print("\n".join("      " + ligne for ligne in diff(nom).splitlines()[2:]))
    for message in perimes:
        print(f"  déclaration périmée : {message}")
    if complet and total["non jugés"]:
        print(f"  {total['non jugés']} mutant(s) pas encore jugé(s) : relancez `python -m scripts.mutation`")
    return 1 if survivants or perimes or (complet and total["non jugés"]) else 0


def _ligne(nom: str, c: Counter[str]) -> None:
    juges = c["tués"] + c["survivants"]
    score = f"{100 * c['tués'] / juges:.1f} %" if juges else "—"
    print(f"{nom:36} {c['tués']:>6} {c['survivants']:>11} {c['équivalents']:>12} {c['non jugés']:>10} {score:>8}")


def lancer(motifs: list[str], processus: int) -> None:
    """Lance mutmut (nice 10), journal dans `mutants/mutation.log` ; s'arrête si mutmut échoue."""
    JOURNAL.parent.mkdir(exist_ok=True)
    commande = ["nice", "-n", "10", "mutmut", "run", "--max-children", str(processus), *motifs]
    debut = time.monotonic()
    with JOURNAL.open("w", encoding="utf-8") as journal:
        code = subprocess.run(commande, cwd=RACINE, check=False, stdout=journal, stderr=subprocess.STDOUT).returncode
    print(f"mutmut : {time.monotonic() - debut:.0f} s (journal : {JOURNAL.relative_to(RACINE)})")
    if code != 0:
        fin = JOURNAL.read_text("utf-8", errors="replace").replace("\r", "\n").splitlines()[-15:]
        raise SystemExit("mutmut a échoué (code {}) :\n{}".format(code, "\n".join(fin)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("motifs", nargs="*", help="mutants à tester (ex. « rules.warp.opposes* ») ; tous par défaut")
    parser.add_argument("--resultats", action="store_true", help="relire les résultats sans rien relancer")
    parser.add_argument("--survivants", action="store_true", help="relancer les seuls survivants (déclarés ou non)")
    parser.add_argument("--diffs", action="store_true", help="montrer ce que change chaque survivant non déclaré")
    parser.add_argument("--processus", type=int, default=2, help="processus de test en parallèle (2)")
    args = parser.parse_args(argv)
    motifs = list(args.motifs)
    if args.survivants:
        motifs = sorted(nom for nom, etat in resultats().items() if etat in SURVIVANTS)
        if not motifs:
            print("Aucun survivant à relancer.")
    if not args.resultats and (motifs or not args.survivants):
        lancer(motifs, args.processus)
    return bilan(resultats(), equivalents(), complet=not args.motifs, diffs=args.diffs)


if __name__ == "__main__":
    sys.exit(main())
