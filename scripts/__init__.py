"""Scripts à relancer à la main (mesures, captures, bancs d'essai) ; hors de la suite de tests."""
