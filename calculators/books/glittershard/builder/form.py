"""The page's form: a character as form fields (names are paths with dots) and back."""

from __future__ import annotations

import re
from typing import Any

from ....builders import state as check
from ....errors import InputError
from ..tables import STAT_KEYS, max_level
from ..tables import skills as skill_table
from .character import blank, validate
from .declarations import MAX_SPELLS, MAX_WEAPONS, SYSTEM, VERSION, level_gains


def to_form(c: dict[str, Any]) -> dict[str, str]:
    """The page's form fields for a character (names are paths with dots).

    >>> from calculators.books.glittershard.builder import example
    >>> form = to_form(example())
    >>> form["stats.nim"], form["race.size"], form["training.Stealth"], form["weapons.0.stat"]
    ('4', 'small', 'true', 'nim')
    """
    form: dict[str, str] = {
        "name": c["name"],
        "level": str(c["level"]),
        "method": c["method"],
        "seed": "" if c["seed"] is None else str(c["seed"]),
    }
    form.update({f"stats.{k}": str(v) for k, v in c["stats"].items()})
    for group in ("race", "class", "gear", "armor"):
        form.update({f"{group}.{k}": str(v) for k, v in c[group].items()})
    for name, _, _ in skill_table():
        form[f"training.{name}"] = "true" if name in c["training"] else "false"
    for i in range(MAX_WEAPONS):
        w = (
            c["weapons"][i]
            if i < len(c["weapons"])
            else {"name": "", "stat": "bwn", "attack_bonus": 0, "trained": False}
        )
        form.update(
            {
                f"weapons.{i}.name": w["name"],
                f"weapons.{i}.stat": w["stat"],
                f"weapons.{i}.attack_bonus": str(w["attack_bonus"]),
                f"weapons.{i}.trained": "true" if w["trained"] else "false",
            }
        )
    for i in range(MAX_SPELLS):
        s = c["spells"][i] if i < len(c["spells"]) else {"name": "", "school": ""}
        form.update({f"spells.{i}.name": s["name"], f"spells.{i}.school": s["school"]})
    for level in range(2, max_level() + 1):
        for gain in level_gains(level):
            form[f"advances.{level}.{gain}"] = c["advances"].get(str(level), {}).get(gain, "")
    return form


def form_path(path: str) -> str:
    """A validation path as the form's field name.

    >>> form_path("weapons[1].stat")
    'weapons.1.stat'
    """
    return re.sub(r"\[(\d+)\]", r".\1", path)


def from_form(form: dict[str, Any]) -> dict[str, Any]:
    """A character from the page's form fields (see :func:`to_form`), validated.

    >>> from calculators.books.glittershard.builder import example
    >>> from_form(to_form(example())) == validate(example())
    True
    """

    def get(name: str, default: Any = "") -> Any:
        return form.get(name, default)

    level = get("level", 1)
    raw: dict[str, Any] = {
        "system": SYSTEM,
        "version": VERSION,
        "name": get("name"),
        "level": level,
        "method": get("method", "array"),
        "seed": get("seed") or None,
        "stats": {k: get(f"stats.{k}", 0) for k in STAT_KEYS},
        "training": [
            name for name, _, _ in skill_table() if str(get(f"training.{name}", "false")) == "true"
        ],
        "weapons": [],
        "spells": [],
        "advances": {},
    }
    template = blank()
    for group in ("race", "class", "gear", "armor"):
        raw[group] = {k: get(f"{group}.{k}", v) for k, v in template[group].items()}
    for i in range(MAX_WEAPONS):
        if str(get(f"weapons.{i}.name")).strip():
            raw["weapons"].append(
                {
                    "name": get(f"weapons.{i}.name"),
                    "stat": get(f"weapons.{i}.stat", "bwn"),
                    "attack_bonus": get(f"weapons.{i}.attack_bonus", 0),
                    "trained": get(f"weapons.{i}.trained", "false"),
                }
            )
    for i in range(MAX_SPELLS):
        if str(get(f"spells.{i}.name")).strip():
            raw["spells"].append(
                {"name": get(f"spells.{i}.name"), "school": get(f"spells.{i}.school")}
            )
    try:
        top = check.whole(level, "level", "Level", 1, max_level())
        for lvl in range(2, top + 1):
            raw["advances"][str(lvl)] = {g: get(f"advances.{lvl}.{g}") for g in level_gains(lvl)}
        return validate(raw)
    except InputError as error:
        raise InputError(form_path(error.field), error.message) from None
