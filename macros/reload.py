"""Fresh Python under ``mkdocs serve``: a rebuild sees edited calculators and macros.

mkdocs-macros imports this package once per process, and the rules core with
it, so a running ``mkdocs serve`` would keep the calculator declarations it
started with. Each build compares the sources with what was imported
(:func:`fingerprint`); when they differ, :func:`forget` drops the imported
modules so the next import reads the files again.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["PACKAGES", "fingerprint", "forget"]

#: The project's own packages whose modules a build imports.
PACKAGES = ("calculators", "macros")


def fingerprint(project_dir: Path) -> tuple[tuple[str, int, int], ...]:
    """Path, modification time and size of every Python file of :data:`PACKAGES`.

    >>> root = Path(__file__).resolve().parents[1]
    >>> any(name == "macros/reload.py" for name, _, _ in fingerprint(root))
    True
    >>> fingerprint(root / "nowhere")
    ()
    """
    found = []
    for package in PACKAGES:
        for path in sorted((project_dir / package).rglob("*.py")):
            stat = path.stat()
            found.append((path.relative_to(project_dir).as_posix(), stat.st_mtime_ns, stat.st_size))
    return tuple(found)


def forget(packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """Drop every imported module of ``packages`` so that the next import reads the files.

    Returns the names dropped.

    >>> import types
    >>> sys.modules["rb_demo"] = types.ModuleType("rb_demo")
    >>> forget(("rb_demo",)), "rb_demo" in sys.modules
    (['rb_demo'], False)
    """
    names = [
        name
        for name in sys.modules
        if any(name == package or name.startswith(package + ".") for package in packages)
    ]
    for name in names:
        del sys.modules[name]
    return names
