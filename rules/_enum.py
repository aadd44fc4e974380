"""Énumérations ordonnées avec un libellé français (Résultat, Niveau, Avantage…)."""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Any


@cache
def _rangs(classe: type[Enum]) -> dict[Enum, int]:
    """La position de chaque membre, calculée une fois par énumération (les lois comparent beaucoup)."""
    return {membre: i for i, membre in enumerate(classe)}


class EnumOrdonnee(Enum):
    """Énumération dont les membres sont ordonnés dans l'ordre de leur définition.

    La valeur d'un membre est son libellé français, accentué (`str(membre)`).
    """

    @property
    def libelle(self) -> str:
        """Le libellé affiché au lecteur, avec ses accents."""
        return str(self.value)

    @property
    def rang(self) -> int:
        """La position du membre (0 pour le plus bas)."""
        return _rangs(type(self))[self]

    def __str__(self) -> str:
        return self.libelle

    def _comparable(self, autre: Any) -> bool:
        return type(autre) is type(self)

    def __lt__(self, autre: Any) -> bool:
        if not self._comparable(autre):
            return NotImplemented
        return bool(self.rang < autre.rang)

    def __le__(self, autre: Any) -> bool:
        if not self._comparable(autre):
            return NotImplemented
        return bool(self.rang <= autre.rang)

    def __gt__(self, autre: Any) -> bool:
        if not self._comparable(autre):
            return NotImplemented
        return bool(self.rang > autre.rang)

    def __ge__(self, autre: Any) -> bool:
        if not self._comparable(autre):
            return NotImplemented
        return bool(self.rang >= autre.rang)
