"""L'instantané de Python (docs/javascripts/cellules-worker.js), dans Chromium : la seconde visite repart de
la mémoire de Python gardée par la première, `rules` déjà importé.

- la première visite le garde (Cache Storage, un seul : celui du paquet et du Pyodide servis), une fois son
  calcul fait ; la suivante en repart et donne le même verdict ;
- le code du lecteur n'y entre jamais (il est pris avant la première cellule), et chaque reprise ressème le
  hasard : deux visites ne tirent pas les mêmes nombres ;
- un instantané que Pyodide refuse est effacé : Python démarre comme la première fois, et en garde un neuf.

Des états, pas des durées (les durées : `python -m scripts.bench_calculateur --lien-seul`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.conftest import CHARGEMENT_PYODIDE_MS, SiteConstruit
from tests.lecteur import INSTANTANES, executer, modifier, sortie
from tests.moteur import PAGE_REGLES, exiger_runtime
from tests.navigateur import Browser, BrowserContext, Page, expect
from tests.parcours import TELEPHONE
from tests.surveillance import Surveillance, ouvrir

pytestmark = pytest.mark.navigateur

LIEN = "calculateur/?f=warp-jet&trait=4&bonus=1&des=6+5+2+1+3#warp-jet"

_ENTREES = f"""async () => {{
  const cache = await caches.open({INSTANTANES!r});
  const sortie = [];
  for (const r of await cache.keys()) sortie.push([r.url, (await (await cache.match(r)).arrayBuffer()).byteLength]);
  return sortie;
}}"""
"""Les instantanés gardés : [adresse, octets (compressés)]."""


@pytest.fixture
def contexte(browser: Browser, site_construit: SiteConstruit) -> Iterator[BrowserContext]:
    """Un téléphone neuf (375 px), surveillé : la première visite, sans instantané (le téléphone du worker,
    `lecteur.contexte`, en garde un d'un test à l'autre) ; ses onglets partagent le Cache Storage."""
    exiger_runtime(site_construit)
    contexte = browser.new_context(viewport=TELEPHONE, service_workers="block")
    surveillance = Surveillance(contexte)
    yield contexte
    surveillance.verifier()
    contexte.close()


def _etat(page: Page) -> str:
    return str(page.evaluate("window.cellules.moteur.instantane"))


def _attendre_garde(page: Page) -> None:
    page.wait_for_function(
        "['garde', 'perdu'].includes(window.cellules.moteur.instantane)", timeout=CHARGEMENT_PYODIDE_MS
    )
    assert _etat(page) == "garde"


def _verdict(page: Page) -> str:
    verdict = page.locator("#form-warp-jet .calc-verdict-texte")
    expect(verdict).not_to_be_empty(timeout=CHARGEMENT_PYODIDE_MS)
    return str(verdict.text_content())


def test_la_seconde_visite_repart_de_l_instantane_de_la_premiere(contexte: BrowserContext, serveur_site: str) -> None:
    premiere = contexte.new_page()
    ouvrir(premiere, serveur_site + LIEN)
    verdict = _verdict(premiere)
    _attendre_garde(premiere)
    [(adresse, octets)] = premiere.evaluate(_ENTREES)
    paquet = premiere.evaluate("document.getElementById('cellules-config').dataset.paquet").rsplit("/", 1)[-1]
    assert paquet in adresse and "pyodide" in adresse
    assert 1_000_000 < octets < 15_000_000  # compressé : 5,3 Mo ici, pour 31 Mo de mémoire

    seconde = contexte.new_page()
    ouvrir(seconde, serveur_site + LIEN)
    assert _verdict(seconde) == verdict
    assert _etat(seconde) == "repris"
    assert len(seconde.evaluate(_ENTREES)) == 1  # rien de plus n'est gardé


_TIRAGE = "import random, rules\nprint(hasattr(rules, 'TRACE_DU_LECTEUR'), random.getrandbits(64))"


def test_le_code_du_lecteur_n_entre_pas_dans_l_instantane_et_le_hasard_est_resseme(
    contexte: BrowserContext, serveur_site: str
) -> None:
    premiere = contexte.new_page()
    ouvrir(premiere, serveur_site + PAGE_REGLES)
    modifier(premiere, 1, "import rules\nrules.TRACE_DU_LECTEUR = 1\nprint('fait')")
    executer(premiere, 1)
    expect(sortie(premiere, 1)).to_contain_text("fait")
    _attendre_garde(premiere)

    tirages = []
    for _ in range(2):
        reprise = contexte.new_page()
        ouvrir(reprise, serveur_site + PAGE_REGLES)
        modifier(reprise, 1, _TIRAGE)
        executer(reprise, 1)
        expect(sortie(reprise, 1)).to_contain_text(re.compile(r"(True|False) \d+"))
        trace, tirage = re.findall(r"(True|False) (\d+)", str(sortie(reprise, 1).text_content()))[-1]
        assert _etat(reprise) == "repris"
        assert trace == "False"
        tirages.append(tirage)
        reprise.close()
    assert tirages[0] != tirages[1]


def test_un_instantane_refuse_est_efface_et_remplace(contexte: BrowserContext, serveur_site: str) -> None:
    premiere = contexte.new_page()
    ouvrir(premiere, serveur_site + LIEN)
    verdict = _verdict(premiere)
    _attendre_garde(premiere)
    # Du gzip valide, mais pas un instantané de Pyodide : loadPyodide le refuse (« invalid magic number »).
    premiere.evaluate(
        f"""async () => {{
      const cache = await caches.open({INSTANTANES!r});
      const [cle] = await cache.keys();
      const gz = new Blob([new Uint8Array(4096).fill(7)]).stream().pipeThrough(new CompressionStream("gzip"));
      await cache.put(cle, new Response(await new Response(gz).arrayBuffer()));
    }}"""
    )
    assert premiere.evaluate(_ENTREES)[0][1] < 1000

    seconde = contexte.new_page()
    ouvrir(seconde, serveur_site + LIEN)
    assert _verdict(seconde) == verdict
    _attendre_garde(seconde)  # Python a démarré comme la première fois, et a pris un instantané neuf
    [(_, octets)] = seconde.evaluate(_ENTREES)
    assert octets > 1_000_000
