"""Statuses and hazards: applying and removing a status, breaking free of being bound, the
heal check against a poison, and falls."""

from __future__ import annotations

from typing import Any

from ....data import assumption_default
from ....errors import InputError
from ....tracker.context import Ctx
from ..checks import pool_size
from ..rules import A_MIN_POOL, A_STAT_DICE
from .actions import _own_turn
from .health import _alive, _roll_damage
from .reading import effective
from .terms import A_HALVES, A_POISON, BOUND_PENALTY, NO_ACTIONS, STATUSES, assumed


def _apply(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "status")
    key = values["status"]
    label, rule = STATUSES[key]
    statuses = c["statuses"]
    if key in statuses:
        raise InputError(
            "status",
            f"{c['name']} is already {label.lower()}: choose another "
            "creature.",
        )
    own_turn = ctx.state["round"] and ctx.state["order"][ctx.state["turn"]] == cid
    if key == "poisoned":
        level = values["level"]
        rolled = ctx.roll(
            f"{level} + 1d10", {}, f"{c['name']}'s poison heal check number", rule, cid
        )
        statuses[key] = level
        c["poison_dc"] = rolled
        c["poison_damage"] = values["per_turn"]
        ctx.say(
            f"{c['name']} is poisoned (level {level}, {values['per_turn']} damage each turn): "
            f"a heal check of {rolled} or more removes it ({assumed(A_POISON)}).",
            rule,
            cid,
        )
        return
    statuses[key] = 0 if key == "hypothermia" else None
    text = {
        "bound": "cannot move and gets only the Offensive action of a turn",
        "frozen": "is bound and in the cold (at risk of hypothermia)",
        "paralyzed": "cannot move or take actions",
        "fear": "loses the Offensive action of their next turn",
        "burning": "takes 1d6 fire damage each turn",
        "hypothermia": "loses 2d6 health for every 15 minutes in the cold",
        "charmed": "is controlled by the charmer",
        "invisible": "cannot be seen",
    }[key]
    ctx.say(f"{c['name']} is {label.lower()}: {text}.", rule, cid)
    if key == "frozen" and "hypothermia" not in statuses:
        statuses["hypothermia"] = 0
        ctx.say(
            f"{c['name']} is in the cold: 2d6 health lost every 15 minutes.",
            "glittershard.hypothermia",
            cid,
        )
    if own_turn:
        left = c["left"]
        if key in ("bound", "frozen"):
            left.update(units=0, trivial=0)
        elif key == "paralyzed":
            c["left"] = dict(NO_ACTIONS)
        elif key == "fear":
            left["offensive"] = 0
            statuses["fear"] = 1


def _cure_poison(c: dict[str, Any]) -> None:
    c["statuses"].pop("poisoned", None)
    c["poison_dc"] = None
    c["poison_damage"] = None
    c["pending"] = [p for p in c["pending"] if p["check"] != "poison_heal"]


def _remove_status(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    key = values["status"]
    label, rule = STATUSES[key]
    if key not in c["statuses"]:
        raise InputError(
            "status",
            f"{c['name']} is not {label.lower()}: choose a creature that "
            "is, or add the status first.",
        )
    if key == "poisoned":
        _cure_poison(c)
    else:
        del c["statuses"][key]
    ctx.say(f"{c['name']} is no longer {label.lower()}.", rule, values["id"])


def _break_free(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _own_turn(ctx, cid, "against")
    if "bound" not in c["statuses"]:
        raise InputError(
            "against",
            f"{c['name']} is not bound: choose a creature that is, or "
            "add the status first.",
        )
    if c["left"]["offensive"] < 1:
        raise InputError(
            "against",
            f"{c['name']} has no Offensive action left to break free: "
            "wait for their next turn.",
        )
    c["left"]["offensive"] -= 1
    bwn = effective(c)["bwn"]
    dice, how = pool_size(
        bwn,
        False,
        0,
        -BOUND_PENALTY,
        assumption_default(A_STAT_DICE),
        assumption_default(A_MIN_POOL),
    )
    if c["exhaustion"] >= 3:
        dice = max(1, dice // 2)
        how += f"; Exhausted: half as many d6, {dice}d6 ({assumed(A_HALVES)})"
    c["pending"].append(
        {
            "check": "break_free",
            "label": f"Bwn d6 check to break free ({how})",
            "expression": f"{dice}d6",
            "names": {},
            "op": ">=",
            "target": values["against"],
            "rule": "glittershard.bound",
        }
    )
    ctx.say(
        f"{c['name']} spends the Offensive action to break free: {dice}d6 against the "
        f"holder's {values['against']}, ties to {c['name']}.",
        "glittershard.bound",
        cid,
    )


def _treat_poison(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "id")
    if "poisoned" not in c["statuses"] or c["poison_dc"] is None:
        raise InputError(
            "id",
            f"{c['name']} is not poisoned: choose a creature that is "
            "Poisoned, or add the status first.",
        )
    if any(p["check"] == "poison_heal" for p in c["pending"]):
        raise InputError(
            "id",
            f"A heal check against {c['name']}'s poison is already waiting: "
            "resolve it first.",
        )
    c["pending"].append(
        {
            "check": "poison_heal",
            "label": "Heal check against the poison",
            "expression": "",
            "names": {},
            "op": ">=",
            "target": c["poison_dc"],
            "rule": "glittershard.poisoned",
        }
    )
    ctx.say(
        f"A heal check against {c['name']}'s poison needs {c['poison_dc']} or more.",
        "glittershard.poisoned",
        cid,
    )


def _fall(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "units")
    units = values["units"]
    ctx.say(f"{c['name']} falls {units} units: {units}d6 damage.", "glittershard.fall", cid)
    _roll_damage(ctx, cid, "fall", units, "Fall", "glittershard.fall")
