"""The Cone (Shattered Spirits, seed 000_… L87: 'Pick a space within Range. Draw a triangle so
that each side is X long, where X is the Cone value.'): the triangle on the squares
(calculators/grid/triangle.py), the assumptions that lay it there, the calculator, and
properties of the shape."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calculators
from calculators import InputError
from calculators.data import assumption_default
from calculators.grid.geometry import DIRECTION, DIRECTIONS, ORIGIN, Direction, Square, turn
from calculators.grid.triangle import COVERS, cone, corners

squares = st.builds(Square, st.integers(-15, 15), st.integers(-15, 15))
directions = st.sampled_from(DIRECTIONS)
sides = st.integers(1, 10)
covers = st.sampled_from(COVERS)


def test_the_assumptions_have_defaults_the_calculator_takes() -> None:
    assert assumption_default("shattered_spirits.cone_directions") == "eight"
    assert assumption_default("shattered_spirits.cone_spaces") == "centre"
    spec = calculators.get("shattered_spirits.cone")
    assumed = {i.name: i.assumption for i in spec.inputs if i.assumption}
    assert assumed["directions"] == "shattered_spirits.cone_directions"
    assert assumed["spaces"] == "shattered_spirits.cone_spaces"


def test_a_cone_3_pointing_east() -> None:
    result = calculators.run(
        "shattered_spirits.cone",
        {"dx": 1, "dy": 0, "size": 3, "direction": "E", "creatures": "A 3,1; B 3,2; C 1,0"},
    )
    assert result["in_range"] and result["spaces"] == 5
    assert result["targets"] == ["A (3, 1)", "C (1, 0)"]
    touch = calculators.run("shattered_spirits.cone", {"size": 3, "spaces": "touch"})
    assert touch["spaces"] == 10
    assert calculators.run("shattered_spirits.cone", {"dx": 9, "max_range": 5})["in_range"] is False


def test_four_directions_refuse_a_diagonal() -> None:
    with pytest.raises(InputError) as caught:
        calculators.run("shattered_spirits.cone", {"direction": "NE", "directions": "four"})
    assert caught.value.field == "direction"
    assert calculators.run("shattered_spirits.cone", {"direction": "NE"})["spaces"] >= 1


@given(squares, directions, sides)
def test_every_side_is_x_long(apex: Square, direction: Direction, side: int) -> None:
    a, b, c = corners(apex, direction, side)
    for p, q in ((a, b), (b, c), (c, a)):
        assert math.isclose(math.dist(p, q), side)


@given(squares, directions, sides)
def test_the_picked_space_is_targeted_and_centre_within_touch(
    apex: Square, direction: Direction, side: int
) -> None:
    centre = cone(apex, direction, side, "centre")
    assert apex in centre
    assert centre <= cone(apex, direction, side, "touch")


@given(squares, directions, sides, covers)
def test_a_larger_cone_holds_a_smaller_one(
    apex: Square, direction: Direction, side: int, how: str
) -> None:
    assert cone(apex, direction, side, how) <= cone(apex, direction, side + 1, how)


@given(squares, directions, sides, covers)
def test_the_shape_moves_with_the_picked_space(
    apex: Square, direction: Direction, side: int, how: str
) -> None:
    here = cone(apex, direction, side, how)
    there = cone(ORIGIN, direction, side, how)
    assert here == {Square(s.x + apex.x, s.y + apex.y) for s in there}


@given(directions, sides, covers)
def test_a_quarter_turn_turns_the_shape(direction: Direction, side: int, how: str) -> None:
    # (x, y) -> (y, -x) turns a quarter clockwise: N to E, NE to SE.
    turned = cone(ORIGIN, turn(direction, 2), side, how)
    assert turned == {Square(s.y, -s.x) for s in cone(ORIGIN, direction, side, how)}


@given(directions, sides, covers)
def test_the_shape_is_even_about_its_axis(direction: Direction, side: int, how: str) -> None:
    # Mirrored across the axis the cone points along, it is the same.
    d = direction
    shape = cone(ORIGIN, d, side, how)
    if d.dx == 0:
        mirrored = {Square(-s.x, s.y) for s in shape}
    elif d.dy == 0:
        mirrored = {Square(s.x, -s.y) for s in shape}
    elif d.dx == d.dy:
        mirrored = {Square(s.y, s.x) for s in shape}
    else:
        mirrored = {Square(-s.y, -s.x) for s in shape}
    assert mirrored == shape


@given(directions, sides)
def test_centres_lie_within_x_and_ahead(direction: Direction, side: int) -> None:
    d = direction
    for s in cone(ORIGIN, d, side):
        assert math.hypot(s.x, s.y) <= side + 1e-9
        assert s.x * d.dx + s.y * d.dy >= 0


@given(directions, sides)
def test_touch_covers_at_least_the_triangle_area(direction: Direction, side: int) -> None:
    area = math.sqrt(3) / 4 * side * side
    assert len(cone(ORIGIN, direction, side, "touch")) >= area


@given(squares, st.sampled_from(list(DIRECTION)), sides)
def test_the_calculator_targets_whom_the_shape_holds(
    creature: Square, direction: str, side: int
) -> None:
    result = calculators.run(
        "shattered_spirits.cone",
        {"dx": 2, "dy": 0, "size": side, "direction": direction,
         "creatures": f"Z {creature.x},{creature.y}"},
    )
    inside = creature in cone(Square(2, 0), DIRECTION[direction], side)
    assert (f"Z {creature}" in result["targets"]) == inside
