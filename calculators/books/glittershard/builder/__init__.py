"""The Glittershard's End character builder: the book's ten creation steps, then levels to 20.

The character is plain data (see :func:`blank`): the stat method (and, for the two dice
methods, the seed the stats were rolled with, so anyone can replay the roll), the eight
stats, race and class values entered by hand (the rulebook has no race or class pages),
trainings, gear, armor, weapons, spells by school, and one entry of choices per level
reached (``advances``). :func:`validate` names the path of any mistake
(``weapons[1].stat``); :func:`evaluate` computes the sheet with
:func:`calculators.books.glittershard.character.compute_character`.

The package's modules: :mod:`.declarations` (the constants of the book's creation
rules), :mod:`.character` (blank, example, validate), :mod:`.stats` (rolling and
checking the stats), :mod:`.evaluation` (the sheet), :mod:`.levels` (level-ups) and
:mod:`.form` (the page's form fields).
"""

from __future__ import annotations

from .character import (
    blank,
    example,
    validate,
)
from .declarations import (
    ATTACK_STATS,
    GAINS,
    HAND_NOTE,
    MAX_SPELLS,
    MAX_WEAPONS,
    METHODS,
    NAME,
    REQUIRED_GAINS,
    ROLLED,
    SYSTEM,
    VERSION,
    level_gains,
    schools,
)
from .evaluation import (
    evaluate,
)
from .form import (
    form_path,
    from_form,
    to_form,
)
from .levels import (
    level_up,
)
from .stats import (
    roll_stats,
    rolled_stats,
)

__all__ = [
    "ATTACK_STATS",
    "GAINS",
    "HAND_NOTE",
    "MAX_SPELLS",
    "MAX_WEAPONS",
    "METHODS",
    "NAME",
    "REQUIRED_GAINS",
    "ROLLED",
    "SYSTEM",
    "VERSION",
    "blank",
    "evaluate",
    "example",
    "form_path",
    "from_form",
    "level_gains",
    "level_up",
    "roll_stats",
    "rolled_stats",
    "schools",
    "to_form",
    "validate",
]
