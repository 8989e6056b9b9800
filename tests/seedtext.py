"""Extract comparable text units from seeds and from the built site.

A unit is a sentence, list item, heading or table row. Both sides pass
through the same :func:`normalise`, so Markdown markers, HTML and spacing
do not matter, but every word and number does.
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


def normalise(text: str) -> str:
    """Collapse Markdown, typography and spacing differences.

    >>> normalise("**Boons** and  _banes_ , roll [2d6](x.md)")
    'Boons and banes, roll 2d6'
    """
    text = re.sub(r"</?[A-Za-z][^>]*>", "", text)
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


def seed_units(text: str) -> Iterator[str]:
    """Every heading, list item, table row and sentence of a Markdown-ish seed."""
    paragraph: list[str] = []

    def flush() -> Iterator[str]:
        if paragraph:
            joined = " ".join(paragraph)
            for sentence in _SENTENCE_END.split(joined):
                if normalise(sentence):
                    yield normalise(sentence)
            paragraph.clear()

    for raw in text.splitlines():
        raw = re.sub(r"^\s*>\s?", "", raw)  # a block quote's marks
        raw = re.sub(r"^Table:\s+", "", raw)  # a caption's mark (Pandoc, Markdown tables)
        line = raw.strip()
        row = _table_row(line)
        if not line:
            yield from flush()
        elif re.fullmatch(r"=+|-{3,}", line):
            yield from flush()
        elif row is not None:
            yield from flush()
            if row:
                yield normalise(row)
        elif re.match(r"^(#{1,6}\s|[*+-]\s|\d+[.)]\s)", line):
            yield from flush()
            paragraph.append(re.sub(r"^([*+-]|\d+[.)])\s+", "", line))
            if line.startswith("#"):
                yield from flush()
        elif line.startswith("**") and paragraph and raw.startswith("**"):
            yield from flush()
            paragraph.append(line)
        else:
            paragraph.append(line)
    yield from flush()


#: Classes of elements whose text is not the rulebook's: the theme's permalinks and
#: ``rb-added``, what the site adds inside the text (the odds of an inline roll).
_SKIPPED = {"headerlink", "rb-added"}


class _TextOfArticle(HTMLParser):
    """Text of a Material page's article, block elements separated by spaces.

    Elements with a class of :data:`_SKIPPED` (and scripts, styles) are left out.

    >>> parser = _TextOfArticle()
    >>> parser.feed('<article><p>Roll <span class="rb-dice"><button>2d6</button>'
    ...             '<span class="rb-added">mean 7</span></span>.</p></article>')
    >>> normalise("".join(parser.parts))
    'Roll 2d6.'
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "article":
            self.depth += 1
        if self.depth and (self.skip or _SKIPPED & set(classes) or tag in ("script", "style")):
            self.skip += 1
        if tag in _BLOCK_TAGS and not self.skip:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.skip:
            self.skip -= 1
            if self.skip:
                return
        if tag == "article":
            self.depth -= 1
        if tag in _BLOCK_TAGS:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)


def site_text(site: Path) -> str:
    """Normalised text of every page's article in a built site, joined."""
    texts = []
    for page in sorted(site.rglob("*.html")):
        parser = _TextOfArticle()
        parser.feed(page.read_text(encoding="utf-8"))
        texts.append(normalise("".join(parser.parts)))
    return "\n".join(texts)


def missing_units(seed: Path, site: Path, repair: Callable[[str], str] = lambda s: s) -> list[str]:
    """Units of ``seed`` (after ``repair``) that appear nowhere in the built site."""
    text = site_text(site)
    return [
        unit for unit in seed_units(repair(seed.read_text(encoding="utf-8"))) if unit not in text
    ]
