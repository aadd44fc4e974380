"""Énumérations ordonnées avec un libellé français (Résultat, Niveau, Avantage…)."""

from __future__ import annotations

from enum import Enum, EnumMeta
from typing import Any

from rules import _valider
from rules.refus import PHRASE, PROPOS, Refus


class _TypeOrdonne(EnumMeta):
    """Le type des énumérations ordonnées : `Niveau("Réussite simple")` rend le membre, un libellé inconnu
    donne un refus français (au lieu du message anglais d'Enum, qui échoue même sur un entier de 5 000 chiffres).

    À la création d'une énumération, chaque membre reçoit sa position (`_position`) une fois pour toutes :
    les règles et les lois comparent des niveaux des centaines de milliers de fois, chaque comparaison lit
    deux attributs au lieu de chercher deux positions dans une table."""

    def __new__(mcs, nom: str, bases: tuple[type, ...], espace: Any, **options: Any) -> Any:
        classe = super().__new__(mcs, nom, bases, espace, **options)
        membre: Any
        for position, membre in enumerate(classe):
            membre._position = position
        return classe

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

    _position: int
    """La position du membre, posée à la création de l'énumération (voir `_TypeOrdonne`)."""

    @property
    def rang(self) -> int:
        """La position du membre (0 pour le plus bas)."""
        return self._position

    def __str__(self) -> str:
        return self.libelle

    def __format__(self, format_spec: str) -> str:
        # Ce que fait Enum.__format__ (le texte de str(membre), mis en forme), sans ses deux appels de plus :
        # les explications écrivent des niveaux et des défenses à chaque jet.
        return str.__format__(str(self._value_), format_spec)

    def __lt__(self, autre: Any) -> bool:
        if type(autre) is not type(self):
            return NotImplemented
        return self._position < autre._position

    def __le__(self, autre: Any) -> bool:
        if type(autre) is not type(self):
            return NotImplemented
        return self._position <= autre._position

    def __gt__(self, autre: Any) -> bool:
        if type(autre) is not type(self):
            return NotImplemented
        return self._position > autre._position

    def __ge__(self, autre: Any) -> bool:
        if type(autre) is not type(self):
            return NotImplemented
        return self._position >= autre._position
