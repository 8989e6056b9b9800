"""The battle grid: a small geometry (:mod:`.geometry`), its picture as a calculator output
(:mod:`.picture`) and the reading of positions typed as text (:mod:`.inputs`).

The rulebooks that play on squares each have a module of their own rules and calculators,
registered with their system (:data:`calculators.registry.MORE_MODULES`):
:mod:`.shattered_spirits` (Range, Melee, the Ranged Attack penalty, Arc, Blast, Burst, Line)
and :mod:`.arts` (Range with Blinded and Hidden, Area and Aura, pushes, terrain and
dragging, Disoriented) each declare their distance measure with the line of the rulebook
that states it; :mod:`.glittershard` (item ranges) takes its measure from an assumption, as
its rulebook gives none. Space Shard measures in metres and Pendragon has no grid.

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
