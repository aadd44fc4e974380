"""Les aide-mémoires et les Premiers pas tiennent sur un téléphone, et s'impriment en tableaux (issue 41).

À 375 px, aucun de leurs tableaux ne défile de côté : chacun est « empilable »
(`rules.affichage.tableau(…, empilable=True)`), une ligne par bloc, chaque case précédée du nom de sa colonne
(`docs/stylesheets/joueurs.css`). Sur papier, ces noms disparaissent et le tableau reste un tableau ; que chaque
aide-mémoire tienne sur deux pages A4, le test qui les imprime le vérifie
(`tests/test_navigateur.py::test_chaque_aide_memoire_tient_sur_une_feuille_recto_verso`).
"""

from __future__ import annotations

import pytest

from tests.conftest import SiteConstruit
from tests.navigateur import Browser
from tests.surveillance import Surveillance, ouvrir

pytestmark = pytest.mark.navigateur

TELEPHONE = {"width": 375, "height": 740}
A4_IMPRIMABLE = {"width": round((210 - 2 * 11) / 25.4 * 96), "height": 1000}

_TABLEAUX = """() => [...document.querySelectorAll('article table')].map(t => ({
    entete: t.rows[0].innerText.replace(/\\s+/g, ' ').slice(0, 50),
    largeur: t.scrollWidth, cadre: t.clientWidth,
    droite: Math.round(t.getBoundingClientRect().right), ecran: document.documentElement.clientWidth,
    empilable: !!t.closest('.tableau-empilable'),
    noms: [...t.querySelectorAll('.tableau-colonne')].filter(s => getComputedStyle(s).display !== 'none').length,
}))"""


def _pages(site: SiteConstruit) -> list[str]:
    return [a for a in site.adresses() if a.startswith(("aide-memoire/", "premiers-pas/")) and a.count("/") == 2]


def test_les_tableaux_des_joueurs_tiennent_sur_un_telephone(
    browser: Browser, serveur_site: str, site_construit: SiteConstruit
) -> None:
    pages = _pages(site_construit)
    assert len(pages) == 4, pages
    page = browser.new_page(viewport=TELEPHONE)
    surveillance = Surveillance(page)
    fautes, vus = [], 0
    for chemin in pages:
        ouvrir(page, serveur_site + chemin)
        for t in page.evaluate(_TABLEAUX):
            vus += 1
            if not t["empilable"] or t["largeur"] > t["cadre"] + 1 or t["droite"] > t["ecran"]:
                fautes.append(f"{chemin} « {t['entete']} » : {t['largeur']} px dans {t['cadre']} px")
            elif not t["noms"]:
                fautes.append(f"{chemin} « {t['entete']} » : empilé sans le nom de ses colonnes")
    page.close()
    surveillance.verifier()
    assert vus >= 18, f"{vus} tableaux : les pages ont changé, rien de vérifié"
    assert fautes == [], "\n".join(fautes)


def test_sur_papier_et_sur_grand_ecran_un_tableau_reste_un_tableau(browser: Browser, serveur_site: str) -> None:
    """Les noms des colonnes, portés par chaque case pour le téléphone, ne s'affichent ni à l'impression ni à
    1280 px : l'en-tête du tableau les dit une fois."""
    for media, taille in (("print", A4_IMPRIMABLE), ("screen", {"width": 1280, "height": 900})):
        page = browser.new_page(viewport=taille)
        page.emulate_media(media=media)
        ouvrir(page, serveur_site + "aide-memoire/warp/")
        tableaux = page.evaluate(_TABLEAUX)
        page.close()
        assert len(tableaux) >= 7 and all(t["empilable"] for t in tableaux)
        assert [t["entete"] for t in tableaux if t["noms"]] == [], media
