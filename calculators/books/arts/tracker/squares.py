"""Creatures on squares in the Attributes & Arts tracker, where the GM places them
(:mod:`calculators.tracker.positions`): **Put on a square**, and the range of **Use an
ability**: 'A target is valid for an ability with Range X if the distance between them is X
or less' (seed ``004_…`` L178), the distance the greater of the two separations, halved
(rounded up) for a Blinded user or a Hidden target (assumption
``arts.assume_range_halved_twice`` when both), Range 1 read as 2 with Long Reach (L489).
Without positions nothing is measured.

>>> card_range({"fields": [{"Range": "4"}]}, 2), card_range({"fields": [{"Range": "[Tier]"}]}, 3)
(4, 3)
>>> card_range({"fields": [{"Range": "Self"}]}, 1) is None
True
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ....tracker import positions
from ....tracker.context import Ctx
from ..grid import MEASURE, effective_range

RULE = "arts.tracker_range"




HANDLERS = {"place": partial(positions.move, rule=RULE)}


def card_range(entry: dict[str, Any], tier: int) -> int | None:
    """An ability's Range X from its card (``[Tier]`` read at ``tier``); ``None`` for
    Self or a card without a Range."""
    for item in entry.get("fields", ()):
        text = str(item.get("Range", "")).strip()
        if text.isdigit():
            return int(text)
        if text == "[Tier]":
            return tier
    return None


def in_range_targets(entry: dict[str, Any], targets: list[str]) -> list[str]:
    """The targets the card's Range applies to: none for an Area or an Aura (Range reaches
    the area's square; who is in it is the GM's), only the first where the card names a
    second character placed from the first (Three Body Problem), else all.

    >>> in_range_targets({"fields": [{"Target": "Area 2"}]}, ["c2", "c3"])
    []
    >>> in_range_targets({"fields": [{"Target": "One character in range and a second "
    ...                                          "character within 4"}]}, ["c2", "c3"])
    ['c2']
    """
    text = " ".join(str(item.get("Target", "")) for item in entry.get("fields", ()))
    if "Area" in text or "Aura" in text:
        return []
    return targets[:1] if "second character" in text else targets


def check(
    ctx: Ctx, actor: str, targets: list[str], entry: dict[str, Any], tier: int, long_reach: bool
) -> list[dict[str, Any]]:
    """Each target's distance and the range it was checked against (the event's data);
    a target out of range refuses the ability. Targets without a square are skipped, and
    those the Range does not apply to (:func:`in_range_targets`)."""
    value = card_range(entry, tier)
    if value is None:
        return []
    targets = in_range_targets(entry, targets)
    if long_reach and value == 1:
        value = 2
    user = ctx.state["creatures"][actor]
    out = []
    for cid in targets:
        if cid == actor:
            continue
        target = ctx.state["creatures"][cid]
        reach, how = effective_range(
            value, "blinded" in user["statuses"], "hidden" in target["statuses"]
        )
        what = f"{entry['name']}" + (f" ({'; '.join(how)})" if how else "")
        data = positions.check_reach(ctx, MEASURE, actor, cid, reach, what, "targets")
        if data is not None:
            out.append({"target": cid, **data, "card_range": value})
    return out
