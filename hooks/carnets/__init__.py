"""Les carnets Jupyter : un carnet par page avec des exemples, et JupyterLite pour l'ouvrir.

Le crochet (`carnets.py`) écrit les carnets ; `rendu_carnet.py` rend ce qu'impriment les
blocs exécutés, à la construction comme dans le noyau ; `jupyterlite.py` construit et
publie JupyterLite avec les roues épinglées de `roues_jupyterlite.txt`.
"""
