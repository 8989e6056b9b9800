"""Render a calculator's form and prerendered result from its declaration."""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from itertools import groupby
from typing import Any

import calculators
from calculators.declare import Calculator, Input
from calculators.present import render_result

from ..load.rulesdata import Entry, RulesData
from .urls import anchor, dom_id, site_href
from .urls import page_url as page_url  # where it was first defined


def control_attrs(fid: str, name: str, helped: bool) -> str:
    """A field's control attributes: its id, its form name, and what describes it.

    >>> control_attrs("c-n", "n", False)
    "id='c-n' name='n' aria-describedby='c-n-error'"
    """
    described = f"{fid}-help {fid}-error" if helped else f"{fid}-error"
    return f"id='{fid}' name='{escape(name)}' aria-describedby='{described}'"


def library_slot(noun: str) -> str:
    """The place of a builder's or tracker's saved-work library (keeper.js fills it), in the
    page as built so nothing below it moves when the library is set up; shown only with
    JavaScript (rulebinder.css), printed never.

    >>> library_slot("character")[-70:]
    'data-search-exclude><summary>Your saved characters</summary></details>'
    """
    return (
        f"<details class='rb-library' data-search-exclude><summary>Your saved {noun}s</summary>"
        "</details>"
    )


def field_shell(fid: str, kind: str, label: str, control: str, help_text: str) -> str:
    """A labelled control (``label`` is HTML) with its help line and its error slot.

    No empty help line and no element a field does not show: a form put in place is laid
    out while the reader waits (the character calculator's went from 200 elements to 124,
    a builder's 150 fields are four elements each), so it carries what it shows. The
    calculators' forms and the builders' (:mod:`.builder_page`) are both made here.

    >>> shell = field_shell("c-n", "rb-field-int", "N", "<input>", "")
    >>> shell.startswith("<div class='rb-field rb-field-int'><label for='c-n'>N</label><input>")
    True
    >>> "rb-help" in shell, "rb-help" in field_shell("c-n", "k", "N", "<input>", "Why")
    (False, True)
    """
    helped = f"<small class='rb-help' id='{fid}-help'>{escape(help_text)}</small>"
    return (
        f"<div class='rb-field {kind}'><label for='{fid}'>{label}</label>{control}"
        f"{helped if help_text else ''}"
        f"<span class='rb-error' id='{fid}-error' role='alert'></span></div>"
    )


def _field(calc: Calculator, spec: Input, uid: str) -> str:
    fid = f"{uid}-{spec.name}"
    common = control_attrs(fid, spec.name, bool(spec.help))
    default = "" if spec.default is None else spec.default
    if spec.kind == "bool":
        checked = " checked" if spec.default else ""
        control = f"<input type='checkbox' {common} value='true'{checked}>"
    elif spec.kind == "choice":
        options = "".join(
            f"<option value='{escape(c)}'{' selected' if c == spec.default else ''}>"
            f"{escape(c.replace('_', ' '))}</option>"
            for c in spec.choices
        )
        control = f"<select {common}>{options}</select>"
    elif spec.kind == "int":
        bounds = "".join(
            f" {attr}='{value}'"
            for attr, value in (("min", spec.min), ("max", spec.max))
            if value is not None
        )
        control = (
            f"<input type='number' inputmode='numeric' step='1'{bounds} {common} "
            f"value='{escape(str(default))}'>"
        )
    else:
        hint = " placeholder='e.g. 3,4,6' pattern='[0-9, ]*'" if spec.kind == "dice" else ""
        control = (
            f"<input type='text' autocomplete='off' spellcheck='false'{hint} {common} "
            f"value='{escape(str(default))}'>"
        )
    if spec.unit:
        unit = f" <span class='rb-unit'>{escape(spec.unit)}</span>"
        control = f"<span class='rb-control'>{control}{unit}</span>"
    return field_shell(fid, f"rb-field-{spec.kind}", escape(spec.label), control, spec.help)


def group_runs(inputs: tuple[Input, ...]) -> list[tuple[str, list[Input]]]:
    """Consecutive inputs of one ``group``, in declaration order, with the group's name.

    >>> runs = group_runs((Input("a", "int", "A", 1), Input("b", "int", "B", 1, group="G"),
    ...                    Input("c", "int", "C", 1, group="G")))
    >>> [(group, [spec.name for spec in run]) for group, run in runs]
    [('', ['a']), ('G', ['b', 'c'])]
    """
    return [(group, list(run)) for group, run in groupby(inputs, key=lambda spec: spec.group)]


def _grouped_fields(calc: Calculator, uid: str) -> str:
    """Fields in declaration order; consecutive inputs of one ``group`` share a fieldset."""
    html = []
    for group, run in group_runs(calc.inputs):
        fields = "".join(_field(calc, spec, uid) for spec in run)
        if group:
            html.append(
                f"<fieldset class='rb-group'><legend>{escape(group)}</legend>"
                f"<div class='rb-fields'>{fields}</div></fieldset>"
            )
        else:
            html.append(f"<div class='rb-fields'>{fields}</div>")
    return "".join(html)


def _assumptions(
    calc: Calculator, data: RulesData, doc: str, home: Callable[[Entry], str] | None = None
) -> str:
    """Links to the assumptions a calculator uses, on ``home(entry)`` (their own pages)."""
    seen = calc.assumptions_used()
    if not seen:
        return ""
    links = []
    for entry_id in seen:
        entry = data.entry(entry_id)
        target = home(entry) if home else f"{entry.system}/{entry.page}.md"
        url = site_href(target, anchor(entry.id), doc)
        links.append(f"<li><a href='{escape(url)}'>{escape(entry.name)}</a></li>")
    return (
        "<div class='rb-assumptions'><p>Assumptions this calculator uses "
        "(the rulebook does not say):</p><ul>" + "".join(links) + "</ul></div>"
    )


def render_calculator(calc_id: str, data: RulesData, doc: str, level: int = 3) -> str:
    """The HTML of one calculator: form, status line and the default result.

    ``level`` is its heading's: 2 where it sits right under the page's title.

    The default result is computed now, at build time, by the same Python the
    browser runs, so the page is complete without JavaScript.
    """
    calc = calculators.get(calc_id)
    uid = dom_id(calc_id)
    result = calculators.run(calc_id, {})
    declaration: dict[str, Any] = {
        "id": calc.id,
        "rolls": calc.rolls,
        "inputs": [{"name": i.name, "kind": i.kind, "default": i.default} for i in calc.inputs],
    }
    fields = _grouped_fields(calc, uid)
    roll = ""
    if calc.rolls:
        seed = Input(
            "seed",
            "text",
            "Seed",
            None,
            optional=True,
            help="Roll fills this in; the same seed replays the same roll.",
        )
        roll = (
            f"<div class='rb-roll'>{_field(calc, seed, uid)}"
            "<button type='button' class='md-button rb-roll-button' data-action='roll' disabled>"
            "Roll</button></div>"
        )
    help_text = f"<p class='rb-calc-help'>{escape(calc.help)}</p>" if calc.help else ""
    return (
        f"<section class='rb-calc' id='{uid}' data-calc='{escape(calc.id)}' data-state='static' "
        f"data-decl='{escape(json.dumps(declaration), quote=True)}' "
        f"aria-labelledby='{uid}-title'>"
        f"<h{level} id='{uid}-title' class='rb-calc-title'>Calculator: {escape(calc.title)}"
        f"</h{level}>{help_text}"
        f"{_folded_form(calc, fields + roll)}"
        f"<p class='rb-status' role='status' aria-live='polite'>Result for the default inputs, "
        f"computed when the site was built. <noscript>Turn on JavaScript to calculate with "
        f"other inputs.</noscript></p>"
        f"<progress class='rb-progress' max='1' hidden></progress>"
        f"<div class='rb-result' aria-live='polite' data-search-exclude>"
        f"{render_result(calc, result, uid)}</div>"
        f"<div class='rb-log' hidden><h4>Roll log</h4><ol></ol></div>"
        f"{_assumptions(calc, data, doc)}"
        "</section>"
    )


def _folded_form(calc: Calculator, fields: str) -> str:
    """The form, folded: the inputs used and a button, the form's controls in a template.

    A page of calculators is mostly form controls: laid out all at once, they held a
    phone's main thread for a second. The script in the calculator (``rbCalcInputs``,
    ``macros/theme/main.html``) puts the form in place at once for the calculator a
    link names (else a page's only one) and shows the button on the others;
    ``assets/calculator.js`` puts theirs in place before they come into view, or when
    the button is pressed. Without JavaScript the reader sees the inputs used.
    """
    form = (
        f"<form class='rb-calc-form' novalidate autocomplete='off'>{fields}"
        "<div class='rb-actions'><button type='reset' class='md-button'>Reset</button> "
        "<button type='button' class='md-button' data-action='share'>Copy link</button></div>"
        "</form>"
    )
    return (
        # data-search-exclude on elements holding no element of their own kind: the search
        # plugin's parser ends an exclusion at the first closing tag of its kind.
        "<div class='rb-calc-inputs'><div class='rb-inputs-folded'>"
        f"{_inputs_used(calc, ' data-search-exclude')}"
        "<button type='button' class='md-button rb-open-form' data-action='open' "
        "data-search-exclude hidden>Change the inputs</button></div>"
        f"<template class='rb-form' data-search-exclude>{form}</template></div>"
        "<script>window.rbCalcInputs && rbCalcInputs(document.currentScript)</script>"
    )


def input_value(spec: Input, value: Any) -> str:
    """An input's value as a reader would write it, with its unit.

    >>> input_value(Input("h", "int", "Horizontal", 3, unit="spaces"), 3)
    '3 spaces'
    >>> input_value(Input("m", "choice", "Mode", "a_b", choices=("a_b",)), "a_b")
    'a b'
    >>> input_value(Input("d", "dice", "Dice rolled", None, optional=True), None)
    'none'
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "":
        return "none"
    text = str(value).replace("_", " ") if spec.kind == "choice" else str(value)
    return f"{text} {spec.unit}" if spec.unit else text


def _inputs_used(calc: Calculator, attrs: str = "") -> str:
    """The default inputs as a list; consecutive inputs of one ``group`` share a line.

    ``attrs`` are more attributes for its ``<div>``.
    """
    items: list[str] = []
    for group, run in group_runs(calc.inputs):
        values = [f"{escape(s.label)}: {escape(input_value(s, s.default))}" for s in run]
        if group:
            items.append(f"<li>{escape(group)}: {'; '.join(values)}</li>")
        else:
            items.extend(f"<li>{value}</li>" for value in values)
    return (
        f"<div class='rb-print-inputs'{attrs}><p>Worked out for the default inputs:</p>"
        f"<ul>{''.join(items)}</ul></div>"
    )


def render_calculator_print(
    calc_id: str, data: RulesData, doc: str, home: Callable[[Entry], str] | None = None
) -> str:
    """A calculator for paper: the inputs used, the default result and its breakdown.

    No form, no controls and no ``data-calc`` attribute (so the page does not start
    the calculator engine); distribution tables are open. Assumption links go to
    ``home(entry)``.
    """
    calc = calculators.get(calc_id)
    uid = dom_id(calc_id)
    result = calculators.run(calc_id, {})
    help_text = f"<p class='rb-calc-help'>{escape(calc.help)}</p>" if calc.help else ""
    return (
        f"<section class='rb-calc-print' id='{uid}' aria-labelledby='{uid}-title'>"
        f"<h3 id='{uid}-title' class='rb-calc-title'>Calculator: {escape(calc.title)}</h3>"
        f"{help_text}{_inputs_used(calc)}"
        f"<div class='rb-result'>{render_result(calc, result, uid, open_tables=True)}</div>"
        f"{_assumptions(calc, data, doc, home)}"
        "</section>"
    )
