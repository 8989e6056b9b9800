"""The dice roller (``dice.roll``): any dice expression, its exact odds and a seeded roll.

It belongs to no rulebook; every system's calculators page shows it.
"""

from __future__ import annotations

import random
from typing import Any

from .declare import Calculator, Output, text_input
from .dice import fraction_str
from .notation import parse
from .registry import REGISTRY


def compute_roll(expression: str, seed: int | None = None) -> dict[str, Any]:
    """Exact distribution, mean and range of ``expression``; with a seed, one roll of it.

    >>> result = compute_roll("2d6 + 1")
    >>> result["mean"], result["min"], result["max"], result["roll"]
    ('8/1', 3, 13, None)
    >>> result["distribution"][:2]
    [[3, '1/36'], [4, '1/18']]
    >>> compute_roll("4d6kh3", seed=1)["roll"]["shown"]
    '4d6kh3 [2, 5, (1), 3] = 10; total 10'
    >>> compute_roll("d66")["distribution"][:2], compute_roll("d66")["mean"]
    ([[11, '1/36'], [12, '1/36']], '77/2')
    """
    parsed = parse(expression, "expression")
    dist = parsed.distribution()
    mean = dist.mean()
    result: dict[str, Any] = {
        "expression": parsed.text(),
        "distribution": dist.to_pairs(),
        "mean": fraction_str(mean),
        "min": dist.min_outcome(),
        "max": dist.max_outcome(),
        "roll": None,
        "rolled": None,
        "breakdown": [
            f"Read as: {parsed.text()}",
            f"Mean {fraction_str(mean)} (≈ {float(mean):.2f}), from {dist.min_outcome()} "
            f"to {dist.max_outcome()}; every probability exact",
        ],
    }
    if seed is not None:
        rolled = parsed.roll(random.Random(seed))
        result["roll"] = {"total": rolled.total, "shown": rolled.shown()}
        result["rolled"] = [term.shown() for term in rolled.dice]
    return result


ROLL = REGISTRY.add(
    Calculator(
        "dice.roll",
        "Dice roller",
        (
            text_input(
                "expression",
                "Dice expression",
                "2d6",
                "NdX, d%, keep or drop (4d6kh3, 2d20kl1, 4d6dl1), count successes (6d6cs>=5), "
                "+ - * and // (rounds down), comparisons giving 1 or 0 (2d6+5 >= 12), min(a, b), "
                "max(a, b), if(condition, a, b).",
            ),
        ),
        (
            Output("roll", "Roll", "map"),
            Output("mean", "Mean", "text"),
            Output("min", "Lowest", "int"),
            Output("max", "Highest", "int"),
            Output("distribution", "Distribution", "distribution"),
        ),
        compute_roll,
        help="Exact odds of any dice expression, and a seeded roll that a link replays.",
        rolls=True,
    )
)
