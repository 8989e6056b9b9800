"""Character builders: a character as plain JSON, changed by pure functions of the core.

A book with a builder has a module ``builder`` in its package
(``calculators/books/<id>/builder``, found by :mod:`calculators.books`), with ``VERSION``,
``blank()``, ``example()``, ``validate(raw)`` (an :class:`~calculators.InputError` names
the field's path, e.g. ``abilities[2].tier``), ``evaluate(character)`` (the sheet: steps
with what the rule allows, what is left and the rules broken, each quoted; derived values
with their breakdown; ``ready``), ``level_up(character) -> (character, events)`` and
``to_form``/``from_form`` for the page's form; and ``builder.layout``, its page's layout
(:mod:`.page`), read only at build time. :func:`handle` answers the page.

>>> answer = handle({"op": "level_up", "system": "arts", "state": builder("arts").example()})
>>> answer["ok"], answer["state"]["level"], answer["events"][0]["step"]
(True, 2, 'combat')
>>> handle({"op": "load", "system": "arts", "state": {"system": "arts", "version": 2}})["error"]
{'field': 'version', 'message': 'This character is of version 2; this builder reads version 1.'}
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

from .. import books
from ..errors import InputError
from .present import render

#: The part of a book's package that is its builder (and ``builder.layout`` its page's).
PART = "builder"


CONTRACT: dict[str, str] = {
    "VERSION": "the version of its characters' JSON",
    "blank": "blank() -> a new character",
    "example": "example() -> the rulebook's example character",
    "validate": "validate(raw) -> the character, checked field by field",
    "evaluate": "evaluate(character) -> the sheet (builders.sheet.assemble)",
    "level_up": "level_up(character) -> (character, events)",
    "to_form": "to_form(character) -> the page's form fields",
    "from_form": "from_form(form) -> the character",
}
"""Every name the engine reads of a builder (a book's module, or the one
:mod:`.declared` builds); :func:`builder` refuses one that lacks any, naming it."""


def has_builder(system: str) -> bool:
    """Whether the book ``system`` has a character builder (found without importing it).

    >>> has_builder("arts"), has_builder("pendragon"), has_builder("nowhere")
    (True, False, False)
    """
    return books.has_part(system, PART) or declared_builder(system) is not None


def declared_builder(system: str) -> ModuleType | None:
    """The builder ``system`` declares in its rules data (:mod:`.declared`), built once per
    export of its data; ``None`` where it declares none.

    >>> declared_builder("arts") is None
    True
    """
    from ..data import built
    from .declared import from_data

    return built(system, PART, lambda data: from_data(system, data))


def builder(system: str) -> ModuleType:
    """The builder module of ``system``; :class:`InputError` on ``system`` if there is none.

    >>> builder("arts").VERSION
    1
    """
    module = books.import_part(system, PART) or declared_builder(system)
    if module is None:
        raise InputError("system", f"There is no character builder for {system!r}.")
    lacks = [f"{name} ({what})" for name, what in CONTRACT.items()
             if getattr(module, name, None) is None]
    if lacks:
        raise TypeError(f"the builder {module.__name__} lacks {', '.join(lacks)}")
    return module


def layout(system: str) -> ModuleType:
    """The module that lays out the builder page of ``system`` (build time only; see
    :mod:`.page`); :class:`InputError` on ``system`` if there is none.

    >>> callable(layout("glittershard").render_page)
    True
    """
    module = books.import_part(system, f"{PART}.layout")
    if module is None and declared_builder(system) is not None:
        from . import declared

        module = declared
    if module is None:
        raise InputError("system", f"There is no character builder page for {system!r}.")
    return module


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one request of the builder page; only a JSON-able dict comes back.

    ``op`` is ``form`` (the character from the page's form fields), ``load`` (a character
    from a link, storage or file), ``level_up`` or ``roll_stats`` (with ``seed``; systems
    with rolled stats). The answer holds the checked ``state``, the ``form`` fields, the
    ``sheet`` and its ``html``, and ``events``; or ``ok: false`` with the ``error``.
    """
    try:
        module = builder(str(request.get("system")))
        op = request.get("op")
        events: list[dict[str, str]] = []
        if op == "form":
            form = request.get("form")
            if not isinstance(form, dict):
                raise InputError("form", "The form's fields are missing.")
            character = module.from_form(form)
        elif op == "load":
            character = module.validate(request.get("state"))
        elif op == "level_up":
            character, events = module.level_up(request.get("state"))
        elif op == "roll_stats" and hasattr(module, "roll_stats"):
            character, events = module.roll_stats(request.get("state"), request.get("seed"))
        else:
            raise InputError("op", f"Unknown request {op!r}.")
        sheet = module.evaluate(character)
        links = request.get("links") or {}
        return {
            "ok": True,
            "state": character,
            "form": module.to_form(character),
            "events": events,
            "ready": sheet["ready"],
            "sheet": sheet,
            "html": render(sheet, links if isinstance(links, dict) else {}),
        }
    except InputError as error:
        return {"ok": False, "error": error.to_json()}


def call(request_json: str) -> str:
    """The worker's entry point: JSON in, JSON out, never an exception.

    >>> json.loads(call('{"op": "load", "system": "nowhere"}'))["error"]["field"]
    'system'
    >>> json.loads(call("not json"))["error"]["field"]
    'character'
    """
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise ValueError("not an object")
        return json.dumps(handle(request))
    except ValueError:
        return json.dumps(
            {"ok": False, "error": {"field": "character", "message": "This is not JSON."}}
        )
    except Exception as error:  # noqa: BLE001 - the worker must survive any bug
        message = f"The builder failed: {type(error).__name__}: {error}"
        return json.dumps({"ok": False, "error": {"field": "", "message": message}})
