"""The rules data as loaded (:func:`macros.load.loader.load_rules`): entries, pages, systems
with their summaries and rulebooks, and :class:`RulesData`, which holds them all.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Entry:
    """One validated rules entry and where it came from."""

    id: str
    kind: str
    name: str
    system: str
    page: str
    file: str
    line: int
    index: int
    data: dict[str, Any]
    unlinked: set[str] = field(default_factory=set)
    """Ids of entries whose names are not linked in this one's text (``refine.yml``'s
    ``unlink``)."""

    @property
    def doc(self) -> str:
        """The docs path of the page the entry is on, e.g. ``arts/combat.md``."""
        return f"{self.system}/{self.page}.md"

    def get(self, key: str, default: Any = None) -> Any:
        """Value of a field, or ``default`` when the entry does not set it."""
        return self.data.get(key, default)

    def pairs(self, key: str) -> list[tuple[str, str]]:
        """A ``pairs`` field as ``(label, text)`` tuples, in order."""
        return [(str(k), str(v)) for item in self.data.get(key) or [] for k, v in item.items()]


@dataclass
class Page:
    """One data file: a page of the site, with its entries in order."""

    system: str
    name: str
    title: str
    text: str
    file: str
    entries: list[Entry] = field(default_factory=list)
    unlinked: set[str] = field(default_factory=set)
    """Ids of entries whose names are not linked in the page's own text."""

    @property
    def doc(self) -> str:
        """The docs path of this page, e.g. ``arts/combat.md``."""
        return f"{self.system}/{self.name}.md"


@dataclass(frozen=True)
class Summary:
    """A system's card on the front page (``system.summary``); ``start`` and
    ``creation_page`` are page names of the system."""

    game: str
    dice: str
    damage: str
    creation: str
    start: str
    creation_page: str | None = None


@dataclass(frozen=True)
class Rulebook:
    """The source file as the Sources page describes it (``system.rulebook``)."""

    lines: int
    holds: str
    title: str | None = None


@dataclass(frozen=True)
class License:
    """The terms a book's text (or one entry's) may be reused under (``license`` in
    ``system.yml`` or on an entry).

    >>> License("NOASSERTION", "Demo, by its author").stated
    False
    >>> License("CC-BY-4.0", "Demo by A. Author", "https://creativecommons.org/licenses/by/4.0/").label
    'CC-BY-4.0'
    """

    spdx: str
    attribution: str
    url: str | None = None

    @classmethod
    def of(cls, terms: dict[str, Any]) -> License:
        """The licence a ``license`` mapping of the rules data declares.

        >>> License.of({"spdx": "CC-BY-4.0", "attribution": "Demo"})
        License(spdx='CC-BY-4.0', attribution='Demo', url=None)
        """
        return cls(str(terms["spdx"]), str(terms["attribution"]), terms.get("url"))

    def fields(self) -> dict[str, str]:
        """The licence as a ``license`` mapping again (no ``url`` where it has none).

        >>> License("CC-BY-4.0", "Demo").fields()
        {'spdx': 'CC-BY-4.0', 'attribution': 'Demo'}
        """
        found = {"spdx": self.spdx, "attribution": self.attribution}
        return {**found, "url": self.url} if self.url else found

    @property
    def stated(self) -> bool:
        """Whether the rulebook states a licence (SPDX ``NOASSERTION`` says it does not)."""
        return self.spdx not in ("NOASSERTION", "NONE")

    @property
    def label(self) -> str:
        """How the licence is named on a page."""
        return self.spdx if self.stated else "no licence stated"


UNSTATED = License("NOASSERTION", "")
"""The licence of a book whose ``system.yml`` declares none."""


@dataclass
class System:
    """A game system: its metadata and its pages in reading order.

    ``seeds`` are its source files in ``sources/``, chapters in order (``system.yml``'s
    ``seed``: one name or a list); ``seed`` is the first.
    """

    id: str
    name: str
    seeds: tuple[str, ...]
    text: str
    note: str
    file: str
    summary: Summary
    rulebook: Rulebook
    repairs: tuple[str, ...] = ()
    pages: list[Page] = field(default_factory=list)
    license: License = UNSTATED

    @property
    def seed(self) -> str:
        """The first (often the only) source file."""
        return self.seeds[0]

    def page(self, name: str) -> Page:
        """The page called ``name`` (e.g. ``combat``); ``KeyError`` if the system has none."""
        for candidate in self.pages:
            if candidate.name == name:
                return candidate
        raise KeyError(f"system {self.id!r} has no page {name!r}")


@dataclass
class RulesData:
    """All systems, pages and entries, indexed by id."""

    systems: dict[str, System] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)
    calculators: dict[str, Entry] = field(default_factory=dict)
    """Calculator entries by calculator id: their ids are not entry ids (the calculator
    ``space_shard.reach`` computes the formula ``space_shard.reach``), and no page shows them
    where they stand."""
    merged: dict[str, str] = field(default_factory=dict)
    """The ids ``refine.yml`` merged into another entry, each to the one that took it."""

    def entry(self, entry_id: str) -> Entry:
        """The entry with ``entry_id``; ``KeyError`` with a clear message if absent."""
        try:
            return self.entries[self.merged.get(entry_id, entry_id)]
        except KeyError:
            raise KeyError(f"no rules entry with id {entry_id!r}") from None

    def license(self, entry: Entry) -> License:
        """The licence an entry's text is under: its own ``license``, else its book's."""
        own = entry.data.get("license")
        return License.of(own) if own else self.systems[entry.system].license

    def calculator_place(self, calculator: Entry) -> Entry:
        """The entry a calculator is drawn after: the rule it computes, else itself (on its
        own page)."""
        return self.entries.get(str(calculator.get("rule") or "")) or calculator

    def of_kind(self, kind: str, system: str | None = None) -> Iterator[Entry]:
        """Entries of one kind, in file order, optionally of one system."""
        for item in self.entries.values():
            if item.kind == kind and (system is None or item.system == system):
                yield item

    def page(self, doc: str) -> Page:
        """The page whose docs path is ``doc`` (``arts/combat.md`` or ``arts/combat``)."""
        system_id, _, name = doc.removesuffix(".md").partition("/")
        for candidate in self.systems[system_id].pages:
            if candidate.name == name:
                return candidate
        raise KeyError(f"no rules data page {doc!r}")
