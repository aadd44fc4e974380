"""Outils des pages du site (blocs `python exec`) : tableaux, graphiques, registre.

Rien ici n'applique une règle : ce module met en forme, pour le lecteur, ce que
calculent les modules de règles.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path

import yaml
from markdown.extensions.toc import slugify

__all__ = ["chiffres_du_site", "graphique", "pourcentage", "registre_interpretations", "tableau"]


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

    def ecrire(valeur: float) -> str:
        return f"{valeur:.{decimales}f}".replace(".", ",")

    pas = 10.0**-decimales
    if p * 100 < pas:
        return f"< {ecrire(pas)} %"
    if p * 100 > 100 - pas:
        return f"> {ecrire(100 - pas)} %"
    return f"{ecrire(float(p) * 100)} %"


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
            return f"{y * 100:.{decimales}f} %".replace(".", ",")
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


_TITRE = re.compile(r"^(#{2,6})\s+(.*?)\s*(?:\{[^}]*#([\w-]+)[^}]*\})?\s*$")
_BOITE = re.compile(r'^[!?]{3}\+?\s+info\s+"Interprétation(?:\s*:\s*(.*?))?"\s*$')
_ERRATUM = re.compile(r'^[!?]{3}\+?\s+warning\s+"Erratum')


def _hors_code(texte: str) -> Iterator[str]:
    """Les lignes d'une page Markdown, hors des blocs de code délimités par ```."""
    dans_code = False
    for ligne in texte.splitlines():
        if ligne.lstrip().startswith("```"):
            dans_code = not dans_code
        elif not dans_code:
            yield ligne


def chiffres_du_site(docs: str | Path = "docs") -> dict[str, int]:
    """Combien de lignes d'exemples `>>>`, de boîtes « Interprétation » et « Erratum » portent les pages.

    L'accueil, qui montre une boîte de chaque sorte pour l'exemple, n'est pas compté.
    """
    chiffres = {"exemples": 0, "interpretations": 0, "errata": 0}
    racine = Path(docs)
    for page in racine.rglob("*.md"):
        if page == racine / "index.md":
            continue
        texte = page.read_text(encoding="utf-8")
        chiffres["exemples"] += len(re.findall(r"^>>> ", texte, re.M))
        for ligne in _hors_code(texte):
            chiffres["interpretations"] += bool(_BOITE.match(ligne.strip()))
            chiffres["errata"] += bool(_ERRATUM.match(ligne.strip()))
    return chiffres


def _url(relatif: str) -> str:
    """L'adresse, vue de la page /interpretations/, de la page source `relatif`.

    Examples:
        >>> _url("warp/jets-simples.md"), _url("warp/index.md")
        ('../warp/jets-simples/', '../warp/')
    """
    chemin = relatif.removesuffix(".md")
    chemin = chemin.removesuffix("index") if chemin.endswith("/index") else chemin + "/"
    return "../" + chemin


def _plan(mkdocs_yml: Path) -> list[tuple[str, str]]:
    """Les pages du `nav` de mkdocs.yml, dans l'ordre : (section de premier niveau, chemin)."""

    class _Chargeur(yaml.SafeLoader):
        pass

    # Les balises propres à mkdocs (!!python/name:…, !ENV…) n'importent pas ici.
    _Chargeur.add_multi_constructor("", lambda _chargeur, _suffixe, _noeud: None)
    config = yaml.load(mkdocs_yml.read_text(encoding="utf-8"), Loader=_Chargeur) or {}
    plan: list[tuple[str, str]] = []

    def parcourir(noeud: object, section: str) -> None:
        if isinstance(noeud, str):
            plan.append((section, noeud))
        elif isinstance(noeud, list):
            for enfant in noeud:
                parcourir(enfant, section)
        elif isinstance(noeud, dict):
            for titre, enfant in noeud.items():
                parcourir(enfant, section or str(titre))

    parcourir(config.get("nav", []), "")
    return plan


def _interpretations_de(page: Path, url: str) -> tuple[str, list[str]]:
    """Le titre de la page et ses boîtes « Interprétation », en lignes de liste Markdown."""
    titre_page = page.stem
    section: tuple[str, str] | None = None
    trouvees: list[str] = []
    for ligne in _hors_code(page.read_text(encoding="utf-8")):
        if ligne.startswith("# "):
            titre_page = ligne[2:].strip()
        m = _TITRE.match(ligne)
        if m:
            texte = m.group(2)
            section = (texte, m.group(3) or slugify(texte, "-"))
        b = _BOITE.match(ligne.strip())
        if b:
            sujet = b.group(1) or "(sans titre)"
            if section is None:
                trouvees.append(f"- [{sujet}]({url})")
            else:
                trouvees.append(f"- [{sujet}]({url}#{section[1]}) — section « {section[0]} »")
    return titre_page, trouvees


def registre_interpretations(docs: str | Path = "docs") -> str:
    """Le registre de toutes les boîtes « Interprétation » du site, en Markdown.

    Parcourt les pages dans l'ordre du menu (le `nav` de mkdocs.yml, à côté de
    `docs`), regroupées par onglet (WaRP, 3D6…), repère chaque
    `!!! info "Interprétation : …"` et le titre de section sous lequel elle se
    trouve, et renvoie une liste de liens vers ces sections. Les liens sont des
    adresses du site construit (la sortie d'un bloc exécuté n'est pas réécrite
    par mkdocs) : les tests du site vérifient que chacun mène à une ancre
    existante. Une page absente du menu vient à la fin, sous « Autres pages ».
    """
    racine = Path(docs)
    plan = _plan(racine.parent / "mkdocs.yml")
    ordre = {chemin: (n, section) for n, (section, chemin) in enumerate(plan)}
    pages = [
        p.relative_to(racine).as_posix()
        for p in racine.rglob("*.md")
        if not p.relative_to(racine).as_posix().startswith("_")
    ]
    pages.sort(key=lambda r: (ordre.get(r, (len(plan), ""))[0], r))
    lignes: list[str] = []
    section_courante: str | None = None
    for relatif in pages:
        if relatif in {"index.md", "interpretations.md"}:
            continue
        url = _url(relatif)
        titre_page, trouvees = _interpretations_de(racine / relatif, url)
        if not trouvees:
            continue
        section = ordre.get(relatif, (0, "Autres pages"))[1] or "Autres pages"
        if section != section_courante:
            lignes.append(f"\n## {section}\n")
            section_courante = section
        lignes.append(f"\n### [{titre_page}]({url})\n")
        lignes.extend(trouvees)
    return "\n".join(lignes)
