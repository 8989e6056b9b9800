"""Problems found in rules data, reported as ``file:line: field: message``."""

from __future__ import annotations

import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the rules data, pinned to a file, line and field."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class RulesDataError(Exception):
    """Raised when rules data is invalid; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        lines = "\n".join(str(p) for p in self.problems)
        count = len(self.problems)
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"rules data has {count} {noun}:\n{lines}")

    def shown(self) -> str:
        """The message for a console: the first :data:`SHOWN` problems and a count of the
        rest, all of them kept in a file named there."""
        head = str(self).split("\n", 1)[0]
        lines = console_lines([str(p) for p in self.problems], "rulebinder-problems")
        return "\n".join([head, *lines])


SHOWN = 20
"""How many problems a console shows; the rest are counted (and kept in a file)."""


def _shape(line: str) -> str:
    """A problem's kind: its message with the quoted words, numbers and place left out.

    >>> _shape("error: a.md:3: two terms named 'Cover' (the first at b.md:1)")
    "two terms named '…' (the first at b.md:…)"
    """
    message = re.sub(r"^(error: )?[^\s:]+(:\d+)?: ", "", line)
    message = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", message)
    return re.sub(r"\d+", "…", message)


def capped(lines: list[str], kept: str | None = None, limit: int = SHOWN) -> list[str]:
    """At most ``limit`` of ``lines``, then how many more and of what kinds (and the file
    ``kept`` that holds them all).

    >>> capped([f"a.md:{n}: two terms named 'T{n}'" for n in range(1, 5)], "all.txt", 2)[2:]
    ["... and 2 more (2 of: two terms named '…'); every one is in all.txt"]
    >>> capped(["x.md:1: bad"], "all.txt")
    ['x.md:1: bad']
    """
    if len(lines) <= limit:
        return list(lines)
    rest = lines[limit:]
    kinds = Counter(_shape(line) for line in rest).most_common()
    shown = "; ".join(f"{count} of: {kind}" for kind, count in kinds[:3])
    others = sum(count for _, count in kinds[3:])
    shown += f"; {others} others" if others else ""
    where = f"; every one is in {kept}" if kept else ""
    return [*lines[:limit], f"... and {len(rest)} more ({shown}){where}"]


def console_lines(lines: list[str], name: str, prefix: str = "") -> list[str]:
    """``lines`` for a console, each after ``prefix``: :func:`capped`, all of them kept in a
    file (:func:`keep_all`, ``name``) when there are more than :data:`SHOWN`."""
    kept = keep_all(lines, name) if len(lines) > SHOWN else None
    return capped([prefix + line for line in lines], kept)


def keep_all(lines: list[str], name: str) -> str:
    """Write ``lines`` to a new file in the temporary folder (not the project's); its path."""
    handle, path = tempfile.mkstemp(prefix=f"{name}-", suffix=".txt")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    return path
