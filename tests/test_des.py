"""Le moteur de lois de `rules.des` contre l'énumération brute et contre icepool.

Le moteur compte les jets par programmation dynamique sur les faces ; ces
tests le confrontent :

1. à l'énumération de *tous les jets ordonnés* (`itertools.product`), pour de
   petites réserves, avec un évaluateur qui garde le multi-ensemble entier des
   dés gardés (rien n'est résumé : toute erreur de compte se verrait) ;
2. à l'énumération de référence `jets_tries` (hypothesis, faces de 2 à 8) ;
3. à icepool 2.1 (bibliothèque indépendante) pour des réserves de 24 dés.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules.des import Evaluateur, comptes, convoluer, jets_tries, lancer, loi, loi_somme, opposer, probabilite_jet_trie


@dataclass(frozen=True)
class Gardes(Evaluateur[tuple[int, ...], tuple[int, ...]]):
    """Le multi-ensemble des dés gardés, trié du plus fort au plus faible."""

    def initial(self) -> tuple[int, ...]:
        return ()

    def transition(self, etat: tuple[int, ...], face: int, nombre: int) -> tuple[int, ...]:
        return etat + (face,) * nombre

    def final(self, etat: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(etat, reverse=True))


@dataclass(frozen=True)
class SommeEtSix(Evaluateur[tuple[int, int], tuple[int, int]]):
    """Total des dés gardés et nombre de faces maximales gardées (les « 6 »)."""

    faces: int = 6

    def initial(self) -> tuple[int, int]:
        return (0, 0)

    def transition(self, etat: tuple[int, int], face: int, nombre: int) -> tuple[int, int]:
        return (etat[0] + face * nombre, etat[1] + (nombre if face == self.faces else 0))


@dataclass(frozen=True)
class Faces(Evaluateur[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]):
    """La suite des (face, nombre) vue par le moteur, 0 compris : vérifie l'ordre des appels."""

    def initial(self) -> tuple[tuple[int, int], ...]:
        return ()

    def transition(self, etat: tuple[tuple[int, int], ...], face: int, nombre: int) -> tuple[tuple[int, int], ...]:
        return (*etat, (face, nombre))


def _garder(des: tuple[int, ...], gardes: int, meilleurs: bool) -> tuple[int, ...]:
    """Réécriture naïve : trier, prendre les `gardes` premiers (meilleurs) ou derniers (pires)."""
    tries = sorted(des, reverse=True)
    return tuple(tries[:gardes] if meilleurs else tries[len(tries) - gardes :])


@pytest.mark.parametrize("nombre", range(7))
def test_chaque_multi_ensemble_garde_compte_comme_l_enumeration_brute(nombre: int) -> None:
    for gardes in range(nombre + 1):
        for meilleurs in (True, False):
            attendu = Counter(_garder(d, gardes, meilleurs) for d in product(range(1, 7), repeat=nombre))
            assert comptes(nombre, gardes, Gardes(), meilleurs=meilleurs) == dict(attendu), (gardes, meilleurs)


@given(
    st.integers(min_value=0, max_value=9),
    st.data(),
    st.booleans(),
    st.integers(min_value=1, max_value=8),
)
def test_le_moteur_egale_les_jets_tries_pour_toutes_faces(
    nombre: int, data: st.DataObject, meilleurs: bool, faces: int
) -> None:
    gardes = data.draw(st.integers(min_value=0, max_value=nombre))
    attendu: Counter[tuple[int, int]] = Counter()
    for tries, ordres in jets_tries(nombre, faces=faces):
        g = tries[:gardes] if meilleurs else tries[nombre - gardes :]
        attendu[(sum(g), g.count(faces))] += ordres
    obtenu = comptes(nombre, gardes, SommeEtSix(faces), meilleurs=meilleurs, faces=faces)
    assert obtenu == dict(attendu)
    assert sum(obtenu.values()) == faces**nombre


def test_le_moteur_voit_chaque_face_une_fois_dans_l_ordre_de_garde() -> None:
    for meilleurs, ordre in ((True, (6, 5, 4, 3, 2, 1)), (False, (1, 2, 3, 4, 5, 6))):
        for suite in comptes(5, 3, Faces(), meilleurs=meilleurs):
            assert tuple(f for f, _ in suite) == ordre
            assert sum(n for _, n in suite) == 3


@pytest.mark.parametrize("nombre,gardes", [(24, 12), (20, 1), (13, 12), (12, 12), (18, 7), (9, 0), (1, 1), (0, 0)])
@pytest.mark.parametrize("meilleurs", [True, False])
def test_la_somme_des_des_gardes_egale_icepool(nombre: int, gardes: int, meilleurs: bool) -> None:
    pool = icepool.d6.pool(nombre)
    de = (pool.highest(gardes) if meilleurs else pool.lowest(gardes)).sum()
    attendu = {int(v): Fraction(de.quantity(v), de.denominator()) for v in de.outcomes() if de.quantity(v)}

    @dataclass(frozen=True)
    class Somme(Evaluateur[int, int]):
        def initial(self) -> int:
            return 0

        def transition(self, etat: int, face: int, nombre: int) -> int:
            return etat + face * nombre

    assert loi(nombre, gardes, Somme(), meilleurs=meilleurs) == attendu


@pytest.mark.parametrize("nombre,faces", [(0, 6), (1, 6), (3, 6), (15, 6), (4, 3), (2, 3)])
def test_loi_somme_egale_icepool(nombre: int, faces: int) -> None:
    de = nombre @ icepool.d(faces) if nombre else icepool.Die([0])
    attendu = {int(v): de.quantity(v) * faces**nombre // de.denominator() for v in de.outcomes()}
    assert loi_somme(nombre, faces=faces) == attendu


@pytest.mark.parametrize("nombres", [(3,), (0, 2), (2, 3), (1, 4), (1, 1, 1)])
def test_convoluer_des_sommes_de_des_egale_la_somme_de_tous_les_des(nombres: tuple[int, ...]) -> None:
    assert convoluer(*(loi_somme(n) for n in nombres)) == loi_somme(sum(nombres))


def test_convoluer_un_d6_et_deux_d3_egale_icepool() -> None:
    de = icepool.d6 + 2 @ icepool.d3
    attendu = {int(v): de.quantity(v) * 6 * 9 // de.denominator() for v in de.outcomes()}
    assert convoluer(loi_somme(1), loi_somme(2, faces=3)) == attendu
    assert list(convoluer({3: 1, 1: 2}, {0: 1})) == [1, 3]  # clés croissantes
    assert convoluer() == {0: 1}  # rien à ajouter : le total 0, une fois


lois = st.dictionaries(
    st.tuples(st.sampled_from("xyz"), st.integers(min_value=-3, max_value=12)),
    st.integers(min_value=0, max_value=50),
    max_size=12,
)


@given(lois, lois)
@example({("x", 1): 0, ("y", 2): 3}, {("x", 1): 2})  # un poids nul ne fait qu'être sauté, pas tout arrêter
def test_opposer_egale_la_double_boucle(a: dict[tuple[str, int], int], b: dict[tuple[str, int], int]) -> None:
    attendu: defaultdict[tuple[str, str, int], int] = defaultdict(int)
    for (ka, ta), na in a.items():
        for (kb, tb), nb in b.items():
            if na * nb:
                attendu[(ka, kb, (ta > tb) - (ta < tb))] += na * nb
    assert opposer(a, b) == dict(attendu)


@pytest.mark.parametrize(
    "appel,message",
    [
        (lambda: comptes(-1, 0, Gardes()), "nombre doit être un entier ≥ 0, reçu -1"),
        (lambda: comptes(3, 4, Gardes()), "gardes doit être un entier entre 0 et 3, reçu 4"),
        (lambda: comptes(3, 1, Gardes(), faces=0), "faces doit être un entier ≥ 1, reçu 0"),
        (lambda: loi_somme(-2), "nombre doit être un entier ≥ 0, reçu -2"),
        (lambda: list(jets_tries(2, faces=0)), "faces doit être un entier entre 1 et 8, reçu 0"),
        (lambda: list(jets_tries(2, faces=9)), "faces doit être un entier entre 1 et 8, reçu 9"),
        (lambda: lancer(61), "nombre doit être ≤ 60 (au plus 60 dés d'un même jet), reçu 61"),
        (lambda: lancer(1, faces=0), "faces doit être un entier ≥ 1, reçu 0"),
        (lambda: lancer(1, faces=9), "faces doit être ≤ 8 (au plus 8 faces d'un dé), reçu 9"),
        (lambda: opposer(3, {}), "a doit être une loi (un dict issue → poids entier), reçu 3"),
        (lambda: opposer({}, 3), "b doit être une loi (un dict issue → poids entier), reçu 3"),
        (
            lambda: opposer({("x", "t"): 1}, {}),
            "a : chaque issue doit être un couple (classe, total entier entre −1000 et 1000), reçu ('x', 't')",
        ),
        (
            lambda: opposer({}, {("x", "t"): 1}),
            "b : chaque issue doit être un couple (classe, total entier entre −1000 et 1000), reçu ('x', 't')",
        ),
        (
            lambda: opposer({"x": 1}, {}),
            "a : chaque issue doit être un couple (classe, total entier entre −1000 et 1000), reçu 'x'",
        ),
        (lambda: opposer({("x", 1): -1}, {}), "a : chaque poids doit être un entier ≥ 0, reçu -1"),
        (lambda: comptes(61, 1, Gardes()), "nombre doit être ≤ 60 (au plus 60 dés d'un même jet), reçu 61"),
        (lambda: comptes(2.0, 1, Gardes()), "nombre doit être un entier ≥ 0, reçu 2.0"),
        (lambda: comptes(3, -1, Gardes()), "gardes doit être un entier entre 0 et 3, reçu -1"),
        (lambda: comptes(20, 13, Gardes()), "gardes doit être ≤ 12 (au plus 12 dés gardés), reçu 13"),
        (lambda: comptes(3, 1, Gardes(), faces=9), "faces doit être ≤ 8 (au plus 8 faces d'un dé), reçu 9"),
        (
            lambda: comptes(3, 1, "somme"),  # type: ignore[arg-type]
            "evaluateur doit être un Evaluateur (rules.des.Evaluateur), reçu 'somme'",
        ),
        (lambda: comptes(3, 1, Gardes(), meilleurs="oui"), "meilleurs doit être True ou False, reçu 'oui'"),
        (lambda: loi(61, 1, Gardes()), "nombre doit être ≤ 60 (au plus 60 dés d'un même jet), reçu 61"),
        (lambda: loi_somme(61), "nombre doit être ≤ 60 (au plus 60 dés d'un même jet), reçu 61"),
        (lambda: loi_somme(1.5), "nombre doit être un entier ≥ 0, reçu 1.5"),  # type: ignore[arg-type]
        (lambda: loi_somme(2, faces=0), "faces doit être un entier ≥ 1, reçu 0"),
        (lambda: loi_somme(2, faces=9), "faces doit être ≤ 8 (au plus 8 faces d'un dé), reçu 9"),
        (lambda: convoluer(*[{1: 1}] * 61), "lois doit être ≤ 60 (au plus 60 lois convoluées), reçu 61"),
        (lambda: convoluer({1: 1}, 5), "lois[1] doit être une loi (un dict issue → poids entier), reçu 5"),  # type: ignore[arg-type]
        (lambda: convoluer({1: 1}, {"a": 1}), "lois[1] : chaque issue doit être un entier, reçu 'a'"),  # type: ignore[dict-item]
        (lambda: convoluer({1: 1}, {1: -1}), "lois[1] : chaque poids doit être un entier ≥ 0, reçu -1"),
        (lambda: convoluer({1: "2"}), "lois[0] : chaque poids doit être un entier ≥ 0, reçu '2'"),  # type: ignore[dict-item]
        (lambda: probabilite_jet_trie(0, 2), "ordres doit être un entier entre 1 et 36, reçu 0"),
        (lambda: probabilite_jet_trie(37, 2), "ordres doit être un entier entre 1 et 36, reçu 37"),
        (lambda: probabilite_jet_trie(1, 61), "nombre doit être un entier entre 0 et 60, reçu 61"),
        (lambda: probabilite_jet_trie(1, -1), "nombre doit être un entier entre 0 et 60, reçu -1"),
        (lambda: probabilite_jet_trie(1, 2, faces=0), "faces doit être un entier entre 1 et 8, reçu 0"),
        (lambda: probabilite_jet_trie(1, 2, faces=9), "faces doit être un entier entre 1 et 8, reçu 9"),
        (lambda: list(jets_tries(13)), "nombre doit être un entier entre 0 et 12, reçu 13"),
        (lambda: list(jets_tries(-1)), "nombre doit être un entier entre 0 et 12, reçu -1"),
        (lambda: lancer(1, rng=3), "rng doit être un random.Random (ou None), reçu 3"),  # type: ignore[arg-type]
    ],
)
def test_erreurs_claires(appel: object, message: str) -> None:
    with pytest.raises(ValueError) as erreur:
        appel()  # type: ignore[operator]
    assert str(erreur.value) == message


def test_loi_avec_d_autres_faces_egale_l_enumeration_brute() -> None:
    """Trois D3, on garde les deux meilleurs : la loi de (total, nombre de 3) sur 27 jets ordonnés."""
    attendu: Counter[tuple[int, int]] = Counter()
    for des in product(range(1, 4), repeat=3):
        g = sorted(des, reverse=True)[:2]
        attendu[(sum(g), g.count(3))] += 1
    assert loi(3, 2, SommeEtSix(3), faces=3) == {k: Fraction(n, 27) for k, n in attendu.items()}


def test_les_bornes_sont_permises() -> None:
    """Chaque borne d'un refus ci-dessus est elle-même permise : 60 dés, 12 gardés, 8 faces, 60 lois."""
    assert sum(comptes(60, 12, SommeEtSix()).values()) == 6**60
    assert sum(comptes(12, 12, SommeEtSix(8), faces=8).values()) == 8**12
    assert comptes(3, 0, Gardes()) == {(): 6**3}
    assert sum(loi_somme(60).values()) == 6**60 and loi_somme(1, faces=8) == dict.fromkeys(range(1, 9), 1)
    assert convoluer(*[{1: 1}] * 60) == {60: 1}
    assert probabilite_jet_trie(36, 2) == 1 and probabilite_jet_trie(1, 0) == 1
    assert probabilite_jet_trie(1, 60) == Fraction(1, 6**60) and probabilite_jet_trie(8, 1, faces=8) == 1
    assert sum(n for _, n in jets_tries(12, faces=1)) == 1 and len(lancer(60, faces=8)) == 60


def test_un_de_a_une_face_se_lance() -> None:
    """Le plus petit dé permis (une face) rend toujours 1 : la borne basse de `faces` est 1, pas 2."""
    assert lancer(3, faces=1) == (1, 1, 1)
