"""À la table : les fiches qui lancent, le journal des jets, les scènes suivies round par round.

La page « À la table » du site garde sur l'appareil du joueur ses fiches de
personnage, leur journal et la scène en cours ; chaque geste (un jet, un tour
de scène) est une requête à ce paquet, qui appelle les règles de `rules.warp`
et `rules.troisd6` et rend ce qu'elles rendent. Rien ici n'applique une règle
de plus : une fiche est vérifiée par les règles, un jet est leur jet, une scène
est jouée tour par tour par [`jouer_scene`][rules.troisd6.scenes.jouer_scene]
et ses chances viennent de [`chances_scene`][rules.troisd6.duel.chances_scene].
"""

from __future__ import annotations

from rules.table._fiches import (
    FORMAT,
    VERSION,
    Caracteristique,
    Document,
    Fiche,
    FicheTroisD6,
    FicheWarp,
    Talent,
    TraitWarp,
    document,
    lire_document,
    lire_fiche,
    saisir_fiche,
    schema,
    verifier_document,
    verifier_fiche,
)
from rules.table._lancers import LIGNES, Lancer, Ligne, lancer, lignes
from rules.table._requetes import declaration, repondre, repondre_json
from rules.table._suivi import (
    Ajustement,
    Camp,
    EtatScene,
    SceneSuivie,
    TourSuivi,
    ajuster,
    annuler,
    chances_suivies,
    defense_suivie,
    etat_scene,
    jouer_tour,
    lire_scene,
    objectif_par_defaut,
)
from rules.table._suivi_warp import (
    ChancesEtendu,
    CooperatifSuivi,
    EtatCooperatif,
    EtatEtendu,
    EtenduSuivi,
    Participant,
    annuler_cooperatif,
    annuler_etendu,
    chances_cooperatif,
    chances_etendu,
    etat_cooperatif,
    etat_etendu,
    jouer_cooperatif,
    jouer_etendu,
    lire_cooperatif,
    lire_etendu,
)

__all__ = [
    "FORMAT",
    "LIGNES",
    "VERSION",
    "Ajustement",
    "Camp",
    "Caracteristique",
    "ChancesEtendu",
    "CooperatifSuivi",
    "Document",
    "EtatCooperatif",
    "EtatEtendu",
    "EtatScene",
    "EtenduSuivi",
    "Fiche",
    "FicheTroisD6",
    "FicheWarp",
    "Lancer",
    "Ligne",
    "Participant",
    "SceneSuivie",
    "Talent",
    "TourSuivi",
    "TraitWarp",
    "ajuster",
    "annuler",
    "annuler_cooperatif",
    "annuler_etendu",
    "chances_cooperatif",
    "chances_etendu",
    "chances_suivies",
    "declaration",
    "defense_suivie",
    "document",
    "etat_cooperatif",
    "etat_etendu",
    "etat_scene",
    "jouer_cooperatif",
    "jouer_etendu",
    "jouer_tour",
    "lancer",
    "lignes",
    "lire_cooperatif",
    "lire_document",
    "lire_etendu",
    "lire_fiche",
    "lire_scene",
    "objectif_par_defaut",
    "repondre",
    "repondre_json",
    "saisir_fiche",
    "schema",
    "verifier_document",
    "verifier_fiche",
]
