"""Issue 21 au calculateur : un seuil et un Indice en défense par personnage (`seuil_defense`, `indice_defense`).

« Les points d'effet dépendent du niveau de la caractéristique principalement utilisée dans la scène. Cette
caractéristique est différente selon le type de scène et selon que l'on soit attaquant ou défenseur. » (source 003,
« B › 2 › a › i »). Les formulaires de la scène majeure, de l'échange (« Choix de la défense ») et de la défense
choisie après l'attaque, et la ligne de commande, prennent ces deux valeurs sous « Plus d'options » ; vides, ce sont
celles de l'attaque et rien ne change ; un refus va sous leur champ, nommé par son étiquette (`--option` au terminal).
"""

from __future__ import annotations

import pytest

from rules import troisd6
from rules.__main__ import main
from rules.calculateur import FORMULAIRES, calculer, en_texte
from rules.calculateur._commun import chance
from rules.refus import Refus

_ADA = troisd6.Personnage("Ada", seuil=12, indice="2D6")


def test_les_champs_sont_sous_plus_d_options_et_vides() -> None:
    for nom, camps in (("troisd6-scene", ("a", "b")), ("troisd6-defense", ("defenseur",)),
                       ("troisd6-apres-attaque", ("defenseur",))):  # fmt: skip
        f = FORMULAIRES[nom]
        for camp in camps:
            for champ in (f.champ(f"seuil_defense_{camp}"), f.champ(f"indice_defense_{camp}")):
                assert champ.defaut == "" and f.en_plus(champ), (nom, champ.nom)


@pytest.mark.parametrize(
    ("nom", "entrees"),
    [
        ("troisd6-scene", {}),
        ("troisd6-scene", {"adversaire": "passif", "comparer": "non"}),
        ("troisd6-defense", {}),
        (
            "troisd6-defense",
            {"des_attaque": "3 3 1", "effet_attaque": "7", "des_defense": "5 2 1", "effet_defense": "4"},
        ),
        ("troisd6-apres-attaque", {}),
    ],
)
def test_par_defaut_rien_ne_change(nom: str, entrees: dict[str, str]) -> None:
    """Les mêmes valeurs qu'en attaque, écrites ou laissées vides : les mêmes chances, le même verdict."""
    f = FORMULAIRES[nom]
    lu = calculer(nom, entrees)
    memes = dict(entrees)
    for c in f.champs:
        if c.nom.startswith(("seuil_defense_", "indice_defense_")):
            camp = c.nom.split("_defense_")[1]
            memes[c.nom] = entrees.get(f"{c.nom.split('_')[0]}_{camp}", f.champ(f"{c.nom.split('_')[0]}_{camp}").defaut)
    ecrit = calculer(nom, memes)
    assert (ecrit.verdict, ecrit.tableaux, ecrit.faits) == (lu.verdict, lu.tableaux, lu.faits)


def test_la_scene_et_l_echange_suivent_le_paquet() -> None:
    bruno = troisd6.Personnage("Bruno", seuil=11, indice="1D6+1D3", seuil_defense=13, indice_defense="2D6")
    r = calculer("troisd6-scene", {"seuil_defense_b": "13", "indice_defense_b": "2D6", "comparer": "non"})
    c = troisd6.chances_scene(_ADA, bruno)
    assert r.explication == c.explication and "en défense : seuil 13, 2D6" in r.explication
    assert r.verdict == "Ada l'emporte 71,7 % des fois" != calculer("troisd6-scene", {"comparer": "non"}).verdict
    e = calculer("troisd6-defense", {"seuil_defense_defenseur": "13", "indice_defense_defenseur": "2D6"})
    lois = [troisd6.chances_echange(_ADA, bruno, defense=d) for d in troisd6.Defense]
    assert e.tableaux[0].lignes == tuple(
        (str(d), chance(c.initiative_reprise), chance(c.avantage[troisd6.Avantage.AUCUN]), chance(c.attaque_reussie))
        for d, c in zip(troisd6.Defense, lois, strict=True)
    )
    assert e.tableaux[0].notes == tuple(str(c) for c in lois)
    assert e.tableaux != calculer("troisd6-defense", {}).tableaux
    apres = calculer("troisd6-apres-attaque", {"seuil_defense_defenseur": "13"})
    bruno_10 = troisd6.Personnage("Bruno", seuil=10, indice="1D6+1D3", seuil_defense=13)
    assert (
        apres.explication == troisd6.defense_apres_attaque(_ADA, bruno_10, troisd6.Niveau.REUSSITE_SPECIALE).explication
    )


_REFUS = [
    ("troisd6-scene", {"seuil_defense_b": "x"}, "seuil_defense_b",
     "Seuil en défense (esquive, blocage), s'il diffère : doit être un entier, reçu 'x'"),
    ("troisd6-scene", {"indice_defense_a": "1D8"}, "indice_defense_a",
     "Indice du blocage, s'il diffère : doit s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement), reçu '1D8'"),
    # Un blocage critique monte l'Indice du blocage hors de l'échelle : sous ce champ, pas sous l'Indice de l'attaque.
    ("troisd6-scene", {"indice_defense_b": "14D6", "comparer": "non"}, "indice_defense_b",
     "Indice du blocage, s'il diffère : 14D6 +3 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
    ("troisd6-defense", {"indice_defense_defenseur": "14D6"}, "indice_defense_defenseur",
     "Indice du blocage, s'il diffère : 14D6 +3 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
    ("troisd6-apres-attaque", {"indice_defense_defenseur": "14D6", "niveau_attaque": "simple"},
     "indice_defense_defenseur",
     "Indice du blocage, s'il diffère : 14D6 +3 niveaux sort de l'échelle des Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà"),
    ("troisd6-defense", {"seuil_defense_defenseur": "1.5"}, "seuil_defense_defenseur",
     "Seuil en défense (esquive, blocage), s'il diffère : doit être un entier, reçu '1.5'"),
]  # fmt: skip


@pytest.mark.parametrize(("nom", "entrees", "champ", "message"), _REFUS)
def test_un_refus_va_sous_son_champ_nomme_par_son_etiquette(
    nom: str, entrees: dict[str, str], champ: str, message: str
) -> None:
    assert calculer(nom, entrees).erreurs == {champ: message}


def test_la_ligne_de_commande(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--seuil-defense-b", "13", "--indice-defense-b", "2D6", "--comparer", "non"]
    assert main(["troisd6-scene", *options]) == 0
    entrees = {"seuil_defense_b": "13", "indice_defense_b": "2D6", "comparer": "non"}
    assert capsys.readouterr().out == en_texte(calculer("troisd6-scene", entrees)) + "\n"
    assert main(["troisd6-scene", "--indice-defense-b", "14D6", "--comparer", "non"]) == 2
    assert capsys.readouterr().err == (
        "python -m rules troisd6-scene : erreur : --indice-defense-b : 14D6 +3 niveaux sort de l'échelle des "
        "Indices (de 1D3 à 15D6) ; le texte ne définit rien au-delà\n"
    )


def test_le_paquet_porte_le_refus_sur_l_indice_de_ses_defenses() -> None:
    """`rules.troisd6.duel` : le blocage critique qui sort de l'échelle est celui de `indice_defense` quand il est
    donné (lieu `indice_defense`), de `indice` sinon ; la contre-attaque, un jet d'attaque, garde `indice`."""
    haut = troisd6.Personnage("Bruno", seuil=11, indice="1D6", indice_defense="14D6")
    with pytest.raises(Refus) as refus:
        troisd6.chances_scene(_ADA, haut)
    assert refus.value.lieux == (("b", "indice_defense"),)
    with pytest.raises(Refus) as refus:
        troisd6.defense_apres_attaque(_ADA, haut, troisd6.Niveau.REUSSITE_SIMPLE)
    assert refus.value.lieux == (("defenseur", "indice_defense"),)
    sans = troisd6.Personnage("Bruno", seuil=11, indice="14D6")
    with pytest.raises(Refus) as refus:
        troisd6.chances_echange(_ADA, sans)
    assert refus.value.lieux == (("defenseur", "indice"),)
