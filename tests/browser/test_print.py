"""Printing a system: Chromium prints ``<system>/print/`` to PDF as one document.

The PDF holds the system's first page title and its last section (the last entry
of the last page in rules_data); in print media nothing of the theme's chrome
(header, search, tabs, sidebars, footer) and no form control is shown, the PDF has
no form fields, and the page never starts the calculator engine.
"""

from __future__ import annotations

import io
import re
from itertools import takewhile
from typing import Any

import pytest

import calculators
from macros.load.loader import Entry
from macros.render.linker import title_text
from tests.browser.conftest import Web
from tests.test_print import DATA

SYSTEMS = list(DATA.systems)
CHROME = ".md-header, .md-search, .md-tabs, .md-sidebar, .md-footer, .md-top"
CONTROLS = "input, select, textarea, button"


def words(text: str) -> str:
    """Text as its words only, one space apart (PDF text breaks lines and hyphens).

    >>> words("Roll *2d6*;\\n  the [Leader](x.md#l) acts—first.")
    'Roll 2d6 the Leader acts first'
    """
    return " ".join(re.findall(r"\w+", title_text(text, limit=1_000_000)))


def last_section(system: str) -> list[str]:
    """Samples of the last entry of a system's last page: its name and the start of its
    text, or of its last table row."""
    entry: Entry = DATA.systems[system].pages[-1].entries[-1]
    samples = [words(entry.name)]
    if entry.get("text"):
        # Up to the first Han word: a PDF's Han text depends on the CJK fonts installed.
        latin = list(takewhile(str.isascii, words(entry.get("text")).split()))
        samples.append(" ".join(latin[:12]))
    if entry.kind == "table":
        samples.append(words(" ".join(str(c) for c in entry.get("rows")[-1])))
    return samples


def pdf_text(pdf: bytes) -> tuple[str, Any]:
    """The words of every page of a PDF, and its form fields (``None`` when it has none)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return words(" ".join(page.extract_text() for page in reader.pages)), reader.get_fields()


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_system_prints_as_one_document(system: str, web: Web) -> None:
    web.goto(f"{system}/print/")
    web.page.emulate_media(media="print")
    text, fields = pdf_text(web.page.pdf(format="A4"))

    # Rules repeat themselves (a glossary restates a rule), so every occurrence in
    # the document, hidden in print or not, must be in the PDF.
    # Case aside: the theme prints the smallest headings in capitals.
    document = words(web.page.eval_on_selector("article", "e => e.textContent")).casefold()
    text = text.casefold()
    assert words(DATA.systems[system].pages[0].title).casefold() in text
    for sample in map(str.casefold, last_section(system)):
        assert document.count(sample) >= 1, sample
        assert text.count(sample) == document.count(sample), (
            f"the last section of {system} is not in the PDF: {sample!r}"
        )
    # A system with calculators prints each with its default result; one without has none.
    has_calculators = any(c["system"] == system for c in calculators.catalog())
    assert ("worked out for the default inputs" in text) == has_calculators
    assert fields is None, "the PDF has form fields"
    assert "copy link" not in text  # a calculator form's button

    shown = [
        el.evaluate("e => e.outerHTML.slice(0, 120)")
        for el in web.page.query_selector_all(f"{CONTROLS}, {CHROME}")
        if el.is_visible()
    ]
    assert shown == [], f"visible in print: {shown}"
    assert web.page.query_selector_all(f"article :is({CONTROLS})") == []
    assert web.pyodide_requests() == [], "the print page started the calculator engine"
    assert web.log.errors() == []


def test_links_keep_their_text_in_print(web: Web) -> None:
    web.goto("pendragon/print/")
    web.page.emulate_media(media="print")
    # Links into this page ("#pendragon-…"; once the theme runs, it makes them absolute).
    inside = (
        "article a[href^='#pendragon-']:not(.headerlink),"
        " article a[href*='/pendragon/print/#pendragon-']:not(.headerlink)"
    )
    links = web.page.query_selector_all(inside)
    assert links, "no cross-links in the print document"
    for link in links:
        assert link.is_visible() and link.inner_text().strip(), link.get_attribute("href")
