"""Fixtures partagées : le site construit une fois, servi sur 127.0.0.1, et un Chromium par worker.

La suite tourne en parallèle (pytest-xdist, `-n auto` dans `pyproject.toml`) :

- `site_construit` lance `mkdocs build --strict` **une fois par exécution**,
  pour tous les workers : le premier qui en a besoin construit, sous un
  verrou, dans un dossier temporaire commun ; les autres attendent le verrou
  puis lisent le même résultat. Elle échoue sur le code de sortie, jamais sur
  la présence de fichiers (et jamais `-q`, qui désactiverait `--strict`).
- `serveur_site` sert ce dossier avec un `ThreadingHTTPServer` sur 127.0.0.1
  (un par worker : ce n'est qu'un fil).
- Les tests `navigateur` utilisent pytest-playwright avec le Chromium de
  Debian (`/usr/bin/chromium`), jamais un navigateur téléchargé : `browser`
  est lancé une fois par worker, `context` et `page` sont neufs à chaque test.
  Sans Chromium ils sont sautés, sauf sous `CI=true` où ils échouent.
- `axe_core` : axe-core à la version épinglée (`npm ci` s'il manque, sous le
  même verrou que la construction, qui installe aussi Pyodide).
- `parcours(mode, largeur)` : chaque page du site ouverte une fois dans cet état (le sombre
  à 375 px n'ouvre que celles où il relève quelque chose, `tests.parcours.pages_du_parcours`) et ce
  qu'on y a relevé (`tests/parcours.py`), fait une fois pour toute l'exécution et tous
  les workers (un fichier et un verrou par état dans le dossier commun) ; le contrôleur
  compte les départs, et un état parcouru deux fois fait échouer la suite.
- `bilan` : un test y note ce qu'il a vérifié (pages passées à axe-core, exemples
  rejoués, carnets exécutés) ; le contrôleur en fait le bilan de fin de suite.

Hypothesis a deux profils (`tests/test_hypothesis_profils.py` prouve chacun). Partout : autant
d'exemples que chaque test en demande (`@settings`), sans délai imparti (un exemple qui dépasse
200 ms sur une machine chargée n'est pas une faute : un test ne chronomètre rien), sans base
d'exemples sur le disque, et chaque échec imprime de quoi le rejouer (`print_blob`).

- Sur un poste (profil « regles », la boucle rapide) : des exemples **tirés au hasard** à chaque
  exécution. La boucle rapide explore : un bogue qu'elle trouve est un bogue. Il est rapporté en
  clair, avec son exemple minimal et la ligne `@reproduce_failure(...)` qui le rejoue ; on le garde
  en ajoutant cet exemple au test (`@example(...)`) ou en le corrigeant, pas dans un dossier caché.
  La base d'exemples par défaut de hypothesis (`.hypothesis/examples`) rejouait en tête de chaque
  exécution suivante ce qu'un tirage avait trouvé une fois : la boucle restait rouge sans dire d'où
  venait l'exemple (`moins(10**5000)`, issue 38), même sur une autre branche, pour le travail d'un
  autre, et la CI ne le voyait pas.
- Sous CI=true (profil « ci ») : les mêmes exemples à chaque exécution (tirés de façon
  déterministe) : un échec se reproduit, un succès aussi. `--hypothesis-profile=ci` rejoue sur un
  poste les exemples de la CI.

Ce qui est un échec dans une page (requête abandonnée par le navigateur ou
vraie faute) est jugé dans `tests/surveillance.py`. `construire`, `servir` et
`ARGUMENTS_CHROMIUM` viennent de `scripts/outils.py`, que partagent les scripts
`python -m scripts.captures` et `python -m scripts.mesures`.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import shutil
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from _pytest.mark.expression import Expression
from hypothesis import settings

from hooks.cellules import npm
from scripts.mesures_tests import FAMILLES, famille
from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, construire, servir
from tests.parcours import TELEPHONE, ParcoursDeLaSuite

# Les réécritures d'assertions de pytest se gardent, même sous PYTHONDONTWRITEBYTECODE (que posent des conteneurs,
# dont celui de la CI) : sans elles, chaque worker et chaque pytest relancé par un test réécrivait les modules de
# tests/ (7,7 s de processeur par collecte, 2,8 s avec le cache). Le bytecode va dans les __pycache__ du dépôt
# (ignorés par git) et, pour un module installé qui n'en avait pas, à côté de lui, comme sans la variable.
sys.dont_write_bytecode = False

try:
    import fcntl
except ImportError:  # pas de verrou de fichier (Windows) : chaque worker construit le sien
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "ATTENTE_MS",
    "CHARGEMENT_PYODIDE_MS",
    "EN_CI",
    "RACINE",
    "SiteConstruit",
]  # RACINE : réexportée pour les tests

EN_CI = os.environ.get("CI", "").lower() == "true"

ATTENTE_MS = 90_000
"""Le plus long qu'une navigation ou une action de Chromium attend avant d'échouer (Playwright : 30 s).

Ce n'est pas un chronomètre : une page cassée échoue quand même, seulement plus tard. Sur une
machine partagée très chargée, une page lourde (`imprimer/`) met plus de 30 s à s'ouvrir."""

ATTENTE_EXPECT_MS = 20_000
"""Le plus long qu'une assertion `expect(...)` attend que la page y arrive (Playwright : 5 s)."""

CHARGEMENT_PYODIDE_MS = 180_000
"""Le premier « Exécuter » ou « Calculer » charge Pyodide : quelques secondes au repos, plus d'une
minute sur une machine très chargée. Le seul délai de ce chargement, pour tous les tests."""

try:
    from playwright.sync_api import expect

    expect.set_options(timeout=ATTENTE_EXPECT_MS)
except ImportError:  # sans l'extra « browser » : les tests navigateur sont sautés (ou échouent sous CI)
    pass

# Hypothesis : deux profils, expliqués dans la docstring du module (« Hypothesis »).
# (« regles » part du profil « default » de hypothesis, et non du profil chargé : sous CI=true,
# hypothesis charge déjà son propre « ci », dérandomisé, dont « regles » hériterait sinon.)
settings.register_profile(
    "regles", settings.get_profile("default"), derandomize=False, deadline=None, database=None, print_blob=True
)
settings.register_profile("ci", parent=settings.get_profile("regles"), derandomize=True)
settings.load_profile("ci" if EN_CI else "regles")


@dataclass(frozen=True)
class SiteConstruit:
    dossier: Path
    sortie: str

    def pages(self) -> list[Path]:
        """Chaque page HTML du site construit, décidé ici une fois pour toute la suite.

        Les fichiers servis tels quels sous `assets/` (Material, runtime Python) et `jupyter/`
        (l'application JupyterLite, hooks/carnets/jupyterlite.py) ne sont pas des pages du site.
        """
        return sorted(
            html
            for html in self.dossier.rglob("*.html")
            if html.relative_to(self.dossier).parts[0] not in {"assets", "jupyter"}
        )

    def adresses(self) -> list[str]:
        """Les pages du site en adresse relative (`warp/jets-simples/`, `404.html`, `""` pour l'accueil)."""
        return [html.relative_to(self.dossier).as_posix().removesuffix("index.html") for html in self.pages()]

    def html(self, adresse: str) -> str:
        """Le HTML construit de la page à cette adresse relative (celle que rend `adresses`)."""
        fichier = self.dossier / (adresse + "index.html" if adresse == "" or adresse.endswith("/") else adresse)
        return fichier.read_text(encoding="utf-8")


# ---------------------------------------------------------------- partagé entre workers


def _dossier_partage(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Le dossier temporaire commun à tous les workers d'une même exécution (le sien, sans xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def _verrou(fichier: Path) -> Iterator[None]:
    """Un verrou exclusif entre processus : un seul worker à la fois construit le site ou lance npm ci."""
    with open(fichier, "a") as f:
        if fcntl is not None:
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(f, fcntl.LOCK_UN)


def annoncer(config: pytest.Config, texte: str) -> None:
    """Une ligne lisible pendant que la suite tourne (sur stderr : les workers de xdist n'ont pas de terminal)."""
    capture = config.pluginmanager.getplugin("capturemanager")
    qui = os.environ.get("PYTEST_XDIST_WORKER", "")
    ligne = f"\n[{qui}] {texte}" if qui else f"\n{texte}"
    if capture is None:
        print(ligne, file=sys.stderr, flush=True)
        return
    with capture.global_and_fixture_disabled():
        print(ligne, file=sys.stderr, flush=True)


@pytest.fixture(scope="session")
def site_construit(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> SiteConstruit:
    """Le site construit par `mkdocs build --strict`, une fois pour tous les workers ; échoue sur le code de sortie."""
    partage = _dossier_partage(tmp_path_factory)
    dossier, resultat = partage / "site", partage / "site.json"
    with _verrou(partage / "site.verrou"):
        if not resultat.exists():
            annoncer(request.config, "Construction du site (mkdocs build --strict), une fois pour toute la suite…")
            debut = time.perf_counter()
            proc = construire(dossier)
            duree = time.perf_counter() - debut
            etat = {"code": proc.returncode, "sortie": proc.stdout + proc.stderr, "duree": duree}
            resultat.write_text(json.dumps(etat), encoding="utf-8")
            annoncer(
                request.config,
                f"Site construit en {duree:.0f} s (code {proc.returncode}) : les tests du site et du navigateur démarrent.",
            )
        etat = json.loads(resultat.read_text(encoding="utf-8"))
    if etat["code"] != 0:
        pytest.fail(f"mkdocs build --strict a échoué (code {etat['code']}) :\n{etat['sortie']}")
    return SiteConstruit(dossier, etat["sortie"])


@pytest.fixture(scope="session")
def serveur_site(site_construit: SiteConstruit) -> Iterator[str]:
    """L'adresse (http://127.0.0.1:port/) du site construit, servi le temps de la session."""
    with servir(site_construit.dossier) as adresse:
        yield adresse


@pytest.fixture(scope="session")
def axe_core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """L'adresse de `node_modules/axe-core/axe.min.js` (la version épinglée ; `npm ci` l'installe s'il manque),
    servi sur 127.0.0.1 le temps de la session, pour `tests.parcours.fautes_axe`.

    Chargé par son adresse plutôt qu'injecté depuis le disque : Chromium le lit comme tout script du réseau et
    garde son code compilé d'une page à l'autre ; l'injection coûte alors deux fois moins de processeur
    (`python -m scripts.bench_axe`)."""
    with _verrou(_dossier_partage(tmp_path_factory) / "site.verrou"):  # npm ci : un seul à la fois
        paquet = npm.assurer(RACINE, "axe-core", ["axe.min.js"])
    if paquet.dossier is None:
        message = f"axe-core introuvable : {paquet.raison} (installez Node.js puis lancez npm ci)"
        if EN_CI:
            pytest.fail(message + " (sous CI=true, c'est une erreur)")
        pytest.skip(message)
    with servir(paquet.dossier) as adresse:
        yield adresse + "axe.min.js"


@pytest.fixture(scope="session")
def _parcours_faits(tmp_path_factory: pytest.TempPathFactory) -> ParcoursDeLaSuite:
    """Les parcours du site de cette exécution, chacun fait une fois pour tous les workers (`tests/parcours.py`)."""
    return ParcoursDeLaSuite(_dossier_partage(tmp_path_factory) / "parcours", _verrou)


PARCOURS_COMMENCE = "parcours commencé"
"""La propriété qu'un test porte quand il a lui-même commencé un parcours : son état (« clair, 1280 px ») et
son worker."""


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "pytest seul")


@pytest.fixture
def parcours(
    browser: Any,
    serveur_site: str,
    site_construit: SiteConstruit,
    axe_core: str,
    _parcours_faits: ParcoursDeLaSuite,
    request: pytest.FixtureRequest,
) -> Callable[[str, str], Any]:
    """`parcours(mode, largeur)` : chaque page du site ouverte une fois dans ce mode, à cette largeur (celles que
    rend `pages_du_parcours`), et ce qu'on y a relevé (`tests/parcours.py`) ; fait une fois pour toute la suite,
    au premier test qui le demande, quel que soit son worker. Un test qui s'en sert porte `groupe(mode, largeur)` : les tests d'un parcours
    vont au worker qui le fait, et aucun autre n'attend qu'il finisse."""
    from tests.parcours import pages_du_parcours, parcourir

    feuilles = sorted(p.name for p in (RACINE / "docs" / "stylesheets").glob("*.css"))
    pages = site_construit.adresses()

    def faire(mode: str, largeur: str) -> Any:
        ouvertes = pages_du_parcours(mode, largeur, pages, site_construit.html)
        return parcourir(browser, serveur_site, ouvertes, axe_core, feuilles, mode, largeur)

    return lire_les_parcours(request, _parcours_faits, faire)


def lire_les_parcours(
    request: pytest.FixtureRequest, suite: ParcoursDeLaSuite, faire: Callable[[str, str], Any]
) -> Callable[[str, str], Any]:
    """`parcours(mode, largeur)` pour le test de `request` : chaque parcours lu dans `suite`, ou fait par `faire`
    (annoncé pendant la suite, et noté sur ce test pour que le contrôleur compte les départs)."""

    def obtenir(mode: str, largeur: str) -> Any:
        return suite.obtenir(
            mode,
            largeur,
            faire,
            lambda texte: annoncer(request.config, texte),
            lambda etat: request.node.user_properties.append((PARCOURS_COMMENCE, [etat, _worker()])),
        )

    return obtenir


# ---------------------------------------------------------------- Chromium


def _chromium_disponible() -> bool:
    return Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is not None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Chromium de Debian, sans bac à sable (root), sans aucun trafic de fond."""
    if not _chromium_disponible():
        message = f"Chromium introuvable ({CHROMIUM}) : apt-get install chromium"
        if EN_CI:
            pytest.fail(message + " (sous CI=true, un navigateur manquant est une erreur)")
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": ARGUMENTS_CHROMIUM,
    }


@pytest.fixture(scope="session")
def browser(browser: Any) -> Any:
    """Le Chromium du worker (celui de pytest-playwright) ; chaque contexte ou page qu'on y ouvre,
    par la fixture `context` ou par `browser.new_context()`, attend jusqu'à `ATTENTE_MS`."""
    ouvrir_contexte, ouvrir_page = browser.new_context, browser.new_page

    def new_context(*args: Any, **kwargs: Any) -> Any:
        contexte = ouvrir_contexte(*args, **kwargs)
        contexte.set_default_timeout(ATTENTE_MS)
        return contexte

    def new_page(*args: Any, **kwargs: Any) -> Any:
        page = ouvrir_page(*args, **kwargs)
        page.set_default_timeout(ATTENTE_MS)
        return page

    browser.new_context, browser.new_page = new_context, new_page
    return browser


def _telephone(browser: Any) -> Iterator[Any]:
    """Un contexte de Chromium de 375 px, sans service worker, ouvert pour tout le worker."""
    contexte = browser.new_context(viewport=TELEPHONE, service_workers="block")
    yield contexte
    contexte.close()


@pytest.fixture(scope="session")
def telephone_du_worker(browser: Any) -> Iterator[Any]:
    """Le téléphone (375 px) de ce worker : un seul contexte de Chromium, sans service worker, repris de test en
    test par la fixture `contexte` de `tests/lecteur.py`, qui le rend propre après chacun."""
    yield from _telephone(browser)


@pytest.fixture(scope="session")
def autre_telephone_du_worker(browser: Any) -> Iterator[Any]:
    """Un second téléphone, pour ce qu'un lien partagé ouvre sur un autre appareil (`autre_contexte`)."""
    yield from _telephone(browser)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Pas de service worker dans les contextes de pytest-playwright : il répondrait depuis
    son cache, à l'insu de `page.route` et des relevés de requêtes des tests. Les tests
    du site hors ligne (`tests/test_hors_ligne.py`) ouvrent leurs propres contextes."""
    return {**browser_context_args, "service_workers": "block"}


# ---------------------------------------------------------------- marqueurs et ordre

FIXTURES_NAVIGATEUR = frozenset({"browser", "context", "page", "browser_type_launch_args"})
"""Les fixtures de pytest-playwright : un test qui en demande une ouvre Chromium."""


def _poids(item: pytest.Item) -> int:
    """L'ordre de départ d'un test (le plus lourd d'abord), d'après ce qu'il demande.

    3 : un test navigateur qui demande lui-même le site construit (il parcourt ses pages :
    les passes axe-core, chaque page ouverte, chaque feuille de style) ; 2 : un autre test
    navigateur, un carnet exécuté, une autre construction, pytest ou mypy relancés ; 1 : le reste.
    Les plus longs partent les premiers, les courts comblent la fin : les workers finissent ensemble.
    """
    fixtures = set(getattr(item, "fixturenames", ()))
    directes = set(inspect.signature(item.obj).parameters) if isinstance(item, pytest.Function) else set()
    if fixtures & FIXTURES_NAVIGATEUR and "site_construit" in directes:
        return 3
    if fixtures & FIXTURES_NAVIGATEUR or famille(item) in LOURDES:
        return 2
    return 1


LOURDES = {"autres constructions", "carnets (noyau Jupyter)", "pytest relancé (marqueurs)", "qualité (ruff, mypy)"}

PORTEES_PARTAGEES = frozenset({"module", "class", "package"})
"""Les portées d'une fixture que plusieurs tests d'un même fichier partagent (ni la session, ni le test seul)."""


def _module_partage(item: pytest.Item) -> str | None:
    """Le fichier du test s'il demande une fixture partagée par son module (`PORTEES_PARTAGEES`), sinon `None`.

    Une telle fixture (l'onglet du calculateur, Python chargé ; une roue construite) se défait dès que le worker
    passe à un test d'un autre fichier, et se refait sur chaque worker qui reçoit un test du fichier : ces tests
    vont ensemble à un seul worker (`xdist_group`), qui la met en place une fois."""
    definitions = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    if any(defs and defs[-1].scope in PORTEES_PARTAGEES for defs in definitions.values()):
        return item.nodeid.split("::")[0]
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Pose les marqueurs d'après ce que chaque test demande, pour que `-m` trie juste ; ordonne la suite.

    Un test qui demande le site construit (`site_construit`, même indirectement) est
    `site` ; un test qui demande un navigateur est `navigateur`. Ainsi
    `pytest -m "not site and not navigateur"` ne construit jamais le site et ne lance
    jamais Chromium, sans qu'aucun test ait à s'en souvenir. (`tryfirst` : avant le tri de `-m`.)

    Les tests d'un fichier qui partagent une fixture de son module vont ensemble au même worker
    (`_module_partage`), sauf s'ils ont déjà leur groupe (un parcours du site, par exemple).

    Puis les tests les plus lourds passent en tête (`_poids`, tri stable : l'ordre des fichiers
    est gardé à poids égal), ce que pytest-xdist (`--dist loadgroup --no-loadscope-reorder`) distribue
    dans cet ordre, un groupe à la place de son premier test.
    Chaque test porte sa famille (`scripts/mesures_tests.py`) pour le bilan de fin.
    """
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if "site_construit" in fixtures:
            item.add_marker(pytest.mark.site)
        if fixtures & FIXTURES_NAVIGATEUR:
            item.add_marker(pytest.mark.navigateur)
        module = _module_partage(item)
        if module is not None and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(f"module {module}"))
        item.user_properties.append(("famille", famille(item)))
    items.sort(key=_poids, reverse=True)


PLAN_MARQUEURS = "REGLES_PLAN_MARQUEURS"
"""Variable d'environnement : si elle nomme un fichier, chaque test que `-m` écarte y est noté (une ligne
JSON : son identifiant, ses marqueurs, ses fixtures). `tests/test_marqueurs.py` vérifie ainsi les deux
marqueurs sur ce qu'une seule collecte de `-m "not site and not navigateur"` écarte."""


def pytest_deselected(items: list[pytest.Item]) -> None:
    fichier = os.environ.get(PLAN_MARQUEURS)
    if not fichier:
        return
    with open(fichier, "a", encoding="utf-8") as f:
        for item in items:
            ligne = {
                "test": item.nodeid,
                "marqueurs": sorted({m.name for m in item.iter_markers()}),
                "fixtures": sorted(getattr(item, "fixturenames", ())),
            }
            f.write(json.dumps(ligne, ensure_ascii=False) + "\n")


WORKERS_PAR_COEUR = 2
"""Deux workers par cœur : la suite attend plus qu'elle ne calcule (Chromium, le pilote de Playwright,
le réseau local, un noyau qui démarre) ; un worker calcule pendant qu'un autre attend. Avec un worker
par cœur, sur 2 cœurs au repos, le temps processeur de la suite (user + sys) n'était qu'un tiers du
temps réel × 2 cœurs (`python -m scripts.mesures_tests`). Un Chromium par worker : quelques centaines
de Mo chacun."""

WORKERS_AU_PLUS = 8


def _rien_n_attend(config: pytest.Config) -> bool:
    """Vrai si `-m` écarte tout test qui attend : ceux qui construisent le site et ceux qui ouvrent Chromium
    (la boucle rapide, `-m "not site and not navigateur"`). Ce qui reste ne fait que calculer."""
    marqueurs = config.option.markexpr
    if not marqueurs:
        return False
    expression = Expression.compile(marqueurs)
    portes = ({"site"}, {"navigateur"}, {"site", "navigateur"})
    return not any(expression.evaluate(functools.partial(_porte, porte)) for porte in portes)


def _porte(marqueurs: set[str], nom: str, /, **_: object) -> bool:
    """Un test qui ne porte que `marqueurs`, tel que `-m` le lit (pour `Expression.evaluate`)."""
    return nom in marqueurs


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` : deux workers par cœur, quatre au moins, huit au plus ; un par cœur quand rien n'attend
    (`_rien_n_attend` : chaque worker de plus recollecte la suite pour rien). `PYTEST_XDIST_AUTO_NUM_WORKERS`
    l'emporte."""
    coeurs = os.cpu_count() or 1
    if _rien_n_attend(config):
        return min(WORKERS_AU_PLUS, coeurs)
    return min(WORKERS_AU_PLUS, max(4, WORKERS_PAR_COEUR * coeurs))


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        "Règles exécutables : chaque worker collecte la suite, le site se construit une fois (1 à 2 min sur un",
        "clone neuf), puis les plus longs d'abord (4 parcours du site, axe-core, carnets) : la barre avance par",
        "à-coups, ce n'est pas bloqué. Ce que fait la suite : CONTRIBUTING.md, « La suite de tests » ; sa durée :",
        "python -m scripts.mesures_tests. Un bilan suit.",
    ]


# ---------------------------------------------------------------- bilan de fin


@pytest.fixture
def bilan(request: pytest.FixtureRequest) -> Callable[[str, int], None]:
    """`bilan(quoi, combien)` : note ce que le test a vérifié, pour le bilan de fin de suite.

    Par exemple `bilan("axe-core : pages, mode clair, 1280 px", 47)`. Les comptes d'un même
    `quoi` s'additionnent d'un test à l'autre et d'un worker à l'autre.
    """

    def noter(quoi: str, combien: int) -> None:
        request.node.user_properties.append(("bilan", [quoi, combien]))

    return noter


class _Bilan:
    """Ce que le contrôleur (ou pytest seul) recueille des rapports de chaque test."""

    def __init__(self) -> None:
        self.comptes: Counter[str] = Counter()
        self.familles: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
        self.parcours: dict[str, list[str]] = defaultdict(list)
        """Chaque état parcouru (« clair, 1280 px ») : les tests qui en ont commencé un parcours."""

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        proprietes = dict((k, v) for k, v in report.user_properties if k == "famille")
        nom = proprietes.get("famille", "unitaires")
        self.familles[nom][1] += report.duration
        if report.when == "teardown":  # le dernier rapport d'un test porte tout ce qu'il a noté
            self.familles[nom][0] += 1
            for cle, valeur in report.user_properties:
                if cle == "bilan":
                    self.comptes[valeur[0]] += valeur[1]
                elif cle == PARCOURS_COMMENCE:
                    etat, worker = valeur
                    self.parcours[etat].append(f"{report.nodeid} ({worker})")

    def parcourus_plusieurs_fois(self) -> dict[str, list[str]]:
        """Les états parcourus plus d'une fois dans cette exécution, et les tests qui les ont commencés."""
        return {etat: tests for etat, tests in self.parcours.items() if len(tests) > 1}

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.familles:
            return
        terminalreporter.section("bilan de la suite", sep="-")
        if self.parcours:
            etats = ", ".join(f"{etat} ({len(tests)} fois)" for etat, tests in sorted(self.parcours.items()))
            terminalreporter.write_line(f"{len(self.parcours):>6}  parcours du site : {etats}")
        for quoi, combien in sorted(self.comptes.items()):
            terminalreporter.write_line(f"{combien:>6}  {quoi}")
        total = sum(int(n) for n, _ in self.familles.values())
        terminalreporter.write_line(f"{total:>6}  tests, par famille (temps cumulé des tests) :")
        for nom in FAMILLES:
            if nom in self.familles:
                n, secondes = self.familles[nom]
                terminalreporter.write_line(f"{int(n):>12}  {nom} ({secondes:.0f} s)")


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # le contrôleur de xdist, ou pytest sans xdist
        config.pluginmanager.register(_Bilan(), "regles-bilan")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Un état du site parcouru deux fois fait échouer la suite ; sous `CI=true`, un test sauté aussi.

    Avec pytest-xdist, ce crochet tourne sur le contrôleur, qui reçoit le rapport de chaque test
    de chaque worker : un parcours commencé ou un saut dans un worker est compté ici
    (`tests/test_parcours_une_fois.py` et `tests/test_marqueurs.py` le prouvent).
    """
    rapporteur = session.config.pluginmanager.get_plugin("terminalreporter")
    bilan = session.config.pluginmanager.get_plugin("regles-bilan")
    doubles = bilan.parcourus_plusieurs_fois() if isinstance(bilan, _Bilan) else {}
    if doubles:
        if rapporteur:
            for etat, tests in doubles.items():
                commences = "\n  ".join(tests)
                rapporteur.write_line(
                    f"Parcours {etat} fait {len(tests)} fois (une seule attendue) :\n  {commences}", red=True
                )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if not EN_CI:
        return
    sautes = rapporteur.stats.get("skipped", []) if rapporteur else []
    if sautes:
        if rapporteur:
            rapporteur.write_line(f"CI=true : {len(sautes)} test(s) sauté(s), ce qui est interdit en CI.", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
