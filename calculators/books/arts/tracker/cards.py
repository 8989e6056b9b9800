"""The creature's card and the builder's characters."""

from __future__ import annotations

from typing import Any

from ....tracker.context import State
from .. import builder
from .creature import speed, tolerance
from .declarations import BUFF_NAMES, CONDITIONS, LOADS, STATUS_ENTRIES


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its loads against its Tolerances, its conditions."""
    c = creature
    numbers: list[tuple[str, Any, str]] = []
    for kind, word in LOADS.items():
        lost = c[f"{kind}_lost"]
        note = f"{c[f'{kind}_tolerance']} − {lost} lost" if lost else ""
        numbers.append((word, f"{c[kind]} / {tolerance(c, kind)}", f"{word} Tolerance"))
        numbers.append((f"{word} Tolerance", tolerance(c, kind), note))
    numbers.append(("Speed", speed(c), "" if speed(c) == c["speed"] else f"base {c['speed']}"))
    numbers.append(("REF", f"{c['ref']:+d}", "Initiative 2d6 + REF"))
    if c["stance"]:
        numbers.append(("Stance", c["stance"], ""))
    done = [s for s in c["steps"] if s in ("move", "act", "stance", "forgo", "moved_after")]
    if done:
        numbers.append(("This turn", ", ".join(done), "Move, Act, Stance"))
    conditions = []
    if c["dead"]:
        conditions.append("Dead")
    conditions += [f"Incapacitated ({LOADS[k]})" for k in c["incapacitated"]]
    for key in CONDITIONS:
        if key in c["statuses"]:
            x = c["statuses"][key]
            name = STATUS_ENTRIES[key]["name"]
            conditions.append(name if x is None else f"{name} {x}")
    if c["buff"]:
        conditions.append(f"Buff: {BUFF_NAMES[c['buff']]}")
    for item in c["delayed"]:
        conditions.append(f"Delayed roll ({LOADS[item['kind']]}) at the end of their next turn")
    return {"numbers": numbers, "conditions": conditions}


def from_character(character: Any) -> dict[str, Any]:
    """The add form's values for a character of the Attributes & Arts builder.

    REF, the Tolerances and Speed are the builder's sheet's, which counts the abilities'
    declared effects (Indefatigable and Composed raise a Tolerance by 1 + Tier, Fleet
    Footed the Speed by its Tier: :mod:`calculators.effects`).

    >>> from calculators.books.arts import builder as b
    >>> c = b.example()
    >>> c["abilities"].append({"name": "Indefatigable", "tier": 2})
    >>> from_character(c)  # doctest: +NORMALIZE_WHITESPACE
    {'name': "The rulebook's example", 'ref': 1, 'fatigue_tolerance': 14,
     'stress_tolerance': 10, 'speed': 4}
    """
    sheet = builder.evaluate(character)
    values = {v["label"]: v["value"] for v in sheet["values"]}
    return {
        "name": sheet["title"],
        "ref": values["REF"],
        "fatigue_tolerance": values["Fatigue Tolerance"],
        "stress_tolerance": values["Stress Tolerance"],
        "speed": values["Speed"],
    }
