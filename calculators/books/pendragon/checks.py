"""Checks: the wound penalty, the result a check needs against a Difficulty (the check
calculator itself is declared in ``rules_data/pendragon/damage.yml``)."""

from __future__ import annotations

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


