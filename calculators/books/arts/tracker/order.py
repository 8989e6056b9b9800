"""The order: Initiative, Delay, the end of combat."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker import encounter
from ....tracker.context import Ctx
from ... import arts as rules
from .creature import order_key
from .declarations import A_END, BUFF_NAMES, _module
from .loads import _end_incapacity
from .steps import _current


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    todo = [cid for cid in ctx.state["order"] if ctx.state["creatures"][cid]["initiative"] is None]
    if not todo:
        raise InputError("op", "Every creature has an Initiative; set one by hand to change it.")
    for cid in todo:
        c = ctx.state["creatures"][cid]
        boons = 1 if c["buff"] == "hastened" else 0
        dice = f"{2 + boons}d6dl{boons}" if boons else "2d6"
        ctx.roll(
            f"{dice} + ref",
            {"ref": c["ref"]},
            f"{c['name']}'s Initiative, a REF roll: {rules.roll_text(boons, 0)} + REF "
            f"{c['ref']:+d}",
            "arts.initiative",
            cid,
            into="initiative",
        )
        c["place"] = c["place_for"] = None
    if ctx.state["round"]:
        encounter.sort_order(_module(), ctx.state)


def _delay(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if not state["round"] or _current(ctx) != cid:
        raise InputError(
            "after",
            f"{c['name']} can delay only at the start of their own turn: "
            "wait for it.",
        )
    if c["dead"]:
        raise InputError("after", f"{c['name']} is dead: choose a living creature.")
    if c["delayed_round"] == state["round"]:
        raise InputError(
            "after",
            f"{c['name']} has already delayed this round: end the turn "
            "instead.",
        )
    if c["steps"]:
        raise InputError("after", f"{c['name']} has already begun their turn: end it instead.")
    wanted = " ".join(str(values["after"]).split()).lower()
    target = next(
        (
            t
            for t in state["order"]
            if t.lower() == wanted or state["creatures"][t]["name"].lower() == wanted
        ),
        None,
    )
    if target is None or target == cid:
        raise InputError("after", f"Name another creature of the encounter; got {wanted!r}.")
    index = state["turn"]
    if state["order"].index(target) < index:
        raise InputError(
            "after",
            f"{ctx.name(target)} has already had their turn this round: "
            "choose one still to act.",
        )
    place = list(order_key(state["creatures"][target], state))
    c["place"] = [*place[:-1], 0, 1]
    c["place_for"] = c["initiative"]
    c["delayed_round"] = state["round"]
    state["order"].remove(cid)
    state["order"].insert(state["order"].index(target) + 1, cid)
    state["turn"] = index
    ctx.say(
        f"{c['name']} delays until after {ctx.name(target)}: their turns take place there for "
        "the rest of the combat; no second Delay this round.",
        "arts.delay",
        cid,
    )
    encounter.begin_turn(_module(), ctx)


def _end_combat(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    if not state["round"]:
        raise InputError("op", "The combat has not started: start it first.")
    waiting = [c["name"] for c in state["creatures"].values() if c["pending"]]
    if waiting:
        raise InputError("op", f"Resolve the rolls of {', '.join(waiting)} first.")
    ctx.say(f"The combat ends after {state['round']} rounds.", "arts.end_of_combat")
    for cid in state["order"]:
        c = state["creatures"][cid]
        if c["incapacitated"]:
            _end_incapacity(ctx, cid, list(c["incapacitated"]), "the combat has ended")
        if c["buff"]:
            ctx.say(
                f"{BUFF_NAMES[c['buff']]} on {c['name']} ends with the combat.", "arts.buffs", cid
            )
        if c["delayed"]:
            ctx.say(
                f"{c['name']}'s delayed roll lapses: the combat ended before their next turn.",
                "arts.resilience",
                cid,
                assumption=A_END,
            )
        c.update(
            buff=None,
            delayed=[],
            steps=[],
            used=[],
            initiative=None,
            place=None,
            place_for=None,
            started=0,
            delayed_round=0,
        )
    state["round"] = 0
    state["turn"] = None
    ctx.say(
        "Initiative is rolled anew when the next fight begins; statuses stay as they are.",
        "arts.end_of_combat",
        assumption=A_END,
    )
