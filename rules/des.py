"""Les dés : le seul endroit du paquet où vit le hasard, et où se calculent les lois exactes.

Une règle est une fonction pure des valeurs de dés. Pour un exemple chiffré du
texte, on lui passe les dés du texte ; pour un vrai jet, [`lancer`][rules.des.lancer]
tire ces valeurs avec un `random.Random` (que l'on peut initialiser avec une graine fixe pour rejouer un
jet à l'identique), puis les passe à la même fonction pure.

**Le moteur de lois.** Les chances exactes (`fractions.Fraction`) ne viennent
pas d'une énumération des jets, dont le coût croît comme (nombre de dés)⁵, mais
d'une *programmation dynamique sur les faces*, à la manière d'icepool et de
dyce : on parcourt les faces dans l'ordre où l'on garde les dés (de 6 à 1 pour
les meilleurs, de 1 à 6 pour les pires) en comptant combien de dés gardés
tombent sur chacune, et un [`Evaluateur`][rules.des.Evaluateur] propre à la
règle résume ces dés en un petit *état* (total, nombre de 6 gardés, dé doublé…).
[`comptes`][rules.des.comptes] et [`loi`][rules.des.loi] en donnent la loi
exacte ; [`opposer`][rules.des.opposer] confronte deux totaux,
[`loi_somme`][rules.des.loi_somme] donne la loi d'une somme de dés et
[`convoluer`][rules.des.convoluer] celle d'une somme de jets indépendants.

Le coût ne dépend presque pas des dés écartés : le dernier dé gardé tombe sur
une face *v*, et *a* < *t* dés gardés tombent avant elle (dans l'ordre de
garde) ; les tables de ces *a* dés, calculées une fois par règle, ne dépendent
pas du nombre de dés lancés, et les autres dés se comptent d'une formule fermée
(voir [`comptes`][rules.des.comptes]). Les poids restent des entiers (des
nombres de jets ordonnés) jusqu'à la dernière division.

**La référence.** [`jets_tries`][rules.des.jets_tries] et
[`probabilite_jet_trie`][rules.des.probabilite_jet_trie] énumèrent les jets
*triés* (les multi-ensembles de valeurs) avec leur nombre d'ordres : 7 dés
donnent 792 jets triés au lieu de 279 936 jets ordonnés. Le moteur ne s'en sert
pas : c'est la référence indépendante des tests (et des pages qui montrent un
calcul pas à pas).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Hashable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from typing import Generic, TypeVar, cast

from rules import _valider
from rules.refus import Refus

__all__ = [
    "FACES",
    "Evaluateur",
    "comptes",
    "convoluer",
    "jets_tries",
    "lancer",
    "loi",
    "loi_somme",
    "opposer",
    "probabilite_jet_trie",
]

FACES = 6
"""Les deux systèmes n'utilisent que des d6."""

E = TypeVar("E", bound=Hashable)
R = TypeVar("R", bound=Hashable)
K = TypeVar("K", bound=Hashable)
L = TypeVar("L", bound=Hashable)


def lancer(nombre: int, rng: random.Random | None = None, *, faces: int = FACES) -> tuple[int, ...]:
    """Tire `nombre` dés à `faces` faces avec `rng` (un `random.Random` neuf s'il est omis).

    Examples:
        >>> import random
        >>> lancer(3, random.Random(2026))
        (1, 3, 5)
        >>> lancer(3, random.Random(2026)) == lancer(3, random.Random(2026))
        True
        >>> lancer(-1)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: nombre doit être un entier ≥ 0, reçu -1
    """
    _valider.entier("nombre", nombre, minimum=0)
    _valider.plafond("nombre", nombre, _valider.RESERVE_MAX, "dés d'un même jet")
    _valider.entier("faces", faces, minimum=1)
    _valider.plafond("faces", faces, _valider.FACES_MAX, "faces d'un dé")
    rng = _valider.generateur(rng) or random.Random()
    return tuple(rng.randint(1, faces) for _ in range(nombre))


# --- La référence : l'énumération des jets triés --------------------------------


@cache
def _jets_tries(nombre: int, faces: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    tous = []
    for jet in combinations_with_replacement(range(faces, 0, -1), nombre):
        ordres = factorial(nombre) // prod(factorial(jet.count(v)) for v in set(jet))
        tous.append((jet, ordres))
    return tuple(tous)


def jets_tries(nombre: int, *, faces: int = FACES) -> Iterator[tuple[tuple[int, ...], int]]:
    """Chaque jet de `nombre` dés, trié du plus fort au plus faible, avec son nombre d'ordres.

    La somme des nombres d'ordres vaut `faces ** nombre`. C'est l'énumération
    de référence : les tests s'en servent pour vérifier le moteur de lois, qui,
    lui, ne l'appelle jamais.

    Examples:
        >>> list(jets_tries(2))[:3]
        [((6, 6), 1), ((6, 5), 2), ((6, 4), 2)]
        >>> sum(n for _, n in jets_tries(7)) == 6 ** 7
        True
        >>> jets_tries(40)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: nombre doit être un entier entre 0 et 12, reçu 40
    """
    _valider.entier("nombre", nombre, minimum=0, maximum=_valider.JETS_TRIES_MAX)
    _valider.entier("faces", faces, minimum=1, maximum=_valider.FACES_MAX)
    return iter(_jets_tries(nombre, faces))


def probabilite_jet_trie(ordres: int, nombre: int, *, faces: int = FACES) -> Fraction:
    """Probabilité d'un jet trié qui a `ordres` ordres possibles parmi `faces ** nombre`.

    Examples:
        >>> probabilite_jet_trie(2, 2)
        Fraction(1, 18)
        >>> probabilite_jet_trie(-1, 2)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: ordres doit être un entier entre 1 et 36, reçu -1
    """
    _valider.entier("nombre", nombre, minimum=0, maximum=_valider.RESERVE_MAX)
    _valider.entier("faces", faces, minimum=1, maximum=_valider.FACES_MAX)
    _valider.entier("ordres", ordres, minimum=1, maximum=faces**nombre)
    return Fraction(ordres, faces**nombre)


# --- Le moteur : programmation dynamique sur les faces --------------------------


class Evaluateur(ABC, Generic[E, R]):
    """Ce qu'une règle retient des dés gardés : un état construit face par face.

    Le moteur appelle [`transition`][rules.des.Evaluateur.transition] pour
    chaque face, dans l'ordre où les dés sont gardés (de 6 à 1 pour les
    meilleurs, de 1 à 6 pour les pires), avec le nombre de dés *gardés* tombés
    sur cette face (0 compris) ; puis [`final`][rules.des.Evaluateur.final]
    résume l'état en l'issue dont on veut la loi. Un évaluateur doit être
    hashable et comparable par valeur (une `dataclass(frozen=True)`) : le
    moteur garde ses tables en cache, par évaluateur.

    C'est le `MultisetEvaluator` d'icepool, à la française.

    Examples:
        La somme des dés gardés :

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Somme(Evaluateur[int, int]):
        ...     def initial(self) -> int:
        ...         return 0
        ...     def transition(self, etat: int, face: int, nombre: int) -> int:
        ...         return etat + face * nombre
        >>> loi(3, 2, Somme())[12]
        Fraction(2, 27)
    """

    @abstractmethod
    def initial(self) -> E:
        """L'état avant la première face (aucun dé gardé)."""

    @abstractmethod
    def transition(self, etat: E, face: int, nombre: int) -> E:
        """L'état après que `nombre` dés gardés (0 ou plus) sont tombés sur `face`."""

    def final(self, etat: E) -> R:
        """L'issue que l'on compte, une fois toutes les faces vues (par défaut : l'état lui-même)."""
        return cast(R, etat)


def _ordre(meilleurs: bool, faces: int) -> tuple[int, ...]:
    """Les faces dans l'ordre où l'on garde les dés."""
    return tuple(range(faces, 0, -1)) if meilleurs else tuple(range(1, faces + 1))


@cache
def _queue(reste: int, besoin: int, dessous: int) -> int:
    """Suites ordonnées de `reste` dés : au moins `besoin` sur la face *v*, les autres sur les `dessous` faces suivantes."""
    if besoin <= reste - besoin:  # le complément a moins de termes : (dessous + 1) ** reste les compte tous
        return int((dessous + 1) ** reste - sum(comb(reste, k) * dessous ** (reste - k) for k in range(besoin)))
    return int(sum(comb(reste, k) * dessous ** (reste - k) for k in range(besoin, reste + 1)))


@cache
def _tables(evaluateur: Evaluateur[E, R], maximum: int, ordre: tuple[int, ...]) -> tuple[tuple[dict[E, int], ...], ...]:
    """`tables[i][m]` : pour chaque état, le nombre de suites ordonnées de `m` dés gardés
    tombés sur les `i` premières faces de `ordre` (m ≤ `maximum`)."""
    courante: list[dict[E, int]] = [{evaluateur.initial(): 1}] + [{} for _ in range(maximum)]
    tables = [tuple(courante)]
    for face in ordre[:-1]:
        suivante: list[defaultdict[E, int]] = [defaultdict(int) for _ in range(maximum + 1)]
        for m, etats in enumerate(courante):
            for etat, n in etats.items():
                for k in range(maximum - m + 1):
                    suivante[m + k][evaluateur.transition(etat, face, k)] += n * comb(m + k, k)
        courante = [dict(t) for t in suivante]
        tables.append(tuple(courante))
    return tuple(tables)


def _finir(evaluateur: Evaluateur[E, R], etat: E, faces: tuple[int, ...]) -> R:
    for face in faces:
        etat = evaluateur.transition(etat, face, 0)
    return evaluateur.final(etat)


@cache
def _blocs(evaluateur: Evaluateur[E, R], gardes: int, ordre: tuple[int, ...]) -> tuple[tuple[dict[R, int], ...], ...]:
    """`blocs[i][a]` : loi des issues (en suites ordonnées) quand `a` dés gardés tombent avant
    la face `ordre[i]` et que les `gardes − a` derniers dés gardés tombent sur elle."""
    tables = _tables(evaluateur, gardes - 1, ordre)
    blocs = []
    for i, face in enumerate(ordre):
        ligne = []
        for a in range(gardes):
            issues: defaultdict[R, int] = defaultdict(int)
            for etat, n in tables[i][a].items():
                fin = _finir(evaluateur, evaluateur.transition(etat, face, gardes - a), ordre[i + 1 :])
                issues[fin] += n
            ligne.append(dict(issues))
        blocs.append(tuple(ligne))
    return tuple(blocs)


def _valider_reserve(nombre: int, gardes: int, evaluateur: object, meilleurs: object, faces: int) -> None:
    _valider.entier("nombre", nombre, minimum=0)
    _valider.plafond("nombre", nombre, _valider.RESERVE_MAX, "dés d'un même jet")
    _valider.entier("gardes", gardes, minimum=0, maximum=nombre)
    _valider.plafond("gardes", gardes, _valider.TRAIT_MAX, "dés gardés")
    _valider.entier("faces", faces, minimum=1)
    _valider.plafond("faces", faces, _valider.FACES_MAX, "faces d'un dé")
    if not isinstance(evaluateur, Evaluateur):
        raise Refus("evaluateur", "être un Evaluateur (rules.des.Evaluateur)", recu=evaluateur)
    _valider.booleen("meilleurs", meilleurs)


def comptes(
    nombre: int, gardes: int, evaluateur: Evaluateur[E, R], *, meilleurs: bool = True, faces: int = FACES
) -> dict[R, int]:
    """Loi exacte d'une issue des dés gardés, en nombres de jets *ordonnés* (sur `faces ** nombre`).

    On lance `nombre` dés, on garde les `gardes` meilleurs (ou les pires si
    `meilleurs` est faux) ; `evaluateur` résume les dés gardés en une issue.

    La méthode : soit *v* la face du dernier dé gardé (le `gardes`-ième dans
    l'ordre de garde) et *a* le nombre de dés gardés tombés avant elle. Un jet
    se décompose de façon unique en (*v*, *a*) ; il y a `C(nombre, a)` façons
    de placer ces *a* dés parmi les `nombre`, les tables de programmation
    dynamique comptent leurs suites ordonnées (sans dépendre de `nombre`), et
    les `nombre − a` autres dés mettent au moins `gardes − a` dés sur *v* et le
    reste sur les faces suivantes, une somme de binômes. Ni énumération des
    jets, ni simulation.

    Examples:
        Deux dés, on garde le meilleur : loi du dé gardé.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Meilleur(Evaluateur[int, int]):
        ...     def initial(self) -> int:
        ...         return 0
        ...     def transition(self, etat: int, face: int, nombre: int) -> int:
        ...         return etat or (face if nombre else 0)
        >>> comptes(2, 1, Meilleur())
        {6: 11, 5: 9, 4: 7, 3: 5, 2: 3, 1: 1}
        >>> sum(comptes(5, 3, Meilleur(), meilleurs=False).values()) == 6 ** 5
        True
    """
    _valider_reserve(nombre, gardes, evaluateur, meilleurs, faces)
    ordre = _ordre(meilleurs, faces)
    if gardes == 0:
        return {_finir(evaluateur, evaluateur.initial(), ordre): faces**nombre}
    total: defaultdict[R, int] = defaultdict(int)
    blocs = _blocs(evaluateur, gardes, ordre)
    for i in range(faces):
        dessous = faces - 1 - i
        for a in range(gardes):
            poids = comb(nombre, a) * _queue(nombre - a, gardes - a, dessous)
            if poids:
                for issue, n in blocs[i][a].items():
                    total[issue] += poids * n
    return {issue: n for issue, n in total.items() if n}


def loi(
    nombre: int, gardes: int, evaluateur: Evaluateur[E, R], *, meilleurs: bool = True, faces: int = FACES
) -> dict[R, Fraction]:
    """Loi exacte (en fractions) d'une issue des dés gardés : [`comptes`][rules.des.comptes] sur `faces ** nombre`.

    Examples:
        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Somme(Evaluateur[int, int]):
        ...     def initial(self) -> int:
        ...         return 0
        ...     def transition(self, etat: int, face: int, nombre: int) -> int:
        ...         return etat + face * nombre
        >>> loi(4, 3, Somme())[18]
        Fraction(7, 432)
    """
    loi_ = comptes(nombre, gardes, evaluateur, meilleurs=meilleurs, faces=faces)
    total = faces**nombre
    return {issue: Fraction(n, total) for issue, n in loi_.items()}


@cache
def _somme(nombre: int, faces: int) -> tuple[tuple[int, int], ...]:
    loi_: dict[int, int] = {0: 1}
    for _ in range(nombre):
        suivante: defaultdict[int, int] = defaultdict(int)
        for total, n in loi_.items():
            for v in range(1, faces + 1):
                suivante[total + v] += n
        loi_ = dict(suivante)
    return tuple(sorted(loi_.items()))


def loi_somme(nombre: int, *, faces: int = FACES) -> dict[int, int]:
    """Loi exacte de la somme de `nombre` dés à `faces` faces, en jets ordonnés (sur `faces ** nombre`).

    Programmation dynamique dé par dé (une convolution), du plus petit total au plus grand.

    Examples:
        >>> loi_somme(2)[7], loi_somme(2, faces=3)
        (6, {2: 1, 3: 2, 4: 3, 5: 2, 6: 1})
    """
    _valider.entier("nombre", nombre, minimum=0)
    _valider.plafond("nombre", nombre, _valider.RESERVE_MAX, "dés d'un même jet")
    _valider.entier("faces", faces, minimum=1)
    _valider.plafond("faces", faces, _valider.FACES_MAX, "faces d'un dé")
    return dict(_somme(nombre, faces))


def convoluer(*lois: Mapping[int, int]) -> dict[int, int]:
    """Loi de la somme de jets indépendants, chacun donné par ses poids entiers (par total).

    Les poids se multiplient : avec des [`loi_somme`][rules.des.loi_somme], le
    résultat compte les jets ordonnés de tous les dés ensemble. Clés croissantes.

    Examples:
        Un D6 et un D3 (1D6+1D3) :

        >>> convoluer(loi_somme(1), loi_somme(1, faces=3))
        {2: 1, 3: 2, 4: 3, 5: 3, 6: 3, 7: 3, 8: 2, 9: 1}
    """
    _valider.plafond("lois", len(lois), _valider.RESERVE_MAX, "lois convoluées")
    for i, loi_ in enumerate(lois):
        _valider.loi_entiere(("lois", i), loi_, cle=_valider.entier)
    resultat: dict[int, int] = {0: 1}
    for loi_ in lois:
        suivante: defaultdict[int, int] = defaultdict(int)
        for total, n in resultat.items():
            for valeur, m in loi_.items():
                suivante[total + valeur] += n * m
        resultat = dict(suivante)
    return dict(sorted(resultat.items()))


def opposer(a: Mapping[tuple[K, int], int], b: Mapping[tuple[L, int], int]) -> dict[tuple[K, L, int], int]:
    """Confronte deux lois (classe, total) : loi de (classe de a, classe de b, signe de total a − total b).

    Les poids (des entiers, par exemple des [`comptes`][rules.des.comptes]) se
    multiplient ; le signe vaut 1, 0 ou −1. Une règle d'opposition qui ne
    regarde les totaux qu'à travers leur comparaison n'a plus qu'à classer
    chaque triplet. Sommes cumulées : le coût est celui des classes, pas des
    couples de totaux.

    Examples:
        Deux d6 face à face : le premier l'emporte 15 fois sur 36.

        >>> d6 = {(None, v): 1 for v in range(1, 7)}
        >>> o = opposer(d6, d6)
        >>> o[(None, None, 1)], o[(None, None, 0)], o[(None, None, -1)]
        (15, 6, 15)
    """
    for nom, loi_ in (("a", a), ("b", b)):
        _valider.loi_entiere(nom, loi_, cle=_valider.classe_et_total)
    par_classe: dict[L, dict[int, int]] = defaultdict(dict)
    for (classe, total), n in b.items():
        if n:
            par_classe[classe][total] = par_classe[classe].get(total, 0) + n
    cumuls: list[tuple[L, dict[int, int], list[int], list[int]]] = []
    for classe, totaux in par_classe.items():
        ordonnes = sorted(totaux)
        avant = [0]
        for total in ordonnes:
            avant.append(avant[-1] + totaux[total])
        cumuls.append((classe, totaux, ordonnes, avant))
    resultat: defaultdict[tuple[K, L, int], int] = defaultdict(int)
    for (classe_a, total_a), n in a.items():
        if not n:
            continue
        for classe_b, totaux, ordonnes, avant in cumuls:
            moins = avant[bisect_left(ordonnes, total_a)]
            egal = totaux.get(total_a, 0)
            plus = avant[-1] - moins - egal
            for signe, m in ((1, moins), (0, egal), (-1, plus)):
                if m:
                    resultat[(classe_a, classe_b, signe)] += n * m
    return dict(resultat)
