/* Règles exécutables : le site sans réseau (service worker).
 *
 * hooks/hors_ligne/hors_ligne.py écrit au-dessus de ce code, à chaque construction :
 * VERSION, PRECACHE et A_LA_DEMANDE (adresse relative à la racine du site →
 * empreinte SHA-256 du fichier, 16 chiffres hexadécimaux), TAILLES (adresse →
 * octets) et RUNTIME (les dossiers du runtime Python, dans A_LA_DEMANDE).
 *
 * Rien n'est téléchargé pour le hors-ligne sans que le lecteur le demande :
 * - Requêtes : un fichier listé vient du cache s'il y est ; sinon du réseau, et
 *   il entre alors au cache (ce que le lecteur a ouvert reste lisible hors
 *   ligne, sans rien télécharger de plus). Le reste, et tout ce qui vise un
 *   autre hôte, va au réseau sans passer par ici : rien d'un autre hôte n'est
 *   jamais mis en cache.
 * - « Garder le site hors ligne » (message {type: "garder", python}) : chaque
 *   fichier de PRECACHE (et, avec python, du RUNTIME) qui manque entre au
 *   cache, vérifié par son empreinte ; le choix est retenu, et une nouvelle
 *   version ne télécharge alors que les fichiers dont l'empreinte a changé.
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
  var absents = await manquants(cache, aGarder(choix));
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

/* Une nouvelle version d'un site gardé hors ligne télécharge ce qui a changé ; sinon rien. */
self.addEventListener("install", function (evenement) {
  evenement.waitUntil(
    caches
      .open(CACHE)
      .then(lireChoix)
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
  if (empreinte) evenement.respondWith(repondre(relative, empreinte));
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
  }
});
