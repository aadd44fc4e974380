"""Les deux profils de hypothesis (`tests/conftest.py`) tiennent parole, essayés sur de petits tests.

- Sur un poste (« regles »), la boucle rapide **explore** : deux exécutions tirent des exemples
  différents ; un bogue trouvé est rapporté avec son exemple minimal et la ligne
  `@reproduce_failure(...)` qui le rejoue, et rien n'est gardé dans une base d'exemples
  (`.hypothesis/examples`) pour être rejoué en silence aux exécutions suivantes.
- Sous `CI=true` (« ci »), les mêmes exemples à chaque exécution, et le même rapport en cas d'échec.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import EN_CI


def _tirages(profil: str) -> list[int]:
    """Les entiers qu'un test tire sous `profil`, une exécution."""
    tires: list[int] = []

    @settings(settings.get_profile(profil), max_examples=20)
    @given(st.integers())
    def essai(n: int) -> None:
        tires.append(n)

    essai()
    return tires


def _bogue(profil: str) -> Callable[[], None]:
    """Un test sous `profil` qui a un bogue à trouver : il échoue dès que n ≥ 1000."""

    @settings(settings.get_profile(profil))
    @given(st.integers(min_value=0, max_value=10**6))
    def essai(n: int) -> None:
        assert n < 1000

    return essai


def _rapport(essai: Callable[[], None]) -> str:
    with pytest.raises(AssertionError) as echec:
        essai()
    return "\n".join(getattr(echec.value, "__notes__", []))


def test_le_profil_charge_est_celui_du_lieu() -> None:
    """La suite tourne sous « ci » avec CI=true, sous « regles » sinon : sans base ni délai, le rapport complet."""
    charge, attendu = settings.default, settings.get_profile("ci" if EN_CI else "regles")
    assert charge.derandomize == attendu.derandomize == EN_CI
    assert (charge.database, charge.deadline, charge.print_blob) == (None, None, True)


def test_sur_un_poste_la_boucle_rapide_explore_et_rapporte_sans_rien_garder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # là où hypothesis écrirait sa base d'exemples par défaut
    assert _tirages("regles") != _tirages("regles"), "deux exécutions sur un poste ont tiré les mêmes exemples"
    for _ in range(2):  # et la seconde ne rejoue pas d'office l'exemple trouvé par la première
        rapport = _rapport(_bogue("regles"))
        assert "Falsifying example: essai(\n    n=1000,\n)" in rapport, rapport
        assert "@reproduce_failure(" in rapport, rapport
    assert not (tmp_path / ".hypothesis" / "examples").exists(), os.listdir(tmp_path)


def test_sous_ci_les_memes_exemples_a_chaque_execution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    premiers = _tirages("ci")
    assert premiers == _tirages("ci") and len(premiers) == 20
    rapport = _rapport(_bogue("ci"))
    assert "n=1000," in rapport and "@reproduce_failure(" in rapport, rapport
    assert not (tmp_path / ".hypothesis" / "examples").exists()
