"""Reading the grid calculators' text inputs: creatures with their squares, directions.

A bad item is an :class:`~calculators.errors.InputError` naming the field and the item.
"""

from __future__ import annotations

import re

from ..errors import InputError
from ..inputs import split_items
from .geometry import DIRECTION, Direction, Square

REACH = 20
"""How far from the creature acting (in each of x and y) a square may be given."""

MAX_CREATURES = 20
"""The most creatures a list may hold."""

_POSITION = re.compile(
    r"^(?:(?P<name>.*?\S)\s+)?\(?\s*(?P<x>[-−+]?\d+)\s*,\s*(?P<y>[-−+]?\d+)\s*\)?$"
)


def _number(text: str) -> int:
    return int(text.replace("−", "-"))


def parse_creatures(text: str, field: str) -> list[tuple[str, Square]]:
    """Creatures from ``"Bandit 2,1; Wolf -3,0"``: each a name (optional: the creature is
    then called by its number) and a square ``x,y`` east and north of you.

    >>> parse_creatures("Bandit 2,1; (−3, 0)", "creatures")
    [('Bandit', Square(x=2, y=1)), ('2', Square(x=-3, y=0))]
    >>> parse_creatures("", "creatures"), parse_creatures("none", "creatures")
    ([], [])
    >>> parse_creatures("Wolf 2", "creatures")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: creatures: Give each creature as a name and a square \
x,y (e.g. Wolf 2,-1); got 'Wolf 2'.
    """
    if text.strip().lower() in ("none", "-"):
        return []
    found = []
    for number, item in enumerate(split_items(text, ";\n"), start=1):
        match = _POSITION.match(item)
        if match is None:
            raise InputError(
                field,
                f"Give each creature as a name and a square x,y (e.g. Wolf 2,-1); got {item!r}.",
            )
        square = Square(_number(match["x"]), _number(match["y"]))
        if max(abs(square.x), abs(square.y)) > REACH:
            raise InputError(
                field, f"Each square must be within {REACH} squares of you; got {item!r}."
            )
        found.append((match["name"] or str(number), square))
    if len(found) > MAX_CREATURES:
        raise InputError(field, f"Give at most {MAX_CREATURES} creatures.")
    return found


def parse_directions(text: str, field: str, count: int) -> list[Direction]:
    """Exactly ``count`` different compass directions from ``"N, NE, E"``.

    >>> [d.name for d in parse_directions("n ne,E", "arc", 3)]
    ['N', 'NE', 'E']
    >>> parse_directions("N,N,E", "arc", 3)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: arc: Give 3 different directions; N is given twice.
    """
    directions: list[Direction] = []
    for item in split_items(text, ",; "):
        direction = DIRECTION.get(item.upper())
        if direction is None:
            raise InputError(
                field,
                f"Each direction must be one of {', '.join(DIRECTION)}; got {item!r}: pick "
                "from those.",
            )
        if direction in directions:
            raise InputError(
                field, f"Give {count} different directions; {direction.name} is given twice."
            )
        directions.append(direction)
    if len(directions) != count:
        raise InputError(field, f"Give {count} directions; got {len(directions)}.")
    return directions
