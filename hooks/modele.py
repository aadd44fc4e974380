"""Le modèle du site : ce que les crochets savent de ses pages, lu à un seul endroit.

MkDocs donne le menu (`nav`) : l'ordre des pages et l'onglet de chacune. Ce
module y ajoute ce que dit la source Markdown de chaque page, hors des blocs de
code : son titre, ses titres de section et leurs ancres, ses boîtes
(`!!! info "Interprétation : …"`, `!!! warning "Erratum : …"`), les lignes de
la règle citée (`> …`), les noms du code qu'elle cite (autorefs,
`[seuil][rules.warp.jets.seuil]`) ou documente (`::: rules.warp.jets`) ; et,
dans ses blocs de code, ses lignes d'exemples `>>>` et ses blocs exécutés. Les crochets du site (glossaire, registre des interprétations, chiffres
de l'accueil, version imprimable) lisent ce modèle, construit une fois par
construction du site ([`site`][]), au lieu de relire les pages chacun à sa façon.

Une boîte qui porte la classe `exemple` (`!!! info exemple "Interprétation : …"`)
montre au lecteur à quoi ressemble une boîte : elle n'est ni une interprétation
ni un erratum du site.
"""

from __future__ import annotations

import posixpath
import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markdown.extensions.toc import slugify as slugify_toc
from markdown.extensions.toc import unique
from mkdocs.structure.nav import Navigation, Section
from mkdocs.utils.meta import get_data

__all__ = [
    "SYSTEMES",
    "Boite",
    "Citation",
    "Page",
    "Site",
    "Titre",
    "courant",
    "ecrire_au_repere",
    "lien",
    "lire_page",
    "site",
]

SYSTEMES = {"WaRP": "warp/", "3D6": "troisd6/"}
"""Chaque système de règles et le dossier de `docs/` où sont ses pages de règles."""

_TITRE = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{[^}]*#([\w-]+)[^}]*\})?\s*$")
_BOITE = re.compile(r'^\s*(?:!!!|\?\?\?\+?)\s+([\w-]+)((?:\s+[\w-]+)*)\s*(?:"(.*)")?\s*$')
_CLOTURE = "```"
_AUTOREF = re.compile(r"\]\[(\w+(?:\.\w+)+)\]")
_DOCUMENTE = re.compile(r"^:::\s+([\w.]+)\s*$")

Slugify = Callable[[str, str], str]


@dataclass(frozen=True)
class Titre:
    """Un titre de la page (`#` à `######`)."""

    niveau: int
    texte: str
    ancre: str
    """L'`id` que lui donne l'extension `toc` (ou l'`{#id}` écrit dans la page)."""


@dataclass(frozen=True)
class Boite:
    """Une boîte (admonition) de la page : `!!! genre classes "titre"`."""

    genre: str
    classes: tuple[str, ...]
    titre: str
    section: Titre | None
    """Le dernier titre de section (niveau 2 et plus) au-dessus de la boîte."""

    @property
    def exemple(self) -> bool:
        """Vrai pour une boîte de démonstration (classe `exemple`)."""
        return "exemple" in self.classes

    @property
    def interpretation(self) -> bool:
        """Vrai pour une boîte « Interprétation » du site."""
        return self.genre == "info" and re.match(r"Interprétation\b", self.titre) is not None and not self.exemple

    @property
    def erratum(self) -> bool:
        """Vrai pour une boîte « Erratum » du site."""
        return self.genre == "warning" and self.titre.startswith("Erratum") and not self.exemple

    @property
    def sujet(self) -> str:
        """Ce que tranche la boîte : son titre après « Interprétation : » (ou « Erratum : »)."""
        _, deux_points, reste = self.titre.partition(":")
        return reste.strip() if deux_points else ""


@dataclass(frozen=True)
class Citation:
    """Une ligne de la règle citée (`> …`)."""

    texte: str
    section: Titre | None
    """Le dernier titre de section (niveau 2 et plus) au-dessus de la ligne."""


Element = Titre | Boite | Citation


@dataclass(frozen=True)
class Page:
    """Une page du site, telle que la lisent les crochets."""

    chemin: str
    """Son chemin dans `docs/` (`warp/jets-simples.md`)."""
    titre: str
    """Son titre de niveau 1 (à défaut, son chemin)."""
    onglet: str
    """Le titre de la section de premier niveau du menu qui la contient (« WaRP »), ou ""."""
    elements: tuple[Element, ...]
    """Ses titres, boîtes et citations, dans l'ordre de la page."""
    exemples: int
    """Ses lignes d'exemples `>>>` (dans ses blocs de code)."""
    executes: int = 0
    """Ses blocs de code exécutés à la construction (` ```python exec="on" `)."""
    cites: tuple[str, ...] = ()
    """Les identifiants du code qu'elle cite par autoref (`[texte][rules.warp.jets.seuil]`), dans l'ordre."""
    documentes: tuple[str, ...] = ()
    """Les identifiants qu'elle documente (`::: rules.warp.jets`, référence du code)."""

    @property
    def titres(self) -> tuple[Titre, ...]:
        return tuple(e for e in self.elements if isinstance(e, Titre))

    @property
    def boites(self) -> tuple[Boite, ...]:
        return tuple(e for e in self.elements if isinstance(e, Boite))

    @property
    def citations(self) -> tuple[Citation, ...]:
        return tuple(e for e in self.elements if isinstance(e, Citation))

    def section(self, ancre: str) -> Titre | None:
        """Le titre dont l'ancre est `ancre`, s'il existe."""
        return next((t for t in self.titres if t.ancre == ancre), None)


def lire_page(chemin: str, texte: str, onglet: str = "", slugify: Slugify = slugify_toc) -> Page:
    """Lit la source Markdown d'une page (sans son en-tête YAML).

    Examples:
        >>> p = lire_page("warp/jets.md", '''# Jets
        ... ## Égalité
        ... > L'égalité est un échec.
        ...
        ... !!! info "Interprétation : égalité"
        ...     Le code suit la lettre.
        ...
        ... ```pycon
        ... >>> 1 + 1
        ... 2
        ... ## (pas un titre : dans un bloc de code)
        ... ```
        ... ## Égalité
        ... ''')
        >>> p.titre, [t.ancre for t in p.titres]
        ('Jets', ['jets', 'egalite', 'egalite_1'])
        >>> [(b.sujet, b.section.ancre) for b in p.boites if b.interpretation and b.section]
        [('égalité', 'egalite')]
        >>> p.citations[0].texte, p.exemples
        ("L'égalité est un échec.", 1)
        >>> lire_page("a.md", "Le code : [jet][rules.warp.jets.jet].\\n\\n::: rules.warp.jets").cites
        ('rules.warp.jets.jet',)
    """
    elements: list[Element] = []
    ancres: set[str] = set()
    titre_page: str | None = None
    section: Titre | None = None
    dans_code = False
    exemples = executes = 0
    cites: list[str] = []
    documentes: list[str] = []
    for ligne in texte.splitlines():
        if ligne.lstrip().startswith(_CLOTURE):
            dans_code = not dans_code
            executes += dans_code and 'exec="on"' in ligne
            continue
        if dans_code:
            exemples += ligne.lstrip().startswith(">>> ")
            continue
        cites += _AUTOREF.findall(ligne)
        if m := _DOCUMENTE.match(ligne):
            documentes.append(m[1])
        if m := _TITRE.match(ligne):
            niveau, texte_titre = len(m[1]), m[2]
            ancre = m[3] or unique(slugify(texte_titre, "-"), ancres)
            ancres.add(ancre)
            titre = Titre(niveau, texte_titre, ancre)
            elements.append(titre)
            if niveau == 1 and titre_page is None:
                titre_page = texte_titre
            if niveau >= 2:
                section = titre
        elif m := _BOITE.match(ligne):
            elements.append(Boite(m[1], tuple(m[2].split()), m[3] or "", section))
        elif ligne.startswith(">"):
            elements.append(Citation(ligne.removeprefix(">").strip(), section))
    return Page(
        chemin, titre_page or chemin, onglet, tuple(elements), exemples, executes, tuple(cites), tuple(documentes)
    )


@dataclass(frozen=True)
class Site:
    """Les pages du menu, dans son ordre."""

    pages: tuple[Page, ...]

    def page(self, chemin: str) -> Page:
        """La page de chemin `chemin` (dans `docs/`)."""
        for p in self.pages:
            if p.chemin == chemin:
                return p
        raise KeyError(f"{chemin} n'est pas dans le menu du site (nav de mkdocs.yml)")

    def regles(self) -> tuple[Page, ...]:
        """Les pages de règles : celles des dossiers de [`SYSTEMES`][], dans l'ordre du menu."""
        return tuple(p for p in self.pages if p.chemin.startswith(tuple(SYSTEMES.values())))

    @property
    def interpretations(self) -> tuple[tuple[Page, Boite], ...]:
        """Chaque boîte « Interprétation », avec sa page, dans l'ordre du menu."""
        return tuple((p, b) for p in self.pages for b in p.boites if b.interpretation)

    @property
    def errata(self) -> tuple[tuple[Page, Boite], ...]:
        """Chaque boîte « Erratum », avec sa page, dans l'ordre du menu."""
        return tuple((p, b) for p in self.pages for b in p.boites if b.erratum)


def lien(depuis: str, vers: str, ancre: str | None = None) -> str:
    """Le lien Markdown relatif de la page `depuis` vers la page `vers` (chemins dans `docs/`).

    MkDocs le change en adresse du site et, en construction stricte, vérifie
    que la page et l'ancre existent.

    Examples:
        >>> lien("interpretations.md", "warp/jets-simples.md", "egalite")
        'warp/jets-simples.md#egalite'
        >>> lien("premiers-pas/warp.md", "warp/index.md")
        '../warp/index.md'
    """
    relatif = posixpath.relpath(vers, posixpath.dirname(depuis) or ".")
    return relatif + (f"#{ancre}" if ancre else "")


_SITES: weakref.WeakKeyDictionary[Navigation, Site] = weakref.WeakKeyDictionary()
_courant: Site | None = None


def _onglet(item: Any) -> str:
    sections = [a for a in item.ancestors if isinstance(a, Section)]
    return str(sections[-1].title) if sections else ""


def site(nav: Navigation, config: Any) -> Site:
    """Le modèle du site d'une construction : lu une fois, puis partagé par tous les crochets.

    À appeler depuis `on_nav` : il suit le menu que MkDocs a construit, et devient
    le modèle [`courant`][] de la construction.
    """
    global _courant
    if nav not in _SITES:
        slugify = config["mdx_configs"].get("toc", {}).get("slugify", slugify_toc)
        pages = []
        for page in nav.pages:
            source, _ = get_data(page.file.content_string)
            pages.append(lire_page(page.file.src_uri, source, _onglet(page), slugify))
        _SITES[nav] = Site(tuple(pages))
    _courant = _SITES[nav]
    return _courant


def courant() -> Site:
    """Le modèle de la construction en cours (lu par [`site`][] à l'événement `on_nav`)."""
    if _courant is None:
        raise ValueError("le modèle du site n'est pas encore lu : un crochet doit appeler modele.site dans on_nav")
    return _courant


def ecrire_au_repere(markdown: str, page: Any, chemin: str, repere: str, ecrire: Callable[[Site], str]) -> str:
    """Dans la page `chemin`, remplace la ligne `repere` par ce qu'écrit `ecrire` d'après le modèle courant.

    Les autres pages passent telles quelles ; il ne se passe rien en silence : une
    page sans son repère arrête la construction.
    """
    if page.file.src_uri != chemin:
        return markdown
    if repere not in markdown:
        raise ValueError(f"{chemin} doit contenir le repère {repere} (une ligne seule)")
    return markdown.replace(repere, ecrire(courant()))
