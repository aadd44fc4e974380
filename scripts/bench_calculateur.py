"""Les chiffres du calculateur, rejouables (pas un test : rien n'est chronométré dans la suite).

    python -m scripts.bench_calculateur                 # 3 passes, 9 calculs à chaud par formulaire
    python -m scripts.bench_calculateur --passes 1 --repetitions 5
    python -m scripts.bench_calculateur --site DIR      # réutilise un site déjà construit
    python -m scripts.bench_calculateur --site DIR --lien-seul --fois 5   # le lien partagé seulement
    python -m scripts.bench_calculateur --site DIR --lien-seul --debit 20   # servi comme par une 4G (20 Mbit/s)

Chaque passe ouvre un contexte neuf de Chromium headless (cache vide, 375 px)
sur la page « Calculateur » du site construit (`mkdocs build --strict`), servie
par `http.server` sur 127.0.0.1 (sans compression), et mesure :

1. les **octets transférés avant le premier calcul** (corps et en-têtes de
   chaque réponse : la page, ses styles, ses scripts, l'index de recherche ;
   pas ce que le service worker met en cache pour le hors-ligne) ;
2. le **premier calcul, à froid** : du clic sur « Calculer » au verdict
   affiché (chargement de Pyodide et du paquet compris), et les octets qu'il
   fait venir ;
3. pour chaque formulaire, **à chaud** : du clic sur « Calculer » au verdict
   affiché dans la page (le calcul Python dans le worker, l'aller-retour des
   messages et l'affichage), mesuré dans la page par `performance.now`, répété
   `--repetitions` fois ;
4. pour comparaison, le même calcul en CPython (`rules.calculateur.calculer`).

5. **un lien partagé ouvert jusqu'à son verdict** (`--fois` fois, 5 par défaut) : à froid (profil
   neuf sur disque, comme le navigateur d'un téléphone, cache vide, service worker permis), puis à
   chaud (le runtime en cache : un nouvel onglet du même profil, qui repart de l'instantané de Python
   gardé par la première visite), puis à chaud sans cet instantané (effacé), mesuré du début de la
   navigation au verdict affiché ; et, dans la même exécution, le **démarrage nu de Pyodide** (un worker qui
   n'importe que `pyodide.mjs` et appelle `loadPyodide`, contexte neuf) : ce que le lien partagé ne
   peut pas battre. Cibles de l'issue : à froid ≤ 1,3 × le
   démarrage nu ; à chaud ≤ 2 s. Le démarrage nu est mesuré deux fois : avec la bibliothèque standard
   du site (son bytecode compilé à la construction, `hooks/cellules/precompilation.py`) et avec celle que livre
   npm (`node_modules/pyodide`, servi à part), que CPython recompile à chaque démarrage.

Le rapport donne des médianes. Cible de l'issue : ≤ 200 ms à chaud. Les temps
dépendent de la machine et de sa charge : comparez des mesures prises au même
endroit.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from rules.calculateur import FORMULAIRES, calculer
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, construire, servir

CAS: dict[str, dict[str, str]] = {
    "warp-jet": {"trait": "3", "bonus": "1", "des": "6 2 5 1"},
    "warp-oppose": {"des_premier": "6 5 3", "des_second": "6 1"},
    "warp-cooperatif": {"betas": "2 3 2"},
    "warp-etendu": {"trait": "4", "complexite": "8", "maniabilite": "5"},
    "warp-experience": {"des": "6 5 4 1"},
    "troisd6-jet": {"sorte": "talent", "valeur": "2", "difficulte": "-3", "des": "2 2 2"},
    "troisd6-mineure": {"seuil_second": "10", "des_premier": "5 3 1", "des_second": "4 4 2"},
    "troisd6-effet": {"niveau": "critique", "de": "2", "indice": "1D6+1D3", "des": "4 3 3", "avantage": "moyen"},
    "troisd6-defense": {"des_attaque": "3 3 1", "effet_attaque": "7", "des_defense": "4 4 2", "defense": "esquive"},
    "troisd6-scene": {"comparer": "oui"},
    "troisd6-apres-attaque": {"niveau_attaque": "des", "des_attaque": "3 3 1", "seuil_defenseur": "10"},
}
"""Une saisie par formulaire (la scène majeure compare ses trois échanges de risque : quatre chaînes)."""

_RUNTIME = ("/assets/pyodide/", "/assets/cellules/", "cellules-worker")
"""Ce que fait venir le premier calcul : Pyodide, le paquet rules zippé, le worker."""

_CLIQUER_ET_ATTENDRE = """async ([nom, entrees]) => {
  const form = document.getElementById('form-' + nom);
  for (const [champ, valeur] of Object.entries(entrees)) {
    const c = form.querySelector(`[name="${champ}"]`);
    if (c.type === 'checkbox') c.checked = valeur === 'oui'; else c.value = valeur;
  }
  const etat = form.querySelector('.calc-etat');
  etat.textContent = '';
  const fin = new Promise((resoudre) => {
    const observateur = new MutationObserver(() => {
      if (/calculées|refusée|n'a pas abouti/.test(etat.textContent)) { observateur.disconnect(); resoudre(performance.now()); }
    });
    observateur.observe(etat, {childList: true, characterData: true, subtree: true});
  });
  const debut = performance.now();
  form.querySelector('.calc-calculer').click();
  const duree = (await fin) - debut;
  if (!/calculées/.test(etat.textContent)) throw new Error(nom + ' : ' + etat.textContent);
  return duree;
}"""


LIEN = "calculateur/?f=warp-jet&trait=3&bonus=1&des=6+2+5+1#warp-jet"
"""Le lien partagé mesuré : un jet simple avec ses dés (un verdict)."""

_VERDICT = """() => new Promise((fin) => {
  const voir = () => {
    const v = document.querySelector('#form-warp-jet .calc-verdict-texte');
    if (v && v.textContent) fin(performance.now()); else requestAnimationFrame(voir);
  };
  voir();
})"""

_INSTANTANE_GARDE = """() => {
  const etat = window.cellules.moteur.instantane;
  if (etat === "perdu") throw new Error("l'instantané de Python n'a pas été gardé");
  return etat === "garde";
}"""

_DEMARRAGE_NU = """async (dossier) => {
  const code = `import { loadPyodide } from "${dossier}pyodide.mjs";
    await loadPyodide({ indexURL: "${dossier}" }); postMessage("pret");`;
  const debut = performance.now();
  const w = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), { type: "module" });
  await new Promise((fin, echec) => { w.onmessage = fin; w.onerror = (e) => echec(new Error(e.message)); });
  w.terminate();
  return performance.now() - debut;
}"""


def demarrage_nu(navigateur: Any, page: str, dossier: str) -> float:
    """Le démarrage nu de Pyodide (ms), contexte neuf, sans service worker : `dossier` vu d'une page de `page`."""
    contexte = navigateur.new_context(service_workers="block")
    nu = contexte.new_page()
    nu.set_default_timeout(0)
    nu.goto(page)
    duree = float(nu.evaluate(_DEMARRAGE_NU, dossier))
    contexte.close()
    return duree


def lien_partage(p: Any, navigateur: Any, adresse: str, npm: str) -> dict[str, float]:
    """Un lien partagé à froid puis à chaud (nouvel onglet, runtime en cache), et le démarrage nu de Pyodide (ms),
    avec la bibliothèque standard du site (précompilée) puis celle que livre npm (`npm` : son dossier servi).

    Le lien est ouvert dans un profil neuf, sur disque (`p` : Playwright), comme le navigateur d'un téléphone :
    un contexte éphémère (`new_context`) n'a qu'un cache HTTP en mémoire, qui perd le wasm de Pyodide
    (9,6 Mo) entre deux onglets, et l'onglet « à chaud » le retéléchargeait."""
    with tempfile.TemporaryDirectory(prefix="profil-") as profil:
        contexte = p.chromium.launch_persistent_context(
            profil,
            executable_path=CHROMIUM,
            headless=True,
            args=ARGUMENTS_CHROMIUM,
            viewport={"width": 375, "height": 740},
            service_workers="allow",
        )
        page = contexte.new_page()
        page.set_default_timeout(0)
        page.goto(adresse + LIEN)
        froid = page.evaluate(_VERDICT)
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        # L'instantané de Python, gardé quelques secondes après le verdict (docs/javascripts/cellules-worker.js).
        page.wait_for_function(_INSTANTANE_GARDE)

        def onglet() -> tuple[float, str]:
            nouvel = contexte.new_page()
            nouvel.set_default_timeout(0)
            nouvel.goto(adresse + LIEN)
            return float(nouvel.evaluate(_VERDICT)), str(nouvel.evaluate("window.cellules.moteur.instantane"))

        chaud, etat = onglet()
        if etat != "repris":
            raise RuntimeError(f"l'onglet à chaud n'est pas reparti de l'instantané ({etat})")
        page.evaluate("() => caches.delete('regles-executables instantanés de Python')")
        sans_instantane, etat = onglet()
        if etat == "repris":
            raise RuntimeError("l'instantané effacé a servi")
        dossier = page.evaluate(
            "() => new URL(document.getElementById('cellules-config').dataset.pyodide, document.baseURI).href"
        )
        contexte.close()
    return {
        "froid": froid,
        "chaud": chaud,
        "chaud_sans_instantane": sans_instantane,
        "nu": demarrage_nu(navigateur, adresse + "404.html", dossier),
        "nu_npm": demarrage_nu(navigateur, npm, npm),
    }


def rapport_lien(mesures: list[dict[str, float]]) -> str:
    m = {
        k: statistics.median(x[k] for x in mesures) for k in ("froid", "chaud", "chaud_sans_instantane", "nu", "nu_npm")
    }
    return "\n".join(
        [
            f"Lien partagé jusqu'au verdict, {len(mesures)} fois (médianes) :",
            f"- démarrage nu de Pyodide (cache vide) : {m['nu'] / 1000:.2f} s ; avec la bibliothèque standard"
            f" telle que npm la livre (sans bytecode) : {m['nu_npm'] / 1000:.2f} s ({m['nu_npm'] / m['nu']:.2f} ×)",
            f"- à froid (cache vide) : {m['froid'] / 1000:.2f} s, soit {m['froid'] / m['nu']:.2f} × le démarrage nu"
            " (cible ≤ 1,3)",
            f"- à chaud (runtime en cache, nouvel onglet) : {m['chaud'] / 1000:.2f} s (cible ≤ 2 s) ; sans"
            f" l'instantané de Python (effacé) : {m['chaud_sans_instantane'] / 1000:.2f} s"
            f" ({m['chaud_sans_instantane'] / m['chaud']:.2f} ×)",
        ]
    )


def _reinitialiser(page: Any, nom: str) -> None:
    page.evaluate("(nom) => document.getElementById('form-' + nom).reset()", nom)


def une_passe(navigateur: Any, adresse: str, repetitions: int) -> dict[str, Any]:
    contexte = navigateur.new_context(viewport={"width": 375, "height": 740})
    octets = [0]
    runtime: dict[str, int] = {}
    runtime_actif = [False]

    def finie(requete: Any) -> None:
        tailles = requete.sizes()
        taille = tailles["responseBodySize"] + tailles["responseHeadersSize"]
        if runtime_actif[0] and any(m in requete.url for m in _RUNTIME):
            # Pyodide, le worker et le paquet, que la page les demande ou que le service worker les cherche pour
            # elle (une fois par adresse).
            runtime[requete.url] = max(runtime.get(requete.url, 0), taille)
        if not requete.service_worker:  # le service worker met le site en cache à son rythme : pas la page
            octets[0] += taille

    contexte.on("requestfinished", finie)
    page = contexte.new_page()
    page.goto(adresse + "calculateur/", wait_until="networkidle")
    page.wait_for_timeout(300)
    avant = octets[0]
    page.set_default_timeout(0)
    runtime_actif[0] = True
    froid = page.evaluate(_CLIQUER_ET_ATTENDRE, ["warp-jet", CAS["warp-jet"]])
    page.wait_for_load_state("networkidle")
    lancement = sum(runtime.values())
    chaud: dict[str, list[float]] = {}
    for nom, entrees in CAS.items():
        _reinitialiser(page, nom)
        chaud[nom] = [page.evaluate(_CLIQUER_ET_ATTENDRE, [nom, entrees]) for _ in range(repetitions)]
    contexte.close()
    return {"avant": avant, "froid_ms": froid, "lancement": lancement, "chaud": chaud}


def cpython(repetitions: int) -> dict[str, float]:
    """La médiane de `calculer` en CPython, en ms (caches du moteur chauds, comme dans le navigateur)."""
    medianes = {}
    for nom, entrees in CAS.items():
        calculer(nom, entrees)
        durees = []
        for _ in range(repetitions):
            debut = time.perf_counter()
            calculer(nom, entrees)
            durees.append((time.perf_counter() - debut) * 1000)
        medianes[nom] = statistics.median(durees)
    return medianes


def _ko(n: float) -> str:
    return f"{n / 1000:,.1f} Ko".replace(",", " ").replace(".", ",")


def rapport(passes: list[dict[str, Any]], reference: dict[str, float]) -> str:
    lignes = [
        f"Calculateur, {len(passes)} passe(s) (médianes) :",
        f"- octets avant le premier calcul : {_ko(statistics.median(p['avant'] for p in passes))}",
        f"- premier calcul à froid (Pyodide compris) : {statistics.median(p['froid_ms'] for p in passes) / 1000:.2f} s,"
        f" {_ko(statistics.median(p['lancement'] for p in passes))} de plus",
        "- de « Calculer » au verdict, à chaud (cible ≤ 200 ms) ; en CPython pour comparaison :",
    ]
    toutes = []
    for nom in CAS:
        durees = [d for p in passes for d in p["chaud"][nom]]
        toutes += durees
        lignes.append(
            f"  {nom:<17} {statistics.median(durees):7.0f} ms   (CPython {reference[nom]:6.1f} ms)"
            f"   {FORMULAIRES[nom].titre}"
        )
    lignes.append(f"  {'tous':<17} {statistics.median(toutes):7.0f} ms (médiane), {max(toutes):.0f} ms au plus")
    return "\n".join(lignes)


def main(arguments: list[str] | None = None) -> int:
    analyse = argparse.ArgumentParser(prog="python -m scripts.bench_calculateur", description=__doc__.splitlines()[0])
    analyse.add_argument("--passes", type=int, default=3, help="nombre de passes, cache vide (3)")
    analyse.add_argument("--repetitions", type=int, default=9, help="calculs à chaud par formulaire et par passe (9)")
    analyse.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    analyse.add_argument("--fois", type=int, default=5, help="mesures du lien partagé (5)")
    analyse.add_argument("--lien-seul", action="store_true", help="seulement le lien partagé et le démarrage nu")
    analyse.add_argument(
        "--debit", type=float, help="sert le site par un seul lien de ce débit, en Mbit/s (par ex. 20 : une 4G)"
    )
    options = analyse.parse_args(arguments)

    def mesurer(site: Path) -> str:
        with (
            servir(site, debit=options.debit) as racine,
            servir(RACINE / "node_modules" / "pyodide", debit=options.debit) as npm,
            sync_playwright() as p,
        ):
            navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
            liens = [lien_partage(p, navigateur, racine, npm) for _ in range(options.fois)]
            passes = (
                []
                if options.lien_seul
                else [une_passe(navigateur, racine, options.repetitions) for _ in range(options.passes)]
            )
            navigateur.close()
        texte = rapport_lien(liens)
        if options.debit:
            texte = f"Site servi par un seul lien de {options.debit:g} Mbit/s (sans latence ajoutée).\n" + texte
        return texte if options.lien_seul else texte + "\n" + rapport(passes, cpython(options.repetitions))

    if options.site:
        print(mesurer(options.site))
        return 0
    with tempfile.TemporaryDirectory(prefix="site-") as dossier:
        proc = construire(Path(dossier))
        if proc.returncode != 0:
            raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
        print(mesurer(Path(dossier)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
