"""Énumérations ordonnées avec un libellé français (Résultat, Niveau, Avantage…)."""

from __future__ import annotations

from enum import Enum, EnumMeta
from functools import cache
from typing import Any

from rules import _valider
from rules.refus import PHRASE, PROPOS, Refus


@cache
def _rangs(classe: type[Enum]) -> dict[Enum, int]:
    """La position de chaque membre, calculée une fois par énumération (les lois comparent beaucoup)."""
    return {membre: i for i, membre in enumerate(classe)}


class _TypeOrdonne(EnumMeta):
    """Le type des énumérations ordonnées : `Niveau("Réussite simple")` rend le membre, un libellé inconnu
    donne un refus français (au lieu du message anglais d'Enum, qui échoue même sur un entier de 5 000 chiffres)."""

    def __call__(cls, valeur: Any, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        if not cls._member_map_:  # création d'une énumération (API fonctionnelle)
            return super().__call__(valeur, *args, **kwargs)
        if args or kwargs:  # un membre se retrouve par son seul libellé (Enum lèverait un TypeError anglais)
            raise Refus(
                "valeur",
                f"{cls.__name__} attend un seul argument, le libellé",
                recu_ecrit=f"{1 + len(args) + len(kwargs)} arguments",
                forme=PHRASE,
            )
        if isinstance(valeur, cls):
            return valeur
        if isinstance(valeur, str):
            for membre in cls._member_map_.values():
                if membre.value == valeur:
                    return membre
        permis = ", ".join(repr(m.value) for m in cls._member_map_.values())
        aucun = "aucune" if cls.__name__ in _valider.FEMININS else "aucun"
        raise Refus(
            "valeur",
            f"{aucun} {cls.__name__} ne s'appelle {_valider.recu(valeur)} ; libellés permis : {permis}",
            forme=PROPOS,
        )


class EnumOrdonnee(Enum, metaclass=_TypeOrdonne):
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
