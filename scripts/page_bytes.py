"""Bytes a first visit to each page receives: Chromium, cold, the built site served by
``python -m http.server`` on 127.0.0.1 (uncompressed), service worker blocked, counted for
a few seconds after the page's load event.

    .venv/bin/mkdocs build -d /tmp/site && \\
    .venv/bin/python scripts/page_bytes.py /tmp/site glittershard/how_to_play/ arts/combat/

Compare two builds (before and after a change) with ``--base OTHER_SITE``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright


def received(url: str, seconds: float) -> tuple[int, int]:
    """(bytes, how many of them were Pyodide's) a cold visit to ``url`` receives."""
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path="/usr/bin/chromium")
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        total = [0, 0]

        def finished(request: object) -> None:
            size = request.sizes()["responseBodySize"]  # type: ignore[attr-defined]
            total[0] += size
            if "/pyodide/" in request.url:  # type: ignore[attr-defined]
                total[1] += size

        page.on("requestfinished", finished)
        page.goto(url, wait_until="load")
        page.wait_for_timeout(seconds * 1000)
        browser.close()
    return total[0], total[1]


def serve(site: Path, port: int) -> subprocess.Popen[bytes]:
    """``python -m http.server`` for ``site`` on 127.0.0.1:``port``."""
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1)
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a built site folder")
    parser.add_argument("pages", nargs="+", help="site paths, e.g. arts/combat/")
    parser.add_argument("--base", type=Path, help="another build to compare against")
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    sites = {"this": args.site, **({"base": args.base} if args.base else {})}
    servers = {name: serve(site, 8790 + i) for i, (name, site) in enumerate(sites.items())}
    try:
        for path in args.pages:
            figures = []
            for i, name in enumerate(sites):
                total, pyodide = received(f"http://127.0.0.1:{8790 + i}/{path}", args.seconds)
                figures.append(f"{name} {total / 1e6:.2f} MB (Pyodide {pyodide / 1e6:.2f} MB)")
            print(f"{path}: " + "; ".join(figures))
    finally:
        for server in servers.values():
            server.terminate()


if __name__ == "__main__":
    main()
