"""Pendragon's encounter rules, turn by turn (the quick reference's Combat Encounters).

Initiative and its ties, rounds and turns, effects that last Rounds, the actions of a
Turn, one Instant action until the next Turn, Damage Tokens and Wounds, the wound
penalty, the unconsciousness check, rallying, reviving and death. The dice of a check
are the table's unless the GM names them (``pendragon.assume_tracker_check_dice``).

>>> from calculators.tracker import encounter
>>> import calculators.tracker.pendragon as p
>>> s = encounter.blank(p)
>>> s, _ = encounter.act(p, s, {"op": "add", "creature": {"name": "Kira", "hp": 4}})
>>> s, events = encounter.act(p, s, {"op": "damage", "id": "c1", "amount": 6})
>>> [e["text"] for e in events][:2]
['Kira takes 6 damage: Damage Tokens 0 → 4, Wounds 0 → 2.', 'Kira: check penalty -2.']
>>> s["creatures"]["c1"]["pending"][0]["target"]
18
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..notation import parse
from ..pendragon.damage import compute_damage
from ..pendragon.rules import (
    A_DIRECT,
    A_MEET,
    A_SUBSTITUTIONS,
    MEET_CHOICES,
    RALLY_DC,
    REVIVE_BASE,
    SUBSTITUTION_CHOICES,
)
from ..pendragon.turn import turn_plans
from .context import Ctx, State
from .spec import Action, Field, Limit, Rule

SYSTEM = "pendragon"
TITLE = "Pendragon"
A_DICE = "pendragon.assume_tracker_check_dice"

RULES = (
    Rule(
        "pendragon.initiative",
        "Initiative",
        "pendragon.getting_started",
        "Each participant's Initiative check (a Spirit check plus bonuses, rolled or entered) "
        "sets the order, highest first; a tie goes to the higher Spirit, then to the winner "
        "of rock-paper-scissors (the tie-break field).",
    ),
    Rule(
        "pendragon.rounds",
        "Rounds and Turns",
        "pendragon.combat_rounds_and_turns",
        "Each round every participant acts once, in order of Initiative.",
    ),
    Rule(
        "pendragon.durations",
        "Effects that last Rounds",
        "pendragon.combat_rounds_and_turns",
        "An effect of N Rounds ends at the beginning of its creature's turn in the effect's "
        "final round.",
    ),
    Rule(
        "pendragon.actions",
        "Combat Actions",
        "pendragon.combat_actions",
        "A Turn holds a full-round action, or a standard, a move and a minor action with "
        "the substitutions allowed; an action beyond that is refused.",
    ),
    Rule(
        "pendragon.instant",
        "Instant Actions",
        "pendragon.instant_actions",
        "One Instant action (an attack of opportunity is one) until the creature's next Turn.",
    ),
    Rule(
        "pendragon.damage",
        "Damage Tokens and Wounds",
        "pendragon.hit_points_damage_and_wounds",
        "Damage fills Damage Tokens up to the hit points; the rest becomes Wounds.",
    ),
    Rule(
        "pendragon.wound_penalty",
        "Wound penalty",
        "pendragon.hit_points_damage_and_wounds",
        "Each Wound is −1 on every check the tracker asks for.",
    ),
    Rule(
        "pendragon.unconsciousness",
        "Unconsciousness",
        "pendragon.unconsciousness",
        "When damage and wounds exceed the hit points, a Spirit check against 10 + the "
        "damage just taken; a failure knocks the creature unconscious.",
    ),
    Rule(
        "pendragon.rally",
        "Rally",
        "pendragon.unconsciousness",
        "Once per round, at its turn, an unconscious creature may rally: Spirit check, "
        "Difficulty 10.",
    ),
    Rule(
        "pendragon.revive",
        "Revive",
        "pendragon.unconsciousness",
        "An adjacent ally's Heal check against 10 + the creature's total damage revives it; "
        "some effects revive at once.",
    ),
    Rule(
        "pendragon.death",
        "Death and Dying",
        "pendragon.death_and_dying",
        "Wounds above 6 + Body kill; the dead cannot act, rally or be revived.",
    ),
)
INITIATIVE_RULE = "pendragon.initiative"
ORDER_RULE = "pendragon.rounds"

CREATURE = (
    Field("hp", "Hit points", "int", 10, low=0, high=999),
    Field("body", "Body", "int", 0, low=-20, high=99),
    Field("spirit", "Spirit", "int", 0, low=-20, high=99),
    Field(
        "init_bonus",
        "Initiative bonuses",
        "int",
        0,
        low=-99,
        high=99,
        help="Added to the Spirit check for Initiative.",
    ),
    Field(
        "tiebreak",
        "Rock-paper-scissors wins",
        "int",
        0,
        low=0,
        high=99,
        help="Only for a tie on Initiative and Spirit: more wins acts first.",
    ),
    Field("damage", "Damage Tokens", "int", 0, low=0, high=999),
    Field("wounds", "Wounds", "int", 0, low=0, high=999),
)
STORED = (*(f.name for f in CREATURE), "unconscious", "dead", "spent", "effects")

SETTINGS = (
    Field(
        A_DICE,
        "Dice of a check (empty: enter results)",
        "text",
        None,
        help="For example 1d20 + bonus; bonus is the score the check uses.",
    ),
    Field(
        A_SUBSTITUTIONS,
        "Action substitutions",
        "choice",
        None,
        choices=tuple((c, c) for c in SUBSTITUTION_CHOICES),
    ),
    Field(
        A_MEET,
        "A check succeeds on a result",
        "choice",
        None,
        choices=tuple((c, c) for c in MEET_CHOICES),
    ),
    Field(A_DIRECT, "Direct wounds call for the unconsciousness check", "flag", None),
)

EXAMPLES = (
    {"name": "Kira", "hp": 5, "body": 1, "spirit": 3, "init_bonus": 1},
    {"name": "Orc", "hp": 8, "body": 2, "spirit": 1},
)
"""Creatures for the examples and the property tests."""

ASSUMPTIONS = ("pendragon.assume_effect_owner",)
"""Followed without a setting: the tracker implements this one reading."""

LIMITS = (Limit("instant", "an Instant action", "turn", "pendragon.instant"),)

KINDS = ("full-round", "standard", "move", "minor")

ACTIONS = (
    Action(
        "roll_initiative",
        "Roll Initiative for everyone",
        "encounter",
        (),
        "pendragon.initiative",
        rolls=True,
        help="Needs the dice of a check in the settings.",
        when="setup",
    ),
    Action(
        "damage",
        "Take damage",
        "creature",
        (
            Field("amount", "Damage", "int", 1, low=0, high=999),
            Field("direct", "Wounds applied directly", "int", 0, low=0, high=99),
        ),
        "pendragon.damage",
        common=True,
    ),
    Action(
        "act",
        "Take the action",
        "creature",
        (
            Field(
                "kind",
                "Action",
                "choice",
                "standard",
                choices=tuple((k, f"{k} action") for k in KINDS),
            ),
        ),
        "pendragon.actions",
        common=True,
    ),
    Action(
        "effect",
        "Add the effect",
        "creature",
        (
            Field("name", "Effect", "text", "Effect"),
            Field("rounds", "Lasts (Rounds)", "int", 1, low=1, high=999),
        ),
        "pendragon.durations",
    ),
    Action(
        "end_effect",
        "End the effect",
        "creature",
        (Field("name", "Effect", "text", ""),),
        "pendragon.durations",
    ),
    Action(
        "revive",
        "An ally tries to revive",
        "creature",
        (Field("heal", "The ally's Heal bonus", "int", 0, low=-99, high=99),),
        "pendragon.revive",
    ),
    Action("revived", "Revived by an effect", "creature", (), "pendragon.revive"),
)


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked: Damage Tokens never exceed the hit points."""
    creature = {**values, "unconscious": False, "dead": False, "spent": [], "effects": {}}
    validate_creature(creature, "")
    creature["dead"] = creature["wounds"] > 6 + creature["body"]
    return creature


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields themselves are already checked)."""
    where = f"{path}.damage" if path else "damage"
    if creature["damage"] > creature["hp"]:
        raise InputError(where, "A creature never carries more Damage Tokens than its hit points.")
    for key in ("unconscious", "dead"):
        if not isinstance(creature[key], bool):
            raise InputError(f"{path}.{key}", "Must be true or false.")
    if not isinstance(creature["spent"], list) or any(k not in KINDS for k in creature["spent"]):
        raise InputError(f"{path}.spent", "Must list the actions taken this turn.")
    effects = creature["effects"]
    if not isinstance(effects, dict) or any(
        not isinstance(v, int) or isinstance(v, bool) for v in effects.values()
    ):
        raise InputError(f"{path}.effects", "Must map each effect to its final round.")


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """Initiative, then Spirit, then rock-paper-scissors wins: higher acts first."""
    return (creature["initiative"] or 0, creature["spirit"], creature["tiebreak"])


def _needs(ctx: Ctx, difficulty: int, wounds: int) -> tuple[str, int]:
    """The comparison and target of a check: the Difficulty plus the wound penalty."""
    higher = ctx.setting(A_MEET) == "higher"
    return ">=", difficulty + wounds + (1 if higher else 0)


def _dice(ctx: Ctx) -> str:
    return str(ctx.setting(A_DICE) or "").strip()


def _check(
    ctx: Ctx, kind: str, label: str, difficulty: int, wounds: int, bonus: int, rule: str
) -> dict[str, Any]:
    op, target = _needs(ctx, difficulty, wounds)
    extra = f", +{wounds} for the wound penalty" if wounds else ""
    return {
        "check": kind,
        "label": f"{label} (Difficulty {difficulty}{extra})",
        "expression": _dice(ctx),
        "names": {"bonus": bonus},
        "op": op,
        "target": target,
        "rule": rule,
    }


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


def _can_act(ctx: Ctx, cid: str, field: str) -> None:
    creature = ctx.state["creatures"][cid]
    if creature["dead"]:
        raise InputError(field, f"{creature['name']} is dead and cannot take any actions.")
    if creature["unconscious"]:
        raise InputError(field, f"{creature['name']} is unconscious and cannot take any actions.")


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules; wounds may now kill."""
    creature = ctx.state["creatures"][cid]
    validate_creature(creature, "value")
    _death(ctx, cid)


def _death(ctx: Ctx, cid: str) -> None:
    creature = ctx.state["creatures"][cid]
    limit = 6 + creature["body"]
    if not creature["dead"] and creature["wounds"] > limit:
        creature["dead"] = True
        creature["unconscious"] = False
        creature["pending"] = []
        ctx.say(
            f"{creature['name']} dies: {creature['wounds']} Wounds exceed 6 + Body "
            f"{creature['body']} = {limit}.",
            "pendragon.death",
            cid,
        )


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    dice = _dice(ctx)
    if not dice:
        raise InputError(  # named at the setting, which the page opens
            A_DICE, "Name the dice of a check in the settings, or set each Initiative by hand."
        )
    if ctx.state["round"]:
        raise InputError("op", "Initiative is rolled before the encounter starts.")
    for cid in ctx.state["order"]:
        creature = ctx.state["creatures"][cid]
        bonus = creature["spirit"] + creature["init_bonus"] - creature["wounds"]
        creature["initiative"] = ctx.roll(
            dice,
            {"bonus": bonus},
            f"{creature['name']}'s Initiative check (bonus {bonus:+d}: Spirit, bonuses, "
            "wound penalty)",
            "pendragon.initiative",
            cid,
        )


def _damage(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("amount", f"{c['name']} is already dead.")
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
        raise InputError("kind", f"{c['name']} acts during their own Turn.")
    _can_act(ctx, cid, "kind")
    spent = [*c["spent"], values["kind"]]
    if not _fits(spent, ctx.setting(A_SUBSTITUTIONS)):
        raise InputError(
            "kind",
            f"A Turn cannot hold {', '.join(spent)} (a full-round action, "
            "or a standard, a move and a minor action, with substitutions).",
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
        raise InputError("name", f"{c['name']} has no effect {name!r}.")
    del c["effects"][name]
    ctx.say(f"{name} on {c['name']} ends.", "pendragon.durations", values["id"])


def _revive(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("heal", f"{c['name']} is dead and cannot be revived.")
    if not c["unconscious"]:
        raise InputError("heal", f"{c['name']} is not unconscious.")
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
        raise InputError("id", f"{c['name']} is not unconscious.")
    _wake(ctx, cid, "is revived by an effect", "pendragon.revive")


def _wake(ctx: Ctx, cid: str, how: str, rule: str) -> None:
    c = ctx.state["creatures"][cid]
    c["unconscious"] = False
    c["pending"] = [p for p in c["pending"] if p["check"] not in ("rally", "revive")]
    ctx.say(f"{c['name']} {how} and may act as normal during subsequent turns.", rule, cid)


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """The outcome of a check the creature (or an ally) made."""
    c = ctx.state["creatures"][cid]
    if check["check"] == "unconscious" and not success:
        c["unconscious"] = True
        ctx.say(
            f"{c['name']} falls unconscious and cannot take any actions.",
            "pendragon.unconsciousness",
            cid,
        )
    elif check["check"] == "rally" and success:
        _wake(ctx, cid, "rallies", "pendragon.rally")
    elif check["check"] == "revive" and success:
        _wake(ctx, cid, "is revived", "pendragon.revive")


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "damage": _damage,
    "act": _act,
    "effect": _effect,
    "end_effect": _end_effect,
    "revive": _revive,
    "revived": _revived,
}


def check_setting(key: str, value: Any) -> None:
    """A dice setting must parse and use no name but ``bonus``."""
    if key == A_DICE and value:
        expression = parse(str(value), "value")
        if expression.names - {"bonus"}:
            raise InputError("value", "The dice may use only the name bonus.")
        expression.span({"bonus": 0})


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its numbers with their meaning, its conditions."""
    c = creature
    limit = 6 + c["body"]
    numbers = [
        ("Damage Tokens", f"{c['damage']} / {c['hp']}", "hit points"),
        ("Wounds", c["wounds"], f"dies above {limit} (6 + Body {c['body']})"),
        ("Check penalty", f"{-c['wounds']:+d}", "−1 a Wound"),
        ("Spirit", c["spirit"], ""),
        ("Body", c["body"], ""),
    ]
    if c["spent"]:
        numbers.append(("This Turn", ", ".join(c["spent"]), ""))
    conditions = []
    if c["dead"]:
        conditions.append("Dead")
    elif c["unconscious"]:
        conditions.append("Unconscious")
    for name, final in c["effects"].items():
        conditions.append(f"{name} (ends at their turn in round {final})")
    return {"numbers": numbers, "conditions": conditions}
