"""« La défense, choisie après l'attaque » : le paquet contre les dés énumérés, puis le calculateur, la ligne de
commande et le navigateur (Chromium, 375 px) contre le paquet.

L'attaque est lancée (son niveau, ou ses trois dés sous le seuil de l'attaquant) ; le défenseur choisit esquive,
blocage ou contre-attaque. Pour chaque cas de la table (chaque niveau d'attaque, plusieurs seuils, un blocage
avec armure, une contre-attaque avec et sans talent), les chances de
[`defense_apres_attaque`][rules.troisd6.duel.defense_apres_attaque] — aucun point subi, loi et moyenne des points
qui passent, initiative reprise — sont recomptées ici **dé par dé** : les 216 jets ordonnés de 3d6 de chaque camp
et chaque face des dés d'effet, par un code qui n'emprunte rien au paquet (les règles relues dans le texte :
« 3D6 › Principes de base › Spéciaux et critiques », « 3D6 › Scènes majeures › Principes généraux › Défense »).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from rules.__main__ import main
from rules.calculateur import calculer, en_texte
from rules.calculateur._commun import chance
from rules.troisd6 import Niveau, Personnage, Risque, defense_apres_attaque

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
_DEFENSES = ("esquive", "blocage", "contre-attaque")


def _lu(cas: dict[str, str]) -> dict[str, str]:
    return _DEFAUTS | cas


def _brut_du_cas(cas: dict[str, str], defense: str) -> Brut:
    e = _lu(cas)
    des = tuple(int(x) for x in e["des_attaque"].split())
    return _brut(
        int(e["seuil_attaquant"]), e["indice_attaquant"], des if des else e["niveau_attaque"], defense,
        int(e["seuil_defenseur"]), e["indice_defenseur"], int(e["armure_defenseur"]), e["talent_defenseur"] == "oui",
        (int(e["modificateur"]), int(e["niveaux"]), int(e["bonus_points"])),
    )  # fmt: skip


_NIVEAUX = {
    "critique": Niveau.REUSSITE_CRITIQUE, "speciale": Niveau.REUSSITE_SPECIALE, "simple": Niveau.REUSSITE_SIMPLE,
    "echec_simple": Niveau.ECHEC_SIMPLE, "echec_special": Niveau.ECHEC_SPECIAL, "echec_critique": Niveau.ECHEC_CRITIQUE,
}  # fmt: skip


def _paquet(cas: dict[str, str]) -> object:
    e = _lu(cas)
    a = Personnage("Ada", seuil=int(e["seuil_attaquant"]), indice=e["indice_attaquant"])
    b = Personnage(
        "Bruno", seuil=int(e["seuil_defenseur"]), indice=e["indice_defenseur"], armure=int(e["armure_defenseur"]),
        talent_contre_attaque=e["talent_defenseur"] == "oui",
    )  # fmt: skip
    des = tuple(int(x) for x in e["des_attaque"].split())
    risque = Risque(int(e["modificateur"]), int(e["niveaux"]), int(e["bonus_points"]))
    return defense_apres_attaque(a, b, des if des else _NIVEAUX[e["niveau_attaque"]], risque=risque)


def test_la_table_couvre_chaque_niveau_le_blocage_avec_armure_et_la_contre_attaque_avec_et_sans_talent() -> None:
    niveaux = {_lu(c)["niveau_attaque"] for c in CAS if not _lu(c)["des_attaque"]}
    assert {"critique", "speciale", "simple"} <= niveaux and niveaux & {"echec_simple", "echec_critique"}
    assert any(c.get("des_attaque") for c in CAS)
    assert any(_lu(c)["armure_defenseur"] != "0" for c in CAS)
    assert {_lu(c)["talent_defenseur"] for c in CAS} == {"oui", "non"}
    assert len({_lu(c)["seuil_defenseur"] for c in CAS}) >= 4


@pytest.mark.parametrize("cas", CAS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "exemple-issue")
def test_le_paquet_egale_l_enumeration_des_des(cas: dict[str, str]) -> None:
    choix = _paquet(cas)
    for defense, o in zip(_DEFENSES, choix.options, strict=True):  # type: ignore[attr-defined]
        assert str(o.defense) == defense
        brut = _brut_du_cas(cas, defense)
        assert (o.aucun_point, o.points, o.points_esperes, o.initiative) == (
            brut.aucun,
            brut.points,
            brut.moyenne,
            brut.initiative,
        ), defense


def test_l_exemple_de_l_issue() -> None:
    """Spéciale d'Ada, Bruno sous 10 : la contre-attaque (sous 7, au moins une spéciale) reprend l'initiative
    23 fois sur 216, l'esquive 1 fois sur 72 ; mais la contre-attaque laisse passer le plus de points."""
    contre, esquive, blocage = (_brut_du_cas({}, d) for d in ("contre-attaque", "esquive", "blocage"))
    assert contre.initiative == Fraction(23, 216) and esquive.initiative == Fraction(1, 72)
    assert contre.aucun == 0 and esquive.aucun == Fraction(2, 9)
    assert blocage.moyenne < esquive.moyenne < contre.moyenne
    r = calculer("troisd6-apres-attaque", {})
    assert r.verdict == "Contre-attaque : 10,6 % de reprendre l'initiative"
    assert r.explication == (
        "Contre-attaque : la meilleure chance de reprendre l'initiative, 10,6 % (esquive : 1,4 %, blocage : 1,4 %) ; "
        "mais elle laisse passer 9,6 points d'effet en moyenne, contre 6,5 pour le blocage."
    )


def _attendu_tableaux(cas: dict[str, str]) -> tuple[list[tuple[str, str, str]], list[tuple[str, ...]]]:
    """Ce que montrent les deux tableaux, écrit d'après l'énumération : (aucun, moyenne, initiative) par défense,
    puis une ligne par nombre de points subis."""
    bruts = [_brut_du_cas(cas, d) for d in _DEFENSES]
    resume = [(chance(b.aucun), f"{float(b.moyenne):.1f}".replace(".", ","), chance(b.initiative)) for b in bruts]
    points = sorted({k for b in bruts for k in b.points})
    loi = [(str(k), *(chance(b.points.get(k, Fraction(0))) for b in bruts)) for k in points]
    return resume, loi


@pytest.mark.parametrize("cas", CAS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "exemple-issue")
def test_le_calculateur_et_la_ligne_de_commande_montrent_ces_chances(
    cas: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    r = calculer("troisd6-apres-attaque", cas)
    assert r.ok, r.erreurs
    resume, loi = _attendu_tableaux(cas)
    assert [ligne[1:] for ligne in r.tableaux[0].lignes] == resume
    assert [ligne[0].split(" (")[0] for ligne in r.tableaux[0].lignes] == list(_DEFENSES)
    assert [tuple(ligne) for ligne in r.tableaux[1].lignes] == loi
    assert r.explication == _paquet(cas).explication  # type: ignore[attr-defined]
    options = [m for nom, v in cas.items() for m in (f"--{nom.replace('_', '-')}", v)]
    assert main(["troisd6-apres-attaque", *options]) == 0
    sortie = capsys.readouterr().out
    assert sortie == en_texte(r) + "\n"
    for ligne in [*resume, *loi]:
        for valeur in ligne:
            assert valeur in sortie


def test_le_niveau_dit_en_francais_a_la_ligne_de_commande(capsys: pytest.CaptureFixture[str]) -> None:
    for ecrit in ("spéciale", "Réussite spéciale", "speciale"):
        assert main(["troisd6-apres-attaque", "--niveau-attaque", ecrit]) == 0
        assert capsys.readouterr().out.startswith("Verdict : Contre-attaque : 10,6 % de reprendre l'initiative\n")


def test_le_lien_garde_l_attaque() -> None:
    """Les entrées rendues (ce que porte le lien à partager) gardent le niveau ou les dés de l'attaque ; des dés
    tirés par « Lancer » y entrent, avec le niveau « celui de ses dés », et le lien rouvre le même conseil."""
    import random

    r = calculer("troisd6-apres-attaque", {"niveau_attaque": "critique", "seuil_defenseur": "9"})
    assert r.entrees["niveau_attaque"] == "critique" and r.entrees["seuil_defenseur"] == "9"
    lance = calculer("troisd6-apres-attaque", {"niveau_attaque": "simple"}, lancer=True, rng=random.Random(5))
    assert lance.ok and lance.entrees["niveau_attaque"] == "des" and len(lance.entrees["des_attaque"].split()) == 3
    rejoue = calculer("troisd6-apres-attaque", lance.entrees)
    assert (rejoue.verdict, rejoue.explication, rejoue.tableaux) == (lance.verdict, lance.explication, lance.tableaux)
