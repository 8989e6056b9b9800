"""Where things are in the built site: page URLs, links between pages, HTML ids.

The lowest layer of the page modules: it imports none of them, so the renderer, the
forms, the inline dice and the builder and tracker pages can all use it.
"""

from __future__ import annotations

import posixpath

__all__ = ["anchor", "dom_id", "page_url", "share_path", "site_href"]


def anchor(entry_id: str) -> str:
    """The HTML id of an entry on its page.

    >>> anchor("arts.basic_attack")
    'arts-basic_attack'
    """
    return entry_id.replace(".", "-")


def page_url(doc: str) -> str:
    """The directory URL MkDocs gives a docs page.

    >>> page_url("arts/combat.md"), page_url("arts/index.md"), page_url("index.md")
    ('arts/combat/', 'arts/', '')
    """
    stem = doc.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("/index") + "/"


def site_href(target_doc: str, fragment: str, current_doc: str) -> str:
    """A relative URL in the built site (raw HTML is not rewritten by MkDocs).

    >>> site_href("arts/glossary.md", "arts-fatigue", "arts/combat.md")
    '../glossary/#arts-fatigue'
    >>> site_href("arts/combat.md", "x", "arts/combat.md")
    '#x'
    """
    target, current = page_url(target_doc), page_url(current_doc)
    if target == current:
        return f"#{fragment}"
    rel = posixpath.relpath(target or ".", current or ".")
    return f"{rel.rstrip('/')}/#{fragment}" if rel != "." else f"./#{fragment}"


def dom_id(calc_id: str) -> str:
    """The HTML id of a calculator on its page.

    >>> dom_id("glittershard.damage")
    'calc-glittershard-damage'
    """
    return "calc-" + calc_id.replace(".", "-").replace("_", "-")


def share_path(item_id: str, folder: str) -> str:
    """Where the own page of an entry (``folder`` ``rule``) or a calculator (``calc``) is
    (``macros/publish/share.py``).

    >>> share_path("arts.basic_attack", "rule"), share_path("glittershard.damage", "calc")
    ('arts/rule/basic_attack/', 'glittershard/calc/damage/')
    """
    system, _, name = item_id.partition(".")
    return f"{system}/{folder}/{name.replace('.', '-')}/"
