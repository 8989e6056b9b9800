"""Pendragon calculators against the quick reference's own statements and brute force.

The quick reference states one worked example (3 wounds, a -3 penalty); every other
number it gives (Difficulty 10 + damage, rally Difficulty 10, revive Difficulty
10 + total damage, death above 6 + Body) is checked at its boundaries here, and the
calculators are compared with a token-by-token simulation and with the formulas the
rules data shows on the page.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import calculators
from calculators import InputError, data
from calculators.books.pendragon import (
    CHECK_WOUNDS_CHOICES,
    MEET_CHOICES,
    SUBSTITUTION_CHOICES,
    TAKEN_CHOICES,
    TOTAL_CHOICES,
    compute_damage,
    wound_penalty,
)

DAMAGE_INPUTS = ("hit_points", "damage", "wounds", "incoming", "body")


def damage(**inputs: Any) -> dict[str, Any]:
    return calculators.run("pendragon.damage", inputs)


# ---------------------------------------------------------------------------
# The quick reference's own words
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("wounds", range(8))
def test_each_wound_is_a_cumulative_minus_one(wounds: int) -> None:
    # "Each wound token on a creature applies a cumulative -1 penalty to all checks"
    assert wound_penalty(wounds) == -wounds
    assert damage(wounds=wounds, incoming=0, damage=0, body=10)["check_penalty"] == -wounds


def test_worked_example_three_wounds_is_minus_three() -> None:
    # "so a creature that has taken 3 wounds suffers a -3 penalty."
    assert damage(hit_points=10, damage=0, wounds=3, incoming=0)["check_penalty"] == -3
    # ... whether the 3 wounds were there before or come from the damage just taken
    assert damage(hit_points=10, damage=10, wounds=0, incoming=3)["check_penalty"] == -3
    assert calculators.run("pendragon.check", {"result": 13, "wounds": 3})["total"] == 10


def test_damage_tokens_up_to_hit_points_then_wounds() -> None:
    # "place the appropriate number of Damage Tokens on that creature, up to a total number
    # of damage tokens equal to the creature's hit points. Any remaining damage is instead
    # converted to Wounds; place a number of Wound tokens on the creature equal to the
    # remaining damage from the effect."
    r = damage(hit_points=12, damage=9, wounds=1, incoming=7)
    assert (r["damage_after"], r["wounds_after"]) == (12, 5)
    r = damage(hit_points=12, damage=2, wounds=1, incoming=7)
    assert (r["damage_after"], r["wounds_after"]) == (9, 1)


def test_directly_applied_wounds_skip_the_damage_tokens() -> None:
    # "Some effects can also apply wounds directly."
    r = damage(hit_points=10, damage=0, wounds=0, incoming=0, direct_wounds=2)
    assert (r["damage_after"], r["wounds_after"], r["check_penalty"]) == (0, 2, -2)


@pytest.mark.parametrize("incoming", [1, 2, 5, 9])
def test_unconsciousness_difficulty_is_ten_plus_damage_just_taken(incoming: int) -> None:
    # "When a creature takes damage, if the total of its damage and wounds exceeds its hit
    # points, it must make an immediate Spirit check against a Difficulty of 10 + the amount
    # of damage just taken."
    r = damage(hit_points=10, damage=10, wounds=0, incoming=incoming, body=20)
    assert r["unconscious_check_dc"] == 10 + incoming


@pytest.mark.parametrize(
    ("hp", "dmg", "wounds", "incoming", "check"),
    [
        (10, 0, 0, 10, False),  # total 10 = hit points: does not exceed
        (10, 0, 0, 11, True),  # total 11 exceeds 10
        (10, 5, 0, 5, False),
        (10, 5, 0, 6, True),
        (10, 0, 3, 7, False),  # 7 tokens + 3 wounds = 10
        (10, 0, 3, 8, True),
        (10, 4, 0, 0, False),  # no damage taken, no check
    ],
)
def test_unconsciousness_check_only_when_total_exceeds_hit_points(
    hp: int, dmg: int, wounds: int, incoming: int, check: bool
) -> None:
    r = damage(hit_points=hp, damage=dmg, wounds=wounds, incoming=incoming, body=20)
    assert (r["unconscious_check_dc"] is not None) is check


def test_wounds_are_subtracted_from_the_unconsciousness_check() -> None:
    # "Remember to subtract the creature's wounds from the check result."
    r = damage(hit_points=10, damage=8, wounds=1, incoming=5, body=20)
    assert r["wounds_after"] == 4 and r["unconscious_check_dc"] == 15
    assert r["unconscious_check_penalty"] == -4
    assert r["unconscious_check_needs"] == 19


def test_rally_difficulty_is_ten() -> None:
    # "an unconscious creature can attempt to rally with a successful Spirit check
    # (Difficulty 10)."
    r = damage(hit_points=10, damage=8, wounds=0, incoming=4, body=5)
    assert r["rally_dc"] == 10
    assert r["rally_needs"] == 12  # 2 wounds subtracted: "a cumulative -1 penalty to all checks"


@pytest.mark.parametrize(("dmg", "incoming", "expected"), [(0, 0, 10), (3, 2, 15), (10, 4, 20)])
def test_revive_difficulty_is_ten_plus_total_damage(dmg: int, incoming: int, expected: int) -> None:
    # "An adjacent ally can attempt to revive a downed ally by making a successful Heal check
    # against a Difficulty equal to 10 + the creature's total damage."
    r = damage(hit_points=10, damage=dmg, wounds=0, incoming=incoming, body=5)
    assert r["revive_dc"] == expected


@pytest.mark.parametrize(
    ("body", "wounds", "dead"),
    [(0, 6, False), (0, 7, True), (2, 8, False), (2, 9, True), (5, 11, False), (5, 12, True)],
)
def test_death_when_wounds_exceed_six_plus_body(body: int, wounds: int, dead: bool) -> None:
    # "If a creature's wounds ever exceed 6 + the creature's Body score, the creature dies."
    r = damage(hit_points=10, damage=0, wounds=wounds, incoming=0, body=body)
    assert r["dead"] is dead
    assert r["death_threshold"] == 6 + body
    assert r["wounds_to_death"] == (None if dead else 7 + body - wounds)


def test_the_dead_cannot_rally_or_be_revived() -> None:
    # "Dead creatures cannot take any actions, even purely mental ones, and cannot rally or
    # be revived."
    r = damage(hit_points=10, damage=10, wounds=0, incoming=7, body=0)
    assert r["dead"] is True
    assert (r["rally_dc"], r["rally_needs"], r["revive_dc"]) == (None, None, None)
    assert r["unconscious_check_dc"] is None  # assumption pendragon.assume_dead_no_check


# ---------------------------------------------------------------------------
# Brute force: place the damage one token at a time
# ---------------------------------------------------------------------------


def token_by_token(hp: int, dmg: int, wounds: int, incoming: int) -> tuple[int, int]:
    for _ in range(incoming):
        if dmg < hp:
            dmg += 1
        else:
            wounds += 1
    return dmg, wounds


SMALL = [
    (hp, dmg, wounds, incoming)
    for hp, wounds, incoming in itertools.product(range(5), range(3), range(7))
    for dmg in range(hp + 1)
]


@pytest.mark.parametrize(("hp", "dmg", "wounds", "incoming"), SMALL)
def test_damage_matches_token_by_token_placement(
    hp: int, dmg: int, wounds: int, incoming: int
) -> None:
    r = damage(hit_points=hp, damage=dmg, wounds=wounds, incoming=incoming, body=1)
    after = token_by_token(hp, dmg, wounds, incoming)
    assert (r["damage_after"], r["wounds_after"]) == after
    assert r["check_penalty"] == -after[1]
    assert r["dead"] is (after[1] > 7)
    over = sum(after) > hp and incoming > 0 and not r["dead"]
    assert r["unconscious_check_dc"] == (10 + incoming if over else None)


# ---------------------------------------------------------------------------
# The formulas the page shows agree with the code (evaluated here, in the tests only)
# ---------------------------------------------------------------------------


def formula(entry_id: str) -> tuple[str, str]:
    name, _, expression = data.entry(entry_id)["expression"].partition(" = ")
    return name.strip(), expression


FORMULAS = [
    "pendragon.damage_after",
    "pendragon.wounds_after",
    "pendragon.check_penalty",
    "pendragon.death_threshold",
    "pendragon.unconscious_check_dc",
    "pendragon.rally_dc",
    "pendragon.revive_dc",
]


@pytest.mark.parametrize("entry_id", FORMULAS)
def test_page_formulas_agree_with_the_calculator(entry_id: str) -> None:
    name, expression = formula(entry_id)
    for hp, dmg, wounds, incoming in SMALL:
        for direct, body in ((0, 0), (2, 1)):
            values = dict(
                hit_points=hp, damage=dmg, wounds=wounds, incoming=incoming, direct_wounds=direct
            )
            result = damage(**values, body=body)
            scope = {**values, "body": body, **result}
            assert eval(expression, {"min": min, "max": max}, scope) == result[name], scope


def test_check_formula_agrees_with_the_check_calculator() -> None:
    name, expression = formula("pendragon.check_result")
    for result, wounds, difficulty in itertools.product(range(-2, 16), range(5), range(8, 13)):
        out = calculators.run(
            "pendragon.check", {"result": result, "wounds": wounds, "difficulty": difficulty}
        )
        scope = {"result": result, "difficulty": difficulty, **out}
        assert eval(expression, {}, scope) == out[name]


# ---------------------------------------------------------------------------
# Assumptions: declared inputs with the data's defaults; each reading does what it says
# ---------------------------------------------------------------------------

PENDRAGON = [c for c in calculators.catalog() if c["system"] == "pendragon"]


@pytest.mark.parametrize("calc", PENDRAGON, ids=[c["id"] for c in PENDRAGON])
def test_assumption_inputs_carry_the_data_defaults(calc: dict[str, Any]) -> None:
    for spec in calc["inputs"]:
        if spec["assumption"]:
            entry = data.entry(spec["assumption"])
            assert entry["kind"] == "assumption"
            assert spec["default"] == entry["default"]
            assert spec["assumption"] in calc["assumptions"]
            if spec["kind"] == "choice":
                assert spec["default"] in spec["choices"]
    for assumption in calc["assumptions"]:
        assert data.entry(assumption)["kind"] == "assumption"
    assert calc["rule"] and calc["rule"].startswith("pendragon.")


@pytest.mark.parametrize(
    ("choices", "assumption"),
    [
        (TOTAL_CHOICES, "pendragon.assume_total_after_damage"),
        (TAKEN_CHOICES, "pendragon.assume_damage_just_taken"),
        (CHECK_WOUNDS_CHOICES, "pendragon.assume_check_wounds"),
        (MEET_CHOICES, "pendragon.assume_meet_difficulty"),
        (SUBSTITUTION_CHOICES, "pendragon.assume_substitutions"),
    ],
)
def test_the_first_choice_is_the_assumption_default(
    choices: tuple[str, ...], assumption: str
) -> None:
    assert choices[0] == data.assumption_default(assumption)


def test_direct_wounds_call_for_the_check_only_when_assumed() -> None:
    base = {"hit_points": 10, "damage": 10, "wounds": 0, "incoming": 0, "direct_wounds": 2}
    assert damage(**base)["unconscious_check_dc"] is None
    assert damage(**base, direct_check=True)["unconscious_check_dc"] == 12
    both = {**base, "incoming": 3}
    assert damage(**both)["unconscious_check_dc"] == 13
    assert damage(**both, direct_check=True)["unconscious_check_dc"] == 15


def test_total_counted_before_the_damage() -> None:
    inputs = {"hit_points": 10, "damage": 8, "wounds": 0, "incoming": 5}
    assert damage(**inputs)["unconscious_check_dc"] == 15
    assert damage(**inputs, total_when="before")["unconscious_check_dc"] is None
    before = {**inputs, "wounds": 3}  # 8 tokens + 3 wounds already exceed 10
    assert damage(**before, total_when="before")["unconscious_check_dc"] == 15


def test_damage_just_taken_as_only_the_wounds() -> None:
    inputs = {"hit_points": 10, "damage": 8, "wounds": 0, "incoming": 5}
    assert damage(**inputs, just_taken="wounds")["unconscious_check_dc"] == 13


def test_unconsciousness_check_with_earlier_wounds_only() -> None:
    inputs = {"hit_points": 10, "damage": 8, "wounds": 1, "incoming": 5}
    r = damage(**inputs, check_wounds="wounds")
    assert (r["unconscious_check_penalty"], r["unconscious_check_needs"]) == (-1, 16)
    assert r["check_penalty"] == -4  # the wound penalty on other checks is unchanged


def test_meeting_or_beating_the_difficulty() -> None:
    inputs = {"hit_points": 10, "damage": 8, "wounds": 0, "incoming": 5}
    assert damage(**inputs)["unconscious_check_needs"] == 18
    assert damage(**inputs, meet="higher")["unconscious_check_needs"] == 19
    run = calculators.run
    assert run("pendragon.check", {"result": 10, "difficulty": 10})["success"] is True
    assert (
        run("pendragon.check", {"result": 10, "difficulty": 10, "meet": "higher"})["success"]
        is False
    )


def test_dead_creature_check_when_assumed_otherwise() -> None:
    inputs = {"hit_points": 10, "damage": 10, "wounds": 0, "incoming": 7}
    assert damage(**inputs)["unconscious_check_dc"] is None
    assert damage(**inputs, dead_no_check=False)["unconscious_check_dc"] == 17


def test_revive_with_wounds_counted() -> None:
    inputs = {"hit_points": 10, "damage": 10, "wounds": 0, "incoming": 3, "body": 2}
    assert damage(**inputs)["revive_dc"] == 20
    assert damage(**inputs, revive_wounds=True)["revive_dc"] == 23


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


def test_more_damage_tokens_than_hit_points_is_an_input_error() -> None:
    # "up to a total number of damage tokens equal to the creature's hit points"
    with pytest.raises(InputError) as caught:
        damage(hit_points=5, damage=6)
    assert caught.value.field == "damage"


@pytest.mark.parametrize("name", DAMAGE_INPUTS)
def test_negative_counts_are_input_errors(name: str) -> None:
    with pytest.raises(InputError) as caught:
        damage(**{name: -1})
    assert caught.value.field == name


def test_direct_compute_call_checks_damage_too() -> None:
    with pytest.raises(InputError):
        compute_damage(3, 4, 0, 0, 0)


# ---------------------------------------------------------------------------
# Initiative order
# ---------------------------------------------------------------------------


def initiative(text: str) -> dict[str, Any]:
    return calculators.run("pendragon.initiative", {"participants": text})


def test_initiative_highest_first() -> None:
    # "each participant acts once in order of their Initiative results, highest to lowest."
    r = initiative("Orc 7 9; Arthur 15 1; Gawain 11 2")
    assert [line.split(" (")[0] for line in r["order"]] == ["1. Arthur", "2. Gawain", "3. Orc"]
    assert r["first"] == "Arthur" and r["ties"] == []


def test_initiative_ties_go_to_higher_spirit() -> None:
    # "In the case of a tie, the participant with the higher Spirit score acts first"
    r = initiative("Arthur 15 4; Morgan 15 5")
    assert r["first"] == "Morgan" and r["ties"] == []


def test_full_ties_are_left_to_rock_paper_scissors() -> None:
    # "if the Spirit scores are also tied, play a round of rock-paper-scissors, and the
    # winning player's character acts first."
    r = initiative("Arthur 15 4; Gawain 15 4; Kay 15 4; Bors 3 0")
    assert r["order"][0].startswith("1–3. Arthur, Gawain and Kay")
    assert r["order"][1].startswith("4. Bors")
    assert len(r["ties"]) == 1 and "rock-paper-scissors" in r["ties"][0]


@pytest.mark.parametrize("people", list(itertools.permutations(["A 3 1", "B 3 2", "C 4 0"])))
def test_initiative_order_does_not_depend_on_listing_order(people: tuple[str, ...]) -> None:
    assert initiative("; ".join(people))["order"] == [
        "1. C (Initiative 4, Spirit 0)",
        "2. B (Initiative 3, Spirit 2)",
        "3. A (Initiative 3, Spirit 1)",
    ]


def test_initiative_accepts_negative_results_and_unicode_minus() -> None:
    r = initiative("Arthur −2 3\nKay -1 0")
    assert r["first"] == "Kay"


@pytest.mark.parametrize("text", ["Arthur", "Arthur 15", ";;", "Arthur x 4", "15 4 Arthur"])
def test_unreadable_participants_are_input_errors(text: str) -> None:
    with pytest.raises(InputError) as caught:
        initiative(text)
    assert caught.value.field == "participants"


# ---------------------------------------------------------------------------
# Actions in a Turn: every whole Turn, one case per reading of the substitutions
# ---------------------------------------------------------------------------

WHOLE_TURNS = {
    "either": {
        "1 full-round action",
        "1 standard action + 1 move action + 1 minor action",
        "2 move actions + 1 minor action",
        "1 standard action + 2 minor actions",
    },
}
WHOLE_TURNS["both"] = WHOLE_TURNS["either"] | {"1 move action + 2 minor actions"}
WHOLE_TURNS["chain"] = WHOLE_TURNS["both"] | {"3 minor actions"}


def brute_turn_allowed(standard: int, move: int, minor: int, reading: str) -> bool:
    """Whether the actions are a sub-multiset of some whole Turn of ``reading``."""
    for turn in WHOLE_TURNS[reading] - {"1 full-round action"}:
        counts = {"standard": 0, "move": 0, "minor": 0}
        for part in turn.split(" + "):
            n, kind, _ = part.split(" ")
            counts[kind] = int(n)
        if standard <= counts["standard"] and move <= counts["move"] and minor <= counts["minor"]:
            return True
    return False


@pytest.mark.parametrize("reading", SUBSTITUTION_CHOICES)
def test_whole_turns_per_reading(reading: str) -> None:
    r = calculators.run("pendragon.turn", {"substitutions": reading})
    assert set(r["options"]) == WHOLE_TURNS[reading]


@pytest.mark.parametrize("reading", SUBSTITUTION_CHOICES)
def test_turns_match_brute_force(reading: str) -> None:
    for standard, move, minor in itertools.product(range(4), repeat=3):
        r = calculators.run(
            "pendragon.turn",
            {"standard": standard, "move": move, "minor": minor, "substitutions": reading},
        )
        assert r["allowed"] is brute_turn_allowed(standard, move, minor, reading), (
            standard,
            move,
            minor,
        )
        assert (r["problems"] == []) is r["allowed"]


def test_full_round_action_takes_the_whole_turn() -> None:
    # "a participant may take either a single full-round action, or a standard action, a
    # move action, and a minor action."
    run = calculators.run
    none = {"standard": 0, "move": 0, "minor": 0}
    assert run("pendragon.turn", {"full_round": 1, **none})["allowed"] is True
    assert run("pendragon.turn", {"full_round": 1, **none, "minor": 1})["allowed"] is False
    assert run("pendragon.turn", {"full_round": 2, **none})["allowed"] is False


def test_one_instant_action_each_round() -> None:
    # "a creature can only take a single Instant action each round"
    run = calculators.run
    assert run("pendragon.turn", {"instant": 1})["allowed"] is True
    r = run("pendragon.turn", {"instant": 2})
    assert r["allowed"] is False and "single Instant action" in r["problems"][0]


def test_choosing_not_to_act_is_allowed() -> None:
    # "and may choose not to take all of the actions available in a given Turn."
    r = calculators.run("pendragon.turn", {"standard": 0, "move": 0, "minor": 0})
    assert r["allowed"] is True
