"""Un Test étendu et un Test coopératif de WaRP suivis round par round, avec leurs chances d'ici à la fin.

Un **Test étendu** suivi garde les dés de chaque round. Chaque round est un
[`jet`][rules.warp.jets.jet] de la réserve du Test (Difficulté, aide des
Bêtas, Travailleur consciencieux, le dé d'expérience à partir du round où il
est dépensé) ; ses Progrès et Revers sont ceux d'[`EFFETS`][rules.warp.etendu.EFFETS]
et la fin, celle d'[`issue`][rules.warp.etendu.issue]. D'un état (p Progrès,
r Revers), le reste du Test est un Test étendu de Complexité C − p et de
Maniabilité M − r (atteindre ou dépasser une borne depuis p revient à
atteindre ou dépasser C − p depuis 0) : ses chances sont celles de
[`distribution`][rules.warp.etendu.distribution] et son nombre de rounds
attendu, [`rounds_esperes`][rules.warp.etendu.rounds_esperes]. Fini, le Test
est rejoué d'un coup par [`derouler`][rules.warp.etendu.derouler] avec les
mêmes dés : c'est son compte rendu qui est montré.

Un **Test coopératif** suivi garde les dés de chaque Bêta, dans l'ordre, puis
ceux de l'Alpha. L'aide est celle d'[`aide`][rules.warp.cooperatif.aide] ; la
chance de réussir d'ici à la fin, pour les Bêtas qui n'ont pas encore lancé,
vient de la loi de leurs jets ([`distribution`][rules.warp.jets.distribution]).
Fini, le Test est celui de [`cooperation`][rules.warp.cooperatif.cooperation].
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from rules import _valider
from rules.refus import PROPOS, Refus
from rules.table._schema import (
    Booleen,
    Constante,
    Entier,
    Erreurs,
    Identifiant,
    Liste,
    Nom,
    Objet,
    champ,
    exiger,
    lire_objet,
)
from rules.warp import cooperatif, etendu
from rules.warp.jets import Jet, Reserve, Resultat, distribution, jet

__all__ = [
    "FORMAT_COOPERATIF",
    "FORMAT_ETENDU",
    "ChancesEtendu",
    "CooperatifSuivi",
    "EtatCooperatif",
    "EtatEtendu",
    "EtenduSuivi",
    "Participant",
    "annuler_cooperatif",
    "annuler_etendu",
    "chances_cooperatif",
    "chances_etendu",
    "etat_cooperatif",
    "etat_etendu",
    "jouer_cooperatif",
    "jouer_etendu",
    "lire_cooperatif",
    "lire_etendu",
]

FORMAT_ETENDU = "regles-executables/test-etendu"
FORMAT_COOPERATIF = "regles-executables/test-cooperatif"

_BORNE = _valider.RESERVE_MAX


def _des_de(nombre: int) -> Liste:
    return Liste(Entier(1, 6), nombre, "dés")


@dataclass(frozen=True)
class EtenduSuivi:
    """Un Test étendu suivi : le Trait, la Complexité, la Maniabilité, la Période, et les dés de chaque round."""

    TITRE: ClassVar[str] = "Test étendu suivi"
    format: str = champ(Constante(FORMAT_ETENDU), "Format")
    personnage: str = champ(Nom(), "Personnage")
    trait_nom: str = champ(Nom(), "Trait")
    trait: int = champ(Entier(0, _valider.TRAIT_MAX), "Trait (dés)")
    complexite: int = champ(Entier(1, _valider.COMPLEXITE_MAX), "Complexité")
    maniabilite: int = champ(Entier(1, _valider.MANIABILITE_MAX), "Maniabilité")
    periode: int = champ(Entier(1, 10**6), "Période", defaut=1)
    unite: str = champ(Nom(20), "Unité de la Période", defaut="h")
    bonus: int = champ(Entier(0, _BORNE), "Dés de bonus (Difficulté)", defaut=0)
    malus: int = champ(Entier(0, _BORNE), "Dés de malus (Difficulté)", defaut=0)
    aide: int = champ(Entier(-_BORNE, _BORNE), "Aide des Bêtas (dés)", defaut=0)
    travailleur: int = champ(Entier(0, _BORNE), "Travailleur consciencieux (dés)", defaut=0)
    experience_des_le_round: int | None = champ(
        Entier(1, _valider.ROUNDS_MAX), "Dé d'expérience à partir du round", defaut=None
    )
    fiche: str | None = champ(Identifiant(), "Fiche", defaut=None)
    rounds: tuple[tuple[int, ...], ...] = champ(
        Liste(_des_de(_BORNE), _valider.ROUNDS_MAX, "rounds"), "Dés de chaque round", defaut=()
    )

    def __post_init__(self) -> None:
        # Les conditions du Test : la règle les vérifie (sans dés, le Test n'est pas joué).
        for nom in ("personnage", "trait_nom", "unite"):
            _valider.texte(nom, getattr(self, nom))
        etendu.issue(0, 0, self.complexite, self.maniabilite)
        etendu.lire_periode(self.periode)
        _valider.entier("aide", self.aide, minimum=-_BORNE, maximum=_BORNE)
        _valider.entier("travailleur", self.travailleur, minimum=0, maximum=_BORNE)
        if self.experience_des_le_round is not None:
            _valider.entier("experience_des_le_round", self.experience_des_le_round, minimum=1)
        rounds = _valider.suite("rounds", self.rounds, maximum=_valider.ROUNDS_MAX, quoi="jets (un par round)")
        object.__setattr__(self, "rounds", tuple(tuple(d) if isinstance(d, list) else d for d in rounds))
        self.reserve(1)
        self.reserve(_valider.ROUNDS_MAX)

    def reserve(self, numero: int) -> Reserve:
        """La réserve du jet du round `numero` : le Trait et tous ses dés de bonus et de malus."""
        experience = self.experience_des_le_round is not None and numero >= self.experience_des_le_round
        plus = self.travailleur + max(self.aide, 0) + int(experience)
        return Reserve(self.trait, self.bonus, self.malus).avec(bonus=plus, malus=max(-self.aide, 0))


@dataclass(frozen=True)
class EtatEtendu:
    """Où en est un Test étendu suivi."""

    jets: tuple[Jet, ...]
    progres: int
    revers: int
    resultat: Resultat | None
    """Le résultat du Test s'il est fini, `None` s'il continue."""
    deroulement: etendu.Deroulement | None
    """Le Test fini, rejoué d'un coup par `derouler` (son compte rendu), `None` s'il continue."""


def etat_etendu(suivi: EtenduSuivi) -> EtatEtendu:
    """Où en est le Test : chaque round joué, ses Progrès et Revers, sa fin (alors rejoué par `derouler`).

    Source : « WaRP › Tests étendus » (le tableau des rounds, les notes 1 à 3).

    Examples:
        Réparer un propulseur : Trait 3d, Complexité 2, Maniabilité 2 ; un round joué.

        >>> t = EtenduSuivi(FORMAT_ETENDU, "Ada", "Mécanique", 3, 2, 2, rounds=((5, 3, 2),))
        >>> e = etat_etendu(t)
        >>> e.progres, e.revers, e.resultat
        (1, 0, None)
    """
    exiger("suivi", suivi, EtenduSuivi, "un EtenduSuivi (lu par lire_etendu)")
    jets: list[Jet] = []
    progres = revers = 0
    resultat = None
    for n, des in enumerate(suivi.rounds, start=1):
        if resultat is not None:
            raise Refus([("rounds", n - 1)], f"le Test est fini au round {n - 1} ({resultat})", forme=PROPOS)
        try:
            j = jet(suivi.reserve(n), des=des)
        except Refus as refus:
            raise refus.relocaliser({"des": ("rounds", n - 1)}) from None
        gain, perte = etendu.EFFETS[j.resultat]
        progres, revers = progres + gain, revers + perte
        resultat = etendu.issue(progres, revers, suivi.complexite, suivi.maniabilite)
        jets.append(j)
    deroulement = None
    if resultat is not None:
        deroulement = etendu.derouler(
            suivi.trait, suivi.complexite, suivi.maniabilite, suivi.periode, unite=suivi.unite, bonus=suivi.bonus,
            malus=suivi.malus, aide=suivi.aide, travailleur_consciencieux=suivi.travailleur,
            experience_des_le_round=suivi.experience_des_le_round, des=suivi.rounds,
        )  # fmt: skip
    return EtatEtendu(tuple(jets), progres, revers, resultat, deroulement)


def jouer_etendu(
    suivi: EtenduSuivi, des: Any = None, *, experience: bool = False, rng: random.Random | None = None
) -> EtenduSuivi:
    """Un round de plus : les dés jetés (`des`), ou tirés par `rng` ; `experience` : le dé d'expérience dès ce round.

    Examples:
        >>> t = EtenduSuivi(FORMAT_ETENDU, "Ada", "Mécanique", 3, 2, 2)
        >>> t = jouer_etendu(jouer_etendu(t, (5, 3, 2)), (6, 1, 1, 4), experience=True)
        >>> t.experience_des_le_round, etat_etendu(t).resultat
        (2, <Resultat.MAGISTRALE: 'Magistrale'>)
    """
    etat = etat_etendu(suivi)
    if etat.resultat is not None:
        raise Refus(
            "des", f"le Test est fini ({etat.resultat}) : annulez le dernier round pour le rejouer", forme=PROPOS
        )
    numero = len(suivi.rounds) + 1
    if _valider.booleen("experience", experience):
        if suivi.experience_des_le_round is not None:
            raise Refus(
                "experience",
                f"le dé d'expérience est déjà dépensé (round {suivi.experience_des_le_round}) : un Test n'en reçoit "
                "qu'un seul (WaRP › Tests étendus, note 2)",
                forme=PROPOS,
            )
        suivi = replace(suivi, experience_des_le_round=numero)
    reserve = suivi.reserve(numero)
    j = jet(reserve, des=des, rng=_valider.generateur(rng) or random.Random() if des is None else None)
    return replace(suivi, rounds=(*suivi.rounds, j.des))


def annuler_etendu(suivi: EtenduSuivi) -> EtenduSuivi:
    """Le Test sans son dernier round (et sans le dé d'expérience, s'il avait été dépensé à ce round)."""
    if not exiger("suivi", suivi, EtenduSuivi, "un EtenduSuivi (lu par lire_etendu)").rounds:
        raise Refus("rounds", "aucun round à annuler : le Test n'a pas commencé", forme=PROPOS)
    experience = suivi.experience_des_le_round
    if experience is not None and experience >= len(suivi.rounds):
        experience = None
    return replace(suivi, rounds=suivi.rounds[:-1], experience_des_le_round=experience)


@dataclass(frozen=True)
class ChancesEtendu:
    """Les chances d'un Test étendu d'ici à la fin, depuis ses Progrès et Revers."""

    loi: dict[Resultat, Fraction]
    """Catastrophe, Échec, Réussite, Magistrale (la somme vaut 1)."""
    rounds_restants: Fraction
    """Le nombre de rounds attendu d'ici à la fin."""

    @property
    def reussite(self) -> Fraction:
        return self.loi[Resultat.REUSSITE] + self.loi[Resultat.MAGISTRALE]


def chances_etendu(suivi: EtenduSuivi, etat: EtatEtendu | None = None) -> ChancesEtendu | None:
    """Les chances exactes du Test d'ici à la fin, avec la réserve du prochain round ; `None` s'il est fini.

    Source : « WaRP › Tests étendus ».

    Examples:
        >>> t = EtenduSuivi(FORMAT_ETENDU, "Ada", "Mécanique", 3, 2, 2, rounds=((5, 3, 2),))
        >>> c = chances_etendu(t)
        >>> c.reussite == etendu.distribution(3, 1, 2)[Resultat.REUSSITE] + etendu.distribution(3, 1, 2)[Resultat.MAGISTRALE]
        True
    """
    if etat is not None:
        exiger("etat", etat, EtatEtendu, "un EtatEtendu (celui de etat_etendu) ou None")
    etat = etat or etat_etendu(suivi)
    if etat.resultat is not None:
        return None
    r = suivi.reserve(len(suivi.rounds) + 1)
    reste = (r.trait, suivi.complexite - etat.progres, suivi.maniabilite - etat.revers)
    loi = etendu.distribution(*reste, bonus=r.bonus, malus=r.malus)
    return ChancesEtendu(loi, etendu.rounds_esperes(*reste, bonus=r.bonus, malus=r.malus))


def lire_etendu(donnees: Any) -> tuple[EtenduSuivi | None, tuple[Refus, ...]]:
    """Un Test étendu suivi lu d'un objet JSON et rejoué ; ses refus."""
    erreurs = Erreurs()
    suivi = lire_objet(EtenduSuivi, donnees, (), erreurs)
    if suivi is not None:
        try:
            etat_etendu(suivi)
        except Refus as refus:
            erreurs.noter(refus)
            suivi = None
    return suivi, tuple(erreurs.refus)


# --- Le Test coopératif -------------------------------------------------------------------------


@dataclass(frozen=True)
class Participant:
    """L'Alpha ou un Bêta d'un Test coopératif : son nom, le Trait qu'il lance, s'il a un dé d'expérience."""

    TITRE: ClassVar[str] = "Participant"
    nom: str = champ(Nom(), "Nom")
    trait_nom: str = champ(Nom(), "Trait")
    trait: int = champ(Entier(0, _valider.TRAIT_MAX), "Trait (dés)")
    experience: bool = champ(Booleen(), "Dé d'expérience (accepté par le MJ)", defaut=False)
    fiche: str | None = champ(Identifiant(), "Fiche", defaut=None)

    def __post_init__(self) -> None:
        _valider.texte("nom", self.nom)
        _valider.texte("trait_nom", self.trait_nom)
        _valider.au_plus("trait", Reserve(self.trait).trait, _valider.TRAIT_MAX)
        _valider.booleen("experience", self.experience)


@dataclass(frozen=True)
class CooperatifSuivi:
    """Un Test coopératif suivi : l'Alpha, les Bêtas, la situation, et les dés jetés jusqu'ici (Bêtas puis Alpha)."""

    TITRE: ClassVar[str] = "Test coopératif suivi"
    format: str = champ(Constante(FORMAT_COOPERATIF), "Format")
    alpha: Participant = champ(Objet(Participant), "Alpha")  # noqa: RUF009 - champ() rend un Field
    betas: tuple[Participant, ...] = champ(Liste(Objet(Participant), _valider.BETAS_MAX, "Bêtas"), "Bêtas")
    bonus: int = champ(Entier(0, _valider.MODIFICATEUR_MAX), "Dés de bonus (pour tous)", defaut=0)
    malus: int = champ(Entier(0, _valider.MODIFICATEUR_MAX), "Dés de malus (pour tous)", defaut=0)
    des: tuple[tuple[int, ...], ...] = champ(
        Liste(_des_de(_BORNE), _valider.BETAS_MAX + 1, "jets"), "Dés jetés (Bêtas, puis Alpha)", defaut=()
    )

    def __post_init__(self) -> None:
        exiger("alpha", self.alpha, Participant, "un Participant")
        betas = _valider.suite("betas", self.betas, maximum=_valider.BETAS_MAX, quoi="Participant (un par Bêta)")
        for i, b in enumerate(betas):
            if not isinstance(b, Participant):
                raise Refus([("betas", i)], "être un Participant", recu=b)
        object.__setattr__(self, "betas", betas)
        cooperatif.distribution_aide([b.trait for b in self.betas], bonus=self.bonus, malus=self.malus)
        des = _valider.suite("des", self.des, maximum=_valider.BETAS_MAX + 1, quoi="jets (Bêtas puis Alpha)")
        object.__setattr__(self, "des", tuple(tuple(d) if isinstance(d, list) else d for d in des))
        if len(self.des) > len(self.betas) + 1:
            raise Refus("des", f"porter au plus {len(self.betas) + 1} jets (Bêtas puis Alpha)", recu=len(self.des))

    def reserve_beta(self, i: int) -> Reserve:
        """La réserve du Bêta `i` : son Trait, les dés de la situation, son dé d'expérience."""
        b = self.betas[i]
        return Reserve(b.trait, self.bonus + int(b.experience), self.malus)

    def reserve_alpha(self, aide: int) -> Reserve:
        """La réserve de l'Alpha avec cette aide (négative : des dés de malus)."""
        plus = max(aide, 0) + int(self.alpha.experience)
        return Reserve(self.alpha.trait, self.bonus, self.malus).avec(bonus=plus, malus=max(-aide, 0))


@dataclass(frozen=True)
class EtatCooperatif:
    """Où en est un Test coopératif suivi."""

    jets_betas: tuple[Jet, ...]
    aide: int
    """L'aide des Bêtas qui ont lancé (arrondie en dessous)."""
    cooperation: cooperatif.Cooperation | None
    """Le Test fini (l'Alpha a lancé), tel que `cooperation` le résout ; `None` sinon."""


def etat_cooperatif(suivi: CooperatifSuivi) -> EtatCooperatif:
    """Où en est le Test : les jets des Bêtas qui ont lancé, leur aide, et le Test fini si l'Alpha a lancé.

    Source : « WaRP › Tests coopératifs ».

    Examples:
        >>> t = CooperatifSuivi(FORMAT_COOPERATIF, Participant("Ada", "Mécanique", 3),
        ...                     (Participant("Bob", "Bricolage", 2), Participant("Cyd", "Force", 3)),
        ...                     des=((4, 3), (6, 1, 1)))
        >>> etat_cooperatif(t).aide
        1
    """
    n = len(exiger("suivi", suivi, CooperatifSuivi, "un CooperatifSuivi (lu par lire_cooperatif)").betas)
    jets: list[Jet] = []
    for i, des in enumerate(suivi.des[:n]):
        try:
            jets.append(jet(suivi.reserve_beta(i), des=des))
        except Refus as refus:
            raise refus.relocaliser({"des": ("des", i)}) from None
    aide = cooperatif.aide([j.resultat for j in jets])
    fini = None
    if len(suivi.des) == n + 1:
        fini = cooperatif.cooperation(
            suivi.alpha.trait, [b.trait for b in suivi.betas], bonus=suivi.bonus, malus=suivi.malus,
            experience_alpha=suivi.alpha.experience, experience_betas=[b.experience for b in suivi.betas],
            des_betas=suivi.des[:n], des_alpha=suivi.des[n],
        )  # fmt: skip
    return EtatCooperatif(tuple(jets), aide, fini)


def jouer_cooperatif(suivi: CooperatifSuivi, des: Any = None, *, rng: random.Random | None = None) -> CooperatifSuivi:
    """Le jet suivant (le prochain Bêta, puis l'Alpha) : les dés jetés (`des`), ou tirés par `rng`."""
    etat = etat_cooperatif(suivi)
    if etat.cooperation is not None:
        raise Refus("des", f"le Test est fini ({etat.cooperation.resultat})", forme=PROPOS)
    i = len(suivi.des)
    reserve = suivi.reserve_beta(i) if i < len(suivi.betas) else suivi.reserve_alpha(etat.aide)
    j = jet(reserve, des=des, rng=_valider.generateur(rng) or random.Random() if des is None else None)
    return replace(suivi, des=(*suivi.des, j.des))


def annuler_cooperatif(suivi: CooperatifSuivi) -> CooperatifSuivi:
    """Le Test sans son dernier jet."""
    if not exiger("suivi", suivi, CooperatifSuivi, "un CooperatifSuivi (lu par lire_cooperatif)").des:
        raise Refus("des", "aucun jet à annuler : personne n'a encore lancé", forme=PROPOS)
    return replace(suivi, des=suivi.des[:-1])


def chances_cooperatif(suivi: CooperatifSuivi, etat: EtatCooperatif | None = None) -> dict[Resultat, Fraction] | None:
    """La loi exacte du résultat du Test d'ici à la fin : les Bêtas qui n'ont pas lancé, puis l'Alpha.

    Pour chaque suite de résultats des Bêtas restants (leurs lois, regroupées par
    l'aide qu'elles apportent), l'aide de tous est celle d'`aide`, et le jet de
    l'Alpha a la loi de `distribution` avec cette aide. `None` si le Test est fini.

    Examples:
        >>> t = CooperatifSuivi(FORMAT_COOPERATIF, Participant("Ada", "Mécanique", 3), (Participant("Bob", "B", 2),))
        >>> chances_cooperatif(t) == cooperatif.distribution_cooperative(3, [2])
        True
    """
    if etat is not None:
        exiger("etat", etat, EtatCooperatif, "un EtatCooperatif (celui de etat_cooperatif) ou None")
    etat = etat or etat_cooperatif(suivi)
    if etat.cooperation is not None:
        return None
    faits = tuple(j.resultat for j in etat.jets_betas)
    # Les résultats possibles des Bêtas restants, regroupés par leur aide en demi-dés : (représentant, chance).
    suites: dict[Fraction, tuple[tuple[Resultat, ...], Fraction]] = {Fraction(0): ((), Fraction(1))}
    for i in range(len(faits), len(suivi.betas)):
        loi = distribution(suivi.reserve_beta(i))
        suivantes: dict[Fraction, list[Any]] = defaultdict(lambda: [(), Fraction(0)])
        for somme, (representant, p) in suites.items():
            for resultat, q in loi.items():
                if q:
                    case = suivantes[somme + cooperatif.AIDE[resultat]]
                    case[0], case[1] = (*representant, resultat), case[1] + p * q
        suites = {k: (v[0], v[1]) for k, v in suivantes.items()}
    loi_finale = dict.fromkeys(Resultat, Fraction(0))
    for representant, p in suites.values():
        for resultat, q in distribution(suivi.reserve_alpha(cooperatif.aide(faits + representant))).items():
            loi_finale[resultat] += p * q
    return loi_finale


def lire_cooperatif(donnees: Any) -> tuple[CooperatifSuivi | None, tuple[Refus, ...]]:
    """Un Test coopératif suivi lu d'un objet JSON et rejoué ; ses refus."""
    erreurs = Erreurs()
    suivi = lire_objet(CooperatifSuivi, donnees, (), erreurs)
    if suivi is not None:
        try:
            etat_cooperatif(suivi)
        except Refus as refus:
            erreurs.noter(refus)
            suivi = None
    return suivi, tuple(erreurs.refus)
