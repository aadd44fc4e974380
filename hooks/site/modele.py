"""Le modèle du site : ce que les crochets savent de ses pages, lu à un seul endroit.

MkDocs donne le menu (`nav`) : l'ordre des pages et l'onglet de chacune. Ce
module y ajoute ce que dit la source Markdown de chaque page, hors des blocs de
code : son titre, ses titres de section et leurs ancres, ses boîtes
(`!!! info "Interprétation : …"`, `!!! warning "Erratum : …"`), les lignes de
la règle citée (`> …`), les noms du code qu'elle cite (autorefs,
`[seuil][rules.warp.jets.seuil]`) ou documente (`::: rules.warp.jets`) ; et,
dans ses blocs de code, ses lignes d'exemples `>>>`, ses exemples ` ```pycon `
(les cellules) et ses blocs exécutés ; et si elle a besoin du moteur Python
dans le navigateur ([`Page.moteur`][]). Les crochets du site (glossaire,
registre des interprétations, chiffres de l'accueil, version imprimable,
calculateur, cellules, carnets) lisent ce modèle, construit une fois par
construction du site ([`site`][]), au lieu de relire les pages chacun à sa façon.

La structure Markdown elle-même n'est lue qu'ici : les blocs de code clôturés
([`clotures`][] : leur langage, leur retrait, leurs exemples), les boîtes et
les onglets ([`conteneur`][] : leur en-tête et leur corps en retrait), les
liens et les liens par identifiant ([`remplacer_liens`][],
[`remplacer_autorefs`][]). Un crochet qui transforme le Markdown d'une page
(les cellules, les carnets) le relit par ces fonctions, jamais par ses propres
expressions régulières (`tests/test_modele.py` y veille).

Une boîte qui porte la classe `exemple` (`!!! info exemple "Interprétation : …"`)
montre au lecteur à quoi ressemble une boîte : elle n'est ni une interprétation
ni un erratum du site.
"""

from __future__ import annotations

import doctest
import posixpath
import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markdown.extensions.toc import slugify as slugify_toc
from markdown.extensions.toc import unique
from mkdocs.structure.nav import Navigation, Section
from mkdocs.utils.meta import get_data

__all__ = [
    "EN_TETE_MOTEUR",
    "SYSTEMES",
    "Boite",
    "Citation",
    "Cloture",
    "Conteneur",
    "Page",
    "Site",
    "Titre",
    "clotures",
    "code_pycon",
    "completer_boites",
    "conteneur",
    "courant",
    "ecrire_au_repere",
    "exemples_pycon",
    "lien",
    "lire_page",
    "page_de",
    "remplacer_autorefs",
    "remplacer_liens",
    "site",
    "systeme_de",
]

SYSTEMES = {"WaRP": "warp/", "3D6": "troisd6/"}
"""Chaque système de règles et le dossier de `docs/` où sont ses pages de règles."""


def systeme_de(chemin: str) -> str | None:
    """« WaRP », « 3D6 » ou `None` : le système dont traite une page, d'après son chemin dans `docs/`.

    Les pages de règles sont dans le dossier du système ; ses premiers pas, son
    aide-mémoire et sa référence portent son nom (`premiers-pas/warp.md`,
    `reference/troisd6-jets.md`).

    Examples:
        >>> systeme_de("warp/jets-simples.md"), systeme_de("aide-memoire/troisd6.md")
        ('WaRP', '3D6')
        >>> systeme_de("reference/warp-jets.md"), systeme_de("imprimer.md"), systeme_de("index.md")
        ('WaRP', None, None)
    """
    for morceau in chemin.removesuffix(".md").split("/"):
        for nom, dossier in SYSTEMES.items():
            if morceau.startswith(dossier.rstrip("/")):
                return nom
    return None


EN_TETE_MOTEUR = "cellules"
"""La clé d'en-tête (front matter) par laquelle une page sans exemple demande le moteur Python.

`cellules: true` en tête de `calculateur.md` : ses formulaires calculent avec le
runtime des cellules, qu'elle ait ou non un exemple ` ```pycon `.
"""

_TITRE = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{[^}]*#([\w-]+)[^}]*\})?\s*$")
_BOITE = re.compile(
    r'^(?P<retrait>[ \t]*)(?:!!!|\?\?\?\+?)[ \t]+(?P<genre>[\w-]+)(?P<classes>(?:[ \t]+[\w-]+)*)[ \t]*(?:"(?P<titre>.*)")?[ \t]*$'
)
_ONGLET = re.compile(r'^(?P<retrait>[ \t]*)===\+?[ \t]+"(?P<titre>[^"]*)"[ \t]*$')
_CLOTURE = re.compile(r"^(?P<retrait>[ \t]*)(?P<barrieres>`{3,}|~{3,})(?P<info>[^\n`]*)$")
_EXECUTE = re.compile(r'\bexec="(?:on|1|true)"')
_LIEN = re.compile(r"(?P<avant>\]\()(?P<cible>[^)\s]+)\)")
_AUTOREF = re.compile(r"\]\[(?P<identifiant>\w+(?:\.\w+)+)\]")
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


# ---------------------------------------------------------------- la structure Markdown


def exemples_pycon(texte: str) -> list[doctest.Example]:
    """Les exemples d'un texte de console Python (`>>>`, `...`, sorties), lus comme les lit doctest.

    Examples:
        >>> [(e.source, e.want) for e in exemples_pycon(">>> 1 + 1\\n2\\n>>> x = 3\\n")]
        [('1 + 1\\n', '2\\n'), ('x = 3\\n', '')]
    """
    return doctest.DocTestParser().get_examples(texte)


def code_pycon(texte: str) -> str:
    """Le code d'un texte de console Python, sans les invites ni les sorties : ce que le lecteur modifie.

    Examples:
        >>> code_pycon(">>> for i in (1, 2):\\n...     print(i)\\n1\\n2\\n>>> i")
        'for i in (1, 2):\\n    print(i)\\ni'
    """
    return "".join(e.source for e in exemples_pycon(texte)).rstrip("\n")


@dataclass(frozen=True)
class Cloture:
    """Un bloc de code clôturé (` ``` ` ou `~~~`), de sa ligne d'ouverture à sa ligne de fermeture."""

    debut: int
    """Indice de la ligne d'ouverture."""
    fin: int
    """Indice de la ligne de fermeture (le nombre de lignes si le bloc n'est pas fermé)."""
    retrait: str
    """Ce qui précède les barrières sur la ligne d'ouverture (dans une boîte, une liste : des espaces)."""
    barrieres: str
    """Les barrières d'ouverture (` ``` `, ` ```` `, `~~~`…)."""
    info: str
    """Ce qui suit les barrières d'ouverture (`pycon`, `python exec="on"`), sans les blancs autour."""
    texte: str
    """Le contenu du bloc, retrait ôté, sans les lignes de clôture."""

    @property
    def langage(self) -> str:
        """Le langage du bloc : le premier mot de son info (`python`), ou "" pour un bloc sans info."""
        return self.info.split(maxsplit=1)[0] if self.info else ""

    @property
    def pycon(self) -> bool:
        """Vrai pour un exemple de console Python (` ```pycon `) : une cellule du site."""
        return self.info == "pycon"

    @property
    def execute(self) -> bool:
        """Vrai pour un bloc Python exécuté à la construction (markdown-exec, ` ```python exec="on" `)."""
        return self.info.startswith("python") and _EXECUTE.search(self.info) is not None

    def exemples(self) -> list[doctest.Example]:
        """Les exemples du bloc, lus comme les lit doctest ([`exemples_pycon`][])."""
        return exemples_pycon(self.texte)

    def source(self) -> str:
        """Le code du bloc sans les invites ni les sorties ([`code_pycon`][])."""
        return code_pycon(self.texte)

    def ouverture(self, info: str) -> str:
        """La ligne d'ouverture du bloc, avec `info` à la place de son info (même retrait, mêmes barrières)."""
        return f"{self.retrait}{self.barrieres}{info}"


def _lignes(markdown: str | Sequence[str]) -> Sequence[str]:
    return markdown.split("\n") if isinstance(markdown, str) else markdown


def clotures(markdown: str | Sequence[str]) -> list[Cloture]:
    """Les blocs de code clôturés d'une page (texte, ou ses lignes), dans l'ordre, à tout niveau de retrait.

    Un bloc se ferme par des barrières de même sorte, au moins aussi longues, sans
    info ; ce qu'il contient n'est pas lu comme du Markdown (ni titre, ni boîte,
    ni autre bloc). Les indices sont ceux des lignes du texte coupé en `"\\n"`.

    Examples:
        >>> texte = 'Texte\\n\\n```pycon\\n>>> 1 + 1\\n2\\n\\n```\\n\\n!!! note\\n    ````python exec="on"\\n    ```\\n    ````\\n'
        >>> for c in clotures(texte):
        ...     print(c.debut, c.fin, repr(c.retrait), c.langage, c.pycon, c.execute, repr(c.texte))
        2 6 '' pycon True False '>>> 1 + 1\\n2\\n'
        9 11 '    ' python False True '```'
        >>> clotures("```\\nsans fin")[0].fin
        2
    """
    lignes = _lignes(markdown)
    blocs = []
    i = 0
    while i < len(lignes):
        ouverture = _CLOTURE.match(lignes[i])
        if not ouverture:
            i += 1
            continue
        barrieres, retrait = ouverture["barrieres"], ouverture["retrait"]
        j = i + 1
        while j < len(lignes):
            fermeture = _CLOTURE.match(lignes[j])
            if fermeture and fermeture["barrieres"].startswith(barrieres) and not fermeture["info"].strip():
                break
            j += 1
        contenu = "\n".join(ligne.removeprefix(retrait) for ligne in lignes[i + 1 : j])
        blocs.append(Cloture(i, j, retrait, barrieres, ouverture["info"].strip(), contenu))
        i = j + 1
    return blocs


@dataclass(frozen=True)
class Conteneur:
    """Un bloc qu'ouvre une ligne d'en-tête et que continue un corps en retrait de quatre espaces.

    Une boîte (`!!! genre classes "titre"`, repliable avec `???`) ou un onglet
    (`=== "titre"`).
    """

    sorte: str
    """`"boite"` ou `"onglet"`."""
    genre: str
    """Le genre de la boîte (`info`, `warning`, `example`…) ; "" pour un onglet."""
    classes: tuple[str, ...]
    """Les classes qui suivent le genre (`exemple`)."""
    titre: str
    """Le titre entre guillemets ("" s'il n'y en a pas)."""
    retrait: int
    """Le retrait de la ligne d'en-tête."""
    debut: int
    """Indice de la ligne d'en-tête."""
    fin: int
    """Indice de la ligne qui suit le corps (sa dernière ligne non vide)."""
    corps: str
    """Le corps, retrait du conteneur ôté."""


def _entete(ligne: str) -> tuple[str, re.Match[str]] | None:
    if m := _BOITE.match(ligne):
        return "boite", m
    if m := _ONGLET.match(ligne):
        return "onglet", m
    return None


def _retrait(ligne: str) -> int:
    return len(ligne) - len(ligne.lstrip(" "))


def conteneur(lignes: Sequence[str], i: int) -> Conteneur | None:
    """Le conteneur (boîte ou onglet) dont l'en-tête est la ligne `i`, ou `None` si elle n'en ouvre pas.

    Son corps va jusqu'à sa dernière ligne non vide en retrait d'au moins quatre
    espaces de plus que l'en-tête.

    Examples:
        >>> lignes = ['!!! info exemple "Interprétation : x"', "    Lecture.", "", "    Suite.", "", "Après."]
        >>> b = conteneur(lignes, 0)
        >>> b.sorte, b.genre, b.classes, b.titre, b.fin, b.corps
        ('boite', 'info', ('exemple',), 'Interprétation : x', 4, 'Lecture.\\n\\nSuite.')
        >>> o = conteneur(['=== "WaRP"', "    Texte."], 0)
        >>> o.sorte, o.titre, o.corps
        ('onglet', 'WaRP', 'Texte.')
        >>> conteneur(lignes, 5) is None
        True
    """
    lu = _entete(lignes[i])
    if lu is None:
        return None
    sorte, m = lu
    retrait = len(m["retrait"])
    fin = j = i + 1
    while j < len(lignes):
        if lignes[j].strip():
            if _retrait(lignes[j]) < retrait + 4:
                break
            fin = j + 1
        j += 1
    corps = "\n".join(x[retrait + 4 :] for x in lignes[i + 1 : fin])
    if sorte == "boite":
        return Conteneur(sorte, m["genre"], tuple(m["classes"].split()), m["titre"] or "", retrait, i, fin, corps)
    return Conteneur(sorte, "", (), m["titre"], retrait, i, fin, corps)


def completer_boites(markdown: str, ajout: Callable[[Boite], str | None]) -> str:
    """Le texte où chaque boîte (hors des blocs de code) finit par le paragraphe que rend `ajout` pour elle.

    `ajout` reçoit la boîte telle que la lit [`lire_page`][] (sa section comprise) ; `None` la laisse telle
    quelle. Le paragraphe est écrit au retrait du corps de la boîte, après sa dernière ligne.

    Examples:
        >>> texte = '## Égalité\\n\\n!!! info "Interprétation : x"\\n    Lecture.\\n\\nAprès.\\n```\\n!!! note\\n```'
        >>> print(completer_boites(texte, lambda b: f"Ajout ({b.sujet}, {b.section.ancre})." if b.sujet else None))
        ## Égalité
        <BLANKLINE>
        !!! info "Interprétation : x"
            Lecture.
        <BLANKLINE>
            Ajout (x, egalite).
        <BLANKLINE>
        Après.
        ```
        !!! note
        ```
    """
    lignes = markdown.split("\n")
    boites = iter(lire_page("", markdown).boites)
    dans_un_bloc = {i for c in clotures(lignes) for i in range(c.debut, c.fin + 1)}
    ajouts: list[tuple[int, list[str]]] = []
    for i in range(len(lignes)):
        if i in dans_un_bloc or _TITRE.match(lignes[i]):
            continue
        if (c := conteneur(lignes, i)) and c.sorte == "boite" and (texte := ajout(next(boites))) is not None:
            ajouts.append((max(c.fin, i + 1), ["", *(" " * (c.retrait + 4) + x for x in texte.split("\n"))]))
    for fin, ecrites in reversed(ajouts):
        lignes[fin:fin] = ecrites
    return "\n".join(lignes)


def remplacer_liens(texte: str, adresse: Callable[[str], str]) -> str:
    """Le texte dont chaque lien `[texte](cible)` mène à `adresse(cible)`.

    Examples:
        >>> remplacer_liens("Voir [jets](jets.md#egalite).", lambda c: "https://x.fr/" + c)
        'Voir [jets](https://x.fr/jets.md#egalite).'
    """
    return _LIEN.sub(lambda m: m["avant"] + adresse(m["cible"]) + ")", texte)


def remplacer_autorefs(texte: str, adresse: Callable[[str], str]) -> str:
    """Le texte dont chaque lien par identifiant (`[seuil][rules.warp.jets.seuil]`) devient un lien vers `adresse(id)`.

    Examples:
        >>> remplacer_autorefs("Le [seuil][rules.warp.jets.seuil].", lambda i: "#" + i)
        'Le [seuil](#rules.warp.jets.seuil).'
    """
    return _AUTOREF.sub(lambda m: f"]({adresse(m['identifiant'])})", texte)


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
    cellules: int = 0
    """Ses exemples ` ```pycon ` : chacun devient une cellule qui s'exécute chez le lecteur."""
    moteur_demande: bool = False
    """Son en-tête demande le moteur Python ([`EN_TETE_MOTEUR`][] : `cellules: true`)."""

    @property
    def moteur(self) -> bool:
        """Vrai si la page a besoin du moteur Python dans le navigateur.

        Elle en a besoin si elle a des cellules, ou si son en-tête le demande (la
        page du calculateur, dont les formulaires calculent avec ce moteur).
        """
        return self.cellules > 0 or self.moteur_demande

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
    """Lit la source Markdown d'une page, avec son éventuel en-tête (front matter), comme MkDocs le lit.

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
        >>> p.citations[0].texte, p.exemples, p.cellules, p.moteur
        ("L'égalité est un échec.", 1, 1, True)
        >>> lire_page("a.md", "Le code : [jet][rules.warp.jets.jet].\\n\\n::: rules.warp.jets").cites
        ('rules.warp.jets.jet',)

        Une page sans exemple demande le moteur Python par son en-tête :

        >>> lire_page("calculateur.md", "# Calculateur\\n").moteur
        False
        >>> lire_page("calculateur.md", "---\\ncellules: true\\n---\\n# Calculateur\\n").moteur
        True
        >>> lire_page("a.md", "---\\ncellules: oui\\n---\\n")
        Traceback (most recent call last):
        ...
        ValueError: a.md : l'en-tête « cellules » vaut true ou false, pas 'oui'
    """
    source, meta = get_data(texte)
    demande = meta.get(EN_TETE_MOTEUR, False)
    if not isinstance(demande, bool):
        raise ValueError(f"{chemin} : l'en-tête « {EN_TETE_MOTEUR} » vaut true ou false, pas {demande!r}")
    lignes = source.split("\n")
    blocs = clotures(lignes)
    dans_un_bloc = {i for c in blocs for i in range(c.debut, c.fin + 1)}
    elements: list[Element] = []
    ancres: set[str] = set()
    titre_page: str | None = None
    section: Titre | None = None
    cites: list[str] = []
    documentes: list[str] = []
    for i, ligne in enumerate(lignes):
        if i in dans_un_bloc:
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
        elif (boite := conteneur(lignes, i)) and boite.sorte == "boite":
            elements.append(Boite(boite.genre, boite.classes, boite.titre, section))
        elif ligne.startswith(">"):
            elements.append(Citation(ligne.removeprefix(">").strip(), section))
    return Page(
        chemin,
        titre_page or chemin,
        onglet,
        tuple(elements),
        exemples=sum(ligne.lstrip().startswith(">>> ") for c in blocs for ligne in c.texte.split("\n")),
        executes=sum(c.execute for c in blocs),
        cites=tuple(cites),
        documentes=tuple(documentes),
        cellules=sum(c.pycon for c in blocs),
        moteur_demande=demande,
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

    @property
    def references(self) -> dict[str, str]:
        """Chaque identifiant documenté (`::: rules.warp.jets`) et la page qui le documente.

        Examples:
            >>> Site((lire_page("reference/des.md", "# Dés\\n\\n::: rules.des"),)).references
            {'rules.des': 'reference/des.md'}
        """
        return {ident: p.chemin for p in self.pages for ident in p.documentes}


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
            pages.append(lire_page(page.file.src_uri, page.file.content_string, _onglet(page), slugify))
        _SITES[nav] = Site(tuple(pages))
    _courant = _SITES[nav]
    return _courant


def page_de(page: Any) -> Page:
    """La page du modèle courant qui correspond à une page de MkDocs (`page.file.src_uri`).

    Une page hors du menu n'est pas dans le modèle du site : elle est lue à part,
    de la même façon.
    """
    chemin = page.file.src_uri
    for p in courant().pages:
        if p.chemin == chemin:
            return p
    return lire_page(chemin, page.file.content_string)


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
