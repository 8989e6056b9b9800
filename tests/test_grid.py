"""The grid (calculators/grid/, and each book's calculators/books/<id>/grid.py): each
book's distance measure and its source line, the rulebooks' own examples, the shapes of
areas, pushes, terrain, Disoriented, the picture, and properties checked against brute
force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import calculators
from calculators import InputError
from calculators.books.arts import grid as arts
from calculators.books.glittershard import grid as glittershard
from calculators.books.shattered_spirits import grid as shattered_spirits
from calculators.grid.geometry import (
    DIRECTION,
    DIRECTIONS,
    MEASURES,
    ORIGIN,
    Square,
    adjacent,
    away_directions,
    cheapest_route,
    greater_difference,
    line,
    neighbours,
    orthogonal_steps,
    push_path,
    pushes_away,
    route_cost,
    square_area,
    turn,
    within,
)
from calculators.grid.picture import MAX_SIDE, picture, picture_text, render_grid
from calculators.present import render_result
from tests.seedtext import SEEDS

BOOKS = [shattered_spirits.MEASURE, arts.MEASURE]


# -- each book's measure, where the book says so -------------------------------------------
@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.system)
def test_each_book_declares_its_measure_with_the_line_that_states_it(book) -> None:
    lines = (SEEDS / book.file).read_text(encoding="utf-8").splitlines()
    assert book.quote in lines[book.line - 1]
    assert book.measure == "greater"


def test_the_other_books_have_no_grid_measure() -> None:
    """Space Shard measures in metres and Pendragon has no grid; Glittershard's End plays on
    a grid but gives no measure (assumption glittershard.grid_distance chooses one)."""
    assert {book.system for book in BOOKS} == {"shattered_spirits", "arts"}
    assert glittershard.DISTANCE == "greater"


@pytest.mark.parametrize(
    ("weapon", "dx", "dy", "usable", "penalty"),
    [
        ("melee", 1, 1, True, 0),  # 'must be used on an adjecent tile'
        ("melee", 2, 0, False, 0),
        ("reach", 2, 2, True, 0),  # 'allowing for a one tile gap'
        ("reach", 1, 0, True, 0),  # assumption glittershard.reach_adjacent
        ("reach", 3, 0, False, 0),
        ("ranged", 6, -2, True, 0),  # 'effectively out to it's maximum range value'
        ("ranged", 7, 0, True, 2),  # 'past that the user suffers a 2 die penalty'
    ],
)
def test_glittershard_item_ranges(
    weapon: str, dx: int, dy: int, usable: bool, penalty: int
) -> None:
    inputs = {"weapon": weapon, "max_range": 6, "dx": dx, "dy": dy}
    result = calculators.run("glittershard.item_range", inputs)
    assert (result["usable"], result["penalty_dice"]) == (usable, penalty)


# -- the rulebooks' examples ---------------------------------------------------------------
def test_seven_west_and_four_north_is_seven_away() -> None:
    # Attributes & Arts: 'if a square is 7 squares to the "west" and 4 squares to the
    # "north", it is 7 squares away'
    assert arts.MEASURE.distance(ORIGIN, Square(-7, 4)) == 7
    assert calculators.run("arts.range_check", {"dx": -7, "dy": 4, "range": 7})["in_range"]
    assert not calculators.run("arts.range_check", {"dx": -7, "dy": 4, "range": 6})["in_range"]


@pytest.mark.parametrize(("dx", "dy", "distance"), [(3, 1, 3), (-2, -5, 5), (0, 0, 0), (4, 4, 4)])
def test_shattered_spirits_takes_the_greater_difference(dx: int, dy: int, distance: int) -> None:
    assert calculators.run("shattered_spirits.target", {"dx": dx, "dy": dy})["distance"] == distance
    # the same number as the book's own range calculator
    assert calculators.run("shattered_spirits.range", {"dx": dx, "dy": dy})["range"] == distance


@pytest.mark.parametrize(("size", "squares"), [(1, 9), (2, 25), (3, 49)])
def test_an_aura_x_is_a_square_2x_plus_1_on_a_side(size: int, squares: int) -> None:
    # 'an Aura 1 effect impacts a 3x3 square centered on the source, an Aura 2 effect
    # impacts a 5x5 square'
    result = calculators.run("arts.area", {"shape": "aura", "size": size, "creatures": "none"})
    assert result["squares"] == squares
    side = 2 * size + 1
    assert picture_text(result["grid"]).splitlines()[size + 1] == (
        "." + "#" * size + "@" + "#" * size + "."
    )
    assert len(picture_text(result["grid"]).splitlines()) == side + 2


@pytest.mark.parametrize(("size", "squares"), [(2, 4), (3, 9), (4, 16)])
def test_an_area_x_is_x_squares_on_a_side(size: int, squares: int) -> None:
    # 'an Area 2 is a 2x2 square, Area 3 is a 3x3, and so on'
    result = calculators.run("arts.area", {"size": size, "dx": 2, "dy": 2, "creatures": "none"})
    assert result["squares"] == squares
    assert square_area(Square(2, 2), size) == {
        Square(x, y) for x in range(2, 2 + size) for y in range(2, 2 + size)
    }


@pytest.mark.parametrize(
    ("dx", "dy", "placeable"),
    [(4, 0, True), (5, 0, False), (-5, -5, True), (-6, -6, False), (-5, 3, True)],
)
def test_an_area_needs_one_square_within_range(dx: int, dy: int, placeable: bool) -> None:
    # 'The area must have at least one of its spaces within the range of the ability'
    inputs = {"size": 2, "range": 4, "dx": dx, "dy": dy, "creatures": "none"}
    assert calculators.run("arts.area", inputs)["placeable"] is placeable


def test_blinded_halves_the_placing_range() -> None:
    inputs = {"size": 2, "range": 6, "dx": 4, "dy": 0, "creatures": "none"}
    assert calculators.run("arts.area", inputs)["placeable"]
    assert not calculators.run("arts.area", {**inputs, "blinded": True})["placeable"]


@pytest.mark.parametrize(
    ("blinded", "hidden", "halving", "reach"),
    [
        (False, False, "twice", 5),
        (True, False, "twice", 3),  # 5 halved, rounded up
        (False, True, "twice", 3),
        (True, True, "twice", 2),  # assumption arts.assume_range_halved_twice
        (True, True, "once", 3),
    ],
)
def test_blinded_and_hidden_halve_the_range_rounded_up(
    blinded: bool, hidden: bool, halving: str, reach: int
) -> None:
    inputs = {"range": 5, "dx": 2, "dy": 0, "blinded": blinded, "hidden": hidden,
              "halving": halving}
    result = calculators.run("arts.range_check", inputs)
    assert result["effective_range"] == reach
    assert result["in_range"] is (2 <= reach)


@pytest.mark.parametrize(
    ("dx", "blinded", "hidden", "attack", "banes"),
    [
        (1, True, True, True, 0),  # adjacent: neither Bane
        (2, True, False, True, 1),
        (2, True, False, False, 0),  # Blinded's Bane is for attacks on enemies
        (2, False, True, False, 1),
        (2, True, True, True, 2),
    ],
)
def test_blinded_and_hidden_banes_count_only_from_nonadjacent_spaces(
    dx: int, blinded: bool, hidden: bool, attack: bool, banes: int
) -> None:
    inputs = {"range": 9, "dx": dx, "dy": 0, "blinded": blinded, "hidden": hidden,
              "attack": attack}
    assert calculators.run("arts.range_check", inputs)["banes"] == banes


def test_melee_reaches_only_adjacent_spaces() -> None:
    run = calculators.run
    assert run("shattered_spirits.target", {"range_kind": "melee", "dx": 1, "dy": -1})["in_range"]
    assert not run("shattered_spirits.target", {"range_kind": "melee", "dx": 2, "dy": 0})[
        "in_range"
    ]
    assert not run(
        "shattered_spirits.target",
        {"range_kind": "melee", "dx": 1, "dy": -1, "diagonal_adjacent": False},
    )["in_range"]
    assert not run("shattered_spirits.target", {"range_kind": "ranged", "dx": 0, "dy": 0})[
        "in_range"
    ]
    assert run("shattered_spirits.target", {"range_kind": "self", "dx": 0, "dy": 0})["in_range"]


def test_a_ranged_attack_takes_minus_one_per_adjacent_hostile_creature() -> None:
    hostiles = "A 1,0; B -1,-1; C 0,2; D 1,1"
    result = calculators.run("shattered_spirits.target", {"hostiles": hostiles})
    assert (result["adjacent_hostiles"], result["attack_modifier"]) == (3, -3)
    assert result["focus_to_negate"] == 3
    paid = calculators.run("shattered_spirits.target", {"hostiles": hostiles, "focus_paid": 2})
    assert paid["attack_modifier"] == -1
    melee = calculators.run(
        "shattered_spirits.target", {"hostiles": hostiles, "range_kind": "melee", "dx": 1}
    )
    assert melee["attack_modifier"] == 0
    with pytest.raises(InputError) as caught:
        calculators.run("shattered_spirits.target", {"hostiles": hostiles, "focus_paid": 4})
    assert caught.value.field == "focus_paid"


# -- Shattered Spirits' areas ----------------------------------------------------------------
@pytest.mark.parametrize("size", [1, 2, 3])
def test_a_blast_and_a_burst(size: int) -> None:
    # Blast: 'That space, and all spaces within X'; Burst: 'The targeted space is not
    # effected.' (assumption shattered_spirits.area_measure: counted as range is measured)
    inputs = {"size": size, "dx": 5, "dy": 1, "creatures": "X 5,1"}
    blast = calculators.run("shattered_spirits.blast", inputs)
    burst = calculators.run("shattered_spirits.burst", inputs)
    assert blast["spaces"] == (2 * size + 1) ** 2
    assert burst["spaces"] == (2 * size + 1) ** 2 - 1
    assert (blast["targets"], burst["targets"]) == (["X (5, 1)"], [])
    diamond = calculators.run("shattered_spirits.blast", {"size": size, "measure": "orthogonal"})
    assert diamond["spaces"] == 2 * size * size + 2 * size + 1


def test_an_arc_is_the_picked_space_and_three_adjacent_ones() -> None:
    result = calculators.run(
        "shattered_spirits.arc",
        {"range_kind": "melee", "dx": 1, "dy": 0, "arc": "N, NE, E", "creatures": "A 2,1; B 1,-1"},
    )
    assert result["in_range"] and result["spaces"] == 4
    assert result["targets"] == ["A (2, 1)"]
    three = calculators.run("shattered_spirits.arc", {"with_picked": False})
    assert three["spaces"] == 3


def test_a_line_runs_straight_from_the_picked_space() -> None:
    result = calculators.run(
        "shattered_spirits.line",
        {"dx": 1, "dy": 1, "size": 3, "direction": "NE", "creatures": "A 3,3; B 4,4; C 2,1"},
    )
    assert result["targets"] == ["A (3, 3)"]
    after = calculators.run(
        "shattered_spirits.line",
        {"dx": 1, "dy": 1, "size": 3, "direction": "NE", "creatures": "A 1,1; B 4,4",
         "from_picked": False},
    )
    assert after["targets"] == ["B (4, 4)"]


def test_an_area_out_of_reach_says_so_and_the_attacker_can_be_in_it() -> None:
    far = calculators.run("shattered_spirits.blast", {"dx": 9, "dy": 0, "max_range": 5})
    assert not far["in_range"]
    near = calculators.run("shattered_spirits.blast", {"dx": 1, "dy": 0, "creatures": "none"})
    assert near["targets"] == ["You (0, 0)"]


# -- pushes, terrain, Disoriented ------------------------------------------------------------
def test_a_push_must_take_the_target_further_each_square() -> None:
    # Propulsive Shot: 'each square of movement is in the same direction and leaves them
    # further from you than they started'
    result = calculators.run("arts.push", {"dx": 3, "dy": 1, "direction": "N", "spaces": 2})
    assert not result["allowed"]
    assert result["away_directions"] == ["NE", "E", "SE"]
    anyway = calculators.run(
        "arts.push", {"dx": 3, "dy": 1, "direction": "N", "spaces": 2, "away": False}
    )
    assert anyway["allowed"] and anyway["end"] == "(3, 3)"


def test_terrain_costs_one_more_to_enter_and_dragging_one_more_a_square() -> None:
    # Blizzard: 'Entering any space in the area costs +1 square of movement.'
    # Chokehold: 'drag immobilized targets at a cost of +1 additional square per square'
    open_ground = {"dx": 3, "dy": 0, "terrain_size": 0}
    assert calculators.run("arts.movement", open_ground)["cost"] == 3
    assert calculators.run("arts.movement", {**open_ground, "drag": True})["cost"] == 6
    # An Area 3 of terrain in the way: through it costs 4 + 3, round its corner 4 + 2 or
    # 6 squares of open ground.
    blizzard = {"dx": 4, "dy": 0, "terrain_size": 3, "terrain_dx": 1, "terrain_dy": -1}
    result = calculators.run("arts.movement", blizzard)
    assert (result["distance"], result["cost"]) == (4, 6)
    assert not result["enough"] and result["remaining"] == -2
    into = calculators.run("arts.movement", {**blizzard, "dx": 2, "speed": 5})
    assert (into["cost"], into["enough"]) == (4, True)  # (1, 0) or (1, 1), then (2, 0): +1 each


def test_the_eight_squares_round_a_square_clockwise() -> None:
    assert [d.name for d in DIRECTIONS] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert neighbours(ORIGIN) == [
        Square(0, 1), Square(1, 1), Square(1, 0), Square(1, -1),
        Square(0, -1), Square(-1, -1), Square(-1, 0), Square(-1, 1),
    ]


@pytest.mark.parametrize(
    ("total", "next_reading", "intended_reading"),
    [
        (7, "N", "N"),
        (8, "NE", "N"),
        (9, "E", "NE"),
        (10, "SE", "E"),
        (11, "S", "SE"),
        (12, "SW", "S"),
        (6, "NW", "N"),
        (5, "W", "NW"),
        (4, "SW", "W"),
        (3, "S", "SW"),
        (2, "SE", "S"),
    ],
)
def test_disoriented_counts_clockwise_above_seven_and_counterclockwise_below(
    total: int, next_reading: str, intended_reading: str
) -> None:
    north = DIRECTION["N"]
    assert arts.landing(north, total, "next").name == next_reading
    assert arts.landing(north, total, "intended").name == intended_reading
    faces = [total - min(6, total - 1), min(6, total - 1)]
    result = calculators.run("arts.disoriented", {"dx": 0, "dy": 1, "dice": faces})
    assert result["landing"].split()[0] == next_reading
    assert result["ends"] is (total == 7)


@pytest.mark.parametrize("count", ["next", "intended"])
@pytest.mark.parametrize("direction", DIRECTIONS, ids=lambda d: d.name)
def test_disoriented_odds_match_all_36_rolls(direction, count: str) -> None:
    tally: dict[str, Fraction] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        where = arts.landing(direction, a + b, count).name
        tally[where] = tally.get(where, Fraction(0)) + Fraction(1, 36)
    result = calculators.run(
        "arts.disoriented", {"dx": direction.dx, "dy": direction.dy, "count": count}
    )
    shown = {name: Fraction(p) for name, p in result["distribution"]}
    assert {k: v for k, v in shown.items() if v} == tally
    assert [name for name, _ in result["distribution"]][0] == direction.name
    assert Fraction(result["p_as_intended"]) == tally[direction.name]


def test_a_seed_replays_a_disoriented_step() -> None:
    first = calculators.run("arts.disoriented", {"seed": 42})
    assert first == calculators.run("arts.disoriented", {"seed": "42"})
    assert len(first["rolled"]) == 2 and first["landing"]


# -- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("calc_id", "inputs", "field"),
    [
        ("shattered_spirits.blast", {"creatures": "Wolf"}, "creatures"),
        ("shattered_spirits.blast", {"creatures": "Wolf 30,0"}, "creatures"),
        ("shattered_spirits.blast", {"size": 0}, "size"),
        ("shattered_spirits.arc", {"arc": "N,E"}, "arc"),
        ("shattered_spirits.arc", {"arc": "N,E,Q"}, "arc"),
        ("shattered_spirits.arc", {"arc": "N,NE,E", "diagonal_adjacent": False}, "arc"),
        ("shattered_spirits.line", {"direction": "up"}, "direction"),
        ("shattered_spirits.target", {"hostiles": "A 1"}, "hostiles"),
        ("shattered_spirits.target", {"range_kind": "far"}, "range_kind"),
        ("arts.range_check", {"dx": 21}, "dx"),
        ("arts.area", {"shape": "cone"}, "shape"),
        ("arts.push", {"dx": 0, "dy": 0}, "dx"),
        ("arts.movement", {"terrain_size": -1}, "terrain_size"),
        ("arts.disoriented", {"dx": 0, "dy": 0}, "dx"),
        ("arts.disoriented", {"dx": 2}, "dx"),
        ("arts.disoriented", {"dice": "3"}, "dice"),
        ("glittershard.item_range", {"weapon": "bow"}, "weapon"),
        ("glittershard.item_range", {"max_range": 0}, "max_range"),
    ],
)
def test_bad_input_names_its_field(calc_id: str, inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        calculators.run(calc_id, inputs)
    assert caught.value.field == field
    assert caught.value.message


# -- the picture -----------------------------------------------------------------------------
def test_the_picture_is_a_table_with_its_legend_and_escapes_names() -> None:
    result = calculators.run("shattered_spirits.blast", {"creatures": "<b>Boss</b> 3,2"})
    html = render_result(calculators.get("shattered_spirits.blast"), result, "u")
    assert "<table class='rb-grid-table'>" in html
    assert html.count("class='rb-grid-in'") == 9
    assert "&lt;b&gt;Boss&lt;/b&gt; (3, 2): targeted" in html
    assert "<b>Boss</b>" not in html


def test_a_wide_picture_is_cut_to_its_middle() -> None:
    result = calculators.run("arts.range_check", {"range": 40, "dx": 20, "dy": 0})
    assert len(result["grid"]["columns"]) == MAX_SIDE
    assert "middle" in result["grid"]["caption"]
    assert "T" in picture_text(result["grid"])


# -- properties ------------------------------------------------------------------------------
coordinate = st.integers(-30, 30)
squares = st.builds(Square, coordinate, coordinate)
measures = st.sampled_from(sorted(MEASURES))
directions = st.sampled_from(DIRECTIONS)


@given(squares, squares, measures)
def test_distance_is_symmetric_and_zero_only_on_the_same_square(a, b, name) -> None:
    measure = MEASURES[name]
    assert measure(a, b) == measure(b, a) >= 0
    assert (measure(a, b) == 0) is (a == b)


@given(squares, squares, squares, measures)
def test_distance_obeys_the_triangle_inequality(a, b, c, name) -> None:
    measure = MEASURES[name]
    assert measure(a, c) <= measure(a, b) + measure(b, c)


@given(squares, squares)
def test_the_greater_difference_is_the_fewest_steps(a, b) -> None:
    # 'The distance between two squares is equal to the movement that would be needed to
    # travel from one square to the other when moving unhampered.'
    cost, path = cheapest_route(a, b, {})
    assert cost == greater_difference(a, b) == len(path)
    assert orthogonal_steps(a, b) >= greater_difference(a, b)


@given(squares, st.integers(0, 8))
def test_an_aura_or_blast_has_2x_plus_1_squared_squares(center, radius) -> None:
    assert len(within(center, radius)) == (2 * radius + 1) ** 2
    assert len(within(center, radius, orthogonal_steps)) == 2 * radius * (radius + 1) + 1
    assert within(center, radius) == square_area(
        Square(center.x - radius, center.y - radius), 2 * radius + 1
    )


@given(squares, squares, directions, st.integers(1, 12))
def test_a_push_away_never_brings_the_target_closer(source, target, direction, spaces) -> None:
    path = push_path(target, direction, spaces)
    distances = [greater_difference(source, s) for s in [target, *path]]
    if pushes_away(source, target, direction):
        # every square further: one more each square, whatever the push's length
        assert distances == list(range(distances[0], distances[0] + spaces + 1))
        assert direction in away_directions(source, target)
    else:
        assert distances[1] <= distances[0]


@given(squares, squares)
def test_some_direction_always_pushes_away(source, target) -> None:
    assert 3 <= len(away_directions(source, target)) <= 8


@given(directions, st.integers(-20, 20))
def test_turning_round_the_square(direction, steps) -> None:
    turned = turn(direction, steps)
    assert turn(turned, -steps) == direction
    assert adjacent(ORIGIN, ORIGIN.moved(turned))
    assert turn(direction, steps + 8) == turned


@given(st.sampled_from(range(2, 13)), directions, st.sampled_from(["next", "intended"]))
def test_a_disoriented_step_lands_next_to_its_start(total, direction, count) -> None:
    where = arts.landing(direction, total, count)
    assert adjacent(ORIGIN, ORIGIN.moved(where))
    if count == "next":
        assert (where == direction) is (total == 7)


def _brute_force_cost(start: Square, goal: Square, extra: dict, per_square: int) -> int:
    """Bellman-Ford over a box around everything: the oracle for :func:`cheapest_route`."""
    everything = [start, goal, *extra]
    xs = range(min(s.x for s in everything) - 2, max(s.x for s in everything) + 3)
    ys = range(min(s.y for s in everything) - 2, max(s.y for s in everything) + 3)
    cost = {Square(x, y): math.inf for x in xs for y in ys}
    cost[start] = 0
    changed = True
    while changed:
        changed = False
        for square in cost:
            for step in neighbours(square):
                if step in cost and cost[square] + per_square + extra.get(step, 0) < cost[step]:
                    cost[step] = cost[square] + per_square + extra.get(step, 0)
                    changed = True
    return int(cost[goal])


small = st.builds(Square, st.integers(-4, 4), st.integers(-4, 4))


@given(small, small, st.dictionaries(small, st.integers(0, 3), max_size=12), st.integers(1, 2))
def test_the_cheapest_route_is_as_cheap_as_brute_force(start, goal, extra, per_square) -> None:
    cost, path = cheapest_route(start, goal, extra, per_square)
    assert cost == _brute_force_cost(start, goal, extra, per_square)
    assert route_cost(path, extra, per_square) == cost
    assert all(adjacent(a, b) for a, b in zip([start, *path], path, strict=False))
    assert (path[-1] if path else start) == goal


@given(squares, directions, st.integers(1, 10), st.booleans())
def test_a_line_has_its_length_in_one_direction(start, direction, length, first) -> None:
    squares_ = line(start, direction, length, first)
    assert len(set(squares_)) == length
    assert greater_difference(start, squares_[-1]) == length - (1 if first else 0)


@given(st.dictionaries(small, st.sampled_from(["@", "1", "<x>"]), max_size=6),
       st.frozensets(small, max_size=10))
def test_any_picture_renders_with_one_cell_per_square(marks, shaded) -> None:
    value = picture(marks, shaded, "c", "in", [("@", "you")])
    rows = picture_text(value).splitlines()
    assert len({len(row) for row in rows}) <= 1
    assert len(rows) == len(value["rows"]) and len(rows[0]) == len(value["columns"])
    html = render_grid(value, "Label")
    assert html.count("<td class='rb-grid-in'>") == len(shaded)
    assert "<x>" not in html
