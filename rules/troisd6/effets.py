"""3D6 › Scènes majeures › Attaque : l'Indice et les points d'effet.

Une réussite inflige des points d'effet : un jet de l'**Indice** de la
caractéristique utilisée (des dés d'effet comme 1D6+1D3 ou 2D6). Une réussite
spéciale ajoute le dé doublé (Dd) ; une réussite critique fait monter l'Indice
d'autant de niveaux que le dé triplé (Dt).

L'échelle des Indices est **une seule table** :
[`ECHELLE_INDICES`][rules.troisd6.effets.ECHELLE_INDICES]. Le texte n'en donne
que trois barreaux (1D6+1D3, 2D6, 3D6) à travers ses exemples ; le reste est
une interprétation, dite sur la page.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from rules import _valider
from rules._francais import entier, s, signe
from rules.des import convoluer, lancer, loi_somme
from rules.refus import PROPOS, Refus
from rules.regles import Regles, en_cours

__all__ = ["ECHELLE_INDICES", "Effet", "Indice", "effet", "indice", "loi_effet", "loi_indice", "monter"]


_D6_MAX = 15
"""Le plus de D6 (ou de D3) d'un Indice : le haut de l'échelle, 15D6."""


@dataclass(frozen=True, order=True)
class Indice:
    """Des dés d'effet : `d6` dés à six faces plus `d3` dés à trois faces.

    Examples:
        >>> print(Indice(1, 1), Indice(3, 0))
        1D6+1D3 3D6
        >>> Indice(2, 0).minimum, Indice(2, 0).maximum
        (2, 12)
    """

    d6: int
    """Le nombre de D6."""
    d3: int = 0
    """Le nombre de D3 (un D6 dont on divise la valeur par deux, arrondi au-dessus)."""

    def __post_init__(self) -> None:
        _valider.entier("d6", self.d6, minimum=0, maximum=_D6_MAX)
        _valider.entier("d3", self.d3, minimum=0, maximum=_D6_MAX)
        if self.d6 + self.d3 == 0:
            raise Refus(("d6", "d3"), "un Indice doit avoir au moins un dé", recu_ecrit="0D6 et 0D3", forme=PROPOS)

    def __str__(self) -> str:
        morceaux = []
        if self.d6:
            morceaux.append(f"{self.d6}D6")
        if self.d3:
            morceaux.append(f"{self.d3}D3")
        return "+".join(morceaux)

    @property
    def minimum(self) -> int:
        """Le plus petit total possible."""
        return self.d6 + self.d3

    @property
    def maximum(self) -> int:
        """Le plus grand total possible."""
        return 6 * self.d6 + 3 * self.d3

    @property
    def rang(self) -> int:
        """La position de l'Indice sur l'échelle en vigueur ([`ECHELLE_INDICES`][rules.troisd6.effets.ECHELLE_INDICES]
        pour le texte)."""
        return _rang(self, en_cours())


def _rang(i: Indice, r: Regles) -> int:
    rang = _POSITIONS[r.echelle_indices].get((i.d6, i.d3))
    if rang is None:
        echelle = echelle_des_indices(r)
        barreaux = ", ".join(str(b) for b in echelle[:6])
        pas = "puis +1D6 par niveau" if r.echelle_indices == "texte" else "puis un demi-D6 par niveau"
        raise Refus("indice", f"{i} n'est pas sur l'échelle des Indices ({barreaux}, {pas})", forme=PROPOS)
    return rang


ECHELLE_INDICES: tuple[Indice, ...] = (
    Indice(0, 1),  # 1D3   (interprétation : sous le plus bas barreau cité)
    Indice(1, 0),  # 1D6   (interprétation)
    Indice(1, 1),  # 1D6+1D3 : DEX 0 des truands, INT de Joséphine, ADA de Philip
    Indice(2, 0),  # 2D6 : DEX de Philip ; 1D6+1D3 + 1 niveau (interview de Joséphine)
    *(Indice(n, 0) for n in range(3, 16)),  # 3D6 : 1D6+1D3 + 2 niveaux (réparation de Philip) ; puis +1D6
)
"""L'échelle des Indices, du plus bas au plus haut : un niveau = un barreau.

Les trois barreaux que citent les exemples du texte sont 1D6+1D3, 2D6 et 3D6
(1D6+1D3 + 1 niveau = 2D6, 1D6+1D3 + 2 niveaux = 3D6). Au-dessus de 2D6, chaque
niveau ajoute 1D6 (jusqu'à 15D6) ; sous 1D6+1D3, l'échelle retire un demi-D6
par niveau (1D6 puis 1D3). Voir la page, « Interprétation : l'échelle des Indices ».
"""

ECHELLE_REGULIERE: tuple[Indice, ...] = (
    Indice(0, 1),
    Indice(1, 0),
    *(barreau for n in range(1, 15) for barreau in (Indice(n, 1), Indice(n + 1, 0))),
)
"""L'échelle d'une variante : d'un demi-D6 par niveau (1D6+1D3, 2D6, 2D6+1D3, 3D6…), de 1D3 à 15D6.

L'autre lecture que nomme la page (« Interprétation : l'échelle des Indices ») :
régulière, mais elle donne 2D6+1D3 à la réparation de Philip, où le texte écrit 3D6."""


def echelle_des_indices(r: Regles) -> tuple[Indice, ...]:
    """L'échelle des Indices de la lecture `r` : celle du texte, ou l'échelle régulière d'une variante."""
    return ECHELLE_INDICES if r.echelle_indices == "texte" else ECHELLE_REGULIERE


_POSITIONS: dict[str, dict[tuple[int, int], int]] = {
    nom: {(barreau.d6, barreau.d3): n for n, barreau in enumerate(echelle)}
    for nom, echelle in (("texte", ECHELLE_INDICES), ("reguliere", ECHELLE_REGULIERE))
}
"""La position de chaque barreau (ses D6 et ses D3) sur chaque échelle (`Regles.echelle_indices`) : `_rang` la lit
d'un coup, sans parcourir l'échelle."""

NIVEAUX_MAX = len(ECHELLE_INDICES) - 1
"""Le plus de niveaux d'Indice qu'on ajoute ou retire (de 1D3 à 15D6 : 17 barreaux)."""

_FORME = re.compile(r"^\s*(?:(\d{1,3})\s*[dD]6(?:\s*\+\s*(\d{1,3})\s*[dD]3)?|(\d{1,3})\s*[dD]3)\s*$")
"""« aD6 », « aD6+bD3 » ou « bD3 », rien d'autre (ni « 2D6+ », ni « 1D61D3 »)."""


def indice(indice: str | Indice) -> Indice:
    """L'Indice écrit comme dans le texte (« 1D6+1D3 », « 2D6 »).

    Source : « 3D6 › Scènes majeures › Attaque » (« l'Indice de la
    caractéristique utilisée ») et les exemples de la poursuite de Nice.

    Examples:
        >>> indice("1D6+1D3")
        Indice(d6=1, d3=1)
        >>> indice("2d6") == Indice(2)
        True
        >>> indice("1D8")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: indice doit s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement), reçu '1D8'
        >>> indice("3D3")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: indice : 3D3 n'est pas sur l'échelle des Indices (1D3, 1D6, 1D6+1D3, 2D6, 3D6, 4D6, puis +1D6 par niveau)
    """
    if isinstance(indice, Indice):
        lu = indice
    else:
        m = _FORME.fullmatch(indice) if isinstance(indice, str) and len(indice) <= _valider.TEXTE_MAX else None
        if not m:
            raise Refus("indice", "s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement)", recu=indice)
        d6, d3 = int(m.group(1) or 0), int(m.group(2) or m.group(3) or 0)
        if d6 > _D6_MAX or d3 > _D6_MAX or d6 + d3 == 0:
            raise Refus(
                "indice", f"{_valider.recu(indice)} n'est pas sur l'échelle des Indices (de 1D3 à 15D6)", forme=PROPOS
            )
        lu = Indice(d6, d3)
    lu.rang  # noqa: B018 - hors de l'échelle : ValueError « indice : … n'est pas sur l'échelle »
    return lu


def _lire_indice(nom: str, valeur: Indice | str) -> Indice:
    """L'Indice reçu par le paramètre `nom` : le refus d'[`indice`][rules.troisd6.effets.indice], sous ce nom."""
    try:
        return indice(valeur)
    except Refus as refus:
        raise refus.relocaliser({"indice": (nom,)}) from None


def monter(depart: Indice | str, niveaux: int) -> Indice:
    """L'Indice `niveaux` barreaux plus haut (ou plus bas si négatif) sur l'échelle.

    Source : « 3D6 › Scènes majeures › Attaque » (« Si Critique : Points
    d'effet + dé triplé (Dt) niveau ») et les exemples de Joséphine (+1 niveau)
    et de la réparation de Philip (Dt = 2).

    Examples:
        >>> print(monter("1D6+1D3", 1), monter("1D6+1D3", 2), monter("2D6", 6))
        2D6 3D6 8D6
        >>> monter("1D3", -1)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: niveaux : 1D3 −1 niveau sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà
    """
    base = _lire_indice("depart", depart)
    _valider.entier("niveaux", niveaux)
    return _monter(base, niveaux, en_cours())


def _monter(base: Indice, niveaux: int, r: Regles) -> Indice:
    echelle = echelle_des_indices(r)
    cible = _rang(base, r) + niveaux
    if not 0 <= cible < len(echelle):
        raise Refus(
            "niveaux",
            f"{base} {signe(niveaux)} niveau{'x' if abs(niveaux) > 1 else ''} sort de l'échelle des "
            f"Indices (de {echelle[0]} à {echelle[-1]}) ; le texte ne définit rien au-delà",
            forme=PROPOS,
        )
    return echelle[cible]


@cache
def comptes_indice(d6: int, d3: int) -> tuple[dict[int, int], int]:
    """Loi du total d'un jet d'Indice en jets ordonnés, et leur nombre (6^d6 · 3^d3)."""
    return convoluer(loi_somme(d6), loi_somme(d3, faces=3)), 6**d6 * 3**d3


@cache
def _loi(d6: int, d3: int) -> dict[int, Fraction]:
    comptes, total = comptes_indice(d6, d3)
    return {somme: Fraction(n, total) for somme, n in comptes.items()}


def loi_indice(depart: Indice | str) -> dict[int, Fraction]:
    """Loi exacte du total d'un jet d'Indice (fractions exactes).

    Source : « 3D6 › Scènes majeures › Attaque » (les points d'effet d'une
    réussite simple). Calculée par le moteur de lois
    ([`rules.des.loi_somme`][rules.des.loi_somme], [`convoluer`][rules.des.convoluer]).

    Examples:
        >>> loi = loi_indice("1D6+1D3")
        >>> min(loi), max(loi), loi[5]
        (2, 9, Fraction(1, 6))
        >>> sum(loi_indice("3D6").values())
        Fraction(1, 1)
    """
    i = _lire_indice("depart", depart)
    return dict(_loi(i.d6, i.d3))


@dataclass(frozen=True)
class Effet:
    """Un jet d'effet résolu."""

    indice_de_base: Indice
    """L'Indice de la caractéristique utilisée."""
    niveaux: int
    """Les niveaux ajoutés à l'Indice (bonus de manœuvre + Dt d'une réussite critique)."""
    indice: Indice
    """L'Indice effectivement lancé."""
    des: tuple[int, ...] | None
    """Les dés d'effet (D6 puis D3), ou `None` quand le texte ne donne que le total."""
    total_des: int
    """Le total des dés d'effet."""
    dd: int
    """Le dé doublé ajouté (réussite spéciale), 0 sinon."""
    bonus_points: int
    """Les points ajoutés ou retirés (manœuvre, outil ; négatif : armure)."""
    points: int
    """Les points d'effet : total des dés + Dd + bonus."""
    explication: str
    """Le calcul, en une phrase."""

    def __str__(self) -> str:
        return self.explication


def _niveaux(n: int) -> str:
    return f"{signe(n)} niveau{'x' if abs(n) > 1 else ''}"


def effet(
    depart: Indice | str,
    *,
    dd: int | None = None,
    dt: int | None = None,
    niveaux: int = 0,
    bonus_points: int = 0,
    total: int | None = None,
    des: tuple[int, ...] | list[int] | None = None,
    rng: random.Random | None = None,
) -> Effet:
    """Le jet d'effet d'une réussite : Indice (+ Dt niveaux), + Dd, + bonus.

    Source : « 3D6 › Scènes majeures › Attaque » : « Réussite Simple : Points
    d'effet selon la caractéristique utilisée. Si Réussite Spéciale : Points
    d'effet + dé doublé (Dd). Si Critique : Points d'effet + dé triplé (Dt)
    niveau. »

    Les dés d'effet viennent de `des` (les D6 puis les D3), ou de `total` quand
    le texte ne donne que la somme (les exemples du texte), ou sont tirés avec
    `rng`.

    Args:
        depart: l'Indice de la caractéristique (« 2D6 », `Indice(1, 1)`…).
        dd: le dé doublé d'une réussite spéciale (ajouté aux points).
        dt: le dé triplé d'une réussite critique (niveaux d'Indice en plus).
        niveaux: niveaux d'Indice en plus (manœuvre, argument ; négatif : en moins).
        bonus_points: points ajoutés (négatif : retirés).
        total: le total des dés d'effet, quand le texte ne donne que lui.
        des: les dés d'effet, D6 d'abord puis D3.
        rng: un `random.Random` pour tirer les dés.

    Examples:
        Joséphine, INT 1D6+1D3, +1 niveau aux effets, fait 4 :

        >>> print(effet("1D6+1D3", niveaux=1, total=4))
        Indice 1D6+1D3 +1 niveau → 2D6 ; jet d'effet 4 : 4 points d'effet.

        Philip répare, réussite critique 2-2-2 (Dt = 2), fait 10 :

        >>> print(effet("1D6+1D3", dt=2, total=10))
        Indice 1D6+1D3 +2 niveaux (Dt = 2) → 3D6 ; jet d'effet 10 : 10 points d'effet.
        >>> print(effet("2D6", dd=4, des=(5, 1)))
        Indice 2D6 ; jet d'effet (5, 1) = 6, + Dd 4 = 10 points d'effet.
        >>> effet("2D6", total=13)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: total : un jet de 2D6 fait de 2 à 12, reçu 13
    """
    base = _entrees(depart, dd, dt, niveaux, bonus_points)
    _valider.generateur(rng)
    return _effet(base, dd, dt, niveaux, bonus_points, total, des, rng, en_cours())


def _effet(
    base: Indice,
    dd: int | None,
    dt: int | None,
    niveaux: int,
    bonus_points: int,
    total: int | None,
    des: Any,
    rng: random.Random | None,
    r: Regles,
) -> Effet:
    """La règle d'[`effet`][rules.troisd6.effets.effet] sur des entrées vérifiées, dans la lecture `r` ; le total
    ou les dés le sont ici."""
    lance, plus = _jet_d_effet(base, dd, dt, niveaux, bonus_points, r)
    if des is not None and total is not None:
        raise Refus(("des", "total"), "donnez les dés d'effet ou leur total, pas les deux", forme=PROPOS)
    valeurs: tuple[int, ...] | None
    if total is not None:
        _valider.entier("total", total)
        if not lance.minimum <= total <= lance.maximum:
            raise Refus(
                "total", f"un jet de {lance} fait de {lance.minimum} à {lance.maximum}", recu=total, forme=PROPOS
            )
        valeurs, somme = None, total
    else:
        valeurs = lancer(lance.d6, rng) + lancer(lance.d3, rng, faces=3) if des is None else _des(lance, des)
        somme = sum(valeurs)
    resolu = Effet(
        indice_de_base=base,
        niveaux=niveaux + (dt or 0),
        indice=lance,
        des=valeurs,
        total_des=somme,
        dd=dd or 0,
        bonus_points=bonus_points,
        points=somme + plus,
        explication="",
    )
    # Le récit lit l'effet résolu, puis remplit son dernier champ, avant que personne ne le voie (comme le
    # __init__ d'une classe gelée) : un seul Effet construit, au lieu d'un second par `dataclasses.replace`.
    object.__setattr__(resolu, "explication", _expliquer(resolu, dt, niveaux))
    return resolu


def _entrees(depart: Indice | str, dd: int | None, dt: int | None, niveaux: int, bonus_points: int) -> Indice:
    """Vérifie ce qui fait un jet d'effet (joué ou compté) ; rend l'Indice de départ."""
    base = _lire_indice("depart", depart)
    for nom, valeur in (("dd", dd), ("dt", dt)):
        if valeur is not None:
            _valider.entier(nom, valeur, minimum=1, maximum=6)
    if dd is not None and dt is not None:
        raise Refus(
            ("dd", "dt"),
            "un jet a un dé doublé (réussite spéciale) ou un dé triplé (critique), pas les deux",
            recu_ecrit=f"dd={dd}, dt={dt}",
            forme=PROPOS,
        )
    _valider.entier("niveaux", niveaux, minimum=-NIVEAUX_MAX, maximum=NIVEAUX_MAX)
    _valider.entier("bonus_points", bonus_points, minimum=-_valider.POINTS_MAX, maximum=_valider.POINTS_MAX)
    return base


def _jet_d_effet(
    base: Indice, dd: int | None, dt: int | None, niveaux: int, bonus_points: int, r: Regles
) -> tuple[Indice, int]:
    """Ce qu'on lance pour un effet, et ce qu'on ajoute à son total : (Indice lancé, points en plus).

    Source : « 3D6 › Scènes majeures › Attaque » : le dé triplé (Dt) d'une
    critique monte l'Indice d'autant de niveaux, avec les niveaux en plus
    (manœuvre, argument) ; le dé doublé (Dd) d'une spéciale s'ajoute aux
    points, avec les points en plus. La seule écriture de cette règle : le jet
    joué (`effet`), sa loi (`loi_effet`) et les chances d'un échange la lisent ici.

    Examples:
        >>> from rules.regles import TEXTE
        >>> _jet_d_effet(Indice(1, 1), None, 2, 0, 0, TEXTE), _jet_d_effet(Indice(2), 4, None, 1, -1, TEXTE)
        ((Indice(d6=3, d3=0), 0), (Indice(d6=3, d3=0), 3))
    """
    return _monter(base, niveaux + (dt or 0), r), (dd or 0) + bonus_points


def _expliquer(e: Effet, dt: int | None, niveaux: int) -> str:
    """Le calcul d'un effet résolu, en une phrase : il ne décide rien, il lit `e`."""
    morceaux = [f"Indice {e.indice_de_base}"]
    if e.niveaux:
        detail = []
        if dt:
            detail.append(f"Dt = {dt}")
        if niveaux and dt:
            detail.append(f"{_niveaux(niveaux)} de bonus")
        morceaux.append(f" {_niveaux(e.niveaux)}" + (f" ({', '.join(detail)})" if detail else "") + f" → {e.indice}")
    valeurs = e.des
    calcul = (
        f"jet d'effet {e.total_des}"
        if valeurs is None or len(valeurs) == 1
        else f"jet d'effet {valeurs} = {e.total_des}"
    )
    if e.dd:
        calcul += f", + Dd {e.dd}"
    if e.bonus_points:
        calcul += f", {signe(e.bonus_points)} point{s(abs(e.bonus_points))}"
    fin = f"{' =' if e.dd or e.bonus_points else ' :'} {entier(e.points)} point{s(abs(e.points))} d'effet."
    return "".join(morceaux) + " ; " + calcul + fin


def loi_effet(
    depart: Indice | str, *, dd: int | None = None, dt: int | None = None, niveaux: int = 0, bonus_points: int = 0
) -> dict[int, Fraction]:
    """Loi exacte des points d'un jet d'effet : la règle d'[`effet`][rules.troisd6.effets.effet], sur tous ses dés.

    Source : « 3D6 › Scènes majeures › Attaque » : le Dt d'une critique monte
    l'Indice, le Dd d'une spéciale s'ajoute aux points, comme pour le jet joué.

    Examples:
        Une réussite spéciale de 2D6 avec un Dd de 4 fait de 6 à 16 points ; une
        critique de 1D6+1D3 au Dt de 2 lance 3D6 :

        >>> loi = loi_effet("2D6", dd=4)
        >>> min(loi), max(loi), loi[11]
        (6, 16, Fraction(1, 6))
        >>> loi_effet("1D6+1D3", dt=2) == loi_indice("3D6")
        True
    """
    base = _entrees(depart, dd, dt, niveaux, bonus_points)
    lance, plus = _jet_d_effet(base, dd, dt, niveaux, bonus_points, en_cours())
    return {somme + plus: p for somme, p in _loi(lance.d6, lance.d3).items()}


def _des(lance: Indice, des: Any) -> tuple[int, ...]:
    nombre = lance.d6 + lance.d3
    if isinstance(des, str | bytes) or not hasattr(des, "__iter__"):
        raise Refus("des", f"être une suite de dés d'effet ({lance} : D6 puis D3)", recu=des)
    valeurs = _valider.suite("des", des, maximum=nombre, quoi=f"dé{s(nombre)} pour {lance} (D6 puis D3)")
    if len(valeurs) != nombre:
        raise Refus(
            "des",
            f"contenir {nombre} dé{s(nombre)} pour {lance} (D6 puis D3)",
            recu_ecrit=f"{len(valeurs)} : {_valider.recu(valeurs)}",
        )
    d6 = _valider.des("des", valeurs[: lance.d6], nombre=lance.d6)
    d3 = _valider.des("des", valeurs[lance.d6 :], nombre=lance.d3, faces=3)
    return d6 + d3
