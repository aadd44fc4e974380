"""Ce que partagent les formulaires du calculateur : champs, lecture des entrées, réponse, chances écrites.

Rien ici n'applique une règle : on lit du texte (un champ de formulaire, un
paramètre d'adresse, une option de la ligne de commande), on le passe tel quel
aux fonctions des règles quand il n'est pas un nombre (pour que leur propre
`Refus` le refuse), et l'on range ce qu'elles rendent : un refus sous le champ
que disent ses lieux.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
import types
import typing
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from rules import affichage
from rules.affichage import pourcentage
from rules.refus import PROPOS, Lieu, Refus

T = TypeVar("T")

LONGUEUR_MAX = 200
"""La plus longue valeur acceptée dans un champ (un lien partagé est une entrée non fiable)."""


@dataclass(frozen=True)
class Champ:
    """Un champ d'un formulaire : son nom (paramètre d'adresse, option `--nom`), son étiquette, sa sorte."""

    nom: str
    """L'identifiant : paramètre de l'adresse partagée, option de la ligne de commande."""
    libelle: str
    """L'étiquette française du champ."""
    sorte: str = "entier"
    """« entier », « des » (valeurs de dés), « texte », « choix » ou « case » (oui / non)."""
    defaut: str = ""
    """La valeur par défaut, en texte (vide : champ facultatif)."""
    aide: str = ""
    """Une phrase d'aide sous le champ."""
    choix: tuple[tuple[str, str], ...] = ()
    """Pour un choix : (valeur, libellé) de chaque option."""
    groupe: str = ""
    """Le groupe de champs (« Premier camp »…), vide pour le groupe principal."""
    negatif: bool = False
    """Vrai si un entier peut être négatif (le clavier du téléphone doit alors offrir le signe moins)."""
    element: str = ""
    """Pour un champ qui porte plusieurs valeurs (« Traits des Bêtas ») : le nom de chacune (« Bêta »), pour
    qu'un refus dise laquelle (« Traits des Bêtas, Bêta 2 : … »)."""
    si: tuple[str, str] | None = None
    """(champ, valeur) : ce champ ne compte que si `champ` vaut `valeur` (le risque de l'adversaire, seulement s'il
    est actif) ; la page le cache sinon, et le calcul ne le lit pas."""


@dataclass(frozen=True)
class Formulaire:
    """Un formulaire du calculateur : une mécanique, ses champs, la page de règles qui la cite."""

    nom: str
    """L'identifiant (« warp-jet ») : paramètre `f` de l'adresse, sous-commande de `python -m rules`."""
    systeme: str
    """« WaRP » ou « 3D6 »."""
    titre: str
    """Le titre du formulaire."""
    description: str
    """Ce qu'il répond, en une phrase."""
    regle: str
    """La page de règles (chemin dans `docs/`, ancre comprise) : le calculateur y renvoie."""
    champs: tuple[Champ, ...]
    """Les champs, dans l'ordre du formulaire (et du focus)."""
    calculer: Callable[[Lecture], Reponse] = field(repr=False, compare=False)
    """Le calcul : lit les champs, appelle les règles, rend la réponse."""
    voir: tuple[str, ...] = ()
    """Les formulaires qui répondent à une question voisine (la défense avant l'attaque, ou après) : la page y renvoie."""
    a_la_table: tuple[str, ...] = ()
    """Les champs qu'un joueur remplit à la table (Trait, bonus, malus, dés ; seuil, Indice) : la page les montre
    d'abord, et range les autres (risques, armure, talents, noms…) sous « Plus d'options », qu'elle déplie dès
    qu'un d'eux porte une autre valeur que son défaut ou un refus. Vide : tous les champs d'abord."""

    def __post_init__(self) -> None:
        if self.nom in self.voir:
            raise Refus("voir", f"nommer d'autres formulaires que {self.nom}", recu=self.voir)
        inconnus = set(self.a_la_table) - {c.nom for c in self.champs}
        if inconnus:
            raise Refus("a_la_table", f"ne nommer que des champs du formulaire {self.nom}", recu=sorted(inconnus))

    def en_plus(self, champ: Champ) -> bool:
        """Vrai si `champ` va sous « Plus d'options » (il n'est pas de ceux qu'on remplit à la table).

        Examples:
            >>> from rules.calculateur import FORMULAIRES
            >>> f = FORMULAIRES["troisd6-scene"]
            >>> [c.nom for c in f.champs if not f.en_plus(c)]
            ['seuil_a', 'indice_a', 'adversaire', 'seuil_b', 'indice_b']
        """
        return bool(self.a_la_table) and champ.nom not in self.a_la_table

    @property
    def lancable(self) -> bool:
        """Vrai si le formulaire a des dés que le bouton « Lancer » peut tirer."""
        return any(c.sorte == "des" for c in self.champs)

    def champ(self, nom: str) -> Champ:
        """Le champ `nom`."""
        for c in self.champs:
            if c.nom == nom:
                return c
        raise KeyError(nom)

    def etiquette(self, lieu: Lieu) -> str:
        """Le nom d'un lieu du formulaire (un champ, et la valeur dans ce champ) pour un lecteur : son étiquette.

        Examples:
            >>> from rules.calculateur import FORMULAIRES
            >>> f = FORMULAIRES["warp-cooperatif"]
            >>> f.etiquette(("des",)), f.etiquette(("des_betas", 1))
            ("Dés de l'Alpha", 'Dés des Bêtas, Bêta 2')
        """
        champ = self.champ(str(lieu[0]))
        rangs = [m for m in lieu[1:] if isinstance(m, int)]
        if not rangs:
            return champ.libelle
        return champ.libelle + "".join(f", {champ.element or 'n°'} {i + 1}" for i in rangs)

    def option(self, lieu: Lieu) -> str:
        """Le nom d'un lieu du formulaire pour la ligne de commande : l'option (`--des-betas`), et le rang de la valeur.

        Examples:
            >>> from rules.calculateur import FORMULAIRES
            >>> FORMULAIRES["warp-cooperatif"].option(("des_betas", 1))
            '--des-betas (Bêta 2)'
        """
        champ = self.champ(str(lieu[0]))
        rangs = [m for m in lieu[1:] if isinstance(m, int)]
        texte = "--" + champ.nom.replace("_", "-")
        return texte + "".join(f" ({champ.element or 'n°'} {i + 1})" for i in rangs)


@dataclass(frozen=True)
class Tableau:
    """Un tableau de chances : légende, en-têtes, lignes (du texte), et la barre de chaque ligne."""

    legende: str
    """La légende, qui dit ce que montre le tableau (elle survit à l'impression)."""
    entetes: tuple[str, ...]
    lignes: tuple[tuple[str, ...], ...]
    barres: tuple[float, ...] = ()
    """Pour le petit graphique : une valeur entre 0 et 1 par ligne (vide : pas de graphique)."""
    notes: tuple[str, ...] = ()
    """Les chances que se demande un joueur (« Réussite, Magistrale comprise : … »)."""


@dataclass(frozen=True)
class Reponse:
    """Ce que rend le calculateur : le verdict expliqué (si des dés sont donnés) et les chances exactes."""

    formulaire: str
    """Le formulaire calculé."""
    entrees: dict[str, str]
    """Les entrées lues, en texte (dés tirés compris) : ce que porte le lien à partager."""
    verdict: str | None = None
    """Le verdict en quelques mots (« Magistrale »), si des dés sont donnés."""
    ton: str = "neutre"
    """Ce que dit le verdict pour celui qui lance, comme les cartes des pages : « reussite », « echec », ou
    « neutre » (une issue qui n'est ni l'une ni l'autre pour personne : un jet opposé, des chances)."""
    explication: str | None = None
    """L'explication du paquet, telle quelle."""
    faits: tuple[str, ...] = ()
    """Ce qu'il faut savoir avant de lancer (dés lancés, seuil…)."""
    tableaux: tuple[Tableau, ...] = ()
    """Les chances exactes."""
    erreurs: dict[str, str] = field(default_factory=dict)
    """Champ → message, qui nomme le champ par son étiquette ; « » pour un refus qu'aucun champ ne porte."""
    refus: dict[str, Refus] = field(default_factory=dict, compare=False)
    """Champ → le [`Refus`][rules.refus.Refus] lui-même, ses lieux dits en champs du formulaire (sous « », tel
    que la règle l'a levé) : qui le montre (la ligne de commande) le nomme à sa façon."""

    @property
    def ok(self) -> bool:
        """Vrai si aucune entrée n'est refusée."""
        return not self.erreurs

    def en_dict(self) -> dict[str, Any]:
        """La réponse en types JSON (pour le navigateur)."""
        return {
            "ok": self.ok,
            "formulaire": self.formulaire,
            "entrees": dict(self.entrees),
            "verdict": self.verdict,
            "ton": self.ton,
            "explication": self.explication,
            "faits": list(self.faits),
            "tableaux": [
                {
                    "legende": t.legende,
                    "entetes": list(t.entetes),
                    "lignes": [list(ligne) for ligne in t.lignes],
                    "barres": list(t.barres),
                    "notes": list(t.notes),
                }
                for t in self.tableaux
            ],
            "erreurs": dict(self.erreurs),
        }


class LieuSansChamp(Exception):
    """Un refus d'une règle dont aucun champ du formulaire n'a fourni le lieu : une faute du calculateur.

    Un refus va toujours sous le champ qui a fourni ce qu'il refuse ; s'il n'y en a pas, c'est qu'un
    lien manque (ou qu'un paramètre de la règle a changé de nom) : les tests le voient, aucun lecteur
    ne lit un refus rangé sous un champ qui n'y est pour rien.
    """

    def __init__(self, formulaire: str, refus: Refus, lieu: Lieu) -> None:
        super().__init__(f"formulaire {formulaire} : aucun champ ne fournit le lieu {lieu!r} du refus « {refus} »")
        self.formulaire = formulaire
        self.refus = refus
        self.lieu = lieu


class LienFaux(Exception):
    """Un lien du calculateur qui nomme un paramètre (ou un chemin) que sa règle n'a pas."""


@dataclass(frozen=True)
class Liens:
    """Quel champ du formulaire fournit chaque paramètre d'une règle : ce qui range les refus de cette règle.

    `regle` est la fonction (ou la classe) que le calcul appelle ; chaque clé de `chemins` est un de ses
    paramètres, ou un chemin dans ce qu'il reçoit (« a.indice » : le champ `indice` du `Personnage`
    passé en `a`) ; chaque valeur, le champ qui l'a fourni, ou « » pour une valeur faite de plusieurs
    champs (un seuil fait de la valeur et de la difficulté) : son refus va alors en tête du formulaire. Chaque chemin est vérifié à la construction contre la signature de `regle` et les
    champs des types qu'elle annonce : renommer un paramètre d'une règle sans changer son lien lève
    [`LienFaux`][rules.calculateur._commun.LienFaux], qu'aucun test ne laisse passer.

    Examples:
        >>> from rules.warp import jet
        >>> Liens(jet, {"trait": "alpha"}).chemins
        {'trait': 'alpha'}
        >>> Liens(jet, {"trais": "alpha"})
        Traceback (most recent call last):
        ...
        rules.calculateur._commun.LienFaux: jet n'a pas de paramètre « trais » (chemin « trais ») ; paramètres : trait, bonus, malus, des, rng
    """

    regle: Callable[..., Any]
    chemins: Mapping[str, str]

    def __post_init__(self) -> None:
        for chemin in self.chemins:
            _verifier_chemin(self.regle, chemin)

    def __or__(self, autres: Mapping[str, str]) -> Liens:
        """Les mêmes liens, et d'autres chemins de la même règle."""
        return Liens(self.regle, {**self.chemins, **autres})


def _verifier_chemin(regle: Any, chemin: str) -> None:
    cible: Any = regle
    for segment in chemin.split("."):
        parametres = _parametres(cible)
        if parametres is None:  # un type que l'on ne sait pas lire (Any) : le reste du chemin n'est pas vérifiable
            return
        if segment not in parametres:
            nom = getattr(regle, "__name__", repr(regle))
            raise LienFaux(
                f"{nom} n'a pas de paramètre « {segment} » (chemin « {chemin} ») ; paramètres : {', '.join(parametres)}"
            )
        cible = parametres[segment]


@cache
def _parametres(cible: Any) -> dict[str, Any] | None:
    """Les paramètres d'une règle (ou les champs d'une valeur) et le type que chacun annonce."""
    types = [t for t in _types(cible) if callable(t)]
    if not types:
        return None
    parametres: dict[str, Any] = {}
    for t in types:
        fonction = (
            t
            if not isinstance(t, type)
            else next(c.__dict__["__init__"] for c in t.__mro__ if "__init__" in c.__dict__)
        )
        try:
            indices = typing.get_type_hints(fonction)
        except (NameError, TypeError):
            indices = {}
        try:
            signature = inspect.signature(t)
        except (TypeError, ValueError):  # un type du langage (int, str) : rien à suivre en lui
            continue
        for nom in signature.parameters:
            parametres.setdefault(nom, indices.get(nom, Any))
        if dataclasses.is_dataclass(t):
            for f in dataclasses.fields(t):
                parametres.setdefault(f.name, typing.get_type_hints(t).get(f.name, Any))
    return parametres or None


def _types(annotation: Any) -> list[Any]:
    """Les types qu'une annotation laisse passer, suites et dictionnaires ouverts (`Sequence[Tour]` → Tour)."""
    if annotation is Any:
        return []
    origine = typing.get_origin(annotation)
    if origine is None:
        return [annotation] if annotation is not type(None) else []
    arguments = [a for a in typing.get_args(annotation) if a is not Ellipsis]
    if origine in (typing.Union, types.UnionType):
        return [t for a in arguments for t in _types(a)]
    if isinstance(origine, type) and issubclass(origine, Mapping):
        return _types(arguments[-1]) if arguments else []
    return [t for a in arguments for t in _types(a)]


class Lecture:
    """Les entrées d'un formulaire en cours de lecture, et les refus qu'elles valent.

    Chaque valeur reste du texte jusqu'à ce que le calcul la demande : un
    entier écrit comme tel devient un `int`, tout autre texte est passé tel
    quel à la règle, dont le [`Refus`][rules.refus.Refus] dit ce qui est permis.
    Chaque refus est rangé sous un champ par ses lieux, jamais par son texte.
    """

    def __init__(self, formulaire: Formulaire, entrees: Mapping[str, str], *, lancer: bool, rng: Any) -> None:
        self.formulaire = formulaire
        self.brutes = {c.nom: entrees.get(c.nom, c.defaut).strip() for c in formulaire.champs}
        self.lancer = lancer
        self.rng = rng
        self.refus: dict[str, Refus] = {}
        """Champ → le premier refus rangé sous ce champ (ses lieux dits en champs du formulaire)."""
        self.sorties: dict[str, str] = {}
        """Les valeurs que le calcul fixe lui-même (les dés tirés par « Lancer »)."""

    @property
    def erreurs(self) -> bool:
        """Vrai si une entrée est déjà refusée."""
        return bool(self.refus)

    def refuser(self, champ: str, propos: str, **kwargs: Any) -> None:
        """Refuse le champ `champ` : « `propos` » est ce qu'on en dit (« donnez les dés des deux camps… »)."""
        self.ranger(Refus(champ, propos, forme=kwargs.pop("forme", PROPOS), **kwargs))

    def ranger(self, refus: Refus) -> None:
        """Range un refus dont les lieux sont déjà des champs du formulaire (le premier seul compte par champ)."""
        self.refus.setdefault(str(refus.lieux[0][0]), refus)

    def texte(self, nom: str) -> str:
        return self.brutes[nom]

    def nom(self, nom: str, defaut: str) -> str:
        """Un nom (de personnage, d'unité) : lettres, chiffres, espaces, apostrophes, tirets, points."""
        valeur = self.brutes[nom]
        if not valeur:
            return defaut
        if not _NOM_LIBRE.fullmatch(valeur):
            self.ranger(
                Refus(
                    nom,
                    "être un nom de 40 caractères au plus (lettres, chiffres, espaces, apostrophes, tirets, points)",
                    recu_ecrit=repr(valeur),
                )
            )
            return defaut
        return valeur

    def entier(self, nom: str) -> Any:
        """Un entier si le champ en est un (signe moins typographique compris), sinon le texte tel quel."""
        valeur = self.brutes[nom].replace("−", "-").replace(" ", "")
        return int(valeur) if re.fullmatch(r"[+-]?\d{1,9}", valeur) else self.brutes[nom]

    def trait(self, nom: str) -> Any:
        """Un Trait WaRP : un entier, écrit comme sur les pages (« 3d », « 3 d », « 3D ») ou nu (« 3 »)."""
        valeur = self.brutes[nom].replace(" ", "")
        if re.fullmatch(r"\d{1,9}[dD]", valeur):
            return int(valeur[:-1])
        return self.entier(nom)

    def case(self, nom: str) -> bool:
        valeur = self.brutes[nom].lower()
        if valeur in ("oui", "on", "1", "vrai", "true"):
            return True
        if valeur in ("", "non", "off", "0", "faux", "false"):
            return False
        self.ranger(Refus(nom, "valoir « oui » ou « non »", recu_ecrit=repr(self.brutes[nom])))
        return False

    def choix(self, nom: str) -> str:
        """Une option du choix, écrite comme sa valeur ou son libellé, avec ou sans accents, tirets ni majuscules.

        « contre-attaque », « Contre-Attaque » et « contre_attaque » sont la même option ; « spéciale », « speciale ».
        """
        valeur = self.brutes[nom]
        options = self.formulaire.champ(nom).choix
        lue = _forme_simple(valeur)
        for v, libelle in options:
            if lue in (_forme_simple(v), _forme_simple(libelle)):
                return v
        permis = [v for v, _ in options]
        self.ranger(Refus(nom, f"être l'un de {', '.join(permis)}", recu_ecrit=repr(valeur)))
        return permis[0]

    def des(self, nom: str) -> tuple[Any, ...] | None:
        """Les dés d'un champ (« 6 5 2 1 », « 6,5,2,1 » ou « 6521 »), ou `None` s'il est vide ou si l'on lance."""
        if self.lancer:
            return None
        return lire_des(self.brutes[nom])

    def essayer(self, calcul: Callable[[], T], liens: Liens | None = None) -> T | None:
        """Le résultat de `calcul`, ou `None` si une règle le refuse : le refus va au champ que disent ses lieux.

        `liens` dit quel champ a fourni chaque paramètre de la règle appelée (« trait » → « alpha »), ou
        chaque chemin d'une entrée imbriquée (« a.indice » → « indice_a ») ; un paramètre qui porte le
        nom d'un champ lui va de lui-même. Un lieu qu'aucun champ n'a fourni est une faute du
        calculateur ([`LieuSansChamp`][rules.calculateur._commun.LieuSansChamp]), jamais un refus rangé
        en douce sous un autre champ.
        """
        try:
            return calcul()
        except Refus as refus:
            self.localiser(refus, liens)
            return None

    def localiser(self, refus: Refus, liens: Liens | None = None) -> None:
        """Range un refus d'une règle sous le champ que disent ses lieux (voir `essayer`)."""
        chemins = liens.chemins if liens is not None else {}
        lieux = [self._champ_du_lieu(refus, lieu, chemins) for lieu in refus.lieux]
        portes = [lieu for lieu in lieux if lieu[0]]
        if portes:
            self.ranger(refus.vers(*portes))
        else:  # une valeur faite de plusieurs champs (lien « ») : le refus tel que la règle le dit, en tête du formulaire
            self.refus.setdefault("", refus)

    def _champ_du_lieu(self, refus: Refus, lieu: Lieu, chemins: Mapping[str, str]) -> Lieu:
        """Le lieu d'une règle dit en champ du formulaire : (champ, rangs dans ce champ…)."""
        for n in range(len(lieu), 0, -1):
            cle = ".".join(str(m) for m in lieu[:n] if not isinstance(m, int))
            if cle in chemins:
                champ = chemins[cle]
                if champ and champ not in self.brutes:
                    raise LienFaux(
                        f"formulaire {self.formulaire.nom} : le lien « {cle} » vise « {champ} », qui n'est pas un champ"
                    )
                return (champ, *(m for m in lieu[n:] if isinstance(m, int)))
            if n == 1 and cle in self.brutes:
                return (cle, *(m for m in lieu[1:] if isinstance(m, int)))
        raise LieuSansChamp(self.formulaire.nom, refus, lieu)

    def reponse(self, **kwargs: Any) -> Reponse:
        entrees = {nom: v for nom, v in self.brutes.items() if v}
        if self.lancer:
            entrees = {n: v for n, v in entrees.items() if self.formulaire.champ(n).sorte != "des"}
        entrees.update(self.sorties)
        if self.refus:
            return Reponse(
                self.formulaire.nom,
                entrees,
                erreurs={
                    champ: r.message(self.formulaire.etiquette if champ else None) for champ, r in self.refus.items()
                },
                refus=dict(self.refus),
            )
        return Reponse(self.formulaire.nom, entrees, **kwargs)


def ton(reussi: bool | None) -> str:
    """Le ton d'un verdict : « reussite », « echec », ou « neutre » sans réussite à dire (`None`).

    Examples:
        >>> ton(True), ton(False), ton(None)
        ('reussite', 'echec', 'neutre')
    """
    return "neutre" if reussi is None else ("reussite" if reussi else "echec")


def _forme_simple(texte: str) -> str:
    """Un mot sans accents, majuscules, tirets ni espaces doublés : « Contre-Attaque » → « contre_attaque »."""
    sans = "".join(c for c in unicodedata.normalize("NFD", texte.strip().lower()) if unicodedata.category(c) != "Mn")
    return re.sub(r"[\s\-_’']+", "_", sans)


def lire_des(texte: str) -> tuple[Any, ...] | None:
    """Des dés écrits par un joueur : séparés par des espaces, virgules ou tirets, ou collés (« 6521 »).

    Ce qui n'est pas un chiffre reste du texte : la règle le refuse elle-même.

    Examples:
        >>> lire_des("6 5 2 1"), lire_des("6,5, 2"), lire_des("652"), lire_des(""), lire_des("6 x")
        ((6, 5, 2, 1), (6, 5, 2), (6, 5, 2), None, (6, 'x'))
    """
    texte = texte.strip()
    if not texte:
        return None
    if re.fullmatch(r"\d+", texte) and len(texte) > 1:
        return tuple(int(c) for c in texte)
    morceaux = [m for m in re.split(r"[\s,;·\-]+", texte) if m]
    return tuple(int(m) if re.fullmatch(r"\d{1,3}", m) else m for m in morceaux)


def ecrire_des(valeurs: Iterable[int]) -> str:
    """Des dés écrits pour un champ : « 6 5 2 1 »."""
    return " ".join(str(v) for v in valeurs)


_NOM_LIBRE = re.compile(r"[^\W_](?:[\w'’. \-]{0,38}[\w.])?")
"""Un nom libre : commence par une lettre ou un chiffre, 40 caractères au plus, sans balise ni guillemet."""

# --- Les chances, écrites -------------------------------------------------------------


def fraction(p: Fraction) -> str | None:
    """La fraction exacte, si elle reste lisible (21 caractères au plus) ; sinon `None` : une scène en a de
    centaines de chiffres, que personne ne lit (le pourcentage, lui, reste exact à son arrondi près)."""
    if p.denominator == 1:
        return str(p.numerator)
    texte = f"{p.numerator}/{p.denominator}"
    return texte if len(texte) <= 21 else None


def colonnes_lisibles(
    entetes: Sequence[str], lignes: Sequence[Sequence[str | None]]
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Les en-têtes et les lignes d'un tableau, sans la colonne dont une cellule est illisible (`None`).

    Examples:
        >>> colonnes_lisibles(("Issue", "Chance", "Fraction exacte"), [("a", "50 %", None), ("b", "50 %", "1/2")])
        (('Issue', 'Chance'), (('a', '50 %'), ('b', '50 %')))
    """
    garder = [j for j in range(len(entetes)) if all(ligne[j] is not None for ligne in lignes)]
    return (
        tuple(entetes[j] for j in garder),
        tuple(tuple(str(ligne[j]) for j in garder) for ligne in lignes),
    )


def chance(p: Fraction) -> str:
    """Une chance dans une case du calculateur : la règle du site, celle des pages ([`chance`][rules.affichage.chance]).

    Dans une phrase, la même chance s'écrit par [`pourcentage`][rules.affichage.pourcentage]
    (« 1 chance sur N ») ou [`fois`][rules.affichage.fois] (« 1 fois sur N »).

    Examples:
        >>> chance(Fraction(5, 8)), chance(Fraction(1, 36)), chance(Fraction(19, 2000))
        ('62,5 %', '1 sur 36', '≈ 1 sur 105')
    """
    return affichage.chance(p)


def table_de_loi(
    legende: str,
    intitule: str,
    loi: Mapping[Any, Fraction],
    *,
    cumul: str | None = None,
    libelle: Callable[[Any], str] = str,
    notes: Sequence[tuple[str, Fraction]] = (),
) -> Tableau:
    """Le tableau d'une loi : une ligne par issue (chance, fraction exacte), et le cumul « celle-ci ou mieux ».

    `loi` va du pire au meilleur ; `cumul` est l'en-tête de la colonne cumulée
    (aucune colonne s'il est `None`). `notes` : les chances cumulées que se pose
    un joueur, en phrases.
    """
    issues = list(loi)
    lignes: list[tuple[str | None, ...]] = []
    for i, issue in enumerate(issues):
        p = loi[issue]
        ligne = [libelle(issue), chance(p), fraction(p)]
        if cumul is not None:
            ligne.append(chance(sum((loi[x] for x in issues[i:]), Fraction(0))))
        lignes.append(tuple(ligne))
    entetes, lues = colonnes_lisibles(
        [intitule, "Chance", "Fraction exacte"] + ([cumul] if cumul is not None else []), lignes
    )
    return Tableau(
        legende,
        entetes,
        lues,
        tuple(float(loi[x]) for x in issues),
        tuple(f"{texte} : {pourcentage(p)}." for texte, p in notes),
    )


def somme(loi: Mapping[T, Fraction], garder: Callable[[T], bool]) -> Fraction:
    """La chance des issues que `garder` retient."""
    return sum((p for issue, p in loi.items() if garder(issue)), Fraction(0))


def choix_enum(classe: type[Enum]) -> tuple[tuple[str, str], ...]:
    """Les options d'un choix parmi les membres d'une énumération : (nom en minuscules, libellé)."""
    return tuple((m.name.lower(), str(m.value)) for m in classe)
