"""Recherche insensible aux accents : « reussite » trouve « Réussite ».

La recherche de Material (lunr.js, dans un web worker) compare les mots
lettre à lettre : « reussite » ne trouve pas « réussite ». Le remède que
propose lunr est une fonction de *pipeline* qui transforme les mots avant
l'indexation et avant la recherche. Le worker de Material charge
`assets/javascripts/lunr/min/lunr.fr.min.js` pour le français (`lang: fr`) :
ce crochet ajoute à la fin de ce fichier, dans le site construit, un court
script qui

- retire les diacritiques (NFD, puis suppression des marques combinantes) de
  chaque mot indexé et de chaque mot cherché ;
- fait de même pour la requête brute, car Material ajoute un joker `*` à chaque
  terme, et lunr ne passe pas un terme à joker par son pipeline.

Le surlignage des résultats garde le texte d'origine (accents compris) : il se
fonde sur les positions des mots, pas sur leur forme. Rien n'est chargé d'un
autre hôte ; le site reste utilisable depuis un dossier, hors ligne.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

MARQUE = "/* Règles exécutables : recherche insensible aux accents */"

SCRIPT = (
    MARQUE
    + r"""
(function (lunr) {
  if (!lunr || !lunr.fr || lunr.fr.sansAccents) return;
  var plier = function (texte) {
    return texte.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  };
  var sansAccents = function (jeton) {
    return jeton.update(function (mot) { return plier(mot); });
  };
  lunr.Pipeline.registerFunction(sansAccents, "sansAccents");
  var francais = lunr.fr;
  lunr.fr = function () {
    francais.apply(this, arguments);
    this.pipeline.add(sansAccents);
    this.searchPipeline.add(sansAccents);
  };
  for (var cle in francais) lunr.fr[cle] = francais[cle];
  lunr.fr.sansAccents = sansAccents;
  var chercher = lunr.Index.prototype.search;
  lunr.Index.prototype.search = function (requete) {
    return chercher.call(this, plier(String(requete)));
  };
})(self.lunr);
"""
)


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
