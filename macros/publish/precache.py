"""The service worker's two file lists written in Python, where Node or workbox-build is missing.

The service worker (``macros/publish/serviceworker/sw.js``) is written by hand; workbox-build's
``injectManifest`` (``build-sw.mjs``) only fills its two lists: every file of the site
but the runtime (``self.__WB_MANIFEST``) and the runtime's files with their sizes
(``self.__RB_RUNTIME``), each entry ``{url, revision}`` with the MD5 of the file as its
revision. An author who installed Rulebinder with pip has neither Node nor workbox-build
at hand, so :func:`write_service_worker` makes the same lists here: the same files
(globs as workbox reads them: ``**`` crosses folders, ``*`` does not, names starting with
a dot are left out), the same revisions, the same refusal of a file over the size limit.
``tests/test_plugin.py`` compares the two writers on one site.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = [
    "KEYED_NAME", "entries", "glob_pattern", "report", "revision", "site_lists",
    "write_service_worker",
]

#: The template's two placeholders, each replaced by a JSON list.
PRECACHE_SLOT = "self.__WB_MANIFEST"
RUNTIME_SLOT = "self.__RB_RUNTIME"
#: A runtime file named by the key of what it is made from, that key in group 1: the memory
#: snapshot (``snapshot-<key>.bin.gz``, :func:`macros.publish.snapshot.snapshot_key`). Its
#: revision is that key, not its MD5: two builds from the same inputs make snapshots that
#: differ in their bytes (Python's hash secret and random state), and a returning reader
#: keeps the one they have. ``build-sw.mjs`` is given this pattern.
KEYED_NAME = re.compile(r"/snapshot-([0-9a-f]+)\.bin\.gz$")
#: What ``build-sw.mjs`` leaves out of the precache whatever the site (the runtime has its
#: own list; source maps are for developers; the worker does not list itself).
PRECACHE_IGNORES = ("pyodide/**", "**/*.map", "sw.js")


@lru_cache(maxsize=64)
def glob_pattern(pattern: str) -> re.Pattern[str]:
    """A glob of site paths (``/``-separated) as a regular expression.

    >>> bool(glob_pattern("pyodide/**").match("pyodide/core/a/b.whl"))
    True
    >>> bool(glob_pattern("**/*.map").match("x.js.map"))
    True
    >>> bool(glob_pattern("*.map").match("a/x.map"))
    False
    """
    out = []
    index = 0
    while index < len(pattern):
        if pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
        elif pattern.startswith("**", index):
            out.append(".*")
            index += 2
        elif pattern[index] == "*":
            out.append("[^/]*")
            index += 1
        elif pattern[index] == "?":
            out.append("[^/]")
            index += 1
        else:
            out.append(re.escape(pattern[index]))
            index += 1
    return re.compile("".join(out) + r"\Z")


def _md5(path: Path) -> str:
    digest = hashlib.md5(usedforsecurity=False)
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def revision(url: str, path: Path) -> str:
    """A file's revision: the key in its name (:data:`KEYED_NAME`), else its MD5 (a keyed
    file, the 4.7 MB snapshot, is not read).

    >>> import tempfile
    >>> wasm = Path(tempfile.mkdtemp()) / "x.wasm"
    >>> _ = wasm.write_bytes(b"a")
    >>> revision("pyodide/core/ab/snapshot-0f3c.bin.gz", wasm), revision("pyodide/x.wasm", wasm)
    ('0f3c', '0cc175b9c0f1b6a831c399e269772661')
    """
    keyed = KEYED_NAME.search(url)
    return keyed.group(1) if keyed else _md5(path)


def entries(
    site_dir: Path, include: str, ignore: Iterable[str], max_bytes: int
) -> tuple[list[dict[str, Any]], list[str]]:
    """The files of ``site_dir`` matching ``include`` and none of ``ignore``, by path.

    Each entry has ``url`` (the path from the site's root), ``revision`` (:func:`revision`:
    the MD5, or the key a keyed name holds) and ``size``;
    a file over ``max_bytes`` is left out with a warning, as workbox does.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> _ = (site / "a.html").write_text("a"); _ = (site / ".hidden").write_text("h")
    >>> (site / "pyodide").mkdir(); _ = (site / "pyodide" / "x.wasm").write_bytes(b"xx")
    >>> found, warnings = entries(site, "**/*", ["pyodide/**"], 100)
    >>> [(e["url"], e["revision"]) for e in found], warnings
    ([('a.html', '0cc175b9c0f1b6a831c399e269772661')], [])
    >>> entries(site, "pyodide/**/*", [], 1)[1]
    ['pyodide/x.wasm is 2 B, over the limit of 1 B: it would not be listed']
    """
    wanted = glob_pattern(include)
    ignored = [glob_pattern(pattern) for pattern in ignore]
    found: list[dict[str, Any]] = []
    warnings: list[str] = []
    for path in sorted(site_dir.rglob("*")):
        url = path.relative_to(site_dir).as_posix()
        if any(part.startswith(".") for part in url.split("/")) or not path.is_file():
            continue
        if not wanted.match(url) or any(pattern.match(url) for pattern in ignored):
            continue
        size = path.stat().st_size
        if size > max_bytes:
            warnings.append(f"{url} is {size:,} B, over the limit of {max_bytes:,} B: "
                            "it would not be listed")
            continue
        found.append({"url": url, "revision": revision(url, path), "size": size})
    return found, warnings


Lists = tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]


def site_lists(
    site_dir: Path,
    max_bytes: int,
    leave_out: list[str] | None = None,
    runtime_leave_out: list[str] | None = None,
) -> Lists:
    """The service worker's two lists of ``site_dir`` (the precache, the runtime) and the
    warnings of files too large to list."""
    runtime, runtime_warnings = entries(
        site_dir, "pyodide/**/*", runtime_leave_out or [], max_bytes
    )
    precache, warnings = entries(
        site_dir, "**/*", [*PRECACHE_IGNORES, *(leave_out or [])], max_bytes
    )
    return precache, runtime, [*runtime_warnings, *warnings]


def report(lists: Lists) -> dict[str, Any]:
    """What was listed (``precache`` and ``runtime``: ``count`` and ``size``; ``warnings``).

    >>> report(([{"url": "a", "revision": "r", "size": 3}], [], []))["precache"]
    {'count': 1, 'size': 3}
    """
    precache, runtime, warnings = lists
    return {
        "precache": {"count": len(precache), "size": sum(e["size"] for e in precache)},
        "runtime": {"count": len(runtime), "size": sum(e["size"] for e in runtime)},
        "warnings": warnings,
    }


def write_service_worker(
    site_dir: Path,
    template: Path,
    max_bytes: int,
    leave_out: list[str] | None = None,
    runtime_leave_out: list[str] | None = None,
    lists: Lists | None = None,
) -> dict[str, Any]:
    """Write ``<site_dir>/sw.js`` from ``template`` with both lists filled in.

    The arguments and the returned report (:func:`report`) are those of
    :func:`macros.publish.offline.build_service_worker`, which runs workbox-build instead; its
    caller treats a warning as an error. ``lists``: the site's lists if already made
    (:func:`site_lists`).
    """
    if lists is None:
        lists = site_lists(site_dir, max_bytes, leave_out, runtime_leave_out)
    precache, runtime, _ = lists
    text = template.read_text(encoding="utf-8")
    for slot in (PRECACHE_SLOT, RUNTIME_SLOT):
        if text.count(slot) != 1:
            raise ValueError(f"{template}: {slot} must appear exactly once")
    listed = json.dumps(
        [{"revision": e["revision"], "url": e["url"]} for e in precache], separators=(",", ":")
    )
    text = text.replace(PRECACHE_SLOT, listed).replace(
        RUNTIME_SLOT, json.dumps(runtime, separators=(",", ":"))
    )
    (site_dir / "sw.js").write_text(text, encoding="utf-8")
    return report(lists)
