"""Rulebinder's command-line tool for authors: ``rulebinder import`` turns a rulebook kept
as Markdown, HAML or plain text into the rules data the site is built from."""

__version__ = "0.7.0"
