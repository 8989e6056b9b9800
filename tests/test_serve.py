"""The development loop: a running ``mkdocs serve`` shows an edited calculator declaration,
in Python and in rules_data."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from tests.sitebuild import copy_project

PAGE = "pendragon/calculators/"
TITLE = "Damage Tokens 10 = 8 + 5 damage"
EDITED = "Damage Tokens (edited while serving) 10 = 8 + 5 damage"
SOURCE = 'f"Damage Tokens {damage_after} = '
EDITED_SOURCE = 'f"Damage Tokens (edited while serving) {damage_after} = '
DATA_TITLE = "Check against a Difficulty"
DATA_EDITED = "Check against a Difficulty (edited in rules_data while serving)"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except (urllib.error.URLError, OSError):
        return None


def wait_for(url: str, text: str, seconds: float) -> str | None:
    """The page at ``url`` once it contains ``text``, or None after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = fetch(url)
        if body is not None and text in body:
            return body
        time.sleep(0.5)
    return None


@contextlib.contextmanager
def served(command: list[str], cwd: Path, env: dict[str, str]) -> Iterator[None]:
    """``command`` (a server) running in ``cwd`` while the block runs, then stopped by
    SIGTERM to it alone, as a service manager stops it; the test fails if it printed a
    traceback or left a process of its own running (one still holding its output)."""
    server = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, so nothing it started outlives it
    )
    left: str | None = None
    try:
        yield
    finally:
        server.terminate()
        try:
            _, errors = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            left = "the server outlived SIGTERM by 30 s, or left a process behind"
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            _, errors = server.communicate(timeout=30)
    assert left is None, left
    assert "Traceback" not in errors, errors[-3000:]


def test_serve_picks_up_changed_calculator_declarations(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    port = free_port()
    url = f"http://127.0.0.1:{port}/{PAGE}"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=f"http://127.0.0.1:{port}/")
    serve = [sys.executable, "-m", "mkdocs", "serve", "--strict", "--dev-addr", f"127.0.0.1:{port}"]
    with served(serve, project, env):
        first = wait_for(url, TITLE, 180)
        assert first is not None, "mkdocs serve never served the page"
        assert EDITED not in first
        # The book's Python: the function a calculator's compute names.
        python = project / "calculators" / "books" / "pendragon" / "damage.py"
        source = python.read_text(encoding="utf-8")
        assert SOURCE in source
        python.write_text(source.replace(SOURCE, EDITED_SOURCE), encoding="utf-8")
        assert wait_for(url, EDITED, 120) is not None, "the rebuilt page kept the old words"
        data = project / "rules_data" / "pendragon" / "damage.yml"
        text = data.read_text(encoding="utf-8")
        assert f"  name: {DATA_TITLE}\n" in text
        data.write_text(text.replace(f"  name: {DATA_TITLE}\n", f"  name: {DATA_EDITED}\n"))
        assert wait_for(url, DATA_EDITED, 120) is not None, "the rules_data edit was not shown"
