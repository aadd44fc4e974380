"""Chaque boîte « Interprétation » mène à son autre lecture : « Et si on le lisait autrement ? ».

Ce crochet ajoute, à la fin de chaque boîte « Interprétation » d'une page, un
lien vers la section de la page « Et si… ? » (`et-si.md`) de chaque variante
qui la lit autrement ([`rules.variantes.VARIANTES`][rules.variantes.VARIANTES],
par sa page et le titre de sa boîte), ou, s'il n'y en a pas, la ligne qui dit
pourquoi le texte n'en permet pas d'autre
([`rules.variantes.UNE_SEULE_LECTURE`][rules.variantes.UNE_SEULE_LECTURE]).

Il ne se passe rien en silence : une boîte qui n'a ni variante ni raison, une
variante ou une règle maison qui nomme une page ou une boîte qui n'existe pas,
une raison qu'aucune boîte ne porte, chacune est un avertissement, et la
construction stricte (`mkdocs build --strict`) échoue. Il lit les boîtes dans le
modèle commun du site (`hooks/site/modele.py`).
"""

from __future__ import annotations

import html
import json
import logging
import sys
from pathlib import Path
from typing import Any

if __name__ != "hooks.variantes.variantes":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.site import modele
from rules.variantes import REGLES_MAISON, UNE_SEULE_LECTURE, VARIANTES, Variante

__all__ = ["PAGE", "QUESTION", "donnees_html", "note", "on_nav", "on_page_markdown", "on_post_page", "problemes"]

log = logging.getLogger("mkdocs.hooks.variantes")

PAGE = "et-si.md"
"""La page « Et si… ? », dans `docs/` : une section par variante, d'ancre son identifiant."""

QUESTION = "Et si on le lisait autrement ?"
"""Ce que dit le lien ajouté à chaque boîte qui a une variante."""


def _variantes(chemin: str, sujet: str) -> list[Variante]:
    return [v for v in VARIANTES.values() if v.page == chemin and v.boite == sujet]


def problemes(site: modele.Site) -> list[str]:
    """Ce qui arrête la construction stricte : chaque boîte sans variante ni raison, chaque variante, règle maison
    ou raison qui nomme une page ou une boîte absente.

    Examples:
        >>> page = modele.lire_page("warp/a.md", '# A\\n!!! info "Interprétation : égalité"\\n    Texte.')
        >>> for p in problemes(modele.Site((page,)))[:2]:
        ...     print(p)
        warp/a.md : la boîte « Interprétation : égalité » n'a ni variante (rules.variantes.VARIANTES) ni raison d'une seule lecture (rules.variantes.UNE_SEULE_LECTURE)
        la variante « seuil-des-des-lances » nomme la page warp/jets-simples.md, absente du menu du site
    """
    sortie = []
    chemins = {p.chemin: p for p in site.pages}
    portees = set()
    for page, boite in site.interpretations:
        portees.add(boite.sujet)
        if not _variantes(page.chemin, boite.sujet) and boite.sujet not in UNE_SEULE_LECTURE:
            sortie.append(
                f"{page.chemin} : la boîte « {boite.titre} » n'a ni variante (rules.variantes.VARIANTES) ni raison "
                "d'une seule lecture (rules.variantes.UNE_SEULE_LECTURE)"
            )
    for v in VARIANTES.values():
        if v.page not in chemins:
            sortie.append(f"la variante « {v.id} » nomme la page {v.page}, absente du menu du site")
        elif not any(b.interpretation and b.sujet == v.boite for b in chemins[v.page].boites):
            sortie.append(f"la variante « {v.id} » nomme la boîte « Interprétation : {v.boite} », absente de {v.page}")
    for m in REGLES_MAISON.values():
        if m.page.partition("#")[0] not in chemins:
            sortie.append(f"la règle maison « {m.id} » nomme la page {m.page}, absente du menu du site")
    for sujet in UNE_SEULE_LECTURE:
        if sujet not in portees:
            sortie.append(f"la raison d'une seule lecture « {sujet} » ne correspond à aucune boîte « Interprétation »")
    return sortie


def note(chemin: str, boite: modele.Boite) -> str | None:
    """Le paragraphe qui finit une boîte « Interprétation » de la page `chemin` : le lien vers chaque variante, ou
    la raison d'une seule lecture ; `None` pour une autre boîte.

    Examples:
        >>> b = modele.Boite("info", (), "Interprétation : un triple n'est pas aussi un double", None)
        >>> print(note("troisd6/jets.md", b))
        **Et si on le lisait autrement ?** [Un triple est aussi un double](../et-si.md#triple-aussi-double)
        >>> b = modele.Boite("info", (), "Interprétation : ce que donne un Trait de 0d", None)
        >>> print(note("warp/jets-simples.md", b))
        **Une seule lecture :** « Rien du tout » : aucun dé gardé ne laisse d'autre total que 0.
    """
    if not boite.interpretation:
        return None
    variantes = _variantes(chemin, boite.sujet)
    if variantes:
        liens = " ; ".join(f"[{v.titre}]({modele.lien(chemin, PAGE, v.id)})" for v in variantes)
        return f"**{QUESTION}** {liens}"
    if boite.sujet in UNE_SEULE_LECTURE:
        return f"**Une seule lecture :** {UNE_SEULE_LECTURE[boite.sujet]}"
    return None  # problemes() l'a dit : la construction stricte échoue


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site et dit chaque problème (un avertissement : la construction stricte échoue)."""
    for probleme in problemes(modele.site(nav, config)):
        log.warning("Et si… ? : %s", probleme)
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """Finit chaque boîte « Interprétation » de la page par son lien « Et si on le lisait autrement ? »."""
    chemin = page.file.src_uri
    return modele.completer_boites(markdown, lambda b: note(chemin, b))


CALCULATEUR = "calculateur.md"
"""La page du calculateur : ses formulaires cochent d'avance les variantes gardées."""


def _connues() -> dict[str, dict[str, Any]]:
    """Chaque variante : son titre, la page de sa boîte, et celles qui l'excluent (elles fixent un même point)."""
    return {
        v.id: {
            "titre": v.titre,
            "page": v.page,
            "exclut": [w.id for w in VARIANTES.values() if w.id != v.id and set(w.ecarts) & set(v.ecarts)],
        }
        for v in VARIANTES.values()
    }


def donnees_html(chemin: str, vers_la_racine: str) -> str | None:
    """Ce que lit `docs/javascripts/variantes.js` pour le bandeau « Vous lisez avec N variantes » : chaque variante
    (titre, page de sa boîte, celles qui l'excluent), la page, et si le bandeau y vaut pour toute variante gardée
    (la page « Et si… ? », le calculateur) ou pour celles qui changent cette page ; `None` sur une page qu'aucune
    variante ne change. Le script dessine lui-même le bandeau, caché tant qu'aucune variante n'est gardée.

    Examples:
        >>> print(donnees_html("troisd6/jets.md", "../../").split(">")[0])
        <script type="application/json" id="et-si-variantes" data-page="troisd6/jets.md" data-toutes="non" data-et-si="../../et-si/"
        >>> donnees_html("glossaire.md", "../") is None
        True
    """
    toutes = chemin in (PAGE, CALCULATEUR)
    if not toutes and chemin not in {v.page for v in VARIANTES.values()}:
        return None
    donnees = json.dumps(_connues(), ensure_ascii=False).replace("</", "<\\/")
    return (
        f'<script type="application/json" id="et-si-variantes" data-page="{html.escape(chemin)}"'
        f' data-toutes="{"oui" if toutes else "non"}" data-et-si="{html.escape(vers_la_racine)}et-si/">'
        f"{donnees}</script>"
    )


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    """Les données des variantes et leur script, en fin de page, sur les pages qu'elles changent (`donnees_html`) :
    après le rendu, pour que la version imprimable, qui réunit le contenu des pages, ne les recopie pas."""
    from mkdocs.utils import get_relative_url

    racine = get_relative_url(".", page.url).rstrip("/") + "/"
    racine = "" if racine in ("./", "/") else racine
    donnees = donnees_html(page.file.src_uri, racine)
    if donnees is None:
        return output
    script = html.escape(get_relative_url("javascripts/variantes.js", page.url))
    avant, corps, apres = output.rpartition("</body>")
    if not corps:
        raise ValueError(f"{page.file.src_uri} : pas de </body> où écrire le script des variantes")
    return f'{avant}{donnees}<script src="{script}" defer></script>\n{corps}{apres}'
