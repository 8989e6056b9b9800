"""An Owlbear Rodeo extension per book: ``<book>/owlbear/manifest.json``.

Owlbear Rodeo (a virtual tabletop) adds an extension from the URL of its manifest; the
extension's action opens its ``popover`` page in an ``<iframe>`` beside the map. Here the
popover is the book's encounter tracker as an embed in panel mode
(``?embed=1&panel=<book>``: the site's search stays in its header, and a bar leads to the dice
roller and the book's pages, each as an embed too; ``assets/embed.js``). Its URLs are
relative to the manifest, so the files work wherever the site is hosted.

The fields are those of Owlbear Rodeo's manifest (``name``, ``version``,
``manifest_version`` 1, ``author``, ``description``, ``icon``, ``homepage_url`` and an
``action`` with ``title``, ``icon``, ``popover``, ``height`` and ``width``); the tests check
each against that list.

>>> m = manifest("arts", "Attributes & Arts", "An attribute-and-arts system.", "Rulebinder",
...              "0.3.0")
>>> m["action"]["popover"], m["icon"]
('../tracker/?embed=1&panel=arts', '../../assets/icons/icon-192.png')
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..render.share import describe

__all__ = ["manifest", "publish_owlbear", "MANIFEST"]

MANIFEST = "owlbear/manifest.json"
"""Where a book's manifest is, under its folder."""
ICON = "../../assets/icons/icon-192.png"
"""The site's icon (``macros/publish/offline.py`` writes it), from the manifest's folder."""


def manifest(book: str, name: str, about: str, site: str, version: str) -> dict[str, Any]:
    """The Owlbear Rodeo manifest of one book."""
    first = describe(about, 150).rstrip(".…")
    return {
        "name": f"{name} (Rulebinder)",
        "version": version,
        "manifest_version": 1,
        "author": site,
        "description": f"{first}. The book's encounter tracker, dice roller and search, "
                       "with the rules a click away.",
        "icon": ICON,
        "homepage_url": "../",
        "action": {
            "title": name,
            "icon": ICON,
            "popover": f"../tracker/?embed=1&panel={book}",
            "height": 700,
            "width": 420,
        },
    }


def publish_owlbear(site_dir: Path, books: list[tuple[str, str, str, bool]], site: str,
                    version: str) -> str:
    """Write the manifest of every book with an encounter tracker (``books``: id, name,
    about, has a tracker page); what was written, for the log."""
    written = []
    for book, name, about, tracked in books:
        if not tracked:
            continue
        out = site_dir / book / MANIFEST
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(manifest(book, name, about, site, version), indent=2,
                                  ensure_ascii=False), "utf-8")
        written.append(book)
    return f"Owlbear Rodeo extensions: {', '.join(written) or 'none'} (<book>/{MANIFEST})"
