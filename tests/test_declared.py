"""Calculators declared in rules_data: pinned answers, the build's checks, the registry.

``tests/data/declared_cases.json`` was recorded from the Python versions of these
calculators while both versions existed (``record()`` in the history of
``tests/test_declared_equivalence.py``, which compared them over hypothesis-drawn inputs):
each case is raw inputs and the answer the Python version gave (outputs without the
breakdown, or the field it refused).
"""

from __future__ import annotations

import dataclasses
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

import calculators
from calculators import InputError, declared
from calculators.data import declared as declared_data
from calculators.registry import REGISTRY
from macros.load.errors import RulesDataError
from macros.load.loader import load_rules
from tests.test_loader import GOOD_ENTRY, SEED, write

CASES = json.loads((Path(__file__).parent / "data" / "declared_cases.json").read_text("utf-8"))
MOVED = sorted({case["id"] for case in CASES})


def answer(calc_id: str, raw: dict[str, Any]) -> dict[str, Any]:
    try:
        result = calculators.run(calc_id, raw)
    except InputError as error:
        return {"error": error.field}
    return {k: v for k, v in result.items() if k != "breakdown"}


HAND = ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard")


def test_every_book_calculator_comes_from_rules_data() -> None:
    calcs = REGISTRY.all().values()
    assert all(c.extra.get("declared") for c in calcs if c.system in HAND)
    # Those written as formulas (an imported book may add its own); the rest name Python.
    formulas = [
        c.id for c in calcs if c.system in HAND and "compute" not in declared_data(c.system)[c.id]
    ]
    assert sorted(formulas) == MOVED


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['id']}:{json.dumps(c['inputs'])}")
def test_the_answers_the_python_versions_gave(case: dict[str, Any]) -> None:
    assert answer(case["id"], case["inputs"]) == case["expected"]


def test_the_worked_examples() -> None:
    # "it would cost a creature 3 spaces of Movement to Climb up a 1 Height Obstacle"
    assert calculators.run("shattered_spirits.climb", {"elevation": 1})["movement"] == 3
    # "a creature that has taken 3 wounds suffers a -3 penalty"
    check = calculators.run("pendragon.check", {"result": 12, "wounds": 3, "difficulty": 10})
    assert (check["total"], check["check_penalty"], check["success"]) == (9, -3, False)
    assert calculators.run("arts.incapacity", {"load": 3})["p_incapacitated"] == "5/12"


def test_a_seeded_roll_shows_its_dice_and_the_breakdown_follows_it() -> None:
    rolled = calculators.run("glittershard.fall", {"units": 3, "seed": 7})
    assert len(rolled["rolled"]) == 3 and rolled["damage"] == sum(rolled["rolled"])
    assert rolled["distribution"] == [[rolled["damage"], "1/1"]]
    faces = ", ".join(map(str, rolled["rolled"]))
    assert f"Rolled {faces} = {rolled['damage']}" in rolled["breakdown"]
    exact = calculators.run("glittershard.fall", {"units": 3})
    assert exact["damage"] is None and exact["rolled"] is None
    assert not any(line.startswith("Rolled") for line in exact["breakdown"])


def test_breakdown_lines_follow_their_when() -> None:
    paid = calculators.run("shattered_spirits.fall", {"elevation": 4, "paid": True})["breakdown"]
    assert "3 Reflex paid: no Crush Damage" in paid
    free = calculators.run("shattered_spirits.fall", {"elevation": 1})["breakdown"]
    assert "Paying 0 Reflex counts as paying: no Crush Damage" in free
    assert not any("Reflex paid" in line for line in free)


def test_given_dice_of_the_wrong_number_are_refused_at_the_field() -> None:
    with pytest.raises(InputError) as caught:
        calculators.run("glittershard.fall", {"units": 2, "rolls": "3"})
    assert caught.value.field == "rolls"
    assert caught.value.message == "Dice rolled: the roll needs 2 dice; got 1."


def test_an_id_python_registers_cannot_be_declared_again() -> None:
    from calculators.declare import CALC
    from calculators.registry import Registry

    registry = Registry()
    registry.add(dataclasses.replace(CALC, id="arts.incapacity"))  # an author's REGISTRY.add
    with pytest.raises(ValueError, match="'arts.incapacity' is declared in rules_data and also"):
        registry.add_declared("arts")


# -- the build refuses a broken declaration, every problem at its line ---------------------

CALCULATOR = f"""\
  - kind: calculator
    id: demo.fatigue
    name: Fatigue check
    source: {{file: {SEED}, heading: Combat}}
    rule: demo.fatigue
    roll: 2d6
    inputs:
    - name: load
      kind: int
      label: Fatigue carried
      default: 1
      min: 0
    - name: reading
      kind: choice
      label: Ties
      choices: [lose, win]
      values: {{lose: 0, win: 1}}
      default: lose
    let:
      needed: 10 - load + reading
    outputs:
    - name: p_down
      label: Falls down
      kind: fraction
      value: 2d6 + load > 10 - reading
    - name: down
      label: Falls down on the roll
      kind: bool
      value: roll >= needed
    breakdown:
    - Needs {{needed}} or more on 2d6
    - text: 'Rolled {{roll}}: {{down}}'
      when: roll >= 2
"""


def test_a_good_declaration_loads_and_is_exported_apart_from_the_entries(tmp_path: Path) -> None:
    from macros.load.export import calculator_data, core_data

    data = load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + CALCULATOR))
    assert data.entries["demo.fatigue"].kind == "term"  # the same id: a calculator's own
    assert data.calculators["demo.fatigue"].kind == "calculator"
    assert [e.id for e in data.systems["demo"].page("rules").entries] == ["demo.fatigue"]
    exported = calculator_data(data, "demo")["demo.fatigue"]
    assert "demo.fatigue" not in [k for k, v in core_data(data, "demo").items() if v.get("roll")]
    calc = declared.build(exported)
    result = calc.compute(load=3, reading="win", seed=None)
    assert result["p_down"] == "7/12" and result["down"] is None
    assert result["breakdown"] == ["Needs 8 or more on 2d6"]


def test_every_problem_of_a_declaration_is_listed_at_its_line(tmp_path: Path) -> None:
    broken = (
        CALCULATOR.replace("10 - load + reading", "10 - lode")
        .replace("value: roll >= needed", "value: roll + 2d6")
        .replace("values: {lose: 0, win: 1}", "values: {lose: 0}")
        .replace("value: 2d6 + load > 10 - reading", "value: 2d6 +")
        .replace("Needs {needed}", "Needs {needed.real}")
        .replace("rule: demo.fatigue", "rule: demo.nothing")
    )
    with pytest.raises(RulesDataError) as caught:
        load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + broken))
    file = "rules_data/demo/rules.yml"
    assert [str(p) for p in caught.value.problems] == [
        f"{file}:12: entries[1].rule: no entry with id 'demo.nothing'",
        f"{file}:24: entries[1].inputs[1].values: give exactly one whole number for each choice",
        f"{file}:27: entries[1].let.needed: unknown name 'lode' at 6 (names here: load, "
        "reading, roll)",
        f"{file}:32: entries[1].outputs[0].value: expected a number, a name, dice or '(' at 6",
        f"{file}:36: entries[1].outputs[1].value: this value is one number: no dice here (use "
        "'roll' for the calculator's roll)",
        f"{file}:37: entries[1].breakdown[0]: unknown name {{needed.real}} (names here: down, "
        "load, needed, p_down, reading, roll, rolled)",
    ]


def test_a_wrong_field_type_in_an_input_is_listed_at_its_line(tmp_path: Path) -> None:
    broken = CALCULATOR.replace("kind: int\n      label: Fatigue", "kind: float\n      label: F")
    with pytest.raises(RulesDataError) as caught:
        load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + broken))
    assert [str(p) for p in caught.value.problems] == [
        "rules_data/demo/rules.yml:16: entries[1].inputs[0].kind: must be one of int, bool, "
        "choice, dice, text; got 'float'"
    ]


def test_the_guides_calculator_builds_and_answers() -> None:
    """The calculator written in YAML of the guide's "Adding a book by hand"."""
    import yaml

    readme = (Path(__file__).parents[1] / "docs" / "guide" / "adding-a-book.md").read_text("utf-8")
    block = readme.split("```yaml\n- kind: calculator\n", 1)[1].split("```", 1)[0]
    entry = yaml.safe_load(textwrap.dedent("- kind: calculator\n" + block))[0]
    combat = Path(__file__).parents[1] / "rules_data" / "arts" / "combat.yml"
    real = yaml.safe_load(combat.read_text("utf-8"))["entries"]
    assert [e for e in real if e["id"] == entry["id"]] == [entry]  # as combat.yml declares it
    assert declared.problems(entry, lambda ref: None) == []
    calc = declared.build(entry)
    values = {i.name: i.default for i in calc.inputs} | {"seed": None}
    result = calc.compute(**values)
    assert set(result) >= {o.name for o in calc.outputs}
