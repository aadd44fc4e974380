"""Le glossaire : une seule source, `includes/abreviations.md`, pour les infobulles et la page.

Le fichier est écrit dans la syntaxe des abréviations de Markdown
(`*[Terme]: définition`, une entrée par paragraphe). Ce crochet :

- le lit au chargement de la configuration et le donne à l'extension `abbr`
  comme *glossaire* (option `glossary`, Markdown ≥ 3.7) : chaque terme est
  alors entouré d'un `<abbr title="définition">` sur toutes les pages (et dans
  les docstrings de la référence), dont la fonction `content.tooltips` de
  Material fait une infobulle au survol ;
- écrit, à la place du repère `<!-- glossaire -->` de `glossaire.md`, la
  page du glossaire générée depuis le même fichier ([`markdown_glossaire`][]).

(Le même fichier pourrait être ajouté à chaque page par `pymdownx.snippets`,
`auto_append` ; mais chaque conversion, page ou docstring, relirait alors ses
140 paragraphes : environ 1,5 s de plus par construction du site.)
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __name__ != "hooks.glossaire":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hooks import modele

__all__ = [
    "PAGE",
    "REPERE",
    "SOURCE",
    "SYSTEMES",
    "definitions",
    "markdown_glossaire",
    "on_config",
    "on_nav",
    "on_page_markdown",
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

_ENTREE = re.compile(r"^\*\[(?P<terme>[^\]]+)\]:[ \t]*(?P<definition>\S.*?)[ \t]*$", re.M)


def definitions(fichier: str | Path = SOURCE) -> dict[str, str]:
    """Les termes du glossaire et leur définition, dans l'ordre du fichier.

    Examples:
        >>> d = definitions()
        >>> print(d["Magistrale"])
        WaRP — Une réussite avec un Critique (un 6 gardé) ; dans un jet opposé, il faut garder plus de 6 que l'adversaire.
        >>> d["Magistrale"] == d["Magistrales"]
        True
    """
    texte = Path(fichier).read_text(encoding="utf-8")
    trouvees = {m["terme"]: m["definition"] for m in _ENTREE.finditer(texte)}
    if not trouvees:
        raise ValueError(f"{fichier} ne contient aucune définition *[Terme]: définition")
    return trouvees


def _cle(texte: str) -> str:
    """Ordre alphabétique français : sans accents ni majuscules."""
    plie = unicodedata.normalize("NFD", texte)
    return "".join(c for c in plie if not unicodedata.combining(c)).casefold()


def _systeme(definition: str) -> tuple[str, str]:
    for nom, autre in (("WaRP", "3D6"), ("3D6", "WaRP")):
        prefixe = f"{nom} — "
        if definition.startswith(prefixe) and f"{autre} —" not in definition:
            return nom, definition.removeprefix(prefixe)
    return "Les deux systèmes", definition


Renvoi = tuple[str, str]
"""(texte du lien, cible Markdown relative à `docs/`, par exemple `warp/jets-simples.md#egalite`)."""


def renvois(pages: Sequence[modele.Page], entrees: dict[str, str]) -> dict[str, Renvoi]:
    """Pour chaque définition, la section des règles où lire la règle du terme.

    Parcourt `pages` (dans l'ordre du menu). La cible est le premier **titre**
    qui est l'une des formes du terme (sans tenir compte de la casse : « Trait
    par défaut » mène à sa section) ; à défaut, la première section dont la
    **règle citée** (`> `) emploie le terme (casse comprise, comme les
    infobulles). Un terme de WaRP n'est cherché que dans `warp/`, un terme du
    3D6 que dans `troisd6/`.

    Examples:
        >>> jets = modele.lire_page("warp/jets-simples.md", Path("docs/warp/jets-simples.md").read_text("utf-8"))
        >>> r = renvois([jets], {"Magistrale": "WaRP — Une réussite."})
        >>> r["WaRP — Une réussite."]
        ('Jets simples › Critiques et Catastrophes', 'warp/jets-simples.md#critiques-et-catastrophes')
        >>> renvois([jets], {"Trait par défaut": "WaRP — 2d."})["WaRP — 2d."][1]
        'warp/jets-simples.md#trait-par-defaut'
    """
    trouves: dict[str, tuple[tuple[int, int, int], Renvoi]] = {}

    def noter(definition: str, cle: tuple[int, int, int], renvoi: Renvoi) -> None:
        if definition not in trouves or cle < trouves[definition][0]:
            trouves[definition] = (cle, renvoi)

    motifs = {t: re.compile(rf"(?<!\w){re.escape(t)}(?!\w)") for t in entrees}
    for rang, page in enumerate(pages):
        termes = [
            (t, d) for t, d in entrees.items()
            if _systeme(d)[0] not in modele.SYSTEMES or page.chemin.startswith(modele.SYSTEMES[_systeme(d)[0]])
        ]  # fmt: skip
        for numero, element in enumerate(page.elements):
            if isinstance(element, modele.Titre) and element.niveau == 1:
                for terme, definition in termes:
                    if terme.casefold() == page.titre.casefold():
                        noter(definition, (0, rang, numero), (page.titre, page.chemin))
            elif isinstance(element, modele.Titre):
                for terme, definition in termes:
                    if terme.casefold() == element.texte.casefold():
                        renvoi = (f"{page.titre} › {element.texte}", f"{page.chemin}#{element.ancre}")
                        noter(definition, (0, rang, numero), renvoi)
            elif isinstance(element, modele.Citation):
                section = element.section
                cible = page.chemin + (f"#{section.ancre}" if section else "")
                texte = page.titre + (f" › {section.texte}" if section else "")
                for terme, definition in termes:
                    if motifs[terme].search(element.texte):
                        noter(definition, (1, rang, numero), (texte, cible))
    return {definition: renvoi for definition, (_, renvoi) in trouves.items()}


def markdown_glossaire(entrees: dict[str, str], liens: dict[str, Renvoi] | None = None) -> str:
    """Le Markdown des entrées du glossaire : une section par système, un titre par concept.

    Les formes d'un même concept (pluriel, majuscule) partagent leur définition mot
    pour mot : elles forment une seule entrée, titrée par la première du fichier.

    Examples:
        >>> print(markdown_glossaire({"Trait": "WaRP — Une aptitude.", "Traits": "WaRP — Une aptitude.", "MJ": "Le meneur."}))
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
    concepts: dict[str, list[str]] = {}
    for terme, definition in entrees.items():
        concepts.setdefault(definition, []).append(terme)
    classees: dict[str, list[tuple[list[str], str]]] = {nom: [] for nom in SYSTEMES}
    for definition, formes in concepts.items():
        nom, texte = _systeme(definition)
        classees[nom].append((formes, texte))
    lignes: list[str] = []
    for nom, presentation in SYSTEMES.items():
        lignes += [f"## {nom}", "", presentation, ""]
        for formes, texte in sorted(classees[nom], key=lambda e: _cle(e[0][0])):
            principal = formes[0]
            lignes += [f"### {principal[0].upper() + principal[1:]}", ""]
            autres = [f for f in formes[1:] if f.casefold() != principal.casefold()]
            if autres:
                lignes += [f"*Aussi : {', '.join(autres)}.*", ""]
            lignes += [texte, ""]
            if liens and entrees[principal] in liens:
                libelle, cible = liens[entrees[principal]]
                lignes += [f"Dans les règles : [{libelle}]({cible}).", ""]
    return "\n".join(lignes).rstrip("\n")


def on_config(config: Any, **kwargs: Any) -> Any:
    """Donne le glossaire à l'extension `abbr` (qui doit être activée)."""
    if "abbr" not in config["markdown_extensions"]:
        raise ValueError("le glossaire demande l'extension Markdown « abbr » dans mkdocs.yml")
    racine = Path(config["config_file_path"]).parent
    config["mdx_configs"].setdefault("abbr", {})["glossary"] = definitions(racine / SOURCE)
    return config


_site: modele.Site | None = None


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (partagé avec les autres crochets)."""
    global _site
    _site = modele.site(nav, config)
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, **kwargs: Any) -> str:
    """Écrit les entrées du glossaire dans sa page, à la place du repère."""
    if page.file.src_uri != PAGE:
        return markdown
    if REPERE not in markdown:
        raise ValueError(f"{PAGE} doit contenir le repère {REPERE} (une ligne seule)")
    if _site is None:
        raise ValueError("le glossaire a besoin du menu du site : on_nav n'a pas été appelé")
    entrees = config["mdx_configs"]["abbr"]["glossary"]
    liens = renvois(_site.regles(), entrees)
    # Les liens partent de glossaire.md (à la racine de docs/) : la cible relative à docs/ convient.
    return markdown.replace(REPERE, markdown_glossaire(entrees, liens))
