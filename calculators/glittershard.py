"""Glittershard's End (seed ``002_…``): d6 pools, d100 tasks, damage, characters and more.

Every table and formula number is read from ``rules_data/glittershard/`` through
:mod:`calculators.data`; the cells the rulebook prints as text (``"+15"``,
``"6+"``, ``"0 - 10"``, ``"141+"``, ``"* 0.75"``, ``"2 units per"``) go through
the small parsers at the top of this module. Where the rulebook is silent the
calculators follow an ``assumption`` entry, and expose it as an input where
another reading would change the numbers.

Look-alike calculators, side by side:

* ``glittershard.d6_check`` is a quick action: a pool of d6s against a static
  goal or against the receiver's own pool, ties to the initiator.
* ``glittershard.task`` is a long action: one d100 roll per hour plus a skill
  modifier, averaged, times the haste modifier, read on the quality table.
* ``glittershard.conversation`` is d100 against d100 (speech against
  Judgement), where the speaker has to *beat* the listener.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from . import data
from .declare import Calculator, Input, Output
from .dice import Dist, d100, fraction_str, roll_dice, sum_dice
from .errors import InputError
from .registry import REGISTRY

SYSTEM = "glittershard"
MINUS = "\u2212"

# -- rule constants, each stated plainly in one sentence of the rulebook -------------------
CRITICAL_BELOW = 5
"""'If an initiator rolls below five (5), the roll is a critical failure unless the goal
value is met or exceeded.' (How To Play > D6s)"""
TURN_ORDER_DIE = 10
"""'Turn order is determined by taking the Nimbleness score and adding 1d10 to that
score.' (Combat > Turn Order)"""
OFFENSIVE_TRADE_UNITS = 6
"""'One Offensive action can be traded for six more units of movement' (Actions)."""
TRIVIAL_TRADE_UNITS = 3
"""'three units of movement can be traded for one Trivial action' (Actions)."""
HOSTILE_BONUS = 15
"""'If they are hostile, they get an additional level (+15) to resist your
charm/intimidation/knowledge/lies.' (Conversations)"""
NATURAL_HEALING_PERCENT = 25
"""'Naturally, a creature heals up at 25% of their max health value each long rest.'"""
FALL_DIE = 6
"""'When something falls, it takes 1d6 damage per unit fallen.' (Fall Damage)"""
STAT_ALIASES = {"str": "bwn", "dex": "nim"}
"""The Math section writes 'Str' and the skills table 'Dex': '“Str” means Brawn (Bwn): the
rulebook has no stat called Strength' and '“Dex” in this table means Nimbleness (Nim)'
(the notes of ``glittershard.armor_value_formula`` and ``glittershard.skills_table``)."""

# -- assumption ids (rules_data/glittershard/) -------------------------------------------------
A_STAT_DICE = "glittershard.stat_dice_rounding"
A_MIN_POOL = "glittershard.minimum_d6_pool"
A_SKILL_RANGE = "glittershard.skill_value_range"
A_PERCENTILE = "glittershard.percentile_range"
A_NORMAL_HASTE = "glittershard.normal_haste"
A_TASK_SCORE = "glittershard.task_score"
A_TASK_ROLLS = "glittershard.task_rolls"
A_BANDS = "glittershard.quality_band_lookup"
A_RESIST = "glittershard.damage_resistances"
A_WEAPON_BONUS = "glittershard.damage_weapon_bonus"
A_MIN_DAMAGE = "glittershard.minimum_damage"
A_ALLOTMENT = "glittershard.allotment_total"
A_ROLLED_LOW = "glittershard.rolled_total_low"
A_ROLLED_HIGH = "glittershard.rolled_total_high"
A_SIZE_DODGE = "glittershard.size_dodge_penalty"
A_SIZE_SPEED = "glittershard.size_speed_adjustment"
A_SKILL_ROUNDING = "glittershard.skill_average_rounding"
A_PROFICIENCY = "glittershard.proficiency"
A_NIM_BONUS = "glittershard.nim_bonus"
A_HEALTH_LEVEL = "glittershard.max_health_level"
A_HEALTH_HISTORY = "glittershard.max_health_history"
A_BAGS = "glittershard.bag_capacity"
A_RECOVERY_LEVELS = "glittershard.recovery_points_levels"
A_WEIGHT_ROUNDING = "glittershard.weight_penalty_rounding"
A_TURN_TIES = "glittershard.turn_order_ties"
A_HEAL_NO_POINTS = "glittershard.healing_without_points"
A_HEAL_CAP = "glittershard.healing_cap"
A_NATURAL_ROUNDING = "glittershard.natural_healing_rounding"
A_TALK_MODIFIERS = "glittershard.conversation_modifiers"
A_TALK_TIES = "glittershard.conversation_ties"

STAT_ROUNDING_CHOICES = ("toward_zero", "down")
"""How a stat becomes dice: one per full +2 rounded toward zero (−3 → −1 die), or down
(−1 → −1 die)."""
SCORE_ROUNDING_CHOICES = ("floor", "nearest", "up")
"""How a fractional score or amount becomes a whole number: down, to the nearest (halves
up), or up."""
SKILL_ROUNDING_CHOICES = ("floor", "toward_zero", "up")
"""How the average of two stats becomes a whole skill value."""
RESIST_CHOICES = ("subtract", "add")
"""Resistances are subtracted (the Math formulas) or added (the Damage paragraph)."""
HEALTH_LEVEL_CHOICES = ("new level", "previous level")
"""Which level the health gain of a level-up counts."""
TALK_TIE_CHOICES = ("listener", "speaker")
"""Who wins a speech check on equal totals."""
HASTE_CHOICES = ("normal", "rushed", "methodical")
HEAL_EFFECT_CHOICES = ("magical_health", "health")
"""What a magical healing spell gives: a buffer of magical health, or health back."""


def _default(assumption: str) -> Any:
    return data.assumption_default(assumption)


def _id(name: str) -> str:
    return f"{SYSTEM}.{name}"


# -- small parsers for the cells the rulebook prints as text ------------------------------------
def parse_number(cell: int | str) -> int:
    """A whole number from a table cell: ``-60``, ``"+15"``, ``"−2"`` or ``"6+"`` (6 or more).

    >>> parse_number("+15"), parse_number(-60), parse_number("6+"), parse_number("−2")
    (15, -60, 6, -2)
    """
    if isinstance(cell, int):
        return cell
    text = str(cell).strip().replace(MINUS, "-").removesuffix("+").strip()
    return int(text)


def parse_range(cell: int | str) -> tuple[int, int | None]:
    """The bounds of a band: ``"0 - 10"`` → ``(0, 10)``; ``"141+"`` → ``(141, None)``.

    >>> parse_range("11 - 20"), parse_range("141+"), parse_range(7)
    ((11, 20), (141, None), (7, 7))
    """
    text = str(cell).strip()
    if text.endswith("+"):
        return int(text[:-1]), None
    low, sep, high = text.partition(" - ")
    if not sep:
        return int(text), int(text)
    return int(low), int(high)


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


def signed(n: int | Fraction) -> str:
    """A number with its sign, a typographic minus when negative.

    >>> signed(3), signed(-2), signed(0)
    ('+3', '−2', '+0')
    """
    return f"{MINUS}{-n}" if n < 0 else f"+{n}"


def term(n: int) -> str:
    """``n`` as the next term of a sum: ``+ 3`` or ``− 3``.

    >>> term(3), term(-3)
    ('+ 3', '− 3')
    """
    return f"{MINUS} {-n}" if n < 0 else f"+ {n}"


def number(value: Fraction) -> int | float:
    """A Fraction as JSON: a whole number when it is one, else rounded to 2 decimals.

    >>> number(Fraction(135, 2)), number(Fraction(4)), number(Fraction(100, 3))
    (67.5, 4, 33.33)
    """
    if value.denominator == 1:
        return value.numerator
    return round(float(value), 2)


def round_by(value: Fraction, how: str) -> int:
    """Round ``value`` down (``floor``), to the nearest with halves up (``nearest``) or up.

    >>> [round_by(Fraction(21, 2), h) for h in ("floor", "nearest", "up")]
    [10, 11, 11]
    >>> round_by(Fraction(-5, 2), "toward_zero")
    -2
    """
    if how == "floor":
        return math.floor(value)
    if how == "up":
        return math.ceil(value)
    if how == "toward_zero":
        return math.trunc(value)
    return math.floor(value + Fraction(1, 2))


def half_text(how: str) -> str:
    """Words for a rounding choice, for breakdowns.

    >>> half_text("floor")
    'rounded down'
    """
    return {
        "floor": "rounded down",
        "up": "rounded up",
        "nearest": "rounded to the nearest, halves up",
        "toward_zero": "rounded toward zero",
        "down": "rounded down",
    }.get(how, how)


# -- the tables, read from the rules data --------------------------------------------------------
@cache
def constants() -> dict[str, int]:
    """The numbers of the Math formulas (``glittershard.formula_constants``), by label.

    >>> constants()["Base dodge"], constants()["Base armor value"]
    (20, 10)
    """
    return {
        row["Constant"]: parse_number(row["Value"]) for row in data.table(_id("formula_constants"))
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
    for row in data.table(_id("d6_pool_table")):
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


def stat_dice(stat: int, rounding: str = "toward_zero") -> int:
    """Dice a stat adds to (or takes from) a d6 pool: one per full +2.

    ``rounding`` carries assumption ``glittershard.stat_dice_rounding``:
    ``toward_zero`` (the default: +3 adds 1, −1 removes none, −3 removes 1) or
    ``down`` (−1 removes one).

    >>> [stat_dice(s) for s in (-3, -2, -1, 0, 1, 2, 3, 4)]
    [-1, -1, 0, 0, 0, 1, 1, 2]
    >>> stat_dice(-1, "down")
    -1
    """
    _, step, per_step, _ = pool_rules()
    steps = math.floor(Fraction(stat, step)) if rounding == "down" else math.trunc(stat / step)
    return steps * per_step


@cache
def skill_levels() -> tuple[tuple[int, str, int], ...]:
    """``(skill value, label, d100 modifier)`` rows of the skill modifier table, ascending.

    >>> skill_levels()[0], skill_levels()[-1]
    ((-2, 'Hopeless', -60), (6, 'Master', 60))
    """
    rows = [
        (parse_number(r["Skill value"]), str(r["Label"]), parse_number(r["Modifier"]))
        for r in data.table(_id("skill_modifier_table"))
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
def quality_bands() -> tuple[tuple[int, int | None, str], ...]:
    """``(lowest score, highest score or None, quality)`` of the quality table.

    >>> quality_bands()[0], quality_bands()[-1]
    ((0, 10, 'Unacceptable'), (141, None, 'Masterwork'))
    """
    return tuple(
        (*parse_range(r["Final score"]), str(r["Quality"]))
        for r in data.table(_id("quality_table"))
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
        if score >= low:
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
    for row in data.table(_id("haste_table")):
        if slug(str(row["Haste"])) == haste:
            return parse_factor(row["Quality Modifier"]), parse_factor(row["Time modifier"])
    normal = Fraction(str(_default(A_NORMAL_HASTE)))
    return normal, normal


@cache
def difficulties() -> dict[str, tuple[str, int]]:
    """Skill challenge difficulties by choice name: ``(label, goal)``.

    >>> difficulties()["easy"]
    ('Easy', 10)
    """
    return {
        slug(str(r["Difficulty"])): (str(r["Difficulty"]), parse_number(r["Goal"]))
        for r in data.table(_id("difficulty_table"))
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
        for r in data.table(_id("size_table"))
    }


@cache
def movement_costs() -> tuple[tuple[str, str, int], ...]:
    """``(input name, action, unit cost)`` of the movement cost table.

    >>> movement_costs()[0], movement_costs()[3]
    (('walking', 'Walking', 1), ('climbing', 'Climbing', 2))
    """
    rows = []
    for r in data.table(_id("movement_cost_table")):
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
        for r in data.table(_id("stats_table"))
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
        for r in data.table(_id("skills_table"))
    )


@cache
def level_rows() -> tuple[tuple[int, str], ...]:
    """``(level, perks)`` rows of the level table.

    >>> level_rows()[1]
    (2, '+1 to a stat')
    """
    return tuple((int(r["Level"]), str(r["Perks:"])) for r in data.table(_id("level_table")))


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


def pairs(dist: Dist) -> list[list[int | str]]:
    """``dist.to_pairs()``, the JSON form of a distribution.

    >>> pairs(Dist.die(2))
    [[1, '1/2'], [2, '1/2']]
    """
    return dist.to_pairs()


def _faces_or_roll(
    name: str, faces: list[int] | None, count: int, sides: int, rng: random.Random | None, what: str
) -> list[int] | None:
    """Given faces (checked against ``count``), or faces rolled with ``rng``, or None."""
    if faces is None and rng is not None:
        return roll_dice(count, sides, rng)
    if faces is not None and len(faces) != count:
        raise InputError(name, f"{what} needs {count} dice; got {len(faces)}.")
    return faces


# -- d6 checks ---------------------------------------------------------------------------------
def pool_size(
    stat: int,
    trained: bool,
    item_dice: int,
    circumstance_dice: int,
    stat_rounding: str = "toward_zero",
    min_dice: int = 1,
) -> tuple[int, str]:
    """Number of d6s an initiator rolls, with the sum written out.

    '3 d6 base; For every +2 in the relevant stat, add 1d6; If trained in task, add 2 d6;
    item bonuses; Circumstantial bonuses/penalties'. A pool never drops below
    ``min_dice`` (assumption ``glittershard.minimum_d6_pool``).

    >>> pool_size(4, True, 1, 0)
    (8, '8d6 = 3 base + 2 (stat +4) + 2 trained + 1 items + 0 circumstances')
    >>> pool_size(-4, False, 0, -3)[0]
    1
    """
    base, step, _, trained_dice = pool_rules()
    from_stat = stat_dice(stat, stat_rounding)
    total = base + from_stat + (trained_dice if trained else 0) + item_dice + circumstance_dice
    dice = max(total, min_dice)
    text = (
        f"{dice}d6 = {base} base {term(from_stat)} (stat {signed(stat)}) "
        f"{term(trained_dice if trained else 0)} trained {term(item_dice)} items "
        f"{term(circumstance_dice)} circumstances"
    )
    if dice != total:
        text += f" = {total}, raised to the smallest pool of {min_dice}"
    return dice, text


def p_critical_failure(initiator: Dist, receiver: Dist) -> Fraction:
    """P(initiator total below 5 and below the receiver's total or goal).

    'If an initiator rolls below five (5), the roll is a critical failure unless the
    goal value is met or exceeded.'

    >>> p_critical_failure(sum_dice(1, 6), Dist.constant(10))
    Fraction(2, 3)
    >>> p_critical_failure(sum_dice(1, 6), Dist.constant(3))
    Fraction(1, 3)
    """
    return sum(
        (p * receiver.p_gt(total) for total, p in initiator.items() if total < CRITICAL_BELOW),
        Fraction(0),
    )


def compute_d6_check(
    stat: int = 0,
    trained: bool = False,
    item_dice: int = 0,
    circumstance_dice: int = 0,
    goal: int = 10,
    difficulty: str = "custom",
    opposing_dice: int | None = None,
    rolls: list[int] | None = None,
    opposing_rolls: list[int] | None = None,
    stat_rounding: str = "toward_zero",
    min_dice: int = 1,
    seed: int | None = None,
) -> dict[str, Any]:
    """A d6 pool against a static goal or the receiver's pool; ties go to the initiator.

    Stat +2 and trained: 6d6 against the Easy goal of 10 fails only on totals 6 to 9.

    >>> r = compute_d6_check(stat=2, trained=True, goal=10)
    >>> r["dice"], r["p_success"], r["p_critical_failure"]
    (6, '3881/3888', '0/1')

    3d6 against a goal of 11: exactly half succeed; totals 3 and 4 are critical failures.

    >>> r = compute_d6_check(goal=11)
    >>> r["p_success"], r["p_critical_failure"]
    ('1/2', '1/54')

    The exact roll 1, 1, 2 misses a goal of 5 by 1 and is a critical failure:

    >>> compute_d6_check(goal=5, rolls=[1, 1, 2])["result"]["outcome"]
    'critical failure'
    """
    dice, dice_text = pool_size(
        stat, trained, item_dice, circumstance_dice, stat_rounding, min_dice
    )
    goal_text = f"goal {goal}"
    if difficulty != "custom":
        label, goal = difficulties()[difficulty]
        goal_text = f"goal {goal} ({label})"
    if opposing_dice is None and opposing_rolls is not None:
        opposing_dice = len(opposing_rolls)
    rng = random.Random(seed) if seed is not None else None
    faces = _faces_or_roll("rolls", rolls, dice, 6, rng, f"This check ({dice_text.split(' =')[0]})")
    initiator = Dist.constant(sum(faces)) if faces is not None else sum_dice(dice, 6)
    receiver_faces = None
    if opposing_dice is None:
        receiver = Dist.constant(goal)
        against = goal_text
    else:
        receiver_faces = _faces_or_roll(
            "opposing_rolls",
            opposing_rolls,
            opposing_dice,
            6,
            rng,
            f"The receiver's pool ({opposing_dice}d6)",
        )
        receiver = (
            Dist.constant(sum(receiver_faces))
            if receiver_faces is not None
            else sum_dice(opposing_dice, 6)
        )
        against = f"the receiver's {opposing_dice}d6"
    margin = initiator - receiver
    p_success = margin.p_ge(0)
    p_crit = p_critical_failure(initiator, receiver)
    result = None
    if len(initiator.outcomes()) == 1 and len(receiver.outcomes()) == 1:
        total, versus = initiator.min_outcome(), receiver.min_outcome()
        success = total >= versus
        critical = not success and total < CRITICAL_BELOW
        result = {
            "total": total,
            "against": versus,
            "margin": total - versus,
            "success": success,
            "critical_failure": critical,
            "outcome": "success" if success else "critical failure" if critical else "failure",
        }
    breakdown = [
        f"Dice: {dice_text}",
        f"Success: the total meets or beats {against} (ties go to the initiator); "
        "the margin is the value over the goal, used for damage and degree of success",
        f"Critical failure: a total below {CRITICAL_BELOW} that does not meet {against}",
    ]
    if opposing_dice is not None:
        breakdown.append(f"The static goal ({goal}) is not used: the receiver rolls a pool.")
    if faces is not None:
        breakdown.append(f"Initiator rolled {', '.join(map(str, faces))} = {sum(faces)}")
    if receiver_faces is not None:
        breakdown.append(
            f"Receiver rolled {', '.join(map(str, receiver_faces))} = {sum(receiver_faces)}"
        )
    return {
        "dice": dice,
        "opposing": opposing_dice,
        "goal": goal if opposing_dice is None else None,
        "p_success": fraction_str(p_success),
        "p_critical_failure": fraction_str(p_crit),
        "distribution": pairs(margin),
        "result": result,
        "rolled": {"initiator": faces, "receiver": receiver_faces} if seed is not None else None,
        "breakdown": breakdown,
    }


# -- tasks ---------------------------------------------------------------------------------------
def task_rolls_needed(minutes: int, haste: str) -> tuple[int, Fraction]:
    """Rolls a task needs and its actual time in minutes.

    One roll per hour or part of an hour of the hastened time (assumption
    ``glittershard.task_rolls``): 'Time is rounded up to the nearest hour, but this does
    not affect actual task time.'

    >>> task_rolls_needed(120, "normal"), task_rolls_needed(10, "normal")
    ((2, Fraction(120, 1)), (1, Fraction(10, 1)))
    >>> task_rolls_needed(150, "rushed")
    (2, Fraction(75, 1))
    """
    _, time_factor = haste_factors(haste)
    time = minutes * time_factor
    return max(1, math.ceil(time / 60)), time


def task_score(rolls: Sequence[int], modifier: int, haste: str) -> Fraction:
    """Final score: the average of (roll + skill modifier) times the haste quality modifier.

    '(Total of all rolls / hours to complete task) * Haste modifier' (assumption
    ``glittershard.task_score``).

    >>> task_score([70, 80], 15, "normal")
    Fraction(90, 1)
    >>> task_score([70, 80], 15, "rushed")
    Fraction(135, 2)
    """
    quality_factor, _ = haste_factors(haste)
    return (Fraction(sum(rolls), len(rolls)) + modifier) * quality_factor


def compute_task(
    skill: int = 2,
    trained: bool = False,
    minutes: int = 120,
    haste: str = "normal",
    rolls: list[int] | None = None,
    band_rounding: str = "floor",
    seed: int | None = None,
) -> dict[str, Any]:
    """A d100 task: skill modifier, rolls needed, final score and quality.

    The rulebook's two-hour oil painting takes two rolls, 'added and divided by the two
    hours'; an Average painter (skill 2) who is trained gets the Intermediate bonus:

    >>> r = compute_task(skill=2, trained=True, minutes=120, rolls=[60, 71])
    >>> r["modifier"], r["rolls_needed"], r["score"], r["quality"]
    (15, 2, 80.5, 'Good')

    Without rolls it gives the exact odds of each quality:

    >>> compute_task(skill=2, minutes=60)["quality_odds"]["Great"]
    '1/10'
    """
    value = skill + (1 if trained else 0)
    label, modifier = skill_modifier(value)
    quality_factor, time_factor = haste_factors(haste)
    needed, time = task_rolls_needed(minutes, haste)
    rng = random.Random(seed) if seed is not None else None
    if rolls is None and rng is not None:
        rolls = roll_dice(needed, 100, rng)
    if rolls is not None and len(rolls) != needed:
        raise InputError(
            "rolls",
            f"A task of {number(time)} minutes needs {needed} "
            f"roll{'s' if needed != 1 else ''}, one per hour or part of an hour; "
            f"got {len(rolls)}.",
        )

    def whole(total: int) -> int:
        return round_by((Fraction(total, needed) + modifier) * quality_factor, band_rounding)

    totals = Dist.constant(sum(rolls)) if rolls is not None else sum_dice(needed, 100)
    whole_scores = totals.map(whole)
    odds: dict[str, Fraction] = {band[2]: Fraction(0) for band in quality_bands()}
    for s, p in whole_scores.items():
        odds[quality_of(s)] += p
    score = quality = score_exact = None
    if rolls is not None:
        exact = task_score(rolls, modifier, haste)
        score, score_exact = number(exact), fraction_str(exact)
        quality = quality_of(round_by(exact, band_rounding))
    trained_text = " + 1 trained" if trained else ""
    breakdown = [
        f"Skill value {value} = {skill}{trained_text}: {label}, modifier {signed(modifier)}",
        f"Time {number(time)} minutes = {minutes} × {number(time_factor)} ({haste}); "
        f"{needed} roll{'s' if needed != 1 else ''}, one per hour or part of an hour",
        f"Final score = average of (d100 {term(modifier)}) × {number(quality_factor)} ({haste})",
        f"Quality: the band of the score {half_text(band_rounding)}",
    ]
    if rolls is not None and score_exact is not None:
        breakdown.append(
            f"Score {score} = ({' + '.join(map(str, rolls))}) / {needed} {term(modifier)}, "
            f"× {number(quality_factor)} → {quality}"
        )
    return {
        "modifier": modifier,
        "label": label,
        "rolls_needed": needed,
        "time_minutes": number(time),
        "score": score,
        "score_exact": score_exact,
        "quality": quality,
        "quality_odds": {k: fraction_str(v) for k, v in odds.items()},
        "distribution": pairs(whole_scores),
        "rolled": rolls if seed is not None else None,
        "breakdown": breakdown,
    }


# -- damage --------------------------------------------------------------------------------------
def simple_damage(
    attack_roll: int,
    weapon_bonus: int,
    goal: int,
    resistances: int,
    weaknesses: int,
    resist: str = "subtract",
) -> int:
    """'(Attack roll + weapon damage bonus - goal value - resistances + weaknesses)'.

    ``resist`` carries assumption ``glittershard.damage_resistances``.

    >>> simple_damage(18, 2, 12, 0, 0), simple_damage(18, 0, 12, 3, 1)
    (8, 4)
    >>> simple_damage(18, 0, 12, 3, 1, "add")
    10
    """
    sign = -1 if resist == "subtract" else 1
    return attack_roll + weapon_bonus - goal + sign * resistances + weaknesses


def complex_damage(simple: int, percentile: int) -> int:
    """'… * 2 * (percentage / 100) rounded up to nearest whole number.'

    >>> complex_damage(6, 1), complex_damage(6, 50), complex_damage(6, 100), complex_damage(7, 33)
    (1, 6, 12, 5)
    """
    return math.ceil(Fraction(simple * 2 * percentile, 100))


def compute_damage(
    attack_roll: int = 18,
    weapon_bonus: int = 0,
    goal: int = 12,
    resistances: int = 0,
    weaknesses: int = 0,
    mode: str = "simple",
    percentile: int | None = None,
    immune: bool = False,
    resist: str = "subtract",
    min_damage: int = 0,
    seed: int | None = None,
) -> dict[str, Any]:
    """Damage dealt, simple or complex (the percentile scales it between 1 and double).

    The contract's example: an 18 with a +2 weapon against a goal of 12.

    >>> compute_damage(18, 2, 12)["damage"]
    8
    >>> compute_damage(18, 2, 12, mode="complex", percentile=25)["damage"]
    4
    >>> d = compute_damage(18, 2, 12, mode="complex")
    >>> d["damage"] is None, d["distribution"][0], d["distribution"][-1]
    (True, [1, '3/50'], [16, '7/100'])
    """
    simple = simple_damage(attack_roll, weapon_bonus, goal, resistances, weaknesses, resist)
    verb = "subtract" if resist == "subtract" else "add"
    resist_sign = -1 if resist == "subtract" else 1
    breakdown = [
        f"Simple damage {simple} = {attack_roll} attack roll {term(weapon_bonus)} weapon bonus "
        f"{term(-goal)} goal {term(resist_sign * resistances)} resistances "
        f"{term(weaknesses)} weaknesses (resistances {verb})"
    ]

    def final(raw: int) -> int:
        return 0 if immune else max(min_damage, raw)

    rolled: Any = None
    if mode == "simple":
        damage: int | None = final(simple)
        dist = Dist.constant(damage)
        if seed is not None:
            rolled = []
        if percentile is not None:
            breakdown.append("The percentile is only used for complex damage.")
    else:
        if percentile is None and seed is not None:
            percentile = random.Random(seed).randint(1, 100)
            rolled = [percentile]
        if percentile is None:
            damage = None
            dist = d100().map(lambda p: final(complex_damage(simple, p)))
            breakdown.append(
                f"Complex damage = {simple} × 2 × (d100 / 100), rounded up: "
                f"from {dist.min_outcome()} to {dist.max_outcome()}"
            )
        else:
            raw = complex_damage(simple, percentile)
            damage = final(raw)
            dist = Dist.constant(damage)
            breakdown.append(
                f"Complex damage {raw} = {simple} × 2 × {percentile}/100 = "
                f"{number(Fraction(simple * 2 * percentile, 100))}, rounded up"
            )
    if immune:
        breakdown.append("Immune: 'Immunity is considered a resistance of infinity', so 0 damage.")
    else:
        breakdown.append(f"Damage is never below {min_damage}.")
    return {
        "damage": damage,
        "simple": simple,
        "distribution": pairs(dist),
        "rolled": rolled,
        "breakdown": breakdown,
    }


# -- character -----------------------------------------------------------------------------------
def parse_bonuses(text: str) -> dict[str, int]:
    """Stat bonuses from text like ``"Nim +1, wit +2; LM -1"`` (racial, class, level).

    >>> parse_bonuses("Nim +1, wit +2; Dex +1")
    {'nim': 2, 'wit': 2}
    >>> parse_bonuses("")
    {}
    >>> parse_bonuses("Luck +1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: bonuses: 'Luck' is not a stat; use Bwn, Nim, Hea, ...
    """
    out: dict[str, int] = {}
    for item in re.split(r"[,;\n]", text):
        if not item.strip():
            continue
        match = re.fullmatch(r"\s*([A-Za-z][A-Za-z ]*?)\s*([+\-\u2212]\s*\d{1,3})\s*", item)
        if match is None:
            raise InputError(
                "bonuses",
                "Write each bonus as a stat and a signed number, like 'Nim +1'; "
                f"got {item.strip()!r}.",
            )
        try:
            key = stat_key(match.group(1))
        except KeyError:
            names = [abbr for _, abbr, _ in stats()]
            raise InputError(
                "bonuses",
                f"{match.group(1)!r} is not a stat; use {', '.join(names[:-1])} or {names[-1]}.",
            ) from None
        amount = int(match.group(2).replace(MINUS, "-").replace(" ", ""))
        out[key] = out.get(key, 0) + amount
    return out


def parse_trained_skills(text: str) -> list[str]:
    """Skill names from a comma-separated list, matched without regard to case.

    >>> parse_trained_skills("stealth, Book - Force")
    ['Stealth', 'Book - Force']
    >>> parse_trained_skills("Flying")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: trained_skills: 'Flying' is not a skill of the skills table.
    """
    names = {name.lower(): name for name, _, _ in skills()}
    out: list[str] = []
    for item in re.split(r"[,;\n]", text):
        wanted = re.sub(r"\s+", " ", item.strip()).lower()
        if not wanted:
            continue
        if wanted not in names:
            raise InputError(
                "trained_skills", f"{item.strip()!r} is not a skill of the skills table."
            )
        if names[wanted] not in out:
            out.append(names[wanted])
    return out


def weight_penalty(carried: int, bwn: int) -> tuple[int, int]:
    """Weight penalty and the base weight it starts from.

    '(Total carried weight - (base weight (30) + (10 * Brawn))) / 10 rounded to nearest
    integer', halves up and never below 0 (assumption ``glittershard.weight_penalty_rounding``).

    >>> weight_penalty(45, 0), weight_penalty(44, 0), weight_penalty(10, 0), weight_penalty(65, 2)
    ((2, 30), (1, 30), (0, 30), (2, 50))
    """
    base = constant("Base weight (kg)") + constant("Weight per point of Brawn (kg)") * bwn
    step = constant("Weight per point of weight penalty (kg)")
    return max(0, round_by(Fraction(carried - base, step), "nearest")), base


def max_health(
    race_health: int, hea: int, level: int, health_level: str = "new level"
) -> tuple[int, list[str]]:
    """Maximum health at ``level`` and one line per level.

    'level 1: Race base health + (3 * Hea(min 0)). Subsequent: Prev max health + (Hea(min
    0) + creature level/2 rounded up).' ``health_level`` carries assumption
    ``glittershard.max_health_level``.

    >>> max_health(10, 2, 1)[0], max_health(10, 2, 3)[0], max_health(10, -1, 3)[0]
    (16, 23, 13)
    >>> max_health(10, 2, 3, "previous level")[0]
    22
    """
    hea0 = max(hea, 0)
    per = constant("Health per point of Hea at level 1")
    divisor = constant("Creature level divided by (rounded up)")
    health = race_health + per * hea0
    lines = [f"Level 1: {health} = {race_health} race base health + {per} × {hea0} Hea (min 0)"]
    for new in range(2, level + 1):
        counted = new if health_level == "new level" else new - 1
        gain = hea0 + math.ceil(Fraction(counted, divisor))
        health += gain
        lines.append(
            f"Level {new}: +{gain} = {hea0} Hea (min 0) + {counted}/{divisor} rounded up → {health}"
        )
    return health, lines


def skill_value(
    base_stats: dict[str, int],
    recipe: tuple[tuple[str, ...], bool],
    penalty: int,
    trained: bool,
    rounding: str = "floor",
) -> tuple[int, str]:
    """A skill value: its stat (or the average of two) + 1 if trained.

    '(Stat value + training) Or if two base skills, ((base value 1 + base value 2)/2 +
    training)'; the average is rounded by assumption ``glittershard.skill_average_rounding``.

    >>> skill_value({"sur": 3, "cha": 2}, (("sur", "cha"), False), 0, True)
    (3, '(Sur 3 + Cha 2)/2 rounded down + 1 trained')
    >>> skill_value({"nim": 2}, (("nim",), True), 1, False)
    (1, 'Nim 2 − 1 weight penalty')
    """
    keys, minus_weight = recipe
    abbr = {key: a for key, a, _ in stats()}
    if len(keys) == 2:
        a, b = keys
        value = round_by(Fraction(base_stats[a] + base_stats[b], 2), rounding)
        text = f"({abbr[a]} {base_stats[a]} + {abbr[b]} {base_stats[b]})/2 {half_text(rounding)}"
    else:
        value = base_stats[keys[0]]
        text = f"{abbr[keys[0]]} {base_stats[keys[0]]}"
    if minus_weight:
        value -= penalty
        text += f" {term(-penalty)} weight penalty"
    if trained:
        value += 1
        text += " + 1 trained"
    return value, text


def stat_problems(
    base: dict[str, int], method: str, allotment_total: int, rolled_low: int, rolled_high: int
) -> list[str]:
    """Rule violations of the stats as generated, for the chosen method.

    >>> stat_problems(dict(zip(STAT_KEYS, [4, 3, 2, 2, 1, 1, 0, -1])), "array", 12, 8, 16)
    []
    >>> stat_problems(dict(zip(STAT_KEYS, [4, 4, 2, 2, 0, 0, 0, 0])), "allotment", 12, 8, 16)
    ['Only one stat can be +4 under the Standard Allotment; Bwn and Nim are.']
    """
    abbr = {key: a for key, a, _ in stats()}
    values = [base[k] for k in STAT_KEYS]
    total = sum(values)
    problems: list[str] = []
    if method == "array":
        wanted: Counter[int] = Counter()
        for row in data.table(_id("standard_array")):
            wanted[parse_number(row["Value"])] += parse_number(row["Number of stats"])
        have = Counter(values)
        if have != wanted:
            missing = sorted((wanted - have).elements(), reverse=True)
            extra = sorted((have - wanted).elements(), reverse=True)
            listed = ", ".join(signed(v) for v in sorted(wanted.elements(), reverse=True))
            problems.append(
                f"The Standard Array is {listed}, one value for each stat; "
                f"missing {', '.join(signed(v) for v in missing)}, "
                f"extra {', '.join(signed(v) for v in extra)}."
            )
    elif method == "allotment":
        rule = {
            str(r["Rule"]): parse_number(r["Value"]) for r in data.table(_id("standard_allotment"))
        }
        highest, lowest = rule["Highest score"], rule["Lowest score"]
        too_high = [abbr[k] for k in STAT_KEYS if base[k] > highest]
        if too_high:
            problems.append(
                f"No stat can be above {signed(highest)} under the Standard Allotment; "
                f"{' and '.join(too_high)} {'is' if len(too_high) == 1 else 'are'}."
            )
        at_top = [abbr[k] for k in STAT_KEYS if base[k] == highest]
        if len(at_top) > rule["Stats that may be at +4"]:
            problems.append(
                f"Only one stat can be {signed(highest)} under the Standard Allotment; "
                f"{' and '.join(at_top)} are."
            )
        too_low = [abbr[k] for k in STAT_KEYS if base[k] < lowest]
        if too_low:
            problems.append(
                f"No stat can be below {signed(lowest)} under the Standard Allotment; "
                f"{' and '.join(too_low)} {'is' if len(too_low) == 1 else 'are'}."
            )
        twos = sum(1 for v in values if v == lowest)
        ones = sum(1 for v in values if v == lowest + 1)
        max_twos = rule["Stats that may be at -2 (then none at -1)"]
        max_ones = rule["Stats that may be at -1 (then none at -2)"]
        if twos > max_twos or ones > max_ones or (twos and ones):
            problems.append(
                f"Only one stat can be {signed(lowest)} OR two stats can be {signed(lowest + 1)}; "
                f"got {twos} at {signed(lowest)} and {ones} at {signed(lowest + 1)}."
            )
        if total != allotment_total:
            pool = rule["Points in the pool"]
            problems.append(
                f"The stats add up to {signed(total)}, but the Standard Allotment's pool of "
                f"{pool} points makes them add up to {signed(allotment_total)}."
            )
    else:
        low = 1 - constant("Subtracted from each stat roll")
        high = constant("Sides of the stat die") - constant("Subtracted from each stat roll")
        tweaks = max(
            int(r["Tweaks allowed"])
            for r in data.table(_id("stat_generation_methods"))
            if r["Calculator method"] == "rolled"
        )
        above = [abbr[k] for k in STAT_KEYS if base[k] > high]
        below = [abbr[k] for k in STAT_KEYS if base[k] < low]
        out_of_reach = [
            abbr[k] for k in STAT_KEYS if base[k] > high + tweaks or base[k] < low - tweaks
        ]
        if out_of_reach or len(above) > tweaks or len(below) > tweaks:
            problems.append(
                f"Rolled stats (1d6 − 2) run from {signed(low)} to {signed(high)}, and one tweak "
                f"moves one stat up a point and another down a point; "
                f"{', '.join(dict.fromkeys(out_of_reach + above + below))} cannot come from that."
            )
        if total < rolled_low:
            problems.append(
                f"The rolled stats add up to {signed(total)}, below {signed(rolled_low)}: the GM "
                "may judge them underpowered and have them re-rolled."
            )
        if total > rolled_high:
            problems.append(
                f"The rolled stats add up to {signed(total)}, above {signed(rolled_high)}: the GM "
                "may judge them overpowered and have them re-rolled."
            )
    return problems


def compute_character(
    bwn: int = 4,
    nim: int = 2,
    hea: int = 3,
    cha: int = 1,
    wit: int = 0,
    sur: int = 2,
    lm: int = 1,
    dm: int = -1,
    method: str = "array",
    bonuses: str = "",
    level: int = 1,
    race_health: int = 10,
    size: str = "medium",
    armor_bonus: int = 0,
    shield_bonus: int = 0,
    armor_penalty: int = 0,
    racial_speed_bonus: int = 0,
    carried_weight: int = 0,
    bag_capacity: int = 0,
    trained_skills: str = "",
    stat_rounding: str = "toward_zero",
    skill_rounding: str = "floor",
    health_level: str = "new level",
    recovery_first_level: int = 5,
    proficiency: int = 2,
    allotment_total: int = 12,
    rolled_low: int = 8,
    rolled_high: int = 16,
) -> dict[str, Any]:
    """Every derived value of a Glittershard's End character, and the rule violations.

    >>> c = compute_character()
    >>> c["max_health"], c["armor_value"], c["dodge"], c["speed"], c["magic_stamina"]
    (19, 17, 20, 8, 3)
    >>> c["max_carry_weight"], c["weight_penalty"], c["magical_recovery_points"], c["problems"]
    (5, 0, 5, [])
    >>> compute_character(bwn=5, method="allotment")["problems"][0]
    'No stat can be above +4 under the Standard Allotment; Bwn is.'
    """
    base = dict(zip(STAT_KEYS, (bwn, nim, hea, cha, wit, sur, lm, dm), strict=True))
    extra = parse_bonuses(bonuses)
    final = {k: base[k] + extra.get(k, 0) for k in STAT_KEYS}
    abbr = {key: a for key, a, _ in stats()}
    trained = parse_trained_skills(trained_skills)
    problems = stat_problems(base, method, allotment_total, rolled_low, rolled_high)
    breakdown: dict[str, str] = {}
    if extra:
        breakdown["Stats"] = "; ".join(
            f"{abbr[k]} {final[k]} = {base[k]} {term(extra[k])}" for k in STAT_KEYS if k in extra
        )

    s = final
    health, health_lines = max_health(race_health, s["hea"], level, health_level)
    breakdown["Max health"] = f"Max health {health}: " + "; ".join(health_lines)

    armor = constant("Base armor value") + s["hea"] + s["bwn"] + armor_bonus + shield_bonus
    breakdown["Armor value"] = (
        f"Armor value {armor} = {constant('Base armor value')} base {term(s['hea'])} Hea "
        f"{term(s['bwn'])} Bwn {term(armor_bonus)} armor bonus {term(shield_bonus)} shield bonus"
    )

    penalty, base_weight = weight_penalty(carried_weight, s["bwn"])
    step = constant("Weight per point of weight penalty (kg)")
    breakdown["Weight penalty"] = (
        f"Weight penalty {penalty} = ({carried_weight} kg carried − {base_weight} kg base weight) "
        f"/ {step}, rounded to the nearest (halves up), at least 0"
    )
    carry_base = base_weight
    carry_bags = constant("Weight carried without bags (kg)") + bag_capacity
    carry = min(carry_base, carry_bags)
    breakdown["Max carry weight"] = (
        f"Max carry weight {carry} kg = the lower of {carry_base} "
        f"({constant('Base weight (kg)')} + {constant('Weight per point of Brawn (kg)')} × Bwn "
        f"{s['bwn']}) and {carry_bags} ({constant('Weight carried without bags (kg)')} + "
        f"{bag_capacity} bag capacity)"
    )

    size_label, size_dodge, size_speed = sizes()[size]
    size_penalty = abs(size_dodge)
    halved = penalty // constant("Weight penalty divided by (rounded down)")
    nim_factor = constant("Nim bonus multiplied by")
    dodge = constant("Base dodge") - size_penalty - armor_penalty - halved + nim_factor * s["nim"]
    breakdown["Dodge"] = (
        f"Dodge {dodge} = {constant('Base dodge')} {term(-size_penalty)} size ({size_label}) "
        f"{term(-armor_penalty)} armor penalty {term(-halved)} (weight penalty {penalty}/2 "
        f"rounded down) {term(nim_factor * s['nim'])} ({nim_factor} × Nim {s['nim']})"
    )

    speed = constant("Base speed (units)") + s["nim"] + racial_speed_bonus + size_speed - penalty
    breakdown["Speed"] = (
        f"Speed {speed} = {constant('Base speed (units)')} {term(s['nim'])} Nim "
        f"{term(racial_speed_bonus)} racial {term(size_speed)} size ({size_label}) "
        f"{term(-penalty)} weight penalty"
    )

    per = constant("Magic stamina per point of LM, DM or Wit")
    best = max(("lm", "dm", "wit"), key=lambda k: s[k])
    stamina = per * s[best]
    breakdown["Magic stamina"] = (
        f"Magic stamina {stamina} = {per} × {abbr[best]} {s[best]} (the highest of LM "
        f"{s['lm']}, DM {s['dm']}, Wit {s['wit']})"
    )

    spacing = constant("Levels for each additional recovery point")
    extra_points = (
        0 if level < recovery_first_level else (level - recovery_first_level) // spacing + 1
    )
    recovery = s["hea"] + constant("Recovery points on top of Hea") + extra_points
    breakdown["Magical recovery points"] = (
        f"Magical recovery points {recovery} = Hea {s['hea']} "
        f"+ {constant('Recovery points on top of Hea')} + {extra_points} (one every {spacing} "
        f"levels from level {recovery_first_level})"
    )

    skill_values: dict[str, int] = {}
    skill_modifiers: dict[str, str] = {}
    for name, keys, minus_weight in skills():
        value, text = skill_value(s, (keys, minus_weight), penalty, name in trained, skill_rounding)
        skill_values[name] = value
        label, modifier = skill_modifier(value)
        skill_modifiers[name] = f"{signed(modifier)} ({label})"
        breakdown[f"Skill: {name}"] = f"{name} {value} = {text}"

    base_dice, _, _, _ = pool_rules()
    attacks = {
        "Melee (Bwn)": "bwn",
        "Ranged (Nim)": "nim",
        "Light magic (LM)": "lm",
        "Dark magic (DM)": "dm",
        "Book magic (Wit)": "wit",
    }
    attack_dice = {}
    for label, key in attacks.items():
        dice = base_dice + stat_dice(s[key], stat_rounding)
        attack_dice[label] = f"{dice}d6; {dice + proficiency}d6 trained"
    breakdown["Attack dice"] = (
        f"Attack dice = {base_dice} + weapon attack bonus + proficiency ({proficiency} if "
        "trained) + stat/2 (one die per full +2); add the weapon's attack bonus to the numbers "
        "shown"
    )
    return {
        "stats": {abbr[k]: final[k] for k in STAT_KEYS},
        "max_health": health,
        "armor_value": armor,
        "dodge": dodge,
        "speed": speed,
        "magic_stamina": stamina,
        "max_carry_weight": carry,
        "weight_penalty": penalty,
        "magical_recovery_points": recovery,
        "skills": skill_values,
        "skill_modifiers": skill_modifiers,
        "attack_dice": attack_dice,
        "level_perks": level_perks(level),
        "problems": problems,
        "breakdown": breakdown,
    }


# -- turn order ----------------------------------------------------------------------------------
def parse_participants(text: str) -> list[tuple[str, int, int | None]]:
    """``(name, Nimbleness, d10 roll or None)`` from ``"Aria 3; Bandit 1 7"``.

    >>> parse_participants("Aria 3; Bandit -1 7")
    [('Aria', 3, None), ('Bandit', -1, 7)]
    >>> parse_participants("Aria")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: participants: Write each participant as a name, ...
    """
    out: list[tuple[str, int, int | None]] = []
    for item in re.split(r"[;\n]", text):
        if not item.strip():
            continue
        match = re.fullmatch(r"\s*(.*?\S)\s+([+\-\u2212]?\d{1,3})(?:\s+(\d{1,3}))?\s*", item)
        if match is None:
            raise InputError(
                "participants",
                "Write each participant as a name, a Nimbleness score and optionally the d10 "
                f"rolled, like 'Aria 3' or 'Aria 3 7'; got {item.strip()!r}.",
            )
        name = match.group(1)
        nim = int(match.group(2).replace(MINUS, "-"))
        roll = int(match.group(3)) if match.group(3) else None
        if roll is not None and not 1 <= roll <= TURN_ORDER_DIE:
            raise InputError(
                "participants", f"{name}'s d10 roll must be from 1 to {TURN_ORDER_DIE}; got {roll}."
            )
        if any(name == other for other, _, _ in out):
            raise InputError("participants", f"{name} is listed twice; give each a unique name.")
        out.append((name, nim, roll))
    if not out:
        raise InputError("participants", "List at least one participant, like 'Aria 3'.")
    if len(out) > 12:
        raise InputError("participants", "List at most 12 participants.")
    return out


def p_first(nims: Sequence[int], rolls: Sequence[Dist]) -> list[Fraction]:
    """Each participant's exact chance to act first.

    Highest Nimbleness + d10 goes first; ties go to the higher Nimbleness, then to a
    secondary d10 each, rolled again until they differ (assumption
    ``glittershard.turn_order_ties``), so a full tie of k is won 1 time in k.

    >>> p_first([0, 0], [Dist.die(10), Dist.die(10)])
    [Fraction(1, 2), Fraction(1, 2)]
    >>> p_first([1, 0], [Dist.die(10), Dist.die(10)])
    [Fraction(16, 25), Fraction(9, 25)]
    """
    out = []
    for i, (nim_i, roll_i) in enumerate(zip(nims, rolls, strict=True)):
        total = Fraction(0)
        for d, p in roll_i.items():
            score = nim_i + d
            ties = [Fraction(1)]  # ties[k]: no one beats i and exactly k tie fully
            for j, (nim_j, roll_j) in enumerate(zip(nims, rolls, strict=True)):
                if j == i:
                    continue
                other = roll_j + nim_j
                equal = other.p_eq(score)
                beat = other.p_gt(score) + (equal if nim_j > nim_i else 0)
                tie = equal if nim_j == nim_i else Fraction(0)
                lose = 1 - beat - tie
                ties = [
                    (ties[k] if k < len(ties) else 0) * lose + (ties[k - 1] * tie if k else 0)
                    for k in range(len(ties) + 1)
                ]
            total += p * sum((c / (k + 1) for k, c in enumerate(ties)), Fraction(0))
        out.append(total)
    return out


def compute_turn_order(
    participants: str = "Aria 3; Bandit 1; Cat 3", seed: int | None = None
) -> dict[str, Any]:
    """Turn order: Nimbleness + 1d10, ties to the higher Nimbleness, then a d10 each.

    >>> r = compute_turn_order("Aria 3 7; Bandit 1 9; Cat 3 5")
    >>> r["order"]
    ['1. Aria: Nim 3 + d10 7 = 10', '2. Bandit: Nim 1 + d10 9 = 10', '3. Cat: Nim 3 + d10 5 = 8']
    >>> compute_turn_order("Aria 3; Bandit 1")["p_first"]
    {'Aria': '18/25', 'Bandit': '7/25'}
    """
    people = parse_participants(participants)
    rng = random.Random(seed) if seed is not None else None
    rolled: dict[str, Any] = {}
    known: list[int | None] = []
    for name, _, roll in people:
        if roll is None and rng is not None:
            roll = rng.randint(1, TURN_ORDER_DIE)
            rolled[name] = roll
        known.append(roll)
    dists = [Dist.constant(r) if r is not None else Dist.die(TURN_ORDER_DIE) for r in known]
    odds = p_first([nim for _, nim, _ in people], dists)
    order: list[str] = []
    ties: list[str] = []
    if all(r is not None for r in known):
        rows = [
            (nim + (roll or 0), nim, name, roll or 0)
            for (name, nim, _), roll in zip(people, known, strict=True)
        ]
        groups: dict[tuple[int, int], list[tuple[str, int]]] = {}
        for score, nim, name, roll in rows:
            groups.setdefault((score, nim), []).append((name, roll))
        place = 1
        for (score, nim), members in sorted(groups.items(), reverse=True):
            if len(members) > 1:
                names = " and ".join(m[0] for m in members)
                if rng is not None:
                    secondary = roll_dice(len(members), TURN_ORDER_DIE, rng)
                    while len(set(secondary)) < len(secondary):
                        secondary = roll_dice(len(members), TURN_ORDER_DIE, rng)
                    rolled[f"secondary: {names}"] = secondary
                    members = [
                        m
                        for _, m in sorted(
                            zip(secondary, members, strict=True), key=lambda t: -t[0]
                        )
                    ]
                else:
                    ties.append(
                        f"{names} tie at {score} with Nim {nim}: each rolls a d10, highest "
                        "first (again if equal)"
                    )
            for name, roll in members:
                order.append(f"{place}. {name}: Nim {nim} + d10 {roll} = {score}")
                place += 1
    breakdown = [
        f"Turn order score = Nimbleness + 1d{TURN_ORDER_DIE}; highest acts first",
        "Equal scores: the higher Nimbleness first; still equal: a d10 each, rolled again "
        "while equal",
        "Chances to act first count the d10s not given yet",
    ]
    return {
        "order": order,
        "ties": ties,
        "p_first": {name: fraction_str(p) for (name, _, _), p in zip(people, odds, strict=True)},
        "rolled": rolled if seed is not None else None,
        "breakdown": breakdown,
    }


# -- movement ------------------------------------------------------------------------------------
def compute_movement(
    speed: int = 6,
    trade_offensive: bool = False,
    extra_trivial: int = 0,
    slow_action_units: int = 0,
    **actions: int,
) -> dict[str, Any]:
    """A turn's movement budget: units, trades and the unit cost of each action.

    'One Offensive action can be traded for six more units of movement, and three units
    of movement can be traded for one Trivial action.'

    >>> r = compute_movement(6, walking=2, climbing=1, standing_up=1)
    >>> r["units"], r["units_used"], r["units_left"], r["allowed"]
    (6, 7, -1, False)
    >>> compute_movement(6, True, 1, walking=5, climbing=2)["units_left"]
    0
    """
    units = speed + (OFFENSIVE_TRADE_UNITS if trade_offensive else 0)
    used = TRIVIAL_TRADE_UNITS * extra_trivial + slow_action_units
    lines = [
        f"Units: {speed} speed"
        + (f" + {OFFENSIVE_TRADE_UNITS} for the traded Offensive action" if trade_offensive else "")
        + f" = {units}"
    ]
    for name, action, cost in movement_costs():
        count = actions.get(name, 0)
        if count:
            used += cost * count
            lines.append(f"{action}: {count} × {cost} = {cost * count} units")
    if extra_trivial:
        lines.append(
            f"{extra_trivial} extra Trivial action{'s' if extra_trivial != 1 else ''}: "
            f"{extra_trivial} × {TRIVIAL_TRADE_UNITS} = {extra_trivial * TRIVIAL_TRADE_UNITS} units"
        )
    if slow_action_units:
        lines.append(f"Slow Offensive action: {slow_action_units} units")
    problems = []
    if used > units:
        problems.append(f"The turn uses {used} units of movement but only {units} are available.")
    if slow_action_units and trade_offensive:
        problems.append(
            "A slow Offensive action needs the Offensive action, which was traded for movement."
        )
    return {
        "units": units,
        "units_used": used,
        "units_left": units - used,
        "offensive_actions": 0 if trade_offensive else 1,
        "trivial_actions": 1 + extra_trivial,
        "allowed": not problems,
        "problems": problems,
        "breakdown": lines,
    }


# -- healing -------------------------------------------------------------------------------------
def _check_health(health: int, max_health: int) -> None:
    """Refuse a current health above the maximum health (a cross-field check)."""
    if health > max_health:
        raise InputError(
            "health", f"Current health can't be above the maximum health ({max_health})."
        )


def compute_healing(
    health: int = 10,
    max_health: int = 20,
    healing: int = 15,
    recovery_points: int = 0,
    effect: str = "magical_health",
) -> dict[str, Any]:
    """Magical healing: it burns a recovery point, or costs half its value without one.

    The rulebook's example: 'if a spell does 15 points of healing, but the target has
    used their recovery points, they lose seven health but gain 15 magical health.'

    >>> r = compute_healing(10, 20, 15, 0)
    >>> r["health_lost"], r["magical_health"], r["health_after"], r["recovery_points_after"]
    (7, 15, 3, 0)
    >>> r = compute_healing(10, 20, 15, 2, "health")
    >>> r["health_after"], r["recovery_points_after"]
    (20, 1)
    """
    _check_health(health, max_health)
    lines = []
    if recovery_points > 0:
        lost = 0
        points_after = recovery_points - 1
        lines.append(f"Burns a magical recovery point: {recovery_points} → {points_after}")
    else:
        lost = healing // 2
        points_after = 0
        lines.append(
            f"Out of magical recovery points: loses half of {healing}, rounded down as in the "
            f"rulebook's example: {lost} health"
        )
    after = health - lost
    gained = 0
    if effect == "magical_health":
        gained = healing
        lines.append(f"Gains {healing} magical health, drained first when damaged")
    else:
        restored = max(0, min(healing, max_health - after))
        lines.append(
            f"Restores {healing} health, up to the maximum of {max_health}: {after} → "
            f"{after + restored}"
        )
        after += restored
    lines.append("Magical health wears off after a short rest.")
    return {
        "health_lost": lost,
        "health_after": after,
        "magical_health": gained,
        "effective_health": after + gained,
        "recovery_points_after": points_after,
        "unconscious": after <= 0,
        "dead": after <= -max_health,
        "breakdown": lines,
    }


def compute_natural_healing(
    health: int = 5, max_health: int = 20, long_rests: int = 1, rounding: str = "floor"
) -> dict[str, Any]:
    """Natural healing: 25% of the maximum health each long rest, up to the maximum.

    >>> compute_natural_healing(5, 20, 1)["health_after"]
    10
    >>> compute_natural_healing(5, 22, 2)["per_rest"]
    5
    >>> compute_natural_healing(15, 20, 3)["health_after"]
    20
    """
    _check_health(health, max_health)
    per_rest = round_by(Fraction(max_health * NATURAL_HEALING_PERCENT, 100), rounding)
    after = health
    lines = [
        f"Each long rest heals {per_rest} = {NATURAL_HEALING_PERCENT}% of {max_health}, "
        f"{half_text(rounding)}"
    ]
    for rest in range(1, long_rests + 1):
        new = max(after, min(max_health, after + per_rest))
        lines.append(f"Long rest {rest}: {after} → {new}")
        after = new
    return {
        "health_after": after,
        "per_rest": per_rest,
        "healed": after - health,
        "breakdown": lines,
    }


# -- conversations -------------------------------------------------------------------------------
def compute_conversation(
    skill: int = 2,
    trained: bool = False,
    judgement: int = 0,
    target_trained: bool = False,
    attitude: str = "neutral",
    roll: int | None = None,
    target_roll: int | None = None,
    ties: str = "listener",
    seed: int | None = None,
) -> dict[str, Any]:
    """An adversarial speech check: d100 + speech modifier against d100 + Judgement modifier.

    A hostile listener 'get[s] an additional level (+15)'.

    >>> compute_conversation(2, False, 2, False, "neutral")["p_success"]
    '99/200'
    >>> r = compute_conversation(3, False, 0, False, "hostile", roll=50, target_roll=60)
    >>> r["result"]["speaker_total"], r["result"]["listener_total"], r["result"]["convinced"]
    (65, 45, True)
    """
    s_value = skill + (1 if trained else 0)
    t_value = judgement + (1 if target_trained else 0)
    s_label, s_mod = skill_modifier(s_value)
    t_label, t_mod = skill_modifier(t_value)
    hostile = HOSTILE_BONUS if attitude == "hostile" else 0
    rng = random.Random(seed) if seed is not None else None
    rolled = None
    if rng is not None:
        rolled = {}
        if roll is None:
            roll = rolled["speaker"] = rng.randint(1, 100)
        if target_roll is None:
            target_roll = rolled["listener"] = rng.randint(1, 100)
    speaker = (Dist.constant(roll) if roll is not None else d100()) + s_mod
    listener = (Dist.constant(target_roll) if target_roll is not None else d100()) + t_mod + hostile
    margin = speaker - listener
    p = margin.p_gt(0) if ties == "listener" else margin.p_ge(0)
    result = None
    if roll is not None and target_roll is not None:
        s_total, t_total = roll + s_mod, target_roll + t_mod + hostile
        convinced = s_total > t_total or (ties == "speaker" and s_total == t_total)
        result = {
            "speaker_total": s_total,
            "listener_total": t_total,
            "margin": s_total - t_total,
            "convinced": convinced,
        }
    lines = [
        f"Speaker: d100 {term(s_mod)} (skill {s_value}, {s_label})",
        f"Listener: d100 {term(t_mod)} (Judgement {t_value}, {t_label})"
        + (f" + {HOSTILE_BONUS} hostile" if hostile else ""),
        "The speaker convinces by beating the listener's total"
        + (" (ties: the listener resists)" if ties == "listener" else " (ties: the speaker wins)"),
    ]
    return {
        "p_success": fraction_str(p),
        "modifier": s_mod,
        "target_modifier": t_mod + hostile,
        "distribution": pairs(margin),
        "result": result,
        "rolled": rolled,
        "breakdown": lines,
    }


# -- fall damage ---------------------------------------------------------------------------------
def compute_fall(
    units: int = 2, rolls: list[int] | None = None, seed: int | None = None
) -> dict[str, Any]:
    """Fall damage: 1d6 per unit fallen.

    >>> compute_fall(2)["distribution"][:2]
    [[2, '1/36'], [3, '1/18']]
    >>> compute_fall(2, [3, 5])["damage"]
    8
    """
    rng = random.Random(seed) if seed is not None else None
    faces = _faces_or_roll("rolls", rolls, units, FALL_DIE, rng, f"A fall of {units} units")
    dist = Dist.constant(sum(faces)) if faces is not None else sum_dice(units, FALL_DIE)
    lines = [f"{units}d{FALL_DIE}: 1d{FALL_DIE} per unit fallen (a unit is 2 m)"]
    if faces is not None:
        lines.append(f"Rolled {', '.join(map(str, faces)) or 'nothing'} = {sum(faces)}")
    return {
        "damage": sum(faces) if faces is not None else None,
        "distribution": pairs(dist),
        "mean": number(dist.mean()),
        "rolled": faces if seed is not None else None,
        "breakdown": lines,
    }


# -- declarations --------------------------------------------------------------------------------
def _int(
    name: str, label: str, default: int, low: int, high: int, help_: str = "", group: str = ""
) -> Input:
    return Input(name, "int", label, default, min=low, max=high, help=help_, group=group)


def _optional_int(name: str, label: str, low: int, high: int, help_: str = "") -> Input:
    return Input(name, "int", label, None, min=low, max=high, optional=True, help=help_)


def _assumed(
    name: str,
    label: str,
    assumption: str,
    choices: tuple[str, ...] = (),
    low: int | None = None,
    high: int | None = None,
    help_: str = "",
) -> Input:
    """An input carrying an assumption's default (a choice when ``choices`` are given)."""
    if choices:
        return Input(
            name,
            "choice",
            label,
            _default(assumption),
            choices=choices,
            assumption=assumption,
            help=help_,
            group="Assumptions",
        )
    return Input(
        name,
        "int",
        label,
        _default(assumption),
        min=low,
        max=high,
        assumption=assumption,
        help=help_,
        group="Assumptions",
    )


def _stat_rounding_input() -> Input:
    return _assumed(
        "stat_rounding",
        "Dice from a stat",
        A_STAT_DICE,
        STAT_ROUNDING_CHOICES,
        help_="toward_zero: one die per full +2 (−1 takes none away); down: −1 takes a die away.",
    )


REGISTRY.add(
    Calculator(
        _id("d6_check"),
        "d6 check",
        inputs=(
            _int("stat", "Relevant stat", 0, -10, 20, "One d6 for every +2."),
            Input("trained", "bool", "Trained in the task", False, help="Adds 2d6."),
            _int("item_dice", "Item dice", 0, 0, 20, "Dice from item bonuses."),
            _int(
                "circumstance_dice",
                "Circumstance dice",
                0,
                -20,
                20,
                "Circumstantial bonuses (+) or penalties (−), e.g. −2 past a weapon's range.",
            ),
            _int("goal", "Goal", 10, 0, 300, "The static goal to meet or beat."),
            Input(
                "difficulty",
                "choice",
                "Skill challenge difficulty",
                "custom",
                choices=("custom", *difficulties()),
                help="custom uses the Goal above; the others take the goal of the chart.",
            ),
            _optional_int(
                "opposing_dice",
                "Receiver's dice",
                1,
                60,
                "Leave empty for a static goal; give the receiver's d6 pool for a contest.",
            ),
            Input(
                "rolls",
                "dice",
                "Initiator's dice rolled",
                None,
                max=6,
                optional=True,
                help="Faces rolled, e.g. 2,5,6; leave empty for the exact odds.",
            ),
            Input(
                "opposing_rolls",
                "dice",
                "Receiver's dice rolled",
                None,
                max=6,
                optional=True,
                help="Faces the receiver rolled.",
            ),
            _stat_rounding_input(),
            _assumed("min_dice", "Smallest pool", A_MIN_POOL, low=1, high=10),
        ),
        outputs=(
            Output("dice", "Dice rolled", "int", unit="d6"),
            Output("p_success", "Success (meets or beats)", "fraction"),
            Output("p_critical_failure", "Critical failure", "fraction"),
            Output("distribution", "Margin (total − goal or receiver's total)", "distribution"),
            Output("result", "Result of the dice rolled", "map"),
        ),
        compute=compute_d6_check,
        rule=_id("d6s"),
        assumptions=(A_STAT_DICE, A_MIN_POOL),
        rolls=True,
        help="3d6, one more per +2 in the stat, 2 more if trained, plus items and "
        "circumstances, against a goal or the receiver's pool; ties go to the initiator.",
    )
)

REGISTRY.add(
    Calculator(
        _id("task"),
        "Task quality",
        inputs=(
            _int("skill", "Skill value", 2, -10, 20, "2 is Average, 0 Beginner, 6+ Master."),
            Input("trained", "bool", "Trained", False, help="Adds a skill level."),
            _int(
                "minutes",
                "Time",
                120,
                1,
                6000,
                "How long the task takes; separate items (like four bolts) are separate tasks.",
            ),
            Input("haste", "choice", "Haste", "normal", choices=HASTE_CHOICES),
            Input(
                "rolls",
                "dice",
                "d100 rolls",
                None,
                max=100,
                optional=True,
                help="One d100 roll (1–100, a double zero is 100) per hour, e.g. 60,71; leave "
                "empty for the exact odds.",
            ),
            _assumed(
                "band_rounding",
                "Scores between bands",
                A_BANDS,
                SCORE_ROUNDING_CHOICES,
                help_="floor: 10.5 is still Unacceptable.",
            ),
        ),
        outputs=(
            Output("modifier", "Skill modifier", "int"),
            Output("rolls_needed", "Rolls needed", "int"),
            Output("time_minutes", "Actual time", "number", unit="minutes"),
            Output("score", "Final score", "number"),
            Output("quality", "Quality", "text"),
            Output("quality_odds", "Chance of each quality", "map"),
            Output("distribution", "Final score (whole number)", "distribution"),
        ),
        compute=compute_task,
        rule=_id("tasks"),
        assumptions=(
            A_SKILL_RANGE,
            A_PERCENTILE,
            A_NORMAL_HASTE,
            A_TASK_SCORE,
            A_TASK_ROLLS,
            A_BANDS,
        ),
        rolls=True,
        help="One d100 roll per hour plus the skill modifier; the average times the haste "
        "modifier is the final score, read on the quality table.",
    )
)

REGISTRY.add(
    Calculator(
        _id("damage"),
        "Damage dealt",
        inputs=(
            _int("attack_roll", "Attack roll", 18, 0, 500, "The total rolled on the attack dice."),
            Input(
                "weapon_bonus",
                "int",
                "Weapon damage bonus",
                _default(A_WEAPON_BONUS),
                min=-100,
                max=100,
                assumption=A_WEAPON_BONUS,
            ),
            _int(
                "goal",
                "Goal",
                12,
                0,
                500,
                "Armor value, dodge or the goal that was rolled against.",
            ),
            _int("resistances", "Resistances", 0, 0, 100),
            _int("weaknesses", "Weaknesses", 0, 0, 100),
            Input("immune", "bool", "Immune", False, help="A resistance of infinity."),
            Input("mode", "choice", "Way of calculating", "simple", choices=("simple", "complex")),
            _optional_int(
                "percentile",
                "Percentile roll",
                1,
                100,
                "Complex only: the d100 (a double zero is 100); leave empty for the exact odds.",
            ),
            _assumed("resist", "Resistances", A_RESIST, RESIST_CHOICES),
            _assumed("min_damage", "Least damage", A_MIN_DAMAGE, low=-1000, high=0),
        ),
        outputs=(
            Output("damage", "Damage", "int"),
            Output("simple", "Simple damage", "int"),
            Output("distribution", "Damage", "distribution"),
        ),
        compute=compute_damage,
        rule=_id("d10_damage"),
        assumptions=(A_RESIST, A_WEAPON_BONUS, A_MIN_DAMAGE, A_PERCENTILE),
        rolls=True,
        help="Simple: attack roll + weapon bonus − goal − resistances + weaknesses. Complex: "
        "that × 2 × percentile/100, rounded up.",
    )
)

_STAT_GROUP = "Stats as generated (before racial, class and level bonuses)"
_METHODS = tuple(
    dict.fromkeys(str(r["Calculator method"]) for r in data.table(_id("stat_generation_methods")))
)
_CHARACTER_DEFAULTS = dict(zip(STAT_KEYS, (4, 2, 3, 1, 0, 2, 1, -1), strict=True))
"""A valid Standard Array assignment, so the default character has no problems."""

REGISTRY.add(
    Calculator(
        _id("character"),
        "Character",
        inputs=(
            *(
                _int(key, f"{full} ({abbr})", _CHARACTER_DEFAULTS[key], -10, 20, group=_STAT_GROUP)
                for key, abbr, full in stats()
            ),
            Input(
                "method",
                "choice",
                "Stat method",
                "array",
                choices=tuple(sorted(_METHODS)),
                help="array: Standard Array; allotment: Standard Allotment; rolled: either "
                "dice method.",
                group=_STAT_GROUP,
            ),
            Input(
                "bonuses",
                "text",
                "Stat bonuses",
                "",
                help="Racial, class and level bonuses, e.g. 'Nim +1, Wit +1'.",
            ),
            _int("level", "Level", 1, 1, max_level()),
            _int(
                "race_health",
                "Race base health",
                10,
                0,
                500,
                "From the race (not in this rulebook).",
            ),
            Input("size", "choice", "Size", "medium", choices=tuple(sizes())),
            _int("racial_speed_bonus", "Racial speed bonus", 0, -20, 20),
            _int("armor_bonus", "Armor bonus", 0, -50, 100),
            _int("shield_bonus", "Shield bonus", 0, -50, 100),
            _int("armor_penalty", "Armor penalty", 0, 0, 100, "Subtracted from dodge."),
            _int("carried_weight", "Carried weight", 0, 0, 2000, "In kg."),
            Input(
                "bag_capacity",
                "int",
                "Bag carrying caps",
                _default(A_BAGS),
                min=0,
                max=2000,
                assumption=A_BAGS,
                help="Sum of the carrying caps of the bags carried, in kg.",
            ),
            Input(
                "trained_skills",
                "text",
                "Trained skills",
                "",
                help="Skills trained in, e.g. 'Stealth, Search'.",
            ),
            _stat_rounding_input(),
            _assumed("skill_rounding", "Two-stat skills", A_SKILL_ROUNDING, SKILL_ROUNDING_CHOICES),
            _assumed(
                "health_level", "Level in the health gain", A_HEALTH_LEVEL, HEALTH_LEVEL_CHOICES
            ),
            _assumed(
                "recovery_first_level",
                "First level with an extra recovery point",
                A_RECOVERY_LEVELS,
                low=1,
                high=max_level(),
            ),
            _assumed(
                "proficiency", "Proficiency (trained attack dice)", A_PROFICIENCY, low=0, high=10
            ),
            _assumed("allotment_total", "Standard Allotment total", A_ALLOTMENT, low=0, high=40),
            _assumed("rolled_low", "Rolled stats too low below", A_ROLLED_LOW, low=-20, high=40),
            _assumed("rolled_high", "Rolled stats too high above", A_ROLLED_HIGH, low=-20, high=60),
        ),
        outputs=(
            Output("max_health", "Maximum health", "int"),
            Output("armor_value", "Armor value", "int"),
            Output("dodge", "Dodge", "int"),
            Output("speed", "Speed", "int", unit="units"),
            Output("magic_stamina", "Magic stamina", "int"),
            Output("max_carry_weight", "Maximum carry weight", "int", unit="kg"),
            Output("weight_penalty", "Weight penalty", "int"),
            Output("magical_recovery_points", "Magical recovery points", "int"),
            Output("stats", "Stats with bonuses", "map"),
            Output("skills", "Skill values", "map"),
            Output("skill_modifiers", "Task modifiers (d100)", "map"),
            Output("attack_dice", "Attack dice (before the weapon's bonus)", "map"),
            Output("level_perks", "Gained by this level", "map"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_character,
        rule=_id("character_creation"),
        assumptions=(
            A_STAT_DICE,
            A_SKILL_RANGE,
            A_SKILL_ROUNDING,
            A_PROFICIENCY,
            A_NIM_BONUS,
            A_SIZE_DODGE,
            A_SIZE_SPEED,
            A_HEALTH_LEVEL,
            A_HEALTH_HISTORY,
            A_BAGS,
            A_RECOVERY_LEVELS,
            A_WEIGHT_ROUNDING,
            A_ALLOTMENT,
            A_ROLLED_LOW,
            A_ROLLED_HIGH,
        ),
        help="Maximum health, armor value, dodge, speed, magic stamina, carrying, recovery "
        "points and skills from the stats; problems list what breaks the stat method's rules.",
    )
)

REGISTRY.add(
    Calculator(
        _id("turn_order"),
        "Turn order",
        inputs=(
            Input(
                "participants",
                "text",
                "Participants",
                "Aria 3; Bandit 1; Cat 3",
                help="Name and Nimbleness for each, optionally the d10 rolled, separated by "
                "';' (e.g. 'Aria 3 7; Bandit 1').",
            ),
        ),
        outputs=(
            Output("p_first", "Chance to act first", "map"),
            Output("order", "Turn order", "list"),
            Output("ties", "Ties left to a d10 each", "list"),
        ),
        compute=compute_turn_order,
        rule=_id("turn_order_formula"),
        assumptions=(A_TURN_TIES,),
        rolls=True,
        help="Nimbleness + 1d10, highest first; ties go to the higher Nimbleness, then to a "
        "d10 each.",
    )
)

REGISTRY.add(
    Calculator(
        _id("movement"),
        "Movement in a turn",
        inputs=(
            _int(
                "speed", "Speed", 6, 0, 60, "Units of movement per turn (6 for a medium creature)."
            ),
            Input(
                "trade_offensive",
                "bool",
                "Trade the Offensive action",
                False,
                help=f"For {OFFENSIVE_TRADE_UNITS} more units of movement.",
            ),
            _int(
                "extra_trivial",
                "Extra Trivial actions",
                0,
                0,
                20,
                f"Each costs {TRIVIAL_TRADE_UNITS} units of movement.",
            ),
            _int(
                "slow_action_units",
                "Units a slow Offensive action uses",
                0,
                0,
                60,
            ),
            *(
                _int(
                    name,
                    action,
                    3 if name == "walking" else 0,
                    0,
                    60,
                    f"{cost} unit{'s' if cost != 1 else ''} per space, or per time for an action "
                    "that doesn't move you.",
                    group="Movement actions",
                )
                for name, action, cost in movement_costs()
            ),
        ),
        outputs=(
            Output("units", "Units available", "int"),
            Output("units_used", "Units used", "int"),
            Output("units_left", "Units left", "int"),
            Output("offensive_actions", "Offensive actions", "int"),
            Output("trivial_actions", "Trivial actions", "int"),
            Output("allowed", "Allowed", "bool"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_movement,
        rule=_id("movement_actions"),
        help="Speed in units per turn; an Offensive action trades for 6 more units, 3 units "
        "trade for a Trivial action; each movement action costs the units of the table.",
    )
)

REGISTRY.add(
    Calculator(
        _id("healing"),
        "Magical healing",
        inputs=(
            _int("health", "Current health", 10, -1000, 1000),
            _int("max_health", "Maximum health", 20, 1, 1000),
            _int("healing", "Healing", 15, 0, 1000),
            _int("recovery_points", "Magical recovery points left", 0, 0, 100),
            Input(
                "effect",
                "choice",
                "The spell gives",
                "magical_health",
                choices=HEAL_EFFECT_CHOICES,
                help="magical_health: a buffer on top of health; health: health back.",
            ),
        ),
        outputs=(
            Output("health_lost", "Health lost", "int"),
            Output("health_after", "Health after", "int"),
            Output("magical_health", "Magical health gained", "int"),
            Output("recovery_points_after", "Magical recovery points after", "int"),
            Output("unconscious", "Unconscious (0 health or less)", "bool"),
            Output("dead", "Dead (at minus the maximum health)", "bool"),
        ),
        compute=compute_healing,
        rule=_id("magical_recovery_point"),
        assumptions=(A_HEAL_NO_POINTS, A_HEAL_CAP),
        help="Magical healing burns a recovery point; without one, half the healing is "
        "subtracted from the target's health.",
    )
)

REGISTRY.add(
    Calculator(
        _id("natural_healing"),
        "Natural healing",
        inputs=(
            _int("health", "Current health", 5, -1000, 1000),
            _int("max_health", "Maximum health", 20, 1, 1000),
            _int("long_rests", "Long rests", 1, 0, 100),
            _assumed("rounding", "25% of the maximum", A_NATURAL_ROUNDING, SCORE_ROUNDING_CHOICES),
        ),
        outputs=(
            Output("health_after", "Health after", "int"),
            Output("per_rest", "Healed per long rest", "int"),
            Output("healed", "Healed in all", "int"),
        ),
        compute=compute_natural_healing,
        rule=_id("mundane_healing"),
        assumptions=(A_NATURAL_ROUNDING, A_HEAL_CAP),
        help="A creature heals 25% of its maximum health each long rest.",
    )
)

REGISTRY.add(
    Calculator(
        _id("conversation"),
        "Speech check",
        inputs=(
            _int("skill", "Speaker's speech skill", 2, -10, 20, "Speechcraft, for instance."),
            Input("trained", "bool", "Speaker trained", False),
            _int("judgement", "Listener's Judgement", 0, -10, 20),
            Input("target_trained", "bool", "Listener trained", False),
            Input(
                "attitude",
                "choice",
                "Listener is",
                "neutral",
                choices=("friendly", "neutral", "hostile"),
                help=f"A hostile listener adds {HOSTILE_BONUS}.",
            ),
            _optional_int("roll", "Speaker's d100", 1, 100, "Leave empty for the exact odds."),
            _optional_int("target_roll", "Listener's d100", 1, 100),
            _assumed("ties", "Equal totals go to", A_TALK_TIES, TALK_TIE_CHOICES),
        ),
        outputs=(
            Output("p_success", "Listener convinced", "fraction"),
            Output("modifier", "Speaker's modifier", "int"),
            Output("target_modifier", "Listener's modifier", "int"),
            Output("distribution", "Margin (speaker − listener)", "distribution"),
            Output("result", "Result of the rolls", "map"),
        ),
        compute=compute_conversation,
        rule=_id("conversations"),
        assumptions=(A_TALK_MODIFIERS, A_TALK_TIES, A_SKILL_RANGE, A_PERCENTILE),
        rolls=True,
        help="Speech skill d100 against the listener's Judgement d100; a hostile listener "
        "gets +15.",
    )
)

REGISTRY.add(
    Calculator(
        _id("fall"),
        "Fall damage",
        inputs=(
            _int("units", "Units fallen", 2, 0, 60, "A unit is 2 m."),
            Input(
                "rolls",
                "dice",
                "Dice rolled",
                None,
                max=6,
                optional=True,
                help="One d6 per unit; leave empty for the exact odds.",
            ),
        ),
        outputs=(
            Output("damage", "Damage", "int"),
            Output("mean", "Average damage", "number"),
            Output("distribution", "Damage", "distribution"),
        ),
        compute=compute_fall,
        rule=_id("fall_damage"),
        rolls=True,
        help="1d6 damage per unit fallen.",
    )
)
