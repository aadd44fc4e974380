"""L'API publique : chaque module de règles déclare `__all__`, a sa page de référence,
et chaque nom public y est documenté (dans le site construit)."""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import re

import pytest

import rules
from tests.conftest import RACINE, SiteConstruit

REFERENCE = RACINE / "docs" / "reference"


def _modules_publics() -> list[str]:
    noms = []
    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        if not any(part.startswith("_") for part in info.name.split(".")) and not info.ispkg:
            noms.append(info.name)
    return sorted(noms)


def _page_de(module: str) -> str | None:
    for page in REFERENCE.glob("*.md"):
        if re.search(rf"^:::\s+{re.escape(module)}\s*$", page.read_text("utf-8"), re.M):
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
