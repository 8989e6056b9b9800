"""The checks of one mapping's fields against the schema (:mod:`macros.load.schema`): present
when required, of the right type, one of the choices; and the collector of every
problem found, as ``file:line: field: message``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .errors import Problem
from .schema import Field
from .yamlload import LineDict

_TYPE_NAMES = {
    "str": "a string",
    "text": "Markdown text",
    "int": "a whole number",
    "bool": "true or false",
    "level": "a heading level from 2 to 6",
    "scalar": "a string, number or boolean",
    "strs": "a list of strings",
    "ref": "an entry id",
    "refs": "a list of entry ids",
    "source": "a mapping with 'file' and 'heading'",
    "rows": "a list of rows, each a list of cells",
    "pairs": "a list of one-key mappings (label: text)",
    "mapping": "a mapping",
    "page": "a page name",
    "mappings": "a list of mappings",
    "lines": "a list of lines (text, or a mapping with 'text')",
    "intmap": "a mapping of names to whole numbers",
    "strmap": "a mapping of names to one line of text",
    "files": "a file name or a list of file names",
}


class _Collector:
    """Gathers problems while the data is read."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.problems: list[Problem] = []

    def add(self, path: Path, line: int, field_name: str, message: str) -> None:
        self.problems.append(Problem(self.rel(path), line, field_name, message))

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)


def _type_ok(value: Any, spec: Field) -> bool:
    kind = spec.type
    if kind == "files":
        names = value if isinstance(value, list) else [value]
        return bool(names) and all(isinstance(n, str) and n and "\n" not in n for n in names)
    if kind == "mapping":
        return isinstance(value, dict)
    if kind == "mappings":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    if kind == "lines":
        return isinstance(value, list) and all(isinstance(v, str | dict) for v in value)
    if kind in ("intmap", "strmap"):
        wanted = str if kind == "strmap" else int
        return isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, wanted) and not isinstance(v, bool)
            for k, v in value.items()
        )
    if kind in ("str", "text", "ref", "page"):
        return isinstance(value, str) and (kind == "text" or "\n" not in value.strip())
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "level":
        return isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 6
    if kind == "scalar":
        return isinstance(value, str | int | float | bool)
    if kind in ("strs", "refs"):
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "source":
        return (
            isinstance(value, dict)
            and isinstance(value.get("file"), str)
            and isinstance(value.get("heading"), str)
        )
    if kind == "rows":
        return isinstance(value, list) and all(
            isinstance(row, list) and all(isinstance(c, str | int | float) for c in row)
            for row in value
        )
    if kind == "pairs":
        return isinstance(value, list) and all(
            isinstance(p, dict)
            and len(p) == 1
            and all(isinstance(k, str) and isinstance(v, str | int) for k, v in p.items())
            for p in value
        )
    return True


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
    }.get(type(value), "a mapping" if isinstance(value, dict) else "a value")


def _check_fields(
    out: _Collector, path: Path, mapping: LineDict, specs: tuple[Field, ...], prefix: str
) -> None:
    known = {spec.name for spec in specs}
    for spec in specs:
        where = f"{prefix}{spec.name}"
        if spec.name not in mapping or mapping[spec.name] is None:
            if spec.required:
                out.add(path, mapping.line, where, "required field is missing")
            continue
        value = mapping[spec.name]
        line = mapping.line_of(spec.name)
        if not _type_ok(value, spec):
            expected = _TYPE_NAMES.get(spec.type, spec.type)
            out.add(path, line, where, f"expected {expected}, got {_describe(value)}")
        elif spec.choices and any(
            v not in spec.choices for v in (value if isinstance(value, list) else [value])
        ):
            out.add(path, line, where, f"must be one of {', '.join(spec.choices)}; got {value!r}")
        elif spec.items and spec.type == "mapping":
            _check_fields(out, path, value, spec.items, f"{where}.")
        elif spec.items:
            for index, item in enumerate(value):
                if isinstance(item, LineDict):
                    _check_fields(out, path, item, spec.items, f"{where}[{index}].")
    for key in mapping:
        if key not in known:
            out.add(path, mapping.line_of(str(key)), f"{prefix}{key}", "unknown field")
