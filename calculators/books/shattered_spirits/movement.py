"""The Movement budget and the cost of a climb (range, climbing and falling are formulas
in ``rules_data/shattered_spirits/``)."""

from __future__ import annotations

from typing import Any

from ...errors import InputError
from ...inputs import split_items
from .rules import (
    CLIMB_BASE,
    CLIMB_PER_ELEVATION,
    SWIM_FACTOR,
)


def climb_cost(elevation: int) -> int:
    """Movement to climb up ``elevation`` (formula ``shattered_spirits.climb_movement``).

    >>> climb_cost(1), climb_cost(3)
    (3, 7)
    """
    return CLIMB_BASE + CLIMB_PER_ELEVATION * elevation


def parse_climbs(raw: str | None) -> list[int]:
    """Elevation changes of each climb from ``"1,2"`` (empty: no climb).

    >>> parse_climbs("1, 2"), parse_climbs(None)
    ([1, 2], [])
    >>> parse_climbs("0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: climbs: Each climb must be a whole number ... got '0'.
    """
    if raw is None:
        return []
    climbs = []
    for text in split_items(str(raw), ",; "):
        if not text.isdigit() or not 1 <= int(text) <= 50:
            raise InputError(
                "climbs",
                f"Each climb must be a whole number of Elevation from 1 to 50; got {text!r}.",
            )
        climbs.append(int(text))
    if len(climbs) > 50:
        raise InputError("climbs", "Give at most 50 climbs.")
    return climbs


def compute_movement(
    movement: int, spaces: int, swim_spaces: int, climbs: str | None
) -> dict[str, Any]:
    """Movement budget: ordinary spaces, swimming spaces (twice the cost) and climbs.

    >>> r = compute_movement(4, 1, 0, "1")
    >>> r["cost"], r["remaining"], r["enough"]
    (4, 0, True)
    >>> compute_movement(4, 0, 3, None)["enough"]
    False
    """
    heights = parse_climbs(climbs)
    climb_total = sum(climb_cost(h) for h in heights)
    swim = SWIM_FACTOR * swim_spaces
    cost = spaces + swim + climb_total
    parts = [f"{spaces} ordinary"]
    if swim_spaces:
        parts.append(f"{swim} swimming ({SWIM_FACTOR} \u00d7 {swim_spaces})")
    for h in heights:
        parts.append(f"{climb_cost(h)} climbing {h} Elevation")
    return {
        "cost": cost,
        "remaining": movement - cost,
        "enough": cost <= movement,
        "breakdown": [
            f"Cost {cost} = " + " + ".join(parts),
            f"Remaining {movement - cost} = {movement} Movement \u2212 {cost}",
        ],
    }
