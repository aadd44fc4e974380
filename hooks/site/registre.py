"""Le registre des interprétations : toutes les boîtes « Interprétation » du site, sur une page.

Ce crochet écrit, à la place du repère `<!-- registre -->` de
`interpretations.md`, la liste de chaque `!!! info "Interprétation : …"` des
pages, dans l'ordre du menu et regroupées par onglet (WaRP, 3D6…), chacune avec
un lien vers la section qui la porte ([`markdown_registre`][]). Les liens sont
des liens Markdown entre pages : la construction stricte vérifie que chaque page
et chaque ancre existent. Il lit le modèle commun du site (`hooks/site/modele.py`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if __name__ != "hooks.site.registre":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.site import modele

__all__ = ["PAGE", "REPERE", "markdown_registre", "on_nav", "on_page_markdown"]

PAGE = "interpretations.md"
"""La page du registre, dans `docs/`."""

REPERE = "<!-- registre -->"
"""La ligne de `interpretations.md` que remplace le registre."""


def markdown_registre(site: modele.Site, depuis: str = PAGE) -> str:
    """Le registre en Markdown : un titre par onglet, un par page, un lien par boîte.

    Examples:
        >>> page = modele.lire_page("warp/jets.md", '# Jets\\n## Égalité\\n!!! info "Interprétation : égalité"', "WaRP")
        >>> print(markdown_registre(modele.Site((page,))))
        <BLANKLINE>
        ## WaRP
        <BLANKLINE>
        <BLANKLINE>
        ### [Jets](warp/jets.md)
        <BLANKLINE>
        - [égalité](warp/jets.md#egalite) — section « Égalité »
    """
    lignes: list[str] = []
    onglet_courant: str | None = None
    for page in site.pages:
        boites = [b for b in page.boites if b.interpretation]
        if not boites:
            continue
        onglet = page.onglet or "Autres pages"
        if onglet != onglet_courant:
            lignes.append(f"\n## {onglet}\n")
            onglet_courant = onglet
        lignes.append(f"\n### [{page.titre}]({modele.lien(depuis, page.chemin)})\n")
        for b in boites:
            sujet = b.sujet or "(sans titre)"
            if b.section is None:
                lignes.append(f"- [{sujet}]({modele.lien(depuis, page.chemin)})")
            else:
                cible = modele.lien(depuis, page.chemin, b.section.ancre)
                lignes.append(f"- [{sujet}]({cible}) — section « {b.section.texte} »")
    return "\n".join(lignes)


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (une fois par construction, partagé avec les autres crochets)."""
    modele.site(nav, config)
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """Écrit le registre dans sa page, à la place du repère."""
    return modele.ecrire_au_repere(markdown, page, PAGE, REPERE, markdown_registre)
