"""Creatures on the grid, where a GM wants it: an optional square (``x`` east, ``y``
north) on a creature, a **Move** action, and the check an action that needs range makes
with its book's measure (:class:`~calculators.grid.geometry.BookMeasure`).

A book that plays on squares adds :data:`FIELDS` to its ``CREATURE``, :func:`move_action`
to its ``ACTIONS`` and :func:`move` to its ``HANDLERS``, and calls :func:`check_reach` in
an action that names a target and has a range. Positions stay optional: a creature without
one (any creature of an encounter saved before positions) is never refused for range, and
the engine loads a creature without the keys (:data:`KEYS`).

>>> from calculators.grid.geometry import BookMeasure
>>> m = BookMeasure("demo", "greater", "000_demo.txt", 1, "the greater difference")
>>> state = {"creatures": {"c1": {"name": "Kira", "x": 0, "y": 0},
...                        "c2": {"name": "Wolf", "x": 5, "y": -2}, "c3": {"name": "Ash"}}}
>>> distance(m, state["creatures"]["c1"], state["creatures"]["c2"])
5
>>> distance(m, state["creatures"]["c1"], state["creatures"]["c3"]) is None
True
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..grid.geometry import BookMeasure, Square
from .context import Ctx
from .spec import Action, Field

LIMIT = 999
"""The furthest square from (0, 0) a creature may stand on, either way."""

KEYS = ("x", "y")
"""A creature's position; both absent or ``None`` when it has none."""

FIELDS = (
    Field("x", "Square east (x)", "int", None, low=-LIMIT, high=LIMIT, optional=True,
          help="Optional: where it stands, for range checks (negative: west)."),
    Field("y", "Square north (y)", "int", None, low=-LIMIT, high=LIMIT, optional=True,
          help="Optional (negative: south)."),
)
"""The add form's optional position (the GM may also set either by hand)."""


def move_action(rule: str, op: str = "move", label: str = "Move") -> Action:
    """The **Move** action of a book whose rule ``rule`` says how creatures move (``op``
    and ``label`` another name where the book has a Move of its own).

    >>> move_action("demo.movement").fields[0].optional
    False
    """
    fields = tuple(f._replace(default=0, optional=False, help="") for f in FIELDS)
    return Action(op, label, "creature", fields, rule,
                  help="Put the creature on a square (x east, y north).")


def where(creature: dict[str, Any]) -> Square | None:
    """The creature's square, or ``None`` when it has no position.

    >>> where({"x": 2, "y": -1}), where({"x": 2}), where({})
    (Square(x=2, y=-1), None, None)
    """
    x, y = creature.get("x"), creature.get("y")
    return None if x is None or y is None else Square(x, y)


def distance(measure: BookMeasure, a: dict[str, Any], b: dict[str, Any]) -> int | None:
    """The distance between two creatures by ``measure``; ``None`` unless both have a
    position."""
    sa, sb = where(a), where(b)
    return None if sa is None or sb is None else measure.distance(sa, sb)


def move(ctx: Ctx, values: dict[str, Any], rule: str) -> None:
    """Put creature ``values["id"]`` on square ``values["x"]``, ``values["y"]``; the event
    says how far it went, where it had a position, by the book's rule ``rule``."""
    creature = ctx.creature(values["id"])
    before = where(creature)
    creature["x"], creature["y"] = values["x"], values["y"]
    now = Square(values["x"], values["y"])
    text = f"{creature['name']} moves to {now}"
    data: dict[str, Any] = {"position": {"x": now.x, "y": now.y}}
    if before is not None:
        text += f" from {before}"
        data["from"] = {"x": before.x, "y": before.y}
    ctx.say(text + ".", rule, creature["id"], **data)


def by_name(ctx: Ctx, name: str, field: str) -> str:
    """The id of the creature called ``name`` (case and spaces aside).

    >>> ctx = Ctx({"round": 0, "creatures": {"c1": {"id": "c1", "name": "Wolf"}}}, None)
    >>> by_name(ctx, " wolf", "target")
    'c1'
    """
    wanted = name.strip().casefold()
    for cid, creature in ctx.state["creatures"].items():
        if str(creature["name"]).strip().casefold() == wanted:
            return str(cid)
    raise InputError(field, f"No creature is called {name.strip()!r}: give a name on a card.")


def check_reach(
    ctx: Ctx,
    measure: BookMeasure,
    actor: str,
    target: str,
    reach: int,
    what: str,
    field: str = "range",
) -> dict[str, Any] | None:
    """Whether creature ``actor`` reaches ``target`` at a distance of ``reach`` or less:
    ``None`` when either has no position (nothing is checked), else the data an event
    records (``distance``, ``range``, the ``measure`` and the line that states it); out of
    range it refuses, saying what to do.

    >>> from calculators.grid.geometry import BookMeasure
    >>> m = BookMeasure("demo", "greater", "000_demo.txt", 1, "the greater difference")
    >>> kira = {"id": "c1", "name": "Kira", "x": 0, "y": 0}
    >>> wolf = {"id": "c2", "name": "Wolf", "x": 5, "y": 1}
    >>> ctx = Ctx({"round": 1, "creatures": {"c1": kira, "c2": wolf}}, 1)
    >>> check_reach(ctx, m, "c1", "c2", 5, "the Attack")["distance"]
    5
    >>> check_reach(ctx, m, "c1", "c2", 3, "the Attack")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: range: Wolf is 5 squares from Kira; the range of the \
Attack is 3: move closer first (or move Wolf), then try again.
    """
    creatures = ctx.state["creatures"]
    a, b = creatures[actor], creatures[target]
    d = distance(measure, a, b)
    if d is None:
        return None
    if d > reach:
        raise InputError(
            field,
            f"{b['name']} is {d} squares from {a['name']}; the range of {what} is {reach}: "
            f"move closer first (or move {b['name']}), then try again.",
        )
    return {"distance": d, "range": reach, "measure": measure.measure, "cite": measure.cite()}


def card_number(creature: dict[str, Any]) -> tuple[str, str, str] | None:
    """The card's line for the creature's square, or ``None`` without a position.

    >>> card_number({"x": 3, "y": -2})
    ('Square', '(3, −2)', 'x east, y north')
    """
    square = where(creature)
    return None if square is None else ("Square", str(square), "x east, y north")
