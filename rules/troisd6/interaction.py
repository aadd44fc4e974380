"""3D6 › Scènes majeures › Scènes d'interaction : convaincre, interroger, commander.

Face à un interlocuteur passif, le personnage garde l'initiative et doit
atteindre un avantage **critique** ; s'il rate un jet avant, il n'obtient
qu'une partie des informations, selon l'avantage le plus haut atteint. Un
avantage définitif : l'interrogé se met complètement à table. Après un échec
spécial ou critique, l'interlocuteur devient hostile et porte une « armure »
relationnelle.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import _valider
from rules.refus import Refus
from rules.regles import Regles, en_cours
from rules.troisd6.avantages import Avantage
from rules.troisd6.effets import NIVEAUX_MAX
from rules.troisd6.jets import Jet, Niveau, jet_valide

__all__ = ["ARGUMENTS", "OBJECTIF_INTERVIEW", "Argument", "armure_relationnelle", "informations", "objectif_interview"]

OBJECTIF_INTERVIEW = Avantage.CRITIQUE
"""L'avantage qu'il faut atteindre face à un interlocuteur passif."""


def objectif_interview(r: Regles) -> Avantage:
    """L'avantage qui termine une interview dans la lecture `r` : [`OBJECTIF_INTERVIEW`][rules.troisd6.interaction.OBJECTIF_INTERVIEW]
    (le critique), ou le définitif dans une variante où l'interrogateur poursuit jusqu'à ce que l'interrogé se mette
    complètement à table.

    Source : « 3D6 › Scènes d'interaction » (« réussir […] à obtenir un avantage critique »).

    Examples:
        >>> from rules.regles import TEXTE, Regles
        >>> objectif_interview(TEXTE), objectif_interview(Regles(interview_jusqu_au_definitif=True))
        (<Avantage.CRITIQUE: 'avantage critique'>, <Avantage.DEFINITIF: 'avantage définitif'>)
    """
    if not isinstance(r, Regles):
        raise Refus("r", "être des Regles (rules.regles)", recu=r)
    return Avantage.DEFINITIF if r.interview_jusqu_au_definitif else OBJECTIF_INTERVIEW


@dataclass(frozen=True)
class Argument:
    """Un argument et ce qu'il change au jet et aux effets.

    Examples:
        >>> ARGUMENTS[0].modificateur, ARGUMENTS[0].bonus_points
        (-2, 2)
    """

    nom: str
    modificateur: int = 0
    """Modificateur au jet."""
    niveaux: int = 0
    """Niveaux d'Indice en plus aux effets si le jet réussit."""
    bonus_points: int = 0
    """Points d'effet en plus si le jet réussit."""

    def __post_init__(self) -> None:
        _valider.texte("nom", self.nom)
        _valider.entier("modificateur", self.modificateur)
        _valider.entier("niveaux", self.niveaux, minimum=-NIVEAUX_MAX, maximum=NIVEAUX_MAX)
        _valider.entier("bonus_points", self.bonus_points, minimum=-_valider.POINTS_MAX, maximum=_valider.POINTS_MAX)


ARGUMENTS: tuple[Argument, ...] = (
    Argument("Argument délicat", modificateur=-2, bonus_points=2),
    Argument("Connaître une information capitale", modificateur=+1),
    Argument("Offrir un verre à un témoin méfiant (Joséphine)", modificateur=-1, niveaux=+1),
)
"""Les arguments que chiffre le texte (les deux de la règle, celui de l'exemple de Joséphine)."""


def armure_relationnelle(jet_rate: Jet) -> int:
    """L'armure relationnelle d'un interlocuteur après un jet raté, si l'on recommence.

    Source : « 3D6 › Scènes d'interaction » : « en cas d'échec spécial ou
    critique, si on souhaite recommencer, le personnage sera considéré comme
    hostile et aura une "armure" relationnelle, diminuant les effets infligés,
    selon le niveau d'échec : en règle générale, de 1 point en cas d'échec
    spécial, du dé triplé en cas d'échec critique. »

    Args:
        jet_rate: le jet qui a fait échouer la scène.

    Returns:
        Les points retirés à chaque effet de la nouvelle tentative (0 : pas hostile).

    Examples:
        >>> from rules.troisd6 import jet
        >>> armure_relationnelle(jet(11, (5, 5, 3))), armure_relationnelle(jet(11, (4, 4, 4)))
        (1, 4)
        >>> armure_relationnelle(jet(11, (6, 5, 3)))
        0
    """
    jet_valide("jet_rate", jet_rate)
    if jet_rate.niveau is Niveau.ECHEC_SPECIAL:
        return 1
    if jet_rate.niveau is Niveau.ECHEC_CRITIQUE and jet_rate.dt is not None:
        return jet_rate.dt
    return 0


def informations(avantage_max: Avantage) -> str:
    """Ce qu'obtient l'interrogateur, selon l'avantage le plus haut atteint.

    Source : « 3D6 › Scènes d'interaction ». Le texte ne chiffre pas la
    « partie des informations » d'un échec : la réponse le dit.

    Examples:
        >>> print(informations(Avantage.DEFINITIF))
        Tout : l'interrogé se met complètement à table (ce qu'il ne dit pas, il ne le sait pas).
        >>> print(informations(Avantage.MOYEN))
        Une partie des informations souhaitées, à la mesure d'un avantage moyen (le texte ne dit pas laquelle).
    """
    _valider.membre("avantage_max", avantage_max, Avantage)
    if avantage_max is Avantage.DEFINITIF:
        return "Tout : l'interrogé se met complètement à table (ce qu'il ne dit pas, il ne le sait pas)."
    if avantage_max >= objectif_interview(en_cours()):
        return "Les informations souhaitées : la scène est gagnée."
    if avantage_max is Avantage.AUCUN:
        return "Aucun avantage atteint : le texte ne dit pas s'il obtient quoi que ce soit."
    return f"Une partie des informations souhaitées, à la mesure d'un {avantage_max} (le texte ne dit pas laquelle)."
