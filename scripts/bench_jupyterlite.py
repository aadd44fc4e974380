"""Les chiffres de « Ouvrir dans Jupyter », rejouables (pas un test : rien n'est chronométré dans la suite).

    python -m scripts.bench_jupyterlite                   # 5 ouvertures à froid de warp/jets-simples/
    python -m scripts.bench_jupyterlite --site DIR        # réutilise un site déjà construit
    python -m scripts.bench_jupyterlite --construction 3  # et le temps de construction stricte (voir plus bas)

Chaque passe ouvre un contexte neuf de Chromium headless (cache vide, sans
service worker), sur le site construit (`mkdocs build --strict`) servi par
`http.server` sur 127.0.0.1 (sans compression) ; elle charge la page, puis
mesure, du clic sur « Ouvrir dans Jupyter » au **noyau prêt** (il a exécuté une
première instruction : Pyodide et ses roues chargés) : le temps, et les **octets transférés** (corps et en-têtes de
chaque réponse, page et travailleur du noyau), par origine : Pyodide du site
(`assets/pyodide/`), roues du noyau, application JupyterLite et carnet. Aucune
requête ne doit quitter le site : le script s'arrête si une seule le tente.

`--construction N` construit aussi le site N fois avec l'application JupyterLite
en cache (`.cache/jupyterlite/`), une fois sans ce cache (à froid : roues
téléchargées par pip, `jupyter lite build`), et N fois le site de `--base`
(par défaut la base commune avec `main`, sans JupyterLite), pour dire ce que
JupyterLite ajoute à une construction stricte. Le cache est remis en place
ensuite. Les temps dépendent de la machine et de sa charge : comparez des
mesures prises au même endroit, au même moment.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from hooks.carnets import jupyterlite
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, construire, servir

_NOYAU_PRET = """async () => {
  while (!(window.jupyterapp && jupyterapp.shell.currentWidget && jupyterapp.shell.currentWidget.sessionContext)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const w = jupyterapp.shell.currentWidget;
  await w.context.ready;
  await w.sessionContext.ready;
  await w.sessionContext.session.kernel.requestExecute({code: "pass", silent: true}).done;
}"""
"""Le noyau est prêt quand il a exécuté du code : Pyodide et ses roues chargés (`kernel_info` répond avant)."""


def _origine(adresse: str, racine: str) -> str:
    chemin = adresse.removeprefix(racine).split("?")[0]
    if chemin.startswith("assets/pyodide/"):
        return "pyodide"
    if chemin.startswith(f"{jupyterlite.DOSSIER}/static/roues/") or "/static/pypi/" in chemin:
        return "roues"
    if chemin.startswith(jupyterlite.DOSSIER + "/"):
        return "jupyterlite"
    return "page"


def une_passe(navigateur: Any, racine: str, page: str) -> dict[str, float]:
    """Une ouverture à froid : secondes du clic au noyau prêt, octets par origine."""
    contexte = navigateur.new_context(service_workers="block")
    hors_du_site: list[str] = []

    def filtrer(route: Any) -> None:
        if route.request.url.startswith(racine):
            route.continue_()
        else:
            hors_du_site.append(route.request.url)
            route.abort()

    contexte.route("**/*", filtrer)
    octets: dict[str, float] = {"pyodide": 0, "roues": 0, "jupyterlite": 0, "page": 0}
    compter = [False]

    def finie(requete: Any) -> None:
        if compter[0]:
            tailles = requete.sizes()
            octets[_origine(requete.url, racine)] += tailles["responseBodySize"] + tailles["responseHeadersSize"]

    contexte.on("requestfinished", finie)
    onglet = contexte.new_page()
    onglet.set_default_timeout(0)
    onglet.goto(racine + page, wait_until="networkidle")
    compter[0] = True
    debut = time.perf_counter()
    onglet.click("button.carnet-bouton")  # le panneau du carnet, ouvert à la demande
    onglet.click("a.carnet-jupyter")
    onglet.wait_for_function("() => window.jupyterapp !== undefined", polling=50)
    onglet.evaluate(_NOYAU_PRET)
    secondes = time.perf_counter() - debut
    onglet.wait_for_load_state("networkidle")
    contexte.close()
    if hors_du_site:
        raise SystemExit(f"des requêtes ont tenté de quitter le site : {hors_du_site}")
    return {"secondes": secondes, **octets, "total": sum(octets.values())}


def mesurer(site: Path, page: str, passes: int) -> list[dict[str, float]]:
    with servir(site) as racine, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        resultats = [une_passe(navigateur, racine, page) for _ in range(passes)]
        navigateur.close()
    return resultats


def _mo(n: float) -> str:
    return f"{n / 1e6:.1f} Mo".replace(".", ",")


def rapport(resultats: list[dict[str, float]], page: str, site: Path) -> str:
    def mediane(cle: str) -> float:
        return statistics.median(r[cle] for r in resultats)

    chaque = ", ".join(f"{r['secondes']:.1f} s" for r in resultats)
    taille = sum(f.stat().st_size for f in (site / jupyterlite.DOSSIER).rglob("*") if f.is_file())
    return "\n".join(
        [
            f"« Ouvrir dans Jupyter » depuis /{page}, {len(resultats)} ouvertures à froid (médianes) :",
            f"- du clic au noyau prêt : {mediane('secondes'):.1f} s ({chaque})",
            f"- octets transférés : {_mo(mediane('total'))} — Pyodide {_mo(mediane('pyodide'))}, roues"
            f" {_mo(mediane('roues'))}, JupyterLite et carnet {_mo(mediane('jupyterlite'))}",
            f"- aucune requête hors du site ; {jupyterlite.DOSSIER}/ pèse {_mo(taille)} dans le site construit",
        ]
    )


def _construire(dossier: Path) -> float:
    debut = time.perf_counter()
    proc = construire(dossier)
    if proc.returncode != 0:
        raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
    return time.perf_counter() - debut


def _construire_base(revision: str, dossier: Path) -> float:
    """Construit le site d'une autre révision (git archive), avec les node_modules de ce dépôt."""
    source = dossier / "source"
    source.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(RACINE), "archive", revision], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive.stdout, check=True)
    (source / "node_modules").symlink_to(RACINE / "node_modules", target_is_directory=True)
    commande = [str(Path(shutil.which("mkdocs") or "mkdocs")), "build", "--strict", "--site-dir", str(dossier / "site")]
    debut = time.perf_counter()
    paquet = dossier / "paquet"
    paquet.mkdir()
    (paquet / "rules").symlink_to(source / "rules", target_is_directory=True)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(paquet)}
    subprocess.run(commande, cwd=source, env=env, capture_output=True, check=True)
    return time.perf_counter() - debut


def constructions(fois: int, base: str) -> str:
    """Les temps de construction stricte : base, avec le cache de JupyterLite, sans (à froid)."""
    cache = RACINE / jupyterlite.CACHE
    with tempfile.TemporaryDirectory(prefix="bench-jupyterlite-") as temporaire:
        tmp = Path(temporaire)
        de_base = [_construire_base(base, tmp / f"base-{i}") for i in range(fois)]
        en_cache = [_construire(tmp / f"cache-{i}") for i in range(fois)]
        cache.rename(tmp / "cache-mis-de-cote")
        try:
            a_froid = _construire(tmp / "froid")
        finally:
            shutil.rmtree(cache, ignore_errors=True)
            (tmp / "cache-mis-de-cote").rename(cache)
    m_base, m_cache = statistics.median(de_base), statistics.median(en_cache)
    return "\n".join(
        [
            f"Construction stricte, médianes de {fois} (chaque construction entre parenthèses) :",
            f"- {base} (sans JupyterLite) : {m_base:.1f} s ({', '.join(f'{t:.1f}' for t in de_base)})",
            f"- avec JupyterLite en cache : {m_cache:.1f} s, soit {m_cache - m_base:+.1f} s"
            f" ({', '.join(f'{t:.1f}' for t in en_cache)})",
            f"- à froid (roues et application à faire) : {a_froid:.1f} s, soit {a_froid - m_base:+.1f} s",
        ]
    )


def main(arguments: list[str] | None = None) -> int:
    analyse = argparse.ArgumentParser(prog="python -m scripts.bench_jupyterlite", description=__doc__.splitlines()[0])
    analyse.add_argument("--passes", type=int, default=5, help="nombre d'ouvertures à froid (5 ; 0 : aucune)")
    analyse.add_argument("--page", default="warp/jets-simples/", help="la page dont on ouvre le carnet")
    analyse.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    analyse.add_argument("--construction", type=int, default=0, metavar="N", help="mesurer aussi N constructions")
    analyse.add_argument("--base", default="", help="la révision de comparaison (la base commune avec main)")
    options = analyse.parse_args(arguments)
    if options.passes <= 0:
        pass  # seulement les constructions (--construction)
    elif options.site:
        print(rapport(mesurer(options.site, options.page, options.passes), options.page, options.site))
    else:
        with tempfile.TemporaryDirectory(prefix="site-") as dossier:
            _construire(Path(dossier))
            print(rapport(mesurer(Path(dossier), options.page, options.passes), options.page, Path(dossier)))
    if options.construction:
        base = (
            options.base
            or subprocess.run(
                ["git", "-C", str(RACINE), "merge-base", "HEAD", "main"], capture_output=True, text=True, check=True
            ).stdout.strip()
        )
        print(constructions(options.construction, base))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
