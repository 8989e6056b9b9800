"""Benchmark: MkDocs build time of the real site and of synthetic systems.

Generates a synthetic system with 1,000, 5,000 and 10,000 entries (terms,
abilities, tables and sections whose text mentions other terms, so the
cross-linker works on every entry) in a temporary copy of the project and
times ``mkdocs build`` for each. Growth should be close to linear.

Usage: .venv/bin/python scripts/bench_build.py [options] [sizes...]

Options:
  --runs N         build each project N times and report the median (and every run)
  --fast           switch off the memory snapshot and the precompressed copies
                   (``RULEBINDER_SNAPSHOT=0 RULEBINDER_PRECOMPRESS=0``), whose cost does
                   not depend on the book
  --source DIR     copy the project from DIR (e.g. an export of an older commit,
                   ``git archive REF | tar -x -C DIR``) instead of this checkout
  --keep DIR       keep each project's last built site under DIR/<project>/ (to compare
                   two versions' pages byte for byte)
  --profile FILE   also build the largest project once under cProfile into FILE
  --parts          instead of building, time the parts of a build in the project's own
                   code (best of --runs, in seconds): loading the rules data
                   (``load_rules``), linking every entry's text (the term linker alone)
                   and rendering every entry's Markdown (``Renderer.render``)
  --vs-mkdocs      instead, an author's book side by side with plain MkDocs + Material
                   (``scripts/bench_vs_mkdocs.py``: sizes are how many times the book is
                   repeated, default 1 4 16 64; wall, CPU, first build and peak memory)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sitebuild import copy_project  # noqa: E402

SEED = "004_d50dc5f42222ed7e.txt"
PER_PAGE = 100
_NOT_COPIED = (".venv*", "site", "site.tmp", "node_modules", ".git", "__pycache__")


def synthetic_system(folder: Path, docs: Path, size: int, rng: random.Random) -> None:
    """Write a system 'synth' with ``size`` entries, ``PER_PAGE`` per page."""
    folder.mkdir(parents=True)
    docs.mkdir(parents=True)
    terms = [f"Quark{i}" for i in range(size)]
    pages = []
    lines: list[str] = []
    for i in range(size):
        if i % PER_PAGE == 0:
            if lines:
                (folder / f"{pages[-1]}.yml").write_text("\n".join(lines) + "\n")
            pages.append(f"p{i // PER_PAGE:04d}")
            lines = [f"page: {{title: Page {i // PER_PAGE}}}", "entries:"]
        mentions = " and ".join(rng.choice(terms) for _ in range(5))
        text = f"The rule of {mentions} applies when a Quark{i} Field is in play."
        src = f"    source: {{file: {SEED}, heading: Character Attributes}}"
        kind = ("term", "ability", "table", "section")[i % 4]
        lines += [f"  - kind: {kind}", f"    id: synth.e{i}", f"    name: Quark{i}"]
        if kind == "term":
            lines += [f"    text: {text}", "    aliases: [Quark" + str(i) + " Field]"]
        elif kind == "ability":
            lines += [
                "    group: synth.e3",
                "    level: 4",
                "    fields:",
                "      - Type: Action",
                "      - Range: '3'",
                f"      - Effect: {text}",
            ]
        elif kind == "table":
            lines += ["    columns: [Roll, Result]", "    rows:"]
            lines += [f"      - [{r}, {rng.choice(terms)} {r}]" for r in range(2, 13)]
        else:
            lines[-1] = f"    name: Section {i}"
            lines += ["    level: 3", f"    text: {text}"]
        lines.append(src)
    (folder / f"{pages[-1]}.yml").write_text("\n".join(lines) + "\n")
    system = [
        "system:",
        "  id: synth",
        "  name: Synthetic",
        f"  seed: {SEED}",
        "  text: A generated system for the build benchmark.",
        "  summary:",
        "    game: A generated game.",
        "    dice: Generated dice.",
        "    damage: Generated damage.",
        "    creation: Generated creation.",
        f"    start: {pages[0]}",
        "  rulebook:",
        "    lines: 833",
        "    holds: A generated book.",
        "  pages:",
    ] + [f"    - {p}" for p in pages]
    (folder / "system.yml").write_text("\n".join(system) + "\n")
    (docs / "index.md").write_text("# Synthetic\n")
    for page in pages:
        (docs / f"{page}.md").write_text("{{ rules_page() }}\n")


def build_seconds(project: Path, env: dict[str, str], profile: Path | None = None) -> float:
    """Wall time of one ``mkdocs build --strict -q`` of ``project`` (under cProfile into
    ``profile`` if given)."""
    command = [sys.executable]
    if profile:
        command += ["-m", "cProfile", "-o", str(profile)]
    command += ["-m", "mkdocs", "build", "--strict", "-q", "--site-dir", str(project / "out")]
    start = time.perf_counter()
    result = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode:
        raise SystemExit(result.stdout + result.stderr)
    return elapsed


#: Run in a project's folder by ``--parts``: its own ``macros`` timed, best of ``argv[1]``.
PARTS = """
import json, sys, time
from pathlib import Path
from macros.load.loader import load_rules
from macros.render.render import Renderer
def best(step):
    times = []
    for _ in range(int(sys.argv[1])):
        start = time.perf_counter(); value = step(); times.append(time.perf_counter() - start)
    return min(times), value
load, data = best(lambda: load_rules(Path("rules_data")))
renderer = Renderer(data)
entries = list(data.entries.values())
texts = [(e, t) for e in entries for t in [e.get("text")] if isinstance(t, str)]
def link():
    for e, text in texts:
        renderer.linkers[e.system].link(text, renderer.home(e), skip=e.id)
def render():
    for e in entries:
        renderer.render(e, renderer.home(e))
print(json.dumps({"load": load, "link": best(link)[0], "render": best(render)[0]}))
"""


def parts_seconds(project: Path, env: dict[str, str], runs: int) -> dict[str, float]:
    """Best-of-``runs`` seconds of loading, linking and rendering in ``project``."""
    command = [sys.executable, "-c", PARTS, str(runs)]
    result = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(result.stdout + result.stderr)
    return json.loads(result.stdout.splitlines()[-1])


def _copy(source: Path | None, target: Path) -> Path:
    """A copy of the project at ``target``: this checkout, or ``source``."""
    if source is None:
        return copy_project(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*_NOT_COPIED))
    if (ROOT / "node_modules").exists():
        (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target


def main(argv: list[str]) -> None:
    """Print a table of build times (medians of ``--runs``)."""
    if "--vs-mkdocs" in argv:
        import bench_vs_mkdocs

        sys.argv = [str(Path(bench_vs_mkdocs.__file__)), *(a for a in argv if a != "--vs-mkdocs")]
        bench_vs_mkdocs.main()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[1000, 5000, 10000])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--fast", action="store_true")
    parser.add_argument("--source", type=Path)
    parser.add_argument("--keep", type=Path)
    parser.add_argument("--profile", type=Path)
    parser.add_argument("--parts", action="store_true")
    args = parser.parse_args(argv)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("PYTHONPATH", None)  # each copy imports its own macros/ and rulebinder/
    if args.fast:
        env.update(RULEBINDER_SNAPSHOT="0", RULEBINDER_PRECOMPRESS="0")
    rows: list[tuple[str, int, list[float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        base = _copy(args.source, Path(tmp) / "base")
        projects = [("real site", "real", sum(1 for _ in (base / "rules_data").rglob("*.yml")))]
        for size in args.sizes:
            project = Path(tmp) / f"p{size}"
            shutil.copytree(base, project, symlinks=True)
            synthetic_system(
                project / "rules_data" / "synth",
                project / "docs" / "synth",
                size,
                random.Random(size),
            )
            projects.append((f"synthetic {size:,} entries", f"p{size}", size))
        if args.parts:
            print(f"{'parts (best of runs)':<28}{'load s':>9}{'link s':>9}{'render s':>9}")
            for label, name, _ in projects:
                project = base if name == "real" else Path(tmp) / name
                part = parts_seconds(project, env, args.runs)
                print(f"{label:<28}{part['load']:>9.2f}{part['link']:>9.2f}{part['render']:>9.2f}")
            return
        for label, name, count in projects:
            project = base if name == "real" else Path(tmp) / name
            times = [build_seconds(project, env) for _ in range(args.runs)]
            rows.append((label, count, times))
            print(f"{label}: " + ", ".join(f"{t:.2f}" for t in times), file=sys.stderr)
            if args.keep:
                shutil.copytree(project / "out", args.keep / name, dirs_exist_ok=True)
        if args.profile:
            name = projects[-1][1]
            project = base if name == "real" else Path(tmp) / name
            seconds = build_seconds(project, env, args.profile.resolve())
            print(f"profiled build of {projects[-1][0]}: {seconds:.2f} s", file=sys.stderr)
    print(f"{'build':<28}{'median s':>9}{'ms/entry':>10}  runs")
    for label, count, times in rows:
        seconds = statistics.median(times)
        per = f"{seconds * 1000 / count:.2f}" if label.startswith("synthetic") else "-"
        runs = ", ".join(f"{t:.2f}" for t in times)
        print(f"{label:<28}{seconds:>9.2f}{per:>10}  {runs}")


if __name__ == "__main__":
    main(sys.argv[1:])
