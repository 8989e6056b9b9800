"""Fatigue, Stress and the ways back: harm, Recover, Resuscitate, Coup de Grace,
convalescence."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker import encounter
from ....tracker.context import Ctx
from .creature import tolerance
from .declarations import A_NEGATIVE, A_RESILIENCE, LOADS, NEGATIVE, STATUS_ENTRIES, _module
from .loads import _LOAD_RULE, _add_load, _after_load, _end_incapacity, _load_zero
from .steps import _actor, _current, _step


def _harm(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("amount", f"{c['name']} is dead: choose a living creature.")
    kind, amount, defense = values["kind"], values["amount"], values["defense"]
    if values["adrenaline"]:
        if kind != "stress":
            raise InputError(
                "adrenaline",
                "Adrenaline takes Stress as Fatigue; this is Fatigue: "
                "take it as Fatigue.",
            )
        if "adrenaline" in c["used"]:
            raise InputError(
                "adrenaline",
                f"{c['name']} has already used Adrenaline this round: "
                "wait for the next round.",
            )
        c["used"].append("adrenaline")
        kind = "fatigue"
        ctx.say(
            f"{c['name']}'s Adrenaline: the Stress is taken as Fatigue; not again this round.",
            "arts.adrenaline",
            cid,
        )
    if defense == "resilience_success" and amount > 1:
        ctx.say(
            f"Resilience succeeded: {c['name']} takes no more than one point of {amount}.",
            "arts.resilience",
            cid,
            assumption=A_RESILIENCE,
        )
        amount = 1
    _add_load(ctx, cid, kind, amount, "amount", "takes ")
    word = LOADS[kind]
    if defense == "resilience_success":
        ctx.say(
            f"Resilience succeeded: {c['name']} skips the roll to become Incapacitated.",
            "arts.resilience",
            cid,
        )
    elif defense == "resilience_failure" and kind not in c["incapacitated"]:
        own = _current(ctx) == cid
        c["delayed"].append({"kind": kind, "skip": own})
        ctx.say(
            f"Resilience failed: {c['name']}'s roll against {word} Tolerance is delayed "
            "until the end of their next turn.",
            "arts.resilience",
            cid,
            assumption=A_RESILIENCE,
        )
    else:
        if defense == "resilience_failure_critical":
            ctx.say(
                "Resilience failed against a Critical: the roll is not delayed.",
                "arts.resilience",
                cid,
            )
        _after_load(ctx, cid, kind, f"Roll to avoid Incapacity ({word})", "arts.incapacity")


def _reduce(ctx: Ctx, cid: str, kind: str, amount: int, rule: str, how: str) -> None:
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    before = c[kind]
    c[kind] = max(0, before - amount)
    ctx.say(f"{c['name']} {how}: {word} {before} → {c[kind]}.", rule, cid)
    _load_zero(ctx, cid, kind)


def _recover(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    _step(ctx, cid, "act", "how")
    c = ctx.state["creatures"][cid]
    how = values["how"]
    cuts = {
        "fatigue": {"fatigue": 1},
        "stress": {"stress": 1},
        "fatigue2": {"fatigue": 2},
        "stress2": {"stress": 2},
        "both": {"fatigue": 1, "stress": 1},
    }[how]
    extra = " with Enhanced Recovery" if how in ("fatigue2", "stress2", "both") else ""
    for kind, amount in cuts.items():
        _reduce(ctx, cid, kind, amount, "arts.recover", f"takes the Recover action{extra}")
    if "burning" in c["statuses"]:
        del c["statuses"]["burning"]
        ctx.say(f"{c['name']} took the Recover action: Burning ends.", "arts.burning", cid)


def _relieve(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    if ctx.state["creatures"][cid]["dead"]:
        raise InputError("amount", f"{ctx.name(cid)} is dead: choose a living creature.")
    _reduce(ctx, cid, values["kind"], values["amount"], _LOAD_RULE, "is relieved by an ability")


def _resuscitate(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"] or not c["incapacitated"]:
        raise InputError(
            "id",
            f"{c['name']} is not Incapacitated: choose an Incapacitated creature.",
        )
    actor = _actor(ctx, cid, "id", "Resuscitate")
    by = f" by {ctx.name(actor)}" if actor else ""
    c["incapacitated"] = []
    halves = {k: (c[k], c[k] // 2) for k in LOADS}
    for k, (_, half) in halves.items():
        c[k] = half
    cleared = [STATUS_ENTRIES[k]["name"] for k in NEGATIVE if k in c["statuses"]]
    for key in NEGATIVE:
        c["statuses"].pop(key, None)
    loads = ", ".join(f"{LOADS[k]} {a} → {b}" for k, (a, b) in halves.items())
    gone = f"; statuses cleared: {', '.join(cleared)}" if cleared else ""
    ctx.say(
        f"{c['name']} is Resuscitated{by} and no longer Incapacitated: {loads} (halved, "
        f"round down){gone}.",
        "arts.resuscitate",
        cid,
        assumption=A_NEGATIVE,
    )


def _coup_de_grace(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"] or not c["incapacitated"]:
        raise InputError(
            "id",
            f"{c['name']} is not Incapacitated: choose an Incapacitated creature.",
        )
    actor = _actor(ctx, cid, "id", "Coup de Grace")
    by = f"{ctx.name(actor)}'s " if actor else "A "
    ctx.say(f"{by}Coup de Grace: {c['name']} is removed from combat.", "arts.coup_de_grace", cid)
    encounter.HANDLERS["remove"](_module(), ctx, {"id": cid})


def _end_incapacity_action(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"] or not c["incapacitated"]:
        raise InputError(
            "id",
            f"{c['name']} is not Incapacitated: choose an Incapacitated creature.",
        )
    _end_incapacity(ctx, cid, list(c["incapacitated"]), "an ability ends it")


def _convalesce(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if ctx.state["round"]:
        raise InputError("id", "Convalescence is an extended period: end the combat first.")
    if c["dead"]:
        raise InputError("id", f"{c['name']} is dead: choose a living creature.")
    if not c["fatigue_lost"] and not c["stress_lost"]:
        raise InputError(
            "id",
            f"{c['name']}'s Tolerances are not diminished: choose a creature "
            "that has lost some.",
        )
    restored = ", ".join(
        f"{LOADS[k]} Tolerance {tolerance(c, k)} → {c[f'{k}_tolerance']}" for k in LOADS
    )
    c["fatigue_lost"] = c["stress_lost"] = 0
    ctx.say(f"{c['name']} convalesces: {restored}.", "arts.convalescence", cid)
