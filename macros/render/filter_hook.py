"""MkDocs hook: the wrappers of the lists a reader can filter (``macros/render/filtering.py``).

The rendering marks where a list, a group or an item starts and ends with HTML
comments holding the tag (``<!--rb-filter <div ...>-->``); after Markdown has made the
page's HTML, this hook puts the tags in their place. Wrapping the Markdown in
``<div markdown>`` instead would change the page: raw HTML inside it (a calculator's
heading) would be read as a heading of the page and added to its table of contents.

Called by the ``rulebinder`` plugin's ``on_page_content`` (it also works as an MkDocs hook
file: it needs nothing but the standard library).
"""

from __future__ import annotations

import re
from typing import Any

_MARK = re.compile(r"<!--rb-filter (<[^>]*>)-->")


def mark(tag: str) -> str:
    """A tag kept in a comment through Markdown, as a block of its own.

    >>> mark("</div>")
    '\\n\\n<!--rb-filter </div>-->\\n\\n'
    """
    if "-->" in tag or ">" in tag[:-1]:
        raise ValueError(f"not a tag that fits a comment: {tag!r}")
    return f"\n\n<!--rb-filter {tag}-->\n\n"


def unmark(html: str) -> str:
    """The HTML with every marked tag in place of its comment.

    >>> unmark('<!--rb-filter <div class="x">-->\\n<p>a</p>\\n<!--rb-filter </div>-->')
    '<div class="x">\\n<p>a</p>\\n</div>'
    """
    return _MARK.sub(lambda match: match.group(1), html)


def on_page_content(html: str, **kwargs: Any) -> str:
    """Put the list wrappers of a page in place (a page without lists is unchanged)."""
    return unmark(html) if "<!--rb-filter " in html else html
