"""Limits that keep a page responsive: checked before any distribution is computed.

The work of each step is estimated from the tree alone (:mod:`.bounds`), so an
expression over a limit is refused at once with a message, never run slowly.
The step limits keep exact evaluation of any accepted expression well under a
second in CPython (measured with ``scripts/bench_dice.py``); Pyodide is a few
times slower.
"""

from __future__ import annotations

#: Characters in one expression.
MAX_LENGTH = 200
#: Nesting of parentheses, minus signs and calls.
MAX_DEPTH = 30
#: The largest number written in an expression.
MAX_NUMBER = 1_000_000
#: Dice in one term (``100d6``), and in the whole expression.
MAX_DICE = 100
#: Sides of one die (``d1000``).
MAX_SIDES = 1000
#: Estimated inner-loop steps of one exact operation (a pool, a sum, a product).
MAX_STEPS = 2_000_000
