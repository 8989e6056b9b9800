"""One generated print page per game system, ``<system>/print.md``: its path and source.

The ``rulebinder`` plugin's ``on_files`` (``rulebinder/plugin.py``, the host's side) adds
each as a virtual docs file (nothing is written to ``docs/``); this module imports no
MkDocs. A page's only content is the ``print_system`` macro, which renders the whole
system from ``rules_data/`` as one document. The pages are kept out of the search index
(their text is on the rule pages).
"""

from __future__ import annotations

from pathlib import Path

import yaml

#: The name of a system's print page in its docs folder.
PRINT_PAGE = "print.md"


def print_doc(system_id: str) -> str:
    """The docs path of a system's print page.

    >>> print_doc("arts")
    'arts/print.md'
    """
    return f"{system_id}/{PRINT_PAGE}"


def print_markdown(system_id: str, name: str) -> str:
    """The source of a system's print page: front matter and one macro call.

    >>> print(print_markdown("arts", "Arts"))
    ---
    title: 'Arts: the whole rulebook'
    search:
      exclude: true
    ---
    <BLANKLINE>
    {{ print_system("arts") }}
    <BLANKLINE>
    """
    front = yaml.safe_dump(
        {"title": f"{name}: the whole rulebook", "search": {"exclude": True}},
        sort_keys=False,
        allow_unicode=True,
    )
    return f'---\n{front}---\n\n{{{{ print_system("{system_id}") }}}}\n'


def systems(rules_dir: Path) -> list[tuple[str, str]]:
    """``(id, name)`` of every system under ``rules_dir``, by folder name."""
    found = []
    for path in sorted(rules_dir.glob("*/system.yml")):
        system = yaml.safe_load(path.read_text(encoding="utf-8"))["system"]
        found.append((str(system["id"]), str(system["name"])))
    return found


def print_pages(rules_dir: Path) -> list[tuple[str, str, str]]:
    """``(docs path, system name, Markdown source)`` of every system's print page.

    >>> books = Path(__file__).resolve().parents[2] / "rules_data"
    >>> [(doc, name) for doc, name, _ in print_pages(books)][:2]
    [('arts/print.md', 'Attributes & Arts'), ('glittershard/print.md', 'Glittershard’s End')]
    """
    return [
        (print_doc(system_id), name, print_markdown(system_id, name))
        for system_id, name in systems(rules_dir)
    ]
