"""Reading a Glittershard's End creature: the exhaustion levels' names, its stage of hunger,
the numbers its conditions change and what attacks meet in its posture."""

from __future__ import annotations

from typing import Any

from ....data import table
from .terms import HUNGER_GAP_CHOICES, HUNGER_STAGES


def exhaustion_names() -> dict[int, str]:
    """Each exhaustion level's name, from the rulebook's table.

    >>> exhaustion_names()[2], exhaustion_names()[6]
    ('Dead Tired', 'Death')
    """
    return {
        int(r["Exhaustion level"]): str(r["Name"]) for r in table("glittershard.exhaustion_table")
    }


def hunger_stage(minutes: int | None, gap: str = HUNGER_GAP_CHOICES[0]) -> int:
    """The stage of hunger after ``minutes`` without a meal (0: not hungry; 4: starved).

    Between 16 and 48 hours, where the rulebook is silent, the second stage goes on, or with
    ``gap`` ``"third stage"`` the third begins at 16 hours
    (``glittershard.tracker_hunger_16_to_48_hours``, a setting).

    >>> [hunger_stage(m) for m in (None, 0, 239, 240, 959, 2879, 2880, 11519, 11520)]
    [0, 1, 1, 2, 2, 2, 3, 3, 4]
    >>> [hunger_stage(m, "third stage") for m in (959, 960, 2879, 2880)]
    [2, 3, 3, 3]
    """
    if minutes is None:
        return 0
    third = HUNGER_STAGES[2] if gap == HUNGER_GAP_CHOICES[1] else HUNGER_STAGES[3]
    bounds = (HUNGER_STAGES[0], HUNGER_STAGES[1], third, HUNGER_STAGES[4])
    return sum(1 for low in bounds if minutes >= low)


def third_stage_hours(gap: str) -> int:
    """The hours without a meal from which health does not come back after a long rest.

    >>> third_stage_hours("second stage"), third_stage_hours("third stage")
    (48, 16)
    """
    return (HUNGER_STAGES[2] if gap == HUNGER_GAP_CHOICES[1] else HUNGER_STAGES[3]) // 60


def effective(c: dict[str, Any]) -> dict[str, Any]:
    """The numbers the conditions change: Nimbleness, Brawn, armor value, dodge, speed.

    Tired lowers every stat by 1 (so speed by 1, dodge by 2 for its Nim × 2, armor value
    by 2 for its Hea + Bwn); hunger's second stage Brawn by 1 more; Dead Tired halves
    the speed, rounded down; Tormented cannot move.

    >>> e = effective({"nim": 2, "bwn": 1, "armor": 14, "dodge": 16, "speed": 7,
    ...                "exhaustion": 2, "hungry": 300})
    >>> e["nim"], e["bwn"], e["armor"], e["dodge"], e["speed"]
    (1, -1, 11, 14, 2)
    """
    tired = 1 if c["exhaustion"] >= 1 else 0
    stage = hunger_stage(c["hungry"])
    hungry_bwn = 1 if stage >= 2 else 0
    speed = max(0, c["speed"] - tired - (1 if stage >= 1 else 0))
    notes = []
    if tired:
        notes.append("Tired −1")
    if stage >= 1:
        notes.append("hungry −1")
    if c["exhaustion"] >= 2:
        speed //= 2
        notes.append("Dead Tired: halved")
    if c["exhaustion"] >= 5:
        speed = 0
        notes.append("Tormented: cannot move")
    return {
        "nim": c["nim"] - tired,
        "bwn": c["bwn"] - tired - hungry_bwn,
        "armor": c["armor"] - 2 * tired - hungry_bwn,
        "dodge": c["dodge"] - 2 * tired,
        "speed": speed,
        "speed_note": ", ".join(notes),
    }


def goal(c: dict[str, Any]) -> tuple[int, int]:
    """The armor value and dodge attacks meet in the creature's posture.

    >>> goal({"nim": 0, "bwn": 0, "armor": 15, "dodge": 16, "speed": 6, "exhaustion": 0,
    ...       "hungry": None, "posture": "dodgy"})
    (7, 16)
    """
    e = effective(c)
    if c["posture"] == "steady":
        return e["armor"], e["dodge"]
    return e["armor"] // 2, 0 if c["posture"] == "unguarded" else e["dodge"]
