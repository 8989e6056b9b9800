"""The offline shell of the built site: service worker, web app manifest and icons.

Called once per build from ``on_post_build``, after :func:`macros.publish.runtime.publish_runtime`
(the service worker lists the runtime's files too). It writes into the site:

* ``assets/icons/`` — the app icons (192 and 512 px, a maskable 512 px and a
  180 px ``apple-touch-icon``), drawn here with the standard library, so every
  build writes the same bytes;
* ``manifest.webmanifest`` — what a phone needs to install the rulebook;
* ``sw.js`` — the service worker, made by workbox-build's ``injectManifest``
  (pinned in ``package-lock.json``) from the template
  ``macros/publish/serviceworker/sw.js``, through ``macros/publish/serviceworker/build-sw.mjs``.
  Its precache lists every file of the site (pages, assets, the search index,
  the sitemap, the manifest and icons) with a revision hash, except the Pyodide
  runtime under ``pyodide/``: that is listed separately, also with revisions,
  and cached when a calculator first runs or the reader asks for it.

A build where the service worker cannot be made (a file workbox would leave out)
fails with :class:`OfflineError`, so a site that would silently not work offline is
never published. Without Node.js or workbox-build (an author's project, installed
with pip) the same lists are written in Python (:mod:`macros.publish.precache`).

Under ``mkdocs serve`` (or with ``RULEBINDER_OFFLINE=0``) the shell is off: the
pages do not register a service worker, and ``sw.js`` is a worker that only
removes itself and its caches, so a browser that once installed the built site
on the same address does not keep serving stale pages while you edit.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from .icons import (
    BACKGROUND_COLOR,
    ICON_CACHE,
    ICON_DIR,
    ICONS,
    THEME_COLOR,
    draw_icons,
    icon,
    icon_cache,
    png,
    write_icons,
)
from .opendata import OPEN_DATA_GLOBS
from .precache import KEYED_NAME, Lists, site_lists
from .precache import report as listed
from .share import SHARE_GLOBS
from .shared import prune, put, switched_on, used, user_cache

__all__ = [
    "ICON_CACHE",
    "ICONS",
    "draw_icons",
    "icon",
    "icon_cache",
    "MAX_FILE_BYTES",
    "THEME_COLOR",
    "OfflineError",
    "offline_enabled",
    "under_serve",
    "png",
    "publish_offline",
    "write_icons",
    "write_manifest",
]

#: The largest file workbox may list. Its default (2 MB) silently leaves out the
#: 8.6 MB WebAssembly runtime and the standard library; a skipped file is an error here.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: The service worker's template and the Node script that runs workbox-build over it.
SW_FOLDER = Path(__file__).parent / "serviceworker"
#: The size the shared cache of service workers is pruned to (each lists the site's files).
MAX_CACHE_BYTES = 16 * 1024 * 1024
#: Written by the build when the shell is off: removes an earlier service worker.
RETIRING_WORKER = """// Rulebinder: offline use is off for this build
// (mkdocs serve, or RULEBINDER_OFFLINE=0).
// This worker replaces an earlier one, deletes its caches and unregisters itself,
// so pages come from the server again.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("rulebinder-")) await caches.delete(name);
    }
    await self.registration.unregister();
  })());
});
"""


class OfflineError(Exception):
    """The offline shell cannot be built; the message says what to install or fix."""


class ToolMissing(OfflineError):
    """Node.js or workbox-build is not installed (:func:`publish_offline` then writes the
    worker's lists in Python)."""


def offline_enabled(site_dir: Path, environ: dict[str, str] | None = None) -> bool:
    """Whether this build gets a working service worker.

    Off with ``RULEBINDER_OFFLINE=0`` (or ``off``/``false``), and under
    ``mkdocs serve``, which builds into a ``mkdocs_*`` folder of the system's
    temporary directory: a service worker there would keep serving the pages as
    they were when it installed.

    >>> offline_enabled(Path("site"), {})
    True
    >>> offline_enabled(Path("site"), {"RULEBINDER_OFFLINE": "0"})
    False
    >>> offline_enabled(Path(tempfile.gettempdir()) / "mkdocs_x1y2", {})
    False
    """
    return switched_on("RULEBINDER_OFFLINE", environ) and not under_serve(site_dir)


def under_serve(site_dir: Path) -> bool:
    """Whether this is ``mkdocs serve``'s build: a ``mkdocs_*`` folder of the system's
    temporary directory.

    >>> under_serve(Path("site")), under_serve(Path(tempfile.gettempdir()) / "mkdocs_x1y2")
    (False, True)
    """
    folder = Path(site_dir).resolve()
    return folder.name.startswith("mkdocs_") and folder.parent == Path(
        tempfile.gettempdir()
    ).resolve()


# -- web app manifest --------------------------------------------------------------------


def write_manifest(site_dir: Path, name: str, description: str = "") -> dict[str, Any]:
    """Write ``manifest.webmanifest``: every URL in it is relative, so a site under a path works.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     manifest = write_manifest(Path(tmp), "Rulebinder")
    >>> manifest["display"], manifest["start_url"], [i["sizes"] for i in manifest["icons"]]
    ('standalone', './', ['192x192', '512x512', '512x512'])
    """
    short = name if len(name) <= 12 else name[:12].rstrip()
    manifest: dict[str, Any] = {
        "id": "./",
        "name": name,
        "short_name": short,
        "description": description,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": [
            {
                "src": f"{ICON_DIR}/{file}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "maskable" if maskable else "any",
            }
            for file, (size, maskable) in ICONS.items()
            if file != "apple-touch-icon.png"
        ],
    }
    (site_dir / "manifest.webmanifest").write_text(
        json.dumps(manifest, indent=1) + "\n", encoding="utf-8"
    )
    return manifest


# -- service worker ----------------------------------------------------------------------


#: Files of the theme's search that every language needs (``lunr.<code>.min.js`` besides).
_LUNR_SHARED = ("stemmer.support", "multi")
#: Word splitters the theme ships for one language each.
_LUNR_SPLITTERS = {"tinyseg.js": ("ja", "jp"), "wordcut.js": ("th",)}


def unused_search_files(site_dir: Path, languages: list[str]) -> list[str]:
    """The theme's search-language files the site's languages never load (left out of the
    precache: a reader's search works offline without them).

    >>> site = Path(tempfile.mkdtemp())
    >>> lunr = site / "assets/javascripts/lunr"
    >>> (lunr / "min").mkdir(parents=True)
    >>> for name in ("min/lunr.zh.min.js", "min/lunr.de.min.js", "min/lunr.multi.min.js",
    ...              "tinyseg.js", "wordcut.js"):
    ...     _ = (lunr / name).write_text("")
    >>> [path.rsplit("/", 1)[1] for path in unused_search_files(site, ["en", "zh"])]
    ['lunr.de.min.js', 'tinyseg.js', 'wordcut.js']
    """
    lunr = site_dir / "assets" / "javascripts" / "lunr"
    unused = []
    for path in sorted(lunr.glob("min/lunr.*.min.js")):
        code = path.name.removeprefix("lunr.").removesuffix(".min.js")
        if code not in (*_LUNR_SHARED, *languages):
            unused.append(path)
    for name, codes in _LUNR_SPLITTERS.items():
        if (lunr / name).is_file() and not set(codes) & set(languages):
            unused.append(lunr / name)
    return [path.relative_to(site_dir).as_posix() for path in unused]


def search_languages(config: Any) -> list[str]:
    """The search plugin's ``lang`` setting (``[]`` without the plugin)."""
    plugins = config.get("plugins") or {}
    search = plugins.get("material/search") or plugins.get("search")
    lang = search.config.get("lang") if search is not None else None
    return [lang] if isinstance(lang, str) else list(lang or [])


def build_service_worker(
    site_dir: Path,
    project_dir: Path,
    max_bytes: int = MAX_FILE_BYTES,
    leave_out: list[str] | None = None,
    runtime_leave_out: list[str] | None = None,
) -> dict[str, Any]:
    """Run workbox-build's ``injectManifest`` (through Node) to write ``<site_dir>/sw.js``.

    ``max_bytes`` is workbox's ``maximumFileSizeToCacheInBytes``; ``leave_out`` lists
    files of the site not to precache (the search languages it does not use), and
    ``runtime_leave_out`` runtime files not to list at all (see :func:`unused_runtime`). Returns the
    script's report: ``precache`` and ``runtime`` (``count``, ``size`` in bytes).
    Raises :class:`OfflineError` when Node or workbox-build is missing, when
    workbox warns (a file too large to list is a warning there), or when the
    worker was not written.
    """
    node = shutil.which("node")
    if node is None:
        raise ToolMissing(
            "node not found: the service worker (offline use) is built with Node.js and "
            "workbox-build; install Node.js, then run `make setup` (npm ci)"
        )
    options = {
        "siteDir": str(site_dir.resolve()),
        "swSrc": str(SW_FOLDER / "sw.js"),
        "swDest": str((site_dir / "sw.js").resolve()),
        "maximumFileSizeToCacheInBytes": max_bytes,
        "leaveOut": leave_out or [],
        "runtimeLeaveOut": runtime_leave_out or [],
        "keyedName": KEYED_NAME.pattern,
    }
    result = subprocess.run(
        [node, str(SW_FOLDER / "build-sw.mjs"), json.dumps(options)],
        cwd=project_dir,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode == 2:  # build-sw.mjs: workbox-build is not installed
        raise ToolMissing(f"workbox-build: {(result.stderr or result.stdout).strip()}")
    if result.returncode != 0:
        raise OfflineError(
            f"the service worker could not be built (exit {result.returncode}): "
            f"{(result.stderr or result.stdout).strip()}"
        )
    try:
        report: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise OfflineError(f"build-sw.mjs gave no report: {result.stdout!r}") from None
    if report.get("warnings"):
        raise OfflineError(
            "workbox-build left files out of the service worker:\n"
            + "\n".join(f"  {warning}" for warning in report["warnings"])
        )
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    if "self.__WB_MANIFEST" in text or "self.__RB_RUNTIME" in text:
        raise OfflineError(f"{site_dir / 'sw.js'}: a file list was not filled in")
    return report


def publish_offline(site_dir: Path, project_dir: Path, config: Any) -> dict[str, Any] | None:
    """Write the icons, ``manifest.webmanifest`` and ``sw.js`` into ``site_dir``.

    ``config`` is MkDocs' configuration (``site_name``, ``site_description``).
    Returns the service worker's report, or None when the shell is off
    (:func:`offline_enabled`): then ``sw.js`` only retires an earlier worker.
    """
    write_icons(site_dir, icon_cache())
    name = str(config.get("site_name") or "Rulebook")
    write_manifest(site_dir, name, str(config.get("site_description") or ""))
    if not offline_enabled(site_dir):
        (site_dir / "sw.js").write_text(RETIRING_WORKER, encoding="utf-8")
        return None
    # Open data is for tools, not readers, and a shared rule's page is for whoever follows
    # the link: no reader's first visit downloads them.
    unused = [*unused_search_files(site_dir, search_languages(config)), *OPEN_DATA_GLOBS,
              *SHARE_GLOBS]
    runtime_unused = unused_runtime(site_dir)
    lists = site_lists(site_dir, MAX_FILE_BYTES, unused, runtime_unused)
    slot = user_cache() / "serviceworker" / f"sw-{worker_key(lists)}.js"
    if not lists[2] and used(slot):  # the same files and revisions: the same worker
        shutil.copyfile(slot, site_dir / "sw.js")
        return listed(lists)
    try:
        made = build_service_worker(
            site_dir, project_dir, leave_out=unused, runtime_leave_out=runtime_unused
        )
    except ToolMissing as missing:
        return write_without_workbox(site_dir, str(missing), unused, runtime_unused, lists)
    put(slot, (site_dir / "sw.js").read_bytes())
    prune(slot.parent, MAX_CACHE_BYTES)
    return made


def worker_key(lists: Lists) -> str:
    """The key of the service worker made from ``lists`` (every file and its revision), the
    template and the script that fills it in, and the installed workbox-build.

    >>> a = worker_key(([{"url": "a.html", "revision": "1", "size": 1}], [], []))
    >>> b = worker_key(([{"url": "a.html", "revision": "2", "size": 1}], [], []))
    >>> len(a), a == b
    (32, False)
    """
    digest = hashlib.sha256(json.dumps(lists[:2], sort_keys=True).encode())
    for source in (SW_FOLDER / "sw.js", SW_FOLDER / "build-sw.mjs", _workbox_package()):
        digest.update(source.read_bytes() if source.is_file() else b"-")
    return digest.hexdigest()[:32]


def _workbox_package() -> Path:
    """workbox-build's ``package.json`` as Node finds it from ``build-sw.mjs`` (its version)."""
    for folder in SW_FOLDER.parents:
        found = folder / "node_modules" / "workbox-build" / "package.json"
        if found.is_file():
            return found
    return SW_FOLDER / "node_modules" / "workbox-build" / "package.json"


def unused_runtime(site_dir: Path) -> list[str]:
    """Runtime files the offline copy leaves out: the whole standard library, where the
    build trimmed it (``macros/publish/stdlib.py``; 4.2 MB a reader fetches only if Python ever
    imports a module the trimmed one lacks).

    >>> site = Path(tempfile.mkdtemp()); (site / "pyodide").mkdir()
    >>> _ = (site / "pyodide" / "manifest.json").write_text('{"stdlib": "core/x/stdlib-1.zip"}')
    >>> unused_runtime(site)
    ['pyodide/python_stdlib.zip']
    """
    manifest = site_dir / "pyodide" / "manifest.json"
    if not manifest.is_file():
        return []
    trimmed = json.loads(manifest.read_text(encoding="utf-8")).get("stdlib")
    return ["pyodide/python_stdlib.zip"] if trimmed else []


def write_without_workbox(
    site_dir: Path,
    why: str,
    leave_out: list[str],
    runtime_leave_out: list[str],
    lists: Lists | None = None,
) -> dict[str, Any]:
    """``sw.js`` with its lists made in Python (:mod:`macros.publish.precache`), the build log
    saying why; a file too large to list is an error, as with workbox."""
    from .precache import write_service_worker

    report = write_service_worker(
        site_dir, SW_FOLDER / "sw.js", MAX_FILE_BYTES, leave_out, runtime_leave_out, lists
    )
    if report["warnings"]:
        raise OfflineError(
            "files left out of the service worker:\n"
            + "\n".join(f"  {warning}" for warning in report["warnings"])
        )
    logging.getLogger("mkdocs.plugins.rulebinder").info(
        "service worker: %d files precached, %d runtime files listed (written in Python; "
        "workbox-build, which is optional, is not installed here)",
        report["precache"]["count"],
        report["runtime"]["count"],
    )
    logging.getLogger("mkdocs.plugins.rulebinder").debug("workbox-build: %s", why)
    return report
