"""The Glittershard's End character builder: the book's ten creation steps, then levels to 20.

The character is plain data (see :func:`blank`): the stat method (and, for the two dice
methods, the seed the stats were rolled with, so anyone can replay the roll), the eight
stats, race and class values entered by hand (the rulebook has no race or class pages),
trainings, gear, armor, weapons, spells by school, and one entry of choices per level
reached (``advances``). :func:`validate` names the path of any mistake
(``weapons[1].stat``); :func:`evaluate` computes the sheet with
:func:`calculators.glittershard.character.compute_character`.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from .. import data
from ..errors import InputError
from ..format import with_sign
from ..glittershard.character import compute_character, parse_bonuses, parse_trained_skills
from ..glittershard.checks import stat_dice
from ..glittershard.tables import STAT_KEYS, constant, level_rows, max_level, pool_rules, sizes
from ..glittershard.tables import skills as skill_table
from ..glittershard.tables import stats as stat_table
from ..notation import parse
from . import state as check
from .sheet import Problem, Step, assemble, problem, step, value

SYSTEM = "glittershard"
NAME = "Glittershard's End"
VERSION = 1
METHODS = {
    "array": "Standard Array",
    "allotment": "Standard Allotment",
    "unrestricted": "Unrestricted Dice",
    "restricted": "Restricted Dice",
}
"""The four stat methods of the rulebook, by the name the character uses."""
ROLLED = ("unrestricted", "restricted")
GAINS = {
    "+1 to a stat": "stat",
    "+1 skill point": "skill_point",
    "new class perk": "perk",
    "1 training": "training",
}
"""What each part of the level table's 'Perks:' column asks the player to choose."""
REQUIRED_GAINS = ("stat", "perk", "training")
"""Choices a level-up must have made; a skill point is only noted (the book never says what
it buys)."""
MAX_WEAPONS = 4
MAX_SPELLS = 6
ATTACK_STATS = ("bwn", "nim", "lm", "dm", "wit")
HAND_NOTE = (
    "The rulebook refers to race and class pages that it does not include: enter the "
    "values from your table's own race and class by hand."
)


def schools() -> dict[str, str]:
    """Every magic of the three schools' tables, with its school.

    >>> schools()["Fire"], schools()["Air"], schools()["Spatial"]
    ('Dark magic', 'Light magic', 'Book magic')
    """
    out = {}
    for table in ("light_magic_table", "dark_magic_table", "book_magic_table"):
        entry = data.entry(f"glittershard.{table}")
        for row in entry["rows"]:
            out[str(row[0])] = entry["name"]
    return out


def level_gains(level: int) -> tuple[str, ...]:
    """The choices the level table's row for ``level`` opens.

    >>> level_gains(5), level_gains(2), level_gains(1)
    (('skill_point', 'training'), ('stat',), ())
    """
    if level < 2:
        return ()
    perks = dict(level_rows())[level]
    return tuple(GAINS[p.strip().lower()] for p in perks.split(","))


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


def rolled_stats(method: str, seed: int) -> list[int]:
    """The stats a dice method rolls with ``seed``: each die 1d6 − 2.

    Unrestricted Dice rolls 8d6 (listed highest first, to assign as desired); Restricted
    Dice rolls one die for each stat in turn.

    >>> rolled_stats("unrestricted", 7), rolled_stats("restricted", 7)
    ([4, 3, 2, 1, 0, -1, -1, -1], [1, 0, 2, 4, -1, -1, 3, -1])
    """
    rng = random.Random(seed)
    minus = constant("Subtracted from each stat roll")
    if method == "unrestricted":
        faces = parse("8d6").roll(rng).dice[0].faces
        return sorted((f - minus for f in faces), reverse=True)
    return [parse("1d6").roll(rng).total - minus for _ in STAT_KEYS]


def roll_stats(raw: Any, seed: Any) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Roll the stats with ``seed`` by the character's dice method and assign them in order.

    >>> c, events = roll_stats({**blank(), "method": "restricted"}, 7)
    >>> list(c["stats"].values()), c["seed"]
    ([1, 0, 2, 4, -1, -1, 3, -1], 7)
    >>> roll_stats(blank(), 7)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: method: Only Unrestricted Dice and Restricted Dice roll the \
stats.
    """
    character = validate(raw)
    if character["method"] not in ROLLED:
        raise InputError("method", "Only Unrestricted Dice and Restricted Dice roll the stats.")
    seed = check.whole(seed, "seed", "Seed", 0, 2**32)
    values = rolled_stats(character["method"], seed)
    character["seed"] = seed
    character["stats"] = dict(zip(STAT_KEYS, values, strict=True))
    shown = ", ".join(with_sign(v) for v in values)
    how = (
        "8d6, each − 2, assigned highest first: swap them as you like"
        if character["method"] == "unrestricted"
        else "1d6 − 2 for each stat in turn"
    )
    return character, [
        {
            "step": "stats",
            "message": f"Rolled with seed {seed}: {shown} ({how}; one tweak allowed).",
        }
    ]


def _tweak_ok(have: list[int], rolled: list[int], any_order: bool) -> bool:
    """Whether ``have`` is ``rolled`` (in any order if ``any_order``) with at most one tweak.

    >>> _tweak_ok([3, 1], [2, 2], False), _tweak_ok([4, 0], [2, 2], False)
    (True, False)
    >>> _tweak_ok([1, 2], [2, 1], True), _tweak_ok([4, -1], [2, 1], True)
    (True, False)
    """
    if any_order:
        target = Counter(have)
        if target == Counter(rolled):
            return True
        for i in range(len(rolled)):
            for j in range(len(rolled)):
                if i != j:
                    moved = list(rolled)
                    moved[i] += 1
                    moved[j] -= 1
                    if Counter(moved) == target:
                        return True
        return False
    diffs = sorted(h - r for h, r in zip(have, rolled, strict=True) if h != r)
    return diffs in ([], [-1, 1])


def _stats_step(c: dict[str, Any], result: dict[str, Any]) -> tuple[Step, list[str]]:
    problems: list[Problem] = []
    notes = [f"Method: {METHODS[c['method']]}."]
    gm_notes = []
    rule = "glittershard.stats_continued"
    left = 0
    for message in result["problems"]:
        if "the GM may judge" in message:
            gm_notes.append(message)
            continue
        words = {
            "array": "Standard Array: Use the following values as required",
            "allotment": "From a pool of 12 points, asign points according to the following",
        }.get(
            c["method"],
            "One tweak is allowed, raising a stat by one point by reducing another by one point.",
        )
        problems.append(problem(message, rule, words))
    if c["method"] in ROLLED:
        if c["seed"] is None:
            left = 1
            notes.append("Roll the stats: the seed is kept, so anyone can replay the roll.")
        else:
            rolled = rolled_stats(c["method"], c["seed"])
            notes.append(
                f"Rolled with seed {c['seed']}: {', '.join(with_sign(v) for v in rolled)}."
            )
            have = [c["stats"][k] for k in STAT_KEYS]
            if not _tweak_ok(have, rolled, c["method"] == "unrestricted"):
                words = (
                    "Roll 8d6. Subtract 2 from all dice rolls. Assign scores as desired. "
                    "One tweak is allowed"
                    if c["method"] == "unrestricted"
                    else "For each stat in turn, roll 1d6 and subtract 2. One tweak is allowed"
                )
                problems.append(
                    problem(
                        f"These stats are not the roll of seed {c['seed']} "
                        + ("assigned as desired" if c["method"] == "unrestricted" else "in turn")
                        + " with at most one tweak.",
                        rule,
                        words,
                    )
                )
    total = sum(c["stats"].values())
    notes.append(f"The stats add up to {with_sign(total)} (before race and class bonuses).")
    notes.extend(gm_notes)
    allowed = {
        "array": "one +4, one +3, two +2, two +1, one +0 and one −1",
        "allotment": "a pool of 12 points; at most one +4; one −2 or two −1",
        "unrestricted": "8d6 − 2 assigned as desired, one tweak",
        "restricted": "1d6 − 2 for each stat in turn, one tweak",
    }[c["method"]]
    return step(
        "stats",
        "Stats",
        rule,
        allowed,
        left,
        problems,
        notes,
        left_text="roll the stats" if left else "nothing left",
    ), gm_notes


def evaluate(raw: Any) -> dict[str, Any]:
    """The sheet: the book's ten steps, then level-ups, with derived values and readiness.

    >>> sheet = evaluate(blank())
    >>> [(s["id"], s["status"]) for s in sheet["steps"]]  # doctest: +NORMALIZE_WHITESPACE
    [('stats', 'problem'), ('race', 'open'), ('class', 'open'), ('training', 'open'),
     ('derived', 'done'), ('gear', 'done'), ('armor', 'done'), ('weapons', 'done'),
     ('spells', 'done'), ('levels', 'done')]
    """
    c = validate(raw)
    labels = _stat_labels()
    level_stats = [a.get("stat", "") for a in c["advances"].values() if a.get("stat")]
    bonuses = ", ".join(
        part
        for part in (
            c["race"]["bonuses"],
            c["class"]["bonuses"],
            *(f"{labels[k]} +1" for k in level_stats),
        )
        if part
    )
    level_training = [a["training"] for a in c["advances"].values() if a.get("training")]
    trained = list(
        dict.fromkeys(
            [*c["training"], *parse_trained_skills(c["class"]["training"]), *level_training]
        )
    )
    result = compute_character(
        **c["stats"],
        method="rolled" if c["method"] in ROLLED else c["method"],
        bonuses=bonuses,
        level=c["level"],
        race_health=c["race"]["base_health"],
        size=c["race"]["size"],
        armor_bonus=c["armor"]["armor_bonus"],
        shield_bonus=c["armor"]["shield_bonus"],
        armor_penalty=c["armor"]["armor_penalty"],
        racial_speed_bonus=c["race"]["speed_bonus"],
        carried_weight=c["gear"]["carried_weight"],
        bag_capacity=c["gear"]["bag_capacity"],
        trained_skills=", ".join(trained),
    )
    creation = "glittershard.character_creation"
    stats_step, _ = _stats_step(c, result)
    steps = [stats_step]
    steps.append(
        step(
            "race",
            "Race (entered by hand)",
            creation,
            "racial bonuses, base health, speed, size, traits from the race page",
            0 if c["race"]["name"] else 1,
            [],
            [HAND_NOTE],
            left_text="" if c["race"]["name"] else "name the race",
        )
    )
    steps.append(
        step(
            "class",
            "Class (entered by hand)",
            creation,
            "perks, equipment, gold and training from the class page",
            0 if c["class"]["name"] else 1,
            [],
            [HAND_NOTE],
            left_text="" if c["class"]["name"] else "name the class",
        )
    )
    chosen = len(c["training"])
    training_problems = []
    if chosen > 2:
        training_problems.append(
            problem(
                f"{chosen} trainings chosen at creation; the rulebook gives the last two.",
                creation,
                "choose the last two items you would like to train in",
            )
        )
    steps.append(
        step(
            "training",
            "Training",
            creation,
            "2 trainings of your choice at level 1 (besides the class's own)",
            max(0, 2 - chosen),
            training_problems,
            [f"Trained: {', '.join(trained) or 'nothing yet'}."],
            left_text=f"{max(0, 2 - chosen)} of 2 left",
        )
    )
    steps.append(
        step(
            "derived",
            "Health, magic stamina, recovery, carry weight",
            "glittershard.math",
            "",
            0,
            [],
            [],
            left_text="",
        )
    )
    gear_problems = []
    if c["gear"]["carried_weight"] > result["max_carry_weight"]:
        gear_problems.append(
            problem(
                f"{c['gear']['carried_weight']} kg carried, above the maximum carry weight of "
                f"{result['max_carry_weight']} kg.",
                "glittershard.max_carry_weight_formula",
                "(base weight (30) + (10 * Brawn)) or 5 + sum of bag carrying caps, whichever is "
                "lower.",
            )
        )
    steps.append(
        step(
            "gear",
            "Gear",
            creation,
            f"up to {result['max_carry_weight']} kg carried",
            0,
            gear_problems,
            [],
            left_text="",
        )
    )
    steps.append(step("armor", "Armor, dodge and speed", creation, "", 0, [], [], left_text=""))
    base_dice = pool_rules()[0]
    proficiency = data.assumption_default("glittershard.proficiency")
    weapon_lines = []
    values = []
    for w in c["weapons"]:
        stat = result["stats"][labels[w["stat"]]]
        dice = base_dice + w["attack_bonus"] + (proficiency if w["trained"] else 0)
        dice += stat_dice(stat)
        how = (
            f"{dice}d6 = {base_dice} + {w['attack_bonus']} weapon attack bonus + "
            f"{proficiency if w['trained'] else 0} proficiency "
            f"({'trained' if w['trained'] else 'not trained'}) + {stat_dice(stat)} "
            f"({labels[w['stat']]} {stat}/2, toward zero)"
        )
        weapon_lines.append(f"{w['name'] or 'Unnamed weapon'}: {dice}d6")
        values.append(value(f"Attack: {w['name'] or 'weapon'}", f"{dice}d6", how))
    steps.append(
        step(
            "weapons",
            "Weapon dice",
            "glittershard.attack_roll_formula",
            "",
            0,
            [],
            ["Dice thrown with no circumstantial bonus, for quick reference."],
            left_text="",
        )
    )
    steps.append(
        step(
            "spells",
            "Spells by school",
            creation,
            "spells as granted by perks",
            0,
            [],
            [
                "The rulebook names the schools of magic but lists no spells: "
                "write down those your class perks grant."
            ],
            left_text="",
        )
    )
    open_choices = [
        f"level {lvl}: {gain.replace('_', ' ')}"
        for lvl, choices in c["advances"].items()
        for gain, chosen_value in choices.items()
        if gain in REQUIRED_GAINS and not chosen_value
    ]
    next_level = c["level"] + 1 if c["level"] < max_level() else None
    steps.append(
        step(
            "levels",
            "Level-ups",
            "glittershard.level_table",
            f"level {c['level']} of {max_level()}",
            len(open_choices),
            [],
            ([f"Still to choose: {'; '.join(open_choices)}."] if open_choices else [])
            + [
                f"Next: level {next_level}, {dict(level_rows())[next_level]}."
                if next_level
                else "Level 20 is the last row of the level table.",
                "The rulebook never says what a skill point buys: it is only noted.",
            ],
            left_text=f"{len(open_choices)} choices left" if open_choices else "",
        )
    )
    breakdown = result["breakdown"]
    derived = [
        value("Max health", result["max_health"], breakdown["Max health"]),
        value("Magic stamina", result["magic_stamina"], breakdown["Magic stamina"]),
        value(
            "Magical recovery points",
            result["magical_recovery_points"],
            breakdown["Magical recovery points"],
        ),
        value(
            "Max carry weight", f"{result['max_carry_weight']} kg", breakdown["Max carry weight"]
        ),
        value("Weight penalty", result["weight_penalty"], breakdown["Weight penalty"]),
        value("Armor value", result["armor_value"], breakdown["Armor value"]),
        value("Dodge", result["dodge"], breakdown["Dodge"]),
        value("Speed", result["speed"], breakdown["Speed"]),
    ]
    stats_values = [
        value(
            labels[k],
            v,
            f"{labels[k]} {v} = {c['stats'][k]} ({METHODS[c['method']]})"
            + (f" {v - c['stats'][k]:+d} bonuses" if v != c["stats"][k] else ""),
        )
        for k, v in zip(STAT_KEYS, result["stats"].values(), strict=True)
    ]
    skills = [
        value(f"{name}", f"{v} {result['skill_modifiers'][name]}", breakdown[f"Skill: {name}"])
        for name, v in result["skills"].items()
    ]
    return assemble(
        SYSTEM,
        c,
        steps,
        stats_values + derived + values + skills,
        title=c["name"] or "Unnamed character",
        level=c["level"],
        lists=[
            (
                "Race and class",
                [
                    f"Race: {c['race']['name'] or '—'} ({sizes()[c['race']['size']][0]}"
                    f"); traits: {c['race']['traits'] or '—'}",
                    f"Class: {c['class']['name'] or '—'}; perks: {c['class']['perks'] or '—'}",
                ],
            ),
            ("Trained", trained),
            ("Gear", [x for x in (c["class"]["equipment"], c["gear"]["items"]) if x]),
            ("Weapons", weapon_lines),
            (
                "Spells",
                [f"{s['name']} ({s['school']}, {schools()[s['school']]})" for s in c["spells"]],
            ),
            (
                "Level-ups",
                [
                    f"Level {lvl}: "
                    + "; ".join(
                        f"{g.replace('_', ' ')} {v or '(to choose)'}" for g, v in ch.items()
                    )
                    for lvl, ch in c["advances"].items()
                ],
            ),
        ],
    )


def level_up(raw: Any) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Apply the next row of the level table; the events name the choices it opens.

    >>> c, events = level_up(example())
    >>> c["level"], c["advances"], events[0]["message"]
    (2, {'2': {'stat': ''}}, 'Level 2: +1 to a stat. Choose the stat at Level-ups.')
    """
    character = validate(raw)
    if character["level"] >= max_level():
        raise InputError("level", f"Level {max_level()} is the last row of the level table.")
    level = character["level"] + 1
    gains = level_gains(level)
    character["level"] = level
    character["advances"][str(level)] = {g: "" for g in gains}
    what = {
        "stat": "the stat",
        "perk": "the new class perk",
        "training": "the training",
        "skill_point": "a note for the skill point (the book never says what it buys)",
    }
    perks = dict(level_rows())[level]
    return character, [
        {
            "step": "levels",
            "message": f"Level {level}: {perks}. Choose "
            + " and ".join(what[g] for g in gains)
            + " at Level-ups.",
        }
    ]


# -- the form -----------------------------------------------------------------------
def to_form(c: dict[str, Any]) -> dict[str, str]:
    """The page's form fields for a character (names are paths with dots).

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
