"""A Space Shard creature's weapon in the tracker: reloading (each step an action of its
kind, one lower with the ammunition in hand) and the crossbow or single-shot firearm that
must be strung or chambered before it fires; and a flying target's Maneuverability when it
is tripped.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from ..rules import (
    A_IN_HAND,
    IN_HAND_CHOICES,
    MANEUVERABILITY,
    RELOADS,
    WEAPON_STATES,
    reload_action,
)
from .creatures import _effect
from .declarations import KIND_NAMES
from .turn import _aim_lost, _take

STATE_NAMES = WEAPON_STATES


def _reload(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    step = values["step"]
    label, own, needs, becomes, line = RELOADS[step]
    if needs and c["weapon"] != needs:
        first = [s for s, r in RELOADS.items() if r[3] == needs][0]
        raise InputError(
            "step",
            f"{c['name']} must {RELOADS[first][0].lower()} first ({line}): the weapon is "
            f"{STATE_NAMES[c['weapon']] or 'not in that sequence'}.",
        )
    kind = reload_action(step, values["in_hand"], ctx.setting(A_IN_HAND))
    _take(ctx, cid, kind, "step")
    if kind in ("standard", "movement", "full-turn", "whole-round"):
        _aim_lost(ctx, cid, f"reloads with a {KIND_NAMES[kind]} before attacking")
    if becomes and not (step == "single_shot" and c["weapon"] == "chambered"):
        c["weapon"] = becomes
    text = f"{c['name']}: {label} ({line}), a {KIND_NAMES[kind]}"
    if kind != own:
        how = "one level lower" if ctx.setting(A_IN_HAND) == IN_HAND_CHOICES[0] else "lowered"
        text += f" (a {KIND_NAMES[own]}, {how} with the ammunition in hand)"
    if becomes:
        text += f"; {STATE_NAMES[c['weapon']]}"
    ctx.say(
        text + ".",
        "space_shard.reload",
        cid,
        reload={"step": step, "action": kind, "own_action": own, "in_hand": values["in_hand"]},
    )


def _fire(ctx: Ctx, cid: str) -> None:
    """An attack that fires the strung crossbow or the chambered round: it must be ready.

    The crossbow is then unstrung; the single-shot firearm stays loaded, to be chambered
    again (the rounds left are not counted)."""
    c = ctx.state["creatures"][cid]
    if c["weapon"] not in ("strung", "chambered"):
        raise InputError(
            "fires",
            f"{c['name']} has no strung crossbow or chambered round: string the crossbow "
            "or chamber a round (Reload) first (L245, L247).",
        )
    was = c["weapon"]
    c["weapon"] = "" if was == "strung" else "loaded"
    if was == "strung":
        what = "the crossbow is fired; it must be loaded and strung again"
    else:
        what = f"the chambered round is fired; {STATE_NAMES[c['weapon']]}"
    ctx.say(
        f"{c['name']}'s attack: {what}.",
        "space_shard.reload",
        cid,
    )


def _flying(ctx: Ctx, cid: str, level: str) -> str:
    """A flying target tripped: Maneuverability one level lower for 1 round, a fall from
    Clumsy, nothing from Perfect or Hovering (L261); the start of the event's sentence."""
    c = ctx.state["creatures"][cid]
    name = c["name"]
    c["effects"] = [e for e in c["effects"] if e["rule"] != "space_shard.maneuverability"]
    if level == "clumsy":
        text = f"{name} is tripped in flight with Clumsy Maneuverability and falls immediately"
    elif level in ("perfect", "hovering"):
        text = f"{name} is tripped in flight; {level.capitalize()} Maneuverability is not affected"
    else:
        lower = MANEUVERABILITY[MANEUVERABILITY.index(level) - 1].capitalize()
        c["effects"].append(
            _effect(
                f"Maneuverability {lower}",
                0,
                ctx.state["round"] + 1,
                False,
                "space_shard.maneuverability",
            )
        )
        text = (
            f"{name} is tripped in flight: Maneuverability {level.capitalize()} → {lower} "
            "for 1 round"
        )
    ctx.say(text + ".", "space_shard.maneuverability", cid)
    return f"{name} is tripped"
