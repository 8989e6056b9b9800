"""Where calculators are collected: each book's package registers its own, and the
calculators a system declares in its rules data are built (:func:`calculators.declared.build`)
and added here when that system is first asked for.

The registry depends on the books' packages and on :mod:`calculators.declared`, never
the other way round: a book's package is found by the book's id (:mod:`calculators.books`;
it adds its calculators when imported), and :mod:`~calculators.declared` only builds
calculators, it does not register them."""

from __future__ import annotations

import importlib

from . import books
from .declare import Calculator

#: The engine's own systems, whatever the books, and the module that registers each
#: (``dice``: the roller of any system); loaded without exported data.
ENGINE_MODULES = {"dice": "roller"}

#: The ids of :data:`ENGINE_MODULES`' systems.
ENGINE_SYSTEMS = tuple(ENGINE_MODULES)


class Registry:
    """Calculators by id, importing the system modules on first use."""

    def __init__(self) -> None:
        self._calcs: dict[str, Calculator] = {}
        self._imported: set[str] = set()
        self._looked_up: set[str] = set()
        self._declared: set[str] = set()

    def add(self, calc: Calculator) -> Calculator:
        """Register ``calc``; ids must be unique.

        >>> r = Registry()
        >>> from calculators.declare import CALC
        >>> r.add(CALC).id
        'demo.double'
        """
        if calc.id in self._calcs:
            raise ValueError(f"calculator {calc.id!r} registered twice")
        self._calcs[calc.id] = calc
        return calc

    def has(self, calc_id: str) -> bool:
        """Whether ``calc_id`` is registered already (no module is imported).

        >>> Registry().has("demo.double")
        False
        """
        return calc_id in self._calcs

    def forget_declared(self) -> None:
        """Drop the calculators built from rules data; the next look-up builds them from the
        current export (``mkdocs serve`` after a rules_data edit).

        >>> REGISTRY.find("arts.incapacity") is not None
        True
        >>> REGISTRY.forget_declared(); "arts.incapacity" in REGISTRY._calcs
        False
        >>> REGISTRY.find("arts.incapacity").title
        'Incapacity check'
        """
        self._calcs = {k: c for k, c in self._calcs.items() if not c.extra.get("declared")}
        self._declared.clear()

    def _load_system(self, system: str) -> None:
        """Register one system's calculators: its Python package's (the engine's module of an
        engine system, or the book's package, looked up once), then its declared ones."""
        if system not in self._looked_up:
            self._looked_up.add(system)
            if system in ENGINE_MODULES:
                self._load(f"{__package__}.{ENGINE_MODULES[system]}")
            elif (package := books.module_name(system)) is not None:
                self._load(package)
        if system in self._declared:
            return
        self._declared.add(system)
        self.add_declared(system)

    def add_declared(self, system: str) -> list[Calculator]:
        """Build and register every calculator the exported data of ``system`` declares:
        its ``check`` entries' (:mod:`calculators.declared.check`), then its calculators'.

        A calculator id that Python has registered already is refused with both places named.
        (Imported here, on first use: the dice language is not loaded until a system is.)

        >>> Registry().add_declared("nowhere")
        []
        """
        from .data import declared, has_system, system_data
        from .declared import build
        from .declared.check import build_check

        added = []
        for entry in system_data(system).values() if has_system(system) else ():
            if entry.get("kind") == "check":
                added.append(self.add(build_check(entry)))
        for entry in declared(system).values():
            if self.has(entry["id"]):
                raise ValueError(
                    f"calculator {entry['id']!r} is declared in rules_data and also registered "
                    "by Python: keep one of the two"
                )
            added.append(self.add(build(entry)))
        return added

    def _load(self, name: str) -> None:
        """Import one module that registers calculators (by its full name), once."""
        if name in self._imported:
            return
        self._imported.add(name)
        importlib.import_module(name)

    def find(self, calc_id: str) -> Calculator | None:
        """The calculator ``calc_id``, importing only its own system's module.

        >>> REGISTRY.find("arts.contest").title
        'Opposed roll'
        >>> REGISTRY.find("nowhere.at_all") is None
        True
        """
        self._load_system(calc_id.partition(".")[0])
        return self._calcs.get(calc_id)

    def all(self) -> dict[str, Calculator]:
        """Every registered calculator: each system's package imported and its declared
        calculators built, once. Only the systems whose data was exported count (and
        :data:`ENGINE_SYSTEMS`): a site holds the books of its own ``rules_data/``.

        >>> sorted(REGISTRY.all())[:2]
        ['arts.area', 'arts.character']
        """
        from .data import systems

        for system in dict.fromkeys([*ENGINE_SYSTEMS, *systems()]):
            self._load_system(system)
        return self._calcs


REGISTRY = Registry()
"""The registry every system module adds to."""
