"""What the Glittershard's End builder follows: its name and version, the stat methods,
the gains of each level, the limits on weapons and spells, the schools of magic.
"""

from __future__ import annotations

from .... import data
from ..tables import level_rows

SYSTEM = "glittershard"
NAME = "Glittershard's End"
VERSION = 1
METHODS = {
    "array": "Standard Array",
    "allotment": "Standard Allotment",
    "unrestricted": "Unrestricted Dice",
    "restricted": "Restricted Dice",
}
"""The four stat methods of the rulebook, by the name the character uses."""
ROLLED = ("unrestricted", "restricted")
GAINS = {
    "+1 to a stat": "stat",
    "+1 skill point": "skill_point",
    "new class perk": "perk",
    "1 training": "training",
}
"""What each part of the level table's 'Perks:' column asks the player to choose."""
REQUIRED_GAINS = ("stat", "perk", "training")
"""Choices a level-up must have made; a skill point is only noted (the book never says what
it buys)."""
MAX_WEAPONS = 4
MAX_SPELLS = 6
ATTACK_STATS = ("bwn", "nim", "lm", "dm", "wit")
HAND_NOTE = (
    "The rulebook refers to race and class pages that it does not include: enter the "
    "values from your table's own race and class by hand."
)


def schools() -> dict[str, str]:
    """Every magic of the three schools' tables, with its school.

    >>> schools()["Fire"], schools()["Air"], schools()["Spatial"]
    ('Dark magic', 'Light magic', 'Book magic')
    """
    out = {}
    for table in ("light_magic_table", "dark_magic_table", "book_magic_table"):
        entry = data.entry(f"glittershard.{table}")
        for row in entry["rows"]:
            out[str(row[0])] = entry["name"]
    return out


def level_gains(level: int) -> tuple[str, ...]:
    """The choices the level table's row for ``level`` opens.

    >>> level_gains(5), level_gains(2), level_gains(1)
    (('skill_point', 'training'), ('stat',), ())
    """
    if level < 2:
        return ()
    perks = dict(level_rows())[level]
    return tuple(GAINS[p.strip().lower()] for p in perks.split(","))
