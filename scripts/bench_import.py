"""Benchmark: ``rulebinder import`` of books of growing size, as one file and as many.

The book is realistic Markdown repeated: the importer's fixture book and the project's four
Markdown rulebooks (``sources/``, the HAML one left out: a Markdown file cannot hold it),
each copy a chapter whose headings, run-in terms and defined terms carry the copy's number,
so no two names collide. Each size is imported (into an empty project folder) twice:

* in this process, timing ``rulebinder.importer.command.run`` (no interpreter start);
* as ``python -m rulebinder import --system bench SOURCES...`` in a subprocess, for the
  wall time, CPU time and peak resident memory of that process (``ru_maxrss`` of the child,
  read with ``os.wait4`` by a small launcher process: ``getrusage(RUSAGE_CHILDREN)`` keeps
  the largest child so far, and a child of this process would count its memory too).

Growth should be linear: MB/s about the same at every size. Medians of ``--runs`` runs.

Usage: .venv/bin/python scripts/bench_import.py [options] [sizes in MB...]

Options:
  --runs N        import each book N times and report the medians (default 1)
  --layout L      ``one`` (the book as one file), ``many`` (one file a chapter) or ``both``
  --source DIR    import with the importer of DIR (e.g. an export of an older commit,
                  ``git archive REF | tar -x -C DIR``) instead of this checkout's
  --no-inprocess  only the subprocess (its wall time includes Python's start)
  --profile FILE  also import the largest one-file book once under cProfile into FILE
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"
SEEDS = ("000_d5674467426760d8.txt", "001_5793a0311d94abe5.txt", "002_bcc942466b68b8b3.txt",
         "004_d50dc5f42222ed7e.txt")
_ATX = re.compile(r"^(#{1,6}[ \t]+.*?)(\s*\[[^\]]+\])?[ \t#]*$", re.M)
_SETEXT = re.compile(r"^(\S[^\n]*?)(\s*\[[^\]]+\])?[ \t]*\n(?==+[ \t]*$|-+[ \t]*$)", re.M)
_BOLD = re.compile(r"^(\s*(?:[-*+]\s+)?(?:\*\*\*?|__))([^*_\n]{1,40}?)([:.]?(?:\*\*\*?|__))",
                   re.M)
_DEFINED = re.compile(r"^(\S[^\n]*)\n(?=:\s)", re.M)


def chapter(text: str, number: int) -> str:
    """``text`` with every heading, bold run-in and defined term numbered ``number``.

    >>> print(chapter("# Combat\\n\\n**Edge.** A die.\\n\\n### Soaked [Condition]\\n", 3))
    # Combat 3
    <BLANKLINE>
    **Edge 3.** A die.
    <BLANKLINE>
    ### Soaked 3 [Condition]
    <BLANKLINE>
    """
    text = _ATX.sub(lambda m: f"{m.group(1).rstrip()} {number}{m.group(2) or ''}", text)
    text = _SETEXT.sub(lambda m: f"{m.group(1)} {number}{m.group(2) or ''}\n", text)
    text = _BOLD.sub(lambda m: f"{m.group(1)}{m.group(2)} {number}{m.group(3)}", text)
    return _DEFINED.sub(lambda m: f"{m.group(1)} {number}\n", text)


def chapters(megabytes: float) -> list[str]:
    """Numbered chapters until the book holds ``megabytes`` MB (UTF-8)."""
    originals = [FIXTURE.read_text(encoding="utf-8")] + [
        (ROOT / "sources" / name).read_text(encoding="utf-8") for name in SEEDS
    ]
    out: list[str] = []
    size, number = 0, 0
    while size < megabytes * 1_000_000:
        text = chapter(originals[number % len(originals)], number + 1)
        out.append(text)
        size += len(text.encode("utf-8")) + 2
        number += 1
    return out


def write_book(folder: Path, megabytes: float, layout: str) -> list[Path]:
    """The book's files in ``folder``: ``book.md``, or ``chNNNN.md`` a chapter."""
    folder.mkdir(parents=True)
    texts = chapters(megabytes)
    if layout == "one":
        path = folder / "book.md"
        path.write_text("# The Benchmark Book\n\n" + "\n\n".join(texts), encoding="utf-8")
        return [path]
    paths = []
    for number, text in enumerate(texts):
        paths.append(folder / f"ch{number:04d}.md")
        paths[-1].write_text(text, encoding="utf-8")
    return paths


def in_process(sources: list[Path], project: Path) -> tuple[float, float, list[str]]:
    """Wall and CPU seconds of one import by ``run`` in this process, and what it said."""
    from rulebinder.importer.command import Options, run

    project.mkdir()
    said: list[str] = []
    started, cpu = time.perf_counter(), time.process_time()
    status = run(Options(sources, "bench", root=project), said.append)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    if status != 0:
        sys.exit("import failed:\n" + "\n".join(said[-20:]))
    return seconds, cpu, said


_LAUNCHER = """
import json, os, subprocess, sys, time
for line in sys.stdin:
    job = json.loads(line)
    with open(job["log"], "wb") as log:
        started = time.perf_counter()
        child = subprocess.Popen(job["command"], cwd=job["cwd"], env=job["env"],
                                 stdout=subprocess.DEVNULL, stderr=log)
        _, status, usage = os.wait4(child.pid, 0)
    print(json.dumps([time.perf_counter() - started, usage.ru_utime + usage.ru_stime,
                      usage.ru_maxrss, os.waitstatus_to_exitcode(status)]), flush=True)
"""


class Launcher:
    """A small process, started before any book is made, that runs each command and reads
    its ``ru_maxrss`` with ``os.wait4``: a child forked from this (large) process would
    count this process's memory as its own (Linux keeps the high-water mark over ``exec``).
    """

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", _LAUNCHER], text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def run(self, sources: list[Path], project: Path, tree: Path) -> tuple[float, float, float]:
        """Wall seconds, CPU seconds and peak resident MB of ``python -m rulebinder import``
        of ``sources`` into ``project`` with the importer of ``tree``."""
        project.mkdir()
        log = project.parent / f"{project.name}.log"
        job = {"command": [sys.executable, "-m", "rulebinder", "import", "--system", "bench",
                           *map(str, sources)],
               "cwd": str(project), "env": {**os.environ, "PYTHONPATH": str(tree)},
               "log": str(log)}
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        wall, cpu, kilobytes, status = json.loads(self.process.stdout.readline())
        if status != 0:
            sys.exit(f"python -m rulebinder import failed ({status}):\n"
                     f"{log.read_text()[-2000:]}")
        return wall, cpu, kilobytes / 1024  # ru_maxrss is in KB on Linux

    def close(self) -> None:
        """End the launcher."""
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sizes", nargs="*", type=float, default=[0.5, 1, 2, 5, 8])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--layout", choices=("one", "many", "both"), default="both")
    parser.add_argument("--source", type=Path, default=ROOT)
    parser.add_argument("--no-inprocess", action="store_true")
    parser.add_argument("--profile", type=Path)
    args = parser.parse_args()
    tree = args.source.resolve()
    sys.path.insert(0, str(tree))
    launcher = Launcher()
    layouts = ("one", "many") if args.layout == "both" else (args.layout,)
    print(f"importer: {tree}; {args.runs} run(s) each, medians; CPU s is what one core "
          "spends (wall s grows when other jobs share the machine)")
    print("| layout | files |   MB | entries | in-process CPU s (wall) | MB/s CPU "
          "| command CPU s (wall) | peak MB |")
    print("|--------|------:|-----:|--------:|------------------------:|---------:"
          "|---------------------:|--------:|")
    with tempfile.TemporaryDirectory() as tmp:
        for layout in layouts:
            for megabytes in args.sizes:
                folder = Path(tmp) / f"{layout}-{megabytes}"
                sources = write_book(folder / "book", megabytes, layout)
                size = sum(p.stat().st_size for p in sources) / 1_000_000
                runs: dict[str, list[float]] = {name: [] for name in
                                                ("wall", "cpu", "cmd", "cmd_cpu", "peak")}
                entries = "-"
                for number in range(args.runs):
                    if not args.no_inprocess:
                        wall, cpu, said = in_process(sources, folder / f"in{number}")
                        runs["wall"].append(wall)
                        runs["cpu"].append(cpu)
                        entries = next((line.split("entries: ")[1].split()[0] for line in said
                                        if line.startswith("pages:")), "-")
                    wall, cpu, peak = launcher.run(sources, folder / f"cmd{number}", tree)
                    runs["cmd"].append(wall)
                    runs["cmd_cpu"].append(cpu)
                    runs["peak"].append(peak)
                m = {k: statistics.median(v) if v else float("nan") for k, v in runs.items()}
                print(f"| {layout:6} | {len(sources):5} | {size:4.1f} | {entries:>7} | "
                      f"{m['cpu']:14.2f} ({m['wall']:6.2f}) | {size / m['cpu']:8.2f} | "
                      f"{m['cmd_cpu']:11.2f} ({m['cmd']:6.2f}) | {m['peak']:7.0f} |",
                      flush=True)
        if args.profile:
            import cProfile

            from rulebinder.importer.command import Options, run

            sources = write_book(Path(tmp) / "profiled" / "book", max(args.sizes), "one")
            project = Path(tmp) / "profiled" / "project"
            project.mkdir()
            cProfile.runctx("run(Options(sources, 'bench', root=project), lambda _: None)",
                            globals(), {"run": run, "Options": Options, "sources": sources,
                                        "project": project}, str(args.profile))
            print(f"profile of the {max(args.sizes)} MB one-file import: {args.profile}")
    launcher.close()


if __name__ == "__main__":
    main()
