"""The schema of rules data: which kinds of entry exist and what fields each has.

Every entry is a mapping with ``id``, ``kind``, ``name`` and ``source``; the
rest depends on its kind (see :data:`KINDS`). A system's ``system.yml`` holds
one ``system`` mapping; every other file holds a ``page`` mapping and an
``entries`` list, rendered in order on the page of the same name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9][a-z0-9_-]*)+$")
"""An entry id: ``<system>.<name>`` with lower-case words, e.g. ``arts.fatigue``."""

SYSTEM_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Field:
    """One field of an entry kind.

    ``type`` is one of: ``str`` (one line of plain text), ``text`` (Markdown),
    ``int``, ``bool``, ``level`` (heading level 2-6), ``scalar`` (str, int,
    float or bool), ``strs`` (list of str), ``ref``/``refs`` (ids of other
    entries, optionally restricted to ``ref_kinds``), ``source``, ``rows``
    (table rows), ``pairs`` (list of one-key mappings ``label: Markdown``), ``mapping``
    (checked field by field against its own field list), ``page`` (the name of one of
    the system's pages), ``mappings`` (a list of mappings, each checked against ``items``),
    ``lines`` (a list of strings or of mappings checked against ``items``), ``intmap``
    (names to whole numbers), ``strmap`` (names to one line of text), ``files`` (one file
    name, or a list of them) and ``any``.
    """

    name: str
    type: str
    required: bool = False
    ref_kinds: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    items: tuple[Field, ...] = ()


LICENSE_FIELDS: tuple[Field, ...] = (
    Field("spdx", "str", required=True),
    Field("attribution", "str", required=True),
    Field("url", "str"),
)
"""Fields of a ``license``: the SPDX identifier of the terms the text may be reused under
(``CC-BY-4.0``, ``OGL-1.0a``; ``NOASSERTION`` when the rulebook states none), the
attribution a reuse must carry, and where the terms are written. A system declares one in
``system.yml``; an entry may override it."""

COMMON: tuple[Field, ...] = (
    Field("id", "str", required=True),
    Field("kind", "str", required=True),
    Field("name", "str", required=True),
    Field("source", "source", required=True),
    Field("note", "text"),
    Field("unfinished", "text"),
    Field("license", "mapping", items=LICENSE_FIELDS),
)
"""Fields every entry has. ``note`` is an editorial note shown as an admonition;
``unfinished`` marks text the rulebook left incomplete (WIP, left blank); ``license``
overrides the book's licence for this entry."""

CALCULATOR_INPUT_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("kind", "str", required=True, choices=("int", "bool", "choice", "dice", "text")),
    Field("label", "str", required=True),
    Field("default", "scalar"),
    Field("min", "int"),
    Field("max", "int"),
    Field("choices", "strs"),
    Field("values", "intmap"),
    Field("help", "str"),
    Field("unit", "str"),
    Field("optional", "bool"),
    Field("assumption", "str"),
    Field("group", "str"),
)
"""Fields of each of a calculator's ``inputs``: ``calculators.declare.Input``'s, and a
choice's ``values`` (the whole number each choice means in expressions). An input with an
``assumption`` (an assumption entry's id) takes that entry's ``default``."""

CALCULATOR_OUTPUT_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("label", "str", required=True),
    Field(
        "kind",
        "str",
        required=True,
        choices=(
            "int", "bool", "fraction", "distribution", "number", "text", "list", "map", "grid"
        ),
    ),
    Field("value", "str"),
    Field("stat", "str", choices=("mean",)),
    Field("unit", "str"),
    Field("help", "str"),
)
"""Fields of each of a calculator's ``outputs``; ``value`` is a dice expression over the
input names (``calculators/declared/`` says what each kind makes of it). A calculator with
``compute`` gives no ``value``: its Python function returns every output, and only it may
have ``list``, ``map`` and ``grid`` outputs."""

BREAKDOWN_FIELDS: tuple[Field, ...] = (
    Field("text", "str", required=True),
    Field("when", "str"),
)
"""A breakdown line shown only ``when`` an expression is not 0."""

EFFECT_FIELDS: tuple[Field, ...] = (
    Field("changes", "str"),
    Field("deal", "str", choices=("fatigue", "stress")),
    Field("relieve", "str", choices=("fatigue", "stress", "chosen")),
    Field("status", "str"),
    Field("of", "strs"),
    Field("base", "int"),
    Field("per_tier", "int"),
    Field("plus", "str"),
    Field("when", "str", choices=("use", "success", "critical")),
    Field("to", "str", choices=("target", "self")),
    Field("instead", "bool"),
    Field("each_target_beyond_first", "bool"),
)
"""Fields of each of an ability's ``effects``, its card's numbers as data. Each effect does
one thing, by ``base + per_tier × Tier``:

- ``changes``: a number. On a passive (no ``when``), one of the character's derived numbers
  (the core names them, e.g. ``fatigue_tolerance``): "by 1+[Tier]" is base 1, per_tier 1; the
  builder's sheet, the tracker's creature and the calculators all count it. On an action,
  a number of the ability itself that the tracker reports (``targets``, ``push``, ``move``,
  ``boons``, ``range``, ``area``, ``aura``, ``movement_spent``).
- ``deal``: ``fatigue`` or ``stress`` points dealt (``plus``: a status id whose stacks on the
  target are added, as Assassinate's "one plus the number of stacks of Mark").
- ``relieve``: ``fatigue`` or ``stress`` points reduced, or ``chosen``: the one the user
  chooses at the table (Ameliorate's "Fatigue or Stress"), given when the ability is used.
- ``status``: ``chosen`` with ``of`` (status ids): the one the user chooses, given when the
  ability is used (Infuse Weapon's "choose one of the following statuses"); or
  a status entry's id, gained with that many stacks (1 when it has no parameter).

``when`` says when (``use``: whenever it is used; ``success``: on a success or a Critical;
``critical``: on a Critical only), ``to`` on whom (``target``, the default, or ``self``);
``instead`` marks a Critical's effect that replaces the success's effect of the same kind;
``each_target_beyond_first`` scales it by the targets beyond the first ("1 Stress for each
character in the area beyond the first")."""

CHECK_STAT_FIELDS: tuple[Field, ...] = (
    Field("label", "str", required=True),
    Field("default", "int"),
    Field("min", "int"),
    Field("max", "int"),
    Field("help", "str"),
)
"""The number a check adds or rolls (``stat`` in its expressions)."""

CHECK_BAND_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("when", "str"),
)
"""One outcome of a check: the first band whose ``when`` (over ``total``, ``stat`` and
the inputs) holds; the last may have no ``when``."""

TIMED_EFFECT_FIELDS: tuple[Field, ...] = (
    Field("mark", "str", required=True),
    Field("by", "int"),
)
"""What a status does at a turn's or a round's start or end: ``mark`` a track of the
creature (a ``tracks`` name of the book's tracker) ``by`` that many boxes (default 1)."""

STATUS_TRACKER_FIELDS: tuple[Field, ...] = (
    Field("ends", "str", choices=("removed", "turn_end", "round_end", "scene")),
    Field("rounds", "int"),
    Field("turn_start", "mapping", items=TIMED_EFFECT_FIELDS),
    Field("turn_end", "mapping", items=TIMED_EFFECT_FIELDS),
    Field("round_end", "mapping", items=TIMED_EFFECT_FIELDS),
    Field("modifier", "int"),
    Field("checks", "refs", ref_kinds=("check",)),
)
"""A status's behaviour in the encounter tracker (:mod:`calculators.tracker.declared`):
when it ``ends`` (removed by the GM, the default; at the end of the creature's turn, of
the round, or of the scene) or after ``rounds``; what it marks at the creature's
``turn_start`` or ``turn_end`` or at each ``round_end``; and the ``modifier`` it adds to
the creature's rolls of ``checks`` (of every check when none is named)."""

TRACKER_STAT_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("label", "str", required=True),
    Field("default", "int"),
    Field("min", "int"),
    Field("max", "int"),
    Field("entry", "ref"),
)
TRACK_STEP_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("modifier", "int"),
)
TRACK_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("label", "str", required=True),
    Field("rule", "ref", required=True),
    Field("boxes", "int"),
    Field("steps", "mappings", items=TRACK_STEP_FIELDS),
    Field("full", "str"),
)
"""A track of a creature: ``boxes`` to mark, or named ``steps`` (each with the
``modifier`` it puts on the creature's rolls); ``full`` says what a full track means."""
INITIATIVE_FIELDS: tuple[Field, ...] = (
    Field("roll", "str", required=True),
    Field("rule", "ref", required=True),
    Field("ties", "strs"),
)
"""How initiative is rolled (dice over the stats' names), the rule, and the stats that
break ties, in order (the higher goes first)."""

FORM_FIELD_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("label", "str", required=True),
    Field("kind", "str", required=True, choices=("int", "text", "choice", "flag")),
    Field("default", "scalar"),
    Field("min", "int"),
    Field("max", "int"),
    Field("choices", "strmap"),
    Field("optional", "bool"),
    Field("help", "str"),
)
"""A field of a tracker's form (the add form, a setting, an action's): a whole number
from ``min`` to ``max`` (default 0 to 999), ``text``, a ``choice`` of ``choices`` (value:
label) or a ``flag``; a setting's ``name`` is the assumption entry it sets, and its
``default`` (when none is given) is that entry's."""
TRACKER_RULE_FIELDS: tuple[Field, ...] = (
    Field("id", "str", required=True),
    Field("name", "str", required=True),
    Field("entry", "ref", required=True),
    Field("does", "str", required=True),
    Field("follows", "refs", ref_kinds=("assumption",)),
)
"""A rule the tracker applies, cited in the events it makes: its ``id``, its ``name``, the
``entry`` it comes from (linked on the page), what it ``does`` in a sentence and the
assumption entries it ``follows``."""
TRACKER_LIMIT_FIELDS: tuple[Field, ...] = (
    Field("id", "str", required=True),
    Field("name", "str", required=True),
    Field("reset", "str", required=True, choices=("turn", "round")),
    Field("rule", "str", required=True),
)
"""A use a creature has once a ``round``, or once until its next ``turn``."""
TRACKER_OTHER_FIELDS: tuple[Field, ...] = (
    Field("does", "text", required=True),
    Field("entries", "refs", required=True),
)
"""Rules of the book that are not the source of one of the tracker's ``rules``, under what
the tracker ``does`` with them: applied with another rule, or not applied, and why. Every
section and status of a book with a tracker is one or the other; the tracker page lists
these under the rules it applies."""
TRACKER_ACTION_FIELDS: tuple[Field, ...] = (
    Field("op", "str", required=True),
    Field("label", "str", required=True),
    Field("scope", "str", required=True, choices=("creature", "encounter")),
    Field("rule", "str", required=True),
    Field("fields", "mappings", items=FORM_FIELD_FIELDS),
    Field("rolls", "bool"),
    Field("common", "bool"),
    Field("help", "str"),
    Field("when", "str", choices=("setup", "running")),
)
"""An action of the tracker: its ``op`` (the book's handler of that name applies it), the
button's ``label``, on a ``creature`` or on the ``encounter``, the ``rule`` (a ``rules``
id) it applies, its form's ``fields``; ``rolls`` (it takes a seed), ``common`` (a big
button) and ``when`` the page offers it (``setup``, ``running``; always when absent)."""

BUILDER_ATTRIBUTE_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("label", "str", required=True),
    Field("entry", "ref"),
)
BUILDER_PICK_FIELDS: tuple[Field, ...] = (
    Field("name", "str", required=True),
    Field("label", "str", required=True),
    Field("from", "strs", required=True),
    Field("count", "int"),
    Field("rule", "ref"),
)
"""A pick from a list: ``count`` of the options ``from`` (entry ids, shown by name and
linked, or words)."""
BUILDER_VALUE_FIELDS: tuple[Field, ...] = (
    Field("label", "str", required=True),
    Field("value", "str", required=True),
)
"""A derived value of the sheet: a formula over the attributes' names."""

KINDS: dict[str, tuple[Field, ...]] = {
    "section": (
        Field("level", "level", required=True),
        Field("text", "text"),
    ),
    "term": (
        Field("text", "text", required=True),
        Field("aliases", "strs"),
        Field("see", "ref"),
        Field("tag", "str"),
    ),
    "prose": (Field("text", "text", required=True),),
    "sidebar": (Field("text", "text", required=True),),
    "attribute": (
        Field("abbr", "str", required=True),
        Field("level", "level", required=True),
        Field("text", "text", required=True),
        Field("parent", "ref", ref_kinds=("attribute",)),
        Field("aliases", "strs"),
    ),
    "art": (
        Field("group", "str", required=True, choices=("combat", "utility", "defense")),
        Field("attributes", "refs", required=True, ref_kinds=("attribute",)),
        Field("level", "level", required=True),
        Field("items", "strs"),
        Field("aliases", "strs"),
    ),
    "ability": (
        Field("group", "ref", required=True, ref_kinds=("art", "section")),
        Field("level", "level", required=True),
        Field("fields", "pairs", required=True),
        Field("text", "text"),
        Field("aliases", "strs"),
        Field("effects", "mappings", items=EFFECT_FIELDS),
        Field("unapplied", "text"),
    ),
    "status": (
        Field("group", "str", required=True, choices=("status", "buff")),
        Field("parameter", "bool"),
        Field("text", "text", required=True),
        Field("aliases", "strs"),
        Field("see", "ref"),
        Field("tracker", "mapping", items=STATUS_TRACKER_FIELDS),
    ),
    "tracker": (
        Field("text", "text"),
        Field("rule", "ref", required=True),
        Field("stats", "mappings", items=TRACKER_STAT_FIELDS),
        Field("tracks", "mappings", items=TRACK_FIELDS),
        Field("initiative", "mapping", items=INITIATIVE_FIELDS),
        Field("checks", "refs", ref_kinds=("check",)),
        Field("assumptions", "refs", ref_kinds=("assumption",)),
        Field("rules", "mappings", items=TRACKER_RULE_FIELDS),
        Field("initiative_rule", "str"),
        Field("order_rule", "str"),
        Field("fields", "mappings", items=FORM_FIELD_FIELDS),
        Field("stored", "strs"),
        Field("settings", "mappings", items=FORM_FIELD_FIELDS),
        Field("limits", "mappings", items=TRACKER_LIMIT_FIELDS),
        Field("actions", "mappings", items=TRACKER_ACTION_FIELDS),
        Field("examples", "mappings"),
        Field("other", "mappings", items=TRACKER_OTHER_FIELDS),
    ),
    "builder": (
        Field("text", "text"),
        Field("rule", "ref", required=True),
        Field("attributes", "mappings", required=True, items=BUILDER_ATTRIBUTE_FIELDS),
        Field("start", "int"),
        Field("min", "int"),
        Field("max", "int"),
        Field("budget", "int"),
        Field("below", "int"),
        Field("costs", "mapping"),
        Field("picks", "mappings", items=BUILDER_PICK_FIELDS),
        Field("values", "mappings", items=BUILDER_VALUE_FIELDS),
        Field("example", "mapping"),
    ),
    "table": (
        Field("columns", "strs", required=True),
        Field("rows", "rows", required=True),
        Field("text", "text"),
        Field("roll", "str"),
    ),
    "formula": (
        Field("text", "text", required=True),
        Field("expression", "str"),
    ),
    "assumption": (
        Field("text", "text", required=True),
        Field("reason", "text", required=True),
        Field("default", "scalar"),
        Field("applies_to", "refs", required=True),
    ),
    "check": (
        Field("level", "level"),
        Field("text", "text"),
        Field("rule", "ref"),
        Field("help", "str"),
        Field("roll", "str", required=True),
        Field("stat", "mapping", items=CHECK_STAT_FIELDS),
        Field("inputs", "mappings", items=CALCULATOR_INPUT_FIELDS),
        Field("modes", "strmap"),
        Field("bands", "mappings", required=True, items=CHECK_BAND_FIELDS),
        Field("assumptions", "refs", ref_kinds=("assumption",)),
    ),
    "calculator": (
        Field("rule", "ref", required=True),
        Field("help", "str"),
        Field("compute", "str"),
        Field("rolls", "bool"),
        Field("roll", "str"),
        Field("inputs", "mappings", required=True, items=CALCULATOR_INPUT_FIELDS),
        Field("let", "strmap"),
        Field("outputs", "mappings", required=True, items=CALCULATOR_OUTPUT_FIELDS),
        Field("breakdown", "lines", items=BREAKDOWN_FIELDS),
        Field("assumptions", "refs", ref_kinds=("assumption",)),
    ),
}
"""Kind name -> the fields (beyond :data:`COMMON`) that kind has. A ``term``'s ``tag`` is
the kind a rulebook gives it (``Blinded [Condition]``); ``prose`` is Markdown between other
entries, under no heading of its own; a ``sidebar`` is a titled box (``name``); a ``table``
with ``roll`` (a die, ``d6``) is a roll table: its first column holds results or ranges
(:mod:`macros.load.rolltable`). A ``calculator`` entry
declares a calculator without Python: its id is the calculator's, ``name`` its title,
``rule`` the entry it computes; ``roll`` is the dice it rolls (with a seed, or from the
faces of a ``dice`` input); ``let`` names whole numbers its outputs share; ``breakdown``
lines are templates filled with the inputs, lets and outputs (``{load}``). A ``let`` that
rolls dice (or uses ``roll``) is a *named roll*: rolled once, every output that reads it sees
the same roll, with exact joint odds. Where a formula cannot say the rule, ``compute``
names a Python function of the book's package (``damage.compute_damage``: the module
``calculators/books/<book>/damage.py``), checked when the data loads; it takes the inputs
as keyword arguments and returns every output (``rolls: true`` if it rolls with the
``seed``). It is not shown where it stands: its form follows its ``rule`` entry.

A ``check`` is a core roll as the rulebook states it (:mod:`calculators.declared.check`):
``roll`` over ``stat``, other ``modes`` of rolling it, and outcome ``bands``; it shows the
exact odds of each band for each stat value and mode where it stands, and its calculator
(its own id) follows it. A ``tracker`` declares the book's encounter tracker
(:mod:`calculators.tracker.declared`): the creature's ``stats`` and ``tracks``, its
``initiative``, the ``checks`` a creature rolls, and ``rule``, the rule of turns and
rounds; each status's ``tracker`` says what it does there. A book whose tracker has Python
(``calculators/books/<id>/tracker``) declares there what that Python applies: its
``rules`` (cited in events), the add form's ``fields``, the keys ``stored`` on a creature,
the ``settings`` a GM may change, ``limits``, ``actions`` (each applied by the handler of
its ``op``), ``examples`` and which rules are the ``initiative_rule`` and the
``order_rule``. A ``builder`` declares the
book's character builder (:mod:`calculators.builders.declared`): a point-buy over
``attributes`` (``start``, ``min``, ``max``, ``budget``, ``costs`` by value, how many may go
``below`` the start), ``picks`` from lists and derived ``values``; ``example`` is the
character its "Load the example" button shows. A book declares one of each at most."""

LINKABLE_KINDS: frozenset[str] = frozenset(
    {"term", "attribute", "art", "ability", "status", "check"}
)
"""Kinds whose names are linked wherever they are mentioned in the same system."""

SOURCES_DIR = "sources"
"""Folder (beside ``rules_data/``) holding each system's rulebook, unchanged; ``seed`` names it."""

SYSTEM_FIELDS: tuple[Field, ...] = (
    Field("id", "str", required=True),
    Field("name", "str", required=True),
    Field("seed", "files", required=True),
    Field("text", "text", required=True),
    Field("pages", "strs", required=True),
    Field("note", "text"),
    Field("repairs", "strs", choices=("mojibake", "haml")),
    Field("summary", "mapping", required=True),
    Field("rulebook", "mapping", required=True),
    Field("license", "mapping", items=LICENSE_FIELDS),
)
"""Fields of the ``system`` mapping in ``<system>/system.yml``."""

SUMMARY_FIELDS: tuple[Field, ...] = (
    Field("game", "str", required=True),
    Field("dice", "text", required=True),
    Field("damage", "text", required=True),
    Field("creation", "text", required=True),
    Field("creation_page", "page"),
    Field("start", "page", required=True),
)
"""Fields of ``system.summary``, the system's card on the front page: what kind of
game it is, its core dice mechanic, how damage works, whether it has character
creation (``creation_page`` names the page that has it), and the page to start
with. ``page`` fields name one of the system's ``pages``."""

RULEBOOK_FIELDS: tuple[Field, ...] = (
    Field("title", "str"),
    Field("lines", "int", required=True),
    Field("holds", "text", required=True),
)
"""Fields of ``system.rulebook``, the source file on the Sources page: its title as
the rulebook gives it (absent when it gives none), its length in lines and what it holds."""

PAGE_FIELDS: tuple[Field, ...] = (
    Field("title", "str", required=True),
    Field("text", "text"),
)
"""Fields of the ``page`` mapping at the top of every other data file."""
