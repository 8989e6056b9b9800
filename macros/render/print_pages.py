"""MkDocs hook: one generated print page per game system, ``<system>/print.md``.

Called by the ``rulebinder`` plugin's ``on_files`` (it also works as an MkDocs hook file,
needing nothing but the standard library, PyYAML and MkDocs). Each page is a virtual
docs file (nothing is written to ``docs/``) whose only content is the ``print_system``
macro, which renders the whole system from ``rules_data/`` as one document. The
pages are kept out of the search index (their text is on the rule pages).
"""

from __future__ import annotations

from pathlib import Path

import yaml
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel

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


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add ``<system>/print.md`` for every system (a docs file of that name is an error)."""
    rules_dir = Path(config.config_file_path).parent / "rules_data"
    for system_id, name in systems(rules_dir):
        src_uri = print_doc(system_id)
        if files.get_file_from_path(src_uri) is not None:
            raise PluginError(f"docs/{src_uri}: the print page of {name} is generated; remove it")
        files.append(
            File.generated(
                config,
                src_uri,
                content=print_markdown(system_id, name),
                inclusion=InclusionLevel.NOT_IN_NAV,
            )
        )
    return files
