"""Python prêt avant qu'on le demande, sur un téléphone de 375 px, dans Chromium.

- un lien partagé du calculateur lance le chargement du runtime avant tout clic, montre ses entrées, et
  l'indication de chargement nomme sa taille (celle que le site sert, en Mo), avec une barre de progression ;
- sur une page de règles, rien ne se charge avant que le pointeur ou le focus atteigne les commandes d'une
  cellule ; alors, si ;
- une erreur de syntaxe dans une cellule dit d'abord, en français, ce qui arrive, puis le message de Python ;
- le menu du téléphone est un vrai bouton (`<button>`, pas une étiquette à qui l'on donne un rôle).
"""

from __future__ import annotations

import re

import pytest

from hooks.hors_ligne import hors_ligne
from tests import lecteur
from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.moteur import PAGE_REGLES
from tests.navigateur import BrowserContext, Page, expect
from tests.parcours import TELEPHONE
from tests.surveillance import ouvrir

pytestmark = pytest.mark.navigateur

LOURDS = ("/assets/pyodide/", "cellules-worker", "/assets/cellules/")


contexte = lecteur.contexte
"""La fixture : un téléphone surveillé (375 px), le runtime exigé (`tests/lecteur.py`)."""


def _mo(octets: int) -> str:
    return f"{octets / 1e6:.1f}".replace(".", ",") + " Mo"


def _octets_servis(site: SiteConstruit) -> int:
    return sum(
        p.stat().st_size
        for p in site.dossier.rglob("*")
        if p.is_file() and p.relative_to(site.dossier).as_posix().startswith(hors_ligne.RUNTIME)
    )


def test_un_lien_partage_charge_python_avant_tout_clic_et_dit_sa_taille(
    contexte: BrowserContext, serveur_site: str, site_construit: SiteConstruit
) -> None:
    page = contexte.new_page()
    taille = _mo(_octets_servis(site_construit))
    with page.expect_request(lambda r: "pyodide.asm.wasm" in r.url, timeout=CHARGEMENT_PYODIDE_MS):
        page.goto(serveur_site + "calculateur/?f=warp-jet&trait=4&bonus=1&des=6+5+2+1+3#warp-jet")
        form = page.locator("#form-warp-jet")
        # Ses entrées, dans le formulaire, pendant le chargement, et la taille à télécharger.
        expect(form.locator('[name="trait"]')).to_have_value("4")
        expect(form.locator('[name="des"]')).to_have_value("6 5 2 1 3")
        expect(form.locator(".calc-etat")).to_contain_text(taille)
        expect(form.locator(".calc-progres")).to_be_visible()
    expect(form.locator(".calc-etat")).to_contain_text(re.compile(rf"Mo sur {taille}|calculées"))
    expect(form.locator(".calc-verdict-texte")).not_to_be_empty(timeout=CHARGEMENT_PYODIDE_MS)
    assert form.locator(".calc-progres").get_attribute("max") in (None, str(_octets_servis(site_construit)))


def test_un_lien_partage_lance_python_avant_que_la_page_soit_montee(
    contexte: BrowserContext, serveur_site: str
) -> None:
    """Le worker de Python naît avant DOMContentLoaded : le lien partagé n'attend pas que la page se monte.

    Un ordre, pas une durée (les durées : `python -m scripts.bench_calculateur --lien-seul`)."""
    page = contexte.new_page()
    page.add_init_script(
        """(() => {
      window.__ordre = [];
      const Origine = window.Worker;
      window.Worker = function (...args) { window.__ordre.push("worker"); return new Origine(...args); };
      document.addEventListener("DOMContentLoaded", () => window.__ordre.push("DOMContentLoaded"));
    })()"""
    )
    page.goto(serveur_site + "calculateur/?f=warp-jet&trait=4&bonus=1&des=6+5+2+1+3#warp-jet", wait_until="load")
    assert page.evaluate("window.__ordre") == ["worker", "DOMContentLoaded"]
    expect(page.locator("#form-warp-jet .calc-verdict-texte")).not_to_be_empty(timeout=CHARGEMENT_PYODIDE_MS)


def test_une_page_de_regles_charge_python_quand_on_approche_d_une_cellule(
    contexte: BrowserContext, serveur_site: str, site_construit: SiteConstruit
) -> None:
    page = contexte.new_page()
    requetes: list[str] = []
    page.on("request", lambda r: requetes.append(r.url))
    ouvrir(page, serveur_site + PAGE_REGLES)
    page.wait_for_timeout(300)
    assert not [u for u in requetes if any(m in u for m in LOURDS)], "Python chargé sans qu'on s'approche"
    executer = page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)
    with page.expect_request(lambda r: "pyodide.asm.wasm" in r.url, timeout=CHARGEMENT_PYODIDE_MS):
        executer.focus()  # au clavier, sans appuyer
    etat = page.get_by_role("group", name="Exemple 1", exact=True).get_by_role("status")
    expect(etat).to_contain_text(_mo(_octets_servis(site_construit)))
    expect(etat).to_have_text("Python est prêt.", timeout=CHARGEMENT_PYODIDE_MS)


def test_une_erreur_de_syntaxe_est_dite_en_francais_d_abord(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    ouvrir(page, serveur_site + PAGE_REGLES)
    boite = page.get_by_role("group", name="Exemple 1", exact=True)
    boite.get_by_role("button", name="Modifier l'exemple 1").click()
    boite.get_by_role("textbox").fill("print((1, 2)")
    boite.get_by_role("button", name="Exécuter l'exemple 1").click()
    erreur = boite.locator(".cellule-erreur")
    expect(erreur).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    lignes = erreur.text_content().strip().split("\n")  # type: ignore[union-attr]
    assert lignes[0].startswith("Python ne peut pas lire ce code : une parenthèse"), lignes
    assert lignes[1].startswith("SyntaxError : '(' was never closed"), lignes
    # Une autre erreur (pas de syntaxe) garde le seul message de Python.
    boite.get_by_role("textbox").fill("int('a')")
    boite.get_by_role("button", name="Exécuter l'exemple 1").click()
    expect(erreur).to_have_text(re.compile(r"^ValueError : invalid literal"), timeout=CHARGEMENT_PYODIDE_MS)


def test_le_menu_du_telephone_est_un_bouton(page: Page, serveur_site: str) -> None:
    page.set_viewport_size(TELEPHONE)
    page.goto(serveur_site + PAGE_REGLES, wait_until="load")
    menu = page.get_by_role("button", name="Menu du site", exact=True)
    expect(menu).to_be_visible()
    assert menu.evaluate("(e) => [e.tagName, e.getAttribute('role'), e.type]") == ["BUTTON", None, "button"]
    assert page.locator('label[for="__drawer"][role]').count() == 0
    menu.click()
    expect(page.locator(".md-sidebar--primary")).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(menu).to_be_hidden()  # au bureau, le menu est toujours là : pas de bouton
