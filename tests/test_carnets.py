"""Chaque page est un carnet : le `.ipynb` généré s'exécute avec un vrai noyau Jupyter et redit la page.

Pour chaque page de `docs/` qui a des exemples exécutables, le site construit
(`mkdocs build --strict`) contient son carnet et un lien vers lui. Le carnet
est valide (nbformat), s'exécute de bout en bout avec `nbclient` et
`ipykernel`, dans un dossier vide (le paquet vient du carnet, pas du dépôt),
et chaque exemple y affiche exactement ce que montre la page publiée — lue dans
le HTML, pas dans le carnet. Chaque bloc exécuté de la page (tableaux de
chances) y est une cellule `%%rendu` dont la sortie enregistrée est rendue
(aucune syntaxe de MkDocs), que le noyau redonne à l'identique, et dont les
tableaux sont ceux de la page.
"""

from __future__ import annotations

import doctest
import html
import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import nbformat
import pytest
from mkdocs.config import load_config
from nbclient import NotebookClient
from traitlets.config import Config

from hooks.carnets import carnets, rendu_carnet
from tests.conftest import RACINE, SiteConstruit
from tests.sorties import html_de_la_page, sorties_de_la_page, texte_des_sorties


def _pages() -> list[str]:
    return sorted(
        md.relative_to(RACINE / "docs").as_posix()
        for md in (RACINE / "docs").rglob("*.md")
        if re.search(r"^[ \t]*```pycon[ \t]*$", md.read_text(encoding="utf-8"), re.M)
    )


def _exemples(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code" and "exemple" in c.metadata.get("tags", [])]


def _calculs(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code" and "calcul-de-la-page" in c.metadata.get("tags", [])]


class _Tableaux(HTMLParser):
    """Les tableaux d'une page publiée (dans `<article>`) : chaque ligne, chaque case en texte, comme un écran large
    la montre (sans le nom de colonne d'une case de tableau empilable, que seul un téléphone affiche)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tableaux: list[list[list[str]]] = []
        self._case: list[str] | None = None
        self._dans_article = False
        self._cache = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._dans_article |= tag == "article"
        if not self._dans_article:
            return
        if tag == "table":
            self.tableaux.append([])
        elif tag == "tr" and self.tableaux:
            self.tableaux[-1].append([])
        elif tag in {"td", "th"}:
            self._case = []
        elif tag == "span" and (self._cache or ("class", "tableau-colonne") in attrs):
            self._cache += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._cache:
            self._cache -= 1
        if tag in {"td", "th"} and self._case is not None and self.tableaux:
            self.tableaux[-1][-1].append(" ".join("".join(self._case).split()))
            self._case = None
        self._dans_article &= tag != "article"

    def handle_data(self, data: str) -> None:
        if self._case is not None and not self._cache:
            self._case.append(data)


def _tableaux_html(page_html: str) -> list[list[list[str]]]:
    lecteur = _Tableaux()
    lecteur.feed(page_html)
    return lecteur.tableaux


def _case_markdown(case: str) -> str:
    """Le texte d'une case de tableau Markdown, comme le navigateur l'affiche (liens, gras, code ôtés)."""
    case = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", case.strip())
    return " ".join(html.unescape(re.sub(r"\*\*|`|(?<!\w)\*|\*(?!\w)", "", case)).split())


def _tableaux_markdown(markdown: str) -> list[list[list[str]]]:
    """Les tableaux d'un texte Markdown (d'un carnet), même dans une citation."""
    tableaux: list[list[list[str]]] = []
    precedente = False
    for ligne in markdown.split("\n"):
        ligne = re.sub(r"^(?:> ?)+", "", ligne)
        if not ligne.lstrip(" ").startswith("|") or ligne.startswith("    "):  # en retrait de 4 : du code
            precedente = False
            continue
        ligne = ligne.strip()
        if not ligne.startswith("|"):
            precedente = False
            continue
        if not precedente:
            tableaux.append([])
        precedente = True
        cases = [c for c in re.split(r"(?<!\\)\|", ligne.strip("|"))]
        if not all(re.fullmatch(r"\s*:?-{3,}:?\s*", c) for c in cases):
            tableaux[-1].append([_case_markdown(c.replace("\\|", "|")) for c in cases])
    return tableaux


def _tableaux_du_carnet(nb: Any) -> list[list[list[str]]]:
    """Les tableaux que montre le carnet, dans l'ordre : sa prose et les sorties de ses calculs."""
    tableaux = []
    for c in nb.cells:
        if c.cell_type == "markdown":
            tableaux += _tableaux_markdown(c.source)
        elif "calcul-de-la-page" in c.metadata.get("tags", []):
            for s in c.outputs:
                tableaux += _tableaux_markdown(s.get("data", {}).get("text/markdown", ""))
    return tableaux


def test_chaque_page_d_exemples_a_son_carnet(site_construit: SiteConstruit) -> None:
    sans = [p for p in _pages() if not (site_construit.dossier / carnets.chemin_du_carnet(p)).is_file()]
    assert _pages() and sans == [], f"pages d'exemples sans carnet : {sans}"


def _noyau(dossier: Path) -> Config:
    """Le noyau Python joint par des sockets Unix dans `dossier` (transport « ipc ») plutôt que par TCP.

    En TCP, jupyter_client choisit cinq ports libres, les relâche, puis le noyau s'y lie : entre les deux, un
    autre processus de la suite (un serveur de test, Chromium, le noyau d'un autre worker) peut en prendre un.
    Vu ainsi en CI : « ZMQError: Address already in use », puis « Kernel died before replying to kernel_info ».
    Des fichiers dans le dossier du test ne se disputent pas."""
    return Config({"KernelManager": {"transport": "ipc", "ip": str(dossier / "noyau")}})


@pytest.mark.parametrize("page_md", _pages())
def test_le_carnet_s_execute_et_redit_la_page(
    site_construit: SiteConstruit, page_md: str, tmp_path: Path, bilan: Callable[[str, int], None]
) -> None:
    page_html = html_de_la_page(site_construit, page_md)
    cible = carnets.chemin_du_carnet(page_md)
    profondeur = page_md.count("/") + (0 if page_md.endswith("index.md") else 1)
    lien = re.search(r'<p class="carnet-note"[^>]*>.*?<a href="([^"]+)" download="[^"]+\.ipynb">', page_html)
    assert lien and lien[1] == "../" * profondeur + cible, "la page mène à son carnet"

    nb = nbformat.read(site_construit.dossier / cible, as_version=4)
    nbformat.validate(nb)
    attendues = sorties_de_la_page(page_html)
    exemples = _exemples(nb)
    assert len(exemples) == len(attendues) > 0
    assert [texte_des_sorties(c.outputs) for c in exemples] == attendues, "le carnet enregistre les sorties publiées"
    enregistrees = [c.outputs for c in _calculs(nb)]
    assert _tableaux_du_carnet(nb) == _tableaux_html(page_html), "les tableaux du carnet sont ceux de la page"

    # Qui l'exécute ? Un vrai noyau, dans un dossier vide : le dépôt n'y est pas importable.
    nb.cells.append(nbformat.v4.new_code_cell("import rules\nprint(rules.__file__)"))
    NotebookClient(
        nb, timeout=600, kernel_name="python3", config=_noyau(tmp_path), resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    assert [texte_des_sorties(c.outputs) for c in _exemples(nb)] == attendues
    assert [c.outputs for c in _calculs(nb)] == enregistrees, "%%rendu redonne la sortie enregistrée"
    origine = texte_des_sorties(nb.cells[-1].outputs)
    assert "regles-executables-" in origine and str(RACINE) not in origine, f"rules importé de {origine}"
    bilan("carnets exécutés de bout en bout par un vrai noyau Jupyter", 1)


def test_un_carnet_garde_la_prose_et_rend_les_liens_absolus(site_construit: SiteConstruit) -> None:
    """Les liens mènent au site publié (`site_url`) ; sans `site_url`, le carnet ne prétend à aucune adresse."""
    nb = json.loads((site_construit.dossier / carnets.chemin_du_carnet("warp/jets-simples.md")).read_text("utf-8"))
    markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    site_url = (load_config(str(RACINE / "mkdocs.yml"))["site_url"] or "").rstrip("/")
    if site_url:
        assert f"[Jets simples]({site_url}/warp/jets-simples/)" in markdown
        assert nb["metadata"]["regles_executables"] == {"page": f"{site_url}/warp/jets-simples/"}
    else:
        assert "« Jets simples »" in markdown and "regles_executables" not in nb["metadata"]
    assert "# Jets simples" in markdown
    assert "> **Interprétation : dés lancés ou dés gardés ?**" in markdown
    assert f"]({site_url}/reference/warp-jets/#rules.warp.jets.seuil)" in markdown
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


def test_chaque_sortie_de_calcul_est_rendue_sans_syntaxe_de_mkdocs(site_construit: SiteConstruit) -> None:
    """Jupyter ne connaît ni `===`, ni `{: … }`, ni `!!!` : chaque sortie enregistrée d'un calcul est du Markdown rendu."""
    brutes, calculs = {}, 0
    for fichier in sorted((site_construit.dossier / carnets.DOSSIER).rglob("*.ipynb")):
        nb = nbformat.read(fichier, as_version=4)
        for c in _calculs(nb):
            calculs += 1
            assert c.source.startswith(f"%%{rendu_carnet.MAGIE}\n"), fichier
            assert [s.output_type for s in c.outputs] == ["display_data"], f"{fichier.name} : un calcul sans sortie"
            for texte in c.outputs[0].data.values():
                if re.search(r"^\s*(?:===|!!!|\?\?\?)|\{:", texte, re.M):
                    brutes.setdefault(fichier.name, []).append(texte[:120])
    assert calculs > 20 and brutes == {}
