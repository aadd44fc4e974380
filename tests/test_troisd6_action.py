"""3D6 › Scènes d'action : les manœuvres, comme données."""

from __future__ import annotations

import pytest

from rules.troisd6 import (
    MANOEUVRES_AVION,
    MANOEUVRES_CHIFFREES,
    MANOEUVRES_POURSUITE,
    Defense,
    Manoeuvre,
    Personnage,
    esperance_points,
    jouer_scene,
    manoeuvre,
)


def test_les_listes_du_texte() -> None:
    assert len(MANOEUVRES_POURSUITE) == 9 and len(MANOEUVRES_AVION) == 1
    assert not any(m.chiffree for m in (*MANOEUVRES_POURSUITE, *MANOEUVRES_AVION))
    portees = {m.portee for m in MANOEUVRES_POURSUITE}
    assert portees == {"toute distance", "contact", "distance moyenne ou plus", "distance variable"}
    assert MANOEUVRES_AVION[0].portee == "distance courte ou moins"
    assert all(m.chiffree for m in MANOEUVRES_CHIFFREES) and len(MANOEUVRES_CHIFFREES) == 3


def test_virage_difficile_moins_2_plus_2_points() -> None:
    virage = manoeuvre("rester à fond")
    assert (virage.modificateur, virage.niveaux, virage.bonus_points) == (-2, 0, 2)


def test_manoeuvres_de_la_poursuite_de_nice() -> None:
    assert manoeuvre("Rouler rapidement").modificateur == -3
    tour = manoeuvre("Manœuvre moins dangereuse").tour(
        des_attaque=(1, 6, 3), effet_attaque=5, defense=Defense.CONTRE_ATTAQUE, des_defense=(5, 6, 2)
    )
    philip = Personnage("Philip", seuil=12, indice="2D6")
    truands = Personnage("les truands", seuil=11, indice="1D6+1D3")
    assert jouer_scene(philip, truands, [tour]).tours[0].echange.points == 5


def test_le_virage_ne_paie_pas_pour_philip() -> None:
    # Affirmation de la page des scènes d'action.
    assert esperance_points(10, "2D6", bonus_points=2) < esperance_points(12, "2D6")


def test_une_manoeuvre_reussie_porte_ses_effets_dans_le_tour() -> None:
    # Le virage (−2 au jet, +2 points d'effet) et une manœuvre à niveaux d'Indice, jouées en tour de scène.
    tour = manoeuvre("Rester à fond").tour(des_attaque=(4, 2, 1), effet_attaque=3)
    assert (tour.modificateur, tour.niveaux, tour.bonus_points, tour.effet_attaque) == (-2, 0, 2, 3)
    audacieuse = Manoeuvre("Passer sous le camion", "contact", modificateur=-4, niveaux=1)
    assert audacieuse.modificateur == -4 and audacieuse.chiffree
    tour = audacieuse.tour(defense=Defense.ESQUIVE, des_defense=(3, 3, 2), effet_defense=4)
    assert (tour.modificateur, tour.niveaux, tour.bonus_points) == (-4, 1, 0)
    assert (tour.defense, tour.des_defense, tour.effet_defense) == (Defense.ESQUIVE, (3, 3, 2), 4)


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="le texte ne chiffre pas « Forcer »"):
        manoeuvre("Forcer").tour()
    with pytest.raises(ValueError, match="aucune manœuvre du texte"):
        manoeuvre("voler")
    with pytest.raises(ValueError, match="modificateur doit être un entier"):
        Manoeuvre("x", "contact", modificateur=1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: Manoeuvre("", "contact"), "nom doit être un texte non vide (200 caractères au plus), reçu ''"),
        (lambda: Manoeuvre("x", ""), "portee doit être un texte non vide (200 caractères au plus), reçu ''"),
        (lambda: Manoeuvre("x", "contact", modificateur=1.5), "modificateur doit être un entier, reçu 1.5"),  # type: ignore[arg-type]
        (lambda: Manoeuvre("x", "contact", niveaux=17), "niveaux doit être un entier entre -16 et 16, reçu 17"),
        (lambda: Manoeuvre("x", "contact", niveaux=-17), "niveaux doit être un entier entre -16 et 16, reçu -17"),
        (
            lambda: Manoeuvre("x", "contact", bonus_points=21),
            "bonus_points doit être un entier entre -20 et 20, reçu 21",
        ),
        (
            lambda: Manoeuvre("x", "contact", bonus_points=-21),
            "bonus_points doit être un entier entre -20 et 20, reçu -21",
        ),
        (lambda: manoeuvre("Forcer").tour(modificateur="-1"), "modificateur doit être un entier, reçu '-1'"),  # type: ignore[arg-type]
        (lambda: manoeuvre(""), "nom doit être un texte non vide (200 caractères au plus), reçu ''"),
    ],
)
def test_refus_en_francais(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_les_bornes_sont_permises() -> None:
    m = Manoeuvre("x", "contact", modificateur=0, niveaux=-16, bonus_points=20)
    assert (m.niveaux, m.bonus_points) == (-16, 20)
    m = Manoeuvre("x", "contact", niveaux=16, bonus_points=-20)
    assert (m.niveaux, m.bonus_points) == (16, -20)
