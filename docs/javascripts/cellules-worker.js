// Le Python de la page, hors du fil principal : Pyodide et le paquet `rules` servis par le site.
//
// Chargé (module worker) dès que le lecteur s'approche d'une cellule ou d'un formulaire. Messages reçus :
//   {type: "charger", pyodide: "<adresse du dossier de Pyodide>/", paquet: "<adresse du zip de rules>"}
//   {type: "executer", id, precedentes: [sources…], source}
//   {type: "calculer", id, requete: "<JSON>"} (le calculateur : rules.calculateur.calculer_json, des données)
//   {type: "table", id, requete: "<JSON>"} (la page « À la table » : table_session.repondre_json, des données)
// Messages envoyés : {type: "progres", texte, recus} (recus : octets du runtime reçus jusqu'ici),
//   {type: "pret", instantane, adresses} (instantane : "repris", "a-prendre" ou "sans", voir plus bas ;
//   adresses : ce que ce worker a reçu, que la page fait garder hors ligne),
//   {type: "instantane", garde} (garde : vrai si l'instantané est gardé), {type: "echec", message},
//   {type: "resultat", id, resultat: {etapes: [{code, sortie}], erreur, precedente}}.
// Une cellule sans fin s'arrête en mettant fin à ce worker (Worker.terminate) : la page en
// recrée un au besoin, et sa session repart de zéro.
//
// L'instantané : à la première visite, une fois `rules` importé (et avant toute cellule du lecteur), la
// mémoire de Python est copiée (Pyodide, makeMemorySnapshot : 31 Mo), compressée (gzip : 5,3 Mo) et
// gardée par le navigateur (Cache Storage, cache INSTANTANES, sous le nom du paquet et de Pyodide : un
// seul à la fois). Les visites suivantes en repartent : Python n'a plus à démarrer ni `rules` à
// s'importer (ce qui prenait 1,2 s ici en prend 0,5). Rien n'est téléchargé pour cela. Un instantané
// illisible (Pyodide l'a refusé) est effacé et Python démarre comme à la première visite. Le hasard
// des dés est ressemé à chaque reprise : deux visites ne tirent pas les mêmes dés.

let pret = null;
let session = null;
let python = null;
let calculateur = null;
let table = null;
let aPrendre = null; // l'instantané à prendre (voir prendreInstantane), ou null

// Les octets reçus : ceux des fetch de Pyodide et du paquet, comptés au fil de l'eau, et ceux des modules
// JavaScript de Pyodide (import), comptés une fois arrivés (Resource Timing du worker).
let recusParFetch = 0;
let texteCourant = "Chargement de Python dans votre navigateur…";
const fetchDuNavigateur = globalThis.fetch.bind(globalThis);

function recus() {
  let modules = 0;
  for (const e of performance.getEntriesByType("resource")) {
    if (e.initiatorType !== "fetch" && e.name.endsWith(".mjs")) modules += e.encodedBodySize || e.decodedBodySize || 0;
  }
  return recusParFetch + modules;
}

function progres(texte) {
  if (texte) texteCourant = texte;
  postMessage({ type: "progres", texte: texteCourant, recus: recus() });
}

globalThis.fetch = async (...args) => {
  const reponse = await fetchDuNavigateur(...args);
  if (!reponse.body) return reponse;
  let depuis = 0;
  const compteur = new TransformStream({
    transform(morceau, controle) {
      recusParFetch += morceau.byteLength;
      depuis += morceau.byteLength;
      if (depuis > 256 * 1024) {
        depuis = 0;
        progres();
      }
      controle.enqueue(morceau);
    },
  });
  const { status, statusText, headers } = reponse;
  return new Response(reponse.body.pipeThrough(compteur), { status, statusText, headers });
};

const INSTANTANES = "regles-executables instantanés de Python";
const IMPORTS = `
import sys
sys.path.insert(0, "/home/pyodide/cellules")
import cellules_session
import rules
import rules.calculateur
import table_session
`;

// L'instantané gardé pour ce paquet et ce Pyodide (décompressé), ou null : absent, ou pas de Cache Storage.
async function lireInstantane(cle) {
  try {
    const cache = await caches.open(INSTANTANES);
    const reponse = await cache.match(cle);
    if (!reponse) return null;
    return new Uint8Array(await new Response(reponse.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  } catch {
    return null;
  }
}

// Garde l'instantané (compressé) sous `cle` et efface ceux d'un autre paquet ou d'un autre Pyodide ; vrai s'il l'est.
async function garderInstantane(cle, octets) {
  try {
    const gz = new Blob([octets]).stream().pipeThrough(new CompressionStream("gzip"));
    const corps = await new Response(gz).arrayBuffer();
    const cache = await caches.open(INSTANTANES);
    for (const requete of await cache.keys()) if (requete.url !== cle) await cache.delete(requete);
    await cache.put(cle, new Response(corps, { headers: { "Content-Type": "application/gzip" } }));
    return true;
  } catch {
    return false; // pas de place : la visite suivante démarrera Python comme celle-ci
  }
}

async function effacerInstantane(cle) {
  try {
    await (await caches.open(INSTANTANES)).delete(cle);
  } catch {
    // rien à effacer
  }
}

async function charger(adressePyodide, adressePaquet) {
  progres("Chargement de Python dans votre navigateur…");
  // Le paquet arrive pendant que Pyodide démarre (une attente de moins) ; son échec est dit après.
  const paquet = fetch(adressePaquet).then(async (reponse) => {
    if (!reponse.ok) throw new Error(`le paquet rules est introuvable (${reponse.status})`);
    return reponse.arrayBuffer();
  });
  paquet.catch(() => {}); // lu plus bas : pas de rejet « non traité » pendant le démarrage
  const cle = `${adressePaquet}?instantane=${encodeURIComponent(adressePyodide)}`;
  const avecCache = typeof caches !== "undefined";
  // L'instantané se lit pendant que les modules de Pyodide arrivent (le second est celui que loadPyodide importe).
  const [instantane, { loadPyodide }] = await Promise.all([
    avecCache ? lireInstantane(cle) : null,
    import(new URL("pyodide.mjs", adressePyodide).href),
    import(new URL("pyodide.asm.mjs", adressePyodide).href),
  ]);
  let pyodide = null;
  let etat = "sans";
  if (instantane) {
    try {
      pyodide = await loadPyodide({ indexURL: adressePyodide, _loadSnapshot: instantane });
      etat = "repris";
    } catch {
      await effacerInstantane(cle);
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ indexURL: adressePyodide, _makeSnapshot: avecCache });
  python = pyodide;
  progres("Chargement du paquet rules…");
  // Les fichiers ne sont pas dans l'instantané (seule la mémoire de Python l'est) : le paquet est déballé à chaque fois.
  pyodide.unpackArchive(await paquet, "zip", { extractDir: "/home/pyodide/cellules" });
  if (etat === "repris") {
    pyodide.runPython("import random\nrandom.seed()");
  } else {
    pyodide.runPython(IMPORTS);
    if (avecCache) {
      etat = "a-prendre";
      aPrendre = () => prendreInstantane(pyodide, cle);
      setTimeout(() => aPrendre && aPrendre(), 3000);
    }
  }
  session = pyodide.runPython("cellules_session.Session()");
  const adresses = performance.getEntriesByType("resource").map((e) => e.name);
  postMessage({ type: "pret", instantane: etat, adresses: [self.location.href, ...adresses] });
}

// L'instantané n'est pas pris avant « pret » : un lien partagé attendrait son verdict de plus. Il l'est
// 2 s après le premier calcul (le calculateur ne lit que des données : `rules` reste tel qu'importé ;
// aussitôt, il disputait le processeur à l'affichage du verdict : lien partagé à froid 2,10 → 2,41 s,
// médianes de 4 alternées), avant la première cellule (le code du lecteur n'entre jamais dans un
// instantané), ou 3 s après « pret ».

function prendreInstantane(pyodide, cle) {
  aPrendre = null;
  let octets;
  try {
    octets = pyodide.makeMemorySnapshot();
  } catch {
    postMessage({ type: "instantane", garde: false }); // Pyodide n'a pas pu le prendre : la visite suivante démarrera comme celle-ci
    return;
  }
  // Compressé et gardé sans retenir le worker : un calcul demandé entre-temps passe entre deux morceaux.
  garderInstantane(cle, octets).then((garde) => postMessage({ type: "instantane", garde }));
}

onmessage = async (evenement) => {
  const message = evenement.data;
  if (message.type === "charger") {
    pret = charger(message.pyodide, message.paquet).catch((erreur) => {
      postMessage({ type: "echec", message: String(erreur && erreur.message ? erreur.message : erreur) });
      throw erreur;
    });
    return;
  }
  if (message.type === "calculer") {
    try {
      await pret;
    } catch {
      return; // l'échec du chargement a déjà été dit
    }
    let resultat;
    try {
      calculateur = calculateur || python.pyimport("rules.calculateur");
      resultat = JSON.parse(calculateur.calculer_json(message.requete));
    } catch (erreur) {
      resultat = { ok: false, message: `le calculateur a échoué : ${erreur && erreur.message ? erreur.message : erreur}` };
    }
    postMessage({ type: "resultat", id: message.id, resultat });
    if (aPrendre) setTimeout(() => aPrendre && aPrendre(), 2000); // la page affiche le verdict : pas en même temps
    return;
  }
  if (message.type === "table") {
    try {
      await pret;
    } catch {
      return; // l'échec du chargement a déjà été dit
    }
    let resultat;
    try {
      table = table || python.pyimport("table_session");
      resultat = JSON.parse(table.repondre_json(message.requete));
    } catch (erreur) {
      resultat = { ok: false, erreurs: { "": `le calcul a échoué : ${erreur && erreur.message ? erreur.message : erreur}` } };
    }
    postMessage({ type: "resultat", id: message.id, resultat });
    if (aPrendre) setTimeout(() => aPrendre && aPrendre(), 2000); // la page affiche le verdict : pas en même temps
    return;
  }
  if (message.type === "executer") {
    try {
      await pret;
    } catch {
      return; // l'échec du chargement a déjà été dit
    }
    if (aPrendre) aPrendre();
    const requete = JSON.stringify({ precedentes: message.precedentes, source: message.source });
    const resultat = JSON.parse(session.executer_json(requete));
    postMessage({ type: "resultat", id: message.id, resultat });
  }
};
