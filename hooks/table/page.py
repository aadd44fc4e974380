"""La page « À la table » : sa place dans la page, ce qu'elle sait d'avance, et le schéma de ses fiches.

Ce crochet :

- remplace le repère `<!-- à la table -->` de `a-la-table.md` par la boîte de
  l'application (`#table-appli`, que remplit `docs/javascripts/table.js`) et,
  dans un `<script type="application/json">`, ce que la page sait d'avance
  ([`rules.table.declaration`][rules.table.declaration] : les formulaires des
  fiches, les choix d'un jet) : la page dessine ses fiches avant que Python
  soit chargé, sans rien vérifier elle-même ;
- publie le schéma JSON des fiches, `schemas/fiche.schema.json`
  ([`rules.table.schema`][rules.table.schema], tiré de la même déclaration
  que la lecture d'un fichier) : un fichier que la construction vérifie comme
  une page (un lien vers lui est validé) ;
- n'ajoute le style et le script de la page qu'à elle.

La page a besoin du moteur Python des cellules (en-tête `cellules: true`) :
chaque geste y est une requête à `rules.table`, dans le worker de Pyodide
(`hooks/table/session.py`).
"""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path
from typing import Any

if __name__ != "hooks.table.page":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.site import modele

__all__ = ["PAGE", "REPERE", "SCHEMA", "appli_html", "on_files", "on_nav", "on_page_content", "on_page_markdown"]

PAGE = "a-la-table.md"
"""La page, dans `docs/`."""

REPERE = "<!-- à la table -->"
"""La ligne de la page que remplace la boîte de l'application."""

SCHEMA = "schemas/fiche.schema.json"
"""Le schéma JSON des fiches, publié avec le site."""


def appli_html(schema: str) -> str:
    """La boîte de l'application et ce que la page sait d'avance (sur une ligne : un bloc HTML brut pour Markdown).

    Examples:
        >>> morceau = appli_html("schemas/fiche.schema.json")
        >>> morceau.startswith('<div id="table-appli"'), 'data-schema="schemas/fiche.schema.json"' in morceau
        (True, True)
    """
    from rules.table import declaration

    # Dans un <script>, « </ » fermerait la balise : le JSON l'écrit « <\/ ».
    donnees = json.dumps(declaration(), ensure_ascii=False).replace("</", "<\\/")
    return (
        f'<div id="table-appli" class="table-appli" data-schema="{html.escape(schema)}">'
        '<p class="table-attente">Chargement des fiches gardées sur cet appareil…</p></div>'
        f'<script type="application/json" id="table-declaration">{donnees}</script>'
    )


def on_files(files: Any, config: Any, **kwargs: Any) -> Any:
    """Ajoute au site le schéma JSON des fiches (un fichier généré, que la construction connaît)."""
    from mkdocs.structure.files import File

    from rules.table import schema

    texte = json.dumps(schema(), ensure_ascii=False, indent=2) + "\n"
    files.append(File.generated(config, SCHEMA, content=texte))
    return files


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (une fois par construction, partagé avec les autres crochets)."""
    modele.site(nav, config)
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """Écrit la boîte de l'application à la place du repère ; la page doit demander le moteur Python."""
    if page.file.src_uri == PAGE and not modele.page_de(page).moteur:
        raise ValueError(f"{PAGE} doit demander le moteur Python par son en-tête ({modele.EN_TETE_MOTEUR}: true)")
    if page.file.src_uri != PAGE:
        return markdown
    from mkdocs.utils import get_relative_url

    schema = get_relative_url(SCHEMA, page.url)
    return modele.ecrire_au_repere(markdown, page, PAGE, REPERE, lambda site: appli_html(schema))


def on_page_content(html_page: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """Le style et le script de la page, sur elle seule ; le script emprunte le worker Python de `cellules.js`."""
    if page.file.src_uri != PAGE:
        return html_page
    from mkdocs.utils import get_relative_url

    style = html.escape(get_relative_url("stylesheets/table.css", page.url))
    script = html.escape(get_relative_url("javascripts/table.js", page.url))
    return f'<link rel="stylesheet" href="{style}">\n{html_page}\n<script src="{script}" defer></script>\n'
