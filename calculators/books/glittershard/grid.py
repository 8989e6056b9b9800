"""Glittershard's End on the grid (seed ``002_…``, Definitions > Item ranges): 'A melee
wepon must be used on an adjecent tile unless it has reach on it, allowing for a one tile
gap btween the user of the item and their target. A ranged weapon can be used effectively
out to it's maximum range value, and past that the user suffers a 2 die penalty to hit
their target.'

The rulebook gives no measure of distance on its grid: assumption
``glittershard.grid_distance`` chooses one (:data:`MEASURE` is its default reading), and
``glittershard.reach_adjacent`` whether reach keeps the adjacent tile. Importing this module
registers the calculator ``glittershard.item_range``.

>>> compute_item_range("ranged", 6, 8, 3)["penalty_dice"]
2
"""

from __future__ import annotations

from typing import Any

from ...data import assumption_default
from ...format import signed
from ...grid.geometry import MEASURE_WORDS, MEASURES, ORIGIN, Square, within
from ...grid.picture import picture

A_DISTANCE = "glittershard.grid_distance"
A_REACH_ADJACENT = "glittershard.reach_adjacent"

DISTANCE: str = assumption_default(A_DISTANCE)
REACH_ADJACENT: bool = assumption_default(A_REACH_ADJACENT)

WEAPONS = ("melee", "reach", "ranged")
"""A melee weapon, a melee weapon with reach, a ranged weapon."""
GAP_DISTANCE = 2
"""'allowing for a one tile gap btween the user of the item and their target': 2 away."""
PENALTY_DICE = 2
"""'past that the user suffers a 2 die penalty to hit their target'"""


def compute_item_range(
    weapon: str,
    max_range: int,
    dx: int,
    dy: int,
    measure: str = DISTANCE,
    reach_adjacent: bool = REACH_ADJACENT,
) -> dict[str, Any]:
    """Whether an item reaches a target ``(dx, dy)`` tiles away (east, north), and the dice
    lost to hit beyond a ranged weapon's maximum range.

    >>> r = compute_item_range("reach", 0, 2, -1)
    >>> r["distance"], r["usable"], r["penalty_dice"]
    (2, True, 0)
    >>> compute_item_range("reach", 0, 2, -1, measure="orthogonal")["usable"]
    False
    >>> compute_item_range("reach", 0, 1, 0, reach_adjacent=False)["usable"]
    False
    """
    target = Square(dx, dy)
    distance = MEASURES[measure](ORIGIN, target)
    lines = [f"Distance {distance} tiles: {MEASURE_WORDS[measure]} of |{signed(dx)}| and "
             f"|{signed(dy)}|"]
    if weapon == "ranged":
        reach = within(ORIGIN, max_range, MEASURES[measure])
        usable, effective = True, distance <= max_range
        penalty = 0 if effective else PENALTY_DICE
        lines.append(
            f"Within the maximum range {max_range}: no penalty" if effective
            else f"Beyond the maximum range {max_range}: {PENALTY_DICE} dice fewer to hit"
        )
        means = "within the maximum range"
    else:
        allowed = {1} if weapon == "melee" else ({1, GAP_DISTANCE} if reach_adjacent
                                                  else {GAP_DISTANCE})
        reach = frozenset(
            s for s in within(ORIGIN, GAP_DISTANCE, MEASURES[measure])
            if MEASURES[measure](ORIGIN, s) in allowed
        )
        usable = effective = distance in allowed
        penalty = 0
        what = ("an adjacent tile" if weapon == "melee"
                else "a target across a one tile gap"
                + (" or an adjacent one" if reach_adjacent else ""))
        lines.append(f"A melee weapon{' with reach' if weapon == 'reach' else ''} reaches {what}:"
                     + (" it can be used" if usable else " it cannot be used on this target"))
        means = "within reach"
    marks = {target: "T", ORIGIN: "@"}
    legend = [("@", f"the user {ORIGIN}"), ("T", f"the target {target}")]
    return {
        "distance": distance,
        "usable": usable,
        "in_range": effective,
        "penalty_dice": penalty,
        "grid": picture(marks, reach, f"{weapon.capitalize()} weapon", means, legend, margin=1),
        "breakdown": lines,
    }
