"""An author's books' own Python: ``books/<id>/`` in the project, one package a book.

In this repository a book's Python is ``calculators/books/<id>/`` (:mod:`calculators.books`).
An author who installed Rulebinder with pip keeps it beside the book's other folders,
``rules_data/<id>/`` and ``docs/<id>/``: ``books/<id>/``, a package (``__init__.py``) laid
out like the built-in ones (its calculators, registered when it is imported; ``tracker``
and ``builder``, optional). Nothing lists it: the build finds it by the book's id.

The plugin, for an author's project,

* checks the folder (:func:`check`): each package's id names a book of ``rules_data/``
  and not a book built into Rulebinder;
* lets the installed core find it (:func:`use`): the folder is named in
  :data:`calculators.books.BOOKS_ENV` and added to ``calculators.books``' search path,
  so the registry, the prerendered calculators and the tracker and builder pages see the
  package as ``calculators.books.<id>``;
* copies its modules into the engine folder's ``calculators/books/<id>/``
  (:func:`rulebinder.engine.prepare_core`), so the browser's core wheel holds it.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["FOLDER", "BookError", "check", "fingerprint", "modules", "packages", "use"]

#: The folder of an author's books' packages, in the project (beside ``rules_data/``).
FOLDER = "books"

#: The fingerprint of the books' modules the running process imported (``mkdocs serve``).
_seen: dict[str, tuple[tuple[str, int, int], ...]] = {}


class BookError(ValueError):
    """A book's package that cannot be used; the message is ``file: what to do``."""


def packages(project: Path) -> dict[str, Path]:
    """The folders of ``project``'s ``books/``, by name (the ids of their books); files
    and hidden or ``_`` folders (``__pycache__``) are not books.

    >>> packages(Path("/nonexistent"))
    {}
    """
    folder = project / FOLDER
    if not folder.is_dir():
        return {}
    return {
        path.name: path
        for path in sorted(folder.iterdir())
        if path.is_dir() and not path.name.startswith((".", "_"))
    }


def check(project: Path, built_in: list[str]) -> None:
    """Refuse a package of ``books/`` that is not one of the project's books' or that takes
    the id of a book ``built_in`` to Rulebinder, with the folder and what to do.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     (Path(tmp) / "books" / "ember").mkdir(parents=True)
    ...     check(Path(tmp), ["arts"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rulebinder.books.BookError: .../books/ember: no book has the id 'ember': ...
    """
    for book, path in packages(project).items():
        system = project / "rules_data" / book / "system.yml"
        if not book.isidentifier():
            raise BookError(
                f"{path}: {book!r} cannot name a Python package: a book's id is letters, digits "
                "and _ (rename the book and this folder alike)"
            )
        if book in built_in:
            raise BookError(
                f"{path}: the id {book!r} is taken by a book built into this version of "
                f"Rulebinder; give your book another id (e.g. my_{book}) in rules_data/, docs/ "
                "and books/ alike"
            )
        if not system.is_file():
            raise BookError(
                f"{path}: no book has the id {book!r}: a book's Python package is named by its "
                f"id; add {system.relative_to(project)} or rename this folder to the id of a "
                "book in rules_data/"
            )
        if not (path / "__init__.py").is_file():
            raise BookError(
                f"{path}: a book's Python is a package: add {FOLDER}/{book}/__init__.py (it "
                "imports the modules that register the book's calculators)"
            )


def modules(project: Path) -> dict[Path, Path]:
    """The modules of ``project``'s books' packages, by their path in the core
    (``books/<id>/...``).

    >>> modules(Path("/nonexistent"))
    {}
    """
    found: dict[Path, Path] = {}
    for book, folder in packages(project).items():
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[Path(FOLDER, book, path.relative_to(folder))] = path
    return found


def fingerprint(project: Path) -> tuple[tuple[str, int, int], ...]:
    """Path, modification time and size of each module of ``project``'s books.

    >>> fingerprint(Path("/nonexistent"))
    ()
    """
    return tuple(
        (core.as_posix(), (stat := path.stat()).st_mtime_ns, stat.st_size)
        for core, path in sorted(modules(project).items())
    )


def use(project: Path) -> bool:
    """Let the installed core find ``project``'s books' packages by id; whether the modules
    of those already imported were dropped (edited under ``mkdocs serve``: the next import
    reads them afresh, with the core and the macros that hold what they registered)."""
    from calculators.books import BOOKS_ENV

    folder = str((project / FOLDER).resolve())
    os.environ[BOOKS_ENV] = folder
    key = str(project.resolve())
    now = fingerprint(project)
    dropped = key in _seen and _seen[key] != now
    _seen[key] = now
    if dropped:
        from macros.reload import forget

        forget()
    import calculators.books

    calculators.books.add_folder(folder)  # read from the variable on a fresh import
    return dropped
