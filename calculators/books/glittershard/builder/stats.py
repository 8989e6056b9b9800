"""The stats (creation steps 1-2): rolled with a seed by the two dice methods and assigned,
and the sheet's step that checks them against the method (one tweak allowed).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ....builders import state as check
from ....builders.sheet import Problem, Step, problem, step
from ....errors import InputError
from ....format import with_sign
from ....notation import parse
from ..tables import STAT_KEYS, constant
from .character import validate
from .declarations import METHODS, ROLLED


def rolled_stats(method: str, seed: int) -> list[int]:
    """The stats a dice method rolls with ``seed``: each die 1d6 − 2.

    Unrestricted Dice rolls 8d6 (listed highest first, to assign as desired); Restricted
    Dice rolls one die for each stat in turn.

    >>> rolled_stats("unrestricted", 7), rolled_stats("restricted", 7)
    ([4, 3, 2, 1, 0, -1, -1, -1], [1, 0, 2, 4, -1, -1, 3, -1])
    """
    rng = random.Random(seed)
    minus = constant("Subtracted from each stat roll")
    if method == "unrestricted":
        faces = parse("8d6").roll(rng).dice[0].faces
        return sorted((f - minus for f in faces), reverse=True)
    return [parse("1d6").roll(rng).total - minus for _ in STAT_KEYS]


def roll_stats(raw: Any, seed: Any) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Roll the stats with ``seed`` by the character's dice method and assign them in order.

    >>> from calculators.books.glittershard.builder import blank
    >>> c, events = roll_stats({**blank(), "method": "restricted"}, 7)
    >>> list(c["stats"].values()), c["seed"]
    ([1, 0, 2, 4, -1, -1, 3, -1], 7)
    >>> roll_stats(blank(), 7)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: method: Only Unrestricted Dice and Restricted Dice roll the \
stats.
    """
    character = validate(raw)
    if character["method"] not in ROLLED:
        raise InputError("method", "Only Unrestricted Dice and Restricted Dice roll the stats.")
    seed = check.whole(seed, "seed", "Seed", 0, 2**32)
    values = rolled_stats(character["method"], seed)
    character["seed"] = seed
    character["stats"] = dict(zip(STAT_KEYS, values, strict=True))
    shown = ", ".join(with_sign(v) for v in values)
    how = (
        "8d6, each − 2, assigned highest first: swap them as you like"
        if character["method"] == "unrestricted"
        else "1d6 − 2 for each stat in turn"
    )
    return character, [
        {
            "step": "stats",
            "message": f"Rolled with seed {seed}: {shown} ({how}; one tweak allowed).",
        }
    ]


def _tweak_ok(have: list[int], rolled: list[int], any_order: bool) -> bool:
    """Whether ``have`` is ``rolled`` (in any order if ``any_order``) with at most one tweak.

    >>> _tweak_ok([3, 1], [2, 2], False), _tweak_ok([4, 0], [2, 2], False)
    (True, False)
    >>> _tweak_ok([1, 2], [2, 1], True), _tweak_ok([4, -1], [2, 1], True)
    (True, False)
    """
    if any_order:
        target = Counter(have)
        if target == Counter(rolled):
            return True
        for i in range(len(rolled)):
            for j in range(len(rolled)):
                if i != j:
                    moved = list(rolled)
                    moved[i] += 1
                    moved[j] -= 1
                    if Counter(moved) == target:
                        return True
        return False
    diffs = sorted(h - r for h, r in zip(have, rolled, strict=True) if h != r)
    return diffs in ([], [-1, 1])


def _stats_step(c: dict[str, Any], result: dict[str, Any]) -> tuple[Step, list[str]]:
    problems: list[Problem] = []
    notes = [f"Method: {METHODS[c['method']]}."]
    gm_notes = []
    rule = "glittershard.stats_continued"
    left = 0
    for message in result["problems"]:
        if "the GM may judge" in message:
            gm_notes.append(message)
            continue
        words = {
            "array": "Standard Array: Use the following values as required",
            "allotment": "From a pool of 12 points, asign points according to the following",
        }.get(
            c["method"],
            "One tweak is allowed, raising a stat by one point by reducing another by one point.",
        )
        problems.append(problem(message, rule, words))
    if c["method"] in ROLLED:
        if c["seed"] is None:
            left = 1
            notes.append("Roll the stats: the seed is kept, so anyone can replay the roll.")
        else:
            rolled = rolled_stats(c["method"], c["seed"])
            notes.append(
                f"Rolled with seed {c['seed']}: {', '.join(with_sign(v) for v in rolled)}."
            )
            have = [c["stats"][k] for k in STAT_KEYS]
            if not _tweak_ok(have, rolled, c["method"] == "unrestricted"):
                words = (
                    "Roll 8d6. Subtract 2 from all dice rolls. Assign scores as desired. "
                    "One tweak is allowed"
                    if c["method"] == "unrestricted"
                    else "For each stat in turn, roll 1d6 and subtract 2. One tweak is allowed"
                )
                problems.append(
                    problem(
                        f"These stats are not the roll of seed {c['seed']} "
                        + ("assigned as desired" if c["method"] == "unrestricted" else "in turn")
                        + " with at most one tweak.",
                        rule,
                        words,
                    )
                )
    total = sum(c["stats"].values())
    notes.append(f"The stats add up to {with_sign(total)} (before race and class bonuses).")
    notes.extend(gm_notes)
    allowed = {
        "array": "one +4, one +3, two +2, two +1, one +0 and one −1",
        "allotment": "a pool of 12 points; at most one +4; one −2 or two −1",
        "unrestricted": "8d6 − 2 assigned as desired, one tweak",
        "restricted": "1d6 − 2 for each stat in turn, one tweak",
    }[c["method"]]
    return step(
        "stats",
        "Stats",
        rule,
        allowed,
        left,
        problems,
        notes,
        left_text="roll the stats" if left else "nothing left",
    ), gm_notes
