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

The package's modules: :mod:`.declarations` (the terms, ``RULES``, the assumptions,
settings, examples and limits), :mod:`.creature` (``CREATURE``, ``STORED``, a creature's
checks, its place in the order, Tolerances and Speed), :mod:`.loads` (the rolls against a
Tolerance, Incapacity and death), :mod:`.turns` (the round and turn hooks),
:mod:`.steps` (Move, Act, Stance), :mod:`.harm` (Fatigue, Stress and the ways back),
:mod:`.statuses` (statuses and Buffs), :mod:`.order` (Initiative, Delay, the end of
combat), :mod:`.actions` (``ACTIONS`` and their ``HANDLERS``) and :mod:`.cards` (the card
and the builder's characters).

>>> from calculators.tracker import encounter
>>> import calculators.books.arts.tracker as a
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

from . import squares as _squares
from .actions import ACTIONS
from .actions import HANDLERS as _HANDLERS
from .cards import card, from_character
from .creature import CREATURE, STORED, effective, new_creature, order_key, validate_creature
from .declarations import (
    ASSUMPTIONS,
    EXAMPLES,
    INITIATIVE_RULE,
    LIMITS,
    ORDER_RULE,
    OTHER,
    RULES,
    SETTINGS,
    SYSTEM,
    TITLE,
)
from .loads import resolve
from .turns import after_set, check_use, round_start, turn_end, turn_start

HANDLERS = {**_HANDLERS, **_squares.HANDLERS}

__all__ = [
    "SYSTEM", "TITLE", "RULES", "INITIATIVE_RULE", "ORDER_RULE", "CREATURE", "STORED",
    "ASSUMPTIONS", "SETTINGS", "EXAMPLES", "LIMITS", "ACTIONS", "OTHER", "HANDLERS",
    "effective", "new_creature", "validate_creature", "order_key", "round_start",
    "turn_start", "turn_end", "check_use", "after_set", "resolve", "card", "from_character",
]
"""What the engine reads (:mod:`calculators.tracker.contract`); the terms the rules use are
in :mod:`.declarations`, a creature's numbers in :mod:`.creature`."""
