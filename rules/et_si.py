"""« Et si… ? » : ce que change chaque variante et chaque règle maison, en chances exactes, côte à côte.

La page « Et si… ? » du site (`docs/et-si.md`) montre, pour chaque variante de
[`rules.variantes`][rules.variantes], chaque mécanique qu'elle touche : la loi
exacte de ses issues sous le texte et sous la variante, l'écart en points de
pourcentage, un graphique ; puis les exemples des pages qu'elle change, rejoués
avec leurs dés. Ce module calcule ces lignes ; il n'applique aucune règle : une
[`Mecanique`][rules.et_si.Mecanique] appelle les fonctions de `rules.warp` et
`rules.troisd6`, et la lecture en vigueur ([`rules.regles.sous`][rules.regles.sous])
décide du reste.

    >>> from rules.variantes import regles
    >>> m = MECANIQUES["catastrophe-au-total"][0]
    >>> [(li.issue, li.texte, li.variante) for li in comparer(m, regles(["catastrophe-au-total"]))][0]
    ("le premier l'emporte", Fraction(1259, 1296), Fraction(1261, 1296))
    >>> ecart(Fraction(1261, 1296) - Fraction(1259, 1296))
    '+0,2'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Literal

from rules import _et_si_verdicts as v
from rules import _valider, troisd6, warp
from rules.affichage import MOINS, arrondi, chance, graphique, moins, tableau
from rules.refus import PROPOS, Refus
from rules.regles import TEXTE, Regles, en_cours, sous
from rules.variantes import REGLES_MAISON, VARIANTES, regles

__all__ = [
    "EXEMPLES",
    "MAISON",
    "MECANIQUES",
    "SANS_VERDICT",
    "Exemple",
    "Ligne",
    "Mecanique",
    "SansVerdict",
    "comparer",
    "courbes",
    "ecart",
    "exemples_rejoues",
    "gammes",
    "rejouer",
    "section",
    "section_maison",
]

Loi = Mapping[Any, Fraction]


@dataclass(frozen=True)
class Mecanique:
    """Une mécanique qu'une lecture peut changer : la loi exacte de ses issues, selon un paramètre entier.

    `loi(x)` rend chaque issue (un libellé, ou un nombre de points) et sa chance, sous la lecture en vigueur.
    Le tableau la montre à `x = reference` ; le graphique suit la chance de `issue` (la somme des issues de
    `compte`) pour chaque `x` de `valeurs`, ou, pour une loi de points, superpose les deux lois.
    """

    titre: str
    """La mécanique, en français (« Ada (3d) contre un adversaire de Trait x »)."""
    loi: Callable[[int], Loi]
    parametre: str
    """Ce que vaut `x`, pour l'axe du graphique."""
    valeurs: tuple[int, ...]
    reference: int
    issue: str = ""
    """La chance que suit le graphique (vide : une loi de points, superposée)."""
    compte: tuple[str, ...] = ()
    """Les issues dont la somme fait `issue`."""
    detail: str = ""
    """Qui joue, avec quoi : une phrase sous le titre."""

    def chance(self, x: int) -> Fraction:
        """La chance de `issue` pour `x`, sous la lecture en vigueur."""
        loi = self.loi(x)
        return sum((loi.get(i, Fraction(0)) for i in self.compte), Fraction(0))


@dataclass(frozen=True)
class Ligne:
    """Une issue, et sa chance exacte sous le texte et sous une autre lecture."""

    issue: str
    texte: Fraction
    variante: Fraction

    @property
    def difference(self) -> Fraction:
        """La chance sous l'autre lecture moins celle du texte."""
        return self.variante - self.texte


def _libelle(issue: object) -> str:
    if isinstance(issue, int):
        return f"{issue} point{'s' if abs(issue) > 1 else ''}"
    return str(getattr(issue, "value", issue))


def _objet(nom: str, valeur: Any, classe: type, quoi: str) -> Any:
    """Refuse à la porte ce qui n'est pas de la `classe` attendue."""
    if not isinstance(valeur, classe):
        raise Refus(nom, f"être {quoi}", recu=valeur)
    return valeur


def _cle(nom: str, valeur: Any, permises: Mapping[str, Any], quoi: str) -> str:
    """Refuse à la porte un identifiant qui n'est pas une clé de `permises`."""
    if not isinstance(valeur, str) or valeur not in permises:
        raise Refus(nom, f"aucune {quoi} ne s'appelle {_valider.recu(valeur)} (permises : {', '.join(permises)})",
                    forme=PROPOS)  # fmt: skip
    return valeur


def _lecture(lecture: Any) -> Regles:
    return _objet("lecture", lecture, Regles, "une lecture (rules.variantes.regles(...))")  # type: ignore[no-any-return]


def _lue(loi: Loi) -> dict[str, Fraction]:
    return {_libelle(i): p for i, p in loi.items()}


def comparer(m: Mecanique, lecture: Regles, x: int | None = None) -> tuple[Ligne, ...]:
    """Chaque issue de la mécanique à `x` (par défaut sa référence), sous le texte et sous `lecture`.

    Une issue que l'une des deux lectures rend impossible y vaut 0.

    Examples:
        >>> m = MECANIQUES["jet-le-plus-bas"][0]
        >>> [(l.issue, str(l.difference)) for l in comparer(m, regles(["jet-le-plus-bas"]))]
        [("le premier l'emporte", '2077/23328'), ('égalité', '0'), ("le second l'emporte", '-2077/23328')]
        >>> comparer(m, regles(), x=99)
        Traceback (most recent call last):
        ...
        rules.refus.Refus: x doit être l'une des valeurs de la mécanique (6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), reçu 99
    """
    _objet("m", m, Mecanique, "une Mecanique (voir MECANIQUES)")
    lecture = _lecture(lecture)
    if x is None:
        x = m.reference
    elif isinstance(x, bool) or not isinstance(x, int) or x not in m.valeurs:
        raise Refus("x", f"être l'une des valeurs de la mécanique ({', '.join(map(str, m.valeurs))})", recu=x)
    with sous(TEXTE):
        avant = m.loi(x)
    with sous(lecture):
        apres = m.loi(x)
    issues = list(avant) + [i for i in apres if i not in avant]
    if all(isinstance(i, int) for i in issues):
        issues.sort()
    zero = Fraction(0)
    return tuple(Ligne(_libelle(i), avant.get(i, zero), apres.get(i, zero)) for i in issues)


def courbes(m: Mecanique, lecture: Regles) -> tuple[list[int], list[Fraction], list[Fraction]]:
    """Les abscisses et les deux séries du graphique : la chance de `issue` pour chaque valeur du paramètre (ou,
    pour une loi de points, la chance de chaque nombre de points), sous le texte et sous `lecture`.

    Examples:
        >>> xs, avant, apres = courbes(MECANIQUES["catastrophe-au-total"][0], regles(["catastrophe-au-total"]))
        >>> xs, avant[0] < apres[0]
        ([1, 2, 3, 4, 5], False)
    """
    _objet("m", m, Mecanique, "une Mecanique (voir MECANIQUES)")
    lecture = _lecture(lecture)
    if not m.issue:
        lignes = comparer(m, lecture)
        return [int(li.issue.split()[0]) for li in lignes], [li.texte for li in lignes], [li.variante for li in lignes]
    with sous(TEXTE):
        avant = [m.chance(x) for x in m.valeurs]
    with sous(lecture):
        apres = [m.chance(x) for x in m.valeurs]
    return list(m.valeurs), avant, apres


def gammes(nom: str, m: Mecanique) -> list[tuple[int, Fraction]]:
    """Pour une règle maison : chaque valeur permise, et la chance de `issue` de la mécanique sous elle.

    Examples:
        >>> [(v, str(p)) for v, p in gammes("seuil_par_de", MAISON["seuil_par_de"])][:2]
        [(2, '49/54'), (3, '5/8')]
    """
    _cle("nom", nom, REGLES_MAISON, "règle maison")
    _objet("m", m, Mecanique, "une Mecanique (voir MAISON)")
    bas, haut = REGLES_MAISON[nom].minimum, REGLES_MAISON[nom].maximum
    sortie = []
    for valeur in range(bas, haut + 1):
        with sous(regles((), **{nom: valeur})):
            sortie.append((valeur, m.chance(m.reference)))
    return sortie


def ecart(d: Fraction) -> str:
    """Un écart de chances en points de pourcentage, au dixième, par la règle d'arrondi du site, avec son signe.

    Examples:
        >>> ecart(Fraction(1, 40)), ecart(Fraction(-1, 3)), ecart(Fraction(0)), ecart(Fraction(1, 10**6))
        ('+2,5', '−33,3', '0', '+0,0')
    """
    if isinstance(d, bool) or not isinstance(d, Fraction | int):
        raise Refus("d", "être un écart de chances exact (une Fraction)", recu=d)
    if not -1 <= d <= 1:
        raise Refus("d", "être un écart de chances, entre -1 et 1", recu=d)
    if d == 0:
        return "0"
    return ("+" if d > 0 else MOINS) + arrondi(abs(d) * 100, 1)


# ------------------------------------------------------------------ les exemples rejoués


@dataclass(frozen=True)
class Exemple:
    """Un exemple d'une page, rejoué avec ses dés : son verdict sous le texte et sous une variante."""

    titre: str
    page: str
    """La page de l'exemple (chemin dans `docs/`)."""
    appel: str
    """L'appel tel que la page l'écrit, dés compris."""
    jouer: Callable[[], str]
    """Le verdict en quelques mots, sous la lecture en vigueur."""
    aussi: tuple[tuple[str, str], ...] = ()
    """Les autres endroits où les pages montrent le même exemple : (page, appel tel que cette page l'écrit)."""

    @property
    def pages(self) -> tuple[str, ...]:
        """Chaque page qui montre l'exemple, la sienne d'abord, chacune une fois."""
        return tuple(dict.fromkeys([self.page, *(p for p, _ in self.aussi)]))


@dataclass(frozen=True)
class SansVerdict:
    """Des exemples d'une page qu'une variante change sans en changer le verdict : rien à y rejouer."""

    page: str
    """La page (chemin dans `docs/`)."""
    appels: tuple[str, ...]
    """Chaque appel tel que la page l'écrit, ou le seul nom d'une fonction : tous ses appels sur la page."""
    seulement: Literal["chances", "mots"]
    """Ce qui change : des chances exactes, ou les mots d'un verdict qui reste le même."""
    pourquoi: str
    """Pourquoi, en une phrase."""


def rejouer(e: Exemple, lecture: Regles) -> tuple[str, str]:
    """Le verdict de l'exemple sous le texte, puis sous `lecture` (un refus de la règle est un verdict).

    Examples:
        >>> rejouer(EXEMPLES["catastrophe-au-total"][0], regles(["catastrophe-au-total"]))
        ("l'attaquant perd (Catastrophe)", "l'attaquant l'emporte")
    """
    _objet("e", e, Exemple, "un Exemple (voir EXEMPLES)")
    lecture = _lecture(lecture)
    verdicts = []
    for r in (TEXTE, lecture):
        with sous(r):
            try:
                verdicts.append(e.jouer())
            except ValueError as refus:
                verdicts.append(f"refusé : {refus}")
    return verdicts[0], verdicts[1]


# ------------------------------------------------------------------ les mécaniques de chaque variante


def _compte(loi: Loi, *issues: object) -> Fraction:
    return sum((loi.get(i, Fraction(0)) for i in issues), Fraction(0))


_REUSSIR = ("Réussite", "Magistrale")
_ADA = "Ada l'emporte"


def _ada(seuil: int) -> troisd6.Personnage:
    return troisd6.Personnage("Ada", seuil=seuil, indice="1D6+1D3", seuil_defense=9)


_BRUNO = troisd6.Personnage("Bruno", seuil=10, indice="2D6", seuil_defense=13)


def _scene(
    politique_a: Callable[[], troisd6.Politique] = troisd6.Politique,
    politique_b: Callable[[], troisd6.Politique] = troisd6.Politique,
    objectif: Callable[[], troisd6.Avantage] = lambda: troisd6.Avantage.DEFINITIF,
) -> Callable[[int], Loi]:
    """La loi d'une scène d'Ada (seuil x) contre Bruno, Ada à l'initiative ; politiques lues sous la lecture en
    vigueur (un risque du texte peut en dépendre)."""

    def loi(seuil: int) -> Loi:
        c = troisd6.chances_scene(
            _ada(seuil), _BRUNO, politique_a=politique_a(), politique_b=politique_b(), initiative="Ada",
            objectif=objectif(),
        )  # fmt: skip
        return {_ADA: c.victoire_premier, "Bruno l'emporte": c.victoire_second}

    return loi


def _mecanique_de_scene(titre: str, loi: Callable[[int], Loi], detail: str) -> Mecanique:
    return Mecanique(titre, loi, "Seuil d'Ada", tuple(range(8, 17)), 12, _ADA, (_ADA,), detail)


_CONTRE = troisd6.Politique(troisd6.Risque(-1, niveaux=1), troisd6.Defense.CONTRE_ATTAQUE)
_BLOQUE = troisd6.Politique(troisd6.Risque(-2, bonus_points=2), troisd6.Defense.BLOCAGE)
_ADA_BRUNO = (
    "Ada (1D6+1D3, défense 9) contre Bruno (seuil 10, 2D6, défense 13), Ada à l'initiative, jusqu'à l'avantage "
    "définitif"
)
_SCENE_RISQUEE = _mecanique_de_scene(
    "Scène majeure risquée",
    _scene(lambda: _CONTRE, lambda: _BLOQUE),
    f"{_ADA_BRUNO} ; Ada risque −1 au jet pour +1 niveau et contre-attaque, Bruno risque −2 pour +2 points et bloque.",
)
_SCENE_SIMPLE = _mecanique_de_scene("Scène majeure", _scene(), f"{_ADA_BRUNO} ; sans risque, chacun bloque.")


def _virage() -> troisd6.Politique:
    return troisd6.Politique(troisd6.duel.risques_du_texte(en_cours())[2], troisd6.Defense.BLOCAGE)


def _seconde_tentative(seuil: int) -> Loi:
    rate = troisd6.jet(seuil, (6, 5, 4))  # 15 sans double : un échec simple pour tout seuil de 6 à 14
    plus_dur = seuil - troisd6.accroissement_difficulte(rate).points
    p = troisd6.probabilite_reussite(plus_dur)
    return {"réussite de la seconde tentative": p, "nouvel échec": 1 - p}


def _mecaniques_warp() -> dict[str, tuple[Mecanique, ...]]:
    def warp_jet(b: int) -> Loi:
        return _lue(warp.distribution(2, bonus=b))

    def oppose(t: int) -> Loi:
        return _lue(warp.chances_opposees(3, t))

    return {
        "seuil-des-des-lances": (
            Mecanique("Jet de 2d avec des dés de bonus", warp_jet, "Dés de bonus", (0, 1, 2, 3, 4), 1,
                      "Réussite, Magistrale comprise", _REUSSIR),
            Mecanique("Jet de 3d avec des dés de malus", lambda m: _lue(warp.distribution(3, malus=m)),
                      "Dés de malus", (0, 1, 2), 1, "Réussite, Magistrale comprise", _REUSSIR),
        ),
        "catastrophe-au-total": (
            Mecanique("Jet opposé : 3d contre un Trait de x dés", oppose, "Trait du second", (1, 2, 3, 4, 5), 1,
                      "le second l'emporte", ("le second l'emporte",)),
        ),
        "magistrale-au-dernier-round": (
            Mecanique("Test étendu : Trait 3d, Maniabilité 3, Complexité x",
                      lambda c: _lue(warp.distribution_etendue(3, c, 3)), "Complexité", (1, 2, 3, 4, 5, 6), 4,
                      "Magistrale", ("Magistrale",)),
        ),
        "aide-tronquee": (
            Mecanique("Test coopératif : un Alpha de x dés, aidé de deux Bêtas de 3d",
                      lambda a: _lue(warp.distribution_cooperative(a, [3, 3])), "Trait de l'Alpha",
                      (1, 2, 3, 4, 5), 3, "Réussite, Magistrale comprise", _REUSSIR),
        ),
        "pas-de-seconde-demande": (),
    }  # fmt: skip


def _mecaniques_troisd6() -> dict[str, tuple[Mecanique, ...]]:
    return {
        "triple-aussi-double": (_SCENE_SIMPLE,),
        "echelle-reguliere": (
            Mecanique("Effet d'une réussite critique à 1D6+1D3 (Dt de 2)",
                      lambda dt: troisd6.loi_effet("1D6+1D3", dt=dt), "Points d'effet", (2,), 2),
            _SCENE_SIMPLE,
        ),
        "contre-attaque-qui-esquive": (_SCENE_RISQUEE,),
        "contre-attaque-en-defense": (_SCENE_RISQUEE,),
        "blocage-avec-le-risque": (_SCENE_RISQUEE,),
        "virage-en-niveaux": (
            _mecanique_de_scene("Scène d'action : le virage difficile", _scene(_virage),
                                f"{_ADA_BRUNO} ; Ada reste à fond dans chaque virage (−2 au jet, « +2 aux effets »), "
                                "Bruno bloque."),
        ),
        "meilleure-defense-moins-de-points": (),
        "meilleure-defense-rien-subir": (),
        "interview-jusqu-au-definitif": (
            _mecanique_de_scene("Interview", _scene(objectif=lambda: troisd6.objectif_interview(en_cours())),
                                "Ada (1D6+1D3, défense 9) interroge Bruno (seuil 10, 2D6, défense 13), jusqu'à "
                                "l'avantage qui termine l'interview dans chaque lecture."),
        ),
        "jet-le-plus-bas": (
            Mecanique("Scène mineure : seuil x contre seuil 12",
                      lambda s: _lue(troisd6.chances_scene_opposee(s, 12)), "Seuil du premier",
                      tuple(range(6, 17)), 10, "le premier l'emporte", ("le premier l'emporte",)),
        ),
        "echec-simple-compte": (
            Mecanique("Réflexion : une seconde tentative après un échec simple, au même seuil x",
                      _seconde_tentative, "Seuil de la première tentative", tuple(range(6, 15)), 10,
                      "réussite de la seconde tentative", ("réussite de la seconde tentative",)),
        ),
    }  # fmt: skip


MECANIQUES: Mapping[str, tuple[Mecanique, ...]] = MappingProxyType(_mecaniques_warp() | _mecaniques_troisd6())
"""Pour chaque variante, par identifiant, les mécaniques dont elle change les chances (aucune pour une variante
qui ne change qu'un conseil ou ce qu'un joueur peut demander : ses exemples le montrent)."""

MAISON: Mapping[str, Mecanique] = MappingProxyType(
    {
        "seuil_par_de": Mecanique("Jet de 3d sans bonus ni malus", lambda _: _lue(warp.distribution(3)), "",
                                  (0,), 0, "Réussite, Magistrale comprise", _REUSSIR),
        "malus_familiarite": Mecanique(
            "Jet de talent par simple familiarité (caractéristique 10)",
            lambda _: {"Réussite": troisd6.probabilite_reussite(troisd6.seuil_talent(0, familiarite=True))},
            "", (0,), 0, "Réussite", ("Réussite",)),
        "malus_contre_attaque": _SCENE_RISQUEE,  # Ada contre-attaque
        "blocage_niveaux": _SCENE_RISQUEE,
        "blocage_points": _SCENE_RISQUEE,
    }
)  # fmt: skip
"""Pour chaque règle maison, la mécanique dont le tableau suit la chance sur toute sa gamme permise."""


# ------------------------------------------------------------------ les exemples de chaque variante


_SIMPLES, _PREMIERS, _EXPERIENCE = "warp/jets-simples.md", "premiers-pas/warp.md", "warp/experience.md"
_OPPOSES, _COOP, _ETENDUS = "warp/jets-opposes.md", "warp/tests-cooperatifs.md", "warp/tests-etendus.md"
_MAJEURES, _REFLEXION = "troisd6/scenes-majeures.md", "troisd6/scenes-reflexion.md"
_INTERACTION, _CALCULATEUR = "troisd6/scenes-interaction.md", "calculateur.md"
_APRES_ATTAQUE = 'calculer("troisd6-apres-attaque", {"niveau_attaque": "spéciale", "seuil_defenseur": "10"})'


def _exemples_seuil_des_des_lances() -> tuple[Exemple, ...]:
    """Les exemples que « seuil-des-des-lances » rejoue : chaque jet qui lance plus ou moins de dés qu'il n'en garde."""
    kessa = ((5, 4, 6), (6, 6, 1, 1))
    return (
        Exemple("Trait 3d, 1 dé de bonus", _SIMPLES, "jet(3, bonus=1, des=(2, 5, 1, 4))",
                v.resultat(3, (2, 5, 1, 4), bonus=1),
                aussi=((_PREMIERS, "jet(3, bonus=1, des=(2, 5, 1, 4))"),
                       (_EXPERIENCE, "jet(3, bonus=c.bonus, des=(2, 5, 1, 4))"))),
        Exemple("Trait 2d, 1 dé de bonus", "warp/index.md", "jet(2, bonus=1, des=(6, 3, 1))",
                v.resultat(2, (6, 3, 1), bonus=1)),
        Exemple("Trait 3d, 1 dé de bonus et 2 de malus", _PREMIERS, "jet(3, bonus=1, malus=2, des=(6, 5, 4, 2))",
                v.resultat(3, (6, 5, 4, 2), bonus=1, malus=2)),
        Exemple("Le bourrin vise loin : 1 dé de bonus, 4 de malus", _SIMPLES,
                "jet(3, bonus=1, malus=4, des=(6, 6, 5, 5, 4, 4))",
                v.resultat(3, (6, 6, 5, 5, 4, 4), bonus=1, malus=4),
                aussi=((_SIMPLES, "Reserve(3, bonus=1, malus=4)"),)),
        Exemple("Un 6 écarté par le malus : 2d, 1 dé de malus", _SIMPLES, "jet(2, malus=1, des=(6, 3, 4))",
                v.resultat(2, (6, 3, 4), malus=1)),
        Exemple("Deux Bêtas aident un Alpha de 3d", _PREMIERS,
                "cooperation(alpha=3, betas=[2, 3], des_betas=[(4, 3), (6, 1, 1)], des_alpha=(5, 4, 2, 1))",
                v.cooperation(3, [2, 3], des_betas=[(4, 3), (6, 1, 1)], des_alpha=(5, 4, 2, 1))),
        Exemple("Orun et Vil aident Kessa, 1d de malus pour tous", _COOP,
                "cooperation(alpha=3, betas=[2, 3], malus=1, des_betas=[(5, 4, 6), (6, 6, 1, 1)], "
                "des_alpha=(5, 4, 2))",
                v.cooperation(3, [2, 3], malus=1, des_betas=kessa, des_alpha=(5, 4, 2))),
        Exemple("Vil convertit son dé d'expérience", _COOP,
                "cooperation(3, [2, 3], malus=1, experience_betas=[False, True], "
                "des_betas=[(5, 4, 6), (6, 6, 5)], des_alpha=(5, 4, 2, 1, 1))",
                v.cooperation(3, [2, 3], malus=1, experience_betas=[False, True],
                              des_betas=[(5, 4, 6), (6, 6, 5)], des_alpha=(5, 4, 2, 1, 1))),
        Exemple("Le circuit de Kessa, un dé d'expérience dès le round 3", _ETENDUS,
                "derouler(3, 4, 3, 2, experience_des_le_round=3 if c.bonus else None, "
                "des=[(2, 2, 1), (6, 1, 1), (5, 4, 2, 1), (6, 3, 3, 2), (4, 4, 3, 1)])",
                v.etendu(3, 4, 3, 2, experience=True,
                         des=[(2, 2, 1), (6, 1, 1), (5, 4, 2, 1), (6, 3, 3, 2), (4, 4, 3, 1)])),
        Exemple("L'aide d'Orun (2d) et de Vil (3d), 1d de malus chacun", _ETENDUS,
                "jet(2, malus=1, des=(5, 3, 4)), jet(3, malus=1, des=(6, 6, 5, 2))",
                v.aide_des_jets((2, 1, (5, 3, 4)), (3, 1, (6, 6, 5, 2)))),
    )  # fmt: skip


def _exemples_warp() -> dict[str, tuple[Exemple, ...]]:
    return {
        "seuil-des-des-lances": _exemples_seuil_des_des_lances(),
        "catastrophe-au-total": (
            Exemple("Une Catastrophe à 3d contre 1d", _OPPOSES, "opposition(jet(3, des=(1, 1, 1)), jet(1, des=(2,)))",
                    v.oppose((3, (1, 1, 1)), (1, (2,)))),
            Exemple("Deux Catastrophes, en attaque contre défense", _OPPOSES,
                    "opposition(jet(2, des=(1, 1)), jet(2, des=(1, 1)))", v.oppose((2, (1, 1)), (2, (1, 1)))),
        ),
        "magistrale-au-dernier-round": (
            Exemple("Un Test étendu aux dés tirés (graine 3)", _ETENDUS, "derouler(3, 4, 3, 2, rng=random.Random(3))",
                    v.etendu(3, 4, 3, 2, graine=3)),
        ),
        "aide-tronquee": (
            Exemple("Une Catastrophe et une Compensation des Bêtas", _COOP,
                    "aide([Resultat.CATASTROPHE, Resultat.COMPENSATION])", v.aide_negative),
            Exemple("Un Bêta maladroit : l'Alpha et son malus", _COOP,
                    "cooperation(3, [1, 3], malus=1, des_betas=[(1, 4), (6, 6, 1, 1)], des_alpha=(6, 5, 4, 3, 2))",
                    v.cooperation(3, [1, 3], malus=1, des_betas=[(1, 4), (6, 6, 1, 1)], des_alpha=(6, 5, 4, 3, 2))),
        ),
        "pas-de-seconde-demande": (
            Exemple("Kessa redemande un dé d'expérience après un refus", _EXPERIENCE,
                    "refus.apres.convertir(\"amadouer le douanier\", accepte=True)", v.seconde_demande),
        ),
    }  # fmt: skip


_PHILIP = Exemple(
    "La réparation de Philip : une critique, triple 2",
    _REFLEXION,
    "jouer_scene(philip, panne, [Tour(des_attaque=(3, 2, 1), effet_attaque=3), "
    "Tour(des_attaque=(2, 2, 2), effet_attaque=10)])",
    v.reparation,
)


def _conseils() -> tuple[Exemple, ...]:
    ada = "Ada (seuil 12, 2D6) fait une réussite"
    return (
        Exemple(
            f"{ada} spéciale : la meilleure défense de Bruno (seuil 10)",
            _MAJEURES,
            "defense_apres_attaque(ada, bruno_10, Niveau.REUSSITE_SPECIALE)",
            v.conseil(troisd6.Niveau.REUSSITE_SPECIALE),
            aussi=((_CALCULATEUR, _APRES_ATTAQUE),),
        ),
        Exemple(
            f"{ada} critique : la meilleure défense de Bruno (seuil 10)",
            _MAJEURES,
            "defense_apres_attaque(ada, bruno_10, Niveau.REUSSITE_CRITIQUE)",
            v.conseil(troisd6.Niveau.REUSSITE_CRITIQUE),
        ),
        Exemple(
            "Ada attaque à 3-3-1 (une spéciale, Dd 3) : la meilleure défense de Bruno",
            _MAJEURES,
            "defense_apres_attaque(ada, bruno_10, (3, 3, 1))",
            v.conseil((3, 3, 1)),
        ),
    )


def _exemples_troisd6() -> dict[str, tuple[Exemple, ...]]:
    conseils = _conseils()
    bruno = troisd6.Personnage("Bruno", seuil=11, indice="1D6+1D3")
    bruno_defense = troisd6.Personnage("Bruno", seuil=11, indice="1D6+1D3", seuil_defense=13, indice_defense="2D6")
    return {
        "triple-aussi-double": (_PHILIP,),
        "echelle-reguliere": (
            Exemple("Une critique à 2D6, Dt de 1", _MAJEURES, "effet(\"2D6\", dt=1, des=(4, 3, 1))",
                    v.effet("2D6", (4, 3, 1), dt=1)),
            Exemple("Monter de deux niveaux depuis 1D6+1D3", _MAJEURES, "monter(\"1D6+1D3\", 2)",
                    v.monter("1D6+1D3", 2)),
            _PHILIP,
        ),
        "contre-attaque-qui-esquive": (
            Exemple("Bruno contre-attaque une réussite simple d'Ada par une spéciale", _MAJEURES,
                    "echange(ada, bruno, Tour(des_attaque=(5, 2, 1), effet_attaque=7, "
                    "defense=Defense.CONTRE_ATTAQUE, des_defense=(3, 3, 2)))", v.contre_attaque(bruno, (3, 3, 2))),
        ),
        "contre-attaque-en-defense": (
            Exemple("Bruno, qui se défend sous 13, contre-attaque", _MAJEURES,
                    "echange(ada, bruno_defense, Tour(des_attaque=(5, 2, 1), effet_attaque=7, "
                    "defense=Defense.CONTRE_ATTAQUE, des_defense=(2, 2, 4)))",
                    v.contre_attaque(bruno_defense, (2, 2, 4))),
        ),
        "meilleure-defense-moins-de-points": conseils,
        "meilleure-defense-rien-subir": conseils,
        "interview-jusqu-au-definitif": (
            Exemple("Ce qu'obtient l'interrogateur à l'avantage critique", _INTERACTION,
                    "informations(Avantage.CRITIQUE)", v.informations_au_critique,
                    aussi=((_INTERACTION, "informations(avantage)"),)),
        ),
        "jet-le-plus-bas": (
            Exemple("À niveau égal, 11 contre 10", "troisd6/scenes-mineures.md",
                    "scene_opposee(jet(12, (6, 3, 2)), jet(14, (5, 4, 1)))",
                    v.mineure((12, (6, 3, 2)), (14, (5, 4, 1)))),
        ),
        "echec-simple-compte": (
            Exemple("Un échec simple sous 7 (6-4-2, total 12)", _REFLEXION,
                    "accroissement_difficulte(jet(7, (6, 4, 2)))", v.accroissement),
        ),
    }  # fmt: skip


EXEMPLES: Mapping[str, tuple[Exemple, ...]] = MappingProxyType(_exemples_warp() | _exemples_troisd6())
"""Pour chaque variante, les exemples des pages qu'elle change (chacun rend un autre verdict sous elle)."""


def _sans_verdict() -> dict[str, tuple[SansVerdict, ...]]:
    scene = SansVerdict(
        _MAJEURES,
        ("chances_scene", "comparer_risques"),
        "chances",
        "les chances exactes d'une scène et du meilleur risque : aucun dé n'y est lancé.",
    )
    risque = SansVerdict(
        _MAJEURES,
        ("comparer_risques",),
        "chances",
        "les chances exactes de chaque risque : aucun dé n'y est lancé, le meilleur reste le même.",
    )
    conseil = SansVerdict(
        _MAJEURES,
        ("defense_apres_attaque",),
        "chances",
        "la meilleure défense reste la même ; seules changent les chances de chaque défense.",
    )
    calculateur = SansVerdict(
        _CALCULATEUR,
        (_APRES_ATTAQUE,),
        "chances",
        "le même conseil au calculateur ; seules changent les chances de chaque défense.",
    )
    meme = "le même résultat sous les deux lectures : seul le total à dépasser change dans l'explication."
    return {
        "seuil-des-des-lances": (
            SansVerdict(_SIMPLES, ("jet(3, malus=4, des=(6, 5, 4, 3, 3, 2, 1))", "jet(3, bonus=1, des=(6, 2, 5, 1))",
                                   "jet(3, malus=1, des=(1, 1, 1, 5))"), "mots", meme),
            SansVerdict(_PREMIERS, ("jet(2, malus=1, des=(1, 1, 5))",), "mots", meme),
            SansVerdict(_COOP, ("cooperation(3, [1, 3], malus=1, des_betas=[(1, 4), (6, 6, 1, 1)], "
                                "des_alpha=(6, 5, 4, 3, 2))",), "mots", meme),
            SansVerdict(_CALCULATEUR, ('calculer("warp-jet", {"trait": "3", "bonus": "1", "malus": "2", '
                                       '"des": "6 5 2 1"})',), "mots",
                        "Échec sous les deux lectures : changent le total à dépasser de l'explication et la chance "
                        "de réussir du tableau."),
        ),
        "catastrophe-au-total": (
            SansVerdict(_OPPOSES, ("opposition(jet(2, des=(1, 1)), jet(2, des=(6, 1)))",
                                   "opposition(jet(2, des=(6, 5)), jet(2, des=(1, 1)))",
                                   "opposition(jet(2, des=(1, 1)), jet(2, des=(1, 1)), symetrique=True)"), "mots",
                        "les mêmes résultats sous les deux lectures : seule l'explication dit que la Catastrophe "
                        "compte son total."),
        ),
        "triple-aussi-double": (scene,),
        "echelle-reguliere": (
            scene, conseil, calculateur,
            SansVerdict(_MAJEURES, ("Personnage(\"Philip\", seuil=12, indice=\"3D3\")",), "mots",
                        "le refus d'un Indice hors de l'échelle énumère l'échelle de la lecture en vigueur."),
        ),
        "contre-attaque-qui-esquive": (conseil, calculateur),
        "blocage-avec-le-risque": (risque,),
        "virage-en-niveaux": (risque,),
    }  # fmt: skip


SANS_VERDICT: Mapping[str, tuple[SansVerdict, ...]] = MappingProxyType(_sans_verdict())
"""Ce qui change sans exemple à rejouer : pour chaque variante, les exemples des pages qu'elle change sans en
changer le verdict (des chances, ou les mots d'une explication), et pourquoi. Avec `EXEMPLES`, ils rendent compte
de chaque exemple des pages que la variante change (`tests/test_et_si.py` le vérifie en rejouant les pages)."""


def _verifier(mecaniques: Mapping[str, Sequence[Mecanique]]) -> None:
    assert set(mecaniques) == set(VARIANTES), set(mecaniques) ^ set(VARIANTES)
    assert set(EXEMPLES) | set(SANS_VERDICT) <= set(VARIANTES), (set(EXEMPLES) | set(SANS_VERDICT)) - set(VARIANTES)


_verifier(MECANIQUES)


# ------------------------------------------------------------------ la page


def _tableau_de(m: Mecanique, lecture: Regles) -> str:
    lignes = [[li.issue, chance(li.texte), chance(li.variante), ecart(li.difference)] for li in comparer(m, lecture)]
    quand = f" ({m.parametre} : {m.reference})" if m.issue else ""
    return tableau(["Issue", "Le texte", "La variante", "Écart (points)"], lignes,
                   legende=f"{m.titre}{quand}, chance exacte de chaque issue.")  # fmt: skip


def _et_si(svg: str) -> str:
    """Le graphique, marqué pour les styles de la page « Et si… ? » (texte plus grand sur un téléphone, couleur
    de la série du texte en sombre : `docs/stylesheets/regles.css`)."""
    return svg.replace('<figure class="graphique">', '<figure class="graphique graphique-et-si">', 1)


def _graphique_de(m: Mecanique, lecture: Regles) -> str:
    xs, avant, apres = courbes(m, lecture)
    titre = f"{m.titre} : {m.issue}, selon {m.parametre.lower()}" if m.issue else f"{m.titre} : loi des points"
    return _et_si(graphique(titre, xs, {"Le texte": avant, "La variante": apres},
                     legende_x=m.parametre, legende_y="Chance", maximum_y=1.0 if m.issue else None))  # fmt: skip


_TITRES_DES_PAGES: Mapping[str, str] = MappingProxyType({
    "warp/index.md": "WaRP", _SIMPLES: "Jets simples", _PREMIERS: "Premiers pas avec WaRP",
    _EXPERIENCE: "Dés d'expérience", _OPPOSES: "Jets opposés", _COOP: "Tests coopératifs", _ETENDUS: "Tests étendus",
    _MAJEURES: "Scènes majeures", _REFLEXION: "Scènes de réflexion", _INTERACTION: "Scènes d'interaction",
    "troisd6/scenes-mineures.md": "Scènes mineures", _CALCULATEUR: "Calculateur",
})  # fmt: skip
"""Le titre de chaque page d'où vient un exemple rejoué (son titre de niveau 1), pour le lien qui y mène."""


def _lien(page: str) -> str:
    """Un lien de la page « Et si… ? » (`et-si/`) vers une page du site, adresse en dossier comme le site les écrit
    (le Markdown qu'écrit un bloc exécuté ne passe pas par la réécriture des liens `.md` de MkDocs)."""
    adresse = page.removesuffix("index.md") if page.endswith("index.md") else page.removesuffix(".md") + "/"
    return f"[{_TITRES_DES_PAGES[page]}](../{adresse})"


def exemples_rejoues(ident: str) -> str:
    """La fin de la section d'une variante : le tableau de ses exemples rejoués (chacun mène à sa page), ou la
    phrase qui dit qu'aucun exemple des pages ne change de verdict sous elle, et ce qui change alors.

    Examples:
        >>> print(exemples_rejoues("catastrophe-au-total").splitlines()[11])
        | <span class="tableau-colonne">Exemple : </span>Une Catastrophe à 3d contre 1d ([Jets opposés](../warp/jets-opposes/)) | <span class="tableau-colonne">Les dés : </span>`opposition(jet(3, des=(1, 1, 1)), jet(1, des=(2,)))` | <span class="tableau-colonne">Le texte : </span>l'attaquant perd (Catastrophe) | <span class="tableau-colonne">La variante : </span>l'attaquant l'emporte |
        >>> exemples_rejoues("blocage-avec-le-risque")
        'Aucun exemple des pages ne change de verdict sous elle : seulement ses chances.'
    """
    lecture = regles([_variante(ident)])
    lignes = []
    for e in EXEMPLES.get(ident, ()):
        texte, variante = rejouer(e, lecture)
        lignes.append([f"{e.titre} ({', '.join(_lien(p) for p in e.pages)})", f"`{e.appel}`", texte, variante])
    if not lignes:
        return _sans_exemple(ident)
    tab = tableau(["Exemple", "Les dés", "Le texte", "La variante"], lignes, empilable=True,
                  legende="chaque exemple rejoué avec ses dés, sous les deux lectures.")  # fmt: skip
    # Sur un téléphone, chaque exemple devient un bloc ; ailleurs, ses longues cases passent à la ligne
    # (docs/stylesheets/regles.css, .et-si-exemples).
    return f'**Les exemples rejoués**\n\n<div class="et-si-exemples" markdown>\n\n{tab}\n\n</div>'


def _sans_exemple(ident: str) -> str:
    """La phrase d'une variante dont aucun exemple des pages ne change de verdict : ce qui change alors."""
    genres = frozenset(s.seulement for s in SANS_VERDICT.get(ident, ()))
    quoi = {frozenset(): "", frozenset({"chances"}): " : seulement ses chances",
            frozenset({"mots"}): " : seulement les mots de leurs explications"}.get(
        genres, " : seulement ses chances et les mots d'explications")  # fmt: skip
    return f"Aucun exemple des pages ne change de verdict sous elle{quoi}."


def _variante(ident: Any) -> str:
    if not isinstance(ident, str) or ident not in VARIANTES:
        raise Refus("ident", f"aucune variante ne s'appelle {_valider.recu(ident)} (voir python -m rules variantes)",
                    forme=PROPOS)  # fmt: skip
    return ident


def section(ident: str) -> str:
    """La section de la page « Et si… ? » d'une variante (sans son titre) : sa phrase, ce qu'elle change, chaque
    mécanique touchée (tableau et graphique), ses exemples rejoués.

    Examples:
        >>> s = section("catastrophe-au-total")
        >>> "> Le plus fort l'emporte." in s, "<figure" in s, "| Le texte |" in s
        (True, True, True)
        >>> section("triple")
        Traceback (most recent call last):
        ...
        rules.refus.Refus: ident : aucune variante ne s'appelle 'triple' (voir python -m rules variantes)
    """
    v = VARIANTES[_variante(ident)]
    lecture = regles([ident])
    morceaux = [f"> {v.citation}", "", v.change, ""]
    for m in MECANIQUES[ident]:
        morceaux += [f"**{m.titre}**" + (f" — {m.detail}" if m.detail else ""), "", _tableau_de(m, lecture), ""]
        morceaux += [_graphique_de(m, lecture), ""]
    if not MECANIQUES[ident]:
        morceaux += ["Elle ne change aucune chance : seulement ce que le jeu conseille ou permet.", ""]
    morceaux += [exemples_rejoues(ident), ""]
    return "\n".join(morceaux)


def section_maison(nom: str) -> str:
    """La section d'une règle maison : la chance de sa mécanique sur toute sa gamme permise, et l'écart au texte.

    Examples:
        >>> print(section_maison("seuil_par_de").split("\\n\\n")[1])
        Tableau : Jet de 3d sans bonus ni malus, Réussite, Magistrale comprise, pour chaque valeur permise.
        {: .legende }
    """
    _cle("nom", nom, REGLES_MAISON, "règle maison")
    r, m = REGLES_MAISON[nom], MAISON[nom]
    valeurs = gammes(nom, m)
    texte = dict(valeurs)[r.texte]
    lignes = [[moins(v) + (" (le texte)" if v == r.texte else ""), chance(p), ecart(p - texte)] for v, p in valeurs]
    quoi = r.titre.partition(" : ")[2]
    quoi = quoi[:1].upper() + quoi[1:]
    tab = tableau([quoi, m.issue, "Écart (points)"], lignes,
                  legende=f"{m.titre}, {m.issue}, pour chaque valeur permise.")  # fmt: skip
    svg = _et_si(graphique(f"{m.titre} : {m.issue}, selon la règle maison", [v for v, _ in valeurs],
                           {m.issue: [p for _, p in valeurs]}, legende_x=quoi,
                           legende_y="Chance", maximum_y=1.0))  # fmt: skip
    entete = f"{r.titre}, de {moins(r.minimum)} à {moins(r.maximum)} ; le texte : {moins(r.texte)}."
    return "\n".join([entete + (f" {m.detail}" if m.detail else ""), "", tab, "", svg, ""])
