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

__all__ = [
    "FORMAT",
    "VERSION",
    "Caracteristique",
    "Document",
    "Fiche",
    "FicheTroisD6",
    "FicheWarp",
    "Talent",
    "TraitWarp",
    "document",
    "lire_document",
    "lire_fiche",
    "saisir_fiche",
    "schema",
    "verifier_document",
    "verifier_fiche",
]
