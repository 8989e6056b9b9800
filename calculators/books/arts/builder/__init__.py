"""The Attributes & Arts character builder: the character as JSON, its steps and level-ups.

The character is plain data::

    {"system": "arts", "version": 1, "name": "", "level": 1,
     "points": {"phy": 0, ..., "research": 0},
     "abilities": [{"name": "Hack and Slash", "tier": 2}, ...]}

:func:`validate` checks one handed in (a link, storage, a file), naming the field of any
mistake (``abilities[1].tier``); :func:`evaluate` computes the sheet with
:func:`calculators.books.arts.compute_character`, one step per creation step of the rulebook;
:func:`level_up` applies the next row of the level table.
"""

from __future__ import annotations

from typing import Any

from .... import data
from ....builders import state as check
from ....builders.sheet import Problem, Step, assemble, problem, step, value
from ....errors import InputError
from ... import arts as rules

SYSTEM = "arts"
NAME = "Attributes & Arts"
VERSION = 1
MAX_LEVEL = 12
POOLS = {
    "general": ("General attribute points", rules.GENERALS, "arts.allocating_general_attributes"),
    "specific": (
        "Specific attribute points",
        rules.ATTRIBUTES,
        "arts.allocating_specific_attributes",
    ),
    "combat": ("Combat arts points", (), "arts.allocating_arts_points"),
    "utility": ("Utility arts points", (), "arts.allocating_arts_points"),
}
POOL_WORDS = {
    "general": "General Attribute",
    "specific": "Specific Attribute",
    "combat": "Combat Arts",
    "utility": "Utility Arts",
}


def point_keys(pool: str) -> tuple[str, ...]:
    """The point fields of one pool, in the rulebook's order.

    >>> point_keys("general"), point_keys("combat")[:2]
    (('phy', 'sen', 'cog'), ('unarmed', 'bladecraft'))
    """
    if pool in ("combat", "utility"):
        return tuple(a["id"].partition(".")[2] for a in rules.arts_of(pool))
    return POOLS[pool][1]


def all_point_keys() -> tuple[str, ...]:
    """Every point field of the character.

    >>> len(all_point_keys())
    27
    """
    return tuple(k for pool in POOLS for k in point_keys(pool))


def blank() -> dict[str, Any]:
    """A new level 1 character with no point spent and no ability picked.

    >>> c = blank()
    >>> c["version"], c["level"], sum(c["points"].values()), c["abilities"]
    (1, 1, 0, [])
    """
    return {
        "system": SYSTEM,
        "version": VERSION,
        "name": "",
        "level": 1,
        "points": {k: 0 for k in all_point_keys()},
        "abilities": [],
    }


def example() -> dict[str, Any]:
    """The rulebook's example character: +1 PHY, MIG, REF, Bladecraft; +2 Kineticism.

    The book stops at "three abilities split any way they choose between Bladecraft and
    Kineticism"; the three here are one such split. Its utility points are left unspent.

    >>> evaluate(example())["steps"][0]["status"]
    'done'
    """
    character = blank()
    character["name"] = "The rulebook's example"
    character["points"].update(phy=1, mig=1, ref=1, bladecraft=1, kineticism=2)
    character["abilities"] = [
        {"name": "Hack and Slash", "tier": 1},
        {"name": "Accelerate", "tier": 1},
        {"name": "Vector Field", "tier": 1},
    ]
    return character


def validate(raw: Any) -> dict[str, Any]:
    """A character from JSON, checked field by field; missing fields take their default.

    >>> validate({"system": "arts", "version": 1, "points": {"phy": "1"}})["points"]["phy"]
    1
    >>> validate({"system": "arts", "version": 1,
    ...           "abilities": [{"name": "Bash"}, {"name": "Accelerate", "tier": 0}]})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: abilities[1].tier: Tier must be from 1 to 9; got 0.
    >>> validate({"system": "arts", "version": 1, "abilities": [{"name": "Fireball"}]})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: abilities[0].name: 'Fireball' is not an ability of the \
Ability List.
    """
    raw = check.header(raw, SYSTEM, NAME, VERSION)
    check.record(
        raw, "", ("system", "version", "name", "level", "points", "abilities"), "character"
    )
    out = blank()
    out["name"] = check.text(raw.get("name", ""), "name", "Name", 80)
    out["level"] = check.whole(raw.get("level", 1), "level", "Level", 1, MAX_LEVEL)
    keys = all_point_keys()
    points = check.record(raw.get("points", {}), "points", keys, "set of points")
    for key in keys:
        path = check.join("points", key)
        out["points"][key] = check.whole(points.get(key, 0), path, key.upper(), 0, 12)
    cards = rules.ability_cards()
    seen: set[str] = set()
    for i, item in enumerate(check.items(raw.get("abilities", []), "abilities", "Abilities", 70)):
        path = check.join("abilities", i)
        item = check.record(item, path, ("name", "tier"), "ability pick")
        name = check.text(item.get("name"), check.join(path, "name"), "The ability's name")
        key = " ".join(name.split()).lower()
        if key not in cards:
            raise InputError(
                check.join(path, "name"), f"{name!r} is not an ability of the Ability List."
            )
        if key in seen:
            raise InputError(
                check.join(path, "name"),
                f"{cards[key]['name']} is picked twice; raise its tier instead.",
            )
        seen.add(key)
        tier = check.whole(item.get("tier", 1), check.join(path, "tier"), "Tier", 1, 9)
        out["abilities"].append({"name": cards[key]["name"], "tier": tier})
    order = {card["name"]: i for i, card in enumerate(cards.values())}
    out["abilities"].sort(key=lambda a: order[a["name"]])  # the Ability List's order
    return out


def abilities_text(character: dict[str, Any]) -> str:
    """The picks as the calculator's ``abilities`` input.

    >>> abilities_text(validate(example()))
    'Hack and Slash:1, Vector Field:1, Accelerate:1'
    """
    return ", ".join(f"{a['name']}:{a['tier']}" for a in character["abilities"])


def _pool_step(pool: str, character: dict[str, Any], result: dict[str, Any]) -> Step:
    title, _, rule = POOLS[pool]
    level = character["level"]
    spent, allowed = result["points"][pool]["spent"], result["points"][pool]["allowed"]
    problems: list[Problem] = []
    if spent > allowed:
        message = f"{spent} {POOL_WORDS[pool]} points spent, but level {level} allows {allowed}."
        if level == 1:
            problems.append(
                problem(
                    message,
                    "arts.character_creation",
                    "Players begin with a pool of 1 General Attribute points, 2 Specific Atribute "
                    "points, 3 Combat Arts points and 3 Utility Arts points.",
                )
            )
        else:
            problems.append(
                problem(
                    message,
                    "arts.leveling_up",
                    "Characters can raise modifiers and gain and upgrade abilities as they level "
                    "up, per the following table.",
                )
            )
    return step(
        pool,
        title,
        rule,
        f"{allowed} at level {level}",
        max(0, allowed - spent),
        problems,
        left_text=f"{max(0, allowed - spent)} of {allowed} left",
    )


def _ability_step(character: dict[str, Any], result: dict[str, Any]) -> Step:
    allowed = result["ability_picks"]
    used = result["picks_used"]
    invested = [
        a["name"]
        for a in rules.arts_of("combat")
        if character["points"][a["id"].partition(".")[2]] > 0
    ]
    problems: list[Problem] = [
        problem(p["message"], p["rule"], p["quote"]) for p in result["rule_problems"]
    ]
    notes = [
        f"Arts open to picks (at least 1 direct point): {', '.join(invested) or 'none yet'}.",
        f"Utility picks: {allowed} allowed, none can be picked: the rulebook lists no "
        "utility abilities (assumption), so they are left open and do not hold the sheet back.",
    ]
    left = max(0, allowed - used["combat"])
    return step(
        "abilities",
        "Ability selection",
        "arts.ability_selection",
        f"{allowed} combat and {allowed} utility picks at level {character['level']} "
        "(a pick counts its tier)",
        left,
        problems,
        notes,
        left_text=f"{left} of {allowed} combat picks left",
    )


def evaluate(raw: Any) -> dict[str, Any]:
    """The sheet of a character: its steps, derived values and whether it is ready.

    >>> sheet = evaluate(example())
    >>> [(s["id"], s["status"]) for s in sheet["steps"]]  # doctest: +NORMALIZE_WHITESPACE
    [('general', 'done'), ('specific', 'done'), ('combat', 'done'), ('utility', 'open'),
     ('abilities', 'done'), ('level', 'done')]
    >>> sheet["ready"], sheet["unresolved"]
    (False, ['Utility arts points'])
    """
    character = validate(raw)
    result = rules.compute_character(
        character["level"], abilities_text(character), **character["points"]
    )
    steps = [_pool_step(pool, character, result) for pool in POOLS]
    steps.append(_ability_step(character, result))
    level = character["level"]
    row = next_row(level)
    steps.append(
        step(
            "level",
            "Level",
            "arts.level_table",
            f"level {level} of {MAX_LEVEL}",
            0,
            [],
            [
                f"Next: level {row['Level']}, {row['Gained']}"
                if row
                else f"Level {MAX_LEVEL} is the last row of the level table."
            ],
            left_text="",
        )
    )
    breakdown = result["breakdown"]
    values = [value(k, v, breakdown[k]) for k, v in result["attributes"].items()]
    for group in ("combat_arts", "utility_arts"):
        values += [value(k, v, breakdown[k]) for k, v in result[group].items()]
    for label, key in (
        ("Resilience", "resilience"),
        ("Evasion", "evasion"),
        ("Resolve", "resolve"),
        ("Fatigue Tolerance", "fatigue_tolerance"),
        ("Stress Tolerance", "stress_tolerance"),
        ("Speed", "speed"),
    ):
        values.append(value(label, result[key], breakdown[label]))
    values.append(value("Ability picks", result["ability_picks"], breakdown["Ability picks"]))
    return assemble(
        SYSTEM,
        character,
        steps,
        values,
        title=character["name"] or "Unnamed character",
        level=level,
        abilities=[
            {**a, "id": c["id"]}
            for a, c in zip(
                result["abilities"],
                (rules.ability_cards()[x["name"].lower()] for x in character["abilities"]),
                strict=True,
            )
        ],
        groups={
            "attributes": list(result["attributes"]),
            "combat_arts": list(result["combat_arts"]),
            "utility_arts": list(result["utility_arts"]),
        },
        assumptions=[rules.NO_UTILITY_ABILITIES],
        lists=[
            (
                "Abilities",
                [f"{a['name']} ({a['art']}, tier {a['tier']})" for a in result["abilities"]],
            ),
        ],
    )


def next_row(level: int) -> dict[str, Any] | None:
    """The level table's row after ``level``, or ``None`` at the last level.

    >>> next_row(2)
    {'Level': 3, 'Gained': '+1 to a Specific Attribute', 'Cumulative Ability Picks (Each Type)': 4}
    >>> next_row(12) is None
    True
    """
    return next((r for r in data.table("arts.level_table") if r["Level"] == level + 1), None)


def level_up(raw: Any) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Apply the next row of the level table; the events name the choices it opens.

    >>> character, events = level_up(example())
    >>> character["level"], [e["step"] for e in events]
    (2, ['combat', 'utility', 'abilities'])
    >>> events[0]["message"]
    'Level 2: +1 to an Art. 1 more Combat Arts point to spend.'
    >>> level_up({**blank(), "level": 12})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: level: Level 12 is the last row of the level table.
    """
    character = validate(raw)
    row = next_row(character["level"])
    if row is None:
        raise InputError("level", f"Level {MAX_LEVEL} is the last row of the level table.")
    before = rules.allowances(character["level"])
    after = rules.allowances(row["Level"])
    character["level"] = row["Level"]
    events = [
        {
            "step": pool,
            "message": f"Level {row['Level']}: {row['Gained']}. "
            f"{after[pool] - before[pool]} more {POOL_WORDS[pool]} point to spend.",
        }
        for pool in POOLS
        if after[pool] > before[pool]
    ]
    gained = after["ability_picks"] - before["ability_picks"]
    if gained:
        events.append(
            {
                "step": "abilities",
                "message": f"{gained} more combat ability pick (or upgrade): "
                f"{after['ability_picks']} of each type in all.",
            }
        )
    return character, events


# -- the form -----------------------------------------------------------------------
def to_form(character: dict[str, Any]) -> dict[str, str]:
    """The page's form fields for a character: ``name``, ``level``, ``points.<key>``,
    ``pick.<ability id>`` (``"true"``/``"false"``) and ``tier.<ability id>``.

    >>> form = to_form(example())
    >>> form["points.kineticism"], form["pick.arts.accelerate"], form["tier.arts.bash"]
    ('2', 'true', '1')
    """
    form = {"name": character["name"], "level": str(character["level"])}
    form.update({f"points.{k}": str(v) for k, v in character["points"].items()})
    tiers = {a["name"]: a["tier"] for a in character["abilities"]}
    for card in rules.ability_cards().values():
        form[f"pick.{card['id']}"] = "true" if card["name"] in tiers else "false"
        form[f"tier.{card['id']}"] = str(tiers.get(card["name"], 1))
    return form


def from_form(form: dict[str, Any]) -> dict[str, Any]:
    """A character from the page's form fields (see :func:`to_form`), validated.

    >>> from_form(to_form(example())) == validate(example())
    True
    >>> from_form({"points.phy": "x"})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: points.phy: PHY must be a whole number; got 'x'.
    """
    picks = []
    for card in rules.ability_cards().values():
        if check.flag(form.get(f"pick.{card['id']}", "false"), f"pick.{card['id']}", card["name"]):
            tier = form.get(f"tier.{card['id']}", "1")
            try:
                tier = check.whole(tier, f"tier.{card['id']}", "Tier", 1, 9)
            except InputError as error:
                raise InputError(f"tier.{card['id']}", error.message) from None
            picks.append({"name": card["name"], "tier": tier})
    raw = {
        "system": SYSTEM,
        "version": VERSION,
        "name": form.get("name", ""),
        "level": form.get("level", 1),
        "points": {k: form.get(f"points.{k}", 0) for k in all_point_keys()},
        "abilities": picks,
    }
    return validate(raw)
