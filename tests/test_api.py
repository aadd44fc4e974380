"""L'API publique : chaque module de règles déclare `__all__`, a sa page de référence,
et chaque nom public y est documenté (dans le site construit)."""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import rules
from hooks.site import modele
from tests.conftest import RACINE, SiteConstruit

REFERENCE = RACINE / "docs" / "reference"


def _modules_publics() -> list[str]:
    noms = []
    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        if not any(part.startswith("_") for part in info.name.split(".")) and not info.ispkg:
            noms.append(info.name)
    return sorted(noms)


def _lue(chemin: Path) -> modele.Page:
    """Une page lue par le modèle du site (le même lecteur que les crochets)."""
    return modele.lire_page(chemin.relative_to(RACINE / "docs").as_posix(), chemin.read_text("utf-8"))


def _page_de(module: str) -> str | None:
    for page in REFERENCE.glob("*.md"):
        if module in _lue(page).documentes:
            return page.stem
    return None


def test_il_y_a_des_modules_publics() -> None:
    assert {"rules.des", "rules.warp.jets", "rules.warp.opposes"} <= set(_modules_publics())


@pytest.mark.parametrize("module", _modules_publics())
def test_chaque_module_declare_all_et_a_sa_page(module: str) -> None:
    mod = importlib.import_module(module)
    assert hasattr(mod, "__all__"), f"{module} n'a pas de __all__"
    for nom in mod.__all__:
        assert hasattr(mod, nom), f"{module}.__all__ annonce {nom}, absent"
    assert _page_de(module), f"{module} n'a pas de page dans docs/reference/ (::: {module})"


@pytest.mark.parametrize("module", _modules_publics())
def test_chaque_nom_public_est_documente(module: str, site_construit: SiteConstruit) -> None:
    page = _page_de(module)
    assert page
    html = (site_construit.dossier / "reference" / page / "index.html").read_text("utf-8")
    for nom in importlib.import_module(module).__all__:
        assert f'id="{module}.{nom}"' in html, f"{module}.{nom} absent de reference/{page}"


def _sous_paquets() -> list[str]:
    return sorted(i.name for i in pkgutil.iter_modules(rules.__path__, "rules.") if i.ispkg)


@pytest.mark.parametrize("paquet", _sous_paquets())
def test_le_paquet_reexporte_ses_modules(paquet: str) -> None:
    """`from rules.warp import jet` : un paquet réexporte tout ce que ses modules rendent public."""
    p = importlib.import_module(paquet)
    assert all(hasattr(p, n) for n in p.__all__), f"{paquet}.__all__ annonce un nom absent"
    for info in pkgutil.iter_modules(p.__path__, paquet + "."):
        if info.name.rsplit(".", 1)[1].startswith("_"):
            continue
        sous = importlib.import_module(info.name)
        exportes = {id(getattr(p, n)) for n in p.__all__}
        # Un nom peut être réexporté sous un autre nom (etendu.distribution → distribution_etendue).
        manquants = [n for n in sous.__all__ if id(getattr(sous, n)) not in exportes]
        assert not manquants, f"{paquet} ne réexporte pas {manquants} de {info.name}"


SYSTEMES = {"rules.warp": "WaRP ›", "rules.troisd6": "3D6 ›"}
"""Chaque système et le début de la section source que citent ses règles."""


def _regles() -> list[tuple[str, str]]:
    """Les fonctions et les énumérations publiques de chaque système : ce qui porte une règle."""
    regles = []
    for paquet in SYSTEMES:
        p = importlib.import_module(paquet)
        for nom in p.__all__:
            objet = getattr(p, nom)
            if inspect.isfunction(objet) or (inspect.isclass(objet) and issubclass(objet, enum.Enum)):
                regles.append((paquet, nom))
    return regles


def test_les_deux_systemes_ont_des_regles() -> None:
    assert {p for p, _ in _regles()} == set(SYSTEMES)


@pytest.mark.parametrize(("paquet", "nom"), _regles())
def test_chaque_regle_cite_sa_source_et_a_des_exemples(paquet: str, nom: str) -> None:
    doc = inspect.getdoc(getattr(importlib.import_module(paquet), nom)) or ""
    assert SYSTEMES[paquet] in doc, f"{paquet}.{nom} ne cite pas sa section source (« {SYSTEMES[paquet]} … »)"
    assert "Examples:" in doc, f"{paquet}.{nom} n'a pas d'exemples"


# --- Liens dans les deux sens : de la règle au code (autorefs), du code à la règle (rétroliens) ---

DOCS = RACINE / "docs"


def _pages_de_regles() -> list[str]:
    return sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if p.parent.name != "reference")


def _citations() -> list[tuple[str, str]]:
    """(page, identifiant) pour chaque nom du code qu'une page cite par autoref."""
    vues = set()
    for page in _pages_de_regles():
        for ident in _lue(DOCS / page).cites:
            if ident.startswith("rules."):
                vues.add((page, ident))
    return sorted(vues)


def test_les_pages_citent_le_code_par_identifiant() -> None:
    """Pas de chemin de référence écrit à la main : `[seuil][rules.warp.jets.seuil]`, jamais `(../reference/…)`."""
    a_la_main = [
        page
        for page in _pages_de_regles()
        if re.search(r"\]\((?:\.\./)*reference/[\w-]+\.md#", (DOCS / page).read_text("utf-8"))
    ]
    assert not a_la_main, f"chemins de la référence écrits à la main dans {a_la_main}"
    assert len(_citations()) >= 40


def _module_documente(ident: str) -> str:
    morceaux = ident.split(".")
    for n in range(len(morceaux), 1, -1):
        if page := _page_de(".".join(morceaux[:n])):
            return page
    raise AssertionError(f"{ident} : aucun module documenté dans docs/reference/")


@pytest.mark.parametrize(("chemin", "ident"), _citations())
def test_la_reference_renvoie_aux_pages_qui_la_citent(site_construit: SiteConstruit, chemin: str, ident: str) -> None:
    """Sous chaque nom cité, la référence liste la page qui le cite (rétrolien de mkdocstrings)."""
    html = (site_construit.dossier / "reference" / _module_documente(ident) / "index.html").read_text("utf-8")
    assert f'id="{ident}"' in html, f"{ident} n'est pas documenté"
    # Le bloc du nom : de son titre au titre suivant (les rétroliens suivent la docstring).
    bloc = html.split(f'id="{ident}"', 1)[1].split(">", 1)[1].split('class="doc doc-heading"', 1)[0]
    adresse = chemin.removesuffix(".md").removesuffix("index")
    adresse = adresse if adresse.endswith("/") or not adresse else adresse + "/"
    assert "doc-backlinks" in bloc, f"{ident} : aucun rétrolien"
    assert f'href="../../{adresse}#' in bloc or f'href="../../{adresse}"' in bloc, f"{ident} : {chemin} absente"


# --- La carte : de chaque module à sa page de règles, ses tests et sa référence ---

_LIGNE_CARTE = re.compile(r"^\| \[`(rules[\w.]*)`\]\(([\w-]+)\.md\) \| [^|]+ \| ([^|]+) \| ([^|]+) \|$", re.M)


def _carte() -> dict[str, tuple[str, str, str]]:
    """Module → (page de référence, cellule « Page de règles », cellule « Tests ») de docs/reference/index.md."""
    texte = (REFERENCE / "index.md").read_text("utf-8")
    return {m[1]: (m[2], m[3].strip(), m[4].strip()) for m in _LIGNE_CARTE.finditer(texte)}


def test_la_carte_couvre_chaque_module() -> None:
    assert sorted(_carte()) == _modules_publics()


@pytest.mark.parametrize("module", _modules_publics())
def test_la_carte_relie_page_code_tests_et_reference(module: str) -> None:
    reference, page, tests = _carte()[module]
    assert reference == _page_de(module), f"{module} : la carte ne mène pas à sa page de référence"
    if lien := re.fullmatch(r"\[[^\]]+\]\(\.\./([\w/-]+\.md)\)", page):
        cites = set(_lue(DOCS / lien[1]).cites)
        assert any(c == module or c.startswith(module + ".") for c in cites), f"{lien[1]} ne cite pas {module}"
    else:
        assert page.startswith("—"), f"{module} : cellule de page illisible {page!r}"
    noms = importlib.import_module(module).__all__
    for fichier in re.findall(r"`(tests/test_\w+\.py)`", tests):
        texte = (RACINE / fichier).read_text("utf-8")
        assert any(re.search(rf"\b{re.escape(n)}\b", texte) for n in noms), f"{fichier} ne teste rien de {module}"
    assert re.findall(r"`(tests/test_\w+\.py)`", tests) or "doctests" in tests
