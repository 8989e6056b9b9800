"""Calculating Damage in the rulebook's order: base, modifiers, Glancing, Vulnerable, Guard."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ... import data
from ...format import decimal_text, with_sign
from .profile import extreme_high
from .rules import (
    DAMAGE_ORDER_TABLE,
    EXTREME_STEP,
    GLANCING_DIVISOR,
    GUARD_MINIMUM,
    VULNERABLE_FACTOR,
    round_up,
)


def compute_damage(
    base: int,
    modifier: int,
    glancing: bool,
    vulnerable: bool,
    guard: int,
    extreme: bool = False,
    glancing_divisor: int = GLANCING_DIVISOR,
    vulnerable_factor: int = VULNERABLE_FACTOR,
    guard_minimum: int = GUARD_MINIMUM,
    extreme_step: str = EXTREME_STEP,
) -> dict[str, Any]:
    """Damage dealt, in the rulebook's order: base, modifiers, Glancing, Vulnerable, Guard.

    The arithmetic of Glancing, Vulnerable and Guard is not in the rulebook: the
    defaults are the assumptions (half rounded up, double, subtract to at least 0).

    >>> compute_damage(7, 0, False, False, 0)["damage"]
    7
    >>> r = compute_damage(7, 2, True, True, 3)
    >>> r["damage"], r["steps"][2]
    (7, 'Step 3, Glancing: 9 \u00f7 2 = 4.5, rounded up to 5')
    >>> compute_damage(10, 0, False, False, 0, extreme=True)["damage"]
    12
    """
    damage = 0
    steps = []
    extra = extreme_high()["extra_damage"] if extreme else 0
    for row in data.table(DAMAGE_ORDER_TABLE):
        step, what = row["Step"], row["Calculator input"]
        if what == "base":
            damage = base
            steps.append(f"Step {step}, base Damage: {base}")
        elif what == "modifier":
            bonus = extra if extreme_step == "step_2" and base > 0 else 0
            total = damage + modifier + bonus
            text = f"Step {step}, modifiers: {damage} {with_sign(modifier)}"
            if extreme:
                text += (
                    f" {with_sign(bonus)} Attack Roll above 12"
                    if extreme_step == "step_2"
                    else f" (the {extra} Damage above 12 comes last)"
                )
            damage = max(total, 0)
            text += f" = {total}" + (", counts as 0" if total < 0 else "")
            steps.append(text)
        elif what == "glancing":
            if glancing:
                after = round_up(damage, glancing_divisor)
                exact = Fraction(damage, glancing_divisor)
                shown = decimal_text(exact)
                rounded = f", rounded up to {after}" if exact.denominator != 1 else ""
                steps.append(
                    f"Step {step}, Glancing: {damage} \u00f7 {glancing_divisor} = {shown}{rounded}"
                )
                damage = after
            else:
                steps.append(f"Step {step}, Glancing: not Glancing, {damage}")
        elif what == "vulnerable":
            if vulnerable:
                after = damage * vulnerable_factor
                steps.append(
                    f"Step {step}, Vulnerable: {damage} \u00d7 {vulnerable_factor} = {after}"
                )
                damage = after
            else:
                steps.append(f"Step {step}, Vulnerable: not Vulnerable, {damage}")
        elif what == "guard":
            after = max(damage - guard, min(damage, guard_minimum))
            floor = f", not below {guard_minimum}" if damage - guard < after else ""
            steps.append(f"Step {step}, Guard {guard}: {damage} \u2212 {guard}{floor} = {after}")
            damage = after
    if extreme and extreme_step == "after_guard":
        bonus = extra if damage > 0 else 0
        steps.append(f"Attack Roll above 12: {damage} {with_sign(bonus)} = {damage + bonus}")
        damage += bonus
    return {
        "damage": damage,
        "steps": steps,
        "breakdown": [f"Damage {damage} after the {len(steps)} steps of the damage order"],
    }
