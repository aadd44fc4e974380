"""Le calculateur en terminal (`python -m rules`) : mêmes sorties que le calculateur, codes de sortie, aide en français.

Chaque cas de `tests/cas_calculateur.py` est lancé dans un vrai processus
(`python -m rules FORMULAIRE --champ valeur …`) ; sa sortie doit être, au
caractère près, celle de `en_texte(calculer(…))`, dont les tests du calculateur
vérifient qu'elle dit ce que disent les règles.
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import subprocess
import sys
from dataclasses import replace

import pytest

from rules.__main__ import main
from rules.calculateur import FORMULAIRES, Champ, calculer, en_texte
from rules.calculateur._commun import LONGUEUR_MAX
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
    # La ligne nomme l'option qui a fourni l'entrée refusée (et le rang d'un Bêta), jamais l'étiquette du
    # formulaire : « Dés lancés : doit contenir… » devient « --des doit contenir… », « Dés lancés : chaque dé… »
    # devient « --des : chaque dé… », « Dés des Bêtas, Bêta 2 : doit… » devient « --des-betas (Bêta 2) doit… ».
    libelle = FORMULAIRES[formulaire].champ(champ).libelle
    tete = re.match(rf"{re.escape(libelle)}(?:, (\w+) (\d+))? : ", message)
    assert tete is not None, message
    option = f"--{champ.replace('_', '-')}" + (f" ({tete[1]} {tete[2]})" if tete[1] else "")
    reste = message[tete.end() :]
    if len(calculer(formulaire, entrees).refus[champ].lieux) > 1:  # « --nom-b et --nom-a doivent… »
        option, reste = f"{option} et --", reste.removeprefix("doivent ").removeprefix("doit ")
        assert sortie.err.startswith(f"python -m rules {formulaire} : erreur : {option}") and reste in sortie.err
        return
    phrase = f"{option} {reste}" if reste.startswith("doit ") else f"{option} : {reste}"
    assert sortie.err == f"python -m rules {formulaire} : erreur : {phrase}\n"


def test_mauvaise_entree_dans_un_vrai_processus() -> None:
    proc = _lancer("warp-jet", "--trait", "3", "--des", "6 5 2 1")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert (
        proc.stderr
        == "python -m rules warp-jet : erreur : --des doit contenir exactement 3 dés, reçu 4 : (6, 5, 2, 1)\n"
    )


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
    assert "affiche cette aide et quitte" in proc.stdout and "formulaires :" in proc.stdout
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


# --- Dans le processus de pytest : l'aide, les erreurs d'argparse, --lancer/--graine, --json -----------------
#
# Les tests qui suivent appellent `main` dans le processus (et non `python -m rules` dans un sous-processus) :
# ce qu'ils vérifient compte donc aussi pour la campagne de mutation. L'aide est lue avec une largeur de
# terminal énorme (COLUMNS) pour qu'argparse ne coupe aucune ligne, et comparée aux espaces près.

DESCRIPTION = (
    "Le calculateur de table des Règles exécutables : le verdict expliqué d'un jet et les chances\n"
    "exactes de chaque issue, pour chaque mécanique de WaRP et du 3D6 (comme la page « Calculateur »)."
)
EPILOGUE = (
    "Exemples :\n"
    '  python -m rules warp-jet --trait 3 --bonus 1 --des "6 2 5 1"\n'
    "  python -m rules troisd6-jet --sorte talent --valeur 2 --difficulte -3\n"
    '  python -m rules warp-cooperatif --alpha 3 --resultats "Compensation, Compensation, Catastrophe"\n'
    "  python -m rules troisd6-apres-attaque --niveau-attaque spéciale --seuil-defenseur 10"
    "   (quelle défense, l'attaque lancée)\n"
    "  python -m rules FORMULAIRE --help   (les champs d'un formulaire)"
)


def _mots(texte: str) -> str:
    return " ".join(texte.split())


def _quitte(arguments: list[str], capsys: pytest.CaptureFixture[str], code: int) -> tuple[str, str]:
    """argparse quitte (SystemExit) avec `code` : les sorties standard et d'erreur."""
    with pytest.raises(SystemExit) as sortie:
        main(arguments)
    assert sortie.value.code == code
    lu = capsys.readouterr()
    return lu.out, lu.err


def _aide(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """La sortie de `--help` (ou `-h`) : code de sortie 0, rien sur la sortie d'erreur."""
    out, err = _quitte(arguments, capsys, 0)
    assert err == ""
    return out


def _option(champ: Champ) -> str:
    return "--" + champ.nom.replace("_", "-")


def _aide_du_champ(champ: Champ) -> str:
    """L'aide d'une option, écrite depuis le champ : libellé ; valeurs possibles ou « oui ou non » ; aide ; défaut."""
    morceaux = [champ.libelle]
    if champ.choix:
        valeurs = [valeur if valeur == libelle else f"{valeur} ({libelle})" for valeur, libelle in champ.choix]
        morceaux.append("valeurs : " + ", ".join(valeurs))
    if champ.sorte == "case":
        morceaux.append("oui ou non")
    morceaux += [champ.aide] if champ.aide else []
    morceaux += [f"défaut : {champ.defaut}"] if champ.defaut else []
    return " ; ".join(morceaux)


@pytest.fixture
def large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "5000")


@pytest.mark.usefixtures("large")
def test_aide_generale_mot_pour_mot(capsys: pytest.CaptureFixture[str]) -> None:
    sortie = _aide(["--help"], capsys)
    formulaires = [f"{f.nom} {f.systeme} — {f.titre} : {f.description}" for f in FORMULAIRES.values()]
    formulaires.append(
        "variantes les autres lectures du texte et les règles maison, que --variante et --maison appliquent"
    )
    attendu = [
        "utilisation : python -m rules [-h] FORMULAIRE ...",
        DESCRIPTION,
        "options : -h, --help affiche cette aide et quitte",
        "formulaires : FORMULAIRE",
        *formulaires,
        EPILOGUE,
    ]
    assert _mots(sortie) == _mots(" ".join(attendu))
    # La description et les exemples gardent leurs lignes, telles qu'écrites.
    assert sortie.startswith(f"utilisation : python -m rules [-h] FORMULAIRE ...\n\n{DESCRIPTION}\n\noptions :\n")
    assert sortie.endswith(f"\n\n{EPILOGUE}\n")
    assert _aide(["-h"], capsys) == sortie


@pytest.mark.usefixtures("large")
@pytest.mark.parametrize("nom", list(FORMULAIRES))
def test_aide_de_chaque_formulaire_depuis_ses_champs(nom: str, capsys: pytest.CaptureFixture[str]) -> None:
    f = FORMULAIRES[nom]
    sortie = _aide([nom, "--help"], capsys)
    lancer = ["[--lancer]", "[--graine N]"] if f.lancable else []
    usage = [
        "[-h]",
        *(f"[{_option(c)} {c.nom.upper()}]" for c in f.champs),
        *lancer,
        "[--variante ID]",
        "[--maison REGLE=VALEUR]",
        "[--json]",
    ]
    options = [f"{_option(c)} {c.nom.upper()} {_aide_du_champ(c)}" for c in f.champs]
    if f.lancable:
        options += [
            "--lancer tire de vrais dés au lieu de les lire",
            "--graine N graine des dés tirés (par --lancer, ou un jet d'effet laissé vide), pour les rejouer à "
            "l'identique",
        ]
    attendu = [
        f"utilisation : python -m rules {nom}",
        *usage,
        f.description,
        "options : -h, --help affiche cette aide et quitte",
        *options,
        "--variante ID répond sous cette autre lecture du texte (répétable ; la liste : python -m rules variantes)",
        "--maison REGLE=VALEUR une règle maison, par exemple malus_contre_attaque=-2 (répétable ; la liste : "
        "python -m rules variantes)",
        "--json écrit la réponse en JSON",
    ]
    assert _mots(sortie) == _mots(" ".join(attendu))
    assert _aide([nom, "-h"], capsys) == sortie


@pytest.mark.usefixtures("large")
@pytest.mark.parametrize(
    ("nom", "ligne"),
    [
        ("troisd6-scene", "--defense-a DEFENSE_A Défense choisie, à chaque attaque subie ; valeurs : esquive, blocage, contre_attaque (contre-attaque) ; "
         "défaut : blocage"),
        ("troisd6-scene", "--talent-a TALENT_A Contre-attaque par un talent particulier (pas de −3) ; oui ou non"),
        ("warp-experience", "--accepte ACCEPTE Le MJ accepte l'argument ; oui ou non ; défaut : oui"),
        ("troisd6-jet", "--sorte SORTE Jet de ; valeurs : caracteristique (caractéristique (10 + modificateur)), "
         "talent (talent (10 + niveau)) ; défaut : caracteristique"),
        ("warp-jet", "--trait TRAIT Trait (dés) ; défaut : 3"),
    ],
)  # fmt: skip
def test_aide_d_une_option_mot_pour_mot(nom: str, ligne: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert f" {ligne} --" in _mots(_aide([nom, "--help"], capsys))


@pytest.mark.usefixtures("large")
def test_un_pour_cent_dans_une_aide_s_ecrit_tel_quel(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """argparse lit « % » comme un format : l'aide d'un champ qui en contient (« 50 % ») doit l'échapper."""
    f = FORMULAIRES["warp-jet"]
    champs = tuple(replace(c, aide="au moins 50 % des cas") if c.nom == "trait" else c for c in f.champs)
    monkeypatch.setitem(FORMULAIRES, "warp-jet", replace(f, champs=champs))
    sortie = _mots(_aide(["warp-jet", "--help"], capsys))
    assert "--trait TRAIT Trait (dés) ; au moins 50 % des cas ; défaut : 3 --bonus" in sortie


@pytest.mark.usefixtures("large")
def test_les_exemples_de_l_aide_marchent(capsys: pytest.CaptureFixture[str]) -> None:
    exemples = [ligne for ligne in _aide(["--help"], capsys).splitlines() if ligne.startswith("  python -m rules ")]
    assert len(exemples) == 5
    for exemple in exemples:
        mots = shlex.split(exemple.split("   (")[0])[3:]
        if mots[0] == "FORMULAIRE":
            for nom in FORMULAIRES:
                assert _aide([nom, *mots[1:]], capsys).startswith(f"utilisation : python -m rules {nom} [-h] ")
            continue
        formulaire, options = mots[0], mots[1:]
        entrees = {options[i][2:].replace("-", "_"): options[i + 1] for i in range(0, len(options), 2)}
        assert main(mots) == 0
        assert capsys.readouterr().out == en_texte(calculer(formulaire, entrees)) + "\n"


def _refus(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """La sortie d'erreur d'une ligne refusée par argparse : code 2, rien sur la sortie standard."""
    out, err = _quitte(arguments, capsys, 2)
    assert out == ""
    return err


def test_formulaire_manquant_usage_et_erreur_mot_pour_mot(capsys: pytest.CaptureFixture[str]) -> None:
    assert _refus([], capsys) == (
        "utilisation : python -m rules [-h] FORMULAIRE ...\n"
        "python -m rules : erreur : arguments obligatoires manquants : FORMULAIRE\n"
    )


@pytest.mark.parametrize(
    ("arguments", "prog", "message"),
    [
        (
            ["bidule"],
            "python -m rules",
            "argument FORMULAIRE : choix invalide 'bidule' (possibles : "
            + ", ".join(repr(nom) for nom in [*FORMULAIRES, "variantes"])
            + ")",
        ),
        (["warp-jet", "--truc", "3"], "python -m rules", "arguments inconnus : --truc 3"),
        (["warp-jet", "--trait"], "python -m rules warp-jet", "argument --trait : une valeur est attendue"),
        (["warp-jet", "--json=oui"], "python -m rules warp-jet", "argument --json : valeur inattendue 'oui'"),
        (["warp-jet", "--lancer=1"], "python -m rules warp-jet", "argument --lancer : valeur inattendue '1'"),
        # Aucune abréviation : « --bo » n'est ni « --bonus-premier » ni « --bonus-second », « --trai » pas « --trait ».
        (["warp-oppose", "--bo", "1"], "python -m rules", "arguments inconnus : --bo 1"),
        (["warp-jet", "--trai", "3"], "python -m rules", "arguments inconnus : --trai 3"),
        (["warp-jet", "--graine", "abc"], "python -m rules warp-jet", "argument --graine : valeur invalide 'abc'"),
        (
            ["troisd6-jet", "--graine", "1.5"],
            "python -m rules troisd6-jet",
            "argument --graine : valeur invalide '1.5'",
        ),
        (["troisd6-scene", "--lancer"], "python -m rules", "arguments inconnus : --lancer"),
    ],
)
def test_chaque_erreur_d_argparse_en_francais(
    arguments: list[str], prog: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    erreur = _refus(arguments, capsys)
    *usage, derniere = erreur.splitlines()
    assert derniere == f"{prog} : erreur : {message}"
    assert usage[0].startswith(f"utilisation : {prog} [-h] ")
    for anglais in ("usage", "error", "invalid ", "expected", "choose", "ambiguous", "required", "unrecognized"):
        assert anglais not in erreur


def test_une_valeur_trop_longue_est_refusee_par_calculer(capsys: pytest.CaptureFixture[str]) -> None:
    """calculer lève (au lieu de rendre une erreur de champ) pour un texte trop long : code 2, son message."""
    trop_long = "1" * (LONGUEUR_MAX + 1)
    with pytest.raises(ValueError) as refus:
        calculer("warp-jet", {"trait": trop_long})
    assert main(["warp-jet", "--trait", trop_long]) == 2
    assert capsys.readouterr() == ("", f"python -m rules warp-jet : erreur : {refus.value}\n")


@pytest.mark.parametrize("nom", [nom for nom, f in FORMULAIRES.items() if f.lancable])
def test_lancer_avec_graine_rejoue_le_meme_tirage(nom: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`--lancer --graine N` tire les dés de `random.Random(N)`, l'entier N : le même tirage que calculer."""
    attendu = en_texte(calculer(nom, {}, lancer=True, rng=random.Random(20261201))) + "\n"
    assert main([nom, "--lancer", "--graine", "20261201"]) == 0
    assert capsys.readouterr() == (attendu, "")
    assert main([nom, "--graine", "20261201"]) == 0  # sans --lancer ni dés, rien n'est tiré : les chances seules
    assert capsys.readouterr() == (en_texte(calculer(nom, {})) + "\n", "")


def test_graine_sans_lancer_rejoue_les_jets_d_effet_tires(capsys: pytest.CaptureFixture[str]) -> None:
    """Les 3d6 donnés sans leurs jets d'effet : l'échange tire ceux-ci ; `--graine` seule les rend rejouables."""
    for graine in range(5):
        arguments = ["troisd6-defense", "--des-attaque", "1 1 2", "--des-defense", "5 2 1", "--graine", str(graine)]
        attendu = en_texte(
            calculer("troisd6-defense", {"des_attaque": "1 1 2", "des_defense": "5 2 1"}, rng=random.Random(graine))
        )
        for _ in range(2):
            assert main(arguments) == 0
            assert capsys.readouterr() == (attendu + "\n", "")


def test_lancer_tire_de_vrais_des(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warp-jet", "--trait", "4", "--lancer"]) == 0
    sortie = capsys.readouterr().out
    assert sortie.startswith("Verdict : ") and sortie != en_texte(calculer("warp-jet", {"trait": "4"})) + "\n"


def test_json_lisible_en_utf8_indente(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warp-jet", "--des", "6 5 4", "--json"]) == 0
    sortie, erreur = capsys.readouterr()
    assert erreur == ""
    assert json.loads(sortie) == calculer("warp-jet", {"des": "6 5 4"}).en_dict()
    assert "lancés" in sortie and "\\u" not in sortie  # les accents écrits tels quels
    lignes = sortie.splitlines()
    assert lignes[0] == "{" and lignes[-1] == "}" and sortie.endswith("}\n")
    assert lignes[1] == '  "ok": true,' and '    "trait": "3",' in lignes  # deux espaces par niveau


def test_une_erreur_qui_ne_nomme_aucun_champ_vise_l_entree(capsys: pytest.CaptureFixture[str]) -> None:
    """Un seuil hors bornes vient de deux champs (valeur + difficulté) : le message ne vise aucune option."""
    reponse = calculer("troisd6-jet", {"valeur": "999"})
    assert list(reponse.erreurs) == [""]
    assert main(["troisd6-jet", "--valeur", "999"]) == 2
    assert capsys.readouterr() == ("", f"python -m rules troisd6-jet : erreur (entrée) : {reponse.erreurs['']}\n")


@pytest.mark.parametrize(
    ("formulaire", "option", "ecrit", "canonique"),
    [
        ("troisd6-defense", "--defense", "contre-attaque", "contre_attaque"),
        ("troisd6-defense", "--defense", "Contre-Attaque", "contre_attaque"),
        ("troisd6-scene", "--defense-b", "contre-attaque", "contre_attaque"),
        ("troisd6-effet", "--niveau", "spéciale", "speciale"),
        ("troisd6-defense", "--avantage", "léger", "leger"),
        ("troisd6-defense", "--avantage", "avantage léger", "leger"),  # le libellé que l'aide montre entre parenthèses
        ("troisd6-jet", "--sorte", "Talent", "talent"),
        ("warp-oppose", "--mode", "Symétrique", "symetrique"),
    ],
)
def test_un_choix_s_ecrit_comme_l_aide_le_montre(
    formulaire: str, option: str, ecrit: str, canonique: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Avec ou sans accents, tirets ni majuscules : la même option que sa valeur exacte, mot pour mot."""
    autres = ["--de", "3"] if formulaire == "troisd6-effet" else []
    assert main([formulaire, option, canonique, *autres]) == 0
    attendu = capsys.readouterr()
    assert main([formulaire, option, ecrit, *autres]) == 0
    assert capsys.readouterr() == attendu
    assert main([formulaire, option, "x" + ecrit, *autres]) == 2  # le même mot, défiguré : refusé
    assert capsys.readouterr().err.startswith(f"python -m rules {formulaire} : erreur : {option} doit être l'un de")


def test_un_choix_inconnu_reste_refuse_sous_son_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["troisd6-defense", "--defense", "parade"]) == 2
    assert capsys.readouterr().err == (
        "python -m rules troisd6-defense : erreur : --defense doit être l'un de esquive, blocage, contre_attaque, "
        "reçu 'parade'\n"
    )
