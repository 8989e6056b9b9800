"""The sites and runtimes measured beside the shipped one: the site built now or at a
git ref, ``pyodide/`` variants (without bytecode, a cut standard library, a memory
snapshot made with Node) and copies that start the engine elsewhere."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import ROOT


def build_site(out: Path) -> Path:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return out


def build_ref(ref: str, out: Path, tmp: Path) -> Path:
    """Build the site as it was at git ``ref`` (a detached worktree sharing node_modules)."""
    src = tmp / "before-src"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(src), ref],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    try:
        for shared in ("node_modules", ".venv-py313"):
            if (ROOT / shared).exists():
                (src / shared).symlink_to(ROOT / shared)
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
        subprocess.run(command, cwd=src, env=env, check=True, capture_output=True)
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(src)],
            cwd=ROOT,
            check=False,
            capture_output=True,
        )
    return out


def minimal_stdlib(source: Path, files: list[str], target: Path) -> int:
    """``python_stdlib.zip`` cut to the imported ``files`` (and package ``__init__``); its size."""
    wanted: set[str] = set()
    for name in files:
        if ".zip/" in name:
            member = name.split(".zip/", 1)[1]
            wanted.add(member)
            parts = member.split("/")
            for depth in range(1, len(parts)):
                for init in ("__init__.py", "__init__.pyc"):
                    wanted.add("/".join([*parts[:depth], init]))
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in zin.infolist():
            if info.filename in wanted or info.filename.startswith("_sysconfigdata"):
                out.writestr(info, zin.read(info))
    return target.stat().st_size


def variant(folder: Path, make: Callable[[Path], Any]) -> Path:
    """A ``pyodide/`` folder written by ``make(site_dir)``."""
    make(folder)
    return folder / "pyodide"


#: Node script: boot Pyodide from a ``pyodide/`` folder, import the core, save a memory snapshot.
SNAPSHOT_SCRIPT = """
import { readFileSync, writeFileSync } from "node:fs";
const folder = process.argv[2];
const { loadPyodide } = await import(`${folder}/pyodide.mjs`);
const manifest = JSON.parse(readFileSync(`${folder}/manifest.json`));
const py = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(`${folder}/${manifest.wheel}`)), "wheel");
py.runPython("import calculators, calculators.bridge, json");
writeFileSync(`${folder}/snapshot.bin`, py.makeMemorySnapshot());
"""


def make_snapshot(folder: Path) -> int | None:
    """Write ``folder/snapshot.bin`` with Node; its size, or None if Node cannot."""
    script = folder.parent / "make-snapshot.mjs"
    script.write_text(SNAPSHOT_SCRIPT, encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        return None
    done = subprocess.run([node, str(script), str(folder)], capture_output=True, check=False)
    snapshot = folder / "snapshot.bin"
    return snapshot.stat().st_size if done.returncode == 0 and snapshot.is_file() else None


#: In a calculator page's <head>: the script that starts the engine, and within it the
#: part that holds the theme's search index (``macros/theme/main.html``).
HEAD_START = re.compile(r"<script>\s*\(function \(\) \{\s*if \(!window\.Worker\).*?</script>", re.S)
SEARCH_HOLD = re.compile(r"\n *// The theme fetches.*?setTimeout\(release, 20000\);", re.S)
#: In calculator.js: the two places that start the engine at once on a calculator page.
START_AT_ONCE = (
    'if (document.querySelector(".rb-calc")) startWorker();',
    "    startWorker();\n  }",
)


def start_variants(site: Path, page: str, tmp: Path) -> dict[str, Path]:
    """Copies of the built site that start the engine differently on ``page``.

    ``no-hold``: started from <head>, search index not held; ``end``: started by
    calculator.js at the end of the page; ``idle``: started when the browser is idle
    (``requestIdleCallback``). The last two do not hold the search index either.
    """
    html = (site / page / "index.html").read_text(encoding="utf-8")
    script = (site / "assets" / "calculator.js").read_text(encoding="utf-8")
    if not (HEAD_START.search(html) and SEARCH_HOLD.search(html)):
        return {}
    if not all(marker in script for marker in START_AT_ONCE):
        return {}
    idle_script = script.replace(
        START_AT_ONCE[0],
        "if (document.querySelector('.rb-calc')) requestIdleCallback(startWorker);",
    ).replace(START_AT_ONCE[1], "    requestIdleCallback(() => startWorker());\n  }")
    changes = {
        "no-hold": (SEARCH_HOLD.sub("", html, count=1), script),
        "end": (HEAD_START.sub("", html, count=1), script),
        "idle": (HEAD_START.sub("", html, count=1), idle_script),
    }
    out: dict[str, Path] = {}
    for name, (page_html, calc_js) in changes.items():
        copy = tmp / f"start-{name}"
        shutil.copytree(site, copy, symlinks=True)
        (copy / page / "index.html").write_text(page_html, encoding="utf-8")
        (copy / "assets" / "calculator.js").write_text(calc_js, encoding="utf-8")
        out[name] = copy
    return out
