"""Inline dice: every dice expression and contest in rules text becomes a live element.

A pass over an entry's Markdown beside the term linker (not inside its term
matching) finds

* dice notation the rulebooks write (``2d6``, ``d6``, ``D10``, ``1d6-2``,
  ``3 d6``): a regular expression proposes, :func:`calculators.notation.parse`
  confirms;
* explicit marks in ``rules_data`` text, where the rulebook says a roll in words
  or where its notation means something else than it reads. The words stay as
  the rulebook wrote them; only the brackets and braces are added::

      [the highest two rolls]{dice=3d6kh2}   roll 3d6kh2 when clicked
      [2d10]{dice=d100}                      read as d100 (one d10 is the tens place)
      [3d6]{dice=none}                       plain text: not a roll of its own
      [contested by]{contest=MIG:END}        an opposed roll (``<system>.contest``)
      [roll 2d6 + Guile]{check=heist.action} the book's check, its band named when rolled

Each becomes a ``<button data-dice="…">`` (or ``data-contest="…"`` with
``data-contest-calc``, the book's contest calculator; not ``data-calc``, which marks a
calculator) holding the rulebook's words, followed by a popover with the odds computed
here, at build time (mean, range, a small chart), which CSS shows on hover and focus, so
it works without JavaScript; ``macros/assets/dice.js`` rolls it when clicked. The
popover carries ``rb-added``: text the site adds, not rulebook text (the seed
coverage test skips it) and ``data-search-exclude`` (the search index too). It is a
``<small>`` holding spans: Material's search parser tells elements apart by tag name
only, so an excluded ``<span>`` would stop being excluded at its first inner ``</span>``.

The pass swaps each roll for a placeholder before the linker runs and puts the
HTML back after, so the linker never links inside a roll's words or its HTML.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from html import escape

import calculators
from calculators.errors import InputError
from calculators.notation import parse
from calculators.present import percent
from calculators.registry import REGISTRY

from ..load.rulesdata import Entry, RulesData
from .linker import outside_protected
from .urls import dom_id, site_href

#: An explicit mark: ``[words]{dice=EXPR}``, ``[words]{dice=none}``, ``[words]{contest=A:B}``
#: or ``[words]{check=ID}`` (a move that rolls the book's check ``ID``).
MARK = re.compile(
    r"\[(?P<words>[^\[\]\n]+)\]\{(?P<kind>dice|contest|check)=(?P<value>[^{}\s]+)\}"
)
#: Dice notation as the rulebooks write it: a count (maybe one space before the
#: ``d``), ``d`` or ``D``, the sides (``d66``: digit dice), keep/drop, then the numbers
#: added, subtracted or multiplied by, read whole (``1d6-2``, ``2d6 - 1 + 3``, ``2d6 × 10``,
#: ``1d6x100``; ``1d10+(...)`` stops before the ``+``, and ``2d6 - 1 + Might`` is the roll
#: ``2d6 - 1``: a name is not a number). Not a plural (``d6s``).
AUTO = re.compile(
    r"(?<![\w.])(?P<count>\d+ ?)?[dD](?P<sides>\d+|%)(?P<keep>[kd][hl]\d+)?"
    r"(?P<add>(?: ?[-+×xX*] ?\d+(?![\w(%/]|\.\d|[,.]\d| ?[dD]\d))*)(?![\w(])"
)
#: The multiplication signs of :data:`AUTO`, as the dice language writes them.
_TIMES = str.maketrans({"×": "*", "x": "*", "X": "*"})
#: What stands for a roll while the linker works: no letters, so no term matches it.
_HOLD = re.compile("\x02(\\d+)\x03")
#: The calculator behind a book's ``{contest=...}`` marks: ``<system>.contest``, which answers
#: ``p_success``, ``p_critical``, ``p_tie``, ``distribution`` (the margin) and, with a seed,
#: ``result`` (``attacker_total``, ``defender_total``, ``outcome``, ``margin``) and ``rolled``.
CONTEST_NAME = "contest"


def contest_calc(system: str) -> str:
    """The id of the calculator that rolls ``system``'s contests.

    >>> contest_calc("arts")
    'arts.contest'
    """
    return f"{system}.{CONTEST_NAME}"


@dataclass(frozen=True)
class Odds:
    """Exact odds of one dice expression: its standard text, mean, range and distribution."""

    expression: str
    mean: Fraction
    low: int
    high: int
    pairs: tuple[tuple[int, Fraction], ...]

    def summary(self) -> str:
        """``mean 7, 2–12`` (the mean exact, with a decimal when it is not whole).

        >>> odds("3d6kh2").summary()
        'mean 8.46 (203/24), 2–12'
        """
        return f"mean {number(self.mean)}, {self.low}–{self.high}"


def number(value: Fraction) -> str:
    """A fraction for reading: whole numbers plain, others as a decimal and the fraction.

    >>> number(Fraction(7)), number(Fraction(7, 2)), number(Fraction(-3, 2))
    ('7', '3.5 (7/2)', '−1.5 (−3/2)')
    """
    if value.denominator == 1:
        return str(value.numerator).replace("-", "−")
    shown = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return f"{shown} ({value.numerator}/{value.denominator})".replace("-", "−")


@cache
def odds(expression: str) -> Odds:
    """The exact odds of ``expression``, computed once per distinct expression.

    >>> o = odds("2d6")
    >>> o.expression, o.mean, o.low, o.high, len(o.pairs)
    ('2d6', Fraction(7, 1), 2, 12, 11)
    """
    parsed = parse(expression)
    dist = parsed.distribution()
    pairs = tuple((int(x), Fraction(p)) for x, p in dist.to_pairs())
    return Odds(parsed.text(), dist.mean(), dist.min_outcome(), dist.max_outcome(), pairs)


def auto_expression(match: re.Match[str]) -> str | None:
    """The expression an :data:`AUTO` match stands for, if the dice language reads it.

    >>> auto_expression(AUTO.search("add 3 d6 base")), auto_expression(AUTO.search("(1d6-2)"))
    ('3d6', '1d6-2')
    >>> auto_expression(AUTO.search("roll 2d6 - 1 + Might")), AUTO.search("1d20 + 5.").group(0)
    ('2d6-1', '1d20 + 5')
    >>> auto_expression(AUTO.search("a d0 is no die"))
    >>> auto_expression(AUTO.search("2d6 × 10 crowns")), auto_expression(AUTO.search("1d6x100"))
    ('2d6*10', '1d6*100')
    """
    text = match.group(0).replace(" ", "").translate(_TIMES)
    try:
        odds(text)
    except InputError:
        return None
    return text


@cache
def contest_result(calc_id: str) -> dict[str, object]:
    """A contest calculator at its default inputs (equal modifiers, no Boons or Banes).

    >>> contest_result("arts.contest")["p_tie"]
    '73/648'
    """
    return calculators.run(calc_id, {})


def spark(pairs: tuple[tuple[int, Fraction], ...]) -> str:
    """A tiny bar chart of a distribution, hidden from screen readers (the text says it).

    >>> spark(((1, Fraction(1, 2)), (2, Fraction(1, 2)))).count("--h:100.0%")
    2
    """
    top = max(p for _, p in pairs)
    bars = "".join(f'<span style="--h:{float(p / top * 100):.1f}%"></span>' for _, p in pairs)
    return f'<span class="rb-spark" aria-hidden="true">{bars}</span>'


def _text(value: str) -> str:
    """HTML-escaped text that Markdown leaves alone (no emphasis from ``*`` or ``_``).

    >>> _text("a*b_c <d>")
    'a&#42;b&#95;c &lt;d&gt;'
    """
    return escape(value, quote=True).replace("*", "&#42;").replace("_", "&#95;")


def plain(markdown: str) -> str:
    """Markdown with explicit marks reduced to their words (for print and hover text).

    >>> plain("it uses [the highest two rolls]{dice=3d6kh2} to resolve")
    'it uses the highest two rolls to resolve'
    """
    return MARK.sub(lambda m: m.group("words"), markdown)


def check_marks(data: RulesData) -> list[str]:
    """Every explicit mark that cannot work, as ``file:line: field: message``.

    A ``dice`` value must be ``none`` or an expression of the dice language; a
    ``contest`` value is ``A:B``, in a book that has a contest calculator
    (:func:`contest_calc`). Run after the data is exported (the calculator may be declared
    in the rules data).
    """
    problems = []
    for entry in data.entries.values():
        for field, text in _texts(entry):
            for mark in MARK.finditer(text):
                message = _mark_problem(entry, mark)
                if message:
                    line = entry.data.get("_key_lines", {}).get(field.split(".")[0], entry.line)
                    problems.append(f"{entry.file}:{line}: {field}: {message}")
    return problems


def _mark_problem(entry: Entry, mark: re.Match[str]) -> str | None:
    kind, value = mark.group("kind"), mark.group("value")
    if kind == "dice":
        if value == "none":
            return None
        try:
            odds(value)
        except InputError as error:
            return f"{mark.group(0)}: not a dice expression ({error})"
        return None
    if kind == "check":
        if REGISTRY.find(value) is None or not REGISTRY.find(value).extra.get("check"):
            return f"{mark.group(0)}: no check with id {value!r} (a check entry's id)"
        return None
    sides = value.split(":")
    if len(sides) != 2 or not all(sides):
        return f"{mark.group(0)}: a contest is written contest=ROLLER:DEFENDER"
    calc_id = contest_calc(entry.system)
    if REGISTRY.find(calc_id) is None:
        return (
            f"{mark.group(0)}: a contest is rolled by the calculator {calc_id}, which the book "
            f"{entry.system!r} does not have"
        )
    return None


def _texts(entry: Entry) -> Iterator[tuple[str, str]]:
    """Every text field of an entry the renderer links (where marks may be)."""
    for key in ("text", "reason", "unfinished", "note"):
        value = entry.get(key)
        if isinstance(value, str):
            yield key, value
    for index, item in enumerate(entry.get("items") or []):
        yield f"items.{index}", str(item)
    for label, value in entry.pairs("fields") if entry.get("fields") else []:
        yield f"fields.{label}", str(value)
    for index, row in enumerate(entry.get("rows") or []):
        for cell in row:
            yield f"rows.{index}", str(cell)


class InlineDice:
    """Turns the rolls in rules Markdown into live elements (or, for print, plain words)."""

    def __init__(self, data: RulesData, live: bool = True) -> None:
        """``live=False`` renders every roll as its plain words (a print document)."""
        self.data = data
        self.live = live
        self._ids = itertools.count(1)

    def render(
        self, markdown: str, link: Callable[[str], str], doc: str, system: str = ""
    ) -> str:
        """``link(markdown)`` with every roll outside code, links and tags made live.

        ``system`` is the book the text belongs to (its contests roll its contest
        calculator); by default the folder of ``doc``.

        The words of a mark are kept from ``link`` (here: upper-casing); with
        ``live=False`` the rest is left to it unchanged:

        >>> dice = InlineDice(RulesData({}, {}), live=False)
        >>> dice.render("Roll [2d10]{dice=d100}, then 1d6.", str.upper, "x.md")
        'ROLL 2d10, THEN 1D6.'
        >>> live = InlineDice(RulesData({}, {})).render("roll `2d6` or 2d6", str, "x.md")
        >>> live.count("data-dice="), live.startswith("roll `2d6` or <span")
        (1, True)
        """
        held: list[str] = []

        def hold(html: str) -> str:
            held.append(html)
            return f"\x02{len(held) - 1}\x03"

        book = system or doc.partition("/")[0]
        marked = outside_protected(markdown, lambda text: self._mark(text, hold, doc, book))
        return _HOLD.sub(lambda m: held[int(m.group(1))], link(marked))

    def _mark(self, text: str, hold: Callable[[str], str], doc: str, system: str) -> str:
        """Explicit marks first, then notation found in the words between them."""
        out: list[str] = []
        position = 0
        for mark in MARK.finditer(text):
            out.append(self._auto(text[position : mark.start()], hold))
            words, kind, value = mark.group("words", "kind", "value")
            if not self.live or (kind == "dice" and value == "none"):
                out.append(hold(_text(words)))
            elif kind == "dice":
                out.append(hold(self.dice_html(words, value)))
            elif kind == "check":
                out.append(hold(self.check_html(words, value, doc)))
            else:
                roller, defender = value.split(":")
                calc_id = contest_calc(system)
                out.append(hold(self.contest_html(words, roller, defender, doc, calc_id)))
            position = mark.end()
        out.append(self._auto(text[position:], hold))
        return "".join(out)

    def _auto(self, text: str, hold: Callable[[str], str]) -> str:
        if not self.live:
            return text

        def swap(match: re.Match[str]) -> str:
            expression = auto_expression(match)
            if expression is None:
                return match.group(0)
            return hold(self.dice_html(match.group(0), expression))

        return AUTO.sub(swap, text)

    def table_html(self, name: str, roll: str, rows: list[tuple[int, int, str]]) -> str:
        """A roll table's roll (``roll d66`` in its caption): rolled, the roll log names the
        row the total falls in and the page highlights it (``macros/assets/dice.js``).
        ``rows`` holds each row's lowest and highest result and its words, in order.

        >>> html = InlineDice(RulesData({}, {})).table_html("Wolves", "d66", [(11, 66, "W")])
        >>> 'data-table="Wolves" data-rows="&#91;&#91;11, 66, &quot;W&quot;&#93;&#93;"' in html
        True
        >>> InlineDice(RulesData({}, {}), live=False).table_html("Wolves", "d66", [])
        'roll d66'
        """
        words = f"roll {roll}"
        if not self.live:
            return _text(words)
        spans = _text(json.dumps(rows)).replace("[", "&#91;").replace("]", "&#93;")  # no links
        attributes = f'data-table="{_text(name)}" data-rows="{spans}" '
        return self.dice_html(words, roll, attributes, "the roll log names the row")

    def dice_html(
        self, words: str, expression: str, attributes: str = "",
        logged: str = "the roll goes to the roll log",
    ) -> str:
        """A roll: the rulebook's words as a button, then its odds (shown on hover and focus).

        >>> html = InlineDice(RulesData({}, {})).dice_html("2d6", "2d6")
        >>> 'data-dice="2d6" aria-describedby="rb-dice-1">2d6</button>' in html
        True
        >>> "2d6: mean 7, 2–12" in html
        True
        """
        found = odds(expression)
        uid = f"rb-dice-{next(self._ids)}"
        said = f"{found.expression}: {found.summary()}"
        return (
            f'<span class="rb-dice"><button type="button" class="rb-dice-roll" {attributes}'
            f'data-dice="{_text(found.expression)}" aria-describedby="{uid}">{_text(words)}'
            f'</button><small class="rb-dice-odds rb-added" id="{uid}" role="tooltip" '
            f'data-search-exclude><span class="rb-dice-said">{_text(said)}</span>'
            f"{spark(found.pairs)}"
            f'<span class="rb-dice-hint">Click to roll it; {logged}.</span>'
            "</small></span>"
        )

    def _calc_link(self, calc_id: str, doc: str) -> str:
        """A link to the calculator ``calc_id`` beside its rule, or nothing."""
        calc = calculators.get(calc_id)
        rule = self.data.entries.get(calc.rule) if calc.rule else None
        if rule is None:
            return ""
        url = site_href(f"{rule.system}/{rule.page}.md", dom_id(calc_id), doc)
        path, _, fragment = url.partition("#")
        url = f"{path or './'}?calc={calc_id}#{fragment}"
        return f' <a href="{_text(url)}">Open the {_text(calc.title)} calculator</a>'

    def check_html(self, words: str, check_id: str, doc: str) -> str:
        """A move that rolls the book's check ``check_id``: the words as a button, each
        band's chance with the stat at its default (no character is known), and a link to
        the check's calculator; rolled, the log names the band."""
        calc = calculators.get(check_id)
        result = calculators.run(check_id, {})
        uid = f"rb-dice-{next(self._ids)}"
        stat = next((i for i in calc.inputs if i.name == "stat"), None)
        given = f" with {stat.label} {stat.default} (no character is known here)" if stat else ""
        chances = "; ".join(
            f"{output.label} {percent(str(result[output.name]))} ({result[output.name]})"
            for output in calc.outputs
            if output.kind == "fraction"
        )
        pairs = tuple((int(x), Fraction(p)) for x, p in result["distribution"])
        said = f"{calc.title}{given}: {chances}."
        return (
            f'<span class="rb-dice rb-check"><button type="button" class="rb-dice-roll" '
            f'data-check="{_text(check_id)}" data-check-name="{_text(calc.title)}" '
            f'aria-describedby="{uid}">{_text(words)}</button>'
            f'<small class="rb-dice-odds rb-added" id="{uid}" data-search-exclude>'
            f'<span class="rb-dice-said">{_text(said)}</span>{spark(pairs)}'
            f'<span class="rb-dice-hint">Click to roll it{_text(given)}; the roll log names '
            "the outcome.</span>"
            f"{self._calc_link(check_id, doc)}</small></span>"
        )

    def contest_html(
        self, words: str, roller: str, defender: str, doc: str, calc_id: str
    ) -> str:
        """An opposed roll (the book's contest calculator ``calc_id``): the words as a button,
        the odds at equal modifiers.

        The reader's modifiers are unknown here, so the odds and the roll use 0 for both;
        the popover says so and links to the full calculator.
        """
        result = contest_result(calc_id)
        uid = f"rb-dice-{next(self._ids)}"
        calc = calculators.get(calc_id)
        link = self._calc_link(calc_id, doc)
        margin = tuple((int(x), Fraction(p)) for x, p in result["distribution"])  # type: ignore[union-attr]
        chances = "; ".join(
            f"{output.label.lower()} {percent(str(result[output.name]))} ({result[output.name]})"
            for output in calc.outputs
            if output.kind == "fraction"
        )
        said = (
            f"{roller} contested by {defender}: {calc.help} With equal modifiers "
            f"(0 and 0 here: no character is known): {chances}."
        )
        return (
            f'<span class="rb-dice rb-contest"><button type="button" class="rb-dice-roll" '
            f'data-contest="{_text(roller)}:{_text(defender)}" '
            f'data-contest-calc="{_text(calc_id)}" '
            f'aria-describedby="{uid}">'
            f"{_text(words)}</button>"
            f'<small class="rb-dice-odds rb-added" id="{uid}" data-search-exclude>'
            f'<span class="rb-dice-said">{_text(said)}</span>{spark(margin)}'
            '<span class="rb-dice-hint">Click to roll it with modifiers 0.</span>'
            f"{link}</small></span>"
        )
