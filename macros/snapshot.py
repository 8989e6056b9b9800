"""A memory snapshot of the in-browser Python, for readers whose runtime is cached.

Called from ``on_post_build`` after :func:`macros.runtime.publish_runtime` and
before the offline shell (which lists it with the runtime). Node boots the
published runtime, imports the rules core and saves Pyodide's memory
(``macros/snapshot.mjs``); the gzipped file goes beside the wheel, in the folder
named by the wheel's hash, and ``manifest.json`` names it. A returning reader's
worker finds it in the service worker's cache and restores Python from it
instead of starting it; a first visit never downloads it.

The snapshot API is private in Pyodide (``_makeSnapshot``, ``_loadSnapshot``):
it is used only with the Pyodide versions in :data:`SNAPSHOT_VERSIONS`, checked
here; any other version, or a snapshot that cannot be made, leaves the manifest
without one (the build says why) and every reader boots normally.
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

from .runtime import CACHE_DIR

__all__ = ["SNAPSHOT_VERSIONS", "publish_snapshot", "snapshot_key"]

#: Pyodide versions whose private snapshot API this build was written and tested against.
SNAPSHOT_VERSIONS = ("0.29.5",)
SCRIPT = Path(__file__).with_name("snapshot.mjs")
_KEEP = 3  # snapshots kept in the build cache


def snapshot_key(pyodide: Path, manifest: dict[str, Any]) -> str:
    """The cache key of a snapshot: the runtime, the standard library, the wheel, the script.

    >>> site = Path(tempfile.mkdtemp())
    >>> for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
    ...     _ = (site / name).write_bytes(b"x")
    >>> key = snapshot_key(site, {"pyodide": "0.29.5", "sha256": "ab"})
    >>> len(key), key == snapshot_key(site, {"pyodide": "0.29.5", "sha256": "cd"})
    (20, False)
    """
    digest = hashlib.sha256()
    digest.update(f"{manifest['pyodide']}\0{manifest['sha256']}\0".encode())
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        digest.update(hashlib.sha256((pyodide / name).read_bytes()).digest())
    digest.update(SCRIPT.read_bytes() if SCRIPT.is_file() else b"")
    return digest.hexdigest()[:20]


def publish_snapshot(site_dir: Path, project_dir: Path) -> str:
    """Add ``snapshot.bin.gz`` beside the core wheel and name it in ``manifest.json``.

    Returns what happened, for the build log: the snapshot's path, or why there is none.
    """
    pyodide = site_dir / "pyodide"
    manifest_path = pyodide / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    if manifest["pyodide"] not in SNAPSHOT_VERSIONS:
        return (
            f"no memory snapshot: Pyodide {manifest['pyodide']} is not one of "
            f"{', '.join(SNAPSHOT_VERSIONS)}, whose private snapshot API macros/snapshot.mjs "
            "was tested with; readers boot normally"
        )
    node = shutil.which("node")
    if node is None:
        return "no memory snapshot: node is not installed; readers boot normally"
    cache = project_dir / CACHE_DIR / f"snapshot-{snapshot_key(pyodide, manifest)}.bin.gz"
    if not cache.is_file():
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache.parent, prefix=".tmp-") as tmp:
            raw = Path(tmp) / "snapshot.bin"
            done = subprocess.run(
                [node, str(SCRIPT), str(pyodide), str(raw)],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0 or not raw.is_file():
                return (
                    f"no memory snapshot: node {SCRIPT.name} failed (exit {done.returncode}): "
                    f"{(done.stderr or done.stdout).strip()[-400:]}; readers boot normally"
                )
            packed = Path(tmp) / "snapshot.bin.gz"
            with raw.open("rb") as source, gzip.GzipFile(packed, "wb", mtime=0) as target:
                shutil.copyfileobj(source, target)
            packed.replace(cache)
        for old in sorted(cache.parent.glob("snapshot-*.bin.gz"), key=lambda f: f.stat().st_mtime)[
            :-_KEEP
        ]:
            old.unlink(missing_ok=True)
    wheel_folder = Path(manifest["wheel"]).parent.as_posix()
    target = pyodide / wheel_folder / "snapshot.bin.gz"
    shutil.copyfile(cache, target)
    with gzip.open(cache, "rb") as packed:
        head = packed.read(4)
        size = len(head) + sum(len(chunk) for chunk in iter(lambda: packed.read(1 << 20), b""))
    manifest["snapshot"] = f"{wheel_folder}/snapshot.bin.gz"
    # The worker checks both before restoring (a damaged snapshot would abort Python).
    manifest["snapshot_bytes"] = size
    manifest["snapshot_magic"] = int.from_bytes(head, "little")
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return f"memory snapshot: pyodide/{manifest['snapshot']} ({target.stat().st_size:,} bytes)"
