"""Render rules entries as Markdown for MkDocs (no rules logic here)."""

from __future__ import annotations

from collections.abc import Callable

from ..load import rolltable
from ..load.rulesdata import Entry, Page, RulesData
from ..load.schema import LINKABLE_KINDS
from . import filtering, odds
from .dice import InlineDice
from .linker import Linker, Target, href, title_text
from .share import mark_entry
from .urls import anchor


def title_entry(page: Page) -> Entry | None:
    """The page's first entry when it is a section repeating the page's title."""
    entries = page.entries
    if entries and entries[0].kind == "section" and entries[0].name == page.title:
        return entries[0]
    return None


def page_anchor(page: Page) -> str:
    """The HTML id of a page's title: its title entry's, else ``page-<system>-<page>``.

    Entry anchors start with the system id, so the second form cannot clash with them.

    >>> page_anchor(Page("arts", "combat", "Combat", "", "arts/combat.yml"))
    'page-arts-combat'
    """
    first = title_entry(page)
    return anchor(first.id) if first else f"page-{page.system}-{page.name}"


def cell(value: object) -> str:
    """A table cell as Markdown, with pipes and newlines made safe.

    >>> cell("a | b")
    'a \\\\| b'
    """
    return str(value).replace("|", "\\|").replace("\n", " ")


class Renderer:
    """Turns validated rules data into Markdown, linking names to definitions."""

    def __init__(
        self,
        data: RulesData,
        after: Callable[[Entry, str], str] | None = None,
        home: Callable[[Entry], str] | None = None,
        shift: int = 0,
        live_dice: bool = True,
        filters: bool = True,
    ) -> None:
        """``after`` adds Markdown after an entry (its calculators); ``home`` is the docs
        page an entry is linked to (its own page unless given: a print page gathers a
        whole system); ``shift`` moves every heading down that many levels (at most to 6);
        ``live_dice=False`` leaves dice expressions as plain words (print);
        ``filters=False`` renders no list a reader can filter (print: all of it, always).
        """
        self.data = data
        self.after = after or (lambda entry, doc: "")
        self.home = home or (lambda entry: entry.doc)
        self.shift = shift
        self.filters = filters
        self.dice = InlineDice(data, live=live_dice)
        self.linkers: dict[str, Linker] = {}
        for system in data.systems:
            names: dict[str, Target] = {}
            for entry in data.entries.values():
                if entry.system != system or entry.kind not in LINKABLE_KINDS:
                    continue
                target = Target(
                    entry.id,
                    self.home(entry),
                    anchor(entry.id),
                    title_text(f"{entry.name}: {self.summary(entry)}"),
                )
                for name in [entry.name, entry.get("abbr"), *(entry.get("aliases") or [])]:
                    if name:
                        names.setdefault(name, target)
            self.linkers[system] = Linker(names)
        self._kinds: dict[str, Callable[[Entry, str], str]] = {
            "section": self.section,
            "term": self.definition,
            "prose": self.prose,
            "sidebar": self.sidebar,
            "status": self.definition,
            "attribute": self.attribute,
            "art": self.art,
            "ability": self.ability,
            "table": self.table,
            "formula": self.formula,
            "assumption": self.assumption,
            "check": self.check,
            "tracker": self.tracker,
            "builder": self.builder,
        }

    # -- helpers -----------------------------------------------------------------
    def summary(self, entry: Entry) -> str:
        """Short hover text for an entry."""
        if entry.kind == "ability" and entry.pairs("fields"):
            return "; ".join(f"{label}: {value}" for label, value in entry.pairs("fields")[:3])
        if entry.kind == "art":
            abbrs = ", ".join(self.data.entry(a).get("abbr") for a in entry.get("attributes"))
            return f"{entry.get('group')} art ({abbrs})"
        if entry.kind == "table":
            return f"table of {', '.join(map(str, entry.get('columns')))}"
        return str(entry.get("text") or "")

    def link(self, entry: Entry, markdown: str, doc: str) -> str:
        """Link known names in ``markdown`` (except the entry's own name); make rolls live."""
        linker, skip = self.linkers[entry.system], {entry.id, *entry.unlinked}
        return self.dice.render(
            markdown, lambda md: linker.link(md, doc, skip=skip), doc, entry.system
        )

    def ref(self, entry_id: str, doc: str, label: str | None = None) -> str:
        """A Markdown link to an entry by id, with its summary on hover."""
        entry = self.data.entry(entry_id)
        url = href(self.home(entry), anchor(entry.id), doc)
        title = title_text(f"{entry.name}: {self.summary(entry)}")
        return f'[{label or entry.name}]({url} "{title}")'

    def _notes(self, entry: Entry, doc: str) -> str:
        parts = []
        if entry.get("unfinished"):
            parts.append(
                self._admonition("warning", "Unfinished in the rulebook", entry.get("unfinished"))
            )
        if entry.get("note"):
            parts.append(self._admonition("note", "Editor's note", entry.get("note")))
        return "\n\n".join(parts)

    @staticmethod
    def _admonition(kind: str, title: str, text: str) -> str:
        body = "\n".join(f"    {line}" if line else "" for line in text.strip().splitlines())
        return f'!!! {kind} "{title}"\n\n{body}'

    def _heading(self, entry: Entry, text: str | None = None) -> str:
        hashes = "#" * min(entry.get("level", 4) + self.shift, 6)
        return f"{hashes} {text or entry.name} {{ #{anchor(entry.id)} }}"

    def _join(self, *parts: str) -> str:
        return "\n\n".join(p for p in parts if p) + "\n"

    # -- kinds -------------------------------------------------------------------
    def render(self, entry: Entry, doc: str) -> str:
        """Markdown for one entry as it appears on ``doc`` (its anchor marked with its id
        where it has a page of its own to share)."""
        also = [was for was, now in self.data.merged.items() if now == entry.id]
        return mark_entry(self._kinds[entry.kind](entry, doc), entry.kind, entry.id, also)

    def section(self, entry: Entry, doc: str) -> str:
        """A heading and its prose."""
        text = self.link(entry, entry.get("text") or "", doc)
        return self._join(self._heading(entry), text, self._notes(entry, doc))

    def definition(self, entry: Entry, doc: str) -> str:
        """A term or status: bold name, definition, anchored paragraph."""
        text = self.link(entry, entry.get("text").strip(), doc)
        label = f"{entry.name} X" if entry.get("parameter") else entry.name
        if entry.get("tag"):
            label += f" [{entry.get('tag')}]"
        paragraph = f'<span class="rb-anchor" id="{anchor(entry.id)}"></span>**{label}:** {text}'
        see = entry.get("see")
        more = f"See {self.ref(see, doc)}." if see else ""
        if entry.kind == "status" and entry.get("tracker"):
            more = self._join(more, f"*In the encounter tracker:* {self._status_does(entry)}")
        return self._join(paragraph, more, self._notes(entry, doc))

    def _tracker_of(self, system: str) -> Entry | None:
        return next((e for e in self.data.entries.values()
                     if e.system == system and e.kind == "tracker"), None)

    def _status_does(self, entry: Entry) -> str:
        from calculators.tracker.declared import status_does

        tracker = self._tracker_of(entry.system)
        tracks = {t["name"]: t for t in (tracker.get("tracks") if tracker else None) or []}
        names = {e.id: e.name for e in self.data.entries.values() if e.system == entry.system}
        return status_does(entry.data, tracks, names)

    def builder(self, entry: Entry, doc: str) -> str:
        """A builder declaration: the point-buy, the picks and the values, in words."""
        data = entry.data
        start = data.get("start", 0)
        attrs = ", ".join(self.ref(a["entry"], doc, a["label"]) if a.get("entry") else a["label"]
                          for a in data["attributes"])
        lines = [f"*Attributes:* {attrs}; each starts at {start}, from {data.get('min', start)} "
                 f"to {data.get('max', start + 5)}"]
        if data.get("budget") is not None:
            costs = data.get("costs")
            cost = ("costs by value: " + ", ".join(f"{k}: {v}" for k, v in costs.items())
                    if costs else "1 point a step above the start, 1 back a step below")
            lines.append(f"*Points:* {data['budget']} ({cost})")
        if data.get("below") is not None:
            lines.append(f"*Below the start:* {data['below']} attribute(s) at most")
        for pick in data.get("picks") or []:
            options = ", ".join(self.ref(o, doc) if o in self.data.entries else o
                                for o in pick["from"])
            lines.append(f"*{pick['label']}:* pick {pick.get('count', 1)} of {options}")
        for item in data.get("values") or []:
            lines.append(f"*{item['label']}:* `{item['value']}`")
        paragraph = (f'<span class="rb-anchor" id="{anchor(entry.id)}"></span>'
                     f"**{entry.name}:** the character builder follows "
                     f"{self.ref(data['rule'], doc)}:")
        text = self.link(entry, data.get("text") or "", doc)
        return self._join(paragraph, text, "  \n".join(lines), self._notes(entry, doc))

    def tracker(self, entry: Entry, doc: str) -> str:
        """A tracker declaration: what the encounter tracker keeps for each creature."""
        data = entry.data
        lines = []
        if data.get("stats"):
            lines.append("*Numbers of a creature:* " + ", ".join(
                self.ref(s["entry"], doc, s["label"]) if s.get("entry") else s["label"]
                for s in data["stats"]))
        for track in data.get("tracks") or []:
            what = (" → ".join(step["name"] for step in track["steps"]) if track.get("steps")
                    else f"{track['boxes']} boxes")
            lines.append(f"*Track:* {self.ref(track['rule'], doc, track['label'])}, {what}")
        if data.get("initiative"):
            initiative = data["initiative"]
            ties = ", then ".join(initiative.get("ties") or [])
            tie_text = f", ties to the higher {ties}" if ties else ""
            lines.append(f"*Initiative:* {self.ref(initiative['rule'], doc, 'roll')} "
                         f"`{initiative['roll']}`{tie_text}")
        if data.get("checks"):
            lines.append("*Checks rolled:* " + ", ".join(self.ref(c, doc) for c in data["checks"]))
        if data.get("fields"):
            lines.append("*Entered for a creature:* "
                         + ", ".join(field["label"] for field in data["fields"]))
        if data.get("rules"):
            lines.append("*Rules it applies:* " + "; ".join(
                self.ref(rule["entry"], doc, rule["name"]) for rule in data["rules"]))
        if data.get("actions"):
            lines.append("*Actions:* " + ", ".join(a["label"] for a in data["actions"]))
        text = self.link(entry, data.get("text") or "", doc)
        paragraph = (f'<span class="rb-anchor" id="{anchor(entry.id)}"></span>'
                     f"**{entry.name}:** the encounter tracker keeps, for each creature:")
        return self._join(paragraph, text, "  \n".join(lines), self._notes(entry, doc))

    def prose(self, entry: Entry, doc: str) -> str:
        """Text between other entries, under the heading before it."""
        return self._join(
            f'<span class="rb-anchor" id="{anchor(entry.id)}"></span>',
            self.link(entry, entry.get("text"), doc),
            self._notes(entry, doc),
        )

    def sidebar(self, entry: Entry, doc: str) -> str:
        """A titled box beside the rules (a block quote with a bold title in the source)."""
        title = entry.name.replace('"', "'")
        box = self._admonition("note", title, self.link(entry, entry.get("text"), doc))
        return self._join(
            f'<span class="rb-anchor" id="{anchor(entry.id)}"></span>', box, self._notes(entry, doc)
        )

    def attribute(self, entry: Entry, doc: str) -> str:
        """An attribute heading with its description."""
        heading = self._heading(entry, f"{entry.name} ({entry.get('abbr')})")
        return self._join(
            heading, self._notes(entry, doc), self.link(entry, entry.get("text"), doc)
        )

    def art(self, entry: Entry, doc: str) -> str:
        """An art or defence: name with its attributes, then its traits."""
        attributes = [self.data.entry(a) for a in entry.get("attributes")]
        heading = self._heading(
            entry, f"{entry.name} ({', '.join(a.get('abbr') for a in attributes)})"
        )
        links = ", ".join(self.ref(a.id, doc) for a in attributes)
        role = "Attribute" if len(attributes) == 1 else "Primary and secondary attributes"
        items = "\n".join(f"* {self.link(entry, item, doc)}" for item in entry.get("items") or [])
        return self._join(heading, f"{role}: {links}", items, self._notes(entry, doc))

    def ability(self, entry: Entry, doc: str) -> str:
        """An ability card: its fields in order, as in the rulebook."""
        lines = [
            f"**{label}:** {self.link(entry, value, doc)}" for label, value in entry.pairs("fields")
        ]
        effects = entry.get("effects") or []
        names = {e.id: e.name for e in self.data.entries.values() if e.system == entry.system}
        lines += [
            f"*Counted on the character:* {effect_text(e)}"
            if "when" not in e
            else f"*In the encounter tracker:* {effect_text(e, names)}"
            for e in effects
        ]
        if entry.get("unapplied"):
            lines.append(f"*Left to the table:* {self.link(entry, entry.get('unapplied'), doc)}")
        body = "  \n".join(lines)
        extra = self.link(entry, entry.get("text") or "", doc)
        card = self._join(body, extra).rstrip("\n")
        box = f'<div class="rb-card" markdown>\n\n{card}\n\n</div>'
        return self._join(self._heading(entry), box, self._notes(entry, doc))

    def table(self, entry: Entry, doc: str) -> str:
        """A data table as a Markdown table with an anchored caption."""
        columns = list(entry.get("columns"))
        rows = [list(row) for row in entry.get("rows")]
        roll = entry.get("roll")
        if roll:
            columns.append("Chance")
            for row, p in zip(rows, rolltable.chances(roll, rows), strict=True):
                row.append(rolltable.chance_text(p))
        head = "| " + " | ".join(cell(c) for c in columns) + " |"
        rule = "| " + " | ".join("---" for _ in columns) + " |"
        body = [
            "| " + " | ".join(self.link(entry, cell(c), doc) for c in row) + " |" for row in rows
        ]
        spans = rolltable.rows_rolled(roll, entry.get("rows")) if roll else []
        roller = self.dice.table_html(entry.name, roll, spans) if roll else ""
        label = f"{self.link(entry, entry.name, doc)} ({roller})" if roll else entry.name
        caption = f"**{label}**\n{{: #{anchor(entry.id)} .rb-caption }}"
        text = self.link(entry, entry.get("text") or "", doc)
        return self._join(caption, text, "\n".join([head, rule, *body]), self._notes(entry, doc))

    def formula(self, entry: Entry, doc: str) -> str:
        """A named formula with its text and, when given, its expression."""
        expression = f"`{entry.get('expression')}`" if entry.get("expression") else ""
        text = self.link(entry, entry.get("text"), doc)
        paragraph = f"**{entry.name}:** {text}\n{{: #{anchor(entry.id)} }}"
        return self._join(paragraph, expression, self._notes(entry, doc))

    def check(self, entry: Entry, doc: str) -> str:
        """A check: how it is rolled, its outcome bands, and the exact chance of each band
        for each stat value and mode (computed by the core, :mod:`calculators.declared.check`)."""
        from calculators.declared import check as core

        data = entry.data
        stat = data.get("stat")
        rolls = [f"Roll `{data['roll']}`" + (f" (`stat`: {stat['label']})" if stat else "")]
        modes = data.get("modes") or {}
        rolls += [f"{mode.capitalize()}: `{text}`" for mode, text in modes.items()]
        bands = "\n".join(
            f"* **{band['name']}**" + (f": `{band['when']}`" if band.get("when") else ": otherwise")
            for band in data["bands"]
        )
        inputs = core.inputs_of(data)
        names = {i.name: i.default for i in inputs if i.kind == "int" and i.name != core.STAT}
        given = ", ".join(f"{i.label} {i.default}" for i in inputs
                          if i.name in names)
        tables = []
        for mode in core.modes(data):
            head = [stat["label"] if stat else "Roll", *(b["name"] for b in data["bands"])]
            rows = []
            for value in core.stat_range(data) or [None]:
                chances = odds.of(data, value, mode, names)
                first = str(value) if value is not None else f"`{core.roll_of(data, mode).text()}`"
                rows.append([first, *(rolltable.chance_text(p) for p in chances)])
            caption = f"*{mode.capitalize()}*" + (f" (with {given})" if given else "")
            table = "\n".join([
                "| " + " | ".join(cell(c) for c in head) + " |",
                "| " + " | ".join("---" for _ in head) + " |",
                *("| " + " | ".join(row) + " |" for row in rows),
            ])
            tables.append(f"{caption}\n\n{table}")
        text = self.link(entry, data.get("text") or "", doc)
        return self._join(
            self._heading(entry), text, "; ".join(rolls) + ".", bands,
            '<div class="rb-check-odds" markdown>\n\n' + "\n\n".join(tables) + "\n\n</div>",
            self._notes(entry, doc),
        )

    def assumption(self, entry: Entry, doc: str) -> str:
        """An assumption, shown as an admonition with its reason and default."""
        body = [
            self.link(entry, entry.get("text"), doc),
            f"*Why:* {self.link(entry, entry.get('reason'), doc)}",
        ]
        if entry.get("default") is not None:
            body.append(f"*Default:* `{entry.get('default')}`")
        applies = entry.get("applies_to") or []
        if applies:
            body.append("*Applies to:* " + ", ".join(self.ref(a, doc) for a in applies))
        admonition = self._admonition("info", f"Assumption: {entry.name}", "\n\n".join(body))
        return self._join(f'<span id="{anchor(entry.id)}"></span>', admonition)

    def page(self, page: Page, doc: str) -> str:
        """Every entry of a data page, in order.

        On its own page the title is the page's H1 (written here only when the first
        entry repeats it); with a ``shift`` the page is a chapter of a longer document
        and always gets its title as a heading, anchored at :func:`page_anchor`.
        """
        linker = self.linkers[page.system]
        intro = page.text and self.dice.render(
            page.text, lambda md: linker.link(md, doc, skip=page.unlinked), doc, page.system
        )
        title = "#" * (1 + self.shift)
        parts = [f"{title} {page.title} {{ #{page_anchor(page)} }}" if self.shift else "", intro]
        entries = list(page.entries)
        first = title_entry(page)
        if first:
            entries.pop(0)  # repeats the page title: it becomes the page's heading
            text = self.link(first, first.get("text") or "", doc)
            heading = f"{title} {first.name} {{ #{anchor(first.id)} }}"
            parts = [heading, intro, text, self._notes(first, doc), self.after(first, doc)]
        return self._join(*parts, *self._entries(page, entries, doc))

    def _entries(self, page: Page, entries: list[Entry], doc: str) -> list[str]:
        """The Markdown of a page's entries, the lists a reader can filter marked
        (:mod:`macros.render.filtering`): each named entry of the page's list, each heading
        with what follows it, and each long table of names."""
        span = (
            filtering.list_span(entries, glossary=page.name == "glossary") if self.filters else None
        )
        tables = {
            e.id
            for e in entries
            if self.filters and e.kind == "table" and filtering.filterable_table(e)
        }
        alone = (span is not None) + len(tables) == 1
        parts: list[str] = []
        grouped = False  # inside a group of the page's list
        for i, entry in enumerate(entries):
            markdown = self._join(self.render(entry, doc), self.after(entry, doc))
            if span is None or not span.start <= i < span.end:
                parts.append(
                    self._table_list(entry, markdown, alone) if entry.id in tables else markdown
                )
                continue
            if i == span.start:
                list_id = filtering.list_id(page.system, page.name)
                parts.append(filtering.open_list(list_id, span.noun, alone))
            if entry.kind == "section" or not grouped:
                parts.append(filtering.close() if grouped else "")
                level = entry.get("level", 4) if entry.kind == "section" else None
                parts.append(filtering.open_group(level or filtering.NO_HEADING_LEVEL))
                grouped = True
            if entry.kind in filtering.ITEM_KINDS:
                markdown = filtering.open_item(entry) + markdown + filtering.close()
            elif entry.id in tables:
                markdown = self._table_list(entry, markdown, alone)
            parts.append(markdown)
            if i == span.end - 1:
                parts += [filtering.close(), filtering.close()]
        return parts

    @staticmethod
    def _table_list(entry: Entry, markdown: str, alone: bool) -> str:
        """A long table of names as a list of its rows, counted by the table's name."""
        noun = entry.name.lower()
        start = filtering.open_list(anchor(entry.id), noun, alone, rows=True)
        return start + markdown + filtering.close()


def effect_text(effect: dict[str, object], names: dict[str, str] | None = None) -> str:
    """A declared ability effect in words (``names``: status ids to names).

    >>> effect_text({"changes": "fatigue_tolerance", "base": 1, "per_tier": 1})
    'Fatigue Tolerance + (1 + Tier)'
    >>> effect_text({"changes": "speed", "per_tier": 1})
    'Speed + Tier'
    >>> effect_text({"status": "arts.bleed", "per_tier": 2, "when": "critical", "instead": True},
    ...             {"arts.bleed": "Bleed"})
    'on a Critical, instead: Bleed + 2 × Tier to the target'
    >>> effect_text({"deal": "stress", "when": "use", "to": "self", "base": 1,
    ...              "each_target_beyond_first": True})
    'when used: Stress 1 to the user, for each target beyond the first'
    """
    base, per_tier = effect.get("base", 0), effect.get("per_tier", 0)
    tier = "Tier" if per_tier == 1 else f"{per_tier} × Tier"
    amount = " + ".join(([str(base)] if base else []) + ([tier] if per_tier else []))
    if "changes" in effect and "when" not in effect:
        if base and per_tier:
            amount = f"({amount})"
        return f"{str(effect['changes']).replace('_', ' ').title()} + {amount}"
    when = {"use": "when used", "success": "on a success", "critical": "on a Critical"}
    head = when[str(effect.get("when"))] + (", instead" if effect.get("instead") else "")
    if "deal" in effect:
        what = str(effect["deal"]).title()
        amount = amount or "(points as assumed)"
        if effect.get("plus"):
            plus = str(effect["plus"])
            amount = f"{amount} + the target's {(names or {}).get(plus, plus)} stacks"
    elif "relieve" in effect:
        chosen = effect["relieve"] == "chosen"
        what = "Fatigue or Stress (chosen)" if chosen else str(effect["relieve"]).title()
        amount = f"− {amount}"
    elif effect.get("status") == "chosen":
        what = ", ".join((names or {}).get(str(x), str(x)) for x in list(effect["of"]))
        what, amount = f"one of {what} (chosen)", f"+ {amount}" if amount else ""
    elif "status" in effect:
        status = str(effect["status"])
        what, amount = (names or {}).get(status, status), f"+ {amount}" if amount else ""
    else:
        what = str(effect["changes"]).replace("_", " ")
    if "changes" in effect:
        return f"{head}: {what} {amount} (the GM applies it)"
    whom = "the user" if effect.get("to") == "self" else "the target"
    tail = ", for each target beyond the first" if effect.get("each_target_beyond_first") else ""
    return f"{head}: {what} {amount}".rstrip() + f" to {whom}{tail}"
