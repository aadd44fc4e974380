"""Le site à la table, sans réseau, dans Chromium : une première visite suffit, comme l'accueil le promet.

Une première visite garde le site d'elle-même (pages, recherche, glossaire, version
imprimable), une fois la page au repos, sans rien télécharger deux fois ; le pied de
page le dit, et « Garder le site hors ligne » y ajoute Python ; un navigateur qui
économise les données ne garde rien d'office et le pied de page dit ce que ça coûte.
Réseau coupé (`context.set_offline(True)`) : chaque page, la recherche, les
définitions du glossaire, la version imprimable marchent ; une page pas encore
gardée (ou une adresse inconnue) mène à la page du site « Pas de réseau pour cette
page », jamais à l'erreur du navigateur ; une page publiée de nouveau est reprise par le service worker, qui
ne retélécharge que ce qui a changé ; le runtime Python (`assets/pyodide/`)
n'entre au cache qu'à l'usage ; rien d'un autre hôte n'y entre jamais ;
le Python du navigateur, chargé une fois, s'exécute encore hors ligne ;
Chromium juge le site installable. Les autres tests navigateur n'ont pas de
service worker (conftest le bloque).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.moteur import PAGE_REGLES, exiger_runtime
from tests.navigateur import Browser, BrowserContext, BrowserType, Page, PlaywrightTimeoutError, expect
from tests.publication import listes_publiees, publier, servir_en_notant, version_publiee
from tests.surveillance import monter_material

BUREAU = {"width": 1280, "height": 900}
CHARGEMENT_MS = CHARGEMENT_PYODIDE_MS  # tests/conftest.py : le seul délai du chargement de Pyodide

PAGES_HORS_LIGNE = [
    "",
    "warp/jets-simples/",
    "troisd6/scenes-majeures/",
    "glossaire/",
    "aide-memoire/warp/",
    "imprimer/",
    "reference/warp-jets/",
]
"""Des pages de chaque sorte : accueil, règles, glossaire, aide-mémoire, version imprimable, référence."""


@pytest.fixture
def copie_du_site(site_construit: SiteConstruit, tmp_path: Path) -> Path:
    """Une copie du site construit, qu'un test peut « publier de nouveau » sans gêner les autres."""
    return Path(shutil.copytree(site_construit.dossier, tmp_path / "site"))


@pytest.fixture
def contexte(browser: Browser) -> Iterator[BrowserContext]:
    """Un contexte où les service workers sont permis (conftest les bloque pour les autres tests)."""
    contexte = browser.new_context(viewport=BUREAU, service_workers="allow")
    yield contexte
    contexte.close()


def _attendre_le_service_worker(page: Page) -> str:
    """Attend que le service worker ait tout mis en cache et contrôle la page ; donne sa version."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    return _version_active(page)


SUIVRE_LA_MISE_A_JOUR = """async () => {
  // Chaque étape du nouveau service worker (diagnostic d'un échec) et le changement de contrôleur, notés par
  // la page seule : rien n'est demandé à l'ancien worker pendant qu'il cède la place.
  window.__etapes = [];
  navigator.serviceWorker.addEventListener("controllerchange", () => window.__etapes.push("controllerchange"));
  const inscription = await navigator.serviceWorker.getRegistration();
  inscription.addEventListener("updatefound", () => {
    const nouveau = inscription.installing;
    window.__etapes.push("updatefound");
    nouveau.addEventListener("statechange", () => window.__etapes.push(nouveau.state));
  });
  await inscription.update();
}"""
"""Demande au navigateur de revérifier le service worker, en notant dans la page chaque étape du nouveau."""

ETAT_DE_L_INSCRIPTION = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  const etat = w => (w ? w.state : null);
  return {etapes: window.__etapes, installing: etat(r.installing), waiting: etat(r.waiting), active: etat(r.active)};
}"""


def _attendre_la_version(page: Page, version: str) -> None:
    """Après `SUIVRE_LA_MISE_A_JOUR` : attend que le nouveau service worker contrôle la page, puis lit sa version.

    Le nouveau service worker revérifie tout ce que le lecteur a gardé avant de prendre la main :
    sous charge (la suite entière sur deux cœurs), plus de 60 s. Le délai est celui des chargements
    longs de la suite (`CHARGEMENT_PYODIDE_MS`). L'attente lit ce que la page a noté (`controllerchange`)
    sans écrire à l'ancien worker : un message toutes les 200 ms lui donnait toujours une tâche en cours,
    et Chromium n'active le nouveau qu'une fois l'ancien sans tâche. Un échec dit les étapes vues."""
    try:
        page.wait_for_function("() => window.__etapes.includes('controllerchange')", timeout=CHARGEMENT_MS)
    except PlaywrightTimeoutError as erreur:  # le délai passé : où le nouveau service worker s'est arrêté
        etat = page.evaluate(ETAT_DE_L_INSCRIPTION)
        raise AssertionError(
            f"le service worker n'est pas passé à la version {version} en {CHARGEMENT_MS // 1000} s : {etat}"
        ) from erreur
    assert _version_active(page) == version


def _version_active(page: Page) -> str:
    return str(
        page.evaluate(
            """() => new Promise(fin => {
                 const canal = new MessageChannel();
                 canal.port1.onmessage = e => fin(e.data);
                 navigator.serviceWorker.controller.postMessage("version", [canal.port2]);
               })"""
        )
    )


def _garder(page: Page, python: bool = False) -> None:
    """Attend que le site se soit gardé de lui-même (la première visite) ; avec `python`, le lecteur coche Python
    et appuie sur « Garder le site hors ligne », puis attend la fin."""
    groupe = page.get_by_role("group", name="Hors ligne")
    expect(groupe.get_by_role("status")).to_contain_text("Le site est gardé hors ligne", timeout=120_000)
    if python:
        # Material monté d'abord (au premier geste, il l'est au milieu du clic : vu manqué sous charge).
        monter_material(page)
        groupe.get_by_role("checkbox").set_checked(True)
        groupe.get_by_role("button", name="Garder le site hors ligne").click()
        expect(groupe.get_by_role("status")).to_contain_text("gardé hors ligne, Python compris", timeout=120_000)


def _cles_du_cache(page: Page) -> list[str]:
    return list(
        page.evaluate(
            """async () => { const cles = [];
                 for (const nom of await caches.keys())
                   for (const r of await (await caches.open(nom)).keys()) cles.push(r.url);
                 return cles; }"""
        )
    )


def test_apres_une_visite_tout_le_site_marche_sans_reseau(
    contexte: BrowserContext, serveur_site: str, site_construit: SiteConstruit
) -> None:
    erreurs: list[str] = []
    hors_site: list[str] = []
    contexte.on("request", lambda r: hors_site.append(r.url) if urlparse(r.url).hostname != "127.0.0.1" else None)
    page = contexte.new_page()
    page.on("console", lambda m: erreurs.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: erreurs.append(str(e)))

    page.goto(serveur_site, wait_until="load")  # une seule visite, l'accueil
    assert _attendre_le_service_worker(page) == version_publiee(site_construit.dossier)
    _garder(page)

    contexte.set_offline(True)
    for chemin in PAGES_HORS_LIGNE:
        reponse = page.goto(serveur_site + chemin, wait_until="load")
        assert reponse is not None and reponse.ok and reponse.from_service_worker, chemin
        expect(page.locator("article h1").first).to_be_visible()
        # Les styles aussi viennent du cache : l'en-tête a l'indigo du thème.
        fond = page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).backgroundColor")
        assert fond == "rgb(64, 81, 181)", f"{chemin} : styles absents ({fond})"

    # La recherche (index et travailleur de recherche, depuis le cache).
    page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
    page.mouse.move(400, 300)  # le premier geste : le script de Material (du cache) monte la recherche
    page.wait_for_function("() => document.documentElement.dataset.material === 'monte'")
    champ = page.locator("input[data-md-component='search-query']")
    champ.click()
    champ.press_sequentially("Magistrale", delay=30)
    expect(page.locator(".md-search-result")).to_contain_text("Critiques et Catastrophes", timeout=15_000)
    page.keyboard.press("Escape")

    # Une définition du glossaire, au clavier.
    terme = page.locator(".md-content abbr[title]").first
    definition = terme.get_attribute("title")
    terme.focus()
    expect(page.locator(".md-tooltip2--active")).to_have_text(definition or "?")

    assert not hors_site, f"requêtes hors de 127.0.0.1 : {hors_site}"
    assert not erreurs, f"erreurs de console hors ligne : {erreurs}"


def test_une_page_publiee_de_nouveau_est_reprise(contexte: BrowserContext, copie_du_site: Path) -> None:
    """La version publiée change : le service worker la prend, sans retélécharger le reste."""
    with servir_en_notant(copie_du_site) as (adresse, demandes):
        page = contexte.new_page()
        page.goto(adresse + "warp/jets-simples/", wait_until="load")
        ancienne = _attendre_le_service_worker(page)
        assert ancienne == version_publiee(copie_du_site)
        _garder(page)

        fichier = copie_du_site / "warp" / "jets-simples" / "index.html"
        html = fichier.read_text(encoding="utf-8")
        fichier.write_text(
            html.replace("</h1>", '</h1>\n<p id="nouveaute">Publié de nouveau.</p>', 1), encoding="utf-8"
        )
        publier(copie_du_site)
        nouvelle = version_publiee(copie_du_site)
        assert nouvelle != ancienne

        demandes.clear()
        page.evaluate(SUIVRE_LA_MISE_A_JOUR)
        _attendre_la_version(page, nouvelle)
        # Seuls le service worker et la page changée ont été téléchargés.
        assert sorted(set(demandes)) == ["/service-worker.js", "/warp/jets-simples/"]

        contexte.set_offline(True)
        page.goto(adresse + "warp/jets-simples/", wait_until="load")
        expect(page.locator("#nouveaute")).to_have_text("Publié de nouveau.")
        page.goto(adresse + "warp/jets-opposes/", wait_until="load")  # reprise de l'ancienne version
        expect(page.locator("article h1").first).to_contain_text("Jets opposés")
        # L'ancienne version de la page a quitté le cache.
        assert len([c for c in _cles_du_cache(page) if "/warp/jets-simples/?" in c]) == 1


def _octets(site: Path, adresses: Any) -> int:
    return sum((site / (a + "index.html" if a.endswith("/") else a)).stat().st_size for a in adresses)


def test_une_premiere_visite_garde_le_site_une_fois_et_jamais_deux_fois(
    contexte: BrowserContext, site_construit: SiteConstruit
) -> None:
    """Ce que promet l'accueil : après une première visite, le site se garde de lui-même (pas Python, qui vient
    à l'usage ou sur demande) ; aucun fichier n'est venu deux fois, « Garder » avec Python compris non plus."""
    precache, _ = listes_publiees(site_construit.dossier)
    with servir_en_notant(site_construit.dossier) as (adresse, demandes):
        page = contexte.new_page()
        page.goto(adresse + "warp/jets-simples/", wait_until="load")
        _attendre_le_service_worker(page)
        _garder(page)
        etat = page.evaluate("() => window.horsLigne.etat()")
        assert etat["choix"] == {"garder": True, "python": False}
        assert etat["pages"] == {"total": _octets(site_construit.dossier, precache), "reste": 0}
        assert not [d for d in demandes if d.startswith("/assets/pyodide/")], "Python gardé sans qu'on le demande"
        _garder(page, python=True)
        deux_fois = sorted({d for d in demandes if demandes.count(d) > 1})
        assert not deux_fois, f"téléchargés deux fois : {deux_fois}"
        etat = page.evaluate("() => window.horsLigne.etat()")
        assert etat["choix"] == {"garder": True, "python": True}
        assert etat["avecPython"]["reste"] == 0


def test_un_navigateur_qui_economise_les_donnees_ne_garde_rien_d_office(
    contexte: BrowserContext, site_construit: SiteConstruit
) -> None:
    """L'économie de données d'un téléphone (navigator.connection.saveData) : rien que la page elle-même et la
    page « Pas de réseau » (quelques centaines de Ko, surtout des fichiers que la page a déjà) ; le pied de page dit
    pourquoi et ce que coûte « Garder le site hors ligne »."""
    with servir_en_notant(site_construit.dossier) as (adresse, demandes):
        page = contexte.new_page()
        contexte.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
        page.goto(adresse + "warp/jets-simples/", wait_until="load")
        _attendre_le_service_worker(page)
        statut = page.get_by_role("group", name="Hors ligne").get_by_role("status")
        expect(statut).to_contain_text("Votre navigateur économise les données : rien n'est gardé d'office.")
        page.wait_for_timeout(4000)  # le temps qu'aurait pris le départ du téléchargement d'office
        pages = {d for d in demandes if d.endswith("/")}
        assert pages == {"/warp/jets-simples/"}, f"d'autres pages téléchargées : {pages}"
        etat = page.evaluate("() => window.horsLigne.etat()")
        assert etat["choix"]["garder"] is False
        mo = f"{etat['pages']['reste'] / 1e6:.1f}".replace(".", ",")
        expect(statut).to_contain_text(f"À télécharger : {mo} Mo")


def test_hors_ligne_une_page_pas_encore_gardee_mene_a_la_page_du_site(
    contexte: BrowserContext, serveur_site: str
) -> None:
    """Jamais l'erreur du navigateur : une page du site pas encore gardée (le navigateur économise les données :
    rien n'est gardé d'office), une adresse inconnue, mènent hors ligne à la page « Pas de réseau pour cette
    page », avec les styles du site, qui dit comment la garder ; « Réessayer » ramène à la page demandée."""
    page = contexte.new_page()
    contexte.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    page.goto(serveur_site, wait_until="load")
    _attendre_le_service_worker(page)
    page.wait_for_function(
        """async () => { const cles = await (await caches.open('regles-executables ' + location.origin + '/')).keys();
             return cles.some(r => r.url.includes('/hors-ligne.html?')); }""",
        timeout=60_000,
    )  # la page « Pas de réseau » gardée d'office, à l'installation
    contexte.set_offline(True)
    for chemin in ("nulle-part/", "warp/jets-opposes/"):
        reponse = page.goto(serveur_site + chemin, wait_until="load")
        assert reponse is not None and reponse.ok and reponse.from_service_worker, chemin
        assert page.url.startswith(serveur_site + "hors-ligne.html?page="), page.url
        expect(page.locator("article h1")).to_have_text("Pas de réseau pour cette page")
        expect(page.locator("article")).to_contain_text(f"la page demandée ({chemin})")
        expect(page.get_by_role("link", name="Réessayer")).to_have_attribute("href", serveur_site + chemin)
        fond = page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).backgroundColor")
        assert fond == "rgb(64, 81, 181)", f"styles absents ({fond})"
    contexte.set_offline(False)
    page.get_by_role("link", name="Réessayer").click()
    expect(page.locator("article h1").first).to_contain_text("Jets opposés")


def test_le_controle_hors_ligne_se_touche_au_doigt(browser: Browser, serveur_site: str) -> None:
    """À 375 px, « Garder le site hors ligne » et la case « avec Python » (13 × 13 px) avec son étiquette font
    44 px de haut au moins."""
    contexte = browser.new_context(viewport={"width": 375, "height": 740}, has_touch=True, service_workers="allow")
    try:
        page = contexte.new_page()
        contexte.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
        page.goto(serveur_site, wait_until="load")
        groupe = page.get_by_role("group", name="Hors ligne")
        expect(groupe.get_by_role("button", name="Garder le site hors ligne")).to_be_visible(timeout=60_000)
        for cible in (groupe.get_by_role("button"), groupe.locator("label")):
            boite = cible.bounding_box()
            assert boite and boite["height"] >= 44 and boite["x"] + boite["width"] <= 375, boite
        case = groupe.get_by_role("checkbox").bounding_box()
        assert case and case["width"] >= 20, case
    finally:
        contexte.close()


def test_le_runtime_python_entre_au_cache_a_l_usage(contexte: BrowserContext, copie_du_site: Path) -> None:
    gros = copie_du_site / "assets" / "pyodide" / "pyodide.asm.wasm"
    gros.parent.mkdir(parents=True, exist_ok=True)
    gros.write_bytes(bytes(range(256)) * 8192)  # 2 Mo
    publier(copie_du_site)
    assert "assets/pyodide/pyodide.asm.wasm" in listes_publiees(copie_du_site)[1]

    with servir_en_notant(copie_du_site) as (adresse, demandes):
        page = contexte.new_page()
        page.goto(adresse, wait_until="load")
        _attendre_le_service_worker(page)
        assert "/assets/pyodide/pyodide.asm.wasm" not in demandes, "précaché d'office"
        assert not [c for c in _cles_du_cache(page) if "/assets/pyodide/" in c]

        lire = "async u => (await (await fetch(u)).arrayBuffer()).byteLength"
        assert page.evaluate(lire, "assets/pyodide/pyodide.asm.wasm") == gros.stat().st_size
        assert demandes.count("/assets/pyodide/pyodide.asm.wasm") == 1
        assert [c for c in _cles_du_cache(page) if "/assets/pyodide/" in c]

        contexte.set_offline(True)
        assert page.evaluate(lire, "assets/pyodide/pyodide.asm.wasm") == gros.stat().st_size
        assert demandes.count("/assets/pyodide/pyodide.asm.wasm") == 1


def test_rien_d_un_autre_hote_n_entre_au_cache(contexte: BrowserContext, serveur_site: str, tmp_path: Path) -> None:
    (tmp_path / "donnees.json").write_text('{"ailleurs": true}', encoding="utf-8")
    # no-store : le cache HTTP du navigateur ne doit pas répondre à la place du service worker
    # (sans cela, une machine lente sert la seconde lecture depuis ce cache-là, réseau coupé).
    entetes = {"Access-Control-Allow-Origin": "*", "Cache-Control": "no-store"}
    with servir_en_notant(tmp_path, entetes) as (ailleurs, demandes):
        page = contexte.new_page()
        page.goto(serveur_site, wait_until="load")
        _attendre_le_service_worker(page)
        # Un fichier du site lu par la page entre au cache au passage.
        assert page.evaluate("async () => (await fetch('manifest.webmanifest')).ok")
        lire = "async u => (await (await fetch(u)).json()).ailleurs"
        assert page.evaluate(lire, ailleurs + "donnees.json") is True
        assert demandes == ["/donnees.json"]
        cles = _cles_du_cache(page)
        assert cles and all(c.startswith(serveur_site) for c in cles)
        contexte.set_offline(True)
        with pytest.raises(Exception, match="Failed to fetch"):
            page.evaluate(lire, ailleurs + "donnees.json")


def test_chromium_juge_le_site_installable(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], serveur_site: str, tmp_path: Path
) -> None:
    """Un profil ordinaire (pas une fenêtre privée, où rien ne s'installe) : aucune erreur d'installabilité."""
    contexte = browser_type.launch_persistent_context(tmp_path / "profil", **browser_type_launch_args, viewport=BUREAU)
    try:
        page = contexte.new_page()
        page.goto(serveur_site + "warp/jets-simples/", wait_until="load")
        _attendre_le_service_worker(page)
        cdp = contexte.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest").get("errors") == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        contexte.close()


def test_les_autres_tests_navigateur_n_ont_pas_de_service_worker(page: Page, serveur_site: str) -> None:
    """conftest bloque les service workers dans les contextes de pytest-playwright."""
    with page.expect_console_message(lambda m: "Service Worker registration blocked" in m.text):
        page.goto(serveur_site, wait_until="load")  # le site essaie bien de l'enregistrer
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistration()) === undefined")


def test_le_python_du_navigateur_marche_hors_ligne_une_fois_charge(
    contexte: BrowserContext, serveur_site: str, site_construit: SiteConstruit
) -> None:
    """Un exemple exécuté une fois avec du réseau (Pyodide entre alors au cache) s'exécute encore sans réseau."""
    exiger_runtime(site_construit)
    hors_site: list[str] = []
    contexte.on("request", lambda r: hors_site.append(r.url) if urlparse(r.url).hostname != "127.0.0.1" else None)
    page = contexte.new_page()
    page.goto(serveur_site + PAGE_REGLES, wait_until="load")
    _attendre_le_service_worker(page)
    assert not [c for c in _cles_du_cache(page) if "/assets/pyodide/" in c], "Pyodide précaché d'office"

    def executer_le_premier_exemple() -> None:
        bouton = page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)
        bouton.click()
        expect(bouton).to_be_enabled(timeout=CHARGEMENT_MS)
        sortie = page.get_by_role("group", name="Exemple 1", exact=True).locator(".cellule-sortie")
        expect(sortie).to_contain_text("Réussite")  # le bourrin lance (5, 3, 2) : 10 > 9
        expect(sortie.locator(".cellule-erreur")).to_have_count(0)

    executer_le_premier_exemple()
    assert [c for c in _cles_du_cache(page) if c.split("?")[0].endswith("pyodide.asm.wasm")], "Pyodide pas gardé"

    contexte.set_offline(True)
    page.reload(wait_until="load")
    executer_le_premier_exemple()
    assert not hors_site, f"requêtes hors de 127.0.0.1 : {hors_site}"
