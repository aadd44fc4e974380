// Les cellules : chaque exemple ```pycon d'une page se modifie et s'exécute dans le navigateur.
//
// Le crochet hooks/cellules.py marque les blocs (div.cellule[data-cellule]) et ajoute le repère
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

  // Le worker, créé au premier « Exécuter », recréé après un arrêt.
  const moteur = {
    config: null,
    travailleur: null,
    pret: null,
    rejeterPret: null,
    attentes: new Map(),
    suivant: 1,
    file: Promise.resolve(),
    surProgres: () => {},

    demarrer() {
      if (this.travailleur) return this.pret;
      const c = this.config;
      const adresse = (attribut) => new URL(c.getAttribute(attribut), document.baseURI).href;
      this.travailleur = new Worker(adresse("data-travailleur"), { type: "module" });
      this.pret = new Promise((resoudre, rejeter) => {
        this.rejeterPret = rejeter;
        this.travailleur.onmessage = (evenement) => {
          const m = evenement.data;
          if (m.type === "progres") this.surProgres(m.texte);
          else if (m.type === "pret") resoudre();
          else if (m.type === "echec") rejeter(new Error(`Python n'a pas pu se charger : ${m.message}`));
          else if (m.type === "resultat") {
            const attente = this.attentes.get(m.id);
            this.attentes.delete(m.id);
            if (attente) attente.resoudre(m.resultat);
          }
        };
        this.travailleur.onerror = (evenement) => {
          evenement.preventDefault();
          rejeter(new Error(`Python n'a pas pu se charger : ${evenement.message || "erreur du worker"}`));
        };
      });
      this.pret.catch(() => this.arreter("Chargement impossible."));
      this.travailleur.postMessage({ type: "charger", pyodide: adresse("data-pyodide"), paquet: adresse("data-paquet") });
      return this.pret;
    },

    // Exécute `source` après `precedentes`, une exécution à la fois.
    executer(precedentes, source) {
      const tache = this.file.then(async () => {
        await this.demarrer();
        this.surProgres("Exécution…");
        const id = this.suivant++;
        return new Promise((resoudre, rejeter) => {
          this.attentes.set(id, { resoudre, rejeter });
          this.travailleur.postMessage({ type: "executer", id, precedentes, source });
        });
      });
      this.file = tache.catch(() => {});
      return tache;
    },

    // Le calculateur de la page « Calculateur » (docs/javascripts/calculateur.js) : une requête JSON
    // (des données, jamais du code) pour rules.calculateur.calculer_json, dans le même worker.
    calculer(requete) {
      const tache = this.file.then(async () => {
        await this.demarrer();
        const id = this.suivant++;
        return new Promise((resoudre, rejeter) => {
          this.attentes.set(id, { resoudre, rejeter });
          this.travailleur.postMessage({ type: "calculer", id, requete });
        });
      });
      this.file = tache.catch(() => {});
      return tache;
    },

    // Met fin au worker (une cellule sans fin ne se laisse pas interrompre autrement).
    arreter(raison) {
      if (this.travailleur) this.travailleur.terminate();
      if (this.rejeterPret) this.rejeterPret(new Error(raison));
      this.rejeterPret = null;
      this.travailleur = null;
      this.pret = null;
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
    if (resultat.erreur) {
      const avant = resultat.precedente
        ? `L'exemple ${rangs[resultat.precedente - 1]}, plus haut sur la page, échoue : `
        : "";
      code.appendChild(element("span", { class: "cellule-erreur" }, avant + resultat.erreur + "\n"));
    }
    pre.appendChild(code);
    zone.appendChild(pre);
  }

  function initialiser() {
    const config = document.getElementById("cellules-config");
    if (!config) return;
    moteur.config = config;
    const cellules = [];
    // Le rang d'une cellule est sa place dans la page (la page imprimable réunit celles de
    // plusieurs pages : leurs rangs d'origine s'y répètent).
    for (const bloc of document.querySelectorAll("div.cellule[data-cellule]")) {
      const codeAffiche = bloc.querySelector("pre > code");
      if (!codeAffiche) continue;
      const rang = String(cellules.length + 1);
      const publie = analyser(codeAffiche.textContent);
      const boite = element("div", { class: "cellule-boite", role: "group", "aria-label": `Exemple ${rang}` });
      bloc.replaceWith(boite);
      boite.appendChild(bloc);
      const barre = element("div", { class: "cellule-barre" });
      boite.appendChild(barre);
      const cellule = { rang, bloc, boite, publie, editeur: null, executable: !bloc.dataset.horsNavigateur };
      cellules.push(cellule);
      if (!cellule.executable) {
        barre.appendChild(
          element(
            "p",
            { class: "cellule-note" },
            `Cet exemple lit la machinerie du site (${bloc.dataset.horsNavigateur}), absente du navigateur : il s'exécute à la construction seulement.`
          )
        );
        continue;
      }
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
      cellule.editeur = editeur;
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
      Object.assign(cellule, { modifier, executer, arreter, reinitialiser, progres, etat, sortie });

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

    const executables = cellules.filter((c) => c.executable);
    const source = (c) => (c.editeur.hidden ? c.publie.source : c.editeur.value);

    async function lancer(cellule) {
      if (config.dataset.indisponible) {
        cellule.etat.textContent = `Exécution indisponible ici : ${config.dataset.indisponible}. L'exemple reste lisible tel que publié.`;
        return;
      }
      const avant = executables.slice(0, executables.indexOf(cellule));
      cellule.executer.disabled = true;
      cellule.arreter.hidden = false;
      cellule.etat.textContent = moteur.travailleur ? "Exécution…" : "Chargement de Python…";
      if (!moteur.travailleur) cellule.progres.hidden = false;
      moteur.surProgres = (texte) => {
        cellule.etat.textContent = texte;
      };
      try {
        const resultat = await moteur.executer(avant.map(source), source(cellule));
        afficher(cellule.sortie, resultat, avant.map((c) => c.rang));
        cellule.etat.textContent = resultat.erreur ? "Erreur (voir ci-dessous)." : "Exécuté.";
      } catch (erreur) {
        const arret = erreur.message === "Exécution arrêtée.";
        cellule.etat.textContent = arret
          ? "Exécution arrêtée : la session Python de la page repart de zéro."
          : erreur.message;
      } finally {
        cellule.executer.disabled = false;
        cellule.arreter.hidden = true;
        cellule.progres.hidden = true;
        cellule.reinitialiser.hidden = false;
      }
    }

    // Pour les tests et les curieux : le même analyseur et le même moteur que les boutons.
    window.cellules = { analyser, executer: (precedentes, src) => moteur.executer(precedentes, src), moteur };
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initialiser);
  else initialiser();
})();
