"""Ce que partagent les formulaires du calculateur : champs, lecture des entrées, réponse, chances écrites.

Rien ici n'applique une règle : on lit du texte (un champ de formulaire, un
paramètre d'adresse, une option de la ligne de commande), on le passe tel quel
aux fonctions des règles quand il n'est pas un nombre (pour que leur propre
`Refus` le refuse), et l'on range ce qu'elles rendent : un refus sous le champ
que disent ses lieux.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
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
    a_la_table: tuple[str, ...] = ()
    """Les champs qu'un joueur remplit à la table (Trait, bonus, malus, dés ; seuil, Indice) : la page les montre
    d'abord, et range les autres (risques, armure, talents, noms…) sous « Plus d'options », qu'elle déplie dès
    qu'un d'eux porte une autre valeur que son défaut ou un refus. Vide : tous les champs d'abord."""

    def __post_init__(self) -> None:
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

    def essayer(self, calcul: Callable[[], T], liens: Mapping[str, str] | None = None, defaut: str = "") -> T | None:
        """Le résultat de `calcul`, ou `None` si une règle le refuse : le refus va au champ que disent ses lieux.

        `liens` dit quel champ a fourni chaque paramètre du calcul (« trait » → « alpha »), ou chaque
        chemin d'une entrée imbriquée (« a.indice » → « indice_a ») ; un paramètre qui porte le nom
        d'un champ lui va de lui-même ; un lieu qu'aucun champ n'a fourni va sous `defaut`.
        """
        try:
            return calcul()
        except Refus as refus:
            self.localiser(refus, liens, defaut)
            return None

    def localiser(self, refus: Refus, liens: Mapping[str, str] | None = None, defaut: str = "") -> None:
        """Range un refus d'une règle sous le champ que disent ses lieux (voir `essayer`)."""
        lieux = [self._champ_du_lieu(lieu, liens or {}, defaut) for lieu in refus.lieux]
        portes = [lieu for lieu in lieux if lieu[0]]
        if portes:
            self.ranger(refus.vers(*portes))
        else:  # aucun champ ne l'a fourni : il reste tel que la règle le dit, en tête du formulaire
            self.refus.setdefault("", refus)

    def _champ_du_lieu(self, lieu: Lieu, liens: Mapping[str, str], defaut: str) -> Lieu:
        """Le lieu d'une règle dit en champ du formulaire : (champ, rangs dans ce champ…)."""
        for n in range(len(lieu), 0, -1):
            cle = ".".join(str(m) for m in lieu[:n] if not isinstance(m, int))
            if cle in liens:
                return (liens[cle], *(m for m in lieu[n:] if isinstance(m, int)))
            if n == 1 and cle in self.brutes:
                return (cle, *(m for m in lieu[1:] if isinstance(m, int)))
        return (defaut,)

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
