"""Range, climbing, falling and the Movement budget."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..inputs import split_items
from .rules import (
    CLIMB_BASE,
    CLIMB_PER_ELEVATION,
    CRUSH_PER_ELEVATION,
    FALL_REFLEX_LESS,
    FREE_ONE_LEVEL,
    PRONE_DAMAGE,
    PRONE_ONLY_UNPAID,
    SWIM_FACTOR,
)


def compute_range(dx: int, dy: int) -> dict[str, Any]:
    """Range: the greater of the horizontal and vertical difference (no Pythagoras).

    >>> compute_range(3, -5)["range"]
    5
    """
    result = max(abs(dx), abs(dy))
    return {
        "range": result,
        "breakdown": [f"Range {result} = the greater of |{dx}| and |{dy}| spaces"],
    }


def climb_cost(elevation: int) -> int:
    """Movement to climb up ``elevation`` (formula ``shattered_spirits.climb_movement``).

    >>> climb_cost(1), climb_cost(3)
    (3, 7)
    """
    return CLIMB_BASE + CLIMB_PER_ELEVATION * elevation


def compute_climb(elevation: int) -> dict[str, Any]:
    """Total Movement expended to climb to a higher Elevation.

    The rulebook's example: climbing a 1 Height Obstacle costs 3 spaces.

    >>> compute_climb(1)["movement"]
    3
    """
    cost = climb_cost(elevation)
    return {
        "movement": cost,
        "breakdown": [
            f"Movement {cost} = {CLIMB_BASE} + {CLIMB_PER_ELEVATION} \u00d7 {elevation} Elevation"
        ],
    }


def compute_fall(
    elevation: int,
    paid: bool = False,
    free_one_level: bool = FREE_ONE_LEVEL,
    prone_only_unpaid: bool = PRONE_ONLY_UNPAID,
) -> dict[str, Any]:
    """Falling: pay Reflex one less than the drop, or take twice the drop as Crush Damage.

    >>> r = compute_fall(3)
    >>> r["reflex_cost"], r["crush_damage"], r["prone"]
    (2, 6, True)
    >>> compute_fall(1)["crush_damage"], compute_fall(1, free_one_level=False)["crush_damage"]
    (0, 2)
    >>> compute_fall(3, paid=True)["prone"], compute_fall(3, True, True, False)["prone"]
    (False, True)
    """
    reflex = elevation - FALL_REFLEX_LESS
    would = CRUSH_PER_ELEVATION * elevation
    free = reflex == 0 and free_one_level
    avoided = paid or free
    crush = 0 if avoided else would
    prone = (crush if prone_only_unpaid else would) >= PRONE_DAMAGE
    breakdown = [
        f"Reflex to pay {reflex} = {elevation} Elevation \u2212 {FALL_REFLEX_LESS}",
        f"Crush Damage if not paid {would} = {CRUSH_PER_ELEVATION} \u00d7 {elevation} Elevation",
    ]
    if free:
        breakdown.append("Paying 0 Reflex counts as paying: no Crush Damage")
    elif paid:
        breakdown.append(f"{reflex} Reflex paid: no Crush Damage")
    else:
        breakdown.append(f"Reflex not paid: {crush} Crush Damage")
    breakdown.append(
        f"Prone: {'yes' if prone else 'no'} (at least {PRONE_DAMAGE} Crush Damage"
        + (" taken)" if prone_only_unpaid else " from the drop, paid or not)")
    )
    return {"reflex_cost": reflex, "crush_damage": crush, "prone": prone, "breakdown": breakdown}


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
