"""Search in English and Chinese at build time, and Chinese passages marked in the HTML.

Material's search plugin cuts Chinese text into words with jieba (joined by zero-width
spaces); the browser splits the index text with the configured ``separator``, so the tests
split it the same way. The index is read back whole from its split form
(:func:`macros.publish.searchsplit.read_index`; ``tests/test_search_split.py`` tests the
split itself). The user dictionary holds the Space Shard chapter's game terms.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from macros.publish.searchsplit import read_index
from macros.render.cjk import han_count

ROOT = Path(__file__).resolve().parents[1]
TERMS = ROOT / "rules_data" / "space_shard" / "search_terms.txt"


def _index(site: Path) -> dict:
    """The whole index (config and every section), read back from the split one."""
    return read_index(site)


def _words(site: Path, location: str) -> set[str]:
    """The words of one section of the index, split as the browser splits them."""
    index = _index(site)
    separator = re.compile(index["config"]["separator"])
    (doc,) = [doc for doc in index["docs"] if doc["location"] == location]
    text = re.sub(r"</?[a-z]+>", " ", doc["title"] + " " + doc["text"])
    return set(separator.split(text))


def test_the_index_is_english_and_chinese(built_site: Path) -> None:
    config = _index(built_site)["config"]
    assert config["lang"] == ["en", "zh"]
    assert re.compile(config["separator"]).split("掩蔽\u200b格擋，盾牌。cover") == [
        "掩蔽",
        "格擋",
        "盾牌",
        "cover",
    ]


def test_chinese_game_terms_are_words_of_the_index(built_site: Path) -> None:
    cover = _words(built_site, "space_shard/defense/#space_shard-cover_special_cases")
    assert {"掩蔽", "格擋", "防御", "盾牌", "貫穿", "盲視", "掩蔽物"} <= cover
    charge = _words(built_site, "space_shard/melee/#space_shard-when_charging")
    assert {"沖鋒", "減值", "特殊"} <= charge  # 沖鋒 (charge): only the user dictionary has it
    english = _words(built_site, "space_shard/defense/#space_shard-full_defense")
    assert {"Standard", "Defense", "Evade"} <= english


def test_the_user_dictionary_holds_words_of_the_chapter_only() -> None:
    chapter = ""  # the rulebook's text as kept in the data (not the editors' notes)
    for path in (ROOT / "rules_data" / "space_shard").glob("*.yml"):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")).get("entries") or []:
            kept = {key: value for key, value in entry.items() if key != "note"}
            chapter += json.dumps(kept, ensure_ascii=False)
    terms = TERMS.read_text(encoding="utf-8").split()
    assert terms and len(terms) == len(set(terms))
    for term in terms:
        assert han_count(term) == len(term), term  # jieba reads "word [freq] [tag]" lines
        assert term in chapter, f"{term} is not in the Space Shard chapter"


class _LangOfHan(HTMLParser):
    """Each run of text with Han characters in the article, with the language it is in."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.runs: list[tuple[str | None, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in {"br", "img", "input", "hr", "meta", "link", "wbr"}:
            self.stack.append((tag, dict(attrs).get("lang")))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if han_count(data) and any(tag == "article" for tag, _ in self.stack):
            lang = next((lang for _, lang in reversed(self.stack) if lang), None)
            self.runs.append((lang, data.strip()))


def test_every_chinese_passage_of_the_chapter_is_marked_zh_hant(built_site: Path) -> None:
    pages = yaml.safe_load((ROOT / "rules_data" / "space_shard" / "system.yml").read_text())
    seen = 0
    for page in pages["system"]["pages"]:
        parser = _LangOfHan()
        parser.feed((built_site / "space_shard" / page / "index.html").read_text("utf-8"))
        assert all(lang == "zh-Hant" for lang, _ in parser.runs), (page, parser.runs)
        seen += len(parser.runs)
    assert seen > 10


def test_whole_chinese_paragraphs_and_words_in_english(built_site: Path) -> None:
    defense = (built_site / "space_shard" / "defense" / "index.html").read_text("utf-8")
    assert '<p lang="zh-Hant">特殊：你使用帶有【格擋】的物品' in defense
    assert 'Special cases (<span lang="zh-Hant">特殊</span>)' in defense
    melee = (built_site / "space_shard" / "melee" / "index.html").read_text("utf-8")
    assert 'any obstacle (<span lang="zh-Hant">沒有困難地形</span>)</li>' in melee
    special = (built_site / "space_shard" / "special" / "index.html").read_text("utf-8")
    heading = r'<h3 [^>]*\bid="space_shard-attack_types_zh"[^>]* lang="zh-Hant">攻擊類型'
    assert re.search(heading, special)


def test_a_calculators_form_and_folded_inputs_are_not_searched(built_site: Path) -> None:
    # data-search-exclude ends at the first closing tag of its element's kind: the folded
    # inputs' parts carry it one by one (macros/render/forms.py). The guide's pages
    # (docs/guide/) name the button in their prose, and are searched.
    docs = [doc for doc in _index(built_site)["docs"] if not doc["location"].startswith("guide/")]
    text = " ".join(doc["text"] for doc in docs)
    for words in ("Change the inputs", "Worked out for the default inputs", "rbCalcInputs"):
        assert words not in text


@pytest.mark.parametrize("config", ["mkdocs.yml", "rulebinder/scaffold/mkdocs.yml"])
def test_a_word_beside_a_typographic_quote_or_dash_is_a_word(config: str) -> None:
    """Material splits the index and the query with the separator (a JavaScript regular
    expression, read here with Python's, which agrees on these classes)."""
    text = (Path(__file__).parents[1] / config).read_text(encoding="utf-8")
    plugins = yaml.safe_load(text.replace("!ENV", ""))["plugins"]
    search = next(p["search"] for p in plugins if isinstance(p, dict) and "search" in p)
    words = re.split(search["separator"], "“Honest” Tobiah’s ‘boxcar’ save—then «more» – \"end\"")
    assert {"Honest", "Tobiah", "boxcar", "save", "then", "more", "end"} <= set(words)
