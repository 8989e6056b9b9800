"""Lists a reader can filter and sort on the page (``macros/assets/filter.js``).

A rules page with enough named entries (terms, statuses, abilities, arts, attributes)
gets one list around them; a long table whose first column names things (skills) is
a list of its rows. This module decides which, and writes the markup: the list is a
``data-rb-filter-list`` element, each entry a ``data-rb-filter-item`` with its name and
kind, each heading with what follows it a ``data-rb-filter-group``, and the controls
(filter box, sort, live count) are rendered ``hidden`` for the script to reveal, so a
page read without JavaScript, or printed, is the page as it was. The wrappers pass
through Markdown as comments (:func:`macros.render.filter_hook.mark`), put in place by the
hook ``macros/render/filter_hook.py`` once the page is HTML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..load.rulesdata import Entry
from .filter_hook import mark

#: Kinds that are named entries of a list.
ITEM_KINDS: frozenset[str] = frozenset({"term", "status", "ability", "art", "attribute"})
#: Fewest entries on a page (or rows in a table) worth a filter.
MIN_ITEMS = 8
MIN_ROWS = 10
#: The plural a list's count uses when all its entries are of one kind.
PLURALS: dict[str, str] = {
    "term": "terms",
    "status": "statuses",
    "ability": "abilities",
    "art": "arts",
    "attribute": "attributes",
}
#: A heading-less group (a glossary's entries) is deeper than any heading.
NO_HEADING_LEVEL = 7


@dataclass(frozen=True)
class Span:
    """Where a page's list lies among its entries: ``entries[start:end]``."""

    start: int
    end: int
    noun: str


def list_span(entries: Sequence[Entry], glossary: bool = False) -> Span | None:
    """The stretch of ``entries`` a filter covers, or ``None`` when they are too few.

    It runs from the heading above the first named entry (or that entry, when no
    heading comes before it) to the last entry before the first heading after the
    last named entry: text, notes and assumptions go with the heading they are under.
    """
    items = [i for i, entry in enumerate(entries) if entry.kind in ITEM_KINDS]
    if len(items) < MIN_ITEMS:
        return None
    start = next((i for i in range(items[0], -1, -1) if entries[i].kind == "section"), items[0])
    end = next(
        (i for i in range(items[-1] + 1, len(entries)) if entries[i].kind == "section"),
        len(entries),
    )
    kinds = {entries[i].kind for i in items}
    noun = "terms" if glossary else PLURALS[kinds.pop()] if len(kinds) == 1 else "entries"
    return Span(start, end, noun)


def filterable_table(entry: Entry) -> bool:
    """Whether a table is a list of its rows: long, and its first column names things.

    A table of numbers (levels, dice results) is read by looking a row up, not filtered.
    """
    rows = entry.get("rows") or []
    named = sum(1 for row in rows if re.search(r"[^\W\d_]", str(row[0])))
    return len(rows) >= MIN_ROWS and named * 2 > len(rows)


def params(list_id: str, alone: bool) -> tuple[str, str]:
    """The URL parameters of a list's filter and sort: ``filter`` and ``sort`` when it is
    the page's only list, else ``filter-<id>`` and ``sort-<id>``. (Not ``q``: the theme
    opens its search box for a ``?q=`` and deletes it from the URL when the box closes.)

    >>> params("arts-glossary", True)
    ('filter', 'sort')
    >>> params("glittershard-skills_table", False)
    ('filter-glittershard-skills_table', 'sort-glittershard-skills_table')
    """
    return ("filter", "sort") if alone else (f"filter-{list_id}", f"sort-{list_id}")


def open_list(list_id: str, noun: str, alone: bool, rows: bool = False) -> str:
    """The start of a list: its element and its controls (hidden until the script runs).

    ``rows``: the list's items are the rows of the table inside it.
    """
    q, sort = params(list_id, alone)
    kind = " data-rb-filter-rows" if rows else ""
    tag = (
        f'<div class="rb-filter" data-rb-filter-list{kind} data-list="{list_id}" '
        f'data-noun="{escape(noun)}" data-param="{q}" data-sort-param="{sort}">'
    )
    return mark(tag) + controls(list_id, noun) + "\n\n"


def controls(list_id: str, noun: str) -> str:
    """A labelled search box, a sort menu and a live count, as one line of raw HTML."""
    box, menu = f"rb-filter-{list_id}", f"rb-sort-{list_id}"
    return (
        '<div class="rb-filter-controls" data-search-exclude hidden>'
        f'<label class="rb-filter-label" for="{box}">Filter {escape(noun)}</label>'
        f'<input type="search" id="{box}" class="rb-filter-input" data-rb-filter-input '
        'autocomplete="off" spellcheck="false" placeholder="Name or any word">'
        f'<label class="rb-filter-label" for="{menu}">Sort</label>'
        f'<select id="{menu}" class="rb-filter-sort" data-rb-filter-sort>'
        '<option value="page">Page order</option>'
        '<option value="az">Name A–Z</option>'
        '<option value="za">Name Z–A</option>'
        "</select>"
        '<p class="rb-filter-status" role="status" aria-live="polite" '
        "data-rb-filter-status></p>"
        "</div>"
    )


def close() -> str:
    """The end of a list, a group or an item."""
    return mark("</div>")


def open_group(level: int) -> str:
    """The start of a heading with what follows it (``level``: the heading's)."""
    return mark(f'<div class="rb-filter-group" data-rb-filter-group data-level="{level}">')


def open_item(entry: Entry) -> str:
    """The start of one named entry of a list."""
    return mark(
        f'<div class="rb-filter-item" data-rb-filter-item data-name="{escape(entry.name)}" '
        f'data-kind="{entry.kind}">'
    )


def list_id(system: str, page: str) -> str:
    """The id of a page's list of entries.

    >>> list_id("arts", "glossary")
    'arts-glossary'
    """
    return f"{system}-{page}"
