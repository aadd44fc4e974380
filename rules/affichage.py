"""Mise en forme des chances pour le lecteur : pourcentages français, tableaux, graphiques.

Rien ici n'applique une règle : ce module écrit, pour les pages du site, les
cellules du navigateur et le calculateur, ce que calculent les modules de
règles. Comme tout le paquet, il n'utilise que la bibliothèque standard (les
graphiques sont des SVG autonomes, sans bibliothèque ni réseau).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

from rules._francais import decimal

__all__ = ["graphique", "pourcentage", "tableau"]


def pourcentage(p: Fraction, decimales: int = 1) -> str:
    """Une probabilité exacte écrite en pourcentage français.

    Examples:
        >>> pourcentage(Fraction(5, 8))
        '62,5 %'
        >>> pourcentage(Fraction(1, 216), 2)
        '0,46 %'
        >>> pourcentage(Fraction(0))
        '0 %'

        Une chance non nulle n'est jamais affichée « 0,0 % », ni une chance
        incomplète « 100,0 % » :

        >>> pourcentage(Fraction(1, 10**6)), pourcentage(1 - Fraction(1, 10**6))
        ('< 0,1 %', '> 99,9 %')
    """
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    pas = 10.0**-decimales
    if p * 100 < pas:
        return f"< {decimal(pas, decimales)} %"
    if p * 100 > 100 - pas:
        return f"> {decimal(100 - pas, decimales)} %"
    return f"{decimal(float(p) * 100, decimales)} %"


def tableau(entetes: Sequence[str], lignes: Iterable[Sequence[object]]) -> str:
    """Un tableau Markdown.

    Examples:
        >>> print(tableau(["Trait", "Seuil"], [[1, 3], [2, 6]]))
        | Trait | Seuil |
        | --- | --- |
        | 1 | 3 |
        | 2 | 6 |
    """
    sortie = ["| " + " | ".join(entetes) + " |", "| " + " | ".join("---" for _ in entetes) + " |"]
    sortie += ["| " + " | ".join(str(c) for c in ligne) + " |" for ligne in lignes]
    return "\n".join(sortie)


_COULEURS = ("#3f51b5", "#ff5722", "#009688", "#9c27b0", "#795548", "#607d8b", "#e91e63", "#8bc34a")


def graphique(
    titre: str,
    abscisses: Sequence[float],
    series: dict[str, Sequence[float]],
    *,
    legende_x: str,
    legende_y: str,
    maximum_y: float | None = None,
    pourcentages: bool = True,
) -> str:
    """Un graphique en courbes, en SVG autonome (aucune bibliothèque, aucun réseau).

    Le texte suit la couleur du thème (clair ou sombre) via `currentColor`.
    Chaque point porte une infobulle avec sa valeur exacte arrondie.

    Examples:
        >>> svg = graphique("Essai", [1, 2], {"a": [0.2, 0.8]}, legende_x="x", legende_y="p")
        >>> svg.startswith("<figure") and "<svg" in svg and "Essai" in svg
        True
    """
    largeur, hauteur = 640, 320
    g, d, h, b = 60, 150, 30, 50
    xs = [float(x) for x in abscisses]
    ymax = maximum_y if maximum_y is not None else max(max(s) for s in series.values()) or 1.0
    xmin, xmax = min(xs), max(xs)
    etendue = (xmax - xmin) or 1.0

    def px(x: float) -> float:
        return g + (x - xmin) / etendue * (largeur - g - d)

    def py(y: float) -> float:
        return hauteur - b - y / ymax * (hauteur - h - b)

    # Le moins de décimales qui écrive exactement chaque graduation (0, ¼, ½, ¾ de l'échelle).
    graduations = [ymax * i / 4 * 100 for i in range(5)]
    decimales = next((d for d in range(4) if all(abs(round(g, d) - g) < 1e-9 for g in graduations)), 3)

    def etiquette(y: float) -> str:
        if pourcentages:
            return f"{decimal(y * 100, decimales)} %"
        return f"{y:g}".replace(".", ",")

    morceaux = [
        f'<figure class="graphique"><svg width="{largeur}" height="{hauteur}" viewBox="0 0 {largeur} {hauteur}" role="img" '
        f'aria-label="{html.escape(titre)}" xmlns="http://www.w3.org/2000/svg" '
        'style="max-width:100%;height:auto;color:inherit" font-size="12" fill="currentColor">',
        f"<title>{html.escape(titre)}</title>",
    ]
    for i in range(5):
        y = ymax * i / 4
        morceaux.append(
            f'<line x1="{g}" x2="{largeur - d}" y1="{py(y):.1f}" y2="{py(y):.1f}" '
            'stroke="currentColor" stroke-opacity="0.15"/>'
            f'<text x="{g - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{etiquette(y)}</text>'
        )
    for x in xs:
        morceaux.append(f'<text x="{px(x):.1f}" y="{hauteur - b + 18}" text-anchor="middle">{x:g}</text>')
    morceaux.append(
        f'<text x="{(g + largeur - d) / 2}" y="{hauteur - 8}" text-anchor="middle">{html.escape(legende_x)}</text>'
        f'<text x="14" y="{(h + hauteur - b) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(h + hauteur - b) / 2})">{html.escape(legende_y)}</text>'
    )
    for n, (nom, valeurs) in enumerate(series.items()):
        couleur = _COULEURS[n % len(_COULEURS)]
        points = " ".join(f"{px(x):.1f},{py(float(y)):.1f}" for x, y in zip(xs, valeurs, strict=True))
        morceaux.append(f'<polyline fill="none" stroke="{couleur}" stroke-width="2" points="{points}"/>')
        for x, y in zip(xs, valeurs, strict=True):
            morceaux.append(
                f'<circle cx="{px(x):.1f}" cy="{py(float(y)):.1f}" r="3" fill="{couleur}">'
                f"<title>{html.escape(nom)} — {x:g} : {etiquette(float(y))}</title></circle>"
            )
        ly = h + 18 * n
        morceaux.append(
            f'<rect x="{largeur - d + 12}" y="{ly}" width="12" height="12" fill="{couleur}"/>'
            f'<text x="{largeur - d + 30}" y="{ly + 10}">{html.escape(nom)}</text>'
        )
    morceaux.append(f"</svg><figcaption>{html.escape(titre)}</figcaption></figure>")
    return "".join(morceaux)
