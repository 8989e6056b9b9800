"""Link every mention of a defined name in Markdown to its definition.

Matching walks the words of the text once and looks each word up in a
dictionary keyed by the first word of every name, so the cost grows with the
length of the text, not with text x names.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

_PROTECTED = re.compile(
    r"""
      `[^`\n]*`                     # inline code
    | !?\[[^\]\n]*\]\([^)\n]*\)     # Markdown links and images
    | \[\[[^\]\n]*\]\]              # wiki links left as written
    | <[^>\n]+>                     # HTML tags
    | ^\#{1,6}[ \t].*$              # heading lines
    | \{[:#.][^}\n]*\}              # attribute lists
    | https?://\S+                  # bare addresses
    """,
    re.MULTILINE | re.VERBOSE,
)
_WIKI = re.compile(r"\[\[([^\]|\n]*)(?:\|([^\]\n]*))?\]\]")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
_GAP = re.compile(r"[ \t]+|[ \t]*\n[ \t]*")


@dataclass(frozen=True)
class Target:
    """Where a name points: the entry, its page, its anchor and its hover text."""

    entry_id: str
    doc: str
    anchor: str
    title: str


def outside_protected(
    markdown: str,
    plain: Callable[[str], str],
    protected: Callable[[str], str] = lambda text: text,
) -> str:
    """``markdown`` with ``plain`` applied to its words between the parts no pass may
    change (code, links, HTML tags, heading lines, attribute lists, addresses), which
    go through ``protected`` (kept as they are by default).

    >>> outside_protected("a `b` [c](d.md) e", str.upper)
    'A `b` [c](d.md) E'
    """
    out: list[str] = []
    position = 0
    for found in _PROTECTED.finditer(markdown):
        out.append(plain(markdown[position : found.start()]))
        out.append(protected(found.group(0)))
        position = found.end()
    out.append(plain(markdown[position:]))
    return "".join(out)


def href(target_doc: str, anchor: str, current_doc: str) -> str:
    """Relative link from ``current_doc`` to ``anchor`` on ``target_doc``.

    >>> href("arts/statuses.md", "arts-dazed", "arts/combat.md")
    'statuses.md#arts-dazed'
    >>> href("arts/combat.md", "arts-range", "arts/combat.md")
    '#arts-range'
    >>> href("arts/combat.md", "arts-range", "index.md")
    'arts/combat.md#arts-range'
    """
    if target_doc == current_doc:
        return f"#{anchor}"
    start = posixpath.dirname(current_doc) or "."
    return f"{posixpath.relpath(target_doc, start)}#{anchor}"


def title_text(markdown: str, limit: int = 240) -> str:
    """Plain one-line hover text from Markdown, safe inside a link title.

    >>> title_text('**Type:** Stance "quoted" <u>x</u> > y')
    'Type: Stance ”quoted” x > y'
    >>> title_text("uses [the highest two rolls]{dice=3d6kh2}")
    'uses the highest two rolls'
    """
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    # inline dice marks (macros/render/dice.py)
    text = re.sub(r"\[([^\]\n]*)\]\{(?:dice|contest)=[^{}\s]*\}", r"\1", text)
    text = re.sub(r"\[\[([^\]|]*\|)?([^\]]*)\]\]", r"\2", text)
    text = re.sub(r"</?[A-Za-z][^>]*>", "", text)
    text = re.sub(r"\*\*|__|`|^#+\s*", "", text)
    text = text.replace('"', "\u201d").replace("'", "\u2019").replace("|", "/")
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class Linker:
    """Replaces mentions of known names with Markdown links carrying a title."""

    def __init__(self, names: dict[str, Target]) -> None:
        self._by_first: dict[str, list[tuple[tuple[str, ...], Target]]] = defaultdict(list)
        for name, target in names.items():
            words = tuple(_WORD.findall(name))
            if words and " ".join(words) == " ".join(name.split()):
                self._by_first[words[0]].append((words, target))
        for candidates in self._by_first.values():
            candidates.sort(key=lambda item: -len(item[0]))

    def link(self, markdown: str, current_doc: str, skip: str | None = None) -> str:
        """Link mentions in ``markdown`` rendered on ``current_doc``.

        Mentions of the entry ``skip`` (the one being defined) stay plain.

        >>> linker = Linker({"Covered": Target("a.c", "a/g.md", "c", "C"),
        ...                  "Fully Covered": Target("a.f", "a/g.md", "f", "F")})
        >>> linker.link("Fully Covered beats Covered.", "a/g.md", skip="a.f")
        'Fully Covered beats [Covered](#c "C").'
        """

        def kept(protected: str) -> str:
            wiki = _WIKI.fullmatch(protected)
            return self._wiki(wiki, current_doc) if wiki else protected

        return outside_protected(
            markdown, lambda text: self._link_plain(text, current_doc, skip), kept
        )

    def _wiki(self, wiki: re.Match[str], current_doc: str) -> str:
        """An Obsidian ``[[Page|label]]`` link: to the definition if one exists,
        otherwise shown as a link to a page the rulebook never wrote."""
        page, label = wiki.group(1).strip(), (wiki.group(2) or wiki.group(1)).strip()
        words = tuple(_WORD.findall(page))
        for name_words, target in self._by_first.get(words[0] if words else "", ()):
            if name_words == words:
                url = href(target.doc, target.anchor, current_doc)
                return f'[{label}]({url} "{target.title}")'
        note = f"The rulebook links to a page it never wrote: {page}".replace('"', "'")
        return f'<span class="rb-unwritten" title="{note}">{label}</span>'

    def _link_plain(self, text: str, current_doc: str, skip: str | None) -> str:
        words = list(_WORD.finditer(text))
        out: list[str] = []
        position = 0
        index = 0
        while index < len(words):
            found = self._match(text, words, index, skip)
            if found is None:
                index += 1
                continue
            count, target = found
            if target is None:  # the entry's own name: left plain, not split into shorter names
                index += count
                continue
            start, end = words[index].start(), words[index + count - 1].end()
            label = text[start:end]
            url = href(target.doc, target.anchor, current_doc)
            out.append(text[position:start])
            out.append(f'[{label}]({url} "{target.title}")')
            position = end
            index += count
        out.append(text[position:])
        return "".join(out)

    def _match(
        self, text: str, words: list[re.Match[str]], index: int, skip: str | None
    ) -> tuple[int, Target | None] | None:
        for name_words, target in self._by_first.get(words[index].group(0), ()):
            count = len(name_words)
            if index + count > len(words):
                continue
            if all(
                words[index + k].group(0) == name_words[k]
                and (
                    k == 0
                    or _GAP.fullmatch(text[words[index + k - 1].end() : words[index + k].start()])
                )
                for k in range(count)
            ):
                return count, (None if target.entry_id == skip else target)
        return None
