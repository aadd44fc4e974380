"""Une scène majeure de 3D6 suivie tour par tour : ses camps, ses tours joués, ses chances d'ici à la fin.

L'état d'une scène suivie est la liste de ce qui s'est passé : ses tours (les
choix et les dés de chacun) et les décisions du MJ (« l'initiative est à
Philip », quand un texte reprend sa scène là où il la suppose). Chaque tour est
joué par [`jouer_scene`][rules.troisd6.scenes.jouer_scene], depuis les
avantages et l'initiative du tour d'avant ; la meilleure défense après
l'attaque vient de
[`defense_apres_attaque`][rules.troisd6.duel.defense_apres_attaque] ; la
chance de chaque camp d'ici à la fin, de
[`chances_scene`][rules.troisd6.duel.chances_scene]. Annuler le dernier tour,
c'est le retirer de la liste : rien n'est recalculé autrement.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rules import _valider
from rules.refus import PROPOS, Refus
from rules.table._fiches import IndiceSorte
from rules.table._schema import (
    Booleen,
    Choix,
    Constante,
    Entier,
    Erreurs,
    Identifiant,
    Liste,
    Nom,
    Objet,
    UneDes,
    champ,
    exiger,
    lire_objet,
)
from rules.table._schema import en_dict as _en_dict
from rules.troisd6.avantages import Avantage
from rules.troisd6.duel import ChancesScene, DefenseApresAttaque, Politique, Risque, chances_scene
from rules.troisd6.duel import defense_apres_attaque as _defense_apres_attaque
from rules.troisd6.effets import ECHELLE_INDICES, NIVEAUX_MAX
from rules.troisd6.interaction import OBJECTIF_INTERVIEW
from rules.troisd6.resolution import Defense
from rules.troisd6.scenes import Personnage, Scene, Tour, TourJoue, jouer_scene
from rules.troisd6.scenes import _debut_de_scene as debut_de_scene  # la vérification même de la règle

__all__ = [
    "DEFENSES",
    "SORTES_DE_SCENE",
    "Ajustement",
    "Camp",
    "EtatScene",
    "SceneSuivie",
    "TourSuivi",
    "ajuster",
    "annuler",
    "chances_suivies",
    "defense_suivie",
    "etat_scene",
    "jouer_tour",
    "lire_scene",
    "objectif_par_defaut",
]

SORTES_DE_SCENE = ("action", "interaction", "reflexion")
"""Les trois sortes de scène majeure du texte (3D6 › Scènes d'action, d'interaction, de réflexion)."""

DEFENSES: dict[str, Defense] = {d.name.lower(): d for d in Defense}
"""Chaque défense par le nom qu'écrit le document (« esquive », « blocage », « contre_attaque »)."""

AVANTAGES: dict[str, Avantage] = {a.name.lower(): a for a in Avantage}
"""Chaque avantage par le nom qu'écrit le document (« aucun », « leger »… « definitif »)."""

FORMAT_SCENE = "regles-executables/scene-3d6"
"""Le format du document d'une scène suivie (gardée sur l'appareil, partagée par lien)."""


def _choix(nom: str, valeur: Any, permis: dict[str, Any]) -> None:
    if not isinstance(valeur, str) or valeur not in permis:
        raise Refus(nom, f"être l'un de {', '.join(permis)}", recu=valeur)


def _scene(scene: Any) -> SceneSuivie:
    return exiger("scene", scene, SceneSuivie, "une SceneSuivie (lue par lire_scene)")  # type: ignore[no-any-return]


_MODIFICATEUR_MAX = 10
_EFFET_MAX = 6 * len(ECHELLE_INDICES)
_DES = Liste(Entier(1, 6), 3, "dés")


@dataclass(frozen=True)
class Camp:
    """Un camp d'une scène suivie : ce que la règle sait de lui (un `Personnage`), d'où il vient, et ce qu'il fait
    à chaque tour pour les chances d'ici à la fin (sa politique : un risque en attaque, une défense)."""

    TITRE: ClassVar[str] = "Camp"
    nom: str = champ(Nom(), "Nom")
    actif: bool = champ(Booleen(), "Actif", defaut=True)
    seuil: int | None = champ(Entier(-_valider.VALEUR_MAX, _valider.VALEUR_MAX), "Seuil en attaque", defaut=None)
    indice: str | None = champ(IndiceSorte(), "Indice en attaque", defaut=None)
    seuil_defense: int | None = champ(
        Entier(-_valider.VALEUR_MAX, _valider.VALEUR_MAX), "Seuil en défense", defaut=None
    )
    indice_defense: str | None = champ(IndiceSorte(), "Indice en défense (blocage)", defaut=None)
    armure: int = champ(Entier(0, _valider.POINTS_MAX), "Armure", defaut=0)
    talent_contre_attaque: bool = champ(Booleen(), "Contre-attaque par un talent", defaut=False)
    risque: int = champ(Entier(-_MODIFICATEUR_MAX, _MODIFICATEUR_MAX), "Risque à chaque attaque", defaut=0)
    risque_niveaux: int = champ(Entier(-NIVEAUX_MAX, NIVEAUX_MAX), "Niveaux d'effet du risque", defaut=0)
    risque_points: int = champ(Entier(-_valider.POINTS_MAX, _valider.POINTS_MAX), "Points d'effet du risque", defaut=0)
    defense: str = champ(Choix(tuple(DEFENSES)), "Défense à chaque attaque subie", defaut="blocage")
    fiche: str | None = champ(Identifiant(), "Fiche", defaut=None)
    detail: str = champ(Nom(300), "Ce qu'il lance", defaut="")

    def __post_init__(self) -> None:
        _choix("defense", self.defense, DEFENSES)
        self.personnage  # noqa: B018 - la règle refuse un camp impossible (actif sans seuil…)
        self.politique  # noqa: B018

    @property
    def personnage(self) -> Personnage:
        """Le camp comme la règle le tient."""
        return Personnage(
            self.nom,
            seuil=self.seuil,
            indice=self.indice,
            armure=self.armure,
            talent_contre_attaque=self.talent_contre_attaque,
            actif=self.actif,
            seuil_defense=self.seuil_defense,
            indice_defense=self.indice_defense,
        )

    @property
    def politique(self) -> Politique:
        """Ce qu'il fait à chaque tour, pour les chances d'ici à la fin."""
        risque = Risque(self.risque, niveaux=self.risque_niveaux, bonus_points=self.risque_points)
        return Politique(risque, DEFENSES[self.defense])


@dataclass(frozen=True)
class TourSuivi:
    """Un tour joué : le risque de l'attaquant, ses dés, la défense choisie, ses dés (ceux qu'on a jetés)."""

    TITRE: ClassVar[str] = "Tour"
    type: str = champ(Constante("tour"), "Type")
    modificateur: int = champ(Entier(-_MODIFICATEUR_MAX, _MODIFICATEUR_MAX), "Risque : modificateur au jet", defaut=0)
    niveaux: int = champ(Entier(-NIVEAUX_MAX, NIVEAUX_MAX), "Risque : niveaux d'effet", defaut=0)
    bonus_points: int = champ(Entier(-_valider.POINTS_MAX, _valider.POINTS_MAX), "Risque : points d'effet", defaut=0)
    des_attaque: tuple[int, ...] | None = champ(_DES, "Dés de l'attaque", defaut=None)
    effet_attaque: int | None = champ(Entier(1, _EFFET_MAX), "Jet d'effet de l'attaque", defaut=None)
    defense: str = champ(Choix(tuple(DEFENSES)), "Défense", defaut="blocage")
    des_defense: tuple[int, ...] | None = champ(_DES, "Dés de la défense", defaut=None)
    effet_defense: int | None = champ(Entier(1, _EFFET_MAX), "Jet d'effet du blocage", defaut=None)

    def __post_init__(self) -> None:
        _choix("defense", self.defense, DEFENSES)
        self.tour  # noqa: B018 - la règle refuse un tour impossible

    @property
    def tour(self) -> Tour:
        """Le tour comme la règle le joue."""
        return Tour(
            modificateur=self.modificateur,
            des_attaque=self.des_attaque,
            effet_attaque=self.effet_attaque,
            niveaux=self.niveaux,
            bonus_points=self.bonus_points,
            defense=DEFENSES[self.defense],
            des_defense=self.des_defense,
            effet_defense=self.effet_defense,
        )

    @property
    def risque(self) -> Risque:
        return Risque(self.modificateur, niveaux=self.niveaux, bonus_points=self.bonus_points)


@dataclass(frozen=True)
class Ajustement:
    """Une décision du MJ entre deux tours : qui a l'initiative, quels avantages (reprendre là où un texte suppose)."""

    TITRE: ClassVar[str] = "Décision du MJ"
    type: str = champ(Constante("ajustement"), "Type")
    initiative: str | None = champ(Nom(), "Initiative", defaut=None)
    avantage_a: str | None = champ(Choix(tuple(AVANTAGES)), "Avantage du premier camp", defaut=None)
    avantage_b: str | None = champ(Choix(tuple(AVANTAGES)), "Avantage du second camp", defaut=None)
    raison: str = champ(Nom(300), "Pourquoi", defaut="")

    def __post_init__(self) -> None:
        if self.initiative is not None:
            _valider.texte("initiative", self.initiative)
        for nom in ("avantage_a", "avantage_b"):
            if getattr(self, nom) is not None:
                _choix(nom, getattr(self, nom), AVANTAGES)
        exiger("raison", self.raison, str, "un texte")


@dataclass(frozen=True)
class SceneSuivie:
    """Une scène majeure suivie : ses deux camps, son objectif, et ce qui s'est passé (tours et décisions du MJ)."""

    TITRE: ClassVar[str] = "Scène majeure suivie"
    format: str = champ(Constante(FORMAT_SCENE), "Format")
    a: Camp = champ(Objet(Camp), "Premier camp (le déclencheur)")  # noqa: RUF009 - champ() rend un Field
    b: Camp = champ(Objet(Camp), "Second camp")  # noqa: RUF009
    sorte: str = champ(Choix(SORTES_DE_SCENE), "Sorte de scène", defaut="action")
    objectif: str = champ(Choix(tuple(AVANTAGES)[1:]), "Objectif", defaut="definitif")
    initiative: str | None = champ(Nom(), "Initiative au début", defaut=None)
    evenements: tuple[TourSuivi | Ajustement, ...] = champ(
        Liste(UneDes((TourSuivi, Ajustement), "type"), _valider.TOURS_MAX, "tours et décisions"), "Déroulé", defaut=()
    )

    def __post_init__(self) -> None:
        for cote in ("a", "b"):
            exiger(cote, getattr(self, cote), Camp, "un Camp")
        _choix("sorte", self.sorte, dict.fromkeys(SORTES_DE_SCENE))
        _choix("objectif", self.objectif, {k: v for k, v in AVANTAGES.items() if v is not Avantage.AUCUN})
        evenements = _valider.suite(
            "evenements", self.evenements, maximum=_valider.TOURS_MAX, quoi="tours et décisions"
        )
        for i, ev in enumerate(evenements):
            if not isinstance(ev, TourSuivi | Ajustement):
                raise Refus([("evenements", i)], "être un TourSuivi ou un Ajustement", recu=ev)
        object.__setattr__(self, "evenements", evenements)
        debut_de_scene(self.a.personnage, self.b.personnage, self.initiative, None, AVANTAGES[self.objectif])


def objectif_par_defaut(sorte: str, b_actif: bool) -> str:
    """L'objectif d'une scène : l'avantage critique face à un interlocuteur passif, définitif sinon.

    Source : « 3D6 › Scènes d'interaction › Face à un interlocuteur passif ».

    Examples:
        >>> objectif_par_defaut("interaction", False), objectif_par_defaut("action", False)
        ('critique', 'definitif')
    """
    if sorte == "interaction" and not b_actif:
        return OBJECTIF_INTERVIEW.name.lower()
    return Avantage.DEFINITIF.name.lower()


@dataclass(frozen=True)
class EtatScene:
    """Où en est une scène suivie, après tout ce qui s'est passé : ce que disent les tours joués par la règle."""

    initiative: str
    """Qui a l'initiative (qui attaque au prochain tour)."""
    avantages: dict[str, Avantage]
    """L'avantage de chaque camp."""
    avantages_max: dict[str, Avantage]
    """Le plus haut avantage atteint par chacun (ce qu'obtient un interrogateur qui échoue)."""
    tours: tuple[TourJoue, ...]
    """Les tours joués, tels que la règle les a joués (leur compte rendu)."""
    scene: Scene | None
    """La scène du dernier tour joué (sa fin, son vainqueur), `None` avant le premier."""
    numero: int
    """Le numéro du prochain tour."""

    @property
    def terminee(self) -> bool:
        return self.scene is not None and self.scene.terminee

    @property
    def vainqueur(self) -> str | None:
        return self.scene.vainqueur if self.scene is not None else None


def _camps(scene: SceneSuivie) -> tuple[Personnage, Personnage, Avantage]:
    return scene.a.personnage, scene.b.personnage, AVANTAGES[scene.objectif]


def _appliquer(scene: SceneSuivie, etat: EtatScene, ajustement: Ajustement) -> EtatScene:
    a, b, objectif = _camps(scene)
    avantages = dict(etat.avantages)
    for nom, av in ((a.nom, ajustement.avantage_a), (b.nom, ajustement.avantage_b)):
        if av is not None:
            avantages[nom] = AVANTAGES[av]
    initiative = ajustement.initiative or etat.initiative
    _, qui, avantages = debut_de_scene(a, b, initiative, avantages, objectif)  # la règle vérifie la décision
    s = jouer_scene(a, b, [], initiative=qui, avantages=avantages, objectif=objectif, premier_numero=etat.numero)
    maximum = {n: max(etat.avantages_max[n], avantages[n]) for n in avantages}
    return replace(etat, initiative=qui, avantages=avantages, avantages_max=maximum, scene=s if s.terminee else None)


class _SansHasard(random.Random):
    """Le générateur d'un tour gardé : il n'a rien à tirer (tous ses dés sont notés), et refuse s'il le doit."""

    def randint(self, a: int, b: int) -> int:
        raise Refus(
            "tour", "un tour gardé porte tous ses dés (attaque, défense, jets d'effet) : il en manque", forme=PROPOS
        )


def _jouer(scene: SceneSuivie, etat: EtatScene, tour: Tour, rng: random.Random | None) -> tuple[EtatScene, TourJoue]:
    a, b, objectif = _camps(scene)
    s = jouer_scene(
        a, b, [tour], initiative=etat.initiative, avantages=etat.avantages, objectif=objectif,
        rng=rng, tours_max=1, premier_numero=etat.numero,
    )  # fmt: skip
    joue = s.tours[0]
    avantages = dict(joue.avantages)
    maximum = {n: max(etat.avantages_max[n], avantages[n]) for n in avantages}
    suite = EtatScene(joue.initiative, avantages, maximum, (*etat.tours, joue), s, etat.numero + 1)
    return suite, joue


def etat_scene(scene: SceneSuivie) -> EtatScene:
    """Où en est la scène : chaque tour rejoué par la règle, chaque décision du MJ appliquée, dans l'ordre.

    Raises:
        rules.refus.Refus: un tour après la fin de la scène (ses lieux : `("evenements", rang)`).
    """
    a, b, objectif = _camps(_scene(scene))
    _, qui, avantages = debut_de_scene(a, b, scene.initiative, None, objectif)
    etat = EtatScene(qui, avantages, dict(avantages), (), None, 1)
    for i, ev in enumerate(scene.evenements):
        if etat.terminee and isinstance(ev, TourSuivi):
            fin = etat.scene.fin if etat.scene else ""
            raise Refus([("evenements", i)], f"la scène est déjà finie ({fin}) : ce tour ne se joue pas", forme=PROPOS)
        try:
            if isinstance(ev, Ajustement):
                etat = _appliquer(scene, etat, ev)
            else:
                etat = _jouer(scene, etat, ev.tour, _SansHasard())[0]
        except Refus as refus:
            raise refus.vers(*(("evenements", i, *lieu) for lieu in refus.lieux)) from None
    return etat


def _complet(tour: TourSuivi, joue: TourJoue, defenseur_actif: bool) -> TourSuivi:
    """Le tour tel qu'il s'est joué, dés tirés compris : le rejouer donne le même tour."""
    e = joue.echange
    return replace(
        tour,
        des_attaque=e.jet_attaque.des,
        effet_attaque=e.effet_attaque.total_des if e.effet_attaque else None,
        des_defense=e.jet_defense.des if e.jet_defense else None,
        effet_defense=e.effet_defense.total_des if e.effet_defense else None,
        defense=tour.defense if defenseur_actif else "blocage",
    )


def jouer_tour(
    scene: SceneSuivie, tour: TourSuivi, *, rng: random.Random | None = None
) -> tuple[SceneSuivie, TourJoue]:
    """Joue un tour de plus (les dés que `tour` ne donne pas sont tirés par `rng`) ; rend la scène et le tour joué.

    Source : « 3D6 › Scènes majeures › Principes généraux » : c'est
    [`jouer_scene`][rules.troisd6.scenes.jouer_scene] qui joue le tour, depuis
    où en est la scène.

    Examples:
        La poursuite de Nice, tour 1 avec les dés du texte : 3 + 2 + 5 = 10, au-dessus de 9.

        >>> philip = Camp("Philip", seuil=12, indice="2D6")
        >>> truands = Camp("les truands", seuil=11, indice="1D6+1D3")
        >>> scene = SceneSuivie(FORMAT_SCENE, a=philip, b=truands)
        >>> tour1 = TourSuivi("tour", -3, des_attaque=(3, 2, 5), effet_attaque=3, des_defense=(4, 2, 1), effet_defense=4)
        >>> scene, joue = jouer_tour(scene, tour1)
        >>> joue.echange.jet_attaque.niveau, etat_scene(scene).initiative
        (<Niveau.ECHEC_SIMPLE: 'Échec simple'>, 'les truands')
    """
    etat = etat_scene(scene)
    exiger("tour", tour, TourSuivi, "un TourSuivi (les choix et les dés du tour)")
    if etat.terminee:
        fin = etat.scene.fin if etat.scene else ""
        raise Refus("tour", f"la scène est finie ({fin}) : annulez le dernier tour pour le rejouer", forme=PROPOS)
    rng = _valider.generateur(rng) or random.Random()
    _, joue = _jouer(scene, etat, tour.tour, rng)
    defenseur = scene.b if etat.initiative == scene.a.nom else scene.a
    complet = _complet(tour, joue, defenseur.actif)
    return replace(scene, evenements=(*scene.evenements, complet)), joue


def ajuster(
    scene: SceneSuivie,
    *,
    initiative: str | None = None,
    avantage_a: Avantage | None = None,
    avantage_b: Avantage | None = None,
    raison: str = "",
) -> SceneSuivie:
    """Une décision du MJ entre deux tours (l'initiative, des avantages), vérifiée par la règle avant d'être notée.

    Examples:
        >>> scene = SceneSuivie(FORMAT_SCENE, a=Camp("Philip", seuil=12, indice="2D6"),
        ...                     b=Camp("les truands", seuil=11, indice="1D6+1D3"), initiative="les truands")
        >>> etat_scene(ajuster(scene, initiative="Philip", raison="le texte poursuit ainsi")).initiative
        'Philip'
    """
    _scene(scene)
    inverse = {v: k for k, v in AVANTAGES.items()}
    ev = Ajustement(
        "ajustement",
        initiative=initiative,
        avantage_a=None if avantage_a is None else inverse[_valider.membre("avantage_a", avantage_a, Avantage)],
        avantage_b=None if avantage_b is None else inverse[_valider.membre("avantage_b", avantage_b, Avantage)],
        raison=raison,
    )
    suite = replace(scene, evenements=(*scene.evenements, ev))
    try:
        etat_scene(suite)
    except Refus as refus:  # le lieu de la décision, pas celui de son rang dans la scène
        raise refus.vers(*(lieu[2:] or ("initiative",) for lieu in refus.lieux)) from None
    return suite


def annuler(scene: SceneSuivie) -> SceneSuivie:
    """La scène sans son dernier tour (ou sa dernière décision du MJ).

    Examples:
        >>> scene = SceneSuivie(FORMAT_SCENE, a=Camp("Ada", seuil=12, indice="2D6"), b=Camp("la porte", actif=False))
        >>> scene, _ = jouer_tour(scene, TourSuivi("tour", des_attaque=(1, 2, 3), effet_attaque=5))
        >>> annuler(scene) == SceneSuivie(FORMAT_SCENE, a=scene.a, b=scene.b)
        True
    """
    if not _scene(scene).evenements:
        raise Refus("scene", "aucun tour à annuler : la scène n'a pas commencé", forme=PROPOS)
    return replace(scene, evenements=scene.evenements[:-1])


def chances_suivies(scene: SceneSuivie, etat: EtatScene | None = None) -> ChancesScene | None:
    """La chance exacte de chaque camp d'ici à la fin, chacun suivant sa politique ; `None` si la scène est finie.

    Source : « 3D6 › Scènes majeures » : c'est
    [`chances_scene`][rules.troisd6.duel.chances_scene], depuis l'initiative et les avantages d'où en est la scène.
    """
    if etat is not None:
        exiger("etat", etat, EtatScene, "un EtatScene (celui de etat_scene) ou None")
    etat = etat or etat_scene(scene)
    if etat.terminee:
        return None
    a, b, objectif = _camps(scene)
    return chances_scene(
        a,
        b,
        politique_a=scene.a.politique,
        politique_b=scene.b.politique,
        initiative=etat.initiative,
        avantages=etat.avantages,
        objectif=objectif,
    )


def defense_suivie(scene: SceneSuivie, des_attaque: Any, risque: Risque | None = None) -> DefenseApresAttaque:
    """Après l'attaque du prochain tour (ses trois dés), les chances de chaque défense du défenseur, et la meilleure.

    Source : « 3D6 › Scènes majeures › Principes généraux › Défense » : c'est
    [`defense_apres_attaque`][rules.troisd6.duel.defense_apres_attaque].
    """
    etat = etat_scene(scene)
    a, b, _ = _camps(scene)
    attaquant, defenseur = (a, b) if etat.initiative == a.nom else (b, a)
    return _defense_apres_attaque(attaquant, defenseur, des_attaque, risque=risque or Risque())


def lire_scene(donnees: Any) -> tuple[SceneSuivie | None, tuple[Refus, ...]]:
    """Une scène suivie lue d'un objet JSON (gardée sur l'appareil, reçue par un lien) et rejouée ; ses refus."""
    erreurs = Erreurs()
    scene = lire_objet(SceneSuivie, donnees, (), erreurs)
    if scene is not None:
        try:
            etat_scene(scene)
        except Refus as refus:
            erreurs.noter(refus)
            scene = None
    return scene, tuple(erreurs.refus)


def en_dict(scene: SceneSuivie) -> dict[str, Any]:
    """La scène suivie en document JSON."""
    return _en_dict(scene)
