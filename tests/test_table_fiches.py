"""Les fiches de la page « À la table » : leur lecture, leurs refus (la phrase de la règle, sous le chemin du
champ), la saisie d'un formulaire, et le schéma JSON publié, qui accepte exactement ce que la lecture accepte
(vérifié par un validateur indépendant, `jsonschema`, sur des documents valides et abîmés).
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.refus import Refus
from rules.table import (
    FORMAT,
    VERSION,
    Caracteristique,
    FicheTroisD6,
    FicheWarp,
    Talent,
    TraitWarp,
    document,
    lire_document,
    lire_fiche,
    saisir_fiche,
    schema,
    verifier_document,
    verifier_fiche,
)
from rules.troisd6 import ECHELLE_INDICES

BOURRIN: dict[str, Any] = {
    "id": "bourrin",
    "systeme": "warp",
    "nom": "le bourrin",
    "traits": [{"nom": "Phaseur", "des": 3}, {"nom": "Charme ravageur"}],
    "experience": 2,
}
PHILIP: dict[str, Any] = {
    "id": "philip",
    "systeme": "3d6",
    "nom": "Philip",
    "caracteristiques": [{"nom": "DEX", "indice": "2D6"}, {"nom": "ADA", "indice": "1D6+1D3"}],
    "talents": [{"nom": "Conduite Voiture", "niveau": 2}, {"nom": "Mécanique", "niveau": 2}],
}


def _doc(*fiches: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "fiches": list(fiches)}


def _refus(donnees: Any) -> list[tuple[tuple[Any, ...], str]]:
    _, refus = verifier_fiche(donnees)
    return [(r.lieux[0], str(r)) for r in refus]


def test_une_fiche_warp_se_lit() -> None:
    f = lire_fiche(BOURRIN)
    assert isinstance(f, FicheWarp)
    assert f.traits == (TraitWarp("Phaseur", 3), TraitWarp("Charme ravageur", None))
    assert f.reserve_experience.disponibles == 2
    assert f.notes == ""


def test_une_fiche_3d6_se_lit() -> None:
    f = lire_fiche(PHILIP)
    assert isinstance(f, FicheTroisD6)
    assert f.caracteristiques[0] == Caracteristique("DEX", 0, "2D6")
    assert f.talents[0] == Talent("Conduite Voiture", 2, False)
    assert (f.armure, f.talent_contre_attaque) == (0, False)


@pytest.mark.parametrize(
    ("chemin", "valeur", "lieu", "message"),
    [
        (("traits", 0, "des"), 13, ("traits", 0, "des"), "doit être ≤ 12 pour calculer des chances exactes, reçu 13"),
        (("traits", 0, "des"), -1, ("traits", 0, "des"), "doit être un entier ≥ 0, reçu -1"),
        (("traits", 0, "des"), "3", ("traits", 0, "des"), "doit être un entier entre 0 et 12, reçu '3'"),
        (("traits", 1, "nom"), "  ", ("traits", 1, "nom"), "doit être un texte d'une ligne de 1 à 40 caractères"),
        (("experience",), 100, ("experience",), "doit être un entier entre 0 et 99, reçu 100"),
        (("systeme",), "d20", ("systeme",), "doit valoir 'warp' ou '3d6', reçu 'd20'"),
    ],
)
def test_un_refus_porte_le_chemin_du_champ_et_la_phrase_de_la_regle(
    chemin: tuple[Any, ...], valeur: Any, lieu: tuple[Any, ...], message: str
) -> None:
    fiche = copy.deepcopy(BOURRIN)
    cible: Any = fiche
    for cle in chemin[:-1]:
        cible = cible[cle]
    cible[chemin[-1]] = valeur
    refus = _refus(fiche)
    assert len(refus) == 1, refus
    assert refus[0][0] == lieu
    assert message in refus[0][1]


def test_un_indice_est_refuse_par_la_regle_elle_meme() -> None:
    fiche = copy.deepcopy(PHILIP)
    fiche["caracteristiques"][0]["indice"] = "1D8"
    fiche["caracteristiques"][1]["indice"] = "2D6+1D3"
    refus = _refus(fiche)
    assert [lieu for lieu, _ in refus] == [("caracteristiques", 0, "indice"), ("caracteristiques", 1, "indice")]
    assert "doit s'écrire comme « 2D6 » ou « 1D6+1D3 » (D6 et D3 seulement), reçu '1D8'" in refus[0][1]
    assert "2D6+1D3 n'est pas sur l'échelle des Indices" in refus[1][1]


def test_un_fichier_porte_l_indice_sous_sa_forme_de_l_echelle() -> None:
    fiche = copy.deepcopy(PHILIP)
    fiche["caracteristiques"][0]["indice"] = "2d6"
    assert _refus(fiche) == [
        (
            ("caracteristiques", 0, "indice"),
            "caracteristiques[0].indice doit s'écrire « 2D6 », comme sur l'échelle des Indices, reçu '2d6'",
        )
    ]


def test_tous_les_refus_d_une_fiche_sont_dits() -> None:
    fiche = copy.deepcopy(PHILIP)
    fiche["armure"] = 25
    fiche["talents"][1]["niveau"] = -2
    fiche["couleur"] = "bleu"
    del fiche["nom"]
    lieux = [lieu for lieu, _ in _refus(fiche)]
    assert lieux == [("couleur",), ("nom",), ("talents", 1, "niveau"), ("armure",)]
    messages = dict(_refus(fiche))
    assert messages[("armure",)] == "armure doit être un entier entre 0 et 20, reçu 25"
    assert "n'est pas un champ de Fiche 3D6" in messages[("couleur",)]


def test_un_document_refuse_ne_rend_aucune_fiche_et_dit_ou() -> None:
    lu, refus = verifier_document(_doc(BOURRIN, {**PHILIP, "armure": -1}))
    assert lu is None
    assert [r.lieux[0] for r in refus] == [("fiches", 1, "armure")]
    with pytest.raises(Refus, match=r"^document.version doit valoir 1, reçu 2$"):
        lire_document({**_doc(), "version": 2})
    with pytest.raises(Refus, match="document doit être un texte JSON"):
        lire_document("{pas du json")


def test_la_saisie_d_un_formulaire_prend_la_forme_du_document() -> None:
    brouillon = {
        "id": "x",
        "systeme": "warp",
        "nom": " Ada ",
        "traits": [{"nom": "Phaseur", "des": "3d"}, {"nom": "Bagou", "des": ""}, {"nom": "Tir", "des": "trois"}],
        "experience": " 2 ",
    }
    saisie = saisir_fiche(brouillon)
    assert saisie["nom"] == "Ada"
    assert saisie["traits"] == [{"nom": "Phaseur", "des": 3}, {"nom": "Bagou"}, {"nom": "Tir", "des": "trois"}]
    assert saisie["experience"] == 2
    assert _refus(saisie) == [(("traits", 2, "des"), "traits[2].des doit être un entier entre 0 et 12, reçu 'trois'")]
    troisd6 = saisir_fiche(
        {"systeme": "3d6", "caracteristiques": [{"nom": "FOR", "modificateur": "−1", "indice": "1d6 + 1d3"}]}
    )
    assert troisd6["caracteristiques"] == [{"nom": "FOR", "modificateur": -1, "indice": "1D6+1D3"}]


def test_le_document_exporte_se_relit_a_l_identique() -> None:
    fiches = lire_document(_doc(BOURRIN, PHILIP)).fiches
    texte = json.dumps(document(fiches), ensure_ascii=False)
    assert lire_document(texte).fiches == fiches


# --- Le schéma et la lecture disent la même chose ---------------------------------------------------------

VALIDATEUR = jsonschema.Draft202012Validator(schema())


def test_le_schema_est_un_schema_valide() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    assert set(schema()["properties"]) == {"format", "version", "fiches"}


def _accordes(doc: Any) -> tuple[bool, bool]:
    return VALIDATEUR.is_valid(doc), not verifier_document(doc)[1]


NOMS = st.text(st.characters(codec="utf-8"), min_size=1, max_size=40).filter(lambda t: t.strip() and t.isprintable())
INDICES = st.sampled_from([str(i) for i in ECHELLE_INDICES])


@st.composite
def fiches_warp(draw: st.DrawFn) -> dict[str, Any]:
    traits = [
        {"nom": draw(NOMS), **({"des": draw(st.integers(0, 12))} if draw(st.booleans()) else {})}
        for _ in range(draw(st.integers(0, 4)))
    ]
    fiche: dict[str, Any] = {
        "id": draw(st.from_regex(r"\A[a-z0-9-]{1,12}\Z")),
        "systeme": "warp",
        "nom": draw(NOMS),
        "traits": traits,
    }
    if draw(st.booleans()):
        fiche["experience"] = draw(st.integers(0, 99))
    return fiche


@st.composite
def fiches_3d6(draw: st.DrawFn) -> dict[str, Any]:
    caracs = [
        {
            "nom": draw(NOMS),
            "modificateur": draw(st.integers(-10, 10)),
            **({"indice": draw(INDICES)} if draw(st.booleans()) else {}),
        }
        for _ in range(draw(st.integers(0, 3)))
    ]
    talents = [
        {"nom": draw(NOMS), "niveau": draw(st.integers(0, 20)), "familiarite": draw(st.booleans())}
        for _ in range(draw(st.integers(0, 3)))
    ]
    return {
        "id": draw(st.from_regex(r"\A[A-Za-z0-9_-]{1,12}\Z")),
        "systeme": "3d6",
        "nom": draw(NOMS),
        "caracteristiques": caracs,
        "talents": talents,
        "armure": draw(st.integers(0, 20)),
        "talent_contre_attaque": draw(st.booleans()),
    }


DOCUMENTS = st.lists(st.one_of(fiches_warp(), fiches_3d6()), max_size=3).map(lambda f: _doc(*f))

CANDIDATES: list[Any] = [
    *range(-12, 23),
    *range(97, 102),
    1000,
    1001,
    10**30,
    1.0,
    3.0,
    -1.0,
    12.0,
    13.0,
    2.5,
    -0.0,
    1e300,
    math.nan,
    math.inf,
    None,
    True,
    False,
    *["", " ", "a", "a\n", "\tb", "x" * 40, "x" * 41, "é" * 40, "\u00a0", "3", "2D6", "2d6", " 2D6", "1D8"],
    *["1D6+1D3", "0D6+1D3", "1D3", "15D6", "16D6", "2D6+1D3", "warp", "3d6", FORMAT, "x" * 2000, "x" * 2001],
    [],
    [3],
    {},
    {"nom": "a"},
]
"""Des valeurs au bord de ce que chaque champ admet (bornes, types voisins, formes d'écriture), et au-delà."""

VALEURS_JSON = st.one_of(
    st.sampled_from(CANDIDATES),
    st.integers(-30, 1200),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=50),
    st.lists(st.integers(0, 5), max_size=2),
    st.dictionaries(st.sampled_from(["nom", "des", "zzz"]), st.integers(0, 3), max_size=2),
)


def _chemins(valeur: Any, prefixe: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    chemins = [prefixe]
    if isinstance(valeur, dict):
        for cle, v in valeur.items():
            chemins += _chemins(v, (*prefixe, cle))
    elif isinstance(valeur, list):
        for i, v in enumerate(valeur):
            chemins += _chemins(v, (*prefixe, i))
    return chemins


@st.composite
def documents_abimes(draw: st.DrawFn) -> dict[str, Any]:
    doc = draw(DOCUMENTS)
    for _ in range(draw(st.integers(1, 3))):
        chemin = draw(st.sampled_from(_chemins(doc)[1:] or [()]))
        if not chemin:
            continue
        parent: Any = doc
        for cle in chemin[:-1]:
            parent = parent[cle]
        geste = draw(st.sampled_from(["remplacer", "retirer", "ajouter"]))
        if geste == "retirer":
            del parent[chemin[-1]]
        elif geste == "ajouter" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["inconnu", "des", "indice", "notes", "niveau"]))] = copy.deepcopy(
                draw(VALEURS_JSON)
            )
        else:  # une copie : un candidat partagé ({}, [3]…) abîmé à son tour changerait CANDIDATES d'un tirage à l'autre
            parent[chemin[-1]] = copy.deepcopy(draw(VALEURS_JSON))
    return doc


@settings(max_examples=100)
@given(DOCUMENTS)
def test_le_schema_accepte_les_documents_valides(doc: dict[str, Any]) -> None:
    assert _accordes(doc) == (True, True), verifier_document(doc)[1]


@settings(max_examples=400)
@given(documents_abimes())
def test_le_schema_et_la_lecture_s_accordent_sur_les_documents_abimes(doc: dict[str, Any]) -> None:
    schema_dit, lecture_dit = _accordes(doc)
    assert schema_dit == lecture_dit, (doc, verifier_document(doc)[1], [e.message for e in VALIDATEUR.iter_errors(doc)])


@pytest.mark.parametrize(
    "valeur",
    [3.0, 12.0, 13.0, True, False, None, math.nan, math.inf, "3", 2.5, -0.0, 10**30, [3], {"des": 3}],
)
def test_le_schema_et_la_lecture_s_accordent_sur_un_nombre_de_des(valeur: Any) -> None:
    fiche = {**copy.deepcopy(BOURRIN), "traits": [{"nom": "Phaseur", "des": valeur}]}
    schema_dit, lecture_dit = _accordes(_doc(fiche))
    assert schema_dit == lecture_dit


@pytest.mark.parametrize(
    "nom", ["Ada", "", " ", "a\n", "a\nb", "\u00a0", "\u2003x", "x" * 40, "x" * 41, "é" * 40, "\x7f", "tab\t", "😀"]
)
def test_le_schema_et_la_lecture_s_accordent_sur_un_nom(nom: str) -> None:
    schema_dit, lecture_dit = _accordes(_doc({**BOURRIN, "nom": nom}))
    assert schema_dit == lecture_dit


@pytest.mark.parametrize("notes", ["", "une ligne\net une autre\tavec tabulation", "\x00", "x" * 2001])
def test_le_schema_et_la_lecture_s_accordent_sur_des_notes(notes: str) -> None:
    assert len(set(_accordes(_doc({**BOURRIN, "notes": notes})))) == 1


def _remplacer(doc: Any, chemin: tuple[Any, ...], valeur: Any) -> Any:
    copie = copy.deepcopy(doc)
    parent = copie
    for cle in chemin[:-1]:
        parent = parent[cle]
    parent[chemin[-1]] = valeur
    return copie


COMPLET = copy.deepcopy(
    _doc(
        {**BOURRIN, "experience_convertis": 1, "notes": "n"},
        {**PHILIP, "armure": 1, "talent_contre_attaque": True, "notes": "n"},
    )
)
COMPLET["fiches"][1]["caracteristiques"][0]["modificateur"] = -1
COMPLET["fiches"][1]["talents"][0]["familiarite"] = True


@pytest.mark.parametrize("chemin", [c for c in _chemins(COMPLET) if c], ids=lambda c: ".".join(map(str, c)))
def test_le_schema_et_la_lecture_s_accordent_sur_chaque_champ_et_chaque_valeur_au_bord(
    chemin: tuple[Any, ...],
) -> None:
    """Chaque champ d'un document complet, remplacé tour à tour par chacune des valeurs au bord."""
    for valeur in CANDIDATES:
        doc = _remplacer(COMPLET, chemin, valeur)
        schema_dit, lecture_dit = _accordes(doc)
        assert schema_dit == lecture_dit, (chemin, valeur, verifier_document(doc)[1])


def test_une_controle_qui_ne_voit_rien_n_en_est_pas_un() -> None:
    """Les abîmes font vraiment des documents refusés (sinon l'accord ne prouverait rien)."""
    assert not all(_accordes(_doc({**BOURRIN, "nom": v}))[1] for v in ["", 3, None])


# --- Exporter, importer : l'identité -----------------------------------------------------------------------


@settings(max_examples=100)
@given(DOCUMENTS)
def test_exporter_puis_importer_est_l_identite(doc: dict[str, Any]) -> None:
    fiches = lire_document(doc).fiches
    exporte = json.loads(json.dumps(document(fiches), ensure_ascii=False))
    assert lire_document(exporte).fiches == fiches
    assert document(lire_document(exporte).fiches) == exporte
    assume(fiches)
    assert VALIDATEUR.is_valid(exporte)
