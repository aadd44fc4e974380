// « Et si… ? » : les variantes qu'un groupe garde sur son appareil (localStorage), et le bandeau discret qui le
// rappelle sur chaque page qu'elles changent, avec un seul geste pour revenir au texte.
//
// Les pages restent calculées sous le texte tel que le site le lit : le bandeau le dit, et mène à la page
// « Et si… ? », qui montre ce que change chaque variante. Sur cette page, chaque variante a son bouton
// « Garder cette lecture ». Le calculateur coche d'avance les variantes gardées (docs/javascripts/calculateur.js).
// Tout ce qui est écrit l'est par textContent ; l'identifiant lu de l'appareil n'est montré que s'il est connu.
(() => {
  "use strict";

  const CLE = "regles-variantes";
  const donnees = document.getElementById("et-si-variantes");
  if (!donnees) return;
  const CONNUES = JSON.parse(donnees.textContent); // {id: {titre, page}}, écrit par hooks/variantes/variantes.py

  function gardees() {
    try {
      const lues = JSON.parse(localStorage.getItem(CLE) || "[]");
      return Array.isArray(lues) ? lues.filter((id) => Object.hasOwn(CONNUES, id)) : [];
    } catch {
      return [];
    }
  }

  function garder(ids) {
    try {
      if (ids.length) localStorage.setItem(CLE, JSON.stringify(ids));
      else localStorage.removeItem(CLE);
    } catch {
      // un stockage refusé (navigation privée) : rien n'est gardé, le texte reste la lecture
    }
    montrer();
    boutons();
  }

  function element(nom, classe, texte) {
    const e = document.createElement(nom);
    if (classe) e.className = classe;
    if (texte !== undefined) e.textContent = texte;
    return e;
  }

  // Le bandeau : sur la page « Et si… ? » et au calculateur dès qu'une variante est gardée ; sur une page de
  // règles, seulement si une variante gardée y lit une boîte autrement.
  // Le bandeau, en tête du contenu de la page : créé caché, rempli quand une variante gardée la concerne.
  function bandeau() {
    let b = document.querySelector(".et-si-bandeau");
    if (b) return b;
    const article = document.querySelector("article.md-content__inner");
    if (!article) return null;
    b = element("div", "et-si-bandeau"); // pas un <aside> : un repère complémentaire dans l'article serait mal placé
    b.hidden = true;
    article.prepend(b);
    return b;
  }

  function montrer() {
    const zone = bandeau();
    if (!zone) return;
    const toutes = gardees();
    const concernees = donnees.dataset.toutes === "oui" ? toutes : toutes.filter((id) => CONNUES[id].page === donnees.dataset.page);
    zone.replaceChildren();
    zone.hidden = !concernees.length;
    if (!concernees.length) return;
    const n = toutes.length;
    const p = element("p", "et-si-bandeau-texte");
    p.appendChild(element("strong", null, `Vous lisez avec ${n} variante${n > 1 ? "s" : ""}`));
    p.appendChild(document.createTextNode(` : ${concernees.map((id) => CONNUES[id].titre).join(" ; ")}. `));
    const voir = element("a", null, concernees.length > 1 ? "Ce qu'elles changent" : "Ce qu'elle change");
    voir.href = `${donnees.dataset.etSi}#${concernees[0]}`;
    p.appendChild(voir);
    p.appendChild(document.createTextNode(". Les chiffres de cette page suivent le texte. "));
    const retour = element("button", "md-button et-si-retour", "Revenir au texte");
    retour.type = "button";
    retour.addEventListener("click", () => garder([]));
    p.appendChild(retour);
    zone.appendChild(p);
  }

  // Sur la page « Et si… ? » : un bouton par variante, sous son titre, pour la garder ou la laisser.
  function boutons() {
    const toutes = gardees();
    for (const titre of document.querySelectorAll(".md-content h4[id]")) {
      const id = titre.id;
      if (!Object.hasOwn(CONNUES, id)) continue;
      let bouton = titre.nextElementSibling?.classList.contains("et-si-garder") ? titre.nextElementSibling : null;
      if (!bouton) {
        bouton = element("button", "md-button et-si-garder");
        bouton.type = "button";
        bouton.addEventListener("click", () => {
          const avant = gardees();
          // Garder une variante laisse celles qui l'excluent (elles fixent un même point autrement).
          const exclues = CONNUES[id].exclut;
          garder(avant.includes(id) ? avant.filter((x) => x !== id) : [...avant.filter((x) => !exclues.includes(x)), id]);
        });
        titre.after(bouton);
      }
      const garde = toutes.includes(id);
      bouton.textContent = garde ? "Ne plus garder cette lecture" : "Garder cette lecture sur cet appareil";
      bouton.setAttribute("aria-pressed", garde ? "true" : "false");
    }
  }

  montrer();
  if (donnees.dataset.toutes === "oui") boutons();
  window.addEventListener("storage", (e) => e.key === CLE && (montrer(), boutons()));
})();
