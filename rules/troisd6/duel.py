"""3D6 › Scènes majeures : chances exactes d'une scène entière, contre un actif ou un passif, et l'échange de risque.

[`jouer_scene`][rules.troisd6.scenes.jouer_scene] *joue* une scène majeure ;
ce module en donne les **chances exactes** : qui l'emporte, et en combien de
tours en moyenne, quand chaque camp suit une **politique** fixe (le risque
qu'il prend quand il attaque, la défense qu'il choisit quand il subit), depuis
n'importe quels avantages et n'importe quelle initiative.

La scène est une chaîne de Markov absorbante : un état est (avantage du
premier, avantage du second, qui a l'initiative). Un échange ne fait que
monter l'avantage de l'attaquant et, parfois, passer l'initiative ; les
avantages ne baissent jamais. Les états se résolvent donc du plus haut au plus
bas, deux par deux (les deux initiatives d'une même paire d'avantages, qui
peuvent se renvoyer la balle sans fin), en fractions exactes : ni simulation
ni troncature. La loi d'un échange vient des 216 jets de chaque camp
(moteur de lois de [`rules.des`][rules.des]) et des lois exactes des jets
d'effet ([`loi_indice`][rules.troisd6.effets.loi_indice]).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rules import _valider
from rules._francais import a_le, de_le, majuscule, moins, nombre, signe
from rules.refus import PHRASE, PROPOS, Refus
from rules.regles import Regles, en_cours
from rules.troisd6.avantages import Avantage
from rules.troisd6.effets import Indice
from rules.troisd6.jets import Niveau, jet, seuil_de_loi
from rules.troisd6.resolution import (
    Defense,
    _bonus_du_blocage,
    _caracteristique,
    _Lancer,
    _lancer_de,
    _lancers,
    _loi_de_la_defense,
)
from rules.troisd6.scenes import Personnage, Tour, _apres_echange, _debut_de_scene, _verifier_echange

__all__ = [
    "RISQUES",
    "ChancesDefense",
    "ChancesEchange",
    "ChancesScene",
    "Comparaison",
    "DefenseApresAttaque",
    "Politique",
    "Risque",
    "chances_echange",
    "chances_scene",
    "comparer_risques",
    "defense_apres_attaque",
    "risques_du_texte",
]


@dataclass(frozen=True)
class Risque:
    """Ce que l'attaquant échange à chaque attaque : un modificateur au jet contre des effets en plus.

    Source : « 3D6 › Scènes majeures › Attaque » (« décide d'un malus ou d'un
    bonus au jet […] risques pris dans son action ») et les exemples chiffrés :
    le verre offert par Joséphine (−1 au jet, +1 niveau aux effets), le virage
    difficile (−2 au jet, +2 points d'effet).

    Examples:
        >>> print(Risque(-1, niveaux=1))
        −1 au jet, +1 niveau d'effet
        >>> print(Risque(-2, bonus_points=2), Risque(0), sep=" | ")
        −2 au jet, +2 points d'effet | sans risque
    """

    modificateur: int = 0
    """Le modificateur au jet, appliqué aux deux jets de l'échange (celui de l'attaquant et celui du défenseur)."""
    niveaux: int = 0
    """Niveaux d'Indice en plus aux effets de l'attaquant (négatif : en moins)."""
    bonus_points: int = 0
    """Points d'effet en plus (négatif : en moins)."""

    def __post_init__(self) -> None:
        # Les bornes d'un tour joué : un risque calculé doit pouvoir se jouer.
        Tour(modificateur=self.modificateur, niveaux=self.niveaux, bonus_points=self.bonus_points)

    def __str__(self) -> str:
        morceaux = []
        if self.modificateur:
            morceaux.append(f"{signe(self.modificateur)} au jet")
        if self.niveaux:
            morceaux.append(f"{signe(self.niveaux)} niveau{'x' if abs(self.niveaux) > 1 else ''} d'effet")
        if self.bonus_points:
            morceaux.append(f"{signe(self.bonus_points)} point{'s' if abs(self.bonus_points) > 1 else ''} d'effet")
        return ", ".join(morceaux) or "sans risque"


RISQUES: tuple[Risque, ...] = (Risque(0), Risque(-1, niveaux=1), Risque(-2, bonus_points=2))
"""Les échanges de risque que chiffrent les exemples du texte : aucun, « −1 au jet, +1 niveau
d'effet » (le verre de Joséphine), « −2 au jet, +2 points d'effet » (le virage difficile)."""


def risques_du_texte(r: Regles) -> tuple[Risque, ...]:
    """Les échanges de risque des exemples, dans la lecture `r` : [`RISQUES`][rules.troisd6.duel.RISQUES], ou le
    virage lu en niveaux (« +2 aux effets » : +2 niveaux d'Indice) dans une variante.

    Source : « 3D6 › Scènes d'action » (« −2 au jet, mais +2 aux effets ») et « 3D6 › Scènes
    d'interaction » (« −1 au jet, +1 niveau aux effets »).

    Examples:
        >>> from rules.regles import TEXTE, Regles
        >>> risques_du_texte(TEXTE) == RISQUES
        True
        >>> print(risques_du_texte(Regles(virage_en_niveaux=True))[2])
        −2 au jet, +2 niveaux d'effet
    """
    if not isinstance(r, Regles):
        raise Refus("r", "être des Regles (rules.regles)", recu=r)
    if r.virage_en_niveaux:
        return (*RISQUES[:2], Risque(-2, niveaux=2))
    return RISQUES


@dataclass(frozen=True)
class Politique:
    """Ce qu'un camp fait à chaque tour, quoi qu'il arrive : son risque quand il attaque, sa défense quand il subit.

    Examples:
        >>> print(Politique(Risque(-1, niveaux=1), Defense.ESQUIVE))
        attaque : −1 au jet, +1 niveau d'effet ; défense : esquive
    """

    risque: Risque = Risque()
    """Le risque pris à chaque attaque."""
    defense: Defense = Defense.BLOCAGE
    """La défense choisie à chaque attaque subie (« toujours esquive »…)."""

    def __post_init__(self) -> None:
        if not isinstance(self.risque, Risque):
            raise Refus("risque", "être un Risque (modificateur, niveaux, bonus_points)", recu=self.risque)
        _valider.membre("defense", self.defense, Defense)

    def __str__(self) -> str:
        return f"attaque : {self.risque} ; défense : {self.defense}"


@dataclass(frozen=True)
class ChancesScene:
    """Les chances exactes d'une scène majeure jouée jusqu'au bout."""

    premier: str
    """Le nom du premier camp (`a`, le déclencheur)."""
    second: str
    """Le nom du second camp (`b`, actif ou passif)."""
    second_actif: bool
    """Faux face à une opposition passive : le second ne gagne qu'au premier jet raté du premier."""
    victoire_premier: Fraction
    """La chance que le premier atteigne l'objectif."""
    victoire_second: Fraction
    """La chance que le second l'atteigne (passif : que le premier rate un jet avant l'objectif)."""
    tours_esperes: Fraction
    """Le nombre moyen exact de tours (d'échanges) jusqu'à la fin."""
    explication: str
    """Les chances, en une phrase."""

    def __str__(self) -> str:
        return self.explication


@dataclass(frozen=True)
class ChancesEchange:
    """Les chances exactes d'un seul échange : où en est l'avantage de l'attaquant, qui a l'initiative."""

    defense: Defense | None
    """La défense choisie (`None` face à une opposition passive)."""
    attaque_reussie: Fraction
    """La chance que le jet de l'attaquant réussisse."""
    avantage: dict[Avantage, Fraction]
    """L'avantage de l'attaquant après l'échange : chaque niveau et sa chance (tous présents)."""
    initiative_reprise: Fraction
    """La chance que le défenseur reprenne l'initiative (0 face à une opposition passive)."""
    explication: str
    """Les chances, en une phrase."""

    def __str__(self) -> str:
        return self.explication


@dataclass(frozen=True)
class Comparaison:
    """Les chances d'une même scène pour chaque risque que le premier camp peut prendre."""

    options: tuple[tuple[Risque, ChancesScene], ...]
    """Chaque risque essayé, avec les chances de la scène s'il le prend à chaque attaque."""
    meilleur: Risque
    """Le risque qui fait gagner le premier le plus souvent (le premier de la liste à égalité)."""
    explication: str
    """Le verdict, en une phrase."""

    def __str__(self) -> str:
        return self.explication


# --- La loi d'un échange -------------------------------------------------------------

_Issue = tuple[int | None, bool, bool]
"""(points d'effet nets, `None` si aucun effet ne passe ; l'initiative change-t-elle ; l'attaque a-t-elle réussi)."""

_Loi = tuple[tuple[tuple[_Issue, int], ...], int]
"""La loi d'un échange : ((issue, poids entier), …) et leur dénominateur commun."""


@cache
def _loi_echange(
    seuil_a: int,
    indice_a: Indice,
    niveaux: int,
    bonus_points: int,
    seuil_d: int | None,
    indice_d: Indice | None,
    defense: Defense,
    armure: int,
    r: Regles,
) -> _Loi:
    """Loi exacte d'un échange : la décision de [`rules.troisd6.resolution`][rules.troisd6.resolution], jet par jet.

    `seuil_a` et `seuil_d` sont les seuils effectifs des deux jets
    ([`Personnage.seuil_du_jet`][rules.troisd6.scenes.Personnage.seuil_du_jet]),
    `seuil_d` `None` face à une opposition passive ; `indice_d`, l'Indice du
    blocage (`None` s'il ne bloque pas). Chaque groupe de jets de l'attaquant
    reçoit la loi de ce que la défense en laisse passer ; les poids sont des
    entiers sur un dénominateur commun (rendu avec eux). Un critique qui monte
    un Indice hors de l'échelle est refusé (lieu `niveaux`). Le tout dans la lecture des règles `r`.
    """
    attaques = _lancers(seuil_de_loi(seuil_a), indice_a, niveaux, bonus_points, r)
    parade = None if seuil_d is None else defense
    seuil = None if seuil_d is None else seuil_de_loi(seuil_d)
    plus = _bonus_du_blocage(r, niveaux, bonus_points)
    lois = [(ga, na, _loi_de_la_defense(ga, parade, seuil, indice_d, armure, plus, r)) for ga, na in attaques.items()]
    commun = math.lcm(*(total for _, _, (_, total) in lois))
    loi: dict[_Issue, int] = defaultdict(int)
    for ga, na, (issues, total) in lois:
        facteur, reussi = na * (commun // total), ga.niveau.reussi
        for (points, change), n in issues.items():
            loi[(points, change, reussi)] += facteur * n
    return tuple((issue, n) for issue, n in loi.items() if n), 216 * commun


_Pas = tuple[
    tuple[tuple[Avantage, Fraction], ...],
    Fraction,
    tuple[Fraction, Fraction],
    tuple[tuple[Avantage, bool, Fraction], ...],
]
"""Depuis un avantage de l'attaquant : (il gagne, à chaque avantage atteint ; il échoue face au passif ; il
reste — garde ou passe l'initiative — ; il monte à un avantage sous l'objectif — garde ou passe)."""


@cache
def _pas(loi: _Loi, mien: Avantage, objectif: Avantage, second_actif: bool) -> _Pas:
    """La loi d'un échange regroupée selon ce qu'elle fait à la chaîne, pour un attaquant à l'avantage `mien`.

    Chaque issue passe par la règle de la scène jouée,
    [`apres_echange`][rules.troisd6.scenes.apres_echange] : l'avantage, l'initiative, la fin.
    """
    issues, denominateur = loi
    gagne: dict[Avantage, int] = defaultdict(int)
    rate = 0
    reste = [0, 0]
    montees: dict[tuple[Avantage, bool], int] = defaultdict(int)
    for (points, change, reussi), n in issues:
        suite = _apres_echange(mien, points, change, reussi, second_actif, objectif)
        if suite.fin == "victoire":
            gagne[suite.avantage] += n
        elif suite.fin == "échec":
            rate += n
        elif suite.avantage == mien:
            reste[suite.initiative_passe] += n
        else:
            montees[(suite.avantage, suite.initiative_passe)] += n
    return (
        tuple((av, Fraction(n, denominateur)) for av, n in gagne.items()),
        Fraction(rate, denominateur),
        (Fraction(reste[0], denominateur), Fraction(reste[1], denominateur)),
        tuple((av, passe, Fraction(n, denominateur)) for (av, passe), n in montees.items()),
    )


# --- La chaîne ---------------------------------------------------------------------------

_Valeur = tuple[Fraction, ...]
"""Depuis un état : la chance de chaque fin (voir `_Fins`), puis celle d'une scène sans fin, puis le nombre
moyen de tours si elle finit toujours."""


@dataclass(frozen=True)
class _Fins:
    """Comment la chaîne range les fins d'une scène : par camp seulement, ou par camp et avantage atteint.

    Le premier camp gagne (0), ou le second (1) ; face à une opposition passive, « le second » est l'échec
    du premier (avec l'avantage qu'il avait alors)."""

    detail: bool

    @property
    def nombre(self) -> int:
        return 2 * len(Avantage) if self.detail else 2

    def cle(self, qui: int, atteint: Avantage) -> int:
        return qui * len(Avantage) + atteint.rang if self.detail else qui

    def sans_fin(self) -> _Valeur:
        """La valeur d'un état d'où la scène ne finit jamais."""
        return (*(Fraction(0) for _ in range(self.nombre)), Fraction(1), Fraction(0))


def _resoudre_paire(
    boucles: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]],
    sorties: tuple[list[Fraction], list[Fraction]],
    fins: _Fins,
) -> tuple[_Valeur, _Valeur]:
    """Résout x = S x + r pour les deux initiatives d'une même paire d'avantages.

    `boucles[i][j]` : probabilité de rester sur la paire en passant de l'initiative i à j ;
    `sorties[i]` : (fins, sans fin, somme pondérée des tours) apportées par les états déjà résolus.
    Un état qui ne sort jamais de la paire ne finit jamais : « sans fin » y vaut 1.
    """
    (s00, s01), (s10, s11) = boucles
    r0, r1 = sorties
    ferme = [s00 + s01 == 1, s10 + s11 == 1]
    det = (1 - s00) * (1 - s11) - s01 * s10
    if det == 0:
        # det = e0·e1 + e0·s10 + s01·e1 (e : probabilité de quitter la paire) : il est nul quand un
        # état ne quitte jamais la paire (il est sans fin) ; l'autre, s'il en sort, se résout seul.
        if ferme[0] and ferme[1]:
            return fins.sans_fin(), fins.sans_fin()
        i = 0 if ferme[0] else 1
        j = 1 - i
        rj = list(sorties[j])
        rj[-2] += boucles[j][i]  # passer à l'état sans fin : la scène ne finit pas
        valeur_j = _normaliser(rj, 1 - boucles[j][j])
        return (fins.sans_fin(), valeur_j) if i == 0 else (valeur_j, fins.sans_fin())
    x0 = [((1 - s11) * a + s01 * b) / det for a, b in zip(r0, r1, strict=True)]
    x1 = [(s10 * a + (1 - s00) * b) / det for a, b in zip(r0, r1, strict=True)]
    return tuple(x0), tuple(x1)


def _normaliser(r: list[Fraction], decisif: Fraction) -> _Valeur:
    """Un état qui boucle sur lui-même : ses sorties divisées par la probabilité d'en sortir."""
    return tuple(v / decisif for v in r)


def _chaine(
    lois: tuple[_Loi, _Loi | None], objectif: Avantage, depart: tuple[Avantage, Avantage], fins: _Fins
) -> dict[tuple[Avantage, Avantage, int], _Valeur]:
    """Les valeurs des états au-dessus de `depart` (0 : le premier a l'initiative, 1 : le second).

    Sans seconde loi, le second est passif : son avantage reste AUCUN et il n'a jamais l'initiative.
    """
    second_actif = lois[1] is not None
    sous = [av for av in Avantage if av < objectif]
    valeurs: dict[tuple[Avantage, Avantage, int], _Valeur] = {}
    for av_a in reversed([av for av in sous if av >= depart[0]]):
        for av_b in reversed([av for av in sous if av >= depart[1]] if second_actif else [Avantage.AUCUN]):
            boucles = [[Fraction(0), Fraction(0)], [Fraction(0), Fraction(0)]]
            sorties = [[Fraction(0)] * (fins.nombre + 1) + [Fraction(1)] for _ in range(2)]
            for qui, loi in enumerate(lois):
                if loi is None:
                    continue
                mien = av_a if qui == 0 else av_b
                gagne, rate, reste, montees = _pas(loi, mien, objectif, second_actif)
                sortie = sorties[qui]
                for atteint, p in gagne:
                    sortie[fins.cle(qui, atteint)] += p
                sortie[fins.cle(1, mien)] += rate  # face à une opposition passive, un jet raté fait échouer le premier
                boucles[qui][qui] += reste[0]
                boucles[qui][1 - qui] += reste[1]
                for nouveau, passe, p in montees:
                    suivant = 1 - qui if passe else qui
                    v = valeurs[(nouveau, av_b, suivant) if qui == 0 else (av_a, nouveau, suivant)]
                    for k, vk in enumerate(v):
                        sortie[k] += p * vk
            if not second_actif:
                s00 = boucles[0][0]
                valeurs[(av_a, av_b, 0)] = fins.sans_fin() if s00 == 1 else _normaliser(sorties[0], 1 - s00)
                continue
            v0, v1 = _resoudre_paire(
                ((boucles[0][0], boucles[0][1]), (boucles[1][0], boucles[1][1])), (sorties[0], sorties[1]), fins
            )
            valeurs[(av_a, av_b, 0)] = v0
            valeurs[(av_a, av_b, 1)] = v1
    return valeurs


def _valeur_passive(loi: _Loi, objectif: Avantage, depart: Avantage, fins: _Fins) -> _Valeur:
    """La valeur du départ d'une scène face à une opposition passive (l'attaquant garde l'initiative)."""
    return _chaine((loi, None), objectif, (depart, Avantage.AUCUN), fins)[(depart, Avantage.AUCUN, 0)]


# --- Les fonctions publiques ------------------------------------------------------------------


def _attaque(attaquant: Personnage, risque: Risque, defenseur: Personnage, defense: Defense) -> _Loi:
    """La loi de l'échange quand `attaquant` attaque `defenseur` (qui choisit `defense`)."""
    seuil_a = _valider.entier(("attaquant", "seuil"), attaquant.seuil_du_jet(None, risque.modificateur))
    r = en_cours()
    try:  # un critique monte l'Indice de l'attaquant, avec les niveaux du risque, hors de l'échelle
        _lancers(seuil_de_loi(seuil_a), attaquant.des_effet, risque.niveaux, risque.bonus_points, r)
    except Refus as refus:
        raise refus.vers(("attaquant", "indice"), *([("risque", "niveaux")] if risque.niveaux else [])) from None
    seuil_d = _seuil_du_defenseur(defenseur, defense, risque) if defenseur.actif else None
    indice_d = defenseur.indice_de_defense(defense) if defenseur.actif else None
    try:
        return _loi_echange(
            seuil_a,
            attaquant.des_effet,
            risque.niveaux,
            risque.bonus_points,
            seuil_d,
            indice_d,
            defense,
            defenseur.armure,
            r,
        )
    except Refus as refus:  # un blocage critique monte l'Indice du défenseur hors de l'échelle
        raise _en_defense(refus.relocaliser({"niveaux": ("defenseur", "indice")}), defenseur, defense) from None


def _seuil_du_defenseur(defenseur: Personnage, defense: Defense, risque: Risque) -> int:
    """Le seuil effectif du défenseur, refusé sous son seuil (celui de sa défense) hors des bornes des lois."""
    try:
        return _valider.entier(("defenseur", "seuil"), defenseur.seuil_du_jet(defense, risque.modificateur))
    except Refus as refus:
        raise _en_defense(refus, defenseur, defense) from None


def _en_defense(refus: Refus, defenseur: Personnage, defense: Defense) -> Refus:
    """Un refus sur le seuil ou l'Indice du défenseur, porté par ceux qu'il a lancés : ceux de ses défenses
    (`seuil_defense`, `indice_defense`) quand il esquive ou bloque et qu'il en a d'autres que ses attaques."""
    if _caracteristique(defense, en_cours()) != "défense":
        return refus
    propres = {"seuil": defenseur.seuil_defense, "indice": defenseur.indice_defense}
    lieux = tuple(
        ("defenseur", f"{lieu[1]}_defense", *lieu[2:])
        if lieu[:1] == ("defenseur",) and len(lieu) > 1 and propres.get(str(lieu[1])) is not None
        else lieu
        for lieu in refus.lieux
    )
    return refus.vers(*lieux)


def _attaque_de(
    attaquant: Personnage, sienne: Politique, defenseur: Personnage, autre: Politique, lieux: tuple[str, str, str]
) -> _Loi:
    """`_attaque` dans une scène : un refus (l'échelle des Indices) porte le lieu du camp (`a`, `b`, `politique_a`)."""
    try:
        return _attaque(attaquant, sienne.risque, defenseur, autre.defense)
    except Refus as refus:
        qui, face, politique = lieux
        raise refus.relocaliser({"attaquant": (qui,), "defenseur": (face,), "risque": (politique, "risque")}) from None


def _caracteristiques(p: Personnage) -> str:
    """« seuil 12, 2D6 », et ce qui change en défense (« en défense : seuil 13, 2D6 ») s'il diffère."""
    texte = f"seuil {moins(p.seuil)}, {p.indice}"
    seuil, indice = p.seuil_pour(Defense.BLOCAGE), p.indice_pour(Defense.BLOCAGE)
    if p.actif and (seuil, indice) != (p.seuil, p.indice):
        texte += f", en défense : seuil {moins(seuil)}, {indice}"
    return texte


def _decrire(p: Personnage, politique: Politique) -> str:
    armure = f", armure {p.armure}" if p.armure else ""
    return f"{p.nom} ({_caracteristiques(p)}{armure} ; {politique})"


def chances_scene(
    a: Personnage,
    b: Personnage,
    *,
    politique_a: Politique = Politique(),
    politique_b: Politique = Politique(),
    initiative: str | None = None,
    avantages: Mapping[str, Avantage] | None = None,
    objectif: Avantage = Avantage.DEFINITIF,
) -> ChancesScene:
    """Chances exactes qu'une scène majeure finisse en faveur de chaque camp, et sa durée moyenne.

    Source : « 3D6 › Scènes majeures › Principes généraux » (Attaque, Défense,
    Effet et avantages, Fin de la scène). Les règles sont celles de
    [`echange`][rules.troisd6.scenes.echange] et de
    [`jouer_scene`][rules.troisd6.scenes.jouer_scene] : le déclencheur `a` a
    l'initiative sauf si `initiative` nomme `b` ; à chaque tour, l'attaquant
    prend le risque de sa politique (appliqué aux deux jets) et le défenseur
    la défense de la sienne ; la scène finit quand un camp atteint `objectif`,
    ou, face à une opposition passive, au premier jet raté.

    Args:
        a: le déclencheur (actif).
        b: l'adversaire, actif ou passif (il ne lance rien ; sa politique est ignorée).
        politique_a: le risque et la défense de `a`, à chaque tour.
        politique_b: ceux de `b`.
        initiative: le nom de celui qui a l'initiative au départ (`a` par défaut).
        avantages: les avantages au départ, par nom (aucun par défaut) : pour une scène en cours.
        objectif: l'avantage qui termine la scène (définitif ; critique pour une interview).

    Returns:
        Les chances de chaque camp et le nombre moyen de tours.

    Raises:
        rules.refus.Refus: paramètre invalide, ou scène qui peut ne jamais finir (aucun effet ne passe).

    Examples:
        Ada (seuil 12, 2D6) contre Bruno (seuil 11, 1D6+1D3), chacun bloquant :

        >>> from rules.troisd6 import Personnage
        >>> ada = Personnage("Ada", seuil=12, indice="2D6")
        >>> bruno = Personnage("Bruno", seuil=11, indice="1D6+1D3")
        >>> c = chances_scene(ada, bruno)
        >>> c.victoire_premier + c.victoire_second
        Fraction(1, 1)
        >>> print(c)
        Ada (seuil 12, 2D6 ; attaque : sans risque ; défense : blocage) contre Bruno (seuil 11, 1D6+1D3 ; attaque : sans risque ; défense : blocage), Ada a l'initiative, depuis aucun avantage : Ada l'emporte 84,9 % des fois, Bruno 15,1 % des fois ; 9,1 tours en moyenne.

        Face à une opposition passive, ce sont les chances de
        [`issue_sans_opposition`][rules.troisd6.sans_opposition.issue_sans_opposition] :

        >>> from rules.troisd6 import chance_sans_opposition
        >>> panne = Personnage("la panne", actif=False)
        >>> chances_scene(Personnage("Philip", seuil=7, indice="1D6+1D3"), panne).victoire_premier == chance_sans_opposition(7, "1D6+1D3")
        True
    """
    _, qui, etat = _debut_de_scene(a, b, initiative, avantages, objectif)
    for nom, politique in (("politique_a", politique_a), ("politique_b", politique_b)):
        if not isinstance(politique, Politique):
            raise Refus(nom, "être une Politique (risque, défense)", recu=politique)
    loi_a = _attaque_de(a, politique_a, b, politique_b, ("a", "b", "politique_a"))
    loi_b = _attaque_de(b, politique_b, a, politique_a, ("b", "a", "politique_b")) if b.actif else None
    depart = (etat[a.nom], etat[b.nom])
    valeurs = _chaine((loi_a, loi_b), objectif, depart, _Fins(detail=False))
    if depart[0] >= objectif or (b.actif and depart[1] >= objectif):
        gagne_a = Fraction(int(depart[0] >= objectif))
        valeur: _Valeur = (gagne_a, 1 - gagne_a, Fraction(0), Fraction(0))
    else:
        valeur = valeurs[(depart[0], depart[1] if b.actif else Avantage.AUCUN, 0 if qui == a.nom else 1)]
    gagne_a, gagne_b, sans_fin, tours = valeur
    if sans_fin:
        from rules.affichage import fois

        raise Refus(
            ("a", "b"),
            f"la scène peut ne jamais finir ({fois(sans_fin)}) : aucun effet d'au moins 1 point "
            f"ne passe plus et personne n'atteint {objectif} ; changez les seuils, les Indices ou les armures "
            "(le texte laisse alors les joueurs arrêter la scène)",
            forme=PHRASE,
        )
    return ChancesScene(
        premier=a.nom,
        second=b.nom,
        second_actif=b.actif,
        victoire_premier=gagne_a,
        victoire_second=gagne_b,
        tours_esperes=tours,
        explication=_expliquer(a, b, politique_a, politique_b, qui, depart, objectif, valeur),
    )


def chances_echange(
    attaquant: Personnage,
    defenseur: Personnage,
    *,
    risque: Risque = Risque(),
    defense: Defense = Defense.BLOCAGE,
    avantage: Avantage = Avantage.AUCUN,
) -> ChancesEchange:
    """Chances exactes d'un échange : l'avantage de l'attaquant après lui, et la reprise de l'initiative.

    Source : « 3D6 › Scènes majeures › Principes généraux › Attaque, Défense ».
    Les règles de [`echange`][rules.troisd6.scenes.echange], sur les lois
    exactes des jets au lieu de dés : ce qu'un défenseur gagne à esquiver,
    bloquer ou contre-attaquer face à cette attaque.

    Args:
        attaquant: celui qui a l'initiative.
        defenseur: l'autre (passif : il ne lance rien, `defense` est ignorée).
        risque: le risque que prend l'attaquant (appliqué aux deux jets).
        defense: l'action du défenseur.
        avantage: l'avantage de l'attaquant avant l'échange.

    Examples:
        >>> from rules.troisd6 import Defense, Personnage
        >>> ada = Personnage("Ada", seuil=12, indice="2D6")
        >>> bruno = Personnage("Bruno", seuil=11, indice="1D6+1D3")
        >>> print(chances_echange(ada, bruno, defense=Defense.ESQUIVE))
        Bruno esquive l'attaque d'Ada (seuil 12, 2D6, sans risque), depuis aucun avantage : l'attaque réussit 74,1 % des fois ; l'avantage d'Ada ne bouge pas 61,1 % des fois ; Bruno reprend l'initiative 38,0 % des fois.
    """
    _verifier_echange(attaquant, defenseur)
    if not isinstance(risque, Risque):
        raise Refus("risque", "être un Risque (modificateur, niveaux, bonus_points)", recu=risque)
    _valider.membre("defense", defense, Defense)
    _valider.membre("avantage", avantage, Avantage)
    issues, denominateur = _attaque(attaquant, risque, defenseur, defense)
    poids = dict.fromkeys(Avantage, 0)
    reprise = reussie = 0
    for (points, change, reussi), n in issues:
        suite = _apres_echange(avantage, points, change, reussi, defenseur.actif, Avantage.DEFINITIF)
        poids[suite.avantage] += n
        reprise += n if suite.initiative_passe else 0
        reussie += n if reussi else 0
    loi = {av: Fraction(n, denominateur) for av, n in poids.items()}
    return _raconter_chances_echange(
        ChancesEchange(
            defense if defenseur.actif else None,
            Fraction(reussie, denominateur),
            loi,
            Fraction(reprise, denominateur),
            "",
        ),
        attaquant,
        defenseur,
        risque,
        avantage,
    )


_VERBES = {Defense.ESQUIVE: "esquive", Defense.BLOCAGE: "bloque", Defense.CONTRE_ATTAQUE: "contre-attaque"}


def _raconter_chances_echange(
    c: ChancesEchange, attaquant: Personnage, defenseur: Personnage, risque: Risque, avantage: Avantage
) -> ChancesEchange:
    from dataclasses import replace

    from rules.affichage import fois

    attaque = f"l'attaque {de_le(attaquant.nom)} (seuil {moins(attaquant.seuil)}, {attaquant.indice}, {risque})"
    debut = f"{defenseur.nom} {_VERBES[c.defense]} {attaque}" if c.defense else f"{attaque} face {a_le(defenseur.nom)}"
    morceaux = [
        f"{majuscule(debut)}, depuis {avantage} : l'attaque réussit {fois(c.attaque_reussie)}",
        f"l'avantage {de_le(attaquant.nom)} ne bouge pas {fois(c.avantage[avantage])}",
    ]
    if defenseur.actif:
        morceaux.append(f"{defenseur.nom} reprend l'initiative {fois(c.initiative_reprise)}")
    return replace(c, explication=" ; ".join(morceaux) + ".")


# --- La défense choisie après l'attaque -----------------------------------------------------------------------


@dataclass(frozen=True)
class ChancesDefense:
    """Ce que vaut une défense contre une attaque déjà lancée : les points qui passent, l'initiative reprise."""

    defense: Defense
    """La défense."""
    seuil: int
    """Le seuil du jet du défenseur (modificateur du tour et −3 d'une contre-attaque ordinaire compris)."""
    aucun_point: Fraction
    """La chance de ne subir aucun point d'effet."""
    points: dict[int, Fraction]
    """Les points d'effet qui passent (0 : aucun ; un blocage plus fort que l'attaque compte 0) et leur chance."""
    points_esperes: Fraction
    """Le nombre moyen de points d'effet qui passent."""
    initiative: Fraction
    """La chance de reprendre l'initiative."""


@dataclass(frozen=True)
class DefenseApresAttaque:
    """Les trois défenses face à une attaque déjà lancée, et la meilleure, dite en une phrase."""

    attaque: Niveau
    """Le niveau de l'attaque."""
    options: tuple[ChancesDefense, ...]
    """Esquive, blocage, contre-attaque : les chances de chacune."""
    meilleure: Defense | None
    """La défense qui reprend le plus souvent l'initiative (à égalité, qui laisse passer le moins de points) ;
    `None` contre une attaque ratée, où le choix ne change rien."""
    explication: str
    """Le conseil, en une phrase."""

    def pour(self, defense: Defense) -> ChancesDefense:
        """Les chances d'une des trois défenses."""
        _valider.membre("defense", defense, Defense)
        return next(o for o in self.options if o.defense is defense)

    def __str__(self) -> str:
        return self.explication


def _attaque_lancee(attaquant: Personnage, risque: Risque, attaque: object) -> tuple[Niveau, dict[_Lancer, int]]:
    """Les jets de l'attaquant qui ont pu donner `attaque` (un niveau, ou trois dés) et leur nombre d'ordres."""
    seuil = attaquant.seuil_du_jet(None, risque.modificateur)
    ind = attaquant.des_effet
    if isinstance(attaque, Niveau):
        groupes = _lancers(seuil_de_loi(seuil), ind, risque.niveaux, risque.bonus_points, en_cours())
        possibles = {g: n for g, n in groupes.items() if g.niveau is attaque}
        if not possibles:
            raise Refus("attaque", f"le niveau « {attaque} » est impossible sous le seuil {seuil}", forme=PROPOS)
        return attaque, possibles
    if isinstance(attaque, str) or not isinstance(attaque, Sequence):
        raise Refus("attaque", "être un Niveau ou les trois dés de l'attaque", recu=attaque)
    j = jet(seuil, _valider.des("attaque", attaque, nombre=3))
    return j.niveau, {_lancer_de(j.niveau, j.dd, j.dt, ind, risque.niveaux, risque.bonus_points, en_cours()): 1}


def _chances_defense(
    groupes: dict[_Lancer, int], defenseur: Personnage, defense: Defense, risque: Risque
) -> ChancesDefense:
    """Les chances d'une défense, sur les jets possibles de l'attaque (la loi de la défense, jet par jet)."""
    seuil = _seuil_du_defenseur(defenseur, defense, risque)
    indice = defenseur.indice_de_defense(defense)
    poids = sum(groupes.values())
    points: dict[int, Fraction] = defaultdict(Fraction)
    reprise = Fraction(0)
    r = en_cours()
    plus = _bonus_du_blocage(r, risque.niveaux, risque.bonus_points)
    for groupe, n in groupes.items():
        try:
            issues, total = _loi_de_la_defense(groupe, defense, seuil_de_loi(seuil), indice, defenseur.armure, plus, r)
        except Refus as refus:  # un blocage critique monte l'Indice du défenseur hors de l'échelle
            raise _en_defense(refus.relocaliser({"niveaux": ("defenseur", "indice")}), defenseur, defense) from None
        for (nets, change), m in issues.items():
            p = Fraction(n * m, poids * total)
            points[max(nets or 0, 0)] += p
            reprise += p if change else 0
    loi = dict(sorted(points.items()))
    esperes = sum((k * p for k, p in loi.items()), Fraction(0))
    return ChancesDefense(defense, seuil, loi.get(0, Fraction(0)), loi, esperes, reprise)


def _critere_de_la_meilleure(r: Regles) -> Callable[[ChancesDefense], tuple[Fraction, Fraction]]:
    """Ce qui fait la meilleure défense : reprendre le plus souvent l'initiative (à égalité, subir le moins de points) ;
    dans une variante, subir le moins de points, ou le plus souvent rien (à égalité, reprendre l'initiative)."""
    if r.meilleure_defense == "points":
        return lambda o: (-o.points_esperes, o.initiative)
    if r.meilleure_defense == "rien-subir":
        return lambda o: (o.aucun_point, o.initiative)
    return lambda o: (o.initiative, -o.points_esperes)


def defense_apres_attaque(
    attaquant: Personnage,
    defenseur: Personnage,
    attaque: Niveau | Sequence[int],
    *,
    risque: Risque = Risque(),
) -> DefenseApresAttaque:
    """Face à une attaque déjà lancée, les chances exactes de chaque défense, et la meilleure en une phrase.

    Source : « 3D6 › Scènes majeures › Principes généraux › Défense » : « Le
    défenseur doit alors aussi faire son jet, avec le même bonus ou malus
    choisi par l'attaquant » ; il choisit et lance *après* l'attaquant. Pour
    chaque défense : la chance de ne subir aucun point d'effet, la loi et la
    moyenne des points qui passent, la chance de reprendre l'initiative (les
    règles de [`decider`][rules.troisd6.resolution.decider] et de
    [`points_nets`][rules.troisd6.resolution.points_nets], sur les jets du
    défenseur et les jets d'effet des deux camps). La meilleure est celle qui
    reprend le plus souvent l'initiative ; à égalité, celle qui laisse passer
    le moins de points (voir la page, « Interprétation : la meilleure
    défense »).

    Args:
        attaquant: celui qui a attaqué.
        defenseur: celui qui choisit sa défense (actif).
        attaque: le niveau de l'attaque (un [`Niveau`][rules.troisd6.jets.Niveau] :
            son Dd ou son Dt est alors chacun de ceux que son seuil permet), ou ses trois dés.
        risque: le risque que l'attaquant a pris (son modificateur vaut aussi pour le défenseur).

    Examples:
        Ada (seuil 12, 2D6) a fait une réussite spéciale ; Bruno a un seuil de 10 :

        >>> from rules.troisd6 import Niveau, Personnage
        >>> ada, bruno = Personnage("Ada", seuil=12, indice="2D6"), Personnage("Bruno", seuil=10, indice="1D6+1D3")
        >>> choix = defense_apres_attaque(ada, bruno, Niveau.REUSSITE_SPECIALE)
        >>> choix.pour(Defense.CONTRE_ATTAQUE).initiative, choix.pour(Defense.ESQUIVE).initiative
        (Fraction(23, 216), Fraction(1, 72))
    """
    _verifier_echange(attaquant, defenseur)
    if not defenseur.actif:
        raise Refus(
            "defenseur", f"{defenseur.nom} est passif, il ne lance rien et ne choisit pas de défense", forme=PROPOS
        )
    if not isinstance(risque, Risque):
        raise Refus("risque", "être un Risque (modificateur, niveaux, bonus_points)", recu=risque)
    for d in Defense:  # les seuils de chaque défense, modificateur et malus compris, restent dans les bornes
        try:
            _verifier_echange(attaquant, defenseur, Tour(modificateur=risque.modificateur, defense=d))
        except Refus as refus:  # le modificateur qui les en sort est celui du risque
            raise refus.relocaliser({"tour": ("risque", "modificateur")}) from None
    niv, groupes = _attaque_lancee(attaquant, risque, attaque)
    options = tuple(_chances_defense(groupes, defenseur, d, risque) for d in Defense)
    meilleure = None if not niv.reussi else max(options, key=_critere_de_la_meilleure(en_cours())).defense
    return DefenseApresAttaque(niv, options, meilleure, _conseiller(defenseur.nom, niv, options, meilleure))


_LA = {Defense.ESQUIVE: "l'esquive", Defense.BLOCAGE: "le blocage", Defense.CONTRE_ATTAQUE: "la contre-attaque"}


def _conseiller(nom: str, niv: Niveau, options: tuple[ChancesDefense, ...], meilleure: Defense | None) -> str:
    """Le conseil d'une défense après l'attaque, en une phrase : il ne décide rien, il lit les chances."""
    from rules.affichage import fois, pourcentage

    if meilleure is None:
        return (
            f"Attaque ratée ({str(niv).lower()}) : aucun point d'effet ne passe, et l'initiative passe "
            f"{a_le(nom)} quelle que soit sa défense."
        )
    m = next(o for o in options if o.defense is meilleure)
    autres = [o for o in options if o is not m]
    moins = min(options, key=lambda o: (o.points_esperes, -o.initiative))

    def pts(o: ChancesDefense) -> str:
        from rules.affichage import arrondi

        return arrondi(o.points_esperes, 1)

    critere = en_cours().meilleure_defense
    if critere == "points":  # une variante : le moins de points d'abord
        detail = ", ".join(f"{o.defense} : {pts(o)}" for o in autres)
        return (
            f"{majuscule(str(meilleure))} : le moins de points d'effet subis, {pts(m)} en moyenne ({detail}) ; "
            f"elle reprend l'initiative {fois(m.initiative)}."
        )
    if critere == "rien-subir":  # une variante : le plus souvent rien subir d'abord
        detail = ", ".join(f"{o.defense} : {pourcentage(o.aucun_point)}" for o in autres)
        return (
            f"{majuscule(str(meilleure))} : le plus souvent aucun point d'effet subi, {pourcentage(m.aucun_point)} "
            f"({detail}) ; elle reprend l'initiative {fois(m.initiative)}."
        )
    if m.initiative == 0:
        detail = ", ".join(f"{o.defense} : {pts(o)}" for o in autres)
        return (
            f"{majuscule(str(meilleure))} : aucune défense ne reprend l'initiative contre cette "
            f"{str(niv).lower()} ; c'est celle qui laisse passer le moins de points d'effet, {pts(m)} en moyenne "
            f"({detail})."
        )
    detail = ", ".join(f"{o.defense} : {pourcentage(o.initiative)}" for o in autres)
    debut = f"{majuscule(str(meilleure))} : la meilleure chance de reprendre l'initiative, {pourcentage(m.initiative)} ({detail})"
    if moins is m:
        return f"{debut}, et le moins de points d'effet subis, {pts(m)} en moyenne."
    return f"{debut} ; mais elle laisse passer {pts(m)} points d'effet en moyenne, contre {pts(moins)} pour {_LA[moins.defense]}."


def _expliquer(
    a: Personnage,
    b: Personnage,
    politique_a: Politique,
    politique_b: Politique,
    qui: str,
    depart: tuple[Avantage, Avantage],
    objectif: Avantage,
    valeur: _Valeur,
) -> str:
    from rules.affichage import fois

    gagne_a, gagne_b, _, tours = valeur
    dixiemes = Fraction(math.floor(tours * 10 + Fraction(1, 2)), 10)  # la règle d'arrondi : une moitié vers le haut
    moyenne = f"{nombre(dixiemes)} tour{'s' if dixiemes >= 2 else ''} en moyenne"
    if not b.actif:
        but = f"{objectif}" + (f", depuis {depart[0]}" if depart[0] > Avantage.AUCUN else "")
        armure = f", armure {b.armure}" if b.armure else ""
        return (
            f"{a.nom} (seuil {moins(a.seuil)}, {a.indice} ; {politique_a.risque}) face {a_le(b.nom)} (passif{armure}), "
            f"pour {but} : {a.nom} réussit {fois(gagne_a)} et échoue {fois(gagne_b)} "
            f"(un jet raté avant l'objectif) ; {moyenne}."
        )
    if depart == (Avantage.AUCUN, Avantage.AUCUN):
        d = "depuis aucun avantage"
    else:
        d = f"depuis {depart[0]} pour {a.nom} et {depart[1]} pour {b.nom}"
    but = "" if objectif is Avantage.DEFINITIF else f" (objectif : {objectif})"
    return (
        f"{_decrire(a, politique_a)} contre {_decrire(b, politique_b)}, {qui} a l'initiative, {d}{but} : "
        f"{a.nom} l'emporte {fois(gagne_a)}, {b.nom} {fois(gagne_b)} ; {moyenne}."
    )


def comparer_risques(
    a: Personnage,
    b: Personnage,
    risques: Sequence[Risque] | None = None,
    *,
    politique_a: Politique = Politique(),
    politique_b: Politique = Politique(),
    initiative: str | None = None,
    avantages: Mapping[str, Avantage] | None = None,
    objectif: Avantage = Avantage.DEFINITIF,
) -> Comparaison:
    """L'échange de risque : quel risque, pris à chaque attaque, fait gagner `a` le plus souvent ?

    Source : « 3D6 › Scènes majeures › Attaque » et « Scènes de réflexion »
    (« pour gagner du temps il peut prendre plus de risques (malus au jet,
    mais bonus aux effets si réussi) »). Pour chaque risque, `a` le prend à
    chacune de ses attaques (sa défense reste celle de `politique_a`), et
    [`chances_scene`][rules.troisd6.duel.chances_scene] donne ses chances.

    Args:
        a: celui qui choisit son risque.
        b: l'adversaire, actif ou passif.
        risques: les risques à comparer (par défaut ceux des exemples du texte,
            [`risques_du_texte`][rules.troisd6.duel.risques_du_texte] dans la lecture en vigueur).
        politique_a: la défense de `a` (son risque est remplacé par chacun de `risques`).
        politique_b: le risque et la défense de `b`.
        initiative: qui a l'initiative au départ.
        avantages: les avantages au départ.
        objectif: l'avantage qui termine la scène.

    Examples:
        Le verre de Joséphine (−1 au jet, +1 niveau) face au témoin passif, objectif critique :

        >>> from rules.troisd6 import Avantage, Personnage
        >>> josephine = Personnage("Joséphine", seuil=12, indice="1D6+1D3")
        >>> temoin = Personnage("le témoin", actif=False)
        >>> print(comparer_risques(josephine, temoin, objectif=Avantage.CRITIQUE))
        Pour Joséphine, le meilleur choix est « sans risque », qui gagne 50,5 % des fois, contre 43,2 % des fois pour « −1 au jet, +1 niveau d'effet », 31,4 % des fois pour « −2 au jet, +2 points d'effet ».
    """
    risques = _valider.suite(
        "risques", risques_du_texte(en_cours()) if risques is None else risques, maximum=20, quoi="risques"
    )
    if not risques:
        raise Refus("risques", "être une suite non vide de Risque", recu_ecrit="une suite vide")
    for i, r in enumerate(risques):
        if not isinstance(r, Risque):
            raise Refus([("risques", i)], "être un Risque (modificateur, niveaux, bonus_points)", recu=r)
    if not isinstance(politique_a, Politique):
        raise Refus("politique_a", "être une Politique (risque, défense)", recu=politique_a)
    options = tuple(
        (
            r,
            chances_scene(
                a,
                b,
                politique_a=Politique(r, politique_a.defense),
                politique_b=politique_b,
                initiative=initiative,
                avantages=avantages,
                objectif=objectif,
            ),
        )
        for r in risques
    )
    meilleur, chances = max(options, key=lambda o: o[1].victoire_premier)  # max garde le premier à égalité
    return Comparaison(options, meilleur, _verdict(a.nom, meilleur, chances, options))


def _verdict(
    nom: str, meilleur: Risque, chances: ChancesScene, options: tuple[tuple[Risque, ChancesScene], ...]
) -> str:
    from rules.affichage import fois

    autres = [f"{fois(c.victoire_premier)} pour « {r} »" for r, c in options if r is not meilleur]
    suite = f", contre {', '.join(autres)}" if autres else ""
    return f"Pour {nom}, le meilleur choix est « {meilleur} », qui gagne {fois(chances.victoire_premier)}{suite}."
