"""Make ``macros/publish/stdlib-shipped.json``: what an author's engine of this release
needs of Pyodide's standard library, so that a machine's first build starts no Node to
list it (``macros/publish/stdlib.py``).

Makes a new author's project in a temporary folder (``rulebinder new``: its book has no
Python of its own, as an imported book has none), builds it (no snapshot, no precompressed
copies, the whole library: the listing is made here), then lists with Node what its core
loads and writes the listing under the key of that build. Run it after a change to the
engine's Python; ``tests/test_stdlib_shipped.py`` fails until then.

Usage: .venv/bin/python scripts/ship_stdlib.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from macros.publish import stdlib  # noqa: E402


def main() -> int:
    """Build a new project and ship its listing; 0 when written."""
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "book"
        env = dict(
            os.environ,
            RULEBINDER_SNAPSHOT="0",
            RULEBINDER_PRECOMPRESS="0",
            RULEBINDER_STDLIB="full",
            NO_MKDOCS_2_WARNING="1",
        )
        run = [sys.executable, "-m", "rulebinder"]
        subprocess.run([*run, "new", str(project)], check=True, env=env, capture_output=True)
        subprocess.run([*run, "build"], check=True, env=env, cwd=project, capture_output=True)
        engine = project / ".cache" / "plugin" / "rulebinder" / "engine"
        key = stdlib.ship(project / "site" / "pyodide", engine / "calculators")
    print(f"{stdlib.SHIPPED.relative_to(ROOT)}: key {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
