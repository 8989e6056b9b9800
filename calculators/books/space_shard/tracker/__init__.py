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

from ..rules import A_AIM, A_DOWNGRADE, A_ORDER, A_REINFORCE, A_ROUND, A_SURPRISE
from .actions import (
    HANDLERS,
)
from .creatures import (
    EFFECT_KEYS,
    RULE_IDS,
    card,
    new_creature,
    order_key,
    validate_creature,
)
from .declarations import (
    A_DURATION,
    A_WHOLE,
    ACTIONS,
    ADDED,
    ADDED_SETTINGS,
    ASSUMPTIONS,
    CREATURE,
    DURATION_CHOICES,
    EXAMPLES,
    INITIATIVE_RULE,
    KIND_NAMES,
    KINDS,
    LIMITS,
    ORDER_RULE,
    OTHER,
    RULES,
    SETTINGS,
    STANDARD_KINDS,
    STORED,
    SYSTEM,
    TITLE,
)
from .rounds import (
    after_set,
    check_use,
    resolve,
    round_start,
    turn_end,
    turn_start,
)

__all__ = [
    "OTHER",
    "ACTIONS",
    "ADDED",
    "ADDED_SETTINGS",
    "ASSUMPTIONS",
    "A_AIM",
    "A_DOWNGRADE",
    "A_DURATION",
    "A_ORDER",
    "A_REINFORCE",
    "A_ROUND",
    "A_SURPRISE",
    "A_WHOLE",
    "CREATURE",
    "DURATION_CHOICES",
    "EFFECT_KEYS",
    "EXAMPLES",
    "HANDLERS",
    "INITIATIVE_RULE",
    "KINDS",
    "KIND_NAMES",
    "LIMITS",
    "ORDER_RULE",
    "RULES",
    "RULE_IDS",
    "SETTINGS",
    "STANDARD_KINDS",
    "STORED",
    "SYSTEM",
    "TITLE",
    "after_set",
    "card",
    "check_use",
    "new_creature",
    "order_key",
    "resolve",
    "round_start",
    "turn_end",
    "turn_start",
    "validate_creature",
]
