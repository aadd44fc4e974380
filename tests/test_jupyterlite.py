"""Chaque carnet s'ouvre dans JupyterLite, servi par le site lui-même, et y redit la page.

Sans navigateur : le site construit sert JupyterLite sous `jupyter/`, son noyau
charge le Pyodide du site et les seules roues du lock réduit (chacune avec
l'empreinte épinglée, la roue de `rules` faite de la source même du dépôt),
jamais PyPI ni un CDN ; chaque carnet est indexé ; chaque page y mène.

Dans Chromium, toute requête vers un autre hôte interceptée et refusée (et
comptée : il n'en faut aucune ; un témoin prouve que celles du noyau, dans son
travailleur, sont bien interceptées) : le carnet d'une page WaRP et d'une page
3D6 s'ouvre depuis le lien de la page, le noyau démarre, « Exécuter tout »
tourne, et les sorties — exemples et tableaux de chances — sont celles de la
page publiée. Hors ligne, après une ouverture : le carnet se recharge et
s'exécute encore.
"""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hooks.carnets import carnets, jupyterlite, traductions
from tests.conftest import EN_CI, RACINE, SiteConstruit
from tests.sorties import html_de_la_page, sorties_de_la_page, texte_des_sorties

try:
    from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
except ImportError:  # l'extra « browser » n'est pas installé : seuls les tests sans navigateur tournent
    if EN_CI:
        raise


PAGES = ["warp/jets-simples.md", "troisd6/jets.md"]
"""Une page WaRP (tableaux en onglets) et une page 3D6 (tableau et graphiques en onglets)."""

NOYAU_MS = 240_000
"""Le noyau charge Pyodide et ses roues : quelques secondes, bien plus sur une machine chargée."""


def _lite(site: SiteConstruit) -> Path:
    dossier = site.dossier / jupyterlite.DOSSIER
    if not (dossier / "jupyter-lite.json").is_file():
        message = "JupyterLite n'est pas dans le site construit (voir « Carnets : JupyterLite indisponible »)"
        if EN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return dossier


def _reglages_du_noyau(lite: Path) -> dict[str, Any]:
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    reglages: dict[str, Any] = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    return {**reglages, "_config": config}


def _normal(nom: str) -> str:
    return re.sub(r"[-_.]+", "-", nom).lower()


# ---------------------------------------------------------------- sans navigateur


def test_le_noyau_charge_le_pyodide_du_site_et_jamais_pypi(site_construit: SiteConstruit) -> None:
    lite = _lite(site_construit)
    reglages = _reglages_du_noyau(lite)
    pyodide = (lite / reglages["pyodideUrl"].removeprefix("./")).resolve()
    assert pyodide.is_file() and pyodide.parent.parent.name == "pyodide", pyodide
    assert pyodide.parent.parent.parent == (site_construit.dossier / "assets").resolve(), "un seul Pyodide dans le site"
    assert reglages["disablePyPIFallback"] is True
    assert reglages["loadPyodideOptions"]["packages"] == [jupyterlite.PAQUET]
    assert "@jupyterlite/application-extension:service-worker-manager" in reglages["_config"]["disabledExtensions"]
    for fichier in [lite / "jupyter-lite.json", lite / "static" / "roues" / "pyodide-lock.json"]:
        adresses = re.findall(r"https?://[^\"' ]+", fichier.read_text(encoding="utf-8"))
        assert adresses == [], f"{fichier.name} mène hors du site : {adresses}"


def test_chaque_roue_du_lock_est_servie_avec_l_empreinte_epinglee(site_construit: SiteConstruit) -> None:
    roues = _lite(site_construit) / "static" / "roues"
    lock = json.loads((roues / "pyodide-lock.json").read_text(encoding="utf-8"))
    epinglees = {
        e.nom: e for e in jupyterlite.epingles((RACINE / "hooks" / "carnets" / "roues_jupyterlite.txt").read_text())
    }
    vus = set()
    for cle, paquet in lock["packages"].items():
        roue = roues / paquet["file_name"]
        assert hashlib.sha256(roue.read_bytes()).hexdigest() == paquet["sha256"], cle
        for dependance in paquet["depends"]:  # Pyodide cherche une dépendance sous son nom normalisé
            assert _normal(dependance) in map(_normal, lock["packages"]), (
                f"{cle} dépend de {dependance}, absent du lock"
            )
        nom = _normal(paquet["name"])
        if nom != jupyterlite.PAQUET:
            assert (paquet["version"], paquet["sha256"]) == (epinglees[nom].version, epinglees[nom].sha256), nom
        vus.add(nom)
    assert vus == {*epinglees, jupyterlite.PAQUET}
    assert {"micropip", "ipython", "jedi", "comm"} <= vus, "ce que le noyau charge à son démarrage"


def test_la_roue_de_rules_est_la_source_meme_du_depot(site_construit: SiteConstruit) -> None:
    roue = next((_lite(site_construit) / "static" / "roues").glob("regles_executables-*.whl"))
    with zipfile.ZipFile(roue) as archive:
        dans_la_roue = {n: archive.read(n) for n in archive.namelist() if n.startswith("rules/")}
    sources = {
        f.relative_to(RACINE).as_posix(): f.read_bytes()
        for f in sorted((RACINE / "rules").rglob("*"))
        if f.is_file() and f.suffix in {".py", ".typed"} and "__pycache__" not in f.parts
    }
    assert dans_la_roue == sources


def test_chaque_carnet_est_indexe_pour_jupyterlite(site_construit: SiteConstruit) -> None:
    lite = _lite(site_construit)
    fichiers = lite / "files"
    indexes = set()
    for index in (lite / "api" / "contents").rglob("all.json"):
        for entree in json.loads(index.read_text(encoding="utf-8"))["content"]:
            assert (fichiers / entree["path"]).exists(), entree["path"]
            if entree["type"] == "notebook":
                indexes.add(entree["path"])
    publies = {f.relative_to(fichiers).as_posix() for f in fichiers.rglob("*.ipynb")}
    assert publies and indexes == publies


def test_l_interface_est_en_francais_et_tout_executer_est_dans_la_barre_d_outils(site_construit: SiteConstruit) -> None:
    """Le paquet fr-FR (JupyterLab 4.5) corrigé pour ce JupyterLab 4.6 (hooks/carnets/traductions.py) : le bouton
    « copier » disait « Couper cette cellule » ; « Tout exécuter » est un bouton de la barre d'outils (les menus
    ignorent les touchers d'un téléphone) ; les pages de JupyterLite sont en français avant même de se charger,
    et portent le script du site (hors ligne, barre d'outils au doigt)."""
    lite = _lite(site_construit)
    fr = json.loads((lite / "api" / "translations" / "fr-FR.json").read_text(encoding="utf-8"))["data"]
    assert fr["jupyterlab"]["Copy this cell"][0] == "Copier cette cellule"
    assert fr["jupyterlab"]["Cut this cell"][0] == "Couper cette cellule"
    assert all(fr[d][cle] == v for d, corrections in traductions.CORRECTIONS.items() for cle, v in corrections.items())
    reglages = json.loads((lite / "overrides.json").read_text(encoding="utf-8"))
    assert reglages["@jupyterlab/translation-extension:plugin"]["locale"] == "fr-FR"
    barre = reglages["@jupyterlab/notebook-extension:panel"]["toolbar"]
    assert {"name": "tout-executer", "command": "notebook:run-all-cells", "label": "Tout exécuter"}.items() <= barre[
        0
    ].items()
    for page in ("notebooks", "tree"):
        html = (lite / page / "index.html").read_text(encoding="utf-8")
        assert '<html lang="fr">' in html and "Loading JupyterLite" not in html, page
        assert f'<script src="../../{jupyterlite.SCRIPT_A_LA_TABLE}" defer></script>' in html, page
    assert (site_construit.dossier / jupyterlite.SCRIPT_A_LA_TABLE).is_file()


@pytest.mark.parametrize("page_md", PAGES)
def test_la_page_ouvre_son_carnet_dans_jupyter_et_dit_ce_qu_il_telecharge(
    site_construit: SiteConstruit, page_md: str
) -> None:
    _lite(site_construit)
    page = html_de_la_page(site_construit, page_md)
    lien = re.search(r'<a class="carnet-jupyter" href="([^"]+)">Ouvrir dans Jupyter</a>', page)
    assert lien, "la page mène à son carnet dans Jupyter"
    profondeur = page_md.count("/") + 1
    attendu = "../" * profondeur + jupyterlite.adresse_du_carnet(carnets.chemin_du_carnet(page_md))
    assert lien[1].replace("&amp;", "&") == attendu
    assert re.search(r"au plus \d+\xa0Mo la première fois", page), "la page dit ce qu'ouvrir Jupyter télécharge"


# ---------------------------------------------------------------- dans Chromium


class Hote:
    """Refuse toute requête vers un autre hôte que le site, et les compte (le témoin en exige une)."""

    def __init__(self, adresse: str) -> None:
        self.adresse = adresse
        self.refusees: list[str] = []

    def __call__(self, route: Route) -> None:
        if route.request.url.startswith(self.adresse):
            route.continue_()
        else:
            self.refusees.append(route.request.url)
            route.abort()


def attendre_le_carnet(page: Page) -> None:
    """Attend que le carnet ouvert soit lu (son contenu chargé, du site ou de la copie du navigateur)."""
    page.wait_for_function(
        "() => window.jupyterapp && jupyterapp.shell.currentWidget && jupyterapp.shell.currentWidget.sessionContext",
        timeout=NOYAU_MS,
    )
    page.evaluate("async () => { await jupyterapp.shell.currentWidget.context.ready; }")


NOYAU_PRET = """async () => {
    const w = jupyterapp.shell.currentWidget;
    await w.sessionContext.ready;
    await w.sessionContext.session.kernel.requestExecute({code: 'pass', silent: true}).done;
}"""
"""Le noyau est prêt quand il a exécuté du code : Pyodide et ses roues chargés (`kernel_info` répond avant)."""


def attendre_le_noyau(page: Page) -> None:
    """Attend que le carnet ouvert ait un noyau prêt : il a exécuté une première instruction."""
    attendre_le_carnet(page)
    page.evaluate(NOYAU_PRET)


def executer_tout(page: Page) -> list[dict[str, Any]]:
    """« Exécuter tout », puis les cellules de code (étiquettes et sorties) une fois le noyau de nouveau libre."""
    page.evaluate(
        """() => { for (const c of jupyterapp.shell.currentWidget.content.widgets) {
            if (c.model.type === 'code') c.model.executionCount = null; } }"""
    )
    page.evaluate("() => jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """() => { const w = jupyterapp.shell.currentWidget;
            const code = w.content.widgets.filter(c => c.model.type === 'code');
            return code.every(c => c.model.executionCount !== null) && w.sessionContext.session.kernel.status === 'idle'; }""",
        timeout=NOYAU_MS,
    )
    cellules: list[dict[str, Any]] = page.evaluate(
        """() => jupyterapp.shell.currentWidget.content.widgets.filter(c => c.model.type === 'code').map(c => ({
            tags: c.model.getMetadata('tags') || [], outputs: c.model.outputs.toJSON() }))"""
    )
    return cellules


def ouvrir_le_panneau_du_carnet(page: Page) -> None:
    """Le bouton du carnet, à droite du titre, ouvre son panneau : « Ouvrir dans Jupyter », « Télécharger »."""
    page.get_by_role("button", name="Carnet Jupyter de cette page").click()
    expect(page.locator(".carnet-note")).to_be_visible()


_TABLEAUX_JS = """(racine) => [...document.querySelectorAll(racine + ' table')].map(t =>
    [...t.querySelectorAll('tr')].map(r => [...r.querySelectorAll('th,td')].map(c => c.textContent.trim())))"""


@pytest.fixture
def hote(context: BrowserContext, serveur_site: str) -> Iterator[Hote]:
    filtre = Hote(serveur_site)
    context.route("**/*", filtre)
    yield filtre


@pytest.mark.parametrize("page_md", PAGES)
def test_le_carnet_s_execute_dans_jupyterlite_et_redit_la_page(
    site_construit: SiteConstruit, serveur_site: str, page: Page, hote: Hote, page_md: str
) -> None:
    _lite(site_construit)
    chemin = page_md.removesuffix(".md") + "/"
    page.goto(serveur_site + chemin)
    tableaux_de_la_page = page.evaluate(_TABLEAUX_JS, "article")
    ouvrir_le_panneau_du_carnet(page)
    annonce = re.search(r"au plus (\d+)\xa0Mo", page.inner_text(".carnet-note"))
    assert annonce
    finies: list[Any] = []
    page.context.on("requestfinished", lambda requete: finies.append(requete))
    page.click("a.carnet-jupyter")
    attendre_le_noyau(page)
    page.wait_for_timeout(2000)  # les derniers événements « requestfinished » (ceux du travailleur) arrivent
    octets = sum(r.sizes()["responseBodySize"] for r in list(finies))
    # Pyodide seul pèse plus de 10 Mo : moins, ce serait mal compter (les requêtes du travailleur oubliées).
    assert 10e6 < octets <= int(annonce[1]) * 1e6, f"la page annonce au plus {annonce[1]} Mo : {octets} octets"
    cellules = executer_tout(page)

    erreurs = [o for c in cellules for o in c["outputs"] if o["output_type"] == "error"]
    assert erreurs == []
    exemples = [texte_des_sorties(c["outputs"]) for c in cellules if "exemple" in c["tags"]]
    assert exemples == sorties_de_la_page(html_de_la_page(site_construit, page_md)), "les exemples redisent la page"
    calculs = [c for c in cellules if "calcul-de-la-page" in c["tags"]]
    assert calculs and all(c["outputs"] for c in calculs)
    # Les tableaux que montre le carnet une fois exécuté (prose et tableaux de chances) sont ceux de la page.
    page.wait_for_function(
        f"() => document.querySelectorAll('.jp-Notebook table').length >= {len(tableaux_de_la_page)}",
        timeout=60_000,
    )
    assert page.evaluate(_TABLEAUX_JS, ".jp-Notebook") == tableaux_de_la_page
    assert hote.refusees == [], "aucune requête hors du site ne doit être nécessaire"
    origine = page.evaluate(
        """async () => { const k = jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            let texte = '';
            const f = k.requestExecute({code: 'import rules\\nprint(rules.__file__)'});
            f.onIOPub = (m) => { if (m.header.msg_type === 'stream') texte += m.content.text; };
            await f.done; return texte; }"""
    )
    assert "/site-packages/rules/" in origine, f"rules vient de la roue du site, pas du carnet : {origine}"

    # Le témoin : une requête du noyau (dans son travailleur) vers un autre hôte est bien interceptée.
    page.evaluate(
        """async () => { const k = jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            await k.requestExecute({code: 'import js\\ntry:\\n    await js.fetch("http://hors-du-site.invalid/")\\nexcept Exception:\\n    pass'}).done; }"""
    )
    assert hote.refusees == ["http://hors-du-site.invalid/"]


def test_le_carnet_publie_se_retrouve_apres_une_copie_modifiee(
    site_construit: SiteConstruit, serveur_site: str, page: Page
) -> None:
    """Ce que dit la page : vos modifications restent dans le navigateur ; supprimer sa copie rend le carnet publié."""
    _lite(site_construit)
    page.goto(serveur_site + jupyterlite.adresse_du_carnet(carnets.chemin_du_carnet("warp/jets-simples.md")))
    attendre_le_carnet(page)
    lire = "() => jupyterapp.shell.currentWidget.content.widgets[0].model.sharedModel.getSource()"
    publie = page.evaluate(lire)
    page.evaluate(
        """async () => { const w = jupyterapp.shell.currentWidget;
            w.content.widgets[0].model.sharedModel.setSource('Ma copie');
            await w.context.save(); }"""
    )
    page.reload()
    attendre_le_carnet(page)
    assert page.evaluate(lire) == "Ma copie", "la copie modifiée reste dans ce navigateur"
    page.evaluate(
        """async () => { await jupyterapp.serviceManager.contents.delete(
            jupyterapp.shell.currentWidget.context.path); }"""
    )
    page.reload()
    attendre_le_carnet(page)
    assert page.evaluate(lire) == publie, "sans la copie, le carnet publié reparaît"


@pytest.fixture
def contexte_hors_ligne(browser: Browser) -> Iterator[BrowserContext]:
    """Un contexte où le service worker du site est permis (conftest le bloque pour les autres tests)."""
    contexte = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    yield contexte
    contexte.close()


def test_apres_une_ouverture_jupyterlite_marche_hors_ligne(
    site_construit: SiteConstruit, serveur_site: str, contexte_hors_ligne: BrowserContext
) -> None:
    _lite(site_construit)
    page = contexte_hors_ligne.new_page()
    page.goto(serveur_site + "warp/jets-simples/")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    ouvrir_le_panneau_du_carnet(page)
    page.click("a.carnet-jupyter")
    attendre_le_noyau(page)
    assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == serveur_site + "service-worker.js"

    contexte_hors_ligne.set_offline(True)
    page.reload(wait_until="load")
    attendre_le_noyau(page)
    sortie = page.evaluate(
        """async () => { const k = jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            let texte = '';
            const f = k.requestExecute({code: 'from rules.warp import jet\\nprint(jet(3, des=(5, 3, 2)).resultat.value)'});
            f.onIOPub = (m) => { if (m.header.msg_type === 'stream') texte += m.content.text; };
            await f.done; return texte; }"""
    )
    assert sortie == "Réussite\n"


# ---------------------------------------------------------------- sur un téléphone, à la table

TELEPHONE = {"width": 375, "height": 812}

ANGLAIS_DE_L_INTERFACE = """(phrases) => {
  // Chaque titre, nom et texte de l'interface (hors du contenu des cellules) qui est une phrase anglaise que le
  // catalogue traduit autrement : JupyterLab l'a écrite sans son traducteur.
  const vus = new Set();
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('.cm-editor, .jp-OutputArea, .jp-RenderedHTMLCommon, .jp-DirListing-content')) continue;
    for (const a of ['title', 'aria-label']) { const v = e.getAttribute(a); if (v) vus.add(v); }
    if (!e.children.length && !e.closest('.jp-Cell')) { const t = (e.textContent || '').trim(); if (t) vus.add(t); }
  }
  return [...vus].filter((v) => phrases.includes(v.replace(/\\s*\\([^)]*\\)$/, '')));
}"""


def _phrases_traduites(lite: Path) -> list[str]:
    """Les phrases anglaises du catalogue fr-FR (corrigé) qui ont une autre traduction qu'elles-mêmes."""
    fr = json.loads((lite / "api" / "translations" / "fr-FR.json").read_text(encoding="utf-8"))["data"]
    return sorted(
        {cle for d in fr.values() for cle, v in d.items() if cle and isinstance(v, list) and v and v[0] != cle}
    )


def test_sur_un_telephone_tout_executer_se_touche_et_l_interface_est_en_francais(
    site_construit: SiteConstruit, serveur_site: str, browser: Browser
) -> None:
    """À 375 px, au doigt : « Tout exécuter » est en tête de la barre d'outils, 44 px de haut au moins, et un
    toucher exécute chaque cellule du carnet sans erreur ; le bouton « copier » se dit « Copier cette cellule » ;
    aucune phrase de l'interface n'est restée en anglais (« More commands », « No Kernel », « Cell Type »)."""
    lite = _lite(site_construit)
    contexte = browser.new_context(viewport=TELEPHONE, has_touch=True, is_mobile=True, service_workers="block")
    try:
        page = contexte.new_page()
        page.goto(serveur_site + jupyterlite.adresse_du_carnet(carnets.chemin_du_carnet("warp/jets-simples.md")))
        attendre_le_noyau(page)
        bouton = page.locator(".jp-NotebookPanel-toolbar [data-jp-item-name='tout-executer']")
        expect(bouton).to_contain_text("Tout exécuter")
        boite = bouton.bounding_box()
        assert boite and boite["height"] >= 44 and boite["x"] + boite["width"] <= TELEPHONE["width"], boite
        copier = page.locator(".jp-NotebookPanel-toolbar [data-jp-item-name='copy'] [title]").first
        assert (copier.get_attribute("title") or "").startswith("Copier cette cellule")
        page.evaluate(
            """() => { for (const c of jupyterapp.shell.currentWidget.content.widgets) {
                if (c.model.type === 'code') c.model.executionCount = null; } }"""
        )
        bouton.tap()
        page.wait_for_function(
            """() => { const w = jupyterapp.shell.currentWidget;
                const code = w.content.widgets.filter(c => c.model.type === 'code');
                return code.every(c => c.model.executionCount !== null) && w.sessionContext.session.kernel.status === 'idle'; }""",
            timeout=NOYAU_MS,
        )
        erreurs = page.evaluate(
            """() => jupyterapp.shell.currentWidget.content.widgets.filter(c => c.model.type === 'code')
                 .flatMap(c => c.model.outputs.toJSON()).filter(o => o.output_type === 'error')"""
        )
        assert erreurs == []
        assert page.evaluate(ANGLAIS_DE_L_INTERFACE, _phrases_traduites(lite)) == []
    finally:
        contexte.close()


def test_un_carnet_ouvert_seul_marche_ensuite_hors_ligne(
    site_construit: SiteConstruit, serveur_site: str, contexte_hors_ligne: BrowserContext
) -> None:
    """Un lien partagé vers un carnet, ouvert sans passer par une page du site : la page s'inscrit auprès du
    service worker du site, qui garde le carnet et, son noyau prêt, ce que le noyau a chargé. Réseau coupé, il
    se rouvre en français et s'exécute ; un carnet jamais ouvert, un noyau qui n'est pas gardé : un bandeau
    français le dit (JupyterLite le disait en anglais, ou pas du tout)."""
    _lite(site_construit)
    page = contexte_hors_ligne.new_page()
    page.goto(serveur_site + jupyterlite.adresse_du_carnet(carnets.chemin_du_carnet("warp/jets-simples.md")))
    attendre_le_noyau(page)
    assert page.evaluate("() => window.jupyterALaTable.garde") is True

    contexte_hors_ligne.set_offline(True)
    page.reload(wait_until="load")
    attendre_le_noyau(page)
    sortie = page.evaluate(
        """async () => { const k = jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            let texte = '';
            const f = k.requestExecute({code: 'from rules.warp import jet\\nprint(jet(3, des=(6, 5, 2)).resultat.value)'});
            f.onIOPub = (m) => { if (m.header.msg_type === 'stream') texte += m.content.text; };
            await f.done; return texte; }"""
    )
    assert sortie == "Magistrale\n"
    expect(page.locator(".lm-MenuBar-itemLabel").first).to_have_text("Fichier")
    assert page.locator(".regles-bandeau").count() == 0

    # Un autre carnet, jamais ouvert : l'application est là (la même page), pas lui ; un bandeau le dit.
    jamais = jupyterlite.adresse_du_carnet(carnets.chemin_du_carnet("troisd6/scenes-majeures.md"))
    page.goto(serveur_site + jamais, wait_until="load")
    expect(page.get_by_role("alert").filter(has_text="Hors ligne, ce carnet ne s'ouvre pas")).to_be_visible()
    # Le noyau retiré du cache du service worker : le bandeau dit qu'il manque.
    page.evaluate(
        """async () => { for (const nom of await caches.keys()) { const c = await caches.open(nom);
             for (const r of await c.keys()) if (r.url.includes('/pyodide.asm.wasm?')) await c.delete(r); } }"""
    )
    page.goto(serveur_site + jupyterlite.adresse_du_carnet(carnets.chemin_du_carnet("warp/jets-simples.md")))
    expect(page.get_by_role("alert").filter(has_text="ne peut pas démarrer son noyau Python")).to_be_visible()
