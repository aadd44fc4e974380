"""3D6 › jets cachés et partiellement cachés : ce que le joueur peut deviner.

Les chances de l'aperçu sont comparées au conditionnement brut : parmi les 216
jets ordonnés, ceux dont les premiers dés sont ceux que voit le joueur.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import Niveau, apercu, distribution, jet, jet_cache

TOUS_LES_JETS = list(product(range(1, 7), repeat=3))


def _conditionnel_brut(seuil: int, visibles: tuple[int, ...]) -> dict[Niveau, Fraction]:
    compatibles = [d for d in TOUS_LES_JETS if d[: len(visibles)] == visibles]
    compte = Counter(jet(seuil, d).niveau for d in compatibles)
    return {n: Fraction(compte[n], len(compatibles)) for n in Niveau}


@pytest.mark.parametrize("seuil", [2, 3, 8, 9, 10, 12, 18, 19])
@pytest.mark.parametrize("nombre", [0, 1, 2, 3])
def test_apercu_egal_conditionnement_brut(seuil: int, nombre: int) -> None:
    for visibles in product(range(1, 7), repeat=nombre):
        assert apercu(seuil, visibles).chances == _conditionnel_brut(seuil, visibles), visibles


def test_rien_de_visible_donne_la_distribution() -> None:
    assert apercu(9).chances == distribution(9)
    assert apercu(9).caches == 3


def test_double_visible_exclut_les_niveaux_simples() -> None:
    # Philip (9 ou moins) voit un double de 4 : ni simple, ni réussite critique (4+4+4 = 12 > 9).
    a = apercu(9, (4, 4))
    assert a.possibles == (Niveau.ECHEC_CRITIQUE, Niveau.ECHEC_SPECIAL, Niveau.REUSSITE_SPECIALE)
    assert a.chances[Niveau.ECHEC_SPECIAL] == Fraction(4, 6)
    assert a.chance_de_reussite == Fraction(1, 6)


def test_deux_des_differents_excluent_le_critique() -> None:
    a = apercu(12, (2, 5))
    assert Niveau.REUSSITE_CRITIQUE not in a.possibles and Niveau.ECHEC_CRITIQUE not in a.possibles


def test_trois_des_visibles_niveau_certain() -> None:
    a = apercu(8, (1, 2, 3))
    assert a.certain is Niveau.REUSSITE_SIMPLE
    assert "certain" in a.explication


def test_jet_cache_partage_les_des() -> None:
    c = jet_cache(8, (3, 5, 5), vus=1)
    assert c.jet.niveau is Niveau.ECHEC_SPECIAL
    assert c.apercu.visibles == (3,)
    assert c.apercu.chance_de_reussite == Fraction(10, 36)
    assert c.explication.startswith("MJ : 3d6 lancés (3, 5, 5)")


@given(st.tuples(*[st.integers(1, 6)] * 3), st.integers(0, 3), st.integers(-5, 25))
def test_le_vrai_niveau_est_toujours_possible(des: tuple[int, int, int], vus: int, seuil: int) -> None:
    c = jet_cache(seuil, des, vus=vus)
    assert c.jet.niveau in c.apercu.possibles
    assert sum(c.apercu.chances.values()) == 1


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: apercu(9, (1, 2, 3, 4)), "visibles doit contenir au plus 3 dés, reçu 4 : (1, 2, 3, 4)"),
        (lambda: apercu(9, (0,)), "visibles : chaque dé doit être un entier entre 1 et 6, reçu 0"),
        (lambda: apercu(9, (1, "2")), "visibles : chaque dé doit être un entier entre 1 et 6, reçu '2'"),
        (lambda: apercu(9, "12"), "visibles doit être une suite de 0 à 3 dés (entiers de 1 à 6), reçu '12'"),
        (lambda: apercu(9, {1: 2}), "visibles doit être une suite de 0 à 3 dés (entiers de 1 à 6), reçu {1: 2}"),
        (lambda: apercu(9.0, (1,)), "seuil doit être un entier, reçu 9.0"),
        (lambda: jet_cache(9, (1, 2, 3), vus=4), "vus doit être un entier entre 0 et 3, reçu 4"),
        (lambda: jet_cache(9, (1, 2, 3), vus=-1), "vus doit être un entier entre 0 et 3, reçu -1"),
        (lambda: jet_cache(9, (1, 2), vus=1), "des doit contenir exactement 3 dés, reçu 2 : (1, 2)"),
        (lambda: jet_cache(9, rng=3), "rng doit être un random.Random (ou None), reçu 3"),
        # Refusé même quand les dés sont donnés (et que rng ne servirait pas).
        (lambda: jet_cache(9, (1, 2, 3), vus=1, rng=3), "rng doit être un random.Random (ou None), reçu 3"),
    ],
)
def test_entrees_invalides(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_l_apercu_garde_le_seuil_et_ne_dit_certain_qu_un_seul_niveau() -> None:
    a = apercu(8, (5, 4))
    assert (a.seuil, a.visibles, a.caches) == (8, (5, 4), 1)
    assert a.certain is None and a.possibles == (Niveau.ECHEC_SPECIAL, Niveau.ECHEC_SIMPLE)
    # Aucune réussite possible : une probabilité exacte nulle, pas l'entier 0.
    assert repr(a.chance_de_reussite) == "Fraction(0, 1)"


@pytest.mark.parametrize(
    ("seuil", "des", "niveau"),
    [(8, (1, 2, 3), "Réussite simple"), (12, (6, 6, 6), "Échec critique"), (10, (4, 4, 1), "Réussite spéciale")],
)
def test_trois_des_visibles_l_explication_nomme_le_niveau(seuil: int, des: tuple[int, ...], niveau: str) -> None:
    vus = ", ".join(map(str, des))
    attendu = f"Le joueur voit {vus} (aucun dé caché, seuil {seuil}) : le niveau est certain, {niveau}."
    assert apercu(seuil, des).explication == attendu


def test_un_jet_tire_par_rng_est_le_tirage_de_rng_et_le_mj_lance_tout_par_defaut() -> None:
    import random

    from rules.des import lancer

    for graine in range(20):
        c = jet_cache(10, rng=random.Random(graine))
        assert c.jet.des == lancer(3, random.Random(graine))
        assert c.vus == 0 and c.apercu.visibles == () and c.apercu.caches == 3
        assert c.apercu.explication.startswith("Le joueur ne voit aucun dé (3 dés cachés, seuil 10) : réussite 50,0 %")
