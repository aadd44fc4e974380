"""Registre des interprétations et chiffres du site, lus dans les pages Markdown.

Machinerie du site (lit `mkdocs.yml` et les pages, avec `yaml` et `markdown`) :
n'est importé par aucun module de règles.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import yaml
from markdown.extensions.toc import slugify

__all__ = ["chiffres_du_site", "registre_interpretations"]


_TITRE = re.compile(r"^(#{2,6})\s+(.*?)\s*(?:\{[^}]*#([\w-]+)[^}]*\})?\s*$")
_BOITE = re.compile(r'^[!?]{3}\+?\s+info\s+"Interprétation(?:\s*:\s*(.*?))?"\s*$')
_ERRATUM = re.compile(r'^[!?]{3}\+?\s+warning\s+"Erratum')


def _hors_code(texte: str) -> Iterator[str]:
    """Les lignes d'une page Markdown, hors des blocs de code délimités par ```."""
    dans_code = False
    for ligne in texte.splitlines():
        if ligne.lstrip().startswith("```"):
            dans_code = not dans_code
        elif not dans_code:
            yield ligne


def chiffres_du_site(docs: str | Path = "docs") -> dict[str, int]:
    """Combien de lignes d'exemples `>>>`, de boîtes « Interprétation » et « Erratum » portent les pages.

    L'accueil, qui montre une boîte de chaque sorte pour l'exemple, n'est pas compté.
    """
    chiffres = {"exemples": 0, "interpretations": 0, "errata": 0}
    racine = Path(docs)
    for page in racine.rglob("*.md"):
        if page == racine / "index.md":
            continue
        texte = page.read_text(encoding="utf-8")
        chiffres["exemples"] += len(re.findall(r"^>>> ", texte, re.M))
        for ligne in _hors_code(texte):
            chiffres["interpretations"] += bool(_BOITE.match(ligne.strip()))
            chiffres["errata"] += bool(_ERRATUM.match(ligne.strip()))
    return chiffres


def _url(relatif: str) -> str:
    """L'adresse, vue de la page /interpretations/, de la page source `relatif`.

    Examples:
        >>> _url("warp/jets-simples.md"), _url("warp/index.md")
        ('../warp/jets-simples/', '../warp/')
    """
    chemin = relatif.removesuffix(".md")
    chemin = chemin.removesuffix("index") if chemin.endswith("/index") else chemin + "/"
    return "../" + chemin


def _plan(mkdocs_yml: Path) -> list[tuple[str, str]]:
    """Les pages du `nav` de mkdocs.yml, dans l'ordre : (section de premier niveau, chemin)."""

    class _Chargeur(yaml.SafeLoader):
        pass

    # Les balises propres à mkdocs (!!python/name:…, !ENV…) n'importent pas ici.
    _Chargeur.add_multi_constructor("", lambda _chargeur, _suffixe, _noeud: None)
    config = yaml.load(mkdocs_yml.read_text(encoding="utf-8"), Loader=_Chargeur) or {}
    plan: list[tuple[str, str]] = []

    def parcourir(noeud: object, section: str) -> None:
        if isinstance(noeud, str):
            plan.append((section, noeud))
        elif isinstance(noeud, list):
            for enfant in noeud:
                parcourir(enfant, section)
        elif isinstance(noeud, dict):
            for titre, enfant in noeud.items():
                parcourir(enfant, section or str(titre))

    parcourir(config.get("nav", []), "")
    return plan


def _interpretations_de(page: Path, url: str) -> tuple[str, list[str]]:
    """Le titre de la page et ses boîtes « Interprétation », en lignes de liste Markdown."""
    titre_page = page.stem
    section: tuple[str, str] | None = None
    trouvees: list[str] = []
    for ligne in _hors_code(page.read_text(encoding="utf-8")):
        if ligne.startswith("# "):
            titre_page = ligne[2:].strip()
        m = _TITRE.match(ligne)
        if m:
            texte = m.group(2)
            section = (texte, m.group(3) or slugify(texte, "-"))
        b = _BOITE.match(ligne.strip())
        if b:
            sujet = b.group(1) or "(sans titre)"
            if section is None:
                trouvees.append(f"- [{sujet}]({url})")
            else:
                trouvees.append(f"- [{sujet}]({url}#{section[1]}) — section « {section[0]} »")
    return titre_page, trouvees


def registre_interpretations(docs: str | Path = "docs") -> str:
    """Le registre de toutes les boîtes « Interprétation » du site, en Markdown.

    Parcourt les pages dans l'ordre du menu (le `nav` de mkdocs.yml, à côté de
    `docs`), regroupées par onglet (WaRP, 3D6…), repère chaque
    `!!! info "Interprétation : …"` et le titre de section sous lequel elle se
    trouve, et renvoie une liste de liens vers ces sections. Les liens sont des
    adresses du site construit (la sortie d'un bloc exécuté n'est pas réécrite
    par mkdocs) : les tests du site vérifient que chacun mène à une ancre
    existante. Une page absente du menu vient à la fin, sous « Autres pages ».
    """
    racine = Path(docs)
    plan = _plan(racine.parent / "mkdocs.yml")
    ordre = {chemin: (n, section) for n, (section, chemin) in enumerate(plan)}
    pages = [
        p.relative_to(racine).as_posix()
        for p in racine.rglob("*.md")
        if not p.relative_to(racine).as_posix().startswith("_")
    ]
    pages.sort(key=lambda r: (ordre.get(r, (len(plan), ""))[0], r))
    lignes: list[str] = []
    section_courante: str | None = None
    for relatif in pages:
        if relatif in {"index.md", "interpretations.md"}:
            continue
        url = _url(relatif)
        titre_page, trouvees = _interpretations_de(racine / relatif, url)
        if not trouvees:
            continue
        section = ordre.get(relatif, (0, "Autres pages"))[1] or "Autres pages"
        if section != section_courante:
            lignes.append(f"\n## {section}\n")
            section_courante = section
        lignes.append(f"\n### [{titre_page}]({url})\n")
        lignes.extend(trouvees)
    return "\n".join(lignes)
