"""« Et si… ? » dans un vrai navigateur (Chromium de Debian, Playwright) : le calculateur répond sous une variante
cochée, son lien à partager la garde (`&variante=ID`) et la rouvre ; un lien à une variante qui ne change pas le
formulaire se dit invalide ; deux variantes qui s'excluent sont refusées en se nommant ; la page « Et si… ? » ne
déborde pas à 375 px."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlparse

import pytest

from rules.calculateur import calculer
from rules.et_si import EXEMPLES
from rules.variantes import REGLES_MAISON, VARIANTES
from tests.conftest import SiteConstruit
from tests.moteur import exiger_runtime
from tests.navigateur import Browser, expect
from tests.test_calculateur_navigateur import CHARGEMENT_MS, Onglet, _affiche, _calculer_au_clavier, _form, _remplir

pytestmark = pytest.mark.navigateur

OPPOSE = {"trait_premier": "3", "trait_second": "1", "des_premier": "1 1 1", "des_second": "2"}
"""Une Catastrophe à 3d contre 1d (warp/jets-opposes.md) : elle perd sous le texte, l'emporte au total."""

CONTRE = {"defense": "contre_attaque", "des_attaque": "5 3 2", "des_defense": "4 3 2", "effet_attaque": "4"}
"""Une contre-attaque (troisd6/scenes-majeures.md) qui échoue sous le malus du texte et réussit sans malus."""


@pytest.fixture(scope="module")
def onglet_et_si(browser: Browser, serveur_site: str, site_construit: SiteConstruit) -> Iterator[Onglet]:
    exiger_runtime(site_construit)
    o = Onglet(browser, serveur_site)
    yield o
    o.verifier()
    o.contexte.close()


def test_le_calculateur_repond_sous_une_variante_et_son_lien_la_garde(onglet_et_si: Onglet) -> None:
    page = onglet_et_si.page
    _remplir(page, "warp-oppose", OPPOSE)
    form = _form(page, "warp-oppose")
    _calculer_au_clavier(page, "warp-oppose")
    texte = calculer("warp-oppose", OPPOSE)
    assert _affiche(page, "warp-oppose")["verdict"] == texte.verdict
    assert "variante=" not in page.url

    form.locator("details.calc-variantes > summary").click()
    form.get_by_label(VARIANTES["catastrophe-au-total"].titre).check()
    _calculer_au_clavier(page, "warp-oppose")
    variante = calculer("warp-oppose", OPPOSE, variantes=["catastrophe-au-total"])
    assert variante.verdict != texte.verdict  # la variante change bien ce verdict-là
    affiche = _affiche(page, "warp-oppose")
    assert (affiche["verdict"], affiche["explication"]) == (variante.verdict, variante.explication)
    expect(form.locator(".calc-lecture")).to_contain_text(VARIANTES["catastrophe-au-total"].titre)
    lien = form.get_by_role("link", name="Lien vers ce résultat").get_attribute("href") or ""
    assert parse_qs(urlparse(lien).query)["variante"] == ["catastrophe-au-total"] and lien == page.url

    autre = onglet_et_si.ouvrir(lien)
    try:
        expect(_form(autre, "warp-oppose").locator(".calc-etat")).to_contain_text("calculées", timeout=CHARGEMENT_MS)
        expect(_form(autre, "warp-oppose").get_by_label(VARIANTES["catastrophe-au-total"].titre)).to_be_checked()
        assert _affiche(autre, "warp-oppose") == affiche
    finally:
        autre.close()
    # « Valeurs par défaut » revient au texte : la case se décoche, le lien n'a plus de variante.
    form.get_by_role("button", name="Valeurs par défaut", exact=False).click()
    expect(form.get_by_label(VARIANTES["catastrophe-au-total"].titre)).not_to_be_checked()


def test_le_calculateur_repond_sous_une_regle_maison_et_son_lien_la_garde(onglet_et_si: Onglet) -> None:
    page = onglet_et_si.page
    nom, regle = "troisd6-defense", REGLES_MAISON["malus_contre_attaque"]
    _remplir(page, nom, CONTRE)
    form = _form(page, nom)
    form.locator("details.calc-variantes > summary").click()
    champ = form.get_by_label(regle.titre)
    champ.fill(str(regle.maximum))
    _calculer_au_clavier(page, nom)
    maison = calculer(nom, CONTRE, maison={regle.id: regle.maximum})
    assert maison.verdict != calculer(nom, CONTRE).verdict  # la règle maison change bien ce verdict-là
    affiche = _affiche(page, nom)
    assert (affiche["verdict"], affiche["explication"]) == (maison.verdict, maison.explication)
    expect(form.locator(".calc-lecture")).to_contain_text(regle.titre)
    lien = form.get_by_role("link", name="Lien vers ce résultat").get_attribute("href") or ""
    assert parse_qs(urlparse(lien).query)["maison"] == [f"{regle.id}:{regle.maximum}"] and lien == page.url

    autre = onglet_et_si.ouvrir(lien)
    try:
        expect(_form(autre, nom).locator(".calc-etat")).to_contain_text("calculées", timeout=CHARGEMENT_MS)
        expect(_form(autre, nom).get_by_label(regle.titre)).to_have_value(str(regle.maximum))
        assert _affiche(autre, nom) == affiche
    finally:
        autre.close()
    # Hors de ses bornes : le refus de la règle, sous son champ, sans résultat.
    champ.fill(str(regle.maximum + 1))
    _calculer_au_clavier(page, nom)
    refus = calculer(nom, CONTRE, maison={regle.id: regle.maximum + 1}).erreurs[regle.id]
    expect(form.locator(f"#{nom}-maison-{regle.id}-erreur")).to_have_text(refus)
    expect(champ).to_have_attribute("aria-invalid", "true")
    expect(form.locator(".calc-resultat")).to_be_hidden()
    # « Valeurs par défaut » revient au texte : le champ se vide.
    form.get_by_role("button", name="Valeurs par défaut", exact=False).click()
    expect(champ).to_have_value("")


@pytest.mark.parametrize(
    ("maison", "message"),
    [
        ("inconnue:1", "Ce lien est invalide : la règle maison « inconnue » ne change pas ce formulaire."),
        ("malus_familiarite:-1", "Ce lien est invalide : la règle maison « malus_familiarite » ne change pas ce formulaire."),
        ("malus_contre_attaque:deux", "Ce lien est invalide : la règle maison « malus_contre_attaque » n'y vaut pas un nombre entier."),
    ],
)  # fmt: skip
def test_un_lien_a_une_regle_maison_fausse_se_dit_invalide(onglet_et_si: Onglet, maison: str, message: str) -> None:
    page = onglet_et_si.ouvrir(f"calculateur/?f=troisd6-defense&maison={maison}#troisd6-defense")
    try:
        expect(_form(page, "troisd6-defense").locator(".calc-erreur-generale")).to_have_text(message)
        expect(_form(page, "troisd6-defense").locator(".calc-resultat")).to_be_hidden()
        assert _form(page, "troisd6-defense").locator(".calc-etat").text_content() == ""  # rien n'a été calculé
    finally:
        page.close()


def test_un_lien_a_une_variante_etrangere_au_formulaire_se_dit_invalide(onglet_et_si: Onglet) -> None:
    page = onglet_et_si.ouvrir("calculateur/?f=warp-oppose&variante=triple-aussi-double#warp-oppose")
    try:
        expect(_form(page, "warp-oppose").locator(".calc-erreur-generale")).to_have_text(
            "Ce lien est invalide : la variante « triple-aussi-double » ne change pas ce formulaire."
        )
        expect(_form(page, "warp-oppose").locator(".calc-resultat")).to_be_hidden()
    finally:
        page.close()


def test_deux_variantes_qui_s_excluent_sont_refusees_en_se_nommant(onglet_et_si: Onglet) -> None:
    a, b = "meilleure-defense-moins-de-points", "meilleure-defense-rien-subir"
    page = onglet_et_si.ouvrir(f"calculateur/?f=troisd6-apres-attaque&variante={a}&variante={b}#troisd6-apres-attaque")
    try:
        etat = _form(page, "troisd6-apres-attaque").locator(".calc-etat")
        expect(etat).to_contain_text(f"« {a} » et « {b} » s'excluent", timeout=CHARGEMENT_MS)
    finally:
        page.close()


def test_la_page_et_si_se_lit_a_375_px(onglet_et_si: Onglet) -> None:
    page = onglet_et_si.ouvrir("et-si/")
    try:
        assert page.locator("figure.graphique svg").count() >= len(VARIANTES)
        largeurs = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert largeurs[0] <= largeurs[1], f"la page « Et si » déborde à 375 px : {largeurs}"
        boite = page.locator("figure.graphique svg").first.bounding_box()
        assert boite is not None and boite["width"] <= largeurs[1]
        # Les exemples rejoués : chaque exemple en bloc, rien à faire défiler de côté (vu rouge sans empilable :
        # des tableaux de 900 à 2 060 px dans 343 px).
        tableaux = page.evaluate(
            "() => [...document.querySelectorAll('.et-si-exemples table')]"
            ".map(t => [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right])"
        )
        assert len(tableaux) == sum(1 for i in VARIANTES if EXEMPLES.get(i))
        assert all(s <= c and droite <= largeurs[1] for s, c, droite in tableaux), tableaux
    finally:
        page.close()


def test_une_variante_gardee_se_rappelle_sur_les_pages_qu_elle_change(onglet_et_si: Onglet) -> None:
    """Gardée depuis « Et si… ? » : le bandeau la rappelle sur la page de sa boîte, pas ailleurs ; le calculateur la
    coche d'avance ; « Revenir au texte » l'oublie."""
    titre = VARIANTES["triple-aussi-double"].titre
    page = onglet_et_si.ouvrir("et-si/")
    try:
        bouton = page.locator("#triple-aussi-double + .et-si-garder")
        expect(bouton).to_have_text("Garder cette lecture sur cet appareil")
        bouton.click()
        expect(bouton).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".et-si-bandeau")).to_contain_text(f"Vous lisez avec 1 variante : {titre}.")
    finally:
        page.close()
    ailleurs = onglet_et_si.ouvrir("warp/jets-simples/")
    try:
        expect(ailleurs.locator(".et-si-bandeau")).to_be_hidden()  # elle ne change pas cette page
    finally:
        ailleurs.close()
    calcul = onglet_et_si.ouvrir("calculateur/#troisd6-scene")
    try:
        expect(_form(calcul, "troisd6-scene").get_by_label(titre)).to_be_checked()
        expect(_form(calcul, "warp-oppose").locator("input.calc-variante:checked")).to_have_count(0)
    finally:
        calcul.close()
    jets = onglet_et_si.ouvrir("troisd6/jets/")
    try:
        bandeau = jets.locator(".et-si-bandeau")
        expect(bandeau).to_contain_text(f"Vous lisez avec 1 variante : {titre}.")
        assert bandeau.get_by_role("link", name="Ce qu'elle change").get_attribute("href") == (
            "../../et-si/#triple-aussi-double"
        )
        bandeau.get_by_role("button", name="Revenir au texte").click()
        expect(bandeau).to_be_hidden()
        assert jets.evaluate("() => localStorage.getItem('regles-variantes')") is None
    finally:
        jets.close()
