"""3D6 › Scènes majeures : initiative, échanges, moteur de scène, chances exactes.

Les exemples du texte (poursuite de Nice, réparation de Philip) sont des tests
nommés avec ses dés ; les chances exactes (chaîne de Markov absorbante) sont
comparées à des scènes simulées avec des dés tirés avec une graine fixe.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.regles import TEXTE, Regles, sous
from rules.troisd6 import (
    Avantage,
    Defense,
    Effet,
    Indice,
    Niveau,
    Personnage,
    Tour,
    apports,
    chance_sans_opposition,
    decider,
    echange,
    effet,
    esperance_points,
    initiative,
    issue_sans_opposition,
    jet,
    jets_moyens_sans_opposition,
    jouer_scene,
    monter,
    points_nets,
    seuil_talent,
)

PHILIP_NICE = Personnage("Philip", seuil=seuil_talent(2), indice="2D6")
TRUANDS = Personnage("les truands", seuil=seuil_talent(1), indice="1D6+1D3")
PASSIF = Personnage("la difficulté", actif=False)


# --- La poursuite de Nice ---------------------------------------------------------------------


def test_nice_tour_1_erratum_3_2_5_fait_10_echec() -> None:
    s = jouer_scene(
        PHILIP_NICE,
        TRUANDS,
        [Tour(modificateur=-3, des_attaque=(3, 2, 5), effet_attaque=3, des_defense=(4, 2, 1), effet_defense=4)],
    )
    e = s.tours[0].echange
    assert (e.jet_attaque.seuil, e.jet_attaque.total, e.jet_attaque.niveau) == (9, 10, Niveau.ECHEC_SIMPLE)
    assert (e.jet_defense is not None and e.jet_defense.seuil, e.jet_defense and e.jet_defense.total) == (8, 7)
    assert e.effet_attaque is None and e.points == 0
    assert s.tours[0].initiative == "les truands"  # le texte : « il a conservé l'initiative »


def test_nice_tour_1_tel_que_le_texte_le_raconte_avec_un_9() -> None:
    e = echange(
        PHILIP_NICE,
        TRUANDS,
        Tour(modificateur=-3, des_attaque=(3, 2, 4), effet_attaque=3, des_defense=(4, 2, 1), effet_defense=4),
    )
    assert e.points == 3 - 4 == -1
    assert not e.initiative_change


def test_nice_tour_2_avantage_moyen_et_initiative_gardee() -> None:
    s = jouer_scene(
        PHILIP_NICE,
        TRUANDS,
        [
            Tour(
                modificateur=-1,
                des_attaque=(1, 6, 3),
                effet_attaque=5,
                defense=Defense.CONTRE_ATTAQUE,
                des_defense=(5, 6, 2),
            )
        ],
        initiative="Philip",
        premier_numero=2,
    )
    t = s.tours[0]
    assert (t.echange.jet_attaque.seuil, t.echange.jet_attaque.total) == (11, 10)
    assert t.echange.jet_defense is not None and (t.echange.jet_defense.seuil, t.echange.jet_defense.total) == (7, 13)
    assert t.echange.effet_attaque is not None and str(t.echange.effet_attaque.indice) == "2D6"  # pas 1D6+1D3
    assert t.avantages["Philip"] is Avantage.MOYEN and t.initiative == "Philip"
    assert t.numero == 2 and not s.terminee


def test_reparation_de_philip() -> None:
    philip = Personnage("Philip", seuil=seuil_talent(2, -2 - 3), indice="1D6+1D3")
    s = jouer_scene(
        philip,
        Personnage("la panne", actif=False),
        [Tour(des_attaque=(3, 2, 1), effet_attaque=3), Tour(des_attaque=(2, 2, 2), effet_attaque=10)],
    )
    t1, t2 = s.tours
    assert philip.seuil == 7
    assert t1.echange.jet_attaque.niveau is Niveau.REUSSITE_SIMPLE and t1.avantages["Philip"] is Avantage.LEGER
    assert t2.echange.jet_attaque.niveau is Niveau.REUSSITE_CRITIQUE and t2.echange.jet_attaque.dt == 2
    assert t2.echange.effet_attaque is not None and str(t2.echange.effet_attaque.indice) == "3D6"
    assert t2.avantages["Philip"] is Avantage.CRITIQUE
    assert not s.terminee and s.vainqueur is None


# --- Les règles d'un échange ------------------------------------------------------------------

ADA = Personnage("Ada", seuil=12, indice="2D6")
BRUNO = Personnage("Bruno", seuil=11, indice="1D6+1D3")


def test_esquive_d_au_moins_le_meme_niveau_annule_tout() -> None:
    e = echange(
        ADA,
        BRUNO,
        Tour(des_attaque=(3, 3, 1), effet_attaque=7, defense=Defense.ESQUIVE, des_defense=(4, 4, 2)),
    )
    assert e.points == 0 and not e.initiative_change
    e = echange(
        ADA,
        BRUNO,
        Tour(des_attaque=(3, 3, 1), effet_attaque=7, defense=Defense.ESQUIVE, des_defense=(5, 2, 1)),
    )
    assert e.points == 10  # réussite simple contre spéciale : l'esquive ne suffit pas


def test_blocage_retire_son_propre_effet_avec_dd() -> None:
    e = echange(
        ADA,
        BRUNO,
        Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.BLOCAGE, des_defense=(3, 3, 1), effet_defense=4),
    )
    assert e.effet_defense is not None and e.effet_defense.points == 4 + 3
    assert e.points == 0 and e.initiative_change  # spéciale contre simple : l'initiative passe


def test_contre_attaque_malus_et_initiative() -> None:
    e = echange(
        ADA,
        BRUNO,
        Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE, des_defense=(4, 2, 1)),
    )
    assert e.jet_defense is not None and e.jet_defense.seuil == 8
    assert e.points == 7 and e.initiative_change
    talent = Personnage("Bruno", seuil=11, indice="1D6+1D3", talent_contre_attaque=True)
    e = echange(
        ADA,
        talent,
        Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE, des_defense=(5, 4, 1)),
    )
    assert e.jet_defense is not None and e.jet_defense.seuil == 11 and e.initiative_change


def test_attaque_ratee_rend_l_initiative_meme_si_le_defenseur_rate() -> None:
    e = echange(ADA, BRUNO, Tour(des_attaque=(6, 5, 4), defense=Defense.BLOCAGE, des_defense=(6, 6, 6)))
    assert e.initiative_change and e.points == 0


def test_armure_apres_la_defense() -> None:
    cible = Personnage("le témoin", actif=False, armure=2)
    assert echange(ADA, cible, Tour(des_attaque=(5, 2, 1), effet_attaque=7)).points == 5


def test_initiative() -> None:
    assert initiative("A", jet(10, (2, 2, 1)), "B", jet(10, (6, 2, 1))).gagnant == "A"
    assert initiative("A", jet(10, (6, 2, 1)), "B", jet(10, (5, 2, 1)), valeur_a=0, valeur_b=1).gagnant == "B"
    assert initiative("A", jet(10, (6, 2, 1)), "B", jet(10, (5, 2, 1))).gagnant is None


@pytest.mark.parametrize(
    ("jet_a", "jet_b", "valeurs", "gagnant", "fin"),
    [
        # « le meilleur prenant l'initiative » : dans un sens comme dans l'autre.
        ((6, 2, 1), (2, 2, 1), {}, "B", "A : Réussite simple, B : Réussite spéciale → B prend l'initiative."),
        ((6, 6, 6), (6, 5, 4), {}, "B", "A : Échec critique, B : Échec simple → B prend l'initiative."),
        # « En cas d'égalité de niveau, […] la meilleure caractéristique ou le meilleur potentiel » : dans les deux sens.
        (
            (6, 2, 1),
            (5, 2, 1),
            {"valeur_a": 2, "valeur_b": -1},
            "A",
            "A : Réussite simple, B : Réussite simple ; même niveau, caractéristique ou potentiel 2 contre −1 → A prend l'initiative.",
        ),
        (
            (6, 2, 1),
            (5, 2, 1),
            {"valeur_a": 2},
            None,
            "A : Réussite simple, B : Réussite simple ; même niveau : comparez la caractéristique ou le potentiel applicable (valeur_a, valeur_b).",
        ),
        (
            (6, 2, 1),
            (5, 2, 1),
            {"valeur_b": 2},
            None,
            "A : Réussite simple, B : Réussite simple ; même niveau : comparez la caractéristique ou le potentiel applicable (valeur_a, valeur_b).",
        ),
        (
            (6, 2, 1),
            (5, 2, 1),
            {"valeur_a": 1, "valeur_b": 1},
            None,
            "A : Réussite simple, B : Réussite simple ; même niveau et même valeur 1 : le texte ne tranche pas, le MJ décide.",
        ),
    ],
)
def test_initiative_dans_chaque_cas(
    jet_a: tuple[int, ...], jet_b: tuple[int, ...], valeurs: dict[str, int], gagnant: str | None, fin: str
) -> None:
    i = initiative("A", jet(10, jet_a), "B", jet(10, jet_b), **valeurs)
    assert (i.gagnant, i.explication) == (gagnant, fin)


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (
            lambda: initiative("", jet(10, (1, 2, 3)), "B", jet(10, (1, 2, 3))),
            "nom_a doit être un texte non vide (200 caractères au plus), reçu ''",
        ),
        (
            lambda: initiative("A", jet(10, (1, 2, 3)), "", jet(10, (1, 2, 3))),
            "nom_b doit être un texte non vide (200 caractères au plus), reçu ''",
        ),
        (
            lambda: initiative("A", 12, "B", jet(10, (1, 2, 3))),
            "jet_a doit être un Jet (le résultat de rules.troisd6.jet), reçu 12",
        ),
        (
            lambda: initiative("A", jet(10, (1, 2, 3)), "B", 12),
            "jet_b doit être un Jet (le résultat de rules.troisd6.jet), reçu 12",
        ),
        (
            lambda: initiative("A", jet(10, (1, 2, 3)), "B", jet(10, (1, 2, 3)), valeur_a=1.5),
            "valeur_a doit être un entier, reçu 1.5",
        ),
        (
            lambda: initiative("A", jet(10, (1, 2, 3)), "B", jet(10, (1, 2, 3)), valeur_b="2"),
            "valeur_b doit être un entier, reçu '2'",
        ),
    ],
)
def test_initiative_refuse_en_francais(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_scene_entre_actifs_finit_au_definitif() -> None:
    s = jouer_scene(ADA, BRUNO, rng=random.Random(5))
    assert s.terminee and s.vainqueur == "Ada"
    assert s.tours[-1].avantages["Ada"] is Avantage.DEFINITIF
    assert all(t.avantages["Ada"] < Avantage.DEFINITIF for t in s.tours[:-1])


# --- Chances exactes contre simulation à graine fixe ------------------------------------------------


def _simuler(
    seuil: int, indice: str, objectif: Avantage, n: int, graine: int, armure: int = 0
) -> tuple[Counter[Avantage], int]:
    rng = random.Random(graine)
    a = Personnage("A", seuil=seuil, indice=indice)
    passif = Personnage("la difficulté", actif=False, armure=armure)
    fins: Counter[Avantage] = Counter()
    jets = 0
    for _ in range(n):
        s = jouer_scene(a, passif, objectif=objectif, rng=rng)
        assert s.terminee
        fins[s.tours[-1].avantages["A"]] += 1
        jets += len(s.tours)
    return fins, jets


@pytest.mark.parametrize(
    ("seuil", "indice", "objectif", "armure"),
    [
        (12, "1D6+1D3", Avantage.DEFINITIF, 0),
        (14, "2D6", Avantage.DEFINITIF, 0),
        (11, "1D6+1D3", Avantage.CRITIQUE, 0),
        (15, "1D6", Avantage.DEFINITIF, 3),  # l'armure rend des effets nuls : la chaîne boucle sur place
    ],
)
def test_markov_egale_simulation_grainee(seuil: int, indice: str, objectif: Avantage, armure: int) -> None:
    n = 3000
    fins, jets = _simuler(seuil, indice, objectif, n, graine=seuil * 101, armure=armure)
    loi = issue_sans_opposition(seuil, indice, objectif=objectif, armure=armure)
    assert sum(loi.values()) == 1
    for av, p in loi.items():
        ecart = 4.5 * math.sqrt(float(p * (1 - p)) / n) + 1e-9
        assert abs(fins[av] / n - float(p)) <= ecart, (av, fins[av] / n, float(p))
    gagne = sum(fins[av] for av in Avantage if av >= objectif) / n
    assert abs(gagne - float(chance_sans_opposition(seuil, indice, objectif=objectif, armure=armure))) < 0.04
    if not armure:
        assert abs(jets / n - float(jets_moyens_sans_opposition(seuil, indice, objectif=objectif))) < 0.12


def test_markov_cas_limites() -> None:
    assert chance_sans_opposition(2, "2D6") == 0  # tout jet rate
    assert chance_sans_opposition(18, "1D6") == 1  # tout jet réussit et apporte au moins un point
    assert issue_sans_opposition(7, "1D6+1D3", avantage_initial=Avantage.CRITIQUE)[Avantage.DEFINITIF] == Fraction(
        35, 216
    )
    with pytest.raises(ValueError, match="la scène ne finit jamais"):
        issue_sans_opposition(18, "1D3", bonus_points=-20, armure=20)
    with pytest.raises(ValueError, match=r"^bonus_points doit être un entier entre -20 et 20, reçu -30"):
        jets_moyens_sans_opposition(20, "1D3", bonus_points=-30)  # ZeroDivisionError autrefois
    with pytest.raises(ValueError, match=r"^armure doit être un entier entre 0 et 20, reçu 40"):
        issue_sans_opposition(18, "1D3", armure=40)
    # Déjà à l'objectif : la loi a toutes ses clés, comme partout ailleurs.
    assert issue_sans_opposition(7, "2D6", objectif=Avantage.FORT, avantage_initial=Avantage.FORT) == {
        av: Fraction(int(av is Avantage.FORT)) for av in Avantage
    }


def test_markov_en_un_jet_egale_enumeration() -> None:
    # Objectif léger : un seul jet décide ; la chance est celle de réussir avec au moins 1 point.
    from rules.troisd6 import probabilite_reussite

    assert chance_sans_opposition(10, "2D6", objectif=Avantage.LEGER) == probabilite_reussite(10)


def test_esperance_points_enumeration_brute() -> None:
    from itertools import product

    total = Fraction(0)
    for des in product(range(1, 7), repeat=3):
        j = jet(12, des)
        if not j.reussi:
            continue
        base = {"Réussite simple": 7, "Réussite spéciale": 7 + (j.dd or 0)}.get(str(j.niveau))
        if base is None:  # critique : 2D6 + Dt niveaux = (1 + Dt + 1)D6 au-dessus de 2D6, moyenne 3,5 par dé
            base = Fraction(7, 2) * (2 + (j.dt or 0))
        total += Fraction(base) / 216
    assert esperance_points(12, "2D6") == total


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 18),
    st.sampled_from(["1D6", "1D6+1D3", "2D6", "3D6"]),
    st.sampled_from([Avantage.CRITIQUE, Avantage.DEFINITIF]),
)
def test_un_seuil_plus_haut_ne_baisse_jamais_la_chance(seuil: int, indice: str, objectif: Avantage) -> None:
    assert chance_sans_opposition(seuil + 1, indice, objectif=objectif) >= chance_sans_opposition(
        seuil, indice, objectif=objectif
    )


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 17), st.sampled_from(["1D6", "1D6+1D3", "2D6"]))
def test_un_objectif_plus_bas_est_plus_facile(seuil: int, indice: str) -> None:
    assert chance_sans_opposition(seuil, indice, objectif=Avantage.CRITIQUE) >= chance_sans_opposition(seuil, indice)


# --- Entrées invalides --------------------------------------------------------------------------


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="un personnage actif doit avoir un seuil et un indice"):
        Personnage("X")
    with pytest.raises(ValueError, match="armure doit être un entier entre 0 et 20"):
        Personnage("X", actif=False, armure=-1)
    with pytest.raises(ValueError, match="defense doit être une Defense"):
        Tour(defense="esquive", des_attaque=(1, 2, 3), des_defense=(1, 2, 3))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="tour doit être un Tour"):
        echange(ADA, BRUNO, Defense.ESQUIVE)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="initiative doit être 'Ada' ou 'Bruno'"):
        jouer_scene(ADA, BRUNO, initiative="Carla")
    with pytest.raises(ValueError, match="le déclencheur d'une scène doit être actif"):
        jouer_scene(PASSIF, ADA)
    with pytest.raises(ValueError, match="tours\\[0\\] doit être un Tour"):
        jouer_scene(ADA, BRUNO, [(1, 2, 3)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="objectif doit être au-dessus d'AUCUN"):
        chance_sans_opposition(10, "2D6", objectif=Avantage.AUCUN)
    with pytest.raises(ValueError, match="seuil doit être un entier"):
        chance_sans_opposition(10.5, "2D6")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="des_attaque : chaque dé doit être un entier entre 1 et 6"):
        Tour(des_attaque=(1, 2, 7))
    with pytest.raises(ValueError, match="niveaux doit être un entier"):
        Tour(niveaux=0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="jet_a doit être un Jet"):
        initiative("A", 12, "B", jet(10, (1, 2, 3)))  # type: ignore[arg-type]


# --- Propriétés du moteur ------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(5, 16), st.integers(5, 16), st.booleans())
def test_moteur_avantages_croissants_et_fin_coherente(graine: int, sa: int, sb: int, passif: bool) -> None:
    a = Personnage("A", seuil=sa, indice="2D6")
    b = Personnage("B", actif=False) if passif else Personnage("B", seuil=sb, indice="1D6+1D3")
    s = jouer_scene(a, b, rng=random.Random(graine), tours_max=60)
    precedent = {"A": Avantage.AUCUN, "B": Avantage.AUCUN}
    for t in s.tours:
        assert all(t.avantages[n] >= precedent[n] for n in precedent)
        precedent = dict(t.avantages)
        if passif:
            assert t.echange.attaquant == "A" and t.initiative == "A"
    if s.terminee and s.vainqueur is not None:
        assert s.tours[-1].avantages[s.vainqueur] is Avantage.DEFINITIF
    if passif and s.terminee and s.vainqueur is None:
        assert not s.tours[-1].echange.jet_attaque.reussi
    # Le plus haut avantage de chacun, quelle que soit la fin : relu tour par tour.
    assert dict(s.avantages_max) == {n: max((t.avantages[n] for t in s.tours), default=Avantage.AUCUN) for n in "AB"}


def _effet_public(e: Effet, indice: Indice, dd: int | None, dt: int | None, niveaux: int, bonus: int) -> None:
    """L'effet d'un échange est celui d'`effet` avec ses dés ; un triple qui compte aussi comme double (une variante)
    apporte Dd et Dt, ce qu'`effet` refuse d'un seul appel : l'Indice monte du Dt et les points prennent le Dd."""
    if dd is None or dt is None:
        assert e == effet(indice, dd=dd, dt=dt, niveaux=niveaux, bonus_points=bonus, des=e.des)
    else:
        assert e.indice == monter(indice, niveaux + dt) and e.points == e.total_des + dd + bonus


_TROIS_DES = st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6))
_LECTURES = [
    TEXTE,
    Regles(malus_contre_attaque=-2),
    Regles(contre_attaque_sous_la_defense=True),
    Regles(triple_aussi_double=True),
    Regles(echelle_indices="reguliere"),
    Regles(blocage_avec_le_risque=True, blocage_niveaux=1, blocage_points=2),
    Regles(contre_attaque_esquive=True),
]


def _echange_piece_par_piece(a: Personnage, b: Personnage, t: Tour, graine: int, lecture: Regles) -> None:
    """Sous `lecture`, chaque pièce de `echange(a, b, t)` est celle que rendent les fonctions publiques."""
    with sous(lecture):
        e = echange(a, b, t, rng=random.Random(graine))
        ja, ea, jd, ed = e.jet_attaque, e.effet_attaque, e.jet_defense, e.effet_defense
        assert ja == jet(a.seuil_du_jet(None, t.modificateur), t.des_attaque)
        assert (ea is not None) == ja.reussi
        if ea is not None:
            _effet_public(ea, a.des_effet, *apports(ja.niveau, ja.dd, ja.dt), t.niveaux, t.bonus_points)
        if not b.actif:
            assert (jd, ed, e.defense) == (None, None, None)
            d = decider(ja.niveau)
        else:
            assert jd == jet(b.seuil_du_jet(t.defense, t.modificateur), t.des_defense)
            d = decider(ja.niveau, t.defense, jd.niveau)
            indice_d = b.indice_de_defense(t.defense)
            assert (ed is not None) == (d.bloquee and indice_d is not None)
            if ed is not None and indice_d is not None:
                plus = (lecture.blocage_niveaux, lecture.blocage_points)
                if lecture.blocage_avec_le_risque:  # le blocage reçoit aussi ce que l'attaquant tire de son risque
                    plus = (plus[0] + t.niveaux, plus[1] + t.bonus_points)
                _effet_public(ed, indice_d, *apports(jd.niveau, jd.dd, jd.dt), *plus)
        attendu = points_nets(ea.points, ed.points if ed else 0, b.armure) if ea and d.effets else (0, 0)
        assert (e.points, e.armure, e.initiative_change) == (*attendu, d.initiative_change)


@settings(max_examples=100, deadline=None)
@given(
    st.tuples(st.integers(2, 18), st.sampled_from(["1D3", "1D6", "1D6+1D3", "2D6", "3D6"])),
    st.one_of(
        st.none(),
        st.tuples(
            st.integers(2, 18),
            st.sampled_from(["1D6+1D3", "2D6"]),
            st.one_of(st.none(), st.integers(2, 18)),
            st.one_of(st.none(), st.sampled_from(["1D6", "3D6"])),
            st.integers(0, 3),
            st.booleans(),
        ),
    ),
    st.tuples(st.integers(-3, 3), st.integers(0, 2), st.integers(-2, 2)),
    st.tuples(_TROIS_DES, _TROIS_DES),
    st.integers(0, 2**32),
)
def test_l_echange_joue_lit_chaque_piece_comme_les_fonctions_publiques(
    attaquant: tuple[int, str],
    defenseur: tuple[int, str, int | None, str | None, int, bool] | None,
    choix: tuple[int, int, int],
    des: tuple[tuple[int, int, int], tuple[int, int, int]],
    graine: int,
) -> None:
    """`echange` ne revérifie pas ce qu'un `Tour` et un `Personnage` ont vérifié, et lit les règles une fois : chaque
    pièce de l'échange reste celle que rendent les fonctions publiques, qui vérifient tout : pour chaque défense,
    sous chaque lecture."""
    a = Personnage("A", seuil=attaquant[0], indice=attaquant[1])
    if defenseur is None:
        b = Personnage("B", actif=False)
    else:
        sb, ib, sd, idf, armure, talent = defenseur
        b = Personnage(
            "B", seuil=sb, indice=ib, armure=armure, talent_contre_attaque=talent, seuil_defense=sd, indice_defense=idf
        )
    m, niveaux, bonus = choix
    for defense in Defense:
        t = Tour(
            modificateur=m, des_attaque=des[0], niveaux=niveaux, bonus_points=bonus, defense=defense, des_defense=des[1]
        )
        for lecture in _LECTURES:
            _echange_piece_par_piece(a, b, t, graine, lecture)


def test_exemples_verifies_compte_les_errata() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[1] / "docs"
    boites = sum(p.read_text("utf-8").count('!!! warning "Erratum') for p in (docs / "troisd6").glob("scenes-*.md"))
    lignes = (docs / "exemples-verifies.md").read_text("utf-8").count("| **erratum**")
    assert boites == lignes == 3


_A = Personnage("A", seuil=12, indice="2D6")
_B = Personnage("B", seuil=10, indice="1D6")
_P = Personnage("P", seuil=10, actif=False)
_LEGER = Avantage.LEGER


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: jouer_scene("x", _B), "a doit être un Personnage, reçu 'x'"),
        (lambda: jouer_scene(_A, "y"), "b doit être un Personnage, reçu 'y'"),
        (lambda: jouer_scene(_A, Personnage("A", seuil=10, indice="1D6")), "b.nom et a.nom doivent être différents, reçu deux fois 'A'"),
        (lambda: jouer_scene(_A, _B, objectif=Avantage.AUCUN), "objectif doit être un Avantage au-dessus d'AUCUN, reçu <Avantage.AUCUN: 'aucun avantage'>"),
        (lambda: jouer_scene(_A, _B, objectif="x"), "objectif doit être un Avantage au-dessus d'AUCUN, reçu 'x'"),
        (lambda: jouer_scene(_A, _B, initiative="C"), "initiative doit être 'A' ou 'B', reçu 'C'"),
        (lambda: jouer_scene(_A, _P, initiative="P"), "initiative : P est passif, il ne peut pas avoir l'initiative"),
        (lambda: jouer_scene(_A, _B, avantages=[("A", _LEGER)]), "avantages doit être un dict {nom: Avantage} des deux camps (ou None), reçu [('A', <Avantage.LEGER: 'avantage léger'>)]"),
        (lambda: jouer_scene(_A, _B, avantages={"A": _LEGER, "B": _LEGER, "C": _LEGER}), "avantages doit être un dict {nom: Avantage} des deux camps (ou None), reçu {'A': <Avantage.LEGER: 'avantage léger'>, 'B': <Avantage.LEGER: 'avantage léger'>, 'C': <Avantage.LEGER: 'avantage léger'>}"),
        (lambda: jouer_scene(_A, _B, avantages={"C": _LEGER}), "avantages : clés 'A', 'B' et valeurs Avantage, reçu 'C': <Avantage.LEGER: 'avantage léger'>"),
        (lambda: jouer_scene(_A, _B, avantages={"A": "léger"}), "avantages : clés 'A', 'B' et valeurs Avantage, reçu 'A': 'léger'"),
        (lambda: jouer_scene(_A, _B, avantages={1: _LEGER}), "avantages : clés 'A', 'B' et valeurs Avantage, reçu 1: <Avantage.LEGER: 'avantage léger'>"),
        (lambda: jouer_scene(_A, _B, [Tour(), "t"]), "tours[1] doit être un Tour, reçu 't'"),
        (lambda: jouer_scene(_A, _B, tours="ab"), "tours doit être une suite d'au plus 500 Tour, reçu 'ab'"),
        (lambda: jouer_scene(_A, _B, rng=5), "rng doit être un random.Random (ou None), reçu 5"),
        (lambda: jouer_scene(_A, _B, [Tour()], rng=5), "rng doit être un random.Random (ou None), reçu 5"),
        (lambda: jouer_scene(_A, _B, premier_numero=0), "premier_numero doit être un entier ≥ 1, reçu 0"),
        (lambda: jouer_scene(_A, _B, premier_numero="1"), "premier_numero doit être un entier ≥ 1, reçu '1'"),
    ],
)  # fmt: skip
def test_jouer_scene_refuse_chaque_mauvais_parametre_en_le_nommant(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_les_avantages_de_depart_des_deux_camps_comptent() -> None:
    depart = {"A": Avantage.FORT, "B": Avantage.LEGER}
    assert dict(jouer_scene(_A, _B, (), avantages=depart).avantages_max) == depart


def test_par_defaut_une_scene_sans_fin_s_arrete_au_centieme_tour() -> None:
    murs = Personnage("le mur", seuil=-50, indice="1D3"), Personnage("l'autre mur", seuil=-50, indice="1D3")
    scene = jouer_scene(*murs, rng=random.Random(5))
    assert not scene.terminee and len(scene.tours) == 100


def test_les_niveaux_et_les_points_du_tour_passent_a_l_effet_de_l_attaque() -> None:
    tour = Tour(des_attaque=(1, 2, 4), effet_attaque=7)
    sans = echange(_A, _P, tour).effet_attaque
    avec_points = echange(_A, _P, Tour(des_attaque=(1, 2, 4), effet_attaque=7, bonus_points=2)).effet_attaque
    avec_niveau = echange(_A, _P, Tour(des_attaque=(1, 2, 4), effet_attaque=7, niveaux=1)).effet_attaque
    assert sans is not None and avec_points is not None and avec_niveau is not None
    assert (sans.points, sans.indice) == (7, Indice(2, 0))
    assert (avec_points.bonus_points, avec_points.points) == (2, 9)
    assert (avec_niveau.niveaux, avec_niveau.indice) == (1, Indice(3, 0))


def test_un_personnage_sans_indice_n_a_pas_de_des_d_effet() -> None:
    with pytest.raises(ValueError) as erreur:
        _ = _P.des_effet
    assert str(erreur.value) == "P n'a pas d'indice : il ne peut pas infliger d'effet"


def test_une_scene_reprise_deja_gagnee_ne_joue_aucun_tour() -> None:
    """Comme `chances_scene` (victoire certaine, 0 tour), une scène reprise quand un camp a déjà l'objectif
    s'arrête avant le premier tour, au lieu de faire jouer un échange et d'annoncer la victoire ensuite."""
    from rules.troisd6 import chances_scene

    a = Personnage("Ada", seuil=12, indice="2D6")
    b = Personnage("Bruno", seuil=11, indice="1D6+1D3")
    tour = Tour(des_attaque=(1, 2, 4), effet_attaque=3)
    s = jouer_scene(a, b, [tour], avantages={"Bruno": Avantage.DEFINITIF})
    assert (s.tours, s.vainqueur, s.terminee) == ((), "Bruno", True)
    assert s.transcript == "Fin : Bruno atteint avantage définitif (objectif : avantage définitif) et l'emporte."
    assert chances_scene(a, b, avantages={"Bruno": Avantage.DEFINITIF}).victoire_second == 1


def test_la_victoire_garde_le_plus_haut_avantage_de_chaque_camp() -> None:
    """Celui qui l'emporte est au définitif, et le vaincu garde le plus haut avantage qu'il avait atteint."""
    s = jouer_scene(
        ADA,
        BRUNO,
        [Tour(des_attaque=(1, 2, 4), effet_attaque=7, des_defense=(6, 6, 5))],
        avantages={"Ada": Avantage.CRITIQUE, "Bruno": Avantage.FORT},
    )
    assert (s.vainqueur, s.terminee) == ("Ada", True)
    assert dict(s.avantages_max) == {"Ada": Avantage.DEFINITIF, "Bruno": Avantage.FORT}


_BAS = Personnage("B", seuil=-995, indice="2D6")
_MALUS_HORS = "tour : le modificateur −3 porte le seuil de B à −1001, hors de −1000 à 1000"


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: Personnage(""), "nom doit être un texte non vide (200 caractères au plus), reçu ''"),
        (lambda: Personnage("X", seuil=1.5, indice="2D6"), "seuil doit être un entier, reçu 1.5"),
        (lambda: Personnage("X", seuil=10, indice="1D8"), "indice doit s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement), reçu '1D8'"),
        (lambda: Personnage("X", seuil=10, indice="2D6", armure=-1), "armure doit être un entier entre 0 et 20, reçu -1"),
        (lambda: Personnage("X", actif=False, armure=21), "armure doit être un entier entre 0 et 20, reçu 21"),
        (lambda: Personnage("X", seuil=10, indice="2D6", talent_contre_attaque=1), "talent_contre_attaque doit être True ou False, reçu 1"),
        (lambda: Personnage("X", seuil=10, indice="2D6", actif="oui"), "actif doit être True ou False, reçu 'oui'"),
        (lambda: Personnage("X", seuil=10), "seuil et indice : X est actif, et un personnage actif doit avoir un seuil et un indice"),
        (lambda: Personnage("Y", indice="2D6"), "seuil et indice : Y est actif, et un personnage actif doit avoir un seuil et un indice"),
        # Modificateur, niveaux et points : tests/test_troisd6_duel.py::test_un_risque_a_les_bornes_d_un_tour_joue.
        (lambda: Tour(effet_attaque=0), "effet_attaque doit être un entier entre 1 et 102, reçu 0"),
        (lambda: Tour(effet_defense=103), "effet_defense doit être un entier entre 1 et 102, reçu 103"),
        (lambda: Tour(des_attaque=(1, 2)), "des_attaque doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
        (lambda: Tour(des_defense=(1, 2, 7)), "des_defense : chaque dé doit être un entier entre 1 et 6, reçu 7"),
        (lambda: Tour(defense="esquive"), "defense doit être une Defense (ESQUIVE, BLOCAGE, CONTRE_ATTAQUE), reçu 'esquive'"),
        (lambda: echange("x", _P), "attaquant doit être un Personnage, reçu 'x'"),
        (lambda: echange(_A, "y"), "defenseur doit être un Personnage, reçu 'y'"),
        (lambda: echange(_P, _A), "attaquant : P n'a pas de seuil et d'indice, il ne peut pas attaquer"),
        (lambda: echange(_A, _P, "tour"), "tour doit être un Tour (modificateur, dés, défense…), reçu 'tour'"),
        (lambda: echange(_A, _P, rng=5), "rng doit être un random.Random (ou None), reçu 5"),
        # Un total d'effet impossible pour l'Indice (avec ses niveaux) : refusé sous le champ du Tour qui le donne.
        (lambda: echange(PHILIP_NICE, TRUANDS, Tour(des_attaque=(3, 2, 4), effet_attaque=13)), "effet_attaque : un jet de 2D6 fait de 2 à 12, reçu 13"),
        (lambda: echange(PHILIP_NICE, TRUANDS, Tour(des_attaque=(3, 2, 4), effet_attaque=19, niveaux=1)), "effet_attaque : un jet de 3D6 fait de 3 à 18, reçu 19"),
        (lambda: echange(PHILIP_NICE, TRUANDS, Tour(des_attaque=(3, 2, 4), effet_attaque=3, des_defense=(4, 2, 1), effet_defense=10)), "effet_defense : un jet de 1D6+1D3 fait de 2 à 9, reçu 10"),
        (lambda: echange(PHILIP_NICE, TRUANDS, Tour(des_attaque=(3, 2, 4), effet_attaque=3, des_defense=(4, 2, 1), effet_defense=1)), "effet_defense : un jet de 1D6+1D3 fait de 2 à 9, reçu 1"),
        # Un Indice que les niveaux du tour font sortir de l'échelle : refusé par l'échelle, sans autre préfixe.
        (lambda: echange(PHILIP_NICE, TRUANDS, Tour(des_attaque=(3, 2, 4), niveaux=16)), "niveaux : 2D6 +16 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
        # Le seuil du tour (seuil + modificateur, −3 d'une contre-attaque ordinaire) reste entre −1000 et 1000.
        (lambda: echange(_A, _P, Tour(modificateur=989)), "tour : le modificateur +989 porte le seuil de A à 1001, hors de −1000 à 1000"),
        (lambda: echange(_A, _BAS, Tour(modificateur=-6)), "tour : le modificateur −6 porte le seuil de B à −1001, hors de −1000 à 1000"),
        (lambda: echange(_A, _BAS, Tour(modificateur=-3, defense=Defense.CONTRE_ATTAQUE)), _MALUS_HORS),
        # Un attaquant passif (qui a un seuil et un Indice) : son seuil hors des bornes, refusé comme par son jet.
        (lambda: echange(Personnage("Q", seuil=1000, indice="2D6", actif=False), _A, Tour(modificateur=1)), "seuil doit être un entier entre -1000 et 1000, reçu 1001"),
    ],
)  # fmt: skip
def test_personnage_tour_et_echange_refusent_en_nommant_le_parametre(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_le_seuil_du_tour_peut_toucher_les_bornes() -> None:
    haut = Tour(modificateur=988, des_attaque=(6, 6, 6), effet_attaque=12)
    assert echange(_A, _P, haut).jet_attaque.seuil == 1000
    bas = Tour(modificateur=-5, des_attaque=(1, 1, 2), effet_attaque=5, des_defense=(1, 1, 1))
    e = echange(_A, _BAS, bas)
    assert e.jet_defense is not None and e.jet_defense.seuil == -1000
    # Contre-attaque par un talent particulier : pas de −3, le seuil reste à −1000.
    talent = Personnage("T", seuil=-995, indice="2D6", talent_contre_attaque=True)
    e = echange(_A, talent, replace(bas, defense=Defense.CONTRE_ATTAQUE))
    assert e.jet_defense is not None and e.jet_defense.seuil == -1000
    # Le −3 d'une contre-attaque ordinaire ne compte que pour le défenseur : un attaquant à −998 attaque à −998.
    bas_attaquant = Personnage("C", seuil=-998, indice="2D6")
    e = echange(bas_attaquant, _A, Tour(des_attaque=(1, 1, 2), effet_attaque=5, defense=Defense.CONTRE_ATTAQUE))
    assert e.jet_attaque.seuil == -998 and e.jet_defense is not None and e.jet_defense.seuil == 12 - 3
    # Un passif ne lance rien : son seuil n'est pas borné par le tour.
    passif = Personnage("P2", seuil=-999, actif=False)
    assert echange(_A, passif, replace(bas, modificateur=-10)).jet_defense is None


_TRUANDS_ARMURE = Personnage("les truands", seuil=11, indice="1D6+1D3", armure=2)
_PORTE = Personnage("la porte", actif=False, armure=3)
_ADA_ATTAQUE = "Ada attaque (+0, seuil 12) : 3d6 lancés (5, 2, 1) ; total 8 ≤ 12 → Réussite simple. Indice 2D6 ; jet d'effet 7 : 7 points d'effet."


@pytest.mark.parametrize(
    ("defenseur", "tour", "points", "initiative_change", "explication"),
    [
        # Attaque ratée : aucun effet, et l'initiative passe même si le défenseur rate aussi.
        (BRUNO, Tour(des_attaque=(6, 5, 4), des_defense=(6, 6, 6)), 0, True,
         "Ada attaque (+0, seuil 12) : 3d6 lancés (6, 5, 4) ; total 15 > 12 → Échec simple. Attaque ratée : aucun point d'effet. "
         "Bruno : blocage (+0, seuil 11) : 3d6 lancés (6, 6, 6) ; total 18 > 11, triple 6 (Dt = 6) → Échec critique. "
         "L'initiative passe à Bruno (l'attaquant a raté son jet)."),
        # Esquive d'au moins le même niveau : tout est annulé ; moins bien : tout passe.
        (BRUNO, Tour(des_attaque=(3, 3, 1), effet_attaque=7, defense=Defense.ESQUIVE, des_defense=(4, 4, 2)), 0, False,
         "Ada attaque (+0, seuil 12) : 3d6 lancés (3, 3, 1) ; total 7 ≤ 12, double 3 (Dd = 3) → Réussite spéciale. "
         "Indice 2D6 ; jet d'effet 7, + Dd 3 = 10 points d'effet. Bruno : esquive (+0, seuil 11) : 3d6 lancés (4, 4, 2) ; "
         "total 10 ≤ 11, double 4 (Dd = 4) → Réussite spéciale. Esquive d'au moins le même niveau : aucun point d'effet. "
         "Points d'effet nets : 0. Ada garde l'initiative."),
        (BRUNO, Tour(des_attaque=(3, 3, 1), effet_attaque=7, defense=Defense.ESQUIVE, des_defense=(5, 2, 1)), 10, False,
         "Ada attaque (+0, seuil 12) : 3d6 lancés (3, 3, 1) ; total 7 ≤ 12, double 3 (Dd = 3) → Réussite spéciale. "
         "Indice 2D6 ; jet d'effet 7, + Dd 3 = 10 points d'effet. Bruno : esquive (+0, seuil 11) : 3d6 lancés (5, 2, 1) ; "
         "total 8 ≤ 11 → Réussite simple. Esquive insuffisante : les points d'effet passent. Points d'effet nets : 10. "
         "Ada garde l'initiative."),
        # Blocage réussi : son propre effet (+ Dd) est retiré ; un niveau au-dessus de l'attaque reprend l'initiative.
        (BRUNO, Tour(des_attaque=(5, 2, 1), effet_attaque=7, des_defense=(3, 3, 1), effet_defense=4), 0, True,
         _ADA_ATTAQUE + " Bruno : blocage (+0, seuil 11) : 3d6 lancés (3, 3, 1) ; total 7 ≤ 11, double 3 (Dd = 3) → "
         "Réussite spéciale. Blocage : Indice 1D6+1D3 ; jet d'effet 4, + Dd 3 = 7 points d'effet, retirés : 7 − 7 = 0. "
         "Points d'effet nets : 0. L'initiative passe à Bruno (le niveau du défenseur (Réussite spéciale) dépasse "
         "celui de l'attaquant (Réussite simple))."),
        (BRUNO, Tour(des_attaque=(5, 2, 1), effet_attaque=7, des_defense=(6, 5, 4)), 7, False,
         _ADA_ATTAQUE + " Bruno : blocage (+0, seuil 11) : 3d6 lancés (6, 5, 4) ; total 15 > 11 → Échec simple. "
         "Blocage raté : les points d'effet passent. Points d'effet nets : 7. Ada garde l'initiative."),
        # Contre-attaque ordinaire : −3 de plus, ne réduit rien, reprend l'initiative si elle réussit au moins aussi bien.
        (BRUNO, Tour(modificateur=-1, des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE, des_defense=(4, 2, 1)), 7, True,
         "Ada attaque (−1, seuil 11) : 3d6 lancés (5, 2, 1) ; total 8 ≤ 11 → Réussite simple. Indice 2D6 ; jet d'effet 7 : "
         "7 points d'effet. Bruno : contre-attaque (−1 −3, seuil 7) : 3d6 lancés (4, 2, 1) ; total 7 ≤ 7 → Réussite simple. "
         "La contre-attaque ne réduit pas les points d'effet. Points d'effet nets : 7. "
         "L'initiative passe à Bruno (contre-attaque réussie d'au moins le même niveau)."),
        (BRUNO, Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE, des_defense=(6, 5, 4)), 7, False,
         _ADA_ATTAQUE + " Bruno : contre-attaque (+0 −3, seuil 8) : 3d6 lancés (6, 5, 4) ; total 15 > 8 → Échec simple. "
         "La contre-attaque ne réduit pas les points d'effet. Points d'effet nets : 7. Ada garde l'initiative."),
        # L'armure retire ses points après la défense ; « aux truands », « à la porte » : l'article suit le nom.
        (_TRUANDS_ARMURE, Tour(des_attaque=(5, 2, 1), effet_attaque=7, des_defense=(6, 5, 4)), 5, False,
         _ADA_ATTAQUE + " Les truands : blocage (+0, seuil 11) : 3d6 lancés (6, 5, 4) ; total 15 > 11 → Échec simple. "
         "Blocage raté : les points d'effet passent. Armure (les truands) : −2, reste 5. Points d'effet nets : 5. "
         "Ada garde l'initiative."),
        (_TRUANDS_ARMURE, Tour(des_attaque=(6, 5, 4), des_defense=(6, 6, 5)), 0, True,
         "Ada attaque (+0, seuil 12) : 3d6 lancés (6, 5, 4) ; total 15 > 12 → Échec simple. Attaque ratée : aucun point "
         "d'effet. Les truands : blocage (+0, seuil 11) : 3d6 lancés (6, 6, 5) ; total 17 > 11, double 6 (Dd = 6) → "
         "Échec spécial. L'initiative passe aux truands (l'attaquant a raté son jet)."),
        # Un passif ne lance rien : ni défense, ni mot sur l'initiative.
        (_PORTE, Tour(modificateur=2, des_attaque=(5, 2, 1), effet_attaque=7), 4, False,
         "Ada attaque (+2, seuil 14) : 3d6 lancés (5, 2, 1) ; total 8 ≤ 14 → Réussite simple. Indice 2D6 ; jet d'effet 7 : "
         "7 points d'effet. Armure (la porte) : −3, reste 4. Points d'effet nets : 4."),
        (_PORTE, Tour(des_attaque=(6, 6, 5)), 0, True,
         "Ada attaque (+0, seuil 12) : 3d6 lancés (6, 6, 5) ; total 17 > 12, double 6 (Dd = 6) → Échec spécial. "
         "Attaque ratée : aucun point d'effet."),
    ],
)  # fmt: skip
def test_chaque_echange_se_raconte_mot_pour_mot(
    defenseur: Personnage, tour: Tour, points: int, initiative_change: bool, explication: str
) -> None:
    e = echange(ADA, defenseur, tour)
    assert (e.points, e.initiative_change) == (points, initiative_change)
    assert (e.explication, str(e)) == (explication, explication)


_PETIT = Tour(des_attaque=(5, 2, 1), effet_attaque=2, des_defense=(6, 5, 4))
_CONTINUE = "La scène continue ({}) : personne n'a encore atteint avantage définitif."


@pytest.mark.parametrize(
    ("tours", "tours_max", "rng", "joues", "raison"),
    [
        ([_PETIT], 100, None, 1, "plus de tour imposé"),
        ([_PETIT], 2, None, 1, "plus de tour imposé"),  # 1 tour joué sur 2 permis : il n'y en a plus d'imposé
        ([_PETIT], 1, None, 1, "nombre maximal de tours atteint"),
        ([_PETIT, _PETIT], 1, None, 1, "nombre maximal de tours atteint"),
        ([_PETIT], 3, random.Random(1), 3, "nombre maximal de tours atteint"),  # puis des tours tirés
    ],
)
def test_une_scene_inachevee_dit_pourquoi_elle_s_arrete(
    tours: list[Tour], tours_max: int, rng: random.Random | None, joues: int, raison: str
) -> None:
    s = jouer_scene(ADA, BRUNO, tours, tours_max=tours_max, rng=rng)
    assert (len(s.tours), s.terminee, s.vainqueur, s.fin) == (joues, False, None, _CONTINUE.format(raison))


def test_le_compte_rendu_numerote_les_tours_et_donne_les_avantages() -> None:
    s = jouer_scene(ADA, BRUNO, [_PETIT, _PETIT], premier_numero=4)
    assert [t.numero for t in s.tours] == [4, 5]
    assert [t.texte.split(" — ")[0] for t in s.tours] == ["Tour 4", "Tour 5"]
    assert s.tours[0].texte.endswith(" Avantages : Ada : avantage léger ; Bruno : aucun avantage.")
    assert s.tours[1].texte.endswith(" Avantages : Ada : avantage moyen ; Bruno : aucun avantage.")
    assert (
        s.tours[0].texte
        == "Tour 4 — " + s.tours[0].echange.explication + " Avantages : Ada : avantage léger ; Bruno : aucun avantage."
    )
    assert (
        s.transcript
        == str(s)
        == "\n".join([s.tours[0].texte, s.tours[1].texte, _CONTINUE.format("plus de tour imposé")])
    )


def test_face_a_un_passif_le_premier_jet_rate_finit_la_scene_avec_le_meilleur_avantage() -> None:
    s = jouer_scene(
        ADA,
        _PORTE,
        [Tour(des_attaque=(5, 2, 1), effet_attaque=7), Tour(des_attaque=(6, 6, 5)), Tour(des_attaque=(1, 2, 4))],
    )
    assert (len(s.tours), s.terminee, s.vainqueur) == (2, True, None)  # le troisième tour n'est pas joué
    assert (
        s.fin == "Fin : jet raté face à la porte avant avantage définitif ; Ada échoue, avec au mieux avantage moyen."
    )
    assert dict(s.avantages_max) == {"Ada": Avantage.MOYEN, "la porte": Avantage.AUCUN}
    assert [t.initiative for t in s.tours] == ["Ada", "Ada"]  # un passif ne prend jamais l'initiative


@pytest.mark.parametrize(
    ("defenseur", "tour", "points", "armure", "initiative_change", "fin"),
    [
        # Une esquive qui annule tout ne laisse rien à l'armure (ni points négatifs, ni ligne d'armure).
        (_TRUANDS_ARMURE, Tour(des_attaque=(3, 3, 1), effet_attaque=7, defense=Defense.ESQUIVE, des_defense=(4, 4, 2)), 0, 0, False,
         "Esquive d'au moins le même niveau : aucun point d'effet. Points d'effet nets : 0. Ada garde l'initiative."),
        # Un blocage qui retire plus que l'attaque : l'armure ne sert pas.
        (_TRUANDS_ARMURE, Tour(des_attaque=(5, 2, 1), effet_attaque=3, des_defense=(6, 1, 2), effet_defense=5), -2, 0, False,
         "retirés : 3 − 5 = −2. Points d'effet nets : −2. Ada garde l'initiative."),
        # Un blocage réussi du même niveau réduit les points sans prendre l'initiative.
        (BRUNO, Tour(des_attaque=(5, 2, 1), effet_attaque=7, des_defense=(6, 1, 2), effet_defense=3), 4, 0, False,
         "retirés : 7 − 3 = 4. Points d'effet nets : 4. Ada garde l'initiative."),
        # Une esquive d'un niveau au-dessus annule tout et prend l'initiative.
        (BRUNO, Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.ESQUIVE, des_defense=(2, 2, 2)), 0, 0, True,
         "Points d'effet nets : 0. L'initiative passe à Bruno (le niveau du défenseur (Réussite critique) dépasse "
         "celui de l'attaquant (Réussite simple))."),
        # Une contre-attaque réussie d'un niveau au-dessous ne prend rien.
        (BRUNO, Tour(des_attaque=(3, 3, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE, des_defense=(4, 2, 1)), 10, 0, False,
         "La contre-attaque ne réduit pas les points d'effet. Points d'effet nets : 10. Ada garde l'initiative."),
        # D'un niveau au-dessus, c'est le niveau du défenseur qui est dit.
        (BRUNO, Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE, des_defense=(2, 2, 1)), 7, 0, True,
         "Points d'effet nets : 7. L'initiative passe à Bruno (le niveau du défenseur (Réussite spéciale) dépasse "
         "celui de l'attaquant (Réussite simple))."),
    ],
)  # fmt: skip
def test_defense_armure_et_initiative_dans_chaque_cas(
    defenseur: Personnage, tour: Tour, points: int, armure: int, initiative_change: bool, fin: str
) -> None:
    e = echange(ADA, defenseur, tour)
    assert (e.points, e.armure, e.initiative_change) == (points, armure, initiative_change)
    assert e.explication.endswith(" " + fin) and "Armure" not in e.explication


def test_un_tour_accepte_ses_bornes_et_range_les_des_en_tuples() -> None:
    t = Tour(
        des_attaque=[1, 2, 3], des_defense=[4, 5, 6], effet_attaque=1, effet_defense=102, niveaux=-16, bonus_points=20
    )  # type: ignore[arg-type]
    assert (t.des_attaque, t.des_defense) == ((1, 2, 3), (4, 5, 6))
    assert isinstance(t.des_attaque, tuple) and isinstance(t.des_defense, tuple)
    assert (t.effet_attaque, t.effet_defense, t.niveaux, t.bonus_points) == (1, 102, -16, 20)
    t = Tour(effet_attaque=102, effet_defense=1, niveaux=16, bonus_points=-20)
    assert (t.effet_attaque, t.effet_defense, t.niveaux, t.bonus_points) == (102, 1, 16, -20)
    assert Personnage("X", seuil=10, indice="1D6+1D3").indice == Indice(1, 1)  # l'Indice écrit est lu
    assert Personnage("X", actif=False, armure=20).armure == 20


def test_un_seul_point_d_effet_passe_encore_par_l_armure() -> None:
    """Une armure retire aussi le dernier point : 1 point d'effet contre armure 1 ne laisse rien (esquive ratée)."""
    ada = Personnage("Ada", seuil=12, indice="1D3")
    bruno = Personnage("Bruno", seuil=11, indice="1D3", armure=1)
    e = echange(ada, bruno, Tour(0, (1, 2, 4), 1, defense=Defense.ESQUIVE, des_defense=(6, 6, 5)))
    assert (e.effet_attaque is not None and e.effet_attaque.points, e.armure, e.points) == (1, 1, 0)
    assert e.effet_defense is None  # une esquive n'a pas de jet d'effet


def test_un_defenseur_passif_n_a_ni_defense_ni_jet() -> None:
    """Face à un passif (une porte), l'échange ne porte aucune défense, aucun jet ni effet de défense."""
    ada = Personnage("Ada", seuil=12, indice="1D3")
    e = echange(ada, Personnage("la porte", actif=False), Tour(0, (1, 2, 4), 1))
    assert (e.defense, e.jet_defense, e.effet_defense, e.points) == (None, None, None, 1)


def test_une_scene_deja_gagnee_garde_les_avantages_de_depart() -> None:
    """Reprendre une scène déjà gagnée ne joue rien ; le plus haut avantage de chacun est celui du départ."""
    ada, bruno = Personnage("Ada", seuil=12, indice="1D3"), Personnage("Bruno", seuil=11, indice="1D3")
    s = jouer_scene(ada, bruno, avantages={"Bruno": Avantage.FORT, "Ada": Avantage.DEFINITIF})
    assert (s.tours, s.vainqueur, s.terminee) == ((), "Ada", True)
    assert s.avantages_max == {"Ada": Avantage.DEFINITIF, "Bruno": Avantage.FORT}


# --- La caractéristique de l'attaquant et celle du défenseur (source 003, « B › 2 › a › i ») -------------------

_BRUNO_DEUX = Personnage("Bruno", seuil=11, indice="1D6+1D3", seuil_defense=13, indice_defense="2D6")
"""Bruno attaque sous une caractéristique (11, 1D6+1D3) et se défend sous une autre (13, 2D6)."""
_ADA = Personnage("Ada", seuil=12, indice="2D6")


def test_esquive_et_blocage_se_lancent_sous_la_caracteristique_de_defense() -> None:
    # 6 + 4 + 3 = 13 : raté sous 11, réussi sous 13.
    e = echange(
        _ADA, _BRUNO_DEUX, Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.ESQUIVE, des_defense=(6, 4, 3))
    )
    assert e.jet_defense is not None and e.jet_defense.seuil == 13 and e.points == 0
    e = echange(
        _ADA, _BRUNO_DEUX, Tour(des_attaque=(5, 2, 1), effet_attaque=7, des_defense=(6, 4, 3), effet_defense=12)
    )
    assert e.effet_defense is not None and str(e.effet_defense.indice) == "2D6"  # 12 : possible en 2D6 seulement
    assert (e.points, e.initiative_change) == (-5, False)


def test_la_contre_attaque_est_un_jet_d_attaque() -> None:
    # « réussir un jet d'attaque avec un malus de -3 » : sous 11 − 3 = 8, pas sous 13 − 3 = 10.
    e = echange(
        _ADA,
        _BRUNO_DEUX,
        Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=Defense.CONTRE_ATTAQUE, des_defense=(5, 3, 1)),
    )
    assert e.jet_defense is not None and e.jet_defense.seuil == 8
    assert not e.jet_defense.reussi and not e.initiative_change and e.points == 7
    assert "contre-attaque (+0 −3, seuil 8)" in e.explication


def test_l_attaque_de_bruno_garde_sa_caracteristique_d_attaque() -> None:
    e = echange(_BRUNO_DEUX, _ADA, Tour(des_attaque=(6, 4, 2), des_defense=(6, 6, 6)))
    assert e.jet_attaque.seuil == 11 and not e.jet_attaque.reussi


@settings(max_examples=60, deadline=None)
@given(
    des=st.tuples(*[st.tuples(*[st.integers(1, 6)] * 3)] * 2),
    defense=st.sampled_from(list(Defense)),
    modificateur=st.integers(-4, 4),
    graine=st.integers(0, 10**6),
)
def test_par_defaut_la_defense_garde_la_caracteristique_d_attaque(
    des: tuple[tuple[int, int, int], tuple[int, int, int]], defense: Defense, modificateur: int, graine: int
) -> None:
    """Les défauts ne changent rien : même échange, mot pour mot, que seuil_defense et indice_defense soient
    absents ou égaux à seuil et indice."""
    tour = Tour(modificateur, des[0], None, 0, 0, defense, des[1])
    explicite = replace(BRUNO, seuil_defense=BRUNO.seuil, indice_defense=BRUNO.indice)
    assert (
        echange(ADA, explicite, tour, rng=random.Random(graine)).explication
        == echange(ADA, BRUNO, tour, rng=random.Random(graine)).explication
    )


def test_caracteristique_de_defense_refusee_en_la_nommant() -> None:
    with pytest.raises(ValueError, match=r"^seuil_defense doit être un entier"):
        Personnage("B", seuil=11, indice="1D6", seuil_defense="13")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^indice_defense : 3D3 n'est pas sur l'échelle des Indices"):
        Personnage("B", seuil=11, indice="1D6", indice_defense="3D3")
    with pytest.raises(ValueError, match=r"^indice_defense doit s'écrire comme"):
        Personnage("B", seuil=11, indice="1D6", indice_defense="1D8")
    with pytest.raises(ValueError, match=r"^tour : le modificateur \+5 porte le seuil de B à 1003"):
        echange(_ADA, Personnage("B", seuil=11, indice="1D6", seuil_defense=998), Tour(modificateur=5))
    with pytest.raises(ValueError, match=r"^defense doit être"):
        _BRUNO_DEUX.seuil_pour("esquive")  # type: ignore[arg-type]


def test_un_mauvais_tour_est_refuse_meme_si_la_scene_finit_avant_lui() -> None:
    """Un jet raté face à une opposition passive finit la scène au premier tour : le second tour,
    qui n'est pas un Tour, est refusé quand même (il l'était au hasard des dés, selon la fin de la scène)."""
    philip = Personnage("Philip", seuil=7, indice="1D6+1D3")
    panne = Personnage("la panne", actif=False)
    with pytest.raises(ValueError, match=r"tours\[1\] doit être un Tour, reçu 't'"):
        jouer_scene(philip, panne, [Tour(des_attaque=(6, 6, 5)), "t"])
