"""La page « Et si… ? » (`docs/et-si.md`, calculée par `rules.et_si`) : chaque variante y a sa section, chaque
mécanique qu'elle montre change vraiment sous elle, chaque exemple rejoué y rend un autre verdict, et la colonne
« Le texte » est bien le texte (les chances publiées ailleurs, recalculées sans variante)."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from mkdocs.config import load_config

from hooks.site import modele
from hooks.site.modele import lire_page
from hooks.variantes import variantes
from rules import warp
from rules.et_si import (
    EXEMPLES,
    MAISON,
    MECANIQUES,
    SANS_VERDICT,
    comparer,
    courbes,
    exemples_rejoues,
    gammes,
    rejouer,
    section,
)
from rules.regles import TEXTE, sous
from rules.variantes import REGLES_MAISON, UNE_SEULE_LECTURE, VARIANTES, regles
from tests.conftest import RACINE
from tests.exemples_des_pages import changes

PAGE = lire_page("et-si.md", (RACINE / "docs" / "et-si.md").read_text("utf-8"))


@pytest.mark.parametrize("ident", list(VARIANTES))
def test_chaque_variante_a_sa_section_sous_son_titre(ident: str) -> None:
    titre = PAGE.section(ident)
    assert titre is not None, f"docs/et-si.md n'a pas de section {{#{ident}}}"
    assert titre.texte == VARIANTES[ident].titre
    assert f'section("{ident}")' in (RACINE / "docs" / "et-si.md").read_text("utf-8")


@pytest.mark.parametrize("nom", list(REGLES_MAISON))
def test_chaque_regle_maison_a_sa_section(nom: str) -> None:
    titre = PAGE.section("maison-" + nom.replace("_", "-"))
    assert titre is not None and titre.texte == REGLES_MAISON[nom].titre
    assert nom in MAISON


@pytest.mark.parametrize("ident", list(VARIANTES))
def test_chaque_mecanique_montree_change_sous_sa_variante(ident: str) -> None:
    lecture = regles([ident])
    for m in MECANIQUES[ident]:
        assert any(li.difference for li in comparer(m, lecture)), f"{ident} : {m.titre} ne change pas"
        _, avant, apres = courbes(m, lecture)
        assert avant != apres
    assert MECANIQUES[ident] or EXEMPLES.get(ident), f"{ident} : ni chance ni exemple à montrer"


@pytest.mark.parametrize("ident", list(EXEMPLES))
def test_chaque_exemple_rejoue_change_de_verdict(ident: str) -> None:
    for e in EXEMPLES[ident]:
        texte, variante = rejouer(e, regles([ident]))
        assert texte != variante, f"{ident} : {e.titre} rend le même verdict"


def test_les_pages_rendent_leurs_sorties_sous_le_texte() -> None:
    """Le relevé ci-dessous compare chaque sortie d'une page sous une variante à celle que la page écrit : sous le
    texte, aucune ne diffère (sinon ce relevé ne dirait rien)."""
    assert changes(None) == ()


@pytest.mark.parametrize("ident", list(VARIANTES))
def test_chaque_exemple_qu_une_variante_change_est_rejoue_ou_dit_sans_verdict(ident: str) -> None:
    """Chaque exemple `>>>` des pages dont la sortie change sous la variante est rejoué sur « Et si… ? » (un
    Exemple de cette variante l'écrit sur sa page) ou déclaré dans SANS_VERDICT, avec sa raison ; et chaque
    déclaration vaut pour un exemple qui change encore."""
    rejoues = [(p, a) for e in EXEMPLES.get(ident, ()) for p, a in ((e.page, e.appel), *e.aussi)]
    declares = [(s.page, a) for s in SANS_VERDICT.get(ident, ()) for a in s.appels]
    manquants = [str(x) for x in changes(ident) if not any(p == x.page and x.ecrit(a) for p, a in rejoues + declares)]
    assert not manquants, f"{ident} change ces exemples sans Exemple ni déclaration (SANS_VERDICT) :\n" + "\n".join(
        manquants
    )
    perimes = [(p, a) for p, a in declares if not any(p == x.page and x.ecrit(a) for x in changes(ident))]
    assert not perimes, f"{ident} : ces déclarations de SANS_VERDICT ne valent pour aucun exemple changé : {perimes}"


@pytest.mark.parametrize("ident", [i for i in VARIANTES if not EXEMPLES.get(i)])
def test_une_variante_sans_exemple_rejoue_le_dit(ident: str) -> None:
    """Sans exemple rejoué, la section le dit ; « seulement ses chances » si tout ce qu'elle change aux pages est
    déclaré chances (blocage-avec-le-risque, virage-en-niveaux : le test ci-dessus le prouve en rejouant les pages)."""
    phrase = exemples_rejoues(ident)
    assert phrase.startswith("Aucun exemple des pages ne change de verdict sous elle")
    chances = {s.seulement for s in SANS_VERDICT.get(ident, ())} == {"chances"}
    assert phrase.endswith(" : seulement ses chances.") == chances
    assert phrase in section(ident)


@pytest.mark.parametrize("ident", list(EXEMPLES))
def test_chaque_exemple_rejoue_mene_a_ses_pages(ident: str) -> None:
    """Chaque ligne d'exemple nomme chaque page qui le montre, par son titre, d'un lien qui y mène (dans le site
    construit, `tests/test_site.py` suit chaque lien interne)."""
    lignes = exemples_rejoues(ident).splitlines()
    for e in EXEMPLES[ident]:
        (ligne,) = [li for li in lignes if f"</span>{e.titre} (" in li]
        for page in e.pages:
            titre = lire_page(page, (RACINE / "docs" / page).read_text("utf-8")).titre
            adresse = page.removesuffix("index.md") if page.endswith("index.md") else page.removesuffix(".md") + "/"
            assert f"[{titre}](../{adresse})" in ligne, (e.titre, page)


def test_la_colonne_du_texte_est_le_texte() -> None:
    """Une page du site publie `warp.distribution(2, bonus=1)` sous le texte : « Et si » en montre la même loi."""
    m = MECANIQUES["seuil-des-des-lances"][0]
    lignes = {li.issue: li.texte for li in comparer(m, regles(["seuil-des-des-lances"]))}
    assert lignes == {r.value: p for r, p in warp.distribution(2, bonus=1).items()}
    with sous(regles(["seuil-des-des-lances"])):  # même appelé sous une variante, le texte reste le texte
        assert all(li.texte == lignes[li.issue] for li in comparer(m, regles(["seuil-des-des-lances"])))
    assert all(li.difference == 0 for li in comparer(m, TEXTE))


@pytest.mark.parametrize("nom", list(REGLES_MAISON))
def test_une_regle_maison_a_sa_valeur_du_texte_rend_le_texte(nom: str) -> None:
    m, r = MAISON[nom], REGLES_MAISON[nom]
    valeurs = dict(gammes(nom, m))
    assert list(valeurs) == list(range(r.minimum, r.maximum + 1))
    with sous(TEXTE):
        assert valeurs[r.texte] == m.chance(m.reference)
    assert len(set(valeurs.values())) > 1, f"{nom} ne change rien à {m.titre}"


def test_une_section_ecrit_ses_chances_par_la_regle_du_site() -> None:
    s = section("seuil-des-des-lances")
    assert "| Réussite | 38,4 % | 6,0 % | −32,4 |" in s  # 83/216 sous le texte
    assert Fraction(83, 216) == warp.distribution(2, bonus=1)[warp.Resultat.REUSSITE]


# --- Le crochet : chaque boîte « Interprétation » mène à son autre lecture, ou dit pourquoi il n'y en a pas -----


def test_chaque_boite_du_site_a_sa_variante_ou_sa_raison() -> None:
    """Le modèle des pages du menu (lues comme les lit MkDocs) : aucun problème, donc aucun avertissement."""
    config = load_config(str(RACINE / "mkdocs.yml"))
    pages = tuple(
        lire_page(chemin, (RACINE / "docs" / chemin).read_text("utf-8")) for chemin in _chemins_du_menu(config["nav"])
    )
    site = modele.Site(pages)
    assert len(site.interpretations) >= 48
    assert variantes.problemes(site) == []
    assert all(variantes.note(p.chemin, b) for p, b in site.interpretations)


def _chemins_du_menu(nav: Any) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [c for item in nav for c in _chemins_du_menu(item)]
    return [c for valeur in nav.values() for c in _chemins_du_menu(valeur)]


def _petit_site(dossier: Path, *, enlever: str = "", ajouter: str = "") -> subprocess.CompletedProcess[str]:
    """Un petit site qui porte chaque boîte que nomment les variantes et les raisons (et leur page « Et si »),
    construit par `mkdocs build --strict` avec le seul crochet des variantes ; `enlever` ôte la boîte d'une
    variante, `ajouter` ajoute une boîte au sujet inconnu."""
    pages: dict[str, list[str]] = {}
    for v in VARIANTES.values():
        if v.id != enlever:
            pages.setdefault(v.page, []).append(v.boite)
    for m in REGLES_MAISON.values():
        pages.setdefault(m.page.partition("#")[0], [])
    pages["autres.md"] = [*UNE_SEULE_LECTURE, *([ajouter] if ajouter else [])]
    docs = dossier / "docs"
    for chemin, sujets in pages.items():
        (docs / chemin).parent.mkdir(parents=True, exist_ok=True)
        boites = "".join(f'!!! info "Interprétation : {s}"\n    Le code suit la lettre.\n\n' for s in sujets)
        (docs / chemin).write_text(f"# {chemin}\n\n## Règle\n\n{boites}", encoding="utf-8")
    titres = "".join(f"## {v.titre} {{#{v.id}}}\n\n" for v in VARIANTES.values())
    (docs / "et-si.md").write_text(f"# Et si… ?\n\n{titres}", encoding="utf-8")
    (dossier / "hooks").symlink_to(RACINE / "hooks", target_is_directory=True)
    (dossier / "mkdocs.yml").write_text(
        "site_name: Essai\nstrict: true\nmarkdown_extensions:\n  - admonition\n  - attr_list\n"
        "validation:\n  links:\n    anchors: warn\n    not_found: warn\nhooks:\n  - hooks/variantes/variantes.py\n",
        encoding="utf-8",
    )
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(RACINE)}
    commande = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dossier / "site")]
    return subprocess.run(commande, cwd=dossier, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.site
def test_la_construction_echoue_sur_une_boite_sans_lecture_ou_une_variante_sans_boite(tmp_path: Path) -> None:
    juste = _petit_site(tmp_path / "juste")
    assert juste.returncode == 0, juste.stdout + juste.stderr
    html = (tmp_path / "juste" / "site" / "troisd6" / "jets" / "index.html").read_text("utf-8")
    assert '<strong>Et si on le lisait autrement ?</strong> <a href="../../et-si/#triple-aussi-double">' in html
    autres = (tmp_path / "juste" / "site" / "autres" / "index.html").read_text("utf-8")
    assert autres.count("<strong>Une seule lecture :</strong>") == len(UNE_SEULE_LECTURE)

    sans_lecture = _petit_site(tmp_path / "sans-lecture", ajouter="une lecture que rien ne déclare")
    assert sans_lecture.returncode != 0
    assert "la boîte « Interprétation : une lecture que rien ne déclare » n'a ni variante" in sans_lecture.stderr

    sans_boite = _petit_site(tmp_path / "sans-boite", enlever="triple-aussi-double")
    assert sans_boite.returncode != 0
    assert "la variante « triple-aussi-double » nomme la boîte « Interprétation : un triple" in sans_boite.stderr
