"""Le modèle commun des pages (`modele.py`) et les crochets qui s'écrivent d'après lui.

Glossaire (`glossaire.py`), registre des interprétations (`registre.py`), chiffres de
l'accueil (`chiffres.py`), recherche sans accents (`recherche_sans_accents.py`) et
version imprimable (`imprimer.py`) : tous lisent les pages à travers `modele.py`.
"""
