"""The GM's encounter tracker: each rulebook's state-over-time rules, applied turn by turn.

:mod:`.encounter` is the engine, a pure function ``(state, action) -> (state, events)``;
:mod:`.history` keeps the log and undo and redo; :mod:`.present` draws the page. A book
with a tracker has a module ``tracker`` in its package (``calculators/books/<id>/tracker``,
found by :mod:`calculators.books`), which declares and applies its rules:

- ``SYSTEM``, ``TITLE``; ``RULES`` (:class:`~.spec.Rule`, each rule the engine applies,
  with the entry it comes from); ``INITIATIVE_RULE`` and ``ORDER_RULE`` (rule ids);
- ``CREATURE`` (the add form's fields, which the GM may also correct by hand), ``STORED``
  (every key the system keeps on a creature), ``SETTINGS`` (assumptions the GM may
  change; a ``None`` default is read from the assumption entry), ``ASSUMPTIONS`` (the
  assumption entries it follows without a setting), ``EXAMPLES`` (add-form
  values of a few creatures, for examples and tests), ``LIMITS``
  (:class:`~.spec.Limit`), ``ACTIONS`` (:class:`~.spec.Action`) and their ``HANDLERS``
  (``handler(ctx, values)``, ``values`` checked against the action's fields);
- (:mod:`.contract` states all of them as a typed Protocol, and :func:`engine` refuses a
  module that lacks one, naming it)
- hooks: ``new_creature(values)``, ``validate_creature(creature, path)``,
  ``order_key(creature, state)``, ``round_start(ctx)``, ``turn_start(ctx, cid)``,
  ``turn_end(ctx, cid)``, ``check_use(ctx, cid, limit)``,
  ``resolve(ctx, cid, check, success, total)``, ``after_set(ctx, cid, field)``,
  ``card(creature, state)`` (``numbers``: label, value, note; ``conditions``: words),
  optionally ``check_setting(key, value)`` and, where a builder makes characters,
  ``from_character(character)`` (the add form's values).

**An error says what to do next** (:class:`~calculators.errors.InputError`, on the field at
fault): what is wrong, then after ``:`` or ``;`` the next step as an imperative ("Kira is
not Poisoned: choose a creature that is Poisoned, or add the status first"), or a clause
with "first" ("plot their Phase first"). A message that is itself the step ("Name the
stance.") starts with the verb; a field of a stored encounter that does not hold what it
must says so ("Must be a list."): the GM corrects the file or starts a new encounter.
:func:`says_next_step` checks a message; ``tests/test_tracker_errors.py`` samples each
tracker's errors with it and reads every message in the trackers' code.

>>> doc = handle({"op": "new", "system": "pendragon"})["doc"]
>>> add = {"op": "add", "creature": {"name": "Kira", "hp": 6, "body": 2, "spirit": 3}}
>>> answer = handle({"op": "act", "system": "pendragon", "doc": doc, "action": add})
>>> answer["events"][0]["text"]
'Kira joins the encounter.'
>>> undone = handle({"op": "undo", "system": "pendragon", "doc": answer["doc"]})["doc"]
>>> undone["state"] == doc["state"], undone["log"] == doc["log"], len(undone["redo"])
(True, True, 1)
"""

from __future__ import annotations

import json
import re
from types import ModuleType
from typing import Any

from .. import books
from ..errors import InputError
from . import history
from .contract import missing
from .present import render

#: The part of a book's package that is its tracker.
PART = "tracker"


NEXT_STEPS = frozenset(
    """act add aim choose correct delay end enter gain give heal keep leave let load make move
    must name open pay pick plot play purge put remove resolve rest roll set start take
    try undo use wait""".split()
)
"""The verbs a next step starts with (see "An error says what to do next" above)."""


def says_next_step(message: str) -> bool:
    """Whether an error ``message`` says what to do next: it starts with a verb of
    :data:`NEXT_STEPS`, a clause after ``:`` or ``;`` (or its ``or``/``then`` part) does,
    or it says what to do "first".

    >>> says_next_step("Kira is not Poisoned: choose a creature that is Poisoned.")
    True
    >>> says_next_step("Start the encounter first."), says_next_step("Kira is dead.")
    (True, False)
    """
    if re.search(r"\bfirst\b", message):
        return True
    clauses = [message, *re.split(r"[:;] ", message)[1:]]
    for clause in clauses:
        words = re.findall(r"[a-z]+", clause.casefold())
        for a, b in zip([""] + words, words, strict=False):
            if b in NEXT_STEPS and a in ("", "or", "then"):
                return True
            if a:
                break
    return False


def has_tracker(system: str) -> bool:
    """Whether the book ``system`` has an encounter tracker (found without importing it).

    >>> has_tracker("pendragon"), has_tracker("dice"), has_tracker("nowhere")
    (True, False, False)
    """
    return books.has_part(system, PART) or declared_tracker(system) is not None


def declared_tracker(system: str) -> ModuleType | None:
    """The tracker ``system`` declares in its rules data (:mod:`.declared`), built once per
    export of its data; ``None`` where it declares none.

    >>> declared_tracker("pendragon") is None
    True
    """
    from ..builders import has_builder
    from ..data import built
    from .declared import from_data

    if books.has_part(system, PART):  # its Python applies what its tracker entry declares
        return None
    return built(system, PART, lambda data: from_data(system, data, has_builder(system)))


def engine(system: str) -> ModuleType:
    """The tracker module of ``system``; :class:`InputError` on ``system`` if there is none.

    >>> engine("pendragon").TITLE
    'Pendragon'
    >>> engine("dice")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: system: There is no encounter tracker for 'dice': choose \
a book that has one.
    """
    module = books.import_part(system, PART) or declared_tracker(system)
    if module is None:
        raise InputError(
            "system",
            f"There is no encounter tracker for {system!r}: choose a book "
            "that has one.",
        )
    if module.__name__ not in _CHECKED:
        lacks = missing(module)
        if lacks:
            raise TypeError(
                f"the tracker {module.__name__} lacks {', '.join(lacks)} "
                "(calculators/tracker/contract.py says what each is)"
            )
        _CHECKED.add(module.__name__)
    return module


_CHECKED: set[str] = set()
"""Tracker modules found whole (:func:`.contract.missing`), each checked once."""


def assumptions_of(system: str) -> frozenset[str]:
    """The assumption entries a system's tracker follows: its settings and ``ASSUMPTIONS``
    (readings it applies without offering a choice).

    >>> sorted(assumptions_of("pendragon"))[:2]
    ['pendragon.assume_check_wounds', 'pendragon.assume_counts']
    >>> "pendragon.assume_total_damage" in assumptions_of("pendragon")
    True
    """
    module = engine(system)
    return frozenset({f.name for f in module.SETTINGS} | set(getattr(module, "ASSUMPTIONS", ())))


def other_rules(system: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The book's rules that are not the source of one of the tracker's ``RULES``, grouped
    under what the tracker does with them (applied with another rule, or not applied and
    why): the tracker's ``OTHER`` (a ``tracker`` entry's ``other`` in rules data).

    >>> how, ids = other_rules("pendragon")[0]
    >>> ids
    ('pendragon.attacking_the_enemy',)
    """
    return tuple(getattr(engine(system), "OTHER", ()))


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one request of the tracker page; only a JSON-able dict comes back.

    ``op`` is ``new``, ``load`` (a document from storage, a link or a file), ``act`` (with
    an ``action``), ``character`` (add a builder's ``character``), ``undo`` or ``redo``.
    The answer holds the checked ``doc``, the ``events`` of this step and the ``html``
    of the encounter; or ``ok: false`` with the ``error`` naming its field.
    """
    try:
        module = engine(str(request.get("system")))
        op = request.get("op")
        events: list[dict[str, Any]] = []
        if op == "new":
            doc = history.new(module)
        else:
            doc = history.validate(module, request.get("doc"))
            if op == "act":
                doc, events = history.apply(module, doc, request.get("action"))
            elif op == "character" and hasattr(module, "from_character"):
                fields = module.from_character(request.get("character"))
                doc, events = history.apply(module, doc, {"op": "add", "creature": fields})
            elif op == "undo":
                doc = history.undo(doc)
            elif op == "redo":
                doc = history.redo(doc)
            elif op != "load":
                raise InputError(
                    "op",
                    f"Unknown request {op!r}: use new, load, act, character, "
                    "undo or redo.",
                )
        links = request.get("links") or {}
        return {
            "ok": True,
            "doc": doc,
            "events": events,
            "html": render(module, doc, links if isinstance(links, dict) else {}),
        }
    except InputError as error:
        return {"ok": False, "error": error.to_json()}


def call(request_json: str) -> str:
    """The worker's entry point: JSON in, JSON out, never an exception.

    >>> json.loads(call("not json"))["error"]["field"]
    'encounter'
    """
    try:
        request = json.loads(request_json)
    except ValueError:
        request = None
    if not isinstance(request, dict):
        return json.dumps(
            {"ok": False, "error": {"field": "encounter", "message": "This is not JSON."}}
        )
    try:
        return json.dumps(handle(request))
    except Exception as error:  # noqa: BLE001 - the worker must survive any bug
        message = f"The tracker failed: {type(error).__name__}: {error}"
        return json.dumps({"ok": False, "error": {"field": "", "message": message}})
