"""Space Shard (seed ``001_…``): dice-pool attacks, initiative, cover, charge and more.

An attack rolls a dice pool (DP) whose size the attack's formula gives; each
success causes 1 point of damage, up to the attack's Max DMG. The rulebook
never says which die a pool uses or what counts as a success, so both are
assumptions (``space_shard.dp_die``, ``space_shard.dp_success_threshold``)
exposed as inputs, like every other gap the rules leave. The formulas are
implemented here, never evaluated from the data's ``expression`` text; the
tables (cover, fire from concealment) and assumption defaults are read from
``rules_data/space_shard/`` through :mod:`calculators.data`.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import data
from .declare import Calculator, Input, Output
from .dice import Dist, count_at_least, fraction_str, roll_dice
from .errors import InputError
from .registry import REGISTRY

MINUS = "\u2212"

# -- the rule constants, each stated plainly in one sentence of the rulebook ----------------
INITIATIVE_DIE = 10
"""'This is done by rolling a 1d10+( Character's Initative).'"""
REQUIREMENT_DP_PER_POINT = 2
"""'each point below the required value is "-2DP Machinary Bonus"' (blades); 'for each point
your below your STR, you suffer a "-2 DP Machinary Penalty"' (throwing weapons)."""
DISTANCE_DP_PER_UNIT = 2
"""'For every 1x the weapon's range unit that the target's distance exceeds, the Attack Check
suffers a -2 DP penalty.'"""
BOW_MAX_UNITS = 8
"""'The maximum distance for a bow attack is 8 times the bow's range unit.'"""
GUN_MAX_UNITS = 5
"""'The maximum distance for a gun/crossbow attack is 5 times the gun/crossbow's range unit.'"""
HIGH_SPEED_METERS = 5
"""'If the target being shot at is within 5 meters, they can ignore the "High Speed"
Inscription.'"""
AIM_MAX_UNITS = 3
"""'You can only aim at enemies within a maximum of 3 range units'."""
AIM_MAX_ROUNDS = 5
"""'You may Aim for multiple rounds up to 5 times.'"""
AIM_DP = 1
AIM_MAX_DMG = 1
"""'you gain +1DP Aiming Bonus and 1 point higher on Max DMG'."""
COVER_BASE = 4
COVER_MAX = 8
"""'You are in "Covered defense" equal to (Covering object size - your size + 4) with maximum
of 8.'"""
FULLY_COVERED_FACTOR = 2
"""'If the size of covering object is twice your size, you are considered "Fully Covered".'"""
REACH_BORN_DIVISOR = 2
REACH_MIN = 1
REACH_BLADE_DIVISOR = 3
"""'Base "Reach" : Born Weapon Size/2 (minimum 1) + Blade Weapon Size/3'."""
FIST_DIVISOR = 5
"""'Size of your Fist, Feat, Claws is your Size/5.'"""
TAIL_DIVISOR = 3
"""'Size of your tail is your Size/3.'"""
FULL_FORCE_DIVISOR = 2
"""'you gain "Reinforcement Bonus" equal to your STR/2, capped at your Base Defense Value.'"""
TURN_ACTIONS = ("standard", "movement", "swift")
"""'On your turn, you get 1 of each action of the following: a Swift Action, a Movement
Action, a Standard Action, and Unlimited amount of Free Action.' Listed from the highest, as in
'(Whole-Round Actions > Full-turn Actions > Standard Actions > Movement Action > Swift
Action)'."""

# -- assumptions (rules_data/space_shard/) -------------------------------------------------
A_DIE = "space_shard.dp_die"
A_THRESHOLD = "space_shard.dp_success_threshold"
A_EMPTY = "space_shard.dp_empty_pool"
A_CAP = "space_shard.damage_capped_by_max_dmg"
A_ROUND = "space_shard.fractions_round_down"
A_LIMIT = "space_shard.requirement_shortfall_limit"
A_SCOPE = "space_shard.requirement_penalty_scope"
A_REINFORCE = "space_shard.reinforcement_bonus_is_dp"
A_METERS = "space_shard.charge_whole_meters"
A_STEPS = "space_shard.distance_penalty_steps"
A_EXTRA = "space_shard.throwing_extra_distance_penalty_once"
A_SPELL = "space_shard.spell_no_distance_penalty"
A_AIM = "space_shard.aiming_adds_up"
A_COVER_MIN = "space_shard.covered_defense_minimum"
A_TWICE = "space_shard.fully_covered_at_least_twice"
A_ORDER = "space_shard.initiative_highest_first"
A_DOWNGRADE = "space_shard.downgrade_any_lower"
A_SURPRISE = "space_shard.surprise_round_one_action"

ROUNDING_CHOICES = ("down", "up")
SCOPE_CHOICES = ("all weapons", "blades and throwing weapons")
REINFORCE_CHOICES = ("dp", "dp and max dmg")
STEPS_CHOICES = ("any part counts", "whole units only")
SPELL_CHOICES = ("no penalty", "distance penalty")
AIM_CHOICES = ("per round", "once")
TWICE_CHOICES = ("at least twice", "exactly twice")
ORDER_CHOICES = ("highest first", "lowest first")
DOWNGRADE_CHOICES = ("any lower action", "next lower action")
SURPRISE_CHOICES = ("one action", "one of each")
CHARGE_ABILITY_CHOICES = ("none", "strength cap only", "no charge penalty")
"""The two special abilities of 'When Charging' (特殊): a charge limited only by Strength, and
a charge without the charge penalty."""
DEFENSIVE_ACTIONS = ("full defense", "guarding with brawl", "guarding with blade")


# -- small helpers ---------------------------------------------------------------------------
def signed(n: int) -> str:
    """``n`` with a typographic minus when negative, as the breakdowns print numbers.

    >>> signed(-3), signed(0), signed(2)
    ('−3', '0', '2')
    """
    return f"{MINUS}{-n}" if n < 0 else str(n)


def term(n: int, label: str) -> str:
    """`` + 3 label`` or `` − 3 label``: one term of a breakdown sum.

    >>> term(2, "STR") + term(-1, "modifier")
    ' + 2 STR − 1 modifier'
    """
    return f" {MINUS} {-n} {label}" if n < 0 else f" + {n} {label}"


def less(n: int, label: str) -> str:
    """`` − 3 label``: a term the rules subtract, shown even when it is 0.

    >>> less(4, "Distance Penalty"), less(0, "Target Defense")
    (' − 4 Distance Penalty', ' − 0 Target Defense')
    """
    return f" {MINUS} {n} {label}"


def divide(n: int, d: int, rounding: str) -> int:
    """``n / d`` as a whole number, rounded ``down`` or ``up`` (``fractions_round_down``).

    >>> divide(7, 2, "down"), divide(7, 2, "up"), divide(6, 3, "up")
    (3, 4, 2)
    """
    return -(-n // d) if rounding == "up" else n // d


def mean_text(dist: Dist) -> str:
    """The mean of ``dist`` as ``"n/d"`` with a decimal, e.g. ``"21/10 (2.1)"``.

    >>> mean_text(Dist.die(4))
    '5/2 (2.5)'
    """
    mean = dist.mean()
    return f"{fraction_str(mean)} ({float(mean):.3g})"


def _default(assumption: str) -> Any:
    return data.assumption_default(assumption)


def _formula_name(entry_id: str) -> str:
    return str(data.entry(entry_id)["name"])


# -- the dice pool ---------------------------------------------------------------------------
def pool_dice(dp: int, empty_pool_dice: int) -> int:
    """Dice rolled for a DP: the DP itself, or ``empty_pool_dice`` when it is 0 or less.

    ``empty_pool_dice`` carries assumption ``space_shard.dp_empty_pool`` (default 0: a DP of
    0 or less rolls no dice).

    >>> pool_dice(5, 0), pool_dice(-2, 0), pool_dice(0, 1)
    (5, 0, 1)
    """
    return dp if dp > 0 else empty_pool_dice


def damage_dist(successes: Dist, max_dmg: int, cap: bool = True) -> Dist:
    """Damage from a number of successes: 1 point each, at most ``max_dmg`` when ``cap``.

    ``cap`` carries assumption ``space_shard.damage_capped_by_max_dmg``.

    >>> damage_dist(count_at_least(3, 10, 8), 1).to_pairs()
    [[0, '343/1000'], [1, '657/1000']]
    >>> damage_dist(count_at_least(2, 10, 8), 1, cap=False) == count_at_least(2, 10, 8)
    True
    """
    if not cap:
        return successes
    top = max(max_dmg, 0)
    return successes.map(lambda s: min(s, top))


def count_successes(faces: list[int], threshold: int) -> int:
    """How many of the given faces show ``threshold`` or more.

    >>> count_successes([3, 8, 10, 7], 8)
    2
    """
    return sum(1 for face in faces if face >= threshold)


def check_pool_die(die: int, threshold: int) -> None:
    """Refuse a success threshold no die of the pool can reach.

    >>> check_pool_die(10, 11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dp_success_threshold: The success threshold (11) must be ...
    """
    if threshold > die:
        raise InputError(
            "dp_success_threshold",
            f"The success threshold ({threshold}) must be at most the number of sides of the "
            f"pool's die ({die}).",
        )


def resolve_pool(
    n: int, die: int, dice: list[int] | None, seed: int | None
) -> tuple[list[int] | None, bool]:
    """The faces of the pool: the given ``dice`` (checked), a seeded roll, or ``None``.

    Returns the faces and whether they were rolled here.

    >>> resolve_pool(3, 10, [8, 2, 10], None)
    ([8, 2, 10], False)
    >>> faces, rolled = resolve_pool(4, 10, None, 7)
    >>> len(faces), rolled
    (4, True)
    >>> resolve_pool(2, 10, [1, 2, 3], None)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dice: This pool rolls 2 dice; 3 were given.
    """
    if dice is not None:
        if len(dice) != n:
            rolls = "no dice" if n == 0 else f"{n} {'die' if n == 1 else 'dice'}"
            raise InputError(
                "dice",
                f"This pool rolls {rolls}; {len(dice)} {'was' if len(dice) == 1 else 'were'} "
                "given.",
            )
        for face in dice:
            if face > die:
                raise InputError(
                    "dice", f"Each die must be from 1 to {die} (the pool's die); got {face}."
                )
        return dice, False
    if seed is not None:
        return roll_dice(n, die, random.Random(seed)), True
    return None, False


# -- attacks ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class AttackType:
    """One kind of attack: which stat and skill its DP uses and where its formulas are.

    >>> ATTACKS["bow"].skill, ATTACKS["bow"].ranged
    ('Athletics', True)
    """

    name: str
    dp_stat: str
    skill: str
    dp_formula: str
    max_formula: str
    ranged: bool
    stated_requirement: bool
    """Whether the rulebook states the requirement penalty for this attack itself."""


ATTACKS: dict[str, AttackType] = {
    "barehand": AttackType(
        "Barehand Attack", "STR", "Brawl", "space_shard.barehand_dp",
        "space_shard.barehand_max_dmg", False, False,
    ),
    "bladed": AttackType(
        "Bladed Attack", "STR", "Blade", "space_shard.bladed_dp",
        "space_shard.bladed_max_dmg", False, True,
    ),
    "throwing": AttackType(
        "Throwing weapon", "DEX", "Athletics", "space_shard.throwing_dp",
        "space_shard.throwing_max_dmg", True, True,
    ),
    "heavy_throwing": AttackType(
        "Heavy throwing weapon", "STR", "Athletics", "space_shard.heavy_throwing_dp",
        "space_shard.throwing_max_dmg", True, True,
    ),
    "bow": AttackType(
        "Bow", "DEX", "Athletics", "space_shard.bow_dp", "space_shard.bow_max_dmg", True, False,
    ),
    "gun": AttackType(
        "Gun / Crossbow", "DEX", "Firearms", "space_shard.gun_dp", "space_shard.gun_max_dmg",
        True, False,
    ),
    "spell": AttackType(
        "Spellcasting", "INT", "Occult", "space_shard.spell_dp",
        "space_shard.spell_max_successes", False, False,
    ),
}  # fmt: skip
"""The attack types of Ranged and Melee Attacks, by the ``attack`` input's choice."""


def max_damage(
    attack: str, strength: int, intellect: int, skill: int, weapon_damage: int, bow_req: int
) -> tuple[int, str]:
    """An attack's Max DMG and how it is worked out (formulas ``space_shard.*_max_dmg``).

    >>> max_damage("bladed", 3, 0, 2, 4, 0)
    (9, 'Max DMG 9 = 3 STR + 2 Blade + 4 weapon damage')
    >>> max_damage("bow", 0, 0, 2, 3, 4)[0], max_damage("gun", 0, 0, 2, 3, 0)[0]
    (12, 8)
    >>> max_damage("spell", 0, 4, 3, 2, 0)[0]
    9
    """
    kind = ATTACKS[attack]
    if attack == "bow":
        total = weapon_damage * 2 + skill + bow_req
        text = (
            f"{weapon_damage} weapon damage × 2 + {skill} {kind.skill} + {bow_req} bow's STR "
            "requirement"
        )
    elif attack == "gun":
        total = weapon_damage * 2 + skill
        text = f"{weapon_damage} weapon damage × 2 + {skill} {kind.skill}"
    elif attack == "spell":
        total = intellect + skill + weapon_damage
        text = f"{intellect} INT + {skill} {kind.skill} + {weapon_damage} spell power"
    else:  # barehand, bladed and every throwing weapon: STR + skill + weapon damage
        total = strength + skill + weapon_damage
        text = f"{strength} STR + {skill} {kind.skill} + {weapon_damage} weapon damage"
    return total, f"Max DMG {total} = {text}"


def distance_steps(distance: int, range_unit: int, steps: str) -> int:
    """Range units beyond the first that ``distance`` exceeds (``distance_penalty_steps``).

    ``any part counts`` (default): ⌈distance ÷ range unit⌉ − 1; ``whole units only``:
    ⌊distance ÷ range unit⌋ − 1; never below 0.

    >>> [distance_steps(d, 10, "any part counts") for d in (0, 10, 11, 20, 21)]
    [0, 0, 1, 1, 2]
    >>> [distance_steps(d, 10, "whole units only") for d in (0, 10, 11, 20, 21)]
    [0, 0, 0, 1, 1]
    """
    units = -(-distance // range_unit) if steps == STEPS_CHOICES[0] else distance // range_unit
    return max(0, units - 1)


def cover_fire_rows() -> dict[str, dict[str, Any]]:
    """Rows of the fire-from-concealment table by lower-case coverage name.

    >>> cover_fire_rows()["half cover"]["DP"]
    -2
    """
    return {
        str(row["Coverage"]).lower(): row
        for row in data.table("space_shard.concealment_penalty_table")
    }


def attack_odds(
    attack: str = "bladed",
    strength: int = 3,
    dexterity: int = 3,
    intellect: int = 3,
    skill: int = 2,
    weapon_damage: int = 2,
    target_defense: int = 2,
    single_target: bool = True,
    distance: int = 0,
    range_unit: int = 10,
    shortfall: int = 0,
    bow_str_requirement: int = 0,
    modifier: int = 0,
    aim_rounds: int = 0,
    firing_from_cover: str = "none",
    dice: list[int] | None = None,
    seed: int | None = None,
    dp_die: int = 10,
    dp_success_threshold: int = 8,
    empty_pool_dice: int = 0,
    cap_damage: bool = True,
    unusable_shortfall: int = 3,
    requirement_scope: str = SCOPE_CHOICES[0],
    distance_rule: str = STEPS_CHOICES[0],
    extra_throwing_penalty: int = 0,
    spell_distance: str = SPELL_CHOICES[0],
    aiming: str = AIM_CHOICES[0],
) -> dict[str, Any]:
    """DP, Max DMG and the exact distribution of successes and damage of one attack.

    The keyword arguments after ``seed`` carry the assumptions of
    ``rules_data/space_shard/``; their defaults are the assumptions' defaults.

    A bladed attack, STR 3 + Blade 2 + weapon 2 against Defense 2, rolls 5 d10s:

    >>> r = attack_odds("bladed", strength=3, skill=2, weapon_damage=2, target_defense=2)
    >>> r["dp"], r["max_dmg"], r["usable"]
    (5, 7, True)
    >>> r["distribution"][:2]
    [[0, '16807/100000'], [1, '7203/20000']]

    A bow shot at 25 m with a 10 m range unit is 2 range units beyond the first (−4 DP):

    >>> r = attack_odds("bow", dexterity=4, skill=3, weapon_damage=2, target_defense=1,
    ...                 distance=25, range_unit=10)
    >>> r["distance_penalty"], r["dp"], r["max_distance"]
    (4, 4, 80)
    >>> attack_odds("bladed", dice=[8, 9, 1, 2, 10])["damage"]
    3
    """
    kind = ATTACKS[attack]
    check_pool_die(dp_die, dp_success_threshold)
    stats = {"STR": strength, "DEX": dexterity, "INT": intellect}
    problems: list[str] = []
    notes: list[str] = []

    max_dmg, max_text = max_damage(
        attack, strength, intellect, skill, weapon_damage, bow_str_requirement
    )
    power = "spell power" if attack == "spell" else "weapon damage"
    dp = stats[kind.dp_stat] + skill + weapon_damage
    dp_text = (
        f"{stats[kind.dp_stat]} {kind.dp_stat}{term(skill, kind.skill)}{term(weapon_damage, power)}"
    )
    if single_target:
        dp -= target_defense
        dp_text += less(target_defense, "Target Defense")
    else:
        notes.append("Not a single target: Target Defense is not deducted.")

    # Distance: ranged weapons always, spells only under the "distance penalty" reading.
    penalised = kind.ranged or (attack == "spell" and spell_distance == SPELL_CHOICES[1])
    steps = distance_steps(distance, range_unit, distance_rule) if penalised else 0
    penalty = DISTANCE_DP_PER_UNIT * steps
    if penalised:
        dp -= penalty
        dp_text += less(penalty, "Distance Penalty")
        notes.append(
            f"Distance Penalty {penalty} = {DISTANCE_DP_PER_UNIT} × {steps} range unit"
            f"{'' if steps == 1 else 's'} exceeded ({distance} m, range unit {range_unit} m)"
        )
    if attack in ("throwing", "heavy_throwing") and extra_throwing_penalty:
        extra = extra_throwing_penalty * steps
        dp -= extra
        dp_text += less(extra, "extra throwing distance penalty")
    max_distance: int | None = None
    if attack in ("throwing", "heavy_throwing"):
        max_distance = range_unit * strength
        notes.append(
            f"Maximum throwing distance {max_distance} m = {range_unit} m × {strength} STR"
        )
    elif attack == "bow":
        max_distance = BOW_MAX_UNITS * range_unit
        notes.append(f"Maximum bow distance {max_distance} m = {BOW_MAX_UNITS} × {range_unit} m")
    elif attack == "gun":
        max_distance = GUN_MAX_UNITS * range_unit
        notes.append(
            f"Maximum gun/crossbow distance {max_distance} m = {GUN_MAX_UNITS} × {range_unit} m"
        )
        if distance <= HIGH_SPEED_METERS:
            notes.append(
                f"The target is within {HIGH_SPEED_METERS} m: it can ignore the High Speed "
                "Inscription."
            )
        else:
            notes.append("The attack has the High Speed Inscription.")
    if max_distance is not None and distance > max_distance:
        problems.append(
            f"The target is {distance} m away, beyond the maximum distance of {max_distance} m."
        )

    # Weapon requirement (Machinary Penalty).
    applies = attack != "spell" and (
        requirement_scope == SCOPE_CHOICES[0] or kind.stated_requirement
    )
    if shortfall and applies:
        loss = REQUIREMENT_DP_PER_POINT * shortfall
        dp -= loss
        dp_text += less(loss, "Machinary Penalty")
        if shortfall >= unusable_shortfall:
            problems.append(
                f"The weapon's requirement is missed by {shortfall} points; at "
                f"{unusable_shortfall} or more you cannot use it."
            )
    elif shortfall:
        notes.append(f"No requirement penalty for a {kind.name} under this reading.")

    # Aiming.
    if aim_rounds:
        if not (kind.ranged or attack == "spell"):
            raise InputError(
                "aim_rounds", "Aiming is a rule of ranged attacks; a melee attack cannot aim."
            )
        if kind.ranged and distance > AIM_MAX_UNITS * range_unit:
            raise InputError(
                "aim_rounds",
                f"You can only aim at enemies within {AIM_MAX_UNITS} range units "
                f"({AIM_MAX_UNITS * range_unit} m); this target is {distance} m away.",
            )
        if attack == "spell":
            notes.append(
                f"Aiming: the target must be within {AIM_MAX_UNITS} range units of the spell's "
                "own range."
            )
        times = aim_rounds if aiming == AIM_CHOICES[0] else 1
        dp += AIM_DP * times
        max_dmg += AIM_MAX_DMG * times
        dp_text += term(AIM_DP * times, "Aiming Bonus")
        max_text += term(AIM_MAX_DMG * times, "Aiming")
        max_text = f"Max DMG {max_dmg} = " + max_text.partition(" = ")[2]

    # Firing from behind cover.
    if firing_from_cover != "none":
        if not kind.ranged:
            raise InputError(
                "firing_from_cover",
                "Attacking from behind cover is a rule of ranged weapon attacks; for a spell, "
                "add the penalty as a modifier if its description makes it a ranged attack.",
            )
        row = cover_fire_rows()[firing_from_cover]
        if isinstance(row["DP"], int):
            dp += row["DP"]
            dp_text += term(row["DP"], "Environment Penalty")
        else:
            problems.append(f"{row['Coverage']}: {row['Penalty']}")

    if modifier:
        dp_text += term(modifier, "modifiers")
    dp += modifier

    usable = not problems
    n = pool_dice(dp, empty_pool_dice)
    successes = count_at_least(n, dp_die, dp_success_threshold)
    damage = damage_dist(successes, max_dmg, cap_damage) if usable else Dist.constant(0)
    faces, rolled = resolve_pool(n, dp_die, dice, seed)

    name = _formula_name(kind.dp_formula)
    breakdown = [
        f"{name}: DP {signed(dp)} = {dp_text}",
        f"{_formula_name(kind.max_formula)}: {max_text}",
        f"Roll {n} d{dp_die}; each die showing {dp_success_threshold} or more is a success, "
        f"1 point of damage each"
        + (f", at most Max DMG {max_dmg}" if cap_damage else " (not capped by Max DMG)"),
        *notes,
    ]
    if dp <= 0:
        breakdown.append(f"A DP of {signed(dp)} rolls {n} {'die' if n == 1 else 'dice'}.")
    result: dict[str, Any] = {
        "dp": dp,
        "dice": n,
        "max_dmg": max_dmg,
        "usable": usable,
        "distance_penalty": penalty,
        "max_distance": max_distance,
        "p_damage": fraction_str(damage.p_ge(1)),
        "mean_damage": mean_text(damage),
        "distribution": damage.to_pairs(),
        "successes_distribution": successes.to_pairs(),
        "problems": problems,
        "rolled": faces if rolled else None,
        "successes": None,
        "damage": None,
        "breakdown": breakdown,
    }
    if faces is not None:
        hits = count_successes(faces, dp_success_threshold)
        dealt = (min(hits, max(max_dmg, 0)) if cap_damage else hits) if usable else 0
        result["successes"] = hits
        result["damage"] = dealt
        breakdown.append(
            f"Dice {', '.join(map(str, faces)) or '(none)'}: {hits} success"
            f"{'' if hits == 1 else 'es'} → {dealt} damage"
        )
    return result


def _compute_attack(**values: Any) -> dict[str, Any]:
    """Map the contract's input names (``str``, ``dex``, ``int``) onto :func:`attack_odds`.

    >>> _compute_attack(**{"str": 3, "dex": 0, "int": 0})["dp"]
    5
    """
    renamed = {"str": "strength", "dex": "dexterity", "int": "intellect"}
    return attack_odds(**{renamed.get(k, k): v for k, v in values.items()})


# -- initiative ------------------------------------------------------------------------------
def initiative_roll(
    initiative: int = 0, dice: list[int] | None = None, seed: int | None = None
) -> dict[str, Any]:
    """1d10 + Initiative: the exact distribution, or the total of a given or seeded die.

    >>> r = initiative_roll(3)
    >>> r["distribution"][0], r["distribution"][-1]
    ([4, '1/10'], [13, '1/10'])
    >>> initiative_roll(3, dice=[7])["total"]
    10
    """
    dist = Dist.die(INITIATIVE_DIE) + initiative
    faces, rolled = _initiative_faces(dice, 1, seed)
    total = faces[0] + initiative if faces else None
    breakdown = [f"Initiative = 1d{INITIATIVE_DIE} + {signed(initiative)} (not a check)"]
    if faces:
        breakdown.append(f"Rolled {faces[0]}: {faces[0]} + {signed(initiative)} = {total}")
    return {
        "distribution": dist.to_pairs(),
        "mean": mean_text(dist),
        "total": total,
        "rolled": faces if rolled else None,
        "breakdown": breakdown,
    }


def _initiative_faces(
    dice: list[int] | None, count: int, seed: int | None
) -> tuple[list[int] | None, bool]:
    """Given d10 faces (exactly ``count``), a seeded roll, or ``None``."""
    if dice is not None:
        if len(dice) != count:
            what = "one d10" if count == 1 else f"{count} d10s (yours first)"
            raise InputError("dice", f"Give {what}; got {len(dice)}.")
        return dice, False
    if seed is not None:
        return roll_dice(count, INITIATIVE_DIE, random.Random(seed)), True
    return None, False


def initiative_order(
    initiative: int = 0,
    opponent_initiative: int = 0,
    dice: list[int] | None = None,
    seed: int | None = None,
    order: str = ORDER_CHOICES[0],
) -> dict[str, Any]:
    """Chances that you act before or after an opponent, and of a tie (not broken here).

    ``order`` carries assumption ``space_shard.initiative_highest_first``.

    >>> r = initiative_order(2, 0)
    >>> r["p_first"], r["p_tie"], r["p_second"]
    ('16/25', '2/25', '7/25')
    >>> initiative_order(0, 0, dice=[9, 4])["result"]["first"]
    'you'
    """
    margin = (Dist.die(INITIATIVE_DIE) + initiative) - (
        Dist.die(INITIATIVE_DIE) + opponent_initiative
    )
    highest = order == ORDER_CHOICES[0]
    p_first = margin.p_gt(0) if highest else margin.p_lt(0)
    p_second = margin.p_lt(0) if highest else margin.p_gt(0)
    faces, rolled = _initiative_faces(dice, 2, seed)
    result = None
    if faces:
        yours, theirs = faces[0] + initiative, faces[1] + opponent_initiative
        if yours == theirs:
            first = "tie"
        else:
            first = "you" if (yours > theirs) == highest else "opponent"
        result = {"yours": yours, "opponent": theirs, "first": first}
    return {
        "p_first": fraction_str(p_first),
        "p_tie": fraction_str(margin.p_eq(0)),
        "p_second": fraction_str(p_second),
        "distribution": margin.to_pairs(),
        "result": result,
        "rolled": faces if rolled else None,
        "breakdown": [
            f"You: 1d{INITIATIVE_DIE} + {signed(initiative)}; opponent: 1d{INITIATIVE_DIE} + "
            f"{signed(opponent_initiative)}",
            f"Order: {order}; the rulebook does not say how a tie is broken, so ties are shown "
            "apart",
        ],
    }


# -- cover -----------------------------------------------------------------------------------
def cover_rows() -> dict[str, dict[str, Any]]:
    """Rows of the amount-of-coverage table by lower-case name.

    >>> cover_rows()["heavy cover"]["Covering Defense"]
    8
    """
    return {
        str(row["Amount of coverage"]).lower(): row for row in data.table("space_shard.cover_table")
    }


def cover_defense(
    object_size: int = 6,
    your_size: int = 4,
    coverage: str = "by size",
    minimum: int = 0,
    fully_when: str = TWICE_CHOICES[0],
) -> dict[str, Any]:
    """Covered defense and Fully Covered, from sizes or from the amount-of-coverage table.

    ``minimum`` carries assumption ``space_shard.covered_defense_minimum``, ``fully_when``
    ``space_shard.fully_covered_at_least_twice``.

    >>> r = cover_defense(6, 4)
    >>> r["covered_defense"], r["fully_covered"]
    (6, False)
    >>> cover_defense(10, 4)["covered_defense"], cover_defense(8, 4)["fully_covered"]
    (8, True)
    >>> cover_defense(coverage="half cover")["covered_defense"]
    4
    """
    if coverage != "by size":
        row = cover_rows()[coverage]
        value = row["Covering Defense"]
        full = not isinstance(value, int)
        return {
            "covered_defense": value if isinstance(value, int) else None,
            "fully_covered": full,
            "breakdown": [f"{row['Amount of coverage']}: {row['Point']} (e.g. {row['Example']})"],
        }
    raw = object_size - your_size + COVER_BASE
    value = min(COVER_MAX, max(minimum, raw))
    if fully_when == TWICE_CHOICES[0]:
        full = object_size >= FULLY_COVERED_FACTOR * your_size
    else:
        full = object_size == FULLY_COVERED_FACTOR * your_size
    breakdown = [
        f"Covered defense {value} = {object_size} object size − {your_size} your size + "
        f"{COVER_BASE} = {raw}, at most {COVER_MAX}, at least {minimum}",
        f"Fully Covered: object size {object_size} is "
        f"{'' if full else 'not '}{'at least' if fully_when == TWICE_CHOICES[0] else 'exactly'} "
        f"twice your size ({FULLY_COVERED_FACTOR * your_size})",
    ]
    return {"covered_defense": value, "fully_covered": full, "breakdown": breakdown}


# -- melee bonuses ---------------------------------------------------------------------------
def parse_meters(raw: str, field: str = "distance") -> Fraction:
    """A distance in meters from text such as ``"4"``, ``"4.5"`` or ``"4,5"``.

    >>> parse_meters("4.5"), parse_meters(" 3 ")
    (Fraction(9, 2), Fraction(3, 1))
    >>> parse_meters("far")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: distance: The distance must be a number of meters, ...
    """
    text = raw.strip().replace(",", ".").removesuffix("m").strip()
    try:
        if not text or not all(c.isdigit() or c == "." for c in text) or text.count(".") > 1:
            raise ValueError(text)
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(
            field, f"The distance must be a number of meters, e.g. 4 or 4.5; got {raw!r}."
        ) from None
    if value > 10_000:
        raise InputError(field, "The distance must be at most 10000 m.")
    return value


def meters_text(value: Fraction) -> str:
    """A distance for the breakdown: ``4`` or ``4.5``.

    >>> meters_text(Fraction(9, 2)), meters_text(Fraction(3))
    ('4.5', '3')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def charge_bonus(
    strength: int = 4,
    base_defense: int = 3,
    distance: str = "3",
    speed: int = 6,
    ability: str = "none",
    meters_rounding: str = ROUNDING_CHOICES[0],
) -> dict[str, Any]:
    """Charge Attack: +1 DP per meter moved and 1 Base Defense lost, capped by STR and Base Defense.

    ``ability`` is one of the two special abilities of 'When Charging' (特殊);
    ``meters_rounding`` carries assumption ``space_shard.charge_whole_meters``.

    >>> r = charge_bonus(4, 3, "5", 6)
    >>> r["bonus"], r["base_defense_after"]
    (3, 0)
    >>> r = charge_bonus(4, 3, "5", 6, ability="strength cap only")
    >>> r["bonus"], r["base_defense_after"], r["defense_penalty"]
    (4, 0, 1)
    >>> charge_bonus(4, 3, "2.5", 6)["bonus"]
    2
    >>> charge_bonus(4, 3, "2.5", 6, meters_rounding="up")["bonus"]
    3
    """
    moved = parse_meters(distance)
    if moved > speed:
        raise InputError(
            "distance",
            f"Your Speed limits how far you can charge: at most {speed} m, not "
            f"{meters_text(moved)} m.",
        )
    meters = divide(moved.numerator, moved.denominator, meters_rounding)
    caps = [f"{meters} m moved", f"STR {strength}"]
    if ability == "strength cap only":
        bonus = min(meters, strength)
        after = max(0, base_defense - bonus)
        penalty = max(0, bonus - base_defense)
    else:
        caps.append(f"Base Defense {base_defense}")
        bonus = min(meters, strength, base_defense)
        after = base_defense if ability == "no charge penalty" else base_defense - bonus
        penalty = 0
    breakdown = [
        f"Meters counted: {meters} ({meters_text(moved)} m moved, rounded {meters_rounding})",
        f"Enhancement Bonus +{bonus} DP = the least of {', '.join(caps)}",
    ]
    if ability == "no charge penalty":
        breakdown.append(f"Base Defense stays {base_defense} (no charge penalty)")
    else:
        breakdown.append(f"Base Defense {after} = {base_defense} − {bonus - penalty}")
    if penalty:
        breakdown.append(f"Beyond the Base Defense: {penalty} unnamed Defense penalty")
    return {
        "bonus": bonus,
        "base_defense_after": after,
        "defense_penalty": penalty,
        "meters": meters,
        "breakdown": breakdown,
    }


def _compute_charge(**values: Any) -> dict[str, Any]:
    """Map the contract's ``str`` onto :func:`charge_bonus`.

    >>> _compute_charge(**{"str": 2, "base_defense": 5, "distance": "4", "speed": 6})["bonus"]
    2
    """
    values["strength"] = values.pop("str")
    return charge_bonus(**values)


def full_force_bonus(
    strength: int = 6,
    base_defense: int = 2,
    rounding: str = ROUNDING_CHOICES[0],
    adds_to: str = REINFORCE_CHOICES[0],
) -> dict[str, Any]:
    """Full-Force Attack: Reinforcement Bonus STR/2 up to Base Defense, lost from it for a round.

    ``rounding`` carries ``space_shard.fractions_round_down``, ``adds_to``
    ``space_shard.reinforcement_bonus_is_dp``.

    >>> r = full_force_bonus(7, 5)
    >>> r["bonus"], r["base_defense_after"], r["dp_bonus"], r["max_dmg_bonus"]
    (3, 2, 3, 0)
    >>> full_force_bonus(7, 5, rounding="up")["bonus"], full_force_bonus(9, 2)["bonus"]
    (4, 2)
    """
    half = divide(strength, FULL_FORCE_DIVISOR, rounding)
    bonus = min(half, base_defense)
    return {
        "bonus": bonus,
        "dp_bonus": bonus,
        "max_dmg_bonus": bonus if adds_to == REINFORCE_CHOICES[1] else 0,
        "base_defense_after": base_defense - bonus,
        "breakdown": [
            f"Reinforcement Bonus {bonus} = STR {strength} / {FULL_FORCE_DIVISOR} = {half} "
            f"(rounded {rounding}), at most Base Defense {base_defense}",
            f"Adds +{bonus} DP" + (f" and +{bonus} Max DMG" if adds_to != "dp" else ""),
            f"Base Defense {base_defense - bonus} = {base_defense} − {bonus}, for 1 round",
        ],
    }


def _compute_full_force(**values: Any) -> dict[str, Any]:
    """Map the contract's ``str`` onto :func:`full_force_bonus`.

    >>> _compute_full_force(**{"str": 4, "base_defense": 3})["bonus"]
    2
    """
    values["strength"] = values.pop("str")
    return full_force_bonus(**values)


def reach(
    born_weapon_size: int = 2, blade_weapon_size: int = 0, rounding: str = ROUNDING_CHOICES[0]
) -> dict[str, Any]:
    """Base Reach: Born Weapon Size/2 (minimum 1) + Blade Weapon Size/3.

    ``rounding`` carries ``space_shard.fractions_round_down``; the minimum 1 applies after
    rounding.

    >>> reach(2, 0)["reach"], reach(1, 0)["reach"], reach(4, 7)["reach"]
    (1, 1, 4)
    >>> reach(3, 7, rounding="up")["reach"]
    5
    """
    born = max(REACH_MIN, divide(born_weapon_size, REACH_BORN_DIVISOR, rounding))
    blade = divide(blade_weapon_size, REACH_BLADE_DIVISOR, rounding)
    return {
        "reach": born + blade,
        "breakdown": [
            f"Reach {born + blade} = {born} (Born Weapon Size {born_weapon_size} / "
            f"{REACH_BORN_DIVISOR}, rounded {rounding}, minimum {REACH_MIN}) + {blade} (Blade "
            f"Weapon Size {blade_weapon_size} / {REACH_BLADE_DIVISOR}, rounded {rounding})"
        ],
    }


def born_weapon_size(size: int = 10, rounding: str = ROUNDING_CHOICES[0]) -> dict[str, Any]:
    """Sizes of fists, feet and claws (Size/5) and of a tail (Size/3).

    >>> r = born_weapon_size(10)
    >>> r["fist_size"], r["tail_size"]
    (2, 3)
    >>> born_weapon_size(10, rounding="up")["tail_size"]
    4
    """
    fist = divide(size, FIST_DIVISOR, rounding)
    tail = divide(size, TAIL_DIVISOR, rounding)
    return {
        "fist_size": fist,
        "tail_size": tail,
        "breakdown": [
            f"Fist, feet, claws {fist} = Size {size} / {FIST_DIVISOR}, rounded {rounding}",
            f"Tail {tail} = Size {size} / {TAIL_DIVISOR}, rounded {rounding}",
        ],
    }


# -- defensive actions -----------------------------------------------------------------------
def defensive_bonus(
    action: str = "guarding with blade",
    base_defense: int = 2,
    skill: int = 2,
    guarding_inscription: bool = False,
    weapon_size: int = 0,
) -> dict[str, Any]:
    """The Defense bonus of Full Defense (Evade Bonus) or Guarding (Guarding Bonus + Shielding).

    >>> defensive_bonus("full defense", base_defense=3)["bonus"]
    3
    >>> defensive_bonus("guarding with brawl", skill=2, guarding_inscription=True,
    ...                 weapon_size=2)["bonus"]
    4
    """
    if action == "full defense":
        return {
            "bonus": base_defense,
            "bonus_name": "Evade Bonus",
            "area_save_dp_bonus": base_defense,
            "breakdown": [
                f"Evade Bonus {base_defense} = Basic Defense {base_defense}",
                f"+{base_defense} DP Evade bonus on Saving Throws against area damage",
                "Needs Focusing to keep (see Concept of Time & Actions)",
            ],
        }
    skill_name = "Brawl" if action == "guarding with brawl" else "Blade"
    shield = weapon_size if guarding_inscription else 0
    lines = [f"Guarding Bonus {skill + shield} = {skill_name} {skill}"]
    if guarding_inscription:
        lines[0] += f" + {weapon_size} size (Shielding: Guarding Inscription)"
    lines.append("Until your next turn")
    return {
        "bonus": skill + shield,
        "bonus_name": "Guarding Bonus",
        "area_save_dp_bonus": 0,
        "breakdown": lines,
    }


# -- actions in a turn -----------------------------------------------------------------------
def turn_plan(
    standard: int = 1,
    movement: int = 1,
    swift: int = 1,
    speed: int = 6,
    surprise_round: bool = False,
    downgrade: str = DOWNGRADE_CHOICES[0],
    surprise: str = SURPRISE_CHOICES[0],
) -> dict[str, Any]:
    """Whether a turn can hold the actions wanted, downgrading as the rules allow.

    A turn has one Standard, one Movement and one Swift Action (plus unlimited Free
    Actions); an action may be downgraded to a lower one. ``downgrade`` carries
    ``space_shard.downgrade_any_lower``, ``surprise`` ``space_shard.surprise_round_one_action``.

    The rulebook's example, a Standard Action downgraded to have 2 Movement Actions and a
    Swift Action:

    >>> r = turn_plan(0, 2, 1)
    >>> r["allowed"], r["plan"]["Standard Action"], r["plan"]["Swift Action"]
    (True, 'used as a Movement Action', 'Swift Action')
    >>> r["max_move"]
    12
    >>> turn_plan(2, 0, 0)["allowed"]
    False
    """
    wanted = {"standard": standard, "movement": movement, "swift": swift}
    names = {a: f"{a.capitalize()} Action" for a in TURN_ACTIONS}
    problems: list[str] = []
    if surprise_round and surprise == SURPRISE_CHOICES[0]:
        slots: list[tuple[str, tuple[str, ...]]] = [("surprise", TURN_ACTIONS)]
    else:
        slots = []
        for i, slot in enumerate(TURN_ACTIONS):
            lower = TURN_ACTIONS[i + 1 :]
            if downgrade == DOWNGRADE_CHOICES[1]:
                lower = lower[:1]
            slots.append((slot, (slot, *lower)))
    plan = _fill(slots, wanted)
    if plan is None:
        what = ", ".join(f"{n} {names[a]}{'s' if n != 1 else ''}" for a, n in wanted.items() if n)
        if surprise_round and surprise == SURPRISE_CHOICES[0]:
            problems.append(
                f"In the Surprise Round you take one Standard, Swift or Movement Action; "
                f"{what or 'nothing'} is too much."
            )
        else:
            problems.append(
                f"A turn has one Standard, one Movement and one Swift Action, and an action can "
                f"only be downgraded to a lower one ({downgrade}); {what} do not fit."
            )
    shown = None
    if plan is not None:
        label = {"surprise": "Surprise Round action", **names}
        shown = {}
        for slot, use in plan:
            if use is None:
                shown[label[slot]] = "unused"
            elif use == slot:
                shown[label[slot]] = names[use]
            else:
                shown[label[slot]] = f"used as a {names[use]}"
    moves = movement if plan is not None else 0
    return {
        "allowed": plan is not None,
        "plan": shown,
        "problems": problems,
        "max_move": moves * speed,
        "breakdown": [
            "A turn: 1 Standard, 1 Movement and 1 Swift Action, plus unlimited Free Actions",
            "Downgrading: Standard > Movement > Swift"
            + (" (one step only)" if downgrade == DOWNGRADE_CHOICES[1] else ""),
            f"Movement up to {moves * speed} m = {moves} Movement Action"
            f"{'' if moves == 1 else 's'} × Speed {speed} m",
        ],
    }


def _fill(
    slots: list[tuple[str, tuple[str, ...]]], wanted: dict[str, int]
) -> list[tuple[str, str | None]] | None:
    """Assign each slot one of its allowed uses (or none) to cover ``wanted`` exactly."""
    options = [(*uses, None) for _, uses in slots]
    for choice in itertools.product(*options):
        counts = {a: sum(1 for c in choice if c == a) for a in wanted}
        if counts == wanted:
            return [(slot, use) for (slot, _), use in zip(slots, choice, strict=True)]
    return None


# -- declarations ----------------------------------------------------------------------------
ASSUMPTION_GROUP = "Where the rulebook is silent (assumptions)"


def _int(
    name: str,
    label: str,
    default: int,
    low: int = 0,
    high: int = 30,
    help_: str = "",
    unit: str = "",
) -> Input:
    return Input(name, "int", label, default, min=low, max=high, help=help_, unit=unit)


def _choice(name: str, label: str, assumption: str, choices: tuple[str, ...], help_: str) -> Input:
    return Input(
        name,
        "choice",
        label,
        _default(assumption),
        choices=choices,
        assumption=assumption,
        help=help_,
        group=ASSUMPTION_GROUP,
    )


def _rounding_input() -> Input:
    return _choice(
        "rounding",
        "Round divisions",
        A_ROUND,
        ROUNDING_CHOICES,
        "The rulebook divides without saying how to round.",
    )


COVER_FIRE_CHOICES = ("none", *cover_fire_rows())
COVER_CHOICES = ("by size", *cover_rows())

REGISTRY.add(
    Calculator(
        "space_shard.attack",
        "Attack: dice pool and damage",
        inputs=(
            Input(
                "attack",
                "choice",
                "Attack",
                "bladed",
                choices=tuple(ATTACKS),
                help="heavy throwing uses STR for the DP; spell uses INT, Occult and spell power.",
            ),
            _int("str", "STR", 3),
            _int("dex", "DEX", 3),
            _int("int", "INT", 3),
            _int(
                "skill",
                "Skill",
                2,
                help_="Brawl (barehand), Blade (bladed), Athletics (throwing, bow), Firearms "
                "(gun), Occult (spell).",
            ),
            _int(
                "weapon_damage",
                "Weapon damage (spell power for spells)",
                2,
                help_="Born Weapon Damage for a barehand attack.",
            ),
            _int("target_defense", "Target Defense", 2, high=50),
            Input(
                "single_target",
                "bool",
                "Single target",
                True,
                help="'Target: Single' deducts Target Defense; an area effect does not. For a "
                "spell: an attack spell against one target.",
            ),
            _int("distance", "Distance to the target", 5, high=10_000, unit="m"),
            _int(
                "range_unit",
                "Range unit",
                10,
                low=1,
                high=1_000,
                unit="m",
                help_="The ranged weapon's range unit.",
            ),
            _int(
                "shortfall",
                "Points below the weapon's requirement",
                0,
                help_="Stat or Skill requirement not met (for throwing weapons: STR).",
            ),
            _int("bow_str_requirement", "Bow's STR requirement", 0, help_="Bows only."),
            _int("modifier", "Other modifiers", 0, low=-50, high=50, help_="± DP."),
            _int(
                "aim_rounds",
                "Rounds aimed",
                0,
                high=AIM_MAX_ROUNDS,
                help_="Aiming: +1 DP and +1 Max DMG (target within 3 range units).",
            ),
            Input(
                "firing_from_cover",
                "choice",
                "Attacking from behind",
                "none",
                choices=COVER_FIRE_CHOICES,
                help="Fire from Concealment: ranged attacks from behind cover.",
            ),
            Input(
                "dice",
                "dice",
                "Dice rolled",
                None,
                max=100,
                optional=True,
                help="Faces of the pool, e.g. 8,3,10; leave empty for the exact odds.",
            ),
            Input(
                "dp_die",
                "int",
                "Die of a dice pool",
                _default(A_DIE),
                min=2,
                max=100,
                assumption=A_DIE,
                help="Sides of each die of the pool.",
                group=ASSUMPTION_GROUP,
            ),
            Input(
                "dp_success_threshold",
                "int",
                "A die succeeds on",
                _default(A_THRESHOLD),
                min=1,
                max=100,
                assumption=A_THRESHOLD,
                help="Lowest face that counts as a success.",
                group=ASSUMPTION_GROUP,
            ),
            Input(
                "empty_pool_dice",
                "int",
                "Dice rolled when the DP is 0 or less",
                _default(A_EMPTY),
                min=0,
                max=5,
                assumption=A_EMPTY,
                group=ASSUMPTION_GROUP,
            ),
            Input(
                "cap_damage",
                "bool",
                "Max DMG caps the damage",
                _default(A_CAP),
                assumption=A_CAP,
                group=ASSUMPTION_GROUP,
            ),
            Input(
                "unusable_shortfall",
                "int",
                "Weapon unusable when missing its requirement by",
                _default(A_LIMIT),
                min=1,
                max=30,
                assumption=A_LIMIT,
                help="points or more.",
                group=ASSUMPTION_GROUP,
            ),
            _choice(
                "requirement_scope",
                "Requirement penalty applies to",
                A_SCOPE,
                SCOPE_CHOICES,
                "Never to spellcasting.",
            ),
            _choice(
                "distance_rule",
                "Counting range units for the Distance Penalty",
                A_STEPS,
                STEPS_CHOICES,
                "Whether a part of a range unit beyond the first counts.",
            ),
            Input(
                "extra_throwing_penalty",
                "int",
                "Extra throwing distance penalty",
                _default(A_EXTRA),
                min=0,
                max=10,
                assumption=A_EXTRA,
                help="DP per range unit exceeded, on top of the Distance Penalty (2 doubles it).",
                group=ASSUMPTION_GROUP,
            ),
            _choice(
                "spell_distance",
                "Spells and distance",
                A_SPELL,
                SPELL_CHOICES,
                "distance penalty: counts the spell's range as the range unit.",
            ),
            _choice(
                "aiming",
                "Aiming several rounds",
                A_AIM,
                AIM_CHOICES,
                "per round: each round aimed adds +1 DP and +1 Max DMG.",
            ),
        ),
        outputs=(
            Output("dp", "DP (dice pool)", "int"),
            Output("dice", "Dice rolled", "int"),
            Output("max_dmg", "Max DMG", "int"),
            Output("usable", "Attack possible", "bool"),
            Output("distance_penalty", "Distance Penalty", "int", unit="DP"),
            Output("max_distance", "Maximum distance", "int", unit="m"),
            Output("p_damage", "Deals damage", "fraction"),
            Output("mean_damage", "Average damage", "text"),
            Output("distribution", "Damage", "distribution"),
            Output("successes_distribution", "Successes", "distribution"),
            Output("successes", "Successes of the dice rolled", "int"),
            Output("damage", "Damage of the dice rolled", "int"),
            Output("problems", "Why the attack is not possible", "list"),
        ),
        compute=_compute_attack,
        rule="space_shard.types_of_attacks",
        assumptions=(
            A_DIE,
            A_THRESHOLD,
            A_EMPTY,
            A_CAP,
            A_LIMIT,
            A_SCOPE,
            A_STEPS,
            A_EXTRA,
            A_SPELL,
            A_AIM,
        ),
        rolls=True,
        help="Roll a pool of dice; each success causes 1 point of damage, up to the Max DMG.",
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.initiative",
        "Initiative roll",
        inputs=(
            _int("initiative", "Initiative", 0, low=-20, high=50),
            Input(
                "dice",
                "dice",
                "d10 rolled",
                None,
                max=INITIATIVE_DIE,
                optional=True,
                help="Leave empty for the exact distribution.",
            ),
        ),
        outputs=(
            Output("distribution", "1d10 + Initiative", "distribution"),
            Output("mean", "Average", "text"),
            Output("total", "Initiative rolled", "int"),
        ),
        compute=initiative_roll,
        rule="space_shard.initiative_roll",
        rolls=True,
        help="1d10 + the character's Initiative; this is not a check.",
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.initiative_order",
        "Who acts first",
        inputs=(
            _int("initiative", "Your Initiative", 0, low=-20, high=50),
            _int("opponent_initiative", "Opponent's Initiative", 0, low=-20, high=50),
            Input(
                "dice",
                "dice",
                "d10s rolled",
                None,
                max=INITIATIVE_DIE,
                optional=True,
                help="Yours, then the opponent's, e.g. 7,3.",
            ),
            _choice("order", "Order", A_ORDER, ORDER_CHOICES, "Who acts first."),
        ),
        outputs=(
            Output("p_first", "You act first", "fraction"),
            Output("p_tie", "Tie", "fraction"),
            Output("p_second", "The opponent acts first", "fraction"),
            Output("distribution", "Your roll − the opponent's", "distribution"),
            Output("result", "Result of the dice", "map"),
        ),
        compute=initiative_order,
        rule="space_shard.initiative_roll",
        assumptions=(A_ORDER,),
        rolls=True,
        help="Both roll 1d10 + Initiative; the rulebook does not say how ties are broken.",
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.cover",
        "Covered defense",
        inputs=(
            Input(
                "coverage",
                "choice",
                "Cover",
                "by size",
                choices=COVER_CHOICES,
                help="by size: from the sizes below; or a row of the amount-of-coverage table.",
            ),
            _int("object_size", "Covering object size", 6, high=1_000),
            _int("your_size", "Your size", 4, low=1, high=1_000),
            Input(
                "minimum",
                "int",
                "Lowest Covered defense",
                _default(A_COVER_MIN),
                min=-1_000,
                max=COVER_MAX,
                assumption=A_COVER_MIN,
                help="The rulebook gives no minimum; lower this to let a small object count "
                "against you.",
                group=ASSUMPTION_GROUP,
            ),
            _choice(
                "fully_when",
                "Fully Covered when the object is",
                A_TWICE,
                TWICE_CHOICES,
                "your size.",
            ),
        ),
        outputs=(
            Output("covered_defense", "Covered defense", "int"),
            Output("fully_covered", "Fully Covered", "bool"),
        ),
        compute=cover_defense,
        rule="space_shard.finding_cover",
        assumptions=(A_COVER_MIN, A_TWICE),
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.charge",
        "Charge Attack bonus",
        inputs=(
            _int("str", "STR", 4),
            _int("base_defense", "Base Defense", 3),
            Input(
                "distance",
                "text",
                "Distance moved to the enemy",
                "3",
                unit="m",
                help="Meters, e.g. 4 or 4.5; at most your Speed.",
            ),
            _int("speed", "Speed", 6, high=200, unit="m"),
            Input(
                "ability",
                "choice",
                "Special ability",
                "none",
                choices=CHARGE_ABILITY_CHOICES,
                help="strength cap only: the charge ignores the Base Defense cap; no charge "
                "penalty: Base Defense is not lost.",
            ),
            _choice(
                "meters_rounding",
                "Part of a meter",
                A_METERS,
                ROUNDING_CHOICES,
                "down: only whole meters count; up: a part of a meter counts as one.",
            ),
        ),
        outputs=(
            Output("bonus", "Enhancement Bonus", "int", unit="DP"),
            Output("base_defense_after", "Base Defense after the charge", "int"),
            Output("defense_penalty", "Unnamed Defense penalty", "int"),
        ),
        compute=_compute_charge,
        rule="space_shard.charge_bonus",
        assumptions=(A_METERS,),
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.full_force",
        "Full-Force Attack bonus",
        inputs=(
            _int("str", "STR", 6),
            _int("base_defense", "Base Defense", 2),
            _rounding_input(),
            _choice(
                "adds_to",
                "The Reinforcement Bonus adds to",
                A_REINFORCE,
                REINFORCE_CHOICES,
                "dp: the attack's dice pool only.",
            ),
        ),
        outputs=(
            Output("bonus", "Reinforcement Bonus", "int"),
            Output("dp_bonus", "DP added", "int"),
            Output("max_dmg_bonus", "Max DMG added", "int"),
            Output("base_defense_after", "Base Defense for 1 round", "int"),
        ),
        compute=_compute_full_force,
        rule="space_shard.full_force_bonus",
        assumptions=(A_ROUND, A_REINFORCE),
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.reach",
        "Base Reach",
        inputs=(
            _int("born_weapon_size", "Born Weapon Size", 2, high=200),
            _int("blade_weapon_size", "Blade Weapon Size", 0, high=200, help_="0 without a blade."),
            _rounding_input(),
        ),
        outputs=(Output("reach", "Reach", "int"),),
        compute=reach,
        rule="space_shard.reach",
        assumptions=(A_ROUND,),
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.born_weapon_size",
        "Born Weapon sizes",
        inputs=(_int("size", "Your Size", 10, high=1_000), _rounding_input()),
        outputs=(
            Output("fist_size", "Fist, feet, claws", "int"),
            Output("tail_size", "Tail", "int"),
        ),
        compute=born_weapon_size,
        rule="space_shard.tail_size",
        assumptions=(A_ROUND,),
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.defense_bonus",
        "Full Defense and Guarding",
        inputs=(
            Input("action", "choice", "Action", "guarding with blade", choices=DEFENSIVE_ACTIONS),
            _int("base_defense", "Basic Defense", 2, help_="Full Defense."),
            _int("skill", "Brawl or Blade skill", 2, help_="Guarding."),
            Input(
                "guarding_inscription",
                "bool",
                "Weapon has the Guarding Inscription",
                False,
                help="Shielding: add its size.",
            ),
            _int("weapon_size", "Weapon size", 0, high=200),
        ),
        outputs=(
            Output("bonus", "Defense bonus", "int"),
            Output("bonus_name", "Bonus", "text"),
            Output("area_save_dp_bonus", "DP on Saving Throws against area damage", "int"),
        ),
        compute=defensive_bonus,
        rule="space_shard.guarding_with_blade",
    )
)

REGISTRY.add(
    Calculator(
        "space_shard.turn",
        "Actions in a turn",
        inputs=(
            _int("standard", "Standard Actions", 1, high=5),
            _int("movement", "Movement Actions", 1, high=5),
            _int("swift", "Swift Actions", 1, high=5),
            _int("speed", "Speed", 6, high=200, unit="m"),
            Input("surprise_round", "bool", "Surprise Round", False),
            _choice(
                "downgrade",
                "An action can be downgraded to",
                A_DOWNGRADE,
                DOWNGRADE_CHOICES,
                "next lower action: one step only.",
            ),
            _choice(
                "surprise",
                "In the Surprise Round",
                A_SURPRISE,
                SURPRISE_CHOICES,
                "one action: a Standard, Swift or Movement Action.",
            ),
        ),
        outputs=(
            Output("allowed", "Allowed", "bool"),
            Output("plan", "How the turn is filled", "map"),
            Output("max_move", "Movement", "int", unit="m"),
            Output("problems", "Problems", "list"),
        ),
        compute=turn_plan,
        rule="space_shard.its_my_turn",
        assumptions=(A_DOWNGRADE, A_SURPRISE),
        help="Free Actions are unlimited and not counted.",
    )
)
