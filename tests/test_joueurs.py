"""Les pages des joueurs : glossaire (source unique), version imprimable, recherche.

Ce qui se vérifie sans navigateur : la forme du fichier d'abréviations, le
glossaire généré depuis lui, les infobulles de chaque page, la réécriture des
liens de la page imprimable et le script de recherche sans accents.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hooks.site import glossaire, imprimer, recherche_sans_accents
from tests.conftest import RACINE, SiteConstruit

ABREVIATIONS = RACINE / glossaire.SOURCE

EXIGES = [
    "Trait", "Test", "Critique", "Magistrale", "Compensation", "Catastrophe", "dé de bonus",
    "dé de malus", "dé d'expérience", "Alpha", "Bêta", "Progrès", "Revers", "Complexité",
    "Maniabilité", "Période", "MJ", "PJ", "PNJ", "caractéristique", "talent", "familiarité",
    "réussite spéciale", "échec spécial", "réussite critique", "échec critique", "Dd", "Dt",
    "Indice", "points d'effet", "Avantage", "initiative", "esquive", "blocage", "contre-attaque",
    "potentiel", "RM", "scène mineure", "scène majeure",
]  # fmt: skip
"""Les termes que l'issue 6 demande au glossaire."""


def test_chaque_concept_est_defini_une_fois() -> None:
    """Une entrée par concept : ses pluriels et variantes sont des formes, pas des copies."""
    texte = ABREVIATIONS.read_text(encoding="utf-8")
    entrees = glossaire.concepts(ABREVIATIONS)
    assert len(re.findall(r"^\*\[", texte, re.M)) == len(entrees)
    assert len({c.definition for c in entrees}) == len(entrees)
    formes = [f for c in entrees for f in c.formes]
    assert len(formes) == len(set(formes)) > len(entrees), "des formes en double, ou aucun alias"


def test_une_definition_ecrite_deux_fois_est_refusee(tmp_path: Path) -> None:
    fichier = tmp_path / "abreviations.md"
    fichier.write_text("*[Trait]: Une aptitude.\n\n*[Traits]: Une aptitude.\n", encoding="utf-8")
    with pytest.raises(ValueError, match="écrit deux fois"):
        glossaire.concepts(fichier)
    fichier.write_text("*[Trait]: Une aptitude.\n\n*[Trait|Traits]: Autre chose.\n", encoding="utf-8")
    with pytest.raises(ValueError, match="« Trait » est écrit deux fois"):
        glossaire.concepts(fichier)
    fichier.write_text("*[Trait]: Une aptitude.\nVoir ici\n", encoding="utf-8")
    with pytest.raises(ValueError, match="mal formée"):
        glossaire.concepts(fichier)


def test_chaque_definition_est_une_phrase_sans_guillemet_droit() -> None:
    for c in glossaire.concepts(ABREVIATIONS):
        assert '"' not in c.definition, f"{c.nom} : pas de guillemet droit (il fermerait l'attribut title)"
        assert c.definition.endswith((".", "…")), f"{c.nom} : une définition est une phrase"


def test_le_glossaire_definit_les_termes_demandes() -> None:
    assert not [t for t in EXIGES if t not in glossaire.definitions(ABREVIATIONS)]


def test_une_abreviation_et_son_nom_sont_un_seul_concept() -> None:
    d = glossaire.definitions(ABREVIATIONS)
    assert d["Dt"] == d["dé triplé"] and d["Dd"] == d["dé doublé"]


def test_l_avantage_definitif_ne_fait_pas_oublier_l_interview() -> None:
    """L'interview se gagne dès l'avantage critique (3D6 › Scènes d'interaction)."""
    d = glossaire.definitions(ABREVIATIONS)
    assert "interview" in d["avantage définitif"] and "interview" in d["avantage critique"]


def test_la_page_glossaire_a_une_entree_par_concept(site_construit: SiteConstruit) -> None:
    """Une seule source : chaque concept du fichier est une entrée (titre + texte) de la page."""
    html = (site_construit.dossier / "glossaire" / "index.html").read_text(encoding="utf-8")
    article = html.split("<article", 1)[1].split("</article>", 1)[0]
    entrees = glossaire.concepts(ABREVIATIONS)
    titres = re.findall(r"<h3 id=", article)
    assert len(titres) == len(entrees)
    texte = re.sub(r"<[^>]+>", "", article).replace("&#x27;", "'").replace("&amp;", "&")
    for c in entrees:
        for morceau in re.split(r"(?:WaRP|3D6) — ", c.definition):
            assert morceau.strip(" .") in texte, f"absent du glossaire : {morceau!r}"


@pytest.mark.parametrize("chemin", ["warp/jets-simples", "troisd6/jets", "premiers-pas/warp", "aide-memoire/warp"])
def test_chaque_page_recoit_les_infobulles(site_construit: SiteConstruit, chemin: str) -> None:
    html = (site_construit.dossier / chemin / "index.html").read_text(encoding="utf-8")
    titres = {t.replace("&#x27;", "'") for t in re.findall(r'<abbr title="([^"]+)">', html)}
    assert titres, f"{chemin} : aucune infobulle"
    systeme = "WaRP" if "warp" in chemin else "3D6"
    assert titres <= set(glossaire.definitions(ABREVIATIONS, systeme).values())
    autre = "3D6 — " if systeme == "WaRP" else "WaRP — "
    assert not [t for t in titres if autre in t], f"{chemin} : une infobulle parle de l'autre système"


def test_la_page_imprimable_reecrit_ses_liens() -> None:
    cles = {"warp/jets-simples/": "warp-jets-simples", "warp/jets-opposes/": "warp-jets-opposes"}
    html = (
        '<h2 id="egalite">É</h2><a href="#egalite">ici</a> <a href="../jets-opposes/#egalite">là</a> '
        '<a href="../../reference/warp-jets/#rules.warp.jets.jet">code</a> '
        '<a href="https://exemple.org/">dehors</a><input id="__tabbed_1_1" name="__tabbed_1">'
        '<label for="__tabbed_1_1">'
    )
    sortie = imprimer._reecrire(html, "warp/jets-simples/", cles, "imprimer/")
    assert 'id="warp-jets-simples--egalite"' in sortie
    assert 'href="#warp-jets-simples--egalite"' in sortie
    assert 'href="#warp-jets-opposes--egalite"' in sortie
    assert 'href="../reference/warp-jets/#rules.warp.jets.jet"' in sortie
    assert 'href="https://exemple.org/"' in sortie
    assert 'name="warp-jets-simples--__tabbed_1"' in sortie
    assert 'for="warp-jets-simples--__tabbed_1_1"' in sortie


def test_la_page_imprimable_suit_le_menu(site_construit: SiteConstruit) -> None:
    """Un sommaire, puis chaque page de règles dans l'ordre du menu, puis glossaire et registre."""
    texte = (site_construit.dossier / "imprimer" / "index.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="imprimer-page[^"]*" id="([^"]+)"', texte)
    sommaire = re.findall(r'<li><a href="#([^"]+)">', texte.split('<ol class="imprimer-sommaire">', 1)[1])
    assert sommaire[: len(sections)] == sections
    assert sections[0] == "warp" and sections[-2:] == ["glossaire", "interpretations"]
    regles = {
        p.relative_to(RACINE / "docs").with_suffix("").as_posix().removesuffix("/index").replace("/", "-")
        for d in imprimer.DOSSIERS
        for p in (RACINE / "docs" / d).glob("*.md")
    }
    assert regles <= set(sections), "une page de règles manque à la version imprimable"


def test_le_script_de_recherche_est_installe_une_fois(tmp_path: Path) -> None:
    fichier = tmp_path / "assets" / "javascripts" / "lunr" / "min" / "lunr.fr.min.js"
    fichier.parent.mkdir(parents=True)
    fichier.write_text("lunr.fr=function(){};", encoding="utf-8")
    for _ in range(2):
        recherche_sans_accents.on_post_build({"site_dir": str(tmp_path)})
    assert fichier.read_text(encoding="utf-8").count(recherche_sans_accents.MARQUE) == 1
    with pytest.raises(FileNotFoundError, match="recherche sans accents"):
        recherche_sans_accents.on_post_build({"site_dir": str(tmp_path / "ailleurs")})


@pytest.mark.parametrize(
    ("entree", "cible"),
    [
        ("magistrale", "../warp/jets-simples/#critiques-et-catastrophes"),
        ("trait-par-defaut", "../warp/jets-simples/#trait-par-defaut"),
        ("maniabilite", "../warp/tests-etendus/#principe"),
        ("esquive", "../troisd6/scenes-majeures/#defense"),
        ("scene-mineure", "../troisd6/scenes-mineures/"),
        # Un nouveau venu s'y est perdu : « Dt » et « dé triplé » menaient à deux sections,
        # « dé de malus » aux tests coopératifs plutôt qu'aux modificateurs.
        ("de-triple", "../troisd6/jets/#niveaux"),
        ("de-de-malus", "../warp/jets-simples/#modificateurs"),
    ],
)
def test_une_entree_du_glossaire_mene_a_sa_regle(site_construit: SiteConstruit, entree: str, cible: str) -> None:
    html = (site_construit.dossier / "glossaire" / "index.html").read_text(encoding="utf-8")
    bloc = html.split(f'<h3 id="{entree}"', 1)[1].split("<h", 1)[0]
    assert re.search(rf'Dans les règles : <a href="{re.escape(cible)}"', bloc), bloc
