"""Attributes & Arts on the grid (seed ``004_…``, Combat > The Grid, Movement, and
Targeting; the statuses Blinded, Disoriented and Hidden; pushes, terrain and dragging on
the ability cards).

Squares: a diagonal step counts as one, so the distance is the greater of the two
separations (:data:`MEASURE`); Range X reaches a distance of X or less, halved (rounded up)
for a Blinded user or a Hidden target; an Area X is an X by X square with a square within
range, an Aura X every square within X of the user. Where the rulebook is silent (Blinded
and Hidden together; how a Disoriented step is counted) an assumption entry of
``rules_data/arts/statuses.yml`` decides, and the calculator takes its reading as an input.

Positions are squares east (x) and north (y) of the character acting, on (0, 0).

>>> compute_range_check(6, -7, 4, False, False, True)["distance"]
7
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...data import assumption_default
from ...dice import fraction_str
from ...errors import InputError
from ...format import plural, signed
from ...grid.geometry import (
    DIRECTION,
    DIRECTIONS,
    ORIGIN,
    BookMeasure,
    Direction,
    Square,
    adjacent,
    away_directions,
    cheapest_route,
    nearest,
    push_path,
    square_area,
    turn,
    within,
)
from ...grid.inputs import parse_creatures
from ...grid.picture import picture
from ...rolls import faces_or_roll, rng_from_seed
from ...rounding import divide

MEASURE = BookMeasure(
    "arts",
    "greater",
    "004_d50dc5f42222ed7e.txt",
    178,
    "The disttance between any two squares is always the longer of the two of the horizontal "
    "and vertical separation between them",
)
"""'The disttance between any two squares is always the longer of the two of the horizontal
and vertical separation between them' (Combat > ... > Range; the rulebook's spelling)."""

A_HALVED_TWICE = "arts.assume_range_halved_twice"
A_DISORIENTED = "arts.assume_disoriented_count"

HALVING: str = assumption_default(A_HALVED_TWICE)
DISORIENTED_COUNT: str = assumption_default(A_DISORIENTED)

TERRAIN_EXTRA = 1
"""'Entering any space in the area costs +1 square of movement.' (Blizzard)"""
DRAG_EXTRA = 1
"""'You may drag immobilized targets at a cost of +1 additional square per square moved.'
(Chokehold)"""
DISORIENTED_AS_INTENDED = 7
"""'On a result of 7 they move as intended and this effect ends.' (Disoriented)"""


def halve(value: int) -> int:
    """A range halved, rounded up (Blinded, Hidden).

    >>> halve(6), halve(5), halve(1), halve(0)
    (3, 3, 1, 0)
    """
    return divide(value, 2, "up")


def effective_range(
    value: int, blinded: bool, hidden: bool, halving: str = HALVING
) -> tuple[int, list[str]]:
    """The range an ability has after Blinded (its user) and Hidden (its target), and how.

    With both, ``halving`` (assumption ``arts.assume_range_halved_twice``) says whether the
    range is halved ``twice`` or ``once``.

    >>> effective_range(6, True, True), effective_range(6, True, True, "once")[0]
    ((2, ['Range 6 halved, rounded up, for Blinded: 3', 'halved again for Hidden: 2']), 3)
    """
    steps: list[str] = []
    result = value
    causes = [c for c, on in (("Blinded", blinded), ("Hidden", hidden)) if on]
    if len(causes) == 2 and halving == "once":
        causes = ["Blinded and Hidden (once for both)"]
    for number, cause in enumerate(causes):
        result = halve(result)
        first = f"Range {value} halved, rounded up," if number == 0 else "halved again"
        steps.append(f"{first} for {cause}: {result}")
    return result, steps


def compute_range_check(
    range: int,  # the rulebook's "Range X" (an input name, so it shadows the builtin)
    dx: int,
    dy: int,
    blinded: bool,
    hidden: bool,
    attack: bool,
    halving: str = HALVING,
) -> dict[str, Any]:
    """Whether a target at ``(dx, dy)`` is valid for an ability with Range X: 'A target is
    valid for an ability with Range X if the distance between them is X or less.'

    >>> r = compute_range_check(4, 3, 2, True, False, True)
    >>> r["effective_range"], r["in_range"], r["banes"]
    (2, False, 1)
    >>> compute_range_check(4, 1, 1, False, True, True)["banes"]
    0
    """
    target = Square(dx, dy)
    distance = MEASURE.distance(ORIGIN, target)
    reach, steps = effective_range(range, blinded, hidden, halving)
    ok = distance <= reach
    near = adjacent(ORIGIN, target)
    banes = 0
    lines = [
        f"Distance {distance} = the greater of |{signed(dx)}| and |{signed(dy)}| "
        f"({MEASURE.cite()})",
        *steps,
        f"{'Valid' if ok else 'Not valid'}: distance {distance} "
        f"{'≤' if ok else '>'} Range {reach}",
    ]
    if not near and target != ORIGIN:
        if blinded and attack:
            banes += 1
            lines.append("+1 Bane: a Blinded attacker targets an enemy in a nonadjacent space")
        if hidden:
            banes += 1
            lines.append("+1 Bane: the Hidden target is targeted from a nonadjacent space")
    if hidden and near and attack:
        lines.append("Hidden ends: an enemy targets them from an adjacent space")
    marks = {target: "T", ORIGIN: "@"}
    legend = [("@", f"you {ORIGIN}"), ("T", f"the target {target}")]
    return {
        "distance": distance,
        "effective_range": reach,
        "in_range": ok,
        "adjacent": near,
        "banes": banes,
        "grid": picture(marks, within(ORIGIN, reach), f"Range {reach}", "in range", legend,
                        margin=1),
        "breakdown": lines,
    }


def compute_area(
    shape: str,
    size: int,
    range: int,  # the rulebook's "Range X"
    dx: int,
    dy: int,
    blinded: bool,
    creatures: str,
) -> dict[str, Any]:
    """An Area X placed with its south-west square on ``(dx, dy)``, or an Aura X around the
    user: the squares it covers and the creatures in it.

    'An Area X consists of a square on the grid which is X unit squares on a side ... The
    area must have at least one of its spaces within the range of the ability that places
    it.' 'An Aura X area consists of all squares at a distance X or less from the ability
    user.'

    >>> compute_area("area", 2, 4, 4, 0, False, "")["squares"]
    4
    >>> r = compute_area("area", 3, 4, 5, 0, True, "")
    >>> r["nearest"], r["placeable"]
    (5, False)
    >>> compute_area("aura", 2, 0, 0, 0, False, "")["squares"]
    25
    """
    found = parse_creatures(creatures, "creatures")
    marks: dict[Square, str] = {ORIGIN: "@"}
    legend = [("@", f"you {ORIGIN}")]
    if shape == "aura":
        covered = within(ORIGIN, size)
        closest, placeable, reach = 0, True, 0
        side = 2 * size + 1
        lines = [
            f"Aura {size}: every square at distance {size} or less from you, a square "
            f"{side} × {side} = {side * side} squares centred on you; it moves with you"
        ]
        name = f"Aura {size}"
    else:
        corner = Square(dx, dy)
        covered = square_area(corner, size)
        reach, steps = effective_range(range, blinded, False)
        closest = nearest(ORIGIN, covered)
        placeable = closest <= reach
        far = corner.moved(DIRECTION["NE"], size - 1)
        lines = [
            f"Area {size}: a square {size} × {size} = {size * size} squares, from {corner} "
            f"(south-west) to {far} (north-east)",
            *steps,
            f"Nearest square {closest} away ({MEASURE.cite()}): "
            + (f"within Range {reach}, it can be placed" if placeable
               else f"beyond Range {reach}, it cannot be placed there"),
        ]
        name = f"Area {size}"
        marks[corner] = "+"
        legend.append(("+", f"the south-west square {corner}"))
    inside = []
    for number, (who, square) in enumerate(found, start=1):
        hit = square in covered
        if hit:
            inside.append(f"{who} {square}")
        marks[square] = str(number)
        legend.append((str(number), f"{who} {square}: {'in' if hit else 'not in'} the {name}"))
    if ORIGIN in covered:
        inside.insert(0, f"You {ORIGIN}")
    lines.append(f"In the {name}: {', '.join(inside) if inside else 'nobody listed'}")
    return {
        "squares": len(covered),
        "placeable": placeable,
        "nearest": closest,
        "targets": inside,
        "grid": picture(marks, covered, name, f"in the {name}", legend, margin=1),
        "breakdown": lines,
    }


def compute_push(dx: int, dy: int, direction: str, spaces: int, away: bool) -> dict[str, Any]:
    """Where a push of ``spaces`` squares in ``direction`` leaves a target at ``(dx, dy)``.

    With ``away`` every square must be in the same direction and take the target further
    from you (Propulsive Shot: 'each square of movement is in the same direction and leaves
    them further from you than they started'; Force Armor: 'each space pushed must be in the
    same direction and must increase the distance between you'; along a straight line the
    two come to the same, :func:`~calculators.grid.geometry.pushes_away`); without it any
    direction will do (Command Aggressor: 'push the enemy up to [Tier] spaces in any
    direction').

    >>> r = compute_push(2, 1, "E", 2, True)
    >>> r["allowed"], r["end"], r["distance_after"], r["away_directions"]
    (True, '(4, 1)', 4, ['NE', 'E', 'SE'])
    >>> compute_push(2, 1, "N", 2, True)["allowed"]
    False
    """
    target = Square(dx, dy)
    if target == ORIGIN:
        raise InputError("dx", "The target must be on another square than yours.")
    way = DIRECTION[direction]
    path = push_path(target, way, spaces)
    end = path[-1]
    before, after = MEASURE.distance(ORIGIN, target), MEASURE.distance(ORIGIN, end)
    allowed_ways = [d.name for d in away_directions(ORIGIN, target)]
    allowed = direction in allowed_ways or not away
    lines = [
        f"Pushed {plural(spaces, 'square')} {direction}: {target} to {end}",
        f"Distance from you {before} before, {after} after ({MEASURE.cite()})",
    ]
    if away:
        lines.append(
            f"Directions whose every square takes the target further from you: "
            f"{', '.join(allowed_ways)}"
            + ("" if allowed else f"; {direction} does not, so this push is not allowed")
        )
    marks = {square: "•" for square in path}
    marks.update({ORIGIN: "@", target: "T", end: "E"})
    legend = [("@", f"you {ORIGIN}"), ("T", f"the target {target}"),
              ("E", f"where the push ends {end}"), ("•", "a square the push passes")]
    ring = {target.moved(d) for d in away_directions(ORIGIN, target)} if away else set()
    return {
        "allowed": allowed,
        "end": str(end),
        "distance_before": before,
        "distance_after": after,
        "away_directions": allowed_ways,
        "grid": picture(marks, ring, f"Push {spaces} {direction}",
                        "a first square further from you", legend, margin=1),
        "breakdown": lines,
    }


def compute_movement(
    dx: int,
    dy: int,
    speed: int,
    terrain_size: int,
    terrain_dx: int,
    terrain_dy: int,
    drag: bool,
) -> dict[str, Any]:
    """The least Movement to reach ``(dx, dy)``: one square per square entered, +1 for each
    square entered in a Terrain Effect area like Blizzard's (an Area ``terrain_size`` with
    its south-west square on ``(terrain_dx, terrain_dy)``), +1 per square when dragging an
    Immobilized target (Chokehold).

    >>> r = compute_movement(4, 0, 4, 3, 1, -1, False)
    >>> r["distance"], r["cost"], r["enough"]
    (4, 6, False)
    >>> compute_movement(4, 0, 4, 0, 0, 0, True)["cost"]
    8
    """
    goal = Square(dx, dy)
    terrain = square_area(Square(terrain_dx, terrain_dy), terrain_size)
    extra = {square: TERRAIN_EXTRA for square in terrain}
    per_square = 1 + (DRAG_EXTRA if drag else 0)
    cost, path = cheapest_route(ORIGIN, goal, extra, per_square)
    distance = MEASURE.distance(ORIGIN, goal)
    in_terrain = sum(1 for square in path if square in terrain)
    parts = [f"{len(path)} squares entered"]
    if drag:
        parts.append(f"{len(path)} × {DRAG_EXTRA} dragging")
    if in_terrain:
        parts.append(f"{in_terrain} × {TERRAIN_EXTRA} in the terrain")
    lines = [
        f"Distance {distance}: unhampered, reaching {goal} takes {distance} squares "
        f"({MEASURE.cite()})",
        f"Cheapest route: {' → '.join(str(s) for s in path) or 'stay where you are'}",
        f"Cost {cost} = " + " + ".join(parts),
        f"Remaining {signed(speed - cost)} = Speed {speed} − {cost}",
    ]
    marks = {square: "•" for square in path}
    marks.update({ORIGIN: "@", goal: "G"})
    legend = [("@", f"you {ORIGIN}"), ("G", f"the destination {goal}"),
              ("•", "a square of the cheapest route")]
    return {
        "cost": cost,
        "distance": distance,
        "enough": cost <= speed,
        "remaining": speed - cost,
        "path": [str(s) for s in path],
        "grid": picture(marks, terrain, f"Route to {goal}", "terrain: +1 to enter", legend,
                        margin=1),
        "breakdown": lines,
    }


def landing(intended: Direction, total: int, count: str = DISORIENTED_COUNT) -> Direction:
    """Where a Disoriented step meant for ``intended`` lands on a 2d6 ``total``: 'If the
    result is greater than 7, count a number of spaces clockwise from their starting
    position equal to the difference starting with the intended destination ... If the
    result is less than 7, instead proceed counterclockwise.'

    ``count`` is the reading of assumption ``arts.assume_disoriented_count``: ``next`` (the
    first space counted is the one after the intended destination) or ``intended`` (the
    intended destination is the first).

    >>> [landing(DIRECTION["N"], t).name for t in (7, 8, 12, 6, 2)]
    ['N', 'NE', 'SW', 'NW', 'SE']
    >>> landing(DIRECTION["N"], 8, "intended").name
    'N'
    """
    difference = total - DISORIENTED_AS_INTENDED
    if difference == 0:
        return intended
    steps = abs(difference) - (1 if count == "intended" else 0)
    return turn(intended, steps if difference > 0 else -steps)


def compute_disoriented(
    dx: int, dy: int, dice: list[int] | None, count: str = DISORIENTED_COUNT,
    seed: int | None = None,
) -> dict[str, Any]:
    """Where a Disoriented character trying to step to the adjacent square ``(dx, dy)`` ends
    up: the exact odds of each square round them (by compass direction, clockwise from the
    intended one), and with ``dice`` (or a ``seed``) the square of that roll.

    >>> r = compute_disoriented(0, 1, None)
    >>> r["p_as_intended"], r["distribution"][:2]
    ('1/6', [['N', '1/6'], ['NE', '5/36']])
    >>> r = compute_disoriented(0, 1, [6, 6])
    >>> r["landing"], r["ends"]
    ('SW (−1, −1)', False)
    """
    if not adjacent(ORIGIN, Square(dx, dy)):
        raise InputError(
            "dy" if abs(dx) <= 1 < abs(dy) else "dx",
            "The intended square must be adjacent to yours: east and north each −1, 0 or 1, "
            "not both 0.",
        )
    intended = next(d for d in DIRECTIONS if (d.dx, d.dy) == (dx, dy))
    faces = faces_or_roll("dice", dice, 2, 6, rng_from_seed(seed), "A Disoriented step")
    totals: dict[str, list[int]] = {d.name: [] for d in DIRECTIONS}
    for total in range(2, 13):
        totals[landing(intended, total, count).name].append(total)
    ways = {t: 6 - abs(t - 7) for t in range(2, 13)}  # 2d6: the ways to roll each total
    order = [turn(intended, k) for k in range(len(DIRECTIONS))]
    odds = {d.name: Fraction(sum(ways[t] for t in totals[d.name]), 36) for d in order}
    marks = {ORIGIN: "@"}
    for d in order:
        marks[ORIGIN.moved(d)] = ",".join(str(t) for t in totals[d.name]) or "–"
    lines = [
        f"Intended: {intended.name} {ORIGIN.moved(intended)}; a 7 steps there and ends "
        "Disoriented",
        "More than 7 counts clockwise round your square, less than 7 counterclockwise, as "
        "many squares as the difference"
        + (" from the intended one" if count == "next" else ", the intended one first"),
    ]
    result: dict[str, Any] = {
        "distribution": [[d.name, fraction_str(odds[d.name])] for d in order],
        "p_as_intended": fraction_str(odds[intended.name]),
        "landing": None,
        "ends": None,
        "rolled": faces if dice is None else None,
    }
    shaded = {ORIGIN.moved(intended)}
    means = "the intended square"
    if faces is not None:
        total = sum(faces)
        where = landing(intended, total, count)
        result["landing"] = f"{where.name} {ORIGIN.moved(where)}"
        result["ends"] = total == DISORIENTED_AS_INTENDED
        shaded, means = {ORIGIN.moved(where)}, "where the step lands"
        lines.append(
            f"Rolled {' + '.join(map(str, faces))} = {total}: "
            + ("as intended" if total == DISORIENTED_AS_INTENDED
               else f"{abs(total - 7)} {'clockwise' if total > 7 else 'counterclockwise'}")
            + f", lands {where.name} {ORIGIN.moved(where)}"
        )
    legend = [("@", "your starting square"), ("7", "each number: a 2d6 total that lands there")]
    result["grid"] = picture(marks, shaded, f"Step {intended.name}", means, legend)
    result["breakdown"] = lines
    return result
