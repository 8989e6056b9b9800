"""Benchmark: what the pages a rule travels with cost (issue #38: a page per entry and
calculator, the Owlbear manifests, the open data). By default the site built now with them
beside the same commit with them switched off (the share pages, the Owlbear manifests and
the entries' share marks patched out in the build's process); with ``--before REF`` beside
the site of a git ref instead. The same full build (``mkdocs build --strict``, snapshot
and precompression on), medians of ``--runs`` after one warm-up build of each (the brotli
and snapshot caches filled, as an author's builds after the first are). Each site's builds
run in a row: the precompression cache keeps the copies of the site built last
(``compress._prune``), so builds of two sites taken in turns would each recompress every
file. Prints build seconds and the site's bytes (all files; without the precompressed
copies; the share pages alone).

    .venv/bin/python scripts/bench_share.py [--before 26af03c] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def worktree(ref: str, tmp: Path) -> Path:
    """A detached worktree of ``ref`` sharing this checkout's node_modules."""
    src = tmp / "before-src"
    subprocess.run(["git", "worktree", "add", "--detach", str(src), ref], cwd=ROOT,
                   check=True, capture_output=True)
    for shared in ("node_modules", ".venv-py313"):
        if (ROOT / shared).exists():
            (src / shared).symlink_to(ROOT / shared)
    return src


#: A build with the share pages off: the steps that make them replaced by no-ops.
WITHOUT_SHARING = """
import runpy, sys
import macros.publish.share, macros.publish.owlbear, macros.render.render
macros.publish.share.publish_share_pages = lambda *args, **kwargs: "share pages: off"
macros.publish.owlbear.publish_owlbear = lambda *args, **kwargs: "Owlbear: off"
macros.render.render.mark_entry = lambda markdown, kind, entry_id: markdown
sys.argv = ["mkdocs", *sys.argv[1:]]
runpy.run_module("mkdocs", run_name="__main__")
"""


#: A build that times the steps making the share pages (and the precompression of all
#: files) in its own process and writes the seconds to the file named by argv[1].
TIMED = """
import json, runpy, sys, time
import macros.publish.share, macros.publish.owlbear, macros.publish.compress
import macros.render.render
spent = {"share pages": 0.0, "precompress (all files)": 0.0, "share marks": 0.0}
def timed(module, name, key):
    original = getattr(module, name)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[key] += time.perf_counter() - started
    setattr(module, name, wrapper)
timed(macros.publish.share, "publish_share_pages", "share pages")
timed(macros.publish.owlbear, "publish_owlbear", "share pages")
timed(macros.publish.compress, "precompress", "precompress (all files)")
timed(macros.render.render, "mark_entry", "share marks")
out = sys.argv[1]
sys.argv = ["mkdocs", *sys.argv[2:]]
started = time.perf_counter()
try:
    runpy.run_module("mkdocs", run_name="__main__")
except SystemExit as done:
    if done.code:
        raise
spent["build"] = time.perf_counter() - started
open(out, "w").write(json.dumps(spent))
"""


def timed_build(project: Path, out: Path, report: Path) -> dict[str, float]:
    """One full build of ``project`` timing its share steps in its own process."""
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-c", TIMED, str(report), "build", "--strict", "--site-dir",
               str(out)]
    subprocess.run(command, cwd=project, env=env, check=True, capture_output=True)
    return json.loads(report.read_text())


def build(project: Path, out: Path, sharing: bool = True) -> float:
    """Seconds for one full build of ``project`` into ``out``."""
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "macros.load.export"], cwd=project, env=env,
                   check=True, capture_output=True)
    run = ["-m", "mkdocs"] if sharing else ["-c", WITHOUT_SHARING]
    command = [sys.executable, *run, "build", "--strict", "--site-dir", str(out)]
    started = time.perf_counter()
    subprocess.run(command, cwd=project, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def sizes(site: Path) -> dict[str, int]:
    """Bytes of every file, of the files without their .br/.gz copies, of the share pages."""
    files = [p for p in site.rglob("*") if p.is_file()]
    plain = [p for p in files if p.suffix not in (".br", ".gz")]
    shared = [p for p in files if len(p.relative_to(site).parts) > 2
              and p.relative_to(site).parts[1] in ("rule", "calc", "owlbear")]
    return {
        "all files": sum(p.stat().st_size for p in files),
        "without .br/.gz": sum(p.stat().st_size for p in plain),
        "share pages (all)": sum(p.stat().st_size for p in shared),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="a git ref to compare with (default: this commit "
                        "with the share pages off)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--other-first", action="store_true",
                        help="build the other site's series first")
    parser.add_argument("--in-build", action="store_true",
                        help="time the share steps inside each build instead (robust to a "
                        "machine whose load changes between builds)")
    args = parser.parse_args()
    if args.in_build:
        return in_build(args.runs)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        before = worktree(args.before, tmp) if args.before else None
        other = args.before or "sharing off"
        try:
            sites = {"now": (ROOT, tmp / "now", True),
                     other: (before or ROOT, tmp / "before", before is not None)}
            times: dict[str, list[float]] = {}
            order = list(sites.items())[::-1] if args.other_first else list(sites.items())
            for label, (project, out, sharing) in order:
                build(project, out, sharing)  # warm-up: caches filled
                times[label] = [build(project, out, sharing) for _ in range(args.runs)]
            print(f"full build, median of {args.runs} (after a warm-up build of each):")
            for label, found in times.items():
                print(f"  {label:>12}: {statistics.median(found):6.1f} s   "
                      f"runs {', '.join(f'{t:.1f}' for t in found)}")
            now, then = (statistics.median(times[k]) for k in sites)
            print(f"  ratio now/{other}: {now / then:.3f}")
            print("site size:")
            measured = {label: sizes(out) for label, (_, out, _) in sites.items()}
            for key in measured["now"]:
                a, b = measured["now"][key], measured[other][key]
                ratio = f"{a / b:.3f}" if b else "-"
                print(f"  {key:>18}: now {a / 1e6:7.2f} MB, {other} {b / 1e6:7.2f} MB, "
                      f"ratio {ratio}")
        finally:
            if before is not None:
                subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT,
                               check=False, capture_output=True)
    return 0


def in_build(runs: int) -> int:
    """The share steps' seconds within each full build of this commit (one warm-up)."""
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        subprocess.run([sys.executable, "-m", "macros.load.export"], cwd=ROOT, check=True,
                       capture_output=True)
        timed_build(ROOT, tmp / "site", tmp / "t.json")  # warm-up: caches filled
        found = [timed_build(ROOT, tmp / "site", tmp / "t.json") for _ in range(runs)]
    print(f"full build of this commit, median of {runs} (after a warm-up build):")
    for key in found[0]:
        values = [f[key] for f in found]
        print(f"  {key:>24}: {statistics.median(values):6.2f} s   runs "
              + ", ".join(f"{v:.2f}" for v in values))
    share = statistics.median(f["share pages"] + f["share marks"] for f in found)
    total = statistics.median(f["build"] for f in found)
    print(f"  the share steps are {share / (total - share):.1%} on top of the rest of the build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
