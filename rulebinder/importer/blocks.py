"""Markdown to blocks, with markdown-it-py (CommonMark, GFM tables, definition lists).

A block is one top-level construct of the source (a heading, a paragraph, a list, a table,
a block quote, a definition list, ...) with the source lines it spans, so its Markdown is
kept verbatim: the site renders the author's own Markdown.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.deflist import deflist_plugin

_PARSER = (
    MarkdownIt("commonmark").enable("table").use(deflist_plugin).disable(["inline", "text_join"])
)
"""Blocks only: an inline token's ``content`` is all a block needs, so inline Markdown is
not tokenized (that was half the parse of a long book)."""
_MARKS = re.compile(r"(\*\*|__|\*|_|`)")


@dataclass
class Block:
    """One top-level block: ``kind`` is the markdown-it token type without ``_open``
    (``heading``, ``paragraph``, ``bullet_list``, ``ordered_list``, ``table``,
    ``blockquote``, ``dl``, ``hr``, ``html_block``, ``fence``, ``code_block``)."""

    kind: str
    start: int
    end: int
    markdown: str
    level: int = 0
    inline: str = ""
    cells: list[list[str]] = field(default_factory=list)
    nested: list[tuple[int, int, list[list[str]]]] = field(default_factory=list)
    """Tables inside a list or a block quote: their source lines (start, end) and cells."""


def plain(inline: str) -> str:
    """An inline's text without emphasis, code marks and inline HTML tags.

    >>> plain("***Glittershard’s End - Technical manual***")
    'Glittershard’s End - Technical manual'
    >>> plain("**<u>Melee Attacks</u>**&nbsp;")
    'Melee Attacks'
    """
    text = html.unescape(re.sub(r"</?[A-Za-z][^>]*>", "", inline))
    return " ".join(_MARKS.sub("", text).split())


def parse_blocks(markdown: str) -> list[Block]:
    """The top-level blocks of ``markdown``, in order.

    >>> [(b.kind, b.level, b.inline) for b in parse_blocks("Title\\n===\\n\\nText *a*.\\n")]
    [('heading', 1, 'Title'), ('paragraph', 0, 'Text *a*.')]
    >>> parse_blocks("| a | b |\\n|---|---|\\n| 1 | 2 |\\n")[0].cells
    [['a', 'b'], ['1', '2']]
    """
    lines = markdown.splitlines()
    tokens = _PARSER.parse(markdown)
    blocks: list[Block] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.level != 0 or token.nesting == -1:
            index += 1
            continue
        end = index
        if token.nesting == 1:
            depth = 0
            while True:
                depth += tokens[end].nesting
                if depth == 0:
                    break
                end += 1
        start_line, end_line = token.map or (0, 0)
        kind = token.type.removesuffix("_open")
        block = Block(kind, start_line, end_line, "\n".join(lines[start_line:end_line]))
        inner = tokens[index + 1 : end]
        if kind == "heading":
            block.level = int(token.tag[1])
            block.inline = inner[0].content if inner else ""
        elif kind == "paragraph":
            block.inline = inner[0].content if inner else ""
        elif kind == "table":
            block.cells = _cells(inner)
        elif kind in ("bullet_list", "ordered_list"):
            block.markdown = _reindent(lines, start_line, end_line, inner)
        if kind in ("bullet_list", "ordered_list", "blockquote"):
            block.nested = _nested_tables(inner)
        blocks.append(block)
        index = end + 1
    return blocks


def _nested_tables(tokens: list[Token]) -> list[tuple[int, int, list[list[str]]]]:
    """The outermost tables among a block's inner tokens: lines and cells.

    >>> block = parse_blocks("> | a | b |\\n> |---|---|\\n> | 1 | 2 |\\n")[0]
    >>> block.kind, block.nested
    ('blockquote', [(0, 3, [['a', 'b'], ['1', '2']])])
    """
    found = []
    for at, token in enumerate(tokens):
        if token.type == "table_open" and token.map:
            end = next(i for i in range(at, len(tokens)) if tokens[i].type == "table_close")
            found.append((token.map[0], token.map[1], _cells(tokens[at + 1 : end])))
    return found


def _cells(tokens: list[Token]) -> list[list[str]]:
    rows: list[list[str]] = []
    for token in tokens:
        if token.type == "tr_open":
            rows.append([])
        elif token.type == "inline" and rows:
            rows[-1].append(token.content.strip())
    return rows


def _reindent(lines: list[str], start: int, end: int, tokens: list[Token]) -> str:
    r"""A list's lines with nested items indented by four spaces a level, as the site's
    Markdown (Python-Markdown) needs; CommonMark nests them by the marker's width.

    >>> md = "1. One\n2. Two:\n   * a;\n   * b.\n3. Three"
    >>> print(parse_blocks(md)[0].markdown)
    1. One
    2. Two:
        * a;
        * b.
    3. Three
    """
    depth_of = [0] * (end - start)
    depth = 1
    for token in tokens:
        if token.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif token.type == "list_item_open" and token.map:
            for line in range(token.map[0], token.map[1]):
                depth_of[line - start] = depth
    out = []
    for offset, line in enumerate(lines[start:end]):
        level = depth_of[offset]
        out.append(" " * 4 * (level - 1) + line.lstrip() if level > 1 and line.strip() else line)
    return "\n".join(out)
