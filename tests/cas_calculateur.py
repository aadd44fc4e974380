"""La table des cas du calculateur, partagée par ses tests Python, de la ligne de commande et du navigateur.

Chaque cas donne les entrées d'un formulaire (du texte, comme un lecteur les
tape) et ce que **les règles elles-mêmes** rendent pour ces entrées, appelées
directement (sans le calculateur) : le verdict, l'explication, et la loi exacte
du premier tableau. Critiques, Catastrophes, égalités, modificateurs annulés,
dépassements, sauts d'avantage.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules import troisd6, warp
from rules.affichage import fois
from rules.troisd6 import Avantage, Defense, Personnage, Politique, Tour


@dataclass(frozen=True)
class Cas:
    nom: str
    formulaire: str
    entrees: dict[str, str]
    verdict: str | None = None
    explication: str | None = None
    """L'explication attendue, mot pour mot (ou un morceau qu'elle contient si `morceau`)."""
    loi: dict[Any, Fraction] = field(default_factory=dict)
    """La loi exacte que montre le premier tableau, dans son ordre."""
    morceau: bool = False

    @property
    def ident(self) -> str:
        return f"{self.formulaire}:{self.nom}"


def _ordre3(d: dict[Any, Fraction], cles: tuple[Any, ...]) -> dict[Any, Fraction]:
    return {k: d[k] for k in cles if k in d}


def _avantage_apres(indice: str, niveaux: int, plus: int, depart: Avantage) -> dict[Avantage, Fraction]:
    loi: dict[Avantage, Fraction] = defaultdict(Fraction)
    for t, p in troisd6.loi_indice(troisd6.monter(indice, niveaux)).items():
        loi[troisd6.progression(depart, t + plus)] += p
    return {av: loi[av] for av in Avantage if loi[av]}


_J = warp.jet
_ADA, _BRUNO = Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=11, indice="1D6+1D3")
_BRUNO_10 = Personnage("Bruno", seuil=10, indice="1D6+1D3")
_TEMOIN = troisd6.chances_scene(
    Personnage("Joséphine", seuil=12, indice="2D6"),
    Personnage("le témoin", actif=False),
    politique_a=Politique(troisd6.Risque(-1, niveaux=1)),
    avantages={"Joséphine": Avantage.LEGER},
    objectif=Avantage.CRITIQUE,
)
_ISSUES_W = (warp.Issue.SECOND, warp.Issue.EGALITE, warp.Issue.PREMIER)
_ISSUES_T = (troisd6.Issue.SECOND, troisd6.Issue.EGALITE, troisd6.Issue.PREMIER)

CAS: tuple[Cas, ...] = (
    # --- WaRP › jet simple
    Cas("critique", "warp-jet", {"trait": "3", "bonus": "1", "des": "6 2 5 1"}, "Magistrale",
        _J(3, bonus=1, des=(6, 2, 5, 1)).explication, warp.distribution(3, bonus=1)),
    Cas("trait-ecrit-3d", "warp-jet", {"trait": "3d", "des": "5 4 2"}, "Réussite", _J(3, des=(5, 4, 2)).explication,
        warp.distribution(3)),
    Cas("catastrophe", "warp-jet", {"trait": "2", "malus": "1", "des": "1 4 1"}, "Catastrophe",
        _J(2, malus=1, des=(1, 4, 1)).explication, warp.distribution(2, malus=1)),
    Cas("egalite-echec", "warp-jet", {"trait": "3", "des": "4 3 2"}, "Échec", _J(3, des=(4, 3, 2)).explication,
        warp.distribution(3)),
    Cas("modificateurs-annules", "warp-jet", {"trait": "3", "bonus": "2", "malus": "2", "des": "5 4 1"}, "Réussite",
        _J(3, bonus=2, malus=2, des=(5, 4, 1)).explication, warp.distribution(3, bonus=2, malus=2)),
    Cas("compensation", "warp-jet", {"trait": "3", "des": "611"}, "Compensation", _J(3, des=(6, 1, 1)).explication,
        warp.distribution(3)),
    # --- WaRP › jet opposé
    Cas("egalite-attaque", "warp-oppose", {"trait_premier": "3", "des_premier": "4 3 2", "trait_second": "3",
        "des_second": "5 3 1"}, "le défenseur l'emporte",
        "L'attaquant : 3 dés lancés (4, 3, 2) : total 9. Le défenseur : 3 dés lancés (5, 3, 1) : total 9. "
        + warp.opposition(_J(3, des=(4, 3, 2)), _J(3, des=(5, 3, 1))).explication,
        _ordre3(warp.chances_opposees(3, 3), (warp.Issue.SECOND, warp.Issue.PREMIER))),
    Cas("vraie-egalite", "warp-oppose", {"mode": "symetrique", "trait_premier": "3", "des_premier": "6 2 1",
        "trait_second": "3", "des_second": "6 1 2"}, "égalité",
        warp.opposition(_J(3, des=(6, 2, 1)), _J(3, des=(6, 1, 2)), symetrique=True).explication,
        _ordre3(warp.chances_opposees(3, 3, symetrique=True), _ISSUES_W), morceau=True),
    Cas("catastrophe-annule", "warp-oppose", {"trait_premier": "2", "des_premier": "1 1", "trait_second": "2",
        "des_second": "6 5", "bonus_second": "1", "malus_second": "1"}, "le défenseur l'emporte",
        warp.opposition(_J(2, des=(1, 1)), _J(2, bonus=1, malus=1, des=(6, 5))).explication,
        _ordre3(warp.chances_opposees(2, 2, bonus_second=1, malus_second=1), (warp.Issue.SECOND, warp.Issue.PREMIER)),
        morceau=True),
    # --- WaRP › test coopératif
    Cas("aide-nulle", "warp-cooperatif", {"resultats": "Compensation, Compensation, Catastrophe", "des": "6 5 2"},
        "Magistrale", "Alpha : " + _J(3, des=(6, 5, 2)).explication, warp.distribution(3)),
    Cas("aide-un-de", "warp-cooperatif", {"resultats": "réussite compensation", "des": "5 4 2 1"}, "Réussite",
        "Alpha : " + _J(3, bonus=1, des=(5, 4, 2, 1)).explication, warp.distribution(3, bonus=1)),
    Cas("avant-les-betas", "warp-cooperatif", {"betas": "2 3"}, loi=warp.distribution_cooperative(3, [2, 3])),
    Cas("des-des-betas", "warp-cooperatif", {"betas": "2 3", "des_betas": "4 3 / 6 1 1", "des": "5 4 2 1"},
        "Réussite", "Alpha : " + _J(3, bonus=1, des=(5, 4, 2, 1)).explication, warp.distribution(3, bonus=1)),
    # --- WaRP › test étendu
    Cas("depassement-magistrale", "warp-etendu", {"complexite": "2", "maniabilite": "2",
        "des": "5 3 2 / 6 1 1 / 6 4 3"}, "Magistrale",
        warp.derouler(3, 2, 2, 1, des=[(5, 3, 2), (6, 1, 1), (6, 4, 3)]).transcript, warp.distribution_etendue(3, 2, 2)),
    Cas("depassement-catastrophe", "warp-etendu", {"trait": "1", "complexite": "3", "maniabilite": "1", "des": "1"},
        "Catastrophe", warp.derouler(1, 3, 1, 1, des=[(1,)]).transcript, warp.distribution_etendue(1, 3, 1)),
    # --- WaRP › dé d'expérience
    Cas("experience-acceptee", "warp-experience", {"des": "6 5 4 1"}, "Magistrale",
        warp.ReserveExperience(3).convertir("ce Test", accepte=True).explication + " "
        + _J(3, bonus=1, des=(6, 5, 4, 1)).explication),
    Cas("experience-refusee", "warp-experience", {"accepte": "non", "des": "6 5 4"}, "Magistrale",
        warp.ReserveExperience(3).convertir("ce Test", accepte=False).explication + " "
        + _J(3, des=(6, 5, 4)).explication),
    # --- 3D6 › jet
    Cas("reussite-critique", "troisd6-jet", {"sorte": "talent", "valeur": "2", "difficulte": "-3", "des": "2 2 2"},
        "Réussite critique (Dt = 2)", troisd6.jet(9, (2, 2, 2)).explication, troisd6.distribution(9)),
    Cas("echec-critique", "troisd6-jet", {"des": "6 6 6"}, "Échec critique (Dt = 6)",
        troisd6.jet(10, (6, 6, 6)).explication, troisd6.distribution(10)),
    Cas("familiarite", "troisd6-jet", {"sorte": "talent", "familiarite": "oui", "des": "5 1 1"},
        "Réussite spéciale (Dd = 1)", troisd6.jet(7, (5, 1, 1)).explication, troisd6.distribution(7)),
    # --- 3D6 › scène mineure
    Cas("passif", "troisd6-mineure", {"seuil_premier": "8", "des_premier": "2 2 3"}, "Le PJ gagne la scène",
        troisd6.scene_non_opposee(troisd6.jet(8, (2, 2, 3))).explication,
        {"perd": 1 - troisd6.chances_scene_non_opposee(8), "gagne": troisd6.chances_scene_non_opposee(8)}),
    Cas("total-departage", "troisd6-mineure", {"seuil_premier": "12", "des_premier": "6 3 2", "seuil_second": "14",
        "des_second": "5 4 1"}, "le premier l'emporte",
        troisd6.scene_opposee(troisd6.jet(12, (6, 3, 2)), troisd6.jet(14, (5, 4, 1))).explication,
        _ordre3(troisd6.chances_scene_opposee(12, 14), _ISSUES_T), morceau=True),
    Cas("egalite-totale", "troisd6-mineure", {"seuil_premier": "10", "des_premier": "4 3 1", "seuil_second": "10",
        "des_second": "1 3 4"}, "égalité",
        troisd6.scene_opposee(troisd6.jet(10, (4, 3, 1)), troisd6.jet(10, (1, 3, 4))).explication,
        _ordre3(troisd6.chances_scene_opposee(10, 10), _ISSUES_T), morceau=True),
    # --- 3D6 › effet et avantage
    Cas("saut-au-critique", "troisd6-effet", {"indice": "1D6+1D3", "niveau": "critique", "de": "2", "des": "4 3 3",
        "avantage": "moyen"}, "10 points d'effet → avantage critique",
        troisd6.effet("1D6+1D3", dt=2, des=(4, 3, 3)).explication, _avantage_apres("1D6+1D3", 2, 0, Avantage.MOYEN),
        morceau=True),
    Cas("un-cran", "troisd6-effet", {"niveau": "speciale", "de": "1", "des": "1 1", "avantage": "fort"},
        "3 points d'effet → avantage critique", troisd6.effet("2D6", dd=1, des=(1, 1)).explication,
        _avantage_apres("2D6", 0, 1, Avantage.FORT), morceau=True),
    Cas("effet-nul", "troisd6-effet", {"bonus_points": "-20", "des": "6 6", "avantage": "leger"},
        "-8 points d'effet → avantage léger", troisd6.effet("2D6", bonus_points=-20, des=(6, 6)).explication,
        _avantage_apres("2D6", 0, -20, Avantage.LEGER), morceau=True),
    # --- 3D6 › défense
    Cas("esquive", "troisd6-defense", {"defense": "esquive", "des_attaque": "3 3 1", "effet_attaque": "7",
        "des_defense": "4 4 2"}, "0 points nets ; l'initiative reste à l'attaquant",
        troisd6.echange(_ADA, _BRUNO, Tour(des_attaque=(3, 3, 1), effet_attaque=7, defense=Defense.ESQUIVE,
                                           des_defense=(4, 4, 2))).explication, morceau=True),
    Cas("contre-attaque", "troisd6-defense", {"defense": "contre_attaque", "des_attaque": "5 2 1", "effet_attaque": "7",
        "des_defense": "3 3 2"}, "7 points nets ; l'initiative passe au défenseur",
        troisd6.echange(_ADA, _BRUNO, Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE,
                                           des_defense=(3, 3, 2))).explication, morceau=True),
    Cas("blocage", "troisd6-defense", {"des_attaque": "3 3 1", "effet_attaque": "7", "des_defense": "5 2 1",
        "effet_defense": "4"}, "6 points nets ; l'initiative reste à l'attaquant",
        troisd6.echange(_ADA, _BRUNO, Tour(des_attaque=(3, 3, 1), effet_attaque=7, des_defense=(5, 2, 1),
                                           effet_defense=4)).explication, morceau=True),
    # --- 3D6 › la défense, choisie après l'attaque (l'exemple de l'issue : spéciale d'Ada, Bruno sous 10)
    Cas("speciale-seuil-10", "troisd6-apres-attaque", {}, "Contre-attaque : 10,6 % de reprendre l'initiative",
        troisd6.defense_apres_attaque(_ADA, _BRUNO_10, troisd6.Niveau.REUSSITE_SPECIALE).explication),
    Cas("des-3-3-1", "troisd6-apres-attaque", {"niveau_attaque": "des", "des_attaque": "3 3 1"},
        "Contre-attaque : 10,6 % de reprendre l'initiative",
        troisd6.defense_apres_attaque(_ADA, _BRUNO_10, (3, 3, 1)).explication),
    Cas("attaque-ratee", "troisd6-apres-attaque", {"niveau_attaque": "des", "des_attaque": "6 5 4"},
        "Attaque ratée : l'initiative passe à Bruno, quelle que soit sa défense",
        troisd6.defense_apres_attaque(_ADA, _BRUNO_10, (6, 5, 4)).explication),
    # --- 3D6 › scène majeure
    Cas("ada-bruno", "troisd6-scene", {}, "Ada l'emporte 84,9 % des fois", str(troisd6.chances_scene(_ADA, _BRUNO)),
        {"Bruno": troisd6.chances_scene(_ADA, _BRUNO).victoire_second,
         "Ada": troisd6.chances_scene(_ADA, _BRUNO).victoire_premier}),
    Cas("reprise", "troisd6-scene", {"initiative": "b", "avantage_a": "leger", "avantage_b": "critique",
        "defense_b": "esquive", "comparer": "non"}, "Ada l'emporte 28,0 % des fois",
        str(troisd6.chances_scene(_ADA, _BRUNO, politique_b=Politique(defense=Defense.ESQUIVE), initiative="Bruno",
                                  avantages={"Ada": Avantage.LEGER, "Bruno": Avantage.CRITIQUE}))),
    Cas("temoin-passif", "troisd6-scene", {"nom_a": "Joséphine", "adversaire": "passif", "nom_b": "le témoin",
        "objectif": "critique", "modificateur_a": "-1", "niveaux_a": "1", "avantage_a": "leger", "comparer": "non"},
        f"Joséphine réussit {fois(_TEMOIN.victoire_premier)}", str(_TEMOIN)),
)  # fmt: skip


ERREURS: tuple[tuple[str, dict[str, str], str, str], ...] = (
    # (formulaire, entrées, champ, message : l'étiquette du champ, puis ce que le Refus des règles en dit)
    ("warp-jet", {"des": "7 1 1"}, "des", "Dés lancés : chaque dé doit être un entier entre 1 et 6, reçu 7"),
    ("warp-jet", {"trait": "3", "des": "6 5 2 1"}, "des", "Dés lancés : doit contenir exactement 3 dés, reçu 4 : (6, 5, 2, 1)"),
    ("warp-jet", {"trait": "-1"}, "trait", "Trait (dés) : doit être un entier ≥ 0, reçu -1"),
    ("warp-jet", {"trait": "trois"}, "trait", "Trait (dés) : doit être un entier ≥ 0, reçu 'trois'"),
    ("warp-jet", {"trait": "13"}, "trait", "Trait (dés) : doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
    ("warp-oppose", {"des_premier": "6 5 3"}, "des_second",
     "Dés lancés : donnez les dés des deux camps pour juger le jet (ou aucun)"),
    # Le jet d'un camp refusé : son message va sous le champ de CE camp.
    ("warp-oppose", {"trait_premier": "-1", "des_premier": "1 1 1", "des_second": "1 1"}, "trait_premier",
     "Trait (dés) : doit être un entier ≥ 0, reçu -1"),
    ("warp-oppose", {"bonus_second": "x", "des_premier": "1 1 1", "des_second": "1 1"}, "bonus_second",
     "Dés de bonus : doit être un entier ≥ 0, reçu 'x'"),
    ("warp-oppose", {"malus_premier": "-1", "des_premier": "1 1 1", "des_second": "1 1"}, "malus_premier",
     "Dés de malus : doit être un entier ≥ 0, reçu -1"),
    ("warp-cooperatif", {"resultats": "Succès"}, "resultats",
     "Résultats des Bêtas, Bêta 1 : doit être un Resultat (Catastrophe, Échec, Compensation, Réussite, Magistrale), reçu 'Succès'"),
    ("warp-cooperatif", {"betas": "2 3", "des_betas": "4 3 / 6 1", "des": "5 4 2 1"}, "des_betas",
     "Dés des Bêtas, Bêta 2 : doit contenir exactement 3 dés, reçu 2 : (6, 1)"),
    ("warp-cooperatif", {"betas": "2 3", "des_betas": "4 3"}, "des_betas",
     "Dés des Bêtas : donnez les dés de chaque Bêta, séparés par « / » (2 Bêtas dans « Traits des Bêtas »), reçu 1 groupe de dés"),
    # L'Alpha hors des chances exactes (plus de 12d) : refusé sous « alpha », sans table à moitié calculée.
    ("warp-cooperatif", {"alpha": "13", "betas": "2"}, "alpha",
     "Trait de l'Alpha (dés) : doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
    # Son jet refusé (plus de 60 dés) : sous « alpha » aussi, avant le refus des chances.
    ("warp-cooperatif", {"alpha": "61", "des": "1 1 1"}, "alpha", "Trait de l'Alpha (dés) : doit être ≤ 60 (au plus 60 dés), reçu 61"),
    # Le jet d'un Bêta refusé : son Trait est sous « betas », avec le Bêta nommé.
    ("warp-cooperatif", {"betas": "2 61", "des_betas": "1 1 / 1 1"}, "betas",
     "Traits des Bêtas (dés), Bêta 2 : doit être ≤ 60 (au plus 60 dés), reçu 61"),
    ("warp-etendu", {"complexite": "0"}, "complexite", "Complexité (Progrès à atteindre) : doit être un entier ≥ 1, reçu 0"),
    ("warp-experience", {"convertis": "3"}, "convertis",
     "Déjà convertis pendant la partie : aucun dé d'expérience disponible pour « ce Test » : ses 3 dés sont déjà convertis (ils reviennent à la fin de la partie)"),
    # Refusé, le dé d'expérience n'ajoute aucun dé : les trois dés donnés ne font pas une seconde erreur.
    ("warp-experience", {"convertis": "3", "des": "6 5 4"}, "convertis",
     "Déjà convertis pendant la partie : aucun dé d'expérience disponible pour « ce Test » : ses 3 dés sont déjà convertis (ils reviennent à la fin de la partie)"),
    ("troisd6-jet", {"difficulte": "1.5"}, "difficulte",
     "Difficulté : doit être un entier ou un palier fixe de Difficulte, reçu '1.5'"),
    ("troisd6-jet", {"sorte": "talent", "valeur": "-1"}, "valeur", "Modificateur de la caractéristique, ou niveau du talent : doit être un entier ≥ 0, reçu -1"),
    ("troisd6-jet", {"familiarite": "oui"}, "familiarite",
     "Simple familiarité du talent (−3) : une simple familiarité ne concerne qu'un jet de talent"),
    ("troisd6-mineure", {"des_second": "1 2 3"}, "des_second",
     "Dés de l'adversaire : un adversaire passif ne lance pas de dés (laissez ce champ vide, ou donnez son seuil)"),
    ("troisd6-mineure", {"seuil_second": "12", "des_premier": "1 2 3"}, "des_second",
     "Dés de l'adversaire : donnez les dés des deux camps pour juger la scène (ou aucun)"),
    ("troisd6-mineure", {"seuil_second": "12", "des_second": "1 2 3"}, "des_premier",
     "Dés du PJ : donnez les dés des deux camps pour juger la scène (ou aucun)"),
    ("troisd6-mineure", {"seuil_premier": "x"}, "seuil_premier", "Seuil du PJ : doit être un entier, reçu 'x'"),
    ("troisd6-mineure", {"des_premier": "1 2"}, "des_premier", "Dés du PJ : doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
    ("troisd6-mineure", {"seuil_second": "12", "des_premier": "1 2 3", "des_second": "1 2"}, "des_second",
     "Dés de l'adversaire : doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
    ("troisd6-mineure", {"seuil_premier": "x", "seuil_second": "12"}, "seuil_premier",
     "Seuil du PJ : doit être un entier, reçu 'x'"),
    # Avec des dés : le jet refuse le même seuil, son message ne s'ajoute pas sous un autre champ.
    ("troisd6-mineure", {"seuil_premier": "x", "seuil_second": "12", "des_premier": "1 2 3", "des_second": "1 2 3"},
     "seuil_premier", "Seuil du PJ : doit être un entier, reçu 'x'"),
    ("troisd6-mineure", {"seuil_premier": "x", "des_premier": "1 2 3"}, "seuil_premier",
     "Seuil du PJ : doit être un entier, reçu 'x'"),
    ("troisd6-mineure", {"seuil_second": "abc"}, "seuil_second", "Seuil de l'adversaire : doit être un entier, reçu 'abc'"),
    ("troisd6-effet", {"indice": "1D8"}, "indice",
     "Indice (dés d'effet) : doit s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement), reçu '1D8'"),
    # Le Dd ou le Dt d'une réussite spéciale ou critique : un dé de 1 à 6, exigé, refusé sous « de ».
    ("troisd6-effet", {"niveau": "speciale"}, "de", "Dé doublé (Dd) ou triplé (Dt) : doit être un entier entre 1 et 6, reçu ''"),
    ("troisd6-effet", {"niveau": "critique"}, "de", "Dé doublé (Dd) ou triplé (Dt) : doit être un entier entre 1 et 6, reçu ''"),
    ("troisd6-effet", {"de": "7"}, "de", "Dé doublé (Dd) ou triplé (Dt) : doit être un entier entre 1 et 6, reçu 7"),
    ("troisd6-effet", {"niveau": "speciale", "de": "0"}, "de", "Dé doublé (Dd) ou triplé (Dt) : doit être un entier entre 1 et 6, reçu 0"),
    ("troisd6-defense", {"des_attaque": "1 2", "des_defense": "1 2 3"}, "des_attaque",
     "Dés de l'attaque : doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
    ("troisd6-defense", {"des_attaque": "1 2 3"}, "des_defense",
     "Dés de la défense : donnez les dés de l'attaque et de la défense (ou aucun)"),
    ("troisd6-defense", {"des_defense": "1 2 3"}, "des_attaque",
     "Dés de l'attaque : donnez les dés de l'attaque et de la défense (ou aucun)"),
    ("troisd6-defense", {"des_attaque": "1 1 2", "des_defense": "1 2"}, "des_defense",
     "Dés de la défense : doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
    ("troisd6-defense", {"des_attaque": "1 1 2", "des_defense": "5 2 1", "effet_attaque": "99"}, "effet_attaque",
     "Total du jet d'effet de l'attaque : un jet de 2D6 fait de 2 à 12, reçu 99"),
    # Le jet d'effet du blocage, impossible pour l'Indice du défenseur : sous son champ, pas sous celui de l'attaque.
    ("troisd6-defense", {"des_attaque": "1 1 2", "des_defense": "5 2 1", "effet_defense": "10"}, "effet_defense",
     "Total du jet d'effet du blocage : un jet de 1D6+1D3 fait de 2 à 9, reçu 10"),
    ("troisd6-defense", {"effet_defense": "x"}, "effet_defense", "Total du jet d'effet du blocage : doit être un entier, reçu 'x'"),
    ("troisd6-defense", {"des_attaque": "1 1 2", "des_defense": "5 2 1", "effet_attaque": "0"}, "effet_attaque",
     "Total du jet d'effet de l'attaque : doit être un entier entre 1 et 102, reçu 0"),
    ("troisd6-defense", {"des_attaque": "1 1 2", "des_defense": "5 2 1", "effet_defense": "-1"}, "effet_defense",
     "Total du jet d'effet du blocage : doit être un entier entre 1 et 102, reçu -1"),
    ("troisd6-defense", {"indice_defenseur": "14D6"}, "indice_defenseur",
     "Indice du défenseur : 14D6 +3 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
    ("troisd6-defense", {"indice_attaquant": "14D6"}, "indice_attaquant",
     "Indice de l'attaquant : 14D6 +4 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
    ("troisd6-apres-attaque", {"niveau_attaque": "des"}, "des_attaque",
     "Dés de l'attaque : donnez les trois dés de l'attaque, ou choisissez son niveau"),
    # Les dés et le niveau choisi se contredisent : le refus le dit, sans choisir à la place du joueur.
    ("troisd6-apres-attaque", {"niveau_attaque": "simple", "des_attaque": "3 3 1"}, "des_attaque",
     "Dés de l'attaque : ces dés font une réussite spéciale, pas une réussite simple : corrigez le niveau (ou choisissez « celui de ses dés »), ou les dés"),
    ("troisd6-apres-attaque", {"niveau_attaque": "critique", "seuil_attaquant": "2"}, "niveau_attaque",
     "Niveau de l'attaque : le niveau « Réussite critique » est impossible sous le seuil 2"),
    ("troisd6-apres-attaque", {"des_attaque": "3 3"}, "des_attaque",
     "Dés de l'attaque : doit contenir exactement 3 dés, reçu 2 : (3, 3)"),
    ("troisd6-apres-attaque", {"seuil_defenseur": "dix"}, "seuil_defenseur",
     "Seuil du défenseur : doit être un entier, reçu 'dix'"),
    ("troisd6-scene", {"adversaire": "passif", "armure_b": "-1", "comparer": "non"}, "armure_b",
     "Armure (points retirés à chaque effet subi) : doit être un entier entre 0 et 20, reçu -1"),
    ("troisd6-scene", {"nom_a": "Ada", "nom_b": "Ada", "comparer": "non"}, "nom_b",
     "Nom : doivent être différents, reçu deux fois 'Ada'"),
    # Un critique peut monter l'Indice de 6 niveaux (plus ceux du risque) : l'erreur va sous l'Indice qui sort.
    ("troisd6-scene", {"indice_a": "14D6", "comparer": "non"}, "indice_a",
     "Indice (dés d'effet) : 14D6 +4 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
    ("troisd6-scene", {"indice_b": "14D6", "comparer": "non"}, "indice_b",
     "Indice (dés d'effet) : 14D6 +3 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
    ("troisd6-scene", {"seuil_a": "2", "seuil_b": "2", "comparer": "non"}, "seuil_a",
     "Seuil du jet (10 + talent + difficulté…) : la scène peut ne jamais finir (100 % des fois) : aucun effet d'au moins 1 point ne passe plus et personne n'atteint avantage définitif ; changez les seuils, les Indices ou les armures (le texte laisse alors les joueurs arrêter la scène)"),
)  # fmt: skip
"""Une mauvaise saisie par formulaire (dé de 7, quatre dés pour un 3d, Trait négatif, texte dans un nombre…)."""
