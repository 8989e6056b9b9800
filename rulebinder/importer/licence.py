"""The licence a rulebook states, read from its own words, for ``system.license``.

A book that says under which terms its text may be reused ("... is licensed under the
Creative Commons Attribution 4.0 International License, available at https://...") gets
that licence's SPDX id, the statement as its attribution and the URL it gives. A book that
says nothing gets ``NOASSERTION`` and the importer asks for ``--license``.

>>> found = stated_licence('''## Legal Information
... This work includes material from the System Reference Document 5.2 ("SRD 5.2") by
... Wizards of the Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is
... licensed under the Creative Commons Attribution 4.0 International License, available at
... https://creativecommons.org/licenses/by/4.0/legalcode.
... ''')
>>> found.spdx, found.url
('CC-BY-4.0', 'https://creativecommons.org/licenses/by/4.0/legalcode')
>>> found.attribution[:60]
'This work includes material from the System Reference Docume'
>>> stated_licence("# Combat\\nRoll 2d6.") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Stated", "stated_licence", "NAMES"]

NAMES: tuple[tuple[str, str], ...] = (
    (r"creative\s+commons\s+attribution[- ]share\s*alike\s+4\.0|cc[- ]by[- ]sa[- ]4\.0",
     "CC-BY-SA-4.0"),
    (r"creative\s+commons\s+attribution[- ]non\s*commercial\s+4\.0|cc[- ]by[- ]nc[- ]4\.0",
     "CC-BY-NC-4.0"),
    (r"creative\s+commons\s+attribution\s+4\.0|cc[- ]by[- ]4\.0", "CC-BY-4.0"),
    (r"creative\s+commons\s+attribution\s+3\.0|cc[- ]by[- ]3\.0", "CC-BY-3.0"),
    (r"\bcc0\b|creative\s+commons\s+zero", "CC0-1.0"),
    (r"open\s+game\s+licen[cs]e", "OGL-1.0a"),
    (r"\bmit\s+licen[cs]e\b", "MIT"),
)
"""How a book names a licence, and its SPDX id (the more specific names first)."""

_URL = re.compile(r"https?://[^\s)>\]\"']+")
_LICENSED = re.compile(r"licen[cs]ed\s+under|released\s+under|available\s+under", re.I)


@dataclass(frozen=True)
class Stated:
    """A licence as the book states it."""

    spdx: str
    attribution: str
    url: str | None


def _paragraph_at(text: str, at: int) -> str:
    """The paragraph (blank-line separated) holding position ``at``, on one line."""
    start = text.rfind("\n\n", 0, at) + 2 if text.rfind("\n\n", 0, at) >= 0 else 0
    end = text.find("\n\n", at)
    body = text[start:end if end >= 0 else len(text)]
    body = re.sub(r"^#+\s.*$", "", body, flags=re.M)
    return " ".join(body.split())


def stated_licence(text: str) -> Stated | None:
    """The licence the book's text states, or None when it states none."""
    for said in _LICENSED.finditer(text):
        window = text[said.end(): said.end() + 200]
        for pattern, spdx in NAMES:
            if re.search(pattern, window, re.I):
                paragraph = _paragraph_at(text, said.start())
                urls = [u.rstrip(".,;") for u in _URL.findall(paragraph)]
                licence_url = next((u for u in urls if re.search(r"licen[cs]e", u, re.I)),
                                   None)
                return Stated(spdx, paragraph, licence_url)
    return None
