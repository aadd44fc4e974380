"""Les énumérations ordonnées (`rules._enum`) : un membre se retrouve par son libellé, le reste est refusé en français."""

from __future__ import annotations

import pytest

from rules._enum import EnumOrdonnee
from rules.troisd6 import Defense, Niveau
from rules.warp import Resultat


def test_un_libelle_ou_un_membre_rend_le_membre() -> None:
    assert Resultat("Réussite") is Resultat.REUSSITE and Resultat(Resultat.ECHEC) is Resultat.ECHEC
    assert Niveau("Échec critique") is Niveau.ECHEC_CRITIQUE


def test_l_api_fonctionnelle_cree_une_enumeration_ordonnee() -> None:
    Couleur = EnumOrdonnee("Couleur", ["ROUGE", "VERT", "BLEU"], module=__name__)  # type: ignore[misc]
    assert [m.name for m in Couleur] == ["ROUGE", "VERT", "BLEU"] and Couleur.__module__ == __name__
    assert Couleur.ROUGE < Couleur.VERT < Couleur.BLEU and Couleur.BLEU.rang == 2
    Taille = EnumOrdonnee("Taille", names=[("PETIT", "petit"), ("GRAND", "grand")])  # type: ignore[misc]
    assert Taille("grand") is Taille.GRAND and str(Taille.PETIT) == "petit"


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (
            lambda: Resultat("réussite"),
            "valeur : aucun Resultat ne s'appelle 'réussite' ; libellés permis : "
            "'Catastrophe', 'Échec', 'Compensation', 'Réussite', 'Magistrale'",
        ),
        (
            lambda: Defense(3),
            "valeur : aucune Defense ne s'appelle 3 ; libellés permis : 'esquive', 'blocage', 'contre-attaque'",
        ),
        (lambda: Niveau("Réussite simple", "x"), "Niveau attend un seul argument, le libellé, reçu 2 arguments"),
        (lambda: Niveau("Réussite simple", module="x"), "Niveau attend un seul argument, le libellé, reçu 2 arguments"),
    ],
)
def test_le_reste_est_refuse_en_francais(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_les_quatre_comparaisons_suivent_le_rang_et_refusent_une_autre_enumeration() -> None:
    """`<`, `<=`, `>`, `>=` suivent l'ordre de déclaration ; entre deux énumérations, Python refuse (TypeError)."""
    membres = list(Resultat)
    for a in membres:
        for b in membres:
            i, j = membres.index(a), membres.index(b)
            assert ((a < b), (a <= b), (a > b), (a >= b)) == ((i < j), (i <= j), (i > j), (i >= j)), (a, b)
    for comparer in (
        lambda: Resultat.ECHEC < Niveau.ECHEC_CRITIQUE,
        lambda: Resultat.ECHEC <= Niveau.ECHEC_CRITIQUE,
        lambda: Resultat.ECHEC > Niveau.ECHEC_CRITIQUE,
        lambda: Resultat.ECHEC >= Niveau.ECHEC_CRITIQUE,
    ):
        with pytest.raises(TypeError):
            comparer()
