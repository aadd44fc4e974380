"""WaRP › Jets opposés : chances exactes contre tous les couples de jets, contre icepool, et cohérence."""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.warp import Issue, Resultat, chances_opposees, distribution_opposee, jet, opposition


@pytest.mark.parametrize("symetrique", [False, True])
@pytest.mark.parametrize(
    "a,ba,ma,b,bb,mb",
    [(1, 0, 0, 1, 0, 0), (2, 0, 0, 1, 1, 0), (2, 1, 0, 2, 0, 0), (1, 0, 2, 2, 0, 1), (3, 0, 0, 2, 0, 0)],
)
def test_distribution_opposee_egale_tous_les_couples_de_jets(
    a: int, ba: int, ma: int, b: int, bb: int, mb: int, symetrique: bool
) -> None:
    """Chaque couple de jets ordonnés, résolu par `opposition` elle-même."""
    na, nb = a + abs(ba - ma), b + abs(bb - mb)
    jets_a = [jet(a, bonus=ba, malus=ma, des=d) for d in product(range(1, 7), repeat=na)]
    jets_b = [jet(b, bonus=bb, malus=mb, des=d) for d in product(range(1, 7), repeat=nb)]
    compte: Counter[tuple[Resultat | None, Resultat | None]] = Counter()
    for ja in jets_a:
        for jb in jets_b:
            o = opposition(ja, jb, symetrique=symetrique)
            compte[(o.resultat_premier, o.resultat_second)] += 1
    total = 6 ** (na + nb)
    attendu = {k: Fraction(v, total) for k, v in compte.items()}
    obtenu = distribution_opposee(
        a, b, bonus_premier=ba, malus_premier=ma, bonus_second=bb, malus_second=mb, symetrique=symetrique
    )
    assert {k: v for k, v in obtenu.items() if v} == attendu


class _TotalEtSix(icepool.MultisetEvaluator):  # type: ignore[misc]
    """Oracle icepool : (total, nombre de 6) des dés gardés."""

    def next_state(self, etat: tuple[int, int] | None, ordre: object, face: int, nombre: int) -> tuple[int, int]:
        total, six = etat or (0, 0)
        return (total + face * nombre, six + (nombre if face == 6 else 0))


def _profils_icepool(trait: int, net: int) -> dict[tuple[int, int], Fraction]:
    reserve = icepool.d6.pool(trait + abs(net))
    de = _TotalEtSix().evaluate(reserve.highest(trait) if net >= 0 else reserve.lowest(trait))
    return {tuple(p): Fraction(de.quantity(p), de.denominator()) for p in de.outcomes() if de.quantity(p)}


def _des_temoins(trait: int, total: int, six: int) -> tuple[int, ...]:
    """Des dés gardés qui ont ce total et ce nombre de 6 (les autres dés de 1 à 5)."""
    autres, reste = [1] * (trait - six), total - 6 * six - (trait - six)
    for i in range(len(autres)):
        ajout = min(4, reste)
        autres[i] += ajout
        reste -= ajout
    assert reste == 0
    return (6,) * six + tuple(autres)


@pytest.mark.parametrize("symetrique", [False, True])
@pytest.mark.parametrize("a,net_a,b,net_b", [(6, 3, 5, -2), (8, 2, 4, 5), (3, -6, 7, 0)])
def test_distribution_opposee_egale_icepool_et_la_regle_sur_chaque_couple_de_profils(
    a: int, net_a: int, b: int, net_b: int, symetrique: bool
) -> None:
    """Lois des camps par icepool, chaque couple de profils tranché par `opposition` elle-même."""
    attendu: defaultdict[tuple[Resultat | None, Resultat | None], Fraction] = defaultdict(Fraction)
    jets_b = [(jet(b, des=_des_temoins(b, t, s)), p) for (t, s), p in _profils_icepool(b, net_b).items()]
    for (t, s), p in _profils_icepool(a, net_a).items():
        ja = jet(a, des=_des_temoins(a, t, s))
        for jb, q in jets_b:
            o = opposition(ja, jb, symetrique=symetrique)
            attendu[(o.resultat_premier, o.resultat_second)] += p * q
    obtenu = distribution_opposee(
        a,
        b,
        bonus_premier=max(net_a, 0),
        malus_premier=max(-net_a, 0),
        bonus_second=max(net_b, 0),
        malus_second=max(-net_b, 0),
        symetrique=symetrique,
    )
    assert obtenu == dict(attendu)


def test_le_plus_grand_cas_accepte_somme_a_un_et_au_dela_refuse() -> None:
    c = chances_opposees(12, 12, bonus_premier=12, malus_second=12)
    assert sum(c.values()) == 1 and c[Issue.PREMIER] > Fraction(99, 100)
    with pytest.raises(ValueError, match="trait_second doit être ≤ 12 pour calculer des chances exactes, reçu 13"):
        chances_opposees(12, 13)
    with pytest.raises(ValueError, match="bonus_premier et malus_premier : au plus 12 dés de modificateur nets"):
        distribution_opposee(3, 3, bonus_premier=20, malus_premier=7)


def test_regles_d_annulation() -> None:
    # Critiques 2 contre 1 : il en reste un au vainqueur.
    o = opposition(jet(3, des=(6, 6, 2)), jet(3, des=(6, 4, 3)))
    assert (o.resultat_premier, o.resultat_second, o.critiques_nets) == (Resultat.MAGISTRALE, Resultat.ECHEC, 1)
    # Le perdant qui garde plus de 6 : Compensation.
    o = opposition(jet(3, des=(5, 5, 4)), jet(3, des=(6, 3, 2)))
    assert o.resultat_second is Resultat.COMPENSATION
    # La Catastrophe annule le 6 adverse.
    o = opposition(jet(2, des=(1, 1)), jet(2, des=(6, 1)))
    assert (o.resultat_premier, o.resultat_second) == (Resultat.CATASTROPHE, Resultat.REUSSITE)
    # Une Catastrophe perd même avec le plus gros total.
    o = opposition(jet(3, des=(1, 1, 1)), jet(1, des=(2,)), symetrique=True)
    assert o.issue is Issue.SECOND
    # Deux Catastrophes : bête égalité.
    assert opposition(jet(2, des=(1, 1)), jet(1, des=(1,)), symetrique=True).issue is Issue.EGALITE
    assert opposition(jet(2, des=(1, 1)), jet(1, des=(1,))).issue is Issue.SECOND
    # … où chacune annule les Critiques de l'autre : il n'en reste aucun, dans les deux contextes.
    for symetrique in (False, True):
        assert opposition(jet(2, des=(1, 1)), jet(2, des=(1, 1)), symetrique=symetrique).critiques_nets == 0


def test_egalites() -> None:
    klingon = opposition(jet(3, des=(4, 3, 2)), jet(3, des=(5, 2, 2)))
    assert klingon.issue is Issue.SECOND and klingon.resultat_premier is Resultat.ECHEC
    bras_de_fer = opposition(jet(2, des=(6, 2)), jet(2, des=(4, 4)), symetrique=True)
    assert bras_de_fer.issue is Issue.EGALITE and bras_de_fer.avantage is Issue.PREMIER
    assert bras_de_fer.resultat_premier is None and bras_de_fer.resultat_second is None
    # Sans Critiques nets, une vraie égalité ne laisse d'avantage à personne ; un 6 du seul second, au second.
    assert opposition(jet(2, des=(5, 3)), jet(2, des=(4, 4)), symetrique=True).avantage is None
    assert opposition(jet(2, des=(6, 2)), jet(2, des=(6, 2)), symetrique=True).avantage is None
    assert opposition(jet(2, des=(4, 4)), jet(2, des=(6, 2)), symetrique=True).avantage is Issue.SECOND
    # Hors d'une vraie égalité, pas d'avantage pour la suite, même avec des Critiques nets.
    assert opposition(jet(3, des=(6, 6, 2)), jet(3, des=(6, 4, 3))).avantage is None
    assert opposition(jet(3, des=(5, 4, 3)), jet(3, des=(6, 4, 4))).avantage is None


traits = st.integers(min_value=0, max_value=4)
modifs = st.integers(min_value=0, max_value=2)


@given(traits, traits, modifs, modifs)
def test_echanger_les_camps_d_un_bras_de_fer(a: int, b: int, bonus: int, malus: int) -> None:
    c1 = chances_opposees(a, b, bonus_premier=bonus, malus_second=malus, symetrique=True)
    c2 = chances_opposees(b, a, bonus_second=bonus, malus_premier=malus, symetrique=True)
    assert (c1[Issue.PREMIER], c1[Issue.EGALITE], c1[Issue.SECOND]) == (
        c2[Issue.SECOND],
        c2[Issue.EGALITE],
        c2[Issue.PREMIER],
    )
    assert sum(c1.values()) == 1


@given(traits, traits, modifs, modifs)
def test_attaque_contre_defense_egal_bras_de_fer_sans_egalite(a: int, b: int, bonus: int, malus: int) -> None:
    """En attaque/défense, toutes les égalités du bras de fer deviennent des victoires du défenseur."""
    ad = chances_opposees(a, b, bonus_premier=bonus, malus_premier=malus)
    sy = chances_opposees(a, b, bonus_premier=bonus, malus_premier=malus, symetrique=True)
    assert ad[Issue.EGALITE] == 0
    assert ad[Issue.PREMIER] == sy[Issue.PREMIER]
    assert ad[Issue.SECOND] == sy[Issue.SECOND] + sy[Issue.EGALITE]


@given(st.integers(min_value=1, max_value=4), st.integers(min_value=1, max_value=4), modifs)
def test_un_de_de_bonus_n_aide_jamais_l_adversaire(a: int, b: int, bonus: int) -> None:
    avant = chances_opposees(a, b, bonus_premier=bonus)[Issue.PREMIER]
    assert chances_opposees(a, b, bonus_premier=bonus + 1)[Issue.PREMIER] >= avant
    assert chances_opposees(a, b, bonus_premier=bonus, bonus_second=1)[Issue.PREMIER] <= avant


@pytest.mark.parametrize(
    "appel,message",
    [
        (lambda: opposition(3, jet(2, des=(1, 2))), "premier doit être un Jet"),  # type: ignore[arg-type]
        (lambda: opposition(jet(2, des=(1, 2)), None), "second doit être un Jet"),  # type: ignore[arg-type]
        (lambda: chances_opposees(-1, 2), "trait_premier doit être un entier ≥ 0, reçu -1"),
        (lambda: distribution_opposee(2, 2, malus_second=-1), "malus_second doit être un entier ≥ 0, reçu -1"),
    ],
)
def test_une_mauvaise_entree_donne_une_erreur_francaise(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert message in str(erreur.value)


def test_l_opposition_garde_les_deux_jets_et_refuse_un_faux_jet_mot_pour_mot() -> None:
    a, b = jet(3, des=(6, 6, 2)), jet(3, des=(6, 4, 3))
    o = opposition(a, b)
    assert (o.premier, o.second, o.symetrique) == (a, b, False)
    assert opposition(a, b, symetrique=True).symetrique is True
    with pytest.raises(ValueError) as erreur:
        opposition("x", b)  # type: ignore[arg-type]
    assert str(erreur.value) == "premier doit être un Jet (le résultat de rules.warp.jet), reçu 'x'"
    with pytest.raises(ValueError) as erreur:
        opposition(a, dataclasses.replace(b, des=(7, 1, 1)))
    assert str(erreur.value) == (
        "second : ce Jet n'est pas un jet valide (des : chaque dé doit être un entier entre 1 et 6, reçu 7)"
    )


def test_la_loi_d_une_opposition_range_ses_couples_dans_l_ordre_des_resultats() -> None:
    # Vraie égalité d'abord, puis par résultat du premier, puis du second (Catastrophe … Magistrale).
    ordre = [None, *Resultat]
    cles = list(distribution_opposee(2, 2, symetrique=True))
    assert cles == sorted(cles, key=lambda c: (ordre.index(c[0]), ordre.index(c[1])))
    assert cles[:3] == [(None, None), (Resultat.CATASTROPHE, Resultat.REUSSITE), (Resultat.ECHEC, Resultat.REUSSITE)]


def test_sans_modificateur_les_lois_sont_celles_de_modificateurs_nuls() -> None:
    # Et sans contexte dit, c'est une attaque contre une défense (pas un bras de fer).
    zeros = {"bonus_premier": 0, "malus_premier": 0, "bonus_second": 0, "malus_second": 0, "symetrique": False}
    assert distribution_opposee(2, 3) == distribution_opposee(2, 3, **zeros)
    assert chances_opposees(2, 3) == chances_opposees(2, 3, **zeros)
