"""Glittershard's End calculators against the rulebook's examples, tables and brute force."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations, product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calculators
from calculators import InputError, data
from calculators.books import glittershard as gs
from macros.load.loader import load_rules

ROOT = Path(__file__).resolve().parents[1]
GLITTERSHARD = [c for c in calculators.catalog() if c["system"] == "glittershard"]


def run(calc: str, **inputs: object) -> dict:
    return calculators.run(f"glittershard.{calc}", inputs)


def dist(pairs: list[list]) -> dict[int, Fraction]:
    return {o: Fraction(p) for o, p in pairs}


# -- declarations --------------------------------------------------------------------------


def test_every_rule_and_assumption_is_an_entry_and_defaults_come_from_data() -> None:
    rules = load_rules(ROOT / "rules_data")
    for calc in GLITTERSHARD:
        assert calc["rule"] in rules.entries, calc["id"]
        for assumption in calc["assumptions"]:
            assert rules.entries[assumption].kind == "assumption"
        for spec in calc["inputs"]:
            if spec["assumption"]:
                assert spec["assumption"] in calc["assumptions"], (calc["id"], spec["name"])
                assert spec["default"] == data.assumption_default(spec["assumption"])


def test_the_contract_example_call() -> None:
    # CALCULATORS.md: calculators.run("glittershard.damage",
    #                 {"attack_roll": "18", "weapon_bonus": 2, "goal": 12})
    result = calculators.run(
        "glittershard.damage", {"attack_roll": "18", "weapon_bonus": 2, "goal": 12}
    )
    assert result["damage"] == 8
    assert result["distribution"] == [[8, "1/1"]]


# -- the rulebook's worked examples ------------------------------------------------------------


def test_magical_healing_example_15_loses_7_and_gains_15() -> None:
    # "For example, if a spell does 15 points of healing, but the target has used their
    # recovery points, they lose seven health but gain 15 magical health."
    r = run("healing", health=20, max_health=20, healing=15, recovery_points=0)
    assert r["health_lost"] == 7
    assert r["magical_health"] == 15
    assert r["health_after"] == 13
    # "It's a next gain": 13 health + 15 magical health is more than the 20 before.
    assert r["effective_health"] == 28 > 20


def test_magical_healing_burns_a_recovery_point() -> None:
    # "When you get healed by Magical healing, it burns a magical recovery point."
    r = run("healing", health=10, max_health=20, healing=15, recovery_points=3)
    assert (r["health_lost"], r["recovery_points_after"], r["magical_health"]) == (0, 2, 15)


def test_four_bolts_take_four_rolls_in_forty_minutes() -> None:
    # "crafting four bolts from wood (10 minutes each) requires four rolls, but only takes
    # forty minutes" -- each bolt is a task of its own (assumption glittershard.task_rolls).
    bolts = [run("task", minutes=10) for _ in range(4)]
    assert sum(b["rolls_needed"] for b in bolts) == 4
    assert sum(b["time_minutes"] for b in bolts) == 40


def test_two_hour_oil_painting_takes_two_rolls_added_and_divided_by_two() -> None:
    # "a two hour oil painting takes two rolls and the result of each is added and divided
    # by the two hours for an end result."
    r = run("task", skill=2, minutes=120, rolls="55,86")
    assert r["rolls_needed"] == 2
    assert r["score_exact"] == "141/2"  # (55 + 86) / 2, Average adds 0
    assert r["quality"] == "Acceptable"  # 70.5 is in 61 - 70 (fractions count down)


def test_trained_average_painter_gets_the_intermediate_bonus() -> None:
    # "Being trained in a task adds a skill level, E.G. an average painter that's been
    # trained gets the intermediate bonus"
    r = run("task", skill=2, trained=True)
    assert (r["label"], r["modifier"]) == ("Intermediate", 15)


def test_an_average_person_is_a_beginner() -> None:
    # "If picking an average creature, it will have a "0" score in most areas. Note that an
    # average person is "Beginner" at most tasks."
    assert (run("task", skill=0)["label"], run("task", skill=0)["modifier"]) == ("Beginner", -30)
    skills = run("character", **dict.fromkeys(gs.STAT_KEYS, 0), method="rolled")["skills"]
    assert set(skills.values()) == {0}


def test_time_is_rounded_up_to_the_hour_but_not_the_task_time() -> None:
    # "Time is rounded up to the nearest hour, but this does not affect actual task time."
    r = run("task", minutes=61)
    assert (r["rolls_needed"], r["time_minutes"]) == (2, 61)


def test_haste_changes_quality_and_time() -> None:
    # Rushed: quality * 0.75, time * 0.5; Methodical: quality * 1.25, time * 1.50.
    rushed = run("task", minutes=240, haste="rushed", rolls="80,80")
    assert (rushed["time_minutes"], rushed["rolls_needed"], rushed["score"]) == (120, 2, 60)
    slow = run("task", minutes=60, haste="methodical", rolls="80,80")
    assert (slow["time_minutes"], slow["rolls_needed"], slow["score"]) == (90, 2, 100)


def test_complex_damage_runs_from_1_to_double_simple() -> None:
    # "This allows for anywhere between 1 damage and double what simple allows for."
    for simple in (1, 3, 8, 25):
        r = run("damage", attack_roll=12 + simple, goal=12, mode="complex")
        outcomes = [o for o, _ in r["distribution"]]
        assert (min(outcomes), max(outcomes)) == (1, 2 * simple)


def test_complex_damage_divides_by_100_doubles_and_rounds_up() -> None:
    # "Divide this value by 100 and multiply by two, then round up to the nearest whole number."
    assert run("damage", attack_roll=19, goal=12, mode="complex", percentile=33)["damage"] == 5
    assert run("damage", attack_roll=19, goal=12, mode="complex", percentile=50)["damage"] == 7
    assert run("damage", attack_roll=19, goal=12, mode="complex", percentile=100)["damage"] == 14


def test_resistances_reduce_and_weaknesses_increase_damage() -> None:
    # "A resistance reduces incoming damage of a type, and a weakness increases damage of that
    # type. Immunity is considered a resistance of infinity."
    assert run("damage", attack_roll=20, goal=12, resistances=3)["damage"] == 5
    assert run("damage", attack_roll=20, goal=12, weaknesses=3)["damage"] == 11
    assert run("damage", attack_roll=20, goal=12, immune=True)["damage"] == 0
    # The Damage paragraph's literal "add weaknessess and resistances", as an alternative.
    assert run("damage", attack_roll=20, goal=12, resistances=3, resist="add")["damage"] == 11
    assert run("damage", attack_roll=10, goal=12)["damage"] == 0  # never below 0


def test_ties_go_to_the_initiator() -> None:
    # "Higher values beat lower values. Ties go to the initiator."
    r = run("d6_check", goal=12, rolls="4,4,4")
    assert r["result"]["success"] and r["result"]["margin"] == 0
    r = run("d6_check", rolls="2,3,4", opposing_rolls="3,6")
    assert r["result"]["success"] and r["result"]["outcome"] == "success"


def test_below_five_is_a_critical_failure_unless_the_goal_is_met() -> None:
    # "If an initiator rolls below five (5), the roll is a critical failure unless the goal
    # value is met or exceeded."
    assert run("d6_check", goal=5, rolls="1,1,2")["result"]["outcome"] == "critical failure"
    assert run("d6_check", goal=4, rolls="1,1,2")["result"]["outcome"] == "success"
    assert run("d6_check", goal=6, rolls="1,2,2")["result"]["outcome"] == "failure"


def test_basics_of_how_many_dice_are_used() -> None:
    # "3 d6 base / For every +2 in the relevant stat, add 1d6 / If trained in task, add 2 d6 /
    # item bonuses / Circumstantial bonuses/penalties"
    assert run("d6_check")["dice"] == 3
    assert run("d6_check", stat=4)["dice"] == 5
    assert run("d6_check", stat=3, trained=True)["dice"] == 6
    assert run("d6_check", item_dice=2, circumstance_dice=-1)["dice"] == 4
    # "past that the user suffers a 2 die penalty to hit their target" (Item ranges)
    assert run("d6_check", circumstance_dice=-2)["dice"] == 1


def test_bound_escape_is_a_pool_against_a_pool_with_a_2d6_penalty() -> None:
    # "To break a bind, Bwn d6 check vs Bwn d6 check. Person trying to escape has a 2d6
    # penalty for being bound."
    r = run("d6_check", stat=2, circumstance_dice=-2, opposing_dice=4)
    assert r["dice"] == 2
    assert Fraction(r["p_success"]) == brute_pool_vs_pool(2, 4)[0]


def test_hostile_listeners_get_plus_15() -> None:
    # "If they are hostile, they get an additional level (+15) to resist"
    neutral = run("conversation", judgement=2)
    hostile = run("conversation", judgement=2, attitude="hostile")
    assert (neutral["target_modifier"], hostile["target_modifier"]) == (0, 15)
    assert run("conversation", attitude="friendly")["p_success"] == neutral_default()


def neutral_default() -> str:
    return run("conversation")["p_success"]


def test_turn_order_ties_go_to_the_higher_nimbleness_then_a_d10_each() -> None:
    # "Ties are solved first by higher Nimbleness score, then a secondary roll of a d10 each
    # if those are equal."
    r = run("turn_order", participants="Bandit 1 9; Aria 3 7")
    assert r["order"] == ["1. Aria: Nim 3 + d10 7 = 10", "2. Bandit: Nim 1 + d10 9 = 10"]
    r = run("turn_order", participants="Aria 3 7; Cat 3 7")
    assert r["order"] and r["ties"] == [
        "Aria and Cat tie at 10 with Nim 3: each rolls a d10, highest first (again if equal)"
    ]
    seeded = run("turn_order", participants="Aria 3 7; Cat 3 7", seed=4)
    first, second = seeded["rolled"]["secondary: Aria and Cat"]
    assert first != second
    assert seeded["order"][0].startswith("1. Aria" if first > second else "1. Cat")


def test_offensive_action_trades_for_six_units_and_three_units_for_a_trivial_action() -> None:
    # "One Offensive action can be traded for six more units of movement, and three units of
    # movement can be traded for one Trivial action."
    r = run("movement", speed=6, trade_offensive=True, extra_trivial=2, walking=6)
    assert (r["units"], r["units_used"], r["units_left"]) == (12, 12, 0)
    assert (r["offensive_actions"], r["trivial_actions"], r["allowed"]) == (0, 3, True)
    r = run("movement", speed=6, walking=7)
    assert r["problems"] == ["The turn uses 7 units of movement but only 6 are available."]


def test_default_speed_is_6_units_for_a_medium_creature() -> None:
    # "Default is 6 units for a medium creature, but this can change."
    c = run("character", **dict.fromkeys(gs.STAT_KEYS, 0), method="rolled")
    assert c["speed"] == 6


def test_natural_healing_is_25_percent_of_max_health_each_long_rest() -> None:
    # "Naturally, a creature heals up at 25% of their max health value each long rest."
    assert run("natural_healing", health=0, max_health=40, long_rests=2)["health_after"] == 20
    assert run("natural_healing", health=0, max_health=22)["per_rest"] == 5
    assert run("natural_healing", health=18, max_health=20)["health_after"] == 20


def test_fall_damage_is_1d6_per_unit() -> None:
    # "When something falls, it takes 1d6 damage per unit fallen."
    assert dist(run("fall", units=3)["distribution"]) == brute_sum(3, 6)
    assert run("fall", units=2, rolls="6,4")["damage"] == 10


def test_standard_array_adds_up_to_12() -> None:
    # "one +4, one +3, two +2's, two 1's, one +0, and a -1" and "the average cumulative score
    # for all of this methods is +12"
    values = [
        row["Value"]
        for row in data.table("glittershard.standard_array")
        for _ in range(row["Number of stats"])
    ]
    assert sorted(values) == [-1, 0, 1, 1, 2, 2, 3, 4]
    assert sum(values) == 12


@pytest.mark.parametrize("order", list(permutations([4, 3, 2, 2, 1, 1, 0, -1]))[::997])
def test_any_assignment_of_the_standard_array_is_valid(order: tuple[int, ...]) -> None:
    stats = dict(zip(gs.STAT_KEYS, order, strict=True))
    assert run("character", method="array", **stats)["problems"] == []


def test_standard_array_problems_name_what_is_wrong() -> None:
    stats = dict(zip(gs.STAT_KEYS, [4, 4, 2, 2, 1, 1, 0, -1], strict=True))
    problems = run("character", method="array", **stats)["problems"]
    assert problems == [
        "The Standard Array is +4, +3, +2, +2, +1, +1, +0, −1, one value for each stat; "
        "missing +3, extra +4."
    ]


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        # "Start with all stats at 0. From a pool of 12 points"
        ([4, 3, 2, 2, 1, 0, 0, 0], []),
        ([4, 4, 2, 1, 1, 0, 0, 0], ["Only one stat can be +4 under the Standard Allotment"]),
        ([5, 3, 2, 1, 1, 0, 0, 0], ["No stat can be above +4 under the Standard Allotment"]),
        # "You can lower a stat below zero. Only one stat can be -2 OR two stats can be -1."
        ([4, 4, 3, 3, 0, 0, -2, 0], ["Only one stat can be +4"]),
        ([4, 3, 3, 2, 2, 0, -1, -1], []),
        ([4, 3, 3, 3, 2, 0, -2, -1], ["Only one stat can be −2 OR two stats can be −1"]),
        ([4, 3, 3, 3, 2, 2, -2, -3], ["No stat can be below −2"]),
        ([4, 3, 3, 2, 2, 1, 0, -3], ["No stat can be below −2"]),
        ([3, 3, 3, 2, 0, 0, 0, 0], ["The stats add up to +11"]),
    ],
)
def test_standard_allotment_limits(values: list[int], expected: list[str]) -> None:
    stats = dict(zip(gs.STAT_KEYS, values, strict=True))
    problems = run("character", method="allotment", **stats)["problems"]
    assert len(problems) == len(expected), problems
    for problem, start in zip(problems, expected, strict=True):
        assert problem.startswith(start)


def test_rolled_stats_come_from_1d6_minus_2_with_one_tweak() -> None:
    # "Roll 8d6. Subtract 2 from all dice rolls ... One tweak is allowed, raising a stat by one
    # point by reducing another by one point." "(1d6-2), assign as indicated."
    fine = dict(zip(gs.STAT_KEYS, [5, 2, 2, 1, 1, 0, -2, 3], strict=True))
    assert run("character", method="rolled", **fine)["problems"] == []
    two_tweaks = dict(zip(gs.STAT_KEYS, [5, 5, 2, 1, 1, 0, -1, -1], strict=True))
    problems = run("character", method="rolled", **two_tweaks)["problems"]
    assert len(problems) == 1 and "Bwn, Nim cannot come from that" in problems[0]


def test_rolled_totals_outside_8_to_16_are_flagged_for_the_gm() -> None:
    # "Anything lower than +8 or 9 or higher than a +15 or +16 may be considered to under- or
    # overpowered. If judged as such, re-roll stats."
    low = run("character", method="rolled", **dict.fromkeys(gs.STAT_KEYS, 0))["problems"]
    assert low == [
        "The rolled stats add up to +0, below +8: the GM may judge them underpowered and have "
        "them re-rolled."
    ]
    high = run("character", method="rolled", **dict.fromkeys(gs.STAT_KEYS, 3))["problems"]
    assert "above +16" in high[0]
    assert run("character", method="rolled", **dict.fromkeys(gs.STAT_KEYS, 1))["problems"] == []


# -- the Math formulas ---------------------------------------------------------------------------


def character(**inputs: object) -> dict:
    base = dict.fromkeys(gs.STAT_KEYS, 0)
    base.update(inputs)  # type: ignore[arg-type]
    base.setdefault("method", "rolled")
    base.setdefault("rolled_low", -20)
    return run("character", **base)


def test_armor_value() -> None:
    # "(Base Armor value (10) + Hea + Str + Armor Bonus + Shield bonus)", Str meaning Brawn.
    assert character(hea=2, bwn=3, armor_bonus=4, shield_bonus=1)["armor_value"] == 20


def test_dodge() -> None:
    # "(base dodge (20) - size penalty - armor penalty - (weight penalty/2 rounded down) +
    # (Nim bonus * 2))"
    c = character(nim=3, armor_penalty=2, carried_weight=60, size="large")
    # weight penalty (60 - 30) / 10 = 3, halved and rounded down = 1; Large -6
    assert c["weight_penalty"] == 3
    assert c["dodge"] == 20 - 6 - 2 - 1 + 6


def test_speed() -> None:
    # "(6 + Nim + racial speed bonus - size penalty - weight penalty)"
    c = character(nim=2, racial_speed_bonus=1, size="towering", carried_weight=50)
    assert c["speed"] == 6 + 2 + 1 - 1 - 2


def test_magic_stamina_is_three_times_the_highest_of_lm_dm_wit() -> None:
    # "(LM * 3) Or (DM * 3) Or (Wit * 3), whichever is highest."
    assert character(lm=1, dm=3, wit=2)["magic_stamina"] == 9
    assert character(lm=-1, dm=-2, wit=0)["magic_stamina"] == 0


@pytest.mark.parametrize(
    ("hea", "level", "expected"),
    [
        # "level 1: Race base health + (3 * Hea(min 0))."
        (2, 1, 10 + 6),
        (-1, 1, 10),
        # "Subsequent: Prev max health + (Hea(min 0) + creature level/2 rounded up)."
        (2, 2, 16 + 2 + 1),
        (2, 3, 16 + 3 + 4),
        (2, 4, 16 + 3 + 4 + 4),
        (0, 5, 10 + 1 + 2 + 2 + 3),
    ],
)
def test_max_health(hea: int, level: int, expected: int) -> None:
    assert character(hea=hea, level=level, race_health=10)["max_health"] == expected


def test_max_carry_weight_is_the_lower_of_brawn_and_bags() -> None:
    # "(base weight (30) + (10 * Brawn)) or 5 + sum of bag carrying caps, whichever is lower."
    assert character(bwn=2, bag_capacity=100)["max_carry_weight"] == 50
    assert character(bwn=2, bag_capacity=20)["max_carry_weight"] == 25
    assert character(bwn=2)["max_carry_weight"] == 5


@pytest.mark.parametrize(
    ("carried", "bwn", "expected"),
    [(0, 0, 0), (30, 0, 0), (34, 0, 0), (35, 0, 1), (44, 0, 1), (45, 0, 2), (80, 1, 4)],
)
def test_weight_penalty_rounds_to_the_nearest(carried: int, bwn: int, expected: int) -> None:
    # "(Total carried weight - (base weight (30) + (10 * Brawn))) / 10 rounded to nearest
    # integer." (halves up, never below 0: assumption glittershard.weight_penalty_rounding)
    assert character(carried_weight=carried, bwn=bwn)["weight_penalty"] == expected


@pytest.mark.parametrize(("level", "extra"), [(1, 0), (4, 0), (5, 1), (9, 1), (10, 2), (20, 4)])
def test_magical_recovery_points(level: int, extra: int) -> None:
    # "Hea stat + 2. Gain an additional point every five levels."
    assert character(hea=1, level=level)["magical_recovery_points"] == 3 + extra


def test_skill_values_with_training_and_two_stats() -> None:
    # "(Stat value + training) Or if two base skills, ((base value 1 + base value 2)/2 +
    # training)"; "If the training is for a skill, the skill rank is moved up by 1."
    c = character(sur=3, cha=2, nim=2, carried_weight=45, trained_skills="judgement, stealth")
    assert c["skills"]["Animal Handling"] == 2  # (3 + 2)/2 rounded down
    assert c["skills"]["Judgement"] == 3  # + 1 trained
    assert c["skills"]["Stealth"] == 2 - 2 + 1  # Nim - weight penalty + trained


def test_stat_bonuses_apply_before_the_formulas() -> None:
    # "From the race page, find racial bonuses and add them to the Stats."
    c = run("character", bonuses="Nim +1, Hea +2")
    assert (c["stats"]["Nim"], c["stats"]["Hea"]) == (3, 5)
    assert c["problems"] == []  # the Standard Array is checked before bonuses


# -- one case per table row ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "label", "modifier"),
    [
        (-2, "Hopeless", -60),
        (-1, "Uninitiated", -45),
        (0, "Beginner", -30),
        (1, "Novice", -15),
        (2, "Average", 0),
        (3, "Intermediate", 15),
        (4, "Advanced", 30),
        (5, "Professional", 45),
        (6, "Master", 60),
        (9, "Master", 60),  # "6+"
        (-4, "Hopeless", -60),  # assumption glittershard.skill_value_range
    ],
)
def test_skill_modifier_table(value: int, label: str, modifier: int) -> None:
    r = run("task", skill=value, minutes=60)
    assert (r["label"], r["modifier"]) == (label, modifier)


@pytest.mark.parametrize(
    ("low", "high", "quality"),
    [
        (0, 10, "Unacceptable"),
        (11, 20, "Shoddy"),
        (21, 40, "Poor"),
        (41, 60, "Barely Acceptable"),
        (61, 70, "Acceptable"),
        (71, 80, "Good"),
        (81, 90, "Very Good"),
        (91, 100, "Great"),
        (101, 140, "Excellent"),
        (141, 160, "Masterwork"),
    ],
)
def test_quality_table(low: int, high: int, quality: str) -> None:
    # Hopeless (-60) rolls 1..100 for -59..40, Average (+0) 1..100, Master (+60) 61..160.
    for score in (low, high):
        if score <= 40:
            skill, roll = -2, score + 60
        elif score <= 100:
            skill, roll = 2, score
        else:
            skill, roll = 6, score - 60
        assert run("task", skill=skill, minutes=60, rolls=str(roll))["quality"] == quality


@pytest.mark.parametrize(
    ("haste", "quality", "time"),
    [("rushed", Fraction(3, 4), Fraction(1, 2)), ("methodical", Fraction(5, 4), Fraction(3, 2))],
)
def test_haste_table(haste: str, quality: Fraction, time: Fraction) -> None:
    r = run("task", minutes=600, haste=haste, rolls=",".join(["40"] * math.ceil(10 * time)))
    assert Fraction(r["score_exact"]) == 40 * quality
    assert r["time_minutes"] == 600 * time


@pytest.mark.parametrize(
    ("difficulty", "goal"),
    [
        ("trivial", 5),
        ("easy", 10),
        ("novice", 15),
        ("intermediate", 20),
        ("advanced", 25),
        ("expert", 30),
        ("professional", 35),
        ("master", 40),
        ("impossible", 45),
    ],
)
def test_difficulty_table(difficulty: str, goal: int) -> None:
    r = run("d6_check", stat=6, difficulty=difficulty)
    assert Fraction(r["p_success"]) == brute_pool_vs_goal(6, goal)[0]


@pytest.mark.parametrize(
    ("size", "dodge_penalty", "speed_adjustment"),
    [
        ("mini", 0, 1),
        ("small", 2, 1),
        ("medium", 4, 0),
        ("large", 6, 0),
        ("towering", 8, -1),
        ("immense", 10, -2),
    ],
)
def test_size_table(size: str, dodge_penalty: int, speed_adjustment: int) -> None:
    c = character(size=size)
    assert c["dodge"] == 20 - dodge_penalty
    assert c["speed"] == 6 + speed_adjustment


@pytest.mark.parametrize(
    ("action", "cost"),
    [
        ("walking", 1),
        ("flying", 1),
        ("burrowing", 1),
        ("climbing", 2),
        ("crawling", 2),
        ("grabbing_an_item", 3),
        ("kicking_away_an_item", 2),
        ("going_prone", 1),
        ("standing_up", 3),
        ("loading_a_bolt_into_a_large_crossbow", 3),
    ],
)
def test_movement_cost_table(action: str, cost: int) -> None:
    inputs = {"walking": 0, action: 2}
    assert calculators.run("glittershard.movement", inputs)["units_used"] == 2 * cost


SKILL_ROWS = [
    ("Animal Handling", ("sur", "cha")),
    ("Artistry", ("nim",)),
    ("Book - Biology", ("wit",)),
    ("Book - Enchanting", ("wit",)),
    ("Book - Force", ("wit",)),
    ("Book - Illusion", ("wit",)),
    ("Book - Spatial", ("wit",)),
    ("Brute force", ("bwn",)),
    ("Dark - Cold", ("dm",)),
    ("Dark - Fire", ("dm",)),
    ("Dark - Lightning", ("dm",)),
    ("Dark - Necrosis", ("dm",)),
    ("Dark - Resurrection", ("dm",)),
    ("Deception", ("nim", "cha")),
    ("Exploration", ("sur",)),
    ("Freerunning", ("bwn", "nim")),
    ("Judgement", ("cha", "sur")),
    ("Light - Air", ("lm",)),
    ("Light - Earth", ("lm",)),
    ("Light - Health", ("lm",)),
    ("Light - Nature", ("lm",)),
    ("Light - Water", ("lm",)),
    ("Lockpicking", ("nim",)),
    ("Perform", ("cha", "lm")),
    ("Poison resist", ("hea",)),
    ("Search", ("sur",)),
    ("Speechcraft", ("cha",)),
    ("Stamina", ("hea",)),
    ("Stealth", ("nim",)),
    ("Street Smarts", ("sur",)),
    ("Wilderness", ("sur",)),
]


@pytest.mark.parametrize(("skill", "keys"), SKILL_ROWS, ids=[r[0] for r in SKILL_ROWS])
def test_skills_table(skill: str, keys: tuple[str, ...]) -> None:
    stats = {key: 3 if key in keys else 0 for key in gs.STAT_KEYS}
    if len(keys) == 2:
        stats[keys[1]] = 0  # (3 + 0)/2 rounded down = 1
    c = character(**stats)
    assert c["skills"][skill] == (1 if len(keys) == 2 else 3)
    assert character(**stats, trained_skills=skill)["skills"][skill] == c["skills"][skill] + 1


def test_every_skill_of_the_table_is_tested() -> None:
    assert [r[0] for r in SKILL_ROWS] == [
        r["Name"] for r in data.table("glittershard.skills_table")
    ]


LEVEL_ROWS = [
    # (level, trainings, stat increases, skill points, class perks) -- cumulative
    (1, 2, 0, 0, 0),
    (2, 2, 1, 0, 0),
    (3, 2, 1, 1, 0),
    (4, 2, 1, 1, 1),
    (5, 3, 1, 2, 1),
    (6, 3, 2, 2, 1),
    (7, 3, 2, 3, 1),
    (8, 3, 2, 3, 2),
    (9, 3, 2, 4, 2),
    (10, 4, 3, 4, 2),
    (11, 4, 3, 5, 2),
    (12, 4, 3, 5, 3),
    (13, 4, 3, 6, 3),
    (14, 4, 4, 6, 3),
    (15, 5, 4, 7, 3),
    (16, 5, 4, 7, 4),
    (17, 5, 4, 8, 4),
    (18, 5, 5, 8, 4),
    (19, 5, 5, 9, 4),
    (20, 6, 5, 9, 5),
]


@pytest.mark.parametrize(("level", "trainings", "stats", "points", "perks"), LEVEL_ROWS)
def test_level_table(level: int, trainings: int, stats: int, points: int, perks: int) -> None:
    assert list(character(level=level)["level_perks"].values()) == [
        trainings,
        stats,
        points,
        perks,
    ]


@pytest.mark.parametrize(
    ("constant", "value"),
    [
        ("Base armor value", 10),
        ("Base dodge", 20),
        ("Base weight (kg)", 30),
        ("Weight per point of Brawn (kg)", 10),
        ("Weight carried without bags (kg)", 5),
        ("Weight per point of weight penalty (kg)", 10),
        ("Magic stamina per point of LM, DM or Wit", 3),
        ("Health per point of Hea at level 1", 3),
        ("Recovery points on top of Hea", 2),
        ("Levels for each additional recovery point", 5),
        ("Base speed (units)", 6),
        ("Sides of the stat die", 6),
        ("Subtracted from each stat roll", 2),
    ],
)
def test_formula_constants_match_the_math_section(constant: str, value: int) -> None:
    assert gs.constant(constant) == value
    math_text = " ".join(
        e["text"] for e in data.system_data("glittershard").values() if e["kind"] == "formula"
    )
    assert str(value) in math_text


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Bwn", "bwn"),
        ("Brawn", "bwn"),
        ("Str", "bwn"),
        ("Nim", "nim"),
        ("Dex", "nim"),
        ("Hea", "hea"),
        ("Cha", "cha"),
        ("Wit", "wit"),
        ("Sur", "sur"),
        ("LM", "lm"),
        ("Dark Magic", "dm"),
    ],
)
def test_stats_table_names(text: str, key: str) -> None:
    assert gs.stat_key(text) == key


# -- brute force -----------------------------------------------------------------------------


def brute_sum(n: int, sides: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for faces in product(range(1, sides + 1), repeat=n):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    return {k: Fraction(v, sides**n) for k, v in sorted(counts.items())}


def brute_pool_vs_goal(n: int, goal: int) -> tuple[Fraction, Fraction]:
    wins = crits = 0
    for faces in product(range(1, 7), repeat=n):
        total = sum(faces)
        wins += total >= goal
        crits += total < 5 and total < goal
    return Fraction(wins, 6**n), Fraction(crits, 6**n)


def brute_pool_vs_pool(n: int, m: int) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    wins = crits = 0
    margins: dict[int, int] = {}
    totals_m = [sum(f) for f in product(range(1, 7), repeat=m)]
    for faces in product(range(1, 7), repeat=n):
        total = sum(faces)
        for other in totals_m:
            wins += total >= other
            crits += total < 5 and total < other
            margins[total - other] = margins.get(total - other, 0) + 1
    space = 6 ** (n + m)
    return (
        Fraction(wins, space),
        Fraction(crits, space),
        {k: Fraction(v, space) for k, v in sorted(margins.items())},
    )


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
@pytest.mark.parametrize("goal", [0, 3, 4, 5, 6, 10, 14, 25])
def test_d6_check_against_a_goal_matches_brute_force(dice: int, goal: int) -> None:
    r = run("d6_check", circumstance_dice=dice - 3, goal=goal)
    assert r["dice"] == dice
    win, crit = brute_pool_vs_goal(dice, goal)
    assert (Fraction(r["p_success"]), Fraction(r["p_critical_failure"])) == (win, crit)
    assert dist(r["distribution"]) == {t - goal: p for t, p in brute_sum(dice, 6).items()}


@pytest.mark.parametrize(("dice", "opposing"), [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3), (2, 4)])
def test_d6_check_against_a_pool_matches_brute_force(dice: int, opposing: int) -> None:
    r = run("d6_check", circumstance_dice=dice - 3, opposing_dice=opposing)
    win, crit, margins = brute_pool_vs_pool(dice, opposing)
    assert Fraction(r["p_success"]) == win
    assert Fraction(r["p_critical_failure"]) == crit
    assert dist(r["distribution"]) == margins


QUALITY = [
    (0, "Unacceptable"),
    (11, "Shoddy"),
    (21, "Poor"),
    (41, "Barely Acceptable"),
    (61, "Acceptable"),
    (71, "Good"),
    (81, "Very Good"),
    (91, "Great"),
    (101, "Excellent"),
    (141, "Masterwork"),
]


def brute_quality(score: Fraction) -> str:
    whole = math.floor(score)
    return [q for low, q in QUALITY if whole >= low][-1] if whole >= 0 else "Unacceptable"


@pytest.mark.parametrize(
    ("skill", "minutes", "haste", "factor"),
    [
        (2, 60, "normal", Fraction(1)),
        (4, 120, "rushed", Fraction(3, 4)),
        (-1, 120, "normal", Fraction(1)),
        (6, 80, "methodical", Fraction(5, 4)),
    ],
)
def test_task_quality_odds_match_brute_force(
    skill: int, minutes: int, haste: str, factor: Fraction
) -> None:
    r = run("task", skill=skill, minutes=minutes, haste=haste)
    n, modifier = r["rolls_needed"], r["modifier"]
    counts: dict[str, int] = {}
    scores: dict[int, int] = {}
    for rolls in product(range(1, 101), repeat=n):
        score = Fraction(sum(x + modifier for x in rolls), n) * factor
        counts[brute_quality(score)] = counts.get(brute_quality(score), 0) + 1
        scores[math.floor(score)] = scores.get(math.floor(score), 0) + 1
    expected = {q: Fraction(counts.get(q, 0), 100**n) for q in r["quality_odds"]}
    assert {q: Fraction(p) for q, p in r["quality_odds"].items()} == expected
    assert dist(r["distribution"]) == {k: Fraction(v, 100**n) for k, v in sorted(scores.items())}


def test_complex_damage_distribution_matches_each_percentile() -> None:
    r = run("damage", attack_roll=21, weapon_bonus=1, goal=12, mode="complex")
    counts: dict[int, int] = {}
    for p in range(1, 101):
        damage = run(
            "damage", attack_roll=21, weapon_bonus=1, goal=12, mode="complex", percentile=p
        )
        counts[damage["damage"]] = counts.get(damage["damage"], 0) + 1
    assert dist(r["distribution"]) == {k: Fraction(v, 100) for k, v in sorted(counts.items())}


@pytest.mark.parametrize(
    "people", [[("A", 0), ("B", 0)], [("A", 3), ("B", 1), ("C", 3)], [("A", 2), ("B", 0), ("C", 1)]]
)
def test_turn_order_odds_match_brute_force(people: list[tuple[str, int]]) -> None:
    text = "; ".join(f"{name} {nim}" for name, nim in people)
    r = run("turn_order", participants=text)
    wins = {name: Fraction(0) for name, _ in people}
    space = 10 ** len(people)
    for rolls in product(range(1, 11), repeat=len(people)):
        keys = [(nim + roll, nim) for (_, nim), roll in zip(people, rolls, strict=True)]
        best = max(keys)
        tied = [name for (name, _), key in zip(people, keys, strict=True) if key == best]
        for name in tied:  # the secondary d10s pick one of them, each equally likely
            wins[name] += Fraction(1, space * len(tied))
    assert {k: Fraction(v) for k, v in r["p_first"].items()} == wins


def test_conversation_matches_brute_force() -> None:
    r = run("conversation", skill=3, judgement=1, attitude="hostile")
    # speaker +15, listener -15 + 15 = 0
    wins = sum(1 for a in range(1, 101) for b in range(1, 101) if a + 15 > b)
    assert Fraction(r["p_success"]) == Fraction(wins, 10000)
    tie_to_speaker = run("conversation", skill=3, judgement=1, attitude="hostile", ties="speaker")
    wins = sum(1 for a in range(1, 101) for b in range(1, 101) if a + 15 >= b)
    assert Fraction(tie_to_speaker["p_success"]) == Fraction(wins, 10000)


@settings(max_examples=60, deadline=None)
@given(
    stat=st.integers(-6, 8),
    goal=st.integers(0, 40),
    opposing=st.one_of(st.none(), st.integers(1, 8)),
)
def test_a_better_stat_never_lowers_the_odds(stat: int, goal: int, opposing: int | None) -> None:
    lower = run("d6_check", stat=stat, goal=goal, opposing_dice=opposing)
    higher = run("d6_check", stat=stat + 1, goal=goal, opposing_dice=opposing)
    assert Fraction(higher["p_success"]) >= Fraction(lower["p_success"])
    assert sum(Fraction(p) for _, p in higher["distribution"]) == 1


# -- seeds and explicit dice -------------------------------------------------------------------


@pytest.mark.parametrize("calc", [c["id"] for c in GLITTERSHARD if c["rolls"]])
def test_a_seed_rolls_and_resolves(calc: str) -> None:
    first = calculators.run(calc, {"seed": 7})
    assert first == calculators.run(calc, {"seed": "7"})
    assert first["rolled"] is not None


def test_seeded_d6_check_resolves_the_dice_it_rolled() -> None:
    r = run("d6_check", stat=2, goal=12, seed=99)
    faces = r["rolled"]["initiator"]
    assert len(faces) == 4 and r["result"]["total"] == sum(faces)
    assert r["result"]["success"] == (sum(faces) >= 12)
    assert r == run("d6_check", stat=2, goal=12, rolls=faces, seed=99)


def test_seeded_task_rolls_one_d100_per_hour() -> None:
    r = run("task", minutes=180, seed=5)
    assert len(r["rolled"]) == 3 and all(1 <= x <= 100 for x in r["rolled"])
    assert r["quality"] == run("task", minutes=180, rolls=r["rolled"])["quality"]


@pytest.mark.parametrize(
    ("calc", "inputs", "field", "words"),
    [
        ("d6_check", {"rolls": "1,2"}, "rolls", "needs 3 dice; got 2"),
        ("d6_check", {"opposing_dice": 2, "opposing_rolls": "1"}, "opposing_rolls", "needs 2"),
        ("d6_check", {"rolls": "7"}, "rolls", "from 1 to 6"),
        ("task", {"minutes": 120, "rolls": "50"}, "rolls", "needs 2 rolls"),
        ("task", {"rolls": "0"}, "rolls", "from 1 to 100"),
        ("damage", {"mode": "complex", "percentile": 0}, "percentile", "at least 1"),
        ("character", {"trained_skills": "Flying"}, "trained_skills", "not a skill"),
        ("character", {"bonuses": "Luck +1"}, "bonuses", "not a stat"),
        ("character", {"bonuses": "Nim"}, "bonuses", "signed number"),
        ("character", {"size": "huge"}, "size", "must be one of"),
        ("turn_order", {"participants": "Aria"}, "participants", "a name, a Nimbleness"),
        ("turn_order", {"participants": "Aria 3 11"}, "participants", "from 1 to 10"),
        ("turn_order", {"participants": "Aria 3; Aria 2"}, "participants", "twice"),
        ("turn_order", {"participants": ";"}, "participants", "at least one"),
        ("fall", {"units": 2, "rolls": "3"}, "rolls", "needs 2 dice"),
        ("healing", {"health": 30, "max_health": 20}, "health", "above the maximum"),
        ("natural_healing", {"health": 21}, "health", "above the maximum"),
    ],
)
def test_bad_input_is_named_by_field(
    calc: str, inputs: dict[str, object], field: str, words: str
) -> None:
    with pytest.raises(InputError) as caught:
        calculators.run(f"glittershard.{calc}", inputs)
    assert caught.value.field == field
    assert words in caught.value.message


def test_exhaustion_halves_any_d6_pool_in_the_d6_check() -> None:
    """Issue #21 item 4: '3 | Exhausted | any d6 roll uses half as many d6' and '1 | Tired |
    Stats are temporarily reduced by 1' (levels add up; halves round down)."""
    from calculators import run as run_calc

    fresh = run_calc("glittershard.d6_check", {"stat": 4, "trained": True})
    assert fresh["dice"] == 7  # 3 base + 2 (stat +4) + 2 trained
    tired = run_calc("glittershard.d6_check", {"stat": 4, "trained": True, "exhaustion": 1})
    assert tired["dice"] == 6  # the stat is +3: one die from it
    exhausted = run_calc("glittershard.d6_check", {"stat": 4, "trained": True, "exhaustion": 3})
    assert exhausted["dice"] == 3  # 6 halved
    assert any("Exhausted: half as many d6, 3d6" in line for line in exhausted["breakdown"])
    contest = run_calc("glittershard.d6_check", {"opposing_dice": 7, "opposing_exhaustion": 3})
    assert contest["opposing"] == 3
    rolled = run_calc("glittershard.d6_check", {"exhaustion": 3, "rolls": "6"})
    assert rolled["result"]["total"] == 6  # 3d6 halved to 1d6: one face
