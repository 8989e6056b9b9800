"""The rolls against a Tolerance, Incapacity and death."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from .creature import tolerance
from .declarations import A_INCAPACITY, INCAPACITY_ROLL, LOAD_MAX, LOADS


def _roll_against(ctx: Ctx, cid: str, kind: str, label: str, rule: str) -> None:
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    c["pending"].append(
        {
            "check": f"incapacity:{kind}",
            "label": f"{label}: {INCAPACITY_ROLL} + {c[kind]} {word} against {word} Tolerance "
            f"{tolerance(c, kind)}",
            "expression": f"{INCAPACITY_ROLL} + load",
            "names": {"load": c[kind]},
            "op": "<=",
            "target": tolerance(c, kind),
            "rule": rule,
        }
    )


def _after_load(ctx: Ctx, cid: str, kind: str, label: str, rule: str) -> None:
    """The roll that follows Fatigue or Stress added, unless it is already Incapacitated by it."""
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    if kind in c["incapacitated"]:
        ctx.say(
            f"{c['name']} is already Incapacitated ({word}): no roll.",
            "arts.incapacity",
            cid,
            assumption=A_INCAPACITY,
        )
        return
    _roll_against(ctx, cid, kind, label, rule)
    ctx.say(
        f"Whenever {word} is added the GM rolls {INCAPACITY_ROLL} + the {word} carried "
        f"({c[kind]}) against {c['name']}'s {word} Tolerance {tolerance(c, kind)}: a total "
        "above it incapacitates.",
        rule,
        cid,
    )


def _add_load(ctx: Ctx, cid: str, kind: str, amount: int, field: str, why: str) -> None:
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    before = c[kind]
    if before + amount > LOAD_MAX:
        raise InputError(field, f"The tracker keeps at most {LOAD_MAX} {word}: remove one first.")
    c[kind] = before + amount
    ctx.say(f"{c['name']} {why}{amount} {word}: {word} {before} → {c[kind]}.", _LOAD_RULE, cid)


_LOAD_RULE = "arts.fatigue_stress"


def _incapacitate(ctx: Ctx, cid: str, kind: str) -> None:
    c = ctx.state["creatures"][cid]
    c["incapacitated"].append(kind)
    c["incapacitated"].sort()
    ctx.say(
        f"{c['name']} is Incapacitated ({LOADS[kind]}) and cannot move, act, or take stances.",
        "arts.incapacity",
        cid,
    )
    _decline(ctx, cid, kind, "upon becoming Incapacitated")


def _decline(ctx: Ctx, cid: str, kind: str, when: str) -> None:
    """The Tolerance and the load each lose 1; then death, or the load at zero ends it."""
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    tol, load = tolerance(c, kind), c[kind]
    c[f"{kind}_lost"] += 1
    c[kind] = max(0, load - 1)
    ctx.say(
        f"{c['name']} {when}: {word} Tolerance {tol} → {tol - 1}, {word} {load} → {c[kind]}.",
        "arts.incapacity_decline",
        cid,
    )
    _death(ctx, cid)
    _load_zero(ctx, cid, kind)


def _death(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    for kind, word in LOADS.items():
        if not c["dead"] and tolerance(c, kind) <= 0:
            c["dead"] = True
            c["incapacitated"] = []
            c["pending"] = []
            c["delayed"] = []
            ctx.say(f"{c['name']} dies: their {word} Tolerance has reached 0.", "arts.death", cid)


def _load_zero(ctx: Ctx, cid: str, kind: str) -> None:
    c = ctx.state["creatures"][cid]
    if not c["dead"] and kind in c["incapacitated"] and c[kind] == 0:
        _end_incapacity(ctx, cid, [kind], f"their {LOADS[kind]} is reduced to zero")


def _end_incapacity(ctx: Ctx, cid: str, kinds: list[str], why: str) -> None:
    c = ctx.state["creatures"][cid]
    for kind in kinds:
        if kind in c["incapacitated"]:
            c["incapacitated"].remove(kind)
            ctx.say(
                f"{c['name']} is no longer Incapacitated ({LOADS[kind]}): {why}.",
                "arts.incapacity_end",
                cid,
            )


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """A failed roll against a Tolerance incapacitates (Spirit Armor rerolls it first)."""
    if success or not check["check"].startswith("incapacity:"):
        return
    c = ctx.state["creatures"][cid]
    kind = check["check"].partition(":")[2]
    if c["dead"] or kind in c["incapacitated"]:
        return
    if c["buff"] == "spirit_armor":
        c["buff"] = None
        c["pending"].append(
            {
                **check,
                "label": f"Spirit Armor reroll: {check['label']}",
                "rule": "arts.spirit_armor",
            }
        )
        ctx.say(
            f"{c['name']}'s Spirit Armor: the failed roll is rerolled; the Buff ends.",
            "arts.spirit_armor",
            cid,
        )
        return
    _incapacitate(ctx, cid, kind)
