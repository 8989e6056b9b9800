"""Damage: simple and complex damage dealt (fall damage is declared in
``rules_data/glittershard/status_effects.yml``)."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from ...dice import Dist, d100
from ...format import json_number, term


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


