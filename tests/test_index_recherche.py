"""L'index de recherche, chargé avec chaque page : les règles y sont, pas leurs copies.

La référence du code (`docs/reference/`) et la page imprimable (une seconde
copie de toutes les règles) sont exclues par leur front matter
`search: exclude: true` ; les pages de règles et le glossaire restent
cherchables (les tests navigateur vérifient les recherches elles-mêmes).
"""

from __future__ import annotations

import json

from tests.conftest import RACINE, SiteConstruit


def _lieux(site: SiteConstruit) -> set[str]:
    index = json.loads((site.dossier / "search" / "search_index.json").read_text("utf-8"))
    return {doc["location"] for doc in index["docs"]}


def test_la_reference_du_code_et_la_page_imprimable_sont_hors_de_l_index(site_construit: SiteConstruit) -> None:
    lieux = _lieux(site_construit)
    pages = {lieu.split("#")[0] for lieu in lieux}
    assert not {p for p in pages if p.startswith("reference/")}, sorted(pages)
    assert "imprimer/" not in pages
    # Chaque page de référence porte l'exclusion (une nouvelle page aussi).
    for page in sorted((RACINE / "docs" / "reference").glob("*.md")):
        assert page.read_text("utf-8").startswith("---\n"), f"{page.name} n'exclut pas la recherche"


def test_les_regles_et_le_glossaire_restent_dans_l_index(site_construit: SiteConstruit) -> None:
    lieux = _lieux(site_construit)
    for lieu in (
        "warp/jets-simples/#critiques-et-catastrophes",
        "troisd6/scenes-majeures/#effet-et-avantages",
        "glossaire/#maniabilite",
        "premiers-pas/warp/",
        "aide-memoire/troisd6/",
    ):
        assert lieu in lieux, lieu


# ---------------------------------------------------------------- le classement, dans Chromium

import pytest  # noqa: E402

from hooks.site import recherche_sans_accents  # noqa: E402
from tests.conftest import EN_CI  # noqa: E402

try:
    from playwright.sync_api import Browser
except ImportError:  # l'extra « browser » n'est pas installé : seuls les tests de l'index tournent
    if EN_CI:
        raise
    Browser = None  # type: ignore[assignment,misc]


def test_le_script_de_recherche_connait_les_elisions_et_les_synonymes() -> None:
    script = recherche_sans_accents.SCRIPT
    for elision in ("l", "d", "qu", "n", "s", "j", "c"):
        assert elision in recherche_sans_accents.ELISIONS
    assert '"qu"' in script and '"degre": "niveau"' in script and "__ELISIONS__" not in script


def _resultats(browser: Browser, serveur_site: str, requete: str) -> list[str]:
    """Les adresses des résultats (relatives au site), dans l'ordre où Material les montre."""
    contexte = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = contexte.new_page()
    page.goto(serveur_site + "?q=" + requete, wait_until="load")  # une adresse qui porte une recherche
    page.locator(".md-search-result__item").first.wait_for(timeout=20000)
    page.wait_for_function(
        "n => document.querySelector('.md-search-result__meta').textContent.includes(n)", arg="trouvé"
    )
    liens = [
        (a.get_attribute("href") or "").removeprefix(serveur_site)
        for a in page.locator(".md-search-result__link").all()
    ]
    contexte.close()
    return [lien.split("?", 1)[0] + ("#" + lien.split("#", 1)[1] if "#" in lien else "") for lien in liens]


@pytest.mark.skipif(Browser is None, reason="Playwright absent : python -m pip install -e '.[browser]'")
def test_reprendre_l_initiative_mene_d_abord_a_l_initiative(browser: Browser, serveur_site: str) -> None:
    """Le « l » de « l'initiative » ne compte pas : il trouvait « loin », « lancent » (premiers pas WaRP d'abord)."""
    liens = _resultats(browser, serveur_site, "reprendre l'initiative")
    assert liens and liens[0].startswith("troisd6/scenes-majeures/"), liens[:5]
    assert "troisd6/scenes-majeures/#initiative" in liens[:3], liens[:5]
    assert not [lien for lien in liens[:8] if lien.startswith("premiers-pas/warp/")], liens[:8]


@pytest.mark.skipif(Browser is None, reason="Playwright absent : python -m pip install -e '.[browser]'")
@pytest.mark.parametrize("requete", ["degré de réussite", "degrés de réussite"])
def test_degre_de_reussite_trouve_les_niveaux(browser: Browser, serveur_site: str, requete: str) -> None:
    """Le mot usuel (« degré ») trouve les niveaux du 3D6 ; « de » ne trouve plus « dé », « des », « deviner »."""
    liens = _resultats(browser, serveur_site, requete)
    assert liens and liens[0].startswith("troisd6/jets/"), liens[:5]
    assert "troisd6/jets/#niveaux" in liens[:3], liens[:5]
