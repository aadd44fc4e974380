"""Les cartes des exemples (`hooks/cartes/cartes.py`, `hooks/cartes/cartes_rendu.py`), côté construction.

- Une carte se lit dans l'objet que rend le paquet : dés gardés et écartés,
  Critiques, Catastrophe, doubles et triples, total contre ce qu'il fallait,
  verdict, explication, et son alternative texte.
- Ce que montre la carte et ce qu'imprime l'exemple ne peuvent pas diverger :
  une sortie écrite fausse **arrête la construction** (prouvé par une vraie
  construction `mkdocs build --strict` d'un petit site, rouge puis verte).
- Dans le site construit : chaque page d'exemples a ses cartes, chaque carte une
  alternative texte par rangée de dés, et les Premiers pas ne montrent aucun
  Python hors de « Voir le code ».
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hooks.cartes import cartes, cartes_rendu
from rules import troisd6, warp
from tests.conftest import RACINE, SiteConstruit


def _texte(objet: object) -> str:
    carte = cartes_rendu.carte(objet)
    assert carte is not None
    return carte.texte


# ---------------------------------------------------------------- la carte d'un résultat


def test_une_carte_warp_dit_les_des_gardes_et_ecartes() -> None:
    j = warp.jet(3, bonus=1, des=(2, 5, 1, 4))
    carte = cartes_rendu.carte(j)
    assert carte is not None
    (rangee,) = carte.rangees
    assert [(d.face, d.garde) for d in rangee.des] == [(2, True), (5, True), (1, False), (4, True)]
    assert carte.texte == "dés 2, 5, 1 et 4, gardés 2, 5 et 4 : total 11, il fallait plus de 9 : Réussite"
    assert carte.explication == j.explication and carte.ton == "reussite"
    # Avec du malus, ce sont les meilleurs qui sont écartés.
    malus = cartes_rendu.carte(warp.jet(3, bonus=1, malus=2, des=(6, 5, 4, 2)))
    assert malus is not None
    assert [d.garde for d in malus.rangees[0].des] == [False, True, True, True]


def test_critiques_et_catastrophes_sont_marques() -> None:
    carte = cartes_rendu.carte(warp.jet(3, des=(6, 1, 1)))
    assert carte is not None
    assert [d.marque for d in carte.rangees[0].des] == ["Critique", "", ""]
    assert carte.texte == "dés 6, 1 et 1 : total 8, il fallait plus de 9, un 6 gardé (Critique) : Compensation"
    assert carte.ton == "echec"
    assert _texte(warp.jet(2, malus=1, des=(1, 1, 5))) == (
        "dés 1, 1 et 5, gardés 1 et 1 : total 2, il fallait plus de 6,"
        " tous les dés gardés sont des 1 (Catastrophe) : Catastrophe"
    )
    # Un 6 écarté par le malus n'est pas un Critique.
    ecarte = cartes_rendu.carte(warp.jet(2, malus=1, des=(6, 4, 3)))
    assert ecarte is not None and [d.marque for d in ecarte.rangees[0].des] == ["", "", ""]


def test_une_carte_3d6_marque_doubles_et_triples() -> None:
    assert _texte(troisd6.jet(8, (4, 3, 1))) == "dés 4, 3 et 1 : total 8, il fallait 8 ou moins : Réussite simple"
    carte = cartes_rendu.carte(troisd6.jet(9, (5, 5, 5)))
    assert carte is not None
    assert [d.marque for d in carte.rangees[0].des] == ["triple"] * 3
    assert carte.texte == "dés 5, 5 et 5 : total 15, il fallait 9 ou moins, triple 5 : Échec critique"
    double = cartes_rendu.carte(troisd6.jet(9, (3, 1, 3)))
    assert double is not None and [d.marque for d in double.rangees[0].des] == ["double", "", "double"]


def test_une_opposition_montre_les_deux_camps_et_leurs_verdicts() -> None:
    o = warp.opposition(warp.jet(4, des=(5, 4, 3, 2)), warp.jet(3, des=(6, 5, 2)))
    carte = cartes_rendu.carte(o)
    assert carte is not None
    assert [r.nom for r in carte.rangees] == ["Attaquant", "Défenseur"]
    assert [r.verdict for r in carte.rangees] == ["Réussite", "Compensation"]
    assert carte.verdict == "attaquant : Réussite, défenseur : Compensation"
    assert "il fallait" not in carte.texte  # un jet opposé ne se compare pas au seuil
    # Les deux jets sont dans la carte de l'opposition : ils n'ont pas la leur.
    assert cartes._a_montrer([o.premier, o.second, o]) == (o,)


def test_le_html_d_une_carte_porte_l_alternative_texte() -> None:
    j = warp.jet(3, des=(5, 3, 2))
    html = cartes_rendu.html_carte(cartes_rendu.carte(j) or pytest.fail("pas de carte"))
    assert 'role="img" aria-label="dés 5, 3 et 2 : total 10, il fallait plus de 9 : Réussite"' in html
    assert '<span class="carte-etiquette carte--reussite">Réussite</span>' in html
    assert j.explication.replace(">", "&gt;") in html


# ---------------------------------------------------------------- le rejeu vérifie


PAGE_JUSTE = """# Essai

```pycon
>>> from rules.warp import jet
>>> print(jet(3, des=(5, 3, 2)).explication)
3d6 lancés (5, 3, 2) ; total 10 > 9 → Réussite.

```
"""

PAGE_FAUSSE = PAGE_JUSTE.replace("total 10 > 9 → Réussite.", "total 10 > 9 → Échec.")


def test_une_sortie_ecrite_fausse_arrete_le_rejeu() -> None:
    (bloc,) = cartes.rejouer(PAGE_JUSTE, "essai.md")
    assert [c.verdict for c in bloc.cartes] == ["Réussite"]
    with pytest.raises(
        cartes.ExempleFaux,
        match=r"essai\.md, ligne 5 : .* écrit « 3d6 lancés .*→ Échec\. », le paquet rend « .*→ Réussite\. »",
    ):
        cartes.rejouer(PAGE_FAUSSE, "essai.md")
    with pytest.raises(cartes.ExempleFaux, match="NameError"):
        cartes.rejouer(PAGE_JUSTE.replace(">>> from rules.warp import jet\n", ""), "essai.md")


def test_le_rejeu_partage_la_session_de_la_page_comme_son_doctest() -> None:
    page = "```pycon\n>>> from rules.troisd6 import jet\n>>> a = jet(10, (1, 2, 3))\n\n```\n\n```pycon\n>>> a.total\n6\n\n```\n"
    premier, second = cartes.rejouer(page, "essai.md")
    assert [c.verdict for c in premier.cartes] == ["Réussite simple"] and second.resultats == ()


def _construire(dossier: Path, page: str) -> subprocess.CompletedProcess[str]:
    """Un petit site (une page, les crochets des cellules et des cartes du dépôt) construit par `mkdocs build --strict`.

    Le dossier du site a les `rules/` et `hooks/` du dépôt (des liens) : le crochet des cellules y trouve
    la source qu'il archive ; sans `package.json`, il n'a pas de Pyodide, ce qui ne l'empêche pas de construire.
    """
    (dossier / "docs").mkdir(parents=True)
    for nom in ("rules", "hooks"):
        (dossier / nom).symlink_to(RACINE / nom, target_is_directory=True)
    (dossier / "docs" / "index.md").write_text(page, encoding="utf-8")
    (dossier / "mkdocs.yml").write_text(
        "site_name: Essai\nstrict: true\nmarkdown_extensions:\n  - attr_list\n  - pymdownx.superfences\n"
        "  - pymdownx.highlight:\n      pygments_lang_class: true\n"
        "hooks:\n  - hooks/cartes/cartes.py\n  - hooks/cellules/cellules.py\n",
        encoding="utf-8",
    )
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(dossier)}
    commande = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dossier / "site")]
    return subprocess.run(commande, cwd=dossier, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.site
def test_la_construction_echoue_quand_la_carte_et_l_exemple_divergent(tmp_path: Path) -> None:
    juste = _construire(tmp_path / "juste", PAGE_JUSTE)
    assert juste.returncode == 0, juste.stdout + juste.stderr
    html = (tmp_path / "juste" / "site" / "index.html").read_text(encoding="utf-8")
    assert 'aria-label="dés 5, 3 et 2 : total 10, il fallait plus de 9 : Réussite"' in html
    assert re.search(
        r'<details class="carte-code" open><summary>Voir le code</summary>'
        r'<div class="cellule-boite" role="group"><div class="language-pycon cellule',
        html,
    )

    fausse = _construire(tmp_path / "fausse", PAGE_FAUSSE)
    assert fausse.returncode != 0
    assert (
        "ExempleFaux" in fausse.stderr
        and "le paquet rend « 3d6 lancés (5, 3, 2) ; total 10 > 9 → Réussite. »" in fausse.stderr
    )
    assert not (tmp_path / "fausse" / "site" / "index.html").exists()


# ---------------------------------------------------------------- le site construit


PREMIERS_PAS = ("premiers-pas/warp/", "premiers-pas/troisd6/")

_CARTE = re.compile(r'<figure class="carte carte--(\w+)" data-carte="([^"]*)">(.*?)</figure>', re.S)


def test_chaque_page_d_exemples_montre_ses_jets(site_construit: SiteConstruit) -> None:
    pages = {}
    for html in site_construit.pages():
        texte = html.read_text(encoding="utf-8")
        if "data-cellule=" in texte and html.parent.name != "imprimer":
            pages[html.relative_to(site_construit.dossier).parent.as_posix() + "/"] = texte
    for chemin in [
        *PREMIERS_PAS,
        "warp/jets-simples/",
        "warp/jets-opposes/",
        "troisd6/jets/",
        "troisd6/scenes-majeures/",
        "exemples-verifies/",
    ]:
        assert _CARTE.search(pages[chemin]), f"{chemin} : aucune carte"
    for chemin, texte in pages.items():
        for ton, alternative, corps in _CARTE.findall(texte):
            assert ton in {"reussite", "echec", "neutre"}
            assert alternative, chemin
            assert 'class="carte-etiquette' in corps and 'class="carte-explication"' in corps, chemin
            for etiquette in re.findall(r'<span class="carte-des" role="img" aria-label="([^"]*)">', corps):
                assert re.search(r"(^|, )(dés \d|aucun dé)", etiquette), f"{chemin} : {etiquette}"
    # Les Premiers pas : chaque cellule est sous « Voir le code », replié.
    for chemin in PREMIERS_PAS:
        cellules = len(re.findall(r'<div class="language-pycon cellule', pages[chemin]))
        replies = len(
            re.findall(
                r'<details class="carte-code carte-code--replie"><summary>Voir le code</summary>'
                r'<div class="cellule-boite" role="group"><div class="language-pycon cellule',
                pages[chemin],
            )
        )
        assert cellules == replies > 0, chemin
        assert '<details class="carte-code" open>' not in pages[chemin]
