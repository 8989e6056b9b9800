"""Space Shard calculators against the rulebook's own statements and brute force.

The battle chapter states one worked example that the calculators can compute (a Standard
Action downgraded to 2 Movement Actions and a Swift Action) and one more in Chinese (a
6 DP bonus to the Attack Check reaches every kind of attack). Its other worked example, the
damage overflow of "2 HP(H) ... takes 5 DMG(L)", depends on health rules that are not part
of this source, so no calculator computes it. Every formula of the chapter is checked here
case by case, every row of its tables is a case, and the exact distributions are compared
with a brute-force enumeration of the dice.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import calculators
from calculators import InputError, data
from calculators.books.space_shard import (
    AIM_CHOICES,
    DOWNGRADE_CHOICES,
    ORDER_CHOICES,
    REINFORCE_CHOICES,
    ROUNDING_CHOICES,
    SCOPE_CHOICES,
    SPELL_CHOICES,
    STEPS_CHOICES,
    SURPRISE_CHOICES,
    TWICE_CHOICES,
    attack_odds,
    distance_steps,
)
from calculators.dice import fraction_str

ATTACK_TYPES = ("barehand", "bladed", "throwing", "heavy_throwing", "bow", "gun", "spell")
SPACE_SHARD = [c for c in calculators.catalog() if c["system"] == "space_shard"]


def attack(**inputs: Any) -> dict[str, Any]:
    return calculators.run("space_shard.attack", inputs)


def pairs(weights: Counter[int]) -> list[list[Any]]:
    total = sum(weights.values())
    return [[o, fraction_str(Fraction(w, total))] for o, w in sorted(weights.items())]


# ---------------------------------------------------------------------------
# The rulebook's worked examples
# ---------------------------------------------------------------------------


def test_example_standard_action_downgraded_to_two_movement_actions() -> None:
    # "*ex. You may downgrade your standard action to have 2 movement actions and a swift
    # action.*"
    r = calculators.run("space_shard.turn", {"standard": 0, "movement": 2, "swift": 1})
    assert r["allowed"] is True
    assert r["plan"]["Standard Action"] == "used as a Movement Action"
    assert r["problems"] == []


@pytest.mark.parametrize("kind", ATTACK_TYPES)
def test_example_a_6_dp_bonus_reaches_every_attack(kind: str) -> None:
    # "如：攻擊檢定獲得6DP增強加值，則所有帶有“攻擊”字眼的行動全部獲得對應的加值。"
    # (e.g. if the Attack Check gains a 6 DP Enhancement Bonus, every action with the word
    # "attack" gains that bonus.)
    base = attack(attack=kind)
    assert attack(attack=kind, modifier=6)["dp"] == base["dp"] + 6
    assert attack(attack=kind, modifier=6)["max_dmg"] == base["max_dmg"]


def test_each_success_causes_one_point_of_damage() -> None:
    # "Each success from the attack causes 1 point of damage."
    r = attack(attack="barehand", str=1, skill=1, weapon_damage=1, target_defense=0, dice="8,9,3")
    assert (r["successes"], r["damage"]) == (2, 2)


# ---------------------------------------------------------------------------
# DP and Max DMG formulas, one case per attack type
# ---------------------------------------------------------------------------

STATS = {"str": 5, "dex": 4, "int": 6, "skill": 3, "weapon_damage": 2, "target_defense": 1}


@pytest.mark.parametrize(
    ("kind", "dp", "max_dmg", "quote"),
    [
        ("barehand", 5 + 3 + 2 - 1, 5 + 3 + 2, "STR + Brawl Skill + Born Weapon Damage"),
        ("bladed", 5 + 3 + 2 - 1, 5 + 3 + 2, "STR + Blade Skill + Blade Weapon Damage"),
        ("throwing", 4 + 3 + 2 - 1, 5 + 3 + 2, "DEX + Athletics + Weapon DMG; STR + Athletics"),
        ("heavy_throwing", 5 + 3 + 2 - 1, 5 + 3 + 2, "STR + Athletics + Weapon DMG"),
        ("bow", 4 + 3 + 2 - 1, 2 * 2 + 3 + 4, "Weapon DMG*2 + Athletics + Bow's STR requirement"),
        ("gun", 4 + 3 + 2 - 1, 2 * 2 + 3, "DEX + Firearms + Weapon DMG; Weapon DMG*2 + Firearms"),
        ("spell", 6 + 3 + 2 - 1, 6 + 3 + 2, "INT + Occult + Spell Power"),
    ],
)
def test_dp_and_max_dmg_formulas(kind: str, dp: int, max_dmg: int, quote: str) -> None:
    r = attack(attack=kind, distance=0, bow_str_requirement=4, **STATS)
    assert (r["dp"], r["max_dmg"]) == (dp, max_dmg), quote


@pytest.mark.parametrize("kind", ATTACK_TYPES)
def test_target_defense_only_for_a_single_target(kind: str) -> None:
    # "If the target is singular ("Target: Single") then Target Defense needs to be deducted.
    # If no target is specified and instead affects all units in an area, defense is not
    # deducted."
    single = attack(attack=kind, target_defense=4, single_target=True)
    area = attack(attack=kind, target_defense=4, single_target=False)
    assert area["dp"] - single["dp"] == 4


# ---------------------------------------------------------------------------
# Distances
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "penalty", "whole_units"),
    [(0, 0, 0), (5, 0, 0), (10, 0, 0), (11, 2, 0), (19, 2, 0), (20, 2, 2), (21, 4, 2), (35, 6, 4)],
)
def test_distance_penalty_per_range_unit_exceeded(
    distance: int, penalty: int, whole_units: int
) -> None:
    # "For every 1x the weapon's range unit that the target's distance exceeds, the Attack
    # Check suffers a -2 DP penalty."
    r = attack(attack="bow", distance=distance, range_unit=10)
    assert r["distance_penalty"] == penalty
    assert attack(attack="bow", distance=0, range_unit=10)["dp"] - r["dp"] == penalty
    other = attack(attack="bow", distance=distance, range_unit=10, distance_rule=STEPS_CHOICES[1])
    assert other["distance_penalty"] == whole_units


@pytest.mark.parametrize("distance", range(0, 61))
def test_distance_steps_match_a_count_of_exceeded_multiples(distance: int) -> None:
    unit = 7
    exceeded = sum(1 for k in range(1, 100) if distance > k * unit)
    assert distance_steps(distance, unit, STEPS_CHOICES[0]) == exceeded


@pytest.mark.parametrize(
    ("kind", "max_distance", "quote"),
    [
        ("throwing", 10 * 5, "Your maximum throwing attack distance is 1x range unit * STR"),
        ("heavy_throwing", 10 * 5, "Your maximum throwing attack distance is 1x range unit * STR"),
        ("bow", 8 * 10, "The maximum distance for a bow attack is 8 times the bow's range unit."),
        ("gun", 5 * 10, "... for a gun/crossbow attack is 5 times the gun/crossbow's range unit."),
        ("bladed", None, "melee"),
        ("spell", None, "a spell's range comes from its own description"),
    ],
)
def test_maximum_distance(kind: str, max_distance: int | None, quote: str) -> None:
    r = attack(attack=kind, str=5, range_unit=10, distance=0)
    assert r["max_distance"] == max_distance, quote
    if max_distance is not None:
        assert attack(attack=kind, str=5, range_unit=10, distance=max_distance)["usable"]
        beyond = attack(attack=kind, str=5, range_unit=10, distance=max_distance + 1)
        assert beyond["usable"] is False and beyond["problems"]
        assert beyond["distribution"] == [[0, "1/1"]]


def test_spells_take_no_distance_penalty_unless_assumed() -> None:
    far = attack(attack="spell", distance=95, range_unit=10)
    assert far["distance_penalty"] == 0 and far["dp"] == attack(attack="spell")["dp"]
    taxed = attack(attack="spell", distance=95, range_unit=10, spell_distance=SPELL_CHOICES[1])
    assert taxed["distance_penalty"] == 18


def test_extra_throwing_distance_penalty_is_an_assumption() -> None:
    # "Additionally, for each multiple of the weapon's range exceeded, you suffer an extra
    # -2 DP Distance penalty."
    once = attack(attack="throwing", distance=25, range_unit=10)
    twice = attack(attack="throwing", distance=25, range_unit=10, extra_throwing_penalty=2)
    assert once["distance_penalty"] == 4
    assert once["dp"] - twice["dp"] == 4
    assert (
        attack(attack="bow", distance=25, range_unit=10, extra_throwing_penalty=2)["dp"]
        == (attack(attack="bow", distance=25, range_unit=10)["dp"])
    )


def test_gun_high_speed_note_within_5_meters() -> None:
    # "If the target being shot at is within 5 meters, they can ignore the "High Speed"
    # Inscription."
    near = " ".join(attack(attack="gun", distance=5)["breakdown"])
    far = " ".join(attack(attack="gun", distance=6)["breakdown"])
    assert "can ignore the High Speed" in near and "can ignore" not in far


# ---------------------------------------------------------------------------
# Requirements, aiming, firing from cover
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("shortfall", "usable"), [(0, True), (1, True), (2, True), (3, False)])
@pytest.mark.parametrize("kind", ["bladed", "throwing", "heavy_throwing"])
def test_requirement_penalty_minus_2_dp_per_point(kind: str, shortfall: int, usable: bool) -> None:
    # "each point below the required value is "-2DP Machinary Bonus", up to 3 points below";
    # "If lower by 3 points or more, you cannot use it."
    r = attack(attack=kind, shortfall=shortfall)
    assert attack(attack=kind)["dp"] - r["dp"] == 2 * shortfall
    assert r["usable"] is usable


def test_requirement_scope_and_spells() -> None:
    assert attack(attack="gun", shortfall=1)["dp"] == attack(attack="gun")["dp"] - 2
    narrow = attack(attack="gun", shortfall=1, requirement_scope=SCOPE_CHOICES[1])
    assert narrow["dp"] == attack(attack="gun")["dp"]
    assert attack(attack="spell", shortfall=2)["dp"] == attack(attack="spell")["dp"]
    assert attack(attack="bladed", shortfall=3, unusable_shortfall=4)["usable"] is True


@pytest.mark.parametrize("rounds", range(6))
def test_aiming_bonus(rounds: int) -> None:
    # "you gain +1DP Aiming Bonus and 1 point higher on Max DMG"; "You may Aim for multiple
    # rounds up to 5 times."
    base = attack(attack="bow", distance=20)
    per_round = attack(attack="bow", distance=20, aim_rounds=rounds)
    once = attack(attack="bow", distance=20, aim_rounds=rounds, aiming=AIM_CHOICES[1])
    assert per_round["dp"] - base["dp"] == rounds == per_round["max_dmg"] - base["max_dmg"]
    assert once["dp"] - base["dp"] == min(rounds, 1)


def test_aiming_limits() -> None:
    # "You can only aim at enemies within a maximum of 3 range units"
    assert attack(attack="bow", distance=30, range_unit=10, aim_rounds=1)["usable"]
    with pytest.raises(InputError) as caught:
        attack(attack="bow", distance=31, range_unit=10, aim_rounds=1)
    assert caught.value.field == "aim_rounds"
    with pytest.raises(InputError):
        attack(attack="bladed", aim_rounds=1)
    with pytest.raises(InputError):
        attack(attack="bow", aim_rounds=6)


@pytest.mark.parametrize("row", data.table("space_shard.concealment_penalty_table"))
def test_fire_from_concealment_rows(row: dict[str, Any]) -> None:
    # | Light Cover | -1DP | Half Cover | -2DP | Heavy Cover | -4DP | Full Cover | No attack |
    r = attack(attack="gun", firing_from_cover=row["Coverage"])
    base = attack(attack="gun")
    if isinstance(row["DP"], int):
        assert r["dp"] - base["dp"] == row["DP"] == -int(row["Penalty"].split("DP")[0][1:])
        assert r["usable"]
    else:
        assert row["Penalty"] == "No attack allowed!"
        assert r["usable"] is False and r["p_damage"] == "0/1"


def test_fire_from_concealment_is_for_ranged_weapons() -> None:
    with pytest.raises(InputError) as caught:
        attack(attack="bladed", firing_from_cover="light cover")
    assert caught.value.field == "firing_from_cover"


# ---------------------------------------------------------------------------
# The dice pool: exact distributions against brute force
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("die", [4, 6, 10])
@pytest.mark.parametrize("threshold", [1, 3, 4])
@pytest.mark.parametrize("n", range(5))
@pytest.mark.parametrize("max_dmg", [1, 2, 9])
def test_damage_distribution_is_brute_force(n: int, die: int, threshold: int, max_dmg: int) -> None:
    # A barehand attack with only STR: Max DMG = STR, and DP = STR + modifier = n.
    r = attack(
        attack="barehand",
        str=max_dmg,
        skill=0,
        weapon_damage=0,
        target_defense=0,
        modifier=n - max_dmg,
        dp_die=die,
        dp_success_threshold=threshold,
    )
    assert (r["dp"], r["max_dmg"], r["dice"]) == (n, max_dmg, n)
    successes: Counter[int] = Counter()
    damage: Counter[int] = Counter()
    for faces in itertools.product(range(1, die + 1), repeat=n):
        hits = sum(1 for f in faces if f >= threshold)
        successes[hits] += 1
        damage[min(hits, max_dmg)] += 1
    assert r["successes_distribution"] == pairs(successes)
    assert r["distribution"] == pairs(damage)
    uncapped = attack(
        attack="barehand",
        str=max_dmg,
        skill=0,
        weapon_damage=0,
        target_defense=0,
        modifier=n - max_dmg,
        dp_die=die,
        dp_success_threshold=threshold,
        cap_damage=False,
    )
    assert uncapped["distribution"] == pairs(successes)


def test_explicit_dice_agree_with_the_distribution() -> None:
    inputs = {"attack": "barehand", "str": 2, "skill": 0, "weapon_damage": 1, "target_defense": 0}
    r = attack(**inputs)
    assert r["dp"] == 3 and r["max_dmg"] == 3
    damage: Counter[int] = Counter()
    for faces in itertools.product(range(1, 11), repeat=3):
        damage[attack(**inputs, dice=",".join(map(str, faces)))["damage"]] += 1
    assert pairs(damage) == r["distribution"]


@pytest.mark.parametrize("empty", [0, 1, 2])
@pytest.mark.parametrize("dp", [-3, 0, 1])
def test_empty_pool(dp: int, empty: int) -> None:
    r = attack(
        attack="bladed",
        str=0,
        skill=0,
        weapon_damage=0,
        target_defense=0,
        modifier=dp,
        empty_pool_dice=empty,
    )
    assert r["dice"] == (dp if dp > 0 else empty)
    if r["dice"] == 0:
        assert r["successes_distribution"] == [[0, "1/1"]]


def test_seeded_roll_replays_and_resolves() -> None:
    first = attack(seed=42)
    assert first == attack(seed="42")
    assert len(first["rolled"]) == first["dice"]
    again = attack(dice=",".join(map(str, first["rolled"])))
    assert (again["successes"], again["damage"]) == (first["successes"], first["damage"])


@pytest.mark.parametrize(
    ("inputs", "field"),
    [
        ({"dice": "8,9"}, "dice"),
        ({"dice": "8,9,10,11,1", "dp_die": 10}, "dice"),
        ({"dp_success_threshold": 11}, "dp_success_threshold"),
        ({"attack": "sword"}, "attack"),
        ({"range_unit": 0}, "range_unit"),
    ],
)
def test_bad_attack_input_names_the_field(inputs: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as caught:
        attack(**inputs)
    assert caught.value.field == field


def test_the_pool_die_and_threshold_are_inputs() -> None:
    # 5 dice, success on 5+ of a d6: 1/3 each
    r = attack(dp_die=6, dp_success_threshold=5)
    assert r["dp"] == 5
    assert r["successes_distribution"][0] == [0, "32/243"]


# ---------------------------------------------------------------------------
# Initiative
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("initiative", [-2, 0, 3, 11])
def test_initiative_is_1d10_plus_initiative(initiative: int) -> None:
    # "This is done by rolling a 1d10+( Character's Initative). This is NOT a check."
    r = calculators.run("space_shard.initiative", {"initiative": initiative})
    assert r["distribution"] == [[initiative + face, "1/10"] for face in range(1, 11)]
    assert calculators.run("space_shard.initiative", {"initiative": initiative, "dice": "7"})[
        "total"
    ] == (7 + initiative)


def test_initiative_needs_one_d10() -> None:
    with pytest.raises(InputError):
        calculators.run("space_shard.initiative", {"dice": "3,4"})
    with pytest.raises(InputError):
        calculators.run("space_shard.initiative", {"dice": "11"})


@pytest.mark.parametrize(("mine", "theirs"), [(0, 0), (2, 0), (0, 5), (9, 0), (12, 0)])
def test_initiative_order_is_brute_force(mine: int, theirs: int) -> None:
    first = tie = second = 0
    for a, b in itertools.product(range(1, 11), repeat=2):
        if a + mine > b + theirs:
            first += 1
        elif a + mine == b + theirs:
            tie += 1
        else:
            second += 1
    inputs = {"initiative": mine, "opponent_initiative": theirs}
    r = calculators.run("space_shard.initiative_order", inputs)
    frac = [fraction_str(Fraction(x, 100)) for x in (first, tie, second)]
    assert [r["p_first"], r["p_tie"], r["p_second"]] == frac
    low = calculators.run("space_shard.initiative_order", {**inputs, "order": ORDER_CHOICES[1]})
    assert (low["p_first"], low["p_second"]) == (r["p_second"], r["p_first"])


# ---------------------------------------------------------------------------
# Cover
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("object_size", "your_size", "covered", "fully"),
    [
        (0, 4, 0, False),
        (2, 4, 2, False),
        (4, 4, 4, False),
        (6, 4, 6, False),
        (7, 4, 7, False),
        (8, 4, 8, True),
        (20, 4, 8, True),
        (1, 10, 0, False),
        (10, 5, 8, True),
    ],
)
def test_covered_defense(object_size: int, your_size: int, covered: int, fully: bool) -> None:
    # "You are in "Covered defense" equal to (Covering object size - your size + 4) with
    # maximum of 8. If the size of covering object is twice your size, you are considered
    # "Fully Covered"."
    r = calculators.run("space_shard.cover", {"object_size": object_size, "your_size": your_size})
    assert (r["covered_defense"], r["fully_covered"]) == (covered, fully)


def test_cover_assumptions() -> None:
    no_minimum = calculators.run(
        "space_shard.cover", {"object_size": 1, "your_size": 10, "minimum": -100}
    )
    assert no_minimum["covered_defense"] == -5
    exactly = {"your_size": 4, "fully_when": TWICE_CHOICES[1]}
    assert calculators.run("space_shard.cover", {**exactly, "object_size": 8})["fully_covered"]
    assert not calculators.run("space_shard.cover", {**exactly, "object_size": 9})["fully_covered"]


@pytest.mark.parametrize("row", data.table("space_shard.cover_table"))
def test_cover_table_rows(row: dict[str, Any]) -> None:
    # | Light cover | +2 | Half cover | +4 | Heavy cover | +8 | Full cover | can not attack |
    r = calculators.run("space_shard.cover", {"coverage": row["Amount of coverage"]})
    if isinstance(row["Covering Defense"], int):
        assert f"+{r['covered_defense']} Covering Defense" == row["Point"]
        assert r["fully_covered"] is False
    else:
        assert r["covered_defense"] is None and r["fully_covered"] is True


# ---------------------------------------------------------------------------
# Charge, Full-Force, reach, sizes, defensive actions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strength", "base", "distance", "bonus", "after"),
    [
        (5, 5, "3", 3, 2),
        (2, 5, "4", 2, 3),  # "This bonus may not exceed your Strength"
        (5, 1, "4", 1, 0),  # "nor can it decrease your Base Defense below 0"
        (5, 5, "0", 0, 5),
        (5, 5, "3.9", 3, 2),
    ],
)
def test_charge_bonus(strength: int, base: int, distance: str, bonus: int, after: int) -> None:
    # "for every meter, you gain "+1DP Enhancement Bonus" to your attack roll, and your Base
    # Defense loses 1 point."
    r = calculators.run(
        "space_shard.charge",
        {"str": strength, "base_defense": base, "distance": distance, "speed": 6},
    )
    assert (r["bonus"], r["base_defense_after"], r["defense_penalty"]) == (bonus, after, 0)


def test_charge_is_limited_by_speed() -> None:
    # "Your Speed limits how far you can charge."
    with pytest.raises(InputError) as caught:
        calculators.run("space_shard.charge", {"distance": "7", "speed": 6})
    assert caught.value.field == "distance"
    with pytest.raises(InputError):
        calculators.run("space_shard.charge", {"distance": "-1"})


def test_charge_special_abilities() -> None:
    # 特殊 1: only the Strength cap; the part beyond Base Defense becomes an unnamed Defense
    # penalty. 特殊 2: no charge penalty; the DP is still capped by Base Defense and Strength.
    inputs = {"str": 5, "base_defense": 2, "distance": "4", "speed": 6}
    strong = calculators.run("space_shard.charge", {**inputs, "ability": "strength cap only"})
    assert (strong["bonus"], strong["base_defense_after"], strong["defense_penalty"]) == (4, 0, 2)
    free = calculators.run("space_shard.charge", {**inputs, "ability": "no charge penalty"})
    assert (free["bonus"], free["base_defense_after"], free["defense_penalty"]) == (2, 2, 0)


@pytest.mark.parametrize(
    ("strength", "base", "bonus", "up"),
    [(6, 5, 3, 3), (7, 5, 3, 4), (7, 2, 2, 2), (1, 5, 0, 1), (0, 0, 0, 0)],
)
def test_full_force_bonus(strength: int, base: int, bonus: int, up: int) -> None:
    # "you gain "Reinforcement Bonus" equal to your STR/2, capped at your Base Defense Value.
    # Afterward, you lose an equal amount of Base Defense for 1 round."
    r = calculators.run("space_shard.full_force", {"str": strength, "base_defense": base})
    assert (r["bonus"], r["base_defense_after"], r["dp_bonus"], r["max_dmg_bonus"]) == (
        bonus,
        base - bonus,
        bonus,
        0,
    )
    rounded_up = calculators.run(
        "space_shard.full_force",
        {"str": strength, "base_defense": base, "rounding": ROUNDING_CHOICES[1]},
    )
    assert rounded_up["bonus"] == up
    both = calculators.run(
        "space_shard.full_force",
        {"str": strength, "base_defense": base, "adds_to": REINFORCE_CHOICES[1]},
    )
    assert both["max_dmg_bonus"] == bonus


@pytest.mark.parametrize(
    ("born", "blade", "down", "up"),
    [(0, 0, 1, 1), (1, 0, 1, 1), (2, 0, 1, 1), (3, 0, 1, 2), (4, 3, 3, 3), (5, 7, 4, 6)],
)
def test_reach(born: int, blade: int, down: int, up: int) -> None:
    # 'Base "Reach" : Born Weapon Size/2 (minimum 1) + Blade Weapon Size/3'
    inputs = {"born_weapon_size": born, "blade_weapon_size": blade}
    assert calculators.run("space_shard.reach", inputs)["reach"] == down
    assert calculators.run("space_shard.reach", {**inputs, "rounding": "up"})["reach"] == up


@pytest.mark.parametrize(("size", "fist", "tail"), [(5, 1, 1), (10, 2, 3), (14, 2, 4), (3, 0, 1)])
def test_born_weapon_sizes(size: int, fist: int, tail: int) -> None:
    # "Size of your Fist, Feat, Claws is your Size/5. Size of your tail is your Size/3."
    r = calculators.run("space_shard.born_weapon_size", {"size": size})
    assert (r["fist_size"], r["tail_size"]) == (fist, tail)


def test_defensive_actions() -> None:
    # "your Defense gains a Evade Bonus equal to your Basic Defense"; "your defense gain
    # Guarding Bonus equal to your Brawl skill. If your born weapon has "Guarding"
    # Inscription, you may add its size on Guarding Bonus."
    full = calculators.run(
        "space_shard.defense_bonus", {"action": "full defense", "base_defense": 4}
    )
    assert (full["bonus"], full["area_save_dp_bonus"]) == (4, 4)
    guard = {"action": "guarding with brawl", "skill": 3, "weapon_size": 2}
    assert calculators.run("space_shard.defense_bonus", guard)["bonus"] == 3
    shield = calculators.run("space_shard.defense_bonus", {**guard, "guarding_inscription": True})
    assert shield["bonus"] == 5


# ---------------------------------------------------------------------------
# Actions in a turn
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("standard", "movement", "swift", "any_lower", "next_lower"),
    [
        (1, 1, 1, True, True),
        (0, 2, 1, True, True),
        (0, 1, 2, True, True),
        (0, 0, 3, True, False),
        (0, 3, 0, False, False),
        (2, 0, 0, False, False),
        (1, 0, 2, True, True),
        (0, 0, 0, True, True),
    ],
)
def test_downgrading(
    standard: int, movement: int, swift: int, any_lower: bool, next_lower: bool
) -> None:
    # "(Whole-Round Actions > Full-turn Actions > Standard Actions > Movement Action > Swift
    # Action)"
    inputs = {"standard": standard, "movement": movement, "swift": swift}
    assert calculators.run("space_shard.turn", inputs)["allowed"] is any_lower
    strict = calculators.run("space_shard.turn", {**inputs, "downgrade": DOWNGRADE_CHOICES[1]})
    assert strict["allowed"] is next_lower


def test_movement_budget_and_surprise_round() -> None:
    # "Perform one movement. The distance can be up to your Speed."
    assert (
        calculators.run("space_shard.turn", {"standard": 0, "movement": 2, "speed": 5})["max_move"]
        == 10
    )
    # "You may perform 1 Standard Action/Swift Action/Movement Action"
    surprise = {"surprise_round": True, "standard": 1, "movement": 0, "swift": 0}
    assert calculators.run("space_shard.turn", surprise)["allowed"]
    both = {**surprise, "movement": 1}
    assert not calculators.run("space_shard.turn", both)["allowed"]
    each = calculators.run("space_shard.turn", {**both, "surprise": SURPRISE_CHOICES[1]})
    assert each["allowed"]


# ---------------------------------------------------------------------------
# Declarations: assumptions carry the data's defaults; rules exist
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("calc", SPACE_SHARD, ids=[c["id"] for c in SPACE_SHARD])
def test_assumption_inputs_carry_the_data_defaults(calc: dict[str, Any]) -> None:
    for spec in calc["inputs"]:
        if spec["assumption"]:
            entry = data.entry(spec["assumption"])
            assert entry["kind"] == "assumption"
            assert spec["default"] == entry["default"]
            assert spec["assumption"] in calc["assumptions"]
            if spec["kind"] == "choice":
                assert spec["choices"][0] == spec["default"]
    for assumption in calc["assumptions"]:
        assert data.entry(assumption)["kind"] == "assumption"
    assert calc["rule"] and calc["rule"].startswith("space_shard.")


@pytest.mark.parametrize(
    ("choices", "assumption"),
    [
        (ROUNDING_CHOICES, "space_shard.fractions_round_down"),
        (ROUNDING_CHOICES, "space_shard.charge_whole_meters"),
        (SCOPE_CHOICES, "space_shard.requirement_penalty_scope"),
        (REINFORCE_CHOICES, "space_shard.reinforcement_bonus_is_dp"),
        (STEPS_CHOICES, "space_shard.distance_penalty_steps"),
        (SPELL_CHOICES, "space_shard.spell_no_distance_penalty"),
        (AIM_CHOICES, "space_shard.aiming_adds_up"),
        (TWICE_CHOICES, "space_shard.fully_covered_at_least_twice"),
        (ORDER_CHOICES, "space_shard.initiative_highest_first"),
        (DOWNGRADE_CHOICES, "space_shard.downgrade_any_lower"),
        (SURPRISE_CHOICES, "space_shard.surprise_round_one_action"),
    ],
)
def test_the_first_choice_is_the_assumption_default(
    choices: tuple[str, ...], assumption: str
) -> None:
    assert choices[0] == data.assumption_default(assumption)


def test_pool_defaults_are_the_assumed_d10_and_8() -> None:
    assert data.assumption_default("space_shard.dp_die") == 10
    assert data.assumption_default("space_shard.dp_success_threshold") == 8
    r = attack_odds("bladed", strength=0, skill=0, weapon_damage=1, target_defense=0)
    assert r["successes_distribution"] == [[0, "7/10"], [1, "3/10"]]
