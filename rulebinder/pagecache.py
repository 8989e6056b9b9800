"""A page's HTML kept between builds, by the hash of everything its conversion reads.

MkDocs converts every page's Markdown to HTML on every build (``Page.render``: Python-Markdown
with the project's extensions, then MkDocs' own passes over links, anchors and the title).
For a rulebook that is most of a build: the pages the macros write are long and dense
with links. This cache keeps what ``Page.render`` leaves on the page (the HTML, the table of
contents, the title it found, the anchors the page holds and the anchors it links to)
under a key made of the page's final Markdown, its place in the site, the Markdown
configuration and every file's address (a link's target may move), so a page whose inputs
did not change is not converted again. A page whose conversion logged a warning (a broken
link) is not kept, so the warning comes back on the next build.

Each kept page is a JSON file named by its key in the project's cache folder
(``.cache/plugin/rulebinder/pages/``); the files a build did not use are deleted after it.
``RULEBINDER_PAGE_CACHE=0`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from types import MethodType
from typing import Any

from mkdocs import __version__ as mkdocs_version
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, get_toc

from macros.publish.shared import put, switched_on
from macros.render.mdkey import markdown_key

__all__ = [
    "ENV", "PageCache", "SearchRecords", "converted", "enabled", "index_with", "page_key",
    "restore", "toc_tokens",
]

#: The environment variable that turns the cache off (``0``, ``off``, ``false``, ``no``).
ENV = "RULEBINDER_PAGE_CACHE"
#: Bumped when what is kept changes shape.
FORMAT = "1"


def enabled(environ: dict[str, str] | None = None) -> bool:
    """Whether pages are kept between builds.

    >>> enabled({}), enabled({"RULEBINDER_PAGE_CACHE": "0"})
    (True, False)
    """
    return switched_on(ENV, environ)


def toc_tokens(items: list[AnchorLink]) -> list[dict[str, Any]]:
    """The table of contents as the tokens :func:`mkdocs.structure.toc.get_toc` reads.

    >>> toc = get_toc([{"level": 2, "id": "a", "name": "A", "children": [
    ...     {"level": 3, "id": "b", "name": "B", "children": []}]}])
    >>> toc_tokens(toc.items)
    [{'level': 2, 'id': 'a', 'name': 'A', 'children': [{'level': 3, 'id': 'b', 'name': 'B', \
'children': []}]}]
    """
    return [
        {"level": i.level, "id": i.id, "name": i.title, "children": toc_tokens(i.children)}
        for i in items
    ]


def converted(page: Page) -> dict[str, Any]:
    """What ``Page.render`` left on ``page`` (its HTML, table of contents, the title it found,
    the anchors it holds, the anchors it links to by the linked page's ``src_uri``), as JSON
    values: :func:`restore` puts it on a page again."""
    anchors, links = page.present_anchor_ids, page.links_to_anchors
    return {
        "content": page.content,
        "toc": toc_tokens(page.toc.items),
        "title": page._title_from_render,
        "anchors": None if anchors is None else sorted(anchors),
        "links": None if links is None else {f.src_uri: dict(v) for f, v in links.items()},
    }


def restore(page: Page, kept: dict[str, Any], files: Files) -> bool:
    """Put what :func:`converted` kept on ``page``; False (and the page untouched) when a page
    it links to is not among ``files``."""
    links = None
    if kept["links"] is not None:
        links = {files.get_file_from_path(uri): dict(v) for uri, v in kept["links"].items()}
        if None in links:
            return False
    page.content = kept["content"]
    page.toc = get_toc(kept["toc"])
    page._title_from_render = kept["title"]
    page.present_anchor_ids = None if kept["anchors"] is None else set(kept["anchors"])
    if links is not None:
        page.links_to_anchors = links  # type: ignore[assignment]
    return True


def page_key(page: Any) -> str:
    """A digest of a page's address, HTML, title, table of contents and front matter: what
    the search plugin reads of it.

    >>> from types import SimpleNamespace as N
    >>> page = N(url="a/", content="<p>A</p>", title="A", toc=[], meta={})
    >>> key = page_key(page)
    >>> page.meta["search"] = {"exclude": True}; key == page_key(page)
    False
    """
    described = json.dumps(
        [page.url, page.title, page.content, toc_tokens(page.toc), page.meta],
        sort_keys=True, default=repr,
    )
    return hashlib.sha256(described.encode()).hexdigest()


def index_with(
    plugin: Any,
    take: Callable[[Page], list[Any] | None],
    made: Callable[[Page, list[Any], bool], None],
) -> None:
    """Make the search ``plugin`` (Material's) index a page from ``take(page)``'s records when
    it has them, else as it does; ``made(page, records, taken)`` is told either way. A plugin
    without that index is left as it is."""
    index = getattr(plugin, "search_index", None)
    add = getattr(index, "add_entry_from_context", None)
    if add is None or not isinstance(getattr(index, "entries", None), list):
        return

    def add_kept(page: Page) -> None:
        records = take(page)
        taken = records is not None
        if records is not None:
            index.entries.extend(records)
        else:
            start = len(index.entries)
            add(page)
            records = index.entries[start:]
        made(page, records, taken)

    index.add_entry_from_context = add_kept


class _Warned(logging.Handler):
    """Counts the warnings logged while a page converts."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class PageCache:
    """The converted pages of one build, read from and written to ``folder``."""

    def __init__(self, folder: Path, config: Any, files: Files) -> None:
        self.folder = folder
        self.used: set[str] = set()
        self.hits = self.misses = 0
        addresses = sorted((f.src_uri, f.url) for f in files)
        base = json.dumps(
            [
                FORMAT,
                mkdocs_version,
                markdown_key(config["markdown_extensions"], config["mdx_configs"]),
                repr(config.get("validation")),
                config.get("use_directory_urls"),
                addresses,
            ],
            default=repr,
        )
        self.base = hashlib.sha256(base.encode()).digest()

    def wrap(self, page: Page) -> None:
        """Make ``page.render`` take the page from the cache when its inputs are the same."""
        page.render = MethodType(self._render, page)  # type: ignore[method-assign]

    def _key(self, page: Page) -> str:
        digest = hashlib.sha256(self.base)
        for part in (page.file.src_uri, page.url, page.markdown or ""):
            digest.update(part.encode())
            digest.update(b"\0")
        return digest.hexdigest()[:40]

    def _render(self, page: Page, config: Any, files: Files) -> None:
        key = self._key(page)
        self.used.add(key)
        slot = self.folder / f"{key}.json"
        kept = _read(slot)
        if kept is not None and restore(page, kept, files):
            self.hits += 1
            return
        self.misses += 1
        warned = _Warned()
        logger = logging.getLogger("mkdocs")
        logger.addHandler(warned)
        try:
            Page.render(page, config, files)
        finally:
            logger.removeHandler(warned)
        if not warned.count:
            _write(slot, converted(page))

    def prune(self) -> int:
        """Delete the kept pages this build did not use; how many went."""
        gone = 0
        if not self.folder.is_dir():
            return gone
        for path in self.folder.glob("*.json"):
            if path.stem not in self.used:
                path.unlink(missing_ok=True)
                gone += 1
        return gone


def _read(slot: Path) -> dict[str, Any] | None:
    try:
        data: dict[str, Any] = json.loads(slot.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return data


def _write(slot: Path, data: dict[str, Any]) -> None:
    put(slot, json.dumps(data, ensure_ascii=False).encode("utf-8"))


class SearchRecords:
    """The search plugin's records of each page, kept between builds in the JSON file
    ``path`` by the page's key (:func:`page_key`: its address, HTML,
    title, table of contents and front matter) and the plugin's settings: a page whose key
    is the same is indexed from them, not parsed again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.kept: dict[str, list[Any]] = _read(path) or {}
        self.used: dict[str, list[Any]] = {}
        self.hits = self.misses = 0

    def index(self, plugin: Any) -> None:
        """Make the search ``plugin`` (Material's) index a kept page from its records."""
        salt = _settings_key(plugin)

        def key(page: Page) -> str:
            return hashlib.sha256(f"{salt}\0{page_key(page)}".encode()).hexdigest()[:40]

        def take(page: Page) -> list[Any] | None:
            return self.kept.get(key(page))

        def made(page: Page, records: list[Any], taken: bool) -> None:
            self.hits += taken
            self.misses += not taken
            self.used[key(page)] = records

        index_with(plugin, take, made)

    def save(self) -> None:
        """Keep the records this build used (the others are dropped)."""
        if self.used.keys() != self.kept.keys():
            _write(self.path, self.used)


def _settings_key(plugin: Any) -> str:
    """The search plugin's settings, its version and the word lists it reads (jieba's)."""
    settings = sorted((str(k), repr(v)) for k, v in dict(plugin.config).items())
    digest = hashlib.sha256(json.dumps([settings, mkdocs_version]).encode())
    digest.update(type(plugin).__module__.encode())
    for name in ("jieba_dict", "jieba_dict_user"):
        path = plugin.config.get(name)
        if path and Path(path).is_file():
            digest.update(Path(path).read_bytes())
    try:
        from importlib.metadata import version

        digest.update(version("mkdocs-material").encode())
    except Exception:  # noqa: BLE001 - a version is only part of the key
        pass
    return digest.hexdigest()
