"""What the GM does on a Space Shard turn: roll initiative, take an action, take Damage,
Charge, Guard, Full Defense, Aim, go Prone and get up, Stagger; ``HANDLERS`` maps each
action of ``ACTIONS`` to its function.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from ....tracker.encounter import current_id
from ..defense import defensive_bonus
from ..melee import charge_bonus
from ..rules import A_CAP, A_EXTRA_HIT, A_ROUND, AIM_MAX_ROUNDS, EFFECT_CASES, INITIATIVE_DIE
from .creatures import _base_defense, _effect, order_key
from .declarations import KIND_NAMES
from .gear import _fire, _flying, _reload
from .turn import _aim_lost, _aim_used, _take


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    todo = [cid for cid in ctx.state["order"] if ctx.state["creatures"][cid]["initiative"] is None]
    if not todo:
        raise InputError("op", "Everyone has rolled initiative already: start the encounter.")
    for cid in todo:
        c = ctx.state["creatures"][cid]
        ctx.roll(
            f"1d{INITIATIVE_DIE} + init",
            {"init": c["init"]},
            f"{c['name']}'s initiative (1d{INITIATIVE_DIE} + Initiative {c['init']}, not a check)",
            "space_shard.initiative",
            cid,
            into="initiative",
        )
    if ctx.state["round"]:
        ctx.state["order"].sort(
            key=lambda cid: order_key(ctx.state["creatures"][cid], ctx.state), reverse=True
        )
        now = current_id(ctx.state)
        ctx.state["turn"] = ctx.state["order"].index(now) if now else 0


def _act(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    kind = values["kind"]
    if values["fires"] and kind != "attack":
        raise InputError("fires", "Only an attack fires a weapon: take the action as an attack.")
    _take(ctx, cid, kind, "kind")
    if values["fires"]:
        _fire(ctx, cid)
    if kind == "attack":
        _aim_used(ctx, cid)
    elif kind in ("standard", "movement", "full-turn"):
        _aim_lost(ctx, cid, f"takes a {KIND_NAMES[kind]} before attacking")
    ctx.say(
        f"{c['name']} takes a {KIND_NAMES[kind]} (this turn: "
        f"{', '.join(KIND_NAMES[k] for k in c['spent'])}).",
        "space_shard.actions",
        cid,
    )


def _damage(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    amount = values["amount"]
    if values["max_dmg"] is not None or values["extra"]:
        amount = _capped(ctx, cid, amount, values["max_dmg"], values["extra"])
    before = c["hp"]
    c["hp"] = max(0, before - amount)
    over = amount - before if amount > before else 0
    grade = f"({values['grade']})" if values["grade"] else ""
    text = f"{c['name']} takes {amount} DMG{grade}: HP {before} → {c['hp']}"
    if over:
        c["overflow"] = min(c["overflow"] + over, 10**6)
        text += f"; {over} DMG overflow noted, not calculated"
    if grade:
        text += f"; the kind DMG{grade} is noted, not applied"
    ctx.say(text + ".", "space_shard.overflow", cid, grade=values["grade"] or None)
    if values["effects"]:
        label, applies, sentence = EFFECT_CASES[values["effects"]]
        ctx.say(
            f"{c['name']}'s damage: {label.lower()}: {sentence}.",
            "space_shard.multiple_effects",
            cid,
            effects={"case": values["effects"], "apply": applies},
        )
    if values["melee"] and amount:
        _aim_lost(ctx, cid, "is hit by a melee attack")


def _capped(ctx: Ctx, cid: str, amount: int, max_dmg: int | None, extra: int) -> int:
    """The successes' DMG capped at Max DMG (if the setting caps), plus the Extra DMG."""
    capped = amount
    parts = [f"{amount} DMG of the successes"]
    if max_dmg is not None and ctx.setting(A_CAP) and amount > max_dmg:
        capped = max_dmg
        parts = [f"{amount} DMG of the successes, capped at Max DMG {max_dmg}"]
    elif max_dmg is not None:
        parts.append(f"(Max DMG {max_dmg})")
    if extra and not capped and ctx.setting(A_EXTRA_HIT):
        parts.append(f"no success, so no {extra} Extra DMG")
        extra = 0
    total = capped + extra
    if extra:
        parts.append(f"+ {extra} Extra DMG, not counted against Max DMG")
    ctx.say(
        f"{ctx.name(cid)}'s DMG {total}: {' '.join(parts)}.",
        "space_shard.extra_dmg",
        cid,
        dmg={"successes": amount, "max_dmg": max_dmg, "capped": capped, "extra": extra},
    )
    return total


def _charge(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    defense = _base_defense(c)
    r = charge_bonus(
        strength=c["str"],
        base_defense=defense,
        distance=values["distance"],
        speed=c["speed"],
        meters_rounding=ctx.setting(A_ROUND),
    )
    _take(ctx, cid, "full-turn", "distance", charge=True)
    _aim_lost(ctx, cid, "charges before attacking")
    bonus = r["bonus"]
    if bonus:
        c["effects"].append(_effect("Charge Attack", -bonus, ctx.state["round"] + 1, False))
    ctx.say(
        f"{c['name']} charges {r['meters']} m: +{bonus} DP Enhancement Bonus (at most STR "
        f"{c['str']} and Base Defense {defense}); Base Defense {defense} → "
        f"{r['base_defense_after']} for 1 round.",
        "space_shard.charge",
        cid,
    )


def _guard(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    _take(ctx, cid, "movement", "with")
    _aim_lost(ctx, cid, "guards before attacking")
    skill = c[values["with"]]
    action = "guarding with " + values["with"]
    r = defensive_bonus(action, c["base_defense"], skill, values["shield"] > 0, values["shield"])
    c["effects"] = [e for e in c["effects"] if e["name"] != "Guarding Bonus"]
    c["effects"].append(
        _effect("Guarding Bonus", r["bonus"], ctx.state["round"] + 1, True, "space_shard.guarding")
    )
    ctx.say(
        f"{c['name']} guards: {r['breakdown'][0]}, until their next turn.",
        "space_shard.guarding",
        cid,
    )


def _full_defense(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    _take(ctx, cid, "standard", "id")
    _aim_lost(ctx, cid, "takes Full Defense before attacking")
    r = defensive_bonus("full defense", c["base_defense"])
    c["effects"] = [e for e in c["effects"] if e["name"] != "Evade Bonus"]
    c["effects"].append(
        _effect("Evade Bonus", r["bonus"], ctx.state["round"] + 1, True, "space_shard.full_defense")
    )
    ctx.say(
        f"{c['name']} takes Full Defense: Defense +{r['bonus']} Evade Bonus (Basic Defense "
        f"{c['base_defense']}) and +{r['area_save_dp_bonus']} DP on Saving Throws against "
        "area damage, kept until their next turn; the guns and crossbows of enemies they can "
        "see lose their High Speed Inscription (L184).",
        "space_shard.full_defense",
        cid,
    )


def _aim(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["aim"] >= AIM_MAX_ROUNDS:
        raise InputError(
            "id",
            f"{c['name']} has aimed {AIM_MAX_ROUNDS} times, the most: take "
            "the shot.",
        )
    _take(ctx, cid, "whole-round", "id")
    c["aim"] += 1
    ctx.say(
        f"{c['name']} aims (Whole-Round Action): {c['aim']} of at most {AIM_MAX_ROUNDS} "
        "rounds aimed.",
        "space_shard.aiming",
        cid,
    )


def _prone(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    if "prone" in c["statuses"]:
        raise InputError("id", f"{c['name']} is already Prone: choose a creature standing.")
    c["statuses"]["prone"] = None
    ctx.say(f"{c['name']} drops prone (a Reflex Action): Prone.", "space_shard.prone", values["id"])


def _get_up(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if "prone" not in c["statuses"]:
        raise InputError(
            "id",
            f"{c['name']} is not Prone: choose a creature that is, or add the "
            "status first.",
        )
    _take(ctx, cid, "movement", "id")
    _aim_lost(ctx, cid, "gets up before attacking")
    del c["statuses"]["prone"]
    ctx.say(f"{c['name']} gets up (a Movement Action).", "space_shard.prone", cid)


def _stagger(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    points = values["points"]
    c["effects"] = [e for e in c["effects"] if e["status"] != "stagger"]
    if values["flying"] == "no":
        c["statuses"]["prone"] = None
        text = f"{c['name']} is tripped and falls prone"
    else:
        text = _flying(ctx, cid, values["flying"])
    if points:
        c["statuses"]["stagger"] = points
        c["effects"].append(_effect(f"Stagger {points}", 0, ctx.state["round"] + 1, False))
        text += f", with {points} Stagger points for 1 round"
    ctx.say(text + ".", "space_shard.stagger", cid)


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "act": _act,
    "damage": _damage,
    "charge": _charge,
    "guard": _guard,
    "full_defense": _full_defense,
    "aim": _aim,
    "prone": _prone,
    "get_up": _get_up,
    "stagger": _stagger,
    "reload": _reload,
}
