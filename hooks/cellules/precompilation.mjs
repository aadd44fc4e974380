// Le bytecode du runtime Python, compilé une fois à la construction plutôt qu'à chaque démarrage chez le lecteur.
//
//   node hooks/cellules/precompilation.mjs <dossier de Pyodide> <archive source de rules> <dossier de sortie>
//
// Pyodide (le même paquet npm que le site sert) démarre dans Node, déballe l'archive de `rules` comme le
// fait le worker du navigateur, importe ce qu'une page importe (`cellules_session`, `rules`,
// `rules.calculateur`), exécute une cellule et un calcul de chaque formulaire du calculateur (ce qu'ils
// importent en chemin), puis écrit dans le dossier de sortie :
// - `python_stdlib.zip` : la bibliothèque standard de Pyodide où chaque module alors chargé est remplacé par
//   son bytecode (`.pyc` sans vérification de la source : ni date ni empreinte à comparer au démarrage) ;
//   les autres modules restent en source, compilés seulement si une cellule les importe ;
// - `rules.zip` : l'archive source, plus le bytecode de chaque fichier (`__pycache__/…cpython-3XX.pyc`) ;
// et sur sa sortie standard, en JSON : la version de Python et les modules compilés.
// Le bytecode vient du CPython même qui l'exécutera (numéro magique, version) : la machine qui construit
// n'a pas besoin de cette version de Python. Tout est écrit dans un ordre et à des dates fixes.
import fs from "node:fs";
import path from "node:path";

const [dossierPyodide, archiveSource, sortie] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(dossierPyodide, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(dossierPyodide) + "/", stdout: () => {}, stderr: () => {} });
pyodide.FS.writeFile("/tmp/rules.zip", fs.readFileSync(archiveSource));
const resultat = pyodide.runPython(`
import importlib.util, json, py_compile, sys, zipfile

DATE = (1980, 1, 1, 0, 0, 0)
BIBLIOTHEQUE = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python3XX.zip
PAQUET = "/home/pyodide/cellules"

with zipfile.ZipFile("/tmp/rules.zip") as archive:
    archive.extractall(PAQUET)
sys.path.insert(0, PAQUET)
import cellules_session, rules, rules.calculateur  # ce qu'importe le worker d'une page, et ce qu'il fait :
cellules_session.Session().executer([], "from rules.warp import jet\\nprint(jet(3, des=(6, 5, 1)).explication)")
for formulaire in rules.calculateur.FORMULAIRES:  # un calcul de chaque formulaire, valeurs par défaut
    rules.calculateur.calculer_json(json.dumps({"formulaire": formulaire}))

# Les modules compilés depuis leur source au démarrage (pas les modules gelés dans CPython, origin "frozen").
origines = {getattr(getattr(m, "__spec__", None), "origin", None) or "" for m in list(sys.modules.values())}
charges = sorted(o.removeprefix(BIBLIOTHEQUE + "/") for o in origines if o.startswith(BIBLIOTHEQUE + "/") and o.endswith(".py"))


def bytecode(source, affiche):
    with open("/tmp/source.py", "wb") as f:
        f.write(source)
    py_compile.compile(
        "/tmp/source.py", cfile="/tmp/source.pyc", dfile=affiche, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    with open("/tmp/source.pyc", "rb") as f:
        return f.read()


def ecrire(zip_sortie, nom, donnees):
    info = zipfile.ZipInfo(nom, date_time=DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zip_sortie.writestr(info, donnees)


with zipfile.ZipFile(BIBLIOTHEQUE) as source, zipfile.ZipFile("/tmp/python_stdlib.zip", "w") as compilee:
    a_compiler = set(charges)
    for info in sorted(source.infolist(), key=lambda i: i.filename):
        donnees = source.read(info)
        if info.filename in a_compiler:
            ecrire(compilee, info.filename + "c", bytecode(donnees, f"{BIBLIOTHEQUE}/{info.filename}"))
        elif not info.is_dir():
            ecrire(compilee, info.filename, donnees)

with zipfile.ZipFile("/tmp/rules.zip") as source, zipfile.ZipFile("/tmp/rules-compile.zip", "w") as compilee:
    noms = sorted(i.filename for i in source.infolist() if not i.is_dir())
    for nom in noms:
        donnees = source.read(nom)
        ecrire(compilee, nom, donnees)
        if nom.endswith(".py"):
            ecrire(compilee, importlib.util.cache_from_source(nom), bytecode(donnees, f"{PAQUET}/{nom}"))

json.dumps({"python": sys.version.split()[0], "modules": charges})
`);
fs.mkdirSync(sortie, { recursive: true });
fs.writeFileSync(path.join(sortie, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/python_stdlib.zip"));
fs.writeFileSync(path.join(sortie, "rules.zip"), pyodide.FS.readFile("/tmp/rules-compile.zip"));
process.stdout.write(resultat + "\n");
