"""Glittershard's End's encounter rules, turn by turn and rest by rest.

Turn order (Nimbleness + 1d10, ties to the higher Nimbleness, then a secondary d10),
rounds of ten seconds, the Offensive, Movement and Trivial actions of a turn and their
trades, defensive postures, magical health drained first, unconsciousness at 0 health
and death at the negative of the max health, magical healing and its recovery points,
mundane healing that waits for a medium rest, the three rests, magical stamina,
exhaustion (Tired after 14 hours awake, Dead Tired, Exhausted ... Death), hunger,
hypothermia, burning, poison, Bound, Frozen, Paralyzed, Fear and falls. Where the
rulebook is silent the ``glittershard.tracker_*`` assumptions decide.

The package's modules: :mod:`.rulebook` (the rules), :mod:`.declarations` (the add form,
settings, assumptions, examples and actions), :mod:`.terms` (assumption ids, numbers,
postures and statuses), :mod:`.reading` (the numbers conditions change), :mod:`.health`,
:mod:`.rests` (time, rests, exhaustion and hunger), :mod:`.actions` (a turn's actions),
:mod:`.healing`, :mod:`.statuses` (statuses and hazards), :mod:`.hooks` (what the engine
calls) and :mod:`.card` (the card and the builder's characters).

>>> from calculators.tracker import encounter
>>> import calculators.books.glittershard.tracker as g
>>> s = encounter.blank(g)
>>> kira = {"name": "Kira", "max_health": 10, "health": 10, "magical_health": 3}
>>> s, _ = encounter.act(g, s, {"op": "add", "creature": kira})
>>> s, events = encounter.act(g, s, {"op": "damage", "id": "c1", "amount": 5})
>>> events[0]["text"]
'Kira takes 5 damage: magical health 3 → 0, health 10 → 8.'
>>> s, events = encounter.act(g, s, {"op": "damage", "id": "c1", "amount": 8})
>>> [e["text"] for e in events][1]
'Kira is reduced to 0 health and loses consciousness.'
>>> s["creatures"]["c1"]["posture"], s["creatures"]["c1"]["prone"]
('unguarded', True)
"""

from __future__ import annotations

from . import squares as _squares
from .actions import _act, _battle_skill, _posture, _roll_initiative
from .card import card, from_character
from .declarations import (
    ACTIONS,
    ADDED,
    ADDED_SETTINGS,
    ASSUMPTIONS,
    CREATURE,
    EXAMPLES,
    LIMITS,
    OTHER,
    SETTINGS,
    STORED,
)
from .healing import _cast, _damage_action, _heal, _treat
from .hooks import (
    after_set,
    check_use,
    new_creature,
    order_key,
    resolve,
    round_start,
    turn_end,
    turn_start,
    validate_creature,
)
from .purse import _gain, _spend
from .reading import effective
from .rests import _doze, _eat, _exhaust, _miss_meal, _pass_time, _rest, _rest_all, _wake
from .rulebook import INITIATIVE_RULE, ORDER_RULE, RULES, SYSTEM, TITLE
from .statuses import _apply, _break_free, _fall, _remove_status, _treat_poison

__all__ = [
    "SYSTEM", "TITLE", "RULES", "INITIATIVE_RULE", "ORDER_RULE", "CREATURE", "STORED",
    "ASSUMPTIONS", "SETTINGS", "EXAMPLES", "LIMITS", "ACTIONS", "ADDED", "ADDED_SETTINGS",
    "OTHER", "effective", "new_creature", "validate_creature", "order_key", "round_start",
    "turn_start", "turn_end", "check_use", "after_set", "resolve", "card", "from_character",
    "HANDLERS",
]
"""What the engine reads (:mod:`calculators.tracker.contract`); the terms the rules use are
in :mod:`.terms`, what a creature's state means in :mod:`.reading`."""


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "pass_time": _pass_time,
    "rest_all": _rest_all,
    "damage": _damage_action,
    "act": _act,
    "posture": _posture,
    "heal": _heal,
    "treat": _treat,
    "cast": _cast,
    "apply": _apply,
    "remove_status": _remove_status,
    "break_free": _break_free,
    "treat_poison": _treat_poison,
    "fall": _fall,
    "rest": _rest,
    "exhaust": _exhaust,
    "miss_meal": _miss_meal,
    "eat": _eat,
    "gain": _gain,
    "spend": _spend,
    "battle_skill": _battle_skill,
    "doze": _doze,
    "wake": _wake,
    **_squares.HANDLERS,
}
