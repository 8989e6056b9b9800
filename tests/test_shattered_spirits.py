"""Shattered Spirits calculators against the rulebook's own examples, its tables and brute force."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
import yaml

import calculators
from calculators import InputError, data
from calculators.books import shattered_spirits as ss

ROOT = Path(__file__).resolve().parents[1]
PROFILE = "1,2,3,4,5,6,7,8,9,10,11"
"""A Profile Damage column whose row 8 deals 7, like Stone Strike's (the only row the
rulebook gives); the other rows are placeholders for the tests."""


def run(calc: str, **inputs: object) -> dict:
    return calculators.run(f"shattered_spirits.{calc}", inputs)


# -- the rulebook's worked examples ------------------------------------------------------
@pytest.mark.parametrize("dice", ["3,5", "2,6", "4,4", "6,2"])
def test_stone_strike_rolled_8_deals_7(dice: str) -> None:
    # "if a creature were to use the Stone Strike Technique from the Boulder Discipline and
    # rolled an 8, they would deal 7 Damage (seen in the Damage column) and inflict Slowed"
    attack = run("attack", dice=dice, profile=PROFILE)
    assert (attack["roll"], attack["row"], attack["miss"]) == (8, 8, False)
    assert attack["damage"] == 7
    assert run("damage", base=attack["damage"])["damage"] == 7


def test_climbing_1_height_costs_3() -> None:
    # "it would cost a creature 3 spaces of Movement to Climb up a 1 Height Obstacle."
    assert run("climb", elevation=1)["movement"] == 3
    assert run("movement", movement=3, spaces=0, swim_spaces=0, climbs="1")["cost"] == 3


def test_player_last_in_phase_2_means_enemy_first_in_phase_3() -> None:
    # "if a player acts last in Phase 2, an enemy gets to act first in Phase 3."
    result = run("turn_order", players_2=2, enemies_2=1, players_3=1, enemies_3=1)
    assert result["order"]["Phase 2"].split(", ")[-1] == "Player"
    assert result["order"]["Phase 3"].split(", ")[0] == "Enemy"


def test_players_act_first_in_the_first_phase() -> None:
    # "Typically, players get to act first in the first Instinctive Phase of combat"
    result = run("turn_order", players_1=1, enemies_1=1, players_2=0, enemies_2=0, players_3=0)
    assert result["order"]["Phase 1"] == "Player, Enemy"
    assert result["order"]["Phase 3"] == "Enemy"
    assert result["last"] == "enemies"


@pytest.mark.parametrize(
    ("mode", "dice", "total"),
    [("advantage", "2,5,6", 11), ("disadvantage", "2,5,6", 7), ("normal", "5,6", 11)],
)
def test_advantage_keeps_highest_two_disadvantage_lowest(mode: str, dice: str, total: int) -> None:
    # "An Attack with either rolls 3d6 instead of the normal 2d6. If the Attack has Advantage
    # it uses the highest two rolls to resolve the Attack, while Disadvantage uses the
    # lowest two rolls."
    assert run("attack", mode=mode, dice=dice)["roll"] == total


def test_deflect_reduces_the_attack_roll_by_1() -> None:
    # "the Deflect Basic Skill, which reduces an Attack Roll by 1. Whenever these are
    # applied, resolve them using the modified Attack Roll."
    assert run("attack_modifiers", deflect=1)["modifier"] == -1
    assert run("attack", dice="4,4", modifier=-1)["row"] == 7


def test_above_12_uses_row_12_plus_2_damage_and_negate_cost() -> None:
    # "If the Attack Roll is above a 12 Resolve the Attack using the 12 Result. Deal an
    # additional 2 Damage (if any) and increase the cost to Negate by 1."
    result = run("attack", dice="6,6", modifier=1, profile=PROFILE)
    assert (result["row"], result["extra_damage"], result["negate_cost_increase"]) == (12, 2, 1)
    assert result["damage"] == 11 + 2
    assert run("damage", base=11, extreme=True)["damage"] == 13
    assert run("damage", base=0, extreme=True)["damage"] == 0  # "(if any)"


def test_below_2_misses() -> None:
    # "If the Attack Roll is below 2 The Attack Misses."
    result = run("attack", dice="1,1", modifier=-1, profile=PROFILE)
    assert (result["miss"], result["row"], result["damage"]) == (True, None, 0)


def test_always_round_up() -> None:
    # Basic rule 1: "Always round up." (Glancing halves: assumption glancing_effect)
    assert run("damage", base=7, glancing=True)["damage"] == 4
    assert ss.round_up(7, 2) == 4


def test_measuring_range_takes_the_greater_difference() -> None:
    # "take the greater of the horizontal and vertical difference between the target and
    # the attacker. If you use the Pythagorean Theorem, I will break into your house"
    assert run("range", dx=3, dy=4)["range"] == 4
    assert run("range", dx=-6, dy=2)["range"] == 6


def test_ranged_attacks_and_adjacent_hostiles() -> None:
    # "Ranged Attacks take a -1 penalty to the Attack Roll for each hostile creature adjacent
    # to the user. An attacker may negate this by paying 1 Focus per adjacent hostile
    # creature."
    assert run("attack_modifiers", attack_range="ranged", adjacent_hostiles=3)["modifier"] == -3
    paid = run("attack_modifiers", attack_range="ranged", adjacent_hostiles=3, focus_paid=3)
    assert (paid["modifier"], paid["focus_cost"]) == (0, 3)
    assert run("attack_modifiers", attack_range="melee", adjacent_hostiles=3)["modifier"] == 0
    with pytest.raises(InputError) as caught:
        run("attack_modifiers", attack_range="ranged", adjacent_hostiles=1, focus_paid=2)
    assert caught.value.field == "focus_paid"


def test_high_ground() -> None:
    # "the attacker gains a +1 bonus to Melee Attack Rolls. When attacking a character that
    # is at a higher Elevation, the attacker takes a -1 penalty to their Melee Attack Rolls."
    assert run("attack_modifiers", elevation="target_lower")["modifier"] == 1
    assert run("attack_modifiers", elevation="target_higher")["modifier"] == -1
    ranged = run("attack_modifiers", attack_range="ranged", elevation="target_lower")
    assert ranged["modifier"] == 0


def test_cover() -> None:
    # "Attacks against a creature in Cover are Glancing if Ranged, or take a -1 Penalty to the
    # Attack Roll if Melee. If a Ranged Attack against a creature in Cover would already be
    # Glancing, it instead automatically Misses"
    melee = run("attack_modifiers", cover=True)
    assert (melee["modifier"], melee["glancing"], melee["auto_miss"]) == (-1, False, False)
    ranged = run("attack_modifiers", attack_range="ranged", cover=True)
    assert (ranged["modifier"], ranged["glancing"], ranged["auto_miss"]) == (0, True, False)
    both = run("attack_modifiers", attack_range="ranged", cover=True, already_glancing=True)
    assert (both["glancing"], both["auto_miss"]) == (False, True)


def test_swimming() -> None:
    # "while Swimming, a creature has Cover, Disadvantage on all Attacks, and creatures have
    # Advantage on Attacks against them."
    assert run("attack_modifiers", attacker_swimming=True)["mode"] == "disadvantage"
    target = run("attack_modifiers", target_swimming=True)
    assert (target["mode"], target["modifier"]) == ("advantage", -1)  # Cover against Melee
    assert run("attack_modifiers", target_swimming=True, attacker_swimming=True)["mode"] == "both"
    # "each space costs twice as much to enter"
    assert run("movement", movement=6, spaces=0, swim_spaces=3, climbs="")["cost"] == 6


def test_reaction_penalty() -> None:
    # "take a penalty to the Attack Roll equal to the difference between the Speed of the
    # Technique and the current Phase." (assumption: the size of the difference)
    early = run("attack_modifiers", reaction=True, technique_speed=5, phase=2)
    late = run("attack_modifiers", reaction=True, technique_speed=2, phase=5)
    assert early["modifier"] == late["modifier"] == -3
    only = run(
        "attack_modifiers",
        reaction=True,
        technique_speed=2,
        phase=5,
        reaction_direction="early_only",
    )
    assert only["modifier"] == 0


@pytest.mark.parametrize(
    ("elevation", "reflex", "crush", "prone"),
    [(1, 0, 0, False), (2, 1, 4, False), (3, 2, 6, True), (5, 4, 10, True)],
)
def test_falling(elevation: int, reflex: int, crush: int, prone: bool) -> None:
    # "they must pay Reflex equal to one less than the total Elevation change or else take
    # Crush Damage equal to twice the Elevation Change. If a creature would take at least 6
    # Damage in this way they also fall Prone."
    result = run("fall", elevation=elevation)
    assert (result["reflex_cost"], result["crush_damage"], result["prone"]) == (
        reflex,
        crush,
        prone,
    )
    paid = run("fall", elevation=elevation, paid=True)
    assert (paid["crush_damage"], paid["prone"]) == (0, False)


def test_falling_readings() -> None:
    assert run("fall", elevation=1, free_one_level=False)["crush_damage"] == 2
    assert run("fall", elevation=3, paid=True, prone_only_unpaid=False)["prone"] is True


def test_vigor_is_lost_first() -> None:
    # "Vigor is always lost before Endurance or Health."
    result = run("health", vigor=3, endurance=5, health=10, damage=4)
    assert (result["vigor_after"], result["endurance_after"], result["health_after"]) == (
        0,
        4,
        10,
    )


def test_no_endurance_winded_no_health_downed() -> None:
    # "If a character ever has no Endurance they become Winded"; "If a character has no
    # Health they become Downed and immediately lose one Condition."
    result = run("health", vigor=0, endurance=2, health=3, damage=9)
    assert (result["winded"], result["downed"], result["health_after"]) == (True, True, 0)
    assert any("loses one Condition" in line for line in result["breakdown"])
    stopped = run("health", vigor=0, endurance=2, health=3, damage=9, carry_over=False)
    assert (stopped["health_after"], stopped["downed"]) == (3, False)
    already = run("health", vigor=0, endurance=0, health=3, damage=2, carry_over=False)
    assert already["health_after"] == 1


# -- one case per table row ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("roll", "row", "miss", "extra", "negate"),
    [
        (-4, None, True, 0, 0),
        (1, None, True, 0, 0),
        *((r, r, False, 0, 0) for r in range(2, 13)),
        (13, 12, False, 2, 1),
        (20, 12, False, 2, 1),
    ],
)
def test_attack_profile_table(
    roll: int, row: int | None, miss: bool, extra: int, negate: int
) -> None:
    result = ss.profile_result(roll)
    assert result == {
        "row": row,
        "miss": miss,
        "extra_damage": extra,
        "negate_cost_increase": negate,
    }


@pytest.mark.parametrize(
    ("mode", "rolled", "kept", "which"),
    [("normal", 2, 2, "both"), ("advantage", 3, 2, "highest"), ("disadvantage", 3, 2, "lowest")],
)
def test_attack_dice_table(mode: str, rolled: int, kept: int, which: str) -> None:
    row = ss.attack_dice(mode)
    assert (row["Dice rolled (d6)"], row["Dice kept"], row["Which are kept"]) == (
        rolled,
        kept,
        which,
    )
    with pytest.raises(InputError) as caught:
        run("attack", mode=mode, dice=",".join(["3"] * (rolled + 1)))
    assert caught.value.field == "dice"


@pytest.mark.parametrize(
    ("step", "inputs", "damage"),
    [
        (1, {"base": 9}, 9),
        (2, {"base": 9, "modifier": -2}, 7),
        (3, {"base": 9, "glancing": True}, 5),
        (4, {"base": 9, "vulnerable": True}, 18),
        (5, {"base": 9, "guard": 4}, 5),
    ],
)
def test_damage_order_table(step: int, inputs: dict, damage: int) -> None:
    result = run("damage", **inputs)
    assert result["damage"] == damage
    assert result["steps"][step - 1].startswith(f"Step {step},")
    rows = data.table(ss.DAMAGE_ORDER_TABLE)
    assert rows[step - 1]["Step"] == step


def test_damage_order_is_applied_in_order() -> None:
    # (7 + 2) = 9, Glancing -> 5, Vulnerable -> 10, Guard 3 -> 7
    assert run("damage", base=7, modifier=2, glancing=True, vulnerable=True, guard=3)["damage"] == 7
    assert run("damage", base=3, guard=10)["damage"] == 0
    assert run("damage", base=3, modifier=-5, vulnerable=True)["damage"] == 0


@pytest.mark.parametrize(
    ("inputs", "modifier"),
    [
        ({"deflect": 1}, -1),
        ({"attack_range": "ranged", "adjacent_hostiles": 1}, -1),
        ({"elevation": "target_lower"}, 1),
        ({"elevation": "target_higher"}, -1),
        ({"cover": True}, -1),
        ({"reaction": True, "technique_speed": 4, "phase": 1}, -3),
    ],
)
def test_attack_roll_modifiers_table(inputs: dict, modifier: int) -> None:
    assert run("attack_modifiers", **inputs)["modifier"] == modifier


def test_every_modifiers_table_row_is_used() -> None:
    prefixes = [
        "Deflect",
        "Each hostile creature adjacent",
        "Target within",
        "Target at a higher",
        "Target in Cover",
        "Technique used through a Reaction",
    ]
    rows = data.table(ss.MODIFIERS_TABLE)
    assert [ss.modifier_row(p) for p in prefixes] == rows


# -- exact distributions against brute force -----------------------------------------------
def _brute_rows(mode: str, modifier: int) -> tuple[dict, Counter, int]:
    n = ss.attack_dice(mode)["Dice rolled (d6)"]
    rows: Counter = Counter()
    damage: Counter = Counter()
    profile = ss.parse_profile(PROFILE)
    for faces in product(range(1, 7), repeat=n):
        roll = sum(ss.kept_faces(mode, list(faces))) + modifier
        rows[ss.profile_result(roll)["row"] or "miss"] += 1
        damage[ss.profile_damage(roll, profile)] += 1
    return rows, damage, 6**n


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("modifier", [-3, -1, 0, 2, 4])
def test_attack_distribution_matches_brute_force(mode: str, modifier: int) -> None:
    result = run("attack", mode=mode, modifier=modifier, profile=PROFILE)
    rows, damage, total = _brute_rows(mode, modifier)
    got = {outcome: Fraction(p) for outcome, p in result["distribution"]}
    assert got == {key: Fraction(rows.get(key, 0), total) for key in ["miss", *range(2, 13)]}
    assert sum(got.values()) == 1
    assert Fraction(result["p_miss"]) == Fraction(rows["miss"], total)
    assert {d: Fraction(p) for d, p in result["damage_distribution"]} == {
        d: Fraction(c, total) for d, c in damage.items()
    }
    mean = sum(Fraction(d * c, total) for d, c in damage.items())
    assert result["mean_damage"].startswith(f"{mean.numerator}/{mean.denominator} ")


def test_p_extreme_matches_brute_force() -> None:
    result = run("attack", mode="advantage", modifier=2)
    above = sum(1 for f in product(range(1, 7), repeat=3) if sum(sorted(f)[1:]) + 2 > 12)
    assert Fraction(result["p_extreme"]) == Fraction(above, 216)


def test_both_advantage_and_disadvantage() -> None:
    both = run("attack", mode="both")
    assert both["distribution"] == run("attack", mode="normal")["distribution"]
    assert (
        run("attack", mode="both", both_mode="advantage")["distribution"]
        == run("attack", mode="advantage")["distribution"]
    )
    with pytest.raises(InputError):
        run("attack", mode="both", dice="1,2,3")


def _reference_damage(
    base: int, modifier: int, glancing: bool, vulnerable: bool, guard: int
) -> int:
    damage = max(base + modifier, 0)
    if glancing:
        damage = (damage + 1) // 2
    if vulnerable:
        damage *= 2
    return max(damage - guard, 0)


def test_damage_against_a_reference_for_small_cases() -> None:
    for base, modifier, glancing, vulnerable, guard in product(
        range(0, 13), range(-3, 4), (False, True), (False, True), range(0, 5)
    ):
        got = ss.compute_damage(base, modifier, glancing, vulnerable, guard)["damage"]
        assert got == _reference_damage(base, modifier, glancing, vulnerable, guard)


def test_extreme_after_guard_reading() -> None:
    assert run("damage", base=5, guard=5, extreme=True)["damage"] == 2
    assert run("damage", base=5, guard=5, extreme=True, extreme_step="after_guard")["damage"] == 0
    assert run("damage", base=5, guard=2, extreme=True, extreme_step="after_guard")["damage"] == 5


def test_turn_order_leftover_turns_and_empty_phases() -> None:
    result = run(
        "turn_order",
        players_1=3,
        enemies_1=1,
        players_2=0,
        enemies_2=0,
        players_3=0,
        enemies_3=2,
        players_4=1,
        enemies_4=0,
    )
    assert result["order"]["Phase 1"] == "Player, Enemy, Player, Player"
    assert result["order"]["Phase 2"] == "no Turns"
    assert result["order"]["Phase 3"] == "Enemy, Enemy"
    assert result["order"]["Phase 4"] == "Player"
    assert result["last"] == "players"


def test_movement_budget() -> None:
    result = run("movement", movement=10, spaces=2, swim_spaces=1, climbs="1,2")
    assert (result["cost"], result["remaining"], result["enough"]) == (2 + 2 + 3 + 5, -2, False)


# -- rolls, bad input ----------------------------------------------------------------------
def test_seed_rolls_and_replays() -> None:
    first = run("attack", mode="advantage", seed=7)
    assert first == run("attack", mode="advantage", seed="7")
    assert len(first["rolled"]) == 3
    assert first["roll"] == sum(sorted(first["rolled"])[1:])
    explicit = run("attack", mode="advantage", seed=7, dice="1,1,1")
    assert explicit["roll"] == 2 and explicit["rolled"] is None


@pytest.mark.parametrize(
    ("calc", "inputs", "field"),
    [
        ("attack", {"profile": "1,2,3"}, "profile"),
        ("attack", {"profile": "a,b"}, "profile"),
        ("attack", {"dice": "7,1"}, "dice"),
        ("attack", {"mode": "sideways"}, "mode"),
        ("movement", {"climbs": "x"}, "climbs"),
        ("fall", {"elevation": 0}, "elevation"),
    ],
)
def test_bad_input_names_the_field(calc: str, inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        run(calc, **inputs)
    assert caught.value.field == field


# -- one source of truth ---------------------------------------------------------------------
def test_formula_entries_match_the_code() -> None:
    def expression(name: str) -> str:
        return data.entry(f"shattered_spirits.{name}")["expression"]

    assert expression("climb_movement") == (
        f"movement = {ss.CLIMB_BASE} + {ss.CLIMB_PER_ELEVATION} * elevation_change"
    )
    assert expression("fall_reflex_cost") == (
        f"reflex_cost = elevation_change - {ss.FALL_REFLEX_LESS}"
    )
    assert expression("fall_crush_damage") == (
        f"crush_damage = {ss.CRUSH_PER_ELEVATION} * elevation_change"
    )
    assert expression("fall_prone") == f"prone = crush_damage >= {ss.PRONE_DAMAGE}"
    assert expression("range_formula") == "range = max(abs(dx), abs(dy))"
    assert expression("reaction_penalty") == (
        "attack_roll_modifier = -abs(technique_speed - current_phase)"
    )
    assert expression("ranged_adjacency_penalty").endswith(
        f"focus_to_negate = {ss.FOCUS_PER_HOSTILE} * adjacent_hostiles"
    )
    assert expression("round_up") == "result = ceil(value)"


SS_CALCS = [c for c in calculators.catalog() if c["system"] == "shattered_spirits"]
ENTRY_IDS = {
    entry["id"]
    for path in (ROOT / "rules_data" / "shattered_spirits").glob("*.yml")
    for entry in (yaml.safe_load(path.read_text(encoding="utf-8")).get("entries") or [])
}


@pytest.mark.parametrize("calc", SS_CALCS, ids=[c["id"] for c in SS_CALCS])
def test_assumption_inputs_default_to_the_data(calc: dict) -> None:
    assert calc["rule"] in ENTRY_IDS
    for name in calc["assumptions"]:
        assert data.entry(name)["kind"] == "assumption"
    for spec in calc["inputs"]:
        if spec["assumption"]:
            assert spec["assumption"] in calc["assumptions"]
            assert spec["default"] == data.assumption_default(spec["assumption"])
            if spec["kind"] == "choice":
                assert spec["default"] in spec["choices"]
