"""Pendragon's rule constants and the assumptions its calculators follow.

Each constant is stated plainly in one sentence of the quick reference. Where the quick
reference is silent, an assumption entry of ``rules_data/pendragon/`` decides; its id is
an ``A_`` name here and the readings it allows are a ``*_CHOICES`` tuple.

>>> DEATH_BASE, MEET_CHOICES
(6, ('equal or higher', 'higher'))
"""

from __future__ import annotations

# -- the rule constants, each stated plainly in one sentence of the quick reference -------
WOUND_PENALTY = -1
"""'Each wound token on a creature applies a cumulative -1 penalty to all checks'."""
UNCONSCIOUS_BASE = 10
"""'it must make an immediate Spirit check against a Difficulty of 10 + the amount of
damage just taken'."""
RALLY_DC = 10
"""'an unconscious creature can attempt to rally with a successful Spirit check
(Difficulty 10)'."""
REVIVE_BASE = 10
"""'making a successful Heal check against a Difficulty equal to 10 + the creature's
total damage'."""
DEATH_BASE = 6
"""'If a creature's wounds ever exceed 6 + the creature's Body score, the creature dies.'"""

# -- assumptions (rules_data/pendragon/) ---------------------------------------------------
A_CHECK_DICE = "pendragon.assume_check_dice"
A_COUNTS = "pendragon.assume_counts"
A_DIRECT = "pendragon.assume_direct_wounds"
A_TOTAL = "pendragon.assume_total_after_damage"
A_TAKEN = "pendragon.assume_damage_just_taken"
A_CHECK_WOUNDS = "pendragon.assume_check_wounds"
A_MEET = "pendragon.assume_meet_difficulty"
A_DEAD = "pendragon.assume_dead_no_check"
A_TOTAL_DAMAGE = "pendragon.assume_total_damage"
A_SUBSTITUTIONS = "pendragon.assume_substitutions"

TOTAL_CHOICES = ("after", "before")
"""When the total of damage and wounds is counted: after placing the new tokens, or before."""
TAKEN_CHOICES = ("incoming", "wounds")
"""'The amount of damage just taken': the whole damage, or only the part that became Wounds."""
CHECK_WOUNDS_CHOICES = ("wounds_after", "wounds")
"""Wounds subtracted from the unconsciousness check: after this damage, or from before it."""
MEET_CHOICES = ("equal or higher", "higher")
"""A check succeeds on a result equal to or higher than the Difficulty, or only higher."""
SUBSTITUTION_CHOICES = ("both", "either", "chain")
"""Which of the two action substitutions a Turn may combine."""
