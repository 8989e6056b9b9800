"""The words of a rulebook as the mechanics reader takes them: sentences, paragraphs,
numbers written in words, lists of names, and where an entry stands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}


def number(word: str) -> int | None:
    """A whole number written in digits or in words ("six", "-1", "−2").

    >>> number("six"), number("-1"), number("−2"), number("many")
    (6, -1, -2, None)
    """
    word = word.strip().lower().replace("−", "-").replace("–", "-")
    if re.fullmatch(r"[-+]?\d+", word):
        return int(word)
    return NUMBER_WORDS.get(word)


_NUM = r"(?:[-+−–]?\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_NAME = r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}"


@dataclass
class Found:
    """What the importer read of a game's mechanics."""

    checks: list[dict[str, Any]] = field(default_factory=list)
    statuses: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """(the id of the entry they follow, the status entry), in order."""
    tracker: dict[str, Any] | None = None
    builder: dict[str, Any] | None = None
    assumptions: list[dict[str, Any]] = field(default_factory=list)
    stat_terms: list[dict[str, Any]] = field(default_factory=list)
    placed: dict[str, str] = field(default_factory=dict)
    """Declaration id -> the id of the entry it follows (where its rule stands)."""
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Place:
    """Where a sentence stands: its entry and source line."""

    entry: str
    file: str
    line: int
    source: dict[str, Any]

    def cite(self) -> str:
        """Where, as the import summary says it.

        >>> Place("g.rules", "game.md", 12, {}).cite()
        'game.md line 12'
        """
        return f"{self.file} line {self.line}"


# -- sentences ------------------------------------------------------------------------------

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"[*_`]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")


def sentences(text: str) -> list[str]:
    """A text's sentences, Markdown emphasis and links taken out.

    Each reader of the mechanics splits every entry's text (several times an entry), so the
    split is remembered until :func:`forget_sentences`.

    >>> sentences("Roll **2d6** + Edge. On 10+ you win; on 7-9 you pay.")
    ['Roll 2d6 + Edge.', 'On 10+ you win; on 7-9 you pay.']
    >>> sentences("A. B.") is not sentences("A. B."), _split.cache_info().hits > 0
    (True, True)
    """
    return list(_split(text))


@lru_cache(maxsize=1 << 16)
def _split(text: str) -> tuple[str, ...]:
    plain = _LINK.sub(r"\1", text)
    plain = _EMPHASIS.sub("", plain)
    plain = " ".join(plain.split())
    return tuple(s for s in _SENTENCE_END.split(plain) if s)


def forget_sentences() -> None:
    """Drop the remembered splits (a book's texts, once its mechanics are read)."""
    _split.cache_clear()


def paragraphs(text: str) -> list[str]:
    """A text's paragraphs (blank lines between them).

    >>> paragraphs("a\\nb\\n\\nc")
    ['a b', 'c']
    """
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]



def split_list(text: str) -> list[str]:
    """Names in "A, B, C and D" / "A, B or C".

    >>> split_list("Nerve, Edge, Guile and Grit"), split_list("Burglar, Face or Fixer")
    (['Nerve', 'Edge', 'Guile', 'Grit'], ['Burglar', 'Face', 'Fixer'])
    """
    parts = re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", text.strip().rstrip("."))
    return [p.strip() for p in parts if p.strip()]

