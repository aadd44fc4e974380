"""Les formulaires courts : d'abord les champs qu'un joueur remplit à la table, le reste sous « Plus d'options »
(un vrai `<details>`, que la page déplie dès qu'un de ses champs porte une autre valeur que son défaut ou un refus :
vérifié dans Chromium par `tests/test_calculateur_court_navigateur.py`) ; face à un passif, rien de l'adversaire à
remplir et un résultat qui parle d'un obstacle ; l'objectif qui suit la sorte de scène ; aucune fraction illisible."""

from __future__ import annotations

import re

import pytest

from hooks.calculateur.calculateur import formulaire_html
from rules import troisd6
from rules.calculateur import FORMULAIRES, Champ, Formulaire, calculer
from rules.refus import Refus
from tests.conftest import RACINE, SiteConstruit

_ADA = troisd6.Personnage("Ada", seuil=12, indice="2D6")
_BRUNO = troisd6.Personnage("Bruno", seuil=11, indice="1D6+1D3")


def _a_la_table(nom: str) -> list[str]:
    f = FORMULAIRES[nom]
    return [c.nom for c in f.champs if not f.en_plus(c)]


def test_les_champs_de_la_table() -> None:
    assert _a_la_table("warp-jet") == ["trait", "bonus", "malus", "des"]
    assert _a_la_table("troisd6-scene") == ["seuil_a", "indice_a", "adversaire", "seuil_b", "indice_b"]
    assert _a_la_table("troisd6-apres-attaque") == [
        "niveau_attaque", "des_attaque", "seuil_attaquant", "indice_attaquant", "seuil_defenseur", "indice_defenseur",
    ]  # fmt: skip
    assert {"trait", "bonus", "malus", "des"} <= set(_a_la_table("warp-etendu"))
    # Un risque, une armure, un talent ne sont jamais des champs de la table.
    for f in FORMULAIRES.values():
        for c in f.champs:
            if re.match(r"(armure|talent|modificateur|niveaux|bonus_points)(_|$)", c.nom) and f.a_la_table:
                assert f.en_plus(c), (f.nom, c.nom)


@pytest.mark.parametrize("nom", list(FORMULAIRES))
def test_le_formulaire_html_range_le_reste_sous_plus_d_options(nom: str) -> None:
    f = FORMULAIRES[nom]
    page = formulaire_html(f)
    plus = re.search(r'<details class="calc-plus">(.*?)</details>', page)
    autres = [c.nom for c in f.champs if f.en_plus(c)]
    if not autres:
        assert plus is None
        return
    assert plus is not None and '<details class="calc-plus" open' not in page
    assert plus[1].startswith("<summary>Plus d'options")
    dedans = re.findall(r'name="(\w+)"', plus[1])
    assert dedans == autres
    dehors = re.findall(r'name="(\w+)"', page.replace(plus[0], ""))
    assert dehors == _a_la_table(nom)


def test_a_la_table_ne_nomme_que_des_champs() -> None:
    with pytest.raises(Refus, match=r"^a_la_table doit ne nommer que des champs du formulaire x, reçu \['y'\]$"):
        Formulaire("x", "3D6", "X", "", "", (Champ("a", "A"),), lambda lu: None, a_la_table=("a", "y"))  # type: ignore[arg-type,return-value]


# --- Le mode passif, l'objectif de la scène, les fractions lisibles ---------------------------------------------


def test_face_a_un_passif_le_resultat_parle_d_un_obstacle() -> None:
    """« Philip … face à Bruno (passif) » pour une voiture en panne : plus jamais. Sans nom, un passif est
    « l'obstacle » (« l'interviewé » pour une interview) ; le nom donné reste le sien."""
    philip = troisd6.Personnage("Philip", seuil=7, indice="1D6+1D3")
    r = calculer("troisd6-scene", {"nom_a": "Philip", "seuil_a": "7", "indice_a": "1D6+1D3", "adversaire": "passif"})
    attendu = troisd6.chances_scene(philip, troisd6.Personnage("l'obstacle", actif=False))
    assert r.explication == attendu.explication and "Bruno" not in str(r.en_dict())
    assert "face à l'obstacle (passif)" in (r.explication or "")
    nomme = calculer("troisd6-scene", {"adversaire": "passif", "nom_b": "la voiture", "comparer": "non"})
    assert "face à la voiture (passif)" in (nomme.explication or "")
    actif = calculer("troisd6-scene", {"comparer": "non"})
    assert (actif.verdict, actif.explication) == (
        "Ada l'emporte 84,9 % des fois",
        troisd6.chances_scene(_ADA, _BRUNO).explication,
    )


def test_face_a_un_passif_les_champs_de_l_adversaire_ne_sont_pas_lus() -> None:
    r = calculer("troisd6-scene", {"adversaire": "passif", "seuil_b": "x", "defense_b": "x", "modificateur_b": "y"})
    assert r.ok, r.erreurs
    assert not calculer("troisd6-scene", {"seuil_b": "x"}).ok  # face à un actif, si
    html = formulaire_html(FORMULAIRES["troisd6-scene"])
    for nom in ("seuil_b", "indice_b", "defense_b", "modificateur_b", "initiative", "avantage_b", "defense_a"):
        assert re.search(rf'data-si-champ="adversaire" data-si-valeur="actif">[^<]*<(label|input)[^>]*{nom}', html), nom
    for nom in ("nom_b", "armure_b", "seuil_a"):
        assert not re.search(rf'data-si-champ="adversaire"[^>]*>[^<]*<(label|input)[^>]*{nom}"', html), nom


def test_l_objectif_suit_la_sorte_de_scene_sauf_choix_du_lecteur() -> None:
    A = troisd6.Avantage
    temoin = troisd6.Personnage("l'interviewé", actif=False)
    josephine = troisd6.Personnage("Joséphine", seuil=12, indice="2D6")  # le nom de celle qui interroge, dans le texte
    interview = calculer("troisd6-scene", {"adversaire": "interview", "comparer": "non"})
    assert interview.explication == troisd6.chances_scene(josephine, temoin, objectif=A.CRITIQUE).explication
    assert "Objectif : avantage critique, celui d'une interview (l'avantage que vise le PJ)." in interview.faits
    choisi = calculer("troisd6-scene", {"adversaire": "interview", "objectif": "definitif", "comparer": "non"})
    assert choisi.explication == troisd6.chances_scene(josephine, temoin, objectif=A.DEFINITIF).explication
    passif = calculer("troisd6-scene", {"adversaire": "passif", "comparer": "non"})
    obstacle = troisd6.Personnage("l'obstacle", actif=False)
    philip = troisd6.Personnage("Philip", seuil=12, indice="2D6")  # celui qui répare, dans le texte
    assert passif.explication == troisd6.chances_scene(philip, obstacle).explication
    # Un lien d'avant (objectif=definitif écrit, ou rien) rouvre le même calcul.
    assert (
        calculer("troisd6-scene", {"objectif": "definitif"}).en_dict()["tableaux"]
        == calculer("troisd6-scene", {}).en_dict()["tableaux"]
    )


@pytest.mark.parametrize("nom", list(FORMULAIRES))
def test_aucune_fraction_illisible_n_est_montree(nom: str) -> None:
    for entrees in ({}, {"adversaire": "passif"} if nom == "troisd6-scene" else {}):
        for tableau in calculer(nom, entrees).tableaux:
            cellules = [c for ligne in tableau.lignes for c in ligne]
            assert not any("chiffres au dénominateur" in c for c in cellules)
            if "Fraction exacte" in tableau.entetes:
                j = tableau.entetes.index("Fraction exacte")
                assert all(len(ligne[j]) <= 21 for ligne in tableau.lignes)


def test_la_colonne_des_fractions_reste_quand_elles_se_lisent() -> None:
    assert calculer("warp-jet", {}).tableaux[0].entetes == (
        "Résultat",
        "Chance",
        "Fraction exacte",
        "Ce résultat ou mieux",
    )
    assert calculer("troisd6-scene", {"comparer": "non"}).tableaux[0].entetes == ("Issue", "Chance")


def test_la_borne_des_valeurs_vient_du_calculateur_python() -> None:
    """La page lit la longueur maximale d'une valeur sur chaque formulaire : une seule source, `LONGUEUR_MAX`."""
    from rules.calculateur._commun import LONGUEUR_MAX

    for f in FORMULAIRES.values():
        assert f'data-longueur-max="{LONGUEUR_MAX}"' in formulaire_html(f), f.nom
    script = (RACINE / "docs" / "javascripts" / "calculateur.js").read_text(encoding="utf-8")
    assert "form.dataset.longueurMax" in script
    assert str(LONGUEUR_MAX) not in script  # aucune copie du nombre dans le script


def test_les_deux_defenses_disent_quand_servir_et_renvoient_l_une_a_l_autre(site_construit: SiteConstruit) -> None:
    """« Choix de la défense » (avant l'attaque) et « La défense, choisie après l'attaque » : chacune dit dans sa
    première phrase à quel moment elle répond, et la page renvoie de l'une à l'autre."""
    avant, apres = FORMULAIRES["troisd6-defense"], FORMULAIRES["troisd6-apres-attaque"]
    assert avant.description.startswith("Avant que l'attaquant lance") and apres.voir == (avant.nom,)
    assert apres.description.startswith("L'attaque est lancée") and avant.voir == (apres.nom,)
    page = (site_construit.dossier / "calculateur" / "index.html").read_text(encoding="utf-8")
    for f, autre in ((avant, apres), (apres, avant)):
        section = page.split(f'data-mecanique="{f.nom}"', 1)[1].split("<form", 1)[0]
        assert f'href="#{autre.nom}"' in section, f.nom
