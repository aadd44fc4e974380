"""Une déclaration, trois usages : lire un document JSON, en écrire le schéma JSON, lire un formulaire.

Les fiches de personnage sont des dataclasses gelées dont chaque champ porte,
dans ses métadonnées, sa **sorte** (un entier borné, un nom, un Indice, une
liste de lignes…) et son étiquette française. De cette seule déclaration
viennent :

- la **lecture** d'un document JSON (un fichier importé, une fiche gardée, un
  lien partagé) : chaque valeur est vérifiée par les fonctions de validation du
  paquet (`rules._valider`, `rules.troisd6.indice`, `rules.warp.Reserve`…),
  et chaque refus est un [`Refus`][rules.refus.Refus] qui porte le chemin du
  champ (`("fiches", 0, "traits", 2, "des")`) ; tous les refus d'un document
  sont rendus, pas seulement le premier ;
- le **schéma JSON** (draft 2020-12) que le site publie : il accepte
  exactement ce que la lecture accepte (les tests le vérifient avec un
  validateur indépendant) ;
- la **saisie** d'un formulaire : un texte tapé (« 3d », « −2 », « 2d6 ») mis
  sous la forme du document avant d'être lu.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules import _valider
from rules.refus import PROPOS, Lieu, Refus

__all__ = [
    "Booleen",
    "Choix",
    "Constante",
    "Entier",
    "Erreurs",
    "Identifiant",
    "Liste",
    "Nom",
    "Objet",
    "Sorte",
    "UneDes",
    "champ",
    "en_dict",
    "exiger",
    "lire_objet",
    "saisir_objet",
    "schema_objet",
]

_REQUIS: Any = object()


class Erreurs:
    """Les refus d'un document, rangés par chemin : la lecture continue après un refus, pour tous les dire."""

    def __init__(self) -> None:
        self.refus: list[Refus] = []

    def noter(self, refus: Refus) -> None:
        self.refus.append(refus)

    def __bool__(self) -> bool:
        return bool(self.refus)


class Sorte(Protocol):
    """Une sorte de valeur : sa lecture (depuis du JSON), son schéma, sa saisie (depuis un texte de formulaire)."""

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any: ...

    def schema(self) -> dict[str, Any]: ...

    def saisir(self, valeur: Any) -> Any: ...

    def ecrire(self, valeur: Any) -> Any: ...


def exiger(nom: str, valeur: Any, classe: type[Any] | tuple[type[Any], ...], quoi: str) -> Any:
    """`valeur` si elle est de `classe` ; sinon un refus qui dit ce qu'il fallait (« scene doit être une SceneSuivie… »)."""
    if not isinstance(valeur, classe):
        raise Refus(nom, f"être {quoi}", recu=valeur)
    return valeur


def champ(sorte: Sorte, libelle: str, *, defaut: Any = _REQUIS, aide: str = "") -> Any:
    """Un champ de fiche : sa sorte, son étiquette, sa valeur par défaut (sans : le champ est requis)."""
    meta = {"sorte": sorte, "libelle": libelle, "aide": aide}
    if defaut is _REQUIS:
        return field(metadata=meta)
    return field(default=defaut, metadata=meta)


def _refuser(lieu: Lieu, permis: str, valeur: Any) -> Refus:
    return Refus([lieu], permis, recu=valeur)


@dataclass(frozen=True)
class Entier:
    """Un entier entre `minimum` et `maximum` ; `regle` le soumet en plus à une règle du paquet (qui le refuse
    elle-même, avec sa phrase). Un nombre écrit `3.0` dans un fichier est l'entier 3, comme pour un schéma JSON."""

    minimum: int
    maximum: int
    regle: Callable[[int], object] | None = None
    """La règle qui le vérifie d'abord (`Reserve(trait)`…), dans les bornes qu'elle admet, avant `minimum`–`maximum`."""
    suffixe: str = ""
    """Un suffixe qu'un joueur peut taper après le nombre (« 3d » pour un Trait de WaRP)."""

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        if isinstance(valeur, float) and valeur.is_integer():
            valeur = int(valeur)
        try:
            if self.regle is not None and isinstance(valeur, int) and not isinstance(valeur, bool):
                self.regle(valeur)
            return _valider.entier(lieu, valeur, minimum=self.minimum, maximum=self.maximum)
        except Refus as refus:
            erreurs.noter(refus.vers(lieu))
            return None

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}

    def saisir(self, valeur: Any) -> Any:
        if not isinstance(valeur, str):
            return valeur
        texte = valeur.strip().replace("\u2212", "-").replace(" ", "")
        if self.suffixe and texte.lower().endswith(self.suffixe):
            texte = texte[: -len(self.suffixe)]
        return int(texte) if re.fullmatch(r"[+-]?\d{1,9}", texte) else valeur.strip()

    def ecrire(self, valeur: Any) -> Any:
        return valeur


@dataclass(frozen=True)
class Booleen:
    """Vrai ou faux (une case à cocher)."""

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        try:
            return _valider.booleen(lieu, valeur)
        except Refus as refus:
            erreurs.noter(refus)
            return None

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def saisir(self, valeur: Any) -> Any:
        return valeur

    def ecrire(self, valeur: Any) -> Any:
        return valeur


_CONTROLE = r"[\x00-\x1f\x7f]"
"""Un caractère de contrôle : jamais dans un nom (ni saut de ligne, ni tabulation)."""


@dataclass(frozen=True)
class Nom:
    """Un texte d'une ligne, non blanc, d'au plus `maximum` caractères (un nom de personnage, de Trait…).

    Le schéma JSON le dit avec `minLength`, `maxLength`, `pattern` et `not` : des expressions sans ancres,
    que lisent de la même façon les validateurs de JSON Schema et `re.search`.
    """

    maximum: int = 40
    multiligne: bool = False
    """Vrai pour des notes : les sauts de ligne et tabulations y sont permis (les autres contrôles, non)."""

    @property
    def interdit(self) -> str:
        return r"[\x00-\x08\x0b-\x1f\x7f]" if self.multiligne else _CONTROLE

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        ligne = "" if self.multiligne else " d'une ligne"
        permis = f"être un texte{ligne} de 1 à {self.maximum} caractères, pas seulement des espaces"
        if (
            not isinstance(valeur, str)
            or not 1 <= len(valeur) <= self.maximum
            or not re.search(r"\S", valeur)
            or re.search(self.interdit, valeur)
        ):
            erreurs.noter(_refuser(lieu, permis, valeur))
            return None
        return valeur

    def schema(self) -> dict[str, Any]:
        return {
            "type": "string",
            "minLength": 1,
            "maxLength": self.maximum,
            "pattern": r"\S",
            "not": {"pattern": self.interdit},
        }

    def saisir(self, valeur: Any) -> Any:
        return valeur.strip() if isinstance(valeur, str) else valeur

    def ecrire(self, valeur: Any) -> Any:
        return valeur


@dataclass(frozen=True)
class Identifiant:
    """L'identifiant d'une fiche (lettres ASCII, chiffres, tirets), posé par l'appareil qui l'a créée."""

    maximum: int = 64

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        permis = f"être un identifiant de 1 à {self.maximum} lettres sans accents, chiffres, tirets ou soulignés"
        if not isinstance(valeur, str) or not 1 <= len(valeur) <= self.maximum or re.search("[^A-Za-z0-9_-]", valeur):
            erreurs.noter(_refuser(lieu, permis, valeur))
            return None
        return valeur

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.maximum, "not": {"pattern": "[^A-Za-z0-9_-]"}}

    def saisir(self, valeur: Any) -> Any:
        return valeur

    def ecrire(self, valeur: Any) -> Any:
        return valeur


@dataclass(frozen=True)
class Constante:
    """Une valeur fixe (le format du document, sa version, le système d'une fiche). Un nombre écrit `1.0` dans un
    fichier est l'entier 1, comme pour un schéma JSON (et comme pour `Entier`) ; `true` n'est pas 1.

    Examples:
        >>> erreurs = Erreurs()
        >>> Constante(1).lire(1.0, ("version",), erreurs), erreurs.refus
        (1, [])
        >>> Constante(1).lire(True, ("version",), erreurs), str(erreurs.refus[0])
        (None, 'version doit valoir 1, reçu True')
    """

    valeur: str | int

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        if isinstance(self.valeur, int) and isinstance(valeur, float) and valeur.is_integer():
            valeur = int(valeur)
        if type(valeur) is not type(self.valeur) or valeur != self.valeur:
            erreurs.noter(_refuser(lieu, f"valoir {self.valeur!r}", valeur))
            return None
        return valeur

    def schema(self) -> dict[str, Any]:
        return {"const": self.valeur}

    def saisir(self, valeur: Any) -> Any:
        return valeur

    def ecrire(self, valeur: Any) -> Any:
        return valeur


@dataclass(frozen=True)
class Choix:
    """Une valeur parmi quelques-unes (le nom d'une défense, d'un avantage, d'une sorte de scène)."""

    valeurs: tuple[str, ...]

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        if not isinstance(valeur, str) or valeur not in self.valeurs:
            erreurs.noter(_refuser(lieu, f"être l'un de {', '.join(self.valeurs)}", valeur))
            return None
        return valeur

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.valeurs)}

    def saisir(self, valeur: Any) -> Any:
        return valeur

    def ecrire(self, valeur: Any) -> Any:
        return valeur


@dataclass(frozen=True)
class Objet:
    """Un objet JSON, lu en la dataclass `classe` (ses champs déclarés par [`champ`][])."""

    classe: type[Any]

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        return lire_objet(self.classe, valeur, lieu, erreurs)

    def schema(self) -> dict[str, Any]:
        return schema_objet(self.classe)

    def saisir(self, valeur: Any) -> Any:
        return saisir_objet(self.classe, valeur)

    def ecrire(self, valeur: Any) -> Any:
        return en_dict(valeur)


@dataclass(frozen=True)
class Liste:
    """Une liste d'au plus `maximum` valeurs d'une même sorte (les Traits, les talents…)."""

    element: Sorte
    maximum: int
    quoi: str

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        if not isinstance(valeur, list) or len(valeur) > self.maximum:
            recu = f"{len(valeur)} éléments" if isinstance(valeur, list) else None
            refus = Refus([lieu], f"être une liste d'au plus {self.maximum} {self.quoi}", recu_ecrit=recu)
            erreurs.noter(refus if recu else _refuser(lieu, refus.permis, valeur))
            return None
        lus = [self.element.lire(v, (*lieu, i), erreurs) for i, v in enumerate(valeur)]
        return tuple(lus)

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "items": self.element.schema(), "maxItems": self.maximum}

    def saisir(self, valeur: Any) -> Any:
        return [self.element.saisir(v) for v in valeur] if isinstance(valeur, list) else valeur

    def ecrire(self, valeur: Any) -> Any:
        return [self.element.ecrire(v) for v in valeur]


@dataclass(frozen=True)
class UneDes:
    """Un objet de l'une des `classes`, reconnue par la valeur de son champ `discriminant` (le système)."""

    classes: tuple[type[Any], ...]
    discriminant: str = "systeme"

    def _par_valeur(self) -> dict[Any, type[Any]]:
        return {_constante(c, self.discriminant): c for c in self.classes}

    def lire(self, valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
        classes = self._par_valeur()
        if not isinstance(valeur, dict):
            erreurs.noter(Refus([lieu] if lieu else "document", "être un objet JSON", recu=valeur))
            return None
        cle = valeur.get(self.discriminant)
        if isinstance(cle, bool) or not isinstance(cle, str | int) or cle not in classes:
            permis = " ou ".join(repr(v) for v in classes)
            erreurs.noter(_refuser((*lieu, self.discriminant), f"valoir {permis}", cle))
            return None
        return lire_objet(classes[cle], valeur, lieu, erreurs)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [schema_objet(c) for c in self.classes]}

    def saisir(self, valeur: Any) -> Any:
        classes = self._par_valeur()
        cle = valeur.get(self.discriminant) if isinstance(valeur, dict) else None
        if isinstance(cle, str) and cle in classes:
            return saisir_objet(classes[cle], valeur)
        return valeur

    def ecrire(self, valeur: Any) -> Any:
        return en_dict(valeur)


def _constante(classe: type[Any], nom: str) -> Any:
    sorte = _sorte(next(f for f in dataclasses.fields(classe) if f.name == nom))
    assert isinstance(sorte, Constante)
    return sorte.valeur


def _sorte(f: dataclasses.Field[Any]) -> Sorte:
    sorte: Sorte = f.metadata["sorte"]
    return sorte


def _requis(f: dataclasses.Field[Any]) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


def lire_objet(classe: type[Any], valeur: Any, lieu: Lieu, erreurs: Erreurs) -> Any:
    """Un objet JSON lu en la dataclass `classe` ; `None` si un refus au moins est noté dans `erreurs`."""
    champs = {f.name: f for f in dataclasses.fields(classe) if "sorte" in f.metadata}
    if not isinstance(valeur, dict):
        erreurs.noter(Refus([lieu] if lieu else "document", "être un objet JSON", recu=valeur))
        return None
    avant = len(erreurs.refus)
    for cle in valeur:
        if cle not in champs:
            permis = f"n'est pas un champ de {classe.TITRE} (champs : {', '.join(champs)})"
            erreurs.noter(Refus([(*lieu, str(cle))], permis, forme=PROPOS))
    lus: dict[str, Any] = {}
    for nom, f in champs.items():
        if nom in valeur:
            lus[nom] = _sorte(f).lire(valeur[nom], (*lieu, nom), erreurs)
        elif _requis(f):
            erreurs.noter(Refus([(*lieu, nom)], "est absent : ce champ est requis", forme=PROPOS))
    if len(erreurs.refus) > avant:
        return None
    try:
        return classe(**lus)
    except Refus as refus:  # une règle qui porte sur plusieurs champs (ses lieux : les champs de l'objet)
        erreurs.noter(refus.vers(*((*lieu, *sous) for sous in refus.lieux)))
        return None


def schema_objet(classe: type[Any]) -> dict[str, Any]:
    """Le schéma JSON de la dataclass `classe` : ses champs, ceux qui sont requis, rien d'autre."""
    champs = [f for f in dataclasses.fields(classe) if "sorte" in f.metadata]
    proprietes = {}
    for f in champs:
        propre = {"title": f.metadata["libelle"], **_sorte(f).schema()}
        if f.metadata["aide"]:
            propre["description"] = f.metadata["aide"]
        if not _requis(f):
            propre["default"] = _sorte(f).ecrire(f.default)
        proprietes[f.name] = propre
    return {
        "title": classe.TITRE,
        "type": "object",
        "properties": proprietes,
        "required": [f.name for f in champs if _requis(f)],
        "additionalProperties": False,
    }


def saisir_objet(classe: type[Any], valeur: Any) -> Any:
    """Les valeurs d'un formulaire (du texte) mises sous la forme du document ; une case vide est retirée."""
    if not isinstance(valeur, dict):
        return valeur
    champs = {f.name: f for f in dataclasses.fields(classe) if "sorte" in f.metadata}
    lus: dict[str, Any] = {}
    for cle, v in valeur.items():
        if cle in champs and isinstance(v, str) and not v.strip() and not _requis(champs[cle]):
            continue
        lus[cle] = _sorte(champs[cle]).saisir(v) if cle in champs else v
    return lus


def en_dict(objet: Any) -> dict[str, Any]:
    """La dataclass `objet` en document JSON (types JSON seulement) ; un champ à sa valeur par défaut est omis."""
    sortie: dict[str, Any] = {}
    for f in dataclasses.fields(objet):
        if "sorte" not in f.metadata:
            continue
        valeur = getattr(objet, f.name)
        if not _requis(f) and valeur == f.default:
            continue
        sortie[f.name] = _sorte(f).ecrire(valeur)
    return sortie


def etiquettes(classe: type[Any], prefixe: tuple[str, ...] = ()) -> Mapping[tuple[str, ...], str]:
    """L'étiquette de chaque champ (chemin sans rangs → étiquette), pour nommer un refus sous son champ."""
    sortie: dict[tuple[str, ...], str] = {}
    for f in dataclasses.fields(classe):
        if "sorte" not in f.metadata:
            continue
        chemin = (*prefixe, f.name)
        sortie[chemin] = f.metadata["libelle"]
        sorte = _sorte(f)
        if isinstance(sorte, Liste) and isinstance(sorte.element, Objet):
            sortie.update(etiquettes(sorte.element.classe, chemin))
        elif isinstance(sorte, Objet):
            sortie.update(etiquettes(sorte.classe, chemin))
    return sortie


def _genre(sorte: Sorte) -> dict[str, Any]:
    """Ce que la page doit savoir d'une sorte pour en dessiner le champ (jamais pour la vérifier)."""
    if isinstance(sorte, Entier):
        return {"sorte": "entier", "negatif": sorte.minimum < 0}
    if isinstance(sorte, Booleen):
        return {"sorte": "case"}
    if isinstance(sorte, Nom):
        return {"sorte": "notes" if sorte.multiligne else "texte", "maximum": sorte.maximum}
    if isinstance(sorte, Choix):
        return {"sorte": "choix", "valeurs": list(sorte.valeurs)}
    if isinstance(sorte, Liste) and isinstance(sorte.element, Objet):
        return {"sorte": "liste", "maximum": sorte.maximum, "element": formulaire(sorte.element.classe)}
    return {"sorte": "texte"}


def formulaire(classe: type[Any]) -> dict[str, Any]:
    """Le formulaire d'une dataclass, pour la page : chaque champ que l'on remplit (son nom, son étiquette, son aide,
    sa valeur par défaut, ce qu'il faut pour le dessiner) ; ni l'identifiant ni les constantes, que la page pose.

    Examples:
        >>> from rules.table import TraitWarp
        >>> formulaire(TraitWarp)["champs"][1]["libelle"]
        'Dés'
    """
    champs = []
    for f in dataclasses.fields(classe):
        if "sorte" not in f.metadata or isinstance(_sorte(f), Identifiant | Constante):
            continue
        champ_ = {"nom": f.name, "libelle": f.metadata["libelle"], "aide": f.metadata["aide"], "requis": _requis(f)}
        if not _requis(f):
            champ_["defaut"] = _sorte(f).ecrire(f.default)
        champs.append({**champ_, **_genre(_sorte(f))})
    return {"titre": classe.TITRE, "champs": champs}
