"""Render a character builder page: its steps as fieldsets, the rules they follow, the sheet.

The rules live in the core (:mod:`calculators.builders`); this module only lays out the
form from the rules data, links the rules, and prerenders the sheet of a blank character
at build time, so the page is complete without JavaScript. ``docs/assets/builder.js``
makes it live.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from calculators import arts as arts_rules
from calculators.builders import builder
from calculators.builders.present import render

from .forms import site_href
from .loader import RulesData
from .render import anchor

LINKED_KINDS = ("section", "table", "assumption", "ability", "formula", "term", "art")


def entry_links(
    data: RulesData, system: str, doc: str, kinds: tuple[str, ...] = LINKED_KINDS
) -> dict[str, str]:
    """URLs of a system's entries from the page ``doc`` (rules are linked by id)."""
    return {
        e.id: site_href(f"{e.system}/{e.page}.md", anchor(e.id), doc)
        for e in data.entries.values()
        if e.system == system and e.kind in kinds
    }


def plain(text: str) -> str:
    """Rules text without Markdown emphasis and links, for a quote in a form.

    >>> plain("raise **MIG** and [Bash](x.md#y)")
    'raise MIG and Bash'
    """
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return text.replace("**", "").replace("`", "")


class Page:
    """One builder page being rendered: ids, links and field helpers."""

    def __init__(self, data: RulesData, system: str, doc: str) -> None:
        self.data = data
        self.system = system
        self.uid = f"builder-{system}"
        self.links = entry_links(data, system, doc)

    def fid(self, name: str) -> str:
        """The HTML id of the control for form field ``name``."""
        return f"{self.uid}-" + re.sub(r"[^A-Za-z0-9_-]", "-", name)

    def field(
        self,
        name: str,
        label: str,
        control: str = "number",
        *,
        low: int | None = None,
        high: int | None = None,
        help_text: str = "",
        choices: tuple[tuple[str, str], ...] = (),
        wide: bool = False,
    ) -> str:
        """A labelled control with its help and error slots; ``name`` is the form field."""
        fid = self.fid(name)
        common = f"id='{fid}' name='{escape(name)}' aria-describedby='{fid}-help {fid}-error'"
        if control == "number":
            bounds = "".join(
                f" {a}='{v}'" for a, v in (("min", low), ("max", high)) if v is not None
            )
            html = f"<input type='number' inputmode='numeric' step='1'{bounds} {common} value='0'>"
        elif control == "checkbox":
            html = f"<input type='checkbox' value='true' {common}>"
        elif control == "select":
            html = (
                f"<select {common}>"
                + "".join(f"<option value='{escape(v)}'>{escape(t)}</option>" for v, t in choices)
                + "</select>"
            )
        elif control == "textarea":
            html = f"<textarea rows='2' {common}></textarea>"
        else:
            html = f"<input type='text' autocomplete='off' {common} value=''>"
        kind = "rb-field-wide" if wide else f"rb-field-{control}"
        return (
            f"<div class='rb-field {kind}'><label for='{fid}'>{label}</label>"
            f"<span class='rb-control'>{html}</span>"
            f"<small class='rb-help' id='{fid}-help'>{escape(help_text)}</small>"
            f"<span class='rb-error' id='{fid}-error' role='alert'></span></div>"
        )

    def rule(self, entry_id: str, words: str | None = None) -> str:
        """The rule a step follows, quoted from the rules data, linked to its page."""
        entry = self.data.entry(entry_id)
        text = words if words is not None else plain(str(entry.data.get("text", "")))
        href = escape(self.links.get(entry_id, "#"))
        quote = f"<blockquote class='rb-step-rule'>{escape(text)}</blockquote>" if text else ""
        return (
            f"{quote}<p class='rb-step-source'>Rule: <a href='{href}'>{escape(entry.name)}</a></p>"
        )

    def step(
        self, step_id: str, number: str, title: str, body: str, status: str, *, rule: str = ""
    ) -> str:
        """One step as a fieldset, with its prerendered status (live with JavaScript)."""
        return (
            f"<fieldset class='rb-step' id='{self.uid}-step-{step_id}' data-step='{step_id}'>"
            f"<legend>{escape(number)} {escape(title)}</legend>{rule}{body}"
            f"<div class='rb-step-status' id='{self.uid}-{step_id}-status' aria-live='polite'>"
            f"{status}</div></fieldset>"
        )

    def wrap(
        self, intro: str, steps: str, sheet_html: str, state: dict[str, Any], actions: str = ""
    ) -> str:
        """The whole builder: toolbar, status line, the steps' form and the sheet."""
        links = json.dumps(self.links, separators=(",", ":"))
        uid = self.uid
        return (
            f"<div class='rb-builder' id='{uid}' data-calc='builder' data-builder='{self.system}'"
            f" data-state='static' data-links='{escape(links, quote=True)}'"
            f" data-blank='{escape(json.dumps(state), quote=True)}'"
            f" data-example='{escape(json.dumps(builder(self.system).example()), quote=True)}'>"
            f"{intro}"
            f"<div class='rb-builder-bar' role='group' aria-label='Character actions'>"
            "<button type='button' class='md-button' data-action='level-up' disabled>"
            "Level up</button>"
            f"{actions}"
            "<button type='button' class='md-button' data-action='share' disabled>"
            "Copy link</button>"
            "<button type='button' class='md-button' data-action='export' disabled>"
            "Export JSON</button>"
            # A real button opens the file picker (builder.js): focusable, with the buttons'
            # focus ring; the file input itself stays out of the tab order and out of sight.
            f"<button type='button' class='md-button' data-action='import'"
            f" aria-controls='{uid}-import' disabled>Import JSON</button>"
            f"<input type='file' id='{uid}-import' class='rb-import-file' tabindex='-1'"
            " aria-label='Import JSON' accept='application/json,.json' data-action='import'"
            " disabled>"
            "<button type='button' class='md-button' data-action='print'>Print sheet</button>"
            "<button type='button' class='md-button' data-action='example' disabled>"
            "Load the example</button>"
            "<button type='button' class='md-button' data-action='new' disabled>"
            "New character</button></div>"
            f"<p class='rb-builder-status' id='{uid}-status' role='status' aria-live='polite'>"
            "A blank character, computed when the site was built. "
            "<noscript>Turn on JavaScript to build a character here; without it, the steps "
            "below show the rules and the sheet of a blank character.</noscript></p>"
            f"<progress class='rb-progress' max='1' hidden></progress>"
            f"<form class='rb-builder-form' id='{uid}-form' novalidate autocomplete='off' "
            f"data-search-exclude>{steps}</form>"
            # On a phone the sheet opens over the steps from a button that stays in view
            # (builder.js); on a wide screen it sits beside them.
            f"<button type='button' class='md-button rb-sheet-toggle' aria-controls='{uid}-sheet'"
            " aria-expanded='false' hidden>Character sheet</button>"
            f"<section class='rb-sheet' id='{uid}-sheet' aria-labelledby='{uid}-sheet-title'>"
            "<button type='button' class='md-button rb-sheet-close' hidden>Back to the steps"
            "</button>"
            f"<h2 id='{uid}-sheet-title' tabindex='-1'>Character sheet</h2>"
            f"<div class='rb-sheet-body' aria-live='polite' data-search-exclude>{sheet_html}</div>"
            "</section></div>"
        )


def render_builder(data: RulesData, system: str, doc: str) -> str:
    """The builder page of ``system`` (``arts`` or ``glittershard``)."""
    page = Page(data, system, doc)
    module = builder(system)
    blank = module.blank()
    sheet = module.evaluate(blank)
    html = render(sheet, page.links)
    if system == "arts":
        return _arts(page, blank, html)
    from .builder_glittershard import render_glittershard

    return render_glittershard(page, module, blank, html)


def _arts(page: Page, blank: dict[str, Any], html: dict[str, Any]) -> str:
    entries = page.data
    status = html["steps"]
    level_row = entries.entry("arts.level_table")
    steps = [
        page.step(
            "identity",
            "",
            "Character",
            page.field("name", "Name", "text", help_text="Any name; it titles the sheet.")
            + page.field(
                "level",
                "Level",
                low=1,
                high=12,
                help_text="Level up applies the next row of the level table.",
            ),
            "",
        )
    ]
    for number, pool in enumerate(("general", "specific", "combat", "utility"), start=1):
        title, _, rule = builder("arts").POOLS[pool]
        fields = "".join(
            page.field(f"points.{key}", _point_label(key), low=0, high=12)
            for key in builder("arts").point_keys(pool)
        )
        extra = ""
        if number == 1:
            extra = page.rule("arts.character_creation")
        page_rule = (
            page.rule(rule)
            if number != 4
            else page.rule(rule, plain(str(entries.entry(rule).data["text"]).split("\n\n")[-1]))
        )
        steps.append(
            page.step(
                pool,
                f"Step {number}:",
                title,
                f"<div class='rb-fields'>{fields}</div>",
                status[pool],
                rule=extra + page_rule,
            )
        )
    cards = arts_rules.ability_cards()
    by_art: dict[str, list[dict[str, Any]]] = {}
    for card in cards.values():
        by_art.setdefault(card["art"], []).append(card)
    groups = []
    for art, art_cards in by_art.items():
        rows = "".join(
            "<li class='rb-ability'>"
            + page.field(
                f"pick.{c['id']}",
                f"<a href='{escape(page.links.get(c['id'], '#'))}'>{escape(c['name'])}</a>",
                "checkbox",
                help_text="Has [Tier]: can be upgraded." if c["tiered"] else "",
            )
            + page.field(
                f"tier.{c['id']}",
                f"Tier <span class='rb-sr'>of {escape(c['name'])}</span>",
                low=1,
                high=9,
            )
            + "</li>"
            for c in art_cards
        )
        groups.append(
            f"<fieldset class='rb-art'><legend>{escape(art)}</legend>"
            f"<ul class='rb-abilities'>{rows}</ul></fieldset>"
        )
    assumption = page.data.entry(arts_rules.NO_UTILITY_ABILITIES)
    note = (
        "<div class='admonition note rb-assumption'><p class='admonition-title'>"
        f"Assumption: {escape(assumption.name)}</p><p>{escape(plain(assumption.data['text']))} "
        f"<a href='{escape(page.links[assumption.id])}'>Why</a></p></div>"
    )
    steps.append(
        page.step(
            "abilities",
            "Step 5:",
            "Ability selection",
            note + "<div class='rb-arts-grid'>" + "".join(groups) + "</div>",
            status["abilities"],
            rule=page.rule("arts.ability_selection"),
        )
    )
    table = "".join(
        f"<tr><td>{r[0]}</td><td>{escape(str(r[1]))}</td><td>{r[2]}</td></tr>"
        for r in level_row.data["rows"]
    )
    steps.append(
        page.step(
            "level",
            "Step 6:",
            "Level-ups to 12",
            "<table class='rb-level-table'><thead><tr><th scope='col'>Level</th>"
            "<th scope='col'>Gained</th><th scope='col'>Ability picks (each type)</th></tr></thead>"
            f"<tbody>{table}</tbody></table>",
            status["level"],
            rule=page.rule("arts.leveling_up"),
        )
    )
    intro = (
        "<p class='rb-builder-intro'>Build an Attributes &amp; Arts character step by step. "
        "Each step shows what the rules allow and what is left; a choice that breaks a rule "
        "is flagged at its step with the rule quoted. The character is kept in this page's "
        "link and in this browser, and can be exported as a JSON file.</p>"
    )
    return page.wrap(intro, "".join(steps), html["sheet"], blank)


def _point_label(key: str) -> str:
    names = {
        a["id"].partition(".")[2]: a["name"]
        for g in ("combat", "utility")
        for a in arts_rules.arts_of(g)
    }
    return escape(names.get(key, key.upper()))
