"""Shattered Spirits on the grid (seed ``000_…``, Making Attacks > Range and Areas).

Range is Self, Melee (adjacent creatures) or Ranged, measured as the greater of the
horizontal and vertical difference (:data:`MEASURE`); a Ranged Attack takes -1 for each
hostile creature adjacent to the user, negated with 1 Focus each; an Arc, a Blast, a Burst
and a Line target the spaces around a space picked within Range. Where the rulebook is
silent (which spaces are adjacent, how "within X" is counted, what an Arc's spaces are,
where a Line starts) an assumption entry of ``rules_data/shattered_spirits/attacks.yml``
decides, and each calculator takes its reading as an input. The Cone ("a triangle so that
each side is X long") is laid on the squares by two assumptions: where the triangle lies
(``shattered_spirits.cone_directions``) and which spaces it targets
(``shattered_spirits.cone_spaces``).

Positions are squares east (x) and north (y) of the attacker, who stands on (0, 0).

>>> compute_blast("ranged", 5, 3, 1, 1, "Bandit 4,2; Wolf 6,1")["targets"]
['Bandit (4, 2)']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...data import assumption_default
from ...errors import InputError
from ...format import plural, signed, with_sign
from ...grid.geometry import (
    DIRECTION,
    MEASURE_WORDS,
    MEASURES,
    ORIGIN,
    BookMeasure,
    Direction,
    Square,
    adjacent,
    line,
    neighbours,
    within,
)
from ...grid.inputs import parse_creatures, parse_directions
from ...grid.picture import picture
from ...grid.triangle import cone
from .modifiers import modifier_row
from .rules import FOCUS_PER_HOSTILE

MEASURE = BookMeasure(
    "shattered_spirits",
    "greater",
    "000_d5674467426760d8.txt",
    79,
    "take the greater of the horizontal and vertical difference between the target and "
    "the attacker",
)
"""'When measuring range, take the greater of the horizontal and vertical difference between
the target and the attacker.' (Making Attacks > Range > Measuring Range)"""

A_ADJACENT = "shattered_spirits.adjacent_spaces"
A_AREA_MEASURE = "shattered_spirits.area_measure"
A_ARC = "shattered_spirits.arc_spaces"
A_LINE = "shattered_spirits.line_start"
A_CONE_DIRECTIONS = "shattered_spirits.cone_directions"
A_CONE_SPACES = "shattered_spirits.cone_spaces"

RANGE_KINDS = ("ranged", "melee", "self")
"""'Attacks in Shattered Spirits will have a Range of Self, Melee, or Ranged.'"""

DIAGONALS: bool = assumption_default(A_ADJACENT)
AREA_MEASURE: str = assumption_default(A_AREA_MEASURE)
ARC_WITH_PICKED: bool = assumption_default(A_ARC)
LINE_FROM_PICKED: bool = assumption_default(A_LINE)
CONE_DIRECTIONS: str = assumption_default(A_CONE_DIRECTIONS)
CONE_SPACES: str = assumption_default(A_CONE_SPACES)

CONE_WORDS = {
    "centre": "the spaces whose centre lies inside the triangle or on its edge",
    "touch": "every space any part of which lies inside the triangle",
}
"""Each reading of assumption ``shattered_spirits.cone_spaces`` in words."""


def reachable(square: Square, range_kind: str, max_range: int, diagonals: bool = DIAGONALS) -> bool:
    """Whether an Attack of ``range_kind`` reaches ``square`` from the attacker's.

    Self: only the attacker's own space ('only affect the user, or are centered on them');
    Melee: only adjacent spaces; Ranged: any space within ``max_range`` (the Technique's
    Range) by :data:`MEASURE`.

    >>> reachable(Square(1, 1), "melee", 0), reachable(Square(1, 1), "melee", 0, diagonals=False)
    (True, False)
    >>> reachable(Square(-5, 3), "ranged", 5), reachable(Square(0, 0), "self", 0)
    (True, True)
    """
    if range_kind == "self":
        return square == ORIGIN
    if range_kind == "melee":
        return adjacent(ORIGIN, square, diagonals)
    return MEASURE.distance(ORIGIN, square) <= max_range


def reach_words(range_kind: str, max_range: int, diagonals: bool) -> str:
    """What an Attack of ``range_kind`` reaches, in words.

    >>> reach_words("ranged", 5, True)
    'Range 5: the spaces at most 5 away'
    """
    if range_kind == "self":
        return "Self: your own space only"
    if range_kind == "melee":
        which = "any of the eight around you" if diagonals else "one of the four sharing a side"
        return f"Melee: an adjacent space ({which})"
    return f"Range {max_range}: the spaces at most {max_range} away"


def reach_squares(range_kind: str, max_range: int, diagonals: bool) -> frozenset[Square]:
    """Every space an Attack of ``range_kind`` reaches.

    >>> len(reach_squares("melee", 0, True)), len(reach_squares("ranged", 2, True))
    (8, 25)
    """
    if range_kind == "self":
        return frozenset({ORIGIN})
    if range_kind == "melee":
        return frozenset(neighbours(ORIGIN, diagonals))
    return within(ORIGIN, max_range)


def _distance_line(square: Square) -> str:
    d = MEASURE.distance(ORIGIN, square)
    return (
        f"Distance to {square} = {d}: the greater of |{signed(square.x)}| and "
        f"|{signed(square.y)}| ({MEASURE.cite()})"
    )


def _legend_creatures(
    creatures: list[tuple[str, Square]], area: frozenset[Square], marks: dict[Square, str]
) -> tuple[list[tuple[str, str]], list[str]]:
    """Number each creature on the picture; the names of those in ``area``."""
    legend: list[tuple[str, str]] = []
    inside: list[str] = []
    for number, (name, square) in enumerate(creatures, start=1):
        hit = square in area
        if hit:
            inside.append(f"{name} {square}")
        marks[square] = str(number)
        legend.append((str(number), f"{name} {square}: {'targeted' if hit else 'not targeted'}"))
    return legend, inside


def arc_directions(text: str, diagonals: bool) -> list[Direction]:
    """The three directions of an Arc's spaces from ``text``; a diagonal one is refused when
    only spaces sharing a side are adjacent (``diagonals`` false: assumption
    ``shattered_spirits.adjacent_spaces``).

    >>> [d.name for d in arc_directions("N, NE, E", True)]
    ['N', 'NE', 'E']
    >>> arc_directions("N, NE, E", False)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: arc: NE is diagonal, and only spaces sharing a side are \
adjacent: choose three of N, E, S, W.
    """
    directions = parse_directions(text, "arc", 3)
    for d in directions:
        if d.dx and d.dy and not diagonals:
            raise InputError(
                "arc",
                f"{d.name} is diagonal, and only spaces sharing a side are adjacent: choose "
                "three of N, E, S, W.",
            )
    return directions


def cone_way(direction: str, directions: str) -> Direction:
    """The direction a Cone points; a diagonal one is refused when it may point only N, E,
    S or W (``directions``: assumption ``shattered_spirits.cone_directions``).

    >>> cone_way("NE", "eight").name
    'NE'
    >>> cone_way("NE", "four")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: direction: NE is diagonal: choose N, E, S or W for the Cone.
    """
    if direction not in DIRECTION:
        raise InputError("direction", f"Choose one of {', '.join(DIRECTION)}; got {direction!r}.")
    way = DIRECTION[direction]
    if directions == "four" and way.dx and way.dy:
        raise InputError("direction", f"{direction} is diagonal: choose N, E, S or W for the Cone.")
    return way


def compute_area(
    shape: str,
    range_kind: str,
    max_range: int,
    picked: Square,
    area: Iterable[Square],
    creatures: str,
    how: list[str],
    diagonals: bool = DIAGONALS,
) -> dict[str, Any]:
    """The outputs of an area calculator: is the picked space in Range, how many spaces and
    which creatures the ``area`` targets, the picture and the breakdown (``how`` says how
    the area is made).

    >>> r = compute_area("Blast 0", "self", 0, ORIGIN, [ORIGIN], "", [])
    >>> r["in_range"], r["spaces"], r["targets"]
    (True, 1, ['You (0, 0)'])
    """
    targeted = frozenset(area)
    ok = reachable(picked, range_kind, max_range, diagonals)
    found = parse_creatures(creatures, "creatures")
    marks: dict[Square, str] = {picked: "+", ORIGIN: "@"}
    legend, inside = _legend_creatures(found, targeted, marks)
    you = [f"You {ORIGIN}"] if ORIGIN in targeted else []
    legend[:0] = [("@", f"you {ORIGIN}"), ("+", f"the picked space {picked}")]
    breakdown = [
        _distance_line(picked),
        f"The picked space is {'within' if ok else 'out of'} reach "
        f"({reach_words(range_kind, max_range, diagonals)})"
        + ("" if ok else ": the Attack cannot be placed there"),
        *how,
        f"{shape} targets {plural(len(targeted), 'space')}; one Attack Roll applies to every "
        "creature in them",
    ]
    return {
        "in_range": ok,
        "spaces": len(targeted),
        "targets": you + inside,
        "grid": picture(marks, targeted, shape, "targeted", legend, margin=1),
        "breakdown": breakdown,
    }


def compute_blast(
    range_kind: str,
    max_range: int,
    dx: int,
    dy: int,
    size: int,
    creatures: str,
    measure: str = AREA_MEASURE,
    diagonal_adjacent: bool = DIAGONALS,
) -> dict[str, Any]:
    """A Blast X: 'That space, and all spaces within X, where X is the Blast's value, are
    targeted.' (``measure``: the reading of assumption ``shattered_spirits.area_measure``.)

    >>> r = compute_blast("ranged", 5, 3, 1, 1, "")
    >>> r["spaces"], compute_blast("ranged", 5, 3, 1, 2, "")["spaces"]
    (9, 25)
    >>> compute_blast("ranged", 5, 3, 1, 1, "", measure="orthogonal")["spaces"]
    5
    """
    picked = Square(dx, dy)
    area = within(picked, size, MEASURES[measure])
    how = [f"Blast {size}: the picked space and every space at most {size} from it, by "
           f"{MEASURE_WORDS[measure]}"]
    return compute_area(
        f"Blast {size}", range_kind, max_range, picked, area, creatures, how, diagonal_adjacent
    )


def compute_burst(
    range_kind: str,
    max_range: int,
    dx: int,
    dy: int,
    size: int,
    creatures: str,
    measure: str = AREA_MEASURE,
    diagonal_adjacent: bool = DIAGONALS,
) -> dict[str, Any]:
    """A Burst X: the spaces within X of the picked space; 'The targeted space is not
    effected.' (``measure``: assumption ``shattered_spirits.area_measure``.)

    >>> compute_burst("ranged", 5, 3, 1, 1, "Bandit 3,1; Wolf 4,1")["targets"]
    ['Wolf (4, 1)']
    """
    picked = Square(dx, dy)
    area = within(picked, size, MEASURES[measure]) - {picked}
    how = [f"Burst {size}: every space at most {size} from the picked space, by "
           f"{MEASURE_WORDS[measure]}, but not the picked space itself"]
    return compute_area(
        f"Burst {size}", range_kind, max_range, picked, area, creatures, how, diagonal_adjacent
    )


def compute_arc(
    range_kind: str,
    max_range: int,
    dx: int,
    dy: int,
    arc: str,
    creatures: str,
    with_picked: bool = ARC_WITH_PICKED,
    diagonal_adjacent: bool = DIAGONALS,
) -> dict[str, Any]:
    """An Arc: 'Pick a space within Range, then choose 3 adjacent spaces. Target all spaces
    within.' ``arc`` names the 3 directions from the picked space (``"N,NE,E"``);
    ``with_picked`` and ``diagonal_adjacent`` are the readings of assumptions
    ``shattered_spirits.arc_spaces`` and ``shattered_spirits.adjacent_spaces``.

    >>> compute_arc("melee", 0, 1, 0, "N,NE,E", "")["spaces"]
    4
    >>> compute_arc("melee", 0, 1, 0, "N,E,S", "", with_picked=False)["spaces"]
    3
    """
    picked = Square(dx, dy)
    directions = arc_directions(arc, diagonal_adjacent)
    chosen = [picked.moved(d) for d in directions]
    area = frozenset(chosen) | ({picked} if with_picked else frozenset())
    names = ", ".join(f"{d.name} {s}" for d, s in zip(directions, chosen, strict=True))
    how = [f"Arc: the 3 chosen spaces adjacent to the picked space ({names})"
           + (" and the picked space itself" if with_picked else "")]
    return compute_area(
        "Arc", range_kind, max_range, picked, area, creatures, how, diagonal_adjacent
    )


def compute_line(
    range_kind: str,
    max_range: int,
    dx: int,
    dy: int,
    size: int,
    direction: str,
    creatures: str,
    from_picked: bool = LINE_FROM_PICKED,
    diagonal_adjacent: bool = DIAGONALS,
) -> dict[str, Any]:
    """A Line X: 'Draw a straight line from that space in any direction. Target the first X
    spaces in that line.' (``from_picked``: assumption ``shattered_spirits.line_start``.)

    >>> compute_line("ranged", 5, 1, 0, 3, "E", "Bandit 3,0; Wolf 4,0")["targets"]
    ['Bandit (3, 0)']
    >>> compute_line("ranged", 5, 1, 0, 3, "E", "Wolf 4,0", from_picked=False)["targets"]
    ['Wolf (4, 0)']
    """
    picked = Square(dx, dy)
    squares = line(picked, DIRECTION[direction], size, from_picked)
    start = "the picked space" if from_picked else "the space after the picked one"
    how = [f"Line {size} to the {direction}: {plural(size, 'space')} in a straight line from "
           f"{start}, {squares[0]} to {squares[-1]}"]
    return compute_area(
        f"Line {size}", range_kind, max_range, picked, squares, creatures, how, diagonal_adjacent
    )


def compute_cone(
    range_kind: str,
    max_range: int,
    dx: int,
    dy: int,
    size: int,
    direction: str,
    creatures: str,
    directions: str = CONE_DIRECTIONS,
    spaces: str = CONE_SPACES,
    diagonal_adjacent: bool = DIAGONALS,
) -> dict[str, Any]:
    """A Cone X: 'Pick a space within Range. Draw a triangle so that each side is X long,
    where X is the Cone value.' The triangle has a corner on the picked space's centre and
    points ``direction`` (``directions``: assumption ``shattered_spirits.cone_directions``,
    eight or four); ``spaces`` (assumption ``shattered_spirits.cone_spaces``) says which
    spaces it targets.

    >>> r = compute_cone("ranged", 5, 1, 0, 3, "E", "Bandit 3,1; Wolf 4,0")
    >>> r["spaces"], r["targets"]
    (5, ['Bandit (3, 1)'])
    >>> compute_cone("ranged", 5, 1, 0, 3, "E", "", spaces="touch")["spaces"]
    10
    """
    way = cone_way(direction, directions)
    picked = Square(dx, dy)
    area = cone(picked, way, size, spaces)
    how = [
        f"Cone {size} pointing {direction}: a triangle with each side {plural(size, 'space')} "
        f"long, a corner on the centre of the picked space {picked}",
        f"It targets {CONE_WORDS[spaces]}",
    ]
    return compute_area(
        f"Cone {size}", range_kind, max_range, picked, area, creatures, how, diagonal_adjacent
    )


def compute_target(
    range_kind: str,
    max_range: int,
    dx: int,
    dy: int,
    hostiles: str,
    focus_paid: int,
    diagonal_adjacent: bool = DIAGONALS,
) -> dict[str, Any]:
    """Whether an Attack reaches a target, and the Ranged Attack penalty for the hostile
    creatures adjacent to the attacker: 'Ranged Attacks take a -1 penalty to the Attack Roll
    for each hostile creature adjacent to the user. An attacker may negate this by paying 1
    Focus per adjacent hostile creature.'

    >>> r = compute_target("ranged", 5, -5, 3, "Bandit 1,1; Wolf -2,0", 0)
    >>> r["distance"], r["in_range"], r["adjacent_hostiles"], r["attack_modifier"]
    (5, True, 1, -1)
    >>> compute_target("melee", 0, 1, 1, "", 0, diagonal_adjacent=False)["in_range"]
    False
    """
    target = Square(dx, dy)
    distance = MEASURE.distance(ORIGIN, target)
    ok = target != ORIGIN or range_kind == "self"
    ok = ok and reachable(target, range_kind, max_range, diagonal_adjacent)
    found = parse_creatures(hostiles, "hostiles")
    near = [(name, s) for name, s in found if adjacent(ORIGIN, s, diagonal_adjacent)]
    ranged = range_kind == "ranged"
    if focus_paid > (len(near) if ranged else 0):
        raise InputError(
            "focus_paid",
            f"Focus negates the Ranged Attack penalty, {FOCUS_PER_HOSTILE} per adjacent hostile "
            f"creature: at most {len(near) * FOCUS_PER_HOSTILE if ranged else 0} Focus here.",
        )
    step = int(modifier_row("Each hostile creature adjacent")["Modifier"])
    negated = focus_paid // FOCUS_PER_HOSTILE
    modifier = step * (len(near) - negated) if ranged else 0
    breakdown = [
        _distance_line(target),
        f"{'In' if ok else 'Out of'} reach: {reach_words(range_kind, max_range, diagonal_adjacent)}"
        + ("" if target != ORIGIN or range_kind == "self" else "; that is your own space"),
        f"Hostile creatures adjacent to you: {len(near)}"
        + (f" ({', '.join(n for n, _ in near)})" if near else ""),
    ]
    if ranged:
        paid = f", {negated} of them negated with {focus_paid} Focus" if focus_paid else ""
        breakdown.append(
            f"Attack Roll modifier {with_sign(modifier)} = {with_sign(step)} × "
            f"{plural(len(near) - negated, 'adjacent hostile creature')}{paid}"
        )
    else:
        breakdown.append("Only a Ranged Attack takes the penalty for adjacent hostile creatures")
    marks: dict[Square, str] = {target: "T", ORIGIN: "@"}
    legend = [("@", f"you {ORIGIN}"), ("T", f"the target {target}")]
    for number, (name, square) in enumerate(found, start=1):
        marks[square] = str(number)
        near_words = "adjacent to you" if (name, square) in near else "not adjacent"
        legend.append((str(number), f"{name} {square}: hostile, {near_words}"))
    reach = reach_squares(range_kind, max_range, diagonal_adjacent)
    shown = [*marks, *neighbours(ORIGIN)]
    return {
        "distance": distance,
        "in_range": ok,
        "adjacent_hostiles": len(near),
        "attack_modifier": modifier,
        "focus_to_negate": len(near) * FOCUS_PER_HOSTILE if ranged else 0,
        "grid": picture(marks, reach, f"{range_kind.capitalize()} Attack", "in reach",
                        legend, margin=1, frame=shown if range_kind != "ranged" else None),
        "breakdown": breakdown,
    }
