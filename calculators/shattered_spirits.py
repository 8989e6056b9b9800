"""Shattered Spirits (seed ``000_…``): Attack Rolls, damage, range, movement, turns, health.

Every table these calculators use is read from ``rules_data/shattered_spirits/``
through :mod:`calculators.data` (the Attack Roll dice per mode, the Attack Roll
to Profile row table with its Extreme Rolls, the damage order and the Attack
Roll modifiers). Where the rulebook is silent, the calculator takes the
reading of an ``assumption`` entry as an input whose default is that entry's
default. Basic rule 1, "Always round up", is :func:`round_up`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from typing import Any

from . import data
from .declare import Calculator, Input, Output
from .dice import Dist, fraction_str, keep_highest, keep_lowest, roll_dice, sum_dice
from .errors import InputError
from .registry import REGISTRY

# -- rules data ids ------------------------------------------------------------------------
DICE_TABLE = "shattered_spirits.attack_dice_table"
PROFILE_TABLE = "shattered_spirits.attack_profile_table"
DAMAGE_ORDER_TABLE = "shattered_spirits.damage_order_table"
MODIFIERS_TABLE = "shattered_spirits.attack_roll_modifiers_table"

A_MODIFIERS_TOTAL = "shattered_spirits.attack_modifiers_apply_to_total"
A_ONE_MODE = "shattered_spirits.one_attack_mode"
A_NET = "shattered_spirits.damage_modifiers_net"
A_GLANCING = "shattered_spirits.glancing_effect"
A_VULNERABLE = "shattered_spirits.vulnerable_effect"
A_GUARD = "shattered_spirits.guard_effect"
A_EXTREME = "shattered_spirits.extreme_high_damage"
A_REACTION = "shattered_spirits.reaction_penalty_direction"
A_FALL_DIRECTION = "shattered_spirits.falling_direction"
A_FALL_ONE = "shattered_spirits.falling_one_level"
A_FALL_PRONE = "shattered_spirits.falling_prone_unpaid"
A_TURN_FIRST = "shattered_spirits.turn_order_first_phase"
A_TURN_LEFTOVER = "shattered_spirits.turn_order_leftover"
A_POOLS = "shattered_spirits.damage_pool_order"

# -- rule constants stated in one sentence each -------------------------------------------
CLIMB_BASE = 1
CLIMB_PER_ELEVATION = 2
"""'the total Movement expended is equal to 1 + twice the Elevation change' (Climbing;
formula ``shattered_spirits.climb_movement``)."""
FALL_REFLEX_LESS = 1
"""'they must pay Reflex equal to one less than the total Elevation change' (Falling;
formula ``shattered_spirits.fall_reflex_cost``)."""
CRUSH_PER_ELEVATION = 2
"""'or else take Crush Damage equal to twice the Elevation Change' (Falling; formula
``shattered_spirits.fall_crush_damage``)."""
PRONE_DAMAGE = 6
"""'If a creature would take at least 6 Damage in this way they also fall Prone.'
(Falling; formula ``shattered_spirits.fall_prone``)."""
SWIM_FACTOR = 2
"""'while moving through water that a character cannot stand in each space costs twice
as much to enter' (Swimming)."""
FOCUS_PER_HOSTILE = 1
"""'An attacker may negate this by paying 1 Focus per adjacent hostile creature.'
(Ranged Attacks; formula ``shattered_spirits.ranged_adjacency_penalty``)."""
PHASES = 6
"""'Phase 1-6: ... Phases are resolved in order, 1-6' (Rounds in Shattered Spirits)."""
GROUPS = ("players", "enemies")
"""'Within a Phase, players and enemies will alternate who acts.'"""
DIE_SIDES = 6
"""'Roll 2d6 and reference the Profile in the Attack' (Making Attacks)."""
MISS = "miss"


def _default(assumption: str) -> Any:
    return data.assumption_default(assumption)


# Defaults of the functions below, read from the assumption entries.
GLANCING_DIVISOR: int = _default(A_GLANCING)
VULNERABLE_FACTOR: int = _default(A_VULNERABLE)
GUARD_MINIMUM: int = _default(A_GUARD)
EXTREME_STEP: str = _default(A_EXTREME)
REACTION_DIRECTION: str = _default(A_REACTION)
FREE_ONE_LEVEL: bool = _default(A_FALL_ONE)
PRONE_ONLY_UNPAID: bool = _default(A_FALL_PRONE)
CARRY_OVER: bool = _default(A_POOLS)


def round_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded up: basic rule 1, "Always round up".

    Formula ``shattered_spirits.round_up`` (``ceil``), in whole numbers.

    >>> round_up(7, 2), round_up(8, 2), round_up(-3, 2)
    (4, 4, -1)
    """
    return -(-numerator // denominator)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


# -- Attack Roll ---------------------------------------------------------------------------
def attack_modes() -> tuple[str, ...]:
    """The Attack Roll modes of the dice table, lower case, in table order.

    >>> attack_modes()
    ('normal', 'advantage', 'disadvantage')
    """
    return tuple(row["Mode"].lower() for row in data.table(DICE_TABLE))


def attack_dice(mode: str) -> dict[str, Any]:
    """The dice-table row of one mode: dice rolled, dice kept and which are kept.

    >>> attack_dice("advantage")["Dice rolled (d6)"], attack_dice("advantage")["Which are kept"]
    (3, 'highest')
    """
    for row in data.table(DICE_TABLE):
        if row["Mode"].lower() == mode:
            return row
    raise ValueError(f"no Attack Roll mode called {mode!r}")


def dice_text(mode: str) -> str:
    """How an Attack Roll of ``mode`` is rolled, from the dice table.

    >>> dice_text("normal"), dice_text("disadvantage")
    ('2d6', '3d6, keep the lowest 2')
    """
    row = attack_dice(mode)
    rolled, kept = row["Dice rolled (d6)"], row["Dice kept"]
    if rolled == kept:
        return f"{rolled}d6"
    return f"{rolled}d6, keep the {row['Which are kept']} {kept}"


def kept_dist(mode: str) -> Dist:
    """Exact distribution of the kept dice of an Attack Roll (before modifiers).

    >>> kept_dist("normal").p_eq(7), kept_dist("advantage").p_eq(12)
    (Fraction(1, 6), Fraction(2, 27))
    """
    row = attack_dice(mode)
    rolled, kept, which = row["Dice rolled (d6)"], row["Dice kept"], row["Which are kept"]
    if rolled == kept:
        return sum_dice(rolled, DIE_SIDES)
    if which == "highest":
        return keep_highest(rolled, DIE_SIDES, kept)
    return keep_lowest(rolled, DIE_SIDES, kept)


def kept_faces(mode: str, faces: list[int]) -> list[int]:
    """The faces an Attack Roll of ``mode`` keeps; ``faces`` must be as many as it rolls.

    >>> kept_faces("advantage", [2, 5, 6]), kept_faces("disadvantage", [2, 5, 6])
    ([5, 6], [2, 5])
    >>> kept_faces("normal", [2, 5, 6])
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dice: A normal Attack Roll is 2d6: give 2 dice; got 3.
    """
    row = attack_dice(mode)
    rolled, kept = row["Dice rolled (d6)"], row["Dice kept"]
    if len(faces) != rolled:
        raise InputError(
            "dice",
            f"A{'n' if mode[0] in 'aeiou' else ''} {mode} Attack Roll is {dice_text(mode)}: "
            f"give {rolled} dice; got {len(faces)}.",
        )
    ordered = sorted(faces, reverse=row["Which are kept"] != "lowest")
    return sorted(ordered[:kept])


def _roll_bounds(cell: Any) -> tuple[int | None, int | None]:
    """The Attack Rolls one cell of the profile table covers: ``(low, high)``, inclusive."""
    if isinstance(cell, int):
        return cell, cell
    number, _, rest = str(cell).partition(" ")
    if rest == "or lower":
        return None, int(number)
    if rest == "or higher":
        return int(number), None
    raise ValueError(f"{PROFILE_TABLE}: cannot read Attack Roll {cell!r}")


@cache
def _profile_rows() -> tuple[tuple[int | None, int | None, dict[str, Any]], ...]:
    rows = []
    for row in data.table(PROFILE_TABLE):
        low, high = _roll_bounds(row["Attack Roll"])
        result = {
            "row": row["Profile row"] if isinstance(row["Profile row"], int) else None,
            "miss": row["Misses"] == "yes",
            "extra_damage": row["Additional Damage"],
            "negate_cost_increase": row["Negate cost increase"],
        }
        rows.append((low, high, result))
    return tuple(rows)


def profile_rows() -> list[int]:
    """The rows of a Profile, in order (2 to 12).

    >>> profile_rows()
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    """
    return sorted({r["row"] for _, _, r in _profile_rows() if r["row"] is not None})


def profile_result(roll: int) -> dict[str, Any]:
    """How a modified Attack Roll resolves: Profile row, miss and the Extreme Roll effects.

    Read from the table ``shattered_spirits.attack_profile_table``.

    >>> profile_result(8)
    {'row': 8, 'miss': False, 'extra_damage': 0, 'negate_cost_increase': 0}
    >>> profile_result(15)
    {'row': 12, 'miss': False, 'extra_damage': 2, 'negate_cost_increase': 1}
    >>> profile_result(1)["miss"], profile_result(1)["row"]
    (True, None)
    """
    for low, high, result in _profile_rows():
        if (low is None or roll >= low) and (high is None or roll <= high):
            return dict(result)
    raise ValueError(f"{PROFILE_TABLE} has no row for an Attack Roll of {roll}")


def extreme_high() -> dict[str, Any]:
    """The profile-table result of an Attack Roll above 12.

    >>> extreme_high()["extra_damage"]
    2
    """
    return profile_result(max(profile_rows()) + 1)


def row_distribution(rolls: Dist) -> list[list[int | str]]:
    """Distribution of the Profile row of modified Attack Rolls: a miss, then every row.

    Every row is listed, impossible ones with ``"0/1"``.

    >>> row_distribution(sum_dice(2, 6) - 1)[:3]
    [['miss', '1/36'], [2, '1/18'], [3, '1/12']]
    >>> row_distribution(sum_dice(2, 6))[0]
    ['miss', '0/1']
    """
    probability = dict(rolls.map(lambda r: profile_result(r)["row"] or 0).items())
    return [
        [MISS if row == 0 else row, fraction_str(probability.get(row, Fraction(0)))]
        for row in (0, *profile_rows())
    ]


def parse_profile(raw: str | None) -> dict[int, int] | None:
    """The Damage column of a Profile from ``"1,2,…"`` (one number per row, 2 to 12).

    >>> parse_profile("1,2,3,4,5,6,7,8,9,10,11")[8]
    7
    >>> parse_profile("1,2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: profile: Give one Damage value for each Profile row 2 ... got 2.
    """
    if raw is None or not str(raw).strip():
        return None
    rows = profile_rows()
    items = [t for t in str(raw).replace(";", ",").replace(" ", ",").split(",") if t.strip()]
    values = []
    for item in items:
        text = item.strip().replace("\u2212", "-")
        if not text.isdigit() or int(text) > 1000:
            raise InputError(
                "profile", f"Each Damage value must be a whole number from 0 to 1000; got {text!r}."
            )
        values.append(int(text))
    if len(values) != len(rows):
        raise InputError(
            "profile",
            f"Give one Damage value for each Profile row {rows[0]} to {rows[-1]} "
            f"({len(rows)} numbers); got {len(values)}.",
        )
    return dict(zip(rows, values, strict=True))


def profile_damage(roll: int, profile: dict[int, int]) -> int:
    """Damage of a Profile for a modified Attack Roll, before Glancing, Vulnerable and Guard.

    A miss deals nothing; above 12 the 12 row deals its Damage plus the additional
    Damage "if any" (assumption ``shattered_spirits.extreme_high_damage``).

    >>> profile = parse_profile("1,2,3,4,5,6,7,8,9,10,11")
    >>> profile_damage(8, profile), profile_damage(14, profile), profile_damage(0, profile)
    (7, 13, 0)
    """
    result = profile_result(roll)
    if result["miss"]:
        return 0
    damage = profile[result["row"]]
    return damage + result["extra_damage"] if damage > 0 else damage


def resolve_text(roll: int) -> str:
    """One sentence on how a modified Attack Roll resolves.

    >>> resolve_text(13)  # doctest: +ELLIPSIS
    'Attack Roll 13 is above 12: resolve with row 12, deal 2 additional Damage (if any) and ...'
    """
    result = profile_result(roll)
    if result["miss"]:
        return (
            f"Attack Roll {roll} is below 2: the Attack Misses (pay 1 Focus/Momentum or be "
            "Disarmed, gain Exposed 2 or fall Prone, as the Spirit Master chooses)."
        )
    if result["extra_damage"] or result["negate_cost_increase"]:
        return (
            f"Attack Roll {roll} is above {result['row']}: resolve with row {result['row']}, "
            f"deal {result['extra_damage']} additional Damage (if any) and the cost to Negate "
            f"rises by {result['negate_cost_increase']}."
        )
    return f"Attack Roll {roll}: resolve with row {result['row']} of the Profile."


def compute_attack(
    mode: str,
    both_mode: str,
    modifier: int,
    dice: list[int] | None,
    profile: str | None,
    seed: int | None = None,
) -> dict[str, Any]:
    """An Attack Roll: 2d6 (3d6 keep 2 with Advantage/Disadvantage) plus modifiers, to a row.

    Without dice it reports the exact distribution of Profile rows; with
    ``dice`` (or a ``seed``) it resolves that roll.

    The rulebook's example: Stone Strike rolled 8 deals its row-8 Damage, 7.

    >>> r = compute_attack("normal", "normal", 0, [3, 5], "1,2,3,4,5,6,7,8,9,10,11")
    >>> r["roll"], r["row"], r["miss"], r["damage"]
    (8, 8, False, 7)
    >>> r = compute_attack("advantage", "normal", 2, [2, 5, 6], None)
    >>> r["roll"], r["row"], r["extra_damage"], r["negate_cost_increase"]
    (13, 12, 2, 1)
    >>> compute_attack("normal", "normal", -1, None, None)["distribution"][0]
    ['miss', '1/36']
    """
    effective = both_mode if mode == "both" else mode
    rolls = kept_dist(effective) + modifier
    parsed = parse_profile(profile)
    breakdown = []
    if mode == "both":
        breakdown.append(
            f"Advantage and Disadvantage together: rolled as {effective} "
            "(assumption: one Attack mode)"
        )
    breakdown.append(
        f"{effective.capitalize()} Attack Roll: {dice_text(effective)}, {_signed(modifier)}"
    )
    rolled = None
    if dice is None and seed is not None:
        dice = rolled = roll_dice(
            attack_dice(effective)["Dice rolled (d6)"], DIE_SIDES, random.Random(seed)
        )
    out: dict[str, Any] = {
        "roll": None,
        "row": None,
        "miss": None,
        "extra_damage": None,
        "negate_cost_increase": None,
        "distribution": row_distribution(rolls),
        "p_miss": fraction_str(rolls.prob(lambda r: profile_result(r)["miss"])),
        "p_extreme": fraction_str(rolls.p_gt(max(profile_rows()))),
        "damage": None,
        "damage_distribution": None,
        "mean_damage": None,
        "rolled": rolled,
    }
    if dice is not None:
        kept = kept_faces(effective, list(dice))
        roll = sum(kept) + modifier
        result = profile_result(roll)
        out.update(roll=roll, **result)
        shown = ", ".join(map(str, dice))
        breakdown.append(
            f"Dice {shown}: kept {' + '.join(map(str, kept))} = {sum(kept)}"
            if len(kept) < len(dice)
            else f"Dice {shown} = {sum(kept)}"
        )
        breakdown.append(f"Attack Roll {roll} = {sum(kept)} {_signed(modifier)} modifier")
        breakdown.append(resolve_text(roll))
    if parsed is not None:
        damage = rolls.map(lambda r: profile_damage(r, parsed))
        mean = damage.mean()
        out.update(
            damage_distribution=damage.to_pairs(),
            mean_damage=f"{fraction_str(mean)} (about {float(mean):.2f})",
        )
        if out["roll"] is not None:
            out["damage"] = profile_damage(out["roll"], parsed)
            breakdown.append(
                f"Damage {out['damage']} from the Profile (before Glancing, Vulnerable and Guard)"
            )
    return {**out, "breakdown": breakdown}


# -- Damage --------------------------------------------------------------------------------
def compute_damage(
    base: int,
    modifier: int,
    glancing: bool,
    vulnerable: bool,
    guard: int,
    extreme: bool = False,
    glancing_divisor: int = GLANCING_DIVISOR,
    vulnerable_factor: int = VULNERABLE_FACTOR,
    guard_minimum: int = GUARD_MINIMUM,
    extreme_step: str = EXTREME_STEP,
) -> dict[str, Any]:
    """Damage dealt, in the rulebook's order: base, modifiers, Glancing, Vulnerable, Guard.

    The arithmetic of Glancing, Vulnerable and Guard is not in the rulebook: the
    defaults are the assumptions (half rounded up, double, subtract to at least 0).

    >>> compute_damage(7, 0, False, False, 0)["damage"]
    7
    >>> r = compute_damage(7, 2, True, True, 3)
    >>> r["damage"], r["steps"][2]
    (7, 'Step 3, Glancing: 9 \u00f7 2 = 4.5, rounded up to 5')
    >>> compute_damage(10, 0, False, False, 0, extreme=True)["damage"]
    12
    """
    damage = 0
    steps = []
    extra = extreme_high()["extra_damage"] if extreme else 0
    for row in data.table(DAMAGE_ORDER_TABLE):
        step, what = row["Step"], row["Calculator input"]
        if what == "base":
            damage = base
            steps.append(f"Step {step}, base Damage: {base}")
        elif what == "modifier":
            bonus = extra if extreme_step == "step_2" and base > 0 else 0
            total = damage + modifier + bonus
            text = f"Step {step}, modifiers: {damage} {_signed(modifier)}"
            if extreme:
                text += (
                    f" {_signed(bonus)} Attack Roll above 12"
                    if extreme_step == "step_2"
                    else f" (the {extra} Damage above 12 comes last)"
                )
            damage = max(total, 0)
            text += f" = {total}" + (", counts as 0" if total < 0 else "")
            steps.append(text)
        elif what == "glancing":
            if glancing:
                after = round_up(damage, glancing_divisor)
                exact = Fraction(damage, glancing_divisor)
                shown = f"{float(exact):g}" if exact.denominator != 1 else str(exact)
                rounded = f", rounded up to {after}" if exact.denominator != 1 else ""
                steps.append(
                    f"Step {step}, Glancing: {damage} \u00f7 {glancing_divisor} = {shown}{rounded}"
                )
                damage = after
            else:
                steps.append(f"Step {step}, Glancing: not Glancing, {damage}")
        elif what == "vulnerable":
            if vulnerable:
                after = damage * vulnerable_factor
                steps.append(
                    f"Step {step}, Vulnerable: {damage} \u00d7 {vulnerable_factor} = {after}"
                )
                damage = after
            else:
                steps.append(f"Step {step}, Vulnerable: not Vulnerable, {damage}")
        elif what == "guard":
            after = max(damage - guard, min(damage, guard_minimum))
            floor = f", not below {guard_minimum}" if damage - guard < after else ""
            steps.append(f"Step {step}, Guard {guard}: {damage} \u2212 {guard}{floor} = {after}")
            damage = after
    if extreme and extreme_step == "after_guard":
        bonus = extra if damage > 0 else 0
        steps.append(f"Attack Roll above 12: {damage} {_signed(bonus)} = {damage + bonus}")
        damage += bonus
    return {
        "damage": damage,
        "steps": steps,
        "breakdown": [f"Damage {damage} after the {len(steps)} steps of the damage order"],
    }


# -- Range, climbing, falling, movement ----------------------------------------------------
def compute_range(dx: int, dy: int) -> dict[str, Any]:
    """Range: the greater of the horizontal and vertical difference (no Pythagoras).

    >>> compute_range(3, -5)["range"]
    5
    """
    result = max(abs(dx), abs(dy))
    return {
        "range": result,
        "breakdown": [f"Range {result} = the greater of |{dx}| and |{dy}| spaces"],
    }


def climb_cost(elevation: int) -> int:
    """Movement to climb up ``elevation`` (formula ``shattered_spirits.climb_movement``).

    >>> climb_cost(1), climb_cost(3)
    (3, 7)
    """
    return CLIMB_BASE + CLIMB_PER_ELEVATION * elevation


def compute_climb(elevation: int) -> dict[str, Any]:
    """Total Movement expended to climb to a higher Elevation.

    The rulebook's example: climbing a 1 Height Obstacle costs 3 spaces.

    >>> compute_climb(1)["movement"]
    3
    """
    cost = climb_cost(elevation)
    return {
        "movement": cost,
        "breakdown": [
            f"Movement {cost} = {CLIMB_BASE} + {CLIMB_PER_ELEVATION} \u00d7 {elevation} Elevation"
        ],
    }


def compute_fall(
    elevation: int,
    paid: bool = False,
    free_one_level: bool = FREE_ONE_LEVEL,
    prone_only_unpaid: bool = PRONE_ONLY_UNPAID,
) -> dict[str, Any]:
    """Falling: pay Reflex one less than the drop, or take twice the drop as Crush Damage.

    >>> r = compute_fall(3)
    >>> r["reflex_cost"], r["crush_damage"], r["prone"]
    (2, 6, True)
    >>> compute_fall(1)["crush_damage"], compute_fall(1, free_one_level=False)["crush_damage"]
    (0, 2)
    >>> compute_fall(3, paid=True)["prone"], compute_fall(3, True, True, False)["prone"]
    (False, True)
    """
    reflex = elevation - FALL_REFLEX_LESS
    would = CRUSH_PER_ELEVATION * elevation
    free = reflex == 0 and free_one_level
    avoided = paid or free
    crush = 0 if avoided else would
    prone = (crush if prone_only_unpaid else would) >= PRONE_DAMAGE
    breakdown = [
        f"Reflex to pay {reflex} = {elevation} Elevation \u2212 {FALL_REFLEX_LESS}",
        f"Crush Damage if not paid {would} = {CRUSH_PER_ELEVATION} \u00d7 {elevation} Elevation",
    ]
    if free:
        breakdown.append("Paying 0 Reflex counts as paying: no Crush Damage")
    elif paid:
        breakdown.append(f"{reflex} Reflex paid: no Crush Damage")
    else:
        breakdown.append(f"Reflex not paid: {crush} Crush Damage")
    breakdown.append(
        f"Prone: {'yes' if prone else 'no'} (at least {PRONE_DAMAGE} Crush Damage"
        + (" taken)" if prone_only_unpaid else " from the drop, paid or not)")
    )
    return {"reflex_cost": reflex, "crush_damage": crush, "prone": prone, "breakdown": breakdown}


def parse_climbs(raw: str | None) -> list[int]:
    """Elevation changes of each climb from ``"1,2"`` (empty: no climb).

    >>> parse_climbs("1, 2"), parse_climbs(None)
    ([1, 2], [])
    >>> parse_climbs("0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: climbs: Each climb must be a whole number ... got '0'.
    """
    if raw is None:
        return []
    climbs = []
    for item in str(raw).replace(";", ",").replace(" ", ",").split(","):
        text = item.strip()
        if not text:
            continue
        if not text.isdigit() or not 1 <= int(text) <= 50:
            raise InputError(
                "climbs",
                f"Each climb must be a whole number of Elevation from 1 to 50; got {text!r}.",
            )
        climbs.append(int(text))
    if len(climbs) > 50:
        raise InputError("climbs", "Give at most 50 climbs.")
    return climbs


def compute_movement(
    movement: int, spaces: int, swim_spaces: int, climbs: str | None
) -> dict[str, Any]:
    """Movement budget: ordinary spaces, swimming spaces (twice the cost) and climbs.

    >>> r = compute_movement(4, 1, 0, "1")
    >>> r["cost"], r["remaining"], r["enough"]
    (4, 0, True)
    >>> compute_movement(4, 0, 3, None)["enough"]
    False
    """
    heights = parse_climbs(climbs)
    climb_total = sum(climb_cost(h) for h in heights)
    swim = SWIM_FACTOR * swim_spaces
    cost = spaces + swim + climb_total
    parts = [f"{spaces} ordinary"]
    if swim_spaces:
        parts.append(f"{swim} swimming ({SWIM_FACTOR} \u00d7 {swim_spaces})")
    for h in heights:
        parts.append(f"{climb_cost(h)} climbing {h} Elevation")
    return {
        "cost": cost,
        "remaining": movement - cost,
        "enough": cost <= movement,
        "breakdown": [
            f"Cost {cost} = " + " + ".join(parts),
            f"Remaining {movement - cost} = {movement} Movement \u2212 {cost}",
        ],
    }


# -- Attack Roll modifiers -----------------------------------------------------------------
def modifier_row(situation: str) -> dict[str, Any]:
    """The Attack Roll modifiers table row whose Situation starts with ``situation``.

    >>> modifier_row("Deflect")["Modifier"], modifier_row("Target within")["Modifier"]
    (-1, 1)
    """
    for row in data.table(MODIFIERS_TABLE):
        if str(row["Situation"]).startswith(situation):
            return row
    raise ValueError(f"{MODIFIERS_TABLE} has no row for {situation!r}")


def reaction_penalty(speed: int, phase: int, direction: str = REACTION_DIRECTION) -> int:
    """Penalty for a Technique used through a Reaction (formula ``reaction_penalty``).

    'take a penalty to the Attack Roll equal to the difference between the Speed of
    the Technique and the current Phase'; ``direction`` is the reading of
    assumption ``shattered_spirits.reaction_penalty_direction``.

    >>> reaction_penalty(5, 2), reaction_penalty(2, 5), reaction_penalty(2, 5, "early_only")
    (3, 3, 0)
    """
    difference = speed - phase
    return abs(difference) if direction == "absolute" else max(difference, 0)


def compute_attack_modifiers(
    attack_range: str,
    deflect: int,
    adjacent_hostiles: int,
    focus_paid: int,
    elevation: str,
    cover: bool,
    already_glancing: bool,
    attacker_swimming: bool,
    target_swimming: bool,
    reaction: bool,
    technique_speed: int,
    phase: int,
    reaction_direction: str,
    other: int,
) -> dict[str, Any]:
    """Net Attack Roll modifier, mode and Glancing of an Attack from its situation.

    >>> r = compute_attack_modifiers("ranged", 1, 2, 1, "same", True, False, False, False,
    ...                              False, 3, 3, "absolute", 0)
    >>> r["modifier"], r["glancing"], r["auto_miss"], r["focus_cost"]
    (-2, True, False, 1)
    >>> r = compute_attack_modifiers("melee", 0, 0, 0, "target_lower", True, False, False, True,
    ...                              True, 5, 2, "absolute", 0)
    >>> r["modifier"], r["mode"]
    (-3, 'advantage')
    """
    melee = attack_range == "melee"
    if focus_paid > adjacent_hostiles:
        raise InputError(
            "focus_paid",
            f"Focus negates the penalty for adjacent hostile creatures, {FOCUS_PER_HOSTILE} per "
            f"creature: at most {adjacent_hostiles * FOCUS_PER_HOSTILE} Focus here.",
        )
    total = 0
    lines = []

    def add(value: int, text: str) -> None:
        nonlocal total
        total += value
        lines.append(f"{_signed(value)} {text}")

    if deflect:
        add(deflect * modifier_row("Deflect")["Modifier"], f"Deflect \u00d7 {deflect}")
    if adjacent_hostiles:
        if melee:
            lines.append("Adjacent hostile creatures: no penalty to a Melee Attack")
        else:
            step = modifier_row("Each hostile creature adjacent")["Modifier"]
            add(step * adjacent_hostiles, f"{adjacent_hostiles} adjacent hostile creature(s)")
            if focus_paid:
                add(-step * focus_paid, f"negated with {focus_paid} Focus")
    target_cover = cover or target_swimming
    if elevation != "same":
        if not melee:
            lines.append("High Ground changes only Melee Attack Rolls")
        elif elevation == "target_lower":
            add(modifier_row("Target within")["Modifier"], "High Ground (target lower, in Reach)")
        else:
            add(modifier_row("Target at a higher")["Modifier"], "target at a higher Elevation")
    auto_miss = False
    glancing = already_glancing
    if target_cover:
        why = "target in Cover" + (" (Swimming)" if target_swimming and not cover else "")
        if melee:
            add(modifier_row("Target in Cover")["Modifier"], why)
        elif already_glancing:
            auto_miss, glancing = True, False
            lines.append(f"{why}: a Ranged Attack already Glancing automatically Misses")
        else:
            glancing = True
            lines.append(f"{why}: the Ranged Attack is Glancing")
    if reaction:
        penalty = reaction_penalty(technique_speed, phase, reaction_direction)
        add(-penalty, f"Reaction: Speed {technique_speed} Technique in Phase {phase}")
    if other:
        add(other, "other modifiers")
    advantage, disadvantage = target_swimming, attacker_swimming
    mode = (
        "both"
        if advantage and disadvantage
        else "advantage"
        if advantage
        else "disadvantage"
        if disadvantage
        else "normal"
    )
    if attacker_swimming:
        lines.append("Attacker Swimming: Disadvantage")
    if target_swimming:
        lines.append("Target Swimming: Advantage on Attacks against it")
    lines.insert(0, f"Net modifier {_signed(total)}")
    return {
        "modifier": total,
        "mode": mode,
        "glancing": glancing,
        "auto_miss": auto_miss,
        "focus_cost": 0 if melee else focus_paid,
        "breakdown": lines,
    }


# -- Turn order ----------------------------------------------------------------------------
def _other(group: str) -> str:
    return GROUPS[1 - GROUPS.index(group)]


def compute_turn_order(first: str, **turns: int) -> dict[str, Any]:
    """Who acts when in Phases 1-6: groups alternate, the next Phase starts with the other.

    ``turns`` holds ``players_<n>`` and ``enemies_<n>``: the Turns each group takes
    in Phase n (missing ones are 0). The rulebook's example: a player acts last in
    Phase 2, so an enemy acts first in Phase 3.

    >>> r = compute_turn_order("players", players_2=2, enemies_2=1, players_3=1, enemies_3=1)
    >>> r["order"]["Phase 2"], r["order"]["Phase 3"], r["last"]
    ('Player, Enemy, Player', 'Enemy, Player', 'players')
    """
    label = {"players": "Player", "enemies": "Enemy"}
    lead = first
    order: dict[str, str] = {}
    breakdown = []
    last = None
    for phase in range(1, PHASES + 1):
        left = {g: turns.get(f"{g}_{phase}", 0) for g in GROUPS}
        name = f"Phase {phase}"
        if not sum(left.values()):
            order[name] = "no Turns"
            continue
        sequence = []
        current = lead
        while sum(left.values()):
            if not left[current]:
                current = _other(current)
            sequence.append(current)
            left[current] -= 1
            current = _other(current)
        order[name] = ", ".join(label[g] for g in sequence)
        why = (
            "the first Phase with Turns"
            if last is None
            else f"the {last} finished the last Phase with Turns"
        )
        opened = f"{name}: the {lead} are due to act first ({why})"
        if sequence[0] != lead:
            opened += f", but have no Turn, so the {sequence[0]} start"
        breakdown.append(opened + f"; the {sequence[-1]} act last")
        last = sequence[-1]
        lead = _other(last)
    return {"order": order, "last": last, "breakdown": breakdown}


# -- Vigor, Endurance and Health -----------------------------------------------------------
def compute_health(
    vigor: int, endurance: int, health: int, damage: int, carry_over: bool = CARRY_OVER
) -> dict[str, Any]:
    """Damage taken from Vigor, then Endurance, then Health.

    >>> r = compute_health(3, 5, 10, 10)
    >>> r["vigor_after"], r["endurance_after"], r["health_after"], r["winded"]
    (0, 0, 8, True)
    >>> compute_health(3, 5, 10, 10, carry_over=False)["health_after"]
    10
    """
    from_vigor = min(vigor, damage)
    rest = damage - from_vigor
    from_endurance = min(endurance, rest)
    rest -= from_endurance
    reaches_health = carry_over or endurance == 0
    from_health = min(health, rest) if reaches_health else 0
    rest -= from_health
    after = {
        "vigor_after": vigor - from_vigor,
        "endurance_after": endurance - from_endurance,
        "health_after": health - from_health,
    }
    breakdown = [
        f"Vigor {after['vigor_after']} = {vigor} \u2212 {from_vigor} (Vigor is lost first)",
        f"Endurance {after['endurance_after']} = {endurance} \u2212 {from_endurance}",
        f"Health {after['health_after']} = {health} \u2212 {from_health}",
    ]
    if rest:
        where = "Health is gone" if reaches_health else "it does not carry on to Health"
        breakdown.append(f"{rest} Damage not taken ({where})")
    winded = after["endurance_after"] == 0
    downed = after["health_after"] == 0
    if winded:
        breakdown.append("No Endurance: Winded")
    if downed:
        breakdown.append(
            "No Health: Downed"
            + (", and immediately loses one Condition" if health > 0 else " (already)")
        )
    return {**after, "winded": winded, "downed": downed, "breakdown": breakdown}


# -- declarations --------------------------------------------------------------------------
def _int(
    name: str, label: str, default: int, low: int, high: int, help_: str = "", **kw: Any
) -> Input:
    return Input(name, "int", label, default, min=low, max=high, help=help_, **kw)


def _bool(name: str, label: str, default: bool, help_: str = "", **kw: Any) -> Input:
    return Input(name, "bool", label, default, help=help_, **kw)


REGISTRY.add(
    Calculator(
        "shattered_spirits.attack",
        "Attack Roll",
        inputs=(
            Input(
                "mode",
                "choice",
                "Mode",
                "normal",
                choices=(*attack_modes(), "both"),
                help="Advantage keeps the highest two of 3d6, Disadvantage the lowest two; "
                "both: the Attack has Advantage and Disadvantage.",
            ),
            Input(
                "both_mode",
                "choice",
                "With both, roll as",
                _default(A_ONE_MODE),
                choices=attack_modes(),
                assumption=A_ONE_MODE,
                help="Only for mode both.",
            ),
            _int(
                "modifier",
                "Attack Roll modifier",
                0,
                -20,
                20,
                "Net change to the Attack Roll (Deflect, High Ground, Cover, Reactions...).",
            ),
            Input(
                "dice",
                "dice",
                "Dice rolled",
                None,
                max=6,
                optional=True,
                help="Faces rolled, e.g. 3,5 (or 2,5,6 with Advantage); empty for the exact odds.",
            ),
            Input(
                "profile",
                "text",
                "Profile Damage column",
                None,
                optional=True,
                help="Optional: the Damage of rows 2 to 12, e.g. 1,2,3,4,5,6,7,8,9,10,11.",
            ),
        ),
        outputs=(
            Output("roll", "Attack Roll", "int"),
            Output("row", "Profile row", "int", help="None on a miss."),
            Output("miss", "Misses", "bool"),
            Output("extra_damage", "Additional Damage", "int"),
            Output("negate_cost_increase", "Cost to Negate increases by", "int"),
            Output("p_miss", "Chance to miss (below 2)", "fraction"),
            Output("p_extreme", "Chance of above 12", "fraction"),
            Output("distribution", "Profile row", "distribution"),
            Output("damage", "Damage (before Glancing, Vulnerable, Guard)", "int"),
            Output("damage_distribution", "Damage from the Profile", "distribution"),
            Output("mean_damage", "Average Damage", "text"),
        ),
        compute=compute_attack,
        rule="shattered_spirits.making_attacks",
        assumptions=(A_MODIFIERS_TOTAL, A_ONE_MODE, A_EXTREME),
        rolls=True,
        help="Roll 2d6 (3d6 keeping two with Advantage or Disadvantage), add the modifiers "
        "and read the Profile row; below 2 misses, above 12 uses row 12 with extra effects.",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.damage",
        "Calculating Damage",
        inputs=(
            _int("base", "Base Damage", 7, 0, 500, "From the Profile row, Technique or Effect."),
            _int(
                "modifier",
                "Modifiers",
                _default(A_NET),
                -500,
                500,
                "Net modifiers from the Technique, Enhancements or Afflictions (step 2).",
                assumption=A_NET,
            ),
            _bool("glancing", "Glancing", False),
            _bool("vulnerable", "Vulnerable", False),
            _int("guard", "Guard", 0, 0, 500),
            _bool(
                "extreme",
                "Attack Roll above 12",
                False,
                "Deal an additional 2 Damage (if any).",
            ),
            _int(
                "glancing_divisor",
                "Glancing divides by",
                _default(A_GLANCING),
                1,
                10,
                "Rounded up.",
                assumption=A_GLANCING,
                group="Readings of the rules",
            ),
            _int(
                "vulnerable_factor",
                "Vulnerable multiplies by",
                _default(A_VULNERABLE),
                1,
                10,
                assumption=A_VULNERABLE,
                group="Readings of the rules",
            ),
            _int(
                "guard_minimum",
                "Guard lowers damage to no less than",
                _default(A_GUARD),
                0,
                10,
                assumption=A_GUARD,
                group="Readings of the rules",
            ),
            Input(
                "extreme_step",
                "choice",
                "Extra 2 Damage above 12 is added",
                _default(A_EXTREME),
                choices=("step_2", "after_guard"),
                assumption=A_EXTREME,
                help="step 2: with the modifiers; after guard: to the final result.",
                group="Readings of the rules",
            ),
        ),
        outputs=(
            Output("damage", "Damage dealt", "int"),
            Output("steps", "Steps", "list"),
        ),
        compute=compute_damage,
        rule="shattered_spirits.damage_order_table",
        assumptions=(A_NET, A_GLANCING, A_VULNERABLE, A_GUARD, A_EXTREME),
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.attack_modifiers",
        "Attack Roll modifiers",
        inputs=(
            Input("attack_range", "choice", "Attack", "melee", choices=("melee", "ranged")),
            _int("deflect", "Deflects used against it", 0, 0, 10),
            _int("adjacent_hostiles", "Hostile creatures adjacent to the attacker", 0, 0, 8),
            _int("focus_paid", "Focus paid to negate that penalty", 0, 0, 8, "Ranged only."),
            Input(
                "elevation",
                "choice",
                "Target's Elevation",
                "same",
                choices=("same", "target_lower", "target_higher"),
                help="target lower: and within the attacker's Reach (Melee only).",
            ),
            _bool("cover", "Target in Cover", False),
            _bool("already_glancing", "Already Glancing", False, "For another reason."),
            _bool("attacker_swimming", "Attacker Swimming", False),
            _bool("target_swimming", "Target Swimming", False),
            _bool("reaction", "Used through a Reaction", False, group="Reaction"),
            _int("technique_speed", "Technique's Speed", 3, 1, PHASES, group="Reaction"),
            _int("phase", "Current Phase", 3, 1, PHASES, group="Reaction"),
            Input(
                "reaction_direction",
                "choice",
                "Penalty counts",
                _default(A_REACTION),
                choices=("absolute", "early_only"),
                assumption=A_REACTION,
                help="absolute: either way; early only: only in a Phase before its Speed.",
                group="Reaction",
            ),
            _int("other", "Other modifiers", 0, -20, 20),
        ),
        outputs=(
            Output("modifier", "Net Attack Roll modifier", "int"),
            Output("mode", "Mode", "text"),
            Output("glancing", "Glancing", "bool"),
            Output("auto_miss", "Automatically misses", "bool"),
            Output("focus_cost", "Focus paid", "int"),
        ),
        compute=compute_attack_modifiers,
        rule=MODIFIERS_TABLE,
        assumptions=(A_MODIFIERS_TOTAL, A_REACTION),
        help="Add up the Attack Roll modifiers of the chapter; use the result as the "
        "Attack Roll calculator's modifier and mode.",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.range",
        "Measuring range",
        inputs=(
            _int("dx", "Horizontal difference", 3, -1000, 1000, unit="spaces"),
            _int("dy", "Vertical difference", 1, -1000, 1000, unit="spaces"),
        ),
        outputs=(Output("range", "Range", "int", unit="spaces"),),
        compute=compute_range,
        rule="shattered_spirits.range_formula",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.climb",
        "Climbing cost",
        inputs=(_int("elevation", "Elevation climbed", 1, 1, 50),),
        outputs=(Output("movement", "Movement expended", "int", unit="spaces"),),
        compute=compute_climb,
        rule="shattered_spirits.climb_movement",
        assumptions=(A_FALL_DIRECTION,),
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.fall",
        "Falling",
        inputs=(
            _int("elevation", "Elevation dropped", 3, 1, 50),
            _bool("paid", "Reflex paid", False),
            _bool(
                "free_one_level",
                "Paying 0 Reflex counts as paying",
                _default(A_FALL_ONE),
                "A 1-Elevation drop costs 0 Reflex.",
                assumption=A_FALL_ONE,
            ),
            _bool(
                "prone_only_unpaid",
                "Prone only when the Crush Damage is taken",
                _default(A_FALL_PRONE),
                "No: Prone whenever the drop would deal 6 or more.",
                assumption=A_FALL_PRONE,
            ),
        ),
        outputs=(
            Output("reflex_cost", "Reflex to pay", "int"),
            Output("crush_damage", "Crush Damage taken", "int"),
            Output("prone", "Falls Prone", "bool"),
        ),
        compute=compute_fall,
        rule="shattered_spirits.fall_prone",
        assumptions=(A_FALL_DIRECTION, A_FALL_ONE, A_FALL_PRONE),
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.movement",
        "Movement budget",
        inputs=(
            _int("movement", "Movement", 4, 0, 100, unit="spaces"),
            _int("spaces", "Ordinary spaces entered", 2, 0, 100),
            _int("swim_spaces", "Spaces of deep water entered", 1, 0, 100, "Cost twice as much."),
            Input(
                "climbs",
                "text",
                "Climbs (Elevation of each)",
                None,
                optional=True,
                help="e.g. 1,2 for a climb of 1 and one of 2; empty for none.",
            ),
        ),
        outputs=(
            Output("cost", "Movement spent", "int", unit="spaces"),
            Output("remaining", "Movement left", "int", unit="spaces"),
            Output("enough", "Enough Movement", "bool"),
        ),
        compute=compute_movement,
        rule="shattered_spirits.movement_section",
        assumptions=(A_FALL_DIRECTION,),
    )
)


def _turn_inputs() -> tuple[Input, ...]:
    defaults = {"players_2": 2, "enemies_2": 1, "players_3": 1, "enemies_3": 1}
    return tuple(
        _int(
            f"{group}_{phase}",
            f"{group.capitalize()}' Turns",
            defaults.get(f"{group}_{phase}", 0),
            0,
            20,
            group=f"Phase {phase}",
        )
        for phase in range(1, PHASES + 1)
        for group in GROUPS
    )


REGISTRY.add(
    Calculator(
        "shattered_spirits.turn_order",
        "Turn order in the Phases",
        inputs=(
            Input(
                "first",
                "choice",
                "First to act",
                "players",
                choices=GROUPS,
                help="In the first Phase with Turns; players in the first Round of combat.",
            ),
            *_turn_inputs(),
        ),
        outputs=(
            Output("order", "Turns in each Phase", "map"),
            Output("last", "Last to act", "text"),
        ),
        compute=compute_turn_order,
        rule="shattered_spirits.rounds",
        assumptions=(A_TURN_FIRST, A_TURN_LEFTOVER),
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.health",
        "Losing Vigor, Endurance and Health",
        inputs=(
            _int("vigor", "Vigor", 0, 0, 1000),
            _int("endurance", "Endurance", 10, 0, 1000),
            _int("health", "Health", 10, 0, 1000),
            _int("damage", "Damage taken", 4, 0, 1000),
            _bool(
                "carry_over",
                "Damage left over after Endurance goes on to Health",
                _default(A_POOLS),
                assumption=A_POOLS,
            ),
        ),
        outputs=(
            Output("vigor_after", "Vigor", "int"),
            Output("endurance_after", "Endurance", "int"),
            Output("health_after", "Health", "int"),
            Output("winded", "Winded", "bool"),
            Output("downed", "Downed", "bool"),
        ),
        compute=compute_health,
        rule="shattered_spirits.vigor",
        assumptions=(A_POOLS,),
    )
)
