"""The Attributes & Arts contest: 2d6 plus a modifier against the defender's, Boons and
Banes adding dice and dropping the lowest or highest, ties to the defender, a critical
at 5 or more above.
"""

from __future__ import annotations

import random
from typing import Any

from ...dice import Dist, boons_banes, contest, resolve_boons_banes
from ...rolls import faces_or_roll, rng_from_seed

CRITICAL_MARGIN = 5
"""'rolls 5 or more above the opposing roll' (Criticals)."""


def roll_text(boons: int, banes: int) -> str:
    """How a side's dice are rolled, in the rulebook's terms.

    >>> roll_text(2, 1)
    '3d6, drop the lowest (1 net Boon)'
    >>> roll_text(0, 0)
    '2d6'
    """
    net = boons - banes
    if net == 0:
        return "2d6"
    word = "Boon" if net > 0 else "Bane"
    drop = "lowest" if net > 0 else "highest"
    extra = abs(net)
    plural = "s" if extra > 1 else ""
    return (
        f"{2 + extra}d6, drop the {drop}{' ' + str(extra) if extra > 1 else ''} ("
        f"{extra} net {word}{plural})"
    )


def side_total(
    name: str, faces: list[int] | None, boons: int, banes: int, rng: random.Random | None
) -> tuple[Dist, list[int] | None]:
    """One side's 2d6 roll as a distribution: exact, or fixed by given/rolled faces.

    >>> side_total("attacker_dice", [3, 4, 6], 2, 1, None)[0]
    Dist({10: '1/1'})
    """
    faces = faces_or_roll(name, faces, 2 + abs(boons - banes), 6, rng, roll_text(boons, banes))
    if faces is None:
        return boons_banes(boons, banes), None
    return Dist.constant(resolve_boons_banes(faces, boons, banes)), faces


def compute_contest(
    attacker: int,
    defender: int,
    boons: int,
    banes: int,
    defender_boons: int,
    defender_banes: int,
    attacker_dice: list[int] | None,
    defender_dice: list[int] | None,
    seed: int | None,
) -> dict[str, Any]:
    """Opposed 2d6 + modifier rolls: ties to the defender, critical at 5 or more.

    >>> r = compute_contest(2, 0, 0, 0, 0, 0, None, None, None)
    >>> r["p_success"], r["p_critical"], r["p_tie"]
    ('287/432', '155/648', '125/1296')
    >>> compute_contest(0, 0, 2, 1, 0, 0, [3, 4, 6], [2, 2], None)["result"]["outcome"]
    'critical'
    """
    rng = rng_from_seed(seed)
    a_dist, a_faces = side_total("attacker_dice", attacker_dice, boons, banes, rng)
    d_dist, d_faces = side_total(
        "defender_dice", defender_dice, defender_boons, defender_banes, rng
    )
    a_dist, d_dist = a_dist + attacker, d_dist + defender
    odds = contest(a_dist, d_dist, CRITICAL_MARGIN)
    result = None
    if a_faces is not None and d_faces is not None:
        a_total, d_total = a_dist.min_outcome(), d_dist.min_outcome()
        diff = a_total - d_total
        outcome = (
            "critical"
            if diff >= CRITICAL_MARGIN
            else "success"
            if diff > 0
            else "tie (defender wins)"
            if diff == 0
            else "failure"
        )
        result = {
            "attacker_total": a_total,
            "defender_total": d_total,
            "margin": diff,
            "outcome": outcome,
        }
    return {
        **odds.to_dict(),
        "distribution": (a_dist - d_dist).to_pairs(),
        "result": result,
        "rolled": {"attacker": a_faces, "defender": d_faces} if seed is not None else None,
        "breakdown": [
            f"Attacker: {roll_text(boons, banes)} {attacker:+d}",
            f"Defender: {roll_text(defender_boons, defender_banes)} {defender:+d}",
            "Success: attacker total above defender total (ties go to the defender)",
            f"Critical: attacker total {CRITICAL_MARGIN} or more above the defender's",
        ],
    }
