"""Les formulaires WaRP du calculateur : jet simple, jet opposé, test coopératif, test étendu, dé d'expérience."""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from functools import partial
from typing import Any

from rules._francais import pluriel, s
from rules.affichage import arrondi, pourcentage
from rules.calculateur._commun import (
    Champ,
    Formulaire,
    Lecture,
    Liens,
    Reponse,
    Tableau,
    chance,
    colonnes_lisibles,
    ecrire_des,
    fraction,
    lire_des,
    somme,
    table_de_loi,
    ton,
)
from rules.refus import Refus
from rules.warp import (
    AIDE,
    Issue,
    ReserveExperience,
    Resultat,
    aide,
    chances_opposees,
    cooperation,
    derouler,
    distribution,
    distribution_aide,
    distribution_cooperative,
    distribution_etendue,
    distribution_opposee,
    distribution_rounds,
    jet,
    nombre_de_des,
    opposition,
    rounds_esperes,
    seuil,
)
from rules.warp.etendu import lire_periode

__all__ = ["FORMULAIRES"]


def _faits_jet(trait: int, bonus: int, malus: int) -> tuple[str, ...]:
    """Ce que l'on sait avant de lancer : combien de dés, lesquels garder, le total à dépasser."""
    n = nombre_de_des(trait, bonus=bonus, malus=malus)
    if trait == 0:
        return ("Trait à 0d : aucun dé n'est lancé, le jet est un Échec automatique.",)
    net = bonus - malus
    if net == 0:
        garde = "" if n == 1 else ", tous gardés"
    elif trait == 1:
        garde = f", on garde le {'meilleur' if net > 0 else 'pire'}"
    else:
        garde = f", on garde les {trait} {'meilleurs' if net > 0 else 'pires'}"
    total = "le dé gardé" if trait == 1 else "le total des dés gardés"
    return (
        f"{pluriel(n, 'dé')} lancé{s(n)}{garde} ; réussite si {total} dépasse {seuil(trait, net)} (l'égalité est un échec).",
    )


def _des_de_l_oppose(j: Any) -> str:
    """Ce qu'un camp a lancé et gardé dans un jet opposé, sans le verdict d'un jet simple (3 × Trait n'y joue pas)."""
    lances = ", ".join(map(str, j.des))
    gardes = (
        ""
        if j.gardes == tuple(sorted(j.des, reverse=True))
        else f", {pluriel(len(j.gardes), 'dé')} gardé{s(len(j.gardes))} ({', '.join(map(str, j.gardes))})"
    )
    if j.catastrophe:
        marque = (
            ", le dé gardé est un 1 (Catastrophe)"
            if len(j.gardes) == 1
            else ", tous les dés gardés sont des 1 (Catastrophe)"
        )
    elif j.critiques:
        six = "un 6 gardé" if j.critiques == 1 else f"{j.critiques} × 6 gardés"
        marque = f", {six} ({pluriel(j.critiques, 'Critique')})"
    else:
        marque = ""
    return f"{pluriel(len(j.des), 'dé')} lancé{s(len(j.des))} ({lances}){gardes} : total {j.total}{marque}."


def _notes_warp(loi: dict[Resultat, Fraction]) -> list[tuple[str, Fraction]]:
    return [
        ("Réussite, Magistrale comprise", somme(loi, lambda r: r.reussi)),
        ("Au moins un 6 gardé (Magistrale ou Compensation)", loi[Resultat.MAGISTRALE] + loi[Resultat.COMPENSATION]),
        ("Catastrophe (tous les dés gardés à 1)", loi[Resultat.CATASTROPHE]),
    ]


def _table_jet(legende: str, loi: dict[Resultat, Fraction]) -> Tableau:
    return table_de_loi(legende, "Résultat", loi, cumul="Ce résultat ou mieux", notes=_notes_warp(loi))


def _plus(valeur: Any, n: int) -> Any:
    """`valeur + n` si c'est un entier ; sinon le texte tel quel, que la règle refusera."""
    return valeur + n if isinstance(valeur, int) and not isinstance(valeur, bool) else valeur


# --- Jet simple ----------------------------------------------------------------------------


def _jet_simple(lu: Lecture) -> Reponse:
    trait, bonus, malus = lu.trait("trait"), lu.entier("bonus"), lu.entier("malus")
    des = lu.des("des")
    faits = lu.essayer(lambda: _faits_jet(trait, bonus, malus))
    r = None
    if des is not None or lu.lancer:
        r = lu.essayer(lambda: jet(trait, bonus=bonus, malus=malus, des=des, rng=lu.rng))
        if r is not None and lu.lancer:
            lu.sorties["des"] = ecrire_des(r.des)
    loi = lu.essayer(lambda: distribution(trait, bonus=bonus, malus=malus))
    if loi is None or faits is None:
        return lu.reponse()
    return lu.reponse(
        verdict=None if r is None else str(r.resultat),
        ton=ton(None if r is None else r.resultat.reussi),
        explication=None if r is None else r.explication,
        faits=faits,
        tableaux=(_table_jet(f"Chances exactes d'un jet à {trait}d (bonus {bonus}, malus {malus})", loi),),
    )


# --- Jet opposé ---------------------------------------------------------------------------

_CAMPS = ("premier", "second")


def _jets_opposes(lu: Lecture, valeurs: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    """Le jet de chaque camp, si des dés sont donnés (ou tirés) : un refus va au champ de ce camp."""
    jets: dict[str, Any] = {}
    if not (lu.lancer or any(v[3] is not None for v in valeurs.values())):
        return jets
    for camp, (t, b, m, d) in valeurs.items():
        if d is None and not lu.lancer:
            lu.refuser(f"des_{camp}", "donnez les dés des deux camps pour juger le jet (ou aucun)")
            continue
        liens = Liens(jet, {nom: f"{nom}_{camp}" for nom in ("trait", "bonus", "malus", "des")})
        jets[camp] = lu.essayer(partial(jet, t, bonus=b, malus=m, des=d, rng=lu.rng), liens)
        if jets[camp] is not None and lu.lancer:
            lu.sorties[f"des_{camp}"] = ecrire_des(jets[camp].des)
    return jets


def _tables_opposees(
    issues: dict[Issue, Fraction], paires: dict[Any, Fraction], libelles: dict[Issue, str], symetrique: bool
) -> tuple[Tableau, ...]:
    """Les chances de chaque issue, et le résultat du premier camp (Critiques et Catastrophes comptés)."""
    if not symetrique:
        del issues[Issue.EGALITE]  # en attaque contre défense, l'égalité fait rater l'attaque
    ordre = {k: issues[k] for k in (Issue.SECOND, Issue.EGALITE, Issue.PREMIER) if k in issues}
    quelle = " (épreuve symétrique)" if symetrique else " (attaque contre défense)"
    premier: dict[Any, Fraction] = {}
    for r in (None, *Resultat):
        p = sum((q for (ra, _), q in paires.items() if ra is r), Fraction(0))
        if p:
            premier[r] = p
    return (
        table_de_loi("Chances exactes de chaque issue" + quelle, "Issue", ordre, libelle=lambda i: libelles[i]),
        table_de_loi(
            f"Le résultat {'du premier' if symetrique else 'de l’attaquant'}, Critiques et Catastrophes comptés",
            "Résultat",
            premier,
            libelle=lambda r: "vraie égalité" if r is None else str(r),
        ),
    )


def _jet_oppose(lu: Lecture) -> Reponse:
    symetrique = lu.choix("mode") == "symetrique"
    valeurs = {
        camp: (lu.trait(f"trait_{camp}"), lu.entier(f"bonus_{camp}"), lu.entier(f"malus_{camp}"), lu.des(f"des_{camp}"))
        for camp in _CAMPS
    }
    jets = _jets_opposes(lu, valeurs)
    arguments: dict[str, Any] = {
        f"{p}_{c}": valeurs[c][i] for i, p in enumerate(("trait", "bonus", "malus")) for c in valeurs
    }
    issues = lu.essayer(lambda: chances_opposees(**arguments, symetrique=symetrique))
    paires = lu.essayer(lambda: distribution_opposee(**arguments, symetrique=symetrique))
    if issues is None or paires is None or lu.erreurs:
        return lu.reponse()
    qui = ("le premier", "le second") if symetrique else ("l'attaquant", "le défenseur")
    libelles = {Issue.PREMIER: f"{qui[0]} l'emporte", Issue.EGALITE: "égalité", Issue.SECOND: f"{qui[1]} l'emporte"}
    verdict = explication = None
    if jets:
        o = opposition(jets["premier"], jets["second"], symetrique=symetrique)
        verdict = libelles[o.issue]
        explication = (
            f"{qui[0].capitalize()} : {_des_de_l_oppose(jets['premier'])} "
            f"{qui[1].capitalize()} : {_des_de_l_oppose(jets['second'])} {o.explication}"
        )
    tables = _tables_opposees(issues, paires, libelles, symetrique)
    return lu.reponse(verdict=verdict, explication=explication, tableaux=tables)


# --- Test coopératif ----------------------------------------------------------------------


def _sans_accents(texte: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", texte.lower()) if unicodedata.category(c) != "Mn")


_RESULTATS = {_sans_accents(r.value): r for r in Resultat}


def _lire_resultats(texte: str) -> list[Any]:
    """Des résultats écrits par un joueur (« Réussite, compensation ») ; un mot inconnu reste du texte."""
    return [_RESULTATS.get(_sans_accents(m), m) for m in re.split(r"[\s,;/+]+", texte.strip()) if m]


def _lire_traits(texte: str) -> list[Any]:
    return [int(m) if re.fullmatch(r"\d{1,3}", m) else m for m in re.split(r"[\s,;/+]+", texte.strip()) if m]


def _lire_groupes(texte: str) -> list[Any] | None:
    """Des groupes de dés séparés par « / » (les rounds d'un Test étendu, les jets des Bêtas), ou `None`."""
    groupes = [lire_des(morceau) for morceau in re.split(r"[/|\n]+", texte) if morceau.strip()]
    return groupes or None  # un morceau non vide se lit toujours (lire_des ne rend None que d'un texte vide)


def _demi(x: Fraction) -> str:
    entier, demi = divmod(abs(x) * 2, 2)
    signe = "−" if x < 0 else ""
    return f"{signe}{int(entier) if entier or not demi else ''}{'½' if demi else ''}"


def _jet_du_beta(i: int, trait: Any, bonus: Any, malus: Any, des: Any) -> Any:
    """Le jet du Bêta `i` avec ses dés : un refus de son Trait ou de ses dés porte son rang."""
    try:
        return jet(trait, bonus=bonus, malus=malus, des=des)
    except Refus as refus:
        raise refus.relocaliser({"trait": ("betas", i), "des": ("des_betas", i)}) from None


def _resultats_des_betas(
    lu: Lecture, betas: list[Any], des_betas: list[Any], bonus: Any, malus: Any, faits: list[str]
) -> list[Any] | None:
    """Les dés des Bêtas donnent leurs résultats, comme s'ils les avaient écrits (`None` : refusés)."""
    if len(des_betas) != len(betas):
        lu.refuser(
            "des_betas",
            f"donnez les dés de chaque Bêta, séparés par « / » ({pluriel(len(betas), 'Bêta')} "
            f"dans « Traits des Bêtas »)",
            recu_ecrit=f"{pluriel(len(des_betas), 'groupe')} de dés",
        )
        return None
    resultats: list[Any] = []
    for i, (trait_beta, d) in enumerate(zip(betas, des_betas, strict=True)):
        jet_beta = lu.essayer(partial(_jet_du_beta, i, trait_beta, bonus, malus, d))
        if jet_beta is None:
            return None
        faits.append(f"Bêta {i + 1} : {jet_beta.explication}")
        resultats.append(jet_beta.resultat)
    return resultats


def _fait_aide(resultats: list[Any], total: int) -> str:
    parts = ", ".join(f"{r} ({'+' if AIDE[r] >= 0 else ''}{_demi(AIDE[r])})" for r in resultats)
    dit = f"{abs(total)}d de {'bonus' if total > 0 else 'malus'}" if total else "aucun dé"
    somme_aides = _demi(sum((AIDE[r] for r in resultats), Fraction(0)))
    return f"Aide des Bêtas : {parts} ; total {somme_aides}, arrondi en dessous : {dit} pour l'Alpha."


def _tables_avant(lu: Lecture, alpha: Any, betas: list[Any], bonus: Any, malus: Any) -> list[Tableau]:
    """Avant que les Bêtas lancent : les chances du Test coopératif, et celles de l'aide."""
    avant = lu.essayer(lambda: distribution_cooperative(alpha, betas, bonus=bonus, malus=malus))
    aides = lu.essayer(lambda: distribution_aide(betas, bonus=bonus, malus=malus))
    if avant is None or aides is None:
        return []
    return [
        _table_jet("Le Test coopératif avant que les Bêtas lancent : chances exactes", avant),
        table_de_loi(
            "L'aide des Bêtas (en dés pour l'Alpha, arrondie en dessous)",
            "Aide",
            aides,
            cumul="Cette aide ou plus",
            libelle=lambda a: f"{a:+d}d" if a else "0",
        ),
    ]


def _cooperatif(lu: Lecture) -> Reponse:
    alpha, bonus, malus = lu.trait("alpha"), lu.entier("bonus"), lu.entier("malus")
    resultats, betas = _lire_resultats(lu.texte("resultats")), _lire_traits(lu.texte("betas"))
    des = lu.des("des")
    faits: list[str] = []
    verdict = explication = None
    reussi = None
    des_betas = (None if lu.lancer else _lire_groupes(lu.texte("des_betas"))) or []
    if des_betas and not resultats:
        lus = _resultats_des_betas(lu, betas, des_betas, bonus, malus, faits)
        if lus is None:
            return lu.reponse()
        resultats = lus
    if lu.lancer and betas and not resultats:
        # Les Bêtas lancent aussi : leurs résultats deviennent l'aide, puis l'Alpha lance.
        t = lu.essayer(lambda: cooperation(alpha, betas, bonus=bonus, malus=malus, rng=lu.rng))
        if t is None:
            return lu.reponse()
        resultats = [j.resultat for j in t.jets_betas]
        lu.sorties["resultats"] = ", ".join(str(r) for r in resultats)
    total = lu.essayer(lambda: aide(resultats)) if resultats else 0
    if total is None:
        return lu.reponse()
    b, m = _plus(bonus, max(total, 0)), _plus(malus, max(-total, 0))
    if resultats:
        faits.append(_fait_aide(resultats, total))
    if des is not None or lu.lancer:
        j = lu.essayer(lambda: jet(alpha, bonus=b, malus=m, des=des, rng=lu.rng), Liens(jet, {"trait": "alpha"}))
        if j is not None:
            verdict, explication, reussi = str(j.resultat), "Alpha : " + j.explication, j.resultat.reussi
            if lu.lancer:
                lu.sorties["des"] = ecrire_des(j.des)
    tables: list[Tableau] = []
    loi = lu.essayer(lambda: distribution(alpha, bonus=b, malus=m), Liens(distribution, {"trait": "alpha"}))
    if loi is not None and (resultats or not betas):
        quand = "avec cette aide" if resultats else "seul"
        tables.append(_table_jet(f"Le jet de l'Alpha ({alpha}d) {quand} : chances exactes", loi))
    if betas and not resultats:
        tables += _tables_avant(lu, alpha, betas, bonus, malus)
    if lu.erreurs:
        return lu.reponse()
    return lu.reponse(
        verdict=verdict, ton=ton(reussi), explication=explication, faits=tuple(faits), tableaux=tuple(tables)
    )


# --- Test étendu -----------------------------------------------------------------------------


def _etendu(lu: Lecture) -> Reponse:
    trait, bonus, malus = lu.trait("trait"), lu.entier("bonus"), lu.entier("malus")
    c, m = lu.entier("complexite"), lu.entier("maniabilite")
    periode, unite = lu.entier("periode"), lu.nom("unite", "h")
    des = None if lu.lancer else _lire_groupes(lu.texte("des"))
    d = None
    if des is not None or lu.lancer:
        d = lu.essayer(
            lambda: derouler(trait, c, m, periode, unite=unite, bonus=bonus, malus=malus, des=des, rng=lu.rng)
        )
        if d is not None and lu.lancer:
            lu.sorties["des"] = " / ".join(ecrire_des(r.jet.des) for r in d.rounds)
    lu.essayer(lambda: lire_periode(periode))
    fins = lu.essayer(lambda: distribution_etendue(trait, c, m, bonus=bonus, malus=malus))
    moyenne = lu.essayer(lambda: rounds_esperes(trait, c, m, bonus=bonus, malus=malus))
    rounds = lu.essayer(lambda: distribution_rounds(trait, c, m, bonus=bonus, malus=malus, maximum=40))
    if fins is None or moyenne is None or rounds is None or lu.erreurs:
        return lu.reponse()
    lignes: list[tuple[str | None, ...]] = []
    barres, cumul = [], Fraction(0)
    for n, p in rounds.items():
        if cumul >= Fraction(999, 1000) and n > 1:
            break
        cumul += p
        lignes.append((pluriel(n, "round"), chance(p), fraction(p), chance(cumul)))
        barres.append(float(p))
    reste = 1 - cumul
    notes = (f"Plus de {pluriel(len(lignes), 'round')} : {pourcentage(reste)}.",) if reste else ()
    entetes, lues = colonnes_lisibles(
        ("Le Test finit en", "Chance", "Fraction exacte", "Fini en au plus autant"), lignes
    )
    duree = Tableau(
        "Combien de rounds dure le Test (Compensations comprises) : chances exactes",
        entetes,
        lues,
        tuple(barres),
        notes,
    )
    issues = table_de_loi(
        f"Comment finit le Test étendu (Trait {trait}d, Complexité {c}, Maniabilité {m})",
        "Fin",
        fins,
        cumul="Cette fin ou mieux",
        notes=[("Réussite, Magistrale comprise", somme(fins, lambda r: r.reussi))],
    )
    return lu.reponse(
        verdict=None if d is None else str(d.resultat),
        ton=ton(None if d is None else d.resultat.reussi),
        explication=None if d is None else d.transcript,
        faits=(f"Nombre moyen de rounds : {arrondi(moyenne, 2)}.",),
        tableaux=(issues, duree),
    )


# --- Dé d'expérience ----------------------------------------------------------------------------


def _experience(lu: Lecture) -> Reponse:
    trait, bonus, malus = lu.trait("trait"), lu.entier("bonus"), lu.entier("malus")
    reserve, convertis, accepte = lu.entier("reserve"), lu.entier("convertis"), lu.case("accepte")
    des = lu.des("des")
    r = lu.essayer(lambda: ReserveExperience(reserve, convertis), Liens(ReserveExperience, {"des": "reserve"}))
    conversion = None
    if r is not None:
        conversion = lu.essayer(
            lambda: r.convertir("ce Test", accepte=accepte), Liens(r.convertir, {"test": "convertis"})
        )
    gagne = conversion.bonus if conversion is not None else 0
    sans = lu.essayer(lambda: distribution(trait, bonus=bonus, malus=malus))
    avec = lu.essayer(lambda: distribution(trait, bonus=_plus(bonus, 1), malus=malus))
    j = None
    if des is not None or lu.lancer:
        j = lu.essayer(lambda: jet(trait, bonus=_plus(bonus, gagne), malus=malus, des=des, rng=lu.rng))
        if j is not None and lu.lancer:
            lu.sorties["des"] = ecrire_des(j.des)
    if conversion is None or sans is None or avec is None or lu.erreurs:
        return lu.reponse()
    lignes = tuple((str(res), chance(sans[res]), chance(avec[res])) for res in Resultat)
    reussite_sans, reussite_avec = somme(sans, lambda x: x.reussi), somme(avec, lambda x: x.reussi)
    ecart = (reussite_avec - reussite_sans) * 100
    table = Tableau(
        f"Un jet à {trait}d (bonus {bonus}, malus {malus}), sans et avec le dé d'expérience",
        ("Résultat", "Sans le dé", "Avec le dé d'expérience"),
        lignes,
        tuple(float(avec[res]) for res in Resultat),
        (
            f"Réussite, Magistrale comprise : {pourcentage(reussite_sans)} sans le dé, {pourcentage(reussite_avec)} avec "
            f"({'+' if ecart >= 0 else ''}{arrondi(ecart, 1)} point{'s' if abs(ecart) >= 2 else ''} de pour cent).",
        ),
    )
    explication = conversion.explication
    if j is not None:
        explication += " " + j.explication
    return lu.reponse(
        verdict=None if j is None else str(j.resultat),
        ton=ton(None if j is None else j.resultat.reussi),
        explication=explication,
        tableaux=(table,),
    )


# --- Les formulaires ----------------------------------------------------------------------------

_TRAIT = "Trait (dés)"
_AIDE_DES = (
    "Facultatif : les dés lancés, à la suite (« 6521 ») ou séparés (« 6 5 2 1 »). Sans eux : les chances seules."
)
_PREMIER = "Premier camp (l'attaquant ; en bras de fer, l'un des deux)"
_SECOND = "Second camp (le défenseur ; en bras de fer, l'autre)"

FORMULAIRES: tuple[Formulaire, ...] = (
    Formulaire(
        "warp-jet",
        "WaRP",
        "Jet simple",
        "Trait, dés de bonus et de malus : le résultat d'un jet et les chances exactes de chaque résultat.",
        "warp/jets-simples.md",
        (
            Champ("trait", _TRAIT, defaut="3"),
            Champ("bonus", "Dés de bonus", defaut="0"),
            Champ("malus", "Dés de malus", defaut="0"),
            Champ("des", "Dés lancés", "des", aide=_AIDE_DES),
        ),
        _jet_simple,
    ),
    Formulaire(
        "warp-oppose",
        "WaRP",
        "Jet opposé",
        "Deux camps face à face : qui l'emporte, Critiques et Catastrophes comptés.",
        "warp/jets-opposes.md",
        (
            Champ(
                "mode",
                "Épreuve",
                "choix",
                defaut="attaque",
                choix=(
                    ("attaque", "Attaque contre défense (l'égalité fait rater l'attaque)"),
                    ("symetrique", "Symétrique, un bras de fer (vraie égalité)"),
                ),
            ),
            Champ("trait_premier", _TRAIT, defaut="3", groupe=_PREMIER),
            Champ("bonus_premier", "Dés de bonus", defaut="0", groupe=_PREMIER),
            Champ("malus_premier", "Dés de malus", defaut="0", groupe=_PREMIER),
            Champ("des_premier", "Dés lancés", "des", groupe=_PREMIER, aide=_AIDE_DES),
            Champ("trait_second", _TRAIT, defaut="2", groupe=_SECOND),
            Champ("bonus_second", "Dés de bonus", defaut="0", groupe=_SECOND),
            Champ("malus_second", "Dés de malus", defaut="0", groupe=_SECOND),
            Champ("des_second", "Dés lancés", "des", groupe=_SECOND, aide=_AIDE_DES),
        ),
        _jet_oppose,
    ),
    Formulaire(
        "warp-cooperatif",
        "WaRP",
        "Test coopératif",
        "Les résultats des Bêtas font l'aide de l'Alpha : combien de dés, et ses chances.",
        "warp/tests-cooperatifs.md",
        (
            Champ("alpha", "Trait de l'Alpha (dés)", defaut="3"),
            Champ("bonus", "Dés de bonus (pour tous)", defaut="0"),
            Champ("malus", "Dés de malus (pour tous)", defaut="0"),
            Champ(
                "resultats",
                "Résultats des Bêtas",
                "texte",
                aide="Séparés par des virgules : « Compensation, Compensation, Catastrophe ».",
                element="Bêta",
            ),
            Champ(
                "betas",
                "Traits des Bêtas (dés)",
                "texte",
                aide="Facultatif, avant que les Bêtas lancent : « 2 3 » pour deux Bêtas à 2d et 3d.",
                element="Bêta",
            ),
            Champ(
                "des_betas",
                "Dés des Bêtas",
                "texte",
                aide="Facultatif, avec leurs Traits : les dés de chaque Bêta, séparés par « / » : « 5 4 / 6 1 1 ».",
                element="Bêta",
            ),
            Champ("des", "Dés de l'Alpha", "des", aide=_AIDE_DES),
        ),
        _cooperatif,
    ),
    Formulaire(
        "warp-etendu",
        "WaRP",
        "Test étendu",
        "Complexité et Maniabilité : les chances de chaque fin et de chaque nombre de rounds.",
        "warp/tests-etendus.md",
        (
            Champ("trait", _TRAIT, defaut="3"),
            Champ("bonus", "Dés de bonus (à chaque round)", defaut="0"),
            Champ("malus", "Dés de malus (à chaque round)", defaut="0"),
            Champ("complexite", "Complexité (Progrès à atteindre)", defaut="4"),
            Champ("maniabilite", "Maniabilité (Revers qui font échouer)", defaut="3"),
            Champ("periode", "Période (durée d'un round)", defaut="1"),
            Champ("unite", "Unité de la Période", "texte", defaut="h"),
            Champ(
                "des",
                "Dés de chaque round",
                "des",
                aide="Facultatif : un round après l'autre, séparés par « / » (« 5 3 2 / 6 1 1 / 6 4 3 »).",
                element="round",
            ),
        ),
        _etendu,
        a_la_table=("trait", "bonus", "malus", "complexite", "maniabilite", "des"),
    ),
    Formulaire(
        "warp-experience",
        "WaRP",
        "Dé d'expérience",
        "Convertir un dé d'expérience en dé de bonus : ce qu'il reste, et ce que le dé change aux chances.",
        "warp/experience.md",
        (
            Champ("trait", _TRAIT, defaut="3"),
            Champ("bonus", "Dés de bonus (sans le dé d'expérience)", defaut="0"),
            Champ("malus", "Dés de malus", defaut="0"),
            Champ("reserve", "Dés d'expérience du personnage", defaut="3"),
            Champ("convertis", "Déjà convertis pendant la partie", defaut="0"),
            Champ("accepte", "Le MJ accepte l'argument", "case", defaut="oui"),
            Champ("des", "Dés lancés", "des", aide="Facultatif, dé d'expérience compris s'il est accordé."),
        ),
        _experience,
        a_la_table=("trait", "bonus", "malus", "accepte", "des"),
    ),
)
