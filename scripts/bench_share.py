"""Benchmark: what the pages a rule travels with cost (issue #38: a page per entry and
calculator, the Owlbear manifests, the open data): the site built now beside the site of a
git ref, the same full build (``mkdocs build --strict``, snapshot and precompression on),
alternating, medians of ``--runs`` after one warm-up build of each (the brotli and snapshot
caches filled, as an author's builds after the first are). Prints build seconds and the
site's bytes (all files; without the precompressed copies; the share pages alone).

    .venv/bin/python scripts/bench_share.py --before 26af03c [--runs 3]
"""

from __future__ import annotations

import argparse
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


def build(project: Path, out: Path) -> float:
    """Seconds for one full build of ``project`` into ``out``."""
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", "macros.load.export"], cwd=project, env=env,
                   check=True, capture_output=True)
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
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
    parser.add_argument("--before", required=True, help="the git ref to compare with")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        before = worktree(args.before, tmp)
        try:
            sites = {"now": (ROOT, tmp / "now"), args.before: (before, tmp / "before")}
            times: dict[str, list[float]] = {label: [] for label in sites}
            for project, out in sites.values():
                build(project, out)  # warm-up: caches filled
            for _ in range(args.runs):
                for label, (project, out) in sites.items():
                    times[label].append(build(project, out))
            print(f"full build, median of {args.runs} (after a warm-up build of each):")
            for label, found in times.items():
                print(f"  {label:>12}: {statistics.median(found):6.1f} s   "
                      f"runs {', '.join(f'{t:.1f}' for t in found)}")
            now, then = (statistics.median(times[k]) for k in sites)
            print(f"  ratio now/{args.before}: {now / then:.3f}")
            print("site size:")
            measured = {label: sizes(out) for label, (_, out) in sites.items()}
            for key in measured["now"]:
                a, b = measured["now"][key], measured[args.before][key]
                ratio = f"{a / b:.3f}" if b else "-"
                print(f"  {key:>18}: now {a / 1e6:7.2f} MB, {args.before} {b / 1e6:7.2f} MB, "
                      f"ratio {ratio}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT,
                           check=False, capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
