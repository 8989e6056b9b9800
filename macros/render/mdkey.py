"""What a Markdown conversion depends on, as a key: the extensions and their settings.

Both caches of converted Markdown key on it: the site's pages (``rulebinder/pagecache.py``)
and the share pages' bodies (:mod:`macros.publish.share`).
"""

from __future__ import annotations

import hashlib
import json
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

__all__ = ["describe_extension", "markdown_key"]

#: The packages whose versions change what a conversion gives.
PACKAGES = ("markdown", "pymdown-extensions")


def describe_extension(extension: Any) -> str:
    """An extension as a key names it: its name, or an object's class, the hash of its
    module's source and its settings (an object's ``repr`` holds its address).

    >>> describe_extension("toc")
    'toc'
    >>> from markdown.extensions.toc import TocExtension
    >>> describe_extension(TocExtension()).startswith("markdown.extensions.toc.TocExtension ")
    True
    """
    if isinstance(extension, str):
        return extension
    kind = type(extension)
    source = getattr(sys.modules.get(kind.__module__), "__file__", None)
    code = hashlib.sha256(Path(source).read_bytes()).hexdigest()[:16] if source else ""
    settings = extension.getConfigs() if hasattr(extension, "getConfigs") else {}
    return f"{kind.__module__}.{kind.__qualname__} {code} {sorted(settings.items())!r}"


def markdown_key(extensions: list[Any], configs: dict[str, Any] | None) -> str:
    """The key of converting with ``extensions`` and ``configs`` (with the packages' versions).

    >>> markdown_key(["toc"], {}) == markdown_key(["toc"], {}), len(markdown_key([], None))
    (True, 64)
    >>> markdown_key(["toc"], {}) == markdown_key(["toc"], {"toc": {"permalink": True}})
    False
    """
    described = [describe_extension(e) for e in extensions]
    return hashlib.sha256(
        json.dumps([described, configs or {}, [_version(p) for p in PACKAGES]],
                   default=repr, sort_keys=True).encode()
    ).hexdigest()


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return ""
