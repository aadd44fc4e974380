"""Les crochets MkDocs du site (`hooks:` dans mkdocs.yml), un dossier par sous-système.

- `hooks/site/` : le modèle commun des pages (`modele.py`, que tous les crochets lisent)
  et ce qui se compte ou s'écrit d'après lui : glossaire, registre des interprétations,
  chiffres de l'accueil, recherche sans accents, version imprimable ;
- `hooks/cartes/` : la carte de chaque exemple, d'après la session de la page rejouée ;
- `hooks/calculateur/` : la page du calculateur, d'après `rules.calculateur` ;
- `hooks/cellules/` : le Python du navigateur (Pyodide, la session des cellules, le
  bytecode précompilé, les paquets npm épinglés) et le marquage des exemples ;
- `hooks/carnets/` : un carnet Jupyter par page, son rendu dans le noyau et
  JupyterLite servi par le site (ses roues épinglées) ;
- `hooks/hors_ligne/` : ce que le navigateur du lecteur télécharge et garde (le
  manifeste et le service worker, le script de Material au premier geste).

MkDocs charge chaque crochet par son chemin (`hooks/site/glossaire.py`), sous ce nom-là,
en mettant le dossier du fichier en tête de `sys.path` le temps du chargement : pas
la racine du projet. Un crochet qui importe un autre module de `hooks`
(`from hooks.site import modele`) met donc lui-même, le temps de ce chargement, la
racine du projet (`Path(__file__).resolve().parents[2]`) en tête de `sys.path`,
sauf s'il est importé sous son nom de module (`hooks.site.glossaire`, par les tests) :
le site se construit ainsi avec `mkdocs` comme avec `python -m mkdocs`, que le projet
soit installé en mode éditable ou non.
"""
