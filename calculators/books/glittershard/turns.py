"""A combat turn: the turn order (Nimbleness + 1d10) and the movement of a turn."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...dice import Dist, fraction_str, roll_dice
from ...errors import InputError
from ...format import MINUS
from ...inputs import split_items
from ...rolls import rng_from_seed
from .rules import OFFENSIVE_TRADE_UNITS, TRIVIAL_TRADE_UNITS, TURN_ORDER_DIE
from .tables import movement_costs


def parse_participants(text: str) -> list[tuple[str, int, int | None]]:
    """``(name, Nimbleness, d10 roll or None)`` from ``"Aria 3; Bandit 1 7"``.

    >>> parse_participants("Aria 3; Bandit -1 7")
    [('Aria', 3, None), ('Bandit', -1, 7)]
    >>> parse_participants("Aria")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: participants: Write each participant as a name, ...
    """
    out: list[tuple[str, int, int | None]] = []
    for item in split_items(text, ";\n"):
        match = re.fullmatch(r"\s*(.*?\S)\s+([+\-\u2212]?\d{1,3})(?:\s+(\d{1,3}))?\s*", item)
        if match is None:
            raise InputError(
                "participants",
                "Write each participant as a name, a Nimbleness score and optionally the d10 "
                f"rolled, like 'Aria 3' or 'Aria 3 7'; got {item!r}.",
            )
        name = match.group(1)
        nim = int(match.group(2).replace(MINUS, "-"))
        roll = int(match.group(3)) if match.group(3) else None
        if roll is not None and not 1 <= roll <= TURN_ORDER_DIE:
            raise InputError(
                "participants", f"{name}'s d10 roll must be from 1 to {TURN_ORDER_DIE}; got {roll}."
            )
        if any(name == other for other, _, _ in out):
            raise InputError("participants", f"{name} is listed twice; give each a unique name.")
        out.append((name, nim, roll))
    if not out:
        raise InputError("participants", "List at least one participant, like 'Aria 3'.")
    if len(out) > 12:
        raise InputError("participants", "List at most 12 participants.")
    return out


def p_first(nims: Sequence[int], rolls: Sequence[Dist]) -> list[Fraction]:
    """Each participant's exact chance to act first.

    Highest Nimbleness + d10 goes first; ties go to the higher Nimbleness, then to a
    secondary d10 each, rolled again until they differ (assumption
    ``glittershard.turn_order_ties``), so a full tie of k is won 1 time in k.

    >>> p_first([0, 0], [Dist.die(10), Dist.die(10)])
    [Fraction(1, 2), Fraction(1, 2)]
    >>> p_first([1, 0], [Dist.die(10), Dist.die(10)])
    [Fraction(16, 25), Fraction(9, 25)]
    """
    out = []
    for i, (nim_i, roll_i) in enumerate(zip(nims, rolls, strict=True)):
        total = Fraction(0)
        for d, p in roll_i.items():
            score = nim_i + d
            ties = [Fraction(1)]  # ties[k]: no one beats i and exactly k tie fully
            for j, (nim_j, roll_j) in enumerate(zip(nims, rolls, strict=True)):
                if j == i:
                    continue
                other = roll_j + nim_j
                equal = other.p_eq(score)
                beat = other.p_gt(score) + (equal if nim_j > nim_i else 0)
                tie = equal if nim_j == nim_i else Fraction(0)
                lose = 1 - beat - tie
                ties = [
                    (ties[k] if k < len(ties) else 0) * lose + (ties[k - 1] * tie if k else 0)
                    for k in range(len(ties) + 1)
                ]
            total += p * sum((c / (k + 1) for k, c in enumerate(ties)), Fraction(0))
        out.append(total)
    return out


def compute_turn_order(
    participants: str = "Aria 3; Bandit 1; Cat 3", seed: int | None = None
) -> dict[str, Any]:
    """Turn order: Nimbleness + 1d10, ties to the higher Nimbleness, then a d10 each.

    >>> r = compute_turn_order("Aria 3 7; Bandit 1 9; Cat 3 5")
    >>> r["order"]
    ['1. Aria: Nim 3 + d10 7 = 10', '2. Bandit: Nim 1 + d10 9 = 10', '3. Cat: Nim 3 + d10 5 = 8']
    >>> compute_turn_order("Aria 3; Bandit 1")["p_first"]
    {'Aria': '18/25', 'Bandit': '7/25'}
    """
    people = parse_participants(participants)
    rng = rng_from_seed(seed)
    rolled: dict[str, Any] = {}
    known: list[int | None] = []
    for name, _, roll in people:
        if roll is None and rng is not None:
            roll = rng.randint(1, TURN_ORDER_DIE)
            rolled[name] = roll
        known.append(roll)
    dists = [Dist.constant(r) if r is not None else Dist.die(TURN_ORDER_DIE) for r in known]
    odds = p_first([nim for _, nim, _ in people], dists)
    order: list[str] = []
    ties: list[str] = []
    if all(r is not None for r in known):
        rows = [
            (nim + (roll or 0), nim, name, roll or 0)
            for (name, nim, _), roll in zip(people, known, strict=True)
        ]
        groups: dict[tuple[int, int], list[tuple[str, int]]] = {}
        for score, nim, name, roll in rows:
            groups.setdefault((score, nim), []).append((name, roll))
        place = 1
        for (score, nim), members in sorted(groups.items(), reverse=True):
            if len(members) > 1:
                names = " and ".join(m[0] for m in members)
                if rng is not None:
                    secondary = roll_dice(len(members), TURN_ORDER_DIE, rng)
                    while len(set(secondary)) < len(secondary):
                        secondary = roll_dice(len(members), TURN_ORDER_DIE, rng)
                    rolled[f"secondary: {names}"] = secondary
                    members = [
                        m
                        for _, m in sorted(
                            zip(secondary, members, strict=True), key=lambda t: -t[0]
                        )
                    ]
                else:
                    ties.append(
                        f"{names} tie at {score} with Nim {nim}: each rolls a d10, highest "
                        "first (again if equal)"
                    )
            for name, roll in members:
                order.append(f"{place}. {name}: Nim {nim} + d10 {roll} = {score}")
                place += 1
    breakdown = [
        f"Turn order score = Nimbleness + 1d{TURN_ORDER_DIE}; highest acts first",
        "Equal scores: the higher Nimbleness first; still equal: a d10 each, rolled again "
        "while equal",
        "Chances to act first count the d10s not given yet",
    ]
    return {
        "order": order,
        "ties": ties,
        "p_first": {name: fraction_str(p) for (name, _, _), p in zip(people, odds, strict=True)},
        "rolled": rolled if seed is not None else None,
        "breakdown": breakdown,
    }


def compute_movement(
    speed: int = 6,
    trade_offensive: bool = False,
    extra_trivial: int = 0,
    slow_action_units: int = 0,
    **actions: int,
) -> dict[str, Any]:
    """A turn's movement budget: units, trades and the unit cost of each action.

    'One Offensive action can be traded for six more units of movement, and three units
    of movement can be traded for one Trivial action.'

    >>> r = compute_movement(6, walking=2, climbing=1, standing_up=1)
    >>> r["units"], r["units_used"], r["units_left"], r["allowed"]
    (6, 7, -1, False)
    >>> compute_movement(6, True, 1, walking=5, climbing=2)["units_left"]
    0
    """
    units = speed + (OFFENSIVE_TRADE_UNITS if trade_offensive else 0)
    used = TRIVIAL_TRADE_UNITS * extra_trivial + slow_action_units
    lines = [
        f"Units: {speed} speed"
        + (f" + {OFFENSIVE_TRADE_UNITS} for the traded Offensive action" if trade_offensive else "")
        + f" = {units}"
    ]
    for name, action, cost in movement_costs():
        count = actions.get(name, 0)
        if count:
            used += cost * count
            lines.append(f"{action}: {count} × {cost} = {cost * count} units")
    if extra_trivial:
        lines.append(
            f"{extra_trivial} extra Trivial action{'s' if extra_trivial != 1 else ''}: "
            f"{extra_trivial} × {TRIVIAL_TRADE_UNITS} = {extra_trivial * TRIVIAL_TRADE_UNITS} units"
        )
    if slow_action_units:
        lines.append(f"Slow Offensive action: {slow_action_units} units")
    problems = []
    if used > units:
        problems.append(f"The turn uses {used} units of movement but only {units} are available.")
    if slow_action_units and trade_offensive:
        problems.append(
            "A slow Offensive action needs the Offensive action, which was traded for movement."
        )
    return {
        "units": units,
        "units_used": used,
        "units_left": units - used,
        "offensive_actions": 0 if trade_offensive else 1,
        "trivial_actions": 1 + extra_trivial,
        "allowed": not problems,
        "problems": problems,
        "breakdown": lines,
    }
