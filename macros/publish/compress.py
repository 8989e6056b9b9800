"""Precompressed copies of the site's text and WebAssembly: ``x.br`` and ``x.gz`` beside ``x``.

Called last in ``on_post_build`` (after the service worker, which lists the files as
they are). A host that serves precompressed files (nginx's ``brotli_static`` and
``gzip_static``, Caddy's ``precompressed``, a bucket whose objects carry
``Content-Encoding``) then sends brotli at its best quality without compressing on
each request; a host that compresses on the fly (GitHub Pages) ignores them. The
guide's "Hosting" page (``docs/guide/hosting.md``) has the configurations.

Brotli at quality 11 is slow (20 s for Pyodide's 8.6 MB of WebAssembly, which it
sends as 2.1 MB against gzip's 2.8 MB), so every compressed copy is kept by the hash of
its content in the user's cache, shared by all projects (:mod:`.shared`): a rebuild
compresses only what changed, and a new project's first build takes Pyodide's copies
(85% of a small site's bytes) from there. What is not cached is compressed in parallel,
on as many processes as the machine has cores, the largest files first; but the best
copies of the files that are the same in every project (Pyodide's WebAssembly alone took
20 to 35 s at brotli's best, the theme's largest script 3 s) are made
by a detached process into the cache, while the build writes quick ones
(:mod:`.later`), so only the first build on a machine ships those.
Files under :data:`MIN_BYTES`, and copies no smaller than gzip's by
:data:`MIN_SAVING`, are not written. Off with ``RULEBINDER_PRECOMPRESS=0`` and under
``mkdocs serve`` (whose own server ignores them).
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import later
from .runtime import RUNTIME_FILES
from .shared import prune, put, switched_on, used, user_cache

__all__ = [
    "COMPRESSIBLE",
    "Warming",
    "precompress",
    "precompress_enabled",
    "siblings",
]

#: What a host compresses: text, JSON, SVG and WebAssembly (archives are compressed already).
COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".webmanifest"}
)
MIN_BYTES = 1024
#: A brotli copy must be this much smaller than the gzip one to be worth a file.
MIN_SAVING = 0.02
ENCODINGS = (".br", ".gz")
#: The size the shared cache of compressed copies is pruned to (Pyodide's take 13 MB).
MAX_CACHE_BYTES = 256 * 1024 * 1024


def precompress_enabled(environ: dict[str, str] | None = None) -> bool:
    """Off with ``RULEBINDER_PRECOMPRESS=0`` (or ``off``/``false``/``no``).

    >>> precompress_enabled({}), precompress_enabled({"RULEBINDER_PRECOMPRESS": "0"})
    (True, False)
    """
    return switched_on("RULEBINDER_PRECOMPRESS", environ)


def siblings(path: Path) -> list[Path]:
    """The precompressed copies a file may have.

    >>> [p.name for p in siblings(Path("a/x.js"))]
    ['x.js.br', 'x.js.gz']
    """
    return [path.with_name(path.name + suffix) for suffix in ENCODINGS]


def _slot(cache: Path, data: bytes, suffix: str) -> Path:
    """Where the ``suffix`` copy of ``data`` is kept in ``cache``.

    >>> _slot(Path("c"), b"", ".br").as_posix()
    'c/e3b0c44298fc1c149afbf4c8996fb924.br'
    """
    return cache / f"{hashlib.sha256(data).hexdigest()[:32]}{suffix}"


#: The quick slot of each encoding's (:data:`ENCODINGS`), made while the best waits.
QUICKS = (later.QUICK, later.QUICK_GZ)


def _pack(source: str, slot: str) -> None:
    """Compress the file ``source`` into the cache ``slot`` as the slot says
    (:func:`.later.packed`); run in a worker process."""
    put(Path(slot), later.packed(Path(source).read_bytes(), Path(slot)))


def _pack_all(jobs: list[tuple[Path, Path]]) -> None:
    """Fill the cache slots of ``jobs`` (file, slot), largest file first, on up to one
    process a core."""
    jobs = sorted(jobs, key=lambda job: job[0].stat().st_size, reverse=True)
    workers = min(len(jobs), os.cpu_count() or 1)
    if workers <= 1:
        for source, slot in jobs:
            _pack(str(source), str(slot))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done in [pool.submit(_pack, str(source), str(slot)) for source, slot in jobs]:
            done.result()


def _plan(
    site_dir: Path, cache: Path
) -> tuple[list[tuple[Path, bytes]], dict[Path, list[Path]], list[tuple[Path, Path]]]:
    """The site's files to compress (path, content), the cache slots of each one's brotli
    and gzip copies, and the best copies (file, slot) to be made later (:mod:`.later`),
    quick ones meanwhile."""
    files: list[tuple[Path, bytes]] = []
    for path in sorted(site_dir.rglob("*")):
        if path.suffix in COMPRESSIBLE and path.is_file():
            data = path.read_bytes()
            if len(data) >= MIN_BYTES:
                files.append((path, data))
    slots: dict[Path, list[Path]] = {}
    waiting = []  # best copies a detached process is making (or will): quick ones meanwhile
    for path, data in files:
        slots[path], best = _slots(site_dir, path, data, cache)
        waiting += [(path, slot) for slot in best]
    return files, slots, waiting


def _slots(site_dir: Path, path: Path, data: bytes, cache: Path) -> tuple[list[Path], list[Path]]:
    """The cache slots of the brotli and gzip copies of ``path`` (in ``site_dir``; content
    ``data``), and the best ones of them to be made later (:mod:`.later`), whose quick
    slots stand in their place meanwhile."""
    slots = [_slot(cache, data, suffix) for suffix in ENCODINGS]
    lacking = [n for n, best in enumerate(slots) if not best.is_file()]
    if not lacking or not later.deferred(site_dir, path):
        return slots, []
    best = [slots[n] for n in lacking]
    for n in lacking:
        slots[n] = _slot(cache, data, QUICKS[n])
    return slots, best


def _low_priority() -> None:
    """Lower this process's priority: it takes only what the build's steps leave idle."""
    if hasattr(os, "nice"):
        os.nice(10)


def _runtime_jobs(site_dir: Path, runtime: Path, cache: Path) -> list[tuple[Path, Path]]:
    """The copies (file, slot) of the runtime's files in ``runtime`` (the engine's Pyodide
    package) that ``site_dir`` will hold under ``pyodide/``, before they are there: the same
    slots :func:`precompress` will look for then, as the files are the same."""
    jobs = []
    for name in RUNTIME_FILES:
        source = runtime / name
        if source.suffix not in COMPRESSIBLE or not source.is_file():
            continue
        data = source.read_bytes()
        if len(data) < MIN_BYTES:
            continue
        slots, _ = _slots(site_dir, site_dir / "pyodide" / name, data, cache)
        jobs += [(source, slot) for slot in slots]
    return jobs


class Warming:
    """Copies made ahead, at low priority, while the build's other steps run (the Node
    runs leave a core idle): :meth:`stop` before :func:`precompress`, which then finds
    them cached and makes the rest on every core. ``runtime``: the engine's Pyodide
    package, whose files the site will hold (:mod:`.ahead` is making its ``pyodide/``)."""

    def __init__(
        self,
        site_dir: Path,
        cache: Path | None = None,
        also: tuple[Callable[[], object], ...] = (),
        runtime: Path | None = None,
    ) -> None:
        cache = cache or user_cache() / "compressed"
        _, slots, _ = _plan(site_dir, cache)
        jobs = [(path, slot) for path, pair in slots.items() for slot in pair]
        if runtime is not None and not (site_dir / "pyodide").is_dir():
            jobs += _runtime_jobs(site_dir, runtime, cache)
        jobs = [job for job in jobs if not job[1].is_file()]
        jobs.sort(key=lambda job: job[0].stat().st_size, reverse=True)
        self.count = len(jobs)
        workers = max(1, (os.cpu_count() or 1) - 1)  # a core for the build's own steps
        self.pool = (
            ProcessPoolExecutor(max_workers=workers, initializer=_low_priority)
            if jobs or also
            else None
        )
        for work in also:  # other work of the build that may be done ahead (picklable)
            self.pool.submit(work)  # type: ignore[union-attr]
        for source, slot in jobs:
            self.pool.submit(_pack, str(source), str(slot))  # type: ignore[union-attr]

    def stop(self) -> None:
        """Drop the copies not begun and wait for those under way (precompress makes what
        is left, on every core)."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


def precompress(site_dir: Path, cache: Path | None = None) -> str:
    """Write ``.br`` and ``.gz`` copies of the site's compressible files; what was done.

    ``cache`` holds the copies by content hash (default: ``compressed/`` of the user's
    cache, :func:`.shared.user_cache`).
    """
    if not precompress_enabled():
        return "no precompressed files: RULEBINDER_PRECOMPRESS is off"
    cache = cache or user_cache() / "compressed"
    files, slots, waiting = _plan(site_dir, cache)
    jobs = [(path, slot) for path, pair in slots.items() for slot in pair if not used(slot)]
    _pack_all(jobs)
    # Now, not sooner: at the lowest priority it still slowed the build it ran beside.
    later.start(waiting)  # unless one is at it already
    plain = packed = 0
    for path, data in files:
        br, gz = (_kept(path, slot) for slot in slots[path])
        br_size, gz_size = br.stat().st_size, gz.stat().st_size
        made = path.with_name(path.name + ".gz")
        if gz_size < len(data) and not made.exists():  # MkDocs writes sitemap.xml.gz itself
            _place(gz, made)
        if br_size < gz_size * (1 - MIN_SAVING):
            _place(br, path.with_name(path.name + ".br"))
        plain += len(data)
        packed += min(br_size, gz_size, len(data))
    if jobs:  # the cache grew: keep it under its size (a build that made nothing skips the walk)
        prune(cache, MAX_CACHE_BYTES)
    return (
        f"precompressed {len(files)} files: {plain / 1e6:.1f} MB as {packed / 1e6:.1f} MB "
        f"(.br and .gz beside each, for hosts that serve them; {len(jobs)} copies made, "
        f"{2 * len(files) - len(jobs)} from the cache)"
        + (
            f"; brotli at quality {later.QUICK_QUALITY} and gzip at level {later.QUICK_LEVEL} "
            f"for {', '.join(sorted({path.name for path, _ in waiting}))} while a "
            "background process makes the best copies into the cache, for the next build"
            if waiting
            else ""
        )
    )


def _kept(source: Path, slot: Path) -> Path:
    """``slot``, the cached copy of ``source``; made again if another build pruned it
    meanwhile."""
    if not slot.is_file():
        _pack(str(source), str(slot))
    return slot


def _place(slot: Path, target: Path) -> None:
    """Put the cached copy ``slot`` at ``target``: a hard link where the file system allows
    (no bytes copied; the cache only ever replaces a slot, never writes into it), else a
    copy.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()); _ = (folder / "slot").write_bytes(b"x")
    >>> _place(folder / "slot", folder / "a.br"); _place(folder / "slot", folder / "a.br")
    >>> (folder / "a.br").read_bytes()
    b'x'
    """
    target.unlink(missing_ok=True)
    try:
        os.link(slot, target)
    except OSError:
        shutil.copyfile(slot, target)
