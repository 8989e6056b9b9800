"""What every builder page is made of: its form fields, steps, rule quotes and toolbar.

A book's builder page layout (``calculators/books/<id>/builder/layout.py``) lays out its
own steps with a :class:`Page` (the members of :class:`calculators.builders.page.BuilderPage`,
so the layout imports nothing of ``macros``); :mod:`macros.builder` calls the book's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from html import escape
from typing import Any

from calculators.builders import builder

from ..load.rulesdata import RulesData
from .forms import control_attrs, field_shell, library_slot
from .urls import anchor, site_href

__all__ = ["LINKED_KINDS", "Page", "entry_links", "plain"]

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
    """One builder page being rendered: ids, links and field helpers.

    ``values`` is the form of the character the page shows as built (its blank character,
    ``module.to_form(blank)``): each field is filled with it, as builder.js fills the form
    from the engine's answer, so the page shows that character's form before the engine is
    up, or without JavaScript.
    """

    def __init__(
        self, data: RulesData, system: str, doc: str, values: Mapping[str, str] | None = None
    ) -> None:
        self.data = data
        self.system = system
        self.uid = f"builder-{system}"
        self.links = entry_links(data, system, doc)
        self.values: Mapping[str, str] = values or {}

    def plain(self, text: str) -> str:
        """Rules text without Markdown emphasis and links (:func:`plain`), for a layout."""
        return plain(text)

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
        """A labelled control with its help and error slots; ``name`` is the form field,
        filled with its value in :attr:`values` (a number without one shows 0).

        >>> page = Page.__new__(Page)
        >>> page.uid, page.values = "builder-x", {"level": "1", "size": "m", "ok": "true"}
        >>> "value='1'" in page.field("level", "Level", low=1)
        True
        >>> "<option value='m' selected>M</option>" in page.field(
        ...     "size", "Size", "select", choices=(("s", "S"), ("m", "M")))
        True
        >>> " checked " in page.field("ok", "OK", "checkbox")
        True
        """
        fid = self.fid(name)
        common = control_attrs(fid, name, bool(help_text))
        value = self.values.get(name)
        if control == "number":
            bounds = "".join(
                f" {a}='{v}'" for a, v in (("min", low), ("max", high)) if v is not None
            )
            shown = escape(value or "0", quote=True)
            html = (
                f"<input type='number' inputmode='numeric' step='1'{bounds} {common} "
                f"value='{shown}'>"
            )
        elif control == "checkbox":
            checked = " checked" if value == "true" else ""
            html = f"<input type='checkbox' value='true'{checked} {common}>"
        elif control == "select":
            html = (
                f"<select {common}>"
                + "".join(
                    f"<option value='{escape(v)}'{' selected' if v == value else ''}>"
                    f"{escape(t)}</option>"
                    for v, t in choices
                )
                + "</select>"
            )
        elif control == "textarea":
            html = f"<textarea rows='2' {common}>{escape(value or '', quote=False)}</textarea>"
        else:
            html = (
                f"<input type='text' autocomplete='off' {common} "
                f"value='{escape(value or '', quote=True)}'>"
            )
        kind = "rb-field-wide" if wide else f"rb-field-{control}"
        return field_shell(fid, kind, label, html, help_text)

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
        self,
        step_id: str,
        number: str,
        title: str,
        body: str,
        status: str,
        *,
        rule: str = "",
        later: str = "",
    ) -> str:
        """One step as a fieldset, with its prerendered status (live with JavaScript).

        ``later`` is a long part of the step (a grid of dozens of choices far down the
        page): it waits in a ``<template>`` that ``builder.js`` puts in place when the
        reader comes near the step or into the form, so the page's first layout and the
        engine's first answer handle half the elements on a phone.

        >>> page = Page.__new__(Page)
        >>> page.uid = "builder-x"
        >>> html = page.step("a", "Step 1:", "Picks", "<p>note</p>", "", later="<ul></ul>")
        >>> "<p>note</p><template class='rb-later'><ul></ul></template>" in html
        True
        """
        waiting = f"<template class='rb-later'>{later}</template>" if later else ""
        return (
            f"<fieldset class='rb-step' id='{self.uid}-step-{step_id}' data-step='{step_id}'>"
            f"<legend>{escape(number)} {escape(title)}</legend>{rule}{body}{waiting}"
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
            f"{library_slot('character')}"
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
