"""What is wrong with a source: ``file:line: message``, every problem at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One problem of a source, at a line (1-based; 0 when it concerns the whole file).

    >>> str(Problem("book.md", 3, "a heading with no text"))
    'book.md:3: a heading with no text'
    """

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else (
            f"{self.file}: {self.message}"
        )


class ImportFailed(Exception):
    """The import stops: nothing is written. Holds every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems
