"""Shared fixtures: one real MkDocs build of the site per test session."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.sitebuild import mkdocs_build

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def site_port() -> int:
    """A free port on 127.0.0.1 for the test server, chosen before the build.

    The site is built for ``http://127.0.0.1:<port>/`` because Material's
    instant navigation only intercepts links at the ``site_url`` origin.
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_port: int) -> Path:
    """Build the real site with ``mkdocs build --strict`` into a temporary folder."""
    out = tmp_path_factory.mktemp("site")
    result = mkdocs_build(ROOT, out, f"http://127.0.0.1:{site_port}/")
    assert result.returncode == 0, result.stdout + result.stderr
    return out
