"""Building the site in tests and benchmarks: one way to run MkDocs, one way to copy the project."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_NOT_COPIED = (".venv*", "site", "site.tmp", "node_modules", ".git", "__pycache__")


#: The hosts a site builds with (``docs/guide/architecture.md``): MkDocs 1.6, the default, and
#: ProperDocs 1.6, its continuation, which reads the same ``mkdocs.yml``; each is run as
#: ``python -m <host>``.
HOSTS = ("mkdocs", "properdocs")


def mkdocs_build(
    project: Path, out: Path, site_url: str | None = None, *extra: str, host: str = "mkdocs"
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``project`` into ``out``, output captured.

    ``site_url`` sets ``SITE_URL`` (read by mkdocs.yml); ``extra`` are more CLI flags;
    ``host`` is one of :data:`HOSTS` (ProperDocs is given ``mkdocs.yml`` by name: it would
    look for a ``properdocs.yml`` first, and say so).
    """
    if host not in HOSTS:
        raise ValueError(f"host: {host!r} is not one of {HOSTS}")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if site_url:
        env["SITE_URL"] = site_url
    config = ["--config-file", "mkdocs.yml"] if host != "mkdocs" else []
    return subprocess.run(
        [sys.executable, "-m", host, "build", "--strict", *config, *extra, "--site-dir", str(out)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )


def copy_project(target: Path) -> Path:
    """A copy of the project's sources at ``target``, sharing ``node_modules`` by a link."""
    shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(*_NOT_COPIED))
    if (ROOT / "node_modules").exists():
        (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target
