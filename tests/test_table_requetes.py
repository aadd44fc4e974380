"""Les scènes des textes rejouées par les requêtes mêmes de la page « À la table » (`rules.table.repondre`).

La page ne fait que garder, montrer et demander : chaque geste est une requête JSON au paquet, et l'état de la
scène est un document JSON gardé sur l'appareil (ou mis dans un lien) entre deux gestes. Ici, chaque geste
d'une partie est cette requête, et chaque état passe par `json.dumps` et `json.loads` entre deux requêtes,
comme dans la page : les fiches de Philip, des truands et de Joséphine, les dés des textes, un tour après
l'autre. Les états atteints sont ceux que disent les textes (3D6 › Scènes d'action › la poursuite de Nice ;
3D6 › Scènes d'interaction › l'interview de Joséphine), aux errata près que le site documente
(`docs/troisd6/scenes-action.md`, `docs/troisd6/scenes-interaction.md`) ; après chaque tour, les chances
montrées sont celles de `chances_scene` depuis l'état atteint.
"""

from __future__ import annotations

import json
from typing import Any

from rules.affichage import pourcentage
from rules.table import repondre
from rules.troisd6 import Avantage, Defense, Personnage, Tour, chances_scene, jouer_scene, seuil_talent

PHILIP = {
    "id": "philip",
    "systeme": "3d6",
    "nom": "Philip",
    "caracteristiques": [{"nom": "DEX", "indice": "2D6"}],
    "talents": [{"nom": "Conduite Voiture", "niveau": 2}],
}
"""« Le talent utilisé par Philip est Conduite Voiture. Le jet d'effet sera basé sur la DEX, soit 2D6. »"""

TRUANDS = {
    "id": "truands",
    "systeme": "3d6",
    "nom": "les truands",
    "caracteristiques": [{"nom": "DEX", "indice": "1D6+1D3"}],
    "talents": [{"nom": "Conduite Voiture", "niveau": 1}],
}
"""« Le conducteur de la voiture des truands a un talent de 1. Son modificateur de DEX est 0, soit 1D6+1D3. »"""

JOSEPHINE = {
    "id": "josephine",
    "systeme": "3d6",
    "nom": "Joséphine",
    "caracteristiques": [{"nom": "INT", "indice": "1D6+1D3"}],
    "talents": [{"nom": "Interviewer", "niveau": 2}],
}
"""« 10 + 2 (Interviewer) » ; « L'effet est basé sur son INT, soit 1D6+1D3 normalement ». """


def _geste(requete: dict[str, Any]) -> dict[str, Any]:
    """Une requête de la page, et sa réponse, comme le worker les passe : en texte JSON."""
    reponse: dict[str, Any] = json.loads(json.dumps(repondre(json.loads(json.dumps(requete)))))
    assert reponse["ok"], reponse
    return reponse


def _jouer(etat: dict[str, Any], **tour: Any) -> dict[str, Any]:
    return _geste({"action": "scene", "operation": "jouer", "etat": etat, "tour": tour})


def _camp(fiche: dict[str, Any]) -> dict[str, Any]:
    """Le camp d'une fiche tel que la page le prépare : son talent attaque, l'Indice de sa caractéristique."""
    return {"fiche": fiche, "attaque": {"sorte": "talent", "rang": 0}, "effet": 0}


def _chances(vue: dict[str, Any]) -> tuple[str, str]:
    c = vue["chances"]
    return c["victoire_premier"]["texte"], c["victoire_second"]["texte"]


def _attendues(initiative: str, avantages: dict[str, Avantage] | None = None) -> tuple[str, str]:
    """Les chances de la poursuite d'ici à la fin, depuis cet état, par `chances_scene` elle-même."""
    philip = Personnage("Philip", seuil=seuil_talent(2), indice="2D6")
    truands = Personnage("les truands", seuil=seuil_talent(1), indice="1D6+1D3")
    c = chances_scene(philip, truands, initiative=initiative, avantages=avantages)
    return pourcentage(c.victoire_premier), pourcentage(c.victoire_second)


def _avantages(vue: dict[str, Any]) -> dict[str, str]:
    return {c["nom"]: c["avantage"] for c in vue["camps"]}


# --- La poursuite de Nice (3D6 › Scènes d'action) ---------------------------------------------------------


def _poursuite_tour_1() -> dict[str, Any]:
    debut = _geste(
        {"action": "scene", "operation": "creer", "sorte": "action", "a": _camp(PHILIP), "b": _camp(TRUANDS)}
    )
    vue = debut["vue"]
    assert (vue["attaquant"], vue["defenseur"], vue["objectif"]) == ("Philip", "les truands", "avantage définitif")
    assert _chances(vue) == _attendues("Philip")
    # « Philip tente de rouler rapidement dans une rue étroite […] un malus de -3. »
    return _jouer(
        debut["etat"], modificateur=-3, des_attaque="3 2 5", effet_attaque="3", defense="blocage",
        des_defense="4 2 1", effet_defense="4",
    )  # fmt: skip


def test_la_poursuite_de_nice_tour_1_par_les_requetes_de_la_page() -> None:
    """Le texte : seuil 9, « 3+2+5=9 », réussite simple ; l'erratum : 10 > 9, échec, l'initiative aux truands."""
    vue = _poursuite_tour_1()["vue"]
    texte = vue["tours"][0]["texte"]
    assert "Philip attaque (−3, seuil 9) : 3d6 lancés (3, 2, 5) ; total 10 > 9 → Échec simple." in texte
    assert "Les truands : blocage (−3, seuil 8) : 3d6 lancés (4, 2, 1) ; total 7 ≤ 8 → Réussite simple." in texte
    assert _avantages(vue) == {"Philip": "aucun avantage", "les truands": "aucun avantage"}  # « aucun avantage »
    assert (vue["numero"], vue["attaquant"], vue["terminee"]) == (2, "les truands", False)  # l'erratum
    assert _chances(vue) == _attendues("les truands")


def test_la_poursuite_de_nice_reprend_la_ou_le_texte_la_suppose_et_se_partage() -> None:
    """Le MJ rend l'initiative à Philip (le texte poursuit ainsi) ; tour 2 : 5 points, un avantage moyen."""
    apres_1 = _poursuite_tour_1()
    decide = _geste(
        {"action": "scene", "operation": "ajuster", "etat": apres_1["etat"], "initiative": "Philip",
         "raison": "le texte poursuit avec Philip à l'initiative"}
    )  # fmt: skip
    assert decide["vue"]["attaquant"] == "Philip" and _chances(decide["vue"]) == _attendues("Philip")
    # La meilleure défense, montrée dès les dés de l'attaque tapés : ses trois options.
    conseil = _geste(
        {"action": "scene", "operation": "attaque", "etat": decide["etat"],
         "tour": {"modificateur": -1, "des_attaque": "1 6 3"}}
    )["conseil"]  # fmt: skip
    assert conseil["attaque"] == "Réussite simple"
    assert {o["defense"] for o in conseil["options"]} == {"esquive", "blocage", "contre_attaque"}
    assert next(o["seuil"] for o in conseil["options"] if o["defense"] == "contre_attaque") == 7  # 10+1-1-3
    # « 3D6=1+6+3 soit 10. Il inflige 1D6+1D3=5 points » (2D6, erratum sans effet) ; « 5+6+2=13, échec simple ».
    apres_2 = _jouer(
        decide["etat"], modificateur=-1, des_attaque="1 6 3", effet_attaque="5", defense="contre_attaque",
        des_defense="5 6 2",
    )  # fmt: skip
    vue = apres_2["vue"]
    texte = vue["tours"][-1]["texte"]
    assert texte.startswith("Tour 2 — Philip attaque (−1, seuil 11) : 3d6 lancés (1, 6, 3) ; total 10 ≤ 11")
    assert "contre-attaque (−1 −3, seuil 7) : 3d6 lancés (5, 6, 2) ; total 13 > 7 → Échec simple." in texte
    assert "Points d'effet nets : 5. Philip garde l'initiative." in texte
    # « Philip obtient donc un avantage moyen. Philip a gardé l'initiative » ; « pas encore un avantage définitif ».
    assert _avantages(vue) == {"Philip": "avantage moyen", "les truands": "aucun avantage"}
    assert (vue["attaquant"], vue["terminee"]) == ("Philip", False)
    assert _chances(vue) == _attendues("Philip", {"Philip": Avantage.MOYEN})
    assert _chances(vue) != _chances(decide["vue"]) != _chances(apres_1["vue"])
    # Annuler le dernier tour : l'état d'avant, mot pour mot ; un lien (l'état seul, rouvert) : le même état.
    annule = _geste({"action": "scene", "operation": "annuler", "etat": apres_2["etat"]})
    assert annule == {**decide, "carte": None}
    rouvert = _geste({"action": "scene", "operation": "ouvrir", "etat": apres_2["etat"]})
    assert rouvert["vue"] == vue


def test_si_philip_avait_fait_9_le_tour_1_serait_celui_du_texte() -> None:
    """L'erratum : avec un 4 au lieu du 5, « 3-4=-1, soit aucun avantage », « il a conservé l'initiative »."""
    annule = _geste({"action": "scene", "operation": "annuler", "etat": _poursuite_tour_1()["etat"]})
    vue = _jouer(
        annule["etat"], modificateur=-3, des_attaque="3 2 4", effet_attaque="3", defense="blocage",
        des_defense="4 2 1", effet_defense="4",
    )["vue"]  # fmt: skip
    assert "total 9 ≤ 9 → Réussite simple" in vue["tours"][0]["texte"]
    assert "retirés : 3 − 4 = −1" in vue["tours"][0]["texte"]
    assert _avantages(vue) == {"Philip": "aucun avantage", "les truands": "aucun avantage"}
    assert vue["attaquant"] == "Philip"


# --- L'interview de Joséphine (3D6 › Scènes d'interaction) ----------------------------------------------


def _interview() -> dict[str, Any]:
    debut = _geste(
        {"action": "scene", "operation": "creer", "sorte": "interaction", "a": _camp(JOSEPHINE),
         "b": {"passif": True, "nom": "le témoin"}}
    )  # fmt: skip
    vue = debut["vue"]
    # « Joséphine a l'initiative car le témoin est considéré comme passif » ; il faut un avantage critique.
    assert (vue["attaquant"], vue["defenseur_actif"], vue["objectif"]) == ("Joséphine", False, "avantage critique")
    assert vue["chances"]["second_actif"] is False
    return debut


def test_l_interview_de_josephine_finit_au_premier_jet_comme_le_dit_l_erratum() -> None:
    """Le texte : seuil 11, « 5+3+6=14, soit une réussite simple » ; l'erratum : 14 > 11, l'interview est perdue."""
    # « un malus de -1 […] si elle réussit, elle aura +1 niveau aux effets » ; « Elle fait un total de 4 ».
    fin = _jouer(_interview()["etat"], modificateur=-1, niveaux=1, des_attaque="5 3 6", effet_attaque="4")
    vue = fin["vue"]
    assert vue["tours"][0]["texte"].startswith(
        "Tour 1 — Joséphine attaque (−1, seuil 11) : 3d6 lancés (5, 3, 6) ; total 14 > 11 → Échec simple."
    )
    assert (vue["terminee"], vue["vainqueur"], vue["chances"]) == (True, None, None)
    assert vue["fin"] == (
        "Fin : jet raté face au témoin avant avantage critique ; Joséphine échoue, avec au mieux aucun avantage."
    )
    assert vue["informations"].startswith("Aucun avantage atteint")
    encore = repondre({"action": "scene", "operation": "jouer", "etat": fin["etat"], "tour": {"des_attaque": "1 1 1"}})
    assert not encore["ok"] and "la scène est finie" in " ".join(encore["erreurs"].values())


def test_si_josephine_avait_reussi_le_calcul_du_texte_tiendrait() -> None:
    """« comme elle a un niveau de bonus, cela passe à 2D6 », 4 points : « Joséphine obtient un avantage moyen »."""
    vue = _jouer(_interview()["etat"], modificateur=-1, niveaux=1, des_attaque="5 3 2", effet_attaque="4")["vue"]
    assert "Indice 1D6+1D3 +1 niveau → 2D6 ; jet d'effet 4 : 4 points d'effet." in vue["tours"][0]["texte"]
    assert _avantages(vue)["Joséphine"] == "avantage moyen"
    assert (vue["terminee"], vue["attaquant"]) == (False, "Joséphine")
    assert vue["chances"]["victoire_premier"]["valeur"] + vue["chances"]["victoire_second"]["valeur"] == 1


# --- Une fiche en scène : attaque et défense par deux lignes, armure, contre-attaque par un talent -------

BRUNO = {
    "id": "bruno",
    "systeme": "3d6",
    "nom": "Bruno",
    "caracteristiques": [{"nom": "DEX", "modificateur": 1, "indice": "1D6+1D3"}, {"nom": "FOR", "indice": "2D6"}],
    "talents": [{"nom": "Épée", "niveau": 1}, {"nom": "Bouclier", "niveau": 3}],
    "armure": 2,
    "talent_contre_attaque": True,
}
"""Une fiche qui attaque à l'Épée (seuil 11, effets DEX), se défend au Bouclier (seuil 13, blocage FOR 2D6)."""


def test_une_fiche_entre_en_scene_avec_sa_defense_son_armure_et_sa_contre_attaque() -> None:
    """3D6 › Scènes majeures › Attaque : la caractéristique « est différente […] selon que l'on soit attaquant ou
    défenseur » ; la fiche donne chaque ligne, la difficulté de la scène s'y applique, et le tour joué est celui
    de `jouer_scene` avec le `Personnage` écrit à la main."""
    ada = {"nom": "Ada", "seuil": "12", "indice": "2D6"}
    bruno = {**_camp(BRUNO), "defense": {"sorte": "talent", "rang": 1}, "effet_defense": 1, "difficulte": "-1"}
    debut = _geste({"action": "scene", "operation": "creer", "a": ada, "b": bruno})
    assert debut["vue"]["camps"][1]["detail"] == (
        "Épée (seuil 10), effets DEX 1D6+1D3 ; défense Bouclier (seuil 12), blocage FOR 2D6"
    )
    conseil = _geste(
        {"action": "scene", "operation": "attaque", "etat": debut["etat"], "tour": {"des_attaque": "2 2 3"}}
    )["conseil"]
    seuils = {o["defense"]: o["seuil"] for o in conseil["options"]}
    assert seuils == {"esquive": 12, "blocage": 12, "contre_attaque": 10}  # la contre-attaque par un talent : sans −3
    tour = {"des_attaque": "2 2 3", "effet_attaque": "9", "defense": "blocage", "des_defense": "3 3 4",
            "effet_defense": "5"}  # fmt: skip
    vue = _jouer(debut["etat"], **tour)["vue"]
    a_la_main = Personnage("Bruno", seuil=10, indice="1D6+1D3", seuil_defense=12, indice_defense="2D6", armure=2,
                           talent_contre_attaque=True)  # fmt: skip
    page = jouer_scene(
        Personnage("Ada", seuil=12, indice="2D6"),
        a_la_main,
        [Tour(des_attaque=(2, 2, 3), effet_attaque=9, defense=Defense.BLOCAGE, des_defense=(3, 3, 4), effet_defense=5)],
    )
    assert vue["tours"][0]["texte"] == page.tours[0].texte
    assert "Blocage : Indice 2D6 ; jet d'effet 5" in vue["tours"][0]["texte"]  # le blocage par FOR, pas par DEX
    assert "Armure (Bruno) : −2, reste 1." in vue["tours"][0]["texte"]
