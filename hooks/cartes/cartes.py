"""Les cartes : chaque exemple publié montre d'abord le jet, comme à la table ; le code reste à un clic.

À la construction, pour chaque page qui a des exemples ` ```pycon `, ce crochet :

1. **rejoue la session de la page** comme la rejoue le doctest des pages
   (`python -m pytest docs`) : un seul espace de noms, les blocs dans l'ordre,
   chaque sortie comparée à celle qui est écrite, avec les options de doctest du
   projet ([`OPTIONS`][]). Un exemple dont la sortie écrite diffère de ce que
   rend le paquet **arrête la construction** ([`ExempleFaux`][]) : ce que montre
   une carte et ce qu'imprime son exemple ne peuvent pas diverger ;
2. **recueille, pendant ce rejeu, les objets mêmes que rendent les appels de
   l'exemple** (un jet, une opposition, un échange…), sans relire aucun texte
   imprimé : `sys.setprofile` voit chaque fonction qui rend la main au code de
   l'exemple, et sa valeur de retour. Un objet contenu dans un autre du même
   bloc (les deux jets d'une opposition) n'a pas sa propre carte : il est dans
   celle du tout ;
3. **dessine la carte** de chacun (`hooks/cartes/cartes_rendu.py`) et la met avant
   l'exemple ; l'exemple lui-même passe dans un `<details>` « Voir le code »,
   où le moteur des cellules (`docs/javascripts/cellules.js`) le trouve comme
   avant (« Modifier », « Exécuter »).

Sur les pages de règles, le code reste ouvert sous la carte (on vérifie en
lisant les deux) ; sur les pages de [`CODE_REPLIE`][] (les Premiers pas), il
est replié : la vue par défaut ne montre aucun Python. Les pages de règles
n'ont rien à écrire pour avoir leurs cartes.
"""

from __future__ import annotations

import doctest
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

if __name__ != "hooks.cartes.cartes":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.cartes import cartes_rendu
from hooks.site import modele

__all__ = [
    "CODE_REPLIE",
    "OPTIONS",
    "Bloc",
    "ExempleFaux",
    "envelopper",
    "on_page_content",
    "on_page_markdown",
    "rejouer",
]

OPTIONS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
"""Les options de doctest du projet (`doctest_optionflags` de `pyproject.toml`), les mêmes au rejeu."""

CODE_REPLIE = ("premiers-pas/",)
"""Les pages (chemins dans `docs/`, ou leur début) dont le code est replié sous « Voir le code » : pas de Python en vue."""

_PREFIXE = "<carte "


class ExempleFaux(ValueError):
    """Un exemple d'une page dont la sortie écrite n'est pas ce que rend le paquet : la construction s'arrête."""


@dataclass(frozen=True)
class Bloc:
    """Un exemple ` ```pycon ` rejoué : son rang dans la page et les résultats (à carte) qu'ont rendus ses appels."""

    rang: int
    resultats: tuple[object, ...]

    @property
    def cartes(self) -> list[cartes_rendu.Carte]:
        return [c for c in map(cartes_rendu.carte, self.resultats) if c is not None]


def _recueillir(nom: str, recus: list[object]) -> Callable[[FrameType, str, Any], None]:
    """La fonction de profil qui garde ce que rend chaque appel fait par le code de l'exemple `nom`."""
    debut = f"<doctest {nom}["

    def profil(cadre: FrameType, evenement: str, valeur: Any) -> None:
        if evenement != "return" or type(valeur) not in cartes_rendu.TYPES:
            return
        appelant = cadre.f_back
        if appelant is not None and appelant.f_code.co_filename.startswith(debut):
            recus.append(valeur)

    return profil


def _a_montrer(recus: list[object]) -> tuple[object, ...]:
    """Les résultats d'un bloc, sans doublon, sans ceux que contient un autre résultat du bloc."""
    uniques: list[object] = []
    for r in recus:
        if all(r is not u for u in uniques):
            uniques.append(r)
    contenus = {id(c) for r in uniques for c in cartes_rendu.contenu(r)}
    return tuple(r for r in uniques if id(r) not in contenus)


def rejouer(markdown: str, chemin: str, decalage: int = 0) -> list[Bloc]:
    """Rejoue les exemples ` ```pycon ` d'une page comme son doctest, et rend ce qu'ont rendu leurs appels, par bloc.

    Lève [`ExempleFaux`][] au premier exemple dont la sortie écrite diffère (en
    français : la page, la ligne, l'exemple, ce qui est écrit, ce que rend le paquet).
    `decalage` : les lignes du fichier avant `markdown` (son en-tête), pour nommer la bonne ligne.

    Examples:
        >>> page = "```pycon\\n>>> from rules.warp import jet\\n>>> print(jet(3, des=(5, 3, 2)).resultat)\\nRéussite\\n\\n```\\n"
        >>> [(b.rang, [c.texte for c in b.cartes]) for b in rejouer(page, "essai.md")]
        [(1, ['dés 5, 3 et 2 : total 10, il fallait plus de 9 : Réussite'])]
        >>> rejouer(page.replace("Réussite", "Échec"), "essai.md")
        Traceback (most recent call last):
        ...
        hooks.cartes.cartes.ExempleFaux: essai.md, ligne 3 : l'exemple « print(jet(3, des=(5, 3, 2)).resultat) » écrit « Échec », le paquet rend « Réussite ». La carte et l'exemple divergeraient : corrigez la sortie écrite (ou le code).
    """
    espace: dict[str, Any] = {"__name__": "__main__"}
    blocs = []
    for rang, cloture in enumerate((c for c in modele.clotures(markdown) if c.pycon), start=1):
        nom = f"{chemin}#{rang}"
        test = doctest.DocTest(cloture.exemples(), espace, nom, chemin, cloture.debut + 1, None)
        recus: list[object] = []
        coureur = _Coureur(optionflags=OPTIONS)
        ancien = sys.getprofile()
        sys.setprofile(_recueillir(nom, recus))
        try:
            coureur.run(test, out=lambda _texte: None, clear_globs=False)
        finally:
            sys.setprofile(ancien)
        espace = test.globs  # DocTest copie l'espace qu'on lui donne : on garde celui qu'il a rempli
        if coureur.faute is not None:
            exemple, ecrit, obtenu = coureur.faute
            ligne = decalage + cloture.debut + 2 + exemple.lineno
            code = exemple.source.strip().replace("\n", " ")
            raise ExempleFaux(
                f"{chemin}, ligne {ligne} : l'exemple « {code} » écrit « {ecrit.strip()} », le paquet rend"
                f" « {obtenu.strip()} ». La carte et l'exemple divergeraient : corrigez la sortie écrite (ou le code)."
            )
        blocs.append(Bloc(rang, _a_montrer(recus)))
    return blocs


class _Coureur(doctest.DocTestRunner):
    """Le coureur de doctest qui retient la première faute (sans rien imprimer)."""

    faute: tuple[doctest.Example, str, str] | None = None

    def report_failure(self, out: Any, test: doctest.DocTest, example: doctest.Example, got: str) -> None:
        if self.faute is None:
            self.faute = (example, example.want, got)

    def report_unexpected_exception(
        self, out: Any, test: doctest.DocTest, example: doctest.Example, exc_info: Any
    ) -> None:
        if self.faute is None:
            erreur = exc_info[1]
            self.faute = (example, example.want, f"{type(erreur).__name__} : {erreur}")


# ---------------------------------------------------------------- le HTML de la page

_CELLULE = re.compile(r'<div class="language-pycon cellule[^"]*" data-cellule="(\d+)"[^>]*>.*?</pre></div>', re.S)


def envelopper(contenu: str, blocs: list[Bloc], replie: bool) -> str:
    """Le HTML de la page où chaque cellule a sa carte devant et passe sous « Voir le code ».

    Une cellule sans carte (un exemple qui ne lance pas de dés) reste telle
    quelle sur une page de règles, et passe aussi sous « Voir le code » sur une
    page au code replié.

    Examples:
        >>> html = '<p>a</p><div class="language-pycon cellule highlight" data-cellule="1"><pre><code>x</code></pre></div>'
        >>> print(envelopper(html, [Bloc(1, ())], replie=True))
        <p>a</p><details class="carte-code carte-code--replie"><summary>Voir le code</summary><div class="language-pycon cellule highlight" data-cellule="1"><pre><code>x</code></pre></div></details>
        >>> envelopper(html, [Bloc(1, ())], replie=False) == html
        True
    """
    par_rang = {b.rang: b for b in blocs}
    trouves = 0

    def remplacer(m: re.Match[str]) -> str:
        nonlocal trouves
        trouves += 1
        bloc = par_rang.get(int(m[1]))
        cartes = [] if bloc is None else bloc.cartes
        if not cartes and not replie:
            return m[0]
        # Replié, il le reste à l'impression (Material ouvre les <details> pour imprimer) : la carte suffit.
        attributs = ' class="carte-code carte-code--replie"' if replie else ' class="carte-code" open'
        dessins = "".join(cartes_rendu.html_carte(c) for c in cartes)
        return f"{dessins}<details{attributs}><summary>Voir le code</summary>{m[0]}</details>"

    resultat = _CELLULE.sub(remplacer, contenu)
    if trouves != len(blocs):
        raise ValueError(
            f"cartes : {len(blocs)} exemple(s) pycon dans le Markdown, {trouves} cellule(s) dans le HTML"
            " (le crochet des cellules a-t-il marqué les blocs ?)"
        )
    return resultat


# ---------------------------------------------------------------- les événements de MkDocs


class _Etat:
    blocs: dict[str, list[Bloc]] = {}  # noqa: RUF012 — l'état d'une construction, par page


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """Rejoue les exemples de la page (avant que le crochet des cellules ne marque les blocs) ; le texte ne change pas."""
    chemin = page.file.src_uri
    source = page.file.content_string
    debut = source.find(markdown[:200]) if markdown.strip() else -1
    decalage = source.count("\n", 0, debut) if debut > 0 else 0  # l'en-tête que MkDocs a ôté
    _Etat.blocs[chemin] = rejouer(markdown, chemin, decalage)
    return markdown


def on_page_content(html_page: str, page: Any, **kwargs: Any) -> str:
    chemin = page.file.src_uri
    blocs = _Etat.blocs.get(chemin, [])
    if not blocs:
        return html_page
    return envelopper(html_page, blocs, replie=chemin.startswith(CODE_REPLIE))
