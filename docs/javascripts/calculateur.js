// Le calculateur de table : chaque formulaire de la page « Calculateur » envoie ses champs (du texte) au
// calculateur Python (rules.calculateur.calculer_json), qui tourne dans le navigateur par le runtime des
// cellules (Pyodide servi par le site, dans un worker) ; la page affiche ce qu'il rend.
//
// Règles de sûreté : l'adresse (le lien partagé) est une entrée non fiable. Ses valeurs sont lues comme
// des champs de formulaire, envoyées au calculateur comme des données (jamais comme du code), et tout ce
// qui revient est écrit par textContent (jamais innerHTML) : rien de ce qu'elle porte ne s'exécute.
(() => {
  "use strict";


  function element(nom, classe, texte) {
    const e = document.createElement(nom);
    if (classe) e.className = classe;
    if (texte !== undefined && texte !== null) e.textContent = texte;
    return e;
  }

  // --- Les champs d'un formulaire ----------------------------------------------------------

  function champs(form) {
    return Array.from(form.querySelectorAll("[name]"));
  }

  function lire(form) {
    const entrees = {};
    for (const c of champs(form)) entrees[c.name] = c.type === "checkbox" ? (c.checked ? "oui" : "non") : c.value;
    return entrees;
  }

  function defauts(form) {
    const entrees = {};
    for (const c of champs(form)) {
      entrees[c.name] =
        c.type === "checkbox"
          ? c.defaultChecked ? "oui" : "non"
          : c.tagName === "SELECT"
            ? (Array.from(c.options).find((o) => o.defaultSelected) || c.options[0]).value
            : c.defaultValue;
    }
    return entrees;
  }

  // Remplit les champs avec des valeurs (d'un lien ou d'une réponse) ; une valeur qu'un choix n'offre pas
  // n'y entre pas : le message d'erreur du calculateur le dira.
  function remplir(form, entrees) {
    for (const c of champs(form)) {
      if (!(c.name in entrees)) continue;
      const v = String(entrees[c.name]);
      if (c.type === "checkbox") c.checked = v === "oui";
      else if (c.tagName === "SELECT") {
        if (Array.from(c.options).some((o) => o.value === v)) c.value = v;
      } else c.value = v;
    }
    conditionner(form);
    deplier(form);
  }

  // Un champ qui ne compte que si un autre a telle valeur (data-si-champ, data-si-valeur : les risques et la
  // défense d'un adversaire actif) est caché sinon : face à une voiture en panne, rien de l'adversaire à remplir.
  function conditionner(form) {
    for (const bloc of form.querySelectorAll("[data-si-champ]")) {
      const champ = form.querySelector(`[name="${CSS.escape(bloc.dataset.siChamp)}"]`);
      bloc.hidden = Boolean(champ) && champ.value !== bloc.dataset.siValeur;
    }
  }

  // « Plus d'options » se déplie dès qu'un de ses champs porte une autre valeur que son défaut, ou un refus :
  // rien de ce qui compte dans le calcul n'y reste caché.
  function deplier(form) {
    const parDefaut = defauts(form);
    const valeurs = lire(form);
    for (const details of form.querySelectorAll("details.calc-plus")) {
      const compte = [...details.querySelectorAll("[name]")].some(
        (c) => c.getAttribute("aria-invalid") === "true" || valeurs[c.name] !== parDefaut[c.name]
      );
      if (compte) details.open = true;
    }
  }

  // --- Les variantes (« Lire autrement ») ------------------------------------------------------

  // Les cases cochées : des identifiants de rules.variantes.VARIANTES, envoyés au calculateur comme des données.
  function variantes(form) {
    return [...form.querySelectorAll("input.calc-variante:checked")].map((c) => c.value);
  }

  // Coche les variantes `ids` (d'un lien, ou gardées) que ce formulaire offre, et seulement elles ; « Lire
  // autrement » se déplie si l'une l'est.
  function cocher(form, ids) {
    for (const c of form.querySelectorAll("input.calc-variante")) c.checked = ids.includes(c.value);
    const details = form.querySelector("details.calc-variantes");
    if (details && details.querySelector("input.calc-variante:checked")) details.open = true;
  }

  // Les règles maison remplies (un champ par rules.variantes.REGLES_MAISON) : nom → entier, envoyées au calculateur
  // comme des données ; un champ vide vaut le texte. Un texte qui n'est pas un entier part tel quel : la règle le refuse.
  function maison(form) {
    const lues = {};
    for (const c of form.querySelectorAll("input.calc-maison")) {
      const v = c.value.trim().replace("\u2212", "-");
      if (v !== "") lues[c.dataset.maison] = /^-?\d+$/.test(v) ? Number.parseInt(v, 10) : v;
    }
    return lues;
  }

  // Remplit les règles maison `lues` (d'un lien) ; « Lire autrement » se déplie si l'une l'est.
  function regler(form, lues) {
    for (const c of form.querySelectorAll("input.calc-maison")) c.value = c.dataset.maison in lues ? String(lues[c.dataset.maison]) : "";
    const details = form.querySelector("details.calc-variantes");
    if (details && Object.keys(lues).length) details.open = true;
  }

  // Le champ d'une règle maison, par son nom.
  function champMaison(form, nom) {
    return form.querySelector(`input.calc-maison[data-maison="${CSS.escape(nom)}"]`);
  }

  // Les variantes gardées sur cet appareil depuis la page « Et si… ? » (docs/javascripts/variantes.js).
  function gardees() {
    try {
      const lues = JSON.parse(localStorage.getItem("regles-variantes") || "[]");
      return Array.isArray(lues) ? lues.filter((id) => typeof id === "string") : [];
    } catch {
      return [];
    }
  }

  // Le titre de chaque variante cochée, tel que son étiquette le dit, puis chaque règle maison remplie et sa valeur.
  function titres(form) {
    const etiquette = (c) => form.querySelector(`label[for="${CSS.escape(c.id)}"]`)?.textContent || c.value;
    const regles = maison(form);
    return [
      ...[...form.querySelectorAll("input.calc-variante:checked")].map(etiquette),
      ...[...form.querySelectorAll("input.calc-maison")]
        .filter((c) => c.dataset.maison in regles)
        .map((c) => `${etiquette(c)} : ${String(regles[c.dataset.maison]).replace("-", "\u2212")}`),
    ];
  }

  // --- Les erreurs -----------------------------------------------------------------------------

  function effacerErreurs(form) {
    for (const p of form.querySelectorAll(".calc-erreur")) {
      p.hidden = true;
      p.textContent = "";
    }
    for (const c of [...champs(form), ...form.querySelectorAll("input.calc-maison")]) c.removeAttribute("aria-invalid");
  }

  function montrerErreurs(form, erreurs, enTete) {
    let premier = null;
    const generale = form.querySelector(".calc-erreur-generale");
    const restes = [];
    for (const [nom, message] of Object.entries(erreurs)) {
      // Un champ du formulaire, ou une règle maison (le calculateur range son refus sous son nom).
      const champ = form.querySelector(`[name="${CSS.escape(nom)}"]`) || (nom && champMaison(form, nom));
      const zone = champ && document.getElementById(`${champ.id}-erreur`);
      if (zone) {
        zone.textContent = message;
        zone.hidden = false;
        champ.setAttribute("aria-invalid", "true");
        const details = champ.closest("details.calc-variantes");
        if (details) details.open = true;
        premier = premier || champ;
      } else restes.push(message);
    }
    deplier(form);
    const texte = [enTete, ...restes].filter(Boolean).join(" ");
    if (texte) {
      generale.textContent = texte;
      generale.hidden = false;
    }
    return premier;
  }

  // --- Le résultat -------------------------------------------------------------------------------

  let tableaux = 0;

  function tableau(t, rang) {
    const figure = element("figure", "calc-tableau");
    // La légende hors de la zone qui défile : elle passe à la ligne sur un téléphone.
    const legende = element("figcaption", "calc-legende", t.legende);
    legende.id = `calc-legende-${++tableaux}`;
    figure.appendChild(legende);
    const defile = element("div", "calc-defile");
    defile.tabIndex = 0; // une table plus large que l'écran se fait défiler au clavier
    defile.setAttribute("role", "region");
    defile.setAttribute("aria-labelledby", legende.id);
    // Une classe à elle : les styles de Material pour les tables de Markdown (table:not([class]), qui
    // défilent elles-mêmes sans être atteignables au clavier) ne s'y appliquent pas.
    const table = element("table", "calc-table");
    table.setAttribute("aria-labelledby", legende.id);
    const tete = table.createTHead().insertRow();
    for (const titre of t.entetes) {
      const th = element("th", null, titre);
      th.scope = "col";
      tete.appendChild(th);
    }
    if (t.barres.length) {
      const th = element("th", "calc-col-barre");
      th.scope = "col";
      th.appendChild(element("span", "calc-masque", "Graphique"));
      tete.appendChild(th);
    }
    const corps = table.createTBody();
    t.lignes.forEach((ligne, i) => {
      const tr = corps.insertRow();
      ligne.forEach((cellule, j) => {
        const td = element(j === 0 ? "th" : "td", null, cellule);
        if (j === 0) td.scope = "row";
        tr.appendChild(td);
      });
      if (t.barres.length) {
        const td = element("td", "calc-col-barre");
        td.setAttribute("aria-hidden", "true");
        const barre = element("span", "calc-barre");
        barre.style.width = `${Math.max(0, Math.min(1, Number(t.barres[i]) || 0)) * 100}%`;
        td.appendChild(barre);
        tr.appendChild(td);
      }
    });
    defile.appendChild(table);
    figure.appendChild(defile);
    if (t.notes.length) {
      const ul = element("ul", "calc-notes");
      for (const note of t.notes) ul.appendChild(element("li", null, note));
      figure.appendChild(ul);
    }
    figure.dataset.rang = String(rang);
    return figure;
  }

  // Un tableau plus large que sa boîte (un téléphone) s'empile : une ligne par issue, chaque valeur
  // précédée du titre de sa colonne. Les rôles ARIA gardent la table lisible comme une table (un
  // display: block l'effacerait de l'arbre d'accessibilité).
  function ajuster(figure) {
    const table = figure.querySelector("table");
    const defile = figure.querySelector(".calc-defile");
    figure.classList.remove("calc-empile");
    if (table.scrollWidth <= defile.clientWidth + 1) return;
    figure.classList.add("calc-empile");
    table.setAttribute("role", "table");
    for (const groupe of table.querySelectorAll("thead, tbody")) groupe.setAttribute("role", "rowgroup");
    for (const tr of table.rows) tr.setAttribute("role", "row");
    const titres = [...table.tHead.rows[0].cells].map((c) => c.textContent);
    for (const th of table.tHead.rows[0].cells) th.setAttribute("role", "columnheader");
    for (const tr of table.tBodies[0].rows) {
      [...tr.cells].forEach((c, j) => {
        c.setAttribute("role", j === 0 ? "rowheader" : "cell");
        if (j > 0 && !c.classList.contains("calc-col-barre")) c.dataset.titre = titres[j];
      });
    }
  }

  const observateur = "ResizeObserver" in window
    ? new ResizeObserver((entrees) => {
        for (const e of entrees) for (const f of e.target.querySelectorAll(".calc-tableau")) ajuster(f);
      })
    : null;

  // La couleur d'un verdict suit son issue, comme les cartes des pages (cartes.css) : le champ `ton` de la
  // réponse (« reussite », « echec », « neutre ») ; sans lui, ou une autre valeur, neutre.
  const TONS = new Set(["reussite", "echec", "neutre"]);

  function afficher(form, reponse, lance) {
    const zone = form.querySelector(".calc-resultat");
    zone.replaceChildren();
    zone.dataset.ton = TONS.has(reponse.ton) ? reponse.ton : "neutre";
    if (reponse.verdict) {
      const p = element("p", "calc-verdict");
      p.appendChild(element("strong", null, "Verdict : "));
      p.appendChild(element("span", "calc-verdict-texte", reponse.verdict));
      zone.appendChild(p);
    }
    if (lance) {
      const des = champs(form)
        .filter((c) => c.closest(".calc-champ")?.dataset.sorte === "des" && reponse.entrees[c.name])
        .map((c) => reponse.entrees[c.name]);
      if (des.length) zone.appendChild(element("p", "calc-des", `Dés tirés : ${des.join(" ; ")}`));
    }
    const lues = titres(form);
    if (lues.length) {
      const p = element("p", "calc-lecture");
      p.appendChild(element("strong", null, "Lu autrement : "));
      p.appendChild(element("span", null, `${lues.join(" ; ")} (et non le texte tel que le site le lit).`));
      zone.appendChild(p);
    }
    if (reponse.explication) zone.appendChild(element("p", "calc-explication", reponse.explication));
    if (reponse.faits.length) {
      const ul = element("ul", "calc-faits");
      for (const f of reponse.faits) ul.appendChild(element("li", null, f));
      zone.appendChild(ul);
    }
    reponse.tableaux.forEach((t, i) => zone.appendChild(tableau(t, i)));
    const lien = element("p", "calc-lien");
    const a = element("a", null, "Lien vers ce résultat");
    a.href = adresse(form, reponse.entrees);
    const copier = element("button", "calc-bouton calc-copier", "Copier le lien");
    copier.type = "button";
    copier.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(a.href);
        copier.textContent = "Lien copié";
      } catch {
        copier.textContent = "Copie impossible : utilisez le lien";
      }
    });
    lien.append(a, " ", copier);
    zone.appendChild(lien);
    zone.hidden = false;
    for (const f of zone.querySelectorAll(".calc-tableau")) ajuster(f);
    observateur?.observe(zone);
  }

  // Le verdict (en tête du résultat) amené à l'écran, sous l'en-tête fixe de Material, s'il n'y est pas déjà.
  // Une fois le calcul fini (calculer), quand plus rien au-dessus ne change de hauteur : la barre de progression
  // du premier chargement de Python, cachée après l'affichage, remontait le verdict de sa hauteur, sous l'en-tête.
  function amener(form) {
    const zone = form.querySelector(".calc-resultat");
    if (zone.hidden) return;
    const entete = document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0;
    const haut = zone.getBoundingClientRect().top;
    if (haut < entete || haut > window.innerHeight * 0.6) {
      const doux = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      zone.scrollIntoView({ block: "start", behavior: doux ? "smooth" : "auto" });
    }
  }

  // --- Le lien à partager --------------------------------------------------------------------------

  function adresse(form, entrees) {
    const u = new URL(window.location.href);
    u.search = "";
    u.hash = form.dataset.formulaire;
    const params = new URLSearchParams();
    params.set("f", form.dataset.formulaire);
    const parDefaut = defauts(form);
    for (const c of champs(form)) {
      const v = entrees[c.name];
      if (v !== undefined && v !== parDefaut[c.name]) params.set(c.name, v);
    }
    for (const v of variantes(form)) params.append("variante", v);
    for (const [nom, v] of Object.entries(maison(form))) params.append("maison", `${nom}:${v}`);
    u.search = params.toString();
    return u.href;
  }

  // Lit ?f=…&champ=… : rend {form, entrees} ou {message} (lien invalide), ou null sans paramètres.
  function lireLien(formulaires) {
    const params = new URLSearchParams(window.location.search);
    if (![...params.keys()].length) return null;
    const nom = params.get("f");
    if (nom === null) return { message: "Ce lien est invalide : il ne dit pas quel formulaire ouvrir (paramètre f)." };
    const form = formulaires.get(nom);
    if (!form) {
      const montre = nom.length > 40 ? `${nom.slice(0, 40)}…` : nom;
      return { message: `Ce lien est invalide : il n'y a pas de formulaire « ${montre} » sur cette page.` };
    }
    const noms = new Set(champs(form).map((c) => c.name));
    const entrees = defauts(form);
    const lues = [];
    const regles = {};
    for (const [cle, valeur] of params) {
      if (cle === "f") continue;
      // &variante=ID, répétable : une variante qui change ce formulaire (une case « Lire autrement »).
      if (cle === "variante") {
        if (!form.querySelector(`input.calc-variante[value="${CSS.escape(valeur)}"]`)) {
          return { form, message: `Ce lien est invalide : la variante « ${valeur.slice(0, 40)} » ne change pas ce formulaire.` };
        }
        if (!lues.includes(valeur)) lues.push(valeur);
        continue;
      }
      // &maison=NOM:VALEUR, répétable : une règle maison qui change ce formulaire (un champ « Lire autrement »), un
      // entier ; ses bornes, c'est la règle qui les dit (rules.regles.BORNES), sous son champ.
      if (cle === "maison") {
        const [regle, nombre, ...reste] = valeur.split(":");
        if (!champMaison(form, regle) || reste.length) {
          return { form, message: `Ce lien est invalide : la règle maison « ${regle.slice(0, 40)} » ne change pas ce formulaire.` };
        }
        if (!/^-?\d{1,6}$/.test(nombre ?? "")) {
          return { form, message: `Ce lien est invalide : la règle maison « ${regle} » n'y vaut pas un nombre entier.` };
        }
        regles[regle] = Number.parseInt(nombre, 10);
        continue;
      }
      if (!noms.has(cle)) return { form, message: `Ce lien est invalide : le formulaire n'a pas de champ « ${cle.slice(0, 40)} ».` };
      // La borne du calculateur Python (rules.calculateur._commun.LONGUEUR_MAX), que le crochet écrit sur le formulaire.
      if (valeur.length > Number(form.dataset.longueurMax)) return { form, message: `Ce lien est invalide : la valeur de « ${cle} » est trop longue.` };
      entrees[cle] = valeur;
    }
    return { form, entrees, variantes: lues, maison: regles };
  }

  // --- Le calcul ----------------------------------------------------------------------------------

  const moteur = {
    cellules() {
      const cellules = window.cellules;
      if (!cellules || !cellules.moteur) throw new Error("le runtime Python de la page est absent");
      const config = document.getElementById("cellules-config");
      if (config && config.dataset.indisponible) throw new Error(`Python est indisponible ici : ${config.dataset.indisponible}`);
      return cellules.moteur;
    },

    pret() {
      return Boolean(window.cellules?.moteur?.charge);
    },

    // Montre le chargement de Python dans ce formulaire : texte (la taille comprise) et barre de progression.
    suivre(form) {
      const m = window.cellules?.moteur;
      if (!m) return;
      const etat = form.querySelector(".calc-etat");
      const progres = form.querySelector(".calc-progres");
      m.surProgres = (texte, recus, total) => {
        etat.textContent = texte;
        if (total) {
          progres.max = total;
          progres.value = Math.min(recus || 0, total);
        }
      };
      if (!m.charge) {
        progres.hidden = false;
        etat.textContent = m.progres("Chargement de Python dans votre navigateur…", 0);
      }
    },

    // Le premier contact avec un champ lance le chargement ; le formulaire en montre la progression.
    // `montrer` faux : le chargement part sans rien afficher (un doigt posé sur un bouton : la barre de
    // progression qui paraîtrait au pied du formulaire déplacerait le bouton avant qu'il soit relâché, et le
    // clic serait perdu) ; le calcul que ce bouton demande montrera lui-même la progression.
    prechauffer(form, montrer = true) {
      let m;
      try {
        m = this.cellules();
      } catch {
        return; // le premier calcul dira pourquoi
      }
      if (m.demarre) return;
      if (montrer) this.suivre(form);
      if (!m.prechauffer() || !montrer) return;
      m.pret?.then(
        () => {
          // Un calcul demandé pendant le chargement écrit lui-même son état : « prêt » ne le remplace pas.
          if (form.getAttribute("aria-busy") === "true" || form.dataset.demande) return;
          form.querySelector(".calc-progres").hidden = true;
          form.querySelector(".calc-etat").textContent = "Python est prêt : le calcul sera immédiat.";
        },
        (erreur) => {
          form.querySelector(".calc-progres").hidden = true;
          form.querySelector(".calc-etat").textContent = erreur.message;
        }
      );
    },

    calculer(form, requete) {
      try {
        const m = this.cellules();
        this.suivre(form);
        return m.calculer(requete);
      } catch (erreur) {
        return Promise.reject(erreur);
      }
    },
  };

  async function calculer(form, { entrees = lire(form), lancer = false, depuisLien = false } = {}) {
    const etat = form.querySelector(".calc-etat");
    const progres = form.querySelector(".calc-progres");
    const boutons = form.querySelectorAll("button");
    effacerErreurs(form);
    form.dataset.demande = "oui";
    const bouton = [...boutons].includes(document.activeElement) ? document.activeElement : null;
    for (const b of boutons) b.disabled = true; // désactivé, le bouton pressé au clavier perd le focus
    form.setAttribute("aria-busy", "true");
    progres.hidden = moteur.pret();
    etat.textContent = "Calcul…";
    const debut = performance.now();
    let reponse = null;
    try {
      const requete = JSON.stringify({ formulaire: form.dataset.formulaire, entrees, lancer, variantes: variantes(form), maison: maison(form) });
      reponse = traiter(form, await moteur.calculer(form, requete), { lancer, depuisLien, debut });
    } catch (erreur) {
      etat.textContent = `Le calcul n'a pas abouti : ${erreur.message}`;
    } finally {
      for (const b of boutons) b.disabled = false;
      // Il retrouve le focus, sans défiler : le verdict est amené à l'écran juste après.
      if (bouton && document.activeElement === document.body) bouton.focus({ preventScroll: true });
      progres.hidden = true;
      form.removeAttribute("aria-busy");
    }
    if (reponse?.ok) amener(form);
    return reponse;
  }

  // Ce que rend le calculateur : les erreurs sous leurs champs, ou le résultat (et l'adresse qui le rouvre).
  function traiter(form, reponse, { lancer, depuisLien, debut }) {
    const etat = form.querySelector(".calc-etat");
    if (!reponse || reponse.ok === undefined) throw new Error("réponse illisible du calculateur");
    if (reponse.message && !reponse.formulaire) throw new Error(reponse.message);
    if (!reponse.ok) {
      form.querySelector(".calc-resultat").hidden = true;
      const enTete = depuisLien ? "Ce lien est invalide : certaines valeurs sont refusées (voir sous les champs)." : "";
      const premier = montrerErreurs(form, reponse.erreurs, enTete);
      etat.textContent = "Une entrée est refusée : voir le message sous le champ.";
      if (premier && !depuisLien) premier.focus();
      return reponse;
    }
    remplir(form, reponse.entrees);
    afficher(form, reponse, lancer);
    history.replaceState(null, "", adresse(form, reponse.entrees));
    const duree = Math.round(performance.now() - debut);
    form.dataset.duree = String(duree);
    etat.textContent = reponse.verdict ? `Verdict : ${reponse.verdict}. Chances calculées.` : "Chances calculées.";
    return reponse;
  }

  // --- Un formulaire à la fois ----------------------------------------------------------------

  // Montre la mécanique `nom` (et elle seule) ; `ecrire` met son nom dans l'adresse (#warp-jet), sans le
  // résultat d'une autre mécanique qu'elle pourrait porter (?f=…).
  function choisir(formulaires, nom, { ecrire = false } = {}) {
    if (!formulaires.has(nom)) return false;
    for (const section of document.querySelectorAll(".calc-mecanique[data-mecanique]")) {
      section.hidden = section.dataset.mecanique !== nom;
    }
    for (const systeme of document.querySelectorAll(".calc-systeme")) {
      systeme.hidden = !systeme.querySelector(".calc-mecanique:not([hidden])");
    }
    const selecteur = document.getElementById("calc-mecanique");
    if (selecteur) selecteur.value = nom;
    if (ecrire) {
      const u = new URL(window.location.href);
      if (u.searchParams.get("f") !== nom) u.search = "";
      u.hash = nom;
      history.replaceState(null, "", u.href);
    }
    return true;
  }

  // La mécanique que demande l'adresse : ?f=…, sinon #…, sinon la première.
  function demandee(formulaires) {
    const f = new URLSearchParams(window.location.search).get("f");
    if (f && formulaires.has(f)) return f;
    const ancre = decodeURIComponent(window.location.hash.slice(1));
    if (formulaires.has(ancre)) return ancre;
    return formulaires.keys().next().value;
  }

  function brancher(form, formulaires) {
    form.addEventListener("submit", (evenement) => {
      evenement.preventDefault();
      calculer(form);
    });
    form.querySelector(".calc-lancer")?.addEventListener("click", () => calculer(form, { lancer: true }));
    form.addEventListener("change", () => conditionner(form));
    conditionner(form);
    form.addEventListener("reset", () => {
      effacerErreurs(form);
      for (const details of form.querySelectorAll("details.calc-plus, details.calc-variantes")) details.open = false;
      setTimeout(() => conditionner(form)); // après la remise des valeurs, qui suit l'événement
      form.querySelector(".calc-resultat").hidden = true;
      form.querySelector(".calc-etat").textContent = "";
      // L'adresse ne porte plus l'ancien résultat : recharger la page ne le ramène pas.
      const u = new URL(window.location.href);
      u.search = "";
      u.hash = form.dataset.formulaire;
      history.replaceState(null, "", u.href);
    });
    // Le premier contact avec un champ lance le chargement de Python : il sera prêt au « Calculer ».
    const approche = (evenement) =>
      moteur.prechauffer(form, !(evenement.type === "pointerdown" && evenement.target.closest?.("button")));
    for (const geste of ["focusin", "pointerdown", "input"]) form.addEventListener(geste, approche, { passive: true });
  }

  function ouvrirLien(lien, formulaires) {
    if (lien.message) {
      const cible = lien.form || formulaires.values().next().value;
      choisir(formulaires, cible.dataset.formulaire);
      const generale = cible.querySelector(".calc-erreur-generale");
      generale.textContent = lien.message;
      generale.hidden = false;
      cible.scrollIntoView();
      return;
    }
    // Un lien partagé : ses entrées dans le formulaire, et le chargement de Python tout de suite.
    remplir(lien.form, lien.entrees);
    cocher(lien.form, lien.variantes);
    regler(lien.form, lien.maison);
    lien.form.scrollIntoView();
    calculer(lien.form, { entrees: lien.entrees, depuisLien: true });
  }

  // Le clavier d'un champ de dés sur un téléphone : le pavé numérique pour un jet (« 652 », que le calculateur
  // lit dé par dé, comme « 6 5 2 ») ; le clavier complet pour plusieurs jets séparés par « / » (les rounds d'un
  // Test étendu), que le pavé numérique d'un iPhone n'a pas, pas plus que l'espace. Les champs de plusieurs jets
  // sont ceux dont rules.calculateur nomme les éléments (Champ.element) : tests/test_calculateur_navigateur.py
  // vérifie que cette liste le suit.
  const PLUSIEURS_JETS = new Set(["warp-etendu-des"]);

  function claviers() {
    for (const champ of document.querySelectorAll('.calc-champ[data-sorte="des"] input')) {
      champ.inputMode = PLUSIEURS_JETS.has(champ.id) ? "text" : "numeric";
    }
  }

  function initialiser() {
    claviers();
    const formulaires = new Map();
    for (const form of document.querySelectorAll("form.calc-formulaire[data-formulaire]")) {
      formulaires.set(form.dataset.formulaire, form);
    }
    if (!formulaires.size) return;
    // Un lien partagé est une demande de calcul : Python se charge avant même que la page soit montée.
    const lien = lireLien(formulaires);
    if (lien && !lien.message) moteur.prechauffer(lien.form, false);
    for (const form of formulaires.values()) brancher(form, formulaires);
    // Les variantes gardées sur l'appareil (docs/javascripts/variantes.js) : cochées d'avance, sauf sous un lien,
    // qui porte les siennes.
    if (!lien) for (const form of formulaires.values()) cocher(form, gardees());
    document.documentElement.classList.add("calc-un-a-la-fois");
    choisir(formulaires, demandee(formulaires));
    const selecteur = document.getElementById("calc-mecanique");
    selecteur?.addEventListener("change", () => choisir(formulaires, selecteur.value, { ecrire: true }));
    selecteur?.addEventListener("focusin", () => moteur.prechauffer(formulaires.get(selecteur.value)), { passive: true });
    window.addEventListener("hashchange", () => choisir(formulaires, demandee(formulaires)));
    if (lien) ouvrirLien(lien, formulaires);
    // Pour les tests et le banc d'essai : le même calcul que le bouton, le même choix que le sélecteur.
    window.calculateur = {
      calculer: (nom, options) => calculer(formulaires.get(nom), options),
      choisir: (nom) => choisir(formulaires, nom, { ecrire: true }),
      formulaires,
    };
  }

  // Après le moteur des cellules (window.cellules), qu'un lien partagé sollicite dès le chargement :
  // ce script est chargé avec « defer », donc après cellules.js, qui pose le moteur à sa lecture ; il
  // s'exécute avant DOMContentLoaded. Au plus 5 s d'attente (un ordre de scripts changé) ; sans
  // runtime, le premier calcul dira qu'il manque.
  let essais = 0;
  function demarrer() {
    if (window.cellules || !document.getElementById("cellules-config") || ++essais > 250) initialiser();
    else setTimeout(demarrer, 20);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", demarrer, { once: true });
  else demarrer();
})();
