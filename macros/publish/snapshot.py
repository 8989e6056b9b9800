"""A memory snapshot of the in-browser Python, so that a calculator is live sooner.

Called from ``on_post_build`` after :func:`macros.publish.runtime.publish_runtime` and
before the offline shell (which lists it with the runtime). Node boots the
published runtime, installs the rules core, runs every calculator once with its
defaults and saves Pyodide's memory (``macros/publish/snapshot.mjs``), gzipped on every
core (:mod:`.pgzip`; 21 MB of memory, mostly zeros, is 4.7 MB on the wire). Node starts
Python from a base snapshot (Python just started with this runtime and standard library,
made once per machine, :func:`base_key`) when the user's cache has one: a new book's
snapshot then takes 3 to 4 s instead of 6 to 7. The file
goes beside the wheel, in the folder named by the wheel's hash, under a name made of its
own key (the runtime, the standard library, the wheel and the script), and
``manifest.json`` names it with its unpacked size and first four bytes. The page's worker
(``macros/assets/calc-worker.js``) downloads it with the runtime, unpacks it as it
arrives (``DecompressionStream``), checks size and magic number, and restores
Python from it instead of starting Python and importing the core; if that fails
it starts Python normally.

The snapshot API is private in Pyodide (``_makeSnapshot``, ``_loadSnapshot``):
it is used only with the Pyodide versions in :data:`SNAPSHOT_VERSIONS`, checked
here; any other version, no Node, a snapshot that cannot be made, or
``RULEBINDER_SNAPSHOT=0`` leave the manifest without one (the build says why)
and every reader boots normally.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from . import pgzip
from .later import best_now
from .shared import prune, switched_on, used, user_cache

__all__ = ["SNAPSHOT_VERSIONS", "publish_snapshot", "snapshot_enabled", "snapshot_key"]

#: Pyodide versions whose private snapshot API this build was written and tested against.
SNAPSHOT_VERSIONS = ("0.29.5",)
SCRIPT = Path(__file__).with_name("snapshot.mjs")
#: The size the shared cache of snapshots is pruned to (each is about 5 MB).
MAX_CACHE_BYTES = 64 * 1024 * 1024


def snapshot_enabled(environ: dict[str, str] | None = None) -> bool:
    """Off with ``RULEBINDER_SNAPSHOT=0`` (or ``off``/``false``/``no``).

    >>> snapshot_enabled({}), snapshot_enabled({"RULEBINDER_SNAPSHOT": "off"})
    (True, False)
    """
    return switched_on("RULEBINDER_SNAPSHOT", environ)


def gzip_level(environ: dict[str, str] | None = None) -> int:
    """The snapshot's gzip level: 9 where every copy is made at its best
    (:func:`.later.best_now`: under continuous integration, which builds the site a host
    serves, or with ``RULEBINDER_PRECOMPRESS=best``), else 8. Level 8 takes half the time
    for 0.3% more bytes (a snapshot of 25,165,968 bytes: 5,679,564 bytes in 1.0 s against
    5,663,838 in 2.3 s on 2 cores), the longest part of a machine's first build after Node.

    >>> gzip_level({}), gzip_level({"CI": "true"})
    (8, 9)
    """
    return 9 if best_now(environ) else 8


def _runtime_digest(pyodide: Path, manifest: dict[str, Any]) -> Any:
    """A SHA-256 fed with what Python starts from: the runtime, the standard library the
    page boots with, the script."""
    digest = hashlib.sha256()
    # The trimmed library's file name holds its key (its folder is the wheel's).
    stdlib = Path(manifest["stdlib"]).name if manifest.get("stdlib") else ""
    digest.update(f"{manifest['pyodide']}\0{stdlib}\0".encode())
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        digest.update(hashlib.sha256((pyodide / name).read_bytes()).digest())
    digest.update(SCRIPT.read_bytes() if SCRIPT.is_file() else b"")
    return digest


def snapshot_key(pyodide: Path, manifest: dict[str, Any]) -> str:
    """The snapshot's key: the runtime, the standard library, the core wheel, the script.

    A changed core (another wheel hash) gives another key, so a snapshot of the
    old core is never reused, from the build cache or from a reader's cache.

    >>> site = Path(tempfile.mkdtemp())
    >>> for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
    ...     _ = (site / name).write_bytes(b"x")
    >>> key = snapshot_key(site, {"pyodide": "0.29.5", "sha256": "ab"})
    >>> len(key), key == snapshot_key(site, {"pyodide": "0.29.5", "sha256": "cd"})
    (20, False)
    """
    digest = _runtime_digest(pyodide, manifest)
    digest.update(f"\0{manifest['sha256']}".encode())
    return digest.hexdigest()[:20]


def base_key(pyodide: Path, manifest: dict[str, Any]) -> str:
    """The key of the base snapshot (Python just started, no core): that of
    :func:`snapshot_key` without the core wheel, so every book on this runtime and standard
    library shares it.

    >>> site = Path(tempfile.mkdtemp())
    >>> for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
    ...     _ = (site / name).write_bytes(b"x")
    >>> key = base_key(site, {"pyodide": "0.29.5", "sha256": "ab"})
    >>> key == base_key(site, {"pyodide": "0.29.5", "sha256": "cd"})
    True
    >>> key == base_key(site, {"pyodide": "0.29.5", "sha256": "ab", "stdlib": "a/s-1.zip"})
    False
    >>> base_key(site, {"pyodide": "0.29.5", "stdlib": "core/ab/s-1.zip", "sha256": "ab"}) == (
    ...     base_key(site, {"pyodide": "0.29.5", "stdlib": "core/cd/s-1.zip", "sha256": "cd"}))
    True
    """
    return _runtime_digest(pyodide, manifest).hexdigest()[:20]


def _run(node: str, pyodide: Path, raw: Path, *base: Path) -> str | None:
    """Run ``snapshot.mjs`` (``base``: the base snapshot to restore, or where to write a new
    one and a placeholder); why it failed, or None."""
    done = subprocess.run(
        [node, str(SCRIPT), str(pyodide), str(raw), *(str(path) for path in base)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode == 0 and raw.is_file():
        return None
    said = (done.stderr or done.stdout).strip()
    # Node prints the failing line of Pyodide's minified code: keep the errors.
    errors = [line.strip() for line in said.splitlines() if "Error" in line[:200]]
    return (
        f"node {SCRIPT.name} failed (exit {done.returncode}): "
        f"{' / '.join(line[:300] for line in errors[-3:]) or said[-400:]}"
    )


def _make(node: str, pyodide: Path, target: Path) -> str | None:
    """Run ``snapshot.mjs``, gzip its output into ``target`` (whole or not at all); why
    it failed, or None.

    Python is restored from the base snapshot of this runtime and standard library
    (:func:`base_key`, kept beside ``target``) when there is one: a new book's snapshot
    then costs no Python start (2 to 3 s). Without one, the run starts Python and writes
    the base snapshot first, for the next book.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    manifest = json.loads((pyodide / "manifest.json").read_text(encoding="utf-8"))
    base = target.parent / f"base-{base_key(pyodide, manifest)}.bin.gz"
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".tmp-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        fresh = Path(tmp) / "base.bin.gz"
        failure = _run(node, pyodide, raw, base) if used(base) else "no base snapshot"
        if failure is not None:  # none yet, or one that did not restore: start Python
            failure = _run(node, pyodide, raw, base, fresh)
            if failure is not None:
                return failure
            if fresh.is_file():
                fresh.replace(base)
        packed = Path(tmp) / "snapshot.bin.gz"
        packed.write_bytes(pgzip.compress(raw.read_bytes(), level=gzip_level()))
        packed.replace(target)
    return None


def publish_snapshot(site_dir: Path, shared: Path | None = None) -> str:
    """Add ``snapshot-<key>.bin.gz`` beside the core wheel and name it in ``manifest.json``.

    The snapshot is kept in ``shared`` (default: ``snapshot/`` of the user's cache,
    :mod:`.shared`) by its key (:func:`snapshot_key`): a build from the same inputs, in this
    project or a copy of it, takes it from there.

    Returns what happened, for the build log: the snapshot's path, or why there is none.
    """
    pyodide = site_dir / "pyodide"
    manifest_path = pyodide / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    wheel_folder = pyodide / Path(manifest["wheel"]).parent
    for stale in wheel_folder.glob("snapshot-*.bin.gz"):
        stale.unlink()  # a rebuild under `mkdocs serve`: only the current one stays
    if not snapshot_enabled():
        return "no memory snapshot: RULEBINDER_SNAPSHOT is off; readers boot Python normally"
    if manifest["pyodide"] not in SNAPSHOT_VERSIONS:
        return (
            f"no memory snapshot: Pyodide {manifest['pyodide']} is not one of "
            f"{', '.join(SNAPSHOT_VERSIONS)}, whose private snapshot API "
            "macros/publish/snapshot.mjs was tested with; readers boot Python normally"
        )
    node = shutil.which("node")
    if node is None:
        return "no memory snapshot: node is not installed; readers boot Python normally"
    key = snapshot_key(pyodide, manifest)
    cache = (shared or user_cache() / "snapshot") / f"snapshot-{key}.bin.gz"
    if not used(cache):  # kept by the pruning, which goes by last use
        failure = _make(node, pyodide, cache)
        if failure is not None:
            return f"no memory snapshot: {failure}; readers boot Python normally"
        prune(cache.parent, MAX_CACHE_BYTES)
    target = wheel_folder / cache.name
    shutil.copyfile(cache, target)
    with gzip.open(target, "rb") as unpacked:
        head = unpacked.read(4)
        size = len(head) + sum(len(block) for block in iter(lambda: unpacked.read(1 << 20), b""))
    manifest["snapshot"] = target.relative_to(pyodide).as_posix()
    # The worker checks both after unpacking (restoring a damaged snapshot aborts Python).
    manifest["snapshot_bytes"] = size
    manifest["snapshot_magic"] = int.from_bytes(head, "little")
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return (
        f"memory snapshot: pyodide/{manifest['snapshot']} "
        f"({target.stat().st_size:,} bytes, {size:,} unpacked)"
    )
