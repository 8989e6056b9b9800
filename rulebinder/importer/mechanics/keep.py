"""Keep phrases: "roll 3d6 and keep the highest two" becomes the roll it says, ``3d6kh2``.

A rulebook says a keep-highest or keep-lowest roll in words; the importer wraps those words
in a dice mark (``[3d6 and keep the highest two]{dice=3d6kh2}``, see "Inline dice" in the
README), so the page shows the odds of the dice kept, not of all the dice rolled. The words
stay as the book wrote them. Read: dice written ``NdX``, then within the clause a verb of
keeping (keep, take, use, sum, add, count, total) or of dropping (drop, discard, ignore,
remove), then which dice (highest, best, top, higher, largest; lowest, worst, bottom, lower,
smallest) and how many, in either order ("the highest two", "the two highest"), in digits
or words; "the higher" or "the lowest" alone is one die. A phrase that keeps or drops as
many dice as are rolled, or none, is left as it is.
"""

from __future__ import annotations

import re

from .text import number

__all__ = ["PHRASE", "keep_marks", "roll_of"]

_COUNT = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
_HIGH = r"highest|best|top|higher|largest|greatest|biggest"
_LOW = r"lowest|worst|bottom|lower|smallest|least"
_WHICH = rf"{_HIGH}|{_LOW}"
_KEEP_VERBS = r"keep|keeps|keeping|take|takes|taking|use|uses|using|sum|sums|summing|add|adds|" \
    r"adding|count|counts|counting|total|totals|totalling|totaling"
_DROP_VERBS = r"drop|drops|dropping|discard|discards|discarding|ignore|ignores|ignoring|" \
    r"remove|removes|removing"
_S = r"[ \t]*\n?[ \t]*"  # a space, or a hard-wrapped line's end
PHRASE = re.compile(
    rf"(?<![\w.])(?P<n>\d+ ?|(?:two|three|four|five|six|seven|eight|nine|ten) )[dD](?P<s>\d+)"
    r"(?![\w])"
    rf"(?:{_S}(?:dice|rolls?))?"
    rf"(?P<gap>(?:,{_S}|{_S}(?:,{_S})?)(?:(?:and|then){_S}){{0,2}}(?:(?:you|to){_S})?)"
    rf"(?P<verb>{_KEEP_VERBS}|{_DROP_VERBS}){_S}(?:only{_S})?(?:the{_S})?"
    rf"(?:(?P<which>{_WHICH})(?:{_S}(?P<k>{_COUNT})(?![\w]))?"
    rf"|(?P<k2>{_COUNT}){_S}(?P<which2>{_WHICH}))"
    rf"(?:{_S}(?:dice|die|rolls?|results?|of them|ones?)(?![\w]))?",
    re.I,
)
"""A keep phrase: dice written ``NdX`` (or ``three d6``), then how they are kept or dropped."""
#: What the importer must not write into: code spans, links and marks already there.
_DIE = re.compile(r"[dD]\d")
"""In every :data:`PHRASE`."""
_PROTECTED = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|\[[^\]]*\]\{[^}]*\}")


def roll_of(match: re.Match[str]) -> str | None:
    """The roll a :data:`PHRASE` says, or None when it keeps or drops none or all of its dice.

    >>> roll_of(PHRASE.search("roll three d6, keeping the two best"))
    '3d6kh2'
    """
    n, sides = number(match.group("n")), match.group("s")
    if n is None:
        return None
    which = (match.group("which") or match.group("which2")).lower()
    k = number(match.group("k") or match.group("k2") or "one")
    if k is None or not 0 < k < n:
        return None
    high = re.fullmatch(_HIGH, which) is not None
    dropping = re.fullmatch(_DROP_VERBS, match.group("verb"), re.I) is not None
    mode = ("d" if dropping else "k") + ("h" if high else "l")
    return f"{n}d{sides}{mode}{k}"


def keep_marks(text: str) -> tuple[str, list[tuple[str, str]]]:
    """``text`` with each keep phrase in a dice mark; the (words, roll) of each.

    >>> keep_marks("Roll 3d6 and keep the highest two.")
    ('Roll [3d6 and keep the highest two]{dice=3d6kh2}.', [('3d6 and keep the highest two', \
'3d6kh2')])
    >>> keep_marks("roll 4d6, drop the lowest die")[0]
    'roll [4d6, drop the lowest die]{dice=4d6dl1}'
    >>> keep_marks("roll 3d6 and keep the\\nlowest two")[0]
    'roll [3d6 and keep the lowest two]{dice=3d6kl2}'
    >>> keep_marks("Roll 2d20 and use the higher; `3d6 keep the best 2` stays code")[0]
    'Roll [2d20 and use the higher]{dice=2d20kh1}; `3d6 keep the best 2` stays code'
    >>> keep_marks("roll 2d6 and take the highest two")[1]  # keeps them all: no mark
    []
    """
    found: list[tuple[str, str]] = []

    def mark(match: re.Match[str]) -> str:
        expression = roll_of(match)
        if expression is None:
            return match.group(0)
        words = " ".join(match.group(0).split())
        found.append((words, expression))
        return f"[{words}]{{dice={expression}}}"

    if not _DIE.search(text):  # no NdX anywhere: no phrase (most texts; PHRASE is slow)
        return text, found
    out: list[str] = []
    position = 0
    for kept in _PROTECTED.finditer(text):
        out.append(PHRASE.sub(mark, text[position : kept.start()]))
        out.append(kept.group(0))
        position = kept.end()
    out.append(PHRASE.sub(mark, text[position:]))
    return "".join(out), found
