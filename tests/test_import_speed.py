"""``rulebinder import`` does work linear in the book's size (issue #36, part 5).

Not a timing test: the work of an import is counted, the same on every machine, as
(a) the lines of the project's own Python that run and (b) the characters that the ``str``
methods that walk a whole string (``splitlines``, ``split``, ``replace``, ``lower``...) walk,
in C, in libraries too (``find`` and the like are left out: they may start anywhere).

Books of N, 2N and 4N chapters are imported: with work ``a + bN`` (``a`` what a book costs
once), going from 2N to 4N costs twice what going from N to 2N did; a step quadratic in the
book (``cN²``) makes it up to four times: re-splitting the source for every entry, scanning
every entry for every entry, or trying ids 2, 3, ... 999 for the thousandth table of one
name. The speed itself is shown by ``scripts/bench_import.py`` (docs/guide/measurements.md,
Import speed).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import calculators
import macros
import rulebinder
from rulebinder.importer.command import Options, run

DATA = Path(__file__).parent / "data" / "import" / "speed"
OURS = tuple(str(Path(package.__file__).parent) for package in (rulebinder, macros, calculators))
"""The project's code, where it was imported from."""
N = 8
GROWTH = 2.25
"""The most the step from 2N to 4N chapters may cost against the step from N to 2N: 2 (and
a little room: the chapters' numbers grow a digit)."""
WHOLE = frozenset({"splitlines", "split", "rsplit", "replace", "lower", "upper", "casefold",
                   "encode", "translate", "expandtabs", "title", "swapcase"})
"""``str`` methods that walk the whole string they are called on."""


class Work:
    """Counts an import's lines of the project's Python and characters walked by ``str``
    methods, while it is the active tracer and profiler."""

    warm = False

    def __init__(self) -> None:
        self.lines = 0
        self.chars = 0

    def _line(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if event == "line":
            self.lines += 1
        return self._line

    def _call(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if event == "call" and frame.f_code.co_filename.startswith(OURS):
            return self._line
        return None

    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "c_call" and arg.__name__ in WHOLE and isinstance(
                getattr(arg, "__self__", None), str):
            self.chars += len(arg.__self__)

    def count(self, action: Callable[[], int]) -> int:
        """Run ``action`` counted; its result."""
        tracer, profiler = sys.gettrace(), sys.getprofile()
        sys.settrace(self._call)
        sys.setprofile(self._profile)
        try:
            return action()
        finally:
            sys.setprofile(profiler)
            sys.settrace(tracer)


def book(folder: Path, template: str, chapters: int, one_file: bool) -> list[Path]:
    """``chapters`` copies of ``template`` (each ``{n}`` its number): one file (with a
    title if the template has headings), or many."""
    text = (DATA / template).read_text(encoding="utf-8")
    parts = [text.replace("{n}", str(number)) for number in range(1, chapters + 1)]
    folder.mkdir(parents=True)
    if one_file:
        path = folder / "book.md"
        title = "# The Speed Test\n\n" if "\n#" in text else ""
        path.write_text(title + "\n\n".join(parts), encoding="utf-8")
        return [path]
    paths = [folder / f"ch{number:03d}.md" for number in range(1, chapters + 1)]
    for path, part in zip(paths, parts, strict=True):
        path.write_text(part, encoding="utf-8")
    return paths


def work_of(tmp: Path, template: str, chapters: int, one_file: bool) -> tuple[Work, list[str]]:
    """The counted work of importing a book of ``chapters``, and what the import said."""
    sources = book(tmp / f"book{chapters}", template, chapters, one_file)
    project = tmp / f"project{chapters}"
    project.mkdir()
    said: list[str] = []
    if not Work.warm:  # the modules an import loads, loaded before it is counted
        (tmp / "warm").mkdir()
        run(Options(book(tmp / "warm-book", template, 1, one_file), "warm", root=tmp / "warm"),
            said.append)
        Work.warm, said = True, []
    work = Work()
    status = work.count(lambda: run(Options(sources, "speed", root=project), said.append))
    assert status == 0, "\n".join(said)
    return work, said


@pytest.mark.parametrize(
    ("template", "one_file"),
    [("chapter.md", True), ("chapter.md", False), ("notes.md", True), ("html.md", True)],
    ids=["one-file", "a-file-a-chapter", "no-headings", "unsafe-html"],
)
def test_four_times_the_book_is_about_four_times_the_work(
    tmp_path: Path, template: str, one_file: bool
) -> None:
    small, _ = work_of(tmp_path, template, N, one_file)
    middle, _ = work_of(tmp_path, template, 2 * N, one_file)
    large, said_large = work_of(tmp_path, template, 4 * N, one_file)
    # The book is what the test means: entries of every kind, and the mechanics read.
    entries = [line for line in said_large if line.startswith("pages:")]
    assert entries, said_large
    if template == "chapter.md":
        text = "\n".join(said_large)
        assert "check speed." in text and "track Harm" in text and "status speed." in text
        assert "terms:" in text and "(1 roll tables)" not in text
    assert small.lines > 10_000 and small.chars > 10_000  # the counters count
    for what in ("lines", "chars"):
        n, n2, n4 = (getattr(work, what) for work in (small, middle, large))
        assert n < n2 < n4 and n4 - n2 <= GROWTH * (n2 - n), (what, n, n2, n4)


def test_the_counters_see_a_quadratic_step(tmp_path: Path) -> None:
    """What the test above guards against, seen: splitting the whole text once a line."""
    text = "a line\n" * 200

    def quadratic() -> int:
        return sum(len(text.splitlines()) for _ in text.splitlines())

    def linear() -> int:
        return sum(1 for _ in text.splitlines())

    slow, fast = Work(), Work()
    slow.count(quadratic)
    fast.count(linear)
    assert slow.chars >= 200 * fast.chars
