"""Les chances exactes d'un échange 3D6 sur une grille d'entrées : figées dans un fichier, et chronométrées (pas un test).

    python -m scripts.bench_echange --ecrire /tmp/avant.txt      # fige les chiffres de la grille
    python -m scripts.bench_echange --repetitions 5              # médiane à froid de chaque famille

Pour refondre la règle de l'échange sans changer un seul chiffre publié :
figer la grille avant, la refiger après, et comparer les deux fichiers
(`diff` : il doit être vide). Chaque ligne est un appel et sa réponse exacte
(fractions et phrase), ou son refus.

Le chronométrage rejoue trois familles d'appels de la grille, caches de
`rules` vidés avant chaque répétition (voir `scripts.appels_lois.vider_caches`),
et rend la médiane de chacune, en temps processeur du processus
(`time.process_time`, moins sensible que l'horloge à une machine partagée) ;
comparez les rapports avant/après mesurés sur la même machine, pas les secondes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from itertools import product
from pathlib import Path

from rules.troisd6 import (
    RISQUES,
    Avantage,
    Defense,
    Personnage,
    Politique,
    Risque,
    Tour,
    chances_echange,
    chances_scene,
    comparer_risques,
    echange,
)
from scripts.appels_lois import vider_caches

_RISQUES = (*RISQUES, Risque(1, bonus_points=-2), Risque(-3, niveaux=2, bonus_points=1))
_PASSIF = Personnage("la porte", actif=False, armure=1)


def _nom(p: Personnage) -> str:
    """Un camp tel que la grille le fait varier (pas son `repr`, qui changerait avec un champ de plus)."""
    return f"{p.nom}(seuil {p.seuil}, {p.indice}, armure {p.armure}, talent {p.talent_contre_attaque}, actif {p.actif})"


def _attaquants(petit: bool) -> Iterator[Personnage]:
    seuils, indices = ((8, 12), ("1D6+1D3", "2D6")) if petit else ((5, 8, 10, 12, 15), ("1D3", "1D6+1D3", "2D6", "4D6"))
    for seuil, indice in product(seuils, indices):
        yield Personnage("Ada", seuil=seuil, indice=indice)


def _defenseurs(petit: bool) -> Iterator[Personnage]:
    seuils, indices = ((7, 11), ("1D6", "2D6")) if petit else ((7, 11, 14), ("1D6", "1D6+1D3", "2D6"))
    for seuil, indice, armure, talent in product(seuils, indices, (0, 2), (False, True)):
        yield Personnage("Bruno", seuil=seuil, indice=indice, armure=armure, talent_contre_attaque=talent)


def _echanges() -> Iterator[tuple[str, Callable[[], object]]]:
    for a, b, r, d, av in product(_attaquants(False), [*_defenseurs(False), _PASSIF], _RISQUES, Defense, Avantage):
        if av in (Avantage.AUCUN, Avantage.FORT):
            yield (
                f"echange {_nom(a)} {_nom(b)} {r!r} {d} {av}",
                partial(chances_echange, a, b, risque=r, defense=d, avantage=av),
            )


_PAIRES = (
    (Defense.BLOCAGE, Defense.BLOCAGE),
    (Defense.ESQUIVE, Defense.CONTRE_ATTAQUE),
    (Defense.CONTRE_ATTAQUE, Defense.ESQUIVE),
)


def _scenes() -> Iterator[tuple[str, Callable[[], object]]]:
    for a, b, (da, db), r in product(_attaquants(True), [*_defenseurs(True), _PASSIF], _PAIRES, RISQUES):
        pa, pb = Politique(r, da), Politique(Risque(), db)
        yield (
            f"scene {_nom(a)} {_nom(b)} {pa!r} {pb!r}",
            partial(chances_scene, a, b, politique_a=pa, politique_b=pb),
        )
    ada, bruno = Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=11, indice="1D6+1D3")
    depuis = {"Ada": Avantage.LEGER, "Bruno": Avantage.CRITIQUE}
    for initiative, objectif in product(("Ada", "Bruno"), (Avantage.CRITIQUE, Avantage.DEFINITIF)):
        yield (
            f"scene reprise {initiative} {objectif}",
            partial(chances_scene, ada, bruno, initiative=initiative, avantages=depuis, objectif=objectif),
        )


def _comparaisons() -> Iterator[tuple[str, Callable[[], object]]]:
    for a, b in product(_attaquants(True), [*_defenseurs(True), _PASSIF]):
        yield f"risques {_nom(a)} {_nom(b)}", partial(comparer_risques, a, b)


_TRIPLES = sorted({tuple(sorted(d)) for d in product(range(1, 7), repeat=3)})


def _jouer(a: Personnage, b: Personnage, tour: Tour) -> object:
    return echange(a, b, tour, rng=random.Random(7))


def _joues() -> Iterator[tuple[str, Callable[[], object]]]:
    """Des échanges joués, dés imposés (jets d'effet tirés avec une graine fixe par appel) : le chemin avec dés."""
    ada, passif = Personnage("Ada", seuil=11, indice="2D6"), Personnage("la porte", actif=False, armure=1)
    bruno = Personnage("Bruno", seuil=10, indice="1D6+1D3", armure=1)
    for b, d, r in product((bruno, passif), Defense, (Risque(), Risque(-1, niveaux=1, bonus_points=1))):
        for da, dd in product(_TRIPLES, _TRIPLES if b.actif else [None]):
            tour = Tour(r.modificateur, da, None, r.niveaux, r.bonus_points, d, dd)
            yield f"joue {_nom(b)} {tour!r}", partial(_jouer, ada, b, tour)


FAMILLES = {"chances_echange": _echanges, "chances_scene": _scenes, "comparer_risques": _comparaisons}


def _reponse(appel: Callable[[], object]) -> str:
    try:
        return repr(appel())
    except ValueError as refus:
        return f"refus : {refus}"


def ecrire(chemin: Path) -> int:
    """Écrit chaque appel de la grille et sa réponse ; rend le nombre de lignes."""
    familles = (*FAMILLES.values(), _joues)
    lignes = [f"{cle} -> {_reponse(appel)}" for famille in familles for cle, appel in famille()]
    chemin.write_text("\n".join(lignes) + "\n", encoding="utf-8")
    return len(lignes)


def chronometrer(repetitions: int) -> dict[str, float]:
    """La médiane à froid (s) de chaque famille d'appels."""
    medianes = {}
    for nom, famille in FAMILLES.items():
        appels = [appel for _, appel in famille()]
        durees = []
        for _ in range(repetitions):
            vider_caches()
            debut = time.process_time()
            for appel in appels:
                _reponse(appel)
            durees.append(time.process_time() - debut)
        medianes[nom] = statistics.median(durees)
    return medianes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ecrire", type=Path, help="fige les réponses de la grille dans ce fichier")
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    if args.ecrire:
        print(f"{ecrire(args.ecrire)} appels écrits dans {args.ecrire}")
        return
    for nom, mediane in chronometrer(args.repetitions).items():
        print(f"{nom} : {mediane:.3f} s de processeur (médiane de {args.repetitions})")


if __name__ == "__main__":
    main()
