"""Ce que le paquet de langue fr-FR de JupyterLab dit mal ou ne dit pas, pour le JupyterLite du site.

Le paquet (`jupyterlab-language-pack-fr-FR`, épinglé dans `pyproject.toml`) suit
JupyterLab 4.5 ; le JupyterLite de jupyterlite-core 0.8.6 est un JupyterLab 4.6 :
les phrases apparues en 4.6 restent en anglais, et quelques phrases du paquet
sont fausses (le bouton « copier » de la barre d'outils y dit « Couper cette
cellule »), et JupyterLab écrit quelques phrases sans les faire traduire (le bouton
« … » de la barre d'outils : « More commands »). `hooks/carnets/jupyterlite.py` écrit
l'API de traduction de JupyterLite avec ces corrections par-dessus le paquet ; dans
la page, `docs/javascripts/jupyter-a-la-table.js` traduit par ce même catalogue une
phrase anglaise restée dans l'interface (hors des cellules) ; `tests/test_jupyterlite.py`
vérifie dans Chromium que l'interface d'un carnet n'en montre plus.

Une entrée : la phrase anglaise (la clé de JupyterLab) → sa traduction, et son
pluriel s'il y en a un (`%1` : le nombre), comme dans le paquet.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CORRECTIONS", "corriger"]

CORRECTIONS: dict[str, dict[str, list[str]]] = {
    "jupyterlab": {
        # Fausses dans le paquet 4.5.post3.
        "Copy this cell": ["Copier cette cellule", "Copier ces %1 cellules"],
        "Run": ["Exécuter"],
        # Apparues avec JupyterLab 4.6 (barre d'outils et barre d'état du carnet).
        "Select Last Modified Cell": ["Aller à la dernière cellule modifiée"],
        "Select Next Modified Cell": ["Aller à la cellule modifiée suivante"],
        "Delete the cell": ["Supprimer la cellule"],
        "Click to open kernel logs": ["Toucher pour ouvrir le journal du noyau"],
        # Écrites par JupyterLab sans passer par le traducteur, ou absentes du paquet : traduites dans la page
        # par docs/javascripts/jupyter-a-la-table.js, qui relit ce catalogue.
        "Kernel Connecting": ["Connexion au noyau"],
        "Skip to Main": ["Aller au contenu"],
        "Cells": ["Cellules"],
        "Common tools": ["Outils communs"],
        "Responsive popup toolbar": ["Barre d'outils déroulante"],
        "Cell Type": ["Type de cellule"],
        "Kernel": ["Noyau"],
    },
}
"""Par domaine de traduction (`jupyterlab`, `notebook`) : phrase anglaise → traduction (et pluriel)."""


def corriger(domaines: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Les domaines du paquet de langue, avec `CORRECTIONS` par-dessus (le paquet n'est pas modifié).

    Examples:
        >>> paquet = {"jupyterlab": {"": {"language": "fr-FR"}, "Copy this cell": ["Couper cette cellule"]}}
        >>> corrige = corriger(paquet)
        >>> corrige["jupyterlab"]["Copy this cell"], paquet["jupyterlab"]["Copy this cell"]
        (['Copier cette cellule', 'Copier ces %1 cellules'], ['Couper cette cellule'])
        >>> corrige["jupyterlab"][""]
        {'language': 'fr-FR'}
    """
    return {nom: {**messages, **CORRECTIONS.get(nom, {})} for nom, messages in domaines.items()}
