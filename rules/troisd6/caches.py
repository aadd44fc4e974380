"""3D6 › Principes de base : jets cachés et partiellement cachés.

Le MJ peut lancer lui-même les trois dés à l'abri du regard du joueur, ou
demander au joueur d'en lancer un ou deux et lancer le reste. Le joueur voit ses
dés, pas ceux du MJ : ce module calcule ce qu'il peut en déduire, c'est-à-dire
quels niveaux restent possibles et avec quelles chances exactes (par le moteur
de lois de `rules.des`, sur les dés cachés).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules import _valider
from rules._francais import entier
from rules.affichage import pourcentage
from rules.des import lancer, loi
from rules.refus import Refus
from rules.troisd6.jets import Jet, Niveau, ProfilDes, jet, niveau

__all__ = ["Apercu", "JetCache", "apercu", "jet_cache"]


@dataclass(frozen=True)
class Apercu:
    """Ce que le joueur peut savoir d'un jet dont il ne voit qu'une partie des dés."""

    seuil: int
    """Le seuil du jet (le joueur est supposé le connaître)."""
    visibles: tuple[int, ...]
    """Les dés que le joueur a lancés et vus (0 à 3)."""
    caches: int
    """Le nombre de dés lancés par le MJ, que le joueur ne voit pas."""
    chances: dict[Niveau, Fraction]
    """Probabilité exacte de chaque niveau sachant les dés visibles (toutes les clés, du pire au meilleur)."""
    explication: str
    """Ce que le joueur peut deviner, en une phrase."""

    @property
    def possibles(self) -> tuple[Niveau, ...]:
        """Les niveaux encore possibles, du plus mauvais au meilleur."""
        return tuple(n for n, p in self.chances.items() if p > 0)

    @property
    def chance_de_reussite(self) -> Fraction:
        """Probabilité exacte que le jet soit réussi, sachant les dés visibles."""
        return sum((p for n, p in self.chances.items() if n.reussi), Fraction(0))

    @property
    def certain(self) -> Niveau | None:
        """Le niveau, s'il est déjà certain ; sinon `None`."""
        possibles = self.possibles
        return possibles[0] if len(possibles) == 1 else None

    def __str__(self) -> str:
        return self.explication


def _expliquer(seuil: int, visibles: tuple[int, ...], caches: int, chances: dict[Niveau, Fraction]) -> str:
    vu = f"Le joueur voit {', '.join(map(str, visibles))}" if visibles else "Le joueur ne voit aucun dé"
    reste = "aucun dé caché" if caches == 0 else ("1 dé caché" if caches == 1 else f"{caches} dés cachés")
    possibles = [f"{n} {pourcentage(p)}" for n, p in chances.items() if p > 0]
    if len(possibles) == 1:
        return f"{vu} ({reste}, seuil {entier(seuil)}) : le niveau est certain, {possibles[0].rsplit(' ', 2)[0]}."
    reussite = sum((p for n, p in chances.items() if n.reussi), Fraction(0))
    return f"{vu} ({reste}, seuil {entier(seuil)}) : réussite {pourcentage(reussite)} ; possibles : {', '.join(possibles)}."


def apercu(seuil: int, visibles: tuple[int, ...] | list[int] = ()) -> Apercu:
    """Les niveaux encore possibles, et leurs chances exactes, sachant les dés vus par le joueur.

    Source : « 3D6 › Principes de base » (paragraphe d'ouverture) : le MJ peut

    > demander au joueur d'en tirer seulement 1 ou 2, et tirer lui même le
    > dernier ou les deux derniers (ainsi, le PJ peut avoir une petite idée du
    > résultat sans être toujours sûr à 100% de celui-ci)

    Chaque valeur des dés cachés a la même chance (loi exacte du moteur de `rules.des`).

    Args:
        seuil: le seuil du jet (entier).
        visibles: les dés que le joueur voit (0 à 3 valeurs de 1 à 6) ;
            aucun si le MJ lance tout.

    Returns:
        L'aperçu du joueur.

    Examples:
        Philip (9 ou moins) lance deux dés, un double de 4 ; le MJ lance le dernier :

        >>> a = apercu(9, (4, 4))
        >>> a.possibles
        (<Niveau.ECHEC_CRITIQUE: 'Échec critique'>, <Niveau.ECHEC_SPECIAL: 'Échec spécial'>, <Niveau.REUSSITE_SPECIALE: 'Réussite spéciale'>)
        >>> a.chance_de_reussite
        Fraction(1, 6)
        >>> print(a)
        Le joueur voit 4, 4 (1 dé caché, seuil 9) : réussite 16,7 % ; possibles : Échec critique 16,7 %, Échec spécial 66,7 %, Réussite spéciale 16,7 %.
    """
    seuil = _valider.entier("seuil", seuil)
    if isinstance(visibles, str | bytes) or not isinstance(visibles, tuple | list):
        raise Refus("visibles", "être une suite de 0 à 3 dés (entiers de 1 à 6)", recu=visibles)
    if len(visibles) > 3:
        raise Refus("visibles", "contenir au plus 3 dés", recu_ecrit=f"{len(visibles)} : {_valider.recu(visibles)}")
    vus = _valider.des("visibles", visibles, nombre=len(visibles)) if visibles else ()
    caches = 3 - len(vus)
    chances = dict.fromkeys(Niveau, Fraction(0))
    for (total, dd, dt), p in loi(caches, caches, ProfilDes(tuple(sorted(vus)))).items():
        chances[niveau(total, seuil, dd, dt)] += p
    return Apercu(
        seuil=seuil,
        visibles=vus,
        caches=caches,
        chances=chances,
        explication=_expliquer(seuil, vus, caches, chances),
    )


@dataclass(frozen=True)
class JetCache:
    """Un jet partiellement caché : le jet complet (connu du MJ) et l'aperçu du joueur."""

    jet: Jet
    """Le jet complet : les dés du joueur d'abord, puis ceux du MJ."""
    vus: int
    """Le nombre de dés lancés (et vus) par le joueur : 0 si le MJ lance tout."""
    apercu: Apercu
    """Ce que le joueur peut en déduire."""

    @property
    def explication(self) -> str:
        """Le jet vu par le MJ, puis par le joueur."""
        return f"MJ : {self.jet.explication} Joueur : {self.apercu.explication}"

    def __str__(self) -> str:
        return self.explication


def jet_cache(
    seuil: int, des: tuple[int, ...] | list[int] | None = None, *, vus: int = 0, rng: random.Random | None = None
) -> JetCache:
    """Un jet dont le joueur ne lance (et ne voit) que les `vus` premiers dés.

    Source : « 3D6 › Principes de base » (paragraphe d'ouverture). `vus=0` :
    le MJ lance tout « à l'abri du regard du joueur » ; `vus=1` ou `2` : le
    joueur lance un ou deux dés, le MJ le reste ; `vus=3` : un jet ordinaire.

    Args:
        seuil: le seuil du jet (entier).
        des: les trois dés, ceux du joueur d'abord ; sinon `rng` les tire.
        vus: combien de dés le joueur lance lui-même (0 à 3).
        rng: un `random.Random` (à graine fixe pour rejouer un jet) ; neuf s'il est omis.

    Examples:
        >>> c = jet_cache(8, (3, 5, 5), vus=1)
        >>> c.jet.niveau, c.apercu.visibles
        (<Niveau.ECHEC_SPECIAL: 'Échec spécial'>, (3,))
        >>> print(c.apercu)
        Le joueur voit 3 (2 dés cachés, seuil 8) : réussite 27,8 % ; possibles : Échec critique 1 chance sur 36, Échec spécial 25,0 %, Échec simple 44,4 %, Réussite simple 11,1 %, Réussite spéciale 16,7 %.
    """
    _valider.entier("vus", vus, minimum=0, maximum=3)
    _valider.generateur(rng)
    resultat = jet(seuil, des if des is not None else lancer(3, rng))
    return JetCache(jet=resultat, vus=vus, apercu=apercu(resultat.seuil, resultat.des[:vus]))
