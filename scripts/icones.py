"""Les icônes de l'application (site installé sur un téléphone), dessinées ici, sans dépendance.

    python -m scripts.icones            # réécrit docs/icones/*.png
    python -m scripts.icones --verifier # échoue si les fichiers commités ne sont plus ceux du dessin

Un dé blanc (face 5) sur l'indigo du thème. Le dessin est calculé pixel par pixel
(distance signée à chaque forme, bord lissé sur un pixel) puis écrit en PNG par la
bibliothèque standard (`zlib`) : le résultat ne dépend que de ce fichier.

- `icone-192.png`, `icone-512.png` : carré indigo aux coins arrondis (usage « any ») ;
- `icone-masquable-512.png` : indigo jusqu'aux bords, dé dans la zone sûre
  (cercle de 40 % du côté) que découpe Android (usage « maskable ») ;
- `icone-180.png` : l'icône d'écran d'accueil d'iOS (carré plein, iOS arrondit lui-même).

`tests/test_hors_ligne.py` vérifie que les fichiers commités sont ceux que ce script dessine.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

DOSSIER = Path(__file__).resolve().parents[1] / "docs" / "icones"

INDIGO = (0x40, 0x51, 0xB5)
"""Le `primary: indigo` de Material (mkdocs.yml)."""
BLANC = (0xFF, 0xFF, 0xFF)

Couleur = tuple[int, int, int]


@dataclass(frozen=True)
class Icone:
    nom: str
    cote: int
    fond_arrondi: bool
    """Coins du fond arrondis (sinon le fond remplit le carré)."""
    de: float
    """Côté du dé, en fraction du côté de l'icône."""


ICONES = (
    Icone("icone-192.png", 192, fond_arrondi=True, de=0.58),
    Icone("icone-512.png", 512, fond_arrondi=True, de=0.58),
    Icone("icone-masquable-512.png", 512, fond_arrondi=False, de=0.5),
    Icone("icone-180.png", 180, fond_arrondi=False, de=0.6),
)


def _carre_arrondi(x: float, y: float, centre: float, demi: float, rayon: float) -> float:
    """Distance signée de (x, y) à un carré centré aux coins arrondis (négative dedans)."""
    qx = abs(x - centre) - (demi - rayon)
    qy = abs(y - centre) - (demi - rayon)
    dehors = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return dehors + min(max(qx, qy), 0.0) - rayon


def _couvrir(distance: float) -> float:
    """La part du pixel couverte par la forme (bord lissé sur un pixel)."""
    return min(1.0, max(0.0, 0.5 - distance))


def dessiner(icone: Icone) -> bytes:
    """Les pixels RGBA de l'icône, ligne par ligne."""
    n = icone.cote
    c = n / 2
    demi_de = icone.de * n / 2
    pas = demi_de * 0.5  # écart des points du centre aux coins de la face
    rayon_point = demi_de * 0.16
    points = [(c, c)] + [(c + sx * pas, c + sy * pas) for sx in (-1, 1) for sy in (-1, 1)]
    lignes = bytearray()
    for j in range(n):
        y = j + 0.5
        lignes.append(0)  # filtre PNG « aucun » pour la ligne
        for i in range(n):
            x = i + 0.5
            fond = _couvrir(_carre_arrondi(x, y, c, c, n * 0.22)) if icone.fond_arrondi else 1.0
            de = _couvrir(_carre_arrondi(x, y, c, demi_de, demi_de * 0.3))
            point = 0.0
            if de > 0:
                point = max(_couvrir(math.hypot(x - px, y - py) - rayon_point) for px, py in points)
            # Indigo, puis le dé blanc, puis les points indigo (couvertures composées).
            blanc = de * (1 - point)
            rgb = [round(b * blanc + f * (1 - blanc)) for b, f in zip(BLANC, INDIGO, strict=True)]
            alpha = round(255 * max(fond, de))
            lignes += bytes((*rgb, alpha))
    return bytes(lignes)


def png(icone: Icone) -> bytes:
    """L'icône en PNG (RGBA 8 bits, sans entrelacement)."""

    def bloc(genre: bytes, donnees: bytes) -> bytes:
        return struct.pack(">I", len(donnees)) + genre + donnees + struct.pack(">I", zlib.crc32(genre + donnees))

    entete = struct.pack(">IIBBBBB", icone.cote, icone.cote, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + bloc(b"IHDR", entete)
        + bloc(b"IDAT", zlib.compress(dessiner(icone), 9))
        + bloc(b"IEND", b"")
    )


def pixels(fichier: Path) -> tuple[int, int, bytes]:
    """Largeur, hauteur et lignes brutes d'un PNG écrit par ce script (pour comparer des dessins)."""
    donnees = fichier.read_bytes()
    if not donnees.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError(f"{fichier} n'est pas un PNG")
    largeur, hauteur = struct.unpack(">II", donnees[16:24])
    idat, i = b"", 8
    while i < len(donnees):
        (taille,) = struct.unpack(">I", donnees[i : i + 4])
        genre = donnees[i + 4 : i + 8]
        if genre == b"IDAT":
            idat += donnees[i + 8 : i + 8 + taille]
        i += 12 + taille
    return largeur, hauteur, zlib.decompress(idat)


def main(arguments: list[str] | None = None) -> int:
    parseur = argparse.ArgumentParser(prog="python -m scripts.icones", description=__doc__.split("\n\n")[0])
    parseur.add_argument("--verifier", action="store_true", help="compare au lieu d'écrire")
    options = parseur.parse_args(arguments)
    DOSSIER.mkdir(parents=True, exist_ok=True)
    differentes = []
    for icone in ICONES:
        fichier = DOSSIER / icone.nom
        if options.verifier:
            if not fichier.exists() or pixels(fichier)[2] != dessiner(icone):
                differentes.append(icone.nom)
        else:
            fichier.write_bytes(png(icone))
            print(
                f"{fichier.relative_to(DOSSIER.parents[1])} : {icone.cote} × {icone.cote} px, {fichier.stat().st_size} octets"
            )
    if differentes:
        print(f"icônes à redessiner (python -m scripts.icones) : {', '.join(differentes)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
