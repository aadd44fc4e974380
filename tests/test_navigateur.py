"""Le site dans un vrai navigateur : Chromium de Debian piloté par Playwright.

Chaque page s'ouvre sans erreur de console, sans requête qui échoue et sans
aucune requête hors de 127.0.0.1 ; la recherche trouve les mots des règles.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import SiteConstruit

pytestmark = pytest.mark.navigateur


def _adresses(site: SiteConstruit) -> list[str]:
    pages = []
    for html in sorted(site.dossier.rglob("index.html")):
        relatif = html.parent.relative_to(site.dossier).as_posix()
        pages.append("" if relatif == "." else relatif + "/")
    return pages


def test_chaque_page_s_ouvre_proprement(page: Page, serveur_site: str, site_construit: SiteConstruit) -> None:
    erreurs: list[str] = []
    hors_site: list[str] = []
    echecs: list[str] = []
    page.on("console", lambda m: erreurs.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: erreurs.append(str(e)))
    page.on("requestfailed", lambda r: echecs.append(r.url))

    def surveiller(route, request) -> None:  # type: ignore[no-untyped-def]
        if urlparse(request.url).hostname not in {"127.0.0.1"} and not request.url.startswith("data:"):
            hors_site.append(request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", surveiller)
    adresses = _adresses(site_construit)
    assert len(adresses) >= 5
    for chemin in adresses:
        reponse = page.goto(serveur_site + chemin, wait_until="networkidle")
        assert reponse is not None and reponse.ok, f"{chemin} : {reponse.status if reponse else 'pas de réponse'}"
        expect(page.locator("article h1").first).to_be_visible()
    assert not hors_site, f"requêtes hors du site : {hors_site}"
    assert not echecs, f"requêtes échouées : {echecs}"
    assert not erreurs, f"erreurs de console : {erreurs}"


def _chercher(page: Page, serveur_site: str, mot: str) -> str:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(serveur_site, wait_until="networkidle")
    champ = page.locator("input[data-md-component='search-query']")
    champ.click()
    champ.press_sequentially(mot, delay=30)  # Material écoute les touches, pas fill()
    resultats = page.locator(".md-search-result__item")
    expect(resultats.first).to_be_visible(timeout=15000)
    return page.locator(".md-search-result").inner_text()


def test_la_recherche_trouve_magistrale(page: Page, serveur_site: str) -> None:
    texte = _chercher(page, serveur_site, "Magistrale")
    assert "Critiques et Catastrophes" in texte


def test_la_recherche_trouve_adversaire_dans_l_adversaire(page: Page, serveur_site: str) -> None:
    """Le séparateur français coupe « l'adversaire » : « adversaire » le trouve."""
    texte = _chercher(page, serveur_site, "adversaire")
    assert "Jets opposés" in texte
