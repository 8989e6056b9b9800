"""Rules data for the core, read with the standard library only.

``macros.load.export`` writes ``calculators/data/<system>.json`` from ``rules_data/``
at build time (tables, formulas, assumptions, attributes, arts), so the core
reads the same entries the pages show, in CPython and in Pyodide alike.

An author's build (the ``rulebinder`` MkDocs plugin, with this package installed)
exports into a folder of its own and names it in the environment variable
:data:`DATA_ENV`, so the installed package is never written to; the browser's copy
of the core always carries its data inside, where no variable is set.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import cache
from typing import Any

#: The environment variable naming the folder of exported data, when it is not ``data/``
#: beside this module (set by the ``rulebinder`` plugin for an author's project).
DATA_ENV = "RULEBINDER_CORE_DATA"


def _folder() -> str:
    return os.environ.get(DATA_ENV) or os.path.join(os.path.dirname(__file__), "data")


def systems() -> list[str]:
    """The systems whose data was exported, by name.

    >>> "arts" in systems()
    True
    """
    folder = _folder()
    if os.path.isdir(folder):
        names = os.listdir(folder)
    elif os.environ.get(DATA_ENV) or os.path.isdir(os.path.dirname(__file__)):
        names = []  # nothing exported (yet)
    else:  # pragma: no cover - a package that is not on a file system
        from importlib import resources

        names = [item.name for item in resources.files(__package__).joinpath("data").iterdir()]
    return sorted(
        name.removesuffix(".json")
        for name in names
        if name.endswith(".json") and not name.endswith(".calculators.json")
    )


def has_system(system: str) -> bool:
    """Whether ``system`` has exported data.

    >>> has_system("arts"), has_system("dice")
    (True, False)
    """
    return system in systems()


def declared(system: str) -> dict[str, dict[str, Any]]:
    """The calculators ``system`` declares in its rules data, by id (none without data).

    >>> declared("arts")["arts.incapacity"]["roll"]
    '2d6'
    >>> declared("dice")
    {}
    """
    if not has_system(system):
        return {}
    return _read(f"{system}.calculators.json")


@cache
def system_data(system: str) -> dict[str, dict[str, Any]]:
    """Every exported entry of ``system``, by id.

    Read from the file next to this module (CPython, and Pyodide, which unpacks the
    wheel); only a package that is not on a file system (a zip) needs
    :mod:`importlib.resources`, which is slow to import.

    >>> system_data("arts")["arts.level_table"]["kind"]
    'table'
    """
    return _read(f"{system}.json")


def _read(name: str) -> dict[str, dict[str, Any]]:
    path = os.path.join(_folder(), name)
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    from importlib import resources

    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


def entry(entry_id: str) -> dict[str, Any]:
    """One exported entry by id.

    >>> entry("arts.mig")["abbr"]
    'MIG'
    """
    return system_data(entry_id.partition(".")[0])[entry_id]


def table(entry_id: str) -> list[dict[str, Any]]:
    """A table's rows as dicts keyed by column name.

    >>> table("arts.level_table")[1]["Level"]
    2
    """
    data = entry(entry_id)
    return [dict(zip(data["columns"], row, strict=True)) for row in data["rows"]]


def assumption_default(entry_id: str) -> Any:
    """The default value an assumption entry declares.

    >>> assumption_default("glittershard.turn_order_ties")
    'reroll'
    """
    return entry(entry_id)["default"]


_BUILT: dict[tuple[str, str], tuple[object, Any]] = {}


def built(system: str, part: str, make: Callable[[dict[str, dict[str, Any]]], Any]) -> Any:
    """What ``make`` builds from ``system``'s exported entries (a declared tracker or
    builder), made once per export of the data (``None`` where nothing is exported).

    >>> built("arts", "demo", lambda data: len(data)) == len(system_data("arts"))
    True
    >>> built("nowhere", "demo", len) is None
    True
    """
    if not has_system(system):
        return None
    data = system_data(system)
    cached = _BUILT.get((system, part))
    if cached is not None and cached[0] is data:
        return cached[1]
    made = make(data)
    _BUILT[(system, part)] = (data, made)
    return made
