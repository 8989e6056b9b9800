"""Benchmark: the bytes a reader's search downloads before its first result (issue #37).

In real Chromium (``tests/browser/harness.py``), on a built site served on 127.0.0.1: for
each query, a fresh browser context (empty cache, service workers blocked: the offline
copy's install downloads the whole site in the background, which is not the search's)
opens ``--page``, starts the theme, opens search, types the query a key at a time
(``--delay`` ms apart, as a reader does) and waits for the first result listed for it.
The table gives what the server sent from the page's load to that result: the search's
files (``search/``: the manifest the theme fetches, then the term shards and section
chunks the queries needed), everything else (the theme's scripts and the worker), how
many of the search's files, their bytes gzip-compressed (what a host that compresses
sends), and the seconds from the first key to the result.

``--book N`` first builds a book of N copies of the benchmark chapters
(``scripts/bench_vs_mkdocs.py``: ``rulebinder new``, ``import``, ``build`` without the
snapshot and the precompressed copies) and measures that; without it, ``--site`` (a
built site, default ``site/``). The size of the whole index Material's worker would
download instead is given for comparison.

    .venv/bin/python scripts/bench_search.py [--site DIR | --book 64] [--delay 120] [queries ...]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from macros.publish.searchsplit import read_index  # noqa: E402
from scripts.bench_vs_mkdocs import chapters  # noqa: E402
from tests.browser.harness import SEARCH_READY, SiteServer, launch_chromium  # noqa: E402

QUERIES = ["initiative", "damage", "cover", "掩蔽", "格擋"]
#: The first result listed for the whole query (as tests/browser/test_search.py waits).
RESULTS_FOR = """(words) => {
  const meta = document.querySelector(".md-search-result__meta");
  if (meta && /no matching/i.test(meta.textContent)) return true;
  const links = [...document.querySelectorAll(".md-search-result__item a")];
  return links.some((a) => new URL(a.href).searchParams.get("h") === words.toLowerCase());
}"""


def build_book(folder: Path, copies: int) -> Path:
    """A book of ``copies`` times the benchmark chapters, built into ``folder``; its site."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1",
               RULEBINDER_SNAPSHOT="0", RULEBINDER_PRECOMPRESS="0")
    tool = [sys.executable, "-m", "rulebinder"]
    project = folder / "book"
    sources = chapters(folder / "chapters", copies)
    subprocess.run([*tool, "new", str(project), "--title", "Bench"], check=True,
                   capture_output=True, env=env)
    for command in (["import", "--system", "bench", *map(str, sources)], ["build"]):
        done = subprocess.run([*tool, *command], cwd=project, capture_output=True, text=True,
                              env=env)
        if done.returncode != 0:
            raise SystemExit(f"{command[0]} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return project / "site"


def whole_index_bytes(site: Path) -> int:
    """The size of the one-file index Material's own worker would fetch."""
    index = read_index(site)
    config = {key: value for key, value in index["config"].items() if key != "rb"}
    return len(json.dumps({"config": config, "docs": index["docs"]}).encode())


def measure(site: Path, page: str, queries: list[str], delay: int) -> list[dict[str, object]]:
    """One row per query: what the server sent from the page's load to its first result."""
    rows = []
    with SiteServer(site) as server, launch_chromium() as browser:
        for query in queries:
            context = browser.new_context(service_workers="block")
            context.set_default_timeout(120_000)
            tab = context.new_page()
            tab.goto(server.url + page, wait_until="load")
            server.take_log()
            tab.mouse.move(20, 300)
            tab.click(".md-search__input")
            tab.wait_for_function(SEARCH_READY)
            started = time.perf_counter()
            tab.locator(".md-search__input").press_sequentially(query, delay=delay)
            if not query.isascii():
                tab.keyboard.press("End")  # an input method commits with a key
            tab.wait_for_function(RESULTS_FOR, arg=query, polling=20)
            seconds = time.perf_counter() - started
            served = server.take_log()
            search = [s for s in served if s.path.startswith("/search/")]
            zipped = sum(len(gzip.compress((site / s.path.lstrip("/")).read_bytes(), 6))
                         for s in search)
            results = tab.locator(".md-search-result__item").count()
            rows.append({
                "query": query, "results": results, "files": len(search),
                "search": sum(s.bytes for s in search), "gzip": zipped,
                "other": sum(s.bytes for s in served if s not in search),
                "seconds": seconds,
            })
            context.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("queries", nargs="*", default=QUERIES)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--book", type=int, help="build a book of N copies and measure it")
    parser.add_argument("--page", default="", help="the page search starts from")
    parser.add_argument("--delay", type=int, default=120, help="ms between keys")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if args.book:
            started = time.perf_counter()
            site = build_book(Path(tmp), args.book)
            print(f"built a book of {args.book} copies in {time.perf_counter() - started:.0f} s")
        whole = whole_index_bytes(site)
        manifest = (site / "search" / "search_index.json").stat().st_size
        print(f"{site}: whole index {whole:,} B (Material's worker fetches it all); "
              f"manifest {manifest:,} B")
        print(f"{'query':<14}{'results':>8}{'files':>7}{'search B':>11}{'gzip B':>10}"
              f"{'other B':>11}{'s':>7}")
        for row in measure(site, args.page, args.queries, args.delay):
            print(f"{row['query']:<14}{row['results']:>8}{row['files']:>7}"
                  f"{row['search']:>11,}{row['gzip']:>10,}{row['other']:>11,}"
                  f"{row['seconds']:>7.2f}")


if __name__ == "__main__":
    main()
