"""The round of Space Shard: initiative ties, effects that end, each turn's start and end,
the once-a-round Full-Force Attack; the hooks the engine calls.
"""

from __future__ import annotations

from typing import Any

from ....rounding import divide
from ....tracker.context import Ctx
from ....tracker.spec import Limit
from ..rules import A_REINFORCE, A_ROUND, REINFORCE_CHOICES
from .creatures import _base_defense, _effect, _surprise_round, validate_creature
from .declarations import A_DURATION, DURATION_CHOICES
from .turn import _aim_used, _take


def round_start(ctx: Ctx) -> None:
    """Round 1: ties, and the Surprise Round; later: Surprised ends, round effects end."""
    state = ctx.state
    if state["round"] == 1:
        _ties(ctx)
        if _surprise_round(state):
            inside = [c["name"] for c in state["creatures"].values() if c["surprise"]]
            ctx.say(
                f"Round 1 is the Surprise Round: only {', '.join(inside)} take a turn.",
                "space_shard.surprise",
            )
            for cid in state["order"]:
                c = state["creatures"][cid]
                if not c["surprise"]:
                    c["statuses"]["surprised"] = None
                    ctx.say(
                        f"{c['name']} is not in the Surprise Round: Surprised (No Tier).",
                        "space_shard.surprise",
                        cid,
                    )
    else:
        for cid in state["order"]:
            c = state["creatures"][cid]
            if "surprised" in c["statuses"]:
                del c["statuses"]["surprised"]
                ctx.say(
                    f"The Surprise Round is over: {c['name']} is no longer Surprised.",
                    "space_shard.surprise",
                    cid,
                )
        if ctx.setting(A_DURATION) == DURATION_CHOICES[1]:
            for cid in state["order"]:
                _expire(ctx, cid, fixed=False, when="at the end of the round")


def _ties(ctx: Ctx) -> None:
    seen: dict[int, list[str]] = {}
    for cid in ctx.state["order"]:
        seen.setdefault(ctx.state["creatures"][cid]["initiative"] or 0, []).append(cid)
    for value, tied in seen.items():
        if len(tied) > 1:
            names = " and ".join(ctx.name(c) for c in tied)
            ctx.say(
                f"{names} tie at {value}: the rulebook does not say who goes first; the GM "
                "may set their initiative.",
                "space_shard.initiative",
            )


def _expire(ctx: Ctx, cid: str, fixed: bool, when: str) -> None:
    c = ctx.state["creatures"][cid]
    kept = []
    for effect in c["effects"]:
        if effect["fixed"] == fixed and effect["ends"] <= ctx.state["round"]:
            if effect["status"] and effect["status"] in c["statuses"]:
                del c["statuses"][effect["status"]]
            ctx.say(f"{effect['name']} on {c['name']} ends {when}.", effect["rule"], cid)
        else:
            kept.append(effect)
    c["effects"] = kept


def turn_start(ctx: Ctx, cid: str) -> None:
    """Effects until the next turn end; the Surprised do not act in the Surprise Round."""
    c = ctx.state["creatures"][cid]
    c["spent"] = []
    _expire(ctx, cid, fixed=True, when="at the start of their turn")
    if ctx.setting(A_DURATION) == DURATION_CHOICES[0]:
        _expire(ctx, cid, fixed=False, when="at the start of their turn, after 1 round")
    if _surprise_round(ctx.state) and not c["surprise"]:
        ctx.say(
            f"{c['name']} is not in the Surprise Round and does not act in it.",
            "space_shard.surprise",
            cid,
        )


def turn_end(ctx: Ctx, cid: str) -> None:
    """Nothing of this rulebook happens at the end of a turn."""


def check_use(ctx: Ctx, cid: str, limit: Limit) -> None:
    """The Full-Force Attack: a Standard Action of the turn; its bonus and the defense lost."""
    c = ctx.state["creatures"][cid]
    _take(ctx, cid, "attack", "what")
    half = divide(c["str"], 2, ctx.setting(A_ROUND))
    defense = _base_defense(c)
    bonus = min(half, defense)
    adds = f"+{bonus} DP"
    bonuses = [{"name": "Reinforcement Bonus", "value": bonus, "to": "DP"}]
    if ctx.setting(A_REINFORCE) == REINFORCE_CHOICES[1]:
        adds += f" and +{bonus} Max DMG"
        bonuses.append({"name": "Reinforcement Bonus", "value": bonus, "to": "Max DMG"})
    bonuses.append({"name": "Full-Force Attack", "value": -bonus, "to": "Base Defense"})
    _aim_used(ctx, cid)
    c["effects"].append(_effect("Full-Force Attack", -bonus, ctx.state["round"] + 1, False))
    ctx.say(
        f"{c['name']}'s Full-Force Attack: Reinforcement Bonus {bonus} = STR {c['str']} / 2 = "
        f"{half}, at most Base Defense {defense} ({adds}); Base Defense {defense} → "
        f"{defense - bonus} for 1 round.",
        "space_shard.full_force",
        cid,
        bonuses=bonuses,
    )


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """No check is left pending: initiative is not a check."""


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules."""
    validate_creature(ctx.state["creatures"][cid], "value")
