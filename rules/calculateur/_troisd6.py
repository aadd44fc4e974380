"""Les formulaires 3D6 du calculateur : jet, scène mineure, effet et avantage, défense, scène majeure."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import Any

from rules import _valider
from rules._francais import de_le, entier, majuscule, s, signe
from rules.affichage import arrondi, fois, pourcentage
from rules.calculateur._commun import (
    Champ,
    Formulaire,
    Lecture,
    Liens,
    Reponse,
    Tableau,
    chance,
    choix_enum,
    ecrire_des,
    somme,
    table_de_loi,
    ton,
)
from rules.regles import en_cours
from rules.troisd6 import (
    Avantage,
    Defense,
    Issue,
    Niveau,
    Personnage,
    Politique,
    Risque,
    Tour,
    apports,
    avantage,
    chances_echange,
    chances_scene,
    chances_scene_non_opposee,
    chances_scene_opposee,
    comparer_risques,
    defense_apres_attaque,
    difficulte_nommee,
    distribution,
    echange,
    effet,
    jet,
    loi_effet,
    objectif_interview,
    progression,
    scene_non_opposee,
    scene_opposee,
    seuil_caracteristique,
    seuil_talent,
)

__all__ = ["FORMULAIRES"]


def _notes_3d6(loi: dict[Niveau, Fraction]) -> list[tuple[str, Fraction]]:
    return [
        ("Réussite (simple, spéciale ou critique)", somme(loi, lambda n: n.reussi)),
        ("Au moins une réussite spéciale (critique comprise)", somme(loi, lambda n: n >= Niveau.REUSSITE_SPECIALE)),
        ("Un triple, critique en réussite comme en échec", loi[Niveau.REUSSITE_CRITIQUE] + loi[Niveau.ECHEC_CRITIQUE]),
        ("Un échec critique", loi[Niveau.ECHEC_CRITIQUE]),
    ]


def _table_3d6(legende: str, loi: dict[Niveau, Fraction]) -> Tableau:
    return table_de_loi(legende, "Niveau", loi, cumul="Ce niveau ou mieux", notes=_notes_3d6(loi))


def _avantage(lu: Lecture, nom: str) -> Avantage:
    return Avantage[lu.choix(nom).upper()]


# --- Jet ------------------------------------------------------------------------------------


def _terme(n: int) -> str:
    """Un terme d'une somme écrite pour le lecteur : « + 2 », « − 3 » (le signe de `rules._francais`, puis une espace)."""
    ecrit = signe(n)
    return f"{ecrit[0]} {ecrit[1:]}"


def _jet(lu: Lecture) -> Reponse:
    talent = lu.choix("sorte") == "talent"
    valeur, difficulte = lu.entier("valeur"), lu.entier("difficulte")
    familiarite = lu.case("familiarite")
    des = lu.des("des")
    if familiarite and not talent:
        lu.refuser("familiarite", "une simple familiarité ne concerne qu'un jet de talent")
    if talent:
        s = lu.essayer(
            lambda: seuil_talent(valeur, difficulte, familiarite=familiarite), Liens(seuil_talent, {"niveau": "valeur"})
        )
    else:
        s = lu.essayer(
            lambda: seuil_caracteristique(valeur, difficulte), Liens(seuil_caracteristique, {"modificateur": "valeur"})
        )
    if s is None or lu.erreurs:
        return lu.reponse()
    # Le seuil est fait de la valeur et de la difficulté : hors des bornes, son refus ne vise aucun des deux seul.
    loi = lu.essayer(lambda: distribution(s), Liens(distribution, {"seuil": ""}))
    r = None
    if des is not None or lu.lancer:
        r = lu.essayer(lambda: jet(s, des, rng=lu.rng), Liens(jet, {"seuil": ""}))
        if r is not None and lu.lancer:
            lu.sorties["des"] = ecrire_des(r.des)
    if loi is None or lu.erreurs:
        return lu.reponse()
    calcul = f"10 {_terme(valeur)} ({'talent' if talent else 'caractéristique'}) {_terme(difficulte)} (difficulté)"
    if familiarite:
        calcul += f" {_terme(en_cours().malus_familiarite)} (simple familiarité)"
    palier = difficulte_nommee(difficulte)
    nom = f" ; difficulté « {palier} »" if palier else " ; difficulté sans nom sur l'échelle du texte"
    ecrit = entier(s)  # un seuil négatif (jamais atteint) : « −9 », pas « − 9 »
    faits = (f"Seuil : {calcul} = {ecrit} : réussite sur {ecrit} ou moins aux 3d6{nom}.",)
    return lu.reponse(
        verdict=None
        if r is None
        else str(r.niveau) + (f" (Dd = {r.dd})" if r.dd else f" (Dt = {r.dt})" if r.dt else ""),
        ton=ton(None if r is None else r.niveau.reussi),
        explication=None if r is None else r.explication,
        faits=faits,
        tableaux=(_table_3d6(f"Chances exactes d'un jet de 3d6 sous {ecrit}", loi),),
    )


# --- Scène mineure --------------------------------------------------------------------------


def _mineure(lu: Lecture) -> Reponse:
    s1, brut2 = lu.entier("seuil_premier"), lu.texte("seuil_second")
    s2 = lu.entier("seuil_second") if brut2 else None
    d1, d2 = lu.des("des_premier"), lu.des("des_second")
    verdict = explication = None
    gagnee = None
    if s2 is None:
        if d2 is not None:
            lu.refuser(
                "des_second", "un adversaire passif ne lance pas de dés (laissez ce champ vide, ou donnez son seuil)"
            )
        gagne = lu.essayer(
            lambda: chances_scene_non_opposee(s1), Liens(chances_scene_non_opposee, {"seuil": "seuil_premier"})
        )
        if d1 is not None or lu.lancer:
            j = lu.essayer(
                lambda: jet(s1, d1, rng=lu.rng), Liens(jet, {"seuil": "seuil_premier", "des": "des_premier"})
            )
            if j is not None:
                sc = scene_non_opposee(j)
                verdict, explication = ("Le PJ gagne la scène" if sc.gagne else "Le PJ perd la scène"), sc.explication
                gagnee = sc.gagne
                if lu.lancer:
                    lu.sorties["des_premier"] = ecrire_des(j.des)
        if gagne is None or lu.erreurs:
            return lu.reponse()
        table = table_de_loi(
            f"Scène mineure sans opposition (adversaire passif), seuil {s1} : chances exactes",
            "Issue",
            {"le PJ perd la scène": 1 - gagne, "le PJ gagne la scène": gagne},
        )
        return lu.reponse(verdict=verdict, ton=ton(gagnee), explication=explication, tableaux=(table,))
    issues = lu.essayer(lambda: chances_scene_opposee(s1, s2))
    if lu.lancer or d1 is not None or d2 is not None:
        jets: dict[str, Any] = {}
        for camp, s, d in (("premier", s1, d1), ("second", s2, d2)):
            if d is None and not lu.lancer:
                lu.refuser(f"des_{camp}", "donnez les dés des deux camps pour juger la scène (ou aucun)")
                continue
            jets[camp] = lu.essayer(
                partial(jet, s, d, rng=lu.rng), Liens(jet, {"seuil": f"seuil_{camp}", "des": f"des_{camp}"})
            )
            if jets[camp] is not None and lu.lancer:
                lu.sorties[f"des_{camp}"] = ecrire_des(jets[camp].des)
        if not lu.erreurs and len(jets) == 2:
            opposee = scene_opposee(jets["premier"], jets["second"])
            verdict = str(opposee.issue)
            explication = (
                f"Premier : {jets['premier'].explication} Second : {jets['second'].explication} {opposee.explication}"
            )
    if issues is None or lu.erreurs:
        return lu.reponse()
    ordre = {k: issues[k] for k in (Issue.SECOND, Issue.EGALITE, Issue.PREMIER)}
    table = table_de_loi(f"Scène mineure opposée, seuils {s1} contre {s2} : chances exactes", "Issue", ordre)
    return lu.reponse(verdict=verdict, explication=explication, tableaux=(table,))


# --- Effet et avantage ------------------------------------------------------------------------


def _progression(actuel: Avantage, points: int) -> str:
    nouveau = progression(actuel, points)
    if points < 1:
        return f"Moins d'1 point d'effet : {actuel} ne change pas."
    if nouveau == actuel:  # seul l'avantage définitif ne monte plus
        comment = "déjà au plus haut"
    elif nouveau == avantage(points):
        comment = "directement au niveau obtenu"
    else:
        comment = "un cran de plus"
    return f"{actuel} et {points} point{s(points)} d'effet → {nouveau} ({comment})."


def _effet(lu: Lecture) -> Reponse:
    indice, niveau = lu.texte("indice"), lu.choix("niveau")
    de, niveaux, bonus = lu.entier("de"), lu.entier("niveaux"), lu.entier("bonus_points")
    actuel = _avantage(lu, "avantage")
    des = lu.des("des")
    if lu.texte("de"):  # un Dd ou un Dt donné est un dé, même s'il ne sert pas (réussite simple)
        lu.essayer(lambda: _valider.entier("de", de, minimum=1, maximum=6))
    dd, dt = apports(_NIVEAU_LU[niveau], de, de)  # ce que ce niveau apporte (Dd, Dt), par la règle même
    # Le calcul des chances passe par effet() d'abord : il valide tout (Indice, Dd, Dt, niveaux…).
    e = lu.essayer(
        lambda: effet(
            indice, dd=dd, dt=dt, niveaux=niveaux, bonus_points=bonus, des=des, rng=lu.rng or random.Random()
        ),
        Liens(effet, {"depart": "indice", "dd": "de", "dt": "de", "total": "des"}),
    )
    if e is None or lu.erreurs:
        return lu.reponse()
    lance = e.indice
    loi_points = loi_effet(indice, dd=dd, dt=dt, niveaux=niveaux, bonus_points=bonus)
    loi: dict[Avantage, Fraction] = defaultdict(Fraction)
    for pts, p in loi_points.items():
        loi[progression(actuel, pts)] += p
    ordre = {av: loi[av] for av in Avantage if loi[av]}
    moyenne = sum((pts * p for pts, p in loi_points.items()), Fraction(0))
    faits = (
        f"Indice lancé : {lance} ; points d'effet de {min(loi_points)} à {max(loi_points)}, "
        f"{arrondi(moyenne, 1)} en moyenne.",
    )
    table = table_de_loi(
        f"L'avantage après cet effet, depuis {actuel} : chances exactes",
        "Nouvel avantage",
        ordre,
        cumul="Cet avantage ou mieux",
        notes=[("Avantage définitif", loi[Avantage.DEFINITIF])] if actuel < Avantage.DEFINITIF else [],
    )
    verdict = explication = None
    if des is not None or lu.lancer:
        verdict = f"{e.points} point{s(abs(e.points))} d'effet → {progression(actuel, e.points)}"
        explication = f"{e.explication} {_progression(actuel, e.points)}"
        if lu.lancer and e.des is not None:
            lu.sorties["des"] = ecrire_des(e.des)
    return lu.reponse(verdict=verdict, explication=explication, faits=faits, tableaux=(table,))


# --- Défense ------------------------------------------------------------------------------------


def _en_defense(lu: Lecture, nom: str, entier: bool) -> Any:
    """Le seuil ou l'Indice d'un personnage en défense, s'il a ce champ et qu'il est rempli ; sinon `None`
    (ceux de ses attaques, comme le veut `Personnage`)."""
    if nom not in lu.brutes or not lu.texte(nom):
        return None
    return lu.entier(nom) if entier else lu.texte(nom)


def _personnage(lu: Lecture, suffixe: str, nom: str) -> Personnage | None:
    liens = Liens(
        Personnage,
        {n: f"{n}_{suffixe}" for n in ("seuil", "indice", "armure", "nom", "seuil_defense", "indice_defense")},
    )
    return lu.essayer(
        lambda: Personnage(
            nom,
            seuil=lu.entier(f"seuil_{suffixe}"),
            indice=lu.texte(f"indice_{suffixe}"),
            armure=lu.entier(f"armure_{suffixe}") if f"armure_{suffixe}" in lu.brutes else 0,
            talent_contre_attaque=lu.case(f"talent_{suffixe}") if f"talent_{suffixe}" in lu.brutes else False,
            seuil_defense=_en_defense(lu, f"seuil_defense_{suffixe}", entier=True),
            indice_defense=_en_defense(lu, f"indice_defense_{suffixe}", entier=False),
        ),
        liens,
    )


def _risque(lu: Lecture, suffixe: str = "") -> Risque | None:
    noms = {n: f"{n}{suffixe}" for n in ("modificateur", "niveaux", "bonus_points")}
    return lu.essayer(lambda: Risque(*(lu.entier(noms[n]) for n in noms)), Liens(Risque, noms))


def _effet_donne(lu: Lecture, nom: str) -> Any:
    """Le total d'un jet d'effet donné (validé même s'il ne sert pas), ou `None` (il sera tiré)."""
    if not lu.texte(nom):
        return None
    valeur = lu.essayer(lambda: _valider.entier(nom, lu.entier(nom)))
    return None if lu.lancer else valeur


_CAMPS_DE_L_ECHANGE = {
    "attaquant": "seuil_attaquant",
    "attaquant.indice": "indice_attaquant",
    "defenseur": "seuil_defenseur",
    "defenseur.indice": "indice_defenseur",
    "defenseur.seuil_defense": "seuil_defense_defenseur",
    "defenseur.indice_defense": "indice_defense_defenseur",
}
"""Le champ qui a fourni chaque camp d'un échange, dans les formulaires « Défense » et « Défense après l'attaque »."""

_RISQUE = {"risque": "modificateur", "risque.niveaux": "niveaux", "risque.bonus_points": "bonus_points"}
"""Le champ qui a fourni le risque de l'attaquant (un refus du risque lui-même va à son modificateur)."""

_LIENS_ECHANGE = Liens(echange, {**_CAMPS_DE_L_ECHANGE, "tour": "modificateur"})
_LIENS_CHANCES_ECHANGE = Liens(chances_echange, {**_CAMPS_DE_L_ECHANGE, **_RISQUE})


def _tour_joue(lu: Lecture, risque: Risque, defense: Defense, da: Any, dd: Any, effets: tuple[Any, Any]) -> Tour | None:
    """Le tour joué par les dés donnés (ou tirés) : il faut ceux de l'attaque et ceux de la défense."""
    for nom, valeur in (("des_attaque", da), ("des_defense", dd)):
        if valeur is None and not lu.lancer:
            lu.refuser(nom, "donnez les dés de l'attaque et de la défense (ou aucun)")
    tour = lu.essayer(
        lambda: Tour(risque.modificateur, da, effets[0], risque.niveaux, risque.bonus_points, defense, dd, effets[1])
    )
    return None if lu.erreurs else tour


def _echange_joue(lu: Lecture, att: Personnage, dfn: Personnage, tour: Tour, effets: tuple[Any, Any]) -> Any:
    """L'échange joué ; les dés tirés (3d6 et jets d'effet) deviennent des entrées, pour qu'un lien le rejoue."""
    e = lu.essayer(lambda: echange(att, dfn, tour, rng=lu.rng or random.Random()), _LIENS_ECHANGE)
    if e is None:
        return None
    tires = {
        "des_attaque": ecrire_des(e.jet_attaque.des),
        "des_defense": ecrire_des(e.jet_defense.des) if e.jet_defense else None,
        "effet_attaque": str(e.effet_attaque.total_des) if e.effet_attaque and effets[0] is None else None,
        "effet_defense": str(e.effet_defense.total_des) if e.effet_defense and effets[1] is None else None,
    }
    for nom, tire in tires.items():
        if tire is not None and (lu.lancer or nom.startswith("effet")):
            lu.sorties[nom] = tire
    if any(k.startswith("effet") for k in lu.sorties):
        # Rejoué avec les jets d'effet tirés, pour que le lien rouvre sur le même verdict, mot pour mot.
        tour = replace(
            tour,
            des_attaque=e.jet_attaque.des,
            effet_attaque=e.effet_attaque.total_des if e.effet_attaque else None,
            des_defense=e.jet_defense.des if e.jet_defense else None,
            effet_defense=e.effet_defense.total_des if e.effet_defense else None,
        )
        e = echange(att, dfn, tour)
    return e


def _tables_defense(lois: dict[Defense, Any], risque: Risque, actuel: Avantage) -> tuple[Tableau, Tableau]:
    resume = Tableau(
        f"Chaque défense face à cette attaque ({risque}), l'attaquant partant de {actuel} : chances exactes",
        ("Défense", "Reprendre l'initiative", "L'avantage de l'attaquant ne bouge pas", "Attaque réussie"),
        tuple(
            (str(d), chance(c.initiative_reprise), chance(c.avantage[actuel]), chance(c.attaque_reussie))
            for d, c in lois.items()
        ),
        tuple(float(c.initiative_reprise) for c in lois.values()),
        tuple(str(c) for c in lois.values()),
    )
    avantages = Tableau(
        "L'avantage de l'attaquant après l'échange, selon la défense : chances exactes",
        ("Avantage de l'attaquant", *(str(d) for d in Defense)),
        tuple(
            (str(av), *(chance(lois[d].avantage[av]) for d in Defense))
            for av in Avantage
            if any(lois[d].avantage[av] for d in Defense)
        ),
    )
    return resume, avantages


def _defense(lu: Lecture) -> Reponse:
    att = _personnage(lu, "attaquant", lu.nom("nom_attaquant", "l'attaquant"))
    dfn = _personnage(lu, "defenseur", lu.nom("nom_defenseur", "le défenseur"))
    risque = _risque(lu)
    actuel = _avantage(lu, "avantage")
    choisie = Defense[lu.choix("defense").upper()]
    da, dd = lu.des("des_attaque"), lu.des("des_defense")
    if att is None or dfn is None or risque is None or lu.erreurs:
        return lu.reponse()
    lois = lu.essayer(
        lambda: {d: chances_echange(att, dfn, risque=risque, defense=d, avantage=actuel) for d in Defense},
        _LIENS_CHANCES_ECHANGE,
    )
    if lois is None:
        return lu.reponse()
    verdict = explication = None
    faits: list[str] = []
    effets = (_effet_donne(lu, "effet_attaque"), _effet_donne(lu, "effet_defense"))
    if lu.lancer or da is not None or dd is not None:
        tour = _tour_joue(lu, risque, choisie, da, dd, effets)
        e = None if tour is None else _echange_joue(lu, att, dfn, tour, effets)
        if e is not None:
            for nom, quel in (("effet_attaque", "de l'attaque"), ("effet_defense", "du blocage")):
                if nom in lu.sorties:
                    faits.append(f"Jet d'effet {quel} tiré : {lu.sorties[nom]}.")
            passe = "passe au défenseur" if e.initiative_change else "reste à l'attaquant"
            verdict = f"{e.points} points nets ; l'initiative {passe}"
            explication = f"{e.explication} Avantage de l'attaquant : {actuel} → {progression(actuel, e.points)}."
    if lu.erreurs:
        return lu.reponse()
    tables = _tables_defense(lois, risque, actuel)
    return lu.reponse(verdict=verdict, explication=explication, faits=tuple(faits), tableaux=tables)


# --- La défense, choisie après l'attaque -----------------------------------------------------------

_NIVEAUX_ATTAQUE = (
    ("des", "celui de ses dés (ci-dessous)"),
    ("critique", "réussite critique"),
    ("speciale", "réussite spéciale"),
    ("simple", "réussite simple"),
    ("echec_simple", "échec simple"),
    ("echec_special", "échec spécial"),
    ("echec_critique", "échec critique"),
)
"""Le niveau de l'attaque déjà lancée : lu de ses dés, ou choisi (son Dd ou son Dt pèse alors selon ses chances)."""

_NIVEAU_LU = {
    "critique": Niveau.REUSSITE_CRITIQUE,
    "speciale": Niveau.REUSSITE_SPECIALE,
    "simple": Niveau.REUSSITE_SIMPLE,
    "echec_simple": Niveau.ECHEC_SIMPLE,
    "echec_special": Niveau.ECHEC_SPECIAL,
    "echec_critique": Niveau.ECHEC_CRITIQUE,
}


def _attaque_lancee(lu: Lecture, att: Personnage, risque: Risque) -> Niveau | tuple[Any, ...] | None:
    """L'attaque telle qu'elle a été lancée : ses dés (donnés ou tirés), ou son niveau ; `None` si elle est refusée."""
    choisi, des = lu.choix("niveau_attaque"), lu.des("des_attaque")
    if lu.lancer:
        seuil = att.seuil_du_jet(None, risque.modificateur)
        tire = lu.essayer(lambda: jet(seuil, None, rng=lu.rng), Liens(jet, {"seuil": "seuil_attaquant"}))
        if tire is None:
            return None
        lu.sorties |= {"des_attaque": ecrire_des(tire.des), "niveau_attaque": "des"}
        return tuple(tire.des)
    if des is not None:
        return des
    if choisi == "des":
        lu.refuser("des_attaque", "donnez les trois dés de l'attaque, ou choisissez son niveau")
        return None
    return _NIVEAU_LU[choisi]


def _table_apres_attaque(choix: Any) -> tuple[Tableau, Tableau]:
    niveau = str(choix.attaque).lower()
    resume = Tableau(
        f"Chaque défense face à cette {niveau} : chances exactes",
        ("Défense (seuil)", "Aucun point d'effet subi", "Points d'effet subis en moyenne", "Reprendre l'initiative"),
        tuple(
            (
                f"{o.defense} ({o.seuil})" + (", la meilleure" if o.defense is choix.meilleure else ""),
                chance(o.aucun_point),
                arrondi(o.points_esperes, 1),
                chance(o.initiative),
            )
            for o in choix.options
        ),
        tuple(float(o.initiative) for o in choix.options),
    )
    points = sorted({k for o in choix.options for k in o.points})
    loi = Tableau(
        "Les points d'effet subis, selon la défense : chances exactes",
        ("Points d'effet subis", *(str(o.defense) for o in choix.options)),
        tuple((str(k), *(chance(o.points.get(k, Fraction(0))) for o in choix.options)) for k in points),
    )
    return resume, loi


def _faits_apres_attaque(att: Personnage, risque: Risque, attaque: Any, choix: Any) -> tuple[str, ...]:
    sous = f"sous le seuil {att.seuil_du_jet(None, risque.modificateur)} {de_le(att.nom)} ({att.indice}, {risque})"
    if isinstance(attaque, Niveau):
        lance = f"Attaque : {str(attaque).lower()} {sous} ; son Dd ou son Dt pèse selon ses chances."
    else:
        lance = f"Attaque : {ecrire_des(attaque)}, une {str(choix.attaque).lower()} {sous}."
    seuils = ", ".join(f"{o.defense} sous {o.seuil}" for o in choix.options)
    return lance, f"Jets du défenseur : {seuils} (modificateur du risque et −3 d'une contre-attaque compris)."


def _apres_attaque(lu: Lecture) -> Reponse:
    att = _personnage(lu, "attaquant", lu.nom("nom_attaquant", "l'attaquant"))
    dfn = _personnage(lu, "defenseur", lu.nom("nom_defenseur", "le défenseur"))
    risque = _risque(lu)
    if att is None or dfn is None or risque is None or lu.erreurs:
        return lu.reponse()
    attaque = _attaque_lancee(lu, att, risque)
    if attaque is None or lu.erreurs:
        return lu.reponse()
    quel = "niveau_attaque" if isinstance(attaque, Niveau) else "des_attaque"
    liens = Liens(defense_apres_attaque, {**_CAMPS_DE_L_ECHANGE, **_RISQUE, "attaque": quel})
    choix = lu.essayer(lambda: defense_apres_attaque(att, dfn, attaque, risque=risque), liens)
    if choix is None:
        return lu.reponse()
    choisi = "des" if lu.lancer else lu.choix("niveau_attaque")
    if not isinstance(attaque, Niveau) and choisi != "des" and _NIVEAU_LU[choisi] is not choix.attaque:
        lu.refuser(
            "des_attaque",
            f"ces dés font une {str(choix.attaque).lower()}, pas une {str(_NIVEAU_LU[choisi]).lower()} : "
            "corrigez le niveau (ou choisissez « celui de ses dés »), ou les dés",
        )
        return lu.reponse()
    if choix.meilleure is None:
        verdict = f"Attaque ratée : l'initiative passe à {dfn.nom}, quelle que soit sa défense"
    else:
        m = choix.pour(choix.meilleure)
        critere = en_cours().meilleure_defense  # ce que la lecture en vigueur fait passer d'abord
        if critere == "points":
            verdict = f"{majuscule(str(m.defense))} : {arrondi(m.points_esperes, 1)} points d'effet subis en moyenne"
        elif critere == "rien-subir":
            verdict = f"{majuscule(str(m.defense))} : {pourcentage(m.aucun_point)} de ne rien subir"
        else:
            verdict = f"{majuscule(str(m.defense))} : {pourcentage(m.initiative)} de reprendre l'initiative"
    return lu.reponse(
        verdict=verdict,
        explication=choix.explication,
        faits=_faits_apres_attaque(att, risque, attaque, choix),
        tableaux=_table_apres_attaque(choix),
    )


# --- Scène majeure --------------------------------------------------------------------------------


def _liens_scene(passif: bool) -> dict[str, str]:
    """Le champ qui a fourni chaque paramètre (ou chemin) d'une scène (`chances_scene`, `comparer_risques`)."""
    liens = {"avantages": "avantage_a", "initiative": "initiative", "objectif": "objectif"}
    for camp in ("a", "b"):
        liens |= {
            camp: f"seuil_{camp}",
            f"{camp}.seuil": f"seuil_{camp}",
            f"{camp}.indice": f"indice_{camp}",
            f"{camp}.seuil_defense": f"seuil_defense_{camp}",
            f"{camp}.indice_defense": f"indice_defense_{camp}",
            f"{camp}.nom": f"nom_{camp}",
            f"politique_{camp}": f"modificateur_{camp}",
            f"politique_{camp}.risque": f"niveaux_{camp}",
            f"politique_{camp}.risque.modificateur": f"modificateur_{camp}",
            f"politique_{camp}.risque.bonus_points": f"bonus_points_{camp}",
            f"politique_{camp}.defense": f"defense_{camp}",
        }
    if passif:
        liens |= {"b": "nom_b", "b.seuil": "nom_b", "b.indice": "nom_b"}
    return liens


_NOM_DE_L_ADVERSAIRE = {"actif": "Bruno", "passif": "l'obstacle", "interview": "l'interviewé"}
"""Le nom d'un adversaire laissé sans nom, selon sa sorte : une voiture en panne n'est pas « Bruno »."""

_NOM_DU_PREMIER = {"actif": "Ada", "passif": "Philip", "interview": "Joséphine"}
"""Le nom du premier personnage laissé sans nom, selon la scène : face à une panne, celui qui répare dans le texte
(Philip) ; pour une interview, celle qui interroge (Joséphine) ; en duel, Ada, comme les exemples des pages."""


def _adversaire(lu: Lecture, sorte: str) -> Personnage | None:
    passif = sorte != "actif"
    nom_b = lu.nom("nom_b", _NOM_DE_L_ADVERSAIRE[sorte])
    if not passif:
        return _personnage(lu, "b", nom_b)
    return lu.essayer(
        lambda: Personnage(nom_b, actif=False, armure=lu.entier("armure_b")),
        Liens(Personnage, {"armure": "armure_b", "nom": "nom_b"}),
    )


def _table_risques(
    lu: Lecture, a: Personnage, b: Personnage, arguments: dict[str, Any], liens: Mapping[str, str]
) -> Tableau | None:
    """L'échange de risque du texte qui gagne le plus souvent, pour le premier personnage."""
    defense_a = arguments["politique_a"].defense
    autres: dict[str, Any] = {k: v for k, v in arguments.items() if k != "politique_a"}
    comp = lu.essayer(
        lambda: comparer_risques(a, b, politique_a=Politique(defense=defense_a), **autres),
        Liens(comparer_risques, {**liens, "risques": "comparer"}),
    )
    if comp is None:
        return None
    return Tableau(
        f"L'échange de risque : la chance de victoire {de_le(a.nom)}, selon le risque pris à chaque attaque",
        ("Risque à chaque attaque", "Chance de l'emporter", "Tours en moyenne"),
        tuple(
            (
                str(r) + (" (le meilleur)" if r == comp.meilleur else ""),
                chance(ch.victoire_premier),
                arrondi(ch.tours_esperes, 1),
            )
            for r, ch in comp.options
        ),
        tuple(float(ch.victoire_premier) for _, ch in comp.options),
        (comp.explication,),
    )


def _objectif(lu: Lecture, sorte: str) -> tuple[Avantage, str | None]:
    """L'objectif choisi, ou celui de la scène (critique pour une interview), et le fait qui le dit alors."""
    choisi = lu.choix("objectif")
    if choisi != "scene":
        return Avantage[choisi.upper()], None
    if sorte == "interview":
        objectif = objectif_interview(en_cours())
        return objectif, f"Objectif : {objectif}, celui d'une interview (l'avantage que vise le PJ)."
    return Avantage.DEFINITIF, None


def _scene(lu: Lecture) -> Reponse:
    sorte = lu.choix("adversaire")
    passif = sorte != "actif"
    a, b = _personnage(lu, "a", lu.nom("nom_a", _NOM_DU_PREMIER[sorte])), _adversaire(lu, sorte)
    # Face à un passif, ce qui ne sert qu'à un actif (ses risques, les défenses, l'initiative) n'est pas lu.
    risque_a, risque_b = _risque(lu, "_a"), Risque() if passif else _risque(lu, "_b")
    defense_a = Defense.BLOCAGE if passif else Defense[lu.choix("defense_a").upper()]
    defense_b = Defense.BLOCAGE if passif else Defense[lu.choix("defense_b").upper()]
    qui = "a" if passif else lu.choix("initiative")
    objectif, fait_objectif = _objectif(lu, sorte)
    depart = {"a": _avantage(lu, "avantage_a"), "b": Avantage.AUCUN if passif else _avantage(lu, "avantage_b")}
    comparer = lu.case("comparer")
    if a is None or b is None or risque_a is None or risque_b is None or lu.erreurs:
        return lu.reponse()
    arguments: dict[str, Any] = {
        "politique_a": Politique(risque_a, defense_a),
        "politique_b": Politique(risque_b, defense_b),
        "initiative": (a.nom if qui == "a" or passif else b.nom),
        "avantages": {a.nom: depart["a"], **({} if passif else {b.nom: depart["b"]})},
        "objectif": objectif,
    }
    liens = _liens_scene(passif)
    c = lu.essayer(lambda: chances_scene(a, b, **arguments), Liens(chances_scene, liens))
    if c is None:
        return lu.reponse()
    issues = (
        {f"{b.nom} l'emporte": c.victoire_second, f"{a.nom} l'emporte": c.victoire_premier}
        if b.actif
        else {f"{a.nom} échoue (jet raté avant l'objectif)": c.victoire_second, f"{a.nom} réussit": c.victoire_premier}
    )
    tables = [table_de_loi(f"Qui remporte la scène (objectif : {objectif}) : chances exactes", "Issue", issues)]
    if comparer:
        risques = _table_risques(lu, a, b, arguments, liens)
        if risques is None:
            return lu.reponse()
        tables.append(risques)
    verbe = "l'emporte" if b.actif else "réussit"
    verdict = f"{a.nom} {verbe} {fois(c.victoire_premier)}"
    faits = (f"Nombre moyen de tours : {arrondi(c.tours_esperes, 1)}.", *filter(None, [fait_objectif]))
    return lu.reponse(verdict=verdict, explication=c.explication, faits=faits, tableaux=tuple(tables))


# --- Les formulaires ------------------------------------------------------------------------------

_AIDE_3D6 = "Facultatif : les trois dés, à la suite (« 442 ») ou séparés (« 4 4 2 »). Sans eux : les chances seules."
_INDICE = "Écrit comme dans le texte : « 1D6+1D3 », « 2D6 », « 3D6 »…"
_DEFENSES = choix_enum(Defense)
_AVANTAGES = choix_enum(Avantage)
_SOUS_DEFINITIF = tuple(c for c in _AVANTAGES if c[0] != "definitif")
_OBJECTIF_DE_LA_SCENE = ("scene", "celui de la scène : avantage définitif ; critique pour une interview")


_AIDE_DEFENSE = (
    "Vide : le même qu'en attaque. La caractéristique des effets « est différente selon […] que l'on soit "
    "attaquant ou défenseur »."
)


def _champs_de_defense(suffixe: str, groupe: str, si: tuple[str, str] | None = None) -> tuple[Champ, ...]:
    """Le seuil et l'Indice d'un personnage en défense, s'ils diffèrent de ceux de ses attaques (vides par défaut)."""
    return (
        Champ(
            f"seuil_defense_{suffixe}",
            "Seuil en défense (esquive, blocage), s'il diffère",
            groupe=groupe,
            aide=_AIDE_DEFENSE,
            si=si,
        ),
        Champ(
            f"indice_defense_{suffixe}",
            "Indice du blocage, s'il diffère",
            "texte",
            groupe=groupe,
            aide=_AIDE_DEFENSE,
            si=si,
        ),
    )


def _champs_de_l_attaquant(groupe: str) -> tuple[Champ, ...]:
    """Le seuil et l'Indice de l'attaquant d'une scène majeure."""
    return (
        Champ("seuil_attaquant", "Seuil de l'attaquant", defaut="12", groupe=groupe),
        Champ("indice_attaquant", "Indice de l'attaquant", "texte", defaut="2D6", groupe=groupe, aide=_INDICE),
    )


def _champs_du_risque(groupe: str) -> tuple[Champ, ...]:
    """Ce que le risque de l'attaquant change : au jet (des deux camps), à l'Indice, aux points d'effet."""
    return (
        Champ(
            "modificateur", "Risque : modificateur au jet (pour les deux jets)", defaut="0", groupe=groupe, negatif=True
        ),
        Champ("niveaux", "Risque : niveaux d'Indice en plus", defaut="0", groupe=groupe, negatif=True),
        Champ("bonus_points", "Risque : points d'effet en plus", defaut="0", groupe=groupe, negatif=True),
    )


def _champs_du_defenseur(groupe: str, seuil: str) -> tuple[Champ, ...]:
    """Le seuil, l'Indice, l'armure et le talent de contre-attaque du défenseur d'une scène majeure."""
    return (
        Champ("seuil_defenseur", "Seuil du défenseur", defaut=seuil, groupe=groupe),
        Champ("indice_defenseur", "Indice du défenseur", "texte", defaut="1D6+1D3", groupe=groupe, aide=_INDICE),
        Champ("armure_defenseur", "Armure du défenseur", defaut="0", groupe=groupe),
        Champ("talent_defenseur", "Contre-attaque par un talent particulier (pas de −3)", "case", groupe=groupe),
    )


_SI_ACTIF = ("adversaire", "actif")
"""Un champ qui ne compte que face à un adversaire actif : la page le cache face à un passif."""


def _risque_du_camp(suffixe: str, groupe: str, si: tuple[str, str] | None) -> tuple[Champ, ...]:
    """Le risque qu'un camp prend à chaque attaque : modificateur au jet, niveaux d'Indice et points d'effet en plus."""
    return tuple(
        Champ(f"{nom}_{suffixe}", libelle, defaut="0", groupe=groupe, negatif=True, si=si)
        for nom, libelle in (
            ("modificateur", "Risque : modificateur au jet quand il attaque"),
            ("niveaux", "Risque : niveaux d'Indice en plus"),
            ("bonus_points", "Risque : points d'effet en plus"),
        )
    )


def _camp_scene(
    suffixe: str,
    groupe: str,
    nom: str,
    seuil: str,
    indice: str,
    defense: str,
    si_actif: tuple[str, ...] = (),
    aide_nom: str = "",
) -> tuple[Champ, ...]:
    """Les champs d'un camp ; ceux que nomme `si_actif` (« seuil », « defense »…) ne comptent que face à un actif."""

    def si(cle: str) -> tuple[str, str] | None:
        return _SI_ACTIF if cle in si_actif else None

    return (
        Champ(f"nom_{suffixe}", "Nom", "texte", defaut=nom, groupe=groupe, aide=aide_nom),
        Champ(
            f"seuil_{suffixe}", "Seuil du jet (10 + talent + difficulté…)", defaut=seuil, groupe=groupe, si=si("seuil")
        ),
        Champ(
            f"indice_{suffixe}",
            "Indice (dés d'effet)",
            "texte",
            defaut=indice,
            groupe=groupe,
            aide=_INDICE,
            si=si("indice"),
        ),
        Champ(f"armure_{suffixe}", "Armure (points retirés à chaque effet subi)", defaut="0", groupe=groupe),
        Champ(
            f"talent_{suffixe}",
            "Contre-attaque par un talent particulier (pas de −3)",
            "case",
            groupe=groupe,
            si=si("talent"),
        ),
        *_risque_du_camp(suffixe, groupe, si("risque")),
        Champ(
            f"defense_{suffixe}",
            "Défense choisie, à chaque attaque subie",
            "choix",
            defaut=defense,
            groupe=groupe,
            choix=_DEFENSES,
            si=si("defense"),
        ),
        *_champs_de_defense(suffixe, groupe, si("defense")),
    )


FORMULAIRES: tuple[Formulaire, ...] = (
    Formulaire(
        "troisd6-jet",
        "3D6",
        "Jet de 3d6",
        "Caractéristique ou talent, difficulté, familiarité : le seuil, le niveau du jet et les chances de chaque niveau.",
        "troisd6/jets.md",
        (
            Champ(
                "sorte",
                "Jet de",
                "choix",
                defaut="caracteristique",
                choix=(("caracteristique", "caractéristique (10 + modificateur)"), ("talent", "talent (10 + niveau)")),
            ),
            Champ("valeur", "Modificateur de la caractéristique, ou niveau du talent", defaut="0", negatif=True),
            Champ(
                "difficulte",
                "Difficulté",
                defaut="0",
                negatif=True,
                aide="Évident +10, très facile +5, assez facile +1 à +3, normal 0, assez difficile −1 à −3, "
                "très difficile −5, quasiment impossible −10.",
            ),
            Champ("familiarite", "Simple familiarité du talent (−3)", "case"),
            Champ("des", "Dés lancés", "des", aide=_AIDE_3D6),
        ),
        _jet,
        a_la_table=("sorte", "valeur", "difficulte", "des"),
    ),
    Formulaire(
        "troisd6-mineure",
        "3D6",
        "Scène mineure",
        "Un seul jet règle la scène : contre un adversaire actif (le meilleur jet) ou passif (réussir).",
        "troisd6/scenes-mineures.md",
        (
            Champ("seuil_premier", "Seuil du PJ", defaut="11"),
            Champ("des_premier", "Dés du PJ", "des", aide=_AIDE_3D6),
            Champ(
                "seuil_second",
                "Seuil de l'adversaire",
                aide="Laissez vide face à un adversaire passif ou une chose : le PJ gagne s'il réussit.",
            ),
            Champ("des_second", "Dés de l'adversaire", "des", aide="Facultatif : ses trois dés."),
        ),
        _mineure,
    ),
    Formulaire(
        "troisd6-effet",
        "3D6",
        "Effet et avantage",
        "Indice, niveau de la réussite, avantage courant : les points d'effet et le nouvel avantage.",
        "troisd6/scenes-majeures.md#effet-et-avantages",
        (
            Champ("indice", "Indice (dés d'effet)", "texte", defaut="2D6", aide=_INDICE),
            Champ(
                "niveau",
                "Niveau de la réussite",
                "choix",
                defaut="simple",
                choix=(
                    ("simple", "réussite simple"),
                    ("speciale", "réussite spéciale (+ Dd points)"),
                    ("critique", "réussite critique (+ Dt niveaux d'Indice)"),
                ),
            ),
            Champ("de", "Dé doublé (Dd) ou triplé (Dt)", aide="Pour une réussite spéciale ou critique : de 1 à 6."),
            Champ("niveaux", "Niveaux d'Indice en plus (manœuvre, argument)", defaut="0", negatif=True),
            Champ("bonus_points", "Points d'effet en plus", defaut="0", negatif=True),
            Champ("avantage", "Avantage courant", "choix", defaut="aucun", choix=_AVANTAGES),
            Champ("des", "Dés d'effet lancés", "des", aide="Facultatif : les D6 puis les D3 de l'Indice lancé."),
        ),
        _effet,
        a_la_table=("indice", "niveau", "de", "avantage", "des"),
    ),
    Formulaire(
        "troisd6-defense",
        "3D6",
        "Choix de la défense",
        "Avant que l'attaquant lance : que vaut chaque défense (esquive, blocage, contre-attaque), sur tous les jets "
        "qu'il peut faire ? C'est la défense qu'on garde d'un tour à l'autre (celle des chances d'une scène). "
        "L'attaque est déjà lancée : « La défense, choisie après l'attaque ».",
        "troisd6/scenes-majeures.md#defense",
        (
            Champ("nom_attaquant", "Nom de l'attaquant", "texte", defaut="Ada", groupe="L'attaque"),
            *_champs_de_l_attaquant("L'attaque"),
            *_champs_du_risque("L'attaque"),
            Champ(
                "avantage",
                "Avantage courant de l'attaquant",
                "choix",
                defaut="aucun",
                groupe="L'attaque",
                choix=_SOUS_DEFINITIF,
            ),
            Champ("nom_defenseur", "Nom du défenseur", "texte", defaut="Bruno", groupe="La défense"),
            *_champs_du_defenseur("La défense", seuil="11"),
            *_champs_de_defense("defenseur", "La défense"),
            Champ(
                "defense",
                "Défense jouée (pour juger les dés)",
                "choix",
                defaut="blocage",
                groupe="Les dés",
                choix=_DEFENSES,
            ),
            Champ("des_attaque", "Dés de l'attaque", "des", groupe="Les dés", aide=_AIDE_3D6),
            Champ("des_defense", "Dés de la défense", "des", groupe="Les dés", aide=_AIDE_3D6),
            Champ(
                "effet_attaque",
                "Total du jet d'effet de l'attaque",
                groupe="Les dés",
                aide="Facultatif : sinon il est tiré, et le lien le garde.",
            ),
            Champ(
                "effet_defense",
                "Total du jet d'effet du blocage",
                groupe="Les dés",
                aide="Facultatif : sinon il est tiré, et le lien le garde.",
            ),
        ),
        _defense,
        voir=("troisd6-apres-attaque",),
        a_la_table=(
            "seuil_attaquant",
            "indice_attaquant",
            "seuil_defenseur",
            "indice_defenseur",
            "defense",
            "des_attaque",
            "des_defense",
        ),
    ),
    Formulaire(
        "troisd6-apres-attaque",
        "3D6",
        "La défense, choisie après l'attaque",
        "L'attaque est lancée (ses dés ou son niveau sont connus) : esquiver, bloquer ou contre-attaquer, comme le "
        "texte le veut, une fois l'attaque vue ? Pour chaque défense, la chance de ne rien subir, les points d'effet "
        "qui passent et la chance de reprendre l'initiative. Avant l'attaque : « Choix de la défense ».",
        "troisd6/scenes-majeures.md#la-defense-choisie-apres-lattaque",
        (
            Champ(
                "niveau_attaque",
                "Niveau de l'attaque",
                "choix",
                defaut="speciale",
                groupe="L'attaque, déjà lancée",
                choix=_NIVEAUX_ATTAQUE,
            ),
            Champ(
                "des_attaque",
                "Dés de l'attaque",
                "des",
                groupe="L'attaque, déjà lancée",
                aide="Facultatif : ses trois dés (« 331 » ou « 3 3 1 ») disent son niveau et son Dd ou son Dt exacts.",
            ),
            *_champs_de_l_attaquant("L'attaque, déjà lancée"),
            *_champs_du_risque("L'attaque, déjà lancée"),
            Champ("nom_attaquant", "Nom de l'attaquant", "texte", defaut="Ada", groupe="L'attaque, déjà lancée"),
            *_champs_du_defenseur("La défense", seuil="10"),
            Champ("nom_defenseur", "Nom du défenseur", "texte", defaut="Bruno", groupe="La défense"),
            *_champs_de_defense("defenseur", "La défense"),
        ),
        _apres_attaque,
        voir=("troisd6-defense",),
        a_la_table=(
            "niveau_attaque",
            "des_attaque",
            "seuil_attaquant",
            "indice_attaquant",
            "seuil_defenseur",
            "indice_defenseur",
        ),
    ),
    Formulaire(
        "troisd6-scene",
        "3D6",
        "Scène majeure",
        "Qui remporte une scène entière, selon la politique de chacun, depuis n'importe quels avantages ; "
        "et quel échange de risque gagne le plus souvent.",
        "troisd6/scenes-majeures.md#chances-exactes-dune-scene",
        (
            *_camp_scene(
                "a",
                "Le premier personnage (le déclencheur)",
                "",
                "12",
                "2D6",
                "blocage",
                ("talent", "defense"),
                aide_nom="Vide : « Ada » face à un adversaire actif, « Philip » face à un obstacle, « Joséphine » "
                "pour une interview (les personnages des exemples).",
            ),
            Champ(
                "adversaire",
                "L'adversaire est",
                "choix",
                defaut="actif",
                groupe="L'adversaire",
                choix=(
                    ("actif", "actif : il se défend et attaque à son tour"),
                    ("passif", "passif (objet, difficulté) : le premier jet raté fait échouer"),
                    ("interview", "passif, un interviewé : l'interview s'arrête à l'avantage critique"),
                ),
            ),
            *_camp_scene(
                "b",
                "L'adversaire",
                "",
                "11",
                "1D6+1D3",
                "blocage",
                ("seuil", "indice", "talent", "risque", "defense"),
                aide_nom="Vide : « Bruno » s'il est actif, « l'obstacle » s'il est passif, « l'interviewé » "
                "pour une interview.",
            ),
            Champ(
                "initiative",
                "Qui a l'initiative",
                "choix",
                defaut="a",
                groupe="La scène",
                choix=(("a", "le premier personnage"), ("b", "l'adversaire (s'il est actif)")),
                si=_SI_ACTIF,
            ),
            Champ(
                "avantage_a",
                "Avantage courant du premier",
                "choix",
                defaut="aucun",
                groupe="La scène",
                choix=_SOUS_DEFINITIF,
            ),
            Champ(
                "avantage_b",
                "Avantage courant de l'adversaire",
                "choix",
                defaut="aucun",
                groupe="La scène",
                choix=_SOUS_DEFINITIF,
                si=_SI_ACTIF,
            ),
            Champ(
                "objectif",
                "Objectif (fin de la scène)",
                "choix",
                defaut="scene",
                groupe="La scène",
                choix=(_OBJECTIF_DE_LA_SCENE, *(c for c in _AVANTAGES if c[0] != "aucun")),
            ),
            Champ(
                "comparer",
                "Comparer les échanges de risque du texte pour le premier",
                "case",
                defaut="oui",
                groupe="La scène",
            ),
        ),
        _scene,
        a_la_table=("seuil_a", "indice_a", "adversaire", "seuil_b", "indice_b"),
    ),
)
