"""Losing Vigor, Endurance and Health: Damage taken in that order; Winded and Downed."""

from __future__ import annotations

from typing import Any

from .rules import CARRY_OVER


def compute_health(
    vigor: int, endurance: int, health: int, damage: int, carry_over: bool = CARRY_OVER
) -> dict[str, Any]:
    """Damage taken from Vigor, then Endurance, then Health.

    >>> r = compute_health(3, 5, 10, 10)
    >>> r["vigor_after"], r["endurance_after"], r["health_after"], r["winded"]
    (0, 0, 8, True)
    >>> compute_health(3, 5, 10, 10, carry_over=False)["health_after"]
    10
    """
    from_vigor = min(vigor, damage)
    rest = damage - from_vigor
    from_endurance = min(endurance, rest)
    rest -= from_endurance
    reaches_health = carry_over or endurance == 0
    from_health = min(health, rest) if reaches_health else 0
    rest -= from_health
    after = {
        "vigor_after": vigor - from_vigor,
        "endurance_after": endurance - from_endurance,
        "health_after": health - from_health,
    }
    breakdown = [
        f"Vigor {after['vigor_after']} = {vigor} \u2212 {from_vigor} (Vigor is lost first)",
        f"Endurance {after['endurance_after']} = {endurance} \u2212 {from_endurance}",
        f"Health {after['health_after']} = {health} \u2212 {from_health}",
    ]
    if rest:
        where = "Health is gone" if reaches_health else "it does not carry on to Health"
        breakdown.append(f"{rest} Damage not taken ({where})")
    winded = after["endurance_after"] == 0
    downed = after["health_after"] == 0
    if winded:
        breakdown.append("No Endurance: Winded")
    if downed:
        breakdown.append(
            "No Health: Downed"
            + (", and immediately loses one Condition" if health > 0 else " (already)")
        )
    return {**after, "winded": winded, "downed": downed, "breakdown": breakdown}
