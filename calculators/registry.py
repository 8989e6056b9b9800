"""Where calculators are collected; each system module registers its own."""

from __future__ import annotations

import importlib

from .declare import Calculator

SYSTEM_MODULES = ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard")


class Registry:
    """Calculators by id, importing the system modules on first use."""

    def __init__(self) -> None:
        self._calcs: dict[str, Calculator] = {}
        self._loaded = False

    def add(self, calc: Calculator) -> Calculator:
        """Register ``calc``; ids must be unique.

        >>> r = Registry(); r._loaded = True
        >>> from calculators.declare import CALC
        >>> r.add(CALC).id
        'demo.double'
        """
        if calc.id in self._calcs:
            raise ValueError(f"calculator {calc.id!r} registered twice")
        self._calcs[calc.id] = calc
        return calc

    def all(self) -> dict[str, Calculator]:
        """Every registered calculator (system modules imported once).

        >>> "arts.contest" in REGISTRY.all()
        True
        """
        if not self._loaded:
            self._loaded = True
            for name in SYSTEM_MODULES:
                try:
                    importlib.import_module(f"{__package__}.{name}")
                except ModuleNotFoundError as error:
                    if error.name != f"{__package__}.{name}":
                        raise
        return self._calcs


REGISTRY = Registry()
"""The registry every system module adds to."""
