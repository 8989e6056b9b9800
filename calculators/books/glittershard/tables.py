"""The tables and formula numbers of Glittershard's End, read from the rules data.

The cells the rulebook prints as text (``"+15"``, ``"6+"``, ``"0 - 10"``, ``"141+"``,
``"* 0.75"``, ``"2 units per"``) go through :mod:`calculators.cells` and the small parsers
here.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

from ... import data
from ...cells import parse_band, parse_number
from ...data import assumption_default
from .rules import A_NORMAL_HASTE, STAT_ALIASES, rule_id


def parse_factor(cell: str | int | float) -> Fraction:
    """An exact multiplier from a cell like ``"* 0.75"`` or ``"* 1.50"``.

    >>> parse_factor("* 0.75"), parse_factor("* 1.50")
    (Fraction(3, 4), Fraction(3, 2))
    """
    return Fraction(str(cell).strip().lstrip("*").strip())


def parse_units(cell: str | int) -> int:
    """The unit cost at the start of a cell like ``"2 Units per"``.

    >>> parse_units("1 unit per"), parse_units("2 Units per"), parse_units(3)
    (1, 2, 3)
    """
    match = re.match(r"\s*(\d+)", str(cell))
    if match is None:
        raise ValueError(f"no unit cost in {cell!r}")
    return int(match.group(1))


def slug(text: str) -> str:
    """A snake_case name for a table label (used for input names and choices).

    >>> slug("Grabbing an item\\\\*"), slug("Very Good")
    ('grabbing_an_item', 'very_good')
    """
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


@cache
def constants() -> dict[str, int]:
    """The numbers of the Math formulas (``glittershard.formula_constants``), by label.

    >>> constants()["Base dodge"], constants()["Base armor value"]
    (20, 10)
    """
    return {
        row["Constant"]: parse_number(row["Value"])
        for row in data.table(rule_id("formula_constants"))
    }


def constant(label: str) -> int:
    """One number of the Math formulas.

    >>> constant("Base speed (units)")
    6
    """
    return constants()[label]


@cache
def pool_rules() -> tuple[int, int, int, int]:
    """``(base dice, stat points per die, dice per step, dice for training)`` of a d6 pool.

    Read from ``glittershard.d6_pool_table``: '3 d6 base', 'For every +2 in the
    relevant stat' adds 1, 'If trained in task' adds 2.

    >>> pool_rules()
    (3, 2, 1, 2)
    """
    base = step = per_step = trained = None
    for row in data.table(rule_id("d6_pool_table")):
        source = str(row["Source"])
        if "base" in source:
            base = int(row["d6s"])
        elif "stat" in source:
            match = re.search(r"\+(\d+)", source)
            step = int(match.group(1)) if match else None
            per_step = int(row["d6s"])
        elif "trained" in source:
            trained = int(row["d6s"])
    if base is None or step is None or per_step is None or trained is None:
        raise ValueError("glittershard.d6_pool_table lacks the base, stat or training row")
    return base, step, per_step, trained


@cache
def skill_levels() -> tuple[tuple[int, str, int], ...]:
    """``(skill value, label, d100 modifier)`` rows of the skill modifier table, ascending.

    >>> skill_levels()[0], skill_levels()[-1]
    ((-2, 'Hopeless', -60), (6, 'Master', 60))
    """
    rows = [
        (parse_number(r["Skill value"]), str(r["Label"]), parse_number(r["Modifier"]))
        for r in data.table(rule_id("skill_modifier_table"))
    ]
    return tuple(sorted(rows))


def skill_modifier(value: int) -> tuple[str, int]:
    """The label and d100 modifier of a skill value.

    Below the table's lowest row the lowest row applies, and 6 or more is Master
    ('6+'), as assumption ``glittershard.skill_value_range`` says.

    >>> skill_modifier(2), skill_modifier(3), skill_modifier(9), skill_modifier(-5)
    (('Average', 0), ('Intermediate', 15), ('Master', 60), ('Hopeless', -60))
    """
    levels = skill_levels()
    chosen = levels[0]
    for row in levels:
        if value >= row[0]:
            chosen = row
    return chosen[1], chosen[2]


@cache
def quality_bands() -> tuple[tuple[int | None, int | None, str], ...]:
    """``(lowest score, highest score or None, quality)`` of the quality table.

    >>> quality_bands()[0], quality_bands()[-1]
    ((0, 10, 'Unacceptable'), (141, None, 'Masterwork'))
    """
    return tuple(
        (*parse_band(r["Final score"]), str(r["Quality"]))
        for r in data.table(rule_id("quality_table"))
    )


def quality_index(score: int) -> int:
    """Index of the quality band a whole-number final score falls in.

    A score belongs to the band whose lowest value it has reached; scores below the
    first band are in it (assumption ``glittershard.quality_band_lookup``).

    >>> [quality_bands()[quality_index(s)][2] for s in (-20, 10, 11, 100, 141, 400)]
    ['Unacceptable', 'Unacceptable', 'Shoddy', 'Great', 'Masterwork', 'Masterwork']
    """
    index = 0
    for i, (low, _, _) in enumerate(quality_bands()):
        if low is None or score >= low:
            index = i
    return index


def quality_of(score: int) -> str:
    """The quality of a whole-number final score.

    >>> quality_of(65), quality_of(141)
    ('Acceptable', 'Masterwork')
    """
    return quality_bands()[quality_index(score)][2]


def haste_factors(haste: str) -> tuple[Fraction, Fraction]:
    """``(quality modifier, time modifier)`` of a haste from the haste table.

    Normal haste is × 1 for both (assumption ``glittershard.normal_haste``).

    >>> haste_factors("rushed"), haste_factors("normal")
    ((Fraction(3, 4), Fraction(1, 2)), (Fraction(1, 1), Fraction(1, 1)))
    """
    for row in data.table(rule_id("haste_table")):
        if slug(str(row["Haste"])) == haste:
            return parse_factor(row["Quality Modifier"]), parse_factor(row["Time modifier"])
    normal = Fraction(str(assumption_default(A_NORMAL_HASTE)))
    return normal, normal


@cache
def difficulties() -> dict[str, tuple[str, int]]:
    """Skill challenge difficulties by choice name: ``(label, goal)``.

    >>> difficulties()["easy"]
    ('Easy', 10)
    """
    return {
        slug(str(r["Difficulty"])): (str(r["Difficulty"]), parse_number(r["Goal"]))
        for r in data.table(rule_id("difficulty_table"))
    }


@cache
def sizes() -> dict[str, tuple[str, int, int]]:
    """Sizes by choice name: ``(label, dodge penalty, speed adjustment)`` as printed.

    >>> sizes()["medium"], sizes()["small"]
    (('Medium', -4, 0), ('Small', -2, 1))
    """
    return {
        slug(str(r["Size"])): (
            str(r["Size"]),
            parse_number(r["Dodge penalty"]),
            parse_number(r["Speed Adjustment"]),
        )
        for r in data.table(rule_id("size_table"))
    }


@cache
def movement_costs() -> tuple[tuple[str, str, int], ...]:
    """``(input name, action, unit cost)`` of the movement cost table.

    >>> movement_costs()[0], movement_costs()[3]
    (('walking', 'Walking', 1), ('climbing', 'Climbing', 2))
    """
    rows = []
    for r in data.table(rule_id("movement_cost_table")):
        action = str(r["Action"]).replace("\\", "").rstrip("*").strip()
        rows.append((slug(action), action, parse_units(r["Unit cost"])))
    return tuple(rows)


@cache
def stats() -> tuple[tuple[str, str, str], ...]:
    """``(input name, abbreviation, name)`` of the eight stats, in the rulebook's order.

    >>> stats()[0], stats()[-1]
    (('bwn', 'Bwn', 'Brawn'), ('dm', 'DM', 'Dark Magic'))
    """
    return tuple(
        (str(r["Abbreviation"]).lower(), str(r["Abbreviation"]), str(r["Stat"]))
        for r in data.table(rule_id("stats_table"))
    )


STAT_KEYS = ("bwn", "nim", "hea", "cha", "wit", "sur", "lm", "dm")
"""The contract's input names of the eight stats (``CALCULATORS.md``)."""


def stat_key(name: str) -> str:
    """The input name of a stat from its abbreviation, name, or the rulebook's Str/Dex.

    >>> stat_key("Dex"), stat_key("Light Magic"), stat_key("Hea")
    ('nim', 'lm', 'hea')
    """
    text = name.strip().lower()
    text = STAT_ALIASES.get(text, text)
    for key, abbr, full in stats():
        if text in (key, abbr.lower(), full.lower()):
            return key
    raise KeyError(name)


def skill_recipe(calculation: str) -> tuple[tuple[str, ...], bool]:
    """The stats a skill averages and whether it subtracts the weight penalty.

    Parses the skills table's Calculation column: ``"Wit"``, ``"(Sur + Cha)/2"`` or
    ``"Nim - weight penalty"``.

    >>> skill_recipe("(Sur + Cha)/2"), skill_recipe("Dex"), skill_recipe("Nim - weight penalty")
    ((('sur', 'cha'), False), (('nim',), False), (('nim',), True))
    """
    text = calculation.strip()
    pair = re.fullmatch(r"\((\w+) \+ (\w+)\)/2", text)
    if pair:
        return (stat_key(pair.group(1)), stat_key(pair.group(2))), False
    weighted = re.fullmatch(r"(\w+) - weight penalty", text)
    if weighted:
        return (stat_key(weighted.group(1)),), True
    return (stat_key(text),), False


@cache
def skills() -> tuple[tuple[str, tuple[str, ...], bool], ...]:
    """``(skill, stats, minus weight penalty)`` of every row of the skills table.

    >>> skills()[0]
    ('Animal Handling', ('sur', 'cha'), False)
    """
    return tuple(
        (str(r["Name"]), *skill_recipe(str(r["Calculation"])))
        for r in data.table(rule_id("skills_table"))
    )


@cache
def level_rows() -> tuple[tuple[int, str], ...]:
    """``(level, perks)`` rows of the level table.

    >>> level_rows()[1]
    (2, '+1 to a stat')
    """
    return tuple((int(r["Level"]), str(r["Perks:"])) for r in data.table(rule_id("level_table")))


def max_level() -> int:
    """The highest level of the level table.

    >>> max_level()
    20
    """
    return max(level for level, _ in level_rows())


def level_perks(level: int) -> dict[str, int]:
    """What the level table has granted by ``level``, counted.

    >>> level_perks(5)
    {'Trainings': 3, 'Stat increases (+1 to a stat)': 1, 'Skill points': 2, 'New class perks': 1}
    """
    out = {
        "Trainings": 0,
        "Stat increases (+1 to a stat)": 0,
        "Skill points": 0,
        "New class perks": 0,
    }
    for row_level, perks in level_rows():
        if row_level > level:
            continue
        for part in (p.strip().lower() for p in perks.split(",")):
            trained = re.fullmatch(r"(\d+) training", part)
            if trained:
                out["Trainings"] += int(trained.group(1))
            elif part == "+1 to a stat":
                out["Stat increases (+1 to a stat)"] += 1
            elif part == "+1 skill point":
                out["Skill points"] += 1
            elif part == "new class perk":
                out["New class perks"] += 1
    return out
