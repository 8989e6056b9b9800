"""The Pendragon round: Initiative ties at round 1, effects that end, the rally of the
unconscious at a turn's start and its loss at the end; the hooks the engine calls.
"""

from __future__ import annotations

from ....tracker.context import Ctx
from ....tracker.spec import Limit
from ..rules import RALLY_DC
from .checks import _can_act, _check, _death
from .creatures import order_key, validate_creature


def round_start(ctx: Ctx) -> None:
    """At round 1, name the ties that rock-paper-scissors must settle."""
    if ctx.state["round"] != 1:
        return
    keys: dict[tuple[int, ...], list[str]] = {}
    for cid in ctx.state["order"]:
        keys.setdefault(order_key(ctx.state["creatures"][cid], ctx.state), []).append(cid)
    for tied in keys.values():
        if len(tied) > 1:
            names = " and ".join(ctx.name(c) for c in tied)
            ctx.say(
                f"{names} tie on Initiative and Spirit: play rock-paper-scissors and set "
                "the winner's wins.",
                "pendragon.initiative",
            )


def turn_start(ctx: Ctx, cid: str) -> None:
    """Effects in their final round end; the dead cannot act; the unconscious may rally."""
    creature = ctx.state["creatures"][cid]
    creature["spent"] = []
    for name, final in sorted(creature["effects"].items()):
        if final <= ctx.state["round"]:
            del creature["effects"][name]
            ctx.say(
                f"{name} on {creature['name']} ends at the beginning of their turn in "
                f"round {ctx.state['round']}, its final round.",
                "pendragon.durations",
                cid,
            )
    if creature["dead"]:
        ctx.say(f"{creature['name']} is dead and cannot take any actions.", "pendragon.death", cid)
    elif creature["unconscious"]:
        ctx.say(
            f"{creature['name']} is unconscious and may attempt to rally once this round.",
            "pendragon.rally",
            cid,
        )
        creature["pending"].append(
            _check(
                ctx,
                "rally",
                "Spirit check to rally",
                RALLY_DC,
                creature["wounds"],
                creature["spirit"],
                "pendragon.rally",
            )
        )


def turn_end(ctx: Ctx, cid: str) -> None:
    """A rally not attempted during the turn is gone until the next round."""
    creature = ctx.state["creatures"][cid]
    kept = [p for p in creature["pending"] if p["check"] != "rally"]
    if len(kept) != len(creature["pending"]):
        creature["pending"] = kept
        ctx.say(f"{creature['name']} did not rally this turn.", "pendragon.rally", cid)


def check_use(ctx: Ctx, cid: str, limit: Limit) -> None:
    """Only a creature that can act takes an Instant action."""
    _can_act(ctx, cid, "what")


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules; wounds may now kill."""
    creature = ctx.state["creatures"][cid]
    validate_creature(creature, "value")
    _death(ctx, cid)
