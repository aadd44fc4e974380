"""WaRP : un système à réserves de d6 (source `000_…`).

Les fonctions publiques sont réexportées ici : `from rules.warp import jet`.
"""

from rules.warp.jets import (
    TRAIT_PAR_DEFAUT_COURANT,
    TRAIT_PAR_DEFAUT_TECHNIQUE,
    Jet,
    Resultat,
    TraitSansDes,
    distribution,
    garder,
    jet,
    nombre_de_des,
    seuil,
    trait_par_defaut,
)
from rules.warp.opposes import Issue, Opposition, chances_opposees, distribution_opposee, opposition

__all__ = [
    "TRAIT_PAR_DEFAUT_COURANT",
    "TRAIT_PAR_DEFAUT_TECHNIQUE",
    "Issue",
    "Jet",
    "Opposition",
    "Resultat",
    "TraitSansDes",
    "chances_opposees",
    "distribution",
    "distribution_opposee",
    "garder",
    "jet",
    "nombre_de_des",
    "opposition",
    "seuil",
    "trait_par_defaut",
]
