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
    (
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
  /* Une élision n'est jamais un mot : retirée de l'index et de la requête. */
  var ELISIONS = __ELISIONS__;
  var SYNONYMES = __SYNONYMES__;
  var sansElision = function (jeton) {
    return ELISIONS.indexOf(String(jeton).toLowerCase()) >= 0 ? undefined : jeton;
  };
  lunr.Pipeline.registerFunction(sansElision, "sansElision");
  var elidee = new RegExp("(^|[^0-9A-Za-z\\u00C0-\\u024F])(?:" + ELISIONS.join("|") + ")['\\u2019]", "gi");
  var seule = new RegExp("(^|\\s)[+\\-]?(?:" + ELISIONS.join("|") + ")\\*?(?=\\s|$)", "gi");
  var preparer = function (requete) {
    var texte = plier(String(requete)).replace(elidee, "$1 ").replace(seule, "$1");
    texte = texte.replace(/(^|\s)([+\-]?)([a-z]+)(\*?)(?=\s|$)/gi, function (tout, avant, signe, mot, joker) {
      var autre = SYNONYMES[mot.toLowerCase()];
      return autre ? avant + mot + joker + " " + autre + joker : tout; /* le synonyme reste facultatif */
    }).replace(/\s+/g, " ").trim();
    /* Un mot vide (« de », « la », « une ») porte le joker de Material, qui passe outre le filtre
       de lunr : « de* » trouvait « dé », « des », « deviner ». Il n'est cherché que seul. */
    var mots = texte.split(" ");
    var pleins = mots.filter(function (mot) {
      var nu = mot.replace(/^[+\-]/, "").replace(/\*$/, "").toLowerCase();
      return !nu || !lunr.fr.stopWordFilter || lunr.fr.stopWordFilter(nu) !== undefined;
    });
    return (pleins.length ? pleins : mots).join(" ");
  };
  var francais2 = lunr.fr;
  lunr.fr = function () {
    francais2.apply(this, arguments);
    this.pipeline.before(sansAccents, sansElision);
    this.searchPipeline.before(sansAccents, sansElision);
  };
  for (var cle2 in francais2) lunr.fr[cle2] = francais2[cle2];
  lunr.fr.preparer = preparer;
  /* Les mots de la requête tels que Material les relit pour dire « Non trouvé : … » (lunr.QueryParser, comme
     parseSearchQuery) : ce que le lecteur a tapé, accents et élisions compris. */
  var motsTapes = function (requete) {
    try {
      var q = new lunr.Query(["title", "text", "tags"]);
      new lunr.QueryParser(String(requete), q).parse();
      return q.clauses.map(function (c) { return String(c.term).replace(/^\*+|\*+$/g, ""); });
    } catch (erreur) {
      return [];
    }
  };
  var vide = function (mot) {
    return ELISIONS.indexOf(mot) >= 0 || Boolean(lunr.fr.stopWordFilter && lunr.fr.stopWordFilter(mot) === undefined);
  };
  var chercher = lunr.Index.prototype.search;
  lunr.Index.prototype.search = function (requete) {
    var texte = preparer(requete);
    var resultats = chercher.call(this, texte || plier(String(requete)));
    /* Un mot tapé est trouvé quand ce qu'on a cherché à sa place l'est : sa forme sans accents (« degré »,
       « Réussite »), son synonyme (« degré » → « niveau »), rien pour une élision ou un mot vide (le « l » de
       « l'initiative », « de ») ; Material compare ses mots aux termes trouvés (matchData.metadata) et
       marquait « Non trouvé » chacun d'eux. Le terme ajouté n'a aucune position : rien de plus n'est surligné. */
    var mots = motsTapes(requete).filter(Boolean);
    resultats.forEach(function (resultat) {
      var trouves = resultat.matchData.metadata;
      var cles = Object.keys(trouves);
      mots.forEach(function (mot) {
        if (Object.prototype.hasOwnProperty.call(trouves, mot)) return;
        var plie = plier(mot).toLowerCase();
        var autre = SYNONYMES[plie];
        var present = cles.some(function (cle) { return cle.indexOf(plie) === 0 || (autre && cle.indexOf(autre) === 0); });
        if (vide(plie) || present) trouves[mot] = {};
      });
    });
    return resultats;
  };
})(self.lunr);
"""
    )
    .replace("__ELISIONS__", json.dumps(list(ELISIONS)))
    .replace("__SYNONYMES__", json.dumps(SYNONYMES))
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
