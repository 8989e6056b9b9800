"""Time ``rulebinder import`` on a rulebook of about 150 KB (the target: under 5 s).

The book is the project's five rulebooks as chapters (122 KB), the Attributes & Arts
rulebook once more with its headings renamed, and the importer's fixture: about 170 KB of
Markdown and HAML, imported into an empty project folder. Medians of ``--runs`` runs.

    .venv/bin/python scripts/bench_import.py [--runs 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebinder.importer.command import Options, run  # noqa: E402


def chapters(folder: Path) -> list[Path]:
    """The sources of the benchmark book, copied into ``folder``."""
    names = sorted((ROOT / "sources").glob("*.txt"))
    out = []
    for path in names:
        out.append(folder / path.name)
        shutil.copy(path, out[-1])
    again = folder / "arts_again.md"  # its headings renamed: a book's terms are unique
    text = (ROOT / "sources" / "004_d50dc5f42222ed7e.txt").read_text(encoding="utf-8")
    again.write_text(
        "\n".join(f"{line} II" if line.startswith("#") else line for line in text.splitlines()),
        encoding="utf-8",
    )
    fixture = folder / "fixture_book.md"
    shutil.copy(ROOT / "tests" / "data" / "import" / "fixture_book.md", fixture)
    return [*out, again, fixture]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        sources = chapters(Path(tmp))
        size = sum(p.stat().st_size for p in sources)
        for number in range(args.runs):
            project = Path(tmp) / f"project{number}"
            project.mkdir()
            said: list[str] = []
            started = time.perf_counter()
            status = run(Options(sources, "bench", root=project), said.append)
            times.append(time.perf_counter() - started)
            assert status == 0, "\n".join(said)
        print(f"book: {len(sources)} chapters, {size / 1000:.1f} KB")
        print("\n".join(line for line in said if line.startswith(("pages:", "sections:"))))
    print(f"import: median {statistics.median(times):.2f} s of {args.runs} runs "
          f"(min {min(times):.2f} s, max {max(times):.2f} s); target under 5 s")


if __name__ == "__main__":
    main()
