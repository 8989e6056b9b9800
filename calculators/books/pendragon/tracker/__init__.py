"""Pendragon's encounter rules, turn by turn (the quick reference's Combat Encounters).

Initiative and its ties, rounds and turns, effects that last Rounds, the actions of a
Turn, one Instant action until the next Turn, Damage Tokens and Wounds, the wound
penalty, the unconsciousness check, rallying, reviving and death. The dice of a check
are the table's unless the GM names them (``pendragon.assume_tracker_check_dice``).

The package's modules: :mod:`.declarations` (the terms, ``RULES``, ``CREATURE``,
``STORED``, settings, examples, ``LIMITS`` and ``ACTIONS``), :mod:`.creatures` (a
creature's checks, its place in the order, its card), :mod:`.checks` (the checks made and
their outcomes, death), :mod:`.rounds` (the hooks) and :mod:`.actions` (the
``HANDLERS``).

>>> from calculators.tracker import encounter
>>> import calculators.books.pendragon.tracker as p
>>> s = encounter.blank(p)
>>> s, _ = encounter.act(p, s, {"op": "add", "creature": {"name": "Kira", "hp": 4}})
>>> s, events = encounter.act(p, s, {"op": "damage", "id": "c1", "amount": 6})
>>> [e["text"] for e in events][:2]
['Kira takes 6 damage: Damage Tokens 0 → 4, Wounds 0 → 2.', 'Kira: check penalty -2.']
>>> s["creatures"]["c1"]["pending"][0]["target"]
18
"""

from __future__ import annotations

from .actions import HANDLERS
from .checks import resolve
from .creatures import card, check_setting, new_creature, order_key, validate_creature
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
    STORED,
    SYSTEM,
    TITLE,
)
from .rounds import after_set, check_use, round_start, turn_end, turn_start

__all__ = [
    "SYSTEM", "TITLE", "RULES", "INITIATIVE_RULE", "ORDER_RULE", "CREATURE", "STORED",
    "ASSUMPTIONS", "SETTINGS", "EXAMPLES", "LIMITS", "ACTIONS", "OTHER", "HANDLERS",
    "new_creature", "validate_creature", "order_key", "round_start", "turn_start", "turn_end",
    "check_use", "after_set", "resolve", "card", "check_setting",
]
"""What the engine reads (:mod:`calculators.tracker.contract`); the terms the rules use are
in :mod:`.declarations` and in the book's :mod:`~calculators.books.pendragon.rules`."""
