"""Reading a source: checks, its format, its repairs, and Markdown to parse.

A source is read as UTF-8 text. Its format comes from ``--format``, else from its
extension, else from its content (the five books here are ``.txt`` files holding
Markdown and HAML). Damaged text is repaired the way a hand-structured book declares it
(``system.yml`` ``repairs``: :mod:`macros.load.repairs`) and every repair is reported.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from pathlib import Path

from macros.load.repairs import repair_haml, repair_mojibake
from macros.load.sanitize import clean_at, once

from .htmlblocks import convert_tables, read_details
from .problems import ImportFailed, Problem

FORMATS = ("markdown", "haml", "text")
_EXTENSIONS = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdown": "markdown",
    ".haml": "haml",
}
_MOJIBAKE = re.compile(r"[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u2122]{1,3}")
_HAML_LINE = re.compile(r"^\s*%[a-z][\w.-]*(\s|$)", re.MULTILINE)
_MARKDOWN_SIGN = re.compile(r"^(#{1,6}\s|\s*[-*+]\s|\s*\d+[.)]\s|\s*\|.*\||\s*>)|\*\*\S", re.M)


@dataclass(frozen=True)
class Source:
    """A source as read: its file name, raw text (repaired, line for line), format, repairs
    and Markdown."""

    path: Path
    raw: str
    format: str
    repairs: tuple[str, ...]
    markdown: str
    notes: tuple[str, ...]

    @property
    def name(self) -> str:
        """The file's name (what ``source.file`` and ``sources/`` use)."""
        return self.path.name


def read_bytes(path: Path) -> bytes:
    """The file's bytes; a missing file, a folder, an empty or binary file is refused."""
    shown = str(path)
    if not path.exists():
        raise ImportFailed([Problem(shown, 0, "no such file")])
    if path.is_dir():
        raise ImportFailed([Problem(shown, 0, "is a folder, not a rulebook file")])
    data = path.read_bytes()
    if not data.strip():
        raise ImportFailed([Problem(shown, 0, "is empty")])
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise ImportFailed([Problem(shown, line, "is binary (it holds NUL bytes), not text")])
    return data


def decode(path: Path, data: bytes) -> str:
    """UTF-8 text (a byte-order mark is dropped); otherwise the line that is not UTF-8.

    >>> decode(Path("b.md"), "Ab\\n".encode())
    'Ab\\n'
    >>> decode(Path("b.md"), b"ok\\n\\xff\\n")
    Traceback (most recent call last):
    ...
    rulebinder.importer.problems.ImportFailed: b.md:2: is not UTF-8 text (byte 0xff)
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        byte = data[error.start]
        message = f"is not UTF-8 text (byte 0x{byte:02x})"
        raise ImportFailed([Problem(str(path), line, message)]) from None


def detect_format(path: Path, text: str) -> str:
    """``markdown``, ``haml`` or ``text``: by extension, else by content.

    >>> detect_format(Path("a.haml"), ""), detect_format(Path("a.txt"), "%h2 Hi\\n%p\\n  x\\n%p")
    ('haml', 'haml')
    >>> detect_format(Path("a.txt"), "## Rules\\n* one"), detect_format(Path("a.txt"), "Plain.")
    ('markdown', 'text')
    """
    by_extension = _EXTENSIONS.get(path.suffix.lower())
    if by_extension:
        return by_extension
    if len(_HAML_LINE.findall(text)) >= 3:
        return "haml"
    if _MARKDOWN_SIGN.search(text):
        return "markdown"
    return "text"


def text_to_markdown(text: str) -> str:
    """Plain text as Markdown: short ALL-CAPS lines and underlined lines are headings,
    paragraphs stay as they are.

    >>> print(text_to_markdown("COMBAT\\n\\nRoll 2d6.\\n\\nDamage\\n------\\nTake it."))
    ## COMBAT
    <BLANKLINE>
    Roll 2d6.
    <BLANKLINE>
    Damage
    ------
    Take it.
    """
    out = []
    for line in text.splitlines():
        stripped = line.strip()
        words = re.findall(r"[A-Za-z]+", stripped)
        if (
            words
            and stripped == stripped.upper()
            and len(stripped) <= 60
            and not stripped.endswith((".", ",", ";"))
            and any(len(w) > 1 for w in words)
        ):
            out.append(f"## {stripped}")
        else:
            out.append(line)
    return "\n".join(out)


def _drop_unsafe_html(text: str, name: str) -> tuple[str, list[str]]:
    r"""The text without unsafe HTML (:mod:`macros.load.sanitize`), and where it was dropped;
    code is text, kept as written.

    >>> _drop_unsafe_html("ok <ins>a</ins>\nx <script>bad()</script> y `<script>`\n", "b.md")
    ('ok <ins>a</ins>\nx  y `<script>`\n', ['b.md:2: unsafe HTML dropped: <script>'])
    """
    kept, dropped = clean_at(text)
    breaks = [m.start() for m in re.finditer("\n", text)] if dropped else []
    by_line: dict[int, list[str]] = {}
    for offset, what in dropped:
        by_line.setdefault(bisect_left(breaks, offset) + 1, []).append(what)
    notes = [
        f"{name}:{line}: unsafe HTML dropped: {', '.join(once(whats))}"
        for line, whats in sorted(by_line.items())
    ]
    return kept, notes


def read_source(path: Path, forced: str | None = None) -> Source:
    """Read, check, detect and repair one source."""
    text = decode(path, read_bytes(path))
    fmt = forced or detect_format(path, text)
    repairs: list[str] = []
    notes: list[str] = []
    found = len(_MOJIBAKE.findall(text))
    repaired = repair_mojibake(text)
    if repaired != text:
        repairs.append("mojibake")
        notes.append(f"repaired {found} mojibake sequence{'s' * (found != 1)} (e.g. â€™ → ’)")
        text = repaired
    raw = text  # what the book says, line for line (system.yml counts its lines)
    if fmt == "markdown":
        text, converted = convert_tables(text, path.name)
        notes += converted
    text, unsafe = _drop_unsafe_html(text, path.name)
    notes += unsafe
    if fmt == "haml":
        repairs.append("haml")
        tags = len(_HAML_LINE.findall(text))
        notes.append(f"read as HAML: {tags} tag lines turned into Markdown, template code dropped")
        markdown = repair_haml(text)
    elif fmt == "text":
        markdown = text_to_markdown(text)
    else:
        markdown = read_details(text)
    return Source(path, raw, fmt, tuple(repairs), markdown, tuple(notes))
