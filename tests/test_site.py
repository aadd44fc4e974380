"""Le site se construit pour de vrai (`mkdocs build --strict`) et ses liens tiennent."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import pytest

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
    return sorted(site.dossier.rglob("*.html"))


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
            chemin, ancre = urldefrag(lien)
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


def test_le_registre_liste_chaque_interpretation(site_construit: SiteConstruit) -> None:
    boites = 0
    for md in DOCS.rglob("*.md"):
        if md.name == "index.md" and md.parent == DOCS:
            continue
        boites += len(re.findall(r'^\s*[!?]{3}\+?\s+info\s+"Interprétation', md.read_text("utf-8"), re.M))
    html = (site_construit.dossier / "interpretations" / "index.html").read_text("utf-8")
    article = html.split("<article", 1)[1]
    listees = len(re.findall(r"<li><a href=", article))
    assert boites >= 1
    assert listees == boites, f"{boites} boîtes « Interprétation » dans les pages, {listees} dans le registre"


def test_le_site_ne_charge_rien_d_un_tiers(site_construit: SiteConstruit) -> None:
    """Ni police Google ni script externe : le site marche depuis un dossier, hors ligne."""
    for page in _pages(site_construit):
        for lien in _analyser(page).liens:
            if lien.startswith(("http://", "https://", "//")):
                assert not re.search(r"\.(css|js|woff2?)(\?|$)", lien), f"ressource externe {lien} dans {page}"
        assert "fonts.googleapis" not in page.read_text("utf-8")


@pytest.mark.parametrize("md", sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")))
def test_les_pages_de_regles_ont_des_exemples_executes(md: str) -> None:
    """Une page de règles sans exemple exécuté serait une demi-règle."""
    texte = (DOCS / md).read_text("utf-8")
    assert re.search(r"^\s*(>>> |```python exec|::: )", texte, re.M), f"{md} n'exécute rien"
