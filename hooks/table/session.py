"""La session de la page « À la table » dans le navigateur : ses requêtes, et les cartes des jets.

Ce module (bibliothèque standard et `rules` seulement) est copié dans l'archive
que le site sert à Pyodide, sous le nom `table_session`, avec le rendu des
cartes des pages (`cartes_rendu`). Le worker de la page (`cellules-worker.js`,
message `table`) lui passe chaque requête de la page, en JSON : la réponse est
celle de [`rules.table.repondre`][rules.table.repondre], et la carte d'un jet
y est dessinée par le même code que les cartes des pages du site, d'après
l'objet même que rend la règle.

Examples:
    >>> import json
    >>> fiche = {"id": "b", "systeme": "warp", "nom": "le bourrin", "traits": [{"nom": "Phaseur", "des": 3}]}
    >>> r = json.loads(repondre_json(json.dumps({"action": "lancer", "fiche": fiche, "sorte": "trait", "rang": 0,
    ...                                          "des": "5 3 2"})))
    >>> r["verdict"], r["carte"].startswith('<figure class="carte carte--reussite"')
    ('Réussite', True)
"""

from __future__ import annotations

try:  # dans le navigateur, à la racine de l'archive
    from cartes_rendu import carte, html_carte  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # à la construction et dans les tests
    from hooks.cartes.cartes_rendu import carte, html_carte

from rules.table import repondre_json as _repondre_json

__all__ = ["dessiner", "repondre_json"]


def dessiner(objet: object) -> str:
    """La carte d'un résultat de règle, en HTML, comme sur les pages du site ; vide s'il n'en a pas."""
    c = carte(objet)
    return html_carte(c) if c is not None else ""


def repondre_json(requete: str) -> str:
    """Une requête de la page (JSON) et sa réponse (JSON), les cartes dessinées."""
    return _repondre_json(requete, dessiner)
