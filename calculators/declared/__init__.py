"""Calculators declared in rules data: formulas over the dice language, no Python.

A rules-data entry of kind ``calculator`` (exported to
``calculators/data/<system>.calculators.json``) declares its inputs and outputs like
:class:`~calculators.declare.Calculator` does, and gives each output a ``value``: an
expression of :mod:`calculators.notation` over the input names. This module checks such
an entry (:func:`problems`, which the build runs, so a typo stops it with
``file:line: field: message``) and builds the :class:`Calculator` (:func:`build`), which
the registry adds (:meth:`~calculators.registry.Registry.add_declared`), so the form, the
prerendered result, the URL state and the worker cannot tell it from a Python one.

What the names mean in an expression:

* an ``int`` input is its number, a ``bool`` input 1 or 0, a ``choice`` input the integer
  its ``values`` give the choice (``values: {down: 0, up: 1}``); ``dice`` and ``text``
  inputs are not names;
* ``let`` names (fixed whole numbers, worked out in order) shorten what outputs share;
* ``roll`` is the calculator's ``roll`` (a dice expression such as ``2d6``): the total
  when it is known (rolled with the ``seed``, or from the faces given in the ``dice``
  input), else its dice. An expression uses ``roll`` at most once, so its odds are
  exact either way.

What each output kind gives for its ``value``:

* ``int``: the number, ``bool``: whether it is not 0 (both must be fixed; ``None`` while
  they wait for an unknown ``roll``);
* ``fraction``: the chance that it is not 0 (of a comparison: of success), ``"n/d"``;
* ``distribution``: its exact distribution, ``[[outcome, "n/d"], ...]``;
* ``number`` or ``text`` with ``stat: mean``: its mean, as a number (two decimals at
  most) or as ``"n/d (decimal)"``; without ``stat``, a fixed value like ``int``.

The package's modules: :mod:`.spec` (the kinds, the reserved names, :data:`EXAMPLE`),
:mod:`.checks` (:func:`problems`) and :mod:`.compute` (:func:`build` and the computing).

>>> calc = build(EXAMPLE)
>>> calc.compute(**{"load": 3, "tolerance": 10, "seed": None})["p_incapacitated"]
'5/12'
>>> calc.compute(load=3, tolerance=10, seed=1)["rolled"]
[2, 5]
"""

from __future__ import annotations

from .checks import problems, warnings
from .compute import build
from .spec import EXAMPLE

__all__ = ["EXAMPLE", "build", "problems", "warnings"]
