"""A Space Shard creature: its numbers and effects checked, its place in the initiative
order, its Defense with the effects it holds, and its card.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import State
from ..rules import A_ORDER, AIM_MAX_ROUNDS, ORDER_CHOICES, WEAPON_STATES
from .declarations import KIND_NAMES, RULES


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked: HP never above full."""
    creature = {**values, "spent": [], "effects": [], "aim": 0, "overflow": 0, "weapon": ""}
    validate_creature(creature, "")
    return creature


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _whole(raw: Any, low: int, high: int) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool) and low <= raw <= high


EFFECT_KEYS = {"name", "defense", "ends", "fixed", "rule", "status"}


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields themselves are already checked)."""
    if creature["hp"] > creature["hp_max"]:
        raise InputError(_at(path, "hp"), "HP cannot be above full: give at most the full HP.")
    spent = creature["spent"]
    if not isinstance(spent, list) or any(k not in KIND_NAMES for k in spent):
        raise InputError(_at(path, "spent"), "Must list the actions taken this turn.")
    if not _whole(creature["aim"], 0, AIM_MAX_ROUNDS):
        raise InputError(_at(path, "aim"), f"Must be the rounds aimed, 0 to {AIM_MAX_ROUNDS}.")
    if not _whole(creature["overflow"], 0, 10**6):
        raise InputError(_at(path, "overflow"), "Must be the overflow noted, 0 or more.")
    if creature["weapon"] not in WEAPON_STATES:
        raise InputError(_at(path, "weapon"), "Must be where the weapon is in its reload.")
    effects = creature["effects"]
    if not isinstance(effects, list) or len(effects) > 50:
        raise InputError(_at(path, "effects"), "Must list the effects on the creature.")
    for effect in effects:
        if (
            not isinstance(effect, dict)
            or set(effect) != EFFECT_KEYS
            or not isinstance(effect["name"], str)
            or not _whole(effect["defense"], -99, 99)
            or not _whole(effect["ends"], 0, 100001)
            or not isinstance(effect["fixed"], bool)
            or effect["rule"] not in RULE_IDS
            or effect["status"] not in (None, "stagger")
        ):
            raise InputError(
                _at(path, "effects"),
                "An effect is not of the tracker's form: "
                "correct the file, or remove it.",
            )


RULE_IDS = {r.id for r in RULES}


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """The initiative rolled: higher first, or lower first if the setting says so."""
    value = creature["initiative"] or 0
    lowest = state["settings"][A_ORDER] == ORDER_CHOICES[1]
    return (-value if lowest else value,)


def _surprise_round(state: State) -> bool:
    return state["round"] == 1 and any(c["surprise"] for c in state["creatures"].values())


def _base_defense(c: dict[str, Any]) -> int:
    """The Base Defense with its losses, never below 0."""
    loss = sum(-e["defense"] for e in c["effects"] if e["defense"] < 0)
    return max(0, c["base_defense"] - loss)


def _bonus(c: dict[str, Any]) -> int:
    return sum(e["defense"] for e in c["effects"] if e["defense"] > 0)


def _effect(name: str, defense: int, ends: int, fixed: bool, rule: str = "") -> dict[str, Any]:
    rule = rule or {
        "Full-Force Attack": "space_shard.full_force",
        "Charge Attack": "space_shard.charge",
    }.get(name, "space_shard.stagger")
    return {
        "name": name,
        "defense": defense,
        "ends": ends,
        "fixed": fixed,
        "rule": rule,
        "status": "stagger" if rule == "space_shard.stagger" else None,
    }


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: HP, Defense and its changes; its conditions."""
    c = creature
    defense = _base_defense(c)
    lost = f"of {c['base_defense']}" if defense != c["base_defense"] else ""
    numbers: list[tuple[str, Any, str]] = [
        ("HP", f"{c['hp']} / {c['hp_max']}", ""),
        ("Base Defense", defense, lost),
        ("Initiative", c["init"], "added to 1d10"),
        ("STR", c["str"], ""),
    ]
    if _bonus(c):
        numbers.insert(2, ("Defense bonuses", f"+{_bonus(c)}", "Guarding or Evade Bonus"))
    if c["overflow"]:
        numbers.append(("Overflow noted", c["overflow"], "DMG not calculated"))
    if c["aim"]:
        numbers.append(("Aimed", c["aim"], f"rounds, at most {AIM_MAX_ROUNDS}"))
    if c["weapon"]:
        numbers.append(("Weapon", WEAPON_STATES[c["weapon"]], "its reload sequence"))
    if c["spent"]:
        numbers.append(("This turn", ", ".join(KIND_NAMES[k] for k in c["spent"]), ""))
    conditions = []
    for key, x in c["statuses"].items():
        conditions.append(key.capitalize() + (f" {x}" if x is not None else ""))
    for e in c["effects"]:
        change = f" {e['defense']:+d} Defense" if e["defense"] else ""
        conditions.append(f"{e['name']}{change} (to round {e['ends']})")
    if c["hp"] == 0:
        conditions.append("HP 0")
    return {"numbers": numbers, "conditions": conditions}
