"""``rulebinder import``: a rulebook kept as Markdown, HAML or text becomes rules data.

:mod:`.read` checks and repairs a source, :mod:`.blocks` parses it with markdown-it-py,
:mod:`.structure` turns its blocks into pages and entries (:mod:`.terms` finds the terms),
:mod:`.book` makes the system around them, :mod:`.write` plans, compares and writes the
files, and :mod:`.command` runs it all for the command line.
"""
