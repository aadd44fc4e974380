"""WaRP › une `Reserve` (Trait, bonus, malus) vérifiée une fois : ce que compte chaque appel.

Chaque vérification d'une entrée passe par `rules._valider` (`entier` pour un Trait,
`des` pour une suite de dés). On compte ces appels pendant un appel public, et l'on
attend ce que dit la forme de l'appel (un Trait donné : une vérification ; une suite
de dés donnée : une vérification), pas un nombre relevé sur le code.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules import _valider
from rules.refus import Refus
from rules.warp import Reserve, TraitSansDes, cooperation, derouler, distribution, garder, jet, opposition
from rules.warp.jets import verifier_jet


@pytest.fixture
def verifications(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[tuple[str, Any]]]:
    """Le compte des vérifications (`entier`, `des`) par fonction et par lieu, pendant le test."""
    compte: Counter[tuple[str, Any]] = Counter()
    for nom in ("entier", "des"):
        vraie: Callable[..., Any] = getattr(_valider, nom)

        def comptee(lieu: Any, *args: Any, _vraie: Callable[..., Any] = vraie, _nom: str = nom, **kw: Any) -> Any:
            compte[(_nom, lieu)] += 1
            return _vraie(lieu, *args, **kw)

        monkeypatch.setattr(_valider, nom, comptee)
    yield compte


def _traits(compte: Counter[tuple[str, Any]]) -> int:
    return sum(n for (nom, lieu), n in compte.items() if nom == "entier" and lieu == "trait")


def _des(compte: Counter[tuple[str, Any]]) -> int:
    return sum(n for (nom, _), n in compte.items() if nom == "des")


def test_un_jet_verifie_son_trait_et_ses_des_une_fois(verifications: Counter[tuple[str, Any]]) -> None:
    jet(3, bonus=1, malus=2, des=(6, 2, 5, 1))
    assert _traits(verifications) == 1
    assert _des(verifications) == 1
    assert verifications[("entier", "bonus")] == verifications[("entier", "malus")] == 1


def test_une_reserve_recue_n_est_pas_verifiee_de_nouveau(verifications: Counter[tuple[str, Any]]) -> None:
    bourrin = Reserve(3, bonus=1, malus=4)
    verifications.clear()
    jet(bourrin, des=(6, 6, 5, 5, 4, 4))
    assert _traits(verifications) == 0 and _des(verifications) == 1


def test_une_opposition_croit_les_jets_rendus_par_la_regle(verifications: Counter[tuple[str, Any]]) -> None:
    a, b = jet(4, des=(6, 5, 3, 2)), jet(2, des=(6, 4))
    verifications.clear()
    opposition(a, b)
    assert not verifications, "une opposition ne refait pas des jets rendus par la règle"
    # Une copie garde la marque ; un Jet truqué (dataclasses.replace) est refait, une fois, et refusé.
    assert verifier_jet("premier", pickle.loads(pickle.dumps(a))) == a
    with pytest.raises(Refus, match="premier : ce Jet ne concorde pas avec ses dés"):
        opposition(dataclasses.replace(a, critiques=0), b)


def test_un_test_cooperatif_verifie_chaque_trait_et_chaque_jet_une_fois(
    verifications: Counter[tuple[str, Any]],
) -> None:
    betas, des_betas = [2, 3], [(4, 3), (6, 1, 1)]
    cooperation(3, betas, des_betas=des_betas, des_alpha=(5, 4, 2, 1))
    # Un Trait par participant (l'Alpha et chaque Bêta, sous le nom « trait » de leur réserve), une suite de dés par jet.
    assert _traits(verifications) == 1 + len(betas)
    assert _des(verifications) == 1 + len(des_betas)


def test_un_test_etendu_verifie_son_trait_une_fois_et_chaque_round_une_fois(
    verifications: Counter[tuple[str, Any]],
) -> None:
    rounds = [(5, 3, 2), (6, 1, 1), (6, 4, 3)]
    d = derouler(3, 2, 2, 1, des=rounds)
    assert len(d.rounds) == len(rounds)
    assert _traits(verifications) == 1
    assert _des(verifications) == len(rounds)
    assert verifications[("entier", "complexite")] == verifications[("entier", "maniabilite")] == 1


def test_une_reserve_refuse_a_la_construction_et_nomme_son_lieu() -> None:
    cas: list[tuple[Callable[[], object], tuple[tuple[str, ...], ...], str]] = [
        (lambda: Reserve(-1), (("trait",),), "trait doit être un entier ≥ 0, reçu -1"),
        (lambda: Reserve(3, malus=-1), (("malus",),), "malus doit être un entier ≥ 0, reçu -1"),
        (lambda: Reserve(3, bonus=61), (("bonus",),), "bonus doit être ≤ 60 (au plus 60 dés), reçu 61"),
        (
            lambda: Reserve(50, bonus=11),
            (("trait",), ("bonus",), ("malus",)),
            "trait, bonus et malus : au plus 60 dés d'un même jet, reçu 61 (trait 50, bonus 11, malus 0)",
        ),
        (
            lambda: Reserve(TraitSansDes("Charme")),  # type: ignore[arg-type]
            (("trait",),),
            "trait : « Charme » est un Trait sans dés",
        ),
        (lambda: Reserve(3).avec(bonus=-2), (("bonus",),), "bonus doit être un entier ≥ 0, reçu -2"),
        (
            lambda: jet(Reserve(3), bonus=1, des=(1, 2, 3, 4)),
            (("bonus",), ("malus",)),
            "bonus et malus : sont déjà dans la Reserve reçue",
        ),
    ]
    for appel, lieux, debut in cas:
        with pytest.raises(Refus) as refus:
            appel()
        assert refus.value.lieux == lieux
        assert str(refus.value).startswith(debut), str(refus.value)


def test_une_reserve_donne_les_memes_jets_et_les_memes_chances() -> None:
    """`jet(Reserve(…))` et `distribution(Reserve(…))` : ceux de `jet(trait, bonus=…, malus=…)`, tirage compris."""
    for trait, bonus, malus in [(0, 0, 0), (1, 0, 2), (3, 1, 0), (3, 1, 4), (4, 2, 2)]:
        r = Reserve(trait, bonus=bonus, malus=malus)
        assert jet(r, rng=random.Random(5)) == jet(trait, bonus=bonus, malus=malus, rng=random.Random(5))
        assert distribution(r) == distribution(trait, bonus=bonus, malus=malus)
        assert r.lances == (trait + abs(bonus - malus) if trait else 0)
        des = tuple(random.Random(trait).randint(1, 6) for _ in range(r.lances))
        assert r.garder(des) == garder(des, trait, bonus - malus)
        assert r.avec(bonus=1) == Reserve(trait, bonus=bonus + 1, malus=malus)
