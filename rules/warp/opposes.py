"""WaRP › Jets opposés : deux jets simples face à face.

Chacun lance son Trait avec ses propres bonus et malus ; le plus fort total
l'emporte. Les Critiques s'annulent un pour un, les Catastrophes s'annulent
entre elles et annulent les Critiques adverses. À égalité, l'attaque échoue ;
dans une épreuve symétrique (un bras de fer), c'est une vraie égalité.

Les jets opposés ne comparent que les totaux : le seuil de 3 × Trait des jets
simples n'y joue aucun rôle (voir la page, « Interprétation »).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules import _valider
from rules._enum import EnumOrdonnee
from rules._francais import a_le
from rules.des import opposer
from rules.regles import Regles, en_cours
from rules.warp.jets import Jet, Resultat, comptes_profils, reserve_du_jet, verifier_jet

__all__ = ["Issue", "Opposition", "chances_opposees", "distribution_opposee", "opposition"]


class Issue(EnumOrdonnee):
    """Qui l'emporte d'un jet opposé.

    Source : « WaRP › Jets opposés ».

    Examples:
        >>> print(Issue.EGALITE)
        égalité
    """

    SECOND = "le second l'emporte"
    EGALITE = "égalité"
    PREMIER = "le premier l'emporte"


Profil = tuple[int, int, bool]
"""(total des dés gardés, nombre de 6 gardés, Catastrophe)."""


def _resoudre(a: Profil, b: Profil, symetrique: bool, r: Regles) -> tuple[Issue, Resultat | None, Resultat | None, int]:
    """Le cœur de la règle : (issue, résultat du premier, du second, Critiques nets), dans la lecture `r`.

    Une Catastrophe perd quels que soient les totaux ; dans une variante
    (`r.catastrophe_perd_toujours` faux), elle compte son total comme un autre jet,
    et n'est une Catastrophe que pour qui perd."""
    total_a, crit_a, cata_a = a
    total_b, crit_b, cata_b = b
    # Les Catastrophes annulent les Critiques adverses (et s'annulent entre elles).
    if cata_a:
        crit_b = 0
    if cata_b:
        crit_a = 0
    nets = crit_a - crit_b
    perd = r.catastrophe_perd_toujours
    if cata_a and cata_b and perd:
        issue = Issue.EGALITE if symetrique else Issue.SECOND
        if symetrique:
            return issue, None, None, 0
        return issue, Resultat.ECHEC, Resultat.REUSSITE, 0
    if cata_a and perd:
        issue = Issue.SECOND
    elif (cata_b and perd) or total_a > total_b:
        issue = Issue.PREMIER
    elif total_a < total_b or not symetrique:
        issue = Issue.SECOND  # égalité en attaque/défense : l'attaque est ratée
    else:
        return Issue.EGALITE, None, None, nets

    def perdant(cata: bool, nets_du_camp: int) -> Resultat:
        if cata:
            return Resultat.CATASTROPHE
        return Resultat.COMPENSATION if nets_du_camp > 0 else Resultat.ECHEC

    def gagnant(nets_du_camp: int) -> Resultat:
        return Resultat.MAGISTRALE if nets_du_camp > 0 else Resultat.REUSSITE

    if issue is Issue.PREMIER:
        return issue, gagnant(nets), perdant(cata_b, -nets), nets
    return issue, perdant(cata_a, nets), gagnant(-nets), nets


@dataclass(frozen=True)
class Opposition:
    """Un jet opposé résolu."""

    premier: Jet
    """Le jet du premier camp (l'attaquant, en attaque contre défense)."""
    second: Jet
    """Le jet du second camp (le défenseur)."""
    symetrique: bool
    """Vrai s'il n'y a ni attaque ni défense (un bras de fer)."""
    issue: Issue
    """Qui l'emporte, ou égalité."""
    critiques_nets: int
    """Critiques du premier moins ceux du second, après annulations (> 0 : au premier)."""
    resultat_premier: Resultat | None
    """Le résultat du premier (None en cas de vraie égalité)."""
    resultat_second: Resultat | None
    """Le résultat du second (None en cas de vraie égalité)."""
    explication: str
    """Comment l'issue découle de la règle."""

    @property
    def avantage(self) -> Issue | None:
        """En cas de vraie égalité, le camp qui garde plus de Critiques : un avantage pour la suite."""
        if self.issue is not Issue.EGALITE or self.critiques_nets == 0:
            return None
        return Issue.PREMIER if self.critiques_nets > 0 else Issue.SECOND

    def __str__(self) -> str:
        return self.explication


def _profil(j: Jet) -> Profil:
    return (j.total, j.critiques, j.catastrophe)


def _expliquer(
    a: Jet, b: Jet, symetrique: bool, issue: Issue, nets: int, ra: Resultat | None, rb: Resultat | None
) -> str:
    noms = ("le premier", "le second") if symetrique else ("l'attaquant", "le défenseur")
    morceaux = [f"Totaux : {a.total} contre {b.total}"]
    if (a.catastrophe or b.catastrophe) and not en_cours().catastrophe_perd_toujours:
        morceaux.append("une Catastrophe compte son total, comme tout jet (variante)")
        if a.total == b.total:
            morceaux.append(
                "égalité : vraie égalité, chacun tient ses positions" if symetrique else "égalité : l'attaque est ratée"
            )
    elif a.catastrophe and b.catastrophe:
        morceaux.append(
            "deux Catastrophes s'annulent : bête égalité"
            + ("" if symetrique else ", et l'égalité fait rater l'attaque")
        )
    elif a.catastrophe or b.catastrophe:
        qui = noms[0] if a.catastrophe else noms[1]
        autre = b if a.catastrophe else a
        morceaux.append(f"Catastrophe pour {qui}, qui perd quoi qu'il arrive")
        if autre.critiques:
            morceaux.append("elle annule les Critiques adverses")
    else:
        if a.critiques or b.critiques:
            morceaux.append(
                f"Critiques {a.critiques} contre {b.critiques}, "
                + (
                    "ils s'annulent"
                    if nets == 0
                    else f"il en reste {abs(nets)} {a_le(noms[0] if nets > 0 else noms[1])}"
                )
            )
        if a.total == b.total:
            morceaux.append(
                "égalité : vraie égalité, chacun tient ses positions" if symetrique else "égalité : l'attaque est ratée"
            )
    if issue is Issue.EGALITE:
        fin = "égalité"
        if nets:
            fin += f", les Critiques font un avantage pour la suite {a_le(noms[0] if nets > 0 else noms[1])}"
    else:
        fin = f"{noms[0]} : {ra}, {noms[1]} : {rb}"
    return " ; ".join(morceaux) + " → " + fin + "."


def opposition(premier: Jet, second: Jet, *, symetrique: bool = False) -> Opposition:
    """Résout un jet opposé à partir des deux jets simples.

    Source : « WaRP › Jets opposés » (Mécanisme de base, Critiques et
    Catastrophes, Égalité). En attaque contre défense, `premier` est
    l'attaquant : une égalité fait rater l'attaque. Avec `symetrique=True`
    (bras de fer), l'égalité est une vraie égalité.

    Args:
        premier: le jet de l'attaquant (ou du premier camp).
        second: le jet du défenseur (ou du second camp).
        symetrique: vrai s'il n'y a pas d'attaque ni de défense.

    Returns:
        L'opposition résolue.

    Examples:
        >>> from rules.warp.jets import jet
        >>> o = opposition(jet(4, des=(6, 5, 3, 2)), jet(2, des=(6, 4)))
        >>> o.issue, o.resultat_premier, o.resultat_second
        (<Issue.PREMIER: "le premier l'emporte">, <Resultat.REUSSITE: 'Réussite'>, <Resultat.ECHEC: 'Échec'>)
        >>> print(o)
        Totaux : 16 contre 10 ; Critiques 1 contre 1, ils s'annulent → l'attaquant : Réussite, le défenseur : Échec.
    """
    for nom, valeur in (("premier", premier), ("second", second)):
        verifier_jet(nom, valeur)
    _valider.booleen("symetrique", symetrique)
    issue, ra, rb, nets = _resoudre(_profil(premier), _profil(second), symetrique, en_cours())
    return Opposition(
        premier=premier,
        second=second,
        symetrique=symetrique,
        issue=issue,
        critiques_nets=nets,
        resultat_premier=ra,
        resultat_second=rb,
        explication=_expliquer(premier, second, symetrique, issue, nets, ra, rb),
    )


def distribution_opposee(
    trait_premier: int,
    trait_second: int,
    *,
    bonus_premier: int = 0,
    malus_premier: int = 0,
    bonus_second: int = 0,
    malus_second: int = 0,
    symetrique: bool = False,
) -> dict[tuple[Resultat | None, Resultat | None], Fraction]:
    """Probabilités exactes de chaque paire (résultat du premier, résultat du second).

    Source : « WaRP › Jets opposés ».

    La vraie égalité d'une épreuve symétrique est la paire `(None, None)`. Les
    paires impossibles sont absentes. Calculées par le moteur de lois
    ([`rules.des.opposer`][rules.des.opposer] sur les profils des deux camps),
    pour des Traits jusqu'à 12d et au plus 12 dés de modificateur nets par camp.

    Examples:
        >>> d = distribution_opposee(1, 1, symetrique=True)
        >>> d[(None, None)]
        Fraction(1, 6)
    """
    ta = _valider.trait_de_loi("trait_premier", trait_premier)
    tb = _valider.trait_de_loi("trait_second", trait_second)
    na = _valider.modificateur_net(bonus_premier, malus_premier, noms=("bonus_premier", "malus_premier"))
    nb = _valider.modificateur_net(bonus_second, malus_second, noms=("bonus_second", "malus_second"))
    return dict(_distribution_opposee(ta, na, tb, nb, _valider.booleen("symetrique", symetrique), en_cours()))


def _classes(trait: int, net: int) -> dict[tuple[tuple[int, bool], int], int]:
    """Le profil d'un camp rangé pour `opposer` : ((nombre de 6, Catastrophe), total) → jets ordonnés."""
    return {((six, cata), total): n for (total, six, cata), n in comptes_profils(trait, net).items()}


@cache
def _distribution_opposee(
    ta: int, na: int, tb: int, nb: int, symetrique: bool, r: Regles
) -> tuple[tuple[tuple[Resultat | None, Resultat | None], Fraction], ...]:
    # `_resoudre` ne regarde les totaux qu'à travers leur comparaison : le moteur
    # (`opposer`) donne la loi des couples de classes et du signe de l'écart des
    # totaux, et chaque triplet est tranché par la règle avec des totaux témoins.
    temoins = {1: (1, 0), 0: (0, 0), -1: (0, 1)}
    loi: dict[tuple[Resultat | None, Resultat | None], int] = defaultdict(int)
    for ((six_a, cata_a), (six_b, cata_b), signe), n in opposer(_classes(ta, na), _classes(tb, nb)).items():
        total_a, total_b = temoins[signe]
        _, ra, rb, _ = _resoudre((total_a, six_a, cata_a), (total_b, six_b, cata_b), symetrique, r)
        loi[(ra, rb)] += n
    denominateur = 6 ** (reserve_du_jet(ta, na)[0] + reserve_du_jet(tb, nb)[0])
    ordre = [None, *Resultat]
    cles = sorted(loi, key=lambda c: (ordre.index(c[0]), ordre.index(c[1])))
    return tuple((cle, Fraction(loi[cle], denominateur)) for cle in cles if loi[cle])


def chances_opposees(
    trait_premier: int,
    trait_second: int,
    *,
    bonus_premier: int = 0,
    malus_premier: int = 0,
    bonus_second: int = 0,
    malus_second: int = 0,
    symetrique: bool = False,
) -> dict[Issue, Fraction]:
    """Probabilités exactes de chaque issue : le premier l'emporte, égalité, le second l'emporte.

    Source : « WaRP › Jets opposés ».

    Examples:
        >>> c = chances_opposees(4, 2)
        >>> c[Issue.PREMIER] > Fraction(9, 10)
        True
        >>> sum(c.values())
        Fraction(1, 1)
    """
    loi = dict.fromkeys((Issue.PREMIER, Issue.EGALITE, Issue.SECOND), Fraction(0))
    paires = distribution_opposee(
        trait_premier,
        trait_second,
        bonus_premier=bonus_premier,
        malus_premier=malus_premier,
        bonus_second=bonus_second,
        malus_second=malus_second,
        symetrique=symetrique,
    )
    for (ra, _rb), p in paires.items():
        if ra is None:
            loi[Issue.EGALITE] += p
        elif ra.reussi:
            loi[Issue.PREMIER] += p
        else:
            loi[Issue.SECOND] += p
    return loi
