"""Les verdicts des exemples rejoués sur la page « Et si… ? » (`rules.et_si.EXEMPLES`) : chaque fonction rejoue
un exemple d'une page avec ses dés, par les fonctions publiques de `rules.warp` et `rules.troisd6`, et le dit en
quelques mots, sous la lecture en vigueur. Aucune n'applique de règle : elles lisent ce que rendent les règles.

    >>> from rules.regles import sous
    >>> from rules.variantes import regles
    >>> jouer = etendu(3, 4, 3, 2, graine=3)
    >>> jouer()
    'Réussite au round 3'
    >>> with sous(regles(["magistrale-au-dernier-round"])):
    ...     jouer()
    'Magistrale au round 3'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules import troisd6, warp
from rules._francais import moins, pluriel
from rules.refus import Refus

__all__: list[str] = []

Verdict = Callable[[], str]

# ------------------------------------------------------------------ WaRP


def resultat(trait: int, des: tuple[int, ...], bonus: int = 0, malus: int = 0) -> Verdict:
    """Le résultat d'un jet simple."""
    return lambda: str(warp.jet(trait, des=des, bonus=bonus, malus=malus).resultat.value)


def oppose(a: tuple[int, tuple[int, ...]], b: tuple[int, tuple[int, ...]]) -> Verdict:
    """Qui l'emporte d'un jet opposé (attaque contre défense), et le résultat de l'attaquant qui perd."""

    def jouer() -> str:
        o = warp.opposition(warp.jet(a[0], des=a[1]), warp.jet(b[0], des=b[1]))
        if o.issue is warp.Issue.PREMIER:
            return "l'attaquant l'emporte"
        if o.issue is warp.Issue.SECOND:
            return f"l'attaquant perd ({o.resultat_premier.value})" if o.resultat_premier else "l'attaquant perd"
        return "égalité"

    return jouer


def cooperation(alpha: int, betas: Sequence[int], **entrees: Any) -> Verdict:
    """L'aide des Bêtas et le résultat de l'Alpha ; si la lecture change l'aide au point que l'Alpha ne lance plus
    autant de dés que le texte en donne, l'aide et le nombre de dés qu'il lancerait (ses dés tirés au hasard)."""

    def jouer() -> str:
        try:
            t = warp.cooperation(alpha, betas, **entrees)
        except Refus as refus:
            if ("des_alpha",) not in refus.lieux:
                raise
            t = warp.cooperation(alpha, betas, **{**entrees, "des_alpha": None}, rng=random.Random(0))
            return (f"aide de {moins(t.aide)}d : l'Alpha lance {len(t.jet_alpha.des)}d6, "
                    f"le texte n'en donne que {len(entrees['des_alpha'])}")  # fmt: skip
        return f"aide de {moins(t.aide)}d ; l'Alpha : {t.resultat.value}"

    return jouer


def aide_des_jets(*jets: tuple[int, int, tuple[int, ...]]) -> Verdict:
    """L'aide que font des Bêtas, chacun par (Trait, malus, dés)."""

    def jouer() -> str:
        return f"aide de {moins(warp.aide([warp.jet(t, malus=m, des=d).resultat for t, m, d in jets]))}d"

    return jouer


def aide_negative() -> str:
    """L'aide d'une Catastrophe et d'une Compensation."""
    return f"aide de {moins(warp.aide([warp.Resultat.CATASTROPHE, warp.Resultat.COMPENSATION]))}d"


def etendu(*args: int, graine: int | None = None, experience: bool = False, **entrees: Any) -> Verdict:
    """Le résultat d'un Test étendu et son dernier round (`graine` : des dés tirés par `random.Random(graine)` ;
    `experience` : un dé d'expérience accordé avant le round 3, comme sur la page)."""

    def jouer() -> str:
        k = dict(entrees)
        if experience:
            c = warp.ReserveExperience(1).convertir("réparer le circuit", accepte=True)
            k["experience_des_le_round"] = 3 if c.bonus else None
        rng = random.Random(graine) if graine is not None else None
        d = warp.derouler(*args, rng=rng, **k)
        return f"{d.resultat.value} au round {len(d.rounds)}"

    return jouer


def seconde_demande() -> str:
    """Kessa redemande un dé d'expérience pour le même Test, après un refus du MJ."""
    refus = warp.ReserveExperience(1).convertir("amadouer le douanier", accepte=False).apres
    return f"accordé : +{refus.convertir('amadouer le douanier', accepte=True).bonus}d"


# ------------------------------------------------------------------ 3D6

ADA = troisd6.Personnage("Ada", seuil=12, indice="2D6")
"""Ada, des pages de scènes majeures (seuil 12, 2D6)."""
BRUNO_10 = troisd6.Personnage("Bruno", seuil=10, indice="1D6+1D3")
"""Bruno, seuil 10, de « La défense, choisie après l'attaque »."""


def mineure(a: tuple[int, tuple[int, int, int]], b: tuple[int, tuple[int, int, int]]) -> Verdict:
    """L'issue d'une scène mineure opposée."""

    def jouer() -> str:
        return str(troisd6.scene_opposee(troisd6.jet(*a), troisd6.jet(*b)).issue.value)

    return jouer


def effet(indice: str, des: tuple[int, ...], dt: int) -> Verdict:
    """L'Indice lancé d'un jet d'effet critique, et ses points."""

    def jouer() -> str:
        e = troisd6.effet(indice, des=des, dt=dt)
        return f"{e.indice} lancés : {pluriel(e.points, 'point')}"

    return jouer


def monter(indice: str, niveaux: int) -> Verdict:
    """L'Indice monté de quelques niveaux."""
    return lambda: str(troisd6.monter(indice, niveaux))


def contre_attaque(defenseur: troisd6.Personnage, des_defense: tuple[int, int, int]) -> Verdict:
    """Bruno contre-attaque une réussite simple d'Ada (5-2-1, 7 points) : son seuil, ce qu'il subit, l'initiative."""

    def jouer() -> str:
        tour = troisd6.Tour(des_attaque=(5, 2, 1), effet_attaque=7, defense=troisd6.Defense.CONTRE_ATTAQUE,
                            des_defense=des_defense)  # fmt: skip
        e = troisd6.echange(ADA, defenseur, tour)
        assert e.jet_defense is not None  # une contre-attaque se lance
        initiative = "prend l'initiative" if e.initiative_change else "ne la prend pas"
        niveau = str(e.jet_defense.niveau.value).lower()
        return f"Bruno, sous {e.jet_defense.seuil} : {niveau}, subit {pluriel(e.points, 'point')}, {initiative}"

    return jouer


def conseil(attaque: troisd6.Niveau | tuple[int, int, int]) -> Verdict:
    """La meilleure défense de Bruno (seuil 10) contre une attaque d'Ada, donnée par son niveau ou ses dés."""

    def jouer() -> str:
        meilleure = troisd6.defense_apres_attaque(ADA, BRUNO_10, attaque).meilleure
        return str(meilleure.value) if meilleure else "aucune"

    return jouer


def reparation() -> str:
    """La réparation de Philip (scènes de réflexion), jouée comme la page : son second tour et son avantage."""
    seuil = troisd6.seuil_talent(2, -2 + troisd6.difficulte_sabotage(3, reussi=True, talent=2))
    philip = troisd6.Personnage("Philip", seuil=seuil, indice="1D6+1D3")
    panne = troisd6.Personnage("la panne", actif=False)
    tours = [
        troisd6.Tour(des_attaque=(3, 2, 1), effet_attaque=3),
        troisd6.Tour(des_attaque=(2, 2, 2), effet_attaque=10),
    ]
    s = troisd6.jouer_scene(philip, panne, tours)
    e = s.tours[-1].echange.effet_attaque
    assert e is not None  # une réussite critique a son effet
    points = f"{e.total_des} + Dd {e.dd} = {e.points} points" if e.dd else pluriel(e.points, "point")
    return f"tour 2 : {e.indice} lancés, {points} ; {s.avantages_max['Philip'].value}"


def accroissement() -> str:
    """Ce que fait un échec simple (total 12 sous 7) à la difficulté de la tâche."""
    a = troisd6.accroissement_difficulte(troisd6.jet(7, (6, 4, 2)))
    return f"difficulté accrue de {pluriel(a.points, 'point')}" if a.points else "même difficulté"


def informations_au_critique() -> str:
    """Ce qu'obtient l'interrogateur à l'avantage critique."""
    return troisd6.informations(troisd6.Avantage.CRITIQUE)
