"""The Attack Roll to Profile row table: rows, misses and Extreme Rolls; a Profile's Damage."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ... import data
from ...cells import parse_band
from ...dice import Dist, fraction_str
from ...errors import InputError
from ...format import MINUS
from ...inputs import split_items
from .rules import MISS, PROFILE_TABLE


@cache
def _profile_rows() -> tuple[tuple[int | None, int | None, dict[str, Any]], ...]:
    rows = []
    for row in data.table(PROFILE_TABLE):
        try:
            low, high = parse_band(row["Attack Roll"])
        except ValueError:
            raise ValueError(
                f"{PROFILE_TABLE}: cannot read Attack Roll {row['Attack Roll']!r}"
            ) from None
        result = {
            "row": row["Profile row"] if isinstance(row["Profile row"], int) else None,
            "miss": row["Misses"] == "yes",
            "extra_damage": row["Additional Damage"],
            "negate_cost_increase": row["Negate cost increase"],
        }
        rows.append((low, high, result))
    return tuple(rows)


def profile_rows() -> list[int]:
    """The rows of a Profile, in order (2 to 12).

    >>> profile_rows()
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    """
    return sorted({r["row"] for _, _, r in _profile_rows() if r["row"] is not None})


def profile_result(roll: int) -> dict[str, Any]:
    """How a modified Attack Roll resolves: Profile row, miss and the Extreme Roll effects.

    Read from the table ``shattered_spirits.attack_profile_table``.

    >>> profile_result(8)
    {'row': 8, 'miss': False, 'extra_damage': 0, 'negate_cost_increase': 0}
    >>> profile_result(15)
    {'row': 12, 'miss': False, 'extra_damage': 2, 'negate_cost_increase': 1}
    >>> profile_result(1)["miss"], profile_result(1)["row"]
    (True, None)
    """
    for low, high, result in _profile_rows():
        if (low is None or roll >= low) and (high is None or roll <= high):
            return dict(result)
    raise ValueError(f"{PROFILE_TABLE} has no row for an Attack Roll of {roll}")


def extreme_high() -> dict[str, Any]:
    """The profile-table result of an Attack Roll above 12.

    >>> extreme_high()["extra_damage"]
    2
    """
    return profile_result(max(profile_rows()) + 1)


def row_distribution(rolls: Dist) -> list[list[int | str]]:
    """Distribution of the Profile row of modified Attack Rolls: a miss, then every row.

    Every row is listed, impossible ones with ``"0/1"``.

    >>> from calculators.dice import sum_dice
    >>> row_distribution(sum_dice(2, 6) - 1)[:3]
    [['miss', '1/36'], [2, '1/18'], [3, '1/12']]
    >>> row_distribution(sum_dice(2, 6))[0]
    ['miss', '0/1']
    """
    probability = dict(rolls.map(lambda r: profile_result(r)["row"] or 0).items())
    return [
        [MISS if row == 0 else row, fraction_str(probability.get(row, Fraction(0)))]
        for row in (0, *profile_rows())
    ]


def parse_profile(raw: str | None) -> dict[int, int] | None:
    """The Damage column of a Profile from ``"1,2,…"`` (one number per row, 2 to 12).

    >>> parse_profile("1,2,3,4,5,6,7,8,9,10,11")[8]
    7
    >>> parse_profile("1,2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: profile: Give one Damage value for each Profile row 2 ... got 2.
    """
    if raw is None or not str(raw).strip():
        return None
    rows = profile_rows()
    values = []
    for item in split_items(str(raw), ",; "):
        text = item.replace(MINUS, "-")
        if not text.isdigit() or int(text) > 1000:
            raise InputError(
                "profile", f"Each Damage value must be a whole number from 0 to 1000; got {text!r}."
            )
        values.append(int(text))
    if len(values) != len(rows):
        raise InputError(
            "profile",
            f"Give one Damage value for each Profile row {rows[0]} to {rows[-1]} "
            f"({len(rows)} numbers); got {len(values)}.",
        )
    return dict(zip(rows, values, strict=True))


def profile_damage(roll: int, profile: dict[int, int]) -> int:
    """Damage of a Profile for a modified Attack Roll, before Glancing, Vulnerable and Guard.

    A miss deals nothing; above 12 the 12 row deals its Damage plus the additional
    Damage "if any" (assumption ``shattered_spirits.extreme_high_damage``).

    >>> profile = parse_profile("1,2,3,4,5,6,7,8,9,10,11")
    >>> profile_damage(8, profile), profile_damage(14, profile), profile_damage(0, profile)
    (7, 13, 0)
    """
    result = profile_result(roll)
    if result["miss"]:
        return 0
    damage = profile[result["row"]]
    return damage + result["extra_damage"] if damage > 0 else damage


def resolve_text(roll: int) -> str:
    """One sentence on how a modified Attack Roll resolves.

    >>> resolve_text(13)  # doctest: +ELLIPSIS
    'Attack Roll 13 is above 12: resolve with row 12, deal 2 additional Damage (if any) and ...'
    """
    result = profile_result(roll)
    if result["miss"]:
        return (
            f"Attack Roll {roll} is below 2: the Attack Misses (pay 1 Focus/Momentum or be "
            "Disarmed, gain Exposed 2 or fall Prone, as the Spirit Master chooses)."
        )
    if result["extra_damage"] or result["negate_cost_increase"]:
        return (
            f"Attack Roll {roll} is above {result['row']}: resolve with row {result['row']}, "
            f"deal {result['extra_damage']} additional Damage (if any) and the cost to Negate "
            f"rises by {result['negate_cost_increase']}."
        )
    return f"Attack Roll {roll}: resolve with row {result['row']} of the Profile."
