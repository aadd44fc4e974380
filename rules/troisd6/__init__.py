"""3D6 : un système de 3d6 sous un seuil, à six niveaux de réussite (source `003_…`).

Les fonctions publiques sont réexportées ici : `from rules.troisd6 import jet`.
"""

from rules.troisd6.jets import (
    BASE,
    MALUS_FAMILIARITE,
    Difficulte,
    Jet,
    Niveau,
    difficulte_nommee,
    distribution,
    double_et_triple,
    jet,
    niveau,
    probabilite_reussite,
    seuil_caracteristique,
    seuil_talent,
)

__all__ = [
    "BASE",
    "MALUS_FAMILIARITE",
    "Difficulte",
    "Jet",
    "Niveau",
    "difficulte_nommee",
    "distribution",
    "double_et_triple",
    "jet",
    "niveau",
    "probabilite_reussite",
    "seuil_caracteristique",
    "seuil_talent",
]
