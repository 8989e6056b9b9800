"""Initiative: who of two acts first (the 1d10 + Initiative roll itself is declared in
``rules_data/space_shard/turns.yml``)."""

from __future__ import annotations

from typing import Any

from ...dice import Dist, fraction_str
from ...format import signed
from ...rolls import faces_or_roll, rng_from_seed
from .rules import INITIATIVE_DIE, ORDER_CHOICES


def _initiative_faces(
    dice: list[int] | None, count: int, seed: int | None
) -> tuple[list[int] | None, bool]:
    """Given d10 faces (exactly ``count``), a seeded roll, or ``None``; and whether rolled here."""
    what = "one d10" if count == 1 else f"{count} d10s (yours first)"
    faces = faces_or_roll(
        "dice",
        dice,
        count,
        INITIATIVE_DIE,
        rng_from_seed(seed),
        wrong_count=lambda given: f"Give {what}; got {given}.",
    )
    return faces, dice is None and faces is not None


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
