"""Les crochets MkDocs du site (`hooks:` dans mkdocs.yml) et leur modèle commun, `hooks.modele`.

MkDocs charge chaque crochet par son chemin, en mettant le dossier `hooks/` en tête
de `sys.path` le temps du chargement. Un crochet qui importe le modèle commun
(`from hooks import modele`) y met aussi, le temps de ce chargement, la racine du
projet : le site se construit ainsi avec `mkdocs` comme avec `python -m mkdocs`,
que le projet soit installé en mode éditable ou non.
"""
