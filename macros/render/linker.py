"""Link every mention of a defined name in Markdown to its definition.

A mention is a run of whole words (``[A-Za-z][A-Za-z0-9-]*``, as written, case and
all) spelling a name, its words apart by spaces or tabs and at most one line break;
where names overlap, the one of the most words wins. All the names of a book are one
compiled regular expression, a trie of their characters (:func:`names_pattern`), so the
text is scanned once, in C, whatever the number of names: the cost grows with the
length of the text, not with text x names.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Callable, Collection, Iterable
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
#: Between two words of a mention: spaces or tabs, or one line break with spaces around
#: (``[ \t]+|[ \t]*\n[ \t]*``, spelled so that it starts with a space, tab or break).
_GAP = r"(?:[ \t]+\n?|\n)[ \t]*"
#: A word ends where no letter, digit or hyphen follows.
_WORD_END = r"(?![A-Za-z0-9-])"
#: Where a word starts: after the digits and hyphens at the start of a run of word
#: characters (``_WORD`` starts a word at its first letter: ``9Quark`` holds ``Quark``).
_WORD_START = r"(?<![A-Za-z0-9-])[0-9-]*"


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
    return f"{_relative(target_doc, posixpath.dirname(current_doc) or '.')}#{anchor}"


@functools.lru_cache(maxsize=1 << 16)
def _relative(target_doc: str, folder: str) -> str:
    """``target_doc`` relative to ``folder`` (remembered: the pages of a folder link to
    the same pages many times, and ``relpath`` is slow).

    >>> _relative("arts/statuses.md", "dice")
    '../arts/statuses.md'
    """
    return posixpath.relpath(target_doc, folder)


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


def names_pattern(names: Iterable[str]) -> str:
    """A regular expression matching any of ``names`` (words joined by single spaces),
    the name of the most words first where several start at one word; the caller
    requires the end of a word after it.

    The names are a trie of characters, so the expression branches once per character
    that tells names apart (the end of a name is an empty branch, tried last), and the
    regex engine never tries the names one by one.

    >>> names_pattern(["Cover", "Covered", "Full"])
    '(?:Cover(?:ed|)|Full)'
    >>> pattern = f"{_WORD_START}({names_pattern(['Cover', 'Full Cover'])}){_WORD_END}"
    >>> [m.group(1) for m in re.finditer(pattern, "Full Cover, Full\\n Cover, FullCover, Covers")]
    ['Full Cover', 'Full\\n Cover']
    """
    trie: dict[str, dict] = {}
    for name in names:
        node = trie
        for char in name:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_pattern(trie)


def _trie_pattern(node: dict[str, dict]) -> str:
    """The expression of one trie ``node``: its branches, then (where a name ends there)
    an empty branch, so a longer name is tried before a shorter one."""
    branches = []
    for char in sorted(key for key in node if key):
        step = _GAP if char == " " else re.escape(char)
        branches.append(step + _trie_pattern(node[char]))
    if "" in node:
        branches.append("")
    if len(branches) == 1:
        return branches[0]
    return "(?:" + "|".join(branches) + ")"


@functools.lru_cache(maxsize=16)
def _compiled(names: tuple[str, ...]) -> re.Pattern[str]:
    """The scanner of ``names`` (remembered: a build makes a linker per book for the
    pages, the print view and the share pages, all with the same names)."""
    try:
        alternatives = names_pattern(names)
        return re.compile(f"{_WORD_START}({alternatives}){_WORD_END}")
    except RecursionError:  # hundreds of names each a prefix of the next: nest no groups
        return re.compile(f"{_WORD_START}({flat_pattern(names)}){_WORD_END}")


def flat_pattern(names: Iterable[str]) -> str:
    """:func:`names_pattern` as one flat alternation, the names of more words first (the
    same matches, each name tried in turn).

    >>> flat_pattern(["Cover", "Full Cover"]).replace(_GAP, " ")
    '(?:Full Cover|Cover)'
    """
    ordered = sorted(names, key=lambda name: -name.count(" "))
    return "(?:" + "|".join(_GAP.join(map(re.escape, name.split(" "))) for name in ordered) + ")"


class Linker:
    """Replaces mentions of known names with Markdown links carrying a title."""

    def __init__(self, names: dict[str, Target]) -> None:
        #: Each name by its words joined with single spaces; the first of equal ones wins.
        self._targets: dict[str, Target] = {}
        for name, target in names.items():
            words = _WORD.findall(name)
            if words and " ".join(words) == " ".join(name.split()):
                self._targets.setdefault(" ".join(words), target)
        self._pattern = _compiled(tuple(self._targets)) if self._targets else None

    def link(
        self, markdown: str, current_doc: str, skip: str | Collection[str] | None = None
    ) -> str:
        """Link mentions in ``markdown`` rendered on ``current_doc``.

        Mentions of the entry ``skip`` (the one being defined; or of the entries, given
        several ids) stay plain, whole: the shorter names inside them are not linked either.

        >>> linker = Linker({"Covered": Target("a.c", "a/g.md", "c", "C"),
        ...                  "Fully Covered": Target("a.f", "a/g.md", "f", "F")})
        >>> linker.link("Fully Covered beats Covered.", "a/g.md", skip="a.f")
        'Fully Covered beats [Covered](#c "C").'
        >>> linker.link("Fully\\nCovered, unCovered, 9Covered, `Covered`", "b.md")
        '[Fully\\nCovered](a/g.md#f "F"), unCovered, 9[Covered](a/g.md#c "C"), `Covered`'
        """

        def kept(protected: str) -> str:
            wiki = _WIKI.fullmatch(protected)
            return self._wiki(wiki, current_doc) if wiki else protected

        skipped = {skip} if isinstance(skip, str) else set(skip or ())
        return outside_protected(
            markdown, lambda text: self._link_plain(text, current_doc, skipped), kept
        )

    def _wiki(self, wiki: re.Match[str], current_doc: str) -> str:
        """An Obsidian ``[[Page|label]]`` link: to the definition if one exists,
        otherwise shown as a link to a page the rulebook never wrote."""
        page, label = wiki.group(1).strip(), (wiki.group(2) or wiki.group(1)).strip()
        target = self._targets.get(" ".join(_WORD.findall(page)))
        if target is not None:
            url = href(target.doc, target.anchor, current_doc)
            return f'[{label}]({url} "{target.title}")'
        note = f"The rulebook links to a page it never wrote: {page}".replace('"', "'")
        return f'<span class="rb-unwritten" title="{note}">{label}</span>'

    def _link_plain(self, text: str, current_doc: str, skip: set[str]) -> str:
        if self._pattern is None:
            return text
        out: list[str] = []
        position = 0
        for found in self._pattern.finditer(text):
            label = found.group(1)
            target = self._targets[" ".join(label.split())]
            if target.entry_id in skip:  # the entry's own name: left plain, not split
                continue
            start, end = found.span(1)
            url = href(target.doc, target.anchor, current_doc)
            out.append(text[position:start])
            out.append(f'[{label}]({url} "{target.title}")')
            position = end
        out.append(text[position:])
        return "".join(out)
