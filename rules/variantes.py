"""« Et si… ? » : chaque autre lecture du texte, et chaque règle maison, déclarées comme des données.

Une **variante** est une autre lecture qu'une boîte « Interprétation » nomme :
un identifiant, un titre, la phrase du texte, ce qui change, et les points de
[`Regles`][rules.regles.Regles] qu'elle fixe. Une **règle maison** est un nombre
des règles qu'une table règle à sa façon, dans des bornes déclarées (le malus
d'une contre-attaque, d'une simple familiarité…). [`regles`][rules.variantes.regles]
en fait la lecture à appliquer, que [`rules.regles.sous`][rules.regles.sous] met
en vigueur le temps d'un bloc :

    >>> from rules.regles import sous
    >>> from rules.troisd6 import seuil_talent
    >>> with sous(regles(malus_familiarite=-2)):
    ...     seuil_talent(0, familiarite=True)
    8
    >>> seuil_talent(0, familiarite=True)
    7

Chaque boîte « Interprétation » du site offre son autre lecture (une variante
ici, par son titre), ou dit en une ligne pourquoi le texte n'en permet pas
d'autre ([`UNE_SEULE_LECTURE`][rules.variantes.UNE_SEULE_LECTURE]) : la
construction du site refuse une boîte qui ne fait ni l'un ni l'autre.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from rules import _valider
from rules.refus import PROPOS, Refus
from rules.regles import BORNES, TEXTE, Regles

__all__ = ["REGLES_MAISON", "UNE_SEULE_LECTURE", "VARIANTES", "RegleMaison", "Variante", "regles"]


@dataclass(frozen=True)
class Variante:
    """Une autre lecture du texte, que nomme une boîte « Interprétation » d'une page.

    Examples:
        >>> v = VARIANTES["triple-aussi-double"]
        >>> v.page, v.boite
        ('troisd6/jets.md', "un triple n'est pas aussi un double")
        >>> v.ecarts
        mappingproxy({'triple_aussi_double': True})
    """

    id: str
    """L'identifiant (« triple-aussi-double ») : option `--variante` et paramètre `variante=` d'un lien."""
    titre: str
    """Le titre français, qui dit la lecture."""
    page: str
    """La page de la boîte (chemin dans `docs/`)."""
    boite: str
    """Le titre de la boîte « Interprétation : … » qui nomme cette lecture."""
    citation: str
    """La phrase du texte qui se lit des deux façons."""
    change: str
    """Ce que change cette lecture, en une phrase."""
    ecarts: Mapping[str, Any]
    """Les points de [`Regles`][rules.regles.Regles] qu'elle fixe, et leur valeur."""
    formulaires: tuple[str, ...]
    """Les formulaires du calculateur dont elle change les réponses."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ecarts", MappingProxyType(dict(self.ecarts)))  # en lecture seule


@dataclass(frozen=True)
class RegleMaison:
    """Un nombre des règles qu'une table fixe à sa façon, entre des bornes déclarées.

    Examples:
        >>> m = REGLES_MAISON["malus_contre_attaque"]
        >>> m.minimum, m.maximum, m.texte
        (-6, 0, -3)
    """

    id: str
    """Le nom du point de [`Regles`][rules.regles.Regles] qu'elle règle (« malus_contre_attaque »)."""
    titre: str
    """Ce qu'elle règle, en français."""
    page: str
    """La page où la règle est citée (chemin dans `docs/`, ancre comprise)."""
    formulaires: tuple[str, ...]
    """Les formulaires du calculateur dont elle change les réponses."""

    @property
    def minimum(self) -> int:
        return BORNES[self.id][0]

    @property
    def maximum(self) -> int:
        return BORNES[self.id][1]

    @property
    def texte(self) -> int:
        """Sa valeur dans le texte."""
        return int(getattr(TEXTE, self.id))


def _variantes(*liste: Variante) -> Mapping[str, Variante]:
    champs = {f.name for f in fields(Regles)}
    for v in liste:
        assert set(v.ecarts) <= champs, v.id  # une variante ne fixe que des points de Regles
    return MappingProxyType({v.id: v for v in liste})


_SCENE = ("troisd6-defense", "troisd6-apres-attaque", "troisd6-scene")

VARIANTES: Mapping[str, Variante] = _variantes(
    # --- WaRP ---
    Variante(
        "seuil-des-des-lances",
        "Le total à dépasser compte les dés lancés",
        "warp/jets-simples.md",
        "dés lancés ou dés gardés ?",
        "Dépassez 3×(nombre de dés lancés).",
        "Avec des dés de bonus ou de malus, il faut dépasser 3 fois les dés lancés, plus seulement 3 × Trait.",
        {"seuil_sur_les_des_lances": True},
        ("warp-jet", "warp-cooperatif", "warp-etendu", "warp-experience"),
    ),
    Variante(
        "catastrophe-au-total",
        "Une Catastrophe compte son total",
        "warp/jets-opposes.md",
        "une Catastrophe seule perd toujours",
        "Le plus fort l'emporte.",
        "Dans un jet opposé, une Catastrophe ne perd plus d'office : les totaux se comparent, comme pour tout autre jet.",
        {"catastrophe_perd_toujours": False},
        ("warp-oppose",),
    ),
    Variante(
        "magistrale-au-dernier-round",
        "Un Test étendu conclu par une Magistrale est Magistral",
        "warp/tests-etendus.md",
        "« dépasser » la Complexité, c'est finir au-delà",
        "Une Magistrale si on la dépasse (en finissant avec 2 Progrès d'un coup).",
        "Tout Test étendu dont le dernier round est une Magistrale est Magistral, même s'il tombe pile sur la "
        "Complexité.",
        {"magistrale_au_dela": False},
        ("warp-etendu",),
    ),
    Variante(
        "aide-tronquee",
        "L'aide négative est tronquée vers zéro",
        "warp/tests-cooperatifs.md",
        "l'arrondi en dessous d'une aide négative",
        "Quand on fait le total, c'est arrondi en dessous.",
        "Une aide de −½ dé ne coûte plus rien : le total des Bêtas est tronqué vers zéro au lieu d'être arrondi "
        "vers le bas.",
        {"aide_arrondie_en_dessous": False},
        ("warp-cooperatif",),
    ),
    Variante(
        "pas-de-seconde-demande",
        "Un refus du MJ vaut pour tout le Test",
        "warp/experience.md",
        "redemander après un refus",
        "Si le MJ refuse, le joueur garde son dé.",
        "Après un refus, le joueur ne peut plus demander de dé d'expérience pour ce Test.",
        {"redemander_apres_refus": False},
        (),
    ),
    # --- 3D6 ---
    Variante(
        "triple-aussi-double",
        "Un triple est aussi un double",
        "troisd6/jets.md",
        "un triple n'est pas aussi un double",
        "Si un double est obtenu, le résultat est spécial ; si un triple est obtenu, le résultat est critique.",
        "Une réussite critique ajoute aussi son dé doublé (la face du triple) aux points d'effet, en plus du Dt.",
        {"triple_aussi_double": True},
        ("troisd6-effet", *_SCENE),
    ),
    Variante(
        "echelle-reguliere",
        "Une échelle des Indices d'un demi-D6 par niveau",
        "troisd6/scenes-majeures.md",
        "l'échelle des Indices",
        "Si Critique : Points d'effet + dé triplé (Dt) niveau.",
        "Chaque niveau ajoute un demi-D6 (1D6+1D3, 2D6, 2D6+1D3, 3D6…) : la réparation de Philip lance 2D6+1D3, "
        "et non 3D6 comme l'écrit le texte.",
        {"echelle_indices": "reguliere"},
        ("troisd6-effet", *_SCENE),
    ),
    Variante(
        "contre-attaque-qui-esquive",
        "Une contre-attaque réussie évite aussi les effets",
        "troisd6/scenes-majeures.md",
        "la contre-attaque ne réduit pas les effets",
        "Éviter les effets, les diminuer, ou contre-attaquer pour reprendre l'initiative.",
        "Une contre-attaque réussie d'au moins le niveau de l'attaque annule ses effets, comme une esquive, en plus "
        "de reprendre l'initiative.",
        {"contre_attaque_esquive": True},
        _SCENE,
    ),
    Variante(
        "contre-attaque-en-defense",
        "La contre-attaque se lance sous la caractéristique des défenses",
        "troisd6/scenes-majeures.md",
        "la caractéristique de l'attaquant et celle du défenseur",
        "Cette caractéristique est différente selon […] que l'on soit attaquant ou défenseur.",
        "Le défenseur qui contre-attaque lance sous le seuil de ses défenses, comme pour une esquive ou un blocage.",
        {"contre_attaque_sous_la_defense": True},
        _SCENE,
    ),
    Variante(
        "blocage-avec-le-risque",
        "Le blocage reçoit aussi le bonus du risque",
        "troisd6/scenes-majeures.md",
        "le bonus du risque et le blocage",
        "Le défenseur doit alors aussi faire son jet, avec le même bonus ou malus choisi par l'attaquant.",
        "Les niveaux et les points d'effet en plus que l'attaquant tire de son risque valent aussi pour le blocage.",
        {"blocage_avec_le_risque": True},
        _SCENE,
    ),
    Variante(
        "virage-en-niveaux",
        "« +2 aux effets » : +2 niveaux d'Indice",
        "troisd6/scenes-action.md",
        "« +2 aux effets », des points",
        "Rester à fond dans un virage difficile = −2 au jet, mais +2 aux effets.",
        "Le virage difficile rapporte +2 niveaux d'Indice au lieu de +2 points d'effet.",
        {"virage_en_niveaux": True},
        ("troisd6-scene",),
    ),
    Variante(
        "meilleure-defense-moins-de-points",
        "La meilleure défense laisse passer le moins de points",
        "troisd6/scenes-majeures.md",
        "la meilleure défense",
        "Reprendre l'initiative dès que possible, en faisant attention de ne pas trop sacrifier sa défense.",
        "La défense conseillée après l'attaque est celle qui laisse passer le moins de points d'effet en moyenne.",
        {"meilleure_defense": "points"},
        ("troisd6-apres-attaque",),
    ),
    Variante(
        "meilleure-defense-rien-subir",
        "La meilleure défense évite le plus souvent tout effet",
        "troisd6/scenes-majeures.md",
        "la meilleure défense",
        "Reprendre l'initiative dès que possible, en faisant attention de ne pas trop sacrifier sa défense.",
        "La défense conseillée après l'attaque est celle qui, le plus souvent, ne laisse passer aucun point d'effet.",
        {"meilleure_defense": "rien-subir"},
        ("troisd6-apres-attaque",),
    ),
    Variante(
        "interview-jusqu-au-definitif",
        "L'interview se joue jusqu'à l'avantage définitif",
        "troisd6/scenes-interaction.md",
        "l'interview s'arrête à l'avantage critique",
        "L'interrogateur doit réussir […] à obtenir un avantage critique.",
        "Une interview ne s'arrête plus au critique : l'interrogateur la poursuit jusqu'à ce que l'interrogé se mette "
        "complètement à table.",
        {"interview_jusqu_au_definitif": True},
        ("troisd6-scene",),
    ),
    Variante(
        "jet-le-plus-bas",
        "À niveau égal, le total le plus bas l'emporte",
        "troisd6/scenes-mineures.md",
        "« le jet le plus haut », à la lettre",
        "En cas d'égalité de niveau de réussite, le jet le plus haut l'emporte.",
        "À niveau égal, le total le plus bas gagne, comme on l'attendrait d'un jet à faire sous un seuil.",
        {"mineure_plus_haut": False},
        ("troisd6-mineure",),
    ),
    Variante(
        "echec-simple-compte",
        "Un échec simple accroît la difficulté de 1",
        "troisd6/scenes-reflexion.md",
        "l'échec simple, « même niveau » ou « −1 » ?",
        "En règle générale, de −1 point en cas d'échec simple.",
        "Après un échec simple, la difficulté d'une nouvelle tentative grandit de 1 point au lieu de rester la même.",
        {"echec_simple_compte": True},
        (),
    ),
)
"""Chaque variante, par identifiant : les autres lectures que nomment les boîtes « Interprétation »."""

REGLES_MAISON: Mapping[str, RegleMaison] = MappingProxyType(
    {
        m.id: m
        for m in (
            RegleMaison("seuil_par_de", "WaRP : ce que vaut chaque dé du total à dépasser", "warp/jets-simples.md",
                        ("warp-jet", "warp-cooperatif", "warp-etendu", "warp-experience")),
            RegleMaison("malus_familiarite", "3D6 : le malus d'une simple familiarité", "troisd6/jets.md",
                        ("troisd6-jet",)),
            RegleMaison("malus_contre_attaque", "3D6 : le malus d'une contre-attaque ordinaire",
                        "troisd6/scenes-majeures.md", _SCENE),
            RegleMaison("blocage_niveaux", "3D6 : niveaux d'Indice en plus de chaque blocage",
                        "troisd6/scenes-majeures.md", _SCENE),
            RegleMaison("blocage_points", "3D6 : points d'effet en plus de chaque blocage",
                        "troisd6/scenes-majeures.md", _SCENE),
        )
    }
)  # fmt: skip
"""Chaque règle maison, par point de [`Regles`][rules.regles.Regles] qu'elle règle, avec ses bornes."""

UNE_SEULE_LECTURE: Mapping[str, str] = MappingProxyType(
    {
        # WaRP
        "ce que donne un Trait de 0d": "« Rien du tout » : aucun dé gardé ne laisse d'autre total que 0.",
        "le seuil de 3 × Trait ne joue pas dans un jet opposé": "« Le plus fort l'emporte » ne compare que les totaux.",
        "deux Catastrophes en attaque contre défense": "« Une bête égalité » : l'égalité du contexte s'applique.",
        "Critiques quand l'attaque échoue sur une égalité": "Le défenseur l'emporte : les Critiques nets valent comme "
        "pour toute victoire.",
        "un Trait sans dés face à un jet": "La règle n'est pas définie (« un MJ intelligent et réactif ») : rien à lire "
        "autrement.",
        "un round de Compensation compte dans le temps": "« Le temps passe » : le round est joué, il a duré.",
        "« tous les rounds suivants »": "« Tous les rounds suivants » ne laisse pas de round de côté.",
        "l'aide des Bêtas, une fois pour tout le Test": "Le texte ne fait lancer les Bêtas qu'une fois.",
        "un bonus que le texte nomme sans le définir": "Le bonus n'est pas défini : il reste un paramètre de la table.",
        "« un seul à la fois », c'est un seul par Test": "La note 2 des Tests étendus le dit en toutes lettres.",
        "un dé d'expérience ne vaut que pour son propre jet": "« Indépendamment » : chacun pour son propre jet.",
        "l'aide s'ajoute aux modificateurs de la situation": "Bonus et malus s'annulent toujours en WaRP.",
        # 3D6
        "le joueur connaît le seuil": "Ce que le joueur sait ne change aucune règle ni aucune chance.",
        "quels dés le joueur voit": "« Le dernier ou les deux derniers » : le texte dit quels dés il tire.",
        "modificateurs hors de l'échelle": "Tout modificateur s'ajoute au seuil de la même façon.",
        "le jet de talent n'ajoute pas la caractéristique": "L'exemple de Philip (10 + 2 − 3) n'en ajoute aucune : "
        "l'autre lecture contredirait le texte.",
        "le niveau d'une simple familiarité": "Le −3 est écrit ; sa valeur se règle en règle maison "
        "(malus de familiarité).",
        "seuils sous 3 ou au-delà de 18": "Le texte n'exempte aucun seuil du double ni du triple.",
        "ce que valent Dd et Dt": "Hors des scènes, le texte ne leur donne aucun effet chiffré.",
        "le jet de potentiel": "Le potentiel n'est pas défini : rien à lire autrement.",
        "un blocage plus fort que l'attaque": "« 3 − 4 = −1, soit aucun avantage » : l'exemple de Nice le chiffre.",
        "un effet de 0 point ou moins": "« A chaque nouvel effet d'au moins 1 point » : un effet nul ne compte pas.",
        "arrêter, hors combat, fatigue": "Le texte les nomme sans les chiffrer : rien à calculer autrement.",
        "une politique tenue toute la scène": "C'est la question posée aux chances, pas une règle du texte.",
        "l'avantage survit à la perte de l'initiative": "« Seule la personne ayant l'initiative peut faire régresser » "
        "l'adversaire : rien ne se perd.",
        "une scène jouée jusqu'au bout": "Arrêter la scène n'est pas chiffré : les chances la jouent entière.",
        "les trois échanges du texte, et les autres": "Les autres risques se passent déjà en argument : "
        "rien à lire autrement.",
        "le niveau ne compte pas sans opposition": "« Réussi ou non » : le texte ne donne aucun effet au niveau.",
        "une scène opposée a toujours un gagnant, même si tous ratent": "« Le meilleur jet gagne » ne demande pas de "
        "réussir.",
        "égalité de niveau et de total": "Le texte ne désigne pas de vainqueur : le code n'en invente pas.",
        "quand l'armure relationnelle s'applique": "Le chapitre des armures est absent : le code suit celui qu'il "
        "annonce, l'armure contre les dommages.",
        "« du niveau du talent applicable (minimum −1) »": "La phrase se lit à la lettre ; le MJ corrige un cas absurde.",
        "« avec au moins niveau − 1 »": "« Au moins niveau − 1 » ne se lit que d'une façon.",
    }
)
"""Chaque boîte « Interprétation » sans autre lecture, par son titre, et pourquoi, en une ligne."""


def regles(variantes: Iterable[str] = (), **maison: int) -> Regles:
    """La lecture qui applique ces variantes et ces règles maison au texte.

    Deux variantes qui fixent un même point autrement s'excluent, comme une
    variante et une règle maison sur le même point.

    Args:
        variantes: les identifiants des variantes (clés de [`VARIANTES`][rules.variantes.VARIANTES]).
        **maison: des règles maison, par point réglé (clés de [`REGLES_MAISON`][rules.variantes.REGLES_MAISON]).

    Examples:
        >>> regles(["triple-aussi-double"]).triple_aussi_double
        True
        >>> regles(["meilleure-defense-moins-de-points", "meilleure-defense-rien-subir"])
        Traceback (most recent call last):
        ...
        rules.refus.Refus: variantes : « meilleure-defense-moins-de-points » et « meilleure-defense-rien-subir » s'excluent (toutes deux fixent meilleure_defense)
        >>> regles(["triple"])
        Traceback (most recent call last):
        ...
        rules.refus.Refus: variantes : aucune variante ne s'appelle 'triple' (voir python -m rules variantes)
    """
    if isinstance(variantes, str):
        raise Refus("variantes", "être une suite d'identifiants de variantes", recu=variantes)
    ids = _valider.suite("variantes", variantes, maximum=len(VARIANTES), quoi="variantes")
    fixe: dict[str, tuple[str, Any]] = {}
    for i, ident in enumerate(ids):
        if not isinstance(ident, str) or ident not in VARIANTES:
            raise Refus(
                [("variantes", i)] if len(ids) > 1 else "variantes",
                f"aucune variante ne s'appelle {_valider.recu(ident)} (voir python -m rules variantes)",
                forme=PROPOS,
            )
        for champ, valeur in VARIANTES[ident].ecarts.items():
            if champ in fixe and fixe[champ][1] != valeur:
                raise _exclusion(fixe[champ][0], ident, champ)
            fixe[champ] = (ident, valeur)
    for nom, valeur in maison.items():
        if nom not in REGLES_MAISON:
            raise Refus(nom, f"n'est pas une règle maison (permises : {', '.join(REGLES_MAISON)})", forme=PROPOS)
        if nom in fixe:
            raise _exclusion(fixe[nom][0], nom, nom)
        fixe[nom] = (nom, valeur)
    return Regles(**{champ: valeur for champ, (_, valeur) in fixe.items()})


def _exclusion(premiere: str, seconde: str, champ: str) -> Refus:
    return Refus(
        "variantes",
        f"« {premiere} » et « {seconde} » s'excluent (toutes deux fixent {champ})",
        forme=PROPOS,
    )
