"""Level-ups: the next row of the level table, and the choices it opens."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ..tables import level_rows, max_level
from .character import validate
from .declarations import level_gains


def level_up(raw: Any) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Apply the next row of the level table; the events name the choices it opens.

    >>> from calculators.books.glittershard.builder import example
    >>> c, events = level_up(example())
    >>> c["level"], c["advances"], events[0]["message"]
    (2, {'2': {'stat': ''}}, 'Level 2: +1 to a stat. Choose the stat at Level-ups.')
    """
    character = validate(raw)
    if character["level"] >= max_level():
        raise InputError("level", f"Level {max_level()} is the last row of the level table.")
    level = character["level"] + 1
    gains = level_gains(level)
    character["level"] = level
    character["advances"][str(level)] = {g: "" for g in gains}
    what = {
        "stat": "the stat",
        "perk": "the new class perk",
        "training": "the training",
        "skill_point": "a note for the skill point (the book never says what it buys)",
    }
    perks = dict(level_rows())[level]
    return character, [
        {
            "step": "levels",
            "message": f"Level {level}: {perks}. Choose "
            + " and ".join(what[g] for g in gains)
            + " at Level-ups.",
        }
    ]
