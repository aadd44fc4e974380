"""Une ligne de fiche qui lance : la règle du jet, son verdict, et la chance exacte d'en faire au moins autant.

Une ligne est un Trait de WaRP (un [`jet`][rules.warp.jets.jet], avec ses dés
de bonus ou de malus et, si le MJ l'accepte, un dé d'expérience), une
caractéristique ou un talent de 3D6 (un [`jet`][rules.troisd6.jets.jet] sous
[`seuil_caracteristique`][rules.troisd6.jets.seuil_caracteristique] ou
[`seuil_talent`][rules.troisd6.jets.seuil_talent], avec la difficulté), ou
l'Indice d'une caractéristique (un jet d'[`effet`][rules.troisd6.effets.effet]).
La chance d'un jet au moins aussi bon vient des lois exactes des règles
([`distribution`][rules.warp.jets.distribution], celle de 3D6,
[`loi_indice`][rules.troisd6.effets.loi_indice]).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rules import _valider
from rules._francais import signe
from rules.affichage import fois
from rules.refus import PROPOS, Refus
from rules.table._fiches import Fiche, FicheTroisD6, FicheWarp
from rules.table._schema import exiger
from rules.troisd6 import effets as effets3
from rules.troisd6 import jets as jets3
from rules.warp import experience as experience_w
from rules.warp import jets as jets_w

__all__ = ["LIGNES", "Lancer", "Ligne", "lancer", "lignes"]

LIGNES = {"warp": ("trait",), "3d6": ("caracteristique", "talent", "indice")}
"""Les sortes de lignes qui lancent, par système."""


@dataclass(frozen=True)
class Ligne:
    """Une ligne d'une fiche : sa sorte (« trait », « caracteristique », « talent », « indice ») et son rang."""

    sorte: str
    rang: int
    libelle: str = ""
    """Ce que montre le bouton de la ligne (« Phaseur, 3d » ; « Conduite Voiture 2, seuil 12 »)."""


def _lignes_warp(fiche: FicheWarp) -> list[Ligne]:
    return [
        Ligne("trait", i, f"{t.nom}, {t.des}d" if t.des is not None else f"{t.nom} (sans dés)")
        for i, t in enumerate(fiche.traits)
    ]


def _lignes_3d6(fiche: FicheTroisD6) -> list[Ligne]:
    lignes = []
    for i, c in enumerate(fiche.caracteristiques):
        seuil = jets3.seuil_caracteristique(c.modificateur)
        lignes.append(Ligne("caracteristique", i, f"{c.nom} {signe(c.modificateur)}, seuil {seuil}"))
        if c.indice is not None:
            lignes.append(Ligne("indice", i, f"Effet {c.nom} ({c.indice})"))
    for i, t in enumerate(fiche.talents):
        seuil = jets3.seuil_talent(t.niveau, familiarite=t.familiarite)
        quoi = f"familiarité, seuil {seuil}" if t.familiarite else f"{t.niveau}, seuil {seuil}"
        lignes.append(Ligne("talent", i, f"{t.nom} {quoi}"))
    return lignes


def lignes(fiche: Fiche) -> list[Ligne]:
    """Les lignes d'une fiche qui lancent, dans l'ordre de la fiche, avec ce que montre leur bouton.

    Examples:
        >>> from rules.table import lire_fiche
        >>> philip = lire_fiche({"id": "p", "systeme": "3d6", "nom": "Philip",
        ...                      "caracteristiques": [{"nom": "DEX", "indice": "2D6"}],
        ...                      "talents": [{"nom": "Conduite Voiture", "niveau": 2}]})
        >>> [l.libelle for l in lignes(philip)]
        ['DEX +0, seuil 10', 'Effet DEX (2D6)', 'Conduite Voiture 2, seuil 12']
    """
    exiger("fiche", fiche, (FicheWarp, FicheTroisD6), "une fiche (lue par lire_fiche)")
    return _lignes_warp(fiche) if isinstance(fiche, FicheWarp) else _lignes_3d6(fiche)


@dataclass(frozen=True)
class Lancer:
    """Un jet d'une ligne de fiche : ce que rend la règle, et la chance d'un jet au moins aussi bon."""

    fiche: Fiche
    """La fiche après le jet (un dé d'expérience converti en moins)."""
    ligne: Ligne
    """La ligne lancée."""
    resultat: Any
    """Ce que rend la règle : un `rules.warp.Jet`, un `rules.troisd6.Jet` ou un `rules.troisd6.Effet`."""
    conditions: str
    """Ce qui s'applique au jet (« 1d de bonus, dé d'expérience » ; « difficulté −2 »), vide sinon."""
    verdict: str
    """Le verdict en quelques mots."""
    au_moins: str
    """Ce qui est « au moins aussi bien » (« Réussite ou mieux », « 7 points ou plus »)."""
    chance: Fraction
    """La chance exacte d'un jet au moins aussi bon, dans les mêmes conditions."""
    conversion: experience_w.Conversion | None = None
    """Le dé d'expérience converti pour ce jet (accepté par le MJ), s'il y en a un."""

    @property
    def phrase(self) -> str:
        """« Un jet comme celui-là ou mieux (Réussite ou mieux) arrive 8,3 % des fois », ou « 1 fois sur 30 » sous
        cinq pour cent : la règle d'écriture des chances du site ([`fois`][rules.affichage.fois])."""
        if self.chance == 1:
            return f"Tout jet fait au moins aussi bien ({self.au_moins}) : c'est le pire résultat possible."
        return f"Un jet comme celui-là ou mieux ({self.au_moins}) arrive {fois(self.chance)}."

    @property
    def journal(self) -> str:
        """La ligne du journal : le personnage, la ligne, les conditions, le verdict et la chance."""
        conditions = f" ({self.conditions})" if self.conditions else ""
        return f"{self.fiche.nom}, {self.ligne.libelle}{conditions} : {self.verdict}. {self.phrase}"


def _au_moins(obtenu: Any, loi: dict[Any, Fraction]) -> Fraction:
    return sum((p for issue, p in loi.items() if issue >= obtenu), Fraction(0))


def _libelle_ou(issue: Any, meilleur: Any) -> str:
    return str(issue) if issue == meilleur else f"{issue} ou mieux"


def _ligne(fiche: Fiche, sorte: Any, rang: Any) -> Ligne:
    exiger("fiche", fiche, (FicheWarp, FicheTroisD6), "une fiche (lue par lire_fiche)")
    permises = LIGNES[fiche.systeme]
    if sorte not in permises:
        raise Refus("ligne", f"être l'une de {', '.join(permises)} pour une fiche {fiche.systeme}", recu=sorte)
    for ligne in lignes(fiche):
        if ligne.sorte == sorte and ligne.rang == rang:
            return ligne
    raise Refus("ligne", f"la fiche {fiche.nom} n'a pas de ligne {sorte} n° {rang!r}", forme=PROPOS)


def _lancer_trait(
    fiche: FicheWarp, ligne: Ligne, bonus: int, malus: int, experience: bool, des: Any, rng: random.Random | None
) -> Lancer:
    trait = fiche.traits[ligne.rang]
    if trait.des is None:
        jets_w.jet(jets_w.TraitSansDes(trait.nom))  # type: ignore[arg-type]  # la règle le refuse, avec sa phrase
    assert trait.des is not None
    conversion = None
    if _valider.booleen("experience", experience):
        conversion = fiche.reserve_experience.convertir(trait.nom, accepte=True)
        fiche = replace(fiche, experience=fiche.experience - 1, experience_convertis=fiche.experience_convertis + 1)
    reserve = jets_w.Reserve(trait.des, bonus, malus).avec(bonus=conversion.bonus if conversion else 0)
    loi = jets_w.distribution(reserve)
    j = jets_w.jet(reserve, des=des, rng=rng)
    morceaux = [f"{reserve.bonus}d de bonus" if reserve.bonus else "", f"{malus}d de malus" if malus else ""]
    if conversion:
        morceaux.append("dé d'expérience accepté par le MJ")
    meilleur = max(jets_w.Resultat)
    conditions = ", ".join(m for m in morceaux if m)
    au_moins = _libelle_ou(j.resultat, meilleur)
    return Lancer(fiche, ligne, j, conditions, str(j.resultat), au_moins, _au_moins(j.resultat, loi), conversion)


def _lancer_3d6(fiche: FicheTroisD6, ligne: Ligne, difficulte: int, des: Any, rng: random.Random | None) -> Lancer:
    if ligne.sorte == "caracteristique":
        c = fiche.caracteristiques[ligne.rang]
        seuil = jets3.seuil_caracteristique(c.modificateur, difficulte)
    else:
        t = fiche.talents[ligne.rang]
        seuil = jets3.seuil_talent(t.niveau, difficulte, familiarite=t.familiarite)
    j = jets3.jet(seuil, des, rng=rng)
    loi = jets3.distribution(seuil)
    conditions = f"difficulté {signe(difficulte)}" if difficulte else ""
    au_moins = _libelle_ou(j.niveau, max(jets3.Niveau))
    return Lancer(fiche, ligne, j, conditions, str(j.niveau), au_moins, _au_moins(j.niveau, loi))


def _lancer_indice(fiche: FicheTroisD6, ligne: Ligne, des: Any, rng: random.Random | None) -> Lancer:
    indice = fiche.caracteristiques[ligne.rang].indice
    assert indice is not None
    e = effets3.effet(indice, des=des, rng=rng)
    loi = effets3.loi_indice(indice)
    point = "point" if e.points == 1 else "points"
    au_moins = f"{e.points} {point} ou plus"
    verdict = f"{e.points} {point} d'effet"
    return Lancer(fiche, ligne, e, "", verdict, au_moins, _au_moins(e.points, loi))


def lancer(
    fiche: Fiche,
    sorte: str,
    rang: int,
    *,
    bonus: int = 0,
    malus: int = 0,
    experience: bool = False,
    difficulte: int = 0,
    des: Any = None,
    rng: random.Random | None = None,
) -> Lancer:
    """Lance une ligne de fiche : les dés jetés (`des`) ou tirés (`rng`), le verdict, la chance d'au moins autant.

    Source : « WaRP › Jets simples », « WaRP › Dés d'expérience », « 3D6 ›
    Principes de base » et « 3D6 › Scènes majeures › Attaque » (l'effet) : ce
    sont les règles elles-mêmes qui jettent ; un dé d'expérience est un dé de
    bonus de plus, converti une fois (le MJ l'a accepté).

    Args:
        fiche: la fiche (lue par [`lire_fiche`][rules.table.lire_fiche]).
        sorte: « trait » (WaRP) ; « caracteristique », « talent » ou « indice » (3D6).
        rang: le rang de la ligne dans sa liste (0 pour la première).
        bonus: dés de bonus (WaRP).
        malus: dés de malus (WaRP).
        experience: un dé d'expérience converti pour ce jet (WaRP).
        difficulte: la difficulté du jet (3D6 : +5 très facile, −3 assez difficile…).
        des: les dés jetés sur la table ; sinon `rng` les tire.
        rng: un `random.Random` pour les dés que `des` ne donne pas.

    Examples:
        Le bourrin (Phaseur 3d) vise : 1d de bonus, il jette 6 2 5 1.

        >>> from rules.table import lire_fiche
        >>> bourrin = lire_fiche({"id": "b", "systeme": "warp", "nom": "le bourrin",
        ...                       "traits": [{"nom": "Phaseur", "des": 3}], "experience": 1})
        >>> l = lancer(bourrin, "trait", 0, bonus=1, des=(6, 2, 5, 1))
        >>> l.verdict, l.chance
        ('Magistrale', Fraction(655, 1296))
        >>> print(l.phrase)
        Un jet comme celui-là ou mieux (Magistrale) arrive 50,5 % des fois.
        >>> l = lancer(bourrin, "trait", 0, experience=True, des=(6, 2, 5, 1))
        >>> l.fiche.experience, l.conditions
        (0, "1d de bonus, dé d'expérience accepté par le MJ")
    """
    if sorte == "trait" or isinstance(fiche, FicheWarp):
        ligne = _ligne(fiche, sorte, rang)
        assert isinstance(fiche, FicheWarp)
        return _lancer_trait(fiche, ligne, bonus, malus, experience, des, rng)
    ligne = _ligne(fiche, sorte, rang)
    _valider.generateur(rng)
    if sorte == "indice":
        return _lancer_indice(fiche, ligne, des, rng)
    return _lancer_3d6(fiche, ligne, _valider.entier("difficulte", difficulte), des, rng)
