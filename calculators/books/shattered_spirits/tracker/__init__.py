"""Shattered Spirits' encounter rules, Round by Round (the combat chapter).

A Round is Refresh (Stance and Style changes, wielding, the Refresh resources), Plotting
(the Action Points divided among Techniques, the Speed each is played at), Phases 1-6 in
which players and enemies alternate Turns, and the End Phase. After a Turn a creature may
Purge. Damage is lost from Vigor first, then Endurance, then Health; no Endurance is
Winded, no Health is Downed and costs a Condition. Vigor does not stack. Each creature
takes one Turn a Round, in the Phase of the Speed it plotted
(``shattered_spirits.tracker_one_turn``).

The package's modules: :mod:`.declarations` (the terms, ``RULES``, the assumptions,
``CREATURE``, ``STORED``, settings, examples and ``ACTIONS``), :mod:`.creatures` (a
creature's checks, its Phase, the Turn order and its card), :mod:`.rounds` (Refresh, the
Turns' Phases, Purge and the End Phase: the hooks) and :mod:`.actions` (the ``HANDLERS``).

>>> from calculators.tracker import encounter
>>> import calculators.books.shattered_spirits.tracker as s
>>> st = encounter.blank(s)
>>> st, _ = encounter.act(s, st, {"op": "add", "creature": {"name": "Kira", "vigor": 3}})
>>> st, events = encounter.act(s, st, {"op": "damage", "id": "c1", "amount": 15})
>>> events[0]["text"]
'Kira takes 15 Damage: Vigor 3 → 0, Endurance 10 → 0, Health 10 → 8.'
>>> events[1]["text"]
'Kira has no Endurance: Winded.'
"""

from __future__ import annotations

from . import areas as _areas
from . import squares as _squares
from . import table as _table
from .actions import HANDLERS as _HANDLERS
from .creatures import card, new_creature, order_key, validate_creature
from .declarations import (
    ACTIONS,
    ASSUMPTIONS,
    CREATURE,
    EXAMPLES,
    INITIATIVE_RULE,
    LIMITS,
    ORDER_RULE,
    OTHER,
    RULES,
    SETTINGS,
    START_HINT,
    STORED,
    SYSTEM,
    TITLE,
)
from .rounds import after_set, check_use, resolve, round_start, turn_end, turn_start

ADDED_SETTINGS = (_table.A_SHRED, *_squares.ADDED_SETTINGS, *_areas.ADDED_SETTINGS)
"""Settings added after saves were made: an old save gets their defaults."""
HANDLERS = {**_HANDLERS, **_table.HANDLERS, **_squares.HANDLERS, **_areas.HANDLERS}
"""The Round's actions, those at the table (:mod:`.table`), on squares (:mod:`.squares`)
and of Areas on squares (:mod:`.areas`); all declared in the book's ``tracker`` entry."""

__all__ = [
    "SYSTEM", "TITLE", "RULES", "INITIATIVE_RULE", "ORDER_RULE", "CREATURE", "STORED",
    "ASSUMPTIONS", "SETTINGS", "EXAMPLES", "LIMITS", "ACTIONS", "ADDED_SETTINGS", "OTHER",
    "START_HINT", "HANDLERS", "new_creature", "validate_creature", "order_key", "round_start",
    "turn_start", "turn_end", "check_use", "after_set", "resolve", "card",
]
"""What the engine reads (:mod:`calculators.tracker.contract`); the terms the rules use are
in :mod:`.declarations`, a creature's Phase in :mod:`.creatures`."""
