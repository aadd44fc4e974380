// Le Python de la page, hors du fil principal : Pyodide et le paquet `rules` servis par le site.
//
// Chargé (module worker) dès que le lecteur s'approche d'une cellule ou d'un formulaire. Messages reçus :
//   {type: "charger", pyodide: "<adresse du dossier de Pyodide>/", paquet: "<adresse du zip de rules>"}
//   {type: "executer", id, precedentes: [sources…], source}
//   {type: "calculer", id, requete: "<JSON>"} (le calculateur : rules.calculateur.calculer_json, des données)
// Messages envoyés : {type: "progres", texte, recus} (recus : octets du runtime reçus jusqu'ici),
//   {type: "pret"}, {type: "echec", message},
//   {type: "resultat", id, resultat: {etapes: [{code, sortie}], erreur, precedente}}.
// Une cellule sans fin s'arrête en mettant fin à ce worker (Worker.terminate) : la page en
// recrée un au besoin, et sa session repart de zéro.

let pret = null;
let session = null;
let python = null;
let calculateur = null;

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

async function charger(adressePyodide, adressePaquet) {
  progres("Chargement de Python dans votre navigateur…");
  // Le paquet arrive pendant que Pyodide démarre (une attente de moins) ; son échec est dit après.
  const paquet = fetch(adressePaquet).then(async (reponse) => {
    if (!reponse.ok) throw new Error(`le paquet rules est introuvable (${reponse.status})`);
    return reponse.arrayBuffer();
  });
  paquet.catch(() => {}); // lu plus bas : pas de rejet « non traité » pendant le démarrage
  const { loadPyodide } = await import(new URL("pyodide.mjs", adressePyodide).href);
  const pyodide = await loadPyodide({ indexURL: adressePyodide });
  python = pyodide;
  progres("Chargement du paquet rules…");
  pyodide.unpackArchive(await paquet, "zip", { extractDir: "/home/pyodide/cellules" });
  pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide/cellules")
import cellules_session
import rules
`);
  session = pyodide.runPython("cellules_session.Session()");
  postMessage({ type: "pret" });
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
    return;
  }
  if (message.type === "executer") {
    try {
      await pret;
    } catch {
      return; // l'échec du chargement a déjà été dit
    }
    const requete = JSON.stringify({ precedentes: message.precedentes, source: message.source });
    const resultat = JSON.parse(session.executer_json(requete));
    postMessage({ type: "resultat", id: message.id, resultat });
  }
};
