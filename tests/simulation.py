"""Des scènes jouées à graine fixe, tour par tour : l'oracle des chances exactes que plusieurs tests partagent.

Une simulation ne sert qu'à vérifier une chaîne de Markov exacte contre le jeu lui-même (`jouer_scene`) :
une fréquence sur n scènes doit tomber dans l'intervalle de confiance de la chance calculée.
"""

from __future__ import annotations

import math
import random

from rules.troisd6 import Avantage, Personnage, Politique, Tour, jouer_scene

__all__ = ["dans_l_intervalle", "simuler_scene"]


def simuler_scene(
    a: Personnage, b: Personnage, pa: Politique, pb: Politique, n: int, graine: int, initiative: str
) -> tuple[int, int]:
    """(victoires de a, tours joués) sur n scènes ; chaque tour est joué par jouer_scene, selon la politique de
    celui qui attaque (son risque) et de celui qui se défend (sa défense)."""
    rng = random.Random(graine)
    victoires = tours = 0
    politiques = {a.nom: pa, b.nom: pb}
    for _ in range(n):
        qui, avantages = initiative, {a.nom: Avantage.AUCUN, b.nom: Avantage.AUCUN}
        while True:
            autre = b.nom if qui == a.nom else a.nom
            r = politiques[qui].risque
            tour = Tour(
                r.modificateur, niveaux=r.niveaux, bonus_points=r.bonus_points, defense=politiques[autre].defense
            )
            s = jouer_scene(a, b, [tour], initiative=qui, avantages=avantages, tours_max=1, rng=rng)
            tours += 1
            t = s.tours[0]
            if s.terminee:
                victoires += s.vainqueur == a.nom
                break
            qui, avantages = t.initiative, dict(t.avantages)
    return victoires, tours


def dans_l_intervalle(succes: int, n: int, p: float, sigmas: float = 4.5) -> bool:
    """Vrai si la fréquence `succes / n` est à moins de `sigmas` écarts-types de `p`."""
    return abs(succes / n - p) <= sigmas * math.sqrt(p * (1 - p) / n) + 1e-9
