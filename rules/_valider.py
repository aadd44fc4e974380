"""Validation des entrées, à la porte de chaque fonction publique.

La règle, une seule : **toute entrée refusée lève un `ValueError`** (un mauvais
type aussi : `jet(2.5)` comme `jet(-1)`), dont le message français nomme le
paramètre, dit ce qui a été reçu et ce qui est permis. Aucune autre exception
ne sort d'une fonction publique sur une mauvaise entrée.

Les bornes sont celles d'une vraie table, énoncées ici une fois : au-delà, on
refuse vite plutôt que de calculer une minute (ou d'épuiser la mémoire) dans le
navigateur du lecteur.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sized
from enum import Enum
from itertools import islice
from typing import Any, TypeVar

from rules._francais import s
from rules.refus import PROPOS, Lieu, Refus, ecrire_recu

_E = TypeVar("_E", bound=Enum)

recu = ecrire_recu

Nom = str | Lieu
"""Le lieu d'une entrée : un paramètre (« trait »), ou un chemin (`("betas", 1)` : le Trait du deuxième Bêta)."""


def _un(nom: Nom) -> str | list[Lieu]:
    """Un seul lieu, pour `Refus` : un nom de paramètre, ou un chemin."""
    return [nom] if isinstance(nom, tuple) else nom


"""Ce qui a été reçu, écrit court pour un message (voir `rules.refus.ecrire_recu`)."""

# --- Les bornes des chances exactes ---------------------------------------------
# Ce qu'une vraie table rencontre, et que le moteur de lois (rules.des) calcule en
# quelques millisecondes ; au-delà, les fonctions de lois refusent plutôt que de
# faire attendre le lecteur (ou de calculer une minute dans son navigateur).

TRAIT_MAX = 12
"""Le plus grand Trait WaRP (dés gardés) dont on calcule les chances exactes."""

MODIFICATEUR_MAX = 12
"""Le plus grand nombre de dés de modificateur *nets* (|bonus − malus|) d'un jet WaRP dont on calcule les chances."""

BETAS_MAX = 12
"""Le plus grand nombre de Bêtas d'un Test coopératif (joué ou dont on calcule les chances)."""

COMPLEXITE_MAX = 20
"""La plus grande Complexité d'un Test étendu dont on calcule les chances."""

MANIABILITE_MAX = 20
"""La plus grande Maniabilité d'un Test étendu dont on calcule les chances."""

# --- Les bornes d'une partie jouée -------------------------------------------------
# Un jet joué avec ses dés n'est pas limité par les bornes des chances exactes
# (on résout un jet de 13d avec 14 dés de bonus), mais par ce qu'une main peut lancer.

RESERVE_MAX = 60
"""Le plus de dés d'un même jet (lancés d'un coup, ou gardés par le moteur de lois) ; aussi la borne du Trait,
du bonus et du malus d'un jet joué."""

FACES_MAX = 8
"""Le plus de faces d'un dé du moteur de lois (les deux systèmes n'ont que des d6 et des D3 ; le moteur est vérifié
jusqu'au d8)."""

JETS_TRIES_MAX = 12
"""Le plus de dés de l'énumération de référence des jets triés (`rules.des.jets_tries`)."""

LOI_MAX = 1000
"""Le plus d'issues d'une loi passée au moteur (`rules.des.opposer`, `rules.des.convoluer`)."""

VALEUR_MAX = 1000
"""La borne de tout autre entier d'une règle (seuil, modificateur, points, niveaux…) : de −1000 à 1000.

Aucune table n'en approche ; au-delà, on refuse plutôt que d'écrire un nombre de 5 000 chiffres."""

POINTS_MAX = 20
"""Les points d'effet ajoutés ou retirés à chaque effet (`bonus_points`, armure) : de −20 à 20 (le texte en
chiffre 1 à 3)."""

COMPLEXITE_JOUEE_MAX = 200
"""La plus grande Complexité (et Maniabilité) d'un Test étendu joué round par round."""

ROUNDS_MAX = 1000
"""Le plus de rounds d'un Test étendu joué : au plus 399 rounds décisifs (Complexité et Maniabilité 200), et la
borne arrête des Compensations sans fin."""

TOURS_MAX = 500
"""Le plus de tours d'une scène majeure jouée (`tours_max`, tours imposés)."""

TEXTE_MAX = 200
"""La plus longue chaîne acceptée (un nom, une unité, un titre)."""

LIGNES_MAX = 10_000
"""Le plus de lignes (ou de points) d'un tableau ou d'un graphique."""


def entier(nom: Nom, valeur: Any, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """Vérifie que `valeur` est un entier (pas un booléen) dans les bornes données.

    Sans borne donnée, un entier reste entre −`VALEUR_MAX` et `VALEUR_MAX`.

    Examples:
        >>> entier("trait", 3, minimum=0)
        3
        >>> entier("trait", -1, minimum=0)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: trait doit être un entier ≥ 0, reçu -1
        >>> entier("seuil", 10**40)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: seuil doit être un entier entre -1000 et 1000, reçu 10000000000000000000000000000000000000000
    """
    if type(valeur) is int and (-VALEUR_MAX if minimum is None else minimum) <= valeur <= (
        VALEUR_MAX if maximum is None else maximum
    ):
        return valeur  # le cas de chaque appel d'une partie : rien à écrire (le refus ci-dessous, lui, se rédige)
    if minimum is not None and maximum is not None:
        permis = f"un entier entre {minimum} et {maximum}"
    elif minimum is not None:
        permis = f"un entier ≥ {minimum}"
    elif maximum is not None:
        permis = f"un entier ≤ {maximum}"
    else:
        permis = "un entier"
    if isinstance(valeur, bool) or not isinstance(valeur, int):
        raise Refus(_un(nom), f"être {permis}", recu=valeur)
    if (minimum is not None and valeur < minimum) or (maximum is not None and valeur > maximum):
        raise Refus(_un(nom), f"être {permis}", recu=valeur)
    bas = -VALEUR_MAX if minimum is None else minimum
    haut = VALEUR_MAX if maximum is None else maximum
    if not bas <= valeur <= haut:
        raise Refus(_un(nom), f"être un entier entre {bas} et {haut}", recu=valeur)
    return int(valeur)


def booleen(nom: Nom, valeur: Any) -> bool:
    """Un vrai drapeau : `True` ou `False`, pas `"non"` ni `1`.

    Examples:
        >>> booleen("symetrique", False)
        False
        >>> booleen("symetrique", "non")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: symetrique doit être True ou False, reçu 'non'
    """
    if not isinstance(valeur, bool):
        raise Refus(_un(nom), "être True ou False", recu=valeur)
    return valeur


def membre(nom: Nom, valeur: Any, classe: type[_E], *, permis: str | None = None) -> _E:
    """Un membre de l'énumération `classe` (pas son libellé ni son nom).

    Examples:
        >>> from rules.troisd6.avantages import Avantage
        >>> membre("objectif", Avantage.FORT, Avantage)
        <Avantage.FORT: 'avantage fort'>
        >>> membre("objectif", "FORT", Avantage)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: objectif doit être un Avantage (AUCUN, LEGER, MOYEN, FORT, CRITIQUE, DEFINITIF), reçu 'FORT'
    """
    if not isinstance(valeur, classe):
        if permis is None:
            permis = ", ".join(m.name for m in classe)
        article = "une" if classe.__name__ in FEMININS else "un"
        raise Refus(_un(nom), f"être {article} {classe.__name__} ({permis})", recu=valeur)
    return valeur


FEMININS = frozenset({"Defense", "Difficulte", "Issue"})
"""Les énumérations dont le nom est féminin (« une Défense », « aucune Issue »)."""


def texte(nom: Nom, valeur: Any, *, quoi: str = "un texte non vide") -> str:
    """Un texte non vide d'au plus `TEXTE_MAX` caractères.

    Examples:
        >>> texte("nom", "Philip")
        'Philip'
        >>> texte("nom", "")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: nom doit être un texte non vide (200 caractères au plus), reçu ''
    """
    if not isinstance(valeur, str) or not valeur.strip() or len(valeur) > TEXTE_MAX:
        raise Refus(_un(nom), f"être {quoi} ({TEXTE_MAX} caractères au plus)", recu=valeur)
    return valeur


def suite(nom: Nom, valeurs: Any, *, maximum: int, quoi: str) -> tuple[Any, ...]:
    """Les éléments d'une suite finie d'au plus `maximum` éléments, lus sans aller au-delà.

    Un itérable infini (`itertools.count()`) est refusé après `maximum + 1` éléments.

    Examples:
        >>> suite("betas", [2, 3], maximum=12, quoi="Traits")
        (2, 3)
        >>> import itertools
        >>> suite("betas", itertools.count(), maximum=12, quoi="Traits")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: betas doit être une suite d'au plus 12 Traits, reçu plus de 12 éléments
    """
    if isinstance(valeurs, str | bytes | Mapping) or not isinstance(valeurs, Iterable):
        raise Refus(_un(nom), f"être une suite d'au plus {maximum} {quoi}", recu=valeurs)
    lus = tuple(islice(valeurs, maximum + 1))
    if len(lus) > maximum:
        raise Refus(
            _un(nom), f"être une suite d'au plus {maximum} {quoi}", recu_ecrit=f"plus de {maximum} élément{s(maximum)}"
        )
    return lus


def des(nom: Nom, valeurs: Any, *, nombre: int, faces: int = 6) -> tuple[int, ...]:
    """Vérifie une suite de `nombre` valeurs de dés, chacune entre 1 et `faces`.

    Le nombre est vérifié avant de lire la suite jusqu'au bout : un itérable
    infini est refusé après `nombre + 1` valeurs.

    Examples:
        >>> des("des", [6, 4, 1], nombre=3)
        (6, 4, 1)
        >>> des("des", (6, 7, 1), nombre=3)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: des : chaque dé doit être un entier entre 1 et 6, reçu 7
        >>> import itertools
        >>> des("des", itertools.count(1), nombre=3)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: des doit contenir exactement 3 dés, reçu plus de 3
    """
    if type(valeurs) is tuple and len(valeurs) == nombre:  # le cas de chaque jet joué : un tuple déjà juste
        for valeur in valeurs:
            if type(valeur) is not int or not 1 <= valeur <= faces:
                break
        else:
            return valeurs
    if isinstance(valeurs, str | bytes | Mapping) or not isinstance(valeurs, Iterable):
        raise Refus(
            _un(nom), f"être une suite de {nombre} dé{s(nombre)} (entier{s(nombre)} de 1 à {faces})", recu=valeurs
        )
    if isinstance(valeurs, Sized) and len(valeurs) != nombre:
        raise Refus(
            _un(nom), f"contenir exactement {nombre} dé{s(nombre)}", recu_ecrit=f"{len(valeurs)} : {recu(valeurs)}"
        )
    resultat = tuple(islice(valeurs, nombre + 1))
    if len(resultat) > nombre:
        raise Refus(_un(nom), f"contenir exactement {nombre} dé{s(nombre)}", recu_ecrit=f"plus de {nombre}")
    if len(resultat) != nombre:
        raise Refus(
            _un(nom), f"contenir exactement {nombre} dé{s(nombre)}", recu_ecrit=f"{len(resultat)} : {recu(resultat)}"
        )
    for valeur in resultat:
        if isinstance(valeur, bool) or not isinstance(valeur, int) or not 1 <= valeur <= faces:
            raise Refus(_un(nom), f"chaque dé doit être un entier entre 1 et {faces}", recu=valeur, forme=PROPOS)
    return resultat


def generateur(rng: Any) -> random.Random | None:
    """Le `random.Random` qui tire les dés (ou `None` : un neuf).

    Examples:
        >>> generateur(42)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: rng doit être un random.Random (ou None), reçu 42
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise Refus("rng", "être un random.Random (ou None)", recu=rng)
    return rng


def au_plus(nom: Nom, valeur: int, maximum: int) -> int:
    """Refuse un entier (déjà validé) au-delà de la borne `maximum` d'un calcul de chances exactes.

    Examples:
        >>> au_plus("trait", 12, TRAIT_MAX)
        12
        >>> au_plus("trait", 13, TRAIT_MAX)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: trait doit être ≤ 12 pour calculer des chances exactes, reçu 13
    """
    if valeur > maximum:
        raise Refus(_un(nom), f"être ≤ {maximum} pour calculer des chances exactes", recu=valeur)
    return valeur


def plafond(nom: Nom, valeur: int, maximum: int, quoi: str) -> int:
    """Refuse un entier (déjà validé) au-delà de la borne `maximum` d'une vraie table.

    Examples:
        >>> plafond("nombre", 61, RESERVE_MAX, "dés d'un même jet")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: nombre doit être ≤ 60 (au plus 60 dés d'un même jet), reçu 61
    """
    if valeur > maximum:
        raise Refus(_un(nom), f"être ≤ {maximum} (au plus {maximum} {quoi})", recu=valeur)
    return valeur


POIDS_MAX = 2**512
"""Le plus grand poids entier d'une issue dans une loi passée au moteur (des jets ordonnés : 6⁶⁰ y tient)."""


def loi_entiere(nom: Nom, loi: Any, *, cle: Callable[[Nom, Any], Any]) -> dict[Any, int]:
    """Une loi en poids entiers ≥ 0 (au plus `LOI_MAX` issues), dont chaque issue est vérifiée par `cle`.

    Un refus porte sur la loi (`nom`, un paramètre ou un chemin comme `("lois", 0)`) : « chaque issue… »,
    « chaque poids… ».

    Examples:
        >>> loi_entiere(("lois", 0), {1: 1, 2: 1}, cle=entier)
        {1: 1, 2: 1}
        >>> loi_entiere(("lois", 0), {1: -1}, cle=entier)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: lois[0] : chaque poids doit être un entier ≥ 0, reçu -1
        >>> loi_entiere("a", {"x": 1}, cle=classe_et_total)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: a : chaque issue doit être un couple (classe, total entier entre −1000 et 1000), reçu 'x'
    """
    if not isinstance(loi, Mapping):
        raise Refus(_un(nom), "être une loi (un dict issue → poids entier)", recu=loi)
    if len(loi) > LOI_MAX:
        raise Refus(_un(nom), f"avoir au plus {LOI_MAX} issues", recu=len(loi))
    for issue, poids in loi.items():
        try:
            cle(nom, issue)
        except Refus as refus:
            raise Refus(_un(nom), f"chaque issue doit {refus.permis}", recu_ecrit=refus.recu, forme=PROPOS) from None
        if isinstance(poids, bool) or not isinstance(poids, int) or not 0 <= poids < POIDS_MAX:
            raise Refus(_un(nom), "chaque poids doit être un entier ≥ 0", recu=poids, forme=PROPOS)
    return dict(loi)


def classe_et_total(nom: Nom, issue: Any) -> tuple[Any, int]:
    """Une issue (classe, total) d'une loi à opposer : un couple dont le second terme est un entier.

    Examples:
        >>> classe_et_total("a", ("x", 3))
        ('x', 3)
        >>> classe_et_total("a", 3)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: a doit être un couple (classe, total entier entre −1000 et 1000), reçu 3
        >>> classe_et_total("a", ("x", "3"))
        Traceback (most recent call last):
        ...
        rules.refus.Refus: a doit être un couple (classe, total entier entre −1000 et 1000), reçu ('x', '3')
    """
    total = issue[1] if isinstance(issue, tuple) and len(issue) == 2 else None
    if isinstance(total, bool) or not isinstance(total, int) or abs(total) > VALEUR_MAX:
        raise Refus(_un(nom), f"être un couple (classe, total entier entre −{VALEUR_MAX} et {VALEUR_MAX})", recu=issue)
    return issue[0], total


def trait_de_loi(nom: Nom, valeur: Any) -> int:
    """Un Trait WaRP dont on calcule les chances : un entier de 0 à `TRAIT_MAX`.

    Examples:
        >>> trait_de_loi("trait", 3)
        3
        >>> trait_de_loi("trait", -1)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: trait doit être un entier ≥ 0, reçu -1
        >>> trait_de_loi("trait_second", 20)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: trait_second doit être ≤ 12 pour calculer des chances exactes, reçu 20
    """
    return au_plus(nom, entier(nom, valeur, minimum=0), TRAIT_MAX)


def modificateur_net(bonus: Any, malus: Any, *, noms: tuple[str, str] = ("bonus", "malus")) -> int:
    """Les dés de modificateur nets (bonus − malus) d'un jet dont on calcule les chances.

    Chacun est un entier ≥ 0 ; leur différence ne dépasse pas
    `MODIFICATEUR_MAX` dés dans un sens ou dans l'autre.

    Examples:
        >>> modificateur_net(2, 5)
        -3
        >>> modificateur_net(15, 1)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: bonus et malus : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 14 (bonus 15, malus 1)
        >>> modificateur_net(0, 13, noms=("bonus_second", "malus_second"))
        Traceback (most recent call last):
        ...
        rules.refus.Refus: bonus_second et malus_second : au plus 12 dés de modificateur nets pour calculer des chances exactes, reçu 13 (bonus 0, malus 13)
    """
    b = entier(noms[0], bonus, minimum=0)
    m = entier(noms[1], malus, minimum=0)
    if abs(b - m) > MODIFICATEUR_MAX:
        raise Refus(
            noms,
            f"au plus {MODIFICATEUR_MAX} dés de modificateur nets pour calculer des chances exactes",
            recu_ecrit=f"{abs(b - m)} (bonus {b}, malus {m})",
            forme=PROPOS,
        )
    return b - m
