"""Building the site in tests and benchmarks: one way to run the host (MkDocs or ProperDocs),
one way to copy the project."""

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


def build_command(host: str = "mkdocs") -> list[str]:
    """The strict build by ``host`` (one of :data:`HOSTS`), as the guide shows it.

    >>> " ".join(build_command("properdocs"))
    'properdocs build --strict -f mkdocs.yml'
    """
    if host not in HOSTS:
        raise ValueError(f"host: {host!r} is not one of {HOSTS}")
    return [host, "build", "--strict", *(["-f", "mkdocs.yml"] if host != "mkdocs" else [])]


def mkdocs_build(
    project: Path, out: Path, site_url: str | None = None, *extra: str, host: str = "mkdocs"
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``project`` into ``out``, output captured.

    ``site_url`` sets ``SITE_URL`` (read by mkdocs.yml); ``extra`` are more CLI flags;
    ``host`` is one of :data:`HOSTS` (ProperDocs is given ``mkdocs.yml`` by name: it would
    look for a ``properdocs.yml`` first, and say so).
    """
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if site_url:
        env["SITE_URL"] = site_url
    return subprocess.run(
        [sys.executable, "-m", *build_command(host), *extra, "--site-dir", str(out)],
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


#: The importer's fixture book, made an author's project by :func:`author_project`.
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"


def author_project(project: Path, system: str, home: str = "# A book\n") -> Path:
    """The importer's fixture imported as ``system`` into ``project``, with the scaffold's
    ``mkdocs.yml`` and ``home`` as ``docs/index.md``, and beside it ``user-cache/``: a user
    cache holding only the Pyodide a build fetched once (the test is skipped without it)."""
    import pytest

    from macros.publish.shared import user_cache
    from rulebinder.importer.command import Options, run
    from rulebinder.runtime_cache import PYODIDE_VERSION

    runtime = user_cache() / "pyodide" / PYODIDE_VERSION
    if not (runtime / "pyodide.asm.wasm").is_file():
        pytest.skip(f"no Pyodide in {runtime} (a build fetches it once)")
    project.mkdir(parents=True, exist_ok=True)
    assert run(Options([FIXTURE], system, root=project), lambda line: None) == 0
    shutil.copyfile(ROOT / "rulebinder" / "scaffold" / "mkdocs.yml", project / "mkdocs.yml")
    (project / "docs" / "index.md").write_text(home, encoding="utf-8")
    cache = project.parent / "user-cache"
    (cache / "pyodide").mkdir(parents=True, exist_ok=True)
    if not (cache / "pyodide" / PYODIDE_VERSION).exists():
        (cache / "pyodide" / PYODIDE_VERSION).symlink_to(runtime)
    return project
