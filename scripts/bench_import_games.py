"""Time ``rulebinder import`` of a book of about 1 MB full of mechanics (target: under 5 s).

The book is the three games of ``tests/data/import/mechanics/`` repeated as chapters until it
reaches ``--mb`` megabytes, every heading, condition and stat name made unique by a number,
so that each chapter gives the importer checks, stats, tracks, conditions and a point-buy
to read. One process, so one core; medians of ``--runs`` runs.

    .venv/bin/python scripts/bench_import_games.py [--mb 1] [--runs 3]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebinder.importer.command import Options, run  # noqa: E402

GAMES = ROOT / "tests" / "data" / "import" / "mechanics"


def chapter(text: str, number: int) -> str:
    """One game as a chapter: its title a level down, its names numbered."""
    text = re.sub(r"^# (.+)$", rf"## \1 {number}", text, flags=re.M)
    text = re.sub(r"^## (?!.* \d+$)(.+)$", rf"### \1 {number}", text, flags=re.M)
    text = re.sub(r"^### (?!.* \d+$)(.+)$", rf"#### \1 {number}", text, flags=re.M)
    return re.sub(r"^(\*\*)?([A-Z][a-z]+)([:.]|\*\*)", rf"\1\2 {number}\3", text, flags=re.M)


def book(mb: float) -> str:
    games = [p.read_text("utf-8") for p in sorted(GAMES.glob("*.md"))]
    parts, size, number = ["# A Book of Games\n"], 0, 0
    while size < mb * 1_000_000:
        number += 1
        part = chapter(games[number % len(games)], number)
        parts.append(part)
        size += len(part.encode())
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    times, said = [], []
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "games.md"
        source.write_text(book(args.mb), "utf-8")
        for run_number in range(args.runs):
            root = Path(tmp) / f"project{run_number}"
            root.mkdir()
            said = []
            started = time.perf_counter()
            status = run(Options([source], "games", root=root), said.append)
            times.append(time.perf_counter() - started)
            assert status == 0, "\n".join(said[-20:])
        size = source.stat().st_size
    found = [line for line in said if line.startswith(("check ", "tracker ", "builder "))]
    print(f"{size / 1e6:.2f} MB imported in {statistics.median(times):.2f} s (median of "
          f"{args.runs}: {', '.join(f'{t:.2f}' for t in times)}); {len(found)} checks, "
          "trackers and builders read")


if __name__ == "__main__":
    main()
