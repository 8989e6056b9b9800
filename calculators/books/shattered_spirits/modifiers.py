"""Attack Roll modifiers: the chapter's table, High Ground, Cover, Swimming and Reactions."""

from __future__ import annotations

from typing import Any

from ... import data
from ...errors import InputError
from ...format import with_sign
from .rules import (
    FOCUS_PER_HOSTILE,
    MODIFIERS_TABLE,
    REACTION_DIRECTION,
)


def modifier_row(situation: str) -> dict[str, Any]:
    """The Attack Roll modifiers table row whose Situation starts with ``situation``.

    >>> modifier_row("Deflect")["Modifier"], modifier_row("Target within")["Modifier"]
    (-1, 1)
    """
    for row in data.table(MODIFIERS_TABLE):
        if str(row["Situation"]).startswith(situation):
            return row
    raise ValueError(f"{MODIFIERS_TABLE} has no row for {situation!r}")


def reaction_penalty(speed: int, phase: int, direction: str = REACTION_DIRECTION) -> int:
    """Penalty for a Technique used through a Reaction (formula ``reaction_penalty``).

    'take a penalty to the Attack Roll equal to the difference between the Speed of
    the Technique and the current Phase'; ``direction`` is the reading of
    assumption ``shattered_spirits.reaction_penalty_direction``.

    >>> reaction_penalty(5, 2), reaction_penalty(2, 5), reaction_penalty(2, 5, "early_only")
    (3, 3, 0)
    """
    difference = speed - phase
    return abs(difference) if direction == "absolute" else max(difference, 0)


def compute_attack_modifiers(
    attack_range: str,
    deflect: int,
    adjacent_hostiles: int,
    focus_paid: int,
    elevation: str,
    cover: bool,
    already_glancing: bool,
    attacker_swimming: bool,
    target_swimming: bool,
    reaction: bool,
    technique_speed: int,
    phase: int,
    reaction_direction: str,
    other: int,
) -> dict[str, Any]:
    """Net Attack Roll modifier, mode and Glancing of an Attack from its situation.

    >>> r = compute_attack_modifiers("ranged", 1, 2, 1, "same", True, False, False, False,
    ...                              False, 3, 3, "absolute", 0)
    >>> r["modifier"], r["glancing"], r["auto_miss"], r["focus_cost"]
    (-2, True, False, 1)
    >>> r = compute_attack_modifiers("melee", 0, 0, 0, "target_lower", True, False, False, True,
    ...                              True, 5, 2, "absolute", 0)
    >>> r["modifier"], r["mode"]
    (-3, 'advantage')
    """
    melee = attack_range == "melee"
    if focus_paid > adjacent_hostiles:
        raise InputError(
            "focus_paid",
            f"Focus negates the penalty for adjacent hostile creatures, {FOCUS_PER_HOSTILE} per "
            f"creature: at most {adjacent_hostiles * FOCUS_PER_HOSTILE} Focus here.",
        )
    total = 0
    lines = []

    def add(value: int, text: str) -> None:
        nonlocal total
        total += value
        lines.append(f"{with_sign(value)} {text}")

    if deflect:
        add(deflect * modifier_row("Deflect")["Modifier"], f"Deflect \u00d7 {deflect}")
    if adjacent_hostiles:
        if melee:
            lines.append("Adjacent hostile creatures: no penalty to a Melee Attack")
        else:
            step = modifier_row("Each hostile creature adjacent")["Modifier"]
            add(step * adjacent_hostiles, f"{adjacent_hostiles} adjacent hostile creature(s)")
            if focus_paid:
                add(-step * focus_paid, f"negated with {focus_paid} Focus")
    target_cover = cover or target_swimming
    if elevation != "same":
        if not melee:
            lines.append("High Ground changes only Melee Attack Rolls")
        elif elevation == "target_lower":
            add(modifier_row("Target within")["Modifier"], "High Ground (target lower, in Reach)")
        else:
            add(modifier_row("Target at a higher")["Modifier"], "target at a higher Elevation")
    auto_miss = False
    glancing = already_glancing
    if target_cover:
        why = "target in Cover" + (" (Swimming)" if target_swimming and not cover else "")
        if melee:
            add(modifier_row("Target in Cover")["Modifier"], why)
        elif already_glancing:
            auto_miss, glancing = True, False
            lines.append(f"{why}: a Ranged Attack already Glancing automatically Misses")
        else:
            glancing = True
            lines.append(f"{why}: the Ranged Attack is Glancing")
    if reaction:
        penalty = reaction_penalty(technique_speed, phase, reaction_direction)
        add(-penalty, f"Reaction: Speed {technique_speed} Technique in Phase {phase}")
    if other:
        add(other, "other modifiers")
    advantage, disadvantage = target_swimming, attacker_swimming
    mode = (
        "both"
        if advantage and disadvantage
        else "advantage"
        if advantage
        else "disadvantage"
        if disadvantage
        else "normal"
    )
    if attacker_swimming:
        lines.append("Attacker Swimming: Disadvantage")
    if target_swimming:
        lines.append("Target Swimming: Advantage on Attacks against it")
    lines.insert(0, f"Net modifier {with_sign(total)}")
    return {
        "modifier": total,
        "mode": mode,
        "glancing": glancing,
        "auto_miss": auto_miss,
        "focus_cost": 0 if melee else focus_paid,
        "breakdown": lines,
    }
