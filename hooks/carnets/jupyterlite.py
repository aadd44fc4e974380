"""JupyterLite servi par le site : chaque carnet s'ouvre dans un vrai Jupyter, dans le navigateur, hors réseau.

Le crochet des carnets (`hooks/carnets/carnets.py`) s'en sert en deux temps :

- [`preparer`][hooks.carnets.jupyterlite.preparer], au chargement de la configuration :
  la roue du paquet (`regles_executables-….whl`, construite par hatchling
  depuis `rules/`, reproductible), les roues PyPI que charge le noyau
  (`hooks/carnets/roues_jupyterlite.txt`, chacune avec son empreinte SHA-256, vérifiée
  au téléchargement par pip, gardées dans `.cache/jupyterlite/roues/`), et
  l'application JupyterLite (`jupyter lite build`, interface « Notebook » et
  arborescence), construite une fois puis gardée dans
  `.cache/jupyterlite/app-<empreinte>/`, l'empreinte de ses entrées (versions
  de jupyterlite-core et du noyau, configuration écrite ici) ;
- [`publier`][hooks.carnets.jupyterlite.publier], une fois le site construit : copie
  l'application dans `jupyter/` du site, les roues dans
  `jupyter/static/roues/` avec un `pyodide-lock.json` réduit à ces roues, et
  indexe les carnets de `jupyter/files/` (l'API « contents » de Jupyter, en
  fichiers statiques).

Aucune requête ne quitte le site : le noyau charge le Pyodide que le site sert
déjà aux cellules (`assets/pyodide/<version>/`, paquet npm épinglé), ses paquets
depuis ce lock réduit, jamais depuis PyPI ni un CDN (`disablePyPIFallback`).
Le service worker de JupyterLite est désactivé : celui du site
(`hooks/hors_ligne/hors_ligne.py`) garde JupyterLite à l'usage, comme le runtime Python,
et deux service workers ne se disputent pas les mêmes pages.

Sans jupyterlite-core, sans pip joignable ou sans Pyodide, le site se construit
quand même et le lien « Ouvrir dans Jupyter » n'y est pas ([`Lite.raison`][hooks.carnets.jupyterlite.Lite]).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import importlib.util
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hooks.carnets import traductions  # importé par carnets.py, qui a mis la racine du projet dans sys.path

__all__ = [
    "DOSSIER",
    "FICHIERS",
    "LANGUE",
    "PAQUET",
    "SCRIPT_A_LA_TABLE",
    "TOUT_EXECUTER",
    "Epingle",
    "Lite",
    "adresse_du_carnet",
    "configuration",
    "epingles",
    "indexer",
    "pour_la_table",
    "preparer",
    "publier",
    "roue_du_paquet",
    "verrou",
]

log = logging.getLogger("mkdocs.hooks.jupyterlite")

DOSSIER = "jupyter"
"""Où JupyterLite est servi dans le site."""

FICHIERS = f"{DOSSIER}/files"
"""Où sont les carnets : le dossier de fichiers de JupyterLite, d'où ils se téléchargent aussi."""

PAQUET = "regles-executables"
"""Le nom de distribution du paquet `rules` (pyproject.toml), tel que le lock du noyau le charge."""

ROUES = "static/roues"
"""Où vont les roues du noyau et leur lock, dans `jupyter/`."""

EPINGLES = "hooks/carnets/roues_jupyterlite.txt"
"""Les roues PyPI du noyau, épinglées avec leur empreinte (relatif à la racine du dépôt)."""

CACHE = ".cache/jupyterlite"
"""Le cache des roues et de l'application (relatif à la racine du dépôt, hors git)."""

PYTHON_DU_NAVIGATEUR = "3.14"
"""La version de Python de Pyodide (le lock npm le dit : `info.python`) : pip télécharge pour elle."""

LANGUE = "fr-FR"
"""La langue de l'interface de JupyterLite (paquet jupyterlab-language-pack-fr-FR)."""

TOUT_EXECUTER = {
    "name": "tout-executer",
    "command": "notebook:run-all-cells",
    "label": "Tout exécuter",
    "caption": "Exécuter toutes les cellules du carnet, de la préparation à la dernière",
    "rank": 5,
}
"""Le bouton « Tout exécuter », en tête de la barre d'outils du carnet (`overrides.json`) : sur un téléphone, les
menus de JupyterLab ignorent les touchers (jupyterlab#19124), « Exécution › Exécuter toutes les cellules » n'y
est pas atteignable ; la barre d'outils, si."""

SCRIPT_A_LA_TABLE = "javascripts/jupyter-a-la-table.js"
"""Le script du site ajouté aux pages de JupyterLite (hors ligne, barre d'outils au doigt), relatif à la racine."""

_PLUGIN_NOYAU = "@jupyterlite/pyodide-kernel-extension:kernel"
_SERVICE_WORKER = "@jupyterlite/application-extension:service-worker-manager"
_EXTENSION_NOYAU = "@jupyterlite/pyodide-kernel-extension"
_DATE = "1980-01-01T00:00:00Z"
"""La date de chaque fichier de l'index (reproductible : deux constructions donnent les mêmes octets)."""


@dataclass(frozen=True)
class Epingle:
    """Une roue du noyau : nom, version et empreinte SHA-256 de la roue publiée sur PyPI."""

    nom: str
    version: str
    sha256: str


@dataclass(frozen=True)
class Lite:
    """Ce que `preparer` a mis en place pour une construction, ou pourquoi JupyterLite n'y est pas."""

    app: Path | None
    roues: tuple[Path, ...] = ()
    """Les roues PyPI du noyau, vérifiées, dans le cache."""
    paquet: tuple[str, bytes] = ("", b"")
    """La roue du paquet `rules` : son nom et ses octets."""
    raison: str = ""
    pyodide: str = ""
    octets: int = 0
    """Ce que télécharge, au plus, la première ouverture d'un carnet (application, Python, roues)."""
    lock_pyodide: dict[str, Any] = field(default_factory=dict)


def epingles(texte: str) -> list[Epingle]:
    """Les roues épinglées (`nom==version --hash=sha256:…`, une par ligne, `#` commente).

    Examples:
        >>> epingles("# commentaire\\nsix==1.17.0 --hash=sha256:ab12\\n")
        [Epingle(nom='six', version='1.17.0', sha256='ab12')]
    """
    trouvees = []
    for ligne in texte.splitlines():
        ligne = ligne.split("#", 1)[0].strip() if not ligne.lstrip().startswith("#") else ""
        if not ligne:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]+)", ligne)
        if m is None:
            raise ValueError(f"{EPINGLES} : ligne illisible « {ligne} » (attendu : nom==version --hash=sha256:…)")
        trouvees.append(Epingle(_normaliser(m[1]), m[2], m[3]))
    return trouvees


def _normaliser(nom: str) -> str:
    """Le nom normalisé d'une distribution (PEP 503).

    Examples:
        >>> _normaliser("Prompt_Toolkit"), _normaliser("stack.data")
        ('prompt-toolkit', 'stack-data')
    """
    return re.sub(r"[-_.]+", "-", nom).lower()


def _sha256(chemin: Path) -> str:
    return hashlib.sha256(chemin.read_bytes()).hexdigest()


def _roue_en_cache(dossier: Path, e: Epingle) -> Path | None:
    for roue in sorted(dossier.glob("*.whl")):
        nom, version = roue.name.split("-")[:2]
        if (_normaliser(nom), version) == (e.nom, e.version) and _sha256(roue) == e.sha256:
            return roue
    return None


def _telecharger_roues(racine: Path) -> tuple[list[Path], str]:
    """Les roues épinglées, du cache, ou téléchargées par pip (empreintes exigées) ; sinon la raison."""
    liste = epingles((racine / EPINGLES).read_text(encoding="utf-8"))
    dossier = racine / CACHE / "roues"
    dossier.mkdir(parents=True, exist_ok=True)
    if any(_roue_en_cache(dossier, e) is None for e in liste):
        log.info("JupyterLite : téléchargement des roues du noyau (pip, empreintes vérifiées)…")
        commande = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes"]
        with tempfile.TemporaryDirectory(dir=dossier.parent) as arrivee:  # une construction voisine lit `dossier`
            commande += ["--python-version", PYTHON_DU_NAVIGATEUR, "--dest", arrivee, "-r", str(racine / EPINGLES)]
            proc = subprocess.run(commande, capture_output=True, text=True, timeout=600)
            if proc.returncode != 0:
                derniere = (proc.stderr.strip().splitlines() or ["sans message"])[-1]
                return [], f"pip n'a pas téléchargé les roues du noyau : {derniere}"
            for roue in Path(arrivee).glob("*.whl"):
                os.replace(roue, dossier / roue.name)
    roues = [_roue_en_cache(dossier, e) for e in liste]
    manquantes = [e.nom for e, r in zip(liste, roues, strict=True) if r is None]
    if manquantes:
        return [], f"roues absentes ou d'une autre empreinte que {EPINGLES} : {', '.join(manquantes)}"
    return [r for r in roues if r is not None], ""


def roue_du_paquet(racine: Path) -> tuple[str, bytes]:
    """La roue du paquet `rules` construite par hatchling depuis la source du dépôt : son nom et ses octets.

    Reproductible : la même source donne les mêmes octets (dates fixes de hatchling).
    """
    from hatchling.builders.wheel import WheelBuilder

    with tempfile.TemporaryDirectory(prefix="roue-") as dossier:
        roue = Path(next(iter(WheelBuilder(str(racine)).build(directory=dossier, versions=["standard"]))))
        return roue.name, roue.read_bytes()


def _extension_du_noyau() -> Path | None:
    """Le dossier de l'extension JupyterLab du noyau Pyodide, installée avec jupyterlite-pyodide-kernel."""
    from jupyter_core.paths import jupyter_path

    for racine in jupyter_path("labextensions"):
        dossier = Path(racine) / _EXTENSION_NOYAU
        if (dossier / "package.json").is_file():
            return dossier
    return None


def configuration(pyodide: str, extension: Path) -> dict[str, dict[str, Any]]:
    """Les fichiers de configuration de `jupyter lite build` : nom du fichier → contenu.

    Seule l'interface « Notebook » (et l'arborescence, où l'on retrouve ses copies) :
    JupyterLab ajouterait ses fichiers sans rien apporter à un carnet. Rien n'est lu
    de l'environnement (`ignore_sys_prefix`) sauf l'extension du noyau : la même
    configuration donne la même application sur toute machine.
    """
    reglages_noyau = {
        "pyodideUrl": f"./../assets/pyodide/{pyodide}/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": f"./{ROUES}/pyodide-lock.json", "packages": [PAQUET]},
    }
    return {
        "jupyter_lite_config.json": {
            "LiteBuildConfig": {
                "apps": ["notebooks", "tree"],
                "no_sourcemaps": True,
                "no_unused_shared_packages": True,
                "source_date_epoch": 315532800,
                "ignore_sys_prefix": True,
                "federated_extensions": [str(extension)],
            }
        },
        "jupyter-lite.json": {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "Règles exécutables",
                "appUrl": "./tree",
                "contentsAllJsonFile": "all.json",
                "disabledExtensions": [_SERVICE_WORKER],
                "exposeAppInBrowser": True,
                "litePluginSettings": {_PLUGIN_NOYAU: reglages_noyau},
            },
        },
        "overrides.json": {
            "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
            "@jupyterlab/notebook-extension:panel": {"toolbar": [TOUT_EXECUTER]},
            "@jupyterlab/translation-extension:plugin": {"locale": LANGUE},
        },
    }


def _traduire(app: Path) -> None:
    """L'interface en français : le paquet de langue fr-FR de JupyterLab, ses domaines JupyterLab et Notebook.

    Écrit l'API de traduction de JupyterLite (`api/translations/`) comme le ferait
    jupyterlab_server, sans lui, avec les corrections de `hooks/carnets/traductions.py`
    (le paquet suit JupyterLab 4.5, JupyterLite 0.8.6 est un JupyterLab 4.6) ; la
    langue est choisie par `overrides.json`.
    """
    paquet = importlib.util.find_spec("jupyterlab_language_pack_fr_FR")
    assert paquet is not None and paquet.origin is not None, "preparer vérifie que le paquet de langue est installé"
    messages = Path(paquet.origin).parent / "locale" / "fr_FR" / "LC_MESSAGES"
    domaines = {d: json.loads((messages / f"{d}.json").read_text(encoding="utf-8")) for d in ("jupyterlab", "notebook")}
    domaines = traductions.corriger(domaines)
    api = app / "api" / "translations"
    api.mkdir(parents=True, exist_ok=True)
    langues = {
        "en": {"displayName": "English", "nativeName": "English"},
        LANGUE: {"displayName": "Français (France)", "nativeName": "français (France)"},
    }
    for nom, contenu in (("all.json", langues), (f"{LANGUE}.json", domaines)):
        (api / nom).write_text(json.dumps({"data": contenu, "message": ""}, ensure_ascii=False), encoding="utf-8")


def _construire_app(racine: Path, fichiers: dict[str, dict[str, Any]]) -> Path:
    """L'application JupyterLite pour cette configuration : du cache, ou construite (une fois) puis gardée."""
    paquets = ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyterlab-language-pack-fr-FR")
    versions = {p: importlib.metadata.version(p) for p in paquets}
    entrees = [versions, fichiers, traductions.CORRECTIONS]
    cle = hashlib.sha256(json.dumps(entrees, sort_keys=True).encode()).hexdigest()[:16]
    app = racine / CACHE / f"app-{cle}"
    if (app / "jupyter-lite.json").is_file():
        return app
    log.info("JupyterLite : construction de l'application (jupyter lite build, gardée dans %s)…", app)
    with tempfile.TemporaryDirectory(prefix="construction-", dir=app.parent) as temporaire:
        lite, sortie = Path(temporaire) / "lite", Path(temporaire) / "sortie"
        lite.mkdir()
        for nom, contenu in fichiers.items():
            (lite / nom).write_text(json.dumps(contenu, indent=2, ensure_ascii=False), encoding="utf-8")
        commande = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite), "--output-dir"]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        proc = subprocess.run(
            [*commande, str(sortie)], cwd=temporaire, capture_output=True, text=True, timeout=600, env=env
        )
        if proc.returncode != 0:
            raise RuntimeError(f"jupyter lite build a échoué :\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
        _traduire(sortie)
        with contextlib.suppress(OSError):  # une construction voisine l'a déjà mise en place : la même
            sortie.rename(app)
    return app


def _taille(dossier: Path) -> int:
    return sum(f.stat().st_size for f in dossier.rglob("*") if f.is_file())


def preparer(racine: Path, pyodide: str, dossier_pyodide: Path | None, octets_pyodide: int) -> Lite:
    """Tout ce qu'il faut à JupyterLite, sauf les carnets ; ne lève jamais pour un outil absent (voir `Lite.raison`).

    `octets_pyodide` : ce que pèsent les fichiers de Pyodide que sert le site (les cellules les servent).
    """
    if dossier_pyodide is None:
        return Lite(None, raison="Pyodide est absent (voir les cellules)")
    try:
        for distribution in ("jupyterlite-core", "jupyterlab-language-pack-fr-FR"):
            importlib.metadata.version(distribution)
        extension = _extension_du_noyau()
    except importlib.metadata.PackageNotFoundError:
        return Lite(
            None, raison="jupyterlite-core ou sa langue n'est pas installé (python -m pip install -e '.[docs]')"
        )
    if extension is None:
        return Lite(None, raison="jupyterlite-pyodide-kernel n'est pas installé (python -m pip install -e '.[docs]')")
    roues, raison = _telecharger_roues(racine)
    if raison:
        return Lite(None, raison=raison)
    try:
        paquet = roue_du_paquet(racine)
        app = _construire_app(racine, configuration(pyodide, extension))
    except (OSError, RuntimeError, ValueError) as erreur:
        return Lite(None, raison=f"JupyterLite n'a pas pu être construit : {erreur}")
    octets = _taille(app) + sum(r.stat().st_size for r in roues) + len(paquet[1])
    octets += octets_pyodide
    lock = json.loads((dossier_pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    return Lite(app, tuple(roues), paquet, pyodide=pyodide, octets=octets, lock_pyodide=lock)


def verrou(lock_pyodide: dict[str, Any], roues: dict[str, str]) -> dict[str, Any]:
    """Le `pyodide-lock.json` du noyau : les seules roues servies par le site, avec leur nom de fichier et leur empreinte.

    Chaque paquet garde ce que le lock de Pyodide dit de lui (dépendances, modules) ;
    un paquet qu'il ne connaît pas (comm, le paquet `rules`) n'a pas de dépendance
    et s'importe sous son nom (`rules` pour `regles-executables`).
    """
    paquets: dict[str, Any] = {}
    connus = {_normaliser(cle): cle for cle in lock_pyodide["packages"]}
    for fichier, empreinte in sorted(roues.items()):
        nom, version = _normaliser(fichier.split("-")[0]), fichier.split("-")[1]
        cle = connus.get(nom, nom)
        modules = ["rules"] if nom == PAQUET else [nom.replace("-", "_")]
        paquet = dict(lock_pyodide["packages"].get(cle) or {"name": nom, "depends": [], "imports": modules})
        paquet |= {"version": version, "file_name": fichier, "sha256": empreinte, "unvendored_tests": False}
        paquets[cle] = {"install_dir": "site", "package_type": "package", **paquet}
    for cle, paquet in paquets.items():
        absentes = [
            d for d in paquet["depends"] if _normaliser(d) not in connus or connus[_normaliser(d)] not in paquets
        ]
        if absentes:
            raise ValueError(f"{EPINGLES} : {cle} dépend de {', '.join(absentes)}, qui n'y est pas épinglé")
    return {"info": lock_pyodide["info"], "packages": dict(sorted(paquets.items()))}


def indexer(fichiers: Path, api: Path) -> None:
    """L'index des carnets (API « contents » de Jupyter) : un `all.json` par dossier de `jupyter/files/`."""
    for dossier in [fichiers, *sorted(d for d in fichiers.rglob("*") if d.is_dir())]:
        chemin = dossier.relative_to(fichiers).as_posix().removeprefix(".")
        contenu = []
        for enfant in sorted(dossier.iterdir()):
            genre = "directory" if enfant.is_dir() else "notebook" if enfant.suffix == ".ipynb" else "file"
            contenu.append(
                {
                    "name": enfant.name,
                    "path": f"{chemin}/{enfant.name}".lstrip("/"),
                    "type": genre,
                    "created": _DATE,
                    "last_modified": _DATE,
                    "content": None,
                    "format": None,
                    "mimetype": None,
                    "size": None if enfant.is_dir() else enfant.stat().st_size,
                    "writable": True,
                }
            )
        listing: dict[str, Any] = {"name": dossier.name if chemin else "", "path": chemin, "type": "directory"}
        listing["content"] = contenu
        listing |= {"created": _DATE, "last_modified": _DATE, "format": "json", "mimetype": None, "size": None}
        sortie = api / chemin / "all.json"
        sortie.parent.mkdir(parents=True, exist_ok=True)
        sortie.write_text(json.dumps(listing, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


_EN_FRANCAIS = {
    "<html>": '<html lang="fr">',
    "<title>Jupyter Notebook - Notebooks</title>": "<title>Carnet — Règles exécutables</title>",
    "<title>Jupyter Notebook - Tree</title>": "<title>Carnets — Règles exécutables</title>",
    "Loading JupyterLite...": "Chargement de JupyterLite…",
    "JupyterLite requires JavaScript to be enabled in your browser.": (
        "JupyterLite a besoin de JavaScript : activez-le dans votre navigateur."
    ),
}
"""Les mots anglais des pages de JupyterLite avant que son interface (traduite) se charge."""


def pour_la_table(page: str) -> str:
    """Une page de JupyterLite (`jupyter/notebooks/index.html`, `jupyter/tree/index.html`) pour le site : en
    français avant même son chargement, et avec le script du site (`SCRIPT_A_LA_TABLE`) qui la garde hors
    ligne et met sa barre d'outils au doigt.

    Examples:
        >>> print(pour_la_table("<html>\\n<head><title>Jupyter Notebook - Tree</title></head><body>"
        ...                     "Loading JupyterLite...</body></html>"))
        <html lang="fr">
        <head><title>Carnets — Règles exécutables</title><script src="../../javascripts/jupyter-a-la-table.js" defer></script>
        </head><body>Chargement de JupyterLite…</body></html>
    """
    if "</head>" not in page:
        raise ValueError("une page de JupyterLite sans </head> : JupyterLite a changé, le script du site n'y irait pas")
    for anglais, francais in _EN_FRANCAIS.items():
        page = page.replace(anglais, francais, 1)
    script = f'<script src="../../{SCRIPT_A_LA_TABLE}" defer></script>\n'
    return page.replace("</head>", script + "</head>", 1)


def publier(lite: Lite, site: Path) -> None:
    """Met JupyterLite dans le site construit : application, roues et leur lock, index des carnets, et ses pages
    en français avec le script du site."""
    if lite.app is None:
        return
    cible = site / DOSSIER
    shutil.copytree(lite.app, cible, dirs_exist_ok=True)
    for page in (cible / "notebooks" / "index.html", cible / "tree" / "index.html"):
        if page.is_file():
            page.write_text(pour_la_table(page.read_text(encoding="utf-8")), encoding="utf-8")
    roues = cible / ROUES
    roues.mkdir(parents=True, exist_ok=True)
    for roue in lite.roues:
        shutil.copyfile(roue, roues / roue.name)
    (roues / lite.paquet[0]).write_bytes(lite.paquet[1])
    empreintes = {r.name: _sha256(r) for r in lite.roues} | {lite.paquet[0]: hashlib.sha256(lite.paquet[1]).hexdigest()}
    lock = verrou(lite.lock_pyodide, empreintes)
    (roues / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if (site / FICHIERS).is_dir():
        indexer(site / FICHIERS, cible / "api" / "contents")


def adresse_du_carnet(chemin: str) -> str:
    """L'adresse (dans le site) qui ouvre un carnet de `jupyter/files/` dans l'interface « Notebook ».

    Examples:
        >>> adresse_du_carnet("jupyter/files/warp/jets-simples.ipynb")
        'jupyter/notebooks/index.html?path=warp/jets-simples.ipynb'
    """
    return f"{DOSSIER}/notebooks/index.html?path={chemin.removeprefix(FICHIERS + '/')}"
