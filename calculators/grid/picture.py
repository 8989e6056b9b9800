"""A small picture of the grid as a calculator output (kind ``grid``), and its HTML.

The value is JSON: a caption, the column numbers (``x``, west to east) and one row per
``y`` from north to south, each with its cells' marks and which of them are shaded; a
legend says what each mark and the shading mean. :func:`render_grid` draws it as a table
(:mod:`calculators.present` calls it for every ``grid`` output, at build time and in the
browser alike); :func:`picture_text` writes it as lines of characters, for doctests, tests
and print.

>>> from calculators.grid.geometry import ORIGIN, within
>>> p = picture({ORIGIN: "@"}, within(ORIGIN, 1), "Aura 1", "in the Aura", [("@", "you")])
>>> print(picture_text(p))
###
#@#
###
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from ..format import signed
from .geometry import Square

EMPTY = "."
"""The mark of a square with nothing on it."""

MAX_SIDE = 41
"""The most columns or rows a picture draws."""


def _span(values: list[int], margin: int) -> tuple[int, int]:
    """The lowest and highest number a frame shows: all ``values`` and ``margin`` more on
    each side, or, when that is more than :data:`MAX_SIDE`, that many around their middle."""
    low, high = min(values) - margin, max(values) + margin
    if high - low < MAX_SIDE:
        return low, high
    low = (min(values) + max(values)) // 2 - MAX_SIDE // 2
    return low, low + MAX_SIDE - 1


def picture(
    marks: Mapping[Square, str],
    shaded: Iterable[Square],
    caption: str,
    shaded_means: str,
    legend: Sequence[tuple[str, str]],
    margin: int = 0,
    frame: Iterable[Square] | None = None,
) -> dict[str, Any]:
    """The picture of ``marks`` (a short mark per square) over the ``shaded`` squares.

    It shows the squares of ``frame`` (the marked and shaded ones unless given) and
    ``margin`` squares more on every side, at most :data:`MAX_SIDE` squares on a side (a
    larger frame is cut around its middle and the caption says so).

    >>> p = picture({Square(0, 0): "@", Square(2, 1): "1"}, [], "Two", "", [("@", "you")])
    >>> p["columns"], [row["y"] for row in p["rows"]], p["rows"][0]["cells"]
    ([0, 1, 2], [1, 0], ['.', '.', '1'])
    >>> len(picture({}, [Square(0, 0), Square(99, 0)], "Wide", "", [])["columns"]) == MAX_SIDE
    True
    """
    shade = frozenset(shaded)
    shown = list(frame) if frame is not None else [*marks, *shade]
    shown = shown or [Square(0, 0)]
    low_x, high_x = _span([s.x for s in shown], margin)
    low_y, high_y = _span([s.y for s in shown], margin)
    full_x = max(s.x for s in shown) - min(s.x for s in shown) + 2 * margin + 1
    full_y = max(s.y for s in shown) - min(s.y for s in shown) + 2 * margin + 1
    if max(full_x, full_y) > MAX_SIDE:
        caption += f" (the middle {MAX_SIDE} squares)"
    columns = list(range(low_x, high_x + 1))
    rows = [
        {
            "y": y,
            "cells": [marks.get(Square(x, y), EMPTY) for x in columns],
            "shaded": [Square(x, y) in shade for x in columns],
        }
        for y in range(high_y, low_y - 1, -1)
    ]
    return {
        "caption": caption,
        "shaded_means": shaded_means,
        "columns": columns,
        "rows": rows,
        "legend": [list(item) for item in legend],
    }


def picture_text(value: Mapping[str, Any]) -> str:
    """The picture as lines of characters, north at the top: each mark, else ``#`` on a
    shaded square and ``.`` on an empty one (a mark longer than one character is cut).

    >>> print(picture_text(picture({Square(0, 0): "@"}, [Square(1, 0)], "", "", [])))
    @#
    """
    lines = []
    for row in value["rows"]:
        chars = [
            cell[0] if cell != EMPTY else "#" if shaded else EMPTY
            for cell, shaded in zip(row["cells"], row["shaded"], strict=True)
        ]
        lines.append("".join(chars))
    return "\n".join(lines)


def render_grid(value: Mapping[str, Any], label: str) -> str:
    """The picture as an HTML table: a header row of ``x``, a header cell of ``y`` on each
    row, shaded squares marked for screen readers too, then the legend. Every value is
    escaped.

    >>> html = render_grid(picture({Square(0, 0): "@"}, [Square(1, 0)], "Cap", "hit",
    ...                            [("@", "you")]), "Area")
    >>> "<caption>Area: Cap</caption>" in html, html.count("rb-grid-in"), "<b>@</b> you" in html
    (True, 2, True)
    """
    means = str(value.get("shaded_means") or "")
    head = "".join(f"<th scope='col'>{escape(signed(x))}</th>" for x in value["columns"])
    body = []
    for row in value["rows"]:
        cells = []
        for cell, shaded in zip(row["cells"], row["shaded"], strict=True):
            text = "" if cell == EMPTY else escape(str(cell))
            if shaded:
                note = f"<span class='rb-sr'> ({escape(means)})</span>" if means else ""
                cells.append(f"<td class='rb-grid-in'>{text}{note}</td>")
            else:
                cells.append(f"<td>{text}</td>")
        body.append(f"<tr><th scope='row'>{escape(signed(row['y']))}</th>{''.join(cells)}</tr>")
    keys = []
    if means and any(any(row["shaded"]) for row in value["rows"]):
        keys.append(f"<li><span class='rb-grid-key rb-grid-in'></span> {escape(means)}</li>")
    keys.extend(
        f"<li><b>{escape(str(mark))}</b> {escape(str(text))}</li>" for mark, text in value["legend"]
    )
    caption = f"{label}: {value['caption']}" if value.get("caption") else label
    return (
        # Focusable, so that a keyboard can scroll a picture wider than the page.
        f"<figure class='rb-grid'><div class='rb-grid-scroll' tabindex='0' role='group' "
        f"aria-label='{escape(label)}'><table class='rb-grid-table'>"
        f"<caption>{escape(caption)}</caption>"
        f"<thead><tr><td class='rb-grid-corner'>y \\ x</td>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
        f"<figcaption><ul class='rb-grid-legend'>{''.join(keys)}</ul></figcaption></figure>"
    )
