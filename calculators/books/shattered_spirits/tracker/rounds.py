"""The Round of Shattered Spirits: Refresh and Plotting at its start, each Turn's Phase,
the Purge after a Turn and the End Phase; the hooks the engine calls.
"""

from __future__ import annotations

from typing import Any

from ....tracker.context import Ctx
from ....tracker.spec import Limit
from ..rules import GROUPS, PHASES
from .creatures import phase_of, sequence, validate_creature
from .declarations import LAST, TOKENS


def round_start(ctx: Ctx) -> None:
    """Refresh: Phases plotted for this Round, AP back, the Refresh resources gained."""
    state = ctx.state
    ctx.say(
        f"Refresh of Round {state['round']}: each creature not Staggered may change its "
        "Stance or Style, and each not Disarmed may change what it Wields.",
        "shattered_spirits.refresh",
    )
    for cid in state["order"]:
        c = state["creatures"][cid]
        c["acted"] = False
        c["refreshed"] = []
        if c["next_phase"] is not None:
            c["initiative"] = c["next_phase"]
            c["next_phase"] = None
        gained = []
        for token in TOKENS:
            amount = c[f"refresh_{token}"]
            if amount:
                before = c[token]
                c[token] = min(before + amount, 99)
                gained.append(f"{token.capitalize()} {before} → {c[token]}")
        if gained:
            ctx.say(
                f"Refresh: {c['name']} gains the resources of their Stance and Style: "
                f"{', '.join(gained)}.",
                "shattered_spirits.refresh",
                cid,
            )
        if c["ap_left"] != c["ap"]:
            ctx.say(
                f"Plotting: {c['name']} has {c['ap']} Action Points again "
                f"({c['ap_left']} → {c['ap']}).",
                "shattered_spirits.ap",
                cid,
            )
            c["ap_left"] = c["ap"]
    last = state["creatures"][state["order"][-1]]["side"] if state["round"] > 1 else None
    lead = GROUPS[0] if last is None else GROUPS[1 - GROUPS.index(last)]
    state["order"] = sequence(state, lead)
    state["turn"] = 0
    order = ", ".join(
        f"{ctx.name(cid)} (Phase {phase_of(state['creatures'][cid])})" for cid in state["order"]
    )
    ctx.say(f"Turn order of Round {state['round']}: {order}.", "shattered_spirits.alternate")


def turn_start(ctx: Ctx, cid: str) -> None:
    """A new Phase opens when this Turn's Phase differs from the last Turn's."""
    state = ctx.state
    c = state["creatures"][cid]
    c["acted"] = True
    phase = phase_of(c)
    turn = state["turn"]
    before = state["creatures"][state["order"][turn - 1]] if turn else None
    if before is None or phase_of(before) != phase:
        where = f"Phase {phase}" if phase <= PHASES else "After Phase 6 (no Speed plotted)"
        if before is not None:
            why = f"the {before['side']} finished Phase {phase_of(before)}"
        elif state["round"] == 1:
            why = "the players act first in the first Phase of combat"
        else:
            why = "the group opposite to the one that finished the last Round opens"
        ctx.say(
            f"{where} begins; the {c['side']} open it ({why}).",
            "shattered_spirits.alternate",
            cid,
        )
    ctx.say(f"Phase {min(phase, LAST)}: {c['name']}'s Turn.", "shattered_spirits.phases", cid)


def turn_end(ctx: Ctx, cid: str) -> None:
    """After a Turn the creature may Purge; after the last Turn comes the End Phase."""
    state = ctx.state
    for creature in state["creatures"].values():
        creature["may_purge"] = False
    c = state["creatures"][cid]
    c["may_purge"] = True
    ctx.say(
        f"{c['name']} may Purge: pay Tokens, then remove Afflictions.",
        "shattered_spirits.purge",
        cid,
    )
    if state["turn"] == len(state["order"]) - 1:
        ctx.say(
            f"End Phase of Round {state['round']}: Techniques and Hazard effects that "
            "resolve in the End Phase resolve now.",
            "shattered_spirits.end_phase",
        )


def check_use(ctx: Ctx, cid: str, limit: Limit) -> None:
    """No action of this rulebook is limited by the generic once-a-round uses."""


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """No check of this chapter is left pending."""


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules; the AP left never exceed the AP."""
    c = ctx.state["creatures"][cid]
    if field == "ap":
        c["ap_left"] = min(c["ap_left"], c["ap"])
    validate_creature(c, "value")
