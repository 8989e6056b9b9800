"""Extract comparable text units from seeds and from the built site.

A unit is a sentence, list item, heading or table row. Both sides pass
through the same :func:`normalise`, so Markdown markers, HTML and spacing
do not matter, but every word and number does, and so do the HTML elements a
book may use for what they say (:data:`MARKED`: ``<kbd>``, ``<sup>``, a
``<details>`` and its ``<summary>``); what a code span holds is text, kept.

Where a unit stands matters too (:func:`seed_units_in`): a sentence of a
paragraph is looked for outside the site's list items (a paragraph merged into
the bullet before it is lost structure), a footnote's note in the site's
footnotes (a raw ``[^label]`` is no footnote), and an HTML table's rows are
read as rows (cells run together are lost).
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[1] / "sources"
"""The rulebooks, kept unchanged in the project (``system.yml``'s ``seed`` names one)."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[*_]*[A-Z0-9])")
_BLOCK_TAGS = {
    "p",
    "div",
    "li",
    "td",
    "th",
    "tr",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "dt",
    "dd",
    "table",
    "ul",
    "ol",
    "section",
    "article",
    "summary",
    "details",
}


#: The HTML elements whose tags are part of a unit (bare, attributes left out).
MARKED = ("details", "summary", "kbd", "sup", "sub")
_MARKED_TAG = re.compile(rf"<(/?)({'|'.join(MARKED)})\b[^>]*>", re.I)


def normalise(text: str) -> str:
    """Collapse Markdown, typography and spacing differences.

    >>> normalise("**Boons** and  _banes_ , roll [2d6](x.md)")
    'Boons and banes, roll 2d6'
    >>> normalise('Press <kbd class="k">R</kbd>, <b>now</b>')
    'Press <kbd>R</kbd>, now'
    """
    text = _MARKED_TAG.sub(lambda m: f"\0{m.group(1)}{m.group(2).lower()}\1", text)
    text = re.sub(r"</?[A-Za-z][^>]*>", "", text)
    text = text.replace("\0", "<").replace("\1", ">")
    text = unicodedata.normalize("NFKC", html.unescape(text))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    text = text.replace("\u201d", '"').replace("\u00a0", " ")
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\[\[([^\]|]*\|)?([^\]]*)\]\]", r"\2", text)
    text = re.sub(r"(\*\*|__|`)", "", text)
    text = re.sub(r"(?<![\w*])[*_](?=\S)|(?<=\S)[*_](?![\w*])", "", text)
    text = re.sub(r"^\s*(#{1,6}|>|[*+-]|\d+[.)])\s+", "", text)
    text = " ".join(text.split())
    text = re.sub(r"\s+([,.;:!?)\]])", r"\1", text)
    text = re.sub(r"([(\[])\s+", r"\1", text)
    text = re.sub(r",(?=\S)", ", ", text)
    return text.strip()


def _table_row(line: str) -> str | None:
    if "|" not in re.sub(r"\[\[[^\]]*\]\]", "", line):  # [[Target|label]] is no table
        return None
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if all(re.fullmatch(r":?-{2,}:?", c) or not c for c in cells):
        return ""
    return " ".join(c for c in cells if c)


class _HtmlRows(HTMLParser):
    """The rows of an HTML table, each as its cells' texts (a merged cell once)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th") and self.rows:
            self.cell = []
            self.rows[-1].append("")
        elif tag in MARKED and self.cell is not None:
            self.cell.append(f"<{tag}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1][-1] = " ".join("".join(self.cell).split())
            self.cell = None
        elif tag in MARKED and self.cell is not None:
            self.cell.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data.replace("|", " "))


def _html_tables_as_rows(text: str) -> str:
    """Each HTML table of ``text`` as Markdown rows, one line a row.

    >>> print(_html_tables_as_rows("<table><tr><th>A</th><th>B</th></tr>\\n"
    ...                            "<tr><td colspan=2>c</td></tr></table>"))
    <BLANKLINE>
    | A | B |
    | c |
    <BLANKLINE>
    """

    def rows(match: re.Match[str]) -> str:
        parser = _HtmlRows()
        parser.feed(match.group(0))
        lines = ["| " + " | ".join(row) + " |" for row in parser.rows if row]
        return "\n" + "\n".join(lines) + "\n"

    return re.sub(r"<table\b.*?</table\s*>", rows, text, flags=re.I | re.S)


_FOOTNOTE_REF = re.compile(r"\[\^[^\]\s]+\](?!:)")
_FOOTNOTE_NOTE = re.compile(r"^\[\^[^\]\s]+\]:\s*")
_CODE = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")


def _code_as_text(line: str) -> str:
    """A line whose code spans hold text, not HTML (their ``<``, ``>``, ``&`` escaped).

    >>> _code_as_text("Never `<script>` here")
    'Never `&lt;script&gt;` here'
    """
    return _CODE.sub(lambda m: m.group(1) + html.escape(m.group(2), False) + m.group(1), line)


def seed_units(text: str) -> Iterator[str]:
    """Every heading, list item, table row and sentence of a Markdown-ish seed."""
    for _, unit in seed_units_in(text):
        yield unit


def seed_units_in(text: str) -> Iterator[tuple[str, str]]:
    """Every unit of a Markdown-ish seed with what it stands in: ``heading``, ``item`` (a
    list item, or a paragraph indented under it), ``row``, ``note`` (a footnote's),
    ``text`` (a paragraph's sentence) or ``between`` (a paragraph between two list items:
    in Markdown it ends the list, and a book may well mean it to be the item's).

    >>> list(seed_units_in("* One.\\n\\nAfter[^n] it.\\n\\n[^n]: The note.\\n"))
    [('item', 'One.'), ('text', 'After it.'), ('note', 'The note.')]
    >>> [kind for kind, _ in seed_units_in("* One.\\n\\nAside.\\n\\n* Two.\\n")]
    ['item', 'between', 'item']
    """
    units = list(_units_in(text))
    kinds = {number: kind for kind, _, number in units}
    for kind, unit, number in units:
        if kind == "text" and kinds.get(number - 1) == kinds.get(number + 1) == "item":
            kind = "between"
        yield kind, unit


def _units_in(text: str) -> Iterator[tuple[str, str, int]]:
    """:func:`seed_units_in`'s units, each with the number of its paragraph (or row)."""
    paragraph: list[str] = []
    kind = "text"  # what the paragraph being read stands in
    held = "text"  # what an indented paragraph after a blank line stands in

    number = [0]

    def flush() -> Iterator[tuple[str, str, int]]:
        if paragraph:
            joined = " ".join(paragraph)
            number[0] += 1
            for sentence in _SENTENCE_END.split(joined):
                if normalise(sentence):
                    yield kind, normalise(sentence), number[0]
            paragraph.clear()

    for raw in _html_tables_as_rows(text).splitlines():
        raw = re.sub(r"^\s*>\s?", "", raw)  # a block quote's marks
        raw = re.sub(r"^Table:\s+", "", raw)  # a caption's mark (Pandoc, Markdown tables)
        raw = _FOOTNOTE_REF.sub("", _code_as_text(raw))  # a citation is the site's number
        line = raw.strip()
        row = _table_row(line)
        if not paragraph and line:  # a paragraph starts: where does it stand?
            kind = held if raw[:1] in (" ", "\t") else "text"
        if not line:
            yield from flush()
        elif re.fullmatch(r"=+|-{3,}", line):
            yield from flush()
        elif row is not None:
            yield from flush()
            if row:
                number[0] += 1
                yield "row", normalise(row), number[0]
        elif _FOOTNOTE_NOTE.match(line):
            yield from flush()
            kind = held = "note"
            paragraph.append(_FOOTNOTE_NOTE.sub("", line))
        elif re.match(r"^(#{1,6}\s|[*+-]\s|\d+[.)]\s)", line):
            yield from flush()
            kind = held = "heading" if line.startswith("#") else "item"
            paragraph.append(re.sub(r"^([*+-]|\d+[.)])\s+", "", line))
            if line.startswith("#"):
                yield from flush()
                kind = held = "text"
        elif line.startswith("**") and paragraph and raw.startswith("**"):
            yield from flush()
            paragraph.append(line)
        else:
            paragraph.append(line)
    yield from flush()


#: Classes of elements whose text is not the rulebook's: the theme's permalinks and
#: ``rb-added``, what the site adds inside the text (the odds of an inline roll), and a
#: footnote's number and its way back (the note itself is the rulebook's).
_SKIPPED = {"headerlink", "rb-added", "footnote-ref", "footnote-backref"}
_VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "source", "area"}


class _TextOfArticle(HTMLParser):
    """Text of a Material page's article, block elements separated by spaces, and the
    same text by where it stands (``parts_in``: ``note`` in the footnotes, else ``row`` in
    a table row or ``item`` in a list item, whichever is nearer, else ``text``).

    Elements with a class of :data:`_SKIPPED` (and scripts, styles, a footnote's
    citation) are left out; text is escaped, so what reads as a tag is a :data:`MARKED`
    element's.

    >>> parser = _TextOfArticle()
    >>> parser.feed('<article><p>Roll <span class="rb-dice"><button>2d6</button>'
    ...             '<span class="rb-added">mean 7</span></span>.</p>'
    ...             '<ul><li>Press <kbd>R</kbd> <code>&lt;b&gt;</code></li></ul></article>')
    >>> normalise("".join(parser.parts))
    'Roll 2d6. Press <kbd>R</kbd> <b>'
    >>> [(where, normalise(text)) for where, text in parser.parts_in if text.strip()]
    [('text', 'Roll'), ('text', '2d6'), ('text', '.'), ('item', 'Press'), ('item', '<kbd>'), \
('item', 'R'), ('item', '</kbd>'), ('item', '<b>')]
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.parts: list[str] = []
        self.parts_in: list[tuple[str, str]] = []
        self.open: list[tuple[str, str]] = []  # (tag, where its content stands) of open tags

    def where(self) -> str:
        """Where text read now stands."""
        found = [where for _, where in self.open if where]
        return "note" if "note" in found else (found[-1] if found else "text")

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.parts_in.append((self.where(), text))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        held = dict(attrs)
        classes = (held.get("class") or "").split()
        if tag == "article":
            self.depth += 1
        if self.depth and (
            self.skip
            or _SKIPPED & set(classes)
            or tag in ("script", "style")
            or (held.get("id") or "").startswith("fnref:")
        ):
            self.skip += 1
        if tag not in _VOID:
            where = {"li": "item", "tr": "row"}.get(tag, "")
            self.open.append((tag, "note" if "footnote" in classes else where))
        if self.depth and not self.skip:
            if tag in _BLOCK_TAGS:
                self.add(" ")
            if tag in MARKED:
                self.add(f"<{tag}>")

    def handle_endtag(self, tag: str) -> None:
        if self.depth and not self.skip and tag in MARKED:
            self.add(f"</{tag}>")
        if any(name == tag for name, _ in self.open):
            while self.open and self.open.pop()[0] != tag:
                pass
        if self.skip:
            self.skip -= 1
            if self.skip:
                return
        if tag == "article":
            self.depth -= 1
        if tag in _BLOCK_TAGS:
            self.add(" ")

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.add(html.escape(data, quote=False))


def site_texts(site: Path) -> dict[str, str]:
    """Normalised text of every page's article in a built site, by where it stands
    (``text``, ``item``, ``row``, ``note``) and all of it (``all``)."""
    texts: dict[str, list[str]] = {}
    for page in sorted(site.rglob("*.html")):
        parser = _TextOfArticle()
        parser.feed(page.read_text(encoding="utf-8"))
        texts.setdefault("all", []).append(normalise("".join(parser.parts)))
        by_where: dict[str, list[str]] = {}
        for where, text in parser.parts_in:
            by_where.setdefault(where, []).append(text)
        for where, held in by_where.items():
            texts.setdefault(where, []).append(normalise("".join(held)))
    return {where: "\n".join(held) for where, held in texts.items()}


def site_text(site: Path) -> str:
    """Normalised text of every page's article in a built site, joined."""
    return site_texts(site).get("all", "")


#: Where a unit of each kind may stand on the site: a paragraph's sentence not in a list
#: item (merged into the bullet before it), a footnote's note in the footnotes.
_STANDS_IN = {"text": ("text", "row"), "between": ("text", "row", "item"), "note": ("note",)}


def missing_units(seed: Path, site: Path, repair: Callable[[str], str] = lambda s: s) -> list[str]:
    """Units of ``seed`` (after ``repair``) that appear nowhere in the built site, or not
    where they stand (:func:`seed_units_in`), each said with where it was looked for."""
    texts = site_texts(site)
    missing = []
    for kind, unit in seed_units_in(repair(seed.read_text(encoding="utf-8"))):
        places = _STANDS_IN.get(kind, ("all",))
        if not any(unit in texts.get(place, "") for place in places):
            missing.append(unit if places == ("all",) else f"{unit} (not in {'/'.join(places)})")
    return missing
