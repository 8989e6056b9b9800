"""Raw HTML in a book: only a short safe list is kept, the rest is dropped and reported.

A book may come from anyone. Markdown passes inline HTML through, so before rules data is
rendered every HTML tag in its text is checked: ``ins``, ``u``, ``em``, ``strong``, ``sup``,
``sub``, ``kbd``, ``br``, ``details`` and ``summary`` without attributes (but ``markdown``,
which asks the site's Markdown to read what is inside) are kept; any other tag (with its
content for ``script`` and ``style``), any other attribute (``onerror=``,
``href="javascript:..."``) and HTML comments are dropped, and the caller says where
(``file:line``).

Code is text, not HTML: what a code span (on one line) or a fenced code block holds is
kept verbatim, as the site shows it escaped, except inside ``<summary>`` or a ``<details>``
without ``markdown``, where the site's Markdown reads nothing (so nothing is code there).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from typing import Any

SAFE = frozenset({"ins", "u", "em", "strong", "sup", "sub", "kbd", "br", "details", "summary"})
_WITH_CONTENT = re.compile(r"<(script|style|iframe|object|template)\b.*?(</\1\s*>|$)", re.I | re.S)
_COMMENT = re.compile(r"<!--.*?(-->|$)", re.S)
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)\b(?![:@.])([^<>@]*)>")  # not <https://..>
_LINK = re.compile(r"\]\(\s*<?\s*(?:javascript|vbscript|data):(?:[^()]|\([^()]*\))*\)", re.I)
_MARKDOWN_ATTRIBUTE = re.compile(r"""markdown(\s*=\s*(["']?)(1|block|span)\2)?""", re.I)
# A code span as Python-Markdown reads one (not after a backslash), on one line, with no
# pipe (a table row's cells are split first); a fenced block at no indent (or one a list
# nests it at, four spaces a level, every line of it so), closed by the first same fence.
_SPAN = re.compile(r"(?<!\\)(?:\\\\)*(`+)[^\n`|](?:[^\n|]*?[^\n`|])?\1(?!`)")
_FENCE = re.compile(
    r"^((?: {4}|\t)*)(`{3,}|~{3,})[^\n`]*\n(?:\1[^\n]*\n|[ \t]*\n)*?\1\2[ \t]*$", re.M
)
# Where Python-Markdown reads no Markdown: a <details> without `markdown`, a <summary>.
_RAW = re.compile(
    r"<details(?![^>]*\bmarkdown\b)[^>]*>.*?(?:</details\s*>|\Z)|<summary\b.*?(?:</summary\s*>|\Z)",
    re.I | re.S,
)


def code_spans(text: str) -> list[tuple[int, int]]:
    r"""Where ``text`` holds code the site shows verbatim: fenced blocks and code spans,
    outside a ``<summary>`` or a ``<details>`` without ``markdown``.

    >>> t = "a `<b>` c\n\\`<i>` and `x\n\ny`\n\n<details>`z`</details>"
    >>> [t[s:e] for s, e in code_spans(t)]  # after an escaped backtick, '` and `' is one
    ['`<b>`', '` and `']
    >>> t = "~~~\n<script>\n~~~\n<details markdown>`<b>`</details>"
    >>> [t[s:e] for s, e in code_spans(t)]
    ['~~~\n<script>\n~~~', '`<b>`']
    """
    found: list[tuple[int, int]] = []
    at = 0
    patterns = (_FENCE, _SPAN, _RAW)
    ahead = [p.search(text) for p in patterns]  # each one's next match (searched once)
    while True:  # left to right: what opens first (code, or where nothing is code) wins
        for index, pattern in enumerate(patterns):
            held = ahead[index]
            if held is not None and held.start() < at:
                ahead[index] = pattern.search(text, at)
        matches = [m for m in ahead if m]
        if not matches:
            return found
        match = min(matches, key=lambda m: m.start())
        at = max(match.end(), match.start() + 1)
        if match.re is not _RAW:
            held = match.group(0)
            found.append((match.start() + len(held) - len(held.lstrip("\\")), match.end()))


def clean(text: str) -> tuple[str, list[str]]:
    """``text`` with unsafe HTML dropped, and what was dropped.

    >>> clean("Roll <ins>2d6</ins> <u>now</u>.<br> <https://x.org> <me@x.org>")
    ('Roll <ins>2d6</ins> <u>now</u>.<br> <https://x.org> <me@x.org>', [])
    >>> clean('Hi<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold</b>')
    ('Hi  bold', ['<script>', '<img>', '<b>', '</b>'])
    >>> clean('<ins onclick="x()">a</ins> [go](javascript:alert(1))')
    ('a [go]()', ['<ins onclick>', 'javascript: link', '</ins>'])
    >>> clean("Never write `<script>` here: the rest stays. <kbd>R</kbd> rolls.")
    ('Never write `<script>` here: the rest stays. <kbd>R</kbd> rolls.', [])
    >>> clean('<details markdown="1"><summary>Why?</summary>`<b>`</details>')[1]
    []
    >>> clean("<details>`<script>x()</script>`</details>")
    ('<details>``</details>', ['<script>'])
    """
    kept, dropped = clean_at(text)
    return kept, once([what for _, what in dropped])


def once(whats: list[str]) -> list[str]:
    """What was dropped, a comment and a ``javascript:`` link named once each.

    >>> once(["<!-- comment -->", "<b>", "<!-- comment -->", "<b>"])
    ['<!-- comment -->', '<b>', '<b>']
    """
    seen: set[str] = set()
    out = []
    for what in whats:
        if what in ("<!-- comment -->", "javascript: link") and what in seen:
            continue
        seen.add(what)
        out.append(what)
    return out


def clean_at(text: str) -> tuple[str, list[tuple[int, str]]]:
    """``text`` with unsafe HTML dropped, and what was dropped, each at its offset in
    ``text`` (code is kept: :func:`code_spans`).

    >>> clean_at("ok\\n`<b>` <b>x</b>")
    ('ok\\n`<b>` x', [(9, '<b>'), (13, '</b>')])

    Code inside a tag is no code: the tag, with it, goes.

    >>> clean_at('<img src=x onerror=alert(1) title="`>`">')
    ('`">', [(0, '<img>')])
    """
    out: list[str] = []
    dropped: list[tuple[int, str]] = []
    at = 0
    for start, end in [*code_spans(text), (len(text), len(text))]:
        if start < len(text) and _opens_tag(text, at, start):
            continue  # what follows is in the tag: cleaned with it
        kept, found = _clean_part(text[at:start])
        out += [kept, text[start:end]]
        dropped += [(at + offset, what) for offset, what in found]
        at = end
    kept = "".join(out)
    for name in SAFE:  # an orphan closing tag of a safe element whose opening was dropped
        while f"</{name}>" in kept and _count(kept, f"</{name}>") > _count(kept, f"<{name}"):
            where = kept.rfind(f"</{name}>")
            dropped.append((where, f"</{name}>"))
            kept = kept[:where] + kept[where + len(name) + 3 :]
    return kept, dropped


def _opens_tag(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` ends inside a tag (a ``<`` and a letter, ``/``, ``!`` or
    ``?`` with no ``>`` after it).

    >>> _opens_tag('<img title="', 0, 12), _opens_tag("a <b>c", 0, 6), _opens_tag("1 < 2", 0, 5)
    (True, False, False)
    """
    opened = text.rfind("<", start, end)
    after = text[opened + 1 : opened + 2]
    return (
        opened >= 0
        and (after.isalpha() or after in ("/", "!", "?"))
        and text.find(">", opened, end) < 0
    )


def _count(text: str, tag: str) -> int:
    """How often ``tag`` opens (``<sup``: then ``>`` or a space) or closes outside code."""
    spans = code_spans(text)
    pattern = re.escape(tag) + ("" if tag.endswith(">") else r"[\s>]")
    return sum(1 for m in re.finditer(pattern, text) if not in_code(spans, m.start()))


def in_code(spans: list[tuple[int, int]], offset: int) -> bool:
    """Whether ``offset`` is inside one of ``spans`` (sorted, apart: :func:`code_spans`).

    >>> in_code([(2, 5), (9, 12)], 4), in_code([(2, 5), (9, 12)], 5)
    (True, False)
    """
    index = bisect_right(spans, (offset, len(spans) and spans[-1][1] + 1)) - 1
    return index >= 0 and spans[index][0] <= offset < spans[index][1]


def _clean_part(text: str) -> tuple[str, list[tuple[int, str]]]:
    """``text`` (no code in it) with unsafe HTML dropped; what was dropped, each at its
    offset in ``text``.

    >>> _clean_part("<script>x</script> <b>y</b> <!-- z --> [a](javascript:b)")
    (' y  [a]()', [(0, '<script>'), (19, '<b>'), (23, '</b>'), (28, '<!-- comment -->'), \
(41, 'javascript: link')])
    """
    stages: list[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[str, str | None]]]] = [
        (_WITH_CONTENT, lambda m: ("", f"<{m.group(1).lower()}>")),
        (_COMMENT, lambda m: ("", "<!-- comment -->")),
        (_TAG, _tag),
        (_LINK, lambda m: ("]()", "javascript: link")),
    ]
    dropped: list[tuple[int, str]] = []
    backs: list[Callable[[int], int]] = []
    for pattern, judge in stages:
        found: list[tuple[int, str]] = []
        text, back = _substitute(pattern, text, judge, found)
        for offset, what in found:
            for earlier in reversed(backs):
                offset = earlier(offset)
            dropped.append((offset, what))
        backs.append(back)
    return text, sorted(dropped, key=lambda d: d[0])


def _tag(match: re.Match[str]) -> tuple[str, str | None]:
    """A tag kept (and nothing said), or dropped and named."""
    name, attributes = match.group(1).lower(), match.group(2).strip().rstrip("/").strip()
    if name in SAFE and (not attributes or _MARKDOWN_ATTRIBUTE.fullmatch(attributes)):
        return match.group(0), None
    shown = f"<{'/' if match.group(0).startswith('</') else ''}{name}"
    if attributes and name in SAFE:
        shown += " " + " ".join(re.findall(r"([\w-]+)\s*=", attributes))
    return "", shown + ">"


def _substitute(
    pattern: re.Pattern[str],
    text: str,
    judge: Callable[[re.Match[str]], tuple[str, str | None]],
    found: list[tuple[int, str]],
) -> tuple[str, Callable[[int], int]]:
    """``text`` with each match of ``pattern`` replaced as ``judge`` says (what it drops
    added to ``found`` at the match's offset); and a map from offsets in the new text back
    to ``text``'s.

    >>> found = []
    >>> new, back = _substitute(re.compile("b+"), "abbcb", lambda m: ("", "b"), found)
    >>> new, back(1), back(2), found
    ('ac', 3, 5, [(1, 'b'), (4, 'b')])
    """
    out: list[str] = []
    ends: list[tuple[int, int]] = []  # (end of a replacement in the new text, shift after it)
    at = shift = 0
    for match in pattern.finditer(text):
        new, what = judge(match)
        if what is not None:
            found.append((match.start(), what))
        out += [text[at : match.start()], new]
        end = match.start() - shift + len(new)
        shift += len(match.group(0)) - len(new)
        ends.append((end, shift))
        at = match.end()
    out.append(text[at:])

    edges = [end for end, _ in ends]

    def back(offset: int) -> int:
        index = bisect_right(edges, offset)
        return offset + (ends[index - 1][1] if index else 0)

    return "".join(out), back


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
