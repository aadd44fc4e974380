"""Un parcours du site par mode et largeur : chaque page ouverte une fois, pour tous les tests qui la vérifient ainsi.

Quatre tests parcouraient chacun tout le site dans le même état qu'une des quatre
passes d'axe-core (clair et sombre, 1280 et 375 px) : la passe des feuilles de
style et l'ouverture de chaque page (clair, bureau), la chasse au débordement
(clair, téléphone), les arrêts de tabulation des termes du glossaire (clair,
bureau). Chaque page était ouverte cinq fois de trop. Ici, un
parcours ouvre chaque page une fois par mode et largeur et y relève tout ce que
les tests de cet état vérifient ; chaque test garde ses propres assertions sur
ces relevés (mêmes pages, mêmes contrôles). Le sombre à 375 px, qui ne relève
rien ailleurs, n'ouvre que l'accueil et les pages au code replié
(`pages_du_parcours`).

Chaque état est parcouru **une fois par exécution de la suite**, pour tous les workers
de pytest-xdist (`ParcoursDeLaSuite` : le premier qui le demande le fait sous un verrou
et l'écrit dans le dossier commun, les autres le lisent), quelle que soit la
distribution des tests ; le contrôleur compte les départs et la suite échoue si un
état part deux fois (`tests/test_parcours_une_fois.py`). Les tests d'un même état
portent `groupe(mode, largeur)` : ils vont au worker qui le parcourt, personne n'attend.
(Avant l'issue 38, chaque worker gardait ses parcours pour lui : qu'un test d'un état
tombe sur un autre worker, par `--dist load` ou `worksteal`, et cet autre worker
reparcourait tout le site : dix parcours au lieu de quatre sur quatre workers.)

`RELEVES` dit, en un seul endroit, ce que chaque parcours relève sur chaque page :

- `termes` (clair, bureau) : chaque terme du glossaire, s'il prend le focus, s'il se voit
  (`tests/test_accessibilite_interactions.py`), lu d'abord ;
- `schéma` (clair, bureau) : chaque déclaration des feuilles de style de la page qui dépend du schéma
  de couleurs, et celles qui y changent autre chose qu'une couleur (`SCHEMA`) ; `tests/test_accessibilite.py`
  prouve ainsi, page par page, que le mode sombre n'y change que les couleurs, à toute largeur ;
- `axe` : les violations d'axe-core, la page telle qu'elle se charge, chaque règle sauf celles des
  couleurs (`COULEURS`) : en clair sur chaque page ; en sombre, dont le relevé `schéma` prouve qu'il
  ne change que des couleurs, sur l'accueil seulement (`PAGES_AXE_SOMBRE` : la bascule de couleurs,
  que Material réécrit selon le schéma, y montre son autre étiquette) ;
- `composants` (clair et sombre, bureau) : chaque sélecteur de chaque feuille de style de la page
  (les nôtres, `docs/stylesheets/*.css`, et celles de Material) qui y touche un élément, dans ce
  schéma de couleurs ;
- `contraste` (clair et sombre, bureau) : les violations des règles des couleurs (`COULEURS` :
  `color-contrast`, `link-in-text-block`), sur chaque page qui
  montre un composant stylé (un sélecteur des `composants`) qu'aucune page déjà vérifiée de ce
  parcours n'a montré : une fois par schéma de couleurs, sur les pages dont les styles diffèrent
  (`tests/test_accessibilite.py` prouve que chaque composant stylé du site est ainsi vérifié) ;
- `axe code déplié` (les quatre) : sur les pages dont les cartes replient leur code
  (Premiers pas), les violations d'axe-core, toutes règles comprises, une fois « Voir le code »
  ouvert partout (`tests/test_cartes_navigateur.py`), relevé en dernier ;
- `feuilles de style` (clair, bureau) : combien d'éléments chaque sélecteur de nos
  feuilles touche (`tests/test_accessibilite.py`) ;
- `ouverture` (clair, bureau) : la réponse, le titre, les titres sans permalien,
  une fois le réseau calme, la page surveillée de bout en bout (`tests/surveillance.py`,
  `tests/test_navigateur.py`) ;
- `débordement` (clair, téléphone) : la largeur du document à 375 × 740 px, celle
  d'un téléphone (`tests/test_navigateur.py`) ;
- `cibles` (clair, téléphone) : chaque cible au doigt de la page et de son menu (le
  tiroir ouvert) qui fait moins de 44 × 44 px, et les tableaux qui défilent en
  hauteur (`tests/test_telephone_table.py`).
"""

from __future__ import annotations

import os
import pickle
import re
import time
import traceback
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.surveillance import Surveillance, monter_material

if TYPE_CHECKING:  # importé sans Playwright (la collecte des doctests lit chaque module de tests/)
    import pytest
    from playwright.sync_api import Browser, Page

__all__ = [
    "CIBLES",
    "COULEURS",
    "HAUTEUR",
    "LARGEURS",
    "MODES",
    "PAGES_AXE_SOMBRE",
    "PARTIELS",
    "RELEVES",
    "SCHEMA",
    "TELEPHONE",
    "Parcours",
    "ParcoursDeLaSuite",
    "ParcoursEchoue",
    "fautes_axe",
    "groupe",
    "pages_du_parcours",
    "parcourir",
]

MODES = {"clair": ("light", "default"), "sombre": ("dark", "slate")}
"""Le mode, le thème de couleurs émulé, et le schéma de Material attendu sur `<body>`."""

LARGEURS = {"bureau": 1280, "telephone": 375}

HAUTEUR = 900
"""La hauteur de la fenêtre des quatre parcours (celle des passes d'axe-core)."""

TELEPHONE = {"width": 375, "height": 740}
"""L'écran d'un téléphone, où la chasse au débordement mesure chaque page."""

RELEVES: dict[tuple[str, str], tuple[str, ...]] = {
    ("clair", "bureau"): (
        "termes",
        "schéma",
        "axe",
        "composants",
        "contraste",
        "feuilles de style",
        "ouverture",
        "axe code déplié",
    ),
    ("clair", "telephone"): ("axe", "débordement", "cibles", "axe code déplié"),
    ("sombre", "bureau"): ("axe", "composants", "contraste", "axe code déplié"),
    ("sombre", "telephone"): ("axe", "axe code déplié"),
}
"""Ce que chaque parcours (mode, largeur) relève sur chaque page."""

PARTIELS = {("sombre", "telephone")}
"""Les parcours qui n'ouvrent que les pages où ils relèvent quelque chose (`pages_du_parcours`)."""


def groupe(mode: str, largeur: str) -> pytest.MarkDecorator:
    """Le marqueur qui envoie les tests d'un même parcours au même worker de pytest-xdist."""
    import pytest

    return pytest.mark.xdist_group(f"parcours {mode} {largeur}")


# ---------------------------------------------------------------- axe-core

REGLES_WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""Les règles d'axe-core étiquetées WCAG 2.0 et 2.1, niveaux A et AA (le RGAA 4 s'y adosse)."""

GRAVES = {"serious", "critical"}

REGLES_NOMMEES = ["aria-dialog-name", "landmark-unique"]
"""Deux règles de bonne pratique que l'issue 13 relève : elles ne passent pas, quel que soit leur impact."""

COULEURS = ("color-contrast", "link-in-text-block")
"""Les règles d'axe-core qui lisent les couleurs calculées : un texte contre son fond (`color-contrast`, la plus
chère : sur un parcours de 48 pages, autant de processeur que toutes les autres règles ensemble), un lien contre
le texte qui l'entoure (`link-in-text-block`, 35 à 50 % du reste). Les seules qu'un schéma de couleurs peut faire
changer d'avis quand le schéma ne change que des couleurs (`SCHEMA`) ; elles passent une fois par schéma, sur les
pages dont les styles diffèrent (le relevé `contraste`)."""

PAGES_AXE_SOMBRE = ("",)
"""Les pages où le parcours sombre passe les règles d'axe-core hors couleurs : l'accueil, pour la bascule de
couleurs (son étiquette « Passer au mode clair » ne se voit qu'en sombre ; elle est la même sur chaque page) ;
ailleurs, le relevé `schéma` prouve que le sombre n'y change que des couleurs."""

PORTEES = ("toutes", "sans couleurs", "couleurs")
"""Ce qu'une passe d'axe-core vérifie : toutes les règles, toutes sauf `COULEURS`, ou `COULEURS` seules. Les deux
dernières ensemble font exactement la première."""

LANCER_AXE = """async ({regles, nommees, couleurs, portee}) => {
  const options = portee === "couleurs"
    ? {runOnly: {type: "rule", values: couleurs}, resultTypes: ["violations"]}
    : {
        runOnly: {type: "tag", values: regles},
        rules: Object.fromEntries(nommees.map(r => [r, {enabled: true}])),
        resultTypes: ["violations"],
      };
  if (portee === "sans couleurs") for (const r of couleurs) options.rules[r] = {enabled: false};
  const resultat = await axe.run(document, options);
  return resultat.violations.map(v => ({
    regle: v.id, impact: v.impact,
    noeuds: v.nodes.map(n => n.target.join(" ") + " — " + n.failureSummary.replace(/\\s+/g, " ").slice(0, 240)),
  }));
}"""


def fautes_axe(page: Page, axe_js: str, ou: str, portee: str = "toutes") -> list[str]:
    """Les violations graves (ou des règles nommées) de la page telle qu'elle est, une ligne lisible chacune.

    `axe_js` : l'adresse d'axe-core (la fixture `axe_core`). `portee` (`PORTEES`) : toutes les règles (le
    défaut), toutes sauf `COULEURS`, ou `COULEURS` seules."""
    if portee not in PORTEES:
        raise ValueError(f"portee doit être l'une de {PORTEES}, reçu {portee!r}")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(url=axe_js)
    fautes = []
    options = {"regles": REGLES_WCAG, "nommees": REGLES_NOMMEES, "couleurs": list(COULEURS), "portee": portee}
    for v in page.evaluate(LANCER_AXE, options):
        if v["impact"] in GRAVES or v["regle"] in REGLES_NOMMEES:
            exemples = "\n      ".join(v["noeuds"][:3])
            fautes.append(f"{ou} : {v['regle']} ({v['impact']}, {len(v['noeuds'])}×)\n      {exemples}")
    return fautes


# ---------------------------------------------------------------- les autres relevés

SELECTEURS = r"""(fichiers) => {
  const trouves = {};
  const corps = document.body, schema = corps.getAttribute("data-md-color-scheme");
  const visiter = (regles, fichier) => {
    for (const regle of regles) {
      if (regle.selectorText) {
        for (const selecteur of regle.selectorText.split(/,(?![^(]*\))/)) {
          // Sans pseudo-classes ni pseudo-éléments (:hover, ::before…), sauf :not / :is / :where / :has.
          const nu = selecteur.replace(/::?[\w-]+(\([^)]*\))?/g, m => /^:(not|is|where|has)\(/.test(m) ? m : "").trim();
          // Dans les deux schémas de couleurs (les règles [data-md-color-scheme="slate"] du mode sombre).
          let n = 0;
          for (const s of ["default", "slate"]) {
            corps.setAttribute("data-md-color-scheme", s);
            n += document.querySelectorAll(nu || "*").length;
          }
          corps.setAttribute("data-md-color-scheme", schema);
          trouves[fichier + " | " + selecteur.trim()] = n;
        }
      } else if (regle.cssRules) visiter(regle.cssRules, fichier);
    }
  };
  for (const feuille of document.styleSheets) {
    const fichier = (feuille.href || "").split("/").pop();
    if (fichiers.includes(fichier)) visiter(feuille.cssRules, fichier);
  }
  return trouves;
}"""
"""Pour chaque sélecteur de nos feuilles de style chargées dans la page : combien d'éléments il touche."""

COMPOSANTS = r"""() => {
  const GARDEES = /^:(not|is|where|has|nth-child|nth-last-child|nth-of-type|nth-last-of-type|first-child|last-child|only-child|first-of-type|last-of-type|only-of-type|empty|root|lang|dir)\b/;
  const selecteurs = [];
  const visiter = (regles, fichier) => {
    for (const regle of regles) {
      if (regle.selectorText) {
        for (const s of regle.selectorText.split(/,(?![^(]*\))/)) selecteurs.push(fichier + " | " + s.trim());
      } else if (regle.cssRules) visiter(regle.cssRules, fichier);
    }
  };
  for (const feuille of document.styleSheets) visiter(feuille.cssRules, (feuille.href || "").split("/").pop() || "(dans la page)");
  // Sans les états (:hover, :focus, :checked…) ni les pseudo-éléments (::before…) : la structure seule ; un
  // composé vidé devient « * » (« .a > :hover » → « .a > * »).
  const nu = s => s.replace(/::?[\w-]+(\((?:[^()]|\([^()]*\))*\))?/g, m => GARDEES.test(m) ? m : "")
    .replace(/(^|[\s>+~(,])(?=\s*(?:[>+~),]|$))/g, "$1*").trim() || "*";
  const presents = [], illisibles = [];
  for (const cle of new Set(selecteurs)) {
    try {
      if (document.querySelector(nu(cle.slice(cle.indexOf(" | ") + 3)))) presents.push(cle);
    } catch (e) { illisibles.push(cle); }
  }
  return {presents, illisibles};
}"""
"""Chaque sélecteur de chaque feuille de style de la page (« fichier | sélecteur ») qui y touche au moins un
élément, dans son état et son schéma de couleurs ; `illisibles`, ceux que le navigateur ne sait pas lire ainsi."""

SCHEMA = r"""() => {
  // Chaque déclaration qu'un schéma de couleurs allume ou éteint : une règle dont le sélecteur lit
  // data-md-color-scheme (Material pose "default" ou "slate" sur <body>), ou sous une condition
  // prefers-color-scheme. Permise si elle ne fait que peindre (PEINDRE), si c'est une propriété
  // personnalisée dont la valeur est une couleur, ou qui ne sert qu'à des valeurs de couleur (--md-hue,
  // l'angle des couleurs de Material), ou si sa règle ne touche aucun élément de la page, dans aucun
  // des deux schémas (l'image « #only-dark » que Material cache en clair). Le reste est une faute.
  const PEINDRE = /^(color|color-scheme|accent-color|caret-color|fill|stroke|stop-color|flood-color|lighting-color|box-shadow|text-shadow|scrollbar-color|-webkit-tap-highlight-color|-webkit-text-fill-color|background(-[a-z-]+)?|(border|outline|column-rule|text-decoration|text-emphasis)(-[a-z]+)*-color)$/;
  const SCHEMA = /data-md-color-scheme/, MEDIA = /prefers-color-scheme/;
  // Les déclarations d'une règle, telles qu'écrites (un raccourci reste un raccourci, ses var() aussi).
  const declarations = (style) => {
    const morceaux = [];
    let courant = "", profondeur = 0, guillemet = null;
    for (const c of style.cssText) {
      if (guillemet) { if (c === guillemet) guillemet = null; }
      else if (c === '"' || c === "'") guillemet = c;
      else if (c === "(") profondeur++;
      else if (c === ")") profondeur--;
      else if (c === ";" && profondeur === 0) { morceaux.push(courant); courant = ""; continue; }
      courant += c;
    }
    morceaux.push(courant);
    return morceaux.map((m) => m.trim()).filter(Boolean).map((m) => {
      const i = m.indexOf(":");
      return [m.slice(0, i).trim(), m.slice(i + 1).replace(/\s*!important$/, "").trim()];
    });
  };
  const regles = [], usages = {};
  const visiter = (liste, fichier, selecteurs, condition) => {
    for (const r of liste) {
      const sel = r.selectorText !== undefined ? selecteurs.concat(r.selectorText) : selecteurs;
      const cond = condition + " " + (r.conditionText || (r.media && r.media.mediaText) || "");
      if (r.style) {
        const decl = declarations(r.style);
        regles.push({fichier, selecteurs: sel, condition: cond, decl});
        for (const [propriete, valeur] of decl)
          for (const m of valeur.matchAll(/var\(\s*(--[\w-]+)/g)) (usages[m[1]] ||= []).push([propriete, valeur]);
      }
      if (r.cssRules) visiter(r.cssRules, fichier, sel, cond);
    }
  };
  for (const f of document.styleSheets) visiter(f.cssRules, (f.href || "").split("/").pop() || "(dans la page)", [], "");
  // Les propriétés personnalisées de couleur : chaque valeur qu'on leur donne, où que ce soit, est une couleur une
  // fois chaque var() remplacée, par une couleur si elle en est une, sinon par 0 (ou chacune par 0 : la teinte
  // de hsla(var(--md-hue), …)) ; le plus grand ensemble stable.
  const valeurs = {};
  for (const r of regles) for (const [p, v] of r.decl) if (p.startsWith("--")) (valeurs[p] ||= []).push(v);
  const couleurs = new Set(Object.keys(valeurs));
  const VAR = /var\(\s*(--[\w-]+)\s*(,[^()]*)?\)/g;
  const couleur = (v) => CSS.supports("color", v.replace(VAR, (_, x) => couleurs.has(x) ? "red" : "0"))
    || CSS.supports("color", v.replace(VAR, "0"));
  for (let change = true; change;) {
    change = false;
    for (const x of [...couleurs]) if (!valeurs[x].every(couleur)) { couleurs.delete(x); change = true; }
  }
  // Une propriété personnalisée qui ne sert qu'à peindre : chaque var() qui la lit est dans une couleur.
  const peint = (x) => couleurs.has(x) || (usages[x] || []).every(([p]) => PEINDRE.test(p) || couleurs.has(p));
  // Un sélecteur (et ceux qui l'entourent) touche-t-il un élément, en clair ou en sombre ? Sans les états.
  const corps = document.body, schema = corps.getAttribute("data-md-color-scheme");
  const nu = (s) => s.replace(/::?(hover|focus|focus-visible|focus-within|active|visited|checked|target|before|after|placeholder|marker|selection)\b/g, "");
  const touche = (selecteurs) => {
    if (!selecteurs.length) return true;  // une déclaration sans sélecteur (@font-face…) : comptée comme touchant
    const s = selecteurs.map(nu).reduce((dehors, dedans) => dedans.includes("&") ? dedans.replaceAll("&", `:is(${dehors})`) : `:is(${dehors}) ${dedans}`);
    try {
      return ["default", "slate"].some((x) => { corps.setAttribute("data-md-color-scheme", x); return document.querySelector(s) !== null; });
    } catch (e) { return true; } finally { corps.setAttribute("data-md-color-scheme", schema); }
  };
  const fautes = [];
  let vues = 0;
  for (const r of regles) {
    if (!r.selecteurs.some((s) => SCHEMA.test(s)) && !MEDIA.test(r.condition)) continue;
    for (const [propriete, valeur] of r.decl) {
      vues++;
      if (PEINDRE.test(propriete)) continue;
      if (propriete.startsWith("--") && peint(propriete)) continue;
      if (!touche(r.selecteurs)) continue;
      fautes.push(`${r.fichier} | ${r.selecteurs.join(" { ")} | ${propriete}: ${valeur.slice(0, 80)}`);
    }
  }
  return {vues, fautes};
}"""
"""Ce qu'un schéma de couleurs change à la page, hors couleurs : `vues`, combien de déclarations dépendent du
schéma ; `fautes`, celles qui changent autre chose qu'une couleur sur un élément de la page (« fichier | sélecteur |
propriété: valeur »). Aucune faute : le sombre ne change que des couleurs, ce que lisent seules les règles d'axe-core
`COULEURS`."""


TERMES = """() => {
  const termes = [...document.querySelectorAll('.md-content abbr')];
  const blocs = 'details, .tabbed-block, .calc-mecanique';  // ceux de docs/javascripts/accessibilite.js
  const repliables = [...document.querySelectorAll(`.md-content :is(${blocs})`)];
  return termes.map(a => ({
    definition: a.getAttribute('data-terme') || a.title,
    bloc: repliables.indexOf(a.closest(blocs)),
    visible: a.checkVisibility(),
    focalisable: a.tabIndex >= 0 && a.hasAttribute('tabindex'),
  }));
}"""
"""Chaque terme du glossaire de la page : sa définition, son bloc repliable, s'il se voit, s'il prend le focus."""

SANS_ARRET_VISIBLE = """(chemin) => {
  // Chaque définition visible de la page a une occurrence visible qui prend le focus.
  const visibles = [...document.querySelectorAll('.md-content abbr')].filter(a => a.checkVisibility());
  const atteintes = new Set(visibles.filter(a => a.tabIndex >= 0).map(a => a.getAttribute('data-terme')));
  return [...new Set(visibles.map(a => a.getAttribute('data-terme')))].filter(d => !atteintes.has(d))
    .map(d => chemin + ' : aucune occurrence visible ne prend le focus (' + (d || '').slice(0, 50) + ')');
}"""
"""Les définitions visibles de la page qu'aucune occurrence visible ne laisse atteindre au clavier."""

DEUX_IMAGES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
"""Attendre que deux images soient peintes : les changements de la page sont à l'écran."""

CODE_REPLIE = "details.carte-code:not([open])"
"""Le code d'une carte replié sous « Voir le code » (les Premiers pas le replient, les règles le montrent)."""

_CODE_REPLIE_HTML = re.compile(r'<details class="carte-code[^"]*"(?![^>]*\bopen\b)[^>]*>')
"""`CODE_REPLIE` tel que la construction l'écrit : un `<details class="carte-code…">` sans `open`."""

DEPLIER = f"() => document.querySelectorAll('{CODE_REPLIE}').forEach(d => {{ d.open = true; }})"

FAUTIFS = """(l) => [...document.querySelectorAll('article *')]
    .filter(e => e.getBoundingClientRect().right > l + 1)
    .slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + e.textContent.slice(0, 40))"""
"""Les trois premiers éléments de l'article qui dépassent la largeur `l` de l'écran."""


def _debordement(page: Page) -> dict[str, Any]:
    """La largeur du document et de l'écran d'un téléphone (et les fautifs s'il déborde), puis l'écran rétabli."""
    page.set_viewport_size(TELEPHONE)
    largeurs = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    fautifs = page.evaluate(FAUTIFS, largeurs[1]) if largeurs[0] > largeurs[1] else []
    page.set_viewport_size({"width": TELEPHONE["width"], "height": HAUTEUR})
    return {"document": largeurs[0], "ecran": largeurs[1], "fautifs": fautifs}


def _ouverture(page: Page, reponse: Any) -> dict[str, Any]:
    """Une fois le réseau calme : la réponse, le titre de l'article visible, les titres sans permalien."""
    from playwright.sync_api import expect

    page.wait_for_load_state("networkidle")  # le plus souvent déjà atteint pendant axe-core
    try:
        expect(page.locator("article h1").first).to_be_visible()
        titre = True
    except AssertionError:
        titre = False
    return {
        "ok": reponse is not None and reponse.ok,
        "statut": reponse.status if reponse is not None else None,
        "titre": titre,
        "sans_permalien": page.locator(":is(article h2, article h3, article h4)[id]:not(:has(a.headerlink))").count(),
    }


# ---------------------------------------------------------------- les cibles au doigt (relevé « cibles »)

CIBLES = r"""() => {
  // Ce qu'un doigt touche : liens, boutons, champs, étiquettes, résumés, termes du glossaire (WCAG 2.5.5 : 44 px).
  const MIN = 44;
  const CIBLES = 'a[href], button, summary, input:not([type=hidden]), select, textarea, label[for], [role=button], '
    + 'abbr[title], abbr[data-terme]';
  const PHRASES = 'p, li, td, th, dd, dt, figcaption, blockquote, code, .md-copyright';
  const texte = (e) => (e.textContent || '').replace(/\s+/g, ' ').trim();
  const visible = (e) => {
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > 0 && r.left < innerWidth;
  };
  // Un lien au fil d'une phrase ou d'une ligne de code (WCAG 2.5.5, exception « en ligne ») : son bloc a
  // d'autres mots que lui. Un terme du glossaire n'en profite pas : on le touche pour lire sa définition.
  const dansUnePhrase = (e) => {
    if (e.tagName !== 'A') return false;
    const bloc = e.parentElement && e.parentElement.closest(PHRASES);
    return Boolean(bloc) && texte(bloc).length > texte(e).length + 1;
  };
  // La zone qu'un doigt touche : la boîte de l'élément, agrandie par un ::before ou ::after posé en absolu.
  const taille = (e) => {
    const r = e.getBoundingClientRect();
    let l = r.width, h = r.height;
    for (const pseudo of ['::before', '::after']) {
      const s = getComputedStyle(e, pseudo);
      if (s.content !== 'none' && s.position === 'absolute') {
        l = Math.max(l, parseFloat(s.width) || 0);
        h = Math.max(h, parseFloat(s.height) || 0);
      }
    }
    return [l, h];
  };
  const assez = (e) => { const [l, h] = taille(e); return l >= MIN - 0.5 && h >= MIN - 0.5; };
  // Une cible équivalente (WCAG 2.5.5, exception « équivalent ») : l'étiquette d'une case, le champ d'une étiquette.
  const equivalents = (e) =>
    e.tagName === 'INPUT' ? [...(e.labels || [])] : e.tagName === 'LABEL' && e.control ? [e.control] : [];
  const nom = (e) => {
    const classes = (x) => typeof x.className === 'string' && x.className.trim() ? x.className.trim().split(/\s+/) : [];
    const p = e.parentElement;
    const parent = p ? p.tagName.toLowerCase() + classes(p).slice(0, 1).map((c) => '.' + c).join('') + ' > ' : '';
    return parent + e.tagName.toLowerCase() + classes(e).map((c) => '.' + c).join('');
  };
  const mesurer = (racine, ou) => {
    const r = { mesurees: 0, en_ligne: 0, petites: [] };
    for (const e of racine.querySelectorAll(CIBLES)) {
      if (!visible(e)) continue;
      const dehors = e.parentElement && e.parentElement.closest(CIBLES);
      if (dehors && visible(dehors)) continue;  // la cible qui l'entoure est celle que le doigt touche
      if (dansUnePhrase(e)) { r.en_ligne++; continue; }
      r.mesurees++;
      if (assez(e) || equivalents(e).some((x) => visible(x) && assez(x))) continue;
      const [l, h] = taille(e);
      const dit = texte(e) || e.getAttribute('aria-label') || e.getAttribute('title') || '';
      r.petites.push({ quoi: ou + nom(e), texte: dit.slice(0, 40), l: Math.round(l), h: Math.round(h) });
    }
    return r;
  };
  const page = mesurer(document, '');
  // Le menu du site (le tiroir d'un téléphone), ouvert le temps de le mesurer, sans ses transitions.
  const tiroir = document.getElementById('__drawer');
  const barre = document.querySelector('.md-sidebar--primary');
  let menu = { mesurees: 0, en_ligne: 0, petites: [] };
  if (tiroir && barre && !tiroir.checked) {
    const sans = document.createElement('style');
    sans.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(sans);
    tiroir.checked = true;
    menu = mesurer(barre, 'menu : ');
    tiroir.checked = false;
    getComputedStyle(barre).visibility;  // le tiroir refermé avant que les transitions reviennent
    sans.remove();
  }
  // Une zone de toucher agrandie ne doit faire défiler aucun tableau en hauteur.
  const tables = [...document.querySelectorAll('article table')].filter((t) =>
    /(auto|scroll)/.test(getComputedStyle(t).overflowY) && t.scrollHeight > t.clientHeight + 1).length;
  return {
    mesurees: page.mesurees + menu.mesurees,
    en_ligne: page.en_ligne + menu.en_ligne,
    petites: page.petites.concat(menu.petites),
    tables_qui_defilent: tables,
  };
}"""
"""Les cibles au doigt de la page et de son menu qui font moins de 44 × 44 px (hors liens au fil d'une phrase)."""


def _cibles(page: Page) -> dict[str, Any]:
    """Les cibles trop petites pour un doigt, à 375 px, Material monté (le relevé « cibles »)."""
    return dict(page.evaluate(CIBLES))


# ---------------------------------------------------------------- le parcours


@dataclass
class Parcours:
    """Ce qu'un parcours a relevé : `releves[quoi][page]`, et la surveillance de tout le parcours (clair, bureau)."""

    mode: str
    largeur: str
    pages: list[str]
    releves: dict[str, dict[str, Any]] = field(default_factory=dict)
    surveillance: Surveillance | None = None
    duree: float = 0.0

    def __getitem__(self, quoi: str) -> dict[str, Any]:
        return self.releves[quoi]


def pages_du_parcours(mode: str, largeur: str, pages: list[str], html: Callable[[str], str]) -> list[str]:
    """Les pages que le parcours (mode, largeur) ouvre, dans l'ordre de `pages` ; `html(page)` est son HTML construit.

    Chaque parcours ouvre chaque page, sauf le sombre à 375 px (`PARTIELS`), qui n'y relèverait rien : les règles
    d'axe-core hors couleurs n'y passent qu'à l'accueil (`PAGES_AXE_SOMBRE`), celles des couleurs à 1280 px, et le
    sombre à 1280 px vérifie déjà le schéma de Material sur chaque page (la largeur n'y change rien : il suit
    `prefers-color-scheme`). Il ouvre donc l'accueil et les pages dont les cartes replient leur code, qu'il déplie
    et passe à axe-core, toutes règles comprises (`axe code déplié`). `tests/test_accessibilite.py` et
    `tests/test_cartes_navigateur.py` le vérifient sur le site construit.
    """
    if (mode, largeur) not in PARTIELS:
        return list(pages)
    return [p for p in pages if p in PAGES_AXE_SOMBRE or _CODE_REPLIE_HTML.search(html(p))]


def parcourir(
    browser: Browser, adresse: str, pages: list[str], axe_js: str, feuilles: list[str], mode: str, largeur: str
) -> Parcours:
    """Ouvre chaque page une fois, en `mode` à `largeur`, et y relève ce que `RELEVES` demande."""
    from playwright.sync_api import expect

    theme, schema = MODES[mode]
    quoi = RELEVES[(mode, largeur)]
    debut = time.perf_counter()
    contexte = browser.new_context(
        viewport={"width": LARGEURS[largeur], "height": HAUTEUR}, color_scheme=theme, service_workers="block"
    )
    page = contexte.new_page()
    parcours = Parcours(mode, largeur, list(pages), {q: {} for q in quoi})
    if "ouverture" in quoi:
        parcours.surveillance = Surveillance(page)
    couverts: set[str] = set()  # les composants stylés déjà vus sur une page passée à color-contrast
    try:
        for chemin in pages:
            reponse = page.goto(adresse + chemin, wait_until="load")
            expect(page.locator("body")).to_have_attribute("data-md-color-scheme", schema)
            page.evaluate(DEUX_IMAGES)
            _relever(page, chemin, reponse, parcours, axe_js, feuilles, couverts)
    finally:
        contexte.close()
    parcours.duree = time.perf_counter() - debut
    return parcours


def _relever(
    page: Page,
    chemin: str,
    reponse: Any,
    parcours: Parcours,
    axe_js: str,
    feuilles: list[str],
    couverts: set[str],
) -> None:
    """Ce que `RELEVES` demande sur la page ouverte, dans cet ordre (chacun ne change rien à la page, sauf le dernier)."""
    quoi = parcours.releves
    if "termes" in quoi:  # la page telle qu'elle se charge, avant tout autre relevé
        quoi["termes"][chemin] = {
            "termes": page.evaluate(TERMES),
            "sans_arret_visible": page.evaluate(SANS_ARRET_VISIBLE, chemin),
        }
    # La suite : la page telle qu'un lecteur l'a touchée, Material monté à son premier geste
    # (javascripts/material-a-la-demande.js ; avant tout geste : tests/test_material_a_la_demande.py).
    monter_material(page)
    if "schéma" in quoi:
        quoi["schéma"][chemin] = page.evaluate(SCHEMA)
    if parcours.mode == "clair" or chemin in PAGES_AXE_SOMBRE:
        quoi["axe"][chemin] = fautes_axe(page, axe_js, chemin, "sans couleurs")
    if "composants" in quoi:
        quoi["composants"][chemin] = composants = page.evaluate(COMPOSANTS)
        if not couverts.issuperset(composants["presents"]):  # un composant qu'aucune page vérifiée n'a montré
            quoi["contraste"][chemin] = fautes_axe(page, axe_js, chemin, "couleurs")
            couverts.update(composants["presents"])
    if "feuilles de style" in quoi:
        quoi["feuilles de style"][chemin] = page.evaluate(SELECTEURS, feuilles)
    if "débordement" in quoi:
        quoi["débordement"][chemin] = _debordement(page)
    if "cibles" in quoi:
        quoi["cibles"][chemin] = _cibles(page)
    if "ouverture" in quoi:
        quoi["ouverture"][chemin] = _ouverture(page, reponse)
    if "axe code déplié" in quoi and page.locator(CODE_REPLIE).count():  # en dernier : la page change
        page.evaluate(DEPLIER)
        quoi["axe code déplié"][chemin] = fautes_axe(page, axe_js, chemin + " (code déplié)")


class ParcoursEchoue(Exception):
    """Un parcours a échoué : chaque test qui le lit échoue de la même erreur, sans reparcourir."""


@dataclass
class ParcoursDeLaSuite:
    """Les parcours d'une exécution de la suite, chacun fait **une fois** pour tous les workers.

    Le premier processus qui demande un état (mode, largeur) le parcourt, sous un verrou de fichier
    propre à cet état dans `dossier` (le dossier temporaire commun aux workers), et y écrit ce qu'il a
    relevé ; tout autre test qui le demande, dans ce worker ou un autre, lit ce fichier (un worker qui
    attend le verrou attend la fin du parcours, il ne le refait pas). Ainsi, quelle que soit la
    distribution des tests (`--dist loadgroup`, `load`, `worksteal`, un test déplacé d'un worker à
    l'autre), chaque état n'est parcouru qu'une fois ; `groupe(mode, largeur)` garde seulement les
    tests d'un état auprès de celui qui le parcourt, pour que personne n'attende.

    Chaque départ de parcours est noté (`noter`) sur le test qui l'a provoqué : le contrôleur les
    compte et la suite échoue si un état est parcouru deux fois (`tests/conftest.py`,
    `tests/test_parcours_une_fois.py`). Un parcours qui échoue écrit son erreur à la place de ses
    relevés : chaque test qui le lit échoue avec elle, sans le refaire."""

    dossier: Path
    verrou: Callable[[Path], AbstractContextManager[None]]
    lus: dict[tuple[str, str], Parcours | str] = field(default_factory=dict)

    def obtenir(
        self,
        mode: str,
        largeur: str,
        faire: Callable[[str, str], Parcours],
        annoncer: Callable[[str], None],
        noter: Callable[[str], None],
    ) -> Parcours:
        """Le parcours (mode, largeur) : lu s'il est fait, sinon fait ici (`faire`), annoncé et noté.

        `annoncer` dit, pendant que la suite tourne, quel parcours commence et combien de temps il a pris ;
        `noter` reçoit l'état (« clair, 1280 px ») quand ce processus commence à le parcourir."""
        cle = (mode, largeur)
        if cle not in self.lus:
            self.lus[cle] = self._lire_ou_faire(mode, largeur, faire, annoncer, noter)
        resultat = self.lus[cle]
        if isinstance(resultat, str):
            raise ParcoursEchoue(resultat)
        return resultat

    def _lire_ou_faire(
        self,
        mode: str,
        largeur: str,
        faire: Callable[[str, str], Parcours],
        annoncer: Callable[[str], None],
        noter: Callable[[str], None],
    ) -> Parcours | str:
        self.dossier.mkdir(parents=True, exist_ok=True)
        fichier = self.dossier / f"{mode}-{largeur}.pickle"
        with self.verrou(self.dossier / f"{mode}-{largeur}.verrou"):
            if not fichier.exists():
                noter(f"{mode}, {LARGEURS[largeur]} px")
                annoncer(f"Parcours {mode}, {LARGEURS[largeur]} px ({', '.join(RELEVES[(mode, largeur)])})…")
                try:
                    fait = faire(mode, largeur)
                    _ecrire(fichier, fait)
                except BaseException as erreur:  # même une annulation (asyncio.CancelledError) : notée, jamais refaite
                    texte = "".join(traceback.format_exception(erreur))
                    _ecrire(fichier, f"le parcours {mode}, {LARGEURS[largeur]} px a échoué ({_qui()}) :\n{texte}")
                    raise
                annoncer(
                    f"Parcours {mode}, {LARGEURS[largeur]} px fait en {fait.duree:.0f} s ({len(fait.pages)} pages)."
                )
            lu: Parcours | str = pickle.loads(fichier.read_bytes())
            return lu


def _qui() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "pytest seul") + f", processus {os.getpid()}"


def _ecrire(fichier: Path, fait: Parcours | str) -> None:
    """Écrit le parcours d'un coup (un fichier temporaire renommé) : un lecteur ne voit jamais un fichier à moitié.
    La surveillance y va par ses relevés seuls (`Surveillance.__getstate__`), que `Surveillance.verifier` juge."""
    provisoire = fichier.with_suffix(".provisoire")
    provisoire.write_bytes(pickle.dumps(fait))
    provisoire.replace(fichier)
