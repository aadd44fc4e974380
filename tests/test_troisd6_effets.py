"""3D6 › Scènes majeures › Attaque : l'échelle des Indices et les points d'effet."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.troisd6 import ECHELLE_INDICES, Indice, effet, indice, loi_indice, monter


def test_echelle_reproduit_les_exemples_du_texte() -> None:
    assert monter("1D6+1D3", 1) == indice("2D6")  # Joséphine, « +1 niveau » : 2D6
    assert monter("1D6+1D3", 2) == indice("3D6")  # réparation de Philip, Dt = 2 : 3D6
    assert str(ECHELLE_INDICES[2]) == "1D6+1D3"


def test_echelle_une_seule_table_strictement_croissante() -> None:
    moyennes = [sum(t * p for t, p in loi_indice(i).items()) for i in ECHELLE_INDICES]
    assert moyennes == sorted(moyennes) and len(set(moyennes)) == len(moyennes)
    assert len(set(ECHELLE_INDICES)) == len(ECHELLE_INDICES)
    assert all(i.rang == n for n, i in enumerate(ECHELLE_INDICES))


def test_effets_des_exemples() -> None:
    assert effet("1D6+1D3", niveaux=1, total=4).points == 4  # Joséphine
    e = effet("1D6+1D3", dt=2, total=10)  # réparation, jet 2
    assert (str(e.indice), e.points) == ("3D6", 10)
    assert effet("2D6", total=3).points == 3  # Nice, tour 1 (Philip)
    assert effet("1D6+1D3", total=4).points == 4  # Nice, tour 1 (truands)


def test_speciale_ajoute_dd_critique_monte_dt() -> None:
    e = effet("2D6", dd=5, des=(4, 3))
    assert (e.total_des, e.dd, e.points) == (7, 5, 12)
    e = effet("2D6", dt=3, niveaux=1, des=(1, 1, 1, 1, 1, 1))
    assert (str(e.indice), e.niveaux, e.points) == ("6D6", 4, 6)
    assert effet("1D6+1D3", bonus_points=2, des=(6, 3)).points == 11


def _loi_brute(i: Indice) -> dict[int, Fraction]:
    faces = [range(1, 7)] * i.d6 + [range(1, 4)] * i.d3
    tous = list(product(*faces))
    compte = Counter(sum(t) for t in tous)
    return {t: Fraction(n, len(tous)) for t, n in compte.items()}


@pytest.mark.parametrize("texte", ["1D3", "1D6", "1D6+1D3", "2D6", "3D6", "4D6", "5D6"])
def test_loi_indice_egale_enumeration_brute(texte: str) -> None:
    assert loi_indice(texte) == _loi_brute(indice(texte))


@pytest.mark.parametrize("texte", ["1D6+1D3", "3D6"])
def test_loi_indice_egale_icepool(texte: str) -> None:
    i = indice(texte)
    de = icepool.d6.pool(i.d6).sum() + icepool.d3.pool(i.d3).sum() if i.d3 else icepool.d6.pool(i.d6).sum()
    oracle = {int(t): Fraction(n, de.denominator()) for t, n in de.items()}
    assert loi_indice(i) == oracle


@given(st.sampled_from(ECHELLE_INDICES[:8]), st.integers(0, 2**32))
def test_effet_tire_reste_dans_les_bornes(i: Indice, graine: int) -> None:
    e = effet(i, rng=random.Random(graine))
    assert e.des is not None and len(e.des) == i.d6 + i.d3
    assert i.minimum <= e.points <= i.maximum


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="total : un jet de 2D6 fait de 2 à 12"):
        effet("2D6", total=13)
    with pytest.raises(ValueError, match="indice doit s'écrire"):
        indice("1D8")
    with pytest.raises(ValueError, match="sort de l'échelle"):
        monter("1D3", -1)
    with pytest.raises(ValueError, match="sort de l'échelle"):
        monter("2D6", 40)
    with pytest.raises(ValueError, match="des doit contenir 2 dés"):
        effet("2D6", des=(4,))
    with pytest.raises(ValueError, match="chaque dé doit être un entier entre 1 et 3"):
        effet("1D6+1D3", des=(4, 5))
    with pytest.raises(ValueError, match="dt doit être un entier entre 1 et 6"):
        effet("2D6", dt=7, total=5)
    with pytest.raises(ValueError, match="pas les deux"):
        effet("2D6", des=(1, 1), total=2)
    with pytest.raises(ValueError, match="au moins un dé"):
        Indice(0, 0)
    with pytest.raises(ValueError, match="n'est pas sur l'échelle"):
        monter(Indice(2, 1), 1)


@pytest.mark.parametrize(
    ("appel", "explication", "points"),
    [
        (lambda: effet("2D6", total=7), "Indice 2D6 ; jet d'effet 7 : 7 points d'effet.", 7),
        # Les niveaux : « niveau » au singulier pour ±1, « niveaux » au-delà, signe toujours écrit.
        (lambda: effet("2D6", niveaux=1, total=7), "Indice 2D6 +1 niveau → 3D6 ; jet d'effet 7 : 7 points d'effet.", 7),
        (lambda: effet("2D6", niveaux=-1, total=4), "Indice 2D6 −1 niveau → 1D6+1D3 ; jet d'effet 4 : 4 points d'effet.", 4),
        (lambda: effet("2D6", niveaux=-2, total=2), "Indice 2D6 −2 niveaux → 1D6 ; jet d'effet 2 : 2 points d'effet.", 2),
        # Réussite critique : le Dt monte l'Indice, et le bonus de manœuvre se dit à part.
        (lambda: effet("1D6+1D3", dt=1, total=7), "Indice 1D6+1D3 +1 niveau (Dt = 1) → 2D6 ; jet d'effet 7 : 7 points d'effet.", 7),
        (
            lambda: effet("1D6+1D3", dt=2, niveaux=1, total=9),
            "Indice 1D6+1D3 +3 niveaux (Dt = 2, +1 niveau de bonus) → 4D6 ; jet d'effet 9 : 9 points d'effet.",
            9,
        ),
        # Les points : « point » au singulier pour ±1 ; le Dd d'une réussite spéciale avant eux.
        (lambda: effet("2D6", bonus_points=1, total=7), "Indice 2D6 ; jet d'effet 7, +1 point = 8 points d'effet.", 8),
        (lambda: effet("2D6", bonus_points=-1, total=7), "Indice 2D6 ; jet d'effet 7, −1 point = 6 points d'effet.", 6),
        (lambda: effet("2D6", bonus_points=-2, total=7), "Indice 2D6 ; jet d'effet 7, −2 points = 5 points d'effet.", 5),
        (lambda: effet("2D6", dd=4, total=7), "Indice 2D6 ; jet d'effet 7, + Dd 4 = 11 points d'effet.", 11),
        (lambda: effet("2D6", dd=4, bonus_points=3, total=7), "Indice 2D6 ; jet d'effet 7, + Dd 4, +3 points = 14 points d'effet.", 14),
        # Les dés donnés : D6 puis D3, et leur somme ; un seul dé se lit sans somme.
        (lambda: effet("1D6", des=(2,)), "Indice 1D6 ; jet d'effet 2 : 2 points d'effet.", 2),
        # « point » au singulier pour 1, 0 et −1 ; au pluriel dès 2 (ou −2).
        (lambda: effet("1D3", des=(1,)), "Indice 1D3 ; jet d'effet 1 : 1 point d'effet.", 1),
        (lambda: effet("1D3", bonus_points=-1, total=1), "Indice 1D3 ; jet d'effet 1, −1 point = 0 point d'effet.", 0),
        (lambda: effet("1D3", bonus_points=-3, total=1), "Indice 1D3 ; jet d'effet 1, −3 points = −2 points d'effet.", -2),
        (lambda: effet("1D6+1D3", des=(6, 3)), "Indice 1D6+1D3 ; jet d'effet (6, 3) = 9 : 9 points d'effet.", 9),
        (
            lambda: effet("2D6", niveaux=1, bonus_points=-2, des=(1, 2, 3)),
            "Indice 2D6 +1 niveau → 3D6 ; jet d'effet (1, 2, 3) = 6, −2 points = 4 points d'effet.",
            4,
        ),
    ],
)  # fmt: skip
def test_chaque_explication_d_effet_mot_pour_mot(appel, explication: str, points: int) -> None:  # type: ignore[no-untyped-def]
    e = appel()
    assert (e.explication, str(e), e.points) == (explication, explication, points)
    assert e.points == e.total_des + e.dd + e.bonus_points  # « Points d'effet + dé doublé (Dd) » + bonus


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: effet("2D6", dd=0, total=5), "dd doit être un entier entre 1 et 6, reçu 0"),
        (lambda: effet("2D6", dd=7, total=5), "dd doit être un entier entre 1 et 6, reçu 7"),
        (lambda: effet("2D6", dt=0, total=5), "dt doit être un entier entre 1 et 6, reçu 0"),
        (lambda: effet("2D6", dt=7, total=5), "dt doit être un entier entre 1 et 6, reçu 7"),
        (lambda: effet("2D6", dd=2, dt=3, total=5), "dd et dt : un jet a un dé doublé (réussite spéciale) ou un dé triplé (critique), pas les deux, reçu dd=2, dt=3"),
        (lambda: effet("2D6", niveaux=17, total=5), "niveaux doit être un entier entre -16 et 16, reçu 17"),
        (lambda: effet("2D6", niveaux=-17, total=5), "niveaux doit être un entier entre -16 et 16, reçu -17"),
        (lambda: effet("2D6", bonus_points=21, total=5), "bonus_points doit être un entier entre -20 et 20, reçu 21"),
        (lambda: effet("2D6", bonus_points=-21, total=5), "bonus_points doit être un entier entre -20 et 20, reçu -21"),
        (lambda: effet("2D6", rng=3), "rng doit être un random.Random (ou None), reçu 3"),
        (lambda: effet("2D6", total=5, rng=3), "rng doit être un random.Random (ou None), reçu 3"),  # même inutile
        (lambda: effet("2D6", total=13), "total : un jet de 2D6 fait de 2 à 12, reçu 13"),
        (lambda: effet("2D6", total=1), "total : un jet de 2D6 fait de 2 à 12, reçu 1"),
        (lambda: effet("2D6", total=2.5), "total doit être un entier, reçu 2.5"),
        (lambda: effet("2D6", des=(1, 2), total=3), "des et total : donnez les dés d'effet ou leur total, pas les deux"),
        (lambda: effet("2D6", des="12"), "des doit être une suite de dés d'effet (2D6 : D6 puis D3), reçu '12'"),
        (lambda: effet("2D6", des=5), "des doit être une suite de dés d'effet (2D6 : D6 puis D3), reçu 5"),
        (lambda: effet("2D6", des=(1, 2, 3)), "des doit être une suite d'au plus 2 dés pour 2D6 (D6 puis D3), reçu plus de 2 éléments"),
        (lambda: effet("2D6", des=(1,)), "des doit contenir 2 dés pour 2D6 (D6 puis D3), reçu 1 : (1,)"),
        (lambda: effet("1D6", des=(1, 2)), "des doit être une suite d'au plus 1 dé pour 1D6 (D6 puis D3), reçu plus de 1 élément"),
        (lambda: effet("1D6", des=()), "des doit contenir 1 dé pour 1D6 (D6 puis D3), reçu 0 : ()"),
        (lambda: effet("1D6+1D3", des=(1, 4)), "des : chaque dé doit être un entier entre 1 et 3, reçu 4"),
        (lambda: effet("1D6+1D3", des=(7, 1)), "des : chaque dé doit être un entier entre 1 et 6, reçu 7"),
        (lambda: effet("2D6", niveaux=15, total=5), "niveaux : 2D6 +15 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
        (lambda: effet("1D3", niveaux=-1, total=1), "niveaux : 1D3 −1 niveau sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
        (lambda: monter("1D6", -2), "niveaux : 1D6 −2 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
        (lambda: monter("15D6", 1), "niveaux : 15D6 +1 niveau sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
        (lambda: monter("2D6", 1.5), "niveaux doit être un entier, reçu 1.5"),
    ],
)  # fmt: skip
def test_chaque_refus_d_effet_nomme_son_parametre(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


_FORME = "indice doit s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement), reçu "
_HORS_ECHELLE = "n'est pas sur l'échelle des Indices (1D3, 1D6, 1D6+1D3, 2D6, 3D6, 4D6, puis +1D6 par niveau)"


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: indice("1D8"), _FORME + "'1D8'"),
        (lambda: indice(5), _FORME + "5"),
        (lambda: indice("2D6+"), _FORME + "'2D6+'"),
        (lambda: indice("1D61D3"), _FORME + "'1D61D3'"),
        (lambda: indice("1D6" * 100), _FORME + "'1D61D61D61D61D61D61D61D61D6...61D61D61D61D61D61D61D61D61D6'"),
        (lambda: indice("16D6"), "indice : '16D6' n'est pas sur l'échelle des Indices (de 1D3 à 15D6)"),
        (lambda: indice("1D6+16D3"), "indice : '1D6+16D3' n'est pas sur l'échelle des Indices (de 1D3 à 15D6)"),
        (lambda: indice("0D6"), "indice : '0D6' n'est pas sur l'échelle des Indices (de 1D3 à 15D6)"),
        (lambda: indice("3D3"), f"indice : 3D3 {_HORS_ECHELLE}"),
        # 15 dés de chaque sorte au plus se lisent (puis l'échelle décide) ; 16, non.
        (lambda: indice("15D3"), f"indice : 15D3 {_HORS_ECHELLE}"),
        (lambda: indice("15D6+1D3"), f"indice : 15D6+1D3 {_HORS_ECHELLE}"),
        (lambda: indice("16D3"), "indice : '16D3' n'est pas sur l'échelle des Indices (de 1D3 à 15D6)"),
        # 200 caractères au plus : au-delà, le texte n'est même pas lu.
        (lambda: indice(" " * 198 + "2D6"), _FORME + "'                           ...                         2D6'"),
        (lambda: indice(" 2 d6 + 1 D3 "), f"indice : 2D6+1D3 {_HORS_ECHELLE}"),
        (lambda: monter(Indice(2, 1), 1), f"depart : 2D6+1D3 {_HORS_ECHELLE}"),  # sous le nom du paramètre de monter
        (lambda: Indice(16), "d6 doit être un entier entre 0 et 15, reçu 16"),
        (lambda: Indice(-1), "d6 doit être un entier entre 0 et 15, reçu -1"),
        (lambda: Indice(1, 16), "d3 doit être un entier entre 0 et 15, reçu 16"),
        (lambda: Indice(1, -1), "d3 doit être un entier entre 0 et 15, reçu -1"),
        (lambda: Indice(0, 0), "d6 et d3 : un Indice doit avoir au moins un dé, reçu 0D6 et 0D3"),
    ],
)  # fmt: skip
def test_chaque_refus_d_indice_mot_pour_mot(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


@pytest.mark.parametrize(
    ("texte", "lu", "ecrit"),
    [
        ("1D3", Indice(0, 1), "1D3"),
        ("0D6+1D3", Indice(0, 1), "1D3"),
        ("1d6", Indice(1, 0), "1D6"),
        ("1D6+0D3", Indice(1, 0), "1D6"),
        (" 1 d6 + 1 D3 ", Indice(1, 1), "1D6+1D3"),
        ("15D6", Indice(15, 0), "15D6"),
        (" " * 197 + "2D6", Indice(2, 0), "2D6"),  # 200 caractères : encore lu
    ],
)
def test_l_indice_se_lit_et_s_ecrit_comme_dans_le_texte(texte: str, lu: Indice, ecrit: str) -> None:
    assert indice(texte) == lu and str(lu) == ecrit
    assert indice(lu) is lu  # un Indice déjà lu passe tel quel


def test_un_indice_hors_echelle_s_ecrit_quand_meme() -> None:
    assert (str(Indice(0, 2)), str(Indice(3, 1))) == ("2D3", "3D6+1D3")


def test_le_total_donne_peut_toucher_ses_bornes() -> None:
    """Un total de 2 ou de 12 se fait avec 2D6 (1-1 et 6-6) : il est accepté, comme tout total entre les deux."""
    assert [effet("2D6", total=t).points for t in (2, 12)] == [2, 12]
    assert [effet("1D3", total=t).points for t in (1, 3)] == [1, 3]


def test_les_des_d_effet_tires_suivent_le_rng_et_leurs_faces() -> None:
    """Deux rng de même graine tirent les mêmes dés d'effet (D6 comme D3) ; un D3 fait 1, 2 ou 3, un D6 de 1 à 6."""
    for texte in ("1D6+1D3", "1D3", "15D6"):
        r1, r2 = random.Random(11), random.Random(11)
        assert [effet(texte, rng=r1).des for _ in range(20)] == [effet(texte, rng=r2).des for _ in range(20)]
    rng = random.Random(5)
    tires = [effet("1D6+1D3", rng=rng).des for _ in range(300)]
    assert {d[0] for d in tires if d} == set(range(1, 7)) and {d[1] for d in tires if d} == {1, 2, 3}
    assert all(e.points == sum(e.des or ()) for e in (effet("1D6+1D3", rng=rng) for _ in range(20)))


def test_un_effet_garde_son_indice_de_base_et_ses_des() -> None:
    e = effet("1D6+1D3", dt=2, total=10)  # la réparation de Philip : 1D6+1D3 monté de 2 niveaux
    assert (e.indice_de_base, e.indice, e.niveaux, e.des, e.total_des) == (Indice(1, 1), Indice(3, 0), 2, None, 10)
    e = effet("2D6", dd=4, des=[5, 1])
    assert (e.indice_de_base, e.indice, e.des, e.total_des, e.dd, e.points) == (
        Indice(2, 0),
        Indice(2, 0),
        (5, 1),
        6,
        4,
        10,
    )
