"""Dice read and computed right (issue #36, part 1), each measured failure on a small game
written for it (``tests/dicegames.py``):

* a ``d66`` table showed each of its six rows at 1/11 (6/11 in all): ``d66`` was one
  66-sided die; rolled, it gave numbers no row has (17, 40);
* a table roll never named its row;
* "roll 3d6 and keep the highest two" (or the lowest) showed plain 3d6;
* "2d6 × 10 crowns" showed 2d6.

Every roll table's chances (the games' and the repository's books') are compared with a
count of every face of every die.
"""

from __future__ import annotations

import html
import json
import random
import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from calculators.dice import digit_dice
from calculators.notation import parse
from calculators.roller import compute_roll
from macros.load import rolltable
from macros.load.loader import load_rules
from macros.load.rulesdata import Entry, RulesData
from macros.render.dice import odds
from macros.render.render import Renderer
from tests.dicegames import BOOKS, brute_counts, import_dice_game

RULES = Path(__file__).resolve().parents[1] / "rules_data"
FIXTURE = Path(__file__).parent / "data" / "import" / "fixture_book.md"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[RulesData, list[str]]]:
    """The two games imported (no site built), their rules data and what the import said."""
    root = tmp_path_factory.mktemp("dice-games")
    out = {}
    for book in BOOKS:
        project, said = import_dice_game(book, root / book)
        out[book] = (load_rules(project / "rules_data"), said)
    return out


def roll_tables(data: RulesData) -> list[Entry]:
    return [e for e in data.entries.values() if e.kind == "table" and e.get("roll")]


def rendered(data: RulesData, entry: Entry) -> str:
    return Renderer(data).render(entry, f"{entry.system}/{entry.page}.md")


def held_dice(markdown: str) -> dict[str, str]:
    """Each live roll of rendered Markdown: its words -> its expression."""
    found = re.findall(r'data-dice="([^"]+)"[^>]*>([^<]+)</button>', markdown)
    return {html.unescape(words): html.unescape(expr) for expr, words in found}


# -- digit dice in the dice language ---------------------------------------------------------

@pytest.mark.parametrize("roll", ["d66", "D66", "1d66", "d666", "2d66", "d88", "d33"])
def test_digit_dice_odds_equal_a_count_of_every_face(roll: str) -> None:
    counts = brute_counts(roll.lower())
    total = sum(counts.values())
    dist = parse(roll).distribution()
    assert {x: p for x, p in dist.items() if p} == {x: Fraction(n, total) for x, n in
                                                     counts.items()}


def test_d66_is_two_d6_read_as_tens_and_units() -> None:
    d66 = parse("d66").distribution()
    assert d66.p_eq(17) == d66.p_eq(40) == 0
    assert all(d66.p_eq(10 * a + b) == Fraction(1, 36) for a, b in product(range(1, 7), repeat=2))
    assert parse("d66").text() == "d66" and parse("d100").distribution().p_eq(50) == Fraction(
        1, 100)  # d100 and d20 stay single dice
    assert digit_dice(1, 6, 3).p_eq(615) == Fraction(1, 216)


def test_a_digit_die_rolls_only_results_it_can_have() -> None:
    rolled = {compute_roll("d66", seed)["roll"]["total"] for seed in range(400)}
    assert rolled == {10 * a + b for a, b in product(range(1, 7), repeat=2)}
    shown = parse("d66").roll(random.Random(5)).shown()
    faces = re.findall(r"\[(\d), (\d)\] = (\d+)", shown)[0]
    assert faces[2] == faces[0] + faces[1], shown  # tens, then units


def test_a_digit_die_takes_no_keep() -> None:
    from calculators.errors import InputError

    with pytest.raises(InputError, match="digit die"):
        parse("2d66kh1")


# -- roll tables ---------------------------------------------------------------------------

def test_every_roll_table_chance_equals_enumeration(
    games: dict[str, tuple[RulesData, list[str]]], tmp_path: Path
) -> None:
    """The dice games', the import fixture's and the repository's books' roll tables."""
    fixture = import_dice_game("fixture_book", tmp_path / "fixture", FIXTURE)[0]
    tables = [*roll_tables(games["omens"][0]), *roll_tables(load_rules(RULES)),
              *roll_tables(load_rules(fixture / "rules_data"))]
    assert len(tables) >= 3
    for table in tables:
        counts = brute_counts(table.get("roll"))
        top, total = max(counts), sum(counts.values())
        chances = rolltable.chances(table.get("roll"), table.get("rows"))
        for row, chance in zip(table.get("rows"), chances, strict=True):
            low, high = rolltable.row_range(row[0], top)  # type: ignore[misc]
            assert chance == Fraction(sum(counts[v] for v in range(low, high + 1)), total), (
                table.id, row)
        assert sum(chances) == 1, table.id


def test_a_d66_table_shows_one_sixth_a_row(games: dict[str, tuple[RulesData, list[str]]]) -> None:
    data = games["omens"][0]
    roads, weather = roll_tables(data)
    assert roads.get("roll") == weather.get("roll") == "d66"
    assert rolltable.chances("d66", roads.get("rows")) == [Fraction(1, 6)] * 6
    assert rolltable.chances("d66", weather.get("rows")) == [
        Fraction(9, 36), Fraction(14, 36), Fraction(13, 36)]
    page = rendered(data, roads)
    assert page.count("| 1/6 (16.7%) |") == 6 and "1/11" not in page


def test_a_table_roll_carries_its_rows_to_name_them(
    games: dict[str, tuple[RulesData, list[str]]]
) -> None:
    data = games["omens"][0]
    roads = roll_tables(data)[0]
    page = rendered(data, roads)
    button = re.search(r'<button [^>]*data-table="([^"]+)" data-rows="([^"]+)"[^>]*>([^<]+)<',
                       page)
    assert button, page
    assert html.unescape(button.group(1)) == roads.name and button.group(3) == "roll d66"
    rows = json.loads(html.unescape(button.group(2)))
    assert rows[0] == [11, 16, "A toll of ravens"] and rows[-1] == [61, 66, "Nothing but rain"]
    for seed in range(100):  # every roll lands in a row
        total = compute_roll("d66", seed)["roll"]["total"]
        assert sum(low <= total <= high for low, high, _ in rows) == 1, total
    assert "the roll log names the row" in page


def test_a_row_no_result_falls_in_is_refused() -> None:
    assert rolltable.problems("d66", [["11-16", "a"], ["17-20", "b"]]) == [
        "row 2: d66 cannot roll any of 17–20"]


# -- rolls said in words ---------------------------------------------------------------------

def test_keep_phrases_are_the_dice_kept(games: dict[str, tuple[RulesData, list[str]]]) -> None:
    data, said = games["rolls"]
    fighting = next(e for e in data.entries.values() if e.name == "Fighting")
    live = held_dice(rendered(data, fighting))
    assert live == {
        "3d6 and keep the highest two": "3d6kh2",
        "3d6 and keep the lowest two": "3d6kl2",
        "4d6, dropping the lowest die": "4d6dl1",
        "2d20 and takes the higher": "2d20kh1",
    }
    faces = list(product(range(1, 7), repeat=3))
    for expression, pick in (("3d6kh2", lambda f: sum(sorted(f)[1:])),
                             ("3d6kl2", lambda f: sum(sorted(f)[:2]))):
        mean = Fraction(sum(pick(f) for f in faces), len(faces))
        assert odds(expression).mean == mean
    assert any("dice 3d6kh2 from rolls.md line" in line for line in said), said


def test_a_roll_times_a_number_is_multiplied(
    games: dict[str, tuple[RulesData, list[str]]]
) -> None:
    data = games["rolls"][0]
    treasure = next(e for e in data.entries.values() if e.name == "Treasure")
    live = held_dice(rendered(data, treasure))
    assert live == {"2d6 × 10": "2d6 * 10", "1d6x100": "1d6 * 100", "3d6*2": "3d6 * 2"}
    assert odds("2d6 * 10").mean == 70 and (odds("2d6 * 10").low, odds("2d6 * 10").high) == (
        20, 120)
