"""Rulebinder's rules core: an exact dice engine and every calculator of the rulebooks.

Standard library only; runs unchanged in CPython and Pyodide. The public
interface is :func:`catalog`, :func:`run` and :class:`InputError`
(see ``CALCULATORS.md``).

>>> import calculators
>>> result = calculators.run("arts.incapacity", {"load": "3", "tolerance": 10})
>>> result["p_incapacitated"]
'5/12'
"""

from __future__ import annotations

from typing import Any

from .declare import Calculator
from .errors import InputError
from .inputs import parse_inputs
from .registry import REGISTRY

__all__ = ["InputError", "catalog", "run", "get"]


def get(calc_id: str) -> Calculator:
    """The calculator with ``calc_id``; :class:`InputError` on field ``id`` if unknown.

    >>> get("arts.incapacity").title
    'Incapacity check'
    """
    calc = REGISTRY.find(calc_id) if isinstance(calc_id, str) else None
    if calc is None:
        raise InputError("id", f"There is no calculator called {calc_id!r}.")
    return calc


def catalog() -> list[dict[str, Any]]:
    """Every calculator's declaration as JSON-able dicts, ordered by id.

    >>> contest = next(c for c in catalog() if c["id"] == "arts.contest")
    >>> contest["system"], [i["name"] for i in contest["inputs"]][:2]
    ('arts', ['attacker', 'defender'])
    """
    return [calc.to_json() for _, calc in sorted(REGISTRY.all().items())]


def run(calc_id: str, inputs: Any = None) -> dict[str, Any]:
    """Validate raw ``inputs`` and compute; only :class:`InputError` escapes.

    >>> run("arts.incapacity", {"load": "x"})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: load: Fatigue or Stress carried must be a whole number; got 'x'.
    """
    calc = get(calc_id)
    values = parse_inputs(calc, inputs or {})
    return calc.compute(**values)
