"""Actions in a turn: one Standard, one Movement and one Swift Action, and downgrades."""

from __future__ import annotations

import itertools
from typing import Any

from .rules import (
    DOWNGRADE_CHOICES,
    SURPRISE_CHOICES,
    TURN_ACTIONS,
)


def turn_plan(
    standard: int = 1,
    movement: int = 1,
    swift: int = 1,
    speed: int = 6,
    surprise_round: bool = False,
    downgrade: str = DOWNGRADE_CHOICES[0],
    surprise: str = SURPRISE_CHOICES[0],
) -> dict[str, Any]:
    """Whether a turn can hold the actions wanted, downgrading as the rules allow.

    A turn has one Standard, one Movement and one Swift Action (plus unlimited Free
    Actions); an action may be downgraded to a lower one. ``downgrade`` carries
    ``space_shard.downgrade_any_lower``, ``surprise`` ``space_shard.surprise_round_one_action``.

    The rulebook's example, a Standard Action downgraded to have 2 Movement Actions and a
    Swift Action:

    >>> r = turn_plan(0, 2, 1)
    >>> r["allowed"], r["plan"]["Standard Action"], r["plan"]["Swift Action"]
    (True, 'used as a Movement Action', 'Swift Action')
    >>> r["max_move"]
    12
    >>> turn_plan(2, 0, 0)["allowed"]
    False
    """
    wanted = {"standard": standard, "movement": movement, "swift": swift}
    names = {a: f"{a.capitalize()} Action" for a in TURN_ACTIONS}
    problems: list[str] = []
    if surprise_round and surprise == SURPRISE_CHOICES[0]:
        slots: list[tuple[str, tuple[str, ...]]] = [("surprise", TURN_ACTIONS)]
    else:
        slots = []
        for i, slot in enumerate(TURN_ACTIONS):
            lower = TURN_ACTIONS[i + 1 :]
            if downgrade == DOWNGRADE_CHOICES[1]:
                lower = lower[:1]
            slots.append((slot, (slot, *lower)))
    plan = _fill(slots, wanted)
    if plan is None:
        what = ", ".join(f"{n} {names[a]}{'s' if n != 1 else ''}" for a, n in wanted.items() if n)
        if surprise_round and surprise == SURPRISE_CHOICES[0]:
            problems.append(
                f"In the Surprise Round you take one Standard, Swift or Movement Action; "
                f"{what or 'nothing'} is too much."
            )
        else:
            problems.append(
                f"A turn has one Standard, one Movement and one Swift Action, and an action can "
                f"only be downgraded to a lower one ({downgrade}); {what} do not fit."
            )
    shown = None
    if plan is not None:
        label = {"surprise": "Surprise Round action", **names}
        shown = {}
        for slot, use in plan:
            if use is None:
                shown[label[slot]] = "unused"
            elif use == slot:
                shown[label[slot]] = names[use]
            else:
                shown[label[slot]] = f"used as a {names[use]}"
    moves = movement if plan is not None else 0
    return {
        "allowed": plan is not None,
        "plan": shown,
        "problems": problems,
        "max_move": moves * speed,
        "breakdown": [
            "A turn: 1 Standard, 1 Movement and 1 Swift Action, plus unlimited Free Actions",
            "Downgrading: Standard > Movement > Swift"
            + (" (one step only)" if downgrade == DOWNGRADE_CHOICES[1] else ""),
            f"Movement up to {moves * speed} m = {moves} Movement Action"
            f"{'' if moves == 1 else 's'} × Speed {speed} m",
        ],
    }


def _fill(
    slots: list[tuple[str, tuple[str, ...]]], wanted: dict[str, int]
) -> list[tuple[str, str | None]] | None:
    """Assign each slot one of its allowed uses (or none) to cover ``wanted`` exactly."""
    options = [(*uses, None) for _, uses in slots]
    for choice in itertools.product(*options):
        counts = {a: sum(1 for c in choice if c == a) for a in wanted}
        if counts == wanted:
            return [(slot, use) for (slot, _), use in zip(slots, choice, strict=True)]
    return None
