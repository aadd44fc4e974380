"""Le site se construit pour de vrai (`mkdocs build --strict`) et ses liens tiennent."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from hooks.site import chiffres, glossaire, imprimer, modele, registre
from hooks.table import page as table
from tests.conftest import RACINE, SiteConstruit

DOCS = RACINE / "docs"


class _Liens(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.liens: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "a" and a.get("name"):
            self.ids.add(str(a["name"]))
        if tag in {"a", "link"} and a.get("href"):
            self.liens.append(str(a["href"]))
        if tag in {"script", "img"} and a.get("src"):
            self.liens.append(str(a["src"]))


def _analyser(page: Path) -> _Liens:
    p = _Liens()
    p.feed(page.read_text(encoding="utf-8"))
    return p


def _pages(site: SiteConstruit) -> list[Path]:
    return site.pages()


def test_chaque_page_source_est_publiee(site_construit: SiteConstruit) -> None:
    for md in DOCS.rglob("*.md"):
        relatif = md.relative_to(DOCS)
        if any(part.startswith("_") for part in relatif.parts):
            continue
        stem = relatif.with_suffix("")
        attendu = site_construit.dossier / (stem.parent if stem.name == "index" else stem) / "index.html"
        assert attendu.exists(), f"{relatif} n'a pas produit {attendu}"


def test_aucune_trace_d_erreur_dans_les_pages(site_construit: SiteConstruit) -> None:
    """Filet de sécurité derrière --strict : aucun bloc exécuté n'a planté."""
    for page in _pages(site_construit):
        texte = page.read_text(encoding="utf-8")
        assert "code block:" not in texte, f"un bloc exécuté a échoué dans {page}"
        if "reference" not in page.parts:
            assert "Traceback" not in texte, f"« Traceback » dans {page}"


def test_aucun_lien_interne_casse(site_construit: SiteConstruit) -> None:
    """Chaque lien interne (y compris ceux qu'écrit un bloc exécuté) mène à une page et une ancre."""
    racine = site_construit.dossier
    analyses = {page: _analyser(page) for page in _pages(site_construit)}
    casses = []
    for page, analyse in analyses.items():
        for lien in analyse.liens:
            url = urlparse(lien)
            if url.scheme or lien.startswith(("mailto:", "//", "data:")):
                continue
            chemin, ancre = url.path, url.fragment  # sans la requête : « index.html?path=… » est index.html
            if not chemin:
                cible = page
            elif chemin.startswith("/"):
                cible = (racine / unquote(chemin).lstrip("/")).resolve()
            else:
                cible = (page.parent / unquote(chemin)).resolve()
            if cible.is_dir():
                cible = cible / "index.html"
            if not cible.exists():
                casses.append(f"{page.relative_to(racine)} → {lien} (page absente)")
                continue
            if ancre and cible.suffix == ".html":
                ids = analyses[cible].ids if cible in analyses else _analyser(cible).ids
                if unquote(ancre) not in ids:
                    casses.append(f"{page.relative_to(racine)} → {lien} (ancre absente)")
    assert not casses, "liens cassés :\n" + "\n".join(casses)


_BOITE_HTML = re.compile(r'<div class="admonition ([\w -]+)">\s*<p class="admonition-title">([^<]*)')


def _propre(site: SiteConstruit, page: Path) -> str:
    """Le HTML d'une page sans ce qu'elle recopie d'autres pages (la version imprimable)."""
    html = page.read_text("utf-8")
    return html.split('<ol class="imprimer-sommaire">', 1)[0] if page.parent.name == "imprimer" else html


def _boites_publiees(site: SiteConstruit) -> dict[str, int]:
    """Les boîtes « Interprétation » et « Erratum » du site publié, lues dans le HTML des pages.

    Sans le registre lui-même, ni ce que la version imprimable recopie des pages ; une boîte de
    démonstration (classe `exemple`) ne compte pas.
    """
    comptes = {"interpretations": 0, "errata": 0}
    for page in _pages(site):
        if page.parent.name == "interpretations":
            continue
        for classes, titre in _BOITE_HTML.findall(_propre(site, page)):
            if "exemple" in classes.split():
                continue
            comptes["interpretations"] += classes.split()[0] == "info" and titre.startswith("Interprétation")
            comptes["errata"] += classes.split()[0] == "warning" and titre.startswith("Erratum")
    return comptes


def _article(site: SiteConstruit, chemin: str) -> str:
    html = (site.dossier / chemin / "index.html").read_text("utf-8")
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def test_le_registre_liste_chaque_interpretation(site_construit: SiteConstruit) -> None:
    boites = _boites_publiees(site_construit)["interpretations"]
    listees = len(re.findall(r"<li><a href=", _article(site_construit, "interpretations")))
    assert boites >= 1
    assert listees == boites, f"{boites} boîtes « Interprétation » dans les pages, {listees} dans le registre"


def test_les_chiffres_de_l_accueil_sont_ceux_du_site(site_construit: SiteConstruit) -> None:
    """Les chiffres comptés par le crochet, recomptés dans le HTML publié (autre lecture, même total)."""
    texte = re.sub(r"<[^>]+>", "", _article(site_construit, "."))
    chiffres = {
        cle: int(m[1])
        for cle, motif in {
            "exemples": r"(\d+) lignes d'exemples",
            "interpretations": r"(\d+) points où le texte permet deux lectures",
            "errata": r"(\d+) boîtes « Erratum »",
        }.items()
        if (m := re.search(motif, texte))
    }
    # Chaque invite >>> d'un bloc pycon devient <span class="gp">&gt;&gt;&gt; </span> ;
    # celles de la référence viennent des docstrings, pas des pages.
    invites = sum(
        _propre(site_construit, page).count('<span class="gp">&gt;&gt;&gt; </span>')
        for page in _pages(site_construit)
        if "reference" not in page.relative_to(site_construit.dossier).parts
    )
    assert chiffres == {"exemples": invites, **_boites_publiees(site_construit)}


def test_le_site_ne_charge_rien_d_un_tiers(site_construit: SiteConstruit) -> None:
    """Ni police Google ni script externe : le site marche depuis un dossier, hors ligne."""
    for page in _pages(site_construit):
        for lien in _analyser(page).liens:
            if lien.startswith(("http://", "https://", "//")):
                assert not re.search(r"\.(css|js|woff2?)(\?|$)", lien), f"ressource externe {lien} dans {page}"
        assert "fonts.googleapis" not in page.read_text("utf-8")


REPERES = {
    chiffres.PAGE: chiffres.REPERE,
    glossaire.PAGE: glossaire.REPERE,
    imprimer.PAGE: imprimer.REPERE,
    registre.PAGE: registre.REPERE,
    table.PAGE: table.REPERE,
}
"""Les pages qu'écrit un crochet du site, et leur repère."""


@pytest.mark.parametrize("md", sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")))
def test_les_pages_de_regles_ont_des_exemples_executes(md: str) -> None:
    """Une page de règles sans exemple exécuté serait une demi-règle (une page de crochet est calculée)."""
    texte = (DOCS / md).read_text("utf-8")
    page = modele.lire_page(md, texte)
    calculee = md in REPERES and REPERES[md] in texte
    assert calculee or page.exemples or page.executes or page.documentes, f"{md} n'exécute rien"
