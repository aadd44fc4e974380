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
une déclaration périmée (elle ne correspond plus à aucun mutant, ou à un mutant
tué) ou, pour tout `rules/`, un mutant pas encore jugé.

Le registre désigne un mutant par sa fonction (« rules.warp.jets.Jet.net ») et
la ligne qu'il écrit à la place de l'originale, pas par le numéro que lui donne
mutmut : ce numéro suit l'ordre des mutants de la fonction et change dès qu'on
la modifie ailleurs, la fonction et la ligne mutée ne changent qu'avec elle.

Un mutant sans test (aucun test ne passe dans sa fonction) compte comme un
survivant ; un mutant qui dépasse sa borne de temps (boucle sans fin) ou que le
système tue compte comme tué.

mutmut 3 ne mute pas une fonction décorée : `scripts/_mutmut_decorateurs.py`
lui fait muter aussi celles qui ne portent que `@cache` ou `@property` (le
décorateur reste sur la fonction publique, ses copies mutées sont nues). Les
greffons de `scripts/_mutmut_pytest.py` vident les caches des lois (sans quoi
un cache rempli par le code d'origine masquerait le mutant) et tirent les
exemples d'hypothesis de façon déterministe.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import json
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

RACINE = Path(__file__).resolve().parent.parent
EQUIVALENTS = Path(__file__).with_name("mutants_equivalents.txt")
JOURNAL = RACINE / "mutants" / "mutation.log"
LIGNE = re.compile(r"^\s*(?P<nom>rules\.[\w.ǁ]+__mutmut_\d+): (?P<etat>.+)$")
FONCTION = re.compile(r"^(?P<fonction>rules(\.\w+)+)(#(?P<occurrence>[1-9]\d*))?$")

TUES = {"killed", "timeout", "segfault"}  # segfault : SIGKILL, la borne dure de temps CPU
SURVIVANTS = {"survived", "no tests"}


@dataclass(frozen=True)
class Declaration:
    """Un mutant déclaré équivalent : sa fonction, la ligne qu'il change et ce qu'il y écrit, la raison.

    Rien de cela ne bouge quand on modifie une autre fonction, ou une autre ligne de la même ; le numéro que
    mutmut donne à un mutant, lui, suit l'ordre des mutants de sa fonction et change avec elle.
    """

    fonction: str
    """Le module et le nom qualifié de la fonction mutée : « rules.troisd6.jets.Difficulte.modificateur »."""
    origine: str
    """La ligne d'origine que le mutant change, blancs normalisés (plusieurs lignes jointes par « ⏎ »)."""
    mutee: str
    """Ce qu'il écrit à sa place, comme `--diffs` l'imprime (« (ligne retirée) » s'il l'enlève)."""
    raison: str
    numero: int
    """Sa ligne dans le registre."""
    occurrence: int = 1
    """Le rang du mutant parmi ceux de sa fonction qui font le même changement (la même ligne s'y lit deux fois) :
    écrit « fonction#2 » dans le registre, 1 si rien ne suit le nom."""

    @property
    def cle(self) -> Mutation:
        return Mutation(self.fonction, self.origine, self.mutee, self.occurrence)


@dataclass(frozen=True)
class Mutation:
    """Ce que change un mutant, sans son numéro : la clé d'une déclaration."""

    fonction: str
    origine: str
    mutee: str
    occurrence: int = 1


def _normaliser(ligne: str) -> str:
    return " ".join(ligne.split())


def lire_declaration(texte: str, numero: int) -> Declaration:
    """Une ligne « fonction | ligne d'origine ⇒ ligne mutée | raison » du registre (le code peut contenir « | »)."""
    fonction, _, reste = texte.partition(" | ")
    milieu, _, raison = reste.rpartition(" | ")
    lignes = milieu.split(" ⇒ ")
    if not (m := FONCTION.match(fonction.strip())) or len(lignes) != 2 or not all(lignes) or not raison.strip():
        raise SystemExit(
            f"{EQUIVALENTS.name}:{numero} : attendu « module.fonction | ligne d'origine ⇒ ligne mutée | raison »,"
            f" reçu {texte!r}"
        )
    origine, mutee = (_normaliser(ligne) for ligne in lignes)
    return Declaration(m["fonction"], origine, mutee, raison.strip(), numero, int(m["occurrence"] or 1))


def equivalents(chemin: Path = EQUIVALENTS) -> dict[Mutation, Declaration]:
    """Les mutants déclarés équivalents, un par ligne du registre, chacun sous ce qu'il change."""
    if not chemin.exists():
        return {}
    resultat: dict[Mutation, Declaration] = {}
    for numero, texte in enumerate(chemin.read_text("utf-8").splitlines(), 1):
        if not texte.strip() or texte.startswith("#"):
            continue
        declaration = lire_declaration(texte, numero)
        if (double := resultat.get(declaration.cle)) is not None:
            raise SystemExit(f"{chemin.name}:{numero} : même mutation que la ligne {double.numero}")
        resultat[declaration.cle] = declaration
    return resultat


def resultats() -> dict[str, str]:
    """L'état de chaque mutant selon `mutmut results --all true`."""
    sortie = subprocess.run(
        ["mutmut", "results", "--all", "true"], cwd=RACINE, capture_output=True, text=True, check=False
    ).stdout
    return {m["nom"]: m["etat"] for ligne in sortie.splitlines() if (m := LIGNE.match(ligne))}


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
    """La fonction d'un mutant, nommée comme dans le registre : « rules.troisd6.jets.Difficulte.modificateur »."""
    module, classe, fonction = _genere(nom)
    return ".".join(filter(None, (module, classe, fonction)))


def module_de(nom: str) -> str:
    return _genere(nom)[0]


def diff(nom: str) -> str:
    """Ce que change le mutant `nom` (diff unifié de sa fonction), lu dans `mutants/`."""
    # Importé à l'usage : mutmut n'est que dans l'extra `mutation` (la suite vérifie ce script sans lui).
    diff_apply = importlib.import_module("mutmut.mutation.diff_apply")
    return str(diff_apply.get_diff_for_mutant(nom, path=diff_apply.find_mutant(nom).path))


def ligne_mutee(texte_diff: str, signe: str = "+") -> str:
    """Les lignes ajoutées (`signe` « + ») ou retirées (« - ») par le mutant, normalisées, jointes par « ⏎ »."""
    lignes = [
        ligne[1:] for ligne in texte_diff.splitlines() if ligne.startswith(signe) and not ligne.startswith(signe * 3)
    ]
    return " ⏎ ".join(_normaliser(a) for a in lignes) or ("(ligne retirée)" if signe == "+" else "")


def mutations(noms: Iterable[str], mutants: Path = RACINE / "mutants") -> dict[str, Mutation]:
    """Ce que change chaque mutant de `noms`, lu dans les fichiers que mutmut a écrits sous `mutants/`.

    mutmut range dans un fichier muté, à côté de la copie d'origine d'une fonction (`x_f__mutmut_orig`), chacun
    de ses mutants (`x_f__mutmut_3`), et note dans un index (`….py.spans`) les lignes de chacune : ce que change
    le mutant est ce qui diffère entre les deux textes, les noms mis à part. Rien n'est analysé : des milliers
    de mutants se lisent en une seconde. Un mutant absent de ces fichiers est absent du résultat.
    """
    par_fichier: dict[Path, list[str]] = defaultdict(list)
    for nom in noms:
        module = module_de(nom).replace(".", "/")
        for fichier in (mutants / f"{module}.py", mutants / module / "__init__.py"):
            if fichier.with_name(fichier.name + ".spans").exists():
                par_fichier[fichier].append(nom)
                break
    resultat, vues = {}, Counter[Mutation]()
    for fichier, groupe in par_fichier.items():
        lignes = fichier.read_text("utf-8").splitlines()
        index = json.loads(fichier.with_name(fichier.name + ".spans").read_text("utf-8"))["spans"]
        for nom in sorted(groupe, key=lambda n: (n.rpartition("__mutmut_")[0], int(n.rpartition("_")[2]))):
            genere = nom.rpartition(".")[2]
            origine = genere.rpartition("__mutmut_")[0] + "__mutmut_orig"
            if genere in index and origine in index:
                avant, apres = (_source(lignes, index, g) for g in (origine, genere))
                texte = "\n".join(difflib.unified_diff(avant, apres, lineterm=""))
                mutation = Mutation(fonction_de(nom), ligne_mutee(texte, "-"), ligne_mutee(texte))
                vues[mutation] += 1
                resultat[nom] = replace(mutation, occurrence=vues[mutation])
    return resultat


def _source(lignes: list[str], index: dict[str, list[int]], genere: str) -> list[str]:
    """Les lignes de la fonction `genere` d'un fichier muté, son nom remplacé par « ƒ »."""
    debut, fin = index[genere]
    return [ligne.replace(genere, "ƒ") for ligne in lignes[debut - 1 : fin]]


def bilan(etats: dict[str, str], equiv: dict[Mutation, Declaration], *, complet: bool, diffs: bool,
          mutants: Path = RACINE / "mutants") -> int:  # fmt: skip
    """Imprime le bilan par module ; rend 1 s'il reste un survivant non déclaré ou une déclaration périmée."""
    declarees = {cle.fonction for cle in equiv}
    vues = mutations((nom for nom in etats if fonction_de(nom) in declarees), mutants)
    par_module: dict[str, Counter[str]] = defaultdict(Counter)
    survivants, perimes, servies = [], [], set()
    for nom, etat in etats.items():
        declaration = equiv.get(vues[nom]) if nom in vues else None
        if declaration is not None:
            servies.add(declaration.cle)
        if etat in TUES:
            classe = "tués"
            if declaration is not None:
                perimes.append(f"{_ou(declaration)} : déclaré équivalent, mais {nom} est tué ({etat})")
        elif etat in SURVIVANTS:
            classe = "équivalents" if declaration is not None else "survivants"
            if declaration is None:
                survivants.append(nom)
        else:
            classe = "non jugés"
        par_module[module_de(nom)][classe] += 1
    perimes += [
        f"{_ou(d)} : ne correspond plus à aucun mutant (fonction renommée, ligne changée ?)"
        for cle, d in sorted(equiv.items(), key=lambda e: e[1].numero)
        if cle not in servies
    ]

    total = Counter[str]()
    print(f"{'module':36} {'tués':>6} {'survivants':>11} {'équivalents':>12} {'non jugés':>10} {'score':>8}")
    for module, c in sorted(par_module.items()):
        total.update(c)
        _ligne(module, c)
    _ligne("total", total)
    print(f"registre : {len(equiv)} déclarations ({EQUIVALENTS.name})")
    for nom in survivants:
        print(f"  survivant : {nom}  (mutmut show {nom})")
        if diffs:
            print("\n".join("      " + ligne for ligne in diff(nom).splitlines()[2:]))
    for message in perimes:
        print(f"  déclaration périmée : {message}")
    if complet and total["non jugés"]:
        print(f"  {total['non jugés']} mutant(s) pas encore jugé(s) : relancez `python -m scripts.mutation`")
    return 1 if survivants or perimes or (complet and total["non jugés"]) else 0


def _ou(declaration: Declaration) -> str:
    return f"{EQUIVALENTS.name}:{declaration.numero} ({declaration.fonction} | {declaration.origine} ⇒ {declaration.mutee})"


def _ligne(nom: str, c: Counter[str]) -> None:
    juges = c["tués"] + c["survivants"]
    score = f"{100 * c['tués'] / juges:.1f} %" if juges else "—"
    print(f"{nom:36} {c['tués']:>6} {c['survivants']:>11} {c['équivalents']:>12} {c['non jugés']:>10} {score:>8}")


def lancer(motifs: list[str], processus: int) -> None:
    """Lance mutmut (nice 10), journal dans `mutants/mutation.log` ; s'arrête si mutmut échoue."""
    JOURNAL.parent.mkdir(exist_ok=True)
    lanceur = [sys.executable, "-m", "scripts._mutmut_decorateurs"]  # mutmut, les fonctions décorées comprises
    commande = ["nice", "-n", "10", *lanceur, "run", "--max-children", str(processus), *motifs]
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
