"""The engine's hooks for rounds and turns: Round Zero, the start and end of a turn, the
use of a limit and a number corrected by hand."""

from __future__ import annotations

from ....errors import InputError
from ....tracker import encounter
from ....tracker.context import Ctx
from ....tracker.spec import Limit
from .creature import order_key, tolerance, validate_creature
from .declarations import (
    A_BLEED,
    A_BURNING,
    A_DELAY,
    A_INCAPACITY,
    A_RESILIENCE,
    A_TIES,
    CONDITIONS,
    INCAPACITY_ROLL,
    LOAD_MAX,
    LOADS,
    MARK,
    PARAMETER,
    STATUS_ENTRIES,
    _module,
)
from .loads import _add_load, _after_load, _death, _decline, _load_zero, _roll_against


def round_start(ctx: Ctx) -> None:
    """Round 1 is Round Zero, the setup round; name the ties the GM must break."""
    if ctx.state["round"] == 1:
        ctx.say(
            "Round 1 is Round Zero, the setup round: no actions; on their turn each "
            "character may position themselves in the Deployment Zone and enter a Stance.",
            "arts.round_zero",
        )
        keys: dict[tuple[int, ...], list[str]] = {}
        for cid in ctx.state["order"]:
            keys.setdefault(order_key(ctx.state["creatures"][cid], ctx.state), []).append(cid)
        for tied in keys.values():
            if len(tied) > 1:
                names = " and ".join(ctx.name(c) for c in tied)
                ctx.say(
                    f"{names} tie on Initiative and REF: the GM sets the tie-break.",
                    "arts.initiative",
                    assumption=A_TIES,
                )
    elif ctx.state["round"] == 2:
        ctx.say("Round 2 is the first normal round: Move, Act, Stance.", "arts.round_zero")


def turn_start(ctx: Ctx, cid: str) -> None:
    """The start of a turn: Bleed's roll; what Incapacity and Stunned forbid."""
    c = ctx.state["creatures"][cid]
    c["steps"] = []
    if c["dead"]:
        ctx.say(f"{c['name']} is dead.", "arts.death", cid)
        return
    if c["started"] == ctx.state["round"]:
        ctx.say(
            f"{c['name']}'s start-of-turn effects were applied before the Delay.",
            "arts.delay",
            cid,
            assumption=A_DELAY,
        )
        return
    c["started"] = ctx.state["round"]
    if c["incapacitated"]:
        kinds = " and ".join(LOADS[k] for k in c["incapacitated"])
        ctx.say(
            f"{c['name']} is Incapacitated ({kinds}) and cannot move, act, or take stances.",
            "arts.incapacity",
            cid,
        )
    if "bleed" in c["statuses"]:
        if "fatigue" in c["incapacitated"]:
            ctx.say(
                f"{c['name']} Bleeds but is already Incapacitated (Fatigue): no roll.",
                "arts.bleed",
                cid,
                assumption=A_INCAPACITY,
            )
        else:
            if ctx.setting(A_BLEED):
                _add_load(ctx, cid, "fatigue", 1, "op", "Bleeds: ")
            _roll_against(ctx, cid, "fatigue", "Bleed", "arts.bleed")
            ctx.say(
                f"{c['name']} Bleeds ({c['statuses']['bleed']}): at the start of their turn "
                f"they roll {INCAPACITY_ROLL} + {c['fatigue']} Fatigue against Fatigue "
                f"Tolerance {tolerance(c, 'fatigue')}; a failure incapacitates.",
                "arts.bleed",
                cid,
                assumption=A_BLEED,
            )
    if "stunned" in c["statuses"]:
        ctx.say(f"{c['name']} is Stunned: Move or Act this turn, not both.", "arts.stunned", cid)


def turn_end(ctx: Ctx, cid: str) -> None:
    """Burning, delayed rolls, Incapacity's toll and Stunned; then statuses count down."""
    c = ctx.state["creatures"][cid]
    c["steps"] = []
    if c["dead"]:
        return
    name = c["name"]
    if "burning" in c["statuses"]:
        if c["fatigue"] < LOAD_MAX:
            _add_load(ctx, cid, "fatigue", 1, "op", "is Burning at the end of their turn: ")
            ctx.events[-1].update(rule="arts.burning", assumption=A_BURNING)
            _after_load(ctx, cid, "fatigue", "Burning", "arts.burning")
    kept = []
    for item in c["delayed"]:
        if item["skip"]:
            kept.append({**item, "skip": False})
            continue
        if item["kind"] not in c["incapacitated"]:
            _roll_against(ctx, cid, item["kind"], "Delayed roll (Resilience)", "arts.resilience")
        ctx.say(
            f"The end of {name}'s next turn: the delayed roll against {LOADS[item['kind']]} "
            "Tolerance is made now.",
            "arts.resilience",
            cid,
            assumption=A_RESILIENCE,
        )
    c["delayed"] = kept
    for kind in list(c["incapacitated"]):
        _decline(ctx, cid, kind, "is Incapacitated at the end of their turn")
    if c["dead"]:
        return
    if "stunned" in c["statuses"]:
        del c["statuses"]["stunned"]
        ctx.say(f"Stunned ends at the end of {name}'s turn.", "arts.stunned", cid)
    decaying = [k for k in CONDITIONS if k in PARAMETER and k != MARK]
    for key in [k for k in decaying if k in c["statuses"]]:
        x = c["statuses"][key]
        status = STATUS_ENTRIES[key]["name"]
        if x <= 1:
            del c["statuses"][key]
            ctx.say(f"{status} {x} → 0 at the end of {name}'s turn: it ends.", "arts.statuses", cid)
        else:
            c["statuses"][key] = x - 1
            ctx.say(f"{status} {x} → {x - 1} at the end of {name}'s turn.", "arts.statuses", cid)


def check_use(ctx: Ctx, cid: str, limit: Limit) -> None:
    """The dead use nothing."""
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("what", f"{c['name']} is dead: choose a living creature.")


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules; a lost Tolerance may now kill; a new
    REF or tie-break puts the order right."""
    try:
        validate_creature(ctx.state["creatures"][cid], "")
    except InputError as error:
        raise InputError("value", error.message) from None
    _death(ctx, cid)
    if field in LOADS:
        _load_zero(ctx, cid, field)
    if field in ("ref", "tiebreak") and ctx.state["round"]:
        encounter.sort_order(_module(), ctx.state)
