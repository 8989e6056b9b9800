"""Squares on a battle grid: positions, the eight directions, distance measures, shapes of
areas, pushes and the cheapest route through costly terrain.

Nothing here belongs to one rulebook: a book picks its distance measure
(:class:`BookMeasure`, with the line that states it) and its shapes from these. A square is
``(x, y)`` with ``x`` growing to the east and ``y`` to the north; positions in the
calculators are relative to the creature acting, which stands on ``(0, 0)``.

>>> ORIGIN.distance_to(Square(-7, 4))
7
>>> len(within(ORIGIN, 2))
25
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..format import signed


class Square(NamedTuple):
    """One square of the grid (``x`` east, ``y`` north).

    >>> Square(2, -1), str(Square(2, -1))
    (Square(x=2, y=-1), '(2, −1)')
    """

    x: int
    y: int

    def __str__(self) -> str:
        return f"({signed(self.x)}, {signed(self.y)})"

    def moved(self, direction: Direction, steps: int = 1) -> Square:
        """The square ``steps`` squares away in ``direction``.

        >>> Square(0, 0).moved(DIRECTION["NE"], 2)
        Square(x=2, y=2)
        """
        return Square(self.x + direction.dx * steps, self.y + direction.dy * steps)

    def distance_to(self, other: Square) -> int:
        """The distance to ``other`` by :func:`greater_difference` (what both books measure).

        >>> Square(1, 1).distance_to(Square(4, -1))
        3
        """
        return greater_difference(self, other)


ORIGIN = Square(0, 0)
"""The square of the creature acting."""


class Direction(NamedTuple):
    """One of the eight directions of a single step (``dx``, ``dy`` each -1, 0 or 1)."""

    name: str
    dx: int
    dy: int


DIRECTIONS: tuple[Direction, ...] = (
    Direction("N", 0, 1),
    Direction("NE", 1, 1),
    Direction("E", 1, 0),
    Direction("SE", 1, -1),
    Direction("S", 0, -1),
    Direction("SW", -1, -1),
    Direction("W", -1, 0),
    Direction("NW", -1, 1),
)
"""The eight directions clockwise from north: the order of the squares around a square."""

DIRECTION: dict[str, Direction] = {d.name: d for d in DIRECTIONS}
"""Each direction by its compass name."""


def turn(direction: Direction, steps: int) -> Direction:
    """The direction ``steps`` places clockwise round the square (negative: counterclockwise).

    >>> turn(DIRECTION["N"], 3).name, turn(DIRECTION["N"], -1).name, turn(DIRECTION["W"], 9).name
    ('SE', 'NW', 'NW')
    """
    return DIRECTIONS[(DIRECTIONS.index(direction) + steps) % len(DIRECTIONS)]


def neighbours(square: Square, diagonals: bool = True) -> list[Square]:
    """The squares around ``square``, clockwise from the north one (only the four orthogonal
    ones without ``diagonals``).

    >>> neighbours(ORIGIN)[:3]
    [Square(x=0, y=1), Square(x=1, y=1), Square(x=1, y=0)]
    >>> len(neighbours(ORIGIN)), len(neighbours(ORIGIN, diagonals=False))
    (8, 4)
    """
    return [square.moved(d) for d in DIRECTIONS if diagonals or 0 in (d.dx, d.dy)]


# -- distance measures --------------------------------------------------------------------
Measure = Callable[[Square, Square], int]
"""A distance between two squares, in squares."""


def greater_difference(a: Square, b: Square) -> int:
    """The greater of the horizontal and vertical difference (a diagonal step counts 1).

    >>> greater_difference(ORIGIN, Square(-7, 4))
    7
    """
    return max(abs(a.x - b.x), abs(a.y - b.y))


def orthogonal_steps(a: Square, b: Square) -> int:
    """The number of orthogonal steps between them (no diagonal steps): the horizontal plus
    the vertical difference. No book here measures range so; an assumption may read an
    area's "within X" this way.

    >>> orthogonal_steps(ORIGIN, Square(-7, 4))
    11
    """
    return abs(a.x - b.x) + abs(a.y - b.y)


MEASURES: dict[str, Measure] = {"greater": greater_difference, "orthogonal": orthogonal_steps}
"""Each measure by the name an input or an assumption uses."""

MEASURE_WORDS: dict[str, str] = {
    "greater": "the greater of the horizontal and vertical difference",
    "orthogonal": "the horizontal plus the vertical difference",
}
"""Each measure in words, for breakdowns."""


@dataclass(frozen=True)
class BookMeasure:
    """How one rulebook measures distance, with the line of its source file that says so.

    >>> m = BookMeasure("demo", "greater", "000_demo.txt", 9, "the greater difference")
    >>> m.distance(ORIGIN, Square(3, -5)), m.cite()
    (5, '000_demo.txt, line 9')
    """

    system: str
    measure: str
    file: str
    line: int
    quote: str

    def distance(self, a: Square, b: Square) -> int:
        """The distance between ``a`` and ``b`` in this book."""
        return MEASURES[self.measure](a, b)

    def cite(self) -> str:
        """Where the rule is written."""
        return f"{self.file}, line {self.line}"


def adjacent(a: Square, b: Square, diagonals: bool = True) -> bool:
    """Whether ``b`` is one step from ``a`` (one of its eight neighbours, or of its four
    orthogonal ones without ``diagonals``); a square is not adjacent to itself.

    >>> adjacent(ORIGIN, Square(1, 1)), adjacent(ORIGIN, Square(1, 1), diagonals=False)
    (True, False)
    >>> adjacent(ORIGIN, ORIGIN)
    False
    """
    measure = greater_difference if diagonals else orthogonal_steps
    return measure(a, b) == 1


# -- shapes -------------------------------------------------------------------------------
def within(center: Square, radius: int, measure: Measure = greater_difference) -> frozenset[Square]:
    """Every square at ``radius`` or less from ``center`` by ``measure`` (the centre too).

    With :func:`greater_difference` it is a square ``2 × radius + 1`` on a side.

    >>> len(within(ORIGIN, 1)), len(within(ORIGIN, 1, orthogonal_steps))
    (9, 5)
    """
    return frozenset(
        square
        for x in range(center.x - radius, center.x + radius + 1)
        for y in range(center.y - radius, center.y + radius + 1)
        if measure(center, square := Square(x, y)) <= radius
    )


def square_area(corner: Square, size: int) -> frozenset[Square]:
    """A square area ``size`` squares on a side whose south-west (bottom left) square is
    ``corner``.

    >>> sorted(square_area(Square(2, 0), 2))
    [Square(x=2, y=0), Square(x=2, y=1), Square(x=3, y=0), Square(x=3, y=1)]
    """
    return frozenset(
        Square(x, y)
        for x in range(corner.x, corner.x + size)
        for y in range(corner.y, corner.y + size)
    )


def line(
    start: Square, direction: Direction, length: int, include_start: bool = True
) -> list[Square]:
    """The first ``length`` squares of a straight line from ``start`` in ``direction``:
    ``start`` first, or (without ``include_start``) the square after it first.

    >>> line(ORIGIN, DIRECTION["E"], 3)
    [Square(x=0, y=0), Square(x=1, y=0), Square(x=2, y=0)]
    >>> line(ORIGIN, DIRECTION["SW"], 2, include_start=False)
    [Square(x=-1, y=-1), Square(x=-2, y=-2)]
    """
    first = 0 if include_start else 1
    return [start.moved(direction, k) for k in range(first, first + length)]


def nearest(
    origin: Square, squares: Iterable[Square], measure: Measure = greater_difference
) -> int:
    """The distance from ``origin`` to the nearest of ``squares``.

    >>> nearest(ORIGIN, square_area(Square(3, -1), 2))
    3
    """
    return min(measure(origin, square) for square in squares)


# -- pushes -------------------------------------------------------------------------------
def push_path(target: Square, direction: Direction, spaces: int) -> list[Square]:
    """The squares a creature pushed ``spaces`` squares in ``direction`` enters, in order.

    >>> push_path(Square(1, 0), DIRECTION["E"], 2)
    [Square(x=2, y=0), Square(x=3, y=0)]
    """
    return line(target, direction, spaces, include_start=False)


def pushes_away(
    source: Square, target: Square, direction: Direction, measure: Measure = greater_difference
) -> bool:
    """Whether a step of ``target`` in ``direction`` takes it further from ``source``.

    Along a straight line the distance by :func:`greater_difference` grows by at most 1 a
    step and never grows less after it has grown, so when the first step takes the target
    further, every later step does too: a push in that direction can go on as far as it
    likes.

    >>> pushes_away(ORIGIN, Square(1, 0), DIRECTION["NE"])
    True
    >>> pushes_away(ORIGIN, Square(3, 1), DIRECTION["N"])  # still 3 away at (3, 2)
    False
    """
    return measure(source, target.moved(direction)) > measure(source, target)


def away_directions(
    source: Square, target: Square, measure: Measure = greater_difference
) -> list[Direction]:
    """The directions in which every square of a push takes ``target`` further from
    ``source``, clockwise from north.

    >>> [d.name for d in away_directions(ORIGIN, Square(2, 1))]
    ['NE', 'E', 'SE']
    >>> len(away_directions(ORIGIN, ORIGIN))
    8
    """
    return [d for d in DIRECTIONS if pushes_away(source, target, d, measure)]


# -- movement -----------------------------------------------------------------------------
def route_cost(path: Iterable[Square], extra: Mapping[Square, int], per_square: int = 1) -> int:
    """The Movement a route costs: ``per_square`` for each square entered plus its ``extra``.

    >>> route_cost([Square(1, 0), Square(2, 0)], {Square(2, 0): 1})
    3
    """
    return sum(per_square + extra.get(square, 0) for square in path)


def cheapest_route(
    start: Square, goal: Square, extra: Mapping[Square, int], per_square: int = 1
) -> tuple[int, list[Square]]:
    """The cheapest route from ``start`` to ``goal`` by single steps in the eight directions:
    its cost (:func:`route_cost`) and the squares entered, ``goal`` last.

    Entering a square costs ``per_square`` plus its ``extra`` (terrain, 0 or more). Without
    any extra the cost is the distance times ``per_square``: the distance between two
    squares is the movement needed to go from one to the other unhampered. Of routes that
    cost the same, the one that keeps nearest the straight way is kept, the same every time.

    >>> cheapest_route(ORIGIN, Square(3, 0), {})
    (3, [Square(x=1, y=0), Square(x=2, y=0), Square(x=3, y=0)])
    >>> wall = {Square(1, y): 5 for y in range(-1, 2)}
    >>> cheapest_route(ORIGIN, Square(2, 0), wall)[0]
    4
    """
    # An optimal route never leaves the box around start, goal and the costly squares,
    # one square wider: outside it every square costs the same, so a route that strays
    # can be pressed back onto the box's edge without costing more.
    xs = [start.x, goal.x, *(s.x for s, cost in extra.items() if cost)]
    ys = [start.y, goal.y, *(s.y for s, cost in extra.items() if cost)]
    low_x, high_x, low_y, high_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    best = {start: 0}
    came_from: dict[Square, Square] = {}
    # Searched nearest-first by cost plus the distance still to go (never more than the
    # rest costs), ties to the square nearer by orthogonal steps: straight routes first.
    queue: list[tuple[int, int, int, Square]] = [(0, 0, 0, start)]
    order = 0
    while queue:
        _, _, _, square = heapq.heappop(queue)
        if square == goal:
            break
        cost = best[square]
        for step in neighbours(square):
            if not (low_x <= step.x <= high_x and low_y <= step.y <= high_y):
                continue
            new = cost + per_square + extra.get(step, 0)
            if new < best.get(step, new + 1):
                best[step] = new
                came_from[step] = square
                order += 1
                ahead = new + per_square * greater_difference(step, goal)
                heapq.heappush(queue, (ahead, orthogonal_steps(step, goal), order, step))
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    return best[goal], path[-2::-1]
