"""The best copies of shared files, made by a detached process after the build
(:mod:`macros.publish.later`): the build ships quick copies meanwhile, the next takes the best."""

from __future__ import annotations

import gzip
import os
import re
import time
from pathlib import Path

import brotli
import pytest

from macros.publish import compress, later

#: Text of a shared asset (16 KB: the detached process, at the lowest priority, is done in a
#: moment even on a busy machine).
BIG = "".join(
    f"function f{n}(a, b) {{ return a * {n % 97} + b - {n * n % 13}; }} // step {n % 7}\n"
    for n in range(16 * 1024 // 60 + 50)
).encode()


@pytest.fixture(autouse=True)
def not_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build on an author's machine (the tests may run under CI)."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("RULEBINDER_PRECOMPRESS", raising=False)


def site_with_big_asset(folder: Path) -> Path:
    (folder / "assets" / "javascripts").mkdir(parents=True)
    (folder / "assets" / "javascripts" / "big.js").write_bytes(BIG)
    (folder / "index.html").write_text("<p>" + "a page, " * 400 + "</p>", encoding="utf-8")
    return folder


def wait_for(slot: Path, seconds: float = 180) -> None:
    end = time.monotonic() + seconds
    while not slot.is_file() or later._marker(slot).exists():
        assert time.monotonic() < end, f"no {slot.name} after {seconds} s"
        time.sleep(0.2)


def test_the_first_build_ships_a_quick_copy_and_the_next_the_best(tmp_path: Path) -> None:
    cache = tmp_path / "compressed"
    site = site_with_big_asset(tmp_path / "a")
    said = compress.precompress(site, cache)
    quick_ones = f"brotli at quality {later.QUICK_QUALITY} and gzip at level {later.QUICK_LEVEL}"
    assert f"{quick_ones} for big.js" in said, said
    quick = (site / "assets" / "javascripts" / "big.js.br").read_bytes()
    assert brotli.decompress(quick) == BIG
    assert quick == brotli.compress(BIG, quality=later.QUICK_QUALITY)
    quick_gz = (site / "assets" / "javascripts" / "big.js.gz").read_bytes()
    assert quick_gz == gzip.compress(BIG, compresslevel=later.QUICK_LEVEL, mtime=0)
    # The page, the book's own, is packed at its best now.
    page = (site / "index.html").read_bytes()
    assert (site / "index.html.br").read_bytes() == brotli.compress(page, quality=11)
    best, best_gz = compress._slot(cache, BIG, ".br"), compress._slot(cache, BIG, ".gz")
    wait_for(best)
    wait_for(best_gz)
    assert best.read_bytes() == brotli.compress(BIG, quality=11)
    assert best_gz.read_bytes() == gzip.compress(BIG, compresslevel=9, mtime=0)
    # The next build, of another project with the same asset, takes the best copies.
    other = site_with_big_asset(tmp_path / "b")
    said = compress.precompress(other, cache)
    assert "quality" not in said and "0 copies made" in said, said
    assert (other / "assets" / "javascripts" / "big.js.gz").read_bytes() == best_gz.read_bytes()
    assert (other / "assets" / "javascripts" / "big.js.br").read_bytes() == best.read_bytes()


def test_one_process_at_a_time_makes_a_best_copy(tmp_path: Path) -> None:
    cache = tmp_path / "compressed"
    site = site_with_big_asset(tmp_path / "site")
    source = site / "assets" / "javascripts" / "big.js"
    pairs = [(source, compress._slot(cache, BIG, suffix)) for suffix in (".br", ".gz")]
    assert later.start(pairs) == [source, source]
    assert later.start(pairs) == []  # one process is at it already
    for _, slot in pairs:
        wait_for(slot)
    assert later.start(pairs) == []  # made
    assert "brotli at quality" not in compress.precompress(site, cache)


@pytest.mark.parametrize("setting", [{"CI": "true"}, {"RULEBINDER_PRECOMPRESS": "best"}])
def test_under_ci_or_when_asked_the_build_makes_the_best_copy_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: dict[str, str]
) -> None:
    for name, value in setting.items():
        monkeypatch.setenv(name, value)
    cache = tmp_path / "compressed"
    site = site_with_big_asset(tmp_path / "site")
    said = compress.precompress(site, cache)
    assert "brotli at quality" not in said, said
    packed = (site / "assets" / "javascripts" / "big.js.br").read_bytes()
    assert packed == brotli.compress(BIG, quality=11)
    assert not list(cache.glob(".*.making"))


def test_a_live_marker_stops_a_second_process_and_a_stale_one_does_not(tmp_path: Path) -> None:
    slot = tmp_path / "cache" / "abc.br"
    assert later._claim(slot)
    assert not later._claim(slot)  # another build's process is at it
    old = time.time() - later.STALE_SECONDS - 1
    os.utime(later._marker(slot), (old, old))  # that process died long ago
    assert later._claim(slot)


def test_a_file_changed_before_it_was_read_is_not_cached_under_the_old_hash(
    tmp_path: Path,
) -> None:
    source = tmp_path / "x.js"
    source.write_bytes(BIG)
    slot = compress._slot(tmp_path / "cache", b"what the file held before", ".br")
    slot.parent.mkdir()
    assert later._claim(slot)
    assert later.main([str(source), str(slot)]) == 1
    assert not slot.exists() and not later._marker(slot).exists()


def test_a_cache_removed_meanwhile_is_not_made_again(tmp_path: Path) -> None:
    source = tmp_path / "x.js"
    source.write_bytes(BIG)
    slot = compress._slot(tmp_path / "gone", BIG, ".br")
    assert later.make(source, slot) == 1
    assert not (tmp_path / "gone").exists()


def test_copies_made_ahead_are_taken_by_precompress(tmp_path: Path) -> None:
    """The build starts :class:`compress.Warming` before the Node steps; precompress then
    finds its copies cached and writes the same files as without it."""
    site = site_with_big_asset(tmp_path / "site")
    (site / "page.js").write_text("let page = 'a page';\n" * 300, encoding="utf-8")
    warming = compress.Warming(site, tmp_path / "ahead")
    assert warming.count == 6  # big.js: quick brotli and gzip; the page and page.js: both
    assert warming.pool is not None
    warming.pool.shutdown(wait=True)  # all made (the build stops it, dropping what is left)
    warming.stop()
    said = compress.precompress(site, tmp_path / "ahead")
    assert "0 copies made, 6 from the cache" in said, said
    ahead = {p.name: p.read_bytes() for p in site.rglob("*.*[rz]")}
    other = site_with_big_asset(tmp_path / "other")
    (other / "page.js").write_text("let page = 'a page';\n" * 300, encoding="utf-8")
    compress.precompress(other, tmp_path / "plain")
    assert {p.name: p.read_bytes() for p in other.rglob("*.*[rz]")} == ahead


def test_copies_not_begun_are_dropped_and_precompress_makes_them(tmp_path: Path) -> None:
    site = site_with_big_asset(tmp_path / "site")
    warming = compress.Warming(site, tmp_path / "cache")
    warming.stop()  # at once: most are not begun
    said = compress.precompress(site, tmp_path / "cache")
    made, taken = re.search(r"(\d+) copies made, (\d+) from the cache", said).groups()
    assert int(made) + int(taken) == 4, said
    packed = (site / "index.html.br").read_bytes()
    assert brotli.decompress(packed) == (site / "index.html").read_bytes()
    # No half-written copy left (but the markers of big.js's best copies, being made).
    assert {p.name for p in (tmp_path / "cache").glob(".*")} <= {
        later._marker(compress._slot(tmp_path / "cache", BIG, suffix)).name
        for suffix in (".br", ".gz")
    }


def test_the_icons_drawn_ahead_are_the_ones_the_offline_shell_writes(tmp_path: Path) -> None:
    from functools import partial

    from macros.publish import offline

    site = site_with_big_asset(tmp_path / "site")
    icons = tmp_path / "icons"
    warming = compress.Warming(site, tmp_path / "cache", also=(partial(offline.draw_icons, icons),))
    assert warming.pool is not None
    warming.pool.shutdown(wait=True)
    assert len(list(icons.glob("icon-*.png"))) == len(offline.ICONS)
    offline.write_icons(site, icons)
    for name, (size, maskable) in offline.ICONS.items():
        written = (site / offline.ICON_DIR / name).read_bytes()
        assert written == offline.icon(size, maskable), name
