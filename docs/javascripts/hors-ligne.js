/* Règles exécutables : après une visite, le site marche sans réseau.
 *
 * Enregistre le service worker (service-worker.js, écrit à la racine du site par
 * hooks/hors_ligne.py). Ce script est dans javascripts/ : la racine du site est
 * le dossier au-dessus, où que le site soit publié. Rien à faire depuis un
 * dossier ouvert en file:// (les navigateurs n'y permettent pas de service worker).
 */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || location.protocol === "file:" || !document.currentScript) return;
  var racine = new URL("..", document.currentScript.src);
  window.addEventListener("load", function () {
    navigator.serviceWorker
      .register(new URL("service-worker.js", racine).href, { scope: racine.pathname })
      .catch(function (erreur) {
        console.warn("Le site ne sera pas disponible hors ligne : " + erreur);
      });
  });
})();
