"""A book with no Python gets its table tools from declarations alone (issue #34).

The test book, ``tests/data/books/heist/`` ("Night Shift", a small heist game written for
these tests), declares in at most 60 lines a check (2d6 + stat, three bands, two modes), a
tracker (four stats, a Stress track of boxes, a Harm track of named steps, initiative with
ties, its conditions' behaviour) and a point-buy builder. Here the core is run on its
exported data; ``tests/browser/test_declared_book.py`` uses the built site in Chromium.
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from calculators.builders.declared import from_data as builder_of
from calculators.declared import check
from calculators.errors import InputError
from calculators.tracker import encounter, history
from calculators.tracker.declared import from_data as tracker_of
from macros.load.errors import RulesDataError
from macros.load.export import core_data
from macros.load.loader import load_rules
from tests.declaredbook import BOOK

DECLARATION_KINDS = ("check", "tracker", "builder")


def exported(book: Path = BOOK) -> dict[str, dict[str, Any]]:
    """The book's entries as the core reads them (the build's export)."""
    return core_data(load_rules(book / "rules_data"), "heist")


def test_the_book_has_no_python_and_at_most_60_lines_of_declarations() -> None:
    assert not list(BOOK.rglob("*.py"))
    mechanics = (BOOK / "rules_data" / "heist" / "mechanics.yml").read_text("utf-8")
    rules = (BOOK / "rules_data" / "heist" / "rules.yml").read_text("utf-8")
    declared = len(mechanics.splitlines()) - 2  # less the page's title and 'entries:'
    declared += sum(1 for line in rules.splitlines() if line.strip().startswith("tracker:"))
    assert declared <= 60
    assert {e["kind"] for e in exported().values()} >= set(DECLARATION_KINDS)


# -- the check: exact odds per stat and mode ---------------------------------------------

def brute(mode: str, stat: int) -> list[Fraction]:
    """Every face of every die, counted: full success, partial, miss."""
    dice = 2 if mode == "normal" else 3
    counts = [0, 0, 0]
    for faces in itertools.product(range(1, 7), repeat=dice):
        kept = sorted(faces)
        kept = kept if mode == "normal" else kept[1:] if mode == "edge" else kept[:2]
        total = sum(kept) + stat
        counts[0 if total >= 10 else 1 if total >= 7 else 2] += 1
    return [Fraction(c, 6**dice) for c in counts]


@pytest.mark.parametrize("mode", ["normal", "edge", "odds"])
@pytest.mark.parametrize("stat", [-1, 0, 1, 2, 3])
def test_the_checks_odds_are_exact_for_every_stat_and_mode(mode: str, stat: int) -> None:
    entry = exported()["heist.action"]
    assert check.odds(entry, stat, mode) == brute(mode, stat)
    answer = check.build_check(entry).compute(stat=stat, mode=mode, seed=None)
    assert [Fraction(answer[n]) for n in check.band_outputs(entry)] == brute(mode, stat)


def test_a_rolled_check_names_its_band() -> None:
    entry = exported()["heist.action"]
    calc = check.build_check(entry)
    for seed in range(20):
        answer = calc.compute(stat=1, mode="normal", seed=seed)
        total = answer["total"]
        assert total == sum(answer["rolled"]) + 1
        expected = "Full success" if total >= 10 else "Partial success" if total >= 7 else "Miss"
        assert answer["outcome"] == expected
        assert answer["breakdown"][-1].endswith(f": {expected}")


# -- the tracker: conditions over rounds, tracks, initiative, undo ---------------------------

Act = Callable[..., list[str]]


@pytest.fixture
def table() -> tuple[Any, dict[str, Any], Act]:
    """The declared tracker, a document with two crew members, and a way to act on it."""
    module = tracker_of("heist", exported(), has_builder=True)
    assert module is not None
    doc = history.new(module)
    box = {"doc": doc}

    def act(seed: int | None = None, **action: Any) -> list[str]:
        if seed is not None:
            action["seed"] = seed
        box["doc"], events = history.apply(module, box["doc"], action)
        return [e["text"] for e in events]

    act(op="add", creature={"name": "Vex", "nerve": 2, "edge": 1})
    act(op="add", creature={"name": "Moth", "nerve": 2, "edge": 0, "initiative": 3})
    return module, box, act


def creature(box: dict[str, Any], cid: str) -> dict[str, Any]:
    return box["doc"]["state"]["creatures"][cid]


def test_a_condition_marks_its_track_every_round_until_the_scene_ends(table: Any) -> None:
    module, box, act = table
    act(op="initiative", id="c1", value=3)
    act(op="status", id="c1", status="heist.soaked")
    act(op="start")
    for round_ in (1, 2, 3):
        said = act(op="next") + act(op="next")  # both turns: the round ends
        assert creature(box, "c1")["stress"] == round_
        assert f"Soaked: at the end of the round, Vex marks 1 Stress ({round_} of 6)." in said
    assert creature(box, "c2")["stress"] == 0
    said = act(op="end_scene")
    assert "Vex is no longer Soaked (at the end of the scene)." in said
    act(op="next")
    act(op="next")
    assert creature(box, "c1")["stress"] == 3


def test_ties_go_to_the_higher_nerve_and_a_full_track_says_so(table: Any) -> None:
    module, box, act = table
    act(op="set", id="c1", field="nerve", value=3)
    act(op="initiative", id="c1", value=3)
    act(op="start")
    assert box["doc"]["state"]["order"] == ["c1", "c2"]  # 3 = 3: Vex's Nerve is higher
    said = act(op="mark", id="c2", track="stress", amount=9)
    assert said[-1] == "Moth's Stress track is full: out of the heist."
    assert creature(box, "c2")["stress"] == 6


def test_a_rattled_roll_and_a_hurt_roll_carry_their_modifiers_then_rattled_ends(
    table: Any,
) -> None:
    module, box, act = table
    act(op="status", id="c1", status="heist.rattled")
    act(op="mark", id="c1", track="harm", amount=2)  # Bruised, then Hurt: -1
    said = act(seed=4, op="roll", id="c1", check="heist.action", stat="edge", mode="normal")
    assert "Vex rolls Action roll, Edge +1, Rattled -1, Hurt -1: 2d6 " in said[0]
    assert said[-1].startswith("Action roll: ") and said[-1].endswith(
        ("is a Full success.", "is a Partial success.", "is a Miss.")
    )
    total = int(said[0].rsplit("total ", 1)[1].rstrip("."))
    faces = box["doc"]["log"][-2]["roll"]["dice"]
    assert total == sum(f for term in faces for f in term["faces"]) + 1 - 2
    act(op="roll_all", seed=1)
    act(op="start")
    for _ in range(2):  # "for 2 rounds"
        assert "heist.rattled" in creature(box, "c1")["statuses"]
        act(op="next")
        act(op="next")
    assert "heist.rattled" not in creature(box, "c1")["statuses"]


def test_undo_takes_back_a_round_and_a_saved_encounter_loads_again(table: Any) -> None:
    module, box, act = table
    act(op="initiative", id="c1", value=5)
    act(op="status", id="c1", status="heist.soaked")
    act(op="start")
    before = box["doc"]["state"]
    act(op="next")
    act(op="next")
    assert creature(box, "c1")["stress"] == 1
    box["doc"] = history.undo(history.undo(box["doc"]))
    assert box["doc"]["state"] == before
    assert history.validate(module, box["doc"]) == box["doc"]


def test_a_refused_action_names_its_field(table: Any) -> None:
    module, box, act = table
    with pytest.raises(InputError) as caught:
        act(op="clear", id="c1", track="stress", amount=1)
    assert caught.value.field == "track"
    with pytest.raises(InputError) as caught:
        act(op="roll", id="c1", check="heist.action", stat="nerve", mode="normal")
    assert caught.value.field == "seed"


def test_a_character_from_the_builder_joins_the_encounter() -> None:
    data = exported()
    module = tracker_of("heist", data, has_builder=True)
    builder = builder_of("heist", data)
    assert module is not None and builder is not None
    fields = module.from_character(builder.example())
    state, _ = encounter.act(module, encounter.blank(module), {"op": "add", "creature": fields})
    vex = state["creatures"]["c1"]
    assert (vex["name"], vex["nerve"], vex["edge"], vex["guile"], vex["grit"]) == (
        "Vex", 1, 2, 3, -1)


# -- adding a condition touches one file --------------------------------------------------

SOAKED_AGAIN = """\
- kind: status
  id: heist.bleeding
  name: Bleeding
  group: status
  text: you mark 1 Harm at the start of your turn.
  source: {file: heist.md, heading: Night Shift > Conditions}
  tracker: {turn_start: {mark: harm}}
"""


def test_adding_a_condition_with_its_behaviour_touches_one_file(tmp_path: Path) -> None:
    book = shutil.copytree(BOOK, tmp_path / "heist")
    rules = book / "rules_data" / "heist" / "rules.yml"
    rules.write_text(rules.read_text("utf-8") + SOAKED_AGAIN, "utf-8")
    changed = [
        p.relative_to(book) for p in book.rglob("*") if p.is_file()
        and p.read_bytes() != (BOOK / p.relative_to(book)).read_bytes()
    ]
    assert changed == [Path("rules_data/heist/rules.yml")]
    module = tracker_of("heist", exported(book))
    assert module is not None
    state = encounter.blank(module)
    for action in ({"op": "add", "creature": {"name": "Vex", "initiative": 2}},
                   {"op": "status", "id": "c1", "status": "heist.bleeding"},
                   {"op": "start"}, {"op": "next"}):
        state, events = encounter.act(module, state, action)
    assert state["creatures"]["c1"]["harm"] == 2  # its turn started twice
    assert "Bleeding: at the start of their turn, Vex marks 1 Harm (Hurt (2 of 3))." in [
        e["text"] for e in events
    ]
    assert any(r.id == "heist.bleeding" for r in module.RULES)


# -- the builder: budget and limits ----------------------------------------------------------

def test_the_builder_enforces_the_budget_the_limits_and_the_pick() -> None:
    builder = builder_of("heist", exported())
    assert builder is not None
    sheet = builder.evaluate(builder.example())
    assert sheet["ready"] and [v["value"] for v in sheet["values"]] == [1, 2, 3, -1, 7]
    form = builder.to_form(builder.example())
    over = builder.evaluate(builder.from_form({**form, "attr.nerve": "3"}))
    assert [p["message"] for p in over["steps"][1]["problems"]] == [
        "9 points spent; the budget is 6."]
    lowered = builder.evaluate(builder.from_form({**form, "attr.nerve": "-1", "attr.grit": "-1",
                                                  "attr.guile": "2"}))
    assert [p["message"] for p in lowered["steps"][1]["problems"]] == [
        "2 attributes below 0 (Nerve, Grit); at most 1 may be."]
    two = builder.evaluate(builder.from_form({**form, "pick.trade.face": "true"}))
    assert [p["message"] for p in two["steps"][2]["problems"]] == ["2 picked; pick 1."]
    with pytest.raises(InputError) as caught:
        builder.from_form({**form, "attr.edge": "4"})
    assert caught.value.field == "attr.edge"


# -- broken declarations stop the build at their lines -------------------------------------

def test_every_broken_declaration_is_listed_at_its_line(tmp_path: Path) -> None:
    book = shutil.copytree(BOOK, tmp_path / "heist")
    rules = book / "rules_data" / "heist" / "rules.yml"
    rules.write_text(rules.read_text("utf-8").replace("round_end: {mark: stress}",
                                                      "round_end: {mark: stres}"), "utf-8")
    mechanics = book / "rules_data" / "heist" / "mechanics.yml"
    text = mechanics.read_text("utf-8")
    text = text.replace("{name: Partial success, when: total >= 7}", "{name: Partial success}")
    text = text.replace("roll: 1d6 + nerve", "roll: 1d6 + nerv").replace("start: 0", "start: 5")
    mechanics.write_text(text, "utf-8")
    with pytest.raises(RulesDataError) as caught:
        load_rules(book / "rules_data")
    got = [str(p) for p in caught.value.problems]
    lines = {name: number for number, name in enumerate(text.splitlines(), 1)}
    partial = next(n for line, n in lines.items() if "Partial success" in line)
    nerv = next(n for line, n in lines.items() if "1d6 + nerv" in line)
    start = lines["  start: 5"]
    soaked = next(n for n, line in enumerate(rules.read_text("utf-8").splitlines(), 1)
                  if "stres}" in line)
    assert got == [
        f"rules_data/heist/mechanics.yml:{partial}: entries[0].bands[1].when: only the last "
        "band may go without 'when' (it takes what the others leave)",
        f"rules_data/heist/mechanics.yml:{nerv}: entries[1].initiative.roll: unknown name "
        "'nerv' (the stats: edge, grit, guile, nerve)",
        f"rules_data/heist/mechanics.yml:{start}: entries[2].start: the start 5 is outside "
        "min -1 to max 3",
        f"rules_data/heist/rules.yml:{soaked}: entries[11].tracker.round_end.mark: 'stres' is "
        "not a track of the tracker (its tracks: harm, stress)",
    ]
