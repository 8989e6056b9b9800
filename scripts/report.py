"""What the benchmark scripts print: a Markdown table."""

from __future__ import annotations

from collections.abc import Sequence


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Print ``rows`` under ``header`` as a Markdown table, columns padded to line up.

    >>> print_table(("a", "bb"), [("1", "2")])
    | a | bb |
    |---|----|
    | 1 | 2  |
    """
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
