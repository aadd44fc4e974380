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
