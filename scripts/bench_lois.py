"""Banc d'essai des lois exactes : `rules` contre icepool 2.1, côte à côte (pas un test).

    python -m scripts.bench_lois                   # tout, 5 répétitions
    python -m scripts.bench_lois --repetitions 9
    python -m scripts.bench_lois --sans-pyodide    # sans le navigateur

Dans un seul processus, sur les mêmes entrées, chaque mesure est la **médiane**
de N répétitions, et chaque répétition part à froid : les caches de `rules`
sont vidés, icepool reçoit des évaluateurs neufs (ses caches internes, eux,
restent chauds : c'est à son avantage). Les lois des deux bibliothèques sont
comparées, fraction par fraction, avant tout chiffre.

1. l'atlas WaRP (Trait 1–8 × net −8…+8, 136 lois), puis le grand atlas
   (Trait 1–12 × net −12…+12, 300 lois) ;
2. les lois de seuils 3D6 (niveaux, seuils 3 à 18) ;
3. la chaîne de Markov la plus lente que le site montre (cherchée parmi les
   tableaux des pages), contre la chaîne absorbante d'icepool
   (`Die.map(..., repeat="inf")`) ;
4. les plus grands cas acceptés de chaque famille de lois
   (`scripts.appels_lois`), et l'appel le plus lent ;
5. ce même appel dans **Pyodide** (le Python du navigateur du lecteur) :
   Chromium de Debian sans tête, page servie sur 127.0.0.1 qui charge
   `node_modules/pyodide/` et une archive zip du paquet `rules`.

Les temps dépendent de la machine et de sa charge : comparez les rapports
(mesurés dans le même processus), et relancez sur une machine au repos.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import statistics
import tempfile
import time
import zipfile
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import icepool  # type: ignore[import-untyped]

from rules.troisd6 import Avantage, Niveau, issue_sans_opposition, monter, niveau, progression
from rules.troisd6 import distribution as distribution_3d6
from rules.warp import EFFETS, Resultat, distribution, distribution_etendue, issue_etendue
from scripts.appels_lois import mesurer_candidats, vider_caches

RACINE = Path(__file__).resolve().parents[1]

# --- icepool : les mêmes lois, par ses évaluateurs de multi-ensembles ----------------


class _WarpIcepool(icepool.MultisetEvaluator):  # type: ignore[misc]
    """Le résultat d'un jet WaRP à partir des dés gardés : (total, nombre de 6) puis le rang du résultat."""

    def __init__(self, trait: int) -> None:
        self.trait = trait

    def next_state(self, etat: tuple[int, int] | None, ordre: Any, face: int, nombre: int) -> tuple[int, int]:
        total, six = etat or (0, 0)
        return (total + face * nombre, six + (nombre if face == 6 else 0))

    def final_outcome(self, etat: tuple[int, int] | None, *_: Any) -> int:
        total, six = etat or (0, 0)
        t = self.trait
        if t and total == t:
            return 0  # Catastrophe
        if total > 3 * t:
            return 4 if six else 3  # Magistrale, Réussite
        return 2 if six else 1  # Compensation, Échec


def _loi_icepool(de: icepool.Die, issues: list[Any]) -> dict[Any, Fraction]:
    return {issue: Fraction(de.quantity(i), de.denominator()) for i, issue in enumerate(issues)}


def warp_icepool(trait: int, net: int) -> dict[Resultat, Fraction]:
    reserve = icepool.d6.pool(trait + abs(net))
    gardes = reserve.highest(trait) if net >= 0 else reserve.lowest(trait)
    return _loi_icepool(_WarpIcepool(trait).evaluate(gardes), list(Resultat))


def warp_rules(trait: int, net: int) -> dict[Resultat, Fraction]:
    return distribution(trait, bonus=max(net, 0), malus=max(-net, 0))


class _Profil3d6(icepool.MultisetEvaluator):  # type: ignore[misc]
    """(total, Dd, Dt) de trois dés (0 : pas de double ni de triple)."""

    def next_state(self, etat: tuple[int, int, int] | None, ordre: Any, face: int, n: int) -> tuple[int, int, int]:
        total, dd, dt = etat or (0, 0, 0)
        return (total + face * n, face if n == 2 else dd, face if n == 3 else dt)


def troisd6_icepool(seuil: int) -> dict[Niveau, Fraction]:
    profils = _Profil3d6().evaluate(icepool.d6.pool(3))
    de = profils.map(lambda p: niveau(p[0], seuil, p[1] or None, p[2] or None).rang)
    return _loi_icepool(de, list(Niveau))


def sans_opposition_icepool(seuil: int, depart: str, objectif: Avantage) -> dict[Avantage, Fraction]:
    """La chaîne absorbante d'icepool : un état (rang de l'avantage, fini ?), un jet par pas."""
    profils = _Profil3d6().evaluate(icepool.d6.pool(3))
    rate = -1000

    def points(p: tuple[int, int, int]) -> Any:
        total, dd, dt = p
        niv = niveau(total, seuil, dd or None, dt or None)
        if not niv.reussi:
            return rate
        ind = monter(depart, dt if niv is Niveau.REUSSITE_CRITIQUE else 0)
        de = ind.d6 @ icepool.d6 + ind.d3 @ icepool.d3 if ind.d3 else ind.d6 @ icepool.d6
        return de + (dd if niv is Niveau.REUSSITE_SPECIALE else 0)

    de_points = profils.map(points)
    avantages = list(Avantage)

    def pas(etat: tuple[int, int]) -> Any:
        rang, fini = etat
        if fini or avantages[rang] >= objectif:
            return etat
        return de_points.map(lambda p: (rang, 1) if p == rate else (progression(avantages[rang], p).rang, 0))

    fin = icepool.Die([(0, 0)]).map(pas, repeat="inf")
    loi = dict.fromkeys(Avantage, Fraction(0))
    for (rang, _), q in fin.items():
        loi[avantages[rang]] += Fraction(q, fin.denominator())
    return loi


def etendu_icepool(trait: int, complexite: int, maniabilite: int) -> dict[Resultat, Fraction]:
    """La chaîne absorbante d'icepool d'un Test étendu : un état (Progrès, Revers), un round par pas."""
    rond = _WarpIcepool(trait).evaluate(icepool.d6.pool(trait).highest(trait))
    resultats = list(Resultat)

    def pas(etat: tuple[int, int]) -> Any:
        if issue_etendue(etat[0], etat[1], complexite, maniabilite) is not None:
            return etat
        return rond.map(lambda r: (etat[0] + EFFETS[resultats[r]][0], etat[1] + EFFETS[resultats[r]][1]))

    fin = icepool.Die([(0, 0)]).map(pas, repeat="inf")
    loi: dict[Resultat, Fraction] = {}
    for etat, q in fin.items():
        r = issue_etendue(etat[0], etat[1], complexite, maniabilite)
        assert r is not None
        loi[r] = loi.get(r, Fraction(0)) + Fraction(q, fin.denominator())
    return loi


def etendu_rules(trait: int, complexite: int, maniabilite: int) -> dict[Resultat, Fraction]:
    return distribution_etendue(trait, complexite, maniabilite)


# --- Mesures ---------------------------------------------------------------------------


def _mediane(fonction: Callable[[], Any], repetitions: int, *, rules: bool) -> tuple[float, Any]:
    """Médiane des durées et dernier résultat ; caches de `rules` vidés avant chaque répétition."""
    durees, resultat = [], None
    for _ in range(repetitions):
        if rules:
            vider_caches()
        debut = time.perf_counter()
        resultat = fonction()
        durees.append(time.perf_counter() - debut)
    return statistics.median(durees), resultat


def _s(secondes: float) -> str:
    return f"{secondes * 1000:,.1f} ms".replace(",", " ").replace(".", ",")


def _rapport(x: float) -> str:
    return f"{x:.3f}".replace(".", ",")


def cote_a_cote(titre: str, entrees: list[Any], ours: Callable[..., Any], ice: Callable[..., Any], n: int) -> float:
    """Calcule `entrees` avec les deux bibliothèques, vérifie l'égalité, imprime les médianes et le rapport."""
    t_rules, a = _mediane(lambda: [ours(*e) for e in entrees], n, rules=True)
    t_ice, b = _mediane(lambda: [ice(*e) for e in entrees], n, rules=False)
    egales = all(
        {k: v for k, v in x.items() if v} == {k: v for k, v in y.items() if v} for x, y in zip(a, b, strict=True)
    )
    if not egales:
        raise SystemExit(f"{titre} : les lois de rules et d'icepool diffèrent !")
    print(
        f"{titre} : rules {_s(t_rules)}, icepool {_s(t_ice)} → rapport {_rapport(t_rules / t_ice)} "
        f"({len(entrees)} loi{'s' if len(entrees) > 1 else ''} égale{'s' if len(entrees) > 1 else ''}, médianes de {n})"
    )
    return t_rules / t_ice


def chaine_la_plus_lente(n: int) -> tuple[str, Callable[[], Any], Callable[[], Any]]:
    """Parmi les chaînes que montrent les pages, celle dont le calcul à froid est le plus long."""
    candidates: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {}
    for seuil in range(6, 19):
        for ind in ("1D6", "1D6+1D3", "2D6", "3D6", "4D6"):
            for obj in (Avantage.CRITIQUE, Avantage.DEFINITIF):
                candidates[f"issue_sans_opposition({seuil}, {ind!r}, objectif={obj.name})"] = (
                    partial(issue_sans_opposition, seuil, ind, objectif=obj),
                    partial(sans_opposition_icepool, seuil, ind, obj),
                )
    for c in range(1, 9):
        for m in range(1, 6):
            candidates[f"distribution_etendue(3, {c}, {m})"] = (
                partial(etendu_rules, 3, c, m),
                partial(etendu_icepool, 3, c, m),
            )
    temps = {nom: _mediane(f, n, rules=True)[0] for nom, (f, _) in candidates.items()}
    nom = max(temps, key=lambda k: temps[k])
    return nom, *candidates[nom]


# --- Pyodide ---------------------------------------------------------------------------

_PAGE = """<!doctype html>
<meta charset="utf-8">
<title>Banc d'essai des lois dans Pyodide</title>
<script src="pyodide/pyodide.js"></script>
<script>
(async () => {
  try {
    const t0 = performance.now();
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
    const t1 = performance.now();
    const archive = await (await fetch("paquet.zip")).arrayBuffer();
    pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/banc" });
    const code = await (await fetch("banc.py")).text();
    const sortie = pyodide.runPython(code);
    window.resultat = JSON.stringify({ chargement_ms: t1 - t0, mesures: JSON.parse(sortie) });
  } catch (erreur) {
    window.resultat = JSON.stringify({ erreur: String(erreur) });
  }
})();
</script>
"""

_BANC = """
import json, statistics, sys, time
sys.path.insert(0, "/home/pyodide/banc")
debut = time.perf_counter()
from scripts.appels_lois import CANDIDATS, chronometrer
import_ms = (time.perf_counter() - debut) * 1000
premier = {nom: chronometrer(appel, 1)[0] * 1000 for nom, appel in CANDIDATS.items()}
chaud = {nom: statistics.median(chronometrer(appel, REPETITIONS)) * 1000 for nom, appel in CANDIDATS.items()}
json.dumps({"version": sys.version.split()[0], "import_ms": import_ms, "premier_ms": premier, "chaud_ms": chaud})
"""


def _archive() -> bytes:
    """Le paquet `rules` et `scripts/appels_lois.py`, en zip (ce que le navigateur recevrait)."""
    tampon = io.BytesIO()
    with zipfile.ZipFile(tampon, "w", zipfile.ZIP_DEFLATED) as z:
        for fichier in sorted((RACINE / "rules").rglob("*.py")):
            z.write(fichier, fichier.relative_to(RACINE).as_posix())
        z.write(RACINE / "scripts" / "__init__.py", "scripts/__init__.py")
        z.write(RACINE / "scripts" / "appels_lois.py", "scripts/appels_lois.py")
    return tampon.getvalue()


def pyodide(repetitions: int) -> dict[str, Any]:
    """Chaque candidat dans Pyodide : premier appel après l'import, puis médiane à chaud (caches vidés)."""
    from playwright.sync_api import sync_playwright

    from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, servir

    source = RACINE / "node_modules" / "pyodide"
    if not (source / "pyodide.js").is_file():
        raise SystemExit("node_modules/pyodide/ manque : lancez `npm ci` (Pyodide 314.0.7, épinglé par package.json)")
    with tempfile.TemporaryDirectory(prefix="banc-pyodide-") as dossier:
        racine = Path(dossier)
        shutil.copytree(source, racine / "pyodide")
        (racine / "index.html").write_text(_PAGE, "utf-8")
        (racine / "paquet.zip").write_bytes(_archive())
        (racine / "banc.py").write_text(f"REPETITIONS = {repetitions}\n" + _BANC, "utf-8")
        with servir(racine) as adresse, sync_playwright() as p:
            navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
            page = navigateur.new_page()
            dehors: list[str] = []
            page.on("request", lambda r: None if r.url.startswith(adresse) else dehors.append(r.url))
            page.goto(adresse + "index.html")
            page.wait_for_function("() => window.resultat !== undefined", timeout=600_000)
            resultat: dict[str, Any] = json.loads(page.evaluate("window.resultat"))
            navigateur.close()
    if "erreur" in resultat:
        raise SystemExit(f"Pyodide : {resultat['erreur']}")
    if dehors:
        raise SystemExit(f"Pyodide : requêtes hors de 127.0.0.1 : {dehors}")
    return resultat


def main(arguments: list[str] | None = None) -> int:
    analyse = argparse.ArgumentParser(prog="python -m scripts.bench_lois", description=__doc__.splitlines()[0])
    analyse.add_argument("--repetitions", type=int, default=5, help="répétitions par mesure (5)")
    analyse.add_argument("--sans-pyodide", action="store_true", help="ne pas lancer Chromium et Pyodide")
    options = analyse.parse_args(arguments)
    n = options.repetitions
    print(f"Banc d'essai des lois exactes — icepool {icepool.__version__}, médianes de {n} répétitions à froid.")

    atlas = [(t, net) for t in range(1, 9) for net in range(-8, 9)]
    cote_a_cote("Atlas WaRP 1–8 × −8…+8", atlas, warp_rules, warp_icepool, n)
    grand = [(t, net) for t in range(1, 13) for net in range(-12, 13)]
    cote_a_cote("Atlas WaRP 1–12 × −12…+12", grand, warp_rules, warp_icepool, n)
    cote_a_cote("Lois de seuils 3D6 (3 à 18)", [(s,) for s in range(3, 19)], distribution_3d6, troisd6_icepool, n)

    nom, ours, ice = chaine_la_plus_lente(n)
    cote_a_cote(f"Chaîne la plus lente du site, {nom}", [()], ours, ice, n)

    temps = mesurer_candidats(n)
    print("Plus grands cas acceptés (médianes à froid) :")
    for candidat, t in sorted(temps.items(), key=lambda x: -x[1]):
        print(f"  {_s(t):>10}  {candidat}")
    lent = max(temps, key=lambda k: temps[k])
    print(f"Appel unique le plus lent : {lent} — {_s(temps[lent])} (cible ≤ 50 ms)")

    if not options.sans_pyodide:
        r = pyodide(n)
        m = r["mesures"]
        print(
            f"Pyodide (Python {m['version']}, Chromium sans tête) : chargement {_s(r['chargement_ms'] / 1000)}, "
            f"import de rules {_s(m['import_ms'] / 1000)}"
        )
        for candidat, t in sorted(m["chaud_ms"].items(), key=lambda x: -x[1]):
            print(f"  {_s(t / 1000):>10} à chaud ({_s(m['premier_ms'][candidat] / 1000)} au premier appel)  {candidat}")
        lent_p = max(m["chaud_ms"], key=lambda k: m["chaud_ms"][k])
        print(
            f"Dans Pyodide, {lent} : {_s(m['chaud_ms'][lent] / 1000)} à chaud (cible ≤ 200 ms) ; "
            f"le plus lent là-bas : {lent_p}, {_s(m['chaud_ms'][lent_p] / 1000)}"
        )
    vider_caches()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
