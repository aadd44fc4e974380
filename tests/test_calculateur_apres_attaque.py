"""« La défense, choisie après l'attaque » : le paquet contre les dés énumérés, puis le calculateur, la ligne de
commande et le navigateur (Chromium, 375 px) contre le paquet.

L'attaque est lancée (son niveau, ou ses trois dés sous le seuil de l'attaquant) ; le défenseur choisit esquive,
blocage ou contre-attaque. Pour chaque cas de la table (chaque niveau d'attaque, plusieurs seuils, un blocage
avec armure, une contre-attaque avec et sans talent), les chances de
[`defense_apres_attaque`][rules.troisd6.duel.defense_apres_attaque] — aucun point subi, loi et moyenne des points
qui passent, initiative reprise — sont recomptées **dé par dé** (`tests/enumeration_apres_attaque.py`) : les 216 jets ordonnés de 3d6 de chaque camp
et chaque face des dés d'effet, par un code qui n'emprunte rien au paquet (les règles relues dans le texte :
« 3D6 › Principes de base › Spéciaux et critiques », « 3D6 › Scènes majeures › Principes généraux › Défense »).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.__main__ import main
from rules.calculateur import calculer, en_texte
from rules.troisd6 import Niveau, Personnage, Risque, defense_apres_attaque
from tests.enumeration_apres_attaque import CAS, DEFENSES, attendu_tableaux, brut_du_cas, lu

_NIVEAUX = {
    "critique": Niveau.REUSSITE_CRITIQUE, "speciale": Niveau.REUSSITE_SPECIALE, "simple": Niveau.REUSSITE_SIMPLE,
    "echec_simple": Niveau.ECHEC_SIMPLE, "echec_special": Niveau.ECHEC_SPECIAL, "echec_critique": Niveau.ECHEC_CRITIQUE,
}  # fmt: skip


def _paquet(cas: dict[str, str]) -> object:
    e = lu(cas)
    a = Personnage("Ada", seuil=int(e["seuil_attaquant"]), indice=e["indice_attaquant"])
    b = Personnage(
        "Bruno", seuil=int(e["seuil_defenseur"]), indice=e["indice_defenseur"], armure=int(e["armure_defenseur"]),
        talent_contre_attaque=e["talent_defenseur"] == "oui",
    )  # fmt: skip
    des = tuple(int(x) for x in e["des_attaque"].split())
    risque = Risque(int(e["modificateur"]), int(e["niveaux"]), int(e["bonus_points"]))
    return defense_apres_attaque(a, b, des if des else _NIVEAUX[e["niveau_attaque"]], risque=risque)


def test_la_table_couvre_chaque_niveau_le_blocage_avec_armure_et_la_contre_attaque_avec_et_sans_talent() -> None:
    niveaux = {lu(c)["niveau_attaque"] for c in CAS if not lu(c)["des_attaque"]}
    assert {"critique", "speciale", "simple"} <= niveaux and niveaux & {"echec_simple", "echec_critique"}
    assert any(c.get("des_attaque") for c in CAS)
    assert any(lu(c)["armure_defenseur"] != "0" for c in CAS)
    assert {lu(c)["talent_defenseur"] for c in CAS} == {"oui", "non"}
    assert len({lu(c)["seuil_defenseur"] for c in CAS}) >= 4


@pytest.mark.parametrize("cas", CAS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "exemple-issue")
def test_le_paquet_egale_l_enumeration_des_des(cas: dict[str, str]) -> None:
    choix = _paquet(cas)
    for defense, o in zip(DEFENSES, choix.options, strict=True):  # type: ignore[attr-defined]
        assert str(o.defense) == defense
        brut = brut_du_cas(cas, defense)
        assert (o.aucun_point, o.points, o.points_esperes, o.initiative) == (
            brut.aucun,
            brut.points,
            brut.moyenne,
            brut.initiative,
        ), defense


def test_l_exemple_de_l_issue() -> None:
    """Spéciale d'Ada, Bruno sous 10 : la contre-attaque (sous 7, au moins une spéciale) reprend l'initiative
    23 fois sur 216, l'esquive 1 fois sur 72 ; mais la contre-attaque laisse passer le plus de points."""
    contre, esquive, blocage = (brut_du_cas({}, d) for d in ("contre-attaque", "esquive", "blocage"))
    assert contre.initiative == Fraction(23, 216) and esquive.initiative == Fraction(1, 72)
    assert contre.aucun == 0 and esquive.aucun == Fraction(2, 9)
    assert blocage.moyenne < esquive.moyenne < contre.moyenne
    r = calculer("troisd6-apres-attaque", {})
    assert r.verdict == "Contre-attaque : 10,6 % de reprendre l'initiative"
    assert r.explication == (
        "Contre-attaque : la meilleure chance de reprendre l'initiative, 10,6 % (esquive : 1 chance sur 72, "
        "blocage : 1 chance sur 72) ; "
        "mais elle laisse passer 9,6 points d'effet en moyenne, contre 6,5 pour le blocage."
    )


@pytest.mark.parametrize("cas", CAS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "exemple-issue")
def test_le_calculateur_et_la_ligne_de_commande_montrent_ces_chances(
    cas: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    r = calculer("troisd6-apres-attaque", cas)
    assert r.ok, r.erreurs
    resume, loi = attendu_tableaux(cas)
    assert [ligne[1:] for ligne in r.tableaux[0].lignes] == resume
    assert [ligne[0].split(" (")[0] for ligne in r.tableaux[0].lignes] == list(DEFENSES)
    assert [tuple(ligne) for ligne in r.tableaux[1].lignes] == loi
    assert r.explication == _paquet(cas).explication  # type: ignore[attr-defined]
    options = [m for nom, v in cas.items() for m in (f"--{nom.replace('_', '-')}", v)]
    assert main(["troisd6-apres-attaque", *options]) == 0
    sortie = capsys.readouterr().out
    assert sortie == en_texte(r) + "\n"
    for ligne in [*resume, *loi]:
        for valeur in ligne:
            assert valeur in sortie


def test_le_niveau_dit_en_francais_a_la_ligne_de_commande(capsys: pytest.CaptureFixture[str]) -> None:
    for ecrit in ("spéciale", "Réussite spéciale", "speciale"):
        assert main(["troisd6-apres-attaque", "--niveau-attaque", ecrit]) == 0
        assert capsys.readouterr().out.startswith("Verdict : Contre-attaque : 10,6 % de reprendre l'initiative\n")


def test_le_lien_garde_l_attaque() -> None:
    """Les entrées rendues (ce que porte le lien à partager) gardent le niveau ou les dés de l'attaque ; des dés
    tirés par « Lancer » y entrent, avec le niveau « celui de ses dés », et le lien rouvre le même conseil."""
    import random

    r = calculer("troisd6-apres-attaque", {"niveau_attaque": "critique", "seuil_defenseur": "9"})
    assert r.entrees["niveau_attaque"] == "critique" and r.entrees["seuil_defenseur"] == "9"
    lance = calculer("troisd6-apres-attaque", {"niveau_attaque": "simple"}, lancer=True, rng=random.Random(5))
    assert lance.ok and lance.entrees["niveau_attaque"] == "des" and len(lance.entrees["des_attaque"].split()) == 3
    rejoue = calculer("troisd6-apres-attaque", lance.entrees)
    assert (rejoue.verdict, rejoue.explication, rejoue.tableaux) == (lance.verdict, lance.explication, lance.tableaux)
