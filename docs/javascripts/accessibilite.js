/* Règles exécutables : le site au clavier et au lecteur d'écran.
 *
 * - La première occurrence de chaque terme du glossaire sur la page
 *   (<abbr title="…"> écrit par l'extension abbr ; hooks/site/glossaire.py n'en
 *   garde qu'une par section, aucune dans les titres) prend le focus : la bulle
 *   du glossaire montre alors sa définition comme au survol (ou au toucher), et
 *   la relie au terme (aria-describedby). Échap la masque sans déplacer le focus
 *   (WCAG 1.4.13). Celles des sections suivantes gardent le survol et leur titre.
 *   Une seule bulle pour toute la page, posée à la demande : rien n'est préparé
 *   par terme au chargement (l'infobulle de Material, content.tooltips, en
 *   montait une par occurrence, 883 sur imprimer/).
 * - Une zone qui défile (grand tableau sur un téléphone) sans rien de
 *   focalisable dedans prend le focus, pour défiler au clavier (WCAG 2.1.1),
 *   avec un nom : « Tableau défilant : <section> ». Un bloc de code qui défile
 *   aussi, avant que Material (chargé au premier geste) ne le fasse lui-même.
 * - Le bouton du menu (tiroir, sous 1220 px) s'atteint et s'actionne au clavier.
 * - Des noms français aux repères et au dialogue de recherche que Material
 *   laisse sans nom ou en double.
 *
 * Vérifié par tests/test_accessibilite.py (axe-core, arbre d'accessibilité de
 * Chromium, clavier).
 */
(function () {
  "use strict";

  var FOCALISABLES =
    "a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";

  /* La première occurrence de chaque terme du glossaire sur la page (et dans
     chaque bloc repliable : détails, onglet) prend le focus (une définition, un
     arrêt de tabulation) : les suivantes montrent la
     même définition au survol et la portent dans leur titre (lu par le lecteur
     d'écran), sans allonger le chemin du clavier vers les exemples. Sans cette
     règle, une page de règles comptait des dizaines d'arrêts (69 sur
     warp/jets-simples/), imprimer/ près de 1 900. */
  /* Le calculateur montre un formulaire à la fois : chacun est un bloc qu'on ouvre, avec ses propres
     premières occurrences (sinon le terme d'un formulaire caché prend l'arrêt du texte visible). */
  var REPLIABLES = "details, .tabbed-block, .calc-mecanique";

  function termes() {
    var vus = {};
    var repliables = Array.prototype.slice.call(document.querySelectorAll(".md-content :is(" + REPLIABLES + ")"));
    document.querySelectorAll(".md-content abbr[title]").forEach(function (terme) {
      var definition = terme.getAttribute("title");
      if (terme.hasAttribute("data-terme")) definition = terme.getAttribute("data-terme");
      else terme.setAttribute("data-terme", definition); /* la bulle retire le titre (pas de double infobulle) */
      /* Un bloc repliable (détails, onglet) peut être fermé : il a ses propres premières occurrences. */
      var cle = repliables.indexOf(terme.closest(REPLIABLES)) + "|" + definition;
      if (!Object.prototype.hasOwnProperty.call(vus, cle)) {
        vus[cle] = true;
        terme.setAttribute("tabindex", "0");
      } else if (terme.getAttribute("tabindex") === "0") {
        terme.removeAttribute("tabindex");
      }
    });
  }

  /* La bulle du glossaire : un seul élément pour la page, avec les classes et la
     mise en page des infobulles de Material (même aspect, clair et sombre),
     placé sous le terme survolé, touché ou atteint au clavier. */
  var BULLE = "glossaire-definition";
  var bulle = null;
  var hote = null;
  var retard = 0;

  function laBulle() {
    if (bulle && bulle.isConnected) return bulle;
    bulle = document.createElement("div");
    bulle.className = "md-tooltip2 md-tooltip2--bottom";
    bulle.id = BULLE;
    bulle.setAttribute("role", "tooltip");
    bulle.innerHTML = '<div class="md-tooltip2__inner md-typeset"></div>';
    /* Le pointeur peut passer du terme à la bulle (pour la lire ou la faire défiler) sans qu'elle se ferme. */
    bulle.addEventListener("mouseenter", function () {
      clearTimeout(retard);
    });
    bulle.addEventListener("mouseleave", function () {
      if (hote && hote !== document.activeElement) cacherBientot();
    });
    document.body.appendChild(bulle);
    return bulle;
  }

  function terme(cible) {
    var element = cible instanceof Element ? cible.closest("abbr") : null;
    return element && element.closest(".md-content") && (element.hasAttribute("data-terme") || element.title)
      ? element
      : null;
  }

  function montrer(element) {
    clearTimeout(retard);
    if (element === hote && !laBulle().hasAttribute("data-masquee")) return;
    var definition = element.getAttribute("data-terme") || element.title;
    element.setAttribute("data-terme", definition);
    element.removeAttribute("title"); /* sinon le navigateur montre aussi le titre, en double */
    if (hote && hote !== element) hote.removeAttribute("aria-describedby");
    var b = laBulle();
    var interieur = b.firstChild;
    interieur.textContent = definition;
    b.removeAttribute("data-masquee");
    var r = element.getBoundingClientRect();
    b.style.setProperty("--md-tooltip-host-x", r.left + window.scrollX + "px");
    b.style.setProperty("--md-tooltip-host-y", r.top + window.scrollY + "px");
    b.style.setProperty("--md-tooltip-x", r.width / 2 + "px");
    b.style.setProperty("--md-tooltip-y", 8 + r.height + "px");
    b.style.setProperty("--md-tooltip-tail", "0px");
    b.style.setProperty("--md-tooltip-width", interieur.getBoundingClientRect().width + "px");
    b.classList.add("md-tooltip2--active");
    element.setAttribute("aria-describedby", BULLE);
    hote = element;
  }

  function cacher() {
    clearTimeout(retard);
    if (hote) hote.removeAttribute("aria-describedby");
    if (bulle) bulle.classList.remove("md-tooltip2--active");
    hote = null;
  }

  function cacherBientot() {
    clearTimeout(retard);
    retard = setTimeout(cacher, 250);
  }

  /* Survolé (ou touché) et atteint au clavier : le même geste, montrer sa définition. */
  function approche(evenement) {
    var element = terme(evenement.target);
    if (element) montrer(element);
  }

  function finDuSurvol(evenement) {
    var element = terme(evenement.target);
    if (element && element === hote && element !== document.activeElement && !element.contains(evenement.relatedTarget)) {
      cacherBientot();
    }
  }

  function finDuFocus(evenement) {
    if (terme(evenement.target) === hote) cacher();
  }

  /* Échap masque la définition affichée, le focus reste où il est. */
  function masquer(evenement) {
    if (evenement.key !== "Escape" || !bulle || !bulle.classList.contains("md-tooltip2--active")) return;
    bulle.setAttribute("data-masquee", "");
    if (hote) hote.removeAttribute("aria-describedby");
  }

  /* Un onglet de contenu (pymdownx.tabbed) est un bouton radio caché : son
     étiquette montre l'anneau de focus à sa place. */
  function ongletFocalise(evenement) {
    var bouton = evenement.target;
    if (!(bouton instanceof HTMLInputElement) || !bouton.closest(".tabbed-set")) return;
    var focus = evenement.type === "focusin" && bouton.matches(":focus-visible");
    Array.prototype.forEach.call(bouton.labels || [], function (etiquette) {
      etiquette.toggleAttribute("data-focus", focus);
    });
  }

  /* Le titre de la section où se trouve un élément (le titre qui le précède). */
  function section(element) {
    var titres = document.querySelectorAll(".md-content :is(h1, h2, h3, h4)");
    var trouve = "";
    titres.forEach(function (titre) {
      if (titre.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) {
        trouve = titre.textContent.replace(/¶/g, "").trim();
      }
    });
    return trouve;
  }

  /* Une zone qui défile sans contenu focalisable prend le focus ; elle le rend
     quand elle ne défile plus (l'écran s'est élargi, l'onglet a changé). */
  function regler(zone) {
    var style = getComputedStyle(zone);
    var defile =
      (/auto|scroll/.test(style.overflowX) && zone.scrollWidth > zone.clientWidth + 1) ||
      (/auto|scroll/.test(style.overflowY) && zone.scrollHeight > zone.clientHeight + 1);
    var nommee = zone.hasAttribute("data-defilant");
    if (defile && !nommee && !zone.querySelector(FOCALISABLES)) {
      var titre = section(zone);
      zone.setAttribute("data-defilant", "");
      zone.setAttribute("tabindex", "0");
      zone.setAttribute("role", "group");
      zone.setAttribute("aria-label", "Tableau défilant" + (titre ? " : " + titre : ""));
    } else if (!defile && nommee) {
      ["data-defilant", "tabindex", "role", "aria-label"].forEach(function (nom) {
        zone.removeAttribute(nom);
      });
    }
  }

  function zonesDefilantes() {
    var zones = document.querySelectorAll(
      ".md-content :is(.md-typeset__scrollwrap, .md-typeset__table, table, .tabbed-labels)"
    );
    if (!("ResizeObserver" in window)) {
      zones.forEach(regler);
      return;
    }
    var observateur = new ResizeObserver(function (entrees) {
      entrees.forEach(function (entree) {
        regler(entree.target);
      });
    });
    zones.forEach(function (zone) {
      observateur.observe(zone);
    });
  }

  /* Des noms distincts pour les repères, un nom pour le dialogue de recherche. */
  function noms() {
    var recherche = document.querySelector(".md-search[role=dialog]");
    if (recherche) recherche.setAttribute("aria-label", "Recherche dans le site");
    var chemin = document.querySelector("nav.md-path");
    if (chemin) chemin.setAttribute("aria-label", "Fil d'Ariane");
    /* Une section qui a sa page d'index (navigation.indexes) : l'étiquette que
       désigne aria-labelledby est vide ; le titre de la section la nomme. */
    document.querySelectorAll("nav.md-nav[aria-labelledby]").forEach(function (nav) {
      var etiquette = document.getElementById(nav.getAttribute("aria-labelledby"));
      var titre = nav.querySelector(":scope > .md-nav__title");
      if (etiquette && !etiquette.textContent.trim() && titre && titre.textContent.trim()) {
        nav.removeAttribute("aria-labelledby");
        nav.setAttribute("aria-label", titre.textContent.trim());
      }
    });
    /* Les sous-niveaux de la table des matières portaient le nom nu de leur
       titre (« WaRP »), comme les sections du menu : ils disent ce qu'ils sont. */
    /* Deux titres qui ne diffèrent que par la casse (le module « refus », la classe « Refus ») : les
       lecteurs d'écran les confondent ; le second dit sa place. */
    var vus = {};
    document.querySelectorAll(".md-nav--secondary nav.md-nav[aria-label]").forEach(function (nav) {
      var nom = nav.getAttribute("aria-label").trim();
      if (nom.indexOf("Sous-sections") === 0) return;
      var cle = nom.toLowerCase();
      vus[cle] = (vus[cle] || 0) + 1;
      var rang = vus[cle] > 1 ? " (" + vus[cle] + "ᵉ)" : "";
      nav.setAttribute("aria-label", "Sous-sections de « " + nom + " »" + rang);
    });
  }

  /* Sous 1220 px, le menu du site est un tiroir qu'ouvre une étiquette
     (<label for="__drawer">) que le clavier n'atteignait pas. Elle devient un
     bouton : Entrée ou Espace ouvre et ferme le tiroir, Échap le ferme et rend
     le focus au bouton (accessibilite.css cache le tiroir fermé). */
  function boutonDuMenu() {
    var etiquette = document.querySelector('label.md-header__button[for="__drawer"]');
    var tiroir = document.getElementById("__drawer");
    if (!etiquette || !tiroir || etiquette.hasAttribute("role")) return;
    var suivre = function () {
      etiquette.setAttribute("aria-expanded", tiroir.checked ? "true" : "false");
    };
    etiquette.setAttribute("role", "button");
    etiquette.setAttribute("tabindex", "0");
    etiquette.setAttribute("aria-label", "Menu du site");
    etiquette.setAttribute("aria-controls", "__drawer");
    suivre();
    tiroir.addEventListener("change", suivre);
    etiquette.addEventListener("keydown", function (evenement) {
      if (evenement.key !== "Enter" && evenement.key !== " ") return;
      evenement.preventDefault();
      evenement.stopPropagation(); /* Material clique déjà une étiquette sur Entrée : un seul basculement */
      tiroir.click();
    });
    document.addEventListener("keydown", function (evenement) {
      if (evenement.key !== "Escape" || !tiroir.checked) return;
      tiroir.click();
      etiquette.focus();
    });
  }

  /* Material entoure les boutons de chaque bloc de code d'un <nav> sans nom :
     autant de repères « navigation » anonymes. Ce ne sont que des boutons. */
  var ACTIONS = "nav.md-code__nav:not([role])";

  function actionsDuCode(noeud) {
    if (noeud.nodeType !== Node.ELEMENT_NODE) return;
    if (noeud.matches(ACTIONS)) noeud.setAttribute("role", "none");
    noeud.querySelectorAll(ACTIONS).forEach(function (nav) {
      nav.setAttribute("role", "none");
    });
  }

  /* Un bloc de code qui défile prend le focus, pour défiler au clavier : Material
     le fait quand il monte ses blocs (tabindex="0"), mais il ne s'exécute qu'au
     premier geste du lecteur (javascripts/material-a-la-demande.js) ; jusque-là,
     c'est fait ici, de la même façon. Monté, Material en décide seul. */
  function codesDefilants() {
    if (document.documentElement.getAttribute("data-material") === "monte") return;
    document.querySelectorAll(".md-content pre > code:not([tabindex])").forEach(function (code) {
      if (code.scrollWidth > code.clientWidth + 1) code.setAttribute("tabindex", "0");
    });
  }

  function preparer() {
    boutonDuMenu();
    termes();
    noms();
    zonesDefilantes();
    codesDefilants();
    actionsDuCode(document.body);
  }

  /* Les blocs de code sont montés par Material quand ils deviennent visibles. */
  if ("MutationObserver" in window) {
    new MutationObserver(function (changements) {
      changements.forEach(function (changement) {
        changement.addedNodes.forEach(actionsDuCode);
      });
    }).observe(document.body, { childList: true, subtree: true });
  }

  document.addEventListener("keydown", masquer);
  document.addEventListener("mouseover", approche);
  document.addEventListener("mouseout", finDuSurvol);
  document.addEventListener("focusin", approche);
  document.addEventListener("focusout", finDuFocus);
  window.addEventListener("resize", cacher);
  document.addEventListener("focusin", ongletFocalise);
  document.addEventListener("focusout", ongletFocalise);
  /* Material : à chaque page, navigation instantanée comprise. Il se charge au premier geste du lecteur
     (javascripts/material-a-la-demande.js) : la page est préparée sans lui, puis de nouveau quand il l'a montée. */
  function suivreMaterial() {
    document$.subscribe(preparer);
  }
  if (typeof document$ !== "undefined") {
    suivreMaterial();
  } else {
    preparer();
    document.addEventListener("material:monte", suivreMaterial, { once: true });
  }
})();
