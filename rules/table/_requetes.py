"""Les requêtes de la page « À la table » : des données JSON en entrée, des données JSON en sortie.

La page (son JavaScript) ne fait que garder, montrer et demander : chaque geste
est une requête `{"action": …}` à [`repondre`][rules.table.repondre], dans le
worker Python de la page. Une entrée refusée ne lève rien : la réponse porte
`"ok": false` et, sous le chemin de chaque champ refusé (`"traits.0.des"`), la
phrase de la règle précédée de l'étiquette du champ. La carte d'un jet est
dessinée par `dessiner` (le rendu des cartes des pages du site, que le worker
fournit) : ce paquet ne dessine rien.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from rules.affichage import pourcentage
from rules.calculateur._commun import lire_des
from rules.refus import Lieu, Refus
from rules.table._fiches import (
    FORMAT,
    VERSION,
    Document,
    FicheTroisD6,
    FicheWarp,
    lire_fiche,
    saisir_fiche,
    verifier_document,
)
from rules.table._fiches import verifier_fiche as _verifier_fiche
from rules.table._lancers import lancer, lignes
from rules.table._schema import en_dict, etiquettes, formulaire

__all__ = ["Dessin", "Reponse", "declaration", "erreurs_de", "repondre", "repondre_json"]

Dessin = Callable[[object], str]
"""Ce qui dessine la carte d'un résultat de règle (son HTML) ; sans lui, les réponses n'ont pas de carte."""

Reponse = dict[str, Any]

_ETIQUETTES: dict[tuple[str, ...], str] = {
    **etiquettes(FicheWarp),
    **etiquettes(FicheTroisD6),
    **{("fiches", *k): v for k, v in {**etiquettes(FicheWarp), **etiquettes(FicheTroisD6)}.items()},
    ("fiches",): "Fiche",
}


def chemin(lieu: Lieu) -> str:
    """Le chemin d'un lieu, tel que la page le lit : `("traits", 0, "des")` → « traits.0.des »."""
    return ".".join(str(m) for m in lieu)


def _nommer(etiquettes_: Mapping[tuple[str, ...], str]) -> Callable[[Lieu], str]:
    """Un lieu nommé pour le lecteur : « Traits n° 1, Dés » ; l'étiquette seule suffit sous son champ."""

    def nommer(lieu: Lieu) -> str:
        morceaux: list[str] = []
        noms: list[str] = []
        for m in lieu:
            if isinstance(m, int):
                if morceaux:
                    morceaux[-1] += f" n° {m + 1}"
                continue
            noms.append(m)
            morceaux.append(etiquettes_.get(tuple(noms), m))
        return ", ".join(morceaux) or "Entrée"

    return nommer


def erreurs_de(refus: tuple[Refus, ...] | list[Refus], etiquettes_: Mapping[tuple[str, ...], str]) -> dict[str, str]:
    """Chaque refus sous le chemin de son premier lieu, sa phrase précédée du nom du lieu (le premier par chemin)."""
    nommer = _nommer(etiquettes_)
    sortie: dict[str, str] = {}
    for r in refus:
        sortie.setdefault(chemin(r.lieux[0]), r.message(nommer))
    return sortie


def _refuse(refus: tuple[Refus, ...] | list[Refus], etiquettes_: Mapping[tuple[str, ...], str], **plus: Any) -> Reponse:
    return {"ok": False, "erreurs": erreurs_de(refus, etiquettes_), **plus}


def _lignes(fiche: Any) -> list[dict[str, Any]]:
    return [{"sorte": x.sorte, "rang": x.rang, "libelle": x.libelle} for x in lignes(fiche)]


# --- Les fiches ---------------------------------------------------------------------------------


def _saisir(requete: Mapping[str, Any], dessiner: Dessin | None) -> Reponse:
    """Une fiche remplie dans la page : sa forme de document, ou les refus sous ses champs."""
    fiche, refus = _verifier_fiche(saisir_fiche(requete.get("fiche")))
    if refus:
        return _refuse(refus, _ETIQUETTES)
    return {"ok": True, "fiche": en_dict(fiche), "lignes": _lignes(fiche)}


def _importer(requete: Mapping[str, Any], dessiner: Dessin | None) -> Reponse:
    """Un document importé (un fichier, un lien) : ses fiches, ou tous ses refus ; rien n'est gardé s'il en a un."""
    donnees = requete.get("document")
    if isinstance(donnees, str):
        try:
            donnees = json.loads(donnees)
        except ValueError:
            return {"ok": False, "erreurs": {"": "Ce fichier n'est pas un document JSON lisible."}}
    doc, refus = verifier_document(donnees)
    if refus:
        nombre = len(refus)
        message = f"Le document est refusé ({nombre} valeur{'s' if nombre > 1 else ''}) : rien n'est changé."
        return _refuse(refus, _ETIQUETTES, message=message)
    assert isinstance(doc, Document)
    return {
        "ok": True,
        "fiches": [en_dict(f) for f in doc.fiches],
        "lignes": {f.id: _lignes(f) for f in doc.fiches},
    }


# --- Un jet d'une ligne -------------------------------------------------------------------------

_CHAMPS_DU_JET = {
    "des": "Dés jetés",
    "bonus": "Dés de bonus",
    "malus": "Dés de malus",
    "difficulte": "Difficulté",
    "experience": "Dé d'expérience",
}
"""Les champs du panneau d'un jet, et leur étiquette (un refus du dé d'expérience porte le nom du Test : « test »)."""


def _entier(valeur: Any) -> Any:
    if isinstance(valeur, str):
        texte = valeur.strip().replace("\u2212", "-")
        return int(texte) if texte.lstrip("+-").isdigit() and len(texte) < 10 else valeur
    return valeur


def _des(valeur: Any) -> Any:
    """Les dés tapés par un joueur (« 6 5 2 1 », « 6521 ») ; `None` s'il n'en a pas tapé."""
    if valeur is None or isinstance(valeur, list):
        return None if valeur is None else tuple(valeur)
    return lire_des(str(valeur))


def _lancer(requete: Mapping[str, Any], dessiner: Dessin | None) -> Reponse:
    """Lance une ligne d'une fiche : la carte du jet, son verdict, la chance d'au moins autant, la ligne du journal."""
    try:
        fiche = lire_fiche(requete.get("fiche"))
        des = None if requete.get("lancer") else _des(requete.get("des"))
        jeu = lancer(
            fiche,
            requete.get("sorte"),  # type: ignore[arg-type]
            requete.get("rang"),  # type: ignore[arg-type]
            bonus=_entier(requete.get("bonus", 0)),
            malus=_entier(requete.get("malus", 0)),
            experience=requete.get("experience", False),
            difficulte=_entier(requete.get("difficulte", 0)),
            des=des,
            rng=random.Random() if des is None else None,
        )
    except Refus as refus:
        tete = str(refus.lieux[0][0])
        champ = "experience" if tete == "test" else tete
        if champ not in _CHAMPS_DU_JET:
            return {"ok": False, "erreurs": {"": str(refus)}}
        return {"ok": False, "erreurs": {champ: refus.message(lambda lieu: _CHAMPS_DU_JET.get(str(lieu[0]), "Jet"))}}
    resultat = jeu.resultat
    des_jetes = getattr(resultat, "des", None)
    return {
        "ok": True,
        "carte": dessiner(resultat) if dessiner else None,
        "verdict": jeu.verdict,
        "explication": resultat.explication,
        "phrase": jeu.phrase,
        "chance": pourcentage(jeu.chance),
        "conditions": jeu.conditions,
        "journal": jeu.journal,
        "des": " ".join(str(d) for d in des_jetes) if des_jetes else "",
        "fiche": en_dict(jeu.fiche) if jeu.fiche != fiche else None,
        "conversion": jeu.conversion.explication if jeu.conversion else None,
    }


# --- Ce que la page sait d'avance ------------------------------------------------------------------


def declaration() -> dict[str, Any]:
    """Ce que la page écrit d'avance (à la construction) : les formulaires des fiches, les choix d'un jet ou d'un
    tour, le format du document. Elle s'en sert pour dessiner ses champs avant que Python soit chargé, jamais pour
    vérifier une valeur ni appliquer une règle.

    Examples:
        >>> d = declaration()
        >>> sorted(d["fiches"]), d["format"], d["difficultes"][0]
        (['3d6', 'warp'], 'regles-executables/fiches', [10, '+10, évident'])
    """
    from rules._francais import signe
    from rules.table import _suivi
    from rules.troisd6.jets import difficulte_nommee

    difficultes = []
    for m in range(10, -11, -1):
        palier = difficulte_nommee(m)
        if palier is not None:
            difficultes.append([m, f"{signe(m)}, {palier}"])
    return {
        "format": FORMAT,
        "version": VERSION,
        "fiches": {"warp": formulaire(FicheWarp), "3d6": formulaire(FicheTroisD6)},
        "difficultes": difficultes,
        "defenses": [[k, str(v)] for k, v in _suivi.DEFENSES.items()],
        "avantages": [[k, str(v)] for k, v in _suivi.AVANTAGES.items()],
        "sortes_de_scene": list(_suivi.SORTES_DE_SCENE),
        "objectifs": {s: _suivi.objectif_par_defaut(s, False) for s in _suivi.SORTES_DE_SCENE},
    }


# --- L'aiguillage -------------------------------------------------------------------------------


def _actions() -> dict[str, Callable[[Mapping[str, Any], Dessin | None], Reponse]]:
    from rules.table import _requetes_suivi

    return {
        "saisir": _saisir,
        "importer": _importer,
        "lancer": _lancer,
        "scene": _requetes_suivi.scene,
        "etendu": _requetes_suivi.etendu,
        "cooperatif": _requetes_suivi.cooperatif,
    }


def repondre(requete: Any, dessiner: Dessin | None = None) -> Reponse:
    """La réponse à une requête de la page (un objet JSON `{"action": …}`), en types JSON.

    Une requête mal formée ou une entrée refusée rend `{"ok": false, …}`, sans lever.

    Examples:
        >>> r = repondre({"action": "saisir", "fiche": {"id": "b", "systeme": "warp", "nom": "le bourrin",
        ...                                             "traits": [{"nom": "Phaseur", "des": "3d"}]}})
        >>> r["ok"], r["lignes"]
        (True, [{'sorte': 'trait', 'rang': 0, 'libelle': 'Phaseur, 3d'}])
        >>> repondre({"action": "saisir", "fiche": {"id": "b", "systeme": "warp", "nom": "le bourrin",
        ...                                         "traits": [{"nom": "Phaseur", "des": "13"}]}})["erreurs"]
        {'traits.0.des': 'Traits n° 1, Dés : doit être ≤ 12 pour calculer des chances exactes, reçu 13'}
        >>> repondre({"action": "voler"})["erreurs"]
        {'': "action doit être l'une de saisir, importer, lancer, scene, etendu, cooperatif, reçu 'voler'"}
    """
    actions = _actions()
    if dessiner is not None and not callable(dessiner):
        raise Refus("dessiner", "être une fonction (un résultat de règle → le HTML de sa carte) ou None", recu=dessiner)
    if not isinstance(requete, Mapping):
        return {"ok": False, "erreurs": {"": "La requête doit être un objet JSON."}}
    action = requete.get("action")
    if not isinstance(action, str) or action not in actions:
        refus = Refus("action", f"être l'une de {', '.join(actions)}", recu=action)
        return {"ok": False, "erreurs": {"": str(refus)}}
    try:
        return actions[action](requete, dessiner)
    except Refus as refus:  # un refus qu'aucun champ de la requête ne porte : dit tel que la règle le dit
        return {"ok": False, "erreurs": {"": str(refus)}}


def repondre_json(requete: str, dessiner: Dessin | None = None) -> str:
    """[`repondre`][rules.table.repondre] pour le navigateur : une requête JSON, une réponse JSON."""
    if not isinstance(requete, str):
        raise Refus("requete", "être un texte JSON", recu=requete)
    try:
        donnees = json.loads(requete)
    except ValueError:
        return json.dumps({"ok": False, "erreurs": {"": "La requête n'est pas un texte JSON."}}, ensure_ascii=False)
    return json.dumps(repondre(donnees, dessiner), ensure_ascii=False)
