"""Glittershard's End's ten calculators, declared: d6 checks, tasks, damage, the character,
turn order, movement, healing, natural healing, speech checks and falls.

Inputs carrying an assumption form the shared assumptions group; importing this package
registers the calculators, one module a group: :mod:`.rolls` (d6 checks, tasks, speech,
damage), :mod:`.character`, :mod:`.turns` (turn order, movement) and :mod:`.healing`.
Falls are declared in the rules data (``rules_data/glittershard/``), not here.

>>> from calculators.registry import REGISTRY
>>> REGISTRY.find("glittershard.character").title
'Character'
"""

from __future__ import annotations

from . import character, healing, rolls, turns
from .rolls import stat_rounding_input

__all__ = ["character", "healing", "rolls", "stat_rounding_input", "turns"]
