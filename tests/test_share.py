"""A rule travels: every entry and calculator has a page of its own whose unfurl tags read
as the rule (what a chat preview shows: title, description, URL), book pages have them
too, each book's text carries its licence on its pages and its print, and each book with a
tracker publishes an Owlbear Rodeo extension manifest with the documented fields."""

from __future__ import annotations

import functools
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import pytest

from macros.load.errors import RulesDataError
from macros.load.loader import load_rules
from macros.load.rulesdata import RulesData
from macros.publish.owlbear import MANIFEST
from macros.publish.share import CALC_DIR, ENTRY_DIR, SHARED_KINDS, share_path
from macros.render.share import describe
from tests.test_loader import GOOD_ENTRY, SEED, SYSTEM, write

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard")


@functools.cache
def rules() -> RulesData:
    return load_rules(ROOT / "rules_data")


class Unfurl(HTMLParser):
    """What a chat's crawler reads of a page: its title, meta tags and links in <head>."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "meta" and ("property" in found or "name" in found):
            self.meta[found.get("property") or found["name"]] = found.get("content", "")
        elif tag == "link" and "rel" in found:
            self.links.setdefault(found["rel"], found.get("href", ""))
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False


def unfurl(path: Path) -> Unfurl:
    reader = Unfurl()
    reader.feed(path.read_text("utf-8"))
    return reader


def site_url(site: Path) -> str:
    home = unfurl(site / "index.html")
    return home.links["canonical"]


def test_an_entry_unfurls_as_its_rule(built_site: Path) -> None:
    entry = rules().entry("glittershard.burning")
    page = unfurl(built_site / share_path(entry.id, ENTRY_DIR) / "index.html")
    base = site_url(built_site)
    assert page.meta["og:title"] == "Burning (Glittershard’s End)"
    assert page.meta["og:description"] == describe(entry.get("text"))
    assert "1d6 fire damage per turn" in page.meta["og:description"]
    assert page.meta["description"] == page.meta["og:description"]
    assert page.meta["og:url"] == f"{base}glittershard/rule/burning/"
    assert page.links["canonical"] == f"{base}glittershard/status_effects/#glittershard-burning"
    assert page.meta["twitter:card"] == "summary"
    assert page.meta["twitter:title"] == page.meta["og:title"]
    assert page.title.startswith("Burning (Glittershard’s End)")


def test_every_linkable_entry_and_calculator_has_a_page(built_site: Path) -> None:
    data = rules()
    shared = [e for e in data.entries.values() if e.kind in SHARED_KINDS]
    assert {e.kind for e in shared} == {"term", "status", "ability", "table", "attribute",
                                        "art"}  # the five books have no check entry
    for entry in shared:
        page = unfurl(built_site / share_path(entry.id, ENTRY_DIR) / "index.html")
        assert page.meta["og:description"], entry.id
        assert page.links["canonical"].endswith(f"#{entry.id.replace('.', '-')}"), entry.id
    for calc_id in data.calculators:
        assert (built_site / share_path(calc_id, CALC_DIR) / "index.html").is_file(), calc_id


def test_a_calculator_unfurls_with_its_answer_and_inputs(built_site: Path) -> None:
    path = built_site / share_path("glittershard.damage", CALC_DIR) / "index.html"
    page = unfurl(path)
    assert page.meta["og:title"] == "Calculator: Damage dealt (Glittershard’s End)"
    description = page.meta["og:description"]
    assert "With the default inputs: Simple damage 6 = 18 attack roll" in description
    assert page.links["canonical"].endswith("#calc-glittershard-damage")
    html = path.read_text("utf-8")
    # A reader (not a crawler) goes on to the live calculator with the link's inputs.
    assert 'href="../../how_to_play/?calc=glittershard.damage#calc-glittershard-damage"' in html
    assert "location.replace(open.href)" in html


def test_a_book_page_unfurls_with_its_first_paragraph(built_site: Path) -> None:
    page = unfurl(built_site / "arts" / "combat" / "index.html")
    assert page.meta["og:title"] == "Combat (Attributes & Arts)"
    assert page.meta["og:description"] == "Combat takes place on a grid consisting of squares."
    assert page.meta["og:url"] == f"{site_url(built_site)}arts/combat/"
    assert page.meta["twitter:card"] == "summary"


@pytest.mark.parametrize("book", BOOKS)
def test_each_book_shows_its_licence_on_its_pages_and_print(built_site: Path, book: str) -> None:
    name = rules().systems[book].name.replace("&", "&amp;")
    for page in (built_site / book / "index.html", built_site / book / "print" / "index.html"):
        html = page.read_text("utf-8")
        assert '<p class="rb-license" data-spdx="NOASSERTION">' in html, page
        assert f"Text: {name}, a homebrew rulebook whose author is not named." in html
        assert "The rulebook states no licence" in html


OWLBEAR_SCHEMA = {
    # The fields of Owlbear Rodeo's extension manifest (docs.owlbear.rodeo, "Manifest").
    "type": "object",
    "required": ["name", "version", "manifest_version"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "version": {"type": "string", "minLength": 1},
        "manifest_version": {"const": 1},
        "author": {"type": "string"},
        "description": {"type": "string"},
        "icon": {"type": "string"},
        "homepage_url": {"type": "string"},
        "background_url": {"type": "string"},
        "action": {
            "type": "object",
            "required": ["title", "icon", "popover"],
            "additionalProperties": False,
            "properties": {
                "title": {"type": "string"},
                "icon": {"type": "string"},
                "popover": {"type": "string"},
                "height": {"type": "integer"},
                "width": {"type": "integer"},
            },
        },
    },
}


@pytest.mark.parametrize("book", BOOKS)
def test_each_book_publishes_an_owlbear_manifest(built_site: Path, book: str) -> None:
    path = built_site / book / MANIFEST
    manifest = json.loads(path.read_text("utf-8"))
    jsonschema.validate(manifest, OWLBEAR_SCHEMA)
    assert "\n" not in manifest["description"]
    for url in (manifest["icon"], manifest["action"]["icon"], manifest["action"]["popover"]):
        target = (path.parent / url.split("?")[0]).resolve()
        assert target.is_file() or (target / "index.html").is_file(), url
    assert manifest["action"]["popover"].endswith(f"?embed=1&panel={book}")


def test_an_entry_may_carry_its_own_licence(tmp_path: Path) -> None:
    entry = GOOD_ENTRY + (
        "    license:\n      spdx: CC-BY-4.0\n      attribution: Demo by A. Author\n"
        "      url: https://creativecommons.org/licenses/by/4.0/\n")
    data = load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + entry))
    assert data.license(data.entry("demo.fatigue")).spdx == "CC-BY-4.0"
    assert data.systems["demo"].license.spdx == "NOASSERTION"
    assert data.systems["demo"].license.attribution == f"Demo ({SEED})"


def test_a_bad_licence_is_refused_at_its_line(tmp_path: Path) -> None:
    system = SYSTEM.replace(
        "  text: A demo system.\n",
        "  text: A demo system.\n  license:\n    spdx: not a licence\n    attribution: x\n"
        "    url: ftp://x\n")
    root = write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY, system)
    with pytest.raises(RulesDataError) as error:
        load_rules(root)
    found = [str(p) for p in error.value.problems]
    assert any(p.endswith("system.yml:7: system.license.spdx: 'not a licence' is not an SPDX "
                          "identifier (e.g. CC-BY-4.0, OGL-1.0a, NOASSERTION when the rulebook "
                          "states none)") for p in found), found
    assert any(p.endswith("system.yml:9: system.license.url: must be an http(s) URL")
               for p in found), found


@pytest.mark.parametrize("book", BOOKS)
def test_the_open_data_names_each_entrys_own_page_and_the_licence(
    built_site: Path, book: str
) -> None:
    document = json.loads((built_site / book / "data.json").read_text("utf-8"))
    assert document["book"]["license"]["spdx"] == "NOASSERTION"
    shared = [r for r in document["entries"] + document["calculators"] if "share_url" in r]
    assert shared
    for found in shared:
        assert (built_site / found["share_url"] / "index.html").is_file(), found["id"]
    kinds = {r["kind"] for r in document["entries"] if "share_url" not in r}
    assert not kinds & SHARED_KINDS


def test_a_book_page_marks_each_entry_for_its_share_link(built_site: Path) -> None:
    html = (built_site / "glittershard" / "status_effects" / "index.html").read_text("utf-8")
    assert 'id="glittershard-burning" data-rb-entry="glittershard.burning"' in html


def _ids(page: Path) -> set[str]:
    return set(re.findall(r"""\bid=["']([^"']+)["']""", page.read_text("utf-8")))


def test_every_link_of_a_share_page_leads_to_a_page_and_its_anchor(built_site: Path) -> None:
    ids: dict[Path, set[str]] = {}
    broken = []
    pages = [*built_site.glob(f"*/{ENTRY_DIR}/*/index.html"),
             *built_site.glob(f"*/{CALC_DIR}/*/index.html")]
    assert len(pages) > 300
    for page in pages:
        html = page.read_text("utf-8")
        for href in re.findall(r'href="([^"]+)"', html):
            if re.match(r"[a-z][a-z0-9+.-]*:", href) or href.startswith("./?"):
                continue
            path, _, fragment = href.partition("#")
            target = (page.parent / path.split("?")[0]).resolve()
            target = target / "index.html" if target.is_dir() else target
            if not target.is_file():
                broken.append(f"{page.relative_to(built_site)}: {href}")
            elif fragment and fragment not in ids.setdefault(target, _ids(target)):
                broken.append(f"{page.relative_to(built_site)}: {href} (no such anchor)")
    assert not broken, "\n".join(broken[:20])
