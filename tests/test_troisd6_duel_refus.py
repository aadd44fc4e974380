"""3D6 › Scènes majeures, chances exactes (rules.troisd6.duel) : ce qui est refusé, mot pour mot.

Chaque refus nomme le paramètre, ce qui a été reçu et ce qui est permis ; un
message qui perdrait l'un des trois (un nom vide, « reçu None » au lieu de la
valeur) doit faire rougir ce fichier.
"""

from __future__ import annotations

import pytest

from rules.troisd6 import (
    Avantage,
    Defense,
    Personnage,
    Politique,
    Risque,
    chances_echange,
    chances_scene,
    comparer_risques,
)

# Deux camps bon marché (Indices 1D3, objectif léger) : une comparaison de 20 risques reste rapide.
_ADA = Personnage("Ada", seuil=12, indice="1D3")
_BRUNO = Personnage("Bruno", seuil=11, indice="1D3")

_RISQUE = "doit être un Risque (modificateur, niveaux, bonus_points), reçu"
_AVANTAGES = "(AUCUN, LEGER, MOYEN, FORT, CRITIQUE, DEFINITIF)"


@pytest.mark.parametrize(
    ("appel", "message"),
    [
        (lambda: Politique(-1), f"risque {_RISQUE} -1"),  # type: ignore[arg-type]
        (
            lambda: Politique(Risque(), "esquive"),  # type: ignore[arg-type]
            "defense doit être une Defense (ESQUIVE, BLOCAGE, CONTRE_ATTAQUE), reçu 'esquive'",
        ),
        (lambda: chances_echange(_ADA, _BRUNO, risque=-1), f"risque {_RISQUE} -1"),  # type: ignore[arg-type]
        (
            lambda: chances_echange(_ADA, _BRUNO, defense="esquive"),  # type: ignore[arg-type]
            "defense doit être une Defense (ESQUIVE, BLOCAGE, CONTRE_ATTAQUE), reçu 'esquive'",
        ),
        (
            lambda: chances_echange(_ADA, _BRUNO, avantage="léger"),  # type: ignore[arg-type]
            f"avantage doit être un Avantage {_AVANTAGES}, reçu 'léger'",
        ),
        (
            lambda: chances_scene(_ADA, _BRUNO, politique_b="x"),  # type: ignore[arg-type]
            "politique_b doit être une Politique (risque, défense), reçu 'x'",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, 5),  # type: ignore[arg-type]
            "risques doit être une suite d'au plus 20 risques, reçu 5",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, [Risque(0)] * 21, objectif=Avantage.LEGER),
            "risques doit être une suite d'au plus 20 risques, reçu plus de 20 éléments",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, []),
            "risques doit être une suite non vide de Risque, reçu une suite vide",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, [Risque(0), -1]),  # type: ignore[list-item]
            f"risques[1] {_RISQUE} -1",
        ),
        (
            lambda: comparer_risques(_ADA, _BRUNO, politique_a=Defense.ESQUIVE),  # type: ignore[arg-type]
            "politique_a doit être une Politique (risque, défense), reçu <Defense.ESQUIVE: 'esquive'>",
        ),
    ],
)
def test_le_mauvais_est_refuse_mot_pour_mot(appel, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == message


def test_vingt_risques_sont_encore_permis() -> None:
    """La borne est 20 : la vingtième option est comparée, la vingt et unième refusée (ci-dessus)."""
    risques = [Risque(m) for m in range(-10, 10)]
    comp = comparer_risques(_ADA, _BRUNO, risques, objectif=Avantage.LEGER)
    assert [r for r, _ in comp.options] == risques
