"""3D6 › Principes de base : le jet de 3d6 sous un seuil et ses six niveaux.

On lance 3d6 ; un total inférieur ou égal au seuil (10 + modificateurs) réussit,
un total supérieur rate. Un double rend la réussite ou l'échec *spécial*, un
triple le rend *critique*. Le dé doublé (Dd) ou triplé (Dt) sert ensuite aux
effets.

Le seuil d'un jet de caractéristique est 10 + modificateur de la
caractéristique + difficulté ; celui d'un jet de talent, 10 + niveau du talent
+ difficulté, −3 pour une simple familiarité.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any

from rules import _valider
from rules._enum import EnumOrdonnee
from rules._francais import MOINS, entier, signe
from rules.des import Evaluateur, lancer, loi
from rules.refus import PROPOS, Refus
from rules.regles import TEXTE, en_cours

__all__ = [
    "BASE",
    "MALUS_FAMILIARITE",
    "Difficulte",
    "Jet",
    "Niveau",
    "difficulte_nommee",
    "distribution",
    "double_et_triple",
    "jet",
    "niveau",
    "probabilite_reussite",
    "seuil_caracteristique",
    "seuil_talent",
]

BASE = 10
"""La base de tout seuil : « 10 + modificateurs »."""

MALUS_FAMILIARITE = TEXTE.malus_familiarite
"""Le modificateur d'un talent que le personnage connaît seulement par « simple familiarité »."""


class Niveau(EnumOrdonnee):
    """Les six niveaux d'un jet, du plus mauvais au meilleur.

    Source : « 3D6 › Principes de base › Spéciaux et critiques › Niveaux » :
    « Réussite critique / réussite spéciale / réussite simple / échec simple /
    échec spécial / échec critique ».

    Examples:
        >>> Niveau.ECHEC_CRITIQUE < Niveau.ECHEC_SPECIAL < Niveau.ECHEC_SIMPLE
        True
        >>> Niveau.ECHEC_SIMPLE < Niveau.REUSSITE_SIMPLE < Niveau.REUSSITE_SPECIALE < Niveau.REUSSITE_CRITIQUE
        True
        >>> print(Niveau.REUSSITE_SPECIALE)
        Réussite spéciale
        >>> Niveau.REUSSITE_SIMPLE.reussi, Niveau.ECHEC_SIMPLE.reussi
        (True, False)
    """

    ECHEC_CRITIQUE = "Échec critique"
    ECHEC_SPECIAL = "Échec spécial"
    ECHEC_SIMPLE = "Échec simple"
    REUSSITE_SIMPLE = "Réussite simple"
    REUSSITE_SPECIALE = "Réussite spéciale"
    REUSSITE_CRITIQUE = "Réussite critique"

    @property
    def reussi(self) -> bool:
        """Vrai pour les trois réussites."""
        return self._position >= Niveau.REUSSITE_SIMPLE._position  # `self >= REUSSITE_SIMPLE`, sans appel de plus


class Difficulte(EnumOrdonnee):
    """L'échelle de difficulté nommée, du plus dur au plus facile.

    Source : « 3D6 › Principes de base › Caractéristiques ». Quatre paliers ont
    une valeur fixe ; « assez facile » (+1 à +3) et « assez difficile » (−1 à
    −3) demandent de choisir l'ampleur avec
    [`modificateur`][rules.troisd6.jets.Difficulte.modificateur].

    Examples:
        >>> Difficulte.TRES_FACILE.modificateur()
        5
        >>> Difficulte.ASSEZ_DIFFICILE.modificateur(2)
        -2
        >>> Difficulte.ASSEZ_DIFFICILE.bornes
        (-3, -1)
        >>> Difficulte.QUASIMENT_IMPOSSIBLE < Difficulte.NORMAL < Difficulte.EVIDENT
        True
        >>> Difficulte.ASSEZ_FACILE.modificateur()
        Traceback (most recent call last):
        ...
        rules.refus.Refus: ampleur : « assez facile » va de +1 à +3, précisez l'ampleur (1, 2 ou 3), reçu None
    """

    QUASIMENT_IMPOSSIBLE = "quasiment impossible"
    TRES_DIFFICILE = "très difficile"
    ASSEZ_DIFFICILE = "assez difficile"
    NORMAL = "normal"
    ASSEZ_FACILE = "assez facile"
    TRES_FACILE = "très facile"
    EVIDENT = "évident"

    @property
    def bornes(self) -> tuple[int, int]:
        """Le plus petit et le plus grand modificateur du palier."""
        return _BORNES[self]

    def modificateur(self, ampleur: int | None = None) -> int:
        """Le modificateur du palier ; `ampleur` (1 à 3) pour « assez facile / difficile »."""
        bas, haut = self.bornes
        if bas == haut:
            if ampleur is not None:
                raise Refus(
                    "ampleur",
                    f"« {self} » vaut toujours {signe(bas)}, n'indiquez pas d'ampleur",
                    recu=ampleur,
                    forme=PROPOS,
                )
            return bas
        cote = "+" if haut > 0 else MOINS
        if ampleur is None or isinstance(ampleur, bool) or not isinstance(ampleur, int) or not 1 <= ampleur <= 3:
            raise Refus(
                "ampleur",
                f"« {self} » va de {cote}1 à {cote}3, précisez l'ampleur (1, 2 ou 3)",
                recu=ampleur,
                forme=PROPOS,
            )
        return ampleur if haut > 0 else -ampleur


_BORNES = {
    Difficulte.QUASIMENT_IMPOSSIBLE: (-10, -10),
    Difficulte.TRES_DIFFICILE: (-5, -5),
    Difficulte.ASSEZ_DIFFICILE: (-3, -1),
    Difficulte.NORMAL: (0, 0),
    Difficulte.ASSEZ_FACILE: (1, 3),
    Difficulte.TRES_FACILE: (5, 5),
    Difficulte.EVIDENT: (10, 10),
}


def difficulte_nommee(modificateur: int) -> Difficulte | None:
    """Le palier de l'échelle qui porte ce modificateur, ou `None` s'il n'a pas de nom.

    Source : « 3D6 › Principes de base › Caractéristiques ». L'échelle saute
    −4, ±6 à ±9 et au-delà de ±10 : le texte ne les nomme pas, le code les
    accepte comme modificateurs sans nom.

    Examples:
        >>> difficulte_nommee(-2)
        <Difficulte.ASSEZ_DIFFICILE: 'assez difficile'>
        >>> difficulte_nommee(-4) is None
        True
    """
    _valider.entier("modificateur", modificateur)
    for palier, (bas, haut) in _BORNES.items():
        if bas <= modificateur <= haut:
            return palier
    return None


def _difficulte(difficulte: Any) -> int:
    if isinstance(difficulte, Difficulte):
        return difficulte.modificateur()
    try:
        return _valider.entier("difficulte", difficulte)
    except ValueError:
        raise Refus("difficulte", "être un entier ou un palier fixe de Difficulte", recu=difficulte) from None


def seuil_caracteristique(modificateur: int, difficulte: int | Difficulte = 0) -> int:
    """Le seuil d'un jet de caractéristique : 10 + modificateur + difficulté.

    Source : « 3D6 › Principes de base › Caractéristiques ».

    Args:
        modificateur: le bonus ou malus de la caractéristique (entier, ex. FOR −1).
        difficulte: le facteur de difficulté (entier, ou palier fixe de
            [`Difficulte`][rules.troisd6.jets.Difficulte]).

    Examples:
        Joséphine (FOR −1) pousse une lourde armoire (−1) : 8 ou moins.

        >>> seuil_caracteristique(-1, -1)
        8
        >>> seuil_caracteristique(0, Difficulte.TRES_FACILE)
        15
        >>> seuil_caracteristique(0, Difficulte.ASSEZ_DIFFICILE.modificateur(3))
        7
    """
    _valider.entier("modificateur", modificateur)
    return BASE + modificateur + _difficulte(difficulte)


def seuil_talent(niveau: int, difficulte: int | Difficulte = 0, *, familiarite: bool = False) -> int:
    """Le seuil d'un jet de talent : 10 + niveau du talent + difficulté (−3 si simple familiarité).

    Source : « 3D6 › Principes de base › Talent ».

    Args:
        niveau: le niveau du talent (entier ≥ 0).
        difficulte: le facteur de difficulté (entier, ou palier fixe de
            [`Difficulte`][rules.troisd6.jets.Difficulte]).
        familiarite: vrai si le personnage n'a qu'une simple familiarité (−3).

    Examples:
        Philip (Conduite Voiture 2) franchit une rue étroite, action risquée (−3) :

        >>> seuil_talent(2, -3)
        9
        >>> seuil_talent(0, familiarite=True)
        7
        >>> seuil_talent(1.5)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: niveau doit être un entier ≥ 0, reçu 1.5
    """
    _valider.entier("niveau", niveau, minimum=0)
    _valider.booleen("familiarite", familiarite)
    return BASE + niveau + _difficulte(difficulte) + (en_cours().malus_familiarite if familiarite else 0)


def double_et_triple(des: tuple[int, ...]) -> tuple[int | None, int | None]:
    """(Dd, Dt) : la valeur du dé doublé et du dé triplé de trois dés, ou `None`.

    Source : « 3D6 › Principes de base › Spéciaux et critiques › Niveaux ».
    Un triple n'est pas compté comme double : `(None, valeur)`.

    Examples:
        >>> double_et_triple((4, 2, 4)), double_et_triple((3, 3, 3)), double_et_triple((1, 2, 3))
        ((4, None), (None, 3), (None, None))
        >>> double_et_triple((7, 3, 4))
        Traceback (most recent call last):
        ...
        rules.refus.Refus: des : chaque dé doit être un entier entre 1 et 6, reçu 7
    """
    return _double_et_triple(_valider.des("des", des, nombre=3))


def _double_et_triple(des: tuple[int, ...]) -> tuple[int | None, int | None]:
    """La règle de [`double_et_triple`][rules.troisd6.jets.double_et_triple] sur trois dés déjà vérifiés."""
    a, b, c = sorted(des)
    if a == c:
        return None, a
    if a == b or b == c:
        return b, None
    return None, None


def niveau(total: int, seuil: int, dd: int | None, dt: int | None) -> Niveau:
    """Le niveau d'un jet d'après son total, son seuil et ses dés doublé ou triplé.

    Source : « 3D6 › Principes de base › Spéciaux et critiques ».

    Examples:
        >>> niveau(10, 8, 4, None)
        <Niveau.ECHEC_SPECIAL: 'Échec spécial'>
        >>> niveau(10, 8, "4", None)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: dd doit être None ou un entier entre 1 et 6, reçu '4'
    """
    _valider.entier("total", total, minimum=3, maximum=18)
    seuil = _seuil(seuil)
    for nom, valeur in (("dd", dd), ("dt", dt)):
        if valeur is not None and (isinstance(valeur, bool) or not isinstance(valeur, int) or not 1 <= valeur <= 6):
            raise Refus(nom, "être None ou un entier entre 1 et 6", recu=valeur)
    if dd is not None and dt is not None:
        raise Refus(
            ("dd", "dt"),
            "trois dés font un double ou un triple, pas les deux",
            recu_ecrit=f"dd={dd}, dt={dt}",
            forme=PROPOS,
        )
    if dt is not None and total != 3 * dt:
        raise Refus("total", f"un triple de {dt} fait {3 * dt}", recu=total, forme=PROPOS)
    if dd is not None and not (2 * dd + 1 <= total <= 2 * dd + 6 and total != 3 * dd):
        raise Refus(
            "total",
            f"un double de {dd} fait de {2 * dd + 1} à {2 * dd + 6} (sauf {3 * dd}), reçu {total}",
            forme=PROPOS,
        )
    if dd is None and dt is None and not 6 <= total <= 15:
        raise Refus("total", f"trois dés différents (sans dd ni dt) font de 6 à 15, reçu {total}", forme=PROPOS)
    return niveau_du_profil(total, seuil, dd, dt)


def niveau_du_profil(total: int, seuil: int, dd: int | None, dt: int | None) -> Niveau:
    """La règle de [`niveau`][rules.troisd6.jets.niveau], sur un profil (total, Dd, Dt) déjà cohérent."""
    if total <= seuil:
        if dt is not None:
            return Niveau.REUSSITE_CRITIQUE
        return Niveau.REUSSITE_SPECIALE if dd is not None else Niveau.REUSSITE_SIMPLE
    if dt is not None:
        return Niveau.ECHEC_CRITIQUE
    return Niveau.ECHEC_SPECIAL if dd is not None else Niveau.ECHEC_SIMPLE


@dataclass(frozen=True)
class Jet:
    """Un jet de 3d6 résolu, avec ses valeurs intermédiaires."""

    des: tuple[int, ...]
    """Les trois dés, dans l'ordre donné ou tiré."""
    total: int
    """La somme des trois dés."""
    seuil: int
    """Le seuil : le jet réussit si le total lui est inférieur ou égal."""
    niveau: Niveau
    """Le niveau de réussite ou d'échec."""
    dd: int | None
    """La valeur du dé doublé (Dd), ou `None` sans double (un triple n'est pas un double)."""
    dt: int | None
    """La valeur du dé triplé (Dt), ou `None` sans triple."""
    explication: str
    """Comment le niveau découle de la règle, en une phrase."""

    @property
    def reussi(self) -> bool:
        """Vrai pour une réussite simple, spéciale ou critique."""
        return self.niveau.reussi

    def __str__(self) -> str:
        return self.explication


def _expliquer(des: tuple[int, ...], total: int, seuil: int, dd: int | None, dt: int | None, resultat: Niveau) -> str:
    liste = ", ".join(map(str, des))
    if total <= seuil:
        comparaison = f"total {total} ≤ {entier(seuil)}"
        if seuil > 18:
            comparaison += " (seuil au-delà de 18 : toujours réussi)"
    else:
        comparaison = f"total {total} > {entier(seuil)}"
        if seuil < 3:
            comparaison += " (seuil sous 3 : toujours raté)"
    if dt is not None:
        marque = f", triple {dt} (Dt = {dt})"
    elif dd is not None:
        marque = f", double {dd} (Dd = {dd})"
    else:
        marque = ""
    return f"3d6 lancés ({liste}) ; {comparaison}{marque} → {resultat}."


def _seuil(seuil: Any) -> int:
    return _valider.entier("seuil", seuil)


def jet(seuil: int, des: tuple[int, ...] | list[int] | None = None, *, rng: random.Random | None = None) -> Jet:
    """Résout un jet de 3d6 sous un seuil.

    Source : « 3D6 › Principes de base › Spéciaux et critiques ». Un total
    inférieur ou égal au seuil réussit, un total supérieur rate ; un double
    rend le résultat spécial, un triple critique, en réussite comme en échec.

    Tout seuil entier est accepté : sous 3 le jet rate toujours, au-delà de 18
    il réussit toujours, mais un double ou un triple reste spécial ou critique.

    Args:
        seuil: le seuil (entier), par exemple
            [`seuil_caracteristique`][rules.troisd6.jets.seuil_caracteristique].
        des: les trois dés (exemples chiffrés) ; sinon `rng` les tire.
        rng: un `random.Random` (à graine fixe pour rejouer un jet) ; neuf s'il est omis.

    Returns:
        Le jet résolu, avec son explication.

    Raises:
        rules.refus.Refus: seuil non entier, pas exactement trois dés, ou dé hors de 1–6.

    Examples:
        Joséphine et l'armoire (8 ou moins) :

        >>> r = jet(8, (5, 2, 1))
        >>> r.total, r.niveau, r.reussi
        (8, <Niveau.REUSSITE_SIMPLE: 'Réussite simple'>, True)
        >>> print(jet(8, (4, 4, 2)).explication)
        3d6 lancés (4, 4, 2) ; total 10 > 8, double 4 (Dd = 4) → Échec spécial.
        >>> r = jet(9, (6, 6, 6))
        >>> r.niveau, r.dd, r.dt
        (<Niveau.ECHEC_CRITIQUE: 'Échec critique'>, None, 6)
        >>> jet(8.5, (1, 2, 3))
        Traceback (most recent call last):
        ...
        rules.refus.Refus: seuil doit être un entier, reçu 8.5
    """
    seuil = _seuil(seuil)
    _valider.generateur(rng)
    return _jet(seuil, None if des is None else _valider.des("des", des, nombre=3), rng)


def _jet(seuil: int, des: tuple[int, ...] | None, rng: random.Random | None) -> Jet:
    """La règle de [`jet`][rules.troisd6.jets.jet] sur des entrées vérifiées, sans les revérifier.

    `seuil` est un entier dans les bornes (`jet` l'a vérifié, ou l'échange qui l'a calculé) ; `des`, trois dés
    vérifiés (par `jet`, ou par le `Tour` qui les porte) ; tirés, ils le sont par construction. Leur total et
    leur double ou triple sont donc cohérents : [`niveau_du_profil`][rules.troisd6.jets.niveau_du_profil] suffit.
    """
    valeurs = lancer(3, rng) if des is None else des
    total = sum(valeurs)
    dd, dt = _double_et_triple(valeurs)
    resultat = niveau_du_profil(total, seuil, dd, dt)
    return Jet(
        des=valeurs,
        total=total,
        seuil=seuil,
        niveau=resultat,
        dd=dd,
        dt=dt,
        explication=_expliquer(valeurs, total, seuil, dd, dt, resultat),
    )


def jet_valide(nom: str, valeur: Any) -> Jet:
    """Un Jet tel que `rules.troisd6.jet` le rend : ses champs sont recalculés depuis son seuil et ses dés."""
    if not isinstance(valeur, Jet):
        raise Refus(nom, "être un Jet (le résultat de rules.troisd6.jet)", recu=valeur)
    try:
        refait = jet(valeur.seuil, valeur.des)
    except ValueError as erreur:
        raise Refus(nom, f"ce Jet n'est pas un jet valide ({erreur})", forme=PROPOS) from None
    if refait != valeur:
        raise Refus(nom, "ce Jet ne concorde pas avec ses dés (construisez-le avec rules.troisd6.jet)", forme=PROPOS)
    return valeur


def seuil_de_loi(seuil: int) -> int:
    """Le seuil ramené entre 2 et 18 : trois dés font de 3 à 18, les lois ne voient pas la différence (caches bornés)."""
    return min(max(seuil, 2), 18)


_Trois = tuple[int, int | None, int | None]
"""(total, Dd, Dt) de trois dés."""


@dataclass(frozen=True)
class ProfilDes(Evaluateur[_Trois, _Trois]):
    """Pour le moteur de lois : (total, Dd, Dt), face par face.

    `visibles` : des dés déjà connus (un jet partiellement caché), comptés avec
    ceux que le moteur fait varier.
    """

    visibles: tuple[int, ...] = ()

    def initial(self) -> _Trois:
        return (0, None, None)

    def transition(self, etat: _Trois, face: int, nombre: int) -> _Trois:
        n = nombre + self.visibles.count(face)
        if not n:
            return etat
        total, dd, dt = etat
        # Deux dés sur la même face : un double ; trois : un triple (qui n'est pas un double).
        return (total + face * n, face if n == 2 else dd, face if n == 3 else dt)


@cache
def _profils() -> dict[tuple[int, int | None, int | None], Fraction]:
    return loi(3, 3, ProfilDes())


def profils() -> dict[tuple[int, int | None, int | None], Fraction]:
    """Loi exacte de (total, Dd, Dt) pour 3d6, par le moteur de lois ([`rules.des.loi`][rules.des.loi]).

    Une copie : la modifier ne change aucun calcul suivant.

    Examples:
        >>> profils()[(3, None, 1)]
        Fraction(1, 216)
        >>> sum(profils().values())
        Fraction(1, 1)
        >>> profils().clear(); len(profils())
        46
    """
    return dict(_profils())


@cache
def comptes_3d6() -> Mapping[tuple[int, int | None, int | None], int]:
    """Les profils (total, Dd, Dt) de 3d6 en nombre de jets ordonnés sur 216 (lecture seule), pour les lois."""
    return MappingProxyType({profil: int(p * 216) for profil, p in _profils().items()})


def distribution(seuil: int) -> dict[Niveau, Fraction]:
    """Probabilités exactes de chaque niveau d'un jet sous `seuil`.

    Toutes les clés de [`Niveau`][rules.troisd6.jets.Niveau] sont présentes, du
    plus mauvais au meilleur ; les probabilités somment à 1.

    Source : « 3D6 › Principes de base › Spéciaux et critiques ».

    Examples:
        >>> d = distribution(10)
        >>> d[Niveau.REUSSITE_SIMPLE] + d[Niveau.REUSSITE_SPECIALE] + d[Niveau.REUSSITE_CRITIQUE]
        Fraction(1, 2)
        >>> d[Niveau.REUSSITE_CRITIQUE], d[Niveau.ECHEC_CRITIQUE]
        (Fraction(1, 72), Fraction(1, 72))
        >>> distribution(2)[Niveau.ECHEC_CRITIQUE]
        Fraction(1, 36)
    """
    seuil = _seuil(seuil)
    loi = dict.fromkeys(Niveau, Fraction(0))
    for (total, dd, dt), p in profils().items():
        loi[niveau(total, seuil, dd, dt)] += p
    return loi


def probabilite_reussite(seuil: int) -> Fraction:
    """Probabilité exacte qu'un jet sous `seuil` réussisse (tous niveaux de réussite).

    Source : « 3D6 › Principes de base › Caractéristiques » (« inférieur ou égal »).

    Examples:
        >>> probabilite_reussite(8), probabilite_reussite(9)
        (Fraction(7, 27), Fraction(3, 8))
    """
    return sum((p for n, p in distribution(seuil).items() if n.reussi), Fraction(0))
