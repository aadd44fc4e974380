"""Accessible au clavier après interaction : axe-core sur les états que crée le lecteur, et le chemin du clavier.

`tests/test_accessibilite.py` passe axe-core sur chaque page telle qu'elle se
charge. Ici, les états que le lecteur fait apparaître en s'en servant :

- **axe-core après interaction**, page entière (mêmes règles : WCAG 2.0 / 2.1
  A et AA, impact « serious » ou « critical », plus les deux règles nommées par
  l'issue 13), en clair et en sombre, à 1280 et 375 px : une cellule exécutée
  avec succès, puis une cellule qui affiche une `ValueError` française ; le
  calculateur après un verdict, puis après une erreur de saisie ; un terme du
  glossaire qui montre sa définition. Le nombre d'états vérifiés est affiché.
- **Le glossaire ne noie pas le clavier** : sur chaque page, la première
  occurrence de chaque terme (une définition) prend le focus, les suivantes non
  (elles gardent le survol et leur titre, lu par le lecteur d'écran). Les
  chiffres avant / après sont affichés.
- **Le chemin du clavier jusqu'aux exemples** : depuis le haut d'une page de
  règles, Tab atteint « Modifier » puis « Exécuter » du premier exemple en peu
  d'appuis, sans jamais passer par un élément hors de l'écran (le tiroir du
  menu, fermé, à 375 px) ; le bouton du menu s'ouvre et se ferme au clavier.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from hooks.cellules import npm
from tests import lecteur
from tests.conftest import CHARGEMENT_PYODIDE_MS, RACINE, SiteConstruit
from tests.moteur import PAGE_REGLES
from tests.navigateur import Browser, BrowserContext, Page, expect
from tests.parcours import LARGEURS, MODES, TERMES, Parcours, fautes_axe, groupe
from tests.surveillance import ouvrir

CHARGEMENT_MS = CHARGEMENT_PYODIDE_MS  # tests/conftest.py : le seul délai du chargement de Pyodide


FIN_DES_TRANSITIONS_MS = 5_000
"""Ce qu'on attend au plus la fin des transitions de Material avant axe-core (elles durent moins d'une seconde)."""


def _axe(page: Page, axe_core: str, etat: str) -> list[str]:
    """Les violations graves de la page entière, dans l'état où elle est, une fois ses transitions finies."""
    # L'état final, pas le milieu d'une transition de Material (le bouton « Retour en haut » qui
    # apparaît en fondu quand la page remonte vers un champ en erreur, la couleur d'un onglet quand la palette
    # change) : deux images peintes, puis chaque transition en cours finie, et de nouveau, jusqu'à deux images
    # sans transition en cours (une transition peut partir après la première image : vu, une étiquette
    # d'onglet à #7b7b7b, tout près de sa couleur finale #757575, sous charge).
    # L'attente est bornée (`FIN_DES_TRANSITIONS_MS`) : `page.evaluate` n'a pas de délai, et une animation
    # qui ne finit jamais (en pause, ou une page qui ne peint plus) tiendrait le test sans fin.
    page.evaluate(
        """async (delai) => {
      const fin = performance.now() + delai;
      const borne = (promesse) => Promise.race([promesse, new Promise(r => setTimeout(r, Math.max(0, fin - performance.now())))]);
      const deuxImages = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
      while (performance.now() < fin) {
        await borne(deuxImages());
        const enCours = document.getAnimations().filter(
          a => a.playState === "running" && a.effect && a.effect.getTiming().iterations !== Infinity);
        if (!enCours.length) return;
        await borne(Promise.all(enCours.map(a => a.finished.catch(() => null))));
      }
    }""",
        FIN_DES_TRANSITIONS_MS,
    )
    return fautes_axe(page, axe_core, etat)


# ---------------------------------------------------------------- les états créés à l'exécution


def _cellule_executee(page: Page) -> None:
    executer = page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)
    executer.click()
    expect(executer).to_be_enabled(timeout=CHARGEMENT_MS)
    sortie = page.get_by_role("group", name="Exemple 1", exact=True).locator(".cellule-sortie")
    expect(sortie).to_contain_text("Résultat, calculé dans votre navigateur", timeout=CHARGEMENT_MS)
    expect(sortie.locator(".cellule-erreur")).to_have_count(0)


def _cellule_en_erreur(page: Page) -> None:
    page.get_by_role("button", name="Modifier l'exemple 2", exact=True).click()
    editeur = page.get_by_role("textbox", name=re.compile("^Code Python de l'exemple 2 "))
    editeur.fill("from rules.warp import jet\nprint(jet(-1, des=()).explication)")
    page.get_by_role("button", name="Exécuter l'exemple 2", exact=True).click()
    erreur = page.get_by_role("group", name="Exemple 2", exact=True).locator(".cellule-erreur")
    expect(erreur).to_contain_text("Refus : ", timeout=CHARGEMENT_MS)


def _calculateur_verdict(page: Page) -> None:
    page.select_option("#calc-mecanique", "warp-oppose")  # un formulaire à la fois : le sélecteur le montre
    form = page.locator("#form-warp-oppose")
    form.locator('[name="des_premier"]').fill("6 5 4")
    form.locator('[name="des_second"]').fill("3 3")
    form.locator('[name="des_second"]').press("Enter")
    expect(form.locator(".calc-verdict-texte")).not_to_be_empty(timeout=CHARGEMENT_MS)


def _calculateur_erreur(page: Page) -> None:
    page.select_option("#calc-mecanique", "warp-jet")
    form = page.locator("#form-warp-jet")
    form.locator('[name="trait"]').fill("trois")
    form.locator('[name="trait"]').press("Enter")
    expect(page.locator("#warp-jet-trait-erreur")).to_be_visible(timeout=CHARGEMENT_MS)
    expect(form.locator('[name="trait"]')).to_have_attribute("aria-invalid", "true")


def _definition_affichee(page: Page) -> None:
    page.locator(".md-content abbr[tabindex='0']").first.focus()
    expect(page.locator(".md-tooltip2--active")).to_be_visible()


PARCOURS = {
    "cellules": (PAGE_REGLES, [("cellule exécutée", _cellule_executee), ("cellule en erreur", _cellule_en_erreur)]),
    "calculateur": (
        "calculateur/",
        [("calculateur : verdict", _calculateur_verdict), ("calculateur : erreur de saisie", _calculateur_erreur)],
    ),
    "glossaire": (PAGE_REGLES, [("définition du glossaire affichée", _definition_affichee)]),
}
"""Chaque page, et les états que le lecteur y crée l'un après l'autre (axe-core passe après chacun)."""


def groupe_d_etats(parcours: str, largeur: int) -> pytest.MarkDecorator:
    """Les deux modes d'un parcours à une largeur vont au même worker de pytest-xdist, qui ouvre la page une fois."""
    return pytest.mark.xdist_group(f"états {parcours} {largeur}")


CHOISIR_LA_PALETTE = """(schema) => {
  // Le bouton radio de la palette qui a ce schéma (default, slate) ; click() la choisit sans déplacer le focus.
  // La page suit le système tant que rien n'est choisi (overrides/partials/palette.html), mais un choix gardé
  // (d'un état précédent) l'emporte : choisir ici met la page dans ce mode dans tous les cas.
  const choix = document.querySelector(`input[name="__palette"][data-md-color-scheme="${schema}"]`);
  if (choix && !choix.checked) choix.click();
}"""


contexte = lecteur.contexte
"""Le téléphone du worker (`tests/lecteur.py`), surveillé, rendu propre après chaque test."""


@dataclass
class EtatsVerifies:
    """Ce qu'une page a montré, à une largeur : par mode, les fautes d'axe-core et les états vérifiés ; ses erreurs."""

    fautes: dict[str, list[str]]
    verifies: dict[str, int]
    erreurs: list[str]


def _verifier_les_etats(
    contexte: BrowserContext, adresse: str, axe_core: str, parcours: str, largeur: int
) -> EtatsVerifies:
    """Ouvre la page du parcours une fois à `largeur` et y crée ses états l'un après l'autre ; après chacun,
    axe-core dans chaque mode (clair, sombre), la page basculée sur place : le thème du système émulé
    (`emulate_media`) et la palette choisie (`CHOISIR_LA_PALETTE`), ce que fait un chargement dans ce mode.

    Une ouverture par mode démarrait Pyodide quatre fois par parcours (une fois par mode et largeur) pour les
    mêmes états ; la largeur garde sa propre page (un redimensionnement ferme la bulle du glossaire)."""
    chemin, etats = PARCOURS[parcours]
    erreurs: list[str] = []
    fautes: dict[str, list[str]] = {mode: [] for mode in MODES}
    verifies = dict.fromkeys(MODES, 0)
    page = contexte.new_page()
    try:
        page.set_viewport_size({"width": largeur, "height": 900})
        page.on("pageerror", lambda e: erreurs.append(str(e)))
        ouvrir(page, adresse + chemin)
        for nom, agir in etats:
            agir(page)
            for mode, (theme, schema) in MODES.items():
                page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
                page.evaluate(CHOISIR_LA_PALETTE, schema)
                expect(page.locator("body")).to_have_attribute("data-md-color-scheme", schema)
                fautes[mode] += _axe(page, axe_core, nom)
                verifies[mode] += 1
    finally:
        page.close()
    return EtatsVerifies(fautes, verifies, erreurs)


@pytest.fixture(scope="session")
def etats_verifies() -> dict[tuple[str, int], EtatsVerifies | Exception]:
    """Les relevés de ce worker, par parcours et largeur : faits au premier test qui les demande."""
    return {}


@pytest.mark.parametrize(
    ("largeur", "parcours"),
    [
        pytest.param(largeur, parcours, id=f"{nom}-{parcours}", marks=groupe_d_etats(parcours, largeur))
        for nom, largeur in LARGEURS.items()
        for parcours in PARCOURS
    ],
)
@pytest.mark.parametrize("mode", MODES.keys())
def test_axe_ne_trouve_rien_de_grave_apres_interaction(
    contexte: BrowserContext,
    serveur_site: str,
    axe_core: str,
    bilan: Callable[[str, int], None],
    etats_verifies: dict[tuple[str, int], EtatsVerifies | Exception],
    mode: str,
    largeur: int,
    parcours: str,
) -> None:
    cle = (parcours, largeur)
    if cle not in etats_verifies:
        try:
            etats_verifies[cle] = _verifier_les_etats(contexte, serveur_site, axe_core, parcours, largeur)
        except Exception as erreur:  # les deux modes échouent de la même erreur, sans rouvrir la page
            etats_verifies[cle] = erreur
    releve = etats_verifies[cle]
    if isinstance(releve, Exception):
        raise releve
    verifies, fautes = releve.verifies[mode], releve.fautes[mode]
    bilan(
        f"états vérifiés par axe-core {npm.version_epinglee(RACINE, 'axe-core')} après interaction, mode {mode}, {largeur} px",
        verifies,
    )
    assert verifies == len(PARCOURS[parcours][1])
    assert not releve.erreurs, f"erreurs de la page : {releve.erreurs}"
    assert not fautes, f"{len(fautes)} violations (mode {mode}, {largeur} px) :\n" + "\n".join(fautes)


@pytest.mark.parametrize("mode", MODES.keys())
def test_axe_ne_trouve_rien_de_grave_menu_ouvert_sur_un_telephone(
    browser: Browser, serveur_site: str, axe_core: str, mode: str
) -> None:
    """Le menu du site (un tiroir sous 1220 px) ouvert : il n'est visible, donc vérifié, qu'ouvert."""
    theme, schema = MODES[mode]
    contexte = browser.new_context(
        viewport={"width": LARGEURS["telephone"], "height": 900}, color_scheme=theme, service_workers="block"
    )
    page = contexte.new_page()
    page.goto(serveur_site + PAGE_REGLES, wait_until="load")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", schema)
    page.get_by_role("button", name="Menu du site", exact=True).click()
    expect(page.locator(".md-sidebar--primary")).to_be_visible()
    fautes = _axe(page, axe_core, "menu ouvert")
    contexte.close()
    assert not fautes, f"{len(fautes)} violations (mode {mode}) :\n" + "\n".join(fautes)


# ---------------------------------------------------------------- le glossaire au clavier


@groupe("clair", "bureau")
def test_un_seul_arret_de_tabulation_par_terme_et_par_page(
    parcours: Callable[[str, str], Parcours], site_construit: SiteConstruit, bilan: Callable[[str, int], None]
) -> None:
    """La première occurrence de chaque définition prend le focus ; les suivantes gardent leur titre.

    Et tout terme d'une page s'atteint au clavier quand on le voit : un bloc repliable (détails
    fermé, onglet inactif) a ses propres premières occurrences. Chaque page est lue, telle qu'elle
    se charge, par le parcours clair à 1280 px (`tests/parcours.py`)."""
    occurrences = arrets = pages = 0
    par_page: dict[str, tuple[int, int]] = {}
    fautes = []
    releves = parcours("clair", "bureau")["termes"]
    for chemin in site_construit.adresses():
        assert chemin in releves, f"{chemin} : pas lue par le parcours"
        termes, invisibles = releves[chemin]["termes"], releves[chemin]["sans_arret_visible"]
        vues: set[tuple[int, str]] = set()
        for rang, t in enumerate(termes):
            # La première occurrence de la page, et de chaque bloc repliable (détails, onglet) qui peut être fermé.
            premiere = (t["bloc"], t["definition"]) not in vues
            vues.add((t["bloc"], t["definition"]))
            if not t["definition"]:
                fautes.append(f"{chemin} : terme n° {rang + 1} sans définition")
            elif t["focalisable"] != premiere:
                quoi = "prend le focus" if t["focalisable"] else "ne prend pas le focus"
                fautes.append(f"{chemin} : le terme n° {rang + 1} {quoi} ({t['definition'][:50]})")
        fautes += invisibles
        occurrences += len(termes)
        arrets += sum(t["focalisable"] for t in termes)
        par_page[chemin] = (len(termes), sum(t["focalisable"] for t in termes))
        pages += 1
    bilan("glossaire : occurrences de termes sur le site", occurrences)
    bilan("glossaire : arrêts de tabulation sur le site", arrets)
    for chemin in ("imprimer/", PAGE_REGLES):
        bilan(f"glossaire : occurrences de termes sur {chemin}", par_page[chemin][0])
        bilan(f"glossaire : arrêts de tabulation sur {chemin}", par_page[chemin][1])
    assert occurrences >= 1000 and pages >= 40, "le glossaire ou les pages ont disparu : rien de vérifié"
    assert not fautes, f"{len(fautes)} fautes :\n" + "\n".join(fautes[:20])


def test_au_clavier_chaque_definition_une_fois_et_les_autres_au_survol(browser: Browser, serveur_site: str) -> None:
    """Tab de haut en bas d'une page de règles : chaque définition est atteinte une fois, et une seule ;
    une occurrence suivante montre sa définition au survol et la porte dans l'arbre d'accessibilité."""
    contexte = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = contexte.new_page()
    # Material monté d'abord (le premier geste d'un lecteur le monte) : monté pendant les tabulations, sur une
    # machine chargée, il arrivait après la première et le focus repassait par le premier terme (vu sous charge 16).
    ouvrir(page, serveur_site + PAGE_REGLES)
    definitions = page.evaluate(TERMES)
    # Les premières occurrences (de la page, de chaque bloc repliable) qu'on voit sans rien ouvrir.
    premieres = {(t["bloc"], t["definition"]): rang for rang, t in reversed(list(enumerate(definitions)))}
    distinctes = [definitions[r]["definition"] for r in sorted(premieres.values()) if definitions[r]["visible"]]
    assert len(set(distinctes)) < len([t for t in definitions if t["visible"]]), (
        "la page n'a plus de terme répété à l'écran : le test ne vérifie rien"
    )
    atteintes: list[str] = []
    for _ in range(800):
        page.keyboard.press("Tab")
        rang = page.evaluate(
            "() => document.activeElement === document.body ? null"
            " : [...document.querySelectorAll('.md-content abbr')].indexOf(document.activeElement)"
        )
        if rang is None:
            break
        if rang >= 0:
            atteintes.append(definitions[rang]["definition"])
    else:
        raise AssertionError("800 tabulations sans faire le tour de la page")
    assert atteintes == distinctes

    suivante = page.locator(".md-content abbr:not([tabindex])").first
    definition = suivante.get_attribute("title")
    assert definition
    cdp = contexte.new_cdp_session(page)
    racine = cdp.send("DOM.getDocument")["root"]["nodeId"]
    cible = cdp.send("DOM.querySelector", {"nodeId": racine, "selector": ".md-content abbr:not([tabindex])"})
    ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": cible["nodeId"], "fetchRelatives": False})["nodes"]
    annonce = [(n.get("name") or {}).get("value", "") + " " + (n.get("description") or {}).get("value", "") for n in ax]
    assert any(definition in a for a in annonce), f"la définition n'est pas dans l'arbre : {annonce}"
    suivante.scroll_into_view_if_needed()
    suivante.hover()
    expect(page.locator(".md-tooltip2--active")).to_have_text(definition)
    contexte.close()


# ---------------------------------------------------------------- le chemin vers les exemples

ACTIF = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  // Un bouton radio caché (bascule clair / sombre) montre son focus sur une étiquette visible (voir
  // ANNEAU dans test_accessibilite.py) : c'est elle qui doit être à l'écran.
  const taille = x => { const r = x.getBoundingClientRect(); return r.width >= 1 && r.height >= 1; };
  let vu = e;
  if (!taille(e) && e.labels) {
    const suivante = e.nextElementSibling && e.nextElementSibling.tagName === "LABEL" ? [e.nextElementSibling] : [];
    vu = [...e.labels, ...suivante].find(taille) || e;
  }
  const r = vu.getBoundingClientRect();
  return {
    nom: (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 40),
    quoi: e.tagName.toLowerCase(),
    dedans: r.right > 0 && r.left < innerWidth && r.width >= 1 && r.height >= 1,
  };
}"""

MAX_APPUIS = {1280: 40, 375: 20}
"""Depuis le haut de la page, jusqu'à « Modifier » du premier exemple (mesuré : 31 et 14)."""


@pytest.mark.parametrize("largeur", LARGEURS.values(), ids=LARGEURS.keys())
def test_tab_atteint_le_premier_exemple_en_peu_d_appuis(
    contexte: BrowserContext, serveur_site: str, bilan: Callable[[str, int], None], largeur: int
) -> None:
    page = contexte.new_page()
    page.set_viewport_size({"width": largeur, "height": 900})
    page.goto(serveur_site + PAGE_REGLES, wait_until="load")
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    hors_ecran: list[str] = []
    chemin: list[dict[str, Any]] = []
    for _ in range(300):
        page.keyboard.press("Tab")
        actif = page.evaluate(ACTIF)
        assert actif is not None, "revenu en haut de la page sans atteindre le premier exemple"
        chemin.append(actif)
        if not actif["dedans"]:
            hors_ecran.append(f"{actif['quoi']} « {actif['nom']} »")
        if actif["nom"] == "Modifier l'exemple 1":
            break
    appuis = len(chemin)
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIF)["nom"] == "Exécuter l'exemple 1", "« Exécuter » ne suit pas « Modifier »"
    # Par le lien d'évitement : Tab, Entrée, puis Tab jusqu'à l'exemple.
    page.goto(serveur_site + PAGE_REGLES, wait_until="load")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    evitement = 2
    while page.evaluate(ACTIF) is None or page.evaluate(ACTIF)["nom"] != "Modifier l'exemple 1":
        page.keyboard.press("Tab")
        evitement += 1
        assert evitement < 300
    bilan(f"{PAGE_REGLES} à {largeur} px : appuis sur Tab depuis le haut jusqu'à « Modifier l'exemple 1 »", appuis)
    bilan(f"{PAGE_REGLES} à {largeur} px : touches par le lien d'évitement jusqu'à « Modifier l'exemple 1 »", evitement)
    assert not hors_ecran, "arrêts de tabulation hors de l'écran :\n" + "\n".join(dict.fromkeys(hors_ecran))
    assert appuis <= MAX_APPUIS[largeur], f"{appuis} appuis sur Tab avant le premier exemple"


def test_le_menu_du_telephone_s_ouvre_et_se_ferme_au_clavier(browser: Browser, serveur_site: str) -> None:
    contexte = browser.new_context(viewport={"width": 375, "height": 900}, service_workers="block")
    page = contexte.new_page()
    page.goto(serveur_site + PAGE_REGLES, wait_until="load")
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")
    menu = page.get_by_role("button", name="Menu du site", exact=True)
    navigation = page.locator(".md-sidebar--primary")
    expect(navigation).to_be_hidden()
    page.keyboard.press("Tab")  # le lien d'évitement
    page.keyboard.press("Tab")
    expect(menu).to_be_focused()
    expect(menu).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Enter")
    expect(navigation).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "true")
    # Les liens du menu, ouverts, sont atteints au clavier, à l'écran.
    for _ in range(20):
        page.keyboard.press("Tab")
        actif = page.evaluate(ACTIF)
        if actif and page.evaluate("() => !!document.activeElement.closest('.md-sidebar--primary')"):
            assert actif["dedans"], f"lien du menu hors de l'écran : {actif}"
            break
    else:
        raise AssertionError("20 tabulations sans entrer dans le menu ouvert")
    # Échap ferme le menu et rend le focus à son bouton ; Espace le rouvre.
    page.keyboard.press("Escape")
    expect(navigation).to_be_hidden()
    expect(menu).to_be_focused()
    page.keyboard.press(" ")
    expect(navigation).to_be_visible()
    contexte.close()


def _nom_actif(page: Page) -> str | None:
    actif = page.evaluate(ACTIF)
    return None if actif is None else str(actif["nom"])


def test_un_exemple_se_modifie_s_execute_et_se_reinitialise_au_clavier_seul(
    contexte: BrowserContext, serveur_site: str
) -> None:
    """Tab, Entrée et la frappe suffisent ; le focus n'est jamais perdu (renvoyé au haut de la page)."""
    page = contexte.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(serveur_site + PAGE_REGLES, wait_until="load")
    for _ in range(60):
        page.keyboard.press("Tab")
        if _nom_actif(page) == "Modifier l'exemple 1":
            break
    else:
        raise AssertionError("60 tabulations sans atteindre « Modifier l'exemple 1 »")
    page.keyboard.press("Enter")
    assert (_nom_actif(page) or "").startswith("Code Python de l'exemple 1"), "l'éditeur ne prend pas le focus"
    page.keyboard.press("Control+A")
    page.keyboard.type("from rules.warp import jet\nprint(jet(3, des=(6, 6, 1)).explication)")
    page.keyboard.press("Tab")  # la touche Tab quitte l'éditeur : pas de piège au clavier
    assert _nom_actif(page) == "Exécuter l'exemple 1"
    page.keyboard.press("Enter")
    groupe = page.get_by_role("group", name="Exemple 1", exact=True)
    expect(groupe.locator(".cellule-sortie")).to_contain_text("Critique", timeout=CHARGEMENT_MS)
    expect(page.get_by_role("button", name="Exécuter l'exemple 1", exact=True)).to_be_enabled()
    # Désactivé pendant l'exécution, « Exécuter » perd le focus : il le retrouve à la fin.
    assert _nom_actif(page) == "Exécuter l'exemple 1", f"focus après l'exécution : {_nom_actif(page)}"
    # Pendant une exécution sans fin, Tab mène à « Arrêter » ; Entrée l'arrête, le focus revient à « Exécuter ».
    page.get_by_role("button", name="Modifier l'exemple 3", exact=True).click()
    page.get_by_role("textbox", name=re.compile("^Code Python de l'exemple 3 ")).fill("while True:\n    pass")
    page.get_by_role("button", name="Exécuter l'exemple 3", exact=True).focus()
    page.keyboard.press("Enter")
    etat = page.get_by_role("group", name="Exemple 3", exact=True).get_by_role("status")
    expect(etat).to_have_text("Exécution…")
    page.keyboard.press("Tab")
    assert _nom_actif(page) == "Arrêter l'exécution de l'exemple 3"
    page.keyboard.press("Enter")
    expect(etat).to_contain_text("Exécution arrêtée")
    assert _nom_actif(page) == "Exécuter l'exemple 3", f"focus après l'arrêt : {_nom_actif(page)}"
    # Réinitialiser : le bouton disparaît, le focus va au bouton qui le remplace (« Modifier »).
    reinitialiser = page.get_by_role("button", name="Réinitialiser l'exemple 1", exact=True)
    reinitialiser.focus()
    page.keyboard.press("Enter")
    expect(groupe.locator(".cellule-sortie")).to_be_hidden()
    assert _nom_actif(page) == "Modifier l'exemple 1", f"focus après Réinitialiser : {_nom_actif(page)}"


@pytest.mark.parametrize("bouton", ["Calculer", "Lancer les dés"])
def test_un_bouton_du_calculateur_presse_au_clavier_garde_le_focus(
    contexte: BrowserContext, serveur_site: str, bouton: str
) -> None:
    """Désactivés pendant le calcul, « Calculer » et « Lancer les dés » ne renvoient pas le lecteur en haut."""
    page = contexte.new_page()
    ouvrir(page, serveur_site + "calculateur/")
    form = page.locator("#form-warp-jet")
    form.locator('[name="des"]').fill("6 5 2")
    form.locator('[name="des"]').focus()
    nom = f"{bouton} : Jet simple"
    for _ in range(5):
        page.keyboard.press("Tab")
        if _nom_actif(page) == nom:
            break
    else:
        raise AssertionError(f"Tab n'atteint pas « {nom} »")
    page.keyboard.press("Enter")
    expect(form.locator(".calc-verdict-texte")).not_to_be_empty(timeout=CHARGEMENT_MS)
    expect(form.get_by_role("button", name=nom)).to_be_enabled()
    assert _nom_actif(page) == nom, f"focus après le calcul : {_nom_actif(page)}"
