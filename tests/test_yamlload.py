"""The libyaml path of the YAML loader gives what the pure-Python loader gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from macros.load import yamlload
from macros.load.yamlload import LineDict, load_text, load_yaml

ROOT = Path(__file__).resolve().parents[1]


def _pure(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=yamlload._LineLoader)  # noqa: S506 - SafeLoader subclass


def _same(a: Any, b: Any, where: str) -> None:
    assert type(a) is type(b), where
    if isinstance(a, LineDict):
        assert list(a) == list(b), where
        assert (a.line, a.key_lines) == (b.line, b.key_lines), where
        for key in a:
            _same(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, list):
        assert len(a) == len(b), where
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{index}]")
    else:
        assert a == b, where


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML built without libyaml")
def test_rules_data_reads_the_same_with_libyaml() -> None:
    """Every file of the five books: the same values, types, keys' order and lines."""
    files = sorted((ROOT / "rules_data").rglob("*.yml"))
    assert files
    for path in files:
        _same(load_yaml(path), _pure(path), str(path.relative_to(ROOT)))


TRICKY = """\
base: &base {a: 1, b: [x, 2.5, null, ~, true, 2026-11-28]}
merged:
  <<: *base
  b: over
"=": value key
again: *base
quoted: "01"
octal: 010
empty:
list:
  - - nested
  - {k: v}
"""


def test_merges_aliases_and_scalars_as_pyyaml_reads_them(tmp_path: Path) -> None:
    path = tmp_path / "t.yml"
    path.write_text(TRICKY, encoding="utf-8")
    value = load_yaml(path)
    _same(value, _pure(path), "t")
    assert value["again"] is value["base"]  # an alias is the same object, as in PyYAML
    assert value["merged"].line_of("b") == 4


def test_errors_are_the_pure_python_parsers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A malformed file fails with the pure-Python parser's words and line, and without
    libyaml everything reads the same."""
    path = tmp_path / "bad.yml"
    path.write_text("a: 1\nb: [1, 2\nc: 3\n", encoding="utf-8")
    with pytest.raises(yaml.MarkedYAMLError) as fast:
        load_yaml(path)
    with pytest.raises(yaml.MarkedYAMLError) as pure:
        _pure(path)
    assert str(fast.value) == str(pure.value)
    monkeypatch.setattr(yamlload, "_CLoader", None)
    good = tmp_path / "good.yml"
    good.write_text(TRICKY, encoding="utf-8")
    _same(load_yaml(good), _pure(good), "good")
    assert load_text("") is None
