"""Numbers and words as the breakdowns print them: signs, terms of a sum, plurals, decimals.

Breakdowns write a negative number with the typographic minus ``−`` (U+2212), as the
rulebooks do, never the hyphen. Probabilities are ``"n/d"`` strings
(:func:`calculators.dice.fraction_str`).
"""

from __future__ import annotations

from fractions import Fraction

MINUS = "\u2212"
"""The typographic minus sign."""


def signed(n: int) -> str:
    """``n`` with a typographic minus when negative, and no sign otherwise.

    Compare :func:`with_sign`, which always shows the sign.

    >>> signed(-3), signed(0), signed(2)
    ('−3', '0', '2')
    """
    return f"{MINUS}{-n}" if n < 0 else str(n)


def with_sign(n: int | Fraction) -> str:
    """``n`` always with its sign: ``+`` for zero and up, a typographic minus below.

    Compare :func:`signed`, which shows no ``+``.

    >>> with_sign(3), with_sign(-2), with_sign(0)
    ('+3', '−2', '+0')
    """
    return f"{MINUS}{-n}" if n < 0 else f"+{n}"


def term(n: int, label: str = "") -> str:
    """``n`` as the next term of a sum, ``+ 3`` or ``− 3``, then ``label`` if any.

    >>> term(3), term(-3), term(2, "STR"), term(-1, "modifier")
    ('+ 3', '− 3', '+ 2 STR', '− 1 modifier')
    """
    text = f"{MINUS} {-n}" if n < 0 else f"+ {n}"
    return f"{text} {label}" if label else text


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word, plural (``many``, or the word + ``s``) when ``n`` is not 1.

    >>> plural(1, "wound"), plural(3, "wound"), plural(0, "die", "dice")
    ('1 wound', '3 wounds', '0 dice')
    """
    return f"{n} {word if n == 1 else many or word + 's'}"


def decimal_text(value: Fraction) -> str:
    """An exact value as short decimal text: ``4`` for a whole number, else like ``4.5``.

    >>> decimal_text(Fraction(9, 2)), decimal_text(Fraction(3)), decimal_text(Fraction(-1, 4))
    ('4.5', '3', '-0.25')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def json_number(value: Fraction) -> int | float:
    """An exact value as a JSON number: whole when it is one, else rounded to 2 decimals.

    >>> json_number(Fraction(135, 2)), json_number(Fraction(4)), json_number(Fraction(100, 3))
    (67.5, 4, 33.33)
    """
    if value.denominator == 1:
        return value.numerator
    return round(float(value), 2)
