"""A calculator result as accessible HTML: one renderer for build time and the browser.

The page's prerendered result (built by ``macros/``) and the live result
(rendered in the Pyodide worker) both come from :func:`render_result`, so
they cannot disagree. Every value is escaped.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from .declare import Calculator, Output
from .grid.picture import render_grid


def percent(fraction: str) -> str:
    """A ``"n/d"`` probability as a short percentage.

    >>> percent("287/432"), percent("1/1"), percent("1/60466176")
    ('66.4%', '100%', '<0.1%')
    """
    return _percent(Fraction(fraction))


def _percent(probability: Fraction) -> str:
    """``percent`` of a Fraction already parsed (a distribution's rows: no string parsing).

    >>> _percent(Fraction(1, 3))
    '33.3%'
    """
    value = probability * 100
    if value == 0:
        return "0%"
    if value < Fraction(1, 10):
        return "<0.1%"
    text = f"{float(value):.1f}".removesuffix(".0")
    return f"{text}%"


def _scalar(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return escape(str(value))


def _map(value: dict[str, Any]) -> str:
    rows = "".join(
        f"<tr><th scope='row'>{escape(str(k))}</th><td>{_value(v)}</td></tr>"
        for k, v in value.items()
    )
    return f"<table class='rb-map'><tbody>{rows}</tbody></table>"


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return _map(value)
    if isinstance(value, list):
        if not value:
            return "none"
        return "<ul>" + "".join(f"<li>{_value(v)}</li>" for v in value) + "</ul>"
    return _scalar(value)


#: A distribution with more outcomes than this is drawn as one SVG path, not a bar element
#: (and its label) per outcome: hundreds of bars are too thin to read or point at anyway.
DENSE_BARS = 60


def _dense_chart(pairs: list[list[Any]], probs: list[Fraction], top: Fraction) -> str:
    """A bar chart of many outcomes as one path, labelled at its ends and middle.

    >>> html = _dense_chart([[1, "1/2"], [2, "1/2"]], [Fraction(1, 2)] * 2, Fraction(1, 2))
    >>> "<path d='M0 100V0h1V100ZM1 100V0h1V100Z'" in html, html.count("<span")
    (True, 3)
    """
    bars = "".join(
        f"M{i} 100V{100 - float(p / top * 100) if top else 100:.4g}h1V100Z"
        for i, p in enumerate(probs)
    )
    ends = [pairs[0][0], pairs[len(pairs) // 2][0], pairs[-1][0]]
    labels = "".join(f"<span>{escape(str(outcome))}</span>" for outcome in ends)
    return (
        "<div class='rb-chart rb-chart--dense' aria-hidden='true'>"
        f"<svg viewBox='0 0 {len(pairs)} 100' preserveAspectRatio='none' focusable='false'>"
        f"<path d='{bars}'/></svg><div class='rb-chart-x'>{labels}</div></div>"
    )


#: A folded table with more rows than this keeps them in a ``<template>`` (not part of the
#: page until the reader opens the table: ``assets/calculator.js`` puts them in place), so
#: a long distribution does not add thousands of elements to lay out and style.
LAZY_ROWS = 30


def _rows(rows: list[str], open_table: bool) -> str:
    """The table's rows, held in a template when folded and long.

    >>> _rows(["<tr></tr>"] * 2, False)
    '<tr></tr><tr></tr>'
    >>> _rows(["<tr></tr>"] * 31, False).startswith("<template class='rb-rows'><tr>")
    True
    """
    body = "".join(rows)
    if open_table or len(rows) <= LAZY_ROWS:
        return body
    return f"<template class='rb-rows'>{body}</template>"


#: A grid with more squares than this is folded like a long table: a range picture of a
#: dozen squares a side is hundreds of cells to style and lay out.
LAZY_SQUARES = 100


def _fold(label: str, body: str, open_table: bool) -> str:
    """A long output folded under its label, its body in a ``<template>`` until opened.

    ``open_table`` (print) shows it as it is.

    >>> print(_fold("Skills", "<table></table>", False).replace("><", ">\\n<"))
    <details class='rb-fold'>
    <summary>Show: Skills</summary>
    <template class='rb-rows'>
    <table>
    </table>
    </template>
    </details>
    >>> _fold("Skills", "<table></table>", True)
    '<table></table>'
    """
    if open_table:
        return body
    return (
        f"<details class='rb-fold'><summary>Show: {escape(label)}</summary>"
        f"<template class='rb-rows'>{body}</template></details>"
    )


def render_distribution(
    pairs: list[list[Any]], label: str, uid: str, open_table: bool = False
) -> str:
    """An exact distribution as a bar chart (hidden from screen readers) plus a table.

    The table is folded away unless ``open_table`` (for print).

    >>> html = render_distribution([[0, "1/2"], [1, "1/2"]], "Coin", "c")
    >>> "P(≥x)" in html and "50%" in html
    True
    """
    if not pairs:
        return "<p>No outcomes.</p>"
    probs = [Fraction(p) for _, p in pairs]
    top = max(probs)
    bars = []
    rows = []
    at_least = Fraction(1)
    dense = len(pairs) > DENSE_BARS
    for (outcome, p), value in zip(pairs, probs, strict=True):
        name = escape(str(outcome))
        share = _percent(value)  # digits and "<%.": nothing to escape
        if not dense:
            height = float(value / top * 100) if top else 0
            bars.append(
                f"<span class='rb-bar' style='--h:{height:.1f}%'"
                f" data-tip='{name}: {escape(share)}'>"
                f"<span class='rb-bar-x'>{name}</span></span>"
            )
        rows.append(
            f"<tr><th scope='row'>{name}</th><td>{escape(p)}</td>"
            f"<td>{escape(share)}</td><td>{at_least.numerator}/{at_least.denominator}</td>"
            f"<td>{escape(_percent(at_least))}</td></tr>"
        )
        at_least -= value
    chart = (
        _dense_chart(pairs, probs, top)
        if dense
        else f"<div class='rb-chart' aria-hidden='true'>{''.join(bars)}</div>"
    )
    table = (
        f"<details class='rb-dist-table'{' open' if open_table else ''}>"
        f"<summary>Table: {escape(label)}</summary>"
        f"<table><caption class='rb-sr'>{escape(label)}</caption><thead><tr>"
        "<th scope='col'>x</th><th scope='col'>P(=x)</th><th scope='col'>%</th>"
        "<th scope='col'>P(≥x)</th><th scope='col'>%</th></tr></thead>"
        f"<tbody>{_rows(rows, open_table)}</tbody></table></details>"
    )
    return f"<figure class='rb-dist' id='{escape(uid)}'>{chart}{table}</figure>"


def render_output(output: Output, value: Any, uid: str, open_tables: bool = False) -> str:
    """One output: label and value, formatted by the output's kind.

    ``open_tables`` unfolds a distribution's table (for print).

    >>> html = render_output(Output("p", "Success", "fraction"), "1/4", "x")
    >>> "<dt>Success</dt><dd><strong>1/4</strong> (25%)</dd>" in html
    True
    """
    if output.kind == "fraction" and isinstance(value, str):
        shown = f"<strong>{escape(value)}</strong> ({escape(percent(value))})"
    elif output.kind == "distribution" and isinstance(value, list):
        shown = render_distribution(value, output.label, f"{uid}-{output.name}", open_tables)
    elif output.kind == "grid" and isinstance(value, dict):
        squares = sum(len(row["cells"]) for row in value["rows"])
        shown = render_grid(value, output.label)
        if squares > LAZY_SQUARES:
            shown = _fold(output.label, shown, open_tables)
    elif output.kind == "map" and isinstance(value, dict) and len(value) > LAZY_ROWS:
        shown = _fold(output.label, _map(value), open_tables)
    elif output.kind in ("int", "number", "text", "bool"):
        shown = f"<strong>{_scalar(value)}</strong>"
        if output.unit and value is not None:
            shown += f" {escape(output.unit)}"
    else:
        shown = _value(value)
    return (
        f"<div class='rb-out rb-out-{output.kind}' data-output='{escape(output.name)}'>"
        f"<dt>{escape(output.label)}</dt><dd>{shown}</dd></div>"
    )


def render_result(
    calc: Calculator, result: dict[str, Any], uid: str = "r", open_tables: bool = False
) -> str:
    """The whole result: every declared output, then the dice rolled and the breakdown.

    ``open_tables`` unfolds distribution tables (for print).

    Outputs that are ``None`` (not applicable, such as the roll when no dice were
    given and the exact distribution is shown instead) are left out.

    >>> from calculators.declare import CALC
    >>> render_result(CALC, {"double": 4}).count("<strong>4</strong>")
    1
    """
    parts = []
    for output in calc.outputs:
        if result.get(output.name) is not None:  # absent or not applicable: not shown
            parts.append(render_output(output, result[output.name], uid, open_tables))
    html = f"<dl class='rb-outputs'>{''.join(parts)}</dl>"
    rolled = result.get("rolled")
    if rolled:
        html += f"<p class='rb-rolled'>Dice rolled: {_value(rolled)}</p>"
    breakdown = result.get("breakdown")
    if breakdown:
        items = breakdown.values() if isinstance(breakdown, dict) else breakdown
        html += (
            "<details class='rb-breakdown' open><summary>How this is worked out</summary><ul>"
            + "".join(f"<li>{escape(str(line))}</li>" for line in items)
            + "</ul></details>"
        )
    return html
