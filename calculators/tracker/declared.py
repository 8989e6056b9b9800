"""A book's encounter tracker from its rules data alone: a ``tracker`` entry and its
statuses' ``tracker`` blocks, applied by the engine (:mod:`.encounter`), no Python.

The ``tracker`` entry declares the creature's ``stats`` (numbers the GM types in) and
``tracks`` (boxes to mark, or named steps with a modifier on rolls), ``initiative`` (a roll
over the stats, ties broken by stats in order), the ``checks`` a creature rolls (``check``
entries, :mod:`calculators.declared.check`) and ``rule``, the rule of turns and rounds.
A status's ``tracker`` block says when it ends (``ends``: ``removed``, ``turn_end``,
``round_end`` or ``scene``; or after ``rounds``), what it marks at the creature's
``turn_start`` or ``turn_end`` or at each ``round_end``, and the ``modifier`` it adds to
rolls of its ``checks``. Every rule names its entry; names and sources come from there.

:func:`build` makes the module-like tracker the engine reads (the names
:mod:`calculators.tracker` lists), so the page, the worker, undo and the saved library
cannot tell it from a book's Python tracker.

>>> tracker = build("demo", EXAMPLE, {"demo.rattled": RATTLED}, NAMES)
>>> tracker.TITLE, [f.name for f in tracker.CREATURE]
('Demo', ['nerve', 'edge', 'stress', 'harm'])
>>> from calculators.tracker import encounter
>>> state = encounter.blank(tracker)
>>> add = {"op": "add", "creature": {"name": "Vex", "nerve": 2, "initiative": 4}}
>>> state, _ = encounter.act(tracker, state, add)
>>> state, _ = encounter.act(tracker, state, {"op": "status", "id": "c1", "status": "demo.rattled"})
>>> state, _ = encounter.act(tracker, state, {"op": "start"})
>>> state, events = encounter.act(tracker, state, {"op": "next"})
>>> [e["text"] for e in events][:3]
['Rattled: at the end of the round, Vex marks 1 Stress (1 of 6).', "Vex's turn ends.", \
'Round 2 begins.']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from ..declared import check as checks
from ..errors import InputError
from .context import Ctx
from .declaration import other_of
from .encounter import GENERIC_RULE
from .spec import Action, Field, Rule

EXAMPLE: dict[str, Any] = {
    "id": "demo.tracker",
    "kind": "tracker",
    "name": "Demo",
    "rule": "demo.turns",
    "stats": [
        {"name": "nerve", "label": "Nerve", "default": 1, "min": -1, "max": 3},
        {"name": "edge", "label": "Edge", "default": 1, "min": -1, "max": 3},
    ],
    "tracks": [
        {"name": "stress", "label": "Stress", "boxes": 6, "rule": "demo.stress"},
        {"name": "harm", "label": "Harm", "rule": "demo.harm",
         "steps": [{"name": "Bruised"}, {"name": "Hurt", "modifier": -1}, {"name": "Out"}]},
    ],
    "initiative": {"roll": "1d6 + nerve", "rule": "demo.turns", "ties": ["nerve"]},
    "checks": ["demo.action"],
}
"""A small declaration: two stats, a track of boxes and one of steps, initiative, a check."""
RATTLED: dict[str, Any] = {
    "id": "demo.rattled", "kind": "status", "name": "Rattled", "group": "status",
    "text": "Mark 1 Stress at the end of each round.",
    "tracker": {"ends": "scene", "round_end": {"mark": "stress"}, "modifier": -1},
}
NAMES = {"demo.turns": "Turns", "demo.stress": "Stress", "demo.harm": "Harm",
         "demo.action": "Action roll"}

STATUS_RULE = GENERIC_RULE
"""Applying and removing a status by hand: the GM's bookkeeping (no rule of the book)."""
SCENE_RULE = GENERIC_RULE
"""The end of a scene, which the GM calls: statuses that last the scene end."""


def _rule_of(entry: Mapping[str, Any]) -> str:
    return str(entry["id"])


def _said(effect: Mapping[str, Any], tracks: Mapping[str, Mapping[str, Any]]) -> str:
    by = effect.get("by", 1)
    return f"marks {by} {tracks[effect['mark']]['label']}"


def status_does(status: Mapping[str, Any], tracks: Mapping[str, Mapping[str, Any]],
                names: Mapping[str, str]) -> str:
    """A status's tracker behaviour in one sentence (the rules table and the page).

    >>> status_does(RATTLED, {"stress": {"label": "Stress"}}, NAMES)
    'At the end of each round marks 1 Stress; −1 on every check; ends at the end of the scene.'
    """
    block = status.get("tracker") or {}
    parts = []
    for when, words in (("turn_start", "At the start of the creature's turn"),
                        ("turn_end", "At the end of the creature's turn"),
                        ("round_end", "At the end of each round")):
        if block.get(when):
            parts.append(f"{words} {_said(block[when], tracks)}")
    if block.get("modifier"):
        which = ", ".join(names.get(c, c) for c in block.get("checks") or []) or "every check"
        parts.append(f"{block['modifier']:+d} on {which}".replace("-", "−"))
    ends = {"turn_end": "ends at the end of the creature's turn",
            "round_end": "ends at the end of the round", "scene": "ends at the end of the scene",
            "removed": "lasts until removed"}
    if block.get("rounds"):
        parts.append(f"lasts {block['rounds']} round{'s' if block['rounds'] != 1 else ''}")
    else:
        parts.append(ends[block.get("ends", "removed")])
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def build(
    system: str,
    declaration: Mapping[str, Any],
    statuses: Mapping[str, Mapping[str, Any]],
    names: Mapping[str, str],
    check_entries: Mapping[str, Mapping[str, Any]] | None = None,
    has_builder: bool = False,
) -> ModuleType:
    """The tracker a declaration describes (what :func:`calculators.tracker.engine` gives).

    ``statuses`` are the book's status entries by id, ``names`` every entry's name by id,
    ``check_entries`` the book's check entries by id.
    """
    stats = [dict(s) for s in declaration.get("stats") or []]
    tracks = {t["name"]: dict(t) for t in declaration.get("tracks") or []}
    initiative = declaration.get("initiative")
    order_rule = declaration["rule"]
    check_ids = list(declaration.get("checks") or [])
    found_checks = {c: dict((check_entries or {})[c]) for c in check_ids
                    if c in (check_entries or {})}

    def size(track: Mapping[str, Any]) -> int:
        return len(track["steps"]) if track.get("steps") else int(track.get("boxes") or 0)

    rules = [Rule(order_rule, names.get(order_rule, order_rule), order_rule,
                  "Keeps the turn order, round by round.")]
    if initiative and initiative["rule"] != order_rule:
        rules.append(Rule(initiative["rule"], names.get(initiative["rule"], initiative["rule"]),
                          initiative["rule"], f"Rolls initiative: {initiative['roll']}."))
    for track in tracks.values():
        what = (" → ".join(s["name"] for s in track["steps"]) if track.get("steps")
                else f"{size(track)} boxes")
        rules.append(Rule(f"{system}.track.{track['name']}", names.get(track["rule"],
                          track["label"]), track["rule"], f"Marks and clears {track['label']}: "
                          f"{what}." + (f" Full: {track['full']}" if track.get("full") else "")))
    for cid in check_ids:
        rules.append(Rule(cid, names.get(cid, cid), cid,
                          "Rolls it for a creature, with its stat and modifiers, and names the "
                          "outcome."))
    for sid, status in statuses.items():
        if status.get("tracker"):
            rules.append(Rule(sid, status["name"], sid, status_does(status, tracks, names)))

    for stat in stats:  # a stat starts at its default, else at 0 moved into its range
        start = max(0, stat.get("min", 0))
        stat.setdefault("default", min(start, stat.get("max", start)))
    creature_fields = tuple(
        Field(s["name"], s["label"], "int", s["default"], low=s.get("min", -99),
              high=s.get("max", 999))
        for s in stats
    ) + tuple(
        Field(t["name"], t["label"] + (" (steps marked)" if t.get("steps") else " marked"),
              "int", 0, low=0, high=size(t))
        for t in tracks.values()
    )
    track_choice = tuple((t["name"], t["label"]) for t in tracks.values())
    status_choice = tuple((sid, s["name"]) for sid, s in statuses.items())
    stat_choice = (("none", "No stat"), *((s["name"], s["label"]) for s in stats))
    actions: list[Action] = []
    if tracks:
        actions += [
            Action("mark", "Mark", "creature", (
                Field("track", "Track", "choice", next(iter(tracks)), choices=track_choice),
                Field("amount", "Boxes", "int", 1, low=1, high=99)),
                f"{system}.track.{next(iter(tracks))}", common=True),
            Action("clear", "Clear", "creature", (
                Field("track", "Track", "choice", next(iter(tracks)), choices=track_choice),
                Field("amount", "Boxes", "int", 1, low=1, high=99)),
                f"{system}.track.{next(iter(tracks))}"),
        ]
    if statuses:
        actions += [
            Action("status", "Apply a status", "creature", (
                Field("status", "Status", "choice", status_choice[0][0], choices=status_choice),),
                STATUS_RULE, common=True),
            Action("unstatus", "Remove a status", "creature", (
                Field("status", "Status", "choice", status_choice[0][0], choices=status_choice),),
                STATUS_RULE),
        ]
    if found_checks:
        all_modes = list(dict.fromkeys(m for c in found_checks.values() for m in checks.modes(c)))
        fields = [Field("check", "Check", "choice", check_ids[0],
                        choices=tuple((c, names.get(c, c)) for c in found_checks))]
        if stats:
            fields.append(Field("stat", "Add", "choice", stats[0]["name"], choices=stat_choice))
        if len(all_modes) > 1:
            fields.append(Field("mode", "Mode", "choice", checks.NORMAL,
                                choices=tuple((m, m.capitalize()) for m in all_modes)))
        actions.append(Action("roll", "Roll a check", "creature", tuple(fields), check_ids[0],
                              rolls=True, common=True))
    if initiative:
        actions.append(Action("roll_initiative", "Roll initiative", "creature", (),
                              initiative["rule"], rolls=True, when="setup"))
        actions.append(Action("roll_all", "Roll initiative for all", "encounter", (),
                              initiative["rule"], rolls=True, when="setup"))
    actions.append(Action("end_scene", "End the scene", "encounter", (), SCENE_RULE,
                          when="running"))

    def modifier(creature: Mapping[str, Any], check_id: str) -> tuple[int, list[str]]:
        """What the creature's statuses and tracks add to a roll of ``check_id``."""
        total, why = 0, []
        for sid in creature["statuses"]:
            block = statuses.get(sid, {}).get("tracker") or {}
            if block.get("modifier") and (not block.get("checks") or check_id in block["checks"]):
                total += block["modifier"]
                why.append(f"{statuses[sid]['name']} {block['modifier']:+d}")
        for track in tracks.values():
            marked = creature.get(track["name"], 0)
            if track.get("steps") and marked:
                step = track["steps"][marked - 1]
                if step.get("modifier"):
                    total += step["modifier"]
                    why.append(f"{step['name']} {step['modifier']:+d}")
        return total, why

    def mark(ctx: Ctx, cid: str, name: str, amount: int, rule: str, why: str = "") -> None:
        creature = ctx.state["creatures"][cid]
        track = tracks[name]
        before = creature[name]
        creature[name] = min(size(track), before + amount)
        shown = _track_text(track, creature[name])
        ctx.say(f"{why}{ctx.name(cid)} marks {creature[name] - before} {track['label']} "
                f"({shown}).", rule, cid)
        if creature[name] == size(track) and before < size(track):
            full = track.get("full") or "the GM applies what the rules say"
            ctx.say(f"{ctx.name(cid)}'s {track['label']} track is full: {full}.",
                    f"{system}.track.{name}", cid)

    def h_mark(ctx: Ctx, values: dict[str, Any]) -> None:
        mark(ctx, values["id"], values["track"], values["amount"], f"{system}.track."
             f"{values['track']}")

    def h_clear(ctx: Ctx, values: dict[str, Any]) -> None:
        creature = ctx.state["creatures"][values["id"]]
        track = tracks[values["track"]]
        if not creature[track["name"]]:
            raise InputError("track", f"{creature['name']} has no {track['label']} marked: "
                                      "choose another track.")
        cleared = min(values["amount"], creature[track["name"]])
        creature[track["name"]] -= cleared
        ctx.say(f"{creature['name']} clears {cleared} {track['label']} "
                f"({_track_text(track, creature[track['name']])}).",
                f"{system}.track.{track['name']}", values["id"])

    def h_status(ctx: Ctx, values: dict[str, Any]) -> None:
        creature = ctx.state["creatures"][values["id"]]
        sid = values["status"]
        if sid in creature["statuses"]:
            raise InputError("status", f"{creature['name']} is {statuses[sid]['name']} already: "
                                       "choose another status.")
        rounds = (statuses[sid].get("tracker") or {}).get("rounds")
        creature["statuses"][sid] = rounds
        block = statuses[sid].get("tracker")
        how = status_does(statuses[sid], tracks, names) if block else (
            "Its effects are the GM's to apply.")
        ctx.say(f"{creature['name']} is {statuses[sid]['name']}. {how}",
                sid if block else STATUS_RULE, creature["id"])

    def h_unstatus(ctx: Ctx, values: dict[str, Any]) -> None:
        creature = ctx.state["creatures"][values["id"]]
        sid = values["status"]
        if sid not in creature["statuses"]:
            raise InputError("status", f"{creature['name']} is not {statuses[sid]['name']}: "
                                       "choose a status they have.")
        del creature["statuses"][sid]
        ctx.say(f"{creature['name']} is no longer {statuses[sid]['name']}.", STATUS_RULE,
                creature["id"])

    def h_roll(ctx: Ctx, values: dict[str, Any]) -> None:
        creature = ctx.state["creatures"][values["id"]]
        entry = found_checks[values["check"]]
        mode = values.get("mode") or checks.NORMAL
        if mode not in checks.modes(entry):
            raise InputError("mode", f"{entry['name']} has no {mode} mode: choose "
                                     f"{' or '.join(checks.modes(entry))}.")
        stat_name = values.get("stat", "none")
        stat = creature.get(stat_name, 0) if stat_name != "none" else 0
        extra, why = modifier(creature, values["check"])
        names_bound = {checks.STAT: stat + extra}
        for spec in entry.get("inputs") or []:
            if spec.get("default") is not None and spec["kind"] == "int":
                names_bound[spec["name"]] = spec["default"]
        expression = checks.roll_of(entry, mode).text()
        label = f"{creature['name']} rolls {entry['name']}" + (
            f" ({mode})" if mode != checks.NORMAL else "")
        if stat_name != "none":
            label += f", {next(s['label'] for s in stats if s['name'] == stat_name)} {stat:+d}"
        if why:
            label += f", {', '.join(why)}"
        total = ctx.roll(expression, names_bound, label, values["check"], creature["id"])
        band = entry["bands"][checks.band_of(entry, total, names_bound)]["name"]
        ctx.say(f"{entry['name']}: {total} is a {band}.", values["check"], creature["id"],
                outcome=band)

    def roll_one(ctx: Ctx, cid: str) -> None:
        assert initiative is not None
        creature = ctx.state["creatures"][cid]
        bound = {s["name"]: creature.get(s["name"], 0) for s in stats}
        ctx.roll(initiative["roll"], bound, f"{creature['name']}'s initiative",
                 initiative["rule"], cid, into="initiative")

    def h_roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
        roll_one(ctx, values["id"])

    def h_roll_all(ctx: Ctx, values: dict[str, Any]) -> None:
        if not ctx.state["creatures"]:
            raise InputError("op", "Add a creature first.")
        for cid in ctx.state["order"]:
            roll_one(ctx, cid)

    def h_end_scene(ctx: Ctx, values: dict[str, Any]) -> None:
        ctx.say("The scene ends.", SCENE_RULE)
        for cid in ctx.state["order"]:
            ending(ctx, cid, ("scene", "round_end", "turn_end"), "at the end of the scene")

    def ending(ctx: Ctx, cid: str, kinds: tuple[str, ...], when: str) -> None:
        creature = ctx.state["creatures"][cid]
        for sid in list(creature["statuses"]):
            block = statuses.get(sid, {}).get("tracker") or {}
            if block.get("ends") in kinds or ("scene" in kinds and block.get("rounds")):
                del creature["statuses"][sid]
                ctx.say(f"{creature['name']} is no longer {statuses[sid]['name']} ({when}).",
                        sid, cid)

    def effects(ctx: Ctx, cid: str, when: str) -> None:
        creature = ctx.state["creatures"][cid]
        for sid in list(creature["statuses"]):
            block = statuses.get(sid, {}).get("tracker") or {}
            effect = block.get(when)
            if effect and effect.get("mark") in tracks:
                mark(ctx, cid, effect["mark"], effect.get("by", 1), sid,
                     f"{statuses[sid]['name']}: at the {_WHEN[when]}, ")

    def turn_start(ctx: Ctx, cid: str) -> None:
        effects(ctx, cid, "turn_start")

    def turn_end(ctx: Ctx, cid: str) -> None:
        effects(ctx, cid, "turn_end")
        ending(ctx, cid, ("turn_end",), "at the end of their turn")
        state = ctx.state
        if state["turn"] == len(state["order"]) - 1:  # the round ends with this turn
            for other in state["order"]:
                effects(ctx, other, "round_end")
                ending(ctx, other, ("round_end",), "at the end of the round")
                creature = state["creatures"][other]
                for sid, left in list(creature["statuses"].items()):
                    if left is not None and (statuses.get(sid, {}).get("tracker") or {}).get(
                            "rounds"):
                        if left <= 1:
                            del creature["statuses"][sid]
                            ctx.say(f"{creature['name']} is no longer {statuses[sid]['name']} "
                                    "(its rounds are over).", sid, other)
                        else:
                            creature["statuses"][sid] = left - 1

    def new_creature(values: dict[str, Any]) -> dict[str, Any]:
        return dict(values)

    def order_key(creature: Mapping[str, Any], state: Mapping[str, Any]) -> tuple[int, ...]:
        ties = (initiative or {}).get("ties") or []
        first = creature["initiative"] if creature["initiative"] is not None else -999
        return (first, *(creature.get(t, 0) for t in ties))

    def card(creature: Mapping[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
        numbers = [(s["label"], f"{creature.get(s['name'], 0):+d}".replace("-", "−"), "")
                   for s in stats]
        for track in tracks.values():
            numbers.append((track["label"], _track_text(track, creature.get(track["name"], 0)),
                            ""))
        conditions = []
        for sid, left in creature["statuses"].items():
            name = statuses[sid]["name"] if sid in statuses else sid
            conditions.append(f"{name} ({left} rounds left)" if left else name)
        return {"numbers": numbers, "conditions": conditions}

    def validate_creature(creature: Mapping[str, Any], path: str) -> None:
        for sid in creature["statuses"]:
            if sid not in statuses:
                raise InputError(f"{path}.statuses.{sid}", f"Unknown status {sid!r}: correct "
                                                           "the file.")

    def from_character(character: Any) -> dict[str, Any]:
        if not isinstance(character, dict):
            raise InputError("character", "The character is missing: make one in the builder.")
        values = character.get("attributes") or {}
        return {"name": character.get("name") or "Character",
                **{s["name"]: values.get(s["name"], s.get("default", 0)) for s in stats}}

    nothing: Callable[..., None] = lambda *args: None  # noqa: E731 - a hook with no rule
    handlers = {"mark": h_mark, "clear": h_clear, "status": h_status, "unstatus": h_unstatus,
                "roll": h_roll, "roll_initiative": h_roll_initiative, "roll_all": h_roll_all,
                "end_scene": h_end_scene}
    other = other_of(declaration)
    module = ModuleType(f"{__name__}.{system}", f"The encounter tracker {system} declares.")
    module.__dict__.update(
        SYSTEM=system,
        TITLE=declaration["name"],
        RULES=tuple(rules),
        INITIATIVE_RULE=(initiative or {}).get("rule", order_rule),
        ORDER_RULE=order_rule,
        CREATURE=creature_fields,
        STORED=tuple(f.name for f in creature_fields),
        SETTINGS=(),
        ASSUMPTIONS=tuple(declaration.get("assumptions") or ()),
        EXAMPLES=({"name": "First", **{s["name"]: s.get("default", 0) for s in stats}},
                  {"name": "Second", **{s["name"]: s.get("default", 0) for s in stats}}),
        LIMITS=(),
        ACTIONS=tuple(a for a in actions if a.op in handlers),
        HANDLERS={a.op: handlers[a.op] for a in actions if a.op in handlers},
        OTHER=other,
        START_HINT=("Set or roll the initiative of {names} first." if initiative
                    else "Set the initiative of {names} first."),
        new_creature=new_creature,
        validate_creature=validate_creature,
        order_key=order_key,
        round_start=nothing,
        turn_start=turn_start,
        turn_end=turn_end,
        check_use=nothing,
        resolve=nothing,
        after_set=nothing,
        card=card,
    )
    if has_builder:
        module.from_character = from_character
    return module


def from_data(
    system: str, data: Mapping[str, Mapping[str, Any]], has_builder: bool = False
) -> ModuleType | None:
    """The tracker of a book's exported entries (by id), if it declares one.

    >>> from_data("demo", {"demo.tracker": EXAMPLE}).SYSTEM
    'demo'
    >>> from_data("demo", {}) is None
    True
    """
    found = next((e for e in data.values() if e.get("kind") == "tracker"), None)
    if found is None:
        return None
    statuses = {k: e for k, e in data.items() if e.get("kind") == "status"}
    check_entries = {k: e for k, e in data.items() if e.get("kind") == "check"}
    return build(system, found, statuses, found.get("names") or {}, check_entries, has_builder)


_WHEN = {"turn_start": "start of their turn", "turn_end": "end of their turn",
         "round_end": "end of the round"}


def _track_text(track: Mapping[str, Any], marked: int) -> str:
    """A track as its card shows it.

    >>> _track_text({"boxes": 6}, 2), _track_text({"steps": [{"name": "Bruised"}]}, 1)
    ('2 of 6', 'Bruised (1 of 1)')
    >>> _track_text({"steps": [{"name": "Bruised"}]}, 0)
    'none of 1'
    """
    if track.get("steps"):
        steps = track["steps"]
        if not marked:
            return f"none of {len(steps)}"
        return f"{steps[marked - 1]['name']} ({marked} of {len(steps)})"
    return f"{marked} of {track.get('boxes', 0)}"
