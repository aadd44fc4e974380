"""Règles exécutables : les règles de WaRP et du système 3D6, en fonctions pures.

Chaque sous-paquet applique un des deux textes sources :

- `rules.warp` : WaRP, réserves de d6 (jets simples, opposés…) ;
- `rules.troisd6` : le système 3D6 sous un seuil (jets, scènes).

Le hasard ne vit qu'à un endroit, [`rules.des`][rules.des] : un
`random.Random` produit des valeurs de dés, qui sont ensuite passées aux mêmes
fonctions pures que les exemples chiffrés des textes.
"""

__version__ = "0.1.0"
