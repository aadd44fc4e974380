"""Les marqueurs tiennent parole : `pytest -m "not site and not navigateur"` est la boucle rapide.

Une seule collecte de `tests/` sous `-m "not site and not navigateur"`, avec `--setup-plan` (les
fixtures que chaque test monterait, sans rien exécuter), suffit à tout vérifier : le plan montre
qu'aucun test gardé ne construit le site ni n'ouvre Chromium ; les tests que `-m` écarte sont notés
avec leurs marqueurs et leurs fixtures (`pytest_deselected`, `tests/conftest.py`), ce qui montre
que chaque test marqué `site` construit le site, que chaque test marqué `navigateur` ouvre
Chromium, et que les deux marqueurs trient bien quelque chose. (Le plan porte sur `tests/` : les
doctests n'ont pas de fixtures.) Une collecte de la suite coûte plusieurs secondes de processeur :
une au lieu de trois.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts.mesures_tests import AUTRES_CONSTRUCTIONS
from tests.conftest import PLAN_MARQUEURS, RACINE, _rien_n_attend, pytest_xdist_auto_num_workers

RAPIDE = "not site and not navigateur"
NAVIGATEUR = {"browser", "context", "page", "browser_type_launch_args"}  # ce dernier : un profil persistant


@dataclass(frozen=True)
class Plan:
    gardes: dict[str, set[str]]
    """Les tests que `-m RAPIDE` garde, et les fixtures que le plan leur monte."""
    ecartes: dict[str, tuple[set[str], set[str]]]
    """Les tests que `-m RAPIDE` écarte : leurs marqueurs et leurs fixtures."""

    def marques(self, marqueur: str) -> dict[str, set[str]]:
        """Les tests écartés qui portent `marqueur` (ceux que `-m marqueur` choisirait), avec leurs fixtures."""
        return {t: fixtures for t, (marqueurs, fixtures) in self.ecartes.items() if marqueur in marqueurs}


UN_PLAN = pytest.mark.xdist_group("plan des marqueurs")
"""Les tests qui lisent le plan vont au même worker de pytest-xdist : la collecte n'a lieu qu'une fois."""


@pytest.fixture(scope="module")
def plan(tmp_path_factory: pytest.TempPathFactory) -> Plan:
    ecartes = tmp_path_factory.mktemp("plan") / "ecartes.jsonl"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", PLAN_MARQUEURS: str(ecartes)}
    env.pop("CI", None)  # rien n'est exécuté ni sauté ici
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests",
            "--setup-plan",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "-m",
            RAPIDE,
        ],
        cwd=RACINE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    gardes = re.findall(r"^\s+(tests/\S+) \(fixtures used: ([^)]*)\)", r.stdout, re.M)
    lignes = (
        [json.loads(ligne) for ligne in ecartes.read_text(encoding="utf-8").splitlines()] if ecartes.exists() else []
    )
    return Plan(
        gardes={test: set(fixtures.split(", ")) for test, fixtures in gardes},
        ecartes={e["test"]: (set(e["marqueurs"]), set(e["fixtures"])) for e in lignes},
    )


@UN_PLAN
def test_la_boucle_rapide_ne_construit_pas_le_site_ni_n_ouvre_de_navigateur(plan: Plan) -> None:
    assert any(t.startswith("tests/test_warp_jets.py") for t in plan.gardes), (
        "la boucle rapide garde les tests des règles"
    )
    construisent = [t for t, f in plan.gardes.items() if "site_construit" in f]
    naviguent = [t for t, f in plan.gardes.items() if f & NAVIGATEUR]
    assert not construisent, f"hors du marqueur site, ces tests construisent le site : {construisent}"
    assert not naviguent, f"hors du marqueur navigateur, ces tests ouvrent Chromium : {naviguent}"
    # -m n'écarte que ce que les deux marqueurs désignent.
    sans_marqueur = [t for t, (m, _) in plan.ecartes.items() if not m & {"site", "navigateur"}]
    assert not sans_marqueur, f"écartés de la boucle rapide sans marqueur site ni navigateur : {sans_marqueur}"


@UN_PLAN
def test_le_marqueur_site_trie_les_tests_qui_construisent_le_site(plan: Plan) -> None:
    marques = plan.marques("site")
    assert any(t.startswith("tests/test_site.py") for t in marques)
    # Construire le site : demander le site construit, ou en construire un soi-même (la liste d'un seul endroit).
    sans_site = [
        t
        for t, f in marques.items()
        if "site_construit" not in f and t.split("::")[-1].split("[")[0] not in AUTRES_CONSTRUCTIONS
    ]
    assert not sans_site, f"marqués site sans construire de site : {sans_site}"
    # Et dans l'autre sens : un test écarté qui construit le site porte le marqueur (sinon `-m site` le perdrait).
    oublies = [t for t, (m, f) in plan.ecartes.items() if "site_construit" in f and "site" not in m]
    assert not oublies, f"ces tests construisent le site sans le marqueur site : {oublies}"


@UN_PLAN
def test_le_marqueur_navigateur_trie_les_tests_qui_ouvrent_chromium(plan: Plan) -> None:
    marques = plan.marques("navigateur")
    assert any(t.startswith("tests/test_navigateur.py") for t in marques)
    assert all(f & NAVIGATEUR for f in marques.values()), "marqué navigateur sans ouvrir Chromium"
    oublies = [t for t, (m, f) in plan.ecartes.items() if f & NAVIGATEUR and "navigateur" not in m]
    assert not oublies, f"ces tests ouvrent Chromium sans le marqueur navigateur : {oublies}"


def _sans_playwright(*arguments: str, ci: bool) -> subprocess.CompletedProcess[str]:
    """pytest comme sur une installation `.[test]` sans l'extra `browser` (ni Playwright ni son greffon)."""
    code = "import sys; sys.modules['playwright'] = None; import pytest; sys.exit(pytest.main(sys.argv[1:]))"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("CI", None)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "-p",
            "no:playwright",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "-q",
            "-rs",
            *arguments,
        ],
        cwd=RACINE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_sans_playwright_la_collecte_tient_et_les_tests_navigateur_sont_sautes() -> None:
    r = _sans_playwright("--collect-only", "tests", "rules", "docs", ci=False)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "test_warp_jets.py" in r.stdout
    r = _sans_playwright("tests/test_navigateur.py", ci=False)
    # Tout le module est sauté : « aucun test collecté » (5), mais ni erreur ni échec.
    assert r.returncode in (0, 5), r.stdout[-3000:] + r.stderr[-3000:]
    assert "Playwright absent" in r.stdout and "skipped" in r.stdout


def test_sans_playwright_sous_ci_les_tests_navigateur_echouent() -> None:
    r = _sans_playwright("tests/test_navigateur.py", ci=True)
    assert r.returncode != 0
    assert "playwright" in r.stdout


SAUTE = """
import pytest

def test_execute():
    assert True

def test_saute():
    pytest.skip("rien à vérifier ici")
"""


def _en_parallele(dossier: Path, *, ci: bool) -> subprocess.CompletedProcess[str]:
    """pytest avec deux workers de pytest-xdist sur un test qui passe et un test sauté, avec nos crochets."""
    (dossier / "test_saute.py").write_text(SAUTE, encoding="utf-8")
    (dossier / "conftest.py").write_text(
        "from tests.conftest import pytest_sessionfinish  # noqa: F401\n", encoding="utf-8"
    )
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(RACINE)}
    env.pop("CI", None)
    if ci:
        env["CI"] = "true"
    # Sans les greffons qui ne jouent aucun rôle ici (chaque worker démarre plus vite).
    sans = ["-p", "no:cacheprovider", "-p", "no:playwright", "-p", "no:doctestplus", "-p", "no:benchmark"]
    commande = [sys.executable, "-m", "pytest", "-n", "2", *sans, "-rs"]
    return subprocess.run(
        [*commande, "--rootdir", str(dossier), "-c", os.devnull, "test_saute.py"],
        cwd=dossier,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_sous_ci_un_test_saute_dans_un_worker_fait_echouer_la_suite(tmp_path: Path) -> None:
    """Le saut a lieu dans un worker de pytest-xdist ; le contrôleur le compte et la suite échoue."""
    r = _en_parallele(tmp_path, ci=True)
    sortie = r.stdout + r.stderr
    assert "2 workers" in sortie and "1 passed, 1 skipped" in sortie, sortie[-3000:]
    assert r.returncode == pytest.ExitCode.TESTS_FAILED, sortie[-3000:]
    assert "CI=true : 1 test(s) sauté(s), ce qui est interdit en CI." in sortie


def test_hors_ci_le_meme_saut_laisse_la_suite_verte(tmp_path: Path) -> None:
    r = _en_parallele(tmp_path, ci=False)
    assert r.returncode == pytest.ExitCode.OK, (r.stdout + r.stderr)[-3000:]
    assert "1 passed, 1 skipped" in r.stdout


@pytest.mark.parametrize(
    ("marqueurs", "attendu"),
    [
        (RAPIDE, True),
        ("not navigateur and not site", True),
        ("not (site or navigateur)", True),
        ("not navigateur", False),
        ("site", False),
        ("not site", False),
        ("", False),
    ],
)
def test_un_worker_par_coeur_quand_rien_n_attend(marqueurs: str, attendu: bool) -> None:
    """La boucle rapide ne construit rien et n'ouvre pas Chromium : un worker par cœur (pas deux) ; dès qu'un
    test qui attend peut rester, deux par cœur."""
    config = SimpleNamespace(option=SimpleNamespace(markexpr=marqueurs))
    assert _rien_n_attend(config) is attendu  # type: ignore[arg-type]
    coeurs = os.cpu_count() or 1
    workers = pytest_xdist_auto_num_workers(config)  # type: ignore[arg-type]
    assert workers == (min(8, coeurs) if attendu else min(8, max(4, 2 * coeurs)))
