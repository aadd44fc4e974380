"""WaRP › Tests étendus : une tâche longue, jouée round par round.

Un Test étendu a une Difficulté (dés de bonus ou de malus, à chaque round), une
Complexité (les Progrès nécessaires à sa Réussite), une Maniabilité (les Revers
qui le font échouer) et une Période (le temps que dure un round). À chaque
round : Catastrophe 2 Revers, Échec 1 Revers, Compensation rien (mais le temps
passe), Réussite 1 Progrès, Magistrale 2 Progrès. Atteindre la Complexité est
une Réussite, la dépasser une Magistrale ; atteindre la Maniabilité est un
Échec, la dépasser une Catastrophe.

Les chances exactes viennent d'une chaîne de Markov absorbante dont les états
transitoires sont les couples (Progrès, Revers) : ni simulation ni troncature.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

from rules import _valider
from rules._francais import nombre, pluriel
from rules.refus import PHRASE, PROPOS, Refus
from rules.regles import Regles, en_cours
from rules.warp.jets import Jet, Reserve, Resultat, comptes_resultats, jet

__all__ = [
    "EFFETS",
    "Deroulement",
    "Round",
    "derouler",
    "distribution",
    "distribution_rounds",
    "issue",
    "rounds_esperes",
]

EFFETS: dict[Resultat, tuple[int, int]] = {
    Resultat.CATASTROPHE: (0, 2),
    Resultat.ECHEC: (0, 1),
    Resultat.COMPENSATION: (0, 0),
    Resultat.REUSSITE: (1, 0),
    Resultat.MAGISTRALE: (2, 0),
}
"""(Progrès, Revers) gagnés par le résultat d'un round.

Source : « WaRP › Tests étendus » (le tableau des rounds)."""


def _valider_bornes(complexite: Any, maniabilite: Any) -> tuple[int, int]:
    complexite = _valider.entier("complexite", complexite, minimum=1)
    maniabilite = _valider.entier("maniabilite", maniabilite, minimum=1)
    _valider.plafond("complexite", complexite, _valider.COMPLEXITE_JOUEE_MAX, "Progrès")
    _valider.plafond("maniabilite", maniabilite, _valider.COMPLEXITE_JOUEE_MAX, "Revers")
    return complexite, maniabilite


def issue(
    progres: int, revers: int, complexite: int, maniabilite: int, *, dernier: Resultat | None = None
) -> Resultat | None:
    """Le résultat du Test étendu une fois atteints ces Progrès et Revers (None : il continue).

    Source : « WaRP › Tests étendus », note 1 : atteindre la Complexité est une
    Réussite, la dépasser une Magistrale ; atteindre la Maniabilité est un
    Échec, la dépasser une Catastrophe. Il n'y a jamais de Compensation.
    `dernier` : le résultat du dernier round, qui ne compte que dans une
    variante où un Test conclu par une Magistrale (une Catastrophe) l'est aussi
    ([`Regles.magistrale_au_dela`][rules.regles.Regles.magistrale_au_dela]).

    Examples:
        >>> issue(3, 0, 3, 2), issue(4, 1, 3, 2), issue(0, 2, 3, 2), issue(1, 3, 3, 2)
        (<Resultat.REUSSITE: 'Réussite'>, <Resultat.MAGISTRALE: 'Magistrale'>,
         <Resultat.ECHEC: 'Échec'>, <Resultat.CATASTROPHE: 'Catastrophe'>)
        >>> issue(2, 1, 3, 2) is None
        True
    """
    complexite, maniabilite = _valider_bornes(complexite, maniabilite)
    # Un round donne au plus 2 Progrès ou 2 Revers, et le Test s'arrête à la borne atteinte.
    _valider.entier("progres", progres, minimum=0, maximum=complexite + 1)
    _valider.entier("revers", revers, minimum=0, maximum=maniabilite + 1)
    if progres >= complexite and revers >= maniabilite:
        raise Refus(
            ("progres", "revers"),
            f"un round ne donne que des Progrès ou que des Revers, "
            f"{progres} Progrès et {revers} Revers ne peuvent pas être atteints ensemble",
            forme=PROPOS,
        )
    if dernier is not None:
        _valider.membre("dernier", dernier, Resultat)
    return _issue(progres, revers, complexite, maniabilite, dernier, en_cours())


def _issue(
    progres: int, revers: int, complexite: int, maniabilite: int, dernier: Resultat | None, r: Regles
) -> Resultat | None:
    """La règle d'`issue`, sur des valeurs déjà vérifiées (le moteur round par round et les chaînes)."""
    au_dela = r.magistrale_au_dela  # faux : le dernier round suffit (une variante)
    if progres >= complexite:
        magistral = progres > complexite or (not au_dela and dernier is Resultat.MAGISTRALE)
        return Resultat.MAGISTRALE if magistral else Resultat.REUSSITE
    if revers >= maniabilite:
        catastrophique = revers > maniabilite or (not au_dela and dernier is Resultat.CATASTROPHE)
        return Resultat.CATASTROPHE if catastrophique else Resultat.ECHEC
    return None


# --- Le moteur round par round ------------------------------------------------


@dataclass(frozen=True)
class Round:
    """Un round d'un Test étendu."""

    numero: int
    """Le numéro du round (1 pour le premier)."""
    jet: Jet
    """Le jet du round, avec tous ses modificateurs."""
    experience: bool
    """Vrai si le dé d'expérience s'applique à ce round."""
    progres: int
    """Les Progrès gagnés ce round."""
    revers: int
    """Les Revers subis ce round."""
    progres_cumules: int
    """Les Progrès accumulés à la fin du round."""
    revers_cumules: int
    """Les Revers accumulés à la fin du round."""
    explication: str
    """Le round en une ligne."""

    def __str__(self) -> str:
        return self.explication


@dataclass(frozen=True)
class Deroulement:
    """Un Test étendu joué jusqu'au bout."""

    trait: int
    """Le Trait du personnage (l'Alpha s'il est coopératif)."""
    complexite: int
    """Les Progrès nécessaires à la Réussite."""
    maniabilite: int
    """Les Revers qui font échouer."""
    periode: Fraction
    """Le temps que dure un round."""
    unite: str
    """L'unité de la Période (« h », « min », « jours »…)."""
    rounds: tuple[Round, ...]
    """Chaque round joué."""
    progres: int
    """Les Progrès à la fin."""
    revers: int
    """Les Revers à la fin."""
    resultat: Resultat
    """Le résultat du Test étendu (jamais une Compensation)."""
    temps: Fraction
    """Le temps passé : nombre de rounds × Période (les Compensations comptent)."""
    transcript: str
    """Le compte rendu du Test, round par round, en français."""
    explication: str
    """Le résultat et le temps passé, en une phrase."""

    def __str__(self) -> str:
        return self.transcript


_PERIODE_MAX = 10**6
"""La plus longue Période, et le plus fin de ses dénominateurs (1/1 000 000 d'unité)."""


def lire_periode(valeur: Any) -> Fraction:
    permis = f"un nombre > 0 et ≤ {_PERIODE_MAX} (le temps d'un round)"
    if isinstance(valeur, bool) or not isinstance(valeur, int | float | Fraction):
        raise Refus("periode", f"être {permis}", recu=valeur)
    if isinstance(valeur, float) and valeur != valeur:  # NaN
        raise Refus("periode", f"être {permis}", recu=valeur)
    if isinstance(valeur, float) and valeur in (float("inf"), float("-inf")):
        raise Refus("periode", f"être {permis}, fini", recu=valeur)
    if isinstance(valeur, int) and abs(valeur) > _PERIODE_MAX:
        raise Refus("periode", f"être {permis}", recu=valeur)
    periode = Fraction(repr(valeur)) if isinstance(valeur, float) else Fraction(valeur)
    if not 0 < periode <= _PERIODE_MAX:
        raise Refus("periode", f"être {permis}", recu=valeur)
    if periode.denominator > _PERIODE_MAX:
        raise Refus("periode", f"être {permis}, au millionième près", recu=valeur)
    return periode


@dataclass(frozen=True)
class _Conditions:
    """Les paramètres validés d'un Test étendu : ce qui vaut pour tous ses rounds."""

    reserve: Reserve
    complexite: int
    maniabilite: int
    periode: Fraction
    unite: str
    bonus: int
    malus: int
    aide: int
    travailleur: int
    experience_des_le_round: int | None
    reserves: tuple[Reserve, ...] = ()
    """Les réserves des rounds, sans puis avec le dé d'expérience : vérifiées une fois pour tout le Test."""

    @property
    def trait(self) -> int:
        """Le Trait du personnage."""
        return self.reserve.trait

    def experience(self, numero: int) -> bool:
        """Vrai si le dé d'expérience s'applique au round `numero`."""
        return self.experience_des_le_round is not None and numero >= self.experience_des_le_round

    def modificateurs(self, numero: int) -> tuple[int, int]:
        """(dés de bonus, dés de malus) du jet du round `numero`."""
        bonus = self.bonus + self.travailleur + max(self.aide, 0) + int(self.experience(numero))
        return bonus, self.malus + max(-self.aide, 0)

    def reserve_du_round(self, numero: int) -> Reserve:
        """La réserve du jet du round `numero` : la même pour tous, sauf le dé d'expérience s'il s'applique."""
        return self.reserves[self.experience(numero)]


def _conditions(
    trait: Any,
    complexite: Any,
    maniabilite: Any,
    periode: Any,
    unite: Any,
    bonus: Any,
    malus: Any,
    aide: Any,
    travailleur: Any,
    experience_des_le_round: Any,
) -> _Conditions:
    base = Reserve(trait)
    trait = base.trait
    complexite, maniabilite = _valider_bornes(complexite, maniabilite)
    duree = lire_periode(periode)
    _valider.texte("unite", unite, quoi="un texte (« h », « min », « jours »…)")
    reserve = _valider.RESERVE_MAX
    _valider.plafond("bonus", _valider.entier("bonus", bonus, minimum=0), reserve, "dés")
    _valider.plafond("malus", _valider.entier("malus", malus, minimum=0), reserve, "dés")
    _valider.entier("aide", aide, minimum=-reserve, maximum=reserve)
    _valider.entier("travailleur_consciencieux", travailleur, minimum=0, maximum=reserve)
    if experience_des_le_round is not None:
        _valider.entier("experience_des_le_round", experience_des_le_round, minimum=1, maximum=_valider.ROUNDS_MAX)
    c = _Conditions(
        base, complexite, maniabilite, duree, unite, bonus, malus, aide, travailleur, experience_des_le_round
    )
    plus, moins = c.modificateurs(1 if experience_des_le_round is None else experience_des_le_round)
    if trait + abs(plus - moins) > reserve:
        raise Refus(
            ("trait", "bonus", "malus", "aide", "travailleur_consciencieux"),
            f"au plus {reserve} dés d'un même jet",
            recu_ecrit=f"{trait + abs(plus - moins)} (Trait {trait}, {plus} dés de bonus, {moins} de malus)",
            forme=PROPOS,
        )
    sans, avec = (c.modificateurs(0), c.modificateurs(experience_des_le_round or 0))
    return replace(c, reserves=(base.avec(bonus=sans[0], malus=sans[1]), base.avec(bonus=avec[0], malus=avec[1])))


# --- Le récit : les phrases du compte rendu, écrites d'après les valeurs calculées ---


def _presenter(c: _Conditions) -> str:
    """La première ligne du compte rendu : le Test et ses modificateurs."""
    modifs = []
    if c.bonus or c.malus:
        modifs.append(
            f"Difficulté {c.bonus}d de bonus / {c.malus}d de malus"
            if c.bonus and c.malus
            else f"Difficulté {c.bonus or c.malus}d de {'bonus' if c.bonus else 'malus'}"
        )
    if c.aide:
        modifs.append(f"aide des Bêtas {abs(c.aide)}d de {'bonus' if c.aide > 0 else 'malus'}")
    if c.travailleur:
        modifs.append(f"Travailleur consciencieux {c.travailleur}d de bonus")
    if c.experience_des_le_round is not None:
        modifs.append(f"dé d'expérience dès le round {c.experience_des_le_round}")
    return (
        f"Test étendu : Trait {c.trait}d, Complexité {c.complexite}, Maniabilité {c.maniabilite}, "
        f"Période {nombre(c.periode)} {c.unite}" + (" ; " + ", ".join(modifs) if modifs else "") + "."
    )


def _raconter_round(c: _Conditions, numero: int, j: Jet, gain: int, perte: int, progres: int, revers: int) -> str:
    """La ligne d'un round : son jet, ce qu'il rapporte, où en est le Test."""
    if gain:
        effet = f"+{gain} Progrès"
    elif perte:
        effet = f"+{perte} Revers"
    else:
        effet = "ni Progrès ni Revers, mais le temps passe"
    experience = " (dé d'expérience)" if numero == c.experience_des_le_round else ""
    return (
        f"Round {numero}{experience} : {j.explication.removesuffix('.')} : {effet} "
        f"(Progrès {progres}/{c.complexite}, Revers {revers}/{c.maniabilite})."
    )


def _bilan(c: _Conditions, fin: Resultat, progres: int, revers: int, rounds: int, temps: Fraction) -> str:
    """La dernière ligne : quelle borne est atteinte, quand, et le temps passé."""
    if fin in (Resultat.REUSSITE, Resultat.MAGISTRALE):
        verbe = "atteinte" if fin is Resultat.REUSSITE else f"dépassée ({progres} Progrès)"
        bilan = f"Complexité {c.complexite} {verbe} au round {rounds} : {fin}."
    else:
        verbe = "atteinte" if fin is Resultat.ECHEC else f"dépassée ({revers} Revers)"
        bilan = f"Maniabilité {c.maniabilite} {verbe} au round {rounds} : {fin}."
    periode = f"{nombre(c.periode)} {c.unite}"
    bilan += f" Temps passé : {pluriel(rounds, 'round')} × {periode} = {nombre(temps)} {c.unite}."
    if c.experience_des_le_round is not None and c.experience_des_le_round > rounds:
        bilan += f" Le dé d'expérience prévu au round {c.experience_des_le_round} n'a pas servi."
    return bilan


# --- La règle ------------------------------------------------------------------


def _jet_du_round(n: int, reserve: Reserve, des: Any, rng: random.Random | None) -> Jet:
    """Le jet du round `n` ; un refus de ses dés porte son rang (`des[n - 1]`)."""
    try:
        return jet(reserve, des=des, rng=rng)
    except Refus as refus:
        raise refus.relocaliser({"des": ("des", n - 1)}) from None


def derouler(
    trait: int,
    complexite: int,
    maniabilite: int,
    periode: int | float | Fraction,
    *,
    unite: str = "h",
    bonus: int = 0,
    malus: int = 0,
    aide: int = 0,
    travailleur_consciencieux: int = 0,
    experience_des_le_round: int | None = None,
    des: Sequence[Sequence[int]] | None = None,
    rng: random.Random | None = None,
) -> Deroulement:
    """Joue un Test étendu round par round, jusqu'à la Réussite ou l'Échec.

    Source : « WaRP › Tests étendus » et ses notes 1 à 4. Chaque round est un
    [`jet`][rules.warp.jets.jet] avec la Difficulté (`bonus`, `malus`), l'aide
    des Bêtas d'un Test coopératif (`aide`, lancée une fois avant le premier
    round, voir [`aide`][rules.warp.cooperatif.aide]), le bonus « Travailleur
    consciencieux » des Llewerans (que le texte nomme sans le définir : le
    nombre de dés est à fournir) et, à partir du round
    `experience_des_le_round`, le dé d'expérience (un seul par Test). Le temps
    passé est le nombre de rounds × `periode`, Compensations comprises.

    Args:
        trait: le Trait, en dés.
        complexite: les Progrès nécessaires (≥ 1).
        maniabilite: les Revers qui font échouer (≥ 1).
        periode: le temps d'un round (> 0), dans l'unité `unite`.
        unite: l'unité de temps, pour le compte rendu.
        bonus: dés de bonus de la Difficulté, à chaque round.
        malus: dés de malus de la Difficulté, à chaque round.
        aide: l'aide totale des Bêtas (négative : dés de malus), à chaque round.
        travailleur_consciencieux: dés de bonus du trait des Llewerans, à chaque round.
        experience_des_le_round: le round à partir duquel le dé d'expérience
            s'applique (1 : dépensé avant le premier round) ; None : aucun.
        des: les dés de chaque round (exemples chiffrés) ; sinon `rng`.
        rng: un `random.Random` (à graine fixe pour rejouer le Test).

    Returns:
        Le déroulement complet, avec son compte rendu.

    Raises:
        rules.refus.Refus: paramètre invalide, dés scriptés trop courts ou trop longs.

    Examples:
        Réparer un propulseur : Trait 3d, Complexité 2, Maniabilité 2, une heure par round.

        >>> d = derouler(3, 2, 2, 1, des=[(5, 3, 2), (6, 1, 1), (6, 4, 3)])
        >>> d.resultat, d.progres, d.revers, len(d.rounds), d.temps
        (<Resultat.MAGISTRALE: 'Magistrale'>, 3, 0, 3, Fraction(3, 1))
        >>> print(d.explication)
        Complexité 2 dépassée (3 Progrès) au round 3 : Magistrale.
        Temps passé : 3 rounds × 1 h = 3 h.
    """
    c = _conditions(
        trait, complexite, maniabilite, periode, unite, bonus, malus, aide, travailleur_consciencieux,
        experience_des_le_round,
    )  # fmt: skip
    if des is not None:
        des = _valider.suite("des", des, maximum=_valider.ROUNDS_MAX, quoi="jets (un par round)")
    _valider.generateur(rng)
    pas, fin = _jouer(c, des, rng)
    return _raconter(c, pas, fin)


_Pas = tuple[Jet, int, int, int, int]
"""Un round joué : son jet, les Progrès et les Revers qu'il rapporte, puis les cumuls à sa fin."""


def _jouer(
    c: _Conditions, des: Sequence[Sequence[int]] | None, rng: random.Random | None
) -> tuple[list[_Pas], Resultat]:
    """La règle : chaque round lancé et compté (`EFFETS`) jusqu'à l'issue du Test ; les dés fournis, tous joués."""
    pas: list[_Pas] = []
    progres = revers = 0
    fin: Resultat | None = None
    while fin is None:
        n = len(pas) + 1
        if (
            n > _valider.ROUNDS_MAX
        ):  # pragma: no cover - des d6 n'y arrivent pas (une Compensation a au plus 1/2 de chances)
            raise Refus(
                "rng",
                f"le Test n'est pas fini après {_valider.ROUNDS_MAX} rounds ({progres} Progrès, {revers} Revers) ; "
                "le code s'arrête là",
                forme=PROPOS,
            )
        if des is not None and n > len(des):
            raise Refus(
                "des",
                f"le Test n'est pas fini après {pluriel(len(des), 'round')} "
                f"({progres} Progrès, {revers} Revers) : il manque les dés du round {n}",
                forme=PROPOS,
            )
        j = _jet_du_round(n, c.reserve_du_round(n), None if des is None else des[n - 1], rng)
        gain, perte = EFFETS[j.resultat]
        progres, revers = progres + gain, revers + perte
        pas.append((j, gain, perte, progres, revers))
        fin = _issue(progres, revers, c.complexite, c.maniabilite, j.resultat, en_cours())
    if des is not None and len(des) > len(pas):
        raise Refus("des", f"le Test s'achève au round {len(pas)}, mais {len(des)} jets sont fournis", forme=PROPOS)
    return pas, fin


def _raconter(c: _Conditions, pas: list[_Pas], fin: Resultat) -> Deroulement:
    """Le récit du Test joué : la ligne de chaque round, le bilan et le temps passé, le compte rendu entier."""
    rounds = tuple(
        Round(
            n, j, c.experience(n), gain, perte, progres, revers, _raconter_round(c, n, j, gain, perte, progres, revers)
        )
        for n, (j, gain, perte, progres, revers) in enumerate(pas, start=1)
    )
    progres, revers = (rounds[-1].progres_cumules, rounds[-1].revers_cumules)
    temps = len(rounds) * c.periode
    bilan = _bilan(c, fin, progres, revers, len(rounds), temps)
    return Deroulement(
        trait=c.trait,
        complexite=c.complexite,
        maniabilite=c.maniabilite,
        periode=c.periode,
        unite=c.unite,
        rounds=rounds,
        progres=progres,
        revers=revers,
        resultat=fin,
        temps=temps,
        transcript="\n".join([_presenter(c), *(r.explication for r in rounds), bilan]),
        explication=bilan,
    )


# --- Les chances exactes : chaîne de Markov absorbante -------------------------


@cache
def _chaine(
    trait: int, complexite: int, maniabilite: int, bonus: int, malus: int, regles: Regles
) -> tuple[dict[Resultat, Fraction], Fraction]:
    """Loi de l'issue et espérance du nombre de rounds, depuis (0 Progrès, 0 Revers).

    Les états transitoires (p, r), p < Complexité, r < Maniabilité, ne mènent
    qu'à eux-mêmes (Compensation, probabilité c) ou à un état de p + r plus
    grand : la matrice I − Q de la chaîne est triangulaire. Résoudre
    B = (I − Q)⁻¹ R et t = (I − Q)⁻¹ 1 revient donc à une substitution
    arrière, exacte : B(s) = Σ q·B(s') / (1 − c) et t(s) = (1 + Σ q·t(s')) / (1 − c).

    Le calcul se fait en entiers : avec D = 6ⁿ jets ordonnés par round dont C
    Compensations, q/(1 − c) = compte/N où N = D − C. Depuis (p, r), il reste au
    plus h = (Complexité − p) + (Maniabilité − r) − 1 rounds décisifs ; on porte
    B(s)·Nʰ et t(s)·Nʰ, des entiers, et l'on ne divise (une fois) qu'à la fin.
    """
    resultats, n = comptes_resultats(trait, bonus - malus)
    comptes_ = dict(zip(Resultat, resultats, strict=True))
    total = 6**n
    decisifs = total - comptes_[Resultat.COMPENSATION]
    if decisifs == 0:  # pragma: no cover - impossible avec des d6 : garde-fou
        raise Refus(
            ("trait", "bonus", "malus"),
            "la chaîne n'est pas absorbante : chaque round serait une Compensation",
            forme=PHRASE,
        )
    issues = (Resultat.CATASTROPHE, Resultat.ECHEC, Resultat.REUSSITE, Resultat.MAGISTRALE)
    pas = [(comptes_[res], EFFETS[res], res) for res in issues if comptes_[res]]
    puissances = [decisifs**k for k in range(complexite + maniabilite)]
    loi: dict[tuple[int, int], dict[Resultat, int]] = {}
    duree: dict[tuple[int, int], int] = {}
    for p in range(complexite - 1, -1, -1):
        for r in range(maniabilite - 1, -1, -1):
            h = complexite - p + maniabilite - r - 1
            b = dict.fromkeys(issues, 0)
            t = total * puissances[h - 1]
            for compte, (gain, perte), res in pas:
                suite = (p + gain, r + perte)
                fin = _issue(*suite, complexite, maniabilite, res, regles)
                if fin is not None:
                    b[fin] += compte * puissances[h - 1]
                else:
                    echelle = compte * puissances[h - 1 - (complexite - suite[0] + maniabilite - suite[1] - 1)]
                    for k, v in loi[suite].items():
                        b[k] += echelle * v
                    t += echelle * duree[suite]
            loi[(p, r)] = b
            duree[(p, r)] = t
    depart = puissances[complexite + maniabilite - 1]
    return {k: Fraction(v, depart) for k, v in loi[(0, 0)].items()}, Fraction(duree[(0, 0)], depart)


def _valider_chances(trait: Any, complexite: Any, maniabilite: Any, bonus: Any, malus: Any) -> None:
    _valider.trait_de_loi("trait", trait)
    _valider_bornes(complexite, maniabilite)
    _valider.au_plus("complexite", complexite, _valider.COMPLEXITE_MAX)
    _valider.au_plus("maniabilite", maniabilite, _valider.MANIABILITE_MAX)
    _valider.modificateur_net(bonus, malus)


def distribution(
    trait: int, complexite: int, maniabilite: int, *, bonus: int = 0, malus: int = 0
) -> dict[Resultat, Fraction]:
    """Probabilités exactes de l'issue d'un Test étendu.

    Source : « WaRP › Tests étendus ». Les clés sont Catastrophe, Échec,
    Réussite, Magistrale (il n'y a pas de Compensation) ; la somme vaut 1.
    `bonus` et `malus` valent pour tous les rounds : y ajouter l'aide des
    Bêtas, le bonus « Travailleur consciencieux » ou un dé d'expérience
    dépensé avant le premier round.

    Examples:
        >>> d = distribution(1, 1, 1)
        >>> d[Resultat.MAGISTRALE], d[Resultat.REUSSITE], d[Resultat.ECHEC], d[Resultat.CATASTROPHE]
        (Fraction(1, 6), Fraction(1, 3), Fraction(1, 3), Fraction(1, 6))
        >>> d = distribution(3, 4, 3)
        >>> round(float(d[Resultat.REUSSITE] + d[Resultat.MAGISTRALE]), 3)
        0.796
        >>> distribution(3, 0, 3)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: complexite doit être un entier ≥ 1, reçu 0
    """
    _valider_chances(trait, complexite, maniabilite, bonus, malus)
    return dict(_chaine(trait, complexite, maniabilite, bonus, malus, en_cours())[0])


def rounds_esperes(trait: int, complexite: int, maniabilite: int, *, bonus: int = 0, malus: int = 0) -> Fraction:
    """Le nombre exact de rounds attendu (l'espérance), Compensations comprises.

    Source : « WaRP › Tests étendus ». Multiplié par la Période, c'est la durée
    moyenne du Test.

    Examples:
        >>> rounds_esperes(1, 1, 1)
        Fraction(1, 1)
        >>> r = rounds_esperes(3, 4, 3)
        >>> round(float(r), 2)
        3.76
    """
    _valider_chances(trait, complexite, maniabilite, bonus, malus)
    return _chaine(trait, complexite, maniabilite, bonus, malus, en_cours())[1]


def distribution_rounds(
    trait: int, complexite: int, maniabilite: int, *, bonus: int = 0, malus: int = 0, maximum: int = 20
) -> dict[int, Fraction]:
    """La chance exacte que le Test étendu finisse au round 1, 2, …, `maximum` (Compensations comprises).

    Source : « WaRP › Tests étendus ». Une Compensation ne fait rien avancer,
    mais le temps passe : le Test peut durer sans limite, et les chances
    rendues (jusqu'à `maximum` rounds) somment à un peu moins de 1 ; le reste
    est la chance qu'il dure plus longtemps. Calculée en avançant la loi des
    états (Progrès, Revers) round par round, en entiers (sur 6 puissance le
    nombre de dés lancés), sans simulation.

    Examples:
        Réparer le propulseur (Trait 3d, Complexité 2, Maniabilité 2) :

        >>> d = distribution_rounds(3, 2, 2, maximum=4)
        >>> [round(float(p), 3) for p in d.values()]
        [0.384, 0.405, 0.188, 0.021]
        >>> sum(distribution_rounds(1, 1, 1, maximum=1).values())
        Fraction(1, 1)
        >>> distribution_rounds(3, 2, 2, maximum=0)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: maximum doit être un entier entre 1 et 100, reçu 0
    """
    _valider_chances(trait, complexite, maniabilite, bonus, malus)
    _valider.entier("maximum", maximum, minimum=1, maximum=100)
    resultats, n = comptes_resultats(trait, bonus - malus)
    pas = [(compte, EFFETS[res]) for res, compte in zip(Resultat, resultats, strict=True) if compte]
    total = 6**n
    etats: dict[tuple[int, int], int] = {(0, 0): 1}  # poids entiers sur total ** (round joué)
    loi: dict[int, Fraction] = {}
    for numero in range(1, maximum + 1):
        suivants: dict[tuple[int, int], int] = defaultdict(int)
        finis = 0
        for (p, r), poids in etats.items():
            for compte, (gain, perte) in pas:
                if _issue(p + gain, r + perte, complexite, maniabilite, None, en_cours()) is None:
                    suivants[(p + gain, r + perte)] += poids * compte
                else:
                    finis += poids * compte
        loi[numero] = Fraction(finis, total**numero)
        etats = suivants
    return loi
