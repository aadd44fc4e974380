"""WaRP › Jets simples : le mécanisme de base, les modificateurs, les critiques.

Un Trait se mesure en dés (d6). On lance les dés du Trait et les dés de bonus
ou de malus, on garde autant de dés que le Trait (les meilleurs avec du bonus,
les pires avec du malus), et le jet réussit si leur total *dépasse* 3 × Trait :
l'égalité est un échec.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from rules import _valider
from rules._enum import EnumOrdonnee
from rules.des import Evaluateur, comptes, lancer
from rules.refus import PROPOS, Refus, ecrire_recu
from rules.regles import Regles, en_cours

__all__ = [
    "TRAIT_PAR_DEFAUT_COURANT",
    "TRAIT_PAR_DEFAUT_TECHNIQUE",
    "Jet",
    "Reserve",
    "Resultat",
    "TraitSansDes",
    "distribution",
    "garder",
    "jet",
    "nombre_de_des",
    "seuil",
    "trait_par_defaut",
]


class Resultat(EnumOrdonnee):
    """Le résultat d'un Test WaRP, du pire au meilleur.

    Source : « WaRP › Jets simples › Critiques et Catastrophes ».

    Examples:
        >>> Resultat.CATASTROPHE < Resultat.ECHEC < Resultat.COMPENSATION
        True
        >>> Resultat.COMPENSATION < Resultat.REUSSITE < Resultat.MAGISTRALE
        True
        >>> print(Resultat.MAGISTRALE)
        Magistrale
        >>> Resultat.REUSSITE.reussi, Resultat.COMPENSATION.reussi
        (True, False)
    """

    CATASTROPHE = "Catastrophe"
    ECHEC = "Échec"
    COMPENSATION = "Compensation"
    REUSSITE = "Réussite"
    MAGISTRALE = "Magistrale"

    @property
    def reussi(self) -> bool:
        """Vrai pour une Réussite ou une Magistrale."""
        return self >= Resultat.REUSSITE


TRAIT_PAR_DEFAUT_COURANT = 2
"""Trait par défaut d'une action « à portée de tout le monde » (une escalade) : 2d."""

TRAIT_PAR_DEFAUT_TECHNIQUE = 0
"""Trait par défaut d'un « truc extrêmement technique » (piloter une navette) : rien, 0d."""


def trait_par_defaut(*, technique: bool = False) -> int:
    """Le Trait accordé quand aucun Trait du personnage ne s'applique.

    Source : « WaRP › Jets simples › Trait par défaut ». Un Trait de 0d ne garde
    aucun dé : le jet est un échec automatique (voir [`jet`][rules.warp.jets.jet]).

    Examples:
        >>> trait_par_defaut()
        2
        >>> trait_par_defaut(technique=True)
        0
        >>> trait_par_defaut(technique="non")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: technique doit être True ou False, reçu 'non'
    """
    _valider.booleen("technique", technique)
    return TRAIT_PAR_DEFAUT_TECHNIQUE if technique else TRAIT_PAR_DEFAUT_COURANT


@dataclass(frozen=True)
class TraitSansDes:
    """Un Trait qui ne se mesure pas en dés : il ne se lance pas.

    Source : « WaRP › Traits sans dés » : « on se réfère à la description qu'en
    a fait le joueur ». [`jet`][rules.warp.jets.jet] refuse de le lancer.

    Examples:
        >>> jet(TraitSansDes("Charme ravageur"))
        Traceback (most recent call last):
        ...
        rules.refus.Refus: trait : « Charme ravageur » est un Trait sans dés, il ne se lance pas ; la règle le résout d'après la description qu'en a faite le joueur (WaRP › Traits sans dés)
    """

    description: str
    """La description qu'en a faite le joueur."""

    def __post_init__(self) -> None:
        _valider.texte("description", self.description)


def _valider_trait(trait: Any) -> int:
    if isinstance(trait, TraitSansDes):
        raise Refus(
            "trait",
            f"« {trait.description} » est un Trait sans dés, il ne se lance pas ; "
            "la règle le résout d'après la description qu'en a faite le joueur "
            "(WaRP › Traits sans dés)",
            forme=PROPOS,
        )
    return _valider.plafond("trait", _valider.entier("trait", trait, minimum=0), _valider.RESERVE_MAX, "dés")


def _valider_modificateur(nom: str, valeur: Any) -> int:
    """Des dés de bonus ou de malus : un entier ≥ 0 (0, le défaut d'une réserve, n'a rien à vérifier)."""
    if type(valeur) is int and valeur == 0:
        return 0
    return _valider.entier(nom, valeur, minimum=0)


def _borner(trait: int, bonus: int, malus: int) -> int:
    """Les bornes d'un jet joué (entiers déjà vérifiés) ; rend le nombre de dés lancés, au plus `RESERVE_MAX`."""
    for nom, valeur in (("bonus", bonus), ("malus", malus)):
        _valider.plafond(nom, valeur, _valider.RESERVE_MAX, "dés")
    lances = trait + abs(bonus - malus)
    if lances > _valider.RESERVE_MAX:
        raise Refus(
            ("trait", "bonus", "malus"),
            f"au plus {_valider.RESERVE_MAX} dés d'un même jet",
            recu_ecrit=f"{lances} (trait {trait}, bonus {bonus}, malus {malus})",
            forme=PROPOS,
        )
    return lances


@dataclass(frozen=True)
class Reserve:
    """Un Trait avec ses dés de bonus et de malus : ce qu'on lance, vérifié une fois, quand on le construit.

    Source : « WaRP › Jets simples › Modificateurs » : « Bonus et malus
    s'annulent mutuellement. » On lance le Trait plus les dés nets, et l'on
    garde autant de dés que le Trait : les meilleurs avec du bonus, les pires
    avec du malus. Une fonction qui reçoit une `Reserve` (par exemple
    [`jet`][rules.warp.jets.jet]) ne la vérifie pas de nouveau.

    Examples:
        >>> r = Reserve(3, bonus=1, malus=4)
        >>> r.net, r.lances, r.seuil
        (-3, 6, 9)
        >>> r.garder((6, 5, 4, 3, 2, 1))
        (3, 2, 1)
        >>> Reserve(3, malus=-1)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: malus doit être un entier ≥ 0, reçu -1
    """

    trait: int
    """Le Trait, en dés : autant de dés gardés."""
    bonus: int = 0
    """Les dés de bonus accordés."""
    malus: int = 0
    """Les dés de malus imposés."""

    def __post_init__(self) -> None:
        _valider_trait(self.trait)
        _borner(self.trait, _valider_modificateur("bonus", self.bonus), _valider_modificateur("malus", self.malus))

    @property
    def net(self) -> int:
        """Les dés de modificateur nets : positif pour du bonus, négatif pour du malus."""
        return self.bonus - self.malus

    @property
    def lances(self) -> int:
        """Le nombre de dés lancés : le Trait plus les dés nets (aucun pour un Trait de 0d, qui ne se lance pas)."""
        return self.trait + abs(self.net) if self.trait else 0

    @property
    def seuil(self) -> int:
        """Le total à *dépasser* : 3 × Trait (dans la lecture en vigueur, [`seuil`][rules.warp.jets.seuil])."""
        return _seuil(self.trait, self.net, en_cours())

    def avec(self, *, bonus: int = 0, malus: int = 0) -> Reserve:
        """La même réserve avec des dés de bonus ou de malus de plus (l'aide des Bêtas, un dé d'expérience…).

        Le Trait, déjà vérifié, ne l'est pas de nouveau : seuls les dés ajoutés et les bornes du jet.

        Examples:
            >>> Reserve(3, bonus=1).avec(malus=2)
            Reserve(trait=3, bonus=1, malus=2)
        """
        plus = self.bonus + _valider_modificateur("bonus", bonus)
        moins = self.malus + _valider_modificateur("malus", malus)
        _borner(self.trait, plus, moins)
        nouvelle = object.__new__(Reserve)
        for champ, valeur in (("trait", self.trait), ("bonus", plus), ("malus", moins)):
            object.__setattr__(nouvelle, champ, valeur)
        return nouvelle

    def garder(self, des: tuple[int, ...] | list[int]) -> tuple[int, ...]:
        """Les dés gardés parmi `des` (autant que `lances`), du plus fort au plus faible.

        Examples:
            >>> Reserve(2, bonus=1).garder([1, 6, 4])
            (6, 4)
        """
        return _garder(_valider.des("des", des, nombre=self.lances), self.trait, self.net)


def _garder(des: tuple[int, ...], trait: int, net: int) -> tuple[int, ...]:
    """Les dés gardés (dés déjà vérifiés) : les `trait` meilleurs si `net` ≥ 0, les pires sinon."""
    tries = sorted(des, reverse=True)
    if net >= 0:
        return tuple(tries[:trait])
    return tuple(tries[len(tries) - trait :])


def nombre_de_des(trait: int, *, bonus: int = 0, malus: int = 0) -> int:
    """Le nombre de dés lancés : le Trait plus les dés de bonus ou de malus *nets*.

    Source : « WaRP › Jets simples › Modificateurs » : « Bonus et malus
    s'annulent mutuellement. » Voir aussi [`Reserve`][rules.warp.jets.Reserve].

    Examples:
        >>> nombre_de_des(3, bonus=1)
        4
        >>> nombre_de_des(3, malus=4)
        7
        >>> nombre_de_des(3, bonus=1, malus=4)
        6
    """
    return Reserve(trait, bonus, malus).lances  # un Trait de 0 ne se lance pas (voir jet) : ses modificateurs non plus


def seuil(trait: int, net: int = 0) -> int:
    """Le total à *dépasser* : 3 × le nombre de dés gardés, c'est-à-dire 3 × Trait.

    Source : « WaRP › Jets simples › Mécanisme de base ». Dans une autre lecture
    ([`Regles`][rules.regles.Regles]), 3 × les dés lancés (`net` : les dés de
    modificateur nets), ou une autre valeur par dé (règle maison).

    Examples:
        >>> seuil(3), seuil(3, net=1)
        (9, 9)
        >>> from rules.regles import Regles, sous
        >>> with sous(Regles(seuil_sur_les_des_lances=True)):
        ...     seuil(3, net=1)
        12
    """
    trait = _valider_trait(trait)
    _valider.entier("net", net, minimum=-_valider.RESERVE_MAX, maximum=_valider.RESERVE_MAX)
    return _seuil(trait, net, en_cours())


def _seuil(trait: int, net: int, r: Regles) -> int:
    """La règle du total à dépasser, dans la lecture `r` : la seule écriture, que le jet et ses chances lisent."""
    des = trait + abs(net) if r.seuil_sur_les_des_lances and trait else trait
    return r.seuil_par_de * des


def garder(des: tuple[int, ...], trait: int, net: int) -> tuple[int, ...]:
    """Les dés gardés : les `trait` meilleurs si `net` > 0, les pires si `net` < 0.

    Source : « WaRP › Jets simples › Modificateurs ».

    Le résultat est trié du plus fort au plus faible.

    Examples:
        >>> garder((2, 6, 4, 1), 3, +1)
        (6, 4, 2)
        >>> garder((2, 6, 4, 1), 3, -1)
        (4, 2, 1)
        >>> garder((9, 8, 7, 0), 3, 1)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: des : chaque dé doit être un entier entre 1 et 6, reçu 9
    """
    base = Reserve(trait)
    _valider.entier("net", net, minimum=-_valider.RESERVE_MAX, maximum=_valider.RESERVE_MAX)
    return base.avec(bonus=max(net, 0), malus=max(-net, 0)).garder(des)


def _resultat(total: int, seuil: int, critiques: int, catastrophe: bool) -> Resultat:
    if catastrophe:
        return Resultat.CATASTROPHE
    if total > seuil:
        return Resultat.MAGISTRALE if critiques else Resultat.REUSSITE
    return Resultat.COMPENSATION if critiques else Resultat.ECHEC


def _six(n: int) -> str:
    return "un 6 gardé" if n == 1 else f"{n} × 6 gardés"


@dataclass(frozen=True)
class Jet:
    """Un jet simple résolu, avec toutes ses valeurs intermédiaires."""

    trait: int
    """Le Trait, en dés : autant de dés gardés."""
    bonus: int
    """Les dés de bonus accordés."""
    malus: int
    """Les dés de malus imposés."""
    des: tuple[int, ...]
    """Tous les dés lancés, dans l'ordre donné ou tiré."""
    gardes: tuple[int, ...]
    """Les dés gardés, du plus fort au plus faible."""
    total: int
    """La somme des dés gardés."""
    seuil: int
    """Le total à dépasser (3 × Trait) ; l'égalité est un échec."""
    critiques: int
    """Le nombre de 6 parmi les dés gardés."""
    catastrophe: bool
    """Vrai si tous les dés gardés sont des 1 (et qu'il y en a au moins un)."""
    resultat: Resultat
    """Le résultat du Test."""
    explication: str
    """Comment le résultat découle de la règle, en une phrase."""

    @property
    def net(self) -> int:
        """Les dés de modificateur nets : positif pour du bonus, négatif pour du malus."""
        return self.bonus - self.malus

    @property
    def reussi(self) -> bool:
        """Vrai pour une Réussite ou une Magistrale."""
        return self.resultat.reussi

    def __str__(self) -> str:
        return self.explication


def _expliquer(
    trait: int,
    bonus: int,
    malus: int,
    des: tuple[int, ...],
    gardes: tuple[int, ...],
    total: int,
    critiques: int,
    catastrophe: bool,
    resultat: Resultat,
    s: int,
) -> str:
    if trait == 0:
        return (
            "Trait à 0d : aucun dé n'est gardé, le total 0 ne dépasse pas le seuil 0 "
            "→ Échec automatique (ni Critique ni Catastrophe)."
        )
    net = bonus - malus
    liste = ", ".join(map(str, des))
    gardes_txt = ", ".join(map(str, gardes))
    if net == 0:
        lance = f"{trait}d6 lancé{'s' if trait > 1 else ''} ({liste})"
        if bonus:
            lance = f"{trait}d, {bonus}d de bonus et {malus}d de malus s'annulent : " + lance
    else:
        sorte = "bonus" if net > 0 else "malus"
        quels = ("meilleur" if net > 0 else "pire") + ("s" if trait > 1 else "")
        modif = f"{abs(net)}d de {sorte}"
        if bonus and malus:
            modif = f"{bonus}d de bonus et {malus}d de malus, soit {modif} net" + ("s" if abs(net) > 1 else "")
        lance = f"{trait}d + {modif} : {len(des)}d6 lancés ({liste}), " + (
            f"le {quels} gardé ({gardes_txt})" if trait == 1 else f"les {trait} {quels} gardés ({gardes_txt})"
        )
    ecrit = f"total {total}" if trait > 1 else str(total)  # un seul dé gardé : sa valeur, pas un « total »
    comparaison = f"{ecrit} > {s}" if total > s else f"{ecrit} ≤ {s}" + (" (égalité : échec)" if total == s else "")
    if catastrophe:
        comparaison += ", tous les dés gardés sont des 1" if trait > 1 else ", le dé gardé est un 1"
    elif critiques:
        comparaison += f", {_six(critiques)} (Critique)"
    return f"{lance} ; {comparaison} → {resultat}."


def jet(
    trait: int | Reserve,
    *,
    bonus: int = 0,
    malus: int = 0,
    des: tuple[int, ...] | list[int] | None = None,
    rng: random.Random | None = None,
) -> Jet:
    """Résout un jet simple de WaRP.

    Source : « WaRP › Jets simples » (Mécanisme de base, Modificateurs, Critiques
    et Catastrophes). On lance `trait + |bonus − malus|` d6, on garde les `trait`
    meilleurs (bonus net) ou pires (malus net) ; le jet réussit si leur total
    dépasse 3 × `trait` (l'égalité échoue). Un 6 gardé est un Critique
    (Magistrale si le jet réussit, Compensation s'il échoue) ; si tous les dés
    gardés sont des 1, c'est une Catastrophe.

    Un Trait de 0d (le défaut d'une action extrêmement technique) ne garde aucun
    dé : aucun dé n'est lancé (`des` doit être vide) et le jet est un Échec.

    Args:
        trait: le Trait en dés (entier ≥ 0), ou une [`Reserve`][rules.warp.jets.Reserve] déjà
            construite (Trait, bonus et malus ; `bonus` et `malus` restent alors à 0).
        bonus: dés de bonus (entier ≥ 0).
        malus: dés de malus (entier ≥ 0) ; bonus et malus s'annulent.
        des: les valeurs des dés (exemples chiffrés) ; sinon `rng` les tire.
        rng: un `random.Random` (à graine fixe pour rejouer un jet) ; neuf s'il est omis.

    Returns:
        Le jet résolu, avec son explication.

    Raises:
        rules.refus.Refus: Trait, bonus ou malus invalides, Trait sans dés, mauvais
            nombre de dés ou valeur hors de 1–6.

    Examples:
        Le *bourrin* vise (1d de bonus) : 4d6, il garde les 3 meilleurs.

        >>> r = jet(3, bonus=1, des=(6, 2, 5, 1))
        >>> r.gardes, r.total, r.seuil, r.resultat
        ((6, 5, 2), 13, 9, <Resultat.MAGISTRALE: 'Magistrale'>)
        >>> print(r.explication)
        3d + 1d de bonus : 4d6 lancés (6, 2, 5, 1), les 3 meilleurs gardés (6, 5, 2) ; total 13 > 9, un 6 gardé (Critique) → Magistrale.

        L'égalité est un échec :

        >>> jet(3, des=(4, 3, 2)).resultat
        <Resultat.ECHEC: 'Échec'>

        À 1d, un seul dé gardé : l'explication dit sa valeur (pas un « total ») et l'accord suit.

        >>> print(jet(1, des=(4,)).explication)
        1d6 lancé (4) ; 4 > 3 → Réussite.
        >>> print(jet(1, malus=1, des=(1, 2)).explication)
        1d + 1d de malus : 2d6 lancés (1, 2), le pire gardé (1) ; 1 ≤ 3, le dé gardé est un 1 → Catastrophe.

        Une réserve déjà construite se lance telle quelle :

        >>> jet(Reserve(3, bonus=1), des=(6, 2, 5, 1)) == r
        True
    """
    reserve = _reserve(trait, bonus, malus)
    _valider.generateur(rng)
    valeurs = lancer(reserve.lances, rng) if des is None else _valider.des("des", des, nombre=reserve.lances)
    return _lancer(reserve, valeurs)


def _reserve(trait: Any, bonus: Any, malus: Any) -> Reserve:
    """La réserve d'un jet : celle qu'on reçoit (sans modificateurs en plus), ou celle du Trait et de ses dés."""
    if not isinstance(trait, Reserve):
        return Reserve(trait, bonus, malus)
    if not (type(bonus) is int and bonus == 0 and type(malus) is int and malus == 0):
        raise Refus(
            ("bonus", "malus"),
            "sont déjà dans la Reserve reçue : écrivez Reserve(trait, bonus=…, malus=…) ou reserve.avec(…)",
            recu_ecrit=f"bonus {ecrire_recu(bonus)}, malus {ecrire_recu(malus)}",
            forme=PROPOS,
        )
    return trait


_DE_LA_REGLE = "_rendu_par_la_regle"
"""La marque d'un `Jet` rendu par la règle : une fonction qui le reçoit le croit sans le refaire."""


def _lancer(reserve: Reserve, valeurs: tuple[int, ...]) -> Jet:
    """Le jet d'une réserve (déjà vérifiée) avec ces dés (déjà vérifiés) : la règle, une fois."""
    trait = reserve.trait
    gardes = _garder(valeurs, trait, reserve.net)
    total = sum(gardes)
    critiques = gardes.count(6)
    catastrophe = bool(gardes) and all(v == 1 for v in gardes)
    resultat = _resultat(total, reserve.seuil, critiques, catastrophe)
    resolu = Jet(
        trait=trait,
        bonus=reserve.bonus,
        malus=reserve.malus,
        des=valeurs,
        gardes=gardes,
        total=total,
        seuil=reserve.seuil,
        critiques=critiques,
        catastrophe=catastrophe,
        resultat=resultat,
        explication=_expliquer(
            trait, reserve.bonus, reserve.malus, valeurs, gardes, total, critiques, catastrophe, resultat, reserve.seuil
        ),
    )
    object.__setattr__(resolu, _DE_LA_REGLE, True)
    return resolu


def verifier_jet(nom: str, valeur: object) -> Jet:
    """Un Jet tel que [`jet`][rules.warp.jets.jet] le rend, reçu par une autre règle sous le nom `nom`.

    Un Jet rendu par `jet` (ou sa copie) est cru tel quel ; un Jet construit à la main (ou
    modifié par `dataclasses.replace`) est refait une fois depuis ses dés, et refusé s'il en diffère.

    Examples:
        >>> import dataclasses
        >>> j = jet(2, des=(6, 5))
        >>> verifier_jet("premier", j) is j
        True
        >>> verifier_jet("premier", dataclasses.replace(j, critiques=0))
        Traceback (most recent call last):
        ...
        rules.refus.Refus: premier : ce Jet ne concorde pas avec ses dés (construisez-le avec rules.warp.jet)
    """
    if not isinstance(valeur, Jet):
        raise Refus(nom, "être un Jet (le résultat de rules.warp.jet)", recu=valeur)
    if vars(valeur).get(_DE_LA_REGLE) is True:
        return valeur
    try:
        refait = jet(valeur.trait, bonus=valeur.bonus, malus=valeur.malus, des=valeur.des)
    except ValueError as erreur:
        raise Refus(nom, f"ce Jet n'est pas un jet valide ({erreur})", forme=PROPOS) from None
    if refait != valeur:
        raise Refus(nom, "ce Jet ne concorde pas avec ses dés (construisez-le avec rules.warp.jet)", forme=PROPOS)
    return valeur


def _ajouter(etat: tuple[int, int], face: int, nombre: int) -> tuple[int, int]:
    """(total, nombre de 6) des dés gardés, quand `nombre` dés gardés de plus montrent `face`."""
    if not nombre:
        return etat
    total, six = etat
    return (total + face * nombre, six + nombre if face == 6 else six)


@dataclass(frozen=True)
class _Profil(Evaluateur[tuple[int, int], tuple[int, int, bool]]):
    """Pour le moteur de lois : le profil des dés gardés, (total, nombre de 6, Catastrophe)."""

    trait: int

    def initial(self) -> tuple[int, int]:
        return (0, 0)

    def transition(self, etat: tuple[int, int], face: int, nombre: int) -> tuple[int, int]:
        return _ajouter(etat, face, nombre)

    def final(self, etat: tuple[int, int]) -> tuple[int, int, bool]:
        total, six = etat
        # Tous les dés gardés sont des 1 exactement quand leur total vaut le Trait.
        return (total, six, self.trait > 0 and total == self.trait)


@dataclass(frozen=True)
class _Resultat(Evaluateur[tuple[int, int], Resultat]):
    """Pour le moteur de lois : le résultat du jet, directement (cinq issues seulement)."""

    trait: int
    seuil: int

    def initial(self) -> tuple[int, int]:
        return (0, 0)

    def transition(self, etat: tuple[int, int], face: int, nombre: int) -> tuple[int, int]:
        return _ajouter(etat, face, nombre)

    def final(self, etat: tuple[int, int]) -> Resultat:
        total, six = etat
        return _resultat(total, self.seuil, six, self.trait > 0 and total == self.trait)


def reserve_du_jet(trait: int, net: int) -> tuple[int, bool]:
    """Le nombre de dés lancés et le sens de la garde (les meilleurs ?)."""
    return (trait + abs(net) if trait else 0), net >= 0


@cache
def comptes_profils(trait: int, net: int) -> dict[tuple[int, int, bool], int]:
    """Loi du profil en jets ordonnés (sur 6 ** nombre de dés), sans bornes : pour le moteur et les règles."""
    n, meilleurs = reserve_du_jet(trait, net)
    return comptes(n, trait, _Profil(trait), meilleurs=meilleurs)


def comptes_resultats(trait: int, net: int) -> tuple[tuple[int, ...], int]:
    """Les cinq résultats, du pire au meilleur, en jets ordonnés, et le nombre de dés lancés (sans bornes), dans la
    lecture des règles en vigueur."""
    return _comptes_resultats(trait, net, _seuil(trait, net, en_cours()))


@cache
def _comptes_resultats(trait: int, net: int, seuil: int) -> tuple[tuple[int, ...], int]:
    n, meilleurs = reserve_du_jet(trait, net)
    loi_ = comptes(n, trait, _Resultat(trait, seuil), meilleurs=meilleurs)
    return tuple(loi_.get(r, 0) for r in Resultat), n


def _loi(trait: int, net: int) -> tuple[Fraction, ...]:
    """Les probabilités des cinq résultats, du pire au meilleur, sans bornes (l'aide d'un Test coopératif les dépasse)."""
    resultats, n = comptes_resultats(trait, net)
    return tuple(Fraction(c, 6**n) for c in resultats)


def profils(trait: int, net: int) -> dict[tuple[int, int, bool], Fraction]:
    """Loi exacte du *profil* des dés gardés : (total, nombre de 6, Catastrophe).

    Sert aux jets simples comme aux jets opposés ; calculée par le moteur de lois
    ([`rules.des.comptes`][rules.des.comptes]), sans énumérer les jets.

    Examples:
        >>> profils(1, 0)[(6, 1, False)]
        Fraction(1, 6)
    """
    _valider.trait_de_loi("trait", trait)
    _valider.entier("net", net, minimum=-_valider.MODIFICATEUR_MAX, maximum=_valider.MODIFICATEUR_MAX)
    n, _ = reserve_du_jet(trait, net)
    return {profil: Fraction(c, 6**n) for profil, c in comptes_profils(trait, net).items()}


def distribution(trait: int | Reserve, *, bonus: int = 0, malus: int = 0) -> dict[Resultat, Fraction]:
    """Probabilités exactes de chaque résultat d'un jet simple.

    Source : « WaRP › Jets simples ».

    Toutes les clés de [`Resultat`][rules.warp.jets.Resultat] sont présentes,
    du pire au meilleur ; les probabilités somment à 1. Calculées par le moteur
    de lois ([`rules.des`][rules.des]), pour un Trait jusqu'à 12d et au plus
    12 dés de modificateur nets (au-delà : `Refus`). `trait` peut être une
    [`Reserve`][rules.warp.jets.Reserve] (avec ses bonus et malus).

    Examples:
        >>> d = distribution(3)
        >>> d[Resultat.REUSSITE] + d[Resultat.MAGISTRALE]
        Fraction(5, 8)
        >>> d[Resultat.CATASTROPHE]
        Fraction(1, 216)
        >>> distribution(Reserve(3, bonus=1)) == distribution(3, bonus=1)
        True
        >>> distribution(13)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: trait doit être ≤ 12 pour calculer des chances exactes, reçu 13
    """
    if isinstance(trait, Reserve):
        reserve = _reserve(trait, bonus, malus)
        trait, bonus, malus = reserve.trait, reserve.bonus, reserve.malus
    else:
        trait = _valider_trait(trait)
    _valider.au_plus("trait", trait, _valider.TRAIT_MAX)
    net = _valider.modificateur_net(bonus, malus)
    return dict(zip(Resultat, _loi(trait, net), strict=True))
