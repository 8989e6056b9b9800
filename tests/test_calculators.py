"""The calculator contract of calculators/README.md; only InputError escapes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import calculators
from calculators import InputError

CONTRACT = Path(__file__).resolve().parents[1] / "calculators" / "README.md"
NAME = re.compile(r"`([a-z][a-z0-9_]*)`")


def required() -> list[tuple[str, list[str], list[str]]]:
    """(id, input names, output names) for every row of the contract's tables."""
    rows = []
    text = CONTRACT.read_text(encoding="utf-8").split("\n## Planned additions", 1)[0]
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"`[a-z_]+\.[a-z_0-9]+`", cells[0]):
            rows.append((cells[0].strip("`"), NAME.findall(cells[1]), NAME.findall(cells[2])))
    return rows


REQUIRED = required()
IDS = [c["id"] for c in calculators.catalog()]


def test_contract_is_parsed() -> None:
    assert len(REQUIRED) >= 16


@pytest.mark.parametrize(("calc_id", "inputs", "outputs"), REQUIRED, ids=[r[0] for r in REQUIRED])
def test_required_calculator_declares_its_names(
    calc_id: str, inputs: list[str], outputs: list[str]
) -> None:
    assert calc_id in IDS, f"{calc_id} is not in the catalog"
    declared = {c["id"]: c for c in calculators.catalog()}[calc_id]
    declared_inputs = {i["name"] for i in declared["inputs"]} | (
        {"seed"} if declared["rolls"] else set()
    )
    declared_outputs = {o["name"] for o in declared["outputs"]}
    assert set(inputs) - declared_inputs == set()
    assert set(outputs) - declared_outputs == set()
    result = calculators.run(calc_id, {})
    assert set(outputs) <= set(result), f"missing outputs {set(outputs) - set(result)}"
    json.dumps(result)


@pytest.mark.parametrize("calc_id", IDS)
def test_catalog_entries_are_json_and_defaults_run(calc_id: str) -> None:
    declaration = {c["id"]: c for c in calculators.catalog()}[calc_id]
    json.dumps(declaration)
    result = calculators.run(calc_id, {})
    assert {o["name"] for o in declaration["outputs"]} <= set(result)


@pytest.mark.parametrize("calc_id", [c["id"] for c in calculators.catalog() if c["rolls"]])
def test_a_seed_replays_the_same_roll(calc_id: str) -> None:
    first = calculators.run(calc_id, {"seed": "12345"})
    assert first == calculators.run(calc_id, {"seed": 12345})
    assert first.get("rolled") is not None


def test_unknown_calculator_and_input_are_input_errors() -> None:
    with pytest.raises(InputError) as caught:
        calculators.run("nope.nothing", {})
    assert caught.value.field == "id"
    with pytest.raises(InputError) as caught:
        calculators.run(IDS[0], {"not_an_input": 1})
    assert caught.value.field == "not_an_input"


@pytest.mark.parametrize("text", ["true", "1", "yes", "on", "TRUE", " Yes "])
def test_booleans_accept_the_contract_spellings(text: str) -> None:
    from calculators.declare import Input
    from calculators.inputs import parse_bool

    assert parse_bool(Input("b", "bool", "B", False), text) is True


RAW = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["", "0", "-1", "3", "18", "2,5,6", "yes", "x<y>"]),
    st.lists(st.integers(-3, 30), max_size=6),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(calc_id=st.sampled_from(IDS), data=st.data())
def test_run_on_random_input_answers_or_raises_input_error(
    calc_id: str, data: st.DataObject
) -> None:
    declaration = {c["id"]: c for c in calculators.catalog()}[calc_id]
    names = [i["name"] for i in declaration["inputs"]] + ["seed", "bogus"]
    chosen = data.draw(st.lists(st.sampled_from(names), max_size=5, unique=True))
    inputs = {name: data.draw(RAW) for name in chosen}
    try:
        result = calculators.run(calc_id, inputs)
    except InputError as error:
        assert error.field and error.message
    else:
        json.dumps(result)
