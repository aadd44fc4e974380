"""WaRP › Dés d'expérience : le cycle de vie d'une réserve, et ses mauvais usages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.warp import Conversion, ReserveExperience


def test_une_partie_complete() -> None:
    """Trois dés : un refus (gardé), deux conversions, puis la fin de partie rend tout."""
    r = ReserveExperience(3)
    refus = r.convertir("convaincre le douanier", accepte=False)
    assert (refus.bonus, refus.apres) == (0, r)
    a = refus.apres.convertir("convaincre le douanier", accepte=True)
    assert (a.bonus, a.apres.disponibles, a.apres.convertis) == (1, 2, 1)
    b = a.apres.convertir("réparer la navette", accepte=True)
    assert b.apres.disponibles == 1
    assert b.apres.tests == frozenset({"convaincre le douanier", "réparer la navette"})
    fin = b.apres.fin_de_partie()
    assert (fin.des, fin.disponibles, fin.convertis, fin.tests) == (3, 3, 0, frozenset())


def test_un_seul_de_par_test() -> None:
    r = ReserveExperience(2).convertir("crocheter", accepte=True).apres
    with pytest.raises(ValueError, match=r"« crocheter » a déjà reçu un dé d'expérience"):
        r.convertir("crocheter", accepte=True)
    # … même si le MJ allait refuser : la demande elle-même est interdite.
    with pytest.raises(ValueError, match="un Test n'en reçoit qu'un seul"):
        r.convertir("crocheter", accepte=False)
    assert r.convertir("sauter", accepte=True).bonus == 1


def test_plus_aucun_de() -> None:
    r = ReserveExperience(1).convertir("a", accepte=True).apres
    with pytest.raises(ValueError, match=r"pour « b » : son seul dé est déjà converti"):
        r.convertir("b", accepte=True)
    with pytest.raises(ValueError, match="le personnage n'en a pas"):
        ReserveExperience(0).convertir("b", accepte=True)


def test_l_explication_dit_ce_qui_se_passe() -> None:
    c = ReserveExperience(2).convertir("viser", accepte=True)
    assert isinstance(c, Conversion)
    assert str(c) == ("Le MJ accepte : 1 dé de bonus pour « viser » ; il reste 1 dé d'expérience à convertir.")


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: ReserveExperience(-1), "des doit être un entier ≥ 0, reçu -1"),
        (lambda: ReserveExperience(2, convertis=3), "convertis doit être un entier entre 0 et 2, reçu 3"),
        (
            lambda: ReserveExperience(2, tests=frozenset({"a"})),
            "tests : 1 Tests ont reçu un dé, mais seulement 0 dé(s) ont été convertis",
        ),
        (
            lambda: ReserveExperience(2, convertis=1, tests={"a"}),
            "tests doit être un frozenset de noms de Tests, reçu {'a'}",
        ),
        (
            lambda: ReserveExperience(2, convertis=1, tests=frozenset({""})),
            "tests doit être un frozenset de noms de Tests, reçu frozenset({''})",
        ),
        (
            lambda: ReserveExperience(2, convertis=1, tests=frozenset({"x" * 201})),
            "tests doit être un frozenset de noms de Tests, reçu frozenset({'" + "x" * 27 + "..." + "x" * 28 + "'})",
        ),
        (
            lambda: ReserveExperience(1).convertir("", accepte=True),
            "test doit être le nom (non vide) du Test (200 caractères au plus), reçu ''",
        ),
        (
            lambda: ReserveExperience(1).convertir("a", accepte="oui"),
            "accepte doit être True ou False (la décision du MJ), reçu 'oui'",
        ),
        (
            lambda: ReserveExperience(1, convertis=1).convertir("a", accepte=True),
            "aucun dé d'expérience disponible pour « a » : son seul dé est déjà converti "
            "(ils reviennent à la fin de la partie)",
        ),
        (
            lambda: ReserveExperience(3, convertis=3).convertir("a", accepte=True),
            "aucun dé d'expérience disponible pour « a » : ses 3 dés sont déjà convertis "
            "(ils reviennent à la fin de la partie)",
        ),
        (
            lambda: ReserveExperience(0).convertir("a", accepte=True),
            "aucun dé d'expérience disponible pour « a » : le personnage n'en a pas",
        ),
    ],
)
def test_entrees_invalides(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_un_nom_de_test_de_200_caracteres_est_permis() -> None:
    nom = "x" * 200
    assert ReserveExperience(1, convertis=1, tests=frozenset({nom})).tests == {nom}


def test_la_conversion_rend_la_demande_et_les_deux_reserves() -> None:
    r = ReserveExperience(2)
    apres = ReserveExperience(2, convertis=1, tests=frozenset({"viser"}))
    assert r.convertir("viser", accepte=True) == Conversion(
        "viser",
        True,
        1,
        r,
        apres,
        "Le MJ accepte : 1 dé de bonus pour « viser » ; il reste 1 dé d'expérience à convertir.",
    )
    assert r.convertir("viser", accepte=False) == Conversion(
        "viser",
        False,
        0,
        r,
        r,
        "Le MJ refuse : pas de dé de bonus pour « viser », le dé d'expérience est gardé (2 dés disponibles).",
    )


@given(
    des=st.integers(0, 5),
    demandes=st.lists(st.tuples(st.sampled_from("abcdef"), st.booleans()), max_size=12),
)
def test_invariants_de_la_reserve(des: int, demandes: list[tuple[str, bool]]) -> None:
    """Disponibles + convertis = total ; un refus ne coûte rien ; un Test ne reçoit qu'un dé."""
    r = ReserveExperience(des)
    bonus_par_test: dict[str, int] = {}
    for test, accepte in demandes:
        try:
            c = r.convertir(test, accepte=accepte)
        except ValueError:
            assert r.disponibles == 0 or test in r.tests
            continue
        assert c.bonus == int(accepte)
        assert c.apres.disponibles == r.disponibles - c.bonus
        bonus_par_test[test] = bonus_par_test.get(test, 0) + c.bonus
        r = c.apres
        assert r.disponibles + r.convertis == des and r.disponibles >= 0
    assert all(n <= 1 for n in bonus_par_test.values())
    assert r.fin_de_partie().disponibles == des
