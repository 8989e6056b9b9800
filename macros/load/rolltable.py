"""Roll tables: a table whose first column holds a die's results or ranges of them.

A ``table`` entry with ``roll`` (a die such as ``d6``, ``d100``, ``2d6``) is one: each row's
first cell is a result (``3``) or a range (``2-3``, ``2–3``, ``01–05``; ``00`` is 100 on a
d100), and the page shows each row's exact chance. Ranges that overlap, fall outside what
the die can roll or hold no result it can roll stop the build. A ``d66`` table's rows are
digit-dice results (``11–16``: six results of 36; see :mod:`calculators.dice.digits`).
"""

from __future__ import annotations

import re
from fractions import Fraction

from calculators.notation import parse

_RANGE = re.compile(r"^\s*(\d+)\s*(?:[-–—]|to)\s*(\d+)\s*$|^\s*(\d+)\s*\+?\s*$")


def _number(text: str, top: int) -> int:
    """A result as printed; ``00`` (and ``0`` on a d100-like table) is the top result."""
    value = int(text)
    return top if value == 0 and top in (10, 100) else value


def row_range(cell: object, top: int) -> tuple[int, int] | None:
    """The results a first cell covers, or ``None`` if it is not a result or range.

    >>> row_range("2–3", 6), row_range("01-05", 100), row_range("96–00", 100), row_range(4, 6)
    ((2, 3), (1, 5), (96, 100), (4, 4))
    >>> row_range("Sword", 6) is None
    True
    """
    match = _RANGE.match(str(cell))
    if not match:
        return None
    if match.group(3) is not None:
        value = _number(match.group(3), top)
        return value, value
    return _number(match.group(1), top), _number(match.group(2), top)


def problems(roll: str, rows: list[list[object]]) -> list[str]:
    """What is wrong with a roll table (an empty list when nothing is).

    >>> problems("d6", [["1-3", "a"], ["4-6", "b"]])
    []
    >>> problems("d6", [["1-3", "a"], ["3-7", "b"]])  # doctest: +NORMALIZE_WHITESPACE
    ['row 2: 3–7 overlaps row 1 (1–3)', 'row 2: 3–7 is outside what d6 can roll (1–6)']
    >>> problems("d6", [["x", "a"]])
    ["row 1: 'x' is not a result or a range of results"]
    >>> problems("d66", [["11-16", "a"], ["17-20", "b"]])
    ['row 2: d66 cannot roll any of 17–20']
    """
    try:
        dist = parse(roll, "roll").distribution()
    except Exception as error:  # noqa: BLE001 - any parse failure is the author's to fix
        return [f"{roll!r} is not a dice expression: {error}"]
    low, high = min(dist.outcomes()), max(dist.outcomes())
    found: list[str] = []
    seen: list[tuple[int, int, int]] = []
    for number, row in enumerate(rows, 1):
        covered = row_range(row[0] if row else "", high)
        if covered is None:
            found.append(f"row {number}: {row[0] if row else ''!r} is not a result or a range of "
                         "results")
            continue
        a, b = covered
        for other, c, d in seen:
            if a <= d and c <= b:
                found.append(f"row {number}: {a}–{b} overlaps row {other} ({c}–{d})")
        if a > b or a < low or b > high:
            found.append(f"row {number}: {a}–{b} is outside what {roll} can roll ({low}–{high})")
        elif not any(dist.p_eq(v) for v in range(a, b + 1)):
            found.append(f"row {number}: {roll} cannot roll any of {a}–{b}")
        seen.append((number, a, b))
    return found


def chances(roll: str, rows: list[list[object]]) -> list[Fraction]:
    """Each row's exact chance.

    >>> [str(c) for c in chances("2d6", [["2-6", "a"], ["7", "b"], ["8-12", "c"]])]
    ['5/12', '1/6', '5/12']
    >>> [str(c) for c in chances("d66", [["11-16", "a"], ["21-36", "b"]])]
    ['1/6', '1/3']
    """
    dist = parse(roll, "roll").distribution()
    high = max(dist.outcomes())
    out = []
    for row in rows:
        covered = row_range(row[0], high)
        assert covered is not None, row
        out.append(sum((dist.p_eq(v) for v in range(covered[0], covered[1] + 1)), Fraction(0)))
    return out


def chance_text(p: Fraction) -> str:
    """A chance as a fraction and a percentage.

    >>> chance_text(Fraction(1, 6)), chance_text(Fraction(1))
    ('1/6 (16.7%)', '1 (100%)')
    """
    percent = f"{float(p) * 100:.1f}".removesuffix(".0")
    return f"{p} ({percent}%)"


def row_words(row: list[object]) -> str:
    """What a row says after its result, as plain words for the roll log (at most 100
    characters): its other cells, Markdown links, marks and emphasis reduced to their words.

    >>> row_words(["11-16", "A **[wolf](#wolf)** pack", "[2d6]{dice=2d6} wolves"])
    'A wolf pack — 2d6 wolves'
    """
    said = " — ".join(" ".join(str(c).split()) for c in row[1:] if str(c).strip())
    said = re.sub(r"\[([^\[\]]*)\](?:\([^)]*\)|\{[^}]*\})", r"\1", said)
    said = re.sub(r"[*_`]+", "", said)
    return said if len(said) <= 100 else said[:99].rstrip() + "…"


def rows_rolled(roll: str, rows: list[list[object]]) -> list[tuple[int, int, str]]:
    """Each row's lowest and highest result and its words: what a roll of the table looks up.

    >>> rows_rolled("d66", [["11–16", "Wolves"], ["21-66", "Nothing"]])
    [(11, 16, 'Wolves'), (21, 66, 'Nothing')]
    """
    high = max(parse(roll, "roll").distribution().outcomes())
    out = []
    for row in rows:
        covered = row_range(row[0], high)
        assert covered is not None, row
        out.append((covered[0], covered[1], row_words(row)))
    return out
