"""Ce qu'affichent les exemples : lu dans la page publiée, ou dans les sorties d'un carnet exécuté.

Les tests des carnets (noyau Jupyter, `tests/test_carnets.py`) et de JupyterLite (`tests/test_jupyterlite.py`)
comparent les deux : chaque exemple exécuté affiche exactement ce que montre la page publiée, lue dans le HTML
du site construit, jamais dans le carnet.
"""

from __future__ import annotations

import doctest
import html
import re
from typing import Any

from tests.conftest import SiteConstruit

__all__ = ["html_de_la_page", "sorties_de_la_page", "texte_des_sorties"]

_BLOC = re.compile(
    r'<div class="language-pycon cellule highlight" (?P<attributs>[^>]*)><pre>(?P<code>.*?)</pre></div>', re.S
)


def html_de_la_page(site: SiteConstruit, page_md: str) -> str:
    """Le HTML publié de la page `page_md` (`warp/index.md` → `warp/index.html`)."""
    chemin = page_md.removesuffix(".md").removesuffix("index").rstrip("/")
    return (site.dossier / chemin / "index.html").read_text(encoding="utf-8")


def sorties_de_la_page(page_html: str) -> list[str]:
    """Pour chaque exemple exécutable de la page publiée, ce qu'il affiche (lu dans le HTML)."""
    sorties = []
    for bloc in _BLOC.finditer(page_html):
        if "data-hors-navigateur" in bloc["attributs"]:
            continue
        texte = html.unescape(re.sub(r"<[^>]+>", "", bloc["code"]))
        sorties.append("".join(e.want for e in doctest.DocTestParser().get_examples(texte)))
    return sorties


def texte_des_sorties(sorties: list[Any]) -> str:
    """Les sorties d'une cellule de carnet (nbformat), en texte : flux, résultat, ou l'erreur nommée."""
    morceaux = []
    for s in sorties:
        if s["output_type"] == "stream":
            morceaux.append(s["text"])
        elif s["output_type"] == "execute_result":
            morceaux.append(s["data"]["text/plain"] + "\n")
        else:
            morceaux.append(f"<{s['output_type']} : {s.get('ename', '')} {s.get('evalue', '')}>\n")
    return "".join(morceaux)
