"""Une seule façon d'écrire une chance (issue 41), vérifiée là où le joueur la lit.

La règle est écrite une fois (`rules.affichage.chance`) et dite une fois, sur l'accueil. Ces tests la relisent
sans elle (`tests/chances_ecrites.py`) :

- **le site construit** : chaque page HTML (cartes, tableaux, infobulles des graphiques, blocs de code, version
  imprimable, aide-mémoires, référence) et chaque carnet Jupyter ; hors des citations du texte source
  (`<blockquote>`, reproduites telles quelles) et de l'énoncé de la règle, qui cite d'autres écritures pour les
  expliquer ;
- **la ligne de commande** : la réponse de chaque cas de `tests/cas_calculateur.py` (et celle de l'issue), ce que
  `python -m rules` imprime (`tests/test_ligne_de_commande.py` vérifie que c'est mot pour mot `en_texte`).

Chaque chance écrite doit être une forme de la règle (« 62,5 % », « 1 sur N » dans une case, « 1 chance sur N » ou
« 1 fois sur N » dans une phrase), jamais « 63 % », « 3,55 % » ni « < 0,1 % ». Et **aucune phrase ne contredit
son propre tableau** : une phrase qui redit une case de sa page (ou de sa réponse) l'écrit telle quelle ; une
chance de phrase qui n'est celle d'aucune case, mais à un arrondi près de l'une d'elles (« 0,9 % » d'une phrase,
« 0,95 % » ou « 1,0 % » de son tableau), vient d'une autre façon d'écrire. Une case écrite à côté de sa fraction
exacte, une phrase qui donne la sienne (« 7 chances sur 27 (25,9 %) »), doivent aussi dire cette fraction-là.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.calculateur import Reponse, calculer
from tests.cas_calculateur import CAS
from tests.chances_ecrites import ECRITE, faute, intervalle, normale
from tests.conftest import SiteConstruit

REGLE = "regle-ecriture"
"""La classe du bloc de l'accueil qui énonce la règle (`docs/index.md`)."""


@dataclass(frozen=True)
class Lu:
    """Une chance écrite, là où on l'a lue : dans une case, une phrase, ou du code (sortie d'un exemple)."""

    texte: str
    sorte: str
    ou: str
    contexte: str


def _texte(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _chances(texte: str, sorte: str, ou: str) -> list[Lu]:
    return [Lu(m[0], sorte, ou, texte[max(0, m.start() - 50) : m.end() + 20]) for m in ECRITE.finditer(texte)]


def _lues_dans_la_page(page: str, ou: str) -> list[Lu]:
    """Les chances écrites d'une page HTML, rangées : cases (`<td>`, infobulles des points d'un graphique), code
    (`<pre>`), phrases (le reste). Sans scripts ni styles, citations du texte source, ni l'énoncé de la règle."""
    page = re.sub(r"<(script|style|textarea)\b.*?</\1>", " ", page, flags=re.S | re.I)
    page = re.sub(r"<blockquote\b.*?</blockquote>", " ", page, flags=re.S)
    page = re.sub(rf'<div class="{REGLE}"[^>]*>.*?</div>', " ", page, flags=re.S)
    lues: list[Lu] = []
    for svg in re.findall(r"<svg\b.*?</svg>", page, flags=re.S):
        for titre in re.findall(r"<circle\b[^>]*><title>(.*?)</title>", svg, flags=re.S):
            lues += _chances(_texte(titre).rsplit(" : ", 1)[-1], "case", ou)
    page = re.sub(r"<svg\b.*?</svg>", " ", page, flags=re.S)
    for sorte, motif in (("code", r"<pre\b.*?</pre>"), ("case", r"<td\b.*?</td>")):
        lues += [lu for bloc in re.findall(motif, page, flags=re.S) for lu in _chances(_texte(bloc), sorte, ou)]
        page = re.sub(motif, " ", page, flags=re.S)
    return lues + _chances(_texte(page), "phrase", ou)


def _lues_dans_le_carnet(carnet: Path, ou: str) -> list[Lu]:
    """Les chances d'un carnet Jupyter : son texte (cellules Markdown) et les sorties enregistrées de ses exemples."""
    lues: list[Lu] = []
    dans_la_regle = False  # entre l'ouverture et la fermeture du bloc de l'énoncé (cellules Markdown)
    for cellule in json.loads(carnet.read_text("utf-8"))["cells"]:
        source = "".join(cellule["source"])
        if cellule["cell_type"] == "markdown":
            if f'class="{REGLE}"' in source:
                dans_la_regle, source = True, source.split(f'class="{REGLE}"', 1)[0]
            elif dans_la_regle and "</div>" in source:
                dans_la_regle, source = False, source.split("</div>", 1)[1]
        if dans_la_regle and cellule["cell_type"] == "code":
            continue
        morceaux = [source] if cellule["cell_type"] == "markdown" else []
        for sortie in cellule.get("outputs", []):
            morceaux += ["".join(v) for k, v in sortie.get("data", {}).items() if k.startswith("text/")]
            morceaux.append("".join(sortie.get("text", "")))
        texte = "\n".join(morceaux)
        texte = "\n".join(ligne for ligne in texte.splitlines() if not ligne.startswith(">"))  # citations
        lues += _chances(" ".join(texte.split()), "code", ou)
    return lues


def _site(site: SiteConstruit) -> dict[str, list[Lu]]:
    lues = {}
    for page in site.pages():
        nom = page.relative_to(site.dossier).as_posix()
        lues[nom] = _lues_dans_la_page(page.read_text("utf-8"), nom)
    for carnet in sorted((site.dossier / "jupyter" / "files").rglob("*.ipynb")):
        nom = carnet.relative_to(site.dossier).as_posix()
        lues[nom] = _lues_dans_le_carnet(carnet, nom)
    return lues


# ---------------------------------------------------------------- ce qui est écrit autrement


def _fautes(lues: Iterable[Lu], *, contexte: bool = True) -> list[str]:
    """Chaque écriture qui n'est pas une forme de la règle, ou pas celle de sa place (case ou phrase)."""
    fautes = []
    for lu in lues:
        pourquoi = faute(lu.texte)
        t = normale(lu.texte)
        if pourquoi is None and contexte and lu.sorte == "case" and re.search(r"chance|fois|environ", t):
            pourquoi = "dans une case, « 1 sur N » (« ≈ 1 sur N »)"
        if pourquoi is None and contexte and lu.sorte == "phrase" and (t.startswith(("≈", "1 sur"))):
            pourquoi = "dans une phrase, « 1 chance sur N » (« environ 1 chance sur N »)"
        if pourquoi:
            fautes.append(f"{lu.ou} : « {lu.texte} » ({pourquoi}) …{lu.contexte}…")
    return fautes


def _fautes_du_site(site: SiteConstruit) -> list[tuple[str, str, str]]:
    lues = _site(site)
    toutes = [lu for page in lues.values() for lu in page]
    sortes = {s: sum(lu.sorte == s for lu in toutes) for s in ("case", "phrase", "code")}
    assert sortes["case"] > 3000 and sortes["phrase"] > 50 and sortes["code"] > 200, sortes  # tout a été lu
    assert any(n.startswith("jupyter/") for n, page in lues.items() if page), "aucun carnet lu"
    return [
        (nom, lu.texte, faute)
        for nom, page in lues.items()
        for lu in page
        for faute in _fautes([lu], contexte=not nom.startswith("reference/"))
    ]


def test_le_site_n_ecrit_aucune_chance_autrement(site_construit: SiteConstruit) -> None:
    fautes = [f for _, _, f in _fautes_du_site(site_construit)]
    assert fautes == [], f"{len(fautes)} chances écrites autrement :\n" + "\n".join(fautes[:40])


def test_aucune_phrase_ne_contredit_son_tableau(site_construit: SiteConstruit) -> None:
    """Une phrase qui redit une case de sa page la redit telle quelle ; à un arrondi près, c'est une autre règle."""
    desaccords = []
    for nom, page in _site(site_construit).items():
        desaccords += _desaccords(page, nom)
    assert desaccords == [], "\n".join(desaccords[:30])


def _forme(texte: str) -> str:
    """L'écriture ramenée à celle d'une case (« 1 chance sur N », « environ 1 fois sur N » → « ≈ 1 sur N »)."""
    t = normale(texte)
    if "sur" in t:
        t = re.sub(r"^environ ", "≈ ", t)
        t = re.sub(r" (?:chance|fois) sur ", " sur ", t)
    return t


def _voisines(a: str, b: str) -> bool:
    """Vrai si deux écritures (différentes) sont à un arrondi l'une de l'autre : ce qui les sépare est plus étroit
    que la plus large des deux (« 0,9 % » et « 1,0 % », « ≈ 1 sur 105 » et « ≈ 1 sur 106 »)."""
    ia, ib = intervalle(a), intervalle(b)
    ecart = max(ib.bas - ia.haut, ia.bas - ib.haut, Fraction(0))
    return ecart == 0 or ecart < max(ia.haut - ia.bas, ib.haut - ib.bas)


def _desaccords(lues: Iterable[Lu], ou: str) -> list[str]:
    """Les phrases dont une chance n'est celle d'aucune case, mais à un arrondi près de l'une d'elles : la phrase et
    son tableau disent la même chance de deux façons (« 0,9 % » d'une phrase, « 0,95 % » de son tableau)."""
    lues = [lu for lu in lues if faute(lu.texte) is None]
    cases = {_forme(lu.texte) for lu in lues if lu.sorte == "case"}
    fautes = []
    for lu in lues:
        ecrite = _forme(lu.texte)
        if lu.sorte == "phrase" and ecrite not in cases:
            proches = sorted(c for c in cases if _voisines(ecrite, c))
            if proches:
                fautes.append(f"{ou} : la phrase dit « {lu.texte} », son tableau « {proches[0]} » …{lu.contexte}…")
    return fautes


_EXACTE = re.compile(
    r"(?P<a>\d+) (?:chances?|fois) sur (?P<b>\d+) \((?P<ecrite>[^()]+)\)"
    r"|(?P<ecrite2>[^()]+?) \(exactement (?P<a2>\d+)/(?P<b2>\d+)\)"
)


def test_une_chance_dite_avec_sa_fraction_exacte_la_dit(site_construit: SiteConstruit) -> None:
    """« 7 chances sur 27 (25,9 %) », « réussit 7,4 % des fois (exactement 20695/279936) » : l'écriture arrondie
    représente bien la fraction qu'elle accompagne."""
    vues, fautes = 0, []
    for page in site_construit.pages():
        texte = _texte(re.sub(r"<(script|style|pre)\b.*?</\1>", " ", page.read_text("utf-8"), flags=re.S))
        for m in _EXACTE.finditer(texte):
            a, b = int(m["a"] or m["a2"]), int(m["b"] or m["b2"])
            ecrites = [e[0] for e in ECRITE.finditer(m["ecrite"] or m["ecrite2"])]
            if not ecrites:
                continue
            vues += 1
            ecrite = ecrites[-1]
            if faute(ecrite) is not None or not intervalle(_forme(ecrite)).contient(Fraction(a, b)):
                fautes.append(f"{page.relative_to(site_construit.dossier)} : « {m[0]} »")
    assert vues >= 5, "aucune chance dite avec sa fraction : le motif ne lit plus rien"
    assert fautes == [], fautes


# ---------------------------------------------------------------- la ligne de commande

ISSUE = ("troisd6-scene", {"seuil_a": "7", "indice_a": "1D6+1D3", "adversaire": "passif", "comparer": "oui"})
"""`python -m rules troisd6-scene --seuil-a 7 --indice-a 1D6+1D3 --adversaire passif --comparer oui` : sa phrase
disait « 0,9 % » quand son tableau disait « 0,95 % »."""

_ENTREES = [(c.formulaire, c.entrees, c.ident) for c in CAS] + [(*ISSUE, "issue-41")]


def _options(entrees: dict[str, str]) -> list[str]:
    return [morceau for nom, valeur in entrees.items() for morceau in (f"--{nom.replace('_', '-')}", valeur)]


def _lues_dans_la_reponse(r: Reponse, ou: str) -> list[Lu]:
    phrases = [r.verdict or "", r.explication or "", *r.faits, *(n for t in r.tableaux for n in t.notes)]
    lues = [lu for p in phrases for lu in _chances(p, "phrase", ou)]
    return lues + [lu for t in r.tableaux for ligne in t.lignes for c in ligne for lu in _chances(c, "case", ou)]


@pytest.mark.parametrize(("formulaire", "entrees", "ident"), _ENTREES, ids=[e[2] for e in _ENTREES])
def test_la_ligne_de_commande_ecrit_chaque_chance_par_la_regle(
    formulaire: str, entrees: dict[str, str], ident: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([formulaire, *_options(entrees)]) == 0
    sortie = capsys.readouterr().out
    r = calculer(formulaire, entrees)
    lues = _lues_dans_la_reponse(r, ident)
    assert lues, "aucune chance dans la réponse"
    # Tout ce qu'imprime la commande est lu : ses chances sont celles de la réponse, rangées en cases et phrases.
    imprimees = sorted(normale(m[0]) for m in ECRITE.finditer(sortie))
    assert imprimees == sorted(normale(lu.texte) for lu in lues)
    assert _fautes(lues) == []
    assert _desaccords(lues, ident) == []
    for t in r.tableaux:  # une case à côté de sa fraction exacte dit cette fraction-là
        if "Fraction exacte" in t.entetes:
            j, k = t.entetes.index("Chance"), t.entetes.index("Fraction exacte")
            for ligne in t.lignes:
                assert intervalle(ligne[j]).contient(Fraction(ligne[k])), (t.legende, ligne)


def test_la_phrase_de_l_issue_dit_la_chance_de_son_tableau() -> None:
    """« −1 au jet, +1 niveau d'effet » : 19/2000 près ; le tableau et la phrase l'écrivent de la même façon."""
    r = calculer(*ISSUE)
    risques = r.tableaux[1]
    case = next(ligne[1] for ligne in risques.lignes if ligne[0].startswith("−1 au jet"))
    assert case.startswith("≈ 1 sur ")
    assert f"qui gagne environ 1 fois sur {case.removeprefix('≈ 1 sur ')}," in risques.notes[0]


# ---------------------------------------------------------------- l'énoncé de la règle, sur l'accueil


def test_l_accueil_enonce_la_regle_que_suit_le_code(site_construit: SiteConstruit) -> None:
    """L'énoncé (un seul, sur l'accueil) dit la règle que relit tests/chances_ecrites.py, et ses exemples sont
    des chances que cette règle écrit ainsi."""
    accueil = (site_construit.dossier / "index.html").read_text("utf-8")
    enonces = re.findall(rf'<div class="{REGLE}"[^>]*>(.*?)</div>', accueil, flags=re.S)
    assert len(enonces) == 1
    enonce = _texte(enonces[0])
    for morceau in ("en pour cent, au dixième", "une moitié exacte vers le haut", "0 % et 100 %", "« > 99,9 % »",
                    "sous 5 %", "« 1 sur N » dans un tableau", "« 1 chance sur N »", "« ≈ 1 sur N »"):  # fmt: skip
        assert morceau in enonce, morceau
    exemples = re.findall(r"(\d+)/(\d+) « ([^»]+) »", enonce)
    assert len(exemples) >= 5, enonce
    for a, b, ecrite in exemples:
        assert faute(ecrite) is None and intervalle(ecrite).contient(Fraction(int(a), int(b))), (a, b, ecrite)
    formes = {re.sub(r"\d+(?: \d{3})*", "n", normale(e)) for _, _, e in exemples}
    assert {"n,n %", "n sur n", "≈ n sur n", "> n,n %"} <= formes, formes
    autres = [p for p in site_construit.pages() if f'class="{REGLE}"' in p.read_text("utf-8")]
    assert [p.relative_to(site_construit.dossier).as_posix() for p in autres] == ["index.html"]
