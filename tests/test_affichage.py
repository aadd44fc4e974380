"""rules.affichage : ce que le lecteur lit (pourcentages, tableaux, graphiques), vérifié comme il le lit.

Les chances se vérifient contre la règle du site, recalculée autrement (au dixième de pour cent, « 1 sur N »
sous 5 %, jamais « 0 % » pour une chance non nulle ni « 100 % » pour une chance incomplète), et se relisent.
Le graphique est *relu* : le SVG est analysé
(`xml.etree`), l'échelle se lit sur les graduations et leurs étiquettes, et chaque point, ramené à cette
échelle, doit redonner sa donnée ; les textes doivent tomber dans l'image, hors de la zone des courbes.
Un décalage d'un pixel qui garde tout cela vrai n'est pas une issue : un mutant qui ne fait que cela est équivalent.
"""

from __future__ import annotations

import inspect
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import _francais
from rules.affichage import (
    MOINS,
    PETITE_CHANCE,
    PRESQUE_SUR,
    arrondi,
    chance,
    fois,
    graphique,
    moins,
    pourcentage,
    tableau,
)
from tests.chances_ecrites import ECRITE, faute, intervalle

SVG = "{http://www.w3.org/2000/svg}"


def refus(appel: Callable[[], object]) -> str:
    with pytest.raises(ValueError) as erreur:
        appel()
    return str(erreur.value)


# --- Les chances, écrites ----------------------------------------------------------------------

# (p, dans une case, dans une phrase, comme une fréquence) : la règle du site, une seule, en trois tournures.
CHANCES = [
    (Fraction(5, 8), "62,5 %", "62,5 %", "62,5 % des fois"),
    (Fraction(7, 8), "87,5 %", "87,5 %", "87,5 % des fois"),
    (Fraction(1, 16), "6,3 %", "6,3 %", "6,3 % des fois"),  # 6,25 % : une moitié exacte, vers le haut
    (Fraction(1, 20), "5,0 %", "5,0 %", "5,0 % des fois"),  # PETITE_CHANCE elle-même : encore un pourcentage
    (Fraction(1, 21), "1 sur 21", "1 chance sur 21", "1 fois sur 21"),  # juste dessous : 1 sur N
    (Fraction(1, 216), "1 sur 216", "1 chance sur 216", "1 fois sur 216"),
    (Fraction(7, 500), "≈ 1 sur 71", "environ 1 chance sur 71", "environ 1 fois sur 71"),  # 1/p = 71,4
    (Fraction(3, 200), "≈ 1 sur 67", "environ 1 chance sur 67", "environ 1 fois sur 67"),  # 66,7 : arrondi
    (Fraction(19, 2000), "≈ 1 sur 105", "environ 1 chance sur 105", "environ 1 fois sur 105"),  # « 0,95 % »
    (Fraction(1, 46656), "1 sur 46\u202f656", "1 chance sur 46\u202f656", "1 fois sur 46\u202f656"),
    (Fraction(999, 1000), "99,9 %", "99,9 %", "99,9 % des fois"),  # exactement la borne : s'écrit
    (Fraction(1999, 2000), "> 99,9 %", "> 99,9 %", "> 99,9 % des fois"),  # s'arrondirait à 100 %
    (Fraction(0), "0 %", "0 %", "0 % des fois"),
    (0, "0 %", "0 %", "0 % des fois"),
    (Fraction(1), "100 %", "100 %", "100 % des fois"),
    (1, "100 %", "100 %", "100 % des fois"),
]


@pytest.mark.parametrize(("p", "case", "phrase", "frequence"), CHANCES)
def test_une_chance_s_ecrit_par_la_regle_du_site(p: Fraction, case: str, phrase: str, frequence: str) -> None:
    assert Fraction(1, 20) == PETITE_CHANCE and Fraction(999, 1000) == PRESQUE_SUR
    assert (chance(p), pourcentage(p), fois(p)) == (case, phrase, frequence)


@pytest.mark.parametrize("ecrire", [chance, pourcentage, fois])
def test_aucun_appelant_ne_choisit_une_autre_precision(ecrire: Callable[[Fraction], str]) -> None:
    """Une seule règle : les fonctions qui écrivent une chance ne prennent que la chance (plus de `decimales`)."""
    assert list(inspect.signature(ecrire).parameters) == ["p"]


@pytest.mark.parametrize("ecrire", [chance, pourcentage, fois])
def test_les_chances_refusent_en_nommant_ce_qui_est_permis(ecrire: Callable[[object], str]) -> None:
    permis = "p doit être une probabilité (Fraction ou entier entre 0 et 1), reçu "
    assert refus(lambda: ecrire(Fraction(3, 2))) == permis + "Fraction(3, 2)"
    assert refus(lambda: ecrire(True)) == permis + "True"
    assert refus(lambda: ecrire(0.5)) == permis + "0.5"
    assert refus(lambda: ecrire(Fraction(-1, 2))) == permis + "Fraction(-1, 2)"


def _regle(p: Fraction) -> str:
    """La règle, recalculée sans rules.affichage : le module decimal (ROUND_HALF_UP) pour le pour cent."""
    if p in (0, 1):
        return f"{100 * p} %"
    if p > Fraction(999, 1000):
        return "> 99,9 %"
    if p >= Fraction(1, 20):
        return _exact(p * 100, 1) + " %"
    inverse = 1 / p
    n = int(Decimal(inverse.numerator) / Decimal(inverse.denominator) + Decimal("0.5"))
    return f"{'' if inverse.denominator == 1 else '≈ '}1 sur {n:,}".replace(",", "\u202f")


probabilites = st.one_of(
    st.fractions(min_value=0, max_value=1, max_denominator=10**6),
    # autour des bornes (5 %, 99,9 %) et des moitiés exactes (x,x5 %), rares parmi des fractions au hasard
    st.builds(lambda k, d: Fraction(k, d), st.integers(0, 2000), st.just(2000)),
    st.builds(lambda n: Fraction(1, n), st.integers(1, 10**6)),
    st.builds(lambda n: Fraction(2, 2 * n + 1), st.integers(10, 10**4)),
)


@given(probabilites)
def test_chaque_chance_suit_la_regle_et_se_relit(p: Fraction) -> None:
    """La case est la règle ; la phrase et la fréquence n'en changent que les mots ; chaque écriture est
    une forme permise (tests/chances_ecrites.py), et l'ensemble des probabilités qu'elle représente contient p."""
    case = chance(p)
    assert case == _regle(p)
    mots = {"≈ 1 sur": "environ 1 chance sur", "1 sur": "1 chance sur"}
    phrase = next((case.replace(a, b, 1) for a, b in mots.items() if case.startswith(a)), case)
    assert pourcentage(p) == phrase
    assert fois(p) == (phrase.replace("chance", "fois") if "sur" in case else case + " des fois")
    for texte in (case, pourcentage(p), fois(p).removesuffix(" des fois")):
        assert faute(texte) is None, texte
        assert intervalle(texte).contient(p), texte


@given(probabilites, probabilites)
def test_deux_ecritures_differentes_ne_partagent_aucune_chance(p: Fraction, q: Fraction) -> None:
    """Ce que relit tests/chances_ecrites.py est exact : une écriture représente p, et seulement les p qui s'écrivent
    ainsi ; deux écritures différentes (d'une seule règle) ne se rencontrent donc jamais."""
    a, b = intervalle(chance(p)), intervalle(chance(q))
    assert a.rencontre(b) == (chance(p) == chance(q))


@pytest.mark.parametrize(
    ("texte", "pourquoi"),
    [
        ("63 %", "au dixième"),
        ("3,55 %", "au dixième"),
        ("< 0,1 %", "au dixième"),
        ("0,9 %", "sous 5 %"),
        ("0,0 %", "sous 5 %"),
        ("1 chance sur 6", "en pour cent"),
        ("≈ 1 chance sur 166", "dans une phrase"),
        ("1 sur 46656", "milliers"),
    ],
)
def test_les_ecritures_d_une_autre_regle_sont_reconnues(texte: str, pourquoi: str) -> None:
    """Ce que relevait l'issue 41 (quatre façons d'écrire un pourcentage) : chaque fois une faute nommée."""
    assert ECRITE.fullmatch(texte), texte
    assert pourquoi in (faute(texte) or ""), texte


# --- Tableaux ----------------------------------------------------------------------------------


def test_tableau_markdown() -> None:
    assert tableau(["a", "b"], [(1, "x"), [Fraction(1, 2), None]]) == (
        "| a | b |\n| --- | --- |\n| 1 | x |\n| 1/2 | None |"
    )


def test_un_tableau_a_legende_la_donne_en_paragraphe_avant_lui() -> None:
    assert tableau(["a"], [[1]], legende="le seuil.") == ("Tableau : le seuil.\n{: .legende }\n\n| a |\n| --- |\n| 1 |")


REFUS_TABLEAU: list[tuple[Callable[[], object], str]] = [
    (lambda: tableau("ab", []), "entetes doit être une suite d'au plus 10000 en-têtes, reçu 'ab'"),
    (lambda: tableau(["a", 3], []), "entetes[1] doit être un texte, reçu 3"),  # type: ignore[list-item]
    (lambda: tableau(["a"], 5), "lignes doit être une suite d'au plus 10000 lignes, reçu 5"),  # type: ignore[arg-type]
    (lambda: tableau(["a"], [[1], 5]), "lignes[1] doit être une suite d'au plus 10000 cellules, reçu 5"),  # type: ignore[list-item]
    (lambda: tableau(["a"], [], legende=""), "legende doit être un texte non vide (200 caractères au plus), reçu ''"),
    (lambda: tableau(["a"], [], legende=3), "legende doit être un texte non vide (200 caractères au plus), reçu 3"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("appel", "message"), REFUS_TABLEAU)
def test_tableau_refuse_en_francais(appel: Callable[[], object], message: str) -> None:
    assert refus(appel) == message


# --- Graphiques : relus comme un lecteur les lit ---------------------------------------------


@dataclass
class Lecture:
    """Ce qu'un lecteur tire d'un graphique : l'image, les graduations, les courbes, la légende."""

    largeur: float
    hauteur: float
    svg: ET.Element
    figure: ET.Element
    graduations: list[tuple[float, float, str]]  # (y de la ligne, y de l'étiquette, étiquette)
    gauche: float  # la zone des courbes, lue sur les lignes de graduation
    droite: float
    abscisses: list[tuple[float, float, str]]  # (x, y, texte) des étiquettes d'abscisse
    courbes: list[tuple[str, list[tuple[float, float]], list[tuple[float, float, str, str]]]]
    legende: list[tuple[ET.Element, ET.Element]]  # (carré, nom)


def _nombre(texte: str) -> float:
    return float(texte.replace(",", ".").removesuffix(" %"))


def lire(svg_texte: str) -> Lecture:
    figure = ET.fromstring(svg_texte)
    assert figure.tag == "figure" and figure.get("class") == "graphique"
    # Aucun texte égaré entre les éléments : tout ce qui s'écrit est dans un <text>, un <title> ou la légende.
    assert all(not (e.tail or "").strip() for e in figure.iter()) and not (figure.text or "").strip()
    assert all(not (e.text or "").strip() for e in figure.iter() if e.tag in (f"{SVG}svg", f"{SVG}circle"))
    svg = figure.find(f"{SVG}svg")
    assert svg is not None
    largeur, hauteur = float(svg.get("width", "nan")), float(svg.get("height", "nan"))
    assert svg.get("viewBox") == f"0 0 {largeur:g} {hauteur:g}"
    enfants = list(svg)
    graduations, abscisses, courbes, legende = [], [], [], []
    gauche = droite = float("nan")
    for i, e in enumerate(enfants):
        if e.tag == f"{SVG}line":
            etiquette = enfants[i + 1]
            assert etiquette.tag == f"{SVG}text" and etiquette.get("text-anchor") == "end"
            assert e.get("stroke") == "currentColor" and e.get("stroke-opacity") == "0.15"
            assert e.get("y1") == e.get("y2")
            gauche, droite = float(e.get("x1", "nan")), float(e.get("x2", "nan"))
            graduations.append((float(e.get("y1", "nan")), float(etiquette.get("y", "nan")), etiquette.text or ""))
            assert float(etiquette.get("x", "nan")) < gauche  # l'étiquette est à gauche de l'axe
        elif e.tag == f"{SVG}polyline":
            points = [tuple(map(float, p.split(","))) for p in (e.get("points") or "").split(" ")]
            cercles = []
            j = i + 1
            while j < len(enfants) and enfants[j].tag == f"{SVG}circle":
                c = enfants[j]
                titre = c.find(f"{SVG}title")
                assert titre is not None and c.get("r") == "3"
                cercles.append(
                    (float(c.get("cx", "nan")), float(c.get("cy", "nan")), c.get("fill", ""), titre.text or "")
                )
                j += 1
            assert e.get("fill") == "none" and e.get("stroke-width") == "2"
            assert {c[2] for c in cercles} == {e.get("stroke")}  # la courbe et ses points ont la même couleur
            courbes.append((e.get("stroke", ""), points, cercles))  # type: ignore[arg-type]
            carre, nom = enfants[j], enfants[j + 1]
            assert carre.tag == f"{SVG}rect" and nom.tag == f"{SVG}text"
            legende.append((carre, nom))
        elif e.tag == f"{SVG}text" and e.get("text-anchor") == "middle" and e.get("transform") is None:
            abscisses.append((float(e.get("x", "nan")), float(e.get("y", "nan")), e.text or ""))
    return Lecture(largeur, hauteur, svg, figure, graduations, gauche, droite, abscisses, courbes, legende)  # type: ignore[arg-type]


def _dans_l_image(lecture: Lecture, x: float, y: float) -> bool:
    return 0 <= x <= lecture.largeur and 0 <= y <= lecture.hauteur


def verifier(
    svg_texte: str,
    titre: str,
    xs: Sequence[float],
    series: dict[str, Sequence[float]],
    legende_x: str,
    legende_y: str,
    etiquettes: list[str],
) -> Lecture:
    """Relit le graphique et vérifie qu'il dit les données ; rend la lecture pour des vérifications de plus."""
    lu = lire(svg_texte)
    # Le titre : nom accessible, infobulle et légende de la figure.
    assert lu.svg.get("role") == "img" and lu.svg.get("aria-label") == titre
    assert lu.svg.findtext(f"{SVG}title") == titre and lu.figure.findtext("figcaption") == titre
    # Le texte suit la couleur du thème (clair ou sombre), et l'image tient dans la colonne.
    assert lu.svg.get("fill") == "currentColor" and lu.svg.get("font-size") == "12"
    assert lu.svg.get("style") == "max-width:100%;height:auto;color:inherit"

    # L'axe des valeurs : cinq graduations également espacées, de bas en haut, étiquetées.
    assert [g[2] for g in lu.graduations] == etiquettes
    ys = [g[0] for g in lu.graduations]
    pas = ys[0] - ys[1]
    assert pas > 0 and all(abs((ys[i] - ys[i + 1]) - pas) < 0.11 for i in range(4))
    for y_ligne, y_etiquette, _ in lu.graduations:
        assert 0 < y_etiquette - y_ligne <= 6  # l'étiquette est centrée sur sa ligne (ligne de base un peu dessous)
    assert all(_dans_l_image(lu, lu.gauche, y) and _dans_l_image(lu, lu.droite, y) for y in ys)
    bas, haut = ys[0], ys[-1]
    v_bas, v_haut = _nombre(etiquettes[0]), _nombre(etiquettes[-1])

    def valeur_de(y: float) -> float:
        return v_bas + (bas - y) / (bas - haut) * (v_haut - v_bas)

    # L'axe des abscisses : une étiquette par abscisse, sous la zone des courbes, dans l'image.
    ticks, legende_abscisses = lu.abscisses[:-1], lu.abscisses[-1]
    assert [t[2] for t in ticks] == [f"{x:g}".replace("-", "\u2212") for x in xs]  # le signe moins typographique
    assert all(bas < t[1] < legende_abscisses[1] <= lu.hauteur for t in ticks)
    xmin, xmax = min(xs), max(xs)
    for (x_tick, _, _), x in zip(ticks, xs, strict=True):
        attendu = lu.gauche + ((x - xmin) / (xmax - xmin) * (lu.droite - lu.gauche) if xmax > xmin else 0)
        assert abs(x_tick - attendu) < 0.06
    # Les légendes des axes : centrées sur la zone des courbes, dans l'image.
    assert legende_abscisses[2] == legende_x
    assert abs(legende_abscisses[0] - (lu.gauche + lu.droite) / 2) <= 0.5
    axe_y = next(e for e in lu.svg if e.get("transform") is not None)
    assert axe_y.text == legende_y and float(axe_y.get("x", "nan")) < lu.gauche
    y_milieu = float(axe_y.get("y", "nan"))
    assert abs(y_milieu - (bas + haut) / 2) <= 0.5
    assert axe_y.get("transform") == f"rotate(-90 {axe_y.get('x')} {axe_y.get('y')})"

    # Chaque courbe : ses points redonnent ses données, et leurs infobulles les écrivent.
    assert [nom.text for _, nom in lu.legende] == list(series)
    couleurs = [c[0] for c in lu.courbes]
    assert len(set(couleurs)) == len(couleurs) and all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in couleurs)
    for (_couleur, points, cercles), (nom, valeurs) in zip(lu.courbes, series.items(), strict=True):
        assert points == [(c[0], c[1]) for c in cercles]
        for (cx, cy, _, infobulle), (x_tick, _, _), x, v in zip(cercles, ticks, xs, valeurs, strict=True):
            assert cx == x_tick
            assert abs(valeur_de(cy) - v * (100 if etiquettes[-1].endswith("%") else 1)) < 0.01 * abs(v_haut - v_bas)
            assert infobulle.startswith(f"{nom} — {x:g} : ".replace("-", "\u2212"))
    # La légende des courbes : à droite de la zone des courbes, dans l'image, sans chevauchement.
    y_precedent = -1.0
    for (carre, texte), couleur in zip(lu.legende, couleurs, strict=True):
        x, y = float(carre.get("x", "nan")), float(carre.get("y", "nan"))
        assert carre.get("fill") == couleur and carre.get("width") == carre.get("height") == "12"
        assert lu.droite < x and _dans_l_image(lu, x + 12, y + 12) and y >= y_precedent + 12
        tx, ty = float(texte.get("x", "nan")), float(texte.get("y", "nan"))
        assert x + 12 < tx < lu.largeur and y < ty <= y + 12
        y_precedent = y
    return lu


def test_un_graphique_redit_ses_donnees() -> None:
    xs = [2, 3, 5, 10]
    series = {"a": [0.2, 0.5, 0.1, 0.45], "b <x> & co": [0.0, 0.25, 0.3, 0.05], "c": [0.1, 0.1, 0.2, 0.3]}
    svg = graphique("Chances & co", xs, series, legende_x="Trait", legende_y="Chance")
    etiquettes = ["0,0 %", "12,5 %", "25,0 %", "37,5 %", "50,0 %"]
    lu = verifier(svg, "Chances & co", xs, series, "Trait", "Chance", etiquettes)
    # Les infobulles donnent la valeur arrondie, avec les décimales de l'axe.
    assert [c[3] for c in lu.courbes[0][2]] == ["a — 2 : 20,0 %", "a — 3 : 50,0 %", "a — 5 : 10,0 %", "a — 10 : 45,0 %"]


def test_un_maximum_impose_fixe_l_echelle() -> None:
    xs = [-3, -1]
    series = {"a": [0.2, 0.5]}
    svg = graphique("T", xs, series, legende_x="x", legende_y="y", maximum_y=1)
    verifier(svg, "T", xs, series, "x", "y", ["0 %", "25 %", "50 %", "75 %", "100 %"])


def test_des_valeurs_toutes_nulles_donnent_une_echelle_de_0_a_100() -> None:
    svg = graphique("T", [1, 2], {"a": [0, 0]}, legende_x="x", legende_y="y")
    verifier(svg, "T", [1, 2], {"a": [0, 0]}, "x", "y", ["0 %", "25 %", "50 %", "75 %", "100 %"])


def test_une_seule_abscisse_se_place_au_bord_gauche() -> None:
    svg = graphique("T", [7], {"a": [0.4]}, legende_x="x", legende_y="y")
    verifier(svg, "T", [7], {"a": [0.4]}, "x", "y", ["0 %", "10 %", "20 %", "30 %", "40 %"])


def test_les_etiquettes_ont_au_plus_trois_decimales() -> None:
    # Un tiers : aucune écriture finie ; un maximum de 0,000004 : quatre décimales en pourcentage.
    svg = graphique("T", [1, 2], {"a": [Fraction(1, 3), 0]}, legende_x="x", legende_y="y")
    assert [g[2] for g in lire(svg).graduations] == ["0,000 %", "8,333 %", "16,667 %", "25,000 %", "33,333 %"]
    svg = graphique("T", [1, 2], {"a": [0.000004, 0]}, legende_x="x", legende_y="y")
    assert [g[2] for g in lire(svg).graduations] == ["0,000 %"] * 5


# Au bruit de calcul près : une graduation (en %) à moins de 1e-9 de son arrondi s'écrit arrondie. Aux bords :
# un maximum de 0,9e-11 donne des graduations sous 1e-9 % (toutes du bruit autour de 0) ; un maximum de
# 1e-11 (le flottant juste au-dessus) met la graduation du haut à 1e-9 % : ce n'est plus du bruit, et aucune
# écriture à trois décimales au plus ne la dit exactement.
BRUIT = [
    (0.9e-11, ["0 %"] * 5),
    (1.0000000000000001e-11, ["0,000 %"] * 5),
]


@pytest.mark.parametrize(("maximum", "etiquettes"), BRUIT)
def test_un_ecart_sous_le_bruit_de_calcul_ne_demande_pas_de_decimale(maximum: float, etiquettes: list[str]) -> None:
    svg = graphique("T", [1, 2], {"a": [maximum, 0]}, legende_x="x", legende_y="y")
    assert [g[2] for g in lire(svg).graduations] == etiquettes


def test_sans_pourcentages_les_valeurs_s_ecrivent_a_la_francaise() -> None:
    xs = [1, 2, 3]
    series = {"rounds": [2.5, 4, 1]}
    svg = graphique("T", xs, series, legende_x="x", legende_y="y", pourcentages=False)
    lu = verifier(svg, "T", xs, series, "x", "y", ["0", "1", "2", "3", "4"])
    assert [c[3] for c in lu.courbes[0][2]] == ["rounds — 1 : 2,5", "rounds — 2 : 4", "rounds — 3 : 1"]


# La mise en page que voit le lecteur : un texte (12 px, la taille du svg) est séparé de ce qu'il désigne par
# une même marge de 6 px, et centré sur lui quand il est à côté (sa ligne de base 4 px sous le centre : les
# chiffres ont environ 8 px de haut). La légende des courbes commence au haut de la zone des courbes, une
# ligne de 18 px (un carré de 12 px et une marge) par courbe, à deux marges de la zone (la dernière étiquette
# d'abscisse, centrée sur le bord droit, déborde à droite).
MARGE, FONTE, SOUS_LE_CENTRE = 6, 12, 4


def test_chaque_texte_est_a_une_marge_de_ce_qu_il_designe() -> None:
    series = {"a": [0.1, 0.2, 0.3], "b": [0.3, 0.2, 0.1], "c": [0.2, 0.2, 0.2]}
    lu = lire(graphique("T", [1, 2, 3], series, legende_x="x", legende_y="y"))
    assert float(lu.svg.get("font-size", "nan")) == FONTE
    bas, haut = lu.graduations[0][0], lu.graduations[-1][0]
    # Les étiquettes des graduations finissent une marge avant l'axe, centrées sur leur ligne.
    etiquettes = [e for e in lu.svg if e.tag == f"{SVG}text" and e.get("text-anchor") == "end"]
    assert len(etiquettes) == len(lu.graduations) == 5
    for etiquette, (y_ligne, y_etiquette, _) in zip(etiquettes, lu.graduations, strict=True):
        assert float(etiquette.get("x", "nan")) == lu.gauche - MARGE
        assert y_etiquette == y_ligne + SOUS_LE_CENTRE
    # Les étiquettes d'abscisse : le haut du texte (ligne de base moins 12 px) une marge sous l'axe.
    for _, y, _ in lu.abscisses[:-1]:
        assert y - FONTE == bas + MARGE
    # La légende des courbes : carrés l'un sous l'autre depuis le haut de la zone, noms centrés sur leur carré.
    for n, (carre, nom) in enumerate(lu.legende):
        x, y, cote = (float(carre.get(a, "nan")) for a in ("x", "y", "width"))
        assert x == lu.droite + 2 * MARGE and y == haut + n * (cote + MARGE)
        assert float(nom.get("x", "nan")) == x + cote + MARGE
        assert float(nom.get("y", "nan")) == y + cote / 2 + SOUS_LE_CENTRE


def test_huit_couleurs_puis_elles_reviennent() -> None:
    series = {f"s{i}": [i / 10, 0.1] for i in range(9)}
    lu = lire(graphique("T", [1, 2], series, legende_x="x", legende_y="y"))
    couleurs = [c[0] for c in lu.courbes]
    assert len(set(couleurs[:8])) == 8 and couleurs[8] == couleurs[0]


def test_les_bornes_des_valeurs_sont_acceptees() -> None:
    for v in (1000, -1000, 1000.0, -1000.0, Fraction(-1000)):
        assert graphique("T", [v, 0], {"a": [1, 1]}, legende_x="x", legende_y="y").startswith("<figure")


REFUS_GRAPHIQUE: list[tuple[dict[str, object], str]] = [
    ({"titre": ""}, "titre doit être un texte non vide (200 caractères au plus), reçu ''"),
    ({"legende_x": 3}, "legende_x doit être un texte non vide (200 caractères au plus), reçu 3"),
    ({"legende_y": " "}, "legende_y doit être un texte non vide (200 caractères au plus), reçu ' '"),
    ({"pourcentages": "oui"}, "pourcentages doit être True ou False, reçu 'oui'"),
    ({"abscisses": "12"}, "abscisses doit être une suite d'au plus 10000 abscisses, reçu '12'"),
    ({"abscisses": []}, "abscisses doit contenir au moins une abscisse, reçu aucune"),
    ({"abscisses": [1, "2"]}, "abscisses[1] doit être un nombre, reçu '2'"),
    ({"abscisses": [1, 1001]}, "abscisses[1] doit être un nombre fini entre -1000 et 1000, reçu 1001"),
    ({"abscisses": [1, -1001]}, "abscisses[1] doit être un nombre fini entre -1000 et 1000, reçu -1001"),
    ({"abscisses": [1, float("nan")]}, "abscisses[1] doit être un nombre fini entre -1000 et 1000, reçu nan"),
    ({"abscisses": [1, -1000.5]}, "abscisses[1] doit être un nombre fini entre -1000 et 1000, reçu -1000.5"),
    ({"abscisses": [1, True]}, "abscisses[1] doit être un nombre, reçu True"),
    ({"series": {}}, "series doit être un dict non vide {nom: valeurs} (32 séries au plus), reçu {}"),
    (
        {"series": [("a", [1, 2])]},
        "series doit être un dict non vide {nom: valeurs} (32 séries au plus), reçu [('a', [1, 2])]",
    ),
    (
        {"series": {"": [1, 2]}},
        "series : chaque nom de série doit être un texte non vide (200 caractères au plus), reçu ''",
    ),
    ({"series": {"a": 5}}, "series.a doit être une suite d'au plus 10000 valeurs, reçu 5"),
    ({"series": {"a": [1]}}, "series.a doit avoir une valeur par abscisse (2), reçu 1"),
    ({"series": {"a": [1, "x"]}}, "series.a doit être un nombre, reçu 'x'"),
    ({"maximum_y": 0}, "maximum_y doit être un nombre > 0 (ou None), reçu 0"),
    ({"maximum_y": "1"}, "maximum_y doit être un nombre, reçu '1'"),
    ({"series": {"a": [-1, -0.5]}}, "series : sans maximum_y, au moins une valeur doit être ≥ 0"),
]


@pytest.mark.parametrize(("change", "message"), REFUS_GRAPHIQUE)
def test_graphique_refuse_en_francais(change: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {
        "titre": "T", "abscisses": [1, 2], "series": {"a": [0.5, 1]}, "legende_x": "x", "legende_y": "y",
    }  # fmt: skip
    arguments.update(change)
    titre, abscisses, series = arguments.pop("titre"), arguments.pop("abscisses"), arguments.pop("series")
    assert refus(lambda: graphique(titre, abscisses, series, **arguments)) == message  # type: ignore[arg-type]


def test_trente_deux_series_au_plus_et_un_maximum_petit_mais_positif() -> None:
    series = {f"s{i}": [0.5, 1] for i in range(32)}
    assert graphique("T", [1, 2], series, legende_x="x", legende_y="y").count("<polyline") == 32
    series["s32"] = [0.5, 1]
    assert refus(lambda: graphique("T", [1, 2], series, legende_x="x", legende_y="y")).startswith(
        "series doit être un dict non vide {nom: valeurs} (32 séries au plus), reçu {"
    )
    assert graphique("T", [1, 2], {"a": [0.5, 1]}, legende_x="x", legende_y="y", maximum_y=0.5).count("<circle") == 2
    sans_positif = graphique("T", [1, 2], {"a": [0, -0.5]}, legende_x="x", legende_y="y")
    assert [g[2] for g in lire(sans_positif).graduations] == ["0 %", "25 %", "50 %", "75 %", "100 %"]


# ---------------------------------------------------------------- la règle d'arrondi


def _exact(x: Fraction, decimales: int) -> str:
    """L'arrondi demi vers le haut (loin de zéro) calculé par le module decimal, sur 80 chiffres."""
    with localcontext() as ctx:
        ctx.prec = 80
        valeur = Decimal(x.numerator) / Decimal(x.denominator)
        texte = str(valeur.quantize(Decimal(1).scaleb(-decimales), rounding=ROUND_HALF_UP))
    texte = texte.replace(".", ",")
    return MOINS + texte[1:] if texte.startswith("-") and texte.strip("-0,") else texte.lstrip("-")


fractions_ = st.one_of(
    st.fractions(min_value=-1000, max_value=1000, max_denominator=10**6),
    # les moitiés exactes (x,…5), là où les arrondis diffèrent : rares parmi des fractions au hasard
    st.builds(lambda n, d: Fraction(2 * n + 1, 2 * 10**d), st.integers(-(10**4), 10**4), st.integers(0, 4)),
)


@given(fractions_, st.integers(min_value=0, max_value=4))
def test_arrondi_est_l_arrondi_exact_demi_vers_le_haut(x: Fraction, decimales: int) -> None:
    assert arrondi(x, decimales) == _exact(x, decimales)


@given(st.integers(min_value=-(10**5), max_value=10**5), st.integers(min_value=0, max_value=3))
def test_une_moitie_exacte_s_arrondit_en_s_eloignant_de_zero(n: int, decimales: int) -> None:
    """x,…5 exactement : toujours vers le haut en valeur absolue (jamais « au pair » comme format())."""
    x = Fraction(2 * n + 1, 2 * 10**decimales)
    attendu = Fraction(n + 1 if n >= 0 else n, 10**decimales)
    assert arrondi(x, decimales) == arrondi(attendu, decimales)


@pytest.mark.parametrize(
    ("x", "decimales", "texte"),
    [
        (Fraction(125, 2), 0, "63"),  # 62,5 % de l'aide-mémoire (il écrivait 62 %)
        (Fraction(175, 2), 0, "88"),
        (Fraction(45, 2), 0, "23"),
        (Fraction(95, 100), 1, "1,0"),  # « 0,95 % » d'un tableau devenait « 0,9 % » dans sa phrase
        (Fraction(800, 27), 1, "29,6"),  # au moins une spéciale au seuil 12 (8/27)
        (Fraction(-5, 2), 0, "−3"),
        (Fraction(-1, 1000), 1, "0,0"),
        (0.95, 1, "1,0"),  # un flottant : le décimal qu'il écrit
    ],
)
def test_arrondi_les_cas_de_l_issue(x: Fraction | float, decimales: int, texte: str) -> None:
    assert arrondi(x, decimales) == texte


@pytest.mark.parametrize(
    ("valeur", "decimales", "message"),
    [
        ("1", 0, "valeur doit être un nombre"),
        (True, 0, "valeur doit être un nombre"),
        (float("nan"), 0, "valeur doit être un nombre fini"),
        (Fraction(1, 2), 7, "decimales"),
        (Fraction(1, 2), -1, "decimales"),
    ],
)
def test_arrondi_refuse_ce_qui_n_est_pas_un_nombre(valeur: object, decimales: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arrondi(valeur, decimales)  # type: ignore[arg-type]


def test_moins_ecrit_le_signe_moins_devant_un_chiffre_seulement() -> None:
    assert moins(-3) == "−3" and moins("-1 à -3") == "−1 à −3" and moins("+2d") == "+2d"
    assert moins("contre-attaque") == "contre-attaque" and moins("page-2") == "page-2"
    assert tableau(["-1d"], [[-2]]).splitlines() == ["| −1d |", "| --- |", "| −2 |"]


# --- Les entiers de toute taille -----------------------------------------------------------------
# `str` refuse, en anglais, un entier de plus de 4 300 chiffres (« Exceeds the limit (4300 digits) for integer
# string conversion ») : hypothesis l'a trouvé sur `moins(10**5000)`. Chaque écriture d'un nombre de
# `rules._francais` et `rules.affichage` l'écrit quelle que soit sa taille ; l'oracle est l'écriture de
# Python elle-même, limite levée le temps de la calculer.


@contextmanager
def _limite_de_chiffres(n: int) -> Iterator[None]:
    """`sys.set_int_max_str_digits(n)` le temps du bloc (0 : sans limite), puis la limite d'avant."""
    avant = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(n)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(avant)


def _python(n: int) -> str:
    """Ce qu'écrit `str(n)` sans limite, le signe moins typographique à la place du trait d'union."""
    with _limite_de_chiffres(0):
        return str(n).replace("-", MOINS)


CHIFFRES_MAX = 12_000

enormes = st.one_of(
    # une tête, des zéros, une queue : les zéros tombent au milieu, là où l'écriture en deux moitiés se recoud
    st.builds(
        lambda tete, k, queue: tete * 10**k + queue,
        st.integers(-(10**30), 10**30),
        st.integers(0, CHIFFRES_MAX),
        st.integers(0, 10**30),
    ),
    # des chiffres denses sur toute la longueur
    st.builds(lambda a, k: a * 7**k, st.integers(-(10**6), 10**6).filter(bool), st.integers(0, CHIFFRES_MAX)),
    st.integers(),
)
"""Des entiers de toute taille, jusqu'à une dizaine de milliers de chiffres, avec leur signe."""


@given(enormes, st.sampled_from([None, 640, 1000]))
def test_chaque_entier_s_ecrit_en_entier_quelle_que_soit_sa_taille(n: int, limite: int | None) -> None:
    """Sous la limite de Python (4 300) ou une plus basse (640, la plus basse permise) : mêmes chiffres."""
    attendu = _python(n)
    with _limite_de_chiffres(limite or sys.get_int_max_str_digits()):
        assert moins(n) == _francais.entier(n) == attendu
        assert _francais.signe(n) == (attendu if n < 0 else "+" + attendu)
        assert _francais.pluriel(n, "dé") == f"{attendu} dé{'s' if n > 1 else ''}"
        assert _francais.nombre(Fraction(n)) == attendu
        assert moins(Fraction(n, 3)) == _python(Fraction(n, 3).numerator) + ("" if n % 3 == 0 else "/3")
        if n > 20:  # sous 5 %, « 1 chance sur N », les milliers de N séparés d'une espace fine insécable
            tete = len(attendu) % 3 or 3
            groupes = [attendu[:tete], *(attendu[i : i + 3] for i in range(tete, len(attendu), 3))]
            assert pourcentage(Fraction(1, n)) == "1 chance sur " + "\u202f".join(groupes)
        assert tableau(["n"], [[n]]).splitlines()[2] == f"| {attendu} |"


def test_la_limite_de_python_est_bien_franchie() -> None:
    """Le témoin de la propriété : sans l'écriture en deux moitiés, ces entiers-là ne s'écrivent pas."""
    with pytest.raises(ValueError, match="Exceeds the limit"):
        str(10**5000)
    assert moins(10**5000) == "1" + "0" * 5000 and moins(-(7**9000))[0] == MOINS


decimaux = st.one_of(
    st.fractions(max_denominator=10**6),
    # ceux qui tombent juste, de 1 à 20 chiffres : autour de la borne des 17 chiffres
    st.builds(
        lambda n, a, b: Fraction(n, 2**a * 5**b), st.integers(-(10**20), 10**20), st.integers(0, 30), st.integers(0, 30)
    ),
)


@given(decimaux, st.integers(0, 12))
def test_nombre_ecrit_un_decimal_exact_ou_une_fraction(x: Fraction, echelle: int) -> None:
    """`nombre` : décimal quand il tombe juste en 17 chiffres au plus, sinon fraction ; le texte redonne x."""
    x = x / 10**echelle
    texte = _francais.nombre(x)
    assert "e" not in texte and "-" not in texte  # ni « 9,5e-07 », ni trait d'union
    assert Fraction(texte.replace(MOINS, "-").replace(",", ".")) == x
    # Tombe juste : le dénominateur divise une puissance de 10 (10**k, le plus petit k), en 17 chiffres au plus.
    k = next((k for k in range(80) if 10**k % x.denominator == 0), None)
    decimal = k is not None and (x.denominator == 1 or len(str(abs(x.numerator) * 10**k // x.denominator)) <= 17)
    assert ("/" in texte) != decimal
