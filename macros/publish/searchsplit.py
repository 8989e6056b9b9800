"""The site's search index, split: a small manifest and shards a reader fetches as a query
needs them.

Material's search plugin writes ``search/search_index.json``: every section's whole text,
which its search worker downloads before the first result (0.76 MB for the five books,
5.6 MB for the 64× book of ``scripts/bench_vs_mkdocs.py``). :func:`publish_search`
replaces it, after that plugin wrote it, with

* ``search/search_index.json`` — the manifest: Material's ``config`` (languages,
  separator, fields) with one more key, ``rb``, and no documents. The theme still fetches
  this file (its highlighter reads the separator) and hands ``config`` to the search worker;
* ``search/<tag>/t<k>.json`` — the terms, sorted, cut into shards of about
  :data:`TERM_SHARD_BYTES`; each maps a term to its postings, ``[doc, in title, in text]``
  per section (the section's number as a delta from the one before);
* ``search/<tag>/d<k>.json`` — the sections in site order, cut into chunks of about
  :data:`DOC_CHUNK_BYTES`: ``[location, title, text, parent]`` (``parent`` is the number of
  the page's own entry, ``-1`` for a page).

``<tag>`` is a hash of every shard, so a shard's URL names its bytes (a browser's cache or
the service worker's never serves a stale one). ``rb`` holds the folder (``path``), the
number of sections (``n``), the first term of each term shard (``terms``), the first
section of each chunk (``docs``) and the pages' sections (``pages``), both as differences
from the one before, the stop words, the class of Han characters and that of word characters.

The search worker (``macros/assets/search-worker.js``) speaks Material's protocol: it
looks each query word up in the one or two shards whose range holds it, scores the
sections as Material's Lunr set-up does (no stemming, a title match weighs a thousand
times a text match, a trailing wildcard) and fetches the chunks of the sections it shows.

Words are what Material's worker makes of the text: split by the configured
``separator`` (which splits on the zero-width spaces jieba put between Chinese words at
build time), lower-cased, trimmed as Lunr's trimmer does, the stop words of Lunr's English
and Chinese filters left out. Besides them every pair of adjacent Han characters is a term
(a bigram), so a Chinese query is found where jieba cut the text differently: the worker
looks a run of Han characters up by its bigrams; a section holding any is listed (as
Material lists a section holding any of the words it cuts a Chinese query into), one
holding them all first.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .shared import put

__all__ = [
    "DOC_CHUNK_BYTES",
    "LANGUAGES",
    "TERM_SHARD_BYTES",
    "bigrams",
    "publish_search",
    "read_index",
    "read_postings",
    "split_index",
    "splittable",
    "terms",
    "words",
]

#: About how large a shard of terms is (JSON, before compression).
TERM_SHARD_BYTES = 24_000
#: About how large a chunk of sections is (JSON, before compression): a result shown
#: fetches the chunk of its section, so small chunks keep a query's bytes small.
DOC_CHUNK_BYTES = 2_000
INDEX = Path("search") / "search_index.json"
#: Lunr's English stop words (lunr.js ``stopWordFilter``), left out as Material's worker does.
STOP_EN = frozenset(
    "a able about across after all almost also am among an and any are as at be because "
    "been but by can cannot could dear did do does either else ever every for from get got "
    "had has have he her hers him his how however i if in into is it its just least let "
    "like likely may me might most must my neither no nor not of off often on only or "
    "other our own rather said say says she should since so some than that the their them "
    "then there these they this tis to too twas us wants was we were what when where which "
    "while who whom why will with would yet you your".split()
)
#: Lunr's Chinese stop words (``lunr.zh.min.js``): single characters.
STOP_ZH = frozenset(
    "的一不在人有是为為以于於上他而后後之来來及了因下可到由这這与與也此但并並个個其已"
    "无無小我们們起最再今去好只又或很亦某把那你乃它吧被比别趁当當从從得打凡儿兒尔爾该"
    "該各给給跟和何还還即几幾既看据據距靠啦另么麽每嘛拿哪您凭憑且却卻让讓仍啥如若使谁"
    "誰虽雖随隨同所她哇嗡往些向沿哟喲用咱则則怎曾至致着著诸諸自"
)
STOP_WORDS = STOP_EN | STOP_ZH
#: Han characters (a JavaScript character class as well: the worker is given it).
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAN_RUN = re.compile(f"[{HAN}]{{2,}}")
#: The characters of a word for Lunr's trimmer as Material sets it up for English and
#: Chinese (``lunr.multiLanguage``: JavaScript's ``\\w`` and ``lunr.zh.wordCharacters``):
#: any others at either end of a word are cut off ("(dice)" is "dice").
WORD_CHARACTERS = "A-Za-z0-9_\u4e00-\u9fa5"
_EDGES = re.compile(f"^[^{WORD_CHARACTERS}]+|[^{WORD_CHARACTERS}]+$")
_TAG = re.compile(r"<[^>]*>")


def _plain(html: str) -> str:
    """Text with its tags as spaces (a tag ends a word, as in Material's tokenizer)."""
    return _TAG.sub(" ", html)


def words(html: str, separator: re.Pattern[str]) -> list[str]:
    """The words of a field as Material's worker makes them: tags and separators out,
    lower-cased, trimmed of other characters than :data:`WORD_CHARACTERS` at either end
    (stop words kept).

    >>> words("<p>Cover\\u200b掩蔽</p> the “Honest” (1d10)", re.compile(r"[\\s\\u200b“”]+"))
    ['cover', '掩蔽', 'the', 'honest', '1d10']
    """
    found = (_EDGES.sub("", word.lower()) for word in separator.split(_plain(html)))
    return [word for word in found if word]


def bigrams(html: str) -> list[str]:
    """Each pair of adjacent Han characters of the text, jieba's cuts (zero-width
    spaces) ignored.

    >>> bigrams("<p>掩\\u200b蔽物 and 盾</p>")
    ['掩蔽', '蔽物']
    """
    text = _plain(html).replace("\u200b", "")
    return [run[i : i + 2] for run in _HAN_RUN.findall(text) for i in range(len(run) - 1)]


def terms(html: str, separator: re.Pattern[str]) -> Counter[str]:
    """The terms a field is indexed under, with their counts: its words but stop words,
    and its Han bigrams.

    >>> sorted(terms("The 掩蔽\\u200b的\\u200b物品", re.compile(r"[\\s\\u200b]+")).items())
    [('掩蔽', 2), ('物品', 2), ('的物', 1), ('蔽的', 1)]
    """
    found = Counter(word for word in words(html, separator) if word not in STOP_WORDS)
    found.update(bigrams(html))
    return found


def _utf16(text: str) -> bytes:
    """The order of JavaScript's string comparison (UTF-16 code units)."""
    return text.encode("utf-16-be")


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _pack(items: Iterable[tuple[Any, bytes]], limit: int) -> list[list[tuple[Any, bytes]]]:
    """Consecutive ``(key, encoded)`` items in groups of about ``limit`` bytes.

    >>> [[k for k, _ in g] for g in _pack([(1, b"aaa"), (2, b"bb"), (3, b"c")], 4)]
    [[1], [2, 3]]
    """
    groups: list[list[tuple[Any, bytes]]] = []
    size = limit
    for key, encoded in items:
        if size >= limit:
            groups.append([])
            size = 0
        groups[-1].append((key, encoded))
        size += len(encoded) + 1
    return groups


def _deltas(numbers: Iterable[int]) -> list[int]:
    """Ascending numbers as their differences, the first from 0.

    >>> _deltas([0, 3, 4, 10])
    [0, 3, 1, 6]
    """
    out, last = [], 0
    for number in numbers:
        out.append(number - last)
        last = number
    return out


def _parents(docs: list[dict[str, Any]]) -> list[int]:
    """Each section's page (its number), as Material's worker pairs them: the first
    document of a path is the page; ``-1`` for a page itself.

    >>> _parents([{"location": "a/"}, {"location": "a/#x"}, {"location": "b/#y"}])
    [-1, 0, -1]
    """
    pages: dict[str, int] = {}
    parents = []
    for number, doc in enumerate(docs):
        path = doc["location"].split("#")[0]
        if path in pages:
            parents.append(pages[path])
        else:
            pages[path] = number
            parents.append(-1)
    return parents


def split_index(index: dict[str, Any]) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The manifest and the shards (by name in the tag's folder) of Material's index.

    >>> index = {"config": {"separator": "[\\\\s]+", "lang": ["en"]}, "docs": [
    ...     {"location": "", "title": "Home", "text": "<p>Cover and shields</p>"},
    ...     {"location": "#a", "title": "Cover", "text": "<p>Take cover</p>"}]}
    >>> manifest, files = split_index(index)
    >>> manifest["docs"], sorted(files), manifest["config"]["rb"]["n"]
    ([], ['d0.json', 't0.json'], 2)
    >>> json.loads(files["t0.json"])["cover"]
    [0, 0, 1, 1, 1, 1]
    """
    config = dict(index["config"])
    separator = re.compile(config["separator"])
    docs = index["docs"]
    postings: dict[str, list[int]] = {}
    last: dict[str, int] = {}
    for number, doc in enumerate(docs):
        title = terms(doc.get("title") or "", separator)
        text = terms(doc.get("text") or "", separator)
        for term in sorted(title.keys() | text.keys()):
            delta = number - last.get(term, 0)
            postings.setdefault(term, []).extend((delta, title[term], text[term]))
            last[term] = number
    ordered = sorted(postings, key=_utf16)
    term_groups = _pack(
        ((term, _json(term) + b":" + _json(postings[term])) for term in ordered),
        TERM_SHARD_BYTES,
    )
    parents = _parents(docs)
    doc_groups = _pack(
        (
            (number, _json([doc["location"], doc.get("title") or "", doc.get("text") or "",
                            parents[number]]))
            for number, doc in enumerate(docs)
        ),
        DOC_CHUNK_BYTES,
    )
    files: dict[str, bytes] = {}
    for k, group in enumerate(term_groups):
        files[f"t{k}.json"] = b"{" + b",".join(encoded for _, encoded in group) + b"}"
    for k, group in enumerate(doc_groups):
        files[f"d{k}.json"] = b"[" + b",".join(encoded for _, encoded in group) + b"]"
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name] + b"\0")
    config["rb"] = {
        "path": f"search/{digest.hexdigest()[:12]}/",
        "n": len(docs),
        "terms": [group[0][0] for group in term_groups],
        "docs": _deltas(group[0][0] for group in doc_groups),
        "pages": _deltas(number for number, parent in enumerate(parents) if parent < 0),
        "stop": sorted(STOP_WORDS, key=_utf16),
        "han": HAN,
        "word": WORD_CHARACTERS,
    }
    return {"config": config, "docs": []}, files


#: The manifest's name in a kept split (:func:`_zip`).
MANIFEST_MEMBER = "search_index.json"
#: The languages whose words the split index and its worker cut as Material's worker does.
LANGUAGES = frozenset({"en", "zh"})


#: The pipeline Material's search gives English (its ``search.config.pipeline`` for ``en``),
#: which the worker follows: stop words left out, no stemmer.
PIPELINE = ("stopWordFilter",)


def splittable(lang: Any, pipeline: Any) -> bool:
    """Whether a search set up with ``lang`` and ``pipeline`` (the search plugin's options,
    ``None`` for English's default) is one the split index reads as Material's worker would:
    English and Chinese, English's pipeline. Another language (a stemmer, a word splitter of
    its own) or pipeline keeps Material's whole index and worker.

    >>> splittable(None, None), splittable(["en", "zh"], ["stopWordFilter"]), splittable("en", None)
    (True, True, True)
    >>> splittable(["en", "de"], None), splittable(["en"], ["stemmer", "stopWordFilter"])
    (False, False)
    """
    languages = [lang] if isinstance(lang, str) else list(lang or ["en"])
    return tuple(pipeline or PIPELINE) == PIPELINE and set(languages) <= LANGUAGES


def publish_search(site_dir: Path, split: bool = True, cache: Path | None = None) -> str:
    """Split the site's ``search/search_index.json`` (:func:`split_index`); the build log's
    line. A site without one (no search plugin), one already split, or one whose search
    settings the split index does not read (``split`` false: the plugin decided it with
    :func:`splittable` and the theme kept Material's worker) is left as it is.

    With ``cache`` (a folder), the split of the last index is kept there by the index's hash
    and taken when the next build's index is the same."""
    path = site_dir / INDEX
    if not path.is_file():
        return "search: no search/search_index.json (no search plugin): nothing to split"
    if not split:
        return ("search: Material's whole index kept (the split index reads English and "
                "Chinese with the default pipeline)")
    raw = path.read_bytes()
    kept = cache / f"search-{hashlib.sha256(raw).hexdigest()[:32]}.zip" if cache else None
    if kept is not None and kept.is_file():
        manifest, files = _unzip(kept)
    else:
        index = json.loads(raw.decode("utf-8"))
        if "rb" in index.get("config", {}):
            return "search: the index is already split"
        manifest, files = split_index(index)
        if kept is not None:
            _zip(kept, manifest, files)
    folder = site_dir / manifest["config"]["rb"]["path"]
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    path.write_bytes(_json(manifest))
    rb = manifest["config"]["rb"]
    return (
        f"search: {rb['n']} sections in {len(rb['terms'])} term shards and "
        f"{len(rb['docs'])} chunks ({sum(map(len, files.values())):,} B); "
        f"manifest {path.stat().st_size:,} B"
    )


def _zip(target: Path, manifest: dict[str, Any], files: dict[str, bytes]) -> None:
    """Keep a split index in ``target`` (the only one of its folder: older ones go)."""
    for old in target.parent.glob("search-*.zip"):
        old.unlink(missing_ok=True)
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as out:
        out.writestr(MANIFEST_MEMBER, _json(manifest))
        for name, data in files.items():
            out.writestr(name, data)
    put(target, packed.getvalue())


def _unzip(source: Path) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A split index kept by :func:`_zip`.

    >>> import tempfile
    >>> kept = Path(tempfile.mkdtemp()) / "search-1.zip"
    >>> _zip(kept, {"config": {}}, {"t0.json": b"{}"})
    >>> _unzip(kept)
    ({'config': {}}, {'t0.json': b'{}'})
    """
    with zipfile.ZipFile(source) as kept:
        files = {name: kept.read(name) for name in kept.namelist()}
    return json.loads(files.pop(MANIFEST_MEMBER)), files


def read_index(site_dir: Path) -> dict[str, Any]:
    """Material's whole index again (``config`` and ``docs``), from a split one (or the
    unsplit file as it is): what tests and tools read.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp()); (site / "search").mkdir()
    >>> docs = [{"location": "", "title": "Home", "text": "<p>Cover</p>"}]
    >>> _ = (site / INDEX).write_text(json.dumps({"config": {"separator": " "}, "docs": docs}))
    >>> _ = publish_search(site)
    >>> read_index(site)["docs"] == docs
    True
    """
    index: dict[str, Any] = json.loads((site_dir / INDEX).read_text(encoding="utf-8"))
    rb = index.get("config", {}).get("rb")
    if rb is None:
        return index
    docs = []
    for k in range(len(rb["docs"])):  # chunk k (rb["docs"] holds where each starts)
        chunk = json.loads((site_dir / rb["path"] / f"d{k}.json").read_text(encoding="utf-8"))
        docs.extend({"location": loc, "title": title, "text": text}
                    for loc, title, text, _ in chunk)
    return {"config": index["config"], "docs": docs}


def read_postings(site_dir: Path) -> dict[str, list[tuple[int, int, int]]]:
    """Every term of a split index with its postings, ``(section, in title, in text)``."""
    rb = json.loads((site_dir / INDEX).read_text(encoding="utf-8"))["config"]["rb"]
    found: dict[str, list[tuple[int, int, int]]] = {}
    for k in range(len(rb["terms"])):
        shard = json.loads((site_dir / rb["path"] / f"t{k}.json").read_text(encoding="utf-8"))
        for term, flat in shard.items():
            number = 0
            rows = []
            for i in range(0, len(flat), 3):
                number += flat[i]
                rows.append((number, flat[i + 1], flat[i + 2]))
            found[term] = rows
    return found
