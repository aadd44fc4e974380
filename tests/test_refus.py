"""Un refus est une donnée : ses lieux, ce qui est permis, ce qui a été reçu ; son message en est rendu.

Ce que l'on vérifie ici :

- le rendu du message depuis les champs (nom Python par défaut, étiquette d'un formulaire, option de la
  ligne de commande), mot pour mot ;
- la relocalisation (`sous`, `relocaliser`, `vers`) : le lieu change, le texte permis et le reçu jamais ;
- le routage du calculateur par les lieux seuls : un message réécrit (même texte, autre tournure) reste sous
  son champ, et aucun code de `rules` ne relit un message pour savoir de quoi il parle ;
- hypothesis : tout refus d'une entrée publique porte un lieu qui est un paramètre de la fonction appelée.
"""

from __future__ import annotations

import ast
import pickle
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import troisd6, warp
from rules.affichage import arrondi, chance, fois, graphique, pourcentage, tableau
from rules.calculateur import FORMULAIRES, calculer
from rules.des import comptes
from rules.refus import PHRASE, PROPOS, Refus, nom_python
from rules.troisd6 import Defense, Niveau
from tests.cas_calculateur import ERREURS

RACINE = Path(__file__).resolve().parent.parent

# --- Le rendu du message ---------------------------------------------------------------------


def test_le_message_est_rendu_depuis_les_champs() -> None:
    r = Refus("trait", "être un entier ≥ 0", recu=-1)
    assert (r.lieux, r.permis, r.recu, r.forme) == ((("trait",),), "être un entier ≥ 0", "-1", "doit")
    assert str(r) == r.message() == "trait doit être un entier ≥ 0, reçu -1"
    assert r.message(lambda lieu: "Trait (dés)") == "Trait (dés) : doit être un entier ≥ 0, reçu -1"
    assert r.message(lambda lieu: "--trait", etiquette=False) == "--trait doit être un entier ≥ 0, reçu -1"
    # Un ValueError comme un autre : `except ValueError` l'attrape, `args` porte le message.
    assert isinstance(r, ValueError) and r.args == ("trait doit être un entier ≥ 0, reçu -1",)


def test_les_trois_formes_et_plusieurs_lieux() -> None:
    propos = Refus("des", "chaque dé doit être un entier entre 1 et 6", recu=7, forme=PROPOS)
    assert str(propos) == "des : chaque dé doit être un entier entre 1 et 6, reçu 7"
    phrase = Refus("reserve", "aucun dé d'expérience disponible", forme=PHRASE)
    assert str(phrase) == "aucun dé d'expérience disponible"
    assert phrase.message(lambda lieu: "--reserve", etiquette=False) == "--reserve : aucun dé d'expérience disponible"
    deux = Refus(("bonus", "malus"), "au plus 12 dés nets", recu_ecrit="14 (bonus 15, malus 1)", forme=PROPOS)
    assert str(deux) == "bonus et malus : au plus 12 dés nets, reçu 14 (bonus 15, malus 1)"
    trois = Refus(("trait", "bonus", "malus"), "au plus 60 dés", forme=PROPOS)
    assert str(trois) == "trait, bonus et malus : au plus 60 dés"
    pluriel = Refus([("b", "nom"), ("a", "nom")], "être différents", recu_ecrit="deux fois 'Ada'")
    assert str(pluriel) == "b.nom et a.nom doivent être différents, reçu deux fois 'Ada'"


def test_un_chemin_s_ecrit_comme_en_python() -> None:
    assert nom_python(("betas", 1)) == "betas[1]"
    assert nom_python(("tours", 2, "des_attaque")) == "tours[2].des_attaque"
    assert nom_python(("politique_a", "risque", "niveaux")) == "politique_a.risque.niveaux"


# --- La relocalisation --------------------------------------------------------------------------


def test_relocaliser_change_le_lieu_jamais_le_texte() -> None:
    r = Refus("des", "contenir exactement 2 dés", recu_ecrit="3 : (6, 5, 1)")
    sous = r.sous("tours", 0)
    assert sous.lieux == (("tours", 0, "des"),)
    relocalise = r.relocaliser({"des": ("des_betas", 1), "trait": ("betas", 1)})
    assert relocalise.lieux == (("des_betas", 1),)
    vers = r.vers(("a", "indice"))
    for autre in (sous, relocalise, vers):
        assert (autre.permis, autre.recu, autre.forme) == (r.permis, r.recu, r.forme)
    assert str(relocalise) == "des_betas[1] doit contenir exactement 2 dés, reçu 3 : (6, 5, 1)"
    # Un lieu que la correspondance ne connaît pas reste où il est.
    assert Refus(("bonus", "des"), "x", forme=PROPOS).relocaliser({"des": ("des_alpha",)}).lieux == (
        ("bonus",),
        ("des_alpha",),
    )


def test_un_refus_se_copie_et_se_transporte() -> None:
    r = Refus("des", "contenir exactement 3 dés", recu_ecrit="2 : (1, 2)").sous("betas", 1)
    copie = pickle.loads(pickle.dumps(r))
    assert (copie.lieux, copie.permis, copie.recu, str(copie)) == (r.lieux, r.permis, r.recu, str(r))


@pytest.mark.parametrize(
    ("lieux", "permis", "options"),
    [(3, "x", {}), ((), "x", {}), ([("a", 1.5)], "x", {}), ("a", 3, {}), ("a", "x", {"forme": "autre"})],
)
def test_un_refus_mal_construit_est_refuse(lieux: Any, permis: Any, options: dict[str, Any]) -> None:
    with pytest.raises(Refus):
        Refus(lieux, permis, **options)


# --- Les règles lèvent des refus qui disent leur lieu ---------------------------------------------


def test_un_tour_nu_est_refuse_en_francais() -> None:
    """Un round donné comme un nombre nu (pas une suite de dés) : un refus français, sous `des`, avec son rang."""
    with pytest.raises(Refus) as refus:
        warp.derouler(3, 3, 2, 1, des=[5])  # type: ignore[list-item]
    assert refus.value.lieux == (("des", 0),)
    assert str(refus.value) == "des[0] doit être une suite de 3 dés (entiers de 1 à 6), reçu 5"


def test_les_lieux_imbriques_des_regles() -> None:
    with pytest.raises(Refus) as refus:
        warp.cooperation(3, [2, 3], des_betas=[(5, 4), (6, 1)], des_alpha=(6, 5, 4))
    assert refus.value.lieux == (("des_betas", 1),)
    with pytest.raises(Refus) as refus:
        warp.aide([warp.Resultat.REUSSITE, "Succès"])  # type: ignore[list-item]
    assert refus.value.lieux == (("resultats", 1),)
    ada, bruno = troisd6.Personnage("Ada", seuil=12, indice="14D6"), troisd6.Personnage("Bruno", seuil=11, indice="2D6")
    with pytest.raises(Refus) as refus:
        troisd6.chances_echange(ada, bruno)
    assert refus.value.lieux == (("attaquant", "indice"),)
    with pytest.raises(Refus) as refus:
        troisd6.chances_scene(bruno, ada)  # Ada, attaquée, bloque : son Indice sort de l'échelle sur un critique
    assert refus.value.lieux[0] in {("b", "indice"), ("a", "indice")}
    with pytest.raises(Refus) as refus:
        troisd6.Personnage("Ada", seuil=12, indice="2D6", indice_defense="1D8")
    assert refus.value.lieux == (("indice_defense",),)


# --- Le calculateur route par les lieux, jamais par le texte ---------------------------------------


@pytest.mark.parametrize(("formulaire", "entrees", "champ", "message"), ERREURS)
def test_chaque_refus_du_calculateur_nomme_l_etiquette_de_son_champ(
    formulaire: str, entrees: dict[str, str], champ: str, message: str
) -> None:
    r = calculer(formulaire, entrees)
    assert list(r.erreurs) == [champ]
    assert r.refus[champ].lieux[0][0] == champ
    f = FORMULAIRES[formulaire]
    assert r.erreurs[champ].startswith(f.etiquette(r.refus[champ].lieux[0]))
    # Jamais le nom Python d'un champ ou d'un paramètre en tête du message d'un formulaire.
    assert not r.erreurs[champ].startswith((champ, "betas[", "des ", "nom_", "defense_"))


def test_un_message_reecrit_ne_change_pas_de_champ(monkeypatch: pytest.MonkeyPatch) -> None:
    """Le routage ne lit pas le texte : des messages réécrits de fond en comble (en tête un autre nom de
    paramètre, comme le faisait « betas[1] doit… » ou « niveaux : 14D6… ») vont sous le même champ."""
    avant = {(f, tuple(e.items())): list(calculer(f, e).erreurs) for f, e, _, _ in ERREURS}
    monkeypatch.setattr(Refus, "corps", lambda self, pluriel=False: "trait bonus niveaux des total : réécrit")
    for f, e, champ, _ in ERREURS:
        r = calculer(f, e)
        assert list(r.erreurs) == avant[(f, tuple(e.items()))] == [champ], (f, e)
        assert r.erreurs[champ].endswith("réécrit")


def _noeuds_rules() -> Iterator[tuple[Path, ast.AST]]:
    for chemin in sorted((RACINE / "rules").rglob("*.py")):
        for noeud in ast.walk(ast.parse(chemin.read_text(encoding="utf-8"))):
            yield chemin, noeud


def test_aucun_code_ne_relit_un_message() -> None:
    """Ni `str(erreur)` relu, ni préfixe retiré d'un message, ni table de messages : les refus se lisent par champs."""
    fautes = []
    for chemin, noeud in _noeuds_rules():
        if isinstance(noeud, ast.Name) and noeud.id in {"champ_du_message", "_NOM", "_sous_son_indice", "_ECHELLE"}:
            fautes.append(f"{chemin.name}: {noeud.id}")
        if isinstance(noeud, ast.Attribute) and noeud.attr in {"removeprefix", "startswith"}:
            cible = ast.unparse(noeud.value)
            if "message" in cible or "erreur" in cible or "str(" in cible:
                fautes.append(f"{chemin.name}: {ast.unparse(noeud)}")
    assert fautes == []


def test_la_verification_du_message_peut_rougir() -> None:
    """Le test ci-dessus voit une relecture de message quand il y en a une (prouvé sur un bout de code)."""
    code = "def f(erreur):\n    return str(erreur).removeprefix('total : ')\n"
    vus = [n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Attribute) and n.attr == "removeprefix"]
    assert vus and "str(" in ast.unparse(vus[0].value)


# --- hypothesis : le lieu d'un refus est un paramètre de la fonction appelée -----------------------

_PUBLIQUES = [
    (warp.jet, ("trait", "bonus", "malus", "des", "rng")),
    (warp.distribution, ("trait", "bonus", "malus")),
    (warp.derouler, ("trait", "complexite", "maniabilite", "periode", "unite", "bonus", "malus", "des")),
    (warp.cooperation, ("alpha", "betas", "bonus", "malus", "des_betas", "des_alpha")),
    (warp.aide, ("resultats",)),
    (warp.chances_opposees, ("trait_premier", "bonus_premier", "malus_premier", "trait_second")),
    (troisd6.jet, ("seuil", "des")),
    (troisd6.effet, ("indice", "dd", "dt", "niveaux", "bonus_points", "des", "total")),
    (troisd6.seuil_talent, ("niveau", "difficulte")),
]
_VALEURS = st.one_of(
    st.integers(-3, 20),
    st.sampled_from(["", "x", "2D6", "14D6", "1D8", "3d", None, 2.5, True]),
    st.lists(st.one_of(st.integers(-1, 8), st.just("x")), max_size=5),
    st.lists(st.lists(st.integers(0, 7), max_size=4), max_size=3),
)


@pytest.mark.parametrize(("fonction", "parametres"), _PUBLIQUES, ids=[f.__name__ for f, _ in _PUBLIQUES])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_tout_refus_porte_un_lieu_parmi_les_parametres(
    fonction: Any, parametres: tuple[str, ...], data: st.DataObject
) -> None:
    nommes = {p: data.draw(_VALEURS, label=p) for p in parametres if p != "rng" and data.draw(st.booleans())}
    try:
        fonction(**nommes)
    except Refus as refus:
        for lieu in refus.lieux:
            assert lieu[0] in parametres, (fonction.__name__, nommes, refus.lieux, str(refus))
    except TypeError:  # un paramètre obligatoire omis : Python le dit avant les règles
        pass


# --- aucun ValueError nu dans le paquet (hors du calculateur, qu'un autre chantier refait) ----------------------


def _valueerror_nus() -> list[str]:
    """Chaque `ValueError(…)` construit dans rules/ (hors rules/calculateur/) : un refus qui ne serait pas une donnée."""
    return [
        f"{chemin.relative_to(RACINE / 'rules').as_posix()}:{noeud.lineno}"
        for chemin, noeud in _noeuds_rules()
        if "calculateur" not in chemin.parts
        and isinstance(noeud, ast.Call)
        and isinstance(noeud.func, ast.Name)
        and noeud.func.id == "ValueError"
    ]


def test_aucun_valueerror_nu_hors_du_calculateur() -> None:
    assert _valueerror_nus() == []


_AUTRES_MODULES = [
    (lambda: comptes(2, 1, 3), (("evaluateur",),), "evaluateur doit être un Evaluateur (rules.des.Evaluateur), reçu 3"),  # type: ignore[arg-type]
    (
        lambda: Niveau("réussite"),
        (("valeur",),),
        "valeur : aucun Niveau ne s'appelle 'réussite' ; libellés permis : 'Échec critique', ",
    ),
    (lambda: Defense("x"), (("valeur",),), "valeur : aucune Defense ne s'appelle 'x'"),
    (
        lambda: Niveau("Réussite simple", 2),  # type: ignore[call-arg]
        (("valeur",),),
        "Niveau attend un seul argument, le libellé, reçu 2 arguments",
    ),
    (lambda: arrondi("1"), (("valeur",),), "valeur doit être un nombre (Fraction, entier ou flottant), reçu '1'"),  # type: ignore[arg-type]
    (lambda: arrondi(float("nan")), (("valeur",),), "valeur doit être un nombre fini, reçu nan"),
    (
        lambda: arrondi(10**5000),
        (("valeur",),),
        "valeur doit être un nombre fini d'au plus 15 chiffres avant la virgule",
    ),
    (lambda: pourcentage(Fraction(3, 2)), (("p",),), "p doit être une probabilité (Fraction ou entier entre 0 et 1)"),
    (lambda: chance(-1), (("p",),), "p doit être une probabilité (Fraction ou entier entre 0 et 1), reçu -1"),  # type: ignore[arg-type]
    (lambda: fois(2), (("p",),), "p doit être une probabilité (Fraction ou entier entre 0 et 1), reçu 2"),  # type: ignore[arg-type]
    (lambda: tableau(["a", 2], []), (("entetes", 1),), "entetes[1] doit être un texte, reçu 2"),  # type: ignore[list-item]
    (lambda: _graphique(abscisses=[]), (("abscisses",),), "abscisses doit contenir au moins une abscisse, reçu aucune"),
    (lambda: _graphique(abscisses=[1, "x"]), (("abscisses", 1),), "abscisses[1] doit être un nombre, reçu 'x'"),
    (lambda: _graphique(abscisses=[10**4]), (("abscisses", 0),), "abscisses[0] doit être un nombre fini entre -1000"),
    (lambda: _graphique(series={}), (("series",),), "series doit être un dict non vide {nom: valeurs} (32 séries"),
    (lambda: _graphique(series={"a": [1, 2]}), (("series", "a"),), "series.a doit avoir une valeur par abscisse"),
    (lambda: _graphique(maximum_y=0), (("maximum_y",),), "maximum_y doit être un nombre > 0 (ou None), reçu 0"),
    (
        lambda: _graphique(series={"a": [-1]}),
        (("series",),),
        "series : sans maximum_y, au moins une valeur doit être ≥ 0",
    ),
    (
        lambda: troisd6.issue_sans_opposition(25, "1D3", bonus_points=-20, armure=20),
        (("seuil",), ("bonus_points",), ("armure",)),
        "seuil, bonus_points et armure : la scène ne finit jamais",
    ),
]


def _graphique(**champs: Any) -> str:
    entrees: dict[str, Any] = {"titre": "t", "abscisses": [1], "series": {"a": [1]}, "legende_x": "x", "legende_y": "y"}
    return graphique(**{**entrees, **champs})


@pytest.mark.parametrize(("appel", "lieux", "debut"), _AUTRES_MODULES, ids=[c[2][:40] for c in _AUTRES_MODULES])
def test_des_enum_et_affichage_refusent_par_un_refus(appel: Any, lieux: tuple[Any, ...], debut: str) -> None:
    with pytest.raises(Refus) as refus:
        appel()
    assert refus.value.lieux == lieux
    assert str(refus.value).startswith(debut), str(refus.value)
