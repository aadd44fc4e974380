"""Chaque entrée publique refuse le mauvais à la porte.

Deux parties :

- les cas relevés par l'issue 14, un par un, chacun avec son refus attendu ;
- une suite hypothesis qui jette des valeurs quelconques (mauvais types, nombres
  énormes et négatifs, chaînes malformées, itérables infinis, objets truqués) sur
  **chaque** fonction et classe publique, énumérées depuis les `__all__` de `rules`
  (`scripts/entrees.py`) : chaque appel rend un résultat valide ou lève un
  `ValueError` français qui nomme ce qu'il refuse, sous une borne de temps
  (SIGALRM, 5 s) et de mémoire (`RLIMIT_AS`). Les durées se mesurent avec
  `python -m scripts.entrees`, pas ici.
"""

from __future__ import annotations

import itertools
import random
import resource
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import des as rdes
from rules import troisd6, warp
from rules.troisd6 import Avantage, Defense, Difficulte, Niveau, Personnage, Tour
from rules.warp import Resultat
from scripts.entrees import (
    CHAINES,
    GRANDS,
    RESULTATS,
    Entree,
    appeler,
    arguments,
    classes_non_classees,
    decrire,
    entrees,
    publics,
    valeurs_de_base,
)

ENTREES = entrees()

# --- Le catalogue ----------------------------------------------------------------------------


def test_le_catalogue_couvre_chaque_nom_public() -> None:
    noms = set(publics())
    assert {"rules.warp.opposes.opposition", "rules.troisd6.scenes.jouer_scene", "rules.des.lancer"} <= noms
    assert "rules.affichage.graphique" in {e.nom for e in ENTREES}
    assert "rules.warp.experience.ReserveExperience().convertir" in {e.nom for e in ENTREES}
    # Une classe publique nouvelle est éprouvée d'office, sauf si on la déclare résultat (avec sa raison).
    assert classes_non_classees() == []
    assert all(nom.rsplit(".", 1)[1] in RESULTATS for nom, o in publics().items() if nom not in {e.nom for e in ENTREES}
               and isinstance(o, type) and nom.rsplit(".", 1)[1] != "Evaluateur")  # fmt: skip


@pytest.fixture(scope="module")
def memoire_bornee() -> Iterator[None]:
    """Le processus de test ne peut pas grossir de plus de 2 Gio pendant ces appels (MemoryError sinon)."""
    with open("/proc/self/status", encoding="ascii") as statut:
        taille = next(int(ligne.split()[1]) * 1024 for ligne in statut if ligne.startswith("VmSize:"))
    doux, dur = resource.getrlimit(resource.RLIMIT_AS)
    borne = taille + 2 * 1024**3
    resource.setrlimit(resource.RLIMIT_AS, (borne if dur == resource.RLIM_INFINITY else min(borne, dur), dur))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (doux, dur))


# --- Les cas de l'issue 14, un par un --------------------------------------------------------

PERSO = Personnage("Ada", seuil=11, indice="2D6")
PASSIF = Personnage("la porte", actif=False)
MUR = Personnage("le mur", seuil=-50, indice="1D3")  # ne gagne jamais d'avantage, ne rate pas toujours

CAS: list[tuple[str, Callable[[], Any], str]] = [
    # Pas de bornes de taille
    ("distribution bonus 10**6", lambda: warp.distribution(3, bonus=10**6), "bonus"),
    ("jets_tries 10**6", lambda: rdes.jets_tries(10**6), "nombre doit être un entier entre 0 et 12"),
    ("lancer 10**9", lambda: rdes.lancer(10**9), "nombre doit être"),
    ("20 Bêtas", lambda: warp.distribution_cooperative(3, [3] * 20), "betas doit être une suite d'au plus 12"),
    ("Indice 400D6", lambda: troisd6.loi_indice("400D6"), "depart : '400D6' n'est pas sur l'échelle"),
    ("Complexité 300 (chances)", lambda: warp.distribution_etendue(3, 300, 3), "complexite doit être"),
    ("Complexité 300 (jouée)", lambda: warp.derouler(3, 300, 3, 1, rng=random.Random(1)), "complexite doit être"),
    ("tours_max 10**5", lambda: troisd6.jouer_scene(MUR, PERSO, tours_max=10**5), "tours_max doit être"),
    ("dés infinis (WaRP)", lambda: warp.jet(3, des=itertools.count()), "des doit contenir exactement 3 dés"),
    ("dés infinis (3D6)", lambda: troisd6.jet(10, itertools.repeat(6)), "des doit contenir exactement 3 dés"),
    ("dés infinis (effet)", lambda: troisd6.effet("2D6", des=itertools.count(1)), "des doit être une suite"),
    ("Bêtas infinis", lambda: warp.aide(itertools.repeat(Resultat.REUSSITE)), "resultats doit être une suite"),
    ("tours infinis", lambda: troisd6.jouer_scene(PERSO, PASSIF, itertools.repeat(Tour())), "tours doit être"),
    # Des drapeaux qui acceptaient n'importe quoi
    (
        "symetrique='non' (jet)",
        lambda: warp.opposition(warp.jet(1, des=(3,)), warp.jet(1, des=(3,)), symetrique="non"),
        "symetrique doit être True ou False, reçu 'non'",
    ),
    ("symetrique='non' (loi)", lambda: warp.chances_opposees(2, 2, symetrique="non"), "symetrique doit être True"),
    ("actif='non'", lambda: Personnage("X", seuil=10, indice="2D6", actif="non"), "actif doit être True ou False"),
    (
        "talent_contre_attaque='non'",
        lambda: Personnage("X", seuil=10, indice="2D6", talent_contre_attaque="non"),
        "talent_contre_attaque doit être True ou False",
    ),
    ("technique='non'", lambda: warp.trait_par_defaut(technique="non"), "technique doit être True ou False"),
    (
        "echec_simple_compte='oui'",
        lambda: troisd6.accroissement_difficulte(troisd6.jet(7, (6, 4, 2)), echec_simple_compte="oui"),
        "echec_simple_compte doit être True ou False",
    ),
    # Des aides publiques sans vérification
    ("garder des 0 et 9", lambda: warp.garder((9, 8, 7, 0), 3, 1), "des : chaque dé doit être un entier entre 1 et 6"),
    ("double_et_triple 7", lambda: troisd6.double_et_triple((7, 3, 4)), "des : chaque dé doit être"),
    ("niveau dd='4'", lambda: troisd6.niveau(10, 8, "4", None), "dd doit être None ou un entier entre 1 et 6"),
    ("probabilité -1/36", lambda: rdes.probabilite_jet_trie(-1, 2), "ordres doit être un entier entre 1 et 36"),
    # Les vérifications tardives
    ("Personnage 3D3", lambda: Personnage("X", seuil=10, indice="3D3"), "indice : 3D3 n'est pas sur l'échelle"),
    ("Personnage 99D6", lambda: Personnage("X", seuil=10, indice="99D6"), "n'est pas sur l'échelle"),
    ("Indice 1D61D3", lambda: troisd6.indice("1D61D3"), "indice doit s'écrire comme"),
    ("Indice 2D6+", lambda: troisd6.indice("2D6+"), "indice doit s'écrire comme"),
    (
        "bonus_points absurde, attaque ratée",
        lambda: troisd6.echange(PERSO, PASSIF, Tour(des_attaque=(6, 6, 5), bonus_points=10**6)),
        "bonus_points doit être un entier entre -20 et 20",
    ),
    # Mauvaise exception ou mauvais message
    (
        "ZeroDivisionError d'autrefois",
        lambda: troisd6.jets_moyens_sans_opposition(20, "1D3", bonus_points=-30),
        "bonus_points doit être un entier entre -20 et 20, reçu -30",
    ),
    (
        "une erreur d'armure pour un bonus_points",
        lambda: troisd6.issue_sans_opposition(18, "1D3", bonus_points=-20, armure=20),
        "seuil, bonus_points et armure : la scène ne finit jamais",
    ),
    ("'NoneType' not iterable", lambda: warp.cooperation(3, None), "betas doit être une suite"),
    ("Rational instances", lambda: warp.derouler(3, 2, 2, "1"), "periode doit être un nombre"),
    (
        "'list' has no attribute 'items'",
        lambda: troisd6.jouer_scene(PERSO, PASSIF, avantages=[("Ada", Avantage.FORT)]),
        "avantages doit être un dict",
    ),
    ("Dd et Dt ensemble", lambda: troisd6.effet("2D6", dd=3, dt=2, total=10), "dd et dt : un jet a un dé doublé"),
    ("Dd et Dt ensemble (niveau)", lambda: troisd6.niveau(9, 10, 3, 3), "dd et dt"),
    ("Enum anglais", lambda: Niveau("réussite"), "valeur : aucun Niveau ne s'appelle 'réussite'"),
    ("Jet truqué", lambda: warp.opposition(_jet_truque(), warp.jet(1, des=(3,))), "premier : ce Jet ne concorde pas"),
]


def _jet_truque() -> warp.Jet:
    import dataclasses

    return dataclasses.replace(warp.jet(2, des=(6, 5)), critiques=0)


# Chaque identifiant porté par son pytest.param : stable d'une session pytest à l'autre dans un même processus
# (mutmut 3 en enchaîne plusieurs ; une liste `ids=` d'identifiants accentués y était échappée deux fois).
@pytest.mark.parametrize(("cas", "appel", "attendu"), [pytest.param(*c, id=c[0]) for c in CAS])
def test_chaque_cas_de_l_issue_est_refuse_en_francais(
    memoire_bornee: None, cas: str, appel: Callable[[], Any], attendu: str
) -> None:
    verdict = appeler(Entree(cas, appel, ()), [], {})  # sous les mêmes bornes de temps et de mémoire
    assert verdict.issue == "refusé", verdict.detail
    assert attendu in verdict.detail


def test_une_scene_que_personne_ne_gagne_s_arrete_a_sa_borne() -> None:
    """Le mur ne gagne jamais d'avantage et ne perd pas toujours : la scène finit à `tours_max`, sans erreur."""
    scene = troisd6.jouer_scene(MUR, PERSO, [Tour(des_attaque=(6, 6, 6))], tours_max=3)
    assert not scene.terminee and len(scene.tours) == 1  # sans rng, les tours imposés seulement
    scene = troisd6.jouer_scene(MUR, Personnage("l'autre mur", seuil=-50, indice="1D3"), rng=random.Random(5),
                                tours_max=500)  # fmt: skip
    assert not scene.terminee and len(scene.tours) == 500
    assert (
        scene.fin
        == "La scène continue (nombre maximal de tours atteint) : personne n'a encore atteint avantage définitif."
    )


def test_une_loi_garde_sa_forme_meme_deja_a_l_objectif() -> None:
    loi = troisd6.issue_sans_opposition(11, "2D6", objectif=Avantage.MOYEN, avantage_initial=Avantage.FORT)
    assert list(loi) == list(Avantage) and loi[Avantage.FORT] == 1 and sum(loi.values()) == 1


def test_les_bornes_ne_changent_aucun_cas_valide() -> None:
    """Les plus grands cas acceptés passent toujours, et une énumération se relit par son libellé."""
    assert sum(warp.distribution(12, bonus=12).values()) == 1
    assert sum(warp.distribution_cooperative(12, [12] * 12, bonus=12).values()) == 1
    assert warp.jet(13, bonus=14, rng=random.Random(1)).trait == 13
    assert len(rdes.lancer(60)) == 60
    assert troisd6.loi_indice("15D6")[90] == Fraction(1, 6**15)
    assert Niveau("Réussite simple") is Niveau.REUSSITE_SIMPLE and Defense("esquive") is Defense.ESQUIVE
    assert Difficulte(Difficulte.NORMAL) is Difficulte.NORMAL


# --- La suite hypothesis : des valeurs quelconques sur chaque entrée publique -----------------


def _infini(n: int) -> Iterator[int]:
    return itertools.count(1) if n % 2 else itertools.cycle([6, 1, n % 6 + 1])


MEMBRES = [*Resultat, *Niveau, *Avantage, *Defense, *Difficulte, *warp.Issue, *troisd6.Issue]

valeurs = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=20),
    st.integers(),
    st.sampled_from(GRANDS),
    st.floats(),
    st.fractions(),
    st.text(max_size=12),
    st.sampled_from(CHAINES),
    st.lists(st.integers(min_value=0, max_value=7), max_size=8).map(tuple),
    st.lists(st.integers(min_value=-2, max_value=14), max_size=14),
    st.integers(min_value=0, max_value=9).map(_infini),
    st.sampled_from(MEMBRES),
    st.integers(min_value=0, max_value=99).map(random.Random),
    st.dictionaries(st.sampled_from(["Ada", "Philip", "x"]), st.sampled_from(MEMBRES), max_size=3),
    st.randoms(use_true_random=False).map(valeurs_de_base),
)


@pytest.mark.parametrize("entree", ENTREES, ids=[e.nom for e in ENTREES])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_chaque_entree_publique_rend_un_resultat_valide_ou_un_refus_francais(
    memoire_bornee: None, entree: Entree, data: st.DataObject
) -> None:
    positionnels, nommes = arguments(entree, lambda: data.draw(valeurs), lambda: data.draw(st.booleans()))
    verdict = appeler(entree, positionnels, nommes)
    assert verdict.issue != "impropre", f"{decrire(entree, positionnels, nommes)} → {verdict.detail}"


def test_chaque_page_de_regles_montre_un_refus() -> None:
    """Le lecteur voit, pour chaque mécanique, ce que le code refuse (un doctest par page)."""
    from tests.conftest import RACINE

    pages = sorted(p for d in ("warp", "troisd6") for p in (RACINE / "docs" / d).glob("*.md") if p.name != "index.md")
    assert len(pages) >= 13
    sans = [p.name for p in pages if "except ValueError" not in p.read_text("utf-8")]
    assert sans == []


# --- La couche de validation (rules._valider), mot pour mot -----------------------------------
# Chaque fonction publique refuse par ces fonctions : leurs messages (le paramètre, ce qui est permis, ce
# qui a été reçu) et leurs bornes, vérifiés ici une fois ; les refus des fonctions publiques les redisent.


def _valider_refus() -> list[tuple[str, Callable[[], Any], str]]:
    from rules import _valider as v

    return [
        ("entier, booléen", lambda: v.entier("n", True), "n doit être un entier, reçu True"),
        ("entier, flottant", lambda: v.entier("n", 2.5), "n doit être un entier, reçu 2.5"),
        ("entier, texte", lambda: v.entier("n", "3"), "n doit être un entier, reçu '3'"),
        ("entier sous le minimum", lambda: v.entier("n", -1, minimum=0), "n doit être un entier ≥ 0, reçu -1"),
        ("entier au-dessus du maximum", lambda: v.entier("n", 13, maximum=12), "n doit être un entier ≤ 12, reçu 13"),
        ("entier, flottant et maximum", lambda: v.entier("n", 1.0, maximum=5), "n doit être un entier ≤ 5, reçu 1.0"),
        (
            "entier entre, haut",
            lambda: v.entier("n", 13, minimum=0, maximum=12),
            "n doit être un entier entre 0 et 12, reçu 13",
        ),
        (
            "entier entre, bas",
            lambda: v.entier("n", -1, minimum=0, maximum=12),
            "n doit être un entier entre 0 et 12, reçu -1",
        ),
        # Sans borne donnée, un entier reste entre −1000 et 1000 (VALEUR_MAX) ; une seule borne garde l'autre.
        (
            "entier sans borne, haut",
            lambda: v.entier("n", 1001),
            "n doit être un entier entre -1000 et 1000, reçu 1001",
        ),
        (
            "entier sans borne, bas",
            lambda: v.entier("n", -1001),
            "n doit être un entier entre -1000 et 1000, reçu -1001",
        ),
        (
            "entier ≥ 0, trop grand",
            lambda: v.entier("n", 1001, minimum=0),
            "n doit être un entier entre 0 et 1000, reçu 1001",
        ),
        (
            "entier ≤ 5, trop petit",
            lambda: v.entier("n", -1001, maximum=5),
            "n doit être un entier entre -1000 et 5, reçu -1001",
        ),
        ("booléen", lambda: v.booleen("drapeau", 1), "drapeau doit être True ou False, reçu 1"),
        (
            "membre",
            lambda: v.membre("objectif", "FORT", Avantage),
            "objectif doit être un Avantage (AUCUN, LEGER, MOYEN, FORT, CRITIQUE, DEFINITIF), reçu 'FORT'",
        ),
        (
            "membre féminin",
            lambda: v.membre("defense", 3, Defense),
            "defense doit être une Defense (ESQUIVE, BLOCAGE, CONTRE_ATTAQUE), reçu 3",
        ),
        (
            "membre, permis donné",
            lambda: v.membre("x", 3, Avantage, permis="un cran"),
            "x doit être un Avantage (un cran), reçu 3",
        ),
        (
            "texte blanc",
            lambda: v.texte("nom", " "),
            "nom doit être un texte non vide (200 caractères au plus), reçu ' '",
        ),
        (
            "texte, entier",
            lambda: v.texte("nom", 3),
            "nom doit être un texte non vide (200 caractères au plus), reçu 3",
        ),
        (
            "texte trop long",
            lambda: v.texte("nom", "x" * 201),
            "nom doit être un texte non vide (200 caractères au plus), reçu "
            "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'",
        ),
        (
            "texte, quoi donné",
            lambda: v.texte("nom", "", quoi="un nom"),
            "nom doit être un nom (200 caractères au plus), reçu ''",
        ),
        (
            "suite, texte",
            lambda: v.suite("s", "ab", maximum=3, quoi="choses"),
            "s doit être une suite d'au plus 3 choses, reçu 'ab'",
        ),
        (
            "suite, octets",
            lambda: v.suite("s", b"ab", maximum=3, quoi="choses"),
            "s doit être une suite d'au plus 3 choses, reçu b'ab'",
        ),
        (
            "suite, dict",
            lambda: v.suite("s", {1: 2}, maximum=3, quoi="choses"),
            "s doit être une suite d'au plus 3 choses, reçu {1: 2}",
        ),
        (
            "suite, entier",
            lambda: v.suite("s", 5, maximum=3, quoi="choses"),
            "s doit être une suite d'au plus 3 choses, reçu 5",
        ),
        (
            "suite trop longue",
            lambda: v.suite("s", [1, 2, 3, 4], maximum=3, quoi="choses"),
            "s doit être une suite d'au plus 3 choses, reçu plus de 3 éléments",
        ),
        (
            "suite d'au plus un élément",
            lambda: v.suite("s", itertools.count(), maximum=1, quoi="chose"),
            "s doit être une suite d'au plus 1 chose, reçu plus de 1 élément",
        ),
        (
            "dés, texte",
            lambda: v.des("des", "123", nombre=3),
            "des doit être une suite de 3 dés (entiers de 1 à 6), reçu '123'",
        ),
        (
            "dés, entier",
            lambda: v.des("des", 5, nombre=2),
            "des doit être une suite de 2 dés (entiers de 1 à 6), reçu 5",
        ),
        (
            "dés, dict",
            lambda: v.des("des", {1: 1}, nombre=2),
            "des doit être une suite de 2 dés (entiers de 1 à 6), reçu {1: 1}",
        ),
        (
            "dés, faces",
            lambda: v.des("des", b"12", nombre=2, faces=3),
            "des doit être une suite de 2 dés (entiers de 1 à 3), reçu b'12'",
        ),
        ("un dé de trop", lambda: v.des("des", (1, 2), nombre=1), "des doit contenir exactement 1 dé, reçu 2 : (1, 2)"),
        # Un seul dé : le singulier aussi dans « une suite de 1 dé (entier de 1 à 6) ».
        (
            "un dé, texte",
            lambda: v.des("des", "1", nombre=1),
            "des doit être une suite de 1 dé (entier de 1 à 6), reçu '1'",
        ),
        (
            "un dé de moins",
            lambda: v.des("des", (1, 2), nombre=3),
            "des doit contenir exactement 3 dés, reçu 2 : (1, 2)",
        ),
        (
            "dés sans fin",
            lambda: v.des("des", itertools.count(1), nombre=3),
            "des doit contenir exactement 3 dés, reçu plus de 3",
        ),
        (
            "un dé sans fin",
            lambda: v.des("des", itertools.count(1), nombre=1),
            "des doit contenir exactement 1 dé, reçu plus de 1",
        ),
        (
            "dés lus trop courts",
            lambda: v.des("des", iter([1, 2]), nombre=3),
            "des doit contenir exactement 3 dés, reçu 2 : (1, 2)",
        ),
        ("un dé lu absent", lambda: v.des("des", iter([]), nombre=1), "des doit contenir exactement 1 dé, reçu 0 : ()"),
        # Deux dés : le pluriel dès deux, dans chacune des trois façons de se tromper de nombre.
        (
            "deux dés, un reçu",
            lambda: v.des("des", (1,), nombre=2),
            "des doit contenir exactement 2 dés, reçu 1 : (1,)",
        ),
        (
            "deux dés sans fin",
            lambda: v.des("des", itertools.count(1), nombre=2),
            "des doit contenir exactement 2 dés, reçu plus de 2",
        ),
        (
            "deux dés, un lu",
            lambda: v.des("des", iter([1]), nombre=2),
            "des doit contenir exactement 2 dés, reçu 1 : (1,)",
        ),
        (
            "dé booléen",
            lambda: v.des("des", (1, True, 2), nombre=3),
            "des : chaque dé doit être un entier entre 1 et 6, reçu True",
        ),
        (
            "dé flottant",
            lambda: v.des("des", (1, 2.0, 2), nombre=3),
            "des : chaque dé doit être un entier entre 1 et 6, reçu 2.0",
        ),
        (
            "dé hors de ses faces",
            lambda: v.des("des", (1, 4, 2), nombre=3, faces=3),
            "des : chaque dé doit être un entier entre 1 et 3, reçu 4",
        ),
        (
            "générateur",
            lambda: v.generateur(object()),
            "rng doit être un random.Random (ou None), reçu un objet quelconque",
        ),
        ("au plus", lambda: v.au_plus("t", 13, 12), "t doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        ("plafond", lambda: v.plafond("t", 13, 12, "choses"), "t doit être ≤ 12 (au plus 12 choses), reçu 13"),
        (
            "loi, liste",
            lambda: v.loi_entiere("l", [1], cle=v.entier),
            "l doit être une loi (un dict issue → poids entier), reçu [1]",
        ),
        (
            "loi trop grande",
            lambda: v.loi_entiere("l", dict.fromkeys(range(1001), 1), cle=v.entier),
            "l doit avoir au plus 1000 issues, reçu 1001",
        ),
        (
            "loi, issue",
            lambda: v.loi_entiere("l", {"a": 1}, cle=v.entier),
            "l : chaque issue doit être un entier, reçu 'a'",
        ),
        (
            "poids booléen",
            lambda: v.loi_entiere("l", {1: True}, cle=v.entier),
            "l : chaque poids doit être un entier ≥ 0, reçu True",
        ),
        (
            "poids flottant",
            lambda: v.loi_entiere("l", {1: 1.0}, cle=v.entier),
            "l : chaque poids doit être un entier ≥ 0, reçu 1.0",
        ),
        (
            "poids négatif",
            lambda: v.loi_entiere("l", {1: -1}, cle=v.entier),
            "l : chaque poids doit être un entier ≥ 0, reçu -1",
        ),
        (
            "poids énorme",
            lambda: v.loi_entiere("l", {1: 2**512}, cle=v.entier),
            "l : chaque poids doit être un entier ≥ 0, reçu un entier de 155 chiffres",
        ),
        (
            "issue, liste",
            lambda: v.classe_et_total("a", [1, 2]),
            "a doit être un couple (classe, total entier entre −1000 et 1000), reçu [1, 2]",
        ),
        (
            "issue, triplet",
            lambda: v.classe_et_total("a", (1, 2, 3)),
            "a doit être un couple (classe, total entier entre −1000 et 1000), reçu (1, 2, 3)",
        ),
        (
            "issue, total texte",
            lambda: v.classe_et_total("a", ("x", "t")),
            "a doit être un couple (classe, total entier entre −1000 et 1000), reçu ('x', 't')",
        ),
        (
            "issue, total énorme",
            lambda: v.classe_et_total("a", ("x", 1001)),
            "a doit être un couple (classe, total entier entre −1000 et 1000), reçu ('x', 1001)",
        ),
        ("trait de loi négatif", lambda: v.trait_de_loi("t", -1), "t doit être un entier ≥ 0, reçu -1"),
        (
            "trait de loi trop grand",
            lambda: v.trait_de_loi("t", 13),
            "t doit être ≤ 12 pour calculer des chances exactes, reçu 13",
        ),
        ("bonus négatif", lambda: v.modificateur_net(-1, 0), "bonus doit être un entier ≥ 0, reçu -1"),
        ("malus négatif", lambda: v.modificateur_net(0, -1), "malus doit être un entier ≥ 0, reçu -1"),
        ("malus nommé", lambda: v.modificateur_net(0, -1, noms=("b2", "m2")), "m2 doit être un entier ≥ 0, reçu -1"),
        (
            "bonus net trop grand",
            lambda: v.modificateur_net(13, 0),
            "bonus et malus : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 13 (bonus 13, malus 0)",
        ),
        (
            "malus net trop grand",
            lambda: v.modificateur_net(1, 14),
            "bonus et malus : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 13 (bonus 1, malus 14)",
        ),
    ]


@pytest.mark.parametrize(("cas", "appel", "attendu"), [pytest.param(*c, id=c[0]) for c in _valider_refus()])
def test_la_couche_de_validation_refuse_mot_pour_mot(cas: str, appel: Callable[[], Any], attendu: str) -> None:
    with pytest.raises(ValueError) as erreur:
        appel()
    assert str(erreur.value) == attendu


def test_la_couche_de_validation_permet_ses_bornes() -> None:
    from rules import _valider as v

    assert v.entier("n", 1000) == 1000 and v.entier("n", -1000) == -1000
    assert v.entier("n", 0, minimum=0, maximum=0) == 0 and v.entier("n", 1000, minimum=0) == 1000
    assert v.entier("n", -1000, maximum=5) == -1000
    assert v.booleen("f", False) is False and v.generateur(None) is None
    assert v.texte("nom", "x" * 200) == "x" * 200
    assert v.suite("s", [1, 2, 3], maximum=3, quoi="c") == (1, 2, 3) and v.suite(
        "s", iter([1]), maximum=3, quoi="c"
    ) == (1,)
    assert v.des("d", iter([1, 6]), nombre=2) == (1, 6) and v.des("d", [3], nombre=1, faces=3) == (3,)
    assert v.des("d", (), nombre=0) == ()
    assert v.au_plus("t", 12, 12) == 12 and v.plafond("t", 12, 12, "c") == 12 and v.trait_de_loi("t", 12) == 12
    assert v.loi_entiere("l", {1: 2**512 - 1, 2: 0}, cle=v.entier) == {1: 2**512 - 1, 2: 0}
    assert len(v.loi_entiere("l", dict.fromkeys(range(1000), 1), cle=v.entier)) == 1000
    assert v.classe_et_total("a", ("x", -1000)) == ("x", -1000)
    assert v.modificateur_net(12, 0) == 12 and v.modificateur_net(0, 12) == -12 and v.modificateur_net(3, 3) == 0
    assert v.modificateur_net(20, 20) == 0 and v.modificateur_net(20, 8) == 12  # seuls les dés nets sont bornés


def test_une_suite_trop_longue_est_refusee_sans_lire_plus_loin() -> None:
    """Une suite sans longueur est lue jusqu'à un élément au-delà de la borne, pas plus (un itérable peut être infini)."""
    from rules import _valider as v

    valeurs = iter(range(1, 100))
    with pytest.raises(ValueError):
        v.des("des", valeurs, nombre=2)
    assert next(valeurs) == 4  # 1, 2 et 3 lus : un de trop suffit
    valeurs = iter(range(1, 100))
    with pytest.raises(ValueError):
        v.suite("s", valeurs, maximum=2, quoi="choses")
    assert next(valeurs) == 4


# Ce qui a été reçu, écrit court : jamais un nombre de 5 000 chiffres ni un texte de 1 000 caractères.
RECUS: list[tuple[str, object, str]] = [
    ("150 bits : écrit", 2**150 - 1, str(2**150 - 1)),
    ("151 bits : compté", 2**150, "un entier de 46 chiffres"),
    ("négatif", -(2**150), "un entier de 46 chiffres"),
    ("10 puissance 5000", 10**5000, "un entier de 5001 chiffres"),
    ("13 999 bits : compté exactement", 2**13998, "un entier de 4214 chiffres"),  # l'estimation dirait 4215
    ("14 001 bits : estimé par log10(2)", 2**14000, "un entier de 4215 chiffres"),
    ("10 puissance 4300 : estimé", 10**4300, "un entier de 4301 chiffres"),
    # Une liste d'un entier énorme : reprlib lui-même échoue (plus de 4 300 chiffres) ; on nomme le conteneur.
    ("liste d'un entier énorme", [10**5000], "un objet list"),
    ("booléen", True, "True"),
    ("objet nu", object(), "un objet quelconque"),
    ("texte écrit en 60 caractères", "x" * 58, repr("x" * 58)),
    ("texte écrit en 61 caractères : coupé", "x" * 59, "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"),
]


@pytest.mark.parametrize(("cas", "valeur", "ecrit"), [pytest.param(*c, id=c[0]) for c in RECUS])
def test_ce_qui_a_ete_recu_s_ecrit_court(cas: str, valeur: object, ecrit: str) -> None:
    from rules._valider import recu

    assert recu(valeur) == ecrit


class Chose:
    """Un objet sans __repr__ propre (« <… object at 0x…> » ne dirait rien au lecteur)."""


def test_un_objet_sans_repr_est_nomme_par_sa_classe() -> None:
    from rules._valider import recu

    assert recu(Chose()) == "un objet Chose"
