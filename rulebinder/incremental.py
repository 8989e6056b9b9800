"""Page-level incremental rebuilds under ``serve``: an edit renders again only the pages it
changes.

MkDocs rebuilds the whole site after every edit: each page's Markdown is converted and
its theme template rendered again, most of a rebuild's time in a book of many pages. The
pages of a Rulebinder site are made from the rules data by macros, so which pages an edit
of ``rules_data/`` changes (the pages showing an entry, the pages whose text the term
linker links to it, the hover definitions of its references) is known only once the
macros have run. So the macros run for every page, as before, and :class:`PageCache`
keeps, between the rebuilds of one ``serve`` process, the two costly steps' results by
their inputs:

* a page's HTML from its Markdown (after the macros and every plugin's
  ``on_page_markdown``): the same Markdown, in a build of the same files and settings, is
  converted to the same HTML, table of contents, title and anchors;
* a page's output from the theme, by everything the theme reads of the page and the site
  (:func:`theme_key`): the page's HTML, title, table of contents and front matter, and the
  navigation (every title and address), so a new title re-renders every page's navigation;
* a page's search records (Material's ``search`` plugin), by its address, HTML, title,
  table of contents and front matter;
* the theme's compiled templates (a Jinja bytecode cache: a template is compiled again
  when its source changes).

A book's print page holds the whole book: converting it again takes about as long as
plain MkDocs converting the book. Past :data:`DEFER_BYTES` of Markdown, a changed print
page is remade in a second rebuild that follows at once (:attr:`PageCache.pending`): the
first shows the edit everywhere else, the print page meanwhile saying it is being remade
(never its old text).

Anything else (``mkdocs.yml``, the files of the site, the macros' or the theme overrides'
sources: :meth:`PageCache.start`) empties the cache: that rebuild is a full one. Every
plugin still sees every page (``on_page_content``, ``on_page_context``: the search records
are made for every page, in order), so the site written is the one a full build writes.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import jinja2
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from .pagecache import converted, index_with, page_key, restore, toc_tokens

__all__ = [
    "CACHED_TEMPLATE", "DEFER_BYTES", "OUTPUT_VARIABLE", "MemoryBytecode", "PageCache", "page_key",
    "theme_key", "tree_fingerprint", "with_kept_template",
]

#: The template a page whose theme output is kept is given instead of its own: it writes
#: the kept output (:data:`OUTPUT_VARIABLE` of the page's context).
CACHED_TEMPLATE = "rulebinder-kept-page.html"
OUTPUT_VARIABLE = "rulebinder_kept_output"


#: A print page with more Markdown than this is remade in a rebuild of its own.
DEFER_BYTES = 1_000_000
#: What a deferred page shows until its rebuild (the page reloads by itself then).
PLACEHOLDER = (
    '<div class="admonition note"><p class="admonition-title">Being remade</p>'
    "<p>This page holds the whole book: it is remade after the rest of the site, and "
    "this page reloads once it is ready.</p></div>"
)


def tree_fingerprint(folders: Iterable[Path], suffixes: tuple[str, ...] = ()) -> str:
    """A digest of the path, modification time and size of every file under ``folders``
    (those ending with one of ``suffixes``, when given); a missing folder counts as empty.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> before = tree_fingerprint([folder])
    >>> _ = (folder / "a.html").write_text("x")
    >>> before == tree_fingerprint([folder]), before == tree_fingerprint([folder], (".py",))
    (False, True)
    """
    digest = hashlib.sha256()
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file() and (not suffixes or path.name.endswith(suffixes)):
                stat = path.stat()
                digest.update(f"{path}\0{stat.st_mtime_ns}\0{stat.st_size}\n".encode())
    return digest.hexdigest()


def with_kept_template(loader: Any) -> Any:
    """The theme's template ``loader`` with :data:`CACHED_TEMPLATE` before it.

    >>> env = jinja2.Environment(loader=with_kept_template(jinja2.DictLoader({})))
    >>> env.get_template(CACHED_TEMPLATE).render({OUTPUT_VARIABLE: "<p>kept</p>"})
    '<p>kept</p>'
    """
    kept = jinja2.DictLoader({CACHED_TEMPLATE: "{{ " + OUTPUT_VARIABLE + " }}"})
    return jinja2.ChoiceLoader([kept, loader])


def _nav(items: Iterable[Any]) -> list[Any]:
    return [
        [type(item).__name__, item.title, getattr(item, "url", None), _nav(item.children or [])]
        for item in items
    ]


class MemoryBytecode(jinja2.BytecodeCache):
    """A Jinja bytecode cache in memory: the theme's templates are compiled once a serve
    (Jinja checks a template's source against the compiled code's before using it).

    >>> cache = MemoryBytecode()
    >>> env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 1 + 1 }}"}),
    ...                          bytecode_cache=cache)
    >>> env.get_template("t").render(), len(cache.code)
    ('2', 1)
    """

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


def theme_key(page: Any, navigation: str) -> str:
    """A digest of what the theme reads of ``page`` (its address, HTML, title, table of
    contents, front matter, neighbours) and of the site (``navigation``: :meth:`nav_key`).

    >>> from types import SimpleNamespace as N
    >>> page = N(url="a/", content="<p>A</p>", title="A", toc=[], meta={},
    ...          previous_page=None, next_page=None, canonical_url=None, edit_url=None)
    >>> key = theme_key(page, "nav")
    >>> key == theme_key(page, "nav"), key == theme_key(page, "other nav")
    (True, False)
    >>> page.content = "<p>B</p>"; key == theme_key(page, "nav")
    False
    """
    neighbours = [
        [other.url, other.title] if other is not None else None
        for other in (page.previous_page, page.next_page)
    ]
    described = json.dumps(
        [page.url, page.title, page.content, toc_tokens(page.toc), page.meta, neighbours,
         page.canonical_url, page.edit_url, navigation],
        sort_keys=True, default=repr,
    )
    return hashlib.sha256(described.encode()).hexdigest()


class PageCache:
    """Converted Markdown and theme outputs of the pages, kept between the builds of one
    ``serve`` process (:mod:`rulebinder.incremental`)."""

    def __init__(self) -> None:
        self.signature: str | None = None
        #: A page's Markdown and what converting it gave (:func:`pagecache.converted`).
        self.converted: dict[str, tuple[str, dict[str, Any]]] = {}
        #: A page's theme output and the key (:func:`theme_key`) it was made for.
        self.outputs: dict[str, tuple[str, str]] = {}
        #: The keys of this build's pages (:func:`theme_key`, :func:`page_key`) taken before
        #: the theme runs, to keep their outputs and search records.
        self.keys: dict[str, str] = {}
        self.page_keys: dict[str, str] = {}
        #: The pages of this build whose kept output is written, and their own template.
        self.kept: dict[str, Any] = {}
        #: A page's search records and the key (:func:`page_key`) they were made for.
        self.records: dict[str, tuple[str, list[Any]]] = {}
        self.bytecode = MemoryBytecode()
        self.counts: Counter[str] = Counter()
        #: The pages that may be remade in a rebuild of their own (the print pages).
        self.deferrable: set[str] = set()
        #: Whether a page was deferred: the next build (which the plugin starts) makes it.
        self.pending = False
        self._follow_up = False

    def start(self, signature: str) -> bool:
        """Begin a build of the site with ``signature`` (settings, files, sources of the
        macros and theme); a signature unlike the last build's empties the cache. Whether
        the kept results may be used.

        >>> cache = PageCache()
        >>> cache.start("a"), cache.start("a"), cache.start("b")
        (False, True, False)
        """
        same = signature == self.signature
        if not same:
            self.converted.clear()
            self.outputs.clear()
            self.records.clear()
        self.signature = signature
        self.keys.clear()
        self.page_keys.clear()
        self.kept.clear()
        self.counts.clear()
        self._follow_up, self.pending = self.pending, False
        return same

    # -- Markdown -------------------------------------------------------------------------

    def convert(
        self, page: Any, config: Any, files: Any, render: Callable[[Any, Any], None] | None = None
    ) -> None:
        """``render(config, files)`` (``page.render``), or what it gave last time for the same
        Markdown."""
        src = str(page.file.src_uri)
        kept = self.converted.get(src)
        if kept is not None and kept[0] == page.markdown:
            if restore(page, kept[1], files):
                self.counts["markdown kept"] += 1
                return
            kept = None  # a linked page is gone: cannot happen in a build of the same files
        if (kept is not None and src in self.deferrable and not self._follow_up
                and len(page.markdown or "") > DEFER_BYTES):  # changed since the last build
            page.content, page.toc = PLACEHOLDER, get_toc([])
            page._title_from_render = kept[1]["title"]
            page.present_anchor_ids = set()
            self.pending = True
            self.counts["markdown deferred"] += 1
            return
        if render is None:
            Page.render(page, config, files)
        else:
            render(config, files)
        self.converted[src] = (page.markdown, converted(page))
        self.counts["markdown converted"] += 1

    def watch(self, page: Any) -> None:
        """Make ``page`` convert its Markdown through :meth:`convert` (MkDocs calls
        ``page.render`` once the plugins' ``on_page_markdown`` ran); what ``page.render``
        was (the disk cache's, :mod:`rulebinder.pagecache`) converts what is not kept."""
        fallback = page.render
        page.render = lambda config, files: self.convert(page, config, files, fallback)

    # -- search records -------------------------------------------------------------------

    def index(self, plugin: Any) -> None:
        """Make the search ``plugin`` (Material's) index a page whose HTML, title, table of
        contents and front matter are those of the last build from its records then."""

        def take(page: Any) -> list[Any] | None:
            src = str(page.file.src_uri)
            kept = self.records.get(src)
            return kept[1] if kept is not None and kept[0] == self._page_key(page) else None

        def made(page: Any, records: list[Any], taken: bool) -> None:
            self.counts["search kept" if taken else "search indexed"] += 1
            if not taken:
                self.records[str(page.file.src_uri)] = (self._page_key(page), records)

        index_with(plugin, take, made)

    def _page_key(self, page: Any) -> str:
        return self.page_keys.get(str(page.file.src_uri)) or page_key(page)

    # -- theme ----------------------------------------------------------------------------

    def choose(self, pages: Iterable[Any], nav: Any) -> None:
        """Before the theme runs: give every page whose theme output is kept for the same
        key the template that writes it."""
        navigation = json.dumps(_nav(nav.items) if nav is not None else None, default=repr)
        for page in pages:
            src = str(page.file.src_uri)
            key = theme_key(page, navigation)
            self.keys[src] = key
            self.page_keys[src] = page_key(page)
            kept = self.outputs.get(src)
            if kept is not None and kept[1] == key:
                self.kept[src] = page.meta.get("template")
                page.meta["template"] = CACHED_TEMPLATE

    def context(self, context: dict[str, Any], page: Any) -> dict[str, Any]:
        """A kept page's context: its output for :data:`CACHED_TEMPLATE`."""
        src = str(page.file.src_uri)
        if src in self.kept:
            context[OUTPUT_VARIABLE] = self.outputs[src][0]
        return context

    def written(self, output: str, page: Any) -> None:
        """After the theme: keep a rendered page's output; give a kept page its template."""
        src = str(page.file.src_uri)
        if src in self.kept:
            template = self.kept.pop(src)
            if template is None:
                page.meta.pop("template", None)
            else:
                page.meta["template"] = template
            self.counts["theme kept"] += 1
        elif src in self.keys:
            self.outputs[src] = (output, self.keys[src])
            self.counts["theme rendered"] += 1

    def summary(self) -> str:
        """One line for the log: how many pages were converted, rendered and indexed again.

        >>> cache = PageCache(); cache.counts.update({"markdown kept": 3, "theme rendered": 1})
        >>> cache.summary()
        'pages made again: Markdown 0 of 3, theme 1 of 1, search records 0 of 0'
        """
        made = [
            f"{label} {self.counts[done]} of "
            f"{self.counts[done] + sum(self.counts[k] for k in kept.split('|'))}"
            for label, done, kept in (
                ("Markdown", "markdown converted", "markdown kept|markdown deferred"),
                ("theme", "theme rendered", "theme kept"),
                ("search records", "search indexed", "search kept"),
            )
        ]
        later = self.counts["markdown deferred"]
        return "pages made again: " + ", ".join(made) + (
            f"; {later} print page(s) remade in the next rebuild" if later else "")
