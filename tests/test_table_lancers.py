"""Une ligne de fiche qui lance : le jet est celui de la règle, la chance d'un jet au moins aussi bon est exacte
(comptée ici à la main, jet par jet), le dé d'expérience est converti une fois, et un refus dit la phrase de la règle.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules.refus import Refus
from rules.table import lire_fiche
from rules.table._lancers import lancer, lignes
from rules.troisd6 import effet, jet, loi_indice, seuil_talent
from rules.warp import jet as jet_warp

BOURRIN = lire_fiche(
    {
        "id": "b",
        "systeme": "warp",
        "nom": "le bourrin",
        "traits": [{"nom": "Phaseur", "des": 3}, {"nom": "Charme ravageur"}],
        "experience": 1,
    }
)
PHILIP = lire_fiche(
    {
        "id": "p",
        "systeme": "3d6",
        "nom": "Philip",
        "caracteristiques": [{"nom": "DEX", "indice": "2D6"}, {"nom": "FOR", "modificateur": -1}],
        "talents": [{"nom": "Conduite Voiture", "niveau": 2}, {"nom": "Pilotage", "familiarite": True}],
    }
)


def _au_moins_warp(trait: int, bonus: int, malus: int, obtenu: object) -> Fraction:
    """La chance d'au moins ce résultat, en jetant chaque suite de dés (sans le moteur de lois)."""
    n = trait + abs(bonus - malus)
    bons = sum(
        jet_warp(trait, bonus=bonus, malus=malus, des=d).resultat >= obtenu
        for d in itertools.product(range(1, 7), repeat=n)
    )
    return Fraction(bons, 6**n)


@pytest.mark.parametrize(("bonus", "malus", "des"), [(0, 0, (5, 3, 2)), (1, 0, (6, 2, 5, 1)), (0, 2, (1, 1, 4, 6, 2))])
def test_un_trait_lance_le_jet_de_la_regle_et_sa_chance_exacte(bonus: int, malus: int, des: tuple[int, ...]) -> None:
    jeu = lancer(BOURRIN, "trait", 0, bonus=bonus, malus=malus, des=des)
    assert jeu.resultat == jet_warp(3, bonus=bonus, malus=malus, des=des)
    assert jeu.chance == _au_moins_warp(3, bonus, malus, jeu.resultat.resultat)
    assert jeu.fiche == BOURRIN


def test_le_de_d_experience_est_un_de_de_bonus_converti_une_fois() -> None:
    jeu = lancer(BOURRIN, "trait", 0, experience=True, des=(6, 2, 5, 1))
    assert jeu.resultat.bonus == 1 and jeu.conversion is not None and jeu.conversion.accepte
    assert (jeu.fiche.experience, jeu.fiche.experience_convertis) == (0, 1)  # type: ignore[union-attr]
    with pytest.raises(Refus, match="aucun dé d'expérience disponible"):
        lancer(jeu.fiche, "trait", 0, experience=True, des=(6, 2, 5, 1))


def test_un_trait_sans_des_ne_se_lance_pas() -> None:
    with pytest.raises(Refus, match="« Charme ravageur » est un Trait sans dés, il ne se lance pas"):
        lancer(BOURRIN, "trait", 1, des=(1, 2))


def test_de_mauvais_des_sont_refuses_par_la_regle() -> None:
    with pytest.raises(Refus, match=r"^des doit contenir exactement 4 dés, reçu 3"):
        lancer(BOURRIN, "trait", 0, bonus=1, des=(6, 2, 5))


def test_un_talent_et_une_caracteristique_lancent_sous_leur_seuil() -> None:
    jeu = lancer(PHILIP, "talent", 0, difficulte=-3, des=(3, 2, 4))
    assert jeu.resultat == jet(seuil_talent(2, -3), (3, 2, 4))
    bons = sum(jet(9, d).niveau >= jeu.resultat.niveau for d in itertools.product(range(1, 7), repeat=3))
    assert jeu.chance == Fraction(bons, 216)
    assert jeu.conditions == "difficulté −3"
    assert lancer(PHILIP, "talent", 1, des=(1, 2, 3)).resultat.seuil == 7  # simple familiarité : −3
    assert lancer(PHILIP, "caracteristique", 1, difficulte=-1, des=(5, 2, 1)).resultat.seuil == 8  # l'armoire


def test_le_pire_jet_est_dit_comme_tel() -> None:
    jeu = lancer(PHILIP, "caracteristique", 0, des=(6, 6, 6))
    assert jeu.chance == 1 and "c'est le pire résultat possible" in jeu.phrase


def test_un_indice_lance_les_des_d_effet() -> None:
    jeu = lancer(PHILIP, "indice", 0, des=(3, 2))
    assert jeu.resultat == effet("2D6", des=(3, 2))
    assert jeu.chance == sum((p for t, p in loi_indice("2D6").items() if t >= 5), Fraction(0))
    assert jeu.au_moins == "5 points ou plus"
    with pytest.raises(Refus, match="la fiche Philip n'a pas de ligne indice n° 1"):
        lancer(PHILIP, "indice", 1)


def test_une_ligne_est_de_son_systeme() -> None:
    with pytest.raises(Refus, match="ligne doit être l'une de caracteristique, talent, indice pour une fiche 3d6"):
        lancer(PHILIP, "trait", 0)
    assert [x.sorte for x in lignes(PHILIP)] == ["caracteristique", "indice", "caracteristique", "talent", "talent"]


def test_la_phrase_dit_la_chance_comme_un_joueur_la_pense() -> None:
    assert lancer(BOURRIN, "trait", 0, des=(6, 6, 6)).phrase == (
        "Un jet comme celui-là ou mieux (Magistrale) arrive 38,0 % des fois."
    )
    rare = lancer(PHILIP, "caracteristique", 0, des=(1, 1, 1))
    assert rare.phrase == "Un jet comme celui-là ou mieux (Réussite critique) arrive 1 fois sur 72."
    assert rare.journal.startswith("Philip, DEX +0, seuil 10 : Réussite critique. Un jet comme celui-là ou mieux")
    commun = lancer(PHILIP, "caracteristique", 0, des=(6, 5, 4))
    assert commun.phrase == "Un jet comme celui-là ou mieux (Échec simple ou mieux) arrive 77,8 % des fois."
