"""The Attributes & Arts builder page: identity, the four point pools, abilities, levels."""

from __future__ import annotations

from html import escape
from types import ModuleType
from typing import Any

from ....builders.page import BuilderPage as Page
from ... import arts as arts_rules

__all__ = ["render_page"]


def render_page(page: Page, module: ModuleType, blank: dict[str, Any], html: dict[str, Any]) -> str:
    """The builder: a fieldset per pool of points, the abilities by art, the level table."""
    entries = page.data
    status = html["steps"]
    level_row = entries.entry("arts.level_table")
    steps = [
        page.step(
            "identity",
            "",
            "Character",
            page.field("name", "Name", "text", help_text="Any name; it titles the sheet.")
            + page.field(
                "level",
                "Level",
                low=1,
                high=12,
                help_text="Level up applies the next row of the level table.",
            ),
            "",
        )
    ]
    for number, pool in enumerate(("general", "specific", "combat", "utility"), start=1):
        title, _, rule = module.POOLS[pool]
        fields = "".join(
            page.field(f"points.{key}", _point_label(key), low=0, high=12)
            for key in module.point_keys(pool)
        )
        extra = ""
        if number == 1:
            extra = page.rule("arts.character_creation")
        page_rule = (
            page.rule(rule)
            if number != 4
            else page.rule(
                rule, page.plain(str(entries.entry(rule).data["text"]).split("\n\n")[-1])
            )
        )
        steps.append(
            page.step(
                pool,
                f"Step {number}:",
                title,
                f"<div class='rb-fields'>{fields}</div>",
                status[pool],
                rule=extra + page_rule,
            )
        )
    cards = arts_rules.ability_cards()
    by_art: dict[str, list[dict[str, Any]]] = {}
    for card in cards.values():
        by_art.setdefault(card["art"], []).append(card)
    groups = []
    for art, art_cards in by_art.items():
        rows = "".join(
            "<li class='rb-ability'>"
            + page.field(
                f"pick.{c['id']}",
                f"<a href='{escape(page.links.get(c['id'], '#'))}'>{escape(c['name'])}</a>",
                "checkbox",
                help_text="Has [Tier]: can be upgraded." if c["tiered"] else "",
            )
            + page.field(
                f"tier.{c['id']}",
                f"Tier <span class='rb-sr'>of {escape(c['name'])}</span>",
                low=1,
                high=9,
            )
            + "</li>"
            for c in art_cards
        )
        groups.append(
            f"<fieldset class='rb-art'><legend>{escape(art)}</legend>"
            f"<ul class='rb-abilities'>{rows}</ul></fieldset>"
        )
    assumption = page.data.entry(arts_rules.NO_UTILITY_ABILITIES)
    note = (
        "<div class='admonition note rb-assumption'><p class='admonition-title'>"
        f"Assumption: {escape(assumption.name)}</p>"
        f"<p>{escape(page.plain(assumption.data['text']))} "
        f"<a href='{escape(page.links[assumption.id])}'>Why</a></p></div>"
    )
    steps.append(
        page.step(
            "abilities",
            "Step 5:",
            "Ability selection",
            note,
            status["abilities"],
            rule=page.rule("arts.ability_selection"),
            later="<div class='rb-arts-grid'>" + "".join(groups) + "</div>",
        )
    )
    table = "".join(
        f"<tr><td>{r[0]}</td><td>{escape(str(r[1]))}</td><td>{r[2]}</td></tr>"
        for r in level_row.data["rows"]
    )
    steps.append(
        page.step(
            "level",
            "Step 6:",
            "Level-ups to 12",
            "<table class='rb-level-table'><thead><tr><th scope='col'>Level</th>"
            "<th scope='col'>Gained</th><th scope='col'>Ability picks (each type)</th></tr></thead>"
            f"<tbody>{table}</tbody></table>",
            status["level"],
            rule=page.rule("arts.leveling_up"),
        )
    )
    intro = (
        "<p class='rb-builder-intro'>Build an Attributes &amp; Arts character step by step. "
        "Each step shows what the rules allow and what is left; a choice that breaks a rule "
        "is flagged at its step with the rule quoted. The character is kept in this page's "
        "link and in this browser, and can be exported as a JSON file.</p>"
    )
    return page.wrap(intro, "".join(steps), html["sheet"], blank)


def _point_label(key: str) -> str:
    names = {
        a["id"].partition(".")[2]: a["name"]
        for g in ("combat", "utility")
        for a in arts_rules.arts_of(g)
    }
    return escape(names.get(key, key.upper()))
