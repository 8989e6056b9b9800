"""Creatures on tiles in the Glittershard's End tracker, where the GM places them
(:mod:`calculators.tracker.positions`): **Move**, and **Check an item's reach** (seed
``002_…`` L415, Item ranges): a melee weapon is used on an adjacent tile, one with reach
across a one tile gap; a ranged weapon may be used past its maximum range at a 2 die
penalty to hit, which the event states. The rulebook gives no measure of distance:
assumption ``glittershard.grid_distance`` chooses one, ``glittershard.reach_adjacent``
whether reach keeps the adjacent tile (their defaults; the Item range calculator takes
either reading). Without positions nothing is measured.

>>> from calculators.tracker import encounter
>>> import calculators.books.glittershard.tracker as g
>>> st = encounter.blank(g)
>>> for c in ({"name": "Kira", "x": 0, "y": 0}, {"name": "Wolf", "x": 8, "y": 3}):
...     st, _ = encounter.act(g, st, {"op": "add", "creature": c})
>>> st, ev = encounter.act(g, st, {"op": "item_reach", "id": "c1", "target": "Wolf",
...                                "weapon": "ranged", "max_range": 6})
>>> ev[0]["text"]
'Kira uses a ranged weapon on Wolf, 8 tiles away: beyond its maximum range 6, 2 dice fewer \
to hit.'
>>> ev[0]["reach"]["penalty_dice"]
2
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ....errors import InputError
from ....tracker import positions
from ....tracker.context import Ctx
from ..grid import DISTANCE, REACH_ADJACENT, compute_item_range

RULE = "glittershard.tracker_item_range"


_WEAPON = {"melee": "a melee weapon", "reach": "a melee weapon with reach",
           "ranged": "a ranged weapon"}


def _item_reach(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    target = positions.by_name(ctx, values["target"], "target")
    if target == cid:
        raise InputError("target", "The target is another creature: name it.")
    me, them = ctx.name(cid), ctx.name(target)
    weapon = values["weapon"]
    here = positions.where(ctx.state["creatures"][cid])
    there = positions.where(ctx.state["creatures"][target])
    if here is None or there is None:
        ctx.say(f"{me} uses {_WEAPON[weapon]} on {them}: not both on tiles, so reach is not "
                "measured.", RULE, cid)
        return
    result = compute_item_range(weapon, values["max_range"], there.x - here.x,
                                there.y - here.y, DISTANCE, REACH_ADJACENT)
    d = result["distance"]
    if not result["usable"]:
        raise InputError(
            "target",
            f"{them} is {d} tiles from {me}; {_WEAPON[weapon]} is used on "
            + ("an adjacent tile" if weapon == "melee" else "a target across a one tile gap")
            + ": move first, then try again.",
        )
    data = {"distance": d, "in_range": result["in_range"],
            "penalty_dice": result["penalty_dice"], "measure": DISTANCE}
    text = f"{me} uses {_WEAPON[weapon]} on {them}, {d} tiles away: "
    if weapon != "ranged":
        text += "in reach."
    elif result["in_range"]:
        text += f"within its maximum range {values['max_range']}."
    else:
        text += (f"beyond its maximum range {values['max_range']}, "
                 f"{result['penalty_dice']} dice fewer to hit.")
    ctx.say(text, RULE, cid, reach=data)


HANDLERS = {"move": partial(positions.move, rule=RULE), "item_reach": _item_reach}

__all__ = ["HANDLERS"]
