"""Checking a character handed in as JSON: every field by its path, like ``abilities[2].tier``.

A builder's character is plain JSON data: it comes back from a link, the browser's
storage or a file a player may have edited by hand. These helpers read one value each
and raise :class:`~calculators.errors.InputError` on the field's path with a sentence a
player understands; a missing field takes its default.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..errors import InputError

MAX_TEXT = 2000
"""The longest free text a character field holds (a name, a list of perks)."""


def join(path: str, key: str | int) -> str:
    """The path of ``key`` inside ``path``.

    >>> join("", "points"), join("points", "phy"), join("abilities", 2)
    ('points', 'points.phy', 'abilities[2]')
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def record(raw: Any, path: str, keys: Collection[str], what: str) -> Mapping[str, Any]:
    """An object whose keys are all among ``keys`` (a misspelt key is named, not ignored).

    >>> record({"phy": 1}, "points", ("phy", "sen"), "point pool")
    {'phy': 1}
    >>> record({"phy": 1, "luck": 2}, "points", ("phy",), "point pool")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: points.luck: 'luck' is not a field of a point pool.
    >>> record([], "points", ("phy",), "point pool")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: points: Must be an object of named values (a point pool).
    """
    if not isinstance(raw, Mapping):
        raise InputError(path or "character", f"Must be an object of named values (a {what}).")
    for key in raw:
        if key not in keys:
            raise InputError(join(path, str(key)), f"{str(key)!r} is not a field of a {what}.")
    return raw


def whole(raw: Any, path: str, label: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (a number, or its digits from a form).

    >>> whole("3", "level", "Level", 1, 12), whole(12, "level", "Level", 1, 12)
    (3, 12)
    >>> whole(13, "level", "Level", 1, 12)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: level: Level must be from 1 to 12; got 13.
    >>> whole(True, "abilities[0].tier", "Tier", 1, 9)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: abilities[0].tier: Tier must be a whole number; got True.
    """
    value: int | None = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    elif isinstance(raw, float) and raw.is_integer():
        value = int(raw)
    elif isinstance(raw, str):
        text = raw.strip().replace("\u2212", "-")
        if text.lstrip("+-").isdigit():
            value = int(text)
    if value is None:
        raise InputError(path, f"{label} must be a whole number; got {raw!r}.")
    if not low <= value <= high:
        raise InputError(path, f"{label} must be from {low} to {high}; got {value}.")
    return value


def text(raw: Any, path: str, label: str, limit: int = MAX_TEXT) -> str:
    """A piece of text, stripped, at most ``limit`` characters.

    >>> text("  Aria ", "name", "Name")
    'Aria'
    >>> text(3, "name", "Name")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: name: Name must be text; got 3.
    """
    if not isinstance(raw, str):
        raise InputError(path, f"{label} must be text; got {raw!r}.")
    if len(raw) > limit:
        raise InputError(path, f"{label} is longer than {limit} characters.")
    return raw.strip()


def choice(raw: Any, path: str, label: str, choices: Collection[str]) -> str:
    """One of ``choices``.

    >>> choice("array", "method", "Method", ("array", "allotment"))
    'array'
    >>> choice("best", "method", "Method", ("array", "allotment"))
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: method: Method must be one of array, allotment; got 'best'.
    """
    if raw not in choices:
        raise InputError(path, f"{label} must be one of {', '.join(choices)}; got {raw!r}.")
    return str(raw)


def flag(raw: Any, path: str, label: str) -> bool:
    """A yes/no value (``true``/``false`` from JSON, or a form's ``"true"``/``"false"``).

    >>> flag("true", "weapons[0].trained", "Trained"), flag(False, "x", "X")
    (True, False)
    """
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.lower() in ("true", "false", "on", ""):
        return raw.lower() in ("true", "on")
    raise InputError(path, f"{label} must be true or false; got {raw!r}.")


def items(raw: Any, path: str, label: str, limit: int) -> list[Any]:
    """A list of at most ``limit`` items.

    >>> items([1, 2], "abilities", "Abilities", 5)
    [1, 2]
    >>> items("Bash", "abilities", "Abilities", 5)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: abilities: Abilities must be a list; got 'Bash'.
    """
    if not isinstance(raw, list):
        raise InputError(path, f"{label} must be a list; got {raw!r}.")
    if len(raw) > limit:
        raise InputError(path, f"{label} has {len(raw)} items; at most {limit} fit.")
    return raw


def header(raw: Any, system: str, name: str, version: int) -> Mapping[str, Any]:
    """Check that ``raw`` is a character of ``system`` in a ``version`` this core reads.

    >>> header({"system": "arts", "version": 1}, "arts", "Attributes & Arts", 1)["version"]
    1
    >>> header({"system": "arts", "version": 7}, "arts", "Attributes & Arts", 1)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: version: This character is of version 7; this builder \
reads version 1.
    >>> header({"system": "pendragon", "version": 1}, "arts", "Attributes & Arts", 1)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: system: This is a character of 'pendragon', not of \
Attributes & Arts ('arts').
    """
    if not isinstance(raw, Mapping):
        raise InputError("character", "A character is a JSON object; this is not one.")
    if raw.get("system") != system:
        raise InputError(
            "system", f"This is a character of {raw.get('system')!r}, not of {name} ({system!r})."
        )
    if "version" not in raw:
        raise InputError("version", "The character has no version field.")
    if raw["version"] != version or isinstance(raw["version"], bool):
        raise InputError(
            "version",
            f"This character is of version {raw['version']!r}; this builder reads version "
            f"{version}.",
        )
    return raw
