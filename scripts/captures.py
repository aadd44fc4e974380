"""Captures d'écran des pages clés, pour les relire d'un coup d'œil (pas un test).

    python -m scripts.captures            # construit le site, écrit captures/
    python -m scripts.captures --site DIR # réutilise un site déjà construit

Construit le site (`mkdocs build --strict`), le sert sur 127.0.0.1 et, avec le
Chromium de Debian, écrit dans `captures/` (ignoré par git) :

- chaque page clé en mode clair et en mode sombre, à la largeur d'un bureau
  (1280 px) et d'un téléphone (375 px), page entière ;
- une infobulle du glossaire ouverte, une recherche sans accents ;
- chaque aide-mémoire en PDF A4, tel qu'il s'imprime ;
- le premier écran d'un téléphone (375 × 812 px, sans défilement) de l'accueil, d'une page de règles et
  du calculateur : ce que voit un joueur avant de toucher l'écran (`premier-ecran-*.png`).

    python -m scripts.captures --site DIR --premier-ecran   # seulement ces premiers écrans
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from scripts.outils import ARGUMENTS_CHROMIUM, CHROMIUM, RACINE, construire, servir

PAGES = {
    "accueil": "",
    "premiers-pas-warp": "premiers-pas/warp/",
    "premiers-pas-troisd6": "premiers-pas/troisd6/",
    "glossaire": "glossaire/",
    "aide-memoire-warp": "aide-memoire/warp/",
    "aide-memoire-troisd6": "aide-memoire/troisd6/",
    "jets-simples": "warp/jets-simples/",
    "jets-opposes": "warp/jets-opposes/",
    "imprimer": "imprimer/",
}
"""Nom de la capture → adresse dans le site (les pages absentes sont sautées)."""

FORMATS = {"bureau": {"width": 1280, "height": 900}, "telephone": {"width": 375, "height": 740}}

PREMIERS_ECRANS = {"accueil": "", "scenes-majeures": "troisd6/scenes-majeures/", "calculateur": "calculateur/"}
"""Les pages dont on capture le premier écran d'un téléphone (la règle d'abord, pas Jupyter)."""

ECRAN_TELEPHONE = {"width": 375, "height": 812}


def _capturer(page: Page, adresse: str, fichier: Path) -> None:
    page.goto(adresse, wait_until="networkidle")
    page.screenshot(path=str(fichier), full_page=True)


def premiers_ecrans(site: Path, sortie: Path) -> list[Path]:
    """Le premier écran (375 × 812, sans défilement ni geste) de chaque page de `PREMIERS_ECRANS`, en clair."""
    sortie.mkdir(parents=True, exist_ok=True)
    ecrits: list[Path] = []
    with servir(site) as racine, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        page = navigateur.new_page(
            viewport=ECRAN_TELEPHONE,  # type: ignore[arg-type]
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
        )
        for nom, chemin in PREMIERS_ECRANS.items():
            if (site / chemin / "index.html").exists():
                page.goto(racine + chemin, wait_until="networkidle")
                ecrits.append(sortie / f"premier-ecran-{nom}.png")
                page.screenshot(path=str(ecrits[-1]))
        navigateur.close()
    return ecrits


def capturer(site: Path, sortie: Path) -> list[Path]:
    """Écrit les captures de `site` dans `sortie` ; renvoie les fichiers écrits."""
    sortie.mkdir(parents=True, exist_ok=True)
    ecrits: list[Path] = []
    presentes = {nom: chemin for nom, chemin in PAGES.items() if (site / chemin / "index.html").exists()}
    with servir(site) as racine, sync_playwright() as p:
        navigateur = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGUMENTS_CHROMIUM)
        for schema in ("light", "dark"):
            for format_nom, taille in FORMATS.items():
                page = navigateur.new_page(viewport=taille, color_scheme=schema)  # type: ignore[arg-type]
                for nom, chemin in presentes.items():
                    fichier = sortie / f"{nom}-{format_nom}-{'clair' if schema == 'light' else 'sombre'}.png"
                    _capturer(page, racine + chemin, fichier)
                    ecrits.append(fichier)
                page.close()

        page = navigateur.new_page(viewport=FORMATS["bureau"])
        page.goto(racine + "warp/jets-simples/", wait_until="networkidle")
        terme = page.locator("article.md-typeset > p abbr").first
        terme.scroll_into_view_if_needed()
        terme.hover()
        page.locator(".md-tooltip2--active").wait_for()
        page.wait_for_timeout(400)  # la fin de l'animation d'apparition
        ecrits.append(sortie / "infobulle.png")
        page.screenshot(path=str(ecrits[-1]))

        page.goto(racine, wait_until="networkidle")
        champ = page.locator("input[data-md-component='search-query']")
        champ.click()
        champ.press_sequentially("reussite", delay=30)
        page.locator(".md-search-result__item").first.wait_for()
        page.wait_for_timeout(500)
        ecrits.append(sortie / "recherche-reussite.png")
        page.screenshot(path=str(ecrits[-1]))

        page.emulate_media(media="print")
        for nom, chemin in presentes.items():
            if nom.startswith("aide-memoire"):
                page.goto(racine + chemin, wait_until="networkidle")
                ecrits.append(sortie / f"{nom}.pdf")
                page.pdf(path=str(ecrits[-1]), format="A4")
        navigateur.close()
    return ecrits


def main(arguments: list[str] | None = None) -> int:
    analyse = argparse.ArgumentParser(prog="python -m scripts.captures", description=__doc__.splitlines()[0])
    analyse.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build --strict)")
    analyse.add_argument("--sortie", type=Path, default=RACINE / "captures", help="dossier des captures")
    analyse.add_argument("--premier-ecran", action="store_true", help="seulement le premier écran d'un téléphone")
    options = analyse.parse_args(arguments)
    with tempfile.TemporaryDirectory(prefix="site-") as temporaire:
        site = options.site
        if site is None:
            site = Path(temporaire)
            proc = construire(site)
            if proc.returncode != 0:
                print(proc.stdout + proc.stderr, file=sys.stderr)
                print(f"mkdocs build --strict a échoué (code {proc.returncode})", file=sys.stderr)
                return 1
        ecrits = premiers_ecrans(site, options.sortie)
        if not options.premier_ecran:
            ecrits += capturer(site, options.sortie)
    print(f"{len(ecrits)} captures dans {options.sortie}/")
    for fichier in ecrits:
        print(f"  {fichier.relative_to(options.sortie)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
