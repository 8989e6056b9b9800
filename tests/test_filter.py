"""The lists a reader can filter and sort (macros/render/filtering.py and filter_hook.py).

A glossary marks every one of its entries, in the data's order, with its name and
kind; the controls are rendered hidden (the script reveals them); a page without a
list is rendered exactly as before, and the list wrappers add nothing but themselves.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from macros import RulesData, load_rules
from macros.load.loader import Page
from macros.render.filter_hook import unmark
from macros.render.filtering import ITEM_KINDS, list_span
from macros.render.render import Renderer

ROOT = Path(__file__).resolve().parents[1]
DATA: RulesData = load_rules(ROOT / "rules_data")
PAGES: list[Page] = [page for system in DATA.systems.values() for page in system.pages]
GLOSSARIES = [page for page in PAGES if page.name == "glossary"]
ITEM = re.compile(
    r'<div class="rb-filter-item" data-rb-filter-item data-name="([^"]*)" '
    r'data-kind="([^"]*)">'
)
MARK = re.compile(r"^<!--rb-filter .*-->$|^<div class=\"rb-filter-controls\".*$", re.MULTILINE)


def article(built_site: Path, doc: str) -> str:
    """The content of a built page (inside ``<article>``, without the theme)."""
    html = (built_site / doc.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
    return html[html.index("<article") : html.index("</article>")]


def blocks(markdown: str) -> list[str]:
    """The blocks of some Markdown, blank lines aside."""
    return [block.strip() for block in re.split(r"\n\s*\n", markdown) if block.strip()]


@pytest.mark.parametrize("page", GLOSSARIES, ids=lambda page: page.system)
def test_a_glossary_marks_every_entry(page: Page, built_site: Path) -> None:
    html = article(built_site, page.doc)
    entries = [(e.name, e.kind) for e in page.entries if e.kind in ITEM_KINDS]
    assert entries, "a glossary without terms"
    assert [(unescape(name), kind) for name, kind in ITEM.findall(html)] == entries
    assert html.count("data-rb-filter-list") == 1
    assert 'data-noun="terms" data-param="filter" data-sort-param="sort"' in html
    assert '<div class="rb-filter-controls" data-search-exclude hidden>' in html
    label = re.search(r'<label class="rb-filter-label" for="([^"]+)">Filter terms</label>', html)
    assert label and f'<input type="search" id="{label.group(1)}"' in html
    assert "<!--rb-filter" not in html


def test_lists_are_pages_of_many_entries_and_long_tables_of_names(built_site: Path) -> None:
    lists = {page.doc for page in PAGES if "data-rb-filter-list" in article(built_site, page.doc)}
    assert {"arts/abilities.md", "arts/statuses.md", "glittershard/skills.md"} <= lists
    assert {page.doc for page in GLOSSARIES} <= lists
    assert "arts/combat.md" not in lists  # prose and assumptions: nothing to filter
    skills = article(built_site, "glittershard/skills.md")
    assert 'data-rb-filter-rows data-list="glittershard-skills_table" data-noun="skills"' in skills


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.doc)
def test_the_lists_add_only_their_wrappers(page: Page) -> None:
    """Without its list marks a page's Markdown is the Markdown it has without lists:
    nothing moves, nothing is left out."""
    plain = Renderer(DATA, filters=False).page(page, page.doc)
    marked = Renderer(DATA).page(page, page.doc)
    assert "rb-filter" not in plain
    assert blocks(MARK.sub("", marked)) == blocks(plain)


def test_a_page_without_a_list_is_built_as_before(built_site: Path) -> None:
    """No mark, control or script hook on a page of prose (the script only adds itself)."""
    html = article(built_site, "arts/combat.md")
    assert "rb-filter" not in html
    assert "data-rb-filter" not in article(built_site, "arts/print.md")


def test_a_list_spans_its_headings_and_what_they_hold() -> None:
    page = DATA.page("arts/abilities.md")
    entries = list(page.entries)
    span = list_span(entries)
    assert span is not None and span.noun == "abilities"
    assert entries[span.start].kind == "section"  # the heading above the first ability
    assert span.end == len(entries)
    assert list_span(list(DATA.page("arts/combat.md").entries)) is None


def test_the_hook_puts_the_marked_tags_in_place() -> None:
    html = (
        '<!--rb-filter <div class="a" data-name="B &amp; C">-->\n<p>x</p>\n<!--rb-filter </div>-->'
    )
    assert unmark(html) == '<div class="a" data-name="B &amp; C">\n<p>x</p>\n</div>'
    assert unmark("<!-- a comment -->") == "<!-- a comment -->"
