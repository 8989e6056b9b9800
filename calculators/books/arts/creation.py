"""What character creation and the level table give: the attributes, the point pools at
creation and the level's gains, the arts of each group, base Tolerance and Speed.
"""

from __future__ import annotations

from typing import Any

from ... import data

ATTRIBUTES = ("mig", "end", "fin", "ref", "rea", "foc")
GENERALS = ("phy", "sen", "cog")
CREATION_POINTS = {"general": 1, "specific": 2, "combat": 3, "utility": 3}
"""'a pool of 1 General Attribute points, 2 Specific Atribute points, 3 Combat Arts
points and 3 Utility Arts points' (Character Creation)."""
GAINS = {
    "+1 to an Art": ("combat", "utility"),
    "+1 to a Specific Attribute": ("specific",),
    "+1 to a General Attribute": ("general",),
}
"""How each 'Gained' entry of the level table adds to the point pools; 'whenever the
table indicates +1 to an Art, both a Combat Art and a Utility Art are raised'."""
BASE_TOLERANCE = 10
BASE_SPEED = 4


def arts_of(group: str) -> list[dict[str, Any]]:
    """The art entries of one group (``combat`` or ``utility``), in rulebook order.

    >>> [a["id"] for a in arts_of("combat")][:2]
    ['arts.unarmed', 'arts.bladecraft']
    """
    return [
        e for e in data.system_data("arts").values() if e["kind"] == "art" and e["group"] == group
    ]


def allowances(level: int) -> dict[str, Any]:
    """Point pools and ability picks a character of ``level`` has, from the level table.

    >>> allowances(5)
    {'general': 2, 'specific': 3, 'combat': 5, 'utility': 5, 'ability_picks': 5}
    """
    pools = dict(CREATION_POINTS)
    picks = None
    for row in data.table("arts.level_table"):
        if row["Level"] > level:
            break
        for pool in GAINS.get(row["Gained"], ()):
            pools[pool] += 1
        picks = row["Cumulative Ability Picks (Each Type)"]
    return {**pools, "ability_picks": picks}
