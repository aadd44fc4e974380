"""Les requêtes des scènes suivies : scène majeure de 3D6, Test étendu et Test coopératif de WaRP.

Chaque requête porte l'état gardé par la page (le document de la scène), une
opération (`creer`, `ouvrir`, `attaque`, `jouer`, `ajuster`, `annuler`) et ses
entrées ; la réponse porte le nouvel état, sa vue (ce que la page montre : où
en est la scène, ses tours, ses chances d'ici à la fin) et la carte du dernier
jet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules._francais import decimal, nombre, signe
from rules.affichage import pourcentage
from rules.refus import PROPOS, Refus
from rules.table import _suivi as sv
from rules.table import _suivi_warp as sw
from rules.table._fiches import FicheTroisD6, FicheWarp, lire_fiche
from rules.table._requetes import Dessin, Reponse, _des, _entier, erreurs_de
from rules.table._schema import Erreurs, en_dict, etiquettes, lire_objet, saisir_objet
from rules.troisd6 import informations, jets
from rules.warp import cooperatif as cooperatif_w
from rules.warp import etendu as etendu_w
from rules.warp.jets import Resultat

__all__ = ["cooperatif", "etendu", "scene"]


def _pct(p: Fraction) -> dict[str, Any]:
    return {"texte": pourcentage(p), "valeur": float(p)}


def _lire(classe: type[Any], donnees: Any) -> tuple[Any, list[Refus]]:
    erreurs = Erreurs()
    lu = lire_objet(classe, donnees, (), erreurs)
    return lu, erreurs.refus


def _avec_des(donnees: Any, champs: tuple[str, ...]) -> Any:
    """Les dés tapés (« 6 5 2 ») en listes d'entiers ; une case vide retirée (ses dés seront tirés)."""
    if not isinstance(donnees, Mapping):
        return donnees
    sortie = dict(donnees)
    for nom in champs:
        if nom in sortie:
            des = _des(sortie[nom]) if sortie[nom] not in ("", None) else None
            if des is None:
                del sortie[nom]
            else:
                sortie[nom] = list(des)
    return sortie


# --- La scène majeure ---------------------------------------------------------------------------


def _ligne_3d6(fiche: FicheTroisD6, ligne: Any, difficulte: int, lieu: str) -> tuple[int, str]:
    """Le seuil d'une ligne de fiche (talent ou caractéristique), difficulté comprise, et son libellé."""
    if not isinstance(ligne, Mapping) or ligne.get("sorte") not in ("talent", "caracteristique"):
        raise Refus(lieu, "être un talent ou une caractéristique de la fiche", recu=ligne)
    rang, liste = ligne.get("rang"), fiche.talents if ligne["sorte"] == "talent" else fiche.caracteristiques
    if not isinstance(rang, int) or isinstance(rang, bool) or not 0 <= rang < len(liste):
        raise Refus(lieu, f"la fiche {fiche.nom} n'a pas cette ligne", recu=rang, forme=PROPOS)
    if ligne["sorte"] == "talent":
        t = fiche.talents[rang]
        return jets.seuil_talent(t.niveau, difficulte, familiarite=t.familiarite), t.nom
    c = fiche.caracteristiques[rang]
    return jets.seuil_caracteristique(c.modificateur, difficulte), c.nom


def _indice(fiche: FicheTroisD6, rang: Any, lieu: str) -> tuple[str, str]:
    if not isinstance(rang, int) or isinstance(rang, bool) or not 0 <= rang < len(fiche.caracteristiques):
        raise Refus(lieu, "être une caractéristique de la fiche", recu=rang)
    c = fiche.caracteristiques[rang]
    if c.indice is None:
        raise Refus(
            lieu, f"{c.nom} n'a pas d'Indice sur la fiche de {fiche.nom} : donnez-lui ses dés d'effet", forme=PROPOS
        )
    return c.indice, c.nom


def _camp_de_fiche(spec: Mapping[str, Any]) -> sv.Camp:
    """Un camp tiré d'une fiche 3D6 : la ligne qui attaque et l'Indice de ses effets, la ligne qui défend."""
    fiche = lire_fiche(spec.get("fiche"))
    if not isinstance(fiche, FicheTroisD6):
        raise Refus("fiche", "être une fiche 3D6", recu=fiche.systeme)
    difficulte = _entier(spec.get("difficulte", 0) or 0)
    seuil, quoi = _ligne_3d6(fiche, spec.get("attaque"), difficulte, "attaque")
    indice, carac = _indice(fiche, spec.get("effet"), "effet")
    detail = f"{quoi} (seuil {seuil}), effets {carac} {indice}"
    seuil_d = indice_d = None
    if spec.get("defense"):
        seuil_d, quoi_d = _ligne_3d6(fiche, spec.get("defense"), difficulte, "defense")
        detail += f" ; défense {quoi_d} (seuil {seuil_d})"
    if spec.get("effet_defense") not in (None, ""):
        indice_d, carac_d = _indice(fiche, spec.get("effet_defense"), "effet_defense")
        detail += f", blocage {carac_d} {indice_d}"
    return sv.Camp(
        fiche.nom, seuil=seuil, indice=indice, seuil_defense=seuil_d, indice_defense=indice_d, armure=fiche.armure,
        talent_contre_attaque=fiche.talent_contre_attaque, fiche=fiche.id, detail=detail,
    )  # fmt: skip


def _camp(spec: Any, cote: str) -> tuple[sv.Camp | None, list[Refus]]:
    if not isinstance(spec, Mapping):
        return None, [
            Refus(cote, "être un camp (une fiche, un personnage sans fiche, ou un adversaire passif)", recu=spec)
        ]
    if "fiche" in spec:
        try:
            return _camp_de_fiche(spec), []
        except Refus as erreur:
            return None, [erreur.sous(cote)]
    donnees = saisir_objet(sv.Camp, {k: v for k, v in spec.items() if k != "passif"})
    if spec.get("passif"):
        donnees = {**donnees, "actif": False}
    camp, refus = _lire(sv.Camp, donnees)
    return camp, [r.sous(cote) for r in refus]


_ETIQUETTES_SCENE = {
    **{("a", *k): v for k, v in etiquettes(sv.Camp).items()},
    **{("b", *k): v for k, v in etiquettes(sv.Camp).items()},
    ("a",): "Premier camp",
    ("b",): "Second camp",
    ("a", "attaque"): "Attaque",
    ("b", "attaque"): "Attaque",
    ("a", "effet"): "Effets",
    ("b", "effet"): "Effets",
    ("a", "defense"): "Défense",
    ("b", "defense"): "Défense",
    ("a", "difficulte"): "Difficulté",
    ("b", "difficulte"): "Difficulté",
    **etiquettes(sv.TourSuivi),
    **etiquettes(sv.Ajustement),
}


def _creer_scene(requete: Mapping[str, Any]) -> tuple[sv.SceneSuivie | None, list[Refus]]:
    a, refus_a = _camp(requete.get("a"), "a")
    b, refus_b = _camp(requete.get("b"), "b")
    if refus_a or refus_b:
        return None, refus_a + refus_b
    assert a is not None and b is not None
    sorte = requete.get("sorte", "action")
    objectif = requete.get("objectif") or sv.objectif_par_defaut(str(sorte), b.actif)
    donnees = {"format": sv.FORMAT_SCENE, "a": en_dict(a), "b": en_dict(b), "sorte": sorte, "objectif": objectif}
    if requete.get("initiative"):
        donnees["initiative"] = requete["initiative"]
    return _lire(sv.SceneSuivie, donnees)


def _vue_chances(scene: sv.SceneSuivie, etat: sv.EtatScene) -> dict[str, Any]:
    try:
        c = sv.chances_suivies(scene, etat)
    except Refus as erreur:
        return {"chances": None, "refus_chances": str(erreur)}
    if c is None:
        return {"chances": None, "refus_chances": None}
    politiques = f"{scene.a.nom} : {scene.a.politique} ; {scene.b.nom} : {scene.b.politique}"
    return {
        "chances": {
            "premier": c.premier,
            "second": c.second,
            "victoire_premier": _pct(c.victoire_premier),
            "victoire_second": _pct(c.victoire_second),
            "second_actif": c.second_actif,
            "tours_esperes": decimal(float(c.tours_esperes), 1),
            "explication": c.explication,
            "politiques": politiques if scene.b.actif else f"{scene.a.nom} : {scene.a.politique.risque}",
        },
        "refus_chances": None,
    }


def _vue_scene(scene: sv.SceneSuivie, etat: sv.EtatScene) -> dict[str, Any]:
    attaquant = scene.a if etat.initiative == scene.a.nom else scene.b
    defenseur = scene.b if attaquant is scene.a else scene.a
    camps = [
        {"nom": c.nom, "actif": c.actif, "detail": c.detail, "avantage": str(etat.avantages[c.nom]),
         "avantage_max": str(etat.avantages_max[c.nom]), "initiative": c.nom == etat.initiative}
        for c in (scene.a, scene.b)
    ]  # fmt: skip
    fin = etat.scene.fin if etat.terminee and etat.scene else None
    info = None
    if scene.sorte == "interaction" and not scene.b.actif and etat.terminee:
        info = informations(etat.avantages_max[scene.a.nom])
    return {
        "sorte": scene.sorte,
        "objectif": str(sv.AVANTAGES[scene.objectif]),
        "numero": etat.numero,
        "attaquant": attaquant.nom,
        "defenseur": defenseur.nom,
        "defenseur_actif": defenseur.actif,
        "camps": camps,
        "tours": [{"numero": t.numero, "texte": t.texte} for t in etat.tours],
        "evenements": len(scene.evenements),
        "terminee": etat.terminee,
        "vainqueur": etat.vainqueur,
        "fin": fin,
        "informations": info,
        **_vue_chances(scene, etat),
    }


def _reponse_scene(scene: sv.SceneSuivie, carte: str | None = None) -> Reponse:
    etat = sv.etat_scene(scene)
    return {"ok": True, "etat": en_dict(scene), "vue": _vue_scene(scene, etat), "carte": carte}


def _tour(donnees: Any) -> tuple[sv.TourSuivi | None, list[Refus]]:
    champs = ("des_attaque", "des_defense")
    saisi = saisir_objet(sv.TourSuivi, _avec_des({**(donnees or {}), "type": "tour"}, champs))
    return _lire(sv.TourSuivi, saisi)


def _conseil(scene: sv.SceneSuivie, tour: sv.TourSuivi) -> Reponse:
    if tour.des_attaque is None:
        return {"ok": True, "conseil": None}
    c = sv.defense_suivie(scene, tour.des_attaque, tour.risque)
    options = [
        {"defense": next(k for k, v in sv.DEFENSES.items() if v is o.defense), "libelle": str(o.defense),
         "seuil": o.seuil, "aucun_point": _pct(o.aucun_point), "points_esperes": decimal(float(o.points_esperes), 1),
         "initiative": _pct(o.initiative)}
        for o in c.options
    ]  # fmt: skip
    meilleure = next((k for k, v in sv.DEFENSES.items() if v is c.meilleure), None)
    niveau = str(c.attaque)
    return {
        "ok": True,
        "conseil": {"attaque": niveau, "meilleure": meilleure, "explication": c.explication, "options": options},
    }


def scene(requete: Mapping[str, Any], dessiner: Dessin | None) -> Reponse:
    """Une scène majeure suivie : la créer, l'ouvrir, conseiller la défense, jouer un tour, ajuster, annuler."""
    operation = requete.get("operation")
    if operation == "creer":
        nouvelle, refus_creer = _creer_scene(requete)
        if nouvelle is None:
            return {"ok": False, "erreurs": erreurs_de(refus_creer, _ETIQUETTES_SCENE)}
        return _reponse_scene(nouvelle)
    actuelle, refus = sv.lire_scene(requete.get("etat"))
    if refus:
        return {"ok": False, "erreurs": erreurs_de(refus, _ETIQUETTES_SCENE), "message": "Cette scène est illisible."}
    assert actuelle is not None
    if operation == "ouvrir":
        return _reponse_scene(actuelle)
    if operation == "annuler":
        return _reponse_scene(sv.annuler(actuelle))
    if operation == "ajuster":
        av = {k: sv.AVANTAGES.get(requete.get(k) or "") for k in ("avantage_a", "avantage_b")}
        raison = str(requete.get("raison") or "décision du MJ")
        suite = sv.ajuster(actuelle, initiative=requete.get("initiative") or None, raison=raison, **av)
        return _reponse_scene(suite)
    if operation not in ("attaque", "jouer"):
        raise Refus("operation", "être l'une de creer, ouvrir, attaque, jouer, ajuster, annuler", recu=operation)
    tour, refus_tour = _tour(requete.get("tour"))
    if refus_tour:
        return {"ok": False, "erreurs": erreurs_de(refus_tour, _ETIQUETTES_SCENE)}
    assert tour is not None
    if operation == "attaque":
        return _conseil(actuelle, tour)
    suite, joue = sv.jouer_tour(actuelle, tour, rng=random.Random())
    return _reponse_scene(suite, dessiner(joue.echange) if dessiner else None)


# --- Le Test étendu ------------------------------------------------------------------------------

_ETIQUETTES_ETENDU = {**etiquettes(sw.EtenduSuivi), ("rang",): "Trait", ("fiche",): "Fiche", ("des",): "Dés jetés"}


def _trait(fiche: Any, rang: Any, lieu: str) -> tuple[FicheWarp, str, int]:
    lue = lire_fiche(fiche)
    if not isinstance(lue, FicheWarp):
        raise Refus("fiche", "être une fiche WaRP", recu=lue.systeme)
    if not isinstance(rang, int) or isinstance(rang, bool) or not 0 <= rang < len(lue.traits):
        raise Refus(lieu, "être un Trait de la fiche", recu=rang)
    t = lue.traits[rang]
    if t.des is None:
        raise Refus(
            lieu, f"« {t.nom} » est un Trait sans dés, il ne se lance pas (WaRP › Traits sans dés)", forme=PROPOS
        )
    return lue, t.nom, t.des


def _vue_etendu(t: sw.EtenduSuivi, etat: sw.EtatEtendu) -> dict[str, Any]:
    lignes = []
    progres = revers = 0
    for n, j in enumerate(etat.jets, start=1):
        gain, perte = etendu_w.EFFETS[j.resultat]
        progres, revers = progres + gain, revers + perte
        effet = f"+{gain} Progrès" if gain else (f"+{perte} Revers" if perte else "ni Progrès ni Revers")
        lignes.append(
            f"Round {n} : {j.explication} {effet} (Progrès {progres}/{t.complexite}, Revers {revers}/{t.maniabilite})."
        )
    vue: dict[str, Any] = {
        "personnage": t.personnage, "trait": f"{t.trait_nom} {t.trait}d", "complexite": t.complexite,
        "maniabilite": t.maniabilite, "progres": etat.progres, "revers": etat.revers, "rounds": len(t.rounds),
        "temps": f"{nombre(Fraction(len(t.rounds) * t.periode))} {t.unite}", "experience": t.experience_des_le_round,
        "lignes": lignes, "resultat": str(etat.resultat) if etat.resultat else None,
        "fin": etat.deroulement.explication if etat.deroulement else None, "chances": None, "refus_chances": None,
    }  # fmt: skip
    if etat.resultat is None:
        r = t.reserve(len(t.rounds) + 1)
        vue["prochain"] = f"Round {len(t.rounds) + 1} : {r.trait}d, {r.bonus}d de bonus, {r.malus}d de malus"
        try:
            c = sw.chances_etendu(t, etat)
        except Refus as erreur:
            vue["refus_chances"] = str(erreur)
        else:
            assert c is not None
            vue["chances"] = {
                "reussite": _pct(c.reussite),
                "loi": [[str(k), pourcentage(v)] for k, v in c.loi.items()],
                "rounds_restants": decimal(float(c.rounds_restants), 1),
            }
    return vue


def _reponse_etendu(t: sw.EtenduSuivi, dessiner: Dessin | None, **plus: Any) -> Reponse:
    etat = sw.etat_etendu(t)
    dernier = etat.deroulement or (etat.jets[-1] if etat.jets else None)
    carte = dessiner(dernier) if dessiner and dernier is not None else None
    return {"ok": True, "etat": en_dict(t), "vue": _vue_etendu(t, etat), "carte": carte, **plus}


def _creer_etendu(requete: Mapping[str, Any]) -> Reponse:
    try:
        fiche, nom, des = _trait(requete.get("fiche"), requete.get("rang"), "rang")
    except Refus as erreur:
        return {"ok": False, "erreurs": erreurs_de([erreur], _ETIQUETTES_ETENDU)}
    champs = ("complexite", "maniabilite", "periode", "unite", "bonus", "malus", "aide", "travailleur")
    donnees = {k: requete[k] for k in champs if k in requete}
    donnees = saisir_objet(sw.EtenduSuivi, donnees)
    donnees.update(format=sw.FORMAT_ETENDU, personnage=fiche.nom, trait_nom=nom, trait=des, fiche=fiche.id)
    suivi, refus = _lire(sw.EtenduSuivi, donnees)
    if refus:
        return {"ok": False, "erreurs": erreurs_de(refus, _ETIQUETTES_ETENDU)}
    return _reponse_etendu(suivi, None)


def _experience(requete: Mapping[str, Any], quoi: str) -> dict[str, Any] | None:
    """La fiche d'après la conversion d'un dé d'expérience (accepté par le MJ), si la requête porte la fiche."""
    if not requete.get("fiche"):
        return None
    fiche = lire_fiche(requete.get("fiche"))
    if not isinstance(fiche, FicheWarp):
        raise Refus("fiche", "être une fiche WaRP", recu=fiche.systeme)
    fiche.reserve_experience.convertir(quoi, accepte=True)  # la règle refuse s'il n'en reste pas
    from dataclasses import replace

    return en_dict(replace(fiche, experience=fiche.experience - 1, experience_convertis=fiche.experience_convertis + 1))


def etendu(requete: Mapping[str, Any], dessiner: Dessin | None) -> Reponse:
    """Un Test étendu suivi : le créer, l'ouvrir, jouer un round, annuler le dernier."""
    operation = requete.get("operation")
    if operation == "creer":
        return _creer_etendu(requete)
    suivi, refus = sw.lire_etendu(requete.get("etat"))
    if refus:
        return {"ok": False, "erreurs": erreurs_de(refus, _ETIQUETTES_ETENDU), "message": "Ce Test est illisible."}
    assert suivi is not None
    if operation == "ouvrir":
        return _reponse_etendu(suivi, None)
    if operation == "annuler":
        return _reponse_etendu(sw.annuler_etendu(suivi), None)
    if operation != "jouer":
        raise Refus("operation", "être l'une de creer, ouvrir, jouer, annuler", recu=operation)
    experience = requete.get("experience") is True
    try:
        fiche = _experience(requete, f"Test étendu : {suivi.trait_nom}") if experience else None
        des = None if requete.get("des") in (None, "") else _des(requete.get("des"))
        suite = sw.jouer_etendu(suivi, des, experience=experience, rng=random.Random())
    except Refus as erreur:
        return {"ok": False, "erreurs": erreurs_de([erreur], _ETIQUETTES_ETENDU)}
    return _reponse_etendu(suite, dessiner, fiche=fiche)


# --- Le Test coopératif --------------------------------------------------------------------------

_ETIQUETTES_COOP = {**etiquettes(sw.CooperatifSuivi), ("des",): "Dés jetés"}


def _participant(spec: Any, lieu: tuple[str | int, ...]) -> tuple[sw.Participant, dict[str, Any] | None]:
    if not isinstance(spec, Mapping):
        raise Refus([lieu], "être un participant (une fiche et un Trait)", recu=spec)
    try:
        fiche, nom, des = _trait(spec.get("fiche"), spec.get("rang"), "rang")
        experience = spec.get("experience") is True
        apres = _experience(spec, f"Test coopératif : {nom}") if experience else None
    except Refus as erreur:
        raise erreur.sous(*lieu) from None
    return sw.Participant(fiche.nom, nom, des, experience, fiche.id), apres


def _creer_cooperatif(requete: Mapping[str, Any]) -> Reponse:
    try:
        alpha, fiche_alpha = _participant(requete.get("alpha"), ("alpha",))
        betas_specs = requete.get("betas")
        if not isinstance(betas_specs, list) or not betas_specs:
            raise Refus("betas", "être au moins un Bêta", recu=betas_specs)
        betas = [_participant(b, ("betas", i)) for i, b in enumerate(betas_specs)]
    except Refus as erreur:
        return {"ok": False, "erreurs": erreurs_de([erreur], _ETIQUETTES_COOP)}
    donnees = saisir_objet(sw.CooperatifSuivi, {k: requete[k] for k in ("bonus", "malus") if k in requete})
    donnees.update(format=sw.FORMAT_COOPERATIF, alpha=en_dict(alpha), betas=[en_dict(b) for b, _ in betas])
    suivi, refus = _lire(sw.CooperatifSuivi, donnees)
    if refus:
        return {"ok": False, "erreurs": erreurs_de(refus, _ETIQUETTES_COOP)}
    fiches = [f for f in [fiche_alpha, *(f for _, f in betas)] if f is not None]
    return {**_reponse_cooperatif(suivi, None), "fiches": fiches}


def _aide(a: Fraction) -> str:
    """L'aide d'un Bêta, écrite comme la page des Tests coopératifs : « +½d », « +1d », « −1d », « aucun dé »."""
    if a == Fraction(1, 2):
        return "+½d"
    return f"{signe(int(a))}d" if a else "aucun dé"


def _vue_cooperatif(t: sw.CooperatifSuivi, etat: sw.EtatCooperatif) -> dict[str, Any]:
    lignes = [
        f"Bêta {i + 1}, {b.nom} ({b.trait_nom}) : {j.explication} Aide : {_aide(cooperatif_w.AIDE[j.resultat])}."
        for i, (b, j) in enumerate(zip(t.betas, etat.jets_betas, strict=False))
    ]
    aide = etat.aide
    vue: dict[str, Any] = {
        "alpha": f"{t.alpha.nom} ({t.alpha.trait_nom} {t.alpha.trait}d)",
        "betas": [f"{b.nom} ({b.trait_nom} {b.trait}d)" for b in t.betas],
        "aide": f"{abs(aide)}d de {'bonus' if aide > 0 else 'malus'}" if aide else "aucun dé",
        "lignes": lignes, "fin": None, "resultat": None, "chances": None, "refus_chances": None, "prochain": None,
    }  # fmt: skip
    if etat.cooperation is not None:
        vue["fin"], vue["resultat"] = etat.cooperation.explication, str(etat.cooperation.resultat)
        return vue
    i = len(t.des)
    if i < len(t.betas):
        b = t.betas[i]
        vue["prochain"] = f"Bêta {i + 1} : {b.nom}, {b.trait_nom} ({t.reserve_beta(i).lances} dés à jeter)"
    else:
        vue["prochain"] = f"Alpha : {t.alpha.nom}, {t.alpha.trait_nom} ({t.reserve_alpha(aide).lances} dés à jeter)"
    try:
        loi = sw.chances_cooperatif(t, etat)
    except Refus as erreur:
        vue["refus_chances"] = str(erreur)
    else:
        assert loi is not None
        vue["chances"] = {
            "reussite": _pct(loi[Resultat.REUSSITE] + loi[Resultat.MAGISTRALE]),
            "loi": [[str(k), pourcentage(v)] for k, v in loi.items()],
        }
    return vue


def _reponse_cooperatif(t: sw.CooperatifSuivi, dessiner: Dessin | None) -> Reponse:
    etat = sw.etat_cooperatif(t)
    dernier: Any = etat.cooperation or (etat.jets_betas[-1] if etat.jets_betas else None)
    carte = dessiner(dernier) if dessiner and dernier is not None else None
    return {"ok": True, "etat": en_dict(t), "vue": _vue_cooperatif(t, etat), "carte": carte}


def cooperatif(requete: Mapping[str, Any], dessiner: Dessin | None) -> Reponse:
    """Un Test coopératif suivi : le créer, l'ouvrir, jouer le jet suivant, annuler le dernier."""
    operation = requete.get("operation")
    if operation == "creer":
        return _creer_cooperatif(requete)
    suivi, refus = sw.lire_cooperatif(requete.get("etat"))
    if refus:
        return {"ok": False, "erreurs": erreurs_de(refus, _ETIQUETTES_COOP), "message": "Ce Test est illisible."}
    assert suivi is not None
    if operation == "ouvrir":
        return _reponse_cooperatif(suivi, None)
    if operation == "annuler":
        return _reponse_cooperatif(sw.annuler_cooperatif(suivi), None)
    if operation != "jouer":
        raise Refus("operation", "être l'une de creer, ouvrir, jouer, annuler", recu=operation)
    try:
        des = None if requete.get("des") in (None, "") else _des(requete.get("des"))
        suite = sw.jouer_cooperatif(suivi, des, rng=random.Random())
    except Refus as erreur:
        return {"ok": False, "erreurs": erreurs_de([erreur], _ETIQUETTES_COOP)}
    return _reponse_cooperatif(suite, dessiner)
