"""Entry ids and page names: readable, unique and the same on every run."""

from __future__ import annotations

import re
import unicodedata

RESERVED_PAGES = frozenset(
    {"index", "assumptions", "print", "calculators", "tracker", "builder", "system", "refine",
     "import"}
)
"""Names a chapter's page cannot take: the system's own pages and files."""


def slug(text: str) -> str:
    """Lower-case ASCII words joined by ``_``.

    >>> slug("Glittershard’s End - Technical Manual!"), slug("戰鬥"), slug("2d6 Rolls")
    ('glittershards_end_technical_manual', '', '2d6_rolls')
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")


class Ids:
    """Hands out ``<system>.<slug>`` ids, each once.

    >>> ids = Ids("book")
    >>> ids.new("Combat"), ids.new("combat"), ids.new("戰鬥")
    ('book.combat', 'book.combat_2', 'book.entry')
    """

    def __init__(self, system: str) -> None:
        self.system = system
        self.used: set[str] = set()
        self._last: dict[str, int] = {}
        """The number last given to each base: every smaller one is taken (ids are never
        given back), so a base's thousandth id is not found by trying 999 taken ones."""

    def new(self, name: str) -> str:
        base = slug(name)[:60].strip("_") or "entry"
        candidate, number = base, self._last.get(base, 1)
        if number > 1:
            candidate = f"{base}_{number}"
        while f"{self.system}.{candidate}" in self.used:
            number += 1
            candidate = f"{base}_{number}"
        self._last[base] = number
        self.used.add(f"{self.system}.{candidate}")
        return f"{self.system}.{candidate}"


def page_name(title: str, used: set[str], last: dict[str, int] | None = None) -> str:
    """A page's file name (without ``.yml``) from its title, unique among ``used``;
    ``last``, if given, remembers the number each name last took (as :class:`Ids` does: a
    book whose every chapter has a Conditions page names the hundredth at once).

    >>> used, last = set(), {}
    >>> page_name("Combat", used), page_name("Combat", used), page_name("Index", used)
    ('combat', 'combat_2', 'index_chapter')
    >>> [page_name("Combat", used, last) for _ in range(3)], last
    (['combat_3', 'combat_4', 'combat_5'], {'combat': 5})
    """
    base = slug(title)[:40].strip("_") or "chapter"
    if base in RESERVED_PAGES or not base[0].isalpha():
        base = f"{base}_chapter" if base[0].isalpha() else f"chapter_{base}"
    number = last.get(base, 1) if last is not None else 1
    candidate = f"{base}_{number}" if number > 1 else base
    while candidate in used:
        number += 1
        candidate = f"{base}_{number}"
    if last is not None:
        last[base] = number
    used.add(candidate)
    return candidate
