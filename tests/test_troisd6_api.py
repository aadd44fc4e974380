"""3D6 : l'API du premier jalon reste stable.

(La réexportation par le paquet, et la citation de la source par chaque règle des deux
systèmes, sont vérifiées dans test_api.py.)
"""

from __future__ import annotations

import rules.troisd6 as troisd6


def test_api_du_premier_jalon_stable() -> None:
    # Les scènes majeures (issue 5) s'appuient sur ces noms : ni renommés ni retirés.
    for nom in ["Niveau", "jet", "distribution", "seuil_caracteristique", "seuil_talent", "Difficulte"]:
        assert nom in troisd6.__all__
    r = troisd6.jet(9, (3, 3, 1))
    assert (r.des, r.total, r.seuil, r.dd, r.dt, r.reussi) == ((3, 3, 1), 7, 9, 3, None, True)
    assert r.explication
