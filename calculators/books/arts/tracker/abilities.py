"""Use an ability: the effects its rules-data entry declares, applied to its targets.

An ability's ``effects`` (``macros/load/schema.py``'s ``EFFECT_FIELDS``) say what it deals, which
statuses it gives and with how many stacks per Tier, on a success, on a Critical or whenever
it is used, to the target or to its user. The outcome comes from the contest as the two
totals rolled at the table (ties go to the defender; a Critical is 5 or more above the
opposing roll), or is given as it was decided.
"""

from __future__ import annotations

from typing import Any

from .... import data
from ....errors import InputError
from ....tracker.context import Ctx
from ....tracker.spec import Action
from ..contest import CRITICAL_MARGIN
from .declarations import STATUS_ENTRIES, SYSTEM
from .harm import _harm, _reduce
from .squares import check as _check_range
from .statuses import _status

A_POINTS = "arts.assume_ability_points"
A_RESILIENCE_EFFECTS = "arts.assume_resilience_success_effects"


def _usable() -> dict[str, dict[str, Any]]:
    """The abilities whose effects the tracker can apply (those with a ``when``), by key."""
    return {
        e["id"].partition(".")[2]: e
        for e in data.system_data(SYSTEM).values()
        if e["kind"] == "ability" and any("when" in x for x in e.get("effects", ()))
    }


USABLE = _usable()
POINTS_DEFAULT = int(data.system_data(SYSTEM).get(A_POINTS, {}).get("default", 1))

OUTCOMES = (
    ("rolls", "From the two rolls below"),
    ("success", "Success"),
    ("critical", "Critical"),
    ("failure", "Failure (the defender wins)"),
)
DEFENSES = (
    ("evasion", "Evasion (all or nothing)"),
    ("resilience", "Resilience (graded)"),
    ("resolve", "Resolve"),
    ("none", "No defensive roll"),
)

def with_abilities(action: Action) -> Action:
    """The declared "Use an ability" ``action`` with its picker's choices: every ability
    whose effects the tracker applies (:data:`USABLE`), the first by default.

    >>> from calculators.tracker.spec import Action, Field
    >>> picker = (Field("ability", "Ability", "choice", None),)
    >>> field = with_abilities(Action("use_ability", "Use", "creature", picker, "x")).fields[0]
    >>> field.default, field.choices[0]
    ('chokehold', ('chokehold', 'Chokehold'))
    """
    choices = tuple((k, str(e["name"])) for k, e in USABLE.items())
    return action._replace(fields=tuple(
        f._replace(default=next(iter(USABLE), ""), choices=choices) if f.name == "ability" else f
        for f in action.fields))


def contest(attack: int, defense: int) -> tuple[str, str]:
    """The attacker's outcome and the defender's, from the two totals.

    >>> contest(12, 7), contest(9, 8), contest(8, 8), contest(3, 9)
    (('critical', 'failure'), ('success', 'failure'), ('failure', 'success'), \
('failure', 'critical'))
    """
    margin = attack - defense
    if margin >= CRITICAL_MARGIN:
        return "critical", "failure"
    if margin > 0:
        return "success", "failure"
    return "failure", "critical" if -margin >= CRITICAL_MARGIN else "success"


def amount(effect: dict[str, Any], tier: int, points: int) -> int:
    """What an effect gives at ``tier``: ``base + per_tier × Tier``, or ``points`` where the
    card gives no number of a dealt load, or one stack of a status.

    >>> amount({"deal": "fatigue"}, 2, 1), amount({"status": "arts.bleed", "per_tier": 2}, 3, 1)
    (1, 6)
    >>> amount({"status": "arts.burning"}, 1, 1)
    1
    >>> amount({"status": "arts.slowed", "base": -1, "per_tier": 1}, 1, 1)
    0
    """
    if "base" not in effect and "per_tier" not in effect:
        return points if "deal" in effect else 1
    return int(effect.get("base", 0)) + int(effect.get("per_tier", 0)) * tier


def applies(effect: dict[str, Any], outcome: str, effects: list[dict[str, Any]]) -> bool:
    """Whether an effect applies on ``outcome``; a success's effect gives way to a
    Critical's ``instead`` of the same kind.

    >>> bleed = {"status": "arts.bleed", "when": "success"}
    >>> crit = {"status": "arts.bleed", "when": "critical", "instead": True}
    >>> applies(bleed, "success", [bleed, crit]), applies(bleed, "critical", [bleed, crit])
    (True, False)
    """
    when = effect.get("when")
    if when == "use":
        return True
    if when == "critical":
        return outcome == "critical"
    if when != "success" or outcome not in ("success", "critical"):
        return False
    return not (
        outcome == "critical"
        and any(
            e.get("instead") and e.get("when") == "critical" and _kind(e) == _kind(effect)
            for e in effects
        )
    )


def _kind(effect: dict[str, Any]) -> tuple[str, str]:
    for key in ("deal", "relieve", "status", "changes"):
        if key in effect:
            return key, str(effect[key])
    raise ValueError(f"an effect does nothing: {effect}")


def _chosen(effect: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The effect with the load the user chose where it lets them choose.

    >>> _chosen({"relieve": "chosen", "base": 1}, {"relieve": "stress"})
    {'relieve': 'stress', 'base': 1}
    >>> _chosen({"status": "chosen", "of": ["arts.burning"]}, {"status": "burning"})
    {'status': 'arts.burning'}
    """
    if effect.get("relieve") == "chosen":
        return {**effect, "relieve": values.get("relieve") or "fatigue"}
    if effect.get("status") != "chosen":
        return effect
    of = list(effect["of"])
    pick = f"{SYSTEM}.{values.get('status')}"
    if pick not in of:
        names = ", ".join(STATUS_ENTRIES[x.partition(".")[2]]["name"] for x in of)
        raise InputError("status", f"Choose one of: {names}.")
    return {k: v for k, v in effect.items() if k != "of"} | {"status": pick}


def _targets(ctx: Ctx, text: str) -> list[str]:
    by_name = {c["name"].lower(): cid for cid, c in ctx.state["creatures"].items()}
    chosen: list[str] = []
    for name in (n.strip() for n in text.split(",")):
        if not name:
            continue
        if name.lower() not in by_name:
            raise InputError("targets", f"No creature is called {name!r}: give a name on a card.")
        if by_name[name.lower()] in chosen:
            raise InputError("targets", f"{name} is named twice: name each target once.")
        chosen.append(by_name[name.lower()])
    return chosen


def _outcome(values: dict[str, Any]) -> tuple[str, str, str]:
    """The attacker's outcome, the defender's and how it was found."""
    if values["outcome"] != "rolls":
        outcome = values["outcome"]
        return outcome, "success" if outcome == "failure" else "failure", "as given"
    if values["attack"] is None or values["defense_roll"] is None:
        field = "attack" if values["attack"] is None else "defense_roll"
        raise InputError(field, "Enter both totals rolled, or choose the outcome.")
    attacker, defender = contest(values["attack"], values["defense_roll"])
    how = f"{values['attack']} against {values['defense_roll']}"
    return attacker, defender, how


def _use_ability(ctx: Ctx, values: dict[str, Any]) -> None:
    actor = values["id"]
    user = ctx.state["creatures"][actor]
    if user["dead"]:
        raise InputError("ability", f"{user['name']} is dead: choose a living creature.")
    entry = USABLE[values["ability"]]
    tier, effects = values["tier"], [_chosen(e, values) for e in entry["effects"]]
    targets = _targets(ctx, values["targets"])
    wants_target = any(e.get("to", "target") == "target" and "changes" not in e for e in effects)
    if wants_target and not targets:
        raise InputError("targets", f"Name the target of {entry['name']}.")
    most = next(
        (amount(e, tier, 1) for e in effects if e.get("changes") == "targets"), max(1, len(targets))
    )
    if len(targets) > most:
        raise InputError(
            "targets",
            f"{entry['name']} at Tier {tier} has up to {most} targets: "
            f"name {most} or fewer.",
        )
    reach = _check_range(ctx, actor, targets, entry, tier, values["long_reach"])
    if all(e.get("when") == "use" for e in effects if "when" in e):
        outcome, defended, how = "used", "failure", "no roll: its effect needs none"
    else:
        outcome, defended, how = _outcome(values)
    ctx.say(
        f"{user['name']} uses {entry['name']} (Tier {tier}) on "
        f"{', '.join(ctx.state['creatures'][t]['name'] for t in targets) or 'no one'}: "
        f"{outcome} ({how}).",
        "arts.ability_effects",
        actor,
        **({"reach": reach} if reach else {}),
    )
    for effect in (e for e in effects if "changes" in e and applies(e, outcome, effects)):
        ctx.say(
            f"{entry['name']}: {effect['changes']} {amount(effect, tier, 1)} (the GM applies it).",
            "arts.ability_effects",
            actor,
        )
    for cid in targets:
        own = [e for e in effects if e.get("to", "target") == "target"]
        _apply(ctx, cid, own, tier, outcome, values, defended)
    beyond = max(0, len(targets) - 1)
    for effect in (e for e in effects if e.get("to") == "self" and applies(e, outcome, effects)):
        times = beyond if effect.get("each_target_beyond_first") else 1
        _one(ctx, actor, effect, amount(effect, tier, values["points"]) * times, "none")


def _apply(
    ctx: Ctx,
    cid: str,
    effects: list[dict[str, Any]],
    tier: int,
    outcome: str,
    values: dict[str, Any],
    defended: str,
) -> None:
    """One target's share: Resilience grades it ('Critical: Avoid the effects; Success: Take
    Fatigue (but no more than one point) but skip the roll'); Evasion and Resolve are all or
    nothing, decided by the outcome."""
    name = ctx.state["creatures"][cid]["name"]
    defense = "none"
    if values["defense"] == "resilience":
        if defended == "critical":
            ctx.say(f"{name}'s Resilience is a Critical: the effects are avoided.",
                    "arts.resilience", cid)
            return
        if defended == "success":
            ctx.say(
                f"{name}'s Resilience succeeds: only the Fatigue is taken, at most one point.",
                "arts.resilience",
                cid,
                assumption=A_RESILIENCE_EFFECTS,
            )
            outcome, defense = "success", "resilience_success"
            effects = [e for e in effects if e.get("deal") == "fatigue"]
        else:
            critical = outcome == "critical"
            defense = "resilience_failure_critical" if critical else "resilience_failure"
    for effect in (e for e in effects if applies(e, outcome, effects)):
        _one(ctx, cid, effect, amount(effect, tier, values["points"]), defense)


def _one(ctx: Ctx, cid: str, effect: dict[str, Any], count: int, defense: str) -> None:
    c = ctx.state["creatures"][cid]
    if "deal" in effect:
        plus = effect.get("plus")
        if plus:
            stacks = c["statuses"].get(plus.partition(".")[2]) or 0
            ctx.say(
                f"{STATUS_ENTRIES[plus.partition('.')[2]]['name']} on {c['name']}: "
                f"{count} + {stacks} stacks.",
                "arts.ability_effects",
                cid,
            )
            count += stacks
        if count < 1 or c["dead"]:
            return
        _harm(ctx, {"id": cid, "kind": effect["deal"], "amount": count, "defense": defense,
                    "adrenaline": False})
    elif "relieve" in effect and count >= 1 and not c["dead"]:
        _reduce(ctx, cid, effect["relieve"], count, "arts.ability_effects",
                "is relieved by an ability")
    elif "status" in effect and count >= 1 and not c["dead"]:
        key = effect["status"].partition(".")[2]
        if key not in STATUS_ENTRIES:
            raise ValueError(f"{effect['status']} is not a status")
        _status(ctx, {"id": cid, "status": key, "amount": count})
