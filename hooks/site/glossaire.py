"""Le glossaire : une seule source, `includes/abreviations.md`, pour les infobulles et la page.

Le fichier définit chaque concept **une fois**, dans une syntaxe proche des
abréviations de Markdown : `*[forme|autre forme]: définition`, une entrée par
paragraphe, ses formes (pluriels, majuscules, abréviations) séparées par `|`,
et au besoin une ligne `Voir : page.md#ancre` qui impose la section des règles
à lire ([`concepts`][]). Ce crochet :

- le lit au chargement de la configuration et donne chaque forme, avec la
  définition de son concept, à l'extension `abbr` comme *glossaire* (option
  `glossary`, Markdown ≥ 3.7) : chaque forme est alors entourée d'un
  `<abbr title="définition">` sur toutes les pages (et dans les docstrings de
  la référence), dont la bulle du glossaire (`docs/javascripts/accessibilite.js`,
  une seule pour la page) montre la définition au survol, au toucher et au focus ;
- écrit, à la place du repère `<!-- glossaire -->` de `glossaire.md`, la
  page du glossaire générée depuis le même fichier ([`markdown_glossaire`][]),
  chaque entrée liée à la section des règles où lire le terme ([`renvois`][],
  qui lit le modèle commun du site, `hooks/site/modele.py`) ;
- ne garde, dans le HTML de chaque page, que la **première** occurrence d'un
  terme par section (et par bloc repliable), jamais dans un titre
  ([`premieres_occurrences`][]) : un terme n'est pas souligné vingt fois sur
  une page, et le clavier ne s'arrête pas sur chaque occurrence.

(Le même fichier pourrait être ajouté à chaque page par `pymdownx.snippets`,
`auto_append` ; mais chaque conversion, page ou docstring, le relirait alors :
environ 1,5 s de plus par construction du site.)
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ != "hooks.site.glossaire":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.site import modele

__all__ = [
    "PAGE",
    "REPERE",
    "SOURCE",
    "SYSTEMES",
    "Concept",
    "concepts",
    "definitions",
    "markdown_glossaire",
    "on_config",
    "on_nav",
    "on_page_content",
    "on_page_markdown",
    "pour_le_systeme",
    "premieres_occurrences",
    "renvois",
]

SOURCE = Path("includes") / "abreviations.md"
"""Le fichier des définitions, relatif à la racine du projet (là où est `mkdocs.yml`)."""

PAGE = "glossaire.md"
"""La page du glossaire, dans `docs/`."""

REPERE = "<!-- glossaire -->"
"""La ligne de `glossaire.md` que remplacent les entrées."""

SYSTEMES = {
    "Les deux systèmes": "Les mots de la table, communs à WaRP et au 3D6.",
    "WaRP": "Réserves de d6 : dépasser 3 × Trait.",
    "3D6": "Trois dés sous un seuil de 10 + modificateurs.",
}
"""Les sections de la page : une définition qui commence par « WaRP — » ou « 3D6 — » va
dans celle du système (si elle ne parle pas aussi de l'autre), les autres dans la première."""

_ENTREE = re.compile(r"^\*\[(?P<formes>[^\]]+)\]:[ \t]*(?P<definition>\S.*?)[ \t]*$")
_VOIR = re.compile(r"^Voir :[ \t]*(?P<cible>[\w/.-]+\.md(?:#[\w-]+)?)[ \t]*$")


def _systeme(definition: str) -> tuple[str, str]:
    for nom, autre in (("WaRP", "3D6"), ("3D6", "WaRP")):
        prefixe = f"{nom} — "
        if definition.startswith(prefixe) and f"{autre} —" not in definition:
            return nom, definition.removeprefix(prefixe)
    return "Les deux systèmes", definition


@dataclass(frozen=True)
class Concept:
    """Une entrée du glossaire : un concept, ses formes et sa définition."""

    formes: tuple[str, ...]
    """Les mots qui le nomment dans les pages ; le premier titre l'entrée."""
    definition: str
    """La définition, telle que la montre l'infobulle."""
    voir: str | None = None
    """La section des règles imposée (`page.md#ancre`, relative à `docs/`), sinon cherchée."""

    @property
    def nom(self) -> str:
        return self.formes[0]

    @property
    def systeme(self) -> str:
        """« WaRP », « 3D6 » ou « Les deux systèmes »."""
        return _systeme(self.definition)[0]


def concepts(fichier: str | Path = SOURCE) -> list[Concept]:
    """Les concepts du glossaire, dans l'ordre du fichier.

    Une forme ne peut nommer qu'un concept, et une définition n'est écrite qu'une
    fois (deux concepts de même définition n'en font qu'un, à plusieurs formes).

    Examples:
        >>> dd = next(c for c in concepts() if "Dd" in c.formes)
        >>> dd.formes, dd.systeme
        (('dé doublé', 'Dd'), '3D6')
    """
    fichier = Path(fichier)
    texte = re.sub(r"<!--.*?-->", "", fichier.read_text(encoding="utf-8"), flags=re.S)
    trouves: list[Concept] = []
    for bloc in (b.strip() for b in texte.split("\n\n")):
        if not bloc:
            continue
        premiere, *suite = bloc.splitlines()
        entree = _ENTREE.match(premiere)
        voir = _VOIR.match(suite[0]) if len(suite) == 1 else None
        if entree is None or (suite and voir is None):
            raise ValueError(
                f"{fichier} : entrée mal formée (une ligne *[forme|forme]: définition, "
                f"puis au plus une ligne « Voir : page.md#ancre ») : {bloc!r}"
            )
        formes = tuple(f.strip() for f in entree["formes"].split("|"))
        trouves.append(Concept(formes, entree["definition"], voir["cible"] if voir else None))
    if not trouves:
        raise ValueError(f"{fichier} ne contient aucune définition *[forme]: définition")
    vues: dict[str, str] = {}
    for c in trouves:
        for cle in (*c.formes, c.definition):
            if cle in vues:
                raise ValueError(f"{fichier} : « {cle} » est écrit deux fois ({vues[cle]} et {c.nom}) ; fusionnez")
            vues[cle] = c.nom
    return trouves


def pour_le_systeme(definition: str, systeme: str | None) -> str:
    """La définition telle qu'une page d'un seul système la montre : sans la partie de l'autre.

    Une définition qui parle des deux (« WaRP — … 3D6 — … ») ne garde, sur une
    page WaRP, que son début commun et sa partie WaRP ; sur une page 3D6, sa
    partie 3D6. Les autres définitions, et toutes les définitions quand
    `systeme` vaut `None` (accueil, glossaire, impression), restent entières.

    Examples:
        >>> d = "Celui qui se défend. WaRP — il l'emporte sur une égalité. 3D6 — il esquive, bloque ou contre-attaque."
        >>> print(pour_le_systeme(d, "WaRP"))
        Celui qui se défend. WaRP — il l'emporte sur une égalité.
        >>> print(pour_le_systeme(d, "3D6"))
        Celui qui se défend. 3D6 — il esquive, bloque ou contre-attaque.
        >>> pour_le_systeme(d, None) == d, pour_le_systeme("3D6 — Dé doublé.", "WaRP")
        (True, '3D6 — Dé doublé.')
    """
    if systeme is None:
        return definition
    marques = {nom: definition.find(f"{nom} — ") for nom in ("WaRP", "3D6")}
    if min(marques.values()) < 0:
        return definition
    debut, autre = marques[systeme], next(m for n, m in marques.items() if n != systeme)
    commun = definition[: min(marques.values())]
    partie = definition[debut:autre] if debut < autre else definition[debut:]
    return (commun + partie).strip()


def definitions(fichier: str | Path = SOURCE, systeme: str | None = None) -> dict[str, str]:
    """Chaque forme du glossaire et la définition de son concept (ce que montrent les infobulles).

    Avec `systeme` (« WaRP » ou « 3D6 »), les définitions des pages de ce système
    ([`pour_le_systeme`][]) : un terme propre à l'autre système n'y a pas d'infobulle
    (« modificateur » n'a pas, sur une page WaRP, le sens qu'il a au 3D6).

    Examples:
        >>> d = definitions()
        >>> print(d["Magistrale"])
        WaRP — Une réussite avec un Critique (un 6 gardé) ; dans un jet opposé, il faut garder plus de dés à 6 que l'adversaire.
        >>> d["Magistrale"] == d["Magistrales"]
        True
        >>> print(definitions(systeme="WaRP")["Critique"])
        WaRP — Un 6 parmi les dés gardés.
        >>> "Dd" in definitions(systeme="WaRP"), "Dd" in definitions(systeme="3D6")
        (False, True)
    """
    return {
        forme: pour_le_systeme(c.definition, systeme)
        for c in concepts(fichier)
        if systeme is None or c.systeme in (systeme, "Les deux systèmes")
        for forme in c.formes
    }


def _cle(texte: str) -> str:
    """Ordre alphabétique français : sans accents ni majuscules."""
    plie = unicodedata.normalize("NFD", texte)
    return "".join(c for c in plie if not unicodedata.combining(c)).casefold()


Renvoi = tuple[str, str]
"""(texte du lien, cible Markdown relative à `docs/`, par exemple `warp/jets-simples.md#egalite`)."""


def _impose(concept: Concept, pages: Sequence[modele.Page]) -> Renvoi:
    assert concept.voir is not None
    chemin, _, ancre = concept.voir.partition("#")
    page = next((p for p in pages if p.chemin == chemin), None)
    section = page.section(ancre) if page and ancre else None
    if page is None or (ancre and section is None):
        raise ValueError(f"{SOURCE} : « Voir : {concept.voir} » ({concept.nom}) ne mène à aucune section des règles")
    return (f"{page.titre} › {section.texte}" if section else page.titre), concept.voir


def renvois(pages: Sequence[modele.Page], entrees: Sequence[Concept]) -> dict[str, Renvoi]:
    """Pour chaque concept (par son nom), la section des règles où lire sa règle.

    La section imposée par `Voir :` si elle est donnée. Sinon, parcourt `pages`
    (dans l'ordre du menu) : la cible est le premier **titre** qui est l'une des
    formes du concept (sans tenir compte de la casse : « Trait par défaut » mène
    à sa section) ; à défaut, la première section dont la **règle citée** (`> `)
    emploie l'une de ses formes (casse comprise, comme les infobulles). Un
    concept de WaRP n'est cherché que dans `warp/`, un concept du 3D6 que dans
    `troisd6/`.

    Examples:
        >>> jets = modele.lire_page("warp/jets-simples.md", Path("docs/warp/jets-simples.md").read_text("utf-8"))
        >>> r = renvois([jets], [Concept(("Magistrale",), "WaRP — Une réussite.")])
        >>> r["Magistrale"]
        ('Jets simples › Critiques et Catastrophes', 'warp/jets-simples.md#critiques-et-catastrophes')
        >>> renvois([jets], [Concept(("Trait par défaut",), "WaRP — 2d.")])["Trait par défaut"][1]
        'warp/jets-simples.md#trait-par-defaut'
        >>> renvois([jets], [Concept(("dé de malus",), "WaRP — Un dé.", voir="warp/jets-simples.md#modificateurs")])
        {'dé de malus': ('Jets simples › Modificateurs', 'warp/jets-simples.md#modificateurs')}
    """
    trouves: dict[str, tuple[tuple[int, int, int], Renvoi]] = {}

    def noter(concept: Concept, cle: tuple[int, int, int], renvoi: Renvoi) -> None:
        if concept.nom not in trouves or cle < trouves[concept.nom][0]:
            trouves[concept.nom] = (cle, renvoi)

    cherches = [c for c in entrees if c.voir is None]
    motifs = {c.nom: [re.compile(rf"(?<!\w){re.escape(f)}(?!\w)") for f in c.formes] for c in cherches}
    for rang, page in enumerate(pages):
        ici = [
            c for c in cherches
            if c.systeme not in modele.SYSTEMES or page.chemin.startswith(modele.SYSTEMES[c.systeme])
        ]  # fmt: skip
        for numero, element in enumerate(page.elements):
            if isinstance(element, modele.Titre):
                titre = page.titre if element.niveau == 1 else element.texte
                renvoi = (
                    (page.titre, page.chemin)
                    if element.niveau == 1
                    else (f"{page.titre} › {element.texte}", f"{page.chemin}#{element.ancre}")
                )
                for c in ici:
                    if any(f.casefold() == titre.casefold() for f in c.formes):
                        noter(c, (0, rang, numero), renvoi)
            elif isinstance(element, modele.Citation):
                section = element.section
                cible = page.chemin + (f"#{section.ancre}" if section else "")
                texte = page.titre + (f" › {section.texte}" if section else "")
                for c in ici:
                    if any(m.search(element.texte) for m in motifs[c.nom]):
                        noter(c, (1, rang, numero), (texte, cible))
    resultat = {nom: renvoi for nom, (_, renvoi) in trouves.items()}
    resultat.update({c.nom: _impose(c, pages) for c in entrees if c.voir is not None})
    return resultat


def markdown_glossaire(entrees: Sequence[Concept], liens: dict[str, Renvoi] | None = None) -> str:
    """Le Markdown des entrées du glossaire : une section par système, un titre par concept.

    Examples:
        >>> print(markdown_glossaire([Concept(("Trait", "Traits"), "WaRP — Une aptitude."), Concept(("MJ",), "Le meneur.")]))
        ## Les deux systèmes
        <BLANKLINE>
        Les mots de la table, communs à WaRP et au 3D6.
        <BLANKLINE>
        ### MJ
        <BLANKLINE>
        Le meneur.
        <BLANKLINE>
        ## WaRP
        <BLANKLINE>
        Réserves de d6 : dépasser 3 × Trait.
        <BLANKLINE>
        ### Trait
        <BLANKLINE>
        *Aussi : Traits.*
        <BLANKLINE>
        Une aptitude.
        <BLANKLINE>
        ## 3D6
        <BLANKLINE>
        Trois dés sous un seuil de 10 + modificateurs.
    """
    lignes: list[str] = []
    for systeme, presentation in SYSTEMES.items():
        lignes += [f"## {systeme}", "", presentation, ""]
        for c in sorted((c for c in entrees if c.systeme == systeme), key=lambda c: _cle(c.nom)):
            lignes += [f"### {c.nom[0].upper() + c.nom[1:]}", ""]
            autres = [f for f in c.formes[1:] if f.casefold() != c.nom.casefold()]
            if autres:
                lignes += [f"*Aussi : {', '.join(autres)}.*", ""]
            lignes += [_systeme(c.definition)[1], ""]
            if liens and c.nom in liens:
                libelle, cible = liens[c.nom]
                lignes += [f"Dans les règles : [{libelle}]({cible}).", ""]
    return "\n".join(lignes).rstrip("\n")


def _source(config: Any) -> Path:
    return Path(config["config_file_path"]).parent / SOURCE


_PAR_SYSTEME: dict[str | None, dict[str, str]] = {}
"""Les infobulles de chaque système (et de tout le site, `None`), lues une fois par construction."""


def on_config(config: Any, **kwargs: Any) -> Any:
    """Donne le glossaire à l'extension `abbr` (qui doit être activée)."""
    if "abbr" not in config["markdown_extensions"]:
        raise ValueError("le glossaire demande l'extension Markdown « abbr » dans mkdocs.yml")
    _PAR_SYSTEME.clear()
    _PAR_SYSTEME.update({s: definitions(_source(config), s) for s in (None, *modele.SYSTEMES)})
    config["mdx_configs"].setdefault("abbr", {})["glossary"] = _PAR_SYSTEME[None]
    return config


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (une fois par construction, partagé avec les autres crochets)."""
    modele.site(nav, config)
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, **kwargs: Any) -> str:
    """Écrit les entrées du glossaire dans sa page, à la place du repère ; sur une page d'un seul
    système, les infobulles ne montrent que ce système (MkDocs crée le convertisseur Markdown de
    chaque page après cet évènement, avec la configuration de `abbr` que voici)."""
    config["mdx_configs"]["abbr"]["glossary"] = _PAR_SYSTEME[modele.systeme_de(page.file.src_uri)]

    def ecrire(site: modele.Site) -> str:
        entrees = concepts(_source(config))
        # Les liens partent de glossaire.md (à la racine de docs/) : la cible relative à docs/ convient.
        return markdown_glossaire(entrees, renvois(site.regles(), entrees))

    return modele.ecrire_au_repere(markdown, page, PAGE, REPERE, ecrire)


_BALISE = re.compile(
    r"<abbr\b[^>]*\btitle=\"(?P<definition>[^\"]*)\"[^>]*>(?P<terme>.*?)</abbr>"
    r"|<(?P<fin>/?)(?P<nom>h[1-6]|summary|label|details|div|p)\b(?P<attributs>[^>]*)>",
    re.S | re.I,
)
_REPLIABLE = re.compile(r"\bclass=\"[^\"]*\btabbed-block\b")
_TITRE_DE_BOITE = re.compile(r"\bclass=\"[^\"]*\badmonition-title\b")


def premieres_occurrences(html: str) -> str:
    """Le HTML d'une page où chaque terme n'est souligné (`<abbr>`) qu'à sa première occurrence.

    Une occurrence reste un terme si c'est la première de sa définition dans sa
    section (le texte entre deux titres) et dans son bloc repliable (détails,
    onglet : fermé, il cacherait la seule occurrence) ; jamais dans un titre
    (`<h1>`…`<h6>`, titre d'une boîte, `<summary>`, étiquette d'un onglet ou
    d'un champ, `<label>`). Les autres redeviennent du texte.

    Examples:
        >>> t = '<abbr title="Une aptitude.">Trait</abbr>'
        >>> print(premieres_occurrences(f"<h2>{t}</h2><p>{t} et {t}</p><h2>Suite</h2><p>{t}</p>"))
        <h2>Trait</h2><p><abbr title="Une aptitude.">Trait</abbr> et Trait</p><h2>Suite</h2><p><abbr title="Une aptitude.">Trait</abbr></p>
        >>> print(premieres_occurrences(f"<p>{t}</p><details><summary>{t}</summary><p>{t}</p></details><p>{t}</p>"))
        <p><abbr title="Une aptitude.">Trait</abbr></p><details><summary>Trait</summary><p><abbr title="Une aptitude.">Trait</abbr></p></details><p>Trait</p>
    """
    section = 0
    titre = 0  # profondeur des titres ouverts
    boite = False  # dans le titre d'une boîte (<p class="admonition-title">)
    blocs: list[int | None] = []  # pour chaque <div>/<details> ouvert : son numéro s'il est repliable
    numero = 0
    vues: set[tuple[int, int | None, str]] = set()

    def remplacer(m: re.Match[str]) -> str:
        nonlocal section, titre, boite, numero
        if m["definition"] is not None:
            if titre or boite:
                return m["terme"]
            bloc = next((b for b in reversed(blocs) if b is not None), None)
            cle = (section if bloc is None else -1, bloc, m["definition"])
            if cle in vues:
                return m["terme"]
            vues.add(cle)
            return m[0]
        nom, fin = m["nom"].lower(), bool(m["fin"])
        if nom[0] == "h" or nom in ("summary", "label"):
            if not fin:
                titre += 1
                section += nom[0] == "h"
            else:
                titre = max(titre - 1, 0)
        elif nom == "p":
            boite = not fin and bool(_TITRE_DE_BOITE.search(m["attributs"]))
        elif fin:
            if blocs:
                blocs.pop()
        else:
            repliable = nom == "details" or bool(_REPLIABLE.search(m["attributs"]))
            numero += repliable
            blocs.append(numero if repliable else None)
        return m[0]

    return _BALISE.sub(remplacer, html)


def on_page_content(html: str, page: Any, **kwargs: Any) -> str:
    """Une infobulle par terme et par section, aucune dans les titres ([`premieres_occurrences`][])."""
    return premieres_occurrences(html)
