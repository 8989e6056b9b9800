"""A memory snapshot of the in-browser Python, so that a calculator is live sooner.

Called from ``on_post_build`` after :func:`macros.publish.runtime.publish_runtime` and
before the offline shell (which lists it with the runtime). Node boots the
published runtime, installs the rules core, runs every calculator once with its
defaults and saves Pyodide's memory (``macros/publish/snapshot.mjs``), gzipped on every
core (:mod:`.pgzip`; 21 MB of memory, mostly zeros, is 4.7 MB on the wire). The file
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
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from . import pgzip
from .shared import prune, used, user_cache

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
    env = os.environ if environ is None else environ
    return env.get("RULEBINDER_SNAPSHOT", "").strip().lower() not in ("0", "off", "false", "no")


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
    digest = hashlib.sha256()
    digest.update(f"{manifest['pyodide']}\0{manifest['sha256']}\0".encode())
    digest.update(f"{manifest.get('stdlib', '')}\0".encode())  # its name holds its key
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        digest.update(hashlib.sha256((pyodide / name).read_bytes()).digest())
    digest.update(SCRIPT.read_bytes() if SCRIPT.is_file() else b"")
    return digest.hexdigest()[:20]


def _make(node: str, pyodide: Path, target: Path) -> str | None:
    """Run ``snapshot.mjs``, gzip its output into ``target`` (whole or not at all); why
    it failed, or None."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".tmp-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        done = subprocess.run(
            [node, str(SCRIPT), str(pyodide), str(raw)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not raw.is_file():
            said = (done.stderr or done.stdout).strip()
            # Node prints the failing line of Pyodide's minified code: keep the errors.
            errors = [line.strip() for line in said.splitlines() if "Error" in line[:200]]
            return (
                f"node {SCRIPT.name} failed (exit {done.returncode}): "
                f"{' / '.join(line[:300] for line in errors[-3:]) or said[-400:]}"
            )
        packed = Path(tmp) / "snapshot.bin.gz"
        packed.write_bytes(pgzip.compress(raw.read_bytes()))  # level 9 on every core
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
