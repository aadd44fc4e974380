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
from rules.refus import PROPOS, Refus

__all__ = [
    "TRAIT_PAR_DEFAUT_COURANT",
    "TRAIT_PAR_DEFAUT_TECHNIQUE",
    "Jet",
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


def _valider_modificateurs(trait: int, bonus: Any, malus: Any) -> int:
    """Bonus et malus d'un jet joué ; rend le nombre de dés lancés (au plus `RESERVE_MAX`)."""
    for nom, valeur in (("bonus", bonus), ("malus", malus)):
        _valider.plafond(nom, _valider.entier(nom, valeur, minimum=0), _valider.RESERVE_MAX, "dés")
    lances: int = trait + abs(bonus - malus)
    if lances > _valider.RESERVE_MAX:
        raise Refus(
            ("trait", "bonus", "malus"),
            f"au plus {_valider.RESERVE_MAX} dés d'un même jet",
            recu_ecrit=f"{lances} (trait {trait}, bonus {bonus}, malus {malus})",
            forme=PROPOS,
        )
    return lances


def nombre_de_des(trait: int, *, bonus: int = 0, malus: int = 0) -> int:
    """Le nombre de dés lancés : le Trait plus les dés de bonus ou de malus *nets*.

    Source : « WaRP › Jets simples › Modificateurs » : « Bonus et malus
    s'annulent mutuellement. »

    Examples:
        >>> nombre_de_des(3, bonus=1)
        4
        >>> nombre_de_des(3, malus=4)
        7
        >>> nombre_de_des(3, bonus=1, malus=4)
        6
    """
    lances = _valider_modificateurs(_valider_trait(trait), bonus, malus)
    return lances if trait else 0  # un Trait de 0 ne se lance pas (voir jet) : ses modificateurs non plus


def seuil(trait: int) -> int:
    """Le total à *dépasser* : 3 × le nombre de dés gardés, c'est-à-dire 3 × Trait.

    Source : « WaRP › Jets simples › Mécanisme de base ».

    Examples:
        >>> seuil(3)
        9
    """
    return 3 * _valider_trait(trait)


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
    trait = _valider_trait(trait)
    _valider.entier("net", net, minimum=-_valider.RESERVE_MAX, maximum=_valider.RESERVE_MAX)
    lances = _valider_modificateurs(trait, max(net, 0), max(-net, 0)) if trait else 0
    des = _valider.des("des", des, nombre=lances)
    tries = sorted(des, reverse=True)
    if net >= 0:
        return tuple(tries[:trait])
    return tuple(tries[len(tries) - trait :])


def _resultat(total: int, trait: int, critiques: int, catastrophe: bool) -> Resultat:
    if catastrophe:
        return Resultat.CATASTROPHE
    if total > 3 * trait:
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
        lance = f"{trait}d6 lancés ({liste})"
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
    s = 3 * trait
    comparaison = (
        f"total {total} > {s}" if total > s else f"total {total} ≤ {s}" + (" (égalité : échec)" if total == s else "")
    )
    if catastrophe:
        comparaison += ", tous les dés gardés sont des 1"
    elif critiques:
        comparaison += f", {_six(critiques)} (Critique)"
    return f"{lance} ; {comparaison} → {resultat}."


def jet(
    trait: int,
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
        trait: le Trait en dés (entier ≥ 0).
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
    """
    trait = _valider_trait(trait)
    n = _valider_modificateurs(trait, bonus, malus)
    _valider.generateur(rng)
    net = bonus - malus
    if trait == 0:
        n = 0
    valeurs = lancer(n, rng) if des is None else _valider.des("des", des, nombre=n)
    gardes = garder(valeurs, trait, net)
    total = sum(gardes)
    critiques = gardes.count(6)
    catastrophe = bool(gardes) and all(v == 1 for v in gardes)
    resultat = _resultat(total, trait, critiques, catastrophe)
    return Jet(
        trait=trait,
        bonus=bonus,
        malus=malus,
        des=valeurs,
        gardes=gardes,
        total=total,
        seuil=3 * trait,
        critiques=critiques,
        catastrophe=catastrophe,
        resultat=resultat,
        explication=_expliquer(trait, bonus, malus, valeurs, gardes, total, critiques, catastrophe, resultat),
    )


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

    def initial(self) -> tuple[int, int]:
        return (0, 0)

    def transition(self, etat: tuple[int, int], face: int, nombre: int) -> tuple[int, int]:
        return _ajouter(etat, face, nombre)

    def final(self, etat: tuple[int, int]) -> Resultat:
        total, six = etat
        return _resultat(total, self.trait, six, self.trait > 0 and total == self.trait)


def reserve_du_jet(trait: int, net: int) -> tuple[int, bool]:
    """Le nombre de dés lancés et le sens de la garde (les meilleurs ?)."""
    return (trait + abs(net) if trait else 0), net >= 0


@cache
def comptes_profils(trait: int, net: int) -> dict[tuple[int, int, bool], int]:
    """Loi du profil en jets ordonnés (sur 6 ** nombre de dés), sans bornes : pour le moteur et les règles."""
    n, meilleurs = reserve_du_jet(trait, net)
    return comptes(n, trait, _Profil(trait), meilleurs=meilleurs)


@cache
def comptes_resultats(trait: int, net: int) -> tuple[tuple[int, ...], int]:
    """Les cinq résultats, du pire au meilleur, en jets ordonnés, et le nombre de dés lancés (sans bornes)."""
    n, meilleurs = reserve_du_jet(trait, net)
    loi_ = comptes(n, trait, _Resultat(trait), meilleurs=meilleurs)
    return tuple(loi_.get(r, 0) for r in Resultat), n


@cache
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


def distribution(trait: int, *, bonus: int = 0, malus: int = 0) -> dict[Resultat, Fraction]:
    """Probabilités exactes de chaque résultat d'un jet simple.

    Source : « WaRP › Jets simples ».

    Toutes les clés de [`Resultat`][rules.warp.jets.Resultat] sont présentes,
    du pire au meilleur ; les probabilités somment à 1. Calculées par le moteur
    de lois ([`rules.des`][rules.des]), pour un Trait jusqu'à 12d et au plus
    12 dés de modificateur nets (au-delà : `ValueError`).

    Examples:
        >>> d = distribution(3)
        >>> d[Resultat.REUSSITE] + d[Resultat.MAGISTRALE]
        Fraction(5, 8)
        >>> d[Resultat.CATASTROPHE]
        Fraction(1, 216)
        >>> distribution(13)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: trait doit être ≤ 12 pour calculer des chances exactes, reçu 13
    """
    trait = _valider_trait(trait)
    _valider.trait_de_loi("trait", trait)
    net = _valider.modificateur_net(bonus, malus)
    return dict(zip(Resultat, _loi(trait, net), strict=True))
