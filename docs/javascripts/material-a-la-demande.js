/* Règles exécutables : le script de Material s'exécute au premier geste du lecteur.
 *
 * Pourquoi, et ce qui marche sans lui : hooks/hors_ligne/material_a_la_demande.py. Son adresse
 * est dans data-material (overrides/main.html) ; ce script-ci le charge au premier
 * toucher, clic, appui de touche, focus, mouvement de souris ou tour de molette, ou
 * tout de suite si l'adresse porte une recherche (?q=…).
 *
 * Material attend DOMContentLoaded pour monter ses composants : chargé plus tard,
 * il reçoit cet événement une seconde fois, envoyé au document une fois son script
 * exécuté (les scripts du site ne l'écoutent qu'une fois : { once: true }). Puis
 * l'événement « material:monte » dit aux scripts du site que Material est là
 * (javascripts/accessibilite.js reprend alors ses noms et ses zones défilantes).
 *
 * window.chargerMaterial() rend une promesse tenue quand Material est monté : les
 * tests l'appellent pour regarder une page telle qu'un lecteur l'a touchée.
 *
 * En attendant, <html data-material="attente"> (posé dans <head>, overrides/main.html) : la loupe et la
 * recherche sont déjà à leur place (accessibilite.css) ; une loupe touchée avant Material ouvre la recherche
 * et met le curseur dans son champ.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var adresse = script && script.getAttribute("data-material");
  var GESTES = ["pointerdown", "keydown", "focusin", "mousemove", "wheel", "touchstart"];
  var promesse = null;

  function charger() {
    if (promesse) return promesse;
    GESTES.forEach(function (geste) {
      document.removeEventListener(geste, charger, { capture: true, passive: true });
    });
    promesse = new Promise(function (fin, echec) {
      var material = document.createElement("script");
      material.src = adresse;
      material.onerror = function () {
        echec(new Error("le script de Material est introuvable : " + adresse));
      };
      material.onload = function () {
        var monte = function () {
          document.documentElement.setAttribute("data-material", "monte");
          document.dispatchEvent(new CustomEvent("material:monte"));
          fin();
        };
        /* Exécuté avant la fin de la lecture de la page : Material recevra le vrai DOMContentLoaded. */
        if (document.readyState === "loading") {
          document.addEventListener("DOMContentLoaded", monte, { once: true });
          return;
        }
        document.dispatchEvent(new Event("DOMContentLoaded"));
        monte();
      };
      document.body.appendChild(material);
    });
    return promesse;
  }

  window.chargerMaterial = function () {
    return adresse ? charger() : Promise.resolve();
  };
  if (!adresse) return;
  if (/[?&]q=/.test(location.search)) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", charger, { once: true });
    else charger();
    return;
  }
  GESTES.forEach(function (geste) {
    document.addEventListener(geste, charger, { capture: true, passive: true });
  });
  /* La loupe touchée avant que Material monte : la recherche s'ouvre (la case de l'étiquette) et le curseur va
     dans son champ pendant le geste même (sur un téléphone, le clavier ne s'ouvre qu'ainsi) ; Material, une
     fois monté, fait de même pour les touchers suivants. */
  document.addEventListener("click", function (evenement) {
    if (document.documentElement.getAttribute("data-material") === "monte") return;
    var cible = evenement.target instanceof Element && evenement.target.closest("label[for=__search]");
    var champ = cible && document.querySelector("input[data-md-component=search-query]");
    if (champ) champ.focus();
  }, true);
})();
