"""Where calculators are collected: each system module registers its own, and the
calculators a system declares in its rules data are built (:func:`calculators.declared.build`)
and added here when that system is first asked for.

The registry depends on the system modules and on :mod:`calculators.declared`, never
the other way round: a system module is found by name (it adds its calculators when
imported), and :mod:`~calculators.declared` only builds calculators, it does not register
them."""

from __future__ import annotations

import importlib

from .declare import Calculator

#: The module that registers each system's calculators (``dice``: the roller of any system).
SYSTEM_MODULES = {
    "arts": "arts",
    "glittershard": "glittershard",
    "pendragon": "pendragon",
    "shattered_spirits": "shattered_spirits",
    "space_shard": "space_shard",
    "dice": "roller",
}

#: Systems of the engine itself, whatever the books: loaded without exported data.
ENGINE_SYSTEMS = ("dice",)

#: Further modules that register more of a system's calculators, imported after its own:
#: the grid calculators of the books that play on squares (``calculators/grid/``).
MORE_MODULES = {
    "arts": ("grid.arts_calculators",),
    "glittershard": ("grid.glittershard",),
    "shattered_spirits": ("grid.shattered_spirits_calculators",),
}


class Registry:
    """Calculators by id, importing the system modules on first use."""

    def __init__(self) -> None:
        self._calcs: dict[str, Calculator] = {}
        self._imported: set[str] = set()
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
        """Register one system's calculators: its Python module's, then its declared ones."""
        if system in SYSTEM_MODULES:
            self._load(SYSTEM_MODULES[system])
        for name in MORE_MODULES.get(system, ()):
            self._load(name)
        if system in self._declared:
            return
        self._declared.add(system)
        self.add_declared(system)

    def add_declared(self, system: str) -> list[Calculator]:
        """Build and register every calculator the exported data of ``system`` declares.

        A calculator id that Python has registered already is refused with both places named.
        (Imported here, on first use: the dice language is not loaded until a system is.)

        >>> Registry().add_declared("nowhere")
        []
        """
        from .data import declared
        from .declared import build

        added = []
        for entry in declared(system).values():
            if self.has(entry["id"]):
                raise ValueError(
                    f"calculator {entry['id']!r} is declared in rules_data and also registered "
                    "by Python: keep one of the two"
                )
            added.append(self.add(build(entry)))
        return added

    def _load(self, name: str) -> None:
        """Import one system module (which registers its calculators), once."""
        if name in self._imported:
            return
        self._imported.add(name)
        try:
            importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__package__}.{name}":
                raise

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
        """Every registered calculator: each system's module imported and its declared
        calculators built, once. Only the systems whose data was exported count (and
        :data:`ENGINE_SYSTEMS`): a site holds the books of its own ``rules_data/``.

        >>> sorted(REGISTRY.all())[:2]
        ['arts.area', 'arts.character']
        """
        from .data import systems

        present = systems()
        books = [s for s in SYSTEM_MODULES if s in present or s in ENGINE_SYSTEMS]
        for system in dict.fromkeys([*books, *present]):
            self._load_system(system)
        return self._calcs


REGISTRY = Registry()
"""The registry every system module adds to."""
