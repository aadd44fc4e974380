"""3D6 › Scènes majeures › Principes généraux : initiative, attaque, défense, fin de scène.

Le personnage qui a l'initiative (« l'attaquant ») choisit un modificateur au
jet (le risque pris) et lance sous son seuil ; s'il réussit, il inflige des
points d'effet (voir [`rules.troisd6.effets`][rules.troisd6.effets]). Le
défenseur lance avec le même modificateur et choisit l'esquive, le blocage ou
la contre-attaque. Les points d'effet font monter l'avantage de l'attaquant
([`rules.troisd6.avantages`][rules.troisd6.avantages]) ; la scène s'arrête à
l'avantage définitif, ou au premier jet raté face à une opposition passive.

[`jouer_scene`][rules.troisd6.scenes.jouer_scene] joue une scène tour par tour,
avec les dés d'un exemple du texte ou des dés tirés avec une graine fixe, et en rend le compte
rendu ; [`rules.troisd6.sans_opposition`][rules.troisd6.sans_opposition] en
donne les chances exactes face à une opposition passive (chaîne de Markov
absorbante).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, Literal

from rules import _valider
from rules._francais import MOINS, a_le, entier, majuscule, signe
from rules.refus import PHRASE, PROPOS, Refus
from rules.regles import Regles, en_cours
from rules.troisd6.avantages import Avantage, _progression
from rules.troisd6.effets import ECHELLE_INDICES, NIVEAUX_MAX, Effet, Indice, _effet
from rules.troisd6.effets import indice as _indice
from rules.troisd6.jets import Jet, _jet, jet_valide
from rules.troisd6.resolution import (
    Decision,
    Defense,
    _apports,
    _bonus_du_blocage,
    _caracteristique,
    _decider,
    _malus,
    _points_nets,
)

__all__ = [
    "Echange",
    "Initiative",
    "Personnage",
    "Scene",
    "Suite",
    "Tour",
    "TourJoue",
    "apres_echange",
    "echange",
    "initiative",
    "jouer_scene",
]


@dataclass(frozen=True, init=False)
class Personnage:
    """Un camp d'une scène majeure, vérifié une fois, à sa construction.

    Source : « 3D6 › Scènes majeures › Principes généraux › Attaque » : « Les
    points d'effet dépendent du niveau de la caractéristique principalement
    utilisée dans la scène. Cette caractéristique est différente selon le type
    de scène et selon que l'on soit attaquant ou défenseur. » `seuil` et
    `indice` sont ceux de ses attaques ; `seuil_defense` et `indice_defense`,
    ceux de ses défenses s'ils diffèrent (par défaut, les mêmes). Un Indice
    s'écrit comme dans le texte (« 2D6 ») ; il est gardé lu
    ([`Indice`][rules.troisd6.effets.Indice]).

    Examples:
        >>> Personnage("Philip", seuil=12, indice="2D6").indice
        Indice(d6=2, d3=0)
        >>> Personnage("le témoin", actif=False).actif
        False
        >>> bruno = Personnage("Bruno", seuil=11, indice="1D6+1D3", seuil_defense=13, indice_defense="2D6")
        >>> bruno.seuil_pour(), bruno.seuil_pour(Defense.BLOCAGE), bruno.indice_pour(Defense.BLOCAGE)
        (11, 13, Indice(d6=2, d3=0))
    """

    nom: str
    """Le nom affiché dans le compte rendu."""
    seuil: int | None
    """Le seuil du jet de la scène, sans le modificateur du tour (10 + talent + difficulté…)."""
    indice: Indice | None
    """L'Indice (dés d'effet) de la caractéristique des effets."""
    armure: int
    """Points retirés à chaque effet qu'il subit (armure relationnelle d'un hostile…)."""
    talent_contre_attaque: bool
    """Vrai s'il contre-attaque par un talent particulier : pas de malus de −3."""
    actif: bool
    """Faux pour une opposition passive (objet, difficulté, interviewé passif) : elle ne lance rien."""
    seuil_defense: int | None
    """Le seuil de ses esquives et de ses blocages, s'il diffère de `seuil` (une autre caractéristique)."""
    indice_defense: Indice | None
    """L'Indice du jet d'effet de ses blocages, s'il diffère de `indice`."""

    def __init__(
        self,
        nom: str,
        seuil: int | None = None,
        indice: Indice | str | None = None,
        armure: int = 0,
        talent_contre_attaque: bool = False,
        actif: bool = True,
        seuil_defense: int | None = None,
        indice_defense: Indice | str | None = None,
    ) -> None:
        _valider.texte("nom", nom)
        for champ, valeur in (("seuil", seuil), ("seuil_defense", seuil_defense)):
            if valeur is not None:
                _valider.entier(champ, valeur)
        lu = None if indice is None else _indice(indice)
        try:
            lu_defense = None if indice_defense is None else _indice(indice_defense)
        except Refus as erreur:  # le refus de l'Indice, sous le nom de ce champ-ci
            raise erreur.relocaliser({"indice": ("indice_defense",)}) from None
        _valider.entier("armure", armure, minimum=0, maximum=_valider.POINTS_MAX)
        _valider.booleen("talent_contre_attaque", talent_contre_attaque)
        _valider.booleen("actif", actif)
        if actif and (seuil is None or lu is None):
            raise Refus(
                ("seuil", "indice"),
                f"{nom} est actif, et un personnage actif doit avoir un seuil et un indice",
                forme=PROPOS,
            )
        lus = (nom, seuil, lu, armure, talent_contre_attaque, actif, seuil_defense, lu_defense)
        for nom_du_champ, lu_du_champ in zip(_CHAMPS, lus, strict=True):
            object.__setattr__(self, nom_du_champ, lu_du_champ)

    def seuil_pour(self, defense: Defense | None = None) -> int | None:
        """Le seuil de son jet, sans le modificateur du tour : pour attaquer (`None`), ou pour cette défense.

        L'esquive et le blocage se lancent sous `seuil_defense` (s'il est
        donné), la contre-attaque, « un jet d'attaque », sous `seuil` : la
        table [`CARACTERISTIQUE_DE_DEFENSE`][rules.troisd6.resolution.CARACTERISTIQUE_DE_DEFENSE].

        Examples:
            >>> p = Personnage("Bruno", seuil=11, indice="1D6+1D3", seuil_defense=13)
            >>> [p.seuil_pour(d) for d in (None, *Defense)]
            [11, 13, 13, 11]
        """
        if defense is not None:
            _valider.membre("defense", defense, Defense)
        return self._seuil_pour(defense, en_cours())

    def _seuil_pour(self, defense: Defense | None, r: Regles) -> int | None:
        """La règle de [`seuil_pour`][rules.troisd6.scenes.Personnage.seuil_pour], dans la lecture `r`, sans vérifier."""
        en_defense = defense is not None and _caracteristique(defense, r) == "défense"
        return self.seuil_defense if en_defense and self.seuil_defense is not None else self.seuil

    def indice_pour(self, defense: Defense | None = None) -> Indice | None:
        """L'Indice de son jet d'effet : pour attaquer (`None`), ou pour cette défense (seul le blocage en lance un).

        Examples:
            >>> p = Personnage("Bruno", seuil=11, indice="1D6+1D3", indice_defense="2D6")
            >>> print(p.indice_pour(), p.indice_pour(Defense.BLOCAGE))
            1D6+1D3 2D6
        """
        if defense is not None:
            _valider.membre("defense", defense, Defense)
        return self._indice_pour(defense, en_cours())

    def _indice_pour(self, defense: Defense | None, r: Regles) -> Indice | None:
        """La règle d'[`indice_pour`][rules.troisd6.scenes.Personnage.indice_pour], dans la lecture `r`, sans vérifier."""
        en_defense = defense is not None and _caracteristique(defense, r) == "défense"
        return self.indice_defense if en_defense and self.indice_defense is not None else self.indice

    def seuil_du_jet(self, defense: Defense | None, modificateur: int) -> int:
        """Le seuil effectif de son jet dans un échange : pour attaquer (`None`), ou pour cette défense.

        Source : « 3D6 › Scènes majeures › Principes généraux › Défense » : le
        défenseur lance « avec le même bonus ou malus choisi par l'attaquant »,
        sous la caractéristique de sa défense
        ([`seuil_pour`][rules.troisd6.scenes.Personnage.seuil_pour]), avec le −3
        d'une contre-attaque ordinaire
        ([`malus_de_defense`][rules.troisd6.resolution.malus_de_defense]). Le
        seul calcul de ce seuil : l'échange joué, ses chances et la défense
        choisie après l'attaque le lisent ici.

        Examples:
            >>> p = Personnage("Bruno", seuil=11, indice="1D6+1D3", seuil_defense=13)
            >>> p.seuil_du_jet(None, -1), p.seuil_du_jet(Defense.ESQUIVE, -1), p.seuil_du_jet(Defense.CONTRE_ATTAQUE, -1)
            (10, 12, 7)
        """
        _valider.entier("modificateur", modificateur)
        if defense is not None:
            _valider.membre("defense", defense, Defense)
        return self._seuil_du_jet(defense, modificateur, en_cours())

    def _seuil_du_jet(self, defense: Defense | None, modificateur: int, r: Regles) -> int:
        """La règle de [`seuil_du_jet`][rules.troisd6.scenes.Personnage.seuil_du_jet], dans la lecture `r`, sur une
        défense et un modificateur déjà vérifiés (ceux d'un `Tour`)."""
        base = self._seuil_pour(defense, r)
        if base is None:
            raise Refus("actif", f"{self.nom} est passif : il ne lance rien", forme=PHRASE)
        return base + modificateur + (0 if defense is None else _malus(defense, self.talent_contre_attaque, r))

    def indice_de_defense(self, defense: Defense) -> Indice | None:
        """L'Indice que lance cette défense : celui du blocage ; l'esquive et la contre-attaque n'en lancent pas.

        Examples:
            >>> p = Personnage("Bruno", seuil=11, indice="1D6+1D3", indice_defense="2D6")
            >>> [str(p.indice_de_defense(d)) for d in Defense]
            ['None', '2D6', 'None']
        """
        return self.indice_pour(defense) if defense is Defense.BLOCAGE else None

    def _indice_de_defense(self, defense: Defense, r: Regles) -> Indice | None:
        """La règle d'[`indice_de_defense`][rules.troisd6.scenes.Personnage.indice_de_defense], dans la lecture `r`."""
        return self._indice_pour(defense, r) if defense is Defense.BLOCAGE else None

    @property
    def des_effet(self) -> Indice:
        """L'Indice, vérifié présent."""
        if self.indice is None:
            raise Refus("indice", f"{self.nom} n'a pas d'indice : il ne peut pas infliger d'effet", forme=PHRASE)
        return self.indice


_CHAMPS = tuple(f.name for f in fields(Personnage))
"""Les champs d'un `Personnage`, dans l'ordre de sa construction."""


@dataclass(frozen=True)
class Initiative:
    """Qui prend l'initiative entre deux personnages actifs."""

    gagnant: str | None
    """Le nom de celui qui la prend, `None` si le texte ne tranche pas."""
    explication: str
    """Pourquoi."""

    def __str__(self) -> str:
        return self.explication


def initiative(
    nom_a: str,
    jet_a: Jet,
    nom_b: str,
    jet_b: Jet,
    *,
    valeur_a: int | None = None,
    valeur_b: int | None = None,
) -> Initiative:
    """L'initiative entre deux personnages actifs, sur un jet de potentiel chacun.

    Source : « 3D6 › Scènes majeures › Principes généraux » : « on peut faire
    un jet de potentiel de chaque personnage, le meilleur prenant l'initiative.
    En cas d'égalité de niveau, le personnage ayant la meilleur caractéristique
    ou le meilleur potentiel applicables à la situation prend l'initiative. »
    (Avec la surprise, ou face à un adversaire passif, c'est le déclencheur
    qui l'a, sans jet.)

    Args:
        nom_a: le nom du premier.
        jet_a: son jet de potentiel.
        nom_b: le nom du second.
        jet_b: son jet de potentiel.
        valeur_a: sa caractéristique ou son potentiel applicable (égalité de niveau).
        valeur_b: celle du second.

    Examples:
        >>> from rules.troisd6 import jet
        >>> print(initiative("Ada", jet(11, (3, 3, 1)), "Bob", jet(11, (2, 4, 1))))
        Ada : Réussite spéciale, Bob : Réussite simple → Ada prend l'initiative.
        >>> print(initiative("Ada", jet(11, (5, 4, 1)), "Bob", jet(11, (2, 4, 1)), valeur_a=1, valeur_b=2))
        Ada : Réussite simple, Bob : Réussite simple ; même niveau, caractéristique ou potentiel 1 contre 2 → Bob prend l'initiative.
        >>> initiative("Ada", jet(11, (5, 4, 1)), "Bob", jet(11, (2, 4, 1))).gagnant is None
        True
    """
    _valider.texte("nom_a", nom_a)
    _valider.texte("nom_b", nom_b)
    for nom, valeur in (("jet_a", jet_a), ("jet_b", jet_b)):
        jet_valide(nom, valeur)
    for nom, nombre in (("valeur_a", valeur_a), ("valeur_b", valeur_b)):
        if nombre is not None:
            _valider.entier(nom, nombre)
    debut = f"{nom_a} : {jet_a.niveau}, {nom_b} : {jet_b.niveau}"
    if jet_a.niveau != jet_b.niveau:
        gagnant = nom_a if jet_a.niveau > jet_b.niveau else nom_b
        return Initiative(gagnant, f"{debut} → {gagnant} prend l'initiative.")
    if valeur_a is None or valeur_b is None:
        return Initiative(
            None,
            f"{debut} ; même niveau : comparez la caractéristique ou le potentiel applicable (valeur_a, valeur_b).",
        )
    if valeur_a == valeur_b:
        return Initiative(
            None, f"{debut} ; même niveau et même valeur {entier(valeur_a)} : le texte ne tranche pas, le MJ décide."
        )
    gagnant = nom_a if valeur_a > valeur_b else nom_b
    return Initiative(
        gagnant,
        f"{debut} ; même niveau, caractéristique ou potentiel {entier(valeur_a)} contre "
        f"{entier(valeur_b)} → {gagnant} prend l'initiative.",
    )


def _valider_risque(r: Any) -> None:
    """Le risque d'un tour (modificateur, niveaux et points en plus) : les bornes d'un `Tour` joué (qu'un
    `rules.troisd6.duel.Risque` calculé reprend en construisant le sien : il doit pouvoir se jouer)."""
    _valider.entier("modificateur", r.modificateur)
    _valider.entier("niveaux", r.niveaux, minimum=-NIVEAUX_MAX, maximum=NIVEAUX_MAX)
    points = _valider.POINTS_MAX
    _valider.entier("bonus_points", r.bonus_points, minimum=-points, maximum=points)


@dataclass(frozen=True)
class Tour:
    """Ce que l'on impose à un tour : choix de l'attaquant et du défenseur, et dés éventuels.

    Les dés laissés à `None` sont tirés avec le `rng` de l'échange ou de la scène.

    Examples:
        >>> Tour(modificateur=-1, des_attaque=(1, 6, 3), defense=Defense.CONTRE_ATTAQUE).defense
        <Defense.CONTRE_ATTAQUE: 'contre-attaque'>
    """

    modificateur: int = 0
    """Le risque choisi par l'attaquant, appliqué aux deux jets."""
    des_attaque: tuple[int, ...] | None = None
    """Les 3 dés de l'attaquant (sinon tirés)."""
    effet_attaque: int | None = None
    """Le total de son jet d'effet, s'il est donné par le texte."""
    niveaux: int = 0
    """Niveaux d'Indice en plus pour l'attaquant (manœuvre, argument)."""
    bonus_points: int = 0
    """Points d'effet en plus pour l'attaquant."""
    defense: Defense = Defense.BLOCAGE
    """Esquive, blocage ou contre-attaque."""
    des_defense: tuple[int, ...] | None = None
    """Les 3 dés du défenseur."""
    effet_defense: int | None = None
    """Le total du jet d'effet d'un blocage."""

    def __post_init__(self) -> None:
        _valider_risque(self)
        for nom, total in (("effet_attaque", self.effet_attaque), ("effet_defense", self.effet_defense)):
            if total is not None:
                _valider.entier(nom, total, minimum=1, maximum=_EFFET_MAX)
        for nom, des in (("des_attaque", self.des_attaque), ("des_defense", self.des_defense)):
            if des is not None:
                object.__setattr__(self, nom, _valider.des(nom, des, nombre=3))
        _valider.membre("defense", self.defense, Defense)


_EFFET_MAX = 6 * len(ECHELLE_INDICES)
"""Le plus grand total de jet d'effet qu'un `Tour` accepte : 6 par barreau de l'échelle des Indices."""


@dataclass(frozen=True)
class Echange:
    """Un échange résolu : l'attaque, la défense, les points d'effet, l'initiative."""

    attaquant: str
    """Qui avait l'initiative."""
    defenseur: str
    """Qui la subissait."""
    modificateur: int
    """Le modificateur choisi par l'attaquant, appliqué aux deux jets."""
    jet_attaque: Jet
    """Le jet de l'attaquant."""
    effet_attaque: Effet | None
    """Son jet d'effet (s'il a réussi)."""
    defense: Defense | None
    """L'action du défenseur (`None` face à une opposition passive)."""
    jet_defense: Jet | None
    """Le jet du défenseur (`None` s'il est passif)."""
    effet_defense: Effet | None
    """Le jet d'effet du blocage (s'il a servi)."""
    armure: int
    """Les points retirés par l'armure du défenseur."""
    points: int
    """Les points d'effet nets infligés (0 ou moins : aucun)."""
    initiative_change: bool
    """Vrai si le défenseur reprend l'initiative."""
    explication: str
    """Le déroulé, en français."""

    def __str__(self) -> str:
        return self.explication


def _effet_du_jet(
    nom: str, j: Jet, ind: Indice, plus: tuple[int, int], total: int | None, rng: random.Random | None, r: Regles
) -> Effet:
    """L'effet d'un jet réussi (`plus` : ses niveaux et points en plus), dans la lecture `r` ; un total impossible
    pour l'Indice est refusé sous le champ `nom` du `Tour`."""
    dd, dt = _apports(j.niveau, j.dd, j.dt, r)
    try:
        return _effet(ind, dd, dt, *plus, total, None, rng, r)
    except Refus as refus:  # le total donné est le champ `nom` du Tour ; l'échelle des Indices reste telle quelle
        raise refus.relocaliser({"total": (nom,)}) from None


def _verifier_echange(attaquant: Any, defenseur: Any, tour: Any = None) -> Tour:
    """Vérifie les camps et le tour d'un échange ; rend le tour (par défaut, modificateur 0 et blocage).

    Ce que refusent [`echange`][rules.troisd6.scenes.echange] et les chances
    d'un échange avant de rien lancer : deux `Personnage`, un attaquant qui
    peut attaquer (seuil et Indice), un `Tour`, et des seuils que le
    modificateur (et le −3 d'une contre-attaque ordinaire) laissent dans les bornes.
    """
    return _verifier(attaquant, defenseur, tour, en_cours())[0]


def _verifier(attaquant: Any, defenseur: Any, tour: Any, r: Regles) -> tuple[Tour, int, int | None]:
    """Ce que vérifie [`_verifier_echange`][rules.troisd6.scenes._verifier_echange], dans la lecture `r` ; rend le
    tour et les seuils effectifs de l'attaquant et du défenseur (`None` s'il est passif), calculés une fois.

    Le seuil d'un attaquant passif (qui ne se défend pas, mais attaque si on le lui demande) n'est pas borné ici :
    [`echange`][rules.troisd6.scenes.echange] le borne comme son jet le ferait, après le générateur.
    """
    for nom, p in (("attaquant", attaquant), ("defenseur", defenseur)):
        if not isinstance(p, Personnage):
            raise Refus(nom, "être un Personnage", recu=p)
    if attaquant.seuil is None or attaquant.indice is None:
        raise Refus("attaquant", f"{attaquant.nom} n'a pas de seuil et d'indice, il ne peut pas attaquer", forme=PROPOS)
    if tour is not None and not isinstance(tour, Tour):
        raise Refus("tour", "être un Tour (modificateur, dés, défense…)", recu=tour)
    choix: Tour = Tour() if tour is None else tour
    seuil_a = attaquant._seuil_du_jet(None, choix.modificateur, r)
    seuil_d = defenseur._seuil_du_jet(choix.defense, choix.modificateur, r) if defenseur.actif else None
    # Le −3 d'une contre-attaque ordinaire ne touche que le défenseur : l'attaquant ne se défend pas.
    for p, seuil in ((attaquant, seuil_a), (defenseur, seuil_d)):
        if p.actif and seuil is not None and abs(seuil) > _valider.VALEUR_MAX:
            raise Refus(
                "tour",
                f"le modificateur {signe(choix.modificateur)} porte le seuil de {p.nom} à {entier(seuil)}, "
                f"hors de −{_valider.VALEUR_MAX} à {_valider.VALEUR_MAX}",
                forme=PROPOS,
            )
    return choix, seuil_a, seuil_d


def echange(
    attaquant: Personnage, defenseur: Personnage, tour: Tour | None = None, *, rng: random.Random | None = None
) -> Echange:
    """Un échange d'une scène majeure : attaque, défense, points d'effet, initiative.

    Source : « 3D6 › Scènes majeures › Principes généraux › Attaque, Défense ».
    Le défenseur lance avec le même modificateur (−3 de plus pour une
    contre-attaque ordinaire). Esquive : une réussite d'au moins le niveau de
    l'attaquant annule tout. Blocage : toute réussite retire son propre jet
    d'effet. Contre-attaque : une réussite d'au moins le niveau de l'attaquant
    reprend l'initiative (elle ne réduit pas les effets, voir la page).
    L'initiative change aussi si l'attaquant rate, ou si le niveau du
    défenseur dépasse le sien.

    Args:
        attaquant: celui qui a l'initiative.
        defenseur: l'autre (passif : il ne lance rien).
        tour: les choix du tour (modificateur, défense, niveaux et points en plus)
            et les dés imposés ; par défaut, modificateur 0 et blocage.
        rng: un `random.Random` pour les dés que `tour` ne donne pas.

    Examples:
        >>> philip = Personnage("Philip", seuil=12, indice="2D6")
        >>> truands = Personnage("les truands", seuil=11, indice="1D6+1D3")
        >>> e = echange(philip, truands, Tour(modificateur=-1, des_attaque=(1, 6, 3), effet_attaque=5,
        ...                                   defense=Defense.CONTRE_ATTAQUE, des_defense=(5, 6, 2)))
        >>> e.points, e.initiative_change
        (5, False)
    """
    r = en_cours()  # lue une fois : chaque règle de l'échange la reçoit
    tour, seuil_a, seuil_d = _verifier(attaquant, defenseur, tour, r)
    _valider.generateur(rng)
    if not attaquant.actif:  # un seuil hors des bornes, refusé comme le ferait son jet (`jet`)
        _valider.entier("seuil", seuil_a)
    # L'ordre des dés est celui de la table : attaque, son effet, défense, l'effet du blocage.
    ja = _jet(seuil_a, tour.des_attaque, rng)
    ea: Effet | None = None
    if ja.reussi:
        risque = (tour.niveaux, tour.bonus_points)
        ea = _effet_du_jet("effet_attaque", ja, attaquant.des_effet, risque, tour.effet_attaque, rng, r)
    jd: Jet | None = None
    if seuil_d is not None:
        jd = _jet(seuil_d, tour.des_defense, rng)
    d = _decider(ja.niveau, tour.defense if jd else None, jd.niveau if jd else None, r)
    ed: Effet | None = None
    bloque = defenseur._indice_de_defense(tour.defense, r)
    if d.bloquee and jd is not None and bloque is not None:
        plus = _bonus_du_blocage(r, tour.niveaux, tour.bonus_points)
        ed = _effet_du_jet("effet_defense", jd, bloque, plus, tour.effet_defense, rng, r)
    points = armure = 0
    if ea is not None and d.effets:
        points, armure = _points_nets(ea.points, ed.points if ed else 0, defenseur.armure)
    resolu = Echange(
        attaquant=attaquant.nom,
        defenseur=defenseur.nom,
        modificateur=tour.modificateur,
        jet_attaque=ja,
        effet_attaque=ea,
        defense=tour.defense if defenseur.actif else None,
        jet_defense=jd,
        effet_defense=ed,
        armure=armure,
        points=points,
        initiative_change=d.initiative_change,
        explication="",
    )
    # Le récit lit l'échange résolu, puis remplit son dernier champ, avant que personne ne le voie (comme le
    # __init__ d'une classe gelée) : un seul Echange construit, au lieu d'un second par `dataclasses.replace`.
    object.__setattr__(resolu, "explication", _raconter_echange(resolu, defenseur, d, r))
    return resolu


def _raconter_echange(e: Echange, defenseur: Personnage, d: Decision, r: Regles) -> str:
    """Le déroulé d'un échange résolu, en français : il ne décide rien, il lit `e`."""
    ja, ea, jd = e.jet_attaque, e.effet_attaque, e.jet_defense
    risque = signe(e.modificateur)
    morceaux = [f"{e.attaquant} attaque ({risque}, seuil {entier(ja.seuil)}) : {ja.explication}"]
    morceaux.append(ea.explication if ea else "Attaque ratée : aucun point d'effet.")
    if jd is not None and e.defense is not None:
        malus = _malus(e.defense, defenseur.talent_contre_attaque, r)
        detail = risque + (f" {signe(malus)}" if malus else "")
        morceaux.append(
            f"{majuscule(e.defenseur)} : {e.defense} ({detail}, seuil {entier(jd.seuil)}) : {jd.explication}"
        )
        if ea is not None and e.defense is Defense.ESQUIVE:
            morceaux.append(
                "Esquive d'au moins le même niveau : aucun point d'effet."
                if d.esquivee
                else "Esquive insuffisante : les points d'effet passent."
            )
        elif ea is not None and e.defense is Defense.BLOCAGE:
            ed = e.effet_defense
            morceaux.append(
                f"Blocage : {ed.explication[:-1]}, retirés : {ea.points} {MOINS} {ed.points} = {entier(ea.points - ed.points)}."
                if ed
                else "Blocage raté : les points d'effet passent."
            )
        elif ea is not None:
            morceaux.append("La contre-attaque ne réduit pas les points d'effet.")
    if e.armure:
        morceaux.append(f"Armure ({e.defenseur}) : {entier(-defenseur.armure)}, reste {entier(e.points)}.")
    if ea is not None:
        morceaux.append(f"Points d'effet nets : {entier(e.points)}.")
    if jd is not None:
        if d.raison is None:
            morceaux.append(f"{e.attaquant} garde l'initiative.")
        else:
            pourquoi = (
                f"le niveau du défenseur ({jd.niveau}) dépasse celui de l'attaquant ({ja.niveau})"
                if d.raison == "niveau du défenseur"
                else _POURQUOI[d.raison]
            )
            morceaux.append(f"L'initiative passe {a_le(e.defenseur)} ({pourquoi}).")
    return " ".join(morceaux)


_POURQUOI = {
    "attaque ratée": "l'attaquant a raté son jet",
    "contre-attaque": "contre-attaque réussie d'au moins le même niveau",
}
"""Pourquoi l'initiative passe, en toutes lettres (la troisième raison, le niveau du défenseur, cite les niveaux)."""


@dataclass(frozen=True)
class TourJoue:
    """Un tour joué par [`jouer_scene`][rules.troisd6.scenes.jouer_scene]."""

    numero: int
    echange: Echange
    avantages: Mapping[str, Avantage]
    """L'avantage de chacun après le tour."""
    initiative: str
    """Qui a l'initiative après le tour."""
    texte: str
    """La ligne du compte rendu."""


@dataclass(frozen=True)
class Scene:
    """Une scène majeure jouée tour par tour."""

    tours: tuple[TourJoue, ...]
    vainqueur: str | None
    """Qui l'emporte ; `None` si la scène n'est pas finie, ou si l'opposition passive l'emporte."""
    terminee: bool
    """Vrai si une condition de fin est atteinte."""
    fin: str
    """Comment la scène finit (ou pourquoi elle s'arrête là)."""
    avantages_max: Mapping[str, Avantage] = field(default_factory=dict)
    """Le plus haut avantage atteint par chacun (ce qu'obtient l'interrogateur qui échoue)."""

    @property
    def transcript(self) -> str:
        """Le compte rendu complet, un paragraphe par tour."""
        return "\n".join([*(t.texte for t in self.tours), self.fin])

    def __str__(self) -> str:
        return self.transcript


def _debut_de_scene(
    a: Any, b: Any, initiative: str | None, avantages: Mapping[str, Avantage] | None, objectif: Any, tours_max: Any = 1
) -> tuple[dict[str, Personnage], str, dict[str, Avantage]]:
    """Vérifie les paramètres d'une scène ; rend les camps (par nom), qui a l'initiative, les avantages de départ.

    Source : « 3D6 › Scènes majeures › Principes généraux › Initiative, Fin de la scène ».

    Ce que refusent [`jouer_scene`][rules.troisd6.scenes.jouer_scene] et
    [`chances_scene`][rules.troisd6.duel.chances_scene] : un déclencheur
    actif, deux noms différents, un objectif au-dessus d'aucun avantage, une
    initiative à un camp actif, des avantages de départ par nom.

    Examples:
        >>> ada, porte = Personnage("Ada", seuil=12, indice="2D6"), Personnage("la porte", actif=False)
        >>> _debut_de_scene(ada, porte, None, None, Avantage.DEFINITIF)[1:]
        ('Ada', {'Ada': <Avantage.AUCUN: 'aucun avantage'>, 'la porte': <Avantage.AUCUN: 'aucun avantage'>})
    """
    for nom, p in (("a", a), ("b", b)):
        if not isinstance(p, Personnage):
            raise Refus(nom, "être un Personnage", recu=p)
    if not a.actif:
        raise Refus("a", f"{a.nom} est passif, le déclencheur d'une scène doit être actif", forme=PROPOS)
    if a.nom == b.nom:
        raise Refus([("b", "nom"), ("a", "nom")], "être différents", recu_ecrit=f"deux fois {a.nom!r}")
    if not isinstance(objectif, Avantage) or objectif is Avantage.AUCUN:
        raise Refus("objectif", "être un Avantage au-dessus d'AUCUN", recu=objectif)
    _valider.entier("tours_max", tours_max, minimum=1, maximum=_valider.TOURS_MAX)
    camps = {a.nom: a, b.nom: b}
    qui = a.nom if initiative is None else initiative
    if not isinstance(qui, str) or qui not in camps:
        raise Refus("initiative", f"être {a.nom!r} ou {b.nom!r}", recu=initiative)
    if not camps[qui].actif:
        raise Refus("initiative", f"{qui} est passif, il ne peut pas avoir l'initiative", forme=PROPOS)
    etat = {a.nom: Avantage.AUCUN, b.nom: Avantage.AUCUN}
    if avantages is not None:
        if not isinstance(avantages, Mapping) or len(avantages) > 2:
            raise Refus("avantages", "être un dict {nom: Avantage} des deux camps (ou None)", recu=avantages)
        for nom, av in avantages.items():
            if not isinstance(nom, str) or nom not in camps or not isinstance(av, Avantage):
                raise Refus(
                    "avantages",
                    f"clés {a.nom!r}, {b.nom!r} et valeurs Avantage",
                    recu_ecrit=f"{_valider.recu(nom)}: {_valider.recu(av)}",
                    forme=PROPOS,
                )
            etat[nom] = av
    return camps, qui, etat


Fin = Literal["victoire", "échec"]
"""Comment finit une scène : l'attaquant atteint l'objectif, ou rate un jet face à une opposition passive."""


@dataclass(frozen=True)
class Suite:
    """Ce qu'un échange fait à la scène : l'avantage de l'attaquant, l'initiative, la fin éventuelle."""

    avantage: Avantage
    """L'avantage de l'attaquant après l'échange."""
    initiative_passe: bool
    """Vrai si le défenseur prend l'initiative pour l'échange suivant."""
    fin: Fin | None
    """`"victoire"` : l'attaquant atteint l'objectif ; `"échec"` : jet raté face à une opposition passive ;
    `None` : la scène continue."""


def apres_echange(
    avantage: Avantage,
    points: int | None,
    *,
    initiative_change: bool,
    attaque_reussie: bool,
    defenseur_actif: bool = True,
    objectif: Avantage = Avantage.DEFINITIF,
) -> Suite:
    """Ce qu'un échange résolu fait à la scène : l'avantage monte, l'initiative passe, la scène finit.

    Source : « 3D6 › Scènes majeures › Principes généraux » (Effet et
    avantages, Défense, Fin de la scène). L'avantage de l'attaquant suit
    [`progression`][rules.troisd6.avantages.progression] (`points` : les
    points d'effet nets, `None` si aucun effet ne passe) ; l'initiative passe
    au défenseur s'il la reprend et s'il est actif (une opposition passive
    ne la prend jamais) ; la scène finit quand l'attaquant atteint
    `objectif`, ou, face à une opposition passive, à son premier jet raté.
    La seule écriture de ces règles : la scène jouée
    ([`jouer_scene`][rules.troisd6.scenes.jouer_scene]) et ses chances
    exactes ([`chances_scene`][rules.troisd6.duel.chances_scene]) la suivent.

    Examples:
        >>> apres_echange(Avantage.MOYEN, 11, initiative_change=False, attaque_reussie=True)
        Suite(avantage=<Avantage.CRITIQUE: 'avantage critique'>, initiative_passe=False, fin=None)
        >>> apres_echange(Avantage.FORT, 2, initiative_change=True, attaque_reussie=True, objectif=Avantage.CRITIQUE).fin
        'victoire'
        >>> apres_echange(Avantage.LEGER, None, initiative_change=True, attaque_reussie=False, defenseur_actif=False)
        Suite(avantage=<Avantage.LEGER: 'avantage léger'>, initiative_passe=False, fin='échec')
    """
    _valider.membre("avantage", avantage, Avantage)
    if points is not None:
        _valider.entier("points", points)
    for nom, valeur in (
        ("initiative_change", initiative_change),
        ("attaque_reussie", attaque_reussie),
        ("defenseur_actif", defenseur_actif),
    ):
        _valider.booleen(nom, valeur)
    _valider.membre("objectif", objectif, Avantage)
    return _apres_echange(avantage, points, initiative_change, attaque_reussie, defenseur_actif, objectif)


@cache  # les chances d'une scène le demandent pour chaque issue de chaque échange : des milliers de fois
def _apres_echange(
    avantage: Avantage, points: int | None, change: bool, reussie: bool, actif: bool, objectif: Avantage
) -> Suite:
    nouveau = _progression(avantage, 0 if points is None else points)
    fin: Fin | None = None
    if nouveau >= objectif:
        fin = "victoire"
    elif not actif and not reussie:
        fin = "échec"
    return Suite(nouveau, change and actif, fin)


def _tours_a_jouer(tours: Sequence[Tour], rng: random.Random | None, tours_max: int) -> Iterator[Tour]:
    """Les tours imposés, puis (avec `rng`) des tours par défaut ; au plus `tours_max`."""
    for i in range(tours_max):
        if i < len(tours):
            yield tours[i]
        elif rng is not None:
            yield Tour()
        else:
            return


# --- Le récit d'une scène : les lignes du compte rendu ----------------------------


def _raconter_tour(numero: int, e: Echange, etat: Mapping[str, Avantage], camps: Mapping[str, Personnage]) -> str:
    resume = " ; ".join(f"{n} : {v}" for n, v in etat.items() if camps[n].actif)
    return f"Tour {numero} — {e.explication} Avantages : {resume}."


def _raconter_victoire(nom: str, atteint: Avantage, objectif: Avantage) -> str:
    return f"Fin : {nom} atteint {atteint} (objectif : {objectif}) et l'emporte."


def _raconter_echec(nom: str, passif: str, objectif: Avantage, au_mieux: Avantage) -> str:
    return f"Fin : jet raté face {a_le(passif)} avant {objectif} ; {nom} échoue, avec au mieux {au_mieux}."


def _raconter_suite(tours_max_atteint: bool, objectif: Avantage) -> str:
    raison = "nombre maximal de tours atteint" if tours_max_atteint else "plus de tour imposé"
    return f"La scène continue ({raison}) : personne n'a encore atteint {objectif}."


def jouer_scene(
    a: Personnage,
    b: Personnage,
    tours: Sequence[Tour] = (),
    *,
    initiative: str | None = None,
    avantages: Mapping[str, Avantage] | None = None,
    objectif: Avantage = Avantage.DEFINITIF,
    rng: random.Random | None = None,
    tours_max: int = 100,
    premier_numero: int = 1,
) -> Scene:
    """Joue une scène majeure tour par tour et en rend le compte rendu.

    Source : « 3D6 › Scènes majeures › Principes généraux » (Attaque,
    Défense, Effet et avantages, Fin de la scène). Le déclencheur `a` a
    l'initiative sauf si `initiative` nomme `b`. Chaque tour suit `tours`
    (les dés d'un exemple du texte) ; au-delà, avec `rng`, des tours par
    défaut (modificateur 0, blocage) sont tirés jusqu'à la fin ou `tours_max`.
    La scène finit quand un camp atteint `objectif` (définitif par défaut,
    critique pour un interviewé passif), ou au premier jet raté face à une
    opposition passive.

    Args:
        a: le déclencheur (actif).
        b: l'adversaire, actif ou passif.
        tours: les tours imposés.
        initiative: le nom de celui qui a l'initiative au début.
        avantages: les avantages au début (pour reprendre une scène en cours).
        objectif: l'avantage qui termine la scène.
        rng: un `random.Random` pour les dés non imposés et les tours suivants.
        tours_max: le nombre maximal de tours joués.
        premier_numero: le numéro du premier tour joué.

    Examples:
        La réparation de Philip (seuil 7, ADA 1D6+1D3) face à la panne :

        >>> philip = Personnage("Philip", seuil=7, indice="1D6+1D3")
        >>> panne = Personnage("la panne", actif=False)
        >>> s = jouer_scene(philip, panne, [Tour(des_attaque=(3, 2, 1), effet_attaque=3),
        ...                                 Tour(des_attaque=(2, 2, 2), effet_attaque=10)])
        >>> [str(t.avantages["Philip"]) for t in s.tours]
        ['avantage léger', 'avantage critique']
        >>> s.terminee, s.vainqueur
        (False, None)
    """
    camps, qui, etat = _debut_de_scene(a, b, initiative, avantages, objectif, tours_max)
    imposes = _valider.suite("tours", tours, maximum=_valider.TOURS_MAX, quoi="Tour")
    for i, t in enumerate(imposes):  # tous vérifiés avant de jouer : une scène finie tôt ne cache pas un mauvais tour
        if not isinstance(t, Tour):
            raise Refus("tours", "être un Tour", recu=t).vers(("tours", i))
    _valider.generateur(rng)
    _valider.entier("premier_numero", premier_numero, minimum=1)
    maximum = dict(etat)
    joues: list[TourJoue] = []
    for nom in (qui, *(n for n in camps if n != qui)):
        if etat[nom] >= objectif:  # reprise d'une scène déjà gagnée : rien à jouer (comme chances_scene)
            return Scene((), nom, True, _raconter_victoire(nom, etat[nom], objectif), maximum)
    for i, t in enumerate(_tours_a_jouer(imposes, rng, tours_max)):
        att = camps[qui]
        dfn = b if qui == a.nom else a
        e = echange(att, dfn, t, rng=rng)
        suite = _apres_echange(etat[att.nom], e.points, e.initiative_change, e.jet_attaque.reussi, dfn.actif, objectif)
        etat[att.nom] = suite.avantage
        maximum[att.nom] = max(maximum[att.nom], etat[att.nom])
        if suite.initiative_passe:
            qui = dfn.nom
        numero = premier_numero + i
        joues.append(TourJoue(numero, e, dict(etat), qui, _raconter_tour(numero, e, etat, camps)))
        if suite.fin == "victoire":
            fin = _raconter_victoire(att.nom, etat[att.nom], objectif)
            return Scene(tuple(joues), att.nom, True, fin, maximum)
        if suite.fin == "échec":
            fin = _raconter_echec(att.nom, dfn.nom, objectif, maximum[att.nom])
            return Scene(tuple(joues), None, True, fin, maximum)
    return Scene(tuple(joues), None, False, _raconter_suite(len(joues) >= tours_max, objectif), maximum)
