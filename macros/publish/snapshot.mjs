// Make a memory snapshot of Pyodide with the rules core imported (run by macros/publish/snapshot.py).
// Usage: node macros/publish/snapshot.mjs <site>/pyodide <out-file> [<base-file> [<new-base-file>]]
// Boots the published runtime (the same files the browser gets), installs the core wheel,
// imports the worker's entry point and runs every calculator once with its defaults (so the
// modules and data a first answer needs are already loaded), then writes Pyodide's memory.
// With <base-file> (a gzipped snapshot of Python just started, with the same runtime and
// standard library), Python is restored from it instead of started (2 to 3 s saved); with
// <new-base-file>, Python is started and that snapshot is written there (gzip level 1) first.
// The snapshot API is private in Pyodide 0.29 (`_makeSnapshot`, `makeMemorySnapshot`,
// `_loadSnapshot`), so macros/publish/snapshot.py checks the pinned version first, and the browser
// falls back to a normal boot if the snapshot does not load.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";

const [folder, out, base, newBase] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const manifest = JSON.parse(readFileSync(`${folder}/manifest.json`, "utf8"));
// The standard library the page boots with (macros/publish/stdlib.py), if the build trimmed it.
const stdLibURL = manifest.stdlib ? `${folder}/${manifest.stdlib}` : undefined;
const options = { indexURL: `${folder}/`, stdLibURL, _makeSnapshot: true };
if (base && !newBase) options._loadSnapshot = gunzipSync(readFileSync(base));
const pyodide = await loadPyodide(options);
if (newBase) writeFileSync(newBase, gzipSync(pyodide.makeMemorySnapshot(), { level: 1 }));
pyodide.unpackArchive(new Uint8Array(readFileSync(`${folder}/${manifest.wheel}`)), "wheel");
const failed = pyodide.runPython(`
import json
import calculators
from calculators.bridge import call
failed = [c["id"] for c in calculators.catalog() if not json.loads(call(c["id"], "{}"))["ok"]]
json.dumps(failed)
`);
if (JSON.parse(failed).length) {
  console.error(`calculators failed on their defaults: ${failed}`);
  process.exit(1);
}
writeFileSync(out, pyodide.makeMemorySnapshot());
