"""Le registre des mutants équivalents (`scripts/mutants_equivalents.txt`) désigne du code qui existe, et le
bilan de `python -m scripts.mutation` signale une déclaration qui ne correspond plus à aucun mutant.

La campagne de mutation est trop longue pour la CI ; ces tests tournent sans mutmut : le registre se lit, chaque
déclaration nomme une fonction (ou une méthode) qui existe encore dans `rules/` et une ligne d'origine qui s'y
lit encore ; et le bilan, nourri de fichiers écrits comme mutmut les écrit, range chaque mutant d'après sa
fonction et ce qu'il change, quel que soit son numéro.
"""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest

from scripts.mutation import Declaration, bilan, equivalents, fonction_de, lire_declaration

RACINE = Path(__file__).resolve().parent.parent


@cache
def _sources(module: str) -> dict[str, list[str]]:
    """Les lignes (blancs normalisés) de chaque fonction (« f ») et méthode (« Classe.m ») du module `module`."""
    chemin = RACINE.joinpath(*module.split("."))
    fichier = chemin / "__init__.py" if chemin.is_dir() else chemin.with_suffix(".py")
    lignes = fichier.read_text("utf-8").splitlines()
    arbre = ast.parse("\n".join(lignes))
    noeuds = [(n.name, n) for n in arbre.body if isinstance(n, ast.FunctionDef)]
    for classe in (n for n in arbre.body if isinstance(n, ast.ClassDef)):
        noeuds += [(f"{classe.name}.{m.name}", m) for m in classe.body if isinstance(m, ast.FunctionDef)]
    return {nom: [" ".join(ligne.split()) for ligne in lignes[n.lineno - 1 : n.end_lineno]] for nom, n in noeuds}


def lignes_de(fonction: str) -> list[str] | None:
    """Les lignes de `fonction` (« rules.warp.jets.Jet.net ») si elle existe dans rules/, sinon None."""
    for coupe in (1, 2):
        morceaux = fonction.rsplit(".", coupe)
        module, nom = morceaux[0], ".".join(morceaux[1:])
        try:
            sources = _sources(module)
        except (FileNotFoundError, NotADirectoryError):
            continue
        if nom in sources:
            return sources[nom]
    return None


def test_le_registre_se_lit_une_declaration_par_ligne_avec_sa_raison() -> None:
    lignes = [t for t in (RACINE / "scripts" / "mutants_equivalents.txt").read_text("utf-8").splitlines()]
    declarees = equivalents()
    assert len(declarees) == len([t for t in lignes if t.strip() and not t.startswith("#")]) > 0
    courtes = [d.numero for d in declarees.values() if len(d.raison) < 20]
    assert courtes == []


def test_chaque_declaration_designe_une_fonction_et_une_ligne_qui_existent() -> None:
    """Une fonction renommée, ou une ligne changée, rend sa déclaration périmée : ce test le voit sans mutmut."""
    perimees = []
    for d in equivalents().values():
        lignes = lignes_de(d.fonction)
        if lignes is None or not all(morceau in lignes for morceau in d.origine.split(" ⏎ ")):
            perimees.append(f"{d.numero} : {d.fonction} | {d.origine}")
    assert perimees == []


def test_une_ligne_du_registre_se_lit_meme_quand_le_code_contient_une_barre() -> None:
    d = lire_declaration("rules.warp.experience.ReserveExperience.convertir#2 | a | b ⇒ a & b | raison", 7)
    assert d == Declaration("rules.warp.experience.ReserveExperience.convertir", "a | b", "a & b", "raison", 7, 2)
    for faux in (
        "rules.des.f | a => b | raison",
        "des.f | a ⇒ b | raison",
        "rules.des.f | a ⇒ b",
        "rules.des.f#0 | a ⇒ b | r",
    ):
        with pytest.raises(SystemExit, match="attendu"):
            lire_declaration(faux, 1)


def test_le_nom_d_un_mutant_est_lu_comme_mutmut_l_ecrit() -> None:
    assert fonction_de("rules.troisd6.duel.x__resoudre_paire__mutmut_4") == "rules.troisd6.duel._resoudre_paire"
    assert fonction_de("rules.troisd6.duel.xǁPolitiqueǁ__post_init____mutmut_3") == (
        "rules.troisd6.duel.Politique.__post_init__"
    )
    assert fonction_de("rules.calculateur.x_calculer__mutmut_11") == "rules.calculateur.calculer"
    assert lignes_de("rules.calculateur.calculer") is not None
    assert lignes_de("rules.troisd6.jets.Difficulte.modificateur") is not None
    assert lignes_de("rules.des.fonction_disparue") is None


# --- Le bilan, sur des fichiers écrits comme mutmut les écrit ----------------------------------------------

ORIGINE = ("y = 0", "return x + 1")
MUTANTS = (("y = 1", "return x + 1"), ("y = 0", "return x - 1"), ("y = 0", "return x + 2"))


def _mutants(dossier: Path, mutants: tuple[tuple[str, str], ...] = MUTANTS) -> Path:
    """Un fichier muté comme mutmut l'écrit : la copie d'origine de `f`, chaque mutant, et l'index de leurs lignes."""
    fichier = dossier / "rules" / "exemple.py"
    fichier.parent.mkdir(parents=True)
    copies = [("x_f__mutmut_orig", ORIGINE)] + [(f"x_f__mutmut_{i}", m) for i, m in enumerate(mutants, 1)]
    lignes = ["def f(x):", "    return x + 1"]
    spans = {}
    for nom, corps in copies:
        spans[nom] = [len(lignes) + 1, len(lignes) + 1 + len(corps)]
        lignes += [f"def {nom}(x):", *(f"    {ligne}" for ligne in corps)]
    fichier.write_text("\n".join(lignes) + "\n", "utf-8")
    (dossier / "rules" / "exemple.py.spans").write_text(json.dumps({"version": 1, "spans": spans}), "utf-8")
    return dossier


def _bilan(
    tmp_path: Path,
    registre: str,
    etats: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    mutants: tuple[tuple[str, str], ...] = MUTANTS,
) -> tuple[int, str]:
    tmp_path.mkdir(exist_ok=True)
    chemin = tmp_path / "registre.txt"
    chemin.write_text(registre, "utf-8")
    dossier = _mutants(tmp_path / "mutants", mutants)
    code = bilan(etats, equivalents(chemin), complet=False, diffs=False, mutants=dossier)
    return code, capsys.readouterr().out


ETATS = {"rules.exemple.x_f__mutmut_1": "survived", "rules.exemple.x_f__mutmut_2": "killed"}
ETATS |= {"rules.exemple.x_f__mutmut_3": "survived"}


def test_un_survivant_declare_par_sa_fonction_et_sa_ligne_est_equivalent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    registre = (
        "rules.exemple.f | y = 0 ⇒ y = 1 | y n'est jamais lu par la suite de f\n"
        "rules.exemple.f | return x + 1 ⇒ return x + 2 | exemple : deux issues que rien ne distingue ici\n"
    )
    code, sortie = _bilan(tmp_path, registre, ETATS, capsys)
    assert code == 0, sortie
    assert re.search(r"^rules\.exemple +1 +0 +2 +0 +100\.0 %$", sortie, re.MULTILINE), sortie
    assert "périmée" not in sortie and "survivant :" not in sortie


def test_une_declaration_sans_mutant_est_signalee_perimee(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    registre = (
        "rules.exemple.f | y = 0 ⇒ y = 1 | y n'est jamais lu par la suite de f\n"
        "rules.exemple.f | y = 0 ⇒ y = 2 | une ligne mutée que plus aucun mutant n'écrit\n"
        "rules.exemple.g | y = 0 ⇒ y = 1 | une fonction renommée depuis la déclaration\n"
        "rules.exemple.f | return x + 1 ⇒ return x - 1 | un mutant que les tests tuent désormais\n"
    )
    code, sortie = _bilan(tmp_path, registre, ETATS, capsys)
    assert code == 1
    perimees = [ligne for ligne in sortie.splitlines() if "déclaration périmée" in ligne]
    assert len(perimees) == 3, sortie
    assert any("f | y = 0 ⇒ y = 2) : ne correspond plus à aucun mutant" in p for p in perimees)
    assert any("g | y = 0 ⇒ y = 1) : ne correspond plus à aucun mutant" in p for p in perimees)
    assert any("mais rules.exemple.x_f__mutmut_2 est tué (killed)" in p for p in perimees)
    assert "survivant : rules.exemple.x_f__mutmut_3" in sortie


def test_une_declaration_ne_depend_pas_du_numero_du_mutant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Les mêmes mutants dans un autre ordre (mutmut les renumérote quand la fonction change) : la déclaration tient,
    et désigne le mutant qui fait ce changement, pas celui qui porte l'ancien numéro."""
    registre = "rules.exemple.f | return x + 1 ⇒ return x + 2 | exemple : deux issues que rien ne distingue ici\n"
    renumerotes = (MUTANTS[2], MUTANTS[0], MUTANTS[1])
    etats = {"rules.exemple.x_f__mutmut_1": "survived", "rules.exemple.x_f__mutmut_2": "killed"}
    etats |= {"rules.exemple.x_f__mutmut_3": "killed"}
    code, sortie = _bilan(tmp_path, registre, etats, capsys, renumerotes)
    assert code == 0, sortie
    etats = {"rules.exemple.x_f__mutmut_1": "killed", "rules.exemple.x_f__mutmut_3": "survived"}
    code, sortie = _bilan(tmp_path / "autre", registre, etats, capsys, renumerotes)
    assert (
        code == 1
        and "survivant : rules.exemple.x_f__mutmut_3" in sortie
        and "mais rules.exemple.x_f__mutmut_1" in sortie
    )


def test_la_meme_ligne_changee_deux_fois_se_distingue_par_son_rang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deux mutants qui font le même changement (la ligne se lit deux fois dans la fonction) : « f#2 » est le second."""
    deux = (("y = 1", "return x + 1"), ("y = 1", "return x + 1"))
    registre = "rules.exemple.f#2 | y = 0 ⇒ y = 1 | le second y n'est jamais lu (exemple du test)\n"
    etats = {"rules.exemple.x_f__mutmut_1": "killed", "rules.exemple.x_f__mutmut_2": "survived"}
    code, sortie = _bilan(tmp_path, registre, etats, capsys, deux)
    assert code == 0, sortie
    etats = {"rules.exemple.x_f__mutmut_1": "survived", "rules.exemple.x_f__mutmut_2": "killed"}
    code, sortie = _bilan(tmp_path / "autre", registre, etats, capsys, deux)
    assert code == 1 and "survivant : rules.exemple.x_f__mutmut_1" in sortie
