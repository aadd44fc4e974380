"""Le banc d'essai des lois reste juste (rien n'est chronométré ici).

`python -m scripts.bench_lois` compare `rules` et icepool sur les mêmes lois :
ses deux côtés doivent calculer la même chose, et chaque « plus grand cas
accepté » qu'il chronomètre doit être accepté et donner une loi.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.troisd6 import Avantage, issue_sans_opposition
from rules.troisd6 import distribution as distribution_3d6
from scripts import bench_lois
from scripts.appels_lois import CANDIDATS, chronometrer, vider_caches


@pytest.mark.parametrize("nom", sorted(CANDIDATS))
def test_chaque_plus_grand_cas_est_accepte(nom: str) -> None:
    vider_caches()
    resultat = CANDIDATS[nom]()
    lois = resultat if isinstance(resultat, tuple) else (resultat,)
    for loi in lois:
        if isinstance(loi, dict):
            assert sum(loi.values()) == 1
    assert len(chronometrer(CANDIDATS[nom], 2)) == 2


@pytest.mark.parametrize(("trait", "net"), [(1, 0), (3, 2), (4, -3), (12, 12)])
def test_l_oracle_icepool_du_banc_egale_rules_pour_warp(trait: int, net: int) -> None:
    assert bench_lois.warp_icepool(trait, net) == bench_lois.warp_rules(trait, net)


def test_les_autres_oracles_icepool_du_banc_egalent_rules() -> None:
    assert bench_lois.troisd6_icepool(9) == distribution_3d6(9)
    attendu = {k: v for k, v in issue_sans_opposition(12, "2D6").items() if v}
    obtenu = {k: v for k, v in bench_lois.sans_opposition_icepool(12, "2D6", Avantage.DEFINITIF).items() if v}
    assert obtenu == attendu
    assert bench_lois.etendu_icepool(3, 3, 2) == {
        k: v for k, v in bench_lois.etendu_rules(3, 3, 2).items() if v != Fraction(0)
    }
