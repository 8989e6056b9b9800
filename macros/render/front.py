"""Pages for readers rendered from rules data: the front page's system cards, the
Sources page and each system's Assumptions page (no rules here, only rendering).

Every function returns Markdown for a page at ``doc`` (its docs path, e.g.
``index.md``), with links relative to it so MkDocs validates them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..load.rulesdata import Entry, Page, RulesData, System
from .linker import href
from .render import Renderer
from .urls import anchor, dom_id

SOURCES_DOC = "sources.md"
"""The docs path of the Sources page."""

SOURCES_FOLDER = "sources"
"""The repository folder that keeps the seed files unchanged."""


def page_link(target_doc: str, current_doc: str) -> str:
    """A relative link to a whole docs page.

    >>> page_link("arts/dice.md", "index.md")
    'arts/dice.md'
    >>> page_link("arts/index.md", "arts/assumptions.md")
    'index.md'
    """
    return href(target_doc, "", current_doc).removesuffix("#")


def indent(markdown: str, spaces: int = 4) -> str:
    """Indent every non-blank line, to nest Markdown in a list item or definition.

    >>> indent("a\\n\\nb")
    '    a\\n\\n    b'
    """
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in markdown.strip().splitlines())


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, with an ``s`` unless the count is one.

    >>> plural(1, "calculator"), plural(9, "calculator"), plural(0, "assumption")
    ('1 calculator', '9 calculators', '0 assumptions')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


def facts(rows: Sequence[tuple[str, str]]) -> str:
    """Label/Markdown pairs as a definition list in a ``rb-facts`` box.

    >>> print(facts([("Why", "Unclear.")]))
    <div class="rb-facts" markdown>
    <BLANKLINE>
    Why
    :   Unclear.
    <BLANKLINE>
    </div>
    """
    body = "\n\n".join(f"{label}\n:   {indent(text).lstrip()}" for label, text in rows)
    return f'<div class="rb-facts" markdown>\n\n{body}\n\n</div>'


def calculators_by_system(catalog: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Calculator declarations grouped by system id, in catalog order.

    >>> calculators_by_system([{"id": "a.x", "system": "a"}, {"id": "b.y", "system": "b"}])
    {'a': [{'id': 'a.x', 'system': 'a'}], 'b': [{'id': 'b.y', 'system': 'b'}]}
    """
    out: dict[str, list[dict[str, Any]]] = {}
    for calc in catalog:
        out.setdefault(str(calc["system"]), []).append(dict(calc))
    return out


def calculators_using(catalog: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Assumption id -> the calculators whose declaration lists it, in catalog order.

    >>> calculators_using([{"id": "a.x", "assumptions": ["a.round"]}])
    {'a.round': [{'id': 'a.x', 'assumptions': ['a.round']}]}
    """
    out: dict[str, list[dict[str, Any]]] = {}
    for calc in catalog:
        for assumption_id in calc["assumptions"]:
            out.setdefault(str(assumption_id), []).append(dict(calc))
    return out


def _has_doc(docs_dir: Path, doc: str) -> bool:
    return (docs_dir / doc).is_file()


def _card(
    system: System,
    calcs: Sequence[Mapping[str, Any]],
    assumptions: int,
    docs_dir: Path,
    doc: str,
) -> str:
    summary = system.summary
    start = system.page(summary.start)
    creation = summary.creation.strip()
    if summary.creation_page:
        target = system.page(summary.creation_page)
        creation += f" See [{target.title}]({page_link(target.doc, doc)})."
    links = []
    calculators_doc = f"{system.id}/calculators.md"
    if calcs and _has_doc(docs_dir, calculators_doc):
        links.append(f"[{plural(len(calcs), 'calculator')}]({page_link(calculators_doc, doc)})")
    for name, label in (("builder", "character builder"), ("tracker", "encounter tracker")):
        if _has_doc(docs_dir, f"{system.id}/{name}.md"):
            links.append(f"[{label}]({page_link(f'{system.id}/{name}.md', doc)})")
    assumptions_doc = f"{system.id}/assumptions.md"
    if _has_doc(docs_dir, assumptions_doc):
        label = plural(assumptions, "assumption") if assumptions else "no assumptions"
        links.append(f"[{label}]({page_link(assumptions_doc, doc)})")
    parts = [
        f"### [{system.name}]({page_link(f'{system.id}/index.md', doc)})",
        f"*{summary.game}*",
        f"**Start with:** [{start.title}]({page_link(start.doc, doc)})",
        f"**Dice:** {summary.dice.strip()}",
        f"**Damage:** {summary.damage.strip()}",
        f"**Character creation:** {creation}",
        " · ".join(links),
    ]
    body = "\n\n".join(parts)
    return f"-   {indent(body).lstrip()}"


def systems_overview(
    data: RulesData, catalog: Sequence[Mapping[str, Any]], docs_dir: Path, doc: str
) -> str:
    """One card per system: what the game is, its dice, its damage, character
    creation, where to start, its calculators, builder, tracker and assumptions."""
    calcs = calculators_by_system(catalog)
    cards = [
        _card(
            system,
            calcs.get(system.id, []),
            len(list(data.of_kind("assumption", system.id))),
            docs_dir,
            doc,
        )
        for system in data.systems.values()
    ]
    return '<div class="grid cards rb-systems" markdown>\n\n' + "\n\n".join(cards) + "\n\n</div>\n"


def sources_list(data: RulesData, doc: str, repair_anchors: Mapping[str, str]) -> str:
    """Each system's source file: its title as the rulebook gives it, where the file
    is kept, its length, what it holds and the repairs applied to its text.

    ``repair_anchors`` maps a repair name to the anchor on ``doc`` that explains it.
    """
    parts = []
    for system in data.systems.values():
        book = system.rulebook
        title = f"*{book.title}*" if book.title else "None: the file gives no title."
        repairs = (
            ", ".join(f"[{name}](#{repair_anchors[name]})" for name in system.repairs)
            if system.repairs
            else "None: the text is used as written."
        )
        overview = page_link(f"{system.id}/index.md", doc)
        rows = [
            (
                "File" if len(system.seeds) == 1 else "Files",
                ", ".join(f"`{SOURCES_FOLDER}/{seed}`" for seed in system.seeds)
                + f", {plural(book.lines, 'line')}",
            ),
            ("Title in the file", title),
            ("What it holds", book.holds.strip()),
            ("Repairs", repairs),
        ]
        parts.append(f"## [{system.name}]({overview}) {{ #{system.id} }}\n\n{facts(rows)}")
    return "\n\n".join(parts) + "\n"


def section_of(page: Page, entry: Entry) -> Entry | None:
    """The last section before ``entry`` on its page (the one it sits under), if any."""
    found = None
    for item in page.entries:
        if item is entry:
            return found
        if item.kind == "section":
            found = item
    return None


def assumptions_page(
    data: RulesData,
    renderer: Renderer,
    catalog: Sequence[Mapping[str, Any]],
    system_id: str,
    doc: str,
) -> str:
    """Every assumption entry of a system, grouped by the page it is on, each with
    its reason and default, a link to it on its rule page, the rules it fills and
    the calculators that use it."""
    system = data.systems[system_id]
    using = calculators_using(catalog)
    calculators_doc = f"{system_id}/calculators.md"
    groups = [(page, [e for e in page.entries if e.kind == "assumption"]) for page in system.pages]
    groups = [(page, entries) for page, entries in groups if entries]
    total = sum(len(entries) for _, entries in groups)
    system_calcs = calculators_by_system(catalog).get(system_id, [])
    if not total:
        return (
            f"Rulebinder records no assumption for {system.name}; none of its "
            f"{plural(len(system_calcs), 'calculator')} declares one.\n"
        )
    parts = [f"{plural(total, 'assumption')} on {plural(len(groups), 'page')}."]
    tracked = tracker_assumptions(system_id)
    for page, entries in groups:
        parts.append(f"## {page.title}")
        for entry in entries:
            tracker = f"{system_id}/tracker.md" if entry.id in tracked else ""
            parts.append(
                _assumption(data, renderer, page, entry, using, calculators_doc, doc, tracker)
            )
    return "\n\n".join(parts) + "\n"


def tracker_assumptions(system_id: str) -> frozenset[str]:
    """The assumptions the system's encounter tracker follows (none without a tracker)."""
    from calculators.tracker import assumptions_of, has_tracker

    return assumptions_of(system_id) if has_tracker(system_id) else frozenset()


def _assumption(
    data: RulesData,
    renderer: Renderer,
    page: Page,
    entry: Entry,
    using: Mapping[str, Sequence[Mapping[str, Any]]],
    calculators_doc: str,
    doc: str,
    tracker_doc: str = "",
) -> str:
    where = page.title
    section = section_of(page, entry)
    if section is not None and section.name != page.title:
        where += f", under {section.name}"
    rule_link = href(page.doc, anchor(entry.id), doc)
    rows = [("Why", renderer.link(entry, entry.get("reason").strip(), doc))]
    if entry.get("default") is not None:
        rows.append(("Default", f"`{entry.get('default')}`"))
    rows.append(("Rule it fills", ", ".join(renderer.ref(r, doc) for r in entry.get("applies_to"))))
    calcs = using.get(entry.id, [])
    users = [f"[{c['title']}]({href(calculators_doc, dom_id(str(c['id'])), doc)})" for c in calcs]
    if tracker_doc:
        users.append(f"[Encounter tracker]({href(tracker_doc, '', doc).removesuffix('#')})")
    if users:
        rows.append(("Used by", ", ".join(users)))
    rows.append(("On the rule page", f"[{where}]({rule_link})"))
    text = renderer.link(entry, entry.get("text").strip(), doc)
    heading = f"### {entry.name} {{ #{anchor(entry.id)} }}"
    return f"{heading}\n\n{text}\n\n{facts(rows)}"
