"""Statuses and Buffs: applied, stacked, warded, ended; a Disoriented step."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from .creature import speed
from .declarations import BUFF_NAMES, MARK, PARAMETER, STATUS_ENTRIES


def _status(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("status", f"{c['name']} is dead: choose a living creature.")
    key = values["status"]
    name = STATUS_ENTRIES[key]["name"]
    if c["buff"] == f"ward_{key}":
        ctx.say(
            f"{c['name']}'s Selective Ward: immune to {name}, which gets no more stacks.",
            "arts.selective_ward",
            cid,
        )
        return
    rule = key if key in ("hidden", MARK) else "statuses"
    if key in PARAMETER:
        before = c["statuses"].get(key)
        after = (before or 0) + values["amount"]
        if after > 999:
            raise InputError("amount", "A status holds at most 999 stacks: give fewer.")
        c["statuses"][key] = after
        if before:
            ctx.say(
                f"{c['name']} gains +{values['amount']} {name}: {name} {before} → {after}.",
                "arts.stacking",
                cid,
            )
        else:
            ctx.say(f"{c['name']} gains {name} {after}.", f"arts.{rule}", cid)
    elif key in c["statuses"]:
        ctx.say(f"{c['name']} is already {name}.", f"arts.{rule}", cid)
        return
    else:
        c["statuses"][key] = None
        ctx.say(f"{c['name']} is now {name}.", f"arts.{rule}", cid)
    if key == "slowed":
        ctx.say(
            f"Slowed: {c['name']}'s Speed is {speed(c)} (−2) and they cannot take stances.",
            "arts.slowed",
            cid,
        )
    elif key == "immobilized":
        ctx.say(
            f"Immobilized: {c['name']} cannot move except by teleportation or by another effect.",
            "arts.immobilized",
            cid,
        )


def _end_status(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    key = values["status"]
    name = STATUS_ENTRIES[key]["name"]
    if key not in c["statuses"]:
        raise InputError(
            "status",
            f"{c['name']} is not {name}: choose a creature that is, or "
            "add the status first.",
        )
    del c["statuses"][key]
    ctx.say(
        f"{name} on {c['name']} ends.", "arts.hidden" if key == "hidden" else "arts.statuses", cid
    )


def _buff(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("buff", f"{c['name']} is dead: choose a living creature.")
    new, old = values["buff"], c["buff"]
    if new == old:
        raise InputError(
            "buff",
            f"{c['name']} already benefits from {BUFF_NAMES[new]}: choose "
            "another Buff.",
        )
    if old is not None and not values["replace"]:
        ctx.say(
            f"{c['name']} already benefits from {BUFF_NAMES[old]} and declines "
            f"{BUFF_NAMES[new]}: one Buff at a time.",
            "arts.buffs",
            cid,
        )
        return
    if old is not None:
        ctx.say(
            f"{c['name']} ends {BUFF_NAMES[old]} to take {BUFF_NAMES[new]}: one Buff at a time.",
            "arts.buffs",
            cid,
        )
    c["buff"] = new
    ctx.say(
        f"{c['name']} benefits from {BUFF_NAMES[new]} until the end of combat.", "arts.buffs", cid
    )
    if new == "hastened":
        ctx.say(
            f"Hastened: {c['name']}'s Speed is {speed(c)} (+2) and REF rolls have +1 Boon.",
            "arts.hastened",
            cid,
        )
    elif new.startswith("ward_") and new != "ward_terrain":
        key = new.removeprefix("ward_")
        if key in c["statuses"]:
            ctx.say(
                f"Selective Ward: the {STATUS_ENTRIES[key]['name']} {c['name']} has stays and "
                "counts down as normal.",
                "arts.selective_ward",
                cid,
            )


def _end_buff(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["buff"] is None:
        raise InputError("id", f"{c['name']} has no Buff: give one first.")
    ctx.say(f"{BUFF_NAMES[c['buff']]} on {c['name']} ends.", "arts.buffs", cid)
    c["buff"] = None


def _disoriented(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if "disoriented" not in c["statuses"]:
        raise InputError(
            "id",
            f"{c['name']} is not Disoriented: choose a creature that is, or "
            "add the status first.",
        )
    if c["dead"] or c["incapacitated"] or "immobilized" in c["statuses"]:
        raise InputError("id", f"{c['name']} cannot move: leave them where they are.")
    total = ctx.roll(
        "2d6",
        {},
        f"{c['name']} tries to step while Disoriented (2d6; a 7, chance 1/6, steps as intended)",
        "arts.disoriented",
        cid,
    )
    if total == 7:
        del c["statuses"]["disoriented"]
        ctx.say(f"{c['name']} steps as intended: Disoriented ends.", "arts.disoriented", cid)
        return
    way = "clockwise" if total > 7 else "counterclockwise"
    count = abs(total - 7)
    ctx.say(
        f"{c['name']} steps instead to the square {count} {way} from the intended one, "
        "counting around their starting square.",
        "arts.disoriented",
        cid,
    )
