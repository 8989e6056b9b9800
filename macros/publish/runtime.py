"""Publish the in-browser Python runtime with the site: Pyodide and the rules core.

Called once per build (``mkdocs build`` and every ``mkdocs serve`` rebuild) from
``on_post_build``. It writes, under ``<site>/pyodide/``:

* the Pyodide core runtime, copied from the npm package pinned in
  ``package-lock.json`` (``npm ci`` puts it in ``node_modules/pyodide``), so the
  site never needs a CDN;
* the rules core (``calculators/``, with the JSON data the macros exported) as a
  wheel built from the working tree, under a folder named by its content hash
  so that a cached old copy can never be served for a new build;
* ``manifest.json``, which tells the page's worker what to load.

Where a Python whose version matches Pyodide's and ``pyodide-build`` are
installed (``make setup`` makes ``.venv-py313/``), the wheel and the standard
library are shipped as precompiled bytecode (``pyodide py-compile``), which
spares the browser compiling every module it imports at start-up. Otherwise
the plain files are shipped. Compiled files are cached by content hash in
``node_modules/.cache/rulebinder/``, so a rebuild that changed no Python costs
a file copy.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import tomllib
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "PYODIDE_DIR",
    "RUNTIME_FILES",
    "PublishError",
    "Toolchain",
    "build_wheel",
    "find_toolchain",
    "inline_manifest",
    "publish_runtime",
    "reproducible_zip",
    "wheel_bytes",
]

#: The files of the Pyodide npm package that a page needs to boot Python.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Where a build looks for the Python that matches Pyodide's, with pyodide-build.
TOOLCHAIN_VENV = ".venv-py313"
#: Where compiled wheels and standard libraries are kept between builds.
CACHE_DIR = Path("node_modules") / ".cache" / "rulebinder"
#: Where an engine folder holds the Pyodide npm package the runtime is published from.
PYODIDE_DIR = Path("node_modules") / "pyodide"
#: Fixed timestamp of every wheel member, so that the same sources give the same bytes.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_CACHE_KEEP = 6


class PublishError(Exception):
    """The runtime cannot be published; the message says what to install or fix."""


@dataclass(frozen=True)
class Toolchain:
    """A Python matching Pyodide's, with the ``pyodide`` command of pyodide-build."""

    python_version: str
    pyodide_cli: Path


def _pyodide_package(project_dir: Path) -> tuple[Path, str, str]:
    """The npm package's folder, its version and its Python version."""
    folder = project_dir / PYODIDE_DIR
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        raise PublishError(
            f"{folder}: Pyodide runtime missing ({', '.join(missing)}); "
            "run `make setup` (or `npm ci`) in the project folder"
        )
    version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    return folder, str(version), str(lock["info"]["python"])


def find_toolchain(project_dir: Path, python_version: str) -> Toolchain | None:
    """The precompiling toolchain in ``.venv-py313/`` if its Python matches ``python_version``.

    Bytecode is only valid for the same major.minor Python, so a mismatch (or no
    venv at all) means "ship plain sources".

    >>> find_toolchain(Path("/nonexistent"), "3.13.2") is None
    True
    """
    venv = project_dir / TOOLCHAIN_VENV
    cli = venv / "bin" / "pyodide"
    cfg = venv / "pyvenv.cfg"
    if not cli.is_file() or not cfg.is_file():
        return None
    found = ""
    for line in cfg.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("version", "version_info"):
            found = value.strip()
    if found.split(".")[:2] != python_version.split(".")[:2]:
        return None
    return Toolchain(python_version=found, pyodide_cli=cli)


def _project_metadata(project_dir: Path) -> dict[str, Any]:
    with (project_dir / "pyproject.toml").open("rb") as handle:
        return dict(tomllib.load(handle)["project"])


def _core_files(project_dir: Path) -> list[tuple[str, Path]]:
    """The core package's files as (archive name, path): its modules and exported data."""
    package = project_dir / "calculators"
    files = [
        path
        for path in package.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and (path.suffix == ".py" or (path.suffix == ".json" and path.parent.name == "data"))
    ]
    return sorted((path.relative_to(project_dir).as_posix(), path) for path in files)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def wheel_bytes(
    name: str, version: str, summary: str, members: Iterable[tuple[str, bytes]]
) -> bytes:
    """A pure-Python ``py3-none-any`` wheel holding ``members``, byte-for-byte reproducible.

    >>> import io
    >>> data = wheel_bytes("demo", "1.0", "A demo.", [("demo/__init__.py", b"X = 1\\n")])
    >>> sorted(zipfile.ZipFile(io.BytesIO(data)).namelist())  # doctest: +NORMALIZE_WHITESPACE
    ['demo-1.0.dist-info/METADATA', 'demo-1.0.dist-info/RECORD',
     'demo-1.0.dist-info/WHEEL', 'demo-1.0.dist-info/top_level.txt', 'demo/__init__.py']
    >>> data == wheel_bytes("demo", "1.0", "A demo.", [("demo/__init__.py", b"X = 1\\n")])
    True
    """
    dist_info = f"{name}-{version}.dist-info"
    members = list(members)
    tops = sorted({member.split("/", 1)[0] for member, _ in members})
    meta = [
        (
            f"{dist_info}/METADATA",
            (
                f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"
            ).encode(),
        ),
        (
            f"{dist_info}/WHEEL",
            # The generator keeps this module's first path: the wheel's bytes, its hash and
            # the folder readers' browsers cache it under stay the same across the move.
            b"Wheel-Version: 1.0\nGenerator: rulebinder macros/runtime.py\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        ),
        (f"{dist_info}/top_level.txt", "".join(f"{top}\n" for top in tops).encode()),
    ]
    record = [f"{member},{_record_hash(data)},{len(data)}" for member, data in members + meta]
    record.append(f"{dist_info}/RECORD,,")
    buffer = tempfile.SpooledTemporaryFile()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as out:
        for member, data in [
            *members,
            *meta,
            (f"{dist_info}/RECORD", "\n".join(record).encode() + b"\n"),
        ]:
            info = zipfile.ZipInfo(member, date_time=_ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)
    buffer.seek(0)
    return buffer.read()


def reproducible_zip(data: bytes) -> bytes:
    """``data`` (a zip) with every member dated ``_ZIP_DATE`` and every bytecode file's
    source timestamp zeroed: the same sources then give the same bytes on every machine.

    ``pyodide py-compile`` dates each member and each ``.pyc`` header with the time it
    ran, so a site built from a fresh checkout (a CI deploy) named its wheel, its standard
    library and its memory snapshot anew, and returning readers fetched them all again.
    The shipped ``.pyc`` files have no source beside them, so their timestamp is never
    checked (``zipimport`` compares it only with a source it finds).

    >>> def made(stamp: bytes) -> bytes:
    ...     buffer = io.BytesIO()
    ...     with zipfile.ZipFile(buffer, "w") as z:
    ...         z.writestr("m.pyc", b"\\xf3\\x0d\\x0d\\x0a" + bytes(4) + stamp + b"size" + b"code")
    ...         z.writestr("data.json", b"{}")
    ...     return buffer.getvalue()
    >>> first, later = made(b"\\x01\\x02\\x03\\x04"), made(b"\\x05\\x06\\x07\\x08")
    >>> first == later, reproducible_zip(first) == reproducible_zip(later)
    (False, True)
    >>> pyc = zipfile.ZipFile(io.BytesIO(reproducible_zip(first))).read("m.pyc")
    >>> pyc[8:12], pyc[12:]
    (b'\\x00\\x00\\x00\\x00', b'sizecode')
    """
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            body = source.read(info)
            # A timestamp-based .pyc (flags 0): magic, flags, source mtime, source size.
            if info.filename.endswith(".pyc") and len(body) >= 16 and body[4:8] == bytes(4):
                body = body[:8] + bytes(4) + body[12:]
            member = zipfile.ZipInfo(info.filename, date_time=_ZIP_DATE)
            member.external_attr = info.external_attr
            member.compress_type = info.compress_type
            target.writestr(member, body, compresslevel=6)
    return out.getvalue()


def build_wheel(project_dir: Path, out_dir: Path) -> Path:
    """Write the rules core from the working tree as ``rulebinder-<version>-py3-none-any.whl``.

    Includes every module of ``calculators/`` and ``calculators/data/*.json``;
    no pip, no setuptools, a few milliseconds.
    """
    meta = _project_metadata(project_dir)
    name = str(meta["name"]).replace("-", "_")
    version = str(meta["version"])
    members = [(member, path.read_bytes()) for member, path in _core_files(project_dir)]
    data = wheel_bytes(name, version, str(meta.get("description", "")), members)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    target.write_bytes(data)
    return target


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _prune_cache(cache: Path) -> None:
    entries = sorted(
        (entry for entry in cache.iterdir() if entry.is_dir() and not entry.name.startswith(".")),
        key=lambda entry: entry.stat().st_mtime,
        reverse=True,
    )
    for old in entries[_CACHE_KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


def _cached(slot: Path) -> Path | None:
    if not slot.is_dir():
        return None
    found = [path for path in slot.iterdir() if path.suffix in (".whl", ".zip")]
    return found[0] if len(found) == 1 else None


def _py_compile(archive: Path, toolchain: Toolchain, cache: Path, tag: str) -> Path:
    """``pyodide py-compile`` of ``archive``, cached by its content hash; the compiled file.

    A cache slot appears whole or not at all (compiled in a private folder, then
    renamed into place), so concurrent builds can share the cache.
    """
    # "reproducible": compiled files made before reproducible_zip are not taken from the cache.
    key = hashlib.sha256(
        f"{tag}\0reproducible\0{toolchain.python_version}\0{_sha256(archive)}".encode()
    )
    slot = cache / key.hexdigest()[:20]
    hit = _cached(slot)
    if hit is not None:
        os.utime(slot)
        return hit
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache, prefix=".tmp-") as tmp:
        work = Path(tmp) / "out"
        work.mkdir()
        shutil.copyfile(archive, work / archive.name)
        result = subprocess.run(
            [
                str(toolchain.pyodide_cli),
                "py-compile",
                "--silent",
                "--no-keep",
                str(work / archive.name),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        compiled = _cached(work)
        if result.returncode != 0 or compiled is None:
            raise PublishError(
                f"{archive.name}: `pyodide py-compile` failed "
                f"(exit {result.returncode}): {result.stdout}{result.stderr}".strip()
            )
        compiled.write_bytes(reproducible_zip(compiled.read_bytes()))
        try:
            work.rename(slot)
        except OSError:  # another build filled the slot first: same content
            pass
    _prune_cache(cache)
    hit = _cached(slot)
    if hit is None:
        raise PublishError(f"{slot}: compiled file missing from the cache")
    return hit


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file():
        same = target.stat()
        new = source.stat()
        if same.st_size == new.st_size and same.st_mtime_ns == new.st_mtime_ns:
            return
    shutil.copy2(source, target)


def publish_runtime(
    site_dir: Path,
    project_dir: Path,
    *,
    precompile: bool | None = None,
    precompile_stdlib: bool | None = None,
) -> dict[str, Any]:
    """Write Pyodide, the rules-core wheel and ``manifest.json`` into ``<site_dir>/pyodide/``.

    Args:
        site_dir: the built site (``config["site_dir"]``; a temporary folder under serve).
        project_dir: the project root holding ``calculators/``, ``pyproject.toml`` and
            ``node_modules/pyodide`` (installed by ``npm ci``).
        precompile: ship the wheel as ``.pyc`` (``pyodide py-compile``). ``None``: when the
            toolchain is installed. ``True`` without the toolchain is an error.
        precompile_stdlib: the same for ``python_stdlib.zip``; ``None`` follows ``precompile``.

    Returns:
        The manifest written to ``pyodide/manifest.json``: ``pyodide`` (version),
        ``python`` (its version), ``wheel`` (the wheel's path relative to
        ``pyodide/``, inside a folder named by its hash), ``sha256`` (of the
        wheel), ``precompiled`` (the wheel holds bytecode) and ``stdlib_precompiled``.

    Raises:
        PublishError: Pyodide is not installed, or compiling failed.
    """
    source, version, python = _pyodide_package(project_dir)
    toolchain = find_toolchain(project_dir, python)
    if (precompile or precompile_stdlib) and toolchain is None:
        raise PublishError(
            f"precompiling needs Python {python[:4]} with pyodide-build in {TOOLCHAIN_VENV}/; "
            "run `make setup`"
        )
    use_toolchain = None if precompile is False else toolchain
    stdlib_toolchain = use_toolchain if precompile_stdlib is None else None
    if precompile_stdlib:
        stdlib_toolchain = toolchain
    out = site_dir / "pyodide"
    out.mkdir(parents=True, exist_ok=True)
    cache = project_dir / CACHE_DIR
    cache.mkdir(parents=True, exist_ok=True)

    for name in RUNTIME_FILES:
        if name == "python_stdlib.zip" and stdlib_toolchain is not None:
            compiled = _py_compile(source / name, stdlib_toolchain, cache, f"stdlib-{version}")
            _copy_if_changed(compiled, out / name)
        else:
            _copy_if_changed(source / name, out / name)

    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(project_dir, Path(tmp))
        if use_toolchain is not None:
            wheel = _py_compile(wheel, use_toolchain, cache, "wheel")
        digest = _sha256(wheel)
        folder = out / "core" / digest[:16]
        for stale in (out / "core").glob("*") if (out / "core").is_dir() else []:
            if stale != folder:
                shutil.rmtree(stale, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(wheel, folder / wheel.name)
    manifest: dict[str, Any] = {
        "pyodide": version,
        "python": python,
        "wheel": f"core/{digest[:16]}/{wheel.name}",
        "sha256": digest,
        "precompiled": use_toolchain is not None,
        "stdlib_precompiled": stdlib_toolchain is not None,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


#: In ``assets/calc-worker.js``: where the build writes the manifest.
MANIFEST_SLOT = "const BUILT_MANIFEST = null;"


def inline_manifest(site_dir: Path) -> bool:
    """Write ``pyodide/manifest.json`` into the site's ``assets/calc-worker.js``.

    The worker then asks for the snapshot and the wheel as soon as it starts, a
    request sooner than after fetching the manifest (which stays, for other
    clients). Returns whether the slot was found (a worker without it fetches the
    manifest, as before).

    >>> site = Path(tempfile.mkdtemp())
    >>> (site / "assets").mkdir(); (site / "pyodide").mkdir()
    >>> _ = (site / "assets" / "calc-worker.js").write_text("a\\n" + MANIFEST_SLOT + "\\nb\\n")
    >>> _ = (site / "pyodide" / "manifest.json").write_text('{"wheel": "w.whl"}')
    >>> inline_manifest(site), (site / "assets" / "calc-worker.js").read_text()
    (True, 'a\\nconst BUILT_MANIFEST = {"wheel":"w.whl"};\\nb\\n')
    """
    worker = site_dir / "assets" / "calc-worker.js"
    if not worker.is_file():
        return False
    script = worker.read_text(encoding="utf-8")
    if MANIFEST_SLOT not in script:
        return False
    manifest = json.loads((site_dir / "pyodide" / "manifest.json").read_text(encoding="utf-8"))
    filled = f"const BUILT_MANIFEST = {json.dumps(manifest, separators=(',', ':'))};"
    worker.write_text(script.replace(MANIFEST_SLOT, filled, 1), encoding="utf-8")
    return True
