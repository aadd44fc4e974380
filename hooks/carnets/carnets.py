"""Chaque page est un carnet : les pages qui ont des exemples se téléchargent en `.ipynb` et s'ouvrent dans Jupyter.

Le carnet est généré à la construction depuis la page Markdown :

- la prose devient des cellules Markdown (boîtes « Interprétation » en
  citations, liens rendus absolus vers le site publié, `site_url`) ;
- chaque exemple ` ```pycon ` devient une cellule de code avec ses sorties
  publiées ;
- chaque bloc exécuté (tableaux de chances, graphiques) devient une cellule
  `%%rendu` dont la sortie enregistrée est ce que la page montre, rendu pour
  Jupyter (onglets en tableaux titrés successifs, légendes en italique,
  graphiques en images) : le crochet exécute le bloc et passe ce qu'il imprime
  par `hooks/carnets/rendu_carnet.py`, le code même que la magie `%%rendu` exécute dans
  le noyau du lecteur ;
- une première cellule, la préparation, rend `rules` importable : le paquet
  n'est pas sur PyPI, le carnet embarque donc (en base64) la source exacte qui
  a construit la page, avec le rendu des blocs exécutés, et la place en tête de
  `sys.path` — sauf dans JupyterLite, dont le noyau a déjà ce même `rules`,
  installé depuis la roue du site. Elle règle aussi IPython pour afficher
  chaque expression comme la console (et la page) : toutes les expressions
  d'une cellule, par leur `repr` ; et déclare `%%rendu`.

La page est lue par le modèle du site (`hooks/site/modele.py`) : ses blocs de code,
ses boîtes et onglets (toutes, même celles de démonstration de l'accueil), ses
liens et ses liens par identifiant ; ce crochet n'en relit rien lui-même.

Quelqu'un qui a Jupyter ouvre le carnet et l'exécute tel quel, sans réseau ;
quelqu'un qui ne l'a pas l'ouvre dans JupyterLite, servi par le site
(`hooks/carnets/jupyterlite.py`). Les carnets vont dans `jupyter/files/` du site, où
JupyterLite les trouve ; un bouton discret à droite du titre de la page ouvre, à
la demande, « Ouvrir dans Jupyter » et « Télécharger le carnet » ([`lien_du_carnet`][]) :
le premier écran d'une page est sa règle.
"""

from __future__ import annotations

import base64
import contextlib
import html
import io
import json
import logging
import posixpath
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ != "hooks.carnets.carnets":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.carnets import jupyterlite, rendu_carnet
from hooks.cellules.cellules import (
    archive_du_paquet,
    modules_hors_navigateur,
    octets_de_pyodide,
    servis,
    trouver_runtime,
)
from hooks.site import modele

log = logging.getLogger("mkdocs.hooks.carnets")

__all__ = [
    "DOSSIER",
    "MODULE_RENDU",
    "PANNEAU",
    "Segment",
    "archive_du_carnet",
    "carnet",
    "chemin_du_carnet",
    "icone_jupyter",
    "lien_du_carnet",
    "on_config",
    "on_nav",
    "on_page_content",
    "on_page_markdown",
    "on_post_build",
    "preparation",
    "segments",
    "sortie_du_bloc",
]

DOSSIER = jupyterlite.FICHIERS
"""Où vont les carnets dans le site : le dossier de fichiers de JupyterLite (`jupyter/files/`)."""

MODULE_RENDU = "regles_executables_rendu"
"""Le nom, dans le carnet, du module qui rend les blocs exécutés (la source de `hooks/carnets/rendu_carnet.py`)."""


@dataclass(frozen=True)
class Segment:
    """Un morceau de page : de la prose (`md`), un exemple (`pycon`), un bloc exécuté (`exec`)."""

    genre: str
    texte: str


def segments(markdown: str) -> list[Segment]:
    """La page découpée en prose, exemples et blocs exécutés, boîtes et onglets aplatis.

    Examples:
        >>> page = '''# Titre
        ...
        ... !!! info "Interprétation : x"
        ...     Lecture retenue.
        ...
        ...     ```pycon
        ...     >>> 1 + 1
        ...     2
        ...     ```
        ...
        ...     Suite.
        ...
        ... ```python exec="on"
        ... print("| a |")
        ... ```
        ... '''
        >>> for s in segments(page):
        ...     print(s.genre, repr(s.texte))
        md '# Titre'
        md '> **Interprétation : x**\\n>\\n> Lecture retenue.'
        pycon '>>> 1 + 1\\n2'
        md '> Suite.'
        exec 'print("| a |")'
    """
    lignes = markdown.split("\n")
    blocs = {bloc.debut: bloc for bloc in modele.clotures(lignes)}
    sortie: list[Segment] = []
    prose: list[str] = []
    continuation = 0  # retrait de la suite d'un élément de liste dont un exemple vient d'être sorti

    def vider() -> None:
        while prose and prose[-1].strip() in {"", ">"}:
            prose.pop()
        while prose and prose[0].strip() in {"", ">"}:
            prose.pop(0)
        if prose:
            sortie.append(Segment("md", "\n".join(prose)))
        prose.clear()

    def retrait(ligne: str) -> int:
        return len(ligne) - len(ligne.lstrip(" "))

    i = 0
    while i < len(lignes):
        ligne = lignes[i]
        if ligne.strip() and retrait(ligne) < continuation:
            continuation = 0
        if bloc := blocs.get(i):
            if bloc.pycon or bloc.execute:
                vider()
                sortie.append(Segment("pycon" if bloc.pycon else "exec", bloc.texte.strip("\n")))
                continuation = len(bloc.retrait)
            else:
                prose.extend(x[continuation:] if continuation else x for x in lignes[i : bloc.fin + 1])
            i = bloc.fin + 1
            continue
        if boite := modele.conteneur(lignes, i):
            titre = boite.titre or boite.genre.capitalize()
            prefixe = "> " if boite.sorte == "boite" else ""
            vider()
            prose.append(f"{prefixe}**{titre}**")
            for s in segments(boite.corps):
                if s.genre == "md":
                    prose.append(prefixe.rstrip())
                    prose.extend((prefixe + x).rstrip() if x else prefixe.rstrip() for x in s.texte.split("\n"))
                else:
                    vider()
                    sortie.append(s)
            vider()
            i = boite.fin
            continue
        prose.append(ligne[continuation:] if continuation and ligne.strip() else ligne)
        i += 1
    vider()
    return sortie


def _lien_absolu(cible: str, page_src: str, site_url: str) -> str:
    """Un lien de la page Markdown, rendu absolu vers le site publié (le carnet vit hors du site)."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", cible):
        return cible
    chemin, _, ancre = cible.partition("#")
    if not chemin:
        chemin = posixpath.basename(page_src)
    cible_src = posixpath.normpath(posixpath.join(posixpath.dirname(page_src), chemin))
    if cible_src.endswith(".md"):
        cible_src = cible_src.removesuffix(".md")
        cible_src = "" if cible_src == "index" else cible_src.removesuffix("/index") + "/"
    return site_url.rstrip("/") + "/" + cible_src + (f"#{ancre}" if ancre else "")


def _autoref(identifiant: str, pages: dict[str, str], site_url: str) -> str:
    """Un lien par identifiant (`[seuil][rules.warp.jets.seuil]`, mkdocs-autorefs) vers la référence publiée.

    Examples:
        >>> pages = {"rules.warp.jets": "reference/warp-jets.md", "rules": "reference/index.md"}
        >>> _autoref("rules.warp.jets.seuil", pages, "https://exemple.fr/")
        'https://exemple.fr/reference/warp-jets/#rules.warp.jets.seuil'
    """
    module = identifiant
    while module not in pages and "." in module:
        module = module.rpartition(".")[0]
    page = pages.get(module, "reference/index.md")
    return _lien_absolu(f"{page}#{identifiant}", "index.md", site_url)


def archive_du_carnet(racine: Path) -> bytes:
    """Le zip qu'embarque un carnet : la source de `rules` (celle des cellules) et le rendu des blocs exécutés.

    Reproductible comme l'archive des cellules (ordre et dates fixes).
    """
    tampon = io.BytesIO()
    source = zipfile.ZipFile(io.BytesIO(archive_du_paquet(racine)))
    fichiers = [(n, source.read(n)) for n in source.namelist() if n.startswith("rules/")]
    fichiers.append((f"{MODULE_RENDU}.py", (racine / "hooks" / "carnets" / "rendu_carnet.py").read_bytes()))
    with zipfile.ZipFile(tampon, "w", zipfile.ZIP_DEFLATED) as archive:
        for nom, octets in fichiers:
            info = zipfile.ZipInfo(nom, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, octets)
    return tampon.getvalue()


def preparation(archive: bytes) -> str:
    """Le code de la première cellule : `rules` (la source qui a construit le site) importable, et `%%rendu` déclarée."""
    b64 = base64.b64encode(archive).decode("ascii")
    morceaux = "\n".join(f'    "{b64[i : i + 100]}"' for i in range(0, len(b64), 100))
    return f"""# Préparation : à exécuter d'abord (« Tout exécuter » le fait).
# Le paquet `rules` n'est pas sur PyPI : ce carnet embarque sa source exacte, celle qui a construit
# la page, la décompresse dans un dossier temporaire et la met en tête de sys.path ; sauf dans le
# navigateur (JupyterLite), où le noyau a déjà installé ce même `rules` depuis la roue du site.
# Puis IPython affiche chaque expression d'une cellule par sa repr, comme la console et la page,
# et la magie %%{rendu_carnet.MAGIE} montre ce qu'imprime une cellule comme la page (tableaux, graphiques).
import base64 as _base64
import importlib.util as _util
import io as _io
import pathlib as _pathlib
import sys as _sys
import tempfile as _tempfile
import zipfile as _zipfile

_PAQUET = (
{morceaux}
)
_archive = _zipfile.ZipFile(_io.BytesIO(_base64.b64decode(_PAQUET)))
_dossier = _tempfile.mkdtemp(prefix="regles-executables-")
_archive.extractall(_dossier)
_installe = _util.find_spec("rules")
_racine = _pathlib.Path(next(iter(_installe.submodule_search_locations or [""]))).parent if _installe else None
if _sys.platform == "emscripten" and _racine and all(
    (_racine / _n).is_file() and (_racine / _n).read_bytes() == _archive.read(_n)
    for _n in _archive.namelist()
    if _n.startswith("rules/")
):
    _sys.path.append(_dossier)  # le même `rules` est déjà là : seul le rendu vient du carnet
else:
    _sys.path.insert(0, _dossier)
    for _ancien in [n for n in _sys.modules if n == "rules" or n.startswith("rules.")]:
        del _sys.modules[_ancien]  # un autre `rules` déjà importé céderait la place à celui de la page
import {MODULE_RENDU} as _rendu

try:
    get_ipython().ast_node_interactivity = "all"
    get_ipython().display_formatter.formatters["text/plain"].pprint = False
    get_ipython().register_magic_function(_rendu.rendu, "cell", _rendu.MAGIE)
except NameError:  # hors d'IPython : rien à régler
    pass
del _PAQUET, _archive"""


def sortie_du_bloc(code: str) -> str:
    """Ce qu'imprime un bloc exécuté, exécuté comme markdown-exec l'exécute (un espace de noms à lui)."""
    tampon = io.StringIO()
    with contextlib.redirect_stdout(tampon):
        exec(compile(code, "<bloc exécuté>", "exec"), {"__name__": "__main__"})
    return tampon.getvalue()


def _sorties_publiees(exemple_pycon: str) -> list[dict[str, Any]]:
    """Les sorties d'un exemple (texte de console Python) telles que la page les montre, au format des carnets."""
    import ast

    sorties: list[dict[str, Any]] = []
    for exemple in modele.exemples_pycon(exemple_pycon):
        if not exemple.want:
            continue
        corps = ast.parse(exemple.source).body
        dernier = corps[-1] if corps else None
        affiche = (
            isinstance(dernier, ast.Expr)
            and isinstance(dernier.value, ast.Call)
            and isinstance(dernier.value.func, ast.Name)
            and dernier.value.func.id == "print"
        )
        if isinstance(dernier, ast.Expr) and not affiche:
            donnees = {"text/plain": exemple.want.removesuffix("\n")}
            sorties.append({"output_type": "execute_result", "execution_count": None, "data": donnees, "metadata": {}})
        elif sorties and sorties[-1]["output_type"] == "stream":
            sorties[-1]["text"] += exemple.want
        else:
            sorties.append({"output_type": "stream", "name": "stdout", "text": exemple.want})
    return sorties


def _cellule(genre: str, source: str, **autres: Any) -> dict[str, Any]:
    cellule: dict[str, Any] = {"cell_type": genre, "metadata": autres.pop("metadata", {}), "source": source}
    if genre == "code":
        cellule |= {"execution_count": None, "outputs": autres.pop("outputs", [])}
    return cellule


def _cellule_de_code(s: Segment) -> dict[str, Any]:
    """La cellule d'un exemple (ses sorties publiées) ou d'un bloc exécuté (`%%rendu`, sa sortie rendue)."""
    source = modele.code_pycon(s.texte + "\n") if s.genre == "pycon" else s.texte
    absents = modules_hors_navigateur(source)
    if absents:
        quoi = "Exemple exécuté" if s.genre == "pycon" else "Calcul fait"
        note = f"*({quoi} à la construction du site seulement : il importe {', '.join(absents)}, absent du carnet.)*"
        return _cellule("markdown", f"```python\n{s.texte}\n```\n\n{note}")
    if s.genre == "pycon":
        return _cellule("code", source, metadata={"tags": ["exemple"]}, outputs=_sorties_publiees(s.texte + "\n"))
    sorties = rendu_carnet.sorties(sortie_du_bloc(source))
    return _cellule(
        "code", f"%%{rendu_carnet.MAGIE}\n{source}", metadata={"tags": ["calcul-de-la-page"]}, outputs=sorties
    )


def _entete(titre: str, adresse: str) -> dict[str, Any]:
    page = f"[{titre}]({adresse})" if adresse else f"« {titre} »"
    return _cellule(
        "markdown",
        f"*Carnet de la page {page} du site Règles exécutables, généré à sa publication.*\n\n"
        "Exécutez d'abord la cellule de préparation (ou « Tout exécuter », en tête de la barre d'outils) ; "
        "chaque exemple se modifie "
        "et se relance. Les sorties enregistrées sont celles que montre la page ; les cellules "
        f"`%%{rendu_carnet.MAGIE}` recalculent ses tableaux de chances et les montrent de même.",
    )


def carnet(
    markdown: str, page_src: str, titre: str, site_url: str, archive: bytes, pages: dict[str, str] | None = None
) -> dict[str, Any] | None:
    """Le carnet (nbformat 4) d'une page, ou `None` si aucun de ses exemples ne s'exécute hors du site.

    `site_url` : l'adresse du site publié (`config.site_url`), vers laquelle mènent les liens ; vide, le
    carnet ne dit pas d'où il vient et ses liens partent de la racine (`/`).
    `pages` : chaque identifiant documenté et sa page de référence (`modele.Site.references`), pour les
    liens par identifiant.
    """
    morceaux = segments(markdown)
    if not any(s.genre == "pycon" and not modules_hors_navigateur(modele.code_pycon(s.texte)) for s in morceaux):
        return None
    racine = site_url or "/"
    adresse = _lien_absolu(posixpath.basename(page_src), page_src, site_url) if site_url else ""
    preparer = _cellule(
        "code", preparation(archive), metadata={"tags": ["preparation"], "jupyter": {"source_hidden": True}}
    )
    cellules = [_entete(titre, adresse), preparer]
    for s in morceaux:
        if s.genre == "md":
            texte = modele.remplacer_liens(s.texte, lambda cible: _lien_absolu(cible, page_src, racine))
            texte = modele.remplacer_autorefs(texte, lambda ident: _autoref(ident, pages or {}, racine))
            cellules.append(_cellule("markdown", texte))
        else:
            cellules.append(_cellule_de_code(s))
    for c in cellules:  # nbformat : la source en liste de lignes, comme l'écrit Jupyter
        c["source"] = c["source"].splitlines(keepends=True)
    metadonnees: dict[str, Any] = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    if adresse:
        metadonnees["regles_executables"] = {"page": adresse}
    return {"cells": cellules, "metadata": metadonnees, "nbformat": 4, "nbformat_minor": 5}


def chemin_du_carnet(page_src: str) -> str:
    """Où va le carnet d'une page dans le site.

    Examples:
        >>> chemin_du_carnet("warp/jets-simples.md"), chemin_du_carnet("index.md")
        ('jupyter/files/warp/jets-simples.ipynb', 'jupyter/files/index.ipynb')
    """
    return f"{DOSSIER}/{page_src.removesuffix('.md')}.ipynb"


def _mega_octets(octets: int) -> str:
    """Une taille en mégaoctets, arrondie au-dessus, à la française.

    Examples:
        >>> _mega_octets(32_400_000), _mega_octets(900_000)
        ('33\xa0Mo', '1\xa0Mo')
    """
    return f"{-(-octets // 1_000_000)}\u00a0Mo"


PANNEAU = "carnet"
"""L'identifiant du panneau du carnet dans la page (un seul par page)."""


def lien_du_carnet(page_src: str, page_url: str, lite: jupyterlite.Lite, icone: str = "") -> str:
    """Le bouton du carnet, à droite du titre de la page, et le panneau qu'il ouvre à la demande.

    La page commence par sa règle : un seul bouton discret (44 × 44 px, le logo de Jupyter `icone`, à la
    place des boutons d'action de Material), qui ouvre un panneau (`popover`, sans script ; fermé d'un
    toucher à côté ou par Échap) : « Ouvrir dans Jupyter » (si JupyterLite est servi), « Télécharger le
    carnet » et ce qu'il faut savoir. Un navigateur sans `popover` montre le panneau dans la page, sous le
    titre, comme avant. Les deux paragraphes (`carnet-lien`, `carnet-note`) sont ceux que la version
    imprimable retire (`hooks/site/imprimer.py`).

    Examples:
        >>> lite = jupyterlite.Lite(None, raison="essai")
        >>> print(lien_du_carnet("warp/jets-simples.md", "warp/jets-simples/", lite, "<svg></svg>"))
        <p class="carnet-lien" data-search-exclude><button type="button" class="carnet-bouton" popovertarget="carnet" aria-label="Carnet Jupyter de cette page" title="Carnet Jupyter de cette page"><svg></svg></button></p>
        <p class="carnet-note" id="carnet" popover data-search-exclude><a href="../../jupyter/files/warp/jets-simples.ipynb" download="jets-simples.ipynb">Télécharger le carnet (.ipynb)</a> <small>Ses exemples et ses tableaux de chances s'y exécutent dans Jupyter, avec le paquet rules embarqué.</small></p>
    """
    from mkdocs.utils import get_relative_url

    cible = chemin_du_carnet(page_src)
    nom = "Carnet Jupyter de cette page"
    bouton = (
        f'<p class="carnet-lien" data-search-exclude><button type="button" class="carnet-bouton" '
        f'popovertarget="{PANNEAU}" aria-label="{nom}" title="{nom}">{icone}</button></p>'
    )
    telecharger = (
        f'<a href="{html.escape(get_relative_url(cible, page_url))}" download="{html.escape(posixpath.basename(cible))}">'
        "Télécharger le carnet (.ipynb)</a>"
    )
    if lite.app is None:
        liens = telecharger
        note = "Ses exemples et ses tableaux de chances s'y exécutent dans Jupyter, avec le paquet rules embarqué."
    else:
        ouvrir = get_relative_url(jupyterlite.adresse_du_carnet(cible), page_url)
        liens = f'<a class="carnet-jupyter" href="{html.escape(ouvrir)}">Ouvrir dans Jupyter</a> {telecharger}'
        note = (
            f"Jupyter s'ouvre dans ce navigateur, sans rien installer (au plus {_mega_octets(lite.octets)} la "
            "première fois : Python, le paquet rules et JupyterLite ; puis hors ligne). Le bouton « Tout exécuter » "
            "de sa barre d'outils lance toutes ses cellules. Vos modifications restent dans ce navigateur ; pour retrouver le "
            "carnet publié, supprimez votre copie dans l'arborescence de Jupyter (Fichier › Ouvrir…)."
        )
    panneau = f'<p class="carnet-note" id="{PANNEAU}" popover data-search-exclude>{liens} <small>{note}</small></p>'
    return f"{bouton}\n{panneau}"


def icone_jupyter(dossiers_du_theme: list[str]) -> str:
    """Le logo de Jupyter (icônes de Material, `simple/jupyter.svg`), décoratif ; vide si le thème ne l'a pas."""
    for dossier in dossiers_du_theme:
        svg = Path(dossier) / ".icons" / "simple" / "jupyter.svg"
        if svg.is_file():
            return (
                svg.read_text(encoding="utf-8")
                .strip()
                .replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)
            )
    return ""


# ---------------------------------------------------------------- les événements de MkDocs


class _Etat:
    archive: bytes = b""
    lite: jupyterlite.Lite = jupyterlite.Lite(None, raison="le crochet des carnets n'a pas été chargé")
    icone: str = ""
    references: dict[str, str] = {}  # noqa: RUF012 (état d'une construction, lu par on_nav)
    carnets: dict[str, dict[str, Any]] = {}  # noqa: RUF012 (état d'une construction, remis à zéro par on_config)


def on_config(config: Any, **kwargs: Any) -> Any:
    racine = Path(config["config_file_path"]).resolve().parent
    _Etat.archive = archive_du_carnet(racine)
    runtime = trouver_runtime(racine)
    _, stdlib = servis(racine, runtime)
    _Etat.lite = jupyterlite.preparer(racine, runtime.version, runtime.dossier, octets_de_pyodide(runtime, stdlib))
    if _Etat.lite.app is None:
        # Pas un avertissement : --strict ferait échouer la construction ; sous CI=true, les tests échouent.
        log.info("Carnets : JupyterLite indisponible (%s) ; les carnets restent téléchargeables.", _Etat.lite.raison)
    _Etat.icone = icone_jupyter(list(config["theme"].dirs))
    _Etat.references = {}
    _Etat.carnets = {}
    return config


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (partagé avec les autres crochets) : les pages de la référence du code."""
    _Etat.references = modele.site(nav, config).references
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, **kwargs: Any) -> str:
    titre = page.title or page.file.name
    nb = carnet(markdown, page.file.src_uri, str(titre), str(config["site_url"] or ""), _Etat.archive, _Etat.references)
    if nb is not None:
        # Pour les cellules ajoutées par la suite, l'identifiant que demande nbformat 4.5.
        for rang, cellule in enumerate(nb["cells"], start=1):
            cellule["id"] = f"cellule-{rang}"
        _Etat.carnets[page.file.src_uri] = nb
    return markdown


def on_page_content(html_page: str, page: Any, **kwargs: Any) -> str:
    """Le bouton du carnet et son panneau, juste avant le titre (le bouton flotte à sa droite)."""
    if page.file.src_uri not in _Etat.carnets:
        return html_page
    lien = lien_du_carnet(page.file.src_uri, page.url, _Etat.lite, _Etat.icone)
    titre = html_page.find("<h1")
    if titre < 0:
        return lien + "\n" + html_page
    return html_page[:titre] + lien + "\n" + html_page[titre:]


def on_post_build(config: Any, **kwargs: Any) -> None:
    """Écrit les carnets dans `jupyter/files/`, puis met JupyterLite autour (application, roues, index)."""
    site = Path(config["site_dir"])
    for src, nb in _Etat.carnets.items():
        fichier = site / chemin_du_carnet(src)
        fichier.parent.mkdir(parents=True, exist_ok=True)
        fichier.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    jupyterlite.publier(_Etat.lite, site)
