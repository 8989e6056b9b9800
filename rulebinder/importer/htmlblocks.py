"""HTML blocks of a Markdown source, made what the site reads: an HTML table becomes a
Markdown table (the importer makes table entries of those), each merged cell (``rowspan``,
``colspan``) repeated in every place it covers, with a note; a ``<details>`` gets the
``markdown`` attribute, so the Markdown the author wrote inside it is read, as GitHub does.

What stands in code (a code span, a fenced block) is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

from macros.load.code import code_spans, in_code

_TABLE_START = re.compile(r"^[ \t]{0,3}<table\b", re.I | re.M)
_TABLE_END = re.compile(r"</table\s*>", re.I)
_DETAILS = re.compile(r"^([ \t]{0,3})<details>", re.I | re.M)  # one that starts a block
#: Inline tags a cell keeps (the sanitizer's safe list keeps them on the site).
_INLINE = frozenset({"ins", "u", "em", "strong", "sup", "sub", "kbd"})


@dataclass
class _Cell:
    text: str = ""
    rows: int = 1
    columns: int = 1
    header: bool = False


class _Table(HTMLParser):
    """One ``<table>`` read from the start of ``text``: its rows of cells, its caption, and
    where it ends (``end``, just past ``</table>``; -1 if it never does)."""

    def __init__(self, text: str, start: int = 0) -> None:
        super().__init__(convert_charrefs=True)
        self.text = ""  # what was read: from ``start`` to a ``</table>``
        self.rows: list[list[_Cell]] = []
        self.caption = ""
        self.depth = 0
        self.end = -1
        self._cell: _Cell | None = None
        self._in_caption = False
        for close in _TABLE_END.finditer(text, start):  # read on to the closing one
            read = len(self.text)
            self.text = text[start : close.end()]
            self.feed(self.text[read:])
            if self.end >= 0:
                break
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.depth += 1
        elif tag == "tr" and self.depth == 1:
            self.rows.append([])
        elif tag in ("td", "th") and self.depth == 1:
            if not self.rows:
                self.rows.append([])
            held = dict(attrs)
            self._cell = _Cell(rows=_span(held.get("rowspan")),
                               columns=_span(held.get("colspan")), header=tag == "th")
            self.rows[-1].append(self._cell)
        elif tag == "caption":
            self._in_caption = True
        elif tag == "br":
            self.handle_data(" ")
        elif tag in _INLINE and not attrs:
            self.handle_data(f"<{tag}>", raw=True)

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.depth -= 1
            if self.depth == 0 and self.end < 0:
                at = _offset(self.text, self.getpos())
                self.end = self.text.index(">", at) + 1
        elif tag in ("td", "th") and self.depth == 1:
            self._cell = None
        elif tag == "caption":
            self._in_caption = False
        elif tag in _INLINE:
            self.handle_data(f"</{tag}>", raw=True)

    def handle_data(self, data: str, raw: bool = False) -> None:
        if self.end >= 0:
            return
        if not raw:
            data = data.replace("|", "\\|")
        if self._in_caption:
            self.caption += data
        elif self._cell is not None:
            self._cell.text += data


def _span(value: str | None) -> int:
    """A ``rowspan``/``colspan`` as a count (1 when missing or not a number, at most 100)."""
    return max(1, min(100, int(value))) if value and value.strip().isdigit() else 1


def _offset(text: str, position: tuple[int, int]) -> int:
    """The offset in ``text`` of a parser's (line, column)."""
    line, column = position
    return sum(len(row) for row in text.splitlines(keepends=True)[: line - 1]) + column


def grid(rows: list[list[_Cell]]) -> tuple[list[list[str]], bool]:
    """Rows of cell texts, a merged cell repeated in every place it covers; whether any was.

    >>> cells = [[_Cell("A", rows=2), _Cell("b")], [_Cell("c")], [_Cell("D", columns=2)]]
    >>> grid(cells)
    ([['A', 'b'], ['A', 'c'], ['D', 'D']], True)
    """
    out: list[list[str]] = []
    pending: dict[int, tuple[str, int]] = {}  # column -> (text, rows still to cover)
    merged = False
    for row in rows:
        line: list[str] = []
        cells = iter(row)
        while True:
            column = len(line)
            if column in pending:
                text, left = pending[column]
                line.append(text)
                pending[column] = (text, left - 1)
                if left == 1:
                    del pending[column]
                continue
            cell = next(cells, None)
            if cell is None:
                break
            text = " ".join(cell.text.split())
            merged = merged or cell.rows > 1 or cell.columns > 1
            for offset in range(cell.columns):
                line.append(text)
                if cell.rows > 1:
                    pending[column + offset] = (text, cell.rows - 1)
        out.append(line)
    width = max((len(line) for line in out), default=0)
    return [line + [""] * (width - len(line)) for line in out], merged


def markdown_table(rows: list[list[str]], caption: str = "") -> list[str]:
    """A GFM table of ``rows`` (the first is its header), its caption before it.

    >>> print("\\n".join(markdown_table([["Heat", "Bribe"], ["Low", "1"]], "Heat")))
    Table: Heat
    <BLANKLINE>
    | Heat | Bribe |
    | --- | --- |
    | Low | 1 |
    """
    lines = [f"Table: {' '.join(caption.split())}", ""] if caption.strip() else []
    lines.append("| " + " | ".join(rows[0]) + " |")
    lines.append("|" + " --- |" * len(rows[0]))
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return lines


def convert_tables(text: str, name: str) -> tuple[str, list[str]]:
    """``text`` with each HTML table that starts a line (not in code) made a Markdown
    table, and a note for each (``file:line``).

    >>> source = ('Heat:\\n\\n<table><tr><th>Heat</th><th>Bribe</th></tr>\\n'
    ...           '<tr><td rowspan="2">Low</td><td>1</td></tr><tr><td>2</td></tr></table>\\nEnd.')
    >>> text, notes = convert_tables(source, "b.md")
    >>> print(text)
    Heat:
    <BLANKLINE>
    | Heat | Bribe |
    | --- | --- |
    | Low | 1 |
    | Low | 2 |
    <BLANKLINE>
    End.
    >>> print(notes[0].replace("; ", ";\\n"))
    b.md:3: an HTML table made a Markdown table;
    its merged cells (rowspan, colspan) are repeated in each row and column they cover: check it
    """
    notes: list[str] = []
    out: list[str] = []
    at = 0
    spans = code_spans(text) if _TABLE_START.search(text) else []
    line, counted = 1, 0
    for match in _TABLE_START.finditer(text):
        start = match.start()
        if start < at or in_code(spans, match.end() - 1):
            continue
        table = _Table(text, start)
        if table.end < 0 or not table.rows or not any(table.rows):
            continue
        rows, merged = grid([row for row in table.rows if row])
        line += text.count("\n", counted, start)  # counted on from the last table
        counted = start
        note = f"{name}:{line}: an HTML table made a Markdown table"
        if merged:
            note += ("; its merged cells (rowspan, colspan) are repeated in each row and "
                     "column they cover: check it")
        notes.append(note)
        held = text[start : start + table.end].count("\n") + 1
        made = markdown_table(rows, table.caption)
        made += [""] * max(1, held - len(made))  # the lines after keep their numbers
        out += [text[at:start], "\n".join(made)]
        at = start + table.end
        if text[at : at + 1] == "\n":
            at += 1
    out.append(text[at:])
    return "".join(out), notes


def read_details(text: str) -> str:
    """A ``<details>`` that starts a block (not in code) with ``markdown``, so the site's
    Markdown reads inside it.

    >>> read_details("<details>\\n<summary>W</summary>\\n\\n*Two.*\\n</details>\\n\\n`<details>`")
    '<details markdown="1">\\n<summary>W</summary>\\n\\n*Two.*\\n</details>\\n\\n`<details>`'
    """
    spans = code_spans(text) if _DETAILS.search(text) else []
    return _DETAILS.sub(
        lambda m: m.group(0) if in_code(spans, m.start())
        else f'{m.group(1)}<details markdown="1">',
        text,
    )
