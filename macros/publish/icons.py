"""The app icons of the offline shell (:mod:`.offline`): a die on Material's indigo, drawn
here with the standard library (192 and 512 px, a maskable 512 px and a 180 px
``apple-touch-icon``), so every build writes the same bytes; kept in the user's cache once
drawn."""

from __future__ import annotations

import hashlib
import shutil
import struct
import zlib
from collections.abc import Iterable
from pathlib import Path

from .shared import put, user_cache

__all__ = ["ICON_CACHE", "ICON_DIR", "ICONS", "draw_icons", "icon", "icon_cache", "png",
           "write_icons"]

#: Material's "indigo" primary colour (the palette in mkdocs.yml).
THEME_COLOR = "#3f51b5"
BACKGROUND_COLOR = "#ffffff"
#: Icon files: name -> (size in px, maskable: full-bleed with the die inside the safe zone).
ICONS: dict[str, tuple[int, bool]] = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}
ICON_DIR = "assets/icons"
#: Where drawn icons are kept between builds, in the user's cache (:mod:`.shared`): they
#: are the same in every project, and drawing them takes a second.
ICON_CACHE = "icons"


# -- icons -------------------------------------------------------------------------------


def png(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """An 8-bit RGBA PNG of ``rows`` (``width * 4`` bytes each); same rows, same bytes.

    >>> data = png(2, 1, [bytes([0, 0, 0, 0, 255, 0, 0, 255])])
    >>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", struct.unpack(">II", data[16:24])
    (True, (2, 1))
    """
    raw = b"".join(b"\x00" + row for row in rows)  # filter byte 0 (none) before each row
    if len(raw) != height * (1 + 4 * width):
        raise ValueError(f"png: expected {height} rows of {4 * width} bytes")

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _coverage(distance: float) -> float:
    """How much of a pixel a shape covers, from the signed distance of its centre."""
    return min(1.0, max(0.0, 0.5 - distance))


def _rounded_box(x: float, y: float, half: float, radius: float) -> float:
    """Signed distance from (x, y) to a square of half-side ``half`` centred at 0, rounded."""
    qx = abs(x) - half + radius
    qy = abs(y) - half + radius
    outside = (max(qx, 0.0) ** 2 + max(qy, 0.0) ** 2) ** 0.5
    return outside + min(max(qx, qy), 0.0) - radius


def icon(size: int, maskable: bool) -> bytes:
    """The app icon: a white die showing five on indigo.

    Maskable icons fill the square (the phone cuts its own shape) and keep the
    die inside the central safe circle (80 % of the width); the others are an
    indigo tile with rounded corners on a transparent background. The picture
    is symmetric, so one quarter is drawn and mirrored.
    """
    indigo = _hex(THEME_COLOR)
    centre = size / 2
    tile_radius = 0.0 if maskable else size * 0.18
    die_half = size * (0.25 if maskable else 0.31)
    die_radius = die_half * 0.22
    pip_radius = die_half * 0.17
    pip_offset = die_half * 0.5
    half = (size + 1) // 2

    def pixel(x: float, y: float) -> bytes:
        tile = _coverage(_rounded_box(x, y, centre, tile_radius)) if tile_radius else 1.0
        die = _coverage(_rounded_box(x, y, die_half, die_radius))
        if die == 0.0:
            return bytes((*indigo, round(255 * tile)))
        # In the top-left quarter only the centre pip and the top-left one can be near.
        pip = max(
            _coverage(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - pip_radius)
            for cx, cy in ((0.0, 0.0), (-pip_offset, -pip_offset))
        )
        white = die * (1.0 - pip)
        rgb = (round(c + (255 - c) * white) for c in indigo)
        return bytes((*rgb, round(255 * tile)))

    quarter = [
        [pixel(px + 0.5 - centre, py + 0.5 - centre) for px in range(half)] for py in range(half)
    ]
    rows = []
    for py in range(size):
        left = quarter[py if py < half else size - 1 - py]
        row = left + left[: size - half][::-1]
        rows.append(b"".join(row))
    return png(size, size, rows)


def _kept_icon(cache: Path, name: str) -> Path:
    """Where the drawn icon ``name`` is kept in ``cache``: under a hash of this module's
    source, which draws it."""
    version = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    return cache / f"icon-{version}-{name}"


def icon_cache() -> Path:
    """The folder of the user's cache where drawn icons are kept (:data:`ICON_CACHE`)."""
    return user_cache() / ICON_CACHE


def draw_icons(cache: Path) -> None:
    """Draw the icons :data:`ICONS` that ``cache`` lacks into it (run ahead, at low
    priority, while the build's Node steps run: drawing them takes a second).

    >>> import tempfile
    >>> cache = Path(tempfile.mkdtemp())
    >>> draw_icons(cache); sorted(p.name.split("-", 2)[2] for p in cache.iterdir())[:2]
    ['apple-touch-icon.png', 'icon-192.png']
    """
    for name, (size, maskable) in ICONS.items():
        kept = _kept_icon(cache, name)
        if not kept.is_file():
            put(kept, icon(size, maskable))


def write_icons(site_dir: Path, cache: Path | None = None) -> list[str]:
    """Write :data:`ICONS` under ``<site_dir>/assets/icons/``; their site paths.

    With ``cache`` (a folder), drawn icons are kept there under a hash of this
    module's source, so a rebuild copies them instead of drawing them again.
    """
    folder = site_dir / ICON_DIR
    folder.mkdir(parents=True, exist_ok=True)
    if cache is not None:
        draw_icons(cache)
    for name, (size, maskable) in ICONS.items():
        if cache is not None:
            shutil.copyfile(_kept_icon(cache, name), folder / name)
        else:
            (folder / name).write_bytes(icon(size, maskable))
    return [f"{ICON_DIR}/{name}" for name in ICONS]
