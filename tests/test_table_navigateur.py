"""« À la table » dans Chromium, sur un téléphone de 375 px : les fiches, les jets, le journal, la scène suivie.

- une fiche se remplit et se garde **avant que Python soit chargé** (son chargement retenu), puis Python la
  vérifie de lui-même ; une valeur refusée l'est sous son champ, avec la phrase de la règle, et la dernière
  version acceptée reste gardée ;
- une ligne touchée, des dés tapés : la carte est celle des pages (le même rendu, d'après le même jet) et la
  chance d'un jet au moins aussi bon est celle de `rules.table` ; le jet entre au journal, qui s'efface ;
- un fichier importé ajoute ses fiches, un fichier refusé ne change rien ; l'export suit le schéma publié ;
- la poursuite de Nice jouée tour par tour avec les dés du texte : l'erratum du tour 1, la décision du MJ,
  le tour 2, les chances après chaque tour (celles de `chances_suivies`), annuler, et un lien qui rouvre l'état ;
- un Test étendu et un Test coopératif suivis jusqu'au bout ;
- sans réseau, une fois Python chargé : la fiche s'ouvre et lance encore ;
- axe-core ne trouve rien de grave, en clair et en sombre, à 375 et 1280 px ; rien ne déborde à 375 px ;
  chaque contrôle s'atteint au clavier.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from hooks.cartes.cartes_rendu import carte
from rules.affichage import pourcentage
from rules.table import (
    Camp,
    SceneSuivie,
    TourSuivi,
    ajuster,
    chances_suivies,
    jouer_tour,
    lancer,
    lire_fiche,
    schema,
)
from rules.table._suivi import FORMAT_SCENE
from tests import lecteur
from tests.a_la_table import (
    ADA,
    BOURRIN,
    CLE,
    PAGE,
    PHILIP,
    TRUANDS,
    attendre_la_demande_du_wasm,
    garder,
    jeter,
    lignes_pretes,
)
from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.moteur import exiger_runtime as _exiger_runtime
from tests.navigateur import Browser, BrowserContext, Page, expect
from tests.parcours import LARGEURS, MODES, TELEPHONE
from tests.surveillance import ouvrir
from tests.test_accessibilite_interactions import CHOISIR_LA_PALETTE, _axe

pytestmark = pytest.mark.navigateur


contexte = lecteur.contexte
autre_contexte = lecteur.autre_contexte
"""La fixture : le téléphone du worker (375 px), surveillé, rendu propre après chaque test (`tests/lecteur.py`)."""


# --- Une fiche avant Python, ses refus ------------------------------------------------------------------


def test_une_fiche_se_remplit_et_se_garde_avant_que_python_soit_charge(
    contexte: BrowserContext, serveur_site: str
) -> None:
    retenues: list[Any] = []
    contexte.route("**/pyodide.asm.wasm", lambda route: retenues.append(route))  # le chargement attend
    page = contexte.new_page()
    ouvrir(page, serveur_site + PAGE)
    page.get_by_role("button", name="Nouvelle fiche WaRP").click()
    page.get_by_label("Nom du personnage").fill("Ada")
    page.get_by_role("button", name="Ajouter : trait").click()
    page.get_by_label("Nom du Trait").fill("Mécanique")
    page.get_by_label("Dés (facultatif)").fill("3d")
    page.get_by_role("button", name="Enregistrer la fiche").click()
    expect(page.get_by_role("status").filter(has_text="sera vérifiée dès que Python sera chargé")).to_be_visible()
    attendre_la_demande_du_wasm(page, retenues)
    assert retenues, "Python ne se chargeait pas"
    gardees = json.loads(page.evaluate(f"localStorage.getItem('{CLE}fiches')"))
    assert gardees[0]["brouillon"]["traits"] == [{"nom": "Mécanique", "des": "3d"}] and gardees[0]["fiche"] is None
    # Gardée sur l'appareil : la page rechargée la montre tout de suite, Python toujours retenu.
    page.reload(wait_until="load")
    expect(page.get_by_label("Personnage")).to_have_text("Ada (WaRP)")
    expect(page.get_by_text("Des modifications attendent d'être vérifiées")).to_be_visible()
    assert page.evaluate("() => !window.cellules.moteur.charge")
    contexte.unroute("**/pyodide.asm.wasm")
    for route in retenues:  # celle de la page d'avant le rechargement : déjà abandonnée par le navigateur
        with contextlib.suppress(Exception):
            route.continue_()
    # Python chargé, il vérifie la fiche de lui-même : « 3d » devient 3 dés.
    expect(page.get_by_role("button", name="Mécanique, 3d", exact=True)).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    gardees = json.loads(page.evaluate(f"localStorage.getItem('{CLE}fiches')"))
    assert gardees[0]["fiche"]["traits"] == [{"nom": "Mécanique", "des": 3}] and gardees[0]["brouillon"] is None


def test_une_valeur_refusee_l_est_sous_son_champ_et_rien_n_est_perdu(
    contexte: BrowserContext, serveur_site: str
) -> None:
    page = contexte.new_page()
    garder(page, [PHILIP])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "Conduite Voiture 2, seuil 12")
    page.get_by_role("button", name="Modifier la fiche").click()
    indice = page.get_by_label("Indice (facultatif)")
    indice.fill("1D8")
    page.get_by_role("button", name="Enregistrer la fiche").click()
    expect(indice).to_have_attribute("aria-invalid", "true")
    erreur = page.locator(f"#{indice.get_attribute('aria-describedby').split()[-1]}")  # type: ignore[union-attr]
    expect(erreur).to_have_text(
        "Caractéristiques n° 1, Indice : doit s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement), reçu '1D8'"
    )
    expect(indice).to_be_focused()
    gardees = json.loads(page.evaluate(f"localStorage.getItem('{CLE}fiches')"))
    assert gardees[0]["fiche"] == PHILIP, "la dernière version acceptée est perdue"
    page.get_by_role("button", name="Annuler les modifications").click()
    expect(page.get_by_text("Des modifications de cette fiche sont refusées")).to_be_visible()
    expect(page.get_by_role("button", name="Effet DEX (2D6)", exact=True)).to_be_visible()


# --- Une ligne qui lance, le journal --------------------------------------------------------------------


def test_une_ligne_lance_la_carte_des_pages_et_la_chance_exacte(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    garder(page, [BOURRIN])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "Phaseur, 3d")
    page.get_by_role("button", name="Phaseur, 3d", exact=True).click()
    page.get_by_role("group", name="Dés de bonus").get_by_role("radio", name="1", exact=True).check()
    page.get_by_label("Dé d'expérience, accepté par le MJ (1 disponible)").check()
    page.get_by_label("Dés jetés").fill("6 2 5 1 4")
    page.get_by_role("button", name="Valider mes dés").click()
    attendu = lancer(lire_fiche(BOURRIN), "trait", 0, bonus=1, experience=True, des=(6, 2, 5, 1, 4))
    jet = page.locator(".table-jet")
    expect(jet.locator(".table-phrase")).to_have_text(attendu.phrase)
    c = carte(attendu.resultat)
    assert c is not None
    expect(jet.locator("figure.carte")).to_have_attribute("data-carte", c.texte)
    expect(jet.locator(".carte-verdict .carte-etiquette")).to_have_text("Magistrale")
    expect(jet).to_contain_text("Le MJ accepte : 1 dé de bonus pour « Phaseur »")
    expect(page.get_by_text("Dés d'expérience : 0 disponible, 1 converti pendant cette partie.")).to_be_visible()
    # « Lancer pour moi » : des dés tirés, montrés dans le champ, et leur verdict.
    page.get_by_role("button", name="Lancer pour moi").click()
    expect(page.get_by_label("Dés jetés")).to_have_value(re.compile(r"^[1-6]( [1-6]){3}$"))
    page.get_by_role("button", name="Journal", exact=True).click()
    lignes = page.locator("ol.table-journal li")
    expect(lignes).to_have_count(2)
    expect(lignes.nth(1)).to_contain_text(attendu.journal)


def test_le_journal_se_copie_et_s_efface(contexte: BrowserContext, serveur_site: str) -> None:
    contexte.grant_permissions(["clipboard-read", "clipboard-write"])
    page = contexte.new_page()
    garder(page, [PHILIP])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "DEX +0, seuil 10")
    jeter(page, "DEX +0, seuil 10", "1 1 1")
    expect(page.locator(".table-phrase")).to_have_text(
        "Un jet comme celui-là ou mieux (Réussite critique) arrive 1 fois sur 72."
    )
    page.get_by_role("button", name="Journal", exact=True).click()
    page.get_by_role("button", name="Copier le journal").click()
    expect(page.locator(".table-annonce")).to_have_text("Journal copié.")
    copie = page.evaluate("navigator.clipboard.readText()")
    assert copie.startswith("Journal de Philip (À la table, Règles exécutables)\n")
    assert "Philip, DEX +0, seuil 10 : Réussite critique." in copie
    page.get_by_role("button", name="Effacer le journal").click()
    page.get_by_role("button", name="Confirmer : effacer le journal").click()
    expect(page.get_by_text("Aucun jet de Philip au journal.")).to_be_visible()
    ouvrir(page)
    page.get_by_role("button", name="Journal", exact=True).click()
    expect(page.get_by_text("Aucun jet de Philip au journal.")).to_be_visible()


# --- Importer, exporter --------------------------------------------------------------------------------


def test_importer_un_fichier_refuse_ne_change_rien_et_l_export_suit_le_schema(
    contexte: BrowserContext, serveur_site: str, tmp_path: Path
) -> None:
    page = contexte.new_page()
    garder(page, [BOURRIN])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "Phaseur, 3d")
    refuse = tmp_path / "refuse.json"
    refuse.write_text(
        json.dumps({"format": "regles-executables/fiches", "version": 1, "fiches": [{**PHILIP, "armure": 99}]})
    )
    with page.expect_file_chooser() as choix:
        page.get_by_role("button", name="Importer un fichier").click()
    choix.value.set_files(str(refuse))
    refus = page.get_by_role("group", name="Document refusé")
    expect(refus).to_contain_text("Le document est refusé (1 valeur) : rien n'est changé.")
    expect(refus).to_contain_text("Fiche n° 1, Armure : doit être un entier entre 0 et 20, reçu 99")
    expect(page.get_by_label("Personnage").locator("option")).to_have_count(1)
    valide = tmp_path / "valide.json"
    valide.write_text(json.dumps({"format": "regles-executables/fiches", "version": 1, "fiches": [PHILIP, BOURRIN]}))
    with page.expect_file_chooser() as choix:
        page.get_by_role("button", name="Importer un fichier").click()
    choix.value.set_files(str(valide))
    expect(page.locator(".table-annonce")).to_have_text("2 fiches ajoutées (valide.json).")
    expect(page.get_by_label("Personnage").locator("option")).to_have_count(3)  # le bourrin importé : une copie
    with page.expect_download() as telechargement:
        page.get_by_role("button", name="Exporter les fiches").click()
    exporte = json.loads(Path(telechargement.value.path()).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema()).validate(exporte)
    assert [f["nom"] for f in exporte["fiches"]] == ["le bourrin", "Philip", "le bourrin"]
    assert len({f["id"] for f in exporte["fiches"]}) == 3


def test_une_fiche_partagee_par_lien_se_garde_sur_un_autre_appareil(
    contexte: BrowserContext, autre_contexte: BrowserContext, serveur_site: str
) -> None:
    contexte.grant_permissions(["clipboard-read", "clipboard-write"])
    page = contexte.new_page()
    garder(page, [PHILIP])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "DEX +0, seuil 10")
    page.evaluate("() => { delete navigator.share; }")
    page.get_by_role("button", name="Partager par lien").click()
    expect(page.locator(".table-annonce")).to_have_text("Lien copié : collez-le dans un message.")
    lien = page.evaluate("navigator.clipboard.readText()")
    assert "#fiche=" in lien
    recu = autre_contexte.new_page()
    ouvrir(recu, lien)
    bandeau = recu.get_by_role("group", name="Reçu par un lien")
    expect(bandeau).to_contain_text("Une fiche reçue par un lien : Philip.")
    bandeau.get_by_role("button", name="Garder cette fiche").click()
    expect(recu.get_by_role("button", name="Conduite Voiture 2, seuil 12", exact=True)).to_be_visible(
        timeout=CHARGEMENT_PYODIDE_MS
    )
    assert "#fiche" not in recu.url


# --- La scène suivie -------------------------------------------------------------------------------------

PHILIP_CAMP = Camp(
    "Philip", seuil=12, indice="2D6", fiche="philip", detail="Conduite Voiture (seuil 12), effets DEX 2D6"
)
TRUANDS_CAMP = Camp(
    "les truands", seuil=11, indice="1D6+1D3", fiche="truands", detail="Conduite Voiture (seuil 11), effets DEX 1D6+1D3"
)


TOUR = "Tour {} — attaque : {} ; défense : {}"


def _chances(page: Page) -> list[str]:
    return page.locator(".table-chance strong").all_text_contents()


def _attendues(scene: SceneSuivie) -> list[str]:
    c = chances_suivies(scene)
    assert c is not None
    return [pourcentage(c.victoire_premier), pourcentage(c.victoire_second)]


def _tour(page: Page, des_attaque: str, effet: str, defense: str, des_defense: str, effet_defense: str = "") -> None:
    formulaire = page.get_by_role("form", name="Tour", exact=False)
    formulaire.get_by_label("Dés de l'attaque", exact=False).fill(des_attaque)
    formulaire.get_by_label("Jet d'effet de l'attaque (le total)").fill(effet)
    formulaire.get_by_role("group", name="Défense", exact=False).get_by_role("radio", name=defense, exact=True).check()
    formulaire.get_by_label("Dés de la défense", exact=False).fill(des_defense)
    formulaire.get_by_label("Jet d'effet du blocage (le total)").fill(effet_defense)


def test_la_poursuite_de_nice_se_suit_tour_par_tour_avec_ses_chances(
    contexte: BrowserContext, autre_contexte: BrowserContext, serveur_site: str
) -> None:
    contexte.grant_permissions(["clipboard-read", "clipboard-write"])
    page = contexte.new_page()
    garder(page, [PHILIP, TRUANDS])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "DEX +0, seuil 10")
    page.get_by_role("button", name="Scène", exact=True).click()
    page.get_by_role("button", name="Scène majeure (3D6)").click()
    page.get_by_role("button", name="Commencer").click()
    scene = SceneSuivie(FORMAT_SCENE, a=PHILIP_CAMP, b=TRUANDS_CAMP)
    expect(page.get_by_role("heading", name=TOUR.format(1, "Philip", "les truands"))).to_be_visible(
        timeout=CHARGEMENT_PYODIDE_MS
    )
    assert _chances(page) == _attendues(scene)
    # Tour 1, les dés du texte : la meilleure défense s'affiche dès les dés de l'attaque tapés.
    page.get_by_role("group", name="Risque : modificateur au jet (aux deux jets)").get_by_role(
        "radio", name="−3", exact=True
    ).check()
    _tour(page, "3 2 5", "3", "blocage", "4 2 1", "4")
    expect(page.locator(".table-conseil")).to_contain_text("Attaque : Échec simple.")
    page.get_by_role("button", name="Jouer le tour").click()
    expect(page.get_by_role("heading", name=TOUR.format(2, "les truands", "Philip"))).to_be_visible()
    scene, joue = jouer_tour(
        scene, TourSuivi("tour", -3, des_attaque=(3, 2, 5), effet_attaque=3, des_defense=(4, 2, 1), effet_defense=4)
    )
    assert _chances(page) == _attendues(scene)
    expect(page.locator("ol.table-historique li")).to_have_text([joue.texte.removeprefix("Tour 1 — ")])
    expect(page.locator("figure.carte")).to_have_attribute("data-carte", carte(joue.echange).texte)  # type: ignore[union-attr]
    # La décision du MJ (le texte poursuit avec Philip à l'initiative), puis le tour 2.
    page.get_by_text("Décision du MJ (initiative, avantages)").click()
    page.get_by_label("Initiative").select_option("Philip")
    page.get_by_role("button", name="Appliquer la décision").click()
    expect(page.get_by_role("heading", name=TOUR.format(2, "Philip", "les truands"))).to_be_visible()
    scene = ajuster(scene, initiative="Philip", raison="décision du MJ")
    assert _chances(page) == _attendues(scene)
    page.get_by_role("group", name="Risque : modificateur au jet (aux deux jets)").get_by_role(
        "radio", name="−1", exact=True
    ).check()
    _tour(page, "1 6 3", "5", "contre-attaque", "5 6 2")
    page.get_by_role("button", name="Jouer le tour").click()
    expect(page.get_by_role("heading", name=TOUR.format(3, "Philip", "les truands"))).to_be_visible()
    expect(page.locator(".table-camps")).to_contain_text("avantage moyen")
    scene, _ = jouer_tour(
        scene,
        TourSuivi("tour", -1, des_attaque=(1, 6, 3), effet_attaque=5, defense="contre_attaque", des_defense=(5, 6, 2)),
    )
    apres_2 = _attendues(scene)
    assert _chances(page) == apres_2
    # Annuler le tour 2 : la page revient où elle était ; le rejouer, et partager l'état par lien.
    page.get_by_role("button", name="Annuler le dernier tour").click()
    expect(page.get_by_role("heading", name=TOUR.format(2, "Philip", "les truands"))).to_be_visible()
    page.get_by_role("button", name="Annuler le dernier tour").click()
    expect(page.get_by_role("heading", name=TOUR.format(2, "les truands", "Philip"))).to_be_visible()
    page.evaluate("() => { delete navigator.share; }")
    page.get_by_role("button", name="Partager l'état par lien").click()
    lien = page.evaluate("navigator.clipboard.readText()")
    recu = autre_contexte.new_page()
    ouvrir(recu, lien)
    recu.get_by_role("button", name="Ouvrir cette scène").click()
    expect(recu.get_by_role("heading", name=TOUR.format(2, "les truands", "Philip"))).to_be_visible(
        timeout=CHARGEMENT_PYODIDE_MS
    )
    assert _chances(recu) == _chances(page)
    # La scène est gardée sur l'appareil : la page rechargée la montre avant Python.
    ouvrir(page)
    page.get_by_role("button", name="Scène", exact=True).click()
    expect(page.get_by_role("heading", name=TOUR.format(2, "les truands", "Philip"))).to_be_visible()


# --- Test étendu, Test coopératif -----------------------------------------------------------------------

BOB = {"id": "bob", "systeme": "warp", "nom": "Bob", "traits": [{"nom": "Bricolage", "des": 2}]}


def _preparer(page: Page, sorte: str) -> None:
    page.get_by_role("button", name="Scène", exact=True).click()
    page.get_by_role("button", name=sorte).click()


def test_un_test_etendu_se_suit_round_par_round(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    garder(page, [ADA])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "Mécanique, 3d")
    _preparer(page, "Test étendu (WaRP)")
    page.get_by_label("Complexité (Progrès nécessaires)").fill("2")
    page.get_by_label("Maniabilité (Revers qui font échouer)").fill("25")
    page.get_by_role("button", name="Commencer").click()
    expect(page.get_by_text("Maniabilité : doit être un entier entre 1 et 20, reçu 25")).to_be_visible()
    page.get_by_label("Maniabilité (Revers qui font échouer)").fill("2")
    page.get_by_role("button", name="Commencer").click()
    expect(page.get_by_role("heading", name="Test étendu : Ada, Mécanique 3d")).to_be_visible()
    debut = page.locator(".table-chance strong").text_content()
    page.get_by_label("Dés jetés").fill("5 3 2")
    page.get_by_role("button", name="Jouer", exact=True).click()
    expect(page.get_by_text("Progrès 1 sur 2, Revers 0 sur 2 ; 1 round joué (1 h).")).to_be_visible()
    assert page.locator(".table-chance strong").text_content() != debut
    page.get_by_label("Dépenser le dé d'expérience dès ce round, accepté par le MJ (1 disponible)").check()
    page.get_by_label("Dés jetés").fill("6 4 3 1")
    page.get_by_role("button", name="Jouer", exact=True).click()
    expect(page.locator(".table-phrase")).to_have_text(
        "Complexité 2 dépassée (3 Progrès) au round 2 : Magistrale. Temps passé : 2 rounds × 1 h = 2 h."
    )
    expect(page.locator("figure.carte .carte-titre")).to_have_text("Test étendu")
    page.get_by_role("button", name="Annuler le dernier round").click()
    expect(page.get_by_text("Progrès 1 sur 2, Revers 0 sur 2 ; 1 round joué (1 h).")).to_be_visible()


def test_un_test_cooperatif_se_suit_beta_par_beta(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    garder(page, [ADA, BOB])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "Mécanique, 3d")
    _preparer(page, "Test coopératif (WaRP)")
    page.get_by_role("group", name="Bêta 1").get_by_label("Fiche").select_option("bob")
    page.get_by_role("button", name="Commencer").click()
    expect(page.get_by_role("heading", name="Bêta 1 : Bob, Bricolage (2 dés à jeter)")).to_be_visible()
    page.get_by_label("Dés jetés").fill("4 3")
    page.get_by_role("button", name="Jouer", exact=True).click()
    expect(page.get_by_text("Aide jusqu'ici : 1d de bonus.")).to_be_visible()
    expect(page.get_by_role("heading", name="Alpha : Ada, Mécanique (4 dés à jeter)")).to_be_visible()
    page.get_by_label("Dés jetés").fill("5 4 2 1")
    page.get_by_role("button", name="Jouer", exact=True).click()
    expect(page.locator(".table-phrase")).to_contain_text(
        "Réussite : Bêta 1 : Réussite (+1) ; aide totale : 1d de bonus."
    )
    expect(page.locator("figure.carte .carte-titre")).to_have_text("Test coopératif")


# --- Sans réseau ------------------------------------------------------------------------------------------


def test_sans_reseau_la_fiche_s_ouvre_et_lance_encore(
    browser: Browser, serveur_site: str, site_construit: SiteConstruit
) -> None:
    """Une visite avec du réseau (Python lancé une fois), puis le réseau coupé : la page, la fiche, un jet."""
    _exiger_runtime(site_construit)
    contexte = browser.new_context(viewport=TELEPHONE, service_workers="allow")
    try:
        hors_site: list[str] = []
        contexte.on("request", lambda r: hors_site.append(r.url) if "127.0.0.1" not in r.url else None)
        page = contexte.new_page()
        garder(page, [BOURRIN])
        page.goto(serveur_site + PAGE, wait_until="load")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        lignes_pretes(page, "Phaseur, 3d")
        jeter(page, "Phaseur, 3d", "5 3 2")
        expect(page.locator(".table-phrase")).to_contain_text("Un jet comme celui-là ou mieux (Réussite ou mieux)")
        contexte.set_offline(True)
        page.reload(wait_until="load")
        expect(page.get_by_role("button", name="Phaseur, 3d", exact=True)).to_be_visible()  # avant Python
        jeter(page, "Phaseur, 3d", "6 6 6")
        expect(page.locator(".table-phrase")).to_have_text(
            "Un jet comme celui-là ou mieux (Magistrale) arrive 38,0 % des fois.", timeout=CHARGEMENT_PYODIDE_MS
        )
        page.get_by_role("button", name="Journal", exact=True).click()
        expect(page.locator("ol.table-journal li")).to_have_count(2)
        assert not hors_site, f"requêtes hors de 127.0.0.1 : {hors_site}"
    finally:
        contexte.close()


# --- Accessible, au pouce, au clavier ---------------------------------------------------------------------

CONTROLES = """() => {
  const app = document.getElementById("table-appli");
  const visibles = [...app.querySelectorAll("button, input, select, textarea, summary, a[href]")]
    .filter((e) => e.checkVisibility() && !e.disabled && !(e.type === "radio" && !e.checked) && !e.closest("details:not([open]) > :not(summary)"));
  visibles.forEach((e, i) => (e.dataset.essai = String(i)));
  return visibles.map((e) => e.dataset.essai);
}"""
"""Chaque contrôle visible de l'application (un seul par groupe de boutons radio : celui qui est coché), numéroté."""

PETITS = """() => [...document.querySelectorAll("#table-appli :is(button, select, input[type=text], summary, .table-puce, .table-case)")]
  .filter((e) => e.checkVisibility())
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
  .map((e) => e.outerHTML.slice(0, 80))"""
"""Les cibles de l'application plus petites que 44 × 44 px."""


def _au_clavier(page: Page) -> None:
    """Tab, depuis le premier bouton de l'application, atteint chacun de ses contrôles avant d'en sortir."""
    attendus = set(page.evaluate(CONTROLES))
    page.locator("#table-appli .table-onglets button").first.focus()
    atteints = set()
    for _ in range(3 * len(attendus) + 10):
        essai = page.evaluate("() => document.activeElement && document.activeElement.dataset.essai")
        if essai is None and atteints:
            break
        atteints.add(essai)
        page.keyboard.press("Tab")
    manquants = attendus - atteints
    assert not manquants, f"contrôles jamais atteints au clavier : {manquants}"


def _etats(page: Page) -> Iterator[str]:
    """La page dans quatre états : une fiche et son jet, une scène jouée et son conseil, le journal, une préparation."""
    lignes_pretes(page, "DEX +0, seuil 10")
    jeter(page, "Conduite Voiture 2, seuil 12", "3 2 4")
    expect(page.locator("figure.carte")).to_be_visible()
    yield "une fiche et son jet"
    page.get_by_role("button", name="Scène", exact=True).click()
    page.get_by_role("button", name="Scène majeure (3D6)").click()
    page.get_by_role("button", name="Commencer").click()
    _tour(page, "3 2 4", "3", "blocage", "4 2 1", "4")
    page.get_by_role("button", name="Jouer le tour").click()
    # Le formulaire du tour 2, que Python rend une fois le tour 1 joué : des dés tapés avant, dans celui du
    # tour 1, partiraient avec lui (vu ainsi sous charge : aucun conseil en 20 s).
    expect(page.get_by_role("form", name="Tour 2", exact=True)).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    page.get_by_label("Dés de l'attaque", exact=False).fill("1 6 3")
    expect(page.locator(".table-conseil li")).to_have_count(3)
    page.get_by_text("Décision du MJ (initiative, avantages)").click()
    page.get_by_text("Politiques des chances (le risque et la défense de chacun)").click()
    yield "une scène jouée, le conseil de la défense"
    page.get_by_role("button", name="Journal", exact=True).click()
    yield "le journal"
    page.get_by_role("button", name="Scène", exact=True).click()
    page.get_by_role("button", name="Terminer et oublier").click()
    page.get_by_role("button", name="Confirmer : terminer et oublier").click()
    page.get_by_role("button", name="Test coopératif (WaRP)").click()
    yield "la préparation d'un Test coopératif"


@pytest.mark.parametrize("largeur", LARGEURS.values(), ids=LARGEURS.keys())
def test_accessible_en_clair_et_en_sombre_au_pouce_et_au_clavier(
    contexte: BrowserContext, serveur_site: str, axe_core: str, largeur: int, bilan: Any
) -> None:
    fautes: list[str] = []
    page = contexte.new_page()
    page.set_viewport_size({"width": largeur, "height": 900})
    garder(page, [PHILIP, TRUANDS, BOURRIN])
    ouvrir(page, serveur_site + PAGE)
    verifies = 0
    for etat in _etats(page):
        # Le pointeur loin de tout : sous lui, le survol du bouton « Retour en haut » de Material (qui apparaît
        # quand la page change de hauteur) a ses propres couleurs, celles du thème, qu'on ne juge pas ici.
        page.mouse.move(2, 600)
        for mode, (theme, palette) in MODES.items():
            page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
            page.evaluate(CHOISIR_LA_PALETTE, palette)
            expect(page.locator("body")).to_have_attribute("data-md-color-scheme", palette)
            fautes += _axe(page, axe_core, f"{etat}, {mode}, {largeur} px")
            verifies += 1
        if largeur == TELEPHONE["width"]:
            largeurs = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            assert largeurs[0] <= largeurs[1], f"{etat} : la page déborde à {largeur} px ({largeurs})"
            assert not page.evaluate(PETITS), f"{etat} : des cibles de moins de 44 px : {page.evaluate(PETITS)}"
            _au_clavier(page)
    bilan(f"états d'« À la table » vérifiés par axe-core, {largeur} px", verifies)
    assert not fautes, "\n".join(fautes)
