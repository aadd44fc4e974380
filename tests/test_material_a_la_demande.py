"""Le script de Material s'exécute au premier geste du lecteur (hooks/hors_ligne/material_a_la_demande.py).

À l'ouverture, une page de règles se lit sans lui (ses tableaux, le menu du téléphone, le choix clair / sombre) ;
il est téléchargé et exécuté, une fois, au premier toucher, clic, touche, mouvement de souris ; une
adresse qui porte une recherche le monte tout de suite. Les autres tests ouvrent les pages par
`tests.surveillance.ouvrir`, qui fait ce premier geste pour eux.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SiteConstruit
from tests.navigateur import Browser, Page, expect
from tests.parcours import fautes_axe
from tests.publication import servir_en_notant

PAGE = "troisd6/scenes-majeures/"
"""Une page de règles avec des tableaux, des onglets et des blocs de code."""

_MONTE = "() => document.documentElement.dataset.material === 'monte' && typeof document$ !== 'undefined'"


def _geste_souris(page: Page) -> None:
    page.mouse.move(120, 400)


def _geste_clavier(page: Page) -> None:
    page.keyboard.press("Tab")


def _geste_toucher(page: Page) -> None:
    """Un toucher sur le titre de la page (du texte : ni lien ni terme du glossaire, qui mèneraient ailleurs)."""
    titre = page.locator("article h1").first.bounding_box()
    assert titre is not None
    page.touchscreen.tap(titre["x"] + 20, titre["y"] + titre["height"] / 2)


@pytest.mark.parametrize("geste", [_geste_souris, _geste_clavier, _geste_toucher], ids=["souris", "clavier", "toucher"])
def test_material_attend_le_premier_geste_et_ne_vient_qu_une_fois(
    browser: Browser, site_construit: SiteConstruit, geste: Callable[[Page], None]
) -> None:
    with servir_en_notant(site_construit.dossier) as (adresse, demandes):
        contexte = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True, service_workers="block")
        page = contexte.new_page()
        page.goto(adresse + PAGE, wait_until="load")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        bundle = [d for d in demandes if "/assets/javascripts/bundle." in d]
        assert not bundle, "le script de Material téléchargé sans geste du lecteur"
        assert not page.evaluate(_MONTE), "Material exécuté sans geste du lecteur"
        # La page se lit sans lui : rien ne déborde à 375 px, ses tableaux défilent dans leur boîte.
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
        assert page.locator(".md-typeset__scrollwrap").count() == 0

        geste(page)
        page.wait_for_function(_MONTE)
        expect(page.locator(".md-content .md-typeset__scrollwrap").first).to_be_attached()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
        bundle = [d for d in demandes if "/assets/javascripts/bundle." in d]
        assert len(bundle) == 1, f"le script de Material doit venir une fois : {bundle}"
        contexte.close()


def test_le_menu_et_la_palette_marchent_sans_material(
    browser: Browser, site_construit: SiteConstruit, tmp_path: Path
) -> None:
    """Le menu du téléphone et le choix clair / sombre sont des scripts en ligne : ils marchent même si le script
    de Material n'arrive jamais (ici, une copie du site qui ne l'a pas), donc avant qu'il soit monté."""
    copie = Path(shutil.copytree(site_construit.dossier, tmp_path / "site"))
    for bundle in (copie / "assets" / "javascripts").glob("bundle.*.min.js"):
        bundle.unlink()
    with servir_en_notant(copie) as (adresse, demandes):
        page = browser.new_page(viewport={"width": 375, "height": 740})
        page.goto(adresse + PAGE, wait_until="load")
        page.wait_for_load_state("networkidle")
        _le_menu_et_la_palette_marchent(page)
        assert [d for d in demandes if "/assets/javascripts/bundle." in d], "le clic sur le menu est un geste"
        assert not page.evaluate(_MONTE)
        page.close()


def _le_menu_et_la_palette_marchent(page: Page) -> None:
    menu = page.get_by_role("button", name="Menu du site")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#__drawer")).to_be_checked()
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    avant = page.locator("body").get_attribute("data-md-color-scheme")
    page.locator("form[data-palette] label:visible").click()
    expect(page.locator("body")).not_to_have_attribute("data-md-color-scheme", avant or "")


def test_une_adresse_de_recherche_monte_material_sans_geste(browser: Browser, serveur_site: str) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 740})
    page.goto(serveur_site + PAGE + "?q=critique", wait_until="load")
    page.wait_for_function(_MONTE)
    expect(page.locator(".md-search-result__item").first).to_be_attached(timeout=15_000)
    page.close()


@pytest.mark.parametrize("adresse", ["reference/warp-jets/", PAGE])
def test_avant_material_axe_ne_trouve_rien_de_grave_a_375_px(
    browser: Browser, serveur_site: str, axe_core: str, adresse: str
) -> None:
    """Avant tout geste, la page telle qu'un lecteur d'écran la trouve : les signatures de la référence (blocs de
    code plus larges qu'un téléphone) défilent au clavier, comme une fois Material monté."""
    page = browser.new_page(viewport={"width": 375, "height": 740})
    page.goto(serveur_site + adresse, wait_until="load")
    page.wait_for_load_state("networkidle")
    assert not page.evaluate(_MONTE)
    assert fautes_axe(page, axe_core, adresse) == []
    larges = page.evaluate(
        "() => [...document.querySelectorAll('.md-content pre > code')]"
        ".filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.getAttribute('tabindex'))"
    )
    assert all(t == "0" for t in larges), larges
    if adresse != PAGE:
        assert larges, "la référence doit avoir des signatures plus larges que 375 px : le test ne verrait rien"
    page.close()
