"""La page « Et si… ? » (`docs/et-si.md`, calculée par `rules.et_si`) : chaque variante y a sa section, chaque
mécanique qu'elle montre change vraiment sous elle, chaque exemple rejoué y rend un autre verdict, et la colonne
« Le texte » est bien le texte (les chances publiées ailleurs, recalculées sans variante)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hooks.site.modele import lire_page
from rules import warp
from rules.et_si import EXEMPLES, MAISON, MECANIQUES, comparer, courbes, gammes, rejouer, section
from rules.regles import TEXTE, sous
from rules.variantes import REGLES_MAISON, VARIANTES, regles
from tests.conftest import RACINE

PAGE = lire_page("et-si.md", (RACINE / "docs" / "et-si.md").read_text("utf-8"))


@pytest.mark.parametrize("ident", list(VARIANTES))
def test_chaque_variante_a_sa_section_sous_son_titre(ident: str) -> None:
    titre = PAGE.section(ident)
    assert titre is not None, f"docs/et-si.md n'a pas de section {{#{ident}}}"
    assert titre.texte == VARIANTES[ident].titre
    assert f'section("{ident}")' in (RACINE / "docs" / "et-si.md").read_text("utf-8")


@pytest.mark.parametrize("nom", list(REGLES_MAISON))
def test_chaque_regle_maison_a_sa_section(nom: str) -> None:
    titre = PAGE.section("maison-" + nom.replace("_", "-"))
    assert titre is not None and titre.texte == REGLES_MAISON[nom].titre
    assert nom in MAISON


@pytest.mark.parametrize("ident", list(VARIANTES))
def test_chaque_mecanique_montree_change_sous_sa_variante(ident: str) -> None:
    lecture = regles([ident])
    for m in MECANIQUES[ident]:
        assert any(li.difference for li in comparer(m, lecture)), f"{ident} : {m.titre} ne change pas"
        _, avant, apres = courbes(m, lecture)
        assert avant != apres
    assert MECANIQUES[ident] or EXEMPLES.get(ident), f"{ident} : ni chance ni exemple à montrer"


@pytest.mark.parametrize("ident", list(EXEMPLES))
def test_chaque_exemple_rejoue_change_de_verdict(ident: str) -> None:
    for e in EXEMPLES[ident]:
        texte, variante = rejouer(e, regles([ident]))
        assert texte != variante, f"{ident} : {e.titre} rend le même verdict"


def test_la_colonne_du_texte_est_le_texte() -> None:
    """Une page du site publie `warp.distribution(2, bonus=1)` sous le texte : « Et si » en montre la même loi."""
    m = MECANIQUES["seuil-des-des-lances"][0]
    lignes = {li.issue: li.texte for li in comparer(m, regles(["seuil-des-des-lances"]))}
    assert lignes == {r.value: p for r, p in warp.distribution(2, bonus=1).items()}
    with sous(regles(["seuil-des-des-lances"])):  # même appelé sous une variante, le texte reste le texte
        assert all(li.texte == lignes[li.issue] for li in comparer(m, regles(["seuil-des-des-lances"])))
    assert all(li.difference == 0 for li in comparer(m, TEXTE))


@pytest.mark.parametrize("nom", list(REGLES_MAISON))
def test_une_regle_maison_a_sa_valeur_du_texte_rend_le_texte(nom: str) -> None:
    m, r = MAISON[nom], REGLES_MAISON[nom]
    valeurs = dict(gammes(nom, m))
    assert list(valeurs) == list(range(r.minimum, r.maximum + 1))
    with sous(TEXTE):
        assert valeurs[r.texte] == m.chance(m.reference)
    assert len(set(valeurs.values())) > 1, f"{nom} ne change rien à {m.titre}"


def test_une_section_ecrit_ses_chances_par_la_regle_du_site() -> None:
    s = section("seuil-des-des-lances")
    assert "| Réussite | 38,4 % | 6,0 % | −32,4 |" in s  # 83/216 sous le texte
    assert Fraction(83, 216) == warp.distribution(2, bonus=1)[warp.Resultat.REUSSITE]
