"""Entry ids and page names: readable, unique and the same on every run."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

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


RESERVED_SYSTEMS = frozenset({"assets", "search"})
"""Ids a book cannot take: folders of every built site (the theme's files, the search
index)."""


def taken_system(system: str, root: Path, built_in: list[str]) -> str | None:
    """Why a book cannot be imported as ``system`` in the project ``root`` (``None`` when it
    can): the id of a book ``built_in`` to Rulebinder, a folder of the site, or a page or
    folder of ``docs/`` that is not an import's.

    >>> taken_system("arts", Path("/nonexistent"), ["arts"])
    'is the id of a book built into Rulebinder'
    >>> taken_system("assets", Path("/nonexistent"), []), taken_system("mine", Path("/x"), [])
    ('is a folder of every built site', None)
    """
    if system in built_in:
        return "is the id of a book built into Rulebinder"
    if system in RESERVED_SYSTEMS:
        return "is a folder of every built site"
    ours = (root / "rules_data" / system / "import.yml").is_file()
    docs = root / "docs"
    if not ours and ((docs / system).exists() or (docs / f"{system}.md").exists()):
        return f"is taken by docs/{system} of this project"
    return None
