"""La page « Calculateur » : un formulaire par mécanique, écrit d'après `rules.calculateur.FORMULAIRES`.

Ce crochet remplace le repère `<!-- formulaires du calculateur -->` de
`calculateur.md` par un titre par système et par formulaire (ancres
`#warp-jet`…, que lient les pages de règles) et, sous chacun, le formulaire en
HTML : une étiquette pour chaque champ, son aide et la place de son message
d'erreur, les boutons. Les champs sont ceux de la ligne de commande
(`python -m rules`) : une seule définition. Le JavaScript de la page
(`docs/javascripts/calculateur.js`) envoie leurs valeurs, du texte, au
calculateur Python qui tourne dans le navigateur (le runtime des cellules) et
affiche ce qu'il rend, toujours comme du texte.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path
from typing import Any

if __name__ != "hooks.calculateur.calculateur":  # chargé par MkDocs depuis son chemin : voir hooks/__init__.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hooks.site import modele

__all__ = [
    "PAGE",
    "REPERE",
    "formulaire_html",
    "maison_html",
    "markdown_formulaires",
    "on_page_content",
    "on_page_markdown",
    "selecteur_html",
    "variantes_html",
]

PAGE = "calculateur.md"
"""La page du calculateur, dans `docs/`."""

REPERE = "<!-- formulaires du calculateur -->"
"""La ligne de `calculateur.md` que remplacent les formulaires."""


def _attributs(**valeurs: str | None) -> str:
    return "".join(
        f' {cle.rstrip("_").replace("_", "-")}="{html.escape(v)}"' for cle, v in valeurs.items() if v is not None
    )


def _champ_html(formulaire: Any, champ: Any) -> str:
    ident = f"{formulaire.nom}-{champ.nom}"
    decrit = " ".join(x for x in (f"{ident}-aide" if champ.aide else "", f"{ident}-erreur") if x)
    commun = {"id": ident, "name": champ.nom, "aria_describedby": decrit}
    if champ.sorte == "choix":
        options = "".join(
            f"<option{_attributs(value=v, selected='' if v == champ.defaut else None)}>{html.escape(libelle)}</option>"
            for v, libelle in champ.choix
        )
        controle = f"<select{_attributs(**commun)}>{options}</select>"
    elif champ.sorte == "case":
        coche = "" if champ.defaut == "oui" else None
        controle = f'<input type="checkbox"{_attributs(**commun, value="oui", checked=coche)}>'
    else:
        clavier = "numeric" if champ.sorte == "des" or (champ.sorte == "entier" and not champ.negatif) else None
        controle = (
            f'<input type="text"{_attributs(**commun, value=champ.defaut, inputmode=clavier)}'
            ' autocomplete="off" autocapitalize="off" spellcheck="false">'
        )
    etiquette = f'<label for="{html.escape(ident)}">{html.escape(champ.libelle)}</label>'
    aide = f'<p class="calc-aide" id="{html.escape(ident)}-aide">{html.escape(champ.aide)}</p>' if champ.aide else ""
    erreur = f'<p class="calc-erreur" id="{html.escape(ident)}-erreur" hidden></p>'
    classe = "calc-champ calc-case" if champ.sorte == "case" else "calc-champ"
    corps = f"{controle}{etiquette}" if champ.sorte == "case" else f"{etiquette}{controle}"
    # Un champ qui ne compte que si un autre a telle valeur : le script de la page le cache sinon.
    si = _attributs(data_si_champ=champ.si[0], data_si_valeur=champ.si[1]) if champ.si else ""
    return f'<div class="{classe}" data-sorte="{champ.sorte}"{si}>{corps}{aide}{erreur}</div>'


def _groupes_html(formulaire: Any, champs: list[Any]) -> str:
    """Des champs, par groupe (un `<fieldset>` et sa légende ; sans groupe, un simple bloc)."""
    groupes: dict[str, list[str]] = {}
    for champ in champs:
        groupes.setdefault(champ.groupe, []).append(_champ_html(formulaire, champ))
    corps = []
    for groupe, morceaux in groupes.items():
        if groupe:
            corps.append(f"<fieldset><legend>{html.escape(groupe)}</legend>{''.join(morceaux)}</fieldset>")
        else:
            corps.append(f'<div class="calc-groupe">{"".join(morceaux)}</div>')
    return "".join(corps)


def _plus_html(formulaire: Any) -> str:
    """Les champs qu'on ne remplit pas à chaque jet, sous « Plus d'options » (un vrai `<details>`, fermé)."""
    autres = [c for c in formulaire.champs if formulaire.en_plus(c)]
    if not autres:
        return ""
    return (
        '<details class="calc-plus"><summary>Plus d\'options'
        f' <span class="calc-plus-detail">({len(autres)} champ{"s" if len(autres) > 1 else ""})</span></summary>'
        f"{_groupes_html(formulaire, autres)}</details>"
    )


def variantes_html(formulaire: Any) -> str:
    """Les variantes qui changent les réponses de ce formulaire (`rules.variantes.Variante.formulaires`), une case
    chacune sous « Lire autrement » (un `<details>`, fermé), puis ses règles maison (`maison_html`) ; "" si rien
    ne les change.

    Les cases n'ont pas de `name` : ce ne sont pas des champs du formulaire. Le script de la page envoie les
    variantes cochées au calculateur (`"variantes"` de la requête) et les garde dans le lien (`&variante=ID`).

    Examples:
        >>> from rules.calculateur import FORMULAIRES
        >>> html_ = variantes_html(FORMULAIRES["warp-oppose"])
        >>> html_.count('class="calc-variante"'), 'value="catastrophe-au-total"' in html_, 'name=' in html_
        (1, True, False)
        >>> variantes_html(FORMULAIRES["troisd6-jet"]).count('class="calc-variante"')  # une règle maison seule
        0
    """
    from rules.variantes import VARIANTES

    liste = [v for v in VARIANTES.values() if formulaire.nom in v.formulaires]
    maison = maison_html(formulaire)
    if not liste and not maison:
        return ""
    cases = "".join(
        f'<div class="calc-champ calc-case"><input type="checkbox" class="calc-variante"'
        f"{_attributs(id=f'{formulaire.nom}-variante-{v.id}', value=v.id)}>"
        f'<label for="{html.escape(formulaire.nom)}-variante-{html.escape(v.id)}">{html.escape(v.titre)}</label>'
        f' <a class="calc-variante-lien" href="../et-si/#{html.escape(v.id)}">ce qu\'elle change</a></div>'
        for v in liste
    )
    n, m = len(liste), maison.count('class="calc-maison"')
    compte = [
        f"{n} variante{'s' if n > 1 else ''}" if n else "",
        f"{m} règle{'s' if m > 1 else ''} maison" if m else "",
    ]
    return (
        '<details class="calc-variantes"><summary>Lire autrement'
        f' <span class="calc-plus-detail">({", ".join(c for c in compte if c)})</span></summary>'
        '<p class="calc-aide">Par défaut, le texte tel que le site le lit. Une case cochée répond sous cette autre'
        " lecture, un nombre sous cette règle maison, et le lien à partager les garde.</p>"
        f"{cases}{maison}</details>"
    )


def _nombre(n: int) -> str:
    """Un entier écrit en français (le signe moins typographique)."""
    return str(n).replace("-", "\u2212")


def maison_html(formulaire: Any) -> str:
    """Les règles maison qui changent les réponses de ce formulaire (`rules.variantes.RegleMaison.formulaires`), un
    champ nombre chacune, dans ses bornes ; vide, le champ vaut le texte. "" si aucune ne les change.

    Comme les cases des variantes, ces champs n'ont pas de `name` : le script de la page envoie ceux qu'on a remplis
    au calculateur (`"maison"` de la requête) et les garde dans le lien (`&maison=NOM:VALEUR`).

    Examples:
        >>> from rules.calculateur import FORMULAIRES
        >>> html_ = maison_html(FORMULAIRES["troisd6-jet"])
        >>> html_.count('class="calc-maison"'), 'data-maison="malus_familiarite"' in html_, 'name=' in html_
        (1, True, False)
        >>> "Le texte : \u22123 ; de \u22126 à 0." in html_
        True
        >>> maison_html(FORMULAIRES["warp-oppose"])
        ''
    """
    from rules.variantes import REGLES_MAISON

    morceaux = []
    for r in REGLES_MAISON.values():
        if formulaire.nom not in r.formulaires:
            continue
        ident = f"{formulaire.nom}-maison-{r.id}"
        controle = (
            '<input type="number" class="calc-maison" step="1"'
            f"{_attributs(id=ident, data_maison=r.id, min=str(r.minimum), max=str(r.maximum))}"
            f' aria-describedby="{html.escape(ident)}-aide {html.escape(ident)}-erreur" autocomplete="off">'
        )
        aide = f"Le texte : {_nombre(r.texte)} ; de {_nombre(r.minimum)} à {_nombre(r.maximum)}."
        morceaux.append(
            '<div class="calc-champ" data-sorte="maison">'
            f'<label for="{html.escape(ident)}">{html.escape(r.titre)}</label>{controle}'
            f'<p class="calc-aide" id="{html.escape(ident)}-aide">{html.escape(aide)}</p>'
            f'<p class="calc-erreur" id="{html.escape(ident)}-erreur" hidden></p></div>'
        )
    return "".join(morceaux)


def formulaire_html(formulaire: Any) -> str:
    """Le formulaire HTML d'une mécanique (sur une seule ligne : un bloc HTML brut pour Markdown).

    D'abord les champs qu'un joueur remplit à la table, puis les autres sous « Plus d'options »
    (`Formulaire.a_la_table`).
    """
    from rules.calculateur._commun import LONGUEUR_MAX

    corps = [_groupes_html(formulaire, [c for c in formulaire.champs if not formulaire.en_plus(c)])]
    corps.append(_plus_html(formulaire))
    corps.append(variantes_html(formulaire))
    titre = html.escape(formulaire.titre)
    lancer = (
        f'<button type="button" class="calc-bouton calc-lancer" aria-label="Lancer les dés : {titre}">'
        "Lancer les dés</button>"
        if formulaire.lancable
        else ""
    )
    return (
        f'<form class="calc-formulaire" id="form-{formulaire.nom}" data-formulaire="{formulaire.nom}" '
        f'data-longueur-max="{LONGUEUR_MAX}" aria-labelledby="{formulaire.nom}" novalidate>'
        f'<p class="calc-erreur calc-erreur-generale" id="{formulaire.nom}-erreur" hidden></p>'
        f"{''.join(corps)}"
        # Le pied du formulaire (boutons, état, chargement) reste au bas de l'écran tant que le
        # formulaire y est : « Calculer » et la progression du chargement se voient sur un téléphone.
        '<div class="calc-pied"><div class="calc-actions">'
        f'<button type="submit" class="calc-bouton calc-calculer" aria-label="Calculer : {titre}">Calculer</button>'
        f"{lancer}"
        f'<button type="reset" class="calc-bouton calc-effacer" aria-label="Valeurs par défaut : {titre}">'
        "Valeurs par défaut</button>"
        "</div>"
        '<p class="calc-etat" role="status"></p>'
        '<progress class="calc-progres" hidden aria-label="Chargement de Python"></progress></div>'
        f'<section class="calc-resultat" aria-label="Résultat : {titre}" hidden></section>'
        "</form>"
    )


def selecteur_html() -> str:
    """Le sélecteur de mécanique, en haut de la page : les dix formulaires, groupés par système.

    Le script de la page montre le formulaire choisi (et lui seul) et écrit son nom dans l'adresse
    (`#warp-jet`) ; sans script, le calculateur ne peut pas calculer (voir le `<noscript>` de la page).
    """
    from rules.calculateur import FORMULAIRES

    groupes: dict[str, list[str]] = {}
    for f in FORMULAIRES.values():
        groupes.setdefault(f.systeme, []).append(f'<option value="{f.nom}">{html.escape(f.titre)}</option>')
    options = "".join(f'<optgroup label="{html.escape(s)}">{"".join(o)}</optgroup>' for s, o in groupes.items())
    return (
        '<div class="calc-choix"><label for="calc-mecanique">Mécanique</label>'
        f'<select id="calc-mecanique" aria-describedby="calc-mecanique-aide">{options}</select>'
        '<p class="calc-aide" id="calc-mecanique-aide">Un formulaire à la fois : son nom va dans l\'adresse de la page.</p>'
        "</div>"
    )


def markdown_formulaires(site: modele.Site, depuis: str = PAGE) -> str:
    """Le sélecteur, puis un titre par système et par formulaire, sa description, le lien vers sa règle, le formulaire.

    Chaque système et chaque mécanique est un bloc (`.calc-systeme`, `.calc-mecanique`) que le script
    de la page cache ou montre selon le choix du sélecteur.
    """
    from rules.calculateur import FORMULAIRES

    morceaux: list[str] = [selecteur_html() + "\n"]
    systeme = None
    for f in FORMULAIRES.values():
        if f.systeme != systeme:
            if systeme is not None:
                morceaux.append("</div>\n")
            systeme = f.systeme
            morceaux.append(
                f'<div class="calc-systeme" data-systeme="{html.escape(systeme)}" markdown>\n\n## {systeme}\n'
            )
        chemin, _, ancre = f.regle.partition("#")
        regle = site.page(chemin)
        section = regle.section(ancre) if ancre else None
        cible = section.texte if section else regle.titre
        lien = modele.lien(depuis, chemin, ancre or None)
        voir = "".join(f" Voir aussi : [{FORMULAIRES[v].titre}](#{v})." for v in f.voir)
        morceaux.append(
            f'<section class="calc-mecanique" data-mecanique="{f.nom}" markdown>\n\n'
            f"### {f.titre} {{#{f.nom}}}\n\n{f.description} La règle : [{cible}]({lien}).{voir}\n{{: .calc-regle }}\n\n"
            f"{formulaire_html(f)}\n\n</section>\n"
        )
    morceaux.append("</div>\n")
    return "\n".join(morceaux)


def on_nav(nav: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """Lit le modèle du site (une fois par construction, partagé avec les autres crochets)."""
    modele.site(nav, config)
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """Écrit les formulaires dans la page du calculateur, à la place du repère.

    Les formulaires calculent avec le moteur Python des cellules : la page doit le
    demander au modèle du site (en-tête `cellules: true`), sinon la construction s'arrête.
    """
    if page.file.src_uri == PAGE and not modele.page_de(page).moteur:
        raise ValueError(
            f"{PAGE} doit demander le moteur Python par son en-tête ({modele.EN_TETE_MOTEUR}: true) :"
            " ses formulaires calculent avec lui"
        )
    return modele.ecrire_au_repere(markdown, page, PAGE, REPERE, markdown_formulaires)


def on_page_content(html_page: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """Le style et le script du calculateur, sur sa seule page : les autres pages ne les chargent pas.

    Le script attend la fin du chargement de la page : il emprunte alors le worker Python de
    `cellules.js`, que configure le crochet des cellules sur chaque page qui a besoin du moteur
    (`modele.Page.moteur` : la page du calculateur le demande par son en-tête).
    """
    if page.file.src_uri != PAGE:
        return html_page
    from mkdocs.utils import get_relative_url

    style = html.escape(get_relative_url("stylesheets/calculateur.css", page.url))
    script = html.escape(get_relative_url("javascripts/calculateur.js", page.url))
    return f'<link rel="stylesheet" href="{style}">\n{html_page}\n<script src="{script}" defer></script>\n'
