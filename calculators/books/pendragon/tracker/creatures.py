"""A Pendragon creature: its numbers checked, its place in the Initiative order, the
settings checked, and its card.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....notation import parse
from ....tracker.context import State
from .declarations import A_DICE, KINDS


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked: Damage Tokens never exceed the hit points."""
    creature = {**values, "unconscious": False, "dead": False, "spent": [], "effects": {}}
    validate_creature(creature, "")
    creature["dead"] = creature["wounds"] > 6 + creature["body"]
    return creature


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields themselves are already checked)."""
    where = f"{path}.damage" if path else "damage"
    if creature["damage"] > creature["hp"]:
        raise InputError(
            where,
            "A creature never carries more Damage Tokens than its hit "
            "points: give at most that many.",
        )
    for key in ("unconscious", "dead"):
        if not isinstance(creature[key], bool):
            raise InputError(f"{path}.{key}", "Must be true or false.")
    if not isinstance(creature["spent"], list) or any(k not in KINDS for k in creature["spent"]):
        raise InputError(f"{path}.spent", "Must list the actions taken this turn.")
    effects = creature["effects"]
    if not isinstance(effects, dict) or any(
        not isinstance(v, int) or isinstance(v, bool) for v in effects.values()
    ):
        raise InputError(f"{path}.effects", "Must map each effect to its final round.")


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """Initiative, then Spirit, then rock-paper-scissors wins: higher acts first."""
    return (creature["initiative"] or 0, creature["spirit"], creature["tiebreak"])


def check_setting(key: str, value: Any) -> None:
    """A dice setting must parse and use no name but ``bonus``."""
    if key == A_DICE and value:
        expression = parse(str(value), "value")
        if expression.names - {"bonus"}:
            raise InputError("value", "The dice may use only the name bonus: remove any other.")
        expression.span({"bonus": 0})


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its numbers with their meaning, its conditions."""
    c = creature
    limit = 6 + c["body"]
    numbers = [
        ("Damage Tokens", f"{c['damage']} / {c['hp']}", "hit points"),
        ("Wounds", c["wounds"], f"dies above {limit} (6 + Body {c['body']})"),
        ("Check penalty", f"{-c['wounds']:+d}", "−1 a Wound"),
        ("Spirit", c["spirit"], ""),
        ("Body", c["body"], ""),
    ]
    if c["spent"]:
        numbers.append(("This Turn", ", ".join(c["spent"]), ""))
    conditions = []
    if c["dead"]:
        conditions.append("Dead")
    elif c["unconscious"]:
        conditions.append("Unconscious")
    for name, final in c["effects"].items():
        conditions.append(f"{name} (ends at their turn in round {final})")
    return {"numbers": numbers, "conditions": conditions}
