"""The best brotli and gzip copies of shared files, made off the build's critical path.

Brotli at quality 11 takes 20 to 35 s for Pyodide's 8.6 MB of WebAssembly (one file, one
core: a pool cannot split it), which made the very first build on a machine last 45 s or
more; the theme's largest script takes 3 s more, its other files 1.2 s. These files are the
same in every project
(:func:`deferred`), and their copies are kept in the user's cache by content hash
(:mod:`.compress`), so this happens once per machine (per Pyodide version); until then a
build writes a quick copy (:data:`QUICK_QUALITY`: 2.53 MB against 2.12 MB at 11 for the
WebAssembly, made in under a second, still smaller than gzip's 2.82 MB) and starts, once,
a detached process at the lowest priority that makes the best copies into the cache; the
next build, of this project or any other, takes them. The build starts that process when
its own precompression is done: started as soon as the runtime was published, it still took
a share of the cores from the build (a Pyodide start in Node took 4.5 s beside it, 3.5 s
without). The gzip copy is made the same way (level 9 takes 1.3 s for the
WebAssembly, :data:`QUICK_LEVEL` 0.4 s), though it matters less.

Not deferred, so every build ships quality 11 however long it takes, when
``RULEBINDER_PRECOMPRESS=best``, or under continuous integration (``CI`` set: the job's
end would stop the process, and its cache is saved then).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import brotli

from .runtime import RUNTIME_FILES
from .shared import put

__all__ = ["QUICK", "QUICK_GZ", "QUICK_LEVEL", "QUICK_QUALITY", "best_now", "deferred",
           "packed", "start"]

#: The brotli quality of the copy a build writes while the best one is being made.
QUICK_QUALITY = 5
#: ... and the gzip level (level 9 takes 1.3 s for the WebAssembly, level 6 0.4 s, for 0.5%
#: more bytes: 2,832,471 against 2,817,770).
QUICK_LEVEL = 6
#: The suffix of a quick brotli copy's cache slot, and of a quick gzip copy's.
QUICK = f".q{QUICK_QUALITY}.br"
QUICK_GZ = f".l{QUICK_LEVEL}.gz"
#: A marker older than this is from a process that died: another may start.
STALE_SECONDS = 15 * 60
#: The processes started by this build (kept, so that none is reaped as garbage).
_STARTED: list[subprocess.Popen[bytes]] = []


def best_now(environ: dict[str, str] | None = None) -> bool:
    """Whether a build makes every copy at its best quality itself: with
    ``RULEBINDER_PRECOMPRESS=best`` or under continuous integration (``CI`` set).

    >>> best_now({}), best_now({"CI": "true"}), best_now({"RULEBINDER_PRECOMPRESS": "best"})
    (False, True, True)
    """
    env = os.environ if environ is None else environ
    setting = env.get("RULEBINDER_PRECOMPRESS", "").strip().lower()
    return setting == "best" or env.get("CI", "").strip().lower() not in ("", "0", "false")


def packed(data: bytes, slot: Path) -> bytes:
    """``data`` compressed as the cache ``slot`` says: brotli at quality 11 for a ``.br``
    slot, at :data:`QUICK_QUALITY` for a :data:`QUICK` one; gzip at level 9, or
    :data:`QUICK_LEVEL` for a :data:`QUICK_GZ` one.

    >>> data = b"let a = 1;" * 100
    >>> [len(packed(data, Path("c/x" + kind))) > 0 for kind in (".br", QUICK, ".gz", QUICK_GZ)]
    [True, True, True, True]
    >>> packed(data, Path("c/x" + QUICK_GZ)) == gzip.compress(data, QUICK_LEVEL, mtime=0)
    True
    """
    if slot.name.endswith(QUICK):
        return brotli.compress(data, quality=QUICK_QUALITY)
    if slot.suffix == ".br":
        return brotli.compress(data, quality=11)
    if slot.name.endswith(QUICK_GZ):
        return gzip.compress(data, compresslevel=QUICK_LEVEL, mtime=0)
    return gzip.compress(data, compresslevel=9, mtime=0)


def deferred(site_dir: Path, path: Path, environ: dict[str, str] | None = None) -> bool:
    """Whether the best copies of ``path`` may be made after the build: a file that is the
    same from build to build, so that the copies made once serve them all (Pyodide's
    runtime; ``assets/``: the theme's static files, Rulebinder's, and an author's own),
    unless :func:`best_now`. What the build makes from the book (pages, search index, data)
    is always packed at its best by the build. (Only files of 256 KB or more were deferred
    until the theme's small files, at quality 11, were found to take 1.2 s of a machine's
    first build.)

    >>> site = Path("site")
    >>> deferred(site, site / "pyodide" / "pyodide.asm.wasm", {})
    True
    >>> deferred(site, site / "assets" / "javascripts" / "lunr" / "wordcut.js", {})
    True
    >>> deferred(site, site / "search" / "search_index.json", {})
    False
    >>> deferred(site, site / "pyodide" / "pyodide.asm.wasm", {"CI": "1"})
    False
    """
    shared = (path.parent == site_dir / "pyodide" and path.name in RUNTIME_FILES) or (
        site_dir / "assets" in path.parents
    )
    return shared and not best_now(environ)


def _marker(slot: Path) -> Path:
    """The file saying a process is making ``slot``.

    >>> _marker(Path("c/abc.br")).as_posix()
    'c/.abc.br.making'
    """
    return slot.with_name(f".{slot.name}.making")


def _claim(slot: Path) -> bool:
    """Create ``slot``'s marker; False if a live process holds it already."""
    marker = _marker(slot)
    marker.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(2):
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return True
        except FileExistsError:
            try:
                if time.time() - marker.stat().st_mtime < STALE_SECONDS:
                    return False
            except FileNotFoundError:
                continue  # its process finished meanwhile
            marker.unlink(missing_ok=True)
    return False


def start(pairs: list[tuple[Path, Path]]) -> list[Path]:
    """Start one detached process filling each cache slot of ``pairs`` (file, slot) with
    the best copy of the file (brotli at quality 11 for a ``.br`` slot, gzip at level 9 for a
    ``.gz`` one), one after the other, but for the slots that are
    there or that a process is at already; the files it is for."""
    claimed = [(source, slot) for source, slot in pairs if not slot.is_file() and _claim(slot)]
    if not claimed:
        return []
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])  # where the `macros` package is
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    options: dict[str, object] = {"start_new_session": True}
    if os.name == "nt":
        options = {"creationflags": subprocess.DETACHED_PROCESS | subprocess.CREATE_NO_WINDOW}
    try:
        process = subprocess.Popen(  # noqa: S603 (this interpreter, this module)
            [sys.executable, "-m", __name__, *(str(path) for pair in claimed for path in pair)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            **options,  # type: ignore[call-overload]
        )
    except OSError:
        for _, slot in claimed:
            _marker(slot).unlink(missing_ok=True)
        return []
    _STARTED.append(process)
    return [source for source, _ in claimed]


def make(source: Path, slot: Path) -> int:
    """Fill ``slot`` with the best copy of ``source`` (:func:`start`) if ``source`` still has
    the content the slot is named after (the first 32 hex digits of its SHA-256), then remove
    the marker; 0 if the copy was made. Run by the process :func:`start` starts.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> source = folder / "x.js"; _ = source.write_bytes(b"let a = 1;" * 100)
    >>> slot = folder / f"{hashlib.sha256(source.read_bytes()).hexdigest()[:32]}.br"
    >>> _claim(slot), make(source, slot), brotli.decompress(slot.read_bytes())[:10]
    (True, 0, b'let a = 1;')
    >>> make(source, folder / "0123.br"), _marker(slot).exists()
    (1, False)
    """
    try:
        data = source.read_bytes()
        if hashlib.sha256(data).hexdigest()[:32] != slot.name.split(".")[0]:
            return 1  # the file changed before it was read: the slot would lie
        copy = packed(data, slot)
        if not slot.parent.is_dir():
            return 1  # the cache was removed meanwhile (a test's, a cleaned one)
        put(slot, copy)
        return 0
    except OSError:
        return 1
    finally:
        _marker(slot).unlink(missing_ok=True)


def main(paths: list[str]) -> int:
    """Make the copies of the (file, slot) pairs given one after the other; 0 if all were
    made."""
    pairs = zip(paths[::2], paths[1::2], strict=True)
    return max([make(Path(source), Path(slot)) for source, slot in pairs], default=0)


def lower_group(autogroup: Path = Path("/proc/self/autogroup")) -> bool:
    """Give this process's scheduling group the lowest priority; whether it could.

    Where Linux groups processes by session for the scheduler (``autogroup``, on by
    default), a nice value weighs only within its session, and the detached process has a
    session of its own: at nice 19 alone it still took a core from the build as an equal
    (a fresh machine's precompression took 9.5 s instead of 4). Setting its group's nice
    too leaves the build the cores it wants.

    >>> import tempfile
    >>> group = Path(tempfile.mkdtemp()) / "autogroup"; _ = group.write_text("/autogroup-1 nice 0")
    >>> lower_group(group), group.read_text()
    (True, '19')
    >>> lower_group(group.parent / "absent" / "autogroup")
    False
    """
    try:
        autogroup.write_text("19")
    except OSError:
        return False  # no autogroup (another system, or a kernel without it): nice is enough
    return True


if __name__ == "__main__":
    if hasattr(os, "nice"):
        os.nice(19)  # the lowest priority: the build, and the author's other work, come first
    lower_group()
    sys.exit(main(sys.argv[1:]))
