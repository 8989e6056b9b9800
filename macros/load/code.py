"""Where a book's Markdown holds code, as the site's Markdown (Python-Markdown with
superfences) reads it: what is there is text, shown verbatim, never HTML.

Only what is surely code counts (the sanitizer cleans everything else): a fenced block
at no indent (or four spaces a level, every line so, as a list nests it), with at most a
language after its fence, closed by the first same fence; and a code span on one line,
without a pipe, paired as Python-Markdown pairs backticks (its own code) in a run of
lines that is one paragraph, a list's items, or a heading or a one-line quote. Nothing
inside a ``<summary>``, or a ``<details>`` without ``markdown`` (to its closing tag,
nested ones counted), is code: Python-Markdown reads no Markdown there.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from markdown.inlinepatterns import BACKTICK_RE, BacktickInlineProcessor

_FENCE = re.compile(
    r"^((?: {4}|\t)*)(`{3,}|~{3,})[ \t]*[\w+#.-]*[ \t]*\n(?:\1[^\n]*\n|[ \t]*\n)*?\1\2[ \t]*$",
    re.M,
)
_RAW = re.compile(r"<details\b[^>]*>|<summary\b", re.I)  # where Markdown may not be read
_READ = re.compile(r"""<details\s+markdown(?:\s*=\s*(["']?)(?:1|block)\1)?\s*>""", re.I)
_DETAILS_TAG = re.compile(r"<(/?)details\b[^>]*>", re.I)
_SUMMARY_END = re.compile(r"</summary\s*>", re.I)
#: Python-Markdown's own reader of code spans: its pattern finds a backtick, its method
#: pairs it (a string of backticks closed by the next one as long, and its fallbacks).
_TICKS = BacktickInlineProcessor(BACKTICK_RE)
_RUN = re.compile(r"(?:^[ \t]*\S[^\n]*(?:\n|\Z))+", re.M)  # lines with no blank between
_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+\.)[ \t]")  # Python-Markdown's list items
_HEADING = re.compile(r"[ \t]{0,3}#")
_QUOTE = re.compile(r"[ \t]{0,3}>")
#: What a line may start with for a run to be read: a letter, a number, emphasis, code,
#: a quote mark... (not a block of its own: a table, a definition, an admonition, HTML).
_PLAIN = re.compile(r"[ \t]{0,3}(?:[^\s\-*+#>|:!?\[<~`=_\d]|`(?!``)|\d+(?![.)\d])|[*_]{1,3}\w)")


def code_spans(text: str) -> list[tuple[int, int]]:
    r"""Where ``text`` holds code the site shows verbatim, in order.

    >>> t = "a `<b>` c\n\\`<i>` and `x\n\ny`\n\n<details>`z`</details>"
    >>> [t[s:e] for s, e in code_spans(t)]  # after an escaped backtick, '` and `' is one
    ['`<b>`', '` and `']
    >>> t = "~~~\n<script>\n~~~\n\n* `<b>` a\n* `<i>`\n\n> `a\n> `<b>`"
    >>> [t[s:e] for s, e in code_spans(t)]  # a quote's lines are one paragraph: not read
    ['~~~\n<script>\n~~~', '`<b>`', '`<i>`']
    """
    found: list[tuple[int, int]] = []
    blocked: list[tuple[int, int]] = []
    at = 0
    ahead = [_FENCE.search(text), _RAW.search(text)]
    while True:  # left to right: what opens first (a fence, or where nothing is code) wins
        for index, pattern in enumerate((_FENCE, _RAW)):
            held = ahead[index]
            if held is not None and held.start() < at:
                ahead[index] = pattern.search(text, at)
        matches = [m for m in ahead if m]
        if not matches:
            break
        match = min(matches, key=lambda m: m.start())
        span = match.span() if match.re is _FENCE else _raw(text, match)
        at = max(span[1], match.start() + 1)
        if span[1] > span[0]:
            blocked.append(span)
        if match.re is _FENCE:
            found.append(span)
    for run in _RUN.finditer(text):
        if _overlaps(blocked, *run.span()):
            continue
        for start, end in _inline_parts(text, run.start(), run.end()):
            found += [
                (start + s, start + e)
                for s, e in _spans_in(text[start:end])
                if not set(text[start + s : start + e]) & {"\n", "|"}
            ]
    return sorted(found)


def _spans_in(data: str) -> list[tuple[int, int]]:
    """The code spans of one inline text, as Python-Markdown pairs their backticks.

    >>> _spans_in("``<b>a`| ```")  # no string of two backticks closes the first
    []
    >>> data = "`x` and ``y`` z"
    >>> [data[s:e] for s, e in _spans_in(data)]
    ['`x`', '``y``']
    """
    spans: list[tuple[int, int]] = []
    at = 0
    while match := _TICKS.compiled_re.search(data, at):
        if match.group(1):  # escaped backslashes
            at = match.end()
            continue
        start, end = _TICKS.find_code_spans(match.start(), data)
        if end is None:
            at = start
            continue
        at = end + (start - match.start())
        spans.append((match.start(), at))
    return spans


def _raw(text: str, match: re.Match[str]) -> tuple[int, int]:
    """Where Python-Markdown reads no Markdown from a ``<summary>`` or a ``<details>``
    (without ``markdown``; to its own closing tag, nested ones counted) on; an empty span
    for a ``<details markdown>``.

    >>> t = "<details>a<details markdown>b</details>c</details>d"
    >>> s, e = _raw(t, _RAW.match(t)); t[s:e]
    '<details>a<details markdown>b</details>c</details>'
    """
    if match.group(0).lower().startswith("<summary"):
        close = _SUMMARY_END.search(text, match.end())
        return match.start(), close.end() if close else len(text)
    if _READ.fullmatch(match.group(0)):
        return match.start(), match.start()
    depth = 0
    for tag in _DETAILS_TAG.finditer(text, match.start()):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return match.start(), tag.end()
    return match.start(), len(text)


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether any of ``spans`` (sorted, apart) overlaps ``start:end``."""
    index = bisect_left(spans, (end, -1)) - 1  # the last to start before ``end``
    return index >= 0 and spans[index][1] > start


def _inline_parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    r"""The parts of a run of lines Python-Markdown reads as one inline text each: the run
    (a paragraph), each list item of a run that starts with one, a heading line; none
    when a line may start a block of another kind.

    >>> t = "* a\n  b\n* c\n# H\nText\nmore"
    >>> [t[s:e] for s, e in _inline_parts(t, 0, len(t))]
    ['* a\n  b\n', '* c\n', '# H\n', 'Text\nmore']
    >>> _inline_parts("Text\n| a |", 0, 10), _inline_parts("<p>`a`", 0, 6)
    ([], [])
    """
    parts: list[tuple[int, int]] = []
    lines = text[start:end].splitlines(keepends=True)
    at, first, items = start, True, False
    for line in lines:
        if _HEADING.match(line):
            parts.append((at, at + len(line)))
            first = True
        elif first or (items and _ITEM.match(line)):
            items = bool(_ITEM.match(line))
            if not (items or _PLAIN.match(line) or (_QUOTE.match(line) and len(lines) == 1)):
                return []
            parts.append((at, at + len(line)))
            first = False
        elif _PLAIN.match(line):
            parts[-1] = (parts[-1][0], at + len(line))
        else:
            return []
        at += len(line)
    return parts


def in_code(spans: list[tuple[int, int]], offset: int) -> bool:
    """Whether ``offset`` is inside one of ``spans`` (sorted, apart: :func:`code_spans`).

    >>> in_code([(2, 5), (9, 12)], 4), in_code([(2, 5), (9, 12)], 5)
    (True, False)
    """
    index = bisect_right(spans, (offset, len(spans) and spans[-1][1] + 1)) - 1
    return index >= 0 and spans[index][0] <= offset < spans[index][1]
