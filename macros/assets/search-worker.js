// Rulebinder's search worker: Material's search UI (search box, results, highlight,
// suggestions) over the split index (macros/publish/searchsplit.py), fetching only the
// shards a query needs.
//
// It speaks Material's worker protocol (integrations/search/worker/message): the theme
// sends SETUP with the index it fetched (here the manifest: config, with config.rb, and no
// documents), the worker answers READY; each QUERY is answered by a RESULT whose items are
// groups of sections by page (SearchItem: location, title, text, score, terms), and
// suggest, the word to complete the last one typed with.
//
// Matching is Material's Lunr set-up's: words split by the configured separator,
// lower-cased and trimmed (stop words are left out of the index, not of the query: Lunr
// skips its pipeline for a term with a wildcard), each query word a prefix (a trailing
// wildcard), any word may match (the results list the words a section misses), a title
// match weighs config.fields.title.boost times a text match, no length normalisation
// (b = 0), a page and a section matching every word ranked up. A run of Han characters is
// looked up by its bigrams (the index holds every bigram of the text besides jieba's
// words): a section holding any is listed, one holding all of them matches the run.
// At most MAX_PAGES pages are listed, each with MAX_SECTIONS of its sections at most.
"use strict";

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
/** Pages listed for a query, and sections shown for each page, at most. */
const MAX_PAGES = 10, MAX_SECTIONS = 3;
/** Shards a prefix is expanded in, at most (a one-letter prefix of a large book spans
 *  many; the first holds the word itself). */
const PREFIX_SHARDS = 2;
/** A query waits this long for the next key before it fetches anything. */
const SETTLE_MS = 100;
const K1 = 1.2;

let index = null;
let latest = null;
let queue = Promise.resolve();
const files = new Map();

function load(path) {
  const url = new URL(index.rb.path + path, index.base).href;
  if (!files.has(url)) {
    files.set(url, fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.json();
    }).catch((error) => {
      files.delete(url);
      throw error;
    }));
  }
  return files.get(url);
}

/** The last position i of sorted with sorted[i] <= value (0 if none). */
function floor(sorted, value) {
  let low = 0, high = sorted.length - 1, found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] <= value) { found = mid; low = mid + 1; } else high = mid - 1;
  }
  return found;
}

function setup(data) {
  const config = data.config;
  const rb = config.rb;
  const pages = [];
  for (let i = 0, page = 0; i < rb.pages.length; i++) pages.push(page += rb.pages[i]);
  const starts = [];
  for (let i = 0, at = 0; i < rb.docs.length; i++) starts.push(at += rb.docs[i]);
  const fields = config.fields || {};
  index = {
    rb,
    pages,
    starts,
    base: new URL("../", self.location.href).href,
    separator: new RegExp(config.separator, "g"),
    stop: new Set(rb.stop),
    han: new RegExp(`[${rb.han}]+|[^${rb.han}]+`, "g"),
    isHan: new RegExp(`^[${rb.han}]`),
    edges: new RegExp(`^[^${rb.word}]+|[^${rb.word}]+$`, "g"),
    boost: {
      title: (fields.title && fields.title.boost) || 1,
      text: (fields.text && fields.text.boost) || 1,
    },
    suggest: Boolean(data.options && data.options.suggest),
    // Tests ask for every result (Material's theme sends no limit).
    maxPages: (data.options && data.options.limit) || MAX_PAGES,
    maxSections: (data.options && data.options.limit) || MAX_SECTIONS,
  };
}

/** The query's clauses: {key, grams} (a run of Han characters) or {key} (a prefix).
 *  Query words are not stop-filtered: Lunr's pipeline skips a term with a wildcard. */
function clauses(query) {
  const found = new Map();
  for (let part of query.toLowerCase().split(/\s+/)) {
    part = part.replace(/^[+-]+|["*+~^]/g, "").replace(/^(title|text|tags):/, "");
    for (const piece of part.split(index.separator)) {
      for (let key of piece.match(index.han) || []) {
        key = key.replace(index.edges, "");
        if (!key || found.has(key)) continue;
        const han = index.isHan.test(key) && key.length > 1;
        const grams = [];
        if (han) for (let i = 0; i + 1 < key.length; i++) grams.push(key.slice(i, i + 2));
        found.set(key, han ? { key, grams } : { key });
      }
    }
  }
  return [...found.values()];
}

/** {term: postings} of the terms a clause matches. */
async function lookup(clause) {
  const firsts = index.rb.terms;
  const found = {};
  if (clause.grams) {
    const shards = await Promise.all(clause.grams.map((g) => load(`t${floor(firsts, g)}.json`)));
    clause.grams.forEach((gram, i) => { if (shards[i][gram]) found[gram] = shards[i][gram]; });
    return found;
  }
  const first = floor(firsts, clause.key);
  let last = first;
  while (last + 1 < firsts.length && last + 1 < first + PREFIX_SHARDS &&
         firsts[last + 1].startsWith(clause.key)) last++;
  const shards = [];
  for (let k = first; k <= last; k++) shards.push(load(`t${k}.json`));
  for (const shard of await Promise.all(shards)) {
    for (const term in shard) if (term.startsWith(clause.key)) found[term] = shard[term];
  }
  return found;
}

function saturate(tf) {
  return tf ? (tf * (K1 + 1)) / (K1 + tf) : 0;
}

/** Map of section -> {score, title (title occurrences), full} for one clause; full: the
 *  section holds every bigram of a Han run (any one is enough to be listed, as any word of
 *  the query is: Lunr's set-up would have split the run into its dictionary words). */
function scoreClause(clause, postings) {
  const n = index.rb.n;
  const scores = new Map();
  for (const term of Object.keys(postings)) {
    const flat = postings[term];
    const df = flat.length / 3;
    const idf = Math.log(1 + Math.abs((n - df + 0.5) / (df + 0.5)));
    for (let i = 0, doc = 0; i < flat.length; i += 3) {
      doc += flat[i];
      const s = idf * (saturate(flat[i + 1]) * index.boost.title +
                       saturate(flat[i + 2]) * index.boost.text);
      const entry = scores.get(doc) || { score: 0, title: 0, grams: 0 };
      entry.score += s;
      entry.title += flat[i + 1];
      entry.grams += 1;
      scores.set(doc, entry);
    }
  }
  for (const entry of scores.values()) {
    entry.full = !clause.grams || entry.grams === clause.grams.length;
  }
  return scores;
}

function pageOf(doc) {
  return index.pages[floor(index.pages, doc)];
}

/** The section's record [location, title, text, parent], from its chunk. */
async function section(doc) {
  const k = floor(index.starts, doc);
  const chunk = await load(`d${k}.json`);
  return chunk[doc - index.starts[k]];
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A function marking the query's words in a stretch of text (no tags). */
function marker(matched) {
  const han = [];
  for (const clause of matched.filter((c) => c.grams)) {
    for (const word of [clause.key, ...clause.grams]) {
      han.push([...word].map(escapeRegExp).join("\u200b?"));
    }
  }
  const prefixes = matched.filter((c) => !c.grams).map((c) => c.key);
  const hanPattern = han.length ? new RegExp(han.join("|"), "g") : null;
  return (text) => {
    let out = "", at = 0;
    const separator = new RegExp(index.separator.source, "g");
    const word = (start, end) => {
      const value = text.slice(start, end);
      const lower = value.toLowerCase();
      if (prefixes.some((p) => lower.startsWith(p))) return `<mark>${value}</mark>`;
      return hanPattern ? value.replace(hanPattern, "<mark>$&</mark>") : value;
    };
    let match;
    while ((match = separator.exec(text)) !== null) {
      if (match[0].length === 0) { separator.lastIndex++; continue; }
      out += word(at, match.index) + match[0];
      at = match.index + match[0].length;
    }
    return out + word(at, text.length);
  };
}

/** The HTML's top-level blocks (as Material's extract cuts them). */
function blocks(html) {
  const found = [];
  let depth = 0, start = 0;
  const tag = /<(\/?)[^>]*?(\/?)>/g;
  let match;
  while ((match = tag.exec(html)) !== null) {
    if (match[1]) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) { found.push(html.slice(start, tag.lastIndex)); start = tag.lastIndex; }
    } else if (!match[2]) {
      if (depth === 0 && match.index > start && html.slice(start, match.index).trim()) {
        found.push(html.slice(start, match.index));
        start = match.index;
      }
      depth++;
    }
  }
  if (start < html.length && html.slice(start).trim()) found.push(html.slice(start));
  return found;
}

/** Marks in the HTML's text (not in its tags). */
function markHtml(html, mark) {
  return html.split(/(<[^>]*>)/).map((part, i) => (i % 2 ? part : mark(part))).join("");
}

function highlightText(html, mark) {
  const marked = [];
  for (const block of blocks(html)) {
    const done = markHtml(block, mark);
    if (done !== block && marked.push(done) === 2) break;
  }
  return marked.length ? marked.join("") : html;
}

/** The result of a query; null when stale() says a newer query came meanwhile (its
 *  sections' chunks are then not fetched). */
async function search(query, stale = () => false) {
  const wanted = clauses(query.trim());
  if (!wanted.length) return { items: [] };
  const postings = await Promise.all(wanted.map(lookup));
  if (stale()) return null;
  const totals = new Map();
  wanted.forEach((clause, c) => {
    for (const [doc, { score, title, full }] of scoreClause(clause, postings[c])) {
      const entry = totals.get(doc) ||
        { score: 0, matched: new Set(), touched: new Set(), title: 0 };
      entry.score += score;
      entry.title += title;
      entry.touched.add(c);
      if (full) entry.matched.add(c);
      totals.set(doc, entry);
    }
  });
  const ranked = [...totals].map(([doc, entry]) => {
    const boost = +(pageOf(doc) === doc) + entry.matched.size / wanted.length;
    return { doc, ...entry, score: entry.score * (1 + boost ** 2) };
  }).sort((a, b) => b.score - a.score || a.doc - b.doc);
  const groups = new Map();
  for (const hit of ranked) {
    const page = pageOf(hit.doc);
    if (!groups.has(page)) {
      if (groups.size === index.maxPages) continue;
      groups.set(page, []);
    }
    const group = groups.get(page);
    if (group.length < index.maxSections) group.push(hit);
  }
  const needed = new Set();
  for (const [page, hits] of groups) {
    needed.add(page);
    hits.forEach((hit) => needed.add(hit.doc));
  }
  const records = new Map();
  await Promise.all([...needed].map(async (doc) => records.set(doc, await section(doc))));
  const items = [];
  for (const [page, hits] of groups) {
    const group = hits.map((hit) => {
      const [location, title, text] = records.get(hit.doc);
      const matched = wanted.filter((_, c) => hit.touched.has(c));
      const mark = marker(matched);
      const terms = {};
      wanted.forEach((clause, c) => {  // a stop word missed is not named (as Material)
        if (hit.matched.has(c)) terms[clause.key] = true;
        else if (!index.stop.has(clause.key)) terms[clause.key] = false;
      });
      return {
        location,
        title: markHtml(title, mark),
        text: highlightText(text, mark),
        score: hit.score,
        terms,
      };
    });
    if (!hits.some((hit) => hit.doc === page)) {
      const [location, title, text] = records.get(page);
      group.push({ location, title, text, score: 0, terms: {} });
    }
    items.push(group);
  }
  const result = { items };
  if (index.suggest) result.suggest = suggestion(wanted, postings, ranked);
  return result;
}

/** The word of a title to complete the last one typed with: the shortest of the last
 *  clause's terms in the title of the best section matching it there. */
function suggestion(wanted, postings, ranked) {
  const c = wanted.length - 1;
  const best = ranked.find((hit) => hit.matched.has(c) && hit.title > 0);
  if (!best) return [];
  if (wanted[c].grams) return [wanted[c].key];
  let found = null;
  for (const [term, flat] of Object.entries(postings[c])) {
    for (let i = 0, doc = 0; i < flat.length && doc <= best.doc; i += 3) {
      doc += flat[i];
      if (doc === best.doc && flat[i + 1] > 0 && (!found || term.length < found.length)) {
        found = term;
      }
    }
  }
  return found ? [found] : [];
}

async function answer(query) {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  if (query !== latest) return;  // a newer query came: it is answered instead
  let data;
  try {
    data = await search(query, () => query !== latest);
    if (data === null) return;
  } catch (error) {
    console.warn(`search: ${query}: ${error}`);
    data = { items: [] };
  }
  if (query === latest) postMessage({ type: RESULT, data });
}

addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === SETUP) {
    setup(message.data);
    postMessage({ type: READY });
  } else if (message.type === QUERY) {
    latest = message.data;
    queue = queue.then(() => answer(message.data));
  }
});
