"""Chinese passages: found by their characters, marked ``lang="zh-Hant"`` in the HTML.

Parts of a rulebook may be written in Chinese (the Space Shard chapter is
partly in Traditional Chinese). Browsers and screen readers need the language
of a passage to pick a font with the right glyphs and the right voice, and the
site's stylesheet gives ``[lang|="zh-Hant"]`` a CJK font stack.

The decision is made per block (paragraph, list item, table cell, heading,
definition): a block with more Han characters than Latin letters is Chinese
and carries the ``lang`` itself, digits and abbreviations inside it (``6DP``)
included; in any other block each run of Han characters (with the CJK
punctuation around it) is wrapped in ``<span lang="zh-Hant">``, so the English
around it stays English. Code is never touched. This runs on the parsed page
(a Python-Markdown tree processor), after the table of contents is made, so
link titles, attributes and the contents sidebar are left as they are.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

#: The language tag of the rulebooks' Chinese text.
LANG = "zh-Hant"

#: Han ideographs: extension A, the unified block, compatibility ideographs, extensions B-H.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
#: CJK punctuation: the CJK symbols block and the full-width punctuation (not letters/digits).
_PUNCT = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
_HAN_CHAR = re.compile(f"[{_HAN}]")
_LATIN_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f]")
#: Character references and Python-Markdown's placeholders (STX ... ETX): not words.
_NOT_WORDS = re.compile(r"(?:&|\x02amp\x03)#?\w+;|\x02[^\x03]*\x03")
_RUN = re.compile(f"[{_PUNCT}]*[{_HAN}][{_HAN}{_PUNCT}]*")

#: Elements whose text is one passage: each gets its own language decision.
BLOCKS = frozenset(
    {"p", "li", "td", "th", "dt", "dd", "caption", "figcaption", "summary"}
    | {f"h{level}" for level in range(1, 7)}
)
#: Elements whose text is never marked (code keeps its own font).
SKIPPED = frozenset({"code", "pre", "kbd", "samp", "script", "style"})


def han_count(text: str) -> int:
    """How many Han characters ``text`` holds.

    >>> han_count("Special cases (特殊)")
    2
    """
    return len(_HAN_CHAR.findall(text))


def is_chinese(text: str) -> bool:
    """Whether a passage is Chinese: more Han characters than Latin letters.

    >>> is_chinese("如：攻擊檢定獲得6DP增強加值，則所有帶有“攻擊”字眼的行動全部獲得對應的加值。")
    True
    >>> is_chinese("this place is not blocked or has any obstacle (沒有困難地形)")
    False
    >>> is_chinese("Covered defense")
    False
    >>> is_chinese("攻擊類型&para;")  # a heading and its permalink sign: entities are not words
    True
    >>> is_chinese("攻擊類型\\x02amp\\x03para;")  # the same, as Python-Markdown holds it
    True
    """
    han = han_count(text)
    return han > 0 and han > len(_LATIN_LETTER.findall(_NOT_WORDS.sub("", text)))


def chinese_runs(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each run of Han characters and CJK punctuation.

    A run holds at least one Han character; CJK punctuation next to it joins it.

    >>> text = "First 特殊 (Special) and 【Guarding】; obstacle (沒有困難地形)."
    >>> [text[start:end] for start, end in chinese_runs(text)]
    ['特殊', '沒有困難地形']
    >>> text = "an item that has 【格擋】, not cover"
    >>> [text[start:end] for start, end in chinese_runs(text)]
    ['【格擋】']
    """
    return [match.span() for match in _RUN.finditer(text)]


def _own_text(element: etree.Element) -> str:
    """The text of ``element`` without the text of nested blocks (judged on their own)."""
    parts = [element.text or ""]
    for child in element:
        if child.tag not in BLOCKS and child.tag not in SKIPPED:
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    return "".join(parts)


def _span(text: str) -> etree.Element:
    span = etree.Element("span", {"lang": LANG})
    span.text = text
    return span


def _wrap(text: str) -> tuple[str, list[etree.Element]]:
    """Split ``text`` into the text before its first Chinese run and spans (with tails).

    >>> head, spans = _wrap("obstacle (沒有困難地形) here")
    >>> head, [(s.text, s.tail, s.get("lang")) for s in spans]
    ('obstacle (', [('沒有困難地形', ') here', 'zh-Hant')])
    """
    runs = chinese_runs(text)
    if not runs:
        return text, []
    spans = []
    for index, (start, end) in enumerate(runs):
        span = _span(text[start:end])
        following = runs[index + 1][0] if index + 1 < len(runs) else len(text)
        span.tail = text[end:following] or None
        spans.append(span)
    return text[: runs[0][0]], spans


def mark_chinese(element: etree.Element, inherited: bool = False) -> None:
    """Mark the Chinese passages under ``element`` (see the module's docstring).

    >>> root = etree.fromstring(
    ...     "<div><p>特殊：你使用帶有【格擋】的物品</p>"
    ...     "<p>Special <b>cases</b> (特殊) and <code>掩蔽</code></p></div>")
    >>> mark_chinese(root)
    >>> etree.tostring(root, encoding="unicode")  # doctest: +NORMALIZE_WHITESPACE
    '<div><p lang="zh-Hant">特殊：你使用帶有【格擋】的物品</p><p>Special <b>cases</b>
     (<span lang="zh-Hant">特殊</span>) and <code>掩蔽</code></p></div>'
    """
    if element.tag in SKIPPED:
        return
    if not inherited and element.tag in BLOCKS and is_chinese(_own_text(element)):
        element.set("lang", LANG)
        inherited = True
    children = list(element)
    if not inherited:  # one pass, new spans after the text or tail they come from
        head, spans = _wrap(element.text or "")
        if spans:
            element.text = head or None
        arranged = spans
        for child in children:
            tail, spans = _wrap(child.tail or "")
            if spans:
                child.tail = tail or None
            arranged += [child, *spans]
        if len(arranged) != len(children):
            element[:] = arranged
    for child in children:
        mark_chinese(child, inherited)


class ChineseLangTreeprocessor(Treeprocessor):
    """Runs :func:`mark_chinese` on every page."""

    def run(self, root: etree.Element) -> None:
        mark_chinese(root)


class ChineseLangExtension(Extension):
    """A Python-Markdown extension that marks Chinese passages ``lang="zh-Hant"``.

    >>> import markdown
    >>> page = "全掩蔽效果。\\n\\n* cover (掩蔽)"
    >>> print(markdown.markdown(page, extensions=[ChineseLangExtension()]))
    <p lang="zh-Hant">全掩蔽效果。</p>
    <ul>
    <li>cover (<span lang="zh-Hant">掩蔽</span>)</li>
    </ul>
    """

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        # After the table of contents (5), so headings' contents entries stay plain text.
        md.treeprocessors.register(ChineseLangTreeprocessor(md), "rulebinder_zh_lang", 4)
