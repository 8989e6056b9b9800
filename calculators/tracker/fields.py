"""Reading an action's or a form's fields, and a setting's default: the values the
encounter engine (:mod:`.encounter`) and a system's handlers get, checked."""

from __future__ import annotations

from typing import Any

from ..builders import state as check
from ..data import assumption_default
from ..errors import InputError
from .spec import Field

__all__ = ["fields_of", "setting_default", "value"]


def setting_default(field: Field) -> Any:
    """A setting's starting value: its own default, else its assumption entry's.

    >>> setting_default(Field("x", "X", "int", 3))
    3
    """
    return assumption_default(field.name) if field.default is None else field.default


def value(field: Field, raw: Any, path: str) -> Any:
    """The value of ``field`` in an action or a form, checked; its default when absent.

    >>> value(Field("amount", "Damage", "int", 1, low=0, high=99), "7", "amount")
    7
    >>> value(Field("kind", "Kind", "choice", "a", choices=(("a", "A"),)), "b", "kind")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: kind: Kind must be one of A; got 'b': pick one.
    """
    if raw is None or (raw == "" and field.kind != "text"):
        if field.optional:
            return None
        raw = field.default
    if field.kind == "int":
        return check.whole(raw, path, field.label, field.low, field.high)
    if field.kind == "flag":
        if isinstance(raw, bool):
            return raw
        if raw in ("yes", "no", "true", "false", "on", "off"):
            return raw in ("yes", "true", "on")
        raise InputError(path, f"{field.label} must be yes or no; got {raw!r}: choose yes or no.")
    if field.kind == "choice":
        allowed = [c for c, _ in field.choices]
        if raw not in allowed:
            labels = ", ".join(label for _, label in field.choices)
            raise InputError(path, f"{field.label} must be one of {labels}; got {raw!r}: pick one.")
        return raw
    return check.text(raw, path, field.label)


def fields_of(fields: tuple[Field, ...], raw: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Every field of ``fields`` read from ``raw`` (a form or an action)."""
    return {f.name: value(f, raw.get(f.name), check.join(prefix, f.name)) for f in fields}
