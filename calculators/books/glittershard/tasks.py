"""Tasks: d100 rolls, one per hour, plus a skill modifier, read on the quality table."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...dice import Dist, fraction_str, sum_dice
from ...format import json_number, plural, term, with_sign
from ...rolls import faces_or_roll, rng_from_seed
from ...rounding import round_by, rounding_text
from .tables import haste_factors, quality_bands, quality_of, skill_modifier


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
    rolls = faces_or_roll(
        "rolls",
        rolls,
        needed,
        100,
        rng_from_seed(seed),
        wrong_count=lambda given: (
            f"A task of {json_number(time)} minutes needs {plural(needed, 'roll')}, one per hour "
            f"or part of an hour; got {given}."
        ),
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
        score, score_exact = json_number(exact), fraction_str(exact)
        quality = quality_of(round_by(exact, band_rounding))
    trained_text = " + 1 trained" if trained else ""
    breakdown = [
        f"Skill value {value} = {skill}{trained_text}: {label}, modifier {with_sign(modifier)}",
        f"Time {json_number(time)} minutes = {minutes} × {json_number(time_factor)} ({haste}); "
        f"{plural(needed, 'roll')}, one per hour or part of an hour",
        f"Final score = average of (d100 {term(modifier)}) × {json_number(quality_factor)} "
        f"({haste})",
        f"Quality: the band of the score {rounding_text(band_rounding)}",
    ]
    if rolls is not None and score_exact is not None:
        breakdown.append(
            f"Score {score} = ({' + '.join(map(str, rolls))}) / {needed} {term(modifier)}, "
            f"× {json_number(quality_factor)} → {quality}"
        )
    return {
        "modifier": modifier,
        "label": label,
        "rolls_needed": needed,
        "time_minutes": json_number(time),
        "score": score,
        "score_exact": score_exact,
        "quality": quality,
        "quality_odds": {k: fraction_str(v) for k, v in odds.items()},
        "distribution": whole_scores.to_pairs(),
        "rolled": rolls if seed is not None else None,
        "breakdown": breakdown,
    }
