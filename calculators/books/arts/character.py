"""An Attributes & Arts character checked and worked out: points spent against the
pools, ability picks against their rules, Tolerances and Speed (:func:`compute_character`).
"""

from __future__ import annotations

from typing import Any

from ... import data, effects
from .abilities import ability_rule_problems, parse_abilities, picks_used
from .creation import ATTRIBUTES, BASE_SPEED, BASE_TOLERANCE, GENERALS, allowances, arts_of


def compute_character(level: int, abilities: str = "", **points: int) -> dict[str, Any]:
    """Every derived value of an Attributes & Arts character, with its breakdown.

    The rulebook's example: +1 PHY, +1 MIG, +1 REF, +1 Bladecraft, +2 Kineticism, and
    "three abilities split any way they choose between Bladecraft and Kineticism".

    >>> c = compute_character(1, "Hack and Slash:2, Accelerate", phy=1, mig=1, ref=1,
    ...                       bladecraft=1, kineticism=2)
    >>> c["attributes"]["MIG"], c["attributes"]["END"], c["attributes"]["REF"]
    (2, 1, 1)
    >>> c["combat_arts"]["Bladecraft"], c["combat_arts"]["Kineticism"], c["combat_arts"]["Unarmed"]
    (3, 2, 2)
    >>> c["picks_used"], c["problems"]
    ({'combat': 3, 'utility': 0}, [])
    """
    chosen = parse_abilities(abilities)
    entries = data.system_data("arts")
    mods: dict[str, int] = {}
    breakdown: dict[str, str] = {}
    for key in ATTRIBUTES:
        attribute = entries[f"arts.{key}"]
        parent = entries[attribute["parent"]]
        parent_key = parent["id"].partition(".")[2]
        mods[key] = points.get(parent_key, 0) + points.get(key, 0)
        breakdown[attribute["abbr"]] = (
            f"{attribute['abbr']} {mods[key]} = {points.get(parent_key, 0)} "
            f"{parent['abbr']} + {points.get(key, 0)} direct"
        )
    result: dict[str, Any] = {
        "attributes": {entries[f"arts.{k}"]["abbr"]: mods[k] for k in ATTRIBUTES}
    }
    for group in ("combat", "utility"):
        values = {}
        for art in arts_of(group):
            key = art["id"].partition(".")[2]
            primary, secondary = (a.partition(".")[2] for a in art["attributes"])
            direct = points.get(key, 0)
            value = direct + mods[primary] + mods[secondary] // 2
            values[art["name"]] = value
            breakdown[art["name"]] = (
                f"{art['name']} {value} = {direct} points + {mods[primary]} "
                f"{primary.upper()} + {mods[secondary] // 2} (half of {secondary.upper()} "
                f"{mods[secondary]}, rounded down)"
            )
        result[f"{group}_arts"] = values
    allowed = allowances(level)
    spent = {
        "general": sum(points.get(k, 0) for k in GENERALS),
        "specific": sum(points.get(k, 0) for k in ATTRIBUTES),
        "combat": sum(points.get(a["id"].partition(".")[2], 0) for a in arts_of("combat")),
        "utility": sum(points.get(a["id"].partition(".")[2], 0) for a in arts_of("utility")),
    }
    names = {
        "general": "General Attribute",
        "specific": "Specific Attribute",
        "combat": "Combat Arts",
        "utility": "Utility Arts",
    }
    problems = [
        f"{spent[p]} {names[p]} points spent, but level {level} allows {allowed[p]}."
        for p in names
        if spent[p] > allowed[p]
    ]
    rule_problems = ability_rule_problems(level, points, chosen)
    problems.extend(p["message"] for p in rule_problems)
    used = picks_used(chosen)
    breakdown["Ability picks"] = (
        f"Ability picks {allowed['ability_picks']} of each type at level {level} (level table); "
        f"used: {used['combat']} combat, {used['utility']} utility (a pick counts its tier: "
        "each upgrade forgoes one pick). The rulebook lists no utility abilities."
    )
    result.update(
        abilities=[{k: a[k] for k in ("name", "art", "type", "tier")} for a in chosen],
        picks_used=used,
        rule_problems=rule_problems,
        resilience=mods["end"],
        evasion=mods["ref"],
        resolve=mods["foc"],
        ability_picks=allowed["ability_picks"],
        problems=problems,
        points={p: {"spent": spent[p], "allowed": allowed[p]} for p in names},
    )
    breakdown.update(
        Resilience=f"Resilience {mods['end']} = END {mods['end']}",
        Evasion=f"Evasion {mods['ref']} = REF {mods['ref']}",
        Resolve=f"Resolve {mods['foc']} = FOC {mods['foc']}",
    )
    found = effects.bonuses(entries, chosen)
    for key, label, base, start in (
        (
            "fatigue_tolerance",
            "Fatigue Tolerance",
            BASE_TOLERANCE + mods["end"],
            f"{BASE_TOLERANCE} + END {mods['end']}",
        ),
        (
            "stress_tolerance",
            "Stress Tolerance",
            BASE_TOLERANCE + mods["foc"],
            f"{BASE_TOLERANCE} + FOC {mods['foc']}",
        ),
        ("speed", "Speed", BASE_SPEED, f"{BASE_SPEED} to start with"),
    ):
        result[key], working = effects.apply(base, start, found.pop(key, ()))
        breakdown[label] = f"{label} {result[key]} = {working}"
    if found:  # pragma: no cover - the rules data names a number the core does not have
        raise ValueError(f"ability effects change unknown numbers: {sorted(found)}")
    result["breakdown"] = breakdown
    return result
