"""Les gestes d'un lecteur dans Chromium, partagés par les tests navigateur.

- une cellule (un exemple exécutable d'une page) : `modifier`, `executer`, lire sa `sortie`,
  par les noms que la page donne à ses commandes (« Modifier l'exemple 2 ») ;
- un formulaire du calculateur : `choisir` sa mécanique, puis `remplir_et_calculer` ;
- la fixture `contexte` : un téléphone (375 px) surveillé, le runtime exigé, le même d'un test à l'autre
  (`telephone_du_worker`) et rendu propre après chacun (`rendre`). Un module la prend par
  `contexte = lecteur.contexte` (pytest la connaît sous ce nom).

Importer ce module importe Playwright (`tests.navigateur`) : il saute le module qui l'importe si
Playwright manque, comme tout test navigateur.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules.calculateur import FORMULAIRES
from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.moteur import exiger_runtime
from tests.navigateur import BrowserContext, Page, PlaywrightError, expect
from tests.surveillance import Surveillance

__all__ = [
    "INSTANTANES",
    "autre_contexte",
    "choisir",
    "contexte",
    "executer",
    "modifier",
    "remplir_et_calculer",
    "rendre",
    "sortie",
]


# ---------------------------------------------------------------- une cellule


def sortie(page: Page, rang: int) -> Any:
    """La sortie de la cellule `rang` (1 pour le premier exemple de la page)."""
    return page.get_by_role("group", name=f"Exemple {rang}", exact=True).locator(".cellule-sortie")


def modifier(page: Page, rang: int, code: str) -> None:
    """« Modifier », puis le code écrit dans l'éditeur (qui a pris le focus)."""
    page.get_by_role("button", name=f"Modifier l'exemple {rang}", exact=True).click()
    editeur = page.get_by_role("textbox", name=re.compile(f"^Code Python de l'exemple {rang} "))
    expect(editeur).to_be_focused()
    editeur.fill(code)


def executer(page: Page, rang: int) -> None:
    """« Exécuter », puis attendre que la cellule ait fini (son bouton redevient actif)."""
    page.get_by_role("button", name=f"Exécuter l'exemple {rang}", exact=True).click()
    expect(page.get_by_role("button", name=f"Exécuter l'exemple {rang}", exact=True)).to_be_enabled(
        timeout=CHARGEMENT_PYODIDE_MS
    )


# ---------------------------------------------------------------- le calculateur


def choisir(page: Page, nom: str) -> None:
    """Le sélecteur en haut de la page choisit la mécanique `nom` : son formulaire s'affiche."""
    page.select_option("#calc-mecanique", nom)
    expect(page.locator(f"#form-{nom}")).to_be_visible()


def remplir_et_calculer(page: Page, nom: str, entrees: dict[str, str]) -> None:
    """« Valeurs par défaut », les champs `entrees` (en dépliant « Plus d'options » au besoin), « Calculer »."""
    choisir(page, nom)
    form = page.locator(f"#form-{nom}")
    form.get_by_role("button", name="Valeurs par défaut", exact=False).click()
    for champ, valeur in entrees.items():
        controle = form.locator(f'[name="{champ}"]')
        if not controle.is_visible():  # sous « Plus d'options » : le lecteur le déplie
            form.locator("details.calc-plus > summary").click()
        sorte = FORMULAIRES[nom].champ(champ).sorte
        if sorte == "choix":
            controle.select_option(valeur)
        elif sorte == "case":
            controle.set_checked(valeur == "oui")
        else:
            controle.fill(valeur)
    form.get_by_role("button", name="Calculer", exact=False).click()
    expect(form.locator(".calc-etat")).to_contain_text("calculées", timeout=CHARGEMENT_PYODIDE_MS)


# ---------------------------------------------------------------- un téléphone


INSTANTANES = "regles-executables instantanés de Python"
"""Le cache où le site garde l'instantané de Python (docs/javascripts/cellules-worker.js, `INSTANTANES`)."""

DONNEES_EFFACEES = "cookies,local_storage,indexeddb,file_systems,websql,service_workers,shared_storage"
"""Ce que `rendre` efface du site (CDP, `Storage.clearDataForOrigin`) ; Cache Storage est traité à part."""

ATTENDRE_L_INSTANTANE = "() => window.cellules?.moteur?.instantane !== 'a-prendre'"
"""Vrai quand l'onglet n'a pas (ou plus) d'instantané à prendre : repris, gardé, perdu, sans, ou pas de Python."""

VIERGE = "/__page-vierge-des-tests__"
"""L'adresse (qu'aucune page du site ne porte) de la page vide par laquelle `rendre` efface Cache Storage."""


@pytest.fixture
def contexte(
    telephone_du_worker: BrowserContext, serveur_site: str, site_construit: SiteConstruit
) -> Iterator[BrowserContext]:
    """Un téléphone (375 px) surveillé, le runtime exigé : celui du worker, rendu propre après chaque test.

    C'est le navigateur d'un lecteur qui revient : rien du test d'avant (onglets, routes, permissions,
    cookies, stockage local, IndexedDB, service worker, caches), sauf l'instantané de Python que le
    site garde pour la visite suivante : Python y démarre pour moitié moins de processeur
    (`python -m scripts.bench_contextes` le mesure). Un test qui regarde la première visite ouvre son contexte.
    Ses onglets partagent le Cache Storage, comme ceux d'un navigateur.
    """
    exiger_runtime(site_construit)
    yield from _repris(telephone_du_worker, serveur_site)


@pytest.fixture
def autre_contexte(
    autre_telephone_du_worker: BrowserContext, serveur_site: str, site_construit: SiteConstruit
) -> Iterator[BrowserContext]:
    """Un autre appareil (375 px), comme `contexte` mais à part : un lien partagé s'y ouvre sans rien de l'un."""
    exiger_runtime(site_construit)
    yield from _repris(autre_telephone_du_worker, serveur_site)


def _repris(contexte: BrowserContext, adresse: str) -> Iterator[BrowserContext]:
    """Le contexte du worker, surveillé le temps d'un test, puis rendu propre (`rendre`)."""
    surveillance = Surveillance(contexte)
    onglets: list[Page] = []

    def noter(onglet: Page) -> None:  # une fonction : Playwright y accroche ses attributs
        onglets.append(onglet)

    contexte.on("page", noter)
    try:
        yield contexte
        surveillance.verifier()
    finally:
        surveillance.detacher()
        contexte.remove_listener("page", noter)
        rendre(contexte, adresse, donnees=bool(onglets))


def _instantane_pris(page: Page) -> None:
    """Si Python a démarré sans instantané dans cet onglet, attendre qu'il le garde (3 s après son démarrage,
    2 s après un premier calcul : docs/javascripts/cellules-worker.js), comme un lecteur qui reste sur la page ;
    sans cela, un test court fermerait l'onglet avant, et chaque test suivant démarrerait Python de zéro."""
    with contextlib.suppress(PlaywrightError):  # un onglet déjà fermé, ou qui navigue : rien à attendre
        page.wait_for_function(ATTENDRE_L_INSTANTANE, timeout=CHARGEMENT_PYODIDE_MS)


def rendre(contexte: BrowserContext, adresse: str, *, donnees: bool = True) -> None:
    """Le contexte tel que le test suivant le reprend : onglets fermés, routes, permissions et cookies retirés,
    données du site effacées ; de Cache Storage, seul l'instantané de Python (`INSTANTANES`) reste.

    `donnees=False` : aucun onglet ne s'est ouvert depuis le dernier `rendre`, le site n'a rien pu écrire."""
    for page in list(contexte.pages):
        _instantane_pris(page)
        page.close()
    contexte.unroute_all(behavior="ignoreErrors")
    contexte.clear_permissions()
    contexte.set_offline(False)
    contexte.clear_cookies()
    if not donnees:
        return
    # Une page vide du site (servie par la route, sans rien charger) : CDP ne voit Cache Storage que par elle.
    origine = adresse.rstrip("/")
    vierge = contexte.new_page()
    vierge.route(origine + VIERGE, lambda route: route.fulfill(content_type="text/html", body="<!doctype html>"))
    vierge.goto(origine + VIERGE)
    cdp = contexte.new_cdp_session(vierge)
    cdp.send("Storage.clearDataForOrigin", {"origin": origine, "storageTypes": DONNEES_EFFACEES})
    for cache in cdp.send("CacheStorage.requestCacheNames", {"securityOrigin": origine})["caches"]:
        if cache["cacheName"] != INSTANTANES:
            cdp.send("CacheStorage.deleteCache", {"cacheId": cache["cacheId"]})
    cdp.detach()
    vierge.close()
