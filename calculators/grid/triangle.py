"""A triangle laid on the squares: an equilateral triangle with one corner on the centre of
a square, pointing away from it along one of the eight directions, and the squares it
covers.

A square is one unit on a side; a triangle's side is measured in squares. Which squares
count is a reading the caller picks (a rulebook that draws triangles rarely says): those
whose centre lies inside the triangle or on its edge (``"centre"``), or those any part of
which lies inside it (``"touch"``).

>>> from calculators.grid.geometry import DIRECTION, ORIGIN
>>> sorted(cone(ORIGIN, DIRECTION["N"], 2))
[Square(x=0, y=0), Square(x=0, y=1)]
>>> len(cone(ORIGIN, DIRECTION["N"], 2, "touch"))
7
"""

from __future__ import annotations

import math

from .geometry import Direction, Square

Point = tuple[float, float]

COVERS = ("centre", "touch")
"""The readings of which squares a triangle covers."""

_EPSILON = 1e-9


def corners(apex: Square, direction: Direction, side: int) -> tuple[Point, Point, Point]:
    """The three corners of the triangle of ``side`` squares with a corner on the centre of
    ``apex``, its opposite side square across ``direction``.

    >>> from calculators.grid.geometry import DIRECTION, ORIGIN
    >>> [tuple(round(c, 3) for c in p) for p in corners(ORIGIN, DIRECTION["E"], 2)]
    [(0.0, 0.0), (1.732, 1.0), (1.732, -1.0)]
    """
    norm = math.hypot(direction.dx, direction.dy)
    ux, uy = direction.dx / norm, direction.dy / norm
    height = side * math.sqrt(3) / 2
    half = side / 2
    mx, my = apex.x + ux * height, apex.y + uy * height
    # (-uy, ux) is the axis turned a quarter counterclockwise.
    return (
        (float(apex.x), float(apex.y)),
        (mx - uy * half, my + ux * half),
        (mx + uy * half, my - ux * half),
    )


def _inside(point: Point, triangle: tuple[Point, Point, Point]) -> bool:
    """Whether ``point`` lies inside ``triangle`` or on its edge."""
    signs = []
    for (ax, ay), (bx, by) in zip(triangle, (*triangle[1:], triangle[0]), strict=True):
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        signs.append(cross)
    return all(s >= -_EPSILON for s in signs) or all(s <= _EPSILON for s in signs)


def _overlaps(square: Square, triangle: tuple[Point, Point, Point]) -> bool:
    """Whether some part of ``square`` (more than an edge or a corner) lies inside
    ``triangle``: no axis separates them (the axes of the square's sides and of the
    triangle's)."""
    box = [(square.x + sx / 2, square.y + sy / 2) for sx in (-1, 1) for sy in (-1, 1)]
    axes: list[Point] = [(1.0, 0.0), (0.0, 1.0)]
    for (ax, ay), (bx, by) in zip(triangle, (*triangle[1:], triangle[0]), strict=True):
        axes.append((ay - by, bx - ax))
    for nx, ny in axes:
        a = [nx * x + ny * y for x, y in box]
        b = [nx * x + ny * y for x, y in triangle]
        if min(max(a), max(b)) - max(min(a), min(b)) <= _EPSILON:
            return False
    return True


def cone(
    apex: Square, direction: Direction, side: int, covers: str = "centre"
) -> frozenset[Square]:
    """The squares the triangle of :func:`corners` covers, by the reading ``covers`` (one of
    :data:`COVERS`). With ``"centre"`` the ``apex`` is always one of them.

    >>> from calculators.grid.geometry import DIRECTION, ORIGIN
    >>> len(cone(ORIGIN, DIRECTION["E"], 3)), len(cone(ORIGIN, DIRECTION["NE"], 3))
    (5, 4)
    """
    if covers not in COVERS:
        raise ValueError(f"covers must be one of {COVERS}, not {covers!r}")
    triangle = corners(apex, direction, side)
    xs = [p[0] for p in triangle]
    ys = [p[1] for p in triangle]
    found = set()
    for x in range(math.floor(min(xs)) - 1, math.ceil(max(xs)) + 2):
        for y in range(math.floor(min(ys)) - 1, math.ceil(max(ys)) + 2):
            square = Square(x, y)
            if covers == "centre":
                hit = _inside((float(x), float(y)), triangle)
            else:
                hit = _overlaps(square, triangle)
            if hit:
                found.add(square)
    return frozenset(found)
