"""A Space Shard turn's action economy: which actions fit a turn (downgrades, the Surprise
Round, whole-turn actions), spending one, and the Aiming Bonus used or lost.
"""

from __future__ import annotations

from ....errors import InputError
from ....tracker.context import Ctx
from ....tracker.encounter import current_id
from ..rules import A_AIM, A_DOWNGRADE, A_SURPRISE, AIM_CHOICES, AIM_DP, AIM_MAX_DMG
from ..turn import turn_plan
from .creatures import _surprise_round
from .declarations import KIND_NAMES, STANDARD_KINDS


def _fits(spent: list[str], ctx: Ctx, charge: bool) -> bool:
    """Whether the actions taken fit the turn (the Surprise Round's one action included)."""
    surprise = _surprise_round(ctx.state)
    whole = [k for k in spent if k in ("full-turn", "whole-round")]
    others = [k for k in spent if k != "free" and k not in ("full-turn", "whole-round")]
    if whole:
        if len(whole) > 1 or others:
            return False
        return not surprise or charge
    plan = turn_plan(
        standard=sum(1 for k in others if k in STANDARD_KINDS),
        movement=others.count("movement"),
        swift=others.count("swift"),
        surprise_round=surprise,
        downgrade=ctx.setting(A_DOWNGRADE),
        surprise=ctx.setting(A_SURPRISE),
    )
    return bool(plan["allowed"])


def _take(ctx: Ctx, cid: str, kind: str, field: str, charge: bool = False) -> None:
    """Spend one action of the creature's turn, or refuse it on ``field``."""
    state = ctx.state
    c = state["creatures"][cid]
    if state["round"] == 0 or current_id(state) != cid:
        raise InputError(
            field,
            f"{c['name']} acts on their own turn: end the turns before theirs "
            "(End the turn) first.",
        )
    if _surprise_round(state) and not c["surprise"]:
        raise InputError(field, f"{c['name']} is not in the Surprise Round: wait for Round 2.")
    spent = [*c["spent"], kind]
    if not _fits(spent, ctx, charge):
        names = ", ".join(KIND_NAMES[k] for k in spent)
        where = (
            "the Surprise Round allows one Standard, Swift or Movement Action, or a Charge"
            if _surprise_round(state)
            else "a turn has 1 Standard, 1 Movement and 1 Swift Action, downgraded as the "
            "setting allows; a Full-Turn or Whole-Round Action takes the whole turn"
        )
        raise InputError(field, f"{c['name']} cannot take {names} this turn: {where}; end it.")
    c["spent"] = spent


def _aim_used(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    if not c["aim"]:
        return
    times = c["aim"] if ctx.setting(A_AIM) == AIM_CHOICES[0] else 1
    ctx.say(
        f"{c['name']} attacks their aimed enemy: +{AIM_DP * times} DP Aiming Bonus and "
        f"+{AIM_MAX_DMG * times} Max DMG ({c['aim']} rounds aimed, {ctx.setting(A_AIM)}).",
        "space_shard.aiming",
        cid,
    )
    c["aim"] = 0


def _aim_lost(ctx: Ctx, cid: str, why: str) -> None:
    c = ctx.state["creatures"][cid]
    if c["aim"]:
        c["aim"] = 0
        ctx.say(f"{c['name']} {why}: the aiming benefit is lost.", "space_shard.aiming", cid)
