"""Mise en forme des chances pour le lecteur : pourcentages français, tableaux, graphiques.

Rien ici n'applique une règle : ce module écrit, pour les pages du site, les
cellules du navigateur et le calculateur, ce que calculent les modules de
règles. Comme tout le paquet, il n'utilise que la bibliothèque standard (les
graphiques sont des SVG autonomes, sans bibliothèque ni réseau).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from rules import _francais, _valider
from rules.refus import PROPOS, Lieu, Refus

__all__ = [
    "MOINS",
    "PETITE_CHANCE",
    "PRESQUE_SUR",
    "arrondi",
    "chance",
    "fois",
    "graphique",
    "moins",
    "pourcentage",
    "signe",
    "tableau",
]

ARRONDI_MAX = 10**15
"""Le plus grand nombre qu'écrit `arrondi` (exclu) : au-delà, aucune page n'en a besoin, et l'écriture d'un entier
de 5 000 chiffres échouerait."""

MOINS = _francais.MOINS
"""Le signe moins typographique (−), celui des pages : le trait d'union ASCII (-) n'en est pas un (décidé dans
`rules._francais`)."""


def arrondi(valeur: Fraction | int | float, decimales: int = 0) -> str:
    """**La règle d'arrondi du site**, écrite une fois : au plus proche, une moitié exacte vers le haut.

    Le calcul est exact (sur `Fraction`) : 62,5 s'arrondit à 63 comme 87,5 à 88
    (l'écriture des flottants arrondit une moitié au chiffre pair, ou tombe à côté :
    0,95 y devient 0,9). Une moitié négative s'éloigne de zéro, écrite avec le
    signe moins typographique ([`MOINS`][rules.affichage.MOINS]). Un flottant
    est pris pour le décimal qu'il écrit (`0.95` pour 0,95). Chaque chance du
    site passe par ici, au dixième de pour cent, par la règle de
    [`chance`][rules.affichage.chance] ; les autres nombres (une moyenne, un
    nombre de tours) s'arrondissent ici à la précision qu'on leur donne.

    Examples:
        >>> arrondi(Fraction(125, 2)), arrondi(Fraction(175, 2)), arrondi(Fraction(45, 2))
        ('63', '88', '23')
        >>> arrondi(Fraction(95, 100), 1), arrondi(0.95, 1), arrondi(Fraction(-5, 2))
        ('1,0', '1,0', '−3')
        >>> arrondi(Fraction(1, 3), 2), arrondi(2, 1), arrondi(Fraction(-1, 100), 1)
        ('0,33', '2,0', '0,0')
    """
    if isinstance(valeur, bool) or not isinstance(valeur, Fraction | int | float):
        raise Refus("valeur", "être un nombre (Fraction, entier ou flottant)", recu=valeur)
    if isinstance(valeur, float) and not math.isfinite(valeur):
        raise Refus("valeur", "être un nombre fini", recu=valeur)
    _valider.entier("decimales", decimales, minimum=0, maximum=6)
    exacte = Fraction(repr(valeur)) if isinstance(valeur, float) else Fraction(valeur)
    if abs(exacte) >= ARRONDI_MAX:
        raise Refus(
            "valeur",
            f"être un nombre fini d'au plus {len(str(ARRONDI_MAX)) - 1} chiffres avant la virgule",
            recu=valeur,
        )
    unites = math.floor(abs(exacte) * 10**decimales + Fraction(1, 2))
    chiffres = str(unites).rjust(decimales + 1, "0")
    texte = chiffres[: len(chiffres) - decimales] + ("," + chiffres[-decimales:] if decimales else "")
    return (MOINS if exacte < 0 and unites else "") + texte


PETITE_CHANCE = Fraction(1, 20)
"""Sous cette chance (un vingtième), une chance se dit « 1 sur N » : un pourcentage au dixième y dirait trop peu."""

PRESQUE_SUR = Fraction(999, 1000)
"""Au-dessus de 99,9 % sans être certaine, une chance s'écrit « > 99,9 % » : « 100 % » est réservé au certain."""


def _probabilite(p: object) -> Fraction:
    if isinstance(p, bool) or not isinstance(p, Fraction | int) or not 0 <= p <= 1:
        raise Refus("p", "être une probabilité (Fraction ou entier entre 0 et 1)", recu=p)
    return Fraction(p)


def _pour_cent(p: Fraction) -> str:
    """Une chance nulle, certaine ou d'au moins `PETITE_CHANCE`, en pour cent au dixième (la règle d'`arrondi`)."""
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    if p > PRESQUE_SUR:
        return f"> {arrondi(PRESQUE_SUR * 100, 1)} %"
    return f"{arrondi(p * 100, 1)} %"


def _un_sur(p: Fraction) -> tuple[bool, str]:
    """Pour une petite chance : 1/p est-il entier, et N (l'entier le plus proche de 1/p, une moitié vers le haut)."""
    inverse = 1 / p
    n = math.floor(inverse + Fraction(1, 2))
    return inverse.denominator == 1, _milliers(n)


def _milliers(n: int) -> str:
    """Un entier positif avec ses milliers séparés par une espace fine insécable : « 46 656 »."""
    chiffres = _francais.entier(n)  # quelle que soit sa taille (`format` refuse au-delà de 4 300 chiffres)
    tete = len(chiffres) % 3 or 3
    return "\u202f".join([chiffres[:tete], *(chiffres[i : i + 3] for i in range(tete, len(chiffres), 3))])


def chance(p: Fraction) -> str:
    """**La règle d'écriture d'une chance**, dans une case de tableau : « 62,5 % », « 1 sur 72 », « ≈ 1 sur 166 ».

    Une chance s'écrit en pour cent **au dixième**, arrondie au plus proche depuis
    la fraction exacte, une moitié exacte vers le haut ([`arrondi`][rules.affichage.arrondi]) ;
    « 0 % » et « 100 % » sont réservés à l'impossible et au certain, et une chance
    au-dessus de 99,9 % qui n'est pas certaine s'écrit « > 99,9 % ». Sous
    [`PETITE_CHANCE`][rules.affichage.PETITE_CHANCE] (un vingtième), un pourcentage au
    dixième dirait trop peu : la case dit « 1 sur N », et « ≈ 1 sur N » quand
    1/p n'est pas entier (N est alors l'entier le plus proche). Dans une phrase,
    la même chance s'écrit avec [`pourcentage`][rules.affichage.pourcentage]
    (« 1 chance sur N ») ou [`fois`][rules.affichage.fois] (« 1 fois sur N ») :
    trois tournures, une seule règle. Il n'y en a pas d'autre sur le site.

    Examples:
        >>> chance(Fraction(5, 8)), chance(Fraction(1, 20)), chance(Fraction(1, 72)), chance(Fraction(7, 500))
        ('62,5 %', '5,0 %', '1 sur 72', '≈ 1 sur 71')

        Une moitié exacte s'arrondit vers le haut, calculée sur la fraction : 1/16 s'écrit 6,3 %, et 349/400
        87,3 %. Les milliers de N sont séparés d'une espace fine insécable.

        >>> chance(Fraction(1, 16)), chance(Fraction(349, 400)), chance(Fraction(1999, 2000))
        ('6,3 %', '87,3 %', '> 99,9 %')
        >>> chance(Fraction(0)), chance(Fraction(1)), chance(Fraction(999, 1000)), chance(Fraction(1, 46656))
        ('0 %', '100 %', '99,9 %', '1 sur 46\\u202f656')
        >>> chance(Fraction(3, 2))
        Traceback (most recent call last):
        ...
        rules.refus.Refus: p doit être une probabilité (Fraction ou entier entre 0 et 1), reçu Fraction(3, 2)
    """
    p = _probabilite(p)
    if 0 < p < PETITE_CHANCE:
        exact, n = _un_sur(p)
        return f"1 sur {n}" if exact else f"≈ 1 sur {n}"
    return _pour_cent(p)


def pourcentage(p: Fraction) -> str:
    """La même chance qu'en case ([`chance`][rules.affichage.chance]), dite dans une phrase : « 1 chance sur N ».

    « réussite : 62,5 % », « esquive : 1 chance sur 72 de reprendre
    l'initiative », « environ 1 chance sur 166 » quand 1/p n'est pas entier.

    Examples:
        >>> pourcentage(Fraction(5, 8)), pourcentage(Fraction(1, 72)), pourcentage(Fraction(7, 500))
        ('62,5 %', '1 chance sur 72', 'environ 1 chance sur 71')
        >>> pourcentage(Fraction(0)), pourcentage(1), pourcentage(1 - Fraction(1, 10**6))
        ('0 %', '100 %', '> 99,9 %')
    """
    p = _probabilite(p)
    if 0 < p < PETITE_CHANCE:
        exact, n = _un_sur(p)
        return f"1 chance sur {n}" if exact else f"environ 1 chance sur {n}"
    return _pour_cent(p)


def fois(p: Fraction) -> str:
    """La même chance, dite comme une fréquence : « Ada réussit 62,5 % des fois », « … 1 fois sur 72 ».

    La règle de [`chance`][rules.affichage.chance], à la place de « X des fois » d'une phrase.

    Examples:
        >>> fois(Fraction(5, 8)), fois(Fraction(1, 72)), fois(Fraction(1, 166)), fois(Fraction(7, 500))
        ('62,5 % des fois', '1 fois sur 72', '1 fois sur 166', 'environ 1 fois sur 71')
        >>> fois(Fraction(0)), fois(Fraction(1))
        ('0 % des fois', '100 % des fois')
    """
    p = _probabilite(p)
    if 0 < p < PETITE_CHANCE:
        exact, n = _un_sur(p)
        return f"1 fois sur {n}" if exact else f"environ 1 fois sur {n}"
    return f"{_pour_cent(p)} des fois"


def tableau(
    entetes: Sequence[str], lignes: Iterable[Sequence[object]], *, legende: str | None = None, empilable: bool = False
) -> str:
    """Un tableau Markdown, précédé de sa légende si elle est donnée.

    Un nombre négatif d'une cellule ou d'un en-tête s'écrit avec le signe moins ([`moins`][rules.affichage.moins]).

    La légende est un paragraphe (classe `legende`) : elle reste lisible à
    l'impression et en texte, là où le titre d'un onglet disparaît.

    Examples:
        >>> print(tableau(["Trait", "Seuil"], [[1, 3], [2, 6]]))
        | Trait | Seuil |
        | --- | --- |
        | 1 | 3 |
        | 2 | 6 |
        >>> print(tableau(["Malus", "-1d"], [[-2, "de -1 à -3"]]))
        | Malus | −1d |
        | --- | --- |
        | −2 | de −1 à −3 |
        >>> print(tableau(["Trait", "Seuil"], [[1, 3]], legende="le seuil de chaque Trait."))
        Tableau : le seuil de chaque Trait.
        {: .legende }
        <BLANKLINE>
        | Trait | Seuil |
        | --- | --- |
        | 1 | 3 |

        `empilable` : sur un téléphone, chaque ligne devient un bloc, chaque case précédée du nom de sa colonne
        (`docs/stylesheets/joueurs.css`) ; un tableau large s'y lit sans défiler, et s'imprime tel quel. Le nom
        est dans la case, caché ailleurs ; l'en-tête d'un coin (« Attaquant \\ Défenseur ») nomme la ligne et
        la colonne.

        >>> print(tableau(["Trait \\\\ Bonus", "+1d"], [["3d", "82,5 %"]], empilable=True))
        <div class="tableau-empilable" markdown>
        <BLANKLINE>
        | Trait \\ Bonus | +1d |
        | --- | --- |
        | <span class="tableau-colonne">Trait </span>3d | <span class="tableau-colonne">Bonus +1d : </span>82,5 % |
        <BLANKLINE>
        </div>
    """
    entetes = _valider.suite("entetes", entetes, maximum=_valider.LIGNES_MAX, quoi="en-têtes")
    for i, entete in enumerate(entetes):
        if not isinstance(entete, str):
            raise Refus([("entetes", i)], "être un texte", recu=entete)
    lignes = _valider.suite("lignes", lignes, maximum=_valider.LIGNES_MAX, quoi="lignes")
    for i, ligne in enumerate(lignes):
        _valider.suite(("lignes", i), ligne, maximum=_valider.LIGNES_MAX, quoi="cellules")
    sortie = ["| " + " | ".join(moins(e) for e in entetes) + " |", "| " + " | ".join("---" for _ in entetes) + " |"]
    if legende is not None:
        _valider.texte("legende", legende)
        sortie = [f"Tableau : {legende}", "{: .legende }", "", *sortie]
    _valider.booleen("empilable", empilable)
    noms = _noms_des_colonnes(entetes) if empilable else [""] * len(entetes)
    sortie += ["| " + " | ".join(n + moins(c) for n, c in zip(noms, ligne, strict=False)) + " |" for ligne in lignes]
    if empilable:
        sortie = ['<div class="tableau-empilable" markdown>', "", *sortie, "", "</div>"]
    return "\n".join(sortie)


def _noms_des_colonnes(entetes: Sequence[str]) -> list[str]:
    """Le nom que porte chaque case d'un tableau empilable (caché hors d'un téléphone) : celui de sa colonne ; pour
    un en-tête de coin (« Ligne \\\\ Colonne »), la ligne dans la première case, « Colonne X » dans les autres."""
    ligne, coin, colonne = (moins(e).strip() for e in entetes[0].replace("\\\\", "\\").partition("\\"))
    noms = [f"{ligne} " if coin else f"{ligne} : "]
    noms += [f"{colonne} {moins(e)} : " if coin else f"{moins(e)} : " for e in entetes[1:]]
    return [f'<span class="tableau-colonne">{html.escape(n, quote=False)}</span>' for n in noms]


def moins(valeur: object) -> str:
    """Le texte d'une valeur pour le lecteur, un nombre négatif écrit avec le signe moins (−).

    La règle est celle de `rules._francais.moins` : le signe du lecteur est décidé là, une fois.

    Examples:
        >>> moins(-3), moins("-4d"), moins("de -1 à -3"), moins("+2"), moins("page-2"), moins(7)
        ('−3', '−4d', 'de −1 à −3', '+2', 'page-2', '7')

        Un entier s'écrit quelle que soit sa taille, en français (`str` refuse, en anglais, au-delà de
        4 300 chiffres) :

        >>> ecrit = moins(-(10**5000))
        >>> len(ecrit), ecrit[:4], set(ecrit[1:]) == {"0", "1"}
        (5002, '−100', True)
    """
    return _francais.moins(valeur)


def signe(n: int) -> str:
    """Un entier avec son signe, pour le lecteur (un modificateur, un malus) : « +2 », « −3 », « +0 ».

    Le signe est celui de `rules._francais.signe`, décidé là une fois pour tout le paquet.

    Examples:
        >>> signe(2), signe(-3), signe(0)
        ('+2', '−3', '+0')
    """
    return _francais.signe(_valider.entier("n", n))


_COULEURS = ("#3f51b5", "#ff5722", "#009688", "#9c27b0", "#795548", "#607d8b", "#e91e63", "#8bc34a")


def _reel(lieu: Lieu, valeur: object) -> float:
    """Un nombre fini (entier, Fraction ou flottant), borné par `VALEUR_MAX`."""
    borne = f"être un nombre fini entre -{_valider.VALEUR_MAX} et {_valider.VALEUR_MAX}"
    if isinstance(valeur, bool) or not isinstance(valeur, int | float | Fraction):
        raise Refus([lieu], "être un nombre", recu=valeur)
    if isinstance(valeur, int | Fraction) and abs(Fraction(valeur)) > _valider.VALEUR_MAX:  # float() déborderait
        raise Refus([lieu], borne, recu=valeur)
    x = float(valeur)
    if not -_valider.VALEUR_MAX <= x <= _valider.VALEUR_MAX:  # NaN et infinis compris
        raise Refus([lieu], borne, recu=valeur)
    return x


def _valider_graphique(
    titre: object,
    abscisses: object,
    series: object,
    legende_x: object,
    legende_y: object,
    maximum_y: object,
    pourcentages: object,
) -> tuple[list[float], dict[str, Sequence[float]], float | None]:
    for nom, valeur in (("titre", titre), ("legende_x", legende_x), ("legende_y", legende_y)):
        _valider.texte(nom, valeur)
    _valider.booleen("pourcentages", pourcentages)
    xs = [
        _reel(("abscisses", i), x)
        for i, x in enumerate(_valider.suite("abscisses", abscisses, maximum=_valider.LIGNES_MAX, quoi="abscisses"))
    ]
    if not xs:
        raise Refus("abscisses", "contenir au moins une abscisse", recu_ecrit="aucune")
    if not isinstance(series, dict) or not series or len(series) > len(_COULEURS) * 4:
        raise Refus(
            "series", f"être un dict non vide {{nom: valeurs}} ({len(_COULEURS) * 4} séries au plus)", recu=series
        )
    lues: dict[str, Sequence[float]] = {}
    for nom, valeurs in series.items():
        try:
            _valider.texte("series", nom)
        except Refus as refus:  # le nom d'une série : une clé du dict `series`
            raise Refus(
                "series", f"chaque nom de série doit {refus.permis}", recu_ecrit=refus.recu, forme=PROPOS
            ) from None
        ys = _valider.suite(("series", nom), valeurs, maximum=_valider.LIGNES_MAX, quoi="valeurs")
        if len(ys) != len(xs):
            raise Refus([("series", nom)], f"avoir une valeur par abscisse ({len(xs)})", recu=len(ys))
        lues[nom] = [_reel(("series", nom), y) for y in ys]
    haut = None
    if maximum_y is not None:
        haut = _reel(("maximum_y",), maximum_y)
        if haut <= 0:
            raise Refus("maximum_y", "être un nombre > 0 (ou None)", recu=maximum_y)
    elif max(max(ys) for ys in lues.values()) < 0:
        raise Refus("series", "sans maximum_y, au moins une valeur doit être ≥ 0", forme=PROPOS)
    return xs, lues, haut


def _etiquettes(ymax: float, pourcentages: bool) -> Callable[[float], str]:
    """L'étiquette d'une valeur de l'axe des ordonnées : le moins de décimales qui écrive exactement
    chaque graduation (0, ¼, ½, ¾ de l'échelle), en pourcentage ou en nombre."""
    graduations = [ymax * i / 4 * 100 for i in range(5)]
    decimales = next((d for d in range(4) if all(abs(round(g, d) - g) < 1e-9 for g in graduations)), 3)

    def etiquette(y: float) -> str:
        if pourcentages:
            return f"{arrondi(y * 100, decimales)} %"
        return moins(f"{y:g}".replace(".", ","))

    return etiquette


def _axes(
    xs: list[float],
    ymax: float,
    px: Callable[[float], float],
    py: Callable[[float], float],
    etiquette: Callable[[float], str],
    legende_x: str,
    legende_y: str,
) -> list[str]:
    """Les graduations, les abscisses et les légendes des deux axes du graphique."""
    largeur, hauteur = _TAILLE
    g, d, h, b = _MARGES
    morceaux = []
    for i in range(5):
        y = ymax * i / 4
        morceaux.append(
            f'<line x1="{g}" x2="{largeur - d}" y1="{py(y):.1f}" y2="{py(y):.1f}" '
            'stroke="currentColor" stroke-opacity="0.15"/>'
            f'<text x="{g - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{etiquette(y)}</text>'
        )
    for x in xs:
        morceaux.append(
            f'<text x="{px(x):.1f}" y="{hauteur - b + 18}" text-anchor="middle">{moins(format(x, "g"))}</text>'
        )
    morceaux.append(
        f'<text x="{(g + largeur - d) / 2}" y="{hauteur - 8}" text-anchor="middle">{html.escape(legende_x)}</text>'
        f'<text x="14" y="{(h + hauteur - b) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(h + hauteur - b) / 2})">{html.escape(legende_y)}</text>'
    )
    return morceaux


def _infobulle(donnee: float | Fraction) -> str | None:
    """L'infobulle d'un point de probabilité : la chance écrite par la règle ([`chance`][rules.affichage.chance]),
    exacte si le point est donné en `Fraction` (un flottant est pris pour le décimal qu'il écrit) ; None hors de [0, 1]."""
    exacte = Fraction(repr(donnee)) if isinstance(donnee, float) else Fraction(donnee)
    return chance(exacte) if 0 <= exacte <= 1 else None


_TAILLE = (640, 320)
"""Largeur et hauteur du graphique (le SVG s'adapte ensuite à son cadre)."""
_MARGES = (60, 150, 30, 50)
"""Marges gauche, droite (la légende des séries), haute et basse."""


def graphique(
    titre: str,
    abscisses: Sequence[float],
    series: dict[str, Sequence[float | Fraction]],
    *,
    legende_x: str,
    legende_y: str,
    maximum_y: float | None = None,
    pourcentages: bool = True,
) -> str:
    """Un graphique en courbes, en SVG autonome (aucune bibliothèque, aucun réseau).

    Le texte suit la couleur du thème (clair ou sombre) via `currentColor`.
    Chaque point porte une infobulle avec sa valeur : une chance (`pourcentages`)
    y est écrite comme dans un tableau ([`chance`][rules.affichage.chance]),
    exacte si on la donne en `Fraction`.

    Examples:
        >>> svg = graphique("Essai", [1, 2], {"a": [0.2, 0.8]}, legende_x="x", legende_y="p")
        >>> svg.startswith("<figure") and "<svg" in svg and "Essai" in svg
        True
    """
    abscisses, lues, maximum_y = _valider_graphique(
        titre, abscisses, series, legende_x, legende_y, maximum_y, pourcentages
    )
    largeur, hauteur = _TAILLE
    g, d, h, b = _MARGES
    xs = [float(x) for x in abscisses]
    ymax = maximum_y if maximum_y is not None else max(max(s) for s in lues.values()) or 1.0
    xmin, xmax = min(xs), max(xs)
    etendue = (xmax - xmin) or 1.0

    def px(x: float) -> float:
        return g + (x - xmin) / etendue * (largeur - g - d)

    def py(y: float) -> float:
        return hauteur - b - y / ymax * (hauteur - h - b)

    etiquette = _etiquettes(ymax, pourcentages)
    morceaux = [
        f'<figure class="graphique"><svg width="{largeur}" height="{hauteur}" viewBox="0 0 {largeur} {hauteur}" role="img" '
        f'aria-label="{html.escape(titre)}" xmlns="http://www.w3.org/2000/svg" '
        'style="max-width:100%;height:auto;color:inherit" font-size="12" fill="currentColor">',
        f"<title>{html.escape(titre)}</title>",
        *_axes(xs, ymax, px, py, etiquette, legende_x, legende_y),
    ]
    for n, (nom, valeurs) in enumerate(lues.items()):
        couleur = _COULEURS[n % len(_COULEURS)]
        points = " ".join(f"{px(x):.1f},{py(float(y)):.1f}" for x, y in zip(xs, valeurs, strict=True))
        morceaux.append(f'<polyline fill="none" stroke="{couleur}" stroke-width="2" points="{points}"/>')
        for x, y, donnee in zip(xs, valeurs, series[nom], strict=True):
            valeur = _infobulle(donnee) if pourcentages else None
            morceaux.append(
                f'<circle cx="{px(x):.1f}" cy="{py(float(y)):.1f}" r="3" fill="{couleur}">'
                f"<title>{html.escape(nom)} — {moins(format(x, 'g'))} : {valeur or etiquette(float(y))}</title></circle>"
            )
        ly = h + 18 * n
        morceaux.append(
            f'<rect x="{largeur - d + 12}" y="{ly}" width="12" height="12" fill="{couleur}"/>'
            f'<text x="{largeur - d + 30}" y="{ly + 10}">{html.escape(nom)}</text>'
        )
    morceaux.append(f"</svg><figcaption>{html.escape(titre)}</figcaption></figure>")
    return "".join(morceaux)
