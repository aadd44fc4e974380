"""3D6 › Scènes majeures › Défense : la règle d'un échange, décidée une fois (rules.troisd6.resolution).

La décision des niveaux est comparée, pour chaque niveau d'attaque, chaque
défense et chaque niveau de défense, aux phrases du texte écrites ici une
seconde fois, à part ; les groupes de jets aux 216 jets joués par `jet` et
`effet` ; la loi d'une défense aux échanges joués par `echange`, dé par dé et
total d'effet par total d'effet (lois d'icepool).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import product

import icepool
import pytest

# Les groupes de jets et la loi d'une défense sont le moteur interne des chances : vérifiés ici contre le jeu.
from rules.regles import TEXTE
from rules.troisd6 import (
    BONUS_DU_BLOCAGE,
    MALUS_CONTRE_ATTAQUE,
    Defense,
    Indice,
    Niveau,
    Personnage,
    Tour,
    apports,
    decider,
    echange,
    effet,
    jet,
    malus_de_defense,
    monter,
    points_nets,
)
from rules.troisd6.resolution import _Lancer as Lancer
from rules.troisd6.resolution import _lancers, _loi_de_la_defense

_DES = list(product(range(1, 7), repeat=3))
_TRIES = Counter(tuple(sorted(d)) for d in _DES)
"""Les 56 jets triés et leur nombre d'ordres (la règle ne dépend pas de l'ordre des dés)."""
_REUSSITES = [Niveau.REUSSITE_SIMPLE, Niveau.REUSSITE_SPECIALE, Niveau.REUSSITE_CRITIQUE]


# --- La décision des niveaux, contre les phrases du texte ------------------------------------------------


def _texte(attaque: Niveau, defense: Defense, niveau_defense: Niveau) -> tuple[bool, bool, str | None]:
    """Les phrases du texte, une par une, sans passer par le code : (esquivée, bloquée, raison)."""
    ordre = list(Niveau)  # du pire au meilleur
    rang_a, rang_d = ordre.index(attaque), ordre.index(niveau_defense)
    reussie, defense_reussie = attaque in _REUSSITES, niveau_defense in _REUSSITES
    # « le défenseur doit réussir son jet de "défense" d'au moins le même niveau que l'attaquant »
    esquivee = reussie and defense is Defense.ESQUIVE and defense_reussie and rang_d >= rang_a
    # « Pour le second cas, tout niveau de réussite est suffisant »
    bloquee = reussie and defense is Defense.BLOCAGE and defense_reussie
    # « attaquant rate son jet », « niveau jet défenseur meilleur », « contre attaque réussie […] au moins même niveau »
    if not reussie:
        raison = "attaque ratée"
    elif rang_d > rang_a:
        raison = "niveau du défenseur"
    elif defense is Defense.CONTRE_ATTAQUE and defense_reussie and rang_d >= rang_a:
        raison = "contre-attaque"
    else:
        raison = None
    return esquivee, bloquee, raison


@pytest.mark.parametrize("attaque", list(Niveau))
@pytest.mark.parametrize("defense", list(Defense))
def test_chaque_paire_de_niveaux_suit_le_texte(attaque: Niveau, defense: Defense) -> None:
    for niveau_defense in Niveau:
        d = decider(attaque, defense, niveau_defense)
        assert (d.esquivee, d.bloquee, d.raison) == _texte(attaque, defense, niveau_defense), niveau_defense
        assert d.attaque_reussie is (attaque in _REUSSITES)
        assert d.effets is (d.attaque_reussie and not d.esquivee)
        assert d.initiative_change is (d.raison is not None)


@pytest.mark.parametrize("attaque", list(Niveau))
def test_face_a_un_passif_seul_le_jet_de_l_attaquant_compte(attaque: Niveau) -> None:
    d = decider(attaque)
    assert (d.esquivee, d.bloquee) == (False, False)
    assert d.raison == (None if attaque in _REUSSITES else "attaque ratée")


def test_les_exemples_de_la_page() -> None:
    # Bruno esquive d'une spéciale la spéciale d'Ada : rien ne passe, Ada garde l'initiative.
    assert decider(Niveau.REUSSITE_SPECIALE, Defense.ESQUIVE, Niveau.REUSSITE_SPECIALE).esquivee
    # Une contre-attaque spéciale contre une réussite simple : l'initiative passe, par le niveau.
    d = decider(Niveau.REUSSITE_SIMPLE, Defense.CONTRE_ATTAQUE, Niveau.REUSSITE_SPECIALE)
    assert (d.effets, d.raison) == (True, "niveau du défenseur")
    # Un blocage raté ne retire rien ; une défense meilleure qu'un échec ne compte pas : l'attaque ratée décide.
    assert not decider(Niveau.REUSSITE_SIMPLE, Defense.BLOCAGE, Niveau.ECHEC_SIMPLE).bloquee
    assert decider(Niveau.ECHEC_CRITIQUE, Defense.ESQUIVE, Niveau.ECHEC_SPECIAL).raison == "attaque ratée"


def test_points_nets_blocage_et_armure() -> None:
    assert points_nets(10, 4) == (6, 0)  # l'esquive ratée d'Ada : 10 − 4
    assert points_nets(3, 4) == (-1, 0)  # Nice : « 3 − 4 = −1, soit aucun avantage »
    assert points_nets(3, 4, armure=2) == (-1, 0)  # l'armure ne s'ajoute pas à un total déjà nul
    assert points_nets(7, 0, armure=2) == (5, 2)
    assert points_nets(1, 0, armure=2) == (-1, 1)  # elle retire au plus ce qui reste
    assert points_nets(5, 5, armure=1) == (0, 0)


def test_le_malus_de_contre_attaque() -> None:
    assert malus_de_defense(Defense.CONTRE_ATTAQUE) == MALUS_CONTRE_ATTAQUE == -3
    assert malus_de_defense(Defense.CONTRE_ATTAQUE, talent_contre_attaque=True) == 0
    assert {malus_de_defense(d, t) for d in (Defense.ESQUIVE, Defense.BLOCAGE) for t in (False, True)} == {0}


@pytest.mark.parametrize("des", _DES)
def test_apports_du_niveau_d_un_jet(des: tuple[int, int, int]) -> None:
    j = jet(11, des)
    dd, dt = apports(j.niveau, j.dd, j.dt)
    assert dd == (j.dd if j.niveau is Niveau.REUSSITE_SPECIALE else None)
    assert dt == (j.dt if j.niveau is Niveau.REUSSITE_CRITIQUE else None)


def test_le_blocage_ne_prend_pas_le_bonus_du_risque() -> None:
    assert BONUS_DU_BLOCAGE == (0, 0)
    # Le jeu avec dés : Ada prend −1 au jet, +1 niveau, +2 points ; le blocage de Bruno lance son 1D6+1D3 seul.
    ada, bruno = Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=11, indice="1D6+1D3")
    e = echange(ada, bruno, Tour(-1, (5, 2, 1), 7, 1, 2, Defense.BLOCAGE, (5, 2, 1), 4))
    assert e.effet_attaque is not None and e.effet_defense is not None
    assert (str(e.effet_attaque.indice), e.effet_attaque.points) == ("3D6", 9)
    assert (str(e.effet_defense.indice), e.effet_defense.points) == ("1D6+1D3", 4)


# --- Les groupes de jets, contre les 216 jets joués ---------------------------------------------------


@pytest.mark.parametrize("seuil", [2, 5, 9, 12, 17])
@pytest.mark.parametrize(
    ("indice", "niveaux", "bonus"), [(None, 0, 0), ("1D6+1D3", 0, 0), ("2D6", 1, 2), ("1D6", -1, -1)]
)
def test_lancers_egale_les_216_jets_joues(seuil: int, indice: str | None, niveaux: int, bonus: int) -> None:
    attendu: dict[Lancer, int] = defaultdict(int)
    base = None if indice is None else monter(indice, 0)
    for des in _DES:
        j = jet(seuil, des)
        if not j.reussi or base is None:
            attendu[Lancer(j.niveau, None, 0)] += 1
            continue
        dd = j.dd if j.niveau is Niveau.REUSSITE_SPECIALE else None
        dt = j.dt if j.niveau is Niveau.REUSSITE_CRITIQUE else None
        e = effet(base, dd=dd, dt=dt, niveaux=niveaux, bonus_points=bonus, rng=random.Random(0))
        attendu[Lancer(j.niveau, e.indice, e.points - e.total_des)] += 1
    assert _lancers(seuil, base, niveaux, bonus, TEXTE) == dict(attendu)


# --- La loi d'une défense, contre les échanges joués ----------------------------------------------------


def _totaux(i: Indice) -> dict[int, Fraction]:
    de = icepool.Pool([icepool.d6] * i.d6 + [icepool.d3] * i.d3).sum()
    return {t: Fraction(de.quantity(t), de.denominator()) for t in de.outcomes()}


def _joues(
    a: Personnage, b: Personnage, des_a: tuple[int, int, int], defense: Defense
) -> dict[tuple[int, bool], Fraction]:
    """La loi de (points nets, initiative change) d'après `echange`, dés de défense et totaux d'effet énumérés."""
    assert a.seuil is not None and a.indice is not None
    loi: dict[tuple[int, bool], Fraction] = defaultdict(Fraction)
    for des_d, poids in _TRIES.items() if b.actif else [(None, 216)]:
        base = Tour(des_attaque=des_a, defense=defense, des_defense=des_d)
        e0 = echange(a, b, base, rng=random.Random(0))
        totaux_a = _totaux(e0.effet_attaque.indice) if e0.effet_attaque else {None: Fraction(1)}
        totaux_d = _totaux(e0.effet_defense.indice) if e0.effet_defense else {None: Fraction(1)}
        for (ta, pa), (td, pd) in product(totaux_a.items(), totaux_d.items()):
            e = echange(
                a, b, Tour(des_attaque=des_a, effet_attaque=ta, defense=defense, des_defense=des_d, effet_defense=td)
            )
            loi[(e.points, e.initiative_change)] += pa * pd * Fraction(poids, 216)
    return dict(loi)


def _calculee(
    a: Personnage, b: Personnage, des_a: tuple[int, int, int], defense: Defense
) -> dict[tuple[int, bool], Fraction]:
    assert a.seuil is not None and isinstance(a.indice, Indice)
    ja = jet(a.seuil, des_a)
    dd, dt = apports(ja.niveau, ja.dd, ja.dt)
    attaque = Lancer(ja.niveau, monter(a.indice, dt or 0) if ja.reussi else None, dd or 0)
    seuil = None if not b.actif else (b.seuil or 0) + malus_de_defense(defense, b.talent_contre_attaque)
    indice = b.indice if b.actif and isinstance(b.indice, Indice) else None
    issues, total = _loi_de_la_defense(attaque, defense if b.actif else None, seuil, indice, b.armure, (0, 0), TEXTE)
    loi: dict[tuple[int, bool], Fraction] = defaultdict(Fraction)
    for (points, change), n in issues.items():
        loi[(0 if points is None else points, change)] += Fraction(n, total)  # echange compte 0 point sans effet
    return dict(loi)


_ADA = Personnage("Ada", seuil=12, indice="2D6")
_BRUNO = Personnage("Bruno", seuil=11, indice="1D6+1D3", armure=1)
_TALENT = Personnage("Bruno", seuil=9, indice="1D6", talent_contre_attaque=True)


@pytest.mark.parametrize(
    "des_a",
    [(6, 5, 4), (6, 6, 5), (5, 2, 1), (3, 3, 1), (1, 1, 6), (2, 2, 2), (4, 4, 4)],
    ids=["échec", "échec spécial", "simple", "spéciale 3", "spéciale 1", "critique 2", "critique 4"],
)
@pytest.mark.parametrize("defense", list(Defense))
@pytest.mark.parametrize(
    "b", [_BRUNO, _TALENT, Personnage("la porte", actif=False, armure=2)], ids=["armure", "talent", "passif"]
)
def test_loi_de_la_defense_egale_les_echanges_joues(
    des_a: tuple[int, int, int], defense: Defense, b: Personnage
) -> None:
    assert _calculee(_ADA, b, des_a, defense) == _joues(_ADA, b, des_a, defense)
