"""Le glossaire : une seule source, `includes/abreviations.md`, pour les infobulles et la page.

Le fichier est écrit dans la syntaxe des abréviations de Markdown
(`*[Terme]: définition`, une entrée par paragraphe). Ce crochet le lit au
chargement de la configuration et le donne à l'extension `abbr` comme
*glossaire* (option `glossary`, Markdown ≥ 3.7) : chaque terme est alors
entouré d'un `<abbr title="définition">` sur toutes les pages (et dans les
docstrings de la référence), et la fonction `content.tooltips` de Material en
fait une infobulle au survol. La page `glossaire.md` est générée depuis le
même fichier par [`definitions`][].

Le même fichier pourrait être ajouté à chaque page par `pymdownx.snippets`
(`auto_append`) ; mais chaque conversion (page ou docstring) relirait alors
ses 140 paragraphes, ce qui coûtait environ 1,5 s par construction du site.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

__all__ = ["SOURCE", "definitions", "on_config"]

SOURCE = Path("includes") / "abreviations.md"
"""Le fichier des définitions, relatif à la racine du projet (là où est `mkdocs.yml`)."""

_ENTREE = re.compile(r"^\*\[(?P<terme>[^\]]+)\]:[ \t]*(?P<definition>\S.*?)[ \t]*$", re.M)


def definitions(fichier: str | Path = SOURCE) -> dict[str, str]:
    """Les termes du glossaire et leur définition, dans l'ordre du fichier."""
    texte = Path(fichier).read_text(encoding="utf-8")
    trouvees = {m["terme"]: m["definition"] for m in _ENTREE.finditer(texte)}
    if not trouvees:
        raise ValueError(f"{fichier} ne contient aucune définition *[Terme]: définition")
    return trouvees


def on_config(config: Any, **kwargs: Any) -> Any:
    """Donne le glossaire à l'extension `abbr` (qui doit être activée)."""
    if "abbr" not in config["markdown_extensions"]:
        raise ValueError("le glossaire demande l'extension Markdown « abbr » dans mkdocs.yml")
    racine = Path(config["config_file_path"]).parent
    config["mdx_configs"].setdefault("abbr", {})["glossary"] = definitions(racine / SOURCE)
    return config
