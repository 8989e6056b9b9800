"""HTML of a builder's sheet and of each step's status, built from :func:`evaluate`'s answer.

The same HTML is prerendered at build time (the page without JavaScript) and sent to the
page by the worker; every value is escaped. ``links`` maps rule entry ids to the URLs the
page gives them (the core knows entries, not pages).
"""

from __future__ import annotations

from html import escape
from typing import Any


def _rule_link(rule: str, links: dict[str, str], text: str) -> str:
    href = links.get(rule)
    if not href:
        return escape(text)
    return f"<a href='{escape(href)}'>{escape(text)}</a>"


def render_step(step: dict[str, Any], links: dict[str, str]) -> str:
    """A step's status: what the rule allows, what is left, problems with the rule quoted.

    >>> from calculators.builders.sheet import problem, step
    >>> s = step("general", "General points", "arts.character_creation", "1 at level 1", 0,
    ...          [problem("2 spent.", "arts.speed_section", "Speed of 4")])
    >>> html = render_step(s, {"arts.speed_section": "../character/#arts-speed-section"})
    >>> "<a href='../character/#arts-speed-section'>" in html, "data-status='problem'" in html
    (True, True)
    """
    words = {"done": "Done", "open": "Not finished", "problem": "Breaks a rule"}
    parts = [
        f"<p class='rb-step-state' data-status='{step['status']}'>"
        f"<strong>{words[step['status']]}.</strong> "
        + (f"Allowed: {escape(step['allowed'])}. " if step["allowed"] else "")
        + (f"{escape(step['left_text'])}." if step["left_text"] else "")
        + "</p>"
    ]
    if step["problems"]:
        items = "".join(
            f"<li><span class='rb-problem-message'>{escape(p['message'])}</span> "
            + (f"<q class='rb-problem-quote'>{escape(p['quote'])}</q> " if p["quote"] else "")
            + f"({_rule_link(p['rule'], links, 'the rule')})</li>"
            for p in step["problems"]
        )
        parts.append(f"<ul class='rb-problems'>{items}</ul>")
    if step["notes"]:
        parts.append(
            "<ul class='rb-step-notes'>"
            + "".join(f"<li>{escape(n)}</li>" for n in step["notes"])
            + "</ul>"
        )
    return "".join(parts)


def render_sheet(sheet: dict[str, Any], links: dict[str, str]) -> str:
    """The character sheet: title, readiness, every derived value with its breakdown.

    >>> from calculators.books.arts import builder as arts
    >>> html = render_sheet(arts.evaluate(arts.example()), {})
    >>> "Not ready" in html, "Bladecraft" in html, "= 1 points + 2 MIG" in html
    (True, True, True)
    """
    if sheet["ready"]:
        ready = "<p class='rb-ready' data-ready='true'>Ready: every step is resolved.</p>"
    else:
        items = ", ".join(escape(t) for t in sheet["unresolved"])
        ready = f"<p class='rb-ready' data-ready='false'>Not ready: resolve {items}.</p>"
    rows = "".join(
        f"<tr><th scope='row'>{escape(v['label'])}</th>"
        f"<td class='rb-sheet-value'>{escape(str(v['value']))}</td>"
        f"<td class='rb-sheet-how'>{escape(v['breakdown'])}</td></tr>"
        for v in sheet["values"]
    )
    lists = "".join(
        f"<h4>{escape(title)}</h4><ul class='rb-sheet-list'>"
        + ("".join(f"<li>{escape(item)}</li>" for item in items) or "<li>None</li>")
        + "</ul>"
        for title, items in sheet.get("lists", [])
    )
    problems = [p for s in sheet["steps"] for p in s["problems"]]
    broken = (
        "<ul class='rb-sheet-problems'>"
        + "".join(f"<li>{escape(p['message'])}</li>" for p in problems)
        + "</ul>"
        if problems
        else ""
    )
    return (
        f"<h3 class='rb-sheet-title'>{escape(sheet['title'])}, level {sheet['level']}</h3>"
        f"{ready}{broken}"
        "<table class='rb-sheet-values'><thead><tr><th scope='col'>Value</th>"
        "<th scope='col'>Number</th><th scope='col'>How it is worked out</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>{lists}"
    )


def render(sheet: dict[str, Any], links: dict[str, str]) -> dict[str, Any]:
    """The sheet's HTML and each step's status HTML, by step id.

    >>> from calculators.books.arts import builder as arts
    >>> sorted(render(arts.evaluate(arts.blank()), {})["steps"])[:2]
    ['abilities', 'combat']
    """
    return {
        "sheet": render_sheet(sheet, links),
        "steps": {s["id"]: render_step(s, links) for s in sheet["steps"]},
    }
