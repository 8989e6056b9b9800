"""The builders' core (issue #10): state validation by path, steps, level-ups, rolled stats."""

from __future__ import annotations

import json

import pytest

from calculators import InputError
from calculators.books.arts import builder as arts
from calculators.books.glittershard import builder as glittershard
from calculators.builders import handle


@pytest.mark.parametrize(
    ("patch", "field"),
    [
        ({"version": 2}, "version"),
        ({"system": "pendragon"}, "system"),
        ({"level": 13}, "level"),
        ({"points": {"phy": -1}}, "points.phy"),
        ({"points": {"luck": 1}}, "points.luck"),
        ({"abilities": [{"name": "Bash"}, {"name": "Bash"}]}, "abilities[1].name"),
        (
            {"abilities": [{"name": "Bash"}, {"name": "Relay"}, {"name": "Pivot", "tier": "x"}]},
            "abilities[2].tier",
        ),
        ({"abilities": "Bash"}, "abilities"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_arts_hand_edited_character_names_the_field(patch: dict, field: str) -> None:
    with pytest.raises(InputError) as error:
        arts.validate({**arts.blank(), **patch})
    assert error.value.field == field


def test_arts_book_example_steps() -> None:
    sheet = arts.evaluate(arts.example())
    status = {s["id"]: s["status"] for s in sheet["steps"]}
    assert status["general"] == status["specific"] == status["combat"] == "done"
    assert status["abilities"] == "done" and status["utility"] == "open"
    values = {v["label"]: v for v in sheet["values"]}
    assert values["Bladecraft"]["value"] == 3
    assert "half of REF 1, rounded down" in values["Bladecraft"]["breakdown"]


def test_arts_overspent_pool_is_a_problem_quoting_the_rule() -> None:
    character = arts.example()
    character["points"]["cog"] = 1
    (step,) = [s for s in arts.evaluate(character)["steps"] if s["id"] == "general"]
    assert step["status"] == "problem"
    assert step["problems"][0]["rule"] == "arts.character_creation"
    assert "1 General Attribute points" in step["problems"][0]["quote"]


def test_arts_level_up_walks_the_table_to_12() -> None:
    character = arts.blank()
    gained = []
    while character["level"] < 12:
        character, events = arts.level_up(character)
        gained.append([e["step"] for e in events])
    assert gained[0] == ["combat", "utility", "abilities"]  # level 2: +1 to an Art
    assert gained[1] == ["specific"]  # level 3
    assert gained[3] == ["general"]  # level 5
    with pytest.raises(InputError):
        arts.level_up(character)


def test_glittershard_blank_is_not_ready_and_example_is() -> None:
    assert glittershard.evaluate(glittershard.blank())["ready"] is False
    assert glittershard.evaluate(glittershard.example())["ready"] is True


def test_glittershard_rolled_stats_replay_from_the_seed_with_one_tweak() -> None:
    character, _ = glittershard.roll_stats({**glittershard.blank(), "method": "restricted"}, 42)
    assert glittershard.evaluate(character)["steps"][0]["status"] == "done"
    keys = list(character["stats"])
    tweaked = json.loads(json.dumps(character))
    tweaked["stats"][keys[0]] += 1
    tweaked["stats"][keys[1]] -= 1
    assert glittershard.evaluate(tweaked)["steps"][0]["status"] == "done"
    tweaked["stats"][keys[2]] += 1
    assert glittershard.evaluate(tweaked)["steps"][0]["status"] == "problem"


def test_glittershard_level_up_opens_the_row_choices() -> None:
    character = glittershard.example()
    for _ in range(4):
        character, events = glittershard.level_up(character)
    assert character["advances"]["5"] == {"skill_point": "", "training": ""}
    sheet = glittershard.evaluate(character)
    assert not sheet["ready"] and "Level-ups" in sheet["unresolved"]


def test_glittershard_three_trainings_break_the_rule() -> None:
    character = {**glittershard.example(), "training": ["Stealth", "Search", "Perform"]}
    (step,) = [s for s in glittershard.evaluate(character)["steps"] if s["id"] == "training"]
    assert step["status"] == "problem"


def test_every_problem_quote_is_the_rulebooks_words() -> None:
    # sheet.quote raises if a quote is not in its entry: make every problem appear.
    bad_arts = {
        **arts.example(),
        "abilities": [{"name": "Chokehold", "tier": 1}, {"name": "Riposte", "tier": 5}],
    }
    bad_arts["points"] = {**bad_arts["points"], "phy": 3, "mig": 4, "kineticism": 9, "craft": 9}
    problems = [p for s in arts.evaluate(bad_arts)["steps"] for p in s["problems"]]
    assert len(problems) >= 6
    for method in ("array", "allotment", "restricted", "unrestricted"):
        bad = {
            **glittershard.example(),
            "method": method,
            "seed": 1,
            "training": ["Stealth", "Search", "Perform"],
            "gear": {"items": "", "carried_weight": 500, "bag_capacity": 0},
        }
        bad["stats"] = {**bad["stats"], "bwn": 9}
        problems = [p for s in glittershard.evaluate(bad)["steps"] for p in s["problems"]]
        assert len(problems) >= 3, method


def test_the_worker_entry_point_answers_json() -> None:
    answer = handle(
        {
            "op": "form",
            "system": "glittershard",
            "form": {**glittershard.to_form(glittershard.example()), "weapons.0.stat": "luck"},
        }
    )
    assert answer == {
        "ok": False,
        "error": {
            "field": "weapons.0.stat",
            "message": "Stat must be one of bwn, nim, lm, dm, wit; got 'luck'.",
        },
    }
