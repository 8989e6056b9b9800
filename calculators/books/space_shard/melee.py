"""Melee bonuses: the Charge Attack (Full-Force Attacks, Reach and the sizes of Born Weapons
are formulas in ``rules_data/space_shard/melee.yml``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...errors import InputError
from ...format import decimal_text
from ...rounding import divide
from .rules import (
    ROUNDING_CHOICES,
)


def parse_meters(raw: str, field: str = "distance") -> Fraction:
    """A distance in meters from text such as ``"4"``, ``"4.5"`` or ``"4,5"``.

    >>> parse_meters("4.5"), parse_meters(" 3 ")
    (Fraction(9, 2), Fraction(3, 1))
    >>> parse_meters("far")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: distance: The distance must be a number of meters, ...
    """
    text = raw.strip().replace(",", ".").removesuffix("m").strip()
    try:
        if not text or not all(c.isdigit() or c == "." for c in text) or text.count(".") > 1:
            raise ValueError(text)
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(
            field, f"The distance must be a number of meters, e.g. 4 or 4.5; got {raw!r}."
        ) from None
    if value > 10_000:
        raise InputError(field, "The distance must be at most 10000 m.")
    return value


def charge_bonus(
    strength: int = 4,
    base_defense: int = 3,
    distance: str = "3",
    speed: int = 6,
    ability: str = "none",
    meters_rounding: str = ROUNDING_CHOICES[0],
) -> dict[str, Any]:
    """Charge Attack: +1 DP per meter moved and 1 Base Defense lost, capped by STR and Base Defense.

    ``ability`` is one of the two special abilities of 'When Charging' (特殊);
    ``meters_rounding`` carries assumption ``space_shard.charge_whole_meters``.

    >>> r = charge_bonus(4, 3, "5", 6)
    >>> r["bonus"], r["base_defense_after"]
    (3, 0)
    >>> r = charge_bonus(4, 3, "5", 6, ability="strength cap only")
    >>> r["bonus"], r["base_defense_after"], r["defense_penalty"]
    (4, 0, 1)
    >>> charge_bonus(4, 3, "2.5", 6)["bonus"]
    2
    >>> charge_bonus(4, 3, "2.5", 6, meters_rounding="up")["bonus"]
    3
    """
    moved = parse_meters(distance)
    if moved > speed:
        raise InputError(
            "distance",
            f"Your Speed limits how far you can charge: at most {speed} m, not "
            f"{decimal_text(moved)} m.",
        )
    meters = divide(moved.numerator, moved.denominator, meters_rounding)
    caps = [f"{meters} m moved", f"STR {strength}"]
    if ability == "strength cap only":
        bonus = min(meters, strength)
        after = max(0, base_defense - bonus)
        penalty = max(0, bonus - base_defense)
    else:
        caps.append(f"Base Defense {base_defense}")
        bonus = min(meters, strength, base_defense)
        after = base_defense if ability == "no charge penalty" else base_defense - bonus
        penalty = 0
    breakdown = [
        f"Meters counted: {meters} ({decimal_text(moved)} m moved, rounded {meters_rounding})",
        f"Enhancement Bonus +{bonus} DP = the least of {', '.join(caps)}",
    ]
    if ability == "no charge penalty":
        breakdown.append(f"Base Defense stays {base_defense} (no charge penalty)")
    else:
        breakdown.append(f"Base Defense {after} = {base_defense} − {bonus - penalty}")
    if penalty:
        breakdown.append(f"Beyond the Base Defense: {penalty} unnamed Defense penalty")
    return {
        "bonus": bonus,
        "base_defense_after": after,
        "defense_penalty": penalty,
        "meters": meters,
        "breakdown": breakdown,
    }


def _compute_charge(**values: Any) -> dict[str, Any]:
    """Map the contract's ``str`` onto :func:`charge_bonus`.

    >>> _compute_charge(**{"str": 2, "base_defense": 5, "distance": "4", "speed": 6})["bonus"]
    2
    """
    values["strength"] = values.pop("str")
    return charge_bonus(**values)


