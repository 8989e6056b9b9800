"""A whole game system as one document, for print (``{{ print_system("<id>") }}``).

The page comes from ``rules_data/`` only: the system's overview, then every page
in the order of ``system.yml`` as a chapter (its title an H2, its entries' headings
one level down, so the document has one outline; each in a ``<section>`` the browser
lays out as the reader reaches it), then every calculator of the
system as its result for the default inputs. Mentions link within the document.
Calculators are rendered without a form: nothing on the page is a form control and
nothing starts the calculator engine. Links written in the rules text to a page
of the system go to its chapter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import calculators

from ..load.rulesdata import Entry, RulesData
from .filter_hook import mark
from .forms import render_calculator_print
from .print_pages import print_doc
from .render import Renderer, page_anchor
from .urls import dom_id


def chapter(markdown: str) -> str:
    """A chapter of the print page in its own ``<section>`` (put in place after Markdown by
    :mod:`.filter_hook`), which the browser lays out only as the reader scrolls to it
    (``content-visibility: auto`` in ``rulebinder.css``): a long book opens at once.

    >>> chapter("## Combat").split()[:4]
    ['<!--rb-filter', '<section', 'class="rb-print-chapter">-->', '##']
    """
    return mark('<section class="rb-print-chapter">') + markdown + mark("</section>")


def calculators_anchor(system_id: str) -> str:
    """The HTML id of the calculators chapter.

    >>> calculators_anchor("arts")
    'print-arts-calculators'
    """
    return f"print-{system_id}-calculators"


_PAGE_LINK = re.compile(r"\]\((\w+)\.md(#[^)\s]+)?(?=[)\s])")


def local_links(markdown: str, pages: dict[str, str]) -> str:
    """Point Markdown links to the system's pages (``pages``: name -> chapter anchor)
    at their place in the print document; other links are left as they are.

    >>> local_links("[C](combat.md#x) [M](melee.md) [S](calculators.md)", {"combat": "c",
    ...     "melee": "m"})
    '[C](#x) [M](#m) [S](calculators.md)'
    """

    def swap(match: re.Match[str]) -> str:
        name, fragment = match.group(1), match.group(2)
        if name not in pages:
            return match.group(0)
        return f"]({fragment or '#' + pages[name]}"

    return _PAGE_LINK.sub(swap, markdown)


def _note(text: str) -> str:
    body = "\n".join(f"    {line}" if line else "" for line in text.strip().splitlines())
    return f'!!! note "Editor\'s note"\n\n{body}'


def render_system(
    data: RulesData,
    system_id: str,
    calc_ids: Sequence[str],
    calcs_by_rule: dict[str, list[str]],
    calculators_page: bool = False,
) -> str:
    """Markdown of a system's print page.

    ``calc_ids`` are the system's calculators in order; ``calcs_by_rule`` maps an
    entry id to the calculators beside it on its rule page (here: a link to the
    calculator in the last chapter); ``calculators_page`` says whether the system
    has a ``calculators.md`` page to point readers to.
    """
    system = data.systems[system_id]
    doc = print_doc(system_id)

    def home(entry: Entry) -> str:
        return print_doc(entry.system)

    def after(entry: Entry, current: str) -> str:
        return "\n\n".join(
            f"*See* [Calculator: {calculators.get(c).title}](#{dom_id(c)})"
            for c in calcs_by_rule.get(entry.id, [])
            if c in calc_ids
        )

    renderer = Renderer(data, after=after, home=home, shift=1, live_dice=False, filters=False)
    contents = [f"* [{page.title}](#{page_anchor(page)})" for page in system.pages]
    if calc_ids:
        contents.append(f"* [Calculators](#{calculators_anchor(system_id)})")
    parts = [
        f"# {system.name}",
        system.text,
        "Source: " + ", ".join(f"`{seed}`" for seed in system.seeds) + ".",
        _note(system.note) if system.note else "",
        "## Contents",
        "\n".join(contents),
    ]
    parts += [chapter(renderer.page(page, doc)) for page in system.pages]
    if calc_ids:
        online = (
            " To work them out for other inputs, use the [calculators](calculators.md) on the site."
            if calculators_page
            else ""
        )
        parts += [
            f"## Calculators {{ #{calculators_anchor(system_id)} }}",
            "Each calculator's result for its default inputs, worked out when the site "
            f"was built.{online}",
            *(render_calculator_print(c, data, doc, home) for c in calc_ids),
        ]
    markdown = "\n\n".join(p.strip("\n") for p in parts if p) + "\n"
    return local_links(markdown, {page.name: page_anchor(page) for page in system.pages})
