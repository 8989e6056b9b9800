"""A page of its own for every entry and calculator, made to be shared and embedded.

Each linkable entry gets ``<book>/rule/<name>/`` and each calculator ``<book>/calc/<name>/``
(``name``: its id without the book's prefix). The page is small and stands alone: the
rule rendered as on its book page (links with their hover definitions, tables with their
exact odds), its licence, a link to its place in the book, "Copy with attribution" and
"Copy embed code". Its ``<head>`` says what a chat preview shows: the title, a description
made from the rule's words, OpenGraph and Twitter card tags, and ``canonical`` pointing to
the entry's place in the book. A calculator's page shows the answer for the default inputs
(computed when the site was built) and sends a reader on to the live calculator with the
link's inputs; a chat's crawler, which runs no script, reads the page.

The pages are written after MkDocs has built the site, from the rules data, with the
stylesheets the site already has (no request to another host); the service worker keeps
each one a reader opens (``macros/publish/serviceworker/sw.js``).

>>> share_path("arts.basic_attack", "rule")
'arts/rule/basic_attack/'
>>> share_path("glittershard.damage", "calc")
'glittershard/calc/damage/'
"""

from __future__ import annotations

import functools
import hashlib
import json
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

import calculators

from ..load.rulesdata import Entry, RulesData
from ..render.forms import render_calculator_print
from ..render.render import Renderer
from ..render.share import SHARED_KINDS, attributed, describe, license_html
from ..render.urls import anchor, dom_id, page_url, share_path
from .shared import put

__all__ = ["ENTRY_DIR", "CALC_DIR", "SHARE_GLOBS", "SHARED_KINDS", "share_path",
           "publish_share_pages"]

ENTRY_DIR = "rule"
CALC_DIR = "calc"
SHARE_GLOBS = (f"*/{ENTRY_DIR}/**", f"*/{CALC_DIR}/**")
"""The share pages, as the service worker's globs: not precached (a reader who follows a
shared link fetches that one page; the worker keeps each one opened)."""

ROLL_SCRIPTS = ("assets/calculator.js", "assets/dice.js")
"""The site's scripts a page with a roll in its text loads: a click rolls it (the engine
starts then, not before) and the roll log shows it."""

@functools.cache
def _template() -> jinja2.Template:
    """``share.html``, read once a build needs it (the package ships it: pyproject.toml)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(Path(__file__).parent)),
        autoescape=True,
        keep_trailing_newline=True,
    ).get_template("share.html")


@dataclass(frozen=True)
class Site:
    """What every share page needs of the built site."""

    name: str
    url: str
    lang: str
    stylesheets: tuple[str, ...]
    favicon: str
    """The site's icon (the theme's ``favicon``), relative to the site's root."""
    markdown: Any
    """A ``markdown.Markdown`` with the site's extensions (reset before each page)."""


def _rel(target: str, here: str) -> str:
    """A relative URL from the directory page ``here`` to ``target`` (both site paths).

    >>> _rel("arts/combat/#x", "arts/rule/bleeding/")
    '../../combat/#x'
    >>> _rel("", "arts/rule/bleeding/")
    '../../../'
    >>> _rel("arts/dice/?calc=arts.roll#calc-arts-roll", "arts/calc/roll/")
    '../../dice/?calc=arts.roll#calc-arts-roll'
    """
    rest, _, fragment = target.partition("#")
    path, _, query = rest.partition("?")
    rel = posixpath.relpath(path or ".", here or ".")
    rel = "./" if rel == "." else rel.rstrip("/") + "/"
    return rel + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")


def _page(site: Site, here: str, fields: dict[str, Any]) -> str:
    """One share page from the template."""
    root = _rel("", here)
    return _template().render(
        site_name=site.name,
        lang=site.lang,
        root=root,
        stylesheets=site.stylesheets,
        favicon=site.favicon,
        url=site.url + here,
        scripts=ROLL_SCRIPTS if "rb-dice-roll" in str(fields["body"]) else (),
        **fields,
    )


_LINK = re.compile(r'(href|src)="(?![a-z][a-z0-9+.-]*:|/)([^"]*)"')


def _target(value: str, home: str) -> str:
    """Where a link rendered for the docs page ``home`` goes, as a site path. A docs file
    (``x.md``, a Markdown link MkDocs rewrites) is relative to ``home``'s folder and goes to
    its page's URL; any other link (raw HTML, written for the built page) is relative to
    ``home``'s URL; a bare ``#fragment`` is on ``home``.

    >>> _target("stats.md#a", "arts/combat.md"), _target("#b", "arts/combat.md")
    ('arts/stats/#a', 'arts/combat/#b')
    >>> _target("../index.md", "arts/combat.md"), _target("../assumptions/#x", "arts/combat.md")
    ('', 'arts/assumptions/#x')
    """
    path, hashed, fragment = value.partition("#")
    suffix = f"#{fragment}" if hashed else ""
    if not path:
        return page_url(home) + suffix
    docs_file = path.endswith(".md")
    base = posixpath.dirname(home) if docs_file else page_url(home)
    joined = posixpath.normpath(posixpath.join(base, path))
    joined = "" if joined == "." else joined
    if docs_file:
        return page_url(joined) + suffix
    return joined + ("/" if path.endswith("/") and joined else "") + suffix


def _rebased(html: str, home: str, here: str) -> str:
    """HTML rendered for the docs page ``home`` with its relative links made to work from
    the share page ``here`` (a site path), as MkDocs makes them work on ``home``.

    >>> _rebased('<a href="stats.md#a-b" title="B">B</a> <a href="#c">C</a>',
    ...          "glittershard/status_effects.md", "glittershard/rule/burning/")
    '<a href="../../stats/#a-b" title="B">B</a> <a href="../../status_effects/#c">C</a>'
    >>> _rebased('<a href="https://x.org/a.md">X</a>', "arts/combat.md", "arts/rule/x/")
    '<a href="https://x.org/a.md">X</a>'
    """
    return _LINK.sub(lambda m: f'{m.group(1)}="{_rel(_target(m.group(2), home), here)}"', html)


class HtmlMemo:
    """Share pages' bodies converted by an earlier build, by the hash of their Markdown, their
    place and the Markdown configuration (``salt``), kept in the JSON file ``path`` (none:
    nothing kept); :meth:`save` keeps the ones this build used.

    >>> memo = HtmlMemo(None, "x")
    >>> memo.get("*a*", "p.md", "r/a/", lambda: "<p>a</p>"), memo.get("*a*", "p.md", "r/a/", str)
    ('<p>a</p>', '<p>a</p>')
    """

    def __init__(self, path: Path | None, salt: str) -> None:
        self.path, self.salt = path, salt
        self.kept: dict[str, str] = {}
        self.used: dict[str, str] = {}
        if path is not None and path.is_file():
            try:
                self.kept = json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                self.kept = {}

    def get(self, markdown: str, home: str, here: str, make: Callable[[], str]) -> str:
        """The body kept for these inputs, else ``make()`` (and kept)."""
        key = hashlib.sha256(f"{self.salt}\0{home}\0{here}\0{markdown}".encode()).hexdigest()
        html = self.used.get(key, self.kept.get(key))
        if html is None:
            html = make()
        self.used[key] = html
        return html

    def save(self) -> None:
        """Write the bodies this build used (the others are dropped)."""
        if self.path is None or self.used == self.kept:
            return
        put(self.path, json.dumps(self.used, ensure_ascii=False).encode("utf-8"))


def _markdown_html(site: Site, markdown: str, home: str, here: str, memo: HtmlMemo) -> Markup:
    """Markdown rendered for the docs page ``home``, its links working from ``here``."""

    def convert() -> str:
        site.markdown.reset()
        return _rebased(site.markdown.convert(markdown), home, here)

    return Markup(memo.get(markdown, home, here, convert))


_FIRST_HEADING = re.compile(r"^\s*<h([2-6])\b(.*?)</h\1>", re.S)


def _titled(body: Markup, name: str) -> Markup:
    r"""The page's one ``<h1>``: the entry's own heading, else its name above its text.

    >>> str(_titled(Markup("<h3 id='x'>Combat</h3><p>Go.</p>"), "Combat"))
    "<h1 id='x'>Combat</h1><p>Go.</p>"
    >>> str(_titled(Markup("<p><strong>Bleeding:</strong> Lose 1.</p>"), "Bleeding"))
    '<h1>Bleeding</h1>\n<p><strong>Bleeding:</strong> Lose 1.</p>'
    """
    html = str(body)
    if _FIRST_HEADING.match(html):
        return Markup(_FIRST_HEADING.sub(r"<h1\2</h1>", html, count=1))
    return Markup(f"<h1>{escape(name)}</h1>\n{html}")


def entry_page(
    site: Site, data: RulesData, renderer: Renderer, entry: Entry, memo: HtmlMemo | None = None
) -> str:
    """The share page of one entry."""
    here = share_path(entry.id, ENTRY_DIR)
    home = entry.doc
    place = f"{page_url(home)}#{anchor(entry.id)}"
    system = data.systems[entry.system]
    page = system.page(entry.page)
    terms = data.license(entry)
    words = str(entry.get("text") or "") or renderer.summary(entry)
    title = f"{entry.name} ({system.name})"
    return _page(site, here, {
        "title": title,
        "description": describe(words) or f"{entry.name}, from {system.name}",
        "canonical": site.url + place,
        "book_name": system.name,
        "book_href": _rel(f"{entry.system}/", here),
        "page_title": page.title,
        "home_href": _rel(page_url(home), here),
        "body": _titled(_markdown_html(site, renderer.render(entry, home), home, here,
                                       memo or HtmlMemo(None, "")), entry.name),
        "license": terms,
        "license_html": Markup(license_html(terms)),
        "open_href": _rel(place, here),
        "open_label": "Read it in the book",
        "embed_href": "./?embed=1",
        "attributed": attributed(entry.name, words, "{url}", terms),
        "forward": False,
    })


def calculator_page(site: Site, data: RulesData, calc: Entry) -> str:
    """The share page of one calculator: its answer for the default inputs."""
    here = share_path(calc.id, CALC_DIR)
    where = data.calculator_place(calc)
    home = where.doc
    live = f"{page_url(home)}?calc={calc.id}#{dom_id(calc.id)}"
    system = data.systems[calc.system]
    declared = calculators.get(calc.id)
    result = calculators.run(calc.id, {})
    answer = _first_line(result.get("breakdown") if isinstance(result, dict) else None)
    inputs = ", ".join(i.label for i in declared.inputs)
    words = f"{declared.help} With the default inputs: {answer}" if answer else declared.help
    title = f"Calculator: {declared.title} ({system.name})"
    terms = data.license(where)
    return _page(site, here, {
        "title": title,
        "description": describe(f"{words} Inputs: {inputs}." if inputs else words),
        "canonical": site.url + f"{page_url(home)}#{dom_id(calc.id)}",
        "book_name": system.name,
        "book_href": _rel(f"{calc.system}/", here),
        "page_title": system.page(where.page).title,
        "home_href": _rel(page_url(home), here),
        "body": Markup(_rebased(render_calculator_print(calc.id, data, home), home, here)),
        "license": terms,
        "license_html": Markup(license_html(terms)),
        "open_href": _rel(live, here),
        "open_label": "Open the calculator",
        "embed_href": _rel(f"{page_url(home)}?embed=1&calc={calc.id}#{dom_id(calc.id)}", here),
        "attributed": attributed(title, words, "{url}", terms),
        "forward": True,
    })


def _first_line(breakdown: Any) -> str:
    """The first line of a result's breakdown (a list of lines, or lines by output).

    >>> _first_line(["6 = 18 - 12", "never below 0"]), _first_line({"hit": ["1 in 2"]})
    ('6 = 18 - 12', '1 in 2')
    >>> _first_line(None)
    ''
    """
    if isinstance(breakdown, dict):
        breakdown = next(iter(breakdown.values()), None)
    if isinstance(breakdown, (list, tuple)) and breakdown:
        return _first_line(breakdown[0]) if not isinstance(breakdown[0], str) else breakdown[0]
    return breakdown if isinstance(breakdown, str) else ""


def publish_share_pages(
    site_dir: Path, data: RulesData, renderer: Renderer, site: Site, memo: HtmlMemo | None = None
) -> str:
    """Write every entry's and calculator's share page; what was written, for the log."""
    for system in data.systems.values():
        taken = {ENTRY_DIR, CALC_DIR} & {page.name for page in system.pages}
        if taken:
            raise ValueError(
                f"rules_data/{system.id}/system.yml: pages: a page may not be called "
                f"{' or '.join(sorted(taken))} (the book's share pages live there)")
    entries = [e for e in data.entries.values() if e.kind in SHARED_KINDS]
    for entry in entries:
        _write(site_dir / share_path(entry.id, ENTRY_DIR),
               entry_page(site, data, renderer, entry, memo))
    for calc in data.calculators.values():
        _write(site_dir / share_path(calc.id, CALC_DIR), calculator_page(site, data, calc))
    return (f"share pages: {len(entries)} entries as <book>/{ENTRY_DIR}/<name>/, "
            f"{len(data.calculators)} calculators as <book>/{CALC_DIR}/<name>/")


def _write(folder: Path, html: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(html, "utf-8")
