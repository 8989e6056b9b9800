"""A creature of the Attributes & Arts tracker: its fields, checks, place in the order,
Tolerances and Speed."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import State
from .declarations import (
    BUFF_NAMES,
    CONDITIONS,
    DECLARED_CREATURE,
    DECLARED_STORED,
    LOADS,
    PARAMETER,
    STATUS_ENTRIES,
    STEPS,
)

CREATURE = DECLARED_CREATURE
STORED = DECLARED_STORED
OWN = tuple(name for name in STORED if name not in {f.name for f in CREATURE})
"""What the tracker keeps on a creature besides the add form's fields."""


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked; one added at a Tolerance of zero is dead.

    >>> c = new_creature({**{f.name: f.default for f in CREATURE}, "fatigue_lost": 10})
    >>> c["dead"], tolerance(c, "fatigue")
    (True, 0)
    """
    creature = {
        **values,
        "incapacitated": [],
        "dead": False,
        "delayed": [],
        "buff": None,
        "steps": [],
        "stance": "",
        "started": 0,
        "place": None,
        "place_for": None,
        "delayed_round": 0,
    }
    validate_creature(creature, "")
    creature["dead"] = any(tolerance(creature, k) == 0 for k in LOADS)
    return creature


def tolerance(creature: dict[str, Any], kind: str) -> int:
    """The creature's Fatigue or Stress Tolerance now: the score less what it has lost.

    >>> tolerance({"stress_tolerance": 11, "stress_lost": 2}, "stress")
    9
    """
    return int(creature[f"{kind}_tolerance"]) - int(creature[f"{kind}_lost"])


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields of ``CREATURE`` are already checked)."""
    for kind, word in LOADS.items():
        if int(creature[f"{kind}_lost"]) > int(creature[f"{kind}_tolerance"]):
            raise InputError(
                _join(path, f"{kind}_lost"),
                f"A creature cannot lose more than its {word} Tolerance: give at most that.",
            )
    if not isinstance(creature["dead"], bool):
        raise InputError(_join(path, "dead"), "Must be true or false.")
    kinds = creature["incapacitated"]
    if (
        not isinstance(kinds, list)
        or any(k not in LOADS for k in kinds)
        or len(set(kinds)) < len(kinds)
    ):
        raise InputError(_join(path, "incapacitated"), "Must list fatigue and/or stress once.")
    delayed = creature["delayed"]
    if not isinstance(delayed, list) or any(
        not isinstance(d, dict)
        or set(d) != {"kind", "skip"}
        or d["kind"] not in LOADS
        or not isinstance(d["skip"], bool)
        for d in delayed
    ):
        raise InputError(_join(path, "delayed"), "Must list the delayed incapacity rolls.")
    if creature["buff"] is not None and creature["buff"] not in BUFF_NAMES:
        raise InputError(
            _join(path, "buff"),
            f"Unknown Buff {creature['buff']!r}: choose a Buff "
            "of the rulebook.",
        )
    steps = creature["steps"]
    if not isinstance(steps, list) or any(s not in STEPS for s in steps):
        raise InputError(_join(path, "steps"), "Must list what the creature did this turn.")
    if not isinstance(creature["stance"], str):
        raise InputError(_join(path, "stance"), "Must be the name of a stance.")
    for key in ("started", "delayed_round"):
        if not _whole(creature[key]) or creature[key] < 0:
            raise InputError(_join(path, key), "Must be a round number.")
    place = creature["place"]
    if place is not None and (not isinstance(place, list) or not all(_whole(x) for x in place)):
        raise InputError(_join(path, "place"), "Must be a list of whole numbers.")
    if creature["place_for"] is not None and not _whole(creature["place_for"]):
        raise InputError(_join(path, "place_for"), "Must be a whole number.")
    for key, x in (creature.get("statuses") or {}).items():
        where = _join(_join(path, "statuses"), key)
        if key not in CONDITIONS:
            raise InputError(where, f"{key!r} is not a status of this rulebook: choose one listed.")
        if (key in PARAMETER) != (x is not None) or (x is not None and x < 1):
            what = "a parameter X of 1 or more" if key in PARAMETER else "no parameter"
            raise InputError(where, f"{STATUS_ENTRIES[key]['name']} has {what}: correct it.")


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """Initiative, then REF, then the GM's tie-break (higher first); a Delay keeps its place.

    >>> c = {"initiative": 9, "ref": 2, "tiebreak": 0, "place": None, "place_for": None}
    >>> order_key(c, {})
    (9, 2, 0, 1)
    >>> order_key({**c, "place": [12, 1, 0, 0, 1], "place_for": 9}, {})
    (12, 1, 0, 0, 1)
    """
    if creature["place"] is not None and creature["place_for"] == creature["initiative"]:
        return tuple(creature["place"])
    initiative = -1000 if creature["initiative"] is None else creature["initiative"]
    return (initiative, creature["ref"], creature["tiebreak"], 1)


def speed(creature: dict[str, Any]) -> int:
    """Speed with Slowed's −2 and Hastened's +2.

    >>> speed({"speed": 4, "statuses": {"slowed": 1}, "buff": "hastened"})
    4
    """
    value = int(creature["speed"])
    if "slowed" in creature["statuses"]:
        value -= 2
    if creature["buff"] == "hastened":
        value += 2
    return max(0, value)


def effective(creature: dict[str, Any]) -> dict[str, int]:
    """The values the events and the card name, as they are now (the stored Tolerances are
    the scores before any loss; the stored Speed the base): each event's ``changes`` reports
    them under these names.

    >>> c = {"fatigue_tolerance": 10, "fatigue_lost": 1, "stress_tolerance": 9,
    ...      "stress_lost": 0, "speed": 4, "statuses": {"slowed": 1}, "buff": None}
    >>> effective(c)
    {'fatigue_tolerance_now': 9, 'stress_tolerance_now': 9, 'speed_now': 2}
    """
    return {
        "fatigue_tolerance_now": tolerance(creature, "fatigue"),
        "stress_tolerance_now": tolerance(creature, "stress"),
        "speed_now": speed(creature),
    }
