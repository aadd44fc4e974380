"""Où passe le temps de la commande de tests : par famille, et au total en temps réel et processeur.

    python -m scripts.mesures_tests                     # HEAD, cloné dans un dossier neuf, une fois
    python -m scripts.mesures_tests --commit main --fois 3
    python -m scripts.mesures_tests --commit HEAD -- -m navigateur
    python -m scripts.mesures_tests --commit HEAD -- -m "not site and not navigateur"

Chaque mesure clone le dépôt (à `--commit`) dans un dossier temporaire, comme
une machine neuve, et y lance la commande de tests du README (`python -m
pytest`, sous `CI=true`, sans `pip install -e` : l'environnement courant a les
dépendances), avec les arguments donnés après `--`. Ce fichier est aussi un
greffon de pytest (`-p scripts.mesures_tests`), copié dans le clone (celui
d'aujourd'hui, même pour un commit d'avant lui : deux commits se comparent
ligne à ligne) : chaque processus de pytest (chaque worker de
pytest-xdist) y note, test par test, sa famille et sa durée (mise en place,
appel, nettoyage), et à part la mise en place des fixtures qui construisent
un site ; et le processeur que l'arbre de son processus (le worker, son
Chromium, ses sous-processus) a dépensé pendant chaque test
(`processeur_de_l_arbre`, la colonne « processeur » du tableau).

Le temps d'une famille est la somme des durées de ses tests : avec plusieurs
workers, ces sommes dépassent le temps de la commande. Deux temps processeur :

- **celui de la commande** (user + system de chacun de ses processus, Chromium
  compris) : le lanceur se déclare « faucheur » de ses descendants
  (`prctl(PR_SET_CHILD_SUBREAPER)`), si bien que les processus que Chromium
  détache de l'arbre (ses processus de rendu, son zygote) lui reviennent à leur
  fin et sont comptés par `getrusage(RUSAGE_CHILDREN)`, qui sans cela n'en
  voyait qu'une petite part (18 s processeur pour un parcours d'axe-core qui en
  coûte 170 à la machine). Il ne dépend pas des autres travaux de la machine :
  c'est le chiffre à comparer sur une machine partagée (le temps réel, lui,
  s'allonge avec la charge des autres) ;
- celui de toute la machine pendant la commande (`/proc/stat` : user, nice,
  system, irq, softirq ; ni l'inactif, ni l'attente des disques, ni le temps
  volé par l'hôte) : il ne vaut que sur une machine sans autre travail.

Le temps processeur dit si un changement économise vraiment du travail, bien
mieux que le temps réel ; pour le processeur d'un groupe de tests, mesurez-le
seul (`-- -m navigateur`). Avec `--fois N`, les chiffres sont des médianes.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

RACINE = Path(__file__).resolve().parents[1]
VARIABLE = "MESURES_TESTS_DOSSIER"
"""Le dossier où chaque processus de pytest écrit ses relevés (un fichier JSON par processus)."""

CONSTRUCTIONS = {"site_construit", "site_sans_npm"}
"""Les fixtures qui construisent un site : leur mise en place est comptée à part."""

AUTRES_CONSTRUCTIONS = {
    "test_le_meme_code_donne_le_meme_site_et_la_meme_version",
    "test_sans_exemple_la_page_du_calculateur_garde_la_configuration_des_cellules",
    "test_sans_exemple_ni_en_tete_la_page_du_calculateur_arrete_la_construction",
    "test_la_construction_echoue_quand_la_carte_et_l_exemple_divergent",
    "test_la_construction_echoue_sur_une_boite_sans_lecture_ou_une_variante_sans_boite",
}
"""Les tests qui construisent eux-mêmes un second site (autre graine, copie modifiée du dépôt)."""

FAMILLES = [
    "construction du site",
    "autres constructions",
    "axe-core",
    "navigateur",
    "carnets (noyau Jupyter)",
    "site (HTML lu)",
    "qualité (ruff, mypy)",
    "pytest relancé (marqueurs)",
    "doctests",
    "hypothesis",
    "unitaires",
]

NAVIGATEUR = {"browser", "context", "page", "browser_type_launch_args"}


def famille(item: pytest.Item) -> str:
    """La famille d'un test, d'après ce qu'il demande et ce qu'il est (sans rien exécuter)."""
    nom = getattr(item, "originalname", None) or item.name
    fixtures = set(getattr(item, "fixturenames", ()))
    fichier = item.nodeid.split("::")[0]
    if nom in AUTRES_CONSTRUCTIONS:
        return "autres constructions"
    # Les tests qui lisent un parcours du site (tests/parcours.py) reçoivent axe-core avec lui : seuls ceux
    # qui le nomment sont de la famille axe-core.
    if "axe" in nom.split("_") or ("axe_core" in fixtures and "parcours" not in fixtures):
        return "axe-core"
    if fixtures & NAVIGATEUR or item.get_closest_marker("navigateur"):
        return "navigateur"
    if fichier.endswith("test_carnets.py") and "s_execute" in nom:
        return "carnets (noyau Jupyter)"
    if "site_construit" in fixtures:
        return "site (HTML lu)"
    if fichier.endswith("test_qualite.py"):
        return "qualité (ruff, mypy)"
    if fichier.endswith(("test_marqueurs.py", "test_parcours_une_fois.py", "test_repartition.py")):
        return "pytest relancé (marqueurs)"
    if "doctest" in type(item).__name__.lower():
        return "doctests"
    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return "hypothesis"
    return "unitaires"


# ---------------------------------------------------------------- le greffon


class _Releve:
    """Ce qu'un processus de pytest note : par test, sa famille et ses durées (mise en place, appel, nettoyage)."""

    def __init__(self, dossier: Path) -> None:
        self.dossier = dossier
        self.tests: dict[str, dict[str, Any]] = {}
        self.constructions_du_test = 0.0
        """Le processeur des constructions du site qu'a provoquées le test en cours (comptées à part)."""

    def ecrire(self) -> None:
        nom = os.environ.get("PYTEST_XDIST_WORKER", "principal")
        (self.dossier / f"{nom}-{os.getpid()}.json").write_text(json.dumps(self.tests), encoding="utf-8")


_RELEVE: _Releve | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _RELEVE
    if os.environ.get(VARIABLE):  # le contrôleur de pytest-xdist, chaque worker, ou pytest seul
        _RELEVE = _Releve(Path(os.environ[VARIABLE]))
        # Les processus que Chromium détache en se fermant (son zygote, ses processus de rendu) restent dans
        # l'arbre du worker, zombies jusqu'à sa fin, leur temps lisible : sinon il sortirait de l'arbre au
        # milieu d'un test (7,2 s relevés avant la fermeture d'un Chromium, 2,4 s après ; 7,2 et 7,2 ainsi).
        devenir_faucheur()


def processeur_de_l_arbre() -> float:
    """Les secondes de processeur de ce processus et de ses descendants, vivants ou déjà recueillis par leur parent.

    `/proc/<pid>/stat` de chaque processus de l'arbre : user + system, et ceux de ses enfants qu'il a recueillis
    (un Chromium lancé par ce worker, son pilote, un `mkdocs build`, un noyau Jupyter). Un test en est la
    différence entre sa fin et son début (chaque worker a son propre Chromium)."""
    moi, parents, temps = os.getpid(), {}, {}
    with os.scandir("/proc") as entrees:
        for entree in entrees:
            if not entree.name.isdigit():
                continue
            try:
                with open(f"/proc/{entree.name}/stat", "rb") as f:
                    champs = f.read().rsplit(b")", 1)[1].split()
            except OSError:  # fini entre-temps
                continue
            pid = int(entree.name)
            parents[pid] = int(champs[1])
            temps[pid] = sum(int(c) for c in champs[11:15])  # utime, stime, cutime, cstime
    total = 0
    for pid, t in temps.items():
        ancetre = pid
        while ancetre not in (moi, 0, 1) and ancetre in parents:
            ancetre = parents[ancetre]
        total += t if ancetre == moi else 0
    return total / os.sysconf("SC_CLK_TCK")


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef: Any, request: pytest.FixtureRequest) -> Any:
    """La construction d'un site (mise en place de `site_construit`…) est comptée dans sa propre famille."""
    if _RELEVE is None or fixturedef.argname not in CONSTRUCTIONS:
        yield
        return
    debut, processeur = time.perf_counter(), processeur_de_l_arbre()
    yield
    processeur = processeur_de_l_arbre() - processeur
    _RELEVE.tests[f"{fixturedef.argname} ({os.getpid()})"] = {
        "famille": "construction du site",
        "duree": time.perf_counter() - debut,
        "processeur": processeur,
        "mise_en_place": True,
    }
    _RELEVE.constructions_du_test += processeur


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """Chaque test : sa famille, et le processeur de l'arbre du worker pendant son exécution (mise en place
    comprise, sauf celle d'une construction du site, comptée à part)."""
    if _RELEVE is None:
        yield
        return
    _RELEVE.tests[item.nodeid] = releve = {"famille": famille(item), "duree": 0.0}
    _RELEVE.constructions_du_test, avant = 0.0, processeur_de_l_arbre()
    yield
    releve["processeur"] = processeur_de_l_arbre() - avant - _RELEVE.constructions_du_test


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if _RELEVE is not None and report.nodeid in _RELEVE.tests:
        _RELEVE.tests[report.nodeid]["duree"] += report.duration


def pytest_unconfigure(config: pytest.Config) -> None:
    if _RELEVE is not None:
        _RELEVE.ecrire()


# ---------------------------------------------------------------- le lanceur


def _cloner(commit: str, dossier: Path) -> Path:
    depot = dossier / "depot"
    subprocess.run(["git", "clone", "-q", str(RACINE), str(depot)], check=True)
    subprocess.run(["git", "-C", str(depot), "checkout", "-q", commit], check=True)
    # Le greffon d'aujourd'hui, même pour un commit d'avant lui (ou d'avant ses relevés de processeur) : les
    # mesures de deux commits se comparent ainsi ligne à ligne ; ses noms (FAMILLES, famille) restent.
    shutil.copy(Path(__file__), depot / "scripts" / "mesures_tests.py")
    return depot


def lire_releves(releves: Path) -> dict[str, dict[str, float]]:
    """Les tests et le temps cumulé de chaque famille, d'après les relevés des processus de pytest."""
    familles: dict[str, dict[str, float]] = {f: {"tests": 0, "reel": 0.0, "processeur": 0.0} for f in FAMILLES}
    for fichier in releves.glob("*.json"):
        for test in json.loads(fichier.read_text(encoding="utf-8")).values():
            familles[test["famille"]]["tests"] += 0 if test.get("mise_en_place") else 1
            familles[test["famille"]]["reel"] += test["duree"]
            familles[test["famille"]]["processeur"] += test.get("processeur", 0.0)
    return familles


def lire_fichiers(releves: Path) -> dict[str, dict[str, float]]:
    """Le même relevé par fichier de test (une fixture qui construit un site compte sous son nom) : où chercher
    quand une famille coûte trop."""
    fichiers: dict[str, dict[str, float]] = {}
    for fichier in releves.glob("*.json"):
        for nodeid, test in json.loads(fichier.read_text(encoding="utf-8")).items():
            cumul = fichiers.setdefault(
                nodeid.split("::")[0].split(" (")[0], {"tests": 0, "reel": 0.0, "processeur": 0.0}
            )
            cumul["tests"] += 0 if test.get("mise_en_place") else 1
            cumul["reel"] += test["duree"]
            cumul["processeur"] += test.get("processeur", 0.0)
    return fichiers


def processeur_machine() -> float:
    """Les secondes de processeur que la machine a travaillé depuis son démarrage (`/proc/stat`, tous les cœurs)."""
    champs = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]]
    user, nice, system, _inactif, _attente, irq, softirq = champs
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


PR_SET_CHILD_SUBREAPER = 36
"""`prctl` (Linux) : les descendants orphelins de ce processus lui reviennent, au lieu d'aller à `init`."""


def devenir_faucheur() -> bool:
    """Ce processus recueille ses descendants orphelins (Linux) ; faux si le système ne le permet pas."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def faucher(attente: float = 30.0) -> int:
    """Recueille les descendants orphelins finis (leur temps processeur passe dans `RUSAGE_CHILDREN`).

    Attend jusqu'à `attente` secondes ceux qui finissent encore ; rend le nombre de ceux qui restent vivants
    (un processus que la suite aurait laissé tourner : son temps n'est pas compté)."""
    fin = time.monotonic() + attente
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:  # plus aucun descendant
            return 0
        if pid == 0:  # des descendants vivent encore
            if time.monotonic() > fin:
                return len([p for p in Path("/proc").iterdir() if p.name.isdigit() and _parent(p) == os.getpid()])
            time.sleep(0.2)


def _parent(processus: Path) -> int:
    try:
        return int((processus / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


def processeur_descendants() -> float:
    """Les secondes de processeur (user + system) des descendants recueillis par ce processus."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def mesurer(commit: str, arguments: list[str]) -> dict[str, Any]:
    """Une exécution de la commande de tests sur un clone neuf de `commit` : relevés et totaux."""
    with tempfile.TemporaryDirectory(prefix="mesures-tests-") as tmp:
        depot = _cloner(commit, Path(tmp))
        releves = Path(tmp) / "releves"
        releves.mkdir()
        env = {**os.environ, "CI": "true", "NO_MKDOCS_2_WARNING": "1", VARIABLE: str(releves)}
        faucher(0)  # les descendants d'avant (le clone) : leur temps n'est pas celui de la commande
        avant, avant_commande = processeur_machine(), processeur_descendants()
        debut = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "scripts.mesures_tests", "-p", "no:cacheprovider", *arguments],
            cwd=depot,
            env=env,
            capture_output=True,
            text=True,
        )
        reel = time.perf_counter() - debut
        apres = processeur_machine()
        restes = faucher()
        commande = processeur_descendants() - avant_commande
        familles, fichiers = lire_releves(releves), lire_fichiers(releves)
        fin = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr[-500:]
        return {
            "code": proc.returncode,
            "fin": fin,
            "reel": reel,
            "processeur": apres - avant,
            "commande": commande,
            "restes": restes,
            "familles": familles,
            "fichiers": fichiers,
            "parcours": departs_de_parcours(proc.stderr),
            "sortie": proc.stdout + "\n---------- sortie d'erreur (annonces des workers) ----------\n" + proc.stderr,
        }


def departs_de_parcours(annonces: str) -> dict[str, int]:
    """Combien de fois chaque état du site est parti (« [gw1] Parcours sombre, 375 px (axe, …)… »)."""
    departs: dict[str, int] = {}
    for etat in re.findall(r"^(?:\[gw\d+\] )?Parcours (\w+, \d+ px)(?: : \d+ pages)? \(", annonces, re.M):
        departs[etat] = departs.get(etat, 0) + 1
    return departs


def _tableau_des_fichiers(mesures: list[dict[str, Any]], combien: int) -> str:
    """Les `combien` fichiers de test au plus grand processeur (médianes), pour savoir où gagner."""
    med = statistics.median
    noms = {n for m in mesures for n in m["fichiers"]}
    zero = {"tests": 0, "reel": 0.0, "processeur": 0.0}
    lignes = [
        (n, *(med(m["fichiers"].get(n, zero)[c] for m in mesures) for c in ("tests", "reel", "processeur")))
        for n in noms
    ]
    lignes.sort(key=lambda x: -x[3])
    sortie = [f"{'fichier de test':<52} {'tests':>6} {'temps cumulé (s)':>17} {'processeur (s)':>15}"]
    sortie += [f"{n:<52} {t:>6.0f} {r:>17.1f} {c:>15.1f}" for n, t, r, c in lignes[:combien]]
    return "\n".join(sortie)


def _tableau(mesures: list[dict[str, Any]]) -> str:
    med = statistics.median
    lignes = [f"{'famille':<28} {'tests':>6} {'temps cumulé des tests (s)':>27} {'processeur (s)':>15}"]
    for f in FAMILLES:
        tests = med(m["familles"][f]["tests"] for m in mesures)
        reel = med(m["familles"][f]["reel"] for m in mesures)
        processeur = med(m["familles"][f]["processeur"] for m in mesures)
        lignes.append(f"{f:<28} {tests:>6.0f} {reel:>27.1f} {processeur:>15.1f}")
    lignes.append(
        f"commande entière : {med(m['reel'] for m in mesures):.0f} s réel (médiane), "
        f"{med(m['commande'] for m in mesures):.0f} s processeur de la commande, Chromium compris (médiane ; "
        f"le chiffre à comparer sur une machine partagée), "
        f"{med(m['processeur'] for m in mesures):.0f} s processeur de la machine (médiane)"
    )
    return "\n".join(lignes)


def main() -> None:
    analyse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    analyse.add_argument("--commit", default="HEAD", help="le commit à mesurer (défaut : HEAD)")
    analyse.add_argument("--fois", type=int, default=1, help="nombre d'exécutions (médianes)")
    analyse.add_argument("--journal", type=Path, help="où écrire la sortie de pytest de chaque exécution")
    analyse.add_argument(
        "--releves", type=Path, help=f"sans rien lancer : le tableau des relevés d'une exécution ({VARIABLE}=dossier)"
    )
    analyse.add_argument("--fichiers", type=int, default=15, help="combien de fichiers de test montrer (15)")
    analyse.add_argument("pytest", nargs="*", help="arguments de pytest, après --")
    args = analyse.parse_args()
    if args.releves:
        for f, v in lire_releves(args.releves).items():
            print(f"{f:<28} {v['tests']:>6.0f} {v['reel']:>27.1f} {v['processeur']:>15.1f}")
        return
    if not devenir_faucheur():
        print("(ce système ne recueille pas les orphelins : le processeur de la commande ne compte pas tout Chromium)")
    mesures = []
    for rang in range(args.fois):
        m = mesurer(args.commit, args.pytest)
        mesures.append(m)
        print(
            f"exécution {rang + 1} : code {m['code']}, {m['reel']:.0f} s réel, {m['commande']:.0f} s processeur "
            f"de la commande, {m['processeur']:.0f} s de la machine"
            + (f" ; {m['restes']} processus encore vivants après la commande" if m["restes"] else "")
        )
        print(f"  {m['fin']}")
        if m["parcours"]:
            print("  parcours du site : " + ", ".join(f"{e} ×{n}" for e, n in sorted(m["parcours"].items())))
        if args.journal:
            args.journal.with_suffix(f".{rang + 1}.log").write_text(m["sortie"], encoding="utf-8")
    print(_tableau(mesures))
    print()
    print(_tableau_des_fichiers(mesures, args.fichiers))


if __name__ == "__main__":
    main()
