"""Le site hors ligne, à la table : manifeste d'application web et service worker.

Une fois le site construit (`on_post_build`, **après** les autres crochets, qui
ajoutent ou modifient des fichiers du site construit), ce crochet écrit à la
racine du site :

- `manifest.webmanifest` : le site s'installe sur un téléphone, avec le nom et la
  description de `mkdocs.yml` et les icônes de `docs/icones/` (dessinées par
  `python -m scripts.icones`) ;
- `service-worker.js` : la liste des fichiers du site, chacun avec son
  empreinte (SHA-256 tronquée), une version (l'empreinte de la liste), puis le
  code de `hooks/hors_ligne/hors_ligne.js`. Une nouvelle publication change la liste, donc
  le fichier : le navigateur installe alors la nouvelle version, qui ne
  retélécharge que les fichiers dont l'empreinte a changé.

Les fichiers se partagent en deux ([`repartir`][]) :

- **à garder** : pages, index de recherche, styles, scripts, icônes (la liste
  `PRECACHE`), que la page fait garder d'elle-même après une première visite
  (`docs/javascripts/hors-ligne.js` : l'accueil promet que le site marche alors
  sans réseau ; 1,4 Mo compressés, une fois, sauf si le navigateur économise les
  données) ou que le lecteur garde (« Garder le site hors ligne », qui dit ce
  que ça coûte) ; chaque fichier qu'une page demande entre au cache au passage ;
  la page `HORS_LIGNE` et ce qu'elle charge ([`indispensables`][]) y entrent
  d'office à l'installation : hors ligne, une page qui n'est pas encore gardée
  mène à elle, en français, jamais à la page d'erreur du navigateur ;
- **à l'usage** : les gros fichiers du runtime Python du navigateur
  (`assets/pyodide/`), JupyterLite (`jupyter/`, ses carnets compris) et les
  carnets à télécharger (`.ipynb`), mis en cache la première fois qu'une page
  les demande ;

et ne sont pas listés : les cartes de sources (`.map`), le plan du site,
l'inventaire de mkdocstrings, et les fichiers de lunr des langues que la
recherche n'utilise pas.

Sous `mkdocs serve`, les listes sont vides : le service worker ne garde rien
(une page modifiée doit s'afficher tout de suite) et vide ce qu'une version
publiée aurait laissé.
"""

from __future__ import annotations

import hashlib
import json
import logging
import struct
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

if __name__ != "hooks.hors_ligne.hors_ligne":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.cellules import cellules

__all__ = [
    "A_LA_DEMANDE",
    "A_LA_DEMANDE_SUFFIXES",
    "HORS_LIGNE",
    "ICONES",
    "MANIFESTE",
    "RUNTIME",
    "SERVICE_WORKER",
    "annoncer_runtime",
    "empreinte",
    "indispensables",
    "langues_de_recherche",
    "manifeste",
    "octets_du_runtime",
    "on_config",
    "on_page_content",
    "on_post_build",
    "on_startup",
    "repartir",
    "service_worker",
]

SERVICE_WORKER = "service-worker.js"
"""Le service worker, à la racine du site (sa portée est tout le site)."""

HORS_LIGNE = "hors-ligne.html"
"""La page « Pas de réseau pour cette page » (`overrides/hors-ligne.html`, `theme.static_templates`), à la racine."""

MANIFESTE = "manifest.webmanifest"
"""Le manifeste d'application web, à la racine du site."""

ICONES = "icones/"
"""Le dossier des icônes (dans `docs/`, donc dans le site)."""

A_LA_DEMANDE = ("assets/pyodide/", "jupyter/")
"""Les dossiers mis en cache à l'usage seulement : le runtime Python du navigateur et JupyterLite (plusieurs Mo).

JupyterLite (`hooks/carnets/jupyterlite.py`) n'a pas de service worker à lui (il est désactivé) : celui du
site contrôle aussi ses pages, et garde chaque fichier qu'elles demandent, comme le runtime Python."""

A_LA_DEMANDE_SUFFIXES = (".ipynb",)
"""Les fichiers à télécharger plutôt qu'à lire (carnets Jupyter) : mis en cache à l'usage aussi."""

RUNTIME = ("assets/pyodide/", "assets/cellules/", "javascripts/cellules-worker.js")
"""Ce que télécharge le premier usage de Python dans le navigateur (cellule ou calculateur), dans le site construit.

Sa taille est annoncée aux pages qui ont le moteur (`data-octets` du repère `#cellules-config`) : elles la
disent au lecteur avant le premier octet, puis la progression du chargement."""

_REPERE_MOTEUR = '<div id="cellules-config" hidden '

NOM_COURT = "Règles"
"""Le nom sous l'icône d'un téléphone (une dizaine de lettres au plus)."""

COULEUR_THEME = "#4051b5"
"""L'indigo de Material (`primary: indigo`) : barre de titre de l'application installée."""

_CODE = Path(__file__).with_name("hors_ligne.js")
_LUNR = "assets/javascripts/lunr/"
_JAMAIS = (".map",)
_PAS_LISTES = ("sitemap.xml", "sitemap.xml.gz", "objects.inv", SERVICE_WORKER)

log = logging.getLogger(f"mkdocs.plugins.{__name__}")

_commande = "build"


class _Runtime:
    octets = 0


def empreinte(donnees: bytes) -> str:
    """L'empreinte d'un fichier : les 16 premiers chiffres hexadécimaux de son SHA-256.

    Le service worker recalcule la même sur ce qu'il télécharge, et refuse un fichier qui
    ne correspond pas à la version qu'il installe.

    Examples:
        >>> empreinte(b"")
        'e3b0c44298fc1c14'
    """
    return hashlib.sha256(donnees).hexdigest()[:16]


def langues_de_recherche(config: Any) -> list[str]:
    """Les langues de la recherche (`plugins: - search: lang:`), lues dans la configuration de MkDocs."""
    for nom, extension in config["plugins"].items():
        if nom.split("/")[-1] == "search":
            langues = extension.config.get("lang") or ["en"]
            return [str(langue) for langue in langues]
    return []


def _lunr_utiles(langues: list[str]) -> set[str]:
    """Les fichiers de lunr que le travailleur de recherche de Material charge pour ces langues.

    Examples:
        >>> sorted(_lunr_utiles(["fr"]))
        ['assets/javascripts/lunr/min/lunr.fr.min.js', 'assets/javascripts/lunr/min/lunr.stemmer.support.min.js']
        >>> _lunr_utiles(["en"])
        set()
    """
    fichiers = [f"min/lunr.{langue}.min.js" for langue in langues if langue != "en"]
    fichiers += ["tinyseg.js" for langue in langues if langue == "ja"]
    fichiers += ["wordcut.js" for langue in langues if langue in ("hi", "th")]
    if len(langues) > 1:
        fichiers.append("min/lunr.multi.min.js")
    if fichiers:
        fichiers.append("min/lunr.stemmer.support.min.js")
    return {_LUNR + f for f in fichiers}


def repartir(fichiers: Iterable[str], langues: list[str]) -> tuple[list[str], list[str]]:
    """Partage les fichiers du site (chemins relatifs) en (précachés, à l'usage) ; les autres ne sont pas listés.

    Examples:
        >>> repartir(
        ...     ["index.html", "warp/index.html", "search/search_index.json", "assets/pyodide/pyodide.asm.wasm",
        ...      "carnets/warp/jets-simples.ipynb", "assets/javascripts/bundle.js.map", "sitemap.xml",
        ...      "service-worker.js", "assets/javascripts/lunr/min/lunr.fr.min.js",
        ...      "assets/javascripts/lunr/min/lunr.de.min.js"],
        ...     ["fr"],
        ... )
        (['assets/javascripts/lunr/min/lunr.fr.min.js', 'index.html', 'search/search_index.json', 'warp/index.html'], ['assets/pyodide/pyodide.asm.wasm', 'carnets/warp/jets-simples.ipynb'])
    """
    utiles = _lunr_utiles(langues)
    precaches, a_l_usage = [], []
    for fichier in sorted(fichiers):
        if fichier.endswith(_JAMAIS) or fichier in _PAS_LISTES:
            continue
        if fichier.startswith(A_LA_DEMANDE) or fichier.endswith(A_LA_DEMANDE_SUFFIXES):
            a_l_usage.append(fichier)
        elif not fichier.startswith(_LUNR) or fichier in utiles:
            precaches.append(fichier)
    return precaches, a_l_usage


def indispensables(site: Path, precaches: list[str]) -> list[str]:
    """La page `HORS_LIGNE` et ce qu'elle charge (styles, scripts, icônes), parmi les fichiers `precaches`.

    Le service worker les garde d'office à son installation : hors ligne, une page jamais gardée mène à
    elle, avec l'apparence du site. Lus dans la page construite (`href`, `src`, `data-material`).

    Examples:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as d:
        ...     _ = (Path(d) / HORS_LIGNE).write_text('<link href="assets/a.css"><script src="j.js?v=1">'
        ...                                           '<a href="warp/">x</a><img src="https://ailleurs/x.png">')
        ...     indispensables(Path(d), ["assets/a.css", "j.js", "hors-ligne.html", "warp/index.html"])
        ['assets/a.css', 'hors-ligne.html', 'j.js']
    """
    import posixpath
    import re

    page = site / HORS_LIGNE
    if not page.is_file() or HORS_LIGNE not in precaches:
        return []
    liens = re.findall(r'(?:href|src|data-material)="([^"#?]+)', page.read_text(encoding="utf-8"))
    charges = {posixpath.normpath(lien) for lien in liens if not re.match(r"^[a-z][a-z0-9+.-]*:|^/", lien)}
    pages = {f for f in precaches if f.endswith(".html")}
    return sorted({f for f in precaches if f in charges and f not in pages} | {HORS_LIGNE})


def _adresse(fichier: str) -> str:
    """L'adresse d'un fichier relative à la racine du site : une page est désignée par son dossier.

    Examples:
        >>> _adresse("warp/jets-simples/index.html"), _adresse("index.html"), _adresse("404.html")
        ('warp/jets-simples/', './', '404.html')
    """
    if fichier == "index.html":
        return "./"
    return fichier.removesuffix("index.html")


def octets_du_runtime(racine: Path) -> int:
    """Les octets du runtime Python tel que le site le servira : Pyodide, l'archive de `rules`, le worker ; 0 sans Pyodide."""
    runtime = cellules.trouver_runtime(racine, installer=False)
    if runtime.dossier is None:
        return 0
    archive, stdlib = cellules.servis(racine, runtime)
    pyodide = cellules.octets_de_pyodide(runtime, stdlib)
    travailleur = (racine / "docs" / "javascripts" / "cellules-worker.js").stat().st_size
    return pyodide + len(archive) + travailleur


def annoncer_runtime(html_page: str, octets: int) -> str:
    """La page dont le repère du moteur Python porte la taille du runtime (rien à faire sans repère).

    Examples:
        >>> annoncer_runtime('<p>x</p><div id="cellules-config" hidden data-paquet="a.zip"></div>', 13_700_000)
        '<p>x</p><div id="cellules-config" hidden data-octets="13700000" data-paquet="a.zip"></div>'
        >>> annoncer_runtime("<p>x</p>", 1)
        '<p>x</p>'
    """
    return html_page.replace(_REPERE_MOTEUR, f'{_REPERE_MOTEUR}data-octets="{octets}" ', 1)


def _octets_servis(site: Path) -> int:
    """Les octets du runtime dans le site construit (ce que le lecteur télécharge au premier usage)."""
    return sum(
        p.stat().st_size
        for p in site.rglob("*")
        if p.is_file() and p.relative_to(site).as_posix().startswith(RUNTIME) and not p.name.endswith(_JAMAIS)
    )


def _taille_png(fichier: Path) -> tuple[int, int]:
    donnees = fichier.read_bytes()[:24]
    if not donnees.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError(f"{fichier} n'est pas un PNG")
    largeur, hauteur = struct.unpack(">II", donnees[16:24])
    return largeur, hauteur


def manifeste(config: Any, site: Path) -> dict[str, Any]:
    """Le manifeste d'application web : nom et description de `mkdocs.yml`, icônes trouvées dans le site."""
    icones = []
    for png in sorted((site / ICONES).glob("*.png")):
        largeur, hauteur = _taille_png(png)
        icones.append(
            {
                "src": ICONES + png.name,
                "sizes": f"{largeur}x{hauteur}",
                "type": "image/png",
                "purpose": "maskable" if "masquable" in png.name else "any",
            }
        )
    if not any(i["sizes"] == "512x512" and i["purpose"] == "any" for i in icones):
        raise ValueError(f"le site doit avoir une icône de 512 × 512 px dans {ICONES} (python -m scripts.icones)")
    return {
        "name": config["site_name"],
        "short_name": NOM_COURT,
        "description": config["site_description"] or config["site_name"],
        "lang": config["theme"]["language"],
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": COULEUR_THEME,
        "icons": icones,
    }


def service_worker(site: Path, langues: list[str], developpement: bool = False) -> tuple[str, dict[str, Any]]:
    """Le code du service worker pour le site construit dans `site`, et ce qu'il contient (pour le journal).

    Examples:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as d:
        ...     _ = (Path(d) / "index.html").write_text("<h1>Accueil</h1>")
        ...     code, bilan = service_worker(Path(d), ["fr"])
        >>> bilan["precaches"], bilan["a_l_usage"]
        (1, 0)
        >>> print(code.splitlines()[1])
        const VERSION = "...";
        >>> '"./": "' in code
        True
    """
    fichiers = [p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()]
    precaches, a_l_usage = ([], []) if developpement else repartir(fichiers, langues)
    listes = {
        nom: {_adresse(f): empreinte((site / f).read_bytes()) for f in liste}
        for nom, liste in (("PRECACHE", precaches), ("A_LA_DEMANDE", a_l_usage))
    }
    version = empreinte(json.dumps(listes, sort_keys=True).encode())
    tailles = {_adresse(f): (site / f).stat().st_size for f in precaches + a_l_usage}
    entete = [
        "/* Écrit par hooks/hors_ligne/hors_ligne.py à chaque construction du site : ne pas modifier ici. */",
        f'const VERSION = "{version}";',
        *(f"const {nom} = {json.dumps(liste, indent=1, ensure_ascii=False)};" for nom, liste in listes.items()),
        f"const TAILLES = {json.dumps(tailles, ensure_ascii=False)};",
        f"const RUNTIME = {json.dumps([d for d in RUNTIME if d.endswith('/')])};",
        f"const HORS_LIGNE = {json.dumps(HORS_LIGNE)};",
        f"const INDISPENSABLES = {json.dumps([_adresse(f) for f in indispensables(site, precaches)])};",
    ]
    bilan = {
        "version": version,
        "precaches": len(precaches),
        "octets": sum((site / f).stat().st_size for f in precaches),
        "a_l_usage": len(a_l_usage),
    }
    return "\n".join(entete) + "\n\n" + _CODE.read_text(encoding="utf-8"), bilan


def on_config(config: Any, **kwargs: Any) -> Any:
    """Mesure le runtime Python que serviront les pages (après le crochet des cellules, qui installe Pyodide)."""
    _Runtime.octets = octets_du_runtime(Path(config["config_file_path"]).resolve().parent)
    return config


def on_page_content(html_page: str, page: Any, **kwargs: Any) -> str:
    """Écrit la taille du runtime dans le repère du moteur Python, sur les pages qui l'ont."""
    return annoncer_runtime(html_page, _Runtime.octets) if _Runtime.octets else html_page


def on_startup(command: str, dirty: bool, **kwargs: Any) -> None:
    """Retient la commande : sous `mkdocs serve`, le service worker ne met rien en cache."""
    global _commande
    _commande = command


@event_priority(-100)
def on_post_build(config: Any, **kwargs: Any) -> None:
    """Écrit le manifeste puis le service worker, une fois tous les fichiers du site en place."""
    site = Path(config["site_dir"])
    if _Runtime.octets and _octets_servis(site) != _Runtime.octets:
        raise ValueError(
            f"le runtime servi pèse {_octets_servis(site)} octets, les pages en annoncent {_Runtime.octets} :"
            " hooks/hors_ligne/hors_ligne.py (RUNTIME) ne compte plus les mêmes fichiers que hooks/cellules/cellules.py"
        )
    (site / MANIFESTE).write_text(json.dumps(manifeste(config, site), ensure_ascii=False, indent=2), encoding="utf-8")
    code, bilan = service_worker(site, langues_de_recherche(config), developpement=_commande == "serve")
    (site / SERVICE_WORKER).write_text(code, encoding="utf-8")
    log.info(
        "Hors ligne : %d fichiers gardés à la demande du lecteur (%s Mo), %d à l'usage, version %s",
        bilan["precaches"],
        f"{bilan['octets'] / 1e6:.1f}".replace(".", ","),
        bilan["a_l_usage"],
        bilan["version"],
    )
