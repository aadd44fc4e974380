"""3D6 › Scènes majeures › Scènes de réflexion : difficulté, sabotage, échecs, assistance.

Face à un objet ou à un personnage passif, le personnage doit atteindre un
avantage définitif avant de rater un jet (le moteur :
[`jouer_scene`][rules.troisd6.scenes.jouer_scene]). La difficulté peut venir
d'une scène antérieure (le sabotage), grandir après un échec, et un assistant
peut aider ou gêner.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules import _valider
from rules.des import lancer
from rules.refus import PROPOS, Refus
from rules.regles import en_cours
from rules.troisd6.jets import Jet, Niveau, jet_valide

__all__ = [
    "Accroissement",
    "accroissement_difficulte",
    "aide",
    "difficulte_sabotage",
    "peut_assister",
]


def difficulte_sabotage(niveau_choisi: int, reussi: bool, talent: int) -> int:
    """La difficulté (modificateur négatif) que laisse une scène de sabotage.

    Source : « 3D6 › Scènes de réflexion » : « Ils fixent à −3 ce niveau de
    sabotage […] Si ils réussissent, Philip devra donc effectuer une réparation
    de niveau de Difficulté −3. Si ils ratent, le niveau de Difficulté par
    défaut sera du niveau du talent applicable (minimum −1). Si le truand a un
    talent Mécanique − 2, ce sera donc niveau −2. »

    Args:
        niveau_choisi: le niveau de sabotage choisi (3 pour « −3 ») : c'est aussi
            le malus du jet des saboteurs.
        reussi: vrai si la scène de sabotage est gagnée (avantage définitif).
        talent: le niveau du talent applicable du saboteur.

    Returns:
        Le modificateur de difficulté de la réparation (−3, −2…).

    Examples:
        >>> difficulte_sabotage(3, True, 2), difficulte_sabotage(3, False, 2), difficulte_sabotage(3, False, 0)
        (-3, -2, -1)
    """
    _valider.entier("niveau_choisi", niveau_choisi, minimum=0)
    _valider.entier("talent", talent, minimum=0)
    _valider.booleen("reussi", reussi)
    return -niveau_choisi if reussi else -max(talent, 1)


@dataclass(frozen=True)
class Accroissement:
    """De combien la difficulté grandit pour une nouvelle tentative."""

    niveau: Niveau
    """Le niveau du jet raté."""
    des: tuple[int, ...]
    """Le dé lancé (un D3 pour un échec spécial, un D6 pour un échec critique)."""
    points: int
    """Les points de difficulté en plus (le modificateur baisse d'autant)."""
    explication: str

    def __str__(self) -> str:
        return self.explication


def accroissement_difficulte(
    jet_rate: Jet,
    de: int | None = None,
    *,
    echec_simple_compte: bool | None = None,
    rng: random.Random | None = None,
) -> Accroissement:
    """De combien la difficulté grandit après un jet raté, si l'on recommence.

    Source : « 3D6 › Scènes de réflexion » : « Normalement, la tache reste au
    même niveau de Difficulté. Cependant, en cas d'échec spécial ou critique,
    la difficulté de la tache, si on souhaite recommencer, pourra être accrue.
    En règle générale, de −1 point en cas d'échec simple, −(1D3+1) si échec
    spécial, −(1D6+2) si échec critique. »

    Le texte se contredit sur l'échec simple (« reste au même niveau », puis
    « −1 point ») : par défaut le code le laisse au même niveau ;
    `echec_simple_compte=True` applique le −1 (`None` : ce que dit la lecture en vigueur,
    [`Regles.echec_simple_compte`][rules.regles.Regles.echec_simple_compte]).

    Args:
        jet_rate: le jet qui a fait échouer la scène.
        de: la valeur du D3 (échec spécial) ou du D6 (échec critique) ; sinon tiré.
        echec_simple_compte: appliquer le −1 de l'échec simple.
        rng: un `random.Random` pour tirer le dé.

    Examples:
        >>> from rules.troisd6 import jet
        >>> print(accroissement_difficulte(jet(7, (5, 5, 2)), 2))
        Échec spécial : difficulté accrue de 1D3+1 = 2+1 = 3 points.
        >>> print(accroissement_difficulte(jet(7, (6, 4, 2))))
        Échec simple : la tâche reste au même niveau de difficulté.
        >>> accroissement_difficulte(jet(7, (6, 4, 2)), echec_simple_compte=True).points
        1
    """
    jet_valide("jet_rate", jet_rate)
    if echec_simple_compte is None:
        echec_simple_compte = en_cours().echec_simple_compte
    _valider.booleen("echec_simple_compte", echec_simple_compte)
    _valider.generateur(rng)
    if de is not None:
        _valider.entier("de", de, minimum=1, maximum=6)
    if jet_rate.reussi:
        raise Refus("jet_rate", "être un jet raté", recu_ecrit=str(jet_rate.niveau))
    n = jet_rate.niveau
    if n is Niveau.ECHEC_SIMPLE:
        if de is not None:
            raise Refus("de", "un échec simple ne lance pas de dé", recu=de, forme=PROPOS)
        if echec_simple_compte:
            return Accroissement(n, (), 1, "Échec simple : difficulté accrue de 1 point (« en règle générale »).")
        return Accroissement(n, (), 0, "Échec simple : la tâche reste au même niveau de difficulté.")
    faces, fixe, nom = (3, 1, "1D3+1") if n is Niveau.ECHEC_SPECIAL else (6, 2, "1D6+2")
    valeur = lancer(1, rng, faces=faces)[0] if de is None else _valider.entier("de", de, minimum=1, maximum=faces)
    points = valeur + fixe
    return Accroissement(n, (valeur,), points, f"{n} : difficulté accrue de {nom} = {valeur}+{fixe} = {points} points.")


def peut_assister(niveau_principal: int, niveau_assistant: int, *, base_ou_familiarite: bool = False) -> bool:
    """Vrai si l'assistant peut apporter un bonus ou un malus au personnage principal.

    Source : « 3D6 › Scènes de réflexion » : « Seuls des personnes ayant le
    même talent, ou un talent très complémentaire, avec au moins niveau − 1
    peuvent l'aider (si familiarité ou base, aucun avantage). » Le code lit
    « au moins le niveau du personnage principal − 1 ».

    Examples:
        >>> peut_assister(2, 1), peut_assister(2, 0), peut_assister(2, 3, base_ou_familiarite=True)
        (True, False, False)
    """
    _valider.entier("niveau_principal", niveau_principal, minimum=0)
    _valider.entier("niveau_assistant", niveau_assistant, minimum=0)
    _valider.booleen("base_ou_familiarite", base_ou_familiarite)
    return not base_ou_familiarite and niveau_assistant >= niveau_principal - 1


def aide(jet_assistant: Jet) -> int:
    """Le modificateur que le jet de l'assistant donne au personnage principal.

    Source : « 3D6 › Scènes de réflexion » : « Réussite simple ou échec
    simple : pas d'effet. Réussite spéciale : +1. Réussite critique : +dé
    triplé. Echec spécial : −1. Echec critique − dé triplé. »

    Examples:
        >>> from rules.troisd6 import jet
        >>> [aide(jet(11, d)) for d in [(6, 4, 1), (3, 3, 1), (2, 2, 2), (6, 6, 1), (5, 5, 5)]]
        [0, 1, 2, -1, -5]
    """
    jet_valide("jet_assistant", jet_assistant)
    n = jet_assistant.niveau
    dt = jet_assistant.dt or 0
    return {
        Niveau.REUSSITE_CRITIQUE: dt,
        Niveau.REUSSITE_SPECIALE: 1,
        Niveau.ECHEC_SPECIAL: -1,
        Niveau.ECHEC_CRITIQUE: -dt,
    }.get(n, 0)
