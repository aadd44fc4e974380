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
