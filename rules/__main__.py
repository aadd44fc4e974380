"""Le calculateur de table en ligne de commande : `python -m rules FORMULAIRE --champ valeur …`.

Une couche mince d'`argparse` sur [`rules.calculateur`][rules.calculateur] :
chaque formulaire de la page « Calculateur » est une sous-commande, chaque
champ une option (`--trait 3`, `--des "6 5 2 1"`), avec les mêmes
explications, les mêmes chances, les mêmes messages d'erreur. Aide en
français (`--help`) ; une entrée refusée écrit son message sur la sortie
d'erreur et rend le code de sortie 2.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from rules.calculateur import FORMULAIRES, calculer, en_texte

_TRADUCTIONS = (
    (r"the following arguments are required: (.*)", r"arguments obligatoires manquants : \1"),
    (r"unrecognized arguments: (.*)", r"arguments inconnus : \1"),
    (
        r"argument (.*?): invalid choice: (.*?) \(choose from (.*)\)",
        r"argument \1 : choix invalide \2 (possibles : \3)",
    ),
    (r"argument (.*?): expected one argument", r"argument \1 : une valeur est attendue"),
    (r"argument (.*?): ignored explicit argument (.*)", r"argument \1 : valeur inattendue \2"),
    (r"ambiguous option: (.*?) could match (.*)", r"option ambiguë : \1 peut désigner \2"),
    (r"argument (.*?): invalid (\w+) value: (.*)", r"argument \1 : valeur invalide \3"),
)


def _en_francais(message: str) -> str:
    for motif, traduction in _TRADUCTIONS:
        if re.fullmatch(motif, message):
            return re.sub(motif, traduction, message)
    return message


class _Format(argparse.RawDescriptionHelpFormatter):
    """Le format de l'aide, en français (« utilisation : »)."""

    def add_usage(self, usage: str | None, actions: object, groups: object, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "utilisation : " if prefix is None else prefix)  # type: ignore[arg-type]


class _Analyseur(argparse.ArgumentParser):
    """Un analyseur d'options qui parle français, aide comme erreurs (code de sortie 2)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Format)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        self.add_argument("-h", "--help", action="help", help="affiche cette aide et quitte")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog} : erreur : {_en_francais(message)}\n")


def analyseur() -> argparse.ArgumentParser:
    """L'analyseur des options : une sous-commande par formulaire, une option par champ."""
    p = _Analyseur(
        prog="python -m rules",
        description=(
            "Le calculateur de table des Règles exécutables : le verdict expliqué d'un jet et les chances\n"
            "exactes de chaque issue, pour chaque mécanique de WaRP et du 3D6 (comme la page « Calculateur »)."
        ),
        epilog=(
            "Exemples :\n"
            '  python -m rules warp-jet --trait 3 --bonus 1 --des "6 2 5 1"\n'
            "  python -m rules troisd6-jet --sorte talent --valeur 2 --difficulte -3\n"
            '  python -m rules warp-cooperatif --alpha 3 --resultats "Compensation, Compensation, Catastrophe"\n'
            "  python -m rules FORMULAIRE --help   (les champs d'un formulaire)"
        ),
    )
    sous = p.add_subparsers(title="formulaires", dest="formulaire", metavar="FORMULAIRE", parser_class=_Analyseur)
    sous.required = True
    for f in FORMULAIRES.values():
        q = sous.add_parser(f.nom, help=f"{f.systeme} — {f.titre} : {f.description}", description=f.description)
        for c in f.champs:
            morceaux = [c.libelle]
            if c.choix:
                morceaux.append(
                    "valeurs : " + ", ".join(v if v == libelle else f"{v} ({libelle})" for v, libelle in c.choix)
                )
            elif c.sorte == "case":
                morceaux.append("oui ou non")
            if c.aide:
                morceaux.append(c.aide)
            if c.defaut:
                morceaux.append(f"défaut : {c.defaut}")
            q.add_argument(
                "--" + c.nom.replace("_", "-"),
                dest=c.nom,
                metavar=c.nom.upper(),
                help=" ; ".join(morceaux).replace("%", "%%"),
            )
        if f.lancable:
            q.add_argument("--lancer", action="store_true", help="tire de vrais dés au lieu de les lire")
            q.add_argument(
                "--graine",
                type=int,
                metavar="N",
                help="graine des dés tirés (par --lancer, ou un jet d'effet laissé vide), pour les rejouer à l'identique",
            )
        q.add_argument("--json", action="store_true", help="écrit la réponse en JSON")
    return p


def main(arguments: Sequence[str] | None = None) -> int:
    """Lance le calculateur ; rend le code de sortie (0, ou 2 sur une entrée refusée)."""
    options = analyseur().parse_args(arguments)
    f = FORMULAIRES[options.formulaire]
    entrees = {c.nom: getattr(options, c.nom) for c in f.champs if getattr(options, c.nom) is not None}
    lancer = bool(getattr(options, "lancer", False))
    graine = getattr(options, "graine", None)
    # Même sans --lancer, un formulaire tire ce qu'on ne lui donne pas (les jets d'effet d'un échange) : la graine vaut.
    rng = random.Random(graine) if graine is not None else None
    try:
        reponse = calculer(f.nom, entrees, lancer=lancer, rng=rng)
    except ValueError as erreur:
        print(f"python -m rules {f.nom} : erreur : {erreur}", file=sys.stderr)
        return 2
    if options.json:
        print(json.dumps(reponse.en_dict(), ensure_ascii=False, indent=2))
    if not reponse.ok:
        for nom, message in reponse.erreurs.items():
            option = f"--{nom.replace('_', '-')}" if nom else "entrée"
            print(f"python -m rules {f.nom} : erreur ({option}) : {message}", file=sys.stderr)
        return 2
    if not options.json:
        print(en_texte(reponse))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # la sortie coupée tôt (| head) : rien à dire de plus
        sys.stdout = None
        sys.exit(0)
