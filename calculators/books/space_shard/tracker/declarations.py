"""What Space Shard's tracker follows, read from its ``tracker`` entry in
``rules_data/space_shard/turns.yml`` (:mod:`calculators.tracker.declaration`): its rules,
assumptions, the add form (``CREATURE``, ``STORED``), settings, examples, ``LIMITS`` and
``ACTIONS``. Only the words the logic itself needs are named here.

>>> KIND_NAMES["swift"]
'Swift Action'
"""

from __future__ import annotations

from ....tracker.declaration import declaration
from ..rules import A_CAP, A_EXTRA_HIT, A_IN_HAND

SYSTEM = "space_shard"

A_DURATION = "space_shard.tracker_one_round"
A_WHOLE = "space_shard.tracker_full_turn_alone"
STANDARD_KINDS = ("standard", "attack")
"""Kinds of action that take the turn's Standard Action (an attack is one)."""

_DECLARED = declaration(SYSTEM)
(TITLE, RULES, INITIATIVE_RULE, ORDER_RULE, CREATURE, STORED, SETTINGS, LIMITS, ACTIONS,
 EXAMPLES, ASSUMPTIONS, OTHER) = _DECLARED
"""What the book's ``tracker`` entry declares (:class:`.declaration.Declaration`);
``OTHER``: the rules it does not cite, under what it does with them."""

KINDS = _DECLARED.action_field("act", "kind").choices
"""The kinds of action a turn holds, with their names (the ``act`` action's choices)."""
KIND_NAMES = dict(KINDS)
DURATION_CHOICES = tuple(value for value, _ in _DECLARED.setting(A_DURATION).choices)
"""How long "1 round" lasts: until the creature's next turn, or the end of the round."""

ADDED = {"weapon": ""}
"""Creature fields a save from before them lacks, with the value they start at."""
ADDED_SETTINGS = (A_CAP, A_EXTRA_HIT, A_IN_HAND)
"""Settings a save from before them lacks: their defaults fill in."""
