"""3D6 › Scènes majeures : les chances exactes d'une scène entière (rules.troisd6.duel).

Trois oracles indépendants de la chaîne du module :

- **l'énumération brute** : la loi d'un échange vient d'appels à la vraie règle,
  `echange`, pour chaque paire de jets (216 × 216, regroupés en multi-ensembles)
  et chaque total d'effet (loi d'icepool), puis la chaîne se résout par
  Gauss–Jordan sur tous ses états à la fois (pas paire par paire) ;
- **la simulation à graine fixe** : des scènes jouées par `jouer_scene`, un tour
  à la fois, chaque camp suivant sa politique ;
- face à une opposition passive, **`issue_sans_opposition`** (vérifiée ailleurs
  contre son propre oracle).
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.affichage import fois
from rules.troisd6 import (
    RISQUES,
    Avantage,
    Defense,
    Niveau,
    Personnage,
    Politique,
    Risque,
    Tour,
    chances_echange,
    chances_scene,
    comparer_risques,
    defense_apres_attaque,
    echange,
    issue_sans_opposition,
    jet,
    jouer_scene,
    monter,
    progression,
)
from tests.algebre import gauss_jordan
from tests.simulation import simuler_scene

# --- Oracle 1 : énumération brute par la règle elle-même, puis Gauss–Jordan -------------------------

_MULTIS = Counter(tuple(sorted(d)) for d in product(range(1, 7), repeat=3))
"""Les 56 jets triés de 3d6 et leur nombre d'ordres (la règle ne dépend pas de l'ordre des dés)."""


@cache
def _loi_totaux(indice: str) -> dict[int, Fraction]:
    i = monter(indice, 0)
    de = i.d6 @ icepool.d6 + i.d3 @ icepool.d3 if i.d3 and i.d6 else (i.d3 @ icepool.d3 if i.d3 else i.d6 @ icepool.d6)
    return {t: Fraction(de.quantity(t), de.denominator()) for t in de.outcomes()}


def _lance(indice: str, j: object, niveaux: int) -> str:
    assert hasattr(j, "niveau") and hasattr(j, "dt")
    critique = j.niveau is Niveau.REUSSITE_CRITIQUE
    return str(monter(indice, niveaux + (j.dt if critique and j.dt else 0)))


@cache
def _echange_brut(att: Personnage, dfn: Personnage, pol_att: Politique, pol_dfn: Politique) -> dict[tuple, Fraction]:
    """Loi de (points nets ou None, initiative change, attaque réussie), appel par appel à `echange`."""
    r = pol_att.risque
    loi: defaultdict[tuple, Fraction] = defaultdict(Fraction)
    assert att.seuil is not None and att.indice is not None
    # Esquive et blocage sous la caractéristique de défense, si le camp en a une (lecture de la page).
    seuil_d = dfn.seuil if dfn.seuil_defense is None else dfn.seuil_defense
    indice_d = dfn.indice if dfn.indice_defense is None else dfn.indice_defense
    defenses = (
        [(dd, nd, jet(seuil_d + r.modificateur, dd) if seuil_d is not None else None) for dd, nd in _MULTIS.items()]
        if dfn.actif
        else [(None, 216, None)]
    )
    for da, na in _MULTIS.items():
        ja = jet(att.seuil + r.modificateur, da)
        totaux_a = _loi_totaux(_lance(str(att.indice), ja, r.niveaux)) if ja.reussi else {None: Fraction(1)}
        for dd, nd, jd in defenses:
            # Un blocage réussi lance son propre jet d'effet : on en énumère aussi les totaux.
            bloque = jd is not None and jd.reussi and ja.reussi and pol_dfn.defense is Defense.BLOCAGE
            totaux_d = _loi_totaux(_lance(str(indice_d), jd, 0)) if bloque else {None: Fraction(1)}
            for ta, qa in totaux_a.items():
                for td, qd in totaux_d.items():
                    tour = Tour(
                        modificateur=r.modificateur,
                        niveaux=r.niveaux,
                        bonus_points=r.bonus_points,
                        defense=pol_dfn.defense,
                        des_attaque=da,
                        des_defense=dd,
                        effet_attaque=ta,
                        effet_defense=td,
                    )
                    e = echange(att, dfn, tour)
                    points = e.points if e.effet_attaque is not None else None
                    loi[(points, e.initiative_change, e.jet_attaque.reussi)] += na * nd * qa * qd
    return {issue: p / (216 * 216) for issue, p in loi.items()}


def _espace(
    a: Personnage, b: Personnage, pol_a: Politique, pol_b: Politique, objectif: Avantage
) -> tuple[dict[str, dict[tuple, Fraction]], list[tuple[Avantage, Avantage, str]]]:
    """La loi brute d'un échange pour chaque attaquant, et les états (avantage de a, de b, qui attaque) sous l'objectif."""
    lois = {a.nom: _echange_brut(a, b, pol_a, pol_b)}
    if b.actif:
        lois[b.nom] = _echange_brut(b, a, pol_b, pol_a)
    sous = [av for av in Avantage if av < objectif]
    qui_possibles = [a.nom, b.nom] if b.actif else [a.nom]
    etats = [(x, y, q) for x in sous for y in (sous if b.actif else [Avantage.AUCUN]) for q in qui_possibles]
    return lois, etats


def _gauss_scene(
    a: Personnage, b: Personnage, pol_a: Politique, pol_b: Politique, objectif: Avantage
) -> dict[tuple[Avantage, Avantage, str], Fraction]:
    """La chance que `a` gagne depuis chaque état, par Gauss–Jordan sur tous les états à la fois."""
    lois, etats = _espace(a, b, pol_a, pol_b, objectif)
    index = {e: i for i, e in enumerate(etats)}
    n = len(etats)
    lignes = []
    for x, y, q in etats:
        ligne = [Fraction(int(k == index[(x, y, q)])) for k in range(n)] + [Fraction(0)]
        for (points, change, reussi), p in lois[q].items():
            mien = x if q == a.nom else y
            nouveau = progression(mien, points) if points is not None else mien
            if nouveau >= objectif:
                ligne[-1] += p if q == a.nom else 0
                continue
            if not b.actif and not reussi:
                continue  # a échoue : il ne gagne pas
            suivant = (b.nom if q == a.nom else a.nom) if (change and b.actif) else q
            cle = (nouveau, y, suivant) if q == a.nom else (x, nouveau, suivant)
            ligne[index[cle]] -= p
        lignes.append(ligne)
    solution = gauss_jordan([ligne[:-1] for ligne in lignes], [ligne[-1:] for ligne in lignes])
    return {e: solution[index[e]][0] for e in etats}


BRUTS = [
    # (seuil a, Indice a, seuil b, Indice b, politique a, politique b, objectif)
    (12, "1D3", 11, "1D3", Politique(), Politique(), Avantage.MOYEN),
    (11, "1D3", 12, "1D3", Politique(Risque(-1, niveaux=1)), Politique(defense=Defense.ESQUIVE), Avantage.MOYEN),
    (13, "1D6", 10, "1D3", Politique(defense=Defense.CONTRE_ATTAQUE), Politique(Risque(-2, bonus_points=2)), Avantage.FORT),
]  # fmt: skip


@pytest.mark.parametrize(("sa", "ia", "sb", "ib", "pa", "pb", "objectif"), BRUTS)
def test_chaine_egale_enumeration_brute_et_gauss(
    sa: int, ia: str, sb: int, ib: str, pa: Politique, pb: Politique, objectif: Avantage
) -> None:
    a, b = Personnage("A", seuil=sa, indice=ia), Personnage("B", seuil=sb, indice=ib, armure=1)
    gagne_a = _gauss_scene(a, b, pa, pb, objectif)
    sous = [av for av in Avantage if av < objectif]
    for x, y, q in [
        (Avantage.AUCUN, Avantage.AUCUN, "A"),
        (Avantage.AUCUN, Avantage.AUCUN, "B"),
        (sous[-1], sous[0], "B"),
    ]:
        c = chances_scene(
            a, b, politique_a=pa, politique_b=pb, initiative=q, avantages={"A": x, "B": y}, objectif=objectif
        )
        assert c.victoire_premier == gagne_a[(x, y, q)], (x, y, q)
        assert c.victoire_premier + c.victoire_second == 1


@pytest.mark.parametrize(
    ("pa", "pb"),
    [
        (Politique(), Politique(defense=Defense.CONTRE_ATTAQUE)),
        (Politique(Risque(-1, niveaux=1), Defense.ESQUIVE), Politique(defense=Defense.BLOCAGE)),
    ],
)
def test_chaque_camp_se_defend_sous_une_autre_caracteristique(pa: Politique, pb: Politique) -> None:
    """Source 003, « B › 2 › a › i » : une caractéristique en attaque, une autre en défense ; la chaîne suit
    l'énumération brute (qui lit la caractéristique de défense à sa façon, ci-dessus)."""
    a = Personnage("A", seuil=12, indice="1D3", seuil_defense=9, indice_defense="1D6")
    b = Personnage("B", seuil=9, indice="1D6", armure=1, seuil_defense=13, indice_defense="1D3")
    gagne_a = _gauss_scene(a, b, pa, pb, Avantage.MOYEN)
    for q in ("A", "B"):
        c = chances_scene(a, b, politique_a=pa, politique_b=pb, initiative=q, objectif=Avantage.MOYEN)
        assert c.victoire_premier == gagne_a[(Avantage.AUCUN, Avantage.AUCUN, q)], q
    # Et ce n'est pas la même scène que si chacun se défendait sous sa caractéristique d'attaque.
    simples = [replace(p, seuil_defense=None, indice_defense=None) for p in (a, b)]
    assert (
        chances_scene(*simples, politique_a=pa, politique_b=pb, objectif=Avantage.MOYEN).victoire_premier
        != (gagne_a[(Avantage.AUCUN, Avantage.AUCUN, "A")])
    )


def test_la_phrase_dit_la_caracteristique_de_defense() -> None:
    a = Personnage("Ada", seuil=12, indice="2D6")
    b = Personnage("Bruno", seuil=11, indice="1D6+1D3", seuil_defense=13)
    assert "Bruno (seuil 11, 1D6+1D3, en défense : seuil 13, 1D6+1D3 ; attaque" in str(chances_scene(a, b))
    assert "Ada (seuil 12, 2D6 ; attaque" in str(chances_scene(a, b))


def test_passif_egale_enumeration_brute_et_gauss() -> None:
    a, panne = Personnage("A", seuil=10, indice="1D6"), Personnage("la panne", actif=False, armure=1)
    gagne = _gauss_scene(a, panne, Politique(Risque(1, bonus_points=-1)), Politique(), Avantage.FORT)
    c = chances_scene(a, panne, politique_a=Politique(Risque(1, bonus_points=-1)), objectif=Avantage.FORT)
    assert c.victoire_premier == gagne[(Avantage.AUCUN, Avantage.AUCUN, "A")]


@pytest.mark.parametrize("defense", list(Defense))
@pytest.mark.parametrize("depart", [Avantage.AUCUN, Avantage.FORT])
def test_chances_echange_egale_enumeration_brute(defense: Defense, depart: Avantage) -> None:
    a = Personnage("A", seuil=12, indice="1D3")
    b = Personnage("B", seuil=11, indice="1D6", armure=1, talent_contre_attaque=True)
    risque = Risque(-1, niveaux=1)
    brut = _echange_brut(a, b, Politique(risque), Politique(defense=defense))
    c = chances_echange(a, b, risque=risque, defense=defense, avantage=depart)
    attendu = dict.fromkeys(Avantage, Fraction(0))
    for (points, _, _), p in brut.items():
        attendu[progression(depart, points) if points is not None else depart] += p
    assert c.avantage == attendu
    assert c.initiative_reprise == sum((p for (_, change, _), p in brut.items() if change), Fraction(0))
    assert c.attaque_reussie == sum((p for (_, _, reussi), p in brut.items() if reussi), Fraction(0))
    assert c.defense is defense


@pytest.mark.parametrize("defense", list(Defense))
def test_chances_echange_quand_seul_le_critique_lance_un_d3(defense: Defense) -> None:
    """Seuil 4 : seul le triple 1 réussit en critique. L'attaque (1D6+1D3, −1 niveau) lance 1D6 sur une réussite
    simple ou spéciale et 1D6+1D3 sur ce critique : l'Indice qui porte le D3 a autant de D6 que le plus grand, et
    le dénominateur commun des jets d'effet doit rester un multiple des 6 et des 18 jets de chacun."""
    a = Personnage("A", seuil=4, indice="1D6+1D3")
    b = Personnage("B", seuil=4, indice="1D6+1D3", armure=1)
    risque = Risque(niveaux=-1)
    brut = _echange_brut(a, b, Politique(risque), Politique(defense=defense))
    c = chances_echange(a, b, risque=risque, defense=defense)
    attendu = dict.fromkeys(Avantage, Fraction(0))
    for (points, _, _), p in brut.items():
        attendu[progression(Avantage.AUCUN, points) if points is not None else Avantage.AUCUN] += p
    assert c.avantage == attendu
    assert c.initiative_reprise == sum((p for (_, change, _), p in brut.items() if change), Fraction(0))


def test_chances_echange_face_a_un_passif() -> None:
    c = chances_echange(Personnage("A", seuil=9, indice="2D6"), Personnage("la porte", actif=False))
    assert c.defense is None and c.initiative_reprise == 0
    assert c.avantage[Avantage.AUCUN] == 1 - c.attaque_reussie  # 2D6 fait toujours au moins 2 points


# --- Scènes où un camp garde la main sans fin : la chaîne entière, états bouclés écartés -----------------
#
# Quand un camp réussit toujours son attaque sans jamais faire passer d'effet (armure, malus de points) et
# que l'autre ne le surpasse jamais en défense, l'état « il a l'initiative » ne quitte jamais sa paire
# d'avantages : le système de la paire est singulier. L'oracle ne résout pas paire par paire : il cherche
# d'abord, sur le graphe des états, ceux d'où une fin est atteignable, puis résout d'un bloc (Gauss–Jordan)
# les chances de chaque camp sur ces états-là ; « sans fin » est ce qui reste, et la durée moyenne n'est
# calculée que depuis les états d'où la scène finit toujours.


def _oracle_complet(
    a: Personnage, b: Personnage, pa: Politique, pb: Politique, objectif: Avantage
) -> dict[tuple[Avantage, Avantage, str], tuple[Fraction, Fraction, Fraction, Fraction | None]]:
    """Depuis chaque état : (victoire de a, victoire de b, scène sans fin, tours moyens ou None s'il y a du sans fin)."""
    lois, etats = _espace(a, b, pa, pb, objectif)
    # Les transitions : vers un état, ou vers le nom du vainqueur.
    suites: dict[tuple[Avantage, Avantage, str], defaultdict[object, Fraction]] = {}
    for x, y, q in etats:
        t: defaultdict[object, Fraction] = defaultdict(Fraction)
        for (points, change, reussi), p in lois[q].items():
            mien = x if q == a.nom else y
            nouveau = progression(mien, points) if points is not None else mien
            if nouveau >= objectif:
                t[q] += p
            elif not b.actif and not reussi:
                t[b.nom] += p  # face au passif, un jet raté : a échoue
            else:
                suivant = (b.nom if q == a.nom else a.nom) if (change and b.actif) else q
                t[(nouveau, y, suivant) if q == a.nom else (x, nouveau, suivant)] += p
        suites[(x, y, q)] = t
    fins = {a.nom, b.nom}
    # Les états d'où une fin est atteignable, par le graphe (pas par les nombres).
    finissent: set[object] = set()
    while True:
        nouveaux = {e for e in etats if e not in finissent and any(s in fins or s in finissent for s in suites[e])}
        if not nouveaux:
            break
        finissent |= nouveaux
    vivants = [e for e in etats if e in finissent]
    index = {e: i for i, e in enumerate(vivants)}
    matrice = [[Fraction(int(i == j)) for j in range(len(vivants))] for i in range(len(vivants))]
    seconds = [[Fraction(0), Fraction(0)] for _ in vivants]
    for e in vivants:
        for s, p in suites[e].items():
            if s in fins:
                seconds[index[e]][0 if s == a.nom else 1] += p
            elif s in index:
                matrice[index[e]][index[s]] -= p
    victoires = dict(zip(vivants, gauss_jordan(matrice, seconds), strict=True)) if vivants else {}
    valeurs: dict[tuple[Avantage, Avantage, str], tuple[Fraction, Fraction, Fraction, Fraction | None]] = {}
    for e in etats:
        va, vb = victoires.get(e, [Fraction(0), Fraction(0)])
        valeurs[e] = (va, vb, 1 - va - vb, None)
    # La durée moyenne, depuis les états d'où la scène finit toujours (leurs suites aussi finissent toujours).
    surs = [e for e in etats if valeurs[e][2] == 0]
    index = {e: i for i, e in enumerate(surs)}
    matrice = [[Fraction(int(i == j)) for j in range(len(surs))] for i in range(len(surs))]
    for e in surs:
        for s, p in suites[e].items():
            if s not in fins:
                matrice[index[e]][index[s]] -= p
    for e, (t,) in zip(surs, gauss_jordan(matrice, [[Fraction(1)] for _ in surs]) if surs else [], strict=True):
        valeurs[e] = (*valeurs[e][:3], t)
    return valeurs


# A réussit toujours (seuil 18) sans jamais faire passer d'effet (−20 points, armure 20 de B), et B, qui
# rate toute défense (seuil 2), ne lui reprend jamais l'initiative : quand A a la main, la scène tourne sans
# fin. Ce que fait B quand il a la main varie d'une scène à l'autre.
_A = Personnage("A", seuil=18, indice="1D3")
_B = Personnage("B", seuil=2, indice="1D3", armure=20)
_A_SANS_EFFET = Risque(bonus_points=-20)
BOUCLES = [
    # B (attaque à 18, jamais surpassé sans que son effet passe : contre-attaque) gagne au premier coup.
    (_A, _B, Politique(_A_SANS_EFFET, Defense.CONTRE_ATTAQUE), Politique(Risque(16)), Avantage.LEGER),
    # B (attaque à 10) tantôt monte, tantôt reste, tantôt rend la main à A (et la scène ne finit plus).
    (_A, _B, Politique(_A_SANS_EFFET), Politique(Risque(8)), Avantage.MOYEN),
    # Personne ne fait jamais passer d'effet : A garde la main sur lui-même, B la rend ou la garde.
    (Personnage("A", seuil=18, indice="1D3", armure=20), _B, Politique(_A_SANS_EFFET), Politique(Risque(8, bonus_points=-20)), Avantage.LEGER),
]  # fmt: skip


@pytest.mark.parametrize("ordre", ["A d'abord", "B d'abord"])
@pytest.mark.parametrize(("a", "b", "pa", "pb", "objectif"), BOUCLES)
def test_scene_qui_peut_tourner_sans_fin_egale_la_chaine_entiere(
    a: Personnage, b: Personnage, pa: Politique, pb: Politique, objectif: Avantage, ordre: str
) -> None:
    """Chaque état : les chances et la durée exactes, ou le refus qui dit exactement la part sans fin."""
    if ordre == "B d'abord":
        a, b, pa, pb = b, a, pb, pa
    attendu = _oracle_complet(a, b, pa, pb, objectif)
    for (x, y, q), (va, vb, sans_fin, tours) in attendu.items():
        kwargs = {"initiative": q, "avantages": {a.nom: x, b.nom: y}, "objectif": objectif}
        if sans_fin == 0:
            c = chances_scene(a, b, politique_a=pa, politique_b=pb, **kwargs)  # type: ignore[arg-type]
            assert (c.victoire_premier, c.victoire_second, c.tours_esperes) == (va, vb, tours), (x, y, q)
            continue
        with pytest.raises(ValueError) as refus:
            chances_scene(a, b, politique_a=pa, politique_b=pb, **kwargs)  # type: ignore[arg-type]
        assert str(refus.value) == (
            f"la scène peut ne jamais finir ({fois(sans_fin)}) : aucun effet d'au moins 1 point "
            f"ne passe plus et personne n'atteint {objectif} ; changez les seuils, les Indices ou les armures "
            "(le texte laisse alors les joueurs arrêter la scène)"
        ), (x, y, q)


# --- Oracle 2 : simulation à graine fixe, un tour à la fois par jouer_scene ----------------------------


SIMULES = [
    (Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=11, indice="1D6+1D3"), Politique(), Politique()),
    (
        Personnage("Ada", seuil=13, indice="1D6+1D3", talent_contre_attaque=True),
        Personnage("Bruno", seuil=12, indice="2D6", armure=2),
        Politique(Risque(-2, bonus_points=2), Defense.CONTRE_ATTAQUE),
        Politique(Risque(-1, niveaux=1), Defense.ESQUIVE),
    ),
    (Personnage("Philip", seuil=9, indice="3D6"), Personnage("la serrure", actif=False, armure=2), Politique(Risque(1)), Politique()),
]  # fmt: skip


@pytest.mark.parametrize(("a", "b", "pa", "pb"), SIMULES)
def test_chaine_egale_simulation_grainee(a: Personnage, b: Personnage, pa: Politique, pb: Politique) -> None:
    n = 1500
    victoires, tours = simuler_scene(a, b, pa, pb, n, graine=2026, initiative=a.nom)
    c = chances_scene(a, b, politique_a=pa, politique_b=pb)
    p = float(c.victoire_premier)
    assert abs(victoires / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9, (victoires / n, p)
    assert abs(tours / n - float(c.tours_esperes)) <= 0.1 * float(c.tours_esperes)


def test_sans_politique_c_est_la_scene_de_jouer_scene() -> None:
    """Politique par défaut (sans risque, blocage) : celle des tours que jouer_scene tire seule."""
    a, b = SIMULES[0][0], SIMULES[0][1]
    rng = random.Random(7)
    n = 1500
    gagnes = sum(jouer_scene(a, b, rng=rng, tours_max=500).vainqueur == a.nom for _ in range(n))
    p = float(chances_scene(a, b).victoire_premier)
    assert abs(gagnes / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n)


# --- Oracle 3 : face à un passif, la chaîne de sans_opposition ---------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 20),
    st.sampled_from(["1D3", "1D6", "1D6+1D3", "2D6", "4D6"]),
    st.integers(-2, 2),
    st.integers(-3, 3),
    st.integers(-3, 3),
    st.integers(0, 3),
    st.sampled_from([Avantage.LEGER, Avantage.CRITIQUE, Avantage.DEFINITIF]),
    st.sampled_from(list(Avantage)[:3]),
)
def test_face_a_un_passif_c_est_sans_opposition(
    seuil: int, indice: str, mod: int, niveaux: int, bonus: int, armure: int, objectif: Avantage, depart: Avantage
) -> None:
    a = Personnage("A", seuil=seuil, indice=indice)
    passif = Personnage("la difficulté", actif=False, armure=armure)
    risque = Risque(mod, niveaux=niveaux, bonus_points=bonus)
    try:
        attendu = issue_sans_opposition(
            seuil + mod, indice, objectif=objectif, niveaux=niveaux, bonus_points=bonus, armure=armure,
            avantage_initial=depart,
        )  # fmt: skip
    except ValueError as e:
        with pytest.raises(ValueError, match=r"niveaux|jamais finir"):
            chances_scene(a, passif, politique_a=Politique(risque), avantages={"A": depart}, objectif=objectif)
        assert "niveaux" in str(e) or "aucun effet" in str(e)
        return
    c = chances_scene(a, passif, politique_a=Politique(risque), avantages={"A": depart}, objectif=objectif)
    assert c.victoire_premier == sum((p for av, p in attendu.items() if av >= objectif), Fraction(0))
    assert c.victoire_premier + c.victoire_second == 1


# --- Propriétés ---------------------------------------------------------------------------------------

_POLITIQUES = st.builds(
    Politique,
    st.builds(Risque, st.integers(-3, 2), st.integers(0, 1), st.integers(-1, 2)),
    st.sampled_from(list(Defense)),
)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(6, 16), st.integers(6, 16), _POLITIQUES, _POLITIQUES, st.booleans(), st.sampled_from(list(Avantage)[:4])
)
def test_symetrie_somme_et_avantage_qui_aide(
    sa: int, sb: int, pa: Politique, pb: Politique, init_b: bool, depart: Avantage
) -> None:
    a, b = Personnage("A", seuil=sa, indice="2D6"), Personnage("B", seuil=sb, indice="1D6+1D3")
    qui = "B" if init_b else "A"
    c = chances_scene(a, b, politique_a=pa, politique_b=pb, initiative=qui, avantages={"A": depart})
    assert c.victoire_premier + c.victoire_second == 1
    assert c.tours_esperes >= 1
    # Échanger les rôles échange les chances.
    miroir = chances_scene(b, a, politique_a=pb, politique_b=pa, initiative=qui, avantages={"A": depart})
    assert (miroir.victoire_premier, miroir.victoire_second) == (c.victoire_second, c.victoire_premier)
    # Un avantage de départ plus haut n'ôte jamais de chances (la progression est croissante).
    if depart < Avantage.CRITIQUE:
        mieux = chances_scene(
            a, b, politique_a=pa, politique_b=pb, initiative=qui, avantages={"A": depart.cran_suivant()}
        )
        assert mieux.victoire_premier >= c.victoire_premier


def test_deja_a_l_objectif() -> None:
    a, b = SIMULES[0][0], SIMULES[0][1]
    c = chances_scene(a, b, avantages={"Bruno": Avantage.DEFINITIF})
    assert (c.victoire_premier, c.victoire_second, c.tours_esperes) == (0, 1, 0)


def test_l_avantage_prete_a_un_passif_ne_compte_pas() -> None:
    """Un passif ne progresse ni ne gagne : un avantage qu'on lui donne au départ ne change rien."""
    a, porte = Personnage("A", seuil=11, indice="1D6"), Personnage("la porte", actif=False, armure=1)
    attendu = issue_sans_opposition(11, "1D6", objectif=Avantage.FORT, armure=1)
    chance = sum((p for av, p in attendu.items() if av >= Avantage.FORT), Fraction(0))
    for prete in Avantage:
        c = chances_scene(a, porte, avantages={"la porte": prete}, objectif=Avantage.FORT)
        assert (c.victoire_premier, c.victoire_second) == (chance, 1 - chance), prete


# --- Ce que lit le joueur : les camps et la phrase -------------------------------------------------


@pytest.mark.parametrize(
    ("risque", "texte"),
    [
        (Risque(0), "sans risque"),
        (Risque(1), "+1 au jet"),
        (Risque(-12), "−12 au jet"),
        (Risque(niveaux=1), "+1 niveau d'effet"),
        (Risque(niveaux=-1), "−1 niveau d'effet"),
        (Risque(niveaux=2), "+2 niveaux d'effet"),
        (Risque(niveaux=-2), "−2 niveaux d'effet"),
        (Risque(bonus_points=1), "+1 point d'effet"),
        (Risque(bonus_points=-1), "−1 point d'effet"),
        (Risque(bonus_points=2), "+2 points d'effet"),
        (Risque(bonus_points=-3), "−3 points d'effet"),
        (Risque(-3, niveaux=1, bonus_points=-1), "−3 au jet, +1 niveau d'effet, −1 point d'effet"),
        (Risque(2, niveaux=-2, bonus_points=5), "+2 au jet, −2 niveaux d'effet, +5 points d'effet"),
        (Risque(niveaux=3, bonus_points=1), "+3 niveaux d'effet, +1 point d'effet"),
    ],
)
def test_un_risque_se_lit_en_francais(risque: Risque, texte: str) -> None:
    """Signe typographique (« − »), singulier à ±1, pluriel au-delà, morceaux nuls omis."""
    assert str(risque) == texte


def test_les_camps_sont_nommes() -> None:
    a, b = SIMULES[0][0], SIMULES[0][1]
    c = chances_scene(a, b)
    assert (c.premier, c.second, c.second_actif) == ("Ada", "Bruno", True)
    c = chances_scene(a, Personnage("la porte", actif=False))
    assert (c.premier, c.second, c.second_actif) == ("Ada", "la porte", False)


def test_phrase_face_a_un_passif() -> None:
    """Rien ne passe l'armure (−6 points, armure 11) : la scène dure jusqu'au premier jet raté, et au seuil 10
    un jet sur deux rate (108 des 216 jets) : la durée suit une loi géométrique de moyenne 2, exactement."""
    philip = Personnage("Philip", seuil=10, indice="1D3")
    serrure = Personnage("la serrure", actif=False, armure=11)
    sans_effet = Politique(Risque(bonus_points=-6))
    c = chances_scene(philip, serrure, politique_a=sans_effet, objectif=Avantage.LEGER)
    assert (c.victoire_premier, c.tours_esperes) == (0, 2)
    assert str(c) == (
        "Philip (seuil 10, 1D3 ; −6 points d'effet) face à la serrure (passif, armure 11), pour avantage léger : "
        "Philip réussit 0 % des fois et échoue 100 % des fois (un jet raté avant l'objectif) ; 2 tours en moyenne."
    )
    # Depuis un avantage déjà acquis, la phrase le dit ; sans armure, elle n'en parle pas.
    c = chances_scene(
        philip, Personnage("la serrure", actif=False), avantages={"Philip": Avantage.LEGER}, objectif=Avantage.FORT
    )
    attendu = issue_sans_opposition(10, "1D3", objectif=Avantage.FORT, avantage_initial=Avantage.LEGER)
    reussit = sum((p for av, p in attendu.items() if av >= Avantage.FORT), Fraction(0))
    assert 1 < c.tours_esperes < 2  # moins de deux tours : « tour » reste au singulier
    tours = f"{float(c.tours_esperes):.1f}".replace(".", ",")
    assert str(c) == (
        "Philip (seuil 10, 1D3 ; sans risque) face à la serrure (passif), pour avantage fort, depuis avantage léger : "
        f"Philip réussit {fois(reussit)} et échoue {fois(1 - reussit)} "
        f"(un jet raté avant l'objectif) ; {tours} tour en moyenne."
    )


def test_phrase_pluriel_apres_arrondi() -> None:
    """Une durée de 1,95 à 2 tours s'écrit « 2 tours » : l'accord suit le nombre affiché, pas la valeur exacte."""
    c = chances_scene(
        Personnage("P", seuil=10, indice="1D3"), Personnage("la serrure", actif=False, armure=4), objectif=Avantage.FORT
    )
    assert Fraction(195, 100) <= c.tours_esperes < 2
    assert str(c).endswith(" ; 2 tours en moyenne.")


def test_phrase_entre_deux_actifs() -> None:
    """Les chances et la durée de la phrase sont celles de la chaîne entière (oracle brut) ; les armures,
    l'objectif (s'il n'est pas définitif) et les avantages de départ y sont dits."""
    a, b = Personnage("A", seuil=12, indice="1D3"), Personnage("B", seuil=11, indice="1D3", armure=1)
    oracle = _oracle_complet(a, b, Politique(), Politique(), Avantage.MOYEN)
    for (x, y, q), phrase_depart in [
        ((Avantage.AUCUN, Avantage.AUCUN, "A"), "depuis aucun avantage"),
        ((Avantage.AUCUN, Avantage.LEGER, "B"), "depuis aucun avantage pour A et avantage léger pour B"),
    ]:
        c = chances_scene(a, b, initiative=q, avantages={"B": y}, objectif=Avantage.MOYEN)
        va, vb, _, tours = oracle[(x, y, q)]
        assert tours is not None
        duree = f"{float(tours):.1f}".replace(".", ",")
        assert str(c) == (
            "A (seuil 12, 1D3 ; attaque : sans risque ; défense : blocage) contre "
            f"B (seuil 11, 1D3, armure 1 ; attaque : sans risque ; défense : blocage), {q} a l'initiative, "
            f"{phrase_depart} (objectif : avantage moyen) : A l'emporte {fois(va)}, "
            f"B {fois(vb)} ; {duree} tours en moyenne."
        )


# --- L'échange de risque ------------------------------------------------------------------------------


def test_comparer_risques_prend_le_meilleur() -> None:
    a, b = SIMULES[0][0], SIMULES[0][1]
    comp = comparer_risques(a, b)
    assert [r for r, _ in comp.options] == list(RISQUES)
    for r, c in comp.options:
        assert c == chances_scene(a, b, politique_a=Politique(r))
    assert comp.meilleur == max(comp.options, key=lambda o: o[1].victoire_premier)[0]
    assert str(comp.meilleur) in str(comp)


def test_comparer_risques_face_a_un_passif() -> None:
    josephine = Personnage("Joséphine", seuil=12, indice="1D6+1D3")
    temoin = Personnage("le témoin", actif=False)
    comp = comparer_risques(josephine, temoin, objectif=Avantage.CRITIQUE)
    sans, verre = comp.options[0][1], comp.options[1][1]
    # La page des scènes d'interaction compare déjà ces deux choix par issue_sans_opposition.
    attendu_sans = issue_sans_opposition(12, "1D6+1D3", objectif=Avantage.CRITIQUE)
    attendu_verre = issue_sans_opposition(11, "1D6+1D3", objectif=Avantage.CRITIQUE, niveaux=1)
    assert sans.victoire_premier == sum(p for av, p in attendu_sans.items() if av >= Avantage.CRITIQUE)
    assert verre.victoire_premier == sum(p for av, p in attendu_verre.items() if av >= Avantage.CRITIQUE)
    assert comp.meilleur == Risque(0)


def test_comparer_risques_garde_le_reste_de_la_scene() -> None:
    """Seul le risque de a change d'une option à l'autre : sa défense, la politique de b, l'initiative,
    les avantages de départ et l'objectif restent ceux donnés."""
    a, b = Personnage("A", seuil=12, indice="1D3"), Personnage("B", seuil=11, indice="1D3", armure=1)
    scene = {
        "politique_b": Politique(Risque(-1, niveaux=1), Defense.CONTRE_ATTAQUE),
        "initiative": "B",
        "avantages": {"A": Avantage.LEGER},
        "objectif": Avantage.FORT,
    }
    comp = comparer_risques(a, b, RISQUES, politique_a=Politique(Risque(2), Defense.ESQUIVE), **scene)  # type: ignore[arg-type]
    assert [r for r, _ in comp.options] == list(RISQUES)
    for r, c in comp.options:
        assert c == chances_scene(a, b, politique_a=Politique(r, Defense.ESQUIVE), **scene)  # type: ignore[arg-type]


def test_un_seul_risque_sans_autre_a_comparer() -> None:
    a, b = Personnage("Ada", seuil=12, indice="1D3"), Personnage("Bruno", seuil=11, indice="1D3")
    comp = comparer_risques(a, b, [Risque(0)])
    p = fois(chances_scene(a, b).victoire_premier)
    assert str(comp) == f"Pour Ada, le meilleur choix est « sans risque », qui gagne {p}."


# --- Entrées invalides --------------------------------------------------------------------------------


def test_entrees_invalides() -> None:
    a, b = SIMULES[0][0], SIMULES[0][1]
    with pytest.raises(ValueError, match="politique_a doit être une Politique"):
        chances_scene(a, b, politique_a=Defense.ESQUIVE)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="defense doit être une Defense"):
        Politique(defense="esquive")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="risque doit être un Risque"):
        Politique(-1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="modificateur doit être un entier"):
        Risque(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="initiative doit être 'Ada' ou 'Bruno'"):
        chances_scene(a, b, initiative="Carla")
    with pytest.raises(ValueError, match="risques doit être une suite non vide"):
        comparer_risques(a, b, [])
    with pytest.raises(ValueError, match=r"risques\[1\] doit être un Risque"):
        comparer_risques(a, b, [Risque(0), -1])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="le déclencheur d'une scène doit être actif"):
        chances_scene(Personnage("P", actif=False), a)


def test_scene_sans_fin_refusee() -> None:
    # Deux seuils sous 3 : chaque attaque rate, l'initiative passe et repasse sans fin.
    a, b = Personnage("A", seuil=2, indice="2D6"), Personnage("B", seuil=2, indice="2D6")
    with pytest.raises(ValueError, match="la scène peut ne jamais finir"):
        chances_scene(a, b)
    # Une armure que rien ne traverse, face à un passif qui ne rate jamais de faire durer.
    with pytest.raises(ValueError, match="ne jamais finir"):
        chances_scene(
            Personnage("A", seuil=30, indice="1D3"),
            Personnage("mur", actif=False, armure=20),
            politique_a=Politique(Risque(bonus_points=-20)),
        )
    # L'un ne peut rien, l'autre si : la scène finit (par la victoire de l'autre).
    c = chances_scene(Personnage("A", seuil=2, indice="2D6"), Personnage("B", seuil=14, indice="2D6"))
    assert c.victoire_second == 1


# --- Ce qui est refusé, mot pour mot : le paramètre, ce qui a été reçu, ce qui est permis -----------

# Deux camps bon marché (Indices 1D3, objectif léger) : une comparaison de 20 risques reste rapide.
_ADA = Personnage("Ada", seuil=12, indice="1D3")
_BRUNO = Personnage("Bruno", seuil=11, indice="1D3")


@pytest.mark.parametrize("classe", [Risque, Tour])
def test_un_risque_a_les_bornes_d_un_tour_joue(classe: type) -> None:
    """Ce qu'on calcule (un Risque) doit pouvoir se jouer (un Tour) : mêmes bornes, mêmes refus, mot pour mot."""
    for nom, valeur in (
        ("modificateur", -40),
        ("niveaux", -16),
        ("niveaux", 16),
        ("bonus_points", -20),
        ("bonus_points", 20),
    ):
        assert getattr(classe(**{nom: valeur}), nom) == valeur
    refus = [
        ("modificateur", 0.5, "modificateur doit être un entier, reçu 0.5"),
        ("bonus_points", 21, "bonus_points doit être un entier entre -20 et 20, reçu 21"),
        ("bonus_points", -21, "bonus_points doit être un entier entre -20 et 20, reçu -21"),
        ("niveaux", 17, "niveaux doit être un entier entre -16 et 16, reçu 17"),
        ("niveaux", -17, "niveaux doit être un entier entre -16 et 16, reçu -17"),
    ]
    for nom, valeur, message in refus:
        with pytest.raises(ValueError) as erreur:
            classe(**{nom: valeur})
        assert str(erreur.value) == message


_RISQUE = "doit être un Risque (modificateur, niveaux, bonus_points), reçu"
_AVANTAGES = "(AUCUN, LEGER, MOYEN, FORT, CRITIQUE, DEFINITIF)"


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: Politique(-1), f"risque {_RISQUE} -1"),  # type: ignore[arg-type]
        (
            lambda: Politique(Risque(), "esquive"),  # type: ignore[arg-type]
            "defense doit être une Defense (ESQUIVE, BLOCAGE, CONTRE_ATTAQUE), reçu 'esquive'",
        ),
        (lambda: chances_echange(_ADA, _BRUNO, risque=-1), f"risque {_RISQUE} -1"),  # type: ignore[arg-type]
        (
            lambda: chances_echange(_ADA, _BRUNO, defense="esquive"),  # type: ignore[arg-type]
            "defense doit être une Defense (ESQUIVE, BLOCAGE, CONTRE_ATTAQUE), reçu 'esquive'",
        ),
        (
            lambda: chances_echange(_ADA, _BRUNO, avantage="léger"),  # type: ignore[arg-type]
            f"avantage doit être un Avantage {_AVANTAGES}, reçu 'léger'",
        ),
        (
            lambda: chances_scene(_ADA, _BRUNO, politique_b="x"),  # type: ignore[arg-type]
            "politique_b doit être une Politique (risque, défense), reçu 'x'",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, 5),  # type: ignore[arg-type]
            "risques doit être une suite d'au plus 20 risques, reçu 5",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, [Risque(0)] * 21, objectif=Avantage.LEGER),
            "risques doit être une suite d'au plus 20 risques, reçu plus de 20 éléments",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, []),
            "risques doit être une suite non vide de Risque, reçu une suite vide",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, [Risque(0), -1]),  # type: ignore[list-item]
            f"risques[1] {_RISQUE} -1",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, politique_a=Defense.ESQUIVE),  # type: ignore[arg-type]
            "politique_a doit être une Politique (risque, défense), reçu <Defense.ESQUIVE: 'esquive'>",
        ),
    ],
)
def test_le_mauvais_est_refuse_mot_pour_mot(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_vingt_risques_sont_encore_permis() -> None:
    """La borne est 20 : la vingtième option est comparée, la vingt et unième refusée (ci-dessus)."""
    risques = [Risque(m) for m in range(-10, 10)]
    comp = comparer_risques(_ADA, _BRUNO, risques, objectif=Avantage.LEGER)
    assert [r for r, _ in comp.options] == risques


# --- La défense choisie après l'attaque : énumération brute des dés, écrite à part --------------------------
#
# Le code de ce bloc ne passe ni par `echange` ni par `rules.troisd6.resolution` : les niveaux, l'échelle des
# Indices, l'esquive, le blocage, la contre-attaque, l'armure et l'initiative y sont redits d'après le texte,
# et chaque dé (3d6 de l'attaque, 3d6 de la défense, dés d'effet de l'attaque et du blocage) est énuméré.

_ECHELLE = ["1D3", "1D6", "1D6+1D3", "2D6", "3D6"] + [f"{n}D6" for n in range(4, 16)]
"""L'échelle des Indices de la page (1D6+1D3, 2D6, 3D6, puis +1D6 par niveau)."""

_TROIS_DES = Counter(tuple(sorted(d)) for d in product(range(1, 7), repeat=3))


def _niveau_brut(des: tuple[int, ...], seuil: int) -> tuple[int, int, int]:
    """(rang 0 à 5 du pire au meilleur, Dd ou 0, Dt ou 0) : « 3D6 › Principes de base › Spéciaux et critiques »."""
    a, b, c = sorted(des)
    dt = a if a == c else 0
    dd = b if not dt and (a == b or b == c) else 0
    reussi = sum(des) <= seuil
    rang = (5 if dt else 4 if dd else 3) if reussi else (0 if dt else 1 if dd else 2)
    return rang, dd, dt


@cache
def _totaux_bruts(indice: str) -> tuple[tuple[int, int], ...]:
    """Chaque total d'un jet d'Indice et son nombre de jets ordonnés, dé par dé."""
    d6, _, d3 = indice.partition("D6")
    n6 = int(d6) if "D6" in indice else 0
    n3 = 1 if d3 == "+1D3" or indice == "1D3" else 0
    faces = [range(1, 7)] * n6 + [range(1, 4)] * n3
    return tuple(Counter(sum(f) for f in product(*faces)).items())


def _monte_brut(indice: str, niveaux: int) -> str:
    return _ECHELLE[_ECHELLE.index(indice) + niveaux]


def _apres_attaque_brut(
    sa: int,
    ia: str,
    attaque: int | tuple[int, int, int],
    sd_defense: int,
    sd_attaque: int,
    id_: str,
    armure: int,
    talent: bool,
    risque: tuple[int, int, int],
    defense: str,
) -> tuple[Fraction, Fraction, Fraction]:
    """(aucun point, points moyens, initiative reprise) : tous les dés, sur les jets d'attaque de ce rang (ou ces dés)."""
    mod, niveaux, bonus = risque
    seuil_a = sa + mod
    seuil_d = (sd_attaque - (0 if talent else 3) if defense == "contre" else sd_defense) + mod
    jets_a = (
        {attaque: 1}
        if isinstance(attaque, tuple)
        else {d: n for d, n in _TROIS_DES.items() if _niveau_brut(d, seuil_a)[0] == attaque}
    )
    aucun = moyenne = reprise = Fraction(0)
    poids = sum(jets_a.values()) * 216
    for da, na in jets_a.items():
        ra, dda, dta = _niveau_brut(da, seuil_a)
        effets_a = _totaux_bruts(_monte_brut(ia, niveaux + dta)) if ra >= 3 else ((0, 1),)
        plus_a = bonus + dda
        for dd, nd in _TROIS_DES.items():
            rd, ddd, dtd = _niveau_brut(dd, seuil_d)
            au_moins = rd >= 3 and rd >= ra
            change = ra < 3 or rd > ra or (defense == "contre" and au_moins)
            bloque = defense == "blocage" and ra >= 3 and rd >= 3
            effets_d = _totaux_bruts(_monte_brut(id_, dtd)) if bloque else ((0, 1),)
            n_a, n_d = sum(n for _, n in effets_a), sum(n for _, n in effets_d)
            for x, nx in effets_a:
                for y, ny in effets_d:
                    p = Fraction(na * nd * nx * ny, poids * n_a * n_d)
                    if ra < 3 or (defense == "esquive" and au_moins):
                        net = 0
                    else:
                        net = x + plus_a - (y + ddd if bloque else 0)
                        net = max(net - armure, 0) if net > 0 else 0
                    aucun += p if net == 0 else 0
                    moyenne += p * net
                    reprise += p if change else 0
    return aucun, moyenne, reprise


_DEFENSES_BRUTES = {Defense.ESQUIVE: "esquive", Defense.BLOCAGE: "blocage", Defense.CONTRE_ATTAQUE: "contre"}
_RANGS = {Niveau.ECHEC_SIMPLE: 2, Niveau.REUSSITE_SIMPLE: 3, Niveau.REUSSITE_SPECIALE: 4, Niveau.REUSSITE_CRITIQUE: 5}

APRES_ATTAQUE = [
    # (seuil et Indice de l'attaquant, attaque, défenseur, risque)
    (12, "2D6", Niveau.REUSSITE_SPECIALE, Personnage("B", seuil=10, indice="1D6+1D3"), Risque()),
    (12, "2D6", Niveau.REUSSITE_SIMPLE, Personnage("B", seuil=7, indice="1D6", armure=2), Risque()),
    (12, "1D6", Niveau.REUSSITE_CRITIQUE, Personnage("B", seuil=13, indice="1D3", talent_contre_attaque=True), Risque()),
    (9, "1D6+1D3", Niveau.ECHEC_SIMPLE, Personnage("B", seuil=10, indice="1D6"), Risque()),
    (11, "1D6", Niveau.REUSSITE_SPECIALE, Personnage("B", seuil=9, indice="1D6", seuil_defense=12, indice_defense="1D3"), Risque(-1, niveaux=1)),
    (14, "1D3", (3, 3, 5), Personnage("B", seuil=10, indice="2D6", armure=1, talent_contre_attaque=True), Risque(-2, bonus_points=2)),
    (10, "1D6", (2, 2, 2), Personnage("B", seuil=13, indice="1D6+1D3", armure=3), Risque()),
    (8, "1D6", (6, 5, 4), Personnage("B", seuil=10, indice="1D6"), Risque()),
]  # fmt: skip


@pytest.mark.parametrize(("sa", "ia", "attaque", "b", "risque"), APRES_ATTAQUE)
def test_la_defense_apres_l_attaque_egale_l_enumeration_des_des(
    sa: int, ia: str, attaque: Niveau | tuple[int, int, int], b: Personnage, risque: Risque
) -> None:
    a = Personnage("A", seuil=sa, indice=ia)
    choix = defense_apres_attaque(a, b, attaque, risque=risque)
    assert b.seuil is not None
    sd = b.seuil if b.seuil_defense is None else b.seuil_defense
    id_ = str(b.indice if b.indice_defense is None else b.indice_defense)
    brut_attaque = attaque if isinstance(attaque, tuple) else _RANGS[attaque]
    for o in choix.options:
        attendu = _apres_attaque_brut(
            sa, ia, brut_attaque, sd, b.seuil, id_, b.armure, b.talent_contre_attaque,
            (risque.modificateur, risque.niveaux, risque.bonus_points), _DEFENSES_BRUTES[o.defense],
        )  # fmt: skip
        assert (o.aucun_point, o.points_esperes, o.initiative) == attendu, o.defense
        assert sum(o.points.values()) == 1 and o.points.get(0, Fraction(0)) == o.aucun_point
        assert sum(k * p for k, p in o.points.items()) == o.points_esperes


def test_l_exemple_de_l_issue_contre_attaque_23_sur_216_esquive_1_sur_72() -> None:
    """« The attacker got a réussite spéciale, my threshold is 10 » : la contre-attaque (sous 7) doit faire au moins
    une spéciale, l'esquive (sous 10) ne reprend l'initiative que sur un critique. Chaque chiffre, par icepool."""
    ada, bruno = Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=10, indice="1D6+1D3")
    choix = defense_apres_attaque(ada, bruno, Niveau.REUSSITE_SPECIALE)
    trois = icepool.d6.pool(3).expand()

    def chance(condition: Callable[[tuple[int, ...]], bool]) -> Fraction:
        return Fraction(sum(n for des, n in trois.items() if condition(des)), trois.denominator())

    double_ou_triple = lambda des, seuil: sum(des) <= seuil and len(set(des)) < 3  # noqa: E731
    triple = lambda des, seuil: sum(des) <= seuil and len(set(des)) == 1  # noqa: E731
    assert (
        choix.pour(Defense.CONTRE_ATTAQUE).initiative == chance(lambda d: double_ou_triple(d, 7)) == Fraction(23, 216)
    )
    assert choix.pour(Defense.ESQUIVE).initiative == chance(lambda d: triple(d, 10)) == Fraction(1, 72)
    assert choix.pour(Defense.ESQUIVE).aucun_point == chance(lambda d: double_ou_triple(d, 10))
    assert choix.pour(Defense.CONTRE_ATTAQUE).aucun_point == 0  # elle ne réduit rien, et 2D6 + Dd fait au moins 3
    assert choix.meilleure is Defense.CONTRE_ATTAQUE
    assert str(choix).startswith(
        "Contre-attaque : la meilleure chance de reprendre l'initiative, 10,6 % (esquive : 1 chance sur 72"
    )


def test_le_conseil_dans_chaque_cas() -> None:
    ada, bruno = Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=10, indice="1D6+1D3")
    rate = defense_apres_attaque(ada, bruno, (6, 5, 4))
    assert rate.meilleure is None and rate.attaque is Niveau.ECHEC_SIMPLE
    assert str(rate) == (
        "Attaque ratée (échec simple) : aucun point d'effet ne passe, et l'initiative passe à Bruno quelle que soit "
        "sa défense."
    )
    assert all(o.initiative == 1 and o.aucun_point == 1 for o in rate.options)
    simple = defense_apres_attaque(ada, bruno, Niveau.REUSSITE_SIMPLE)  # esquive et blocage à égalité d'initiative
    assert simple.pour(Defense.ESQUIVE).initiative == simple.pour(Defense.BLOCAGE).initiative
    assert simple.meilleure is Defense.ESQUIVE and str(simple).endswith(
        ", et le moins de points d'effet subis, 3,5 en moyenne."
    )
    # Un défenseur trop faible pour reprendre l'initiative contre un critique : le moins de points décide.
    faible = defense_apres_attaque(ada, Personnage("Bruno", seuil=5, indice="2D6"), Niveau.REUSSITE_CRITIQUE)
    assert all(o.initiative == 0 for o in faible.options) and faible.meilleure is Defense.BLOCAGE
    assert str(faible).startswith("Blocage : aucune défense ne reprend l'initiative contre cette réussite critique")


def test_la_defense_apres_l_attaque_refuse_en_nommant() -> None:
    ada, bruno = Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=10, indice="1D6+1D3")
    with pytest.raises(ValueError, match=r"^attaque : le niveau « Réussite critique » est impossible sous le seuil 2$"):
        defense_apres_attaque(Personnage("Ada", seuil=2, indice="2D6"), bruno, Niveau.REUSSITE_CRITIQUE)
    with pytest.raises(ValueError, match=r"^attaque doit contenir exactement 3 dés"):
        defense_apres_attaque(ada, bruno, (1, 2))
    with pytest.raises(
        ValueError, match=r"^attaque doit être un Niveau ou les trois dés de l'attaque, reçu 'spéciale'"
    ):
        defense_apres_attaque(ada, bruno, "spéciale")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^defenseur : la porte est passif"):
        defense_apres_attaque(ada, Personnage("la porte", actif=False), Niveau.REUSSITE_SIMPLE)
    with pytest.raises(ValueError, match=r"^risque doit être un Risque"):
        defense_apres_attaque(ada, bruno, Niveau.REUSSITE_SIMPLE, risque=-1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^defense doit être"):
        defense_apres_attaque(ada, bruno, Niveau.REUSSITE_SIMPLE).pour("esquive")  # type: ignore[arg-type]
