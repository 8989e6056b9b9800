"""The README a newcomer reads in five minutes (issue 37): short, its links whole, and every
command it shows run or checked by a test.

The two front-door commands are Makefile targets: ``make -n -B`` (print every step, run
none) shows that each installs everything and then serves the site or runs the lint and
the tests, as the README says; CI runs ``make test`` (``.ci/run``), and
``tests/test_serve.py`` runs the ``mkdocs serve --strict`` that ``make serve`` ends with.
The author's commands ("Publish your own rulebook") are run as written by
``tests/test_install.py``.
"""

from __future__ import annotations

import os
import re
import subprocess

from tests.readme import README, ROOT, commands, publish_block, shell_blocks
from tests.test_install import readme_script

#: The README may grow a little (a pointer or two) but stays under this.
MOST_LINES = 300


def make_steps(target: str) -> list[str]:
    """Every command ``make <target>`` runs, from nothing installed (none is run); not
    under the flags of a ``make`` that runs the tests (``-j`` would reorder them)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    done = subprocess.run(
        ["make", "-n", "-B", target], cwd=ROOT, env=env, capture_output=True, text=True,
        check=True,
    )
    return done.stdout.splitlines()


def at(steps: list[str], *wanted: str) -> list[int]:
    """The index of the first step holding each of ``wanted``, in order; fails if missing."""
    found = []
    for text in wanted:
        hits = [i for i, step in enumerate(steps) if text in step]
        assert hits, (text, steps)
        found.append(hits[0])
    return found


#: What installing everything runs, in this order: the Python packages, then Node's.
INSTALL = ("-m venv .venv", "pip install --quiet -r requirements.lock", "npm ci")


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MOST_LINES, len(lines)


def test_every_link_of_the_readme_leads_to_a_file() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    assert targets
    missing = [t for t in targets if "://" not in t and not (ROOT / t).exists()]
    assert not missing, missing


def test_every_command_of_the_readme_is_run_or_checked_by_a_test() -> None:
    """Each command of each ``sh`` block is a ``make`` target checked below or a line of the
    publishing block, which the install test runs."""
    blocks = shell_blocks()
    publishing = publish_block()
    script, serve = readme_script()
    unchecked = []
    for block in blocks:
        for line in block.splitlines():
            words = commands(line)
            if not words:
                continue
            if block == publishing:
                if words[0] != serve and line not in script.splitlines():
                    unchecked.append(line)
            elif any(w not in (["make", "serve"], ["make", "test"]) for w in words):
                unchecked.append(line)
    assert not unchecked, unchecked
    made = [w for b in blocks if b != publishing for w in commands(b)]
    assert made == [["make", "serve"], ["make", "test"]]


def test_make_serve_installs_everything_then_serves_the_site_as_the_serve_test_does() -> None:
    steps = make_steps("serve")
    *installed, served = at(steps, *INSTALL, "-m mkdocs serve --strict")
    assert installed == sorted(installed) and served == len(steps) - 1
    address = re.search(r"--dev-addr (\S+)", steps[served])
    assert address and f"http://{address.group(1)}" in README.read_text(encoding="utf-8")
    serve_test = (ROOT / "tests" / "test_serve.py").read_text(encoding="utf-8")
    assert '"-m", "mkdocs", "serve", "--strict"' in serve_test


def test_make_test_installs_everything_then_lints_and_runs_every_test_as_ci_does() -> None:
    steps = make_steps("test")
    *installed, linted, tested = at(steps, *INSTALL, "ruff check", "-m pytest")
    assert installed == sorted(installed) and installed[-1] < linted < tested
    assert steps[tested].endswith("-m pytest")  # every test: no selection
    assert "--doctest-modules" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci[-1] == "make test"


def test_the_install_test_runs_the_publishing_commands_in_the_readmes_order() -> None:
    script, serve = readme_script()
    shown = [line for line in publish_block().splitlines() if commands(line)]
    ran = [line for line in script.splitlines() if line in shown]
    assert ran == [line for line in shown if commands(line)[0] != serve]
    assert serve == ["rulebinder", "serve"]


def test_the_guide_shows_the_same_publishing_commands() -> None:
    """The guide's "Publishing your own book" repeats the README's block, run by the install
    test, word for word."""
    guide = (ROOT / "docs" / "guide" / "publishing.md").read_text(encoding="utf-8")
    assert f"```sh\n{publish_block()}```\n" in guide
