"""Les mauvaises entrées, jetées sur chaque fonction et classe publique de `rules`.

Le catalogue (`publics`) est lu dans les `__all__` des modules de `rules` : une
fonction ajoutée demain y entre d'office. `appeler` fait un appel et le juge :
un résultat valide, ou un refus propre (un `ValueError` français qui nomme ce
qu'il refuse), rien d'autre. `tests/test_entrees.py` s'en sert avec hypothesis ;
ce script compte et chronomètre (ce qu'un test ne fait pas) :

    python -m scripts.entrees                 # 40 tirages par entrée publique
    python -m scripts.entrees --tirages 200 --graine 7

Il imprime le nombre d'appels, de refus propres, d'appels acceptés, et les durées
(médiane, plus lent) ; il sort en erreur sur un refus impropre ou un appel de plus
d'une seconde.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import importlib
import inspect
import itertools
import pkgutil
import random
import re
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from types import FrameType
from typing import Any

import rules
from rules.refus import Refus

# --- Le catalogue des entrées publiques ------------------------------------------------

RESULTATS = {
    # Des enregistrements que rendent les règles : on ne les construit pas à la main, et chaque
    # règle qui en reçoit un (opposition, scene_opposee, armure_relationnelle…) le recalcule depuis ses dés.
    "Jet",
    "Opposition",
    "Round",
    "Deroulement",
    "Cooperation",
    # Les déclarations des variantes et des règles maison (rules.variantes) : des données du paquet, lues, jamais
    # construites par un appelant.
    "Variante",
    "RegleMaison",
    "Conversion",
    "Apercu",
    "JetCache",
    "SceneOpposee",
    "SceneNonOpposee",
    "Effet",
    "Initiative",
    "Echange",
    "TourJoue",
    "Scene",
    "Accroissement",
    # Les chances exactes d'une scène entière ou d'un échange, et la comparaison des risques (rules.troisd6.duel).
    "ChancesScene",
    "ChancesEchange",
    "Comparaison",
    # Le calculateur : sa réponse et ses tableaux (rendus par calculer), ses formulaires et leurs champs
    # (décrits une fois par le paquet, dans FORMULAIRES) ; ses entrées éprouvées sont calculer et calculer_json.
    "Reponse",
    "Tableau",
    "Formulaire",
    "Champ",
}
"""Les classes publiques qui sont des résultats (enregistrements gelés), pas des entrées."""

BASES = {"Evaluateur": "classe abstraite à dériver : le moteur refuse tout ce qui n'en est pas une instance"}
"""Les classes publiques qu'on dérive au lieu de les appeler."""


@dataclass(frozen=True)
class Entree:
    """Une entrée publique : une fonction, une classe, ou une méthode d'une instance d'exemple."""

    nom: str
    appelable: Callable[..., Any]
    parametres: tuple[inspect.Parameter, ...]


def _modules() -> list[Any]:
    noms = ["rules"]
    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            noms.append(info.name)
    return [importlib.import_module(n) for n in sorted(noms)]


def publics() -> dict[str, Any]:
    """Chaque objet nommé dans un `__all__` de `rules`, une fois (au nom de son module d'origine)."""
    vus: dict[int, tuple[str, Any]] = {}
    for module in _modules():
        for nom in getattr(module, "__all__", ()):
            objet = getattr(module, nom)
            cle = id(objet)
            if cle not in vus or len(module.__name__) > len(vus[cle][0].rsplit(".", 1)[0]):
                vus[cle] = (f"{module.__name__}.{nom}", objet)
    return dict(sorted(vus.values()))


def _parametres(appelable: Callable[..., Any]) -> tuple[inspect.Parameter, ...]:
    return tuple(p for p in inspect.signature(appelable).parameters.values() if p.name != "self")


def _exemples() -> dict[str, Any]:
    """Une instance valide de chaque classe d'entrée à méthodes, pour en appeler les méthodes."""
    from rules.troisd6 import Argument, Avantage, Difficulte, Indice, Manoeuvre, Personnage, Tour, manoeuvre
    from rules.warp import ReserveExperience, TraitSansDes

    return {
        "ReserveExperience": ReserveExperience(2),
        "Manoeuvre": manoeuvre("Rester à fond"),
        "Difficulte": Difficulte.ASSEZ_FACILE,
        "Avantage": Avantage.MOYEN,
        "Personnage": Personnage("Philip", seuil=12, indice="2D6"),
        "Tour": Tour(),
        "Indice": Indice(2),
        "Argument": Argument("essai"),
        "TraitSansDes": TraitSansDes("Charme"),
        "Manoeuvre non chiffrée": Manoeuvre("Forcer", "contact"),
    }


def entrees() -> list[Entree]:
    """Les entrées à éprouver : fonctions, classes d'entrée, énumérations, et méthodes publiques de leurs instances."""
    resultat: list[Entree] = []
    exemples = _exemples()
    for nom, objet in publics().items():
        court = nom.rsplit(".", 1)[1]
        if court in RESULTATS or court in BASES:
            continue
        if isinstance(objet, type) and issubclass(objet, enum.Enum):
            resultat.append(Entree(nom, objet, (inspect.Parameter("valeur", inspect.Parameter.POSITIONAL_ONLY),)))
        elif callable(objet):
            resultat.append(Entree(nom, objet, _parametres(objet)))
        if isinstance(objet, type):
            instances = [v for k, v in exemples.items() if isinstance(v, objet) and type(v) is objet]
            for instance in instances:
                for methode, _fonction in inspect.getmembers(type(instance), inspect.isfunction):
                    # (« xǁ…ǁ…__mutmut_N » : les variantes qu'ajoute mutmut dans sa copie du paquet, pas des méthodes)
                    if methode.startswith("_") or "mutmut" in methode or methode in {"libelle", "rang"}:
                        continue
                    lie = getattr(instance, methode)
                    resultat.append(Entree(f"{nom}().{methode}", lie, _parametres(lie)))
    return resultat


def classes_non_classees() -> list[str]:
    """Les classes publiques qui ne sont ni une entrée éprouvée, ni un résultat, ni une base (doit rester vide)."""
    connues = {e.nom for e in entrees()}
    return [
        nom
        for nom, objet in publics().items()
        if isinstance(objet, type) and nom not in connues and nom.rsplit(".", 1)[1] not in RESULTATS | set(BASES)
    ]


# --- Les valeurs jetées ------------------------------------------------------------------

CHAINES = ["2D6", "1D6+1D3", "1D61D3", "2D6+", "3D3", "99D6", "400D6", "1D8", "non", "oui", "", " ", "6,6,6", "Ada"]
GRANDS = [10**9, -(10**9), 10**100, 10**5000, 2**63, -1, 0, 13, 61, 1001]


def _infini(graine: int) -> Iterator[int]:
    return itertools.cycle([1 + graine % 6, 6, 1]) if graine % 2 else itertools.count(1)


def valeurs_de_base(alea: random.Random) -> Any:
    """Une valeur quelconque tirée avec `alea` : le script s'en sert sans hypothesis."""
    from rules.troisd6 import Avantage, Defense, Difficulte, Indice, Niveau, Personnage, Tour
    from rules.troisd6 import jet as jet3
    from rules.warp import Resultat, jet

    tirages: list[Callable[[], Any]] = [
        lambda: None,
        lambda: alea.choice([True, False]),
        lambda: alea.randint(-3, 20),
        lambda: alea.choice(GRANDS),
        lambda: alea.choice([0.5, -1.5, float("nan"), float("inf"), 1e308, 3.0]),
        lambda: Fraction(alea.randint(-5, 5), alea.randint(1, 7)),
        lambda: alea.choice(CHAINES),
        lambda: tuple(alea.randint(0, 7) for _ in range(alea.randint(0, 6))),
        lambda: [alea.randint(1, 6) for _ in range(alea.randint(0, 4))],
        lambda: _infini(alea.randint(0, 9)),
        lambda: alea.choice([*Resultat, *Niveau, *Avantage, *Defense, *Difficulte]),
        lambda: random.Random(alea.randint(0, 99)),
        lambda: {alea.choice(CHAINES): alea.randint(-2, 2)},
        lambda: alea.choice(
            [
                jet(3, des=(6, 2, 1)),
                jet3(10, (4, 4, 2)),
                Personnage("Ada", seuil=11, indice="2D6"),
                Personnage("la panne", actif=False),
                Tour(),
                Indice(1, 1),
                b"6",
                object(),
            ]
        ),
        lambda: dataclasses.replace(jet3(10, (4, 4, 2)), total=alea.choice(["x", 99, None])),
        lambda: dataclasses.replace(jet(2, des=(6, 5)), critiques=alea.choice(["x", 9, None])),
    ]
    return alea.choice(tirages)()


def arguments(
    entree: Entree, tirer: Callable[[], Any], omettre: Callable[[], bool]
) -> tuple[list[Any], dict[str, Any]]:
    """Les arguments d'un appel : chaque paramètre reçoit une valeur tirée, ou garde son défaut."""
    positionnels: list[Any] = []
    nommes: dict[str, Any] = {}
    for p in entree.parametres:
        if p.kind is p.VAR_POSITIONAL:
            positionnels.extend(tirer() for _ in range(3) if not omettre())
        elif p.kind is p.VAR_KEYWORD or (p.default is not p.empty and omettre()):
            continue
        elif p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and not nommes:
            positionnels.append(tirer())
        else:
            nommes[p.name] = tirer()
    return positionnels, nommes


# --- Le jugement d'un appel ---------------------------------------------------------------

ANGLAIS = re.compile(
    r"\b(object|argument|arguments|must|expected|instance|instances|not supported|invalid literal|has no attribute|"
    r"unhashable|is not|division|exceeds|takes|got|required|iterable|subscriptable|NoneType)\b"
)
"""Des mots d'un message anglais de Python : un refus qui en contient n'a pas été écrit par `rules`."""


class TropLong(Exception):
    """Un appel a dépassé la borne de temps."""


def _alarme(signum: int, frame: FrameType | None) -> None:
    raise TropLong


@dataclass(frozen=True)
class Verdict:
    """Ce qu'a donné un appel."""

    issue: str
    """« accepté », « refusé » ou « impropre »."""
    detail: str
    duree: float


def juger_resultat(nom: str, resultat: Any) -> str | None:
    """Un défaut du résultat d'un appel accepté, ou None. Une loi a toutes ses clés et somme à 1."""
    if isinstance(resultat, dict) and resultat and all(isinstance(v, Fraction) for v in resultat.values()):
        cles = list(resultat)
        classe = type(cles[0])
        if issubclass(classe, enum.Enum) and all(type(c) is classe for c in cles):
            if set(cles) != set(classe) and not nom.endswith("distribution_etendue") and "etendu" not in nom:
                return f"loi incomplète : {sorted(str(c) for c in set(classe) - set(cles))} manquent"
            if sum(resultat.values()) != 1 or any(not 0 <= v <= 1 for v in resultat.values()):
                return "loi qui ne somme pas à 1"
    if isinstance(resultat, Fraction) and ("chance" in nom or "probabilite" in nom) and not 0 <= resultat <= 1:
        return f"probabilité hors de [0, 1] : {resultat}"
    return None


def lieux_permis(entree: Entree) -> set[str]:
    """Ce sur quoi un refus de cette entrée peut porter : ses paramètres (et, pour une méthode, les champs de son objet)."""
    permis = {p.name for p in entree.parametres}
    objet = getattr(entree.appelable, "__self__", None)
    if objet is not None and dataclasses.is_dataclass(objet):
        permis |= {f.name for f in dataclasses.fields(objet)}
    return permis


def appeler(entree: Entree, positionnels: list[Any], nommes: dict[str, Any], *, borne: float = 5.0) -> Verdict:
    """Fait l'appel sous une borne de temps (SIGALRM) et le juge ; une alarme déjà posée (celle de pytest-timeout)
    est reposée après, pour ce qu'il lui restait."""
    precedent = signal.signal(signal.SIGALRM, _alarme)
    reste, _ = signal.setitimer(signal.ITIMER_REAL, borne)
    debut = time.perf_counter()
    try:
        resultat = entree.appelable(*positionnels, **nommes)
    except TropLong:
        return Verdict("impropre", f"plus de {borne} s", time.perf_counter() - debut)
    except ValueError as erreur:
        duree = time.perf_counter() - debut
        message = str(erreur)
        if type(erreur) is not Refus:  # un refus du paquet, comme donnée : pas un ValueError nu, ni un JSONDecodeError
            return Verdict("impropre", f"{type(erreur).__name__} : {message}", duree)
        if ANGLAIS.search(message):
            return Verdict("impropre", f"message anglais : {message}", duree)
        permis = lieux_permis(entree)
        etrangers = [lieu for lieu in erreur.lieux if permis and lieu[0] not in permis]
        if etrangers:  # jugé sur ses lieux, jamais sur sa phrase
            return Verdict(
                "impropre", f"refus qui porte sur {etrangers}, aucun paramètre de l'entrée : {message}", duree
            )
        return Verdict("refusé", message, duree)
    except MemoryError:
        return Verdict("impropre", "MemoryError", time.perf_counter() - debut)
    except Exception as erreur:
        return Verdict("impropre", f"{type(erreur).__name__} : {erreur}", time.perf_counter() - debut)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, precedent)
        if reste:
            signal.setitimer(signal.ITIMER_REAL, max(reste - (time.perf_counter() - debut), 0.001))
    duree = time.perf_counter() - debut
    defaut = juger_resultat(entree.nom, resultat)
    if defaut:
        return Verdict("impropre", defaut, duree)
    return Verdict("accepté", type(resultat).__name__, duree)


def decrire(entree: Entree, positionnels: list[Any], nommes: dict[str, Any]) -> str:
    """L'appel écrit pour un rapport d'échec."""
    from rules._valider import recu

    morceaux = [recu(v) for v in positionnels] + [f"{k}={recu(v)}" for k, v in nommes.items()]
    return f"{entree.nom}({', '.join(morceaux)})"


# --- Le script --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tirages", type=int, default=40, help="appels par entrée publique (40)")
    parser.add_argument("--graine", type=int, default=2026)
    args = parser.parse_args(argv)
    alea = random.Random(args.graine)
    liste = entrees()
    durees: list[float] = []
    comptes = {"accepté": 0, "refusé": 0, "impropre": 0}
    impropres: list[str] = []
    lents: list[str] = []
    for entree in liste:
        for _ in range(args.tirages):
            positionnels, nommes = arguments(entree, lambda: valeurs_de_base(alea), lambda: alea.random() < 0.4)
            verdict = appeler(entree, positionnels, nommes)
            comptes[verdict.issue] += 1
            durees.append(verdict.duree)
            if verdict.issue == "impropre":
                impropres.append(f"{decrire(entree, positionnels, nommes)} → {verdict.detail}")
            if verdict.duree > 1.0:
                lents.append(f"{decrire(entree, positionnels, nommes)} : {verdict.duree:.2f} s")
    total = sum(comptes.values())
    print(f"{len(liste)} entrées publiques, {total} appels (graine {args.graine}, {args.tirages} par entrée)")
    print(f"  refus français propres : {comptes['refusé']}")
    print(f"  appels acceptés (résultat valide) : {comptes['accepté']}")
    print(f"  impropres : {comptes['impropre']}")
    print(
        f"  durée : médiane {statistics.median(durees) * 1e3:.2f} ms, "
        f"plus lent {max(durees) * 1e3:.0f} ms, {len(lents)} au-delà d'une seconde"
    )
    for ligne in impropres[:20] + lents[:20]:
        print("  ! " + ligne)
    return 1 if impropres or lents else 0


if __name__ == "__main__":
    sys.exit(main())
