"""Les scènes suivies round par round d'« À la table » : les scènes des textes rejouées avec leurs dés (et
leurs errata), annuler, les décisions du MJ, le document d'une scène, et des propriétés : suivre une scène tour
par tour, c'est la jouer d'un coup ; ses chances d'ici à la fin sont celles de `chances_scene` et somment à 1 ;
un Test étendu suivi est celui de `derouler`, un Test coopératif suivi celui de `cooperation`.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.refus import Refus
from rules.table._schema import en_dict
from rules.table._suivi import (
    FORMAT_SCENE,
    Camp,
    SceneSuivie,
    TourSuivi,
    ajuster,
    annuler,
    chances_suivies,
    defense_suivie,
    etat_scene,
    jouer_tour,
    lire_scene,
    objectif_par_defaut,
)
from rules.table._suivi_warp import (
    FORMAT_COOPERATIF,
    FORMAT_ETENDU,
    CooperatifSuivi,
    EtenduSuivi,
    Participant,
    annuler_cooperatif,
    annuler_etendu,
    chances_cooperatif,
    chances_etendu,
    etat_cooperatif,
    etat_etendu,
    jouer_cooperatif,
    jouer_etendu,
    lire_cooperatif,
    lire_etendu,
)
from rules.troisd6 import (
    Avantage,
    Defense,
    Niveau,
    Tour,
    chances_scene,
    informations,
    jouer_scene,
    seuil_talent,
)
from rules.warp import Resultat, cooperation, derouler, distribution_cooperative, distribution_etendue

PHILIP = Camp("Philip", seuil=seuil_talent(2), indice="2D6")
TRUANDS = Camp("les truands", seuil=seuil_talent(1), indice="1D6+1D3")
POURSUITE = SceneSuivie(FORMAT_SCENE, a=PHILIP, b=TRUANDS, sorte="action")
TOUR_1 = TourSuivi(
    "tour", -3, des_attaque=(3, 2, 5), effet_attaque=3, defense="blocage", des_defense=(4, 2, 1), effet_defense=4
)
TOUR_2 = TourSuivi("tour", -1, des_attaque=(1, 6, 3), effet_attaque=5, defense="contre_attaque", des_defense=(5, 6, 2))


# --- La poursuite de Nice (3D6 › Scènes d'action) ---------------------------------------------------------


def test_la_poursuite_de_nice_tour_1_suit_la_regle_et_son_erratum() -> None:
    """3 + 2 + 5 = 10 > 9 : échec simple ; l'initiative passe aux truands (le texte : « il a conservé l'initiative »)."""
    scene, joue = jouer_tour(POURSUITE, TOUR_1)
    e = joue.echange
    assert (e.jet_attaque.seuil, e.jet_attaque.total, e.jet_attaque.niveau) == (9, 10, Niveau.ECHEC_SIMPLE)
    assert (e.jet_defense.seuil, e.jet_defense.total, e.jet_defense.niveau) == (8, 7, Niveau.REUSSITE_SIMPLE)
    etat = etat_scene(scene)
    assert etat.initiative == "les truands"
    assert etat.avantages == {"Philip": Avantage.AUCUN, "les truands": Avantage.AUCUN}
    assert not etat.terminee


def test_la_poursuite_de_nice_reprend_la_ou_le_texte_la_suppose() -> None:
    """Le MJ rend l'initiative à Philip (le texte poursuit ainsi) ; au tour 2, Philip obtient un avantage moyen."""
    scene, _ = jouer_tour(POURSUITE, TOUR_1)
    scene = ajuster(scene, initiative="Philip", raison="le texte poursuit avec Philip à l'initiative")
    scene, joue = jouer_tour(scene, TOUR_2)
    assert joue.numero == 2
    assert joue.echange.points == 5 and joue.echange.jet_defense.niveau is Niveau.ECHEC_SIMPLE
    etat = etat_scene(scene)
    assert etat.initiative == "Philip"
    assert etat.avantages == {"Philip": Avantage.MOYEN, "les truands": Avantage.AUCUN}
    assert not etat.terminee
    # Le tour 2 du site est celui de la page, joué par jouer_scene depuis le même état.
    page = jouer_scene(PHILIP.personnage, TRUANDS.personnage, [TOUR_2.tour], initiative="Philip", premier_numero=2)
    assert joue.texte == page.tours[0].texte


def test_si_philip_avait_fait_9_le_tour_1_serait_celui_du_texte() -> None:
    """L'erratum : avec un 4 au lieu du 5, −1 point, aucun avantage, Philip garde l'initiative."""
    scene, _ = jouer_tour(POURSUITE, TOUR_1)
    scene, joue = jouer_tour(annuler(scene), TourSuivi("tour", -3, des_attaque=(3, 2, 4), effet_attaque=3,
                                                       des_defense=(4, 2, 1), effet_defense=4))  # fmt: skip
    assert joue.echange.points == -1
    scene, _ = jouer_tour(scene, TOUR_2)
    etat = etat_scene(scene)
    assert (etat.initiative, etat.avantages["Philip"]) == ("Philip", Avantage.MOYEN)


def test_les_chances_de_la_poursuite_changent_a_chaque_tour_et_somment_a_1() -> None:
    avant = chances_suivies(POURSUITE)
    scene, _ = jouer_tour(POURSUITE, TOUR_1)
    apres_1 = chances_suivies(scene)
    scene = ajuster(scene, initiative="Philip")
    scene, _ = jouer_tour(scene, TOUR_2)
    apres_2 = chances_suivies(scene)
    assert avant and apres_1 and apres_2
    for c in (avant, apres_1, apres_2):
        assert c.victoire_premier + c.victoire_second == 1
    assert apres_1.victoire_premier < avant.victoire_premier < apres_2.victoire_premier
    attendu = chances_scene(
        PHILIP.personnage, TRUANDS.personnage, initiative="Philip", avantages={"Philip": Avantage.MOYEN}
    )
    assert apres_2 == attendu


def test_la_meilleure_defense_apres_l_attaque_du_prochain_tour() -> None:
    scene = ajuster(jouer_tour(POURSUITE, TOUR_1)[0], initiative="Philip")
    conseil = defense_suivie(scene, (1, 6, 3), TOUR_2.risque)
    assert conseil.attaque is Niveau.REUSSITE_SIMPLE
    assert {o.defense for o in conseil.options} == set(Defense)
    assert conseil.meilleure is not None
    assert conseil.pour(Defense.CONTRE_ATTAQUE).seuil == 11 - 1 - 3


# --- L'interview de Joséphine (3D6 › Scènes d'interaction) ----------------------------------------------

JOSEPHINE = Camp("Joséphine", seuil=seuil_talent(2), indice="1D6+1D3")
TEMOIN = Camp("le témoin", actif=False)
INTERVIEW = SceneSuivie(
    FORMAT_SCENE, a=JOSEPHINE, b=TEMOIN, sorte="interaction", objectif=objectif_par_defaut("interaction", False)
)


def test_l_objectif_est_critique_face_a_un_interlocuteur_passif_seulement() -> None:
    """3D6 › Scènes d'interaction : l'avantage critique face à un passif ; définitif face à un actif, et ailleurs."""
    assert objectif_par_defaut("interaction", False) == "critique"
    assert objectif_par_defaut("interaction", True) == "definitif"
    assert objectif_par_defaut("reflexion", False) == "definitif"


def test_l_interview_de_josephine_finit_au_premier_jet_comme_le_dit_l_erratum() -> None:
    """5 + 3 + 6 = 14 > 11 : échec simple ; l'interview est perdue dès le premier jet, sans avantage."""
    assert INTERVIEW.objectif == "critique"
    verre = TourSuivi("tour", -1, niveaux=1, des_attaque=(5, 3, 6), effet_attaque=4)
    scene, joue = jouer_tour(INTERVIEW, verre)
    assert (joue.echange.jet_attaque.total, joue.echange.jet_attaque.niveau) == (14, Niveau.ECHEC_SIMPLE)
    etat = etat_scene(scene)
    assert etat.terminee and etat.vainqueur is None
    assert etat.avantages_max["Joséphine"] is Avantage.AUCUN
    assert chances_suivies(scene) is None
    assert informations(etat.avantages_max["Joséphine"]).startswith("Aucun avantage atteint")
    with pytest.raises(Refus, match="la scène est finie"):
        jouer_tour(scene, verre)


def test_si_joséphine_avait_reussi_le_calcul_du_texte_tiendrait() -> None:
    scene, _ = jouer_tour(INTERVIEW, TourSuivi("tour", -1, niveaux=1, des_attaque=(5, 3, 6), effet_attaque=4))
    scene, joue = jouer_tour(annuler(scene), TourSuivi("tour", -1, niveaux=1, des_attaque=(5, 3, 2), effet_attaque=4))
    assert str(joue.echange.effet_attaque.indice) == "2D6"
    etat = etat_scene(scene)
    assert etat.avantages["Joséphine"] is Avantage.MOYEN and not etat.terminee
    c = chances_suivies(scene)
    assert c is not None and c.victoire_premier + c.victoire_second == 1


def test_la_reparation_de_philip_est_conforme() -> None:
    """3D6 › Scènes de réflexion : seuil 7 (10 + 2 − 2 − 3), 3 points puis 2-2-2 (Dt = 2) et 10 points."""
    reparation = SceneSuivie(
        FORMAT_SCENE, a=Camp("Philip", seuil=7, indice="1D6+1D3"), b=Camp("la panne", actif=False), sorte="reflexion"
    )
    scene, _ = jouer_tour(reparation, TourSuivi("tour", des_attaque=(3, 2, 1), effet_attaque=3))
    assert etat_scene(scene).avantages["Philip"] is Avantage.LEGER
    scene, joue = jouer_tour(scene, TourSuivi("tour", des_attaque=(2, 2, 2), effet_attaque=10))
    assert str(joue.echange.effet_attaque.indice) == "3D6"
    assert etat_scene(scene).avantages["Philip"] is Avantage.CRITIQUE


# --- Le document d'une scène : gardé, partagé, refusé ---------------------------------------------------


def test_une_scene_se_garde_et_se_relit_a_l_identique() -> None:
    scene = ajuster(jouer_tour(POURSUITE, TOUR_1)[0], initiative="Philip", raison="le texte")
    scene = jouer_tour(scene, TOUR_2)[0]
    texte = json.dumps(en_dict(scene), ensure_ascii=False)
    relue, refus = lire_scene(json.loads(texte))
    assert not refus and relue == scene
    assert etat_scene(relue) == etat_scene(scene)


def test_une_scene_abimee_est_refusee_sous_son_chemin() -> None:
    doc = en_dict(jouer_tour(POURSUITE, TOUR_1)[0])
    doc["evenements"][0]["des_attaque"] = [3, 2, 9]
    _, refus = lire_scene(doc)
    assert refus and refus[0].lieux[0] == ("evenements", 0, "des_attaque", 2)
    doc = en_dict(POURSUITE)
    doc["a"]["seuil"] = None
    _, refus = lire_scene({**doc, "a": {"nom": "Philip", "indice": "2D6"}})
    assert "un personnage actif doit avoir un seuil et un indice" in str(refus[0])
    incomplet = {**en_dict(POURSUITE), "evenements": [{"type": "tour", "des_attaque": [1, 1, 2]}]}
    _, refus = lire_scene(incomplet)
    assert "un tour gardé porte tous ses dés" in str(refus[0])
    fini = en_dict(jouer_tour(INTERVIEW, TourSuivi("tour", des_attaque=(6, 6, 5)))[0])
    fini["evenements"].append(fini["evenements"][0])
    _, refus = lire_scene(fini)
    assert refus[0].lieux[0] == ("evenements", 1) and "déjà finie" in str(refus[0])


def test_une_decision_du_mj_est_verifiee_par_la_regle() -> None:
    with pytest.raises(Refus, match="le témoin est passif, il ne peut pas avoir l'initiative"):
        ajuster(INTERVIEW, initiative="le témoin")
    with pytest.raises(Refus, match="initiative doit être 'Philip' ou 'les truands'"):
        ajuster(POURSUITE, initiative="Bob")
    gagne = ajuster(POURSUITE, avantage_a=Avantage.DEFINITIF)
    assert etat_scene(gagne).terminee and etat_scene(gagne).vainqueur == "Philip"
    assert etat_scene(annuler(gagne)) == etat_scene(POURSUITE)


def test_un_tour_tire_garde_ses_des_pour_etre_rejoue() -> None:
    scene, joue = jouer_tour(POURSUITE, TourSuivi("tour"), rng=random.Random(4))
    tour = scene.evenements[0]
    assert isinstance(tour, TourSuivi) and tour.des_attaque == joue.echange.jet_attaque.des
    rejoue = etat_scene(scene).tours[0]
    assert (rejoue.avantages, rejoue.initiative) == (joue.avantages, joue.initiative)
    assert rejoue.echange.points == joue.echange.points
    assert rejoue.echange.jet_defense == joue.echange.jet_defense


# --- Propriétés : suivre une scène, c'est la jouer ------------------------------------------------------

CAMPS_ACTIFS = st.builds(
    lambda seuil, ind, armure: (seuil, ind, armure),
    st.integers(8, 14),
    st.sampled_from(["1D6", "1D6+1D3", "2D6", "3D6"]),
    st.integers(0, 2),
)


@settings(max_examples=40)
@given(CAMPS_ACTIFS, CAMPS_ACTIFS, st.booleans(), st.integers(0, 2**32), st.integers(1, 8))
def test_suivre_tour_par_tour_c_est_jouer_d_un_coup(
    ca: tuple[int, str, int], cb: tuple[int, str, int], b_actif: bool, graine: int, n: int
) -> None:
    a = Camp("A", seuil=ca[0], indice=ca[1], armure=ca[2])
    b = Camp("B", seuil=cb[0], indice=cb[1], armure=cb[2]) if b_actif else Camp("B", actif=False, armure=cb[2])
    scene = SceneSuivie(FORMAT_SCENE, a=a, b=b)
    rng = random.Random(graine)
    tours: list[Tour] = []
    for _ in range(n):
        if etat_scene(scene).terminee:
            break
        defense = rng.choice(["esquive", "blocage", "contre_attaque"])
        scene, _ = jouer_tour(scene, TourSuivi("tour", rng.choice([-2, -1, 0, 1]), defense=defense), rng=rng)
        dernier = scene.evenements[-1]
        assert isinstance(dernier, TourSuivi)
        tours.append(dernier.tour)
    d_un_coup = jouer_scene(a.personnage, b.personnage, tours)
    etat = etat_scene(scene)
    assert [t.texte for t in etat.tours] == [t.texte for t in d_un_coup.tours]
    assert etat.terminee == d_un_coup.terminee and etat.vainqueur == d_un_coup.vainqueur
    assert etat.avantages_max == dict(d_un_coup.avantages_max)
    try:
        c = chances_suivies(scene)
    except Refus:  # une scène qui peut ne jamais finir (les armures) : la règle refuse ses chances
        return
    if c is None:
        assert etat.terminee
        return
    assert c.victoire_premier + c.victoire_second == 1
    dernier_tour = d_un_coup.tours[-1] if d_un_coup.tours else None
    assert c == chances_scene(
        a.personnage,
        b.personnage,
        initiative=dernier_tour.initiative if dernier_tour else None,
        avantages=dernier_tour.avantages if dernier_tour else None,
    )
    assert etat_scene(lire_scene(json.loads(json.dumps(en_dict(scene))))[0]) == etat  # type: ignore[arg-type]


# --- Le Test étendu suivi -------------------------------------------------------------------------------

PROPULSEUR = EtenduSuivi(FORMAT_ETENDU, "Ada", "Mécanique", 3, 2, 2)


def test_un_test_etendu_suivi_est_celui_de_derouler() -> None:
    t = jouer_etendu(PROPULSEUR, (5, 3, 2))
    etat = etat_etendu(t)
    assert (etat.progres, etat.revers, etat.resultat, etat.deroulement) == (1, 0, None, None)
    t = jouer_etendu(jouer_etendu(t, (6, 1, 1)), (6, 4, 3))
    fini = etat_etendu(t)
    assert fini.resultat is Resultat.MAGISTRALE
    assert fini.deroulement == derouler(3, 2, 2, 1, des=[(5, 3, 2), (6, 1, 1), (6, 4, 3)])
    with pytest.raises(Refus, match="le Test est fini"):
        jouer_etendu(t, (1, 1, 1))
    assert annuler_etendu(t).rounds == ((5, 3, 2), (6, 1, 1))


def test_les_chances_d_un_test_etendu_d_ici_a_la_fin() -> None:
    debut = chances_etendu(PROPULSEUR)
    assert debut is not None and debut.loi == distribution_etendue(3, 2, 2)
    assert sum(debut.loi.values()) == 1
    apres = chances_etendu(jouer_etendu(PROPULSEUR, (1, 1, 2)))  # un Échec : 1 Revers
    assert apres is not None and apres.loi == distribution_etendue(3, 2, 1)
    assert apres.reussite < debut.reussite


def test_le_de_d_experience_s_applique_aux_rounds_suivants_et_une_fois() -> None:
    t = jouer_etendu(PROPULSEUR, (5, 3, 2, 1), experience=True)
    assert t.experience_des_le_round == 1
    assert etat_etendu(t).jets[0].bonus == 1
    with pytest.raises(Refus, match="déjà dépensé"):
        jouer_etendu(t, experience=True)
    c = chances_etendu(t)
    assert c is not None and c.loi == distribution_etendue(3, 1, 2, bonus=1)
    assert annuler_etendu(t).experience_des_le_round is None


@settings(max_examples=60)
@given(
    st.integers(1, 4), st.integers(1, 4), st.integers(1, 4), st.integers(0, 2), st.integers(0, 2),
    st.integers(-2, 2), st.integers(0, 2**32), st.integers(1, 6),
)  # fmt: skip
def test_un_test_etendu_suivi_jusqu_au_bout_est_celui_de_derouler(
    trait: int, c: int, m: int, bonus: int, malus: int, aide: int, graine: int, xp: int
) -> None:
    rng = random.Random(graine)
    t = EtenduSuivi(FORMAT_ETENDU, "X", "T", trait, c, m, bonus=bonus, malus=malus, aide=aide, travailleur=1)
    while etat_etendu(t).resultat is None:
        t = jouer_etendu(t, experience=len(t.rounds) + 1 == xp, rng=rng)
    attendu = derouler(trait, c, m, 1, bonus=bonus, malus=malus, aide=aide, travailleur_consciencieux=1,
                       experience_des_le_round=t.experience_des_le_round, des=t.rounds)  # fmt: skip
    assert etat_etendu(t).deroulement == attendu
    assert [j for j in etat_etendu(t).jets] == [r.jet for r in attendu.rounds]
    relu, refus = lire_etendu(json.loads(json.dumps(en_dict(t))))
    assert not refus and relu == t


# --- Le Test coopératif suivi -------------------------------------------------------------------------

MECANICIENNE = CooperatifSuivi(
    FORMAT_COOPERATIF,
    Participant("Ada", "Mécanique", 3),
    (Participant("Bob", "Bricolage", 2), Participant("Cyd", "Force", 3)),
)


def test_un_test_cooperatif_suivi_est_celui_de_cooperation() -> None:
    t = jouer_cooperatif(MECANICIENNE, (4, 3))
    assert etat_cooperatif(t).aide == 1
    t = jouer_cooperatif(jouer_cooperatif(t, (6, 1, 1)), (5, 4, 2, 1))
    fini = etat_cooperatif(t).cooperation
    assert fini == cooperation(3, [2, 3], des_betas=[(4, 3), (6, 1, 1)], des_alpha=(5, 4, 2, 1))
    assert chances_cooperatif(t) is None
    with pytest.raises(Refus, match="le Test est fini"):
        jouer_cooperatif(t, (1, 1, 1))
    assert annuler_cooperatif(t).des == ((4, 3), (6, 1, 1))
    relu, refus = lire_cooperatif(json.loads(json.dumps(en_dict(t))))
    assert not refus and relu == t


def test_les_chances_d_un_test_cooperatif_d_ici_a_la_fin() -> None:
    assert chances_cooperatif(MECANICIENNE) == distribution_cooperative(3, [2, 3])
    apres = chances_cooperatif(jouer_cooperatif(MECANICIENNE, (6, 6)))  # une Magistrale : +2 dés
    assert apres is not None and sum(apres.values()) == 1
    reussite = apres[Resultat.REUSSITE] + apres[Resultat.MAGISTRALE]
    debut = distribution_cooperative(3, [2, 3])
    assert reussite > debut[Resultat.REUSSITE] + debut[Resultat.MAGISTRALE]


@settings(max_examples=40)
@given(
    st.integers(0, 4), st.lists(st.integers(0, 3), min_size=0, max_size=3), st.integers(0, 1), st.integers(0, 1),
    st.integers(0, 2**32), st.integers(0, 3),
)  # fmt: skip
def test_les_chances_cooperatives_conditionnees_somment_aux_chances_du_debut(
    alpha: int, betas: list[int], bonus: int, malus: int, graine: int, k: int
) -> None:
    """La loi d'ici à la fin, pondérée par la chance de chaque premier jet, redonne la loi du début."""
    t = CooperatifSuivi(
        FORMAT_COOPERATIF,
        Participant("A", "T", alpha),
        tuple(Participant(f"B{i}", "T", b) for i, b in enumerate(betas)),
        bonus=bonus,
        malus=malus,
    )
    debut = chances_cooperatif(t)
    assert debut == distribution_cooperative(alpha, betas, bonus=bonus, malus=malus)
    rng = random.Random(graine)
    for _ in range(min(k, len(betas))):
        t = jouer_cooperatif(t, rng=rng)
    apres = chances_cooperatif(t)
    assert apres is not None and sum(apres.values()) == Fraction(1)
