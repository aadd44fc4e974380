"""Le refus d'une entrée, comme donnée : où il porte, ce qui a été reçu, ce qui est permis.

Toute entrée refusée par le paquet lève un [`Refus`][rules.refus.Refus], un
`ValueError`. Il porte ses **lieux** (les paramètres concernés, avec un chemin
pour une entrée imbriquée : quel Bêta, quel camp, quel tour), ce qui est
**permis**, ce qui a été **reçu**, et la **forme** de la phrase. Son message
français est rendu depuis ces champs : qui le montre (un formulaire du
calculateur, la ligne de commande) choisit le lieu par ses champs et le nomme
par sa propre étiquette, sans jamais lire la phrase.

Examples:
    >>> r = Refus("trait", "être un entier ≥ 0", recu=-1)
    >>> str(r)
    'trait doit être un entier ≥ 0, reçu -1'
    >>> r.lieux, r.permis, r.recu
    ((('trait',),), 'être un entier ≥ 0', '-1')
    >>> str(r.sous("betas", 1))
    'betas[1].trait doit être un entier ≥ 0, reçu -1'
    >>> r.message(lambda lieu: "Trait (dés)")
    'Trait (dés) : doit être un entier ≥ 0, reçu -1'
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

__all__ = ["DOIT", "PHRASE", "PROPOS", "Refus", "ecrire_recu"]

Lieu = tuple[str | int, ...]
"""Un lieu : le paramètre, puis le chemin dans l'entrée (`("betas", 1)` : le deuxième Bêta)."""

Forme = Literal["doit", "propos", "phrase"]

DOIT: Forme = "doit"
"""« trait doit être un entier ≥ 0, reçu -1 » : `permis` est ce que le lieu doit être (ou contenir)."""
PROPOS: Forme = "propos"
"""« des : chaque dé doit être un entier entre 1 et 6, reçu 7 » : `permis` est ce qu'on dit du lieu."""
PHRASE: Forme = "phrase"
"""« aucun dé d'expérience disponible… » : une phrase entière, qui ne nomme pas son lieu."""

_RIEN: Any = object()

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 80
_REPR.maxlong = 60


def ecrire_recu(valeur: Any) -> str:
    """Ce qui a été reçu, écrit court pour un message : jamais un texte de 5 000 caractères.

    Examples:
        >>> ecrire_recu(-1), ecrire_recu("2D6+"), ecrire_recu(2.5)
        ('-1', "'2D6+'", '2.5')
        >>> ecrire_recu(10**5000)
        'un entier de 5001 chiffres'
        >>> import random
        >>> ecrire_recu(random.Random(1))
        'un objet Random'
        >>> ecrire_recu("x" * 1000)
        "'xxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    """
    if isinstance(valeur, int) and not isinstance(valeur, bool) and valeur.bit_length() > 150:
        chiffres = len(str(abs(valeur))) if valeur.bit_length() < 14_000 else int(valeur.bit_length() * 0.30103) + 1
        return f"un entier de {chiffres} chiffres"
    if type(valeur) is object:
        return "un objet quelconque"
    if type(valeur).__repr__ is object.__repr__:  # type: ignore[comparison-overlap]  # « <… object at 0x…> »
        return f"un objet {type(valeur).__qualname__}"
    try:
        return _REPR.repr(valeur)
    except Exception:  # un __repr__ défaillant ne doit pas masquer le vrai refus
        return f"un objet {type(valeur).__name__}"


def nom_python(lieu: Lieu) -> str:
    """Le lieu écrit comme en Python : `trait`, `betas[1]`, `a.indice`, `tours[2].des_attaque`.

    Examples:
        >>> nom_python(("trait",)), nom_python(("betas", 1)), nom_python(("a", "indice"))
        ('trait', 'betas[1]', 'a.indice')
    """
    texte = ""
    for morceau in lieu:
        if isinstance(morceau, int):
            texte += f"[{morceau}]"
        else:
            texte += f".{morceau}" if texte else morceau
    return texte


def _lieux(lieux: object) -> tuple[Lieu, ...]:
    """Les lieux d'un refus : un nom de paramètre, ou une suite non vide de noms ou de chemins (noms et rangs)."""
    if isinstance(lieux, str):
        return ((lieux,),)
    if isinstance(lieux, tuple | list) and lieux:
        lus = tuple((lieu,) if isinstance(lieu, str) else lieu for lieu in lieux)
        if all(isinstance(lieu, tuple) and lieu and all(isinstance(m, str | int) for m in lieu) for lieu in lus):
            return tuple(tuple(lieu) for lieu in lus)
    raise Refus("lieux", "être un nom de paramètre, ou une suite non vide de noms ou de chemins", recu=lieux)


class Refus(ValueError):
    """Une entrée refusée : ses lieux, ce qui est permis, ce qui a été reçu ; le message en est rendu.

    Args:
        lieux: le paramètre concerné (`"trait"`), ou plusieurs (`("bonus", "malus")`).
        permis: ce qui est permis (forme « doit » : « être un entier ≥ 0 »), ou ce qu'on dit du lieu
            (forme « propos »), ou la phrase entière (forme « phrase »).
        recu: la valeur reçue (écrite courte par `ecrire_recu`), ou un texte déjà écrit
            (`recu_ecrit`) ; rien si le refus ne la montre pas.
        forme: la forme de la phrase : `DOIT`, `PROPOS` ou `PHRASE`.
    """

    lieux: tuple[Lieu, ...]
    """Les lieux concernés : le premier est celui où montrer le refus."""
    permis: str
    """Ce qui est permis, ou ce qu'on dit du lieu."""
    recu: str | None
    """Ce qui a été reçu, écrit court (ou `None`)."""
    forme: Forme
    """La forme de la phrase."""

    def __init__(
        self,
        lieux: str | Sequence[str] | Sequence[Lieu],
        permis: str,
        *,
        recu: Any = _RIEN,
        recu_ecrit: str | None = None,
        forme: Forme = DOIT,
    ) -> None:
        self.lieux = _lieux(lieux)
        if not isinstance(permis, str) or forme not in (DOIT, PROPOS, PHRASE):
            raise Refus("permis", "être un texte, et forme l'une de « doit », « propos », « phrase »", recu=permis)
        if recu_ecrit is not None and not isinstance(recu_ecrit, str):
            raise Refus("recu_ecrit", "être un texte ou None", recu=recu_ecrit)
        self.permis = permis
        self.recu = recu_ecrit if recu is _RIEN else ecrire_recu(recu)
        self.forme = forme
        super().__init__(self.message())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_refaire, (self.lieux, self.permis, self.recu, self.forme))

    def __str__(self) -> str:
        return self.message()

    def corps(self, pluriel: bool = False) -> str:
        """La phrase sans le nom du lieu : « doit être un entier ≥ 0, reçu -1 » (« doivent » au `pluriel`)."""
        texte = f"{'doivent' if pluriel else 'doit'} {self.permis}" if self.forme == DOIT else self.permis
        return texte if self.recu is None else f"{texte}, reçu {self.recu}"

    def message(self, nommer: Callable[[Lieu], str] | None = None, *, etiquette: bool = True) -> str:
        """Le message, rendu depuis les champs.

        Sans `nommer`, les lieux sont écrits comme en Python (« trait », « betas[1] ») : c'est ce qu'a
        tapé le lecteur d'une cellule. Avec `nommer` (un lieu → une étiquette), le message commence
        par l'étiquette (« Dés lancés : chaque dé doit… ») : c'est ce que montre un formulaire.
        Avec `etiquette=False`, les noms rendus par `nommer` prennent la place des noms Python dans
        la même phrase (« --des doit contenir… ») : c'est ce qu'écrit la ligne de commande.
        """
        noms = list(dict.fromkeys((nommer or nom_python)(lieu) for lieu in self.lieux))
        tete = noms[0] if len(noms) == 1 else ", ".join(noms[:-1]) + " et " + noms[-1]
        corps = self.corps(len(self.lieux) > 1)
        if nommer is not None and (etiquette or self.forme == PHRASE):
            return f"{tete} : {corps}"
        if self.forme == PHRASE:
            return corps
        return f"{tete} {corps}" if self.forme == DOIT else f"{tete} : {corps}"

    def sous(self, *chemin: str | int) -> Refus:
        """Le même refus, chaque lieu placé sous `chemin` (`refus.sous("betas", 1)` : celui du deuxième Bêta).

        Examples:
            >>> r = Refus("seuil", "être un entier", recu="x").sous("a")
            >>> r.lieux, str(r)
            ((('a', 'seuil'),), "a.seuil doit être un entier, reçu 'x'")
        """
        return self.vers(*(tuple(chemin) + lieu for lieu in self.lieux))

    def relocaliser(self, ou: Mapping[str, Lieu]) -> Refus:
        """Le même refus, chaque lieu dont le paramètre est une clé de `ou` porté à la place que `ou` lui donne.

        C'est ce que fait une fonction qui appelle une autre règle : elle sait quel paramètre à elle a
        fourni celui que la règle appelée refuse.

        Examples:
            >>> r = Refus("des", "contenir exactement 2 dés", recu_ecrit="3 : (6, 5, 1)")
            >>> str(r.relocaliser({"des": ("des_betas", 1), "trait": ("betas", 1)}))
            'des_betas[1] doit contenir exactement 2 dés, reçu 3 : (6, 5, 1)'
        """
        return self.vers(*(tuple(ou[tete]) + lieu[1:] if (tete := str(lieu[0])) in ou else lieu for lieu in self.lieux))

    def vers(self, *lieux: Lieu) -> Refus:
        """Le même refus (même texte permis, même reçu), porté par d'autres lieux.

        Examples:
            >>> r = Refus("niveaux", "14D6 +3 niveaux sort de l'échelle", forme=PROPOS)
            >>> str(r.vers(("attaquant", "indice"), ("risque", "niveaux")))
            "attaquant.indice et risque.niveaux : 14D6 +3 niveaux sort de l'échelle"
        """
        nouveau = Refus(lieux, self.permis, recu_ecrit=self.recu, forme=self.forme)
        nouveau.__cause__ = self.__cause__
        return nouveau


def _refaire(lieux: tuple[Lieu, ...], permis: str, recu: str | None, forme: Forme) -> Refus:
    return Refus(lieux, permis, recu_ecrit=recu, forme=forme)
