"""La hauteur de chaque formulaire du calculateur sur un téléphone de 375 px (pas un test : une mesure rejouable).

    python -m scripts.hauteur_formulaires                # construit le site dans un dossier temporaire
    python -m scripts.hauteur_formulaires --site DIR     # réutilise un site déjà construit
    python -m scripts.hauteur_formulaires --deplie       # « Plus d'options » ouvert : tous les champs

Chromium headless (375 × 740 px) ouvre la page « Calculateur », choisit chaque
mécanique au sélecteur et mesure la hauteur de son formulaire tel qu'il
s'affiche d'abord (valeurs par défaut, rien de déplié), en pixels CSS, du
haut du formulaire au bas de son pied (boutons compris, résultat caché).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, construire, servir

__all__ = ["hauteurs", "main"]


def hauteurs(site: Path, *, deplie: bool = False) -> dict[str, float]:
    """La hauteur (px CSS) de chaque formulaire du site construit `site`, à 375 px de large (`deplie` : « Plus
    d'options » ouvert)."""
    with servir(site) as adresse, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        try:
            page = navigateur.new_page(viewport={"width": 375, "height": 740})
            page.goto(adresse + "calculateur/", wait_until="networkidle")
            noms = page.evaluate("() => [...document.querySelectorAll('#calc-mecanique option')].map((o) => o.value)")
            mesures: dict[str, float] = {}
            for nom in noms:
                page.select_option("#calc-mecanique", nom)
                if deplie:
                    page.evaluate(
                        "(nom) => document.querySelectorAll('#form-' + nom + ' details').forEach((d) => { d.open = true; })",
                        nom,
                    )
                mesures[nom] = page.evaluate(
                    "(nom) => document.getElementById('form-' + nom).getBoundingClientRect().height", nom
                )
            return mesures
        finally:
            navigateur.close()


def main() -> None:
    analyseur = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    analyseur.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    analyseur.add_argument("--deplie", action="store_true", help="mesure avec « Plus d'options » ouvert")
    options = analyseur.parse_args()
    with tempfile.TemporaryDirectory(prefix="site-") as dossier:
        site = options.site
        if site is None:
            site = Path(dossier)
            proc = construire(site)
            if proc.returncode:
                raise SystemExit(f"mkdocs build --strict a échoué :\n{proc.stdout}{proc.stderr}")
        for nom, hauteur in hauteurs(site, deplie=options.deplie).items():
            print(f"{nom:20} {hauteur:7.0f} px")


if __name__ == "__main__":
    main()
