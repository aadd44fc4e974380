"""Les cellules, côté construction : le runtime et la source de `rules` dans le site, la session Python.

Chaque exemple ` ```pycon ` des pages devient une cellule (`hooks/cellules/cellules.py`) ;
le site contient Pyodide à la version épinglée et l'archive de la source même de
`rules` ; sous `CI=true`, un runtime absent est une erreur, jamais un chemin
silencieux. La session (`hooks/cellules/cellules_session.py`, ce qui tourne dans le
navigateur) est vérifiée ici sous CPython ; `test_cellules_navigateur.py` la
vérifie dans Chromium.
"""

from __future__ import annotations

import doctest
import io
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from hooks.cellules import cellules, cellules_session, precompilation
from hooks.site import modele
from rules.warp import jet
from tests.conftest import RACINE, SiteConstruit
from tests.moteur import PAGE_REGLES, exiger_runtime, pages_avec_exemples, runtime_du_site, version_du_runtime

# ---------------------------------------------------------------- la construction


def test_les_doctests_des_crochets_des_cellules() -> None:
    for module in (cellules, cellules_session):
        resultat = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)  # type: ignore[arg-type]
        assert resultat.attempted > 0 and resultat.failed == 0, module.__name__


@pytest.mark.site
def test_le_site_contient_le_runtime_a_la_version_epinglee(site_construit: SiteConstruit) -> None:
    """Sous CI=true, ce test échoue si `npm ci` n'a pas pu installer Pyodide (pas de chemin silencieux)."""
    exiger_runtime(site_construit)
    servis = sorted(p.name for p in runtime_du_site(site_construit).iterdir())
    assert servis == sorted(cellules.FICHIERS_PYODIDE), "seuls les fichiers que charge une page sont copiés"
    html = (site_construit.dossier / PAGE_REGLES / "index.html").read_text(encoding="utf-8")
    assert f'data-pyodide="../../assets/pyodide/{version_du_runtime()}/"' in html
    assert "data-indisponible" not in html


@pytest.mark.site
def test_l_archive_servie_est_la_source_meme_de_rules(site_construit: SiteConstruit) -> None:
    html = (site_construit.dossier / PAGE_REGLES / "index.html").read_text(encoding="utf-8")
    nom = re.search(r'data-paquet="../../assets/cellules/(rules-[0-9a-f]{12}\.zip)"', html)
    assert nom, "la page ne nomme pas l'archive du paquet"
    with zipfile.ZipFile(site_construit.dossier / "assets" / "cellules" / nom[1]) as archive:
        contenu = {n: archive.read(n) for n in archive.namelist()}
    attendus = {
        f.relative_to(RACINE).as_posix(): f.read_bytes()
        for f in (RACINE / "rules").rglob("*.py")
        if "__pycache__" not in f.parts
    }
    attendus["cellules_session.py"] = (RACINE / "hooks" / "cellules" / "cellules_session.py").read_bytes()
    for nom, chemin in cellules.MODULES_DE_LA_TABLE:
        attendus[nom] = (RACINE / "hooks" / chemin).read_bytes()
    contenu.pop("rules/py.typed")
    bytecode = {n: contenu.pop(n) for n in list(contenu) if n.endswith(".pyc")}
    assert contenu == attendus
    # À côté de chaque source, son bytecode, là où CPython le cherche, pris sans relire la source.
    etiquette = f"cpython-{''.join(_compilation(site_construit)['python'].split('.')[:2])}"
    assert sorted(bytecode) == sorted(
        (f"{Path(n).parent}/__pycache__/" if "/" in n else "__pycache__/").removeprefix("./")
        + f"{Path(n).stem}.{etiquette}.pyc"
        for n in attendus
    )
    assert all(_sans_verification(octets) for octets in bytecode.values())


def _sans_verification(pyc: bytes) -> bool:
    """Un .pyc « unchecked-hash » (PEP 552) : drapeaux 0b01, CPython le prend sans relire ni dater la source."""
    return int.from_bytes(pyc[4:8], "little") == 0b01


def _compilation(site: SiteConstruit) -> dict[str, Any]:
    """Ce que dit la précompilation du runtime de ce site (version de Python, modules compilés)."""
    exiger_runtime(site)
    stdlib = (runtime_du_site(site) / "python_stdlib.zip").read_bytes()
    compilation = precompilation.compiler(
        RACINE, RACINE / "node_modules" / "pyodide", version_du_runtime(), cellules.archive_du_paquet(RACINE)
    )
    assert not isinstance(compilation, str), compilation
    assert compilation.stdlib == stdlib, "le site sert la bibliothèque précompilée de sa construction"
    return {"python": compilation.python, "modules": compilation.modules}


@pytest.mark.site
def test_la_bibliotheque_standard_servie_est_celle_de_pyodide_avec_le_bytecode_de_ce_qu_une_page_importe(
    site_construit: SiteConstruit,
) -> None:
    """Chaque fichier livré par npm est servi tel quel, sauf les modules qu'une page importe : leur bytecode."""
    compiles = set(_compilation(site_construit)["modules"])
    with zipfile.ZipFile(RACINE / "node_modules" / "pyodide" / "python_stdlib.zip") as livre:
        livres = {i.filename: livre.read(i) for i in livre.infolist() if not i.is_dir()}
    with zipfile.ZipFile(runtime_du_site(site_construit) / "python_stdlib.zip") as servi:
        servis = {n: servi.read(n) for n in servi.namelist()}
    assert compiles <= set(livres), "seuls des modules de la bibliothèque livrée"
    # Ce qu'importe le démarrage de Pyodide, puis `rules` et le calculateur (vu dans Node).
    assert {
        "encodings/__init__.py",
        "_pyodide/_base.py",
        "fractions.py",
        "dataclasses.py",
        "json/__init__.py",
    } <= compiles
    assert 100 < len(compiles) < len(livres) / 2, "pas toute la bibliothèque : le reste se compile à la demande"
    for nom, octets in livres.items():
        if nom in compiles:
            assert nom not in servis and _sans_verification(servis[nom + "c"]), nom
        else:
            assert servis[nom] == octets, nom
    assert set(servis) == {n + "c" if n in compiles else n for n in livres}


@pytest.mark.site
def test_la_precompilation_est_reproductible_et_tourne_dans_node(site_construit: SiteConstruit, tmp_path: Path) -> None:
    """Dans un dossier neuf (sans cache), Node recompile et rend les octets mêmes que sert le site construit."""
    exiger_runtime(site_construit)
    neuve = precompilation.compiler(
        tmp_path, RACINE / "node_modules" / "pyodide", version_du_runtime(), cellules.archive_du_paquet(RACINE)
    )
    assert not isinstance(neuve, str), neuve
    assert list((tmp_path / "node_modules" / ".cache" / "regles-executables" / "precompilation").iterdir())
    html = (site_construit.dossier / PAGE_REGLES / "index.html").read_text(encoding="utf-8")
    nom = re.search(r'data-paquet="../../assets/cellules/(rules-[0-9a-f]{12}\.zip)"', html)
    assert nom, "la page ne nomme pas l'archive du paquet"
    assert neuve.archive == (site_construit.dossier / "assets" / "cellules" / nom[1]).read_bytes()
    assert neuve.stdlib == (runtime_du_site(site_construit) / "python_stdlib.zip").read_bytes()


def test_sans_node_le_runtime_est_servi_tel_que_npm_le_livre(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # une machine sans Node
    runtime = cellules.trouver_runtime(RACINE, installer=False)
    raison = precompilation.compiler(tmp_path, RACINE / "node_modules" / "pyodide", runtime.version, b"")
    assert raison == "node est introuvable sur la machine qui construit"
    monkeypatch.setattr(precompilation, "SCRIPT", tmp_path / "autre.mjs")  # une autre empreinte : pas de cache
    (tmp_path / "autre.mjs").write_text("")
    archive, stdlib = cellules.servis(RACINE, runtime)
    assert (archive, stdlib) == (cellules.archive_du_paquet(RACINE), None)


def _html_de(site: SiteConstruit, page_md: str) -> str:
    chemin = page_md.removesuffix(".md")
    chemin = chemin.removesuffix("index").rstrip("/")
    return (site.dossier / chemin / "index.html").read_text(encoding="utf-8")


@pytest.mark.site
def test_chaque_exemple_pycon_est_une_cellule(site_construit: SiteConstruit) -> None:
    pages = pages_avec_exemples()
    assert len(pages) >= 15
    for page_md, nombre in pages.items():
        html = _html_de(site_construit, page_md)
        rangs = re.findall(r'class="language-pycon cellule highlight" data-cellule="(\d+)"', html)
        assert rangs == [str(i) for i in range(1, nombre + 1)], page_md
        assert 'id="cellules-config"' in html


def test_aucun_exemple_du_site_ne_lit_la_machinerie_du_site() -> None:
    """Chaque exemple publié s'exécute chez le lecteur : aucun n'importe les crochets ni un module absent
    du navigateur (le marquage de tels blocs, `data-hors-navigateur`, est vérifié par le doctest de
    `cellules.marquer`)."""
    for md in sorted((RACINE / "docs").rglob("*.md")):
        texte, _ = cellules.marquer(md.read_text(encoding="utf-8"))
        assert "data-hors-navigateur" not in texte, md.relative_to(RACINE).as_posix()


def _pages_du_menu() -> dict[str, Any]:
    """Les pages du menu, objets de MkDocs (configuration, fichiers, menu), et le modèle du site lu d'après eux."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files
    from mkdocs.structure.nav import get_navigation

    config = load_config(str(RACINE / "mkdocs.yml"))
    nav = get_navigation(get_files(config), config)
    modele.site(nav, config)
    return {page.file.src_uri: page for page in nav.pages}


def test_une_cellule_que_le_modele_ne_voit_pas_arrete_la_construction() -> None:
    pages = _pages_du_menu()
    exemple = "```pycon\n>>> 1 + 1\n2\n```\n"
    marque = cellules.on_page_markdown(exemple, page=pages["warp/jets-simples.md"])
    assert 'data-cellule="1"' in marque
    # Une page sans exemple dans sa source (ni en-tête) : le modèle ne lui donne pas le moteur.
    assert not modele.page_de(pages["interpretations.md"]).moteur
    with pytest.raises(ValueError, match=r"interpretations\.md : 1 cellule\(s\) absente\(s\) de la source"):
        cellules.on_page_markdown(exemple, page=pages["interpretations.md"])
    # La page du calculateur demande le moteur par son en-tête : une cellule de plus y est permise.
    assert cellules.on_page_markdown(exemple, page=pages["calculateur.md"]).count("data-cellule") == 1


# ---------------------------------------------------------------- la session (CPython)


def test_la_session_rejoue_les_cellules_precedentes_dans_l_ordre() -> None:
    s = cellules_session.Session()
    r = s.executer(["from rules.warp import jet", "des = (6, 4, 1)"], "print(jet(3, des=des).explication)")
    assert r.erreur is None and r.etapes[0].sortie == jet(3, des=(6, 4, 1)).explication + "\n"
    # Une cellule précédente modifiée est rejouée : la session suit la page, pas l'historique.
    r = s.executer(["from rules.warp import jet", "des = (1, 1, 1)"], "jet(3, des=des).resultat.value")
    assert r.etapes[0].sortie == "'Catastrophe'\n"


def test_une_erreur_est_le_message_du_paquet_sans_pile_d_appels() -> None:
    r = cellules_session.Session().executer(
        [], "from rules.warp import jet\nprint('avant')\njet(-1, des=())\nprint('après')"
    )
    with pytest.raises(ValueError) as attendue:
        jet(-1, des=())
    assert r.erreur == f"Refus : {attendue.value}"  # le refus du paquet, nommé par son type (un ValueError)
    assert [e.sortie for e in r.etapes] == ["", "avant\n", ""], "l'exécution s'arrête à l'erreur"
    r = cellules_session.Session().executer(["1/0"], "2")
    assert (r.precedente, r.erreur, r.etapes) == (1, "ZeroDivisionError : division by zero", [])
    assert cellules_session.Session().executer([], "jet(3,,)").erreur == "SyntaxError : invalid syntax (ligne 1)"


def test_l_archive_est_reproductible() -> None:
    premiere, seconde = cellules.archive_du_paquet(RACINE), cellules.archive_du_paquet(RACINE)
    assert premiere == seconde
    with zipfile.ZipFile(io.BytesIO(premiere)) as archive:
        assert {"rules/__init__.py", "cellules_session.py"} <= set(archive.namelist())
