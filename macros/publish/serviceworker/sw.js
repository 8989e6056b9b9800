// Rulebinder service worker. This is the template: the build (macros/publish/offline.py,
// through build-sw.mjs and workbox-build's injectManifest) writes it to <site>/sw.js
// with its two file lists filled in, each entry {url, revision} with the URL relative
// to this worker (the site root):
//
//   PRECACHE  every page, asset, the search index, the sitemap, the web app manifest and
//             icons. Fetched when the worker installs (only entries whose revision this
//             browser does not have yet), then always answered from the cache.
//   RUNTIME   the Pyodide runtime and the rules-core wheel (with their sizes). Not fetched
//             at install, so a first visit to a page without a calculator downloads none
//             of it; cached as a calculator loads it, or all at once when the reader asks
//             ("Make available offline", a message from assets/offline.js).
//
// Cache keys carry the revision (`?__rev=`), so a rebuild that changes a file makes a new
// key, fetched by the new worker while the old one keeps serving the old page; entries no
// longer listed are deleted when the new worker takes over. A rebuild changes this file's
// bytes, so the browser installs the new worker and the open page is told (see offline.js).
"use strict";

const PRECACHE_ENTRIES = self.__WB_MANIFEST;
const RUNTIME_ENTRIES = self.__RB_RUNTIME;
const PRECACHE = "rulebinder-precache-v1";
const RUNTIME = "rulebinder-runtime-v1";
/** How many files are fetched at once when filling a cache. */
const PARALLEL = 6;

/**
 * The entries of a list with their absolute URL and cache key; `index` maps a request
 * URL (no query) to a cache key, `/dir/` standing for `/dir/index.html`.
 */
function plan(entries) {
  const files = [];
  const index = new Map();
  for (const { url, revision, size = 0 } of entries) {
    const absolute = new URL(url, self.location.href);
    const key = new URL(absolute.href);
    key.searchParams.set("__rev", revision || "");
    files.push({ url: absolute.href, key: key.href, size });
    index.set(absolute.href, key.href);
    if (absolute.pathname.endsWith("/index.html")) {
      index.set(new URL("./", absolute).href, key.href);
    }
  }
  return { files, index };
}

const precache = plan(PRECACHE_ENTRIES);
const runtime = plan(RUNTIME_ENTRIES);

/** A response the Cache API and a navigation can use (a redirected one cannot serve a page). */
async function storable(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Fetch one listed file (revalidating the HTTP cache) and store it under its key. */
async function store(cache, file) {
  const response = await fetch(file.url, { cache: "no-cache", credentials: "same-origin" });
  if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
  await cache.put(file.key, await storable(response));
}

/**
 * Put every file of `files` that `cacheName` lacks into it, PARALLEL at a time.
 * `progress(done, total, bytesDone, bytesTotal)` is called after each file. Rejects
 * when a file cannot be fetched (an install then fails, and the old worker stays).
 */
async function fill(cacheName, files, progress = () => {}) {
  const cache = await caches.open(cacheName);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const missing = files.filter((file) => !have.has(file.key));
  const bytesTotal = files.reduce((sum, file) => sum + file.size, 0);
  let bytesDone = bytesTotal - missing.reduce((sum, file) => sum + file.size, 0);
  let done = files.length - missing.length;
  progress(done, files.length, bytesDone, bytesTotal);
  const queue = missing.slice();
  async function lane() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      await store(cache, file);
      done += 1;
      bytesDone += file.size;
      progress(done, files.length, bytesDone, bytesTotal);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, lane));
}

/** Delete every entry of `cacheName` that is not a key of `files`. */
async function prune(cacheName, files) {
  const keep = new Set(files.map((file) => file.key));
  const cache = await caches.open(cacheName);
  for (const request of await cache.keys()) {
    if (!keep.has(request.url)) await cache.delete(request);
  }
}

/** How many listed files a cache holds. */
async function count(cacheName, files) {
  const cache = await caches.open(cacheName);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const cached = files.filter((file) => have.has(file.key));
  return {
    cached: cached.length,
    total: files.length,
    bytes: cached.reduce((sum, file) => sum + file.size, 0),
    bytesTotal: files.reduce((sum, file) => sum + file.size, 0),
  };
}

self.addEventListener("install", (event) => {
  // Waits (does not skipWaiting): an open page keeps its version until the reader
  // chooses to reload, unless this is the first worker of the site.
  event.waitUntil(fill(PRECACHE, precache.files));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await prune(PRECACHE, precache.files);
      await prune(RUNTIME, runtime.files);
      for (const name of await caches.keys()) {
        if (name.startsWith("rulebinder-") && ![PRECACHE, RUNTIME, VISITED].includes(name)) {
          await caches.delete(name);
        }
      }
      // Take the open pages (and their calculator workers) at once on a first install.
      await self.clients.claim();
    })(),
  );
});

/** Cache first: the stored response for `key`, else the network's (stored for next time). */
async function cacheFirst(event, cacheName, key) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") {
    const copy = await storable(response.clone());
    event.waitUntil(cache.put(key, copy).catch(() => {}));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Pages are looked up without their query: a calculator's inputs live there.
  url.search = "";
  url.hash = "";
  const page = precache.index.get(url.href);
  if (page) {
    event.respondWith(cacheFirst(event, PRECACHE, page));
    return;
  }
  const file = runtime.index.get(url.href);
  if (file) {
    event.respondWith(cacheFirst(event, RUNTIME, file));
    return;
  }
  // A rule's or a calculator's own page (macros/publish/share.py) is not precached: each
  // one a reader opens is kept, and served from there when the network fails.
  if (SHARED.test(url.pathname)) event.respondWith(networkFirst(event, VISITED, url.href));
});

const VISITED = "rulebinder-visited-v1";
const SHARED = /\/(rule|calc)\/[^/]+\/(index\.html)?$/;

/** The network's response (kept for later), else the kept one when the network fails. */
async function networkFirst(event, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(event.request);
    if (response.ok && response.type === "basic") {
      event.waitUntil(cache.put(key, await storable(response.clone())).catch(() => {}));
    }
    return response;
  } catch (error) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw error;
  }
}

// Messages from pages (assets/offline.js), each with a MessagePort to answer on:
//   {type: "status"}         -> {type: "status", precache: {...}, runtime: {...}}
//   {type: "cache-runtime", skip?: [text]}  (files whose URL holds a skipped text are left
//                            out) -> {type: "progress", done, total, bytes, bytesTotal}...,
//                               then {type: "done", ok, message?}
//   {type: "skip-waiting"}   (no answer): a waiting worker takes over; pages reload.
self.addEventListener("message", (event) => {
  const message = event.data || {};
  const port = event.ports[0];
  const answer = (data) => port && port.postMessage(data);
  if (message.type === "skip-waiting") {
    self.skipWaiting();
  } else if (message.type === "status") {
    event.waitUntil(
      Promise.all([count(PRECACHE, precache.files), count(RUNTIME, runtime.files)]).then(
        ([pages, engine]) => answer({ type: "status", precache: pages, runtime: engine }),
      ),
    );
  } else if (message.type === "cache-runtime") {
    event.waitUntil(
      fill(RUNTIME, runtime.files.filter((file) =>
        !(message.skip || []).some((text) => file.url.includes(text))),
      (done, total, bytes, bytesTotal) =>
        answer({ type: "progress", done, total, bytes, bytesTotal }),
      ).then(
        () => answer({ type: "done", ok: true }),
        (error) => answer({ type: "done", ok: false, message: String(error?.message ?? error) }),
      ),
    );
  }
});
