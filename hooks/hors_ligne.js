/* Règles exécutables : le site sans réseau (service worker).
 *
 * hooks/hors_ligne.py écrit au-dessus de ce code, à chaque construction :
 * VERSION, PRECACHE et A_LA_DEMANDE (adresse relative à la racine du site →
 * empreinte SHA-256 du fichier, 16 chiffres hexadécimaux).
 *
 * - Installation : chaque fichier de PRECACHE entre dans le cache, vérifié par
 *   son empreinte ; un fichier déjà en cache avec la même empreinte n'est pas
 *   retéléchargé. Puis la nouvelle version prend la main tout de suite.
 * - Activation : le cache perd ce que cette version ne liste plus.
 * - Requêtes : un fichier listé vient du cache (le réseau s'il manque) ; un
 *   fichier de A_LA_DEMANDE (runtime Python) entre dans le cache à sa première
 *   demande. Le reste, et tout ce qui vise un autre hôte, va au réseau sans
 *   passer par ici : rien d'un autre hôte n'est jamais mis en cache.
 */
"use strict";

var PORTEE = self.registration.scope; /* l'adresse de la racine du site, finie par « / » */
var CACHE = "regles-executables " + PORTEE;

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

/* Télécharge un fichier (sans le cache HTTP) et le garde s'il a l'empreinte attendue.
   À l'installation, une autre empreinte est une erreur (la version s'installera plus
   tard) ; à la volée, le fichier est servi sans être gardé. */
async function telecharger(cache, relative, empreinte, aLaVolee) {
  var reponse = await fetch(new URL(relative, PORTEE).href, { cache: "reload" });
  if (!reponse.ok) throw new Error(relative + " : HTTP " + reponse.status);
  var corps = await reponse.arrayBuffer();
  var copie = new Response(corps, { status: reponse.status, statusText: reponse.statusText, headers: reponse.headers });
  var trouvee = hexadecimal(await crypto.subtle.digest("SHA-256", corps)).slice(0, 16);
  if (trouvee === empreinte) {
    await cache.put(cle(relative, empreinte), copie.clone());
  } else if (!aLaVolee) {
    throw new Error(relative + " : empreinte " + trouvee + ", attendue " + empreinte + " (publication en cours ?)");
  }
  return copie;
}

async function precacher() {
  var cache = await caches.open(CACHE);
  var manquants = [];
  for (var [relative, empreinte] of Object.entries(PRECACHE)) {
    if (!(await cache.match(cle(relative, empreinte)))) manquants.push([relative, empreinte]);
  }
  await Promise.all(
    manquants.map(function ([relative, empreinte]) {
      return telecharger(cache, relative, empreinte);
    })
  );
}

async function nettoyer() {
  var cache = await caches.open(CACHE);
  var gardees = new Set();
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

self.addEventListener("install", function (evenement) {
  evenement.waitUntil(
    precacher().then(function () {
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

/* Une page peut demander la version active (tests, diagnostic). */
self.addEventListener("message", function (evenement) {
  if (evenement.data === "version" && evenement.ports[0]) evenement.ports[0].postMessage(VERSION);
});
