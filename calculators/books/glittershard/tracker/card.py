"""A Glittershard's End creature's card on the tracker page, and the add form's values of a
character made with the builder."""

from __future__ import annotations

from typing import Any

from ....tracker.context import State
from .. import builder
from ..tables import stats as stat_table
from .actions import _left
from .purse import purse_text
from .reading import effective, exhaustion_names, goal
from .terms import POSTURES, STATUSES


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its numbers with their meaning, its conditions."""
    c = creature
    e = effective(c)
    armor, dodge = goal(c)
    numbers: list[tuple[str, Any, str]] = [
        (
            "Health",
            f"{c['health']} / {c['max_health']}",
            f"unconscious at 0, dies at −{c['max_health']}",
        ),
        ("Magical health", c["magical_health"], "drained first; wears off after a short rest"),
        ("Recovery points", f"{c['recovery']} / {c['max_recovery']}", "1 a medium rest"),
        ("Magic stamina", f"{c['stamina']} / {c['max_stamina']}", "1 a short rest"),
        (
            "Posture",
            POSTURES[c["posture"]],
            f"armor value {armor}" + (f", dodge {dodge}" if c["posture"] != "steady" else ""),
        ),
        ("Speed", e["speed"], e["speed_note"]),
        ("Nimbleness", e["nim"], "turn order"),
    ]
    if c["exhaustion"]:
        numbers.append(("Exhaustion", c["exhaustion"], exhaustion_names()[c["exhaustion"]]))
    if c["hungry"] is not None:
        numbers.append(
            ("Hungry", f"{c['hungry'] // 60} h {c['hungry'] % 60} min", "starves at 192 h")
        )
    numbers.append(("Purse", purse_text(c["gold"], c["pennies"]), "1 gold = 100 pennies"))
    numbers.append(("Awake", f"{c['awake'] // 60} h {c['awake'] % 60} min", "Tired at 14 h"))
    if c["mundane"]:
        numbers.append(("Mundane healing", c["mundane"], "after a medium rest"))
    if c["poison_dc"] is not None:
        numbers.append(("Poison heal check", c["poison_dc"], "or more removes it"))
    current = state["turn"] is not None and state["order"][state["turn"]] == c["id"]
    if current:
        numbers.append(("This turn", _left(c["left"]), "left"))
    conditions = []
    if c["dead"]:
        conditions.append("Dead")
    elif c["unconscious"]:
        conditions.append("Unconscious")
    if c["prone"]:
        conditions.append("Prone")
    for key, x in c["statuses"].items():
        label = STATUSES[key][0]
        conditions.append(f"{label} (level {x})" if key == "poisoned" else label)
    if c["battle_used"]:
        conditions.append(f"Used this battle: {', '.join(c['battle_used'])}")
    return {"numbers": numbers, "conditions": conditions}


def from_character(character: Any) -> dict[str, Any]:
    """The add form's values for a character of the Glittershard's End builder.

    Health, recovery points, magic stamina, armor value, dodge and speed are the sheet's
    (:func:`calculators.books.glittershard.builder.evaluate`), each at its maximum.

    >>> values = from_character(builder.example())
    >>> values["name"], values["max_health"], values["health"], values["speed"]
    ('Mara Quickfoot', 11, 11, 12)
    """
    sheet = builder.evaluate(character)
    shown = {v["label"]: v["value"] for v in sheet["values"]}
    stats = {key: abbr for key, abbr, _ in stat_table()}
    c = sheet["state"]
    return {
        "name": c["name"] or "Unnamed character",
        "nim": int(shown[stats["nim"]]),
        "bwn": int(shown[stats["bwn"]]),
        "max_health": max(1, int(shown["Max health"])),
        "health": max(1, int(shown["Max health"])),
        "magical_health": 0,
        "max_recovery": max(0, int(shown["Magical recovery points"])),
        "recovery": max(0, int(shown["Magical recovery points"])),
        "max_stamina": max(0, int(shown["Magic stamina"])),
        "stamina": max(0, int(shown["Magic stamina"])),
        "armor": max(0, int(shown["Armor value"])),
        "dodge": int(shown["Dodge"]),
        "speed": max(0, int(shown["Speed"])),
        "exhaustion": 0,
        "hungry": None,
        "awake": 0,
        "tiebreak": 0,
    }
