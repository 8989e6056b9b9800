"""The rules are data: every calculator of the five books is declared in ``rules_data/``.

A calculator whose rule a formula cannot say names its Python with ``compute:
module.function`` (checked when the data loads, at its line); a ``let`` that rolls dice is
a named roll, read by several outputs with exact joint odds; a formula that rolls the same
dice term twice where one roll is meant is warned about at its line.
"""

from __future__ import annotations

import itertools
import json
import logging
import re
from fractions import Fraction
from pathlib import Path

import pytest

import calculators
from calculators import declared
from macros.load.errors import RulesDataError
from macros.load.loader import load_rules
from tests.test_loader import GOOD_ENTRY, SEED, write

ROOT = Path(__file__).parents[1]
BEFORE = json.loads((ROOT / "tests" / "data" / "catalog_0.2.json").read_text("utf-8"))
"""The catalog of 0.2.0 (4472d2d), when 38 of its calculators were declared in Python."""


@pytest.mark.parametrize("before", BEFORE, ids=lambda c: c["id"])
def test_the_catalog_is_the_one_0_2_published(before: dict[str, object]) -> None:
    """Ids, titles, inputs (names, kinds, defaults, limits, choices), outputs, rules and
    assumptions: the public contract did not move when the declarations did."""
    now = {c["id"]: c for c in calculators.catalog()}
    assert now.get(before["id"]) == before


PYTHON_DECLARATION = (
    r"\bCalculator\(|REGISTRY\.add\(|\b(int|bool|choice|text|dice|assumption)_input\("
)


def test_no_book_declares_a_calculator_in_python() -> None:
    books = ROOT / "calculators" / "books"
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(books.rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(PYTHON_DECLARATION, line)
    ]
    assert found == []


# -- compute: module.function, checked at load time -------------------------------------

COMPUTED = f"""\
  - kind: calculator
    id: demo.turn
    name: Turn
    source: {{file: {SEED}, heading: Combat}}
    rule: demo.fatigue
    compute: turn.plan
    inputs:
    - name: moves
      kind: int
      label: Moves
      default: 1
    outputs:
    - name: allowed
      label: Allowed
      kind: bool
      value: moves <= 1
    - name: plan
      label: Plan
      kind: list
"""


def test_a_compute_that_names_nothing_is_refused_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError) as caught:
        load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + COMPUTED))
    file = "rules_data/demo/rules.yml"
    assert [str(p) for p in caught.value.problems] == [
        f"{file}:13: entries[1].compute: the book 'demo' has no module 'turn' "
        "(calculators/books/demo/turn.py)",
        f"{file}:23: entries[1].outputs[0].value: the 'compute' function gives this output: "
        "no 'value'",
    ]


def test_a_list_output_needs_a_compute_function(tmp_path: Path) -> None:
    formula = COMPUTED.replace("    compute: turn.plan\n", "").replace(
        "      kind: list\n", "      kind: list\n      value: moves\n"
    )
    with pytest.raises(RulesDataError) as caught:
        load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + formula))
    assert [str(p) for p in caught.value.problems] == [
        "rules_data/demo/rules.yml:25: entries[1].outputs[1].kind: only a 'compute' function "
        "gives a 'list'"
    ]


TURN: dict[str, object] = {
    "id": "pendragon.turn_demo",
    "kind": "calculator",
    "name": "Actions in a Turn",
    "rule": "pendragon.instant_actions",
    "compute": "turn.compute_turn",
    "inputs": [
        {"name": "full_round", "kind": "int", "label": "Full-round actions", "default": 0,
         "min": 0, "max": 5},
        {"name": "standard", "kind": "int", "label": "Standard actions", "default": 1},
        {"name": "move", "kind": "int", "label": "Move actions", "default": 1},
        {"name": "minor", "kind": "int", "label": "Minor actions", "default": 1},
        {"name": "instant", "kind": "int", "label": "Instant actions", "default": 0},
        {"name": "substitutions", "kind": "choice", "label": "Substitutions",
         "choices": ["both", "either", "chain"], "default": "both"},
    ],
    "outputs": [
        {"name": "allowed", "label": "Allowed", "kind": "bool"},
        {"name": "problems", "label": "Problems", "kind": "list"},
    ],
}
"""A declaration whose outputs a book's Python function gives (``compute``)."""


def test_a_compute_entry_builds_the_books_function() -> None:
    calc = declared.build(TURN)
    assert calc.compute.__module__ == "calculators.books.pendragon.turn"
    values = {i.name: i.default for i in calc.inputs}
    assert calc.compute(**values)["allowed"] is True


# -- named rolls: one roll, several outputs, exact joint odds ----------------------------

BANDS = {
    "id": "demo.move",
    "kind": "calculator",
    "name": "A move",
    "rule": "demo.move",
    "inputs": [
        {"name": "edge", "kind": "int", "label": "Edge", "default": 0, "min": -3, "max": 4},
    ],
    "let": {"total": "2d6 + edge"},
    "outputs": [
        {"name": "full", "label": "10+", "kind": "fraction", "value": "total >= 10"},
        {"name": "partial", "label": "7-9", "kind": "fraction",
         "value": "if(total >= 10, 0, total >= 7)"},
        {"name": "miss", "label": "6-", "kind": "fraction", "value": "total <= 6"},
        {"name": "bands", "label": "Band", "kind": "distribution",
         "value": "(total >= 7) + (total >= 10)"},
        {"name": "mean", "label": "Mean", "kind": "number", "stat": "mean", "value": "total"},
    ],
}


def brute(edge: int) -> dict[str, Fraction]:
    """Every pair of faces, counted."""
    totals = [a + b + edge for a, b in itertools.product(range(1, 7), repeat=2)]
    return {
        "full": Fraction(sum(t >= 10 for t in totals), 36),
        "partial": Fraction(sum(7 <= t < 10 for t in totals), 36),
        "miss": Fraction(sum(t <= 6 for t in totals), 36),
    }


@pytest.mark.parametrize("edge", [-3, -1, 0, 1, 2, 4])
def test_a_named_roll_gives_every_band_of_one_roll(edge: int) -> None:
    assert declared.problems(BANDS, lambda _: None) == []
    result = declared.build(BANDS).compute(edge=edge, seed=None)
    expected = brute(edge)
    for band in ("full", "partial", "miss"):
        assert Fraction(result[band]) == expected[band], band
    assert sum(Fraction(result[b]) for b in ("full", "partial", "miss")) == 1
    assert dict((k, Fraction(v)) for k, v in result["bands"]) == {
        k: v for k, v in {0: expected["miss"], 1: expected["partial"], 2: expected["full"]}.items()
        if v
    }
    assert result["mean"] == 7 + edge


def test_the_unnamed_formula_is_the_wrong_one_and_is_warned_about() -> None:
    """The issue's trap: two 2d6 terms are two rolls (52.2% instead of 44.4% at Edge +1)."""
    wrong = {**BANDS, "let": {}, "outputs": [
        {"name": "partial", "label": "7-9", "kind": "fraction",
         "value": "if(2d6 + edge >= 10, 0, 2d6 + edge >= 7)"},
    ]}
    result = declared.build(wrong).compute(edge=1, seed=None)
    assert Fraction(result["partial"]) == Fraction(26, 36) * Fraction(26, 36)  # 52.2%
    assert brute(1)["partial"] == Fraction(4, 9)  # 44.4%, what the named roll gives
    named = declared.build(BANDS).compute(edge=1, seed=None)
    assert Fraction(named["partial"]) == Fraction(4, 9)
    assert [w[0] for w in declared.warnings(wrong)] == ["outputs[0].value"]
    assert declared.warnings(BANDS) == []


def test_a_named_roll_reads_the_calculators_roll_when_it_is_known() -> None:
    margin = {"name": "margin", "label": "Margin", "kind": "int", "value": "total - 10"}
    entry = {**BANDS, "roll": "2d6", "let": {"total": "roll + edge"},
             "inputs": [*BANDS["inputs"], {"name": "dice", "kind": "dice", "label": "Dice",
                                           "max": 6}],
             "outputs": [*BANDS["outputs"], margin]}
    assert declared.problems(entry, lambda _: None) == []
    calc = declared.build(entry)
    odds = calc.compute(edge=1, dice=None, seed=None)
    assert Fraction(odds["full"]) == brute(1)["full"] and odds["margin"] is None
    rolled = calc.compute(edge=1, dice=[4, 5], seed=None)
    assert rolled["margin"] == 0 and Fraction(rolled["full"]) == 1


def test_a_fixed_output_of_a_roll_with_its_own_dice_is_refused() -> None:
    entry = {**BANDS, "outputs": [
        {"name": "margin", "label": "Margin", "kind": "int", "value": "total - 10"}]}
    assert declared.problems(entry, lambda _: None) == [
        ("outputs[0].value", "this value is one number, but 'total' rolls its own dice: ask "
                             "for its odds (fraction, distribution or a mean)"),
    ]


def test_the_build_warns_at_the_line_of_a_twice_rolled_term(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    twice = f"""\
  - kind: calculator
    id: demo.move
    name: A move
    source: {{file: {SEED}, heading: Combat}}
    rule: demo.fatigue
    inputs:
    - name: edge
      kind: int
      label: Edge
      default: 0
    outputs:
    - name: partial
      label: 7-9
      kind: fraction
      value: if(2d6 + edge >= 10, 0, 2d6 + edge >= 7)
"""
    with caplog.at_level(logging.WARNING):
        load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + twice))
    assert any(
        r.getMessage().startswith("rules_data/demo/rules.yml:22: entries[1].outputs[0].value: "
                                  "'2d6' is rolled 2 times here")
        for r in caplog.records
    ), [r.getMessage() for r in caplog.records]


def test_a_tracker_missing_a_hook_is_named_when_it_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tracker contract is checked, not read with getattr in a distant action."""
    import types

    import calculators.tracker as tracker
    from calculators.tracker.contract import missing

    whole = tracker.engine("pendragon")
    partial = types.ModuleType("calculators.books.pendragon.tracker_without_turn_end")
    partial.__dict__.update({k: v for k, v in vars(whole).items()
                             if k != "turn_end" and not k.startswith("__")})
    assert missing(partial) == ["turn_end (turn_end(ctx, cid))"]
    # engine() refuses it when it loads (the module global it finds books through, replaced)
    found = types.SimpleNamespace(import_part=lambda book, part="": partial)
    monkeypatch.setattr(tracker, "books", found)
    with pytest.raises(TypeError, match=r"lacks turn_end \(turn_end\(ctx, cid\)\)"):
        tracker.engine("pendragon")
