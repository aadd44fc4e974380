"""Recherche insensible aux accents : « reussite » trouve « Réussite ».

La recherche de Material (lunr.js, dans un web worker) compare les mots
lettre à lettre : « reussite » ne trouve pas « réussite ». Le remède que
propose lunr est une fonction de *pipeline* qui transforme les mots avant
l'indexation et avant la recherche. Le worker de Material charge
`assets/javascripts/lunr/min/lunr.fr.min.js` pour le français (`lang: fr`) :
ce crochet ajoute à la fin de ce fichier, dans le site construit, un court
script (`recherche_sans_accents.js`, à côté) qui

- retire les diacritiques (NFD, puis suppression des marques combinantes) de
  chaque mot indexé et de chaque mot cherché ;
- fait de même pour la requête brute, car Material ajoute un joker `*` à chaque
  terme, et lunr ne passe pas un terme à joker par son pipeline ;
- ne compte jamais seule une élision (l', d', qu', n', s', j', c', m', t',
  jusqu', lorsqu', puisqu') : le séparateur coupe « l'initiative » en « l » et
  « initiative », et « l* » trouvait « loin » ou « lancent » ; ces fragments
  sont retirés de l'index et de la requête ([`ELISIONS`][]) ;
- cherche aussi « niveau » quand on cherche « degré(s) » : « degré de
  réussite », le mot usuel, trouve les niveaux de réussite du 3D6
  ([`SYNONYMES`][]) ;
- ne cherche pas un mot vide (« de », « la ») à côté d'autres mots : le joker
  que Material lui ajoute le soustrait au filtre des mots vides de lunr ;
- ne dit jamais « Non trouvé » d'un mot tapé quand ce qu'on a cherché à sa place
  est trouvé : sa forme sans accents (« Réussite », « degré »), son synonyme,
  rien pour une élision ou un mot vide. Material relit la requête telle que le
  lecteur l'a tapée et la compare aux termes trouvés (pliés, synonymes) :
  « degre » trouvait 16 pages, chacune marquée « Non trouvé : degre »,
  « l'initiative » marquait « Non trouvé : l ».

Le surlignage des résultats garde le texte d'origine (accents compris) : il se
fonde sur les positions des mots, pas sur leur forme. Rien n'est chargé d'un
autre hôte ; le site reste utilisable depuis un dossier, hors ligne.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["ELISIONS", "MARQUE", "SCRIPT", "SYNONYMES", "on_post_build"]

MARQUE = "/* Règles exécutables : recherche insensible aux accents */"

ELISIONS = ("l", "d", "qu", "n", "s", "j", "c", "m", "t", "jusqu", "lorsqu", "puisqu")
"""Les mots élidés du français (sans leur apostrophe) : jamais un terme de recherche à eux seuls."""

SYNONYMES = {"degre": "niveau", "degres": "niveaux"}
"""Un mot cherché (sans accents) et le mot du site qu'il cherche aussi : « degré de réussite » → « niveau »."""

SCRIPT = (
    MARQUE
    + "\n"
    + (Path(__file__).with_suffix(".js").read_text(encoding="utf-8").split("\n", 1)[1])
    .replace("__ELISIONS__", json.dumps(list(ELISIONS)))
    .replace("__SYNONYMES__", json.dumps(SYNONYMES))
)
"""Le script ajouté à lunr.fr (`recherche_sans_accents.js`, sa première ligne, qui le présente, ôtée)."""


def on_post_build(config: Any, **kwargs: Any) -> None:
    """Ajoute le pliage des accents au script français de lunr du site construit."""
    fichier = Path(config["site_dir"]) / "assets" / "javascripts" / "lunr" / "min" / "lunr.fr.min.js"
    if not fichier.exists():
        raise FileNotFoundError(
            f"{fichier} est introuvable : la recherche française de Material a changé de place, "
            "la recherche sans accents ne peut pas être installée"
        )
    texte = fichier.read_text(encoding="utf-8")
    if MARQUE not in texte:
        fichier.write_text(texte.rstrip() + "\n" + SCRIPT, encoding="utf-8")
