// « À la table » : les fiches qui lancent, le journal des jets, la scène suivie tour par tour.
//
// Ce script garde (localStorage), montre et demande ; il n'applique aucune règle. Chaque geste est une requête
// JSON au paquet Python `rules.table` (rules.table.repondre), dans le worker des cellules (cellules-worker.js,
// message « table ») : ce que la page montre (verdict, carte, chances, refus) est ce que Python rend. Ce que la
// page sait d'avance (les formulaires des fiches, les choix d'un jet) est écrit à la construction
// (hooks/table/page.py, #table-declaration) : les fiches, le journal et la scène gardés s'ouvrent donc avant
// que Python soit chargé, et une fiche se remplit déjà (elle sera vérifiée dès qu'il le sera).
//
// Règles de sûreté : un lien partagé (#fiche=…, #suivi=…) et un fichier importé sont des entrées non fiables :
// ils vont à Python comme des données, qui les vérifie avant que rien ne soit gardé ; tout texte est écrit par
// textContent. Seule la carte d'un jet est du HTML : celle que dessine le rendu des cartes du site
// (hooks/cartes_rendu.py, qui échappe chaque texte), telle que Python la rend.
(() => {
  "use strict";

  const racine = document.getElementById("table-appli");
  const declaration = document.getElementById("table-declaration");
  if (!racine || !declaration) return;
  const D = JSON.parse(declaration.textContent);
  const PREFIXE = "regles-executables/table/";

  // --- Le DOM ----------------------------------------------------------------------------------------

  function el(nom, attributs = {}, ...enfants) {
    const e = document.createElement(nom);
    for (const [cle, valeur] of Object.entries(attributs)) {
      if (valeur === null || valeur === undefined || valeur === false) continue;
      if (cle.startsWith("on")) e.addEventListener(cle.slice(2), valeur);
      else if (cle === "texte") e.textContent = valeur;
      else if (cle === "classe") e.className = valeur;
      else if (cle === "valeur") e.value = valeur;
      else e.setAttribute(cle, valeur === true ? "" : valeur);
    }
    for (const enfant of enfants.flat(Infinity)) if (enfant !== null && enfant !== undefined && enfant !== false) e.append(enfant);
    return e;
  }

  // Un titre de section de l'application, avec son permalien comme chaque titre du site (Material).
  function titreDeSection(niveau, id, texte) {
    return el(niveau, { id }, texte, el("a", { classe: "headerlink", href: `#${id}`, title: "Lien vers cette section" }, "¶"));
  }

  function bouton(texte, action, attributs = {}) {
    const { classe = "", ...reste } = attributs;
    return el("button", { type: "button", classe: `table-bouton ${classe}`.trim(), onclick: action, ...reste }, texte);
  }

  // Une carte du site (HTML rendu par Python) : insérée telle quelle, dans une boîte à elle.
  function carte(html) {
    const boite = el("div", { classe: "table-carte" });
    if (html) boite.innerHTML = html;
    return boite;
  }

  let compteur = 0;
  function ident(prefixe) {
    compteur += 1;
    return `${prefixe}-${compteur}`;
  }

  // Un champ texte avec son étiquette, son aide et la place de son refus.
  function champTexte({ libelle, valeur = "", erreur = "", aide = "", cle, numerique = false, negatif = false, surSaisie, multiligne = false }) {
    const id = ident("table-champ");
    const decrit = [aide ? `${id}-aide` : "", erreur ? `${id}-erreur` : ""].filter(Boolean).join(" ") || null;
    const commun = { id, "data-cle": cle, "aria-describedby": decrit, "aria-invalid": erreur ? "true" : null };
    const controle = multiligne
      ? el("textarea", { ...commun, rows: "3", oninput: surSaisie }, valeur)
      : el("input", {
          ...commun,
          type: "text",
          valeur: valeur,
          inputmode: numerique && !negatif ? "numeric" : null,
          autocomplete: "off",
          autocapitalize: numerique ? "off" : null,
          spellcheck: "false",
          oninput: surSaisie,
        });
    return el(
      "div",
      { classe: "table-champ" },
      el("label", { for: id, texte: libelle }),
      controle,
      aide ? el("p", { classe: "table-aide", id: `${id}-aide`, texte: aide }) : null,
      erreur ? el("p", { classe: "table-erreur", id: `${id}-erreur`, texte: erreur }) : null
    );
  }

  function caseACocher({ libelle, coche, cle, surChangement, desactivee = false, aide = "" }) {
    const id = ident("table-case");
    return el(
      "div",
      {},
      el(
        "div",
        { classe: "table-case" },
        el("input", { type: "checkbox", id, "data-cle": cle, checked: coche, disabled: desactivee, onchange: surChangement }),
        el("label", { for: id, texte: libelle })
      ),
      aide ? el("p", { classe: "table-aide", texte: aide }) : null
    );
  }

  // Des puces : un groupe de boutons radio (les flèches du clavier passent de l'un à l'autre).
  function puces(legende, nom, options, choisie, surChoix) {
    const groupe = ident(`table-${nom}`);
    return el(
      "fieldset",
      {},
      el("legend", { texte: legende }),
      el(
        "div",
        { classe: "table-puces" },
        options.map(([valeur, texte, etiquette]) =>
          el(
            "label",
            { classe: "table-puce" },
            el("input", {
              type: "radio",
              name: groupe,
              value: String(valeur),
              checked: String(valeur) === String(choisie),
              "aria-label": etiquette || null,
              "data-cle": `${nom}:${valeur}`,
              onchange: () => surChoix(valeur),
            }),
            el("span", { "aria-hidden": etiquette ? "true" : null, texte: texte })
          )
        )
      )
    );
  }

  function choix(libelle, options, choisie, surChoix, cle) {
    const id = ident("table-choix");
    return el(
      "div",
      { classe: "table-champ" },
      el("label", { for: id, texte: libelle }),
      el(
        "select",
        { id, "data-cle": cle, onchange: (e) => surChoix(e.target.value) },
        options.map(([valeur, texte]) => el("option", { value: String(valeur), selected: String(valeur) === String(choisie) }, texte))
      )
    );
  }

  // --- Le stockage de l'appareil -----------------------------------------------------------------------

  const stock = {
    lire(nom, defaut) {
      try {
        const v = localStorage.getItem(PREFIXE + nom);
        return v === null ? defaut : JSON.parse(v);
      } catch {
        return defaut;
      }
    },
    ecrire(nom, valeur) {
      try {
        localStorage.setItem(PREFIXE + nom, JSON.stringify(valeur));
        return true;
      } catch {
        etat.message = "Le navigateur refuse de garder ces données sur l'appareil (plus de place, ou navigation privée).";
        return false;
      }
    },
  };

  // Le navigateur garde ces données même s'il manque de place (Storage API), si le lecteur l'accepte.
  async function persister() {
    if (etat.persistance || !navigator.storage || !navigator.storage.persist) return;
    etat.persistance = "demandee";
    try {
      const deja = navigator.storage.persisted ? await navigator.storage.persisted() : false;
      etat.persistance = deja || (await navigator.storage.persist()) ? "accordee" : "refusee";
    } catch {
      etat.persistance = "refusee";
    }
    stock.ecrire("persistance", etat.persistance);
    const note = racine.querySelector(".table-persistance");
    if (note) note.textContent = textePersistance();
  }

  function textePersistance() {
    if (etat.persistance === "accordee") return "Le navigateur garde ces données sur l'appareil, même s'il manque de place.";
    if (etat.persistance === "refusee") return "Le navigateur garde ces données sur l'appareil, mais pourrait les effacer s'il manquait de place : exportez vos fiches de temps en temps.";
    return "Ces données restent sur cet appareil.";
  }

  // --- L'état de la page ---------------------------------------------------------------------------------

  const etat = {
    onglet: "fiches",
    fiches: stock.lire("fiches", []), // [{id, systeme, fiche (acceptée) | null, brouillon | null, lignes, erreurs}]
    choisie: stock.lire("choisie", null),
    journal: stock.lire("journal", {}), // id de fiche → [{quand, texte}]
    suivi: stock.lire("suivi", null), // {sorte, etat, vue, carte}
    persistance: stock.lire("persistance", null),
    edition: null, // la fiche en cours de modification : {id, valeurs, erreurs, message}
    jet: null, // le jet en cours : {id, sorte, rang, bonus, malus, experience, difficulte, des, reponse, erreurs}
    preparation: null, // la scène en préparation
    tour: {}, // les entrées du prochain tour (ou round)
    conseil: null,
    message: "",
    recu: null, // ce qu'un lien partagé apporte : {sorte: "fiches" | "suivi", donnees}
    confirmer: null, // l'action qui attend d'être confirmée (« Supprimer », « Effacer »…)
  };

  function garderFiches() {
    stock.ecrire("fiches", etat.fiches);
    stock.ecrire("choisie", etat.choisie);
    persister();
  }

  function garderSuivi() {
    stock.ecrire("suivi", etat.suivi);
    persister();
  }

  function entree(id) {
    return etat.fiches.find((f) => f.id === id) || null;
  }

  function nomDe(f) {
    return (f.fiche && f.fiche.nom) || (f.brouillon && f.brouillon.nom) || "Sans nom";
  }

  function systemeDe(f) {
    return f.systeme === "warp" ? "WaRP" : "3D6";
  }

  function annoncer(texte) {
    etat.message = texte;
    const zone = racine.querySelector(".table-annonce");
    if (zone) zone.textContent = texte;
  }


  // --- Python : le worker des cellules, qui applique les règles ---------------------------------------

  const python = {
    texte: "",
    recus: 0,
    total: 0,

    moteur() {
      const m = window.cellules && window.cellules.moteur;
      if (!m) throw new Error("le runtime Python de la page est absent");
      const config = document.getElementById("cellules-config");
      if (config && config.dataset.indisponible) throw new Error(`Python est indisponible ici : ${config.dataset.indisponible}`);
      return m;
    },

    pret() {
      return Boolean(window.cellules && window.cellules.moteur && window.cellules.moteur.charge);
    },

    montrer(texte, recus = 0, total = 0) {
      Object.assign(this, { texte, recus, total });
      const zone = racine.querySelector(".table-python");
      if (!zone) return;
      zone.querySelector("[role=status]").textContent = texte;
      const barre = zone.querySelector("progress");
      barre.classList.toggle("table-cachee", !total || this.pret()); // sa place reste : rien ne bouge sous le doigt
      if (total) {
        barre.max = total;
        barre.value = Math.min(recus || 0, total);
      }
    },

    suivre(m) {
      m.surProgres = (texte, recus, total) => this.montrer(texte, recus, total);
    },

    // Le chargement, commencé au premier geste (ou à l'ouverture d'un lien partagé) : Python sera prêt au premier jet.
    prechauffer() {
      let m;
      try {
        m = this.moteur();
      } catch (erreur) {
        this.montrer(erreur.message);
        return;
      }
      if (m.demarre) return;
      this.suivre(m);
      if (!m.prechauffer()) return;
      this.montrer(m.progres("Chargement de Python…", 0), 0, m.octets());
      m.pret.then(
        () => this.surPret(),
        (erreur) => this.montrer(erreur.message)
      );
    },

    // Une fois Python prêt (par le préchargement ou une première requête) : les brouillons sont vérifiés.
    surPret() {
      if (this.prevenu) return;
      this.prevenu = true;
      this.montrer("Python est prêt : les jets sont immédiats.");
      verifierLesBrouillons();
    },

    async demander(requete) {
      const m = this.moteur();
      this.suivre(m);
      if (!m.charge) this.montrer(m.progres("Chargement de Python…", 0), 0, m.octets());
      const debut = performance.now();
      const reponse = await m.envoyer({ type: "table", requete: JSON.stringify(requete) });
      racine.dataset.duree = String(Math.round(performance.now() - debut));
      if (!this.prevenu) setTimeout(() => this.surPret());
      if (!reponse || typeof reponse.ok !== "boolean") throw new Error("réponse illisible de Python");
      return reponse;
    },
  };

  // Une requête, et son échec dit au lecteur (Python absent, chargement impossible).
  async function demander(requete) {
    try {
      return await python.demander(requete);
    } catch (erreur) {
      return { ok: false, erreurs: { "": `Le calcul n'a pas abouti : ${erreur.message}` } };
    }
  }

  // --- Les fiches ---------------------------------------------------------------------------------------

  function nouvelIdentifiant() {
    const brut = window.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}${Math.random()}`;
    return `f${brut.replace(/[^A-Za-z0-9]/g, "").slice(0, 30)}`;
  }

  // Les valeurs d'un formulaire (des textes), d'après une fiche acceptée ou un brouillon.
  function valeursDe(formulaire, donnees) {
    const valeurs = {};
    for (const champ of formulaire.champs) {
      const v = donnees && champ.nom in donnees ? donnees[champ.nom] : champ.defaut;
      if (champ.sorte === "liste") valeurs[champ.nom] = (v || []).map((x) => valeursDe(champ.element, x));
      else if (champ.sorte === "case") valeurs[champ.nom] = v === true;
      else valeurs[champ.nom] = v === null || v === undefined ? "" : String(v);
    }
    return valeurs;
  }

  function nouvelleFiche(systeme) {
    const id = nouvelIdentifiant();
    const valeurs = valeursDe(D.fiches[systeme], { nom: "Nouveau personnage" });
    etat.fiches.push({ id, systeme, fiche: null, brouillon: { id, systeme, ...valeurs }, lignes: [], erreurs: {} });
    etat.choisie = id;
    etat.edition = { id, valeurs, erreurs: {} };
    etat.jet = null;
    garderFiches();
    rendre("nom");
  }

  function modifier(f) {
    etat.edition = { id: f.id, valeurs: valeursDe(D.fiches[f.systeme], f.brouillon || f.fiche), erreurs: f.erreurs || {} };
    etat.jet = null;
    rendre("nom");
  }

  // Vérifie une fiche par Python ; acceptée, elle remplace la version gardée ; refusée, elle reste un brouillon
  // (la dernière version acceptée reste gardée) et ses refus vont sous ses champs.
  async function verifier(f) {
    const brouillon = f.brouillon;
    if (!brouillon) return { ok: true };
    const r = await demander({ action: "saisir", fiche: brouillon });
    if (f.brouillon !== brouillon) return r; // modifiée entre-temps : ce verdict ne vaut plus pour elle
    if (r.ok) {
      Object.assign(f, { fiche: r.fiche, brouillon: null, lignes: r.lignes, erreurs: {} });
    } else {
      f.erreurs = r.erreurs || {};
    }
    garderFiches();
    return r;
  }

  async function enregistrer() {
    const f = entree(etat.edition.id);
    f.brouillon = { id: f.id, systeme: f.systeme, ...etat.edition.valeurs };
    garderFiches();
    if (!python.pret()) python.prechauffer();
    etat.edition.message = python.pret() ? "Vérification…" : "Gardée sur l'appareil ; elle sera vérifiée dès que Python sera chargé.";
    etat.edition.attente = true;
    rendre();
    const r = await verifier(f);
    if (!etat.edition || etat.edition.id !== f.id) return; // le lecteur est passé à autre chose
    etat.edition.attente = false;
    if (r.ok) {
      etat.edition = null;
      annoncer(`Fiche de ${f.fiche.nom} enregistrée.`);
      rendre("modifier");
    } else {
      etat.edition.erreurs = r.erreurs || {};
      etat.edition.message = "Des valeurs sont refusées (voir sous les champs) : la dernière version acceptée reste gardée.";
      rendre();
      const premier = racine.querySelector("[aria-invalid=true]");
      if (premier) premier.focus();
    }
  }

  // Quand Python est prêt : les fiches remplies pendant son chargement sont vérifiées, et celles qui n'ont pas
  // encore leurs lignes (une fiche gardée par une version plus ancienne de la page) les reçoivent.
  async function verifierLesBrouillons() {
    for (const f of etat.fiches.filter((x) => !x.brouillon && x.fiche && !(x.lignes && x.lignes.length))) {
      const r = await demander({ action: "saisir", fiche: f.fiche });
      if (r.ok) Object.assign(f, { fiche: r.fiche, lignes: r.lignes });
    }
    for (const f of etat.fiches.filter((x) => x.brouillon)) {
      const r = await verifier(f);
      if (etat.edition && etat.edition.id === f.id && etat.edition.attente) {
        if (r.ok) etat.edition = null;
        else etat.edition.erreurs = r.erreurs || {};
      }
    }
    garderFiches();
    rendre();
  }

  function champsDuFormulaire(formulaire, valeurs, erreurs, chemin) {
    return formulaire.champs.map((champ) => {
      const cle = [...chemin, champ.nom].join(".");
      const erreur = erreurs[cle] || "";
      if (champ.sorte === "liste") return listeDuFormulaire(champ, valeurs[champ.nom], erreurs, [...chemin, champ.nom]);
      if (champ.sorte === "case") {
        return caseACocher({ libelle: champ.libelle, coche: valeurs[champ.nom], cle, surChangement: (e) => (valeurs[champ.nom] = e.target.checked) });
      }
      return champTexte({
        libelle: champ.libelle + (champ.requis ? "" : " (facultatif)"),
        valeur: valeurs[champ.nom],
        erreur,
        aide: champ.aide,
        cle,
        numerique: champ.sorte === "entier",
        negatif: champ.negatif,
        multiligne: champ.sorte === "notes",
        surSaisie: (e) => (valeurs[champ.nom] = e.target.value),
      });
    });
  }

  function listeDuFormulaire(champ, liste, erreurs, chemin) {
    const cle = chemin.join(".");
    const titre = champ.element.titre;
    return el(
      "fieldset",
      { classe: "table-liste" },
      el("legend", { texte: champ.libelle }),
      erreurs[cle] ? el("p", { classe: "table-erreur", texte: erreurs[cle] }) : null,
      liste.map((valeurs, i) =>
        el(
          "fieldset",
          {},
          el("legend", { texte: `${titre} ${i + 1}` }),
          champsDuFormulaire(champ.element, valeurs, erreurs, [...chemin, i]),
          bouton(`Retirer : ${titre.toLowerCase()} ${i + 1}`, () => {
            liste.splice(i, 1);
            rendre(`${cle}:ajouter`);
          })
        )
      ),
      bouton(`Ajouter : ${titre.toLowerCase()}`, () => {
        liste.push(valeursDe(champ.element, {}));
        rendre(`${cle}.${liste.length - 1}.nom`);
      }, { "data-cle": `${cle}:ajouter` })
    );
  }

  function vueEdition(f) {
    const e = etat.edition;
    const form = el(
      "form",
      { novalidate: true, "aria-label": `Modifier la fiche : ${nomDe(f)}`, onsubmit: (ev) => { ev.preventDefault(); enregistrer(); } },
      e.erreurs[""] ? el("p", { classe: "table-erreur", texte: e.erreurs[""] }) : null,
      champsDuFormulaire(D.fiches[f.systeme], e.valeurs, e.erreurs, []),
      el(
        "div",
        { classe: "table-actions" },
        el("button", { type: "submit", classe: "table-bouton table-principal", "data-cle": "enregistrer" }, "Enregistrer la fiche"),
        bouton("Annuler les modifications", () => {
          etat.edition = null;
          rendre("modifier");
        })
      ),
      e.message ? el("p", { classe: "table-note", role: "status", texte: e.message }) : el("p", { role: "status", classe: "table-note" })
    );
    return form;
  }

  // --- Une ligne qui lance ------------------------------------------------------------------------------

  function ouvrirJet(f, ligne) {
    const memeLigne = etat.jet && etat.jet.id === f.id && etat.jet.sorte === ligne.sorte && etat.jet.rang === ligne.rang;
    etat.jet = memeLigne ? null : { id: f.id, sorte: ligne.sorte, rang: ligne.rang, libelle: ligne.libelle, bonus: 0, malus: 0, experience: false, difficulte: 0, des: "", reponse: null, erreurs: {} };
    python.prechauffer();
    rendre(memeLigne ? `ligne:${ligne.sorte}:${ligne.rang}` : "des");
  }

  async function lancer(f, pourMoi) {
    const j = etat.jet;
    if (!pourMoi && !j.des.trim()) {
      j.erreurs = { des: "Dés jetés : tapez les dés que vous avez jetés (6 5 2), ou touchez « Lancer pour moi »." };
      rendre("des");
      return;
    }
    j.enCours = true;
    rendre(pourMoi ? "pour-moi" : "valider");
    const r = await demander({
      action: "lancer",
      fiche: f.fiche,
      sorte: j.sorte,
      rang: j.rang,
      bonus: j.bonus,
      malus: j.malus,
      experience: j.experience,
      difficulte: j.difficulte,
      des: pourMoi ? null : j.des,
      lancer: pourMoi,
    });
    j.enCours = false;
    if (!r.ok) {
      Object.assign(j, { erreurs: r.erreurs || {}, reponse: null });
      rendre(r.erreurs && r.erreurs.des ? "des" : pourMoi ? "pour-moi" : "valider");
      return;
    }
    Object.assign(j, { reponse: r, erreurs: {}, des: pourMoi ? r.des : j.des });
    if (r.fiche) {
      f.fiche = r.fiche;
      j.experience = false;
    }
    (etat.journal[f.id] = etat.journal[f.id] || []).push({ quand: new Date().toISOString(), texte: r.journal });
    stock.ecrire("journal", etat.journal);
    garderFiches();
    rendre(pourMoi ? "pour-moi" : "valider");
  }

  function optionsDuJet(f, j) {
    const nombres = [0, 1, 2, 3, 4, 5].map((n) => [n, String(n)]);
    if (j.sorte === "trait") {
      const dispo = f.fiche.experience || 0;
      return [
        puces("Dés de bonus", "bonus", nombres, j.bonus, (v) => (j.bonus = v)),
        puces("Dés de malus", "malus", nombres, j.malus, (v) => (j.malus = v)),
        caseACocher({
          libelle: `Dé d'expérience, accepté par le MJ (${dispo} disponible${dispo > 1 ? "s" : ""})`,
          coche: j.experience,
          cle: "experience",
          desactivee: dispo === 0,
          surChangement: (e) => (j.experience = e.target.checked),
        }),
        j.erreurs.experience ? el("p", { classe: "table-erreur", texte: j.erreurs.experience }) : null,
      ];
    }
    if (j.sorte === "indice") return [];
    const difficultes = D.difficultes.map(([m, texte]) => [m, texte.split(",")[0], texte]);
    return [puces("Difficulté", "difficulte", difficultes, j.difficulte, (v) => (j.difficulte = v))];
  }

  function vueJet(f, j, id) {
    const r = j.reponse;
    return el(
      "section",
      { classe: "table-jet", id, "aria-label": `Jet : ${j.libelle}` },
      el("h4", { texte: `Jet : ${j.libelle}` }),
      optionsDuJet(f, j),
      champTexte({
        libelle: "Dés jetés",
        valeur: j.des,
        erreur: j.erreurs.des || "",
        aide: "Les dés que vous avez jetés (6 5 2), ou touchez « Lancer pour moi ».",
        cle: "des",
        numerique: true,
        surSaisie: (e) => (j.des = e.target.value),
      }),
      el(
        "div",
        { classe: "table-actions" },
        bouton("Valider mes dés", () => lancer(f, false), { classe: "table-principal", "data-cle": "valider", disabled: j.enCours }),
        bouton("Lancer pour moi", () => lancer(f, true), { "data-cle": "pour-moi", disabled: j.enCours })
      ),
      j.erreurs[""] ? el("p", { classe: "table-erreur", texte: j.erreurs[""] }) : null,
      r ? carte(r.carte) : null,
      el("p", { classe: "table-phrase", role: "status", texte: r ? r.phrase : j.enCours ? "Jet…" : "" }),
      r && r.conversion ? el("p", { classe: "table-note", texte: r.conversion }) : null
    );
  }

  function vueLignes(f) {
    if (!f.fiche) return el("p", { classe: "table-note", texte: "Cette fiche se lancera une fois vérifiée (dès que Python sera chargé)." });
    if (!f.lignes.length) return el("p", { classe: "table-note", texte: "Aucune ligne à lancer : modifiez la fiche pour lui ajouter des Traits, des caractéristiques ou des talents." });
    return el(
      "ul",
      { classe: "table-lignes" },
      f.lignes.map((ligne) => {
        const ouverte = etat.jet && etat.jet.id === f.id && etat.jet.sorte === ligne.sorte && etat.jet.rang === ligne.rang;
        const id = `table-jet-${ligne.sorte}-${ligne.rang}`;
        return el(
          "li",
          {},
          bouton(ligne.libelle, () => ouvrirJet(f, ligne), {
            classe: "table-ligne",
            "aria-expanded": ouverte ? "true" : "false",
            "aria-controls": ouverte ? id : null,
            "data-cle": `ligne:${ligne.sorte}:${ligne.rang}`,
          }),
          ouverte ? vueJet(f, etat.jet, id) : null
        );
      })
    );
  }

  function confirmation(cle, texte, action) {
    if (etat.confirmer === cle) {
      return bouton(`Confirmer : ${texte.toLowerCase()}`, () => {
        etat.confirmer = null;
        action();
      }, { classe: "table-principal", "data-cle": `${cle}:confirmer` });
    }
    return bouton(texte, () => {
      etat.confirmer = cle;
      rendre(`${cle}:confirmer`);
    }, { "data-cle": cle });
  }

  function vueExperience(f) {
    if (f.systeme !== "warp" || !f.fiche) return null;
    const d = f.fiche.experience || 0;
    const c = f.fiche.experience_convertis || 0;
    return el(
      "div",
      {},
      el("p", { texte: `Dés d'expérience : ${d} disponible${d > 1 ? "s" : ""}, ${c} converti${c > 1 ? "s" : ""} pendant cette partie.` }),
      c ? bouton("Fin de partie : les dés convertis reviennent", () => finDePartie(f), { "data-cle": "fin-partie" }) : null
    );
  }

  // « À la fin de la partie, vous récupérez tous les dés d'expérience que vous avez convertis » : la fiche
  // revient à Python, qui la vérifie, avec ses dés rendus disponibles.
  async function finDePartie(f) {
    const fiche = { ...f.fiche, experience: (f.fiche.experience || 0) + (f.fiche.experience_convertis || 0), experience_convertis: 0 };
    const r = await demander({ action: "saisir", fiche });
    if (r.ok) Object.assign(f, { fiche: r.fiche, lignes: r.lignes });
    else annoncer(Object.values(r.erreurs || {}).join(" "));
    garderFiches();
    rendre("modifier");
  }

  function vueFiche(f) {
    if (etat.edition && etat.edition.id === f.id) return [el("h3", { texte: `${nomDe(f)} (${systemeDe(f)}) : modifier` }), vueEdition(f)];
    const refusee = f.brouillon && Object.keys(f.erreurs || {}).length;
    return [
      el("h3", { texte: `${nomDe(f)} (${systemeDe(f)})` }),
      refusee ? el("p", { classe: "table-erreur", texte: "Des modifications de cette fiche sont refusées : touchez « Modifier la fiche » pour les voir. La dernière version acceptée reste gardée." }) : null,
      f.brouillon && !refusee ? el("p", { classe: "table-note", texte: "Des modifications attendent d'être vérifiées (dès que Python sera chargé)." }) : null,
      vueLignes(f),
      vueExperience(f),
      el(
        "div",
        { classe: "table-actions" },
        bouton("Modifier la fiche", () => modifier(f), { "data-cle": "modifier" }),
        f.fiche ? bouton("Partager par lien", () => partagerFiche(f), { "data-cle": "partager-fiche" }) : null,
        confirmation(`supprimer:${f.id}`, "Supprimer la fiche", () => supprimer(f))
      ),
    ];
  }

  function supprimer(f) {
    etat.fiches = etat.fiches.filter((x) => x !== f);
    etat.choisie = etat.fiches.length ? etat.fiches[0].id : null;
    etat.jet = null;
    garderFiches();
    annoncer(`Fiche de ${nomDe(f)} supprimée.`);
    rendre("nouvelle-warp");
  }

  // --- Exporter, importer, partager -------------------------------------------------------------------

  function documentDe(fiches) {
    return { format: D.format, version: D.version, fiches };
  }

  function exporter() {
    const fiches = etat.fiches.filter((f) => f.fiche).map((f) => f.fiche);
    const texte = JSON.stringify(documentDe(fiches), null, 2);
    const lien = el("a", { href: URL.createObjectURL(new Blob([texte], { type: "application/json" })), download: "fiches-a-la-table.json" });
    document.body.append(lien);
    lien.click();
    lien.remove();
    annoncer(`${fiches.length} fiche${fiches.length > 1 ? "s" : ""} exportée${fiches.length > 1 ? "s" : ""} (fiches-a-la-table.json).`);
  }

  // Des fiches acceptées par Python rejoignent celles de l'appareil ; une fiche du même identifiant qu'une fiche
  // gardée arrive comme une copie (rien de ce qui est gardé n'est remplacé).
  function ajouterFiches(fiches, lignes) {
    for (const fiche of fiches) {
      const id = entree(fiche.id) ? nouvelIdentifiant() : fiche.id;
      etat.fiches.push({ id, systeme: fiche.systeme, fiche: { ...fiche, id }, brouillon: null, lignes: lignes[fiche.id] || [], erreurs: {} });
      etat.choisie = id;
    }
    garderFiches();
  }

  async function importer(texte, origine) {
    etat.refusImport = null;
    const r = await demander({ action: "importer", document: texte });
    if (r.ok) {
      ajouterFiches(r.fiches, r.lignes);
      annoncer(`${r.fiches.length} fiche${r.fiches.length > 1 ? "s" : ""} ajoutée${r.fiches.length > 1 ? "s" : ""} (${origine}).`);
    } else {
      etat.refusImport = { message: r.message || "Le document est refusé : rien n'est changé.", erreurs: r.erreurs || {} };
      annoncer(etat.refusImport.message);
    }
    rendre("importer");
    return r;
  }

  function choisirFichier() {
    const entreeFichier = el("input", { type: "file", accept: "application/json,.json", hidden: true });
    entreeFichier.addEventListener("change", async () => {
      const fichier = entreeFichier.files && entreeFichier.files[0];
      entreeFichier.remove();
      if (fichier) await importer(await fichier.text(), fichier.name);
    });
    document.body.append(entreeFichier);
    entreeFichier.click();
  }

  function encoder(objet) {
    const octets = new TextEncoder().encode(JSON.stringify(objet));
    let binaire = "";
    for (const o of octets) binaire += String.fromCharCode(o);
    return btoa(binaire).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decoder(texte) {
    const binaire = atob(texte.replace(/-/g, "+").replace(/_/g, "/"));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binaire, (c) => c.charCodeAt(0))));
  }

  function adresse(cle, objet) {
    const u = new URL(window.location.href);
    u.search = "";
    u.hash = `${cle}=${encoder(objet)}`;
    return u.href;
  }

  // Le partage du téléphone (Web Share) s'il y en a un, sinon le presse-papiers.
  async function partager(titre, texte, url) {
    if (navigator.share) {
      try {
        await navigator.share(url ? { title: titre, url } : { title: titre, text: texte });
        annoncer("Partagé.");
        return;
      } catch (erreur) {
        if (erreur && erreur.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url || texte);
      annoncer(url ? "Lien copié : collez-le dans un message." : "Copié : collez-le dans un message.");
    } catch {
      etat.aCopier = url || texte;
      annoncer("Copie impossible ici : sélectionnez le texte ci-dessous pour le copier.");
      rendre();
    }
  }

  function partagerFiche(f) {
    partager(`Fiche de ${f.fiche.nom}`, "", adresse("fiche", documentDe([f.fiche])));
  }

  // Un lien partagé (#fiche=…, #suivi=…) : ce qu'il apporte, montré avant d'être gardé (Python le vérifie).
  function lireLien() {
    const m = /^#(fiche|suivi)=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
    if (!m) return null;
    try {
      return { sorte: m[1], donnees: decoder(m[2]) };
    } catch {
      return { sorte: m[1], illisible: true };
    }
  }

  function oublierLien() {
    const u = new URL(window.location.href);
    u.hash = "";
    history.replaceState(null, "", u.href);
  }

  async function ouvrirRecu() {
    const recu = etat.recu;
    etat.recu = null;
    oublierLien();
    if (recu.sorte === "fiche") {
      const r = await importer(recu.donnees, "lien partagé");
      if (r.ok) etat.onglet = "fiches";
    } else {
      const r = await demander({ action: recu.donnees.sorte, operation: "ouvrir", etat: recu.donnees.etat });
      if (r.ok) {
        etat.suivi = { sorte: recu.donnees.sorte, etat: r.etat, vue: r.vue, carte: null };
        garderSuivi();
        etat.onglet = "scene";
        annoncer("Scène reçue : elle est maintenant la scène en cours.");
      } else {
        annoncer(`Ce lien est refusé : ${Object.values(r.erreurs || {}).join(" ")}`);
      }
    }
    rendre();
  }

  function vueRecu() {
    const recu = etat.recu;
    if (!recu) return null;
    if (recu.illisible) {
      return el("div", { classe: "table-bandeau" }, el("p", { texte: "Ce lien est illisible : rien n'est changé." }), bouton("Fermer", () => { etat.recu = null; oublierLien(); rendre(); }));
    }
    const quoi = recu.sorte === "fiche"
      ? `Une fiche reçue par un lien : ${(recu.donnees.fiches || []).map((f) => f && f.nom).filter(Boolean).join(", ") || "sans nom"}.`
      : "Une scène reçue par un lien ; l'ouvrir remplace la scène en cours sur cet appareil.";
    return el(
      "div",
      { classe: "table-bandeau", role: "group", "aria-label": "Reçu par un lien" },
      el("p", { texte: quoi }),
      el(
        "div",
        { classe: "table-actions" },
        bouton(recu.sorte === "fiche" ? "Garder cette fiche" : "Ouvrir cette scène", () => ouvrirRecu(), { classe: "table-principal", "data-cle": "recu" }),
        bouton("Ignorer", () => { etat.recu = null; oublierLien(); rendre(); })
      )
    );
  }

  function vueRefusImport() {
    const refus = etat.refusImport;
    if (!refus) return null;
    return el(
      "div",
      { classe: "table-bandeau", role: "group", "aria-label": "Document refusé" },
      el("p", { classe: "table-erreur", texte: refus.message }),
      el("ul", {}, Object.values(refus.erreurs).map((m) => el("li", { texte: m }))),
      bouton("Fermer", () => { etat.refusImport = null; rendre("importer"); })
    );
  }

  function vueFiches() {
    const f = entree(etat.choisie) || etat.fiches[0] || null;
    return el(
      "section",
      { "aria-labelledby": "table-titre-fiches" },
      titreDeSection("h2", "table-titre-fiches", "Fiches"),
      etat.fiches.length
        ? choix("Personnage", etat.fiches.map((x) => [x.id, `${nomDe(x)} (${systemeDe(x)})`]), f && f.id, (id) => {
            etat.choisie = id;
            etat.jet = null;
            etat.edition = null;
            stock.ecrire("choisie", id);
            rendre("choix-fiche");
          }, "choix-fiche")
        : el("p", { texte: "Aucune fiche sur cet appareil : créez-en une, ou importez un fichier exporté d'un autre appareil." }),
      el(
        "div",
        { classe: "table-actions" },
        bouton("Nouvelle fiche WaRP", () => nouvelleFiche("warp"), { "data-cle": "nouvelle-warp" }),
        bouton("Nouvelle fiche 3D6", () => nouvelleFiche("3d6"), { "data-cle": "nouvelle-3d6" }),
        bouton("Importer un fichier", choisirFichier, { "data-cle": "importer" }),
        etat.fiches.some((x) => x.fiche) ? bouton("Exporter les fiches", exporter, { "data-cle": "exporter" }) : null
      ),
      vueRefusImport(),
      f ? vueFiche(f) : null
    );
  }

  // --- Le journal -------------------------------------------------------------------------------------

  function heure(iso) {
    const d = new Date(iso);
    return d.toLocaleString("fr-FR", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  }

  function texteDuJournal(f, lignes) {
    return [`Journal de ${nomDe(f)} (À la table, Règles exécutables)`, ...lignes.map((l) => `${heure(l.quand)} — ${l.texte}`)].join("\n");
  }

  function vueJournal() {
    const f = entree(etat.choisie) || etat.fiches[0] || null;
    const lignes = f ? etat.journal[f.id] || [] : [];
    return el(
      "section",
      { "aria-labelledby": "table-titre-journal" },
      titreDeSection("h2", "table-titre-journal", "Journal"),
      etat.fiches.length
        ? choix("Personnage", etat.fiches.map((x) => [x.id, `${nomDe(x)} (${(etat.journal[x.id] || []).length} jet${(etat.journal[x.id] || []).length > 1 ? "s" : ""})`]), f && f.id, (id) => {
            etat.choisie = id;
            stock.ecrire("choisie", id);
            rendre("choix-journal");
          }, "choix-journal")
        : null,
      lignes.length
        ? el("ol", { classe: "table-journal", reversed: true }, [...lignes].reverse().map((l) => el("li", {}, el("time", { datetime: l.quand, texte: heure(l.quand) }), l.texte)))
        : el("p", { texte: f ? `Aucun jet de ${nomDe(f)} au journal.` : "Aucune fiche, aucun jet." }),
      lignes.length
        ? el(
            "div",
            { classe: "table-actions" },
            bouton("Copier le journal", async () => {
              try {
                await navigator.clipboard.writeText(texteDuJournal(f, lignes));
                annoncer("Journal copié.");
              } catch {
                etat.aCopier = texteDuJournal(f, lignes);
                rendre("copier-journal");
              }
            }, { "data-cle": "copier-journal" }),
            bouton("Partager le journal", () => partager(`Journal de ${nomDe(f)}`, texteDuJournal(f, lignes)), { "data-cle": "partager-journal" }),
            confirmation(`effacer:${f.id}`, "Effacer le journal", () => {
              delete etat.journal[f.id];
              stock.ecrire("journal", etat.journal);
              annoncer(`Journal de ${nomDe(f)} effacé.`);
              rendre("choix-journal");
            })
          )
        : null
    );
  }

  // --- La scène suivie : la préparer ------------------------------------------------------------------

  const SORTES = { scene: "Scène majeure (3D6)", etendu: "Test étendu (WaRP)", cooperatif: "Test coopératif (WaRP)" };
  const SCENES = { action: "Scène d'action", interaction: "Scène d'interaction", reflexion: "Scène de réflexion" };

  function fichesDe(systeme) {
    return etat.fiches.filter((f) => f.systeme === systeme && f.fiche);
  }

  function signe(n) {
    return n < 0 ? `\u2212${-n}` : `+${n}`;
  }

  function optionsDe(fiche) {
    const talents = (fiche.talents || []).map((t, i) => [`talent:${i}`, `${t.nom} (talent ${t.niveau || 0}${t.familiarite ? ", familiarité" : ""})`]);
    const caracs = (fiche.caracteristiques || []).map((c, i) => [`caracteristique:${i}`, `${c.nom} (${signe(c.modificateur || 0)})`]);
    const effets = (fiche.caracteristiques || []).map((c, i) => [c, i]).filter(([c]) => c.indice).map(([c, i]) => [String(i), `${c.nom} : ${c.indice}`]);
    return { lignes: [...talents, ...caracs], effets };
  }

  function campVide(qui) {
    return { qui, attaque: "", effet: "", defense: "", effet_defense: "", difficulte: "0", nom: "", seuil: "", indice: "", armure: "0" };
  }

  function preparer(sorte) {
    const d6 = fichesDe("3d6");
    const warp = fichesDe("warp");
    if (sorte === "scene") etat.preparation = { sorte, scene: "action", a: campVide(d6[0] ? d6[0].id : "pnj"), b: campVide(d6[1] ? d6[1].id : "passif"), erreurs: {} };
    if (sorte === "etendu") etat.preparation = { sorte, participant: participantVide(warp[0]), complexite: "", maniabilite: "", periode: "1", unite: "h", bonus: "0", malus: "0", aide: "0", travailleur: "0", erreurs: {} };
    if (sorte === "cooperatif") etat.preparation = { sorte, alpha: participantVide(warp[0]), betas: [participantVide(warp[1] || warp[0])], bonus: "0", malus: "0", erreurs: {} };
    python.prechauffer();
    rendre("preparation");
  }

  function participantVide(f) {
    const rang = f ? f.fiche.traits.findIndex((t) => t.des !== undefined) : -1;
    return { fiche: f ? f.id : "", rang: String(Math.max(rang, 0)), experience: false };
  }

  function specCamp(c) {
    if (c.qui === "passif") return { passif: true, nom: c.nom, armure: c.armure };
    if (c.qui === "pnj") return { nom: c.nom, seuil: c.seuil, indice: c.indice, armure: c.armure };
    const f = entree(c.qui);
    const ligne = (v) => (v ? { sorte: v.split(":")[0], rang: Number(v.split(":")[1]) } : null);
    const o = optionsDe(f.fiche);
    return {
      fiche: f.fiche,
      attaque: ligne(c.attaque || (o.lignes[0] && o.lignes[0][0])),
      effet: c.effet !== "" ? Number(c.effet) : o.effets[0] ? Number(o.effets[0][0]) : null,
      defense: ligne(c.defense),
      effet_defense: c.effet_defense !== "" ? Number(c.effet_defense) : null,
      difficulte: c.difficulte,
    };
  }

  function vueCamp(c, cote, legende) {
    const e = etat.preparation.erreurs;
    const err = (n) => e[`${cote}.${n}`] || "";
    const qui = [...fichesDe("3d6").map((f) => [f.id, `${f.fiche.nom} (fiche 3D6)`]), ["pnj", "Un personnage sans fiche"]];
    if (cote === "b") qui.push(["passif", "Un adversaire passif (objet, difficulté, interviewé)"]);
    const champ = (nom, libelle, aide = "", numerique = false) =>
      champTexte({ libelle, valeur: c[nom], erreur: err(nom), aide, cle: `${cote}.${nom}`, numerique, negatif: true, surSaisie: (ev) => (c[nom] = ev.target.value) });
    let details = [];
    if (c.qui === "passif") details = [champ("nom", "Nom", "La panne, la porte, le témoin…"), champ("armure", "Armure (points retirés à chaque effet)", "", true)];
    else if (c.qui === "pnj") details = [champ("nom", "Nom"), champ("seuil", "Seuil (10 + talent + difficulté…)", "", true), champ("indice", "Indice (dés d'effet)", "2D6, 1D6+1D3…"), champ("armure", "Armure", "", true)];
    else {
      const o = optionsDe(entree(c.qui).fiche);
      details = [
        choix("Attaque : la ligne lancée", o.lignes, c.attaque || (o.lignes[0] && o.lignes[0][0]), (v) => (c.attaque = v), `${cote}.attaque`),
        err("attaque") ? el("p", { classe: "table-erreur", texte: err("attaque") }) : null,
        choix("Effets : l'Indice", o.effets.length ? o.effets : [["", "aucune caractéristique n'a d'Indice"]], c.effet || (o.effets[0] && o.effets[0][0]), (v) => (c.effet = v), `${cote}.effet`),
        err("effet") ? el("p", { classe: "table-erreur", texte: err("effet") }) : null,
        choix("Défense (esquive, blocage)", [["", "la ligne de l'attaque"], ...o.lignes], c.defense, (v) => (c.defense = v), `${cote}.defense`),
        choix("Effets du blocage", [["", "ceux de l'attaque"], ...o.effets], c.effet_defense, (v) => (c.effet_defense = v), `${cote}.effet_defense`),
        champ("difficulte", "Difficulté de la scène", "−3 pour une rue étroite, −5 pour un sabotage réussi…", true),
      ];
    }
    return el(
      "fieldset",
      {},
      el("legend", { texte: legende }),
      choix("Qui", qui, c.qui, (v) => {
        Object.assign(c, campVide(v));
        rendre(`${cote}.qui`);
      }, `${cote}.qui`),
      details
    );
  }

  async function commencer() {
    const p = etat.preparation;
    let requete;
    if (p.sorte === "scene") requete = { action: "scene", operation: "creer", sorte: p.scene, a: specCamp(p.a), b: specCamp(p.b) };
    if (p.sorte === "etendu") {
      const f = entree(p.participant.fiche);
      requete = { action: "etendu", operation: "creer", fiche: f && f.fiche, rang: Number(p.participant.rang) };
      for (const k of ["complexite", "maniabilite", "periode", "unite", "bonus", "malus", "aide", "travailleur"]) requete[k] = p[k];
    }
    if (p.sorte === "cooperatif") {
      const spec = (x) => ({ fiche: entree(x.fiche) && entree(x.fiche).fiche, rang: Number(x.rang), experience: x.experience });
      requete = { action: "cooperatif", operation: "creer", alpha: spec(p.alpha), betas: p.betas.map(spec), bonus: p.bonus, malus: p.malus };
    }
    p.enCours = true;
    rendre("commencer");
    const r = await demander(requete);
    p.enCours = false;
    if (!r.ok) {
      p.erreurs = r.erreurs || {};
      rendre("commencer");
      return;
    }
    for (const fiche of r.fiches || []) {
      const f = entree(fiche.id);
      if (f) f.fiche = fiche;
    }
    garderFiches();
    etat.suivi = { sorte: p.sorte, etat: r.etat, vue: r.vue, carte: r.carte };
    etat.preparation = null;
    etat.tour = {};
    garderSuivi();
    rendre("tour-des");
  }

  function erreursGenerales(erreurs, connues) {
    const autres = Object.entries(erreurs).filter(([k]) => !connues.includes(k));
    return autres.length ? el("ul", { classe: "table-erreur" }, autres.map(([, m]) => el("li", { texte: m }))) : null;
  }

  function vueParticipant(x, legende, retirer) {
    const warp = fichesDe("warp");
    const f = entree(x.fiche);
    const traits = f ? f.fiche.traits.map((t, i) => [String(i), `${t.nom} (${t.des === undefined ? "sans dés" : `${t.des}d`})`]) : [];
    const dispo = f ? f.fiche.experience || 0 : 0;
    return el(
      "fieldset",
      {},
      el("legend", { texte: legende }),
      choix("Fiche", warp.map((w) => [w.id, w.fiche.nom]), x.fiche, (v) => {
        Object.assign(x, participantVide(entree(v)));
        rendre("preparation");
      }),
      choix("Trait", traits, x.rang, (v) => (x.rang = v)),
      caseACocher({ libelle: `Dé d'expérience accepté par le MJ (${dispo} disponible${dispo > 1 ? "s" : ""})`, coche: x.experience, desactivee: dispo === 0, surChangement: (e) => (x.experience = e.target.checked) }),
      retirer ? bouton(`Retirer : ${legende}`, retirer) : null
    );
  }

  function vuePreparation() {
    const p = etat.preparation;
    const champ = (nom, libelle, aide = "") => champTexte({ libelle, valeur: p[nom], erreur: p.erreurs[nom] || "", aide, cle: nom, numerique: nom !== "unite", surSaisie: (ev) => (p[nom] = ev.target.value) });
    let corps = [];
    if (p.sorte === "scene") {
      if (!fichesDe("3d6").length) corps.push(el("p", { classe: "table-note", texte: "Aucune fiche 3D6 vérifiée : chaque camp sera un personnage sans fiche ou un adversaire passif." }));
      corps.push(
        choix("Sorte de scène", Object.entries(SCENES), p.scene, (v) => (p.scene = v), "scene"),
        vueCamp(p.a, "a", "Premier camp : le déclencheur, qui a l'initiative"),
        vueCamp(p.b, "b", "Second camp")
      );
    } else if (!fichesDe("warp").length) {
      corps.push(el("p", { texte: "Il faut une fiche WaRP vérifiée (onglet Fiches) pour suivre un Test." }));
    } else if (p.sorte === "etendu") {
      corps.push(
        vueParticipant(p.participant, "Personnage", null),
        champ("complexite", "Complexité (Progrès nécessaires)"),
        champ("maniabilite", "Maniabilité (Revers qui font échouer)"),
        champ("periode", "Période (le temps d'un round)"),
        champ("unite", "Unité de la Période", "h, min, jours…"),
        champ("bonus", "Dés de bonus (Difficulté)"),
        champ("malus", "Dés de malus (Difficulté)"),
        champ("aide", "Aide des Bêtas (dés, négative : malus)", "Le résultat d'un Test coopératif lancé avant le premier round."),
        champ("travailleur", "Travailleur consciencieux (dés de bonus)")
      );
    } else {
      corps.push(
        vueParticipant(p.alpha, "Alpha", null),
        p.betas.map((b, i) => vueParticipant(b, `Bêta ${i + 1}`, p.betas.length > 1 ? () => { p.betas.splice(i, 1); rendre("preparation"); } : null)),
        bouton("Ajouter un Bêta", () => { p.betas.push(participantVide(fichesDe("warp")[0])); rendre("preparation"); }, { "data-cle": "ajouter-beta" }),
        champ("bonus", "Dés de bonus (pour tous)"),
        champ("malus", "Dés de malus (pour tous)")
      );
    }
    return el(
      "form",
      { novalidate: true, "aria-label": `Préparer : ${SORTES[p.sorte]}`, onsubmit: (e) => { e.preventDefault(); commencer(); } },
      el("h3", { texte: `Préparer : ${SORTES[p.sorte]}`, tabindex: "-1", "data-cle": "preparation" }),
      corps,
      erreursGenerales(p.erreurs, ["a.attaque", "a.effet", "b.attaque", "b.effet", ...["nom", "seuil", "indice", "armure", "difficulte"].flatMap((n) => [`a.${n}`, `b.${n}`]), "complexite", "maniabilite", "periode", "unite", "bonus", "malus", "aide", "travailleur"]),
      el(
        "div",
        { classe: "table-actions" },
        el("button", { type: "submit", classe: "table-bouton table-principal", "data-cle": "commencer", disabled: p.enCours }, "Commencer"),
        bouton("Annuler", () => { etat.preparation = null; rendre("preparer-scene"); })
      )
    );
  }

  // --- La scène suivie : la jouer ---------------------------------------------------------------------

  // Une opération sur la scène en cours (jouer, annuler, ajuster…) : Python rejoue la scène et rend son nouvel état.
  async function operer(operation, plus = {}, focus = "tour-des") {
    const s = etat.suivi;
    s.enCours = true;
    rendre(focus);
    const r = await demander({ action: s.sorte, operation, etat: s.etat, ...plus });
    s.enCours = false;
    if (!r.ok) {
      s.erreurs = r.erreurs || {};
      rendre(focus);
      return r;
    }
    Object.assign(s, { etat: r.etat, vue: r.vue, carte: r.carte === undefined ? s.carte : r.carte, erreurs: {} });
    if (operation !== "ouvrir" && operation !== "ajuster") s.carte = r.carte || null;
    if (r.fiche) {
      const f = entree(r.fiche.id);
      if (f) f.fiche = r.fiche;
      garderFiches();
    }
    if (operation === "jouer") etat.tour = {};
    etat.conseil = null;
    garderSuivi();
    rendre(focus);
    return r;
  }

  function vueChances(vue) {
    if (vue.refus_chances) return el("p", { classe: "table-note", texte: vue.refus_chances });
    const c = vue.chances;
    if (!c) return null;
    const ligne = (nom, p) =>
      el(
        "div",
        { classe: "table-chance" },
        el("span", { texte: nom }),
        el("strong", { texte: p.texte }),
        el("span", { classe: "table-barre", "aria-hidden": "true" }, el("span", { style: `width: ${Math.round(p.valeur * 1000) / 10}%` }))
      );
    return el(
      "section",
      { classe: "table-chances", "aria-labelledby": "table-titre-chances" },
      titreDeSection("h4", "table-titre-chances", "Chances de gagner la scène, d'ici à la fin"),
      ligne(c.premier, c.victoire_premier),
      ligne(c.second_actif ? c.second : `${c.second} (${c.premier} échoue)`, c.victoire_second),
      el("p", { classe: "table-note", texte: `En moyenne, encore ${c.tours_esperes} tours. Si chacun suit sa politique : ${c.politiques}.` })
    );
  }

  function vueConseil() {
    const c = etat.conseil;
    const zone = el("div", { classe: "table-conseil", "aria-live": "polite" });
    if (!c) return zone;
    if (c.erreur) {
      zone.append(el("p", { classe: "table-erreur", texte: c.erreur }));
      return zone;
    }
    zone.append(
      el("p", { texte: `Attaque : ${c.attaque}. ${c.explication}` }),
      el(
        "ul",
        {},
        c.options.map((o) =>
          el("li", { classe: o.defense === c.meilleure ? "table-meilleure" : null }, `${o.libelle} (seuil ${o.seuil}) : aucun point ${o.aucun_point.texte}, ${o.points_esperes} points en moyenne, initiative reprise ${o.initiative.texte}${o.defense === c.meilleure ? " : la meilleure" : ""}.`)
        )
      )
    );
    return zone;
  }

  // Les trois dés de l'attaque tapés : la meilleure défense, tout de suite (sans attendre « Jouer le tour »).
  async function conseiller() {
    const t = etat.tour;
    if ((String(t.des_attaque || "").match(/[1-6]/g) || []).length !== 3) return;
    const r = await demander({ action: "scene", operation: "attaque", etat: etat.suivi.etat, tour: t });
    etat.conseil = r.ok ? r.conseil : { erreur: Object.values(r.erreurs || {}).join(" ") };
    const zone = racine.querySelector(".table-conseil");
    if (zone) zone.replaceWith(vueConseil());
  }

  function vueTourScene(vue) {
    const t = etat.tour;
    const e = etat.suivi.erreurs || {};
    Object.assign(t, { modificateur: t.modificateur ?? 0, niveaux: t.niveaux ?? 0, bonus_points: t.bonus_points ?? 0, defense: t.defense || "blocage" });
    const champ = (nom, libelle, aide) => champTexte({ libelle, valeur: t[nom] || "", erreur: e[nom] || "", aide, cle: `tour-${nom}`, numerique: true, surSaisie: (ev) => { t[nom] = ev.target.value; if (nom === "des_attaque") conseiller(); } });
    const nombres = (liste) => liste.map((n) => [n, signe(n)]);
    return el(
      "form",
      { novalidate: true, "aria-label": `Tour ${vue.numero}`, onsubmit: (ev) => { ev.preventDefault(); operer("jouer", { tour: t }); } },
      el("h4", { texte: `Tour ${vue.numero} — attaque : ${vue.attaquant} ; défense : ${vue.defenseur}` }),
      puces("Risque : modificateur au jet (aux deux jets)", "modificateur", nombres([-3, -2, -1, 0, 1, 2, 3]), t.modificateur, (v) => (t.modificateur = v)),
      puces("Risque : niveaux d'effet en plus", "niveaux", nombres([0, 1, 2]), t.niveaux, (v) => (t.niveaux = v)),
      puces("Risque : points d'effet en plus", "points", nombres([0, 1, 2, 3]), t.bonus_points, (v) => (t.bonus_points = v)),
      champ("des_attaque", `Dés de l'attaque (${vue.attaquant})`, "Trois dés, ou vide : le site les jette."),
      champ("effet_attaque", "Jet d'effet de l'attaque (le total)", "Vide : le site le jette (s'il y a lieu)."),
      vue.defenseur_actif ? vueConseil() : null,
      vue.defenseur_actif
        ? [
            puces(`Défense (${vue.defenseur})`, "defense", D.defenses, t.defense, (v) => (t.defense = v)),
            champ("des_defense", `Dés de la défense (${vue.defenseur})`, "Trois dés, ou vide : le site les jette."),
            champ("effet_defense", "Jet d'effet du blocage (le total)", "Vide : le site le jette (s'il y a lieu)."),
          ]
        : el("p", { classe: "table-note", texte: `${vue.defenseur} est passif : il ne lance rien.` }),
      erreursGenerales(e, ["des_attaque", "effet_attaque", "des_defense", "effet_defense"]),
      el("div", { classe: "table-actions" }, el("button", { type: "submit", classe: "table-bouton table-principal", "data-cle": "jouer", disabled: etat.suivi.enCours }, "Jouer le tour"))
    );
  }

  function vueDecision(vue) {
    const d = (etat.decision = etat.decision || { initiative: "", avantage_a: "", avantage_b: "", raison: "" });
    const actifs = vue.camps.filter((c) => c.actif).map((c) => [c.nom, c.nom]);
    const avantages = [["", "inchangé"], ...D.avantages];
    return el(
      "details",
      { classe: "table-decision" },
      el("summary", { texte: "Décision du MJ (initiative, avantages)" }),
      choix("Initiative", [["", "inchangée"], ...actifs], d.initiative, (v) => (d.initiative = v), "decision-initiative"),
      choix(`Avantage de ${vue.camps[0].nom}`, avantages, d.avantage_a, (v) => (d.avantage_a = v), "decision-a"),
      vue.camps[1].actif ? choix(`Avantage de ${vue.camps[1].nom}`, avantages, d.avantage_b, (v) => (d.avantage_b = v), "decision-b") : null,
      champTexte({ libelle: "Pourquoi", valeur: d.raison, cle: "decision-raison", surSaisie: (e) => (d.raison = e.target.value) }),
      bouton("Appliquer la décision", async () => {
        const r = await operer("ajuster", { ...d }, "decision");
        if (r.ok) etat.decision = null;
      }, { "data-cle": "decision" })
    );
  }

  function vuePolitiques(vue) {
    const doc = etat.suivi.etat;
    const camps = [["a", doc.a], ["b", doc.b]].filter(([, c]) => c.actif !== false);
    return el(
      "details",
      { classe: "table-politiques" },
      el("summary", { texte: "Politiques des chances (le risque et la défense de chacun)" }),
      camps.map(([cote, c]) =>
        el(
          "fieldset",
          {},
          el("legend", { texte: c.nom }),
          choix("Risque à chaque attaque", [-3, -2, -1, 0, 1, 2, 3].map((n) => [n, `${signe(n)} au jet`]), c.risque || 0, (v) => (c.risque = Number(v)), `politique-${cote}-risque`),
          vue.camps[1].actif ? choix("Défense à chaque attaque subie", D.defenses, c.defense || "blocage", (v) => (c.defense = v), `politique-${cote}-defense`) : null
        )
      ),
      bouton("Recalculer les chances", () => operer("ouvrir", {}, "politiques"), { "data-cle": "politiques" })
    );
  }

  function vueScene(vue) {
    return [
      el("h3", { texte: `${SCENES[vue.sorte]} : ${vue.camps[0].nom} contre ${vue.camps[1].nom}`, tabindex: "-1", "data-cle": "suivi" }),
      el("p", { classe: "table-note", texte: `Objectif : ${vue.objectif}.` }),
      el(
        "dl",
        { classe: "table-camps" },
        vue.camps.map((c) => [
          el("dt", { texte: `${c.nom}${c.initiative && !vue.terminee ? " (à l'initiative)" : ""}${c.actif ? "" : " (passif)"}` }),
          el("dd", { texte: c.actif ? `${c.avantage}${c.avantage_max !== c.avantage ? ` (au mieux ${c.avantage_max})` : ""}${c.detail ? ` ; ${c.detail}` : ""}` : "ne lance rien" }),
        ])
      ),
      vueChances(vue),
      vue.terminee ? el("p", { classe: "table-phrase", texte: vue.fin }) : null,
      vue.informations ? el("p", { texte: vue.informations }) : null,
      vue.terminee ? null : vueTourScene(vue),
      etat.suivi.carte ? [el("h4", { texte: "Le dernier tour" }), carte(etat.suivi.carte)] : null,
      vue.tours.length ? [el("h4", { texte: "Les tours joués" }), el("ol", { classe: "table-historique" }, vue.tours.map((t) => el("li", { value: String(t.numero), texte: t.texte.replace(/^Tour \d+ — /, "") })))] : null,
      vue.terminee ? null : vueDecision(vue),
      vue.terminee ? null : vuePolitiques(vue),
    ];
  }

  function vueLoi(chances, titre, note) {
    if (!chances) return null;
    return el(
      "section",
      { classe: "table-chances", "aria-labelledby": "table-titre-chances" },
      titreDeSection("h4", "table-titre-chances", titre),
      el(
        "div",
        { classe: "table-chance" },
        el("span", { texte: "Réussite (Magistrale comprise)" }),
        el("strong", { texte: chances.reussite.texte }),
        el("span", { classe: "table-barre", "aria-hidden": "true" }, el("span", { style: `width: ${Math.round(chances.reussite.valeur * 1000) / 10}%` }))
      ),
      el("p", { classe: "table-note", texte: chances.loi.map(([r, p]) => `${r} : ${p}`).join(" ; ") + "." }),
      note ? el("p", { classe: "table-note", texte: note }) : null
    );
  }

  function vueDes(libelle, experience) {
    const t = etat.tour;
    const e = etat.suivi.erreurs || {};
    return [
      champTexte({ libelle, valeur: t.des || "", erreur: e.des || e[""] || "", aide: "Les dés jetés, ou vide : le site les jette.", cle: "tour-des", numerique: true, surSaisie: (ev) => (t.des = ev.target.value) }),
      experience,
      erreursGenerales(e, ["des", ""]),
      el("div", { classe: "table-actions" }, el("button", { type: "submit", classe: "table-bouton table-principal", "data-cle": "jouer", disabled: etat.suivi.enCours }, "Jouer")),
    ];
  }

  function vueEtendu(vue) {
    const t = etat.tour;
    const f = etat.suivi.etat.fiche && entree(etat.suivi.etat.fiche);
    const dispo = f && f.fiche ? f.fiche.experience || 0 : 0;
    const experience = vue.experience === null && !vue.resultat
      ? caseACocher({ libelle: `Dépenser le dé d'expérience dès ce round, accepté par le MJ (${dispo} disponible${dispo > 1 ? "s" : ""})`, coche: t.experience, cle: "tour-experience", desactivee: dispo === 0, surChangement: (e) => (t.experience = e.target.checked) })
      : null;
    const jouer = (ev) => {
      ev.preventDefault();
      operer("jouer", { des: t.des || null, experience: t.experience === true, fiche: t.experience && f ? f.fiche : null });
    };
    return [
      el("h3", { texte: `Test étendu : ${vue.personnage}, ${vue.trait}`, tabindex: "-1", "data-cle": "suivi" }),
      el("p", { texte: `Progrès ${vue.progres} sur ${vue.complexite}, Revers ${vue.revers} sur ${vue.maniabilite} ; ${vue.rounds} round${vue.rounds > 1 ? "s" : ""} joué${vue.rounds > 1 ? "s" : ""} (${vue.temps}).${vue.experience ? ` Dé d'expérience dès le round ${vue.experience}.` : ""}` }),
      vueLoi(vue.chances, "Chances d'ici à la fin", vue.chances ? `Encore ${vue.chances.rounds_restants} rounds en moyenne.` : null),
      vue.refus_chances ? el("p", { classe: "table-note", texte: vue.refus_chances }) : null,
      vue.fin ? el("p", { classe: "table-phrase", texte: vue.fin }) : null,
      vue.resultat ? null : el("form", { novalidate: true, "aria-label": vue.prochain, onsubmit: jouer }, el("h4", { texte: vue.prochain }), vueDes("Dés jetés", experience)),
      etat.suivi.carte ? carte(etat.suivi.carte) : null,
      vue.lignes.length ? el("ol", { classe: "table-historique" }, vue.lignes.map((l) => el("li", { texte: l.replace(/^Round \d+ : /, "") }))) : null,
    ];
  }

  function vueCooperatif(vue) {
    const t = etat.tour;
    const jouer = (ev) => {
      ev.preventDefault();
      operer("jouer", { des: t.des || null });
    };
    return [
      el("h3", { texte: `Test coopératif : ${vue.alpha}`, tabindex: "-1", "data-cle": "suivi" }),
      el("p", { texte: `Bêtas : ${vue.betas.join(", ")}. Aide jusqu'ici : ${vue.aide}.` }),
      vueLoi(vue.chances, "Chances d'ici à la fin", null),
      vue.refus_chances ? el("p", { classe: "table-note", texte: vue.refus_chances }) : null,
      vue.fin ? el("p", { classe: "table-phrase", texte: `${vue.resultat} : ${vue.fin}` }) : null,
      vue.prochain ? el("form", { novalidate: true, "aria-label": vue.prochain, onsubmit: jouer }, el("h4", { texte: vue.prochain }), vueDes("Dés jetés", null)) : null,
      etat.suivi.carte ? carte(etat.suivi.carte) : null,
      vue.lignes.length ? el("ol", { classe: "table-historique" }, vue.lignes.map((l) => el("li", { texte: l }))) : null,
    ];
  }

  function vueSuivi() {
    const s = etat.suivi;
    const vue = s.vue;
    const corps = s.sorte === "scene" ? vueScene(vue) : s.sorte === "etendu" ? vueEtendu(vue) : vueCooperatif(vue);
    const joues = s.sorte === "scene" ? vue.evenements : s.sorte === "etendu" ? vue.rounds : s.etat.des ? s.etat.des.length : 0;
    const quoi = s.sorte === "scene" ? "le dernier tour" : s.sorte === "etendu" ? "le dernier round" : "le dernier jet";
    return [
      corps,
      el(
        "div",
        { classe: "table-actions" },
        bouton(`Annuler ${quoi}`, () => operer("annuler", {}, "annuler"), { "data-cle": "annuler", disabled: !joues || s.enCours }),
        bouton("Partager l'état par lien", () => partager(SORTES[s.sorte], "", adresse("suivi", { sorte: s.sorte, etat: s.etat })), { "data-cle": "partager-suivi" }),
        confirmation("terminer", "Terminer et oublier", () => {
          etat.suivi = null;
          garderSuivi();
          annoncer("La scène est oubliée.");
          rendre("preparer-scene");
        })
      ),
    ];
  }

  function vuePanneauScene() {
    let corps;
    if (etat.suivi) corps = vueSuivi();
    else if (etat.preparation) corps = vuePreparation();
    else {
      corps = [
        el("p", { texte: "Aucune scène en cours. Suivre :" }),
        el(
          "div",
          { classe: "table-actions" },
          Object.entries(SORTES).map(([sorte, texte], i) => bouton(texte, () => preparer(sorte), { "data-cle": i === 0 ? "preparer-scene" : `preparer-${sorte}` }))
        ),
      ];
    }
    return el("section", { "aria-labelledby": "table-titre-scene" }, titreDeSection("h2", "table-titre-scene", "Scène suivie"), corps);
  }

  // --- La page -------------------------------------------------------------------------------------------

  const ONGLETS = { fiches: "Fiches", journal: "Journal", scene: "Scène" };

  function vueOnglets() {
    return el(
      "div",
      { classe: "table-onglets", role: "group", "aria-label": "Sections de la page" },
      Object.entries(ONGLETS).map(([cle, texte]) =>
        bouton(texte, () => {
          etat.onglet = cle;
          etat.confirmer = null;
          rendre(`onglet:${cle}`);
        }, { "aria-pressed": etat.onglet === cle ? "true" : "false", "data-cle": `onglet:${cle}` })
      )
    );
  }

  function vuePython() {
    const barre = el("progress", { "aria-label": "Chargement de Python" });
    barre.classList.toggle("table-cachee", !python.total || python.pret());
    if (python.total) {
      barre.max = python.total;
      barre.value = Math.min(python.recus, python.total);
    }
    return el("div", { classe: "table-python" }, el("p", { classe: "table-note", role: "status", texte: python.texte }), barre);
  }

  // Redessine la page ; le focus revient au contrôle de même clé (`focus`, sinon celui qui l'avait).
  function rendre(focus) {
    const actif = document.activeElement;
    const cle = focus || (actif && racine.contains(actif) && actif.dataset ? actif.dataset.cle : null);
    const panneau = etat.onglet === "fiches" ? vueFiches() : etat.onglet === "journal" ? vueJournal() : vuePanneauScene();
    const morceaux = [
      vueRecu(),
      vueOnglets(),
      vuePython(),
      el("p", { classe: "table-note table-annonce", role: "status", texte: etat.message }),
      panneau,
      etat.aCopier ? el("div", { classe: "table-champ" }, el("label", { for: "table-a-copier", texte: "À copier" }), el("textarea", { id: "table-a-copier", rows: "4", readonly: true }, etat.aCopier)) : null,
      el("p", { classe: "table-note table-persistance", texte: textePersistance() }),
    ];
    racine.replaceChildren(...morceaux.flat(Infinity).filter(Boolean));
    if (cle) {
      const cible = racine.querySelector(`[data-cle="${CSS.escape(cle)}"]`);
      if (cible && document.activeElement !== cible) cible.focus({ preventScroll: !focus });
    }
  }

  function initialiser() {
    etat.recu = lireLien();
    if (etat.recu && !etat.recu.illisible) python.prechauffer();
    // Le premier geste sur la page lance le chargement de Python : il sera prêt au premier jet.
    for (const geste of ["pointerdown", "focusin", "keydown"]) racine.addEventListener(geste, () => python.prechauffer(), { once: true, passive: true });
    if (etat.fiches.some((f) => f.brouillon || (f.fiche && !(f.lignes && f.lignes.length)))) python.prechauffer();
    rendre();
    // Pour les tests et le banc d'essai : les mêmes requêtes que les gestes.
    window.table = { demander: (requete) => python.demander(requete), etat, rendre };
  }

  // Après le moteur des cellules (window.cellules, posé par cellules.js à sa lecture) ; ce script est « defer ».
  let essais = 0;
  function demarrer() {
    if (window.cellules || !document.getElementById("cellules-config") || ++essais > 250) initialiser();
    else setTimeout(demarrer, 20);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", demarrer, { once: true });
  else demarrer();
})();
