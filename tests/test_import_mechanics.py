"""The importer reads a game's mechanics from its own words (issue #35): three small games
of different families (``tests/importedgames.py``) become checks with exact odds, a tracker
that applies their conditions over rounds, and a builder that enforces the budget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from calculators.builders.declared import from_data as builder_of
from calculators.declared import check
from calculators.tracker import encounter
from calculators.tracker.declared import from_data as tracker_of
from macros.load.export import core_data
from macros.load.loader import load_rules
from rulebinder.importer.mechanics.checks import bands_in
from tests.importedgames import BOOKS, brute_bands, import_game


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[str]]]:
    root = tmp_path_factory.mktemp("games")
    return {book: import_game(book, root / book) for book in BOOKS}


def data_of(project: Path, book: str) -> dict[str, dict[str, Any]]:
    return core_data(load_rules(project / "rules_data"), book)


def of_kind(data: dict[str, dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in data.values() if e["kind"] == kind]


MODES = {"heist": ["normal", "edge", "odds"], "lantern": ["normal", "advantage", "disadvantage"],
         "ashes": ["normal"]}


@pytest.mark.parametrize("book", BOOKS)
def test_the_check_has_exact_odds_for_every_stat_and_mode(
    imported: dict[str, tuple[Path, list[str]]], book: str
) -> None:
    data = data_of(imported[book][0], book)
    (found,) = of_kind(data, "check")
    assert check.modes(found) == MODES[book]
    for mode in check.modes(found):
        for stat in check.stat_range(found):
            names = {"dc": 10} if book == "lantern" else {}
            assert check.odds(found, stat, mode, names) == brute_bands(book, mode, stat), (
                mode, stat)


def test_each_family_reads_as_the_book_says_it(
    imported: dict[str, tuple[Path, list[str]]]
) -> None:
    checks = {b: of_kind(data_of(imported[b][0], b), "check")[0] for b in BOOKS}
    assert checks["heist"]["roll"] == "2d6 + stat"
    assert checks["heist"]["modes"] == {"edge": "3d6kh2 + stat", "odds": "3d6kl2 + stat"}
    assert [b["name"] for b in checks["heist"]["bands"]] == [
        "Full success", "Partial success", "Miss"]
    assert checks["heist"]["stat"] == {"label": "Stat", "default": 0, "min": -1, "max": 3}
    assert checks["lantern"]["roll"] == "1d20 + stat"
    assert checks["lantern"]["bands"][0]["when"] == "total >= dc"
    dc = checks["lantern"]["inputs"][0]
    assert dc["name"] == "dc" and "default" not in dc  # the book gives none: an assumption
    assumption = data_of(imported["lantern"][0], "lantern")[dc["assumption"]]
    assert assumption["kind"] == "assumption" and assumption["default"] == 10
    assert checks["ashes"]["roll"] == "(stat)d6cs>=5"


@pytest.mark.parametrize("book", BOOKS)
def test_every_inference_is_in_the_import_summary_with_its_line(
    imported: dict[str, tuple[Path, list[str]]], book: str
) -> None:
    said = imported[book][1]
    data = data_of(imported[book][0], book)
    for kind in ("check", "tracker", "builder"):
        (entry,) = of_kind(data, kind)
        assert any(entry["id"] in line for line in said), (kind, said)
    assert any(line.startswith("check ") and f"{book}.md line " in line for line in said)


def test_conditions_apply_their_stated_effect_over_rounds(
    imported: dict[str, tuple[Path, list[str]]]
) -> None:
    cases = {  # book, status, track marked, when
        "heist": ("heist.soaked", "stress", "round_end"),
        "lantern": ("lantern.poisoned", "wounds", "turn_start"),
        "ashes": ("ashes.burning", "harm", "round_end"),
    }
    for book, (status, track, when) in cases.items():
        data = data_of(imported[book][0], book)
        assert data[status]["tracker"][when]["mark"] == track
        module = tracker_of(book, data)
        assert module is not None
        state = encounter.blank(module)
        for action in ({"op": "add", "creature": {"name": "Kit", "initiative": 3}},
                       {"op": "status", "id": "c1", "status": status},
                       {"op": "start"}, {"op": "next"}, {"op": "next"}):
            state, _ = encounter.act(module, state, action)
        marked = state["creatures"]["c1"][track]
        assert marked == (3 if when == "turn_start" else 2), (book, marked)


def test_a_condition_the_book_leaves_to_the_gm_has_no_behaviour(
    imported: dict[str, tuple[Path, list[str]]]
) -> None:
    data = data_of(imported["lantern"][0], "lantern")
    assert data["lantern.charmed"]["kind"] == "status"
    assert "tracker" not in data["lantern.charmed"]
    frightened = data["lantern.frightened"]["tracker"]
    assert frightened == {"modifier": -2, "rounds": 2}


@pytest.mark.parametrize("book,budget", [("heist", 6), ("lantern", 3), ("ashes", 4)])
def test_the_builder_enforces_the_budget_and_the_limits(
    imported: dict[str, tuple[Path, list[str]]], book: str, budget: int
) -> None:
    data = data_of(imported[book][0], book)
    builder = builder_of(book, data)
    assert builder is not None
    declared = of_kind(data, "builder")[0]
    assert declared["budget"] == budget
    blank = builder.blank()
    first = declared["attributes"][0]["name"]
    form = builder.to_form(blank)
    too_much = builder.evaluate(builder.from_form({**form, f"attr.{first}": str(declared["max"]),
                                                   **{f"attr.{a['name']}": str(declared["max"])
                                                      for a in declared["attributes"]}}))
    assert too_much["steps"][1]["status"] == "problem"
    assert "the budget is" in too_much["steps"][1]["problems"][0]["message"]
    with pytest.raises(Exception) as caught:
        builder.from_form({**form, f"attr.{first}": str(declared["max"] + 1)})
    assert getattr(caught.value, "field", "") == f"attr.{first}"


def test_the_ashes_cost_of_the_last_step_is_read() -> None:
    from rulebinder.importer.mechanics.table import builder_in

    made = builder_in("Every trait starts at 1. You have 4 points to spend, and raising a "
                      "trait from 4 to 5 costs 2.", ["Drive"], (1, 5))
    assert made is not None and made["costs"] == {"1": 0, "2": 1, "3": 2, "4": 3, "5": 5}


@pytest.mark.parametrize("text", [
    "On a 6+ you hit; on a 3-4 you miss.",  # a gap: 5 is in no band
    "Roll 2d6. On 10+ you win.",  # one band only
    "On 10+ you win; on 7-9 you win.",  # two bands of one name
])
def test_ambiguous_bands_write_nothing(text: str) -> None:
    assert bands_in(text) is None


def test_an_ambiguous_roll_is_reported_and_nothing_is_written(tmp_path: Path) -> None:
    from rulebinder.importer.command import Options, run
    from rulebinder.new import create

    create(tmp_path, say=lambda _: None)
    source = tmp_path / "gap.md"
    source.write_text("# Gap\n\n## Rolling\n\nRoll 2d6 + Edge. On a 10+ you win; on a 3-4 "
                      "you lose.\n", "utf-8")
    said: list[str] = []
    assert run(Options([source], "gap", root=tmp_path), said.append) == 0
    assert any(line.startswith("not read: a roll at gap.md line 3") for line in said), said
    written = "".join(p.read_text("utf-8") for p in (tmp_path / "rules_data").rglob("*.yml"))
    assert "kind: check" not in written


def test_a_move_that_repeats_the_core_roll_rolls_that_check(
    imported: dict[str, tuple[Path, list[str]]]
) -> None:
    project, said = imported["heist"]
    (found,) = of_kind(data_of(project, "heist"), "check")  # one check, not one per move
    moves = (project / "rules_data" / "heist" / "moves.yml").read_text("utf-8")
    assert f"[roll 2d6 + Guile]{{check={found['id']}}}" in moves
    rule = (project / "rules_data" / "heist" / "the_action_roll.yml").read_text("utf-8")
    assert f"[roll 2d6 + the stat that fits]{{check={found['id']}}}" in rule
    assert any(line.startswith("move at heist.md line ") and found["id"] in line
               for line in said)


def test_a_failure_to_read_mechanics_never_stops_an_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulebinder.importer import book

    def broken(pages: object, ids: object) -> object:
        raise RuntimeError("unforeseen words")

    monkeypatch.setattr(book, "read_mechanics", broken)
    project, said = import_game("heist", tmp_path / "heist")
    assert "mechanics not read (RuntimeError: unforeseen words): the book is imported as text" \
        in said
    data = data_of(project, "heist")
    assert not of_kind(data, "check") and not of_kind(data, "tracker")
    conditions = (project / "rules_data" / "heist" / "conditions.yml").read_text("utf-8")
    assert "Soaked: you mark 1 Stress" in conditions  # the words, untouched
