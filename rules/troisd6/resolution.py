"""3D6 › Scènes majeures › Défense : la règle d'un échange, décidée une seule fois.

Un échange se décide sur ce que les jets ont donné. [`decider`][rules.troisd6.resolution.decider]
lit les **niveaux** : l'attaque réussit-elle, l'esquive annule-t-elle tout, le
blocage retire-t-il son propre jet d'effet, l'initiative change-t-elle de camp
(et pourquoi). [`points_nets`][rules.troisd6.resolution.points_nets] fait le
compte des **points** : l'effet de l'attaque, moins le blocage, moins l'armure.
[`apports`][rules.troisd6.resolution.apports] dit ce que le niveau d'une
réussite ajoute à son jet d'effet (le Dd d'une spéciale, le Dt d'une critique) ;
[`malus_de_defense`][rules.troisd6.resolution.malus_de_defense], ce que coûte une
contre-attaque ordinaire.

Les deux chemins s'en servent, et aucun ne redit la règle :

- l'échange **joué** avec des dés, [`echange`][rules.troisd6.scenes.echange] ;
- les **chances exactes** ([`chances_echange`][rules.troisd6.duel.chances_echange],
  [`chances_scene`][rules.troisd6.duel.chances_scene]), qui appliquent la même
  décision à chaque groupe de jets : ce module regroupe les 216 jets de 3d6 sous
  un seuil selon ce qu'ils font à l'échange, et donne, pour une attaque ainsi
  lancée, la loi exacte de ce qu'une défense laisse passer (fonctions internes,
  sans vérification : elles reçoivent des valeurs déjà vérifiées à l'entrée).

C'est la forme du jet opposé de WaRP ([`rules.warp.opposes`][rules.warp.opposes]) :
une fonction décide, le jeu et le calcul l'appellent.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Literal

from rules import _valider
from rules._enum import EnumOrdonnee
from rules.refus import PROPOS, Refus
from rules.regles import TEXTE, Regles, en_cours
from rules.troisd6.effets import Indice, _jet_d_effet, comptes_indice
from rules.troisd6.jets import Niveau, comptes_3d6, niveau_du_profil

__all__ = [
    "BONUS_DU_BLOCAGE",
    "CARACTERISTIQUE_DE_DEFENSE",
    "MALUS_CONTRE_ATTAQUE",
    "Decision",
    "Defense",
    "apports",
    "decider",
    "malus_de_defense",
    "points_nets",
]

MALUS_CONTRE_ATTAQUE = TEXTE.malus_contre_attaque
"""Le malus supplémentaire d'une contre-attaque ordinaire (sans talent particulier), dans le texte : −3
(une règle maison le change : [`Regles.malus_contre_attaque`][rules.regles.Regles.malus_contre_attaque])."""


class Defense(EnumOrdonnee):
    """Les trois actions du défenseur.

    Source : « 3D6 › Scènes majeures › Principes généraux › Défense ».

    Examples:
        >>> print(Defense.CONTRE_ATTAQUE)
        contre-attaque
    """

    ESQUIVE = "esquive"
    BLOCAGE = "blocage"
    CONTRE_ATTAQUE = "contre-attaque"


CARACTERISTIQUE_DE_DEFENSE: Mapping[Defense, Literal["attaque", "défense"]] = MappingProxyType(
    {Defense.ESQUIVE: "défense", Defense.BLOCAGE: "défense", Defense.CONTRE_ATTAQUE: "attaque"}
)
"""Sous quelle caractéristique le défenseur lance chaque défense : celle de ses défenses, ou celle de ses attaques.

Le texte nomme l'esquive et le blocage des jets « de "défense" » ; pour la
contre-attaque, le personnage « doit normalement réussir un jet d'attaque
avec un malus de -3 ». [`Personnage.seuil_pour`][rules.troisd6.scenes.Personnage.seuil_pour]
et [`indice_pour`][rules.troisd6.scenes.Personnage.indice_pour] lisent cette
table (voir la page, « Interprétation : la caractéristique de l'attaquant et
celle du défenseur ») ; une variante lance la contre-attaque sous celle des défenses
([`Regles.contre_attaque_sous_la_defense`][rules.regles.Regles.contre_attaque_sous_la_defense])."""


def _caracteristique(defense: Defense, r: Regles) -> Literal["attaque", "défense"]:
    """La caractéristique de cette défense, dans la lecture `r`."""
    if defense is Defense.CONTRE_ATTAQUE and r.contre_attaque_sous_la_defense:
        return "défense"
    return CARACTERISTIQUE_DE_DEFENSE[defense]


BONUS_DU_BLOCAGE: tuple[int, int] = (TEXTE.blocage_niveaux, TEXTE.blocage_points)
"""Les niveaux d'Indice et les points en plus du jet d'effet d'un **blocage** : aucun, quel que soit le risque.

Le bonus d'effet que l'attaquant tire de son risque (« malus au jet, mais
bonus aux effets si réussi ») ne vaut que pour ses propres effets ; le
défenseur lance avec le même modificateur au jet, mais bloque avec son
Indice seul (voir la page, « Interprétation : le bonus du risque et le
blocage »). Le jeu avec dés et les chances exactes le lisent tous deux par
`_bonus_du_blocage`, où une variante (le blocage reçoit le bonus du risque) et une
règle maison (des niveaux ou des points en plus) le changent."""


def _bonus_du_blocage(r: Regles, niveaux: int, bonus_points: int) -> tuple[int, int]:
    """(niveaux, points) en plus du jet d'effet d'un blocage, quand l'attaquant a pris ce risque."""
    if r.blocage_avec_le_risque:
        return r.blocage_niveaux + niveaux, r.blocage_points + bonus_points
    return r.blocage_niveaux, r.blocage_points


_Raison = Literal["attaque ratée", "niveau du défenseur", "contre-attaque"]
"""Pourquoi l'initiative change de camp (« 3D6 › Scènes majeures › Principes généraux › Défense »)."""


def malus_de_defense(defense: Defense, talent_contre_attaque: bool = False) -> int:
    """Le malus propre à une défense : −3 pour une contre-attaque ordinaire, 0 sinon.

    Source : « 3D6 › Scènes majeures › Principes généraux › Défense » : « Dans
    le cas de la contre-attaque, le personnage doit normalement
    réussir un jet d'attaque avec un malus de -3 (mais parfois, ca peut être
    l'utilisation d'un talent très particulier) ».

    Examples:
        >>> malus_de_defense(Defense.CONTRE_ATTAQUE), malus_de_defense(Defense.CONTRE_ATTAQUE, True)
        (-3, 0)
        >>> malus_de_defense(Defense.ESQUIVE)
        0
    """
    _valider.membre("defense", defense, Defense)
    _valider.booleen("talent_contre_attaque", talent_contre_attaque)
    return _malus(defense, talent_contre_attaque, en_cours())


def _malus(defense: Defense, talent: bool, r: Regles) -> int:
    return r.malus_contre_attaque if defense is Defense.CONTRE_ATTAQUE and not talent else 0


@dataclass(frozen=True)
class Decision:
    """Ce que les niveaux des deux jets décident d'un échange.

    Examples:
        >>> d = decider(Niveau.REUSSITE_SIMPLE, Defense.ESQUIVE, Niveau.REUSSITE_SPECIALE)
        >>> d.esquivee, d.effets, d.raison
        (True, False, 'niveau du défenseur')
    """

    attaque_reussie: bool
    """L'attaque réussit : l'attaquant lance son jet d'effet."""
    esquivee: bool
    """Une esquive d'au moins le niveau de l'attaque : aucun point d'effet ne passe."""
    bloquee: bool
    """Un blocage réussi : son propre jet d'effet est retiré des points de l'attaque."""
    raison: _Raison | None
    """Pourquoi le défenseur reprend l'initiative ; `None` si l'attaquant la garde."""

    @property
    def effets(self) -> bool:
        """Vrai si des points d'effet peuvent passer (attaque réussie, pas esquivée)."""
        return self.attaque_reussie and not self.esquivee

    @property
    def initiative_change(self) -> bool:
        """Vrai si le défenseur reprend l'initiative."""
        return self.raison is not None


def _au_moins(defense: Niveau, attaque: Niveau) -> bool:
    """« réussir […] d'au moins le même niveau que l'attaquant » (esquive, contre-attaque)."""
    return defense.reussi and defense >= attaque


def decider(attaque: Niveau, defense: Defense | None = None, niveau_defense: Niveau | None = None) -> Decision:
    """Ce que décident les niveaux d'un échange : effets, esquive, blocage, initiative.

    Source : « 3D6 › Scènes majeures › Principes généraux › Défense ».
    Esquive : une réussite d'au moins le niveau de l'attaquant annule tout.
    Blocage : toute réussite retire son propre jet d'effet. Contre-attaque :
    une réussite d'au moins le niveau de l'attaquant reprend l'initiative (elle
    ne réduit pas les effets). L'initiative change aussi si l'attaquant rate,
    ou si le niveau du défenseur dépasse le sien. Face à une opposition
    passive, `defense` et `niveau_defense` restent `None` : seul le jet de
    l'attaquant compte (un jet raté passerait l'initiative à un camp actif).

    Args:
        attaque: le niveau du jet de l'attaquant.
        defense: la défense choisie (`None` : opposition passive, elle ne lance rien).
        niveau_defense: le niveau du jet du défenseur (`None` avec `defense=None`).

    Examples:
        >>> decider(Niveau.REUSSITE_SPECIALE, Defense.CONTRE_ATTAQUE, Niveau.REUSSITE_SPECIALE).raison
        'contre-attaque'
        >>> decider(Niveau.REUSSITE_SIMPLE, Defense.BLOCAGE, Niveau.REUSSITE_SIMPLE).bloquee
        True
        >>> decider(Niveau.ECHEC_SIMPLE).raison
        'attaque ratée'
    """
    _valider.membre("attaque", attaque, Niveau)
    if defense is not None:
        _valider.membre("defense", defense, Defense)
        _valider.membre("niveau_defense", niveau_defense, Niveau)
    elif niveau_defense is not None:
        raise Refus(
            "niveau_defense", "une opposition passive (defense=None) ne lance rien", recu=niveau_defense, forme=PROPOS
        )
    return _decider(attaque, defense, niveau_defense, en_cours())


def _decider(attaque: Niveau, defense: Defense | None, niveau_defense: Niveau | None, r: Regles) -> Decision:
    reussie = attaque.reussi
    raison: _Raison | None = None if reussie else "attaque ratée"
    if defense is None or niveau_defense is None:
        return Decision(reussie, False, False, raison)
    atteint = _au_moins(niveau_defense, attaque)
    if raison is None and niveau_defense > attaque:
        raison = "niveau du défenseur"
    if raison is None and defense is Defense.CONTRE_ATTAQUE and atteint:
        raison = "contre-attaque"
    # Une variante lit la contre-attaque réussie comme une esquive (Regles.contre_attaque_esquive).
    evite = defense is Defense.ESQUIVE or (defense is Defense.CONTRE_ATTAQUE and r.contre_attaque_esquive)
    esquivee = reussie and evite and atteint
    bloquee = reussie and defense is Defense.BLOCAGE and niveau_defense.reussi
    return Decision(reussie, esquivee, bloquee, raison)


def points_nets(effet_attaque: int, retrait: int = 0, armure: int = 0) -> tuple[int, int]:
    """Les points d'effet nets d'une attaque qui passe, et ce que l'armure en a retiré.

    Source : « 3D6 › Scènes majeures › Défense » (le blocage « diminue les
    points d'effet » de son propre jet d'effet) ; l'armure retire ses points à
    chaque effet qui passe encore. Un blocage plus fort que l'attaque laisse un
    total négatif (« 3 − 4 = −1, soit aucun avantage ») : l'armure ne s'y
    ajoute pas.

    Args:
        effet_attaque: les points du jet d'effet de l'attaque.
        retrait: les points du jet d'effet d'un blocage réussi (0 sans blocage).
        armure: les points d'armure du défenseur.

    Returns:
        (points nets, points retirés par l'armure).

    Examples:
        >>> points_nets(10, 4), points_nets(7, armure=2), points_nets(3, 4, armure=2)
        ((6, 0), (5, 2), (-1, 0))
        >>> points_nets(1, armure=2)
        (-1, 1)
    """
    points = _valider.POINTS_MAX * 10
    _valider.entier("effet_attaque", effet_attaque, minimum=-points, maximum=points)
    _valider.entier("retrait", retrait, minimum=-points, maximum=points)
    _valider.entier("armure", armure, minimum=0, maximum=_valider.POINTS_MAX)
    return _points_nets(effet_attaque, retrait, armure)


def _points_nets(effet_attaque: int, retrait: int, armure: int) -> tuple[int, int]:
    points = effet_attaque - retrait
    if points > 0 and armure:
        return points - armure, min(armure, points)
    return points, 0


def apports(niveau: Niveau, dd: int | None, dt: int | None) -> tuple[int | None, int | None]:
    """Ce que le niveau d'une réussite apporte à son jet d'effet : (Dd ajouté aux points, Dt en niveaux d'Indice).

    Source : « 3D6 › Scènes majeures › Principes généraux › Attaque » :
    « Réussite Simple : Points d'effet selon la caractéristique utilisée. Si Réussite Spéciale : Points d'effet + dé doublé (Dd). Si
    Critique : Points d'effet + dé triplé (Dt) niveau. » Le blocage suit la
    même règle (« effet normal+dé doublé si spécial, effet +dé triplé niveau
    si critique »).

    Examples:
        >>> apports(Niveau.REUSSITE_SPECIALE, 4, None), apports(Niveau.REUSSITE_CRITIQUE, None, 2)
        ((4, None), (None, 2))
        >>> apports(Niveau.ECHEC_SPECIAL, 4, None)
        (None, None)
    """
    _valider.membre("niveau", niveau, Niveau)
    return _apports(niveau, dd, dt, en_cours())


def _apports(niveau: Niveau, dd: int | None, dt: int | None, r: Regles) -> tuple[int | None, int | None]:
    if niveau is Niveau.REUSSITE_CRITIQUE and r.triple_aussi_double:  # un triple contient aussi « un double »
        return dt, dt
    return (dd if niveau is Niveau.REUSSITE_SPECIALE else None, dt if niveau is Niveau.REUSSITE_CRITIQUE else None)


# --- Les chances exactes : les jets regroupés selon ce qu'ils font à l'échange (internes) -------------


@dataclass(frozen=True)
class _Lancer:
    """Des jets de 3d6 qui font la même chose à l'échange : leur niveau et le jet d'effet qu'ils lancent."""

    niveau: Niveau
    """Le niveau de ces jets."""
    indice: Indice | None
    """L'Indice que lance leur jet d'effet (Dt et niveaux en plus compris) ; `None` s'il n'y en a pas."""
    plus: int
    """Les points ajoutés à ce jet d'effet (le Dd d'une spéciale, les points en plus)."""


@cache
def _lancers(seuil: int, indice: Indice | None, niveaux: int, bonus_points: int, r: Regles) -> dict[_Lancer, int]:
    """Les 216 jets ordonnés de 3d6 sous `seuil`, regroupés selon ce qu'ils font à l'échange (ils somment à 216).

    Un jet réussi lance son jet d'effet par la règle d'[`apports`][rules.troisd6.resolution.apports] et de
    `_jet_d_effet` ; sans `indice` (une défense qui ne bloque pas),
    seul le niveau distingue les groupes.
    """
    groupes: dict[_Lancer, int] = defaultdict(int)
    for (total, dd, dt), n in comptes_3d6().items():
        groupes[_lancer_de(niveau_du_profil(total, seuil, dd, dt), dd, dt, indice, niveaux, bonus_points, r)] += n
    return dict(groupes)


def _lancer_de(
    niveau: Niveau, dd: int | None, dt: int | None, indice: Indice | None, niveaux: int, bonus_points: int, r: Regles
) -> _Lancer:
    """Le groupe d'un jet : son niveau, et (s'il réussit) l'Indice que lance son jet d'effet et les points en plus."""
    if not niveau.reussi or indice is None:
        return _Lancer(niveau, None, 0)
    lance, plus = _jet_d_effet(indice, *_apports(niveau, dd, dt, r), niveaux, bonus_points, r)
    return _Lancer(niveau, lance, plus)


def _denominateur(groupes: dict[_Lancer, int]) -> int:
    """Un dénominateur commun aux jets d'effet de ces groupes : 6^d6 · 3^d3 du plus grand Indice."""
    indices = [g.indice for g in groupes if g.indice is not None]
    return int(6 ** max((i.d6 for i in indices), default=0) * 3 ** max((i.d3 for i in indices), default=0))


_Issue = tuple[int | None, bool]
"""(points nets, ou `None` si aucun effet ne passe ; l'initiative change-t-elle de camp)."""


@cache
def _loi_de_la_defense(
    attaque: _Lancer,
    defense: Defense | None,
    seuil: int | None,
    indice: Indice | None,
    armure: int,
    bonus_blocage: tuple[int, int],
    r: Regles,
) -> tuple[dict[_Issue, int], int]:
    """Loi exacte de ce que fait une défense à une attaque déjà lancée : points nets et initiative.

    La règle de [`decider`][rules.troisd6.resolution.decider] et de
    [`points_nets`][rules.troisd6.resolution.points_nets], appliquée à chaque
    jet du défenseur (216, regroupés), à chaque jet d'effet de l'attaque et,
    s'il bloque, à chacun des siens (avec `bonus_blocage`, ses niveaux et points en plus), le tout dans la
    lecture `r`. `seuil` est le seuil effectif du
    défenseur (`None` s'il est passif), `indice` celui de son blocage (`None`
    s'il ne bloque pas). Rend les issues en poids entiers et leur dénominateur commun.
    """
    if defense is None or seuil is None:
        parades = None
        effets_d = 1
    else:
        parades = _lancers(seuil, indice if defense is Defense.BLOCAGE else None, *bonus_blocage, r)
        effets_d = _denominateur(parades)
    effets_a, total_a = comptes_indice(attaque.indice.d6, attaque.indice.d3) if attaque.indice else ({}, 1)
    loi: dict[_Issue, int] = defaultdict(int)
    retraits: dict[bool, dict[int, int]] = {}
    for parade, n in parades.items() if parades is not None else [(None, 216)]:
        d = _decider(attaque.niveau, defense if parade else None, parade.niveau if parade else None, r)
        if not d.effets:
            loi[(None, d.initiative_change)] += n * effets_d * total_a
            continue
        retrait = retraits.setdefault(d.initiative_change, defaultdict(int))
        if d.bloquee and parade is not None and parade.indice is not None:
            effets_b, total_b = comptes_indice(parade.indice.d6, parade.indice.d3)
            for y, m in effets_b.items():
                retrait[y + parade.plus] += n * m * (effets_d // total_b)
        else:
            retrait[0] += n * effets_d
    for change, retrait in retraits.items():
        for x, m in effets_a.items():
            for y, k in retrait.items():
                loi[(_points_nets(x + attaque.plus, y, armure)[0], change)] += m * k
    return {issue: n for issue, n in loi.items() if n}, 216 * effets_d * total_a
