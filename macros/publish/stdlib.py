"""The standard library a first answer needs, and nothing more: a trimmed ``python_stdlib``.

Called from ``on_post_build`` after :func:`macros.publish.runtime.publish_runtime` and before
the memory snapshot (which is made with the trimmed library, so that the two agree).
Pyodide's whole standard library, precompiled, is 4.2 MB (the stock one 2.4 MB), and a
zip does not compress further on the wire; the rules core uses about a tenth of it.

Node boots the published runtime with the whole library (``macros/publish/stdlib.mjs``),
installs the core wheel, imports every module of the core and every module its
sources name (also inside functions), runs every calculator once, and lists the
library files Python loaded. Those files, taken from the published (precompiled)
``python_stdlib.zip``, make ``stdlib-<key>.zip`` beside the core wheel, and
``manifest.json`` names it (``stdlib``) with the top-level names it left out
(``stdlib_rest``). The page's worker boots with it (Pyodide's ``stdLibURL``) and adds
a finder that, if Python ever imports a module the trimmed library lacks, fetches
the whole ``python_stdlib.zip`` once and imports it from there
(``macros/assets/calc-worker.js``): a lacking module costs a download, never an error.

Listing takes a Pyodide start in Node (3 to 6 s), the longest step of a machine's first
build. An author's engine is the same in every project whose books have no Python of their
own, so its listing ships with Rulebinder (``stdlib-shipped.json``, under the key below:
the runtime and the core's code); a build whose key is that one takes the listing from
there and starts no Node. ``tests/test_stdlib_shipped.py`` fails when the engine's code
changed and the shipped listing was not made again (``scripts/ship_stdlib.py`` makes it).

No Node (and no shipped listing), a failed listing or ``RULEBINDER_STDLIB=full`` leave the
manifest without ``stdlib``: readers get the whole library, as before.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from .shared import prune, put, used, user_cache

__all__ = ["core_imports", "publish_stdlib", "ship", "shipped", "trim", "trimmed_enabled"]

SCRIPT = Path(__file__).with_name("stdlib.mjs")
#: The listing made for an author's engine of this release (:func:`ship`).
SHIPPED = Path(__file__).with_name("stdlib-shipped.json")
#: Where Pyodide mounts the standard library; listed files under it are kept.
ZIP_ROOT = "/lib/python313.zip/"
#: The size the shared cache of trimmed libraries is pruned to (each is 0.7 MB).
MAX_CACHE_BYTES = 32 * 1024 * 1024
#: The wheel's members that are rules data, not code.
DATA_MEMBERS = "calculators/data/"


def trimmed_enabled(environ: dict[str, str] | None = None) -> bool:
    """Off with ``RULEBINDER_STDLIB=full``.

    >>> trimmed_enabled({}), trimmed_enabled({"RULEBINDER_STDLIB": "full"})
    (True, False)
    """
    env = os.environ if environ is None else environ
    return env.get("RULEBINDER_STDLIB", "").strip().lower() != "full"


def core_imports(package: Path) -> list[str]:
    """The standard-library modules the core's sources import, at any depth.

    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "m.py").write_text("import json\\ndef f():\\n    from fractions import F\\n")
    >>> core_imports(folder)
    ['fractions', 'json']
    """
    names: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
    return sorted(name for name in names if name.split(".")[0] in sys.stdlib_module_names)


def _core_imports_kept(package: Path, cache: Path) -> list[str]:
    """:func:`core_imports`, kept in ``cache`` by the hash of the sources it reads (parsing
    them is most of a warm build's step)."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    slot = cache / f"imports-{digest.hexdigest()[:32]}.json"
    if used(slot):
        try:
            kept: list[str] = json.loads(slot.read_text(encoding="utf-8"))
            return kept
        except ValueError:
            pass
    named = core_imports(package)
    put(slot, json.dumps(named).encode())
    return named


def trim(full: bytes, keep: set[str]) -> tuple[bytes, list[str]]:
    """The zip of ``full``'s members named in ``keep``; and the top-level names left out.

    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w") as z:
    ...     for name in ("json/__init__.pyc", "json/decoder.pyc", "email/__init__.pyc", "a.pyc"):
    ...         z.writestr(name, b"x")
    >>> data, rest = trim(buffer.getvalue(), {"json/__init__.pyc", "a.pyc"})
    >>> sorted(zipfile.ZipFile(io.BytesIO(data)).namelist()), rest
    (['a.pyc', 'json/__init__.pyc'], ['email'])
    """
    source = zipfile.ZipFile(io.BytesIO(full))
    out = io.BytesIO()
    kept_tops: set[str] = set()
    all_tops: set[str] = set()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in source.infolist():
            top = info.filename.split("/")[0].removesuffix(".pyc").removesuffix(".py")
            all_tops.add(top)
            if info.filename in keep:
                kept_tops.add(top)
                member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                member.external_attr = info.external_attr
                member.compress_type = zipfile.ZIP_DEFLATED
                target.writestr(member, source.read(info))
    return out.getvalue(), sorted(all_tops - kept_tops - {""})


def code_digest(wheel: Path) -> str:
    """The hash of the core wheel's code: every member but the exported rules data
    (``calculators/data/``), which names no module the listing would not find anyway
    (:func:`core_imports` reads every import of the code).

    >>> folder = Path(tempfile.mkdtemp())
    >>> def wheel(name: str, members: dict[str, bytes]) -> Path:
    ...     with zipfile.ZipFile(folder / name, "w") as archive:
    ...         for member, data in members.items():
    ...             archive.writestr(member, data)
    ...     return folder / name
    >>> code = {"calculators/a.py": b"import json"}
    >>> one = code_digest(wheel("1.whl", {**code, "calculators/data/x.json": b"{}"}))
    >>> one == code_digest(wheel("2.whl", {**code, "calculators/data/x.json": b"[1]"}))
    True
    >>> one == code_digest(wheel("3.whl", {"calculators/a.py": b"import csv"}))
    False
    """
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            if name.startswith(DATA_MEMBERS) or ".dist-info/" in name:
                continue
            digest.update(f"{name}\0".encode())
            digest.update(hashlib.sha256(archive.read(name)).digest())
    return digest.hexdigest()


def _key(pyodide: Path, manifest: dict[str, Any], named: list[str]) -> str:
    """The trimmed library's key: the runtime, the core's code (not its data), the script."""
    code = code_digest(pyodide / manifest["wheel"])
    digest = hashlib.sha256()
    digest.update(f"{manifest['pyodide']}\0{code}\0{','.join(named)}\0".encode())
    digest.update(hashlib.sha256((pyodide / "python_stdlib.zip").read_bytes()).digest())
    digest.update(SCRIPT.read_bytes())
    return digest.hexdigest()[:20]


def shipped(key: str, path: Path = SHIPPED) -> set[str] | None:
    """The library files shipped for ``key`` (:func:`ship`), or None.

    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "s.json").write_text('{"key": "k1", "files": ["json/__init__.pyc"]}')
    >>> shipped("k1", folder / "s.json"), shipped("k2", folder / "s.json")
    ({'json/__init__.pyc'}, None)
    >>> shipped("k1", folder / "absent.json") is None
    True
    """
    try:
        listing = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if listing.get("key") != key:
        return None
    return set(listing["files"])


def ship(pyodide: Path, core: Path, path: Path = SHIPPED) -> str:
    """List with Node what the core of the built site's ``pyodide`` folder needs (``core``:
    the engine's ``calculators/``, whose imports are named) and write it to ``path`` under
    the site's key; the key. Run by ``scripts/ship_stdlib.py`` on an author's build."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed: it lists what the core needs")
    manifest = json.loads((pyodide / "manifest.json").read_text(encoding="utf-8"))
    named = core_imports(core)
    key = _key(pyodide, manifest, named)
    listed = _listed(node, pyodide, named)
    if isinstance(listed, str):
        raise RuntimeError(listed)
    listing = {
        "about": "What an author's engine of this release needs of the standard library "
        "(macros/publish/stdlib.py); made by scripts/ship_stdlib.py.",
        "pyodide": manifest["pyodide"],
        "key": key,
        "files": sorted(listed),
    }
    path.write_text(json.dumps(listing, indent=1) + "\n", encoding="utf-8")
    return key


def _listed(node: str, pyodide: Path, named: list[str]) -> set[str] | str:
    """The library files the core loads (paths inside the zip), or why there are none."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "listed.json"
        done = subprocess.run(
            [node, str(SCRIPT), str(pyodide), str(out), *named],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not out.is_file():
            said = (done.stderr or done.stdout).strip()
            return f"node {SCRIPT.name} failed (exit {done.returncode}): {said[-400:]}"
        listed = json.loads(out.read_text(encoding="utf-8"))
    if listed["failed"] or listed["missing"]:
        return f"calculators failed {listed['failed']}, modules missing {listed['missing']}"
    return {path[len(ZIP_ROOT) :] for path in listed["files"] if path.startswith(ZIP_ROOT)}


def publish_stdlib(site_dir: Path, project_dir: Path, shared: Path | None = None) -> str:
    """Add ``stdlib-<key>.zip`` beside the core wheel and name it in ``manifest.json``.

    The trimmed library is kept in ``shared`` (default: ``stdlib/`` of the user's cache,
    :mod:`.shared`) by its key, which leaves out the rules data: a new project of the same
    engine takes it from there.

    Returns what happened, for the build log.
    """
    pyodide = site_dir / "pyodide"
    manifest_path = pyodide / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    folder = pyodide / Path(manifest["wheel"]).parent
    for stale in folder.glob("stdlib-*.zip"):
        stale.unlink()
    if not trimmed_enabled():
        return "whole standard library: RULEBINDER_STDLIB is full"
    named = _core_imports_kept(project_dir / "calculators", shared or user_cache() / "stdlib")
    key = _key(pyodide, manifest, named)
    cache = (shared or user_cache() / "stdlib") / f"stdlib-{key}.zip"
    rest_file = cache.with_suffix(".json")
    origin = "kept"
    if not (used(cache) and used(rest_file)):
        listed = shipped(key)
        origin = "shipped"
        if listed is None:
            node = shutil.which("node")
            if node is None:
                return "whole standard library: node is not installed to list what the core needs"
            listed = _listed(node, pyodide, named)
            origin = "listed"
            if isinstance(listed, str):
                return f"whole standard library: {listed}"
        data, rest = trim((pyodide / "python_stdlib.zip").read_bytes(), listed)
        put(rest_file, json.dumps(rest).encode())
        put(cache, data)
        prune(cache.parent, MAX_CACHE_BYTES)
    target = folder / cache.name
    shutil.copyfile(cache, target)
    manifest["stdlib"] = target.relative_to(pyodide).as_posix()
    manifest["stdlib_rest"] = json.loads(rest_file.read_text(encoding="utf-8"))
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    full = (pyodide / "python_stdlib.zip").stat().st_size
    how = {
        "kept": "from the user's cache",
        "shipped": "the listing shipped with Rulebinder",
        "listed": "listed by Node",
    }[origin]
    return (
        f"standard library: pyodide/{manifest['stdlib']} ({target.stat().st_size:,} bytes, "
        f"{how}; the whole one, {full:,} bytes, fetched only if a module it lacks is imported)"
    )
