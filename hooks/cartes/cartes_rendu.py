"""Le rendu des cartes : un résultat du paquet `rules` dessiné comme un jet sur la table.

Une carte se lit dans l'objet que le paquet a rendu (jamais dans un texte
imprimé) : les faces des dés, lesquels sont gardés et lesquels écartés, le total
contre ce qu'il faut battre (WaRP) ou le seuil (3D6), les Critiques, doubles et
triples, le verdict en étiquette, et l'explication française du paquet. Chaque
rangée de dés porte une alternative texte (`role="img"`, `aria-label`) :
« dés 5, 3 et 2 : total 10, il fallait plus de 9 : Réussite ».

[`carte`][] rend `None` pour un objet qui n'est pas un résultat de jet :
l'exemple n'a alors pas de carte. Le crochet `hooks/cartes/cartes.py` décide quels
objets d'un exemple deviennent des cartes ; les styles sont dans
`docs/stylesheets/cartes.css`.

Examples:
    >>> from rules.warp import jet
    >>> c = carte(jet(3, des=(5, 3, 2)))
    >>> print(c.texte)
    dés 5, 3 et 2 : total 10, il fallait plus de 9 : Réussite
    >>> from rules.troisd6 import jet as jet3
    >>> print(carte(jet3(9, (3, 1, 3))).texte)
    dés 3, 1 et 3 : total 7, il fallait 9 ou moins, double 3 : Réussite spéciale
    >>> carte(42) is None
    True
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.affichage import moins
from rules.troisd6 import caches, effets, reflexion, scenes, scenes_mineures
from rules.troisd6 import jets as jets3
from rules.warp import cooperatif, etendu, experience, opposes
from rules.warp import jets as jetsw

__all__ = ["TYPES", "Carte", "De", "Rangee", "carte", "contenu", "html_carte", "liste"]


def liste(valeurs: Sequence[object]) -> str:
    """Une énumération française : « 5, 3 et 2 ».

    Examples:
        >>> liste([5]), liste([5, 3]), liste([5, 3, 2]), liste([])
        ('5', '5 et 3', '5, 3 et 2', 'aucun')
    """
    textes = [str(v) for v in valeurs]
    if not textes:
        return "aucun"
    if len(textes) == 1:
        return textes[0]
    return ", ".join(textes[:-1]) + " et " + textes[-1]


@dataclass(frozen=True)
class De:
    """Un dé de la carte : sa face, s'il est gardé, et sa marque (« Critique », « double »…)."""

    face: int
    garde: bool = True
    marque: str = ""


@dataclass(frozen=True)
class Rangee:
    """Les dés d'un camp ou d'un jet : qui lance, les dés, le total, ce qu'il fallait, le verdict de ce jet."""

    nom: str
    des: tuple[De, ...]
    total: int | None
    cible: str
    """« il fallait plus de 9 », « il fallait 8 ou moins », ou "" (un jet opposé : le total se compare à l'autre)."""
    marques: tuple[str, ...]
    """Ce que le lecteur doit remarquer : « un 6 gardé (Critique) », « double 3 »…"""
    verdict: str
    ton: str = "neutre"

    @property
    def texte(self) -> str:
        """L'alternative texte de la rangée (lue par un lecteur d'écran à la place des dés dessinés)."""
        faces = [d.face for d in self.des]
        gardes = [d.face for d in self.des if d.garde]
        morceaux = [f"dés {liste(faces)}" if faces else "aucun dé"]
        if len(gardes) != len(faces):
            morceaux.append(f"gardés {liste(gardes)}" if gardes else "aucun gardé")
        texte = ", ".join(morceaux)
        suite = []
        if self.total is not None:
            suite.append(f"total {self.total}")
        if self.cible:
            suite.append(self.cible)
        suite += self.marques
        if suite:
            texte += " : " + ", ".join(suite)
        if self.verdict:
            texte += f" : {self.verdict}"
        return f"{self.nom}, {texte}" if self.nom else texte


@dataclass(frozen=True)
class Carte:
    """Une carte : ses rangées de dés, le verdict du tout, l'explication du paquet."""

    rangees: tuple[Rangee, ...]
    verdict: str
    explication: str
    ton: str = "neutre"
    titre: str = ""
    details: tuple[str, ...] = field(default=())
    """D'autres valeurs de l'objet à montrer (points d'effet, aide des Bêtas…)."""

    @property
    def texte(self) -> str:
        """L'alternative texte de la carte entière."""
        if len(self.rangees) == 1 and self.rangees[0].verdict == self.verdict:
            return self.rangees[0].texte
        morceaux = [r.texte for r in self.rangees] + list(self.details)
        if self.verdict:
            morceaux.append(f"verdict : {self.verdict}")
        return " ; ".join(morceaux)


def _ton(reussi: bool | None) -> str:
    return "neutre" if reussi is None else ("reussite" if reussi else "echec")


# ---------------------------------------------------------------- WaRP


def _des_warp(j: jetsw.Jet) -> tuple[De, ...]:
    """Les dés lancés, chacun gardé ou écarté d'après `j.gardes` (le paquet a choisi ; on reconnaît ses dés)."""
    restants = Counter(j.gardes)
    des = []
    # Avec du bonus le paquet garde les meilleurs, avec du malus les pires : on reconnaît
    # les dés gardés dans cet ordre, pour qu'un dé écarté parmi des égaux soit le dernier lancé.
    for face in j.des:
        garde = restants[face] > 0
        if garde:
            restants[face] -= 1
        marque = ""
        if garde and face == 6 and j.critiques:
            marque = "Critique"
        elif garde and j.catastrophe:
            marque = "Catastrophe"
        des.append(De(face, garde, marque))
    return tuple(des)


def _marques_warp(j: jetsw.Jet) -> tuple[str, ...]:
    marques = []
    if j.critiques:
        marques.append("un 6 gardé (Critique)" if j.critiques == 1 else f"{j.critiques} six gardés (Critiques)")
    if j.catastrophe:
        marques.append("tous les dés gardés sont des 1 (Catastrophe)")
    if not j.gardes:
        marques.append("aucun dé gardé : échec automatique")
    return tuple(marques)


def _rangee_warp(
    j: jetsw.Jet, nom: str = "", *, seuil: bool = True, verdict: str | None = None, reussi: bool | None = None
) -> Rangee:
    if verdict is None:
        verdict, reussi = str(j.resultat), j.resultat.reussi
    cible = f"il fallait plus de {j.seuil}" if seuil else ""
    return Rangee(nom, _des_warp(j), j.total, cible, _marques_warp(j), verdict, _ton(reussi))


def _jet_warp(j: jetsw.Jet) -> Carte:
    rangee = _rangee_warp(j)
    return Carte((rangee,), rangee.verdict, j.explication, rangee.ton)


def _opposition(o: opposes.Opposition) -> Carte:
    noms = ("Premier", "Second") if o.symetrique else ("Attaquant", "Défenseur")
    rangees = []
    for nom, j, r in ((noms[0], o.premier, o.resultat_premier), (noms[1], o.second, o.resultat_second)):
        if r is None:
            rangees.append(_rangee_warp(j, nom, seuil=False, verdict=str(o.issue)))
        else:
            rangees.append(_rangee_warp(j, nom, seuil=False, verdict=str(r), reussi=r.reussi))
    if o.resultat_premier is None:
        verdict = str(o.issue)
    else:
        verdict = f"{noms[0].lower()} : {o.resultat_premier}, {noms[1].lower()} : {o.resultat_second}"
    return Carte(tuple(rangees), verdict, o.explication, "neutre", "Jet opposé : le plus fort total l'emporte")


def _cooperation(c: cooperatif.Cooperation) -> Carte:
    rangees = [_rangee_warp(j, f"Bêta {i}") for i, j in enumerate(c.jets_betas, start=1)]
    rangees.append(_rangee_warp(c.jet_alpha, "Alpha"))
    details = (f"aide des Bêtas : {c.aide:+d}d" if c.aide else "aide des Bêtas : aucun dé",)
    return Carte(tuple(rangees), str(c.resultat), c.explication, _ton(c.resultat.reussi), "Test coopératif", details)


def _deroulement(d: etendu.Deroulement) -> Carte:
    rangees = tuple(_rangee_warp(r.jet, f"Round {r.numero}") for r in d.rounds)
    details = (f"{d.progres} Progrès sur {d.complexite}, {d.revers} Revers sur {d.maniabilite}",)
    return Carte(rangees, str(d.resultat), d.explication, _ton(d.resultat.reussi), "Test étendu", details)


def _conversion(c: experience.Conversion) -> Carte:
    verdict = "Accepté : 1 dé de bonus" if c.accepte else "Refusé : le dé d'expérience reste"
    return Carte((), verdict, c.explication, _ton(c.accepte), "Dé d'expérience")


# ---------------------------------------------------------------- 3D6


def _des_3d6(j: jets3.Jet) -> tuple[De, ...]:
    return tuple(De(f, True, "triple" if j.dt == f else ("double" if j.dd == f else "")) for f in j.des)


def _rangee_3d6(j: jets3.Jet, nom: str = "", verdict: str | None = None) -> Rangee:
    marques = []
    if j.dt is not None:
        marques.append(f"triple {j.dt}")
    elif j.dd is not None:
        marques.append(f"double {j.dd}")
    return Rangee(
        nom,
        _des_3d6(j),
        j.total,
        f"il fallait {j.seuil} ou moins",
        tuple(marques),
        str(j.niveau) if verdict is None else verdict,
        _ton(j.niveau.reussi),
    )


def _jet_3d6(j: jets3.Jet) -> Carte:
    rangee = _rangee_3d6(j)
    return Carte((rangee,), rangee.verdict, j.explication, rangee.ton)


def _jet_cache(c: caches.JetCache) -> Carte:
    rangee = _rangee_3d6(c.jet)
    qui = "le MJ lance tout" if c.vus == 0 else f"le joueur voit {c.vus} dé{'s' if c.vus > 1 else ''}"
    return Carte((rangee,), rangee.verdict, c.explication, rangee.ton, f"Jet caché : {qui}")


def _scene_opposee(s: scenes_mineures.SceneOpposee) -> Carte:
    rangees = (_rangee_3d6(s.premier, "Premier"), _rangee_3d6(s.second, "Second"))
    return Carte(rangees, str(s.issue), s.explication, "neutre", "Scène mineure : le meilleur niveau gagne")


def _scene_non_opposee(s: scenes_mineures.SceneNonOpposee) -> Carte:
    rangee = _rangee_3d6(s.jet)
    verdict = "le PJ gagne la scène" if s.gagne else "le PJ perd la scène"
    return Carte((rangee,), verdict, s.explication, _ton(s.gagne), "Scène mineure sans opposition")


def _points(n: int) -> str:
    return f"{n} point{'s' if abs(n) > 1 else ''} d'effet"


def _rangees_echange(e: scenes.Echange, prefixe: str = "") -> list[Rangee]:
    rangees = [_rangee_3d6(e.jet_attaque, f"{prefixe}{e.attaquant} attaque")]
    if e.effet_attaque is not None and e.effet_attaque.des:
        rangees.append(_rangee_effet(e.effet_attaque, f"{prefixe}effet de {e.attaquant}"))
    if e.jet_defense is not None:
        defense = f" ({e.defense})" if e.defense is not None else ""
        rangees.append(_rangee_3d6(e.jet_defense, f"{prefixe}{e.defenseur}{defense}"))
    if e.effet_defense is not None and e.effet_defense.des:
        rangees.append(_rangee_effet(e.effet_defense, f"{prefixe}effet de {e.defenseur}"))
    return rangees


def _echange(e: scenes.Echange) -> Carte:
    suite = "l'initiative change de camp" if e.initiative_change else f"{e.attaquant} garde l'initiative"
    verdict = f"{_points(e.points)} pour {e.attaquant} ; {suite}"
    return Carte(tuple(_rangees_echange(e)), verdict, e.explication, "neutre", "Un round de scène majeure")


def _scene(s: scenes.Scene) -> Carte:
    rangees = [r for t in s.tours for r in _rangees_echange(t.echange, f"Tour {t.numero} : ")]
    return Carte(
        tuple(rangees),
        s.fin,
        s.transcript,
        "neutre",
        f"Scène majeure en {len(s.tours)} tour{'s' if len(s.tours) > 1 else ''}",
    )


def _rangee_effet(e: effets.Effet, nom: str = "") -> Rangee:
    des = tuple(De(f) for f in (e.des or ()))
    return Rangee(nom, des, e.total_des, "", (), _points(e.points))


def _effet(e: effets.Effet) -> Carte:
    rangee = _rangee_effet(e, f"Effet sur {e.indice}")
    return Carte((rangee,), rangee.verdict, e.explication, "neutre")


def _accroissement(a: reflexion.Accroissement) -> Carte:
    rangee = Rangee("", tuple(De(f) for f in a.des), None, "", (), f"difficulté +{a.points}")
    return Carte(
        (rangee,), rangee.verdict, a.explication, "neutre", f"Nouvelle tentative après un {str(a.niveau).lower()}"
    )


def _initiative(i: scenes.Initiative) -> Carte:
    verdict = f"{i.gagnant} prend l'initiative" if i.gagnant else "le texte ne tranche pas"
    return Carte((), verdict, i.explication, "neutre", "L'initiative")


TYPES: dict[type, Callable[[Any], Carte]] = {
    jetsw.Jet: _jet_warp,
    opposes.Opposition: _opposition,
    cooperatif.Cooperation: _cooperation,
    etendu.Deroulement: _deroulement,
    experience.Conversion: _conversion,
    jets3.Jet: _jet_3d6,
    caches.JetCache: _jet_cache,
    scenes_mineures.SceneOpposee: _scene_opposee,
    scenes_mineures.SceneNonOpposee: _scene_non_opposee,
    scenes.Echange: _echange,
    scenes.Scene: _scene,
    effets.Effet: _effet,
    reflexion.Accroissement: _accroissement,
    scenes.Initiative: _initiative,
}
"""Les résultats du paquet qui ont une carte, et comment chacun se dessine."""


def carte(objet: object) -> Carte | None:
    """La carte d'un résultat du paquet, ou `None` s'il n'en a pas (un nombre, une loi de chances…)."""
    rendre = TYPES.get(type(objet))
    return None if rendre is None else rendre(objet)


def contenu(objet: object) -> list[object]:
    """Les résultats (à carte) que contient un résultat : les jets d'une opposition, les échanges d'une scène.

    Examples:
        >>> from rules.warp import jet, opposition
        >>> a, b = jet(3, des=(4, 3, 2)), jet(3, des=(5, 2, 2))
        >>> [x is a or x is b for x in contenu(opposition(a, b))]
        [True, True]
    """
    trouves: list[object] = []
    vus: set[int] = set()

    def parcourir(x: object, profondeur: int) -> None:
        if id(x) in vus or profondeur > 6:
            return
        vus.add(id(x))
        if profondeur and type(x) in TYPES:
            trouves.append(x)
        champs = getattr(x, "__dataclass_fields__", None)
        if champs is not None:
            for nom in champs:
                parcourir(getattr(x, nom), profondeur + 1)
        elif isinstance(x, (tuple, list)):
            for y in x:
                parcourir(y, profondeur + 1)

    parcourir(objet, 0)
    return trouves


# ---------------------------------------------------------------- le HTML


def _e(texte: object) -> str:
    """Un texte de la carte, pour le lecteur : échappé, un nombre négatif écrit avec le signe moins (−)."""
    return html.escape(moins(texte), quote=True)


def _html_rangee(r: Rangee, seule: bool) -> str:
    des = []
    for d in r.des:
        classes = ["carte-de"]
        if not d.garde:
            classes.append("carte-de--ecarte")
        if d.marque:
            classes.append("carte-de--" + {"Critique": "critique", "Catastrophe": "catastrophe"}.get(d.marque, "paire"))
        des.append(f'<span class="{" ".join(classes)}">{d.face}</span>')
    chiffres = []
    if r.total is not None:
        chiffres.append(f"total <strong>{r.total}</strong>")
    if r.cible:
        chiffres.append(_e(r.cible))
    chiffres += [_e(m) for m in r.marques]
    ecartes = sum(not d.garde for d in r.des)
    if ecartes:
        chiffres.append(
            f"{ecartes} dé{'s' if ecartes > 1 else ''} écarté{'s' if ecartes > 1 else ''} (barré{'s' if ecartes > 1 else ''})"
        )
    nom = f'<span class="carte-nom">{_e(r.nom)}</span>' if r.nom else ""
    verdict = f'<span class="carte-etiquette carte--{r.ton}">{_e(r.verdict)}</span>' if r.verdict and not seule else ""
    return (
        f'<div class="carte-rangee">{nom}'
        f'<span class="carte-des" role="img" aria-label="{_e(r.texte)}">{"".join(des)}</span>'
        f'<span class="carte-chiffres" aria-hidden="true">{" · ".join(chiffres)}</span>'
        f'<span aria-hidden="true">{verdict}</span></div>'
    )


def html_carte(c: Carte) -> str:
    """La carte en HTML : une `figure` (ses rangées, son verdict, l'explication du paquet en légende)."""
    titre = f'<p class="carte-titre">{_e(c.titre)}</p>' if c.titre else ""
    # Une rangée seule dont le verdict est celui de la carte ne le répète pas.
    seule = len(c.rangees) == 1 and c.rangees[0].verdict == c.verdict
    rangees = "".join(_html_rangee(r, seule) for r in c.rangees)
    details = "".join(f'<p class="carte-detail">{_e(d)}</p>' for d in c.details)
    lignes = "".join(f"<span>{_e(ligne)}</span>" for ligne in c.explication.splitlines() if ligne.strip())
    return (
        f'<figure class="carte carte--{c.ton}" data-carte="{_e(c.texte)}">'
        f"{titre}{rangees}{details}"
        f'<p class="carte-verdict"><span class="carte-verdict-nom">Verdict :</span> '
        f'<span class="carte-etiquette carte--{c.ton}">{_e(c.verdict)}</span></p>'
        f'<figcaption class="carte-explication">{lignes}</figcaption></figure>'
    )
