"""Ce que lit un joueur, lu sur le site construit (issue 41) : rien de répété, pas de code dans sa prose.

- **aucun tableau n'a deux lignes identiques** (la défense de Bruno « contre-attaque (8) » listée deux fois) ;
- **aucune carte n'est montrée deux fois de suite** (ses dés et son verdict : le jet 6-6-5-5-4-4 trois fois
  d'affilée) ; dans la version
  imprimable, chaque page réunie compte à part (une page peut reprendre l'exemple qui clôt la précédente) ;
- **la prose des pages des joueurs est sans Python** : pages de règles, « Premiers pas », aide-mémoires et
  calculateur parlent de dés, de seuils et de personnages. Hors des blocs de code, des « Voir le code », des
  blocs repliés « Pour les curieux » et de la référence, aucun nom en `snake_case`, aucun appel `Classe(…)`,
  aucun `parametre=valeur`, aucun `Classe.MEMBRE` ni module `rules.…`, aucune méthode de calcul nommée (chaîne
  de Markov, élimination de Gauss).
"""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path

from tests.conftest import SiteConstruit


def _texte(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _nom(site: SiteConstruit, page: Path) -> str:
    return page.relative_to(site.dossier).as_posix()


def _parties(site: SiteConstruit, page: Path) -> list[str]:
    """Le HTML d'une page, en une partie ; la version imprimable, en une partie par page réunie."""
    texte = page.read_text("utf-8")
    if _nom(site, page) != "imprimer/index.html":
        return [texte]
    return re.split(r'<section class="imprimer-page', texte)


# ---------------------------------------------------------------- rien de répété


def _lignes_en_double(tableau: str) -> list[str]:
    corps = tableau.split("<tbody>", 1)[-1]
    lignes = [_texte(ligne) for ligne in re.findall(r"<tr\b.*?</tr>", corps, flags=re.S)]
    return sorted({ligne for ligne in lignes if lignes.count(ligne) > 1})


def test_aucun_tableau_n_a_deux_lignes_identiques(site_construit: SiteConstruit) -> None:
    vus, doubles = 0, []
    for page in site_construit.pages():
        for tableau in re.findall(r"<table\b.*?</table>", page.read_text("utf-8"), flags=re.S):
            vus += 1
            doubles += [f"{_nom(site_construit, page)} : « {ligne} »" for ligne in _lignes_en_double(tableau)]
    assert vus > 100, f"{vus} tableaux lus : rien de vérifié"
    assert doubles == [], "\n".join(doubles)


def test_aucune_carte_n_est_montree_deux_fois_de_suite(site_construit: SiteConstruit) -> None:
    vues, doubles = 0, []
    for page in site_construit.pages():
        for partie in _parties(site_construit, page):
            # Ce que montre la carte (ses dés, ses chiffres, son verdict : le résumé qu'en lit un lecteur d'écran),
            # quelle que soit l'explication sous elle.
            cartes = re.findall(r'<figure class="carte\b[^>]*\bdata-carte="([^"]*)"', partie)
            vues += len(cartes)
            nom = _nom(site_construit, page)
            doubles += [f"{nom} : « {html.unescape(a)} »" for a, b in itertools.pairwise(cartes) if a == b]
    assert vues > 200, f"{vues} cartes lues : rien de vérifié"
    assert doubles == [], "\n".join(doubles)


# ---------------------------------------------------------------- pas de Python dans la prose du joueur

PAGES_DES_JOUEURS = ("warp/", "troisd6/", "premiers-pas/", "aide-memoire/", "calculateur/")
"""Les pages que lit un joueur (leurs adresses dans le site construit, ou leur début)."""

CURIEUX = "Pour les curieux"
"""Le titre des blocs repliés (`??? note "Pour les curieux"`) où vont les noms du code et les méthodes de calcul."""

IDENTIFIANTS = {
    "nom en snake_case": r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b",
    "appel Python": r"\b[A-Za-z_][A-Za-z0-9_]*\([^)]*\)",
    "paramètre=valeur": r"\b[a-z_][a-z0-9_]*=[\w'\"(…]",
    "Classe.MEMBRE ou module": r"\b(?:[A-Z][A-Za-z]+\.[A-Za-z_]\w*|rules\.[a-z_.]+)",
    "méthode de calcul": r"\b(?:[Cc]haînes? de Markov|[ée]limination de Gauss)",
}
"""Ce qui trahit du Python (ou un algorithme) dans une phrase de joueur."""


def _hors_code(article: str) -> str:
    """Le HTML d'une page de joueur sans blocs de code, « Voir le code », blocs « Pour les curieux », scripts,
    styles ni dessins : sa prose, code en ligne (`<code>`) compris."""
    article = re.sub(r"<(script|style|pre|svg|textarea)\b.*?</\1>", " ", article, flags=re.S | re.I)
    article = re.sub(r'<details class="carte-code.*?</details>', " ", article, flags=re.S)
    return re.sub(rf"<details\b[^>]*>\s*<summary>{CURIEUX}</summary>.*?</details>", " ", article, flags=re.S)


def _prose(article: str) -> str:
    return _texte(_hors_code(article))


def _article(page: Path) -> str:
    texte = page.read_text("utf-8")
    return texte.split("<article", 1)[-1].split(">", 1)[-1].split("</article>", 1)[0]


def _identifiants(texte: str) -> list[tuple[str, str]]:
    return [
        (quoi, texte[max(0, m.start() - 50) : m.end() + 20])
        for quoi, motif in IDENTIFIANTS.items()
        for m in re.finditer(motif, texte)
    ]


def test_la_prose_des_joueurs_ne_montre_pas_de_python(site_construit: SiteConstruit) -> None:
    pages = [p for p in site_construit.pages() if _nom(site_construit, p).startswith(PAGES_DES_JOUEURS)]
    assert len(pages) >= 20, f"{len(pages)} pages de joueurs : le site a changé"
    fautes = [
        f"{_nom(site_construit, p)} : {quoi} …{contexte}…"
        for p in pages
        for quoi, contexte in _identifiants(_prose(_article(p)))
    ]
    assert fautes == [], f"{len(fautes)} morceaux de Python dans la prose :\n" + "\n".join(fautes[:200])


LIGNE_DE_COMMANDE = "calculateur/"
"""La page du calculateur montre aussi ses commandes (`python -m rules …`) : du code en ligne qui n'est pas du
Python de la règle, que le joueur peut taper. Seule page des joueurs où `<code>` est permis."""


def test_la_prose_des_joueurs_n_a_pas_de_code_en_ligne(site_construit: SiteConstruit) -> None:
    """Un nom du code, même d'un seul mot (`jet`, `None`, `dd`), se voit à sa police : dans la prose d'un joueur,
    un lien vers le code porte des mots français (« le seuil d'un talent »), pas un identifiant."""
    fautes = []
    for p in site_construit.pages():
        nom = _nom(site_construit, p)
        if nom.startswith(PAGES_DES_JOUEURS) and not nom.startswith(LIGNE_DE_COMMANDE):
            codes = re.findall(r"<code\b[^>]*>(.*?)</code>", _hors_code(_article(p)), flags=re.S)
            fautes += [f"{nom} : « {_texte(c)} »" for c in codes]
    assert fautes == [], f"{len(fautes)} codes en ligne dans la prose :\n" + "\n".join(fautes)
