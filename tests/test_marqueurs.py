"""Les marqueurs tiennent parole : `pytest -m "not site and not navigateur"` est la boucle rapide.

Le plan de la suite (`--setup-plan` : les fixtures que chaque test monterait, sans rien
exécuter) montre qu'hors `site` et `navigateur`, aucun test ne construit le site ni
n'ouvre Chromium ; et que les deux marqueurs trient bien quelque chose.
(Le plan porte sur `tests/` : les doctests n'ont pas de fixtures.)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import RACINE

RAPIDE = "not site and not navigateur"
NAVIGATEUR = {"browser", "context", "page", "browser_type_launch_args"}  # ce dernier : un profil persistant


def _fixtures_par_test(marqueurs: str) -> dict[str, set[str]]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
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
            marqueurs,
        ],
        cwd=RACINE,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    plan = re.findall(r"^\s+(tests/\S+) \(fixtures used: ([^)]*)\)", r.stdout, re.M)
    return {test: set(fixtures.split(", ")) for test, fixtures in plan}


def test_la_boucle_rapide_ne_construit_pas_le_site_ni_n_ouvre_de_navigateur() -> None:
    plan = _fixtures_par_test(RAPIDE)
    assert any(t.startswith("tests/test_warp_jets.py") for t in plan), "la boucle rapide garde les tests des règles"
    construisent = [t for t, f in plan.items() if "site_construit" in f]
    naviguent = [t for t, f in plan.items() if f & NAVIGATEUR]
    assert not construisent, f"hors du marqueur site, ces tests construisent le site : {construisent}"
    assert not naviguent, f"hors du marqueur navigateur, ces tests ouvrent Chromium : {naviguent}"


def test_le_marqueur_site_trie_les_tests_qui_construisent_le_site() -> None:
    plan = _fixtures_par_test("site")
    assert any(t.startswith("tests/test_site.py") for t in plan)
    assert all("site_construit" in f for f in plan.values()), "marqué site sans construire le site"


def test_le_marqueur_navigateur_trie_les_tests_qui_ouvrent_chromium() -> None:
    plan = _fixtures_par_test("navigateur")
    assert any(t.startswith("tests/test_navigateur.py") for t in plan)
    assert all(f & NAVIGATEUR for f in plan.values()), "marqué navigateur sans ouvrir Chromium"


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
