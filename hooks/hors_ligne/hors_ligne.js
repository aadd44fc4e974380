/* Règles exécutables : le site sans réseau (service worker).
 *
 * hooks/hors_ligne/hors_ligne.py écrit au-dessus de ce code, à chaque construction :
 * VERSION, PRECACHE et A_LA_DEMANDE (adresse relative à la racine du site →
 * empreinte SHA-256 du fichier, 16 chiffres hexadécimaux), TAILLES (adresse →
 * octets), RUNTIME (les dossiers du runtime Python, dans A_LA_DEMANDE),
 * HORS_LIGNE (la page « Pas de réseau pour cette page ») et INDISPENSABLES (elle
 * et ce qu'elle charge, tous dans PRECACHE).
 *
 * - Installation : INDISPENSABLES entre au cache d'office (quelques centaines de
 *   Ko) ; le reste, si le lecteur l'a déjà gardé (une nouvelle version).
 * - Requêtes : un fichier listé vient du cache s'il y est ; sinon du réseau, et
 *   il entre alors au cache (ce que le lecteur a ouvert reste lisible hors
 *   ligne, sans rien télécharger de plus). Le reste, et tout ce qui vise un
 *   autre hôte, va au réseau sans passer par ici : rien d'un autre hôte n'est
 *   jamais mis en cache. Une page du site que ni le cache ni le réseau ne
 *   donnent (hors ligne, jamais gardée) mène à la page HORS_LIGNE, en français,
 *   jamais à la page d'erreur du navigateur.
 * - « Garder » (message {type: "garder", python}), que la page demande d'elle-même
 *   après une première visite (docs/javascripts/hors-ligne.js) : chaque fichier
 *   de PRECACHE (et, avec python, du RUNTIME) qui manque entre au cache, vérifié
 *   par son empreinte ; le choix est retenu, et une nouvelle version ne
 *   télécharge alors que les fichiers dont l'empreinte a changé.
 * - « Garder aussi » (message {type: "garder-aussi", adresses, prefixes}) : des
 *   fichiers listés que la page a déjà reçus, ou tout un dossier (un carnet ouvert
 *   seul dans JupyterLite : docs/javascripts/jupyter-a-la-table.js), sans changer
 *   le choix.
 * - Un fichier n'est jamais téléchargé deux fois : ce que la page a déjà reçu
 *   vient du cache HTTP du navigateur (force-cache) ; le réseau seulement si ce
 *   cache n'a pas la bonne empreinte.
 * - Activation : le cache perd ce que cette version ne liste plus.
 */
"use strict";

var PORTEE = self.registration.scope; /* l'adresse de la racine du site, finie par « / » */
var CACHE = "regles-executables " + PORTEE;
var CHOIX = PORTEE + "__hors-ligne__"; /* la clé du choix du lecteur dans le cache : {garder, python} */

/* La clé d'un fichier dans le cache : son adresse et son empreinte. */
function cle(adresse, empreinte) {
  return new URL(adresse, PORTEE).href + "?empreinte=" + empreinte;
}

/* L'adresse relative (celle des listes) d'une requête du site : sans paramètres
   ni ancre, une page désignée par son dossier. */
function adresse(url) {
  var u = new URL(url);
  var relative = decodeURIComponent((u.origin + u.pathname).slice(PORTEE.length));
  return relative.replace(/(^|\/)index\.html$/, "$1") || "./";
}

function hexadecimal(tampon) {
  return Array.prototype.map
    .call(new Uint8Array(tampon), function (octet) {
      return octet.toString(16).padStart(2, "0");
    })
    .join("");
}

/* Télécharge un fichier et le garde s'il a l'empreinte attendue : d'abord depuis le cache HTTP du
   navigateur s'il l'a (la page vient peut-être de le recevoir), sinon (ou s'il n'a pas la bonne
   empreinte) depuis le réseau. À la volée, un fichier d'une autre empreinte est servi sans être gardé ;
   sinon c'est une erreur (publication en cours ?). */
async function telecharger(cache, relative, empreinte, aLaVolee) {
  var modes = ["force-cache", "reload"];
  var copie = null;
  for (var i = 0; i < modes.length; i++) {
    var reponse = await fetch(new URL(relative, PORTEE).href, { cache: modes[i] });
    if (!reponse.ok) throw new Error(relative + " : HTTP " + reponse.status);
    var corps = await reponse.arrayBuffer();
    copie = new Response(corps, { status: reponse.status, statusText: reponse.statusText, headers: reponse.headers });
    var trouvee = hexadecimal(await crypto.subtle.digest("SHA-256", corps)).slice(0, 16);
    if (trouvee === empreinte) {
      await cache.put(cle(relative, empreinte), copie.clone());
      return copie;
    }
    if (i === modes.length - 1 && !aLaVolee) {
      throw new Error(relative + " : empreinte " + trouvee + ", attendue " + empreinte + " (publication en cours ?)");
    }
  }
  return copie;
}

async function lireChoix(cache) {
  var r = await cache.match(CHOIX);
  return r ? r.json() : { garder: false, python: false };
}

/* Les fichiers à garder pour ce choix : [adresse, empreinte, octets]. */
function aGarder(choix) {
  var liste = Object.entries(PRECACHE);
  if (choix.python) {
    liste = liste.concat(
      Object.entries(A_LA_DEMANDE).filter(function ([relative]) {
        return RUNTIME.some(function (d) { return relative.startsWith(d); });
      })
    );
  }
  return liste.map(function ([relative, empreinte]) {
    return [relative, empreinte, TAILLES[relative] || 0];
  });
}

/* Ce qui manque au cache, lu d'un seul appel (cache.keys) : une recherche par fichier (cache.match) faisait
   attendre une nouvelle version plus d'une minute sur une machine chargée, avant qu'elle prenne la main. */
async function manquants(cache, liste) {
  var presentes = new Set(
    (await cache.keys()).map(function (requete) {
      return requete.url;
    })
  );
  return liste.filter(function ([relative, empreinte]) {
    return !presentes.has(cle(relative, empreinte));
  });
}

/* L'état du hors-ligne, pour la page : le choix, et ce qu'il reste à télécharger (octets). */
async function etat() {
  var cache = await caches.open(CACHE);
  var choix = await lireChoix(cache);
  var somme = async function (python) {
    var liste = aGarder({ python: python });
    var absents = await manquants(cache, liste);
    return {
      total: liste.reduce(function (s, f) { return s + f[2]; }, 0),
      reste: absents.reduce(function (s, f) { return s + f[2]; }, 0),
    };
  };
  return { version: VERSION, choix: choix, pages: await somme(false), avecPython: await somme(true) };
}

/* Garde les fichiers du choix (quatre à la fois), en disant la progression à `dire` ; retient le choix. */
async function garder(choix, dire) {
  var cache = await caches.open(CACHE);
  await cache.put(CHOIX, new Response(JSON.stringify(choix), { headers: { "Content-Type": "application/json" } }));
  await garderListe(cache, aGarder(choix), dire);
}

/* Ces fichiers listés ([adresse, empreinte, octets]) qui manquent au cache, quatre à la fois. */
async function garderListe(cache, liste, dire) {
  var absents = await manquants(cache, liste);
  var total = absents.reduce(function (s, f) { return s + f[2]; }, 0);
  var recus = 0;
  var file = absents.slice();
  async function ouvrier() {
    while (file.length) {
      var [relative, empreinte, octets] = file.shift();
      await telecharger(cache, relative, empreinte);
      recus += octets;
      dire({ type: "progres", recus: recus, total: total });
    }
  }
  await Promise.all([ouvrier(), ouvrier(), ouvrier(), ouvrier()]);
}

/* Des fichiers listés, par adresse (ceux qu'une page a déjà reçus) ou par dossier, gardés sans changer le choix. */
async function garderAussi(adresses, prefixes) {
  var voulues = new Set(
    (adresses || []).filter(function (url) { return String(url).startsWith(PORTEE); }).map(adresse)
  );
  var dossiers = prefixes || [];
  var liste = [PRECACHE, A_LA_DEMANDE]
    .flatMap(function (l) { return Object.entries(l); })
    .filter(function ([relative]) {
      return voulues.has(relative) || dossiers.some(function (d) { return relative.startsWith(d); });
    })
    .map(function ([relative, empreinte]) { return [relative, empreinte, TAILLES[relative] || 0]; });
  await garderListe(await caches.open(CACHE), liste, function () {});
}

async function nettoyer() {
  var cache = await caches.open(CACHE);
  var gardees = new Set([CHOIX]);
  [PRECACHE, A_LA_DEMANDE].forEach(function (liste) {
    Object.entries(liste).forEach(function ([relative, empreinte]) {
      gardees.add(cle(relative, empreinte));
    });
  });
  for (var requete of await cache.keys()) {
    if (!gardees.has(requete.url)) await cache.delete(requete);
  }
}

/* Le cache d'abord ; le réseau si le fichier n'y est pas (et il y entre alors). */
async function repondre(relative, empreinte) {
  var cache = await caches.open(CACHE);
  var gardee = await cache.match(cle(relative, empreinte));
  if (gardee) return gardee;
  return telecharger(cache, relative, empreinte, true);
}

/* La page HORS_LIGNE, au lieu de l'erreur du navigateur : elle dit quelle page manque et comment la garder. */
function horsLigne(requete) {
  var page = adresse(requete.url);
  return Response.redirect(new URL(HORS_LIGNE, PORTEE).href + "?page=" + encodeURIComponent(page), 302);
}

/* La page HORS_LIGNE et ce qu'elle charge, toujours ; le reste, si le lecteur a gardé le site (une nouvelle
   version ne télécharge que ce qui a changé). */
self.addEventListener("install", function (evenement) {
  var indispensables = INDISPENSABLES.map(function (relative) {
    return [relative, PRECACHE[relative], TAILLES[relative] || 0];
  });
  evenement.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return garderListe(cache, indispensables, function () {}).then(function () { return lireChoix(cache); });
      })
      .then(function (choix) {
        return choix.garder ? garder(choix, function () {}) : null;
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (evenement) {
  evenement.waitUntil(
    nettoyer().then(function () {
      return self.clients.claim();
    })
  );
});

self.addEventListener("fetch", function (evenement) {
  var requete = evenement.request;
  /* Un autre hôte, ou hors du site : pas de réponse d'ici, rien en cache. */
  if (requete.method !== "GET" || !requete.url.startsWith(PORTEE)) return;
  var relative = adresse(requete.url);
  var empreinte = PRECACHE[relative] || A_LA_DEMANDE[relative];
  var page = requete.mode === "navigate";
  if (empreinte) {
    evenement.respondWith(
      repondre(relative, empreinte).catch(function (erreur) {
        /* fetch rejette d'une TypeError quand le réseau manque (une réponse HTTP d'erreur n'en est pas une). */
        if (page && relative !== HORS_LIGNE && erreur instanceof TypeError) return horsLigne(requete);
        throw erreur;
      })
    );
  } else if (page) {
    /* Une adresse du site qui n'est pas listée (une faute de frappe) : le réseau, sinon la page HORS_LIGNE. */
    evenement.respondWith(fetch(requete).catch(function () { return horsLigne(requete); }));
  }
});

/* La page demande la version active (tests, diagnostic), l'état du hors-ligne, ou de garder le site. */
self.addEventListener("message", function (evenement) {
  var port = evenement.ports[0];
  var m = evenement.data;
  if (!port) return;
  if (m === "version") port.postMessage(VERSION);
  else if (m && m.type === "etat") etat().then(function (e) { port.postMessage(e); });
  else if (m && m.type === "garder") {
    var fin = garder({ garder: true, python: Boolean(m.python) }, function (p) { port.postMessage(p); })
      .then(etat)
      .then(function (e) { port.postMessage({ type: "fini", etat: e }); })
      .catch(function (erreur) { port.postMessage({ type: "echec", message: String(erreur && erreur.message || erreur) }); });
    evenement.waitUntil(fin);
  } else if (m && m.type === "garder-aussi") {
    var aussi = garderAussi(m.adresses, m.prefixes)
      .then(function () { port.postMessage({ type: "fini" }); })
      .catch(function (erreur) { port.postMessage({ type: "echec", message: String(erreur && erreur.message || erreur) }); });
    evenement.waitUntil(aussi);
  }
});
