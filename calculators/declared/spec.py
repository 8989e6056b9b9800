"""The language of a declared calculator: the kinds its inputs and outputs may have, the
names it may not take, the name of its roll, and :data:`EXAMPLE`, a small declaration.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InputError
from ..notation import parse
from ..notation.syntax import FUNCTIONS as _FUNCTIONS
from ..notation.syntax import Dice, Name, Node, walk

ROLL = "roll"
"""The name of the calculator's roll in its expressions."""
INPUT_KINDS = ("int", "bool", "choice", "dice", "text")
OUTPUT_KINDS = ("int", "bool", "fraction", "distribution", "number", "text")
PYTHON_KINDS = ("list", "map", "grid")
"""Output kinds only a ``compute`` function gives."""
FIXED_KINDS = ("int", "bool")
"""Output kinds whose value is one number, never a roll's odds."""
RESERVED = frozenset({ROLL, "seed", "rolled", "breakdown", *_FUNCTIONS})
"""Names an input, a ``let`` or an output may not take."""

EXAMPLE: dict[str, Any] = {
    "id": "demo.incapacity",
    "kind": "calculator",
    "name": "Incapacity check",
    "rule": "demo.incapacity",
    "roll": "2d6",
    "inputs": [
        {"name": "load", "kind": "int", "label": "Load", "default": 1, "min": 0, "max": 40},
        {"name": "tolerance", "kind": "int", "label": "Tolerance", "default": 10, "min": 0},
    ],
    "let": {"needed": "tolerance - load + 1"},
    "outputs": [
        {
            "name": "p_incapacitated",
            "label": "Incapacitated",
            "kind": "fraction",
            "value": "2d6 + load > tolerance",
        },
        {
            "name": "distribution",
            "label": "2d6 + load",
            "kind": "distribution",
            "value": "2d6 + load",
        },
        {
            "name": "incapacitated",
            "label": "Incapacitated by the roll",
            "kind": "bool",
            "value": "roll + load > tolerance",
        },
    ],
    "breakdown": [
        "Incapacitated when 2d6 + {load} exceeds {tolerance}: {needed} or more on 2d6",
        {"text": "Rolled {roll}: incapacitated {incapacitated}", "when": "roll >= 0"},
    ],
}
"""A small declaration, as the exported JSON holds one (the examples use it)."""




def _dice_terms(node: Node) -> list[Dice]:
    return [n for n in walk(node) if isinstance(n, Dice)]


def named_rolls(lets: Mapping[str, str]) -> list[str]:
    """The ``let`` names that are rolls, in order: those that roll dice, or read ``roll``
    or an earlier named roll (the others are whole numbers, worked out before the roll).

    >>> named_rolls({"needed": "10 - edge", "total": "2d6 + edge", "hit": "total >= needed"})
    ['total', 'hit']
    """
    found: list[str] = []
    for name, text in lets.items():
        try:
            tree = parse(text, f"let.{name}").tree
        except InputError:
            continue
        reads = {n.name for n in walk(tree) if isinstance(n, Name)}
        if _dice_terms(tree) or ROLL in reads or reads & set(found):
            found.append(name)
    return found
