"""Actions in a Turn: a full-round action, or a standard, a move and a minor action."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from ...format import plural

ACTIONS = ("standard", "move", "minor")
SLOTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("standard", ("standard", "move", "minor")),
    ("move", ("move", "minor")),
    ("minor", ("minor",)),
)
"""'a standard action, a move action, and a minor action. The player may substitute a move
action for a standard action, or a minor action for a move action': each slot of a Turn and
what may fill it, cheapest first; a minor action in the standard slot takes two
substitutions (assumption ``pendragon.assume_substitutions``, reading ``chain``)."""
MAX_INSTANT = 1
"""'a creature can only take a single Instant action each round'."""


def allowed_fill(slot: str, action: str, substitutions: str) -> bool:
    """Whether ``action`` may fill the ``slot`` of a Turn under a substitutions reading.

    >>> allowed_fill("standard", "move", "both"), allowed_fill("standard", "minor", "both")
    (True, False)
    >>> allowed_fill("standard", "minor", "chain")
    True
    """
    fills = dict(SLOTS)[slot]
    if action not in fills:
        return False
    return fills.index(action) < 2 or substitutions == "chain"


def turn_plans(substitutions: str) -> list[tuple[str | None, ...]]:
    """Every way to fill the three slots of a Turn (``None`` = slot left unused).

    >>> plans = turn_plans("both")
    >>> ("move", "minor", "minor") in plans, ("minor", "minor", "minor") in plans
    (True, False)
    >>> ("move", "minor", "minor") in turn_plans("either")
    False
    """
    options = [
        [None, *(a for a in fills if allowed_fill(slot, a, substitutions))] for slot, fills in SLOTS
    ]
    plans = []
    for plan in itertools.product(*options):
        if substitutions == "either" and _substitution_count(plan) > 1:
            continue
        plans.append(plan)
    return plans


def _substitution_count(plan: tuple[str | None, ...]) -> int:
    return sum(
        dict(SLOTS)[slot].index(action)
        for (slot, _), action in zip(SLOTS, plan, strict=True)
        if action is not None
    )


def _plan_text(plan: tuple[str | None, ...]) -> str:
    counts = Counter(a for a in plan if a is not None)
    words = [plural(counts[a], f"{a} action") for a in ACTIONS if counts[a]]
    return " + ".join(words) if words else "no action"


def compute_turn(
    full_round: int, standard: int, move: int, minor: int, instant: int, substitutions: str = "both"
) -> dict[str, Any]:
    """Whether the actions planned for a Turn (and instant actions in the round) are allowed.

    >>> compute_turn(0, 0, 2, 1, 0)["allowed"]
    True
    >>> compute_turn(0, 0, 0, 3, 0)["problems"]
    ['3 minor actions do not fit in a Turn: the choices are listed under Whole Turns allowed.']
    >>> compute_turn(0, 0, 0, 3, 0, "chain")["allowed"]
    True
    """
    problems: list[str] = []
    plan: dict[str, str] = {}
    maximal = {_plan_text(p): p for p in turn_plans(substitutions) if all(a is not None for a in p)}
    options = [
        "1 full-round action",
        *sorted(maximal, key=lambda t: _substitution_count(maximal[t])),
    ]
    breakdown = [
        "A Turn is either a single full-round action, or a standard action, a move action "
        "and a minor action",
        {
            "both": "Substitutions (default reading): a move action for the standard action "
            "and/or a minor action for the move action",
            "either": "Substitutions (reading 'either'): a move action for the standard action "
            "or a minor action for the move action, not both",
            "chain": "Substitutions (reading 'chain'): a move or minor action for the standard "
            "action, a minor action for the move action",
        }[substitutions],
    ]
    if full_round:
        if full_round > 1:
            problems.append("Only a single full-round action fits in a Turn.")
        if standard or move or minor:
            problems.append(
                "A full-round action takes the whole Turn: no standard, move or minor action "
                "can go with it."
            )
        if not problems:
            plan["Turn"] = "full-round action"
    else:
        wanted = Counter(standard=standard, move=move, minor=minor)
        fits = [
            p
            for p in turn_plans(substitutions)
            if Counter(a for a in p if a is not None) == +wanted
        ]
        if fits:
            best = min(fits, key=_substitution_count)
            if not any(best):
                plan["Turn"] = "no action (a participant may choose not to act)"
            for (slot, _), action in zip(SLOTS, best, strict=True):
                if action is None:
                    continue
                label = f"{slot.capitalize()} action"
                plan[label] = f"{action} action" if action == slot else f"{action} action (instead)"
            breakdown.append(
                f"Planned: {_plan_text(best)}; "
                + (
                    "no substitution needed"
                    if not _substitution_count(best)
                    else plural(_substitution_count(best), "substitution")
                )
            )
        else:
            asked = tuple(a for a in ACTIONS for _ in range(wanted[a]))
            problems.append(
                f"{_plan_text(asked)} do not fit in a Turn: the choices are listed under "
                "Whole Turns allowed."
            )
    if instant > MAX_INSTANT:
        problems.append(
            f"Only a single Instant action each round; {instant} planned. Once it has used any "
            "Instant action, a creature cannot take another until its next Turn."
        )
    if instant:
        plan["Instant action"] = f"{min(instant, MAX_INSTANT)}, out of turn, once per round"
    breakdown.append(
        f"Instant actions: at most {MAX_INSTANT} each round, in addition to the Turn's actions"
    )
    return {
        "allowed": not problems,
        "plan": plan if not problems else None,
        "options": options,
        "problems": problems,
        "breakdown": breakdown,
    }
