"""YAML loading that remembers the line of every mapping key.

Parsing runs in libyaml's C parser where PyYAML was built with it (``yaml.CSafeLoader``,
ten times the pure-Python loader's speed); the node tree it composes carries every node's
line, from which :func:`load_text` builds the values itself: mappings as
:class:`LineDict`, every other node as PyYAML's safe constructor makes it. Where libyaml
is missing, or a file is malformed, the pure-Python loader reads the file, so an error
names the same line with the same words whichever parser is installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_STR = "tag:yaml.org,2002:str"
_MAP = yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG
_SEQ = yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG
#: Keys PyYAML's ``flatten_mapping`` rewrites (``<<`` merges, ``=`` values).
_REWRITTEN_KEYS = ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value")


class LineDict(dict):
    """A dict that also records the 1-based line of itself and of each key."""

    line: int
    key_lines: dict[str, int]

    def line_of(self, key: str) -> int:
        """Line of ``key`` if present, else the line of the mapping itself.

        >>> load_text("a: 1\\nb:\\n  c: 2\\n")["b"].line_of("c"), load_text("a: 1\\n").line_of("z")
        (3, 1)
        """
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


_LineLoader.add_constructor(_MAP, _construct_mapping)

_CLoader: type[Any] | None = getattr(yaml, "CSafeLoader", None)


class _Builder:
    """Values of a composed node tree: the same as :class:`_LineLoader` constructs.

    Plain mappings, sequences and strings are built here, in one recursive walk; any
    other node (numbers, booleans, null, dates, merge keys, explicit tags) goes to a
    :class:`_LineLoader` constructor, so its value (or its error) is PyYAML's own. A node
    met twice (an alias) gives the same object twice, as PyYAML does.
    """

    def __init__(self) -> None:
        self._constructor = _LineLoader("")
        self._made: dict[int, Any] = {}

    def build(self, node: yaml.Node) -> Any:
        """The value of ``node``."""
        made = self._made.get(id(node), self)
        if made is not self:
            return made
        tag = node.tag
        if tag == _STR and type(node) is yaml.ScalarNode:
            value: Any = node.value
        elif tag == _MAP and type(node) is yaml.MappingNode and not any(
            key.tag in _REWRITTEN_KEYS for key, _ in node.value
        ):
            value = self._mapping(node)
        elif tag == _SEQ and type(node) is yaml.SequenceNode:
            value = []
            self._made[id(node)] = value
            value.extend(self.build(item) for item in node.value)
        else:
            value = self._constructor.construct_object(node, deep=True)
        self._made[id(node)] = value
        return value

    def _mapping(self, node: yaml.MappingNode) -> LineDict:
        result = LineDict()
        self._made[id(node)] = result
        result.line = node.start_mark.line + 1
        key_lines: dict[str, int] = {}
        result.key_lines = key_lines
        for key_node, value_node in node.value:
            key = self.build(key_node)
            result[key] = self.build(value_node)
            key_lines[str(key)] = key_node.start_mark.line + 1
        return result


def _load_c(text: str) -> tuple[bool, Any]:
    """``(True, value)`` of ``text`` read by libyaml; ``(False, None)`` where libyaml is
    missing or finds the text malformed."""
    if _CLoader is None:
        return False, None
    try:
        node = yaml.compose(text, Loader=_CLoader)
        return True, None if node is None else _Builder().build(node)
    except yaml.YAMLError:
        return False, None  # read again by the pure-Python parser, for its line and words


def load_text(text: str) -> Any:
    """Parse YAML ``text`` into plain values whose mappings are :class:`LineDict`.

    Raises ``yaml.YAMLError`` (with a ``problem_mark``) on malformed YAML.

    >>> data = load_text("name: Dazed\\nlevel: 3\\ntags: [a, b]\\nwhen:\\n  at: yes\\n")
    >>> data, data.line_of("tags"), data["when"].line
    ({'name': 'Dazed', 'level': 3, 'tags': ['a', 'b'], 'when': {'at': True}}, 3, 5)
    >>> try:
    ...     load_text("a: 1\\nb: [1\\n")
    ... except yaml.MarkedYAMLError as error:
    ...     print(error.problem, error.problem_mark.line + 1)
    expected ',' or ']', but got '<stream end>' 3
    """
    done, value = _load_c(text)
    return value if done else yaml.load(text, Loader=_LineLoader)  # noqa: S506 - safe


def load_yaml(path: Path) -> Any:
    """Parse one YAML file into plain values whose mappings are :class:`LineDict`.

    Raises ``yaml.YAMLError`` (with a ``problem_mark``) on malformed YAML: the pure-Python
    parser's, reading the file as before libyaml was used, so its words and marks (the
    file's name among them) are the same.
    """
    done, value = _load_c(path.read_text(encoding="utf-8"))
    if done:
        return value
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
