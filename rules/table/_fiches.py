"""Les fiches de personnage de la page « À la table » : WaRP et 3D6, leur document JSON et son schéma.

Une fiche est une dataclass gelée ; chaque champ déclare sa sorte (voir
`rules.table._schema`) : la lecture d'un fichier, le schéma publié et la
saisie d'un formulaire viennent de cette seule déclaration. Les valeurs sont
vérifiées par les règles elles-mêmes (un Trait par
[`Reserve`][rules.warp.jets.Reserve], un Indice par
[`indice`][rules.troisd6.effets.indice]) : un refus dit leur phrase, sous le
chemin du champ.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from rules import _valider
from rules.refus import Lieu, Refus
from rules.table._schema import (
    Booleen,
    Constante,
    Entier,
    Erreurs,
    Identifiant,
    Liste,
    Nom,
    Objet,
    UneDes,
    champ,
    en_dict,
    lire_objet,
    schema_objet,
)
from rules.troisd6.effets import ECHELLE_INDICES, indice
from rules.troisd6.scenes import Personnage
from rules.warp.experience import ReserveExperience
from rules.warp.jets import Reserve

__all__ = [
    "FORMAT",
    "VERSION",
    "Caracteristique",
    "Document",
    "Fiche",
    "FicheTroisD6",
    "FicheWarp",
    "IndiceSorte",
    "Talent",
    "TraitWarp",
    "document",
    "lire_document",
    "lire_fiche",
    "saisir_fiche",
    "schema",
    "verifier_document",
    "verifier_fiche",
]

FORMAT = "regles-executables/fiches"
"""Le format d'un document de fiches (un fichier exporté, une fiche partagée par lien)."""

VERSION = 1
"""La version du format : un changement incompatible en donne une nouvelle."""

MODIFICATEUR_MAX = 10
"""Le plus grand modificateur de caractéristique d'une fiche 3D6, en valeur absolue (le texte cite FOR −1)."""

NIVEAU_TALENT_MAX = 20
"""Le plus haut niveau de talent d'une fiche 3D6 (le texte cite Conduite Voiture 2, Interviewer 2)."""

EXPERIENCE_MAX = 99
"""Le plus de dés d'expérience (disponibles, ou déjà convertis) d'une fiche WaRP."""


def _trait_de_fiche(des: int) -> None:
    """Un Trait de fiche : un Trait que le jet accepte (`Reserve`), dont les chances exactes se calculent (≤ 12d)."""
    _valider.au_plus("trait", Reserve(des).trait, _valider.TRAIT_MAX)


@dataclass(frozen=True)
class IndiceSorte:
    """Un Indice de l'échelle, écrit comme le paquet l'écrit (« 1D6+1D3 », « 2D6 ») ; vérifié par `indice`."""

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        try:
            lu = str(indice(valeur))
        except Refus as refus:
            erreurs.noter(refus.vers(lieu))
            return None
        if lu != valeur:  # un fichier porte la forme de l'échelle ; un formulaire la met ainsi (saisir)
            erreurs.noter(Refus([lieu], f"s'écrire « {lu} », comme sur l'échelle des Indices", recu=valeur))
            return None
        return lu

    def schema(self) -> dict[str, Any]:
        return {"enum": [str(i) for i in ECHELLE_INDICES]}

    def saisir(self, valeur: Any) -> Any:
        if not isinstance(valeur, str):
            return valeur
        try:
            return str(indice(valeur))
        except Refus:
            return valeur.strip()  # la lecture le refusera, avec la phrase de la règle

    def ecrire(self, valeur: Any) -> Any:
        return valeur


# --- WaRP -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TraitWarp:
    """Un Trait de WaRP, en dés ; sans dés, c'est un Trait sans dés (il ne se lance pas, WaRP › Traits sans dés)."""

    TITRE: ClassVar[str] = "Trait"
    nom: str = champ(Nom(), "Nom du Trait")
    des: int | None = champ(
        Entier(0, _valider.TRAIT_MAX, _trait_de_fiche, suffixe="d"),
        "Dés",
        defaut=None,
        aide="Le Trait en dés (3 pour 3d) ; vide pour un Trait sans dés.",
    )


@dataclass(frozen=True)
class FicheWarp:
    """Une fiche de WaRP : des Traits en dés, des dés d'expérience (WaRP › Dés d'expérience)."""

    TITRE: ClassVar[str] = "Fiche WaRP"
    id: str = champ(Identifiant(), "Identifiant")
    systeme: str = champ(Constante("warp"), "Système")
    nom: str = champ(Nom(), "Nom du personnage")
    traits: tuple[TraitWarp, ...] = champ(Liste(Objet(TraitWarp), 40, "Traits"), "Traits", defaut=())
    experience: int = champ(
        Entier(0, EXPERIENCE_MAX), "Dés d'expérience disponibles", defaut=0, aide="Ceux qu'il peut encore convertir."
    )
    experience_convertis: int = champ(
        Entier(0, EXPERIENCE_MAX),
        "Dés d'expérience convertis",
        defaut=0,
        aide="Convertis pendant cette partie : ils reviennent à la fin de la partie.",
    )
    notes: str = champ(Nom(2000, multiligne=True), "Notes", defaut="")

    @property
    def reserve_experience(self) -> ReserveExperience:
        """Ses dés d'expérience, comme la règle les tient."""
        return ReserveExperience(self.experience + self.experience_convertis, self.experience_convertis)


# --- 3D6 --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Caracteristique:
    """Une caractéristique de 3D6 : son modificateur (le seuil de ses jets) et l'Indice de ses effets."""

    TITRE: ClassVar[str] = "Caractéristique"
    nom: str = champ(Nom(), "Nom de la caractéristique")
    modificateur: int = champ(Entier(-MODIFICATEUR_MAX, MODIFICATEUR_MAX), "Modificateur", defaut=0)
    indice: str | None = champ(
        IndiceSorte(), "Indice", defaut=None, aide="Les dés d'effet (2D6, 1D6+1D3…) ; le texte ne les déduit pas."
    )


@dataclass(frozen=True)
class Talent:
    """Un talent de 3D6 : son niveau, ou une simple familiarité (−3, 3D6 › Principes de base › Talent)."""

    TITRE: ClassVar[str] = "Talent"
    nom: str = champ(Nom(), "Nom du talent")
    niveau: int = champ(Entier(0, NIVEAU_TALENT_MAX), "Niveau", defaut=0)
    familiarite: bool = champ(Booleen(), "Simple familiarité (−3)", defaut=False)


def _armure(points: int) -> None:
    """L'armure d'un camp de scène majeure : celle que `Personnage` accepte."""
    Personnage("armure", armure=points, actif=False)


@dataclass(frozen=True)
class FicheTroisD6:
    """Une fiche de 3D6 : caractéristiques et leurs Indices, talents, armure, contre-attaque par un talent."""

    TITRE: ClassVar[str] = "Fiche 3D6"
    id: str = champ(Identifiant(), "Identifiant")
    systeme: str = champ(Constante("3d6"), "Système")
    nom: str = champ(Nom(), "Nom du personnage")
    caracteristiques: tuple[Caracteristique, ...] = champ(
        Liste(Objet(Caracteristique), 20, "caractéristiques"), "Caractéristiques", defaut=()
    )
    talents: tuple[Talent, ...] = champ(Liste(Objet(Talent), 60, "talents"), "Talents", defaut=())
    armure: int = champ(
        Entier(0, _valider.POINTS_MAX, _armure),
        "Armure",
        defaut=0,
        aide="Points retirés à chaque effet subi en scène majeure (armure relationnelle d'un hostile…).",
    )
    talent_contre_attaque: bool = champ(
        Booleen(), "Contre-attaque par un talent particulier (sans le −3)", defaut=False
    )
    notes: str = champ(Nom(2000, multiligne=True), "Notes", defaut="")


Fiche = FicheWarp | FicheTroisD6
"""Une fiche, de l'un ou l'autre système."""

_FICHE = UneDes((FicheWarp, FicheTroisD6))


@dataclass(frozen=True)
class Document:
    """Un document de fiches : ce qu'exporte la page, ce qu'elle importe, ce que porte un lien partagé."""

    TITRE: ClassVar[str] = "Fiches de personnage (Règles exécutables)"
    format: str = champ(Constante(FORMAT), "Format")
    version: int = champ(Constante(VERSION), "Version du format")
    fiches: tuple[Fiche, ...] = champ(Liste(_FICHE, 100, "fiches"), "Fiches")


def _refus_ou(valeur: Any, erreurs: Erreurs) -> Any:
    if erreurs:
        raise erreurs.refus[0]
    return valeur


def verifier_fiche(donnees: Any) -> tuple[Fiche | None, tuple[Refus, ...]]:
    """La fiche lue d'un objet JSON, et chacun de ses refus (leurs lieux : le chemin du champ)."""
    erreurs = Erreurs()
    if not isinstance(donnees, dict):
        return None, (Refus("fiche", "être un objet JSON (une fiche)", recu=donnees),)
    fiche = _FICHE.lire(donnees, (), erreurs)
    return (None if erreurs else fiche), tuple(erreurs.refus)


def _sous(racine: str, refus: Refus) -> Refus:
    """Un refus d'un champ du document, sous le nom du paramètre qui l'a reçu (`fiche.traits[0].des`)."""
    return refus if all(lieu[:1] == (racine,) for lieu in refus.lieux) else refus.sous(racine)


def lire_fiche(fiche: Any) -> Fiche:
    """La fiche lue d'un objet JSON ; lève le premier refus.

    Examples:
        >>> f = lire_fiche({"id": "b1", "systeme": "warp", "nom": "le bourrin", "traits": [{"nom": "Phaseur", "des": 3}]})
        >>> f.traits[0]
        TraitWarp(nom='Phaseur', des=3)
        >>> lire_fiche({"id": "b1", "systeme": "warp", "nom": "le bourrin", "traits": [{"nom": "Phaseur", "des": 13}]})
        Traceback (most recent call last):
        ...
        rules.refus.Refus: fiche.traits[0].des doit être ≤ 12 pour calculer des chances exactes, reçu 13
    """
    lue, refus = verifier_fiche(fiche)
    if refus:
        raise _sous("fiche", refus[0])
    assert lue is not None
    return lue


def verifier_document(donnees: Any) -> tuple[Document | None, tuple[Refus, ...]]:
    """Le document lu d'un objet JSON (un fichier importé), et chacun de ses refus."""
    erreurs = Erreurs()
    lu = lire_objet(Document, donnees, (), erreurs)
    return (None if erreurs else lu), tuple(erreurs.refus)


def lire_document(document: Any) -> Document:
    """Le document lu d'un objet JSON (ou d'un texte JSON) ; lève le premier refus.

    Examples:
        >>> d = lire_document('{"format": "regles-executables/fiches", "version": 1, "fiches": []}')
        >>> d.fiches
        ()
    """
    if isinstance(document, str):
        try:
            document = json.loads(document)
        except ValueError:
            raise Refus("document", "être un texte JSON", recu=document) from None
    lu, refus = verifier_document(document)
    if refus:
        raise _sous("document", refus[0])
    return lu  # type: ignore[return-value]


def document(fiches: tuple[Fiche, ...] | list[Fiche]) -> dict[str, Any]:
    """Le document JSON de ces fiches (ce qu'exporte la page).

    Examples:
        >>> f = FicheWarp(id="b1", systeme="warp", nom="le bourrin", traits=(TraitWarp("Phaseur", 3),))
        >>> document([f])["fiches"]
        [{'id': 'b1', 'systeme': 'warp', 'nom': 'le bourrin', 'traits': [{'nom': 'Phaseur', 'des': 3}]}]
    """
    lues = _valider.suite("fiches", fiches, maximum=100, quoi="fiches")
    for i, f in enumerate(lues):
        if not isinstance(f, FicheWarp | FicheTroisD6):
            raise Refus([("fiches", i)], "être une fiche (FicheWarp ou FicheTroisD6)", recu=f)
    return en_dict(Document(FORMAT, VERSION, lues))


def saisir_fiche(brouillon: Any) -> Any:
    """Une fiche telle qu'un formulaire la donne (des textes : « 3d », « −2 », « 2d6 ») mise sous la forme du
    document, avant d'être lue : un texte que la règle refuse reste tel quel, pour qu'elle dise pourquoi.

    Examples:
        >>> saisir_fiche({"systeme": "3d6", "caracteristiques": [{"nom": "DEX ", "modificateur": "−1", "indice": "2d6"}]})
        {'systeme': '3d6', 'caracteristiques': [{'nom': 'DEX', 'modificateur': -1, 'indice': '2D6'}]}
    """
    return _FICHE.saisir(brouillon)


def schema() -> dict[str, Any]:
    """Le schéma JSON (draft 2020-12) d'un document de fiches, tiré de la même déclaration que la lecture.

    Examples:
        >>> s = schema()
        >>> s["$schema"], s["properties"]["format"]
        ('https://json-schema.org/draft/2020-12/schema', {'title': 'Format', 'const': 'regles-executables/fiches'})
    """
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **schema_objet(Document),
        "description": (
            "Les fiches de personnage de la page « À la table » : WaRP (Traits en dés, dés d'expérience) et 3D6 "
            "(caractéristiques, Indices, talents, armure)."
        ),
    }
