"""A book from its sources: pages, terms with their aliases, a glossary, and the system.

Everything here is a function of the sources, the system id and the title: the same
inputs give the same book, byte for byte once written.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from macros.render.urls import anchor

from .footnotes import gather_footnotes
from .ids import Ids, page_name
from .mechanics import Found, apply, read_mechanics
from .problems import ImportFailed, Problem
from .read import Source
from .senses import verb_sense, verbs_used
from .structure import PageData, structure
from .terms import RunIn, aliases, heading_words

_DICE = re.compile(r"(?<![\w])(\d*[dD](?:\d+|%))(?![\w])")


@dataclass
class Book:
    """A book ready to write: its system mapping, pages and what the import noticed."""

    system: dict[str, Any]
    pages: list[PageData]
    notes: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    """The book's tool pages its declarations support: calculators, tracker, builder."""

    def entries(self) -> list[dict[str, Any]]:
        """Every entry of every page, in order."""
        return [entry for page in self.pages for entry in page.entries]


def _lines(text: str) -> int:
    return len(text.splitlines())


def _check_terms(pages: list[PageData]) -> list[Problem]:
    """Two terms with one name (as the linker reads names: exactly) are refused."""
    seen: dict[str, dict[str, Any]] = {}
    problems = []
    for entry in (e for page in pages for e in page.entries if e["kind"] == "term"):
        key = entry["name"].lower()
        if key in seen:
            first = seen[key]
            problems.append(
                Problem(
                    entry["source"]["file"],
                    entry.get("_line", 0),
                    f"two terms named {entry['name']!r} (the first at "
                    f"{first['source']['file']}:{first.get('_line', 0)})",
                )
            )
        else:
            seen[key] = entry
    return problems


def _untexted_terms_become_sections(pages: list[PageData]) -> None:
    for entry in (e for page in pages for e in page.entries):
        if entry["kind"] == "term" and not entry.get("text"):
            entry["kind"] = "section"
            entry["level"] = entry.get("_level", 3)
            entry.pop("tag", None)
            entry["name"] = entry["name"]


def is_glossary_title(title: str) -> bool:
    """Whether a page is the book's glossary: its title, numbering aside, has the word.

    >>> [is_glossary_title(t) for t in ("2. Glossary", "Rules Glossary", "Glossary of Terms",
    ...                                 "Conditions", "Glossolalia")]
    [True, True, True, False, False]
    """
    return "glossary" in heading_words(title).lower().split()


def merge_glossaries(pages: list[PageData]) -> list[str]:
    """One glossary per book: the entries of every later glossary page go to the end of the
    first, and the later pages go (one Glossary in the nav). What was merged, said.

    >>> pages = [PageData("glossary", "Glossary", [{"id": "a"}]), PageData("x", "X"),
    ...          PageData("more", "9. Glossary", [{"id": "b"}])]
    >>> merge_glossaries(pages)
    ['glossary pages merged into Glossary: 9. Glossary']
    >>> [p.name for p in pages], pages[0].entries
    (['glossary', 'x'], [{'id': 'a'}, {'id': 'b'}])
    """
    glossaries = [page for page in pages if is_glossary_title(page.title)]
    if len(glossaries) < 2:
        return []
    first, rest = glossaries[0], glossaries[1:]
    for page in rest:
        first.entries += page.entries
        pages.remove(page)
    return [f"glossary pages merged into {first.title}: {', '.join(p.title for p in rest)}"]


def _glossary(
    book_pages: list[PageData], run_ins: list[RunIn], ids: Ids, notes: list[str]
) -> PageData | None:
    """The Glossary page: tagged terms listed by kind, then the run-in terms, each with
    its definition and a link to where the rulebook gives it."""
    terms = [e for page in book_pages for e in page.entries if e["kind"] == "term"]
    names = {e["name"].lower() for e in terms}
    sources = {e["id"]: e["source"] for page in book_pages for e in page.entries}
    added: list[dict[str, Any]] = []
    skipped: list[str] = []
    for run_in in run_ins:
        if run_in.name.lower() in names:
            skipped.append(run_in.name)
            continue
        names.add(run_in.name.lower())
        entry: dict[str, Any] = {
            "kind": "term",
            "id": ids.new(run_in.name),
            "name": run_in.name,
            "text": run_in.text,
        }
        if run_in.see:
            entry["see"] = run_in.see
        entry["source"] = sources.get(run_in.see or "", {"file": run_in.file,
                                                         "heading": run_in.name})
        added.append(entry)
    if skipped:
        notes.append(
            f"not made terms (a term of that name exists): {', '.join(sorted(set(skipped)))}"
        )
    if not terms and not added:
        return None
    used = {page.name for page in book_pages}
    own = [p for p in book_pages if is_glossary_title(p.title)]
    page = PageData(page_name("Glossary", used), "Glossary")
    if own:  # the book's own Glossary chapter gets them, after its own entries
        page = own[0]
    index = _by_kind(book_pages, page.name)
    if index:
        first = added[0]["source"] if added else terms[0]["source"]
        where = 1 if own and page.entries and page.entries[0]["kind"] == "section" else 0
        page.entries.insert(
            where,
            {"kind": "prose", "id": ids.new("terms_by_kind"), "name": "Terms by kind",
             "text": index, "source": first},
        )
    page.entries += added
    if own:
        return None
    return page if page.entries else None


def _by_kind(pages: list[PageData], glossary: str) -> str:
    """Markdown listing the tagged terms by their tag, linked to where they stand."""
    groups: dict[str, list[str]] = {}
    for page in pages:
        for entry in page.entries:
            if entry["kind"] == "term" and entry.get("tag"):
                link = f"[{entry['name']}]({page.name}.md#{anchor(entry['id'])})"
                groups.setdefault(entry["tag"], []).append(link)
    return "\n".join(
        f"* **{tag}:** {', '.join(links)}" for tag, links in sorted(groups.items())
    )


def _aliases(pages: list[PageData], text: str) -> list[str]:
    """Each term's aliases (:func:`.terms.aliases`), but the lower-case forms of a term
    whose word the book uses as a verb in another sense (:mod:`.senses`); those, said."""
    terms = [e for page in pages for e in page.entries if e["kind"] == "term"]
    taken = {e["name"] for e in terms}
    left_out: list[str] = []
    used = verbs_used(text)
    for entry in terms:
        if entry.get("_no_aliases"):  # a stat: its name only ("an edge" is not Edge)
            continue
        forms = [a for a in aliases(entry["name"]) if a not in taken]
        if verb_sense(entry["name"], used):
            lower = [a for a in forms if a == a.lower()]
            forms = [a for a in forms if a not in lower]
            left_out.append(f"{', '.join(lower)} ({entry['name']})")
        taken.update(forms)
        if forms:
            entry["aliases"] = forms
    if not left_out:
        return []
    return [f"aliases left out, a verb in this book (\"you mark\"), not the term: "
            f"{'; '.join(left_out)}; if they mean the term, add them to the term's aliases "
            "in refine.yml"]


def _footnotes(pages: list[PageData]) -> list[str]:
    """Each source's footnotes with the entries that cite them (:mod:`.footnotes`); a
    prose entry left with no text goes. What could not be placed, said."""
    by_file: dict[str, list[dict[str, Any]]] = {}
    for entry in (e for page in pages for e in page.entries):
        by_file.setdefault(entry["source"]["file"], []).append(entry)
    said = []
    for file, own in by_file.items():
        said += [f"{file}: {note}" for note in gather_footnotes(own)]
    for page in pages:
        page.entries = [e for e in page.entries if e["kind"] != "prose" or e.get("text")]
    return said


def _dice_summary(sources: list[Source]) -> str:
    counts = Counter(
        m.group(1).lower() for s in sources for m in _DICE.finditer(s.markdown)
    )
    if not counts:
        return "The rulebook names no dice."
    top = ", ".join(f"{die} ({n}×)" for die, n in counts.most_common(6))
    return f"The dice the rulebook names most: {top}."


def _check_summary(found: Found) -> str:
    """The core roll, as the front page card says it (the first check read).

    >>> found = Found(checks=[{"roll": "2d6 + stat", "stat": {"label": "Stat"},
    ...     "bands": [{"name": "Hit", "when": "total >= 7"}, {"name": "Miss"}]}])
    >>> _check_summary(found)
    'Roll 2d6 + Stat: Hit (total >= 7), else Miss.'
    """
    if not found.checks:
        return ""
    check = found.checks[0]
    roll = check["roll"].replace("stat", check["stat"]["label"]) if check.get("stat") else (
        check["roll"])
    bands = [f"{b['name']} ({b['when']})" for b in check["bands"][:-1]]
    return f"Roll {roll}: {', '.join(bands)}, else {check['bands'][-1]['name']}."


def _track_summary(found: Found) -> str:
    """The tracks a character marks, as the front page card says them."""
    tracks = (found.tracker or {}).get("tracks") or []
    parts = [
        f"{t['label']} ({' → '.join(s['name'] for s in t['steps'])})" if t.get("steps")
        else f"{t['label']} ({t['boxes']} boxes)"
        for t in tracks
    ]
    return f"Tracks: {', '.join(parts)}." if parts else ""


def _creation_summary(found: Found) -> str:
    """The point-buy and picks of character creation, as the front page card says them."""
    builder = found.builder
    if not builder:
        return ""
    names = ", ".join(a["label"] for a in builder["attributes"])
    parts = []
    if builder.get("budget") is not None:
        parts.append(f"{builder['budget']} points over {names} (each from {builder['min']} to "
                     f"{builder['max']})")
    parts += [f"pick {p['count']} {p['label']}" for p in builder.get("picks") or []]
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "." if text else ""


def make_book(sources: list[Source], system_id: str, title: str | None) -> Book:
    """The book of ``sources`` as system ``system_id``; every problem at once, or a Book."""
    ids = Ids(system_id)
    made = structure(sources, system_id, ids)
    problems = list(made.problems)
    footnotes = _footnotes(made.pages)
    pages = [p for p in made.pages if p.entries]
    name = title or (made.titles[0] if made.titles else None) or (
        pages[0].title if pages else sources[0].path.stem
    )
    # A first page that only repeats the book's title (a heading and nothing else) goes:
    # the title is the system's name.
    if pages and all(e["kind"] == "section" and not e.get("text") for e in pages[0].entries):
        if [e["name"] for e in pages[0].entries] == [name] and len(pages) > 1:
            pages = pages[1:]
    _untexted_terms_become_sections(pages)
    merged = merge_glossaries(pages)
    problems += _check_terms(pages)
    if problems:
        raise ImportFailed(problems)
    notes: list[str] = [f"{s.name}: {note}" for s in sources for note in s.notes]
    notes += footnotes + merged
    kept = copy.deepcopy(pages)
    try:
        found = read_mechanics(pages, ids)
        tools = apply(pages, found)
    except Exception as error:  # noqa: BLE001 - a book's words must never stop its import
        pages[:] = kept
        found, tools = Found(), []
        notes.append(f"mechanics not read ({type(error).__name__}: {error}): the book is "
                     "imported as text")
    notes += found.notes
    statuses = {e["name"].lower() for page in pages for e in page.entries
                if e["kind"] == "status"}
    run_ins = [r for r in made.run_ins if r.name.lower() not in statuses]
    glossary = _glossary(pages, run_ins, ids, notes)
    if glossary:
        pages.append(glossary)
    notes += _aliases(pages, "\n".join(source.markdown for source in sources))
    for entry in (e for page in pages for e in page.entries):
        entry.pop("_line", None)
        entry.pop("_level", None)
        entry.pop("_no_aliases", None)
    seeds: Any = [s.name for s in sources] if len(sources) > 1 else sources[0].name
    repairs = sorted({r for s in sources for r in s.repairs})
    system: dict[str, Any] = {"id": system_id, "name": name, "seed": seeds}
    if repairs:
        system["repairs"] = repairs
    # What a reader sees on the book's front page: nothing meant for the author (how it was
    # imported, from which files) — the import summary and import.yml say that.
    system["text"] = (
        "The rulebook's own words, arranged by its headings, with its tables as data, its "
        "terms linked and its dice live."
    )
    system["pages"] = [page.name for page in pages]
    counts = Counter(e["kind"] for page in pages for e in page.entries)
    system["summary"] = {
        "game": f"A rulebook of {len(pages)} pages.",
        "dice": _check_summary(found) or _dice_summary(sources),
        "damage": _track_summary(found) or "See the rulebook's pages.",
        "creation": _creation_summary(found) or "See the rulebook's pages.",
        "start": pages[0].name,
    }
    rulebook: dict[str, Any] = {}
    if made.titles:
        rulebook["title"] = made.titles[0]
    rulebook["lines"] = sum(_lines(s.raw) for s in sources)
    rulebook["holds"] = ", ".join(
        f"{counts[kind]} {kind if counts[kind] == 1 else plural}"
        for kind, plural in (("section", "sections"), ("table", "tables"), ("term", "terms"),
                             ("sidebar", "sidebars"), ("calculator", "calculators"))
        if counts[kind]
    ) + "."
    system["rulebook"] = rulebook
    return Book(system, pages, notes, tools)
