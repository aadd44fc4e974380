"""Le README et CONTRIBUTING.md disent vrai : leurs liens mènent quelque part, la CI lance leur commande.

- chaque lien relatif du README et de CONTRIBUTING.md mène à un fichier du dépôt, et son ancre
  (`#la-suite-de-tests`) à un titre de ce fichier (ancre à la façon de GitHub) ;
- `.ci/run` lance la commande de tests du README, mot pour mot (au `-q` de pip près) ;
- la bannière de la suite (`pytest_report_header`) renvoie à une section qui existe.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import RACINE, pytest_report_header

DOCUMENTS = ("README.md", "CONTRIBUTING.md")
COMMANDE_TESTS = "python -m pip install -e '.[dev]' && python -m pytest"
COMMANDE_SITE = "python -m pip install -e '.[docs]' && python -m mkdocs serve"


def ancre(titre: str) -> str:
    """L'ancre que GitHub donne à un titre : minuscules, ponctuation ôtée, espaces en tirets."""
    return re.sub(r"[^\w\- ]", "", titre.strip().lower()).replace(" ", "-")


def titres(fichier: Path) -> set[str]:
    """Les ancres des titres Markdown de `fichier`, hors des blocs de code."""
    texte = re.sub(r"^```.*?^```", "", fichier.read_text(encoding="utf-8"), flags=re.M | re.S)
    return {ancre(m[1]) for m in re.finditer(r"^#{1,6} +(.+?) *#*$", texte, re.M)}


def liens(fichier: Path) -> list[str]:
    """Les cibles des liens Markdown de `fichier` (`[texte](cible)`), hors des blocs de code."""
    texte = re.sub(r"^```.*?^```", "", fichier.read_text(encoding="utf-8"), flags=re.M | re.S)
    return re.findall(r"\]\(([^)\s]+)\)", texte)


def test_l_ancre_suit_github() -> None:
    assert ancre("La suite de tests") == "la-suite-de-tests"
    assert ancre("Ce qu'il y a où") == "ce-quil-y-a-où"


@pytest.mark.parametrize("document", DOCUMENTS)
def test_chaque_lien_relatif_mene_a_un_fichier_et_a_un_titre(document: str) -> None:
    cibles = [c for c in liens(RACINE / document) if not re.match(r"[a-z]+:", c)]
    assert cibles, "aucun lien relatif lu : le motif ne voit plus rien"
    fautes = []
    for cible in cibles:
        chemin, _, fragment = cible.partition("#")
        fichier = (RACINE / document).parent / chemin if chemin else RACINE / document
        if not fichier.exists():
            fautes.append(f"{cible} : {chemin} n'existe pas")
        elif fragment and fragment not in titres(fichier):
            fautes.append(f"{cible} : aucun titre de {fichier.name} n'a l'ancre #{fragment}")
    assert fautes == []


def test_le_readme_donne_les_deux_commandes_et_la_ci_lance_celle_des_tests() -> None:
    readme = (RACINE / "README.md").read_text(encoding="utf-8")
    assert COMMANDE_SITE in readme and COMMANDE_TESTS in readme
    lancees = [
        ligne.replace("pip install -q ", "pip install ")
        for ligne in (RACINE / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if ligne.startswith("python ")
    ]
    assert lancees == [COMMANDE_TESTS]


def test_la_banniere_de_la_suite_renvoie_a_une_section_qui_existe(request: pytest.FixtureRequest) -> None:
    banniere = " ".join(pytest_report_header(request.config))
    renvois = re.findall(r"([A-Z]+\.md), « ([^»]+) »", banniere)
    assert renvois, banniere
    for document, section in renvois:
        assert ancre(section) in titres(RACINE / document), f"{document} n'a pas de section « {section} »"
