"""What the Glittershard's End tracker declares to the page, read from its ``tracker`` entry
(:mod:`.rulebook`): the add form's fields, the keys it keeps on a creature, its settings and
fixed assumptions, example creatures, and its actions with their fields.

>>> [f.name for f in CREATURE][:2]
['nim', 'bwn']
"""

from __future__ import annotations

from .rulebook import DECLARED
from .terms import A_HUNGER_GAP

CREATURE = DECLARED.creature
STORED = DECLARED.stored
ASSUMPTIONS = DECLARED.assumptions
SETTINGS = DECLARED.settings
EXAMPLES = DECLARED.examples
LIMITS = DECLARED.limits
"""No action of the rulebook is once a round; a turn's actions are counted in ``left``."""
ACTIONS = DECLARED.actions
OTHER = DECLARED.other
"""The book's rules that are not the source of a tracker rule, under what the tracker does
with them."""

ADDED = {"gold": 0, "pennies": 0}
"""Creature fields a save from before them lacks, with the value they start at."""
ADDED_SETTINGS = (A_HUNGER_GAP,)
"""Settings a save from before them lacks: their defaults fill in."""
