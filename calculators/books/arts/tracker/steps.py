"""A turn's Move, Act and Stance, in that order."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker import encounter
from ....tracker.context import Ctx
from .creature import speed


def _current(ctx: Ctx) -> str | None:
    return encounter.current_id(ctx.state)


def _own_turn(ctx: Ctx, cid: str, field: str, what: str) -> dict[str, Any]:
    c = ctx.state["creatures"][cid]
    if not ctx.state["round"] or _current(ctx) != cid:
        raise InputError(
            field,
            f"{c['name']} {what} only during their own turn: end the turns before "
            "theirs (End the turn) first.",
        )
    if c["dead"]:
        raise InputError(field, f"{c['name']} is dead: choose a living creature.")
    if c["incapacitated"]:
        raise InputError(
            field, f"{c['name']} is Incapacitated and cannot move, act, or take stances: end the "
                "turn."
        )
    return c


def _step(ctx: Ctx, cid: str, kind: str, field: str) -> None:
    """Check and record a Move, an Act or a Stance of ``cid``'s turn."""
    c = _own_turn(ctx, cid, field, {"move": "moves", "act": "acts"}.get(kind, "takes a stance"))
    steps, name, st = c["steps"], c["name"], c["statuses"]
    order = "a turn is Move, Act, Stance, in that order"
    if kind == "move":
        if "immobilized" in st:
            raise InputError(
                field,
                f"{name} is Immobilized and cannot move: act instead, or "
                "remove the status first.",
            )
        if "stunned" in st and "act" in steps:
            raise InputError(field, f"{name} is Stunned and has acted: Move or Act, not both.")
        if "stance" in steps or "forgo" in steps or "moved_after" in steps:
            raise InputError(field, f"{name} cannot move now: {order}; end the turn.")
        if "act" in steps and "free_move" not in steps:
            raise InputError(
                field,
                f"{name} has acted and cannot move again: {order}; end the "
                "turn.",
            )
        if "move" in steps and "free_move" not in steps:
            raise InputError(field, f"{name} has already moved this turn: act, or end the turn.")
        if "free_move" in steps:
            steps.remove("free_move")
            steps.append("moved_after")
        else:
            steps.append("move")
        ctx.say(f"{name} moves (Speed {speed(c)}).", "arts.action_economy", cid)
    elif kind == "act":
        if ctx.state["round"] == 1:
            raise InputError(field, f"{name} takes no actions in Round Zero: end the turn.")
        if "act" in steps:
            raise InputError(field, f"{name} has already acted this turn: end the turn.")
        if "stance" in steps:
            raise InputError(field, f"{name} has taken a stance: {order}; end the turn.")
        if "stunned" in st and "move" in steps:
            raise InputError(field, f"{name} is Stunned and has moved: Move or Act, not both.")
        steps.append("act")
    else:
        if "slowed" in st:
            raise InputError(
                field,
                f"{name} is Slowed and cannot take stances: move or act "
                "instead.",
            )
        if "stance" in steps:
            raise InputError(field, f"{name} has already taken a stance this turn: end the turn.")
        steps.append("stance")


def _move(ctx: Ctx, values: dict[str, Any]) -> None:
    _step(ctx, values["id"], "move", "id")


def _act(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    _step(ctx, cid, "act", "targets_enemy")
    c = ctx.state["creatures"][cid]
    after = ""
    if values["moves_after"]:
        c["steps"].append("free_move")
        after = " Their action lets them move afterwards."
    ctx.say(f"{c['name']} acts.{after}", "arts.action_economy", cid)
    if values["targets_enemy"] and "hidden" in c["statuses"]:
        del c["statuses"]["hidden"]
        ctx.say(f"{c['name']} targets an enemy: Hidden ends.", "arts.hidden", cid)


def _stance(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    name = values["name"].strip()
    if not name:
        raise InputError("name", "Name the stance.")
    _step(ctx, cid, "stance", "name")
    c = ctx.state["creatures"][cid]
    before = c["stance"]
    c["stance"] = name[:80]
    was = f" (was {before})" if before and before != c["stance"] else ""
    ctx.say(f"{c['name']} takes the stance {c['stance']}{was}.", "arts.action_economy", cid)


def _forgo_move(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _own_turn(ctx, cid, "id", "forgoes their Move")
    if "burning" not in c["statuses"]:
        raise InputError(
            "id",
            f"{c['name']} is not Burning: choose a creature that is, or add "
            "the status first.",
        )
    if c["steps"]:
        raise InputError(
            "id",
            f"{c['name']} can forgo only a Move not yet begun: end the turn "
            "instead.",
        )
    c["steps"].append("forgo")
    del c["statuses"]["burning"]
    ctx.say(f"{c['name']} forgoes their Move: Burning ends.", "arts.burning", cid)


def _actor(ctx: Ctx, target: str, field: str, what: str) -> str | None:
    """The creature whose turn it is takes ``what`` as its Act (none before the encounter)."""
    if not ctx.state["round"]:
        return None
    actor = _current(ctx)
    assert actor is not None
    if actor == target:
        raise InputError(
            field,
            f"{ctx.name(actor)} cannot use {what} on themselves: choose "
            "another creature.",
        )
    _step(ctx, actor, "act", field)
    return actor
