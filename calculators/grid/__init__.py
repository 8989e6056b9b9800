"""The battle grid: a small geometry (:mod:`.geometry`), its picture as a calculator output
(:mod:`.picture`), a triangle laid on the squares (:mod:`.triangle`) and the reading of
positions typed as text (:mod:`.inputs`).

The geometry names no book. A rulebook that plays on squares has its own rules and
calculators on the grid in its package (``calculators/books/<id>/grid.py``), which declares
its distance measure with the line of the rulebook that states it, or takes it from an
assumption where the rulebook gives none.

>>> within(ORIGIN, 1) == square_area(Square(-1, -1), 3)
True
"""

from __future__ import annotations

from .geometry import (
    DIRECTION,
    DIRECTIONS,
    MEASURES,
    ORIGIN,
    BookMeasure,
    Direction,
    Square,
    adjacent,
    away_directions,
    cheapest_route,
    greater_difference,
    line,
    nearest,
    neighbours,
    orthogonal_steps,
    push_path,
    pushes_away,
    route_cost,
    square_area,
    turn,
    within,
)
from .picture import picture, picture_text, render_grid
from .triangle import cone

__all__ = [
    "DIRECTION",
    "DIRECTIONS",
    "MEASURES",
    "ORIGIN",
    "BookMeasure",
    "Direction",
    "Square",
    "adjacent",
    "away_directions",
    "cheapest_route",
    "cone",
    "greater_difference",
    "line",
    "nearest",
    "neighbours",
    "orthogonal_steps",
    "picture",
    "picture_text",
    "push_path",
    "pushes_away",
    "render_grid",
    "route_cost",
    "square_area",
    "turn",
    "within",
]
