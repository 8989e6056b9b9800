"""The encounter engine: ``act(system, state, action) -> (state, events)``, a pure function.

The state is plain JSON data::

    {"system": "pendragon", "version": 1, "round": 0, "turn": null, "order": [],
     "creatures": {"c1": {...}}, "next": 2, "settings": {...}}

``round`` is 0 until the encounter starts; ``turn`` indexes ``order`` (whose turn it is).
A creature holds ``id``, ``name``, ``initiative``, ``statuses`` (status id to its
parameter, or ``null`` for one without), ``used`` (what it spent this round or turn),
``pending`` (checks it must roll) and its system's own numbers.

The engine applies what every system shares: adding and removing creatures, initiative
and the turn order, the start and end of turns and rounds, once-per-round (or per-turn)
uses, pending checks and the GM's corrections. Everything else is the system module's
(:mod:`.pendragon` and the others), which it calls through the hooks named in
:mod:`calculators.tracker`.
"""

from __future__ import annotations

import copy
from types import ModuleType
from typing import Any

from ..builders import state as check
from ..errors import InputError
from . import positions
from .context import COMPARE, Ctx, Event, State, passes
from .fields import fields_of, setting_default, value
from .spec import Action, Field

VERSION = 1
"""The version of the encounter format; a file of another version is refused."""

MAX_CREATURES = 40
"""The most creatures one encounter holds (a page a phone can still show)."""

GENERIC_RULE = "tracker"
"""The rule id of what no rulebook states: the GM's own bookkeeping."""


def blank(system: ModuleType) -> State:
    """An encounter with no creatures, not started, with the system's default settings."""
    return {
        "system": system.SYSTEM,
        "version": VERSION,
        "round": 0,
        "turn": None,
        "order": [],
        "creatures": {},
        "next": 1,
        "settings": {f.name: setting_default(f) for f in system.SETTINGS},
    }


# --- the creatures and the turn order -------------------------------------------------


def new_creature(system: ModuleType, cid: str, raw: dict[str, Any]) -> dict[str, Any]:
    """A creature from the add form's fields (``name`` and the system's ``CREATURE``)."""
    name = check.text(raw.get("name") or "", "name", "Name").strip()
    if not name:
        raise InputError("name", "Give the creature a name.")
    values = fields_of(system.CREATURE, raw)
    initiative = value(INITIATIVE_FIELD, raw.get("initiative"), "initiative")
    return {
        "id": cid,
        "name": name,
        "initiative": initiative,
        "statuses": {},
        "used": [],
        "pending": [],
        **system.new_creature(values),
    }


def sort_order(system: ModuleType, state: State) -> None:
    """Put the order by initiative (the system's ``order_key``), keeping whose turn it is."""
    current = current_id(state)
    ids = list(state["order"])
    ids.sort(key=lambda cid: system.order_key(state["creatures"][cid], state), reverse=True)
    state["order"] = ids
    if current is not None:
        state["turn"] = ids.index(current)


def current_id(state: State) -> str | None:
    """Whose turn it is, or ``None`` before the encounter starts."""
    turn = state["turn"]
    return None if turn is None else state["order"][turn]


INITIATIVE_FIELD = Field(
    "initiative",
    "Initiative",
    "int",
    None,
    low=-99,
    high=999,
    optional=True,
    help="Leave empty to roll or set it later.",
)
"""The add form's optional initiative (set when the creature joins)."""

SET_INITIATIVE = INITIATIVE_FIELD._replace(name="value", default=10, optional=False, help="")
"""The initiative a creature's card sets (same range as the add form's)."""

# --- the generic actions --------------------------------------------------------------

GENERIC: tuple[Action, ...] = (
    Action("start", "Start the encounter", "encounter", (), GENERIC_RULE, common=True),
    Action("next", "End the turn", "encounter", (), GENERIC_RULE, common=True),
    Action(
        "initiative",
        "Set initiative",
        "creature",
        (SET_INITIATIVE,),
        GENERIC_RULE,
    ),
    Action("remove", "Remove from the encounter", "creature", (), GENERIC_RULE),
)


def _add(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    state = ctx.state
    if len(state["creatures"]) >= MAX_CREATURES:
        raise InputError("name", f"{MAX_CREATURES} creatures at most: remove one first.")
    raw = action.get("creature")
    if not isinstance(raw, dict):
        raise InputError("creature", "The new creature is missing: give at least a name.")
    cid = f"c{state['next']}"
    creature = new_creature(system, cid, raw)
    state["next"] += 1
    state["creatures"][cid] = creature
    state["order"].append(cid)
    if state["round"]:
        sort_order(system, state)
    ctx.say(f"{creature['name']} joins the encounter.", GENERIC_RULE, cid)


def _remove(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    state = ctx.state
    creature = ctx.creature(action.get("id"))
    cid = creature["id"]
    index = state["order"].index(cid)
    del state["creatures"][cid]
    state["order"].remove(cid)
    if state["turn"] is not None:
        if not state["order"]:
            state["turn"] = None
            state["round"] = 0
        elif index < state["turn"] or state["turn"] >= len(state["order"]):
            state["turn"] = (state["turn"] - (index < state["turn"])) % len(state["order"])
    ctx.say(f"{creature['name']} leaves the encounter.", GENERIC_RULE, cid)


def _initiative(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    creature = ctx.creature(action.get("id"))
    creature["initiative"] = value(SET_INITIATIVE, action.get("value"), "value")
    if ctx.state["round"]:
        sort_order(system, ctx.state)
    ctx.say(
        f"{creature['name']}'s initiative is {creature['initiative']}.",
        system.INITIATIVE_RULE,
        creature["id"],
    )


def _start(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    state = ctx.state
    if state["round"]:
        raise InputError(
            "op", "The encounter has already started: end the turn, or add creatures as they come."
        )
    if not state["creatures"]:
        raise InputError("op", "Add a creature before starting the encounter.")
    missing = [c["name"] for c in state["creatures"].values() if c["initiative"] is None]
    if missing:
        hint = getattr(system, "START_HINT", "Set or roll the initiative of {names} first.")
        raise InputError("op", hint.format(names=", ".join(missing)))
    state["round"] = 1
    state["turn"] = 0
    sort_order(system, state)
    state["turn"] = 0
    order = ", ".join(ctx.name(cid) for cid in state["order"])
    ctx.say(f"Round 1 begins. Turn order: {order}.", system.ORDER_RULE)
    system.round_start(ctx)
    begin_turn(system, ctx)


def begin_turn(system: ModuleType, ctx: Ctx) -> None:
    """The current creature's turn begins: per-turn uses come back, then the system's
    start-of-turn rules (also called by a system whose creature takes its turn later)."""
    cid = current_id(ctx.state)
    assert cid is not None
    creature = ctx.state["creatures"][cid]
    for use in system.LIMITS:
        if use.reset == "turn" and use.id in creature["used"]:
            creature["used"].remove(use.id)
            ctx.say(f"{creature['name']} may use {use.name} again.", use.rule, cid)
    ctx.say(f"{creature['name']}'s turn begins.", system.ORDER_RULE, cid)
    system.turn_start(ctx, cid)


def _next(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    state = ctx.state
    cid = current_id(state)
    if cid is None:
        raise InputError("op", "Start the encounter first.")
    system.turn_end(ctx, cid)
    ctx.say(f"{ctx.name(cid)}'s turn ends.", system.ORDER_RULE, cid)
    state["turn"] += 1
    if state["turn"] >= len(state["order"]):
        state["round"] += 1
        state["turn"] = 0
        for creature in state["creatures"].values():
            for use in system.LIMITS:
                if use.reset == "round" and use.id in creature["used"]:
                    creature["used"].remove(use.id)
        ctx.say(f"Round {state['round']} begins.", system.ORDER_RULE)
        system.round_start(ctx)
    begin_turn(system, ctx)


def _use(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    creature = ctx.creature(action.get("id"))
    what = action.get("what")
    limits = {use.id: use for use in system.LIMITS}
    if what not in limits:
        raise InputError("what", f"{what!r} is not an action the rules limit: choose one listed.")
    use = limits[what]
    period = "this round" if use.reset == "round" else "until their next turn"
    if what in creature["used"]:
        raise InputError(
            "what",
            f"{creature['name']} has already used {use.name} {period}: it comes back "
            + ("next round: wait for it." if use.reset == "round"
               else "at the start of their next turn: wait for it."),
        )
    system.check_use(ctx, creature["id"], use)
    creature["used"].append(what)
    ctx.say(f"{creature['name']} uses {use.name}; not again {period}.", use.rule, creature["id"])


def _resolve(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    """A pending check: rolled with the action's seed, or its result typed in by the GM."""
    creature = ctx.creature(action.get("id"))
    pending = creature["pending"]
    index = action.get("index", 0)
    if not isinstance(index, int) or not 0 <= index < len(pending):
        raise InputError(
            "index",
            f"{creature['name']} has no such check to make: pick one listed on their card.",
        )
    item = pending[index]
    given = action.get("result")
    if given is not None and given != "":
        total = check.whole(given, "result", "The result", -999, 9999)
        ctx.say(f"{item['label']}: the GM enters {total}.", item["rule"], creature["id"])
    elif item["expression"]:
        total = ctx.roll(
            item["expression"], item["names"], item["label"], item["rule"], creature["id"]
        )
    else:
        raise InputError("result", "Enter the result of the check.")
    success = passes(total, item["op"], item["target"])
    pending.pop(index)
    word = "succeeds" if success else "fails"
    ctx.say(
        f"{item['label']} {word}: {total} against {COMPARE[item['op']]} {item['target']}.",
        item["rule"],
        creature["id"],
    )
    system.resolve(ctx, creature["id"], item, success, total)


def _set(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    """The GM corrects one of a creature's numbers by hand (any field of ``CREATURE``)."""
    creature = ctx.creature(action.get("id"))
    fields = {f.name: f for f in system.CREATURE}
    name = action.get("field")
    if name not in fields:
        raise InputError("field", f"{name!r} is not a number the GM can set: choose one on a card.")
    creature[name] = value(fields[name], action.get("value"), "value")
    system.after_set(ctx, creature["id"], name)
    ctx.say(
        f"The GM sets {creature['name']}'s {fields[name].label} to {creature[name]}.",
        GENERIC_RULE,
        creature["id"],
    )


def _setting(system: ModuleType, ctx: Ctx, action: dict[str, Any]) -> None:
    fields = {f.name: f for f in system.SETTINGS}
    key = action.get("key")
    if key not in fields:
        raise InputError("key", f"{key!r} is not a setting of this tracker: choose one listed.")
    new = value(fields[key], action.get("value"), "value")
    if hasattr(system, "check_setting"):
        system.check_setting(key, new)
    ctx.state["settings"][key] = new
    ctx.say(f"Setting: {fields[key].label}: {ctx.state['settings'][key]}.", key)


HANDLERS = {
    "add": _add,
    "remove": _remove,
    "initiative": _initiative,
    "start": _start,
    "next": _next,
    "use": _use,
    "resolve": _resolve,
    "set": _set,
    "setting": _setting,
}


def act(system: ModuleType, state: State, action: Any) -> tuple[State, list[Event]]:
    """Apply ``action`` to ``state``: the new state and what happened; ``state`` is untouched.

    An action the rules do not allow raises :class:`InputError` on the field at fault.
    """
    if not isinstance(action, dict):
        raise InputError("action", "An action is an object with an 'op': give one.")
    op = action.get("op")
    seed = action.get("seed")
    if seed is not None:
        seed = check.whole(seed, "seed", "Seed", 0, 2**32)
    follows = {r.id: r.follows for r in system.RULES if r.follows}
    follows.update({f.name: (f.name,) for f in system.SETTINGS})
    ctx = Ctx(copy.deepcopy(state), seed, follows, getattr(system, "effective", None))
    if op in HANDLERS:
        HANDLERS[op](system, ctx, action)
    elif op in system.HANDLERS:
        spec = next(a for a in system.ACTIONS if a.op == op)
        values = fields_of(spec.fields, action)
        if spec.scope == "creature":
            values["id"] = ctx.creature(action.get("id"))["id"]
        system.HANDLERS[op](ctx, values)
    else:
        raise InputError("op", f"Unknown action {op!r}: choose one the page lists.")
    ctx.finish()
    return _held(system, ctx.state, action), ctx.events


def _held(system: ModuleType, state: State, action: dict[str, Any]) -> State:
    """``state`` if the encounter can hold it (what a save must pass, :func:`validate`);
    else the action is refused on the field of ``action`` whose value went past a limit
    (a stored number such as Wounds, at most 999), saying what to do."""
    try:
        validate(system, state)
    except InputError as error:
        field = next((k for k in action if k not in ("op", "id", "seed")), "op")
        raise InputError(
            field,
            f"The encounter would not hold it ({error.message}): "
            "try a smaller value.",
        ) from None
    return state


# --- checking a stored encounter ------------------------------------------------------

KEYS = ("system", "version", "round", "turn", "order", "creatures", "next", "settings")
CREATURE_KEYS = ("id", "name", "initiative", "statuses", "used", "pending")
PENDING_KEYS = ("check", "label", "expression", "names", "op", "target", "rule")


def validate(system: ModuleType, raw: Any, path: str = "state") -> State:
    """An encounter read back from storage, a link or a file, checked field by field.

    A save made before a system added a creature field or a setting still loads: the
    system's ``ADDED`` (field: default) and ``ADDED_SETTINGS`` (names) fill what it lacks.
    """
    state = dict(check.record(raw, path, KEYS, "encounter"))
    if state.get("system") != system.SYSTEM:
        raise InputError(
            check.join(path, "system"), f"This is not a {system.TITLE} encounter: open it in its "
            "own tracker."
        )
    if state.get("version") != VERSION:
        raise InputError(
            check.join(path, "version"),
            f"This encounter is of version {state.get('version')!r}; this tracker reads "
            f"version {VERSION}: start a new encounter.",
        )
    for key in KEYS:
        if key not in state:
            raise InputError(check.join(path, key), "This field is missing: correct the file.")
    check.whole(state["round"], check.join(path, "round"), "The round", 0, 100000)
    creatures = check.record(
        state["creatures"],
        check.join(path, "creatures"),
        state["creatures"] if isinstance(state["creatures"], dict) else (),
        "set of creatures",
    )
    if len(creatures) > MAX_CREATURES:
        raise InputError(check.join(path, "creatures"), "Too many creatures: remove some first.")
    added = getattr(system, "ADDED", {})
    if added:
        creatures = {
            cid: {**added, **c} if isinstance(c, dict) else c for cid, c in creatures.items()
        }
        state["creatures"] = creatures
    for cid, creature in creatures.items():
        _validate_creature(system, cid, creature, check.join(check.join(path, "creatures"), cid))
    order = state["order"]
    if not isinstance(order, list) or sorted(order) != sorted(creatures):
        raise InputError(check.join(path, "order"), "List each creature once: correct the file.")
    turn = state["turn"]
    if state["round"] == 0 and turn is not None:
        raise InputError(check.join(path, "turn"), "No turn before round 1: correct the file.")
    if state["round"] and (not isinstance(turn, int) or not 0 <= turn < len(order)):
        raise InputError(check.join(path, "turn"), "The turn is off the order: correct the file.")
    check.whole(state["next"], check.join(path, "next"), "The next number", 1, 10**6)
    settings = check.record(
        state["settings"],
        check.join(path, "settings"),
        [f.name for f in system.SETTINGS],
        "set of settings",
    )
    later = getattr(system, "ADDED_SETTINGS", ())
    settings = {
        **{f.name: setting_default(f) for f in system.SETTINGS if f.name in later},
        **settings,
    }
    state["settings"] = settings
    for field in system.SETTINGS:
        key = check.join(check.join(path, "settings"), field.name)
        if field.name not in settings:
            raise InputError(key, "This setting is missing: correct the file.")
        value(field, settings[field.name], key)
    return state


def _validate_creature(system: ModuleType, cid: str, raw: Any, path: str) -> None:
    keys = (*CREATURE_KEYS, *system.STORED)
    creature = check.record(raw, path, keys, "creature")
    for key in keys:
        if key not in creature and key not in positions.KEYS:  # saved before positions
            raise InputError(check.join(path, key), "This field is missing: correct the file.")
    if creature["id"] != cid:
        raise InputError(check.join(path, "id"), f"Must be {cid!r}, the creature's key.")
    check.text(creature["name"], check.join(path, "name"), "Name")
    if creature["initiative"] is not None:
        field = INITIATIVE_FIELD
        where = check.join(path, "initiative")
        check.whole(creature["initiative"], where, field.label, field.low, field.high)
    statuses = creature["statuses"]
    if not isinstance(statuses, dict):
        raise InputError(check.join(path, "statuses"), "Must be an object of statuses.")
    for key, x in statuses.items():
        if x is not None:
            check.whole(x, check.join(check.join(path, "statuses"), key), key, 0, 999)
    limits = {use.id for use in system.LIMITS}
    for i, used in enumerate(_list(creature["used"], check.join(path, "used"))):
        if used not in limits:
            where = check.join(check.join(path, "used"), i)
            raise InputError(where, f"Unknown use {used!r}: correct the file.")
    for i, item in enumerate(_list(creature["pending"], check.join(path, "pending"))):
        where = check.join(check.join(path, "pending"), i)
        item = check.record(item, where, PENDING_KEYS, "pending check")
        if item.get("op") not in COMPARE:
            raise InputError(check.join(where, "op"), "Unknown comparison: correct the file.")
        check.whole(item.get("target"), check.join(where, "target"), "Target", -999, 9999)
    for field in system.CREATURE:
        value(field, creature.get(field.name), check.join(path, field.name))
    system.validate_creature(creature, path)


def _list(raw: Any, path: str) -> list[Any]:
    if not isinstance(raw, list):
        raise InputError(path, "Must be a list.")
    return raw
