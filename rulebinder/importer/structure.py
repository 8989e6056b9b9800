"""Blocks to pages and entries: headings are sections, tables are tables, block quotes
with a bold title are sidebars, tagged or glossary headings are terms, and the Markdown in
between is kept verbatim as the sections' text (or ``prose`` after a table or a sidebar).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .blocks import Block, plain
from .ids import Ids, page_name
from .problems import Problem
from .read import Source
from .tables import dice_calculator, lift_tables, table_entry
from .terms import (
    TAGGED,
    RunIn,
    definition_list,
    glossary_label,
    is_glossary,
    is_letter_group,
    run_in_terms,
    term_level,
)

_SIDEBAR = re.compile(r"^\s*>\s*\*\*([^*\n]+?)\*\*[:.]?\s*")
_CAPTION = re.compile(r"^Table:\s*(.+)$")
_NUMBERED_CAPTION = re.compile(r"^Table\s+[\w.-]{1,6}(\s*[:.\-–—]\s*\S.*)?$")
_BOLD_LINE = re.compile(r"^(\*\*|__)[^*_\n]+\1$")


def caption_of(inline: str) -> str | None:
    """The table caption a paragraph is, if it is one: ``Table: Name``, ``Table 7: Name``
    or a short bold line (kept as a caption only when a table follows it).

    >>> caption_of("Table: Lights"), caption_of("**Table 7: Travel Pace**")
    ('Lights', 'Table 7: Travel Pace')
    >>> caption_of("**Weapons**"), caption_of("Table 3 shows the costs."), caption_of("Hi")
    ('Weapons', None, None)
    """
    text = inline.strip()
    named = _CAPTION.match(plain(text))
    if named:
        return plain(named.group(1))
    words = plain(text)
    if _NUMBERED_CAPTION.match(words) or (_BOLD_LINE.match(text) and len(words.split()) <= 8):
        return words.rstrip(":")
    return None


@dataclass
class PageData:
    """One page: its name, title and entries (plain mappings, as the YAML holds them)."""

    name: str
    title: str
    entries: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Structured:
    """What a book's sources became."""

    pages: list[PageData]
    run_ins: list[RunIn]
    problems: list[Problem]
    titles: list[str]


def split_level(blocks: list[Block]) -> int:
    """The heading level that starts a page: the top level, or the next one when the top
    level has a single heading (the book's title).

    >>> split_level([Block("heading", 0, 1, "# T", 1), Block("heading", 2, 3, "## A", 2)])
    2
    >>> split_level([Block("heading", 0, 1, "### A", 3), Block("heading", 2, 3, "### B", 3)])
    3
    """
    levels = sorted(b.level for b in blocks if b.kind == "heading")
    if not levels:
        return 0
    top = levels[0]
    deeper = [level for level in levels if level > top]
    return deeper[0] if levels.count(top) == 1 and deeper else top


def block_labels(block: Block) -> list[tuple[str, str]] | None:
    r"""A paragraph's or bullet list's ``**Term:** text`` labels (:func:`.terms.glossary_label`),
    when it is one or every item is one; else ``None``.

    >>> from rulebinder.importer.blocks import parse_blocks
    >>> block_labels(parse_blocks("- **Prone:** down.\n- **Hidden:** unseen.")[0])
    [('Prone', 'down.'), ('Hidden', 'unseen.')]
    >>> block_labels(parse_blocks("- **Prone:** down.\n- unseen.")[0]) is None
    True
    """
    if block.kind not in ("paragraph", "bullet_list"):
        return None
    items = [block.markdown]
    if block.kind == "bullet_list":
        items = re.split(r"\n(?=[-*+]\s)", block.markdown)
    found = [glossary_label(item) for item in items]
    return None if not all(found) else [f for f in found if f]


def glossary_term_levels(blocks: list[Block]) -> dict[int, int]:
    r"""Each glossary heading's line, with the heading level of its terms (:func:`term_level`
    of the headings under it, letter groups aside), or 0 where the terms are the part's
    ``**Term:** text`` labels and its headings only group them: the labels' names are all
    different and there are at least three times as many as headings (a heading term's own
    labels, such as a condition's "Speed 0." and "Attacks Affected.", are one to four each).

    >>> md = "## Rules Glossary\n### A\n#### Ally\n#### Armor\n### B\n#### Bane\n## Next"
    >>> from rulebinder.importer.blocks import parse_blocks
    >>> glossary_term_levels(parse_blocks(md))
    {0: 4}
    >>> harmful = "".join(f"**{n}:** hurts.\n\n" for n in ("Burning", "Frozen", "Dazed",
    ...                                                     "Bleeding", "Blinded"))
    >>> md = f"## Conditions\n### Harmful\n{harmful}### Helpful\n**Hasted:** quick."
    >>> glossary_term_levels(parse_blocks(md))
    {0: 0}
    >>> md = ("## Conditions\n### Blinded\n***Can't See.*** No sight.\n\n***Attacks.*** Bane."
    ...       "\n\n### Prone\n***Crawl.*** Half speed.")
    >>> glossary_term_levels(parse_blocks(md))
    {0: 3}
    """
    out: dict[int, int] = {}
    at = 0
    while at < len(blocks):
        head = blocks[at]
        at += 1
        if head.kind != "heading" or not is_glossary(plain(head.inline)):
            continue
        levels, names, labels = [], [], []
        while at < len(blocks) and not (
            blocks[at].kind == "heading" and blocks[at].level <= head.level
        ):
            block = blocks[at]
            if block.kind == "heading" and not is_letter_group(plain(block.inline)):
                levels.append(block.level)
                names.append(plain(block.inline))
            else:
                labels += [name.lower() for name, _ in block_labels(block) or []]
            at += 1
        level = term_level(levels, names) or head.level + 1
        grouped = len(set(labels)) == len(labels) >= 3 * levels.count(level)
        out[head.start] = 0 if levels and grouped else level
    return out


class _Builder:
    """Walks one source's blocks, keeping the heading path and the entry being filled."""

    def __init__(self, source: Source, ids: Ids, system: str, one_page: bool,
                 term_levels: dict[int, int] | None = None) -> None:
        self.source, self.ids, self.system = source, ids, system
        self.term_levels = term_levels or {}  # a glossary heading's line -> its terms' level
        self.term_level = 0
        self.one_page = one_page
        self.pages: list[PageData] = []
        self.problems: list[Problem] = []
        self.path: list[tuple[int, str]] = []
        self.open: dict[str, Any] | None = None  # the entry whose text the prose goes into
        self.prose: list[Block] = []
        self.caption: str | None = None
        self.caption_block: Block | None = None
        self.in_terms: set[int] = set()  # the lines of blocks within a heading term's text
        self.glossary_level = 0
        self.titles: list[str] = []
        self.section_ids: list[tuple[int, str]] = []  # (source line, entry id), for run-ins
        self._lines: list[str] | None = None
        self._first_line: str | None = None

    # -- helpers ---------------------------------------------------------------------
    def source_ref(self) -> dict[str, str]:
        heading = " > ".join(text for _, text in self.path) or self.first_line()
        return {"file": self.source.name, "heading": heading}

    def lines(self) -> list[str]:
        """The source's lines, split once (a long book is flushed thousands of times)."""
        if self._lines is None:
            self._lines = self.source.markdown.splitlines()
        return self._lines

    def first_line(self) -> str:
        """What names text before the first heading: the book's first short line (found
        once: a book without headings asks for it at every entry)."""
        if self._first_line is None:
            self._first_line = next(
                (plain(line.strip()) for line in self.lines()
                 if line.strip() and len(line.strip()) <= 60), self.source.name)
        return self._first_line

    def page(self) -> PageData:
        if not self.pages:
            title = self.titles[0] if self.titles else self.source.path.stem
            self.pages.append(PageData("", title))
        return self.pages[-1]

    def add(self, entry: dict[str, Any]) -> dict[str, Any]:
        self.page().entries.append(entry)
        return entry

    def flush(self) -> None:
        """The Markdown gathered since the last entry: the open entry's text, or prose."""
        if not self.prose:
            return
        lines = self.lines()
        out: list[str] = []
        at = self.prose[0].start
        for block in self.prose:
            out += lines[at : block.start]
            own = block.markdown.split("\n")  # a list's last line may be the blank after it
            # '####$ x' is text in CommonMark but a heading to the site's Markdown: escape it
            if block.kind == "paragraph" and own and own[0].lstrip().startswith("#"):
                own[0] = "\\" + own[0].lstrip()
            out += own
            at = block.end
        text = "\n".join(out).strip("\n")
        self.prose = []
        if not text.strip():
            return
        if self.open is not None and "text" not in self.open:
            self.open["text"] = text
            return
        base = self.open["id"].partition(".")[2] if self.open else "text"
        self.add(
            {
                "kind": "prose",
                "id": self.ids.new(f"{base}_text"),
                "name": "Text",
                "text": text,
                "source": self.source_ref(),
            }
        )

    # -- blocks ----------------------------------------------------------------------
    def heading(self, block: Block, level_of_page: int) -> None:
        self.flush()
        name = plain(block.inline)
        if not name:
            where = block.start + 1
            self.problems.append(Problem(self.source.name, where, "a heading with no text"))
            return
        while self.path and self.path[-1][0] >= block.level:
            self.path.pop()
        self.path.append((block.level, name))
        if self.glossary_level and block.level <= self.glossary_level:
            self.glossary_level = 0
        starts_page = (not self.one_page and block.level == level_of_page) or (
            self.one_page and not self.pages
        )
        if block.level < level_of_page and not self.one_page:
            self.titles.append(name)
        if starts_page:
            self.pages.append(PageData("", name))
        tagged = TAGGED.match(name)
        in_glossary = (self.glossary_level and block.level == self.term_level
                       and not is_letter_group(name))
        depth = block.level - level_of_page if level_of_page else block.level - 1
        level = max(2, min(6, 2 + depth))
        if (tagged or in_glossary) and not starts_page:
            term_name, tag = (tagged.group(1).strip(), tagged.group(2).strip()) if tagged else (
                name, None
            )
            entry: dict[str, Any] = {"kind": "term", "id": self.ids.new(term_name),
                                     "name": term_name}
            if tag:
                entry["tag"] = tag
            entry["source"] = self.source_ref()
            entry["_line"] = block.start + 1
            entry["_level"] = level
            self.open = self.add(entry)
            return
        if not self.glossary_level and is_glossary(name):
            self.glossary_level = block.level
            self.term_level = self.term_levels.get(block.start, block.level + 1)
        entry = {
            "kind": "section",
            "id": self.ids.new(name),
            "name": name,
            "level": level,
            "source": self.source_ref(),
            "_line": block.start + 1,
        }
        self.open = self.add(entry)
        self.section_ids.append((block.start + 1, entry["id"]))

    def table(self, block: Block) -> None:
        self.flush()
        name = self.caption or (f"{self.path[-1][1]} table" if self.path else "Table")
        self.caption, self.caption_block = None, None
        entry, problems = table_entry(block, name, self.ids, self.source, self.source_ref())
        self.problems += problems
        if entry:
            self.add(entry)
            self.open = None
            calculator = dice_calculator(entry, self.ids)
            if calculator:
                self.add(calculator)

    def sidebar(self, block: Block, title: str) -> None:
        self.flush()
        lines = [re.sub(r"^\s*> ?", "", line) for line in block.markdown.splitlines()]
        body = _SIDEBAR.sub("", "> " + lines[0], count=1) if lines else ""
        text = "\n".join([body, *lines[1:]]).strip()
        self.add(
            {
                "kind": "sidebar",
                "id": self.ids.new(title),
                "name": title,
                "text": text or title,
                "source": self.source_ref(),
            }
        )
        self.open = None

    def definitions(self, block: Block) -> None:
        """A definition list: each term in place, with its definition."""
        self.flush()
        for found in definition_list(self.source, block, None):
            self.add(
                {"kind": "term", "id": self.ids.new(found.name), "name": found.name,
                 "text": found.text, "source": self.source_ref(), "_line": found.line}
            )
        self.open = None

    def labelled(self, block: Block) -> bool:
        """In a glossary part, ``**Term:** text`` paragraphs and list items are terms, in
        place (but not within a heading term's definition); whether ``block`` was taken so."""
        if not self.glossary_level:
            return False
        if self.open is not None and self.open["kind"] == "term":
            return False  # a heading term's own labelled paragraphs are its definition
        found = block_labels(block)
        if found is None:
            return False
        self.flush()
        for offset, (name, text) in enumerate(found):
            self.add(
                {"kind": "term", "id": self.ids.new(name), "name": name, "text": text,
                 "source": self.source_ref(), "_line": block.start + 1 + offset}
            )
        self.open = None
        return True

    def block(self, block: Block) -> None:
        if block.nested:  # tables in a list or a block quote: each is table data
            rest, tables = lift_tables(block, self.lines())
            if rest is not None:
                self.block(rest)
            title = _SIDEBAR.match(block.markdown) if block.kind == "blockquote" else None
            for table in tables:
                self.caption = self.caption or (plain(title.group(1)).rstrip(".:")
                                                if title else None)
                self.table(table)
            return
        if self.open is not None and self.open["kind"] == "term":
            self.in_terms.add(block.start)  # a heading term's own text: no run-in terms
        if self.labelled(block):
            return
        if block.kind == "paragraph" and caption_of(block.inline):
            self.flush()
            self.caption, self.caption_block = caption_of(block.inline), block
            return
        if block.kind == "table":
            self.table(block)
            return
        if self.caption_block is not None:  # a caption with no table after it stays text
            self.prose.append(self.caption_block)
            self.caption, self.caption_block = None, None
        if block.kind == "dl":
            self.definitions(block)
            return
        if block.kind == "blockquote":
            title = _SIDEBAR.match(block.markdown)
            if title:
                self.sidebar(block, plain(title.group(1)))
                return
        self.prose.append(block)


def structure(sources: list[Source], system: str, ids: Ids) -> Structured:
    """Pages and entries of every source, in order; problems are gathered, not raised."""
    from .blocks import parse_blocks

    pages: list[PageData] = []
    problems: list[Problem] = []
    run_ins: list[RunIn] = []
    titles: list[str] = []
    one_page = len(sources) > 1
    for source in sources:
        blocks = parse_blocks(source.markdown)
        level = split_level(blocks)
        builder = _Builder(source, ids, system, one_page, glossary_term_levels(blocks))
        for block in blocks:
            if block.kind == "heading":
                builder.heading(block, level)
            else:
                builder.block(block)
        builder.flush()
        problems += builder.problems
        titles += builder.titles
        outside = [b for b in blocks if b.start not in builder.in_terms]
        run_ins += run_in_terms(source, outside, builder.section_ids)
        pages += builder.pages
    used: set[str] = set()
    last: dict[str, int] = {}
    for page in pages:
        page.name = page_name(page.title, used, last)
    return Structured(pages, run_ins, problems, titles)
