"""Une chance écrite, relue : les formes que permet la règle du site, et ce que chacune veut dire.

La règle (`rules.affichage.chance`) : en pour cent au dixième, arrondie depuis la
fraction exacte (une moitié vers le haut) ; « 0 % » et « 100 % » pour l'impossible
et le certain seulement ; « > 99,9 % » pour une chance presque certaine ; sous 5 %,
« 1 sur N » dans une case, « 1 chance sur N » ou « 1 fois sur N » dans une phrase
(« ≈ », « environ » quand 1/p n'est pas entier). Ce module est écrit sans
`rules.affichage` : il relit, il n'écrit pas.

- [`ECRITE`][] trouve, dans un texte, tout ce qui ressemble à une chance écrite
  (« 3,55 % », « < 0,1 % », « 63 % », « 1 chance sur 6 » compris) ;
- [`faute`][] dit pourquoi une écriture n'est pas une forme de la règle (ou None) ;
- [`intervalle`][] rend l'ensemble des probabilités qu'une écriture permise
  représente. Pour une seule règle, deux écritures différentes n'ont jamais de
  probabilité en commun : deux qui en partagent viennent de deux façons d'écrire.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["ECRITE", "Intervalle", "faute", "intervalle", "normale"]

_N = r"\d+(?:[\u202f\u00a0 ]\d{3})*"
ECRITE = re.compile(
    r"(?:(?<![\w,])[<>≈]\s?)?(?<![\w,])\d+(?:,\d+)?\s?%"  # un pourcentage, quel qu'il soit
    rf"|(?:≈\s?|\benviron\s)?(?<![\w,])1\s(?:chance\s|fois\s)?sur\s{_N}(?![\d,])"  # « 1 (chance|fois) sur N »
)
"""Ce qui ressemble à une chance écrite, permise ou non. « 5 fois sur 8 », « 7 chances sur 27 » sont des
fractions exactes, dites en toutes lettres (comme « 5/8 ») : elles ne s'arrondissent pas et restent permises."""

_PETITE, _PRESQUE = Fraction(1, 20), Fraction(999, 1000)
"""5 % et 99,9 % : sous la première, « 1 sur N » ; au-dessus de la seconde, « > 99,9 % »."""

_POUR_CENT = re.compile(r"(?:(?P<presque>> )99,9|(?P<valeur>\d{1,2},\d|0|100)) %")
_SUR = re.compile(rf"(?P<environ>≈ |environ )?1 (?P<mot>chance |fois )?sur (?P<n>{_N})")


def normale(texte: str) -> str:
    """Les espaces d'une écriture ramenées à une espace simple (insécables et fines comprises)."""
    return " ".join(texte.replace("\u202f", " ").replace("\u00a0", " ").split())


@dataclass(frozen=True)
class Intervalle:
    """Les probabilités [bas, haut] (bornes comprises ou non) qu'une écriture représente."""

    bas: Fraction
    haut: Fraction
    bas_compris: bool = True
    haut_compris: bool = False
    sauf: Fraction | None = None
    """Une probabilité exclue de l'intervalle (1/N pour « ≈ 1 sur N » : exacte, elle s'écrirait « 1 sur N »)."""

    def contient(self, p: Fraction) -> bool:
        dessus = p > self.bas or (self.bas_compris and p == self.bas)
        dessous = p < self.haut or (self.haut_compris and p == self.haut)
        return dessus and dessous and p != self.sauf

    def rencontre(self, autre: Intervalle) -> bool:
        """Vrai si une probabilité appartient aux deux."""
        for point, large in ((self, autre), (autre, self)):
            if point.bas == point.haut:
                return large.contient(point.bas) and point.contient(point.bas)
        if self.haut < autre.bas or autre.haut < self.bas:
            return False
        if self.haut == autre.bas:
            return self.haut_compris and autre.bas_compris
        if autre.haut == self.bas:
            return autre.haut_compris and self.bas_compris
        return True


def faute(texte: str) -> str | None:
    """Pourquoi `texte` (une chance écrite) n'est pas une forme de la règle ; None si elle en est une."""
    t = normale(texte)
    if m := _POUR_CENT.fullmatch(t):
        if m["valeur"] and "," in m["valeur"] and Fraction(m["valeur"].replace(",", ".")) < 5:
            return "sous 5 %, une chance se dit « 1 sur N »"
        return None
    if m := _SUR.fullmatch(t):
        n = int(m["n"].replace(" ", ""))
        if m["environ"] and m["environ"].strip() != ("≈" if m["mot"] is None else "environ"):
            return "« ≈ 1 sur N » dans une case, « environ 1 chance sur N » dans une phrase"
        if n < 20 or (n == 20 and not m["environ"]):
            return "au-dessus de 5 %, une chance s'écrit en pour cent"
        if n >= 1000 and m["n"] != f"{n:,}".replace(",", " "):
            return "les milliers de N se séparent d'une espace fine"
        return None
    if "%" in t:
        return "un pourcentage s'écrit au dixième (« 62,5 % ») ; 0 %, 100 % et « > 99,9 % » à part"
    return "seul « 1 sur N » (« 1 chance sur N », « 1 fois sur N ») se dit en « sur »"


def intervalle(texte: str) -> Intervalle:
    """Les probabilités qu'une écriture permise représente (elle doit être permise : `faute` rend None)."""
    t = normale(texte)
    if m := _POUR_CENT.fullmatch(t):
        if m["presque"]:
            return Intervalle(Fraction(999, 1000), Fraction(1), bas_compris=False)
        if m["valeur"] in ("0", "100"):
            p = Fraction(int(m["valeur"]), 100)
            return Intervalle(p, p, haut_compris=True)
        x = Fraction(m["valeur"].replace(",", ".")) / 100
        pas = Fraction(1, 2000)  # un demi-dixième de point : [x − pas, x + pas[, dans [5 %, 99,9 %]
        bas, haut = max(x - pas, _PETITE), min(x + pas, _PRESQUE)
        return Intervalle(bas, haut, haut_compris=haut == _PRESQUE)
    m = _SUR.fullmatch(t)
    assert m is not None, f"« {texte} » n'est pas une forme de la règle"
    n = int(m["n"].replace(" ", ""))
    if not m["environ"]:
        return Intervalle(Fraction(1, n), Fraction(1, n), haut_compris=True)
    # 1/p arrondi à n (une moitié vers le haut) : n − ½ ≤ 1/p < n + ½, soit 1/(n + ½) < p ≤ 1/(n − ½).
    haut = min(Fraction(2, 2 * n - 1), _PETITE)
    return Intervalle(Fraction(2, 2 * n + 1), haut, bas_compris=False, haut_compris=haut < _PETITE, sauf=Fraction(1, n))
