"""Ce qu'imprime un bloc exécuté d'une page, montré dans un carnet Jupyter comme la page le montre.

Un bloc ` ```python exec="on" ` (markdown-exec) imprime du Markdown de MkDocs :
des tableaux avec leur légende (`{: .legende }`), des onglets (`=== "Titre"`),
parfois une boîte (`!!! info "Titre"`) ou un graphique (`<figure>` et son SVG).
Jupyter ne connaît ni les onglets, ni les listes d'attributs, ni les boîtes, et
ne montre pas un SVG en ligne d'un carnet qui n'a pas encore été exécuté. Ce
module en fait du Markdown que Jupyter rend :

- chaque onglet devient son titre en gras suivi de son contenu (les onglets
  d'un groupe se suivent, tableau après tableau) ;
- une boîte devient une citation qui commence par son titre en gras, comme la
  prose des carnets (`hooks/carnets/carnets.py`) ;
- une ligne d'attributs disparaît ; la légende d'un tableau (`.legende`) passe
  en italique ;
- un graphique devient une image (le même SVG, en `data:`) suivie de sa
  légende en italique ;
- un tableau empilable (`rules.affichage.tableau(…, empilable=True)`) redevient
  un tableau : le nom de colonne que chaque case porte pour un téléphone, caché
  ailleurs par la feuille du site, n'a pas de feuille dans Jupyter.

Le même code sert deux fois, pour que la sortie enregistrée et la sortie
recalculée ne puissent pas diverger : à la construction, `hooks/carnets/carnets.py` en
tire la sortie enregistrée de chaque bloc ([`sorties`][hooks.carnets.rendu_carnet.sorties]) ;
dans le noyau du lecteur (Jupyter, ou JupyterLite dans le navigateur), la
cellule de préparation du carnet, qui embarque ce fichier, déclare la magie de
cellule `%%rendu` ([`rendu`][hooks.carnets.rendu_carnet.rendu]) qui exécute le bloc et
affiche la même chose. Bibliothèque standard seulement (IPython n'est importé
que par la magie, dans le noyau).

Ce module lit la sortie des blocs, pas les pages : les pages, elles, ne sont lues
que par le modèle du site (`hooks/site/modele.py`).
"""

from __future__ import annotations

import base64
import contextlib
import html
import importlib
import io
import re
from typing import Any

__all__ = ["MAGIE", "markdown", "rendu", "sorties", "texte_seul"]

MAGIE = "rendu"
"""Le nom de la magie de cellule (`%%rendu`) qui montre un bloc exécuté comme la page."""

_ONGLET = re.compile(r'^(?P<retrait> *)===\+?[ \t]+"(?P<titre>[^"]*)"[ \t]*$')
_BOITE = re.compile(
    r'^(?P<retrait> *)(?:!!!|\?\?\?\+?)[ \t]+(?P<genre>[\w-]+)(?:[ \t]+[\w-]+)*[ \t]*(?:"(?P<titre>.*)")?[ \t]*$'
)
_ATTRIBUTS = re.compile(r"^(?P<retrait> *)\{:?(?P<attributs>[^}]*)\}[ \t]*$")
_FIGURE = re.compile(
    r"<figure[^>]*>(?P<svg><svg.*?</svg>)(?:<figcaption>(?P<legende>.*?)</figcaption>)?</figure>", re.S
)
_EMPILABLE = re.compile(r'^( *)<div class="tableau-empilable" markdown>\n(?P<corps>.*?)^\1</div>[ \t]*$', re.S | re.M)
_NOM_DE_COLONNE = re.compile(r'<span class="tableau-colonne">.*?</span>')
_IMAGE = re.compile(r"!\[(?P<legende>[^\]]*)\]\(data:image/svg\+xml;base64,[A-Za-z0-9+/=]*\)")


def _figures(texte: str) -> str:
    """Chaque graphique (`<figure>` et son SVG) devient une image Markdown en `data:` suivie de sa légende.

    Examples:
        >>> print(_figures('  <figure class="g"><svg><title>T</title></svg><figcaption>T &amp; U</figcaption></figure>'))
          ![T &amp; U](data:image/svg+xml;base64,PHN2Zz48dGl0bGU+VDwvdGl0bGU+PC9zdmc+)
        <BLANKLINE>
          *T & U*
    """
    lignes = []
    for ligne in texte.split("\n"):
        retrait = ligne[: len(ligne) - len(ligne.lstrip(" "))]
        morceaux = _FIGURE.split(ligne)
        if len(morceaux) == 1:
            lignes.append(ligne)
            continue
        # split() alterne : texte, svg, légende, texte, svg, légende…, texte.
        for i in range(0, len(morceaux) - 1, 3):
            avant, svg, legende = morceaux[i], morceaux[i + 1], morceaux[i + 2] or ""
            if avant.strip():
                lignes += [avant.rstrip(), ""]
            donnees = base64.b64encode(svg.encode("utf-8")).decode("ascii")
            lignes.append(f"{retrait}![{legende}](data:image/svg+xml;base64,{donnees})")
            if legende:
                lignes += ["", f"{retrait}*{html.unescape(legende)}*"]
        if morceaux[-1].strip():
            lignes += ["", retrait + morceaux[-1].strip()]
    return "\n".join(lignes)


def _tableaux_simples(texte: str) -> str:
    """Chaque tableau empilable redevient un tableau : sans son bloc, sans le nom de colonne de ses cases.

    Examples:
        >>> print(_tableaux_simples('''<div class="tableau-empilable" markdown>
        ...
        ... | Trait | +1d |
        ... | --- | --- |
        ... | <span class="tableau-colonne">Trait : </span>3d | <span class="tableau-colonne">+1d : </span>82,5 % |
        ...
        ... </div>'''))
        <BLANKLINE>
        | Trait | +1d |
        | --- | --- |
        | 3d | 82,5 % |
        <BLANKLINE>
    """
    return _EMPILABLE.sub(lambda m: _NOM_DE_COLONNE.sub("", m["corps"]), texte)


def _corps(lignes: list[str], i: int, retrait: int) -> tuple[list[str], int]:
    """Le corps d'un onglet ou d'une boîte dont l'en-tête est la ligne `i` (retrait ôté), et la ligne qui le suit."""
    fin = j = i + 1
    while j < len(lignes):
        if lignes[j].strip():
            if len(lignes[j]) - len(lignes[j].lstrip(" ")) < retrait + 4:
                break
            fin = j + 1
        j += 1
    return [x[retrait + 4 :] for x in lignes[i + 1 : fin]], fin


def _legende(sortie: list[str]) -> None:
    """Le paragraphe qui précède (la légende d'un tableau) passe en italique."""
    j = len(sortie)
    while j > 0 and sortie[j - 1].strip():
        j -= 1
    if j < len(sortie):
        retrait = sortie[j][: len(sortie[j]) - len(sortie[j].lstrip(" "))]
        texte = " ".join(x.strip() for x in sortie[j:])
        sortie[j:] = [f"{retrait}*{texte}*"]


def _convertir(lignes: list[str]) -> list[str]:
    sortie: list[str] = []
    i = 0
    while i < len(lignes):
        ligne = lignes[i]
        onglet, boite, attributs = _ONGLET.match(ligne), _BOITE.match(ligne), _ATTRIBUTS.match(ligne)
        if onglet or boite:
            entete = onglet or boite
            assert entete is not None
            retrait = len(entete["retrait"])
            corps, i = _corps(lignes, i, retrait)
            dedans = _convertir(corps)
            while dedans and not dedans[-1].strip():
                dedans.pop()
            marge = " " * retrait
            if onglet:
                sortie += [f"{marge}**{onglet['titre']}**", "", *(marge + x if x else "" for x in dedans), ""]
            else:
                titre = boite["titre"] if boite and boite["titre"] else (boite["genre"] if boite else "").capitalize()
                sortie += [f"{marge}> **{titre}**", f"{marge}>", *(f"{marge}> {x}".rstrip() for x in dedans), ""]
            continue
        if attributs:
            if "legende" in attributs["attributs"]:
                _legende(sortie)
        else:
            sortie.append(ligne)
        i += 1
    return sortie


def markdown(texte: str) -> str:
    """Le Markdown de MkDocs qu'imprime un bloc, en Markdown que Jupyter rend.

    Examples:
        >>> imprime = '''=== "Réussite"
        ...
        ...     Tableau : chances de réussite.
        ...     {: .legende }
        ...
        ...     | Trait | 0 |
        ...     | --- | --- |
        ...     | 1d | 16,7 % |
        ...
        ... === "Catastrophe"
        ...
        ...     | Trait | 0 |
        ...     | --- | --- |
        ...     | 1d | 16,7 % |
        ...
        ... !!! info "Lecture"
        ...     Un dé.
        ... '''
        >>> print(markdown(imprime))
        **Réussite**
        <BLANKLINE>
        *Tableau : chances de réussite.*
        <BLANKLINE>
        | Trait | 0 |
        | --- | --- |
        | 1d | 16,7 % |
        <BLANKLINE>
        **Catastrophe**
        <BLANKLINE>
        | Trait | 0 |
        | --- | --- |
        | 1d | 16,7 % |
        <BLANKLINE>
        > **Lecture**
        >
        > Un dé.
    """
    lignes = _convertir(_figures(_tableaux_simples(texte.replace("\t", "    "))).split("\n"))
    resultat, vide = [], True
    for ligne in lignes:  # jamais deux lignes vides de suite, ni au début ni à la fin
        if ligne.strip() or not vide:
            resultat.append(ligne.rstrip())
        vide = not ligne.strip()
    return "\n".join(resultat).strip("\n")


def texte_seul(md: str) -> str:
    """Le même rendu pour qui ne lit que du texte (`text/plain`) : chaque graphique réduit à son titre.

    Examples:
        >>> texte_seul("Avant\\n\\n![Chances](data:image/svg+xml;base64,PHN2Zz4=)\\n\\n*Chances*")
        'Avant\\n\\n[Graphique : Chances]\\n\\n*Chances*'
    """
    return _IMAGE.sub(lambda m: f"[Graphique : {html.unescape(m['legende'])}]", md)


def sorties(imprime: str) -> list[dict[str, Any]]:
    """Les sorties (format des carnets, nbformat 4) qui montrent ce qu'a imprimé un bloc : une seule, en Markdown.

    Examples:
        >>> sorties("Tableau : x.\\n{: .legende }\\n\\n| a |\\n| --- |\\n| 1 |\\n")[0]["data"]["text/markdown"]
        '*Tableau : x.*\\n\\n| a |\\n| --- |\\n| 1 |'
        >>> sorties("")
        []
    """
    md = markdown(imprime)
    if not md.strip():
        return []
    donnees = {"text/markdown": md, "text/plain": texte_seul(md)}
    return [{"output_type": "display_data", "data": donnees, "metadata": {}}]


def rendu(ligne: str, cellule: str) -> None:
    """La magie de cellule `%%rendu` : exécute la cellule et montre ce qu'elle imprime comme la page.

    Le code s'exécute dans l'espace de noms du carnet (ses noms restent pour les
    cellules suivantes). Ce qu'il imprime avant une erreur est montré, puis l'erreur.
    """
    ipython: Any = importlib.import_module("IPython")  # dans le noyau seulement (non typé)
    affichage: Any = importlib.import_module("IPython.display")
    tampon = io.StringIO()
    try:
        with contextlib.redirect_stdout(tampon):
            exec(compile(cellule, "<%%rendu>", "exec"), ipython.get_ipython().user_ns)
    finally:
        for sortie in sorties(tampon.getvalue()):
            affichage.display(sortie["data"], raw=True)
