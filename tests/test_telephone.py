"""Le calculateur sur un téléphone de 375 px, dans Chromium : un formulaire à la fois, rien qui déborde.

- le sélecteur en haut de la page atteint chaque formulaire (et lui seul), son nom va dans l'adresse,
  et une adresse `#…` ou `?f=…` ouvre le bon ;
- après un calcul, chaque tableau de résultat tient dans sa boîte (aucune colonne coupée) et le verdict
  vient en tête du résultat, amené à l'écran ;
- « Valeurs par défaut » efface l'adresse : recharger ne ramène pas l'ancien verdict ;
- chaque formulaire se choisit, se remplit et se soumet au clavier seul ;
- axe-core ne trouve aucune faute sérieuse ou critique, en clair et en sombre, après un verdict.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.calculateur import FORMULAIRES
from tests.cas_calculateur import CAS
from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.lecteur import choisir, remplir_et_calculer
from tests.moteur import exiger_runtime
from tests.navigateur import Browser, BrowserContext, Page, expect
from tests.parcours import TELEPHONE, fautes_axe
from tests.surveillance import Surveillance, ouvrir

pytestmark = pytest.mark.navigateur

NOMS = list(FORMULAIRES)
AVEC_DES = {nom: next((c.entrees for c in CAS if c.formulaire == nom and c.verdict), {}) for nom in NOMS}
"""Pour chaque formulaire, le premier cas de la table qui rend un verdict (sinon les valeurs par défaut)."""


@pytest.fixture(scope="module")
def telephone(
    browser: Browser, serveur_site: str, site_construit: SiteConstruit
) -> Iterator[tuple[BrowserContext, str]]:
    exiger_runtime(site_construit)
    contexte = browser.new_context(viewport=TELEPHONE)
    surveillance = Surveillance(contexte)
    yield contexte, serveur_site
    surveillance.verifier()
    contexte.close()


@pytest.fixture(scope="module")
def calculateur(telephone: tuple[BrowserContext, str]) -> Iterator[Page]:
    """Un onglet sur le calculateur, Python chargé une fois pour les tests qui calculent."""
    contexte, adresse = telephone
    page = contexte.new_page()
    ouvrir(page, adresse + "calculateur/")
    yield page
    page.close()


def _visibles(page: Page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('form.calc-formulaire')].filter((f) => f.offsetParent)"
        ".map((f) => f.dataset.formulaire)"
    )


def _debordements(page: Page, nom: str) -> list[Any]:
    """Chaque tableau du résultat plus large que sa boîte, et la page plus large que l'écran."""
    return page.evaluate(
        """(nom) => {
          const fautes = [];
          const form = document.getElementById('form-' + nom);
          for (const figure of form.querySelectorAll('.calc-resultat .calc-tableau')) {
            const boite = figure.getBoundingClientRect();
            const table = figure.querySelector('table').getBoundingClientRect();
            const defile = figure.querySelector('.calc-defile');
            if (table.right > boite.right + 0.5 || defile.scrollWidth > defile.clientWidth + 1)
              fautes.push([figure.querySelector('figcaption').textContent, table.width, boite.width]);
            for (const cellule of figure.querySelectorAll('th, td')) {
              const r = cellule.getBoundingClientRect();
              if (r.width && (r.right > boite.right + 0.5 || r.left < boite.left - 0.5))
                fautes.push(['cellule coupée', cellule.textContent, r.left, r.right, boite.left, boite.right]);
            }
          }
          const d = document.documentElement;
          if (d.scrollWidth > d.clientWidth) fautes.push(['page', d.scrollWidth, d.clientWidth]);
          return fautes;
        }""",
        nom,
    )


def test_le_selecteur_atteint_chaque_formulaire_et_lui_seul(telephone: tuple[BrowserContext, str]) -> None:
    contexte, adresse = telephone
    page = contexte.new_page()
    try:
        ouvrir(page, adresse + "calculateur/")
        assert _visibles(page) == [NOMS[0]], "sans adresse, le premier formulaire seul"
        selecteur = page.get_by_role("combobox", name="Mécanique")
        expect(selecteur).to_be_in_viewport()  # en haut de la page, sans défiler
        options = page.evaluate(
            "() => [...document.querySelectorAll('#calc-mecanique optgroup')]"
            ".map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.value)])"
        )
        systemes: dict[str, list[str]] = {}
        for f in FORMULAIRES.values():
            systemes.setdefault(f.systeme, []).append(f.nom)
        assert options == [[s, noms] for s, noms in systemes.items()]
        for nom in NOMS:
            choisir(page, nom)
            assert _visibles(page) == [nom]
            assert page.evaluate("() => location.hash") == f"#{nom}"
            expect(page.locator(f"h3#{nom}")).to_be_visible()
            autre = "WaRP" if FORMULAIRES[nom].systeme != "WaRP" else "3D6"
            expect(page.locator(f'.calc-systeme[data-systeme="{autre}"]')).to_be_hidden()
        # L'adresse choisit : une ancre (le lien d'une page de règles), puis ?f=… (un lien partagé sans entrée).
        ouvrir(page, adresse + "calculateur/#troisd6-effet")
        assert _visibles(page) == ["troisd6-effet"]
        page.evaluate("() => { location.hash = 'warp-etendu'; }")
        expect(page.locator("#form-warp-etendu")).to_be_visible()
        assert _visibles(page) == ["warp-etendu"]
    finally:
        page.close()


@pytest.mark.parametrize("nom", NOMS)
def test_aucun_tableau_ne_deborde_et_le_verdict_vient_en_tete(calculateur: Page, nom: str) -> None:
    page = calculateur
    remplir_et_calculer(page, nom, AVEC_DES[nom])
    assert _debordements(page, nom) == []
    resultat = page.locator(f"#form-{nom} .calc-resultat")
    premier = resultat.evaluate("(z) => z.firstElementChild.className")
    attendu = "calc-verdict" if page.locator(f"#form-{nom} .calc-verdict").count() else "calc-explication"
    assert premier == attendu, "le verdict (ou, sans dés, l'explication) d'abord"
    expect(resultat.locator(f".{attendu}")).to_be_in_viewport()


def test_valeurs_par_defaut_efface_l_adresse(telephone: tuple[BrowserContext, str]) -> None:
    contexte, adresse = telephone
    page = contexte.new_page()
    try:
        ouvrir(page, adresse + "calculateur/?f=warp-jet&trait=4&des=6+5+2+1#warp-jet")
        form = page.locator("#form-warp-jet")
        expect(form.locator(".calc-verdict-texte")).not_to_be_empty(timeout=CHARGEMENT_PYODIDE_MS)
        assert "trait=4" in page.url
        form.get_by_role("button", name="Valeurs par défaut", exact=False).click()
        assert page.url == adresse + "calculateur/#warp-jet"
        expect(form.locator(".calc-resultat")).to_be_hidden()
        ouvrir(page)
        assert _visibles(page) == ["warp-jet"]
        expect(form.locator('[name="trait"]')).to_have_value(FORMULAIRES["warp-jet"].champ("trait").defaut)
        page.wait_for_timeout(500)
        expect(form.locator(".calc-resultat")).to_be_hidden()
    finally:
        page.close()


@pytest.mark.parametrize("nom", NOMS)
def test_chaque_formulaire_au_clavier(calculateur: Page, nom: str) -> None:
    """Le sélecteur aux flèches, Tab jusqu'aux champs du formulaire choisi (aucun d'un autre), Entrée calcule."""
    page = calculateur
    # L'onglet sert à tout le module : un verdict d'avant a pu déplier « Plus d'options » de ce formulaire.
    # Chaque formulaire revient à son état de départ, comme par « Valeurs par défaut ».
    page.evaluate("() => document.querySelectorAll('form.calc-formulaire').forEach((f) => f.reset())")
    choisir(page, NOMS[0])
    page.locator("#calc-mecanique").focus()
    for _ in range(NOMS.index(nom)):
        page.keyboard.press("ArrowDown")
    expect(page.locator(f"#form-{nom}")).to_be_visible()
    f = FORMULAIRES[nom]
    champs = [c.nom for c in f.champs if not f.en_plus(c)]  # « Plus d'options » reste plié : Tab le passe
    vus: list[str] = []
    for _ in range(len(champs) + 12):
        page.keyboard.press("Tab")
        actif = page.evaluate(
            "() => ({form: document.activeElement.form?.dataset.formulaire ?? null,"
            " nom: document.activeElement.name || document.activeElement.textContent})"
        )
        if actif["form"] is not None:
            assert actif["form"] == nom, f"le focus est entré dans un formulaire caché : {actif}"
            vus.append(actif["nom"])
        if actif["nom"] == "Calculer":
            break
    assert vus == [*champs, "Calculer"]
    page.keyboard.press("Enter")
    expect(page.locator(f"#form-{nom} .calc-etat")).to_contain_text("calculées", timeout=CHARGEMENT_PYODIDE_MS)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_apres_un_verdict_en_clair_et_en_sombre(calculateur: Page, axe_core: str, theme: str) -> None:
    page = calculateur
    page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
    for nom in ("troisd6-scene", "warp-jet"):
        remplir_et_calculer(page, nom, AVEC_DES[nom])
    expect(page.locator("#form-warp-jet .calc-verdict-texte")).not_to_be_empty()
    assert fautes_axe(page, axe_core, f"calculateur/ ({theme}, 375 px, après un verdict)") == []
