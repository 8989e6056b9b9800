"""``python -m rulebinder``: the same as the ``rulebinder`` command."""

from rulebinder.cli import main

raise SystemExit(main())
