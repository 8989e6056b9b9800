"""The browser's runtime, made while the pages are: Pyodide and the core's wheel
(:mod:`.runtime`), the trimmed standard library (:mod:`.stdlib`) and the memory snapshot
(:mod:`.snapshot`), in ``pyodide/``.

Their inputs are the engine folder and the rules data exported into it, all there once
``define_env`` has loaded the book, before a page is converted; no page is among them. So
``define_env`` starts them (:func:`start`) in a process of their own, writing into a folder
of the engine's cache, and ``on_post_build`` waits for it and moves its ``pyodide/`` into
the site (:meth:`Ahead.finish`). The snapshot's Pyodide start in Node (3 to 4 s, the
longest step of a small book's build) then runs on the second core while the first converts
the pages, and a big book's snapshot, remade whenever its rules data change, costs no time
at all.

Under ``mkdocs serve`` (the runtime only: :func:`publish_here`), with ``RULEBINDER_AHEAD=0``,
or if the process fails for any reason but a :class:`~.runtime.PublishError` (which stops
the build as before), ``on_post_build`` runs the steps itself.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .runtime import CACHE_DIR, PublishError, publish_runtime
from .shared import switched_on
from .snapshot import publish_snapshot
from .stdlib import publish_stdlib

__all__ = ["Ahead", "Step", "ahead_enabled", "publish_here", "start"]

#: A step's name, what it said for the build log ("" for nothing) and its seconds.
Step = tuple[str, str, float]
#: The file where the process writes its steps, or the error that stops the build.
RESULT = "result.json"
#: What the process runs: this module, imported without the ``macros`` package's
#: ``__init__``, which loads the whole book model (0.4 s before the first step, against
#: 0.1 s); none of the modules run here reads the package itself.
BOOT = (
    "import sys, types\n"
    "package = types.ModuleType('macros')\n"
    "package.__path__ = [sys.argv[1]]\n"
    "sys.modules['macros'] = package\n"
    "from macros.publish.ahead import main\n"
    "from pathlib import Path\n"
    "sys.exit(main(Path(sys.argv[2]), Path(sys.argv[3])))\n"
)


def ahead_enabled(environ: dict[str, str] | None = None) -> bool:
    """Off with ``RULEBINDER_AHEAD=0`` (or ``off``/``false``/``no``).

    >>> ahead_enabled({}), ahead_enabled({"RULEBINDER_AHEAD": "0"})
    (True, False)
    """
    return switched_on("RULEBINDER_AHEAD", environ)


def publish_here(site_dir: Path, engine: Path, serving: bool = False) -> list[Step]:
    """Publish the runtime into ``site_dir`` and, unless ``serving``, the trimmed standard
    library and the snapshot; the steps.

    Raises:
        PublishError: the runtime could not be published (the build stops).
    """
    steps: list[Step] = []
    last = time.perf_counter()

    def took(name: str, said: str) -> None:
        nonlocal last
        now = time.perf_counter()
        steps.append((name, said, now - last))
        last = now

    publish_runtime(site_dir, engine)
    took("runtime", "")
    if not serving:  # for the author's eyes: Python boots normally (on_serve says so)
        took("stdlib", publish_stdlib(site_dir, engine))
        took("snapshot", publish_snapshot(site_dir))
    return steps


@dataclass
class Ahead:
    """The process making the runtime in ``stage``; :meth:`finish` it, or :meth:`cancel`."""

    stage: Path
    process: subprocess.Popen[bytes]
    done: bool = field(default=False)

    def finish(self, site_dir: Path) -> list[Step] | None:
        """Wait for the process, move what it made to ``site_dir``'s ``pyodide/``; its steps,
        or None if it failed (the caller then publishes here; the reason is in the stage's
        ``stderr.txt``, kept with ``RULEBINDER_AHEAD=keep``).

        Raises:
            PublishError: the runtime could not be published (the build stops).
        """
        self.process.wait()
        try:
            result = json.loads((self.stage / RESULT).read_text(encoding="utf-8"))
            if "error" in result:
                raise PublishError(str(result["error"]))
            target = site_dir / "pyodide"
            if target.exists():
                shutil.rmtree(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(self.stage / "pyodide", target)
            return [(str(name), str(said), float(sec)) for name, said, sec in result["steps"]]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        finally:
            self.cancel()

    def cancel(self) -> None:
        """Stop the process if it still runs and remove its folder (a build that failed, or
        the end of the interpreter)."""
        if self.done:
            return
        self.done = True
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if os.environ.get("RULEBINDER_AHEAD", "").strip().lower() != "keep":
            shutil.rmtree(self.stage, ignore_errors=True)


def start(engine: Path) -> Ahead | None:
    """Start the process making the runtime of ``engine`` (a folder laid out like this
    repository, :mod:`rulebinder.engine`) in a new folder of its cache; None if it is off
    or could not start."""
    if not ahead_enabled():
        return None
    cache = engine / CACHE_DIR
    try:
        cache.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=".ahead-", dir=cache))
    except OSError:
        return None
    package = str(Path(__file__).resolve().parents[1])  # the `macros` package's folder
    try:
        with (stage / "stderr.txt").open("wb") as errors:
            process = subprocess.Popen(  # noqa: S603 (this interpreter, this module)
                [sys.executable, "-c", BOOT, package, str(engine), str(stage)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
    except OSError:
        shutil.rmtree(stage, ignore_errors=True)
        return None
    ahead = Ahead(stage, process)
    atexit.register(ahead.cancel)
    return ahead


def main(engine: Path, stage: Path) -> int:
    """Publish the runtime of ``engine`` into ``stage`` and write the steps (or the error
    that stops the build) to its :data:`RESULT`; run by the process :func:`start` starts
    (:data:`BOOT`)."""
    try:
        result: dict[str, object] = {"steps": publish_here(stage, engine)}
    except PublishError as error:
        result = {"error": str(error)}
    (stage / RESULT).write_text(json.dumps(result), encoding="utf-8")
    return 0
