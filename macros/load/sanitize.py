"""Raw HTML in a book: only a short safe list is kept, the rest is dropped and reported.

A book may come from anyone. Markdown passes inline HTML through, so before rules data is
rendered every HTML tag in its text is checked: ``ins``, ``u``, ``em``, ``strong``, ``sup``,
``sub``, ``kbd``, ``br``, ``details`` and ``summary`` without attributes (but ``markdown``,
which asks the site's Markdown to read what is inside) are kept; any other tag (with its
content for ``script`` and ``style``), any other attribute (``onerror=``,
``href="javascript:..."``) and HTML comments are dropped, and the caller says where
(``file:line``).

Code is text, not HTML: what a code span or a fenced code block holds
(:mod:`macros.load.code`) is kept verbatim, as the site shows it escaped.
"""

from __future__ import annotations

import functools
import html
import re
from bisect import bisect_right
from collections.abc import Callable
from typing import Any

from .code import code_spans, in_code

SAFE = frozenset({"ins", "u", "em", "strong", "sup", "sub", "kbd", "br", "details", "summary"})
_WITH_CONTENT = re.compile(r"<(script|style|iframe|object|template)\b.*?(</\1\s*>|$)", re.I | re.S)
_COMMENT = re.compile(r"<!--.*?(-->|$)", re.S)
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)\b(?![:@.])([^<>@]*)>")  # not <https://..>
_LINK = re.compile(r"\]\(\s*<?\s*(?:javascript|vbscript|data):(?:[^()]|\([^()]*\))*\)", re.I)
# A '<' and what may make a tag of it: kept only where it starts a safe tag or an address.
_STRAY = re.compile(r"<(?=[A-Za-z/!?])")
_KEPT = re.compile(
    rf"</?(?:{'|'.join(sorted(SAFE))})\b(?:\s+markdown(?:\s*=\s*([\"']?)(?:1|block|span)\1)?)?"
    r"\s*/?>|<[A-Za-z][\w+.-]*:[^\s<>\"']*>|<[^\s<>@\"']+@[^\s<>\"']+>",
    re.I,
)
# Where a link's address starts: inline, or in a reference definition.
_DESTINATION = re.compile(r"\]\(\s*<?|^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*<?", re.M)
_MARKDOWN_ATTRIBUTE = re.compile(r"""markdown(\s*=\s*(["']?)(1|block|span)\2)?""", re.I)


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
    >>> clean('<details markdown="1">\\n<summary>Why?</summary>\\n\\n`<b>`\\n\\n</details>')[1]
    []
    >>> clean("<details>`<script>x()</script>`</details>")
    ('<details>``</details>', ['<script>'])
    """
    if not _markup(text):
        return text, []
    kept, dropped = _cleaned(text)
    return kept, list(dropped)


def _markup(text: str) -> bool:
    """Whether ``text`` holds anything a stage could match: a ``<`` (tag, comment), or a
    link's address (``](`` inline, ``]:`` a reference definition)."""
    return "<" in text or "](" in text or "]:" in text


@functools.lru_cache(maxsize=1 << 16)
def _cleaned(text: str) -> tuple[str, tuple[str, ...]]:
    """:func:`clean`, once per text while the process lives (a rebuild under ``serve``
    cleans only the texts an edit changed)."""
    kept, dropped = clean_at(text)
    return kept, tuple(once([what for _, what in dropped]))


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
    ``text`` (code is kept: :mod:`macros.load.code`). What is left is cleaned again until
    nothing more goes (a dropped tag may join two halves of one, or move a backtick).

    >>> clean_at("ok\\n`<b>` <b>x</b>")
    ('ok\\n`<b>` x', [(9, '<b>'), (13, '</b>')])
    >>> clean_at("<scr<b>ipt>alert(1)</script>")  # a '<' that starts no safe tag is text
    ('&lt;script>alert(1)', [(4, '<b>'), (19, '</script>')])

    Code inside a tag is no code: the tag, with it, goes.

    >>> clean_at('<img src=x onerror=alert(1) title="`>`">')
    ('`">', [(0, '<img>')])

    A text without ``<``, ``](`` or ``]:`` holds nothing to drop (the common case):

    >>> clean_at("Roll 2d6 [twice] and add: 3 > 2")
    ('Roll 2d6 [twice] and add: 3 > 2', [])
    """
    if not _markup(text):
        return text, []  # no tag, comment or link address: nothing any stage could match
    kept, dropped = _clean_once(text)
    if kept == text and not dropped:  # cleaning it again would find the same: nothing
        return kept, dropped
    for _ in range(3):
        again, more = _clean_once(kept)
        if not more:
            return kept, dropped
        kept, dropped = again, dropped + more  # offsets of the text cleaned once: near enough
    while True:  # what still changes is cleaned as if it held no code at all
        again, more = _clean_part(kept)
        if not more:
            return kept, dropped
        kept, dropped = again, dropped + more


def _clean_once(text: str) -> tuple[str, list[tuple[int, str]]]:
    """One pass of :func:`clean_at`."""
    out: list[str] = []
    dropped: list[tuple[int, str]] = []
    at = 0
    spans = code_spans(text)
    for start, end in [*spans, (len(text), len(text))]:
        if start < len(text) and _opens_tag(text, at, start):
            continue  # what follows is in the tag: cleaned with it
        kept, found = _clean_part(text[at:start])
        out += [kept, text[start:end]]
        dropped += [(at + offset, what) for offset, what in found]
        at = end
    kept = "".join(out)
    if kept != text:  # (unchanged, its code is where it was)
        spans = code_spans(kept) if "</" in kept else []
    for name in sorted(SAFE):  # an orphan closing tag of a safe element whose opening went
        close = f"</{name}>"
        if close not in kept:
            continue
        batch = _orphans(kept, close, spans, _count(kept, f"<{name}", spans))
        if batch is not None:
            kept, spans = batch[0], batch[1]
            dropped += [(where, close) for where in batch[2]]
            continue
        while _count(kept, close, spans) > _count(kept, f"<{name}", spans):
            where = max(m.start() for m in re.finditer(re.escape(close), kept)
                        if not in_code(spans, m.start()))
            dropped.append((where, close))
            kept = kept[:where] + kept[where + len(close) :]
            spans = code_spans(kept)
    return kept, dropped


def _orphans(
    text: str, close: str, spans: list[tuple[int, int]], opened: int
) -> tuple[str, list[tuple[int, int]], list[int]] | None:
    """``text`` without its orphan ``close`` tags (more close outside code than ``opened``:
    the last ones outside code go; code keeps what it holds), its code spans, and where each
    went, last first: in one pass what removing them one by one, finding the code again
    each time, does. ``None`` when removing them moved the code (a tag that ended a fence
    line, or stood between backticks): then they are removed one by one.

    >>> text = "a</b> b</b> `</b>` c</b>"
    >>> _orphans(text, "</b>", code_spans(text), 1)
    ('a</b> b `</b>` c', [(8, 14)], [20, 7])
    """
    places = [m.start() for m in re.finditer(re.escape(close), text)]
    excess = sum(1 for at in places if not in_code(spans, at)) - opened
    gone: list[int] = []
    for at in reversed(places):
        if excess <= 0:
            break
        if not in_code(spans, at):
            gone.append(at)
            excess -= 1
    if not gone:
        return text, spans, []
    out, start = [], 0
    for at in reversed(gone):
        out.append(text[start:at])
        start = at + len(close)
    out.append(text[start:])
    kept = "".join(out)
    before = sorted(gone)
    moved = [(s - len(close) * bisect_right(before, s - 1),
              e - len(close) * bisect_right(before, e - len(close))) for s, e in spans]
    found = code_spans(kept)
    if found != moved or kept.count(close) != len(places) - len(gone):
        return None
    return kept, found, gone


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


def _count(text: str, tag: str, spans: list[tuple[int, int]]) -> int:
    """How often ``tag`` opens (``<sup``: then ``>`` or a space) or closes outside code
    (``spans``: :func:`~macros.load.code.code_spans` of ``text``)."""
    pattern = re.escape(tag) + ("" if tag.endswith(">") else r"[\s>]")
    return sum(1 for m in re.finditer(pattern, text) if not in_code(spans, m.start()))


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
        (_DESTINATION, _script_destination),
        (_STRAY, _stray),
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


def _stray(match: re.Match[str]) -> tuple[str, str | None]:
    """A ``<`` left that starts no safe tag and no address written as ``<https://...>``:
    the text ``&lt;`` (what the page shows is the same), never part of a tag a browser reads.

    >>> clean('<details>\\n<summary>a <a href="javascript:x <ins>">b</summary>\\n</details>')[0]
    '<details>\\n<summary>a &lt;a href="javascript:x <ins>">b</summary>\\n</details>'
    """
    if _KEPT.match(match.string, match.start()):
        return match.group(0), None
    return "&lt;", None


def _script_destination(match: re.Match[str]) -> tuple[str, str | None]:
    """A link address that runs a script (``javascript:``, however written: with entities,
    spaces, line breaks, in any case) made a harmless fragment (``#javascript:...``).

    >>> clean("[a](java\\nscript&#58;alert(1) x [b]( JavaScript:x\\n[c]: data:x")
    ('[a](#java\\nscript&#58;alert(1) x [b]( #JavaScript:x\\n[c]: #data:x', ['javascript: link'])
    """
    address = match.string[match.end() : match.end() + 100]
    said = re.sub(r"[\s\x00-\x1f]+", "", html.unescape(address)).lower()
    if said.startswith(("javascript:", "vbscript:", "data:")):
        return match.group(0) + "#", "javascript: link"
    return match.group(0), None


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
