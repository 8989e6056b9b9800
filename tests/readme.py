"""The shell commands README.md shows, for the tests that run them.

Every fenced ``sh`` block of the README is either the two front-door commands (``make
serve``, ``make test``: ``tests/test_readme.py``) or the author's commands of "Publish your
own rulebook", which ``tests/test_install.py`` runs as they are written.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def shell_blocks(text: str | None = None) -> list[str]:
    """The text of every fenced code block marked ``sh``, ``bash`` or ``shell``."""
    text = README.read_text(encoding="utf-8") if text is None else text
    return re.findall(r"^```(?:sh|bash|shell|console)\n(.*?)^```", text, re.M | re.S)


def commands(block: str) -> list[list[str]]:
    """Each command of a block as its words; ``a && b`` is two commands."""
    found: list[list[str]] = []
    for line in block.splitlines():
        words = shlex.split(line, comments=True)
        while words:
            cut = words.index("&&") if "&&" in words else len(words)
            found.append(words[:cut])
            words = words[cut + 1 :]
    return found


def publish_block() -> str:
    """The block of "Publish your own rulebook": the one that runs ``rulebinder new``."""
    (block,) = [b for b in shell_blocks() if "rulebinder new" in b]
    return block
