"""The parts of ``scripts/bench_browser.py``, whose docstring says what it measures and how.

* :mod:`~scripts.bench.measure` — driving Chromium: a load timed from navigation to the first
  live result with the bytes the server sent, cold and warm, configurations in interleaved
  rounds;
* :mod:`~scripts.bench.sites` — the sites and runtimes measured beside the shipped one: built
  now or at a git ref, runtime variants (bytecode, a cut standard library, a Node-made
  snapshot), the engine started from elsewhere;
* :mod:`~scripts.bench.levers` — copies of the built site with its levers undone;
* :mod:`~scripts.bench.first_visit` — section 0: the first visit, on a laptop and phone-class;
* :mod:`~scripts.bench.sections` — sections 1 to 5 (calculator page against the bare boot,
  engine start, boot steps, returning visitor, returning reader).

The tables are printed with :func:`scripts.report.print_table`.
"""

from pathlib import Path

#: The repository (this package is ``scripts/bench/``).
ROOT = Path(__file__).resolve().parents[2]
