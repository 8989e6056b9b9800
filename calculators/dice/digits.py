"""Digit dice: ``d66`` and ``d666``, where each die is one digit of the result.

A ``d66`` is two six-sided dice read as a two-digit number, the first die the tens and the
second the units: 11 to 16, 21 to 26, ... 61 to 66, each of the 36 results 1/36. A ``d666``
adds a third die for the units (111 to 666). No result has a 0 or a digit above the die's
sides, so 17 and 40 are never rolled.

>>> digit_dice(1, 6, 2).p_eq(34), digit_dice(1, 6, 2).p_eq(17)
(Fraction(1, 36), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from .checks import _check_int
from .dist import Dist
from .weights import CACHE_SIZE

__all__ = ["digit_dice", "digit_value", "is_digit_die"]


def is_digit_die(written: str) -> bool:
    """Whether the sides of a die as written (``66`` of ``d66``) name digit dice: two or
    three of the same digit, 2 to 9 (``d66``, ``d666``, ``d88``); ``d100`` and ``d20`` are
    single dice.

    >>> [is_digit_die(s) for s in ("66", "666", "88", "6", "100", "11", "6666", "20")]
    [True, True, True, False, False, False, False, False]
    """
    return 2 <= len(written) <= 3 and len(set(written)) == 1 and written[0] in "23456789"


def digit_value(faces: Sequence[int]) -> int:
    """The number the faces of one digit die make, the first die the highest digit.

    >>> digit_value([3, 4]), digit_value([6, 1, 2])
    (34, 612)
    """
    value = 0
    for face in faces:
        value = value * 10 + face
    return value


def digit_dice(n: int, sides: int, digits: int) -> Dist:
    """The total of ``n`` digit dice, each ``digits`` dice of ``sides`` faces read as the
    digits of one number (``n`` = 1: a d66 is ``digit_dice(1, 6, 2)``); exact and cached.

    >>> d66 = digit_dice(1, 6, 2)
    >>> d66.min_outcome(), d66.max_outcome(), len(d66.to_pairs())
    (11, 66, 36)
    >>> sum(d66.p_eq(v) for v in range(11, 17))
    Fraction(1, 6)
    >>> digit_dice(2, 6, 2).min_outcome(), digit_dice(0, 6, 2).to_pairs()
    (22, [[0, '1/1']])
    """
    return _digit_dice(_check_int("n", n, 0), _check_int("sides", sides, 1),
                       _check_int("digits", digits, 1))


@lru_cache(maxsize=CACHE_SIZE)
def _digit_dice(n: int, sides: int, digits: int) -> Dist:
    """Cached :func:`digit_dice` (arguments already validated)."""
    one = Dist.from_weights(
        {digit_value(faces): 1 for faces in product(range(1, sides + 1), repeat=digits)}
    )
    total = Dist.constant(0)
    for _ in range(n):
        total = total + one
    return total
