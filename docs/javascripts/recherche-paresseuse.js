/* Règles exécutables : l'index de recherche se charge à la demande.
 *
 * L'index (search/search_index.json, le plus gros fichier d'une page : environ
 * 240 Ko), le worker de recherche (40 Ko) et les scripts lunr qu'il charge
 * ensuite ne servent qu'à qui cherche. Ce script, chargé avant celui de
 * Material (overrides/main.html), retient la requête de l'index et la
 * création du worker jusqu'au premier geste vers la recherche : le champ qui prend le focus (clic, toucher, raccourcis
 * « / », « s », « f » de Material), ou une adresse qui porte déjà une
 * recherche (?q=…). Hors ligne, le service worker sert l'index depuis son cache.
 *
 * Il redit aussi à Material chaque saisie du champ de recherche (une lettre accentuée
 * d'un téléphone arrive sans touche relâchée, que Material attend pour chercher).
 */
(function () {
  "use strict";
  var INDEX = /\/search\/search_index\.json(?:[?#]|$)/;
  var WORKER = /\/assets\/javascripts\/workers\/search\.[^/]*\.js(?:[?#]|$)/;
  var demandee = false;
  var enAttente = [];

  function demander() {
    if (demandee) return;
    demandee = true;
    enAttente.splice(0).forEach(function (envoyer) { envoyer(); });
  }

  var ouvrir = XMLHttpRequest.prototype.open;
  var envoyer = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (methode, adresse) {
    this.__indexDeRecherche = INDEX.test(String(adresse));
    return ouvrir.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var requete = this;
    var args = arguments;
    if (requete.__indexDeRecherche && !demandee) {
      enAttente.push(function () { envoyer.apply(requete, args); });
      return undefined;
    }
    return envoyer.apply(requete, args);
  };

  // Le worker de recherche : Material le crée au chargement et lui parle par
  // postMessage / addEventListener("message"). Jusqu'au premier geste, il reçoit
  // un remplaçant qui garde les messages ; le vrai worker les reçoit ensuite.
  var VraiWorker = window.Worker;
  function WorkerDifferable(adresse, options) {
    if (demandee || !WORKER.test(String(adresse))) return new VraiWorker(adresse, options);
    var remplacant = new EventTarget();
    var messages = [];
    var vrai = null;
    remplacant.postMessage = function (message, transfert) {
      if (vrai) vrai.postMessage(message, transfert);
      else messages.push([message, transfert]);
    };
    remplacant.terminate = function () {
      if (vrai) vrai.terminate();
      messages = [];
    };
    enAttente.push(function () {
      vrai = new VraiWorker(adresse, options);
      ["message", "messageerror", "error"].forEach(function (type) {
        vrai.addEventListener(type, function (e) {
          remplacant.dispatchEvent(type === "error" ? new ErrorEvent(type, e) : new MessageEvent(type, { data: e.data }));
        });
      });
      messages.splice(0).forEach(function (m) { vrai.postMessage(m[0], m[1]); });
    });
    return remplacant;
  }
  WorkerDifferable.prototype = VraiWorker.prototype;
  window.Worker = WorkerDifferable;

  function estRecherche(cible) {
    return cible instanceof Element &&
      cible.closest("[data-md-component=search], label[for=__search]") !== null;
  }
  document.addEventListener("focusin", function (e) { if (estRecherche(e.target)) demander(); }, true);
  document.addEventListener("pointerdown", function (e) { if (estRecherche(e.target)) demander(); }, true);
  document.addEventListener("change", function (e) {
    if (e.target instanceof HTMLInputElement && e.target.id === "__search" && e.target.checked) demander();
  }, true);
  if (/[?&]q=/.test(location.search)) demander();

  // Material relit le champ de recherche à chaque touche relâchée (keyup), pas à chaque saisie : une lettre
  // accentuée d'un clavier de téléphone (appui long sur « e ») ou d'une touche morte arrive sans keyup, et
  // « degré » cherchait encore « degr ». Chaque saisie lui est redite comme une touche relâchée.
  document.addEventListener("input", function (e) {
    var champ = e.target;
    if (champ instanceof HTMLInputElement && champ.matches("[data-md-component=search-query]")) {
      champ.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }
  }, true);

  // Pour les tests : savoir si l'index a été demandé.
  window.__rechercheDemandee = function () { return demandee; };
})();
