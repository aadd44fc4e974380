"""Les cellules : chaque exemple ` ```pycon ` d'une page se modifie et s'exécute chez le lecteur.

Le navigateur est un second environnement du même paquet : Pyodide (CPython
compilé en WebAssembly, paquet npm `pyodide` épinglé dans `package.json`)
exécute la source même de `rules` qui a construit le site. Ce crochet :

- au chargement de la configuration, s'assure que `node_modules/pyodide` est
  là, à la version épinglée (sinon lance `npm ci` si npm est disponible) ; si
  le runtime reste introuvable, le site se construit quand même et chaque
  cellule dit pourquoi « Exécuter » est indisponible ;
- marque chaque bloc ` ```pycon ` d'une page (classe `cellule`, rang dans la
  page) ; un exemple qui importe autre chose que `rules` et la bibliothèque
  standard (la machinerie du site, `hooks.…`) reste lisible mais ne s'exécute
  qu'à la construction ;
- copie dans le site les seuls fichiers de Pyodide que charge une page
  (`assets/pyodide/<version>/`) et une archive zip de la source de `rules`
  (`assets/cellules/rules-<empreinte>.zip`, avec `cellules_session.py`, qui
  exécute les cellules) : les noms changent avec leur contenu, un cache ne
  sert donc jamais un runtime ou un paquet périmé. L'archive et la
  bibliothèque standard portent leur bytecode, compilé à la construction
  (`hooks/cellules/precompilation.py`) : Python démarre sans rien recompiler de ce
  qu'une page importe.

Le JavaScript (`docs/javascripts/cellules.js`, puis `cellules-worker.js` au
premier « Exécuter ») lit ces adresses dans le repère `#cellules-config` que
le crochet ajoute aux pages qui ont besoin du moteur Python : celles qui ont
des cellules et celles dont l'en-tête le demande (`cellules: true`, la page du
calculateur), comme le dit le modèle du site (`hooks/site/modele.py`, qui lit aussi
les blocs ` ```pycon `).
"""

from __future__ import annotations

import ast
import hashlib
import html
import io
import logging
import re
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ != "hooks.cellules.cellules":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.cellules import npm, precompilation
from hooks.site import modele

__all__ = [
    "FICHIERS_PYODIDE",
    "MODULES_DE_LA_TABLE",
    "Runtime",
    "archive_du_paquet",
    "blocs_pycon",
    "emboiter",
    "marquer",
    "modules_hors_navigateur",
    "octets_de_pyodide",
    "on_config",
    "on_nav",
    "on_page_content",
    "on_page_markdown",
    "on_post_build",
    "servis",
    "trouver_runtime",
]

log = logging.getLogger("mkdocs.hooks.cellules")

FICHIERS_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""Ce que charge `loadPyodide` (vérifié dans Chromium) : ni les cartes de source, ni la console de démonstration."""


def blocs_pycon(markdown: str) -> list[modele.Cloture]:
    """Les exemples ` ```pycon ` d'une page Markdown, dans l'ordre, à tout niveau de retrait (lus par le modèle).

    Examples:
        >>> texte = "Texte\\n\\n```pycon\\n>>> 1 + 1\\n2\\n\\n```\\n\\n!!! note\\n    ```pycon\\n    >>> print('a')\\n    a\\n    ```\\n"
        >>> [(b.debut, b.retrait, b.texte, b.source()) for b in blocs_pycon(texte)]
        [(2, '', '>>> 1 + 1\\n2\\n', '1 + 1'), (9, '    ', ">>> print('a')\\na", "print('a')")]
    """
    return [bloc for bloc in modele.clotures(markdown) if bloc.pycon]


def modules_hors_navigateur(source: str) -> list[str]:
    """Les modules qu'importe `source` et que le navigateur n'a pas (ni `rules`, ni la bibliothèque standard).

    Examples:
        >>> modules_hors_navigateur("import random\\nfrom rules.warp import jet")
        []
        >>> modules_hors_navigateur("from hooks.site.glossaire import definitions\\nimport yaml")
        ['hooks.site.glossaire', 'yaml']
    """
    modules = []
    for noeud in ast.walk(ast.parse(source)):
        if isinstance(noeud, ast.Import):
            modules += [alias.name for alias in noeud.names]
        elif isinstance(noeud, ast.ImportFrom) and noeud.module and not noeud.level:
            modules.append(noeud.module)
    absents = []
    for module in modules:
        racine = module.partition(".")[0]
        if racine not in {"rules", "__future__"} and racine not in sys.stdlib_module_names:
            absents.append(module)
    return absents


def marquer(markdown: str) -> tuple[str, int]:
    """Le Markdown dont chaque bloc ` ```pycon ` devient une cellule (classe et rang), et le nombre de cellules.

    Examples:
        >>> texte, nombre = marquer("```pycon\\n>>> from hooks.x import y\\n\\n```\\n\\n```pycon\\n>>> 1\\n1\\n```")
        >>> nombre, [ligne for ligne in texte.splitlines() if ligne.startswith("```{")]
        (2, ['```{.pycon .cellule data-cellule="1" data-hors-navigateur="hooks.x"}', '```{.pycon .cellule data-cellule="2"}'])
    """
    lignes = markdown.split("\n")
    blocs = blocs_pycon(markdown)
    for rang, bloc in enumerate(blocs, start=1):
        attributs = f'data-cellule="{rang}"'
        absents = modules_hors_navigateur(bloc.source())
        if absents:
            attributs += f' data-hors-navigateur="{html.escape(", ".join(absents))}"'
        lignes[bloc.debut] = bloc.ouverture(f"{{.pycon .cellule {attributs}}}")
    return "\n".join(lignes), len(blocs)


_CELLULE = re.compile(r'<div class="language-pycon cellule[^"]*" data-cellule="\d+"[^>]*>.*?</pre></div>', re.S)
BOITE = '<div class="cellule-boite" role="group">'
BARRE = '<div class="cellule-barre"></div>'


def emboiter(contenu: str) -> str:
    """Le HTML de la page où chaque cellule a sa boîte et sa barre de commandes (vide : cellules.js la remplit).

    Écrites à la construction : les poser dans le navigateur déplaçait chaque bloc de code déjà mis en page,
    que le navigateur devait retirer puis remettre en page (le premier coût de cellules.js au chargement).

    Examples:
        >>> print(emboiter('<p>a</p><div class="language-pycon cellule highlight" data-cellule="1"><pre><code>x</code></pre></div>'))
        <p>a</p><div class="cellule-boite" role="group"><div class="language-pycon cellule highlight" data-cellule="1"><pre><code>x</code></pre></div><div class="cellule-barre"></div></div>
    """
    return _CELLULE.sub(lambda m: f"{BOITE}{m[0]}{BARRE}</div>", contenu)


# ---------------------------------------------------------------- le runtime


@dataclass(frozen=True)
class Runtime:
    """Où est Pyodide sur la machine qui construit, ou pourquoi il n'y est pas."""

    version: str
    dossier: Path | None
    raison: str = ""


def trouver_runtime(racine: Path, installer: bool = True) -> Runtime:
    """Pyodide à la version épinglée par `package.json`, installé par `npm ci` s'il manque et que npm est là."""
    if installer and npm.assurer(racine, "pyodide", FICHIERS_PYODIDE, installer=False).dossier is None:
        log.info("Cellules : installation de Pyodide (npm ci)…")
    paquet = npm.assurer(racine, "pyodide", FICHIERS_PYODIDE, installer=installer)
    if paquet.raison.startswith("npm est introuvable"):
        return Runtime(paquet.version, None, "npm est introuvable sur la machine qui a construit le site")
    return Runtime(paquet.version, paquet.dossier, paquet.raison)


MODULES_DE_LA_TABLE = (("table_session.py", "table/session.py"), ("cartes_rendu.py", "cartes/cartes_rendu.py"))
"""Les modules de la page « À la table » dans l'archive (nom dans l'archive, chemin sous `hooks/`) : ses requêtes
(`hooks/table/session.py`) et le rendu des cartes des pages, qu'elle réutilise (`hooks/cartes/cartes_rendu.py`)."""


def archive_du_paquet(racine: Path) -> bytes:
    """Le zip servi au navigateur : la source de `rules` (bibliothèque standard seulement), `cellules_session.py`,
    et les modules de la page « À la table » (`MODULES_DE_LA_TABLE`).

    L'archive est reproductible (ordre et dates fixes) : même source, même empreinte.
    """
    fichiers = [
        (f.relative_to(racine).as_posix(), f)
        for f in sorted((racine / "rules").rglob("*"))
        if f.is_file() and f.suffix in {".py", ".typed"} and "__pycache__" not in f.parts
    ]
    fichiers.append(("cellules_session.py", racine / "hooks" / "cellules" / "cellules_session.py"))
    # La page « À la table » : ses requêtes, et les cartes des jets dessinées comme sur les pages du site.
    fichiers += [(nom, racine / "hooks" / chemin) for nom, chemin in MODULES_DE_LA_TABLE]
    tampon = io.BytesIO()
    with zipfile.ZipFile(tampon, "w", zipfile.ZIP_DEFLATED) as archive:
        for nom, chemin in fichiers:
            info = zipfile.ZipInfo(nom, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, chemin.read_bytes())
    return tampon.getvalue()


# ---------------------------------------------------------------- les événements de MkDocs


class _Etat:
    runtime: Runtime = Runtime("", None, "le crochet des cellules n'a pas été chargé")
    archive: bytes = b""
    nom_archive: str = ""
    stdlib: bytes | None = None  # la bibliothèque standard précompilée ; None : celle de npm, telle quelle


def octets_de_pyodide(runtime: Runtime, stdlib: bytes | None) -> int:
    """Les octets des fichiers de Pyodide que sert le site (`stdlib` : la bibliothèque standard précompilée)."""
    if runtime.dossier is None:
        return 0
    octets = {nom: (runtime.dossier / nom).stat().st_size for nom in FICHIERS_PYODIDE}
    if stdlib is not None:
        octets["python_stdlib.zip"] = len(stdlib)
    return sum(octets.values())


def servis(racine: Path, runtime: Runtime) -> tuple[bytes, bytes | None]:
    """L'archive de `rules` que le site sert et sa bibliothèque standard (None : celle de npm, telle quelle).

    Précompilées (hooks/cellules/precompilation.py) quand Node le permet ; sinon la source, et la raison au journal.
    """
    archive = archive_du_paquet(racine)
    if runtime.dossier is None:
        return archive, None
    compilation = precompilation.compiler(racine, runtime.dossier, runtime.version, archive)
    if isinstance(compilation, str):
        log.info("Cellules : runtime servi sans bytecode (%s) ; Python démarrera plus lentement.", compilation)
        return archive, None
    return compilation.archive, compilation.stdlib


def on_config(config: Any, **kwargs: Any) -> Any:
    racine = Path(config["config_file_path"]).resolve().parent
    _Etat.runtime = trouver_runtime(racine)
    if _Etat.runtime.dossier is None:
        # Pas un avertissement : --strict ferait échouer la construction. Le site se construit
        # et les cellules disent pourquoi ; sous CI=true, tests/test_cellules.py échoue.
        log.info("Cellules : Pyodide indisponible (%s) ; les exemples restent lisibles.", _Etat.runtime.raison)
    _Etat.archive, _Etat.stdlib = servis(racine, _Etat.runtime)
    _Etat.nom_archive = f"rules-{hashlib.sha256(_Etat.archive).hexdigest()[:12]}.zip"
    return config


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (une fois par construction, partagé avec les autres crochets)."""
    modele.site(nav, config)
    return nav


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """Marque les cellules de la page ; le modèle du site doit savoir qu'elle a besoin du moteur.

    Un crochet qui écrirait un exemple ` ```pycon ` dans une page qui n'en a pas
    dans sa source laisserait des cellules sans moteur : la construction s'arrête.
    """
    marque, nombre = marquer(markdown)
    if nombre and not modele.page_de(page).moteur:
        raise ValueError(
            f"{page.file.src_uri} : {nombre} cellule(s) absente(s) de la source de la page (écrites par un crochet ?) ;"
            f" le modèle du site ne lui donne pas le moteur Python : ajoutez l'en-tête {modele.EN_TETE_MOTEUR}: true"
        )
    return marque


def _relatif(cible: str, page: Any) -> str:
    from mkdocs.utils import get_relative_url

    return str(get_relative_url(cible, page.url))


def on_page_content(html_page: str, page: Any, **kwargs: Any) -> str:
    """Les cellules dans leur boîte ([`emboiter`][]), et le repère `#cellules-config` (où sont le runtime et le
    paquet) sur chaque page qui a besoin du moteur.

    Le modèle du site le dit (`modele.Page.moteur`) : la page a des
    cellules, ou son en-tête le demande (`cellules: true`, la page du calculateur).
    """
    if not modele.page_de(page).moteur:
        return html_page
    runtime = _Etat.runtime
    attributs = {
        "data-travailleur": _relatif("javascripts/cellules-worker.js", page),
        "data-paquet": _relatif(f"assets/cellules/{_Etat.nom_archive}", page),
    }
    if runtime.dossier is not None:
        attributs["data-pyodide"] = _relatif(f"assets/pyodide/{runtime.version}/", page).rstrip("/") + "/"
    else:
        attributs["data-indisponible"] = runtime.raison
    texte = " ".join(f'{cle}="{html.escape(valeur)}"' for cle, valeur in attributs.items())
    return emboiter(html_page) + f'\n<div id="cellules-config" hidden {texte}></div>\n'


def on_post_build(config: Any, **kwargs: Any) -> None:
    site = Path(config["site_dir"])
    cellules = site / "assets" / "cellules"
    cellules.mkdir(parents=True, exist_ok=True)
    (cellules / _Etat.nom_archive).write_bytes(_Etat.archive)
    runtime = _Etat.runtime
    if runtime.dossier is None:
        return
    cible = site / "assets" / "pyodide" / runtime.version
    cible.mkdir(parents=True, exist_ok=True)
    for nom in FICHIERS_PYODIDE:
        source, copie = runtime.dossier / nom, cible / nom
        if nom == "python_stdlib.zip" and _Etat.stdlib is not None:
            copie.write_bytes(_Etat.stdlib)
        elif not copie.exists() or copie.stat().st_size != source.stat().st_size:
            shutil.copyfile(source, copie)
