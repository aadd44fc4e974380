"""Le téléphone du worker (`tests/lecteur.py`) : un test ne laisse au suivant que l'instantané de Python.

La fixture `contexte` reprend un même contexte de Chromium de test en test ; `rendre` le remet propre
après chacun. Ici, un test y laisse tout ce qu'un test peut laisser (onglet ouvert, route, permission,
hors-ligne, cookie, stockage local, IndexedDB, caches, une surveillance), puis `rendre` passe : il ne
reste que le cache de l'instantané, et la surveillance détachée ne voit plus rien.
"""

from __future__ import annotations

import pytest

from tests.conftest import RACINE
from tests.lecteur import INSTANTANES, rendre
from tests.navigateur import BrowserContext, expect
from tests.surveillance import Surveillance

pytestmark = pytest.mark.navigateur

PAGE = "404.html"
"""Une page du site qui ne charge presque rien (ni Python, ni Material à monter)."""

SALIR = f"""async () => {{
  localStorage.setItem("regles-test", "sale");
  sessionStorage.setItem("regles-test", "sale");
  document.cookie = "regles-test=sale; path=/";
  await new Promise((ok, ko) => {{ const r = indexedDB.open("regles-test"); r.onsuccess = ok; r.onerror = ko; }});
  await (await caches.open("regles-test")).put("/regles-test", new Response("sale"));
  await (await caches.open({INSTANTANES!r})).put("/regles-test", new Response("gardé"));
}}"""

ETAT = f"""async () => ({{
  local: localStorage.length,
  session: sessionStorage.length,
  cookies: document.cookie,
  bases: (await indexedDB.databases()).map((b) => b.name),
  caches: await caches.keys(),
  instantane: await (await (await caches.open({INSTANTANES!r})).match("/regles-test"))?.text(),
  presse_papiers: (await navigator.permissions.query({{ name: "clipboard-read" }})).state,
  en_ligne: navigator.onLine,
}})"""


def test_rendre_ne_laisse_au_test_suivant_que_l_instantane(
    telephone_du_worker: BrowserContext, serveur_site: str
) -> None:
    travailleur = (RACINE / "docs" / "javascripts" / "cellules-worker.js").read_text(encoding="utf-8")
    assert f'const INSTANTANES = "{INSTANTANES}";' in travailleur, "le cache gardé n'est pas celui du site"
    contexte = telephone_du_worker
    surveillance = Surveillance(contexte)
    page = contexte.new_page()
    page.goto(serveur_site + PAGE)
    page.evaluate(SALIR)
    contexte.grant_permissions(["clipboard-read"])
    contexte.route("**/regles-route", lambda route: route.fulfill(body="routée"))
    contexte.set_offline(True)
    assert page.evaluate(ETAT)["local"] == 1 and page.evaluate(ETAT)["presse_papiers"] == "granted"
    surveillance.detacher()
    vues = len(surveillance.requetes)
    rendre(contexte, serveur_site)

    assert contexte.pages == [], "un onglet du test d'avant est resté ouvert"
    suivante = contexte.new_page()
    try:
        reponse = suivante.goto(serveur_site + "regles-route")  # la route partie : le serveur répond 404
        assert reponse is not None and reponse.status == 404
        suivante.goto(serveur_site + PAGE)
        assert suivante.evaluate(ETAT) == {
            "local": 0,
            "session": 0,
            "cookies": "",
            "bases": [],
            "caches": [INSTANTANES],
            "instantane": "gardé",
            "presse_papiers": "prompt",
            "en_ligne": True,
        }
        assert len(surveillance.requetes) == vues, "la surveillance détachée voit encore les requêtes"
        expect(suivante).to_have_url(serveur_site + PAGE)
    finally:
        suivante.evaluate(f"async () => (await caches.open({INSTANTANES!r})).delete('/regles-test')")
        rendre(contexte, serveur_site)
