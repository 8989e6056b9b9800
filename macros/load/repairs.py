"""Repairs of damaged rulebook text that a system's ``system.yml`` names under ``repairs``.

The build checks rules data against the repaired source (``source.heading``), the importer
repairs what it reads, and the coverage test compares the repaired source with the site.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def repair_mojibake(text: str) -> str:
    """Undo UTF-8 read as Windows-1252 (``â€™`` -> ``’``).

    >>> repair_mojibake("itâ€™s")
    'it’s'
    """

    def fix(match: re.Match[str]) -> str:
        try:
            return match.group(0).encode("cp1252").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return match.group(0)

    return re.sub(r"[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u2122]{1,3}", fix, text)


def repair_haml(text: str) -> str:
    """Turn a HAML template's text into Markdown-ish lines; template code is dropped.

    >>> print(repair_haml("%h2 Title\\n%p\\n  Some %strong bold\\n%ul\\n  %li\\n    item"))
    <BLANKLINE>
    ## Title
    <BLANKLINE>
    <BLANKLINE>
    Some bold
    <BLANKLINE>
    <BLANKLINE>
    * item
    """
    out: list[str] = []
    bullet = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(("-#", "=", "-")):
            continue
        heading = re.match(r"^%h(\d)(?:\.[\w-]+)*\s+(.*)$", line)
        if heading:
            out += ["", "#" * int(heading.group(1)) + " " + heading.group(2), ""]
            continue
        if re.match(r"^%(p|ul|ol|span|div)(\.[\w-]+)*$", line):
            out += ["", ""]
            continue
        if re.match(r"^%li(\.[\w-]+)*$", line):
            out += ["", ""]
            bullet = True
            continue
        if re.match(r"^%br$", line):
            continue
        line = re.sub(r"%(strong|em|b|i|span)(\.[\w-]+)*\s*", "", line)
        if line:
            out.append(("* " if bullet else "") + line)
            bullet = False
    return "\n".join(out)


REPAIRS: dict[str, Callable[[str], str]] = {"mojibake": repair_mojibake, "haml": repair_haml}
"""Named repairs a system's ``system.yml`` may list under ``repairs``."""
