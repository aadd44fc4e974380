"""Le calculateur (rules.calculateur) : pour chaque cas, ce qu'il rend égale ce que rendent les règles elles-mêmes.

La table des cas (`tests/cas_calculateur.py`) appelle les règles directement ;
ces tests vérifient que le calculateur lit les mêmes entrées en texte et rend
le même verdict, la même explication et les mêmes chances exactes. Les mêmes
cas servent aux tests de la ligne de commande et du navigateur.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.affichage import pourcentage, une_chance_sur
from rules.calculateur import FORMULAIRES, calculer, calculer_json, en_texte
from rules.calculateur._commun import ecrire_des
from rules.des import lancer
from tests.cas_calculateur import CAS, ERREURS, Cas

XSS = ('"><img src=x onerror=alert(1)>', "</script><script>alert(1)</script>", "javascript:alert(1)")


@pytest.mark.parametrize("cas", CAS, ids=lambda c: c.ident)
def test_le_calculateur_rend_ce_que_rendent_les_regles(cas: Cas) -> None:
    r = calculer(cas.formulaire, cas.entrees)
    assert r.ok, r.erreurs
    if cas.verdict is not None:
        assert r.verdict == cas.verdict
    if cas.explication is not None:
        assert r.explication is not None
        if cas.morceau:
            assert cas.explication in r.explication
        else:
            assert r.explication.endswith(cas.explication)
    if cas.loi:
        lignes = r.tableaux[0].lignes
        assert len(lignes) == len(cas.loi)
        for ligne, p in zip(lignes, cas.loi.values(), strict=True):
            # Le pourcentage (deux décimales sous 5 %) et, pour une petite chance, « 1 chance sur N ».
            petite = 0 < p < Fraction(1, 20)
            attendu = f"{pourcentage(p, 2)} ({une_chance_sur(p)})" if petite else pourcentage(p)
            assert ligne[1] == attendu
            if not ligne[2].startswith("fraction exacte"):
                assert Fraction(ligne[2]) == p
        assert r.tableaux[0].barres == tuple(float(p) for p in cas.loi.values())


def test_chaque_formulaire_a_des_cas_et_une_erreur() -> None:
    assert {c.formulaire for c in CAS} == set(FORMULAIRES)
    assert {f for f, *_ in ERREURS} == set(FORMULAIRES)


@pytest.mark.parametrize(("formulaire", "entrees", "champ", "message"), ERREURS)
def test_chaque_mauvaise_entree_a_son_message_sous_son_champ(
    formulaire: str, entrees: dict[str, str], champ: str, message: str
) -> None:
    r = calculer(formulaire, entrees)
    assert r.erreurs == {champ: message}
    assert not r.ok and r.verdict is None and not r.tableaux


@pytest.mark.parametrize("formulaire", [f for f in FORMULAIRES.values() if f.lancable], ids=lambda f: f.nom)
def test_lancer_tire_les_des_et_le_lien_rejoue_le_meme_verdict(formulaire: object) -> None:
    nom = formulaire.nom  # type: ignore[attr-defined]
    for graine in range(5):
        lance = calculer(nom, lancer=True, rng=random.Random(graine))
        assert lance.ok, lance.erreurs
        assert lance.verdict is not None
        rejoue = calculer(nom, lance.entrees)
        assert (rejoue.verdict, rejoue.explication) == (lance.verdict, lance.explication)


def test_les_des_lances_sont_ceux_de_rules_des() -> None:
    r = calculer("warp-jet", {"trait": "3", "bonus": "1"}, lancer=True, rng=random.Random(7))
    assert r.entrees["des"] == ecrire_des(lancer(4, random.Random(7)))


def test_lancer_remplace_les_des_donnes() -> None:
    r = calculer("warp-jet", {"des": "1 1 1"}, lancer=True, rng=random.Random(3))
    assert r.entrees["des"] == ecrire_des(lancer(3, random.Random(3)))


def test_champ_inconnu_et_formulaire_inconnu() -> None:
    with pytest.raises(ValueError, match="n'est pas un champ du formulaire warp-jet"):
        calculer("warp-jet", {"traitt": "3"})
    with pytest.raises(ValueError, match="formulaire doit être l'un de warp-jet"):
        calculer("warp-jett")
    with pytest.raises(ValueError, match="trait doit être un texte d'au plus 200 caractères"):
        calculer("warp-jet", {"trait": "1" * 201})


def test_json_aller_retour() -> None:
    r = json.loads(calculer_json(json.dumps({"formulaire": "warp-jet", "entrees": {"des": "6 5 4"}})))
    assert r == calculer("warp-jet", {"des": "6 5 4"}).en_dict()
    for mauvaise in ("[]", "{", '{"formulaire": "warp-jet", "entrees": []}', '{"formulaire": 3}'):
        sortie = json.loads(calculer_json(mauvaise))
        assert sortie["ok"] is False and sortie["message"]
    lance = json.loads(calculer_json('{"formulaire": "warp-jet", "lancer": true}'))
    assert lance["ok"] and lance["verdict"] and lance["entrees"]["des"]


@pytest.mark.parametrize("formulaire", list(FORMULAIRES))
def test_les_charges_xss_sont_des_donnees_refusees(formulaire: str) -> None:
    for champ in FORMULAIRES[formulaire].champs:
        for charge in XSS:
            r = calculer(formulaire, {champ.nom: charge})
            assert champ.nom in r.erreurs, (champ.nom, charge, r.erreurs)
            assert r.verdict is None and not r.tableaux


def _valeurs(champ: object) -> st.SearchStrategy[str]:
    """Des saisies plausibles ou absurdes pour un champ : nombres, dés, Indices, options, texte."""
    sorte, choix = champ.sorte, champ.choix  # type: ignore[attr-defined]
    texte = st.text(max_size=12)
    if sorte == "entier":
        return st.one_of(st.integers(-30, 30).map(str), texte)
    if sorte == "des":
        return st.one_of(st.lists(st.integers(0, 7), max_size=6).map(lambda d: " ".join(map(str, d))), texte)
    if sorte == "choix":
        return st.one_of(st.sampled_from([v for v, _ in choix]), texte)
    if sorte == "case":
        return st.sampled_from(["oui", "non", "", "peut-être"])
    return st.one_of(st.sampled_from(["1D3", "2D6", "1D6+1D3", "12D6", "15D6", "Ada", "le témoin"]), texte)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(list(FORMULAIRES)), st.data())
def test_aucune_saisie_ne_fait_planter(formulaire: str, data: st.DataObject) -> None:
    entrees = {
        c.nom: data.draw(_valeurs(c), label=c.nom)
        for c in FORMULAIRES[formulaire].champs
        if data.draw(st.booleans(), label=f"remplir {c.nom}")
    }
    r = calculer(formulaire, entrees)
    assert r.ok or r.erreurs
    assert all(isinstance(m, str) and m for m in r.erreurs.values())
    en_texte(r)
    json.dumps(r.en_dict())


def test_en_texte_ecrit_verdict_tableaux_et_notes() -> None:
    texte = en_texte(calculer("warp-jet", {"trait": "3", "bonus": "1", "des": "6 2 5 1"}))
    assert texte.startswith("Verdict : Magistrale\n")
    assert "Réussite, Magistrale comprise : 82,5 %." in texte
    assert "1 chance sur 1296" in texte
    assert en_texte(calculer("warp-jet", {"trait": "-1"})) == "trait : trait doit être un entier ≥ 0, reçu -1"


def test_chaque_mecanique_mene_au_calculateur() -> None:
    """La page de règles de chaque formulaire a sa ligne « Au calculateur » vers lui (ancre comprise)."""
    from tests.conftest import RACINE

    for f in FORMULAIRES.values():
        chemin = f.regle.partition("#")[0]
        texte = (RACINE / "docs" / chemin).read_text("utf-8")
        assert f"calculateur.md#{f.nom})" in texte, f"{chemin} ne mène pas au formulaire {f.nom}"
