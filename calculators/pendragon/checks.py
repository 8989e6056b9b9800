"""Checks: the wound penalty, the result a check needs against a Difficulty."""

from __future__ import annotations

from typing import Any

from ..format import MINUS, plural, signed
from .rules import WOUND_PENALTY


def wound_penalty(wounds: int) -> int:
    """The penalty to all checks from ``wounds`` (formula ``pendragon.check_penalty``).

    The quick reference's example: 'a creature that has taken 3 wounds suffers a -3 penalty'.

    >>> wound_penalty(3)
    -3
    >>> wound_penalty(0)
    0
    """
    return WOUND_PENALTY * wounds


def result_needed(difficulty: int, penalty: int, meet: str = "equal or higher") -> int:
    """The lowest check result, before the wound penalty, that succeeds against ``difficulty``.

    ``meet`` is the reading of assumption ``pendragon.assume_meet_difficulty``:
    ``"equal or higher"`` (the default) or ``"higher"``.

    >>> result_needed(15, -3)
    18
    >>> result_needed(15, -3, "higher")
    19
    """
    return difficulty - penalty + (1 if meet == "higher" else 0)


def check_succeeds(
    result: int, penalty: int, difficulty: int, meet: str = "equal or higher"
) -> bool:
    """Whether a check ``result`` (before the wound penalty) succeeds against ``difficulty``.

    'Remember to subtract the creature's wounds from the check result' (formula
    ``pendragon.check_result``).

    >>> check_succeeds(12, -2, 10), check_succeeds(12, -2, 10, "higher"), check_succeeds(11, -2, 10)
    (True, False, False)
    """
    return result >= result_needed(difficulty, penalty, meet)


def compute_check(
    result: int, wounds: int, difficulty: int, meet: str = "equal or higher"
) -> dict[str, Any]:
    """A check result against a Difficulty, after subtracting the creature's wounds.

    A rally with 3 wounds and a result of 12: 12 − 3 = 9 misses Difficulty 10.

    >>> r = compute_check(12, 3, 10)
    >>> r["total"], r["success"], r["needed"]
    (9, False, 13)
    """
    penalty = wound_penalty(wounds)
    total = result + penalty
    needed = result_needed(difficulty, penalty, meet)
    success = check_succeeds(result, penalty, difficulty, meet)
    compare = "equal to or higher than" if meet == "equal or higher" else "higher than"
    return {
        "total": total,
        "success": success,
        "check_penalty": penalty,
        "needed": needed,
        "breakdown": [
            f"Result after wounds {signed(total)} = check result {signed(result)} {MINUS} "
            f"{plural(wounds, 'wound')} ({signed(WOUND_PENALTY)} each)",
            f"{'Success' if success else 'Failure'}: it must be {compare} the Difficulty "
            f"{difficulty}",
            f"Lowest result before the wound penalty that succeeds: {needed}",
        ],
    }
