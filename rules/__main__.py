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
import contextlib
import json
import random
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Any, NoReturn

from rules.calculateur import FORMULAIRES, calculer, en_texte
from rules.refus import Refus

_FRANCAIS = {
    "usage: ": "utilisation : ",
    "positional arguments": "arguments",
    "options": "options",
    "show this help message and exit": "affiche cette aide et quitte",
    "the following arguments are required: %s": "arguments obligatoires manquants : %s",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "choix invalide %(value)r (possibles : %(choices)s)",
    "expected one argument": "une valeur est attendue",
    "ignored explicit argument %r": "valeur inattendue %r",
    "ambiguous option: %(option)s could match %(matches)s": "option ambiguë : %(option)s peut désigner %(matches)s",
    "invalid %(type)s value: %(value)r": "valeur invalide %(value)r",
    "not allowed with argument %s": "incompatible avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est obligatoire",
}
"""Les messages d'argparse, en français : argparse les passe par `gettext` (`argparse._`), clé par clé (le texte
anglais de chaque message est sa clé, comme dans un catalogue gettext)."""


@contextlib.contextmanager
def _argparse_en_francais() -> Iterator[None]:
    """Le temps d'analyser la ligne, argparse traduit ses messages par `_FRANCAIS` (un catalogue, pas une relecture)."""
    anglais = getattr(argparse, "_")  # noqa: B009 - le `gettext` qu'argparse appelle, remis ensuite
    setattr(argparse, "_", lambda message: _FRANCAIS.get(message, anglais(message)))  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", anglais)  # noqa: B010


class _Format(argparse.RawDescriptionHelpFormatter):
    """Le format de l'aide, en français (« utilisation : », « options : », espace avant le deux-points)."""

    def start_section(self, heading: str | None) -> None:
        super().start_section(None if heading is None else f"{heading} ")  # argparse y colle « : »

    def add_usage(self, usage: str | None, actions: object, groups: object, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "utilisation : " if prefix is None else prefix)  # type: ignore[arg-type]


class _Analyseur(argparse.ArgumentParser):
    """Un analyseur d'options qui parle français, aide comme erreurs (code de sortie 2)."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Format)
        kwargs["add_help"] = False
        kwargs["allow_abbrev"] = False  # « --trai 3 » est refusé, jamais pris en douce pour « --trait »
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._optionals.title = "options"
        self.add_argument("-h", "--help", action="help", help="affiche cette aide et quitte")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog} : erreur : {message}\n")


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
            "  python -m rules troisd6-apres-attaque --niveau-attaque spéciale --seuil-defenseur 10"
            "   (quelle défense, l'attaque lancée)\n"
            "  python -m rules FORMULAIRE --help   (les champs d'un formulaire)"
        ),
    )
    sous = p.add_subparsers(title="formulaires", dest="formulaire", metavar="FORMULAIRE", parser_class=_Analyseur)
    sous.required = True
    for f in FORMULAIRES.values():
        _sous_commande(sous, f)
    v = sous.add_parser(
        "variantes",
        help="les autres lectures du texte et les règles maison, que --variante et --maison appliquent",
        description="Chaque variante (une autre lecture qu'une boîte « Interprétation » nomme) et chaque règle maison.",
    )
    v.add_argument("--json", action="store_true", help="écrit la liste en JSON (id, titre, page, formulaires…)")
    return p


def _sous_commande(sous: Any, f: Any) -> None:
    """La sous-commande d'un formulaire : une option par champ, et celles de tout formulaire."""
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
    q.add_argument(
        "--variante",
        action="append",
        default=[],
        metavar="ID",
        help="répond sous cette autre lecture du texte (répétable ; la liste : python -m rules variantes)",
    )
    q.add_argument(
        "--maison",
        action="append",
        default=[],
        metavar="REGLE=VALEUR",
        help="une règle maison, par exemple malus_contre_attaque=-2 (répétable ; la liste : python -m rules variantes)",
    )
    q.add_argument("--json", action="store_true", help="écrit la réponse en JSON")


def _variantes(en_json: bool) -> int:
    """La liste des variantes et des règles maison, en texte ou en JSON."""
    from rules.variantes import REGLES_MAISON, VARIANTES

    if en_json:
        liste = [
            {
                "id": v.id,
                "titre": v.titre,
                "page": v.page,
                "boite": v.boite,
                "citation": v.citation,
                "change": v.change,
                "formulaires": list(v.formulaires),
            }
            for v in VARIANTES.values()
        ]
        maison = [
            {
                "id": m.id,
                "titre": m.titre,
                "page": m.page,
                "texte": m.texte,
                "minimum": m.minimum,
                "maximum": m.maximum,
                "formulaires": list(m.formulaires),
            }
            for m in REGLES_MAISON.values()
        ]
        print(json.dumps({"variantes": liste, "regles_maison": maison}, ensure_ascii=False, indent=2))
        return 0
    lignes = ["Variantes (--variante ID) :"]
    lignes += [f"  {v.id} : {v.titre}. {v.change} (page {v.page})" for v in VARIANTES.values()]
    lignes += ["", "Règles maison (--maison REGLE=VALEUR) :"]
    lignes += [
        f"  {m.id} : {m.titre}, de {m.minimum} à {m.maximum} (texte : {m.texte})" for m in REGLES_MAISON.values()
    ]
    print("\n".join(lignes))
    return 0


def _maison(ecrites: Sequence[str]) -> dict[str, Any]:
    """Les règles maison écrites « regle=valeur » ; une valeur qui n'est pas un entier reste du texte, que la règle
    refuse elle-même (« malus_contre_attaque doit être un entier… »)."""
    lues: dict[str, Any] = {}
    for ecrite in ecrites:
        nom, egal, valeur = ecrite.partition("=")
        if not egal:
            raise Refus("maison", "s'écrire REGLE=VALEUR (par exemple malus_contre_attaque=-2)", recu=ecrite)
        valeur = valeur.strip().replace("−", "-")
        lues[nom.strip()] = int(valeur) if re.fullmatch(r"[+-]?\d{1,4}", valeur) else valeur
    return lues


def main(arguments: Sequence[str] | None = None) -> int:
    """Lance le calculateur ; rend le code de sortie (0, ou 2 sur une entrée refusée)."""
    with _argparse_en_francais():
        options = analyseur().parse_args(arguments)
    if options.formulaire == "variantes":
        return _variantes(options.json)
    f = FORMULAIRES[options.formulaire]
    entrees = {c.nom: getattr(options, c.nom) for c in f.champs if getattr(options, c.nom) is not None}
    lancer = bool(getattr(options, "lancer", False))
    graine = getattr(options, "graine", None)
    # Même sans --lancer, un formulaire tire ce qu'on ne lui donne pas (les jets d'effet d'un échange) : la graine vaut.
    rng = random.Random(graine) if graine is not None else None
    try:
        maison = _maison(options.maison)
        reponse = calculer(f.nom, entrees, lancer=lancer, rng=rng, variantes=options.variante, maison=maison)
    except ValueError as erreur:
        print(f"python -m rules {f.nom} : erreur : {erreur}", file=sys.stderr)
        return 2
    if options.json:
        print(json.dumps(reponse.en_dict(), ensure_ascii=False, indent=2))
    if not reponse.ok:
        for nom, refus in reponse.refus.items():
            # Le refus, ses lieux nommés par les options qui les ont fournis (« --des doit… ») ; sans option, tel quel.
            message = f": {refus.message(f.option, etiquette=False)}" if nom else f"(entrée) : {refus.message()}"
            print(f"python -m rules {f.nom} : erreur {message}", file=sys.stderr)
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
