// Les cellules : chaque exemple ```pycon d'une page se modifie et s'exécute dans le navigateur.
//
// Le crochet hooks/cellules/cellules.py marque les blocs (div.cellule[data-cellule]) et ajoute le repère
// #cellules-config (adresses du worker, de Pyodide et du paquet rules). Rien de lourd ne se
// charge avant le premier « Exécuter » : le worker (cellules-worker.js) charge alors Pyodide et
// la source de rules servis par le site. Les cellules d'une page forment une session Python,
// dans l'ordre de la page : exécuter la cellule k exécute d'abord celles qui la précèdent.
(() => {
  "use strict";

  // Un bloc pycon tel que la page le montre : ses exemples (code sans invites, sortie publiée).
  function analyser(texte) {
    const exemples = [];
    let courant = null;
    let dansSortie = false;
    for (const ligne of texte.replace(/\n$/, "").split("\n")) {
      if (ligne.startsWith(">>> ") || ligne === ">>>") {
        courant = { code: [ligne.slice(4)], sortie: [] };
        exemples.push(courant);
        dansSortie = false;
      } else if (courant && !dansSortie && (ligne.startsWith("... ") || ligne === "...")) {
        courant.code.push(ligne.slice(4));
      } else if (courant && ligne.trim() !== "") {
        dansSortie = true;
        courant.sortie.push(ligne);
      } else if (courant) {
        courant = null; // une ligne vide clôt la sortie, comme pour doctest
      }
    }
    const propres = exemples.map((e) => ({
      code: e.code.join("\n"),
      sortie: e.sortie.length ? e.sortie.join("\n") + "\n" : "",
    }));
    return {
      exemples: propres,
      source: propres.map((e) => e.code).join("\n"),
      sortie: propres.map((e) => e.sortie).join(""),
    };
  }

  // La taille d'un téléchargement, comme la lit un joueur : « 13,7 Mo ».
  function enMo(octets) {
    return `${(octets / 1e6).toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} Mo`;
  }

  // Le worker, créé dès que le lecteur s'approche d'une cellule ou d'un formulaire (ou à l'ouverture d'un
  // lien partagé du calculateur), recréé après un arrêt.
  const moteur = {
    config: null,
    travailleur: null,
    pret: null,
    charge: false,
    demarre: false, // le chargement a déjà été lancé une fois (le préchargement ne le relance pas)
    rejeterPret: null,
    attentes: new Map(),
    suivant: 1,
    file: Promise.resolve(),
    surProgres: () => {},

    // Ce que pèse le runtime (Pyodide, le paquet, le worker), écrit par hooks/hors_ligne/hors_ligne.py ; 0 s'il l'ignore.
    octets() {
      return Number(this.config && this.config.dataset.octets) || 0;
    },

    // « Chargement de Python… : 3,2 Mo sur 13,7 Mo » ; la taille seule avant le premier octet.
    progres(texte, recus) {
      const total = this.octets();
      if (!total) return texte;
      return recus ? `${texte} ${enMo(Math.min(recus, total))} sur ${enMo(total)}` : `${texte} (${enMo(total)}, une seule fois)`;
    },

    demarrer() {
      if (this.travailleur) return this.pret;
      this.demarre = true;
      const c = this.config;
      const adresse = (attribut) => new URL(c.getAttribute(attribut), document.baseURI).href;
      this.travailleur = new Worker(adresse("data-travailleur"), { type: "module" });
      this.pret = new Promise((resoudre, rejeter) => {
        this.rejeterPret = rejeter;
        this.travailleur.onmessage = (evenement) => this.recevoir(evenement.data, resoudre, rejeter);
        this.travailleur.onerror = (evenement) => {
          evenement.preventDefault();
          rejeter(new Error(`Python n'a pas pu se charger : ${evenement.message || "erreur du worker"}`));
        };
      });
      this.pret.then(() => {
        this.charge = true;
      });
      this.pret.catch(() => this.arreter("Chargement impossible."));
      this.travailleur.postMessage({ type: "charger", pyodide: adresse("data-pyodide"), paquet: adresse("data-paquet") });
      return this.pret;
    },

    recevoir(m, resoudre, rejeter) {
      if (m.type === "progres") this.surProgres(this.progres(m.texte, m.recus), m.recus, this.octets());
      else if (m.type === "pret") {
        this.instantane = m.instantane; // "repris", "a-prendre" ou "sans" (cellules-worker.js) : pour les tests et les mesures
        this.garderHorsLigne(m.adresses || []);
        resoudre();
      } else if (m.type === "instantane") this.instantane = m.garde ? "garde" : "perdu";
      else if (m.type === "echec") rejeter(new Error(`Python n'a pas pu se charger : ${m.message}`));
      else if (m.type === "resultat") {
        const attente = this.attentes.get(m.id);
        this.attentes.delete(m.id);
        if (attente) attente.resoudre(m.resultat);
      }
    },

    // Ce que le worker a reçu (Pyodide, le paquet) entre au cache du site (service worker, « garder-aussi ») :
    // Python, utilisé une fois avec du réseau, marche ensuite sans. Le service worker ne voit pas toujours ces
    // requêtes lui-même : un worker lancé avant qu'il prenne la main (première visite) ne passe pas par lui.
    // Rien n'est téléchargé deux fois : ces fichiers sont déjà dans le cache HTTP du navigateur.
    garderHorsLigne(adresses) {
      if (!("serviceWorker" in navigator) || !adresses.length) return;
      navigator.serviceWorker.getRegistration().then((inscription) => {
        if (!inscription) return null; // pas de service worker (un dossier ouvert en file://) : rien à garder
        return navigator.serviceWorker.ready.then(({ active }) => {
          const canal = new MessageChannel();
          canal.port1.onmessage = () => canal.port1.close();
          active.postMessage({ type: "garder-aussi", adresses, prefixes: [] }, [canal.port2]);
        });
      }).catch(() => {});
    },

    // Le chargement, commencé avant qu'on le demande (une fois : pas après un arrêt) ; son échec sera dit à
    // la première demande. Vrai s'il commence.
    prechauffer() {
      if (!this.config || this.config.dataset.indisponible || this.demarre) return false;
      this.demarrer().catch(() => {});
      return true;
    },

    // Une requête au worker (`type` : executer ou calculer), une à la fois, après le chargement.
    envoyer(message) {
      const tache = this.file.then(async () => {
        await this.demarrer();
        const id = this.suivant++;
        return new Promise((resoudre, rejeter) => {
          this.attentes.set(id, { resoudre, rejeter });
          this.travailleur.postMessage({ ...message, id });
        });
      });
      this.file = tache.catch(() => {});
      return tache;
    },

    // Exécute `source` après `precedentes`.
    executer(precedentes, source) {
      return this.envoyer({ type: "executer", precedentes, source });
    },

    // Le calculateur de la page « Calculateur » (docs/javascripts/calculateur.js) : une requête JSON
    // (des données, jamais du code) pour rules.calculateur.calculer_json, dans le même worker.
    calculer(requete) {
      return this.envoyer({ type: "calculer", requete });
    },

    // Met fin au worker (une cellule sans fin ne se laisse pas interrompre autrement).
    arreter(raison) {
      if (this.travailleur) this.travailleur.terminate();
      if (this.rejeterPret) this.rejeterPret(new Error(raison));
      this.rejeterPret = null;
      this.travailleur = null;
      this.pret = null;
      this.charge = false;
      for (const attente of this.attentes.values()) attente.rejeter(new Error(raison));
      this.attentes.clear();
    },
  };

  function element(nom, attributs = {}, texte = "") {
    const e = document.createElement(nom);
    for (const [cle, valeur] of Object.entries(attributs)) e.setAttribute(cle, valeur);
    if (texte) e.textContent = texte;
    return e;
  }

  function bouton(texte, etiquette, classe) {
    return element("button", { type: "button", class: `cellule-bouton ${classe}`, "aria-label": etiquette }, texte);
  }

  // Une erreur de syntaxe dit d'abord, en français, ce qui arrive ; puis le message de Python.
  const SYNTAXE = /^(SyntaxError|IndentationError|TabError) /;
  const PHRASE_SYNTAXE =
    "Python ne peut pas lire ce code : une parenthèse, un crochet ou un guillemet n'est pas refermé, " +
    "un deux-points ou une virgule manque, ou un retrait est faux. Le message de Python :";

  function texteErreur(resultat, rangs) {
    const avant = resultat.precedente
      ? `L'exemple ${rangs[resultat.precedente - 1]}, plus haut sur la page, échoue : `
      : "";
    const francais = SYNTAXE.test(resultat.erreur) ? `${PHRASE_SYNTAXE}\n` : "";
    return `${avant}${francais}${resultat.erreur}\n`;
  }

  // La sortie d'une exécution, sous la forme d'une console : >>> code, puis ce qu'il affiche.
  function afficher(zone, resultat, rangs) {
    zone.replaceChildren();
    zone.hidden = false;
    zone.appendChild(element("p", { class: "cellule-titre-sortie" }, "Résultat, calculé dans votre navigateur :"));
    const pre = element("pre");
    const code = element("code");
    for (const etape of resultat.etapes) {
      const lignes = etape.code.split("\n");
      lignes.forEach((ligne, i) => {
        code.appendChild(element("span", { class: "cellule-invite" }, i === 0 ? ">>> " : "... "));
        code.appendChild(document.createTextNode(ligne + "\n"));
      });
      if (etape.sortie) code.appendChild(element("span", { class: "cellule-affiche" }, etape.sortie));
    }
    if (resultat.erreur) code.appendChild(element("span", { class: "cellule-erreur" }, texteErreur(resultat, rangs)));
    pre.appendChild(code);
    zone.appendChild(pre);
  }

  // La boîte d'une cellule autour de son bloc publié, et sa barre de commandes : écrites à la construction
  // (hooks/cellules/cellules.py, emboiter), pour ne pas déplacer un bloc déjà mis en page. Ici, le nom de la boîte.
  function emboiter(bloc, rang) {
    const boite = bloc.parentElement;
    boite.setAttribute("aria-label", `Exemple ${rang}`);
    return { boite, barre: boite.querySelector(":scope > .cellule-barre") };
  }

  // L'éditeur, les boutons, l'état et la sortie d'une cellule exécutable.
  function commandes(cellule) {
    const { rang, bloc, boite, barre, publie } = cellule;
    const editeur = element("textarea", {
      class: "cellule-editeur",
      id: `cellule-${rang}-code`,
      "aria-label": `Code Python de l'exemple ${rang} (Ctrl+Entrée pour exécuter)`,
      spellcheck: "false",
      autocapitalize: "off",
      autocomplete: "off",
      rows: String(Math.min(Math.max(publie.source.split("\n").length, 2), 20)),
      hidden: "",
    });
    editeur.value = publie.source;
    bloc.after(editeur);
    const modifier = bouton("Modifier", `Modifier l'exemple ${rang}`, "cellule-modifier");
    modifier.setAttribute("aria-controls", editeur.id);
    const executer = bouton("Exécuter", `Exécuter l'exemple ${rang}`, "cellule-executer");
    const arreter = bouton("Arrêter", `Arrêter l'exécution de l'exemple ${rang}`, "cellule-arreter");
    const reinitialiser = bouton("Réinitialiser", `Réinitialiser l'exemple ${rang}`, "cellule-reinitialiser");
    arreter.hidden = true;
    reinitialiser.hidden = true;
    const progres = element("progress", { class: "cellule-progres", "aria-label": `Chargement de Python pour l'exemple ${rang}` });
    progres.hidden = true;
    const etat = element("span", { class: "cellule-etat", role: "status" });
    barre.append(modifier, executer, arreter, reinitialiser, progres, etat);
    const sortie = element("div", { class: "cellule-sortie" });
    sortie.hidden = true;
    boite.appendChild(sortie);
    Object.assign(cellule, { editeur, modifier, executer, arreter, reinitialiser, progres, etat, sortie });
  }

  // Montre le chargement de Python dans une cellule : texte (avec la taille) et barre de progression.
  function suivre(cellule) {
    moteur.surProgres = (texte, recus, total) => {
      cellule.etat.textContent = texte;
      if (total) {
        cellule.progres.max = total;
        cellule.progres.value = Math.min(recus || 0, total);
      }
    };
  }

  // Les gestes du lecteur sur une cellule : le pointeur ou le focus sur ses commandes lance le chargement.
  function brancher(cellule, lancer) {
    const { bloc, editeur, modifier, executer, arreter, reinitialiser, sortie, etat, barre, publie } = cellule;
    const approche = () => {
      if (!moteur.prechauffer()) return;
      suivre(cellule);
      cellule.progres.hidden = false;
      etat.textContent = moteur.progres("Chargement de Python…", 0);
      moteur.pret?.then(() => {
        if (!cellule.executer.disabled) {
          cellule.progres.hidden = true;
          etat.textContent = "Python est prêt.";
        }
      }, (erreur) => {
        cellule.progres.hidden = true;
        etat.textContent = erreur.message;
      });
    };
    for (const geste of ["pointerenter", "focusin", "touchstart"]) barre.addEventListener(geste, approche, { passive: true });
    modifier.addEventListener("click", () => {
      bloc.hidden = true;
      editeur.hidden = false;
      modifier.hidden = true;
      reinitialiser.hidden = false;
      editeur.focus();
    });
    editeur.addEventListener("input", () => {
      editeur.rows = Math.min(Math.max(editeur.value.split("\n").length, 2), 30);
    });
    editeur.addEventListener("keydown", (evenement) => {
      if (evenement.key === "Enter" && (evenement.ctrlKey || evenement.metaKey)) {
        evenement.preventDefault();
        lancer(cellule);
      }
    });
    executer.addEventListener("click", () => lancer(cellule));
    arreter.addEventListener("click", () => moteur.arreter("Exécution arrêtée."));
    reinitialiser.addEventListener("click", () => {
      editeur.value = publie.source;
      editeur.hidden = true;
      bloc.hidden = false;
      modifier.hidden = false;
      reinitialiser.hidden = true;
      sortie.hidden = true;
      sortie.replaceChildren();
      etat.textContent = "";
      modifier.focus();
    });
  }

  // Exécute une cellule après celles qui la précèdent (la session de la page).
  async function lancer(cellule, executables, config) {
    if (config.dataset.indisponible) {
      cellule.etat.textContent = `Exécution indisponible ici : ${config.dataset.indisponible}. L'exemple reste lisible tel que publié.`;
      return;
    }
    const source = (c) => (c.editeur.hidden ? c.publie.source : c.editeur.value);
    const avant = executables.slice(0, executables.indexOf(cellule));
    const auClavier = document.activeElement === cellule.executer; // désactivé, il perd le focus
    cellule.executer.disabled = true;
    cellule.arreter.hidden = false;
    cellule.etat.textContent = moteur.charge ? "Exécution…" : moteur.progres("Chargement de Python…", 0);
    if (!moteur.charge) cellule.progres.hidden = false;
    suivre(cellule);
    try {
      const resultat = await moteur.executer(avant.map(source), source(cellule));
      afficher(cellule.sortie, resultat, avant.map((c) => c.rang));
      cellule.etat.textContent = resultat.erreur ? "Erreur (voir ci-dessous)." : "Exécuté.";
    } catch (erreur) {
      const arret = erreur.message === "Exécution arrêtée.";
      cellule.etat.textContent = arret ? "Exécution arrêtée : la session Python de la page repart de zéro." : erreur.message;
    } finally {
      // Le focus revient à « Exécuter » s'il y était (au clavier) ou sur « Arrêter », qui se cache.
      const rendre =
        document.activeElement === cellule.arreter || (auClavier && document.activeElement === document.body);
      cellule.executer.disabled = false;
      cellule.arreter.hidden = true;
      cellule.progres.hidden = true;
      cellule.reinitialiser.hidden = false;
      if (rendre) cellule.executer.focus();
    }
  }

  function initialiser() {
    const config = moteur.config;
    if (!config) return;
    const cellules = [];
    // Le rang d'une cellule est sa place dans la page (la page imprimable réunit celles de
    // plusieurs pages : leurs rangs d'origine s'y répètent).
    for (const bloc of document.querySelectorAll("div.cellule[data-cellule]")) {
      if (!bloc.querySelector("pre > code")) continue;
      const rang = String(cellules.length + 1);
      const publie = analyser(bloc.querySelector("pre > code").textContent);
      const cellule = { rang, bloc, publie, editeur: null, executable: !bloc.dataset.horsNavigateur, ...emboiter(bloc, rang) };
      cellules.push(cellule);
      if (cellule.executable) commandes(cellule);
      else {
        const note = `Cet exemple lit la machinerie du site (${bloc.dataset.horsNavigateur}), absente du navigateur : il s'exécute à la construction seulement.`;
        cellule.barre.appendChild(element("p", { class: "cellule-note" }, note));
      }
    }
    const executables = cellules.filter((c) => c.executable);
    for (const cellule of executables) brancher(cellule, (c) => lancer(c, executables, config));
  }

  // Le moteur est là dès la lecture de ce script (#cellules-config le précède dans la page) : un lien partagé
  // du calculateur (javascripts/calculateur.js, lu juste après) lance Python sans attendre DOMContentLoaded.
  // Les cellules, elles, sont branchées à DOMContentLoaded.
  moteur.config = document.getElementById("cellules-config");
  // Pour les tests et les curieux : le même analyseur et le même moteur que les boutons.
  window.cellules = { analyser, enMo, executer: (precedentes, src) => moteur.executer(precedentes, src), moteur };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initialiser, { once: true });
  else initialiser();
})();
