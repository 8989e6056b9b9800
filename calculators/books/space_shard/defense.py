"""Defense: Covered defense, fire from concealment, Full Defense and Guarding."""

from __future__ import annotations

from typing import Any

from ... import data
from .rules import (
    COVER_BASE,
    COVER_MAX,
    FULLY_COVERED_FACTOR,
    TWICE_CHOICES,
)


def cover_fire_rows() -> dict[str, dict[str, Any]]:
    """Rows of the fire-from-concealment table by lower-case coverage name.

    >>> cover_fire_rows()["half cover"]["DP"]
    -2
    """
    return {
        str(row["Coverage"]).lower(): row
        for row in data.table("space_shard.concealment_penalty_table")
    }


def cover_rows() -> dict[str, dict[str, Any]]:
    """Rows of the amount-of-coverage table by lower-case name.

    >>> cover_rows()["heavy cover"]["Covering Defense"]
    8
    """
    return {
        str(row["Amount of coverage"]).lower(): row for row in data.table("space_shard.cover_table")
    }


def cover_defense(
    object_size: int = 6,
    your_size: int = 4,
    coverage: str = "by size",
    minimum: int = 0,
    fully_when: str = TWICE_CHOICES[0],
) -> dict[str, Any]:
    """Covered defense and Fully Covered, from sizes or from the amount-of-coverage table.

    ``minimum`` carries assumption ``space_shard.covered_defense_minimum``, ``fully_when``
    ``space_shard.fully_covered_at_least_twice``.

    >>> r = cover_defense(6, 4)
    >>> r["covered_defense"], r["fully_covered"]
    (6, False)
    >>> cover_defense(10, 4)["covered_defense"], cover_defense(8, 4)["fully_covered"]
    (8, True)
    >>> cover_defense(coverage="half cover")["covered_defense"]
    4
    """
    if coverage != "by size":
        row = cover_rows()[coverage]
        value = row["Covering Defense"]
        full = not isinstance(value, int)
        return {
            "covered_defense": value if isinstance(value, int) else None,
            "fully_covered": full,
            "breakdown": [f"{row['Amount of coverage']}: {row['Point']} (e.g. {row['Example']})"],
        }
    raw = object_size - your_size + COVER_BASE
    value = min(COVER_MAX, max(minimum, raw))
    if fully_when == TWICE_CHOICES[0]:
        full = object_size >= FULLY_COVERED_FACTOR * your_size
    else:
        full = object_size == FULLY_COVERED_FACTOR * your_size
    breakdown = [
        f"Covered defense {value} = {object_size} object size − {your_size} your size + "
        f"{COVER_BASE} = {raw}, at most {COVER_MAX}, at least {minimum}",
        f"Fully Covered: object size {object_size} is "
        f"{'' if full else 'not '}{'at least' if fully_when == TWICE_CHOICES[0] else 'exactly'} "
        f"twice your size ({FULLY_COVERED_FACTOR * your_size})",
    ]
    return {"covered_defense": value, "fully_covered": full, "breakdown": breakdown}


def defensive_bonus(
    action: str = "guarding with blade",
    base_defense: int = 2,
    skill: int = 2,
    guarding_inscription: bool = False,
    weapon_size: int = 0,
) -> dict[str, Any]:
    """The Defense bonus of Full Defense (Evade Bonus) or Guarding (Guarding Bonus + Shielding).

    >>> defensive_bonus("full defense", base_defense=3)["bonus"]
    3
    >>> defensive_bonus("guarding with brawl", skill=2, guarding_inscription=True,
    ...                 weapon_size=2)["bonus"]
    4
    """
    if action == "full defense":
        return {
            "bonus": base_defense,
            "bonus_name": "Evade Bonus",
            "area_save_dp_bonus": base_defense,
            "breakdown": [
                f"Evade Bonus {base_defense} = Basic Defense {base_defense}",
                f"+{base_defense} DP Evade bonus on Saving Throws against area damage",
                "Needs Focusing to keep (see Concept of Time & Actions)",
            ],
        }
    skill_name = "Brawl" if action == "guarding with brawl" else "Blade"
    shield = weapon_size if guarding_inscription else 0
    lines = [f"Guarding Bonus {skill + shield} = {skill_name} {skill}"]
    if guarding_inscription:
        lines[0] += f" + {weapon_size} size (Shielding: Guarding Inscription)"
    lines.append("Until your next turn")
    return {
        "bonus": skill + shield,
        "bonus_name": "Guarding Bonus",
        "area_save_dp_bonus": 0,
        "breakdown": lines,
    }


COVER_FIRE_CHOICES = ("none", *cover_fire_rows())
COVER_CHOICES = ("by size", *cover_rows())
