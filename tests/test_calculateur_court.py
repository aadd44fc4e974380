"""Les formulaires courts : d'abord les champs qu'un joueur remplit à la table, le reste sous « Plus d'options »
(un vrai `<details>`, que la page déplie dès qu'un de ses champs porte une autre valeur que son défaut ou un refus :
vérifié dans Chromium par `tests/test_calculateur_court_navigateur.py`)."""

from __future__ import annotations

import re

import pytest

from hooks.calculateur import formulaire_html
from rules.calculateur import FORMULAIRES, Champ, Formulaire
from rules.refus import Refus


def _a_la_table(nom: str) -> list[str]:
    f = FORMULAIRES[nom]
    return [c.nom for c in f.champs if not f.en_plus(c)]


def test_les_champs_de_la_table() -> None:
    assert _a_la_table("warp-jet") == ["trait", "bonus", "malus", "des"]
    assert _a_la_table("troisd6-scene") == ["seuil_a", "indice_a", "adversaire", "seuil_b", "indice_b"]
    assert _a_la_table("troisd6-apres-attaque") == [
        "niveau_attaque", "des_attaque", "seuil_attaquant", "indice_attaquant", "seuil_defenseur", "indice_defenseur",
    ]  # fmt: skip
    assert {"trait", "bonus", "malus", "des"} <= set(_a_la_table("warp-etendu"))
    # Un risque, une armure, un talent ne sont jamais des champs de la table.
    for f in FORMULAIRES.values():
        for c in f.champs:
            if re.match(r"(armure|talent|modificateur|niveaux|bonus_points)(_|$)", c.nom) and f.a_la_table:
                assert f.en_plus(c), (f.nom, c.nom)


@pytest.mark.parametrize("nom", list(FORMULAIRES))
def test_le_formulaire_html_range_le_reste_sous_plus_d_options(nom: str) -> None:
    f = FORMULAIRES[nom]
    page = formulaire_html(f)
    plus = re.search(r'<details class="calc-plus">(.*?)</details>', page)
    autres = [c.nom for c in f.champs if f.en_plus(c)]
    if not autres:
        assert plus is None
        return
    assert plus is not None and '<details class="calc-plus" open' not in page
    assert plus[1].startswith("<summary>Plus d'options")
    dedans = re.findall(r'name="(\w+)"', plus[1])
    assert dedans == autres
    dehors = re.findall(r'name="(\w+)"', page.replace(plus[0], ""))
    assert dehors == _a_la_table(nom)


def test_a_la_table_ne_nomme_que_des_champs() -> None:
    with pytest.raises(Refus, match=r"^a_la_table doit ne nommer que des champs du formulaire x, reçu \['y'\]$"):
        Formulaire("x", "3D6", "X", "", "", (Champ("a", "A"),), lambda lu: None, a_la_table=("a", "y"))  # type: ignore[arg-type,return-value]
