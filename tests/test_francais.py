"""Tout ce que lit un joueur est en français, arrondi d'une seule façon, sans coquille connue.

Lu sur le site construit (`mkdocs build --strict`), hors code (`<pre>`, `<code>`,
scripts, styles, SVG) :

- **aucune chaîne anglaise de la liste** de l'issue 23 (pied de page, page 404,
  étiquettes et « Bases: » de la référence), la recherche dit « Non trouvé : » ;
- **une règle d'arrondi** (`rules.affichage.chance`) : chaque case des
  aide-mémoires est une forme de la règle qui représente la chance exacte (relue
  par `tests/chances_ecrites.py`), 62,5 % et 87,5 % au dixième ; la ligne de
  commande (le calculateur du site, `rules.calculateur`) donne 29,6 % au seuil 12
  (`decimal`, `ROUND_HALF_UP`) ; le reste est dans `tests/test_ecriture_des_chances.py` ;
- **le signe moins** (−) devant un chiffre, jamais le trait d'union ASCII, hors
  des citations des règles (`<blockquote>`, reproduites telles quelles) ;
- **les coquilles connues** : tournures fautives, paragraphe coupé en deux, signe
  de ponctuation seul, apostrophe typographique mêlée à l'apostrophe droite du site.
"""

from __future__ import annotations

import dataclasses
import html
import json
import os
import re
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import pytest

from tests.chances_ecrites import faute, intervalle
from tests.conftest import RACINE, SiteConstruit

# ---------------------------------------------------------------- lecture du site


def _lisible(fragment: str) -> str:
    """Le texte d'un fragment HTML tel qu'un lecteur le lit : sans code, scripts, styles ni dessins."""
    fragment = re.sub(r"<(script|style|pre|code|svg|textarea)\b.*?</\1>", " ", fragment, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def _article(page: Path) -> str:
    texte = page.read_text(encoding="utf-8")
    return texte.split("<article", 1)[-1].split("</article>", 1)[0] if "<article" in texte else texte


def _nom(site: SiteConstruit, page: Path) -> str:
    return page.relative_to(site.dossier).as_posix()


# ---------------------------------------------------------------- aucune chaîne anglaise

ANGLAIS = (
    "Made with",
    "404 - Not found",
    "Not found",
    "module-attribute",
    "instance-attribute",
    "class-attribute",
    "Bases:",
    "Source code in",
    "Back to top",
)
"""Les chaînes anglaises relevées par l'issue 23 (et leurs voisines de Material et mkdocstrings)."""

ETIQUETTES = {
    "attribut de classe",
    "attribut d'instance",
    "attribut du module",
    "classe de données",
    "méthode abstraite",
    "méthode de classe",
    "méthode statique",
    "modifiable",
    "mise en cache",
    "propriété",
    "asynchrone",
}
"""Les étiquettes françaises de la référence (templates/python/material/labels.html.jinja)."""


def test_aucune_chaine_anglaise_de_la_liste(site_construit: SiteConstruit) -> None:
    fautes = []
    for page in site_construit.pages():
        texte = _lisible(page.read_text(encoding="utf-8"))
        fautes += [f"{_nom(site_construit, page)} : « {a} »" for a in ANGLAIS if a in texte]
    assert len(site_construit.pages()) >= 40
    assert not fautes, "\n".join(fautes[:30])


def test_les_etiquettes_de_la_reference_sont_francaises(site_construit: SiteConstruit) -> None:
    vues: list[str] = []
    for page in site_construit.pages():
        vues += re.findall(r'<small class="doc doc-label[^"]*"><code>([^<]*)</code>', page.read_text("utf-8"))
    vues = [html.unescape(v) for v in vues]
    assert len(vues) >= 100, f"{len(vues)} étiquettes : la référence a changé, rien n'est vérifié"
    assert set(vues) <= ETIQUETTES, sorted(set(vues) - ETIQUETTES)
    reference = (site_construit.dossier / "reference" / "des" / "index.html").read_text("utf-8")
    assert "Classes de base" in _lisible(reference)


def test_pied_de_page_et_page_404_en_francais(site_construit: SiteConstruit) -> None:
    accueil = (site_construit.dossier / "index.html").read_text("utf-8")
    assert "Site construit avec" in _lisible(accueil)
    page_404 = _lisible((site_construit.dossier / "404.html").read_text("utf-8"))
    assert "Page introuvable" in page_404 and "erreur 404" in page_404


def test_la_recherche_dit_non_trouve_avec_son_espace(site_construit: SiteConstruit) -> None:
    """Le script de Material ajoute « : » après le libellé : le libellé finit par une espace fine insécable."""
    accueil = (site_construit.dossier / "index.html").read_text("utf-8")
    libelle = re.search(r'"search\.result\.term\.missing": ("[^"]*")', accueil)
    assert libelle and json.loads(libelle[1]) == "Non trouvé\u202f", libelle


# ---------------------------------------------------------------- une règle d'arrondi


def _demi_vers_le_haut(x: Fraction, decimales: int) -> str:
    """L'arrondi attendu, calculé autrement que rules.affichage : le module decimal, ROUND_HALF_UP."""
    with localcontext() as ctx:
        ctx.prec = 60
        valeur = Decimal(x.numerator) / Decimal(x.denominator)
        return str(valeur.quantize(Decimal(1).scaleb(-decimales), rounding=ROUND_HALF_UP)).replace(".", ",")


def _tableau(page: Path, legende: str) -> list[list[str]]:
    """Les lignes (texte des cellules) du tableau qui suit la légende donnée."""
    article = _article(page)
    debut = article.find(legende)
    assert debut >= 0, f"légende introuvable : {legende}"
    corps = article[debut:].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    # Un tableau empilable porte dans chaque case le nom de sa colonne, pour un téléphone (caché ailleurs).
    corps = re.sub(r'<span class="tableau-colonne">.*?</span>', "", corps)
    return [
        [" ".join(_lisible(c).split()) for c in re.findall(r"<td\b[^>]*>(.*?)</td>", ligne, re.S)]
        for ligne in re.findall(r"<tr>(.*?)</tr>", corps, re.S)
    ]


def _juste(case: str, p: Fraction) -> bool:
    """Une case d'aide-mémoire est une forme de la règle du site, et représente la chance exacte p (relue par
    tests/chances_ecrites.py, sans rules.affichage)."""
    return faute(case) is None and intervalle(case).contient(p)


def test_l_aide_memoire_warp_arrondit_chaque_case_par_la_regle(site_construit: SiteConstruit) -> None:
    from rules.warp import Resultat, distribution

    lignes = _tableau(site_construit.dossier / "aide-memoire" / "warp" / "index.html", "chance de réussir")
    nets = (-4, -3, -2, -1, 0, 1, 2, 3, 4)
    assert len(lignes) == 6
    for trait, ligne in enumerate(lignes, start=1):
        for net, case in zip(nets, ligne[2:], strict=True):
            d = distribution(trait, bonus=max(net, 0), malus=max(-net, 0))
            assert _juste(case, d[Resultat.REUSSITE] + d[Resultat.MAGISTRALE]), (trait, net, case)
    # Les cas de l'issue 23 : 62,5 % (Trait 3, sans modificateur), 87,5 % (1d, +2d), 12,5 % (1d, −2d), écrits au
    # dixième depuis l'issue 41 ; une petite chance (1d, −4d : 1/32) se dit « 1 sur 32 ».
    assert lignes[2][2 + nets.index(0)] == "62,5 %"
    assert lignes[0][2 + nets.index(2)] == "87,5 %"
    assert lignes[0][2 + nets.index(-2)] == "12,5 %"
    assert lignes[0][2 + nets.index(-4)] == "1 sur 32"


def test_l_aide_memoire_3d6_arrondit_chaque_case_par_la_regle(site_construit: SiteConstruit) -> None:
    from rules.troisd6 import Niveau, distribution

    lignes = _tableau(site_construit.dossier / "aide-memoire" / "troisd6" / "index.html", "chances d'un jet de 3d6")
    colonnes = (
        lambda n: n.reussi,
        lambda n: n >= Niveau.REUSSITE_SPECIALE,
        lambda n: n is Niveau.REUSSITE_CRITIQUE,
        lambda n: n <= Niveau.ECHEC_SPECIAL,
        lambda n: n is Niveau.ECHEC_CRITIQUE,
    )
    assert [int(ligne[0]) for ligne in lignes] == list(range(3, 19))
    for ligne in lignes:
        d = distribution(int(ligne[0]))
        for garder, case in zip(colonnes, ligne[1:], strict=True):
            assert _juste(case, sum((p for n, p in d.items() if garder(n)), Fraction(0))), (ligne[0], case)
    # Au seuil 12, « au moins une spéciale » : 8/27 = 29,63 % → 29,6 % (et non la somme 27,8 + 1,9).
    assert lignes[12 - 3][2] == "29,6 %"


def test_la_ligne_de_commande_et_le_calculateur_arrondissent_par_la_regle() -> None:
    """Seuil 12 : au moins une réussite spéciale, 8/27 = 29,63 % : 29,6 % (et non la somme 27,8 + 1,9)."""
    env = {**os.environ, "PYTHONPATH": str(RACINE)}
    sortie = subprocess.run(
        [sys.executable, "-m", "rules", "troisd6-jet", "--valeur", "2"],
        capture_output=True, text=True, check=True, cwd=RACINE, env=env,
    ).stdout  # fmt: skip
    assert "Au moins une réussite spéciale (critique comprise) : 29,6 %." in sortie, sortie
    from rules.affichage import pourcentage

    # Chaque pourcentage au dixième de la réponse est une chance exacte arrondie par la règle.
    exactes = {"Échec spécial": Fraction(5, 36), "Échec simple": Fraction(1, 9), "Réussite simple": Fraction(4, 9)}
    for niveau, p in exactes.items():
        ligne = next(x for x in sortie.splitlines() if x.strip().startswith(niveau))
        assert f" {pourcentage(p)} " in ligne and pourcentage(p) == f"{_demi_vers_le_haut(p * 100, 1)} %", ligne


# ---------------------------------------------------------------- signe moins et coquilles

_MOINS_ASCII = re.compile(r"(?<![\w\-./#])-(?=\d)")


def test_aucun_trait_d_union_ascii_devant_un_chiffre(site_construit: SiteConstruit) -> None:
    """Hors code et hors citations des règles (reproduites telles quelles), « −3 » et jamais « -3 ».

    Les pages de la référence montrent les docstrings de `rules/` (zone des règles) : comptées à part."""
    fautes = []
    for page in site_construit.pages():
        if _nom(site_construit, page).startswith("reference/"):
            continue
        article = re.sub(r"<blockquote\b.*?</blockquote>", " ", _article(page), flags=re.S)
        texte = _lisible(article)
        fautes += [
            f"{_nom(site_construit, page)} : …{' '.join(texte[max(0, m.start() - 50) : m.end() + 10].split())}…"
            for m in _MOINS_ASCII.finditer(texte)
        ]
    assert not fautes, f"{len(fautes)} signes moins ASCII :\n" + "\n".join(fautes[:30])


# Le même signe dans ce qu'écrit le paquet : explications, comptes rendus, phrases de chances (sans construire le site).

_PROPRIETES_LUES = ("explication", "transcript", "texte", "fin")
"""Les propriétés (hors champs de dataclass) qui sont des textes pour le lecteur."""


def _textes_lus(objet: object, chemin: str = "", profondeur: int = 0) -> list[tuple[str, str]]:
    """Chaque texte qu'un résultat du paquet montre au lecteur : ses champs textes, son `str()` s'il en a un à lui
    (une explication), et de même pour les résultats qu'il contient ; jamais une représentation Python."""
    if profondeur > 8 or objet is None or isinstance(objet, bool | int | float | Fraction):
        return []
    if isinstance(objet, str):
        return [(chemin, objet)]
    if isinstance(objet, tuple | list):
        return [t for i, x in enumerate(objet) for t in _textes_lus(x, f"{chemin}[{i}]", profondeur + 1)]
    if isinstance(objet, dict):
        return [t for k, x in objet.items() for t in _textes_lus(x, f"{chemin}[{k!r}]", profondeur + 1)]
    textes: list[tuple[str, str]] = []
    if type(objet).__module__.startswith("rules.") and type(objet).__str__ is not object.__str__:
        textes.append((f"{chemin}.__str__", str(objet)))
    if dataclasses.is_dataclass(objet) and not isinstance(objet, type):
        for champ in dataclasses.fields(objet):
            textes += _textes_lus(getattr(objet, champ.name), f"{chemin}.{champ.name}", profondeur + 1)
        for nom in _PROPRIETES_LUES:
            if isinstance(getattr(type(objet), nom, None), property):
                textes += _textes_lus(getattr(objet, nom), f"{chemin}.{nom}", profondeur + 1)
    return textes


def _moins_ascii(textes: list[tuple[str, str]]) -> list[str]:
    return [
        f"{chemin} : …{t[max(0, m.start() - 40) : m.end() + 10]}…"
        for chemin, t in textes
        for m in _MOINS_ASCII.finditer(t)
    ]


def _pages_a_exemples() -> list[Path]:
    pages = sorted((RACINE / "docs").rglob("*.md"))
    return [p for p in pages if "```pycon" in p.read_text("utf-8") and not p.name.startswith("_")]


@pytest.mark.parametrize("page", _pages_a_exemples(), ids=lambda p: p.relative_to(RACINE / "docs").as_posix())
def test_les_resultats_des_exemples_ecrivent_le_signe_moins(page: Path) -> None:
    """Chaque objet que rend un exemple publié (rejoué comme le fait le crochet des cartes) : ses textes pour le
    lecteur écrivent « −3 », jamais « -3 ». Le code tapé et les représentations Python, eux, restent en ASCII."""
    from hooks.cartes import cartes

    nom = page.relative_to(RACINE / "docs").as_posix()
    blocs = cartes.rejouer(page.read_text("utf-8"), nom)
    textes = [t for b in blocs for r in b.resultats for t in _textes_lus(r, f"{nom}#{b.rang}:{type(r).__name__}")]
    assert _moins_ascii(textes) == []


def _parties_jouees() -> list[object]:
    """Des parties jouées où les nombres négatifs abondent : malus, modificateurs, contre-attaques, aides, armures."""
    import random

    from rules import troisd6, warp

    alea = random.Random(23)
    parties: list[object] = []
    for n in range(40):
        a = troisd6.Personnage("Ada", seuil=alea.randint(-2, 14), indice="2D6", armure=alea.randint(0, 3))
        b = troisd6.Personnage(
            "le témoin", seuil=alea.randint(-2, 14), indice="1D6+1D3", talent_contre_attaque=n % 2 == 0
        )
        tours = [
            troisd6.Tour(
                modificateur=alea.randint(-4, 1),
                niveaux=alea.randint(-2, 2),
                bonus_points=alea.randint(-3, 3),
                defense=alea.choice(list(troisd6.Defense)),
            )
            for _ in range(3)
        ]
        parties.append(troisd6.jouer_scene(a, b, tours, rng=random.Random(n), tours_max=6))
        parties.append(troisd6.effet("2D6", niveaux=alea.randint(-3, 3), bonus_points=alea.randint(-20, -1), rng=alea))
        parties.append(troisd6.jet(alea.randint(-5, 2), rng=alea))
        egaux = troisd6.jet(11, (5, 3, 1)), troisd6.jet(11, (5, 4, 1))  # même niveau : on compare les potentiels
        parties.append(troisd6.initiative("A", egaux[0], "B", egaux[1], valeur_a=n - 20, valeur_b=-n))
        parties.append(troisd6.jet_cache(alea.randint(-4, 4), vus=alea.randint(0, 2), rng=alea))
        parties.append(warp.jet(alea.randint(1, 4), malus=alea.randint(1, 4), rng=alea))
        parties.append(warp.cooperation(2, [1, 1, 2], malus=2, rng=random.Random(n)))
        parties.append(warp.derouler(2, 2, 2, 1, aide=-alea.randint(1, 3), malus=1, rng=random.Random(n)))
    bas = troisd6.Personnage("Ada", seuil=-1, indice="1D3")
    parties.append(troisd6.comparer_risques(bas, troisd6.Personnage("la panne", actif=False)))
    parties.append(troisd6.chances_echange(bas, troisd6.Personnage("Bruno", seuil=-2, indice="1D3")))
    return parties


def test_les_parties_jouees_ecrivent_le_signe_moins() -> None:
    textes = [t for i, partie in enumerate(_parties_jouees()) for t in _textes_lus(partie, f"partie {i}")]
    assert len(textes) > 1000
    assert _moins_ascii(textes) == []


COQUILLES = {
    r"[Qq]ui l'emporte (?:la|une) scène": "« qui remporte la scène » (l'emporter n'a pas de complément)",
    r"\b1d de (?:bonus|malus) nets\b": "« 1d de malus net » (accord au singulier)",
    r"\bqu'une fois$": "phrase coupée en fin de paragraphe",
}
"""Les tournures fautives connues (issue 23) et ce qu'il faut écrire."""

VUES_DANS_LES_REGLES: set[tuple[str, str]] = set()
"""(page, motif) écrits par `rules/` (zone h21) : suivis par le test marqué xfail ci-dessous, qui
rougira (XPASS strict) quand le message sera corrigé ; ôter alors l'exception."""


def _paragraphes(article: str) -> list[tuple[str, bool]]:
    """Chaque paragraphe : son texte jusqu'à sa fin ou jusqu'à un paragraphe ouvert dedans (coupé : True)."""
    morceaux = []
    for m in re.finditer(r"<p\b[^>]*>", article):
        suite = article[m.end() :]
        fin, ouvert = suite.find("</p>"), re.search(r"<p\b", suite)
        coupe = ouvert is not None and (fin < 0 or ouvert.start() < fin)
        texte = suite[: ouvert.start() if coupe and ouvert else fin]
        morceaux.append((" ".join(_lisible(texte).split()), coupe))
    return morceaux


def test_aucune_coquille_connue_dans_les_pages(site_construit: SiteConstruit) -> None:
    fautes = []
    for page in site_construit.pages():
        nom = _nom(site_construit, page)
        article = _article(page)
        texte = " ".join(_lisible(article).split())
        for motif, correction in COQUILLES.items():
            if (nom, motif) in VUES_DANS_LES_REGLES:
                continue
            fautes += [f"{nom} : « {m[0]} » → {correction}" for m in re.finditer(motif, texte, re.M)]
        for paragraphe, coupe in _paragraphes(article):
            if coupe:
                fautes.append(f"{nom} : paragraphe coupé en deux : « …{paragraphe[-60:]} »")
            if re.fullmatch(r"[:;,.!?]", paragraphe):
                fautes.append(f"{nom} : un « {paragraphe} » seul dans son paragraphe")
        if "\u2019" in _lisible(article):
            fautes.append(f"{nom} : apostrophe typographique (’) mêlée à l'apostrophe droite du site")
    assert not fautes, f"{len(fautes)} coquilles :\n" + "\n".join(fautes[:30])


@pytest.mark.parametrize(
    ("motif", "lieu"),
    [
        (r"[Qq]ui l'emporte (?:la|une) scène", "rules/calculateur/_troisd6.py"),
        (r"soit \{modif\} nets", "rules/warp/jets.py"),  # « soit 1d de malus nets » : ligne 279
        ("\u2019", "rules/warp/etendu.py"),
    ],
)
def test_les_messages_des_regles_sont_sans_coquille_connue(motif: str, lieu: str) -> None:
    """Les mêmes coquilles dans les messages que `rules/` écrit à l'exécution (calculateur, explications)."""
    texte = (RACINE / lieu).read_text(encoding="utf-8")
    assert not re.search(motif, texte), f"{lieu} : {motif}"


# ---------------------------------------------------------------- aucune adresse inventée

HOTE_INVENTE = "regles-executables.example"
"""L'ancienne adresse fictive de `mkdocs.yml` ; l'adresse publiée vient de `SITE_URL` (ou de rien)."""


def test_aucune_adresse_inventee_dans_le_site_ni_les_carnets(site_construit: SiteConstruit) -> None:
    """Sans SITE_URL, ni lien canonique, ni sitemap, ni carnet ne pointe vers une adresse fictive."""
    textes = [
        f
        for f in site_construit.dossier.rglob("*")
        if f.is_file() and f.suffix in {".html", ".xml", ".json", ".ipynb", ".js", ".webmanifest", ".txt"}
    ]
    assert any(f.suffix == ".ipynb" for f in textes) and len(textes) > 50
    fautes = [
        f.relative_to(site_construit.dossier).as_posix()
        for f in textes
        if HOTE_INVENTE in f.read_text("utf-8", "replace")
    ]
    assert not fautes, fautes[:20]


def test_la_roue_servie_au_navigateur_ne_cite_pas_d_adresse_inventee(site_construit: SiteConstruit) -> None:
    import zipfile

    roues = [r for r in site_construit.dossier.rglob("regles_executables-*.whl")]
    assert roues, "la roue de rules n'est plus servie par le site : rien de vérifié"
    for roue in roues:
        with zipfile.ZipFile(roue) as z:
            meta = next(n for n in z.namelist() if n.endswith("METADATA"))
            assert HOTE_INVENTE not in z.read(meta).decode("utf-8"), roue.name
