"""The books' own Python: one package a book, ``calculators/books/<id>/``, found by its id.

A book is ``rules_data/<id>/system.yml`` and its pages; where it has rules that need
Python, they live here, in the package named by the book's id, and nowhere else. The
engine names no book: it finds a book's parts by the id alone, with these helpers. By
convention a book's package holds

- the functions its calculators name (``compute: module.function`` in a ``calculator``
  entry of ``rules_data/<id>/``; :func:`calculators.declared.compute.resolve` finds them);
- ``tracker``, optional: its encounter tracker (the module :mod:`calculators.tracker`
  describes);
- ``builder``, optional: its character builder (:mod:`calculators.builders`), with
  ``builder.layout``, the builder page's layout, read only when the site is built
  (:mod:`calculators.builders.page`).

A book without Python has no package: it still has every page its rules data makes and
the calculators it declares in YAML, and no tracker or builder.

An author's project (Rulebinder installed with pip) keeps a book's package in its own
``books/<id>/``: the ``rulebinder`` plugin names that folder in the environment variable
:data:`BOOKS_ENV` and adds it here (:func:`add_folder`), so the package is found by id as
``calculators.books.<id>`` like the ones in this folder; the browser's copy of the core
holds it in this folder itself.

>>> module_name("arts"), module_name("arts", "tracker"), module_name("nowhere")
('calculators.books.arts', 'calculators.books.arts.tracker', None)
>>> has_part("pendragon", "tracker"), has_part("pendragon", "builder")
(True, False)
>>> import_part("arts", "builder").VERSION
1
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import pkgutil
from types import ModuleType

__all__ = ["BOOKS_ENV", "add_folder", "built_in", "has_part", "import_part", "installed",
           "module_file", "module_name"]

#: The environment variable naming more folders of books' packages (``os.pathsep``
#: between them), searched after this one (set by the ``rulebinder`` plugin for an
#: author's ``books/``).
BOOKS_ENV = "RULEBINDER_BOOKS"


def add_folder(folder: str) -> bool:
    """Find books' packages in ``folder`` too, after this package's own; whether it was new.

    >>> add_folder(__path__[0])
    False
    """
    folder = os.path.abspath(folder)
    if folder in (os.path.abspath(path) for path in __path__):
        return False
    __path__.append(folder)
    return True


for _folder in os.environ.get(BOOKS_ENV, "").split(os.pathsep):
    if _folder:
        add_folder(_folder)


def _locations(book: str) -> list[str] | None:
    """The folders of ``book``'s package, found without importing it (or ``None``)."""
    if not book.isidentifier():
        return None
    spec = importlib.machinery.PathFinder.find_spec(book, list(__path__))
    if spec is None or not spec.submodule_search_locations:
        return None
    return list(spec.submodule_search_locations)


def module_name(book: str, part: str = "") -> str | None:
    """The name of ``book``'s package (or of its module or package ``part``), if it has one.

    Nothing of the book is imported to find out.

    >>> module_name("arts", "grid")
    'calculators.books.arts.grid'
    >>> module_name("glittershard", "builder.layout")
    'calculators.books.glittershard.builder.layout'
    >>> module_name("pendragon", "builder") is None, module_name("../arts") is None
    (True, True)
    """
    if _locations(book) is None or (part and _spec(book, part) is None):
        return None
    return f"{__name__}.{book}.{part}" if part else f"{__name__}.{book}"


def _spec(book: str, part: str) -> importlib.machinery.ModuleSpec | None:
    """The spec of ``book``'s module ``part``, found without importing anything."""
    locations = _locations(book)
    spec = None
    for name in part.split("."):
        spec = (
            importlib.machinery.PathFinder.find_spec(name, locations)
            if name.isidentifier() and locations
            else None
        )
        if spec is None:
            return None
        locations = list(spec.submodule_search_locations or ())
    return spec


def module_file(book: str, part: str) -> str | None:
    """The file of ``book``'s module ``part`` (``"damage"``, ``"grid.shapes"``), found
    without importing anything: the build checks a ``compute:`` name before the book's
    modules can run (they read the data it exports).

    >>> module_file("pendragon", "turn").endswith("pendragon/turn.py")
    True
    >>> module_file("pendragon", "nowhere") is None
    True
    """
    spec = _spec(book, part)
    return None if spec is None else spec.origin


def has_part(book: str, part: str) -> bool:
    """Whether ``book`` has the module or package ``part`` (``tracker``, ``builder``).

    >>> has_part("glittershard", "builder"), has_part("nowhere", "builder")
    (True, False)
    """
    return module_name(book, part) is not None


def import_part(book: str, part: str = "") -> ModuleType | None:
    """``book``'s package (or its ``part``), imported; ``None`` where the book has none.

    >>> import_part("space_shard", "builder") is None
    True
    """
    name = module_name(book, part)
    return None if name is None else importlib.import_module(name)


def installed() -> list[str]:
    """The ids of the books that have a package here or in an added folder, by name.

    >>> "arts" in installed()
    True
    """
    return sorted({info.name for info in pkgutil.iter_modules(__path__) if info.ispkg})


def built_in() -> list[str]:
    """The ids of the books whose package is in this folder (not an author's), by name.

    >>> "pendragon" in built_in()
    True
    """
    own = [os.path.dirname(os.path.abspath(__file__))]
    return sorted(info.name for info in pkgutil.iter_modules(own) if info.ispkg)
