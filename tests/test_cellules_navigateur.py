"""Les cellules dans un vrai navigateur : Chromium de Debian, piloté par Playwright.

- **Le navigateur est d'accord avec la construction** : chaque exemple
  exécutable du site, exécuté par Pyodide, affiche exactement la sortie que
  montre la page publiée (un seul runtime pour toutes les pages) ;
- un lecteur change les dés d'un exemple et lit le verdict des règles ; une
  erreur montre le message français du paquet ; « Arrêter » met fin à une
  cellule sans fin ; les cellules d'une page forment une session, dans
  l'ordre de la page ; rien ne se charge avant le premier « Exécuter » ;
- aucune requête hors de 127.0.0.1, aucune erreur de console, à 1280 et 375 px,
  en clair et en sombre ; ce qu'ajoutent les cellules passe axe-core ;
- sans npm, le site se construit quand même et « Exécuter » dit pourquoi.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tests.lecteur
from rules.warp import jet
from scripts.outils import servir
from tests.conftest import CHARGEMENT_PYODIDE_MS, EN_CI, RACINE, SiteConstruit
from tests.lecteur import executer, modifier, sortie
from tests.moteur import PAGE_REGLES, exiger_runtime, pages_avec_exemples
from tests.navigateur import AXE, BrowserContext, Page, expect
from tests.parcours import TELEPHONE
from tests.surveillance import Surveillance, ouvrir

pytestmark = pytest.mark.navigateur

BUREAU = {"width": 1280, "height": 900}
CHARGEMENT_MS = CHARGEMENT_PYODIDE_MS  # tests/conftest.py : le seul délai du chargement de Pyodide


# ---------------------------------------------------------------- le navigateur


contexte = tests.lecteur.contexte
"""Le téléphone du worker, surveillé, rendu propre après chaque test, l'instantané de Python gardé."""


def _lecteur(page: Page, adresse: str) -> Iterator[tuple[Page, Surveillance]]:
    """Une page de règles à 1280 px, surveillée (le contexte : la page et son worker Python) : erreurs de console,
    requêtes échouées ou hors de 127.0.0.1, jugées par `tests/surveillance.py` (un rechargement qui
    abandonne la favicon n'est pas un échec ; un fichier absent en est un)."""
    surveillance = Surveillance(page.context)  # le contexte voit aussi les requêtes du worker
    try:
        page.set_viewport_size(BUREAU)
        ouvrir(page, adresse + PAGE_REGLES)
        yield page, surveillance
        surveillance.verifier()
    finally:
        surveillance.detacher()


@pytest.fixture
def lecteur(contexte: BrowserContext, serveur_site: str) -> Iterator[tuple[Page, Surveillance]]:
    """Un lecteur qui revient (le téléphone du worker) : Python repart de l'instantané d'une visite d'avant."""
    yield from _lecteur(contexte.new_page(), serveur_site)


@pytest.fixture
def premiere_visite(
    page: Page, serveur_site: str, site_construit: SiteConstruit
) -> Iterator[tuple[Page, Surveillance]]:
    """Un lecteur qui vient pour la première fois (un contexte neuf) : Python démarre de zéro."""
    exiger_runtime(site_construit)
    yield from _lecteur(page, serveur_site)


DEPLACES = """(() => {
  // Chaque bloc publié (div.cellule) retiré du document pendant le chargement : le déplacer le remet en page.
  window.__deplaces = 0;
  new MutationObserver((liste) => {
    for (const m of liste) for (const n of m.removedNodes) if (n.nodeType === 1 && n.matches("div.cellule")) window.__deplaces++;
  }).observe(document, { childList: true, subtree: true });
})();"""


def test_chaque_cellule_a_sa_boite_sans_que_son_bloc_soit_deplace(page: Page, serveur_site: str) -> None:
    """La boîte et la barre sont écrites à la construction (hooks/cellules/cellules.py) : cellules.js les nomme et remplit
    la barre, sans retirer du document un bloc de code déjà mis en page (vu rouge avec l'ancien emboîtement)."""
    page.add_init_script(DEPLACES)
    ouvrir(page, serveur_site + "troisd6/scenes-majeures/")
    blocs = page.locator("div.cellule[data-cellule]").count()
    assert blocs > 10
    expect(page.locator(".cellule-boite[role=group][aria-label^='Exemple '] > div.cellule")).to_have_count(blocs)
    expect(page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)).to_be_visible()
    assert page.evaluate("window.__deplaces") == 0


def test_changer_les_des_d_un_exemple_donne_le_verdict_des_regles(lecteur: tuple[Page, Any]) -> None:
    page, surveillance = lecteur
    assert not any("/assets/pyodide/" in u or "cellules-worker" in u for u in surveillance.requetes), (
        "rien de lourd avant"
    )
    # Le premier exemple de la page : le bourrin (3d) lance (5, 3, 2). Le lecteur lance (6, 6, 1).
    code = "from rules.warp import jet\nr = jet(3, des=(6, 6, 1))\nr.total, r.critiques\nprint(r.explication)"
    modifier(page, 1, code)
    page.keyboard.press("Control+Enter")
    r = jet(3, des=(6, 6, 1))
    attendu = f">>> r.total, r.critiques\n{(r.total, r.critiques)!r}\n>>> print(r.explication)\n{r.explication}"
    expect(sortie(page, 1).locator("code")).to_contain_text(attendu, timeout=CHARGEMENT_MS)
    assert any("pyodide.asm.wasm" in u for u in surveillance.requetes), "le runtime vient du site"


def test_une_erreur_montre_le_message_francais_du_paquet(lecteur: tuple[Page, Any]) -> None:
    page, _ = lecteur
    modifier(page, 2, "print(jet(-1, des=()).explication)")
    executer(page, 2)
    with pytest.raises(ValueError) as attendue:
        jet(-1, des=())
    erreur = sortie(page, 2).locator(".cellule-erreur")
    expect(erreur).to_have_text(f"{type(attendue.value).__name__} : {attendue.value}")
    expect(sortie(page, 2)).not_to_contain_text("Traceback")


def _travailleurs(page: Page) -> list[Any]:
    """Les workers Python de la page (Material a aussi le sien, pour la recherche)."""
    return [w for w in page.workers if "cellules-worker" in w.url]


def test_arreter_met_fin_a_une_cellule_sans_fin(lecteur: tuple[Page, Any]) -> None:
    page, _ = lecteur
    executer(page, 1)  # Python chargé : l'arrêt porte bien sur l'exécution, pas sur le chargement
    modifier(page, 3, "while True:\n    pass")
    page.get_by_role("button", name="Exécuter l'exemple 3", exact=True).click()
    etat = page.get_by_role("group", name="Exemple 3", exact=True).get_by_role("status")
    expect(etat).to_have_text("Exécution…")
    page.wait_for_timeout(500)
    assert len(_travailleurs(page)) == 1
    page.get_by_role("button", name="Arrêter l'exécution de l'exemple 3", exact=True).click()
    expect(etat).to_contain_text("Exécution arrêtée")
    # Le worker qui bouclait est bien terminé (pas seulement oublié par la page).
    for _ in range(50):
        if not _travailleurs(page):
            break
        page.wait_for_timeout(100)
    assert not _travailleurs(page), "le worker qui boucle tourne encore"
    # La page reste vivante, et une session neuve exécute la suite (cellule 1 rejouée d'abord).
    executer(page, 2)
    expect(sortie(page, 2)).to_contain_text(jet(3, des=(4, 3, 2)).explication)


def test_les_cellules_d_une_page_forment_une_session_dans_l_ordre(lecteur: tuple[Page, Any]) -> None:
    page, _ = lecteur
    executer(page, 2)  # utilise `jet`, importé par la cellule 1, qui n'a pas été exécutée
    expect(sortie(page, 2)).to_contain_text(jet(3, des=(4, 3, 2)).explication)
    modifier(page, 1, "from rules.warp import jet\nmes_des = (6, 5, 4)")
    modifier(page, 3, "print(jet(3, des=mes_des).explication)")
    executer(page, 3)
    expect(sortie(page, 3)).to_contain_text(jet(3, des=(6, 5, 4)).explication)
    # Réinitialiser remet l'exemple publié et efface la sortie.
    page.get_by_role("button", name="Réinitialiser l'exemple 3", exact=True).click()
    expect(sortie(page, 3)).to_be_hidden()
    expect(page.get_by_role("group", name="Exemple 3", exact=True).locator("div.cellule")).to_contain_text(
        "random.Random(7)"
    )


PAS_DE_RECOMPILATION = """\
import sys
from pathlib import Path
import rules, rules.calculateur
bibliotheque = next(p for p in sys.path if p.endswith(".zip"))
origines = [getattr(getattr(m, "__spec__", None), "origin", None) or "" for m in list(sys.modules.values())]
en_source = sorted(o for o in origines if o.startswith(bibliotheque) and o.endswith(".py"))
pyc = list(Path(rules.__file__).parent.rglob("*.pyc"))
reecrits = sorted(str(p) for p in pyc if p.read_bytes()[4:8] != bytes([1, 0, 0, 0]))
print(len(pyc) > 20, en_source, reecrits)"""


def test_python_demarre_sans_recompiler_ce_qu_une_page_importe(premiere_visite: tuple[Page, Any]) -> None:
    """Le bytecode compilé à la construction sert : aucun module de la bibliothèque standard chargé depuis
    sa source, et aucun .pyc de `rules` réécrit (CPython le réécrirait, daté, s'il l'avait refusé). À la
    première visite : c'est elle qui importe (les suivantes repartent de son instantané)."""
    page, _ = premiere_visite
    modifier(page, 1, PAS_DE_RECOMPILATION)
    executer(page, 1)
    expect(sortie(page, 1).locator("code")).to_contain_text("True [] []")


@pytest.mark.parametrize("taille", [BUREAU, TELEPHONE], ids=["1280px", "375px"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_une_cellule_modifiee_et_executee_reste_propre(
    lecteur: tuple[Page, Any], taille: dict[str, int], theme: str
) -> None:
    page, _ = lecteur
    page.set_viewport_size(taille)
    page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
    ouvrir(page)
    modifier(page, 1, "from rules.warp import jet\n" + "print(jet(3, des=(6, 5, 4)).explication)\n" * 3)
    executer(page, 1)
    expect(sortie(page, 1)).to_contain_text(jet(3, des=(6, 5, 4)).explication)
    largeurs = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert largeurs[0] <= largeurs[1], f"la page déborde : {largeurs}"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_une_cellule_modifiee_executee_et_en_erreur_passe_axe(lecteur: tuple[Page, Any], theme: str) -> None:
    """Ce que les cellules ajoutent (boutons, éditeur, état, sortie, erreur) n'a aucune violation axe-core.

    Le bloc publié, coloré par Pygments et Material, est exclu : il est là avant les cellules.
    """
    if not AXE.is_file():
        if EN_CI:
            pytest.fail(f"{AXE} absent : npm ci n'a pas installé axe-core")
        pytest.skip(f"{AXE} absent")
    page, _ = lecteur
    page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
    ouvrir(page)
    modifier(page, 1, "from rules.warp import jet\nprint(jet(3, des=(6, 6, 1)).explication)\njet(-1)")
    executer(page, 1)
    expect(sortie(page, 1).locator(".cellule-erreur")).to_be_visible()
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => (await axe.run(
            {include: [".cellule-boite"], exclude: [".cellule-boite > div.cellule"]},
            {resultTypes: ["violations"]})).violations
          .map(v => v.id + " : " + v.nodes.map(n => n.target.join(" ")).slice(0, 3).join(", "))"""
    )
    assert not violations, violations


_ACCORD = """async (adresses) => {
  const rapport = {cellules: 0, hors: [], desaccords: []};
  for (const adresse of adresses) {
    const doc = new DOMParser().parseFromString(await (await fetch(adresse)).text(), "text/html");
    const precedentes = [];
    for (const bloc of doc.querySelectorAll("div.cellule[data-cellule]")) {
      if (bloc.dataset.horsNavigateur) { rapport.hors.push(adresse); continue; }
      const publie = window.cellules.analyser(bloc.querySelector("pre > code").textContent);
      const r = await window.cellules.executer([...precedentes], publie.source);
      precedentes.push(publie.source);
      rapport.cellules++;
      const obtenu = r.etapes.map((e) => e.sortie).join("");
      if (r.erreur || obtenu !== publie.sortie) {
        rapport.desaccords.push({adresse, rang: bloc.dataset.cellule, attendu: publie.sortie, obtenu, erreur: r.erreur});
      }
    }
  }
  return rapport;
}"""


def test_le_navigateur_est_d_accord_avec_la_construction(
    lecteur: tuple[Page, Any], serveur_site: str, site_construit: SiteConstruit, bilan: Callable[[str, int], None]
) -> None:
    """Chaque exemple exécutable du site, exécuté par Pyodide, affiche exactement ce que la page publiée montre.

    Un seul runtime pour tout le site : la page de test lit chaque page publiée (HTML), en
    extrait les exemples avec l'analyseur même des cellules et les exécute dans l'ordre de la
    page, une session par page.
    """
    page, _ = lecteur
    adresses = [
        serveur_site + a
        for a in site_construit.adresses()
        if not a.endswith(".html") and a != "imprimer/"  # elle réunit les pages de règles : mêmes exemples
    ]
    page.set_default_timeout(0)
    rapport = page.evaluate(_ACCORD, adresses)
    attendues = sum(pages_avec_exemples().values())  # la page imprimable, sautée, n'a pas d'exemple à elle
    bilan("exemples du site rejoués par Pyodide dans le navigateur", rapport["cellules"])
    assert rapport["cellules"] == attendues, "chaque exemple exécutable du site est exécuté"
    assert rapport["hors"] == [], "chaque exemple du site s'exécute dans le navigateur"
    assert not rapport["desaccords"], "\n\n".join(
        f"{d['adresse']} exemple {d['rang']} :\n--- page\n{d['attendu']}--- navigateur\n{d['obtenu']}{d['erreur'] or ''}"
        for d in rapport["desaccords"]
    )


# ---------------------------------------------------------------- sans runtime


@pytest.fixture(scope="module")
def site_sans_npm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Le dépôt copié sans node_modules, construit avec un PATH où npm n'est pas : la machine sans npm."""
    copie = tmp_path_factory.mktemp("sans-npm") / "depot"
    motifs = shutil.ignore_patterns(
        "node_modules", ".git", "__pycache__", ".*_cache", "captures", ".venv", "build", "dist", ".hypothesis"
    )

    def ignorer(dossier: str, noms: list[str]) -> set[str]:
        # Le site construit (site/) à la racine seulement : hooks/site/ est du code, il se copie.
        return set(motifs(dossier, noms)) | ({"site"} if Path(dossier) == RACINE else set())

    shutil.copytree(RACINE, copie, ignore=ignorer)
    site = copie / "site"
    chemin = os.pathsep.join(d for d in os.environ.get("PATH", "").split(os.pathsep) if not (Path(d) / "npm").exists())
    assert shutil.which("npm", path=chemin) is None
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(copie), "PATH": chemin}
    commande = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    proc = subprocess.run(commande, cwd=copie, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Pyodide indisponible (npm est introuvable" in proc.stderr
    return site


def test_sans_npm_le_site_se_construit_et_executer_dit_pourquoi(page: Page, site_sans_npm: Path) -> None:
    assert not (site_sans_npm / "assets" / "pyodide").exists()
    with servir(site_sans_npm) as adresse:
        ouvrir(page, adresse + PAGE_REGLES)
        expect(page.locator("div.cellule").first).to_contain_text("jet(3, des=(5, 3, 2))")
        page.get_by_role("button", name="Exécuter l'exemple 1", exact=True).click()
        etat = page.get_by_role("group", name="Exemple 1", exact=True).get_by_role("status")
        expect(etat).to_contain_text("Exécution indisponible ici : npm est introuvable")
