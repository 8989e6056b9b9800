"""Damage: simple and complex damage dealt, and fall damage."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from ..declare import (
    Calculator,
    Output,
    assumption_input,
    bool_input,
    choice_input,
    dice_input,
    int_input,
)
from ..dice import Dist, d100, sum_dice
from ..format import json_number, term
from ..registry import REGISTRY
from ..rolls import faces_or_roll, rng_from_seed
from .rules import (
    A_MIN_DAMAGE,
    A_PERCENTILE,
    A_RESIST,
    A_WEAPON_BONUS,
    ASSUMED,
    FALL_DIE,
    RESIST_CHOICES,
    rule_id,
)


def simple_damage(
    attack_roll: int,
    weapon_bonus: int,
    goal: int,
    resistances: int,
    weaknesses: int,
    resist: str = "subtract",
) -> int:
    """'(Attack roll + weapon damage bonus - goal value - resistances + weaknesses)'.

    ``resist`` carries assumption ``glittershard.damage_resistances``.

    >>> simple_damage(18, 2, 12, 0, 0), simple_damage(18, 0, 12, 3, 1)
    (8, 4)
    >>> simple_damage(18, 0, 12, 3, 1, "add")
    10
    """
    sign = -1 if resist == "subtract" else 1
    return attack_roll + weapon_bonus - goal + sign * resistances + weaknesses


def complex_damage(simple: int, percentile: int) -> int:
    """'… * 2 * (percentage / 100) rounded up to nearest whole number.'

    >>> complex_damage(6, 1), complex_damage(6, 50), complex_damage(6, 100), complex_damage(7, 33)
    (1, 6, 12, 5)
    """
    return math.ceil(Fraction(simple * 2 * percentile, 100))


def compute_damage(
    attack_roll: int = 18,
    weapon_bonus: int = 0,
    goal: int = 12,
    resistances: int = 0,
    weaknesses: int = 0,
    mode: str = "simple",
    percentile: int | None = None,
    immune: bool = False,
    resist: str = "subtract",
    min_damage: int = 0,
    seed: int | None = None,
) -> dict[str, Any]:
    """Damage dealt, simple or complex (the percentile scales it between 1 and double).

    The contract's example: an 18 with a +2 weapon against a goal of 12.

    >>> compute_damage(18, 2, 12)["damage"]
    8
    >>> compute_damage(18, 2, 12, mode="complex", percentile=25)["damage"]
    4
    >>> d = compute_damage(18, 2, 12, mode="complex")
    >>> d["damage"] is None, d["distribution"][0], d["distribution"][-1]
    (True, [1, '3/50'], [16, '7/100'])
    """
    simple = simple_damage(attack_roll, weapon_bonus, goal, resistances, weaknesses, resist)
    verb = "subtract" if resist == "subtract" else "add"
    resist_sign = -1 if resist == "subtract" else 1
    breakdown = [
        f"Simple damage {simple} = {attack_roll} attack roll {term(weapon_bonus)} weapon bonus "
        f"{term(-goal)} goal {term(resist_sign * resistances)} resistances "
        f"{term(weaknesses)} weaknesses (resistances {verb})"
    ]

    def final(raw: int) -> int:
        return 0 if immune else max(min_damage, raw)

    rolled: Any = None
    if mode == "simple":
        damage: int | None = final(simple)
        dist = Dist.constant(damage)
        if seed is not None:
            rolled = []
        if percentile is not None:
            breakdown.append("The percentile is only used for complex damage.")
    else:
        if percentile is None and seed is not None:
            percentile = random.Random(seed).randint(1, 100)
            rolled = [percentile]
        if percentile is None:
            damage = None
            dist = d100().map(lambda p: final(complex_damage(simple, p)))
            breakdown.append(
                f"Complex damage = {simple} × 2 × (d100 / 100), rounded up: "
                f"from {dist.min_outcome()} to {dist.max_outcome()}"
            )
        else:
            raw = complex_damage(simple, percentile)
            damage = final(raw)
            dist = Dist.constant(damage)
            breakdown.append(
                f"Complex damage {raw} = {simple} × 2 × {percentile}/100 = "
                f"{json_number(Fraction(simple * 2 * percentile, 100))}, rounded up"
            )
    if immune:
        breakdown.append("Immune: 'Immunity is considered a resistance of infinity', so 0 damage.")
    else:
        breakdown.append(f"Damage is never below {min_damage}.")
    return {
        "damage": damage,
        "simple": simple,
        "distribution": dist.to_pairs(),
        "rolled": rolled,
        "breakdown": breakdown,
    }


def compute_fall(
    units: int = 2, rolls: list[int] | None = None, seed: int | None = None
) -> dict[str, Any]:
    """Fall damage: 1d6 per unit fallen.

    >>> compute_fall(2)["distribution"][:2]
    [[2, '1/36'], [3, '1/18']]
    >>> compute_fall(2, [3, 5])["damage"]
    8
    """
    rng = rng_from_seed(seed)
    faces = faces_or_roll("rolls", rolls, units, FALL_DIE, rng, f"A fall of {units} units")
    dist = Dist.constant(sum(faces)) if faces is not None else sum_dice(units, FALL_DIE)
    lines = [f"{units}d{FALL_DIE}: 1d{FALL_DIE} per unit fallen (a unit is 2 m)"]
    if faces is not None:
        lines.append(f"Rolled {', '.join(map(str, faces)) or 'nothing'} = {sum(faces)}")
    return {
        "damage": sum(faces) if faces is not None else None,
        "distribution": dist.to_pairs(),
        "mean": json_number(dist.mean()),
        "rolled": faces if seed is not None else None,
        "breakdown": lines,
    }


REGISTRY.add(
    Calculator(
        rule_id("damage"),
        "Damage dealt",
        inputs=(
            int_input(
                "attack_roll",
                "Attack roll",
                18,
                0,
                500,
                help="The total rolled on the attack dice.",
            ),
            assumption_input(
                "weapon_bonus", "Weapon damage bonus", A_WEAPON_BONUS, low=-100, high=100
            ),
            int_input(
                "goal",
                "Goal",
                12,
                0,
                500,
                help="Armor value, dodge or the goal that was rolled against.",
            ),
            int_input("resistances", "Resistances", 0, 0, 100),
            int_input("weaknesses", "Weaknesses", 0, 0, 100),
            bool_input("immune", "Immune", False, help="A resistance of infinity."),
            choice_input("mode", "Way of calculating", "simple", ("simple", "complex")),
            int_input(
                "percentile",
                "Percentile roll",
                None,
                1,
                100,
                help="Complex only: the d100 (a double zero is 100); leave empty for the exact "
                "odds.",
                optional=True,
            ),
            assumption_input("resist", "Resistances", A_RESIST, RESIST_CHOICES, group=ASSUMED),
            assumption_input(
                "min_damage", "Least damage", A_MIN_DAMAGE, low=-1000, high=0, group=ASSUMED
            ),
        ),
        outputs=(
            Output("damage", "Damage", "int"),
            Output("simple", "Simple damage", "int"),
            Output("distribution", "Damage", "distribution"),
        ),
        compute=compute_damage,
        rule=rule_id("d10_damage"),
        assumptions=(A_RESIST, A_WEAPON_BONUS, A_MIN_DAMAGE, A_PERCENTILE),
        rolls=True,
        help="Simple: attack roll + weapon bonus − goal − resistances + weaknesses. Complex: "
        "that × 2 × percentile/100, rounded up.",
    )
)

REGISTRY.add(
    Calculator(
        rule_id("fall"),
        "Fall damage",
        inputs=(
            int_input("units", "Units fallen", 2, 0, 60, help="A unit is 2 m."),
            dice_input(
                "rolls", "Dice rolled", 6, help="One d6 per unit; leave empty for the exact odds."
            ),
        ),
        outputs=(
            Output("damage", "Damage", "int"),
            Output("mean", "Average damage", "number"),
            Output("distribution", "Damage", "distribution"),
        ),
        compute=compute_fall,
        rule=rule_id("fall_damage"),
        rolls=True,
        help="1d6 damage per unit fallen.",
    )
)
