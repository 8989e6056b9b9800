"""What a shared link says: a page's description in plain words, the licence line a page,
a print and an embed show, and the text "Copy with attribution" puts on the clipboard.

A chat preview (OpenGraph, Twitter cards) reads a title, a description and a URL; these
functions make the description from the rule's own words, so a link to *Bleeding* unfurls
as the rule.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from ..load.rulesdata import License
from ..load.schema import LINKABLE_KINDS
from .urls import anchor

__all__ = ["SHARED_KINDS", "mark_entry", "plain_text", "describe", "license_html", "license_note",
           "attributed"]

SHARED_KINDS = LINKABLE_KINDS | {"table"}
"""Kinds with a page of their own (``macros/publish/share.py``): the kinds the text links
wherever they are mentioned (term, status, ability, attribute, art, check) and tables. A
section or a formula is shared by its place in the book (``#anchor``, ``?embed=1``)."""


def mark_entry(markdown: str, kind: str, entry_id: str, also: Sequence[str] = ()) -> str:
    """Mark the anchor of an entry of a kind with a page of its own with its id
    (``data-rb-entry``), where a page's script adds its share link (``assets/embed.js``):
    the first ``id="..."`` or ``{ #... }`` naming it. ``also`` are the ids of entries
    ``refine.yml`` merged into it: each keeps its anchor there, so a link to it still lands.

    >>> mark_entry("### Cover { #m-cover }", "term", "m.cover", ["m.shelter"])
    '### <span class="rb-anchor" id="m-shelter"></span>Cover { #m-cover data-rb-entry="m.cover" }'

    >>> mark_entry("### Pin { #arts-pin }", "ability", "arts.pin")
    '### Pin { #arts-pin data-rb-entry="arts.pin" }'
    >>> mark_entry('<span class="rb-anchor" id="arts-x"></span>**X:** y', "term", "arts.x")
    '<span class="rb-anchor" id="arts-x" data-rb-entry="arts.x"></span>**X:** y'
    >>> mark_entry("### A { #arts-a }", "section", "arts.a")
    '### A { #arts-a }'
    """
    markdown = _anchor_too(markdown, anchor(entry_id), also)
    place = anchor(entry_id)
    forms = ((f'id="{place}"', f'id="{place}" data-rb-entry="{entry_id}"'),
             (f"#{place} ", f'#{place} data-rb-entry="{entry_id}" '))
    found = [(markdown.find(old), old, new) for old, new in forms if old in markdown]
    if kind not in SHARED_KINDS or not found:
        return markdown
    at, old, new = min(found)
    return markdown[:at] + new + markdown[at + len(old):]


def _anchor_too(markdown: str, place: str, also: Sequence[str]) -> str:
    """``markdown`` with an anchor for each id of ``also`` where the anchor ``place`` is:
    beside its ``<span>``, or at the start of the heading that names it.

    >>> _anchor_too('<span class="rb-anchor" id="a"></span>**A:** x', "a", ["m.b"])
    '<span class="rb-anchor" id="a"></span><span class="rb-anchor" id="m-b"></span>**A:** x'
    """
    spans = "".join(f'<span class="rb-anchor" id="{anchor(was)}"></span>' for was in also)
    if not spans:
        return markdown
    span = f'id="{place}"></span>'
    if span in markdown:
        return markdown.replace(span, span + spans, 1)
    heading = re.search(rf"^(#+ )(?=.*\{{ #{re.escape(place)}\b)", markdown, re.M)
    if heading:
        return markdown[:heading.end()] + spans + markdown[heading.end():]
    return spans + "\n\n" + markdown


_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_ATTRS = re.compile(r"\{[:#.][^}]*\}")
_MARKS = re.compile(r"(\*\*|__|\*|`|~~|^#+\s+|^\s*[-*+]\s+|^\s*>\s?|\|)", re.M)
_SPACE = re.compile(r"\s+")


def plain_text(text: str) -> str:
    """Words only: Markdown links, emphasis, HTML tags and attribute lists taken out.

    >>> plain_text("A [Bleeding](x.md 'b') creature loses **1 HP** <span id='a'></span>each turn.")
    'A Bleeding creature loses 1 HP each turn.'
    >>> plain_text("[Roll]{dice=2d6} twice | and *keep* it")
    'Roll twice and keep it'
    """
    text = _TAG.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\{[^}]*\}", r"\1", text)
    text = _ATTRS.sub("", text)
    text = _MARKS.sub(" ", text)
    text = html.unescape(text)
    return _SPACE.sub(" ", text).strip()


def describe(text: str, limit: int = 200) -> str:
    """A description of at most ``limit`` characters, cut at a word with an ellipsis.

    >>> describe("Short rule.")
    'Short rule.'
    >>> describe("word " * 60, limit=20)
    'word word word word…'
    """
    words = plain_text(text)
    if len(words) <= limit:
        return words
    cut = words[: limit - 1]
    if words[limit - 1] != " " and " " in cut:
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,;:.") + "…"


def license_note(terms: License) -> str:
    """The licence in one sentence of plain text.

    >>> license_note(License("CC-BY-4.0", "SRD 5.2 by Wizards of the Coast",
    ...     "https://creativecommons.org/licenses/by/4.0/"))
    'Text: SRD 5.2 by Wizards of the Coast. Licence: CC-BY-4.0 (https://creativecommons.org/licenses/by/4.0/).'
    >>> print(license_note(License("NOASSERTION", "Demo, a homebrew rulebook")))
    Text: Demo, a homebrew rulebook. The rulebook states no licence: ask its author before
    reusing its text.
    """
    if not terms.stated:
        return (f"Text: {terms.attribution}. The rulebook states no licence: ask its author "
                "before reusing its text.")
    where = f" ({terms.url})" if terms.url else ""
    return f"Text: {terms.attribution}. Licence: {terms.spdx}{where}."


def license_html(terms: License) -> str:
    """The licence line of a page, a print and an embed (``rel="license"`` where it links).

    >>> license_html(License("CC-BY-4.0", "SRD", "https://example.org/by"))
    '<p class="rb-license" data-spdx="CC-BY-4.0">Text: SRD. Licence: <a rel="license" href="https://example.org/by">CC-BY-4.0</a>.</p>'
    """
    who = html.escape(terms.attribution)
    spdx = html.escape(terms.spdx, quote=True)
    if not terms.stated:
        body = (f"Text: {who}. The rulebook states no licence: ask its author before "
                "reusing its text.")
    elif terms.url:
        body = (f'Text: {who}. Licence: <a rel="license" '
                f'href="{html.escape(terms.url, quote=True)}">{html.escape(terms.spdx)}</a>.')
    else:
        body = f"Text: {who}. Licence: {html.escape(terms.spdx)}."
    return f'<p class="rb-license" data-spdx="{spdx}">{body}</p>'


def attributed(name: str, text: str, url: str, terms: License) -> str:
    """A rule as "Copy with attribution" copies it: its name, its words, where it is and
    the attribution its licence asks for.

    >>> print(attributed("Bleeding", "Lose **1 HP** a turn.", "https://x.org/demo/rule/bleeding/",
    ...       License("CC-BY-4.0", "Demo by A. Author", "https://creativecommons.org/licenses/by/4.0/")))
    Bleeding: Lose 1 HP a turn.
    — https://x.org/demo/rule/bleeding/
    Text: Demo by A. Author. Licence: CC-BY-4.0 (https://creativecommons.org/licenses/by/4.0/).
    """
    return f"{name}: {plain_text(text)}\n— {url}\n{license_note(terms)}"
