"""Le modèle du site (`hooks/site/modele.py`) : la structure Markdown des pages lue à un seul endroit.

Les crochets qui transforment le Markdown d'une page (cellules, carnets,
calculateur) relisent ses blocs de code, ses boîtes, ses onglets et ses liens
par les fonctions du modèle, jamais par leurs propres expressions régulières ;
et « cette page a besoin du moteur Python » est un fait du modèle, pas un effet
de bord du nombre d'exemples d'une page.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.utils.meta import get_data

from hooks.calculateur import calculateur
from hooks.site import modele
from hooks.table import page as table
from tests.conftest import RACINE, SiteConstruit

HOOKS = RACINE / "hooks"

MARQUES = {
    "clôture de code": re.compile(r"```|`\{3|~~~|~\{3"),
    "boîte": re.compile(r"!!!|\?\?\?|\\\?\\\?\\\?"),
    "onglet": re.compile(r"==="),
    "titre": re.compile(r"\^\(?#|#\{1"),
    "lien": re.compile(r"\\\]\\\(|^\]\($"),
    "lien par identifiant": re.compile(r"\\\]\\\[|^\]\[$"),
    "référence documentée": re.compile(r":::"),
}
"""Ce qui, dans une chaîne du code, trahit une lecture de la structure Markdown d'une page."""


def _chaines_du_code(source: str) -> list[tuple[int, str]]:
    """Les chaînes constantes (ligne, texte) du code : motifs d'expressions régulières, préfixes cherchés…

    Ni les docstrings (de la prose), ni les morceaux des f-strings (du texte que le code écrit,
    comme la note d'un carnet en ` ```python `) : ce ne sont pas des lectures.
    """
    arbre = ast.parse(source)
    ecartees = set()
    for noeud in ast.walk(arbre):
        if isinstance(noeud, ast.Expr) and isinstance(noeud.value, ast.Constant):
            ecartees.add(id(noeud.value))  # docstrings (et chaînes seules, comme celles des attributs)
        elif isinstance(noeud, ast.JoinedStr):
            ecartees.update(id(morceau) for morceau in ast.walk(noeud))
    return [
        (noeud.lineno, noeud.value)
        for noeud in ast.walk(arbre)
        if isinstance(noeud, ast.Constant) and isinstance(noeud.value, str) and id(noeud) not in ecartees
    ]


def lectures_de_structure(source: str) -> list[str]:
    """Chaque chaîne du code de `source` qui lit la structure Markdown, avec sa ligne et ce qu'elle lit."""
    trouvees = []
    for ligne, motif in _chaines_du_code(source):
        for quoi, marque in MARQUES.items():
            if marque.search(motif):
                trouvees.append(f"ligne {ligne} : {quoi} ({motif!r})")
    return trouvees


def test_la_garde_voit_une_lecture_de_structure_mais_pas_une_ecriture() -> None:
    assert lectures_de_structure('import re\n_B = re.compile(r"^!!! +(info|note)")') == [
        "ligne 2 : boîte ('^!!! +(info|note)')"
    ]
    assert lectures_de_structure('ligne.lstrip().startswith("```")') == ["ligne 1 : clôture de code ('```')"]
    ecrit = 'def f(x):\n    "Une docstring qui parle de ```pycon."\n    return f"```python\\n{x}\\n```"'
    assert lectures_de_structure(ecrit) == []
    assert lectures_de_structure('_MARQUE = "==="') == ["ligne 1 : onglet ('===')"]


def test_aucun_crochet_ne_relit_la_structure_markdown_hors_du_modele() -> None:
    lectures = {
        f.relative_to(HOOKS).as_posix(): lectures_de_structure(f.read_text(encoding="utf-8"))
        for f in sorted(HOOKS.rglob("*.py"))
        # rendu_carnet.py ne lit aucune page : il rend, dans le noyau du lecteur et sans MkDocs, ce qu'impriment
        # les blocs exécutés (onglets, légendes) ; il est embarqué tel quel dans chaque carnet.
        if f.relative_to(HOOKS).as_posix() not in {"site/modele.py", "carnets/rendu_carnet.py"}
    }
    assert len(lectures) > 10, "les crochets sont rangés par sous-système, dans les dossiers de hooks/"
    assert {nom: trouvees for nom, trouvees in lectures.items() if trouvees} == {}
    assert lectures_de_structure((HOOKS / "site" / "modele.py").read_text(encoding="utf-8")), "le modèle, lui, les lit"


def test_aucun_crochet_n_importe_un_nom_prive_d_un_autre() -> None:
    fichiers = sorted(HOOKS.rglob("*.py"))
    assert len(fichiers) > 10, "les crochets sont rangés par sous-système, dans les dossiers de hooks/"
    for fichier in fichiers:
        for noeud in ast.walk(ast.parse(fichier.read_text(encoding="utf-8"))):
            if isinstance(noeud, ast.ImportFrom) and (noeud.module or "").startswith("hooks"):
                prives = [a.name for a in noeud.names if a.name.startswith("_")]
                assert not prives, f"{fichier.relative_to(HOOKS)} importe {prives} de {noeud.module}"


# ---------------------------------------------------------------- le besoin du moteur Python


def test_la_page_du_calculateur_demande_le_moteur_par_son_en_tete() -> None:
    texte = (RACINE / "docs" / calculateur.PAGE).read_text(encoding="utf-8")
    page = modele.lire_page(calculateur.PAGE, texte)
    assert page.moteur_demande and page.moteur
    # Sans ses exemples, elle le demande toujours : ses formulaires calculent avec ce moteur.
    sans_exemples = "\n".join(
        ligne
        for i, ligne in enumerate(texte.split("\n"))
        if not any(c.debut <= i <= c.fin for c in modele.clotures(texte) if c.pycon)
    )
    assert "```pycon" in texte and "```pycon" not in sans_exemples
    page = modele.lire_page(calculateur.PAGE, sans_exemples)
    assert page.cellules == 0 and page.moteur


@pytest.mark.parametrize(
    "md", sorted(p.relative_to(RACINE / "docs").as_posix() for p in (RACINE / "docs").rglob("*.md"))
)
def test_une_page_a_besoin_du_moteur_si_elle_a_des_exemples_ou_le_demande(md: str) -> None:
    texte = (RACINE / "docs" / md).read_text(encoding="utf-8")
    page = modele.lire_page(md, texte)
    pycon = len(re.findall(r"^[ \t]*```pycon[ \t]*$", texte, re.M))  # lu ici sans le modèle
    assert page.cellules == pycon
    assert page.moteur == (pycon > 0 or md in (calculateur.PAGE, table.PAGE))


@pytest.mark.site
def test_le_site_donne_la_configuration_des_cellules_aux_pages_qui_ont_besoin_du_moteur(
    site_construit: SiteConstruit,
) -> None:
    for md in sorted((RACINE / "docs").rglob("*.md")):
        chemin = md.relative_to(RACINE / "docs").as_posix()
        page = modele.lire_page(chemin, md.read_text(encoding="utf-8"))
        dossier = chemin.removesuffix(".md").removesuffix("index").rstrip("/")
        html = (site_construit.dossier / dossier / "index.html").read_text(encoding="utf-8")
        assert ('id="cellules-config"' in html) == page.moteur, chemin


def _construire_une_copie(tmp_path: Path, calculateur_md: Callable[[str], str]) -> subprocess.CompletedProcess[str]:
    """Construit une copie du dépôt dont la page du calculateur est passée par `calculateur_md`."""
    copie = tmp_path / "depot"
    copie.mkdir()
    for nom in ("mkdocs.yml", "pyproject.toml", "package.json", "package-lock.json", "README.md", "LICENSE"):
        shutil.copy(RACINE / nom, copie / nom)
    for dossier in ("docs", "hooks", "includes", "templates", "overrides", "rules"):
        shutil.copytree(RACINE / dossier, copie / dossier, ignore=shutil.ignore_patterns("__pycache__"))
    (copie / "node_modules").symlink_to(RACINE / "node_modules", target_is_directory=True)
    if (
        RACINE / ".cache"
    ).is_dir():  # les roues et l'application de JupyterLite (hooks/carnets/jupyterlite.py), déjà faites
        (copie / ".cache").symlink_to(RACINE / ".cache", target_is_directory=True)
    page = copie / "docs" / calculateur.PAGE
    page.write_text(calculateur_md(page.read_text(encoding="utf-8")), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=copie,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )


def _sans_exemples(texte: str) -> str:
    pycon = [c for c in modele.clotures(texte) if c.pycon]
    assert pycon, "la page du calculateur a aujourd'hui un exemple : le test l'enlève"
    return "\n".join(
        ligne for i, ligne in enumerate(texte.split("\n")) if not any(c.debut <= i <= c.fin for c in pycon)
    )


def _configuration(html: str) -> str:
    trouvee = re.search(r'<div id="cellules-config"[^>]*></div>', html)
    assert trouvee, "pas de configuration des cellules dans la page"
    return trouvee[0]


def test_sans_exemple_la_page_du_calculateur_garde_la_configuration_des_cellules(
    site_construit: SiteConstruit, tmp_path: Path
) -> None:
    """Sur une copie du dépôt dont la page du calculateur a perdu ses exemples : la même configuration reste."""
    publiee = (site_construit.dossier / "calculateur" / "index.html").read_text(encoding="utf-8")
    assert 'data-cellule="' in publiee
    proc = _construire_une_copie(tmp_path, _sans_exemples)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    html = (tmp_path / "site" / "calculateur" / "index.html").read_text(encoding="utf-8")
    assert 'data-cellule="' not in html, "la copie n'a plus d'exemple"
    assert 'id="cellules-config"' in html, "la page du calculateur perd la configuration de son moteur"
    assert _configuration(html) == _configuration(publiee), "même runtime, même archive du paquet"


def test_sans_exemple_ni_en_tete_la_page_du_calculateur_arrete_la_construction(
    site_construit: SiteConstruit, tmp_path: Path
) -> None:
    """Le site tel quel donne sa configuration au calculateur ; sans exemple ni en-tête, il ne se construit pas."""
    assert _configuration((site_construit.dossier / "calculateur" / "index.html").read_text(encoding="utf-8"))

    def ni_exemple_ni_en_tete(texte: str) -> str:
        _, meta = get_data(texte)
        assert meta == {modele.EN_TETE_MOTEUR: True}
        return _sans_exemples(texte.split("---\n", 2)[2])

    proc = _construire_une_copie(tmp_path, ni_exemple_ni_en_tete)
    assert proc.returncode != 0
    assert "calculateur.md doit demander le moteur Python par son en-tête (cellules: true)" in proc.stderr


# ---------------------------------------------------------------- la lecture elle-même

PAGE_QUI_MONTRE_DU_MARKDOWN = """\
# Écrire une page

````markdown
## Pas un titre : un exemple de page
!!! info "Interprétation : pas une boîte"
```pycon
>>> 1 + 1
2
```
````

~~~python exec="on"
print("## pas un titre non plus")
~~~

=== "WaRP"
    !!! info "Interprétation : dans un onglet"
        Le corps.

## Un vrai titre
"""


def test_un_bloc_de_code_cache_toute_structure_meme_un_autre_bloc() -> None:
    page = modele.lire_page("ecrire.md", PAGE_QUI_MONTRE_DU_MARKDOWN)
    assert [t.texte for t in page.titres] == ["Écrire une page", "Un vrai titre"]
    assert [b.titre for b in page.boites] == ["Interprétation : dans un onglet"]
    assert page.cellules == 0 and not page.moteur, "un exemple montré dans un bloc markdown n'est pas une cellule"
    assert page.exemples == 1 and page.executes == 1
    blocs = modele.clotures(PAGE_QUI_MONTRE_DU_MARKDOWN)
    assert [(b.langage, b.barrieres) for b in blocs] == [("markdown", "````"), ("python", "~~~")]


def test_un_onglet_contient_ses_boites() -> None:
    lignes = PAGE_QUI_MONTRE_DU_MARKDOWN.split("\n")
    debut = lignes.index('=== "WaRP"')
    onglet = modele.conteneur(lignes, debut)
    assert onglet is not None and (onglet.sorte, onglet.titre) == ("onglet", "WaRP")
    assert onglet.corps == '!!! info "Interprétation : dans un onglet"\n    Le corps.'
    boite = modele.conteneur(onglet.corps.split("\n"), 0)
    assert boite is not None and (boite.sorte, boite.genre, boite.corps) == ("boite", "info", "Le corps.")
