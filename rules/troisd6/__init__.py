"""3D6 : un système de 3d6 sous un seuil, à six niveaux de réussite (source `003_…`).

Les fonctions publiques sont réexportées ici : `from rules.troisd6 import jet`.
"""

from rules.troisd6.caches import Apercu, JetCache, apercu, jet_cache
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
from rules.troisd6.scenes_mineures import (
    Issue,
    SceneNonOpposee,
    SceneOpposee,
    chances_scene_non_opposee,
    chances_scene_opposee,
    scene_non_opposee,
    scene_opposee,
)

__all__ = [
    "BASE",
    "MALUS_FAMILIARITE",
    "Apercu",
    "Difficulte",
    "Issue",
    "Jet",
    "JetCache",
    "Niveau",
    "SceneNonOpposee",
    "SceneOpposee",
    "apercu",
    "chances_scene_non_opposee",
    "chances_scene_opposee",
    "difficulte_nommee",
    "distribution",
    "double_et_triple",
    "jet",
    "jet_cache",
    "niveau",
    "probabilite_reussite",
    "scene_non_opposee",
    "scene_opposee",
    "seuil_caracteristique",
    "seuil_talent",
]
