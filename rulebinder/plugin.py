"""The ``rulebinder`` MkDocs plugin: ``plugins: [search, rulebinder]`` makes a Rulebinder site.

Registered under the ``mkdocs.plugins`` entry point. From the project's ``rules_data/``
and ``docs/`` it brings every part of the site that is the engine's, not the book's:

* the macros pages call (``{{ rules_page() }}``, ``{{ calculator(...) }}``, ...): the
  plugin runs mkdocs-macros itself, configured as this engine needs it (strict about
  undefined names, failing on an error), with :mod:`macros` as its module; an author's
  own ``main.py`` of macros is loaded beside it, as mkdocs-macros would;
* the theme's overrides (``macros/theme/``, ahead of Material's templates, behind an
  author's own ``custom_dir``), the Markdown extensions the rendered pages use, and the
  site's scripts and stylesheet (``macros/assets/``, published under ``assets/``;
  a file of the same name in ``docs/`` wins);
* one print page per book and the wrappers of filterable lists;
* after the build: the in-browser Python (Pyodide, fetched once for an author, see
  :mod:`rulebinder.runtime_cache`), the rules core as a wheel, the search plugin's index
  split into shards (:mod:`macros.publish.searchsplit`, read by the theme's search worker,
  ``assets/search-worker.js``), the offline shell (service worker, web app manifest,
  icons) and precompressed copies (:mod:`rulebinder.engine`
  says where they are made from).

Why mkdocs-macros inside the plugin rather than beside it: the pages are Jinja templates
rendered by mkdocs-macros (its page variables, includes, error reports); driving it from
here keeps that one renderer and lets the plugin own its settings, so an author's
``mkdocs.yml`` names one plugin and cannot configure the two apart.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from . import __version__, pagecache
from . import books as author_books
from .engine import Engine, link_runtime, locate, prepare_core
from .incremental import PageCache, tree_fingerprint, with_kept_template

__all__ = ["RulebinderConfig", "RulebinderPlugin"]

LOG = logging.getLogger("mkdocs.plugins.rulebinder")

#: Markdown extensions the rendered pages rely on (admonitions for assumptions, cards in
#: ``md_in_html`` blocks, anchors through ``attr_list``, ...); added when missing.
MARKDOWN_EXTENSIONS = (
    "abbr",
    "admonition",
    "attr_list",
    "def_list",
    "footnotes",
    "md_in_html",
    "tables",
    "toc",
    "pymdownx.details",
    "pymdownx.superfences",
)
#: The site's stylesheet and scripts (``macros/assets/``), in the order pages load them;
#: each script deferred: it runs after the page is parsed, before DOMContentLoaded.
STYLESHEETS = ("assets/rulebinder.css",)
SCRIPTS = (
    "assets/calculator.js",
    "assets/offline.js",
    "assets/dice.js",  # inline rolls in the rules text; uses calculator.js's engine
    "assets/library.js",  # a reader's saved encounters and characters (IndexedDB)
    "assets/keeper.js",  # what the tracker and the builders share about them
    "assets/builder.js",
    "assets/tracker.js",
    "assets/filter.js",  # filter and sort a page's lists of entries as you type
    "assets/embed.js",  # ?embed=1: the page (or one entry, one calculator) in an <iframe>
)
#: The environment variables the publishing steps read, by the option that sets them.
SWITCHES = {
    "offline": "RULEBINDER_OFFLINE",
    "snapshot": "RULEBINDER_SNAPSHOT",
    "precompress": "RULEBINDER_PRECOMPRESS",
}


class RulebinderConfig(Config):
    """The plugin's options (``- rulebinder: {option: value}`` under ``plugins``)."""

    #: Where the plugin keeps what it makes between builds, from mkdocs.yml's folder.
    cache_dir = c.Type(str, default=".cache/plugin/rulebinder")
    #: An unpacked npm package of Pyodide to serve instead of the pinned one fetched once.
    pyodide_dir = c.Optional(c.Dir(exists=True))
    #: Templates for ``{% include %}`` in pages (mkdocs-macros' ``include_dir``).
    include_dir = c.Optional(c.Dir(exists=True))
    #: An author's own mkdocs-macros module beside mkdocs.yml (``main.py`` or ``main/``).
    macros_module = c.Type(str, default="main")
    #: The offline copy and installable app (service worker, manifest, icons).
    offline = c.Type(bool, default=True)
    #: A memory snapshot of the in-browser Python (made with Node where it is installed).
    snapshot = c.Type(bool, default=True)
    #: ``.br`` and ``.gz`` copies beside the site's files, for hosts that serve them.
    precompress = c.Type(bool, default=True)


class RulebinderPlugin(BasePlugin[RulebinderConfig]):
    """Rulebinder's pages, theme, assets and browser runtime for an MkDocs project."""

    def __init__(self) -> None:
        self.engine: Engine | None = None
        self.macros: Any = None  # mkdocs-macros, run by this plugin
        #: The pages' converted HTML kept on disk between builds (:mod:`rulebinder.pagecache`).
        self.converted: pagecache.PageCache | None = None
        #: Under ``serve``: the pages' converted Markdown and theme outputs, kept between
        #: rebuilds (:mod:`rulebinder.incremental`); None for a build.
        self.pages: PageCache | None = None
        self.nav: Navigation | None = None
        self._written: Page | None = None  # the last page written (on_post_page)
        #: A build's search records kept on disk by page (:class:`pagecache.SearchRecords`).
        self.records: pagecache.SearchRecords | None = None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Under ``serve`` (this plugin then lives as long as the server: MkDocs keeps a
        plugin with ``on_startup`` between rebuilds), keep the pages' results between
        rebuilds; a rebuild renders again only the pages an edit changes."""
        self.pages = PageCache() if command == "serve" else None

    # -- configuration -------------------------------------------------------------------

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Check the project, prepare the engine folder, set up theme, Markdown, assets and
        mkdocs-macros (whose start loads and checks ``rules_data/``)."""
        project = Path(config.config_file_path).resolve().parent
        if config.theme.name != "material":
            raise PluginError(
                f"{config.config_file_path}: theme: the rulebinder plugin needs Material for "
                f"MkDocs (`theme: {{name: material}}`), not {config.theme.name!r}"
            )
        if "macros" in config.plugins:
            raise PluginError(
                f"{config.config_file_path}: plugins: remove `macros`: the rulebinder plugin "
                "runs mkdocs-macros itself (set its options on rulebinder: include_dir, "
                "macros_module)"
            )
        self.engine = locate(project, self.config.cache_dir)
        if self.engine.own and str(project) not in sys.path:
            # The repository builds its own site: its packages, not an installed copy.
            sys.path.insert(0, str(project))
        self._check_ids(project)
        books: dict[Path, Path] = {}
        if not self.engine.own:
            # The author's books' own Python (books/<id>/): found by the core, and copied
            # into the browser's.
            if author_books.use(project):
                LOG.info("books/ changed: its modules are imported afresh")
            books = author_books.modules(project)
        written = prepare_core(self.engine, _version(), "Rulebinder's rules core.", books)
        if written:
            LOG.debug("rules core: %d modules copied into %s", written, self.engine.core)
        if not self.engine.own:
            from calculators.data import DATA_ENV

            os.environ[DATA_ENV] = str(self.engine.data)
            # Now, not after the pages: the runtime is made while they are (macros/publish/
            # ahead.py).
            link_runtime(self.engine, self._runtime())
        import macros

        theme_dir = str(Path(macros.__file__).parent / "theme")
        if theme_dir not in config.theme.dirs:
            config.theme.dirs.insert(1 if config.theme.custom_dir else 0, theme_dir)
        self._add_markdown_extensions(config)
        self._add_assets(config)
        self._split_search(config)
        self.macros = self._start_macros(config)
        with self._switches():
            return self.macros.on_config(config)

    def _check_ids(self, project: Path) -> None:
        """In an author's project, a book may not take the id of a book whose Python is
        built into this engine (its calculators would be loaded for the author's book), and
        each package of ``books/`` is the Python of one of the project's books."""
        if self.engine is None or self.engine.own:
            return
        from calculators.books import built_in

        taken = built_in()
        try:
            author_books.check(project, taken)
        except author_books.BookError as error:
            raise PluginError(str(error)) from None
        for path in sorted((project / "rules_data").glob("*/system.yml")):
            if path.parent.name in taken:
                raise PluginError(
                    f"{path}: the id {path.parent.name!r} is taken by a book built into this "
                    "version of Rulebinder; import the book under another id "
                    f"(rulebinder import ... --system my_{path.parent.name})"
                )

    def _add_markdown_extensions(self, config: MkDocsConfig) -> None:
        for name in MARKDOWN_EXTENSIONS:
            if name not in config.markdown_extensions:
                config.markdown_extensions.append(name)
        config.mdx_configs.setdefault("toc", {}).setdefault("permalink", True)

    def _split_search(self, config: MkDocsConfig) -> None:
        """Whether the search index is split and read by Rulebinder's worker: where the
        search's languages (else the theme's) and pipeline are ones it reads."""
        from macros import SPLIT_SEARCH
        from macros.publish.searchsplit import splittable

        search = config.plugins.get("material/search") or config.plugins.get("search")
        lang = search.config.get("lang") if search is not None else None
        lang = lang or config.theme.get("language") or "en"
        pipeline = search.config.get("pipeline") if search is not None else None
        if pipeline is None and config.theme.get("language", "en") != "en":
            pipeline = ["the theme language's"]  # Material fills it in after this plugin
        config.extra[SPLIT_SEARCH] = search is not None and splittable(lang, pipeline)

    def _add_assets(self, config: MkDocsConfig) -> None:
        for sheet in STYLESHEETS:
            if sheet not in config.extra_css:
                config.extra_css.append(sheet)
        listed = {str(script) for script in config.extra_javascript}
        for path in SCRIPTS:
            if path not in listed:
                script = c.ExtraScriptValue(path)
                script.defer = True
                config.extra_javascript.append(script)

    def _start_macros(self, config: MkDocsConfig) -> Any:
        """mkdocs-macros, configured for Rulebinder, with :mod:`macros` as its module."""
        from mkdocs_macros.plugin import MacrosPlugin

        # mkdocs-macros traces its set-up at INFO ("Found external Python module 'macros'",
        # "No default module `main` found"): nothing an author can act on. Its warnings and
        # errors still show.
        logging.getLogger("mkdocs.plugins.mkdocs_macros").setLevel(logging.WARNING)
        plugin = MacrosPlugin()
        options: dict[str, Any] = {
            "modules": ["macros"],
            "module_name": self.config.macros_module,
            "on_undefined": "strict",
            "on_error_fail": True,
        }
        if self.config.include_dir:
            options["include_dir"] = self.config.include_dir
        errors, warnings = plugin.load_config(options, config.config_file_path)
        for key, warning in warnings:
            LOG.warning("mkdocs-macros option %s: %s", key, warning)
        if errors:
            raise PluginError(
                "mkdocs-macros options: " + "; ".join(f"{key}: {error}" for key, error in errors)
            )
        from macros import CACHE_DIR, ENGINE_DIR

        setattr(plugin, ENGINE_DIR, str(self.engine.root) if self.engine else None)
        project = Path(config.config_file_path).resolve().parent
        setattr(plugin, CACHE_DIR, str(project / self.config.cache_dir))
        return plugin

    @contextmanager
    def _switches(self) -> Iterator[None]:
        """The options that turn publishing steps off, as the environment variables those
        steps read (a variable already set to off stays off)."""
        saved = {name: os.environ.get(name) for name in SWITCHES.values()}
        for option, name in SWITCHES.items():
            if not self.config[option]:
                os.environ[name] = "0"
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    # -- the build -----------------------------------------------------------------------

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """mkdocs-macros' own step (a trace of its variables)."""
        self.macros.on_pre_build(config=config)

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Add the site's scripts and stylesheet, and one print page per book."""
        import macros
        from macros.render.print_pages import print_pages

        assets = Path(macros.__file__).parent / "assets"
        for path in sorted(assets.iterdir()):
            src_uri = f"assets/{path.name}"
            if path.is_file() and files.get_file_from_path(src_uri) is None:
                files.append(File.generated(config, src_uri, abs_src_path=str(path)))
        rules_dir = Path(config.config_file_path).parent / "rules_data"
        if self.pages is not None:
            self.pages.deferrable = {src_uri for src_uri, _, _ in print_pages(rules_dir)}
        for src_uri, name, source in print_pages(rules_dir):
            if files.get_file_from_path(src_uri) is not None:
                raise PluginError(
                    f"docs/{src_uri}: the print page of {name} is generated; remove it"
                )
            files.append(
                File.generated(
                    config, src_uri, content=source, inclusion=InclusionLevel.NOT_IN_NAV
                )
            )
        return files

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """mkdocs-macros keeps the navigation for templates that ask for it; the site's files
        are known now, so the cache of converted pages can be opened. Under serve, the kept
        pages' results hold while the settings, files and templates are the same."""
        self.macros.on_nav(nav, config, files)
        self.nav = nav
        self._written = None
        self.converted = None
        self.records = None
        if pagecache.enabled():
            project = Path(config.config_file_path).resolve().parent
            folder = project / self.config.cache_dir / "pages"
            self.converted = pagecache.PageCache(folder, config, files)
        if self.pages is not None and not self.pages.start(_signature(config, files)):
            LOG.debug("rulebinder serve: every page is rendered (settings, files or sources)")
        return nav

    def on_env(self, env: Any, *, config: MkDocsConfig, files: Files) -> Any:
        """Under serve: the pages whose theme output would be the same are written from it
        (:meth:`PageCache.choose`), the theme's templates are compiled once, and the search
        records of a page are kept with it. In a build, a page's search records are kept on
        disk (:class:`pagecache.SearchRecords`)."""
        searches = [p for n, p in config.plugins.items() if n.split("/")[-1] == "search"]
        if self.pages is not None:
            env.loader = with_kept_template(env.loader)
            env.bytecode_cache = self.pages.bytecode
            for plugin in searches:
                self.pages.index(plugin)
            self.pages.choose([f.page for f in files if f.page is not None], self.nav)
        elif self.converted is not None:  # a build: the records kept on disk by page
            project = Path(config.config_file_path).resolve().parent
            self.records = pagecache.SearchRecords(
                project / self.config.cache_dir / "search-records.json")
            for plugin in searches:
                self.records.index(plugin)
        return env

    def on_page_context(
        self, context: Any, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> Any:
        """Under serve: a kept page's output for its template."""
        return context if self.pages is None else self.pages.context(context, page)

    @event_priority(100)  # first: the theme's output, before other plugins change it
    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Under serve: keep the page's theme output (or give a kept page its template).
        The page before this one is written, every plugin done with it: its Markdown and
        HTML are let go (a long book's pages would otherwise all stay in memory to the end
        of the build; MkDocs reads neither again)."""
        if self.pages is not None:
            self.pages.written(output, page)
        if self._written is not None and self._written is not page:
            self._written.markdown = None
            self._written.content = None
        self._written = page
        return output

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Render the page's macros; its conversion to HTML is taken from the cache of
        converted pages when nothing it reads changed (:mod:`rulebinder.pagecache`)."""
        if self.converted is not None:
            self.converted.wrap(page)
        if self.pages is not None:  # under serve: kept in memory first
            self.pages.watch(page)
        return str(self.macros.on_page_markdown(markdown, page, config))

    def on_page_content(
        self, html: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Put the wrappers of the page's filterable lists in place; note the page's
        description and licence for the theme."""
        from macros import page_meta
        from macros.render.filter_hook import on_page_content

        page_meta(page, html)
        return on_page_content(html)

    @event_priority(-100)  # last: the service worker lists every file the others wrote
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Publish the browser runtime, the split search index, the offline shell and
        precompressed copies."""
        if self.converted is not None:
            self.converted.prune()
            LOG.debug("converted pages: %d from the cache, %d converted",
                      self.converted.hits, self.converted.misses)
        if self.records is not None:
            self.records.save()
            LOG.debug("search records: %d pages from the cache, %d indexed",
                      self.records.hits, self.records.misses)
        with self._switches():
            self.macros.on_post_build(config)
        if self.pages is not None:
            LOG.info("rulebinder serve: %s", self.pages.summary())
            if self.pages.pending:  # a change of the watched file starts the next rebuild
                self._follow_up(config).write_text(str(os.getpid()), encoding="utf-8")

    def _follow_up(self, config: MkDocsConfig) -> Path:
        """The file serve watches to rebuild the print pages left for a rebuild of their
        own (:attr:`PageCache.pending`)."""
        folder = Path(config.config_file_path).resolve().parent / self.config.cache_dir
        folder.mkdir(parents=True, exist_ok=True)
        return folder / "serve-follow-up"

    def _runtime(self) -> Path:
        """The Pyodide runtime an author's site serves: ``pyodide_dir``, or the pinned
        package fetched once into the user's cache."""
        if self.config.pyodide_dir:
            return Path(self.config.pyodide_dir).resolve()
        from .runtime_cache import RuntimeFetchError, pinned_runtime

        try:
            return pinned_runtime(say=LOG.info)
        except RuntimeFetchError as error:
            raise PluginError(str(error)) from None

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        """Rebuild when the rules data or the books' Python (``books/``) changes, besides the
        docs."""
        self.macros.on_serve(server, config)
        LOG.info(
            "rulebinder serve: the site is rebuilt for your eyes only, without the memory "
            "snapshot, the trimmed standard library, the offline copy and precompressed "
            "copies (Python starts normally); `rulebinder build` makes them for deploying"
        )
        project = Path(config.config_file_path).resolve().parent
        for folder in ("rules_data", author_books.FOLDER):
            if (project / folder).is_dir():
                server.watch(str(project / folder))
        if self.pages is not None:
            follow_up = self._follow_up(config)
            follow_up.touch()
            server.watch(str(follow_up), recursive=False)
        # No bytecode written beside the books' modules: each .pyc would be a change in a
        # watched folder, and start another rebuild.
        sys.dont_write_bytecode = True
        return server


def _signature(config: MkDocsConfig, files: Files) -> str:
    """What every page's kept results depend on beyond the page: ``mkdocs.yml`` and the
    ``extra`` the plugins set, the site's files, the Markdown extensions, the macros'
    Python and the theme overrides."""
    import hashlib

    import macros
    from macros.render.mdkey import markdown_key

    config_file = Path(config.config_file_path)
    stat = config_file.stat()
    overrides = [Path(d) for d in config.theme.dirs if "site-packages" not in Path(d).parts]
    described = repr([
        str(config_file), stat.st_mtime_ns, stat.st_size, config.site_dir, config.site_url,
        sorted(config.extra.items(), key=str),
        markdown_key(config.markdown_extensions, config.mdx_configs),
        sorted((f.src_uri, f.dest_uri, f.url) for f in files),
        tree_fingerprint([Path(macros.__file__).parent], (".py", ".html")),
        tree_fingerprint(overrides),
    ])
    return hashlib.sha256(described.encode()).hexdigest()


def _version() -> str:
    """The installed distribution's version (this source tree's when not installed)."""
    from importlib import metadata

    try:
        return metadata.version("rulebinder")
    except metadata.PackageNotFoundError:
        return __version__

