"""What Shattered Spirits' tracker follows: its terms, and what its ``tracker`` entry in
``rules_data/shattered_spirits/rounds.yml`` declares (:mod:`calculators.tracker.declaration`):
``RULES``, assumptions, the add form (``CREATURE``, ``STORED``), settings, examples and
``ACTIONS`` with their fields. Only the words the logic itself needs are named here.

>>> PHASE_FIELD.low, PHASE_FIELD.high
(-9, 15)
"""

from __future__ import annotations

from ....tracker.declaration import declaration
from ..rules import PHASES

SYSTEM = "shattered_spirits"
TITLE = "Shattered Spirits"

A_ONE_TURN = "shattered_spirits.tracker_one_turn"
A_REFRESH_WINDOW = "shattered_spirits.tracker_refresh_window"
A_PURGE_WINDOW = "shattered_spirits.tracker_purge_window"
A_DOWNED_ONCE = "shattered_spirits.tracker_downed_condition"
A_SPEED = "shattered_spirits.tracker_speed_beyond_phases"
SPEED_LOW, SPEED_HIGH = -9, 15
"""The Speeds a Technique may be plotted at once modified (beyond 1-6: Phase 1 or 6)."""

TOKENS = ("momentum", "focus", "grit", "reflex")
"""The four Tokens (Tokens)."""
TOKEN_CHOICES = tuple((t, t.capitalize()) for t in TOKENS)
IMPROVISE_COST = 2
"""'they may choose to Improvise a Technique and pay 2 Momentum' (Rounds)."""
REFRESH_COST = 1
"""'pays 1 Focus/Momentum and changes both their Stance/Style'; 'pays 1 Reflex/Momentum and
stops Wielding all Equipment' (Refresh)."""
AFFLICTIONS = (
    ("staggered", "Staggered"),
    ("disarmed", "Disarmed"),
    ("exposed", "Exposed"),
    ("prone", "Prone"),
    ("slowed", "Slowed"),
    ("hobbled", "Hobbled"),
    ("burn", "Burn"),
    ("shred", "Shred"),
    ("impaired", "Impaired"),
    ("vulnerable", "Vulnerable"),
    ("fear", "Fear"),
    ("grief", "Grief"),
    ("shock", "Shock"),
)
"""The Statuses and Afflictions the chapter names (it defines none of them)."""
NAMES = dict(AFFLICTIONS)
LAST = PHASES + 1
"""Where a creature with no Phase yet goes: after Phase 6."""

START_HINT = (
    "Plot the Speed of {names} first (Plot the Speed, on their card): it sets the Phase "
    "of their Turn."
)
"""What the engine says when the encounter starts before everyone has plotted."""

_DECLARED = declaration(SYSTEM)
(TITLE, RULES, INITIATIVE_RULE, ORDER_RULE, CREATURE, STORED, SETTINGS, LIMITS, ACTIONS,
 EXAMPLES, ASSUMPTIONS, OTHER) = _DECLARED
"""What the book's ``tracker`` entry declares (:class:`.declaration.Declaration`);
``OTHER``: the rules it does not cite, under what it does with them."""
PHASE_FIELD = _DECLARED.action_field("plot", "phase")
"""The Speed a Technique is plotted at (its Phase), as the ``plot`` action asks for it."""
