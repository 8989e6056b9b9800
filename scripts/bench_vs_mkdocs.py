"""Benchmark: an author's book built with Rulebinder and with plain MkDocs + Material, side by
side, at several book sizes (issue #37).

The book is four of the project's five rulebooks as chapters (``sources/00[0-3]_*.txt``,
78 KB of Markdown; the fifth defines a term the third does, which one book may not),
repeated N times with every heading made unique (" 2", " 3", ... after each heading of the
N-th copy). For each size, in one run on the same machine:

* **Rulebinder**, as an author uses it: ``rulebinder new``, ``rulebinder import`` of the
  chapters, then ``rulebinder build``: first in a copy of the project with an empty user
  cache but for the fetched Pyodide (``RULEBINDER_CACHE``: a machine's first build; the
  detached process it starts for the best brotli copies is stopped after it), then in the
  project itself, with the user's cache (a new project's first build), then again (warm:
  nothing changed).
* **Plain MkDocs + Material + search** over the same chapters as ``docs/*.md``, built twice.

Each build is a subprocess run under ``/usr/bin/time -f %e %M``: wall seconds and peak
resident memory. The table gives the warm builds' medians (``--runs``), their ratio
(Rulebinder / plain), the cold build, and the peak memory of each with its ratio.

    .venv/bin/python scripts/bench_vs_mkdocs.py [--runs 3] [--fast] [sizes ...]   # 1 4 16 64

``--fast`` builds Rulebinder without the memory snapshot and the precompressed copies
(``RULEBINDER_SNAPSHOT=0 RULEBINDER_PRECOMPRESS=0``), as ``rulebinder serve`` may.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
HEADING = re.compile(r"^(#{1,6}\s+.*?)\s*$", re.MULTILINE)
PLAIN_YML = """\
site_name: Bench
theme:
  name: material
  font: false
plugins:
  - search
"""


@dataclass(frozen=True)
class Run:
    """One build: wall seconds, peak resident memory in MB and CPU seconds (user + system:
    what the build itself used, whatever else ran on the machine)."""

    seconds: float
    mb: float
    cpu: float


def chapters(folder: Path, copies: int) -> list[Path]:
    """Four rulebooks ``copies`` times, every heading of copy k (k > 1) ending " k".

    >>> import tempfile
    >>> out = chapters(Path(tempfile.mkdtemp()), 2)
    >>> len(out), out[4].name
    (8, '000_2.md')
    >>> HEADING.search(out[4].read_text()).group(1)
    '### Basic Rules 2'
    """
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for copy in range(1, copies + 1):
        for path in sorted((ROOT / "sources").glob("00[0-3]_*.txt")):
            text = path.read_text(encoding="utf-8")
            if copy > 1:
                text = HEADING.sub(lambda m, k=copy: f"{m.group(1)} {k}", text)
            target = folder / f"{path.name[:3]}_{copy}.md"
            target.write_text(text, encoding="utf-8")
            out.append(target)
    return out


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> Run:
    """Run ``command`` under ``/usr/bin/time``; its wall time and peak memory."""
    report = cwd / ".time"
    result = subprocess.run(
        ["/usr/bin/time", "-o", str(report), "-f", "%e %M %U %S", *command],
        cwd=cwd, env=env, capture_output=True, text=True,
    )
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr[-3000:]}")
    seconds, kb, user, system = report.read_text().split()[-4:]
    return Run(float(seconds), int(kb) / 1024, float(user) + float(system))


def rulebinder(folder: Path, sources: list[Path], runs: int, env: dict[str, str]) -> list[Run]:
    """``rulebinder new``, ``import``, then ``build`` 1 + ``runs`` times (the first is cold)."""
    project = folder / "rulebinder"
    tool = [str(BIN / "python"), "-m", "rulebinder"]
    subprocess.run([*tool, "new", str(project), "--title", "Bench"], check=True,
                   capture_output=True, env=env)
    imported = subprocess.run(
        [*tool, "import", "--system", "bench", *map(str, sources)],
        cwd=project, capture_output=True, text=True, env=env,
    )
    if imported.returncode != 0:
        raise SystemExit(f"import failed:\n{imported.stdout[-3000:]}{imported.stderr[-3000:]}")
    return [machine_first(project, tool, env)] + [
        timed([*tool, "build"], project, env) for _ in range(1 + runs)
    ]


def machine_first(project: Path, tool: list[str], env: dict[str, str]) -> Run:
    """The first build on a machine: a copy of ``project`` built with a user cache holding
    only the fetched Pyodide (fetched now if the user's cache lacks it)."""
    sys.path.insert(0, str(ROOT))
    from macros.publish.shared import CACHE_ENV, user_cache
    from rulebinder.runtime_cache import PYODIDE_VERSION

    copy = project.with_name("machine-first")
    shutil.copytree(project, copy)
    cache = project.with_name("machine-cache")
    fetched = user_cache(env) / "pyodide" / PYODIDE_VERSION
    if fetched.is_dir():
        (cache / "pyodide").mkdir(parents=True)
        (cache / "pyodide" / PYODIDE_VERSION).symlink_to(fetched)
    try:
        return timed([*tool, "build"], copy, {**env, CACHE_ENV: str(cache)})
    finally:  # the best copies' process, at the lowest priority, is not this benchmark's
        subprocess.run(["pkill", "-f", f"macros.publish.later.*{cache}"], check=False)
        shutil.rmtree(copy, ignore_errors=True)


def plain(folder: Path, sources: list[Path], runs: int, env: dict[str, str]) -> list[Run]:
    """The same chapters as a plain MkDocs + Material site, built 1 + ``runs`` times."""
    project = folder / "plain"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(PLAIN_YML, encoding="utf-8")
    (project / "docs" / "index.md").write_text("# Bench\n", encoding="utf-8")
    for source in sources:
        shutil.copy(source, project / "docs" / source.name)
    return [timed([str(BIN / "mkdocs"), "build", "-q"], project, env) for _ in range(1 + runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[1, 4, 16, 64])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fast", action="store_true")
    args = parser.parse_args()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if args.fast:
        env |= {"RULEBINDER_SNAPSHOT": "0", "RULEBINDER_PRECOMPRESS": "0"}
    print("| size | KB | Rulebinder warm | plain warm | ratio | CPU s (Rulebinder / plain) | "
          "ratio | Rulebinder first build: machine / project | plain first build | "
          "peak MB (Rulebinder / plain) | ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            sources = chapters(Path(tmp) / "book", size)
            kb = sum(p.stat().st_size for p in sources) / 1000
            ours = rulebinder(Path(tmp), sources, args.runs, env)
            theirs = plain(Path(tmp), sources, args.runs, env)
        warm = statistics.median(r.seconds for r in ours[2:])
        base = statistics.median(r.seconds for r in theirs[1:])
        cpu = statistics.median(r.cpu for r in ours[2:])
        base_cpu = statistics.median(r.cpu for r in theirs[1:])
        mb = max(r.mb for r in ours[2:])
        base_mb = max(r.mb for r in theirs[1:])
        print(f"| {size}× | {kb:.0f} | {warm:.2f} s | {base:.2f} s | {warm / base:.1f}× | "
              f"{cpu:.2f} / {base_cpu:.2f} | {cpu / base_cpu:.1f}× | "
              f"{ours[0].seconds:.1f} s / {ours[1].seconds:.1f} s | {theirs[0].seconds:.1f} s | "
              f"{mb:.0f} / {base_mb:.0f} | {mb / base_mb:.1f}× |",
              flush=True)


if __name__ == "__main__":
    main()
