"""Le calculateur en terminal (`python -m rules`) : mêmes sorties que le calculateur, codes de sortie, aide en français.

Chaque cas de `tests/cas_calculateur.py` est lancé dans un vrai processus
(`python -m rules FORMULAIRE --champ valeur …`) ; sa sortie doit être, au
caractère près, celle de `en_texte(calculer(…))`, dont les tests du calculateur
vérifient qu'elle dit ce que disent les règles.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rules.__main__ import main
from rules.calculateur import calculer, en_texte
from tests.cas_calculateur import CAS, ERREURS, Cas
from tests.conftest import RACINE


def _lancer(*arguments: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(RACINE), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "rules", *arguments], capture_output=True, text=True, env=env, cwd=RACINE, timeout=120
    )


def _options(entrees: dict[str, str]) -> list[str]:
    return [morceau for nom, valeur in entrees.items() for morceau in (f"--{nom.replace('_', '-')}", valeur)]


@pytest.mark.parametrize("cas", CAS[::3], ids=lambda c: c.ident)
def test_un_vrai_processus_ecrit_la_reponse_du_calculateur(cas: Cas) -> None:
    proc = _lancer(cas.formulaire, *_options(cas.entrees))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == en_texte(calculer(cas.formulaire, cas.entrees)) + "\n"
    if cas.verdict:
        assert proc.stdout.startswith(f"Verdict : {cas.verdict}\n")


@pytest.mark.parametrize("cas", CAS, ids=lambda c: c.ident)
def test_main_sur_chaque_cas(cas: Cas, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([cas.formulaire, *_options(cas.entrees)]) == 0
    assert capsys.readouterr().out == en_texte(calculer(cas.formulaire, cas.entrees)) + "\n"


@pytest.mark.parametrize(("formulaire", "entrees", "champ", "message"), ERREURS)
def test_mauvaise_entree_code_2_et_message_francais(
    formulaire: str, entrees: dict[str, str], champ: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([formulaire, *_options(entrees)]) == 2
    sortie = capsys.readouterr()
    assert sortie.out == ""
    assert sortie.err == f"python -m rules {formulaire} : erreur (--{champ.replace('_', '-')}) : {message}\n"


def test_mauvaise_entree_dans_un_vrai_processus() -> None:
    proc = _lancer("warp-jet", "--trait", "3", "--des", "6 5 2 1")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "des doit contenir exactement 3 dés, reçu 4" in proc.stderr


@pytest.mark.parametrize(
    ("arguments", "attendu"),
    [
        ([], "arguments obligatoires manquants : FORMULAIRE"),
        (["bidule"], "argument FORMULAIRE : choix invalide 'bidule'"),
        (["warp-jet", "--truc", "3"], "arguments inconnus : --truc 3"),
        (["warp-jet", "--trait"], "argument --trait : une valeur est attendue"),
    ],
)
def test_erreurs_d_options_en_francais(arguments: list[str], attendu: str) -> None:
    proc = _lancer(*arguments)
    assert proc.returncode == 2
    assert proc.stderr.startswith("utilisation : python -m rules")
    assert attendu in proc.stderr
    assert "usage" not in proc.stderr and "error" not in proc.stderr


def test_aide_en_francais() -> None:
    proc = _lancer("--help")
    assert proc.returncode == 0
    assert proc.stdout.startswith("utilisation : python -m rules")
    assert "affiche cette aide et quitte" in proc.stdout and "formulaires:" in proc.stdout
    for anglais in ("usage:", "show this help", "positional arguments"):
        assert anglais not in proc.stdout
    champ = " ".join(_lancer("troisd6-scene", "--help").stdout.split())
    assert "--defense-a DEFENSE_A" in champ and "valeurs : esquive, blocage, contre_attaque (contre-attaque)" in champ


def test_lancer_avec_graine_rejoue_et_json() -> None:
    un = _lancer("warp-jet", "--trait", "4", "--lancer", "--graine", "12")
    deux = _lancer("warp-jet", "--trait", "4", "--lancer", "--graine", "12")
    assert un.returncode == 0 and un.stdout == deux.stdout and un.stdout.startswith("Verdict : ")
    donnees = json.loads(_lancer("warp-jet", "--des", "6 5 4", "--json").stdout)
    assert donnees == calculer("warp-jet", {"des": "6 5 4"}).en_dict()
