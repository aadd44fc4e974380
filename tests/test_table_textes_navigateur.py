"""« À la table » dans Chromium (375 px), suite : ce que `test_table_navigateur.py` ne montrait pas encore.

- l'interview de Joséphine jouée dans la page avec les dés du texte (une scène d'interaction face à un
  interviewé passif, −1 au jet et +1 niveau aux effets) : l'erratum (perdue au premier jet, sans avantage) et,
  le tour annulé, le calcul du texte s'il avait réussi (avantage moyen), avec les chances de `chances_suivies` ;
- un jet sous une difficulté (3D6, la rue étroite de Nice) et sous des dés de malus (WaRP), choisis d'un toucher ;
- fiches, journal et scène gardés s'ouvrent **avant que Python soit chargé** (son chargement retenu), puis
  Python, relâché, reprend la scène là où elle était ;
- la page demande au navigateur de garder ses données (`navigator.storage.persist`) dès qu'elle garde une
  fiche, et dit ce que le navigateur a répondu ;
- le schéma JSON publié avec le site est celui que suit la lecture, et l'export de la page s'y conforme ;
- le partage du téléphone (Web Share) reçoit le journal en texte ; le lecteur qui renonce n'est pas renvoyé au
  presse-papiers ; un Test étendu partagé par lien se rouvre sur un autre appareil au même round.
"""

from __future__ import annotations

import contextlib
import json
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
    annuler,
    chances_suivies,
    etat_scene,
    jouer_tour,
    lancer,
    lire_fiche,
    objectif_par_defaut,
    schema,
    verifier_document,
)
from rules.table import repondre as repondre_table
from rules.table._suivi import FORMAT_SCENE
from rules.troisd6 import seuil_talent
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
from tests.conftest import CHARGEMENT_PYODIDE_MS
from tests.navigateur import BrowserContext, Page, expect
from tests.surveillance import ouvrir

pytestmark = pytest.mark.navigateur

JOSEPHINE = {
    "id": "josephine",
    "systeme": "3d6",
    "nom": "Joséphine",
    "caracteristiques": [{"nom": "INT", "indice": "1D6+1D3"}],
    "talents": [{"nom": "Interviewer", "niveau": 2}],
}
"""« 10 + 2 (Interviewer) » ; « L'effet est basé sur son INT, soit 1D6+1D3 normalement »."""


contexte = lecteur.contexte
autre_contexte = lecteur.autre_contexte
"""La fixture : le téléphone du worker (375 px), surveillé, rendu propre après chaque test (`tests/lecteur.py`)."""


def _chances(page: Page) -> list[str]:
    return page.locator(".table-chance strong").all_text_contents()


def _attendues(scene: SceneSuivie) -> list[str]:
    c = chances_suivies(scene)
    assert c is not None
    return [pourcentage(c.victoire_premier), pourcentage(c.victoire_second)]


# --- L'interview de Joséphine, jouée dans la page ---------------------------------------------------------

INTERVIEW = SceneSuivie(
    FORMAT_SCENE,
    a=Camp("Joséphine", seuil=seuil_talent(2), indice="1D6+1D3", fiche="josephine",
           detail="Interviewer (seuil 12), effets INT 1D6+1D3"),
    b=Camp("le témoin", actif=False),
    sorte="interaction",
    objectif=objectif_par_defaut("interaction", False),
)  # fmt: skip
TOUR_1 = "Tour 1 — attaque : Joséphine ; défense : le témoin"


def _offrir_un_verre(page: Page, des: str) -> None:
    """« un malus de -1 […] si elle réussit, elle aura +1 niveau aux effets » ; « Elle fait un total de 4 »."""
    formulaire = page.get_by_role("form", name="Tour", exact=False)
    formulaire.get_by_role("group", name="Risque : modificateur au jet (aux deux jets)").get_by_role(
        "radio", name="−1", exact=True
    ).check()
    formulaire.get_by_role("group", name="Risque : niveaux d'effet en plus").get_by_role(
        "radio", name="+1", exact=True
    ).check()
    formulaire.get_by_label("Dés de l'attaque (Joséphine)").fill(des)
    formulaire.get_by_label("Jet d'effet de l'attaque (le total)").fill("4")
    page.get_by_role("button", name="Jouer le tour").click()


def test_l_interview_de_josephine_se_joue_dans_la_page_avec_son_erratum(
    contexte: BrowserContext, serveur_site: str
) -> None:
    page = contexte.new_page()
    garder(page, [JOSEPHINE])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "Interviewer 2, seuil 12")
    page.get_by_role("button", name="Scène", exact=True).click()
    page.get_by_role("button", name="Scène majeure (3D6)").click()
    page.get_by_label("Sorte de scène").select_option("interaction")
    second = page.get_by_role("group", name="Second camp")
    second.get_by_label("Qui").select_option("passif")
    second.get_by_label("Nom").fill("le témoin")
    page.get_by_role("button", name="Commencer").click()
    # « Joséphine a l'initiative car le témoin est considéré comme passif » ; elle vise l'avantage critique.
    expect(page.get_by_role("heading", name=TOUR_1)).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    expect(page.get_by_text("Objectif : avantage critique.")).to_be_visible()
    expect(page.get_by_text("le témoin est passif : il ne lance rien.")).to_be_visible()
    assert _chances(page) == _attendues(INTERVIEW)
    # « Elle fait 5+3+6=14, soit une réussite simple » : 14 > 11, l'erratum du site. L'interview est perdue.
    _offrir_un_verre(page, "5 3 6")
    perdue, _ = jouer_tour(INTERVIEW, TourSuivi("tour", -1, niveaux=1, des_attaque=(5, 3, 6), effet_attaque=4))
    expect(page.locator(".table-phrase")).to_have_text(
        "Fin : jet raté face au témoin avant avantage critique ; Joséphine échoue, avec au mieux aucun avantage."
    )
    assert (
        etat_scene(perdue)
        .tours[0]
        .texte.startswith(
            "Tour 1 — Joséphine attaque (−1, seuil 11) : 3d6 lancés (5, 3, 6) ; total 14 > 11 → Échec simple."
        )
    )
    expect(page.locator("ol.table-historique li")).to_have_text(
        [etat_scene(perdue).tours[0].texte.removeprefix("Tour 1 — ")]
    )
    expect(page.get_by_text("Aucun avantage atteint", exact=False)).to_be_visible()
    expect(page.get_by_role("button", name="Jouer le tour")).to_have_count(0)
    expect(page.locator(".table-chances")).to_have_count(0)
    # Si le jet avait réussi (5 + 3 + 2 = 10) : 1D6+1D3 + 1 niveau = 2D6, 4 points, « un avantage moyen ».
    page.get_by_role("button", name="Annuler le dernier tour").click()
    expect(page.get_by_role("heading", name=TOUR_1)).to_be_visible()
    _offrir_un_verre(page, "5 3 2")
    expect(page.get_by_role("heading", name="Tour 2 — attaque : Joséphine ; défense : le témoin")).to_be_visible()
    expect(page.locator(".table-camps")).to_contain_text("avantage moyen")
    expect(page.locator("ol.table-historique li")).to_contain_text(
        ["Indice 1D6+1D3 +1 niveau → 2D6 ; jet d'effet 4 : 4 points d'effet."]
    )
    reussie, _ = jouer_tour(annuler(perdue), TourSuivi("tour", -1, niveaux=1, des_attaque=(5, 3, 2), effet_attaque=4))
    assert _chances(page) == _attendues(reussie)


# --- Un jet sous une difficulté, un jet sous des dés de malus -------------------------------------------------


def test_une_difficulte_et_des_des_de_malus_se_choisissent_d_un_toucher(
    contexte: BrowserContext, serveur_site: str
) -> None:
    """La rue étroite de Nice (difficulté −3, seuil 10 + 2 − 3 = 9) et ses dés « 3+2+5 » ; un Trait sous 2d de malus."""
    page = contexte.new_page()
    garder(page, [PHILIP, BOURRIN])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "DEX +0, seuil 10")
    page.get_by_role("button", name="Conduite Voiture 2, seuil 12", exact=True).click()
    page.get_by_role("group", name="Difficulté").get_by_role("radio", name="−3, assez difficile").check()
    page.get_by_label("Dés jetés").fill("3 2 5")
    page.get_by_role("button", name="Valider mes dés").click()
    attendu = lancer(lire_fiche(PHILIP), "talent", 0, difficulte=-3, des=(3, 2, 5))
    assert attendu.resultat.seuil == 9
    jet = page.locator(".table-jet")
    expect(jet.locator(".table-phrase")).to_have_text(attendu.phrase)
    expect(jet.locator("figure.carte")).to_have_attribute("data-carte", carte(attendu.resultat).texte)  # type: ignore[union-attr]
    expect(jet.locator(".carte-verdict .carte-etiquette")).to_have_text("Échec simple")
    page.get_by_role("button", name="Journal", exact=True).click()
    expect(page.locator("ol.table-journal li")).to_contain_text([attendu.journal])
    # Un Trait de WaRP sous 2 dés de malus : 3 + 2 dés jetés, les deux plus hauts écartés.
    page.get_by_role("button", name="Fiches", exact=True).click()
    page.get_by_label("Personnage").select_option("bourrin")
    page.get_by_role("button", name="Phaseur, 3d", exact=True).click()
    page.get_by_role("group", name="Dés de malus").get_by_role("radio", name="2", exact=True).check()
    page.get_by_label("Dés jetés").fill("6 5 4 2 1")
    page.get_by_role("button", name="Valider mes dés").click()
    malus = lancer(lire_fiche(BOURRIN), "trait", 0, malus=2, des=(6, 5, 4, 2, 1))
    expect(page.locator(".table-jet .table-phrase")).to_have_text(malus.phrase)
    expect(page.locator(".table-jet figure.carte")).to_have_attribute("data-carte", carte(malus.resultat).texte)  # type: ignore[union-attr]


# --- Avant Python : la fiche, le journal, la scène ---------------------------------------------------------


def _tel_que_garde(page: Page) -> dict[str, Any]:
    """Ce qu'une visite d'avant a laissé sur l'appareil : deux fiches, un journal, une scène à son tour 2.

    Chaque morceau est ce que Python a rendu à la page (les lignes d'une fiche, la vue d'une scène)."""
    entrees = [
        {"id": f["id"], "systeme": f["systeme"], "fiche": f, "brouillon": None, "erreurs": {},
         "lignes": repondre_table({"action": "saisir", "fiche": f})["lignes"]}
        for f in (PHILIP, TRUANDS)
    ]  # fmt: skip
    camp = {"attaque": {"sorte": "talent", "rang": 0}, "effet": 0}
    cree = repondre_table({"action": "scene", "operation": "creer", "a": {"fiche": PHILIP, **camp},
                           "b": {"fiche": TRUANDS, **camp}})  # fmt: skip
    tour = {
        "modificateur": -3,
        "des_attaque": "3 2 5",
        "effet_attaque": "3",
        "des_defense": "4 2 1",
        "effet_defense": "4",
    }
    joue = repondre_table({"action": "scene", "operation": "jouer", "etat": cree["etat"], "tour": tour})
    journal = {
        "philip": [{"quand": "2026-12-06T20:15:00.000Z", "texte": "Philip, DEX +0, seuil 10 : Réussite critique."}]
    }
    gardes = {
        "fiches": entrees,
        "choisie": "philip",
        "journal": journal,
        "suivi": {"sorte": "scene", "etat": joue["etat"], "vue": joue["vue"], "carte": None},
    }
    page.add_init_script(
        "".join(f"localStorage.setItem({json.dumps(CLE + k)}, {json.dumps(json.dumps(v))});" for k, v in gardes.items())
    )
    return joue


def test_fiches_journal_et_scene_s_ouvrent_avant_que_python_soit_charge(
    contexte: BrowserContext, serveur_site: str
) -> None:
    retenues: list[Any] = []
    contexte.route("**/pyodide.asm.wasm", lambda route: retenues.append(route))  # le chargement attend
    page = contexte.new_page()
    joue = _tel_que_garde(page)
    ouvrir(page, serveur_site + PAGE)
    expect(page.get_by_role("button", name="Conduite Voiture 2, seuil 12", exact=True)).to_be_visible()
    page.get_by_role("button", name="Journal", exact=True).click()
    expect(page.locator("ol.table-journal li")).to_contain_text(["Philip, DEX +0, seuil 10 : Réussite critique."])
    page.get_by_role("button", name="Scène", exact=True).click()
    expect(page.get_by_role("heading", name="Tour 2 — attaque : les truands ; défense : Philip")).to_be_visible()
    expect(page.locator(".table-camps dt")).to_have_text(["Philip", "les truands (à l'initiative)"])  # pas « a »
    vue = joue["vue"]
    assert _chances(page) == [vue["chances"]["victoire_premier"]["texte"], vue["chances"]["victoire_second"]["texte"]]
    expect(page.locator("ol.table-historique li")).to_have_text([vue["tours"][0]["texte"].removeprefix("Tour 1 — ")])
    attendre_la_demande_du_wasm(page, retenues)
    assert retenues, "Python ne se chargeait pas (les gestes le demandent)"
    assert page.evaluate("() => !window.cellules.moteur.charge"), "Python était chargé : rien n'est prouvé"
    # Python relâché : la scène gardée se joue encore, au tour où elle était.
    contexte.unroute("**/pyodide.asm.wasm")
    for route in retenues:
        with contextlib.suppress(Exception):
            route.continue_()
    formulaire = page.get_by_role("form", name="Tour", exact=False)
    formulaire.get_by_label("Dés de l'attaque", exact=False).fill("6 5 4")
    formulaire.get_by_label("Dés de la défense", exact=False).fill("4 2 1")
    page.get_by_role("button", name="Jouer le tour").click()
    expect(page.get_by_role("heading", name="Tour 3", exact=False)).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    expect(page.locator("ol.table-historique li")).to_have_count(2)


# --- Le stockage persistant ----------------------------------------------------------------------------------

SUIVRE_PERSIST = """
window.__persist = [];
if (navigator.storage && navigator.storage.persist) {
  const vrai = navigator.storage.persist.bind(navigator.storage);
  navigator.storage.persist = async () => { const r = await vrai(); window.__persist.push(r); return r; };
}
"""
"""Le vrai `navigator.storage.persist`, enveloppé pour compter ses appels et garder ses réponses (rien de simulé)."""


def test_la_page_demande_au_navigateur_de_garder_ses_donnees(contexte: BrowserContext, serveur_site: str) -> None:
    page = contexte.new_page()
    page.add_init_script(SUIVRE_PERSIST)
    ouvrir(page, serveur_site + PAGE)
    assert page.evaluate("() => Boolean(navigator.storage && navigator.storage.persist)"), "Chromium sans Storage API"
    expect(page.locator(".table-persistance")).to_have_text("Ces données restent sur cet appareil.")
    assert page.evaluate("() => window.__persist") == [], "demandé avant que rien ne soit gardé"
    avant = page.evaluate("() => navigator.storage.persisted()")  # déjà accordé : rien à redemander
    page.get_by_role("button", name="Nouvelle fiche WaRP").click()
    page.get_by_label("Nom du personnage").fill("Ada")
    page.get_by_role("button", name="Enregistrer la fiche").click()
    page.wait_for_function(f"() => localStorage.getItem('{CLE}persistance') !== null")
    assert len(page.evaluate("() => window.__persist")) == (0 if avant else 1), "la page n'a pas demandé à garder"
    deja = page.evaluate("() => navigator.storage.persisted()")
    attendu = (
        "Le navigateur garde ces données sur l'appareil, même s'il manque de place."
        if deja
        else "Le navigateur garde ces données sur l'appareil, mais pourrait les effacer s'il manquait de place :"
        " exportez vos fiches de temps en temps."
    )
    expect(page.locator(".table-persistance")).to_have_text(attendu)
    assert json.loads(page.evaluate(f"localStorage.getItem('{CLE}persistance')")) == ("accordee" if deja else "refusee")
    # Demandé une fois : la réponse gardée, la page rechargée ne redemande pas et la redit tout de suite.
    ouvrir(page)
    expect(page.locator(".table-persistance")).to_have_text(attendu)
    assert page.evaluate("() => window.__persist") == []


# --- Le partage du téléphone, un Test étendu partagé par lien --------------------------------------------

WEB_SHARE = """
window.__partages = [];
navigator.share = async (donnees) => {
  window.__partages.push(donnees);
  if (window.__renoncer) throw new DOMException("Partage annulé", "AbortError");
};
"""
"""Web Share tel qu'un téléphone l'offre (Chromium de bureau sous Linux n'en a pas) : il reçoit ce que la page
partage ; `__renoncer` imite le lecteur qui ferme la feuille de partage (une `AbortError`, comme le dit la norme)."""


def test_le_journal_se_partage_par_le_telephone(contexte: BrowserContext, serveur_site: str) -> None:
    contexte.grant_permissions(["clipboard-read", "clipboard-write"])
    page = contexte.new_page()
    page.add_init_script(WEB_SHARE)
    garder(page, [PHILIP])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "DEX +0, seuil 10")
    jeter(page, "DEX +0, seuil 10", "1 1 1")
    expect(page.locator(".table-phrase")).to_contain_text("1 fois sur 72")
    page.get_by_role("button", name="Journal", exact=True).click()
    page.evaluate("() => navigator.clipboard.writeText('rien')")
    page.get_by_role("button", name="Partager le journal").click()
    expect(page.locator(".table-annonce")).to_have_text("Partagé.")
    partages = page.evaluate("() => window.__partages")
    assert len(partages) == 1 and partages[0]["title"] == "Journal de Philip"
    assert partages[0]["text"].startswith("Journal de Philip (À la table, Règles exécutables)\n")
    assert "Philip, DEX +0, seuil 10 : Réussite critique." in partages[0]["text"]
    # Le lecteur ferme la feuille de partage : rien n'est annoncé, rien ne part au presse-papiers.
    page.evaluate("() => { window.__renoncer = true; }")
    page.get_by_role("button", name="Partager le journal").click()
    page.wait_for_function("() => window.__partages.length === 2")
    page.wait_for_timeout(500)  # le temps qu'un repli (à tort) écrive au presse-papiers
    expect(page.locator(".table-annonce")).to_have_text("Partagé.")
    assert page.evaluate("navigator.clipboard.readText()") == "rien"


def test_un_test_etendu_partage_par_lien_se_rouvre_au_meme_round(
    contexte: BrowserContext, autre_contexte: BrowserContext, serveur_site: str
) -> None:
    contexte.grant_permissions(["clipboard-read", "clipboard-write"])
    page = contexte.new_page()
    garder(page, [ADA])
    ouvrir(page, serveur_site + PAGE)
    lignes_pretes(page, "Mécanique, 3d")
    page.get_by_role("button", name="Scène", exact=True).click()
    page.get_by_role("button", name="Test étendu (WaRP)").click()
    page.get_by_label("Complexité (Progrès nécessaires)").fill("3")
    page.get_by_label("Maniabilité (Revers qui font échouer)").fill("2")
    page.get_by_role("button", name="Commencer").click()
    page.get_by_label("Dés jetés").fill("5 3 2")
    page.get_by_role("button", name="Jouer", exact=True).click()
    etat = "Progrès 1 sur 3, Revers 0 sur 2 ; 1 round joué (1 h)."
    expect(page.get_by_text(etat)).to_be_visible()
    page.evaluate("() => { delete navigator.share; }")
    page.get_by_role("button", name="Partager l'état par lien").click()
    expect(page.locator(".table-annonce")).to_have_text("Lien copié : collez-le dans un message.")
    lien = page.evaluate("navigator.clipboard.readText()")
    assert "#suivi=" in lien
    recu = autre_contexte.new_page()
    ouvrir(recu, lien)
    recu.get_by_role("button", name="Ouvrir cette scène").click()
    expect(recu.get_by_text(etat)).to_be_visible(timeout=CHARGEMENT_PYODIDE_MS)
    assert _chances(recu) == _chances(page)
    assert "#suivi" not in recu.url


# --- Le schéma publié -------------------------------------------------------------------------------------------


def test_le_schema_publie_est_celui_que_la_lecture_suit(contexte: BrowserContext, serveur_site: str) -> None:
    """Le lien « schéma JSON » de la page mène au schéma de `rules.table.schema`, valide (draft 2020-12), et un
    document exporté par la page s'y conforme ; un document que la lecture refuse, il le refuse aussi."""
    page = contexte.new_page()
    garder(page, [PHILIP, BOURRIN])
    ouvrir(page, serveur_site + PAGE)
    lien = page.get_by_role("link", name="schéma JSON", exact=True)
    adresse = page.evaluate("(a) => a.href", lien.element_handle())
    assert adresse == page.evaluate(
        "() => new URL(document.getElementById('table-appli').dataset.schema, location.href).href"
    )
    reponse = page.request.get(adresse)
    assert reponse.ok, f"{adresse} : {reponse.status}"
    publie = reponse.json()
    assert publie == schema()
    jsonschema.Draft202012Validator.check_schema(publie)
    lignes_pretes(page, "DEX +0, seuil 10")
    with page.expect_download() as telechargement:
        page.get_by_role("button", name="Exporter les fiches").click()
    exporte = json.loads(Path(telechargement.value.path()).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(publie).validate(exporte)
    abime = {**exporte, "fiches": [{**exporte["fiches"][0], "armure": 99}]}
    assert not jsonschema.Draft202012Validator(publie).is_valid(abime)
    assert verifier_document(abime)[1], "la lecture accepte ce que le schéma refuse"
