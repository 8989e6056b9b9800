"""The ``rulebinder`` command (also ``python -m rulebinder``), run in a project's root.

``rulebinder new DIR`` makes a project, ``rulebinder import`` turns a rulebook into its
rules data and pages, ``rulebinder serve`` and ``rulebinder build`` run MkDocs on it
(``mkdocs serve``; ``mkdocs build --strict``), passing any further options on.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import __version__

#: What ``build`` and ``serve`` run, before the options given to them.
MKDOCS = {"build": ["build", "--strict"], "serve": ["serve"]}


def parser() -> argparse.ArgumentParser:
    """The command line: ``rulebinder new|import|serve|build ...``."""
    from .importer.read import FORMATS

    top = argparse.ArgumentParser(
        prog="rulebinder", description="Rulebinder: rulebooks as a cross-linked site."
    )
    top.add_argument("--version", action="version", version=f"rulebinder {__version__}")
    commands = top.add_subparsers(dest="command", required=True)
    new = commands.add_parser(
        "new",
        help="make a new project for a rulebook",
        description="Make a project in DIR: mkdocs.yml with the rulebinder plugin, docs/, "
        "rules_data/, .gitignore, a README, requirements.txt and a GitHub Pages workflow.",
    )
    new.add_argument("folder", type=Path, metavar="DIR")
    new.add_argument("--title", help="the site's name (default: from DIR's name)")
    new.add_argument("--force", action="store_true",
                     help="write into a folder that is not empty")
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
    command.add_argument("--license", metavar="SPDX",
                         help="the book's licence as an SPDX id (e.g. CC-BY-4.0), where the "
                         "book does not state it")
    command.add_argument("--attribution", metavar="TEXT",
                         help="the attribution a reuse of the book's text must carry")
    command.add_argument("--license-url", metavar="URL", help="where the licence is written")
    commands.add_parser(
        "serve",
        help="serve the site at http://127.0.0.1:8000/, rebuilt as files change",
        description="mkdocs serve, with any further options (see mkdocs serve --help).",
    )
    commands.add_parser(
        "build",
        help="build the site into site/ (a warning stops it)",
        description="mkdocs build --strict, with any further options (see mkdocs build --help).",
    )
    return top


def run_mkdocs(command: str, options: list[str]) -> int:
    """``mkdocs <command>`` in this folder with ``options``; its exit status.

    MkDocs runs in this process, not a child of it: a signal that stops ``rulebinder
    serve`` (a terminal's Ctrl-C, a service manager's SIGTERM) stops the server with it.
    """
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's notice about MkDocs 2
    from mkdocs.__main__ import cli

    try:
        cli.main(args=[*MKDOCS[command], *options], prog_name="rulebinder")
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else int(done.code is not None)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command; the exit status."""
    top = parser()
    args, extra = top.parse_known_args(argv)
    if args.command in MKDOCS:
        return run_mkdocs(args.command, extra)
    if extra:
        top.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "new":
        from .new import NotEmpty, create

        try:
            create(args.folder, args.title, args.force, lambda line: print(line, flush=True))
        except (NotEmpty, NotADirectoryError) as error:
            print(f"rulebinder new: {error}", file=sys.stderr)
            return 2
        print(
            f"\nNext: cd {args.folder} && rulebinder import BOOK.md --system ID, "
            "then rulebinder serve"
        )
        return 0
    from .importer.command import Options, run

    options = Options(
        sources=args.sources,
        system=args.system,
        title=args.title,
        format=args.format,
        dry_run=args.dry_run,
        force=args.force,
        root=Path.cwd(),
        license=args.license,
        attribution=args.attribution,
        license_url=args.license_url,
    )
    return run(options, lambda line: print(line, flush=True))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
