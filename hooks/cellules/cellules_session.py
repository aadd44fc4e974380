"""La session Python d'une page, telle qu'elle tourne dans le navigateur du lecteur.

Ce module (bibliothèque standard seulement) est copié, avec le paquet `rules`,
dans l'archive que le site sert à Pyodide. Il exécute le code d'une cellule
comme la console Python et les doctests des pages : chaque instruction de
premier niveau est compilée en mode interactif (`"single"`), donc une
expression affiche sa représentation, et `print` écrit sa ligne.

Les cellules d'une page partagent une session, dans l'ordre de la page :
exécuter la cellule k rejoue d'abord les cellules qui la précèdent, sauf si la
session vient justement de les exécuter telles quelles (comme un carnet qu'on
exécute de haut en bas).

Examples:
    >>> s = Session()
    >>> [e.sortie for e in s.executer([], "x = 2\\nx + 1\\nprint('ok')").etapes]
    ['', '3\\n', 'ok\\n']
    >>> print(s.executer(["x = 2"], "x * 10").etapes[0].sortie)
    20
    <BLANKLINE>
    >>> print(s.executer([], "int('a')").erreur)
    ValueError : invalid literal for int() with base 10: 'a'
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["Etape", "Resultat", "Session", "decouper", "message_d_erreur"]


@dataclass(frozen=True)
class Etape:
    """Une instruction de la cellule (ses lignes de code) et ce qu'elle a affiché."""

    code: str
    sortie: str


@dataclass(frozen=True)
class Resultat:
    """Ce que rend l'exécution d'une cellule : ses étapes, puis l'erreur qui l'a arrêtée s'il y en a une."""

    etapes: list[Etape] = field(default_factory=list)
    erreur: str | None = None
    precedente: int | None = None
    """Le rang (à partir de 1) de la cellule précédente qui a échoué en la rejouant, le cas échéant."""

    def json(self) -> str:
        """Le résultat en JSON, pour le JavaScript de la page."""
        return json.dumps(asdict(self), ensure_ascii=False)


def message_d_erreur(erreur: BaseException) -> str:
    """Le message d'une exception comme le lit un joueur : « Type : message », sans pile d'appels.

    Examples:
        >>> message_d_erreur(ValueError("trait doit être un entier ≥ 0, reçu -1"))
        'ValueError : trait doit être un entier ≥ 0, reçu -1'
        >>> message_d_erreur(SyntaxError("invalid syntax", ("<cellule>", 2, 5, "jet(3,,)")))
        'SyntaxError : invalid syntax (ligne 2)'
    """
    nom = type(erreur).__name__
    if isinstance(erreur, SyntaxError):
        ligne = f" (ligne {erreur.lineno})" if erreur.lineno else ""
        return f"{nom} : {erreur.msg}{ligne}"
    texte = str(erreur)
    return f"{nom} : {texte}" if texte else nom


def decouper(source: str) -> list[str]:
    """Le code d'une cellule découpé en instructions de premier niveau, comme les `>>>` d'une page.

    Une instruction garde ses lignes de suite et le commentaire de sa ligne ;
    les lignes vides et les commentaires seuls entre deux instructions vont
    avec l'instruction qui suit. Lève `SyntaxError` si le code ne se lit pas.

    Examples:
        >>> decouper("a = 1\\n\\nfor i in range(2):\\n    print(i)  # deux lignes\\nb = 2; c = 3")
        ['a = 1', 'for i in range(2):\\n    print(i)  # deux lignes', 'b = 2; c = 3']
    """
    lignes = source.splitlines()
    arbre = ast.parse(source, "<cellule>")
    debuts: list[int] = []
    for instruction in arbre.body:
        decorateurs: list[ast.expr] = getattr(instruction, "decorator_list", [])
        debut = min([instruction.lineno - 1, *(d.lineno - 1 for d in decorateurs)])
        if not debuts or debut > debuts[-1]:
            debuts.append(debut)
    morceaux = []
    for i, debut in enumerate(debuts):
        fin = debuts[i + 1] if i + 1 < len(debuts) else len(lignes)
        morceau = lignes[debut:fin]
        while morceau and not morceau[-1].strip():
            morceau.pop()
        morceaux.append("\n".join(morceau))
    return morceaux


class Session:
    """L'espace de noms d'une page, partagé par ses cellules dans l'ordre de la page."""

    def __init__(self) -> None:
        self.espace: dict[str, Any] = {}
        self.executees: list[str] = []
        self.remettre_a_zero()

    def remettre_a_zero(self) -> None:
        """Une session neuve, comme au chargement de la page."""
        self.espace = {"__name__": "__main__"}
        self.executees = []

    def _executer_une(self, source: str) -> tuple[list[Etape], str | None]:
        etapes: list[Etape] = []
        try:
            morceaux = decouper(source)
        except SyntaxError as erreur:
            return etapes, message_d_erreur(erreur)
        for morceau in morceaux:
            tampon = io.StringIO()
            try:
                code = compile(morceau + "\n", "<cellule>", "single")
                with contextlib.redirect_stdout(tampon), contextlib.redirect_stderr(tampon):
                    exec(code, self.espace)
            except SyntaxError as erreur:
                etapes.append(Etape(morceau, tampon.getvalue()))
                return etapes, message_d_erreur(erreur)
            except Exception as erreur:
                etapes.append(Etape(morceau, tampon.getvalue()))
                return etapes, message_d_erreur(erreur)
            etapes.append(Etape(morceau, tampon.getvalue()))
        return etapes, None

    def executer(self, precedentes: list[str], source: str) -> Resultat:
        """Exécute `source` après les cellules `precedentes` de la page (rejouées si besoin)."""
        if self.executees != precedentes:
            self.remettre_a_zero()
            for rang, precedente in enumerate(precedentes, start=1):
                _, erreur = self._executer_une(precedente)
                self.executees.append(precedente)
                if erreur is not None:
                    self.executees = []  # la session n'est plus celle de la page : tout rejouer la prochaine fois
                    return Resultat([], erreur, rang)
        etapes, erreur = self._executer_une(source)
        self.executees = [*precedentes, source] if erreur is None else []
        return Resultat(etapes, erreur)

    def executer_json(self, requete: str) -> str:
        """`executer` pour le JavaScript : `{"precedentes": [...], "source": "..."}` en JSON, résultat en JSON.

        Examples:
            >>> print(Session().executer_json('{"precedentes": ["a = 20"], "source": "a + 1"}'))
            {"etapes": [{"code": "a + 1", "sortie": "21\\n"}], "erreur": null, "precedente": null}
        """
        donnees = json.loads(requete)
        return self.executer([str(s) for s in donnees["precedentes"]], str(donnees["source"])).json()
