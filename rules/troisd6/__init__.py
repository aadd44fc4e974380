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

# --- Scènes majeures : avantages, Indices, moteur de scène, action, interaction, réflexion ---
from rules.troisd6.action import (
    MANOEUVRES_AVION,
    MANOEUVRES_CHIFFREES,
    MANOEUVRES_POURSUITE,
    Manoeuvre,
    manoeuvre,
)
from rules.troisd6.avantages import BORNES_AVANTAGE, Avantage, avantage, progression
from rules.troisd6.duel import (
    RISQUES,
    ChancesScene,
    Comparaison,
    Politique,
    Risque,
    chances_scene,
    comparer_risques,
)
from rules.troisd6.effets import (
    ECHELLE_INDICES,
    Effet,
    Indice,
    effet,
    indice,
    loi_indice,
    monter,
)
from rules.troisd6.interaction import (
    ARGUMENTS,
    OBJECTIF_INTERVIEW,
    Argument,
    armure_relationnelle,
    informations,
)
from rules.troisd6.reflexion import (
    Accroissement,
    accroissement_difficulte,
    aide,
    difficulte_sabotage,
    peut_assister,
)
from rules.troisd6.sans_opposition import (
    chance_sans_opposition,
    esperance_points,
    issue_sans_opposition,
    jets_moyens_sans_opposition,
)
from rules.troisd6.scenes import (
    MALUS_CONTRE_ATTAQUE,
    Defense,
    Echange,
    Initiative,
    Personnage,
    Scene,
    Tour,
    TourJoue,
    echange,
    initiative,
    jouer_scene,
)

__all__ += [
    "ARGUMENTS",
    "BORNES_AVANTAGE",
    "ECHELLE_INDICES",
    "MALUS_CONTRE_ATTAQUE",
    "MANOEUVRES_AVION",
    "MANOEUVRES_CHIFFREES",
    "MANOEUVRES_POURSUITE",
    "OBJECTIF_INTERVIEW",
    "RISQUES",
    "Accroissement",
    "Argument",
    "Avantage",
    "ChancesScene",
    "Comparaison",
    "Defense",
    "Echange",
    "Effet",
    "Indice",
    "Initiative",
    "Manoeuvre",
    "Personnage",
    "Politique",
    "Risque",
    "Scene",
    "Tour",
    "TourJoue",
    "accroissement_difficulte",
    "aide",
    "armure_relationnelle",
    "avantage",
    "chance_sans_opposition",
    "chances_scene",
    "comparer_risques",
    "difficulte_sabotage",
    "echange",
    "effet",
    "esperance_points",
    "indice",
    "informations",
    "initiative",
    "issue_sans_opposition",
    "jets_moyens_sans_opposition",
    "jouer_scene",
    "loi_indice",
    "manoeuvre",
    "monter",
    "peut_assister",
    "progression",
]
