"""mkdocs-macros module: load ``rules_data/`` and register the rendering macros.

``define_env`` is the single entry point. It validates all rules data first;
any problem stops the build before a page is written. The work is done by the stage
packages :mod:`macros.load`, :mod:`macros.render` and :mod:`macros.publish`
(``macros/README.md`` says which module does what).
"""

from __future__ import annotations

import importlib
import logging
import re
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import calculators
import calculators.data
import calculators.registry

from .load.errors import RulesDataError
from .load.export import export_core_data
from .load.loader import load_rules
from .load.rulesdata import Entry, RulesData
from .publish.offline import offline_enabled
from .reload import fingerprint, forget
from .render import front
from .render.cjk import ChineseLangExtension
from .render.dice import check_marks
from .render.forms import render_calculator
from .render.print_pages import print_doc
from .render.printing import render_system
from .render.render import Renderer
from .render.site import build_nav

__all__ = ["define_env", "on_post_build", "load_rules", "RulesData", "Renderer"]

_STATE: dict[str, Any] = {}
_LOG = logging.getLogger("mkdocs.plugins.rulebinder")
#: The sources this module was imported from (a later build compares them).
_SOURCES = fingerprint(Path(__file__).resolve().parents[1])


def _stop(message: str) -> Exception:
    """The error that stops the build with ``message``: the host's ``PluginError``, which
    MkDocs (or ProperDocs, which answers for ``mkdocs.*`` imports) reports as one line.

    Imported only when a build fails: importing :mod:`macros` and its stages (the book
    model: loading, linking, rendering, publishing) imports no MkDocs
    (``tests/test_hosts.py``).
    """
    from mkdocs.exceptions import PluginError

    return PluginError(message)


def _current_doc(env: Any) -> str:
    return str(env.page.file.src_uri)


#: The attribute of the macros environment where the ``rulebinder`` plugin names the
#: engine folder of an author's project (``rulebinder/engine.py``).
ENGINE_DIR = "rulebinder_engine_dir"
#: ... and the folder where it keeps what a build makes for the next one.
CACHE_DIR = "rulebinder_cache_dir"
#: The key of ``extra`` where the plugin says whether search uses the split index (the theme
#: reads it too: ``theme/main.html``).
SPLIT_SEARCH = "rulebinder_split_search"


def engine_dir(env: Any) -> Path:
    """The folder laid out like this repository that the runtime is published from
    (``pyproject.toml``, ``calculators/`` with its exported ``data/``, ``node_modules/``):
    the project itself when this repository builds its own site, the plugin's engine
    folder in an author's project."""
    return Path(getattr(env, ENGINE_DIR, None) or env.project_dir)


def define_env(env: Any) -> None:
    """Load and validate rules data, then register macros for the pages.

    Under ``mkdocs serve``, a rebuild after an edit to the core or the macros
    imports them afresh and hands the build to the new module.
    """
    if fingerprint(Path(__file__).resolve().parents[1]) != _SOURCES:
        forget()
        importlib.import_module(__name__).define_env(env)
        return
    root = Path(env.project_dir) / "rules_data"
    try:
        data = load_rules(root)
    except RulesDataError as error:
        raise _stop(error.shown()) from None
    if export_core_data(data, engine_dir(env) / "calculators"):
        # A rebuild under `mkdocs serve` after a rules_data edit: read the new export and
        # build the calculators it declares again. (Python declarations built at import
        # keep their inputs until serve restarts.)
        calculators.data.system_data.cache_clear()
        calculators.registry.REGISTRY.forget_declared()
    # Inline dice marks ([words]{dice=...}) that cannot work; after the export, as a contest
    # needs its book's contest calculator, which the rules data may declare.
    if bad_marks := check_marks(data):
        raise _stop("rules data has broken dice marks:\n" + "\n".join(bad_marks))
    _start_runtime(env)
    catalog = calculators.catalog()  # every declaration, once per build
    by_rule: dict[str, list[str]] = {}
    for calc in catalog:
        if calc["rule"]:
            by_rule.setdefault(calc["rule"], []).append(calc["id"])

    def ids_of(system_id: str) -> list[str]:
        """The ids of a system's calculators, in catalog order."""
        return [c["id"] for c in catalog if c["system"] == system_id]

    def calculators_after(entry: Entry, doc: str) -> str:
        return "".join(render_calculator(c, data, doc) for c in by_rule.get(entry.id, []))

    extensions = env.conf["markdown_extensions"]
    if not any(isinstance(ext, ChineseLangExtension) for ext in extensions):
        extensions.append(ChineseLangExtension())  # Chinese passages get lang="zh-Hant"
    renderer = Renderer(data, after=calculators_after)
    rendered: set[str] = set()
    _STATE.update(data=data, rendered=rendered, renderer=renderer)
    if not env.conf.get("nav"):
        env.conf["nav"] = build_nav(data, Path(env.conf["docs_dir"]))
    env.variables["rules"] = data
    # The theme registers the service worker only where the build makes a working one.
    env.conf["extra"]["rulebinder_offline"] = offline_enabled(Path(env.conf["site_dir"]))

    @env.macro
    def authoring_reference() -> str:
        """Every entry kind and its fields, from the schema (docs/guide/authoring.md)."""
        from .render.reference import reference

        return reference()

    @env.macro
    def rules_page() -> str:
        """Every entry of the data page with this page's name, in order."""
        doc = _current_doc(env)
        page = data.page(doc)
        rendered.add(page.doc)
        return renderer.page(page, doc)

    @env.macro
    def entry(entry_id: str) -> str:
        """One entry, rendered where the macro is called."""
        return renderer.render(data.entry(entry_id), _current_doc(env))

    @env.macro
    def ref(entry_id: str, label: str | None = None) -> str:
        """A link to an entry by id, showing its definition on hover."""
        return renderer.ref(entry_id, _current_doc(env), label)

    @env.macro
    def calculator(calc_id: str, level: int = 3) -> str:
        """A calculator's form with its result for the default inputs (``level``: of its
        heading, 2 right under the page's title)."""
        return render_calculator(calc_id, data, _current_doc(env), level)

    @env.macro
    def calculators_for(system_id: str) -> str:
        """Every calculator of a system, each under its own heading."""
        doc = _current_doc(env)
        return "\n\n".join(render_calculator(c, data, doc, 2) for c in ids_of(system_id))

    @env.macro
    def system_contents(system_id: str) -> str:
        """A list of a system's pages with their titles, then its print page."""
        system = data.systems[system_id]
        doc = _current_doc(env)
        return (
            "\n".join(f"* [{page.title}]({renderer_href(page.doc, doc)})" for page in system.pages)
            + f"\n* [Print this rulebook]({renderer_href(print_doc(system_id), doc)}): "
            "the whole rulebook as one document\n"
        )

    @env.macro
    def systems_overview() -> str:
        """A card per system: its game, dice, damage, creation, start page, calculators."""
        docs_dir = Path(env.conf["docs_dir"])
        return front.systems_overview(data, catalog, docs_dir, _current_doc(env))

    @env.macro
    def sources(**repair_anchors: str) -> str:
        """Each system's source file; ``repair_anchors`` names the anchor explaining a repair."""
        return front.sources_list(data, _current_doc(env), repair_anchors)

    @env.macro
    def assumptions_page() -> str:
        """Every assumption of this page's system, with the rules and calculators it concerns."""
        doc = _current_doc(env)
        return front.assumptions_page(data, renderer, catalog, doc.split("/")[0], doc)

    @env.macro
    def character_builder(system_id: str) -> str:
        """A system's character builder: its steps, rules and sheet (``assets/builder.js``)."""
        from calculators.builders import has_builder

        from .render.builder import render_builder  # imports the core, which needs the data export

        doc = _current_doc(env)
        if not has_builder(system_id):
            raise _stop(
                f"{doc}: character_builder({system_id!r}): the book {system_id!r} has no "
                f"character builder (calculators/books/{system_id}/builder/)"
            )
        return render_builder(data, system_id, doc)

    @env.macro
    def encounter_tracker(system_id: str) -> str:
        """A system's encounter tracker: controls, empty encounter, rules (``tracker.js``)."""
        from calculators.tracker import has_tracker

        from .render.tracker import render_tracker  # imports the core, which needs the data export

        doc = _current_doc(env)
        if not has_tracker(system_id):
            raise _stop(
                f"{doc}: encounter_tracker({system_id!r}): the book {system_id!r} has no "
                f"encounter tracker (calculators/books/{system_id}/tracker/)"
            )
        return render_tracker(data, system_id, doc)

    @env.macro
    def print_system(system_id: str) -> str:
        """A whole system as one document for print (the generated ``<system>/print.md``)."""
        has_page = (Path(env.conf["docs_dir"]) / system_id / "calculators.md").is_file()
        return render_system(data, system_id, ids_of(system_id), by_rule, has_page)


def _start_runtime(env: Any) -> None:
    """Start making the browser's runtime, its trimmed library and its snapshot while the
    pages are converted (:mod:`.publish.ahead`): everything they read is in the engine
    folder now. Not under ``mkdocs serve``, which publishes the runtime only."""
    from .publish.ahead import start
    from .publish.offline import under_serve

    if (previous := _STATE.pop("ahead", None)) is not None:
        previous.cancel()  # a build that stopped before on_post_build
    if not under_serve(Path(env.conf["site_dir"])):
        _STATE["ahead"] = start(engine_dir(env))


def renderer_href(target: str, current: str) -> str:
    """Relative link between two docs paths (no anchor)."""
    from .render.linker import href

    return href(target, "", current).removesuffix("#")


def _version() -> str:
    """This Rulebinder's version (the installed package's; a checkout's own otherwise)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rulebinder")
    except PackageNotFoundError:
        return "unknown"


_FIRST_PARAGRAPH = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S)


def page_meta(page: Any, html: str) -> None:
    """What the theme puts in a page's ``<head>`` and under its text: a description made
    from its first paragraph (unless its front matter has one) and a title naming its book,
    for the unfurl tags, and the licence line of its book."""
    from .render.share import describe, license_html

    meta = page.meta
    if not meta.get("description"):
        for match in _FIRST_PARAGRAPH.finditer(html):
            if words := describe(match.group(1)):
                meta["description"] = words
                break
    data: RulesData | None = _STATE.get("data")
    book = str(page.file.src_uri).split("/")[0]
    if data is not None and book in data.systems:
        meta["rb_license"] = license_html(data.systems[book].license)
        meta["rb_title"] = f"{page.title} ({data.systems[book].name})"


def _share_pages(env: Any, site_dir: Path, data: RulesData) -> str:
    """Every entry's and calculator's page to share and embed (:mod:`.publish.share`)."""
    import markdown

    from .publish.share import HtmlMemo, Site, publish_share_pages
    from .render.mdkey import markdown_key

    conf = env.conf
    sheets = sorted(p.relative_to(site_dir).as_posix()
                    for p in (site_dir / "assets" / "stylesheets").glob("*.min.css"))
    sheets += [str(sheet) for sheet in conf["extra_css"]]
    converter = markdown.Markdown(extensions=conf["markdown_extensions"],
                                  extension_configs=conf["mdx_configs"])
    url = str(conf.get("site_url") or "/")
    site = Site(str(conf["site_name"]), url if url.endswith("/") else url + "/",
                str(conf["theme"]["language"] or "en"), tuple(sheets),
                str(conf["theme"]["favicon"] or "assets/images/favicon.png"), converter)
    folder = getattr(env, CACHE_DIR, None)
    memo = HtmlMemo(Path(folder) / "share-html.json" if folder else None,
                    markdown_key(conf["markdown_extensions"], conf["mdx_configs"]))
    try:
        return publish_share_pages(site_dir, data, _STATE["renderer"], site, memo)
    except ValueError as error:
        raise _stop(str(error)) from None
    finally:
        memo.save()


def _owlbear(env: Any, site_dir: Path, data: RulesData) -> str:
    """An Owlbear Rodeo extension manifest per book with a tracker page."""
    from .publish.owlbear import publish_owlbear

    books = [(s.id, s.name, s.text, (site_dir / s.id / "tracker" / "index.html").is_file())
             for s in data.systems.values()]
    return publish_owlbear(site_dir, books, str(env.conf["site_name"]), _version())


class _Steps:
    """Times the publishing steps: ``step(name, result)`` logs (DEBUG, ``-v``) the seconds
    since the previous step and hands ``result`` back."""

    def __init__(self) -> None:
        self.last = time.perf_counter()

    def __call__(self, name: str, result: Any) -> Any:
        now = time.perf_counter()
        _LOG.debug("publish step %s: %.2f s", name, now - self.last)
        self.last = now
        return result

    def took(self, name: str, seconds: float) -> None:
        """Log a step timed elsewhere (:mod:`.publish.ahead`)."""
        _LOG.debug("publish step %s: %.2f s", name, seconds)
        self.last = time.perf_counter()


def on_post_build(env: Any) -> None:
    """Fail the build if a data page was never rendered; publish the Pyodide runtime and
    its memory snapshot (the build log says why when there is none), then the offline
    shell (service worker, web app manifest, icons), which lists them, and precompressed
    copies. Under ``mkdocs serve`` (a site for the author's eyes) the runtime only: no
    trimmed standard library, snapshot, offline copy or precompressed copies, whose inputs
    an edit of the rules data changes and which take seconds to remake."""
    current = sys.modules.get(__name__)
    if current is not None and current.on_post_build is not on_post_build:
        current.on_post_build(env)  # this build was handed to a freshly imported module
        return
    from .publish.ahead import publish_here
    from .publish.compress import Warming, precompress, precompress_enabled
    from .publish.offline import (
        OfflineError,
        draw_icons,
        icon_cache,
        publish_offline,
        under_serve,
    )
    from .publish.opendata import publish_open_data
    from .publish.runtime import PYODIDE_DIR, PublishError, inline_manifest
    from .publish.searchsplit import publish_search

    site_dir = Path(env.conf["site_dir"])
    engine = engine_dir(env)
    step = _Steps()
    serving = under_serve(site_dir)
    warming = None
    try:
        if not serving and precompress_enabled():  # the pages' copies, while the rest runs
            icons = partial(draw_icons, icon_cache())  # for the offline shell
            runtime = engine / PYODIDE_DIR  # what pyodide/ will hold
            warming = step("compress ahead", Warming(site_dir, also=(icons,), runtime=runtime))
        steps = None
        if (ahead := _STATE.pop("ahead", None)) is not None:  # made while the pages were
            steps = step("waiting for the runtime made ahead", ahead.finish(site_dir))
        for name, said, seconds in steps or publish_here(site_dir, engine, serving):
            # INFO either way: without a snapshot the site still works (a warning would
            # stop a --strict build), and the line says why there is none.
            step.took(name, seconds)
            if said:
                _LOG.info(said)
        inline_manifest(site_dir)  # the worker then needs no request for it
        if (data := _STATE.get("data")) is not None:  # before the offline shell lists files
            made_by = f"Rulebinder {_version()}"
            _LOG.info(step("open data", publish_open_data(site_dir, data, made_by)))
            _LOG.info(step("share pages", _share_pages(env, site_dir, data)))
            _LOG.info(step("owlbear", _owlbear(env, site_dir, data)))
        # The search plugin wrote its index before this plugin's last step: split it so a
        # reader's query fetches only the shards it needs (assets/search-worker.js).
        split = bool((env.conf.get("extra") or {}).get(SPLIT_SEARCH))
        folder = getattr(env, CACHE_DIR, None)
        kept = Path(folder) / "search" if folder else None
        _LOG.info(step("search", publish_search(site_dir, split, kept)))
        step("offline", publish_offline(site_dir, engine, env.conf))
        if not serving:  # its server ignores them
            if warming is not None:
                step("compress ahead, the rest", warming.stop())
            _LOG.info(step("precompress", precompress(site_dir)))
    except (PublishError, OfflineError) as error:
        raise _stop(str(error)) from None
    finally:
        if warming is not None:
            warming.stop()
    data: RulesData | None = _STATE.get("data")
    if data is None:
        return
    missing = [
        page.file
        for system in data.systems.values()
        for page in system.pages
        if page.doc not in _STATE["rendered"]
    ]
    if missing:
        raise _stop(
            "rules data pages never rendered (add a docs page calling rules_page()):\n"
            + "\n".join(f"{name}:1: page: not rendered" for name in missing)
        )
