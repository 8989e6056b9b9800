"""The split search index (``macros/publish/searchsplit.py``) and Rulebinder's search worker
(``macros/assets/search-worker.js``) against Material's own worker over the whole index.

The workers run in Node (``tests/search_worker.mjs``), as a browser runs them: Material's
over the whole index read back from the split one, Rulebinder's over the split one,
fetching its shards from the built site.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from macros.publish.searchsplit import (
    INDEX,
    publish_search,
    read_index,
    read_postings,
    split_index,
    terms,
)

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "tests" / "search_worker.mjs"
OURS = ROOT / "macros" / "assets" / "search-worker.js"
#: English words and prefixes, several words, Chinese game terms and phrases.
QUERIES = [
    "incapacity", "initiative", "Boons", "tol", "cover defense", "dice pool", "1d10",
    "Initiative roll", "a", "掩蔽", "格擋", "沖鋒", "盾牌", "掩蔽物", "特殊", "攻擊", "防御",
    "攻擊類型", "目標",
]
#: Material's worker cuts a Chinese query into the index's words and lists a section holding
#: any of them, one character alone too ("全"); Rulebinder's looks a run up by its bigrams.
FEWER = {"全掩蔽"}

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")


def _run(site: Path, worker: Path, served_as: str, index: dict[str, Any], queries: list[str],
         tmp: Path, limit: int = 0) -> dict[str, Any]:
    (tmp / "index.json").write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    (tmp / "queries.json").write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        ["node", str(HARNESS), str(site), str(worker), served_as, str(tmp / "index.json"),
         str(tmp / "queries.json")],
        capture_output=True, text=True, check=True,
        env={"PATH": "/usr/bin:/bin:/usr/local/bin", "SEARCH_LIMIT": str(limit)},
    )
    return json.loads(done.stdout)


def _found(result: dict[str, Any]) -> set[str]:
    """The books' sections a result lists as matching (a page listed only as the heading of
    its sections has score 0); the guide's pages (``guide/``), whose prose names words to
    search for, are left aside."""
    return {
        item["location"] for group in result["items"] for item in group
        if item["score"] and not item["location"].startswith("guide/")
    }


def _material_worker(site: Path) -> Path:
    (worker,) = (site / "assets" / "javascripts" / "workers").glob("search.*.min.js")
    return worker


@needs_node
def test_the_split_index_finds_what_materials_whole_index_finds(
    built_site: Path, tmp_path: Path
) -> None:
    whole = read_index(built_site)
    whole["config"] = {k: v for k, v in whole["config"].items() if k != "rb"}
    material = _run(built_site, _material_worker(built_site), "assets/javascripts/workers/s.js",
                    whole, [*QUERIES, *FEWER], tmp_path)
    manifest = json.loads((built_site / INDEX).read_text(encoding="utf-8"))
    ours = _run(built_site, OURS, "assets/search-worker.js", manifest, [*QUERIES, *FEWER],
                tmp_path, limit=100_000)
    for query in QUERIES:
        assert _found(material[query]), query  # each query finds something
        assert _found(ours[query]) == _found(material[query]), query
    for query in FEWER:
        assert _found(ours[query]) and _found(ours[query]) < _found(material[query]), query
        assert ours[query]["items"][0][0]["location"] == material[query]["items"][0][0][
            "location"], query
    # The best page is the same, and the result is linked with the query to highlight.
    for query in ("incapacity", "Boons", "掩蔽", "cover defense"):
        assert ours[query]["items"][0][0]["location"] == material[query]["items"][0][0][
            "location"], query
    best = ours["掩蔽"]["items"][0][0]
    assert best["terms"] == {"掩蔽": True} and "<mark>掩蔽</mark>" in best["text"]
    assert ours["initiative"]["suggest"] == ["initiative"]


@needs_node
def test_a_query_fetches_a_few_shards_and_the_chunks_of_the_results_shown(
    built_site: Path, tmp_path: Path
) -> None:
    manifest = json.loads((built_site / INDEX).read_text(encoding="utf-8"))
    rb = manifest["config"]["rb"]
    ours = _run(built_site, OURS, "assets/search-worker.js", manifest, ["沖鋒", "initiative"],
                tmp_path)
    chinese = ours["沖鋒"]["fetched"]  # one section has it
    assert all(path.startswith(rb["path"]) for path in chinese)
    assert len([p for p in chinese if "/t" in p]) == 1 and len(chinese) <= 3, chinese
    english = ours["initiative"]
    assert len(english["items"]) == 10  # at most 10 pages are listed (52 match)
    assert len(english["fetched"]) < len(rb["terms"]) + len(rb["docs"]) // 3


def test_the_shards_hold_each_sections_terms_in_order(tmp_path: Path) -> None:
    docs = [
        {"location": "", "title": "Home", "text": "<p>Cover (dice) and 掩蔽\u200b物</p>"},
        {"location": "a/", "title": "Cover", "text": "<p>Take cover, then roll</p>"},
        {"location": "a/#b", "title": "Rolls", "text": "<p>Roll 1d10 the dice</p>"},
    ] + [{"location": f"p{n}/", "title": f"T{n}", "text": f"w{n:04d} x{n}"} for n in range(900)]
    index = {"config": {"separator": r"[\s\u200b\-]+", "lang": ["en", "zh"]}, "docs": docs}
    manifest, files = split_index(index)
    rb = manifest["config"]["rb"]
    assert manifest["docs"] == [] and len(rb["terms"]) > 1 and len(rb["docs"]) > 1
    assert rb["terms"] == sorted(rb["terms"], key=lambda t: t.encode("utf-16-be"))
    assert rb["pages"][:3] == [0, 1, 2]  # "a/#b" is a section of page 1
    assert split_index(index) == (manifest, files)  # the same index, the same bytes
    separator = re.compile(index["config"]["separator"])
    expected: dict[str, list[tuple[int, int, int]]] = {}
    for number, doc in enumerate(docs):
        title, text = terms(doc["title"], separator), terms(doc["text"], separator)
        for term in sorted(title.keys() | text.keys()):
            expected.setdefault(term, []).append((number, title[term], text[term]))
    site = tmp_path
    (site / "search").mkdir()
    (site / INDEX).write_text(json.dumps(index), encoding="utf-8")
    publish_search(site)
    assert read_postings(site) == expected
    assert {"dice", "掩蔽", "物", "蔽物", "1d10"} <= expected.keys()  # trimmed; bigrams
    assert "the" not in expected and "and" not in expected  # Lunr's stop words
    for k, first in enumerate(rb["terms"]):
        shard = json.loads((site / rb["path"] / f"t{k}.json").read_text(encoding="utf-8"))
        following = rb["terms"][k + 1] if k + 1 < len(rb["terms"]) else None
        assert all(first <= term and (following is None or term < following) for term in shard)
    assert read_index(site)["docs"] == docs


def test_the_built_site_serves_the_manifest_and_rulebinders_worker(built_site: Path) -> None:
    manifest = json.loads((built_site / INDEX).read_text(encoding="utf-8"))
    assert manifest["docs"] == [] and (built_site / INDEX).stat().st_size < 10_000
    rb = manifest["config"]["rb"]
    assert (built_site / rb["path"] / "t0.json").is_file()
    page = (built_site / "arts" / "glossary" / "index.html").read_text(encoding="utf-8")
    config = json.loads(re.search(r'<script id="__config"[^>]*>(.*?)</script>', page, re.S)[1])
    assert config["search"] == "../../assets/search-worker.js"
    assert (built_site / "assets" / "search-worker.js").is_file()
    # The offline copy holds every shard (a reader's search works offline).
    worker = (built_site / "sw.js").read_text(encoding="utf-8")
    shards = sorted((built_site / rb["path"]).glob("*.json"))
    assert shards and all(f'"{rb["path"]}{path.name}"' in worker for path in shards)


def test_a_search_in_another_language_keeps_materials_index_and_worker(
    tmp_path: Path,
) -> None:
    """German (a stemmer of its own) or a pipeline set by the author: the plugin says no
    split, the theme keeps Material's worker and the index stays whole."""
    from mkdocs.config import load_config

    for search, split in (("- search", True), ("- search:\n      lang: [en, zh]", True),
                          ("- search:\n      lang: de", False),
                          ("- search:\n      pipeline: [stemmer]", False),
                          ("- search:\n      pipeline: [stopWordFilter]", True)):
        (tmp_path / "docs").mkdir(exist_ok=True)
        (tmp_path / "mkdocs.yml").write_text(
            f"site_name: X\ntheme:\n  name: material\nplugins:\n  {search}\n",
            encoding="utf-8")
        config = load_config(str(tmp_path / "mkdocs.yml"))
        from rulebinder.plugin import RulebinderPlugin

        RulebinderPlugin()._split_search(config)
        assert config.extra["rulebinder_split_search"] is split, search
    site = tmp_path / "site"
    (site / "search").mkdir(parents=True)
    whole = json.dumps({"config": {"lang": ["de"], "separator": " "},
                        "docs": [{"location": "", "title": "A", "text": "b"}]})
    (site / INDEX).write_text(whole, encoding="utf-8")
    assert "whole index kept" in publish_search(site, split=False)
    assert (site / INDEX).read_text(encoding="utf-8") == whole


def test_the_same_index_takes_its_split_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import macros.publish.searchsplit as searchsplit

    whole = json.dumps({"config": {"lang": ["en"], "separator": "[\\s]+"}, "docs": [
        {"location": "", "title": "Cover", "text": "<p>Take cover behind shields</p>"}]})
    sites = []
    for name in ("one", "two"):
        site = tmp_path / name
        (site / "search").mkdir(parents=True)
        (site / INDEX).write_text(whole, encoding="utf-8")
        sites.append(site)
    publish_search(sites[0], cache=tmp_path / "cache")

    def no_split(index: dict[str, Any]) -> None:
        raise AssertionError("split again")

    monkeypatch.setattr(searchsplit, "split_index", no_split)
    publish_search(sites[1], cache=tmp_path / "cache")
    one = {p.relative_to(sites[0]): p.read_bytes() for p in sites[0].rglob("*") if p.is_file()}
    two = {p.relative_to(sites[1]): p.read_bytes() for p in sites[1].rglob("*") if p.is_file()}
    assert one == two and len(one) >= 3
    (sites[1] / INDEX).write_text(whole.replace("shields", "walls"), encoding="utf-8")
    with pytest.raises(AssertionError, match="split again"):
        publish_search(sites[1], cache=tmp_path / "cache")
