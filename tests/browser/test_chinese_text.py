"""Chinese passages in real Chromium: marked zh-Hant, they get the CJK font stack."""

from __future__ import annotations

from typing import Any

FONT = "getComputedStyle(el).fontFamily"


def test_chinese_passages_get_a_cjk_font_and_english_keeps_its_own(web: Any) -> None:
    web.goto("space_shard/defense/")
    chinese = web.page.eval_on_selector('p[lang="zh-Hant"]', f"el => {FONT}")
    assert chinese.startswith('"Noto Sans CJK TC"'), chinese
    heading = web.page.eval_on_selector("#space_shard-cover_special_cases", f"el => {FONT}")
    word = web.page.eval_on_selector(
        '#space_shard-cover_special_cases span[lang="zh-Hant"]', f"el => {FONT}"
    )
    assert "CJK" not in heading, heading  # "Special cases (特殊)": English around one word
    assert word.startswith('"Noto Sans CJK TC"'), word
    assert web.log.errors() == []
