"""Melee bonuses: Charge and Full-Force Attacks, Reach and the sizes of Born Weapons."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import InputError
from ..format import decimal_text
from ..rounding import divide
from .rules import (
    FIST_DIVISOR,
    FULL_FORCE_DIVISOR,
    REACH_BLADE_DIVISOR,
    REACH_BORN_DIVISOR,
    REACH_MIN,
    REINFORCE_CHOICES,
    ROUNDING_CHOICES,
    TAIL_DIVISOR,
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


def full_force_bonus(
    strength: int = 6,
    base_defense: int = 2,
    rounding: str = ROUNDING_CHOICES[0],
    adds_to: str = REINFORCE_CHOICES[0],
) -> dict[str, Any]:
    """Full-Force Attack: Reinforcement Bonus STR/2 up to Base Defense, lost from it for a round.

    ``rounding`` carries ``space_shard.fractions_round_down``, ``adds_to``
    ``space_shard.reinforcement_bonus_is_dp``.

    >>> r = full_force_bonus(7, 5)
    >>> r["bonus"], r["base_defense_after"], r["dp_bonus"], r["max_dmg_bonus"]
    (3, 2, 3, 0)
    >>> full_force_bonus(7, 5, rounding="up")["bonus"], full_force_bonus(9, 2)["bonus"]
    (4, 2)
    """
    half = divide(strength, FULL_FORCE_DIVISOR, rounding)
    bonus = min(half, base_defense)
    return {
        "bonus": bonus,
        "dp_bonus": bonus,
        "max_dmg_bonus": bonus if adds_to == REINFORCE_CHOICES[1] else 0,
        "base_defense_after": base_defense - bonus,
        "breakdown": [
            f"Reinforcement Bonus {bonus} = STR {strength} / {FULL_FORCE_DIVISOR} = {half} "
            f"(rounded {rounding}), at most Base Defense {base_defense}",
            f"Adds +{bonus} DP" + (f" and +{bonus} Max DMG" if adds_to != "dp" else ""),
            f"Base Defense {base_defense - bonus} = {base_defense} − {bonus}, for 1 round",
        ],
    }


def _compute_full_force(**values: Any) -> dict[str, Any]:
    """Map the contract's ``str`` onto :func:`full_force_bonus`.

    >>> _compute_full_force(**{"str": 4, "base_defense": 3})["bonus"]
    2
    """
    values["strength"] = values.pop("str")
    return full_force_bonus(**values)


def reach(
    born_weapon_size: int = 2, blade_weapon_size: int = 0, rounding: str = ROUNDING_CHOICES[0]
) -> dict[str, Any]:
    """Base Reach: Born Weapon Size/2 (minimum 1) + Blade Weapon Size/3.

    ``rounding`` carries ``space_shard.fractions_round_down``; the minimum 1 applies after
    rounding.

    >>> reach(2, 0)["reach"], reach(1, 0)["reach"], reach(4, 7)["reach"]
    (1, 1, 4)
    >>> reach(3, 7, rounding="up")["reach"]
    5
    """
    born = max(REACH_MIN, divide(born_weapon_size, REACH_BORN_DIVISOR, rounding))
    blade = divide(blade_weapon_size, REACH_BLADE_DIVISOR, rounding)
    return {
        "reach": born + blade,
        "breakdown": [
            f"Reach {born + blade} = {born} (Born Weapon Size {born_weapon_size} / "
            f"{REACH_BORN_DIVISOR}, rounded {rounding}, minimum {REACH_MIN}) + {blade} (Blade "
            f"Weapon Size {blade_weapon_size} / {REACH_BLADE_DIVISOR}, rounded {rounding})"
        ],
    }


def born_weapon_size(size: int = 10, rounding: str = ROUNDING_CHOICES[0]) -> dict[str, Any]:
    """Sizes of fists, feet and claws (Size/5) and of a tail (Size/3).

    >>> r = born_weapon_size(10)
    >>> r["fist_size"], r["tail_size"]
    (2, 3)
    >>> born_weapon_size(10, rounding="up")["tail_size"]
    4
    """
    fist = divide(size, FIST_DIVISOR, rounding)
    tail = divide(size, TAIL_DIVISOR, rounding)
    return {
        "fist_size": fist,
        "tail_size": tail,
        "breakdown": [
            f"Fist, feet, claws {fist} = Size {size} / {FIST_DIVISOR}, rounded {rounding}",
            f"Tail {tail} = Size {size} / {TAIL_DIVISOR}, rounded {rounding}",
        ],
    }
