/* Ajouté à la fin de lunr.fr.min.js par recherche_sans_accents.py, qui remplace __ELISIONS__ et __SYNONYMES__. */
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
