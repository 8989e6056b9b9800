"""The five books' trackers are declared in rules data: rules, the add form, settings,
limits, actions, examples and what each tracker does with the rules it does not cite all
come from a ``tracker`` entry; the books' Python keeps only the handlers and hooks."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from calculators.tracker.declaration import declaration
from tests.test_loader import SEED, problems, write

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard")
SPEC = ("Rule", "Field", "Action", "Limit")


@pytest.mark.parametrize("book", BOOKS)
def test_each_tracker_applies_what_its_data_declares(book: str) -> None:
    module = importlib.import_module(f"calculators.books.{book}.tracker")
    declared = declaration(book)
    assert module.TITLE == declared.title
    assert tuple(module.RULES) == declared.rules
    assert (module.INITIATIVE_RULE, module.ORDER_RULE) == (
        declared.initiative_rule, declared.order_rule)
    assert tuple(module.CREATURE) == declared.creature
    assert tuple(module.STORED) == declared.stored
    assert tuple(module.SETTINGS) == declared.settings
    assert tuple(module.LIMITS) == declared.limits
    assert tuple(module.EXAMPLES) == declared.examples
    assert tuple(module.ASSUMPTIONS) == declared.assumptions
    assert tuple(module.OTHER[: len(declared.other)]) == declared.other
    ops = [action.op for action in module.ACTIONS]
    assert ops == [action.op for action in declared.actions]
    assert set(ops) <= set(module.HANDLERS)


def _constructed(path: Path) -> list[str]:
    """Where ``path`` calls a tracker declaration's constructor (``Rule(...)`` ...)."""
    tree = ast.parse(path.read_text("utf-8"))
    return [
        f"{path.relative_to(ROOT)}:{node.lineno}: {node.func.id}(...)"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id in SPEC
    ]


def test_no_tracker_rule_action_or_field_is_declared_in_python() -> None:
    found = [
        where for path in sorted((ROOT / "calculators" / "books").rglob("*.py"))
        for where in _constructed(path)
    ]
    assert found == []


def test_the_check_sees_a_constructor() -> None:
    assert _constructed(ROOT / "calculators" / "tracker" / "encounter.py")


TRACKER = f"""\
page: {{title: Rules}}
entries:
  - kind: term
    id: demo.fatigue
    name: Fatigue
    text: A point of tiredness.
    source: {{file: {SEED}, heading: Combat}}
  - kind: tracker
    id: demo.tracker
    name: Demo
    rule: demo.fatigue
    order_rule: demo.rounds
    rules:
      - {{id: demo.rounds, name: Rounds, entry: demo.fatigue, does: Everyone acts.}}
      - {{id: demo.rounds, name: Harm, entry: demo.nowhere, does: Harm hurts.}}
    actions:
      - {{op: hit, label: Hit, scope: creature, rule: demo.harm}}
      - {{op: hit, label: Hit again, scope: creature, rule: demo.rounds}}
    other:
      - {{does: Left to the GM., entries: [demo.gone]}}
    source: {{file: {SEED}, heading: Combat}}
"""


def test_a_broken_tracker_declaration_stops_the_build_at_its_lines(tmp_path: Path) -> None:
    assert problems(write(tmp_path, TRACKER)) == [
        "rules_data/demo/rules.yml:15: entries[1].rules[1].entry: "
        "no entry with id 'demo.nowhere'",
        "rules_data/demo/rules.yml:15: entries[1].rules[1].id: 'demo.rounds' names two "
        "rules: give each rule its own id",
        "rules_data/demo/rules.yml:17: entries[1].actions[0].rule: 'demo.harm' is not among "
        "the tracker's rules (demo.rounds)",
        "rules_data/demo/rules.yml:18: entries[1].actions[1].op: two actions do 'hit': give "
        "each action its own op",
        "rules_data/demo/rules.yml:20: entries[1].other[0].entries: "
        "no entry with id 'demo.gone'",
    ]
