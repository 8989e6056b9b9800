"""Dice a calculator is given or rolls: exact odds, the faces given, or a seeded roll.

A calculator that ``rolls`` takes optional die faces and an optional ``seed``. Without
either it reports the exact odds; with faces it resolves those; with a seed alone it rolls
them with ``random.Random(seed)``, so the same seed replays the same roll.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .dice import roll_dice
from .errors import InputError


def rng_from_seed(seed: int | None) -> random.Random | None:
    """A random source for ``seed``, or ``None`` without one (exact odds, nothing rolled).

    >>> rng_from_seed(None) is None
    True
    >>> rng_from_seed(7).randint(1, 6) == random.Random(7).randint(1, 6)
    True
    """
    return random.Random(seed) if seed is not None else None


def faces_or_roll(
    field: str,
    faces: list[int] | None,
    count: int,
    sides: int,
    rng: random.Random | None,
    what: str = "The roll",
    *,
    wrong_count: Callable[[int], str] | None = None,
) -> list[int] | None:
    """The faces given (exactly ``count``), or ``count`` faces rolled with ``rng``, or ``None``.

    Given faces of the wrong number are an :class:`InputError` on ``field``: "``what`` needs
    ``count`` dice; got n.", or the message ``wrong_count(n)`` returns.

    >>> faces_or_roll("dice", [3, 5], 2, 6, None, "2d6")
    [3, 5]
    >>> faces_or_roll("dice", None, 2, 6, None) is None
    True
    >>> len(faces_or_roll("dice", None, 3, 6, random.Random(1)))
    3
    >>> faces_or_roll("dice", [3, 5, 6], 2, 6, None, "2d6")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dice: 2d6 needs 2 dice; got 3.
    >>> faces_or_roll("dice", [3], 2, 6, None, wrong_count=lambda n: f"Give two; got {n}.")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dice: Give two; got 1.
    """
    if faces is None:
        return roll_dice(count, sides, rng) if rng is not None else None
    if len(faces) != count:
        message = (
            wrong_count(len(faces))
            if wrong_count is not None
            else f"{what} needs {count} dice; got {len(faces)}."
        )
        raise InputError(field, message)
    return faces
