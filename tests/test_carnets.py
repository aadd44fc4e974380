"""Chaque page est un carnet : le `.ipynb` généré s'exécute avec un vrai noyau Jupyter et redit la page.

Pour chaque page de `docs/` qui a des exemples exécutables, le site construit
(`mkdocs build --strict`) contient son carnet et un lien vers lui. Le carnet
est valide (nbformat), s'exécute de bout en bout avec `nbclient` et
`ipykernel`, dans un dossier vide (le paquet vient du carnet, pas du dépôt),
et chaque exemple y affiche exactement ce que montre la page publiée — lue dans
le HTML, pas dans le carnet.
"""

from __future__ import annotations

import doctest
import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from hooks import carnets
from tests.conftest import RACINE, SiteConstruit

_BLOC = re.compile(
    r'<div class="language-pycon cellule highlight" (?P<attributs>[^>]*)><pre>(?P<code>.*?)</pre></div>', re.S
)


def _pages() -> list[str]:
    return sorted(
        md.relative_to(RACINE / "docs").as_posix()
        for md in (RACINE / "docs").rglob("*.md")
        if re.search(r"^[ \t]*```pycon[ \t]*$", md.read_text(encoding="utf-8"), re.M)
    )


def _html(site: SiteConstruit, page_md: str) -> str:
    chemin = page_md.removesuffix(".md").removesuffix("index").rstrip("/")
    return (site.dossier / chemin / "index.html").read_text(encoding="utf-8")


def _sorties_de_la_page(page_html: str) -> list[str]:
    """Pour chaque exemple exécutable de la page publiée, ce qu'il affiche (lu dans le HTML)."""
    sorties = []
    for bloc in _BLOC.finditer(page_html):
        if "data-hors-navigateur" in bloc["attributs"]:
            continue
        texte = html.unescape(re.sub(r"<[^>]+>", "", bloc["code"]))
        sorties.append("".join(e.want for e in doctest.DocTestParser().get_examples(texte)))
    return sorties


def _texte(sorties: list[Any]) -> str:
    morceaux = []
    for s in sorties:
        if s["output_type"] == "stream":
            morceaux.append(s["text"])
        elif s["output_type"] == "execute_result":
            morceaux.append(s["data"]["text/plain"] + "\n")
        else:
            morceaux.append(f"<{s['output_type']} : {s.get('ename', '')} {s.get('evalue', '')}>\n")
    return "".join(morceaux)


def _exemples(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code" and "exemple" in c.metadata.get("tags", [])]


def test_chaque_page_d_exemples_a_son_carnet(site_construit: SiteConstruit) -> None:
    sans = [p for p in _pages() if not (site_construit.dossier / carnets.chemin_du_carnet(p)).is_file()]
    assert _pages() and sans == [], f"pages d'exemples sans carnet : {sans}"


@pytest.mark.parametrize("page_md", _pages())
def test_le_carnet_s_execute_et_redit_la_page(
    site_construit: SiteConstruit, page_md: str, tmp_path: Path, bilan: Callable[[str, int], None]
) -> None:
    page_html = _html(site_construit, page_md)
    cible = carnets.chemin_du_carnet(page_md)
    profondeur = page_md.count("/") + (0 if page_md.endswith("index.md") else 1)
    lien = re.search(r'<p class="carnet-lien"[^>]*><a href="([^"]+)" download="[^"]+\.ipynb">', page_html)
    assert lien and lien[1] == "../" * profondeur + cible, "la page mène à son carnet"

    nb = nbformat.read(site_construit.dossier / cible, as_version=4)
    nbformat.validate(nb)
    attendues = _sorties_de_la_page(page_html)
    exemples = _exemples(nb)
    assert len(exemples) == len(attendues) > 0
    assert [_texte(c.outputs) for c in exemples] == attendues, "le carnet enregistre les sorties publiées"

    # Qui l'exécute ? Un vrai noyau, dans un dossier vide : le dépôt n'y est pas importable.
    nb.cells.append(nbformat.v4.new_code_cell("import rules\nprint(rules.__file__)"))
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    assert [_texte(c.outputs) for c in _exemples(nb)] == attendues
    origine = _texte(nb.cells[-1].outputs)
    assert "regles-executables-" in origine and str(RACINE) not in origine, f"rules importé de {origine}"
    bilan("carnets exécutés de bout en bout par un vrai noyau Jupyter", 1)


def test_un_carnet_garde_la_prose_et_rend_les_liens_absolus(site_construit: SiteConstruit) -> None:
    nb = json.loads((site_construit.dossier / "carnets" / "warp" / "jets-simples.ipynb").read_text(encoding="utf-8"))
    markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "[Jets simples](https://regles-executables.example/warp/jets-simples/)" in markdown
    assert "# Jets simples" in markdown
    assert "> **Interprétation : dés lancés ou dés gardés ?**" in markdown
    assert "](https://regles-executables.example/reference/warp-jets/#rules.warp.jets.seuil)" in markdown
    assert ".md)" not in markdown and ".md#" not in markdown
    assert "][rules." not in markdown, "les liens par identifiant (autorefs) mènent à la référence publiée"
    preparation = nb["cells"][1]
    assert preparation["metadata"]["tags"] == ["preparation"]


def test_les_doctests_du_crochet_des_carnets() -> None:
    resultat = doctest.testmod(carnets, optionflags=doctest.NORMALIZE_WHITESPACE)  # type: ignore[arg-type]
    assert resultat.attempted > 0 and resultat.failed == 0


def test_aucune_boite_ne_reste_en_syntaxe_mkdocs_dans_un_carnet(site_construit: SiteConstruit) -> None:
    """Jupyter ne connaît pas `!!!` : chaque boîte, même de démonstration (`!!! info exemple`), devient une citation."""
    brutes = {}
    for fichier in sorted((site_construit.dossier / carnets.DOSSIER).rglob("*.ipynb")):
        nb = json.loads(fichier.read_text(encoding="utf-8"))
        markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        lignes = re.findall(r"^[ \t]*(?:!!!|\?\?\?|===).*$", markdown, re.M)
        if lignes:
            brutes[fichier.relative_to(site_construit.dossier).as_posix()] = lignes
    assert brutes == {}
    nb = json.loads((site_construit.dossier / carnets.DOSSIER / "index.ipynb").read_text(encoding="utf-8"))
    markdown = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    assert "> **Interprétation : exemple de boîte**\n>\n> Une boîte comme celle-ci" in "\n".join(markdown)
