"""What a rulebook calls its parts: the names an entry's ``source.heading`` may end with.

Books mark their parts as Markdown or HAML headings, but also as bold, italic or underlined
labels (``**Start of the battle**``, ``<ins>Arc</ins>:``), a label before a colon, or a
short line of its own. The build checks that the last part of each entry's
``source.heading`` is one of them, compared by its words, so a typo or a heading the book
never had stops the build.
"""

from __future__ import annotations

import html
import re
from functools import cache, reduce
from pathlib import Path

from .repairs import REPAIRS

_LABEL = re.compile(r"(\*\*\*?|__?|<ins>|<u>)(.+?)(\1|</ins>|</u>)")


def words(text: str) -> str:
    """A name by its words alone, case aside.

    >>> words("**<u>Melee Attacks</u>**:"), words("Hit Points, Damage, and Wounds")
    ('melee attacks', 'hit points damage and wounds')
    """
    text = html.unescape(re.sub(r"</?[A-Za-z][^>]*>", "", text))
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())


@cache
def part_names(path: Path, repairs: tuple[str, ...]) -> frozenset[str]:
    """Every name a part of the (repaired) rulebook at ``path`` goes by.

    >>> import tempfile
    >>> book = Path(tempfile.mkdtemp()) / "b.md"
    >>> _ = book.write_text("## Combat\\n**Start of the battle**\\n* <ins>Arc</ins>: pick.\\n")
    >>> sorted(part_names(book, ()))  # doctest: +NORMALIZE_WHITESPACE
    ['arc', 'arc pick', 'combat', 'start of the battle']
    """
    text = reduce(lambda acc, name: REPAIRS[name](acc), repairs, path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for raw in text.splitlines():
        line = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", raw.strip()).lstrip("#").strip()
        if not line:
            continue
        if len(line) <= 60:
            names.add(words(line))
        label = re.match(r"^(.{1,60}?):", line)
        if label:
            names.add(words(label.group(1)))
        names.update(words(m.group(2)) for m in _LABEL.finditer(line))
    return frozenset(n for n in names if n)
