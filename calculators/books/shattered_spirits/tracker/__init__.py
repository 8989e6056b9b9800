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

from ..rules import A_POOLS
from . import areas as _areas
from . import declarations as _declared
from . import squares as _squares
from . import table as _table
from .actions import HANDLERS as _HANDLERS
from .creatures import (
    card,
    new_creature,
    order_key,
    phase_of,
    sequence,
    validate_creature,
)
from .declarations import (
    A_DOWNED_ONCE,
    A_ONE_TURN,
    A_PURGE_WINDOW,
    A_REFRESH_WINDOW,
    AFFLICTIONS,
    CREATURE,
    EXAMPLES,
    IMPROVISE_COST,
    INITIATIVE_RULE,
    LAST,
    LIMITS,
    NAMES,
    ORDER_RULE,
    OTHER,
    PHASE_FIELD,
    REFRESH_COST,
    START_HINT,
    STORED,
    SYSTEM,
    TITLE,
    TOKEN_CHOICES,
    TOKENS,
)
from .rounds import (
    after_set,
    check_use,
    resolve,
    round_start,
    turn_end,
    turn_start,
)

RULES = _declared.RULES
"""The Round's rules, those at the table (:mod:`.table`), on squares (:mod:`.squares`) and
of Areas on squares (:mod:`.areas`): all declared in the book's ``tracker`` entry."""
ACTIONS = _declared.ACTIONS
SETTINGS = _declared.SETTINGS
ADDED_SETTINGS = (_table.A_SHRED, *_squares.ADDED_SETTINGS, *_areas.ADDED_SETTINGS)
"""Settings added after saves were made: an old save gets their defaults."""
HANDLERS = {**_HANDLERS, **_table.HANDLERS, **_squares.HANDLERS, **_areas.HANDLERS}
ASSUMPTIONS = _declared.ASSUMPTIONS
"""Followed without a setting: the tracker implements this one reading of each."""

__all__ = [
    "OTHER",
    "ACTIONS",
    "ADDED_SETTINGS",
    "AFFLICTIONS",
    "ASSUMPTIONS",
    "A_DOWNED_ONCE",
    "A_ONE_TURN",
    "A_POOLS",
    "A_PURGE_WINDOW",
    "A_REFRESH_WINDOW",
    "CREATURE",
    "EXAMPLES",
    "HANDLERS",
    "IMPROVISE_COST",
    "INITIATIVE_RULE",
    "LAST",
    "LIMITS",
    "NAMES",
    "ORDER_RULE",
    "PHASE_FIELD",
    "REFRESH_COST",
    "RULES",
    "SETTINGS",
    "START_HINT",
    "STORED",
    "SYSTEM",
    "TITLE",
    "TOKENS",
    "TOKEN_CHOICES",
    "after_set",
    "card",
    "check_use",
    "new_creature",
    "order_key",
    "phase_of",
    "resolve",
    "round_start",
    "sequence",
    "turn_end",
    "turn_start",
    "validate_creature",
]
