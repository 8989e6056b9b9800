"""Attributes & Arts' encounter rules, turn by turn (Combat, Incapacity and Death, Statuses).

Initiative (a REF roll, with Hastened's Boon), Round Zero, the turn order and Delay; a
turn's Move, Act and Stance in that order; Fatigue and Stress, the roll against the
Tolerance that incapacitates, Resilience's skipped and delayed rolls, the Tolerance and
load lost upon becoming Incapacitated and at the end of each turn while Incapacitated,
death at a Tolerance of zero and the ways Incapacity ends (the load at zero, Resuscitate,
an ability, the end of combat); statuses that stack and count down at the end of each
turn after every other end-of-turn effect, Bleed's roll at the start of a turn, Burning's
Fatigue at its end, Stunned, Slowed, Immobilized, Disoriented and Hidden; one Buff at a
time (Hastened, Spirit Armor's reroll, Selective Ward's immunity); Recover, Coup de Grace,
Adrenaline once a round and convalescence.

>>> from calculators.tracker import encounter
>>> import calculators.tracker.arts as a
>>> s = encounter.blank(a)
>>> s, _ = encounter.act(a, s, {"op": "add", "creature": {"name": "Kira", "fatigue": 3}})
>>> s, events = encounter.act(a, s, {"op": "harm", "id": "c1", "kind": "fatigue"})
>>> for e in events: print(e["text"])  # doctest: +NORMALIZE_WHITESPACE
Kira takes 1 Fatigue: Fatigue 3 → 4.
Whenever Fatigue is added the GM rolls 2d6 + the Fatigue carried (4) against Kira's
Fatigue Tolerance 10: a total above it incapacitates.
>>> s["creatures"]["c1"]["pending"][0]["target"]
10
>>> s, events = encounter.act(a, s, {"op": "resolve", "id": "c1", "result": 11})
>>> [e["text"] for e in events][-2:]  # doctest: +NORMALIZE_WHITESPACE
['Kira is Incapacitated (Fatigue) and cannot move, act, or take stances.',
 'Kira upon becoming Incapacitated: Fatigue Tolerance 10 → 9, Fatigue 4 → 3.']
"""

from __future__ import annotations

import sys
from typing import Any

from ... import arts as rules
from ... import data
from ...builders import arts as builder
from ...errors import InputError
from .. import encounter
from ..context import Ctx, State
from ..spec import Action, Field, Limit, Rule

SYSTEM = "arts"
TITLE = "Attributes & Arts"

A_BLEED = "arts.assume_bleed_roll"
A_TIES = "arts.assume_initiative_ties"
A_INCAPACITY = "arts.assume_incapacity_reading"
A_RESILIENCE = "arts.assume_resilience_load"
A_NEGATIVE = "arts.assume_negative_statuses"
A_DELAY = "arts.assume_delay_start_of_turn"
A_END = "arts.assume_end_of_combat"
A_BURNING = "arts.assume_burning_fatigue"

LOADS = {"fatigue": "Fatigue", "stress": "Stress"}
"""The two loads a character carries instead of hit points."""
LOAD_MAX = 999
"""The most Fatigue or Stress the tracker keeps (far above any Tolerance)."""
INCAPACITY_ROLL = data.declared("arts").get("arts.incapacity", {}).get("roll", "2d6")
"""The GM's roll against a Tolerance ('the GM rolls 2d6'), from the Incapacity calculator."""


def _status_entries() -> dict[str, dict[str, Any]]:
    return {
        e["id"].partition(".")[2]: e
        for e in data.system_data(SYSTEM).values()
        if e["kind"] == "status"
    }


STATUS_ENTRIES = _status_entries()
NEGATIVE = tuple(k for k, e in STATUS_ENTRIES.items() if e.get("group") == "status")
"""The statuses of the Statuses list, in the rulebook's order (Resuscitate clears them)."""
PARAMETER = frozenset(k for k, e in STATUS_ENTRIES.items() if e.get("parameter"))
"""The statuses with a parameter X, which stack and count down."""
CONDITIONS = (*NEGATIVE, "hidden")
"""What the tracker keeps in a creature's ``statuses``: the statuses and Hidden."""
WARDABLE = ("burning", "slowed", "blinded", "dazed")
"""Selective Ward's statuses."""
BUFFS: tuple[tuple[str, str], ...] = (
    ("hastened", "Hastened (Accelerate)"),
    ("spirit_armor", "Spirit Armor"),
    *((f"ward_{s}", f"Selective Ward: {STATUS_ENTRIES[s]['name']}") for s in WARDABLE),
    ("ward_terrain", "Selective Ward: terrain"),
)
"""The effects of the abilities tagged Buff; a target benefits from one at a time."""
BUFF_NAMES = dict(BUFFS)
STEPS = ("move", "act", "stance", "forgo", "free_move", "moved_after")
"""What a creature did this turn (``free_move``: its action lets it move afterwards)."""
RECOVER_CHOICES = (
    ("fatigue", "Fatigue −1"),
    ("stress", "Stress −1"),
    ("fatigue2", "Fatigue −2 (Enhanced Recovery)"),
    ("stress2", "Stress −2 (Enhanced Recovery)"),
    ("both", "Fatigue and Stress −1 (Enhanced Recovery)"),
)
DEFENSES = (
    ("none", "No roll that changes it (no defense, or Evasion or Resolve failed)"),
    ("resilience_success", "Resilience succeeded"),
    ("resilience_failure", "Resilience failed"),
    ("resilience_failure_critical", "Resilience failed against a Critical"),
)

RULES = (
    Rule(
        "arts.initiative",
        "Initiative",
        "arts.rounds_turns_and_actions",
        "A combatant entering the fight makes a REF roll, 2d6 + REF (a Hastened one with "
        "+1 Boon: 3d6, drop the lowest), rolled for everyone without an Initiative; ties "
        "go to the higher REF, then to the GM's tie-break.",
    ),
    Rule(
        "arts.rounds",
        "Rounds and Turns",
        "arts.rounds_turns_and_actions",
        "Each round every combatant takes a turn, in descending order of Initiative; the "
        "order stays the same round after round.",
    ),
    Rule(
        "arts.round_zero",
        "Round Zero",
        "arts.rounds_turns_and_actions",
        "The tracker's first round is Round Zero: no actions, only positioning (a Move) "
        "and entering a Stance.",
    ),
    Rule(
        "arts.delay",
        "Delay",
        "arts.rounds_turns_and_actions",
        "At its turn a creature may delay until after one still to act; its turns stay at "
        "that later position for the rest of the combat; once a round.",
    ),
    Rule(
        "arts.action_economy",
        "Action Economy",
        "arts.action_economy",
        "A turn holds a Move, an Act and a Stance, in that order; no moving after the Act "
        "unless the action allows it.",
    ),
    Rule(
        "arts.fatigue_stress",
        "Fatigue and Stress",
        "arts.incapacity_and_death",
        "No hit points: a hit adds Fatigue or Stress; effects and Recover reduce them.",
    ),
    Rule(
        "arts.incapacity",
        "Incapacity",
        "arts.incapacity_and_death",
        "Whenever Fatigue or Stress is added the GM rolls 2d6 + the load carried; a total "
        "above the matching Tolerance (not a tie) incapacitates: no moving, acting or "
        "stances.",
    ),
    Rule(
        "arts.resilience",
        "Resilience",
        "arts.resilience_roll",
        "A Resilience success takes at most one point and skips the roll; a failure delays "
        "the roll to the end of the creature's next turn unless the attack was a Critical.",
    ),
    Rule(
        "arts.incapacity_decline",
        "Tolerance lost while Incapacitated",
        "arts.incapacity_and_death",
        "Upon becoming Incapacitated and at the end of each of its turns while "
        "Incapacitated, the matching Tolerance and load each drop by 1.",
    ),
    Rule(
        "arts.incapacity_end",
        "End of Incapacity",
        "arts.incapacity_and_death",
        "Incapacity ends when its load reaches zero, at the end of combat, by Resuscitate or "
        "by an ability that ends it.",
    ),
    Rule(
        "arts.death",
        "Death",
        "arts.incapacity_and_death",
        "A creature whose Fatigue or Stress Tolerance reaches zero dies.",
    ),
    Rule(
        "arts.convalescence",
        "Convalescence",
        "arts.incapacity_and_death",
        "Diminished Tolerances are restored only by an extended convalescence (outside "
        "combat) or powerful magic.",
    ),
    Rule(
        "arts.statuses",
        "Statuses",
        "arts.statuses",
        "A status with a parameter X drops by 1 at the end of each of its creature's turns, "
        "after every other end-of-turn effect; at 0 it ends.",
    ),
    Rule(
        "arts.stacking",
        "Stacks add together",
        "arts.resonance",
        "A status with a parameter applied again adds its stacks to those it has.",
    ),
    Rule(
        "arts.bleed",
        "Bleed",
        "arts.bleed",
        "At the start of its turn a Bleeding creature rolls against its Fatigue Tolerance "
        "as if taking damage; a failure incapacitates.",
    ),
    Rule(
        "arts.burning",
        "Burning",
        "arts.burning",
        "A Burning creature takes Fatigue at the end of its turn; forgoing its Move or "
        "taking Recover ends Burning.",
    ),
    Rule(
        "arts.stunned",
        "Stunned",
        "arts.stunned",
        "A Stunned creature may Move or Act, not both; Stunned ends at the end of its turn.",
    ),
    Rule("arts.slowed", "Slowed", "arts.slowed", "−2 Speed; a Slowed creature takes no stances."),
    Rule(
        "arts.immobilized",
        "Immobilized",
        "arts.immobilized",
        "An Immobilized creature cannot Move (only teleport or be moved).",
    ),
    Rule(
        "arts.disoriented",
        "Disoriented",
        "arts.disoriented",
        "Each step: 2d6; a 7 moves as intended and ends Disoriented, more turns the step "
        "clockwise, less counterclockwise, by the difference.",
    ),
    Rule(
        "arts.hidden",
        "Hidden",
        "arts.hidden",
        "Hidden ends when the creature targets an enemy with any ability.",
    ),
    Rule(
        "arts.buffs",
        "Buffs",
        "arts.terrain_effects_and_buffs",
        "A target benefits from one Buff at a time: a new one replaces the old or is "
        "declined; Buffs last until the end of combat.",
    ),
    Rule(
        "arts.hastened",
        "Hastened",
        "arts.hastened",
        "+2 Speed and +1 Boon on REF rolls (the Initiative roll).",
    ),
    Rule(
        "arts.spirit_armor",
        "Spirit Armor",
        "arts.spirit_armor",
        "A failed roll to avoid being Incapacitated is rerolled; then the Buff ends.",
    ),
    Rule(
        "arts.selective_ward",
        "Selective Ward",
        "arts.selective_ward",
        "Immune to the chosen status, which gets no more stacks; those it has count down.",
    ),
    Rule(
        "arts.recover",
        "Recover",
        "arts.recover",
        "The Act: Fatigue or Stress −1 (Enhanced Recovery: −2, or both −1); ends Burning.",
    ),
    Rule(
        "arts.resuscitate",
        "Resuscitate",
        "arts.resuscitate",
        "An ally's Act: Incapacity ends, Fatigue and Stress are halved (round down), "
        "negative statuses clear.",
    ),
    Rule(
        "arts.coup_de_grace",
        "Coup de Grace",
        "arts.coup_de_grace",
        "An Act against an Incapacitated enemy removes it from combat.",
    ),
    Rule(
        "arts.adrenaline",
        "Adrenaline",
        "arts.adrenaline",
        "Once per round, Stress dealt to the creature may be taken as Fatigue instead.",
    ),
    Rule(
        "arts.end_of_combat",
        "End of combat",
        "arts.incapacity_and_death",
        "At the end of combat Incapacity and Buffs end; the next fight rolls Initiative anew.",
    ),
)
INITIATIVE_RULE = "arts.initiative"
ORDER_RULE = "arts.rounds"

CREATURE = (
    Field("ref", "REF modifier", "int", 0, low=-20, high=20, help="Initiative is 2d6 + REF."),
    Field("fatigue_tolerance", "Fatigue Tolerance", "int", 10, low=1, high=99, help="10 + END."),
    Field("stress_tolerance", "Stress Tolerance", "int", 10, low=1, high=99, help="10 + FOC."),
    Field("fatigue", "Fatigue", "int", 0, low=0, high=LOAD_MAX),
    Field("stress", "Stress", "int", 0, low=0, high=LOAD_MAX),
    Field("fatigue_lost", "Fatigue Tolerance lost", "int", 0, low=0, high=99),
    Field("stress_lost", "Stress Tolerance lost", "int", 0, low=0, high=99),
    Field("speed", "Speed", "int", rules.BASE_SPEED, low=0, high=99),
    Field(
        "tiebreak",
        "Tie-break",
        "int",
        0,
        low=0,
        high=99,
        help="Only for a tie on Initiative and REF: higher acts first.",
    ),
)
OWN = (
    "incapacitated",
    "dead",
    "delayed",
    "buff",
    "steps",
    "stance",
    "started",
    "place",
    "place_for",
    "delayed_round",
)
STORED = (*(f.name for f in CREATURE), *OWN)

ASSUMPTIONS = (
    "arts.assume_initiative_ties",
    "arts.assume_delay_start_of_turn",
    "arts.assume_incapacity_reading",
    "arts.assume_end_of_combat",
    "arts.assume_resilience_load",
    "arts.assume_burning_fatigue",
    "arts.assume_negative_statuses",
)
"""Followed without a setting: the tracker implements this one reading of each."""

SETTINGS = (Field(A_BLEED, "Bleed adds a point of Fatigue before its roll", "flag", None),)

EXAMPLES = (
    {"name": "Kira", "ref": 2, "fatigue_tolerance": 11, "stress_tolerance": 10},
    {"name": "Ogre", "ref": 0, "fatigue_tolerance": 12, "stress_tolerance": 9},
)
"""Creatures for the examples and the property tests."""

LIMITS = (Limit("adrenaline", "Adrenaline (Stress as Fatigue)", "round", "arts.adrenaline"),)

_KIND = Field("kind", "Fatigue or Stress", "choice", "fatigue", choices=tuple(LOADS.items()))
_STATUS = Field(
    "status",
    "Status",
    "choice",
    NEGATIVE[0],
    choices=tuple((s, STATUS_ENTRIES[s]["name"]) for s in CONDITIONS),
)

ACTIONS = (
    Action(
        "roll_initiative",
        "Roll Initiative (2d6 + REF) for everyone without one",
        "encounter",
        (),
        "arts.initiative",
        rolls=True,
        common=True,
    ),
    Action(
        "harm",
        "Take Fatigue or Stress",
        "creature",
        (
            _KIND,
            Field("amount", "Points", "int", 1, low=1, high=99),
            Field("defense", "Defense", "choice", "none", choices=DEFENSES),
            Field("adrenaline", "Adrenaline: take Stress as Fatigue", "flag", False),
        ),
        "arts.fatigue_stress",
        common=True,
    ),
    Action("move", "Move", "creature", (), "arts.action_economy", common=True),
    Action(
        "act",
        "Act",
        "creature",
        (
            Field("targets_enemy", "It targets an enemy", "flag", False),
            Field("moves_after", "It lets them move afterwards", "flag", False),
        ),
        "arts.action_economy",
        common=True,
    ),
    Action(
        "stance",
        "Take a Stance",
        "creature",
        (Field("name", "Stance", "text", "Brace"),),
        "arts.action_economy",
        common=True,
    ),
    Action(
        "status",
        "Apply a status",
        "creature",
        (_STATUS, Field("amount", "Stacks (X)", "int", 1, low=1, high=99)),
        "arts.statuses",
    ),
    Action("end_status", "End a status", "creature", (_STATUS,), "arts.statuses"),
    Action(
        "buff",
        "Apply a Buff",
        "creature",
        (
            Field("buff", "Buff", "choice", BUFFS[0][0], choices=BUFFS),
            Field("replace", "End the Buff it has to take this one", "flag", False),
        ),
        "arts.buffs",
    ),
    Action("end_buff", "End the Buff", "creature", (), "arts.buffs"),
    Action(
        "recover",
        "Recover (the Act)",
        "creature",
        (Field("how", "Reduce", "choice", "fatigue", choices=RECOVER_CHOICES),),
        "arts.recover",
    ),
    Action(
        "relieve",
        "Reduce Fatigue or Stress (an ability)",
        "creature",
        (_KIND, Field("amount", "Points", "int", 1, low=1, high=99)),
        "arts.fatigue_stress",
    ),
    Action("forgo_move", "Forgo the Move to end Burning", "creature", (), "arts.burning"),
    Action(
        "disoriented",
        "Try to step while Disoriented",
        "creature",
        (),
        "arts.disoriented",
        rolls=True,
    ),
    Action(
        "delay",
        "Delay until after",
        "creature",
        (Field("after", "Creature (name)", "text", ""),),
        "arts.delay",
    ),
    Action(
        "resuscitate",
        "Resuscitated (the current creature's Act)",
        "creature",
        (),
        "arts.resuscitate",
    ),
    Action(
        "coup_de_grace",
        "Coup de Grace (the current creature's Act)",
        "creature",
        (),
        "arts.coup_de_grace",
    ),
    Action("end_incapacity", "An ability ends Incapacity", "creature", (), "arts.incapacity_end"),
    Action("convalesce", "Convalesce (restore Tolerances)", "creature", (), "arts.convalescence"),
    Action("end_combat", "End the combat", "encounter", (), "arts.end_of_combat"),
)


def _module() -> Any:
    return sys.modules[__name__]


# --- a creature ------------------------------------------------------------------------


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked; one added at a Tolerance of zero is dead.

    >>> c = new_creature({**{f.name: f.default for f in CREATURE}, "fatigue_lost": 10})
    >>> c["dead"], tolerance(c, "fatigue")
    (True, 0)
    """
    creature = {
        **values,
        "incapacitated": [],
        "dead": False,
        "delayed": [],
        "buff": None,
        "steps": [],
        "stance": "",
        "started": 0,
        "place": None,
        "place_for": None,
        "delayed_round": 0,
    }
    validate_creature(creature, "")
    creature["dead"] = any(tolerance(creature, k) == 0 for k in LOADS)
    return creature


def tolerance(creature: dict[str, Any], kind: str) -> int:
    """The creature's Fatigue or Stress Tolerance now: the score less what it has lost.

    >>> tolerance({"stress_tolerance": 11, "stress_lost": 2}, "stress")
    9
    """
    return int(creature[f"{kind}_tolerance"]) - int(creature[f"{kind}_lost"])


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields of ``CREATURE`` are already checked)."""
    for kind, word in LOADS.items():
        if int(creature[f"{kind}_lost"]) > int(creature[f"{kind}_tolerance"]):
            raise InputError(
                _join(path, f"{kind}_lost"),
                f"A creature cannot lose more than its {word} Tolerance.",
            )
    if not isinstance(creature["dead"], bool):
        raise InputError(_join(path, "dead"), "Must be true or false.")
    kinds = creature["incapacitated"]
    if (
        not isinstance(kinds, list)
        or any(k not in LOADS for k in kinds)
        or len(set(kinds)) < len(kinds)
    ):
        raise InputError(_join(path, "incapacitated"), "Must list fatigue and/or stress once.")
    delayed = creature["delayed"]
    if not isinstance(delayed, list) or any(
        not isinstance(d, dict)
        or set(d) != {"kind", "skip"}
        or d["kind"] not in LOADS
        or not isinstance(d["skip"], bool)
        for d in delayed
    ):
        raise InputError(_join(path, "delayed"), "Must list the delayed incapacity rolls.")
    if creature["buff"] is not None and creature["buff"] not in BUFF_NAMES:
        raise InputError(_join(path, "buff"), f"Unknown Buff {creature['buff']!r}.")
    steps = creature["steps"]
    if not isinstance(steps, list) or any(s not in STEPS for s in steps):
        raise InputError(_join(path, "steps"), "Must list what the creature did this turn.")
    if not isinstance(creature["stance"], str):
        raise InputError(_join(path, "stance"), "Must be the name of a stance.")
    for key in ("started", "delayed_round"):
        if not _whole(creature[key]) or creature[key] < 0:
            raise InputError(_join(path, key), "Must be a round number.")
    place = creature["place"]
    if place is not None and (not isinstance(place, list) or not all(_whole(x) for x in place)):
        raise InputError(_join(path, "place"), "Must be a list of whole numbers.")
    if creature["place_for"] is not None and not _whole(creature["place_for"]):
        raise InputError(_join(path, "place_for"), "Must be a whole number.")
    for key, x in (creature.get("statuses") or {}).items():
        where = _join(_join(path, "statuses"), key)
        if key not in CONDITIONS:
            raise InputError(where, f"{key!r} is not a status of this rulebook.")
        if (key in PARAMETER) != (x is not None) or (x is not None and x < 1):
            what = "a parameter X of 1 or more" if key in PARAMETER else "no parameter"
            raise InputError(where, f"{STATUS_ENTRIES[key]['name']} has {what}.")


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """Initiative, then REF, then the GM's tie-break (higher first); a Delay keeps its place.

    >>> c = {"initiative": 9, "ref": 2, "tiebreak": 0, "place": None, "place_for": None}
    >>> order_key(c, {})
    (9, 2, 0, 1)
    >>> order_key({**c, "place": [12, 1, 0, 0, 1], "place_for": 9}, {})
    (12, 1, 0, 0, 1)
    """
    if creature["place"] is not None and creature["place_for"] == creature["initiative"]:
        return tuple(creature["place"])
    initiative = -1000 if creature["initiative"] is None else creature["initiative"]
    return (initiative, creature["ref"], creature["tiebreak"], 1)


# --- the rolls against a Tolerance, Incapacity and death -----------------------------


def _roll_against(ctx: Ctx, cid: str, kind: str, label: str, rule: str) -> None:
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    c["pending"].append(
        {
            "check": f"incapacity:{kind}",
            "label": f"{label}: {INCAPACITY_ROLL} + {c[kind]} {word} against {word} Tolerance "
            f"{tolerance(c, kind)}",
            "expression": f"{INCAPACITY_ROLL} + load",
            "names": {"load": c[kind]},
            "op": "<=",
            "target": tolerance(c, kind),
            "rule": rule,
        }
    )


def _after_load(ctx: Ctx, cid: str, kind: str, label: str, rule: str) -> None:
    """The roll that follows Fatigue or Stress added, unless it is already Incapacitated by it."""
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    if kind in c["incapacitated"]:
        ctx.say(
            f"{c['name']} is already Incapacitated ({word}): no roll.",
            "arts.incapacity",
            cid,
            assumption=A_INCAPACITY,
        )
        return
    _roll_against(ctx, cid, kind, label, rule)
    ctx.say(
        f"Whenever {word} is added the GM rolls {INCAPACITY_ROLL} + the {word} carried "
        f"({c[kind]}) against {c['name']}'s {word} Tolerance {tolerance(c, kind)}: a total "
        "above it incapacitates.",
        rule,
        cid,
    )


def _add_load(ctx: Ctx, cid: str, kind: str, amount: int, field: str, why: str) -> None:
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    before = c[kind]
    if before + amount > LOAD_MAX:
        raise InputError(field, f"The tracker keeps at most {LOAD_MAX} {word}.")
    c[kind] = before + amount
    ctx.say(f"{c['name']} {why}{amount} {word}: {word} {before} → {c[kind]}.", _LOAD_RULE, cid)


_LOAD_RULE = "arts.fatigue_stress"


def _incapacitate(ctx: Ctx, cid: str, kind: str) -> None:
    c = ctx.state["creatures"][cid]
    c["incapacitated"].append(kind)
    c["incapacitated"].sort()
    ctx.say(
        f"{c['name']} is Incapacitated ({LOADS[kind]}) and cannot move, act, or take stances.",
        "arts.incapacity",
        cid,
    )
    _decline(ctx, cid, kind, "upon becoming Incapacitated")


def _decline(ctx: Ctx, cid: str, kind: str, when: str) -> None:
    """The Tolerance and the load each lose 1; then death, or the load at zero ends it."""
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    tol, load = tolerance(c, kind), c[kind]
    c[f"{kind}_lost"] += 1
    c[kind] = max(0, load - 1)
    ctx.say(
        f"{c['name']} {when}: {word} Tolerance {tol} → {tol - 1}, {word} {load} → {c[kind]}.",
        "arts.incapacity_decline",
        cid,
    )
    _death(ctx, cid)
    _load_zero(ctx, cid, kind)


def _death(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    for kind, word in LOADS.items():
        if not c["dead"] and tolerance(c, kind) <= 0:
            c["dead"] = True
            c["incapacitated"] = []
            c["pending"] = []
            c["delayed"] = []
            ctx.say(f"{c['name']} dies: their {word} Tolerance has reached 0.", "arts.death", cid)


def _load_zero(ctx: Ctx, cid: str, kind: str) -> None:
    c = ctx.state["creatures"][cid]
    if not c["dead"] and kind in c["incapacitated"] and c[kind] == 0:
        _end_incapacity(ctx, cid, [kind], f"their {LOADS[kind]} is reduced to zero")


def _end_incapacity(ctx: Ctx, cid: str, kinds: list[str], why: str) -> None:
    c = ctx.state["creatures"][cid]
    for kind in kinds:
        if kind in c["incapacitated"]:
            c["incapacitated"].remove(kind)
            ctx.say(
                f"{c['name']} is no longer Incapacitated ({LOADS[kind]}): {why}.",
                "arts.incapacity_end",
                cid,
            )


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """A failed roll against a Tolerance incapacitates (Spirit Armor rerolls it first)."""
    if success or not check["check"].startswith("incapacity:"):
        return
    c = ctx.state["creatures"][cid]
    kind = check["check"].partition(":")[2]
    if c["dead"] or kind in c["incapacitated"]:
        return
    if c["buff"] == "spirit_armor":
        c["buff"] = None
        c["pending"].append(
            {
                **check,
                "label": f"Spirit Armor reroll: {check['label']}",
                "rule": "arts.spirit_armor",
            }
        )
        ctx.say(
            f"{c['name']}'s Spirit Armor: the failed roll is rerolled; the Buff ends.",
            "arts.spirit_armor",
            cid,
        )
        return
    _incapacitate(ctx, cid, kind)


# --- rounds and turns ----------------------------------------------------------------


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
    for key in [k for k in CONDITIONS if k in PARAMETER and k in c["statuses"]]:
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
        raise InputError("what", f"{c['name']} is dead.")


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


# --- a turn's Move, Act and Stance ---------------------------------------------------


def _current(ctx: Ctx) -> str | None:
    return encounter.current_id(ctx.state)


def _own_turn(ctx: Ctx, cid: str, field: str, what: str) -> dict[str, Any]:
    c = ctx.state["creatures"][cid]
    if not ctx.state["round"] or _current(ctx) != cid:
        raise InputError(field, f"{c['name']} {what} only during their own turn.")
    if c["dead"]:
        raise InputError(field, f"{c['name']} is dead.")
    if c["incapacitated"]:
        raise InputError(
            field, f"{c['name']} is Incapacitated and cannot move, act, or take stances."
        )
    return c


def _step(ctx: Ctx, cid: str, kind: str, field: str) -> None:
    """Check and record a Move, an Act or a Stance of ``cid``'s turn."""
    c = _own_turn(ctx, cid, field, {"move": "moves", "act": "acts"}.get(kind, "takes a stance"))
    steps, name, st = c["steps"], c["name"], c["statuses"]
    order = "a turn is Move, Act, Stance, in that order"
    if kind == "move":
        if "immobilized" in st:
            raise InputError(field, f"{name} is Immobilized and cannot move.")
        if "stunned" in st and "act" in steps:
            raise InputError(field, f"{name} is Stunned and has acted: Move or Act, not both.")
        if "stance" in steps or "forgo" in steps or "moved_after" in steps:
            raise InputError(field, f"{name} cannot move now: {order}.")
        if "act" in steps and "free_move" not in steps:
            raise InputError(field, f"{name} has acted and cannot move again: {order}.")
        if "move" in steps and "free_move" not in steps:
            raise InputError(field, f"{name} has already moved this turn.")
        if "free_move" in steps:
            steps.remove("free_move")
            steps.append("moved_after")
        else:
            steps.append("move")
        ctx.say(f"{name} moves (Speed {speed(c)}).", "arts.action_economy", cid)
    elif kind == "act":
        if ctx.state["round"] == 1:
            raise InputError(field, f"{name} takes no actions in Round Zero.")
        if "act" in steps:
            raise InputError(field, f"{name} has already acted this turn.")
        if "stance" in steps:
            raise InputError(field, f"{name} has taken a stance: {order}.")
        if "stunned" in st and "move" in steps:
            raise InputError(field, f"{name} is Stunned and has moved: Move or Act, not both.")
        steps.append("act")
    else:
        if "slowed" in st:
            raise InputError(field, f"{name} is Slowed and cannot take stances.")
        if "stance" in steps:
            raise InputError(field, f"{name} has already taken a stance this turn.")
        steps.append("stance")


def speed(creature: dict[str, Any]) -> int:
    """Speed with Slowed's −2 and Hastened's +2.

    >>> speed({"speed": 4, "statuses": {"slowed": 1}, "buff": "hastened"})
    4
    """
    value = int(creature["speed"])
    if "slowed" in creature["statuses"]:
        value -= 2
    if creature["buff"] == "hastened":
        value += 2
    return max(0, value)


def _move(ctx: Ctx, values: dict[str, Any]) -> None:
    _step(ctx, values["id"], "move", "id")


def _act(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    _step(ctx, cid, "act", "targets_enemy")
    c = ctx.state["creatures"][cid]
    after = ""
    if values["moves_after"]:
        c["steps"].append("free_move")
        after = " Their action lets them move afterwards."
    ctx.say(f"{c['name']} acts.{after}", "arts.action_economy", cid)
    if values["targets_enemy"] and "hidden" in c["statuses"]:
        del c["statuses"]["hidden"]
        ctx.say(f"{c['name']} targets an enemy: Hidden ends.", "arts.hidden", cid)


def _stance(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    name = values["name"].strip()
    if not name:
        raise InputError("name", "Name the stance.")
    _step(ctx, cid, "stance", "name")
    c = ctx.state["creatures"][cid]
    before = c["stance"]
    c["stance"] = name[:80]
    was = f" (was {before})" if before and before != c["stance"] else ""
    ctx.say(f"{c['name']} takes the stance {c['stance']}{was}.", "arts.action_economy", cid)


def _forgo_move(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _own_turn(ctx, cid, "id", "forgoes their Move")
    if "burning" not in c["statuses"]:
        raise InputError("id", f"{c['name']} is not Burning.")
    if c["steps"]:
        raise InputError("id", f"{c['name']} can forgo only a Move not yet begun.")
    c["steps"].append("forgo")
    del c["statuses"]["burning"]
    ctx.say(f"{c['name']} forgoes their Move: Burning ends.", "arts.burning", cid)


def _actor(ctx: Ctx, target: str, field: str, what: str) -> str | None:
    """The creature whose turn it is takes ``what`` as its Act (none before the encounter)."""
    if not ctx.state["round"]:
        return None
    actor = _current(ctx)
    assert actor is not None
    if actor == target:
        raise InputError(field, f"{ctx.name(actor)} cannot use {what} on themselves.")
    _step(ctx, actor, "act", field)
    return actor


# --- Fatigue, Stress and the ways back ----------------------------------------------


def _harm(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("amount", f"{c['name']} is dead.")
    kind, amount, defense = values["kind"], values["amount"], values["defense"]
    if values["adrenaline"]:
        if kind != "stress":
            raise InputError("adrenaline", "Adrenaline takes Stress as Fatigue; this is Fatigue.")
        if "adrenaline" in c["used"]:
            raise InputError("adrenaline", f"{c['name']} has already used Adrenaline this round.")
        c["used"].append("adrenaline")
        kind = "fatigue"
        ctx.say(
            f"{c['name']}'s Adrenaline: the Stress is taken as Fatigue; not again this round.",
            "arts.adrenaline",
            cid,
        )
    if defense == "resilience_success" and amount > 1:
        ctx.say(
            f"Resilience succeeded: {c['name']} takes no more than one point of {amount}.",
            "arts.resilience",
            cid,
            assumption=A_RESILIENCE,
        )
        amount = 1
    _add_load(ctx, cid, kind, amount, "amount", "takes ")
    word = LOADS[kind]
    if defense == "resilience_success":
        ctx.say(
            f"Resilience succeeded: {c['name']} skips the roll to become Incapacitated.",
            "arts.resilience",
            cid,
        )
    elif defense == "resilience_failure" and kind not in c["incapacitated"]:
        own = _current(ctx) == cid
        c["delayed"].append({"kind": kind, "skip": own})
        ctx.say(
            f"Resilience failed: {c['name']}'s roll against {word} Tolerance is delayed "
            "until the end of their next turn.",
            "arts.resilience",
            cid,
            assumption=A_RESILIENCE,
        )
    else:
        if defense == "resilience_failure_critical":
            ctx.say(
                "Resilience failed against a Critical: the roll is not delayed.",
                "arts.resilience",
                cid,
            )
        _after_load(ctx, cid, kind, f"Roll to avoid Incapacity ({word})", "arts.incapacity")


def _reduce(ctx: Ctx, cid: str, kind: str, amount: int, rule: str, how: str) -> None:
    c = ctx.state["creatures"][cid]
    word = LOADS[kind]
    before = c[kind]
    c[kind] = max(0, before - amount)
    ctx.say(f"{c['name']} {how}: {word} {before} → {c[kind]}.", rule, cid)
    _load_zero(ctx, cid, kind)


def _recover(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    _step(ctx, cid, "act", "how")
    c = ctx.state["creatures"][cid]
    how = values["how"]
    cuts = {
        "fatigue": {"fatigue": 1},
        "stress": {"stress": 1},
        "fatigue2": {"fatigue": 2},
        "stress2": {"stress": 2},
        "both": {"fatigue": 1, "stress": 1},
    }[how]
    extra = " with Enhanced Recovery" if how in ("fatigue2", "stress2", "both") else ""
    for kind, amount in cuts.items():
        _reduce(ctx, cid, kind, amount, "arts.recover", f"takes the Recover action{extra}")
    if "burning" in c["statuses"]:
        del c["statuses"]["burning"]
        ctx.say(f"{c['name']} took the Recover action: Burning ends.", "arts.burning", cid)


def _relieve(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    if ctx.state["creatures"][cid]["dead"]:
        raise InputError("amount", f"{ctx.name(cid)} is dead.")
    _reduce(ctx, cid, values["kind"], values["amount"], _LOAD_RULE, "is relieved by an ability")


def _resuscitate(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"] or not c["incapacitated"]:
        raise InputError("id", f"{c['name']} is not Incapacitated.")
    actor = _actor(ctx, cid, "id", "Resuscitate")
    by = f" by {ctx.name(actor)}" if actor else ""
    c["incapacitated"] = []
    halves = {k: (c[k], c[k] // 2) for k in LOADS}
    for k, (_, half) in halves.items():
        c[k] = half
    cleared = [STATUS_ENTRIES[k]["name"] for k in NEGATIVE if k in c["statuses"]]
    for key in NEGATIVE:
        c["statuses"].pop(key, None)
    loads = ", ".join(f"{LOADS[k]} {a} → {b}" for k, (a, b) in halves.items())
    gone = f"; statuses cleared: {', '.join(cleared)}" if cleared else ""
    ctx.say(
        f"{c['name']} is Resuscitated{by} and no longer Incapacitated: {loads} (halved, "
        f"round down){gone}.",
        "arts.resuscitate",
        cid,
        assumption=A_NEGATIVE,
    )


def _coup_de_grace(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"] or not c["incapacitated"]:
        raise InputError("id", f"{c['name']} is not Incapacitated.")
    actor = _actor(ctx, cid, "id", "Coup de Grace")
    by = f"{ctx.name(actor)}'s " if actor else "A "
    ctx.say(f"{by}Coup de Grace: {c['name']} is removed from combat.", "arts.coup_de_grace", cid)
    encounter.HANDLERS["remove"](_module(), ctx, {"id": cid})


def _end_incapacity_action(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"] or not c["incapacitated"]:
        raise InputError("id", f"{c['name']} is not Incapacitated.")
    _end_incapacity(ctx, cid, list(c["incapacitated"]), "an ability ends it")


def _convalesce(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if ctx.state["round"]:
        raise InputError("id", "Convalescence is an extended period: end the combat first.")
    if c["dead"]:
        raise InputError("id", f"{c['name']} is dead.")
    if not c["fatigue_lost"] and not c["stress_lost"]:
        raise InputError("id", f"{c['name']}'s Tolerances are not diminished.")
    restored = ", ".join(
        f"{LOADS[k]} Tolerance {tolerance(c, k)} → {c[f'{k}_tolerance']}" for k in LOADS
    )
    c["fatigue_lost"] = c["stress_lost"] = 0
    ctx.say(f"{c['name']} convalesces: {restored}.", "arts.convalescence", cid)


# --- statuses and Buffs --------------------------------------------------------------


def _status(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("status", f"{c['name']} is dead.")
    key = values["status"]
    name = STATUS_ENTRIES[key]["name"]
    if c["buff"] == f"ward_{key}":
        ctx.say(
            f"{c['name']}'s Selective Ward: immune to {name}, which gets no more stacks.",
            "arts.selective_ward",
            cid,
        )
        return
    rule = "hidden" if key == "hidden" else "statuses"
    if key in PARAMETER:
        before = c["statuses"].get(key)
        after = (before or 0) + values["amount"]
        if after > 999:
            raise InputError("amount", "A status holds at most 999 stacks.")
        c["statuses"][key] = after
        if before:
            ctx.say(
                f"{c['name']} gains +{values['amount']} {name}: {name} {before} → {after}.",
                "arts.stacking",
                cid,
            )
        else:
            ctx.say(f"{c['name']} gains {name} {after}.", f"arts.{rule}", cid)
    elif key in c["statuses"]:
        ctx.say(f"{c['name']} is already {name}.", f"arts.{rule}", cid)
        return
    else:
        c["statuses"][key] = None
        ctx.say(f"{c['name']} is now {name}.", f"arts.{rule}", cid)
    if key == "slowed":
        ctx.say(
            f"Slowed: {c['name']}'s Speed is {speed(c)} (−2) and they cannot take stances.",
            "arts.slowed",
            cid,
        )
    elif key == "immobilized":
        ctx.say(
            f"Immobilized: {c['name']} cannot move except by teleportation or by another effect.",
            "arts.immobilized",
            cid,
        )


def _end_status(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    key = values["status"]
    name = STATUS_ENTRIES[key]["name"]
    if key not in c["statuses"]:
        raise InputError("status", f"{c['name']} is not {name}.")
    del c["statuses"][key]
    ctx.say(
        f"{name} on {c['name']} ends.", "arts.hidden" if key == "hidden" else "arts.statuses", cid
    )


def _buff(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError("buff", f"{c['name']} is dead.")
    new, old = values["buff"], c["buff"]
    if new == old:
        raise InputError("buff", f"{c['name']} already benefits from {BUFF_NAMES[new]}.")
    if old is not None and not values["replace"]:
        ctx.say(
            f"{c['name']} already benefits from {BUFF_NAMES[old]} and declines "
            f"{BUFF_NAMES[new]}: one Buff at a time.",
            "arts.buffs",
            cid,
        )
        return
    if old is not None:
        ctx.say(
            f"{c['name']} ends {BUFF_NAMES[old]} to take {BUFF_NAMES[new]}: one Buff at a time.",
            "arts.buffs",
            cid,
        )
    c["buff"] = new
    ctx.say(
        f"{c['name']} benefits from {BUFF_NAMES[new]} until the end of combat.", "arts.buffs", cid
    )
    if new == "hastened":
        ctx.say(
            f"Hastened: {c['name']}'s Speed is {speed(c)} (+2) and REF rolls have +1 Boon.",
            "arts.hastened",
            cid,
        )
    elif new.startswith("ward_") and new != "ward_terrain":
        key = new.removeprefix("ward_")
        if key in c["statuses"]:
            ctx.say(
                f"Selective Ward: the {STATUS_ENTRIES[key]['name']} {c['name']} has stays and "
                "counts down as normal.",
                "arts.selective_ward",
                cid,
            )


def _end_buff(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["buff"] is None:
        raise InputError("id", f"{c['name']} has no Buff.")
    ctx.say(f"{BUFF_NAMES[c['buff']]} on {c['name']} ends.", "arts.buffs", cid)
    c["buff"] = None


def _disoriented(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if "disoriented" not in c["statuses"]:
        raise InputError("id", f"{c['name']} is not Disoriented.")
    if c["dead"] or c["incapacitated"] or "immobilized" in c["statuses"]:
        raise InputError("id", f"{c['name']} cannot move.")
    total = ctx.roll(
        "2d6",
        {},
        f"{c['name']} tries to step while Disoriented (2d6; a 7, chance 1/6, steps as intended)",
        "arts.disoriented",
        cid,
    )
    if total == 7:
        del c["statuses"]["disoriented"]
        ctx.say(f"{c['name']} steps as intended: Disoriented ends.", "arts.disoriented", cid)
        return
    way = "clockwise" if total > 7 else "counterclockwise"
    count = abs(total - 7)
    ctx.say(
        f"{c['name']} steps instead to the square {count} {way} from the intended one, "
        "counting around their starting square.",
        "arts.disoriented",
        cid,
    )


# --- the order: Initiative, Delay, the end of combat --------------------------------


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    todo = [cid for cid in ctx.state["order"] if ctx.state["creatures"][cid]["initiative"] is None]
    if not todo:
        raise InputError("op", "Every creature has an Initiative; set one by hand to change it.")
    for cid in todo:
        c = ctx.state["creatures"][cid]
        boons = 1 if c["buff"] == "hastened" else 0
        dice = f"{2 + boons}d6dl{boons}" if boons else "2d6"
        c["initiative"] = ctx.roll(
            f"{dice} + ref",
            {"ref": c["ref"]},
            f"{c['name']}'s Initiative, a REF roll: {rules.roll_text(boons, 0)} + REF "
            f"{c['ref']:+d}",
            "arts.initiative",
            cid,
        )
        c["place"] = c["place_for"] = None
    if ctx.state["round"]:
        encounter.sort_order(_module(), ctx.state)


def _delay(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if not state["round"] or _current(ctx) != cid:
        raise InputError("after", f"{c['name']} can delay only at the start of their own turn.")
    if c["dead"]:
        raise InputError("after", f"{c['name']} is dead.")
    if c["delayed_round"] == state["round"]:
        raise InputError("after", f"{c['name']} has already delayed this round.")
    if c["steps"]:
        raise InputError("after", f"{c['name']} has already begun their turn.")
    wanted = " ".join(str(values["after"]).split()).lower()
    target = next(
        (
            t
            for t in state["order"]
            if t.lower() == wanted or state["creatures"][t]["name"].lower() == wanted
        ),
        None,
    )
    if target is None or target == cid:
        raise InputError("after", f"Name another creature of the encounter; got {wanted!r}.")
    index = state["turn"]
    if state["order"].index(target) < index:
        raise InputError("after", f"{ctx.name(target)} has already had their turn this round.")
    place = list(order_key(state["creatures"][target], state))
    c["place"] = [*place[:-1], 0, 1]
    c["place_for"] = c["initiative"]
    c["delayed_round"] = state["round"]
    state["order"].remove(cid)
    state["order"].insert(state["order"].index(target) + 1, cid)
    state["turn"] = index
    ctx.say(
        f"{c['name']} delays until after {ctx.name(target)}: their turns take place there for "
        "the rest of the combat; no second Delay this round.",
        "arts.delay",
        cid,
    )
    encounter._turn_start(_module(), ctx)


def _end_combat(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    if not state["round"]:
        raise InputError("op", "The combat has not started.")
    waiting = [c["name"] for c in state["creatures"].values() if c["pending"]]
    if waiting:
        raise InputError("op", f"Resolve the rolls of {', '.join(waiting)} first.")
    ctx.say(f"The combat ends after {state['round']} rounds.", "arts.end_of_combat")
    for cid in state["order"]:
        c = state["creatures"][cid]
        if c["incapacitated"]:
            _end_incapacity(ctx, cid, list(c["incapacitated"]), "the combat has ended")
        if c["buff"]:
            ctx.say(
                f"{BUFF_NAMES[c['buff']]} on {c['name']} ends with the combat.", "arts.buffs", cid
            )
        if c["delayed"]:
            ctx.say(
                f"{c['name']}'s delayed roll lapses: the combat ended before their next turn.",
                "arts.resilience",
                cid,
                assumption=A_END,
            )
        c.update(
            buff=None,
            delayed=[],
            steps=[],
            used=[],
            initiative=None,
            place=None,
            place_for=None,
            started=0,
            delayed_round=0,
        )
    state["round"] = 0
    state["turn"] = None
    ctx.say(
        "Initiative is rolled anew when the next fight begins; statuses stay as they are.",
        "arts.end_of_combat",
        assumption=A_END,
    )


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "harm": _harm,
    "move": _move,
    "act": _act,
    "stance": _stance,
    "status": _status,
    "end_status": _end_status,
    "buff": _buff,
    "end_buff": _end_buff,
    "recover": _recover,
    "relieve": _relieve,
    "forgo_move": _forgo_move,
    "disoriented": _disoriented,
    "delay": _delay,
    "resuscitate": _resuscitate,
    "coup_de_grace": _coup_de_grace,
    "end_incapacity": _end_incapacity_action,
    "convalesce": _convalesce,
    "end_combat": _end_combat,
}


# --- the card and the builder's characters -------------------------------------------


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its loads against its Tolerances, its conditions."""
    c = creature
    numbers: list[tuple[str, Any, str]] = []
    for kind, word in LOADS.items():
        lost = c[f"{kind}_lost"]
        note = f"{c[f'{kind}_tolerance']} − {lost} lost" if lost else ""
        numbers.append((word, f"{c[kind]} / {tolerance(c, kind)}", f"{word} Tolerance"))
        numbers.append((f"{word} Tolerance", tolerance(c, kind), note))
    numbers.append(("Speed", speed(c), "" if speed(c) == c["speed"] else f"base {c['speed']}"))
    numbers.append(("REF", f"{c['ref']:+d}", "Initiative 2d6 + REF"))
    if c["stance"]:
        numbers.append(("Stance", c["stance"], ""))
    done = [s for s in c["steps"] if s in ("move", "act", "stance", "forgo", "moved_after")]
    if done:
        numbers.append(("This turn", ", ".join(done), "Move, Act, Stance"))
    conditions = []
    if c["dead"]:
        conditions.append("Dead")
    conditions += [f"Incapacitated ({LOADS[k]})" for k in c["incapacitated"]]
    for key in CONDITIONS:
        if key in c["statuses"]:
            x = c["statuses"][key]
            name = STATUS_ENTRIES[key]["name"]
            conditions.append(name if x is None else f"{name} {x}")
    if c["buff"]:
        conditions.append(f"Buff: {BUFF_NAMES[c['buff']]}")
    for item in c["delayed"]:
        conditions.append(f"Delayed roll ({LOADS[item['kind']]}) at the end of their next turn")
    return {"numbers": numbers, "conditions": conditions}


TOLERANCE_PASSIVES = {"Indefatigable": "fatigue_tolerance", "Composed": "stress_tolerance"}
"""Passives that 'Increase your maximum ... Tolerance by 1+[Tier]'."""
SPEED_PASSIVES = ("Fleet Footed",)
"""'Increase your Speed by [Tier]'."""


def from_character(character: Any) -> dict[str, Any]:
    """The add form's values for a character of the Attributes & Arts builder.

    REF, the Tolerances and Speed come from the builder's sheet; Indefatigable and
    Composed raise a Tolerance by 1 + Tier, Fleet Footed the Speed by its Tier.

    >>> from calculators.builders import arts as b
    >>> c = b.example()
    >>> c["abilities"].append({"name": "Indefatigable", "tier": 2})
    >>> from_character(c)  # doctest: +NORMALIZE_WHITESPACE
    {'name': "The rulebook's example", 'ref': 1, 'fatigue_tolerance': 14,
     'stress_tolerance': 10, 'speed': 4}
    """
    sheet = builder.evaluate(character)
    values = {v["label"]: v["value"] for v in sheet["values"]}
    out = {
        "name": sheet["title"],
        "ref": values["REF"],
        "fatigue_tolerance": values["Fatigue Tolerance"],
        "stress_tolerance": values["Stress Tolerance"],
        "speed": values["Speed"],
    }
    for ability in sheet["abilities"]:
        if ability["name"] in TOLERANCE_PASSIVES:
            out[TOLERANCE_PASSIVES[ability["name"]]] += 1 + ability["tier"]
        elif ability["name"] in SPEED_PASSIVES:
            out["speed"] += ability["tier"]
    return out
