/* Règles exécutables : JupyterLite à la table, sur un téléphone et sans réseau.
 *
 * hooks/carnets/jupyterlite.py ajoute ce script aux pages de JupyterLite du site
 * (jupyter/notebooks/, jupyter/tree/), qui n'ont pas les scripts des pages du site :
 *
 * - Hors ligne : un carnet ouvert seul (un lien partagé, sans passer par une page
 *   du site) s'inscrit auprès du service worker du site, qui le garde : ce que la
 *   page a déjà reçu avant qu'il la contrôle (l'application, le carnet, sa
 *   traduction) et, son noyau prêt, ce que le noyau charge dans son worker
 *   (Pyodide, les roues, l'extension du noyau). La fois suivante, il s'ouvre et
 *   s'exécute sans réseau. Hors ligne, si ce carnet ou le noyau n'ont pas encore
 *   été gardés, un bandeau le dit en français.
 * - En français : les phrases que JupyterLab écrit sans son traducteur sont
 *   traduites par le catalogue de JupyterLite (hooks/carnets/traductions.py).
 * - Au doigt : les boutons de la barre d'outils du carnet font 44 px, et
 *   « Tout exécuter » y est (overrides.json) : sur un téléphone, les menus de
 *   JupyterLab ignorent les touchers (jupyterlab#19124).
 *
 * window.jupyterALaTable.garde : une promesse tenue (vrai) quand le carnet et son
 * noyau sont gardés, faux si le service worker n'a pas pu s'inscrire (les tests
 * l'attendent avant de couper le réseau).
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) return;
  var racine = new URL("..", script.src); /* le script est dans javascripts/, à la racine du site */
  var DOSSIERS_DU_NOYAU = ["assets/pyodide/", "jupyter/static/roues/", "jupyter/extensions/"];
  var CACHE = "regles-executables " + racine.href; /* le nom du cache du service worker (hors_ligne.js) */

  var STYLE =
    "@media (pointer: coarse), (max-width: 40em) {" +
    ".jp-NotebookPanel-toolbar.jp-Toolbar { height: auto !important; min-height: 44px; }" +
    ".jp-NotebookPanel-toolbar .jp-ToolbarButtonComponent," +
    ".jp-NotebookPanel-toolbar jp-button { min-width: 44px !important; min-height: 44px !important; }" +
    ".jp-NotebookPanel-toolbar [data-jp-item-name='tout-executer'] .jp-ToolbarButtonComponent-label," +
    ".jp-NotebookPanel-toolbar [data-jp-item-name='tout-executer'] jp-button { font-weight: 700; }" +
    "}" +
    ".regles-bandeau { position: fixed; inset: auto 0 0 0; z-index: 10000; padding: 12px 16px;" +
    " font: 16px/1.4 system-ui, sans-serif; color: #fff; background: #8b1414; }";

  function styler() {
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
  }

  function bandeau(texte) {
    var b = document.createElement("div");
    b.className = "regles-bandeau";
    b.setAttribute("role", "alert");
    b.textContent = texte;
    document.body.appendChild(b);
  }

  function demander(message) {
    return navigator.serviceWorker.ready.then(function (inscription) {
      return new Promise(function (fin, echec) {
        var canal = new MessageChannel();
        canal.port1.onmessage = function (e) {
          if (e.data && e.data.type === "echec") echec(new Error(e.data.message));
          else fin(e.data);
        };
        inscription.active.postMessage(message, [canal.port2]);
      });
    });
  }

  /* Ce que la page a reçu jusqu'ici (elle-même comprise), de ce site. */
  function recus() {
    var adresses = performance.getEntriesByType("resource").map(function (e) { return e.name; });
    adresses.push(location.href);
    return adresses.filter(function (a) { return a.startsWith(racine.href); });
  }

  /* Le noyau du carnet ouvert a exécuté du code : Pyodide et ses roues sont chargés. */
  function noyauPret() {
    return new Promise(function (fin) {
      var essai = function () {
        var app = window.jupyterapp;
        var w = app && app.shell && app.shell.currentWidget;
        var noyau = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
        if (noyau && noyau.status === "idle") fin(noyau);
        else setTimeout(essai, 1000);
      };
      essai();
    });
  }

  /* Hors ligne, ce qui manque au cache du service worker pour ce carnet : le carnet lui-même (jamais ouvert avec du
     réseau dans ce navigateur), ou le noyau (Pyodide) ; JupyterLite le dirait en anglais, ou pas du tout. */
  function direCeQuiManque() {
    if (navigator.onLine || !window.caches) return;
    var chemin = new URLSearchParams(location.search).get("path");
    caches.open(CACHE).then(function (cache) {
      return cache.keys();
    }).then(function (cles) {
      var garde = function (bout) { return cles.some(function (r) { return r.url.indexOf(bout) >= 0; }); };
      if (chemin && !garde("/jupyter/files/" + chemin + "?")) {
        bandeau(
          "Hors ligne, ce carnet ne s'ouvre pas : il n'a pas encore été ouvert avec du réseau dans ce navigateur. " +
          "Ouvrez-le une fois connecté ; il marchera ensuite sans réseau."
        );
      } else if (!garde("/pyodide.asm.wasm?")) {
        bandeau(
          "Hors ligne, ce carnet ne peut pas démarrer son noyau Python : il n'a pas encore été gardé dans ce " +
          "navigateur. Ouvrez-le une fois avec du réseau et attendez que son noyau soit prêt ; il marchera ensuite sans."
        );
      }
    });
  }

  function garder() {
    var inscrit = navigator.serviceWorker.register(new URL("service-worker.js", racine).href, { scope: racine.pathname });
    return inscrit
      .then(function () { return demander({ type: "garder-aussi", adresses: recus(), prefixes: [] }); })
      .then(noyauPret)
      .then(function () {
        return demander({ type: "garder-aussi", adresses: recus(), prefixes: DOSSIERS_DU_NOYAU });
      });
  }

  /* Les phrases anglaises que JupyterLab écrit sans son traducteur (« More commands », « Kernel Connecting ») :
     traduites par le catalogue que JupyterLite sert (api/translations/fr-FR.json, corrigé par
     hooks/carnets/traductions.py), dans les titres, les noms et le texte de l'interface, jamais dans les cellules. */
  var CONTENU = ".cm-editor, .jp-OutputArea, .jp-RenderedHTMLCommon, .jp-DirListing-content"; /* ce qu'écrit le lecteur */
  var HORS_INTERFACE = ".jp-Cell, " + CONTENU; /* le texte d'une cellule (invites comprises) */

  function traduire() {
    var adresse = new URL("jupyter/api/translations/fr-FR.json", racine).href;
    fetch(adresse).then(function (r) { return r.ok ? r.json() : null; }).then(function (catalogue) {
      if (!catalogue || !catalogue.data) return;
      var phrases = {};
      ["notebook", "jupyterlab"].forEach(function (domaine) {
        var messages = catalogue.data[domaine] || {};
        Object.keys(messages).forEach(function (cle) {
          /* Une phrase qui se traduit par elle-même (« Markdown ») n'est pas réécrite : la réécrire relancerait
             l'observateur, sans fin. */
          var fr = Array.isArray(messages[cle]) && messages[cle][0];
          if (cle && fr && fr !== cle) phrases[cle] = fr;
        });
      });
      var dans = function (e) { return e && e.closest && !e.closest(HORS_INTERFACE); };
      var nomme = function (e) { return e && e.closest && !e.closest(CONTENU); }; /* un nom, un titre : aussi d'une cellule */
      var attributs = function (e) {
        ["title", "aria-label"].forEach(function (a) {
          var v = e.getAttribute(a);
          if (v && Object.prototype.hasOwnProperty.call(phrases, v)) e.setAttribute(a, phrases[v]);
        });
      };
      var texte = function (n) {
        var v = n.nodeValue.trim();
        if (v && Object.prototype.hasOwnProperty.call(phrases, v)) n.nodeValue = n.nodeValue.replace(v, phrases[v]);
      };
      var visiter = function (racineDom) {
        if (racineDom.nodeType === Node.TEXT_NODE) {
          if (dans(racineDom.parentElement)) texte(racineDom);
          return;
        }
        if (racineDom.nodeType !== Node.ELEMENT_NODE || !nomme(racineDom)) return;
        attributs(racineDom);
        racineDom.querySelectorAll("[title], [aria-label]").forEach(function (e) { if (nomme(e)) attributs(e); });
        var marche = document.createTreeWalker(racineDom, NodeFilter.SHOW_TEXT);
        for (var n = marche.nextNode(); n; n = marche.nextNode()) if (dans(n.parentElement)) texte(n);
      };
      visiter(document.body);
      new MutationObserver(function (changements) {
        changements.forEach(function (c) {
          if (c.type === "attributes") { if (nomme(c.target)) attributs(c.target); }
          else if (c.type === "characterData") { if (dans(c.target.parentElement)) texte(c.target); }
          else c.addedNodes.forEach(visiter);
        });
      }).observe(document.body, {
        subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["title", "aria-label"],
      });
    });
  }

  styler();
  traduire();
  var garde = Promise.resolve(false);
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    garde = new Promise(function (fin) {
      window.addEventListener("load", function () {
        direCeQuiManque();
        garder().then(function () { fin(true); }, function (erreur) {
          console.warn("Ce carnet ne sera pas disponible hors ligne : " + erreur);
          fin(false);
        });
      });
    });
  }
  window.jupyterALaTable = { garde: garde };
})();
