"""Benchmark: does a very long print page open and scroll without freezing (issue #37)?

Takes a built site's print page (``<site>/<book>/print/index.html``), repeats its chapters
N times inside the page (as a book N times longer would print), serves the site on
127.0.0.1 and opens the page in Chromium (Debian's, through Playwright) twice per run:
as built (each chapter a ``section.rb-print-chapter`` with ``content-visibility: auto``),
and with every chapter laid out at once (``content-visibility: visible``, as before the
change). For each it prints the medians of ``--runs`` of:

* ``load``: navigation to the load event, ms;
* ``blocked``: the sum of the main thread's long tasks (over 50 ms) from the start to 2 s
  after load, then through a mouse move and a scroll to the middle of the page, ms;
* ``move``/``scroll``: how long after a mouse move / a scroll to the middle the next frame
  is painted, ms.

    .venv/bin/python scripts/bench_print.py --site SITE [--book arts] [--times 64] [--runs 3]

Build the site first (``make build`` or ``.venv/bin/mkdocs build -d SITE``).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import shutil
import statistics
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

SECTION = re.compile(r'<section class="rb-print-chapter">.*?</section>', re.S)
LAID_OUT = "<style>.rb-print-chapter { content-visibility: visible !important; }</style>"
OBSERVE = """
window.__long = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__long += entry.duration;
}).observe({type: "longtask", buffered: true});
"""
NEXT_FRAME = """() => new Promise((done) => {
  const start = performance.now();
  requestAnimationFrame(() => setTimeout(() => done(performance.now() - start)));
})"""


def longer(html: str, times: int) -> str:
    """The page with its chapters repeated ``times`` times after the last one.

    >>> longer('<p>a</p><section class="rb-print-chapter">x</section><p>b</p>', 3)
    '<p>a</p><section class="rb-print-chapter">x</section>\
<section class="rb-print-chapter">x</section><section class="rb-print-chapter">x</section><p>b</p>'
    """
    chapters = SECTION.findall(html)
    if not chapters:
        raise SystemExit("no section.rb-print-chapter in the page: built before the change?")
    end = list(SECTION.finditer(html))[-1].end()
    return html[:end] + "".join(chapters) * (times - 1) + html[end:]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A static file handler that logs nothing."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        return None


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static server on 127.0.0.1 (a free port) over ``root``, in a daemon thread."""
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def measure(page: Page, url: str) -> dict[str, float]:
    """Open ``url`` and time its load, its long tasks and the frames after input."""
    page.add_init_script(OBSERVE)
    page.goto(url, wait_until="load", timeout=300_000)
    load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    page.wait_for_timeout(2000)
    page.mouse.move(300, 300)
    move = page.evaluate(NEXT_FRAME)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    scroll = page.evaluate(NEXT_FRAME)
    page.wait_for_timeout(500)
    return {"load": load, "blocked": page.evaluate("window.__long"), "move": move,
            "scroll": scroll}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--book", default="arts")
    parser.add_argument("--times", type=int, default=64)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "site"
        shutil.copytree(args.site, root, ignore=shutil.ignore_patterns("*.br", "*.gz"))
        page_dir = root / args.book / "print"
        html = longer((page_dir / "index.html").read_text(encoding="utf-8"), args.times)
        (page_dir / "index.html").write_text(html, encoding="utf-8")
        (page_dir / "laid-out.html").write_text(
            html.replace("</head>", LAID_OUT + "</head>", 1), encoding="utf-8")
        print(f"{args.book}/print/ x{args.times}: {len(html.encode()) / 1e6:.1f} MB of HTML")
        server, base = serve(root)
        results: dict[str, list[dict[str, float]]] = {"as built": [], "all laid out": []}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
                for _ in range(args.runs):
                    for name, path in (("as built", "index.html"),
                                       ("all laid out", "laid-out.html")):
                        page = browser.new_page(viewport={"width": 1280, "height": 900})
                        results[name].append(measure(page, f"{base}/{args.book}/print/{path}"))
                        page.close()
                browser.close()
        finally:
            server.shutdown()
    print("| print page | load ms | long tasks ms | next frame after a mouse move ms | "
          "after a scroll ms |")
    print("|---|---|---|---|---|")
    for name, runs in results.items():
        cells = [statistics.median(r[key] for r in runs) for key in
                 ("load", "blocked", "move", "scroll")]
        print(f"| {name} | " + " | ".join(f"{c:.0f}" for c in cells) + " |")


if __name__ == "__main__":
    main()
