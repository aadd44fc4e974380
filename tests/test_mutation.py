"""La plomberie de `python -m scripts.mutation`, sans les heures de la mesure elle-même.

Les tests retenus pour juger les mutants suivent la suite (une collecte le montre : un fichier de tests que rien
ne nomme est pris, ceux qui lancent un autre programme sont écartés) ; le bilan range chaque verdict de mutmut
sous son module et nomme les survivants ; et, si mutmut est installé (extra `mutation`), le script mesure pour de
vrai un petit paquet fait pour l'occasion, avec la configuration de `pyproject.toml` et le greffon de la mesure.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scripts._mutmut_pytest import AUTRES_PROGRAMMES, VARIABLE
from scripts.mutation import bilan, fonction_de, fonctions, module_de, modules_des_motifs

RACINE = Path(__file__).resolve().parent.parent


def _environnement() -> dict[str, str]:
    """L'environnement d'un programme lancé par ces tests, comme sous mutmut (qui pose `MUTANT_UNDER_TEST`)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    return env | {VARIABLE: "", "NO_MKDOCS_2_WARNING": "1"}


def test_un_mutant_est_range_sous_sa_fonction_et_son_module() -> None:
    assert fonction_de("rules.troisd6.duel.x__resoudre_paire__mutmut_4") == "rules.troisd6.duel._resoudre_paire"
    assert fonction_de("rules.troisd6.duel.xǁPolitiqueǁ__post_init____mutmut_3") == (
        "rules.troisd6.duel.Politique.__post_init__"
    )
    assert module_de("rules.calculateur.x_calculer__mutmut_11") == "rules.calculateur"
    assert "rules.warp.jets._loi" in fonctions("rules.warp.jets")
    assert "rules.warp.opposes.Opposition.avantage" in fonctions("rules.warp.opposes")


# --- Les tests retenus : une vraie collecte ------------------------------------------------------------------


def _collecter(tmp_path: Path, *chemins: str | Path) -> tuple[set[str], set[str]]:
    """Les tests retenus (identifiants) et les fichiers des tests écartés par le greffon de la mesure, parmi `chemins`.

    Les écartés sont lus dans le plan que tient `tests/conftest.py` (`REGLES_PLAN_MARQUEURS`).
    """
    plan = tmp_path / "plan.jsonl"
    commande = [sys.executable, "-m", "pytest", "-c", "pyproject.toml", "--rootdir", ".", "--collect-only", "-q"]
    commande += ["-n", "0", "-p", "no:cacheprovider", "-p", "scripts._mutmut_pytest", *map(str, chemins)]
    env = _environnement() | {"REGLES_PLAN_MARQUEURS": str(plan)}
    r = subprocess.run(commande, cwd=RACINE, capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    retenus = {ligne for ligne in r.stdout.splitlines() if "::" in ligne and " " not in ligne}
    lignes = plan.read_text("utf-8").splitlines() if plan.exists() else []
    return retenus, {json.loads(ligne)["test"].split("::")[0] for ligne in lignes}


def test_les_tests_retenus_suivent_la_suite(tmp_path: Path) -> None:
    """Un fichier de tests neuf, que rien ne nomme, juge les mutants ; un test qui lance un autre programme, non."""
    neuf = tmp_path / "test_neuf.py"
    neuf.write_text("def test_neuf() -> None:\n    assert True\n", "utf-8")
    fichiers = ("tests/test_warp_opposes.py", "tests/test_paquet_autonome.py", "tests/test_qualite.py")
    retenus, ecartes = _collecter(tmp_path, neuf, *fichiers)
    fichiers_retenus = {r.split("::")[0] for r in retenus}
    assert any(r.endswith("::test_neuf") for r in retenus), retenus  # hors de la racine : « ::test_neuf »
    assert "tests/test_warp_opposes.py" in fichiers_retenus
    assert {"tests/test_paquet_autonome.py", "tests/test_qualite.py"} <= ecartes
    assert not fichiers_retenus & ecartes


def test_les_autres_programmes_designent_des_fichiers_de_tests_qui_existent() -> None:
    assert all((RACINE / fichier).is_file() for fichier in AUTRES_PROGRAMMES)


# --- Le bilan, sur des verdicts tels que mutmut les rend -------------------------------------------------------

ETATS = {
    "rules.petit.x_double__mutmut_1": "killed",
    "rules.petit.x_double__mutmut_2": "timeout",
    "rules.petit.x_signe__mutmut_1": "survived",
    "rules.petit.x_signe__mutmut_2": "no tests",
    "rules.petit.xǁBoiteǁouvrir__mutmut_1": "killed",
    "rules.autre.x_f__mutmut_1": "not checked",
}


def _petit_paquet(racine: Path) -> None:
    (racine / "rules").mkdir(parents=True)
    (racine / "rules" / "__init__.py").write_text("", "utf-8")
    (racine / "rules" / "petit.py").write_text(
        "from functools import cache\n\n\n"
        "def double(n: int) -> int:\n    return 2 * n\n\n\n"
        "@cache\ndef loi(n: int) -> int:\n    return double(n) + 1\n\n\n"
        'def signe(n: int) -> str:\n    if n > 0:\n        return "+"\n    return "-"\n\n\n'
        "class Boite:\n    def ouvrir(self) -> int:\n        return 1\n",
        "utf-8",
    )
    (racine / "rules" / "autre.py").write_text("def f() -> int:\n    return 1\n", "utf-8")


def test_le_bilan_compte_chaque_verdict_et_nomme_les_survivants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _petit_paquet(tmp_path)
    total = bilan(ETATS, racine=tmp_path)
    sortie = capsys.readouterr().out
    assert re.search(r"^rules\.petit +3 +2 +0 +60\.0 %$", sortie, re.MULTILINE), sortie
    assert re.search(r"^rules\.autre +0 +0 +1 +—$", sortie, re.MULTILINE), sortie
    assert re.search(r"^total +3 +2 +1 +60\.0 %$", sortie, re.MULTILINE), sortie
    assert total == {"tués": 3, "survivants": 2, "non jugés": 1}
    survivants = re.findall(r"survivant : (\S+)", sortie)
    assert survivants == ["rules.petit.x_signe__mutmut_1", "rules.petit.x_signe__mutmut_2"]
    assert "sans mutant dans rules.petit (1) : loi\n" in sortie


def test_le_bilan_d_un_motif_ne_montre_que_ses_modules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _petit_paquet(tmp_path)
    assert modules_des_motifs(["rules.petit.x_signe*"], ETATS) == {"rules.petit"}
    assert modules_des_motifs([], ETATS) is None
    bilan(ETATS, modules_des_motifs(["rules.petit*"], ETATS), racine=tmp_path)
    sortie = capsys.readouterr().out
    assert "rules.petit " in sortie and "rules.autre" not in sortie


# --- Pour de vrai : mutmut sur un petit paquet -----------------------------------------------------------------

TESTS_DU_PETIT = """\
from rules.petit import Boite, loi, signe


def test_loi() -> None:
    assert loi(3) == 7


def test_signe() -> None:
    assert signe(2) == "+" and signe(-1) == "-"


def test_boite() -> None:
    assert Boite().ouvrir() == 1
"""


def test_la_mesure_juge_un_petit_paquet_avec_la_configuration_du_projet(tmp_path: Path) -> None:
    """La configuration de `pyproject.toml`, le greffon et le script, sur un paquet de trois fonctions.

    `double` n'est appelée que par `loi`, mise en cache : ses mutants ne sont tués que si le greffon vide les caches
    (sans quoi la valeur calculée par le code d'origine les masque) ; `loi`, décorée, n'a aucun mutant ; les
    survivants sont ceux de `signe`, que rien ne teste en 0 ; un `test_paquet_autonome.py` qui échouerait s'il
    était lancé est écarté (sinon la collecte des statistiques de mutmut échouerait) ; `test_petit.py`, que rien ne
    nomme, juge les mutants.
    """
    pytest.importorskip("mutmut", reason="mutmut est dans l'extra « mutation » : pip install -e '.[mutation]'")
    _petit_paquet(tmp_path)
    (tmp_path / "scripts").mkdir()
    for nom in ("__init__.py", "_mutmut_pytest.py", "mesures_tests.py", "mutation.py"):
        shutil.copy(RACINE / "scripts" / nom, tmp_path / "scripts" / nom)
    shutil.copy(RACINE / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_petit.py").write_text(TESTS_DU_PETIT, "utf-8")
    (tmp_path / "tests" / "test_paquet_autonome.py").write_text(
        "def test_echoue() -> None:\n    assert False\n", "utf-8"
    )
    env = {k: v for k, v in _environnement().items() if k != VARIABLE}
    commande = [sys.executable, "-m", "scripts.mutation", "--processus", "1"]
    r = subprocess.run(commande, cwd=tmp_path, capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    etats = dict(re.findall(r"^\s*(rules\.\S+__mutmut_\d+): (.+)$", _resultats(tmp_path, env), re.MULTILINE))
    doubles = {nom: e for nom, e in etats.items() if fonction_de(nom) == "rules.petit.double"}
    assert doubles and set(doubles.values()) == {"killed"}, (doubles, r.stdout)
    survivants = {fonction_de(nom) for nom, e in etats.items() if e == "survived"}
    assert survivants == {"rules.petit.signe"}, (etats, r.stdout)
    assert "sans mutant dans rules.petit (1) : loi" in r.stdout


def _resultats(racine: Path, env: dict[str, str]) -> str:
    commande = [sys.executable, "-m", "mutmut", "results", "--all", "true"]
    return subprocess.run(commande, cwd=racine, capture_output=True, text=True, env=env, check=True).stdout
