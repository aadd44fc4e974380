"""Le calculateur (rules.calculateur) : pour chaque cas, ce qu'il rend égale ce que rendent les règles elles-mêmes.

La table des cas (`tests/cas_calculateur.py`) appelle les règles directement ;
ces tests vérifient que le calculateur lit les mêmes entrées en texte et rend
le même verdict, la même explication et les mêmes chances exactes. Les mêmes
cas servent aux tests de la ligne de commande et du navigateur.
"""

from __future__ import annotations

import decimal
import html
import json
import random
import re
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules import troisd6, warp
from rules.affichage import chance, fois, pourcentage
from rules.calculateur import FORMULAIRES, Reponse, calculer, calculer_json, en_texte
from rules.calculateur._commun import ecrire_des
from rules.des import lancer
from rules.refus import Refus
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
            # La chance écrite par la règle du site, celle des pages (« 1 sur N » sous 5 %).
            assert ligne[1] == chance(p)
            if "Fraction exacte" in r.tableaux[0].entetes:  # la colonne n'est là que si chaque fraction se lit
                assert Fraction(ligne[2]) == p
        assert r.tableaux[0].barres == tuple(float(p) for p in cas.loi.values())


def test_chaque_formulaire_a_des_cas_et_une_erreur() -> None:
    assert {c.formulaire for c in CAS} == set(FORMULAIRES)
    assert {f for f, *_ in ERREURS} == set(FORMULAIRES)


# Des valeurs qu'un formulaire du navigateur ne peut pas saisir (une option hors liste, une case ni oui ni non),
# mais qu'un lien ou la ligne de commande peuvent porter : hors de la table partagée ERREURS.
_REFUS_HORS_FORMULAIRE = (
    # Une case mal remplie est refusée seule : la scène (qui ne finirait jamais) n'est pas calculée pour autant.
    ("troisd6-scene", {"seuil_a": "2", "seuil_b": "2", "comparer": "peut-être"}, "comparer",
     "Comparer les échanges de risque du texte pour le premier : doit valoir « oui » ou « non », reçu 'peut-être'"),
    # Un choix refusé arrête le calcul : l'Indice trop haut n'ajoute pas une seconde erreur.
    ("troisd6-defense", {"avantage": "x", "indice_attaquant": "14D6"}, "avantage",
     "Avantage courant de l'attaquant : doit être l'un de aucun, leger, moyen, fort, critique, reçu 'x'"),
)  # fmt: skip


@pytest.mark.parametrize(("formulaire", "entrees", "champ", "message"), (*ERREURS, *_REFUS_HORS_FORMULAIRE))
def test_chaque_mauvaise_entree_a_son_message_sous_son_champ(
    formulaire: str, entrees: dict[str, str], champ: str, message: str
) -> None:
    r = calculer(formulaire, entrees)
    assert r.erreurs == {champ: message}
    assert not r.ok and r.verdict is None and not r.tableaux and r.formulaire == formulaire


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


def test_un_champ_inconnu_du_formulaire_est_nomme() -> None:
    assert FORMULAIRES["warp-jet"].champ("trait").nom == "trait"
    with pytest.raises(KeyError) as inconnu:
        FORMULAIRES["warp-jet"].champ("traitt")
    assert inconnu.value.args == ("traitt",)


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
    assert "1 chance sur 1\u202f296" in texte
    assert en_texte(calculer("warp-jet", {"trait": "-1"})) == "Trait (dés) : doit être un entier ≥ 0, reçu -1"


def test_chaque_mecanique_mene_au_calculateur() -> None:
    """La page de règles de chaque formulaire a sa ligne « Au calculateur » vers lui (ancre comprise)."""
    from tests.conftest import RACINE

    for f in FORMULAIRES.values():
        chemin = f.regle.partition("#")[0]
        texte = (RACINE / "docs" / chemin).read_text("utf-8")
        assert f"calculateur.md#{f.nom})" in texte, f"{chemin} ne mène pas au formulaire {f.nom}"


# --- Chaque sortie, mot pour mot et chiffre pour chiffre, contre les règles appelées directement -----------------
#
# Les oracles ci-dessous rebâtissent la réponse entière (`en_dict()`) d'un formulaire à partir des fonctions de
# `rules.warp` / `rules.troisd6` appelées directement, et des textes propres au calculateur écrits en toutes lettres
# (légendes, en-têtes, notes, faits : ce que lit le joueur). Chaque tableau y est comparé en entier : légende,
# en-têtes, lignes (chance, fraction, cumul), barres, notes.


def _chance_lue(p: Fraction) -> str:
    """Une chance dans une case, comme la lit le joueur : la règle du site (« 1 sur N » sous 5 %)."""
    return chance(p)


def _fraction_lue(p: Fraction) -> str | None:
    """La fraction exacte, ou `None` si personne ne la lit (plus de 21 caractères) : sa colonne n'est pas montrée."""
    if p.denominator == 1:
        return str(p.numerator)
    ecrite = f"{p.numerator}/{p.denominator}"
    return ecrite if len(ecrite) <= 21 else None


def _lisibles(entetes: list[str], lignes: list[list[str | None]]) -> tuple[list[str], list[list[str | None]]]:
    """Sans la colonne « Fraction exacte » dès qu'une de ses fractions est illisible."""
    if all(ligne[2] is not None for ligne in lignes):
        return entetes, lignes
    return entetes[:2] + entetes[3:], [ligne[:2] + ligne[3:] for ligne in lignes]


def _table(
    legende: str,
    intitule: str,
    loi: dict[object, Fraction],
    cumul: str | None = None,
    libelle: object = str,
    notes: tuple[tuple[str, Fraction], ...] = (),
) -> dict[str, object]:
    """Le tableau attendu d'une loi : le cumul « celle-ci ou mieux » est ce qui reste de la loi en la descendant."""
    lignes: list[list[str | None]] = []
    reste = sum(loi.values(), Fraction(0))
    for issue, p in loi.items():
        ligne = [libelle(issue), _chance_lue(p), _fraction_lue(p)]  # type: ignore[operator]
        if cumul is not None:
            ligne.append(_chance_lue(reste))
        reste -= p
        lignes.append(ligne)
    entetes, lignes = _lisibles(
        [intitule, "Chance", "Fraction exacte", *([cumul] if cumul is not None else [])], lignes
    )
    return {
        "legende": legende,
        "entetes": entetes,
        "lignes": lignes,
        "barres": [float(p) for p in loi.values()],
        "notes": [f"{texte} : {pourcentage(p)}." for texte, p in notes],
    }


_JETS = {"warp-jet", "warp-cooperatif", "warp-etendu", "warp-experience", "troisd6-jet", "troisd6-mineure"}
"""Les formulaires dont le verdict est la réussite ou l'échec de celui qui lance (les autres : un jet opposé, des
chances, un échange, un conseil, ni l'un ni l'autre pour personne)."""


def _ton_lu(formulaire: str, verdict: str | None) -> str:
    """Le ton qu'attend un lecteur de ce verdict, lu à part du calculateur : la couleur des cartes des pages."""
    if verdict is None or formulaire not in _JETS:
        return "neutre"
    # Une scène opposée : personne ne lance seul.
    if formulaire == "troisd6-mineure" and not verdict.startswith("Le PJ"):
        return "neutre"
    reussi = verdict.startswith(("Réussite", "Magistrale", "Le PJ gagne"))
    return "reussite" if reussi else "echec"


def _arrondi_lu(x: Fraction, decimales: int) -> str:
    """Un nombre écrit comme le site l'écrit, à part de rules.affichage : au plus proche, une moitié vers le haut
    (vers le plus grand en valeur absolue), virgule décimale, signe moins typographique."""
    q = decimal.Decimal(x.numerator) / decimal.Decimal(x.denominator)
    ecrit = str(abs(q).quantize(decimal.Decimal(1).scaleb(-decimales), rounding=decimal.ROUND_HALF_UP))
    return ("−" if x < 0 and ecrit.strip("0.") else "") + ecrit.replace(".", ",")


def _reponse(
    formulaire: str,
    entrees: dict[str, str],
    verdict: str | None = None,
    explication: str | None = None,
    faits: list[str] | tuple[str, ...] = (),
    tableaux: list[dict[str, object]] | tuple[dict[str, object], ...] = (),
) -> dict[str, object]:
    return {
        "ok": True,
        "formulaire": formulaire,
        "entrees": entrees,
        "verdict": verdict,
        "ton": _ton_lu(formulaire, verdict),
        "explication": explication,
        "faits": list(faits),
        "tableaux": list(tableaux),
        "erreurs": {},
    }


def _notes_w(loi: dict[warp.Resultat, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    R = warp.Resultat
    return (
        ("Réussite, Magistrale comprise", loi[R.REUSSITE] + loi[R.MAGISTRALE]),
        ("Au moins un 6 gardé (Magistrale ou Compensation)", loi[R.MAGISTRALE] + loi[R.COMPENSATION]),
        ("Catastrophe (tous les dés gardés à 1)", loi[R.CATASTROPHE]),
    )


def _table_w(legende: str, loi: dict[warp.Resultat, Fraction]) -> dict[str, object]:
    return _table(legende, "Résultat", loi, "Ce résultat ou mieux", notes=_notes_w(loi))  # type: ignore[arg-type]


def _des_de(n: int) -> st.SearchStrategy[tuple[int, ...]]:
    return st.lists(st.integers(1, 6), min_size=n, max_size=n).map(tuple)


def _ecrits(des: tuple[int, ...]) -> str:
    return " ".join(map(str, des))


# WaRP › jet simple


def _attendu_jet_warp(trait: int, bonus: int, malus: int, des: tuple[int, ...] | None) -> dict[str, object]:
    entrees = {"trait": str(trait), "bonus": str(bonus), "malus": str(malus)}
    r = None
    if des is not None:
        entrees["des"] = _ecrits(des)
        r = warp.jet(trait, bonus=bonus, malus=malus, des=des)
    n = warp.nombre_de_des(trait, bonus=bonus, malus=malus)
    if trait == 0:
        fait = "Trait à 0d : aucun dé n'est lancé, le jet est un Échec automatique."
    else:
        sens = (bonus > malus) - (bonus < malus)
        if sens == 0:
            garde = "" if n == 1 else ", tous gardés"
        elif trait == 1:
            garde = f", on garde le {'meilleur' if sens > 0 else 'pire'}"
        else:
            garde = f", on garde les {trait} {'meilleurs' if sens > 0 else 'pires'}"
        quoi = "le dé gardé" if trait == 1 else "le total des dés gardés"
        fait = (
            f"{n} dé{'s' if n > 1 else ''} lancé{'s' if n > 1 else ''}{garde} ; "
            f"réussite si {quoi} dépasse {warp.seuil(trait)} (l'égalité est un échec)."
        )
    loi = warp.distribution(trait, bonus=bonus, malus=malus)
    return _reponse(
        "warp-jet",
        entrees,
        None if r is None else str(r.resultat),
        None if r is None else r.explication,
        [fait],
        [_table_w(f"Chances exactes d'un jet à {trait}d (bonus {bonus}, malus {malus})", loi)],
    )


@st.composite
def _jet_warp(draw: st.DrawFn) -> tuple[int, int, int, tuple[int, ...] | None]:
    trait, bonus, malus = draw(st.integers(0, 5)), draw(st.integers(0, 3)), draw(st.integers(0, 3))
    n = warp.nombre_de_des(trait, bonus=bonus, malus=malus)
    return trait, bonus, malus, draw(st.none() | _des_de(n)) if trait else None  # à 0d, aucun dé n'est lancé


@settings(max_examples=40, deadline=None)
@given(_jet_warp())
@example((3, 1, 0, (6, 2, 5, 1)))
@example((3, 0, 2, (1, 1, 1, 1, 1)))
@example((1, 0, 0, (6,)))
@example((0, 0, 0, None))
@example((2, 1, 1, None))
def test_warp_jet_tout_vient_des_regles(cas: tuple[int, int, int, tuple[int, ...] | None]) -> None:
    trait, bonus, malus, des = cas
    entrees = {"trait": str(trait), "bonus": str(bonus), "malus": str(malus)}
    if des is not None:
        entrees["des"] = _ecrits(des)
    assert calculer("warp-jet", entrees).en_dict() == _attendu_jet_warp(trait, bonus, malus, des)


# WaRP › jet opposé


@st.composite
def _oppose(draw: st.DrawFn) -> dict[str, str]:
    entrees = {"mode": draw(st.sampled_from(["attaque", "symetrique"]))}
    donnes = draw(st.booleans())
    for camp in ("premier", "second"):
        t, b, m = draw(st.integers(0, 4)), draw(st.integers(0, 2)), draw(st.integers(0, 2))
        entrees |= {f"trait_{camp}": str(t), f"bonus_{camp}": str(b), f"malus_{camp}": str(m)}
        if donnes and t:
            entrees[f"des_{camp}"] = _ecrits(draw(_des_de(warp.nombre_de_des(t, bonus=b, malus=m))))
    if not donnes or "des_premier" not in entrees or "des_second" not in entrees:
        entrees.pop("des_premier", None)
        entrees.pop("des_second", None)
    return entrees


def _camp_oppose(j: warp.Jet) -> str:
    """Ce qu'un camp a lancé et gardé, écrit à part du calculateur : « 4 dés lancés (6, 5, 2, 1), 3 dés gardés… »."""
    lances = f"{len(j.des)} dé{'s' if len(j.des) > 1 else ''} lancé{'s' if len(j.des) > 1 else ''} ({', '.join(map(str, j.des))})"
    if sorted(j.gardes) != sorted(j.des):
        lances += f", {len(j.gardes)} dé{'s' if len(j.gardes) > 1 else ''} gardé{'s' if len(j.gardes) > 1 else ''} ({', '.join(map(str, j.gardes))})"
    fin = ""
    if j.catastrophe:
        fin = (
            ", le dé gardé est un 1 (Catastrophe)"
            if len(j.gardes) == 1
            else ", tous les dés gardés sont des 1 (Catastrophe)"
        )
    elif j.critiques == 1:
        fin = ", un 6 gardé (1 Critique)"
    elif j.critiques:
        fin = f", {j.critiques} × 6 gardés ({j.critiques} Critiques)"
    return f"{lances} : total {j.total}{fin}."


def _attendu_oppose(entrees: dict[str, str]) -> dict[str, object]:
    sym = entrees["mode"] == "symetrique"
    args = {f"{p}_{c}": int(entrees[f"{p}_{c}"]) for p in ("trait", "bonus", "malus") for c in ("premier", "second")}
    qui = ("le premier", "le second") if sym else ("l'attaquant", "le défenseur")
    Iw = warp.Issue
    libelles = {Iw.PREMIER: f"{qui[0]} l'emporte", Iw.EGALITE: "égalité", Iw.SECOND: f"{qui[1]} l'emporte"}
    issues = warp.chances_opposees(**args, symetrique=sym)
    ordre = {k: issues[k] for k in ((Iw.SECOND, Iw.EGALITE, Iw.PREMIER) if sym else (Iw.SECOND, Iw.PREMIER))}
    paires = warp.distribution_opposee(**args, symetrique=sym)
    premier = {
        r: p for r in (None, *warp.Resultat) if (p := sum((q for (a, _), q in paires.items() if a is r), Fraction(0)))
    }
    verdict = explication = None
    if "des_premier" in entrees:
        jets = [
            warp.jet(
                args[f"trait_{c}"],
                bonus=args[f"bonus_{c}"],
                malus=args[f"malus_{c}"],
                des=tuple(map(int, entrees[f"des_{c}"].split())),
            )
            for c in ("premier", "second")
        ]
        o = warp.opposition(*jets, symetrique=sym)
        verdict = libelles[o.issue]
        nom_premier, nom_second = ("Le premier", "Le second") if sym else ("L'attaquant", "Le défenseur")
        explication = f"{nom_premier} : {_camp_oppose(jets[0])} {nom_second} : {_camp_oppose(jets[1])} {o.explication}"
        # Un jet opposé ne dit jamais d'un camp ce qu'un jet simple en dirait (le seuil de 3 × Trait n'y joue pas).
        for j in jets:
            assert "→" not in _camp_oppose(j) and f"{j.seuil} (" not in _camp_oppose(j), _camp_oppose(j)
    return _reponse(
        "warp-oppose",
        entrees,
        verdict,
        explication,
        (),
        [
            _table(
                "Chances exactes de chaque issue (épreuve symétrique)"
                if sym
                else "Chances exactes de chaque issue (attaque contre défense)",
                "Issue",
                ordre,  # type: ignore[arg-type]
                libelle=lambda i: libelles[i],
            ),
            _table(
                "Le résultat du premier, Critiques et Catastrophes comptés"
                if sym
                else "Le résultat de l’attaquant, Critiques et Catastrophes comptés",
                "Résultat",
                premier,  # type: ignore[arg-type]
                libelle=lambda r: "vraie égalité" if r is None else str(r),
            ),
        ],
    )


_OPPOSES = (
    {"mode": "attaque", "trait_premier": "3", "bonus_premier": "0", "malus_premier": "0", "des_premier": "4 3 2",
     "trait_second": "3", "bonus_second": "0", "malus_second": "0", "des_second": "5 3 1"},
    {"mode": "symetrique", "trait_premier": "2", "bonus_premier": "1", "malus_premier": "0", "des_premier": "1 1 1",
     "trait_second": "3", "bonus_second": "0", "malus_second": "2", "des_second": "6 6 5 4 1"},
    {"mode": "symetrique", "trait_premier": "1", "bonus_premier": "0", "malus_premier": "0",
     "trait_second": "1", "bonus_second": "0", "malus_second": "0"},
)  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(_oppose())
@example(_OPPOSES[0])
@example(_OPPOSES[1])
@example(_OPPOSES[2])
def test_warp_oppose_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("warp-oppose", entrees).en_dict() == _attendu_oppose(entrees)


# WaRP › test coopératif


def _demi_lu(x: Fraction) -> str:
    """Un nombre de dés par demis, comme on l'écrit : « ½ », « 1½ », « −1 », « 0 »."""
    entier, demi = int(abs(x)), abs(x) - int(abs(x)) == Fraction(1, 2)
    return ("−" if x < 0 else "") + (str(entier) if entier or not demi else "") + ("½" if demi else "")


def test_les_demis_s_ecrivent_comme_sur_la_page() -> None:
    assert [_demi_lu(Fraction(n, 2)) for n in (-3, -2, -1, 0, 1, 2, 3)] == ["−1½", "−1", "−½", "0", "½", "1", "1½"]


def _attendu_cooperatif(entrees: dict[str, str]) -> dict[str, object]:
    alpha, bonus, malus = (int(entrees.get(n, d)) for n, d in (("alpha", "3"), ("bonus", "0"), ("malus", "0")))
    ecrits = [m for m in entrees.get("resultats", "").replace(",", " ").split() if m]
    par_nom = {r.value.lower(): r for r in warp.Resultat} | {
        "echec": warp.Resultat.ECHEC,
        "reussite": warp.Resultat.REUSSITE,
    }
    resultats = [par_nom[m.lower()] for m in ecrits]
    betas = [int(b) for b in entrees.get("betas", "").split()]
    faits: list[str] = []
    if "des_betas" in entrees and not resultats:
        for i, (t, groupe) in enumerate(zip(betas, entrees["des_betas"].split("/"), strict=True)):
            j = warp.jet(t, bonus=bonus, malus=malus, des=tuple(map(int, groupe.split())))
            faits.append(f"Bêta {i + 1} : {j.explication}")
            resultats.append(j.resultat)
    total = warp.aide(resultats) if resultats else 0
    b, m = bonus + max(total, 0), malus + max(-total, 0)
    if resultats:
        parts = ", ".join(f"{r} ({'+' if warp.AIDE[r] >= 0 else ''}{_demi_lu(warp.AIDE[r])})" for r in resultats)
        dit = "aucun dé" if total == 0 else f"{abs(total)}d de {'bonus' if total > 0 else 'malus'}"
        somme_aide = sum((warp.AIDE[r] for r in resultats), Fraction(0))
        faits.append(
            f"Aide des Bêtas : {parts} ; total {_demi_lu(somme_aide)}, arrondi en dessous : {dit} pour l'Alpha."
        )
    verdict = explication = None
    if "des" in entrees:
        j = warp.jet(alpha, bonus=b, malus=m, des=tuple(map(int, entrees["des"].split())))
        verdict, explication = str(j.resultat), f"Alpha : {j.explication}"
    tables = []
    if resultats or not betas:
        quand = "avec cette aide" if resultats else "seul"
        tables.append(
            _table_w(
                f"Le jet de l'Alpha ({alpha}d) {quand} : chances exactes", warp.distribution(alpha, bonus=b, malus=m)
            )
        )
    else:
        tables.append(
            _table_w(
                "Le Test coopératif avant que les Bêtas lancent : chances exactes",
                warp.distribution_cooperative(alpha, betas, bonus=bonus, malus=malus),
            )
        )
        tables.append(
            _table(
                "L'aide des Bêtas (en dés pour l'Alpha, arrondie en dessous)",
                "Aide",
                warp.distribution_aide(betas, bonus=bonus, malus=malus),  # type: ignore[arg-type]
                "Cette aide ou plus",
                lambda a: "0" if a == 0 else f"{a:+d}d",
            )
        )
    return _reponse("warp-cooperatif", entrees, verdict, explication, faits, tables)


@st.composite
def _cooperatif(draw: st.DrawFn) -> dict[str, str]:
    alpha, bonus, malus = draw(st.integers(1, 4)), draw(st.integers(0, 2)), draw(st.integers(0, 2))
    entrees = {"alpha": str(alpha), "bonus": str(bonus), "malus": str(malus)}
    sorte = draw(st.sampled_from(["resultats", "betas", "des_betas", "seul"]))
    resultats: list[warp.Resultat] = []
    if sorte == "resultats":
        resultats = draw(st.lists(st.sampled_from(list(warp.Resultat)), min_size=1, max_size=4))
        entrees["resultats"] = ", ".join(r.value for r in resultats)
    if sorte in ("betas", "des_betas"):
        betas = draw(st.lists(st.integers(1, 3), min_size=1, max_size=2))
        entrees["betas"] = " ".join(map(str, betas))
        if sorte == "des_betas":
            groupes = [draw(_des_de(warp.nombre_de_des(t, bonus=bonus, malus=malus))) for t in betas]
            entrees["des_betas"] = " / ".join(map(_ecrits, groupes))
            resultats = [
                warp.jet(t, bonus=bonus, malus=malus, des=g).resultat for t, g in zip(betas, groupes, strict=True)
            ]
    if draw(st.booleans()):
        total = warp.aide(resultats) if resultats else 0
        n = warp.nombre_de_des(alpha, bonus=bonus + max(total, 0), malus=malus + max(-total, 0))
        entrees["des"] = _ecrits(draw(_des_de(n)))
    return entrees


@settings(max_examples=25, deadline=None)
@given(_cooperatif())
@example(
    {
        "alpha": "3",
        "bonus": "0",
        "malus": "0",
        "resultats": "Magistrale, Compensation, Catastrophe, Échec",
        "des": "6 5 2 1",
    }
)
@example(
    {
        "alpha": "2",
        "bonus": "0",
        "malus": "1",
        "resultats": "Catastrophe, Catastrophe, Compensation",
        "des": "6 5 2 1 1",
    }
)
@example({"alpha": "3", "bonus": "1", "malus": "0", "betas": "2 3", "des_betas": "4 3 2 / 6 1 1 1", "des": "5 4 2 1 1"})
@example({"alpha": "3", "bonus": "0", "malus": "1", "betas": "2 1", "des": "5 4 2 1"})
@example({"alpha": "2", "bonus": "0", "malus": "0", "des": "5 4"})
@example(
    {"alpha": "3", "bonus": "0", "malus": "0", "resultats": "Réussite", "betas": "2 3", "des_betas": "1 1 / 1 1 1"}
)
def test_warp_cooperatif_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("warp-cooperatif", entrees).en_dict() == _attendu_cooperatif(entrees)


# WaRP › test étendu


@st.composite
def _etendu(draw: st.DrawFn) -> dict[str, str]:
    t, b, m = draw(st.integers(1, 4)), draw(st.integers(0, 2)), draw(st.integers(0, 2))
    c, man = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    entrees = {"trait": str(t), "bonus": str(b), "malus": str(m), "complexite": str(c), "maniabilite": str(man),
               "periode": str(draw(st.integers(1, 9))), "unite": draw(st.sampled_from(["h", "jours", "min"]))}  # fmt: skip
    if draw(st.booleans()):
        d = warp.derouler(t, c, man, 1, bonus=b, malus=m, rng=random.Random(draw(st.integers(0, 999))))
        entrees["des"] = " / ".join(_ecrits(r.jet.des) for r in d.rounds)
    return entrees


def _attendu_etendu(entrees: dict[str, str]) -> dict[str, object]:
    t, b, m, c, man, periode = (
        int(entrees[n]) for n in ("trait", "bonus", "malus", "complexite", "maniabilite", "periode")
    )
    verdict = explication = None
    if "des" in entrees:
        des = [tuple(map(int, g.split())) for g in entrees["des"].split("/")]
        d = warp.derouler(t, c, man, periode, unite=entrees["unite"], bonus=b, malus=m, des=des)
        verdict, explication = str(d.resultat), d.transcript
    fins = warp.distribution_etendue(t, c, man, bonus=b, malus=m)
    rounds = warp.distribution_rounds(t, c, man, bonus=b, malus=m, maximum=40)
    # Les rounds s'affichent jusqu'à ce que 99,9 % des Tests soient finis.
    lignes: list[list[str | None]] = []
    barres, fini = [], Fraction(0)
    for n, p in rounds.items():
        if n > 1 and fini >= Fraction(999, 1000):
            break
        fini += p
        lignes.append([f"{n} round{'s' if n > 1 else ''}", _chance_lue(p), _fraction_lue(p), _chance_lue(fini)])
        barres.append(float(p))
    k = len(lignes)
    entetes, lignes = _lisibles(["Le Test finit en", "Chance", "Fraction exacte", "Fini en au plus autant"], lignes)
    duree = {
        "legende": "Combien de rounds dure le Test (Compensations comprises) : chances exactes",
        "entetes": entetes,
        "lignes": lignes,
        "barres": barres,
        "notes": [f"Plus de {k} round{'s' if k > 1 else ''} : {pourcentage(1 - fini)}."] if fini < 1 else [],
    }
    reussite = fins.get(warp.Resultat.REUSSITE, Fraction(0)) + fins.get(warp.Resultat.MAGISTRALE, Fraction(0))
    moyenne = _arrondi_lu(warp.rounds_esperes(t, c, man, bonus=b, malus=m), 2)
    return _reponse(
        "warp-etendu",
        entrees,
        verdict,
        explication,
        [f"Nombre moyen de rounds : {moyenne}."],
        [
            _table(f"Comment finit le Test étendu (Trait {t}d, Complexité {c}, Maniabilité {man})", "Fin", fins,  # type: ignore[arg-type]
                   "Cette fin ou mieux", notes=(("Réussite, Magistrale comprise", reussite),)),
            duree,
        ],
    )  # fmt: skip


_ETENDUS = (
    {"trait": "1", "bonus": "0", "malus": "0", "complexite": "1", "maniabilite": "1", "periode": "1", "unite": "h"},
    {"trait": "3", "bonus": "0", "malus": "0", "complexite": "20", "maniabilite": "20", "periode": "2", "unite": "h"},
    {"trait": "3", "bonus": "1", "malus": "0", "complexite": "2", "maniabilite": "2", "periode": "30",
     "unite": "min", "des": "5 3 2 1 / 6 1 1 1 / 6 4 3 2"},
)  # fmt: skip


@settings(max_examples=20, deadline=None)
@given(_etendu())
@example(_ETENDUS[0])
@example(_ETENDUS[1])
@example(_ETENDUS[2])
def test_warp_etendu_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("warp-etendu", entrees).en_dict() == _attendu_etendu(entrees)


def test_warp_etendu_lance_les_rounds_de_rules_et_garde_l_unite_par_defaut() -> None:
    # Les dés écrits sont remplacés par ceux que tire « Lancer ».
    r = calculer(
        "warp-etendu", {"unite": "", "des": "5 3 2 / 6 1 1 / 6 4 3 / 6 5 4"}, lancer=True, rng=random.Random(5)
    )
    d = warp.derouler(3, 4, 3, 1, rng=random.Random(5))
    assert r.entrees["des"] == " / ".join(_ecrits(x.jet.des) for x in d.rounds)
    assert (r.verdict, r.explication) == (str(d.resultat), d.transcript)
    # Unité vide : l'heure, comme la règle par défaut (« 4 rounds × 1 h = 4 h »).
    vide = calculer("warp-etendu", {"unite": "", "des": "5 3 2 / 6 1 1 / 6 4 3 / 6 5 4"}).explication
    assert vide == warp.derouler(3, 4, 3, 1, des=[(5, 3, 2), (6, 1, 1), (6, 4, 3), (6, 5, 4)]).transcript
    assert vide is not None and vide.endswith("Temps passé : 4 rounds × 1 h = 4 h.")


# WaRP › dé d'expérience


@st.composite
def _experience(draw: st.DrawFn) -> dict[str, str]:
    t, b, m = draw(st.integers(0, 4)), draw(st.integers(0, 2)), draw(st.integers(0, 2))
    reserve = draw(st.integers(1, 4))
    convertis, accepte = draw(st.integers(0, reserve - 1)), draw(st.sampled_from(["oui", "non"]))
    entrees = {"trait": str(t), "bonus": str(b), "malus": str(m), "reserve": str(reserve),
               "convertis": str(convertis), "accepte": accepte}  # fmt: skip
    if t and draw(st.booleans()):
        entrees["des"] = _ecrits(draw(_des_de(warp.nombre_de_des(t, bonus=b + (accepte == "oui"), malus=m))))
    return entrees


def _attendu_experience(entrees: dict[str, str]) -> dict[str, object]:
    t, b, m, reserve, convertis = (int(entrees[n]) for n in ("trait", "bonus", "malus", "reserve", "convertis"))
    accepte = entrees["accepte"] == "oui"
    conversion = warp.ReserveExperience(reserve, convertis).convertir("ce Test", accepte=accepte)
    sans, avec = warp.distribution(t, bonus=b, malus=m), warp.distribution(t, bonus=b + 1, malus=m)
    R = warp.Resultat
    rs, ra = sans[R.REUSSITE] + sans[R.MAGISTRALE], avec[R.REUSSITE] + avec[R.MAGISTRALE]
    ecart = ("+" if ra >= rs else "") + _arrondi_lu((ra - rs) * 100, 1)
    unite = "points" if abs(ra - rs) * 100 >= 2 else "point"
    verdict, explication = None, conversion.explication
    if "des" in entrees:
        j = warp.jet(t, bonus=b + conversion.bonus, malus=m, des=tuple(map(int, entrees["des"].split())))
        verdict, explication = str(j.resultat), f"{conversion.explication} {j.explication}"
    table = {
        "legende": f"Un jet à {t}d (bonus {b}, malus {m}), sans et avec le dé d'expérience",
        "entetes": ["Résultat", "Sans le dé", "Avec le dé d'expérience"],
        "lignes": [[str(r), _chance_lue(sans[r]), _chance_lue(avec[r])] for r in R],
        "barres": [float(avec[r]) for r in R],
        "notes": [
            f"Réussite, Magistrale comprise : {pourcentage(rs)} sans le dé, {pourcentage(ra)} avec ({ecart} {unite} de pour cent)."
        ],
    }
    return _reponse("warp-experience", entrees, verdict, explication, (), [table])


@settings(max_examples=25, deadline=None)
@given(_experience())
@example(
    {"trait": "3", "bonus": "0", "malus": "0", "reserve": "3", "convertis": "0", "accepte": "oui", "des": "6 5 4 1"}
)
@example({"trait": "2", "bonus": "1", "malus": "2", "reserve": "2", "convertis": "1", "accepte": "non", "des": "6 1 1"})
@example({"trait": "1", "bonus": "0", "malus": "0", "reserve": "1", "convertis": "0", "accepte": "oui"})
def test_warp_experience_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("warp-experience", entrees).en_dict() == _attendu_experience(entrees)


@pytest.mark.parametrize("formulaire", [f for f in FORMULAIRES.values() if f.lancable], ids=lambda f: f.nom)
def test_lancer_tire_par_le_generateur_donne(formulaire: object) -> None:
    """Les dés tirés viennent du générateur passé (à graine fixe) : deux tirages de même graine sont identiques,
    et, pour les jets simples, ce sont ceux de `rules` tirés par ce générateur."""
    nom = formulaire.nom  # type: ignore[attr-defined]
    for graine in (1, 2):
        a = calculer(nom, lancer=True, rng=random.Random(graine)).en_dict()
        b = calculer(nom, lancer=True, rng=random.Random(graine)).en_dict()
        assert a == b


def test_lancer_jet_oppose_et_experience_tirent_les_des_de_rules() -> None:
    r = calculer("warp-oppose", lancer=True, rng=random.Random(4))
    g = random.Random(4)
    j1, j2 = warp.jet(3, rng=g), warp.jet(2, rng=g)
    assert (r.entrees["des_premier"], r.entrees["des_second"]) == (_ecrits(j1.des), _ecrits(j2.des))
    assert (
        r.verdict
        == {warp.Issue.PREMIER: "l'attaquant l'emporte", warp.Issue.SECOND: "le défenseur l'emporte"}[
            warp.opposition(j1, j2).issue
        ]
    )
    r = calculer("troisd6-effet", lancer=True, rng=random.Random(4))
    e = troisd6.effet("2D6", rng=random.Random(4))
    assert e.des is not None and (r.entrees["des"], r.verdict) == (
        _ecrits(e.des),
        f"{e.points} points d'effet → {troisd6.progression(troisd6.Avantage.AUCUN, e.points)}",
    )
    r = calculer("warp-experience", lancer=True, rng=random.Random(4))
    j = warp.jet(3, bonus=1, rng=random.Random(4))
    assert (r.entrees["des"], r.verdict) == (_ecrits(j.des), str(j.resultat))
    assert r.explication is not None and r.explication.endswith(j.explication)


# 3D6 › jet


def _signe(x: int) -> str:
    return f"+ {x}" if x >= 0 else f"− {-x}"


def _moins(x: int) -> str:
    return str(x).replace("-", "−")


def _notes_3(loi: dict[troisd6.Niveau, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    N = troisd6.Niveau
    return (
        ("Réussite (simple, spéciale ou critique)", loi[N.REUSSITE_SIMPLE] + loi[N.REUSSITE_SPECIALE] + loi[N.REUSSITE_CRITIQUE]),
        ("Au moins une réussite spéciale (critique comprise)", loi[N.REUSSITE_SPECIALE] + loi[N.REUSSITE_CRITIQUE]),
        ("Un triple, critique en réussite comme en échec", loi[N.REUSSITE_CRITIQUE] + loi[N.ECHEC_CRITIQUE]),
        ("Un échec critique", loi[N.ECHEC_CRITIQUE]),
    )  # fmt: skip


@st.composite
def _jet_3d6(draw: st.DrawFn) -> dict[str, str]:
    sorte = draw(st.sampled_from(["caracteristique", "talent"]))
    valeur = draw(st.integers(0 if sorte == "talent" else -1, 8))  # un niveau de talent est ≥ 0
    # Jusqu'à −16 de difficulté : le seuil peut être négatif (jamais atteint, écrit « −9 » comme les autres nombres).
    entrees = {"sorte": sorte, "valeur": str(valeur), "difficulte": str(draw(st.integers(-16, 10)))}
    entrees["familiarite"] = draw(st.sampled_from(["oui", "non"])) if sorte == "talent" else "non"
    if draw(st.booleans()):
        entrees["des"] = _ecrits(draw(_des_de(3)))
    return entrees


def _attendu_jet_3d6(entrees: dict[str, str]) -> dict[str, object]:
    talent, familiarite = entrees["sorte"] == "talent", entrees["familiarite"] == "oui"
    valeur, difficulte = int(entrees["valeur"]), int(entrees["difficulte"])
    if talent:
        s = troisd6.seuil_talent(valeur, difficulte, familiarite=familiarite)
    else:
        s = troisd6.seuil_caracteristique(valeur, difficulte)
    calcul = f"10 {_signe(valeur)} ({'talent' if talent else 'caractéristique'}) {_signe(difficulte)} (difficulté)"
    if familiarite:
        calcul += " − 3 (simple familiarité)"
    palier = troisd6.difficulte_nommee(difficulte)
    nom = f"difficulté « {palier} »" if palier else "difficulté sans nom sur l'échelle du texte"
    verdict = explication = None
    if "des" in entrees:
        r = troisd6.jet(s, tuple(map(int, entrees["des"].split())))
        de = f" (Dd = {r.dd})" if r.dd else f" (Dt = {r.dt})" if r.dt else ""
        verdict, explication = f"{r.niveau}{de}", r.explication
    loi = troisd6.distribution(s)
    return _reponse(
        "troisd6-jet",
        entrees,
        verdict,
        explication,
        [f"Seuil : {calcul} = {_moins(s)} : réussite sur {_moins(s)} ou moins aux 3d6 ; {nom}."],
        [
            _table(
                f"Chances exactes d'un jet de 3d6 sous {_moins(s)}",
                "Niveau",
                loi,
                "Ce niveau ou mieux",
                notes=_notes_3(loi),
            )
        ],  # type: ignore[arg-type]
    )


@settings(max_examples=30, deadline=None)
@given(_jet_3d6())
@example({"sorte": "talent", "valeur": "2", "difficulte": "-3", "familiarite": "oui", "des": "2 2 2"})
@example({"sorte": "caracteristique", "valeur": "-1", "difficulte": "4", "familiarite": "non", "des": "4 4 2"})
@example({"sorte": "caracteristique", "valeur": "0", "difficulte": "0", "familiarite": "non", "des": "6 6 6"})
@example({"sorte": "talent", "valeur": "3", "difficulte": "5", "familiarite": "non", "des": "6 5 1"})
@example({"sorte": "talent", "valeur": "0", "difficulte": "-16", "familiarite": "oui", "des": "1 1 2"})
def test_troisd6_jet_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("troisd6-jet", entrees).en_dict() == _attendu_jet_3d6(entrees)


# 3D6 › scène mineure


@st.composite
def _mineure(draw: st.DrawFn) -> dict[str, str]:
    entrees = {"seuil_premier": str(draw(st.integers(3, 18)))}
    oppose = draw(st.booleans())
    if oppose:
        entrees["seuil_second"] = str(draw(st.integers(3, 18)))
    if draw(st.booleans()):
        entrees["des_premier"] = _ecrits(draw(_des_de(3)))
        if oppose:
            entrees["des_second"] = _ecrits(draw(_des_de(3)))
    return entrees


def _attendu_mineure(entrees: dict[str, str]) -> dict[str, object]:
    s1 = int(entrees["seuil_premier"])
    d1 = tuple(map(int, entrees["des_premier"].split())) if "des_premier" in entrees else None
    verdict = explication = None
    if "seuil_second" not in entrees:
        gagne = troisd6.chances_scene_non_opposee(s1)
        if d1 is not None:
            sc = troisd6.scene_non_opposee(troisd6.jet(s1, d1))
            verdict, explication = ("Le PJ gagne la scène" if sc.gagne else "Le PJ perd la scène"), sc.explication
        table = _table(
            f"Scène mineure sans opposition (adversaire passif), seuil {s1} : chances exactes",
            "Issue",
            {"le PJ perd la scène": 1 - gagne, "le PJ gagne la scène": gagne},
        )
        return _reponse("troisd6-mineure", entrees, verdict, explication, (), [table])
    s2 = int(entrees["seuil_second"])
    if d1 is not None:
        j1, j2 = troisd6.jet(s1, d1), troisd6.jet(s2, tuple(map(int, entrees["des_second"].split())))
        o = troisd6.scene_opposee(j1, j2)
        verdict, explication = str(o.issue), f"Premier : {j1.explication} Second : {j2.explication} {o.explication}"
    issues = troisd6.chances_scene_opposee(s1, s2)
    ordre = {k: issues[k] for k in (troisd6.Issue.SECOND, troisd6.Issue.EGALITE, troisd6.Issue.PREMIER)}
    table = _table(f"Scène mineure opposée, seuils {s1} contre {s2} : chances exactes", "Issue", ordre)  # type: ignore[arg-type]
    return _reponse("troisd6-mineure", entrees, verdict, explication, (), [table])


@settings(max_examples=30, deadline=None)
@given(_mineure())
@example({"seuil_premier": "8", "des_premier": "2 2 3"})
@example({"seuil_premier": "8", "des_premier": "6 5 3"})
@example({"seuil_premier": "12", "seuil_second": "14", "des_premier": "6 3 2", "des_second": "5 4 1"})
@example({"seuil_premier": "10", "seuil_second": "9"})
def test_troisd6_mineure_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("troisd6-mineure", entrees).en_dict() == _attendu_mineure(entrees)


def test_mineure_lance_les_des_de_rules() -> None:
    g = random.Random(8)
    j = troisd6.jet(11, rng=g)
    r = calculer("troisd6-mineure", lancer=True, rng=random.Random(8))
    assert (r.entrees["des_premier"], r.explication) == (_ecrits(j.des), troisd6.scene_non_opposee(j).explication)
    g = random.Random(9)
    j1, j2 = troisd6.jet(11, rng=g), troisd6.jet(13, rng=g)
    r = calculer("troisd6-mineure", {"seuil_second": "13"}, lancer=True, rng=random.Random(9))
    assert (r.entrees["des_premier"], r.entrees["des_second"]) == (_ecrits(j1.des), _ecrits(j2.des))
    assert r.verdict == str(troisd6.scene_opposee(j1, j2).issue)


# 3D6 › effet et avantage


def _phrase_progression(actuel: troisd6.Avantage, points: int) -> str:
    """La phrase du calculateur sur l'avantage, d'après `progression` et `avantage` des règles."""
    if points < 1:
        return f"Moins d'1 point d'effet : {actuel} ne change pas."
    nouveau = troisd6.progression(actuel, points)
    if nouveau == actuel:
        comment = "déjà au plus haut"
    elif nouveau == troisd6.avantage(points):
        comment = "directement au niveau obtenu"
    else:
        comment = "un cran de plus"
    return f"{actuel} et {points} point{'s' if points > 1 else ''} d'effet → {nouveau} ({comment})."


@st.composite
def _effet(draw: st.DrawFn) -> dict[str, str]:
    niveau = draw(st.sampled_from(["simple", "speciale", "critique"]))
    entrees = {"indice": draw(st.sampled_from(["1D3", "2D6", "1D6+1D3", "3D6"])), "niveau": niveau,
               "niveaux": str(draw(st.integers(0, 2))), "bonus_points": str(draw(st.integers(-3, 4))),
               "avantage": draw(st.sampled_from([a.name.lower() for a in troisd6.Avantage]))}  # fmt: skip
    if niveau != "simple" or draw(st.booleans()):
        entrees["de"] = str(draw(st.integers(1, 6)))
    if entrees["avantage"] != "definitif" and draw(st.booleans()):  # voir test_effet_la_phrase_de_l_avantage
        de = int(entrees.get("de", "0"))
        e = troisd6.effet(
            entrees["indice"],
            dd=de if niveau == "speciale" else None,
            dt=de if niveau == "critique" else None,
            niveaux=int(entrees["niveaux"]),
            bonus_points=int(entrees["bonus_points"]),
            rng=random.Random(draw(st.integers(0, 999))),
        )
        assert e.des is not None
        entrees["des"] = _ecrits(e.des)
    return entrees


def _attendu_effet(entrees: dict[str, str]) -> dict[str, object]:
    A = troisd6.Avantage
    indice, niveau, actuel = entrees["indice"], entrees["niveau"], A[entrees["avantage"].upper()]
    niveaux, bonus = int(entrees["niveaux"]), int(entrees["bonus_points"])
    dd = int(entrees["de"]) if niveau == "speciale" else None
    dt = int(entrees["de"]) if niveau == "critique" else None
    lance = troisd6.monter(indice, niveaux + (dt or 0))
    points = {t + (dd or 0) + bonus: p for t, p in troisd6.loi_indice(lance).items()}
    loi = {a: sum((p for x, p in points.items() if troisd6.progression(actuel, x) == a), Fraction(0)) for a in A}
    moyenne = _arrondi_lu(sum((x * p for x, p in points.items()), Fraction(0)), 1)
    verdict = explication = None
    if "des" in entrees:
        e = troisd6.effet(
            indice, dd=dd, dt=dt, niveaux=niveaux, bonus_points=bonus, des=tuple(map(int, entrees["des"].split()))
        )
        verdict = (
            f"{e.points} point{'s' if abs(e.points) > 1 else ''} d'effet → {troisd6.progression(actuel, e.points)}"
        )
        explication = f"{e.explication} {_phrase_progression(actuel, e.points)}"
    table = _table(
        f"L'avantage après cet effet, depuis {actuel} : chances exactes",
        "Nouvel avantage",
        {a: p for a, p in loi.items() if p},
        "Cet avantage ou mieux",  # type: ignore[arg-type]
        notes=(("Avantage définitif", loi[A.DEFINITIF]),) if actuel != A.DEFINITIF else (),
    )
    faits = [f"Indice lancé : {lance} ; points d'effet de {min(points)} à {max(points)}, {moyenne} en moyenne."]
    return _reponse("troisd6-effet", entrees, verdict, explication, faits, [table])  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(_effet())
@example(
    {
        "indice": "1D6+1D3",
        "niveau": "critique",
        "de": "2",
        "niveaux": "0",
        "bonus_points": "0",
        "avantage": "moyen",
        "des": "4 3 3",
    }
)
@example(
    {
        "indice": "2D6",
        "niveau": "speciale",
        "de": "1",
        "niveaux": "0",
        "bonus_points": "1",
        "avantage": "fort",
        "des": "1 1",
    }
)
@example(
    {
        "indice": "2D6",
        "niveau": "simple",
        "de": "5",
        "niveaux": "1",
        "bonus_points": "-3",
        "avantage": "aucun",
        "des": "6 6 2",
    }
)
@example({"indice": "2D6", "niveau": "simple", "niveaux": "-1", "bonus_points": "0", "avantage": "definitif"})
@example(
    {"indice": "2D6", "niveau": "critique", "de": "6", "niveaux": "0", "bonus_points": "4", "avantage": "critique"}
)
def test_troisd6_effet_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("troisd6-effet", entrees).en_dict() == _attendu_effet(entrees)


_POINTS = range(-2, 22)


@pytest.mark.parametrize("actuel", list(troisd6.Avantage))
def test_effet_la_phrase_de_l_avantage(actuel: troisd6.Avantage) -> None:
    """Pour chaque avantage de départ et chaque total de points : la phrase que lit le joueur (« un cran de plus »,
    « directement au niveau obtenu »…), d'après progression() et avantage() des règles."""
    for points in _POINTS:
        # 1D3 lancé à 1, plus (points − 1) points d'effet : le total vaut `points`.
        r = calculer(
            "troisd6-effet",
            {"indice": "1D3", "bonus_points": str(points - 1), "avantage": actuel.name.lower(), "des": "1"},
        )
        assert r.explication is not None
        assert r.explication.endswith(" " + _phrase_progression(actuel, points)), (actuel, points)
        assert (
            r.verdict
            == f"{points} point{'s' if abs(points) > 1 else ''} d'effet → {troisd6.progression(actuel, points)}"
        )


def test_effet_depuis_l_avantage_definitif_deja_au_plus_haut() -> None:
    for points in (-1, 0, 13, 20):
        r = calculer(
            "troisd6-effet", {"indice": "1D3", "bonus_points": str(points - 1), "avantage": "definitif", "des": "1"}
        )
        assert r.explication is not None and r.explication.endswith(
            " " + _phrase_progression(troisd6.Avantage.DEFINITIF, points)
        )


# 3D6 › défense

_INDICES = ["1D3", "1D6", "2D6", "1D6+1D3", "3D6"]
_SOUS_DEF = [a.name.lower() for a in troisd6.Avantage if a != troisd6.Avantage.DEFINITIF]


@st.composite
def _defense(draw: st.DrawFn) -> tuple[dict[str, str], int]:
    entrees = {
        "nom_attaquant": draw(st.sampled_from(["Ada", "Ève", "le garde"])),
        "seuil_attaquant": str(draw(st.integers(8, 14))),
        "indice_attaquant": draw(st.sampled_from(_INDICES)),
        "modificateur": str(draw(st.integers(-2, 1))),
        "niveaux": str(draw(st.integers(0, 1))),
        "bonus_points": str(draw(st.integers(0, 2))),
        "avantage": draw(st.sampled_from(_SOUS_DEF)),
        "nom_defenseur": draw(st.sampled_from(["Bruno", "Olaf", "la bête"])),
        "seuil_defenseur": str(draw(st.integers(8, 14))),
        "indice_defenseur": draw(st.sampled_from(_INDICES)),
        "armure_defenseur": str(draw(st.integers(0, 2))),
        "talent_defenseur": draw(st.sampled_from(["oui", "non"])),
        "defense": draw(st.sampled_from([d.name.lower() for d in troisd6.Defense])),
    }
    if draw(st.booleans()):
        entrees["des_attaque"], entrees["des_defense"] = _ecrits(draw(_des_de(3))), _ecrits(draw(_des_de(3)))
        # Des totaux d'effet possibles pour ces dés : ceux d'un échange tiré par les règles.
        tire = _attendu_defense(entrees, draw(st.integers(0, 999)))["entrees"]
        for nom in ("effet_attaque", "effet_defense"):
            if nom in tire and draw(st.booleans()):
                entrees[nom] = tire[nom]  # type: ignore[index]
    return entrees, draw(st.integers(0, 999))


def _attendu_defense(entrees: dict[str, str], graine: int) -> dict[str, object]:
    A, D = troisd6.Avantage, troisd6.Defense
    att = troisd6.Personnage(
        entrees["nom_attaquant"], seuil=int(entrees["seuil_attaquant"]), indice=entrees["indice_attaquant"]
    )
    dfn = troisd6.Personnage(
        entrees["nom_defenseur"],
        seuil=int(entrees["seuil_defenseur"]),
        indice=entrees["indice_defenseur"],
        armure=int(entrees["armure_defenseur"]),
        talent_contre_attaque=entrees["talent_defenseur"] == "oui",
    )
    risque = troisd6.Risque(int(entrees["modificateur"]), int(entrees["niveaux"]), int(entrees["bonus_points"]))
    actuel, choisie = A[entrees["avantage"].upper()], D[entrees["defense"].upper()]
    lois = {d: troisd6.chances_echange(att, dfn, risque=risque, defense=d, avantage=actuel) for d in D}
    verdict = explication = None
    faits, sortie = [], dict(entrees)
    if "des_attaque" in entrees:
        ea = int(entrees["effet_attaque"]) if "effet_attaque" in entrees else None
        ed = int(entrees["effet_defense"]) if "effet_defense" in entrees else None
        tour = troisd6.Tour(
            risque.modificateur,
            tuple(map(int, entrees["des_attaque"].split())),
            ea,
            risque.niveaux,
            risque.bonus_points,
            choisie,
            tuple(map(int, entrees["des_defense"].split())),
            ed,
        )
        e = troisd6.echange(att, dfn, tour, rng=random.Random(graine))
        for nom, quel, donne, eff in (
            ("attaque", "de l'attaque", ea, e.effet_attaque),
            ("defense", "du blocage", ed, e.effet_defense),
        ):
            if donne is None and eff is not None:
                sortie[f"effet_{nom}"] = str(eff.total_des)
                faits.append(f"Jet d'effet {quel} tiré : {eff.total_des}.")
        if faits:  # un effet tiré est rejoué par son total, comme le rejouera le lien qui le garde
            totaux = (
                e.effet_attaque.total_des if e.effet_attaque else None,
                e.effet_defense.total_des if e.effet_defense else None,
            )
            e = troisd6.echange(att, dfn, replace(tour, effet_attaque=totaux[0], effet_defense=totaux[1]))
        passe = "passe au défenseur" if e.initiative_change else "reste à l'attaquant"
        verdict = f"{e.points} points nets ; l'initiative {passe}"
        explication = f"{e.explication} Avantage de l'attaquant : {actuel} → {troisd6.progression(actuel, e.points)}."
    resume = {
        "legende": f"Chaque défense face à cette attaque ({risque}), l'attaquant partant de {actuel} : chances exactes",
        "entetes": ["Défense", "Reprendre l'initiative", "L'avantage de l'attaquant ne bouge pas", "Attaque réussie"],
        "lignes": [
            [str(d), _chance_lue(c.initiative_reprise), _chance_lue(c.avantage[actuel]), _chance_lue(c.attaque_reussie)]
            for d, c in lois.items()
        ],
        "barres": [float(c.initiative_reprise) for c in lois.values()],
        "notes": [str(c) for c in lois.values()],
    }
    avantages = {
        "legende": "L'avantage de l'attaquant après l'échange, selon la défense : chances exactes",
        "entetes": ["Avantage de l'attaquant", "esquive", "blocage", "contre-attaque"],
        "lignes": [
            [str(av), *(_chance_lue(lois[d].avantage[av]) for d in D)]
            for av in A
            if any(lois[d].avantage[av] > 0 for d in D)
        ],
        "barres": [],
        "notes": [],
    }
    return _reponse("troisd6-defense", sortie, verdict, explication, faits, [resume, avantages])


_DEFENSES_CAS = (
    {"nom_attaquant": "Ada", "seuil_attaquant": "12", "indice_attaquant": "2D6", "modificateur": "-1", "niveaux": "1",
     "bonus_points": "0", "avantage": "moyen", "nom_defenseur": "Bruno", "seuil_defenseur": "11",
     "indice_defenseur": "1D6+1D3", "armure_defenseur": "1", "talent_defenseur": "oui", "defense": "contre_attaque",
     "des_attaque": "5 2 1", "des_defense": "3 3 2"},
    {"nom_attaquant": "Ada", "seuil_attaquant": "12", "indice_attaquant": "2D6", "modificateur": "0", "niveaux": "0",
     "bonus_points": "2", "avantage": "aucun", "nom_defenseur": "Bruno", "seuil_defenseur": "11",
     "indice_defenseur": "1D6+1D3", "armure_defenseur": "0", "talent_defenseur": "non", "defense": "blocage",
     "des_attaque": "3 3 1", "des_defense": "5 2 1"},
    {"nom_attaquant": "Ada", "seuil_attaquant": "9", "indice_attaquant": "1D3", "modificateur": "0", "niveaux": "0",
     "bonus_points": "0", "avantage": "fort", "nom_defenseur": "Bruno", "seuil_defenseur": "14",
     "indice_defenseur": "3D6", "armure_defenseur": "2", "talent_defenseur": "non", "defense": "esquive",
     "des_attaque": "6 6 5", "des_defense": "4 4 2", "effet_attaque": "3", "effet_defense": "2"},
)  # fmt: skip


@settings(max_examples=20, deadline=None)
@given(_defense())
@example((_DEFENSES_CAS[0], 1))
@example((_DEFENSES_CAS[1], 2))
@example((_DEFENSES_CAS[2], 3))
def test_troisd6_defense_tout_vient_des_regles(cas: tuple[dict[str, str], int]) -> None:
    entrees, graine = cas
    r = calculer("troisd6-defense", entrees, rng=random.Random(graine))
    assert r.en_dict() == _attendu_defense(entrees, graine)


def test_defense_lancer_tire_attaque_defense_et_effets_par_le_generateur() -> None:
    ada, bruno = (
        troisd6.Personnage("Ada", seuil=12, indice="2D6"),
        troisd6.Personnage("Bruno", seuil=11, indice="1D6+1D3"),
    )
    for graine in range(6):
        # Un total d'effet écrit ne compte pas quand on lance : l'effet est tiré avec le reste.
        r = calculer("troisd6-defense", {"effet_attaque": "2"}, lancer=True, rng=random.Random(graine))
        e = troisd6.echange(ada, bruno, troisd6.Tour(), rng=random.Random(graine))
        totaux = (
            e.effet_attaque.total_des if e.effet_attaque else None,
            e.effet_defense.total_des if e.effet_defense else None,
        )
        rejoue = troisd6.Tour(
            des_attaque=e.jet_attaque.des,
            effet_attaque=totaux[0],
            des_defense=e.jet_defense.des if e.jet_defense else None,
            effet_defense=totaux[1],
        )
        attendu = {"des_attaque": _ecrits(e.jet_attaque.des)}
        if e.jet_defense:
            attendu["des_defense"] = _ecrits(e.jet_defense.des)
        if e.effet_attaque:
            attendu["effet_attaque"] = str(e.effet_attaque.total_des)
        if e.effet_defense:
            attendu["effet_defense"] = str(e.effet_defense.total_des)
        assert {k: v for k, v in r.entrees.items() if k in attendu or k.startswith("des_")} == attendu
        e = troisd6.echange(ada, bruno, rejoue)
        assert r.explication == (
            f"{e.explication} Avantage de l'attaquant : aucun avantage → "
            f"{troisd6.progression(troisd6.Avantage.AUCUN, e.points)}."
        )


# 3D6 › scène majeure


@st.composite
def _scene(draw: st.DrawFn) -> dict[str, str]:
    entrees = {
        "adversaire": draw(st.sampled_from(["actif", "passif"])),
        "comparer": draw(st.sampled_from(["oui", "non"])),
    }
    for camp, nom in (("a", "Ada"), ("b", "Bruno")):
        entrees |= {
            f"nom_{camp}": draw(st.sampled_from([nom, "le témoin", "Joséphine"] if camp == "b" else [nom, "Ève"])),
            f"seuil_{camp}": str(draw(st.integers(10, 13))),
            f"indice_{camp}": draw(st.sampled_from(["2D6", "1D6+1D3", "3D6"])),
            f"armure_{camp}": str(draw(st.integers(0, 1))),
            f"talent_{camp}": draw(st.sampled_from(["oui", "non"])),
            f"modificateur_{camp}": str(draw(st.integers(-1, 0))),
            f"niveaux_{camp}": str(draw(st.integers(0, 1))),
            f"bonus_points_{camp}": str(draw(st.integers(0, 1))),
            f"defense_{camp}": draw(st.sampled_from([d.name.lower() for d in troisd6.Defense])),
            f"avantage_{camp}": draw(st.sampled_from(_SOUS_DEF)),
        }
    entrees["initiative"] = draw(st.sampled_from(["a", "b"]))
    entrees["objectif"] = draw(st.sampled_from(["critique", "definitif"]))
    return entrees


def _attendu_scene(entrees: dict[str, str]) -> dict[str, object]:
    A, D = troisd6.Avantage, troisd6.Defense
    passif = entrees["adversaire"] == "passif"

    def perso(camp: str) -> troisd6.Personnage:
        return troisd6.Personnage(
            entrees[f"nom_{camp}"],
            seuil=int(entrees[f"seuil_{camp}"]),
            indice=entrees[f"indice_{camp}"],
            armure=int(entrees[f"armure_{camp}"]),
            talent_contre_attaque=entrees[f"talent_{camp}"] == "oui",
        )

    def politique(camp: str, risque: bool = True) -> troisd6.Politique:
        r = troisd6.Risque(*(int(entrees[f"{n}_{camp}"]) for n in ("modificateur", "niveaux", "bonus_points")))
        return troisd6.Politique(r if risque else troisd6.Risque(), D[entrees[f"defense_{camp}"].upper()])

    a = perso("a")
    b = troisd6.Personnage(entrees["nom_b"], actif=False, armure=int(entrees["armure_b"])) if passif else perso("b")
    avantages = {a.nom: A[entrees["avantage_a"].upper()]}
    if not passif:
        avantages[b.nom] = A[entrees["avantage_b"].upper()]
    commun = {
        "politique_b": politique("b"),
        "initiative": b.nom if entrees["initiative"] == "b" and not passif else a.nom,
        "avantages": avantages,
        "objectif": A[entrees["objectif"].upper()],
    }
    c = troisd6.chances_scene(a, b, politique_a=politique("a"), **commun)  # type: ignore[arg-type]
    if passif:
        issues = {
            f"{a.nom} échoue (jet raté avant l'objectif)": c.victoire_second,
            f"{a.nom} réussit": c.victoire_premier,
        }
    else:
        issues = {f"{b.nom} l'emporte": c.victoire_second, f"{a.nom} l'emporte": c.victoire_premier}
    objectif = A[entrees["objectif"].upper()]
    tables = [_table(f"Qui remporte la scène (objectif : {objectif}) : chances exactes", "Issue", issues)]  # type: ignore[arg-type]
    if entrees["comparer"] == "oui":
        comp = troisd6.comparer_risques(a, b, politique_a=politique("a", risque=False), **commun)  # type: ignore[arg-type]
        de_a = f"d'{a.nom}" if a.nom[0] in "AEÉÈIOUaeéèiou" else f"de {a.nom}"
        tables.append(
            {
                "legende": f"L'échange de risque : la chance de victoire {de_a}, selon le risque pris à chaque attaque",
                "entetes": ["Risque à chaque attaque", "Chance de l'emporter", "Tours en moyenne"],
                "lignes": [
                    [
                        f"{r} (le meilleur)" if r == comp.meilleur else str(r),
                        _chance_lue(ch.victoire_premier),
                        _arrondi_lu(ch.tours_esperes, 1),
                    ]
                    for r, ch in comp.options
                ],
                "barres": [float(ch.victoire_premier) for _, ch in comp.options],
                "notes": [comp.explication],
            }
        )
    verbe = "réussit" if passif else "l'emporte"
    return _reponse(
        "troisd6-scene",
        entrees,
        f"{a.nom} {verbe} {fois(c.victoire_premier)}",
        c.explication,
        [f"Nombre moyen de tours : {_arrondi_lu(c.tours_esperes, 1)}."],
        tables,
    )


_SCENES = (
    {"adversaire": "actif", "comparer": "oui", "nom_a": "Ada", "seuil_a": "12", "indice_a": "2D6", "armure_a": "0",
     "talent_a": "non", "modificateur_a": "0", "niveaux_a": "0", "bonus_points_a": "0", "defense_a": "blocage",
     "avantage_a": "aucun", "nom_b": "Bruno", "seuil_b": "11", "indice_b": "1D6+1D3", "armure_b": "0",
     "talent_b": "non", "modificateur_b": "0", "niveaux_b": "0", "bonus_points_b": "0", "defense_b": "blocage",
     "avantage_b": "aucun", "initiative": "a", "objectif": "definitif"},
    {"adversaire": "actif", "comparer": "non", "nom_a": "Ève", "seuil_a": "11", "indice_a": "3D6", "armure_a": "1",
     "talent_a": "oui", "modificateur_a": "-1", "niveaux_a": "1", "bonus_points_a": "1", "defense_a": "contre_attaque",
     "avantage_a": "leger", "nom_b": "Bruno", "seuil_b": "12", "indice_b": "2D6", "armure_b": "1",
     "talent_b": "oui", "modificateur_b": "-1", "niveaux_b": "1", "bonus_points_b": "1", "defense_b": "esquive",
     "avantage_b": "fort", "initiative": "b", "objectif": "critique"},
    {"adversaire": "passif", "comparer": "oui", "nom_a": "Joséphine", "seuil_a": "12", "indice_a": "2D6",
     "armure_a": "0", "talent_a": "non", "modificateur_a": "-1", "niveaux_a": "1", "bonus_points_a": "0",
     "defense_a": "blocage", "avantage_a": "leger", "nom_b": "le témoin", "seuil_b": "11", "indice_b": "2D6",
     "armure_b": "1", "talent_b": "non", "modificateur_b": "0", "niveaux_b": "0", "bonus_points_b": "0",
     "defense_b": "blocage", "avantage_b": "moyen", "initiative": "b", "objectif": "critique"},
)  # fmt: skip


@settings(max_examples=8, deadline=None)
@given(_scene())
@example(_SCENES[0])
@example(_SCENES[1])
@example(_SCENES[2])
def test_troisd6_scene_tout_vient_des_regles(entrees: dict[str, str]) -> None:
    assert calculer("troisd6-scene", entrees).en_dict() == _attendu_scene(entrees)


# Les champs que lit le joueur, et la requête du navigateur

_DEFENSES_LUES = (("esquive", "esquive"), ("blocage", "blocage"), ("contre_attaque", "contre-attaque"))
_AVANTAGES_LUS = (
    ("aucun", "aucun avantage"),
    ("leger", "avantage léger"),
    ("moyen", "avantage moyen"),
    ("fort", "avantage fort"),
    ("critique", "avantage critique"),
    ("definitif", "avantage définitif"),
)


def _camp_lu(s: str, groupe: str, nom: str, seuil: str, indice: str, aide_nom: str = "") -> list[tuple[object, ...]]:
    """Les champs d'un camp de la scène majeure : (nom, libellé, sorte, défaut, groupe, négatif, aide, choix)."""
    aide_indice = "Écrit comme dans le texte : « 1D6+1D3 », « 2D6 », « 3D6 »…"
    return [
        (f"nom_{s}", "Nom", "texte", nom, groupe, False, aide_nom, ()),
        (f"seuil_{s}", "Seuil du jet (10 + talent + difficulté…)", "entier", seuil, groupe, False, "", ()),
        (f"indice_{s}", "Indice (dés d'effet)", "texte", indice, groupe, False, aide_indice, ()),
        (f"armure_{s}", "Armure (points retirés à chaque effet subi)", "entier", "0", groupe, False, "", ()),
        (f"talent_{s}", "Contre-attaque par un talent particulier (pas de −3)", "case", "", groupe, False, "", ()),
        (f"modificateur_{s}", "Risque : modificateur au jet quand il attaque", "entier", "0", groupe, True, "", ()),
        (f"niveaux_{s}", "Risque : niveaux d'Indice en plus", "entier", "0", groupe, True, "", ()),
        (f"bonus_points_{s}", "Risque : points d'effet en plus", "entier", "0", groupe, True, "", ()),
        (
            f"defense_{s}",
            "Défense choisie, à chaque attaque subie",
            "choix",
            "blocage",
            groupe,
            False,
            "",
            _DEFENSES_LUES,
        ),
        (
            f"seuil_defense_{s}",
            "Seuil en défense (esquive, blocage), s'il diffère",
            "entier",
            "",
            groupe,
            False,
            _AIDE_DEFENSE,
            (),
        ),
        (f"indice_defense_{s}", "Indice du blocage, s'il diffère", "texte", "", groupe, False, _AIDE_DEFENSE, ()),
    ]


_AIDE_DEFENSE = (
    "Vide : le même qu'en attaque. La caractéristique des effets « est différente selon […] que l'on soit "
    "attaquant ou défenseur »."
)


def test_formulaires_champs_de_la_scene_majeure_mot_pour_mot() -> None:
    """Chaque champ de la scène majeure : nom (paramètre d'adresse), libellé, sorte, défaut, groupe, signe, aide, options."""
    lus = [
        (c.nom, c.libelle, c.sorte, c.defaut, c.groupe, c.negatif, c.aide, c.choix)
        for c in FORMULAIRES["troisd6-scene"].champs
    ]
    scene = "La scène"
    assert lus == [
        *_camp_lu("a", "Le premier personnage (le déclencheur)", "", "12", "2D6",
                  "Vide : « Ada » face à un adversaire actif, « Philip » face à un obstacle, « Joséphine » pour une "
                  "interview (les personnages des exemples)."),
        ("adversaire", "L'adversaire est", "choix", "actif", "L'adversaire", False, "",
         (("actif", "actif : il se défend et attaque à son tour"),
          ("passif", "passif (objet, difficulté) : le premier jet raté fait échouer"),
          ("interview", "passif, un interviewé : l'interview s'arrête à l'avantage critique"))),
        *_camp_lu("b", "L'adversaire", "", "11", "1D6+1D3",
                  "Vide : « Bruno » s'il est actif, « l'obstacle » s'il est passif, « l'interviewé » pour une interview."),
        ("initiative", "Qui a l'initiative", "choix", "a", scene, False, "",
         (("a", "le premier personnage"), ("b", "l'adversaire (s'il est actif)"))),
        ("avantage_a", "Avantage courant du premier", "choix", "aucun", scene, False, "", _AVANTAGES_LUS[:5]),
        ("avantage_b", "Avantage courant de l'adversaire", "choix", "aucun", scene, False, "", _AVANTAGES_LUS[:5]),
        ("objectif", "Objectif (fin de la scène)", "choix", "scene", scene, False, "",
         (("scene", "celui de la scène : avantage définitif ; critique pour une interview"), *_AVANTAGES_LUS[1:])),
        ("comparer", "Comparer les échanges de risque du texte pour le premier", "case", "oui", scene, False, "", ()),
    ]  # fmt: skip


def test_formulaires_camp_de_scene_appele_directement() -> None:
    """_camp_scene n'est appelé qu'à l'import (pour bâtir FORMULAIRES) : appelé ici, pour que chacun de ses textes soit
    vu par un test qui le traverse ; avec d'autres valeurs que celles de la page, pour que chaque paramètre compte."""
    from rules.calculateur._troisd6 import _camp_scene

    champs = _camp_scene("x", "Un groupe", "Zoé", "9", "3D6", "esquive")
    lus = [(c.nom, c.libelle, c.sorte, c.defaut, c.groupe, c.negatif, c.aide, c.choix) for c in champs]
    attendu = _camp_lu("x", "Un groupe", "Zoé", "9", "3D6")
    attendu[8] = (*attendu[8][:3], "esquive", *attendu[8][4:])  # la défense, avant le seuil et l'Indice en défense
    assert lus == attendu


def test_formulaires_options_des_enumerations() -> None:
    from rules.calculateur._commun import choix_enum

    assert choix_enum(troisd6.Defense) == _DEFENSES_LUES
    assert choix_enum(troisd6.Avantage) == _AVANTAGES_LUS
    assert FORMULAIRES["troisd6-effet"].champ("avantage").choix == _AVANTAGES_LUS
    assert FORMULAIRES["troisd6-defense"].champ("defense").choix == _DEFENSES_LUES


def test_json_les_refus_mot_pour_mot_et_en_utf8() -> None:
    formulaires = ", ".join(FORMULAIRES)
    refus = {
        "[]": "la requête doit être un objet JSON",
        '{"formulaire": "warp-jet", "entrees": []}': "entrees doit être un objet JSON (champ → texte)",
        "{}": f"formulaire doit être l'un de {formulaires}, reçu ''",
        '{"formulaire": 3}': f"formulaire doit être l'un de {formulaires}, reçu '3'",
    }
    for requete, message in refus.items():
        texte = calculer_json(requete)
        assert json.loads(texte) == {"ok": False, "message": message}
        assert message.split(" ")[1] in texte  # écrit tel quel (UTF-8), pas en \u00ea
    with pytest.raises(ValueError) as erreur:
        calculer_json(3)  # type: ignore[arg-type]
    assert str(erreur.value) == "requete doit être un texte JSON, reçu 3"
    texte = calculer_json('{"formulaire": "troisd6-jet", "entrees": {"des": "4 4 2"}}')
    assert "Réussite spéciale" in texte and json.loads(texte) == calculer("troisd6-jet", {"des": "4 4 2"}).en_dict()


def test_lecture_des_champs_comme_les_ecrit_un_joueur() -> None:
    """Trait « 3d », signe moins typographique, espaces, cases oui / non et leurs synonymes, dés séparés autrement."""
    attendu = calculer("warp-jet", {"trait": "3", "bonus": "1", "malus": "0", "des": "6 5 2 1"})
    for trait in ("3d", "3 D", "3D", " 3 "):
        for des in ("6 5 2 1", "6,5,2,1", "6-5-2-1", "6;5;2;1", "6·5·2·1", "6521", " 6 ,5 2 1 "):
            r = calculer("warp-jet", {"trait": trait, "bonus": "+1", "malus": "0", "des": des})
            assert (r.verdict, r.explication, r.tableaux) == (attendu.verdict, attendu.explication, attendu.tableaux)
    moins = calculer("troisd6-jet", {"valeur": "−2", "difficulte": "- 1"})
    assert moins.faits == calculer("troisd6-jet", {"valeur": "-2", "difficulte": "-1"}).faits
    assert moins.faits[0].startswith("Seuil : 10 − 2 (caractéristique) − 1 (difficulté) = 7 :")
    oui = calculer("troisd6-jet", {"sorte": "talent", "familiarite": "oui"})
    for ecrit in ("OUI", "on", "1", "vrai", "True", " oui "):
        assert calculer("troisd6-jet", {"sorte": "talent", "familiarite": ecrit}).faits == oui.faits
    non = calculer("troisd6-jet", {"sorte": "talent", "familiarite": "non"})
    assert non.faits != oui.faits
    for ecrit in ("", "NON", "off", "0", "faux", "False"):
        assert calculer("troisd6-jet", {"sorte": "talent", "familiarite": ecrit}).faits == non.faits
    assert calculer("troisd6-jet", {"familiarite": "peut-être"}).erreurs == {
        "familiarite": "Simple familiarité du talent (−3) : doit valoir « oui » ou « non », reçu 'peut-être'"
    }
    assert calculer("warp-jet", {"des": "6"}).erreurs == {
        "des": "Dés lancés : doit contenir exactement 3 dés, reçu 1 : (6,)"
    }
    assert calculer("warp-jet", {"trait": "12d"}).tableaux == calculer("warp-jet", {"trait": "12"}).tableaux
    assert calculer("warp-jet", {"trait": "1234567890"}).erreurs == {
        "trait": "Trait (dés) : doit être un entier ≥ 0, reçu '1234567890'"
    }


def test_lecture_noms_et_choix_refuses_mot_pour_mot() -> None:
    assert calculer("warp-oppose", {"mode": "bras"}).erreurs == {
        "mode": "Épreuve : doit être l'un de attaque, symetrique, reçu 'bras'"
    }
    assert calculer("troisd6-scene", {"nom_a": "<b>", "comparer": "non"}).erreurs == {
        "nom_a": "Nom : doit être un nom de 40 caractères au plus (lettres, chiffres, espaces, apostrophes, tirets, "
        "points), reçu '<b>'"
    }
    # Un choix refusé est lu comme le premier permis (ici la caractéristique, qui accepte toute valeur) : son refus
    # reste seul, sans un second refus qui n'en serait que la conséquence (un talent refuserait la valeur −1).
    assert calculer("troisd6-jet", {"sorte": "competence", "valeur": "-1"}).erreurs == {
        "sorte": "Jet de : doit être l'un de caracteristique, talent, reçu 'competence'"
    }
    r = calculer("troisd6-scene", {"nom_a": "", "nom_b": "", "comparer": "non"})
    assert r.verdict is not None and r.verdict.startswith("Ada l'emporte ")
    assert [ligne[0] for ligne in r.tableaux[0].lignes] == ["Bruno l'emporte", "Ada l'emporte"]  # les noms d'un duel
    # Face à un obstacle ou pour une interview, les personnages des exemples du texte : qui répare, qui interroge.
    for sorte, premier, second in (("passif", "Philip", "l'obstacle"), ("interview", "Joséphine", "l'interviewé")):
        r = calculer("troisd6-scene", {"adversaire": sorte, "comparer": "non"})
        assert r.verdict is not None and r.verdict.startswith(f"{premier} réussit "), r.verdict
        assert second in (r.explication or ""), r.explication


def test_le_lien_garde_les_entrees_lues_et_les_des_tires() -> None:
    r = calculer("warp-jet", {"trait": " 3 ", "des": "1 1 1"}, lancer=True, rng=random.Random(2))
    assert r.entrees == {"trait": "3", "bonus": "0", "malus": "0", "des": _ecrits(lancer(3, random.Random(2)))}
    r = calculer("warp-jet", {"trait": "3", "des": " 6 5 4 "})
    assert r.entrees == {"trait": "3", "bonus": "0", "malus": "0", "des": "6 5 4"}
    refuse = calculer("warp-jet", {"trait": "x", "des": "6 5 4"}, lancer=True, rng=random.Random(2))
    assert refuse.entrees == {"trait": "x", "bonus": "0", "malus": "0"} and refuse.erreurs


def test_le_lien_garde_les_des_comme_ils_sont_ecrits() -> None:
    """Des dés donnés (pas tirés) restent dans le lien tels que le joueur les a écrits ; une entrée refusée au
    moment de « Lancer » ne garde aucun dé tiré."""
    ecrits = {
        "warp-jet": {"des": "652"},
        "warp-oppose": {"des_premier": "652", "des_second": "43"},
        "warp-etendu": {"des": "532/611/643/654"},
        "warp-experience": {"des": "6541"},
        "troisd6-jet": {"des": "442"},
        "troisd6-mineure": {"des_premier": "442"},
        "troisd6-effet": {"des": "35"},
    }
    for formulaire, des in [
        *ecrits.items(),
        ("troisd6-mineure", {"seuil_second": "12", "des_premier": "442", "des_second": "531"}),
    ]:
        r = calculer(formulaire, des)
        assert r.ok, (formulaire, r.erreurs)
        assert {k: r.entrees[k] for k in des if k.startswith("des")} == {
            k: v for k, v in des.items() if k.startswith("des")
        }
    refus = {"troisd6-jet": {"familiarite": "oui"}, "troisd6-effet": {"de": "9"}, "warp-jet": {"trait": "x"}}
    for formulaire, entrees in refus.items():
        r = calculer(formulaire, entrees, lancer=True, rng=random.Random(1))
        assert r.erreurs and not any(k.startswith("des") for k in r.entrees), (formulaire, r.entrees)


def test_en_texte_mot_pour_mot() -> None:
    """Verdict, explication, faits, tableau aligné, barres en huitièmes (2/27 → 12 huitièmes : « █▌ »), notes."""
    assert en_texte(calculer("warp-jet", {"trait": "2", "malus": "1", "des": "6 1 1"})) == (
        "Verdict : Catastrophe\n"
        "\n"
        "2d + 1d de malus : 3d6 lancés (6, 1, 1), les 2 pires gardés (1, 1) ; total 2 ≤ 6, tous les dés gardés sont "
        "des 1 → Catastrophe.\n"
        "\n"
        "3 dés lancés, on garde les 2 pires ; réussite si le total des dés gardés dépasse 6 (l'égalité est un échec).\n"
        "\n"
        "Chances exactes d'un jet à 2d (bonus 0, malus 1)\n"
        "  Résultat      Chance  Fraction exacte  Ce résultat ou mieux\n"
        "  Catastrophe   7,4 %   2/27             100 %                █▌\n"
        "  Échec         60,6 %  131/216          92,6 %               ████████████▏\n"
        "  Compensation  0 %     0                31,9 %\n"
        "  Réussite      24,5 %  53/216           31,9 %               ████▉\n"
        "  Magistrale    7,4 %   2/27             7,4 %                █▌\n"
        "  Réussite, Magistrale comprise : 31,9 %.\n"
        "  Au moins un 6 gardé (Magistrale ou Compensation) : 7,4 %.\n"
        "  Catastrophe (tous les dés gardés à 1) : 7,4 %."
    )
    assert (
        en_texte(calculer("warp-jet", {"trait": "x", "des": "9"})) == "Trait (dés) : doit être un entier ≥ 0, reçu 'x'"
    )
    # Plusieurs refus, un par ligne (chacun nomme son champ) ; un refus qu'aucun champ ne porte est écrit sous « entrée ».
    assert en_texte(Reponse("warp-jet", {}, erreurs={"trait": "a", "": "b"})) == "a\nentrée : b"
    # Plusieurs faits : un par ligne, dans un seul bloc.
    faits = calculer("warp-cooperatif", {"betas": "2 3", "des_betas": "4 3 / 6 1 1", "des": "5 4 2 1"})
    assert len(faits.faits) == 3 and "\n".join(faits.faits) in en_texte(faits).split("\n\n")
    with pytest.raises(ValueError) as erreur:
        en_texte("Magistrale")  # type: ignore[arg-type]
    assert str(erreur.value) == "reponse doit être une Reponse (le résultat de calculer), reçu 'Magistrale'"


def test_barres_en_huitiemes_bornees() -> None:
    from rules.calculateur import _barre

    # round(valeur × 20 × 8) huitièmes : 8 par bloc plein, le reste par le bon huitième.
    assert [_barre(x) for x in (0, 0.004, 0.05, 0.5, 1, 1.5, -1, 0.99)] == [
        "", "▏", "█", "█" * 10, "█" * 20, "█" * 20, "", "█" * 19 + "▊"
    ]  # fmt: skip
    assert [_barre(n / 160) for n in range(1, 8)] == list("▏▎▍▌▋▊▉")
    assert _barre(0.5, largeur=4) == "██"


def test_fractions_et_chances_ecrites() -> None:
    from rules.calculateur._commun import chance, fraction

    assert [fraction(Fraction(n, d)) for n, d in ((0, 1), (1, 1), (1, 3), (131, 216))] == ["0", "1", "1/3", "131/216"]
    assert fraction(Fraction(1, 10**18)) == "1/1000000000000000000"  # 21 caractères : écrite
    assert fraction(Fraction(1, 10**19)) is None  # 22 caractères : personne ne la lit, elle n'est pas montrée
    assert fraction(Fraction(12345678901, 10**10 + 1)) is None
    assert chance(Fraction(1, 36)) == "1 sur 36"
    assert chance(Fraction(1, 20)) == "5,0 %"
    assert chance(Fraction(0)) == "0 %"
    assert chance(Fraction(1)) == "100 %"
    # 77/2 = 38,5 tout juste : la règle d'arrondi (rules.affichage.arrondi, une moitié vers le haut) donne 39.
    assert chance(Fraction(2, 77)) == "≈ 1 sur 39"


def test_calculer_refuse_a_la_porte_mot_pour_mot() -> None:
    formulaires = ", ".join(FORMULAIRES)
    long = "1" * 201
    refus: list[tuple[tuple[object, ...], dict[str, object], str]] = [
        (("warp-jet", {"traitt": "3"}), {},
         "entrees : 'traitt' n'est pas un champ du formulaire warp-jet (champs : bonus, des, malus, trait)"),
        (("warp-jett",), {}, f"formulaire doit être l'un de {formulaires}, reçu 'warp-jett'"),
        ((3,), {}, f"formulaire doit être l'un de {formulaires}, reçu 3"),
        (("warp-jet", {"trait": long}), {},
         "trait doit être un texte d'au plus 200 caractères, reçu '" + "1" * 27 + "..." + "1" * 28 + "'"),
        (("warp-jet", {"trait": 3}), {}, "trait doit être un texte d'au plus 200 caractères, reçu 3"),
        (("warp-jet", ["a"]), {}, "entrees doit être un dictionnaire (champ → texte), reçu ['a']"),
        (("warp-jet",), {"lancer": "oui"}, "lancer doit être True ou False, reçu 'oui'"),
        (("warp-jet",), {"rng": 3}, "rng doit être un random.Random (ou None), reçu 3"),
    ]  # fmt: skip
    for args, options, message in refus:
        with pytest.raises(ValueError) as erreur:
            calculer(*args, **options)  # type: ignore[arg-type]
        assert str(erreur.value) == message
    # Un refus qui ne tient à aucun champ seul (un seuil fait de la valeur, de la difficulté, du modificateur…) va
    # sous « entrée » (""), que la page montre en tête du formulaire ; la réponse garde son formulaire et ses entrées.
    # (Le même refus dans une défense : test_un_autre_refus_des_chances_reste_sous_son_champ.)
    r = calculer("troisd6-jet", {"difficulte": "999"})
    assert (r.formulaire, r.entrees["difficulte"], r.verdict, r.tableaux) == ("troisd6-jet", "999", None, ())
    assert r.erreurs == {"": "seuil doit être un entier entre -1000 et 1000, reçu 1009"}
    assert r.refus[""].lieux == (("seuil",),)
    # 200 caractères : reçus (et refusés par la règle, sous le champ) ; sans `rng`, « Lancer » tire quand même.
    assert (
        calculer("warp-jet", {"trait": "1" * 200}).erreurs["trait"].startswith("Trait (dés) : doit être un entier ≥ 0")
    )
    assert calculer("warp-jet", {}, lancer=True).verdict is not None
    assert calculer("warp-jet", None).ok


def test_lecture_des_groupes_resultats_et_traits() -> None:
    """Les Bêtas et les rounds s'écrivent de plusieurs façons ; un mot inconnu reste du texte, que la règle refuse."""
    attendu = calculer("warp-cooperatif", {"betas": "2 3", "des_betas": "4 3 / 6 1 1"})
    for betas in ("2, 3", "2/3", "2+3", " 2;3 "):
        for des in ("4 3 | 6 1 1", "43/611", "4 3\n6 1 1", "4 3 / / 6 1 1"):
            r = calculer("warp-cooperatif", {"betas": betas, "des_betas": des})
            assert (r.faits, r.tableaux) == (attendu.faits, attendu.tableaux), (betas, des)
    resultats = calculer("warp-cooperatif", {"resultats": "Réussite, Compensation, Échec, Magistrale"})
    for ecrit in ("REUSSITE compensation; echec/MAGISTRALE", "réussite+Compensation,ÉCHEC magistrale"):
        assert calculer("warp-cooperatif", {"resultats": ecrit}).faits == resultats.faits
    etendu = calculer("warp-etendu", {"des": "5 3 2 / 6 1 1 / 6 4 3 / 6 5 4"})
    assert calculer("warp-etendu", {"des": "5 3 2 \n 6 1 1 | 6 4 3 // 6 5 4"}).explication == etendu.explication
    refus = {
        ("warp-cooperatif", "betas", "2/3x"): "Traits des Bêtas (dés), Bêta 2 : doit être un entier ≥ 0, reçu '3x'",
        ("warp-cooperatif", "betas", "1000"): "Traits des Bêtas (dés), Bêta 1 : doit être un entier ≥ 0, reçu '1000'",
        ("warp-jet", "des", "6 x 1"): "Dés lancés : chaque dé doit être un entier entre 1 et 6, reçu 'x'",
        ("warp-jet", "des", "6 1234 1"): "Dés lancés : chaque dé doit être un entier entre 1 et 6, reçu '1234'",
    }
    for (formulaire, champ, valeur), message in refus.items():
        assert calculer(formulaire, {champ: valeur}).erreurs == {champ: message}


def test_cooperatif_lancer_les_betas_puis_l_alpha() -> None:
    """« Lancer » avant que les Bêtas lancent : cooperation() tire leurs jets, puis l'Alpha lance avec leur aide, par le
    même générateur ; le lien garde leurs résultats et les dés de l'Alpha (pas les dés des Bêtas écrits). Les bonus et
    malus du formulaire valent pour tous les jets, ceux des Bêtas compris."""
    for graine, (bonus, malus) in enumerate([(0, 0), (2, 0), (0, 2), (1, 3), (3, 1), (0, 0)]):
        g = random.Random(graine)
        t = warp.cooperation(3, [2, 3], bonus=bonus, malus=malus, rng=g)
        resultats = [x.resultat for x in t.jets_betas]
        total = warp.aide(resultats)
        j = warp.jet(3, bonus=bonus + max(total, 0), malus=malus + max(-total, 0), rng=g)
        entrees = {"betas": "2 3", "des_betas": "1 1 / 1 1 1", "bonus": str(bonus), "malus": str(malus)}
        r = calculer("warp-cooperatif", entrees, lancer=True, rng=random.Random(graine))
        assert r.entrees["resultats"] == ", ".join(str(x) for x in resultats)
        assert (r.entrees["des"], r.verdict, r.explication) == (
            _ecrits(j.des),
            str(j.resultat),
            f"Alpha : {j.explication}",
        )


def test_cooperatif_lance_refus_sous_son_champ() -> None:
    """« Lancer » : cooperation() refuse ce qu'un jet joué ne peut pas lancer (plus de 60 dés), et son message va sous
    le champ qu'il nomme, pas sous un champ vide ; les refus suivants (les chances de l'Alpha) ne le remplacent pas."""
    refus = [
        ({"alpha": "61", "betas": "2"}, "alpha", "Trait de l'Alpha (dés) : doit être ≤ 60 (au plus 60 dés), reçu 61"),
        ({"bonus": "61", "betas": "2"}, "bonus", "Dés de bonus (pour tous) : doit être ≤ 60 (au plus 60 dés), reçu 61"),
        ({"malus": "61", "betas": "2"}, "malus", "Dés de malus (pour tous) : doit être ≤ 60 (au plus 60 dés), reçu 61"),
        ({"alpha": "50", "betas": "2 2 2 2 2 2"}, "alpha",
         "Trait de l'Alpha (dés), Traits des Bêtas (dés), Dés de bonus (pour tous) et Dés de malus (pour tous) : "
         "au plus 60 dés d'un même jet, et l'Alpha peut en lancer 63 (Trait 50, 6 Bêtas, bonus 0, malus 0)"),
        ({"betas": "2 59", "bonus": "2"}, "betas",
         "Traits des Bêtas (dés), Bêta 2, Dés de bonus (pour tous) et Dés de malus (pour tous) : "
         "au plus 60 dés d'un même jet, reçu 62 (Trait 59, bonus 2, malus 0)"),
    ]  # fmt: skip
    for entrees, champ, message in refus:
        r = calculer("warp-cooperatif", entrees, lancer=True, rng=random.Random(0))
        assert r.erreurs == {champ: message}, entrees


def test_effet_un_seul_point_fait_monter_l_avantage() -> None:
    """Avec 1 point d'effet, l'avantage monte (ce n'est pas « moins d'1 point ») : la phrase dit vers quoi et pourquoi.
    « 1 point », au singulier."""
    for actuel in [a for a in troisd6.Avantage if a != troisd6.Avantage.DEFINITIF]:
        r = calculer("troisd6-effet", {"indice": "1D3", "avantage": actuel.name.lower(), "des": "1"})
        assert r.explication is not None and "Moins d'1 point" not in r.explication
        nouveau = troisd6.progression(actuel, 1)
        pourquoi = "directement au niveau obtenu" if nouveau == troisd6.avantage(1) else "un cran de plus"
        assert r.explication.endswith(f"→ {nouveau} ({pourquoi}).")


def test_jet_3d6_lance_par_le_generateur_donne() -> None:
    for graine in range(3):
        r = calculer("troisd6-jet", {"valeur": "2"}, lancer=True, rng=random.Random(graine))
        j = troisd6.jet(12, rng=random.Random(graine))
        assert (r.entrees["des"], r.explication) == (_ecrits(j.des), j.explication)


@pytest.mark.parametrize(("formulaire", "entrees", "champ", "message"), ERREURS)
def test_une_mauvaise_entree_ne_garde_dans_le_lien_que_ce_qui_est_ecrit(
    formulaire: str, entrees: dict[str, str], champ: str, message: str
) -> None:
    """Refusée, la réponse garde les entrées lues (défauts compris), sans rien de tiré (dés, jets d'effet)."""
    lues = {c.nom: entrees.get(c.nom, c.defaut).strip() for c in FORMULAIRES[formulaire].champs}
    assert calculer(formulaire, entrees).entrees == {nom: v for nom, v in lues.items() if v}


def test_defense_noms_par_defaut() -> None:
    """Noms vides : « l'attaquant » et « le défenseur », comme s'ils étaient écrits."""
    vides = calculer("troisd6-defense", {"nom_attaquant": "", "nom_defenseur": "", "des_attaque": "3 3 1",
                                         "effet_attaque": "7", "des_defense": "4 4 2", "effet_defense": "4"})  # fmt: skip
    ecrits = calculer("troisd6-defense", {"nom_attaquant": "l'attaquant", "nom_defenseur": "le défenseur",
                                          "des_attaque": "3 3 1", "effet_attaque": "7", "des_defense": "4 4 2", "effet_defense": "4"})  # fmt: skip
    assert vides.ok and (vides.verdict, vides.explication, vides.tableaux) == (
        ecrits.verdict,
        ecrits.explication,
        ecrits.tableaux,
    )
    assert vides.explication is not None and vides.explication.startswith("l'attaquant attaque")


def test_les_des_des_deux_camps_sont_lus_meme_si_l_un_manque() -> None:
    """Les dés du premier manquent, ceux du second sont faux : les deux champs disent leur erreur."""
    assert calculer("troisd6-mineure", {"seuil_second": "12", "des_second": "1 2"}).erreurs == {
        "des_premier": "Dés du PJ : donnez les dés des deux camps pour juger la scène (ou aucun)",
        "des_second": "Dés de l'adversaire : doit contenir exactement 3 dés, reçu 2 : (1, 2)",
    }
    assert calculer("warp-oppose", {"des_second": "1"}).erreurs == {
        "des_premier": "Dés lancés : donnez les dés des deux camps pour juger le jet (ou aucun)",
        "des_second": "Dés lancés : doit contenir exactement 2 dés, reçu 1 : (1,)",
    }


# --- Formulaires 3D6 : l'échelle des Indices, les autres refus des chances, l'attaquant par défaut ---

# Un Indice qu'un critique ferait sortir de l'échelle : le refus des règles va sous l'Indice qu'il nomme
# (« niveaux : 14D6 +3 niveaux… » nomme 14D6) ; si les deux camps ont le même Indice, c'est celui de l'attaquant.
# Les niveaux du risque comptent pour l'attaquant seul (le blocage du défenseur n'en a pas), dans les deux sens ;
# le seuil de l'attaquant dit jusqu'où monte son Dt (un triple de 6 ne réussit que sous un seuil de 18).
_INDICES_HORS_ECHELLE = (
    # Sous l'échelle par des niveaux négatifs : aucun Indice ne paraît trop haut, c'est l'attaquant.
    ({"indice_attaquant": "1D3", "niveaux": "-1"}, "indice_attaquant"),
    ({"indice_attaquant": "1D3", "niveaux": "-1", "indice_defenseur": "8D6"}, "indice_attaquant"),
    # 12D6 −4 niveaux, même avec un Dt de 6, reste sur l'échelle : c'est le 14D6 du défenseur qui en sort.
    ({"indice_attaquant": "12D6", "niveaux": "-4", "indice_defenseur": "14D6"}, "indice_defenseur"),
    ({"indice_attaquant": "8D6", "indice_defenseur": "14D6"}, "indice_defenseur"),
    # Sous un seuil de 18, un triple de 6 réussit : 10D6 +6 niveaux sort (le 11D6 du défenseur, seuil 11, non).
    ({"indice_attaquant": "10D6", "seuil_attaquant": "18", "indice_defenseur": "11D6"}, "indice_attaquant"),
    # Les deux trop hauts pour un critique, ou le plus bas fautif : le message dit lequel sort le premier.
    ({"indice_attaquant": "10D6", "indice_defenseur": "14D6"}, "indice_defenseur"),
    ({"indice_attaquant": "1D3", "niveaux": "-1", "indice_defenseur": "11D6"}, "indice_attaquant"),
    ({"indice_attaquant": "14D6", "indice_defenseur": "14D6"}, "indice_attaquant"),
)


@pytest.mark.parametrize(
    ("entrees", "champ"), _INDICES_HORS_ECHELLE, ids=lambda e: " ".join(e.values()) if isinstance(e, dict) else e
)
def test_defense_indice_hors_echelle_sous_l_indice_qui_en_sort(entrees: dict[str, str], champ: str) -> None:
    lu = {c.nom: entrees.get(c.nom, c.defaut) for c in FORMULAIRES["troisd6-defense"].champs}
    att = troisd6.Personnage("Ada", seuil=int(lu["seuil_attaquant"]), indice=lu["indice_attaquant"])
    dfn = troisd6.Personnage("Bruno", seuil=int(lu["seuil_defenseur"]), indice=lu["indice_defenseur"])
    risque = troisd6.Risque(niveaux=int(lu["niveaux"]))
    with pytest.raises(Refus) as refus:
        for d in troisd6.Defense:
            troisd6.chances_echange(att, dfn, risque=risque, defense=d)
    r = calculer("troisd6-defense", entrees)
    assert list(r.erreurs) == [champ]
    # Le même refus que la règle (même texte permis, même reçu), rangé par son lieu, nommé par l'étiquette du champ.
    assert (r.refus[champ].permis, r.refus[champ].recu) == (refus.value.permis, refus.value.recu)
    assert refus.value.lieux[0] == (champ.split("_")[1], "indice")
    assert r.erreurs[champ].startswith(FORMULAIRES["troisd6-defense"].champ(champ).libelle)


@pytest.mark.parametrize(("a", "b", "champ"), [("10D6", "14D6", "indice_b"), ("14D6", "10D6", "indice_a")])
def test_scene_indice_hors_echelle_sous_l_indice_qui_en_sort(a: str, b: str, champ: str) -> None:
    erreurs = calculer("troisd6-scene", {"indice_a": a, "indice_b": b, "comparer": "non"}).erreurs
    assert list(erreurs) == [champ]
    assert (
        erreurs[champ].startswith("Indice (dés d'effet) : 14D6 +") and "sort de l'échelle des Indices" in erreurs[champ]
    )


def test_un_autre_refus_des_chances_reste_sous_son_champ() -> None:
    """Les autres refus des chances d'un échange ou d'une scène vont aussi au champ que disent leurs lieux : le seuil
    du défenseur (malus de contre-attaque compris), le nom de l'adversaire."""
    assert calculer("troisd6-defense", {"seuil_defenseur": "-998", "defense": "contre_attaque"}).erreurs == {
        "seuil_defenseur": "Seuil du défenseur : doit être un entier entre -1000 et 1000, reçu -1001"
    }
    assert calculer("troisd6-scene", {"nom_a": "Ada", "nom_b": "Ada", "comparer": "non"}).erreurs == {
        "nom_b": "Nom : doivent être différents, reçu deux fois 'Ada'"
    }


def test_defense_l_attaquant_est_un_personnage_par_defaut() -> None:
    """Le formulaire n'a ni armure ni talent de contre-attaque pour l'attaquant : il est construit comme
    `Personnage(nom, seuil=…, indice=…)`. Au bord des seuils permis, le −3 d'une contre-attaque ordinaire ne
    touche que le défenseur : un attaquant à −998 attaque (les règles le refusaient avant) ; le calculateur rend
    ce que rendent les règles, mot pour mot."""
    base = {"nom_attaquant": "Ada", "indice_attaquant": "2D6", "modificateur": "0", "niveaux": "0",
            "bonus_points": "0", "avantage": "aucun", "nom_defenseur": "Bruno", "seuil_defenseur": "11",
            "indice_defenseur": "1D6+1D3", "armure_defenseur": "0", "talent_defenseur": "non",
            "defense": "contre_attaque", "des_attaque": "5 2 1", "des_defense": "3 3 2"}  # fmt: skip
    for seuil in ("-998", "-997", "12"):
        entrees = dict(base, seuil_attaquant=seuil)
        r = calculer("troisd6-defense", entrees, rng=random.Random(0))
        assert r.en_dict() == _attendu_defense(entrees, 0), seuil


# --- Les lieux des refus : des données, jamais un champ par défaut -------------------------------------------


def test_un_refus_dont_aucun_champ_ne_fournit_le_lieu_est_une_faute_du_calculateur() -> None:
    """Un lieu qu'aucun lien ni aucun champ ne fournit lève `LieuSansChamp` (plus de champ « par défaut »)."""
    from rules.calculateur._commun import Lecture, LieuSansChamp

    lecture = Lecture(FORMULAIRES["warp-jet"], {}, lancer=False, rng=None)
    lecture.localiser(Refus("trait", "être un entier ≥ 0", recu=-1))  # un champ du même nom : rangé sous lui
    assert list(lecture.refus) == ["trait"]
    with pytest.raises(LieuSansChamp) as faute:
        lecture.localiser(Refus([("attaquant", "seuil")], "être un entier", recu="x"))
    assert (faute.value.formulaire, faute.value.lieu) == ("warp-jet", ("attaquant", "seuil"))


def test_un_lien_nomme_un_parametre_de_sa_regle_et_un_champ_du_formulaire() -> None:
    """Renommer un paramètre d'une règle sans changer son lien échoue à la construction du lien ; un lien vers
    un champ que le formulaire n'a pas échoue au premier refus qu'il range."""
    from rules.calculateur._commun import Lecture, LienFaux, Liens

    Liens(troisd6.chances_scene, {"a.indice": "indice_a", "politique_b.risque.niveaux": "niveaux_b"})
    for chemin in ("a.indice_attaque", "politique_b.risque.niveau", "tour"):
        with pytest.raises(LienFaux, match=chemin.rsplit(".", 1)[-1]):
            Liens(troisd6.chances_scene, {chemin: "indice_a"})
    lecture = Lecture(FORMULAIRES["troisd6-scene"], {}, lancer=False, rng=None)
    with pytest.raises(LienFaux, match="indice_c"):
        lecture.localiser(Refus([("a", "indice")], "x"), Liens(troisd6.chances_scene, {"a.indice": "indice_c"}))


def test_l_aide_d_un_champ_de_des_donne_un_exemple_que_son_clavier_tape() -> None:
    """Un champ d'un seul jet ouvre le pavé numérique (`inputmode="numeric"`, sans espace) : son aide montre les dés
    tapés à la suite (« 6521 »), pas seulement séparés par des espaces, qu'un pavé d'iPhone ne sait pas taper."""
    champs = [(f.nom, c) for f in FORMULAIRES.values() for c in f.champs if c.sorte == "des" and not c.element]
    assert len(champs) >= 8
    sans = []
    for nom, champ in champs:
        exemples = re.findall(r"«\s*([^»]*?)\s*»", champ.aide or "")
        if exemples and not any(e.isdigit() for e in exemples):
            sans.append(f"{nom}.{champ.nom}")
    assert sans == []


def test_chaque_regle_maison_a_son_champ_dans_les_formulaires_qu_elle_change() -> None:
    from hooks.calculateur.calculateur import formulaire_html
    from rules.variantes import REGLES_MAISON

    for nom, f in FORMULAIRES.items():
        page = formulaire_html(f)
        vus = re.findall(r'data-maison="([^"]+)"', page)
        assert sorted(vus) == sorted(m.id for m in REGLES_MAISON.values() if nom in m.formulaires), nom
        for ident in vus:
            m, champ = REGLES_MAISON[ident], f"{nom}-maison-{ident}"
            assert f'<label for="{champ}">{html.escape(m.titre)}</label>' in page, champ
            assert f'id="{champ}" data-maison="{ident}" min="{m.minimum}" max="{m.maximum}"' in page, champ
            assert f'id="{champ}-erreur"' in page and f'id="{champ}-aide"' in page, champ
