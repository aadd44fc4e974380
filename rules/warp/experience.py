"""WaRP › Dés d'expérience : la réserve d'un personnage et son cycle de vie.

Un personnage possède un certain nombre de dés d'expérience. À tout moment, il
peut en convertir **un** en dé de bonus, si le MJ accepte son argument ; un
refus lui laisse le dé. Un Test ne reçoit qu'un seul dé d'expérience. À la fin
de la partie, tous les dés convertis reviennent, disponibles pour la
progression des Traits.

La réserve est une valeur gelée : chaque conversion renvoie une *nouvelle*
réserve, ce qui garde la règle pure et rejouable.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules import _valider
from rules._francais import pluriel, s
from rules.refus import PHRASE, PROPOS, Refus
from rules.regles import en_cours

__all__ = ["Conversion", "ReserveExperience"]


@dataclass(frozen=True)
class Conversion:
    """Une demande de conversion d'un dé d'expérience, acceptée ou refusée par le MJ."""

    test: str
    """Le Test pour lequel le joueur demande le dé."""
    accepte: bool
    """Vrai si le MJ a accepté l'argument du joueur."""
    bonus: int
    """Le dé de bonus obtenu : 1 si accepté, 0 sinon."""
    avant: ReserveExperience
    """La réserve avant la demande."""
    apres: ReserveExperience
    """La réserve après la demande (un dé de moins si acceptée, inchangée sinon)."""
    explication: str
    """Ce qui s'est passé, en une phrase."""

    def __str__(self) -> str:
        return self.explication


@dataclass(frozen=True)
class ReserveExperience:
    """Les dés d'expérience d'un personnage pendant une partie.

    Source : « WaRP › Dés d'expérience ».

    Examples:
        >>> r = ReserveExperience(3)
        >>> r.disponibles, r.convertis
        (3, 0)
        >>> c = r.convertir("réparer la navette", accepte=True)
        >>> c.bonus, c.apres.disponibles, c.apres.convertis
        (1, 2, 1)
    """

    des: int
    """Le nombre total de dés d'expérience du personnage."""
    convertis: int = 0
    """Les dés déjà convertis en dés de bonus pendant cette partie."""
    tests: frozenset[str] = field(default_factory=frozenset)
    """Les Tests de cette partie qui ont déjà reçu un dé d'expérience."""
    refuses: frozenset[str] = field(default_factory=frozenset)
    """Les Tests pour lesquels le MJ a refusé un dé, retenus dans une variante où son refus vaut pour tout le Test
    (le texte laisse redemander : il n'en retient aucun)."""

    def __post_init__(self) -> None:
        _valider.entier("des", self.des, minimum=0)
        _valider.entier("convertis", self.convertis, minimum=0, maximum=self.des)
        if not isinstance(self.tests, frozenset) or not all(
            isinstance(t, str) and 0 < len(t) <= _valider.TEXTE_MAX for t in self.tests
        ):
            raise Refus("tests", "être un frozenset de noms de Tests", recu=self.tests)
        if not isinstance(self.refuses, frozenset) or not all(isinstance(t, str) for t in self.refuses):
            raise Refus("refuses", "être un frozenset de noms de Tests", recu=self.refuses)
        if len(self.tests) > self.convertis:
            raise Refus(
                "tests",
                f"{len(self.tests)} Tests ont reçu un dé, mais seulement {self.convertis} dé(s) ont été convertis",
                forme=PROPOS,
            )

    @property
    def disponibles(self) -> int:
        """Les dés encore convertibles pendant cette partie."""
        return self.des - self.convertis

    def convertir(self, test: str, *, accepte: bool) -> Conversion:
        """Demande au MJ de convertir un dé d'expérience en dé de bonus pour `test`.

        Source : « WaRP › Dés d'expérience » : « vous pouvez en convertir un (et
        un seul) en dé de bonus, à condition d'arriver à convaincre le MJ […] Si
        le MJ ne veut rien savoir, vous n'avez pas votre bonus, mais vous gardez
        votre dé d'expérience. »

        Args:
            test: le nom du Test (un même nom désigne le même Test).
            accepte: la décision du MJ.

        Returns:
            La conversion, avec la réserve d'après.

        Raises:
            rules.refus.Refus: plus aucun dé disponible, ou ce Test a déjà reçu son dé.

        Examples:
            >>> r = ReserveExperience(1)
            >>> refus = r.convertir("crocheter", accepte=False)
            >>> refus.bonus, refus.apres.disponibles
            (0, 1)
            >>> print(refus)
            Le MJ refuse : pas de dé de bonus pour « crocheter », le dé d'expérience est
            gardé (1 dé disponible).
            >>> ok = refus.apres.convertir("crocheter", accepte=True)
            >>> print(ok)
            Le MJ accepte : 1 dé de bonus pour « crocheter » ; il reste 0 dé
            d'expérience à convertir.
            >>> ok.apres.convertir("crocheter", accepte=True)
            Traceback (most recent call last):
            ...
            rules.refus.Refus: test : « crocheter » a déjà reçu un dé d'expérience ; un Test n'en
            reçoit qu'un seul (WaRP › Dés d'expérience)
        """
        _valider.texte("test", test, quoi="le nom (non vide) du Test")
        if not isinstance(accepte, bool):
            raise Refus("accepte", "être True ou False (la décision du MJ)", recu=accepte)
        if test in self.tests:
            raise Refus(
                "test",
                f"« {test} » a déjà reçu un dé d'expérience ; un Test n'en reçoit qu'un seul (WaRP › Dés d'expérience)",
                forme=PROPOS,
            )
        if test in self.refuses and not en_cours().redemander_apres_refus:
            raise Refus(
                "test",
                f"le MJ a déjà refusé un dé pour « {test} » ; dans cette lecture, son refus vaut pour tout le Test",
                forme=PROPOS,
            )
        if self.disponibles == 0:
            raise Refus(
                "test",
                f"aucun dé d'expérience disponible pour « {test} » : "
                + ("son seul dé est déjà converti" if self.des == 1 else f"ses {self.des} dés sont déjà convertis")
                + " (ils reviennent à la fin de la partie)"
                if self.des
                else f"aucun dé d'expérience disponible pour « {test} » : le personnage n'en a pas",
                forme=PHRASE,
            )
        if not accepte:
            return Conversion(
                test=test,
                accepte=False,
                bonus=0,
                avant=self,
                # Le texte laisse redemander : la réserve d'après est la même. Une variante retient le refus.
                apres=self if en_cours().redemander_apres_refus else replace(self, refuses=self.refuses | {test}),
                explication=(
                    f"Le MJ refuse : pas de dé de bonus pour « {test} », le dé d'expérience "
                    f"est gardé ({pluriel(self.disponibles, 'dé')} disponible{s(self.disponibles)})."
                ),
            )
        apres = replace(self, convertis=self.convertis + 1, tests=self.tests | {test})
        return Conversion(
            test=test,
            accepte=True,
            bonus=1,
            avant=self,
            apres=apres,
            explication=(
                f"Le MJ accepte : 1 dé de bonus pour « {test} » ; il reste "
                f"{pluriel(apres.disponibles, 'dé')} d'expérience à convertir."
            ),
        )

    def fin_de_partie(self) -> ReserveExperience:
        """La réserve à la fin de la partie : tous les dés convertis reviennent.

        Source : « WaRP › Dés d'expérience » : « À la fin de la partie, vous
        récupérez tous les dés d'expérience que vous avez convertis : ils
        redeviennent disponibles pour une éventuelle progression de vos Traits. »
        La progression elle-même n'est pas décrite par le texte.

        Examples:
            >>> r = ReserveExperience(2).convertir("a", accepte=True).apres
            >>> r = r.convertir("b", accepte=True).apres
            >>> r.disponibles
            0
            >>> fin = r.fin_de_partie()
            >>> fin.disponibles, fin.convertis, fin.tests
            (2, 0, frozenset())
        """
        return ReserveExperience(self.des)
