"""Chaque tableau des aide-mémoire, et chaque tableau d'un onglet des pages de règles, a sa légende.

Le titre d'un onglet disparaît à l'impression et en texte : la légende
(`rules.affichage.tableau(…, legende=…)`, un paragraphe `p.legende`) reste.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.conftest import SiteConstruit


class _Lecteur(HTMLParser):
    """Pour chaque <table> d'une page : la classe du dernier élément de bloc vu avant elle, et s'il est dans un onglet."""

    def __init__(self) -> None:
        super().__init__()
        self.precedent: tuple[str, str] = ("", "")
        self.onglets = 0
        self.pile: list[bool] = []
        self.tables: list[tuple[str, bool]] = []
        self.texte_legende = ""
        self._dans_legende = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if tag == "div":
            onglet = "tabbed-block" in classes.split()
            self.pile.append(onglet)
            self.onglets += onglet
        if tag == "table" and "calc-table" not in classes:
            self.tables.append((self.precedent[1] if self.precedent[0] == "p" else "", self.onglets > 0))
        if tag in ("p", "table", "figure", "pre", "ul", "ol", "h2", "h3"):
            self.precedent = (tag, classes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self.pile:
            self.onglets -= self.pile.pop()


def _tables(html: str) -> list[tuple[str, bool]]:
    lecteur = _Lecteur()
    lecteur.feed(html)
    return lecteur.tables


@pytest.mark.parametrize("chemin", ["aide-memoire/warp", "aide-memoire/troisd6"])
def test_chaque_tableau_d_un_aide_memoire_a_sa_legende(site_construit: SiteConstruit, chemin: str) -> None:
    html = (site_construit.dossier / chemin / "index.html").read_text("utf-8")
    tables = _tables(html)
    assert len(tables) >= 5
    sans = [i for i, (classe, _) in enumerate(tables) if "legende" not in classe.split()]
    assert not sans, f"{chemin} : tableaux sans légende (rangs {sans})"
    assert "1 sur " in html, "les petites chances se lisent « 1 sur N »"


def test_chaque_tableau_dans_un_onglet_a_sa_legende(site_construit: SiteConstruit) -> None:
    vus = 0
    for page in sorted(site_construit.dossier.glob("*/*/index.html")):
        if page.parent.parent.name not in ("warp", "troisd6"):
            continue
        for classe, dans_onglet in _tables(page.read_text("utf-8")):
            if dans_onglet:
                vus += 1
                assert "legende" in classe.split(), f"{page.parent.name} : un tableau d'onglet sans légende"
    assert vus >= 10


def test_l_aide_memoire_warp_va_de_moins_4_a_plus_4() -> None:
    from tests.conftest import RACINE

    texte = (RACINE / "docs" / "aide-memoire" / "warp.md").read_text("utf-8")
    assert re.search(r"nets = \(-4, .*, 4\)", texte)
