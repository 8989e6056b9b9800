"""Healing: magical healing and its recovery points, and natural healing on long rests."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...errors import InputError
from ...rounding import round_by, rounding_text
from .rules import (
    NATURAL_HEALING_PERCENT,
)


def _check_health(health: int, max_health: int) -> None:
    """Refuse a current health above the maximum health (a cross-field check)."""
    if health > max_health:
        raise InputError(
            "health", f"Current health can't be above the maximum health ({max_health})."
        )


def compute_healing(
    health: int = 10,
    max_health: int = 20,
    healing: int = 15,
    recovery_points: int = 0,
    effect: str = "magical_health",
) -> dict[str, Any]:
    """Magical healing: it burns a recovery point, or costs half its value without one.

    The rulebook's example: 'if a spell does 15 points of healing, but the target has
    used their recovery points, they lose seven health but gain 15 magical health.'

    >>> r = compute_healing(10, 20, 15, 0)
    >>> r["health_lost"], r["magical_health"], r["health_after"], r["recovery_points_after"]
    (7, 15, 3, 0)
    >>> r = compute_healing(10, 20, 15, 2, "health")
    >>> r["health_after"], r["recovery_points_after"]
    (20, 1)
    """
    _check_health(health, max_health)
    lines = []
    if recovery_points > 0:
        lost = 0
        points_after = recovery_points - 1
        lines.append(f"Burns a magical recovery point: {recovery_points} → {points_after}")
    else:
        lost = healing // 2
        points_after = 0
        lines.append(
            f"Out of magical recovery points: loses half of {healing}, rounded down as in the "
            f"rulebook's example: {lost} health"
        )
    after = health - lost
    gained = 0
    if effect == "magical_health":
        gained = healing
        lines.append(f"Gains {healing} magical health, drained first when damaged")
    else:
        restored = max(0, min(healing, max_health - after))
        lines.append(
            f"Restores {healing} health, up to the maximum of {max_health}: {after} → "
            f"{after + restored}"
        )
        after += restored
    lines.append("Magical health wears off after a short rest.")
    return {
        "health_lost": lost,
        "health_after": after,
        "magical_health": gained,
        "effective_health": after + gained,
        "recovery_points_after": points_after,
        "unconscious": after <= 0,
        "dead": after <= -max_health,
        "breakdown": lines,
    }


def compute_natural_healing(
    health: int = 5, max_health: int = 20, long_rests: int = 1, rounding: str = "floor"
) -> dict[str, Any]:
    """Natural healing: 25% of the maximum health each long rest, up to the maximum.

    >>> compute_natural_healing(5, 20, 1)["health_after"]
    10
    >>> compute_natural_healing(5, 22, 2)["per_rest"]
    5
    >>> compute_natural_healing(15, 20, 3)["health_after"]
    20
    """
    _check_health(health, max_health)
    per_rest = round_by(Fraction(max_health * NATURAL_HEALING_PERCENT, 100), rounding)
    after = health
    lines = [
        f"Each long rest heals {per_rest} = {NATURAL_HEALING_PERCENT}% of {max_health}, "
        f"{rounding_text(rounding)}"
    ]
    for rest in range(1, long_rests + 1):
        new = max(after, min(max_health, after + per_rest))
        lines.append(f"Long rest {rest}: {after} → {new}")
        after = new
    return {
        "health_after": after,
        "per_rest": per_rest,
        "healed": after - health,
        "breakdown": lines,
    }
