"""What the GM does in a Pendragon encounter: roll Initiative, deal Damage, take actions
(with the substitutions the setting allows), start and end effects, revive;
``HANDLERS`` maps each action of ``ACTIONS`` to its function.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from ..damage import compute_damage
from ..rules import A_DIRECT, A_MEET, A_SUBSTITUTIONS, REVIVE_BASE
from ..turn import turn_plans
from .checks import _can_act, _check, _death, _dice, _wake
from .declarations import A_DICE


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    dice = _dice(ctx)
    if not dice:
        raise InputError(  # named at the setting, which the page opens
            A_DICE, "Name the dice of a check in the settings, or set each Initiative by hand."
        )
    if ctx.state["round"]:
        raise InputError(
            "op",
            "Initiative is rolled before the encounter starts; set a newcomer's Initiative "
            "on their card instead.",
        )
    for cid in ctx.state["order"]:
        creature = ctx.state["creatures"][cid]
        bonus = creature["spirit"] + creature["init_bonus"] - creature["wounds"]
        ctx.roll(
            dice,
            {"bonus": bonus},
            f"{creature['name']}'s Initiative check (bonus {bonus:+d}: Spirit, bonuses, "
            "wound penalty)",
            "pendragon.initiative",
            cid,
            into="initiative",
        )


def _damage(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("amount", f"{c['name']} is already dead: choose a living creature.")
    r = compute_damage(
        c["hp"],
        c["damage"],
        c["wounds"],
        values["amount"],
        c["body"],
        direct_wounds=values["direct"],
        direct_check=bool(ctx.setting(A_DIRECT)),
        meet=ctx.setting(A_MEET),
    )
    before = (c["damage"], c["wounds"])
    c["damage"], c["wounds"] = r["damage_after"], r["wounds_after"]
    direct = f" and {values['direct']} Wounds directly" if values["direct"] else ""
    ctx.say(
        f"{c['name']} takes {values['amount']} damage{direct}: Damage Tokens {before[0]} → "
        f"{c['damage']}, Wounds {before[1]} → {c['wounds']}.",
        "pendragon.damage",
        cid,
    )
    if c["wounds"] != before[1]:
        ctx.say(f"{c['name']}: check penalty {-c['wounds']:+d}.", "pendragon.wound_penalty", cid)
    _death(ctx, cid)
    dc = r["unconscious_check_dc"]
    if dc is not None and not c["dead"]:
        ctx.say(
            f"{c['name']}'s damage and wounds ({c['damage'] + c['wounds']}) exceed their "
            f"{c['hp']} hit points: an immediate Spirit check against {dc}.",
            "pendragon.unconsciousness",
            cid,
        )
        c["pending"].append(
            _check(
                ctx,
                "unconscious",
                "Spirit check to stay conscious",
                dc,
                c["wounds"],
                c["spirit"],
                "pendragon.unconsciousness",
            )
        )


def _act(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if ctx.state["round"] == 0 or ctx.state["order"][ctx.state["turn"]] != cid:
        raise InputError(
            "kind",
            f"{c['name']} acts during their own Turn: end the turns before theirs "
            "(End the turn) first.",
        )
    _can_act(ctx, cid, "kind")
    spent = [*c["spent"], values["kind"]]
    if not _fits(spent, ctx.setting(A_SUBSTITUTIONS)):
        raise InputError(
            "kind",
            f"A Turn cannot hold {', '.join(spent)} (a full-round action, "
            "or a standard, a move and a minor action, with substitutions): end the turn first.",
        )
    c["spent"] = spent
    ctx.say(
        f"{c['name']} takes a {values['kind']} action (this Turn: {', '.join(spent)}).",
        "pendragon.actions",
        cid,
    )


def _fits(spent: list[str], substitutions: str) -> bool:
    """Whether the actions taken fit one Turn.

    >>> _fits(["move", "move", "minor"], "both"), _fits(["minor"] * 3, "both")
    (True, False)
    >>> _fits(["full-round"], "both"), _fits(["full-round", "minor"], "both")
    (True, False)
    """
    if "full-round" in spent:
        return spent == ["full-round"]
    return any(_contains(plan, spent) for plan in turn_plans(substitutions))


def _contains(plan: tuple[str | None, ...], spent: list[str]) -> bool:
    left = [a for a in plan if a is not None]
    for kind in spent:
        if kind not in left:
            return False
        left.remove(kind)
    return True


def _effect(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    name = values["name"].strip()
    if not name:
        raise InputError("name", "Name the effect.")
    final = max(ctx.state["round"], 1) + values["rounds"] - 1
    c["effects"][name] = final
    ctx.say(
        f"{name} on {c['name']} for {values['rounds']} Rounds: ends at the beginning of "
        f"their turn in round {final}.",
        "pendragon.durations",
        cid,
    )


def _end_effect(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    name = values["name"].strip()
    if name not in c["effects"]:
        raise InputError("name", f"{c['name']} has no effect {name!r}: name one on their card.")
    del c["effects"][name]
    ctx.say(f"{name} on {c['name']} ends.", "pendragon.durations", values["id"])


def _revive(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError(
            "heal",
            f"{c['name']} is dead and cannot be revived: choose an "
            "unconscious creature.",
        )
    if not c["unconscious"]:
        raise InputError(
            "heal",
            f"{c['name']} is not unconscious: choose an unconscious creature.",
        )
    dc = REVIVE_BASE + c["damage"]
    c["pending"].append(
        _check(
            ctx,
            "revive",
            "An ally's Heal check to revive",
            dc,
            0,
            values["heal"],
            "pendragon.revive",
        )
    )
    ctx.say(
        f"An ally tries to revive {c['name']}: Heal check against 10 + {c['damage']} total "
        f"damage = {dc}.",
        "pendragon.revive",
        cid,
    )


def _revived(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"] or not c["unconscious"]:
        raise InputError("id", f"{c['name']} is not unconscious: choose an unconscious creature.")
    _wake(ctx, cid, "is revived by an effect", "pendragon.revive")


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "damage": _damage,
    "act": _act,
    "effect": _effect,
    "end_effect": _end_effect,
    "revive": _revive,
    "revived": _revived,
}
