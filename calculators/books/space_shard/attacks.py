"""Attacks: the dice pool (DP) and Max DMG of each kind of attack, and their exact odds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import data
from ...dice import Dist, count_at_least, fraction_str
from ...errors import InputError
from ...format import MINUS, plural, signed, term
from .defense import cover_fire_rows
from .pool import check_pool_die, count_successes, damage_dist, mean_text, pool_dice, resolve_pool
from .rules import (
    AIM_CHOICES,
    AIM_DP,
    AIM_MAX_DMG,
    AIM_MAX_UNITS,
    BOW_MAX_UNITS,
    DISTANCE_DP_PER_UNIT,
    GUN_MAX_UNITS,
    HIGH_SPEED_METERS,
    REQUIREMENT_DP_PER_POINT,
    SCOPE_CHOICES,
    SPELL_CHOICES,
    STEPS_CHOICES,
    TRIP_DP_PER_SIZE,
)


def less(n: int, label: str) -> str:
    """`` − 3 label``: a term the rules subtract, shown even when it is 0.

    >>> less(4, "Distance Penalty"), less(0, "Target Defense")
    (' − 4 Distance Penalty', ' − 0 Target Defense')
    """
    return f" {MINUS} {n} {label}"


def _formula_name(entry_id: str) -> str:
    """The name of a formula entry of the rules data."""
    return str(data.entry(entry_id)["name"])


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
    extra_dmg: int = 0,
    trip_size_over: int = 0,
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
    extra_on_a_hit: bool = True,
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

    Extra DMG comes on top of Max DMG (L86); tripping a target 2 sizes larger costs 2 DP (L262):

    >>> r = attack_odds("bladed", strength=1, skill=0, weapon_damage=0, target_defense=0,
    ...                 dice=[9], extra_dmg=2)
    >>> r["max_dmg"], r["successes"], r["damage"]
    (1, 1, 3)
    >>> attack_odds("barehand", trip_size_over=2)["dp"]
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
        f"{stats[kind.dp_stat]} {kind.dp_stat} {term(skill, kind.skill)} "
        f"{term(weapon_damage, power)}"
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
        dp_text += f" {term(AIM_DP * times, 'Aiming Bonus')}"
        max_text += f" {term(AIM_MAX_DMG * times, 'Aiming')}"
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
            dp_text += f" {term(row['DP'], 'Environment Penalty')}"
        else:
            problems.append(f"{row['Coverage']}: {row['Penalty']}")

    if trip_size_over:
        if kind.ranged or attack == "spell":
            raise InputError(
                "trip_size_over", "Tripping is a melee attack (a born weapon or a blade)."
            )
        dp -= TRIP_DP_PER_SIZE * trip_size_over
        dp_text += less(TRIP_DP_PER_SIZE * trip_size_over, "Unnamed Penalty (tripping)")
        notes.append(
            f"Tripping a target {trip_size_over} size larger: −{TRIP_DP_PER_SIZE} DP each; "
            "the trip itself causes no damage."
        )
    if modifier:
        dp_text += f" {term(modifier, 'modifiers')}"
    dp += modifier

    usable = not problems
    n = pool_dice(dp, empty_pool_dice)
    successes = count_at_least(n, dp_die, dp_success_threshold)
    damage = damage_dist(successes, max_dmg, cap_damage) if usable else Dist.constant(0)
    if extra_dmg and usable:
        damage = damage.map(lambda d: d + extra_dmg if d or not extra_on_a_hit else 0)
        notes.append(
            f"+{extra_dmg} Extra DMG, not counted against Max DMG"
            + (" (when the attack deals damage)" if extra_on_a_hit else "")
        )
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
        breakdown.append(f"A DP of {signed(dp)} rolls {plural(n, 'die', 'dice')}.")
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
        if usable and extra_dmg and (dealt or not extra_on_a_hit):
            dealt += extra_dmg
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
