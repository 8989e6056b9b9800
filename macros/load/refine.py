"""The refinements of ``refine.yml`` that change a book's entries, applied at build time.

The importer writes ``refine.yml`` once and never again, and the build applies it to the
entries it loads, so a re-import keeps every refinement. Each key maps entry ids to what
changes (the entry's id stays, so links and references to it hold):

* ``merge``: ``{keeper: [other, ...]}``: the keeper takes each other's text (after its own)
  and names (as aliases); the other's id resolves to the keeper.
* ``split``: ``{id: {at: N, id: new_id, name: New name}}``: the entry's text from its N-th
  paragraph (blocks apart by a blank line, from 1) on becomes a new entry after it, of the
  same kind.
* ``rename``: ``{id: New name}``: the name shown (and linked).
* ``kind``: ``{id: status}``: another kind (a ``status`` is in the ``status`` group unless
  the entry says).
* ``aliases``: ``{id: {add: [...], drop: [...]}}``: names the entry is linked by too.
* ``unlink``: ``{id: true}`` (its names are never linked) or ``{id: [entry ids or page
  names]}`` (not linked in those entries, or on those pages).

They apply in that order (a split's new entry may be renamed); each problem is reported as
``file:line: field: message``, at the refinement's line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .fields import _check_fields, _Collector
from .rulesdata import Entry, Page, RulesData, System
from .schema import COMMON, ID_PATTERN, KINDS, LINKABLE_KINDS
from .yamlload import LineDict

KEYS = ("merge", "split", "rename", "kind", "aliases", "unlink")
"""The keys of ``refine.yml`` this module applies, in the order it applies them."""

_BREAK = re.compile(r"\n[ \t]*\n\s*")


def paragraphs(text: str) -> list[str]:
    """``text``'s paragraphs: blocks apart by a blank line.

    >>> paragraphs("One.\\n\\nTwo,\\nstill two.\\n  \\nThree.")
    ['One.', 'Two,\\nstill two.', 'Three.']
    """
    return [part for part in _BREAK.split(text.strip()) if part]


def split_text(text: str, at: int) -> tuple[str, str] | None:
    """``text`` before its ``at``-th paragraph (from 1) and from it on, or ``None`` when it
    has no such paragraph or ``at`` is the first.

    >>> split_text("One.\\n\\nTwo.\\n\\nThree.", 3)
    ('One.\\n\\nTwo.', 'Three.')
    >>> split_text("One.", 2) is None
    True
    """
    parts = paragraphs(text)
    if not 2 <= at <= len(parts):
        return None
    return "\n\n".join(parts[: at - 1]), "\n\n".join(parts[at - 1 :])


class _Refiner:
    """Applies one book's refinements, each problem at its line of ``refine.yml``."""

    def __init__(self, out: _Collector, data: RulesData, system: System, path: Path) -> None:
        self.out, self.data, self.system, self.path = out, data, system, path

    def problem(self, where: LineDict, key: str, field: str, message: str) -> None:
        self.out.add(self.path, where.line_of(key), field, message)

    def entry(self, where: LineDict, key: str, field: str, named: str = "") -> Entry | None:
        """The book's entry ``named`` (else ``key``), or ``None`` (the problem said at
        ``key``'s line)."""
        named = named or key
        found = self.data.entries.get(named)
        if found is None or found.system != self.system.id:
            merged = self.data.merged.get(named)
            why = f" (merged into {merged})" if merged else ""
            self.problem(where, key, field, f"no entry {named!r} in {self.system.id}{why}")
            return None
        return found

    def merge(self, where: LineDict, key: str, value: Any) -> None:
        field = f"merge.{key}"
        others = [value] if isinstance(value, str) else value
        if not isinstance(others, list) or not all(isinstance(o, str) for o in others):
            self.problem(where, key, field, "must be an entry id or a list of entry ids")
            return
        keeper = self.entry(where, key, field)
        if keeper is None:
            return
        if not _has(keeper.kind, "text"):
            self.problem(where, key, field, f"a {keeper.kind} has no text to take others' into")
            return
        for other_id in others:
            other = self.entry(where, key, field, other_id) if other_id != key else None
            if other is None:
                if other_id == key:
                    self.problem(where, key, field, "an entry cannot absorb itself")
                continue
            if not isinstance(other.get("text"), str):
                self.problem(where, key, field, f"{other_id} is a {other.kind}, with no text")
                continue
            own = str(keeper.get("text") or "").rstrip()
            keeper.data["text"] = f"{own}\n\n{other.data['text'].strip()}" if own else (
                other.data["text"]
            )
            if _has(keeper.kind, "aliases"):
                names = [other.name, *(other.get("aliases") or [])]
                _add_aliases(keeper, [n for n in names if n != keeper.name])
            self.data.entries.pop(other.id)
            page = self.system.page(other.page)
            page.entries = [e for e in page.entries if e is not other]
            self.data.merged[other.id] = keeper.id
            for was, now in list(self.data.merged.items()):
                if now == other.id:
                    self.data.merged[was] = keeper.id

    def split(self, where: LineDict, key: str, value: Any) -> None:
        field = f"split.{key}"
        if not isinstance(value, dict) or not {"at", "id", "name"} <= set(value):
            self.problem(where, key, field, "must be a mapping of at (a paragraph number), "
                         "id and name (the new entry's)")
            return
        entry = self.entry(where, key, field)
        new_id, name, at = value["id"], value["name"], value["at"]
        if entry is None:
            return
        if not isinstance(new_id, str) or not ID_PATTERN.match(new_id) or not new_id.startswith(
            self.system.id + "."
        ):
            self.problem(where, key, f"{field}.id", f"must look like '{self.system.id}."
                         f"some_name' (lower case); got {new_id!r}")
            return
        if new_id in self.data.entries or new_id in self.data.calculators:
            self.problem(where, key, f"{field}.id", f"{new_id!r} is taken")
            return
        if not isinstance(name, str) or not name.strip() or "\n" in name.strip():
            self.problem(where, key, f"{field}.name", "must be one line of text")
            return
        parts = split_text(str(entry.get("text") or ""), at) if isinstance(at, int) else None
        if parts is None:
            count = len(paragraphs(str(entry.get("text") or "")))
            self.problem(where, key, f"{field}.at", f"must be a paragraph from 2 to {count} of "
                         f"{key}'s text (blocks apart by a blank line); got {at!r}")
            return
        entry.data["text"] = parts[0]
        kept = {k: v for k, v in entry.data.items() if k not in ("aliases", "abbr")}
        made = Entry(new_id, entry.kind, name.strip(), entry.system, entry.page, entry.file,
                     entry.line, entry.index, {**kept, "id": new_id, "name": name.strip(),
                                               "text": parts[1]})
        page = self.system.page(entry.page)
        page.entries.insert(page.entries.index(entry) + 1, made)
        items = list(self.data.entries.items())
        at_entry = next(i for i, (k, _) in enumerate(items) if k == entry.id) + 1
        self.data.entries = dict([*items[:at_entry], (new_id, made), *items[at_entry:]])

    def rename(self, where: LineDict, key: str, value: Any) -> None:
        entry = self.entry(where, key, f"rename.{key}")
        if entry is None:
            return
        if not isinstance(value, str) or not value.strip() or "\n" in value.strip():
            self.problem(where, key, f"rename.{key}", "must be the new name, one line of text")
            return
        entry.name = entry.data["name"] = value.strip()

    def kind(self, where: LineDict, key: str, value: Any) -> None:
        field = f"kind.{key}"
        entry = self.entry(where, key, field)
        if entry is None:
            return
        if value not in KINDS or value == "calculator" or entry.kind == "calculator":
            kinds = ", ".join(sorted(k for k in KINDS if k != "calculator"))
            self.problem(where, key, field, f"must be one of {kinds}; got {value!r}")
            return
        fields = {k: v for k, v in entry.data.items() if k != "_key_lines"}
        fields["kind"] = value
        if value == "status" and "group" not in fields:
            fields["group"] = "status"
        elif entry.kind == "status" and not _has(value, "group"):
            fields.pop("group", None)  # the status group, which the new kind does not have
        mapping = LineDict(fields)
        mapping.line, mapping.key_lines = entry.line, {}
        check = _Collector(self.out.root)
        _check_fields(check, Path(entry.file), mapping, COMMON + KINDS[value], "")
        for found in check.problems:
            self.problem(where, key, field, f"as kind {value}, {found.field}: {found.message}")
        if not check.problems:
            entry.kind = value
            key_lines = entry.data.get("_key_lines", {})
            entry.data.clear()
            entry.data.update(fields, _key_lines=key_lines)

    def aliases(self, where: LineDict, key: str, value: Any) -> None:
        field = f"aliases.{key}"
        entry = self.entry(where, key, field)
        if entry is None:
            return
        lists = {k: value.get(k) or [] for k in ("add", "drop")} if isinstance(value, dict) else {}
        if not lists or set(value) - set(lists) or not all(
            isinstance(v, list) and all(isinstance(n, str) for n in v) for v in lists.values()
        ):
            self.problem(where, key, field, "must be a mapping of add and drop, each a list of "
                         "names")
            return
        if not _has(entry.kind, "aliases"):
            self.problem(where, key, field, f"a {entry.kind} has no aliases")
            return
        have = list(entry.get("aliases") or [])
        for name in lists["drop"]:
            if name not in have:
                self.problem(where, key, f"{field}.drop", f"{name!r} is not an alias of {key} "
                             f"(its aliases: {', '.join(have) or 'none'})")
        entry.data["aliases"] = [n for n in have if n not in lists["drop"]]
        _add_aliases(entry, lists["add"])

    def unlink(self, where: LineDict, key: str, value: Any) -> None:
        field = f"unlink.{key}"
        entry = self.entry(where, key, field)
        if entry is None:
            return
        if entry.kind not in LINKABLE_KINDS:
            self.problem(where, key, field, f"a {entry.kind}'s name is not linked")
            return
        if value is True:
            for page in self.system.pages:
                _unlink_on(page, key)
            return
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(where, key, field, "must be true (never linked) or a list of entry "
                         "ids and page names (not linked there)")
            return
        pages = {page.name: page for page in self.system.pages}
        for place in value:
            if place in pages:
                _unlink_on(pages[place], key)
            elif (found := self.data.entries.get(place)) and found.system == self.system.id:
                found.unlinked.add(key)
            else:
                self.problem(where, key, field, f"no entry or page {place!r} in "
                             f"{self.system.id} (pages: {', '.join(pages)})")


def _unlink_on(page: Page, entry_id: str) -> None:
    """``entry_id``'s names not linked anywhere on ``page``: in its entries and its own text."""
    page.unlinked.add(entry_id)
    for entry in page.entries:
        entry.unlinked.add(entry_id)


def _has(kind: str, field: str) -> bool:
    """Whether entries of ``kind`` have ``field``.

    >>> _has("term", "aliases"), _has("section", "aliases")
    (True, False)
    """
    return any(spec.name == field for spec in KINDS.get(kind, ()))


def _add_aliases(entry: Entry, names: list[str]) -> None:
    have = list(entry.get("aliases") or [])
    entry.data["aliases"] = have + [n for n in dict.fromkeys(names) if n not in have]


def apply(out: _Collector, data: RulesData, system: System, path: Path, doc: LineDict) -> None:
    """Apply ``doc``'s refinements (the keys :data:`KEYS`) to ``system``'s loaded entries."""
    refiner = _Refiner(out, data, system, path)
    for name in KEYS:
        value = doc.get(name)
        if value is None:
            continue
        if not isinstance(value, LineDict):
            out.add(path, doc.line_of(name), name, "must be a mapping of entry ids")
            continue
        step: Callable[[LineDict, str, Any], None] = getattr(refiner, name)
        for key, change in value.items():
            step(value, str(key), change)
