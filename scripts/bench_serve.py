"""Benchmark: under ``rulebinder serve``, seconds from saving an edit to the page showing it.

Copies a Rulebinder project into a temporary folder, starts ``rulebinder serve`` on it
(127.0.0.1, a free port), and, once the first build is served, edits one line several
times: each edit appends a new word to a line of an entry's text in ``rules_data/`` (or of
a Markdown page, ``--file``), and the script polls that page until the word shows. Then,
for comparison, plain ``mkdocs serve`` (Material only, no plugin) on the project's source
Markdown (``sources/``: its first file as one page, or with ``--plain-all`` every file
as a page, the first edited), edited the same way. Prints the median and every edit's
seconds; both servers are stopped at the end.

Usage: .venv/bin/python scripts/bench_serve.py PROJECT [--edits N] [--file RELPATH]
       [--no-plain] [--plain-all] [--timeout S]

PROJECT is a folder made by ``rulebinder new`` and ``rulebinder import`` (e.g.
``rulebinder new /tmp/book && cd /tmp/book && rulebinder import BOOK.md --system book``).
Its caches are copied with it: delete ``PROJECT/.cache`` first to include a cold start.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

#: A line inside a block scalar of an entry's text (``text: |-`` then indented lines).
_BLOCK = re.compile(r"^(\s*)text: [|>][-+]?\s*$")
#: A Markdown paragraph's line (not a heading, list, table, fence, front matter or macro).
_PARAGRAPH = re.compile(r"^[A-Za-z][^|{}]*[.!?]\s*$")


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def editable_line(path: Path) -> int:
    """The index of a line of ``path`` an appended word shows on its page."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if path.suffix == ".yml":
        for number, line in enumerate(lines[:-1]):
            if _BLOCK.match(line) and lines[number + 1].strip():
                return number + 1
    else:
        for number, line in enumerate(lines):
            if _PARAGRAPH.match(line):
                return number
    raise SystemExit(f"{path}: no line to edit (an entry's text block, or a paragraph)")


def page_url(project: Path, relative: Path) -> str:
    """The page showing the file ``relative`` (``rules_data/<book>/<page>.yml`` or a page of
    ``docs/``), as a path of the site."""
    parts = relative.with_suffix("").parts
    if parts[0] in ("rules_data", "docs"):
        parts = parts[1:]
    if parts[-1] == "index":
        parts = parts[:-1]
    return "/" + "".join(f"{part}/" for part in parts)


def fetch(url: str) -> str | None:
    """The page's text, or None while the server does not answer it."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8", "replace"))
    except (urllib.error.URLError, OSError):
        return None


def wait_for(url: str, word: str, timeout: float) -> float:
    """Seconds until ``url`` holds ``word`` (polled every 20 ms)."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        text = fetch(url)
        if text is not None and word in text:
            return time.perf_counter() - start
        time.sleep(0.02)
    raise SystemExit(f"{url}: {word!r} did not show within {timeout:.0f} s")


def settle(log: Path, timeout: float) -> None:
    """Wait until the server's log shows every rebuild it started finished (under
    ``rulebinder serve`` a long print page is remade in a rebuild of its own after the edit
    shows: the next edit waits for it, as it would in the server)."""
    start = last = time.perf_counter()
    size = -1
    while time.perf_counter() - start < timeout:
        text = log.read_text(encoding="utf-8", errors="replace")
        if len(text) != size:
            size, last = len(text), time.perf_counter()
        # every rebuild ended: the first build is followed by no "Reloading browsers"
        done = text.count("Building documentation") <= text.count("Reloading browsers") + 1
        if done and time.perf_counter() - last > 2:  # and no rebuild started since
            return
        time.sleep(0.1)


def measure(
    command: list[str], folder: Path, relative: Path, edits: int, timeout: float, label: str
) -> list[float]:
    """Start ``command`` in ``folder`` (its last word the port), edit ``relative``
    ``edits`` times and time each edit until its page shows it; stop the server."""
    port = free_port()
    url = f"http://127.0.0.1:{port}{page_url(folder, relative)}"
    log = (folder / "serve.log").open("w")
    start = time.perf_counter()
    server = subprocess.Popen(
        [*command, f"127.0.0.1:{port}"], cwd=folder, stdout=log, stderr=subprocess.STDOUT
    )
    times: list[float] = []
    try:
        while fetch(url) is None:
            if server.poll() is not None or time.perf_counter() - start > timeout:
                raise SystemExit(f"{label}: the server did not start (see {folder}/serve.log)")
            time.sleep(0.1)
        print(f"{label}: first build served after {time.perf_counter() - start:.1f} s")
        path = folder / relative
        number = editable_line(path)
        for edit in range(edits):
            settle(folder / "serve.log", timeout)  # no rebuild running (a print page's)
            time.sleep(1.5)  # the watcher settles after the previous rebuild
            word = f"qzv{os.getpid()}x{edit}"
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
            lines[number] = lines[number].rstrip("\n") + f" {word}\n"
            path.write_text("".join(lines), encoding="utf-8")
            times.append(wait_for(url, word, timeout))
            print(f"{label}: edit {edit + 1} visible after {times[-1]:.2f} s")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    return times


def plain_project(sources: list[Path], folder: Path) -> Path:
    """A plain MkDocs project (Material, nothing else): the first of ``sources`` as its home
    page (the one edited), the others as pages beside it (``--plain-all``)."""
    (folder / "docs").mkdir(parents=True)
    shutil.copyfile(sources[0], folder / "docs" / "index.md")
    for source in sources[1:]:
        shutil.copyfile(source, folder / "docs" / source.name)
    (folder / "mkdocs.yml").write_text(
        "site_name: Plain\ntheme:\n  name: material\n", encoding="utf-8"
    )
    return Path("docs/index.md")


def main() -> None:
    """Parse the options, run both servers, print the medians."""
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("project", type=Path)
    options.add_argument("--edits", type=int, default=5)
    options.add_argument("--file", type=Path, help="the file to edit, relative to PROJECT")
    options.add_argument("--no-plain", action="store_true", help="skip plain mkdocs serve")
    options.add_argument("--plain-all", action="store_true",
                         help="plain MkDocs gets every file of sources/ as a page, not the first")
    options.add_argument("--timeout", type=float, default=300)
    args = options.parse_args()
    project = args.project.resolve()
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        copy = Path(tmp) / "book"
        shutil.copytree(project, copy, ignore=shutil.ignore_patterns("site", ".git"))
        relative = args.file or next(
            (path.relative_to(copy) for path in sorted((copy / "rules_data").glob("*/*.yml"))
             if path.name != "system.yml" and _has_block(path)),
            Path("docs/index.md"),
        )
        serve = [sys.executable, "-m", "rulebinder", "serve", "--dev-addr"]
        results = {"rulebinder serve": measure(serve, copy, relative, args.edits,
                                               args.timeout, "rulebinder")}
        sources = sorted((project / "sources").rglob("*.md"))
        if not args.no_plain and sources:
            plain = Path(tmp) / "plain"
            page = plain_project(sources if args.plain_all else sources[:1], plain)
            command = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr"]
            results["plain mkdocs serve"] = measure(
                command, plain, page, args.edits, args.timeout, "plain"
            )
    for label, times in results.items():
        every = ", ".join(f"{t:.2f}" for t in times)
        print(f"{label}: edit visible after {statistics.median(times):.2f} s median ({every})")


def _has_block(path: Path) -> bool:
    try:
        editable_line(path)
    except SystemExit:
        return False
    return True


if __name__ == "__main__":
    main()
