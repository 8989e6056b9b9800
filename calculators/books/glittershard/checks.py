"""d6 checks: a pool of d6s against a static goal or the receiver's pool, ties to the initiator."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...dice import Dist, fraction_str, sum_dice
from ...format import term, with_sign
from ...rolls import faces_or_roll, rng_from_seed
from .rules import CRITICAL_BELOW, EXHAUSTED_LEVEL, TIRED_LEVEL
from .tables import difficulties, pool_rules


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
        f"{dice}d6 = {base} base {term(from_stat)} (stat {with_sign(stat)}) "
        f"{term(trained_dice if trained else 0)} trained {term(item_dice)} items "
        f"{term(circumstance_dice)} circumstances"
    )
    if dice != total:
        text += f" = {total}, raised to the smallest pool of {min_dice}"
    return dice, text


def halved(dice: int, text: str, min_dice: int = 1) -> tuple[int, str]:
    """An Exhausted creature's pool: half as many d6, rounded down, at least ``min_dice``.

    >>> halved(7, "7d6")
    (3, '7d6; Exhausted: half as many d6, 3d6')
    """
    half = max(min_dice, dice // 2)
    return half, f"{text}; Exhausted: half as many d6, {half}d6"


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
    exhaustion: int = 0,
    opposing_exhaustion: int = 0,
) -> dict[str, Any]:
    """A d6 pool against a static goal or the receiver's pool; ties go to the initiator.

    An initiator Tired or worse (``exhaustion`` 1+) has its stat reduced by 1; Exhausted or
    worse (3+) rolls half as many d6, rounded down, at least the smallest pool (the
    exhaustion table; assumptions ``glittershard.tracker_exhaustion_effects``, levels add
    up, and ``glittershard.tracker_halves``). An Exhausted receiver's pool is halved too.

    >>> compute_d6_check(stat=2, trained=True, exhaustion=3)["dice"]  # 3 + 0 + 2, halved
    2

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
    tired = exhaustion >= TIRED_LEVEL
    dice, dice_text = pool_size(
        stat - tired, trained, item_dice, circumstance_dice, stat_rounding, min_dice
    )
    if tired:
        dice_text += "; Tired: the stat is reduced by 1"
    if exhaustion >= EXHAUSTED_LEVEL:
        dice, dice_text = halved(dice, dice_text, min_dice)
    goal_text = f"goal {goal}"
    if difficulty != "custom":
        label, goal = difficulties()[difficulty]
        goal_text = f"goal {goal} ({label})"
    if opposing_dice is None and opposing_rolls is not None:
        opposing_dice = len(opposing_rolls)
    receiver_halved = (
        opposing_dice is not None
        and opposing_rolls is None
        and opposing_exhaustion >= EXHAUSTED_LEVEL
    )
    if receiver_halved:  # faces given are of the pool already halved
        opposing_dice = max(min_dice, opposing_dice // 2)
    rng = rng_from_seed(seed)
    faces = faces_or_roll("rolls", rolls, dice, 6, rng, f"This check ({dice}d6)")
    initiator = Dist.constant(sum(faces)) if faces is not None else sum_dice(dice, 6)
    receiver_faces = None
    if opposing_dice is None:
        receiver = Dist.constant(goal)
        against = goal_text
    else:
        receiver_faces = faces_or_roll(
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
    if receiver_halved:
        breakdown.append(f"The receiver is Exhausted: half as many d6, {opposing_dice}d6.")
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
        "distribution": margin.to_pairs(),
        "result": result,
        "rolled": {"initiator": faces, "receiver": receiver_faces} if seed is not None else None,
        "breakdown": breakdown,
    }
