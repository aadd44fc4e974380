"""La page du calculateur (`calculateur.py`) : un formulaire par mécanique, d'après `rules.calculateur`."""
