"""Ce qu'un test navigateur relève d'une page : un seul jugement de ce qui est un échec, pour tous les tests.

Chaque test navigateur qui surveille une page (ou un contexte : ses pages et
leurs workers) passe par [`Surveillance`][tests.surveillance.Surveillance] :

- une **erreur de console** ou une exception de la page est une faute ;
- une **requête hors du site** (hors de 127.0.0.1, sauf `data:` et `blob:`) est
  bloquée et notée : une faute ;
- une **réponse d'erreur** du site (404 d'un script, d'une image, d'une
  feuille de style ; 500) est une faute ;
- une **requête qui échoue** est une faute (serveur injoignable, réponse
  bloquée…), **sauf** si c'est le navigateur qui l'a abandonnée de lui-même
  ([`abandon_du_navigateur`][tests.surveillance.abandon_du_navigateur]) : une
  favicon, un préchargement, une requête encore en vol quand la page se
  recharge ou qu'on passe à la suivante (`net::ERR_ABORTED`), une requête
  d'un worker qu'on arrête, une requête du service worker pour son propre
  cache. Un fichier qui manque n'est jamais de ce nombre : il répond 404.

Les abandons sont gardés à part (`ignorees`, avec leur raison) : un test peut
vérifier qu'il y en a eu, et un échec les montre pour qu'on juge sur pièces.
`tests/test_surveillance.py` prouve les deux côtés : un script absent et une
image en 404 font échouer la vérification, une favicon abandonnée non.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

if TYPE_CHECKING:  # importé sans Playwright (la collecte des doctests lit chaque module de tests/)
    from playwright.sync_api import BrowserContext, Page

__all__ = ["HOTE", "MONTER_MATERIAL_MS", "Surveillance", "abandon_du_navigateur", "monter_material", "ouvrir"]

HOTE = "127.0.0.1"
"""Le seul hôte que le site a le droit de joindre : celui qui le sert pendant les tests."""

_SANS_RESEAU = ("data:", "blob:")

MONTER_MATERIAL_MS = 60_000
"""Ce qu'on attend au plus que Material monte (son script lu et exécuté : moins d'une seconde au repos)."""

_MONTER = """(delai) => !window.chargerMaterial ? null : Promise.race([
  window.chargerMaterial().then(() => null),
  new Promise(r => setTimeout(() => r(`Material n'a pas monté en ${delai / 1000} s`), delai)),
])"""


def monter_material(page: Page) -> None:
    """Monte Material comme le premier geste d'un lecteur (javascripts/material-a-la-demande.js), ou échoue.

    `page.evaluate` n'a pas de délai : une promesse jamais tenue tiendrait le test sans fin (une CI a vu deux
    workers arrêtés plus de 20 minutes dans un test qui attendait la page, sans qu'on sache sur quelle
    attente) ; celle-ci est bornée et dit ce qui manque.
    """
    refus = page.evaluate(_MONTER, MONTER_MATERIAL_MS)
    assert refus is None, f"{refus} : {page.url}"


def ouvrir(page: Page, adresse: str | None = None) -> Any:
    """Ouvre `adresse` (ou recharge la page) : le document lu jusqu'au bout (`load`), le réseau calme, Material monté.

    `wait_until="networkidle"` seul ne suffit pas : Chromium peut rester 500 ms
    sans requête pendant qu'il analyse encore un long document (imprimer/,
    851 Ko), et Playwright déclare alors le réseau calme avant même
    `DOMContentLoaded` — la page n'a pas encore ses dernières sections. Vu
    rouge ainsi sous charge (imprimer/ sans ses quatre dernières pages 3D6).
    Rend la réponse du document, comme `goto`.
    """
    reponse = page.reload(wait_until="load") if adresse is None else page.goto(adresse, wait_until="load")
    page.wait_for_load_state("networkidle")
    # Le script de Material s'exécute au premier geste du lecteur (javascripts/material-a-la-demande.js) :
    # les tests regardent la page telle qu'elle est une fois touchée. Sans geste : test_material_a_la_demande.py.
    monter_material(page)
    return reponse


def abandon_du_navigateur(requete: Any) -> str | None:
    """Pourquoi Chromium a lui-même abandonné cette requête échouée ; `None` si c'est un vrai échec.

    `net::ERR_ABORTED` est le code que Chromium donne à une requête qu'il
    annule lui-même : la page se recharge ou en ouvre une autre pendant
    qu'une requête est en vol (favicon, préchargement, index de recherche),
    un worker qu'on arrête laisse ses requêtes. Un fichier absent, lui,
    répond 404 (noté par la réponse) ; un serveur injoignable échoue en
    `net::ERR_CONNECTION_REFUSED` ; une requête hors du site est bloquée
    par la route (`net::ERR_FAILED`) et notée à part.
    """
    if getattr(requete, "service_worker", None) is not None:
        return "requête du service worker (son propre cache)"
    if "net::ERR_ABORTED" in (requete.failure or ""):
        return "abandonnée par le navigateur (rechargement, page suivante, favicon, préchargement, worker arrêté)"
    return None


class Surveillance:
    """Les fautes relevées sur une page ou un contexte, depuis `Surveillance(cible)` jusqu'à `verifier()`.

    `requetes` garde l'adresse de chaque requête de la page ou de ses workers
    (pas celles du service worker, qui met le site en cache à son rythme) :
    un test y vérifie ce qui s'est chargé, ou non.
    """

    def __init__(self, cible: Page | BrowserContext, hote: str = HOTE) -> None:
        self.hote = hote
        self.erreurs: list[str] = []
        self.hors_site: list[str] = []
        self.echecs: list[str] = []
        self.ignorees: list[str] = []
        self.requetes: list[str] = []
        self._cible = cible
        self._ecoutes: list[tuple[str, Any]] = [("console", self._console)]
        if hasattr(cible, "main_frame"):  # une page : ses exceptions
            self._ecoutes.append(("pageerror", lambda e: self.erreurs.append(str(e))))
        else:  # un contexte : les exceptions de chacune de ses pages
            self._ecoutes.append(("weberror", lambda e: self.erreurs.append(str(e.error))))
        self._ecoutes += [("request", self._requete), ("requestfailed", self._echec), ("response", self._reponse)]
        for evenement, ecoute in self._ecoutes:
            cible.on(evenement, ecoute)
        # Seules les requêtes hors du site passent par Python : le motif (une expression rationnelle, que
        # Playwright applique lui-même dans le navigateur) laisse filer les autres sans aller-retour.
        self._motif = re.compile(rf"^(?!(?:https?://{re.escape(hote)}(?::\d+)?(?:[/?#]|$)|data:|blob:))")
        cible.route(self._motif, self._router)

    def _hors_site(self, url: str) -> bool:
        return urlparse(url).hostname != self.hote and not url.startswith(_SANS_RESEAU)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.erreurs.append(f"{message.type}: {message.text}")

    def _requete(self, requete: Any) -> None:
        if requete.service_worker is None:
            self.requetes.append(requete.url)

    def _router(self, route: Any, requete: Any) -> None:
        if self._hors_site(requete.url):
            self.hors_site.append(requete.url)
            route.abort()
        else:
            route.continue_()

    def _echec(self, requete: Any) -> None:
        if self._hors_site(requete.url):
            return  # bloquée par la route, déjà notée dans hors_site
        raison = abandon_du_navigateur(requete)
        note = f"{requete.url} ({requete.failure})"
        (self.ignorees if raison else self.echecs).append(note + (f" : {raison}" if raison else ""))

    def _reponse(self, reponse: Any) -> None:
        if reponse.status >= 400:
            self.echecs.append(f"{reponse.url} ({reponse.status})")

    def __getstate__(self) -> dict[str, Any]:
        """Ses relevés seuls (un parcours l'écrit pour les autres workers, `tests/parcours.py`) : ni sa cible, ni
        ses écoutes, ni ce que Playwright y accroche (`_pw_impl_instance_…`), qui ne s'écrivent pas."""
        return {nom: valeur for nom, valeur in vars(self).items() if not nom.startswith("_")}

    def detacher(self) -> None:
        """La cible n'est plus surveillée (ses écoutes et sa route retirées) : un contexte repris par le test
        suivant (`tests/lecteur.py`, `contexte`) n'y garde rien de celle-ci."""
        for evenement, ecoute in self._ecoutes:
            self._cible.remove_listener(evenement, ecoute)
        self._cible.unroute(self._motif, self._router)

    def verifier(self) -> None:
        """Échoue, avec son propre message, sur la première sorte de faute relevée."""
        assert not self.hors_site, f"requêtes hors du site : {self.hors_site}"
        assert not self.echecs, f"requêtes échouées : {self.echecs}" + (
            f"\n(abandonnées par le navigateur, non comptées : {self.ignorees})" if self.ignorees else ""
        )
        assert not self.erreurs, f"erreurs de console : {self.erreurs}"
