"""The user's cache folder, shared by every project a user builds: content-addressed outputs.

What the publishing steps make from inputs that are the same in many projects is kept
here by the hash of those inputs, so a new project's first build (and a CI run that keeps
this folder: ``rulebinder new``'s workflow caches ``~/.cache/rulebinder``) takes it instead
of making it again:

* ``compressed/``: the ``.br`` and ``.gz`` copies, by the hash of the file compressed
  (Pyodide's runtime files, 85% of a small site's bytes, are the same in every project);
* ``stdlib/``: the trimmed standard library, by the runtime and the core's Python (not its
  data);
* ``snapshot/``: memory snapshots, by every input (a clone of the same project reuses it);
* ``icons/``: the offline shell's app icons, by the source that draws them.

The folder is ``$RULEBINDER_CACHE``, else the platform's user cache (``~/.cache/rulebinder``
on Linux), where :mod:`rulebinder.runtime_cache` also keeps the fetched Pyodide. Every
entry is written whole or not at all (a private name, then renamed), so builds running at
once may share it. :func:`prune` keeps a kind's folder under a size.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["CACHE_ENV", "prune", "put", "switched_on", "used", "user_cache"]

#: An environment variable naming another cache folder than the user's.
CACHE_ENV = "RULEBINDER_CACHE"


#: The values that turn a step's switch off (``RULEBINDER_SNAPSHOT=0`` and its kin).
OFF = ("0", "off", "false", "no")


def switched_on(name: str, environ: dict[str, str] | None = None) -> bool:
    """Whether the switch ``name`` (an environment variable) is on: unset, or any value
    but :data:`OFF`.

    >>> switched_on("X", {}), switched_on("X", {"X": " Off "}), switched_on("X", {"X": "1"})
    (True, False, True)
    """
    env = os.environ if environ is None else environ
    return env.get(name, "").strip().lower() not in OFF


def user_cache(environ: dict[str, str] | None = None) -> Path:
    """The user's cache folder for Rulebinder (:data:`CACHE_ENV` if set).

    >>> str(user_cache({CACHE_ENV: "/tmp/rb-cache"}))
    '/tmp/rb-cache'
    >>> user_cache({}).name
    'rulebinder'
    """
    env = os.environ if environ is None else environ
    if env.get(CACHE_ENV):
        return Path(env[CACHE_ENV])
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("rulebinder", appauthor=False))


def put(slot: Path, data: bytes) -> None:
    """Write ``data`` to ``slot`` whole or not at all (another build may read it meanwhile).

    >>> import tempfile
    >>> slot = Path(tempfile.mkdtemp()) / "kind" / "abc.br"
    >>> put(slot, b"packed"); slot.read_bytes(), sorted(p.name for p in slot.parent.iterdir())
    (b'packed', ['abc.br'])
    """
    slot.parent.mkdir(parents=True, exist_ok=True)
    tmp = slot.with_name(f".{slot.name}.{os.getpid()}")
    tmp.write_bytes(data)
    tmp.replace(slot)


def used(slot: Path) -> bool:
    """Whether ``slot`` is in the cache; if so marked as just used, so that :func:`prune`
    (which goes by last use) keeps it.

    >>> import tempfile
    >>> slot = Path(tempfile.mkdtemp()) / "x.zip"
    >>> used(slot), slot.write_bytes(b"x"), used(slot)
    (False, 1, True)
    """
    try:
        os.utime(slot)
    except FileNotFoundError:
        return False
    return True


def prune(folder: Path, max_bytes: int) -> int:
    """Delete the least recently used files of ``folder`` until it holds at most
    ``max_bytes`` (a file another build deleted meanwhile is skipped); how many went.

    >>> import tempfile, time
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ("old", "new"):
    ...     _ = (folder / name).write_bytes(b"x" * 10); time.sleep(0.01)
    >>> prune(folder, 15), [p.name for p in folder.iterdir()]
    (1, ['new'])
    """
    if not folder.is_dir():
        return 0
    dated = []
    for entry in folder.iterdir():
        try:
            stat = entry.stat()
        except FileNotFoundError:
            continue
        if entry.is_file():
            dated.append((stat.st_mtime, stat.st_size, entry))
    dated.sort(reverse=True)
    total = gone = 0
    for _, size, entry in dated:
        total += size
        if total > max_bytes:
            entry.unlink(missing_ok=True)
            gone += 1
    return gone
