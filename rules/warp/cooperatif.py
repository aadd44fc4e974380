"""WaRP › Tests coopératifs : un Alpha, des Bêtas, et l'aide qu'ils apportent.

Les bonus et malus de la situation s'appliquent au jet de chacun. Chaque Bêta
lance d'abord : son résultat devient une aide (Catastrophe −1 dé, Échec 0,
Compensation ½, Réussite 1, Magistrale 2), le total étant arrondi en dessous.
L'Alpha lance ensuite avec cette aide en dés de bonus (ou de malus si elle est
négative), et c'est son jet qui décide.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from rules import _valider
from rules._francais import MOINS, signe
from rules.refus import PROPOS, Refus
from rules.regles import Regles, en_cours
from rules.warp.jets import Jet, Reserve, Resultat, comptes_resultats, jet

if TYPE_CHECKING:
    from rules.refus import Lieu

__all__ = [
    "AIDE",
    "Cooperation",
    "aide",
    "cooperation",
    "distribution_aide",
    "distribution_cooperative",
]

AIDE: dict[Resultat, Fraction] = {
    Resultat.CATASTROPHE: Fraction(-1),
    Resultat.ECHEC: Fraction(0),
    Resultat.COMPENSATION: Fraction(1, 2),
    Resultat.REUSSITE: Fraction(1),
    Resultat.MAGISTRALE: Fraction(2),
}
"""L'aide d'un Bêta selon son résultat, en dés (négatif : dés de malus).

Source : « WaRP › Tests coopératifs » (le tableau de l'aide)."""


def _valider_resultat(nom: _valider.Nom, valeur: Any) -> Resultat:
    return _valider.membre(nom, valeur, Resultat, permis=", ".join(str(r) for r in Resultat))


def aide(resultats: Iterable[Resultat]) -> int:
    """L'aide totale des Bêtas, en dés : la somme du tableau, arrondie en dessous.

    Source : « WaRP › Tests coopératifs ». « Arrondi en dessous » est lu comme
    l'arrondi vers −∞ (`math.floor`) : une Catastrophe et une Compensation
    (−1 + ½ = −½) font **−1**, pas 0 (voir la page, « Interprétation »).

    Args:
        resultats: les résultats des jets des Bêtas.

    Returns:
        Un entier : dés de bonus pour l'Alpha s'il est positif, de malus s'il est négatif.

    Examples:
        >>> aide([Resultat.REUSSITE, Resultat.COMPENSATION])
        1
        >>> aide([Resultat.COMPENSATION, Resultat.COMPENSATION, Resultat.MAGISTRALE])
        3
        >>> aide([Resultat.CATASTROPHE, Resultat.COMPENSATION])
        -1
        >>> aide([])
        0
        >>> aide(["Réussite"])
        Traceback (most recent call last):
        ...
        rules.refus.Refus: resultats[0] doit être un Resultat (Catastrophe, Échec, Compensation,
        Réussite, Magistrale), reçu 'Réussite'
    """
    lus = _valider.suite("resultats", resultats, maximum=_valider.BETAS_MAX, quoi="Resultat (un par Bêta)")
    return _aide_nette(tuple(_valider_resultat(("resultats", i), r) for i, r in enumerate(lus)))


def _aide_nette(resultats: tuple[Resultat, ...]) -> int:
    """L'aide des Bêtas (résultats déjà vérifiés) : la somme du tableau, arrondie (`_arrondir`)."""
    return _arrondir(sum(int(2 * AIDE[r]) for r in resultats), en_cours())


def _arrondir(demi_des: int, r: Regles) -> int:
    """« Quand on fait le total, c'est arrondi en dessous » : un total de demi-dés en dés, vers −∞ ; dans une
    variante (`r.aide_arrondie_en_dessous` faux), tronqué vers zéro. La seule écriture de cet arrondi : l'aide
    jouée et sa loi exacte la lisent ici."""
    if r.aide_arrondie_en_dessous or demi_des >= 0:
        return demi_des // 2
    return -(-demi_des // 2)


def _modificateurs(bonus: int, malus: int, aide_nette: int, experience: bool) -> tuple[int, int]:
    """Bonus et malus du jet de l'Alpha : ceux de la situation, l'aide, le dé d'expérience."""
    return bonus + max(aide_nette, 0) + int(experience), malus + max(-aide_nette, 0)


def _valider_experiences(experience_betas: Sequence[bool] | None, n: int) -> tuple[bool, ...]:
    if experience_betas is None:
        return (False,) * n
    valeurs = _valider.suite("experience_betas", experience_betas, maximum=_valider.BETAS_MAX, quoi="booléens")
    if len(valeurs) != n or not all(isinstance(v, bool) for v in valeurs):
        raise Refus("experience_betas", f"être une suite de {n} booléens (un par Bêta)", recu=valeurs)
    return valeurs


def _reserves(betas: Sequence[int]) -> tuple[Reserve, ...]:
    """La réserve de chaque Bêta, sans modificateurs : son Trait vérifié une fois (un refus porte `betas[i]`)."""
    traits = _valider.suite("betas", betas, maximum=_valider.BETAS_MAX, quoi="Traits (entiers ≥ 0)")
    return tuple(_reserve_de(("betas", i), t) for i, t in enumerate(traits))


def _reserve_de(lieu: Lieu, trait: Any) -> Reserve:
    """La réserve d'un participant ; un refus de son Trait porte le lieu qui l'a fourni."""
    try:
        return Reserve(trait)
    except Refus as refus:
        raise refus.relocaliser({"trait": lieu}) from None


def _valider_alpha(alpha: Any, betas: tuple[Reserve, ...], bonus: Any, malus: Any) -> Reserve:
    """La réserve de l'Alpha, et ses dés au pire de l'aide (2 dés par Bêta, ou 1 de malus) dans `RESERVE_MAX`."""
    reserve = _reserve_de(("alpha",), alpha)
    trait = reserve.trait
    for nom, valeur in (("bonus", bonus), ("malus", malus)):
        _valider.plafond(nom, _valider.entier(nom, valeur, minimum=0), _valider.RESERVE_MAX, "dés")
    n = len(betas)
    pire = trait + max(bonus + 2 * n + 1 - malus, malus + n - bonus)
    if pire > _valider.RESERVE_MAX:
        raise Refus(
            ("alpha", "betas", "bonus", "malus"),
            f"au plus {_valider.RESERVE_MAX} dés d'un même jet, et l'Alpha "
            f"peut en lancer {pire} (Trait {trait}, {n} Bêtas, bonus {bonus}, malus {malus})",
            forme=PROPOS,
        )
    for i, beta in enumerate(betas):
        t = beta.trait
        lances = t + max(abs(bonus + 1 - malus), abs(bonus - malus))  # avec ou sans son dé d'expérience
        if lances > _valider.RESERVE_MAX:
            raise Refus(
                (("betas", i), ("bonus",), ("malus",)),
                f"au plus {_valider.RESERVE_MAX} dés d'un même jet",
                recu_ecrit=f"{lances} (Trait {t}, bonus {bonus}, malus {malus})",
                forme=PROPOS,
            )
    return reserve


def _valider_loi(betas: Sequence[int], bonus: int, malus: int) -> tuple[tuple[int, ...], int]:
    """Les Traits des Bêtas et le modificateur net, dans les bornes des chances exactes."""
    traits = tuple(r.trait for r in _reserves(betas))
    for i, t in enumerate(traits):
        _valider.au_plus(("betas", i), t, _valider.TRAIT_MAX)
    return traits, _valider.modificateur_net(bonus, malus)


@dataclass(frozen=True)
class Cooperation:
    """Un Test coopératif résolu : les jets des Bêtas, l'aide, le jet de l'Alpha."""

    jets_betas: tuple[Jet, ...]
    """Le jet de chaque Bêta, dans l'ordre donné."""
    aides: tuple[Fraction, ...]
    """L'aide de chaque Bêta, en dés (½ pour une Compensation)."""
    aide: int
    """L'aide totale arrondie en dessous (négative : dés de malus)."""
    jet_alpha: Jet
    """Le jet de l'Alpha, avec l'aide en dés de bonus ou de malus."""
    resultat: Resultat
    """Le résultat du Test : celui du jet de l'Alpha."""
    explication: str
    """Comment le résultat découle de la règle."""

    def __str__(self) -> str:
        return self.explication


def _jet_de(
    lieux: tuple[Lieu, Lieu], reserve: Reserve, bonus: int, malus: int, des: Any, rng: random.Random | None
) -> Jet:
    """Le jet d'un participant, sa réserve avec ces dés de modificateur ; un refus porte le lieu qui l'a fourni.

    `lieux` : le Trait et les dés, `(("alpha",), ("des_alpha",))` ou `(("betas", i), ("des_betas", i))`.
    """
    try:
        return jet(reserve.avec(bonus=bonus, malus=malus), des=des, rng=rng)
    except Refus as refus:
        raise refus.relocaliser({"trait": lieux[0], "des": lieux[1]}) from None


def _demis(x: Fraction) -> str:
    """Un nombre de demi-dés écrit avec ½ : 3/2 → « 1½ », −1/2 → « −½ »."""
    entier = int(abs(x))
    return f"{MOINS if x < 0 else ''}{entier if entier else ''}½"


def _texte_aide(a: Fraction) -> str:
    return "+½" if a == Fraction(1, 2) else signe(int(a))


def cooperation(
    alpha: int,
    betas: Sequence[int],
    *,
    bonus: int = 0,
    malus: int = 0,
    experience_alpha: bool = False,
    experience_betas: Sequence[bool] | None = None,
    des_betas: Sequence[Sequence[int]] | None = None,
    des_alpha: Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> Cooperation:
    """Résout un Test coopératif : chaque Bêta lance, puis l'Alpha avec l'aide.

    Source : « WaRP › Tests coopératifs ». Les `bonus` et `malus` de la
    situation s'appliquent à tous les jets ; un dé d'expérience accordé
    (`experience_alpha`, `experience_betas`, voir
    [`ReserveExperience`][rules.warp.experience.ReserveExperience]) ajoute un dé
    de bonus au seul jet de son personnage.

    Args:
        alpha: le Trait de l'Alpha.
        betas: le Trait de chaque Bêta.
        bonus: dés de bonus de la situation, pour tous.
        malus: dés de malus de la situation, pour tous.
        experience_alpha: l'Alpha a converti un dé d'expérience.
        experience_betas: pour chaque Bêta, a-t-il converti un dé d'expérience ?
        des_betas: les dés de chaque Bêta (exemples chiffrés) ; sinon `rng`.
        des_alpha: les dés de l'Alpha, aide comprise ; sinon `rng`.
        rng: un `random.Random` (à graine fixe pour rejouer le Test).

    Returns:
        Le Test résolu.

    Examples:
        Deux Bêtas aident une mécanicienne à 3d : une Réussite et une Compensation
        font 1½ dé, arrondi à 1 dé de bonus.

        >>> t = cooperation(3, [2, 3], des_betas=[(4, 3), (6, 1, 1)], des_alpha=(5, 4, 2, 1))
        >>> t.aides, t.aide, t.resultat
        ((Fraction(1, 1), Fraction(1, 2)), 1, <Resultat.REUSSITE: 'Réussite'>)
        >>> print(t)
        Bêta 1 : Réussite (+1) ; Bêta 2 : Compensation (+½) ; aide totale 1½ arrondie en
        dessous : 1d de bonus. Alpha : 3d + 1d de bonus : 4d6 lancés
        (5, 4, 2, 1), les 3 meilleurs gardés (5, 4, 2) ; total 11 > 9 → Réussite.
    """
    reserves = _reserves(betas)
    reserve_alpha = _valider_alpha(alpha, reserves, bonus, malus)
    _valider.booleen("experience_alpha", experience_alpha)
    xp = _valider_experiences(experience_betas, len(reserves))
    _valider.generateur(rng)
    if des_betas is not None:
        des_betas = _valider.suite("des_betas", des_betas, maximum=_valider.BETAS_MAX, quoi="jets (un par Bêta)")
        if len(des_betas) != len(reserves):
            raise Refus("des_betas", f"contenir les dés de chacun des {len(reserves)} Bêtas", recu=des_betas)
    jets_betas = tuple(
        _jet_de(
            (("betas", i), ("des_betas", i)), r, bonus + int(x), malus, None if des_betas is None else des_betas[i], rng
        )
        for i, (r, x) in enumerate(zip(reserves, xp, strict=True))
    )
    aides = tuple(AIDE[j.resultat] for j in jets_betas)
    total = _aide_nette(tuple(j.resultat for j in jets_betas))
    b, m = _modificateurs(bonus, malus, total, experience_alpha)
    jet_alpha = _jet_de((("alpha",), ("des_alpha",)), reserve_alpha, b, m, des_alpha, rng)
    morceaux = [
        f"Bêta {i + 1} : {j.resultat} ({_texte_aide(a)})"
        for i, (j, a) in enumerate(zip(jets_betas, aides, strict=True))
    ]
    somme = sum(aides, Fraction(0))
    effet = f"{abs(total)}d de {'bonus' if total > 0 else 'malus'}" if total else "aucun dé"
    if somme.denominator == 1:
        morceaux.append(f"aide totale : {effet}")
    else:
        morceaux.append(f"aide totale {_demis(somme)} arrondie en dessous : {effet}")
    explication = " ; ".join(morceaux) + ". Alpha : " + jet_alpha.explication
    return Cooperation(
        jets_betas=jets_betas,
        aides=aides,
        aide=total,
        jet_alpha=jet_alpha,
        resultat=jet_alpha.resultat,
        explication=explication,
    )


def distribution_aide(
    betas: Sequence[int],
    *,
    bonus: int = 0,
    malus: int = 0,
    experience_betas: Sequence[bool] | None = None,
) -> dict[int, Fraction]:
    """Loi exacte de l'aide totale (arrondie en dessous) apportée par les Bêtas.

    Source : « WaRP › Tests coopératifs ». Convolue les lois exactes des jets
    des Bêtas (en demi-dés), puis arrondit chaque total en dessous.

    Examples:
        Un Bêta à 1d : 1 (Catastrophe), 2–3 (Échec), 4–5 (Réussite), 6 (Magistrale).

        >>> distribution_aide([1])
        {-1: Fraction(1, 6), 0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 6)}
        >>> sum(distribution_aide([3, 2, 2]).values())
        Fraction(1, 1)
    """
    traits, net = _valider_loi(betas, bonus, malus)
    xp = _valider_experiences(experience_betas, len(traits))
    aides, lances = _aides(traits, net, xp, en_cours())
    return {total: Fraction(n, 6**lances) for total, n in aides}


_DEMI_DES = tuple(int(2 * AIDE[r]) for r in Resultat)
"""L'aide de chaque résultat en demi-dés (entiers), dans l'ordre de `Resultat`."""


@cache
def _aides(
    traits: tuple[int, ...], net: int, xp: tuple[bool, ...], r: Regles
) -> tuple[tuple[tuple[int, int], ...], int]:
    """Loi de l'aide arrondie en jets ordonnés de tous les Bêtas (entiers), et leur nombre de dés."""
    demis: dict[int, int] = {0: 1}
    lances = 0
    for t, x in zip(traits, xp, strict=True):
        resultats, n = comptes_resultats(t, net + int(x))
        lances += n
        pas = [(d, q) for d, q in zip(_DEMI_DES, resultats, strict=True) if q]
        suivant: dict[int, int] = defaultdict(int)
        for total, p in demis.items():
            for d, q in pas:
                suivant[total + d] += p * q
        demis = suivant
    finale: dict[int, int] = defaultdict(int)
    for total, p in demis.items():
        finale[_arrondir(total, r)] += p
    return tuple(sorted(finale.items())), lances


def distribution_cooperative(
    alpha: int,
    betas: Sequence[int],
    *,
    bonus: int = 0,
    malus: int = 0,
    experience_alpha: bool = False,
    experience_betas: Sequence[bool] | None = None,
) -> dict[Resultat, Fraction]:
    """Probabilités exactes de chaque résultat d'un Test coopératif.

    Source : « WaRP › Tests coopératifs ». Pour chaque aide possible (loi de
    [`distribution_aide`][rules.warp.cooperatif.distribution_aide]), la loi
    exacte du jet de l'Alpha avec cette aide.

    Examples:
        Une mécanicienne à 3d seule, puis aidée de deux Bêtas à 2d :

        >>> from rules.warp.jets import distribution
        >>> seule = distribution(3)
        >>> aidee = distribution_cooperative(3, [2, 2])
        >>> seule[Resultat.REUSSITE] + seule[Resultat.MAGISTRALE]
        Fraction(5, 8)
        >>> round(float(aidee[Resultat.REUSSITE] + aidee[Resultat.MAGISTRALE]), 3)
        0.85
    """
    alpha = _valider.entier("alpha", alpha, minimum=0)
    _valider.booleen("experience_alpha", experience_alpha)
    _valider.au_plus("alpha", alpha, _valider.TRAIT_MAX)
    traits, net = _valider_loi(betas, bonus, malus)
    xp = _valider_experiences(experience_betas, len(traits))
    aides, lances = _aides(traits, net, xp, en_cours())
    # L'aide s'ajoute aux dés de modificateur de la situation (et au dé d'expérience) :
    # le jet de l'Alpha peut dépasser les bornes d'un jet simple, le moteur le calcule quand même.
    lois_alpha = []
    for total, p in aides:
        b, m = _modificateurs(bonus, malus, total, experience_alpha)
        lois_alpha.append((p, *comptes_resultats(alpha, b - m)))
    # En entiers, sur le dénominateur commun 6^(dés des Bêtas + plus grand nombre de dés de l'Alpha).
    plus_grand = max(n for _, _, n in lois_alpha)
    loi = [0] * len(Resultat)
    for p, resultats, n in lois_alpha:
        echelle = p * 6 ** (plus_grand - n)
        for i, q in enumerate(resultats):
            loi[i] += echelle * q
    return {r: Fraction(c, 6 ** (lances + plus_grand)) for r, c in zip(Resultat, loi, strict=True)}
