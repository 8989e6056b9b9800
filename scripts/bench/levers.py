"""The levers of the shipped site, each undone in a copy of the built site, so that the
first visit can be measured with each lever alone, with none and with all."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path


def rewrite(path: Path, text: str) -> None:
    """Write ``path`` and drop its precompressed copies (a host would send those)."""
    path.write_text(text, encoding="utf-8")
    for suffix in (".br", ".gz"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def lever_snapshot_off(site: Path) -> bool:
    """The build without its memory snapshot: the manifest names none (the worker boots
    Python normally, as when the build could not make one)."""
    path = site / "pyodide" / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    name = manifest.pop("snapshot", None)
    if name is None:
        return False
    for key in ("snapshot_bytes", "snapshot_magic"):
        manifest.pop(key, None)
    (site / "pyodide" / name).unlink()
    rewrite(path, json.dumps(manifest, indent=1) + "\n")
    worker = site / "assets" / "calc-worker.js"  # the same manifest, written in by the build
    script = worker.read_text(encoding="utf-8")
    built = f"const BUILT_MANIFEST = {json.dumps(manifest, separators=(',', ':'))};"
    rewrite(worker, BUILT_MANIFEST.sub(lambda _: built, script, count=1))
    return True


def lever_late_files_off(site: Path) -> bool:
    """After a snapshot, the core's files unpacked before the first answer, not after."""
    path = site / "assets" / "calc-worker.js"
    script = path.read_text(encoding="utf-8")
    if LATE_FILES not in script:
        return False
    rewrite(path, script.replace(LATE_FILES, "installFiles();", 1))
    return True


def lever_setup_off(site: Path) -> bool:
    """Calculators set up at the theme's first page event (after the theme set the page
    up), not when calculator.js runs at the end of the page."""
    path = site / "assets" / "calculator.js"
    script = path.read_text(encoding="utf-8")
    if SETUP_AT_ONCE not in script:
        return False
    rewrite(path, script.replace(SETUP_AT_ONCE, SETUP_LATER, 1))
    return True


def lever_early_off(site: Path) -> bool:
    """The worker fetches manifest.json first and leaves Pyodide's runtime script to
    loadPyodide(), as before: no manifest written into it, no early import."""
    path = site / "assets" / "calc-worker.js"
    script = path.read_text(encoding="utf-8")
    if not (BUILT_MANIFEST.search(script) and EARLY_IMPORT in script):
        return False
    script = BUILT_MANIFEST.sub("const BUILT_MANIFEST = null;", script, count=1)
    rewrite(path, script.replace(EARLY_IMPORT, "", 1))
    return True


#: In the shipped calc-worker.js: the manifest the build wrote in, and the early import.
BUILT_MANIFEST = re.compile(r"const BUILT_MANIFEST = \{.*?\};")
EARLY_IMPORT = 'import(new URL("pyodide.asm.js", base).href).catch(() => {});'


def lever_theme_off(site: Path) -> bool:
    """The theme's bundle runs as the page loads on calculator pages too."""
    found = False
    for page in site.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        if THEME_LATER in html:
            rewrite(page, html.replace(THEME_LATER, "<script src=", 1))
            found = True
    return found


#: In the shipped calculator pages: the theme's bundle, held until the first answer.
THEME_LATER = '<script type="text/x-rulebinder-later" data-src='
#: In the shipped calculator.js: set up at once; and as before, only the engine started.
SETUP_AT_ONCE = 'if (document.querySelector(".rb-calc")) init();'
SETUP_LATER = 'if (document.querySelector(".rb-calc")) startWorker();'
#: In the shipped calc-worker.js: the wheel is unpacked at boot only without a snapshot.
LATE_FILES = "if (!snapshot) installFiles();"
#: The levers of the shipped site, each with what undoes it in a copy of the built site.
#: A lever that only works with another (:data:`NEEDS`) is measured with it.
LEVERS: dict[str, tuple[str, Callable[[Path], bool]]] = {
    "snapshot": ("memory snapshot made by the build", lever_snapshot_off),
    "late-files": (
        "after a snapshot, core files unpacked after the first answer",
        lever_late_files_off,
    ),
    "setup": ("calculators set up when calculator.js runs", lever_setup_off),
    "early": ("manifest built into the worker, runtime script imported at once", lever_early_off),
    "theme": ("theme's bundle run after the first answer", lever_theme_off),
}


NEEDS = {"late-files": "snapshot"}


def lever_sites(site: Path, tmp: Path, notes: list[str]) -> dict[str, Path]:
    """Copies of the built ``site``: ``none`` (every lever undone), ``only <lever>`` (the
    others undone) and ``all`` (the site as built). A lever the site lacks is skipped."""
    present = []
    for name, (_, undo) in LEVERS.items():
        probe = tmp / f"probe-{name}"
        shutil.copytree(site, probe, symlinks=True)
        if undo(probe):
            present.append(name)
        else:
            notes.append(f"lever {name!r}: not found in the built site (skipped)")
        shutil.rmtree(probe)
    plans: dict[str, list[str]] = {"none": present}
    if len(present) > 1:
        for name in present:
            keep = {name, NEEDS.get(name, name)}
            plans[f"only {name}"] = [x for x in present if x not in keep]
    out: dict[str, Path] = {}
    for label, undo_these in plans.items():
        copy = tmp / f"levers-{len(out)}"
        shutil.copytree(site, copy, symlinks=True)
        for name in undo_these:
            LEVERS[name][1](copy)
        out[label] = copy
    out["all"] = site
    return out
