"""Render an encounter tracker page: the controls, an empty encounter, the rules it applies.

The rules live in the core (:mod:`calculators.tracker`); this module lays out the page,
links the rules to their entries and prerenders the empty encounter, so the page reads
without JavaScript. ``macros/assets/tracker.js`` makes it live.
"""

from __future__ import annotations

import json
from html import escape

from calculators import catalog
from calculators.builders import has_builder
from calculators.tracker import engine, history, other_rules
from calculators.tracker.present import add_form, render

from ..load.rulesdata import RulesData
from .builder_page import LINKED_KINDS, entry_links
from .forms import library_slot
from .urls import site_href

TRACKED_KINDS = (*LINKED_KINDS, "status", "attribute")
"""The kinds of entry a tracker's rules and events link to (statuses too)."""


def rules_table(data: RulesData, system: str, links: dict[str, str]) -> str:
    """Every rule the tracker applies: what it does and the rule it comes from, linked."""
    module = engine(system)
    rows = []
    for rule in module.RULES:
        source = data.entries[rule.source]
        href = links.get(rule.source, "#")
        follows = "".join(
            f"<br><small>Assumes: <a href='{escape(links.get(name, '#'))}'>"
            f"{escape(data.entries[name].name)}</a></small>"
            for name in rule.follows
        )
        rows.append(
            f"<tr><th scope='row'>{escape(rule.name)}</th><td>{escape(rule.does)}</td>"
            f"<td><a href='{escape(href)}'>{escape(source.name)}</a>{follows}</td></tr>"
        )
    for field in module.SETTINGS:
        entry = data.entries[field.name]
        rows.append(
            f"<tr><th scope='row'>{escape(field.label)}</th><td>A setting: the rulebook is "
            f"silent, so the tracker follows this assumption until the GM changes it.</td>"
            f"<td><a href='{escape(links.get(field.name, '#'))}'>{escape(entry.name)}</a>"
            "</td></tr>"
        )
    for name in getattr(module, "ASSUMPTIONS", ()):
        entry = data.entries[name]
        rows.append(
            "<tr><th scope='row'>Assumption</th><td>The rulebook is silent or unclear here; "
            "the tracker follows this reading.</td>"
            f"<td><a href='{escape(links.get(name, '#'))}'>{escape(entry.name)}</a></td></tr>"
        )
    return (
        "<table class='rb-tr-rules'><thead><tr><th scope='col'>Rule</th>"
        "<th scope='col'>What the tracker does</th><th scope='col'>Source</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def other_table(data: RulesData, system: str, links: dict[str, str]) -> str:
    """Every other rule of the book: what the tracker does with it (applied with another
    rule, or not applied, with the reason), and the calculator that applies it, if any."""
    by_rule = {c["rule"]: c["title"] for c in catalog() if c["system"] == system and c["rule"]}
    rows = []
    for how, ids in other_rules(system):
        for name in ids:
            entry = data.entries[name]
            calculator = by_rule.get(name)
            also = (
                f" The calculator <em>{escape(calculator)}</em> applies it." if calculator else ""
            )
            rows.append(
                f"<tr><th scope='row'><a href='{escape(links.get(name, '#'))}'>"
                f"{escape(entry.name)}</a></th><td>{escape(how)}{also}</td></tr>"
            )
    return (
        "<table class='rb-tr-other'><thead><tr><th scope='col'>Rule of the book</th>"
        "<th scope='col'>In the tracker</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def render_tracker(data: RulesData, system: str, doc: str) -> str:
    """The tracker page of ``system``."""
    module = engine(system)
    links = entry_links(data, system, doc, TRACKED_KINDS)
    blank = history.new(module)
    html = render(module, blank, links)
    uid = f"tracker-{system}"
    builder_button = ""
    if has_builder(system):
        href = site_href(f"{system}/builder.md", "", doc)
        builder_button = (
            "<button type='button' class='md-button' data-action='builder' disabled>"
            "Add my character from the builder</button>"
            "<button type='button' class='md-button' data-action='character-file' "
            f"aria-controls='{uid}-character' disabled>Add a character file</button>"
            f"<input type='file' id='{uid}-character' class='rb-import-file' tabindex='-1' "
            "aria-label='Add a character file' accept='application/json,.json' "
            "data-action='character-file' disabled>"
            f"<p class='rb-hint'>Characters come from the <a href='{escape(href)}'>character "
            "builder</a> of this browser, or from a file it exported.</p>"
        )
    return (
        f"<div class='rb-tracker' id='{uid}' data-tracker='{system}' data-state='static' "
        f"data-links='{escape(json.dumps(links, separators=(',', ':')), quote=True)}' "
        f"data-blank='{escape(json.dumps(blank), quote=True)}' data-search-exclude>"
        "<div class='rb-tr-controls' role='group' aria-label='Encounter'>"
        "<button type='button' class='md-button' data-action='undo' disabled>Undo</button>"
        "<button type='button' class='md-button' data-action='redo' disabled>Redo</button>"
        "<button type='button' class='md-button' data-action='share' disabled>Copy link</button>"
        "<button type='button' class='md-button' data-action='export' disabled>"
        "Export JSON</button>"
        f"<button type='button' class='md-button' data-action='import' "
        f"aria-controls='{uid}-import' disabled>Import JSON</button>"
        f"<input type='file' id='{uid}-import' class='rb-import-file' tabindex='-1' "
        "aria-label='Import JSON' accept='application/json,.json' data-action='import' disabled>"
        "<button type='button' class='md-button' data-action='new' disabled>"
        "New encounter</button></div>"
        f"<p class='rb-tr-status' id='{uid}-status' role='status' aria-live='polite'>"
        "An empty encounter, drawn when the site was built. <noscript>Turn on JavaScript to "
        "run an encounter here; without it, this page lists the rules the tracker applies."
        "</noscript></p>"
        "<progress class='rb-progress' max='1' hidden></progress>"
        f"{library_slot('encounter')}"
        f"<div class='rb-tr-toolbar'>{html['toolbar']}</div>"
        f"<div class='rb-tr-cards'>{html['cards']}</div>"
        f"<section class='rb-tr-adding' aria-labelledby='{uid}-add'>"
        f"<h2 id='{uid}-add'>Add a creature</h2>{add_form(module)}{builder_button}</section>"
        f"<section class='rb-tr-events' aria-labelledby='{uid}-log'>"
        f"<h2 id='{uid}-log'>Event log</h2><div class='rb-tr-log-body'>{html['log']}</div>"
        "</section>"
        f"<details class='rb-tr-settings'><summary>Settings: where the rulebook is silent"
        f"</summary><div class='rb-tr-settings-body'>{html['settings']}</div></details>"
        "</div>"
        f"<h2 id='{uid}-rules'>Rules this tracker applies</h2>"
        f"{rules_table(data, system, links)}"
        f"<h2 id='{uid}-other'>The book's other rules</h2>"
        "<p>Each rule of the book that is not the source of a rule above: where the tracker "
        "applies it with another rule, and where it does not, why.</p>"
        f"{other_table(data, system, links)}"
    )
