"""Render a character builder page: its steps as fieldsets, the rules they follow, the sheet.

The rules live in the core (:mod:`calculators.builders`); this module only lays out the
form from the rules data, links the rules, and prerenders the sheet of a blank character
at build time, so the page is complete without JavaScript. ``macros/assets/builder.js``
makes it live. The parts every builder page shares are in :mod:`macros.render.builder_page`;
each book lays out its own steps in its package (``calculators/books/<id>/builder/
layout.py``, :func:`calculators.builders.layout`), which this one calls.
"""

from __future__ import annotations

from calculators.builders import builder, layout
from calculators.builders.present import render

from ..load.rulesdata import RulesData
from .builder_page import LINKED_KINDS, Page, entry_links, plain

__all__ = ["LINKED_KINDS", "Page", "entry_links", "plain", "render_builder"]


def render_builder(data: RulesData, system: str, doc: str) -> str:
    """The builder page of ``system`` (a book whose package has a builder and its layout)."""
    module = builder(system)
    blank = module.blank()
    page = Page(data, system, doc, module.to_form(blank))
    sheet = module.evaluate(blank)
    html = render(sheet, page.links)
    return str(layout(system).render_page(page, module, blank, html))
