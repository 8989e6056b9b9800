"""Whole numbers from fractions, by the rounding a rule (or an assumption) names.

The rulebooks divide without always saying how to round; where an assumption chooses, its
reading is one of the names :func:`round_by` takes.
"""

from __future__ import annotations

import math
from fractions import Fraction

ROUNDING_TEXT = {
    "floor": "rounded down",
    "up": "rounded up",
    "nearest": "rounded to the nearest, halves up",
    "toward_zero": "rounded toward zero",
    "down": "rounded down",
}
"""Each rounding's words, for breakdowns."""


def round_by(value: Fraction, how: str) -> int:
    """``value`` rounded down (``floor`` or ``down``), up, toward zero, or to the nearest.

    ``nearest`` rounds halves up; it is also what any other name means.

    >>> [round_by(Fraction(21, 2), h) for h in ("floor", "down", "nearest", "up")]
    [10, 10, 11, 11]
    >>> round_by(Fraction(-5, 2), "toward_zero"), round_by(Fraction(-5, 2), "floor")
    (-2, -3)
    """
    if how in ("floor", "down"):
        return math.floor(value)
    if how == "up":
        return math.ceil(value)
    if how == "toward_zero":
        return math.trunc(value)
    return math.floor(value + Fraction(1, 2))


def divide(numerator: int, denominator: int, how: str) -> int:
    """``numerator / denominator`` as a whole number, rounded as :func:`round_by` says.

    >>> divide(7, 2, "down"), divide(7, 2, "up"), divide(6, 3, "up"), divide(-3, 2, "up")
    (3, 4, 2, -1)
    """
    return round_by(Fraction(numerator, denominator), how)


def rounding_text(how: str) -> str:
    """Words for a rounding, for breakdowns (the name itself if it has none).

    >>> rounding_text("floor"), rounding_text("up")
    ('rounded down', 'rounded up')
    """
    return ROUNDING_TEXT.get(how, how)
