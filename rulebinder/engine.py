"""Where a build finds the engine: this repository, or an author's engine folder.

The steps that publish the browser's runtime (``macros/publish/runtime.py``, ``stdlib.py``,
``snapshot.py``, ``offline.py``, ``compress.py``) read a folder laid out like this
repository: ``pyproject.toml`` (the core wheel's name and version), ``calculators/`` (the
rules core, with ``data/`` exported from ``rules_data/``), ``node_modules/pyodide`` (the
runtime) and ``node_modules/.cache/rulebinder/`` (their build cache).

When this repository builds its own site, that folder is the repository. In an author's
project, where Rulebinder was installed with pip, it is ``<cache_dir>/engine`` (by default
``.cache/plugin/rulebinder/engine``, beside Material's own plugin caches), made here: the
installed core's modules copied in (the package in ``site-packages`` is never written to),
but for the books' packages, ``calculators/books/<id>/`` (:func:`book_module`: those of
Rulebinder's own books, which an author's site does not hold), with the author's own books'
packages from the project's ``books/<id>/`` in their place (:mod:`rulebinder.books`); its
exported data;
a ``pyproject.toml`` naming the installed version; and the runtime, linked from the user's
cache (:mod:`rulebinder.runtime_cache`) or from the plugin's ``pyodide_dir``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Engine", "book_module", "core_source", "link_runtime", "locate", "prepare_core"]

#: Where the core keeps the books' own Python, one package a book (:mod:`calculators.books`).
BOOKS = "books"

#: The engine's own packages; a project holding both is the engine's repository.
PACKAGES = ("calculators", "macros")


@dataclass(frozen=True)
class Engine:
    """The folder the runtime is published from, and whether it is the project itself."""

    root: Path
    own: bool

    @property
    def core(self) -> Path:
        """The rules core the browser gets (``calculators/``)."""
        return self.root / "calculators"

    @property
    def data(self) -> Path:
        """Where the build exports the core's data from ``rules_data/``."""
        return self.core / "data"

    @property
    def pyodide(self) -> Path:
        """Where the publishing steps read the Pyodide runtime."""
        return self.root / "node_modules" / "pyodide"


def is_engine_repository(project_dir: Path) -> bool:
    """Whether ``project_dir`` holds the engine's own sources (this repository, or a copy).

    >>> is_engine_repository(Path(__file__).resolve().parents[1])
    True
    >>> is_engine_repository(Path("/nonexistent"))
    False
    """
    return all((project_dir / name / "__init__.py").is_file() for name in PACKAGES)


def locate(project_dir: Path, cache_dir: str) -> Engine:
    """The engine folder of the project at ``project_dir``: itself if it is the engine's
    repository, else ``<project_dir>/<cache_dir>/engine``.

    >>> locate(Path("/books/mine"), ".cache/plugin/rulebinder")
    Engine(root=PosixPath('/books/mine/.cache/plugin/rulebinder/engine'), own=False)
    """
    if is_engine_repository(project_dir):
        return Engine(project_dir, own=True)
    return Engine(project_dir / cache_dir / "engine", own=False)


def core_source() -> Path:
    """The folder of the installed rules core (found without importing it).

    >>> (core_source() / "__init__.py").is_file()
    True
    """
    spec = importlib.util.find_spec("calculators")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("the rules core (package calculators) is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def book_module(relative: Path) -> bool:
    """Whether a file of the core (its path in the package) is part of a book's package,
    ``books/<id>/...``, rather than the engine's (``books/__init__.py`` is the engine's: it
    finds a book's package by id).

    >>> [book_module(Path(p)) for p in ("books/pendragon/__init__.py",
    ...     "books/pendragon/tracker/rounds.py", "books/__init__.py", "tracker/encounter.py")]
    [True, True, False, False]
    """
    return len(relative.parts) > 2 and relative.parts[0] == BOOKS


def _sync(source: Path, target: Path, books: dict[Path, Path]) -> int:
    """Copy the engine's modules of ``source`` (no book's, see :func:`book_module`) and
    ``books``, the author's books' modules by their path in the core, to ``target`` where
    they differ; delete the others. How many were written."""
    wanted = {
        relative: path
        for path in source.rglob("*.py")
        if "__pycache__" not in path.parts
        and (relative := path.relative_to(source)).parts[0] != "data"
        and not book_module(relative)
    }
    wanted.update(books)
    written = 0
    for relative in sorted(wanted):
        new, old = wanted[relative], target / relative
        if old.is_file() and old.read_bytes() == new.read_bytes():
            continue
        old.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(new, old)
        written += 1
    for stale in list(target.rglob("*.py")) if target.is_dir() else []:
        relative = stale.relative_to(target)
        if relative not in wanted and relative.parts[0] != "data":
            stale.unlink()
    return written


def prepare_core(
    engine: Engine, version: str, summary: str, books: dict[Path, Path] | None = None
) -> int:
    """Make ``engine``'s ``calculators/`` the installed core's modules and ``books`` (the
    author's books' modules, by their path in the core: :func:`rulebinder.books.modules`),
    and its ``pyproject.toml`` name ``version``; nothing for the engine's own repository.
    How many modules were written."""
    if engine.own:
        return 0
    engine.root.mkdir(parents=True, exist_ok=True)
    project = (
        "# Written by the rulebinder plugin: the name and version of the core's wheel.\n"
        f'[project]\nname = "rulebinder"\nversion = "{version}"\ndescription = "{summary}"\n'
    )
    toml = engine.root / "pyproject.toml"
    if not toml.is_file() or toml.read_text(encoding="utf-8") != project:
        toml.write_text(project, encoding="utf-8")
    written = _sync(core_source(), engine.core, books or {})
    engine.data.mkdir(parents=True, exist_ok=True)
    return written


def link_runtime(engine: Engine, runtime: Path) -> None:
    """Make ``engine``'s ``node_modules/pyodide`` the runtime at ``runtime`` (a link, or a
    copy where the file system has none)."""
    target = engine.pyodide
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink():
        if Path(os.readlink(target)) == runtime:
            return
        target.unlink()
    elif target.is_dir():
        shutil.rmtree(target)
    try:
        target.symlink_to(runtime, target_is_directory=True)
    except OSError:
        shutil.copytree(runtime, target)
