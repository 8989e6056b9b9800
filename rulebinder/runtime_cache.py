"""The in-browser Python (Pyodide) for an author's build: the pinned npm package, fetched once.

A Rulebinder site serves Pyodide itself (never from a CDN). This repository gets it with
``npm ci`` (``node_modules/pyodide``, pinned in ``package-lock.json``). An author who
installed Rulebinder with pip needs no Node for it: the first build downloads the same
package (the npm registry's tarball of :data:`PYODIDE_VERSION`, 5.6 MB), checks it
against :data:`PYODIDE_INTEGRITY` (the ``integrity`` that ``package-lock.json`` pins),
and unpacks the runtime's files into the user's cache folder
(``~/.cache/rulebinder/pyodide/<version>/`` on Linux, or :data:`CACHE_ENV`); every later
build, of any project, reads them from there. The pages then load it from the site.
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from macros.publish.runtime import RUNTIME_FILES
from macros.publish.shared import CACHE_ENV, user_cache

__all__ = [
    "CACHE_ENV",
    "PYODIDE_INTEGRITY",
    "PYODIDE_VERSION",
    "RuntimeFetchError",
    "cache_dir",
    "pinned_runtime",
    "tarball_url",
]

#: The Pyodide release the engine is built and tested with (``package-lock.json``).
PYODIDE_VERSION = "0.29.5"
#: The npm registry's integrity of that release's tarball (``package-lock.json``).
PYODIDE_INTEGRITY = (
    "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
)
NPM_REGISTRY = "https://registry.npmjs.org"
#: The files taken from the package: the runtime, and ``package.json`` (its version).
FILES = (*RUNTIME_FILES, "package.json")
_TIMEOUT = 60


class RuntimeFetchError(Exception):
    """The runtime is not in the cache and could not be fetched; the message says what to do."""


def cache_dir(environ: dict[str, str] | None = None) -> Path:
    """The user's cache folder for Rulebinder (:data:`CACHE_ENV` if set), which the
    publishing steps share too (:mod:`macros.publish.shared`).

    >>> str(cache_dir({CACHE_ENV: "/tmp/rb-cache"}))
    '/tmp/rb-cache'
    >>> cache_dir({}).name
    'rulebinder'
    """
    return user_cache(environ)


def tarball_url(version: str = PYODIDE_VERSION, registry: str = NPM_REGISTRY) -> str:
    """The npm registry's address of the Pyodide package ``version``.

    >>> tarball_url("0.29.5")
    'https://registry.npmjs.org/pyodide/-/pyodide-0.29.5.tgz'
    """
    return f"{registry}/pyodide/-/pyodide-{version}.tgz"


def integrity_of(data: bytes) -> str:
    """npm's ``integrity`` string of ``data`` (Subresource Integrity, SHA-512).

    >>> integrity_of(b"")[:15]
    'sha512-z4PhNX7v'
    """
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def _complete(folder: Path) -> bool:
    return all((folder / name).is_file() for name in FILES)


def _unpack(data: bytes, target: Path) -> None:
    """The runtime's files of the tarball ``data`` into ``target``, whole or not at all."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".tmp-") as tmp:
        work = Path(tmp) / "package"
        work.mkdir()
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            for name in FILES:
                try:
                    member = archive.getmember(f"package/{name}")
                except KeyError:
                    raise RuntimeFetchError(f"the Pyodide package has no {name}") from None
                source = archive.extractfile(member)
                if source is None:
                    raise RuntimeFetchError(f"the Pyodide package's {name} is not a file")
                with source, (work / name).open("wb") as out:
                    shutil.copyfileobj(source, out)
        if target.exists():  # an incomplete earlier copy
            shutil.rmtree(target)
        try:
            work.rename(target)
        except OSError:  # another build put it there first: the same files
            if not _complete(target):
                raise


def pinned_runtime(
    cache: Path | None = None,
    *,
    version: str = PYODIDE_VERSION,
    integrity: str = PYODIDE_INTEGRITY,
    url: str | None = None,
    say: Callable[[str], None] = lambda line: None,
) -> Path:
    """The folder holding the runtime's files of Pyodide ``version``, fetched if need be.

    Args:
        cache: the cache folder (default :func:`cache_dir`); the files go to
            ``<cache>/pyodide/<version>/``.
        version: the npm package's version.
        integrity: the tarball's expected npm integrity; another tarball is refused.
        url: where to fetch it (default :func:`tarball_url`; ``file:`` URLs work too).
        say: told once when a download starts.

    Raises:
        RuntimeFetchError: the download failed or the tarball is not the pinned one.
    """
    folder = (cache or cache_dir()) / "pyodide" / version
    if _complete(folder):
        return folder
    source = url or tarball_url(version)
    say(f"fetching Pyodide {version} (the in-browser Python) once into {folder}")
    try:
        with urllib.request.urlopen(source, timeout=_TIMEOUT) as response:
            data = response.read()
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise RuntimeFetchError(
            f"Pyodide {version} (the in-browser Python the site serves) is not in {folder} "
            f"and could not be downloaded from {source}: {error}. Build once with a network "
            "connection, or set the rulebinder plugin's option `pyodide_dir` to an unpacked "
            f"copy of the npm package pyodide@{version}"
        ) from None
    got = integrity_of(data)
    if got != integrity:
        raise RuntimeFetchError(
            f"{source}: the download is not Pyodide {version} as pinned "
            f"(integrity {got[:24]}..., expected {integrity[:24]}...); nothing was kept"
        )
    _unpack(data, folder)
    return folder
