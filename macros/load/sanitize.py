"""Raw HTML in a book: only a short safe list is kept, the rest is dropped and reported.

A book may come from anyone. Markdown passes inline HTML through, so before rules data is
rendered every HTML tag in its text is checked: ``ins``, ``u``, ``em``, ``strong``, ``sup``,
``sub`` and ``br`` without attributes are kept; any other tag (with its content for
``script`` and ``style``), any attribute (``onerror=``, ``href="javascript:..."``) and HTML
comments are dropped, and the caller says where (``file:line``).
"""

from __future__ import annotations

import re
from typing import Any

SAFE = frozenset({"ins", "u", "em", "strong", "sup", "sub", "br"})
_WITH_CONTENT = re.compile(r"<(script|style|iframe|object|template)\b.*?(</\1\s*>|$)", re.I | re.S)
_COMMENT = re.compile(r"<!--.*?(-->|$)", re.S)
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)\b(?![:@.])([^<>@]*)>")  # not <https://..>
_LINK = re.compile(r"\]\(\s*<?\s*(?:javascript|vbscript|data):(?:[^()]|\([^()]*\))*\)", re.I)


def clean(text: str) -> tuple[str, list[str]]:
    """``text`` with unsafe HTML dropped, and what was dropped.

    >>> clean("Roll <ins>2d6</ins> <u>now</u>.<br> <https://x.org> <me@x.org>")
    ('Roll <ins>2d6</ins> <u>now</u>.<br> <https://x.org> <me@x.org>', [])
    >>> clean('Hi<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold</b>')
    ('Hi  bold', ['<script>', '<img>', '<b>', '</b>'])
    >>> clean('<ins onclick="x()">a</ins> [go](javascript:alert(1))')
    ('a [go]()', ['<ins onclick>', 'javascript: link', '</ins>'])
    """
    dropped: list[str] = []

    def whole(match: re.Match[str]) -> str:
        dropped.append(f"<{match.group(1).lower()}>")
        return ""

    text = _WITH_CONTENT.sub(whole, text)
    if _COMMENT.search(text):
        dropped.append("<!-- comment -->")
        text = _COMMENT.sub("", text)

    def tag(match: re.Match[str]) -> str:
        name, attributes = match.group(1).lower(), match.group(2).strip().rstrip("/").strip()
        if name in SAFE and not attributes:
            return match.group(0)
        closing = match.group(0).startswith("</")
        shown = f"<{'/' if closing else ''}{name}"
        if attributes and name in SAFE:
            shown += " " + " ".join(re.findall(r"([\w-]+)\s*=", attributes))
        dropped.append(shown + ">")
        return ""

    text = _TAG.sub(tag, text)
    if _LINK.search(text):
        dropped.append("javascript: link")
        text = _LINK.sub("]()", text)
    # An orphan closing tag of a safe element whose opening tag was dropped.
    for name in SAFE:
        if text.count(f"</{name}>") > text.count(f"<{name}>"):
            dropped.append(f"</{name}>")
            text = text.replace(f"</{name}>", "")
    return text, dropped


def clean_tree(value: Any) -> tuple[Any, list[str]]:
    """Every string inside ``value`` (mappings, lists) cleaned; what was dropped.

    >>> clean_tree({"a": ["<script>x</script>ok", 3]})
    ({'a': ['ok', 3]}, ['<script>'])
    """
    if isinstance(value, str):
        return clean(value)
    dropped: list[str] = []
    if isinstance(value, list):
        out = []
        for item in value:
            item, found = clean_tree(item)
            out.append(item)
            dropped += found
        return out, dropped
    if isinstance(value, dict):
        for key in list(value):
            value[key], found = clean_tree(value[key])
            dropped += found
        return value, dropped
    return value, dropped
