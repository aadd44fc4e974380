"""La mutation de `rules/` : une mesure que l'on lance à la demande, hors de la suite et de la CI.

mutmut (extra `mutation` de `pyproject.toml`, réglé dans `[tool.mutmut]`) change une chose à la fois dans une
fonction de `rules/` (un opérateur, une constante, un argument…) et relance les seuls tests qui passent dans
cette fonction. Un mutant *tué* fait rougir un test ; un mutant qui *survit* est une piste pour un humain : un
trou des tests, ou un mutant équivalent (il ne change aucune issue), ou du code mort à supprimer. Rien n'est
déclaré nulle part : le script imprime le score et les survivants, et ne sort en erreur que si mutmut échoue.

    python -m pip install -e '.[mutation]'              # mutmut, une fois
    python -m scripts.mutation "rules.warp.opposes*"    # les mutants d'un module (quelques dizaines de minutes)
    python -m scripts.mutation                          # tout rules/ (des heures sur deux cœurs partagés)
    python -m scripts.mutation --survivants             # rejuge les seuls survivants (après un ajout de tests)
    python -m scripts.mutation --resultats --diffs      # relit les verdicts sans rien relancer, avec chaque diff

Les tests qui jugent les mutants suivent la suite : chaque test collecté hors `site` et `navigateur`, sauf ceux
qui lancent un autre programme au lieu d'appeler `rules` (`scripts/_mutmut_pytest.py`). Les verdicts restent dans
`mutants/` (ignoré par git), le cache de mutmut : il ne rejuge que les fonctions modifiées depuis et les mutants
nouveaux, ou tout si la configuration de `[tool.mutmut]` change. Effacer `mutants/` ne perd qu'un calcul.

Le bilan donne, par module, les mutants tués (délai dépassé compris : une boucle sans fin est vue), survivants
(« sans test » compris : aucun test ne passe dans leur fonction), non jugés, le score tués / (tués + survivants),
et les fonctions qui n'ont aucun mutant : mutmut n'y trouve rien à changer (`return self.explication`), ou ne
la mute pas parce qu'elle est décorée (`@cache`, `@property` : tout sauf `@staticmethod` et `@classmethod`). Ce
que la mesure ne voit pas est ainsi dit à chaque bilan (sur `rules.warp.opposes` : la loi exacte en cache,
`_distribution_opposee`, et `Opposition.avantage`).
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
JOURNAL = RACINE / "mutants" / "mutation.log"
LIGNE = re.compile(r"^\s*(?P<nom>rules\.[\w.ǁ]+__mutmut_\d+): (?P<etat>.+)$")

TUES = {"killed", "timeout", "segfault"}  # segfault : SIGKILL, la borne dure de temps CPU
SURVIVANTS = {"survived", "no tests"}
COLONNES = ("tués", "survivants", "non jugés")


def _genere(nom: str) -> tuple[str, str | None, str]:
    """Le module, la classe (ou None) et le nom de la fonction d'un mutant nommé par mutmut.

    « rules.troisd6.jets.xǁDifficulteǁmodificateur__mutmut_10 » → (« rules.troisd6.jets », « Difficulte »,
    « modificateur ») ; « rules.des.x__somme__mutmut_3 » → (« rules.des », None, « _somme »).
    """
    module, _, genere = nom.rpartition(".")
    mangle = genere.rpartition("__mutmut_")[0]
    if mangle.startswith("xǁ"):
        classe, _, fonction = mangle[2:].partition("ǁ")
        return module, classe, fonction
    return module, None, mangle.removeprefix("x_")


def fonction_de(nom: str) -> str:
    """La fonction d'un mutant : « rules.troisd6.jets.Difficulte.modificateur »."""
    module, classe, fonction = _genere(nom)
    return ".".join(filter(None, (module, classe, fonction)))


def module_de(nom: str) -> str:
    return _genere(nom)[0]


def classe_de(etat: str) -> str:
    """La colonne du bilan d'un état de mutmut."""
    return "tués" if etat in TUES else "survivants" if etat in SURVIVANTS else "non jugés"


def fonctions(module: str, racine: Path = RACINE) -> list[str]:
    """Les fonctions que mutmut peut muter dans `module` : celles du module et les méthodes de ses classes."""
    chemin = racine.joinpath(*module.split("."))
    fichier = chemin / "__init__.py" if chemin.is_dir() else chemin.with_suffix(".py")
    arbre = ast.parse(fichier.read_text("utf-8"))
    noms = [n.name for n in arbre.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for classe in (n for n in arbre.body if isinstance(n, ast.ClassDef)):
        noms += [
            f"{classe.name}.{m.name}" for m in classe.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
    return [f"{module}.{nom}" for nom in noms]


def resultats() -> dict[str, str]:
    """L'état de chaque mutant selon `mutmut results --all true`."""
    sortie = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=RACINE,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return {m["nom"]: m["etat"] for ligne in sortie.splitlines() if (m := LIGNE.match(ligne))}


def diff(nom: str) -> str:
    """Ce que change le mutant `nom`, par `mutmut show`."""
    commande = [sys.executable, "-m", "mutmut", "show", nom]
    return subprocess.run(commande, cwd=RACINE, capture_output=True, text=True, check=False).stdout


def bilan(etats: dict[str, str], modules: Iterable[str] | None = None, *, diffs: bool = False,
          racine: Path = RACINE) -> Counter[str]:  # fmt: skip
    """Imprime le bilan par module (de `modules`, ou de tous) : compteurs, score, survivants, fonctions sans mutant.

    Rend le total de chaque colonne.
    """
    par_module: dict[str, Counter[str]] = defaultdict(Counter)
    for nom, etat in etats.items():
        par_module[module_de(nom)][classe_de(etat)] += 1
    gardes = sorted(par_module if modules is None else set(modules) & set(par_module))
    total = Counter[str]()
    print(f"{'module':36} {'tués':>6} {'survivants':>11} {'non jugés':>10} {'score':>8}")
    for module in gardes:
        total.update(par_module[module])
        _ligne(module, par_module[module])
    _ligne("total", total)
    survivants = sorted(nom for nom, etat in etats.items() if etat in SURVIVANTS and module_de(nom) in gardes)
    for nom in survivants:
        print(f"  survivant : {nom} ({etats[nom]})  —  python -m mutmut show {nom}")
        if diffs:
            print("\n".join("      " + ligne for ligne in diff(nom).splitlines()[1:]))
    for nom in sorted(n for n, e in etats.items() if classe_de(e) == "non jugés" and e != "not checked"):
        if module_de(nom) in gardes:
            print(f"  à revoir : {nom} ({etats[nom]})")
    mutees = {fonction_de(nom) for nom in etats}
    for module in gardes:
        if sans := [f.removeprefix(module + ".") for f in fonctions(module, racine) if f not in mutees]:
            print(f"  sans mutant dans {module} ({len(sans)}) : {', '.join(sans)}")
    return total


def _ligne(nom: str, c: Counter[str]) -> None:
    juges = c["tués"] + c["survivants"]
    score = f"{100 * c['tués'] / juges:.1f} %" if juges else "—"
    print(f"{nom:36} {c['tués']:>6} {c['survivants']:>11} {c['non jugés']:>10} {score:>8}")


def modules_des_motifs(motifs: list[str], etats: dict[str, str]) -> set[str] | None:
    """Les modules dont un mutant répond à l'un des `motifs` (tous si aucun motif)."""
    if not motifs:
        return None
    motif = re.compile("|".join(re.escape(m).replace(r"\*", ".*") for m in motifs))
    return {module_de(nom) for nom in etats if motif.fullmatch(nom) or motif.fullmatch(fonction_de(nom))}


def lancer(motifs: list[str], processus: int) -> None:
    """Lance `mutmut run` (nice 10), journal dans `mutants/mutation.log` ; s'arrête si mutmut échoue."""
    JOURNAL.parent.mkdir(exist_ok=True)
    commande = ["nice", "-n", "10", sys.executable, "-m", "mutmut", "run", "--max-children", str(processus), *motifs]
    debut = time.monotonic()
    with JOURNAL.open("w", encoding="utf-8") as journal:
        code = subprocess.run(commande, cwd=RACINE, check=False, stdout=journal, stderr=subprocess.STDOUT).returncode
    print(f"mutmut : {time.monotonic() - debut:.0f} s (journal : {JOURNAL.relative_to(RACINE)})")
    if code != 0:
        fin = JOURNAL.read_text("utf-8", errors="replace").replace("\r", "\n").splitlines()[-15:]
        raise SystemExit("mutmut a échoué (code {}) :\n{}".format(code, "\n".join(fin)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("motifs", nargs="*", help="mutants à juger (ex. « rules.warp.opposes* ») ; tous par défaut")
    parser.add_argument("--resultats", action="store_true", help="relire les verdicts sans rien relancer")
    parser.add_argument("--survivants", action="store_true", help="rejuger les seuls survivants")
    parser.add_argument("--diffs", action="store_true", help="montrer ce que change chaque survivant")
    parser.add_argument("--processus", type=int, default=2, help="mutants jugés en parallèle (2)")
    args = parser.parse_args(argv)
    motifs = list(args.motifs)
    if args.survivants:
        motifs = sorted(nom for nom, etat in resultats().items() if etat in SURVIVANTS)
        if not motifs:
            print("Aucun survivant à rejuger.")
    if not args.resultats and (motifs or not args.survivants):
        lancer(motifs, args.processus)
    if not (etats := resultats()):
        raise SystemExit("Aucun verdict à lire : mutmut est-il installé (extra « mutation »), mutants/ existe-t-il ?")
    bilan(etats, modules_des_motifs(list(args.motifs), etats), diffs=args.diffs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
