// Writes the site's service worker: workbox-build's injectManifest over the
// template sw.js (next to this script), called by macros/publish/offline.py at the end
// of every build. One argument, JSON: {siteDir, swSrc, swDest, maximumFileSizeToCacheInBytes,
// leaveOut, runtimeLeaveOut} (leaveOut: files of the site not to precache, e.g. unused
// search languages; runtimeLeaveOut: runtime files no reader needs offline, e.g. the whole
// standard library where the build trimmed it).
// Prints one line of JSON: {precache: {count, size}, runtime: {count, size}, warnings}.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

let workbox;
try {
  workbox = await import("workbox-build");
} catch (error) {
  console.error(
    `workbox-build is not installed (${error.code || error.message}); ` +
      "run `make setup` (npm ci) in the project folder",
  );
  process.exit(2);
}

const options = JSON.parse(process.argv[2]);
const common = {
  globDirectory: options.siteDir,
  maximumFileSizeToCacheInBytes: options.maximumFileSizeToCacheInBytes,
};

// The Pyodide runtime and the rules-core wheel: not precached (a first visit to a
// plain page must not download them), but listed with revisions for the runtime cache.
const runtime = await workbox.getManifest({
  ...common,
  globPatterns: ["pyodide/**/*"],
  globIgnores: options.runtimeLeaveOut || [],
});

// Everything else the site is made of: every page, asset, the search index, the
// sitemap, the web app manifest and icons. Source maps are for developers only.
const precache = await workbox.injectManifest({
  ...common,
  swSrc: options.swSrc,
  swDest: options.swDest,
  globPatterns: ["**/*"],
  globIgnores: ["pyodide/**", "**/*.map", "sw.js", ...(options.leaveOut || [])],
});

// Fill in the second list ourselves (injectManifest fills one injection point).
const placeholder = "self.__RB_RUNTIME";
const worker = readFileSync(options.swDest, "utf8");
if (worker.split(placeholder).length !== 2) {
  console.error(`${options.swSrc}: ${placeholder} must appear exactly once`);
  process.exit(1);
}
// A file named by the key of what it is made from (the memory snapshot) keeps that key as
// its revision (macros/publish/precache.py, KEYED_NAME: the same pattern, passed in).
const keyed = new RegExp(options.keyedName);
const entries = runtime.manifestEntries.map(({ url, revision }) => ({
  url,
  revision: keyed.exec(url)?.[1] ?? revision,
  size: statSync(join(options.siteDir, url)).size,
}));
writeFileSync(options.swDest, worker.replace(placeholder, () => JSON.stringify(entries)));

console.log(
  JSON.stringify({
    precache: { count: precache.count, size: precache.size },
    runtime: { count: runtime.count, size: runtime.size },
    warnings: [...runtime.warnings, ...precache.warnings],
  }),
);
