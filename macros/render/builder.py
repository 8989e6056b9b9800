"""Render a character builder page: its steps as fieldsets, the rules they follow, the sheet.

The rules live in the core (:mod:`calculators.builders`); this module only lays out the
form from the rules data, links the rules, and prerenders the sheet of a blank character
at build time, so the page is complete without JavaScript. ``macros/assets/builder.js``
makes it live. The parts every builder page shares are in :mod:`macros.builder_page`;
each system's steps in its own module (:mod:`macros.builder_arts`,
:mod:`macros.builder_glittershard`), which this one picks.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from calculators.builders import builder
from calculators.builders.present import render

from ..builder_arts import render_arts
from ..builder_glittershard import render_glittershard
from ..builder_page import LINKED_KINDS, Page, entry_links, plain
from ..load.rulesdata import RulesData

__all__ = ["LINKED_KINDS", "Page", "entry_links", "plain", "render_builder"]

_Layout = Callable[[Page, ModuleType, dict[str, Any], dict[str, Any]], str]

#: Each system's page layout: (page, its builder module, blank state, prerendered html).
LAYOUTS: dict[str, _Layout] = {
    "arts": render_arts,
    "glittershard": render_glittershard,
}


def render_builder(data: RulesData, system: str, doc: str) -> str:
    """The builder page of ``system`` (``arts`` or ``glittershard``)."""
    page = Page(data, system, doc)
    module = builder(system)
    blank = module.blank()
    sheet = module.evaluate(blank)
    html = render(sheet, page.links)
    return LAYOUTS[system](page, module, blank, html)
