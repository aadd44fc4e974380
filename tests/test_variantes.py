"""« Et si… ? » : chaque variante et chaque règle maison change ce qu'elle déclare, rien d'autre, et ses chances
exactes s'accordent au jeu joué sous elle.

Sous le texte (la lecture par défaut), chaque nombre publié reste celui d'avant (les doctests des pages et du
code en sont les témoins). Ici : pour chaque variante, les réponses du calculateur (chaque cas de
`tests/cas_calculateur.py` et des sondes qui touchent ce qu'elle change) diffèrent dans au moins un des
formulaires qu'elle déclare et sont identiques, octet pour octet, dans tous les autres ; une chance exacte
calculée sous elle s'accorde à une simulation à graine fixe jouée sous elle ; chaque boîte « Interprétation »
offre sa variante ou dit pourquoi il n'y en a pas.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from rules import troisd6, warp
from rules.calculateur import FORMULAIRES, calculer
from rules.refus import Refus
from rules.regles import TEXTE, Regles, en_cours, sous
from rules.troisd6 import Defense, Personnage, Politique, Risque
from rules.variantes import REGLES_MAISON, UNE_SEULE_LECTURE, VARIANTES, regles
from tests.cas_calculateur import CAS
from tests.conftest import RACINE
from tests.simulation import dans_l_intervalle, simuler_scene

SONDES: dict[str, list[dict[str, str]]] = {
    "warp-jet": [{"trait": "3", "bonus": "2"}, {"trait": "2", "malus": "1", "des": "6 4 3"}],
    "warp-oppose": [{"trait_premier": "3", "trait_second": "1", "des_premier": "1 1 1", "des_second": "2"}],
    "warp-cooperatif": [{"alpha": "3", "resultats": "Catastrophe, Compensation"}, {"alpha": "2", "betas": "1, 1"}],
    "warp-etendu": [{"trait": "3", "complexite": "4", "maniabilite": "3", "bonus": "1"}],
    "warp-experience": [{"trait": "3", "reserve": "2", "accepte": "oui", "bonus": "1"}],
    "troisd6-jet": [{"sorte": "talent", "valeur": "0", "familiarite": "oui"}],
    "troisd6-mineure": [
        {"seuil_premier": "12", "seuil_second": "12", "des_premier": "5 4 1", "des_second": "6 2 1"},
    ],
    "troisd6-effet": [{"indice": "1D6+1D3", "niveau": "critique", "de": "2"}],
    "troisd6-defense": [
        {"defense": "contre_attaque", "seuil_defense_defenseur": "14"},
        {"modificateur": "-1", "niveaux": "1", "bonus_points": "1"},
    ],
    "troisd6-apres-attaque": [
        {"niveau_attaque": "speciale", "seuil_defenseur": "10"},
        {"niveau_attaque": "speciale", "niveaux": "1", "bonus_points": "1", "seuil_defense_defenseur": "14"},
    ],
    "troisd6-scene": [
        {"comparer": "oui", "defense_b": "contre_attaque", "seuil_defense_b": "14"},
        {"adversaire": "interview", "comparer": "non"},
        {"modificateur_a": "-1", "niveaux_a": "1", "comparer": "non"},
    ],
}
"""Des entrées de chaque formulaire qui touchent ce que les variantes changent (critiques, contre-attaques,
risques, interviews…), en plus des cas de `tests/cas_calculateur.py`."""


def _entrees(formulaire: str) -> list[dict[str, str]]:
    return [{}, *(c.entrees for c in CAS if c.formulaire == formulaire), *SONDES.get(formulaire, [])]


def _reponses(formulaire: str, r: Regles) -> list[Any]:
    sorties = []
    for entrees in _entrees(formulaire):
        with sous(r):
            sorties.append(calculer(formulaire, entrees, rng=random.Random(0)).en_dict())
    return sorties


_TEXTE = {f: _reponses(f, TEXTE) for f in FORMULAIRES}


def _maison_changee(nom: str) -> Regles:
    """Une règle maison à une autre valeur que le texte, dans ses bornes (la plus éloignée du texte)."""
    m = REGLES_MAISON[nom]
    valeur = m.minimum if abs(m.minimum - m.texte) >= abs(m.maximum - m.texte) else m.maximum
    return regles(**{nom: valeur})


LECTURES = [pytest.param(regles([v.id]), v.formulaires, id=v.id) for v in VARIANTES.values()] + [
    pytest.param(_maison_changee(m.id), m.formulaires, id=f"maison-{m.id}") for m in REGLES_MAISON.values()
]


@pytest.mark.parametrize(("lecture", "declares"), LECTURES)
def test_chaque_lecture_change_ce_qu_elle_declare_et_rien_d_autre(lecture: Regles, declares: tuple[str, ...]) -> None:
    for f in FORMULAIRES:
        sous_elle = _reponses(f, lecture)
        if f in declares:
            assert sous_elle != _TEXTE[f], f"{f} : la lecture {lecture.ecarts()} n'y change rien"
        else:
            assert sous_elle == _TEXTE[f], f"{f} : la lecture {lecture.ecarts()} y change une réponse"


def test_une_variante_sans_formulaire_change_sa_regle() -> None:
    """Les variantes qu'aucun formulaire ne montre changent la règle qu'elles nomment, appelée directement."""
    sans = {v.id for v in VARIANTES.values() if not v.formulaires}
    assert sans == {"echec-simple-compte", "pas-de-seconde-demande"}
    rate = troisd6.jet(7, (6, 4, 2))
    assert troisd6.accroissement_difficulte(rate).points == 0
    with sous(regles(["echec-simple-compte"])):
        assert troisd6.accroissement_difficulte(rate).points == 1
    refus = warp.ReserveExperience(1).convertir("crocheter", accepte=False).apres
    assert refus == warp.ReserveExperience(1) and refus.convertir("crocheter", accepte=True).bonus == 1
    with sous(regles(["pas-de-seconde-demande"])):
        refus = warp.ReserveExperience(1).convertir("crocheter", accepte=False).apres
        with pytest.raises(Refus, match="déjà refusé"):
            refus.convertir("crocheter", accepte=True)
        assert refus.convertir("forcer la porte", accepte=True).bonus == 1  # un autre Test, lui, peut le recevoir


# --- Les chances sous une variante, contre le jeu joué sous elle ---------------------------------------------

_ADA = Personnage("Ada", seuil=12, indice="1D6+1D3", seuil_defense=9)
_BRUNO = Personnage("Bruno", seuil=10, indice="2D6", seuil_defense=13)
_ADA_RISQUE = Politique(Risque(-1, niveaux=1), Defense.CONTRE_ATTAQUE)
_BRUNO_RISQUE = Politique(Risque(-2, bonus_points=2), Defense.BLOCAGE)

SCENES = [
    "triple-aussi-double",
    "echelle-reguliere",
    "contre-attaque-qui-esquive",
    "contre-attaque-en-defense",
    "blocage-avec-le-risque",
]


@pytest.mark.parametrize(
    "lecture",
    [pytest.param(regles([v]), id=v) for v in SCENES]
    + [pytest.param(regles(malus_contre_attaque=-1, blocage_points=2), id="maison")],
)
def test_les_chances_d_une_scene_sous_une_lecture_s_accordent_au_jeu(lecture: Regles) -> None:
    with sous(lecture):
        c = troisd6.chances_scene(_ADA, _BRUNO, politique_a=_ADA_RISQUE, politique_b=_BRUNO_RISQUE)
        victoires, _ = simuler_scene(_ADA, _BRUNO, _ADA_RISQUE, _BRUNO_RISQUE, 1200, graine=39, initiative="Ada")
    texte = troisd6.chances_scene(_ADA, _BRUNO, politique_a=_ADA_RISQUE, politique_b=_BRUNO_RISQUE)
    assert c.victoire_premier != texte.victoire_premier  # la lecture joue bien dans cette scène
    assert dans_l_intervalle(victoires, 1200, float(c.victoire_premier)), (victoires / 1200, c.victoire_premier)


@pytest.mark.parametrize(
    ("lecture", "trait", "bonus", "malus"),
    [
        pytest.param(regles(["seuil-des-des-lances"]), 2, 2, 0, id="seuil-des-des-lances"),
        pytest.param(regles(seuil_par_de=4), 3, 0, 1, id="maison-seuil_par_de"),
    ],
)
def test_la_loi_d_un_jet_warp_sous_une_lecture_s_accorde_aux_jets_joues(
    lecture: Regles, trait: int, bonus: int, malus: int
) -> None:
    rng, n = random.Random(39), 4000
    with sous(lecture):
        loi = warp.distribution(trait, bonus=bonus, malus=malus)
        joues = Counter(warp.jet(trait, bonus=bonus, malus=malus, rng=rng).resultat for _ in range(n))
    assert loi != warp.distribution(trait, bonus=bonus, malus=malus)
    for resultat, p in loi.items():
        assert dans_l_intervalle(joues[resultat], n, float(p)), (resultat, joues[resultat] / n, p)


def test_la_loi_d_un_jet_oppose_sous_une_lecture_s_accorde_aux_jets_joues() -> None:
    rng, n = random.Random(39), 6000
    with sous(regles(["catastrophe-au-total"])):
        loi = warp.chances_opposees(3, 1)
        joues = Counter(warp.opposition(warp.jet(3, rng=rng), warp.jet(1, rng=rng)).issue for _ in range(n))
    assert loi != warp.chances_opposees(3, 1)
    for issue, p in loi.items():
        assert dans_l_intervalle(joues[issue], n, float(p)), (issue, joues[issue] / n, p)


# --- Les lectures elles-mêmes ------------------------------------------------------------------------------


def test_le_texte_est_la_lecture_par_defaut_et_ses_constantes() -> None:
    assert regles() == Regles() == TEXTE and en_cours() is TEXTE
    assert TEXTE.malus_contre_attaque == troisd6.MALUS_CONTRE_ATTAQUE
    assert TEXTE.malus_familiarite == troisd6.MALUS_FAMILIARITE
    assert (TEXTE.blocage_niveaux, TEXTE.blocage_points) == troisd6.BONUS_DU_BLOCAGE
    with sous(regles(["triple-aussi-double"])):
        assert en_cours().triple_aussi_double
        with sous(TEXTE):
            assert en_cours() is TEXTE
    assert en_cours() is TEXTE  # rien à remettre en place


def test_deux_lectures_qui_fixent_le_meme_point_s_excluent_en_se_nommant() -> None:
    with pytest.raises(Refus) as refus:
        regles(["meilleure-defense-moins-de-points", "meilleure-defense-rien-subir"])
    assert refus.value.lieux == (("variantes",),)
    assert "meilleure-defense-moins-de-points" in str(refus.value) and "meilleure-defense-rien-subir" in str(
        refus.value
    )
    with pytest.raises(Refus, match="malus_contre_attaque doit être un entier entre -6 et 0"):
        regles(malus_contre_attaque=-9)
    with pytest.raises(Refus) as refus:
        regles(malus_de_rien=1)
    assert refus.value.lieux == (("malus_de_rien",),)


def _boites() -> dict[str, str]:
    """Chaque boîte « Interprétation » des pages, par titre : sa page."""
    trouvees = {}
    for page in sorted((RACINE / "docs").rglob("*.md")):
        for titre in re.findall(r'^\s*!!! info[^\n"]*"Interprétation : ([^"]*)"', page.read_text("utf-8"), re.M):
            trouvees[titre] = page.relative_to(RACINE / "docs").as_posix()
    return trouvees


def test_chaque_boite_offre_son_autre_lecture_ou_dit_pourquoi_il_n_y_en_a_pas() -> None:
    boites = _boites()
    boites.pop("exemple de boîte")  # l'exemple de l'accueil, qui montre à quoi ressemble une boîte
    offertes = {v.boite: v.page for v in VARIANTES.values()}
    assert set(boites) == set(offertes) | set(UNE_SEULE_LECTURE)
    assert not set(offertes) & set(UNE_SEULE_LECTURE)
    assert all(boites[b] == page for b, page in offertes.items())


def test_une_lecture_se_passe_au_calculateur_et_a_la_ligne_de_commande() -> None:
    r = calculer("troisd6-jet", {"sorte": "talent", "familiarite": "oui"}, maison={"malus_familiarite": -1})
    assert r.faits[0].endswith("= 9 : réussite sur 9 ou moins aux 3d6 ; difficulté « normal ».")
    assert en_cours() is TEXTE
    with pytest.raises(Refus, match="aucune variante ne s'appelle"):
        calculer("troisd6-jet", variantes=["nope"])


def test_la_ligne_de_commande_liste_les_variantes_et_les_applique(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from rules.__main__ import main

    assert main(["variantes", "--json"]) == 0
    lues = json.loads(capsys.readouterr().out)
    assert [v["id"] for v in lues["variantes"]] == list(VARIANTES)
    for v in lues["variantes"]:
        assert {"id", "titre", "page", "formulaires"} <= set(v) and (RACINE / "docs" / v["page"]).exists()
        assert set(v["formulaires"]) <= set(FORMULAIRES)
    assert [m["id"] for m in lues["regles_maison"]] == list(REGLES_MAISON)
    commande = ["troisd6-apres-attaque", "--niveau-attaque", "speciale", "--seuil-defenseur", "10"]
    assert main(commande) == 0
    texte = capsys.readouterr().out
    assert main([*commande, "--variante", "meilleure-defense-rien-subir", "--maison", "malus_contre_attaque=-2"]) == 0
    sous_variantes = capsys.readouterr().out
    assert sous_variantes != texte and "de ne rien subir" in sous_variantes.splitlines()[0]
    assert (
        main(
            [*commande, "--variante", "meilleure-defense-rien-subir", "--variante", "meilleure-defense-moins-de-points"]
        )
        == 2
    )
    assert "s'excluent" in capsys.readouterr().err
