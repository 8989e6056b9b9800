"""The Attack Roll: 2d6 (3d6 keeping two with Advantage or Disadvantage) plus modifiers."""

from __future__ import annotations

from typing import Any

from ... import data
from ...dice import Dist, fraction_str, keep_highest, keep_lowest, roll_dice, sum_dice
from ...errors import InputError
from ...format import with_sign
from ...rolls import rng_from_seed
from .profile import (
    parse_profile,
    profile_damage,
    profile_result,
    profile_rows,
    resolve_text,
    row_distribution,
)
from .rules import DICE_TABLE, DIE_SIDES


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
        f"{effective.capitalize()} Attack Roll: {dice_text(effective)}, {with_sign(modifier)}"
    )
    rng = rng_from_seed(seed)
    rolled = None
    if dice is None and rng is not None:
        dice = rolled = roll_dice(attack_dice(effective)["Dice rolled (d6)"], DIE_SIDES, rng)
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
        breakdown.append(f"Attack Roll {roll} = {sum(kept)} {with_sign(modifier)} modifier")
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
