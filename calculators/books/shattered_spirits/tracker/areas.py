"""Who is in an Area, in the Shattered Spirits tracker (seed ``000_…`` L83-88): the GM
picks a shape (Arc, Blast, Burst, Cone, Line), its value X, the space it is aimed at and,
for an Arc, a Cone or a Line, the directions the book asks for; the action checks the
aimed space is within the Technique's Range of the attacker ('Pick a space within Range',
measured as Check an Attack's reach measures, L79) and names every creature standing on a
targeted space: one Attack Roll applies to each (L83). The shapes follow the grid
calculators (:mod:`calculators.books.shattered_spirits.grid`) and their assumption
entries, each a setting the GM may change (:data:`SETTINGS`; the calculators take them as
inputs) and cited in the event of the shape that follows it.

>>> from calculators.tracker import encounter
>>> import calculators.books.shattered_spirits.tracker as s
>>> st = encounter.blank(s)
>>> for c in ({"name": "Kira", "x": 0, "y": 0}, {"name": "Wolf", "side": "enemies", "x": 4,
...           "y": 2}, {"name": "Ash", "side": "enemies", "x": 6, "y": 1}):
...     st, _ = encounter.act(s, st, {"op": "add", "creature": c})
>>> st, ev = encounter.act(s, st, {"op": "area", "id": "c1", "shape": "blast", "size": 1,
...                                "x": 3, "y": 1, "range_kind": "ranged", "max_range": 5})
>>> ev[0]["text"]
'Kira aims Blast 1 at (3, 1), 3 squares away (Range 5): within reach.'
>>> ev[1]["text"]
'Blast 1: 9 spaces; in it: Wolf (4, 2). One Attack Roll applies to each creature in it (L83).'
>>> [c["name"] for c in ev[1]["area"]["creatures"]], ev[1]["assumptions"]
(['Wolf'], ['shattered_spirits.area_measure'])
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....format import plural
from ....grid.geometry import DIRECTION, MEASURES, Square, line, within
from ....grid.triangle import cone
from ....tracker import positions
from ....tracker.context import Ctx
from ..grid import (
    A_ADJACENT,
    A_ARC,
    A_AREA_MEASURE,
    A_CONE_DIRECTIONS,
    A_CONE_SPACES,
    A_LINE,
    ARC_WITH_PICKED,
    AREA_MEASURE,
    CONE_DIRECTIONS,
    CONE_SPACES,
    DIAGONALS,
    LINE_FROM_PICKED,
    MEASURE,
    arc_directions,
    cone_way,
    reach_words,
    reachable,
)

RULE = "shattered_spirits.tracker_area"

SHAPES = {
    "arc": ("Arc", "shattered_spirits.arc", (A_ARC, A_ADJACENT)),
    "blast": ("Blast", "shattered_spirits.blast", (A_AREA_MEASURE,)),
    "burst": ("Burst", "shattered_spirits.burst", (A_AREA_MEASURE,)),
    "cone": ("Cone", "shattered_spirits.cone", (A_CONE_DIRECTIONS, A_CONE_SPACES)),
    "line": ("Line", "shattered_spirits.line", (A_LINE,)),
}
"""Each shape: its name, the entry that states it and the assumptions it follows."""

LINES = {"arc": 84, "blast": 85, "burst": 86, "cone": 87, "line": 88}
"""The seed's line of each shape."""


def _rule(shape: str) -> str:
    return f"{RULE}_{shape}"


def _arc(picked: Square, text: str, diagonals: bool, with_picked: bool) -> frozenset[Square]:
    chosen = frozenset(picked.moved(d) for d in arc_directions(text, diagonals))
    return chosen | ({picked} if with_picked else frozenset())


def squares_of(
    shape: str,
    picked: Square,
    size: int,
    direction: str,
    arc: str,
    *,
    diagonals: bool = DIAGONALS,
    measure: str = AREA_MEASURE,
    with_picked: bool = ARC_WITH_PICKED,
    from_picked: bool = LINE_FROM_PICKED,
    directions: str = CONE_DIRECTIONS,
    spaces: str = CONE_SPACES,
) -> frozenset[Square]:
    """The spaces an Area of ``shape`` aimed at ``picked`` targets, by the readings of the
    assumptions (:data:`SHAPES`; the tracker passes its settings, their defaults otherwise).

    >>> len(squares_of("blast", Square(0, 0), 1, "N", "")), len(squares_of("burst",
    ...     Square(0, 0), 1, "N", "")), len(squares_of("arc", Square(0, 0), 0, "N", "N,E,S"))
    (9, 8, 4)
    >>> sorted(squares_of("line", Square(1, 0), 2, "E", ""))
    [Square(x=1, y=0), Square(x=2, y=0)]
    >>> len(squares_of("cone", Square(1, 0), 3, "E", "")), len(squares_of("cone",
    ...     Square(1, 0), 3, "E", "", spaces="touch"))
    (5, 10)
    """
    if shape == "arc":
        return _arc(picked, arc, diagonals, with_picked)
    if shape in ("blast", "burst"):
        area = within(picked, size, MEASURES[measure])
        return area if shape == "blast" else area - {picked}
    if size < 1:
        raise InputError(
            "size",
            f"A {SHAPES[shape][0]} is at least 1 space long: give X of 1 "
            "or more.",
        )
    if shape == "line":
        return frozenset(line(picked, DIRECTION[direction], size, from_picked))
    return frozenset(cone(picked, cone_way(direction, directions), size, spaces))


def _aim(ctx: Ctx, cid: str, picked: Square, values: dict[str, Any]) -> dict[str, Any]:
    """Whether ``picked`` is within reach of the attacker; the data, or a refusal."""
    me = ctx.name(cid)
    mine = positions.where(ctx.state["creatures"][cid])
    if mine is None:
        raise InputError(
            "id",
            f"{me} has no square, so the Area cannot be aimed from it: Move {me} onto a "
            "square first, then try again.",
        )
    kind, reach = values["range_kind"], values["max_range"]
    offset = Square(picked.x - mine.x, picked.y - mine.y)
    d = MEASURE.distance(mine, picked)
    diagonals = bool(ctx.setting(A_ADJACENT))
    if not reachable(offset, kind, reach, diagonals):
        raise InputError(
            "x",
            f"{picked} is {plural(d, 'square')} from {me}, out of reach "
            f"({reach_words(kind, reach, diagonals)}): aim at a space within reach, or move "
            f"{me} first.",
        )
    return {"distance": d, "range": reach if kind == "ranged" else kind, "range_kind": kind,
            "measure": MEASURE.measure, "cite": MEASURE.cite()}


def _area(ctx: Ctx, values: dict[str, Any]) -> None:
    cid, shape, size = values["id"], values["shape"], values["size"]
    picked = Square(values["x"], values["y"])
    name, source, follows = SHAPES[shape]
    title = name if shape == "arc" else f"{name} {size}"
    reach = _aim(ctx, cid, picked, values)
    area = squares_of(
        shape, picked, size, values["direction"], values["arc"],
        diagonals=bool(ctx.setting(A_ADJACENT)), measure=ctx.setting(A_AREA_MEASURE),
        with_picked=bool(ctx.setting(A_ARC)), from_picked=bool(ctx.setting(A_LINE)),
        directions=ctx.setting(A_CONE_DIRECTIONS), spaces=ctx.setting(A_CONE_SPACES),
    )
    inside = [
        (str(c["id"]), str(c["name"]), there)
        for c in ctx.state["creatures"].values()
        if (there := positions.where(c)) is not None and there in area
    ]
    how = {"arc": f" ({values['arc'].strip()})", "line": f" to the {values['direction']}",
           "cone": f" pointing {values['direction']}"}.get(shape, "")
    where = (f"{plural(reach['distance'], 'square')} away (Range {reach['range']})"
             if reach["range_kind"] == "ranged" else reach["range_kind"].capitalize())
    names = ", ".join(f"{n} {s}" for _, n, s in inside) or "no creature"
    ctx.say(f"{ctx.name(cid)} aims {title}{how} at {picked}, {where}: within reach.", RULE,
            cid, reach=reach)
    text = f"{title}: {plural(len(area), 'space')}; in it: {names}."
    if inside:
        text += " One Attack Roll applies to each creature in it (L83)."
    data = {
        "shape": name,
        "value": None if shape == "arc" else size,
        "aimed": {"x": picked.x, "y": picked.y},
        "direction": values["direction"] if shape in ("cone", "line") else None,
        "arc": values["arc"].strip() if shape == "arc" else None,
        "squares": [{"x": s.x, "y": s.y} for s in sorted(area)],
        "creatures": [{"id": i, "name": n, "x": s.x, "y": s.y} for i, n, s in inside],
        "source": source,
        "cite": f"000_d5674467426760d8.txt L{LINES[shape]}",
    }
    ctx.say(text, _rule(shape), cid, area=data)


HANDLERS = {"area": _area}

ADDED_SETTINGS = (A_AREA_MEASURE, A_ARC, A_LINE, A_CONE_DIRECTIONS, A_CONE_SPACES)
"""Settings added after saves were made (the Areas'): an old save gets their defaults."""

__all__ = ["ADDED_SETTINGS", "HANDLERS", "SHAPES", "squares_of"]
