"""Site search in real Chromium, in English and Chinese, and how it shares the CPU with the
calculator engine.

The theme (and with it the search index) starts at the reader's first touch, key,
scroll or mouse move, on every page.

On a calculator page the theme's search index request is held until the engine
has answered, so indexing the site does not slow the first live result; it is
let go at once when the reader turns to search, or when the engine fails.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from macros.render.forms import dom_id
from tests.browser.harness import SEARCH_READY

#: Records, in the page, when the search index request really goes out and
#: whether a calculator was live at that moment. Installed before the page's own
#: scripts, so the page's hold wraps this and the release calls through it.
INDEX_PROBE = """
(() => {
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.probeUrl = String(url);
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (/search_index\\.json$/.test(this.probeUrl)) {
      window.__indexSent = {
        at: performance.now(),
        live: !!document.querySelector(".rb-calc[data-state=live]"),
        states: [...document.querySelectorAll(".rb-calc")].map((el) => el.dataset.state),
      };
    }
    return send.apply(this, arguments);
  };
})();
"""
INDEX_SENT = "() => window.__indexSent !== undefined"

#: The results listed are those of the whole query: none, or links highlighting it.
RESULTS_FOR = """(words) => {
  const meta = document.querySelector(".md-search-result__meta");
  if (/no matching/i.test(meta.textContent)) return true;
  const links = [...document.querySelectorAll(".md-search-result__item a")];
  return links.some((a) => new URL(a.href).searchParams.get("h") === words.toLowerCase());
}"""


def search_for(web: Any, words: str) -> list[str]:
    """Type into the theme's search box; the titles of the results it lists.

    The search box shows once the theme runs: it starts at the reader's first touch, key,
    scroll or mouse move (here a mouse move)."""
    web.page.mouse.move(20, 300)
    web.page.click(".md-search__input")
    web.page.wait_for_function(SEARCH_READY)
    web.page.locator(".md-search__input").press_sequentially(words)  # the theme reads keyup
    if not words.isascii():
        # Playwright enters characters that no key makes (Chinese) without key events; an
        # input method commits them with a key, whose keyup the theme reads: release one.
        web.page.keyboard.press("End")
    web.page.wait_for_function(RESULTS_FOR, arg=words)
    items = web.page.locator(".md-search-result__item")
    return [" ".join(t.split()) for t in items.all_inner_texts()]


def result_pages(web: Any) -> list[str]:
    """The pages (site paths, no query or anchor) of the listed search results."""
    hrefs = web.page.locator(".md-search-result__item a").evaluate_all(
        "links => links.map((a) => new URL(a.href).pathname)"
    )
    return list(dict.fromkeys(href.lstrip("/") for href in hrefs))


def test_on_a_calculator_page_the_index_waits_for_the_first_live_result(web: Any) -> None:
    web.context.add_init_script(INDEX_PROBE)
    web.goto("arts/combat/#calc-arts-incapacity")  # linked: starts at once
    web.page.mouse.move(20, 300)  # the reader's first move starts the theme (not the jump)
    web.page.wait_for_function(INDEX_SENT)
    sent = web.page.evaluate("window.__indexSent")
    assert sent["live"], sent
    results = search_for(web, "incapacity")
    assert any("ncapacit" in title for title in results), results
    assert web.log.errors() == []


def test_going_to_search_releases_the_index_before_the_engine_is_ready(web: Any) -> None:
    web.context.add_init_script(INDEX_PROBE)
    held: list[Any] = []
    web.context.route("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route))  # held
    web.goto("arts/combat/#calc-arts-incapacity")  # linked: starts at once
    web.page.wait_for_timeout(500)
    assert web.page.evaluate("window.__indexSent") is None
    results = search_for(web, "incapacity")
    assert any("ncapacit" in title for title in results), results
    sent = web.page.evaluate("window.__indexSent")
    assert not sent["live"], sent
    assert web.page.get_attribute(f"#{dom_id('arts.incapacity')}", "data-state") != "live"
    for route in held:
        route.abort()


def test_when_the_engine_fails_search_still_works(web: Any) -> None:
    web.context.add_init_script(INDEX_PROBE)
    web.context.route("**/pyodide/**", lambda route: route.abort())
    web.goto("arts/combat/#calc-arts-incapacity")  # linked: starts at once
    web.page.wait_for_selector(f"#{dom_id('arts.incapacity')}[data-state=failed]")
    web.page.mouse.move(20, 300)  # the reader's first move starts the theme
    web.page.wait_for_function(INDEX_SENT)
    results = search_for(web, "tolerance")
    assert results, "no search results"


def test_a_page_without_calculator_fetches_the_index_at_the_readers_first_scroll(
    web: Any,
) -> None:
    # The theme's bundle (and its search index) waits for the reader's first touch, key,
    # scroll or mouse move (macros/theme/main.html): a reader who only looks costs nothing.
    web.context.add_init_script(INDEX_PROBE)
    web.goto("arts/glossary/")
    web.page.wait_for_timeout(1500)
    assert web.page.evaluate("window.__indexSent") is None
    assert web.page.evaluate("typeof window.document$") == "undefined"
    web.page.mouse.wheel(0, 200)
    web.page.wait_for_function(INDEX_SENT, timeout=5000)
    results = search_for(web, "incapacity")
    assert any("ncapacit" in title for title in results), results
    assert web.pyodide_requests() == []
    assert web.log.errors() == []


@pytest.mark.parametrize("word", ["掩蔽", "格擋"])  # cover, block: Chinese game terms
def test_a_chinese_word_finds_the_defensive_actions_page(web: Any, word: str) -> None:
    web.goto("space_shard/")
    results = search_for(web, word)
    assert "No matching" not in web.page.inner_text(".md-search-result__meta")
    assert "space_shard/defense/" in result_pages(web), results
    assert web.log.errors() == []


@pytest.mark.parametrize(
    ("word", "page"),
    [("initiative", "space_shard/turns/"), ("Boons", "arts/dice/")],
)
def test_an_english_word_still_finds_its_page(web: Any, word: str, page: str) -> None:
    web.goto("space_shard/")
    search_for(web, word)
    assert page in result_pages(web)
    assert web.log.errors() == []


def test_a_query_fetches_the_manifest_and_a_few_shards_not_the_whole_text(
    new_web: Any, built_site: Path
) -> None:
    # The split index (macros/publish/searchsplit.py): the theme fetches a manifest of a
    # few KB; Rulebinder's worker fetches the shards of the words typed and the chunks of
    # the sections it lists.
    web = new_web(service_workers="block")  # the offline copy's install fetches every file
    web.goto("arts/glossary/")
    results = search_for(web, "掩蔽")
    assert results
    prefix = web.url("search/")
    fetched = [url[len(web.base_url):] for url in web.log.requests if url.startswith(prefix)]
    manifest = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    shards = manifest["config"]["rb"]["path"]
    assert fetched[0] == "search/search_index.json" and manifest["docs"] == []
    assert fetched[1:] and all(path.startswith(shards) for path in fetched[1:]), fetched
    sent = sum((built_site / path).stat().st_size for path in set(fetched))
    whole = sum(path.stat().st_size for path in (built_site / shards).glob("*.json"))
    assert sent < whole / 10, (sent, whole)
    assert web.log.errors() == []
