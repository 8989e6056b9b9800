"""Builds of a project in one process, as ``serve`` rebuilds it, for the incremental tests.

``python -m tests.servebuild PROJECT SITE OUT COMMAND STEPS`` loads PROJECT's ``mkdocs.yml``
with SITE (a ``mkdocs_*`` folder of the temporary directory, as serve's) as its site,
starts the plugins as COMMAND (``serve``: results kept between builds; ``build``: none),
then for each step of STEPS (a JSON list; a step is a list of edits ``[path, old, new]``,
relative to PROJECT; ``old`` empty appends ``new``) makes the edits and builds, as serve
does after a change (and again when the plugin left a print page for a rebuild of its
own, as serve's next rebuild; ``DEFER_BYTES`` in the environment sets the size past which
it does). OUT gets ``steps.json``: per build, the plugin's counts, its seconds and the
digest of every page and search record file (``pages``; ``deferred``: before the
follow-up build, ``follow_up``: its counts); ``step-N/`` holds those files.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path


def edit(project: Path, path: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` once in ``project/path`` (append ``new`` if ``old`` is '')."""
    file = project / path
    text = file.read_text(encoding="utf-8")
    if old:
        if old not in text:
            raise SystemExit(f"{path}: {old!r} not found")
        text = text.replace(old, new, 1)
    else:
        text += new
    file.write_text(text, encoding="utf-8")


def pages(site: Path) -> dict[str, str]:
    """The digest of every page and search record file of ``site``, by path."""
    found = {}
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if path.is_file() and not relative.startswith("pyodide/") and (
            path.suffix == ".html" or relative.startswith("search/")
        ):
            found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def copy(site: Path, names: dict[str, str], folder: Path) -> None:
    """The files ``names`` of ``site`` copied into ``folder``."""
    for relative in names:
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site / relative, folder / relative)


def main(project: Path, site: Path, out: Path, command: str, steps: list[list[list[str]]]) -> None:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if "DEFER_BYTES" in os.environ:  # print pages remade in a rebuild of their own
        import rulebinder.incremental

        rulebinder.incremental.DEFER_BYTES = int(os.environ["DEFER_BYTES"])
    os.chdir(project)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    serve_url = "http://127.0.0.1:8000/"

    def config() -> object:
        loaded = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(site))
        loaded.site_url = serve_url
        return loaded

    first = config()
    first.plugins.on_startup(command=command, dirty=False)
    results = []
    for number, step in enumerate([[], *steps]):
        for path, old, new in step:
            edit(project, path, old, new)
        current = first if number == 0 else config()
        start = time.perf_counter()
        build(current, serve_url=serve_url)
        seconds = round(time.perf_counter() - start, 3)
        plugin = current.plugins["rulebinder"]
        counts = dict(plugin.pages.counts) if plugin.pages is not None else {}
        results.append({"counts": counts, "seconds": seconds, "pages": pages(site)})
        if plugin.pages is not None and plugin.pages.pending:  # serve's next rebuild
            results[-1]["deferred"] = pages(site)
            copy(site, results[-1]["deferred"], out / f"step-{number}-deferred")
            follow_up = config()
            build(follow_up, serve_url=serve_url)
            results[-1]["follow_up"] = dict(plugin.pages.counts)
            results[-1]["pages"] = pages(site)
        copy(site, results[-1]["pages"], out / f"step-{number}")
    first.plugins.on_shutdown()
    (out / "steps.json").write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4],
         json.loads(sys.argv[5]))
