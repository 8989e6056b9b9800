"""A Glittershard's End character as plain data: :func:`blank`, :func:`example`, and
:func:`validate`, which names the path of any mistake (``weapons[1].stat``).
"""

from __future__ import annotations

from typing import Any

from ....builders import state as check
from ....errors import InputError
from ..character import parse_bonuses, parse_trained_skills
from ..tables import STAT_KEYS, max_level, sizes
from ..tables import skills as skill_table
from ..tables import stats as stat_table
from .declarations import (
    ATTACK_STATS,
    MAX_SPELLS,
    MAX_WEAPONS,
    METHODS,
    NAME,
    SYSTEM,
    VERSION,
    level_gains,
    schools,
)


def blank() -> dict[str, Any]:
    """A new level 1 character: Standard Array, nothing assigned or entered yet.

    >>> c = blank()
    >>> c["method"], c["stats"]["bwn"], c["race"]["size"], c["advances"]
    ('array', 0, 'medium', {})
    """
    return {
        "system": SYSTEM,
        "version": VERSION,
        "name": "",
        "level": 1,
        "method": "array",
        "seed": None,
        "stats": {k: 0 for k in STAT_KEYS},
        "race": {
            "name": "",
            "bonuses": "",
            "base_health": 10,
            "speed_bonus": 0,
            "size": "medium",
            "traits": "",
        },
        "class": {"name": "", "bonuses": "", "perks": "", "training": "", "equipment": ""},
        "training": [],
        "gear": {"items": "", "carried_weight": 0, "bag_capacity": 0},
        "armor": {"armor_bonus": 0, "shield_bonus": 0, "armor_penalty": 0},
        "weapons": [],
        "spells": [],
        "advances": {},
    }


def example() -> dict[str, Any]:
    """A worked character: the Standard Array, a race and class entered by hand.

    >>> from calculators.books.glittershard.builder import evaluate
    >>> evaluate(example())["ready"]
    True
    """
    c = blank()
    c.update(name="Mara Quickfoot", method="array")
    c["stats"] = dict(zip(STAT_KEYS, (2, 4, 1, 0, 3, 2, 1, -1), strict=True))
    c["race"] = {
        "name": "Halfling (the table's)",
        "bonuses": "Nim +1",
        "base_health": 8,
        "speed_bonus": 0,
        "size": "small",
        "traits": "Lucky",
    }
    c["class"] = {
        "name": "Spellblade (the table's)",
        "bonuses": "",
        "perks": "Arcane strike",
        "training": "Book - Force",
        "equipment": "Short sword, leather armor",
    }
    c["training"] = ["Stealth", "Freerunning"]
    c["gear"] = {"items": "Backpack, rope", "carried_weight": 12, "bag_capacity": 20}
    c["armor"] = {"armor_bonus": 1, "shield_bonus": 0, "armor_penalty": 1}
    c["weapons"] = [{"name": "Short sword", "stat": "nim", "attack_bonus": 1, "trained": True}]
    c["spells"] = [{"name": "Force blade", "school": "Force"}]
    return c


def _stat_labels() -> dict[str, str]:
    return {key: abbr for key, abbr, _ in stat_table()}


def _skill_names() -> dict[str, str]:
    return {name.lower(): name for name, _, _ in skill_table()}


def validate(raw: Any) -> dict[str, Any]:
    """A character from JSON, checked field by field; missing fields take their default.

    >>> validate({"system": "glittershard", "version": 1, "stats": {"nim": "3"}})["stats"]["nim"]
    3
    >>> validate({"system": "glittershard", "version": 1,
    ...           "weapons": [{"name": "Bow", "stat": "luck"}]})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: weapons[0].stat: Stat must be one of bwn, nim, lm, dm, wit; \
got 'luck'.
    >>> validate({"system": "glittershard", "version": 1, "level": 3,
    ...           "advances": {"2": {"perk": "x"}}})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: advances.2.perk: 'perk' is not a field of a level 2 choice.
    """
    raw = check.header(raw, SYSTEM, NAME, VERSION)
    out = blank()
    check.record(raw, "", tuple(out), "character")
    out["name"] = check.text(raw.get("name", ""), "name", "Name", 80)
    out["level"] = check.whole(raw.get("level", 1), "level", "Level", 1, max_level())
    out["method"] = check.choice(raw.get("method", "array"), "method", "Method", tuple(METHODS))
    seed = raw.get("seed")
    out["seed"] = None if seed in (None, "") else check.whole(seed, "seed", "Seed", 0, 2**32)
    stats = check.record(raw.get("stats", {}), "stats", STAT_KEYS, "set of stats")
    for key in STAT_KEYS:
        out["stats"][key] = check.whole(stats.get(key, 0), f"stats.{key}", key, -9, 9)
    race = check.record(raw.get("race", {}), "race", tuple(out["race"]), "race")
    for key in ("name", "bonuses", "traits"):
        out["race"][key] = check.text(race.get(key, ""), f"race.{key}", key.capitalize())
    out["race"]["base_health"] = check.whole(
        race.get("base_health", 10), "race.base_health", "Base health", 0, 200
    )
    out["race"]["speed_bonus"] = check.whole(
        race.get("speed_bonus", 0), "race.speed_bonus", "Racial speed bonus", -20, 20
    )
    out["race"]["size"] = check.choice(
        race.get("size", "medium"), "race.size", "Size", tuple(sizes())
    )
    klass = check.record(raw.get("class", {}), "class", tuple(out["class"]), "class")
    for key in out["class"]:
        out["class"][key] = check.text(klass.get(key, ""), f"class.{key}", key.capitalize())
    for path, text in (
        ("race.bonuses", out["race"]["bonuses"]),
        ("class.bonuses", out["class"]["bonuses"]),
    ):
        try:
            parse_bonuses(text)
        except InputError as error:
            raise InputError(path, error.message) from None
    try:
        parse_trained_skills(out["class"]["training"])
    except InputError as error:
        raise InputError("class.training", error.message) from None
    names = _skill_names()
    for i, skill in enumerate(check.items(raw.get("training", []), "training", "Training", 40)):
        path = check.join("training", i)
        text = check.text(skill, path, "A trained skill").lower()
        if text not in names:
            raise InputError(path, f"{skill!r} is not a skill of the skills table.")
        if names[text] not in out["training"]:
            out["training"].append(names[text])
    order = list(names.values())
    out["training"].sort(key=order.index)  # the skills table's order
    gear = check.record(raw.get("gear", {}), "gear", tuple(out["gear"]), "gear list")
    out["gear"]["items"] = check.text(gear.get("items", ""), "gear.items", "Items")
    for key, label in (("carried_weight", "Carried weight"), ("bag_capacity", "Bag capacity")):
        out["gear"][key] = check.whole(gear.get(key, 0), f"gear.{key}", label, 0, 1000)
    armor = check.record(raw.get("armor", {}), "armor", tuple(out["armor"]), "armor")
    for key in out["armor"]:
        out["armor"][key] = check.whole(
            armor.get(key, 0), f"armor.{key}", key.replace("_", " ").capitalize(), -20, 20
        )
    for i, item in enumerate(
        check.items(raw.get("weapons", []), "weapons", "Weapons", MAX_WEAPONS)
    ):
        path = check.join("weapons", i)
        item = check.record(item, path, ("name", "stat", "attack_bonus", "trained"), "weapon")
        out["weapons"].append(
            {
                "name": check.text(item.get("name", ""), f"{path}.name", "Name", 80),
                "stat": check.choice(item.get("stat", "bwn"), f"{path}.stat", "Stat", ATTACK_STATS),
                "attack_bonus": check.whole(
                    item.get("attack_bonus", 0), f"{path}.attack_bonus", "Attack bonus", -10, 10
                ),
                "trained": check.flag(item.get("trained", False), f"{path}.trained", "Trained"),
            }
        )
    known = schools()
    for i, item in enumerate(check.items(raw.get("spells", []), "spells", "Spells", MAX_SPELLS)):
        path = check.join("spells", i)
        item = check.record(item, path, ("name", "school"), "spell")
        out["spells"].append(
            {
                "name": check.text(item.get("name", ""), f"{path}.name", "Name", 80),
                "school": check.choice(
                    item.get("school", ""), f"{path}.school", "School", tuple(known)
                ),
            }
        )
    advances = check.record(
        raw.get("advances", {}),
        "advances",
        tuple(str(n) for n in range(2, out["level"] + 1)),
        f"level {out['level']} character's advances (levels 2 to {out['level']})",
    )
    for level in range(2, out["level"] + 1):
        gains = level_gains(level)
        path = f"advances.{level}"
        chosen = check.record(advances.get(str(level), {}), path, gains, f"level {level} choice")
        entry: dict[str, str] = {}
        for gain in gains:
            text = check.text(chosen.get(gain, ""), f"{path}.{gain}", gain.replace("_", " "))
            if gain == "stat" and text and text not in STAT_KEYS:
                raise InputError(
                    f"{path}.stat", f"{text!r} is not a stat; use one of {', '.join(STAT_KEYS)}."
                )
            if gain == "training" and text:
                if text.lower() not in names:
                    raise InputError(
                        f"{path}.training", f"{text!r} is not a skill of the skills table."
                    )
                text = names[text.lower()]
            entry[gain] = text
        out["advances"][str(level)] = entry
    return out
