"""Space Shard's encounter rules, turn by turn (How a battle goes, Battle Begins!).

The Surprise Round, initiative (1d10 + Initiative, not a check), the actions of a turn
and their downgrades, the once-per-round Full-Force Attack and the Base Defense it costs
for 1 round, the Charge Attack, Guarding and Full Defense until the next turn, Aiming for
up to 5 rounds, Prone, Stagger points for 1 round, and damage whose overflow is noted but
not calculated.

The package's modules: :mod:`.declarations` (the terms, ``RULES``, the assumptions,
``CREATURE``, ``STORED``, settings, examples, ``LIMITS`` and ``ACTIONS``),
:mod:`.creatures` (a creature's checks, its place in the order, its Defense and effects,
its card), :mod:`.turn` (the actions a turn allows, the Aiming Bonus), :mod:`.rounds`
(ties, effects that end, the turns, the Full-Force Attack: the hooks) and :mod:`.actions`
(the ``HANDLERS``).

>>> from calculators.tracker import encounter
>>> import calculators.books.space_shard.tracker as s
>>> st = encounter.blank(s)
>>> st, _ = encounter.act(s, st, {"op": "add", "creature": {"name": "Rex", "hp": 2}})
>>> st, events = encounter.act(s, st, {"op": "damage", "id": "c1", "amount": 5})
>>> events[0]["text"]
'Rex takes 5 DMG: HP 2 → 0; 3 DMG overflow noted, not calculated.'
"""

from __future__ import annotations

from .actions import HANDLERS
from .creatures import card, new_creature, order_key, validate_creature
from .declarations import (
    ACTIONS,
    ADDED,
    ADDED_SETTINGS,
    ASSUMPTIONS,
    CREATURE,
    EXAMPLES,
    INITIATIVE_RULE,
    LIMITS,
    ORDER_RULE,
    OTHER,
    RULES,
    SETTINGS,
    STORED,
    SYSTEM,
    TITLE,
)
from .rounds import after_set, check_use, resolve, round_start, turn_end, turn_start

__all__ = [
    "SYSTEM", "TITLE", "RULES", "INITIATIVE_RULE", "ORDER_RULE", "CREATURE", "STORED",
    "ASSUMPTIONS", "SETTINGS", "EXAMPLES", "LIMITS", "ACTIONS", "ADDED", "ADDED_SETTINGS",
    "OTHER", "HANDLERS", "new_creature", "validate_creature", "order_key", "round_start",
    "turn_start", "turn_end", "check_use", "after_set", "resolve", "card",
]
"""What the engine reads (:mod:`calculators.tracker.contract`); the terms the rules use are
in :mod:`.declarations` and in the book's :mod:`~calculators.books.space_shard.rules`."""
