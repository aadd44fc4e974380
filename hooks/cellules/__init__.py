"""Le Python du navigateur : chaque exemple ` ```pycon ` devient une cellule exécutable.

Le crochet (`cellules.py`) marque les exemples et sert Pyodide avec la source de
`rules` ; la session qui exécute les cellules chez le lecteur (`cellules_session.py`) ;
le bytecode compilé à la construction (`precompilation.py`, `precompilation.mjs`) ;
les paquets npm épinglés dans `package.json` (`npm.py`).
"""
