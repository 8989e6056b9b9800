"""Table cells the rulebooks print as text: signed numbers and bands of numbers.

The rules data keeps each table as the rulebook prints it, so a cell may hold ``"+15"``,
``"6+"``, ``"0 - 10"`` or ``"9 or lower"`` rather than a number; these parsers read them.
"""

from __future__ import annotations

from .format import MINUS


def parse_number(cell: int | str) -> int:
    """A whole number from a cell: ``-60``, ``"+15"``, ``"−2"`` or ``"6+"`` (6 or more).

    >>> parse_number("+15"), parse_number(-60), parse_number("6+"), parse_number("−2")
    (15, -60, 6, -2)
    """
    if isinstance(cell, int):
        return cell
    text = str(cell).strip().replace(MINUS, "-").removesuffix("+").strip()
    return int(text)


def parse_band(cell: int | str) -> tuple[int | None, int | None]:
    """The lowest and highest number a cell covers, inclusive; ``None`` where it is open.

    >>> parse_band("11 - 20"), parse_band(7), parse_band("141+")
    ((11, 20), (7, 7), (141, None))
    >>> parse_band("1 or lower"), parse_band("13 or higher")
    ((None, 1), (13, None))
    >>> parse_band("about 3")
    Traceback (most recent call last):
    ...
    ValueError: cannot read 'about 3' as a number or a band of numbers
    """
    if isinstance(cell, int):
        return cell, cell
    text = str(cell).strip()
    try:
        if text.endswith("+"):
            return int(text[:-1]), None
        number, _, rest = text.partition(" ")
        if rest == "or lower":
            return None, int(number)
        if rest == "or higher":
            return int(number), None
        low, sep, high = text.partition(" - ")
        if not sep:
            return int(text), int(text)
        return int(low), int(high)
    except ValueError:
        raise ValueError(f"cannot read {cell!r} as a number or a band of numbers") from None
