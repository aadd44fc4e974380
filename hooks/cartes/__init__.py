"""Les cartes des exemples : la session de la page rejouée (`cartes.py`), la carte dessinée (`cartes_rendu.py`)."""
