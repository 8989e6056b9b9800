"""Footnotes (``text[^label]`` and ``[^label]: note``) kept with the text that cites them.

The site renders footnotes (Python-Markdown's ``footnotes``) within one page, and an
entry's own page (its share link) holds that entry alone: so a note the book gathers at
the end of a chapter, or of the book, moves to the end of the entry that first cites it.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

_DEFINITION = re.compile(r"^\[\^([^\]\s]+)\]:")
_REFERENCE = re.compile(r"\[\^([^\]\s]+)\](?!:)")


def split_notes(text: str) -> tuple[str, dict[str, str]]:
    """``text`` without its footnote definitions, and the definitions by label (a note runs
    on over its lines, and over paragraphs indented four spaces).

    >>> body, notes = split_notes("A[^a] b.\\n\\n[^a]: The note,\\n    said on.\\n\\nC.")
    >>> print(body)
    A[^a] b.
    <BLANKLINE>
    C.
    >>> notes
    {'a': '[^a]: The note,\\n    said on.'}
    """
    lines = text.split("\n")
    kept: list[str] = []
    notes: dict[str, str] = {}
    index = 0
    while index < len(lines):
        match = _DEFINITION.match(lines[index])
        if not match:
            kept.append(lines[index])
            index += 1
            continue
        end = index + 1
        while end < len(lines):
            if lines[end].strip():
                if _DEFINITION.match(lines[end]):
                    break
                end += 1
                continue
            after = next((line for line in islice(lines, end, None) if line.strip()), "")
            if not after.startswith(("    ", "\t")):
                break
            end += 1
        notes[match.group(1)] = "\n".join(lines[index:end]).rstrip()
        index = end
        while index < len(lines) and not lines[index].strip() and kept and not kept[-1].strip():
            index += 1  # the blank lines around a note that left do not pile up
    return "\n".join(kept).strip("\n"), notes


def gather_footnotes(entries: list[dict[str, Any]]) -> list[str]:
    """Each footnote definition moved to the end of the entry that first cites it (in
    ``entries``, in order); what could not be (a note no text cites, a citation with no
    note), said.

    >>> entries = [{"id": "b.a", "text": "Boxcars[^b] win."}, {"id": "b.n", "text": "[^b]: 6+6."}]
    >>> gather_footnotes(entries), entries[0]["text"], "text" in entries[1]
    ([], 'Boxcars[^b] win.\\n\\n[^b]: 6+6.', False)
    """
    notes: dict[str, str] = {}
    home: dict[str, dict[str, Any]] = {}
    origin: dict[str, dict[str, Any]] = {}
    for entry in entries:
        text = entry.get("text")
        if not isinstance(text, str) or "[^" not in text:
            continue
        body, found = split_notes(text)
        for label in _REFERENCE.findall(body):
            home.setdefault(label, entry)
        if found:
            notes.update(found)
            origin.update(dict.fromkeys(found, entry))
            if body.strip():
                entry["text"] = body
            else:
                del entry["text"]
    said: list[str] = []
    for label, note in notes.items():
        entry = home.get(label)
        if entry is None:
            said.append(f"footnote [^{label}] is cited nowhere: kept as text where it stood")
            entry = origin[label]
        entry["text"] = (entry.get("text", "").rstrip("\n") + "\n\n" + note).lstrip("\n")
    for label in sorted(set(home) - set(notes)):
        said.append(f"footnote [^{label}] is cited but has no note")
    return said
