"""« La défense, choisie après l'attaque », recomptée dé par dé par un code qui n'emprunte rien au paquet.

Les 216 jets ordonnés de 3d6 de chaque camp et chaque face des dés d'effet (les règles relues dans le texte :
« 3D6 › Principes de base › Spéciaux et critiques », « 3D6 › Scènes majeures › Principes généraux › Défense »),
la table des cas du formulaire `troisd6-apres-attaque`, et ce que ses deux tableaux doivent montrer.
`tests/test_calculateur_apres_attaque.py` (le paquet, le calculateur, la ligne de commande) et
`tests/test_calculateur_apres_attaque_navigateur.py` (Chromium) s'en servent.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from rules.calculateur._commun import chance

__all__ = ["CAS", "DEFENSES", "Brut", "attendu_tableaux", "brut_du_cas", "lu"]

# --- L'énumération, sans le paquet -------------------------------------------------------------------------

_ECHELLE = ["1D3", "1D6", "1D6+1D3", *(f"{n}D6" for n in range(2, 16))]
"""L'échelle des Indices (page « Effet et avantages », Interprétation) : un niveau, un barreau."""

_RANG = {"echec_critique": 0, "echec_special": 1, "echec_simple": 2, "simple": 3, "speciale": 4, "critique": 5}
"""Les niveaux, du pire (0) au meilleur (5) ; une réussite à partir de 3."""


def _faces(indice: str) -> list[range]:
    if indice == "1D3":
        return [range(1, 4)]
    if indice == "1D6+1D3":
        return [range(1, 7), range(1, 4)]
    return [range(1, 7)] * int(indice.removesuffix("D6"))


@cache
def _totaux(indice: str) -> tuple[tuple[int, int], ...]:
    """Chaque total d'un jet d'effet et son nombre de jets, face par face ; le nombre de jets en tête."""
    comptes = Counter(sum(f) for f in product(*_faces(indice)))
    return tuple(comptes.items())


def _jet(des: tuple[int, ...], seuil: int) -> tuple[int, int, int]:
    """(rang du niveau, Dd ou 0, Dt ou 0) : réussite sous le seuil ; un double est spécial, un triple critique."""
    a, b, c = sorted(des)
    dt = a if a == c else 0
    dd = b if not dt and (a == b or b == c) else 0
    if sum(des) <= seuil:
        return (5 if dt else 4 if dd else 3), dd, dt
    return (0 if dt else 1 if dd else 2), dd, dt


_TROIS = list(product(range(1, 7), repeat=3))


@dataclass(frozen=True)
class Brut:
    """Ce que donne une défense : aucun point subi, loi et moyenne des points qui passent, initiative reprise."""

    aucun: Fraction
    points: dict[int, Fraction]
    moyenne: Fraction
    initiative: Fraction


def _par_profil(jets: list[tuple[int, int, int]], seuil: int) -> Counter[tuple[int, int, int]]:
    return Counter(_jet(d, seuil) for d in jets)


def _brut(
    seuil_a: int,
    indice_a: str,
    attaque: str | tuple[int, int, int],
    defense: str,
    seuil_d: int,
    indice_d: str,
    armure: int,
    talent: bool,
    risque: tuple[int, int, int] = (0, 0, 0),
) -> Brut:
    """Une défense contre l'attaque lancée, dé par dé : chaque jet d'attaque de ce niveau (ou ces dés), chaque jet
    du défenseur, chaque face des dés d'effet des deux camps."""
    mod, niveaux, bonus = risque
    sa = seuil_a + mod
    sd = seuil_d + mod - (3 if defense == "contre-attaque" and not talent else 0)
    jets_a = [attaque] if isinstance(attaque, tuple) else [d for d in _TROIS if _jet(d, sa)[0] == _RANG[attaque]]
    attaques, parades = _par_profil(jets_a, sa), _par_profil(_TROIS, sd)
    poids = len(jets_a) * 216
    points: Counter[int] = Counter()
    reprise = Fraction(0)
    for (ra, dda, dta), na in attaques.items():
        effets_a = _totaux(_ECHELLE[_ECHELLE.index(indice_a) + niveaux + dta]) if ra >= 3 else ((0, 1),)
        for (rd, ddd, dtd), nd in parades.items():
            p = Fraction(na * nd, poids)
            au_moins = rd >= 3 and rd >= ra
            # L'initiative change : attaque ratée, défenseur d'un meilleur niveau, contre-attaque d'au moins le sien.
            if ra < 3 or rd > ra or (defense == "contre-attaque" and au_moins):
                reprise += p
            if ra < 3 or (defense == "esquive" and au_moins):
                points[0] += p
                continue
            bloque = defense == "blocage" and rd >= 3
            effets_d = _totaux(_ECHELLE[_ECHELLE.index(indice_d) + dtd]) if bloque else ((0, 1),)
            n_a, n_d = sum(n for _, n in effets_a), sum(n for _, n in effets_d)
            for x, nx in effets_a:
                for y, ny in effets_d:
                    net = x + bonus + dda - (y + ddd if bloque else 0)
                    net = max(net - armure, 0) if net > 0 else 0
                    points[net] += p * Fraction(nx * ny, n_a * n_d)
    loi = {k: Fraction(v) for k, v in sorted(points.items()) if v}
    return Brut(loi.get(0, Fraction(0)), loi, sum((k * v for k, v in loi.items()), Fraction(0)), reprise)


# --- La table des cas ------------------------------------------------------------------------------------------

CAS: list[dict[str, str]] = [
    # L'exemple de l'issue : Ada (12, 2D6) a fait une spéciale, Bruno a un seuil de 10.
    {},
    {"niveau_attaque": "simple", "seuil_defenseur": "8", "indice_defenseur": "1D6", "armure_defenseur": "2"},
    {"niveau_attaque": "critique", "seuil_attaquant": "11", "indice_attaquant": "1D6+1D3", "seuil_defenseur": "13",
     "talent_defenseur": "oui"},
    {"niveau_attaque": "critique", "seuil_defenseur": "11", "indice_defenseur": "1D6"},
    {"niveau_attaque": "speciale", "seuil_defenseur": "13", "indice_defenseur": "1D3", "armure_defenseur": "1",
     "talent_defenseur": "oui"},
    {"niveau_attaque": "echec_simple", "seuil_attaquant": "9", "indice_attaquant": "1D6"},
    {"niveau_attaque": "echec_critique", "seuil_attaquant": "10", "indice_attaquant": "1D6", "seuil_defenseur": "9"},
    {"niveau_attaque": "simple", "seuil_attaquant": "12", "indice_attaquant": "1D6+1D3", "modificateur": "-1",
     "niveaux": "1", "seuil_defenseur": "11", "indice_defenseur": "1D6"},
    {"niveau_attaque": "des", "des_attaque": "3 3 5", "seuil_attaquant": "14", "indice_attaquant": "1D3",
     "modificateur": "-2", "bonus_points": "2", "seuil_defenseur": "11", "indice_defenseur": "2D6",
     "armure_defenseur": "1", "talent_defenseur": "oui"},
    {"des_attaque": "2 2 2", "niveau_attaque": "des", "seuil_attaquant": "10", "indice_attaquant": "1D6",
     "seuil_defenseur": "12", "armure_defenseur": "3"},
]  # fmt: skip

_DEFAUTS = {
    "niveau_attaque": "speciale", "seuil_attaquant": "12", "indice_attaquant": "2D6", "modificateur": "0",
    "niveaux": "0", "bonus_points": "0", "seuil_defenseur": "10", "indice_defenseur": "1D6+1D3",
    "armure_defenseur": "0", "talent_defenseur": "non", "des_attaque": "",
}  # fmt: skip
DEFENSES = ("esquive", "blocage", "contre-attaque")


def lu(cas: dict[str, str]) -> dict[str, str]:
    """Le cas complété des valeurs par défaut du formulaire."""
    return _DEFAUTS | cas


def brut_du_cas(cas: dict[str, str], defense: str) -> Brut:
    """La défense `defense` dans le cas `cas`, dé par dé."""
    e = lu(cas)
    des = tuple(int(x) for x in e["des_attaque"].split())
    return _brut(
        int(e["seuil_attaquant"]), e["indice_attaquant"], des if des else e["niveau_attaque"], defense,
        int(e["seuil_defenseur"]), e["indice_defenseur"], int(e["armure_defenseur"]), e["talent_defenseur"] == "oui",
        (int(e["modificateur"]), int(e["niveaux"]), int(e["bonus_points"])),
    )  # fmt: skip


def attendu_tableaux(cas: dict[str, str]) -> tuple[list[tuple[str, str, str]], list[tuple[str, ...]]]:
    """Ce que montrent les deux tableaux, écrit d'après l'énumération : (aucun, moyenne, initiative) par défense,
    puis une ligne par nombre de points subis."""
    bruts = [brut_du_cas(cas, d) for d in DEFENSES]
    resume = [(chance(b.aucun), f"{float(b.moyenne):.1f}".replace(".", ","), chance(b.initiative)) for b in bruts]
    points = sorted({k for b in bruts for k in b.points})
    loi = [(str(k), *(chance(b.points.get(k, Fraction(0))) for b in bruts)) for k in points]
    return resume, loi
