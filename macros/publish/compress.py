"""Precompressed copies of the site's text and WebAssembly: ``x.br`` and ``x.gz`` beside ``x``.

Called last in ``on_post_build`` (after the service worker, which lists the files as
they are). A host that serves precompressed files (nginx's ``brotli_static`` and
``gzip_static``, Caddy's ``precompressed``, a bucket whose objects carry
``Content-Encoding``) then sends brotli at its best quality without compressing on
each request; a host that compresses on the fly (GitHub Pages) ignores them. The
guide's "Hosting" page (``docs/guide/hosting.md``) has the configurations.

Brotli at quality 11 is slow (20 s for Pyodide's 8.6 MB of WebAssembly, which it
sends as 2.1 MB against gzip's 2.8 MB), so every compressed copy is kept in the build
cache by the hash of its content: a rebuild compresses only what changed.
Files under :data:`MIN_BYTES`, and copies no smaller than gzip's by
:data:`MIN_SAVING`, are not written. Off with ``RULEBINDER_PRECOMPRESS=0`` and under
``mkdocs serve`` (whose own server ignores them).
"""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

import brotli

from .runtime import CACHE_DIR

__all__ = ["COMPRESSIBLE", "precompress", "precompress_enabled", "siblings"]

#: What a host compresses: text, JSON, SVG and WebAssembly (archives are compressed already).
COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".webmanifest"}
)
MIN_BYTES = 1024
#: A brotli copy must be this much smaller than the gzip one to be worth a file.
MIN_SAVING = 0.02
ENCODINGS = (".br", ".gz")


def precompress_enabled(environ: dict[str, str] | None = None) -> bool:
    """Off with ``RULEBINDER_PRECOMPRESS=0`` (or ``off``/``false``/``no``).

    >>> precompress_enabled({}), precompress_enabled({"RULEBINDER_PRECOMPRESS": "0"})
    (True, False)
    """
    env = os.environ if environ is None else environ
    return env.get("RULEBINDER_PRECOMPRESS", "").strip().lower() not in ("0", "off", "false", "no")


def siblings(path: Path) -> list[Path]:
    """The precompressed copies a file may have.

    >>> [p.name for p in siblings(Path("a/x.js"))]
    ['x.js.br', 'x.js.gz']
    """
    return [path.with_name(path.name + suffix) for suffix in ENCODINGS]


def _cached(cache: Path, data: bytes, suffix: str) -> bytes:
    key = hashlib.sha256(data).hexdigest()[:32]
    slot = cache / f"{key}{suffix}"
    if slot.is_file():
        os.utime(slot)  # kept by the pruning, which goes by last use
        return slot.read_bytes()
    if suffix == ".br":
        packed = brotli.compress(data, quality=11)
    else:
        packed = gzip.compress(data, compresslevel=9, mtime=0)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = slot.with_name(f".{slot.name}.{os.getpid()}")
    tmp.write_bytes(packed)
    tmp.replace(slot)
    return packed


def precompress(site_dir: Path, project_dir: Path) -> str:
    """Write ``.br`` and ``.gz`` copies of the site's compressible files; what was done."""
    if not precompress_enabled():
        return "no precompressed files: RULEBINDER_PRECOMPRESS is off"
    cache = project_dir / CACHE_DIR / "compressed"
    count = plain = packed = 0
    for path in sorted(site_dir.rglob("*")):
        if path.suffix not in COMPRESSIBLE or not path.is_file():
            continue
        data = path.read_bytes()
        if len(data) < MIN_BYTES:
            continue
        gz = _cached(cache, data, ".gz")
        br = _cached(cache, data, ".br")
        made = path.with_name(path.name + ".gz")
        if len(gz) < len(data) and not made.exists():  # MkDocs writes sitemap.xml.gz itself
            made.write_bytes(gz)
        if len(br) < len(gz) * (1 - MIN_SAVING):
            path.with_name(path.name + ".br").write_bytes(br)
        count += 1
        plain += len(data)
        packed += min(len(br), len(gz), len(data))
    _prune(cache, keep=4 * count + 64)
    return (
        f"precompressed {count} files: {plain / 1e6:.1f} MB as {packed / 1e6:.1f} MB "
        "(.br and .gz beside each, for hosts that serve them)"
    )


def _prune(cache: Path, keep: int) -> None:
    """Keep the ``keep`` newest copies (another build sharing the cache may be pruning too:
    a file gone meanwhile is skipped)."""
    if not cache.is_dir():
        return
    dated = []
    for entry in cache.iterdir():
        try:
            dated.append((entry.stat().st_mtime, entry))
        except FileNotFoundError:
            continue
    dated.sort(reverse=True)
    for _, old in dated[keep:]:
        old.unlink(missing_ok=True)
