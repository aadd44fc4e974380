"""3D6 › Scènes d'interaction : l'interview de Joséphine, l'armure relationnelle."""

from __future__ import annotations

from itertools import product

import pytest

from rules.troisd6 import (
    ARGUMENTS,
    OBJECTIF_INTERVIEW,
    Argument,
    Avantage,
    Niveau,
    Personnage,
    Tour,
    armure_relationnelle,
    effet,
    informations,
    issue_sans_opposition,
    jet,
    jouer_scene,
    progression,
    seuil_talent,
)

JOSEPHINE = Personnage("Joséphine", seuil=seuil_talent(2), indice="1D6+1D3")
TEMOIN = Personnage("le témoin", actif=False)


def test_interview_de_josephine_erratum_14_sous_11_est_un_echec() -> None:
    verre = ARGUMENTS[2]
    s = jouer_scene(
        JOSEPHINE,
        TEMOIN,
        [Tour(modificateur=verre.modificateur, niveaux=verre.niveaux, des_attaque=(5, 3, 6), effet_attaque=4)],
        objectif=OBJECTIF_INTERVIEW,
    )
    j = s.tours[0].echange.jet_attaque
    assert (j.seuil, j.total, j.niveau) == (11, 14, Niveau.ECHEC_SIMPLE)  # le texte : « réussite simple »
    assert s.terminee and s.vainqueur is None and s.avantages_max["Joséphine"] is Avantage.AUCUN
    assert armure_relationnelle(j) == 0  # un échec simple ne rend pas hostile


def test_interview_de_josephine_si_le_jet_avait_reussi() -> None:
    e = effet("1D6+1D3", niveaux=1, total=4)
    assert str(e.indice) == "2D6" and progression(Avantage.AUCUN, e.points) is Avantage.MOYEN


def test_armure_relationnelle_sur_les_216_jets() -> None:
    for des in product(range(1, 7), repeat=3):
        j = jet(10, des)
        attendu = {Niveau.ECHEC_SPECIAL: 1, Niveau.ECHEC_CRITIQUE: des[0]}.get(j.niveau, 0)
        assert armure_relationnelle(j) == attendu


def test_l_interview_s_arrete_au_critique() -> None:
    s = jouer_scene(
        JOSEPHINE,
        TEMOIN,
        [Tour(des_attaque=(4, 2, 1), effet_attaque=9), Tour(des_attaque=(4, 2, 1), effet_attaque=2)],
        objectif=OBJECTIF_INTERVIEW,
    )
    assert [t.avantages["Joséphine"] for t in s.tours] == [Avantage.FORT, Avantage.CRITIQUE]
    assert s.vainqueur == "Joséphine"


def test_informations() -> None:
    assert "complètement à table" in informations(Avantage.DEFINITIF)
    assert "gagnée" in informations(Avantage.CRITIQUE)
    assert "le texte ne dit pas" in informations(Avantage.LEGER)


def test_le_verre_de_josephine_ne_paie_pas() -> None:
    # Affirmation de la page : seuil 11 et +1 niveau contre seuil 12 sans risque.
    def gagne(seuil: int, niveaux: int) -> object:
        loi = issue_sans_opposition(seuil, "1D6+1D3", objectif=Avantage.CRITIQUE, niveaux=niveaux)
        return sum(p for av, p in loi.items() if av >= Avantage.CRITIQUE)

    assert gagne(11, 1) < gagne(12, 0)  # type: ignore[operator]


def test_entrees_invalides() -> None:
    with pytest.raises(ValueError, match="jet_rate doit être un Jet"):
        armure_relationnelle(12)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="avantage_max doit être un Avantage"):
        informations("moyen")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: Argument(""), "nom doit être un texte non vide (200 caractères au plus), reçu ''"),
        (lambda: Argument("x", modificateur="1"), "modificateur doit être un entier, reçu '1'"),  # type: ignore[arg-type]
        (lambda: Argument("x", niveaux=17), "niveaux doit être un entier entre -16 et 16, reçu 17"),
        (lambda: Argument("x", niveaux=-17), "niveaux doit être un entier entre -16 et 16, reçu -17"),
        (lambda: Argument("x", bonus_points=21), "bonus_points doit être un entier entre -20 et 20, reçu 21"),
        (lambda: Argument("x", bonus_points=-21), "bonus_points doit être un entier entre -20 et 20, reçu -21"),
    ],
)
def test_un_argument_refuse_en_francais(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_un_argument_accepte_les_bornes() -> None:
    assert Argument("x", niveaux=-16, bonus_points=20).niveaux == -16
    assert Argument("x", niveaux=16, bonus_points=-20).bonus_points == -20
