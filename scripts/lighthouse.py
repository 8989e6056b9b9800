"""Lighthouse (mobile, its default simulated throttling) on each kind of page of a built site.

The site is served as a real host serves it (``tests/browser/host.py``: precompressed
brotli or gzip, ``Cache-Control: max-age=600`` with ETags, as GitHub Pages). Lighthouse
runs Debian's Chromium (``CHROME_PATH``), never a browser of its own. Each page is
measured ``--runs`` times; the table gives the median performance score and the
median of each metric, the runs made in rounds over the kinds; the last column is
Lighthouse's ``benchmarkIndex`` (the machine's speed during the runs, median).

Lighthouse's simulated phone is this machine's CPU slowed 4x, a multiplier made for a
high-end desktop (``benchmarkIndex`` 1500-2000; Lighthouse's docs/throttling.md,
"Calibrating the CPU slowdown"). ``--cpu-multiplier X`` sets another; the last column
shows the one each run used. A multiplier chosen from a probe run does not fit here:
this machine's index changes from one run to the next (1,905 in a probe, 1,110 to 1,934
in the runs right after it).

Lighthouse comes from npm (not a dependency of the project):
``npm install --prefix /tmp/lh lighthouse@12.8.2`` then
``--lighthouse /tmp/lh/node_modules/.bin/lighthouse`` (the default runs
``npx --yes lighthouse@12.8.2``).

Usage: .venv/bin/python scripts/lighthouse.py --site site [--runs 3] [--pages a/,b/]
       [--cpu-multiplier X]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.report import print_table  # noqa: E402
from tests.browser.host import Host  # noqa: E402

#: One page of each kind: home, rules page, glossary, calculators, tracker, builder, and the
#: linked calculator a reader arrives by: from "Copy link" (its inputs in the query) or
#: from a rules page's link to it (a #fragment the browser scrolls to; the site's most
#: linked calculator).
PAGES = {
    "home": "",
    "rules page": "glittershard/how_to_play/",
    "glossary": "arts/glossary/",
    "calculators": "glittershard/calculators/",
    "linked calculator": "glittershard/calculators/?calc=glittershard.damage&attack_roll=14",
    "calculator by #fragment": "glittershard/calculators/#calc-glittershard-character",
    "tracker": "pendragon/tracker/",
    "builder": "arts/builder/",
}
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}


def run_once(
    command: list[str], url: str, out: Path, multiplier: float | None = None
) -> dict[str, float]:
    """One Lighthouse run; the score (0–100) and each metric's numeric value."""
    env = {**os.environ, "CHROME_PATH": "/usr/bin/chromium"}
    subprocess.run(
        [
            *command,
            url,
            "--only-categories=performance",
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            "--chrome-flags=--headless=new --no-sandbox",
            *([f"--throttling.cpuSlowdownMultiplier={multiplier:.2f}"] if multiplier else []),
        ],
        check=True,
        env=env,
        capture_output=True,
    )
    report = json.loads(out.read_text(encoding="utf-8"))
    got = {"score": 100 * (report["categories"]["performance"]["score"] or 0)}
    for audit, name in METRICS.items():
        got[name] = report["audits"][audit]["numericValue"]
    # How fast this machine was during the run (Lighthouse's own yardstick): its simulated
    # phone is this CPU slowed (4x unless told), so a busy or slower machine lowers every score.
    got["bench"] = report["environment"]["benchmarkIndex"]
    got["cpu"] = report["configSettings"]["throttling"]["cpuSlowdownMultiplier"]
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", help="comma-separated page kinds (default: all)")
    parser.add_argument("--lighthouse", help="a lighthouse binary (default: npx lighthouse)")
    parser.add_argument(
        "--cpu-multiplier", type=float, help="Lighthouse's CPU slowdown (default: its own, 4)"
    )
    args = parser.parse_args()
    command = [args.lighthouse] if args.lighthouse else ["npx", "--yes", "lighthouse@12.8.2"]
    kinds = args.pages.split(",") if args.pages else list(PAGES)
    rows = []
    with Host(args.site, cache="max-age") as host, tempfile.TemporaryDirectory() as tmp:
        host.prepare()
        # In rounds (every kind once, then again): a machine that slows down for a while
        # lowers one run of each kind, not every run of one kind.
        got: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
        for i in range(args.runs):
            for kind in kinds:
                url = host.url + PAGES[kind]
                run = run_once(command, url, Path(tmp) / f"{i}.json", args.cpu_multiplier)
                got[kind].append(run)
                print(f"round {i + 1}, {kind}: {run['score']:.0f}", file=sys.stderr, flush=True)
        for kind in kinds:
            runs = got[kind]
            med = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
            scores = ", ".join(f"{run['score']:.0f}" for run in runs)
            rows.append(
                (
                    kind,
                    f"/{PAGES[kind]}",
                    f"{med['score']:.0f} ({scores})",
                    *(
                        f"{med[name]:.3f}" if name == "CLS" else f"{med[name] / 1000:.1f} s"
                        for name in METRICS.values()
                    ),
                    f"{med['bench']:.0f}",
                    ", ".join(f"{run['cpu']:g}" for run in runs),
                )
            )
    header = ("page", "path", "performance", *METRICS.values(), "benchmarkIndex", "CPU x")
    print_table(header, rows)


if __name__ == "__main__":
    main()
