"""Des règles réécrites naïvement, sans le code de `rules` : les oracles que plusieurs tests partagent.

Un oracle ne sert qu'à vérifier le paquet (contre une énumération de tous les dés) : il suit le texte des
règles au plus court, sans rien emprunter au code qu'il vérifie.
"""

from __future__ import annotations

from rules.warp import Resultat

__all__ = ["resultat_brut"]


def resultat_brut(des: tuple[int, ...], trait: int, net: int) -> Resultat:
    """La règle du jet simple de WaRP, réécrite naïvement pour servir d'oracle (tests coopératifs, étendus)."""
    if trait == 0:
        return Resultat.ECHEC
    gardes = sorted(des, reverse=net >= 0)[:trait]
    if all(v == 1 for v in gardes):
        return Resultat.CATASTROPHE
    reussi = sum(gardes) > 3 * trait
    if 6 in gardes:
        return Resultat.MAGISTRALE if reussi else Resultat.COMPENSATION
    return Resultat.REUSSITE if reussi else Resultat.ECHEC
