"""YAML loading that remembers the line of every mapping key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class LineDict(dict):
    """A dict that also records the 1-based line of itself and of each key."""

    line: int
    key_lines: dict[str, int]

    def line_of(self, key: str) -> int:
        """Line of ``key`` if present, else the line of the mapping itself."""
        return self.key_lines.get(key, self.line)


class _LineLoader(yaml.SafeLoader):
    """SafeLoader whose mappings are :class:`LineDict` with line numbers."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[str(key)] = key_node.start_mark.line + 1
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: Path) -> Any:
    """Parse one YAML file into plain values whose mappings are :class:`LineDict`.

    Raises ``yaml.YAMLError`` (with a ``problem_mark``) on malformed YAML.
    """
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
