/* Règles exécutables : le site hors ligne, quand le lecteur le demande.
 *
 * Enregistre le service worker (service-worker.js, écrit à la racine du site par
 * hooks/hors_ligne/hors_ligne.py). Ce script est dans javascripts/ : la racine du site est
 * le dossier au-dessus, où que le site soit publié. Rien à faire depuis un
 * dossier ouvert en file:// (les navigateurs n'y permettent pas de service worker).
 *
 * Après une première visite, le site se garde de lui-même (pages, recherche,
 * glossaire, version imprimable : ce que promet l'accueil), une fois la page
 * chargée et au repos : 1,4 Mo compressés, une fois ; une nouvelle version ne
 * retélécharge que ce qui a changé. Sauf si le navigateur économise les données
 * (navigator.connection.saveData) : alors rien d'office, et hors ligne, une page
 * pas encore gardée dit comment la garder (hors-ligne.html). Le pied de chaque
 * page dit ce qui est gardé, offre « Garder le site hors ligne » (son coût en
 * Mo, Python du calculateur en plus si on le coche), puis la progression. Une
 * application installée (lancée en plein écran) garde le site d'elle-même,
 * économie de données ou non : le lecteur l'a installée pour la table.
 */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || location.protocol === "file:" || !document.currentScript) return;
  var racine = new URL("..", document.currentScript.src);

  function enMo(octets) {
    return (octets / 1e6).toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + " Mo";
  }

  /* Un message au service worker actif ; `surMessage` reçoit chaque réponse (la dernière rend la promesse). */
  function demander(message, surMessage) {
    return navigator.serviceWorker.ready.then(function (inscription) {
      return new Promise(function (fin, echec) {
        var canal = new MessageChannel();
        canal.port1.onmessage = function (e) {
          var m = e.data;
          if (surMessage) surMessage(m);
          if (!surMessage || m.type === "fini") fin(m);
          else if (m.type === "echec") echec(new Error(m.message));
        };
        inscription.active.postMessage(message, [canal.port2]);
      });
    });
  }

  var STYLE =
    ".hors-ligne{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .8rem;padding:.6rem .6rem;font-size:.64rem}" +
    ".hors-ligne button{min-height:2.2rem;padding:.2rem .8rem;font:inherit;font-weight:700;color:inherit;" +
    "background:transparent;border:.1rem solid currentColor;border-radius:.1rem;cursor:pointer}" +
    ".hors-ligne button:focus-visible{outline:.15rem solid var(--md-accent-fg-color);outline-offset:.1rem}" +
    /* La case « avec Python » et son étiquette : 44 px de haut au doigt (la case seule faisait 13 × 13 px). */
    ".hors-ligne label{display:inline-flex;align-items:center;gap:.4rem;min-height:2.2rem;cursor:pointer}" +
    ".hors-ligne input[type=checkbox]{width:1.2rem;height:1.2rem;margin:0}" +
    ".hors-ligne [role=status]{flex-basis:100%}" +
    ".hors-ligne[hidden]{display:none}@media print{.hors-ligne{display:none}}";

  function controle() {
    var pied = document.querySelector(".md-footer-meta__inner");
    if (!pied) return null;
    var style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    var boite = document.createElement("div");
    boite.className = "hors-ligne";
    boite.setAttribute("role", "group");
    boite.setAttribute("aria-label", "Hors ligne");
    boite.hidden = true;
    var bouton = document.createElement("button");
    bouton.type = "button";
    bouton.textContent = "Garder le site hors ligne";
    var etiquette = document.createElement("label");
    var python = document.createElement("input");
    python.type = "checkbox";
    etiquette.append(python, "avec Python (calculateur et exemples)");
    var etat = document.createElement("p");
    etat.setAttribute("role", "status");
    etat.style.margin = "0";
    boite.append(bouton, etiquette, etat);
    pied.prepend(boite);
    return { boite: boite, bouton: bouton, python: python, etat: etat };
  }

  /* Le navigateur économise les données (mode « économie de données » d'un téléphone) : rien d'office. */
  function economie() {
    return Boolean(navigator.connection && navigator.connection.saveData);
  }

  /* Ce que coûte le choix coché, ou ce qui est déjà gardé. */
  function dire(c, e) {
    var cout = c.python.checked ? e.avecPython : e.pages;
    var gardePython = e.choix.python && e.avecPython.reste === 0;
    if (e.choix.garder && cout.reste === 0) {
      c.etat.textContent = gardePython
        ? "Le site est gardé hors ligne, Python compris (" + enMo(e.avecPython.total) + ")."
        : "Le site est gardé hors ligne (" + enMo(e.pages.total) + "). Python s'y ajoute à son premier usage.";
    } else {
      c.etat.textContent =
        (!e.choix.garder && economie() ? "Votre navigateur économise les données : rien n'est gardé d'office. " : "") +
        "À télécharger : " + enMo(cout.reste) + (c.python.checked ? " (Python compris)." : " (les pages, la recherche, le glossaire ; Python en plus : " + enMo(e.avecPython.reste - e.pages.reste) + ").");
    }
    c.bouton.hidden = e.choix.garder && cout.reste === 0;
  }

  function garder(c) {
    c.bouton.disabled = true;
    return demander({ type: "garder", python: c.python.checked }, function (m) {
      if (m.type === "progres") c.etat.textContent = "Mise hors ligne : " + enMo(m.recus) + " sur " + enMo(m.total) + "…";
    })
      .then(function (m) {
        dire(c, m.etat);
      })
      .catch(function (erreur) {
        c.etat.textContent = "La mise hors ligne n'a pas abouti : " + erreur.message;
      })
      .then(function () {
        c.bouton.disabled = false;
      });
  }

  function brancher() {
    var c = controle();
    if (!c) return;
    demander({ type: "etat" }).then(function (e) {
      c.python.checked = e.choix.python;
      dire(c, e);
      c.boite.hidden = false;
      c.python.addEventListener("change", function () {
        demander({ type: "etat" }).then(function (e2) {
          dire(c, e2);
        });
      });
      c.bouton.addEventListener("click", function () {
        garder(c);
      });
      /* Après la première visite, le site se garde de lui-même, la page au repos (elle a fini de se montrer). */
      var installee = window.matchMedia("(display-mode: standalone)").matches;
      if (!e.choix.garder && (installee || !economie())) {
        (window.requestIdleCallback || function (f) { setTimeout(f, 1000); })(function () { garder(c); }, { timeout: 3000 });
      }
    });
    // Pour les tests : l'état du hors-ligne et la demande de le garder.
    window.horsLigne = {
      etat: function () {
        return demander({ type: "etat" });
      },
      garder: function (avecPython) {
        c.python.checked = Boolean(avecPython);
        return garder(c);
      },
    };
  }

  window.addEventListener("load", function () {
    navigator.serviceWorker
      .register(new URL("service-worker.js", racine).href, { scope: racine.pathname })
      .then(brancher)
      .catch(function (erreur) {
        console.warn("Le site ne sera pas disponible hors ligne : " + erreur);
      });
  });
})();
