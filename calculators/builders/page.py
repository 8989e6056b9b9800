"""What a book's builder page layout is handed at build time: the page being rendered.

A book with a character builder lays out its page in ``calculators/books/<id>/builder/
layout.py``, a function ``render_page(page, module, blank, html)`` (``module`` the book's
builder, ``blank`` its blank character, ``html`` the prerendered sheet's parts). The
layout is read only when the site is built, never in the browser, and imports nothing of
the renderer (``macros``): what it needs of the page comes in ``page``, an object with
the members below (the renderer's :class:`macros.render.builder_page.Page`).
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["BuilderPage"]


class BuilderPage(Protocol):
    """One builder page being rendered: its rules data, ids, links and HTML helpers."""

    #: The site's rules data (``macros.rulesdata.RulesData``): ``data.entry(id)``.
    data: Any
    system: str
    uid: str
    #: The URLs of the book's entries from this page, by entry id.
    links: dict[str, str]

    def plain(self, text: str) -> str:
        """Rules text without Markdown emphasis and links, for a quote in a form."""
        ...

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
        ...

    def rule(self, entry_id: str, words: str | None = None) -> str:
        """The rule a step follows, quoted from the rules data, linked to its page."""
        ...

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
        """One step as a fieldset, with its prerendered status; ``later``, a long part put
        in place when the reader comes near the step (the page loads without it)."""
        ...

    def wrap(
        self, intro: str, steps: str, sheet_html: str, state: dict[str, Any], actions: str = ""
    ) -> str:
        """The whole builder: toolbar, status line, the steps' form and the sheet."""
        ...
