"""Le site en chiffres, sur l'accueil : exemples exécutés, interprétations, errata.

Ce crochet écrit, à la place du repère `<!-- chiffres du site -->` de
`index.md`, combien les pages du menu portent de lignes d'exemples `>>>`, de
boîtes « Interprétation » et de boîtes « Erratum », comptées dans le modèle
commun du site (`hooks/site/modele.py`) à chaque construction ([`markdown_chiffres`][]).
Les boîtes de démonstration (classe `exemple`) ne comptent pas ; les liens sont
vérifiés par la construction stricte.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if __name__ != "hooks.site.chiffres":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.site import modele

__all__ = ["PAGE", "REPERE", "chiffres", "markdown_chiffres", "on_nav", "on_page_markdown"]

PAGE = "index.md"
"""La page qui montre les chiffres, dans `docs/`."""

REPERE = "<!-- chiffres du site -->"
"""La ligne de `index.md` que remplacent les chiffres."""


def chiffres(site: modele.Site) -> dict[str, int]:
    """Les lignes d'exemples `>>>`, les boîtes « Interprétation » et « Erratum » de toutes les pages.

    Examples:
        >>> demo = modele.lire_page("index.md", '!!! info exemple "Interprétation : exemple de boîte"')
        >>> page = modele.lire_page("a.md", '!!! warning "Erratum : x"\\n```pycon\\n>>> 1\\n1\\n```')
        >>> chiffres(modele.Site((demo, page)))
        {'exemples': 1, 'interpretations': 0, 'errata': 1}
    """
    return {
        "exemples": sum(p.exemples for p in site.pages),
        "interpretations": len(site.interpretations),
        "errata": len(site.errata),
    }


def markdown_chiffres(site: modele.Site, depuis: str = PAGE) -> str:
    """Les chiffres du site, en liste Markdown."""
    c = chiffres(site)
    registre = modele.lien(depuis, "interpretations.md")
    exemples = modele.lien(depuis, "exemples-verifies.md")
    return (
        f"- **{c['exemples']}** lignes d'exemples `>>>` exécutées et comparées mot pour mot ;\n"
        f"- **{c['interpretations']}** points où le texte permet deux lectures, chacun tranché dans une "
        f"boîte « Interprétation » (voir le [registre]({registre})) ;\n"
        f"- **{c['errata']}** boîtes « Erratum » où un exemple du texte contredit ses propres règles "
        f"(voir les [exemples vérifiés]({exemples}))."
    )


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (une fois par construction, partagé avec les autres crochets)."""
    modele.site(nav, config)
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """Écrit les chiffres dans sa page, à la place du repère."""
    return modele.ecrire_au_repere(markdown, page, PAGE, REPERE, markdown_chiffres)
