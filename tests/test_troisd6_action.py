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


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="le texte ne chiffre pas « Forcer »"):
        manoeuvre("Forcer").tour()
    with pytest.raises(ValueError, match="aucune manœuvre du texte"):
        manoeuvre("voler")
    with pytest.raises(ValueError, match="modificateur doit être un entier"):
        Manoeuvre("x", "contact", modificateur=1.5)  # type: ignore[arg-type]
