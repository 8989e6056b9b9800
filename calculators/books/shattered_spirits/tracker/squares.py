"""Creatures on squares in the Shattered Spirits tracker, where the GM places them
(:mod:`calculators.tracker.positions`): **Move**, and **Check an Attack's reach**, which
measures from the attacker to its target by the book's measure (seed ``000_…`` L79: 'take
the greater of the horizontal and vertical difference'), refuses a Melee Attack on a target
that is not adjacent (L78) and a Ranged one beyond the Technique's Range, and counts the
hostile creatures adjacent to a Ranged attacker: -1 to the Attack Roll each, negated with 1
Focus each (L80). Which spaces are adjacent follows assumption
``shattered_spirits.adjacent_spaces``, a setting the GM may change (:data:`SETTINGS`).
Without positions nothing is measured.

>>> from calculators.tracker import encounter
>>> import calculators.books.shattered_spirits.tracker as s
>>> st = encounter.blank(s)
>>> for c in ({"name": "Kira", "x": 0, "y": 0}, {"name": "Wolf", "side": "enemies", "x": 1,
...           "y": 1}, {"name": "Ash", "side": "enemies", "x": 4, "y": 0}):
...     st, _ = encounter.act(s, st, {"op": "add", "creature": c})
>>> st, ev = encounter.act(s, st, {"op": "reach", "id": "c1", "target": "Ash",
...                                "range_kind": "ranged", "max_range": 5})
>>> ev[0]["text"]
'Kira attacks Ash at 4 squares (Range 5): in reach. 1 hostile creature adjacent to Kira \
(Wolf): −1 to the Attack Roll, or 1 Focus to negate it.'
>>> ev[0]["reach"]["distance"], ev[0]["reach"]["attack_modifier"]
(4, -1)
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ....errors import InputError
from ....format import plural, with_sign
from ....grid.geometry import adjacent
from ....tracker import positions
from ....tracker.context import Ctx
from ..grid import A_ADJACENT, MEASURE
from ..rules import FOCUS_PER_HOSTILE

RULE = "shattered_spirits.tracker_reach"
PENALTY = "shattered_spirits.tracker_ranged_penalty"


def _hostiles_adjacent(ctx: Ctx, cid: str, diagonals: bool) -> list[str]:
    me = ctx.state["creatures"][cid]
    square = positions.where(me)
    if square is None:
        return []
    return [
        str(c["name"])
        for c in ctx.state["creatures"].values()
        if c["side"] != me["side"]
        and (there := positions.where(c)) is not None
        and adjacent(square, there, diagonals)
    ]


def _reach(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    target = positions.by_name(ctx, values["target"], "target")
    if target == cid:
        raise InputError("target", "An Attack's target is another creature: name it.")
    me, them = ctx.name(cid), ctx.name(target)
    melee = values["range_kind"] == "melee"
    reach = 1 if melee else values["max_range"]
    what = "a Melee Attack (adjacent only)" if melee else "the Attack"
    data = positions.check_reach(ctx, MEASURE, cid, target, reach, what)
    if data is None:
        ctx.say(f"{me} attacks {them}: not both on squares, so reach is not measured.", RULE,
                cid)
        return
    diagonals = bool(ctx.setting(A_ADJACENT))
    mine = positions.where(ctx.state["creatures"][cid])
    theirs = positions.where(ctx.state["creatures"][target])
    if melee and mine and theirs and not adjacent(mine, theirs, diagonals):
        raise InputError(
            "range",
            f"{them} is diagonal to {me}, and only spaces sharing a side are adjacent: move "
            "first, then try again.",
        )
    text = f"{me} attacks {them} at {plural(data['distance'], 'square')} " + (
        "(Melee: adjacent)" if melee else f"(Range {reach})"
    ) + ": in reach."
    if melee:
        ctx.say(text, RULE, cid, reach=data)
        return
    near = _hostiles_adjacent(ctx, cid, diagonals)
    data["adjacent_hostiles"] = len(near)
    data["attack_modifier"] = -len(near)
    data["focus_to_negate"] = len(near) * FOCUS_PER_HOSTILE
    if near:
        text += (
            f" {plural(len(near), 'hostile creature')} adjacent to {me} ({', '.join(near)}): "
            f"{with_sign(-len(near))} to the Attack Roll, or {len(near) * FOCUS_PER_HOSTILE} "
            "Focus to negate it."
        )
        ctx.say(text, PENALTY, cid, reach=data)
    else:
        ctx.say(text + " No hostile creature is adjacent.", RULE, cid, reach=data)


HANDLERS = {"move": partial(positions.move, rule=RULE), "reach": _reach}

ADDED_SETTINGS = (A_ADJACENT,)
"""Settings added after saves were made: an old save gets their defaults."""

__all__ = ["ADDED_SETTINGS", "HANDLERS"]
