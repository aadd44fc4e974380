"""3D6 › Opposition et Potentiel › Scènes mineures : un seul jet règle la scène.

Face à un adversaire actif, chaque partie fait un jet : le meilleur niveau
gagne, et à niveau égal le jet le plus haut l'emporte. Face à un adversaire
passif ou à une chose, seul le PJ lance : il gagne s'il réussit son jet.

Quand niveaux **et** totaux sont égaux, le texte ne désigne pas de vainqueur :
le code rend une égalité ([`Issue.EGALITE`][rules.troisd6.scenes_mineures.Issue])
et n'invente rien (voir la page, « Interprétation »).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules import _valider
from rules._enum import EnumOrdonnee
from rules.des import comptes, opposer
from rules.regles import Regles, en_cours
from rules.troisd6.jets import Jet, Niveau, ProfilDes, jet_valide, niveau, seuil_de_loi

__all__ = [
    "Issue",
    "SceneNonOpposee",
    "SceneOpposee",
    "chances_scene_non_opposee",
    "chances_scene_opposee",
    "scene_non_opposee",
    "scene_opposee",
]


class Issue(EnumOrdonnee):
    """Qui l'emporte d'une scène mineure opposée.

    Source : « 3D6 › Opposition et Potentiel › Scènes mineures ».

    Examples:
        >>> print(Issue.EGALITE)
        égalité
        >>> Issue.SECOND < Issue.EGALITE < Issue.PREMIER
        True
    """

    SECOND = "le second l'emporte"
    EGALITE = "égalité"
    PREMIER = "le premier l'emporte"


def _issue(niveau_a: Niveau, total_a: int, niveau_b: Niveau, total_b: int, r: Regles) -> Issue:
    """Le cœur de la règle : le meilleur niveau, puis le total le plus haut (le plus bas, dans une variante)."""
    if niveau_a != niveau_b:
        return Issue.PREMIER if niveau_a > niveau_b else Issue.SECOND
    if total_a != total_b:
        return Issue.PREMIER if (total_a > total_b) is r.mineure_plus_haut else Issue.SECOND
    return Issue.EGALITE


@dataclass(frozen=True)
class SceneOpposee:
    """Une scène mineure opposée résolue."""

    premier: Jet
    """Le jet du premier camp (en général le PJ)."""
    second: Jet
    """Le jet du second camp (l'adversaire actif)."""
    issue: Issue
    """Qui l'emporte, ou égalité (mêmes niveau et total)."""
    departage_par_total: bool
    """Vrai si les niveaux étaient égaux et que le total a tranché (ou n'a pas pu trancher)."""
    explication: str
    """Comment l'issue découle de la règle."""

    def __str__(self) -> str:
        return self.explication


def scene_opposee(premier: Jet, second: Jet) -> SceneOpposee:
    """Résout une scène mineure opposée à partir des deux jets.

    Source : « 3D6 › Opposition et Potentiel › Scènes mineures » : « le meilleur
    jet gagne. En cas d'égalité de niveau de réussite, le jet le plus haut
    l'emporte. » Le meilleur jet est celui de meilleur niveau, même si les deux
    ratent ; à niveau égal, le plus haut total gagne ; à niveau et total égaux,
    le texte ne dit rien : [`Issue.EGALITE`][rules.troisd6.scenes_mineures.Issue].

    Args:
        premier: le jet du premier camp (résultat de [`jet`][rules.troisd6.jets.jet]).
        second: le jet du second camp.

    Returns:
        La scène résolue.

    Examples:
        >>> from rules.troisd6 import jet
        >>> s = scene_opposee(jet(12, (5, 3, 1)), jet(11, (4, 4, 2)))
        >>> s.issue
        <Issue.SECOND: "le second l'emporte">
        >>> print(s)
        Premier : Réussite simple (total 9), second : Réussite spéciale (total 10) → le second l'emporte (meilleur niveau).
        >>> print(scene_opposee(jet(12, (6, 3, 2)), jet(14, (5, 4, 1))))
        Premier : Réussite simple (total 11), second : Réussite simple (total 10) → niveaux égaux, le total le plus haut l'emporte : le premier l'emporte.
    """
    for nom, valeur in (("premier", premier), ("second", second)):
        jet_valide(nom, valeur)
    r = en_cours()
    issue = _issue(premier.niveau, premier.total, second.niveau, second.total, r)
    egaux = premier.niveau == second.niveau
    debut = f"Premier : {premier.niveau} (total {premier.total}), second : {second.niveau} (total {second.total}) → "
    if not egaux:
        fin = f"{issue} (meilleur niveau)."
    elif issue is Issue.EGALITE:
        fin = "niveaux et totaux égaux : égalité, le texte ne désigne pas de vainqueur."
    else:
        fin = f"niveaux égaux, le total le plus {'haut' if r.mineure_plus_haut else 'bas'} l'emporte : {issue}."
    return SceneOpposee(
        premier=premier,
        second=second,
        issue=issue,
        departage_par_total=egaux,
        explication=debut + fin,
    )


@dataclass(frozen=True)
class SceneNonOpposee:
    """Une scène mineure sans opposition (adversaire passif, chose) résolue."""

    jet: Jet
    """Le jet du PJ, seul à lancer."""
    gagne: bool
    """Vrai si le PJ réussit son jet."""
    explication: str
    """Comment l'issue découle de la règle."""

    def __str__(self) -> str:
        return self.explication


def scene_non_opposee(jet: Jet) -> SceneNonOpposee:
    """Résout une scène mineure sans opposition : le PJ gagne s'il réussit son jet.

    Source : « 3D6 › Opposition et Potentiel › Scènes mineures » : « Soit
    seulement par le PJ si il n'y a pas d'opposition (adversaire passif, chose) :
    PJ gagne si il réussi son jet ».

    Examples:
        Joséphine et l'armoire (8 ou moins) :

        >>> from rules.troisd6 import jet
        >>> print(scene_non_opposee(jet(8, (2, 2, 3))))
        3d6 lancés (2, 2, 3) ; total 7 ≤ 8, double 2 (Dd = 2) → Réussite spéciale. Le PJ gagne la scène.
    """
    jet_valide("jet", jet)
    fin = "Le PJ gagne la scène." if jet.reussi else "Le PJ perd la scène."
    return SceneNonOpposee(jet=jet, gagne=jet.reussi, explication=f"{jet.explication} {fin}")


@cache
def _niveaux_et_totaux(seuil: int) -> dict[tuple[Niveau, int], int]:
    """Loi de (niveau, total) d'un jet sous `seuil`, en jets ordonnés (sur 216)."""
    loi: dict[tuple[Niveau, int], int] = defaultdict(int)
    for (total, dd, dt), n in comptes(3, 3, ProfilDes()).items():
        loi[(niveau(total, seuil, dd, dt), total)] += n
    return dict(loi)


@cache
def _chances_scene_opposee(seuil_premier: int, seuil_second: int, r: Regles) -> tuple[Fraction, Fraction, Fraction]:
    # `_issue` ne regarde les totaux qu'à travers leur comparaison : le moteur (`opposer`)
    # donne la loi de (niveau, niveau, signe de l'écart des totaux), la règle tranche chaque triplet.
    temoins = {1: (1, 0), 0: (0, 0), -1: (0, 1)}
    loi = dict.fromkeys((Issue.PREMIER, Issue.EGALITE, Issue.SECOND), 0)
    a, b = _niveaux_et_totaux(seuil_premier), _niveaux_et_totaux(seuil_second)
    for (niveau_a, niveau_b, signe), n in opposer(a, b).items():
        total_a, total_b = temoins[signe]
        loi[_issue(niveau_a, total_a, niveau_b, total_b, r)] += n
    return (
        Fraction(loi[Issue.PREMIER], 216**2),
        Fraction(loi[Issue.EGALITE], 216**2),
        Fraction(loi[Issue.SECOND], 216**2),
    )


def chances_scene_opposee(seuil_premier: int, seuil_second: int) -> dict[Issue, Fraction]:
    """Probabilités exactes de chaque issue d'une scène mineure opposée entre deux seuils.

    Confronte les lois (niveau, total) des deux jets avec le moteur de lois
    ([`rules.des.opposer`][rules.des.opposer]). Les clés sont, dans l'ordre, le
    premier l'emporte, égalité, le second l'emporte.

    Source : « 3D6 › Opposition et Potentiel › Scènes mineures ».

    Examples:
        >>> c = chances_scene_opposee(10, 10)
        >>> c[Issue.PREMIER] == c[Issue.SECOND]
        True
        >>> c[Issue.EGALITE]
        Fraction(25, 486)
        >>> sum(c.values())
        Fraction(1, 1)
    """
    a = seuil_de_loi(_valider.entier("seuil_premier", seuil_premier))
    b = seuil_de_loi(_valider.entier("seuil_second", seuil_second))
    return dict(
        zip((Issue.PREMIER, Issue.EGALITE, Issue.SECOND), _chances_scene_opposee(a, b, en_cours()), strict=True)
    )


def chances_scene_non_opposee(seuil: int) -> Fraction:
    """Probabilité exacte que le PJ gagne une scène mineure sans opposition : celle de réussir son jet.

    Source : « 3D6 › Opposition et Potentiel › Scènes mineures ».

    Examples:
        >>> chances_scene_non_opposee(8)
        Fraction(7, 27)
    """
    seuil = seuil_de_loi(_valider.entier("seuil", seuil))
    return Fraction(sum(c for (n, _), c in _niveaux_et_totaux(seuil).items() if n.reussi), 216)
