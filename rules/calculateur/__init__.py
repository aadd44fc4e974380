"""Le calculateur de table : des entrées de formulaire (du texte) au verdict expliqué et aux chances exactes.

Une couche mince au-dessus des règles, partagée par la page « Calculateur »
du site (dans le navigateur, par Pyodide) et par la ligne de commande
(`python -m rules`). Pour chaque mécanique des deux systèmes, un
[`Formulaire`][rules.calculateur.Formulaire] dit ses champs ;
[`calculer`][rules.calculateur.calculer] lit leurs valeurs (du texte, d'un
formulaire, d'une adresse partagée ou d'options), les passe aux fonctions de
`rules`, et rend une [`Reponse`][rules.calculateur.Reponse] : le verdict et
l'explication du paquet quand des dés sont donnés, les chances exactes de
chaque issue (fraction, pourcentage, « 1 chance sur N » pour les petites,
cumuls), ou, pour chaque entrée refusée, le [`Refus`][rules.refus.Refus] de la
règle, rangé sous le champ qui a fourni ce qu'il refuse : ses lieux (des
données) le disent, jamais son texte.

Rien ici n'applique une règle : tout vient des modules de `rules.warp` et
`rules.troisd6`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence

from rules._valider import booleen, generateur, recu
from rules.calculateur import _troisd6, _warp
from rules.calculateur._commun import LONGUEUR_MAX, Champ, Formulaire, Lecture, Reponse, Tableau
from rules.refus import PROPOS, Lieu, Refus, nom_python
from rules.regles import en_cours, sous
from rules.variantes import REGLES_MAISON, regles

__all__ = ["FORMULAIRES", "Champ", "Formulaire", "Reponse", "Tableau", "calculer", "calculer_json", "en_texte"]

FORMULAIRES: dict[str, Formulaire] = {f.nom: f for f in (*_warp.FORMULAIRES, *_troisd6.FORMULAIRES)}
"""Chaque formulaire du calculateur, par nom (« warp-jet », « troisd6-scene »…), dans l'ordre de la page."""


def calculer(
    formulaire: str,
    entrees: Mapping[str, str] | None = None,
    *,
    lancer: bool = False,
    rng: random.Random | None = None,
    variantes: Sequence[str] = (),
    maison: Mapping[str, int] | None = None,
) -> Reponse:
    """Le verdict et les chances exactes d'un formulaire, à partir des valeurs de ses champs (du texte).

    Un champ absent prend sa valeur par défaut. Un champ envoyé vide (effacé
    dans la page) ne la reprend pas : vide, un champ facultatif (les dés) n'est
    pas donné, et un champ qui attend une valeur est refusé sous son nom ; la
    page ne remet jamais en douce un nombre que le joueur a effacé. Avec `lancer`, les dés
    du formulaire sont tirés (par `rng`, ou un `random.Random` neuf) au lieu
    d'être lus, et la réponse les porte dans `entrees`, pour qu'un lien les
    rejoue. Une entrée refusée par une règle ne lève rien : elle va dans
    `erreurs`, sous le champ qui a fourni ce que disent les lieux du refus.

    Args:
        formulaire: le nom du formulaire (une clé de [`FORMULAIRES`][rules.calculateur.FORMULAIRES]).
        entrees: la valeur de chaque champ, en texte.
        lancer: tirer les dés au lieu de les lire.
        rng: le générateur des dés tirés (à graine fixe pour rejouer).
        variantes: les variantes sous lesquelles répondre (sans variante ni règle maison : la lecture en vigueur) (identifiants de [`rules.variantes.VARIANTES`][rules.variantes.VARIANTES]).
        maison: les règles maison (point réglé → valeur, [`rules.variantes.REGLES_MAISON`][rules.variantes.REGLES_MAISON]).

    Raises:
        rules.refus.Refus: formulaire inconnu, champ inconnu, ou valeur qui n'est pas du texte court.

    Examples:
        >>> r = calculer("warp-jet", {"trait": "3", "bonus": "1", "des": "6 2 5 1"})
        >>> r.verdict
        'Magistrale'
        >>> print(r.explication)
        3d + 1d de bonus : 4d6 lancés (6, 2, 5, 1), les 3 meilleurs gardés (6, 5, 2) ; total 13 > 9, un 6 gardé (Critique) → Magistrale.
        >>> r.tableaux[0].notes[0]
        'Réussite, Magistrale comprise : 82,5 %.'
        >>> calculer("warp-jet", {"trait": "3", "des": "6 5 2 1"}).erreurs
        {'des': 'Dés lancés : doit contenir exactement 3 dés, reçu 4 : (6, 5, 2, 1)'}
        >>> calculer("warp-jet", {"trait": "trois"}).erreurs
        {'trait': "Trait (dés) : doit être un entier ≥ 0, reçu 'trois'"}
        >>> calculer("warp-jet", {"trait": ""}).erreurs
        {'trait': "Trait (dés) : doit être un entier ≥ 0, reçu ''"}
    """
    if not isinstance(formulaire, str) or formulaire not in FORMULAIRES:
        raise Refus("formulaire", f"être l'un de {', '.join(FORMULAIRES)}", recu=formulaire)
    f = FORMULAIRES[formulaire]
    if entrees is not None and not isinstance(entrees, Mapping):
        raise Refus("entrees", "être un dictionnaire (champ → texte)", recu=entrees)
    entrees = dict(entrees or {})
    noms = {c.nom for c in f.champs}
    for nom, valeur in entrees.items():
        if nom not in noms:
            raise Refus(
                "entrees",
                f"{recu(nom)} n'est pas un champ du formulaire {formulaire} (champs : {', '.join(sorted(noms))})",
                forme=PROPOS,
            )
        if not isinstance(valeur, str) or len(valeur) > LONGUEUR_MAX:
            raise Refus(nom, f"être un texte d'au plus {LONGUEUR_MAX} caractères", recu=valeur)
    booleen("lancer", lancer)
    rng = generateur(rng)
    if lancer and rng is None:
        rng = random.Random()
    if maison is not None and not isinstance(maison, Mapping):
        raise Refus("maison", "être un dictionnaire (règle maison → entier)", recu=maison)
    # Sans variante ni règle maison, la lecture en vigueur (le texte, ou celle d'un bloc rules.regles.sous).
    lecture = Lecture(f, entrees, lancer=lancer, rng=rng)
    try:
        lecture_des_regles = regles(variantes, **(maison or {})) if variantes or maison else en_cours()
    except Refus as refus:
        if str(refus.lieux[0][0]) not in REGLES_MAISON:
            raise
        return _maison_refusee(lecture, refus)
    try:
        with sous(lecture_des_regles):
            return f.calculer(lecture)
    except Refus as refus:  # un refus hors d'un essai : rangé par ses lieux, ou LieuSansChamp si aucun champ ne les a
        lecture.localiser(refus)
        return lecture.reponse()


def _maison_refusee(lecture: Lecture, refus: Refus) -> Reponse:
    """Une règle maison refusée (hors de ses bornes, pas un entier) : sous son nom, que la page montre sous son
    champ, et nommée par son titre.

    Examples:
        >>> calculer("troisd6-defense", maison={"malus_contre_attaque": -9}).erreurs
        {'malus_contre_attaque': "3D6 : le malus d'une contre-attaque ordinaire : doit être un entier entre -6 et 0, reçu -9"}
    """

    def nommer(lieu: Lieu) -> str:
        return REGLES_MAISON[str(lieu[0])].titre if str(lieu[0]) in REGLES_MAISON else nom_python(lieu)

    cle = str(refus.lieux[0][0])
    entrees = {nom: v for nom, v in lecture.brutes.items() if v}
    return Reponse(lecture.formulaire.nom, entrees, erreurs={cle: refus.message(nommer)}, refus={cle: refus})


def calculer_json(requete: str) -> str:
    """[`calculer`][rules.calculateur.calculer] pour le navigateur : une requête JSON, une réponse JSON.

    La requête : `{"formulaire": "warp-jet", "entrees": {"trait": "3"}, "lancer": false}`, et, pour
    répondre sous d'autres lectures, `"variantes": ["…"]` et `"maison": {"malus_contre_attaque": -2}`.
    Les valeurs restent des données d'un bout à l'autre (jamais du code). Une
    requête mal formée rend `{"ok": false, "message": "…"}`, sans lever.

    Examples:
        >>> import json
        >>> r = json.loads(calculer_json('{"formulaire": "troisd6-jet", "entrees": {"des": "4 4 2"}}'))
        >>> r["ok"], r["verdict"]
        (True, 'Réussite spéciale (Dd = 4)')
        >>> json.loads(calculer_json('{"formulaire": "<script>"}'))["message"]
        "formulaire doit être l'un de warp-jet, warp-oppose, warp-cooperatif, warp-etendu, warp-experience, troisd6-jet, troisd6-mineure, troisd6-effet, troisd6-defense, troisd6-apres-attaque, troisd6-scene, reçu '<script>'"
    """
    if not isinstance(requete, str | bytes):
        raise Refus("requete", "être un texte JSON", recu=requete)
    try:
        donnees = json.loads(requete)
        if not isinstance(donnees, dict):
            raise ValueError("la requête doit être un objet JSON")
        entrees = donnees.get("entrees", {})
        if not isinstance(entrees, dict):
            raise ValueError("entrees doit être un objet JSON (champ → texte)")
        variantes = donnees.get("variantes", [])
        if not isinstance(variantes, list):
            raise ValueError("variantes doit être une liste JSON d'identifiants")
        maison = donnees.get("maison", {})
        if not isinstance(maison, dict):
            raise ValueError("maison doit être un objet JSON (règle maison → entier)")
        reponse = calculer(
            str(donnees.get("formulaire", "")),
            entrees,
            lancer=donnees.get("lancer", False) is True,
            variantes=variantes,
            maison=maison,
        )
    except ValueError as erreur:  # json.JSONDecodeError en est une
        return json.dumps({"ok": False, "message": str(erreur)}, ensure_ascii=False)
    return json.dumps(reponse.en_dict(), ensure_ascii=False)


def _barre(valeur: float, largeur: int = 20) -> str:
    huitiemes = round(max(0.0, min(1.0, valeur)) * largeur * 8)
    return "█" * (huitiemes // 8) + ("▏▎▍▌▋▊▉"[huitiemes % 8 - 1] if huitiemes % 8 else "")


def en_texte(reponse: Reponse) -> str:
    """La réponse écrite pour un terminal : verdict, explication, faits, tableaux alignés avec leurs barres.

    Examples:
        >>> print(en_texte(calculer("troisd6-mineure", {"seuil_premier": "8"})))
        Scène mineure sans opposition (adversaire passif), seuil 8 : chances exactes
          Issue                 Chance  Fraction exacte
          le PJ perd la scène   74,1 %  20/27            ██████████████▉
          le PJ gagne la scène  25,9 %  7/27             █████▏
    """
    if not isinstance(reponse, Reponse):
        raise Refus("reponse", "être une Reponse (le résultat de calculer)", recu=reponse)
    if not reponse.ok:
        return "\n".join(message if nom else f"entrée : {message}" for nom, message in reponse.erreurs.items())
    blocs: list[str] = []
    if reponse.verdict:
        blocs.append(f"Verdict : {reponse.verdict}")
    if reponse.explication:
        blocs.append(reponse.explication)
    if reponse.faits:
        blocs.append("\n".join(reponse.faits))
    for t in reponse.tableaux:
        lignes = [t.entetes, *t.lignes]
        largeurs = [max(len(ligne[i]) for ligne in lignes) for i in range(len(t.entetes))]
        texte = [t.legende]
        for n, ligne in enumerate(lignes):
            cellules = "  ".join(c.ljust(largeurs[i]) for i, c in enumerate(ligne))
            barre = _barre(t.barres[n - 1]) if n and t.barres else ""
            texte.append(("  " + cellules + " " + barre).rstrip())
        texte += [f"  {note}" for note in t.notes]
        blocs.append("\n".join(texte))
    return "\n\n".join(blocs)
