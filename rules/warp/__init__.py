"""WaRP : un système à réserves de d6 (source `000_…`).

Les fonctions publiques sont réexportées ici : `from rules.warp import jet`.
La loi d'un Test étendu, `rules.warp.etendu.distribution`, s'y appelle
`distribution_etendue` (`distribution` reste celle d'un jet simple), et sa
fonction `issue` s'y appelle `issue_etendue`.
"""

from rules.warp.cooperatif import (
    AIDE,
    Cooperation,
    aide,
    cooperation,
    distribution_aide,
    distribution_cooperative,
)
from rules.warp.etendu import EFFETS, Deroulement, Round, derouler, distribution_rounds, rounds_esperes
from rules.warp.etendu import distribution as distribution_etendue
from rules.warp.etendu import issue as issue_etendue
from rules.warp.experience import Conversion, ReserveExperience
from rules.warp.jets import (
    TRAIT_PAR_DEFAUT_COURANT,
    TRAIT_PAR_DEFAUT_TECHNIQUE,
    Jet,
    Reserve,
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
    "AIDE",
    "EFFETS",
    "TRAIT_PAR_DEFAUT_COURANT",
    "TRAIT_PAR_DEFAUT_TECHNIQUE",
    "Conversion",
    "Cooperation",
    "Deroulement",
    "Issue",
    "Jet",
    "Opposition",
    "Reserve",
    "ReserveExperience",
    "Resultat",
    "Round",
    "TraitSansDes",
    "aide",
    "chances_opposees",
    "cooperation",
    "derouler",
    "distribution",
    "distribution_aide",
    "distribution_cooperative",
    "distribution_etendue",
    "distribution_opposee",
    "distribution_rounds",
    "garder",
    "issue_etendue",
    "jet",
    "nombre_de_des",
    "opposition",
    "rounds_esperes",
    "seuil",
    "trait_par_defaut",
]
