"""Characters: stats and their methods, and every value derived from them."""

from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction
from typing import Any

from ... import data
from ...cells import parse_number
from ...errors import InputError
from ...format import MINUS, term, with_sign
from ...inputs import split_items
from ...rounding import round_by, rounding_text
from .checks import stat_dice
from .rules import (
    rule_id,
)
from .tables import (
    STAT_KEYS,
    constant,
    level_perks,
    pool_rules,
    sizes,
    skill_modifier,
    skills,
    stat_key,
    stats,
)


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
    for item in split_items(text):
        match = re.fullmatch(r"\s*([A-Za-z][A-Za-z ]*?)\s*([+\-\u2212]\s*\d{1,3})\s*", item)
        if match is None:
            raise InputError(
                "bonuses",
                f"Write each bonus as a stat and a signed number, like 'Nim +1'; got {item!r}.",
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
    for item in split_items(text):
        wanted = re.sub(r"\s+", " ", item).lower()
        if wanted not in names:
            raise InputError("trained_skills", f"{item!r} is not a skill of the skills table.")
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
        text = (
            f"({abbr[a]} {base_stats[a]} + {abbr[b]} {base_stats[b]})/2 {rounding_text(rounding)}"
        )
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
        for row in data.table(rule_id("standard_array")):
            wanted[parse_number(row["Value"])] += parse_number(row["Number of stats"])
        have = Counter(values)
        if have != wanted:
            missing = sorted((wanted - have).elements(), reverse=True)
            extra = sorted((have - wanted).elements(), reverse=True)
            listed = ", ".join(with_sign(v) for v in sorted(wanted.elements(), reverse=True))
            problems.append(
                f"The Standard Array is {listed}, one value for each stat; "
                f"missing {', '.join(with_sign(v) for v in missing)}, "
                f"extra {', '.join(with_sign(v) for v in extra)}."
            )
    elif method == "allotment":
        rule = {
            str(r["Rule"]): parse_number(r["Value"])
            for r in data.table(rule_id("standard_allotment"))
        }
        highest, lowest = rule["Highest score"], rule["Lowest score"]
        too_high = [abbr[k] for k in STAT_KEYS if base[k] > highest]
        if too_high:
            problems.append(
                f"No stat can be above {with_sign(highest)} under the Standard Allotment; "
                f"{' and '.join(too_high)} {'is' if len(too_high) == 1 else 'are'}."
            )
        at_top = [abbr[k] for k in STAT_KEYS if base[k] == highest]
        if len(at_top) > rule["Stats that may be at +4"]:
            problems.append(
                f"Only one stat can be {with_sign(highest)} under the Standard Allotment; "
                f"{' and '.join(at_top)} are."
            )
        too_low = [abbr[k] for k in STAT_KEYS if base[k] < lowest]
        if too_low:
            problems.append(
                f"No stat can be below {with_sign(lowest)} under the Standard Allotment; "
                f"{' and '.join(too_low)} {'is' if len(too_low) == 1 else 'are'}."
            )
        twos = sum(1 for v in values if v == lowest)
        ones = sum(1 for v in values if v == lowest + 1)
        max_twos = rule["Stats that may be at -2 (then none at -1)"]
        max_ones = rule["Stats that may be at -1 (then none at -2)"]
        if twos > max_twos or ones > max_ones or (twos and ones):
            problems.append(
                f"Only one stat can be {with_sign(lowest)} OR two stats can be "
                f"{with_sign(lowest + 1)}; "
                f"got {twos} at {with_sign(lowest)} and {ones} at {with_sign(lowest + 1)}."
            )
        if total != allotment_total:
            pool = rule["Points in the pool"]
            problems.append(
                f"The stats add up to {with_sign(total)}, but the Standard Allotment's pool of "
                f"{pool} points makes them add up to {with_sign(allotment_total)}."
            )
    else:
        low = 1 - constant("Subtracted from each stat roll")
        high = constant("Sides of the stat die") - constant("Subtracted from each stat roll")
        tweaks = max(
            int(r["Tweaks allowed"])
            for r in data.table(rule_id("stat_generation_methods"))
            if r["Calculator method"] == "rolled"
        )
        above = [abbr[k] for k in STAT_KEYS if base[k] > high]
        below = [abbr[k] for k in STAT_KEYS if base[k] < low]
        out_of_reach = [
            abbr[k] for k in STAT_KEYS if base[k] > high + tweaks or base[k] < low - tweaks
        ]
        if out_of_reach or len(above) > tweaks or len(below) > tweaks:
            problems.append(
                f"Rolled stats (1d6 − 2) run from {with_sign(low)} to {with_sign(high)}, and one "
                f"tweak moves one stat up a point and another down a point; "
                f"{', '.join(dict.fromkeys(out_of_reach + above + below))} cannot come from that."
            )
        if total < rolled_low:
            problems.append(
                f"The rolled stats add up to {with_sign(total)}, below {with_sign(rolled_low)}: "
                "the GM may judge them underpowered and have them re-rolled."
            )
        if total > rolled_high:
            problems.append(
                f"The rolled stats add up to {with_sign(total)}, above {with_sign(rolled_high)}: "
                "the GM may judge them overpowered and have them re-rolled."
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
        skill_modifiers[name] = f"{with_sign(modifier)} ({label})"
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
