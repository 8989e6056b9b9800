"""Damage the GM enters, magical healing and its recovery points, mundane treatment, and
the magical stamina a spell costs."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from ..healing import compute_healing
from ..rules import A_HEAL_CAP, A_HEAL_NO_POINTS
from .health import _alive, _conscious, _damage, _lose, _thresholds, _wake_if_healed
from .terms import A_SPELL, assumed


def _damage_action(ctx: Ctx, values: dict[str, Any]) -> None:
    _alive(ctx, values["id"], "amount")
    _damage(ctx, values["id"], values["amount"], "damage", "glittershard.health")


def _heal(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "amount")
    r = compute_healing(
        c["health"], c["max_health"], values["amount"], c["recovery"], values["effect"]
    )
    magic = c["magical_health"] + r["magical_health"]
    if magic > 999:
        raise InputError(
            "amount",
            f"{c['name']} would have more than 999 magical health: give "
            "less.",
        )
    if c["recovery"]:
        ctx.say(
            f"Magical healing burns one of {c['name']}'s magical recovery points: "
            f"{c['recovery']} → {r['recovery_points_after']}.",
            "glittershard.recovery_points",
            cid,
        )
    else:
        ctx.say(
            f"{c['name']} is out of magical recovery points: half of {values['amount']} "
            f"healing, {r['health_lost']}, is subtracted first ({assumed(A_HEAL_NO_POINTS)}).",
            "glittershard.recovery_points",
            cid,
        )
    before = (c["health"], c["magical_health"])
    c["recovery"] = r["recovery_points_after"]
    c["health"] = r["health_after"]
    c["magical_health"] = magic
    if values["effect"] == "magical_health":
        ctx.say(
            f"{c['name']} gains {values['amount']} magical health: {before[1]} → {magic} "
            f"(health {before[0]} → {c['health']}); it is drained first and wears off after a "
            "short rest.",
            "glittershard.magical_health",
            cid,
        )
    else:
        ctx.say(
            f"{c['name']} heals: health {before[0]} → {c['health']} (at most "
            f"{c['max_health']}, {assumed(A_HEAL_CAP)}).",
            "glittershard.recovery_points",
            cid,
        )
    _thresholds(ctx, cid)
    _wake_if_healed(ctx, cid)


def _treat(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _alive(ctx, values["id"], "amount")
    total = c["mundane"] + values["amount"]
    if total > 9999:
        raise InputError(
            "amount",
            "That is more mundane healing than the tracker keeps: rest "
            "first.",
        )
    c["mundane"] = total
    ctx.say(
        f"{c['name']} is treated for {values['amount']} health: it takes effect after a "
        f"medium rest ({total} waiting).",
        "glittershard.mundane_healing",
        values["id"],
    )


def _cast(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _conscious(ctx, cid, "tier")
    tier = values["tier"]
    if values["pay"] == "component":
        ctx.say(
            f"{c['name']} casts a tier {tier} spell with magical components instead of "
            "stamina; the components are consumed.",
            "glittershard.magical_stamina",
            cid,
        )
    elif c["stamina"] >= tier:
        before = c["stamina"]
        c["stamina"] -= tier
        ctx.say(
            f"{c['name']} casts a tier {tier} spell: magic stamina {before} → {c['stamina']}.",
            "glittershard.magical_stamina",
            cid,
        )
    else:
        ctx.say(
            f"{c['name']} has {c['stamina']} magic stamina, less than the spell's tier {tier}: "
            f"the spell takes {tier} hit points instead ({assumed(A_SPELL)}).",
            "glittershard.magical_stamina",
            cid,
        )
        _lose(ctx, cid, tier, "casting without stamina", "glittershard.magical_stamina")
