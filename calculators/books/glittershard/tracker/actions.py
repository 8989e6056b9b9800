"""A turn's actions: the turn order roll, the Offensive, Movement and Trivial actions and
their trades, the defensive posture and once-per-battle skills."""

from __future__ import annotations

import sys
from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from ....tracker.encounter import sort_order
from ..rules import (
    A_TURN_TIES,
    OFFENSIVE_TRADE_UNITS,
    TRIVIAL_TRADE_UNITS,
    TURN_ORDER_DIE,
)
from ..tables import movement_costs
from .health import _conscious
from .reading import effective, goal
from .terms import POSTURES, assumed

SYSTEM_MODULE = __name__.rpartition(".")[0]
"""The tracker module of the system (this package), whose ``order_key`` sorts the order."""


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    started = bool(state["round"])
    ids = [
        cid
        for cid in state["order"]
        if not started or state["creatures"][cid]["initiative"] is None
    ]
    if not ids:
        raise InputError("op", "Everyone already has a turn order score: start the battle.")
    for cid in ids:
        c = state["creatures"][cid]
        nim = effective(c)["nim"]
        ctx.roll(
            f"1d{TURN_ORDER_DIE} + nim",
            {"nim": nim},
            f"{c['name']}'s turn order (Nimbleness {nim:+d} + 1d{TURN_ORDER_DIE})",
            "glittershard.turn_order",
            cid,
            into="initiative",
        )
        c["tiebreak"] = 0
    groups: dict[tuple[int, int], list[str]] = {}
    for cid in state["order"]:
        c = state["creatures"][cid]
        if c["initiative"] is not None:
            groups.setdefault((c["initiative"], effective(c)["nim"]), []).append(cid)
    for (score, nim), tied in groups.items():
        if len(tied) < 2 or not any(cid in ids for cid in tied):
            continue
        names = " and ".join(ctx.name(cid) for cid in tied)
        ctx.say(
            f"{names} tie at {score} with Nimbleness {nim:+d}: a secondary d10 each, "
            f"rolled again while equal ({assumed(A_TURN_TIES)}).",
            "glittershard.turn_order",
        )
        for _ in range(100):
            rolls = [
                ctx.roll(
                    f"1d{TURN_ORDER_DIE}",
                    {},
                    f"{ctx.name(cid)}'s secondary d10",
                    "glittershard.turn_order",
                    cid,
                )
                for cid in tied
            ]
            if len(set(rolls)) == len(rolls):
                break
        for cid, roll in zip(tied, rolls, strict=True):
            state["creatures"][cid]["tiebreak"] = roll
    if started:
        sort_order(sys.modules[SYSTEM_MODULE], state)


def _own_turn(ctx: Ctx, cid: str, field: str) -> dict[str, Any]:
    c = _conscious(ctx, cid, field)
    state = ctx.state
    if state["round"] == 0 or state["order"][state["turn"]] != cid:
        raise InputError(
            field,
            f"{c['name']} acts during their own turn: end the turns before theirs "
            "(End the turn) first.",
        )
    if "paralyzed" in c["statuses"]:
        raise InputError(field, f"{c['name']} is paralyzed and cannot take actions: end the turn.")
    return c


def _act(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _own_turn(ctx, cid, "kind")
    left = c["left"]
    kind = values["kind"]
    name = c["name"]
    if kind in ("offensive", "trade_offensive") and left["offensive"] < 1:
        raise InputError("kind", f"{name} has no Offensive action left this turn: end the turn.")
    if kind == "offensive":
        if values["slow"] > left["units"]:
            raise InputError(
                "slow",
                f"The slow action needs {values['slow']} units of movement; {name} has "
                f"{left['units']} left: take a cheaper one, or end the turn.",
            )
        left["offensive"] -= 1
        left["units"] -= values["slow"]
        slow = f" (slow: {values['slow']} units)" if values["slow"] else ""
        ctx.say(
            f"{name} takes the Offensive action{slow}; left: {_left(left)}.",
            "glittershard.actions" if not values["slow"] else "glittershard.trades",
            cid,
        )
    elif kind == "trivial":
        if left["trivial"] < 1:
            raise InputError("kind", f"{name} has no Trivial action left this turn: end the turn.")
        left["trivial"] -= 1
        ctx.say(f"{name} takes a Trivial action; left: {_left(left)}.", "glittershard.actions", cid)
    elif kind == "movement":
        costs = {n: (label, cost) for n, label, cost in movement_costs()}
        label, cost = costs[values["move"]]
        moves = values["move"] not in ("going_prone", "standing_up")
        if moves and ("bound" in c["statuses"] or "frozen" in c["statuses"]):
            raise InputError("move", f"{name} is bound and cannot move: break free first.")
        units = cost * values["count"]
        if units > left["units"]:
            raise InputError(
                "count",
                f"{label} × {values['count']} costs {units} units of movement; {name} has "
                f"{left['units']} left: take a cheaper one, or end the turn.",
            )
        left["units"] -= units
        if values["move"] == "going_prone":
            c["prone"] = True
        elif values["move"] == "standing_up":
            c["prone"] = False
        ctx.say(
            f"{name}: {label} × {values['count']} for {units} units ({cost} each); left: "
            f"{_left(left)}.",
            "glittershard.actions",
            cid,
        )
    elif kind == "trade_offensive":
        left["offensive"] -= 1
        left["units"] += OFFENSIVE_TRADE_UNITS
        ctx.say(
            f"{name} trades the Offensive action for {OFFENSIVE_TRADE_UNITS} more units of "
            f"movement; left: {_left(left)}.",
            "glittershard.trades",
            cid,
        )
    else:
        if left["units"] < TRIVIAL_TRADE_UNITS:
            raise InputError(
                "kind",
                f"A Trivial action costs {TRIVIAL_TRADE_UNITS} units of movement; {name} has "
                f"{left['units']} left: take a cheaper one, or end the turn.",
            )
        left["units"] -= TRIVIAL_TRADE_UNITS
        left["trivial"] += 1
        ctx.say(
            f"{name} trades {TRIVIAL_TRADE_UNITS} units of movement for a Trivial action; "
            f"left: {_left(left)}.",
            "glittershard.trades",
            cid,
        )


def _left(left: dict[str, int]) -> str:
    return f"{left['offensive']} Offensive, {left['units']} units, {left['trivial']} Trivial"


def _posture(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _conscious(ctx, values["id"], "posture")
    c["posture"] = values["posture"]
    armor, dodge = goal(c)
    extra = f", dodge {dodge}" if values["posture"] == "dodgy" else ""
    ctx.say(
        f"{c['name']} takes a {POSTURES[values['posture']]} posture (a free action): armor "
        f"value {armor}{extra}.",
        "glittershard.posture",
        values["id"],
    )


def _battle_skill(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _conscious(ctx, values["id"], "name")
    name = values["name"].strip()
    if not name:
        raise InputError("name", "Name the skill.")
    if name in c["battle_used"]:
        raise InputError(
            "name", f"{c['name']} has already used {name}: a short rest refreshes it, so rest "
            "first."
        )
    if len(c["battle_used"]) >= 40:
        raise InputError(
            "name",
            "That is more once-per-battle skills than the tracker keeps: "
            "rest first.",
        )
    c["battle_used"].append(name)
    ctx.say(
        f"{c['name']} uses {name}, once per battle: again after a short rest.",
        "glittershard.once_per_battle",
        values["id"],
    )
