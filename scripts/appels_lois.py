"""Les appels de lois les plus lourds que le calculateur peut faire, et leur chronométrage à froid.

Module sans dépendance hors de `rules` et de la bibliothèque standard : le banc
d'essai (`python -m scripts.bench_lois`) l'importe ici, et l'envoie aussi,
avec le paquet `rules`, dans Pyodide (le Python du navigateur du lecteur).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from rules.troisd6 import (
    Avantage,
    apercu,
    chances_scene_opposee,
    issue_sans_opposition,
    jets_moyens_sans_opposition,
)
from rules.troisd6 import distribution as distribution_3d6
from rules.warp import (
    chances_opposees,
    distribution,
    distribution_cooperative,
    distribution_etendue,
    distribution_opposee,
    rounds_esperes,
)

CANDIDATS: dict[str, Callable[[], Any]] = {
    "distribution(12, bonus=12)": lambda: distribution(12, bonus=12),
    "distribution(12, malus=12)": lambda: distribution(12, malus=12),
    "chances_opposees(12, 12, bonus_premier=12, malus_second=12)": lambda: chances_opposees(
        12, 12, bonus_premier=12, malus_second=12
    ),
    "distribution_opposee(12, 12, bonus_premier=12, bonus_second=12, symetrique=True)": lambda: distribution_opposee(
        12, 12, bonus_premier=12, bonus_second=12, symetrique=True
    ),
    "distribution_opposee(12, 12, malus_premier=12, malus_second=12)": lambda: distribution_opposee(
        12, 12, malus_premier=12, malus_second=12
    ),
    "distribution_cooperative(12, [12] * 12, bonus=12, expérience partout)": lambda: distribution_cooperative(
        12, [12] * 12, bonus=12, experience_alpha=True, experience_betas=[True] * 12
    ),
    "distribution_cooperative(12, [12] * 12, malus=12)": lambda: distribution_cooperative(12, [12] * 12, malus=12),
    "distribution_etendue(12, 20, 20, bonus=12) + rounds_esperes": lambda: (
        distribution_etendue(12, 20, 20, bonus=12),
        rounds_esperes(12, 20, 20, bonus=12),
    ),
    "distribution_etendue(12, 20, 20, malus=12) + rounds_esperes": lambda: (
        distribution_etendue(12, 20, 20, malus=12),
        rounds_esperes(12, 20, 20, malus=12),
    ),
    "issue_sans_opposition(18, '9D6') + jets_moyens": lambda: (
        issue_sans_opposition(18, "9D6", objectif=Avantage.DEFINITIF),
        jets_moyens_sans_opposition(18, "9D6"),
    ),
    "chances_scene_opposee(18, 3) + distribution 3D6": lambda: (chances_scene_opposee(18, 3), distribution_3d6(10)),
    "apercu(10)": lambda: apercu(10),
}
"""Le plus grand cas accepté de chaque famille de lois (Traits 12d, 12 dés de modificateur, 12 Bêtas…)."""


def vider_caches() -> None:
    """Vide tous les caches (`functools.cache`) du paquet `rules` : chaque mesure part à froid."""
    for nom, module in list(sys.modules.items()):
        if nom == "rules" or nom.startswith("rules."):
            for valeur in vars(module).values():
                if callable(getattr(valeur, "cache_clear", None)):
                    valeur.cache_clear()


def chronometrer(appel: Callable[[], Any], repetitions: int, *, a_froid: bool = True) -> list[float]:
    """Les durées (s) de `repetitions` appels, chacun caches vidés si `a_froid`."""
    durees = []
    for _ in range(repetitions):
        if a_froid:
            vider_caches()
        debut = time.perf_counter()
        appel()
        durees.append(time.perf_counter() - debut)
    return durees


def mesurer_candidats(repetitions: int) -> dict[str, float]:
    """La médiane à froid de chaque candidat, en secondes."""
    return {nom: statistics.median(chronometrer(appel, repetitions)) for nom, appel in CANDIDATS.items()}
