"""The checks a Pendragon creature makes (the Difficulty with the wound penalty, the dice
the setting names) and what their outcomes do: unconsciousness, rallying, revival;
death by Wounds, and whether a creature can act at all.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from ..rules import A_MEET
from .declarations import A_DICE


def _needs(ctx: Ctx, difficulty: int, wounds: int) -> tuple[str, int]:
    """The comparison and target of a check: the Difficulty plus the wound penalty."""
    higher = ctx.setting(A_MEET) == "higher"
    return ">=", difficulty + wounds + (1 if higher else 0)


def _dice(ctx: Ctx) -> str:
    return str(ctx.setting(A_DICE) or "").strip()


def _check(
    ctx: Ctx, kind: str, label: str, difficulty: int, wounds: int, bonus: int, rule: str
) -> dict[str, Any]:
    op, target = _needs(ctx, difficulty, wounds)
    extra = f", +{wounds} for the wound penalty" if wounds else ""
    return {
        "check": kind,
        "label": f"{label} (Difficulty {difficulty}{extra})",
        "expression": _dice(ctx),
        "names": {"bonus": bonus},
        "op": op,
        "target": target,
        "rule": rule,
    }


def _can_act(ctx: Ctx, cid: str, field: str) -> None:
    creature = ctx.state["creatures"][cid]
    if creature["dead"]:
        raise InputError(
            field,
            f"{creature['name']} is dead and cannot take any actions: choose "
            "a living creature.",
        )
    if creature["unconscious"]:
        raise InputError(
            field,
            f"{creature['name']} is unconscious and cannot take any actions: "
            "revive them first.",
        )


def _death(ctx: Ctx, cid: str) -> None:
    creature = ctx.state["creatures"][cid]
    limit = 6 + creature["body"]
    if not creature["dead"] and creature["wounds"] > limit:
        creature["dead"] = True
        creature["unconscious"] = False
        creature["pending"] = []
        ctx.say(
            f"{creature['name']} dies: {creature['wounds']} Wounds exceed 6 + Body "
            f"{creature['body']} = {limit}.",
            "pendragon.death",
            cid,
        )


def _wake(ctx: Ctx, cid: str, how: str, rule: str) -> None:
    c = ctx.state["creatures"][cid]
    c["unconscious"] = False
    c["pending"] = [p for p in c["pending"] if p["check"] not in ("rally", "revive")]
    ctx.say(f"{c['name']} {how} and may act as normal during subsequent turns.", rule, cid)


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """The outcome of a check the creature (or an ally) made."""
    c = ctx.state["creatures"][cid]
    if check["check"] == "unconscious" and not success:
        c["unconscious"] = True
        ctx.say(
            f"{c['name']} falls unconscious and cannot take any actions.",
            "pendragon.unconsciousness",
            cid,
        )
    elif check["check"] == "rally" and success:
        _wake(ctx, cid, "rallies", "pendragon.rally")
    elif check["check"] == "revive" and success:
        _wake(ctx, cid, "is revived", "pendragon.revive")
