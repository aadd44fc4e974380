"""La version imprimable : toutes les pages de règles réunies dans `imprimer.md`.

MkDocs convertit d'abord *toutes* les pages en HTML, puis les habille une à
une de leur gabarit. Quand vient le tour de la page `imprimer.md`, ce crochet
(`on_page_context`, après la recherche qui a déjà indexé la page courte) met à
la place du repère `<div id="regles-completes"></div>` un sommaire puis le
contenu de chaque page de règles, dans l'ordre du menu, et en fait une seule
page :

- chaque page devient une `<section>` dont l'`id` est sa clé (`warp-jets-simples`) ;
- ses `id` (titres, onglets) sont préfixés par cette clé : deux pages peuvent
  avoir une section « Mécanisme de base » sans collision ;
- un lien vers une page réunie devient un lien interne (`#warp-jets-opposes--egalite`) ;
  un lien vers une autre page (la référence du code) est recalculé depuis
  l'adresse de la page imprimable.

Une page imprimée n'exécute rien : son gabarit (`overrides/imprimer.html`) ne charge ni le script de
Material, ni celui des cellules, ni la recherche ; chaque page réunie y perd le repère du moteur
Python (`#cellules-config`), le marquage de ses cellules et ses liens vers son
carnet Jupyter ([`pour_l_imprime`][]) ; la page n'a donc ni boutons de cellules
ni runtime à préparer, ni bouton « copier » sur ses blocs de code (`no-copy`).

Rien n'est recopié à la main : une page de règles ajoutée au menu sous
`warp/` ou `troisd6/` rejoint d'elle-même la version imprimable.
"""

from __future__ import annotations

import html
import posixpath
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

if __name__ != "hooks.site.imprimer":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.cellules.cellules import BARRE, BOITE
from hooks.site import modele

__all__ = ["AUSSI", "DOSSIERS", "PAGE", "REPERE", "incluse", "on_page_context", "pour_l_imprime"]

PAGE = "imprimer.md"
"""La page qui reçoit les règles complètes."""

REPERE = '<div id="regles-completes"></div>'
"""L'endroit de `imprimer.md` où vont les règles (une ligne HTML brute)."""

DOSSIERS = tuple(modele.SYSTEMES.values())
"""Les pages de règles, par dossier de `docs/` (ceux des systèmes du modèle du site)."""

AUSSI = ("glossaire.md", "interpretations.md")
"""Les pages utiles à la table, imprimées après les règles."""

_ATTRIBUT = re.compile(r'\b(id|for)="([^"]*)"')
_ONGLETS = re.compile(r'\bname="(__tabbed_[^"]*)"')
_LIEN = re.compile(r'\bhref="([^"]*)"')
_RACINE = "http://site.invalid/"
_MOTEUR = re.compile(r'\n?<div id="cellules-config" hidden[^>]*></div>\n?')
_CARNET = re.compile(r'<p class="carnet-(?:lien|note)"[^>]*>.*?</p>\n?', re.S)
_CELLULE = re.compile(
    r'(<div class="language-pycon) cellule( highlight") data-cellule="\d+"(?: data-hors-navigateur="[^"]*")?'
)
_BOITE = re.compile(f"{re.escape(BOITE)}(.*?){re.escape(BARRE)}</div>", re.S)


def pour_l_imprime(html: str) -> str:
    """Le contenu d'une page sans ce qu'une page imprimée n'utilise pas : moteur Python, cellules, carnets.

    Examples:
        >>> pour_l_imprime(
        ...     '<p class="carnet-lien" data-search-exclude><a href="j">Ouvrir dans Jupyter</a></p>\\n'
        ...     '<div class="cellule-boite" role="group">'
        ...     '<div class="language-pycon cellule highlight" data-cellule="2"><pre>…</pre></div>'
        ...     '<div class="cellule-barre"></div></div>'
        ...     '\\n<div id="cellules-config" hidden data-octets="1" data-paquet="a.zip"></div>\\n'
        ... )
        '<div class="language-pycon highlight"><pre>…</pre></div>'
    """
    return _CELLULE.sub(r"\1\2", _BOITE.sub(r"\1", _CARNET.sub("", _MOTEUR.sub("", html))))


def incluse(src_uri: str) -> bool:
    """Vrai si la page (chemin dans `docs/`) fait partie de la version imprimable.

    Examples:
        >>> incluse("warp/jets-simples.md"), incluse("troisd6/scenes-majeures.md"), incluse("glossaire.md")
        (True, True, True)
        >>> incluse("premiers-pas/warp.md"), incluse("reference/warp-jets.md")
        (False, False)
    """
    return src_uri.startswith(DOSSIERS) or src_uri in AUSSI


def _rang(src_uri: str) -> int:
    """Les règles d'abord (ordre du menu, tri stable), puis les pages d'`AUSSI`, dans leur ordre."""
    return AUSSI.index(src_uri) + 1 if src_uri in AUSSI else 0


def _cle(url: str) -> str:
    return url.strip("/").replace("/", "-") or "accueil"


def _reecrire(html: str, url_page: str, cles: dict[str, str], url_imprimer: str) -> str:
    cle = cles[url_page]
    html = _ATTRIBUT.sub(lambda m: f'{m[1]}="{cle}--{m[2]}"', html)
    html = _ONGLETS.sub(lambda m: f'name="{cle}--{m[1]}"', html)

    def lien(m: re.Match[str]) -> str:
        cible = m[1]
        if urlsplit(cible).scheme or cible.startswith(("//", "mailto:", "data:")):
            return m[0]
        absolue, ancre = urldefrag(urljoin(_RACINE + url_page, cible))
        chemin = absolue.removeprefix(_RACINE)
        if chemin in cles:
            return f'href="#{cles[chemin]}--{ancre}"' if ancre else f'href="#{cles[chemin]}"'
        relatif = posixpath.relpath("/" + chemin, "/" + url_imprimer)
        if chemin.endswith("/") or not chemin:
            relatif += "/"
        return f'href="{relatif}{"#" + ancre if ancre else ""}"'

    return _LIEN.sub(lien, html)


def on_page_context(context: dict[str, Any], page: Any, config: Any, nav: Any, **kwargs: Any) -> dict[str, Any]:
    """Remplit la page imprimable avec les pages de règles, dans l'ordre du menu."""
    if page.file.src_uri != PAGE:
        return context
    if REPERE not in (page.content or ""):
        raise ValueError(f"{PAGE} doit contenir le repère {REPERE} (une ligne seule)")
    ordre = sorted((p for p in nav.pages if incluse(p.file.src_uri)), key=lambda p: _rang(p.file.src_uri))
    cles = {p.url: _cle(p.url) for p in ordre}
    sommaire = "".join(f'<li><a href="#{cles[p.url]}">{html.escape(p.title or p.url)}</a></li>' for p in ordre)
    morceaux = [f'<ol class="imprimer-sommaire">{sommaire}</ol>']
    for p in ordre:
        if p.content is None:
            raise ValueError(f"{p.file.src_uri} n'est pas encore convertie : l'ordre de MkDocs a changé")
        contenu = _reecrire(pour_l_imprime(p.content), p.url, cles, page.url)
        # no-copy : Material ne pose pas de bouton « copier » sur chaque bloc de code (109 ici) d'une page
        # faite pour le papier ; c'était la moitié du travail de mise en page de son chargement.
        morceaux.append(f'<section class="imprimer-page no-copy" id="{cles[p.url]}">\n{contenu}\n</section>')
    page.content = page.content.replace(REPERE, "\n".join(morceaux))
    return context
