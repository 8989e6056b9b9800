"""The ``rulebinder`` command (also ``python -m rulebinder``), run in a project's root."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import __version__
from .importer.command import Options, run
from .importer.read import FORMATS


def parser() -> argparse.ArgumentParser:
    """The command line: ``rulebinder import SOURCE... --system ID``."""
    top = argparse.ArgumentParser(
        prog="rulebinder", description="Rulebinder: rulebooks as a cross-linked site."
    )
    top.add_argument("--version", action="version", version=f"rulebinder {__version__}")
    commands = top.add_subparsers(dest="command", required=True)
    command = commands.add_parser(
        "import",
        help="turn a Markdown, HAML or text rulebook into a system of this project",
        description="Import a rulebook (several sources are chapters, in the order given) "
        "into rules_data/ID and docs/ID; the sources are kept unchanged in sources/.",
    )
    command.add_argument("sources", nargs="+", type=Path, metavar="SOURCE")
    command.add_argument("--system", required=True, metavar="ID", help="the system's id")
    command.add_argument("--title", help="the book's name (default: its first heading)")
    command.add_argument("--format", choices=FORMATS, help="override the detected format")
    command.add_argument("--dry-run", action="store_true", help="say what would be written")
    command.add_argument("--force", action="store_true",
                         help="write a changed re-import, over hand edits of generated files")
    return top


def main(argv: list[str] | None = None) -> int:
    """Run the command; the exit status."""
    args = parser().parse_args(argv)
    options = Options(
        sources=args.sources,
        system=args.system,
        title=args.title,
        format=args.format,
        dry_run=args.dry_run,
        force=args.force,
        root=Path.cwd(),
    )
    return run(options, lambda line: print(line, flush=True))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
