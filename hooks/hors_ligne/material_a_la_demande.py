"""Le script de Material se charge au premier geste du lecteur, pas à l'ouverture de la page.

Mesuré (Lighthouse, préréglage mobile, `python -m scripts.lighthouse`) : sur les
scènes majeures, le script de Material (114 Ko, 35 Ko compressé) fait à lui seul
presque tout le temps de blocage de la page (445–485 ms ; 6–8 ms sans lui) et
retarde son plus grand affichage (2,5 s ; 1,5–1,6 s sans lui). Or un lecteur qui
lit n'a besoin d'aucune de ses fonctions pour lire : la page, ses tableaux, ses
onglets, ses blocs repliables, le menu du téléphone et le choix clair / sombre
marchent sans lui (ils sont en HTML et CSS, ou dans nos scripts en ligne). Il
sert à la recherche, aux boutons « copier », au sommaire qui suit la lecture,
au bouton « haut de page ».

Ce crochet donne aux gabarits l'adresse du script de Material
(`script_de_material`, relative à la racine du site), lue dans le thème installé :
`overrides/main.html` ne l'écrit pas en dur, une nouvelle version de Material
n'y change rien. `javascripts/material-a-la-demande.js` le télécharge et
l'exécute au premier geste : toucher, clic, touche, focus, souris, molette, ou
tout de suite si l'adresse porte une recherche (`?q=`). Pas de téléchargement
d'avance (`rel="prefetch"`) : essayé, Chromium téléchargeait le script une
seconde fois pour l'exécuter. Le lecteur qui ne fait que lire ne télécharge
pas ces 114 Ko ; celui qui touche la page les attend une fois (35 Ko
compressés), pendant qu'il lit déjà.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["on_env", "script_de_material"]


def script_de_material(theme: Path) -> str:
    """L'adresse (relative à la racine du site) du script de Material, d'après les fichiers du thème `theme`.

    >>> import material
    >>> script_de_material(Path(material.__file__).parent / "templates")  # doctest: +ELLIPSIS
    'assets/javascripts/bundle....min.js'
    """
    trouves = sorted((theme / "assets" / "javascripts").glob("bundle.*.min.js"))
    if len(trouves) != 1:
        raise ValueError(f"script_de_material : un seul bundle.*.min.js attendu dans {theme}, trouvés : {trouves}")
    return trouves[0].relative_to(theme).as_posix()


def on_env(env: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    theme = next(Path(d) for d in config["theme"].dirs if (Path(d) / "assets" / "javascripts").is_dir())
    env.globals["script_de_material"] = script_de_material(theme)
    return env
